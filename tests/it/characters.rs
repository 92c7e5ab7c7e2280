//! Characters, names and hirelings through the real binary (issue 19):
//! golden files for a generated party (`party.yaml`, `characters.md`) and
//! for the other commands' output (`UPDATE_GOLDEN=1 cargo test --test it
//! characters::` rewrites them); a `party new` party playing a generated
//! MKD scenario through `simulate`; heroes named in ASCII at the play
//! prompt; bad requests as one `error:` line.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(120);

fn run(cwd: &Path, args: &[&str]) -> common::Run {
    common::run_env(cwd, args, &[], TIMEOUT)
}

fn ok(cwd: &Path, args: &[&str]) -> String {
    let r = run(cwd, args);
    assert_eq!(r.code, Some(0), "tilecrawl {args:?}: {}", r.stderr);
    r.stdout
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/characters")
}

fn check_or_update(name: &str, actual: &[u8], failures: &mut Vec<String>) {
    let path = golden_dir().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    match std::fs::read(&path) {
        Ok(expected) if expected == actual => {}
        Ok(_) => failures.push(format!(
            "{} differs from the output; if the change is meant, rerun with UPDATE_GOLDEN=1 and say so in the commit",
            path.display()
        )),
        Err(e) => failures.push(format!(
            "{}: {e}; run `UPDATE_GOLDEN=1 cargo test --test it characters::` to create it",
            path.display()
        )),
    }
}

#[test]
fn golden_party_sheets_and_command_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "party",
            "new",
            "--ruleset",
            "wod-s",
            "--heroes",
            "4",
            "--seed",
            "9",
            "--out",
            "party.yaml",
            "-q",
        ],
    );
    let mut failures = Vec::new();
    for f in ["party.yaml", "characters.md"] {
        check_or_update(f, &std::fs::read(d.join(f)).unwrap(), &mut failures);
    }
    // A higher level, one class and one land: level-ups and the damage die.
    let sub = d.join("l7");
    ok(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "2",
            "--seed",
            "3",
            "--level",
            "7",
            "--class",
            "priest",
            "--land",
            "uru",
            "--out",
            "l7/party.yaml",
            "-q",
        ],
    );
    check_or_update(
        "party-level-7.yaml",
        &std::fs::read(sub.join("party.yaml")).unwrap(),
        &mut failures,
    );
    // The same seed made for Dungeon World 10 mm: the same sheets, each a
    // stat block and bonuses.
    dw10_party(d, "dw10/party.yaml");
    // And as a Dungeons Dark & Dangerous war-party, hirelings filling it.
    ok(
        d,
        &[
            "party",
            "new",
            "--for",
            "dd-and-d",
            "--seed",
            "9",
            "--out",
            "ddd/party.yaml",
            "-q",
        ],
    );
    // An MKD party with hirelings by the day after the characters.
    ok(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "3",
            "--hirelings",
            "3",
            "--seed",
            "9",
            "--out",
            "hired/party.yaml",
            "-q",
        ],
    );
    for (dir, from, to) in [
        ("hired", "party.yaml", "party-hirelings.yaml"),
        ("hired", "characters.md", "characters-hirelings.md"),
        ("dw10", "party.yaml", "party-dw10.yaml"),
        ("dw10", "characters.md", "characters-dw10.md"),
        ("ddd", "party.yaml", "party-ddd.yaml"),
        ("ddd", "characters.md", "characters-ddd.md"),
    ] {
        check_or_update(
            to,
            &std::fs::read(d.join(dir).join(from)).unwrap(),
            &mut failures,
        );
    }
    let commands: &[&[&str]] = &[
        &[
            "names",
            "--land",
            "northlands",
            "--count",
            "10",
            "--seed",
            "3",
        ],
        &["names", "--count", "4", "--seed", "3"],
        &[
            "hireling",
            "--ruleset",
            "wod-s",
            "--kind",
            "armsman",
            "--count",
            "2",
            "--seed",
            "4",
        ],
        &[
            "hireling",
            "--ruleset",
            "wod-s",
            "--kind",
            "expert",
            "--seed",
            "4",
        ],
        &[
            "hireling",
            "--ruleset",
            "dw-srd",
            "--found",
            "city",
            "--seed",
            "4",
            "--skill",
            "protector",
        ],
        &[
            "hireling",
            "--ruleset",
            "dw-srd",
            "--found",
            "village",
            "--count",
            "3",
            "--seed",
            "5",
        ],
        &["roll", "2d6+1", "--move", "--seed", "1"],
        &["roll", "b[2d6]-1", "--seed", "2"],
        &["roll", "w[3d10]", "--move", "--seed", "2"],
        &["injury", "--seed", "5"],
        &["injury", "--con", "-1", "--seed", "3"],
    ];
    let mut text = String::new();
    for args in commands {
        text.push_str(&format!("$ tilecrawl {}\n", args.join(" ")));
        text.push_str(&ok(d, args));
    }
    check_or_update("commands.txt", text.as_bytes(), &mut failures);
    // The seed-9 party on the seed-7 dungeon with World of Dungeons S
    // injuries: play seed 1 (a fatal gut wound, reeling then slain) and 11
    // (out cold, a maimed thigh).
    ok(d, &["generate", "--seed", "7", "--out", "adv", "-q"]);
    std::fs::copy(d.join("party.yaml"), d.join("adv/party.yaml")).unwrap();
    std::fs::write(
        d.join("adv/s.txt"),
        "Maerla moves to 18,23\nwound Maerla 20\nThrain moves to 18,23\nwound Thrain 20\nwound Thrain 1\nstatus\n",
    )
    .unwrap();
    for seed in ["1", "11"] {
        let t = ok(
            &d.join("adv"),
            &[
                "play",
                "scenario.yaml",
                "--party",
                "party.yaml",
                "--script",
                "s.txt",
                "--injuries",
                "wod-s",
                "--seed",
                seed,
                "--force",
            ],
        );
        check_or_update(
            &format!("injuries-play-seed-{seed}.txt"),
            t.as_bytes(),
            &mut failures,
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_same_seed_gives_the_same_party_and_a_missing_seed_is_printed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &["party", "new", "--seed", "11", "--out", "a.yaml", "-q"],
    );
    let first = std::fs::read(d.join("a.yaml")).unwrap();
    let r = run(d, &["party", "new", "--seed", "11", "--out", "a.yaml"]);
    assert_eq!(r.code, Some(1));
    common::one_error_line(&r, &["already exists", "--force"]).unwrap();
    ok(
        d,
        &[
            "party", "new", "--seed", "11", "--out", "a.yaml", "--force", "-q",
        ],
    );
    assert_eq!(std::fs::read(d.join("a.yaml")).unwrap(), first);
    let r = run(d, &["names", "--count", "2"]);
    assert_eq!(r.code, Some(0));
    assert!(r.stderr.starts_with("seed "), "{}", r.stderr);
}

/// `party new --out -` prints the party file, and only it, on standard
/// output, as `warparty new --out -` does; no file is written (no `-`, no
/// characters.md). `--print` has no folder to put characters.pdf in then.
#[test]
fn party_new_out_dash_prints_the_party_file_on_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(d, &["party", "new", "--seed", "9", "--out", "-"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let golden = std::fs::read_to_string(golden_dir().join("party.yaml")).unwrap();
    assert_eq!(
        r.stdout, golden,
        "standard output should be party.yaml alone"
    );
    let written: Vec<_> = std::fs::read_dir(d).unwrap().collect();
    assert!(written.is_empty(), "nothing should be written: {written:?}");
    let r = run(
        d,
        &["party", "new", "--seed", "9", "--out", "-", "--print", "a4"],
    );
    common::usage_error_line(&r, &["--print", "characters.pdf", "--out -"]).unwrap();
    assert!(r.stdout.is_empty(), "{r:?}");
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 0);
}

#[test]
fn a_new_party_plays_a_generated_mkd_scenario_through_simulate() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["generate", "--seed", "7", "--out", "g7", "-q"]);
    for (seed, level) in [("9", "1"), ("4", "5")] {
        ok(
            d,
            &[
                "party",
                "new",
                "--heroes",
                "4",
                "--seed",
                seed,
                "--level",
                level,
                "--out",
                "party.yaml",
                "--force",
                "-q",
            ],
        );
        let out = ok(
            d,
            &[
                "simulate",
                "g7/scenario.yaml",
                "--party",
                "party.yaml",
                "--runs",
                "20",
                "--quiet",
            ],
        );
        assert!(out.contains("wins"), "{out}");
        assert!(out.contains("runs             20"), "{out}");
    }
}

/// A hero renamed by hand in a `party new` party, its `wod_s:` sheet left
/// as it was, is told of on standard error — one `warning:` line with the
/// file, the line of the hero's name and both names — by `play`,
/// `simulate` and `campaign new`, which go on with the hero's `name`;
/// `-q` leaves it out, and an unedited party has none.
#[test]
fn a_hero_renamed_apart_from_its_sheet_is_warned_of() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["generate", "--seed", "7", "--out", "g7", "-q"]);
    ok(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "2",
            "--seed",
            "3",
            "--out",
            "party.yaml",
            "-q",
        ],
    );
    let text = std::fs::read_to_string(d.join("party.yaml")).unwrap();
    let r = run(
        d,
        &[
            "simulate",
            "g7/scenario.yaml",
            "--party",
            "party.yaml",
            "--runs",
            "2",
        ],
    );
    assert!(!r.stderr.contains("warning: party.yaml"), "{}", r.stderr);
    // The first hero, Lirien (seed 3), on line 9.
    let line = text
        .lines()
        .position(|l| l == "  - name: Lirien")
        .map(|n| n + 1);
    assert_eq!(line, Some(9), "{text}");
    std::fs::write(
        d.join("party.yaml"),
        text.replacen("  - name: Lirien\n", "  - name: Rook\n", 1),
    )
    .unwrap();
    let warning = "warning: party.yaml: line 9: hero `Rook` is named `Lirien` in its wod_s sheet; the hero's name `Rook` is used";
    let warned = |r: &crate::common::Run| r.stderr.lines().filter(|l| *l == warning).count();
    let r = run(
        d,
        &[
            "simulate",
            "g7/scenario.yaml",
            "--party",
            "party.yaml",
            "--runs",
            "2",
        ],
    );
    assert_eq!((r.code, warned(&r)), (Some(0), 1), "{}", r.stderr);
    let r = run(
        d,
        &[
            "simulate",
            "g7/scenario.yaml",
            "--party",
            "party.yaml",
            "--runs",
            "2",
            "-q",
        ],
    );
    assert_eq!((r.code, warned(&r)), (Some(0), 0), "{}", r.stderr);
    std::fs::write(d.join("s.txt"), "status\n").unwrap();
    let args = [
        "play",
        "g7/scenario.yaml",
        "--party",
        "party.yaml",
        "--script",
        "s.txt",
    ];
    let r = run(d, &args);
    assert_eq!((r.code, warned(&r)), (Some(0), 1), "{}", r.stderr);
    assert!(
        r.stdout.contains("Rook") && !r.stdout.contains("Lirien"),
        "{}",
        r.stdout
    );
    let args = [
        "campaign",
        "new",
        "Ironfall",
        "--party",
        "party.yaml",
        "--seed",
        "1",
    ];
    let r = run(d, &args);
    assert_eq!((r.code, warned(&r)), (Some(0), 1), "{}", r.stderr);
}

#[test]
fn a_hero_with_diacritics_is_named_in_ascii_or_by_a_unique_beginning() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["generate", "--seed", "7", "--out", "adv", "-q"]);
    // A party whose first hero is Lárus (checked below), from the Northlands.
    ok(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "2",
            "--seed",
            "1",
            "--land",
            "northlands",
            "--species",
            "human",
            "--out",
            "adv/party.yaml",
            "-q",
        ],
    );
    let party = std::fs::read_to_string(d.join("adv/party.yaml")).unwrap();
    let first = party
        .lines()
        .find_map(|l| l.strip_prefix("  - name: "))
        .expect("a hero")
        .trim_matches('"')
        .to_string();
    let ascii = tilecrawl::characters::names::ascii_fold(&first);
    std::fs::write(
        d.join("adv/s.txt"),
        format!(
            "{ascii} moves to 0,0\n{} moves to 0,0\nNobody moves to 0,0\n",
            &ascii[..3]
        ),
    )
    .unwrap();
    let t = ok(
        &d.join("adv"),
        &[
            "play",
            "scenario.yaml",
            "--party",
            "party.yaml",
            "--script",
            "s.txt",
            "--force",
        ],
    );
    let answers: Vec<&str> = t.lines().filter(|l| l.starts_with("! ")).collect();
    assert_eq!(answers.len(), 3, "{t}");
    assert!(
        answers[0].contains("outside the dungeon"),
        "{first} as {ascii}: {t}"
    );
    assert!(answers[1].contains("outside the dungeon"), "{t}");
    assert!(answers[2].contains("no hero called `Nobody`"), "{t}");
}

/// A request the embedded tables cannot meet (an unknown land, class,
/// dice that do not parse, a number out of range) is bad usage: exit 2
/// and one `error:` line.
#[test]
fn bad_requests_are_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["names", "--land", "mars"],
            &["unknown land `mars`", "northlands"],
        ),
        (&["names", "--land", "elves"], &["unknown land `elves`"]),
        // A beginning of two lands is not unknown: both are named.
        (
            &["names", "--land", "h"],
            &[
                "land `h` is ambiguous",
                "high-elves, halflings",
                "type more",
            ],
        ),
        (
            &["names", "--land", "dwarves", "--count", "21", "--seed", "1"],
            &["at most 20"],
        ),
        (
            &["party", "new", "--class", "monk", "--seed", "1"],
            &["unknown class `monk`"],
        ),
        (
            &["party", "new", "--species", "orc", "--seed", "1"],
            &["unknown species `orc`"],
        ),
        // Beginnings of several species, classes or hireling skills are
        // ambiguous, with the names they begin.
        (
            &["party", "new", "--species", "h", "--seed", "1"],
            &["species `h` is ambiguous", "human, halfling", "type more"],
        ),
        (
            &["party", "new", "--class", "p", "--seed", "1"],
            &["class `p` is ambiguous", "paladin, priest"],
        ),
        (
            &[
                "hireling",
                "--ruleset",
                "dw-srd",
                "--found",
                "city",
                "--skill",
                "p",
            ],
            &["hireling skill `p` is ambiguous", "priest, protector"],
        ),
        (
            &["party", "new", "--level", "11", "--seed", "1"],
            &["level is 11; expected 1 to 10"],
        ),
        (
            &["party", "new", "--ruleset", "dw-srd", "--seed", "1"],
            &["hirelings, not characters"],
        ),
        // Dungeon World SRD hirelings join no party: the refusal says which
        // hirelings a party takes and where the SRD's are rolled.
        (
            &[
                "party",
                "new",
                "--ruleset",
                "dw-srd",
                "--hirelings",
                "2",
                "--seed",
                "1",
            ],
            &[
                "--hirelings are World of Dungeons S ones",
                "tilecrawl hireling --ruleset dw-srd",
            ],
        ),
        (
            &["hireling", "--ruleset", "wod-s", "--seed", "1"],
            &["needs --kind"],
        ),
        (
            &["hireling", "--kind", "wizard", "--seed", "1"],
            &["unknown hireling kind `wizard`"],
        ),
        (
            &["hireling", "--ruleset", "dw-srd", "--seed", "1"],
            &["needs --found"],
        ),
        (
            &[
                "hireling",
                "--ruleset",
                "dw-srd",
                "--found",
                "moon",
                "--seed",
                "1",
            ],
            &["unknown place `moon`"],
        ),
        (
            &[
                "hireling",
                "--ruleset",
                "dw-srd",
                "--found",
                "city",
                "--skill",
                "cook",
                "--seed",
                "1",
            ],
            &["unknown hireling skill `cook`"],
        ),
        (&["roll", "2d", "--seed", "1"], &["dice expression `2d`"]),
        (
            &["roll", "1000d6", "--seed", "1"],
            &["number of dice is 1000; expected 1 to 100"],
        ),
        (&["roll", "b[2d6", "--seed", "1"], &["not closed"]),
        // A number past what fits is too big, not "not a whole number".
        (
            &["roll", "2d6+99999999999", "--seed", "1"],
            &["a number is 99999999999, too big; expected 0 to"],
        ),
        // Without --seed a refused request prints its error alone: no seed
        // note before it.
        (&["hireling", "--kind", "x"], &["unknown hireling kind `x`"]),
        (
            &["hireling", "--kind", "guide", "--skill", "tracker"],
            &["--found and --skill are for"],
        ),
        (
            &["hireling", "--ruleset", "dw-srd", "--found", "moon"],
            &["unknown place `moon`"],
        ),
        // A Con no character can have (the text's attributes run 0 to +3,
        // an elf's Con from -1): one line, before any seed note.
        (
            &["injury", "--con", "4", "--seed", "1"],
            &["--con: Con is 4; expected -1 to 3"],
        ),
        (&["injury", "--con", "-2"], &["Con is -2; expected -1 to 3"]),
        (
            &["injury", "--con", "-3", "--seed", "1"],
            &["Con is -3; expected -1 to 3"],
        ),
        (
            &["injury", "--con", "6", "--seed", "1"],
            &["Con is 6; expected -1 to 3"],
        ),
    ];
    let mut failures = Vec::new();
    for (args, needles) in cases {
        let r = run(d, args);
        if let Err(m) = common::usage_error_line(&r, needles) {
            failures.push(format!("{args:?}: {m}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Nothing was written by the refused party requests.
    assert!(!d.join("party.yaml").exists());
}

/// `party new --print PAPER` writes characters.pdf beside the party: on that
/// paper, every character's name, attributes, MKD stats and rolls in its
/// text, "page n of m" on every page; the same seed gives the same bytes.
#[test]
fn party_new_prints_characters_pdf_on_the_paper_asked_for() {
    let tmp = tempfile::tempdir().unwrap();
    ok(
        tmp.path(),
        &[
            "party",
            "new",
            "--seed",
            "9",
            "--heroes",
            "3",
            "--print",
            "a4",
            "--out",
            "a/party.yaml",
            "-q",
        ],
    );
    let pdf = std::fs::read(tmp.path().join("a/characters.pdf")).unwrap();
    let (pages, sizes) = crate::pdfread::info(&pdf);
    assert!(pages >= 1);
    crate::pdfread::assert_page_size(&sizes, 595.276, 841.89);
    let text = crate::pdfread::text(&pdf).join("\n");
    let md = std::fs::read_to_string(tmp.path().join("a/characters.md")).unwrap();
    // Every character's heading, as characters.md has it, is in the PDF.
    let headings: Vec<&str> = md.lines().filter_map(|l| l.strip_prefix("## ")).collect();
    assert_eq!(headings.len(), 3, "{md}");
    let squash = |s: &str| s.split_whitespace().collect::<String>();
    let flat = squash(&text);
    for h in &headings {
        assert!(flat.contains(&squash(h)), "{h} is not in the PDF");
    }
    for needle in [
        "Str",
        "Cha",
        "In MKD play",
        "Rolls",
        &format!("page 1 of {pages}"),
    ] {
        assert!(flat.contains(&squash(needle)), "{needle} is not in the PDF");
    }
    assert!(!text.contains('`'), "no Markdown marks in the PDF");
    // The same again: the same bytes. Without --print, no PDF.
    ok(
        tmp.path(),
        &[
            "party",
            "new",
            "--seed",
            "9",
            "--heroes",
            "3",
            "--print",
            "a4",
            "--out",
            "b/party.yaml",
            "-q",
        ],
    );
    assert_eq!(
        pdf,
        std::fs::read(tmp.path().join("b/characters.pdf")).unwrap()
    );
    ok(
        tmp.path(),
        &["party", "new", "--seed", "9", "--out", "c/party.yaml", "-q"],
    );
    assert!(!tmp.path().join("c/characters.pdf").exists());
}

/// Seed 9's party for Dungeon World 10 mm at `d/out`, quietly.
fn dw10_party(d: &Path, out: &str) {
    ok(
        d,
        &[
            "party",
            "new",
            "--for",
            "dungeon-world-10mm",
            "--seed",
            "9",
            "--out",
            out,
            "-q",
        ],
    );
}

/// Seed 7's Dungeon World 10 mm scenario in `d/g/`.
fn generate_dw10(d: &Path) {
    ok(
        d,
        &[
            "generate",
            "--ruleset",
            "dungeon-world-10mm",
            "--seed",
            "7",
            "--out",
            "g",
            "-q",
        ],
    );
}

/// A party made for Dungeon World 10 mm plays there: `simulate` and `play`
/// take it, the names typed are the ASCII ones the summary gives, and the
/// sheets match the MKD party's of the same seed.
#[test]
fn a_party_for_dungeon_world_10mm_plays_there() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let said = ok(
        d,
        &[
            "party",
            "new",
            "--for",
            "dungeon-world-10mm",
            "--seed",
            "9",
            "--out",
            "p.yaml",
        ],
    );
    assert!(said.contains("; plays as "), "{said}");
    ok(
        d,
        &["party", "new", "--seed", "9", "--out", "m/p.yaml", "-q"],
    );
    let dw = std::fs::read_to_string(d.join("p.yaml")).unwrap();
    assert!(dw.contains("format: tilecrawl-dw10-party/1"), "{dw}");
    let mkd = std::fs::read_to_string(d.join("m/p.yaml")).unwrap();
    // A sheet's own lines: `name:` under `wod_s:` (indented past a
    // hero's line).
    let sheet_names = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("    "))
            .filter_map(|l| l.trim().strip_prefix("name: "))
            .map(str::to_string)
            .collect()
    };
    // The same seed makes the same characters for either game.
    let (dn, mn) = (sheet_names(&dw), sheet_names(&mkd));
    assert_eq!(dn.len(), 4, "{dw}");
    assert_eq!(dn, mn);
    generate_dw10(d);
    let report = ok(
        d,
        &[
            "simulate",
            "g/scenario.yaml",
            "--party",
            "p.yaml",
            "--runs",
            "20",
            "-q",
        ],
    );
    assert!(report.contains("20 runs"), "{report}");
    let first = said.lines().next().unwrap();
    let hero = first
        .split("; plays as ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    std::fs::write(d.join("s.txt"), "status\n").unwrap();
    let played = ok(
        d,
        &[
            "play",
            "g/scenario.yaml",
            "--party",
            "p.yaml",
            "--script",
            "s.txt",
            "--save",
            "save.yaml",
        ],
    );
    assert!(
        played.contains(&format!("  {hero} at ")),
        "{hero}: {played}"
    );
}

/// What a Dungeon World 10 mm party cannot be is refused in one line:
/// more than four heroes, and `--for dd-and-d`, which plays war-parties.
#[test]
fn party_new_refuses_what_the_game_cannot_take() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(
        d,
        &[
            "party",
            "new",
            "--for",
            "dungeon-world-10mm",
            "--heroes",
            "5",
            "--seed",
            "1",
        ],
    );
    common::usage_error_line(&r, &["--heroes 5", "1 to 4 heroes"]).unwrap();
    let r = run(
        d,
        &[
            "party", "new", "--for", "dd-and-d", "--heroes", "11", "--seed", "1",
        ],
    );
    common::usage_error_line(&r, &["--heroes 11", "10 models", "hirelings fill the rest"]).unwrap();
    let r = run(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "10",
            "--hirelings",
            "3",
            "--seed",
            "1",
        ],
    );
    common::usage_error_line(&r, &["--heroes 10 and --hirelings 3", "at most 12 heroes"]).unwrap();
    for game in ["dungeon-world-10mm", "dd-and-d"] {
        let r = run(
            d,
            &[
                "party",
                "new",
                "--for",
                game,
                "--hirelings",
                "1",
                "--seed",
                "1",
            ],
        );
        common::usage_error_line(&r, &["--hirelings is for --for mkd-adventure"]).unwrap();
    }
    assert!(!d.join("party.yaml").exists());
}

/// Hirelings taken along by `party new --hirelings` come after the
/// characters, who are the same as without them; each is a hero of the
/// party that `simulate` plays and `play` names.
#[test]
fn hirelings_join_an_mkd_party_as_heroes_that_play() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "2",
            "--seed",
            "5",
            "--out",
            "plain/party.yaml",
            "-q",
        ],
    );
    let said = ok(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "2",
            "--hirelings",
            "2",
            "--seed",
            "5",
            "--out",
            "hired.yaml",
        ],
    );
    assert_eq!(said.matches(": hired ").count(), 2, "{said}");
    let plain = tilecrawl::mkd::play::party::load(&d.join("plain/party.yaml")).unwrap();
    let hired = tilecrawl::mkd::play::party::load(&d.join("hired.yaml")).unwrap();
    let (p, h): (Vec<_>, Vec<_>) = (plain.heroes().collect(), hired.heroes().collect());
    assert_eq!(h.len(), 4);
    assert_eq!(
        &h[..2],
        &p[..],
        "the characters are the same with hirelings"
    );
    for hero in &h[2..] {
        assert_eq!(hero.con, 0, "a hireling has no sheet");
        assert!(
            said.contains(&format!("{}: hired", hero.name))
                || said.contains(&format!("plays as {}", hero.name)),
            "{said}"
        );
    }
    ok(d, &["generate", "--seed", "7", "--out", "dungeon", "-q"]);
    let r = ok(
        d,
        &[
            "simulate",
            "dungeon/scenario.yaml",
            "--party",
            "hired.yaml",
            "--runs",
            "20",
        ],
    );
    assert!(r.contains("runs             20"), "{r}");
    let status = ok(
        d,
        &[
            "play",
            "dungeon/scenario.yaml",
            "--party",
            "hired.yaml",
            "--script",
            "-",
            "--save",
            "s.yaml",
        ],
    );
    for hero in &h[2..] {
        assert!(
            status.contains(hero.name.as_str()),
            "{} not named:\n{status}",
            hero.name
        );
    }
}

/// A party made for Dungeons Dark & Dangerous is a legal war-party of ten
/// models, the characters first under their own names and hirelings after
/// them, that `warparty check` passes and `simulate` plays; its characters
/// are the MKD party's of the same seed.
#[test]
fn a_party_for_dd_and_d_is_a_war_party_that_plays() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let said = ok(
        d,
        &[
            "party", "new", "--for", "dd-and-d", "--heroes", "3", "--seed", "9", "--out", "w.yaml",
        ],
    );
    assert_eq!(said.matches(": hired ").count(), 7, "{said}");
    let checked = ok(d, &["warparty", "check", "w.yaml"]);
    assert!(
        checked.contains("a legal war-party of ten models"),
        "{checked}"
    );
    ok(
        d,
        &[
            "party", "new", "--heroes", "3", "--seed", "9", "--out", "m/m.yaml", "-q",
        ],
    );
    let w = std::fs::read_to_string(d.join("w.yaml")).unwrap();
    let m = std::fs::read_to_string(d.join("m/m.yaml")).unwrap();
    for line in m.lines().filter_map(|l| l.strip_prefix("      name: ")) {
        assert!(
            w.contains(&format!("name: {line},")),
            "{line} not a model: {w}"
        );
    }
    let md = std::fs::read_to_string(d.join("characters.md")).unwrap();
    assert_eq!(md.matches("In Dungeons Dark & Dangerous play").count(), 3);
    assert!(md.contains("## Hirelings"), "{md}");
    ok(
        d,
        &[
            "generate",
            "--ruleset",
            "dd-and-d",
            "--seed",
            "7",
            "--out",
            "b",
            "-q",
        ],
    );
    let report = ok(
        d,
        &[
            "simulate",
            "b/scenario.yaml",
            "--warparty",
            "w.yaml",
            "--runs",
            "10",
            "-q",
        ],
    );
    assert!(report.contains("10 games"), "{report}");
}

/// A hand-edited sheet in a Dungeon World 10 mm party breaks the World of
/// Dungeons S rules: the party is refused naming the hero's sheet.
#[test]
fn a_broken_sheet_in_a_dw10_party_is_refused_by_key() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    dw10_party(d, "p.yaml");
    generate_dw10(d);
    let text = std::fs::read_to_string(d.join("p.yaml")).unwrap();
    let broken = text.replacen("    level: 1\n", "    level: 11\n", 1);
    assert_ne!(broken, text);
    std::fs::write(d.join("bad.yaml"), broken).unwrap();
    let r = run(
        d,
        &[
            "simulate",
            "g/scenario.yaml",
            "--party",
            "bad.yaml",
            "--runs",
            "2",
            "-q",
        ],
    );
    // The hero is named, as in an MKD party (`heroes[0] (Name).wod_s`).
    common::one_error_line(&r, &["bad.yaml", "heroes[0] (", ").wod_s: ", "level is 11"]).unwrap();
}

/// The Dungeons Dark & Dangerous company reads its dice as that game does
/// (a small die wins close combat and turns wounds, L49-53), so levels make
/// it stronger: the audit found a level-10 company losing 88 % of its games
/// to the same characters at level 1, and a level-1 company beating the
/// default war-party in all of them. Now the level-10 company wins most
/// games from either seat, and the level-1 company is a fair match for the
/// default war-party.
#[test]
fn a_dd_and_d_company_grows_stronger_with_its_level() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (level, dir) in [("1", "l1"), ("10", "l10")] {
        ok(
            d,
            &[
                "party",
                "new",
                "--for",
                "dd-and-d",
                "--seed",
                "9",
                "--level",
                level,
                "--out",
                &format!("{dir}/company.yaml"),
                "-q",
            ],
        );
    }
    ok(
        d,
        &[
            "generate",
            "--ruleset",
            "dd-and-d",
            "--scenario",
            "battle",
            "--seed",
            "7",
            "--dpi",
            "20",
            "--out",
            "b7",
            "-q",
        ],
    );
    let blue_wins = |args: &[&str]| -> u32 {
        let mut all = vec![
            "simulate",
            "b7/scenario.yaml",
            "--runs",
            "60",
            "--json",
            "-q",
        ];
        all.extend_from_slice(args);
        let v: serde_json::Value = serde_json::from_str(&ok(d, &all)).unwrap();
        v["blue_wins"].as_u64().unwrap() as u32
    };
    let high = blue_wins(&[
        "--warparty",
        "l10/company.yaml",
        "--opponent",
        "l1/company.yaml",
    ]);
    assert!(high >= 36, "level 10 as Blue won {high} of 60");
    let low = blue_wins(&[
        "--warparty",
        "l1/company.yaml",
        "--opponent",
        "l10/company.yaml",
    ]);
    assert!(low <= 24, "level 1 as Blue won {low} of 60");
    let even = blue_wins(&["--warparty", "l1/company.yaml"]);
    assert!(
        (15..=45).contains(&even),
        "level 1 against the default war-party won {even} of 60"
    );
}
