//! Dungeons Dark & Dangerous play through the binary (issue 18): pinned
//! transcripts of a scripted game for two scenarios, replayed
//! byte-identical from their saves; hostile war-party, save and command
//! lines give one `error:` line and exit 1. `UPDATE_GOLDEN=1` rewrites the
//! transcripts and saves (and writes a missing script: Blue's commands as
//! the policy would give them, fixed from then on).

use crate::common::{self, Run, one_error_line, usage_error_line};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tilecrawl::ddd::ScenarioKind;
use tilecrawl::ddd::play::ai;
use tilecrawl::ddd::play::command::unparse;
use tilecrawl::ddd::play::engine::PlayOptions;
use tilecrawl::ddd::play::session::{AiSide, Session};
use tilecrawl::ddd::play::state::Team;
use tilecrawl::ddd::warparty;
use tilecrawl::scenario::to_yaml;

const CASES: [(ScenarioKind, u64, &str); 2] = [
    (ScenarioKind::TreasureHunt, 12, "treasure-hunt-seed12"),
    (ScenarioKind::Ambush, 7, "ambush-seed7"),
];

/// Blue commands in a pinned script, at most.
const SCRIPT_COMMANDS: usize = 120;

fn golden() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/ddd/play")
}

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], Duration::from_secs(120))
}

/// `save.yaml` in `cwd` played again with an empty script (`none.txt`).
fn replay(cwd: &Path) -> Run {
    run(
        cwd,
        &[
            "play",
            "--resume",
            "save.yaml",
            "--script",
            "none.txt",
            "-q",
        ],
    )
}

fn scenario_text(kind: ScenarioKind, seed: u64) -> String {
    to_yaml(&common::ddd_board(kind, seed))
}

/// Blue's commands as the policy gives them, Red played by the policy.
fn make_script(kind: ScenarioKind, seed: u64) -> String {
    let s = common::ddd_board(kind, seed);
    let seed = s.seed;
    let (mut sess, _) = Session::start(
        Arc::new(s),
        warparty::new(1, "Blue"),
        warparty::new(2, "Red"),
        seed,
        AiSide::Side(Team::Red),
        PlayOptions::default(),
    )
    .unwrap();
    let mut out = String::from("# Blue's commands (first written by the policy, now fixed)\n");
    for _ in 0..SCRIPT_COMMANDS {
        if sess.game().over() {
            break;
        }
        let cmd = unparse(ai::decide(sess.game()));
        sess.enter(&cmd).unwrap();
        out.push_str(&cmd);
        out.push('\n');
    }
    out
}

fn update() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some()
}

fn pinned(name: &str, got: &str) {
    let path = golden().join(name);
    if update() {
        std::fs::create_dir_all(golden()).unwrap();
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{}: missing; run with UPDATE_GOLDEN=1", path.display()));
    assert!(
        want == got,
        "{} differs from the pinned file",
        path.display()
    );
}

#[test]
fn scripted_games_match_their_transcripts_and_replay_from_the_save() {
    for (kind, seed, name) in CASES {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("scenario.yaml"), scenario_text(kind, seed)).unwrap();
        let script_path = golden().join(format!("{name}.script"));
        if update() && !script_path.exists() {
            std::fs::create_dir_all(golden()).unwrap();
            std::fs::write(&script_path, make_script(kind, seed)).unwrap();
        }
        let script = std::fs::read_to_string(&script_path).unwrap();
        std::fs::write(dir.path().join("moves.txt"), &script).unwrap();
        std::fs::write(dir.path().join("none.txt"), "").unwrap();
        let r = run(
            dir.path(),
            &[
                "play",
                "scenario.yaml",
                "--script",
                "moves.txt",
                "--save",
                "save.yaml",
                "-q",
            ],
        );
        assert_eq!(r.code, Some(0), "{r:?}");
        assert!(r.stderr.is_empty(), "{}", r.stderr);
        pinned(&format!("{name}.txt"), &r.stdout);
        let save = std::fs::read_to_string(dir.path().join("save.yaml")).unwrap();
        pinned(&format!("{name}.save.yaml"), &save);
        let again = replay(dir.path());
        assert_eq!(again.code, Some(0), "{again:?}");
        assert!(
            again.stdout == r.stdout,
            "{name}: the replay from the save differs"
        );
    }
}

#[test]
fn the_same_game_twice_is_the_same_bytes_and_undo_takes_back_a_command() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("scenario.yaml"),
        scenario_text(ScenarioKind::Battle, 5),
    )
    .unwrap();
    std::fs::write(dir.path().join("a.txt"), "end\nend\n").unwrap();
    std::fs::write(dir.path().join("b.txt"), "end\nend\nend\nundo\n").unwrap();
    let args = |s: &'static str| {
        vec![
            "play",
            "scenario.yaml",
            "--script",
            s,
            "--force",
            "-q",
            "--ai",
            "none",
        ]
    };
    let a = run(dir.path(), &args("a.txt"));
    let save_a = std::fs::read_to_string(dir.path().join("save.yaml")).unwrap();
    let b = run(dir.path(), &args("b.txt"));
    let save_b = std::fs::read_to_string(dir.path().join("save.yaml")).unwrap();
    assert_eq!(a.code, Some(0), "{a:?}");
    assert!(b.stdout.starts_with(&a.stdout));
    assert!(b.stdout.ends_with("took back `end`\n"), "{}", b.stdout);
    assert_eq!(save_a, save_b, "undo leaves the save of two commands");
}

#[test]
fn simulate_reports_the_same_win_rates_for_any_jobs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("scenario.yaml"),
        scenario_text(ScenarioKind::ObjectOfPower, 4),
    )
    .unwrap();
    let go = |j: &str| {
        run(
            dir.path(),
            &["simulate", "scenario.yaml", "--runs", "6", "--jobs", j],
        )
    };
    let (one, two) = (go("1"), go("2"));
    assert_eq!(one.code, Some(0), "{one:?}");
    assert!(one.stdout.contains("Blue wins"), "{}", one.stdout);
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn hostile_war_parties_saves_and_options_are_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("scenario.yaml"),
        scenario_text(ScenarioKind::Battle, 5),
    )
    .unwrap();
    let good = warparty::to_yaml(&warparty::new(3, "Nine"));
    let nine: String = {
        let mut w = warparty::new(3, "Nine");
        w.models.pop();
        warparty::to_yaml(&w)
    };
    std::fs::write(d.join("nine.yaml"), nine).unwrap();
    std::fs::write(d.join("good.yaml"), &good).unwrap();
    std::fs::write(d.join("junk.yaml"), "{{{{ not yaml").unwrap();
    std::fs::write(d.join("empty.txt"), "").unwrap();
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec![
                "play",
                "scenario.yaml",
                "--warparty",
                "nine.yaml",
                "--force",
            ],
            vec!["nine.yaml", "10"],
        ),
        (
            vec![
                "play",
                "scenario.yaml",
                "--opponent",
                "junk.yaml",
                "--force",
            ],
            vec!["junk.yaml"],
        ),
        (
            vec![
                "simulate",
                "scenario.yaml",
                "--warparty",
                "nine.yaml",
                "--runs",
                "1",
            ],
            vec!["nine.yaml"],
        ),
    ];
    for (args, needles) in cases {
        let r = run(d, &args);
        one_error_line(&r, &needles).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
    // An --ai that is no side is bad usage (exit 2).
    let r = run(d, &["play", "scenario.yaml", "--ai", "purple", "--force"]);
    usage_error_line(&r, &["--ai"]).unwrap();
    // A save made, then broken.
    let r = run(
        d,
        &[
            "play",
            "scenario.yaml",
            "--script",
            "empty.txt",
            "--save",
            "s.yaml",
            "-q",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let save = std::fs::read_to_string(d.join("s.yaml")).unwrap();
    let broken = [
        save.replace("commands: []", "commands:\n- fly 3,3"),
        save.replace("commands: []", "commands:\n- move 999,999"),
        save.replace("ai: red", "ai: purple"),
        save.replace("seed:", "sed:"),
        save.clone() + "extra: 1\n",
        save.replacen("number: 2,", "number: 1,", 1),
        save.replace("scenario_digest: fnv1a64:", "scenario_digest: fnv1a64:00"),
    ];
    for (i, b) in broken.iter().enumerate() {
        assert_ne!(b, &save, "case {i} changed nothing");
        std::fs::write(d.join("bad.yaml"), b).unwrap();
        let r = run(
            d,
            &["play", "--resume", "bad.yaml", "--script", "empty.txt"],
        );
        one_error_line(&r, &["bad.yaml"]).unwrap_or_else(|e| panic!("case {i}: {e}"));
    }
}

#[test]
fn a_scenario_of_another_game_refuses_the_dd_and_d_options_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let g = run(
        dir.path(),
        &[
            "generate", "--seed", "3", "--sets", "1", "--dpi", "20", "--out", "a", "-q",
        ],
    );
    assert_eq!(g.code, Some(0), "{g:?}");
    let r = run(dir.path(), &["play", "a/scenario.yaml", "--ai", "red"]);
    usage_error_line(&r, &["dd-and-d"]).unwrap();
    let r = run(dir.path(), &["play", "a/scenario.yaml", "--deploy-by-hand"]);
    usage_error_line(&r, &["--deploy-by-hand", "dd-and-d"]).unwrap();
}

/// `--deploy-by-hand` through the binary: Blue is asked before the first
/// card, places a model, is refused a square outside its zone and a play
/// command, takes the rest as tilecrawl would; the save keeps the choice
/// and replays to the same transcript; `--resume` refuses the flag.
#[test]
fn deploying_by_hand_is_asked_before_the_first_card_and_replays_from_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let kind = ScenarioKind::Ambush;
    std::fs::write(d.join("scenario.yaml"), scenario_text(kind, 7)).unwrap();
    // Board 7's dice seed 7: Red wins the dice-off, so Blue defends in
    // the centre and deploys first.
    let s = common::ddd_board(kind, 7);
    let zone: Vec<(i32, i32)> = s
        .game
        .zones
        .iter()
        .find(|z| z.name == "defender")
        .unwrap()
        .squares
        .iter()
        .map(|&[x, y]| (x, y))
        .collect();
    let grid = tilecrawl::ddd::part::board_of(&s);
    let (x, y) = *zone
        .iter()
        .rev()
        .find(|&&(x, y)| grid.at(tilecrawl::core::geom::Point { x, y }).standable())
        .unwrap();
    std::fs::write(
        d.join("moves.txt"),
        format!("move 3,3\nplace b2 0,0\nplace b2 {x},{y}\nmap\nready\nstatus\n"),
    )
    .unwrap();
    std::fs::write(d.join("none.txt"), "").unwrap();
    let r = run(
        d,
        &[
            "play",
            "scenario.yaml",
            "--deploy-by-hand",
            "--script",
            "moves.txt",
            "-q",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let out = &r.stdout;
    for needle in [
        "Red wins and chooses first",
        "Blue, place your models in defender",
        "refused: the war-parties are deploying: Blue places its models in defender",
        "refused: 0,0 is not a square a model can stand on",
        &format!("> Blue: place b2 {x},{y}\nBlue 2 (b2) is placed on {x},{y}"),
        "+ a free square of the zone",
        "Blue deploys in defender: b1 ",
        &format!("b2 {x},{y}"),
        "Red deploys in attacker:",
        "== round 1: the deck is shuffled",
    ] {
        assert!(out.contains(needle), "no `{needle}` in:\n{out}");
    }
    let asked = out.find("Blue, place your models").unwrap();
    let shuffled = out.find("== round 1").unwrap();
    assert!(asked < shuffled, "the first card came before Blue deployed");
    let save = std::fs::read_to_string(d.join("save.yaml")).unwrap();
    assert!(save.contains("deploy_by_hand: true"), "{save}");
    assert!(
        save.contains(&format!("- place b2 {x},{y}\n- ready")),
        "{save}"
    );
    let again = replay(d);
    assert_eq!(again.code, Some(0), "{again:?}");
    // The replay has the accepted commands only: the transcript less the
    // refused lines and what `map` and `status` printed.
    let kept = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| {
                l.starts_with("> Blue") || l.contains(" deploys ") || l.contains(" is placed ")
            })
            .map(str::to_string)
            .collect()
    };
    assert_eq!(kept(&again.stdout), kept(out));
    let r = run(d, &["play", "--resume", "save.yaml", "--deploy-by-hand"]);
    usage_error_line(&r, &["--deploy-by-hand", "from the save"]).unwrap();
}

#[test]
fn generate_rolls_the_dice_off_of_two_war_parties_into_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("blue.yaml"),
        warparty::to_yaml(&warparty::new(3, "B")),
    )
    .unwrap();
    std::fs::write(d.join("bad.yaml"), "format: tilecrawl-warparty/1\n").unwrap();
    let args = |w: &'static str| {
        vec![
            "generate",
            "--ruleset",
            "dd-and-d",
            "--scenario",
            "roll",
            "--warparty",
            w,
            "--seed",
            "3",
            "--out",
            "g",
            "--force",
            "-q",
        ]
    };
    let r = run(d, &args("blue.yaml"));
    assert_eq!(r.code, Some(0), "{r:?}");
    let s = std::fs::read_to_string(d.join("g/scenario.yaml")).unwrap();
    assert!(s.contains("the dice-off: Blue"), "{s}");
    assert!(s.contains("the dice-off: Red"));
    // The dice-off's winner chose the scenario, and play keeps it (L147).
    let chosen = if s.contains("Blue wins the dice-off") {
        "chosen: dice-off-blue"
    } else if s.contains("Red wins the dice-off") {
        "chosen: dice-off-red"
    } else {
        "chosen: rolled"
    };
    assert!(s.contains(chosen), "{chosen}: {s}");
    one_error_line(&run(d, &args("bad.yaml")), &["bad.yaml"]).unwrap();
    let named = run(
        d,
        &[
            "generate",
            "--ruleset",
            "dd-and-d",
            "--scenario",
            "battle",
            "--warparty",
            "blue.yaml",
            "--out",
            "h",
            "-q",
        ],
    );
    usage_error_line(&named, &["--scenario roll"]).unwrap();
}

/// `warparty advance` (the advanced rules between games): a finished game's
/// save and the party that played it give a roster `warparty check`
/// accepts; a save and party that do not belong together are one `error:`
/// line.
#[test]
fn warparty_advance_writes_a_legal_roster_and_refuses_a_bad_pair() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let s = common::ddd_board(ScenarioKind::Battle, 5);
    std::fs::write(d.join("scenario.yaml"), to_yaml(&s)).unwrap();
    let (blue, red) = (warparty::new(1, "Blue"), warparty::new(2, "Red"));
    std::fs::write(d.join("blue.yaml"), warparty::to_yaml(&blue)).unwrap();
    std::fs::write(d.join("red.yaml"), warparty::to_yaml(&red)).unwrap();
    std::fs::write(
        d.join("other.yaml"),
        warparty::to_yaml(&warparty::new(9, "X")),
    )
    .unwrap();
    // Blue's commands as the policy gives them, to the end of the game.
    let script = common::ddd_policy_script(s, blue, red);
    std::fs::write(d.join("moves.txt"), &script).unwrap();
    std::fs::write(d.join("none.txt"), "").unwrap();
    let play = |save: &str, script: &str, advanced: bool| {
        let mut args = vec![
            "play",
            "scenario.yaml",
            "--warparty",
            "blue.yaml",
            "--opponent",
            "red.yaml",
            "--max-rounds",
            "40",
            "--script",
            script,
            "--save",
            save,
            "-q",
        ];
        if advanced {
            args.push("--advanced");
        }
        let r = run(d, &args);
        assert_eq!(r.code, Some(0), "{r:?}");
    };
    play("game.yaml", "moves.txt", true);
    play("plain.yaml", "moves.txt", false);
    play("early.yaml", "none.txt", true);
    for side in ["blue", "red"] {
        let r = run(
            d,
            &[
                "warparty",
                "advance",
                &format!("{side}.yaml"),
                "--save",
                "game.yaml",
                "--out",
                &format!("{side}2.yaml"),
            ],
        );
        assert_eq!(r.code, Some(0), "{r:?}");
        assert!(r.stdout.contains("killed and replaced"), "{}", r.stdout);
        let c = run(d, &["warparty", "check", &format!("{side}2.yaml")]);
        assert_eq!(c.code, Some(0), "{c:?}");
        let after = std::fs::read_to_string(d.join(format!("{side}2.yaml"))).unwrap();
        assert!(after.contains("stage: warparty advance"), "{after}");
    }
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec!["other.yaml", "--save", "game.yaml"],
            vec!["other.yaml", "did not play"],
        ),
        (
            vec!["red.yaml", "--save", "game.yaml", "--side", "blue"],
            vec!["red.yaml", "as blue"],
        ),
        // A roster already advanced after the game: the first model that
        // is not as it played is named.
        (
            vec!["blue2.yaml", "--save", "game.yaml"],
            vec![
                "blue2.yaml",
                "is not the roster that played blue in game.yaml: model ",
            ],
        ),
        (
            vec!["blue.yaml", "--save", "plain.yaml"],
            vec!["plain.yaml", "--advanced"],
        ),
        (
            vec!["blue.yaml", "--save", "early.yaml"],
            vec!["early.yaml", "not over"],
        ),
        (
            vec!["blue.yaml", "--save", "missing.yaml"],
            vec!["missing.yaml"],
        ),
        (vec!["blue.yaml", "--save", "blue.yaml"], vec!["blue.yaml"]),
    ];
    for (args, needles) in cases {
        let mut all = vec!["warparty", "advance"];
        all.extend(args.iter().copied());
        all.extend(["--out", "x.yaml", "--force"]);
        let r = run(d, &all);
        one_error_line(&r, &needles).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
    // A --side that is no side is bad usage (exit 2).
    let all = [
        "warparty",
        "advance",
        "blue.yaml",
        "--save",
        "game.yaml",
        "--side",
        "green",
        "--out",
        "x.yaml",
        "--force",
    ];
    usage_error_line(&run(d, &all), &["--side"]).unwrap();
}
