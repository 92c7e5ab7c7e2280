//! The heroes: up to four, each a name and one of the figure list's hero
//! stat blocks. The embedded default party is Kestrel (Tracker), Marrow
//! (Field Medic), Brannoc (Swift Healer) and Sella (Wood Elf), the stat
//! blocks tilecrawl's MKD party is drawn from; a party file names others:
//!
//! ```yaml
//! format: tilecrawl-dw10-party/1
//! heroes:
//!   - {name: Ayla, figure: Front Line Warrior}
//!   - {name: Odo, figure: Tracker, spells: [shield], power_ups: [weapon-power-up]}
//! ```
//!
//! `spells` (optional) are spells of the power-up table (L484-511) the hero
//! knows besides its stat block's; `power_ups` (optional) are power ups it
//! kept from earlier games (L510-511, L576-582), applied to its stats when
//! the party is read. A `magic-power-up` here adds its Multi Shot die only:
//! the spell it taught is written in `spells`.

use crate::core::yaml::FileError;
use crate::dw10::figures::{Ability, Figure, Figures, SPELLS, Shoot};
use serde::Deserialize;

/// The format tag of party files.
pub const FORMAT: &str = "tilecrawl-dw10-party/1";
/// Largest party file read.
pub const MAX_FILE_BYTES: u64 = 64 * 1024;
/// Most heroes (about four, L820-822).
pub const MAX_HEROES: usize = 4;

/// The embedded party file.
/// (`templates/dungeon-world-10mm/party.yaml`; a save holds it word for
/// word, so the file carries no comment to keep saves short.)
pub const DEFAULT_YAML: &str = include_str!("../../../templates/dungeon-world-10mm/party.yaml");

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Party")]
struct RawParty {
    format: String,
    heroes: Vec<RawHero>,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Hero")]
struct RawHero {
    name: String,
    figure: String,
    /// Spells the hero knows besides its stat block's.
    #[serde(default)]
    spells: Vec<String>,
    /// Power ups kept from earlier games.
    #[serde(default)]
    power_ups: Vec<PowerUp>,
}

/// A power up that stays with its hero (L476-483): the chest table's
/// names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PowerUp {
    /// +1 melee die (L479-480).
    WeaponPowerUp,
    /// +2 ranged dice and +1 range (L476-478, A9); a hero without a
    /// ranged attack gets 2 dice at range 1.
    RangedPowerUp,
    /// A random spell, and +1 die to Multi Shot (L481-483).
    MagicPowerUp,
}

/// Most power ups a hero brings.
pub const MAX_POWER_UPS: usize = 20;

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

/// A checked party: each hero's name and stats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// Name and stat block (power ups applied), in order.
    pub heroes: Vec<(String, Figure)>,
    /// Each hero's spells and power ups, in the same order.
    pub kept: Vec<Kept>,
}

/// Reads and checks a party file against the figure list.
pub fn parse(text: &str, file: &str, figures: &Figures) -> Result<Party, FileError> {
    let raw: RawParty = crate::core::yaml::parse(text, file)?;
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
    let mut heroes: Vec<(String, Figure)> = Vec::new();
    let mut kept = Vec::new();
    for (i, h) in raw.heroes.iter().enumerate() {
        let key = format!("heroes[{i}]");
        if h.name.is_empty()
            || h.name.len() > 24
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
        let mut fig = fig.clone();
        for p in &h.power_ups {
            apply_power_up(&mut fig, *p);
        }
        heroes.push((h.name.clone(), fig));
        kept.push(Kept {
            spells,
            power_ups: h.power_ups.clone(),
        });
    }
    Ok(Party { heroes, kept })
}

/// The embedded default party.
pub fn default_party(figures: &Figures) -> Party {
    parse(DEFAULT_YAML, "embedded party", figures)
        .expect("the embedded party is checked by the tests")
}

/// The JSON Schema of a party file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(RawParty)
}
