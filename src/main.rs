//! The `tilecrawl` command: parses the command line, runs the subcommand, and
//! turns errors into one `error:` line and an exit code (1 for bad input or a
//! failed job, 2 for bad usage).

mod cli;

use clap::Parser as _;
use std::process::ExitCode;

// See Cargo.toml: a faster allocator for the many small vectors of layout
// and analysis. Output does not depend on it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// clap's refusal of the command line, with Rust's number-parsing words
/// (`invalid digit found in string`) said the way a user would.
fn usage_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let text = e
        .to_string()
        .replace(
            "invalid digit found in string",
            "expected a whole number (digits only)",
        )
        .replace(
            "number too large to fit in target type",
            "the number is too large",
        )
        .replace(
            "cannot parse integer from empty string",
            "expected a whole number, got nothing",
        )
        .replace("invalid float literal", "expected a number");
    eprint!("{text}");
    std::process::exit(e.exit_code());
}

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => usage_error(e),
    };
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
