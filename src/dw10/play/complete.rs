//! Tab completion at the Dungeon World 10 mm prompt: a verb, then a hero
//! (a familiar's owner for `familiar` and `draw`), then what the verb
//! takes — a monster (one word, ending in its number:
//! `giant-spider-3`), a side, an item, a spell.

use crate::core::complete::{complete as finish, words};
use crate::dw10::play::state::State;

/// What the prompt may name now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    /// The heroes, in party order.
    pub heroes: Vec<String>,
    /// The monsters on the map, as one word each.
    pub monsters: Vec<String>,
    /// The heroes whose familiars are on the map.
    pub owners: Vec<String>,
}

impl Names {
    /// The names of a game as it stands.
    pub fn of(s: &State) -> Names {
        Names {
            heroes: s.heroes.iter().map(|h| h.body.name.clone()).collect(),
            monsters: s
                .live_monsters()
                .into_iter()
                .map(|m| word(&s.monster(m).body.name))
                .collect(),
            owners: s
                .familiars()
                .into_iter()
                .map(|(h, _)| s.hero(h).body.name.clone())
                .collect(),
        }
    }
}

/// A monster's printed name as one word (`Giant Spider 3` → `giant-spider-3`).
pub fn word(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// Every word that starts a line: the commands and the prompt's own.
pub const VERBS: [&str; 27] = [
    "attack",
    "break",
    "cast",
    "check",
    "close",
    "control",
    "draw",
    "drink",
    "end",
    "escape",
    "exit",
    "explore",
    "familiar",
    "heal",
    "help",
    "listen",
    "map",
    "move",
    "non-mover",
    "open",
    "place",
    "quit",
    "shoot",
    "stairs",
    "status",
    "teleport",
    "undo",
];

/// The verbs whose next word is a hero.
const HERO_FIRST: [&str; 18] = [
    "attack", "break", "cast", "check", "close", "control", "drink", "escape", "explore", "heal",
    "listen", "move", "open", "place", "shoot", "stairs", "teleport", "m",
];

/// The completions of the word being typed at the end of `line`.
pub fn complete(line: &str, names: &Names) -> (usize, Vec<String>) {
    // A hero as the prompt reads one: ignoring case, in ASCII or by a
    // beginning no other hero's name shares (`bran` for Brannoc).
    let is_hero = |w: &str| crate::characters::names::find(&names.heroes, w).is_some();
    let sides = || words(&["N", "E", "S", "W"]);
    finish(line, |prior| match prior {
        [] => words(&VERBS),
        [v] if HERO_FIRST.contains(v) || *v == "a" || *v == "s" || *v == "x" => {
            names.heroes.clone()
        }
        // A familiar's verbs name its owner.
        ["familiar" | "draw"] => names.owners.clone(),
        ["attack" | "a" | "control", h] if is_hero(h) => names.monsters.clone(),
        // Multi Shot may name several targets.
        ["shoot" | "s", h, ..] if is_hero(h) => names.monsters.clone(),
        ["move" | "m", h, _] if is_hero(h) => words(&["drop"]),
        ["open", h] if is_hero(h) => words(&["chest", "door"]),
        ["open", h, "door"] if is_hero(h) => sides(),
        ["close", h] if is_hero(h) => sides(),
        ["drink", h] if is_hero(h) => words(&["antidote", "major-potion", "potion"]),
        ["cast" | "explore" | "x", h] if is_hero(h) => crate::dw10::figures::SPELLS
            .iter()
            .map(|a| a.name().to_string())
            .collect(),
        ["cast", h, _] if is_hero(h) => words(&["at", "on"]),
        ["cast", h, _, "on"] if is_hero(h) => names.monsters.clone(),
        ["heal", h] | ["heal", h, _] if is_hero(h) => names.heroes.clone(),
        _ => Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dw10::play::command;

    fn names() -> Names {
        Names {
            heroes: vec!["Kestrel".into(), "Marrow".into()],
            monsters: vec!["giant-spider-3".into(), "goblin-4".into()],
            owners: vec!["Marrow".into()],
        }
    }

    #[test]
    fn verbs_then_a_hero_then_what_the_verb_takes() {
        let n = names();
        assert_eq!(complete("sh", &n).1, ["shoot"]);
        assert_eq!(complete("shoot ", &n).1, ["Kestrel", "Marrow"]);
        assert_eq!(
            complete("shoot kestrel g", &n),
            (14, words(&["giant-spider-3", "goblin-4"]))
        );
        assert_eq!(
            complete("shoot Kestrel goblin-4 gi", &n).1,
            ["giant-spider-3"]
        );
        assert_eq!(complete("open Marrow ", &n).1, ["chest", "door"]);
        assert_eq!(complete("open Marrow door ", &n).1, ["E", "N", "S", "W"]);
        assert_eq!(complete("drink Marrow p", &n).1, ["potion"]);
        assert_eq!(complete("cast Kestrel sh", &n).1, ["shield"]);
        assert_eq!(
            complete("cast Kestrel finger-of-death ", &n).1,
            ["at", "on"]
        );
        assert_eq!(complete("heal Marrow K", &n).1, ["Kestrel"]);
        // Only a familiar's owner for its verbs.
        assert_eq!(complete("familiar ", &n).1, ["Marrow"]);
        assert_eq!(complete("dr", &n).1, ["draw", "drink"]);
        assert_eq!(complete("draw ", &n).1, ["Marrow"]);
        // No hero, no words after it.
        assert!(complete("shoot Ayla ", &n).1.is_empty());
        assert!(complete("move Kestrel 3,", &n).1.is_empty());
        // A walk may carry a table: `drop` after the square.
        assert_eq!(complete("move Kestrel 3,3 d", &n).1, ["drop"]);
        assert_eq!(complete("break ", &n).1, ["Kestrel", "Marrow"]);
        // A bookcase or tome teaches the spell named.
        assert_eq!(complete("explore Kestrel sh", &n).1, ["shield"]);
    }

    /// A hero's word is a hero's when the prompt would take it: a
    /// beginning no other hero's name shares will do, one several share
    /// will not (the prompt refuses it as ambiguous).
    #[test]
    fn a_unique_beginning_of_a_heros_name_is_that_hero() {
        let mut n = names();
        n.heroes.push("Brannoc".into());
        n.heroes.push("Bramwell".into());
        assert_eq!(
            complete("attack Bran ", &n).1,
            ["giant-spider-3", "goblin-4"]
        );
        assert_eq!(complete("a bramw g", &n).1, ["giant-spider-3", "goblin-4"]);
        assert_eq!(
            complete("shoot kes goblin-4 g", &n).1,
            ["giant-spider-3", "goblin-4"]
        );
        assert_eq!(complete("open mar ", &n).1, ["chest", "door"]);
        assert_eq!(complete("open mar door ", &n).1, ["E", "N", "S", "W"]);
        assert_eq!(complete("heal Bran K", &n).1, ["Kestrel"]);
        assert_eq!(complete("cast KES finger-of-death ", &n).1, ["at", "on"]);
        // `Bra` begins Brannoc and Bramwell: no hero, no words after it.
        assert!(complete("attack Bra ", &n).1.is_empty());
        assert!(complete("open b ", &n).1.is_empty());
        // And a word that begins no hero's name is none.
        assert!(complete("attack Brx ", &n).1.is_empty());
    }

    #[test]
    fn what_completion_offers_the_parser_takes() {
        // Each verb with a hero and a monster, side or square as it needs.
        for v in VERBS {
            let line = match v {
                "attack" | "shoot" => format!("{v} Kestrel goblin-4"),
                "control" => format!("{v} Kestrel goblin-4 3,3"),
                "move" | "place" | "familiar" => format!("{v} Kestrel 3,3"),
                "draw" => format!("{v} Kestrel 2"),
                "open" => format!("{v} Kestrel door N"),
                "close" => format!("{v} Kestrel N"),
                "cast" => format!("{v} Kestrel finger-of-death on goblin-4"),
                "heal" => format!("{v} Kestrel Marrow"),
                "check" | "drink" | "escape" | "explore" | "listen" | "stairs" | "teleport"
                | "break" => {
                    format!("{v} Kestrel")
                }
                _ => v.to_string(),
            };
            let prompt_word = matches!(v, "exit" | "quit" | "undo");
            assert!(
                prompt_word || matches!(command::parse(&line), Ok(Some(_))),
                "{line}"
            );
        }
        // A monster's one word names it by its number.
        assert_eq!(word("Giant Spider 3"), "giant-spider-3");
    }
}
