//! The heroes: up to four, each a name and one of the figure list's hero
//! stat blocks. The embedded default party is Kestrel (Tracker), Marrow
//! (Field Medic), Brannoc (Swift Healer) and Sella (Wood Elf), the stat
//! blocks tilecrawl's MKD party is drawn from; a party file names others:
//!
//! ```yaml
//! format: tilecrawl-dw10-party/1
//! heroes:
//!   - {name: Ayla, figure: Front Line Warrior}
//! ```
//!
//! What a hero has from earlier games rides on the same line:
//!
//! - `spells`: spells of the power-up table (L484-511) it knows besides its
//!   stat block's;
//! - `power_ups`: power ups it kept (L510-511, L576-582), applied to its
//!   stats when the party is read (a `magic-power-up` here adds its Multi
//!   Shot die only: the spell it taught is written in `spells`);
//! - `melee_bonus`, `ranged_bonus`, `range_bonus`: other lasting dice (a
//!   weapons rack, a wizard's table; a hero without a bow gets one);
//! - `abilities`: skills bought or learnt (not spells);
//! - `items`: what it carries in;
//! - `familiar`: `walker` or `flyer`, the pet it brings (L589-614), none
//!   when left out;
//!
//! and the party's `gold` at the top. A campaign (`dw10::campaign`) writes
//! all of these:
//!
//! ```yaml
//! format: tilecrawl-dw10-party/1
//! gold: 150
//! heroes:
//!   - {name: Ayla, figure: Front Line Warrior, melee_bonus: 1, abilities: [trap], items: [potion]}
//!   - {name: Odo, figure: Tracker, spells: [shield], power_ups: [weapon-power-up]}
//! ```

use crate::characters::names::ascii_word;
pub use crate::characters::wod_s::sheet_name::NameMismatch;
use crate::characters::wod_s::sheet_name::names_agree;
use crate::core::yaml::FileError;
use crate::dw10::figures::{Ability, Figure, Figures, SPELLS, Shoot};
use crate::dw10::play::state::Item;
pub use crate::dw10::play::state::{FamiliarKind, PowerUp};
use serde::{Deserialize, Serialize};

/// The format tag of party files.
pub const FORMAT: &str = "tilecrawl-dw10-party/1";
/// Largest party file read.
pub const MAX_FILE_BYTES: u64 = 64 * 1024;
/// Most heroes (about four, L820-822).
pub const MAX_HEROES: usize = 4;
/// Longest hero name, in characters (one ASCII word).
pub const MAX_HERO_NAME: usize = 24;
/// Most items a hero carries in, and most extra abilities.
pub const MAX_KIT: usize = 32;
/// Most power ups a hero brings.
pub const MAX_POWER_UPS: usize = 20;
/// Largest bonus of dice or range a hero's line may give.
pub const MAX_BONUS: u32 = 12;
/// Most gold a party file may hold.
pub const MAX_GOLD: u32 = 10_000_000;

/// The embedded party file.
/// (`templates/dungeon-world-10mm/party.yaml`; a save holds it word for
/// word, so the file carries no comment to keep saves short.)
pub const DEFAULT_YAML: &str = include_str!("../../../templates/dungeon-world-10mm/party.yaml");

/// A party file as written: the format, the party's gold, the heroes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Party")]
pub struct PartyFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// Gold the party brings in (from earlier games).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold: u32,
    /// The heroes, in order.
    pub heroes: Vec<HeroLine>,
}

/// One hero's line of a party file: name, stat block, and what earlier
/// games gave it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Hero")]
pub struct HeroLine {
    /// One word: letters, digits, `-`, `_`.
    pub name: String,
    /// The hero stat block's name in the figure list.
    pub figure: String,
    /// Spells the hero knows besides its stat block's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<String>,
    /// Power ups kept from earlier games.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub power_ups: Vec<PowerUp>,
    /// Extra melee dice (weapon power ups, the weapons rack, …).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub melee_bonus: u32,
    /// Extra ranged dice.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ranged_bonus: u32,
    /// Extra squares of range.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub range_bonus: u32,
    /// Abilities (not spells) beyond the stat block's, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// What the hero carries in: `potion`, `major-potion`, `antidote`,
    /// `portable-teleporter`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<String>,
    /// The hero's familiar (L589-614), if it owns one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub familiar: Option<FamiliarKind>,
    /// The World of Dungeons S sheet the hero was made from (`party new
    /// --for dungeon-world-10mm`), checked against that game's rules when
    /// the party is read; play uses the line's stat block and bonuses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wod_s: Option<Box<crate::characters::wod_s::Sheet>>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl HeroLine {
    /// A hero with nothing beyond its stat block.
    pub fn plain(name: &str, figure: &str) -> HeroLine {
        HeroLine {
            name: name.into(),
            figure: figure.into(),
            spells: Vec::new(),
            power_ups: Vec::new(),
            melee_bonus: 0,
            ranged_bonus: 0,
            range_bonus: 0,
            abilities: Vec::new(),
            items: Vec::new(),
            familiar: None,
            wod_s: None,
        }
    }
}

impl PartyFile {
    /// The file's text (one line per hero).
    pub fn to_yaml(&self) -> Result<String, crate::core::yaml_emit::EmitError> {
        crate::core::yaml_emit::to_string(self, &crate::core::yaml_emit::DocStyle::default())
    }
}

/// A power up's lasting change to the stats (a magic power up's spell is
/// learnt apart).
pub fn apply_power_up(fig: &mut Figure, p: PowerUp) {
    match p {
        PowerUp::WeaponPowerUp => fig.attacks += 1,
        PowerUp::RangedPowerUp => {
            fig.shoot = Some(match fig.shoot {
                Some(mut s) => {
                    s.dice += 2;
                    s.range += 1;
                    s
                }
                None => Shoot {
                    dice: 2,
                    range: 1,
                    by: None,
                },
            });
        }
        PowerUp::MagicPowerUp => {
            if fig.abilities.contains(&Ability::MultiShot)
                && let Some(s) = fig.shoot.as_mut()
            {
                s.dice += 1;
            }
        }
    }
}

/// What a hero keeps besides its stats: its spells and power ups.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kept {
    /// Spells known besides the stat block's, in file order.
    pub spells: Vec<Ability>,
    /// Power ups (already applied to the hero's figure).
    pub power_ups: Vec<PowerUp>,
}

/// The stat block of a hero line: the figure with its power ups, bonuses
/// and extra abilities (the names already checked by [`parse`]; spells are
/// kept apart, in [`Kept`]).
pub fn figure_of(line: &HeroLine, base: &Figure) -> Figure {
    let mut f = base.clone();
    for p in &line.power_ups {
        apply_power_up(&mut f, *p);
    }
    f.attacks += line.melee_bonus;
    if line.ranged_bonus > 0 || line.range_bonus > 0 {
        f.shoot = Some(match f.shoot {
            Some(mut s) => {
                s.dice += line.ranged_bonus;
                s.range += line.range_bonus;
                s
            }
            None => Shoot {
                dice: line.ranged_bonus,
                range: line.range_bonus,
                by: None,
            },
        });
    }
    for a in line.abilities.iter().filter_map(|a| Ability::parse(a)) {
        if !f.abilities.contains(&a) {
            f.abilities.push(a);
        }
    }
    f
}

/// An item by the name a party file and the prompt use.
pub fn item_named(name: &str) -> Option<Item> {
    Item::ALL.into_iter().find(|i| i.name() == name)
}

/// A checked party: each hero's name and stats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// Name and stat block (power ups and bonuses applied), in order.
    pub heroes: Vec<(String, Figure)>,
    /// Each hero's spells and power ups, in the same order.
    pub kept: Vec<Kept>,
    /// What each hero carries in, in hero order.
    pub items: Vec<Vec<Item>>,
    /// Each hero's familiar, in hero order.
    pub familiars: Vec<Option<FamiliarKind>>,
    /// The party's gold at the start.
    pub gold: u32,
}

/// Reads and checks a party file against the figure list.
pub fn parse(text: &str, file: &str, figures: &Figures) -> Result<Party, FileError> {
    parse_noting(text, file, figures).map(|(party, _)| party)
}

/// [`parse`], with the heroes the file names two ways ([`NameMismatch`]:
/// the hero's `name` and its `wod_s:` sheet's) for the caller to warn of.
pub fn parse_noting(
    text: &str,
    file: &str,
    figures: &Figures,
) -> Result<(Party, Vec<NameMismatch>), FileError> {
    let mut notes = Vec::new();
    let party = check(text, file, figures, &mut notes)?;
    for n in &mut notes {
        n.place(text, file);
    }
    Ok((party, notes))
}

/// A hero name as `party new` makes it of `word` (a sheet's name as one
/// ASCII word): cut to [`MAX_HERO_NAME`] characters, or `Hero` when it is
/// empty or all digits.
pub fn fitted_name(word: &str) -> String {
    if word.is_empty() || word.chars().all(|c| c.is_ascii_digit()) {
        "Hero".into()
    } else {
        word.chars().take(MAX_HERO_NAME).collect()
    }
}

/// `base` numbered `k` past a hero of the same name (`Ayla-2`), cut so
/// the whole fits in [`MAX_HERO_NAME`] characters.
pub fn numbered_name(base: &str, k: u32) -> String {
    let tail = format!("-{k}");
    let head: String = base
        .chars()
        .take(MAX_HERO_NAME.saturating_sub(tail.len()))
        .collect();
    format!("{head}{tail}")
}

/// Whether `hero` is a name `party new` gives a hero whose sheet is named
/// `sheet`: a spelling every game takes ([`names_agree`]), or the sheet's
/// name as one ASCII word cut to fit ([`fitted_name`]) or numbered past a
/// name taken ([`numbered_name`]).
fn sheet_makes(hero: &str, sheet: &str) -> bool {
    if names_agree(hero, sheet) {
        return true;
    }
    let base = fitted_name(&ascii_word(sheet));
    hero == base
        || hero
            .rsplit_once('-')
            .and_then(|(_, k)| k.parse::<u32>().ok())
            .is_some_and(|k| k >= 2 && numbered_name(&base, k) == hero)
}

/// Checks a party file; a hero named otherwise in its sheet is noted in
/// `notes` (with no file or line yet).
fn check(
    text: &str,
    file: &str,
    figures: &Figures,
    notes: &mut Vec<NameMismatch>,
) -> Result<Party, FileError> {
    crate::core::yaml::check_other_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let raw: PartyFile = crate::core::yaml::parse(text, file)?;
    if raw.format != FORMAT {
        return Err(FileError::at_key(
            file,
            "format",
            format!("expected `{FORMAT}`, found `{}`", raw.format),
        ));
    }
    if raw.heroes.is_empty() || raw.heroes.len() > MAX_HEROES {
        return Err(FileError::at_key(
            file,
            "heroes",
            format!(
                "a party has 1 to {MAX_HEROES} heroes, not {}",
                raw.heroes.len()
            ),
        ));
    }
    if raw.gold > MAX_GOLD {
        return Err(FileError::at_key(
            file,
            "gold",
            format!("at most {MAX_GOLD} gold, not {}", raw.gold),
        ));
    }
    let mut heroes: Vec<(String, Figure)> = Vec::new();
    let mut items: Vec<Vec<Item>> = Vec::new();
    let mut kept = Vec::new();
    let mut familiars = Vec::new();
    for (i, h) in raw.heroes.iter().enumerate() {
        let key = format!("heroes[{i}]");
        if h.name.is_empty()
            || h.name.len() > MAX_HERO_NAME
            || !h
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            || h.name.chars().all(|c| c.is_ascii_digit())
        {
            return Err(FileError::at_key(
                file,
                &key,
                "a hero's name is one word of up to 24 letters, digits, `-` or `_`, not all digits",
            ));
        }
        if heroes.iter().any(|(n, _)| n.eq_ignore_ascii_case(&h.name)) {
            return Err(FileError::at_key(
                file,
                &key,
                format!("two heroes are called {}", h.name),
            ));
        }
        // From here on errors name the hero too, as the MKD party's do.
        let key = format!("heroes[{i}] ({})", h.name);
        let Some(fig) = figures.heroes.iter().find(|f| f.name == h.figure) else {
            return Err(FileError::at_key(
                file,
                &key,
                format!(
                    "no hero stat block is called `{}`; the figure list has {}",
                    h.figure,
                    figures
                        .heroes
                        .iter()
                        .map(|f| f.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        };
        for (k, n) in [
            ("melee_bonus", h.melee_bonus),
            ("ranged_bonus", h.ranged_bonus),
            ("range_bonus", h.range_bonus),
        ] {
            if n > MAX_BONUS {
                return Err(FileError::at_key(
                    file,
                    &format!("{key}.{k}"),
                    format!("at most {MAX_BONUS}, not {n}"),
                ));
            }
        }
        if h.abilities.len() > MAX_KIT || h.items.len() > MAX_KIT {
            return Err(FileError::at_key(
                file,
                &key,
                format!("at most {MAX_KIT} abilities and {MAX_KIT} items"),
            ));
        }
        let mut spells = Vec::new();
        for sp in &h.spells {
            let a = Ability::parse(sp).filter(|a| a.is_spell()).ok_or_else(|| {
                FileError::at_key(
                    file,
                    &key,
                    format!(
                        "`{}` is not a spell; the spells are {}",
                        crate::core::text::excerpt(sp, 40),
                        SPELLS.map(|a| a.name()).join(", ")
                    ),
                )
            })?;
            if spells.contains(&a) || fig.abilities.contains(&a) {
                return Err(FileError::at_key(
                    file,
                    &key,
                    format!("{} knows {a} twice", h.name),
                ));
            }
            spells.push(a);
        }
        if h.power_ups.len() > MAX_POWER_UPS {
            return Err(FileError::at_key(
                file,
                &key,
                format!("at most {MAX_POWER_UPS} power ups a hero"),
            ));
        }
        for (j, a) in h.abilities.iter().enumerate() {
            if Ability::parse(a).is_some_and(|a| a.is_spell()) {
                return Err(FileError::at_key(
                    file,
                    &format!("{key}.abilities[{j}]"),
                    format!("`{a}` is a spell: write it under `spells`"),
                ));
            }
            if Ability::parse(a).is_none() {
                return Err(FileError::at_key(
                    file,
                    &format!("{key}.abilities[{j}]"),
                    format!(
                        "no ability is called `{a}`; the game has {}",
                        Ability::ALL
                            .iter()
                            .map(|a| a.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
        if let Some(sheet) = &h.wod_s {
            crate::characters::wod_s::character::check_sheet(
                crate::characters::wod_s::Tables::embedded(),
                sheet,
            )
            .map_err(|e| FileError::at_key(file, &format!("{key}.wod_s"), e.what))?;
            if !sheet_makes(&h.name, &sheet.name) {
                notes.push(NameMismatch::new(
                    &format!("heroes[{i}]"),
                    &h.name,
                    &sheet.name,
                ));
            }
        }
        let mut kit = Vec::new();
        for (j, i) in h.items.iter().enumerate() {
            let Some(item) = item_named(i) else {
                return Err(FileError::at_key(
                    file,
                    &format!("{key}.items[{j}]"),
                    format!(
                        "no item is called `{i}`; a hero may carry {}",
                        Item::ALL.map(|i| i.name()).join(", ")
                    ),
                ));
            };
            kit.push(item);
        }
        heroes.push((h.name.clone(), figure_of(h, fig)));
        items.push(kit);
        familiars.push(h.familiar);
        kept.push(Kept {
            spells,
            power_ups: h.power_ups.clone(),
        });
    }
    Ok(Party {
        heroes,
        kept,
        items,
        familiars,
        gold: raw.gold,
    })
}

/// The embedded default party.
pub fn default_party(figures: &Figures) -> Party {
    parse(DEFAULT_YAML, "embedded party", figures)
        .expect("the embedded party is checked by the tests")
}

/// The JSON Schema of a party file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(PartyFile)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A power up's word is the name files, the chest table and the shop
    /// use for it, and reads back.
    #[test]
    fn a_power_up_s_word_is_its_name_in_files_and_reads_back() {
        for p in PowerUp::ALL {
            assert_eq!(PowerUp::from_word(p.word()), Some(p));
            assert_eq!(
                serde_json::to_string(&p).unwrap(),
                format!("\"{}\"", p.word())
            );
        }
        assert_eq!(PowerUp::from_word("gold-25"), None);
    }

    /// Two heroes made by `party new --for dungeon-world-10mm`, as its
    /// party file, with their sheets.
    fn made_by_party_new() -> (String, Vec<crate::characters::wod_s::Sheet>) {
        let sheets = crate::characters::wod_s::character::two_of_seed_3();
        let text = crate::dw10::wod_s::party_yaml(&sheets).unwrap();
        (text, sheets)
    }

    /// A hero whose `name` and whose `wod_s:` sheet's name no longer agree
    /// (one of them edited by hand) loads and plays by its own name, with
    /// one note naming the line of the hero's name, both names and which
    /// is used; the file as `party new` wrote it has none.
    #[test]
    fn a_hero_named_otherwise_in_its_sheet_is_noted_with_its_line() {
        let figures = crate::dw10::figures::embedded();
        let (text, sheets) = made_by_party_new();
        let (_, notes) = parse_noting(&text, "p.yaml", &figures).unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        let hero = ascii_word(&sheets[1].name);
        let hero_line = format!("- name: {hero}\n");
        let line = text
            .lines()
            .position(|l| format!("{l}\n") == hero_line)
            .map(|n| n + 1)
            .unwrap_or_else(|| panic!("no `{hero_line}` in\n{text}"));
        // The hero's name edited.
        let renamed = text.replacen(&hero_line, "- name: Rook\n", 1);
        let (p, notes) = parse_noting(&renamed, "p.yaml", &figures).unwrap();
        assert_eq!(p.heroes[1].0, "Rook");
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(
            notes[0].to_string(),
            format!(
                "p.yaml: line {line}: hero `Rook` is named `{}` in its wod_s sheet; the hero's name `Rook` is used",
                sheets[1].name
            )
        );
        assert_eq!(notes[0].key, "heroes[1]");
        // The sheet's name edited instead: the same line, the hero's name used.
        let sheet_line = format!("    name: {}\n", sheets[1].name);
        assert_eq!(text.matches(&sheet_line).count(), 1, "{text}");
        let edited = text.replacen(&sheet_line, "    name: Rook Stone\n", 1);
        let (p, notes) = parse_noting(&edited, "p.yaml", &figures).unwrap();
        assert_eq!(p.heroes[1].0, hero);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(
            (notes[0].line, notes[0].sheet.as_str()),
            (Some(line), "Rook Stone")
        );
        // A hero written on one line: the note names its place.
        let flow = format!(
            "format: {FORMAT}\nheroes:\n  - {{name: Rook, figure: Tracker, wod_s: {{{}}}}}\n",
            text.split("  wod_s:\n")
                .nth(1)
                .unwrap()
                .lines()
                .take_while(|l| l.starts_with("    "))
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(", ")
        );
        let (_, notes) =
            parse_noting(&flow, "p.yaml", &figures).unwrap_or_else(|e| panic!("{e}\n{flow}"));
        assert_eq!(notes.len(), 1, "{flow}");
        assert!(
            notes[0]
                .to_string()
                .starts_with("p.yaml: heroes[0]: hero `Rook`"),
            "{}",
            notes[0]
        );
        // `parse` takes every one of these files.
        for t in [&renamed, &edited, &flow] {
            assert!(parse(t, "p.yaml", &figures).is_ok());
        }
    }

    /// A sheet's name agrees with the hero's as `party new` spells it: one
    /// ASCII word, cut to 24 characters, numbered past a taken name.
    #[test]
    fn a_sheet_makes_the_names_party_new_gives() {
        assert!(sheet_makes("Thorhildur", "Þórhildur"));
        assert!(sheet_makes("Dom-Ashur", "Dom Ashur"));
        assert!(sheet_makes("Ayla-2", "Ayla"));
        assert!(sheet_makes("Ayla-12", "Ayla"));
        let long = "A".repeat(30);
        assert!(sheet_makes(&"A".repeat(24), &long));
        assert!(sheet_makes(&format!("{}-2", "A".repeat(22)), &long));
        assert!(sheet_makes("Hero", "1234"));
        for (hero, sheet) in [
            ("Rook", "Ayla"),
            ("Ayla-1", "Ayla"),
            ("Ayla-02", "Ayla"),
            ("Ayla-+2", "Ayla"),
            ("ayla", "Ayla"),
            ("Ayla-Rook", "Ayla"),
        ] {
            assert!(!sheet_makes(hero, sheet), "{hero} of {sheet}");
        }
    }
}
