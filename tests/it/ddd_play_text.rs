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
