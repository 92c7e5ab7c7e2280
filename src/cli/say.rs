//! Printing for the subcommands: every line to standard output goes through
//! [`outln!`] or [`out!`], which escape control characters (a tile set's name
//! or a typed line cannot act on the terminal) and return a failed write as
//! an error (`tilecrawl generate >/dev/full` exits 1 instead of panicking,
//! as `println!` does). [`warnln!`] writes a warning to standard error,
//! escaped and bounded, and never fails the command. [`progress_bar`] is
//! the progress bar on standard error of every long command (`batch`, and
//! as [`runs_bar`] `simulate`, `generate --simulate` and `campaign next
//! --win-rate`), the same for every game.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressStyle};
use std::io::Write;
use tilecrawl::core::text::counted;

/// Writes `text` and a line break to standard output, controls escaped.
pub(crate) fn out_line(text: &str) -> std::io::Result<()> {
    let mut o = std::io::stdout().lock();
    o.write_all(tilecrawl::core::text::escape_controls_keep_lines(text).as_bytes())?;
    o.write_all(b"\n")
}

/// Writes `text` to standard output, controls escaped.
pub(crate) fn out_text(text: &str) -> std::io::Result<()> {
    std::io::stdout()
        .lock()
        .write_all(tilecrawl::core::text::escape_controls_keep_lines(text).as_bytes())
}

/// Writes one warning line to standard error; a failure to write it is
/// ignored (the warning is advice, the command goes on).
pub(crate) fn warn_line(text: &str) {
    let _ = writeln!(
        std::io::stderr().lock(),
        "{}",
        tilecrawl::core::text::message_line(text, tilecrawl::core::text::MAX_MESSAGE_CHARS)
    );
}

/// The progress bar every long command draws on standard error: `len`
/// steps counted in `unit` (`runs`, `adventures`), then its message (empty
/// unless set: a batch's playthroughs, a campaign's candidate) and the
/// times. Hidden when `hidden` (`-q`, `--json`), and drawn only when
/// standard error is a terminal, so a pipe, a file or a test sees nothing.
pub(crate) fn progress_bar(len: u64, unit: &str, hidden: bool) -> ProgressBar {
    if hidden {
        return ProgressBar::hidden();
    }
    // indicatif draws nothing when stderr is not a terminal.
    // Cleared however the command ends (an error line then starts a
    // clean line).
    let b = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr())
        .with_finish(ProgressFinish::AndClear);
    b.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {unit}  {{rate}}  {{msg}}{{elapsed}} elapsed, {{eta}} left"
        ))
        .map(|s| s.with_key("rate", rate))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    b
}

/// Steps a second as a person reads them: whole above 10 (`350/s`), one
/// decimal below (`2.1/s`), not indicatif's four.
fn rate(state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write) {
    let r = state.per_sec();
    let _ = if r >= 10.0 {
        write!(w, "{r:.0}/s")
    } else {
        write!(w, "{r:.1}/s")
    };
}

/// The bar shown while `runs` runs are played, one step a run, in every
/// game: by `simulate`, `generate --simulate` and `campaign next
/// --win-rate` ([`progress_bar`]).
pub(crate) fn runs_bar(runs: u32, hidden: bool) -> ProgressBar {
    progress_bar(u64::from(runs), "runs", hidden)
}

/// `println!` that returns a failed write (use with `?`) and escapes controls.
macro_rules! outln {
    () => {
        $crate::cli::say::out_line("")
    };
    ($($arg:tt)*) => {
        $crate::cli::say::out_line(&format!($($arg)*))
    };
}

/// `print!` that returns a failed write (use with `?`) and escapes controls.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::say::out_text(&format!($($arg)*))
    };
}

/// `eprintln!` for a warning: escaped, bounded, never fails.
macro_rules! warnln {
    ($($arg:tt)*) => {
        $crate::cli::say::warn_line(&format!($($arg)*))
    };
}

/// A path or word quoted for a POSIX shell when it needs it (for the
/// commands a step prints for the next one).
pub(crate) fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./,+=:@".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// A candidate's win rate as `campaign next --win-rate` shows it: with the
/// index's places (`0.6667`), the number its band compares.
fn rate_shown(w: f64) -> String {
    use tilecrawl::core::stats::{RATE_DECIMALS, fixed};
    fixed(w, RATE_DECIMALS)
}

/// The message of `campaign next --win-rate`'s bar while it plays a
/// candidate, `tried` of them passed over already.
pub(crate) fn candidate_words(tried: usize, max_attempts: u32) -> String {
    format!("candidate {} of at most {max_attempts}  ", tried + 1)
}

/// What `campaign next --win-rate` says of the candidates: the seeds passed
/// over with their win rates (if any), then how the kept one plays.
pub(crate) fn rating_lines(
    band: tilecrawl::core::stats::WinRateBand,
    missed: &[(u64, f64)],
    words: &str,
) -> Vec<String> {
    let mut lines = Vec::new();
    if !missed.is_empty() {
        lines.push(format!(
            "tried {} whose win rate fell outside {band}: {}",
            counted(missed.len() as u64, "other seed", "other seeds"),
            missed
                .iter()
                .map(|(s, w)| format!("{s} ({})", rate_shown(*w)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    lines.push(format!("plays: {words}"));
    lines
}

/// Why `campaign next --win-rate` gave up: none of `tries` candidates
/// (`what`: adventure or scenario) played in the band for the campaign's
/// heroes, each rate listed.
pub(crate) fn no_candidate(
    what: &str,
    tries: u32,
    band: tilecrawl::core::stats::WinRateBand,
    campaign: &str,
    runs: u32,
    missed: &[(u64, f64)],
) -> String {
    format!(
        "no {what} in {tries} tries played in --win-rate {band} for the heroes of campaign {campaign} over {runs} runs each (win rates {}); widen the band or raise --max-attempts",
        missed
            .iter()
            .map(|(_, w)| rate_shown(*w))
            .collect::<Vec<_>>()
            .join(", ")
    )
}
