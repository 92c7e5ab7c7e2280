//! Multi-floor dungeons through the command line (issue 5): a scripted
//! two-floor game pinned as a transcript, resumed from its save, a changed
//! floor refused on resume, bad `dungeon.yaml` files refused with one line,
//! and `simulate` on a dungeon. `UPDATE_GOLDEN=1` rewrites the transcript.

use crate::common::{self, run_in as run, run_ok as ok};

use std::path::{Path, PathBuf};

const SCRIPT: &str = "floors-2-seed3";
const DUNGEON_SEED: &str = "3";
const PLAY_SEED: &str = "5";

/// What the pinned game must show: both floors, heroes and a monster using
/// the stairs, the floor change, and the end on floor 2.
const NEEDLES: [&str; 8] = [
    "multi-floor dungeon: floor 1 of 2",
    "== turn 1, floor 1 of 2: Ann's heroes ==",
    "goes down the stairs (3 speed) and waits on floor 2",
    "goes down the stairs to fetch help",
    "comes back up the stairs at",
    "-- floor 1 is done: the heroes below go on to floor 2 of 2 --",
    ", floor 2 of 2: Ann's heroes ==",
    "== the adventure is over: the heroes won ==",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh two-floor dungeon (one tile set a floor) in `dir/d`.
fn dungeon(dir: &Path) -> PathBuf {
    ok(
        dir,
        &[
            "generate",
            "--seed",
            DUNGEON_SEED,
            "--floors",
            "2",
            "--sets",
            "1",
            "--out",
            "d",
        ],
    );
    dir.join("d/dungeon.yaml")
}

fn script() -> PathBuf {
    root().join("tests/scripts").join(format!("{SCRIPT}.txt"))
}

fn play(dir: &Path) -> String {
    ok(
        dir,
        &[
            "play",
            "d/dungeon.yaml",
            "--script",
            script().to_str().expect("utf-8 path"),
            "--seed",
            PLAY_SEED,
            "--combat",
            "dice",
            "--save",
            "save.yaml",
        ],
    )
}

#[test]
fn a_scripted_two_floor_game_gives_its_pinned_transcript_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    dungeon(dir.path());
    let path = root().join(format!("tests/golden/play/{SCRIPT}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let seed = PLAY_SEED.parse().unwrap();
        std::fs::write(script(), auto_script(dir.path(), seed).0).unwrap();
    }
    let got = play(dir.path());
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &got).unwrap();
    } else {
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1)", path.display()));
        if want != got {
            let line = want
                .lines()
                .zip(got.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(want.lines().count().min(got.lines().count()));
            panic!(
                "first difference at line {}:\n  pinned: {:?}\n  now:    {:?}",
                line + 1,
                want.lines().nth(line),
                got.lines().nth(line)
            );
        }
    }
    for needle in NEEDLES {
        assert!(got.contains(needle), "the transcript lacks {needle:?}");
    }
    let floor2 = got.find("-- floor 1 is done").unwrap();
    assert!(got[floor2..].contains("quest-chest"));
    // The save names dungeon.yaml; resuming with the script replays it all.
    let save = std::fs::read_to_string(dir.path().join("save.yaml")).unwrap();
    assert!(save.contains("scenario: d/dungeon.yaml"), "{save}");
    let again = ok(
        dir.path(),
        &[
            "play",
            "--resume",
            "save.yaml",
            "--script",
            script().to_str().unwrap(),
        ],
    );
    assert_eq!(again, got);
}

/// Only the last floor has a Guardian token, and only its sheet speaks of
/// one (a user's audit read "the Guardian WMT does not wander" on a floor
/// with stairs down and no Guardian).
#[test]
fn only_the_floor_with_the_guardian_speaks_of_it() {
    let dir = tempfile::tempdir().unwrap();
    dungeon(dir.path());
    let sheet =
        |n: u32| std::fs::read_to_string(dir.path().join(format!("d/floor-{n}/setup.md"))).unwrap();
    let (first, last) = (sheet(1), sheet(2));
    assert!(first.contains("\nFace down.\n"), "{first}");
    assert!(!first.contains("Guardian WMT does not wander"), "{first}");
    assert!(last.contains("Face down; the Guardian WMT does not wander."));
}

#[test]
fn a_changed_floor_file_stops_a_resume() {
    let dir = tempfile::tempdir().unwrap();
    dungeon(dir.path());
    let lines = "Kestrel moves to 0,0\nend turn\n";
    std::fs::write(dir.path().join("s.txt"), lines).unwrap();
    ok(
        dir.path(),
        &[
            "play",
            "d/dungeon.yaml",
            "--script",
            "s.txt",
            "--save",
            "save.yaml",
        ],
    );
    let r = run(dir.path(), &["play", "--resume", "save.yaml"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.contains("resumed after 2 commands"),
        "{}",
        r.stdout
    );
    // A comment added to floor 2 changes the dungeon's digest.
    let f2 = dir.path().join("d/floor-2/scenario.yaml");
    let mut text = std::fs::read_to_string(&f2).unwrap();
    text.push_str("# edited\n");
    std::fs::write(&f2, text).unwrap();
    let r = run(dir.path(), &["play", "--resume", "save.yaml"]);
    common::one_error_line(&r, &["save.yaml", "has changed since this game was saved"]).unwrap();
}

#[test]
fn bad_dungeon_files_are_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = dungeon(dir.path());
    let good = std::fs::read_to_string(&yaml).unwrap();
    let cases: Vec<(String, Vec<&str>)> = vec![
        (
            good.replace("floor-2/scenario.yaml", "../floor-2/scenario.yaml"),
            vec!["floors[1].scenario: ", "leaves the dungeon's folder"],
        ),
        (
            good.replace("floor-2/scenario.yaml", "floor-9/scenario.yaml"),
            vec![
                "floors[1].scenario: ",
                "floor-9",
                "cannot read a floor scenario",
            ],
        ),
        (
            good.replace("to_floor: 2", "to_floor: 5"),
            vec!["floors[0].stairs.to_floor: is 5"],
        ),
        (
            good.replace("number: 2", "number: 7"),
            vec!["floors[1].number: is 7; expected 2"],
        ),
        (
            good.replace(
                "format: tilecrawl-dungeon/1",
                "format: tilecrawl-dungeon/1\nextra: 1",
            ),
            vec!["extra"],
        ),
    ];
    for (text, needles) in cases {
        std::fs::write(&yaml, &text).unwrap();
        let r = run(dir.path(), &["play", "d/dungeon.yaml", "--force"]);
        common::one_error_line(&r, &needles).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let r = run(dir.path(), &["simulate", "d/dungeon.yaml", "--runs", "1"]);
        common::one_error_line(&r, &needles).unwrap_or_else(|e| panic!("{e}\n{text}"));
    }
    // A staircase moved in a floor file only: the two files disagree.
    std::fs::write(&yaml, &good).unwrap();
    let f1 = dir.path().join("d/floor-1/scenario.yaml");
    let s = std::fs::read_to_string(&f1).unwrap();
    let at = s.find("staircase:").expect("floor 1 has stairs");
    let moved = format!("{}{}", &s[..at], s[at..].replacen(" tile: ", " tile: 9", 1));
    std::fs::write(&f1, moved).unwrap();
    let r = run(dir.path(), &["play", "d/dungeon.yaml", "--force"]);
    common::one_error_line(&r, &["floor-1/scenario.yaml", "staircase"]).unwrap();
}

#[test]
fn simulate_plays_a_dungeon_floor_after_floor() {
    let dir = tempfile::tempdir().unwrap();
    dungeon(dir.path());
    let out = ok(
        dir.path(),
        &[
            "simulate",
            "d/dungeon.yaml",
            "--runs",
            "20",
            "--quiet",
            "--json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["runs"], 20);
    // Floor 1 has no goal: every win went down the stairs first, and some
    // runs win (the pinned game above is one of them).
    assert!(v["wins"].as_u64().unwrap() > 0, "{out}");
    let again = ok(
        dir.path(),
        &[
            "simulate",
            "d/dungeon.yaml",
            "--runs",
            "20",
            "--quiet",
            "--json",
        ],
    );
    assert_eq!(again, out);
}

// ---------------------------------------------------------------- properties

mod props {
    use proptest::prelude::*;
    use std::sync::Arc;
    use tilecrawl::core::dice::run_seed;
    use tilecrawl::mkd::floors::{Count, Dungeon, FloorsParams, build_floors};
    use tilecrawl::mkd::generate::{GenerateParams, generate};
    use tilecrawl::mkd::mission::Mission;
    use tilecrawl::mkd::play::floors::Adventure;
    use tilecrawl::mkd::play::simulate::play_adventure_logged;

    fn base(seed: u64, mission: &str) -> GenerateParams {
        let mut p = GenerateParams {
            seed,
            ..Default::default()
        };
        p.layout.sets = 1;
        p.setup.sets = 1;
        p.mission = Mission::parse(mission).unwrap();
        p
    }

    fn party_and_tables() -> (
        Arc<tilecrawl::mkd::play::party::Party>,
        Arc<tilecrawl::mkd::tables::Tables>,
    ) {
        (
            Arc::new(tilecrawl::mkd::play::party::default_party()),
            Arc::new(tilecrawl::mkd::tables::default_tables()),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        /// Any built two-floor dungeon passes the loader's checks, and an
        /// automatic game of it goes floor 1, then floor 2: nobody comes
        /// down to floor 2 before floor 1 is done, floor 2 has no stairs, a
        /// win comes on floor 2, and a timed dungeon never outlives its
        /// limit.
        #[test]
        fn two_floor_games_go_down_in_order(seed in any::<u64>(), timed in any::<bool>()) {
            let ts = tilecrawl::tileset::default_tileset();
            let mission = if timed { "quest+timed" } else { "quest" };
            let fp = FloorsParams { floors: Count::Fixed(2), sets_per_floor: None };
            let Ok(built) = build_floors(&ts, &base(seed, mission), &fp) else {
                return Ok(());
            };
            let d = Dungeon::new(built.file, built.floors, "built").expect("the loader accepts a built dungeon");
            let limit = d.file.turn_limit;
            prop_assert_eq!(limit.is_some(), timed);
            let (party, tables) = party_and_tables();
            let adv = Adventure::Dungeon(Arc::new(d));
            let (r, log) = play_adventure_logged(&adv, &party, &tables, run_seed(seed, 0), 150);
            let done = log.iter().position(|l| l.starts_with("-- floor 1 is done"));
            let first_floor2 = log.iter().position(|l| l.contains(", floor 2 of 2:"));
            prop_assert_eq!(done.is_some(), first_floor2.is_some());
            if let (Some(a), Some(b)) = (done, first_floor2) {
                prop_assert!(a < b);
                // Below, no stairs are taken and none are shown.
                prop_assert!(!log[a..].iter().any(|l| l.contains("goes down the stairs")));
            }
            if r.won {
                let won_at = log.iter().position(|l| l.contains("the heroes win")).unwrap();
                prop_assert!(done.is_some_and(|a| a < won_at), "a win before floor 2");
            }
            if let Some(n) = limit {
                prop_assert!(r.turns <= n, "{} turns past a limit of {}", r.turns, n);
                if n < 150 {
                    prop_assert!(!r.timed_out, "the timer, not the run limit, ends a timed game");
                }
            }
        }

        /// A split-up scenario sends the second team in at the second
        /// entrance, and its automatic games end (won, lost or at the run
        /// limit) with a win only when the Quest Chest is out.
        #[test]
        fn split_up_games_start_split_and_end_cleanly(seed in any::<u64>()) {
            let ts = tilecrawl::tileset::default_tileset();
            let Ok(s) = generate(&ts, &base(seed, "quest+split-up")) else {
                return Ok(());
            };
            let second = s.game.second_entrance.expect("split-up has a second entrance");
            let (party, tables) = party_and_tables();
            let bo: Vec<String> = party.teams[1].heroes.iter().map(|h| h.name.clone()).collect();
            let adv = Adventure::Scenario(Arc::new(s));
            let (r, log) = play_adventure_logged(&adv, &party, &tables, run_seed(seed, 1), 120);
            let intro = log.iter().find(|l| l.starts_with("split up:")).expect("a split-up intro line");
            let at = format!("on {},{}", second.x, second.y);
            prop_assert!(intro.contains(&at), "{}", intro);
            prop_assert!(intro.contains(&format!("; {} start there", bo.join(", "))), "{}", intro);
            if r.won {
                // (The carrier may bring a chest opened on the way too, or
                // be pushed out through the entrance by a spell.)
                prop_assert!(log.iter().any(|l| (l.contains("leaves the dungeon carrying ")
                    || l.contains("is pushed out of the dungeon carrying "))
                    && l.contains("quest-chest")));
            }
        }
    }
}

#[test]
fn a_timed_split_up_scenario_counts_turns_and_starts_split() {
    let dir = tempfile::tempdir().unwrap();
    ok(
        dir.path(),
        &[
            "generate",
            "--seed",
            "7",
            "--mission",
            "quest+timed+split-up",
            "--out",
            "m",
        ],
    );
    let s = std::fs::read_to_string(dir.path().join("m/scenario.yaml")).unwrap();
    let limit: u32 = s
        .lines()
        .find_map(|l| l.strip_prefix("turn_limit: "))
        .expect("a timed scenario has a turn limit")
        .trim()
        .parse()
        .unwrap();
    std::fs::write(dir.path().join("s.txt"), "status\nend turn\nend turn\n").unwrap();
    let out = ok(
        dir.path(),
        &[
            "play",
            "m/scenario.yaml",
            "--script",
            "s.txt",
            "--save",
            "save.yaml",
        ],
    );
    assert!(
        out.contains(&format!("timed mission: {limit} turns")),
        "{out}"
    );
    assert!(
        out.contains(&format!("== turn 1 of {limit}: Ann's heroes ==")),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "\nturn 1 of {limit}; Ann's heroes act; experience pool"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!("== turn 2 of {limit}: Ann's heroes ==")),
        "{out}"
    );
    // The default party's second team starts at the second entrance.
    assert!(out.contains("Brannoc, Sella start there"), "{out}");
}

/// The three goals on a two-floor dungeon: the goal waits on the last floor,
/// the first floor plays as a plain floor, and the automatic heroes can win.
/// Seed 2: the automatic heroes win 7, 10 and 28 of these 100 runs (rescue,
/// stealth, kidnapping); seed 5's kidnapping has been unwinnable for them
/// since heroes must break away from the monsters they fight.
#[test]
fn a_mission_on_a_two_floor_dungeon_is_played_on_its_last_floor() {
    for mission in ["rescue", "stealth", "kidnapping"] {
        let dir = tempfile::tempdir().expect("tempdir");
        ok(
            dir.path(),
            &[
                "generate",
                "--seed",
                "2",
                "--floors",
                "2",
                "--sets-per-floor",
                "2",
                "--mission",
                mission,
                "--out",
                "d",
                "-q",
            ],
        );
        let json = ok(
            dir.path(),
            &[
                "simulate",
                "d/dungeon.yaml",
                "--runs",
                "100",
                "--json",
                "--quiet",
            ],
        );
        let wins: u32 = json
            .lines()
            .find_map(|l| l.trim().strip_prefix("\"wins\": "))
            .and_then(|v| v.trim_end_matches(',').parse().ok())
            .unwrap_or_else(|| panic!("{mission}: no wins in {json}"));
        assert!(wins > 0, "{mission}: no win in 100 runs: {json}");
        // One scripted look at the first floor: no mission pieces there.
        std::fs::write(dir.path().join("s.txt"), "status\n").expect("write");
        let t = ok(dir.path(), &["play", "d/dungeon.yaml", "--script", "s.txt"]);
        assert!(t.contains("floor 1 of 2"), "{mission}: {t}");
        assert!(!t.contains("is held on"), "{mission}: {t}");
    }
}

/// The hostile-input list every loader faces (issue 6), on a `dungeon.yaml`
/// through `play`: one `error:` line naming the file, exit 1, no panic, the
/// file left as it was.
#[test]
fn a_hostile_dungeon_file_gets_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = dungeon(dir.path());
    let good = std::fs::read_to_string(&yaml).unwrap();
    let head = "format: tilecrawl-dungeon/1\ngenerator: x\nseed: 1\nmission: quest\n";
    let mut big = good.clone().into_bytes();
    big.resize(100 * 1024 * 1024, b' ');
    let cases: Vec<(&str, Vec<u8>, Vec<&str>)> = vec![
        ("empty", Vec::new(), vec!["empty"]),
        ("not YAML", b"{[}: :".to_vec(), vec!["dungeon.yaml"]),
        (
            "wrong version",
            common::with(&good, "tilecrawl-dungeon/1", "tilecrawl-dungeon/2").into_bytes(),
            vec!["tilecrawl-dungeon/2"],
        ),
        (
            "wrong type",
            common::with(&good, "seed: ", "seed: [1]\nx: ").into_bytes(),
            vec!["seed"],
        ),
        (
            "missing key",
            common::without_key(&good, "floors").into_bytes(),
            vec!["floors"],
        ),
        (
            "negative floor",
            common::with(&good, "number: 2", "number: -2").into_bytes(),
            vec!["number"],
        ),
        (
            "non-UTF-8",
            [good.as_bytes(), b"\xff\xfe\n"].concat(),
            vec!["UTF-8"],
        ),
        ("100 MB", big, vec!["at most"]),
        (
            "deep nesting",
            common::nested(&format!("{head}floors: "), 100_000),
            vec!["nest more than 64 deep"],
        ),
        (
            "alias bomb",
            format!("{head}floors:\n{}", common::alias_bomb_items("  ")).into_bytes(),
            vec!["dungeon.yaml"],
        ),
    ];
    for (what, bytes, needles) in cases {
        std::fs::write(&yaml, &bytes).unwrap();
        let r = run(dir.path(), &["play", "d/dungeon.yaml", "--force"]);
        let mut needles = needles;
        needles.push("dungeon.yaml");
        common::one_error_line(&r, &needles).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(r.code, Some(1), "{what}");
        assert_eq!(std::fs::read(&yaml).unwrap(), bytes, "{what}: file changed");
    }
}

/// `dungeon.yaml` repeats its floors' mission, seeds, sets and (timed) turn
/// limit; the floors are what is played, so an edit of `dungeon.yaml` alone
/// (the tester's `mission: quest` made `rescue`, played as the floors'
/// quest) is refused by `play` and `simulate` with one line naming the file,
/// the key and both values.
#[test]
fn a_dungeon_yaml_that_says_other_than_its_floors_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let yaml = dungeon(d);
    let good = std::fs::read_to_string(&yaml).unwrap();
    // Named as the command line names them.
    let floor = |n: u32| format!("d/floor-{n}/scenario.yaml");
    let floor_seed = |n: u32| {
        let text = std::fs::read_to_string(d.join(floor(n))).unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix("seed: "))
            .unwrap()
            .to_string()
    };
    let (seed1, seed2) = (floor_seed(1), floor_seed(2));
    let floor2 = format!("number: 2, seed: {seed2}, sets: 1");
    let cases: Vec<(String, String)> = vec![
        (
            common::with(&good, "mission: quest", "mission: rescue"),
            format!(
                "mission: is `rescue`, but floor 1 ({}) says `quest`",
                floor(1)
            ),
        ),
        (
            common::with(&good, "mission: quest", "mission: quest+timed"),
            format!(
                "mission: is `quest+timed`, but floor 1 ({}) says `quest`",
                floor(1)
            ),
        ),
        (
            common::with(&good, &format!("  seed: {seed1}\n"), "  seed: 5\n"),
            format!(
                "floors[0].seed: is 5, but floor 1 ({}) says {seed1}",
                floor(1)
            ),
        ),
        (
            common::with(&good, &floor2, "number: 2, seed: 7, sets: 1"),
            format!(
                "floors[1].seed: is 7, but floor 2 ({}) says {seed2}",
                floor(2)
            ),
        ),
        (
            common::with(
                &good,
                &floor2,
                &format!("number: 2, seed: {seed2}, sets: 3"),
            ),
            format!(
                "floors[1].sets: is 3, but floor 2 ({}) says 1 (params.sets)",
                floor(2)
            ),
        ),
        (
            common::with(&good, "mission: quest\n", "mission: quest\nturn_limit: 9\n"),
            "turn_limit: is 9, but the mission `quest` is not timed".to_string(),
        ),
    ];
    std::fs::write(d.join("s.txt"), "status\n").unwrap();
    for (text, says) in &cases {
        std::fs::write(&yaml, text).unwrap();
        let line = format!("error: d/dungeon.yaml: {says}");
        for args in [
            &["play", "d/dungeon.yaml", "--script", "s.txt", "--force"][..],
            &["simulate", "d/dungeon.yaml", "--runs", "1"],
        ] {
            let r = run(d, args);
            let got = common::one_error_line(&r, &[]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            assert!(got.starts_with(&line), "{args:?}:\n{got}\nwanted {line}");
        }
    }
    // A timed dungeon's limit is the sum of its floors'.
    let timed = tempfile::tempdir().unwrap();
    ok(
        timed.path(),
        &[
            "generate",
            "--seed",
            "4",
            "--floors",
            "2",
            "--sets",
            "1",
            "--mission",
            "rescue+timed",
            "--out",
            "t",
        ],
    );
    let path = timed.path().join("t/dungeon.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let limit = text
        .lines()
        .find_map(|l| l.strip_prefix("turn_limit: "))
        .unwrap()
        .to_string();
    std::fs::write(
        &path,
        common::with(&text, &format!("turn_limit: {limit}"), "turn_limit: 99"),
    )
    .unwrap();
    let r = run(timed.path(), &["simulate", "t/dungeon.yaml", "--runs", "1"]);
    let got = common::one_error_line(&r, &[]).unwrap();
    assert_eq!(
        got,
        format!(
            "error: t/dungeon.yaml: turn_limit: is 99, but the floors' turn limits add up to {limit}; a timed dungeon's limit is their sum"
        )
    );
    // Left as generated, the dungeon plays.
    std::fs::write(&yaml, &good).unwrap();
    ok(
        d,
        &["play", "d/dungeon.yaml", "--script", "s.txt", "--force"],
    );
}

/// The automatic heroes' commands for one playthrough of the pinned dungeon
/// in `dir/d` with dice seed `seed`, as a script, and their transcript.
fn auto_script(dir: &Path, seed: u64) -> (String, String) {
    use std::sync::Arc;
    use tilecrawl::mkd::play;
    let path = dir.join("d/dungeon.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let (adventure, _) = play::floors::Adventure::from_text(&text, &path).unwrap();
    let party = Arc::new(play::party::default_party());
    let tables = Arc::new(tilecrawl::mkd::tables::default_tables());
    let (_, log) = play::simulate::play_adventure_logged(
        &adventure,
        &party,
        &tables,
        seed,
        play::simulate::DEFAULT_MAX_TURNS,
    );
    let mut s = format!(
        "# Commands the simulator's automatic heroes gave in one playthrough of the\n\
         # two-floor dungeon `generate --seed {DUNGEON_SEED} --floors 2 --sets 1`, play dice seed\n\
         # {seed}, dice combat. Replayed by tests/it/play_floors.rs; the\n\
         # transcript is pinned in tests/golden/play/{SCRIPT}.txt.\n"
    );
    for l in log.iter().filter_map(|l| l.strip_prefix("> ")) {
        s.push_str(l);
        s.push('\n');
    }
    (s, log.join("\n"))
}

/// Finds a dice seed whose playthrough shows everything the pinned game must
/// (`cargo test --test it play_floors::find_seed -- --ignored --nocapture`).
#[test]
#[ignore = "a search, run by hand when the rules change the pinned game"]
fn find_seed() {
    let dir = tempfile::tempdir().unwrap();
    dungeon(dir.path());
    for seed in 1..400u64 {
        let (_, log) = auto_script(dir.path(), seed);
        if NEEDLES.iter().all(|n| log.contains(n)) {
            println!("seed {seed} shows every needle");
            return;
        }
    }
    panic!("no seed in 1..400 shows every needle");
}
