//! World of Dungeons S characters as MKD heroes: the project's conversion
//! table (`templates/characters/wod-s-to-mkd.yaml`) from a sheet's numbers
//! to dice-combat stats, and the party file (`tilecrawl-party/1`) that
//! `tilecrawl party new` writes, each hero keeping its sheet under `wod_s:`.

use crate::characters::names::one_word;
use crate::characters::wod_s::{Sheet, Tables};
use crate::core::yaml::FileError;
use crate::mkd::figures::{Ability, Shoot, Stats};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format tag of the conversion table.
pub const FORMAT: &str = "tilecrawl-wod-s-mkd/1";

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/characters/wod-s-to-mkd.yaml"
));

/// The conversion from a World of Dungeons S sheet to MKD stats.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Conversion {
    // `FORMAT`, checked in `parse`.
    format: String,
    /// Point value at level 1.
    pub value_base: u32,
    /// Point value added per level above 1.
    pub value_per_level: u32,
    /// Melee dice before Str.
    pub attacks_base: i32,
    /// Kill die before the sheet's armour.
    pub armour_base: u32,
    /// Maximum HP per wound (rounded up).
    pub hp_per_wound: u32,
    /// Shooting dice before Dex.
    pub shoot_base: i32,
    /// Range in squares of each missile weapon.
    pub shoot_range: BTreeMap<String, u32>,
    /// WoD-S abilities that become MKD abilities.
    pub abilities: BTreeMap<String, String>,
}

impl Conversion {
    /// The embedded table (parsed once).
    pub fn embedded() -> &'static Conversion {
        static C: std::sync::OnceLock<Conversion> = std::sync::OnceLock::new();
        C.get_or_init(|| parse(EMBEDDED, "wod-s-to-mkd.yaml").expect("checked by the tests"))
    }
}

/// Parses and checks a conversion table; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Conversion, FileError> {
    let c: Conversion =
        crate::core::yaml::parse_kind(text, file, FORMAT, |c: &Conversion| &c.format)?;
    let bad = |key: &str, m: String| Err(FileError::at_key(file, key, m));
    if !(1..=100).contains(&c.value_base) || c.value_per_level > 100 {
        return bad("value_base", "values must stay 1 to 1000".into());
    }
    if c.hp_per_wound == 0
        || c.armour_base > 6
        || !(-5..=20).contains(&c.attacks_base)
        || !(-5..=20).contains(&c.shoot_base)
    {
        return bad("hp_per_wound", "numbers out of range".into());
    }
    let items = Tables::embedded();
    for (item, range) in &c.shoot_range {
        if items.item(item).is_none() || !(1..=30).contains(range) {
            return bad(
                "shoot_range",
                format!("`{item}`: an item of the price list and a range of 1 to 30"),
            );
        }
    }
    for (from, to) in &c.abilities {
        if items.ability(from).is_none() {
            return bad(
                "abilities",
                format!("unknown World of Dungeons S ability `{from}`"),
            );
        }
        match Ability::parse(to) {
            Some(a) if a != Ability::Mounted => {}
            _ => {
                return bad(
                    "abilities",
                    format!("`{to}` is not a hero ability the MKD rules know"),
                );
            }
        }
    }
    Ok(c)
}

/// A sheet's MKD hero: one-word name, point value, stats and abilities.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MkdHero {
    /// The name as one word (`Dom-Ashur`).
    pub name: String,
    /// Point value.
    pub value: u32,
    /// Squares of movement.
    pub speed: u32,
    /// Melee dice.
    pub attacks: u32,
    /// Ranged attack.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shoot: Option<Shoot>,
    /// Kill die to wound it.
    pub armour: u32,
    /// Wounds.
    pub wounds: u32,
    /// MKD abilities.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// The original sheet.
    pub wod_s: Sheet,
}

/// Converts a sheet by the table.
pub fn convert(c: &Conversion, s: &Sheet) -> MkdHero {
    let has = |a: &str| s.abilities.iter().any(|x| x == a);
    let attacks = (c.attacks_base + s.attributes.str + i32::from(has("slay"))).clamp(1, 20) as u32;
    let shoot = s
        .gear
        .iter()
        .find_map(|g| c.shoot_range.get(g))
        .map(|&range| Shoot {
            dice: (c.shoot_base + s.attributes.dex + i32::from(has("volley"))).clamp(1, 20) as u32,
            range,
        });
    let mut abilities: Vec<String> = Vec::new();
    for a in &s.abilities {
        if let Some(m) = c.abilities.get(a)
            && !abilities.contains(m)
        {
            abilities.push(m.clone());
        }
    }
    let stats = Stats {
        speed: s.move_squares.clamp(1, 20),
        attacks,
        shoot,
        armour: (c.armour_base + s.armour).clamp(1, 6),
        wounds: s.hp.div_ceil(c.hp_per_wound).clamp(1, 20),
    };
    MkdHero {
        name: one_word(&s.name),
        value: (c.value_base + c.value_per_level * s.level.saturating_sub(1)).clamp(1, 1000),
        speed: stats.speed,
        attacks: stats.attacks,
        shoot: stats.shoot,
        armour: stats.armour,
        wounds: stats.wounds,
        abilities,
        wod_s: s.clone(),
    }
}

#[derive(Serialize)]
struct PartyOut<'a> {
    format: &'a str,
    name: &'a str,
    teams: Vec<TeamOut>,
}

#[derive(Serialize)]
struct TeamOut {
    player: &'static str,
    heroes: Vec<MkdHero>,
}

/// The player a generated party's one team belongs to.
pub const PLAYER: &str = "Player";

/// The party file of converted sheets: one team, heroes in order.
pub fn party_yaml(
    name: &str,
    sheets: &[Sheet],
) -> Result<String, crate::core::yaml_emit::EmitError> {
    let c = Conversion::embedded();
    let p = PartyOut {
        format: crate::mkd::play::party::FORMAT,
        name,
        teams: vec![TeamOut {
            player: PLAYER,
            heroes: sheets.iter().map(|s| convert(c, s)).collect(),
        }],
    };
    let head = "# A World of Dungeons S party made by `tilecrawl party new`: each hero's\n\
# MKD stats come from the sheet under `wod_s:` by the project's conversion\n\
# table (docs/src/characters.md).\n";
    Ok(format!(
        "{head}{}",
        crate::core::yaml_emit::to_string(&p, &crate::core::yaml_emit::DocStyle::default())?
    ))
}

/// The JSON Schema of the World of Dungeons S to MKD conversion table file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Conversion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::characters::wod_s::character::{Options, party};
    use crate::core::dice::Dice;

    #[test]
    fn the_table_converts_a_sheet() {
        let mut d = Dice::scripted(&[2, 1, 1, 6, 8, 3, 4, 1]);
        let o = Options {
            species: Some("human".into()),
            class: Some("fighter".into()),
            land: Some("northlands".into()),
            level: 1,
        };
        let s = party(Tables::embedded(), &o, 1, &mut d)
            .unwrap()
            .remove(0)
            .sheet;
        let h = convert(Conversion::embedded(), &s);
        // Str 2 and Slay: 3 + 2 + 1 attacks; armour 1: kill die 4; 4 HP: 2 wounds.
        assert_eq!(
            (h.value, h.speed, h.attacks, h.armour, h.wounds),
            (20, 5, 6, 4, 2)
        );
        assert_eq!(h.shoot, None);
        assert_eq!(h.name, "Lárus");
    }

    #[test]
    fn generated_parties_load_as_mkd_parties() {
        for seed in 0..60 {
            let o = Options {
                level: (seed % 10) as u32 + 1,
                ..Options::default()
            };
            let mut d = Dice::for_stage(seed, "characters");
            let sheets: Vec<Sheet> = party(Tables::embedded(), &o, 6, &mut d)
                .unwrap()
                .into_iter()
                .map(|c| c.sheet)
                .collect();
            let text = party_yaml("test", &sheets).unwrap();
            let p = crate::mkd::play::party::parse(&text, "p.yaml")
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_eq!(p.heroes().count(), 6);
        }
    }
}
