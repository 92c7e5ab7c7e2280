//! A file's `format:` line is read first: a file of a newer tilecrawl
//! (`format: tilecrawl-scenario/9`) is refused by its version, not by the
//! first key this version expects and that file lacks (`missing field
//! generator`), for every kind of file tilecrawl reads, through the
//! command that reads it.

use crate::common::{Run, one_error_line, run_in, run_stdin};
use std::time::Duration;

/// A file of kind `format` at version 9 holding only its `format:` line.
fn newer(format: &str) -> String {
    format!("format: {}/9\n", format.trim_end_matches("/1"))
}

/// The one line a version-9 file of `format` gets, read as `file`.
fn says(file: &str, format: &str) -> String {
    let base = format.trim_end_matches("/1");
    format!("error: {file}: format: is `{base}/9`; this version of tilecrawl reads `{base}/1`")
}

fn check(r: &Run, file: &str, format: &str, args: &[&str]) {
    let line = one_error_line(r, &[]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    assert_eq!(line, says(file, format), "{args:?}");
}

#[test]
fn every_kind_of_file_is_refused_by_its_version_before_its_keys() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // A scenario to play with another file beside it, and an empty script.
    let g = run_in(
        d,
        &[
            "generate", "--seed", "1", "--sets", "1", "--dpi", "20", "--out", "g", "-q",
        ],
    );
    assert_eq!(g.code, Some(0), "{g:?}");
    std::fs::write(d.join("moves.txt"), "").unwrap();
    // (file, format, command)
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "s.yaml",
            "tilecrawl-scenario/1",
            &["render", "s.yaml", "--out", "o"],
        ),
        (
            "s.yaml",
            "tilecrawl-scenario/1",
            &["simulate", "s.yaml", "--runs", "1"],
        ),
        (
            "s.yaml",
            "tilecrawl-scenario/1",
            &["play", "s.yaml", "--script", "moves.txt"],
        ),
        (
            "dungeon.yaml",
            "tilecrawl-dungeon/1",
            &["play", "dungeon.yaml", "--script", "moves.txt"],
        ),
        (
            "dungeon.yaml",
            "tilecrawl-dungeon/1",
            &["simulate", "dungeon.yaml", "--runs", "1"],
        ),
        (
            "tiles.yaml",
            "tilecrawl-tileset/1",
            &["tileset", "check", "tiles.yaml"],
        ),
        (
            "tiles.yaml",
            "tilecrawl-tileset/1",
            &["generate", "--tileset", "tiles.yaml", "--out", "o"],
        ),
        (
            "party.yaml",
            "tilecrawl-party/1",
            &["campaign", "new", "C", "--party", "party.yaml"],
        ),
        (
            "party.yaml",
            "tilecrawl-party/1",
            &["play", "g/scenario.yaml", "--party", "party.yaml"],
        ),
        (
            "party.yaml",
            "tilecrawl-dw10-party/1",
            &[
                "campaign",
                "new",
                "C",
                "--ruleset",
                "dungeon-world-10mm",
                "--party",
                "party.yaml",
            ],
        ),
        (
            "blue.yaml",
            "tilecrawl-warparty/1",
            &["warparty", "check", "blue.yaml"],
        ),
        (
            "monsters.yaml",
            "tilecrawl-monsters/1",
            &["generate", "--monsters", "monsters.yaml", "--out", "o"],
        ),
        (
            "tables.yaml",
            "tilecrawl-tables/1",
            &[
                "play",
                "g/scenario.yaml",
                "--tables",
                "tables.yaml",
                "--script",
                "moves.txt",
            ],
        ),
        (
            "style.yaml",
            "tilecrawl-style/1",
            &["generate", "--style", "style.yaml", "--out", "o"],
        ),
        (
            "conditions.yaml",
            "tilecrawl-dw10-conditions/1",
            &[
                "generate",
                "--ruleset",
                "dungeon-world-10mm",
                "--conditions",
                "conditions.yaml",
                "--out",
                "o",
            ],
        ),
        (
            "save.yaml",
            "tilecrawl-save/1",
            &["play", "--resume", "save.yaml"],
        ),
        (
            "save.yaml",
            "tilecrawl-ddd-save/1",
            &["play", "--resume", "save.yaml"],
        ),
        (
            "save.yaml",
            "tilecrawl-dw10-save/1",
            &["play", "--resume", "save.yaml"],
        ),
        (
            "campaigns/K/campaign.yaml",
            "tilecrawl-campaign/1",
            &["campaign", "show", "K"],
        ),
        (
            "campaigns/K/campaign.yaml",
            "tilecrawl-dw10-campaign/1",
            &["campaign", "show", "K"],
        ),
        (
            "shard/batch.yaml",
            "tilecrawl-batch/1",
            &["batch", "merge", "shard", "--out", "m"],
        ),
    ];
    for (file, format, args) in cases {
        let path = d.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, newer(format)).unwrap();
        if file.starts_with("shard/") {
            // A shard's folder holds its index beside the note.
            std::fs::write(d.join("shard/index.csv"), "").unwrap();
            std::fs::write(d.join("shard/index.yaml"), "").unwrap();
        }
        check(&run_in(d, args), file, format, args);
        std::fs::remove_file(&path).unwrap();
        assert!(!d.join("o").exists(), "{args:?} wrote o");
    }
}

/// A whole file of a newer version and one of its `format:` line alone
/// get the same line; so does a scenario read from standard input.
#[test]
fn a_newer_scenario_whole_or_cut_short_gets_the_version_line() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let g = run_in(
        d,
        &[
            "generate", "--seed", "1", "--sets", "1", "--dpi", "20", "--out", "g", "-q",
        ],
    );
    assert_eq!(g.code, Some(0), "{g:?}");
    let whole = std::fs::read_to_string(d.join("g/scenario.yaml"))
        .unwrap()
        .replacen("tilecrawl-scenario/1", "tilecrawl-scenario/9", 1);
    let format = "tilecrawl-scenario/1";
    for text in [whole.as_str(), "format: tilecrawl-scenario/9\n"] {
        std::fs::write(d.join("f9.yaml"), text).unwrap();
        let args = ["render", "f9.yaml", "--out", "z"];
        check(&run_in(d, &args), "f9.yaml", format, &args);
        let args = ["render", "-", "--out", "z"];
        let r = run_stdin(d, &args, text.as_bytes(), Duration::from_secs(60));
        check(&r, "<stdin>", format, &args);
    }
    assert!(!d.join("z").exists());
    // A format tilecrawl does not know is refused by that line too.
    std::fs::write(d.join("b.yaml"), "format: banana\n").unwrap();
    let r = run_in(d, &["tileset", "check", "b.yaml"]);
    let line = one_error_line(&r, &[]).unwrap();
    assert_eq!(
        line,
        "error: b.yaml: format: is `banana`; this version of tilecrawl reads `tilecrawl-tileset/1`"
    );
}
