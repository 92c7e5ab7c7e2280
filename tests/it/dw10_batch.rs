//! `tilecrawl batch --ruleset dungeon-world-10mm` through the real binary:
//! each folder is what `generate` writes for its seed, the index agrees
//! with each scenario and with `simulate`, the result does not depend on
//! `--jobs` or `--shard`, `--filter` keeps exactly `--count` rows that meet
//! it, `--resume` finishes into the same bytes, and bad options are one
//! line with nothing written.

use crate::common::{self, rows, run_in as run, run_ok as ok};
use std::path::Path;

const DW: [&str; 2] = ["--ruleset", "dungeon-world-10mm"];

/// `batch --ruleset dungeon-world-10mm` with `more` after the game and
/// `--out out`, quietly.
fn batch(cwd: &Path, out: &str, more: &[&str]) {
    let mut args = vec!["batch", DW[0], DW[1], "--out", out, "-q"];
    args.extend(more);
    ok(cwd, &args);
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every file under `dir`, by its path from `dir`, with its bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().display().to_string();
                out.push((rel, read(&p)));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn each_folder_is_what_generate_writes_and_the_index_agrees_with_it() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    batch(
        cwd,
        "b",
        &["--count", "3", "--seed-start", "4", "--simulate", "12"],
    );
    let index = String::from_utf8(read(&cwd.join("b/index.csv"))).unwrap();
    let rows = rows(&index);
    assert_eq!(
        rows.iter().map(|r| r["seed"].as_str()).collect::<Vec<_>>(),
        ["4", "5", "6"]
    );
    for r in &rows {
        let seed = &r["seed"];
        // The folder holds exactly what `generate --simulate` writes, the
        // rating on the Draken Master's sheet included.
        let g = format!("g{seed}");
        ok(
            cwd,
            &[
                "generate",
                DW[0],
                DW[1],
                "--seed",
                seed,
                "--simulate",
                "12",
                "--out",
                &g,
                "-q",
            ],
        );
        let made = tree(&cwd.join(&g));
        assert_eq!(tree(&cwd.join("b").join(seed)), made, "seed {seed}");
        let names: Vec<&str> = r["files"].split(';').collect();
        assert_eq!(names[0], "scenario.yaml", "the scenario comes first");
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(
            sorted,
            made.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            "files lists what the folder holds"
        );
        // The layout columns count the scenario's features.
        let s = tilecrawl::dw10::scenario::load(&cwd.join("b").join(seed).join("scenario.yaml"))
            .unwrap();
        let n = |k: tilecrawl::dw10::features::FeatureKind| {
            s.game
                .features
                .iter()
                .filter(|f| f.kind == k)
                .count()
                .to_string()
        };
        use tilecrawl::dw10::features::FeatureKind as K;
        assert_eq!(r["chests"], n(K::Chest), "seed {seed}");
        assert_eq!(r["doors"], n(K::Door), "seed {seed}");
        assert_eq!(r["staircases"], n(K::Staircase), "seed {seed}");
        assert_eq!(r["width"], s.size.width.to_string());
        assert_eq!(r["tiles"], s.tiles.len().to_string());
        // The rating is `simulate`'s on the written scenario.
        let json = ok(
            cwd,
            &[
                "simulate",
                &format!("b/{seed}/scenario.yaml"),
                "--runs",
                "12",
                "--json",
            ],
        );
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(r["runs"], "12");
        let rate: f64 = r["win_rate"].parse().unwrap();
        assert!(
            (rate - v["win_rate"].as_f64().unwrap()).abs() < 1e-4,
            "seed {seed}: {rate} vs {json}"
        );
        let moves: f64 = r["mean_moves"].parse().unwrap();
        assert!(
            (moves - v["mean_moves"].as_f64().unwrap()).abs() <= 0.005 + 1e-9,
            "seed {seed}: {moves} vs {json}"
        );
    }
}

#[test]
fn a_rated_filtered_batch_is_the_same_for_any_jobs_and_three_shards_merged() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let common = [
        "--count",
        "5",
        "--only",
        "index",
        "--simulate",
        "10",
        "--filter",
        "win_rate>=0.5",
        "--filter",
        "objective_steps<=20",
    ];
    fn with<'a>(common: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        common.iter().chain(extra).copied().collect()
    }
    batch(cwd, "one", &with(&common, &["--jobs", "1"]));
    batch(cwd, "two", &with(&common, &["--jobs", "2"]));
    assert_eq!(tree(&cwd.join("one")), tree(&cwd.join("two")));
    for i in 1..=3 {
        let shard = format!("{i}/3");
        batch(cwd, &format!("s{i}"), &with(&common, &["--shard", &shard]));
    }
    ok(
        cwd,
        &["batch", "merge", "s1", "s2", "s3", "--out", "merged", "-q"],
    );
    assert_eq!(tree(&cwd.join("one")), tree(&cwd.join("merged")));
    // Exactly --count rows, each meeting every filter, each slot's seed
    // one of its own (k + 1, k + 1 + 5, …).
    let index = String::from_utf8(read(&cwd.join("one/index.csv"))).unwrap();
    let rows = rows(&index);
    assert_eq!(rows.len(), 5);
    let mut slots: Vec<u64> = Vec::new();
    for r in &rows {
        let rate: f64 = r["win_rate"].parse().unwrap();
        let steps: u32 = r["objective_steps"].parse().unwrap();
        assert!(rate >= 0.5 && steps <= 20, "{r:?}");
        slots.push((r["seed"].parse::<u64>().unwrap() - 1) % 5);
    }
    slots.sort();
    assert_eq!(slots, [0, 1, 2, 3, 4], "one row per slot");
}

#[test]
fn a_resumed_batch_finishes_into_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let args = ["--count", "4", "--only", "yaml"];
    batch(cwd, "whole", &args);
    batch(cwd, "part", &args);
    // As a killed run leaves it: one folder unfinished, no index yet.
    std::fs::remove_file(cwd.join("part/3/scenario.yaml")).unwrap();
    for f in ["index.csv", "index.yaml", "batch.yaml"] {
        std::fs::remove_file(cwd.join("part").join(f)).unwrap();
    }
    let more: Vec<&str> = args.iter().copied().chain(["--resume"]).collect();
    batch(cwd, "part", &more);
    assert_eq!(tree(&cwd.join("whole")), tree(&cwd.join("part")));
    // A resume with other options is refused, naming the file that differs.
    let r = run(
        cwd,
        &[
            "batch",
            DW[0],
            DW[1],
            "--count",
            "4",
            "--only",
            "yaml",
            "--difficulty",
            "hard",
            "--out",
            "part",
            "--resume",
        ],
    );
    common::one_error_line(&r, &["differs from what this command generates"]).unwrap();
    assert_eq!(tree(&cwd.join("whole")), tree(&cwd.join("part")));
}

#[test]
fn bad_options_are_one_line_and_write_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    for (more, says) in [
        (
            vec!["--filter", "depth>=3"],
            vec![
                "--filter depth>=3",
                "has no column depth",
                "objective_steps",
            ],
        ),
        (vec!["--filter", "win_rate>=0.5"], vec!["add --simulate N"]),
        (
            vec!["--mission", "rescue"],
            vec!["--mission is for the MKD Adventure"],
        ),
        (
            vec!["--floors", "2"],
            vec!["--floors is for the MKD Adventure"],
        ),
        (
            vec!["--simulate", "3", "--party", "missing.yaml"],
            vec!["missing.yaml"],
        ),
        (
            vec!["--only", "yaml", "--dpi", "200"],
            vec!["--dpi", "--only yaml"],
        ),
    ] {
        let mut args = vec!["batch", DW[0], DW[1], "--count", "2", "--out", "o"];
        args.extend(&more);
        let r = run(cwd, &args);
        // A file that is not there is bad input (exit 1); the rest are
        // refusals of the command line (exit 2).
        let checked = if more.contains(&"missing.yaml") {
            common::one_error_line(&r, &says)
        } else {
            common::usage_error_line(&r, &says)
        };
        checked.unwrap_or_else(|e| panic!("{more:?}: {e}"));
        assert!(!cwd.join("o").exists(), "{more:?} wrote the folder");
    }
    // An MKD batch refuses a Dungeon World 10 mm column by name too.
    let r = run(
        cwd,
        &[
            "batch",
            "--count",
            "2",
            "--out",
            "o",
            "--filter",
            "objective_steps<9",
        ],
    );
    common::usage_error_line(&r, &["mkd-adventure index has no column objective_steps"]).unwrap();
    assert!(!cwd.join("o").exists());
}

/// A filter on the win rate stops playing a scenario once its runs left
/// cannot bring it into the band, and keeps exactly the scenarios playing
/// every run would: each slot keeps the first of its seeds whose full
/// rating (from an unfiltered batch) meets the filters, with that rating.
#[test]
fn a_win_rate_filter_keeps_what_playing_every_run_would() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let rated = ["--only", "index", "--simulate", "10"];
    let all: Vec<&str> = rated.iter().copied().chain(["--count", "12"]).collect();
    batch(cwd, "all", &all);
    let full = rows(&String::from_utf8(read(&cwd.join("all/index.csv"))).unwrap());
    // The band: up to 0.95 (below a perfect record), and from the lowest
    // of the slots' best win rates within that (so every slot keeps a
    // seed).
    let rate =
        |r: &std::collections::BTreeMap<String, String>| -> f64 { r["win_rate"].parse().unwrap() };
    let low = (0..3)
        .map(|k| {
            (0..4)
                .map(|i| rate(&full[k + 3 * i]))
                .filter(|r| *r <= 0.95)
                .fold(0.0, f64::max)
        })
        .fold(1.0, f64::min)
        .min(0.9);
    let (low_text, high_text) = (format!("win_rate>={low}"), "win_rate<=0.95".to_string());
    let filters = [low_text.as_str(), high_text.as_str()];
    let meets = |r: &std::collections::BTreeMap<String, String>| rate(r) >= low && rate(r) <= 0.95;
    let mut some: Vec<&str> = rated.to_vec();
    some.extend(["--count", "3", "--max-attempts", "4"]);
    for f in filters {
        some.extend(["--filter", f]);
    }
    batch(cwd, "kept", &some);
    let kept = rows(&String::from_utf8(read(&cwd.join("kept/index.csv"))).unwrap());
    assert_eq!(kept.len(), 3);
    let mut slots = Vec::new();
    for row in &kept {
        // Slot k tries seeds k+1, k+4, k+7, k+10; rows come in seed order.
        let k = (row["seed"].parse::<usize>().unwrap() - 1) % 3;
        let first = (0..4)
            .map(|i| &full[k + 3 * i])
            .find(|r| meets(r))
            .expect("a seed of the slot meets the filters");
        assert_eq!(row, first, "slot {k}");
        slots.push(k);
    }
    slots.sort();
    assert_eq!(slots, [0, 1, 2]);
    assert!(
        full.iter().any(|r| !meets(r)),
        "the filters rule some scenario out, so the early stop is exercised"
    );
}

/// Shards of two games' batches do not merge: their headers differ, and
/// the refusal says why, with nothing written.
#[test]
fn shards_of_two_games_do_not_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let share = |i: &str| ["--count", "2", "--only", "index", "--shard", i].map(String::from);
    batch(cwd, "dw", &share("2/2").each_ref().map(String::as_str));
    let mut mkd = vec!["batch", "--out", "mkd", "-q"];
    let first = share("1/2");
    mkd.extend(first.iter().map(String::as_str));
    ok(cwd, &mkd);
    let r = run(cwd, &["batch", "merge", "mkd", "dw", "--out", "both"]);
    common::one_error_line(&r, &["header differs", "or for another game?"]).unwrap();
    assert!(!cwd.join("both").exists(), "no --out folder is made");
}
