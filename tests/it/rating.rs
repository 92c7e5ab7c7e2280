//! `batch --simulate` (issue 21): every adventure rated by playing it, the
//! rating the same as `simulate` gives, the index the same for any `--jobs`
//! and shard split, and `--filter` on the rating keeping only adventures in
//! the band.

use crate::common::{self, one_error_line, rows};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tilecrawl::mkd::batch::Rating;
use tilecrawl::mkd::play::floors::Adventure;
use tilecrawl::mkd::play::party;
use tilecrawl::mkd::play::simulate::{DEFAULT_MAX_TURNS, SimOptions, simulate_adventure};

fn batch(cwd: &Path, out: &str, extra: &[&str]) -> common::Run {
    let mut args = vec!["batch", "--quiet", "--only", "yaml", "--out", out];
    args.extend_from_slice(extra);
    common::run_env(cwd, &args, &[], Duration::from_secs(600))
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The rating columns are `simulate`'s figures for the same scenario, seed
/// and party; the index is the same for `--jobs 1` and `--jobs 2`, and three
/// shards merged by `batch merge` give the whole's index byte for byte.
#[test]
fn the_rating_is_what_simulate_says_and_does_not_depend_on_jobs_or_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let base = ["--count", "4", "--seed-start", "7", "--simulate", "12"];
    for (out, extra) in [
        ("j1", &["--jobs", "1"][..]),
        ("j2", &["--jobs", "2"][..]),
        ("s1", &["--shard", "1/3"][..]),
        ("s2", &["--shard", "2/3"][..]),
        ("s3", &["--shard", "3/3"][..]),
    ] {
        let r = batch(tmp.path(), out, &[&base[..], extra].concat());
        assert_eq!(r.code, Some(0), "{out}: {}", r.stderr);
    }
    let r = common::run_env(
        tmp.path(),
        &["batch", "merge", "s1", "s2", "s3", "--out", "merged"],
        &[],
        Duration::from_secs(60),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "merged 4 adventure(s) from 3 shard(s) into merged: index.csv, index.yaml, batch.yaml\n"
    );
    let whole = read(&tmp.path().join("j1/index.csv"));
    for other in ["j2", "merged"] {
        assert_eq!(
            read(&tmp.path().join("j1/batch.yaml")),
            read(&tmp.path().join(other).join("batch.yaml")),
            "{other}"
        );
        assert_eq!(
            whole,
            read(&tmp.path().join(other).join("index.csv")),
            "{other}"
        );
        assert_eq!(
            read(&tmp.path().join("j1/index.yaml")),
            read(&tmp.path().join(other).join("index.yaml")),
            "{other}"
        );
    }
    assert_eq!(rows(&whole).len(), 4);
    // A shard given twice is refused, and nothing is written.
    let r = common::run_env(
        tmp.path(),
        &["batch", "merge", "s1", "s2", "s1", "--out", "twice"],
        &[],
        Duration::from_secs(60),
    );
    one_error_line(&r, &["s1 and s1 are both shard 1/3"]).unwrap();
    assert!(!tmp.path().join("twice").exists());
    assert!(
        whole.starts_with("seed,")
            && whole.lines().next().unwrap().ends_with(
                ",mission,files,runs,win_rate,win_rate_low,win_rate_high,median_turns,heroes_lost"
            ),
        "{whole}"
    );

    let party = Arc::new(party::default_party());
    let tables = Arc::new(tilecrawl::mkd::tables::default_tables());
    for row in rows(&whole) {
        let seed = &row["seed"];
        let text = read(&tmp.path().join("j1").join(seed).join("scenario.yaml"));
        let s = Arc::new(tilecrawl::mkd::scenario::from_yaml(&text, "scenario.yaml").unwrap());
        let opts = SimOptions {
            runs: 12,
            seed: s.seed,
            max_turns: DEFAULT_MAX_TURNS,
        };
        let report = simulate_adventure(&Adventure::Scenario(s), &party, &tables, &opts, &|| {});
        let want = Rating::of(&report);
        assert_eq!(row["runs"], "12");
        assert_eq!(
            row["win_rate"],
            format!("{:.4}", want.win_rate),
            "seed {seed}"
        );
        assert_eq!(row["win_rate_low"], format!("{:.4}", want.win_rate_low));
        assert_eq!(row["win_rate_high"], format!("{:.4}", want.win_rate_high));
        assert_eq!(row["median_turns"], want.median_turns.to_string());
        assert_eq!(row["heroes_lost"], format!("{:.3}", want.heroes_lost));
        let (lo, hi): (f64, f64) = (
            row["win_rate_low"].parse().unwrap(),
            row["win_rate_high"].parse().unwrap(),
        );
        let rate: f64 = row["win_rate"].parse().unwrap();
        assert!(lo <= rate && rate <= hi, "{row:?}");
    }
}

/// `--filter win_rate>=…` keeps exactly `--count` adventures, each in the
/// band; a rating filter without `--simulate` is refused with advice.
#[test]
fn a_win_rate_band_keeps_only_adventures_in_it() {
    let tmp = tempfile::tempdir().unwrap();
    let r = batch(
        tmp.path(),
        "band",
        &[
            "--count",
            "2",
            "--simulate",
            "10",
            "--filter",
            "win_rate>=0.1",
            "--filter",
            "win_rate<=0.9",
            "--max-attempts",
            "30",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let rows = rows(&read(&tmp.path().join("band/index.csv")));
    assert_eq!(rows.len(), 2);
    for row in rows {
        let rate: f64 = row["win_rate"].parse().unwrap();
        assert!((0.1..=0.9).contains(&rate), "{row:?}");
    }
    let r = batch(
        tmp.path(),
        "nosim",
        &["--count", "2", "--filter", "win_rate>=0.4"],
    );
    common::usage_error_line(&r, &["win_rate", "--simulate"]).unwrap();
    let r = batch(
        tmp.path(),
        "frac",
        &["--count", "2", "--filter", "depth>=0.5"],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("not a whole number"), "{}", r.stderr);
}

/// The index of seeds 7 to 12, each rated over 12 runs, unfiltered (in
/// `all` under `cwd`): what the filtered batches are checked against.
fn rated_seeds_7_to_12(cwd: &Path) -> String {
    let r = batch(
        cwd,
        "all",
        &["--count", "6", "--seed-start", "7", "--simulate", "12"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    read(&cwd.join("all/index.csv"))
}

/// A batch that keeps the first of seeds 7 to 12 its filters (added after
/// these) let through, each rated over 12 runs.
const FIRST_OF_SEEDS_7_TO_12: [&str; 8] = [
    "--count",
    "1",
    "--seed-start",
    "7",
    "--simulate",
    "12",
    "--max-attempts",
    "6",
];

/// With a filter on the win rate, a batch stops playing an adventure once
/// the runs left cannot bring it into the band; it keeps the adventure a
/// batch playing every run keeps, with the same row: the first seed whose
/// whole rating is in the band.
#[test]
fn a_win_rate_band_keeps_what_the_whole_ratings_pick_row_for_row() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = rated_seeds_7_to_12(tmp.path());
    let rate = |row: &std::collections::BTreeMap<String, String>| -> f64 {
        row["win_rate"].parse().unwrap()
    };
    let all = rows(&whole);
    // A band round the first rate unlike seed 7's, so seed 7 is passed
    // over (rates of 12 runs lie 1/12 apart; the band is narrower).
    let Some(target) = all
        .iter()
        .map(rate)
        .find(|&w| (w - rate(&all[0])).abs() > 0.01)
    else {
        panic!("seeds 7 to 12 all play alike: {whole}");
    };
    let (low, high) = (target - 0.001, target + 0.001);
    let (low, high) = (format!("win_rate>={low}"), format!("win_rate<={high}"));
    let band = [
        &FIRST_OF_SEEDS_7_TO_12[..],
        &["--filter", &low, "--filter", &high],
    ]
    .concat();
    for (out, jobs) in [("band", "2"), ("band1", "1")] {
        let r = batch(tmp.path(), out, &[&band[..], &["--jobs", jobs]].concat());
        assert_eq!(r.code, Some(0), "{}", r.stderr);
    }
    let kept = read(&tmp.path().join("band/index.csv"));
    assert_eq!(kept, read(&tmp.path().join("band1/index.csv")), "--jobs 1");
    let want = whole
        .lines()
        .skip(1)
        .zip(&all)
        .find(|(_, row)| (rate(row) - target).abs() <= 0.001)
        .map(|(line, _)| line)
        .expect("the target's own seed is in the band");
    assert!(!want.starts_with("7,"), "{want}");
    assert_eq!(kept.lines().skip(1).collect::<Vec<_>>(), [want], "{kept}");
    assert_eq!(kept.lines().next(), whole.lines().next());
}

/// Filters on the heroes lost and the median turns also stop playing an
/// adventure once the runs left cannot meet them, and keep what the whole
/// ratings pick: the first seed whose whole rating meets them, row for row.
#[test]
fn heroes_lost_and_median_turns_filters_keep_what_the_whole_ratings_pick() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = rated_seeds_7_to_12(tmp.path());
    let all = rows(&whole);
    let lost = |row: &std::collections::BTreeMap<String, String>| -> f64 {
        row["heroes_lost"].parse().unwrap()
    };
    let turns = |row: &std::collections::BTreeMap<String, String>| -> u32 {
        row["median_turns"].parse().unwrap()
    };
    // The first rating unlike seed 7's in both columns, so seed 7 is passed
    // over.
    let Some(target) = all
        .iter()
        .find(|row| (lost(row) - lost(&all[0])).abs() > 0.01 && turns(row) != turns(&all[0]))
    else {
        panic!("seeds 7 to 12 all play alike: {whole}");
    };
    let (l, t) = (lost(target), turns(target));
    let filters = [
        format!("heroes_lost>={}", l - 0.001),
        format!("heroes_lost<={}", l + 0.001),
        format!("median_turns=={t}"),
    ];
    let mut args = FIRST_OF_SEEDS_7_TO_12.to_vec();
    for f in &filters {
        args.extend(["--filter", f.as_str()]);
    }
    let r = batch(tmp.path(), "kept", &args);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let kept = read(&tmp.path().join("kept/index.csv"));
    let want = whole
        .lines()
        .skip(1)
        .zip(&all)
        .find(|(_, row)| (lost(row) - l).abs() <= 0.001 && turns(row) == t)
        .map(|(line, _)| line)
        .expect("the target's own seed meets the filters");
    assert!(!want.starts_with("7,"), "{want}");
    assert_eq!(kept.lines().skip(1).collect::<Vec<_>>(), [want], "{kept}");
}

/// `generate --simulate N` prints the rating and puts it on the setup sheet,
/// in the words `Rating::words` gives for `simulate`'s report.
#[test]
fn generate_says_how_the_adventure_plays_in_the_summary_and_on_the_sheet() {
    let tmp = tempfile::tempdir().unwrap();
    let r = common::run_env(
        tmp.path(),
        &["generate", "--seed", "7", "--simulate", "16", "--out", "g"],
        &[],
        Duration::from_secs(300),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = read(&tmp.path().join("g/scenario.yaml"));
    let s = Arc::new(tilecrawl::mkd::scenario::from_yaml(&text, "scenario.yaml").unwrap());
    let opts = SimOptions {
        runs: 16,
        seed: 7,
        max_turns: DEFAULT_MAX_TURNS,
    };
    let report = simulate_adventure(
        &Adventure::Scenario(s),
        &Arc::new(party::default_party()),
        &Arc::new(tilecrawl::mkd::tables::default_tables()),
        &opts,
        &|| {},
    );
    let words = Rating::of(&report).words("the default party");
    assert!(words.starts_with("wins about "), "{words}");
    assert!(
        r.stdout.contains(&format!("plays: {words}\n")),
        "{}",
        r.stdout
    );
    let sheet = read(&tmp.path().join("g/setup.md"));
    assert!(sheet.contains(&format!("**Plays:** {words}")), "{sheet}");
    // Without --simulate the sheet says nothing of it.
    let r = common::run_env(
        tmp.path(),
        &["generate", "--seed", "7", "--out", "plain", "-q"],
        &[],
        Duration::from_secs(300),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!read(&tmp.path().join("plain/setup.md")).contains("Plays"));
}

/// A scenario file keeps no rating: `render` alone draws a sheet without
/// the Plays line, and `render --simulate N` with the N the adventure was
/// rated with writes the sheet `generate --simulate N` wrote, for each
/// game.
#[test]
fn render_simulate_writes_the_rating_generate_simulate_wrote() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let r = common::run_env(tmp.path(), args, &[], Duration::from_secs(300));
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
    };
    for (game, sheet) in [
        ("mkd-adventure", "setup.md"),
        ("dungeon-world-10mm", "setup.md"),
        ("dd-and-d", "setup.md"),
    ] {
        let (made, plain, again) = (
            format!("{game}-made"),
            format!("{game}-plain"),
            format!("{game}-again"),
        );
        run(&[
            "generate",
            "--ruleset",
            game,
            "--seed",
            "5",
            "--simulate",
            "6",
            "--dpi",
            "20",
            "--out",
            &made,
            "-q",
        ]);
        let scenario = format!("{made}/scenario.yaml");
        run(&["render", &scenario, "--dpi", "20", "--out", &plain, "-q"]);
        run(&[
            "render",
            &scenario,
            "--dpi",
            "20",
            "--simulate",
            "6",
            "--out",
            &again,
            "-q",
        ]);
        let want = read(&tmp.path().join(&made).join(sheet));
        assert!(want.contains("**Plays"), "{game}: {want}");
        assert!(
            !read(&tmp.path().join(&plain).join(sheet)).contains("**Plays"),
            "{game}"
        );
        assert_eq!(read(&tmp.path().join(&again).join(sheet)), want, "{game}");
    }
    // A war-party file is not a party: refused for a board, as usage.
    let r = common::run_env(
        tmp.path(),
        &[
            "render",
            "dd-and-d-made/scenario.yaml",
            "--simulate",
            "2",
            "--party",
            "p.yaml",
            "--out",
            "x",
        ],
        &[],
        Duration::from_secs(60),
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("error: --party is for MKD and dungeon-world-10mm scenarios"),
        "{}",
        r.stderr
    );
}

/// `batch --simulate N` puts each adventure's rating on its setup sheet in
/// the words `generate --simulate N` puts there for the same seed: the
/// sheets are the same bytes, one floor or several.
#[test]
fn batch_puts_the_rating_on_the_sheet_as_generate_does() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let r = common::run_env(tmp.path(), args, &[], Duration::from_secs(600));
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
    };
    run(&[
        "generate",
        "--seed",
        "7",
        "--simulate",
        "12",
        "--dpi",
        "20",
        "--out",
        "g",
        "-q",
    ]);
    run(&[
        "batch",
        "--count",
        "1",
        "--seed-start",
        "7",
        "--simulate",
        "12",
        "--dpi",
        "20",
        "--out",
        "b",
        "-q",
    ]);
    let sheet = read(&tmp.path().join("g/setup.md"));
    let line = sheet
        .lines()
        .find(|l| l.contains("**Plays:** wins about "))
        .unwrap_or_else(|| panic!("no rating on generate's sheet: {sheet}"));
    let batch_sheet = read(&tmp.path().join("b/7/setup.md"));
    assert!(batch_sheet.contains(line), "{line}\n{batch_sheet}");
    assert_eq!(sheet, batch_sheet);
    // A multi-floor dungeon: every floor's sheet, as generate writes it.
    run(&[
        "generate",
        "--seed",
        "7",
        "--floors",
        "2",
        "--simulate",
        "6",
        "--dpi",
        "20",
        "--out",
        "gf",
        "-q",
    ]);
    run(&[
        "batch",
        "--count",
        "1",
        "--seed-start",
        "7",
        "--floors",
        "2",
        "--simulate",
        "6",
        "--dpi",
        "20",
        "--out",
        "bf",
        "-q",
    ]);
    for floor in ["floor-1", "floor-2"] {
        let want = read(&tmp.path().join("gf").join(floor).join("setup.md"));
        assert!(want.contains("**Plays:** wins about "), "{floor}: {want}");
        assert_eq!(
            want,
            read(&tmp.path().join("bf/7").join(floor).join("setup.md")),
            "{floor}"
        );
    }
}

/// `campaign next --win-rate LOW..HIGH` keeps the first candidate seed the
/// campaign's heroes win at a rate in the band: its rating is what
/// `simulate` says of the written scenario with the written party, the
/// seeds it passed over played outside the band, and a band no candidate
/// meets is one error line with nothing written.
#[test]
fn campaign_next_keeps_an_adventure_in_the_win_rate_band() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| common::run_env(tmp.path(), args, &[], Duration::from_secs(300));
    let r = run(&[
        "campaign", "new", "Iron", "--seed", "26", "--dir", ".", "-q",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = run(&[
        "campaign",
        "next",
        "Iron",
        "--dir",
        ".",
        "--win-rate",
        "0.5..0.7",
        "--runs",
        "24",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let adv = tmp.path().join("Iron/adventure-1");
    let text = read(&adv.join("scenario.yaml"));
    let s = Arc::new(tilecrawl::mkd::scenario::from_yaml(&text, "scenario.yaml").unwrap());
    let heroes = party::load(&adv.join("party.yaml")).unwrap();
    let opts = SimOptions {
        runs: 24,
        seed: s.seed,
        max_turns: DEFAULT_MAX_TURNS,
    };
    let rating = Rating::of(&simulate_adventure(
        &Adventure::Scenario(s.clone()),
        &Arc::new(heroes),
        &Arc::new(tilecrawl::mkd::tables::default_tables()),
        &opts,
        &|| {},
    ));
    assert!((0.5..=0.7).contains(&rating.win_rate), "{rating:?}");
    let words = rating.words("the heroes of campaign Iron");
    assert!(
        r.stdout.contains(&format!("plays: {words}\n")),
        "{}",
        r.stdout
    );
    assert!(read(&adv.join("setup.md")).contains(&format!("**Plays:** {words}")));
    // The campaign file names the seed kept; the first candidate is the
    // campaign's own seed for adventure 1, so any seed passed over is listed.
    let campaign = read(&tmp.path().join("Iron/campaign.yaml"));
    assert!(
        campaign.contains(&format!("seed: {}", s.seed)),
        "{campaign}"
    );
    let first = tilecrawl::core::dice::adventure_seed(26, 1);
    assert_eq!(
        s.seed != first,
        r.stdout.contains(&format!("{first} (")),
        "{}",
        r.stdout
    );

    // No adventure plays in an empty corner of the band: one error line.
    let r = run(&["campaign", "new", "Cold", "--seed", "3", "--dir", ".", "-q"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = run(&[
        "campaign",
        "next",
        "Cold",
        "--dir",
        ".",
        "--win-rate",
        "0..0",
        "--runs",
        "8",
        "--max-attempts",
        "2",
    ]);
    one_error_line(&r, &["no adventure in 2 tries played in --win-rate 0..0"]).unwrap();
    assert!(!tmp.path().join("Cold/adventure-1/scenario.yaml").exists());
    let r = run(&[
        "campaign",
        "next",
        "Cold",
        "--dir",
        ".",
        "--win-rate",
        "0.7..0.4",
    ]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("expected LOW..HIGH"), "{}", r.stderr);
}

/// `campaign next --win-rate` compares a candidate's win rate as the index
/// prints it, and its messages show those digits: 2 wins of 3 is 0.6667,
/// kept by the band `0.6667..0.6667` and outside `0.67..0.67`, whose
/// refusal lists it as 0.6667 (a user's audit: listed as "0.67", outside
/// 0.67..0.67).
#[test]
fn campaign_next_compares_the_win_rate_as_printed() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| common::run_env(tmp.path(), args, &[], Duration::from_secs(300));
    let r = run(&["campaign", "new", "B2", "--seed", "26", "--dir", ".", "-q"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let next = |band: &str| {
        run(&[
            "campaign",
            "next",
            "B2",
            "--dir",
            ".",
            "--win-rate",
            band,
            "--runs",
            "3",
            "--max-attempts",
            "10",
        ])
    };
    let r = next("0.67..0.67");
    let line = one_error_line(
        &r,
        &["no adventure in 10 tries played in --win-rate 0.67..0.67"],
    )
    .unwrap();
    assert!(line.contains("0.6667") && !line.contains("0.67,"), "{line}");
    let r = next("0.6667..0.6667");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .contains("whose win rate fell outside 0.6667..0.6667: ")
            && r.stdout.contains(" (1.0000)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("plays: wins about 67 % "), "{}", r.stdout);
}

/// `generate --simulate N` (in every game) and `campaign next --win-rate`
/// (in both campaign games) draw `simulate`'s progress bar on a terminal,
/// a campaign's naming the candidate it plays; `-q` hides it (a user's
/// audit: both ran silently for many seconds). Off a terminal nothing is
/// drawn, which every other test sees.
#[cfg(target_os = "linux")]
#[test]
fn generate_and_campaign_next_show_their_runs_on_a_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let term = |args: &[&str]| {
        let (code, seen) = common::run_on_a_terminal(cwd, args);
        assert_eq!(code, 0, "{args:?}: {seen}");
        seen
    };
    for (game, runs) in [
        ("mkd-adventure", "30"),
        ("dungeon-world-10mm", "12"),
        ("dd-and-d", "12"),
    ] {
        let generate = [
            "generate",
            "--ruleset",
            game,
            "--seed",
            "7",
            "--simulate",
            runs,
            "--out",
            game,
            "--force",
        ];
        let seen = term(&generate);
        assert!(
            seen.contains(&format!("/{runs} runs")),
            "{game}: no bar in {seen:?}"
        );
        let mut quiet = generate.to_vec();
        quiet.push("-q");
        let seen = term(&quiet);
        assert!(!seen.contains("runs"), "{game} -q: {seen:?}");
    }
    for (name, ruleset, quiet) in [
        ("Lamp", "mkd-adventure", false),
        ("Dark", "mkd-adventure", true),
        ("Wick", "dungeon-world-10mm", false),
        ("Soot", "dungeon-world-10mm", true),
    ] {
        term(&[
            "campaign",
            "new",
            name,
            "--ruleset",
            ruleset,
            "--seed",
            "3",
            "--dir",
            ".",
            "-q",
        ]);
        let mut next = vec![
            "campaign",
            "next",
            name,
            "--dir",
            ".",
            "--win-rate",
            "0..1",
            "--runs",
            "10",
        ];
        if quiet {
            next.push("-q");
        }
        let seen = term(&next);
        assert_eq!(
            seen.contains("/10 runs") && seen.contains("candidate 1 of at most 20"),
            !quiet,
            "{name}: {seen:?}"
        );
        assert_eq!(seen.contains("runs"), !quiet, "{name}: {seen:?}");
    }
}

/// A `--resume` after the `--party` file (or a `--style` file) was edited is
/// refused with one line: the note records what the file held as well as
/// its path, so every rating of a batch comes from one party and every map
/// from one style (the path alone let an edited party finish a batch
/// another party had begun rating).
#[test]
fn resume_refuses_a_party_or_style_file_edited_since_the_batch_began() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    common::run_ok(
        cwd,
        &[
            "party",
            "new",
            "--ruleset",
            "wod-s",
            "--seed",
            "3",
            "--out",
            "p.yaml",
            "-q",
        ],
    );
    let opts = ["--count", "2", "--simulate", "2", "--party", "p.yaml"];
    let r = batch(cwd, "b", &opts);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let note = read(&cwd.join("b/batch.yaml"));
    assert!(note.contains("party: \"p.yaml (fnv1a64:"), "{note}");
    let resume = [&opts[..], &["--resume"]].concat();
    let r = batch(cwd, "b", &resume);
    assert_eq!(r.code, Some(0), "the same party resumes: {}", r.stderr);
    let party = cwd.join("p.yaml");
    let edited = read(&party).replace("name: World of Dungeons S party", "name: Renamed party");
    assert_ne!(edited, read(&party), "the party has a name to change");
    std::fs::write(&party, edited).unwrap();
    let index = read(&cwd.join("b/index.csv"));
    let r = batch(cwd, "b", &resume);
    assert_eq!(
        one_error_line(
            &r,
            &[
                "error: --resume: ",
                "was made with --party p.yaml (fnv1a64:",
                "this command gives --party p.yaml (fnv1a64:"
            ]
        ),
        Ok(r.stderr.trim_end().to_string())
    );
    assert_eq!(read(&cwd.join("b/index.csv")), index, "nothing rewritten");

    // A style file too.
    let style = cwd.join("s.yaml");
    let ink = concat!(env!("CARGO_MANIFEST_DIR"), "/templates/styles/ink.yaml");
    std::fs::copy(ink, &style).unwrap();
    let styled = [
        "batch", "-q", "--count", "1", "--dpi", "30", "--style", "s.yaml", "--out", "c",
    ];
    let run = |args: &[&str]| common::run_env(cwd, args, &[], Duration::from_secs(600));
    assert_eq!(run(&styled).code, Some(0));
    assert!(read(&cwd.join("c/batch.yaml")).contains("style: \"s.yaml (fnv1a64:"));
    let resume = [&styled[..], &["--resume"]].concat();
    assert_eq!(run(&resume).code, Some(0), "the same style resumes");
    std::fs::write(&style, read(&style) + "\n# edited\n").unwrap();
    let r = run(&resume);
    assert!(
        one_error_line(&r, &["was made with --style s.yaml (fnv1a64:"]).is_ok(),
        "{r:?}"
    );
}

/// `render --simulate N` and `generate --simulate N`, in every game, refuse
/// a file already there before the rating's games, not once they are
/// played (a user lost the time of N games to a refusal that could have
/// come at once). On a terminal the rating draws its bar of runs from the
/// first: here nothing reaches it but the one `error:` line. The file
/// refused is one of those the options name (`--print`'s setup.pdf, a
/// floor's map, the VTT file named by the seed), found before the games.
#[cfg(target_os = "linux")]
#[test]
fn a_file_already_there_is_refused_before_the_rating_s_games() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let refused = |args: &[&str], file: &str| {
        let (code, seen) = common::run_on_a_terminal(cwd, args);
        assert_eq!(code, 1, "{args:?}: {seen:?}");
        assert!(
            seen.contains(&format!("{file} already exists; pass --force")),
            "{args:?}: {seen:?}"
        );
        assert!(!seen.contains("runs"), "{args:?}: games played: {seen:?}");
        // Off a terminal: the one line, and no look-ahead's note either.
        let r = common::run_in(cwd, args);
        one_error_line(&r, &[file, "already exists", "--force"]).unwrap();
    };
    let make = |file: &str| {
        let path = cwd.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "mine").unwrap();
    };
    for game in ["mkd-adventure", "dungeon-world-10mm", "dd-and-d"] {
        let generate = ["generate", "--ruleset", game, "--seed", "7", "--dpi", "20"];
        common::run_ok(cwd, &[&generate[..], &["--out", game, "-q"]].concat());
        let rated = [&generate[..], &["--simulate", "5000", "--out", game]].concat();
        refused(&rated, &format!("{game}/scenario.yaml"));
        let scenario = format!("{game}/scenario.yaml");
        let render = ["render", &scenario, "--dpi", "20", "--simulate", "5000"];
        refused(&render, &format!("{game}/map.svg"));
        // A file only the options name, in a folder of nothing else.
        make(&format!("{game}-paper/setup.pdf"));
        let out = format!("{game}-paper");
        refused(
            &[&render[..], &["--print", "a4", "--out", &out]].concat(),
            &format!("{out}/setup.pdf"),
        );
        let vtt = format!("{game}-vtt/{game}-seed-7.dd2vtt");
        make(&vtt);
        let out = format!("{game}-vtt");
        refused(&[&render[..], &["--vtt", "--out", &out]].concat(), &vtt);
        refused(
            &[
                &generate[..],
                &["--simulate", "5000", "--vtt", "--out", &out],
            ]
            .concat(),
            &vtt,
        );
    }
    // A dungeon of floors: a file of its second floor.
    make("floors/floor-2/map.svg");
    refused(
        &[
            "generate",
            "--seed",
            "7",
            "--floors",
            "2",
            "--simulate",
            "5000",
            "--out",
            "floors",
        ],
        "floors/floor-2/map.svg",
    );
}
