//! `tilecrawl simulate` through the real binary: the same report for any
//! `--jobs`, consistent numbers, JSON with every key, usage errors; and,
//! through the library, every run ending within the turn limit.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use tilecrawl::mkd::play::simulate::{self, SimOptions};

/// Longest a single run of the binary may take before the test fails.
const TIMEOUT: Duration = Duration::from_secs(120);

/// Runs `tilecrawl args…`; returns exit code, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_tilecrawl"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tilecrawl binary starts");
    let (code, out, err) = common::wait_with_output(child, args, TIMEOUT);
    (code.expect("not killed by a signal"), out, err)
}

/// `tilecrawl generate --seed 7` into a fresh folder; returns the folder
/// (kept alive) and the scenario's path.
fn scenario() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g7");
    let (code, _, err) = run(&["generate", "--seed", "7", "--out", p(&out)]);
    assert_eq!(code, 0, "generate failed: {err}");
    let file = out.join("scenario.yaml");
    assert!(file.is_file());
    (dir, file)
}

fn p(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

fn simulate(file: &Path, extra: &[&str]) -> String {
    let mut args = vec!["simulate", p(file), "--runs", "40", "--quiet"];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "simulate {extra:?} failed: {err}");
    assert!(err.is_empty(), "--quiet prints nothing on stderr: {err}");
    out
}

/// The value after `key` in the text report (`wins  12` → "12").
fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(key).filter(|r| r.starts_with("  ")))
        .unwrap_or_else(|| panic!("no `{key}` line in {text}"))
        .trim()
}

#[test]
fn same_seed_same_report_for_any_jobs() {
    let (_dir, file) = scenario();
    let text1 = simulate(&file, &["--jobs", "1"]);
    let text2 = simulate(&file, &["--jobs", "2"]);
    assert_eq!(text1, text2);
    let json1 = simulate(&file, &["--jobs", "1", "--json"]);
    let json2 = simulate(&file, &["--jobs", "2", "--json"]);
    assert_eq!(json1, json2);
    // The default seed is the scenario's (7).
    assert_eq!(simulate(&file, &["--seed", "7", "--jobs", "2"]), text1);
    // Another seed plays other games (the runs line names the seed at least).
    assert_ne!(simulate(&file, &["--seed", "8"]), text1);
}

#[test]
fn report_numbers_are_consistent() {
    let (_dir, file) = scenario();
    let json = simulate(&file, &["--json", "--max-turns", "80"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("the report is JSON");
    for key in [
        "seed",
        "max_turns",
        "runs",
        "wins",
        "win_rate",
        "ci95",
        "turns_median",
        "turns_p90",
        "heroes_lost_mean",
        "wmts_revealed_mean",
        "monsters_fought_mean",
        "monsters_slain_mean",
        "chests_opened_mean",
        "timed_out",
    ] {
        assert!(v.get(key).is_some(), "no `{key}` in {json}");
    }
    let u = |k: &str| v[k].as_u64().unwrap_or_else(|| panic!("{k}: {json}"));
    let f = |k: &str| v[k].as_f64().unwrap_or_else(|| panic!("{k}: {json}"));
    let (runs, wins) = (u("runs"), u("wins"));
    assert_eq!(runs, 40);
    assert_eq!(u("seed"), 7);
    assert_eq!(u("max_turns"), 80);
    assert!(wins <= runs);
    assert!(u("timed_out") + wins <= runs);
    let rate = f("win_rate");
    assert!((rate - wins as f64 / runs as f64).abs() < 1e-12);
    let ci = v["ci95"].as_array().expect("ci95 is a pair");
    let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0, "{json}");
    assert!(u("turns_p90") >= u("turns_median"));
    assert!(u("turns_median") >= 1 && u("turns_p90") <= 80);
    for k in [
        "heroes_lost_mean",
        "wmts_revealed_mean",
        "monsters_fought_mean",
        "monsters_slain_mean",
        "chests_opened_mean",
    ] {
        assert!(f(k) >= 0.0, "{k}");
    }
    assert!(
        f("heroes_lost_mean") <= 4.0,
        "the default party has 4 heroes"
    );
    assert!(f("monsters_slain_mean") <= f("monsters_fought_mean"));

    // The text report says the same.
    let text = simulate(&file, &["--max-turns", "80"]);
    assert_eq!(field(&text, "wins"), wins.to_string());
    assert!(field(&text, "runs").starts_with("40 "));
    assert!(field(&text, "win rate").contains("95% interval"));
    // The values start in one column, two spaces at least after the longest label.
    let column = |l: &str| {
        let gap = l.find("  ").expect("label, two spaces, value");
        gap + l[gap..].len() - l[gap..].trim_start().len()
    };
    let first = column(text.lines().next().unwrap());
    for line in text.lines() {
        assert_eq!(column(line), first, "columns are aligned: {line:?}");
    }
}

#[test]
fn bad_runs_is_a_usage_error() {
    let (_dir, file) = scenario();
    for bad in ["0", "1000001", "-3", "many"] {
        let (code, out, err) = run(&["simulate", p(&file), "--runs", bad]);
        assert_eq!(code, 2, "--runs {bad}: {err}");
        assert!(out.is_empty());
        let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(errors.len(), 1, "{err}");
        if bad != "-3" {
            assert!(errors[0].contains("--runs"), "{err}");
        }
    }
    let (code, _, err) = run(&["simulate", p(&file), "--max-turns", "0"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_missing_scenario_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.yaml");
    let (code, out, err) = run(&["simulate", p(&missing), "--runs", "3"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: ") && err.contains("nope.yaml"),
        "{err}"
    );
}

#[test]
fn every_run_ends_within_max_turns() {
    let ts = tilecrawl::tileset::default_tileset();
    let params = tilecrawl::mkd::generate::GenerateParams {
        seed: 7,
        ..Default::default()
    };
    let s = Arc::new(tilecrawl::mkd::generate::generate(&ts, &params).unwrap());
    let party = Arc::new(tilecrawl::mkd::play::party::default_party());
    let tables = Arc::new(tilecrawl::mkd::tables::default_tables());
    let max_turns = 60;
    let mut ended = 0;
    for i in 0..200 {
        let r = simulate::play_once(
            &s,
            &party,
            &tables,
            tilecrawl::core::dice::run_seed(7, i),
            max_turns,
        );
        assert!(r.turns >= 1 && r.turns <= max_turns, "run {i}: {r:?}");
        assert!(!(r.won && r.timed_out), "run {i}: {r:?}");
        assert!(r.monsters_slain <= r.monsters_fought, "run {i}: {r:?}");
        ended += u32::from(!r.timed_out);
    }
    // The library's report of the same runs agrees.
    let opts = SimOptions {
        runs: 200,
        seed: 7,
        max_turns,
    };
    let rep = simulate::simulate(&s, &party, &tables, &opts);
    assert_eq!(rep.runs - rep.timed_out, ended);
}

/// The report of seed 7's scenario over 200 runs with the default party,
/// pinned (issue 21): the speed work must leave it byte-identical
/// (`UPDATE_GOLDEN=1` rewrites it when a rule change means to alter it).
#[test]
fn the_seed_7_report_is_pinned() {
    let (_dir, file) = scenario();
    let (code, text, err) = run(&["simulate", p(&file), "--runs", "200", "--jobs", "2", "-q"]);
    assert_eq!(code, 0, "{err}");
    let golden =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/simulate/seed-7-200-runs.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
        std::fs::write(&golden, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&golden).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_GOLDEN=1 to create it",
            golden.display()
        )
    });
    assert_eq!(
        text, want,
        "the simulate report changed; if meant, UPDATE_GOLDEN=1 and say so"
    );
}

/// The seed-7 scenario of each game in `dir`: (game, its path). The MKD
/// one is generated; the others are the pinned golden scenarios.
fn scenarios_of_every_game(dir: &Path) -> Vec<(&'static str, PathBuf)> {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mkd = dir.join("mkd");
    let (code, _, err) = run(&["generate", "--seed", "7", "--out", p(&mkd), "-q"]);
    assert_eq!(code, 0, "generate failed: {err}");
    vec![
        ("mkd-adventure", mkd.join("scenario.yaml")),
        (
            "dungeon-world-10mm",
            golden.join("dw10/seed-7/scenario.yaml"),
        ),
        ("dd-and-d", golden.join("ddd/seed-7-ambush/scenario.yaml")),
    ]
}

/// Runs `tilecrawl args…` with `input` on standard input.
fn run_stdin(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let r = common::run_stdin(Path::new("."), args, input, TIMEOUT);
    (r.code.expect("not killed by a signal"), r.stdout, r.stderr)
}

/// `simulate -` plays the scenario on standard input, whichever game it
/// is: the report is the file's, byte for byte.
fn simulate_dash_is_the_file(game: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (_, file) = scenarios_of_every_game(dir.path())
        .into_iter()
        .find(|(g, _)| *g == game)
        .unwrap();
    let want = simulate(&file, &[]);
    let text = std::fs::read(&file).unwrap();
    let (code, out, err) = run_stdin(&["simulate", "-", "--runs", "40", "--quiet"], &text);
    assert_eq!(code, 0, "{game}: {err}");
    assert!(err.is_empty(), "{game}: {err}");
    assert_eq!(out, want, "{game}");
}

#[test]
fn simulate_dash_reads_an_mkd_scenario_from_standard_input() {
    simulate_dash_is_the_file("mkd-adventure");
}

#[test]
fn simulate_dash_reads_a_dw10_scenario_from_standard_input() {
    simulate_dash_is_the_file("dungeon-world-10mm");
}

#[test]
fn simulate_dash_reads_a_ddd_scenario_from_standard_input() {
    simulate_dash_is_the_file("dd-and-d");
}

/// A broken scenario on standard input is refused by its own game's
/// loader, in one line naming `<stdin>` and the key.
#[test]
fn a_broken_scenario_on_standard_input_is_one_error_line_from_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let files = scenarios_of_every_game(dir.path());
    for (game, file, from, to) in [
        ("dungeon-world-10mm", 1, "\nvictory:", "\nvictori:"),
        ("dd-and-d", 2, "\nzones:", "\nzonez:"),
    ] {
        let (_, path) = &files[file];
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains(from), "{game}");
        let broken = text.replacen(from, to, 1);
        let (code, out, err) = run_stdin(&["simulate", "-", "--runs", "3"], broken.as_bytes());
        assert_eq!(code, 1, "{game}: {err}");
        assert!(out.is_empty(), "{game}: {out}");
        assert_eq!(err.lines().count(), 1, "{game}: {err}");
        assert!(
            err.starts_with("error: <stdin>")
                && err.contains(to.trim_start_matches('\n').trim_end_matches(':')),
            "{game}: {err}"
        );
    }
}

/// `simulate` shows its progress bar on a terminal for a scenario of every
/// game, and hides it with `-q` and with `--json`.
#[cfg(target_os = "linux")]
#[test]
fn simulate_shows_a_progress_bar_on_a_terminal_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    for (game, file) in scenarios_of_every_game(dir.path()) {
        let (code, seen) = crate::common::run_on_a_terminal(
            Path::new("."),
            &["simulate", p(&file), "--runs", "30"],
        );
        assert_eq!(code, 0, "{game}: {seen}");
        assert!(seen.contains("/30 runs"), "{game}: no bar in {seen:?}");
        for hide in ["-q", "--json"] {
            let (code, seen) = crate::common::run_on_a_terminal(
                Path::new("."),
                &["simulate", p(&file), "--runs", "30", hide],
            );
            assert_eq!(code, 0, "{game} {hide}: {seen}");
            assert!(!seen.contains("runs"), "{game} {hide}: {seen:?}");
        }
    }
}
