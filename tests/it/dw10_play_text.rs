//! What a Dungeon World 10 mm game at the table says (a user's audit): a
//! reveal names the piece to lay and where, in the pick list's words; the
//! text map tells every figure and counter apart and has a full legend and
//! rulers; refusals name what was typed and what would be taken.

use crate::common::{self, Run};
use std::path::Path;
use std::time::Duration;

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], Duration::from_secs(120))
}

/// `generate --seed 12 --ruleset dungeon-world-10mm --out dw` in `dir`.
fn generated(dir: &Path) {
    let r = run(
        dir,
        &[
            "generate",
            "--seed",
            "12",
            "--ruleset",
            "dungeon-world-10mm",
            "--dpi",
            "20",
            "--out",
            "dw",
            "-q",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
}

/// `play dw/scenario.yaml` with `script` as its commands: the transcript.
fn play(dir: &Path, script: &str, extra: &[&str]) -> String {
    std::fs::write(dir.join("s.txt"), script).unwrap();
    let mut args = vec![
        "play",
        "dw/scenario.yaml",
        "--script",
        "s.txt",
        "--force",
        "--save",
        "s.yaml",
        "-q",
    ];
    args.extend(extra);
    let r = run(dir, &args);
    assert_eq!(r.code, Some(0), "{r:?}");
    r.stdout
}

/// Every reveal names each piece by its id, pick-list step, face and turn
/// and north-west corner, and they are the pick list's own (it said only
/// `1 new piece revealed: lay it on the table`, where the scenario has
/// three R1s, two R5s and two P5s).
#[test]
fn a_reveal_names_each_piece_and_where_it_goes_as_the_pick_list_does() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    generated(d);
    let sheet = std::fs::read_to_string(d.join("dw/setup.md")).unwrap();
    let out = play(d, "end\nopen Brannoc door W\n", &[]);
    let reveals: Vec<&str> = out.lines().filter(|l| l.contains(" revealed: ")).collect();
    assert!(reveals.len() >= 2, "{out}");
    assert!(
        out.contains(
            "> open Brannoc door W\nBrannoc opens the door at 20,3 E\n1 new piece revealed: lay R1 (pick list step 9), front 270°, north-west corner on 14,0\n"
        ),
        "{out}"
    );
    for line in reveals {
        let (_, laid) = line.split_once(": lay ").unwrap();
        for piece in laid.split("; ") {
            // `R1 (pick list step 9), front 270°, north-west corner on 14,0`
            let (id, rest) = piece.split_once(" (pick list step ").unwrap();
            let (step, rest) = rest.split_once("), ").unwrap();
            let (turn, corner) = rest.split_once(", north-west corner on ").unwrap();
            let row = format!("| {step} | {id} | ");
            let row = sheet
                .lines()
                .find(|l| l.starts_with(&row))
                .unwrap_or_else(|| panic!("no pick-list row `{row}` for `{line}`:\n{sheet}"));
            assert!(
                row.ends_with(&format!("| {turn} | {corner} |")),
                "`{line}` against `{row}`"
            );
        }
    }
}

/// The audit's refusals: a door asked for on the wrong side names the side
/// it is on (it said Brannoc was not next to a closed door); the MKD
/// Adventure's way of moving quotes the word as typed and shows this
/// game's form (it said `` `kestrel` is not a command``); a monster typed
/// as the game prints it is taken, or the refusal names the forms.
#[test]
fn refusals_name_what_was_typed_and_what_would_be_taken() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    generated(d);
    let out = play(
        d,
        "end\nopen Brannoc door E\nKestrel moves to 20,3\nbrannoc\nSTATUS now\nshoot Sella Ogre\nshoot Sella Ogre 1\n",
        &[],
    );
    for (typed, answer) in [
        (
            "open Brannoc door E",
            "refused: there is no closed door on Brannoc's east side (E); there is one on its west side (W)",
        ),
        (
            "Kestrel moves to 20,3",
            "refused: `Kestrel` is not a command: a command starts with what to do, then the hero, as in `move Kestrel 20,3`; `help` lists them",
        ),
        (
            "brannoc",
            "refused: `brannoc` is not a command: a command starts with what to do, then the hero, as in `move Brannoc X,Y`; `help` lists them",
        ),
        (
            "shoot Sella Ogre",
            "refused: no monster `Ogre` is on the map; name one by its number (`3`) or as the game prints it (`Zombie 3`, `zombie3`, `zombie-3`)",
        ),
        (
            "shoot Sella Ogre 1",
            "refused: no monster `Ogre 1` is on the map; name one by its number (`3`) or as the game prints it (`Zombie 3`, `zombie3`, `zombie-3`)",
        ),
    ] {
        let want = format!("> {typed}\n{answer}\n");
        assert!(out.contains(&want), "no `{want}` in:\n{out}");
    }
    assert!(
        out.contains("> STATUS now\nrefused: `status` takes no word after it"),
        "{out}"
    );
}
