//! Dice through the real binary for the characters' games (issue 19):
//! `roll` with damage, off-hand rerolls, critical hits and their injuries,
//! the WoD S Con check for an injury, the SRD's other damage, and play
//! with WoD S injuries keeping the Con check in its save.

use crate::common;

use std::path::Path;
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

#[test]
fn roll_damage_reads_the_main_die_for_fumbles_and_critical_hits() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: &[(&[&str], &str)] = &[
        // A 6 on the main die rolls the d20; a 20 makes a critical hit and
        // its injury, after the damage less armour.
        (
            &["roll", "d6+1", "--damage", "--armour", "1", "--seed", "63"],
            "1d6+1: 1d6 [6] + 1 = 7\n\
             less armour 1: 6 HP lost\n\
             main die 6: a critical hit if the GM says so; unsure, d20 20: a critical hit, and a critical injury besides the damage\n\
             location: d100 63 = chest; severity: d12 2 = maimed (heals only by magic or surgery)\n\
             effect L: punctured lung: -4 to every test\n",
        ),
        // A 6 and a d20 below 20: no critical hit, no injury.
        (
            &["roll", "d6+1", "--damage", "--seed", "3"],
            "1d6+1: 1d6 [6] + 1 = 7\nmain die 6: a critical hit if the GM says so; unsure, d20 1: not one (a 20 makes one)\n",
        ),
        // The GM declared the strike telling: the 6 is a critical without
        // the d20.
        (
            &["roll", "2d6+3", "--critical", "--seed", "3"],
            "2d6+3: 2d6 [6, 5] + 3 = 14\n\
             main die 6: a critical hit, as the GM declared, and a critical injury besides the damage\n\
             location: d100 31 = gut; severity: d12 1 = severed (gone; only strong magic restores it)\n\
             effect D: dies in 1d6 rounds\n",
        ),
        // Only the main die (the first d6) fumbles.
        (
            &["roll", "2d6+1", "--damage", "--seed", "12"],
            "2d6+1: 2d6 [1, 3] + 1 = 5\nmain die 1: a fumble; the damage stands, and the GM may add a mishap\n",
        ),
        (
            &["roll", "2d6+1", "--damage", "--seed", "8"],
            "2d6+1: 2d6 [3, 1] + 1 = 5\nmain die 3: no fumble, no critical hit\n",
        ),
        // Armour on any damage: never below 0.
        (
            &["roll", "d8+2", "--armour", "2", "--seed", "1"],
            "1d8+2: 1d8 [4] + 2 = 6\nless armour 2: 4 HP lost\n",
        ),
        (
            &["roll", "d8+2", "--armour", "9", "--seed", "1"],
            "1d8+2: 1d8 [4] + 2 = 6\nless armour 9: 0 HP lost\n",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(ok(d, args), *want, "tilecrawl {args:?}");
    }
    // No d6 to be the main die: one line, before any seed note.
    for args in [
        &["roll", "d8+1", "--damage"][..],
        &["roll", "b[2d6]", "--critical", "--seed", "1"],
    ] {
        let r = run(d, args);
        common::usage_error_line(&r, &["no d6 to be the main die"]).unwrap();
    }
    // A move is not damage: clap refuses the mix as bad usage.
    for extra in ["--damage", "--critical", "--armour=1"] {
        let r = run(d, &["roll", "2d6", "--move", extra, "--seed", "1"]);
        assert_eq!(r.code, Some(2), "{extra}: {r:?}");
        assert!(r.stderr.starts_with("error: "), "{}", r.stderr);
    }
}

#[test]
fn roll_off_hand_rerolls_the_damage_once_and_shows_both_rolls() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: &[(&[&str], &str)] = &[
        // 3 is below d6+1's average 4.5: rolled again, and the 6 stands.
        (
            &["roll", "d6+1", "--damage", "--off-hand", "--seed", "4"],
            "1d6+1: 1d6 [2] + 1 = 3\n\
             off-hand re-roll (3 is below the average 4.5): 1d6 [5] + 1 = 6\n\
             main die 5: no fumble, no critical hit\n",
        ),
        // Once only: a re-roll that fumbles stands, fumble and all.
        (
            &["roll", "d6+1", "--damage", "--off-hand", "--seed", "8"],
            "1d6+1: 1d6 [3] + 1 = 4\n\
             off-hand re-roll (4 is below the average 4.5): 1d6 [1] + 1 = 2\n\
             main die 1: a fumble; the damage stands, and the GM may add a mishap\n",
        ),
        // A fumbling main die is re-rolled; armour meets the re-roll.
        (
            &[
                "roll",
                "d6+1",
                "--damage",
                "--off-hand",
                "--armour",
                "1",
                "--seed",
                "12",
            ],
            "1d6+1: 1d6 [1] + 1 = 2\n\
             off-hand re-roll (main die 1, a fumble): 1d6 [3] + 1 = 4\n\
             less armour 1: 3 HP lost\n\
             main die 3: no fumble, no critical hit\n",
        ),
        // A 6 on the main die is kept, and its d20 rolled.
        (
            &["roll", "d6+1", "--damage", "--off-hand", "--seed", "3"],
            "1d6+1: 1d6 [6] + 1 = 7\n\
             off hand: kept (main die 6: a critical hit may follow); no re-roll\n\
             main die 6: a critical hit if the GM says so; unsure, d20 1: not one (a 20 makes one)\n",
        ),
        // The average or more is kept.
        (
            &["roll", "d6+1", "--damage", "--off-hand", "--seed", "1"],
            "1d6+1: 1d6 [4] + 1 = 5\n\
             off hand: kept (5 is not below the average 4.5); no re-roll\n\
             main die 4: no fumble, no critical hit\n",
        ),
        // Without --damage only the average counts.
        (
            &["roll", "d6", "--off-hand", "--seed", "4"],
            "1d6: 1d6 [2] = 2\noff-hand re-roll (2 is below the average 3.5): 1d6 [5] = 5\n",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(ok(d, args), *want, "tilecrawl {args:?}");
    }
    // The first roll is the same dice as without --off-hand: the option
    // only adds a roll after it.
    assert_eq!(
        ok(d, &["roll", "d6+1", "--damage", "--seed", "4"]),
        "1d6+1: 1d6 [2] + 1 = 3\nmain die 2: no fumble, no critical hit\n"
    );
    // A move and the SRD's other damage are no weapon's: bad usage.
    for args in [
        &["roll", "2d6", "--move", "--off-hand", "--seed", "1"][..],
        &["roll", "--other", "bones", "--off-hand", "--seed", "1"],
    ] {
        let r = run(d, args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stderr.starts_with("error: "), "{}", r.stderr);
    }
}

#[test]
fn injury_con_check_prints_both_dice_the_con_and_the_total() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: &[(&[&str], &str)] = &[
        (
            &["injury", "--con", "-1", "--seed", "3"],
            "Con check: 2d6 [1, 5] - 1 = 5: passes out with a critical injury\n",
        ),
        (
            &["injury", "--con", "0", "--seed", "5"],
            "Con check: 2d6 [6, 2] + 0 = 8: passes out; fine if the party wins, else captured or left for dead\n",
        ),
        (
            &["injury", "--con", "2", "--seed", "1"],
            "Con check: 2d6 [4, 6] + 2 = 12: reeling; can fight on, but any more damage kills\n",
        ),
    ];
    for (args, want) in cases {
        let out = ok(d, args);
        let first = out.lines().next().unwrap_or_default();
        assert_eq!(format!("{first}\n"), *want, "tilecrawl {args:?}");
    }
}

#[test]
fn roll_other_damage_takes_the_srd_table_s_die_and_armour() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: &[(&[&str], &str)] = &[
        // Might break bones: a d8, less armour.
        (
            &["roll", "--other", "bones", "--armour", "2", "--seed", "3"],
            "bones (bones may break): 1d8 [8] = 8\nless armour 2: 6 HP lost\n",
        ),
        // Could kill a common person, from magic: a d10 through armour.
        (
            &[
                "roll",
                "--other",
                "deadly",
                "--ignores-armour",
                "--armour",
                "2",
                "--seed",
                "2",
            ],
            "deadly (enough to kill an ordinary person): 1d10 [7] = 7\nignores armour: 7 HP lost\n",
        ),
        // A unique beginning names the row; no armour, no HP line.
        (
            &["roll", "--other", "bru", "--seed", "1"],
            "bruises (bruises and scrapes, no worse): 1d4 [4] = 4\n",
        ),
        (
            &["roll", "--other", "blood", "--armour", "9", "--seed", "1"],
            "blood (some blood spilled, nothing dreadful): 1d6 [4] = 4\nless armour 9: 0 HP lost\n",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(ok(d, args), *want, "tilecrawl {args:?}");
    }
    // An unknown row: one line naming the four, before any seed note.
    let r = run(d, &["roll", "--other", "pit"]);
    common::usage_error_line(
        &r,
        &[
            "unknown other damage `pit`",
            "bruises, blood, bones, deadly",
        ],
    )
    .unwrap();
    // A beginning of three rows is ambiguous, not unknown: one line naming
    // the three it could mean (and not the fourth).
    let r = run(d, &["roll", "--other", "b"]);
    common::usage_error_line(
        &r,
        &[
            "other damage `b` is ambiguous",
            "bruises, blood, bones;",
            "type more",
        ],
    )
    .unwrap();
    assert!(!r.stderr.contains("deadly"), "{}", r.stderr);
    // The tag belongs to the table.
    let r = run(d, &["roll", "d6", "--ignores-armour", "--seed", "1"]);
    common::usage_error_line(&r, &["--ignores-armour is a tag of --other"]).unwrap();
    // DICE and --other are two ways to say what to roll: bad usage.
    for extra in [&["2d6"][..], &["d6", "--damage"], &["--move"]] {
        let mut args = vec!["roll", "--other", "bones", "--seed", "1"];
        args.extend_from_slice(extra);
        let r = run(d, &args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
    }
}

#[test]
fn play_with_wod_s_injuries_rolls_the_con_check_and_the_save_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["generate", "--seed", "7", "--out", "adv", "-q"]);
    ok(
        d,
        &[
            "party",
            "new",
            "--heroes",
            "2",
            "--seed",
            "9",
            "--out",
            "adv/party.yaml",
            "-q",
        ],
    );
    // Maerla (the seed-9 party's first hero) steps in and takes 20 wounds.
    let script = "Maerla moves to 18,23\nwound Maerla 20\nstatus\n";
    std::fs::write(d.join("adv/s.txt"), script).unwrap();
    let args = [
        "play",
        "scenario.yaml",
        "--party",
        "party.yaml",
        "--script",
        "s.txt",
        "--injuries",
        "wod-s",
        "--force",
        "--save",
        "save.yaml",
    ];
    let t = ok(&d.join("adv"), &args);
    assert!(
        t.contains("Maerla takes 20 wounds, the last: Con check 2d6 ["),
        "{t}"
    );
    let save = std::fs::read_to_string(d.join("adv/save.yaml")).unwrap();
    assert!(save.contains("injuries: wod-s"), "{save}");
    // Resumed, the same game: the same transcript.
    let r = ok(
        &d.join("adv"),
        &["play", "--resume", "save.yaml", "--script", "s.txt"],
    );
    let tail = |s: &str| s[s.find("> wound").unwrap()..].to_string();
    assert_eq!(tail(&r), tail(&t));
    // Without the option the hero is slain, and the save has no such key.
    let plain = ok(
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
    assert!(
        plain.contains("Maerla takes 20 wounds and is slain"),
        "{plain}"
    );
    let save = std::fs::read_to_string(d.join("adv/save.yaml")).unwrap();
    assert!(!save.contains("injuries"));
}
