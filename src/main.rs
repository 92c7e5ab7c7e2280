//! The `tilecrawl` command: parses the command line, runs the subcommand, and
//! turns errors into one `error:` line and an exit code (1 for bad input or a
//! failed job, 2 for bad usage: clap's refusals and `cli::usage`'s).

mod cli;

use clap::Parser as _;
use std::io::Write as _;
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
    let text = shorten_clap_value(&e.to_string())
        .replace("invalid digit found in string", "expected a whole number")
        .replace(
            "number too large to fit in target type",
            "the number is too large",
        )
        .replace(
            "cannot parse integer from empty string",
            "expected a whole number, got nothing",
        )
        .replace("invalid float literal", "expected a number");
    let text = fold_error_lines(&text);
    // `--game` for `--ruleset`: the line points at the option there is
    // (and any similar name clap found, as `--gm-map`, goes).
    let argv: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let text = match cli::usage::game_hint(&e, &argv) {
        Some(hint) => {
            let first = text.lines().next().unwrap_or_default();
            let first = first.split("; ").next().unwrap_or(first);
            let rest: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
            format!("{first}; {hint}\n{rest}")
        }
        None => text,
    };
    // A value given on the command line may be huge or hold control
    // characters: each line is escaped and bounded.
    let text: String = text
        .lines()
        .map(|l| {
            tilecrawl::core::text::message_line(l, tilecrawl::core::text::MAX_MESSAGE_CHARS) + "\n"
        })
        .collect();
    let _ = write!(std::io::stderr().lock(), "{text}");
    std::process::exit(e.exit_code());
}

/// clap lists what a refusal names (the arguments missing, say) on
/// indented lines under its `error:` line: they are folded into that line,
/// so the one `error:` line says what is wrong. A `Usage:` block is left
/// out (the `--help` hint after it stays), so every refusal reads the same:
/// the `error:` line, a blank line, the hint. clap's `tip:` lines join the
/// `error:` line too (`unexpected argument '--rns' found; a similar
/// argument exists: '--runs'`), except the one that says to pass an
/// option as a value after `--` (`render x.yaml --sets 3`): no tilecrawl
/// value begins with `-`, so it only ever led astray.
fn fold_error_lines(text: &str) -> String {
    let mut lines = text.lines();
    let mut first = lines.next().unwrap_or_default().to_string();
    let mut rest: Vec<&str> = Vec::new();
    let mut folding = true;
    let mut in_usage = false;
    for l in lines {
        if in_usage {
            // The usage's other lines, and the blank line that ends it.
            in_usage = !l.is_empty();
        } else if let Some(tip) = l.trim_start().strip_prefix("tip: ") {
            if !tip.contains("use '-- ") {
                first.push_str("; ");
                first.push_str(tip.trim());
            }
        } else if l.is_empty() && rest.last().is_some_and(|r| r.is_empty()) {
            // The blank line a tip left behind.
        } else if folding && l.starts_with("  ") {
            first.push(' ');
            first.push_str(l.trim());
        } else if l.starts_with("Usage:") {
            folding = false;
            in_usage = true;
        } else {
            folding = false;
            rest.push(l);
        }
    }
    std::iter::once(first.as_str())
        .chain(rest)
        .fold(String::new(), |t, l| t + l + "\n")
}

/// clap quotes a refused value whole (`invalid value '…' for '--mission
/// <MISSION>'`): a long one is cut to an excerpt, so the line still names
/// the option.
fn shorten_clap_value(text: &str) -> String {
    const HEAD: &str = "invalid value '";
    let Some(start) = text.find(HEAD).map(|i| i + HEAD.len()) else {
        return text.to_string();
    };
    let Some(len) = text[start..].find("' for '") else {
        return text.to_string();
    };
    format!(
        "{}{}{}",
        &text[..start],
        tilecrawl::core::text::excerpt(&text[start..start + len], 40),
        &text[start + len..]
    )
}

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => usage_error(e),
    };
    let color = args.color_errors();
    // What is still buffered for standard output is written now, so a full
    // disk or a closed pipe is an error of the command, not lost at exit.
    let result = cli::run(args).and_then(|()| Ok(std::io::stdout().flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`tilecrawl ... | head`) is not an error.
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            // One line of bounded length, controls escaped: what a file or a
            // command line held cannot act on the terminal or flood it.
            // A bare I/O error is a write to standard output or error (every
            // file write names its file): say so.
            let bare_io = e.chain().count() == 1 && e.downcast_ref::<std::io::Error>().is_some();
            let text = if bare_io {
                format!("cannot write the output: {e}")
            } else {
                format!("{e:#}")
            };
            let msg = tilecrawl::core::text::message_line(
                &text.replace('\n', " "),
                tilecrawl::core::text::MAX_ERROR_CHARS,
            );
            // Bold red like clap's own `error:`.
            let label = if color {
                "\x1b[1m\x1b[31merror:\x1b[0m"
            } else {
                "error:"
            };
            // Bad usage (`cli::usage`) exits 2 with clap's pointer to
            // --help under its line, as clap's own refusals do.
            let usage = cli::usage::is_usage(&e);
            let hint = if usage {
                "\n\nFor more information, try '--help'."
            } else {
                ""
            };
            // Standard error may be full or closed too: the exit code still says it.
            let _ = writeln!(std::io::stderr().lock(), "{label} {msg}{hint}");
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fold_error_lines;

    #[test]
    fn clap_tips_join_the_error_line_and_the_dash_dash_one_goes() {
        let similar = "error: unexpected argument '--rns' found\n\n  tip: a similar argument exists: '--runs'\n\nUsage: tilecrawl simulate <SCENARIO>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            fold_error_lines(similar),
            "error: unexpected argument '--rns' found; a similar argument exists: '--runs'\n\nFor more information, try '--help'.\n"
        );
        let dashes = "error: unexpected argument '--sets' found\n\n  tip: to pass '--sets' as a value, use '-- --sets'\n\nUsage: tilecrawl render [OPTIONS] <SCENARIO>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            fold_error_lines(dashes),
            "error: unexpected argument '--sets' found\n\nFor more information, try '--help'.\n"
        );
    }
}
