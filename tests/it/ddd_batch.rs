//! `tilecrawl batch --ruleset dd-and-d` through the real binary: each
//! folder is what `generate` writes for its seed, the index agrees with
//! each board and with `simulate`, the result does not depend on `--jobs`
//! or `--shard`, and bad options are one line with nothing written.

use crate::common::{self, rows, run_in as run, run_ok as ok};
use std::collections::BTreeMap;
use std::path::Path;

const DD: [&str; 2] = ["--ruleset", "dd-and-d"];

/// `batch --ruleset dd-and-d` with `more` and `--out out`, quietly.
fn batch(cwd: &Path, out: &str, more: &[&str]) {
    let mut args = vec!["batch", DD[0], DD[1], "--out", out, "-q"];
    args.extend(more);
    ok(cwd, &args);
}

fn index(cwd: &Path, out: &str) -> Vec<BTreeMap<String, String>> {
    rows(&std::fs::read_to_string(cwd.join(out).join("index.csv")).unwrap())
}

fn file(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn each_folder_is_what_generate_writes_and_the_rating_is_simulates() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    batch(
        cwd,
        "b",
        &["--count", "2", "--scenario", "battle", "--simulate", "6"],
    );
    for r in index(cwd, "b") {
        let seed = &r["seed"];
        assert_eq!(r["scenario"], "battle");
        let g = format!("g{seed}");
        ok(
            cwd,
            &[
                "generate",
                DD[0],
                DD[1],
                "--scenario",
                "battle",
                "--seed",
                seed,
                "--simulate",
                "6",
                "--out",
                &g,
                "-q",
            ],
        );
        let names: Vec<&str> = r["files"].split(';').collect();
        assert_eq!(names[0], "scenario.yaml");
        for n in &names {
            assert_eq!(
                file(&cwd.join("b").join(seed).join(n)),
                file(&cwd.join(&g).join(n)),
                "seed {seed}: {n}"
            );
        }
        let made = std::fs::read_dir(cwd.join(&g)).unwrap().count();
        assert_eq!(names.len(), made, "files lists what generate writes");
        let sheet = String::from_utf8(file(&cwd.join("b").join(seed).join("setup.md"))).unwrap();
        assert!(
            sheet.contains("- **Plays:** Blue (the default war party) wins about "),
            "{sheet}"
        );
        let json = ok(
            cwd,
            &[
                "simulate",
                &format!("b/{seed}/scenario.yaml"),
                "--runs",
                "6",
                "--json",
            ],
        );
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let rate = |k: &str| v[k].as_f64().unwrap() / 6.0;
        for (column, want) in [
            ("blue_win_rate", rate("blue_wins")),
            ("red_win_rate", rate("red_wins")),
            ("attacker_win_rate", rate("attacker_wins")),
            ("mean_rounds", v["mean_rounds"].as_f64().unwrap()),
        ] {
            let got: f64 = r[column].parse().unwrap();
            assert!(
                (got - want).abs() <= 0.005 + 1e-9,
                "seed {seed} {column}: {got} vs {json}"
            );
        }
        // The board's own figures.
        let s: String =
            String::from_utf8(file(&cwd.join("b").join(seed).join("scenario.yaml"))).unwrap();
        let sc: tilecrawl::ddd::DddScenario =
            tilecrawl::scenario::from_yaml(&s, "scenario.yaml").unwrap();
        assert_eq!(r["doors"], sc.game.doors.len().to_string());
        assert_eq!(r["exits"], sc.game.exits.len().to_string());
        assert_eq!(r["width"], sc.size.width.to_string());
    }
}

/// `generate --ruleset dd-and-d --simulate N` rates the board as
/// `simulate --runs N` plays it: in the summary, in `--json`, and on the
/// sheet, which is otherwise the unrated one.
#[test]
fn generate_rates_a_board_as_simulate_plays_it() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let args = |out: &'static str, more: &[&'static str]| -> Vec<&'static str> {
        let mut a = vec!["generate", DD[0], DD[1], "--seed", "5", "--out", out];
        a.extend(more);
        a
    };
    let json = ok(cwd, &args("rated", &["--simulate", "8", "--json"]));
    ok(cwd, &args("plain", &["-q"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let sim = ok(
        cwd,
        &["simulate", "rated/scenario.yaml", "--runs", "8", "--json"],
    );
    let w: serde_json::Value = serde_json::from_str(&sim).unwrap();
    for k in [
        "runs",
        "blue_wins",
        "red_wins",
        "attacker_wins",
        "mean_rounds",
    ] {
        assert_eq!(v["rating"][k], w[k], "{k}: {json} vs {sim}");
    }
    let rated = String::from_utf8(file(&cwd.join("rated/setup.md"))).unwrap();
    let plain = String::from_utf8(file(&cwd.join("plain/setup.md"))).unwrap();
    let line = rated
        .lines()
        .find(|l| l.starts_with("- **Plays:** "))
        .expect("the sheet says how it plays");
    let blue = (w["blue_wins"].as_f64().unwrap() * 100.0 / 8.0).round();
    assert!(
        line.contains(&format!("Blue (the default war party) wins about {blue} %")),
        "{line}"
    );
    assert!(line.contains("of 8 games"), "{line}");
    assert_eq!(rated.replace(&format!("{line}\n"), ""), plain);
    assert_eq!(
        file(&cwd.join("rated/scenario.yaml")),
        file(&cwd.join("plain/scenario.yaml"))
    );
    // A bad war-party file is refused before anything is written.
    let r = run(
        cwd,
        &args("bad", &["--simulate", "2", "--warparty", "missing.yaml"]),
    );
    common::one_error_line(&r, &["missing.yaml"]).unwrap();
    assert!(!cwd.join("bad").exists());
}

#[test]
fn a_rated_filtered_batch_is_the_same_for_any_jobs_and_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let common = [
        "--count",
        "4",
        "--only",
        "index",
        "--simulate",
        "4",
        "--filter",
        "blue_win_rate>=0.25",
        "--filter",
        "doors>=5",
    ];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        common.iter().chain(extra).copied().collect()
    };
    batch(cwd, "one", &with(&["--jobs", "1"]));
    batch(cwd, "two", &with(&["--jobs", "2"]));
    batch(cwd, "s1", &with(&["--shard", "1/2"]));
    batch(cwd, "s2", &with(&["--shard", "2/2"]));
    ok(cwd, &["batch", "merge", "s1", "s2", "--out", "m", "-q"]);
    for f in ["index.csv", "index.yaml", "batch.yaml"] {
        let one = file(&cwd.join("one").join(f));
        assert_eq!(one, file(&cwd.join("two").join(f)), "{f}");
        assert_eq!(one, file(&cwd.join("m").join(f)), "{f}");
    }
    let rows = index(cwd, "one");
    assert_eq!(rows.len(), 4);
    for r in &rows {
        let rate: f64 = r["blue_win_rate"].parse().unwrap();
        let doors: u32 = r["doors"].parse().unwrap();
        assert!(rate >= 0.25 && doors >= 5, "{r:?}");
    }
}

#[test]
fn bad_options_are_one_line_and_write_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    for (more, says) in [
        (
            vec!["--sets", "3"],
            vec!["--sets is not an option of --ruleset dd-and-d"],
        ),
        (
            vec!["--simulate", "2", "--party", "p.yaml"],
            vec!["--party is not an option of --ruleset dd-and-d"],
        ),
        (
            vec!["--filter", "depth>=3"],
            vec!["has no column depth", "locked_doors"],
        ),
        (
            vec!["--filter", "blue_win_rate>=0.5"],
            vec!["add --simulate N"],
        ),
        (vec!["--cutouts"], vec!["--cutouts"]),
        (
            vec!["--scenario", "battle", "--warparty", "w.yaml"],
            vec!["a named scenario needs none"],
        ),
    ] {
        let mut args = vec!["batch", DD[0], DD[1], "--count", "2", "--out", "o"];
        args.extend(&more);
        let r = run(cwd, &args);
        // Each is a refusal of the command line: bad usage, exit 2.
        common::usage_error_line(&r, &says).unwrap_or_else(|e| panic!("{more:?}: {e}"));
        assert!(!cwd.join("o").exists(), "{more:?} wrote the folder");
    }
}

/// Filters on the counts of wins stop playing a board once the games left
/// cannot bring it into the band, and keep what playing every game would:
/// each kept row is the unfiltered batch's row of the first seed of its
/// slot that meets the filters, and its folder what the unfiltered batch
/// writes for that seed.
#[test]
fn a_win_rate_filter_keeps_what_playing_every_game_would() {
    type R = BTreeMap<String, String>;
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    // Five games, so every rate is a multiple of 0.2 and reads back exactly.
    let rated = ["--simulate", "5"];
    let mut all = vec!["--only", "index", "--count", "8"];
    all.extend(rated);
    batch(cwd, "all", &all);
    let full = index(cwd, "all");
    let rate = |r: &R, column: &str| -> f64 { r[column].parse().unwrap() };
    // Slot k of two tries seeds k+1, k+3, k+5, k+7.
    let slot = |k: usize| -> Vec<&R> { (0..4).map(|i| &full[k + 2 * i]).collect() };
    // A band on a column from the lowest to the highest of the slots'
    // second seeds' rates, so every slot keeps its first or second seed.
    let band = |column: &'static str| {
        let second = (0..2).map(|k| rate(slot(k)[1], column));
        let low = second.clone().fold(1.0, f64::min);
        (column, low, second.fold(0.0, f64::max))
    };
    let sets: [&[&'static str]; 2] = [&["blue_win_rate"], &["red_win_rate", "attacker_win_rate"]];
    for (n, columns) in sets.iter().enumerate() {
        let bands: Vec<(&str, f64, f64)> = columns.iter().map(|c| band(c)).collect();
        let meets = |r: &R| {
            bands
                .iter()
                .all(|&(c, low, high)| (low..=high).contains(&rate(r, c)))
        };
        let filters: Vec<String> = bands
            .iter()
            .flat_map(|(c, low, high)| [format!("{c}>={low}"), format!("{c}<={high}")])
            .collect();
        assert!(
            full.iter().any(|r| !meets(r)),
            "{filters:?}: the filters rule some board out, so the early stop is exercised"
        );
        let out = format!("kept{n}");
        let mut some: Vec<&str> = vec!["--count", "2", "--max-attempts", "4"];
        some.extend(rated);
        // The first set writes whole folders, the second the index only.
        some.extend(if n == 0 {
            ["--only", "all"]
        } else {
            ["--only", "index"]
        });
        for f in &filters {
            some.extend(["--filter", f.as_str()]);
        }
        batch(cwd, &out, &some);
        let kept = index(cwd, &out);
        let slots: Vec<usize> = kept
            .iter()
            .map(|r| (r["seed"].parse::<usize>().unwrap() - 1) % 2)
            .collect();
        assert!(slots == [0, 1] || slots == [1, 0], "{n}: {slots:?}");
        for (row, k) in kept.iter().zip(slots) {
            let first = slot(k)
                .into_iter()
                .find(|r| meets(r))
                .expect("a seed meets the filters");
            let mut row = row.clone();
            let files = row.insert("files".into(), String::new()).unwrap();
            assert_eq!(&row, first, "{n}: slot {k}");
            if n == 0 {
                // The folder as the unfiltered batch writes it.
                let seed = row["seed"].as_str();
                let mut one = vec!["--count", "1", "--seed-start", seed, "--only", "all"];
                one.extend(rated);
                batch(cwd, "one", &one);
                assert_eq!(index(cwd, "one")[0]["files"], files);
                for f in files.split(';') {
                    let p = |dir: &str| cwd.join(dir).join(seed).join(f);
                    assert_eq!(file(&p(&out)), file(&p("one")), "seed {seed}: {f}");
                }
                std::fs::remove_dir_all(cwd.join("one")).unwrap();
            }
        }
    }
}

/// The rating's words name the war-party files played, as the other games
/// name the party file (`for the party in FILE`): on `generate`'s summary
/// and sheet and on a batch's sheets (a user's audit: the sheet said only
/// "both sides played by the policy").
#[test]
fn the_rating_names_the_war_party_files_it_played() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    ok(
        cwd,
        &["warparty", "new", "--seed", "5", "--out", "mine.yaml", "-q"],
    );
    ok(
        cwd,
        &[
            "warparty",
            "new",
            "--seed",
            "6",
            "--out",
            "theirs.yaml",
            "-q",
        ],
    );
    let summary = ok(
        cwd,
        &[
            "generate",
            DD[0],
            DD[1],
            "--seed",
            "7",
            "--simulate",
            "6",
            "--warparty",
            "mine.yaml",
            "--out",
            "g",
        ],
    );
    let words = "Blue (the war party in mine.yaml) wins about ";
    let red = "and Red (the default war party) ";
    assert!(
        summary.contains(&format!("plays: {words}")) && summary.contains(red),
        "{summary}"
    );
    let sheet = String::from_utf8(file(&cwd.join("g/setup.md"))).unwrap();
    assert!(
        sheet.contains(&format!("- **Plays:** {words}")) && sheet.contains(red),
        "{sheet}"
    );
    batch(
        cwd,
        "b",
        &[
            "--count",
            "1",
            "--seed-start",
            "7",
            "--simulate",
            "6",
            "--warparty",
            "mine.yaml",
            "--opponent",
            "theirs.yaml",
        ],
    );
    let sheet = String::from_utf8(file(&cwd.join("b/7/setup.md"))).unwrap();
    assert!(
        sheet.contains(&format!("- **Plays:** {words}"))
            && sheet.contains("and Red (the war party in theirs.yaml) "),
        "{sheet}"
    );
}
