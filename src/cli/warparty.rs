//! `tilecrawl warparty new|check`: Dungeons Dark & Dangerous war-parties.

use clap::{Args, Subcommand};
use std::path::PathBuf;
use tilecrawl::ddd::warparty;

/// `tilecrawl warparty`.
#[derive(Debug, Subcommand)]
pub(crate) enum WarpartyCommand {
    /// Write a balanced war-party of ten models (Dungeons Dark & Dangerous).
    New(NewArgs),
    /// Check a war-party file: one `error:` line per problem.
    Check(CheckArgs),
}

#[derive(Debug, Args)]
pub(crate) struct NewArgs {
    /// Seed. Default: a new one, printed.
    #[arg(long)]
    seed: Option<u64>,
    /// The file to write (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The party's name (its models are NAME 1 … NAME 10).
    #[arg(long, default_value = "War-party")]
    name: String,
    /// Replace the file if it exists.
    #[arg(long)]
    force: bool,
}

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// The war-party file.
    file: PathBuf,
}

pub(crate) fn run(c: WarpartyCommand) -> anyhow::Result<()> {
    match c {
        WarpartyCommand::New(a) => {
            if a.name.trim().is_empty() || a.name.chars().count() > warparty::MAX_NAME - 3 {
                anyhow::bail!("--name: 1 to {} characters", warparty::MAX_NAME - 3);
            }
            let seed = a.seed.unwrap_or_else(super::generate::fresh_seed);
            let w = warparty::new(seed, &a.name);
            let text = warparty::to_yaml(&w);
            if a.out.as_os_str() == "-" {
                out!("{text}")?;
                return Ok(());
            }
            if a.out.exists() && !a.force {
                anyhow::bail!("{} exists; add --force to replace it", a.out.display());
            }
            tilecrawl::core::fs::write_atomic(&a.out, text.as_bytes())?;
            outln!("seed {seed}: wrote {}", a.out.display())?;
            Ok(())
        }
        WarpartyCommand::Check(a) => {
            let file = a.file.display().to_string();
            let text = warparty::read_text(&a.file)?;
            let w = warparty::parse(&text, &file)?;
            let problems = warparty::problems(&w);
            if problems.is_empty() {
                outln!("{file}: a legal war-party of ten models")?;
                return Ok(());
            }
            let (last, rest) = problems.split_last().expect("not empty");
            for p in rest {
                warnln!("error: {file}: {p}");
            }
            anyhow::bail!("{file}: {last}")
        }
    }
}
