//! `tilecrawl play` through the binary: bad commands, saves, resume, undo,
//! and a game killed at a random moment.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_tilecrawl");

fn run_env(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let r = common::run_env(cwd, args, env, Duration::from_secs(120));
    (r.code, r.stdout, r.stderr)
}

fn run(cwd: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    run_env(cwd, args, &[])
}

/// A folder with a generated scenario (seed 7, defaults).
fn scenario_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (code, _, err) = run(dir.path(), &["generate", "--seed", "7", "--out", "adv"]);
    assert_eq!(code, Some(0), "{err}");
    let s = dir.path().join("adv");
    (dir, s)
}

const OPENING: &str = "\
Kestrel moves to 18,21
Marrow moves to 18,22
end turn
Brannoc moves to 18,23
Sella moves to 18,24
end turn
Kestrel moves to 18,20
end turn
end turn
Brannoc passes
end turn
end turn
status
";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p
}

fn play_script(dir: &Path, script: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "play",
        "scenario.yaml",
        "--script",
        script,
        "--combat",
        "dice",
        "--force",
        // Named as `--resume save.yaml` names it, so a resumed game's last
        // line (`game saved in save.yaml`) is the same too.
        "--save",
        "save.yaml",
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = run(dir, &args);
    assert_eq!(code, Some(0), "{err}");
    out
}

/// The transcript lines answering `> line` (up to the next `> `, or the
/// closing `game saved in …`).
fn answer(transcript: &str, nth_prompt: usize) -> Vec<&str> {
    let mut seen = 0;
    let mut lines = Vec::new();
    let mut inside = false;
    for l in transcript.lines() {
        if l.starts_with("game saved in ") {
            break;
        }
        if l.starts_with("> ") {
            seen += 1;
            inside = seen == nth_prompt + 1;
            continue;
        }
        if inside {
            lines.push(l);
        }
    }
    lines
}

#[test]
fn the_same_script_gives_the_same_transcript() {
    let (_d, adv) = scenario_dir();
    write(&adv, "s.txt", OPENING);
    let a = play_script(&adv, "s.txt", &[]);
    let b = play_script(&adv, "s.txt", &[]);
    assert_eq!(a, b);
    assert!(a.contains("WMT "), "the tokens move: {a}");
    assert!(a.contains("-- monsters --"));
    // Another play seed, other dice.
    let c = play_script(&adv, "s.txt", &["--seed", "8"]);
    assert_ne!(a, c);
}

/// A beginning two heroes' names share (Bramwell and Brannoc: `Bra`) is
/// refused in one line that says so and names them both, not as an unknown
/// hero and not by picking one; a longer beginning names one.
#[test]
fn a_beginning_two_heroes_share_is_refused_as_ambiguous() {
    let (_d, adv) = scenario_dir();
    let party = tilecrawl::mkd::play::party::DEFAULT_YAML.replace("name: Marrow", "name: Bramwell");
    write(&adv, "party.yaml", &party);
    write(
        &adv,
        "s.txt",
        "Bra moves to 18,21\nheal bra\nBram moves to 18,21\nstatus\n",
    );
    let t = play_script(&adv, "s.txt", &["--party", "party.yaml"]);
    let why = "! hero `Bra` is ambiguous: it begins Bramwell, Brannoc; type more of it";
    assert_eq!(answer(&t, 0), [why], "{t}");
    assert_eq!(answer(&t, 1), [why.replace("`Bra`", "`bra`")], "{t}");
    assert!(
        answer(&t, 2)[0].starts_with("Bramwell enters the dungeon"),
        "{t}"
    );
}

#[test]
fn bad_commands_get_one_line_and_change_nothing() {
    let (_d, adv) = scenario_dir();
    let script = "\
status
Nobody moves to 18,21
Kestrel moves to 0,0
Kestrel moves to 17,24
Kestrel opens door at 18,20
Kestrel moves to 99,99
Brannoc moves to 18,23
Kestrel dances
hit orc-raider-9 1
Kestrel moves to 16,3
status
";
    write(&adv, "s.txt", script);
    let t = play_script(&adv, "s.txt", &[]);
    for n in 1..=9 {
        let a = answer(&t, n);
        assert_eq!(a.len(), 1, "command {n} answers with one line: {a:?}");
        assert!(a[0].starts_with("! "), "command {n}: {a:?}");
    }
    assert!(answer(&t, 1)[0].contains("no hero called `Nobody`"));
    assert!(answer(&t, 2)[0].contains("outside the dungeon"));
    assert!(answer(&t, 3)[0].contains("wall"));
    assert!(answer(&t, 4)[0].contains("not in the dungeon"));
    assert!(answer(&t, 6)[0].contains("Ann's turn"));
    assert!(
        answer(&t, 9)[0].contains("speed point"),
        "{:?}",
        answer(&t, 9)
    );
    assert_eq!(answer(&t, 0), answer(&t, 10), "status is unchanged");
}

#[test]
fn undo_takes_back_a_command_and_the_dice_stay_the_same() {
    let (_d, adv) = scenario_dir();
    let script = "\
status
Kestrel moves to 18,21
undo
status
Kestrel moves to 18,21
";
    write(&adv, "s.txt", script);
    let t = play_script(&adv, "s.txt", &[]);
    assert_eq!(answer(&t, 2), vec!["undone: Kestrel moves to 18,21"]);
    assert_eq!(answer(&t, 0), answer(&t, 3));
    assert_eq!(
        answer(&t, 1),
        answer(&t, 4),
        "the same discovery dice again"
    );
}

#[test]
fn resume_continues_exactly_where_the_game_was() {
    let (_d, adv) = scenario_dir();
    write(&adv, "full.txt", OPENING);
    let whole = play_script(&adv, "full.txt", &[]);
    let half: String = OPENING.lines().take(7).map(|l| format!("{l}\n")).collect();
    write(&adv, "half.txt", &half);
    play_script(&adv, "half.txt", &[]);
    let (code, resumed, err) = run(
        &adv,
        &["play", "--resume", "save.yaml", "--script", "full.txt"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(resumed, whole);
    // A script that does not start with the saved commands is refused.
    write(&adv, "other.txt", "Marrow moves to 18,21\n");
    let (code, _, err) = run(
        &adv,
        &["play", "--resume", "save.yaml", "--script", "other.txt"],
    );
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with("error: ") && err.contains("not the start of this script"),
        "{err}"
    );
}

#[test]
fn an_existing_save_is_not_replaced_without_force() {
    let (_d, adv) = scenario_dir();
    write(&adv, "s.txt", "status\n");
    play_script(&adv, "s.txt", &[]);
    let before = std::fs::read(adv.join("save.yaml")).unwrap();
    let (code, _, err) = run(&adv, &["play", "scenario.yaml", "--script", "s.txt"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("--resume") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read(adv.join("save.yaml")).unwrap(), before);
}

#[test]
fn corrupt_or_foreign_saves_are_refused() {
    let (_d, adv) = scenario_dir();
    write(&adv, "s.txt", OPENING);
    play_script(&adv, "s.txt", &[]);
    let good = std::fs::read_to_string(adv.join("save.yaml")).unwrap();
    let scenario = std::fs::read_to_string(adv.join("scenario.yaml")).unwrap();
    let cases: Vec<(&str, String, &str)> = vec![
        ("empty", String::new(), "empty"),
        ("garbage", "{{{ not yaml".into(), "line"),
        (
            "foreign",
            scenario.clone(),
            "this is a scenario (format: tilecrawl-scenario/1), not a saved game",
        ),
        (
            "version",
            good.replace("tilecrawl-save/1", "tilecrawl-save/9"),
            "tilecrawl-save/9",
        ),
        (
            "combat",
            good.replace("combat: dice", "combat: poetry"),
            "combat",
        ),
        ("digest", good.replace("fnv1a64:", "fnv1a64:0"), "changed"),
        (
            "party",
            good.replace("tilecrawl-party/1", "tilecrawl-party/7"),
            "party",
        ),
        ("bytes", "\u{0}\u{1}".into(), "save"),
    ];
    for (name, text, needle) in cases {
        let f = format!("bad-{name}.yaml");
        write(&adv, &f, &text);
        let (code, out, err) = run(&adv, &["play", "--resume", &f]);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(&f),
            "{name}: {err}"
        );
        assert!(err.contains(needle), "{name}: `{needle}` not in {err}");
        assert!(out.is_empty(), "{name}");
    }
    // A changed scenario is refused even with a good save.
    std::fs::write(
        adv.join("scenario.yaml"),
        scenario.replace("seed: 7", "seed: 8"),
    )
    .unwrap();
    let (code, _, err) = run(&adv, &["play", "--resume", "save.yaml"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("has changed"), "{err}");
}

#[test]
fn a_game_killed_at_any_moment_resumes_to_the_same_transcript() {
    let (_d, adv) = scenario_dir();
    write(&adv, "s.txt", OPENING);
    let whole = play_script(&adv, "s.txt", &[]);
    // Each save write pauses 15 ms before its rename: a kill lands mid-write
    // often. Delays spread over the run.
    for (k, delay_ms) in [40u64, 95, 160, 230].into_iter().enumerate() {
        let _ = std::fs::remove_file(adv.join("save.yaml"));
        let mut child = Command::new(BIN)
            .args([
                "play",
                "scenario.yaml",
                "--script",
                "s.txt",
                "--combat",
                "dice",
            ])
            .current_dir(&adv)
            .env("TILECRAWL_TEST_SLOW_WRITE_MS", "15")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        let save = adv.join("save.yaml");
        if !save.exists() {
            // Killed before the first save: nothing to resume, start again.
            continue;
        }
        let (code, resumed, err) = run(
            &adv,
            &["play", "--resume", "save.yaml", "--script", "s.txt"],
        );
        assert_eq!(code, Some(0), "run {k}: {err}");
        assert_eq!(resumed, whole, "run {k} (killed after {delay_ms} ms)");
    }
    let leftovers: Vec<_> = std::fs::read_dir(&adv)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp") && !n.starts_with(".tilecrawl-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn manual_combat_asks_the_players_and_takes_their_reports() {
    let (_d, adv) = scenario_dir();
    write(&adv, "s.txt", OPENING);
    let (code, t, err) = run(
        &adv,
        &["play", "scenario.yaml", "--script", "s.txt", "--force"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(!t.contains("needing 4+"), "no dice combat in manual mode");
    if t.contains(" attacks Kestrel") || t.contains(" attacks Marrow") {
        assert!(t.contains("resolve it with the figures"), "{t}");
    }
    assert!(t.contains("manual combat"));
}

#[test]
fn tables_can_be_replaced_and_bad_ones_are_refused() {
    let (_d, adv) = scenario_dir();
    let embedded = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/tables/mkd-adventure.yaml"
    ))
    .unwrap();
    // Every token stays put whatever it rolls.
    let start = embedded.find("wmt_movement:").unwrap();
    let end = start + embedded[start..].find("\n\n").unwrap();
    let lazy = format!(
        "{}wmt_movement:\n  - {{roll: 1-6, result: stay, text: \"dozes where it lies\"}}{}",
        &embedded[..start],
        &embedded[end..]
    );
    write(&adv, "lazy.yaml", &lazy);
    write(&adv, "s.txt", "end turn\nend turn\nend turn\nend turn\n");
    let t = play_script(&adv, "s.txt", &["--tables", "lazy.yaml"]);
    let moves: Vec<&str> = t
        .lines()
        .filter(|l| l.starts_with("WMT ") && l.contains(" rolls "))
        .collect();
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|l| l.ends_with("dozes where it lies")),
        "{moves:?}"
    );
    // The save keeps the tables, so a resume plays by them too.
    let (code, resumed, err) = run(
        &adv,
        &["play", "--resume", "save.yaml", "--script", "s.txt"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(resumed, t);
    // A table with a face missing is refused before anything is written.
    let broken = lazy.replace("roll: 1-6, result: stay", "roll: 1-5, result: stay");
    write(&adv, "broken.yaml", &broken);
    let _ = std::fs::remove_file(adv.join("save.yaml"));
    let (code, out, err) = run(
        &adv,
        &[
            "play",
            "scenario.yaml",
            "--tables",
            "broken.yaml",
            "--script",
            "s.txt",
        ],
    );
    assert_eq!(code, Some(1));
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: ") && err.contains("broken.yaml") && err.contains("wmt_movement"),
        "{err}"
    );
    assert!(!adv.join("save.yaml").exists());
}
