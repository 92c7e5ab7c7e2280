//! `tilecrawl play` and `simulate` on the rescue, stealth and kidnapping
//! missions, through the binary, on dungeons the generator set up for each
//! mission (`generate --mission`).

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

fn run(cwd: &Path, args: &[&str]) -> common::Run {
    common::run_env(cwd, args, &[], Duration::from_secs(120))
}

/// A folder holding the seed-7 adventure generated for `mission`.
fn mission_dir(mission: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = run(
        dir.path(),
        &[
            "generate",
            "--seed",
            "7",
            "--mission",
            mission,
            "--out",
            "adv",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let adv = dir.path().join("adv");
    (dir, adv)
}

fn play(adv: &Path, script: &str) -> String {
    std::fs::write(adv.join("s.txt"), script).expect("write");
    let r = run(
        adv,
        &[
            "play",
            "scenario.yaml",
            "--script",
            "s.txt",
            "--force",
            "--save",
            "save.yaml",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    r.stdout
}

#[test]
fn a_rescue_game_shows_the_prisoner_and_its_commands() {
    let (_d, adv) = mission_dir("rescue");
    let t = play(
        &adv,
        "help\nstatus\nmap\nWren moves to 1,1\nKestrel frees prisoner\nheal Wren\n",
    );
    assert!(t.contains("mission: rescue — Wren is held on"), "{t}");
    assert!(t.contains("Kestrel frees prisoner"), "{t}");
    // Only the rescue's commands: not the kidnapping's.
    assert!(!t.contains("lead orc-2 out"), "{t}");
    assert!(t.contains("mission rescue: Wren is held on"), "{t}");
    assert!(t.contains("(trap unchecked)"), "{t}");
    assert!(t.contains("P the prisoner"), "{t}");
    assert!(
        t.contains("Wren is a prisoner until a hero frees them"),
        "{t}"
    );
    assert!(t.contains("Kestrel is not in the dungeon"), "{t}");
    // The same script gives the same transcript.
    assert_eq!(
        t,
        play(
            &adv,
            "help\nstatus\nmap\nWren moves to 1,1\nKestrel frees prisoner\nheal Wren\n"
        )
    );
}

#[test]
fn stealth_and_kidnapping_games_say_what_they_are() {
    let (_d, adv) = mission_dir("stealth");
    let t = play(&adv, "status\nsmash orc-1\n");
    assert!(t.contains("mission: stealth"), "{t}");
    assert!(t.contains("chest hunters: none"), "{t}");
    assert!(t.contains("no monster `orc-1` in the dungeon"), "{t}");
    let (_d, adv) = mission_dir("kidnapping");
    let t = play(&adv, "status\nlead orc-1 out\n");
    assert!(t.contains("mission: kidnapping"), "{t}");
    assert!(t.contains("the Guardian WMT is not revealed yet"), "{t}");
}

#[test]
fn simulate_plays_every_mission_to_an_end_or_the_limit() {
    for mission in ["rescue", "stealth", "kidnapping"] {
        let (_d, adv) = mission_dir(mission);
        let r = run(
            &adv,
            &[
                "simulate",
                "scenario.yaml",
                "--runs",
                "20",
                "--max-turns",
                "80",
            ],
        );
        assert_eq!(r.code, Some(0), "{mission}: {}", r.stderr);
        assert!(r.stdout.contains("win rate"), "{mission}: {}", r.stdout);
    }
}

#[test]
fn a_rescue_game_resumes_to_the_same_transcript() {
    let (_d, adv) = mission_dir("rescue");
    let script = "Kestrel moves to 18,21\nMarrow moves to 18,22\nend turn\nBrannoc moves to 18,23\nend turn\nKestrel moves to 18,19\nend turn\nend turn\nstatus\n";
    let whole = play(&adv, script);
    assert!(whole.contains("mission rescue: Wren is held on"), "{whole}");
    let half: String = script.lines().take(4).map(|l| format!("{l}\n")).collect();
    play(&adv, &half);
    std::fs::write(adv.join("s.txt"), script).expect("write");
    let r = run(
        &adv,
        &["play", "--resume", "save.yaml", "--script", "s.txt"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, whole);
}
