//! What a Dungeons Dark & Dangerous game at the table prints and leaves
//! behind (a user's audit): a script that cannot be read starts no game
//! and writes no save; every command typed is echoed, views and `undo`
//! too; the text map has rulers, doors and exits and a legend for all it
//! draws; a line too long is echoed with its real length.

use crate::common::{self, Run, one_error_line};
use std::path::Path;
use std::time::Duration;
use tilecrawl::ddd::{DddOptions, ScenarioKind, generate};
use tilecrawl::scenario::to_yaml;

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], Duration::from_secs(120))
}

/// The board `generate --seed 13 --ruleset dd-and-d` makes (an Ambush)
/// in `dir/scenario.yaml`.
fn scenario_in(dir: &Path) {
    let s = generate(13, &DddOptions::default()).unwrap();
    assert_eq!(s.game.scenario, ScenarioKind::Ambush);
    std::fs::write(dir.join("scenario.yaml"), to_yaml(&s)).unwrap();
}

#[test]
fn a_script_that_cannot_be_read_starts_no_game_and_leaves_no_save() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    scenario_in(d);
    std::fs::create_dir(d.join("folder")).unwrap();
    for script in ["nope.txt", "folder"] {
        let r = run(d, &["play", "scenario.yaml", "--script", script]);
        one_error_line(&r, &[script, "script"]).unwrap_or_else(|e| panic!("{script}: {e}"));
        assert!(r.stdout.is_empty(), "{script}: {}", r.stdout);
        assert!(!d.join("save.yaml").exists(), "{script}: a save was left");
    }
    // A resumed game saving somewhere new writes nothing there either.
    std::fs::write(d.join("none.txt"), "").unwrap();
    let r = run(d, &["play", "scenario.yaml", "--script", "none.txt", "-q"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = run(
        d,
        &[
            "play",
            "--resume",
            "save.yaml",
            "--script",
            "nope.txt",
            "--save",
            "new.yaml",
        ],
    );
    one_error_line(&r, &["nope.txt"]).unwrap();
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert!(!d.join("new.yaml").exists());
}

/// Every line of a script but `quit` is echoed with `> `: the views and
/// `undo` as typed (they printed their answer alone), a model's command
/// with the model's name.
#[test]
fn every_command_typed_is_echoed_views_and_undo_too() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    scenario_in(d);
    std::fs::write(
        d.join("moves.txt"),
        "status\nMap\nhelp\nundo\nend\nundo\nfoo bar\nquit\n",
    )
    .unwrap();
    let r = run(d, &["play", "scenario.yaml", "--script", "moves.txt", "-q"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let echoes: Vec<&str> = r.stdout.lines().filter(|l| l.starts_with("> ")).collect();
    let typed: Vec<&str> = echoes
        .iter()
        .map(|l| match l.split_once("): ") {
            Some((_, c)) => c,
            None => &l[2..],
        })
        .collect();
    assert!(
        typed.starts_with(&["status", "Map", "help", "undo", "end"]),
        "{echoes:?}\n{}",
        r.stdout
    );
    let at = |needle: &str| {
        r.stdout
            .find(needle)
            .unwrap_or_else(|| panic!("no `{needle}` in:\n{}", r.stdout))
    };
    assert!(at("> status\nround 1;") < at("> Map\n"));
    assert!(at("> undo\nrefused: nothing to undo") < at("): end\n"));
    assert!(r.stdout.contains("> undo\ntook back `end`"), "{}", r.stdout);
    assert!(r.stdout.contains("> foo bar\nrefused:"), "{}", r.stdout);
}
