//! Hostile input for the solo-play loaders — roll tables
//! (`tilecrawl-tables/1`) and parties (`tilecrawl-party/1`): each bad file
//! goes through the library's `parse` and through `load` on a real file, and
//! must give one error line that names the file and the offending key or
//! place, never a panic. Run with `--nocapture` to print the matrix.

use crate::common;

use common::{alias_bomb_items, alias_bomb_keys, nested, with, without_key};

use std::path::Path;
use std::time::{Duration, Instant};
use tilecrawl::mkd::play::party;
use tilecrawl::mkd::tables;

/// The embedded tables, as text: every table case is a small edit of it.
const TABLES: &str = include_str!("../../templates/tables/mkd-adventure.yaml");

/// A small valid party.
const PARTY: &str = "format: tilecrawl-party/1
name: test party
teams:
  - player: Ann
    heroes:
      - {name: Ayla, value: 45, speed: 5, attacks: 4, shoot: {dice: 2, range: 6}, armour: 4, wounds: 6, abilities: [Nimble]}
      - {name: Brom, value: 20, speed: 4, attacks: 3, armour: 5, wounds: 5}
  - player: Bo
    heroes:
      - {name: Cade, value: 30, speed: 4, attacks: 5, armour: 4, wounds: 5, abilities: [Stealth]}
";

const HUNDRED_MB: u64 = 100 * 1024 * 1024;
const NESTING: usize = 100_000;
/// Nesting that still fits in a party file's 64 KiB.
const PARTY_NESTING: usize = 30_000;
/// Longest a single bad file may take to refuse.
const SLOW: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, Copy, PartialEq)]
enum Loader {
    Tables,
    Party,
}

impl Loader {
    fn name(self) -> &'static str {
        match self {
            Loader::Tables => "tables",
            Loader::Party => "party",
        }
    }

    fn load(self, path: &Path) -> Result<(), String> {
        match self {
            Loader::Tables => tables::load(path).map(drop).map_err(|e| e.to_string()),
            Loader::Party => party::load(path).map(drop).map_err(|e| e.to_string()),
        }
    }

    fn parse(self, text: &str, file: &str) -> Result<(), String> {
        match self {
            Loader::Tables => tables::parse(text, file)
                .map(drop)
                .map_err(|e| e.to_string()),
            Loader::Party => party::parse(text, file)
                .map(drop)
                .map_err(|e| e.to_string()),
        }
    }
}

enum Content {
    Bytes(Vec<u8>),
    /// A sparse file of this many bytes (nothing written).
    Sparse(u64),
}

struct Case {
    loader: Loader,
    name: &'static str,
    content: Content,
    /// Every one must appear in the error (besides the file name).
    needles: Vec<&'static str>,
}

fn case(
    loader: Loader,
    name: &'static str,
    bytes: impl Into<Vec<u8>>,
    needles: &[&'static str],
) -> Case {
    Case {
        loader,
        name,
        content: Content::Bytes(bytes.into()),
        needles: needles.to_vec(),
    }
}

/// `key:` holding block sequences nested `depth` deep (`- - - … x`),
/// which the flow-depth check does not see.
fn nested_blocks(head: &str, key: &str, depth: usize) -> String {
    format!("{head}{key}:\n{}x\n", "- ".repeat(depth))
}

fn table_cases() -> Vec<Case> {
    use Loader::Tables as L;
    let t = TABLES;
    let yellow1_end = "[2, 30],   [2, 35]]\n  yellow2";
    vec![
        case(L, "empty file", "", &["empty", "tilecrawl-tables/1"]),
        case(L, "only whitespace", "\n  \n", &["empty"]),
        case(
            L,
            "not YAML",
            "format: tilecrawl-tables/1\nrules: {unclosed\n",
            &["line", "column"],
        ),
        case(
            L,
            "a bare word",
            "hello\n",
            &["no `format:` line", "; expected "],
        ),
        case(
            L,
            "no format",
            without_key(t, "format"),
            &["no `format:` line", "`format: tilecrawl-tables/1`"],
        ),
        case(
            L,
            "wrong format version",
            with(t, "tables/1", "tables/2"),
            &["format: is `tilecrawl-tables/2`", "tilecrawl-tables/1"],
        ),
        case(
            L,
            "wrong type (wmt_speed: four)",
            with(t, "wmt_speed: 4", "wmt_speed: four"),
            &["line", "rules.wmt_speed", "; expected "],
        ),
        case(
            L,
            "wrong type (rules: 5)",
            "format: tilecrawl-tables/1\nrules: 5\n",
            &["line 2", "rules", "; expected "],
        ),
        case(
            L,
            "wrong type (reveal column is a word)",
            with(t, "yellow1: [[0, 0],", "yellow1: lots\n  x: [[0, 0],"),
            &["line", "reveal.yellow1", "; expected "],
        ),
        case(
            L,
            "missing key (rules.door_close)",
            with(t, "  door_close: 1           # rules\n", ""),
            &["rules", "missing field `door_close`"],
        ),
        case(
            L,
            "missing key (theft table)",
            without_key(t, "theft"),
            &["missing field `theft`"],
        ),
        case(
            L,
            "missing key (row text)",
            with(t, ", text: \"stays where it is\"", ""),
            &["wmt_movement[0]", "missing field `text`"],
        ),
        case(
            L,
            "unknown key (rules.door_smash)",
            with(t, "  door_close: 1", "  door_smash: 3\n  door_close: 1"),
            &["line", "rules", "unknown field `door_smash`"],
        ),
        case(
            L,
            "unknown key (top level)",
            format!("{t}weather: rainy\n"),
            &["line", "unknown field `weather`"],
        ),
        case(
            L,
            "unknown key (in a row)",
            with(
                t,
                "{roll: 1, result: stay,",
                "{roll: 1, odds: 2, result: stay,",
            ),
            &["wmt_movement[0]", "unknown field `odds`"],
        ),
        case(
            L,
            "unknown key (in a trap)",
            with(
                t,
                "effect: none, disarm: 1, xp: 0}",
                "effect: none, disarm: 1, xp: 0, gold: 5}",
            ),
            &["chest_traps", "unknown field `gold`"],
        ),
        case(
            L,
            "unknown result word",
            with(t, "result: gut-feeling", "result: teleport"),
            &["wmt_movement[5].result", "unknown variant `teleport`"],
        ),
        case(
            L,
            "d6 table missing a face",
            with(
                t,
                "  - {roll: 6, result: gut-feeling, text: \"follows a hunch toward the nearest hero\"}\n",
                "",
            ),
            &["wmt_movement: ", "face 6 has no row"],
        ),
        case(
            L,
            "d6 table with overlapping faces",
            with(
                t,
                "{roll: 5-6, result: reroll",
                "{roll: 4-6, result: reroll",
            ),
            &["directions: ", "face 4 is covered twice"],
        ),
        case(
            L,
            "d6 face 7",
            with(
                t,
                "{roll: 4, result: second-choice",
                "{roll: 7, result: second-choice",
            ),
            &["line", "monster_decision[1].roll", "roll `7`", "1 to 6"],
        ),
        case(
            L,
            "d6 range backwards",
            with(
                t,
                "{roll: 2-5, result: reinforcements",
                "{roll: 5-2, result: reinforcements",
            ),
            &["line", "unexpected[1].roll", "backwards"],
        ),
        case(
            L,
            "reveal column with 10 rolls",
            with(t, yellow1_end, "[2, 30]]\n  yellow2"),
            &["reveal.yellow1: ", "has 10 rolls", "expected 11"],
        ),
        case(
            L,
            "reveal pair of three",
            with(t, "yellow1: [[0, 0],", "yellow1: [[0, 0, 0],"),
            &["line", "reveal.yellow1[0]", "invalid length 3"],
        ),
        case(
            L,
            "reveal token missing",
            with(t, "  red6: ", "  # red6: "),
            &["reveal: ", "token `red6` is missing"],
        ),
        case(
            L,
            "reveal token unknown",
            with(t, "  red6: ", "  red7: "),
            &["reveal: ", "unknown token `red7`"],
        ),
        case(
            L,
            "reveal count 9",
            with(
                t,
                "[1, 10],   [1, 15],   [1, 20],   [1, 20]",
                "[9, 10],   [1, 15],   [1, 20],   [1, 20]",
            ),
            &["reveal.yellow1, roll 4: ", "count is 9", "0 to 6"],
        ),
        case(
            L,
            "reveal points 5000",
            with(t, "[1, 180]]", "[1, 5000]]"),
            &["reveal.red3, roll 12: ", "points is 5000", "0 to 1000"],
        ),
        case(
            L,
            "reveal monsters without points",
            with(t, "blue5:   [[1, 20],", "blue5:   [[1, 0],"),
            &["reveal.blue5, roll 2: ", "count 1 with 0 points"],
        ),
        case(
            L,
            "negative reveal count",
            with(t, "blue5:   [[1, 20],", "blue5:   [[-1, 20],"),
            &["line", "reveal.blue5[0]", "-1"],
        ),
        case(
            L,
            "negative speed (profile)",
            with(t, "{max_points: 9, speed: 5,", "{max_points: 9, speed: -5,"),
            &["line", "monster_profiles[0].speed", "-5"],
        ),
        case(
            L,
            "armour 0 (profile)",
            with(t, "attacks: 1, armour: 3,", "attacks: 1, armour: 0,"),
            &["monster_profiles[0]: ", "armour is 0", "1 to 6"],
        ),
        case(
            L,
            "profile bands out of order",
            with(t, "{max_points: 14,", "{max_points: 5,"),
            &["monster_profiles[1]: ", "max_points 5", "ascending"],
        ),
        case(
            L,
            "last profile band with a maximum",
            with(
                t,
                "  - {speed: 4, attacks: 5, shoot: {dice: 8",
                "  - {max_points: 500, speed: 4, attacks: 5, shoot: {dice: 8",
            ),
            &["monster_profiles[8]: ", "last band"],
        ),
        case(
            L,
            "rules out of range (melee_hit 7)",
            with(t, "melee_hit: 4", "melee_hit: 7"),
            &["rules: ", "melee_hit is 7", "2 to 6"],
        ),
        case(
            L,
            "chest level missing",
            with(
                t,
                "  3:\n    - {roll: 1, result: {name: alarm glyph",
                "  4:\n    - {roll: 1, result: {name: alarm glyph",
            ),
            &["chest_traps: ", "chest level 4"],
        ),
        case(
            L,
            "trap without a wound count",
            with(
                t,
                "effect: wounds, wounds: 1, disarm: 3",
                "effect: wounds, disarm: 3",
            ),
            &["chest_traps.1[1]: ", "no `wounds:` count"],
        ),
        case(
            L,
            "trap disarm 7",
            with(t, "wounds: 4, disarm: 6", "wounds: 4, disarm: 7"),
            &["chest_traps.3[5]: ", "disarm is 7"],
        ),
        case(
            L,
            "item with an unknown ability",
            with(t, "abilities: [Stealth]", "abilities: [Flying]"),
            &["chest_contents.2[5]: ", "unknown ability `Flying`"],
        ),
        case(
            L,
            "item bonus 9",
            with(t, "attack: 3, defence: 1", "attack: 9, defence: 1"),
            &["chest_contents.3[2]: ", "item attack is 9"],
        ),
        case(
            L,
            "control characters in a trap name",
            with(t, "name: needle,", "name: \"nee\\u0007dle\","),
            &["chest_traps.1[1]: ", "printable"],
        ),
        case(
            L,
            "blank row text",
            with(t, "text: \"stays where it is\"", "text: \"  \""),
            &["wmt_movement[0]: ", "text", "printable"],
        ),
        case(
            L,
            "non-UTF-8",
            b"format: tilecrawl-tables/1\nname: \xc3\x28\n".to_vec(),
            &["not UTF-8", "offset 33"],
        ),
        Case {
            loader: L,
            name: "100 MB file",
            content: Content::Sparse(HUNDRED_MB),
            needles: vec!["104857600 bytes", "at most 1048576"],
        },
        case(
            L,
            "100,000 nested [",
            nested("format: tilecrawl-tables/1\nreveal: ", NESTING),
            &["line 2", "nest more than 64 deep"],
        ),
        case(
            L,
            "100,000 nested block sequences",
            nested_blocks("format: tilecrawl-tables/1\n", "wmt_movement", NESTING),
            &["line 3", "wmt_movement[0]", "got a list"],
        ),
        case(
            L,
            "alias bomb (keys)",
            alias_bomb_keys("format: tilecrawl-tables/1\n", "rules"),
            &["line", "unknown field `a`"],
        ),
        case(
            L,
            "alias bomb (in a d6 table)",
            format!(
                "format: tilecrawl-tables/1\nwmt_movement:\n{}",
                alias_bomb_items("  ")
            ),
            &["line 3", "wmt_movement[0]", "; expected "],
        ),
    ]
}

fn party_cases() -> Vec<Case> {
    use Loader::Party as L;
    let p = PARTY;
    let hero = |name: &str| {
        format!("      - {{name: {name}, value: 5, speed: 4, attacks: 1, armour: 3, wounds: 1}}\n")
    };
    let many_teams: String = (0..9)
        .map(|i| format!("  - player: P{i}\n    heroes:\n{}", hero(&format!("H{i}"))))
        .collect();
    let many_heroes: String = (0..13).map(|i| hero(&format!("H{i}"))).collect();
    vec![
        case(L, "empty file", "", &["empty", "tilecrawl-party/1"]),
        case(
            L,
            "not YAML",
            "format: tilecrawl-party/1\nteams: [unclosed\n",
            &["line", "column"],
        ),
        case(
            L,
            "no format",
            without_key(p, "format"),
            &["no `format:` line", "`format: tilecrawl-party/1`"],
        ),
        case(
            L,
            "wrong format version",
            with(p, "party/1", "party/0"),
            &["format: is `tilecrawl-party/0`"],
        ),
        case(
            L,
            "wrong type (value: lots)",
            with(p, "value: 45", "value: lots"),
            &["line 6", "teams[0].heroes[0].value", "; expected "],
        ),
        case(
            L,
            "wrong type (teams: 3)",
            "format: tilecrawl-party/1\nteams: 3\n",
            &["line 2", "teams", "; expected "],
        ),
        case(
            L,
            "wrong type (shoot: 4)",
            with(p, "shoot: {dice: 2, range: 6}", "shoot: 4"),
            &["line 6", "teams[0].heroes[0].shoot", "; expected "],
        ),
        case(
            L,
            "missing key (armour)",
            with(p, "armour: 5, ", ""),
            &["line 7", "teams[0].heroes[1]", "missing field `armour`"],
        ),
        case(
            L,
            "missing key (teams)",
            "format: tilecrawl-party/1\n",
            &["missing field `teams`"],
        ),
        case(
            L,
            "missing key (player)",
            with(p, "  - player: Bo\n    heroes:", "  - heroes:"),
            &["teams[1]", "missing field `player`"],
        ),
        case(
            L,
            "unknown key (hero mana)",
            with(p, "wounds: 5}", "wounds: 5, mana: 3}"),
            &["line 7", "teams[0].heroes[1]", "unknown field `mana`"],
        ),
        case(
            L,
            "unknown key (shoot)",
            with(p, "range: 6}", "range: 6, arc: 2}"),
            &["teams[0].heroes[0].shoot", "unknown field `arc`"],
        ),
        case(
            L,
            "unknown key (top level)",
            format!("{p}gold: 100\n"),
            &["line", "unknown field `gold`"],
        ),
        case(
            L,
            "hero value 0",
            with(p, "value: 20", "value: 0"),
            &["teams[0].heroes[1] (Brom): ", "value is 0", "1 to 1000"],
        ),
        case(
            L,
            "hero value 5000",
            with(p, "value: 20", "value: 5000"),
            &["teams[0].heroes[1] (Brom): ", "value is 5000"],
        ),
        case(
            L,
            "negative speed",
            with(p, "speed: 4, attacks: 3", "speed: -4, attacks: 3"),
            &["line 7", "teams[0].heroes[1].speed", "-4"],
        ),
        case(
            L,
            "armour 0",
            with(p, "armour: 5", "armour: 0"),
            &["teams[0].heroes[1] (Brom): ", "armour is 0", "1 to 6"],
        ),
        case(
            L,
            "armour 7",
            with(p, "armour: 5", "armour: 7"),
            &["teams[0].heroes[1] (Brom): ", "armour is 7"],
        ),
        case(
            L,
            "wounds 0",
            with(p, "wounds: 5}", "wounds: 0}"),
            &["teams[0].heroes[1] (Brom): ", "wounds is 0"],
        ),
        case(
            L,
            "shooting range 0",
            with(p, "range: 6", "range: 0"),
            &["teams[0].heroes[0] (Ayla): ", "shoot.range is 0"],
        ),
        case(
            L,
            "duplicate hero names",
            with(p, "name: Cade", "name: ayla"),
            &["teams[1].heroes[0] (ayla): ", "used twice"],
        ),
        case(
            L,
            "hero name with a space",
            with(p, "name: Brom", "name: Brom the Bold"),
            &["teams[0].heroes[1]: ", "`Brom the Bold`", "one word"],
        ),
        case(
            L,
            "hero name too long",
            with(p, "name: Brom", "name: Bromwellingtonshireton_III"),
            &["teams[0].heroes[1]: ", "1 to 24"],
        ),
        case(
            L,
            "hero named after a command",
            with(p, "name: Brom", "name: Attack"),
            &["teams[0].heroes[1] (Attack): ", "play commands"],
        ),
        case(
            L,
            "unknown ability",
            with(p, "[Nimble]", "[Flying]"),
            &["teams[0].heroes[0] (Ayla): ", "unknown ability `Flying`"],
        ),
        case(
            L,
            "no teams",
            "format: tilecrawl-party/1\nteams: []\n",
            &["teams: ", "has 0 teams", "1 to 8"],
        ),
        case(
            L,
            "nine teams",
            format!("format: tilecrawl-party/1\nteams:\n{many_teams}"),
            &["teams: ", "has 9 teams"],
        ),
        case(
            L,
            "thirteen heroes",
            format!(
                "format: tilecrawl-party/1\nteams:\n  - player: Ann\n    heroes:\n{many_heroes}"
            ),
            &["teams: ", "13 heroes", "1 to 12"],
        ),
        case(
            L,
            "empty hero list",
            "format: tilecrawl-party/1\nteams:\n  - {player: Ann, heroes: []}\n",
            &["teams[0].heroes: ", "at least one hero"],
        ),
        case(
            L,
            "same player twice",
            with(p, "player: Bo", "player: ann"),
            &["teams[1].player: ", "already has a team"],
        ),
        case(
            L,
            "control characters in a player name",
            with(p, "player: Bo", "player: \"B\\to\""),
            &["teams[1].player: ", "printable"],
        ),
        case(
            L,
            "non-UTF-8",
            b"format: tilecrawl-party/1\nteams: [\xff]\n".to_vec(),
            &["not UTF-8", "offset 34"],
        ),
        Case {
            loader: L,
            name: "100 MB file",
            content: Content::Sparse(HUNDRED_MB),
            needles: vec!["104857600 bytes", "at most 65536"],
        },
        case(
            L,
            "60,000 nested [",
            nested("format: tilecrawl-party/1\nteams: ", 60_000),
            &["line 2", "nest more than 64 deep"],
        ),
        case(
            L,
            "30,000 nested block sequences",
            nested_blocks("format: tilecrawl-party/1\n", "teams", PARTY_NESTING),
            &["line 3", "teams[0]", "got a list"],
        ),
        case(
            L,
            "alias bomb (keys)",
            alias_bomb_keys("format: tilecrawl-party/1\n", "teams"),
            &["line", "unknown field `a`"],
        ),
        case(
            L,
            "alias bomb (in teams)",
            format!(
                "format: tilecrawl-party/1\nteams:\n{}",
                alias_bomb_items("  ")
            ),
            &["line 3", "teams[0]", "; expected "],
        ),
    ]
}

/// Runs `cases` through `load` on a file and `parse` on its text (where the
/// bytes are text); prints one table row per case and fails with every miss.
fn check_matrix(cases: Vec<Case>) {
    let mut failures = Vec::new();
    let tmp = tempfile::tempdir().unwrap();
    for (i, c) in cases.iter().enumerate() {
        let file_name = format!("hostile-{}-{i}.yaml", c.loader.name());
        let file = tmp.path().join(&file_name);
        match &c.content {
            Content::Bytes(b) => std::fs::write(&file, b).unwrap(),
            Content::Sparse(n) => std::fs::File::create(&file).unwrap().set_len(*n).unwrap(),
        }
        let start = Instant::now();
        let mut problems = Vec::new();
        let check = |what: &str, got: Result<(), String>, problems: &mut Vec<String>| -> String {
            match got {
                Ok(()) => {
                    problems.push(format!("{what}: accepted"));
                    String::new()
                }
                Err(e) => {
                    if e.lines().count() != 1 {
                        problems.push(format!("{what}: not one line: {e:?}"));
                    }
                    if !e.contains(&file_name) {
                        problems.push(format!("{what}: does not name the file: {e}"));
                    }
                    for n in &c.needles {
                        if !e.contains(n) {
                            problems.push(format!("{what}: lacks {n:?}: {e}"));
                        }
                    }
                    e
                }
            }
        };
        let loaded = std::panic::catch_unwind(|| c.loader.load(&file))
            .unwrap_or_else(|_| Err("PANIC in load".into()));
        let loaded = check("load", loaded, &mut problems);
        if let Content::Bytes(b) = &c.content
            && let Ok(text) = std::str::from_utf8(b)
        {
            let path = file.to_str().expect("temporary paths are UTF-8");
            let parsed = std::panic::catch_unwind(|| c.loader.parse(text, path))
                .unwrap_or_else(|_| Err("PANIC in parse".into()));
            let parsed = check("parse", parsed, &mut problems);
            if parsed != loaded {
                problems.push(format!("parse and load differ: {parsed} / {loaded}"));
            }
        }
        let took = start.elapsed();
        if took > SLOW {
            problems.push(format!("took {took:.1?}"));
        }
        let result = if problems.is_empty() { "ok" } else { "FAIL" };
        let shown = loaded.replace(&file.display().to_string(), &file_name);
        println!(
            "| {} | {} | {} | {:.0?} | {} |",
            c.loader.name(),
            c.name,
            result,
            took,
            shown.replace('|', "\\|")
        );
        if !problems.is_empty() {
            failures.push(format!(
                "{} / {}: {}",
                c.loader.name(),
                c.name,
                problems.join("; ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fixtures_are_valid() {
    tables::parse(TABLES, "t.yaml").unwrap();
    let p = party::parse(PARTY, "p.yaml").unwrap();
    assert_eq!(p.total_value(), 95);
    let tmp = tempfile::tempdir().unwrap();
    let (t, pf) = (tmp.path().join("t.yaml"), tmp.path().join("p.yaml"));
    std::fs::write(&t, TABLES).unwrap();
    std::fs::write(&pf, PARTY).unwrap();
    assert_eq!(tables::load(&t).unwrap(), tables::default_tables());
    assert_eq!(party::load(&pf).unwrap().teams.len(), 2);
}

#[test]
fn hostile_tables() {
    check_matrix(table_cases());
}

#[test]
fn hostile_parties() {
    check_matrix(party_cases());
}

/// A folder is refused with one line, and a file that is missing as well.
#[test]
fn folders_and_missing_files_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("nope.yaml");
    for e in [
        tables::load(tmp.path()).map(drop).unwrap_err().to_string(),
        party::load(tmp.path()).map(drop).unwrap_err().to_string(),
        tables::load(&missing).map(drop).unwrap_err().to_string(),
        party::load(&missing).map(drop).unwrap_err().to_string(),
    ] {
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(e.contains("cannot read"), "{e}");
    }
}
