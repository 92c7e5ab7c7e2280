//! tilecrawl's Treasure Hunt and Secrets edges by looking ahead, through
//! the binary: `simulate` gives the same report for any `--jobs`, and
//! `play` makes the same choice whatever its own dice (`--seed`), told in
//! one line before each side deploys.

use crate::common::{self, Run};
use std::path::Path;
use std::time::Duration;
use tilecrawl::ddd::{Choice, DddOptions, ScenarioKind, generate};
use tilecrawl::scenario::to_yaml;

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], Duration::from_secs(300))
}

fn write_board(dir: &Path, kind: ScenarioKind, seed: u64) {
    let s = generate(
        seed,
        &DddOptions {
            choice: Choice::Named(kind),
            ..DddOptions::default()
        },
    )
    .unwrap();
    std::fs::write(dir.join("scenario.yaml"), to_yaml(&s)).unwrap();
}

#[test]
fn simulate_chooses_the_same_edges_for_any_jobs() {
    let dir = tempfile::tempdir().unwrap();
    for kind in [
        ScenarioKind::TreasureHunt,
        ScenarioKind::SecretsOfTheAncients,
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
