//! Dungeon World 10 mm in play (`src/dw10/play/`): pinned transcripts — a
//! hand game through `play --script` and two simulated games replayed from
//! their saves — each replayed byte-identical from its save; the
//! `simulate` report; refusals. `UPDATE_GOLDEN=1 cargo test --test it
//! dw10_play::` rewrites the pinned files after a deliberate change.

use crate::common;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tilecrawl::dw10::play::{engine, party, session, simulate};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn golden() -> PathBuf {
    root().join("tests/golden/dw10/play")
}

fn run(cwd: &Path, args: &[&str]) -> String {
    let r = common::run_env(cwd, args, &[], Duration::from_secs(300));
    assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
    r.stdout
}

fn pinned(name: &str, got: &str) {
    let path = golden().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1)", path.display()));
    assert!(
        got == want,
        "{} differs (UPDATE_GOLDEN=1 rewrites it)",
        path.display()
    );
}

#[test]
fn a_hand_game_is_pinned_and_resumes_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let scen = root().join("tests/golden/dw10/seed-7/scenario.yaml");
    std::fs::copy(&scen, dir.path().join("scenario.yaml")).unwrap();
    let script = golden().join("hand-seed7.script");
    let script = script.to_str().unwrap();
    let out = run(
        dir.path(),
        &[
            "play",
            "scenario.yaml",
            "--script",
            script,
            "--seed",
            "7",
            "--save",
            "save.yaml",
        ],
    );
    pinned("hand-seed7.txt", &out);
    // The save, resumed with the same script: the same bytes.
    let again = run(
        dir.path(),
        &["play", "--resume", "save.yaml", "--script", script],
    );
    assert_eq!(again, out);
}

fn simulated_save(run_no: u32) -> session::SaveFile {
    let path = root().join("tests/golden/dw10/seed-7/scenario.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let sc: tilecrawl::dw10::Scenario =
        tilecrawl::scenario::from_yaml(&text, "scenario.yaml").unwrap();
    let figures = Arc::new(tilecrawl::dw10::figures::embedded());
    let tables = Arc::new(tilecrawl::dw10::tables::embedded());
    let party = party::default_party(&figures);
    let o = simulate::SimOptions {
        runs: 1,
        seed: sc.seed,
        max_moves: simulate::DEFAULT_MAX_MOVES,
        scaled_down: false,
    };
    let opts = simulate::run_options(&party, &figures, &tables, &o, run_no, false);
    let seed = opts.seed;
    let (mut g, _) = engine::Game::new(Arc::new(sc), opts);
    let mut rec = Some(Vec::new());
    simulate::play_out_recorded(&mut g, o.max_moves, &mut rec);
    session::SaveFile {
        format: session::FORMAT.into(),
        scenario: "../seed-7/scenario.yaml".into(),
        scenario_digest: tilecrawl::core::digest::digest(text.as_bytes()),
        seed,
        party: party::DEFAULT_YAML.into(),
        scaled_down: false,
        commands: rec.unwrap_or_default(),
    }
}

#[test]
fn two_simulated_games_replay_from_their_saves() {
    for run_no in [0, 1] {
        let save = simulated_save(run_no);
        let name = format!("sim-run-{run_no}.save.yaml");
        pinned(&name, &yaml_serde::to_string(&save).unwrap());
        let dir = tempfile::tempdir().unwrap();
        let saved = golden().join(&name);
        let out = run(
            dir.path(),
            &[
                "play",
                "--resume",
                saved.to_str().unwrap(),
                "--save",
                dir.path().join("save.yaml").to_str().unwrap(),
                "--quiet",
            ],
        );
        assert!(out.lines().count() > 20);
        pinned(&format!("sim-run-{run_no}.txt"), &out);
    }
}

#[test]
fn simulate_wins_sometimes_and_the_report_does_not_depend_on_jobs() {
    let dir = tempfile::tempdir().unwrap();
    run(
        dir.path(),
        &[
            "generate",
            "--ruleset",
            "dungeon-world-10mm",
            "--seed",
            "3",
            "--out",
            "g",
        ],
    );
    let sim = |jobs: &str| {
        run(
            dir.path(),
            &[
                "simulate",
                "g/scenario.yaml",
                "--runs",
                "40",
                "--jobs",
                jobs,
                "--json",
            ],
        )
    };
    let one = sim("1");
    assert_eq!(one, sim("2"));
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    let rate = v["win_rate"].as_f64().unwrap();
    assert!(rate > 0.0 && rate < 1.0, "win rate {rate}: {one}");
}

#[test]
fn bad_commands_are_refused_and_another_games_scenario_by_name() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        root().join("tests/golden/dw10/seed-7/scenario.yaml"),
        dir.path().join("scenario.yaml"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("s.txt"),
        "move Kestrel 0,0\nfly Kestrel\nmove Nobody 1,1\nshoot Sella 9\nend\n",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["play", "scenario.yaml", "--script", "s.txt", "--quiet"],
    );
    assert_eq!(out.matches("refused: ").count(), 4, "{out}");
    // Another game's scenario goes to its own engine, which refuses this
    // game's party by name.
    std::fs::write(dir.path().join("party.yaml"), party::DEFAULT_YAML).unwrap();
    let r = common::run_env(
        dir.path(),
        &[
            "play",
            root()
                .join("tests/golden/ddd/seed-3/ambush.yaml")
                .to_str()
                .unwrap(),
            "--party",
            "party.yaml",
            "--save",
            "other.yaml",
        ],
        &[],
        Duration::from_secs(60),
    );
    common::usage_error_line(&r, &["dd-and-d"]).unwrap();
    assert!(!dir.path().join("other.yaml").exists());
}

/// A beginning two heroes' names share (Bramwell and Brannoc: `Bra`) is
/// refused in one line that says so and names them both, not as an unknown
/// hero and not by picking one; a longer beginning names one.
#[test]
fn a_beginning_two_heroes_share_is_refused_as_ambiguous() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::copy(
        root().join("tests/golden/dw10/seed-7/scenario.yaml"),
        d.join("scenario.yaml"),
    )
    .unwrap();
    let party = party::DEFAULT_YAML.replace("name: Marrow", "name: Bramwell");
    std::fs::write(d.join("party.yaml"), party).unwrap();
    std::fs::write(d.join("s.txt"), "listen Bra\nlisten bran\nend\n").unwrap();
    let out = run(
        d,
        &[
            "play",
            "scenario.yaml",
            "--party",
            "party.yaml",
            "--script",
            "s.txt",
            "--seed",
            "7",
        ],
    );
    let refused: Vec<&str> = out.lines().filter(|l| l.contains("refused: ")).collect();
    assert_eq!(
        refused,
        [
            "refused: hero `Bra` is ambiguous: it begins Bramwell, Brannoc; type more of it",
            // `bran` names Brannoc, whose stat block has no Listen.
            "refused: Brannoc has no Listen",
        ],
        "{out}"
    );
}

/// Hostile party files and saves: one `error:` line naming the file and
/// what was wrong, exit 1, never a panic, and no save written.
#[test]
fn a_familiar_moves_through_play_is_refused_with_reasons_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let scen = root().join("tests/golden/dw10/seed-7/scenario.yaml");
    std::fs::copy(&scen, d.join("scenario.yaml")).unwrap();
    let pets = party::DEFAULT_YAML.replace("figure: Tracker}", "figure: Tracker, familiar: flyer}");
    std::fs::write(d.join("party.yaml"), pets).unwrap();
    std::fs::write(
        d.join("moves.txt"),
        "open Brannoc door W\nmove Brannoc 27,8\nfamiliar Kestrel 31,7\nfamiliar Kestrel 30,8\ndraw Kestrel 1\nstatus\nmap\nend\n",
    )
    .unwrap();
    let args = [
        "play",
        "scenario.yaml",
        "--party",
        "party.yaml",
        "--script",
        "moves.txt",
        "--seed",
        "7",
        "--save",
        "save.yaml",
    ];
    let out = run(d, &args);
    for want in [
        "Kestrel's familiar rides with it: no floor is free beside it",
        "Kestrel's familiar moves 32,9 → 31,7 (3 points)",
        "refused: Kestrel's familiar has moved this phase",
        "refused: Kestrel must stand beside its familiar to draw wounds from it",
        "flying familiar at 31,7 storing 3 wounds (moved)",
        ", * familiar",
    ] {
        assert!(out.contains(want), "{want}:\n{out}");
    }
    let again = run(
        d,
        &["play", "--resume", "save.yaml", "--script", "moves.txt"],
    );
    assert_eq!(again, out);
}

#[test]
fn hostile_party_files_and_saves_are_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::copy(
        root().join("tests/golden/dw10/seed-7/scenario.yaml"),
        d.join("scenario.yaml"),
    )
    .unwrap();
    std::fs::write(d.join("end.txt"), "end\n").unwrap();
    let good = party::DEFAULT_YAML;
    let parties: Vec<(String, &str)> = vec![
        (good.replace("dw10-party/1", "dw10-party/9"), "format"),
        (
            good.replace("figure: Tracker", "figure: Dragon King"),
            "Dragon King",
        ),
        (good.replace("heroes:", "heroez:"), "heroez"),
        (
            good.replace("figure: Tracker}", "figure: Tracker, familiar: dragon}"),
            "familiar",
        ),
        (
            format!("{good}  - {{name: Fifth, figure: Tracker}}\n"),
            "heroes",
        ),
        (
            "format: tilecrawl-dw10-party/1\nheroes: []\n".into(),
            "heroes",
        ),
        ("format: [\n".into(), "party.yaml"),
        ("heroes: &a [*a]\n".into(), "party.yaml"),
        ("x".repeat(70 * 1024), "party.yaml"),
    ];
    for (text, needle) in parties {
        std::fs::write(d.join("party.yaml"), &text).unwrap();
        let r = common::run_env(
            d,
            &[
                "play",
                "scenario.yaml",
                "--party",
                "party.yaml",
                "--script",
                "end.txt",
                "--save",
                "p.save.yaml",
            ],
            &[],
            Duration::from_secs(60),
        );
        common::one_error_line(&r, &[needle]).unwrap_or_else(|e| panic!("{text:.80}: {e}"));
        assert!(
            !d.join("p.save.yaml").exists(),
            "{text:.80}: a save was written"
        );
    }

    // A good save to break.
    run(
        d,
        &[
            "play",
            "scenario.yaml",
            "--script",
            "end.txt",
            "--save",
            "good.yaml",
        ],
    );
    let save = std::fs::read_to_string(d.join("good.yaml")).unwrap();
    let saves: Vec<(String, &str)> = vec![
        (save.replace("dw10-save/1", "dw10-save/2"), "format"),
        (save.replacen("seed: ", "seed: -", 1), "seed"),
        (
            save.replacen("scenario: ", "scenario: missing-", 1),
            "missing-",
        ),
        (
            save.replacen("format:", "colour: red\nformat:", 1),
            "colour",
        ),
        ("format: tilecrawl-dw10-save/1\n".into(), "bad.yaml"),
        ("[[[[".into(), "bad.yaml"),
    ];
    for (text, needle) in saves {
        std::fs::write(d.join("bad.yaml"), &text).unwrap();
        let r = common::run_env(
            d,
            &["play", "--resume", "bad.yaml", "--script", "end.txt"],
            &[],
            Duration::from_secs(60),
        );
        common::one_error_line(&r, &[needle]).unwrap_or_else(|e| panic!("{text:.80}: {e}"));
    }
    // The scenario changed since the game began: refused by its digest.
    std::fs::write(
        d.join("scenario.yaml"),
        std::fs::read_to_string(d.join("scenario.yaml"))
            .unwrap()
            .replacen("dm_kills: 5", "dm_kills: 6", 1),
    )
    .unwrap();
    let r = common::run_env(
        d,
        &["play", "--resume", "good.yaml", "--script", "end.txt"],
        &[],
        Duration::from_secs(60),
    );
    common::one_error_line(&r, &["scenario"]).unwrap();
}

/// `--scaled-down` (L827-831): the spawn roll is 2d6, the save keeps it, a
/// resumed game may not change it, and another game refuses it.
#[test]
fn scaled_down_spawning_is_kept_in_the_save() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        root().join("tests/golden/dw10/seed-7/scenario.yaml"),
        dir.path().join("scenario.yaml"),
    )
    .unwrap();
    std::fs::write(dir.path().join("s.txt"), "end\n").unwrap();
    let out = run(
        dir.path(),
        &[
            "play",
            "scenario.yaml",
            "--script",
            "s.txt",
            "--quiet",
            "--scaled-down",
        ],
    );
    let rolls: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("spawn roll "))
        .collect();
    assert!(!rolls.is_empty(), "{out}");
    for l in rolls {
        let faces = l["spawn roll ".len()..].split(':').next().unwrap();
        assert_eq!(faces.split_whitespace().count(), 2, "{l}");
    }
    let save = std::fs::read_to_string(dir.path().join("save.yaml")).unwrap();
    assert!(save.contains("scaled_down: true"), "{save}");
    let r = common::run_env(
        dir.path(),
        &["play", "--resume", "save.yaml", "--scaled-down"],
        &[],
        Duration::from_secs(60),
    );
    common::usage_error_line(&r, &["--scaled-down"]).unwrap();
    let r = common::run_env(
        dir.path(),
        &[
            "simulate",
            root()
                .join("tests/golden/ddd/seed-3/ambush.yaml")
                .to_str()
                .unwrap(),
            "--scaled-down",
        ],
        &[],
        Duration::from_secs(60),
    );
    common::usage_error_line(&r, &["--scaled-down", "dungeon-world-10mm"]).unwrap();
}

/// The transcript the manual quotes (`dungeon-world-10mm.md`, "Example")
/// is the pinned hand game's lines 26 to 66, the `map` command's map
/// (lines 43 to 54) included: a change that re-pins the game shows up
/// here until the manual is brought along.
#[test]
fn the_manuals_transcript_is_the_pinned_game() {
    let manual = std::fs::read_to_string(root().join("docs/src/dungeon-world-10mm.md")).unwrap();
    let start = manual.find("```text\n> open Brannoc door W").unwrap() + "```text\n".len();
    let end = start + manual[start..].find("```").unwrap();
    let quoted: Vec<&str> = manual[start..end].lines().collect();
    let pinned = std::fs::read_to_string(golden().join("hand-seed7.txt")).unwrap();
    let lines: Vec<&str> = pinned.lines().collect();
    assert_eq!(lines[42], "> map");
    assert!(lines[53].starts_with("heroes: "), "{}", lines[53]);
    assert!(lines[65].starts_with("Deadly Pudding 1 appears"));
    assert_eq!(quoted, lines[25..66]);
}

/// `generate --ruleset dungeon-world-10mm --simulate N`: the scenario is
/// rated by the games `simulate` plays of it (the same wins, the same
/// mean), the summary and the Draken Master's sheet say so, and the rest
/// of the sheet is the one made without the flag. A bad party file is one
/// error line, before anything is written.
#[test]
fn generate_rates_a_scenario_as_simulate_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let make = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "generate",
            "--ruleset",
            "dungeon-world-10mm",
            "--seed",
            "7",
            "--dpi",
            "20",
            "--out",
            out,
        ];
        args.extend_from_slice(extra);
        run(d, &args)
    };
    let json = make("rated", &["--simulate", "12", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rating = &v["rating"];
    let sim = run(
        d,
        &["simulate", "rated/scenario.yaml", "--runs", "12", "--json"],
    );
    let s: serde_json::Value = serde_json::from_str(&sim).unwrap();
    assert_eq!(rating["runs"], 12);
    assert_eq!(rating["wins"], s["wins"]);
    assert_eq!(rating["win_rate"], s["win_rate"]);
    assert_eq!(rating["mean_moves"], s["mean_moves"]);
    let (lo, hi) = (
        rating["win_rate_low"].as_f64().unwrap(),
        rating["win_rate_high"].as_f64().unwrap(),
    );
    let w = rating["win_rate"].as_f64().unwrap();
    assert!(lo <= w && w <= hi && lo >= 0.0 && hi <= 1.0, "{rating}");

    let text = make("rated-text", &["--simulate", "12"]);
    let plays = text
        .lines()
        .find(|l| l.starts_with("plays: "))
        .expect(&text);
    let pc = (w * 100.0).round() as u32;
    assert!(
        plays.starts_with(&format!("plays: wins about {pc} % (")),
        "{plays}"
    );
    assert!(
        plays.contains("for the default party over 12 runs"),
        "{plays}"
    );
    make("plain", &[]);
    let rated = std::fs::read_to_string(d.join("rated-text/setup.md")).unwrap();
    let plain = std::fs::read_to_string(d.join("plain/setup.md")).unwrap();
    let line = format!("- **Plays:** {}\n", &plays[7..]);
    assert!(rated.contains(&line), "{rated}");
    assert_eq!(rated.replacen(&line, "", 1), plain);
    assert_eq!(
        std::fs::read(d.join("rated-text/scenario.yaml")).unwrap(),
        std::fs::read(d.join("plain/scenario.yaml")).unwrap()
    );

    std::fs::write(
        d.join("bad-party.yaml"),
        "format: tilecrawl-party/1\nheroes: 7\n",
    )
    .unwrap();
    let r = common::run_env(
        d,
        &[
            "generate",
            "--ruleset",
            "dungeon-world-10mm",
            "--simulate",
            "3",
            "--party",
            "bad-party.yaml",
            "--out",
            "never",
        ],
        &[],
        Duration::from_secs(300),
    );
    common::one_error_line(&r, &["bad-party.yaml"]).unwrap();
    assert!(!d.join("never").exists());
}
