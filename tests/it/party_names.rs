//! Party files through the real binary: a hero whose name was edited apart
//! from its World of Dungeons S sheet's is warned of by every command that
//! reads the file, in both games that play parties (the MKD party's `play`,
//! `simulate` and `campaign new` are in `characters.rs`).

use crate::common::{Run, run_in as run, run_ok as ok};
use std::path::Path;

/// The one warning the renamed hero gives (the first hero of `party new
/// --seed 3`, Lirien, renamed Rook on line 7).
const WARNING: &str = "warning: party.yaml: line 7: hero `Rook` is named `Lirien` in its wod_s sheet; the hero's name `Rook` is used";

/// The same for the MKD party of `party new --seed 3`, Lirien on line 9.
const MKD_WARNING: &str = "warning: party.yaml: line 9: hero `Rook` is named `Lirien` in its wod_s sheet; the hero's name `Rook` is used";

/// How many of `r`'s standard error lines are the warning.
fn warned(r: &Run) -> usize {
    warned_as(r, WARNING)
}

/// How many of `r`'s standard error lines are `warning`.
fn warned_as(r: &Run, warning: &str) -> usize {
    r.stderr.lines().filter(|l| *l == warning).count()
}

/// Runs `args` then `args` with `-q`: both succeed, the first with the one
/// warning on standard error, the second with none. The loud run.
fn warns_once_unless_quiet(d: &Path, args: &[&str]) -> Run {
    warns_once_unless_quiet_as(d, args, WARNING)
}

/// [`warns_once_unless_quiet`] with `warning` the line looked for.
fn warns_once_unless_quiet_as(d: &Path, args: &[&str], warning: &str) -> Run {
    let loud = run(d, args);
    assert_eq!(
        (loud.code, warned_as(&loud, warning)),
        (Some(0), 1),
        "{args:?}: {}",
        loud.stderr
    );
    let quiet_args: Vec<&str> = args.iter().copied().chain(["-q"]).collect();
    let quiet = run(d, &quiet_args);
    assert_eq!(
        (quiet.code, quiet.stderr.contains("warning: party.yaml")),
        (Some(0), false),
        "{quiet_args:?}: {}",
        quiet.stderr
    );
    loud
}

/// A hero renamed by hand in a `party new --for dungeon-world-10mm` party,
/// its `wod_s:` sheet left as it was: `play`, `simulate`, `campaign new`
/// and the ratings of `generate`, `render` and `batch` each print one
/// `warning:` line with the file, the line of the hero's name and both
/// names, exit 0 and play the hero by its own name; `-q` leaves the line
/// out, and the unedited party gives none.
#[test]
fn a_dw10_hero_renamed_apart_from_its_sheet_is_warned_of() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let dw = ["--ruleset", "dungeon-world-10mm"];
    let mut gen_args = vec![
        "generate", "--seed", "7", "--dpi", "20", "--out", "g7", "-q",
    ];
    gen_args.extend(dw);
    ok(d, &gen_args);
    ok(
        d,
        &[
            "party",
            "new",
            "--for",
            "dungeon-world-10mm",
            "--heroes",
            "2",
            "--seed",
            "3",
            "--out",
            "party.yaml",
            "-q",
        ],
    );
    let text = std::fs::read_to_string(d.join("party.yaml")).unwrap();
    let simulate = [
        "simulate",
        "g7/scenario.yaml",
        "--party",
        "party.yaml",
        "--runs",
        "2",
    ];
    let r = run(d, &simulate);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!r.stderr.contains("warning:"), "{}", r.stderr);
    let line = text
        .lines()
        .position(|l| l == "- name: Lirien")
        .map(|n| n + 1);
    assert_eq!(line, Some(7), "{text}");
    std::fs::write(
        d.join("party.yaml"),
        text.replacen("- name: Lirien\n", "- name: Rook\n", 1),
    )
    .unwrap();

    warns_once_unless_quiet(d, &simulate);

    std::fs::write(d.join("s.txt"), "status\n").unwrap();
    let play = [
        "play",
        "g7/scenario.yaml",
        "--party",
        "party.yaml",
        "--script",
        "s.txt",
        "--save",
        "s.yaml",
        "--force",
    ];
    let r = warns_once_unless_quiet(d, &play);
    assert!(
        r.stdout.contains("Rook") && !r.stdout.contains("Lirien"),
        "{}",
        r.stdout
    );
    // A resumed game was warned of when it began.
    let r = run(d, &["play", "--resume", "s.yaml", "--script", "s.txt"]);
    assert_eq!((r.code, warned(&r)), (Some(0), 0), "{}", r.stderr);

    let mut campaign = vec!["campaign", "new", "Rooks", "--party", "party.yaml"];
    campaign.extend(dw);
    campaign.extend(["--seed", "1", "--force"]);
    let r = warns_once_unless_quiet(d, &campaign);
    assert!(
        r.stdout.contains("Rook (") && !r.stdout.contains("Lirien"),
        "{}",
        r.stdout
    );

    let rated = ["--simulate", "2", "--party", "party.yaml"];
    let mut generate = vec![
        "generate", "--seed", "7", "--dpi", "20", "--out", "r7", "--force",
    ];
    generate.extend(dw);
    generate.extend(rated);
    warns_once_unless_quiet(d, &generate);
    let mut render = vec!["render", "g7/scenario.yaml", "--dpi", "20", "--force"];
    render.extend(rated);
    warns_once_unless_quiet(d, &render);
    let mut batch = vec![
        "batch", "--count", "1", "--only", "index", "--out", "b", "--force",
    ];
    batch.extend(dw);
    batch.extend(rated);
    warns_once_unless_quiet(d, &batch);
}

/// An MKD party's hero renamed by hand, its sheet left as it was: the
/// ratings of `generate`, `render` and `batch` (`--simulate --party`) each
/// print the one `warning:` line `play` prints, exit 0 and rate with the
/// file's party; `-q` leaves the line out, and the unedited party gives
/// none.
#[test]
fn an_mkd_hero_renamed_apart_from_its_sheet_is_warned_of_when_rating() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "generate", "--seed", "7", "--dpi", "20", "--out", "g7", "-q",
        ],
    );
    ok(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "2",
            "--seed",
            "3",
            "--out",
            "party.yaml",
            "-q",
        ],
    );
    let rated = ["--simulate", "2", "--party", "party.yaml"];
    let generate: Vec<&str> = [
        "generate", "--seed", "7", "--dpi", "20", "--out", "r7", "--force",
    ]
    .into_iter()
    .chain(rated)
    .collect();
    let r = run(d, &generate);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!r.stderr.contains("warning:"), "{}", r.stderr);
    let text = std::fs::read_to_string(d.join("party.yaml")).unwrap();
    assert!(text.contains("  - name: Lirien\n"), "{text}");
    std::fs::write(
        d.join("party.yaml"),
        text.replacen("  - name: Lirien\n", "  - name: Rook\n", 1),
    )
    .unwrap();
    warns_once_unless_quiet_as(d, &generate, MKD_WARNING);
    let render: Vec<&str> = ["render", "g7/scenario.yaml", "--dpi", "20", "--force"]
        .into_iter()
        .chain(rated)
        .collect();
    warns_once_unless_quiet_as(d, &render, MKD_WARNING);
    let batch: Vec<&str> = [
        "batch", "--count", "1", "--only", "index", "--out", "b", "--force",
    ]
    .into_iter()
    .chain(rated)
    .collect();
    warns_once_unless_quiet_as(d, &batch, MKD_WARNING);
}
