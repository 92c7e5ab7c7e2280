//! World of Dungeons S characters as MKD heroes: the project's conversion
//! table (`templates/characters/wod-s-to-mkd.yaml`) from a sheet's numbers
//! to dice-combat stats, and the party file (`tilecrawl-party/1`) that
//! `tilecrawl party new` writes, each hero keeping its sheet under `wod_s:`,
//! with hirelings by the day as heroes of their own (`--hirelings`).

use crate::characters::CharacterError;
use crate::characters::names::one_word;
use crate::characters::wod_s::{Character, Sheet, Tables, names};
use crate::core::dice::{Dice, LogEntry};
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
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    format: String,
    /// Point value at level 1.
    pub value_base: u32,
    /// Point value added per level above 1.
    pub value_per_level: u32,
    /// Melee dice before Str.
    pub attacks_base: i32,
    /// The dice each melee weapon of the price list adds to the melee dice
    /// (the sheet's best counts).
    pub weapons: BTreeMap<String, i32>,
    /// The dice added (or taken off) for gear with no melee weapon.
    pub unarmed: i32,
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
    /// Each World of Dungeons S hireling kind as an MKD hero.
    pub hirelings: BTreeMap<String, HirelingStats>,
}

/// A hireling kind's MKD hero: everything but its wounds, which come from
/// the kind's HP as a character's do.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HirelingStats {
    /// Point value, 1 to 1000.
    pub value: u32,
    /// Squares of movement.
    pub speed: u32,
    /// Melee dice.
    pub attacks: u32,
    /// Kill die to wound it, 1 to 6.
    pub armour: u32,
    /// Ranged attack, for a kind that carries a missile weapon.
    #[serde(default)]
    pub shoot: Option<Shoot>,
    /// MKD abilities.
    #[serde(default)]
    pub abilities: Vec<String>,
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
    if let Err(m) = items.check_weapons(&c.weapons, c.unarmed) {
        return bad("weapons", m.to_string());
    }
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
    let kinds = &items.hirelings;
    for k in kinds {
        if !c.hirelings.contains_key(&k.id) {
            return bad(
                "hirelings",
                format!("hireling kind `{}` has no MKD stats", k.id),
            );
        }
    }
    for (kind, h) in &c.hirelings {
        let at = |what: &str| format!("`{kind}`: {what}");
        if !kinds.iter().any(|k| &k.id == kind) {
            return bad("hirelings", format!("unknown hireling kind `{kind}`"));
        }
        if !(1..=1000).contains(&h.value) {
            return bad("hirelings", at("value must be 1 to 1000"));
        }
        if !(1..=20).contains(&h.speed) || !(1..=20).contains(&h.attacks) {
            return bad("hirelings", at("speed and attacks must be 1 to 20"));
        }
        if !(1..=6).contains(&h.armour) {
            return bad("hirelings", at("armour (the kill die) must be 1 to 6"));
        }
        if h.shoot
            .is_some_and(|sh| !(1..=20).contains(&sh.dice) || !(1..=30).contains(&sh.range))
        {
            return bad(
                "hirelings",
                at("shoot takes 1 to 20 dice and a range of 1 to 30"),
            );
        }
        if let Some(a) = h
            .abilities
            .iter()
            .find(|a| !matches!(Ability::parse(a), Some(x) if x != Ability::Mounted))
        {
            return bad(
                "hirelings",
                at(&format!("`{a}` is not a hero ability the MKD rules know")),
            );
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
    /// The original sheet (none for a hireling).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wod_s: Option<Sheet>,
}

/// Converts a sheet by the table.
pub fn convert(c: &Conversion, s: &Sheet) -> MkdHero {
    let has = |a: &str| s.abilities.iter().any(|x| x == a);
    let weapon = Tables::embedded().weapon_dice(&c.weapons, c.unarmed, &s.gear);
    let attacks =
        (c.attacks_base + s.attributes.str + i32::from(has("slay")) + weapon).clamp(1, 20) as u32;
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
        wod_s: Some(s.clone()),
    }
}

/// A hireling by the day who joins an MKD party as a hero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hired {
    /// Its name as drawn (`Lárus`); the hero's is [`one_word`] of it.
    pub name: String,
    /// Its kind (`armsman`).
    pub kind: String,
    /// The title of the land its name is from.
    pub land: String,
    /// Silver a day.
    pub pay: u32,
    /// Its hero line.
    pub hero: MkdHero,
    /// The rolls that hired it.
    pub log: Vec<LogEntry>,
}

/// Hires `count` hirelings to go with `chars`, on `dice` after them: each a
/// rolled kind, a rolled human land and a name no character or earlier
/// hireling has, made an MKD hero by the table's `hirelings`.
pub fn hire(
    chars: &[Character],
    count: u32,
    dice: &mut Dice,
) -> Result<Vec<Hired>, CharacterError> {
    let c = Conversion::embedded();
    let t = Tables::embedded();
    let lands = names::human_lands();
    let mut taken: Vec<String> = chars.iter().map(|ch| ch.sheet.name.clone()).collect();
    let mut out = Vec::with_capacity(count as usize);
    for n in 1..=count {
        let from = dice.log_len();
        let k = dice.choose_then(t.hirelings.len(), |k| {
            format!("hireling {n}: kind {}", t.hirelings[k].id)
        });
        let kind = &t.hirelings[k];
        let l = dice.choose_then(lands.len(), |i| {
            format!("hireling {n}: land {}", lands[i].title)
        });
        let name = names::draw(lands[l], 1, &taken, dice)?.remove(0);
        taken.push(name.clone());
        let h = &c.hirelings[&kind.id];
        out.push(Hired {
            hero: MkdHero {
                name: one_word(&name),
                value: h.value,
                speed: h.speed,
                attacks: h.attacks,
                shoot: h.shoot,
                armour: h.armour,
                wounds: kind.hp.div_ceil(c.hp_per_wound).clamp(1, 20),
                abilities: h.abilities.clone(),
                wod_s: None,
            },
            name,
            kind: kind.id.clone(),
            land: lands[l].title.clone(),
            pay: kind.pay,
            log: dice.log().get(from..).unwrap_or_default().to_vec(),
        });
    }
    Ok(out)
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

/// The party file of converted sheets and `hired` hands: one team, the
/// characters' heroes in order, then the hirelings'.
pub fn party_yaml(
    name: &str,
    sheets: &[Sheet],
    hired: &[Hired],
) -> Result<String, crate::core::yaml_emit::EmitError> {
    let c = Conversion::embedded();
    let mut heroes: Vec<MkdHero> = sheets.iter().map(|s| convert(c, s)).collect();
    heroes.extend(hired.iter().map(|h| h.hero.clone()));
    let p = PartyOut {
        format: crate::mkd::play::party::FORMAT,
        name,
        teams: vec![TeamOut {
            player: PLAYER,
            heroes,
        }],
    };
    let mut head = "# A World of Dungeons S party made by `tilecrawl party new`: each hero's\n\
# MKD stats come from the sheet under `wod_s:` by the project's conversion\n\
# table (docs/src/characters.md).\n"
        .to_string();
    match hired.len() {
        0 => {}
        1 => head.push_str("# The last hero is a hireling by the day, with no sheet.\n"),
        n => head.push_str(&format!(
            "# The last {n} heroes are hirelings by the day, with no sheet.\n"
        )),
    }
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
        // The weapon counts (World of Dungeons S damage, halved): his
        // martial weapon adds nothing, a great weapon a die, no weapon
        // takes one off; the best one he carries counts.
        let with = |gear: &[&str]| {
            let mut s = s.clone();
            s.gear = gear.iter().map(|g| g.to_string()).collect();
            convert(Conversion::embedded(), &s).attacks
        };
        assert!(s.gear.iter().any(|g| g == "martial-weapon"), "{:?}", s.gear);
        assert_eq!(with(&["great-weapon"]), 7);
        assert_eq!(with(&["light-weapon", "great-weapon"]), 7);
        assert_eq!(with(&["light-armour"]), 5);
        assert_eq!(with(&["shortbow"]), 5, "a bow is no melee weapon");
    }

    #[test]
    fn a_table_without_a_melee_weapon_s_dice_is_refused_by_key() {
        let bad = EMBEDDED.replace(", great-weapon: 1}", "}");
        let e = parse(&bad, "t.yaml").unwrap_err().to_string();
        assert!(e.contains("melee weapon `great-weapon` has no dice"), "{e}");
        let bad = EMBEDDED.replace("great-weapon: 1}", "great-weapon: 1, rope: 1}");
        let e = parse(&bad, "t.yaml").unwrap_err().to_string();
        assert!(e.contains("`rope` is not a melee weapon"), "{e}");
        let bad = EMBEDDED.replace("unarmed: -1", "unarmed: -9");
        let e = parse(&bad, "t.yaml").unwrap_err().to_string();
        assert!(e.contains("-9 dice"), "{e}");
    }

    /// Every party `party new` can make, hirelings and all, loads as an MKD
    /// party: names unique and legal, stats in range, no hero named
    /// otherwise in its sheet.
    #[test]
    fn generated_parties_load_as_mkd_parties() {
        for seed in 0..120 {
            let o = Options {
                level: (seed % 10) as u32 + 1,
                ..Options::default()
            };
            let mut d = Dice::for_stage(seed, "characters");
            let heroes = 1 + (seed % 6) as u32;
            let chars = party(Tables::embedded(), &o, heroes, &mut d).unwrap();
            let hired = hire(&chars, (seed % 7) as u32, &mut d).unwrap();
            let sheets: Vec<Sheet> = chars.into_iter().map(|c| c.sheet).collect();
            let text = party_yaml("test", &sheets, &hired).unwrap();
            let (p, notes) = crate::mkd::play::party::parse_noting(&text, "p.yaml")
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            // Each hero's name is the one its sheet's name makes.
            assert!(notes.is_empty(), "seed {seed}: {notes:?}");
            assert_eq!(p.heroes().count(), (heroes + (seed % 7) as u32) as usize);
        }
    }

    /// A hireling's kind, land and name are rolled (and logged), and its
    /// hero comes from the table, its wounds from the kind's HP.
    #[test]
    fn a_hireling_is_a_hero_by_the_table() {
        // Kind 3 of 5 (armsman), land 1, name 1.
        let mut d = Dice::scripted(&[3, 1, 1]);
        let h = hire(&[], 1, &mut d).unwrap().remove(0);
        assert_eq!((h.kind.as_str(), h.pay), ("armsman", 20));
        let x = &h.hero;
        // 12 HP at 2 a wound: 6 wounds.
        assert_eq!(
            (x.value, x.speed, x.attacks, x.armour, x.wounds),
            (15, 5, 3, 5, 6)
        );
        assert_eq!((x.shoot, x.wod_s.as_ref()), (None, None));
        assert_eq!(x.name, one_word(&h.name));
        let rolls: Vec<&str> = h.log.iter().map(|e| e.purpose.as_str()).collect();
        assert_eq!(rolls.len(), 3, "{rolls:?}");
        assert!(
            rolls[0].starts_with("hireling 1: kind armsman"),
            "{rolls:?}"
        );
        // Kind 4 (expert) shoots with its bow.
        let mut d = Dice::scripted(&[4, 2, 5]);
        let e = hire(&[], 1, &mut d).unwrap().remove(0);
        assert_eq!(e.hero.shoot, Some(Shoot { dice: 2, range: 8 }));
        assert_eq!(e.hero.wounds, 3);
    }

    /// No hireling takes a character's name or another hireling's.
    #[test]
    fn hirelings_take_names_nobody_has() {
        for seed in 0..40 {
            let mut d = Dice::for_stage(seed, "characters");
            let chars = party(Tables::embedded(), &Options::default(), 4, &mut d).unwrap();
            let hired = hire(&chars, 8, &mut d).unwrap();
            let mut all: Vec<String> = chars.iter().map(|c| c.sheet.name.clone()).collect();
            all.extend(hired.iter().map(|h| h.name.clone()));
            let n = all.len();
            all.sort();
            all.dedup();
            assert_eq!(all.len(), n, "seed {seed}");
        }
    }

    #[test]
    fn a_broken_hireling_table_is_refused_by_key() {
        let e = parse(&EMBEDDED.replace("  champion: ", "  champ: "), "t.yaml").unwrap_err();
        let m = e.to_string();
        assert!(m.contains("hirelings") && m.contains("`champion`"), "{m}");
        let e = parse(&EMBEDDED.replace("[Nimble]", "[Flying]"), "t.yaml").unwrap_err();
        assert!(e.to_string().contains("`Flying`"), "{e}");
        let e = parse(&EMBEDDED.replace("armour: 6}", "armour: 7}"), "t.yaml").unwrap_err();
        assert!(e.to_string().contains("`champion`: armour"), "{e}");
    }
}
