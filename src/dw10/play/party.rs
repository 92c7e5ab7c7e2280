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

use crate::core::yaml::FileError;
use crate::dw10::figures::{Figure, Figures};
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
}

/// A checked party: each hero's name and stats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// Name and stat block, in order.
    pub heroes: Vec<(String, Figure)>,
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
        heroes.push((h.name.clone(), fig.clone()));
    }
    Ok(Party { heroes })
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
