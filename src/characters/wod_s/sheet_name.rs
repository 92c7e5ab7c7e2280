//! A hero's own name against its sheet's. A party file that keeps each
//! hero's World of Dungeons S sheet under `wod_s:` names the hero twice,
//! and a hand edit of one name and not the other leaves them apart. A
//! game's party loader notes such a hero ([`NameMismatch`]) and plays it
//! by its own name; the command line warns.

/// A hero whose `wod_s:` sheet gives it another name than the hero's own
/// `name` (one of the two edited by hand): play, the transcript and a
/// campaign go by the hero's `name`; the sheet's is kept but unused. Not
/// a refusal, as the file plays the same either way; the command line
/// prints it as one `warning:` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameMismatch {
    /// The party file.
    pub file: String,
    /// The 1-based line of the hero's `name:`, where the file lays it out
    /// one key a line.
    pub line: Option<usize>,
    /// Where the hero is in the file, as the loader's errors name it
    /// (`heroes[1]`).
    pub key: String,
    /// The hero's `name`, the one used.
    pub hero: String,
    /// The name in its `wod_s:` sheet.
    pub sheet: String,
}

impl NameMismatch {
    /// The note of the hero at `key`, named `hero` and `sheet` in its
    /// sheet, in no file yet ([`NameMismatch::place`] says where). The
    /// loader makes it where the names do not agree ([`names_agree`]).
    pub fn new(key: &str, hero: &str, sheet: &str) -> NameMismatch {
        NameMismatch {
            file: String::new(),
            line: None,
            key: key.to_string(),
            hero: hero.to_string(),
            sheet: sheet.to_string(),
        }
    }

    /// Names the file `file` whose text is `text`, and the line of the
    /// hero's name in it.
    pub fn place(&mut self, text: &str, file: &str) {
        self.file = file.to_string();
        self.line = hero_name_line(text, &self.hero);
    }
}

impl std::fmt::Display for NameMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = match self.line {
            Some(n) => format!("line {n}"),
            None => self.key.clone(),
        };
        write!(
            f,
            "{}: {at}: hero `{}` is named `{}` in its wod_s sheet; the hero's name `{}` is used",
            self.file,
            self.hero,
            crate::core::text::excerpt(&self.sheet, 40),
            self.hero
        )
    }
}

/// Whether a hero's `name` is the one its sheet's name makes: as `party
/// new` writes it (spaces as hyphens) or spelled in ASCII.
pub fn names_agree(hero: &str, sheet: &str) -> bool {
    use crate::characters::names::{ascii_word, one_word};
    hero == one_word(sheet) || hero == ascii_word(sheet)
}

/// The 1-based line of the `name: HERO` entry of a hero in a party file
/// laid out one key a line (as `party new` writes it): a `name` key below
/// the top level (indented, or an item of a list) and outside any `wod_s:`
/// sheet. Hero names are unique in a party, so the first such line is the
/// hero's. `None` where the text does not lay it out so (a hero written
/// `{name: …, …}` on one line).
pub fn hero_name_line(text: &str, hero: &str) -> Option<usize> {
    // The column of the `wod_s:` key whose sheet the lines are in.
    let mut sheet_column: Option<usize> = None;
    for (n, l) in text.lines().enumerate() {
        let t = l.trim_start();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let indent = l.len() - t.len();
        if sheet_column.is_some_and(|c| indent <= c) {
            sheet_column = None;
        }
        if sheet_column.is_some() {
            continue;
        }
        let t = t.strip_prefix("- ").map_or(t, str::trim_start);
        let column = l.len() - t.len();
        if t.starts_with("wod_s:") {
            sheet_column = Some(column);
            continue;
        }
        let Some(value) = t.strip_prefix("name:") else {
            continue;
        };
        let value = value.split(" #").next().unwrap_or(value).trim();
        let value = value.trim_matches(|c| c == '"' || c == '\'');
        if column > 0 && value == hero {
            return Some(n + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sheet's `Rook Stone` agrees with a hero `Rook-Stone`, and an
    /// ASCII spelling of a name with diacritics agrees with it.
    #[test]
    fn names_agree_as_party_new_spells_them_or_in_ascii() {
        assert!(names_agree("Rook-Stone", "Rook Stone"));
        assert!(names_agree("Thorhildur", "Þórhildur"));
        assert!(names_agree("Þórhildur", "Þórhildur"));
        assert!(!names_agree("Rook", "Rook Stone"));
        assert!(!names_agree("rook-stone", "Rook Stone"));
    }

    /// A hero written on one line has no line of its own name to give:
    /// the note names its place in the file instead.
    #[test]
    fn a_note_without_a_line_names_the_hero_s_place() {
        let n = NameMismatch {
            file: "p.yaml".into(),
            line: None,
            key: "heroes[2]".into(),
            hero: "Wren".into(),
            sheet: "Wren Ash".into(),
        };
        assert_eq!(
            n.to_string(),
            "p.yaml: heroes[2]: hero `Wren` is named `Wren Ash` in its wod_s sheet; the hero's name `Wren` is used"
        );
        assert_eq!(
            hero_name_line("name: Wren\nheroes:\n  - {name: Wren}\n", "Wren"),
            None
        );
    }

    /// The hero's `name:` is found as an indented key or as a list item's
    /// first key, never at the top level or inside a sheet (whose keys
    /// may follow the hero's or come first).
    #[test]
    fn the_hero_s_name_line_is_found_outside_its_sheet() {
        let dw10 = "format: x\nheroes:\n- name: Ayla\n  wod_s:\n    name: Ayla\n- name: Bren\n";
        assert_eq!(hero_name_line(dw10, "Bren"), Some(6));
        assert_eq!(hero_name_line(dw10, "Ayla"), Some(3));
        let sheet_first = "heroes:\n- wod_s:\n    name: Rook\n  name: Rook\n";
        assert_eq!(hero_name_line(sheet_first, "Rook"), Some(4));
        let mkd = "name: Rook\nteams:\n  - heroes:\n      - name: Rook # renamed\n";
        assert_eq!(hero_name_line(mkd, "Rook"), Some(4));
        let quoted = "heroes:\n  - name: 'Rook'\n";
        assert_eq!(hero_name_line(quoted, "Rook"), Some(2));
    }
}
