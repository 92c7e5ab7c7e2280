//! The roll tables of Dungeon World 10 mm
//! (`templates/dungeon-world-10mm/tables.yaml`), and the project's own
//! setup table (`setup.yaml`): how many of each feature a dungeon gets.

use crate::core::yaml::FileError;
use crate::dw10::figures::{Ability, Figures};
use crate::dw10::scenario::{Difficulty, FURNISHINGS, SPAWN_POINTS};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The format tag of table files.
pub const FORMAT: &str = "tilecrawl-dw10-tables/1";
/// The format tag of setup tables.
pub const SETUP_FORMAT: &str = "tilecrawl-dw10-setup/1";
/// Largest table file accepted, in bytes.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/dungeon-world-10mm/tables.yaml"
));
const EMBEDDED_SETUP: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/dungeon-world-10mm/setup.yaml"
));

/// A row of the `?` trap table (d6).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrapRow {
    /// The d6 face.
    pub roll: u32,
    /// Automatic wounds.
    #[serde(default)]
    pub hits: u32,
    /// Poison counters.
    #[serde(default)]
    pub poison: u32,
    /// The hero dies outright.
    #[serde(default)]
    pub kills: bool,
}

/// A row of the chest contents (2d6): `roll` is a face or a range `7-8`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChestRow {
    /// The 2d6 total or range.
    pub roll: String,
    /// The item's id.
    pub item: String,
    /// What it is, in words.
    pub words: String,
}

/// A row of the spell table (d6).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpellRow {
    /// The d6 face.
    pub roll: u32,
    /// The spell (an ability name).
    pub spell: String,
    /// What it does, in words.
    pub words: String,
}

/// A row of the spawn table (2d6).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpawnRow {
    /// The 2d6 total.
    pub roll: u32,
    /// How many: a number or `d3`.
    pub count: String,
    /// The monster, by its name in the figure list.
    pub monster: String,
    /// The text's wording, when it differs from "count monster".
    #[serde(default)]
    pub words: Option<String>,
}

/// What exploring a piece does.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FurnishingRow {
    /// The piece (a furnishing, `coffin`, `pool` or a spawn point).
    pub what: String,
    /// Its effect, in words.
    pub words: String,
}

/// The game's tables, checked.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// The `?` trap table, d6.
    pub traps: Vec<TrapRow>,
    /// Chest contents, 2d6.
    pub chest_contents: Vec<ChestRow>,
    /// Spells, d6.
    pub spells: Vec<SpellRow>,
    /// The spawn table, 2d6.
    pub spawns: Vec<SpawnRow>,
    /// Explore effects.
    pub furnishings: Vec<FurnishingRow>,
}

impl Tables {
    /// The explore effect of a piece, if the table gives one.
    pub fn effect(&self, what: &str) -> Option<&str> {
        self.furnishings
            .iter()
            .find(|f| f.what == what)
            .map(|f| f.words.as_str())
    }
}

/// The embedded tables.
pub fn embedded() -> Tables {
    parse(
        EMBEDDED,
        "dungeon-world-10mm tables",
        &crate::dw10::figures::embedded(),
    )
    .expect("checked by the tests")
}

/// Loads a table file (its spawn table checked against `figures`).
pub fn load(path: &Path, figures: &Figures) -> Result<Tables, FileError> {
    let text = crate::core::yaml::read_file(path, MAX_FILE_BYTES, "a table file")?;
    parse(&text, &path.display().to_string(), figures)
}

/// `2`, or `7-8`: the totals a row covers.
fn range(text: &str) -> Option<(u32, u32)> {
    match text.split_once('-') {
        Some((a, b)) => Some((a.trim().parse().ok()?, b.trim().parse().ok()?)),
        None => {
            let v = text.trim().parse().ok()?;
            Some((v, v))
        }
    }
}

/// Checks that `rows` cover `lo..=hi` once each.
fn covers(file: &str, key: &str, rows: &[(u32, u32)], lo: u32, hi: u32) -> Result<(), FileError> {
    let mut seen = vec![0u32; (hi + 1) as usize];
    for (i, &(a, b)) in rows.iter().enumerate() {
        if a > b || a < lo || b > hi {
            return Err(FileError::at_key(
                file,
                &format!("{key}[{i}]"),
                format!("roll {a}-{b} is outside {lo} to {hi}"),
            ));
        }
        for v in a..=b {
            seen[v as usize] += 1;
        }
    }
    if let Some(v) = (lo..=hi).find(|&v| seen[v as usize] != 1) {
        return Err(FileError::at_key(
            file,
            key,
            format!(
                "a roll of {v} is on {} rows; expected every roll from {lo} to {hi} on exactly one",
                seen[v as usize]
            ),
        ));
    }
    Ok(())
}

fn words_ok(file: &str, key: &str, text: &str) -> Result<(), FileError> {
    if text.chars().count() > 300 || text.chars().any(char::is_control) {
        return Err(FileError::at_key(
            file,
            key,
            "words must be at most 300 printable characters",
        ));
    }
    Ok(())
}

/// Parses and checks a table file; spawned monsters must be in `figures`.
pub fn parse(text: &str, file: &str, figures: &Figures) -> Result<Tables, FileError> {
    if text.trim().is_empty() {
        return Err(FileError::whole(
            file,
            format!("the file is empty; expected `format: {FORMAT}` and the tables"),
        ));
    }
    crate::core::yaml::check_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let t: Tables = crate::core::yaml::parse(text, file)?;
    if t.format != FORMAT {
        return Err(FileError::at_key(
            file,
            "format",
            format!("is `{}`; this version reads `{FORMAT}`", t.format),
        ));
    }
    let d6 = |rolls: Vec<u32>| rolls.into_iter().map(|r| (r, r)).collect::<Vec<_>>();
    covers(
        file,
        "traps",
        &d6(t.traps.iter().map(|r| r.roll).collect()),
        1,
        6,
    )?;
    for (i, r) in t.traps.iter().enumerate() {
        if r.hits > 10 || r.poison > 10 {
            return Err(FileError::at_key(
                file,
                &format!("traps[{i}]"),
                "hits and poison are 0 to 10",
            ));
        }
    }
    let mut chest = Vec::new();
    for (i, r) in t.chest_contents.iter().enumerate() {
        let key = format!("chest_contents[{i}]");
        chest.push(range(&r.roll).ok_or_else(|| {
            FileError::at_key(file, &key, "roll must be a total (7) or a range (7-8)")
        })?);
        words_ok(file, &key, &r.words)?;
        words_ok(file, &key, &r.item)?;
    }
    covers(file, "chest_contents", &chest, 2, 12)?;
    covers(
        file,
        "spells",
        &d6(t.spells.iter().map(|r| r.roll).collect()),
        1,
        6,
    )?;
    for (i, r) in t.spells.iter().enumerate() {
        let key = format!("spells[{i}]");
        crate::dw10::figures::ability(&r.spell)
            .map_err(|m| FileError::at_key(file, &key, m.to_string()))?;
        words_ok(file, &key, &r.words)?;
    }
    covers(
        file,
        "spawns",
        &d6(t.spawns.iter().map(|r| r.roll).collect()),
        2,
        12,
    )?;
    for (i, r) in t.spawns.iter().enumerate() {
        let key = format!("spawns[{i}]");
        let count_ok =
            r.count == "d3" || r.count.parse::<u32>().is_ok_and(|n| (1..=10).contains(&n));
        if !count_ok {
            return Err(FileError::at_key(
                file,
                &key,
                format!(
                    "count is `{}`; expected 1 to 10 or d3",
                    crate::core::text::excerpt(&r.count, 24)
                ),
            ));
        }
        if figures.monster(&r.monster).is_none() {
            return Err(FileError::at_key(
                file,
                &key,
                format!(
                    "monster `{}` is not in the figure list; expected one of: {}",
                    crate::core::text::excerpt(&r.monster, 40),
                    figures
                        .monsters
                        .iter()
                        .map(|m| m.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        if let Some(w) = &r.words {
            words_ok(file, &key, w)?;
        }
    }
    let known: Vec<&str> = FURNISHINGS
        .iter()
        .chain(SPAWN_POINTS.iter())
        .chain(["coffin", "pool"].iter())
        .copied()
        .collect();
    for (i, r) in t.furnishings.iter().enumerate() {
        let key = format!("furnishings[{i}]");
        if !known.contains(&r.what.as_str()) {
            return Err(FileError::at_key(
                file,
                &key,
                format!(
                    "`{}` is not a piece this game knows; expected one of: {}",
                    crate::core::text::excerpt(&r.what, 40),
                    known.join(", ")
                ),
            ));
        }
        words_ok(file, &key, &r.words)?;
    }
    Ok(t)
}

/// One row of the setup table: how many of each feature, by the dungeon's
/// size. `per_tiles: N` means one for every N tiles, rounded up.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupRow {
    /// One `?` counter per this many tiles.
    pub traps_per_tiles: u32,
    /// Chests in each chamber.
    pub chests_per_chamber: u32,
    /// A chest's hidden number for each face of a d6 (six numbers, 1-3).
    pub chest_numbers: Vec<u32>,
    /// Inactive teleporters besides the active one at the start.
    pub teleporters: u32,
    /// Staircase colours beyond those that join cut-off parts.
    pub staircases: u32,
    /// Keyed doors (one colour each, with its key).
    pub keyed_doors: u32,
    /// Secret doors.
    pub secret_doors: u32,
    /// One plain door per this many tiles.
    pub plain_doors_per_tiles: u32,
    /// One pit counter per this many tiles.
    pub pits_per_tiles: u32,
    /// One rock slide per this many tiles.
    pub rockslides_per_tiles: u32,
    /// Pools of water.
    pub pools: u32,
    /// Wells (spawn points for one monster).
    pub wells: u32,
    /// One grill or trap door per this many tiles.
    pub spawn_points_per_tiles: u32,
    /// Coffins.
    pub coffins: u32,
    /// Furnishings in each chamber.
    pub furnishings_per_chamber: u32,
    /// One dungeon condition square per this many tiles (the project's
    /// `conditions.yaml`); 0 or left out: none.
    #[serde(default)]
    pub conditions_per_tiles: u32,
}

/// The setup table, checked.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupTable {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = SETUP_FORMAT))]
    pub format: String,
    /// The rows, by difficulty.
    pub difficulty: BTreeMap<Difficulty, SetupRow>,
    /// The objectives setup rolls among: `recover`, `rescue`, `slay`.
    pub objectives: Vec<String>,
    /// The monsters a slay objective may name.
    pub slay: Vec<String>,
    /// The furnishings setup draws from (the camp fire, altar, …).
    pub furnishings: Vec<String>,
}

impl SetupTable {
    /// The row for a difficulty.
    pub fn row(&self, d: Difficulty) -> &SetupRow {
        &self.difficulty[&d]
    }
}

/// The objectives setup knows.
pub const OBJECTIVES: [&str; 3] = ["recover", "rescue", "slay"];

/// The embedded setup table.
pub fn embedded_setup() -> SetupTable {
    parse_setup(
        EMBEDDED_SETUP,
        "dungeon-world-10mm setup",
        &crate::dw10::figures::embedded(),
    )
    .expect("checked by the tests")
}

/// Loads a setup table.
pub fn load_setup(path: &Path, figures: &Figures) -> Result<SetupTable, FileError> {
    let text = crate::core::yaml::read_file(path, MAX_FILE_BYTES, "a setup table")?;
    parse_setup(&text, &path.display().to_string(), figures)
}

/// Parses and checks a setup table.
pub fn parse_setup(text: &str, file: &str, figures: &Figures) -> Result<SetupTable, FileError> {
    if text.trim().is_empty() {
        return Err(FileError::whole(
            file,
            format!("the file is empty; expected `format: {SETUP_FORMAT}`"),
        ));
    }
    crate::core::yaml::check_kind(text, SETUP_FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let t: SetupTable = crate::core::yaml::parse(text, file)?;
    for d in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
        let Some(r) = t.difficulty.get(&d) else {
            return Err(FileError::at_key(
                file,
                "difficulty",
                format!("has no `{}` row; expected easy, normal and hard", d.name()),
            ));
        };
        let key = format!("difficulty.{}", d.name());
        for (what, v) in [
            ("traps_per_tiles", r.traps_per_tiles),
            ("plain_doors_per_tiles", r.plain_doors_per_tiles),
            ("pits_per_tiles", r.pits_per_tiles),
            ("rockslides_per_tiles", r.rockslides_per_tiles),
            ("spawn_points_per_tiles", r.spawn_points_per_tiles),
        ] {
            if !(1..=100).contains(&v) {
                return Err(FileError::at_key(
                    file,
                    &key,
                    format!("{what} is {v}; expected 1 to 100 (one per that many tiles)"),
                ));
            }
        }
        for (what, v, most) in [
            ("chests_per_chamber", r.chests_per_chamber, 4),
            ("teleporters", r.teleporters, 8),
            ("staircases", r.staircases, 4),
            ("keyed_doors", r.keyed_doors, 6),
            ("secret_doors", r.secret_doors, 8),
            ("pools", r.pools, 8),
            ("wells", r.wells, 8),
            ("coffins", r.coffins, 8),
            ("furnishings_per_chamber", r.furnishings_per_chamber, 6),
        ] {
            if v > most {
                return Err(FileError::at_key(
                    file,
                    &key,
                    format!("{what} is {v}; expected 0 to {most}"),
                ));
            }
        }
        if r.conditions_per_tiles > 100 {
            return Err(FileError::at_key(
                file,
                &key,
                format!(
                    "conditions_per_tiles is {}; expected 0 (none) to 100 (one per that many tiles)",
                    r.conditions_per_tiles
                ),
            ));
        }
        if r.chest_numbers.len() != 6 || r.chest_numbers.iter().any(|n| !(1..=3).contains(n)) {
            return Err(FileError::at_key(
                file,
                &key,
                "chest_numbers must be six numbers of 1 to 3, one per face of a d6",
            ));
        }
    }
    if t.objectives.is_empty() {
        return Err(FileError::at_key(
            file,
            "objectives",
            "is empty; expected at least one",
        ));
    }
    for o in &t.objectives {
        if !OBJECTIVES.contains(&o.as_str()) {
            return Err(FileError::at_key(
                file,
                "objectives",
                format!(
                    "`{}` is not an objective; expected one of: {}",
                    crate::core::text::excerpt(o, 24),
                    OBJECTIVES.join(", ")
                ),
            ));
        }
    }
    if t.slay.is_empty() && t.objectives.iter().any(|o| o == "slay") {
        return Err(FileError::at_key(
            file,
            "slay",
            "is empty; a slay objective needs a monster",
        ));
    }
    for m in &t.slay {
        if figures.monster(m).is_none() {
            return Err(FileError::at_key(
                file,
                "slay",
                format!(
                    "`{}` is not in the figure list",
                    crate::core::text::excerpt(m, 40)
                ),
            ));
        }
    }
    if t.furnishings.is_empty() {
        return Err(FileError::at_key(
            file,
            "furnishings",
            "is empty; expected at least one",
        ));
    }
    for f in &t.furnishings {
        if !FURNISHINGS.contains(&f.as_str()) {
            return Err(FileError::at_key(
                file,
                "furnishings",
                format!(
                    "`{}` is not a furnishing; expected one of: {}",
                    crate::core::text::excerpt(f, 40),
                    FURNISHINGS.join(", ")
                ),
            ));
        }
    }
    Ok(t)
}

/// The spell abilities of the spell table, in roll order.
pub fn spells(t: &Tables) -> Vec<Ability> {
    let mut rows: Vec<&SpellRow> = t.spells.iter().collect();
    rows.sort_by_key(|r| r.roll);
    rows.iter()
        .filter_map(|r| Ability::parse(&r.spell))
        .collect()
}

/// The JSON Schema of the Dungeon World 10 mm roll tables file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Tables)
}

/// The JSON Schema of the Dungeon World 10 mm setup table file.
pub fn setup_json_schema() -> schemars::Schema {
    schemars::schema_for!(SetupTable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_match_the_text() {
        let t = embedded();
        assert_eq!(t.traps.len(), 6);
        assert!(t.traps.iter().any(|r| r.roll == 6 && r.kills));
        assert_eq!(
            t.traps
                .iter()
                .find(|r| r.roll == 5)
                .map(|r| (r.hits, r.poison)),
            Some((3, 2))
        );
        assert_eq!(t.chest_contents.len(), 10); // 7-8 is one row
        assert_eq!(t.spells.len(), 6);
        assert_eq!(spells(&t)[4], Ability::FingerOfDeath);
        assert_eq!(t.spawns.len(), 11);
        assert_eq!(
            t.spawns.iter().find(|r| r.roll == 12).unwrap().monster,
            "Giant"
        );
        for f in FURNISHINGS {
            assert!(t.effect(f).is_some(), "{f} has no effect");
        }
    }

    #[test]
    fn the_embedded_setup_table_loads() {
        let s = embedded_setup();
        assert!(s.row(Difficulty::Hard).traps_per_tiles <= s.row(Difficulty::Easy).traps_per_tiles);
    }

    #[test]
    fn gaps_and_unknown_monsters_are_refused() {
        let f = crate::dw10::figures::embedded();
        let e = parse(
            &EMBEDDED.replace("{roll: \"9\", item", "{roll: \"8\", item"),
            "t.yaml",
            &f,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("t.yaml: chest_contents: a roll of 8 is on 2 rows"),
            "{e}"
        );
        let e = parse(
            &EMBEDDED.replace("monster: Troll", "monster: Trol"),
            "t.yaml",
            &f,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("spawns[6]: monster `Trol` is not in the figure list"),
            "{e}"
        );
        let e = parse(
            &EMBEDDED.replace("spell: shield", "spell: sheild"),
            "t.yaml",
            &f,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("unknown ability `sheild`"), "{e}");
    }
}
