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

/// The words that follow clap's refusal of `--game` (`unexpected argument
/// '--game' found`) when the command given takes `--ruleset` instead: the
/// option a user guesses for the game, pointed at the one there is, with
/// the games it takes. `argv` is the whole command line; `None` for any
/// other refusal, or a command without `--ruleset`.
pub(crate) fn game_hint(e: &clap::Error, argv: &[String]) -> Option<String> {
    use clap::CommandFactory;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    if given.split('=').next() != Some("--game") {
        return None;
    }
    // The subcommand named before the refused option.
    let mut cmd = super::Cli::command();
    for word in argv.iter().skip(1).take_while(|w| *w != given) {
        if let Some(sub) = cmd.find_subcommand(word) {
            cmd = sub.clone();
        }
    }
    let ruleset = cmd
        .get_arguments()
        .find(|a| a.get_long() == Some("ruleset"))?;
    let games: Vec<String> = ruleset
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    Some(if games.is_empty() {
        "the game is chosen with --ruleset".to_string()
    } else {
        format!("the game is chosen with --ruleset ({})", games.join(", "))
    })
}

/// The value parser of a whole-number option from `lo` to `hi` (`hi` of
/// `u64::MAX`: no upper bound). A refusal says the range in words, as
/// `--sets` and the docs do (`0 is out of range; expected a whole number
/// from 10 to 1200`), where clap's ranged parser wrote Rust's range syntax
/// (`0 is not in 10..=1200`, and `1..18446744073709551615` for no bound).
pub(crate) fn whole<T>(
    lo: u64,
    hi: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    move |s: &str| {
        let want = if hi == u64::MAX {
            format!("a whole number, {lo} or more")
        } else {
            format!("a whole number from {lo} to {hi}")
        };
        let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        match s.parse::<u64>() {
            Ok(n) if (lo..=hi).contains(&n) => {
                T::try_from(n).map_err(|_| format!("{n} is too large; expected {want}"))
            }
            Ok(n) => Err(format!("{n} is out of range; expected {want}")),
            Err(_) if digits => Err(format!("the number is too large; expected {want}")),
            Err(_) if s.is_empty() => Err(format!("expected {want}, got nothing")),
            Err(_) => Err(format!("expected {want}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_number_out_of_range_is_refused_in_words() {
        let dpi = whole::<u32>(10, 1200);
        assert_eq!(dpi("150"), Ok(150));
        assert_eq!(
            dpi("5"),
            Err("5 is out of range; expected a whole number from 10 to 1200".into())
        );
        assert_eq!(
            dpi("abc"),
            Err("expected a whole number from 10 to 1200".into())
        );
        assert_eq!(
            dpi(""),
            Err("expected a whole number from 10 to 1200, got nothing".into())
        );
        assert_eq!(
            dpi("99999999999999999999"),
            Err("the number is too large; expected a whole number from 10 to 1200".into())
        );
        let count = whole::<u64>(1, u64::MAX);
        assert_eq!(
            count("0"),
            Err("0 is out of range; expected a whole number, 1 or more".into())
        );
        assert_eq!(count("18446744073709551615"), Ok(u64::MAX));
    }

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
