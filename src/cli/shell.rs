//! `tilecrawl completions SHELL`, `tilecrawl man` and `tilecrawl schema
//! NAME`: the shell's tab completion script and the manual page, both made
//! from the same clap definition the command parses with, and the JSON
//! Schema of a file kind, printed on standard output.

use clap::{Args, CommandFactory, ValueEnum};
use std::io::Write;

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
}

/// Options of `tilecrawl completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    shell: Shell,
    /// Accepted as on every command; the script is the output, so it is
    /// printed all the same.
    #[arg(long, short)]
    quiet: bool,
}

/// Options of `tilecrawl man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Accepted as on every command; the page is the output, so it is
    /// printed all the same.
    #[arg(long, short)]
    quiet: bool,
}

/// Prints the completion script.
pub fn completions(a: CompletionsArgs) -> anyhow::Result<()> {
    let mut cmd = super::Cli::command();
    let shell = match a.shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
        Shell::Powershell => clap_complete::Shell::PowerShell,
    };
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "tilecrawl", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// Prints the manual page (roff), the subcommands' pages after the main one.
pub fn man(_: ManArgs) -> anyhow::Result<()> {
    // Built, so the global options (`--color`) are on every subcommand's
    // page, as on its --help.
    let mut cmd = super::Cli::command();
    cmd.build();
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut out)?;
    sub_pages(&cmd, "tilecrawl", "tilecrawl", &mut out)?;
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// The page of every subcommand of `cmd`, and of theirs in turn (`campaign
/// next`, `warparty new`, `batch merge`…), each after its parent's: named
/// `PAGE-SUB` as the parent's SUBCOMMANDS section names it, its synopsis
/// the command as typed (`tilecrawl campaign next`).
fn sub_pages(
    cmd: &clap::Command,
    page: &str,
    typed: &str,
    out: &mut Vec<u8>,
) -> std::io::Result<()> {
    for sub in cmd.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let name = format!("{page}-{}", sub.get_name());
        let as_typed = format!("{typed} {}", sub.get_name());
        let sub = sub
            .clone()
            .display_name(name.clone())
            .bin_name(as_typed.clone())
            .version(env!("CARGO_PKG_VERSION"));
        clap_mangen::Man::new(sub.clone())
            .title(name.clone())
            .source(format!("tilecrawl {}", env!("CARGO_PKG_VERSION")))
            .render(out)?;
        sub_pages(&sub, &name, &as_typed, out)?;
    }
    Ok(())
}

/// Options of `tilecrawl schema`.
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// The kind of file (leave it out for the list).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(
        tilecrawl::schema::KINDS.map(|k| k.name)
    ))]
    name: Option<String>,
    /// Accepted as on every command; the schema is the output, so it is
    /// printed all the same.
    #[arg(long, short)]
    quiet: bool,
}

/// Prints a kind's JSON Schema, or the kinds there are.
pub fn schema(a: SchemaArgs) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match a.name.as_deref().and_then(tilecrawl::schema::kind) {
        Some(k) => out.write_all(tilecrawl::schema::to_json(k).as_bytes())?,
        None => {
            for k in &tilecrawl::schema::KINDS {
                writeln!(out, "{:<10} {} (format: {})", k.name, k.what, k.format)?;
            }
        }
    }
    Ok(())
}
