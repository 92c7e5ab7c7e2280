//! The `tilecrawl` command: parses the command line, runs the subcommand, and
//! turns errors into one `error:` line and an exit code (1 for bad input or a
//! failed job, 2 for bad usage).

mod cli;

use clap::Parser;
use std::process::ExitCode;

// See Cargo.toml: a faster allocator for the many small vectors of layout
// and analysis. Output does not depend on it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let color = args.color_errors();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`tilecrawl ... | head`) is not an error.
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            let msg = format!("{e:#}").replace('\n', " ");
            // Bold red like clap's own `error:`.
            let label = if color {
                "\x1b[1m\x1b[31merror:\x1b[0m"
            } else {
                "error:"
            };
            eprintln!("{label} {msg}");
            ExitCode::from(1)
        }
    }
}
