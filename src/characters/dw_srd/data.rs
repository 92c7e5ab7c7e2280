//! The Dungeon World SRD chapter's tables (`templates/characters/dw-srd.yaml`):
//! where hirelings are found, their costs, skills and the project's split
//! of their number, and the damage that comes from no creature; read and
//! checked once.

use crate::characters::CharacterError;
use crate::core::yaml::FileError;
use serde::Deserialize;

/// The format tag of the SRD tables file.
pub const FORMAT: &str = "tilecrawl-dw-srd/1";

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/characters/dw-srd.yaml"
));

/// Where hirelings are found and the range of their number.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Found {
    /// `village`, `town`, `keep`, `city`.
    pub id: String,
    /// Least number.
    pub low: u32,
    /// Greatest number.
    pub high: u32,
}

/// A hireling ability.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// Its name.
    pub name: String,
    /// What it does.
    pub effect: String,
}

/// A skill and its abilities.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkillDef {
    /// `protector`.
    pub id: String,
    /// What it lets the hireling do.
    pub abilities: Vec<Ability>,
}

/// The split's dice (the project's way to divide the number).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Split {
    /// Loyalty is 1d(this) less `loyalty_less`.
    pub loyalty_die: u32,
    /// See `loyalty_die`.
    pub loyalty_less: u32,
    /// A secondary skill is taken on the top face of 1d(this).
    pub secondary_die: u32,
    /// A secondary skill's rank is 1d(this), at most half what is left.
    pub secondary_rank_die: u32,
    /// No rank above this.
    pub max_rank: u32,
}

/// A row of the other-damage table: harm that comes from no creature.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OtherDamage {
    /// `bruises`, `blood`, `bones`, `deadly`.
    pub id: String,
    /// The faces of the one die rolled.
    pub die: u32,
    /// The worst the source can do, in words.
    pub threat: String,
}

/// The SRD chapter's tables: hirelings and other damage.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The file format: the one this version reads.
    #[allow(dead_code)] // checked in `parse`
    #[schemars(extend("const" = FORMAT))]
    format: String,
    /// Where hirelings are found.
    pub found: Vec<Found>,
    /// The costs.
    pub costs: Vec<String>,
    /// The skills.
    pub skills: Vec<SkillDef>,
    /// How the number is split.
    pub split: Split,
    /// Damage from no creature, mildest first.
    pub other_damage: Vec<OtherDamage>,
}

impl Tables {
    /// The embedded tables (parsed once).
    pub fn embedded() -> &'static Tables {
        static T: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
        T.get_or_init(|| parse(EMBEDDED, "dw-srd.yaml").expect("checked by the tests"))
    }
}

/// Parses and checks the tables; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Tables, FileError> {
    crate::core::yaml::check_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let t: Tables = crate::core::yaml::parse(text, file)?;
    let bad = |key: &str, m: &str| Err(FileError::at_key(file, key, m));
    if t.format != FORMAT {
        return bad("format", "unknown format");
    }
    for f in &t.found {
        if f.low < 2 || f.low > f.high || f.high > 2 * t.split.max_rank {
            return bad(
                "found",
                "each range needs 2 <= low <= high <= twice max_rank",
            );
        }
    }
    if t.found.is_empty() || t.costs.is_empty() || t.skills.len() < 2 {
        return bad("skills", "needs places, costs and at least two skills");
    }
    let s = &t.split;
    if s.loyalty_die == 0
        || s.secondary_die == 0
        || s.secondary_rank_die == 0
        || !(1..=100).contains(&s.max_rank)
    {
        return bad("split", "dice need at least one face; max_rank 1 to 100");
    }
    if t.other_damage.is_empty() {
        return bad("other_damage", "needs at least one row");
    }
    for (i, o) in t.other_damage.iter().enumerate() {
        if o.id.is_empty() || t.other_damage[..i].iter().any(|p| p.id == o.id) {
            return bad(
                "other_damage",
                &format!("id `{}` is empty or used twice", o.id),
            );
        }
        if !(2..=crate::characters::roll::MAX_SIDES).contains(&o.die) {
            return bad(
                "other_damage",
                &format!(
                    "{}: a die of {} faces; expected 2 to {}",
                    o.id,
                    o.die,
                    crate::characters::roll::MAX_SIDES
                ),
            );
        }
    }
    Ok(t)
}

/// The row of `items` whose id `typed` names (an id, its ASCII spelling
/// or a unique beginning), else an error: ambiguous, naming the ids a
/// beginning of several begins, or unknown, listing them all.
pub(crate) fn lookup<'a, T>(
    items: &'a [T],
    id: impl Fn(&T) -> &str,
    typed: &str,
    what: &'static str,
) -> Result<&'a T, CharacterError> {
    let ids: Vec<&str> = items.iter().map(&id).collect();
    crate::characters::names::pick(&ids, typed, what).map(|i| &items[i])
}

/// The JSON Schema of the Dungeon World SRD tables (hirelings, moves, harm) file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Tables)
}
