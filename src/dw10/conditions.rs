//! Dungeon conditions (L349-355, L864-874): squares of the map — pressure
//! pads, trip wires, murder holes, spy holes, moving walls, glyphs — that
//! may go off when a hero crosses them. The text names them and leaves the
//! "formula intrinsic within the scenario" to whoever writes it, so the
//! formula here is the project's own, as data: the condition table
//! (`templates/dungeon-world-10mm/conditions.yaml`), its loader and checks,
//! and setup's placing of a few condition squares on a dungeon, on a
//! random stream of their own (`dw10-conditions`) so the rest of setup
//! rolls as before.
//!
//! Each row says whether the square is hidden (left off the players' map),
//! the d6 that sets it off as a hero enters it (the Trap ability counts
//! the die 1 lower, as for a chest, L340-341), and what it does, in the
//! engine's own terms: automatic hits, poison and fire counters on the hero
//! (or every hero within `reach` squares), rolls on the spawn table (an
//! alarm), or every door of its piece slammed and held as by Hold Portal.

use crate::build::BuiltMap;
use crate::core::dice::Dice;
use crate::core::yaml::FileError;
use crate::dw10::features::{At, Feature, FeatureKind};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The format tag of condition tables.
pub const FORMAT: &str = "tilecrawl-dw10-conditions/1";
/// Largest condition table accepted, in bytes.
pub const MAX_FILE_BYTES: u64 = 256 * 1024;
/// Most rows a condition table may have.
pub const MAX_ROWS: usize = 40;
/// How near the start no condition square is placed (king's move): the
/// heroes come in on the squares within 3 of it.
pub const START_CLEARANCE: i32 = 3;

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/dungeon-world-10mm/conditions.yaml"
));

/// One kind of condition square and what it does.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10ConditionRow")]
pub struct ConditionRow {
    /// Its name (`what` of a `condition` feature): lower case, words joined
    /// by `-`.
    pub what: String,
    /// What the heroes meet, in words (the Draken Master's sheet).
    pub words: String,
    /// Left off the players' map until a hero crosses it.
    #[serde(default)]
    pub hidden: bool,
    /// The d6 a hero entering the square sets it off on: this or more.
    pub goes_off: u32,
    /// Automatic hits (a wound each) on every hero it reaches.
    #[serde(default)]
    pub hits: u32,
    /// Poison counters on every hero it reaches.
    #[serde(default)]
    pub poison: u32,
    /// Fire counters on every hero it reaches.
    #[serde(default)]
    pub fire: u32,
    /// 0: only the hero who set it off; N: every hero within N squares.
    #[serde(default)]
    pub reach: u32,
    /// Rolls on the spawn table (2d6 each): the monsters come as wandering
    /// monsters do.
    #[serde(default)]
    pub alarm: u32,
    /// Every door of the square's piece slams shut and is held, as by Hold
    /// Portal (a d6 at each Mover's Action Phase, lost on 1-3).
    #[serde(default)]
    pub seal: bool,
}

impl ConditionRow {
    /// Does it wound or put counters on the heroes it reaches?
    pub fn harms(&self) -> bool {
        self.hits > 0 || self.poison > 0 || self.fire > 0
    }
}

/// The condition table, checked.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Conditions")]
pub struct ConditionTable {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// The conditions setup draws from, each as likely.
    pub conditions: Vec<ConditionRow>,
}

impl ConditionTable {
    /// The row of a condition, by its name.
    pub fn row(&self, what: &str) -> Option<&ConditionRow> {
        self.conditions.iter().find(|r| r.what == what)
    }

    /// The names, in table order.
    pub fn names(&self) -> Vec<&str> {
        self.conditions.iter().map(|r| r.what.as_str()).collect()
    }
}

/// The embedded condition table.
pub fn embedded() -> ConditionTable {
    parse(EMBEDDED, "dungeon-world-10mm conditions").expect("checked by the tests")
}

/// The embedded condition table, read once: what a scenario's conditions
/// are checked against and what play rolls by.
pub fn shared() -> &'static ConditionTable {
    static TABLE: std::sync::OnceLock<ConditionTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(embedded)
}

/// Loads a condition table.
pub fn load(path: &Path) -> Result<ConditionTable, FileError> {
    let text = crate::core::yaml::read_file(path, MAX_FILE_BYTES, "a condition table")?;
    parse(&text, &path.display().to_string())
}

fn name_ok(w: &str) -> bool {
    (1..=40).contains(&w.len())
        && w.split('-').all(|p| {
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// Parses and checks a condition table.
pub fn parse(text: &str, file: &str) -> Result<ConditionTable, FileError> {
    if text.trim().is_empty() {
        return Err(FileError::whole(
            file,
            format!("the file is empty; expected `format: {FORMAT}` and `conditions`"),
        ));
    }
    crate::core::yaml::check_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let t: ConditionTable = crate::core::yaml::parse(text, file)?;
    // A refusal after parsing names the line as well as the key.
    let at = |key: String, message: String| FileError {
        file: file.to_string(),
        location: match crate::core::yaml::line_of(text, &key, message.split(' ').next()) {
            Some(n) => format!("line {n}: {key}: "),
            None => format!("{key}: "),
        },
        message,
    };
    if t.format != FORMAT {
        return Err(at(
            "format".into(),
            format!("is `{}`; this version reads `{FORMAT}`", t.format),
        ));
    }
    check_rows(&t.conditions).map_err(|(key, message)| at(key, message))?;
    Ok(t)
}

/// Checks the rows of a condition table (also a scenario's own rows):
/// the key of the first bad one (`conditions[2]`, a field's line naming
/// it) and what was expected.
pub fn check_rows(rows: &[ConditionRow]) -> Result<(), (String, String)> {
    if rows.is_empty() || rows.len() > MAX_ROWS {
        return Err((
            "conditions".into(),
            format!("has {} rows; expected 1 to {MAX_ROWS}", rows.len()),
        ));
    }
    for (i, r) in rows.iter().enumerate() {
        let key = format!("conditions[{i}]");
        let bad = |m: String| Err((key.clone(), m));
        if !name_ok(&r.what) {
            return bad(format!(
                "what is `{}`; expected a name of lower-case words joined by `-`, at most 40 characters",
                crate::core::text::excerpt(&r.what, 40)
            ));
        }
        if rows[..i].iter().any(|o| o.what == r.what) {
            return bad(format!("`{}` is named twice", r.what));
        }
        if r.words.is_empty()
            || r.words.chars().count() > 300
            || r.words.chars().any(char::is_control)
        {
            return bad("words must be 1 to 300 printable characters".into());
        }
        if !(1..=6).contains(&r.goes_off) {
            return bad(format!(
                "goes_off is {}; expected a d6 face, 1 to 6",
                r.goes_off
            ));
        }
        for (what, v, most) in [
            ("hits", r.hits, 10),
            ("poison", r.poison, 10),
            ("fire", r.fire, 10),
            ("reach", r.reach, 3),
            ("alarm", r.alarm, 3),
        ] {
            if v > most {
                return bad(format!("{what} is {v}; expected 0 to {most}"));
            }
        }
        if !r.harms() && r.alarm == 0 && !r.seal {
            return bad("does nothing; expected hits, poison, fire, alarm or seal".into());
        }
        if r.reach > 0 && !r.harms() {
            return bad("reach spreads hits, poison or fire, and it has none".into());
        }
    }
    Ok(())
}

/// The JSON Schema of the condition table file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(ConditionTable)
}

/// How many condition squares a dungeon of `tiles` pieces gets: one per
/// `per_tiles`, rounded up; none when `per_tiles` is 0.
pub fn count(tiles: usize, per_tiles: u32) -> usize {
    if per_tiles == 0 {
        0
    } else {
        tiles.div_ceil(per_tiles as usize)
    }
}

/// Places `n` condition squares on a set-up dungeon: each a row of the
/// table rolled for it, on a free square a figure may stand on, more than
/// [`START_CLEARANCE`] from the start and never beside another condition.
/// Every choice is a logged roll of `dice` (the `dw10-conditions` stream).
pub fn place(
    built: &BuiltMap,
    board: &crate::dw10::board::Board,
    features: &[Feature],
    start: At,
    n: usize,
    table: &ConditionTable,
    dice: &mut Dice,
) -> Vec<Feature> {
    let mut taken: Vec<(i32, i32)> = features
        .iter()
        .filter(|f| f.kind.on_square())
        .map(|f| (f.x, f.y))
        .collect();
    let mut placed: Vec<Feature> = Vec::new();
    for i in 0..n {
        let k = dice.choose(
            table.conditions.len(),
            format_args!(
                "condition {} of {n}: which, among {}",
                i + 1,
                table.conditions.len()
            ),
        );
        let row = &table.conditions[k];
        let squares: Vec<(i32, i32)> = board
            .standable_squares()
            .into_iter()
            .filter(|p| !taken.contains(p))
            .filter(|p| (p.0 - start.x).abs().max((p.1 - start.y).abs()) > START_CLEARANCE)
            .filter(|p| {
                !placed
                    .iter()
                    .any(|f| (f.x - p.0).abs() <= 1 && (f.y - p.1).abs() <= 1)
            })
            .collect();
        if squares.is_empty() {
            dice.note(format_args!(
                "condition {} ({}): no free square; none placed",
                i + 1,
                row.what
            ));
            break;
        }
        let s = dice.choose(
            squares.len(),
            format_args!("{} square among {}", row.what, squares.len()),
        );
        let p = squares[s];
        let tile = built
            .grid
            .owner(p.0, p.1)
            .map(|t| format!(" ({})", built.layout.tiles[t].id))
            .unwrap_or_default();
        dice.note(format_args!(
            "{}{}: on {},{}{tile}",
            row.what,
            if row.hidden { " (hidden)" } else { "" },
            p.0,
            p.1
        ));
        let mut f = Feature::new(FeatureKind::Condition, p.0, p.1);
        f.what = Some(row.what.clone());
        if row.hidden {
            f.secret = Some(true);
        }
        taken.push(p);
        placed.push(f);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_loads_and_every_row_does_something() {
        let t = embedded();
        assert!(t.conditions.len() >= 5);
        assert!(t.conditions.iter().any(|r| r.hidden));
        assert!(t.conditions.iter().any(|r| !r.hidden));
        assert!(t.conditions.iter().any(|r| r.alarm > 0));
        assert!(t.conditions.iter().any(|r| r.seal));
        assert!(t.conditions.iter().any(|r| r.reach > 0));
    }

    #[test]
    fn a_broken_row_is_one_line_naming_it() {
        let cases = [
            (
                "goes_off: 4",
                "goes_off: 9",
                "goes_off is 9; expected a d6 face",
            ),
            (
                "what: trip-wire",
                "what: Trip Wire",
                "expected a name of lower-case",
            ),
            (
                "what: trip-wire",
                "what: pressure-pad",
                "`pressure-pad` is named twice",
            ),
            ("hits: 2", "hits: 40", "hits is 40; expected 0 to 10"),
            (
                "goes_off: 4",
                "goes_off: 4\n    colour: red",
                "unknown field `colour`",
            ),
        ];
        for (from, to, want) in cases {
            assert!(EMBEDDED.contains(from), "{from}");
            let text = EMBEDDED.replacen(from, to, 1);
            let e = parse(&text, "c.yaml").unwrap_err().to_string();
            assert!(e.starts_with("c.yaml: "), "{e}");
            assert!(e.contains(want), "{to}: {e}");
            assert_eq!(e.lines().count(), 1, "{e}");
        }
        let e = parse(
            "format: tilecrawl-dw10-conditions/1\nconditions: []\n",
            "c.yaml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("conditions: has 0 rows"), "{e}");
        let e = parse("", "c.yaml").unwrap_err().to_string();
        assert!(e.contains("the file is empty"), "{e}");
    }
}
