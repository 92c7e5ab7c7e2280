//! Tab completion of a command line at the prompt: the next word a command
//! can take, from what was typed before it (a hero's name, a verb, a
//! monster's id). Plain data in, plain words out; the CLI's line editor
//! asks it and shows the answers.

use crate::mkd::play::state::State;

/// What names the game has now.
#[derive(Debug, Clone, Default)]
pub struct Names {
    /// Heroes (in party order).
    pub heroes: Vec<String>,
    /// Monsters on the board (their ids).
    pub monsters: Vec<String>,
    /// Players (team names for `first`).
    pub players: Vec<String>,
}

impl Names {
    /// The names of a game as it stands (monsters of the floor on the board).
    pub fn of(s: &State) -> Names {
        Names {
            heroes: s.heroes.iter().map(|h| h.name.to_string()).collect(),
            monsters: s
                .floor_monsters()
                .filter(|&m| s.monsters[m].pos.is_some())
                .map(|m| s.monsters[m].id.to_string())
                .collect(),
            players: s.party.teams.iter().map(|t| t.player.clone()).collect(),
        }
    }
}

/// Words that start a command (besides a hero's name).
const VERBS: [&str; 17] = [
    "autoattacks",
    "breakaway",
    "done",
    "end",
    "first",
    "heal",
    "help",
    "hit",
    "kill",
    "lead",
    "level",
    "map",
    "quit",
    "smash",
    "status",
    "undo",
    "wound",
];

/// What a hero's name can be followed by.
const HERO_VERBS: [&str; 15] = [
    "attacks",
    "checks",
    "closes",
    "disarms",
    "drinks",
    "drops",
    "frees",
    "gives",
    "leaves",
    "moves",
    "opens",
    "passes",
    "takes",
    "teleports",
    "uses",
];

/// The completions of the word under the cursor at the end of `line`: the
/// byte where that word starts and the words that fit there (sorted, each
/// once; matched ignoring case).
pub fn complete(line: &str, names: &Names) -> (usize, Vec<String>) {
    let start = line.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let (before, word) = line.split_at(start);
    let prior: Vec<String> = before.split_whitespace().map(str::to_lowercase).collect();
    // A hero as the prompt reads one: ignoring case, in ASCII or by a
    // unique beginning (`Larus`, `lar` for `Lárus`).
    let is_hero = |w: &str| crate::characters::names::find(&names.heroes, w).is_some();
    let words = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let p: Vec<&str> = prior.iter().map(String::as_str).collect();
    let candidates: Vec<String> = match p.as_slice() {
        [] => {
            let mut v = names.heroes.clone();
            v.extend(words(&VERBS));
            v
        }
        [h] if is_hero(h) => words(&HERO_VERBS),
        ["hit" | "kill" | "lead" | "smash"] => names.monsters.clone(),
        ["wound" | "heal" | "level"] => names.heroes.clone(),
        ["first"] => names.players.clone(),
        ["end"] => words(&["turn"]),
        ["lead", _] => words(&["out", "to"]),
        [h, "attacks"] if is_hero(h) => names.monsters.clone(),
        [h, "moves"] if is_hero(h) => words(&["to"]),
        [h, "opens" | "checks" | "closes"] if is_hero(h) => words(&["chest", "door"]),
        [h, "disarms"] if is_hero(h) => words(&["door"]),
        [h, "takes"] if is_hero(h) => words(&["chest", "the"]),
        [h, "takes", "the"] if is_hero(h) => words(&["stairs"]),
        [h, "drops" | "gives"] if is_hero(h) => words(&["chest"]),
        [h, "gives", "chest"] if is_hero(h) => words(&["to"]),
        [h, "gives", "chest", "to"] if is_hero(h) => names.heroes.clone(),
        [h, "uses"] if is_hero(h) => words(&["vortex"]),
        [h, "frees"] if is_hero(h) => words(&["prisoner"]),
        [h, "teleports"] if is_hero(h) => words(&["to"]),
        [
            h,
            "opens" | "checks" | "closes" | "disarms" | "takes",
            "door" | "chest",
        ] if is_hero(h) => words(&["at"]),
        _ => Vec::new(),
    };
    let low = word.to_lowercase();
    let folded = crate::characters::names::ascii_fold(word);
    let mut out: Vec<String> = candidates
        .into_iter()
        .filter(|c| {
            c.to_lowercase().starts_with(&low)
                || crate::characters::names::ascii_fold(c).starts_with(&folded)
        })
        .collect();
    out.sort_by_key(|w| w.to_lowercase());
    out.dedup();
    (start, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        Names {
            heroes: vec!["Kestrel".into(), "Marrow".into(), "Brannoc".into()],
            monsters: vec!["goblin-sneak-1".into(), "goblin-sneak-2".into()],
            players: vec!["Bo".into(), "Ann".into()],
        }
    }

    fn words(line: &str) -> Vec<String> {
        complete(line, &names()).1
    }

    #[test]
    fn names_with_diacritics_complete_from_ascii() {
        let names = Names {
            heroes: vec!["Lárus".into(), "Þura".into()],
            ..Names::default()
        };
        assert_eq!(complete("lar", &names).1, ["Lárus"]);
        assert_eq!(complete("thu", &names).1, ["Þura"]);
        assert!(
            complete("Larus mo", &names)
                .1
                .contains(&"moves".to_string())
        );
    }

    #[test]
    fn the_first_word_is_a_hero_or_a_verb() {
        assert_eq!(words("k"), ["Kestrel", "kill"]);
        assert_eq!(words("M"), ["map", "Marrow"]);
        assert_eq!(words("st"), ["status"]);
        assert_eq!(complete("ma", &names()).0, 0);
        assert!(words("").len() > 10);
    }

    #[test]
    fn after_a_hero_its_verbs_then_their_words() {
        assert_eq!(words("Kestrel m"), ["moves"]);
        assert_eq!(words("kestrel o"), ["opens"]);
        assert_eq!(words("Kestrel opens "), ["chest", "door"]);
        assert_eq!(words("Kestrel opens door "), ["at"]);
        assert_eq!(
            words("Kestrel attacks gob"),
            ["goblin-sneak-1", "goblin-sneak-2"]
        );
        assert_eq!(words("Kestrel gives chest to M"), ["Marrow"]);
        assert_eq!(words("Kestrel takes the "), ["stairs"]);
        assert_eq!(complete("Kestrel mo", &names()).0, 8);
        // A word that is no hero's name has no verbs after it.
        assert!(words("Ayla m").is_empty());
    }

    #[test]
    fn reports_take_monsters_and_heroes() {
        assert_eq!(words("hit goblin-sneak-2"), ["goblin-sneak-2"]);
        assert_eq!(words("wound B"), ["Brannoc"]);
        assert_eq!(words("heal "), ["Brannoc", "Kestrel", "Marrow"]);
        assert_eq!(words("first "), ["Ann", "Bo"]);
        assert_eq!(words("end "), ["turn"]);
        assert_eq!(words("lead goblin-sneak-1 "), ["out", "to"]);
        assert!(words("Kestrel moves to 3,").is_empty());
    }
}
