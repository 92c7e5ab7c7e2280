//! Bad usage exits 2 (docs/src/commands.md, "Errors and exit codes"): a
//! command line whose options conflict, need another option, do not apply
//! to the game chosen, or hold a value out of range is refused with its one
//! `error:` line and clap's pointer to `--help`, as clap's own refusals
//! are; a file that is wrong stays exit 1. The cases of the user audit
//! that exited 1, each with its words, and nothing written.

use crate::common::{Run, one_error_line, run_in, usage_error_line};
use std::path::Path;

/// Runs `args` in `dir` and checks bad usage with `needles`; nothing may
/// be written in `dir`.
fn refused(dir: &Path, args: &[&str], needles: &[&str]) -> Run {
    let r = run_in(dir, args);
    usage_error_line(&r, needles).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    let left: Vec<_> = std::fs::read_dir(dir).unwrap().collect();
    assert!(left.is_empty(), "{args:?} wrote {left:?}");
    r
}

#[test]
fn generate_options_that_need_another_or_do_not_apply_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let cases: &[(&[&str], &str)] = &[
        (
            &["generate", "--seed", "2", "--margin", "8", "--out", "z"],
            "error: --margin needs a paper size: add --print letter or --print a4",
        ),
        (
            &["generate", "--kills", "6"],
            "error: --kills is the Draken Master's kill target: it needs --ruleset dungeon-world-10mm",
        ),
        (
            &["generate", "--vtt-grid", "100"],
            "error: --vtt-grid 100 sets the image of the .dd2vtt file, which only --vtt writes: add --vtt",
        ),
        (
            &["generate", "--sets", "0"],
            "error: --sets is 0; expected 1 to 200",
        ),
        (
            &["generate", "--gm-map"],
            "error: --gm-map: an MKD Adventure's map hides nothing from the players (its doors are laid during play), so there is no game master's map; it is for dungeon-world-10mm and dd-and-d",
        ),
        (
            &["generate", "--ruleset", "dd-and-d", "--sets", "3"],
            "error: --sets is not an option of --ruleset dd-and-d (its board is set by --scenario, --board, --fair and the door options); leave it out",
        ),
    ];
    for (args, line) in cases {
        let r = refused(d, args, &[]);
        assert_eq!(r.stderr.lines().next(), Some(*line), "{args:?}");
    }
    // Errors about files stay exit 1 beside them: a style, a tile set, a
    // party that is not there.
    for (args, needle) in [
        (
            &["generate", "--style", "no-such-style.yaml", "--out", "o"][..],
            "no-such-style.yaml",
        ),
        (
            &["generate", "--tileset", "no-tiles.yaml", "--out", "o"],
            "no-tiles.yaml",
        ),
        (
            &["generate", "--simulate", "2", "--party", "nobody.yaml"],
            "nobody.yaml",
        ),
    ] {
        let r = run_in(d, args);
        one_error_line(&r, &[needle]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
}

#[test]
fn batch_options_that_need_another_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let r = refused(
        d,
        &[
            "batch", "--count", "2", "--only", "index", "--dpi", "300", "--out", "x",
        ],
        &[],
    );
    assert_eq!(
        r.stderr.lines().next(),
        Some(
            "error: --dpi shapes the maps and sheets, which --only index does not write; drop it or use --only all"
        )
    );
    let r = refused(
        d,
        &[
            "batch",
            "--count",
            "3",
            "--filter",
            "win_rate>=0.4",
            "--out",
            "x",
        ],
        &[],
    );
    assert_eq!(
        r.stderr.lines().next(),
        Some(
            "error: --filter win_rate>=0.4: the column win_rate comes from playing the adventures; add --simulate N (e.g. --simulate 200)"
        )
    );
}

/// The usage line ends with clap's own pointer to --help, the same as
/// clap's refusals, and honours `--color`.
#[test]
fn a_usage_error_reads_like_clap_s_own() {
    let tmp = tempfile::tempdir().unwrap();
    let ours = refused(tmp.path(), &["generate", "--kills", "6"], &["--kills"]);
    let clap = refused(tmp.path(), &["generate", "--dpi", "5"], &["--dpi"]);
    let tail = |r: &Run| r.stderr.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(tail(&ours), tail(&clap));
    assert_eq!(tail(&ours), "\nFor more information, try '--help'.");
    let r = run_in(
        tmp.path(),
        &["generate", "--kills", "6", "--color", "always"],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        r.stderr.starts_with("\x1b[1m\x1b[31merror:\x1b[0m --kills"),
        "{:?}",
        r.stderr
    );
}

/// `campaign new --ruleset` offers the games campaigns play, and clap
/// refuses the other by naming them.
#[test]
fn campaign_new_offers_and_takes_only_the_rulesets_of_campaigns() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let help = run_in(d, &["campaign", "new", "--help"]);
    assert_eq!(help.code, Some(0), "{help:?}");
    assert!(
        help.stdout
            .contains("[possible values: mkd-adventure, dungeon-world-10mm]"),
        "{}",
        help.stdout
    );
    assert!(!help.stdout.contains("dd-and-d"), "{}", help.stdout);
    let r = refused(
        d,
        &["campaign", "new", "X", "--ruleset", "dd-and-d"],
        &[
            "invalid value 'dd-and-d' for '--ruleset <RULESET>'",
            "[possible values: mkd-adventure, dungeon-world-10mm]",
        ],
    );
    assert!(!r.stderr.contains("campaigns are for"), "{}", r.stderr);
    // The two it offers still start a campaign.
    for (name, ruleset) in [("M", "mkd-adventure"), ("W", "dungeon-world-10mm")] {
        let r = run_in(
            d,
            &[
                "campaign",
                "new",
                name,
                "--ruleset",
                ruleset,
                "--seed",
                "1",
                "-q",
            ],
        );
        assert_eq!(r.code, Some(0), "{ruleset}: {r:?}");
        assert!(
            d.join("campaigns")
                .join(name)
                .join("campaign.yaml")
                .is_file()
        );
    }
}

/// A scenario that cannot be read is named as the file error it is (exit
/// 1), even beside an option of another game: with no file to read, the
/// game, and so whether the option applies, is unknown.
#[test]
fn a_missing_scenario_is_a_file_error_before_any_option_is_judged() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for args in [
        &["play", "missing.yaml", "--scaled-down"][..],
        &["play", "missing.yaml", "--warparty", "w.yaml"][..],
        &["simulate", "missing.yaml", "--scaled-down"][..],
        &["play", "missing.yaml"][..],
    ] {
        let r = run_in(d, args);
        let line = one_error_line(&r, &[]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert_eq!(
            line,
            "error: missing.yaml: cannot read a scenario: No such file or directory (os error 2)",
            "{args:?}"
        );
        assert_eq!(r.code, Some(1), "{args:?}");
    }
}

/// Found by a user's audit of play: `play -` played nothing and wrote a
/// save naming `-` that could not be resumed; `play SCENARIO --resume SAVE`
/// resumed the save and ignored the scenario without a word; `--ai` took
/// any word until the game began (and completion offered file names).
#[test]
fn play_refuses_a_scenario_from_standard_input_a_scenario_with_resume_and_an_unknown_ai() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    refused(d, &["play", "-"], &["the scenario must be a file, not `-`"]);
    refused(
        d,
        &["play", "scenario.yaml", "--resume", "save.yaml"],
        &["--resume", "[SCENARIO]"],
    );
    refused(
        d,
        &["play", "scenario.yaml", "--ai", "purple"],
        &["invalid value 'purple' for '--ai <SIDE>'"],
    );
    let help = run_in(d, &["play", "--help"]);
    assert!(
        help.stdout.contains("[possible values: red, blue, none]"),
        "{}",
        help.stdout
    );
    // The help shows each game's way of typing a move.
    for line in [
        "Ayla moves to 12,7",
        "move Bram 12,7",
        "move 12,7    attack r3",
    ] {
        assert!(help.stdout.contains(line), "{line} in {}", help.stdout);
    }
}
