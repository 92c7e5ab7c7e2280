//! True names by land of origin (`templates/characters/wod-s-names.yaml`):
//! the text's lists, and names drawn from them with logged dice.

use crate::characters::CharacterError;
use crate::core::dice::Dice;
use crate::core::yaml::FileError;
use serde::Deserialize;

/// The format tag of the names file.
pub const FORMAT: &str = "tilecrawl-wod-s-names/1";

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/characters/wod-s-names.yaml"
));

/// Most names one request may draw.
pub const MAX_COUNT: u32 = 100;

/// A land of origin (or a species' own list) and its names.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Land {
    /// Its id (`northlands`).
    pub id: String,
    /// Its title as printed (`The Imperium`).
    pub title: String,
    /// Whose list it is (`human` for the six lands, else the species).
    pub species: String,
    /// The names, as printed.
    pub names: Vec<String>,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct NamesFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    format: String,
    lands: Vec<Land>,
}

/// Every land, in the text's order (parsed once).
pub fn lands() -> &'static [Land] {
    static L: std::sync::OnceLock<Vec<Land>> = std::sync::OnceLock::new();
    L.get_or_init(|| parse(EMBEDDED, "wod-s-names.yaml").expect("checked by the tests"))
}

/// Parses and checks a names file; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Vec<Land>, FileError> {
    crate::core::yaml::check_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let f: NamesFile = crate::core::yaml::parse(text, file)?;
    if f.format != FORMAT {
        return Err(FileError::at_key(
            file,
            "format",
            format!("expected `{FORMAT}`"),
        ));
    }
    for (i, l) in f.lands.iter().enumerate() {
        let key = format!("lands[{i}] ({})", l.id);
        if l.names.is_empty() {
            return Err(FileError::at_key(file, &key, "has no names"));
        }
        for (k, n) in l.names.iter().enumerate() {
            let bad = n.trim() != n
                || n.is_empty()
                || !n.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-');
            if bad || l.names[..k].contains(n) {
                return Err(FileError::at_key(
                    file,
                    &key,
                    format!(
                        "name `{}` is blank, odd or listed twice",
                        n.escape_default()
                    ),
                ));
            }
        }
        if f.lands[..i].iter().any(|o| o.id == l.id) {
            return Err(FileError::at_key(file, &key, "the land is listed twice"));
        }
    }
    Ok(f.lands)
}

/// The land a typed id names: its id, the ASCII spelling or a unique
/// beginning of its id or title (`north`, `the regency`, `xan`).
pub fn land(typed: &str) -> Result<&'static Land, CharacterError> {
    let all = lands();
    let ids: Vec<&str> = all.iter().map(|l| l.id.as_str()).collect();
    let titles: Vec<&str> = all.iter().map(|l| l.title.as_str()).collect();
    use crate::characters::names::{beginning_with, find};
    if let Some(i) = find(&ids, typed).or_else(|| find(&titles, typed)) {
        return Ok(&all[i]);
    }
    // The lands whose id or title the typed text begins, each once.
    let mut hits = beginning_with(&ids, typed);
    hits.extend(beginning_with(&titles, typed));
    hits.sort_unstable();
    hits.dedup();
    let got = typed.escape_default().to_string();
    match hits.len() {
        0 => Err(CharacterError::Unknown {
            what: "land",
            got,
            known: ids.join(", "),
        }),
        1 => Ok(&all[hits[0]]),
        _ => Err(CharacterError::Ambiguous {
            what: "land",
            got,
            matches: hits.iter().map(|&i| ids[i]).collect::<Vec<_>>().join(", "),
        }),
    }
}

/// The human lands (the six lands of origin).
pub fn human_lands() -> Vec<&'static Land> {
    lands().iter().filter(|l| l.species == "human").collect()
}

/// Draws `count` different names from `land`, none of `taken` (compared by
/// ASCII spelling, so `Larus` and `Lárus` are one), each a logged roll.
pub fn draw(
    land: &Land,
    count: u32,
    taken: &[String],
    dice: &mut Dice,
) -> Result<Vec<String>, CharacterError> {
    if count > MAX_COUNT {
        return Err(CharacterError::TooMany {
            what: "names",
            asked: count,
            most: MAX_COUNT,
        });
    }
    let folded: Vec<String> = taken
        .iter()
        .map(|t| super::super::names::ascii_fold(t))
        .collect();
    let mut free: Vec<&String> = land
        .names
        .iter()
        .filter(|n| !folded.contains(&super::super::names::ascii_fold(n)))
        .collect();
    if (free.len() as u64) < u64::from(count) {
        return Err(CharacterError::TooMany {
            what: "different names from this land",
            asked: count,
            most: free.len() as u32,
        });
    }
    let mut out = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let k = dice.choose_then(free.len(), |k| {
            format!("name from {}: {}", land.title, free[k])
        });
        out.push(free.remove(k).clone());
    }
    Ok(out)
}

/// The JSON Schema of the World of Dungeons S name lists file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(NamesFile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_hold_410_different_names() {
        let all = lands();
        assert_eq!(all.len(), 10);
        // 411 printed, "Aram" twice.
        assert_eq!(all.iter().map(|l| l.names.len()).sum::<usize>(), 410);
        assert_eq!(land("north").unwrap().names.len(), 57);
        assert_eq!(land("The Imperium").unwrap().names.len(), 76);
        assert_eq!(land("uru").unwrap().id, "uru");
        assert!(land("elves").is_err(), "two lists begin so");
        assert_eq!(human_lands().len(), 6);
    }

    #[test]
    fn names_are_drawn_without_repeats_and_logged() {
        let l = land("dwarves").unwrap();
        let mut d = Dice::scripted(&[1, 1, 17]);
        let got = draw(l, 3, &["thrain".into()], &mut d).unwrap();
        // Thrain is taken: the first free name is Durlin, then Maerla; the
        // 17th of the 17 left is the last.
        assert_eq!(got, ["Durlin", "Maerla", "Thrara"]);
        assert!(d.log()[0].purpose.contains("Durlin"));
        let mut d = Dice::for_stage(1, "names");
        assert!(draw(l, 21, &[], &mut d).is_err());
    }
}
