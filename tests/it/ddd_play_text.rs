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

/// `map` has rulers over the columns (with the tens) and the rows'
/// numbers, draws the doors and the exits, and its legend names every
/// mark it draws (it had no rulers, no doors and no exits, where play's
/// `open W` needs the doors).
#[test]
fn the_map_has_rulers_doors_exits_and_a_legend_for_every_mark() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    scenario_in(d);
    std::fs::write(d.join("moves.txt"), "map\n").unwrap();
    let r = run(d, &["play", "scenario.yaml", "--script", "moves.txt", "-q"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let map: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| *l != "> map")
        .skip(1)
        .collect();
    let text = map.join("\n");
    assert_eq!(map[0], "    0         1         2         3", "{text}");
    assert_eq!(map[1], "    012345678901234567890123456789012345", "{text}");
    // The north exits above their columns, the west ones before the row.
    assert_eq!(map[2], "            ^^     ^^        ^^", "{text}");
    let row = |y: usize| {
        map.iter()
            .find(|l| l.starts_with(&format!("{y:>3}")))
            .unwrap_or_else(|| panic!("no row {y}:\n{text}"))
    };
    assert!(row(7).starts_with("  7<"), "{text}");
    assert!(row(5).ends_with(".>"), "{text}");
    // The door on 14,17's east edge, drawn on 14,17 and listed.
    assert_eq!(row(17).chars().nth(4 + 14), Some('='), "{text}");
    let line = |head: &str| {
        *map.iter()
            .find(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no `{head}` in:\n{text}"))
    };
    assert!(line("doors ").contains("14,17 east shut"), "{text}");
    assert!(line("exits ").contains("north 8,0 9,0"), "{text}");
    // Every mark drawn but a model's letter is in the legend.
    let legend = line("legend: ");
    for l in map.iter().skip(2).take_while(|l| !l.starts_with("legend")) {
        for c in l.chars().skip(3) {
            if c == ' ' || c.is_ascii_alphabetic() && "ABCDEFGHIJabcdefghij".contains(c) {
                continue;
            }
            assert!(legend.contains(c), "`{c}` is not in the legend: {legend}");
        }
    }
}
