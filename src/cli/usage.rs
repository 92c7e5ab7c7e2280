//! Bad usage: a refusal of the command line itself, which exits with code
//! 2 as clap's own refusals do (docs/src/commands.md, "Errors and exit
//! codes"). Options that conflict, an option that needs another or does
//! not apply to the game chosen (by `--ruleset`, or by the file named), a
//! value out of range or not of its form: the fix is a different command
//! line. A file that is wrong, or a run that fails, is exit code 1.
//!
//! A check that clap cannot make while it parses (it needs two options
//! together, or the game a file names) returns [`usage!`]'s error; `main`
//! finds it in the error's chain and exits 2.

use std::fmt;

/// A refusal of the command line, with its one line of words.
#[derive(Debug)]
pub(crate) struct Usage(pub(crate) String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// Is this error (or anything in its chain) bad usage?
pub(crate) fn is_usage(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.is::<Usage>())
}

/// Bad usage from an error of the library about a value given on the
/// command line (an unknown `--species`, dice that do not parse): its
/// words kept, its exit code 2.
pub(crate) fn from(e: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(Usage(e.to_string()))
}

/// An [`anyhow::Error`] that is bad usage (exit 2), `format!`'s arguments.
macro_rules! usage {
    ($($arg:tt)*) => {
        anyhow::Error::new($crate::cli::usage::Usage(format!($($arg)*)))
    };
}

/// `bail!` for bad usage: returns [`usage!`]'s error.
macro_rules! bail_usage {
    ($($arg:tt)*) => {
        return Err(usage!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_is_found_under_context_and_nothing_else_is_usage() {
        let e: anyhow::Error = usage!("--kills needs --ruleset {}", "dungeon-world-10mm");
        assert!(is_usage(&e));
        assert_eq!(e.to_string(), "--kills needs --ruleset dungeon-world-10mm");
        assert!(is_usage(&e.context("seed 7")));
        assert!(is_usage(&from("bad dice")));
        assert!(!is_usage(&anyhow::anyhow!("x.yaml: line 1: bad")));
        let io = std::io::Error::other("disk full");
        assert!(!is_usage(&anyhow::Error::new(io)));
    }
}
