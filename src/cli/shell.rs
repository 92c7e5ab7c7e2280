//! `tilecrawl completions SHELL`, `tilecrawl man` and `tilecrawl schema
//! NAME`: the shell's tab completion script and the manual page, both made
//! from the same clap definition the command parses with, and the JSON
//! Schema of a file kind, printed on standard output.

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, CommandFactory, ValueEnum};
use std::ffi::OsStr;
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
    let script = style_files_too(shell, String::from_utf8(out)?);
    std::io::stdout().lock().write_all(script.as_bytes())?;
    Ok(())
}

/// A value parser that offers `names` to the shells' tab completion while
/// `inner` alone decides what is accepted: `--style` offers `color` and
/// `ink` and still takes a style file, `--print` offers the named papers
/// and still takes `210x297mm`. clap reads the offer as the option's
/// possible values, so the option sets `hide_possible_values`: its help
/// says in its own words what it takes (and the manual page with it).
#[derive(Clone)]
pub(crate) struct Offered<P> {
    inner: P,
    names: Vec<String>,
}

impl<P: TypedValueParser> TypedValueParser for Offered<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.inner.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.names.iter().map(|n| PossibleValue::new(n.clone())),
        ))
    }
}

/// `inner`, offering `names` to tab completion.
pub(crate) fn offered<P: TypedValueParser>(
    inner: P,
    names: impl IntoIterator<Item = impl Into<String>>,
) -> Offered<P> {
    Offered {
        inner,
        names: names.into_iter().map(Into::into).collect(),
    }
}

/// `--print`: a paper [`Paper::parse`] takes; the named sizes are offered.
///
/// [`Paper::parse`]: tilecrawl::export::paper::Paper::parse
pub(crate) fn paper_parser()
-> Offered<impl TypedValueParser<Value = tilecrawl::export::paper::Paper>> {
    use tilecrawl::export::paper::Paper;
    offered(
        |s: &str| Paper::parse(s).map_err(|e| e.to_string()),
        Paper::NAMED.map(Paper::name),
    )
}

/// `--style`: `color`, `ink` or a style file; the two built-in styles are
/// offered (bash still completes a file name when neither fits, and fish
/// and zsh offer files beside them: see [`style_files_too`]).
pub(crate) fn style_parser() -> Offered<clap::builder::PathBufValueParser> {
    offered(
        clap::builder::PathBufValueParser::new(),
        tilecrawl::export::style::BUILTIN,
    )
}

/// `--mission`: one mission word or several joined with `+`; offered are
/// every mission's canonical text (`rescue`, `rescue+timed`,
/// `rescue+timed+split-up` …) and the two modifiers alone, for a repeated
/// flag.
pub(crate) fn mission_parser() -> Offered<impl TypedValueParser<Value = String>> {
    use tilecrawl::mkd::mission::{Goal, Mission};
    let mut names = Vec::new();
    for goal in Goal::ALL {
        for (timed, split_up) in [(false, false), (true, false), (false, true), (true, true)] {
            names.push(
                Mission {
                    goal,
                    timed,
                    split_up,
                }
                .to_string(),
            );
        }
    }
    names.extend(["timed".to_string(), "split-up".to_string()]);
    // One value is checked on its own (unknown words, two goals in one
    // value); the flags together by `Mission::from_words` after clap.
    let word = |s: &str| {
        Mission::parse(s)
            .map(|_| s.to_string())
            .map_err(|e| e.to_string())
    };
    offered(word, names)
}

/// The fish and zsh scripts offer style files beside `color` and `ink`
/// (clap_complete gives an option its possible values or files, not both):
/// fish's `-F` adds the files to the words, zsh's `_alternative` (called
/// as is, the leading space) offers both. Bash needs nothing: its script
/// falls back on file names when no offered word fits (`-o default`).
fn style_files_too(shell: clap_complete::Shell, script: String) -> String {
    let builtin = tilecrawl::export::style::BUILTIN;
    match shell {
        clap_complete::Shell::Fish => script
            .lines()
            .map(|l| {
                if l.contains(" -l style ") {
                    l.replacen(" -r -f -a ", " -r -F -a ", 1)
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
            + "\n",
        clap_complete::Shell::Zsh => script.replace(
            &format!(":NAME|FILE:({})'", builtin.join(" ")),
            &format!(
                ":NAME|FILE: _alternative \"styles\\:style\\:({})\" \"files\\:style file\\:_files\"'",
                builtin.join(" ")
            ),
        ),
        _ => script,
    }
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
