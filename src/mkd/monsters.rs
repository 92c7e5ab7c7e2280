//! Monster lists: the figures a player can field, with point values
//! (`format: tilecrawl-monsters/1`). The Monster Pool is made from one.

use crate::mkd::figures::KNOWN_ABILITIES;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The longest monster name, in a monster list and a scenario's pool alike.
pub const MAX_NAME_CHARS: usize = 64;

/// The format tag of monster files.
pub const FORMAT: &str = "tilecrawl-monsters/1";
/// Largest monster file accepted, in bytes.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// Most monster kinds in one list.
pub const MAX_KINDS: usize = 1000;

const DEFAULT_YAML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/monsters/default.yaml"
));

/// A monster list shared, not copied: every scenario of a batch carries the
/// same Monster Pool, and copying its names for each adventure was a
/// hundred allocations per `generate` (a tenth of its time).
pub type MonsterPool = std::sync::Arc<Vec<MonsterEntry>>;

/// A kind of monster in the Monster Pool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterEntry {
    /// Name of the figure.
    pub name: String,
    /// Point value.
    pub points: u32,
    /// How many of this figure are in the pool.
    pub count: u32,
    /// Special abilities by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// Dice-combat statistics from the monster list, if it gave them (the
    /// play engine otherwise takes them from its tables by point value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<crate::mkd::figures::Stats>,
}

/// A checked list of monsters.
#[derive(Debug, Clone, PartialEq)]
pub struct MonsterList {
    /// Name of the list.
    pub name: String,
    /// The monsters, in file order.
    pub monsters: MonsterPool,
}

/// Why a monster list was refused (one line: file, place, what was expected).
pub type MonsterError = crate::core::yaml::FileError;

/// A monster list (`format: tilecrawl-monsters/1`).
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawList {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    format: String,
    #[serde(default)]
    name: Option<String>,
    monsters: Vec<RawMonster>,
}

/// One kind of monster in the pool.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawMonster {
    name: String,
    points: u32,
    #[serde(default)]
    count: Option<u32>,
    #[serde(default)]
    abilities: Vec<String>,
    // Dice-combat statistics (Dungeon World); all four or none.
    #[serde(default)]
    speed: Option<u32>,
    #[serde(default)]
    attacks: Option<u32>,
    #[serde(default)]
    shoot: Option<crate::mkd::figures::Shoot>,
    #[serde(default)]
    armour: Option<u32>,
    #[serde(default)]
    wounds: Option<u32>,
}

/// The JSON Schema of a monster list.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(RawList)
}

/// The embedded default monster list.
pub fn default_monsters() -> MonsterList {
    // Parsed once per process: every default SetupParams asks for it.
    static LIST: std::sync::OnceLock<MonsterList> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        parse(DEFAULT_YAML, "default monsters").expect("the embedded list is checked by the tests")
    })
    .clone()
}

/// Loads a monster list from a file.
pub fn load(path: &Path) -> Result<MonsterList, MonsterError> {
    let text = crate::core::yaml::read_file(path, MAX_FILE_BYTES, "a monster list")?;
    parse(&text, &path.display().to_string())
}

/// Parses and checks a monster list; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<MonsterList, MonsterError> {
    let at = |location: String, message: String| MonsterError {
        file: file.to_string(),
        location,
        message,
    };
    if text.trim().is_empty() {
        return Err(at(
            String::new(),
            format!("the file is empty; expected `format: {FORMAT}` and a `monsters` list"),
        ));
    }
    crate::core::yaml::check_kind(text, FORMAT).map_err(|e| at(String::new(), e.to_string()))?;
    let raw: RawList = crate::core::yaml::parse(text, file)?;
    if raw.format != FORMAT {
        return Err(at(
            "format: ".into(),
            format!(
                "is `{}`; this version of tilecrawl reads `{FORMAT}`",
                raw.format
            ),
        ));
    }
    if raw.monsters.is_empty() || raw.monsters.len() > MAX_KINDS {
        return Err(at(
            "monsters: ".into(),
            format!(
                "has {} entries; expected 1 to {MAX_KINDS}",
                raw.monsters.len()
            ),
        ));
    }
    let mut monsters = Vec::with_capacity(raw.monsters.len());
    for (i, m) in raw.monsters.into_iter().enumerate() {
        let loc = format!("monsters[{i}] ({}): ", m.name);
        if !crate::core::text::is_name(&m.name, MAX_NAME_CHARS) {
            return Err(at(
                format!("monsters[{i}]: "),
                format!("name must be 1 to {MAX_NAME_CHARS} printable characters"),
            ));
        }
        if monsters.iter().any(|e: &MonsterEntry| e.name == m.name) {
            return Err(at(
                loc,
                "appears twice; give each figure one entry with a `count`".into(),
            ));
        }
        if m.points == 0 || m.points > 1000 {
            return Err(at(
                loc,
                format!("points is {}; expected 1 to 1000", m.points),
            ));
        }
        let count = m.count.unwrap_or(1);
        if count == 0 || count > 100 {
            return Err(at(loc, format!("count is {count}; expected 1 to 100")));
        }
        for a in &m.abilities {
            if !KNOWN_ABILITIES.contains(&a.as_str()) {
                return Err(at(
                    loc,
                    format!(
                        "unknown ability `{a}`; expected one of {}",
                        KNOWN_ABILITIES.join(", ")
                    ),
                ));
            }
        }
        let stats = match (m.speed, m.attacks, m.armour, m.wounds) {
            (None, None, None, None) if m.shoot.is_none() => None,
            (Some(speed), Some(attacks), Some(armour), Some(wounds)) => {
                let st = crate::mkd::figures::Stats {
                    speed,
                    attacks,
                    shoot: m.shoot,
                    armour,
                    wounds,
                };
                crate::mkd::figures::check_stats(&st)
                    .map_err(|e| at(loc.clone(), e.to_string()))?;
                Some(st)
            }
            _ => {
                return Err(at(
                    loc,
                    "dice-combat statistics need all of speed, attacks, armour and wounds (shoot is optional), or none of them".into(),
                ));
            }
        };
        monsters.push(MonsterEntry {
            name: m.name,
            points: m.points,
            count,
            abilities: m.abilities,
            stats,
        });
    }
    Ok(MonsterList {
        name: raw.name.unwrap_or_else(|| file.to_string()),
        monsters: MonsterPool::new(monsters),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_list_loads() {
        let l = default_monsters();
        assert!(l.monsters.len() >= 10);
        assert!(l.monsters.iter().all(|m| m.points > 0 && m.count > 0));
    }

    #[test]
    fn bad_lists_name_the_place() {
        let e = parse(
            "format: tilecrawl-monsters/1\nmonsters:\n  - {name: Orc, points: 0}\n",
            "m.yaml",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.yaml: monsters[0] (Orc): points is 0; expected 1 to 1000"
        );
        let e = parse("format: tilecrawl-monsters/1\nmonsters:\n  - {name: Orc, points: 5, abilities: [Flying]}\n", "m.yaml").unwrap_err();
        assert!(e.to_string().contains("unknown ability `Flying`"));
        let e = parse(
            "format: tilecrawl-monsters/1\nmonsters:\n  - {name: Orc, points: five}\n",
            "m.yaml",
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("m.yaml: line 3, column"), "{e}");
        assert!(
            parse("", "m.yaml")
                .unwrap_err()
                .to_string()
                .contains("empty")
        );
    }
}
