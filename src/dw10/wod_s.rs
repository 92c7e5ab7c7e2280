//! World of Dungeons S characters as Dungeon World 10 mm heroes: the
//! project's conversion table (`templates/characters/wod-s-to-dw10.yaml`)
//! from a sheet to a party line — a hero stat block of the figure list
//! chosen by class (and species), with the sheet's numbers as the line's
//! bonuses — and the party file (`tilecrawl-dw10-party/1`) that
//! `tilecrawl party new --for dungeon-world-10mm` writes, each hero keeping
//! its sheet under `wod_s:`.

use crate::characters::names::ascii_word;
use crate::characters::wod_s::data::ItemKind;
use crate::characters::wod_s::{Sheet, Tables};
use crate::core::yaml::FileError;
use crate::dw10::figures::{Ability, Figures};
use crate::dw10::play::party::{
    FamiliarKind, HeroLine, MAX_BONUS, MAX_HEROES, PartyFile, fitted_name, numbered_name,
};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The format tag of the conversion table.
pub const FORMAT: &str = "tilecrawl-wod-s-dw10/1";

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/characters/wod-s-to-dw10.yaml"
));

/// The conversion from a World of Dungeons S sheet to a Dungeon World
/// 10 mm hero line.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "WodSToDw10")]
pub struct Conversion {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    format: String,
    /// The hero stat block of each class.
    pub figures: BTreeMap<String, String>,
    /// `species/class` pairs that take another stat block.
    #[serde(default)]
    pub species_figures: BTreeMap<String, String>,
    /// Range in squares of each missile weapon, for a stat block that does
    /// not shoot.
    pub missile_range: BTreeMap<String, u32>,
    /// Ranged dice such a weapon throws before Dex.
    pub missile_dice: i32,
    /// The dice each melee weapon of the price list adds to the melee bonus
    /// (the sheet's best counts).
    pub weapons: BTreeMap<String, i32>,
    /// The dice added (or taken off) for gear with no melee weapon.
    pub unarmed: i32,
    /// World of Dungeons S abilities that carry over, and as what.
    #[serde(default)]
    pub abilities: BTreeMap<String, String>,
    /// World of Dungeons S abilities that bring a familiar.
    #[serde(default)]
    pub familiars: BTreeMap<String, FamiliarKind>,
}

impl Conversion {
    /// The embedded table (parsed and checked once).
    pub fn embedded() -> &'static Conversion {
        static C: std::sync::OnceLock<Conversion> = std::sync::OnceLock::new();
        C.get_or_init(|| {
            parse(
                EMBEDDED,
                "wod-s-to-dw10.yaml",
                &crate::dw10::figures::embedded(),
            )
            .expect("checked by the tests")
        })
    }
}

/// Parses and checks a conversion table against the World of Dungeons S
/// tables and the figure list `figures`; `file` names the source in errors.
pub fn parse(text: &str, file: &str, figures: &Figures) -> Result<Conversion, FileError> {
    let c: Conversion =
        crate::core::yaml::parse_kind(text, file, FORMAT, |c: &Conversion| &c.format)?;
    let bad = |key: &str, m: String| Err(FileError::at_key(file, key, m));
    let t = Tables::embedded();
    let block = |name: &str| figures.heroes.iter().any(|f| f.name == name);
    for class in &t.classes {
        match c.figures.get(&class.id) {
            Some(f) if block(f) => {}
            Some(f) => {
                return bad(
                    "figures",
                    format!("`{f}` is not a hero stat block of the figure list"),
                );
            }
            None => return bad("figures", format!("class `{}` has no stat block", class.id)),
        }
    }
    for (pair, f) in c.figures.iter().chain(&c.species_figures) {
        let (species, class) = match pair.split_once('/') {
            Some((s, k)) => (Some(s), k),
            None => (None, pair.as_str()),
        };
        if t.class(class).is_none() || species.is_some_and(|s| t.species(s).is_none()) {
            return bad(
                "species_figures",
                format!("`{pair}` is not a World of Dungeons S class or species/class"),
            );
        }
        if !block(f) {
            return bad(
                "species_figures",
                format!("`{f}` is not a hero stat block of the figure list"),
            );
        }
    }
    if let Err(m) = t.check_weapons(&c.weapons, c.unarmed) {
        return bad("weapons", m.to_string());
    }
    for (item, range) in &c.missile_range {
        if !t.item(item).is_some_and(|i| i.kind == ItemKind::Missile) || !(1..=30).contains(range) {
            return bad(
                "missile_range",
                format!("`{item}`: a missile weapon of the price list and a range of 1 to 30"),
            );
        }
    }
    if !(0..=10).contains(&c.missile_dice) {
        return bad("missile_dice", "expected 0 to 10".into());
    }
    for (from, to) in &c.abilities {
        if t.ability(from).is_none() {
            return bad(
                "abilities",
                format!("unknown World of Dungeons S ability `{from}`"),
            );
        }
        if Ability::parse(to).is_none_or(|a| a.is_spell()) {
            return bad(
                "abilities",
                format!("`{to}` is not an ability (not a spell) of the 10 mm game"),
            );
        }
    }
    for from in c.familiars.keys() {
        if t.ability(from).is_none() {
            return bad(
                "familiars",
                format!("unknown World of Dungeons S ability `{from}`"),
            );
        }
    }
    Ok(c)
}

/// The stat block a sheet plays as.
pub fn figure_for<'a>(c: &'a Conversion, s: &Sheet) -> &'a str {
    c.species_figures
        .get(&format!("{}/{}", s.species, s.class))
        .or_else(|| c.figures.get(&s.class))
        .map_or("", String::as_str)
}

/// Converts a sheet by the table into a hero line (its name the sheet's as
/// one ASCII word; the caller makes names unique). `figures` is the list
/// the stat block is read from, to know whether it shoots.
pub fn convert(c: &Conversion, s: &Sheet, figures: &Figures) -> HeroLine {
    let has = |a: &str| s.abilities.iter().any(|x| x == a);
    let figure = figure_for(c, s);
    let shoots = figures
        .heroes
        .iter()
        .find(|f| f.name == figure)
        .is_some_and(|f| f.shoot.is_some());
    let bonus = |n: i32| n.clamp(0, MAX_BONUS as i32) as u32;
    let mut line = HeroLine::plain(&ascii_word(&s.name), figure);
    let weapon = Tables::embedded().weapon_dice(&c.weapons, c.unarmed, &s.gear);
    line.melee_bonus =
        bonus(s.attributes.str.max(0) + s.damage_dice as i32 + i32::from(has("slay")) + weapon);
    let missile = s.gear.iter().find_map(|g| c.missile_range.get(g));
    let aim = s.attributes.dex.max(0) + i32::from(has("volley"));
    match (missile, shoots) {
        (Some(_), true) => line.ranged_bonus = bonus(aim),
        (Some(&range), false) => {
            line.ranged_bonus = bonus(c.missile_dice + aim).max(1);
            line.range_bonus = range.min(MAX_BONUS);
        }
        (None, _) => {}
    }
    for a in &s.abilities {
        if let Some(to) = c.abilities.get(a)
            && !line.abilities.contains(to)
            && !figures
                .heroes
                .iter()
                .any(|f| f.name == figure && f.abilities.iter().any(|b| b.name() == to))
        {
            line.abilities.push(to.clone());
        }
        if line.familiar.is_none()
            && let Some(k) = c.familiars.get(a)
        {
            line.familiar = Some(*k);
        }
    }
    line.wod_s = Some(Box::new(s.clone()));
    line
}

/// Why a party of sheets cannot be a Dungeon World 10 mm party.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartyError {
    /// More heroes than the game takes.
    #[error("a Dungeon World 10 mm party has 1 to {MAX_HEROES} heroes, not {0}")]
    Size(usize),
    /// The file could not be written.
    #[error(transparent)]
    Emit(#[from] crate::core::yaml_emit::EmitError),
}

/// The party of converted sheets, heroes in order, names made unique (a
/// second `Ayla` plays as `Ayla-2`) and at most 24 characters.
pub fn party_file(sheets: &[Sheet]) -> Result<PartyFile, PartyError> {
    if sheets.is_empty() || sheets.len() > MAX_HEROES {
        return Err(PartyError::Size(sheets.len()));
    }
    let c = Conversion::embedded();
    let figures = crate::dw10::figures::embedded();
    let mut heroes: Vec<HeroLine> = Vec::new();
    for s in sheets {
        let mut h = convert(c, s, &figures);
        h.name = unique_name(&h.name, &heroes);
        heroes.push(h);
    }
    Ok(PartyFile {
        format: crate::dw10::play::party::FORMAT.to_string(),
        gold: 0,
        heroes,
    })
}

/// The party file of converted sheets ([`party_file`]) as text.
pub fn party_yaml(sheets: &[Sheet]) -> Result<String, PartyError> {
    file_yaml(&party_file(sheets)?)
}

/// A party made by [`party_file`] as text, with a head saying where it
/// came from.
pub fn file_yaml(file: &PartyFile) -> Result<String, PartyError> {
    let head = "# A World of Dungeons S party made by `tilecrawl party new --for\n\
# dungeon-world-10mm`: each hero's stat block and bonuses come from the\n\
# sheet under `wod_s:` by the project's conversion table\n\
# (docs/src/characters.md).\n";
    Ok(format!("{head}{}", file.to_yaml()?))
}

/// `name` cut to fit and numbered past the names already taken (compared
/// ignoring case, as the party loader does); `Hero` when nothing is left.
fn unique_name(name: &str, taken: &[HeroLine]) -> String {
    let base = fitted_name(name);
    let free = |n: &str| !taken.iter().any(|h| h.name.eq_ignore_ascii_case(n));
    if free(&base) {
        return base;
    }
    (2..)
        .map(|k| numbered_name(&base, k))
        .find(|n| free(n))
        .unwrap_or(base)
}

/// The JSON Schema of the World of Dungeons S to Dungeon World 10 mm
/// conversion table file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Conversion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::characters::wod_s::character::{Options, party};
    use crate::core::dice::Dice;

    fn sheet(species: &str, class: &str, level: u32, faces: &[u32]) -> Sheet {
        let mut d = Dice::scripted(faces);
        let o = Options {
            species: Some(species.into()),
            class: Some(class.into()),
            land: Some("northlands".into()),
            level,
        };
        party(Tables::embedded(), &o, 1, &mut d)
            .unwrap()
            .remove(0)
            .sheet
    }

    #[test]
    fn the_embedded_table_covers_every_class() {
        let c = Conversion::embedded();
        for class in &Tables::embedded().classes {
            assert!(c.figures.contains_key(&class.id), "{}", class.id);
        }
    }

    /// The scripted fighter of `mkd::wod_s`' test (Str 2, Slay): Back Up
    /// Fighter with 2 + 1 melee dice more; no missile weapon.
    #[test]
    fn the_table_converts_a_sheet() {
        let s = sheet("human", "fighter", 1, &[2, 1, 1, 6, 8, 3, 4, 1]);
        assert_eq!(s.attributes.str, 2);
        assert!(s.abilities.iter().any(|a| a == "slay"), "{s:?}");
        let h = convert(
            Conversion::embedded(),
            &s,
            &crate::dw10::figures::embedded(),
        );
        assert_eq!(h.figure, "Back Up Fighter");
        assert_eq!(h.name, "Larus");
        assert_eq!((h.melee_bonus, h.ranged_bonus, h.range_bonus), (3, 0, 0));
        assert_eq!(h.wod_s.as_deref(), Some(&s));
        // A great weapon adds a melee die, no melee weapon takes one off.
        let with = |gear: &[&str]| {
            let mut s = s.clone();
            s.gear = gear.iter().map(|g| g.to_string()).collect();
            convert(
                Conversion::embedded(),
                &s,
                &crate::dw10::figures::embedded(),
            )
            .melee_bonus
        };
        assert_eq!(with(&["great-weapon"]), 4);
        assert_eq!(with(&["rope"]), 2);
    }

    #[test]
    fn a_species_pair_takes_its_own_stat_block() {
        let c = Conversion::embedded();
        let mut s = sheet("human", "ranger", 1, &[2, 1, 1, 6, 8, 3, 4, 1]);
        assert_eq!(figure_for(c, &s), "Tracker");
        s.species = "elf".into();
        assert_eq!(figure_for(c, &s), "Wood Elf");
        s.species = "dwarf".into();
        assert_eq!(figure_for(c, &s), "Dwarf Crossbowman");
    }

    #[test]
    fn a_missile_weapon_gives_a_stat_block_that_does_not_shoot_its_range() {
        let c = Conversion::embedded();
        let figures = crate::dw10::figures::embedded();
        let mut s = sheet("human", "fighter", 1, &[2, 1, 1, 6, 8, 3, 4, 1]);
        s.gear.push("bow".into());
        s.attributes.dex = 1;
        let h = convert(c, &s, &figures);
        // Back Up Fighter shoots (3-4): only Dex is added.
        assert_eq!((h.ranged_bonus, h.range_bonus), (1, 0));
        s.class = "barbarian".into();
        let h = convert(c, &s, &figures);
        // Front Line Warrior does not: 2 dice + Dex 1, range 6.
        assert_eq!(h.figure, "Front Line Warrior");
        assert_eq!((h.ranged_bonus, h.range_bonus), (3, 6));
    }

    #[test]
    fn abilities_and_a_pet_carry_over() {
        let c = Conversion::embedded();
        let figures = crate::dw10::figures::embedded();
        let mut s = sheet("human", "thief", 1, &[2, 1, 1, 6, 8, 3, 4, 1]);
        s.abilities = vec!["reflexes".into(), "tinker".into(), "backstab".into()];
        let h = convert(c, &s, &figures);
        // Trap Finder has Trap and Initiative Bonus already.
        assert_eq!(h.figure, "Trap Finder");
        assert_eq!(h.abilities, ["stealth"]);
        s.class = "ranger".into();
        s.abilities = vec!["pet".into(), "scout".into()];
        let h = convert(c, &s, &figures);
        assert_eq!(h.familiar, Some(FamiliarKind::Walker));
        assert!(h.abilities.is_empty(), "Tracker listens already: {h:?}");
    }

    #[test]
    fn names_are_one_ascii_word_and_unique() {
        let taken = vec![HeroLine::plain("Ayla", "Tracker")];
        assert_eq!(unique_name("AYLA", &taken), "AYLA-2");
        assert_eq!(unique_name("Bren", &taken), "Bren");
        let long = "A".repeat(30);
        assert_eq!(
            unique_name(&long, &[]).len(),
            crate::dw10::play::party::MAX_HERO_NAME
        );
        let taken = vec![HeroLine::plain(&"A".repeat(24), "Tracker")];
        assert_eq!(unique_name(&long, &taken), format!("{}-2", "A".repeat(22)));
        assert_eq!(unique_name("", &[]), "Hero");
    }

    /// Every generated party of one to four loads as a Dungeon World 10 mm
    /// party, at every level, each hero's sheet kept and no hero named
    /// otherwise in its sheet, names cut and numbered included.
    #[test]
    fn generated_parties_load_as_dw10_parties() {
        let figures = crate::dw10::figures::embedded();
        for seed in 0..80 {
            let o = Options {
                level: (seed % 10) as u32 + 1,
                ..Options::default()
            };
            let n = (seed % 4) as u32 + 1;
            let mut d = Dice::for_stage(seed, "characters");
            let sheets: Vec<Sheet> = party(Tables::embedded(), &o, n, &mut d)
                .unwrap()
                .into_iter()
                .map(|c| c.sheet)
                .collect();
            let text = party_yaml(&sheets).unwrap();
            let (p, notes) = crate::dw10::play::party::parse_noting(&text, "p.yaml", &figures)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            // Each hero's name is the one its sheet's name makes.
            assert!(notes.is_empty(), "seed {seed}: {notes:?}");
            assert_eq!(p.heroes.len(), n as usize);
            // Names cut to fit and numbered are the sheets' names too.
            let mut alike = vec![sheets[0].clone(); n as usize];
            alike[0].name = format!("{} {}", sheets[0].name, "Long".repeat(5));
            let text = party_yaml(&alike).unwrap();
            let (_, notes) = crate::dw10::play::party::parse_noting(&text, "p.yaml", &figures)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert!(notes.is_empty(), "seed {seed}: {notes:?}\n{text}");
        }
        assert_eq!(party_yaml(&[]), Err(PartyError::Size(0)));
    }

    #[test]
    fn a_broken_table_is_refused_by_key() {
        let figures = crate::dw10::figures::embedded();
        let bad = EMBEDDED.replace("ranger: Tracker", "ranger: Trackr");
        let e = parse(&bad, "t.yaml", &figures).unwrap_err().to_string();
        assert!(e.contains("`Trackr` is not a hero stat block"), "{e}");
        let bad = EMBEDDED.replace("scout: listen", "scout: shield");
        let e = parse(&bad, "t.yaml", &figures).unwrap_err().to_string();
        assert!(e.contains("`shield` is not an ability"), "{e}");
        let bad = EMBEDDED.replace("  bow: 6\n", "  rope: 6\n");
        let e = parse(&bad, "t.yaml", &figures).unwrap_err().to_string();
        assert!(e.contains("`rope`: a missile weapon"), "{e}");
    }
}
