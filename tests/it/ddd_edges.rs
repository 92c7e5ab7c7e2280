//! tilecrawl's Treasure Hunt, Secrets and Object of Power edges by looking
//! ahead, through the binary: `simulate` gives the same report for any
//! `--jobs`, `play` makes the same choice whatever its own dice
//! (`--seed`), told in one line before each side deploys, and `play`,
//! `simulate`, `warparty advance` and the `--simulate` ratings say on
//! standard error that the look-ahead's games are being played.

use crate::common::{self, Run};
use std::path::Path;
use std::time::Duration;
use tilecrawl::ddd::ScenarioKind;
use tilecrawl::scenario::to_yaml;

/// A scenario where tilecrawl takes the walk's edges, with no look-ahead.
const NO_LOOK_AHEAD: ScenarioKind = ScenarioKind::Battle;

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], Duration::from_secs(300))
}

fn write_board(dir: &Path, kind: ScenarioKind, seed: u64) {
    let s = common::ddd_board(kind, seed);
    std::fs::write(dir.join("scenario.yaml"), to_yaml(&s)).unwrap();
}

#[test]
fn simulate_chooses_the_same_edges_for_any_jobs() {
    let dir = tempfile::tempdir().unwrap();
    for kind in [
        ScenarioKind::TreasureHunt,
        ScenarioKind::SecretsOfTheAncients,
        ScenarioKind::ObjectOfPower,
    ] {
        write_board(dir.path(), kind, 19);
        let go = |j: &str| {
            let args = ["simulate", "scenario.yaml", "--runs", "4", "--json"];
            run(dir.path(), &[&args[..], &["--jobs", j]].concat())
        };
        let (one, two) = (go("1"), go("2"));
        assert_eq!(one.code, Some(0), "{one:?}");
        assert!(one.stdout.contains("\"attacker_wins\""), "{}", one.stdout);
        assert_eq!(one.stdout, two.stdout, "{kind:?}");
    }
}

#[test]
fn play_tells_the_same_choice_whatever_its_own_dice() {
    let dir = tempfile::tempdir().unwrap();
    write_board(dir.path(), ScenarioKind::TreasureHunt, 19);
    std::fs::write(dir.path().join("none.txt"), "").unwrap();
    // (the dice-off's winner, the look-ahead's lines) for each play seed.
    let mut seen: Vec<(String, Vec<String>)> = Vec::new();
    for seed in ["1", "2", "3", "4"] {
        let r = run(
            dir.path(),
            &[
                "play",
                "scenario.yaml",
                "--seed",
                seed,
                "--script",
                "none.txt",
                "--save",
                "save.yaml",
                "--force",
                "-q",
            ],
        );
        assert_eq!(r.code, Some(0), "{r:?}");
        let lines: Vec<&str> = r.stdout.lines().collect();
        let winner = lines
            .iter()
            .find_map(|l| l.strip_suffix(" wins and chooses first"))
            .and_then(|l| l.rsplit(' ').next())
            .unwrap()
            .to_string();
        let told: Vec<String> = lines
            .iter()
            .filter(|l| l.contains("by looking ahead"))
            .map(|l| l.to_string())
            .collect();
        assert_eq!(told.len(), 2, "one line for each side: {}", r.stdout);
        assert!(told[0].starts_with(&winner), "the winner chooses first");
        assert!(told[0].contains("best reply"), "{}", told[0]);
        // Each told just before its side deploys on that edge.
        for t in &told {
            let at = lines.iter().position(|l| l == t).unwrap();
            let side = &t[..t.find(' ').unwrap()];
            let zone = &t[t.find("(edge-").unwrap() + 1..t.find(')').unwrap()];
            assert!(
                lines[at + 1].starts_with(&format!("{side} deploys in {zone}:")),
                "{}",
                lines[at + 1]
            );
        }
        seen.push((winner, told));
    }
    for a in &seen {
        for b in &seen {
            if a.0 == b.0 {
                assert_eq!(a.1, b.1, "the same side chose first, the same edges");
            }
        }
    }
    assert!(
        seen.iter().any(|s| s.0 == "Blue") && seen.iter().any(|s| s.0 == "Red"),
        "both sides won a dice-off: {seen:?}"
    );
}

/// `play` of a board where tilecrawl looks ahead tells, on standard error
/// and before the games start, how many it plays (12 a pair of edges);
/// `-q` hides the line, `--resume` tells it again (the book is made again),
/// standard output does not carry it, and a board without a look-ahead
/// has none.
#[test]
fn play_tells_the_look_ahead_on_standard_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("none.txt"), "").unwrap();
    let play = |extra: &[&str]| {
        let args = ["play", "--script", "none.txt", "--save", "save.yaml"];
        run(dir.path(), &[&args[..], extra].concat())
    };
    let line = "choosing the edges: 144 look-ahead games";
    write_board(dir.path(), ScenarioKind::TreasureHunt, 19);
    let told = play(&["scenario.yaml", "--force"]);
    assert_eq!(told.code, Some(0), "{told:?}");
    assert!(told.stderr.contains(line), "{}", told.stderr);
    assert_eq!(
        told.stderr.matches("look-ahead").count(),
        1,
        "{}",
        told.stderr
    );
    assert!(!told.stdout.contains("look-ahead games"), "{}", told.stdout);
    let resumed = play(&["--resume", "save.yaml"]);
    assert_eq!(resumed.code, Some(0), "{resumed:?}");
    assert!(resumed.stderr.contains(line), "{}", resumed.stderr);
    let quiet = play(&["scenario.yaml", "--force", "-q"]);
    assert_eq!(quiet.code, Some(0), "{quiet:?}");
    assert!(quiet.stderr.is_empty(), "{}", quiet.stderr);
    let resumed_quiet = play(&["--resume", "save.yaml", "-q"]);
    assert!(resumed_quiet.stderr.is_empty(), "{}", resumed_quiet.stderr);

    write_board(dir.path(), NO_LOOK_AHEAD, 19);
    let none = play(&["scenario.yaml", "--force"]);
    assert_eq!(none.code, Some(0), "{none:?}");
    assert!(!none.stderr.contains("look-ahead"), "{}", none.stderr);
}

/// `simulate` tells the same line before its runs (its bar only starts
/// with them, and only on a terminal), and not with `-q`.
#[test]
fn simulate_tells_the_look_ahead_on_standard_error() {
    let dir = tempfile::tempdir().unwrap();
    let sim = |extra: &[&str]| {
        let args = ["simulate", "scenario.yaml", "--runs", "2"];
        run(dir.path(), &[&args[..], extra].concat())
    };
    write_board(dir.path(), ScenarioKind::SecretsOfTheAncients, 19);
    let told = sim(&[]);
    assert_eq!(told.code, Some(0), "{told:?}");
    assert!(
        told.stderr
            .contains("choosing the edges: 144 look-ahead games"),
        "{}",
        told.stderr
    );
    let quiet = sim(&["-q"]);
    assert!(!quiet.stderr.contains("look-ahead"), "{}", quiet.stderr);
    assert_eq!(quiet.stdout, told.stdout);
    write_board(dir.path(), NO_LOOK_AHEAD, 19);
    let none = sim(&[]);
    assert_eq!(none.code, Some(0), "{none:?}");
    assert!(!none.stderr.contains("look-ahead"), "{}", none.stderr);
    // Object of Power: the four pairs of opposite edges.
    write_board(dir.path(), ScenarioKind::ObjectOfPower, 19);
    let oop = sim(&[]);
    assert!(
        oop.stderr
            .contains("choosing the edges: 48 look-ahead games"),
        "{}",
        oop.stderr
    );
}

/// `warparty advance` replays the save, look-ahead and all, so it tells
/// the same line (not with `-q`); so do `generate --simulate` and `render
/// --simulate` of a board that looks ahead, before their bar.
#[test]
fn advance_and_rating_tell_the_look_ahead_on_standard_error() {
    use tilecrawl::ddd::warparty;

    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let line = "choosing the edges: 48 look-ahead games";
    let s = common::ddd_board(ScenarioKind::ObjectOfPower, 19);
    std::fs::write(d.join("scenario.yaml"), to_yaml(&s)).unwrap();
    let (blue, red) = (warparty::new(1, "Blue"), warparty::new(2, "Red"));
    std::fs::write(d.join("blue.yaml"), warparty::to_yaml(&blue)).unwrap();
    std::fs::write(d.join("red.yaml"), warparty::to_yaml(&red)).unwrap();
    // Blue's commands as the policy gives them, to the end of the game.
    let script = common::ddd_policy_script(s, blue, red);
    std::fs::write(d.join("moves.txt"), &script).unwrap();
    let played = run(
        d,
        &[
            "play",
            "scenario.yaml",
            "--warparty",
            "blue.yaml",
            "--opponent",
            "red.yaml",
            "--max-rounds",
            "40",
            "--advanced",
            "--script",
            "moves.txt",
            "--save",
            "game.yaml",
            "-q",
        ],
    );
    assert_eq!(played.code, Some(0), "{played:?}");
    let advance = |extra: &[&str]| {
        let args = [
            "warparty",
            "advance",
            "blue.yaml",
            "--save",
            "game.yaml",
            "--out",
            "blue2.yaml",
            "--force",
        ];
        run(d, &[&args[..], extra].concat())
    };
    let told = advance(&[]);
    assert_eq!(told.code, Some(0), "{told:?}");
    assert!(told.stderr.contains(line), "{}", told.stderr);
    assert!(!told.stdout.contains("look-ahead"), "{}", told.stdout);
    let quiet = advance(&["-q"]);
    assert_eq!(quiet.code, Some(0), "{quiet:?}");
    assert!(quiet.stderr.is_empty(), "{}", quiet.stderr);

    let rated = run(
        d,
        &[
            "generate",
            "--ruleset",
            "dd-and-d",
            "--scenario",
            "object-of-power",
            "--seed",
            "19",
            "--simulate",
            "2",
            "--out",
            "board",
        ],
    );
    assert_eq!(rated.code, Some(0), "{rated:?}");
    assert!(rated.stderr.contains(line), "{}", rated.stderr);
    let rendered = run(
        d,
        &[
            "render",
            "board/scenario.yaml",
            "--simulate",
            "2",
            "--force",
        ],
    );
    assert_eq!(rendered.code, Some(0), "{rendered:?}");
    assert!(rendered.stderr.contains(line), "{}", rendered.stderr);
    let quiet = run(
        d,
        &[
            "render",
            "board/scenario.yaml",
            "--simulate",
            "2",
            "--force",
            "-q",
        ],
    );
    assert_eq!(quiet.code, Some(0), "{quiet:?}");
    assert!(!quiet.stderr.contains("look-ahead"), "{}", quiet.stderr);
}
