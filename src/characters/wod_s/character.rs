//! A World of Dungeons S character, made step by step by the text's rules
//! with logged dice where the player would choose: species, land and name,
//! three rolls on the attribute table, class, the extra skill, the two
//! abilities, what each level adds, and a kit bought from the starting
//! silver. [`check_sheet`] says whether a sheet is legal by the rules.

use crate::characters::CharacterError;
use crate::characters::wod_s::attributes::{Attribute, Attributes};
use crate::characters::wod_s::data::{ItemKind, MAX_LEVEL, QUICKSILVER, RATIONS, Tables};
use crate::characters::wod_s::names;
use crate::core::dice::{Dice, LogEntry};
use serde::{Deserialize, Serialize};

/// Most characters one party may hold (the party file's limit).
pub const MAX_HEROES: u32 = 12;

/// A character sheet: the choices and what follows from them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The true name, as the land's list prints it.
    pub name: String,
    /// The land of origin (or species list) the name is from.
    pub land: String,
    /// Species id.
    pub species: String,
    /// Class id.
    pub class: String,
    /// Level, 1 to 10.
    pub level: u32,
    /// The six attributes.
    pub attributes: Attributes,
    /// Skill ids, class skills first.
    pub skills: Vec<String>,
    /// Ability ids (a species' free one first).
    pub abilities: Vec<String>,
    /// Maximum HP.
    pub hp: u32,
    /// Armour.
    pub armour: u32,
    /// Squares of movement on a grid.
    #[serde(rename = "move")]
    pub move_squares: u32,
    /// Extra d6 on every damage roll (levels 5 and 10).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage_dice: u32,
    /// Item ids carried.
    pub gear: Vec<String>,
    /// Silver in the purse.
    pub silver: u32,
    /// XP the next level costs (none at level 10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xp_next: Option<u32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// What the user fixed; the rest is rolled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// A land (or species list) for every name.
    pub land: Option<String>,
    /// One species for everyone.
    pub species: Option<String>,
    /// One class for everyone.
    pub class: Option<String>,
    /// The level, 1 to 10.
    pub level: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            land: None,
            species: None,
            class: None,
            level: 1,
        }
    }
}

/// A made character: its sheet and the rolls that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Character {
    /// The sheet.
    pub sheet: Sheet,
    /// Every roll and decision, in order.
    pub log: Vec<LogEntry>,
}

fn known<'a>(ids: impl Iterator<Item = &'a str>) -> String {
    ids.collect::<Vec<_>>().join(", ")
}

/// Checks the options against the tables before anything is rolled.
pub fn check_options(t: &Tables, o: &Options) -> Result<(), CharacterError> {
    if !(1..=MAX_LEVEL).contains(&o.level) {
        return Err(CharacterError::OutOfRange {
            what: "the level",
            got: i64::from(o.level),
            low: 1,
            high: i64::from(MAX_LEVEL),
        });
    }
    if let Some(s) = &o.species
        && t.species(s).is_none()
    {
        return Err(CharacterError::Unknown {
            what: "species",
            got: s.escape_default().to_string(),
            known: known(t.species.iter().map(|s| s.id.as_str())),
        });
    }
    if let Some(c) = &o.class
        && t.class(c).is_none()
    {
        return Err(CharacterError::Unknown {
            what: "class",
            got: c.escape_default().to_string(),
            known: known(t.classes.iter().map(|c| c.id.as_str())),
        });
    }
    if let Some(l) = &o.land {
        names::land(l)?;
    }
    Ok(())
}

/// Makes a party of `count` characters with different names.
pub fn party(
    t: &Tables,
    o: &Options,
    count: u32,
    dice: &mut Dice,
) -> Result<Vec<Character>, CharacterError> {
    if !(1..=MAX_HEROES).contains(&count) {
        return Err(CharacterError::OutOfRange {
            what: "the number of heroes",
            got: i64::from(count),
            low: 1,
            high: i64::from(MAX_HEROES),
        });
    }
    check_options(t, o)?;
    let mut out: Vec<Character> = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let taken: Vec<String> = out.iter().map(|c| c.sheet.name.clone()).collect();
        out.push(generate(t, o, &taken, dice)?);
    }
    Ok(out)
}

/// Makes one character whose name is none of `taken`.
pub fn generate(
    t: &Tables,
    o: &Options,
    taken: &[String],
    dice: &mut Dice,
) -> Result<Character, CharacterError> {
    check_options(t, o)?;
    let start = dice.log_len();
    // Species.
    let species = match &o.species {
        Some(s) => {
            dice.note(format_args!("species: {s} (chosen)"));
            s.clone()
        }
        None => {
            let k = dice.choose_then(t.species.len(), |k| format!("species: {}", t.species[k].id));
            t.species[k].id.clone()
        }
    };
    let sp = t.species(&species).expect("checked above");
    // Land of origin: chosen, else humans roll among the six lands and the
    // other species take their own list (elves roll high or wood).
    let land = match &o.land {
        Some(l) => {
            let land = names::land(l)?;
            dice.note(format_args!("land: {} (chosen)", land.title));
            land
        }
        None => {
            let kin = if species == "dwarf" || species == "elf" || species == "halfling" {
                species.as_str()
            } else {
                "human"
            };
            let lands: Vec<&names::Land> =
                names::lands().iter().filter(|l| l.species == kin).collect();
            let lands = if lands.is_empty() {
                names::human_lands()
            } else {
                lands
            };
            if lands.len() == 1 {
                dice.note(format_args!(
                    "land of origin: {} (the {kin} list)",
                    lands[0].title
                ));
            }
            let k = dice.choose_then(lands.len(), |k| {
                format!("land of origin: {}", lands[k].title)
            });
            lands[k]
        }
    };
    let name = names::draw(land, 1, taken, dice)?.remove(0);
    // Attributes: three rolls, a roll past the cap rolled again.
    let mut attributes = Attributes::default();
    let mut rolls = 0;
    while rolls < t.starting_rolls {
        let face = dice.d6("attribute table");
        let a = t.attribute_die[(face - 1) as usize];
        if attributes.get(a) >= t.attribute_cap {
            dice.set_last_purpose(format_args!(
                "attribute table: +1 {} would pass +{}, roll again",
                a.name(),
                t.attribute_cap
            ));
            continue;
        }
        *attributes.get_mut(a) += 1;
        dice.set_last_purpose(format_args!("attribute table: +1 {}", a.name()));
        rolls += 1;
    }
    attributes.con += sp.con;
    attributes.str += sp.str;
    // Only what the species changes (`species elf: Con -1`).
    let changes: Vec<String> = [("Con", sp.con), ("Str", sp.str)]
        .into_iter()
        .filter(|&(_, n)| n != 0)
        .map(|(a, n)| format!("{a} {n:+}"))
        .collect();
    if !changes.is_empty() {
        dice.note(format_args!("species {species}: {}", changes.join(", ")));
    }
    // Class, its skills and the extra skill.
    let class = match &o.class {
        Some(c) => {
            dice.note(format_args!("class: {c} (chosen)"));
            c.clone()
        }
        None => {
            let k = dice.choose_then(t.classes.len(), |k| format!("class: {}", t.classes[k].id));
            t.classes[k].id.clone()
        }
    };
    let cl = t.class(&class).expect("checked above");
    let mut skills = cl.skills.clone();
    pick_skill(t, &mut skills, "extra skill", dice);
    // Abilities: the species' free one, then one per class group.
    let mut abilities: Vec<String> = sp.free_ability.iter().cloned().collect();
    if let Some(a) = &sp.free_ability {
        dice.note(format_args!("ability: {a} (free for {species})"));
    }
    for g in &cl.ability_groups {
        let pool: Vec<&str> = t
            .abilities
            .iter()
            .filter(|a| &a.group == g && !abilities.contains(&a.id))
            .map(|a| a.id.as_str())
            .collect();
        let k = dice.choose_then(pool.len(), |k| format!("{g} ability: {}", pool[k]));
        abilities.push(pool[k].to_string());
    }
    // What each level above the first adds.
    for row in t
        .levels
        .iter()
        .filter(|r| r.level > 1 && r.level <= o.level)
    {
        for _ in 0..row.skills {
            pick_skill(t, &mut skills, &format!("level {} skill", row.level), dice);
        }
        for _ in 0..row.attributes {
            let open: Vec<Attribute> = Attribute::ALL
                .into_iter()
                .filter(|&a| attributes.get(a) < t.attribute_cap)
                .collect();
            if open.is_empty() {
                dice.note(format_args!(
                    "level {}: every attribute is at the cap",
                    row.level
                ));
                continue;
            }
            let k = dice.choose_then(open.len(), |k| {
                format!("level {} attribute: +1 {}", row.level, open[k].name())
            });
            *attributes.get_mut(open[k]) += 1;
        }
        for _ in 0..row.abilities {
            let pool: Vec<&str> = t
                .abilities
                .iter()
                .filter(|a| !abilities.contains(&a.id))
                .map(|a| a.id.as_str())
                .collect();
            let k = dice.choose_then(pool.len(), |k| {
                format!("level {} ability: {}", row.level, pool[k])
            });
            abilities.push(pool[k].to_string());
        }
    }
    // A kit from the class's list.
    let kits = &t.kits[&class];
    let k = dice.choose_then(kits.len(), |k| format!("kit: {}", kits[k].join(", ")));
    let gear = kits[k].clone();
    let silver = t.starting_silver - t.kit_price(&gear);
    let mut sheet = Sheet {
        name,
        land: land.id.clone(),
        species,
        class,
        level: o.level,
        attributes,
        skills,
        abilities,
        hp: 0,
        armour: 0,
        move_squares: 0,
        damage_dice: 0,
        gear,
        silver,
        xp_next: None,
    };
    derive(t, &mut sheet);
    let log = dice.log()[start.min(dice.log_len())..].to_vec();
    Ok(Character { sheet, log })
}

fn pick_skill(t: &Tables, skills: &mut Vec<String>, what: &str, dice: &mut Dice) {
    let pool: Vec<&str> = t
        .skills
        .iter()
        .filter(|s| !skills.contains(&s.id))
        .map(|s| s.id.as_str())
        .collect();
    if pool.is_empty() {
        dice.note(format_args!("{what}: every skill is known already"));
        return;
    }
    let k = dice.choose_then(pool.len(), |k| format!("{what}: {}", pool[k]));
    skills.push(pool[k].to_string());
}

/// Maximum HP for a level, Con, species and abilities. Con below 0 reads
/// the Con 0 column less 2 (the text, for elves); Con above 3 the Con 3
/// column (decision: the text gives no more columns).
pub fn max_hp(t: &Tables, level: u32, con: i32, species: &str, abilities: &[String]) -> u32 {
    let Some(row) = t.level(level.clamp(1, MAX_LEVEL)) else {
        return 1;
    };
    let base = if con < 0 {
        row.hp[0].saturating_sub(2).max(1)
    } else {
        row.hp[con.min(3) as usize]
    };
    let species_hp = t.species(species).map_or(0, |s| s.hp);
    let hardy = if abilities.iter().any(|a| a == "hardy") {
        6
    } else {
        0
    };
    base + species_hp + hardy
}

/// Fills in what follows from the choices: HP, armour, move, damage dice,
/// the next level's XP.
pub fn derive(t: &Tables, s: &mut Sheet) {
    let has = |a: &str| s.abilities.iter().any(|x| x == a);
    let items: Vec<_> = s.gear.iter().filter_map(|i| t.item(i)).collect();
    let worn = items
        .iter()
        .filter(|i| i.kind == ItemKind::Armour)
        .map(|i| i.armour)
        .max()
        .unwrap_or(0);
    let shield: u32 = items
        .iter()
        .filter(|i| i.kind == ItemKind::Shield)
        .map(|i| i.armour)
        .max()
        .unwrap_or(0);
    let mut armour = worn + shield;
    // Dodge: no armour, no shield, nothing heavier than a main-hand weapon.
    if has("dodge") && worn == 0 && shield == 0 && !items.iter().any(|i| i.heavy) {
        armour = s.attributes.dex.max(0) as u32;
    }
    if has("tough") {
        armour += 1;
    }
    let mut step = worn.min(2) as usize;
    if has("skirmish") {
        step = step.saturating_sub(1);
    }
    if t.species(&s.species).is_some_and(|sp| sp.slower) {
        step = (step + 1).min(2);
    }
    s.hp = max_hp(t, s.level, s.attributes.con, &s.species, &s.abilities);
    s.armour = armour;
    s.move_squares = t.move_by_armour[step];
    s.damage_dice = t
        .levels
        .iter()
        .filter(|r| r.level <= s.level)
        .map(|r| r.damage_dice)
        .sum();
    s.xp_next = t.level(s.level + 1).map(|r| r.xp);
}

/// HP a rest gives back (002:36): Con + level, after resting with a drink
/// and a ration (or by Second wind, as an action, with neither), never past
/// the maximum. Never below 0; a level-1 elf at Con -1 gets 0 (the text's
/// sum, kept).
pub fn rest_hp(s: &Sheet) -> u32 {
    level_plus_con(s)
}

/// Level + Con, the sum both resting and quicksilver go by, at least 0.
fn level_plus_con(s: &Sheet) -> u32 {
    u32::try_from(i64::from(s.level) + i64::from(s.attributes.con)).unwrap_or(0)
}

/// Vials of quicksilver a character may drink in a day without risk
/// (002:64): level + Con; more may do harm. Never below 0.
pub fn safe_quicksilver(s: &Sheet) -> u32 {
    level_plus_con(s)
}

/// Whether the sheet has a use for quicksilver: an ability that drinks it,
/// or some carried.
pub fn uses_quicksilver(t: &Tables, s: &Sheet) -> bool {
    s.abilities
        .iter()
        .any(|a| t.ability(a).is_some_and(|d| d.drinks_quicksilver()))
        || s.gear.iter().any(|g| g == QUICKSILVER)
}

/// A significant spell on a sheet and what a cast costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpellCost {
    /// The ability (`bless`).
    pub ability: String,
    /// The item a cast uses up (`holy-water`).
    pub spends: String,
    /// Its price in silver: the cost of a cast.
    pub silver: u32,
}

/// The sheet's significant spells, in the sheet's order: each ability
/// that uses up an item when used (a dose of quicksilver, a vial of holy
/// water), and that item's price as the cost of a cast (002:430, the
/// project's reading: the text's 10s a spell is that price). Cantrips and
/// the abilities that spend nothing cost nothing.
pub fn spell_costs(t: &Tables, s: &Sheet) -> Vec<SpellCost> {
    s.abilities
        .iter()
        .filter_map(|a| {
            let def = t.ability(a)?;
            let item = def.spends.as_ref()?;
            Some(SpellCost {
                ability: a.clone(),
                spends: item.clone(),
                silver: t.item(item)?.price,
            })
        })
        .collect()
}

/// What regaining HP by a rest costs in silver: the ration it eats
/// (002:430, the project's reading: the text's 2s each time is a ration's
/// price). Second wind eats nothing.
pub fn rest_cost(t: &Tables) -> u32 {
    t.item(RATIONS).map_or(0, |i| i.price)
}

/// Whether a sheet is legal by the rules: known ids, the attribute raises
/// of its level within the cap, its class skills and the right number of
/// skills and abilities, gear within the starting silver's reach of one
/// armour, and HP, armour and move as the rules compute them. The message
/// says what is wrong.
pub fn check_sheet(t: &Tables, s: &Sheet) -> Result<(), SheetError> {
    sheet_fault(t, s)
}

/// Why a character sheet breaks the rules ([`check_sheet`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what}")]
pub struct SheetError {
    /// What is wrong, naming the key and the value expected.
    pub what: String,
}

impl From<String> for SheetError {
    fn from(what: String) -> Self {
        SheetError { what }
    }
}

impl From<&str> for SheetError {
    fn from(what: &str) -> Self {
        SheetError { what: what.into() }
    }
}

/// [`check_sheet`]'s checks: the first fault in words.
fn sheet_fault(t: &Tables, s: &Sheet) -> Result<(), SheetError> {
    if !(1..=MAX_LEVEL).contains(&s.level) {
        return Err(SheetError::from(format!(
            "level is {}; expected 1 to {MAX_LEVEL}",
            s.level
        )));
    }
    let Some(sp) = t.species(&s.species) else {
        return Err(SheetError::from(format!(
            "unknown species `{}`",
            s.species.escape_default()
        )));
    };
    let Some(cl) = t.class(&s.class) else {
        return Err(SheetError::from(format!(
            "unknown class `{}`",
            s.class.escape_default()
        )));
    };
    if !names::lands().iter().any(|l| l.id == s.land) {
        return Err(SheetError::from(format!(
            "unknown land `{}`",
            s.land.escape_default()
        )));
    }
    if s.name.trim().is_empty()
        || s.name.chars().count() > 40
        || s.name.chars().any(char::is_control)
    {
        return Err(SheetError::from(
            "name must be 1 to 40 printable characters",
        ));
    }
    let rows = t.levels.iter().filter(|r| r.level <= s.level);
    let (mut ups, mut more_skills, mut more_abilities) = (0, 0, 0);
    for r in rows {
        ups += r.attributes as i32;
        more_skills += r.skills as usize;
        more_abilities += r.abilities as usize;
    }
    // Every attribute starts at 0 and only rises; a species' change (an
    // elf's -1 Con, a halfling's -1 Str) is the one way below 0.
    for a in Attribute::ALL {
        let v = s.attributes.get(a);
        let low = match a {
            Attribute::Con => sp.con.min(0),
            Attribute::Str => sp.str.min(0),
            _ => 0,
        };
        if !(low..=t.attribute_cap).contains(&v) {
            return Err(SheetError::from(format!(
                "attributes.{}: {v} is past {low} to +{} for {} {}",
                a.name().to_lowercase(),
                t.attribute_cap,
                if s.species.to_string().starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                },
                s.species
            )));
        }
    }
    let raised = s.attributes.total() - sp.con - sp.str;
    let want = t.starting_rolls as i32 + ups;
    if raised != want {
        return Err(SheetError::from(format!(
            "attributes add up to {raised} raises; a level-{} {} has {want}",
            s.level, s.species
        )));
    }
    for (i, k) in s.skills.iter().enumerate() {
        if !t.skills.iter().any(|x| &x.id == k) || s.skills[..i].contains(k) {
            return Err(SheetError::from(format!(
                "skill `{}` is unknown or listed twice",
                k.escape_default()
            )));
        }
    }
    for k in &cl.skills {
        if !s.skills.contains(k) {
            return Err(SheetError::from(format!("a {} has the {k} skill", s.class)));
        }
    }
    let skills_want = (cl.skills.len() + 1 + more_skills).min(t.skills.len());
    if s.skills.len() != skills_want {
        return Err(SheetError::from(format!(
            "has {} skills; a level-{} {} has {skills_want}",
            s.skills.len(),
            s.level,
            s.class
        )));
    }
    for (i, a) in s.abilities.iter().enumerate() {
        if t.ability(a).is_none() || s.abilities[..i].contains(a) {
            return Err(SheetError::from(format!(
                "ability `{}` is unknown or listed twice",
                a.escape_default()
            )));
        }
    }
    let free = usize::from(sp.free_ability.is_some());
    if let Some(f) = &sp.free_ability
        && !s.abilities.contains(f)
    {
        return Err(SheetError::from(format!(
            "a {} has the {f} ability",
            s.species
        )));
    }
    let abilities_want = 2 + free + more_abilities;
    if s.abilities.len() != abilities_want {
        return Err(SheetError::from(format!(
            "has {} abilities; a level-{} {} {} has {abilities_want}",
            s.abilities.len(),
            s.level,
            s.species,
            s.class
        )));
    }
    for g in &cl.ability_groups {
        let need = cl.ability_groups.iter().filter(|x| *x == g).count();
        let got = s
            .abilities
            .iter()
            .filter(|a| Some(*a) != sp.free_ability.as_ref())
            .filter(|a| t.ability(a).is_some_and(|d| &d.group == g))
            .count();
        if got < need {
            return Err(SheetError::from(format!(
                "a {} takes {need} {g} abilities",
                s.class
            )));
        }
    }
    for i in &s.gear {
        if t.item(i).is_none() {
            return Err(SheetError::from(format!(
                "unknown item `{}`",
                i.escape_default()
            )));
        }
    }
    if s.gear
        .iter()
        .filter(|i| t.item(i).is_some_and(|x| x.kind == ItemKind::Armour))
        .count()
        > 1
    {
        return Err(SheetError::from("wears two suits of armour"));
    }
    if s.gear.len() > 40 || s.silver > 10_000_000 {
        return Err(SheetError::from("carries more than a sheet holds"));
    }
    let mut d = s.clone();
    derive(t, &mut d);
    for (what, have, want) in [
        ("hp", s.hp, d.hp),
        ("armour", s.armour, d.armour),
        ("move", s.move_squares, d.move_squares),
        ("damage_dice", s.damage_dice, d.damage_dice),
    ] {
        if have != want {
            return Err(SheetError::from(format!(
                "{what} is {have}; the rules give {want}"
            )));
        }
    }
    if s.xp_next != d.xp_next {
        let level = s.level;
        return Err(SheetError::from(match (s.xp_next, d.xp_next) {
            (Some(have), Some(want)) => {
                format!("xp_next is {have}; level {level} needs {want} for the next")
            }
            (Some(have), None) => {
                format!("xp_next is {have}; level {level} is the last, so leave xp_next out")
            }
            (None, want) => format!(
                "xp_next is missing; level {level} needs {}",
                want.unwrap_or_default()
            ),
        }));
    }
    Ok(())
}

/// The sheets of the two characters `party new --seed 3 --heroes 2`
/// makes, for the tests of the games' party files.
#[cfg(test)]
pub(crate) fn two_of_seed_3() -> Vec<Sheet> {
    let mut d = crate::core::dice::Dice::for_stage(3, "characters");
    party(Tables::embedded(), &Options::default(), 2, &mut d)
        .expect("the embedded tables make a party")
        .into_iter()
        .map(|c| c.sheet)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> &'static Tables {
        Tables::embedded()
    }

    #[test]
    fn hp_reads_every_cell_of_the_level_table() {
        let rows: [[u32; 4]; 10] = [
            [4, 5, 6, 7],
            [7, 8, 9, 10],
            [9, 11, 12, 13],
            [11, 14, 16, 17],
            [12, 16, 18, 20],
            [14, 18, 21, 23],
            [16, 19, 23, 25],
            [18, 21, 25, 28],
            [19, 23, 26, 30],
            [21, 25, 28, 32],
        ];
        for (i, row) in rows.iter().enumerate() {
            for (con, hp) in row.iter().enumerate() {
                assert_eq!(max_hp(t(), i as u32 + 1, con as i32, "human", &[]), *hp);
            }
        }
        // An elf at Con -1: the Con 0 column less 2.
        assert_eq!(max_hp(t(), 1, -1, "elf", &[]), 2);
        assert_eq!(max_hp(t(), 10, -1, "elf", &[]), 19);
        // Dwarves +1, Hardy +6, Con past 3 reads the Con 3 column.
        assert_eq!(max_hp(t(), 1, 2, "dwarf", &["hardy".into()]), 6 + 1 + 6);
        assert_eq!(max_hp(t(), 4, 4, "human", &[]), 17);
    }

    /// A human fighter from scripted dice: every step the text names.
    #[test]
    fn a_scripted_fighter_follows_every_step() {
        let o = Options {
            species: Some("human".into()),
            class: Some("fighter".into()),
            land: Some("northlands".into()),
            level: 1,
        };
        // name 2 (Lárus); attribute die 1, 1, 6 (Str, Str, Cha: the 6 is
        // Cha); extra skill 8 of the 8 left (survival); fighter abilities 3
        // (slay) then 4 of the 4 left (second-wind); kit 1 (martial weapon,
        // light armour).
        let mut d = Dice::scripted(&[2, 1, 1, 6, 8, 3, 4, 1]);
        let c = generate(t(), &o, &[], &mut d).unwrap();
        assert_eq!(d.script_left(), 0);
        let s = &c.sheet;
        assert_eq!(s.name, "Lárus");
        assert_eq!(
            (s.attributes.str, s.attributes.cha, s.attributes.total()),
            (2, 1, 3)
        );
        assert_eq!(s.skills, ["athletics", "survival"]);
        assert_eq!(s.abilities, ["slay", "second-wind"]);
        assert_eq!(s.gear, ["martial-weapon", "light-armour"]);
        assert_eq!((s.silver, s.hp, s.armour, s.move_squares), (0, 4, 1, 5));
        assert_eq!(s.xp_next, Some(1000));
        assert!(c.log.iter().any(|e| e.purpose == "attribute table: +1 Cha"));
        check_sheet(t(), s).unwrap();
    }

    #[test]
    fn a_roll_past_the_cap_is_rolled_again_and_species_change_attributes() {
        let o = Options {
            species: Some("elf".into()),
            class: Some("wizard".into()),
            land: None,
            level: 1,
        };
        // land 1 of 2 (high elves), name 1; attributes 3, 3, 3 (Con +3);
        // extra skill 1; wizard abilities 1, 1 (cantrips is free, so
        // telekinesis then illusions); kit 2.
        let mut d = Dice::scripted(&[1, 1, 3, 3, 3, 1, 1, 1, 2]);
        let c = generate(t(), &o, &[], &mut d).unwrap();
        let s = &c.sheet;
        assert_eq!(s.land, "high-elves");
        assert_eq!(s.attributes.con, 2, "+3 from the table, -1 for an elf");
        assert_eq!(s.abilities, ["cantrips", "telekinesis", "illusions"]);
        assert_eq!(s.hp, 6);
        check_sheet(t(), s).unwrap();
        // A fourth Con would pass the cap: with the cap at +3 only a level-up
        // could try it, so lower the cap to test the re-roll.
        let mut low = t().clone();
        low.attribute_cap = 1;
        let mut d = Dice::scripted(&[1, 1, 3, 3, 1, 2, 1, 1, 1, 2]);
        let c = generate(&low, &o, &[], &mut d).unwrap();
        assert_eq!(
            (
                c.sheet.attributes.con,
                c.sheet.attributes.str,
                c.sheet.attributes.dex
            ),
            (0, 1, 1)
        );
        assert!(
            c.log
                .iter()
                .any(|e| e.purpose.contains("would pass +1, roll again"))
        );
    }

    #[test]
    fn scripted_level_ups_add_a_skill_an_ability_from_any_class_and_an_attribute() {
        let o = Options {
            species: Some("human".into()),
            class: Some("fighter".into()),
            land: Some("northlands".into()),
            level: 4,
        };
        // name 1 (Arnar); attributes 1, 2, 3; extra skill 1 (awareness);
        // fighter abilities 1, 1 (skirmish, tough); level 3: skill 7 of 7
        // (survival), ability 22 of 22 (tinker, a thief's); level 4: +1 to
        // the 6th of 6 attributes (Cha); kit 1 (martial weapon, light
        // armour).
        let mut d = Dice::scripted(&[1, 1, 2, 3, 1, 1, 1, 7, 22, 6, 1]);
        let c = generate(t(), &o, &[], &mut d).unwrap();
        assert_eq!(d.script_left(), 0);
        let s = &c.sheet;
        assert_eq!(s.skills, ["athletics", "awareness", "survival"]);
        assert_eq!(s.abilities, ["skirmish", "tough", "tinker"]);
        assert_eq!(
            [
                s.attributes.str,
                s.attributes.dex,
                s.attributes.con,
                s.attributes.cha
            ],
            [1, 1, 1, 1]
        );
        // Level 4, Con 1: 14 HP; light armour 1 + Tough; Skirmish: moves as
        // in no armour.
        assert_eq!((s.hp, s.armour, s.move_squares), (14, 2, 6));
        assert!(c.log.iter().any(|e| e.purpose == "level 3 ability: tinker"));
        assert!(
            c.log
                .iter()
                .any(|e| e.purpose == "level 4 attribute: +1 Cha")
        );
        check_sheet(t(), s).unwrap();
    }

    #[test]
    fn levels_add_skills_attributes_abilities_and_damage() {
        let o = Options {
            species: Some("dwarf".into()),
            class: Some("fighter".into()),
            land: None,
            level: 10,
        };
        let mut d = Dice::for_stage(3, "characters");
        let c = generate(t(), &o, &[], &mut d).unwrap();
        let s = &c.sheet;
        assert_eq!(s.skills.len(), 2 + 3);
        assert_eq!(s.abilities.len(), 2 + 3);
        assert_eq!(s.attributes.total(), 3 + 3);
        assert_eq!(s.damage_dice, 2);
        assert_eq!(s.xp_next, None);
        check_sheet(t(), s).unwrap();
    }

    /// A level-1 high-elf wizard, every face scripted: name 1; attribute
    /// die 1, 2, 4 (Str, Dex, Int): the elf's Con is -1; extra skill 1 of
    /// the 7 left (athletics); wizard abilities 1 then 1 of those left
    /// besides the free Cantrips (telekinesis, illusions); kit 2 (light
    /// weapon, two quicksilver, lantern).
    fn elf_wizard() -> Sheet {
        let o = Options {
            species: Some("elf".into()),
            class: Some("wizard".into()),
            land: Some("high-elves".into()),
            level: 1,
        };
        let mut d = Dice::scripted(&[1, 1, 2, 4, 1, 1, 1, 2]);
        let s = generate(t(), &o, &[], &mut d).unwrap().sheet;
        assert_eq!(d.script_left(), 0);
        s
    }

    #[test]
    fn rest_and_quicksilver_go_by_level_plus_con() {
        let mut s = elf_wizard();
        assert_eq!((s.level, s.attributes.con), (1, -1));
        assert_eq!(s.abilities, ["cantrips", "telekinesis", "illusions"]);
        // Level 1 + Con -1: a rest gives back nothing, and no vial is safe.
        assert_eq!((rest_hp(&s), safe_quicksilver(&s)), (0, 0));
        assert!(uses_quicksilver(t(), &s));
        s.level = 4;
        s.attributes.con = 2;
        assert_eq!((rest_hp(&s), safe_quicksilver(&s)), (6, 6));
        // Quicksilver in the pack is a use too; a fighter without it has
        // none.
        s.abilities = vec!["cantrips".into()];
        assert!(uses_quicksilver(t(), &s), "two vials carried");
        s.gear = vec!["light-weapon".into()];
        assert!(!uses_quicksilver(t(), &s));
        s.abilities = vec!["wildheart".into()];
        assert!(uses_quicksilver(t(), &s));
    }

    #[test]
    fn spells_cost_what_they_use_up_and_cantrips_nothing() {
        // Cantrips (free, an elf's) with Telekinesis and Illusions, each a
        // dose of quicksilver, 10s a cast.
        let mut s = elf_wizard();
        let cost = |ability: &str, spends: &str| SpellCost {
            ability: ability.into(),
            spends: spends.into(),
            silver: 10,
        };
        assert_eq!(
            spell_costs(t(), &s),
            [
                cost("telekinesis", "quicksilver"),
                cost("illusions", "quicksilver")
            ]
        );
        // A druid's Bless spends holy water; Cure and Turn spend nothing.
        s.abilities = vec!["cure".into(), "bless".into(), "turn".into()];
        assert_eq!(spell_costs(t(), &s), [cost("bless", "holy-water")]);
        // A fighter casts nothing.
        s.abilities = vec!["slay".into(), "hardy".into(), "cantrips".into()];
        assert!(spell_costs(t(), &s).is_empty());
        // A rest eats a ration: 2s.
        assert_eq!(rest_cost(t()), 2);
    }

    #[test]
    fn movement_by_armour_dwarves_and_skirmish() {
        let mut s = Sheet {
            name: "Borin".into(),
            land: "dwarves".into(),
            species: "human".into(),
            class: "fighter".into(),
            level: 1,
            attributes: Attributes::default(),
            skills: vec![],
            abilities: vec![],
            hp: 0,
            armour: 0,
            move_squares: 0,
            damage_dice: 0,
            gear: vec![],
            silver: 0,
            xp_next: None,
        };
        let mv = |s: &mut Sheet, species: &str, gear: &[&str], ab: &[&str]| {
            s.species = species.into();
            s.gear = gear.iter().map(|g| g.to_string()).collect();
            s.abilities = ab.iter().map(|g| g.to_string()).collect();
            derive(t(), s);
            (s.move_squares, s.armour)
        };
        assert_eq!(mv(&mut s, "human", &[], &[]), (6, 0));
        assert_eq!(mv(&mut s, "human", &["light-armour"], &[]), (5, 1));
        assert_eq!(mv(&mut s, "human", &["full-armour", "shield"], &[]), (4, 3));
        assert_eq!(mv(&mut s, "dwarf", &[], &[]), (5, 0));
        assert_eq!(mv(&mut s, "dwarf", &["light-armour"], &[]), (4, 1));
        assert_eq!(mv(&mut s, "dwarf", &["full-armour"], &[]), (4, 2));
        assert_eq!(
            mv(&mut s, "human", &["full-armour"], &["skirmish", "tough"]),
            (5, 3)
        );
        // A dwarf: Skirmish lightens full armour to light, then the dwarf
        // is one step slower (the project's reading).
        assert_eq!(mv(&mut s, "dwarf", &["full-armour"], &["skirmish"]), (4, 2));
        assert_eq!(
            mv(&mut s, "dwarf", &["light-armour"], &["skirmish"]),
            (5, 1)
        );
        s.attributes.dex = 2;
        assert_eq!(mv(&mut s, "human", &[], &["dodge"]), (6, 2));
        assert_eq!(mv(&mut s, "human", &["shield"], &["dodge"]), (6, 1));
        // A great weapon or a heavy bow is more than a main-hand weapon.
        assert_eq!(mv(&mut s, "human", &["great-weapon"], &["dodge"]), (6, 0));
        assert_eq!(mv(&mut s, "human", &["heavy-bow"], &["dodge"]), (6, 0));
        assert_eq!(
            mv(&mut s, "human", &["martial-weapon", "bow"], &["dodge"]),
            (6, 2)
        );
    }

    #[test]
    fn every_character_is_legal_over_many_seeds() {
        for seed in 0..300u64 {
            let level = (seed % 10) as u32 + 1;
            let o = Options {
                level,
                ..Options::default()
            };
            let mut d = Dice::for_stage(seed, "characters");
            let party = party(t(), &o, 6, &mut d).unwrap();
            let mut seen: Vec<String> = Vec::new();
            for c in &party {
                let s = &c.sheet;
                check_sheet(t(), s).unwrap_or_else(|e| panic!("seed {seed}: {e}: {s:?}"));
                for a in Attribute::ALL {
                    assert!((-1..=3).contains(&s.attributes.get(a)), "seed {seed}");
                }
                let spent = t().kit_price(&s.gear);
                assert!(spent <= 60 && spent + s.silver == 60, "seed {seed}");
                let land = names::lands().iter().find(|l| l.id == s.land).unwrap();
                assert!(
                    land.names.contains(&s.name),
                    "seed {seed}: {} not of {}",
                    s.name,
                    s.land
                );
                let folded = crate::characters::names::ascii_fold(&s.name);
                assert!(!seen.contains(&folded), "seed {seed}: {} twice", s.name);
                seen.push(folded);
                let cl = t().class(&s.class).unwrap();
                assert!(cl.skills.iter().all(|k| s.skills.contains(k)));
                assert_eq!(
                    s.hp,
                    max_hp(t(), level, s.attributes.con, &s.species, &s.abilities)
                );
            }
        }
    }

    /// Attributes start at 0 and only rise: below 0 only by a species'
    /// change, so a human's -1 is refused even when the raises add up.
    #[test]
    fn an_attribute_below_0_is_refused_unless_the_species_lowers_it() {
        let o = Options {
            species: Some("halfling".into()),
            class: Some("fighter".into()),
            land: Some("northlands".into()),
            level: 1,
        };
        // name 1; attribute die 2, 2, 3 (Dex +2, Con +1; Str 0, then -1 for
        // a halfling); extra skill 1; fighter abilities 1, 1; kit 1.
        let mut d = Dice::scripted(&[1, 2, 2, 3, 1, 1, 1, 1]);
        let c = generate(t(), &o, &[], &mut d).unwrap();
        assert_eq!(d.script_left(), 0);
        let s = &c.sheet;
        assert_eq!((s.attributes.str, s.attributes.dex), (-1, 2));
        check_sheet(t(), s).unwrap();
        // The same numbers on a human: Str -1 and a fourth raise (Dex +3)
        // add up to 3 raises, but no human attribute goes below 0.
        let mut human = s.clone();
        human.species = "human".into();
        human.abilities.retain(|a| a != "lucky");
        human.attributes.dex = 3;
        derive(t(), &mut human);
        let e = check_sheet(t(), &human).unwrap_err().to_string();
        assert_eq!(e, "attributes.str: -1 is past 0 to +3 for a human");
        // A halfling's Dex cannot go below 0 either.
        let mut h = s.clone();
        h.attributes.dex = -1;
        h.attributes.int = 2;
        h.attributes.wis = 1;
        let e = check_sheet(t(), &h).unwrap_err().to_string();
        assert_eq!(e, "attributes.dex: -1 is past 0 to +3 for a halfling");
    }

    /// A hand-set `xp_next` is refused in words, not Rust's (a user's
    /// audit read `is Some(7); the level table gives Some(1000)`).
    #[test]
    fn a_wrong_xp_next_is_refused_in_words() {
        let mut d = Dice::for_stage(1, "characters");
        let mut s = party(t(), &Options::default(), 1, &mut d).unwrap()[0]
            .sheet
            .clone();
        let want = s.xp_next.unwrap();
        s.xp_next = Some(7);
        let e = check_sheet(t(), &s).unwrap_err().to_string();
        assert_eq!(
            e,
            format!("xp_next is 7; level 1 needs {want} for the next")
        );
        s.xp_next = None;
        let e = check_sheet(t(), &s).unwrap_err().to_string();
        assert_eq!(e, format!("xp_next is missing; level 1 needs {want}"));
        let o = Options {
            level: 10,
            ..Options::default()
        };
        let mut top = party(t(), &o, 1, &mut d).unwrap()[0].sheet.clone();
        top.xp_next = Some(500);
        let e = check_sheet(t(), &top).unwrap_err().to_string();
        assert_eq!(
            e,
            "xp_next is 500; level 10 is the last, so leave xp_next out"
        );
        assert!(!e.contains("Some") && !e.contains("None"));
    }

    #[test]
    fn bad_options_are_refused_by_name() {
        let mut d = Dice::for_stage(1, "characters");
        let bad = |o: Options| {
            party(t(), &o, 2, &mut Dice::for_stage(1, "c"))
                .unwrap_err()
                .to_string()
        };
        assert!(
            bad(Options {
                level: 11,
                ..Options::default()
            })
            .contains("level is 11")
        );
        assert!(
            bad(Options {
                class: Some("monk".into()),
                ..Options::default()
            })
            .contains("unknown class `monk`")
        );
        assert!(
            bad(Options {
                land: Some("mars".into()),
                ..Options::default()
            })
            .contains("unknown land `mars`")
        );
        assert!(party(t(), &Options::default(), 13, &mut d).is_err());
        // 20 dwarf names: a party of 12 dwarves fits, and all differ.
        let o = Options {
            species: Some("dwarf".into()),
            ..Options::default()
        };
        assert_eq!(party(t(), &o, 12, &mut d).unwrap().len(), 12);
    }
}
