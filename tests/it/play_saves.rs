//! Hostile save files (issue 6): `tilecrawl play --resume SAVE` against a
//! matrix of bad saves — broken YAML, wrong types, missing and unknown keys,
//! oversized files and lines, scenario paths that lead elsewhere, a changed
//! scenario, a bad embedded party or tables. Each must give exit code 1,
//! exactly one `error:` line that names the save file, nothing on stdout,
//! and leave the save (and everything else in its folder) as it was; never a
//! panic. Also: saves that are valid but costly to replay, and the crashing
//! inputs the fuzz targets in `fuzz/` found.
//!
//! Run with `--nocapture` to print the matrix as a table.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tilecrawl::mkd::play::session;

/// Longest a single run of the binary may take before the test fails.
const TIMEOUT: Duration = Duration::from_secs(60);
/// Longest a refusal may take.
const SLOW: Duration = Duration::from_secs(10);
/// The name every hostile save is written under.
const SAVE: &str = "hostile-save.yaml";

// ---------------------------------------------------------------- running the binary

use common::Run;

/// Runs `tilecrawl args…` in `cwd`, stdin empty.
fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], TIMEOUT)
}

/// Exit 1, nothing on stdout, exactly one `error: ` line holding every
/// needle; else what is wrong.
fn one_error_line(r: &Run, needles: &[&str]) -> Result<String, String> {
    if !r.stdout.is_empty() && r.code == Some(1) {
        return Err(format!("wrote to stdout: {:?}", r.stdout));
    }
    common::one_error_line(r, needles)
}

// ---------------------------------------------------------------- the good save

/// The commands of the good save.
const SCRIPT: &str = "Kestrel moves to 18,21
Marrow moves to 18,22
end turn
Brannoc moves to 18,23
Sella moves to 18,24
end turn
Kestrel moves to 17,21
end turn
";

/// A scenario generated with seed 7 and a save made by playing [`SCRIPT`]
/// on it in dice combat, both made once by the binary.
struct Fixture {
    scenario: String,
    save: String,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let r = run(dir, &["generate", "--seed", "7", "--out", "adv"]);
        assert_eq!(r.code, Some(0), "generate: {r:?}");
        std::fs::write(dir.join("s.txt"), SCRIPT).unwrap();
        let r = run(
            dir,
            &[
                "play",
                "adv/scenario.yaml",
                "--script",
                "s.txt",
                "--combat",
                "dice",
            ],
        );
        assert_eq!(r.code, Some(0), "play: {r:?}");
        Fixture {
            scenario: std::fs::read_to_string(dir.join("adv/scenario.yaml")).unwrap(),
            save: std::fs::read_to_string(dir.join("adv/save.yaml")).unwrap(),
        }
    })
}

/// The good save as a YAML mapping.
fn good_map() -> yaml_serde::Mapping {
    yaml_serde::from_str(&fixture().save).unwrap()
}

fn to_text(m: &yaml_serde::Mapping) -> String {
    yaml_serde::to_string(m).unwrap()
}

/// The good save with `key` set to the YAML value `value`.
fn set(key: &str, value: &str) -> String {
    let mut m = good_map();
    let v: yaml_serde::Value = yaml_serde::from_str(value).unwrap();
    m.insert(key.into(), v);
    to_text(&m)
}

/// The good save with `key` set to the string `value`.
fn set_str(key: &str, value: &str) -> String {
    let mut m = good_map();
    m.insert(key.into(), yaml_serde::Value::String(value.into()));
    to_text(&m)
}

/// The good save without `key`.
fn without(key: &str) -> String {
    let mut m = good_map();
    assert!(m.remove(key).is_some(), "the save has no {key}");
    to_text(&m)
}

/// The good save with these lines.
fn with_lines(lines: Vec<String>) -> String {
    let mut m = good_map();
    m.insert(
        "lines".into(),
        yaml_serde::Value::Sequence(lines.into_iter().map(yaml_serde::Value::String).collect()),
    );
    to_text(&m)
}

/// Replaces `from` (which must occur) once in the good save's text.
fn edit(from: &str, to: &str) -> String {
    let s = &fixture().save;
    assert!(s.contains(from), "the save lacks {from:?}");
    s.replacen(from, to, 1)
}

/// "Billion laughs" as top-level keys before `key: *j`.
fn alias_bomb(key: &str) -> String {
    let mut s = String::from(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    let levels = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    for w in levels.windows(2) {
        let items = vec![format!("*{}", w[0]); 9].join(",");
        s.push_str(&format!("{}: &{} [{items}]\n", w[1], w[1]));
    }
    s.push_str(&format!("{key}: *j\n"));
    s
}

/// The good save's text with the alias bomb in place of `lines:`.
fn alias_bomb_in_lines() -> String {
    let mut m = good_map();
    m.remove("lines");
    let mut s = to_text(&m);
    s.push_str("lines: &a [\"status\",\"status\",\"status\",\"status\",\"status\",\"status\",\"status\",\"status\",\"status\"]\n");
    s.push_str(&alias_bomb("junk"));
    s
}

// ---------------------------------------------------------------- the matrix

enum Content {
    Bytes(Vec<u8>),
    /// A sparse file of this many bytes (nothing written).
    Sparse(u64),
    /// A folder where the save should be.
    Folder,
    /// No file at all.
    Missing,
}

struct Case {
    name: &'static str,
    content: Content,
    /// Each must appear in the error line (besides the save's name).
    needles: Vec<&'static str>,
    /// The scenario file beside the save.
    scenario: Scen,
}

/// The scenario file beside the save.
enum Scen {
    /// The one the save was made for.
    Good,
    /// Other bytes.
    Bytes(Vec<u8>),
    /// None.
    Deleted,
}

fn case(name: &'static str, bytes: impl Into<Vec<u8>>, needles: &[&'static str]) -> Case {
    Case {
        name,
        content: Content::Bytes(bytes.into()),
        needles: needles.to_vec(),
        scenario: Scen::Good,
    }
}

fn cases() -> Vec<Case> {
    let good = fixture().save.clone();
    let mut v = vec![
        // ---- not a save at all
        case("empty file", "", &["empty"]),
        case("only blank lines", "\n\n   \n", &["empty"]),
        case(
            "not YAML",
            "format: [tilecrawl-save/1\nseed: {{{\n",
            &["line"],
        ),
        case("a YAML list", "- format\n- tilecrawl-save/1\n", &[]),
        case("a YAML scalar", "just some words\n", &[]),
        case("two YAML documents", format!("{good}---\n{good}"), &[]),
        case("NUL bytes", "format: tilecrawl-save/1\0\0\0\n", &[]),
        {
            let mut b = good.clone().into_bytes();
            let at = good.find("end turn").unwrap();
            b.splice(at..at, [0xff, 0xfe, 0xc0]);
            case("non-UTF-8 bytes", b, &["UTF-8"])
        },
        case(
            "UTF-16 text",
            {
                let mut b = vec![0xff, 0xfe];
                for u in good.encode_utf16() {
                    b.extend(u.to_le_bytes());
                }
                b
            },
            &["UTF-8"],
        ),
        // ---- the format tag
        case(
            "format: tilecrawl-save/2",
            edit("tilecrawl-save/1", "tilecrawl-save/2"),
            &["format", "tilecrawl-save/2", "tilecrawl-save/1"],
        ),
        case(
            "format of another file (party)",
            edit("format: tilecrawl-save/1", "format: tilecrawl-party/1"),
            &["format", "tilecrawl-party/1"],
        ),
        case("format: a number", set("format", "1"), &["format"]),
        // ---- wrong types
        case("seed: \"x\"", set("seed", "x"), &["seed"]),
        case("seed: -1", set("seed", "-1"), &["seed"]),
        case(
            "seed: 2^64 (too big)",
            edit("seed: 7", "seed: 18446744073709551616"),
            &["seed"],
        ),
        case("seed: 1.5", set("seed", "1.5"), &["seed"]),
        case("seed: a list", set("seed", "[7]"), &["seed"]),
        case("lines: 5", set("lines", "5"), &["lines"]),
        case("lines: a string", set("lines", "end turn"), &["lines"]),
        case("lines: a mapping", set("lines", "{a: b}"), &["lines"]),
        case(
            "lines: nested lists",
            set("lines", "[[end turn]]"),
            &["lines"],
        ),
        case("lines: null", set("lines", "~"), &["lines"]),
        case("party: a mapping", set("party", "{teams: []}"), &["party"]),
        case("tables: a list", set("tables", "[a, b]"), &["tables"]),
        case("combat: a number", set("combat", "3"), &["combat"]),
        case(
            "scenario: a list",
            set("scenario", "[a.yaml]"),
            &["scenario"],
        ),
        case(
            "a binary tag",
            edit("seed: 7", "seed: !!binary AAAA"),
            &["seed"],
        ),
        // ---- unknown and duplicate keys
        case("unknown key", set("cheat", "true"), &["cheat"]),
        case(
            "misspelt key (line for lines)",
            {
                let mut m = good_map();
                let lines = m.remove("lines").unwrap();
                m.insert("line".into(), lines);
                to_text(&m)
            },
            &["line"],
        ),
        case("duplicate key", format!("{good}seed: 8\n"), &["seed"]),
        // ---- size
        Case {
            name: "100 MB sparse file",
            content: Content::Sparse(100 * 1024 * 1024),
            needles: vec!["at most"],
            scenario: Scen::Good,
        },
        Case {
            name: "one byte over the size limit (sparse)",
            content: Content::Sparse(session::MAX_SAVE_BYTES + 1),
            needles: vec!["at most"],
            scenario: Scen::Good,
        },
        case(
            "just under the size limit, all comment",
            {
                let line = format!("# {}\n", "x".repeat(77));
                let mut s = line.repeat((session::MAX_SAVE_BYTES as usize - 100) / line.len());
                s.push_str("format: tilecrawl-save/1\n");
                s
            },
            &[],
        ),
        case(
            "deeply nested flow lists",
            {
                let mut s = without("lines");
                s.push_str("lines: ");
                s.push_str(&"[".repeat(100_000));
                s
            },
            &[],
        ),
        case(
            "deeply nested flow mappings",
            {
                let mut s = without("lines");
                s.push_str("lines: ");
                s.push_str(&"{a: ".repeat(100_000));
                s
            },
            &[],
        ),
        case(
            "deeply nested block lists",
            {
                let mut s = without("lines");
                s.push_str("lines:\n");
                for i in 0..2_000 {
                    s.push_str(&" ".repeat(i));
                    s.push_str("-\n");
                }
                s
            },
            &[],
        ),
        case(
            "alias bomb (keys)",
            format!("{good}{}", alias_bomb("junk")),
            &[],
        ),
        case("alias bomb (in lines)", alias_bomb_in_lines(), &[]),
        // ---- the lines
        case(
            "a line with a newline",
            with_lines(vec!["end turn\nend turn".into()]),
            &["lines[0]"],
        ),
        case(
            "a line of 10,000 characters",
            with_lines(vec!["status".into(), "x".repeat(10_000)]),
            &["lines[1]"],
        ),
        case(
            "a line of 400 four-byte characters",
            with_lines(vec!["🐉".repeat(400)]),
            &["lines[0]"],
        ),
        case(
            "200,000 lines",
            with_lines(vec!["status".to_string(); 200_000]),
            &["lines", "200000"],
        ),
        // ---- the scenario it names
        case(
            "scenario: ../../etc/passwd",
            set_str("scenario", "../../etc/passwd"),
            &["scenario"],
        ),
        case(
            "scenario: ../ enough times to reach /etc/passwd",
            set_str("scenario", &format!("{}etc/passwd", "../".repeat(40))),
            &["scenario"],
        ),
        case(
            "scenario: absolute path to a missing file",
            set_str("scenario", "/nonexistent-tilecrawl/scenario.yaml"),
            &["nonexistent-tilecrawl"],
        ),
        case("scenario: empty", set_str("scenario", ""), &["scenario"]),
        case(
            "scenario: the save's own folder",
            set_str("scenario", "."),
            &["folder"],
        ),
        case(
            "scenario: the save itself",
            set_str("scenario", SAVE),
            &["scenario"],
        ),
        case(
            "scenario: a NUL in the path",
            set_str("scenario", "scen\0ario.yaml"),
            &["scenario"],
        ),
        case(
            "scenario: a file 4,000 characters long",
            set_str("scenario", &"a".repeat(4_000)),
            &["scenario"],
        ),
        case(
            "scenario: /dev/zero",
            set_str("scenario", "/dev/zero"),
            &["scenario"],
        ),
        case(
            "scenario_digest: another digest",
            set_str("scenario_digest", "fnv1a64:0000000000000000"),
            &["changed"],
        ),
        case(
            "scenario_digest: not fnv1a64",
            set_str("scenario_digest", "sha256:00"),
            &["scenario_digest"],
        ),
        case(
            "scenario_digest: empty",
            set_str("scenario_digest", ""),
            &["scenario_digest"],
        ),
        Case {
            name: "scenario edited since the save",
            content: Content::Bytes(good.clone().into_bytes()),
            needles: vec!["changed"],
            scenario: Scen::Bytes(format!("{}# edited\n", fixture().scenario).into_bytes()),
        },
        Case {
            name: "scenario deleted since the save",
            content: Content::Bytes(good.clone().into_bytes()),
            needles: vec!["scenario.yaml"],
            scenario: Scen::Deleted,
        },
        // ---- the embedded party and tables
        case("party: empty", set_str("party", ""), &["party"]),
        case(
            "party: not YAML",
            set_str("party", "teams: [[["),
            &["party"],
        ),
        case(
            "party: no heroes",
            set_str("party", "format: tilecrawl-party/1\nteams: []\n"),
            &["party"],
        ),
        case(
            "party: a hero with speed \"fast\"",
            set_str(
                "party",
                &fixture_party().replacen("speed: 5", "speed: fast", 1),
            ),
            &["speed"],
        ),
        case(
            "party: a hero named like a command word",
            set_str("party", &fixture_party().replacen("Kestrel", "end", 1)),
            &["end"],
        ),
        case(
            "party: wrong format",
            set_str(
                "party",
                &fixture_party().replacen("tilecrawl-party/1", "tilecrawl-party/9", 1),
            ),
            &["tilecrawl-party/9"],
        ),
        case(
            "party: alias bomb",
            set_str(
                "party",
                &format!("format: tilecrawl-party/1\n{}", alias_bomb("teams")),
            ),
            &["party"],
        ),
        case(
            "party: 6 MB (over the 64 KiB of a party file)",
            set_str(
                "party",
                &format!(
                    "{}{}",
                    format!("# {}\n", "x".repeat(100)).repeat(60_000),
                    fixture_party()
                ),
            ),
            &["party"],
        ),
        case(
            "tables: 2 MB (over the 1 MiB of a tables file)",
            set_str(
                "tables",
                &format!(
                    "{}format: tilecrawl-tables/1\n",
                    format!("# {}\n", "x".repeat(100)).repeat(20_000)
                ),
            ),
            &["tables", "at most"],
        ),
        case("tables: empty", set_str("tables", ""), &["tables"]),
        case(
            "tables: Embedded (case)",
            set_str("tables", "Embedded"),
            &["tables"],
        ),
        case(
            "tables: only the format line",
            set_str("tables", "format: tilecrawl-tables/1\n"),
            &["tables"],
        ),
        case(
            "tables: wrong format",
            set_str("tables", "format: tilecrawl-tables/0\n"),
            &["tilecrawl-tables/0"],
        ),
        case(
            "tables: deeply nested",
            set_str(
                "tables",
                &format!("format: tilecrawl-tables/1\nx: {}", "[".repeat(100_000)),
            ),
            &["nest"],
        ),
        // ---- the options
        case(
            "combat: poetry",
            set_str("combat", "poetry"),
            &["combat", "poetry"],
        ),
        case("combat: empty", set_str("combat", ""), &["combat"]),
        case("combat: DICE", set_str("combat", "DICE"), &["combat"]),
        // ---- missing files
        Case {
            name: "the save is a folder",
            content: Content::Folder,
            needles: vec!["folder"],
            scenario: Scen::Good,
        },
        Case {
            name: "the save is missing",
            content: Content::Missing,
            needles: vec![],
            scenario: Scen::Good,
        },
    ];
    for key in [
        "format",
        "generator",
        "scenario",
        "scenario_digest",
        "party",
        "tables",
        "seed",
        "combat",
        "lines",
    ] {
        v.push(Case {
            name: Box::leak(format!("missing key {key}").into_boxed_str()),
            content: Content::Bytes(without(key).into_bytes()),
            needles: vec![Box::leak(key.to_string().into_boxed_str())],
            scenario: Scen::Good,
        });
    }
    v
}

/// The party text the good save embeds.
fn fixture_party() -> String {
    good_map()["party"].as_str().unwrap().to_string()
}

/// A file's state: its bytes (or, for a big sparse file, its size and
/// modification time), or that it is a folder or missing.
fn snapshot(path: &Path) -> String {
    match std::fs::metadata(path) {
        Err(_) => "missing".into(),
        Ok(m) if m.is_dir() => "folder".into(),
        Ok(m) if m.len() > 16 * 1024 * 1024 => {
            format!("{} bytes, {:?}", m.len(), m.modified().ok())
        }
        Ok(_) => {
            let b = std::fs::read(path).unwrap();
            format!(
                "{} bytes, digest {}",
                b.len(),
                tilecrawl::core::digest::digest(&b)
            )
        }
    }
}

fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Runs every case through the binary (and `parse_save` where the bytes are
/// text); prints one table row per case and fails with every miss.
fn check_matrix(cases: Vec<Case>) {
    let tmp = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let dir = tmp.path().join(format!("case{i}"));
        std::fs::create_dir(&dir).unwrap();
        let scenario = dir.join("scenario.yaml");
        match &c.scenario {
            Scen::Deleted => {}
            Scen::Bytes(b) => std::fs::write(&scenario, b).unwrap(),
            Scen::Good => std::fs::write(&scenario, &fixture().scenario).unwrap(),
        }
        let save = dir.join(SAVE);
        match &c.content {
            Content::Bytes(b) => std::fs::write(&save, b).unwrap(),
            Content::Sparse(n) => std::fs::File::create(&save).unwrap().set_len(*n).unwrap(),
            Content::Folder => std::fs::create_dir(&save).unwrap(),
            Content::Missing => {}
        }
        let before = (snapshot(&save), snapshot(&scenario), listing(&dir));
        let mut problems = Vec::new();
        if let Content::Bytes(b) = &c.content
            && let Ok(text) = std::str::from_utf8(b)
            && let Err(e) = session::parse_save(text, SAVE).map_err(|e| e.to_string())
            && (e.lines().count() != 1 || !e.starts_with(SAVE))
        {
            problems.push(format!("parse_save: not one line naming the file: {e:?}"));
        }
        let start = Instant::now();
        let r = run(&dir, &["play", "--resume", SAVE]);
        let took = start.elapsed();
        let mut needles = vec![SAVE];
        needles.extend(c.needles.iter().copied());
        let line = match one_error_line(&r, &needles) {
            Ok(l) => l,
            Err(m) => {
                problems.push(format!("binary: {m}"));
                r.stderr.lines().next().unwrap_or("").to_string()
            }
        };
        if r.code == Some(101) || r.stderr.contains("panicked") {
            problems.push("PANIC".into());
        }
        if took > SLOW {
            problems.push(format!("took {took:?}"));
        }
        let after = (snapshot(&save), snapshot(&scenario), listing(&dir));
        if after != before {
            problems.push(format!("files changed: {before:?} -> {after:?}"));
        }
        let result = if problems.is_empty() { "ok" } else { "FAIL" };
        let mut shown: String = line.chars().take(200).collect();
        if shown.len() < line.len() {
            shown.push('…');
        }
        println!(
            "| {} | {} | {:?} | {:.0?} | {} |",
            c.name,
            result,
            r.code,
            took,
            shown.replace('|', "\\|")
        );
        if !problems.is_empty() {
            failures.push(format!("{}: {}", c.name, problems.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_good_save_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("scenario.yaml"), &fixture().scenario).unwrap();
    std::fs::write(dir.join(SAVE), &fixture().save).unwrap();
    let r = run(dir, &["play", "--resume", SAVE]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("resumed after 8 commands"), "{r:?}");
    // It says whose turn it is: in the status and in the turn's banner.
    assert!(r.stdout.contains("'s heroes act; experience pool"), "{r:?}");
    assert!(
        r.stdout
            .lines()
            .any(|l| l.starts_with("== turn ") && l.ends_with("'s heroes ==")),
        "{r:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(SAVE)).unwrap(),
        fixture().save,
        "resuming and typing nothing rewrites the same save"
    );
    assert_eq!(listing(dir), vec![SAVE.to_string(), "scenario.yaml".into()]);
}

#[test]
fn hostile_saves() {
    check_matrix(cases());
}

/// The digest matches, but the file is no scenario (a save made by another
/// tilecrawl version, or crafted): the error names the scenario but not the
/// save. Proposed fix in `src/cli/play.rs`: give `tilecrawl::mkd::scenario::from_yaml` on
/// resume the same `with_context` ("SAVE: the scenario this save was made
/// for") as the read before it.
#[test]
fn a_scenario_with_the_right_digest_that_does_not_load() {
    let bogus = b"format: tilecrawl-scenario/1\nseed: x\n".to_vec();
    let text = set_str("scenario_digest", &tilecrawl::core::digest::digest(&bogus));
    check_matrix(vec![Case {
        name: "scenario with the right digest but invalid",
        content: Content::Bytes(text.into_bytes()),
        needles: vec!["seed"],
        scenario: Scen::Bytes(bogus),
    }]);
}

// ---------------------------------------------------------------- valid but costly

/// Resumes a save with these lines; returns the run and how long it took.
fn resume_lines(lines: Vec<String>) -> (Run, Duration) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("scenario.yaml"), &fixture().scenario).unwrap();
    std::fs::write(dir.join(SAVE), with_lines(lines)).unwrap();
    let start = Instant::now();
    let r = run(dir, &["play", "--resume", SAVE]);
    (r, start.elapsed())
}

/// The most lines a save may hold, all of them turns ending: replayed in
/// bounded time.
#[test]
fn a_save_of_the_most_lines_resumes_in_bounded_time() {
    let (r, took) = resume_lines(vec!["end turn".to_string(); session::MAX_LINES]);
    assert!(matches!(r.code, Some(0 | 1)), "{r:?}");
    assert!(took < Duration::from_secs(30), "took {took:?}");
}

/// Many undos in a row: each must be cheap (an early version replayed the
/// whole game per undo, quadratic in the game's length).
#[test]
fn many_undos_resume_in_bounded_time() {
    let half = session::MAX_LINES / 2;
    let mut lines = vec!["end turn".to_string(); half];
    lines.extend(vec!["undo".to_string(); half]);
    let (r, took) = resume_lines(lines);
    assert!(matches!(r.code, Some(0 | 1)), "{r:?}");
    assert!(took < Duration::from_secs(30), "took {took:?}");
}

// ---------------------------------------------------------------- fuzz regressions

/// Inputs the fuzz targets `save`, `play_commands`, `tables` and `party`
/// found, kept under `tests/fuzz_regressions/<target>/`: each must load or
/// fail cleanly (and a save that loads must replay).
fn regressions(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_regressions")
        .join(target);
    let mut v: Vec<(PathBuf, Vec<u8>)> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd
            .map(|e| {
                let p = e.unwrap().path();
                let b = std::fs::read(&p).unwrap();
                (p, b)
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

/// What each fuzz target checks, on one input: no panic, refusals name the file.
fn survives(target: &str, bytes: &[u8]) {
    use std::sync::Arc;
    use tilecrawl::mkd::play::session::Session;
    use tilecrawl::mkd::play::{CombatMode, Game, GameOptions, party};
    use tilecrawl::mkd::tables;
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let scenario = || {
        let params = tilecrawl::mkd::generate::GenerateParams {
            seed: 7,
            ..Default::default()
        };
        Arc::new(
            tilecrawl::mkd::generate::generate(&tilecrawl::tileset::default_tileset(), &params)
                .unwrap(),
        )
    };
    match target {
        "save" => {
            if let Ok(save) = session::parse_save(text, "fuzz.yaml") {
                let opts = GameOptions {
                    seed: save.seed,
                    combat: session::combat_mode(&save.combat),
                };
                let n = save.lines.len().min(200);
                let _ = Session::replay(
                    scenario(),
                    Arc::new(party::default_party()),
                    Arc::new(tables::default_tables()),
                    opts,
                    &save.lines[..n],
                );
            }
        }
        "play_commands" => {
            let s = scenario();
            let opts = GameOptions {
                seed: s.seed,
                combat: CombatMode::Dice,
            };
            let mut g = Game::new(
                s,
                Arc::new(party::default_party()),
                Arc::new(tables::default_tables()),
                opts,
            );
            for line in text.lines().take(200) {
                let _ = g.apply(line);
                let _ = g.status();
                let _ = g.ascii_map();
            }
        }
        "tables" => {
            if let Err(e) = tables::parse(text, "fuzz.yaml") {
                assert_eq!(e.to_string().lines().count(), 1, "{e}");
            }
        }
        "party" => {
            if let Err(e) = party::parse(text, "fuzz.yaml") {
                assert_eq!(e.to_string().lines().count(), 1, "{e}");
            }
        }
        other => panic!("unknown fuzz target {other}"),
    }
}

/// Crashing inputs found by the fuzz targets (none so far: see the
/// `fuzz/README.md` for the runs), each fed to what its target drives.
#[test]
fn fuzz_regressions_load_or_fail_cleanly() {
    for target in ["save", "play_commands", "tables", "party"] {
        for (path, bytes) in regressions(target) {
            eprintln!("{}", path.display());
            survives(target, &bytes);
        }
    }
}

#[test]
fn fuzz_seeds_for_saves_resume() {
    let seeds = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/save");
    for e in std::fs::read_dir(seeds).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        session::parse_save(&text, "seed.yaml").unwrap();
    }
}
