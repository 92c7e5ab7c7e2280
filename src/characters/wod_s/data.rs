//! The World of Dungeons S tables (`templates/characters/wod-s.yaml`):
//! attributes, skills, abilities, species, classes, levels, prices, kits,
//! hirelings and critical injuries, read and checked once.

use crate::characters::CharacterError;
use crate::characters::names::pick;
use crate::characters::wod_s::attributes::Attribute;
use crate::core::yaml::FileError;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The format tag of the tables file.
pub const FORMAT: &str = "tilecrawl-wod-s/1";

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/characters/wod-s.yaml"
));

/// The item id of quicksilver, the drink some abilities need.
pub const QUICKSILVER: &str = "quicksilver";

/// The item id of the ration a rest eats: regaining HP costs its price
/// (the project's reading of the text's 2s, 002:430).
pub const RATIONS: &str = "rations";

/// The highest level the level table reaches.
pub const MAX_LEVEL: u32 = 10;

/// A skill and what it is rolled for.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    /// Its id (`athletics`).
    pub id: String,
    /// What it adds +1 to.
    #[serde(rename = "use")]
    pub used_for: String,
}

/// A special ability and the class group that teaches it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilityDef {
    /// Its id (`second-wind`).
    pub id: String,
    /// The class whose list it is on (`fighter`).
    pub group: String,
    /// What it does, in a line.
    pub effect: String,
    /// The item one use of it uses up (`quicksilver`, `holy-water`): such
    /// an ability is a significant spell, whose cost is that item's price.
    #[serde(default)]
    pub spends: Option<String>,
}

impl AbilityDef {
    /// It works by drinking quicksilver.
    pub fn drinks_quicksilver(&self) -> bool {
        self.spends.as_deref() == Some(QUICKSILVER)
    }
}

/// A species and what it changes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Species {
    /// Its id (`dwarf`).
    pub id: String,
    /// Extra maximum HP.
    #[serde(default)]
    pub hp: u32,
    /// Change to Con.
    #[serde(default)]
    pub con: i32,
    /// Change to Str.
    #[serde(default)]
    pub str: i32,
    /// An ability it has for free.
    #[serde(default)]
    pub free_ability: Option<String>,
    /// One step slower than its armour says (never slower than heavy armour).
    #[serde(default)]
    pub slower: bool,
}

/// A class: its skills and where its two starting abilities come from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Class {
    /// Its id (`paladin`).
    pub id: String,
    /// The skills it starts with.
    pub skills: Vec<String>,
    /// The ability group of each starting ability (two entries).
    pub ability_groups: Vec<String>,
}

/// One row of the level table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LevelRow {
    /// The level.
    pub level: u32,
    /// What reaching it costs in XP (that level's own cost).
    pub xp: u32,
    /// Maximum HP for Con 0, 1, 2 and 3.
    pub hp: [u32; 4],
    /// Skills the level adds.
    #[serde(default)]
    pub skills: u32,
    /// Attribute raises the level adds (never past the cap).
    #[serde(default)]
    pub attributes: u32,
    /// Abilities the level adds.
    #[serde(default)]
    pub abilities: u32,
    /// Extra d6 on every damage roll from this level on.
    #[serde(default)]
    pub damage_dice: u32,
}

/// What an item of the price list is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    /// A melee weapon.
    Weapon,
    /// A bow, sling or gun.
    Missile,
    /// Body armour.
    Armour,
    /// A shield.
    Shield,
    /// Adventuring gear.
    Gear,
    /// A tool.
    Tool,
    /// Quicksilver, holy water and the like.
    Occult,
    /// Fancy items.
    Fancy,
}

/// One item of the price list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Its id (`martial-weapon`).
    pub id: String,
    /// Price in silver.
    pub price: u32,
    /// What it is.
    pub kind: ItemKind,
    /// For weapons: the bonus on the d6.
    #[serde(default)]
    pub damage: u32,
    /// For armour and shields: the armour it gives.
    #[serde(default)]
    pub armour: u32,
    /// Heavier than a main-hand weapon: carrying it turns Dodge off.
    #[serde(default)]
    pub heavy: bool,
    /// A note for the sheet.
    #[serde(default)]
    pub note: Option<String>,
}

/// A kind of hireling for day pay.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HirelingKind {
    /// Its id (`armsman`).
    pub id: String,
    /// Silver a day.
    pub pay: u32,
    /// Hit points.
    pub hp: u32,
    /// What it carries.
    pub gear: Vec<String>,
    /// What else it does.
    #[serde(default)]
    pub note: Option<String>,
}

/// A band of the d100 injury location table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocationRow {
    /// Highest d100 of the band.
    pub top: u32,
    /// Where.
    pub location: String,
    /// The effect-code column of a special location (`a` to `f`).
    #[serde(default)]
    pub special: Option<String>,
    /// A limb that has a left and a right.
    #[serde(default)]
    pub limb: bool,
}

/// A band of the d12 severity table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeverityRow {
    /// Highest d12 of the band.
    pub top: u32,
    /// How bad (`severed`, `maimed`, `broken`).
    pub severity: String,
    /// What it means for healing.
    pub note: String,
    /// The effect code for each special column.
    pub codes: BTreeMap<String, String>,
}

/// An effect code of a critical injury.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectRow {
    /// The letter.
    pub code: String,
    /// What it does.
    pub effect: String,
}

/// Every World of Dungeons S table, checked.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The file format: the one this version reads.
    #[allow(dead_code)] // checked in `parse`
    #[schemars(extend("const" = FORMAT))]
    format: String,
    /// The attribute each face of the d6 raises (faces 1 to 6).
    pub attribute_die: Vec<Attribute>,
    /// No attribute is raised past this.
    pub attribute_cap: i32,
    /// Rolls on the attribute die at creation.
    pub starting_rolls: u32,
    /// The skills.
    pub skills: Vec<Skill>,
    /// The special abilities.
    pub abilities: Vec<AbilityDef>,
    /// The species.
    pub species: Vec<Species>,
    /// The classes.
    pub classes: Vec<Class>,
    /// The level table, level 1 first.
    pub levels: Vec<LevelRow>,
    /// Silver a new character buys from.
    pub starting_silver: u32,
    /// Grid move without armour, in light and in full armour.
    pub move_by_armour: [u32; 3],
    /// The price list.
    pub equipment: Vec<Item>,
    /// Each class's shopping kits.
    pub kits: BTreeMap<String, Vec<Vec<String>>>,
    /// Hirelings by the day.
    pub hirelings: Vec<HirelingKind>,
    /// The d100 location table.
    pub injury_locations: Vec<LocationRow>,
    /// The d12 severity table.
    pub injury_severities: Vec<SeverityRow>,
    /// The effect codes.
    pub injury_effects: Vec<EffectRow>,
}

impl Tables {
    /// The embedded tables (parsed once).
    pub fn embedded() -> &'static Tables {
        static T: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
        T.get_or_init(|| {
            parse(EMBEDDED, "wod-s.yaml").expect("the embedded tables are checked by the tests")
        })
    }

    /// The species with this id.
    pub fn species(&self, id: &str) -> Option<&Species> {
        self.species.iter().find(|s| s.id == id)
    }

    /// The class with this id.
    pub fn class(&self, id: &str) -> Option<&Class> {
        self.classes.iter().find(|c| c.id == id)
    }

    /// The species `typed` names: its id, the id's ASCII spelling or a
    /// beginning of one id only (`hal`); else an error naming the species a
    /// beginning of several begins (`h`), or listing them all.
    pub fn species_named(&self, typed: &str) -> Result<&Species, CharacterError> {
        let ids: Vec<&str> = self.species.iter().map(|s| s.id.as_str()).collect();
        pick(&ids, typed, "species").map(|i| &self.species[i])
    }

    /// The class `typed` names, as [`Tables::species_named`] finds a
    /// species (`pal`; `p` is ambiguous: paladin, priest).
    pub fn class_named(&self, typed: &str) -> Result<&Class, CharacterError> {
        let ids: Vec<&str> = self.classes.iter().map(|c| c.id.as_str()).collect();
        pick(&ids, typed, "class").map(|i| &self.classes[i])
    }

    /// The item with this id.
    pub fn item(&self, id: &str) -> Option<&Item> {
        self.equipment.iter().find(|i| i.id == id)
    }

    /// The melee dice a sheet's gear adds by a conversion table's
    /// `weapons` (a melee weapon's id to its dice) and `unarmed` (gear with
    /// none): its best melee weapon's.
    pub fn weapon_dice(
        &self,
        weapons: &BTreeMap<String, i32>,
        unarmed: i32,
        gear: &[String],
    ) -> i32 {
        gear.iter()
            .filter(|g| self.item(g).is_some_and(|i| i.kind == ItemKind::Weapon))
            .filter_map(|g| weapons.get(g.as_str()).copied())
            .max()
            .unwrap_or(unarmed)
    }

    /// Checks a conversion table's melee weapons: every melee weapon of
    /// the price list has its dice, no other item does, each -5 to 5.
    pub fn check_weapons(
        &self,
        weapons: &BTreeMap<String, i32>,
        unarmed: i32,
    ) -> Result<(), WeaponTableError> {
        if let Some(i) = self
            .equipment
            .iter()
            .find(|i| i.kind == ItemKind::Weapon && !weapons.contains_key(&i.id))
        {
            return Err(WeaponTableError::Missing(i.id.clone()));
        }
        if let Some(k) = weapons
            .keys()
            .find(|k| self.item(k).is_none_or(|i| i.kind != ItemKind::Weapon))
        {
            return Err(WeaponTableError::NotAWeapon(k.clone()));
        }
        match weapons
            .values()
            .chain([&unarmed])
            .find(|n| !(-5..=5).contains(*n))
        {
            Some(&n) => Err(WeaponTableError::Dice(n)),
            None => Ok(()),
        }
    }

    /// The ability with this id.
    pub fn ability(&self, id: &str) -> Option<&AbilityDef> {
        self.abilities.iter().find(|a| a.id == id)
    }

    /// The row of a level (1 to [`MAX_LEVEL`]).
    pub fn level(&self, level: u32) -> Option<&LevelRow> {
        self.levels.iter().find(|r| r.level == level)
    }

    /// The price of a kit in silver.
    pub fn kit_price(&self, kit: &[String]) -> u32 {
        kit.iter()
            .filter_map(|i| self.item(i))
            .map(|i| i.price)
            .sum()
    }

    /// The Con a player character can have, least and most: every
    /// attribute starts at 0 and rises no higher than the cap, and only a
    /// species' change takes Con below 0 (an elf's -1). The same bounds
    /// the sheet check holds a sheet's Con to.
    pub fn con_range(&self) -> (i32, i32) {
        let low = self.species.iter().map(|s| s.con).min().unwrap_or(0).min(0);
        (low, self.attribute_cap)
    }

    /// The effect of an injury code.
    pub fn effect(&self, code: &str) -> Option<&str> {
        self.injury_effects
            .iter()
            .find(|e| e.code == code)
            .map(|e| e.effect.as_str())
    }
}

/// Parses and checks the tables; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Tables, FileError> {
    crate::core::yaml::check_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let t: Tables = crate::core::yaml::parse(text, file)?;
    check(&t).map_err(|(key, m)| FileError::at_key(file, &key, m))?;
    Ok(t)
}

fn unique<'a>(ids: impl Iterator<Item = &'a str>, key: &str) -> Result<(), (String, String)> {
    let mut seen: Vec<&str> = Vec::new();
    for id in ids {
        if id.is_empty() || seen.contains(&id) {
            return Err((key.into(), format!("id `{id}` is empty or used twice")));
        }
        seen.push(id);
    }
    Ok(())
}

fn check(t: &Tables) -> Result<(), (String, String)> {
    let err = |k: &str, m: String| Err((k.to_string(), m));
    if t.format != FORMAT {
        return err("format", format!("is `{}`; expected `{FORMAT}`", t.format));
    }
    if t.attribute_die.len() != 6 {
        return err(
            "attribute_die",
            "needs one attribute for each face of a d6".into(),
        );
    }
    if !(1..=6).contains(&t.attribute_cap) || !(1..=6).contains(&t.starting_rolls) {
        return err(
            "attribute_cap",
            "the cap and the rolls must be 1 to 6".into(),
        );
    }
    unique(t.skills.iter().map(|s| s.id.as_str()), "skills")?;
    unique(t.abilities.iter().map(|s| s.id.as_str()), "abilities")?;
    unique(t.species.iter().map(|s| s.id.as_str()), "species")?;
    unique(t.classes.iter().map(|s| s.id.as_str()), "classes")?;
    unique(t.equipment.iter().map(|s| s.id.as_str()), "equipment")?;
    unique(t.hirelings.iter().map(|s| s.id.as_str()), "hirelings")?;
    for a in &t.abilities {
        if let Some(item) = &a.spends
            && t.item(item).is_none()
        {
            return err(
                "abilities",
                format!("{}: spends `{item}`, which the price list lacks", a.id),
            );
        }
    }
    if t.item(RATIONS).is_none() {
        return err(
            "equipment",
            format!("a rest eats `{RATIONS}`, which the price list lacks"),
        );
    }
    let groups: Vec<&str> = t.abilities.iter().map(|a| a.group.as_str()).collect();
    for s in &t.species {
        if let Some(a) = &s.free_ability
            && t.ability(a).is_none()
        {
            return err("species", format!("{}: unknown ability `{a}`", s.id));
        }
    }
    for c in &t.classes {
        let key = format!("classes ({})", c.id);
        if c.skills.is_empty() || c.skills.len() >= t.skills.len() {
            return err(&key, "needs at least one skill, and not all".into());
        }
        for s in &c.skills {
            if !t.skills.iter().any(|k| &k.id == s) {
                return err(&key, format!("unknown skill `{s}`"));
            }
        }
        if c.ability_groups.len() != 2 {
            return err(&key, "needs exactly two ability groups".into());
        }
        for g in &c.ability_groups {
            let n = groups.iter().filter(|x| *x == g).count();
            let wanted = c.ability_groups.iter().filter(|x| *x == g).count();
            // Two picks of a group need two of its abilities besides a
            // species' free one.
            if n < wanted + 1 {
                return err(&key, format!("group `{g}` has too few abilities"));
            }
        }
        let Some(kits) = t.kits.get(&c.id) else {
            return err("kits", format!("no kits for class `{}`", c.id));
        };
        if kits.is_empty() {
            return err("kits", format!("class `{}` has no kit", c.id));
        }
        for (k, kit) in kits.iter().enumerate() {
            let kkey = format!("kits.{}[{k}]", c.id);
            for i in kit {
                if t.item(i).is_none() {
                    return err(&kkey, format!("unknown item `{i}`"));
                }
            }
            let worn = kit
                .iter()
                .filter(|i| t.item(i).is_some_and(|x| x.kind == ItemKind::Armour))
                .count();
            if worn > 1 {
                return err(&kkey, "has two suits of armour".into());
            }
            // A hero goes in with something to fight with (unarmed is
            // d6-2, L109): every kit holds a weapon or a missile weapon.
            let armed = kit.iter().any(|i| {
                t.item(i)
                    .is_some_and(|x| matches!(x.kind, ItemKind::Weapon | ItemKind::Missile))
            });
            if !armed {
                return err(&kkey, "holds no weapon; every kit holds one".into());
            }
            if t.kit_price(kit) > t.starting_silver {
                return err(
                    &kkey,
                    format!(
                        "costs {} silver; a new character has {}",
                        t.kit_price(kit),
                        t.starting_silver
                    ),
                );
            }
        }
    }
    for id in t.kits.keys() {
        if t.class(id).is_none() {
            return err("kits", format!("unknown class `{id}`"));
        }
    }
    if t.levels.len() != MAX_LEVEL as usize
        || t.levels
            .iter()
            .enumerate()
            .any(|(i, r)| r.level != i as u32 + 1)
    {
        return err(
            "levels",
            format!("must list levels 1 to {MAX_LEVEL} in order"),
        );
    }
    for r in &t.levels {
        if r.hp.windows(2).any(|w| w[0] > w[1]) || r.hp[0] < 3 {
            return err(
                &format!("levels[{}]", r.level - 1),
                "HP must be at least 3 and grow with Con".into(),
            );
        }
    }
    if t.move_by_armour.iter().any(|m| !(1..=12).contains(m)) {
        return err("move_by_armour", "moves must be 1 to 12 squares".into());
    }
    let mut from = 1;
    for (i, r) in t.injury_locations.iter().enumerate() {
        if r.top < from || r.top > 100 {
            return err(
                &format!("injury_locations[{i}]"),
                "bands must rise to 100".into(),
            );
        }
        from = r.top + 1;
    }
    if from != 101 {
        return err("injury_locations", "bands must cover 1 to 100".into());
    }
    let mut from = 1;
    for (i, r) in t.injury_severities.iter().enumerate() {
        if r.top < from || r.top > 12 {
            return err(
                &format!("injury_severities[{i}]"),
                "bands must rise to 12".into(),
            );
        }
        from = r.top + 1;
        for code in r.codes.values() {
            if t.effect(code).is_none() {
                return err(
                    &format!("injury_severities[{i}]"),
                    format!("unknown effect code `{code}`"),
                );
            }
        }
        for l in &t.injury_locations {
            if let Some(s) = &l.special
                && !r.codes.contains_key(s)
            {
                return err(
                    &format!("injury_severities[{i}]"),
                    format!("no code for column `{s}`"),
                );
            }
        }
    }
    if from != 13 {
        return err("injury_severities", "bands must cover 1 to 12".into());
    }
    Ok(())
}

/// The JSON Schema of the World of Dungeons S tables file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Tables)
}

/// Why a conversion table's `weapons` and `unarmed` were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeaponTableError {
    /// A melee weapon of the price list without its dice.
    #[error("melee weapon `{0}` has no dice")]
    Missing(String),
    /// An id that is no melee weapon of the price list.
    #[error("`{0}` is not a melee weapon of the price list")]
    NotAWeapon(String),
    /// Dice out of range.
    #[error("{0} dice; each is -5 to 5")]
    Dice(i32),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_load() {
        let t = Tables::embedded();
        assert_eq!(t.classes.len(), 9);
        assert_eq!(t.skills.len(), 9);
        assert_eq!(t.level(10).unwrap().hp, [21, 25, 28, 32]);
        // The XP column is each level's own cost: it sums to 165,000.
        assert_eq!(t.levels.iter().map(|r| r.xp).sum::<u32>(), 165_000);
    }

    #[test]
    fn species_and_classes_are_named_by_a_beginning_of_one_only() {
        let t = Tables::embedded();
        assert_eq!(t.species_named("hal").unwrap().id, "halfling");
        assert_eq!(t.species_named("ELF").unwrap().id, "elf");
        assert_eq!(t.class_named("pal").unwrap().id, "paladin");
        assert_eq!(t.class_named("bard").unwrap().id, "bard");
        let e = |r: Result<String, CharacterError>| r.unwrap_err().to_string();
        assert_eq!(
            e(t.species_named("h").map(|s| s.id.clone())),
            "species `h` is ambiguous: it begins human, halfling; type more of it"
        );
        assert_eq!(
            e(t.class_named("p").map(|c| c.id.clone())),
            "class `p` is ambiguous: it begins paladin, priest; type more of it"
        );
        // `barb` begins barbarian only; `bar` begins bard too.
        assert_eq!(t.class_named("barb").unwrap().id, "barbarian");
        assert!(e(t.class_named("bar").map(|c| c.id.clone())).contains("barbarian, bard;"));
        assert_eq!(
            e(t.class_named("monk").map(|c| c.id.clone())),
            "unknown class `monk`; expected one of: barbarian, bard, druid, fighter, paladin, priest, ranger, thief, wizard"
        );
    }

    #[test]
    fn what_a_spell_or_a_rest_uses_up_is_on_the_price_list() {
        // The text's 10s a significant spell and 2s a rest are the prices
        // of what they use up (the project's reading).
        let t = Tables::embedded();
        for a in t.abilities.iter().filter(|a| a.spends.is_some()) {
            let item = t.item(a.spends.as_deref().unwrap()).unwrap();
            assert_eq!(item.price, 10, "{}", a.id);
        }
        assert_eq!(t.item(RATIONS).unwrap().price, 2);
        let spells: Vec<&str> = t
            .abilities
            .iter()
            .filter(|a| a.spends.is_some())
            .map(|a| a.id.as_str())
            .collect();
        assert_eq!(
            spells,
            [
                "bless",
                "vision",
                "wildtongue",
                "wildheart",
                "telekinesis",
                "illusions",
                "telepathy",
                "elementalism"
            ]
        );
        for (from, to, want) in [
            (
                "spends: holy-water}",
                "spends: myrrh}",
                "abilities: bless: spends `myrrh`, which the price list lacks",
            ),
            (
                "id: rations,",
                "id: biscuits,",
                "a rest eats `rations`, which the price list lacks",
            ),
        ] {
            let text = EMBEDDED.replacen(from, to, 1);
            let e = parse(&text, "w.yaml").unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
        }
    }

    #[test]
    fn a_kit_over_the_starting_silver_is_refused() {
        let text = EMBEDDED.replace(
            "- [martial-weapon, light-armour]",
            "- [martial-weapon, full-armour]",
        );
        let e = parse(&text, "w.yaml").unwrap_err().to_string();
        assert!(e.contains("kits.fighter[0]: costs 90 silver"), "{e}");
    }

    /// The text lets 60 silver go on full armour alone; a kit with nothing
    /// to fight with is refused.
    #[test]
    fn a_kit_without_a_weapon_is_refused() {
        let text = EMBEDDED.replace("- [martial-weapon, light-armour]", "- [full-armour]");
        let e = parse(&text, "w.yaml").unwrap_err().to_string();
        assert!(e.contains("kits.fighter[0]: holds no weapon"), "{e}");
        let text = EMBEDDED.replace(
            "- [martial-weapon, light-armour]",
            "- [shortbow, light-armour]",
        );
        assert!(
            parse(&text, "w.yaml").is_ok(),
            "a missile weapon is a weapon"
        );
    }
}
