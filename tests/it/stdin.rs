//! A file read from standard input (`-`) is named `<stdin>` in every
//! message, as its errors named it: the success line of `tileset check -`
//! and its JSON, a read that fails (not UTF-8), a save resumed from it, a
//! script or party file given as `-`.

use crate::common::{Run, one_error_line, run_in, run_stdin};
use std::path::Path;
use std::time::Duration;

fn piped(dir: &Path, args: &[&str], input: &[u8]) -> Run {
    run_stdin(dir, args, input, Duration::from_secs(120))
}

fn default_tiles(dir: &Path) -> String {
    let r = run_in(dir, &["tileset", "default"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    r.stdout
}

#[test]
fn tileset_check_of_standard_input_names_it_stdin_when_it_passes() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let tiles = default_tiles(d);
    let r = piped(d, &["tileset", "check", "-"], tiles.as_bytes());
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout.lines().last(),
        Some("ok: <stdin> is a valid tile set; its tiles make up to 4 set(s) (--sets 4)")
    );
    let r = piped(d, &["tileset", "check", "-", "--json"], tiles.as_bytes());
    assert_eq!(r.code, Some(0), "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["file"], "<stdin>", "{}", r.stdout);
    // A file is named as given, as before.
    std::fs::write(d.join("t.yaml"), &tiles).unwrap();
    let r = run_in(d, &["tileset", "check", "t.yaml"]);
    assert!(
        r.stdout.ends_with(
            "ok: t.yaml is a valid tile set; its tiles make up to 4 set(s) (--sets 4)\n"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn every_refusal_of_standard_input_names_it_stdin() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let g = run_in(
        d,
        &[
            "generate", "--seed", "1", "--sets", "1", "--dpi", "20", "--out", "g", "-q",
        ],
    );
    assert_eq!(g.code, Some(0), "{g:?}");
    std::fs::write(d.join("one.txt"), "status\n").unwrap();
    let saved = run_in(
        d,
        &[
            "play",
            "g/scenario.yaml",
            "--script",
            "one.txt",
            "--save",
            "s.yaml",
            "-q",
        ],
    );
    assert_eq!(saved.code, Some(0), "{saved:?}");
    let not_utf8: &[u8] = b"\xff\xfe";
    let cases: &[(&[&str], &[u8], &str)] = &[
        // A read that fails: not "standard input: ...".
        (
            &["tileset", "check", "-"],
            not_utf8,
            "<stdin>: not UTF-8 text",
        ),
        (
            &["simulate", "-", "--runs", "1"],
            not_utf8,
            "<stdin>: not UTF-8 text",
        ),
        (
            &[
                "play",
                "g/scenario.yaml",
                "--script",
                "-",
                "--save",
                "n.yaml",
            ],
            not_utf8,
            "<stdin>: not UTF-8 text",
        ),
        // A save resumed from standard input: not "-: ...".
        (
            &["play", "--resume", "-", "--save", "r.yaml"],
            b"format: tilecrawl-save/1\nfoo: 1\n",
            "<stdin>: line 2, column 1: unknown field `foo`",
        ),
        // A script that is not the saved game's: not "-: ...".
        (
            &["play", "--resume", "s.yaml", "--script", "-"],
            b"end turn\n",
            "<stdin>: the saved game's 1 commands are not the start of this script",
        ),
        // A party file from standard input: not "-: ...".
        (
            &[
                "play",
                "g/scenario.yaml",
                "--party",
                "-",
                "--save",
                "p.yaml",
            ],
            b"format: tilecrawl-party/1\nteams: 3\n",
            "<stdin>: line 2, column 8: teams:",
        ),
    ];
    for (args, input, needle) in cases {
        let r = piped(d, args, input);
        let line = one_error_line(&r, &[]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert!(
            line.starts_with(&format!("error: {needle}")),
            "{args:?}: {line}"
        );
    }
}

/// `play --resume -` takes a Dungeons Dark & Dangerous or a Dungeon World
/// 10 mm save as well as an MKD one: standard input is read once, its
/// `format:` line says which game's loader takes the text, and the game
/// goes on where the save left it, with its scenario found in the current
/// folder.
#[test]
fn a_save_of_each_game_resumes_from_standard_input() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("help.txt"), "help\n").unwrap();
    for (ruleset, extra) in [
        ("dd-and-d", &["--ai", "red"][..]),
        ("dungeon-world-10mm", &[][..]),
        ("mkd-adventure", &[][..]),
    ] {
        let dir = d.join(ruleset);
        let g = run_in(
            d,
            &[
                "generate",
                "--ruleset",
                ruleset,
                "--seed",
                "3",
                "--dpi",
                "20",
                "--out",
                ruleset,
                "-q",
            ],
        );
        assert_eq!(g.code, Some(0), "{g:?}");
        let mut args = vec!["play", "scenario.yaml", "--script", "../help.txt"];
        args.extend_from_slice(extra);
        let first = run_in(&dir, &args);
        assert_eq!(first.code, Some(0), "{ruleset}: {first:?}");
        let save = std::fs::read(dir.join("save.yaml")).unwrap();
        let r = piped(
            &dir,
            &["play", "--resume", "-", "--save", "again.yaml"],
            &save,
        );
        assert_eq!(r.code, Some(0), "{ruleset}: {r:?}");
        assert!(
            r.stdout.ends_with("game saved in again.yaml\n"),
            "{ruleset}: {}",
            r.stdout
        );
        let again = std::fs::read_to_string(dir.join("again.yaml")).unwrap();
        assert_eq!(
            again.lines().next(),
            std::str::from_utf8(&save).unwrap().lines().next(),
            "{ruleset}: the save goes on in the game's own format"
        );
    }
}
