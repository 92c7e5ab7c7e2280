//! Tab completion at the Dungeons Dark & Dangerous prompt: the verbs, then
//! an enemy model for `attack`, `shoot` and `enthral`, a friend for `heal`,
//! a side for the door commands and traps.

use crate::core::complete::{complete as finish, words};
use crate::ddd::play::state::{State, Team};

/// The models the prompt may name now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    /// The acting side's models on the board (`b3`).
    pub friends: Vec<String>,
    /// The other side's (`r7`).
    pub enemies: Vec<String>,
}

impl Names {
    /// The names of a game as it stands: the side whose model acts now is
    /// the friends' (none acting: no models).
    pub fn of(s: &State) -> Names {
        let Some(t) = s.turn else {
            return Names::default();
        };
        let team = t.model.team;
        let ids = |mine: bool| {
            s.figures
                .iter()
                .filter(|f| f.on_board() && (f.id.team == team) == mine)
                .map(|f| f.id.to_string())
                .collect()
        };
        Names {
            friends: ids(true),
            enemies: ids(false),
        }
    }

    /// The names while `team` deploys by hand: its models are the friends.
    pub fn deploying(s: &State, team: Team) -> Names {
        Names {
            friends: s
                .figures
                .iter()
                .filter(|f| f.id.team == team)
                .map(|f| f.id.to_string())
                .collect(),
            enemies: Vec::new(),
        }
    }
}

/// Every word that starts a line: the commands and the prompt's own.
pub const VERBS: [&str; 30] = [
    "attack",
    "close",
    "disarm",
    "edge",
    "end",
    "enthral",
    "exit",
    "free",
    "heal",
    "help",
    "hide",
    "leave",
    "map",
    "move",
    "open",
    "pass",
    "pick",
    "pickup",
    "place",
    "prisoner",
    "quit",
    "read",
    "ready",
    "search",
    "shoot",
    "smash",
    "status",
    "surrender",
    "trap",
    "undo",
];

/// The completions of the word being typed at the end of `line`.
pub fn complete(line: &str, names: &Names) -> (usize, Vec<String>) {
    finish(line, |prior| match prior {
        [] => words(&VERBS),
        ["attack" | "a" | "shoot" | "enthral" | "enthrall"] => names.enemies.clone(),
        ["heal" | "place" | "prisoner"] => names.friends.clone(),
        ["edge"] => words(&["N", "E", "S", "W"]),
        ["open" | "close" | "smash" | "pick" | "search" | "trap" | "disarm"] => {
            words(&["N", "E", "S", "W"])
        }
        _ => Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbs_then_models_or_sides() {
        let n = Names {
            friends: vec!["b1".into(), "b2".into()],
            enemies: vec!["r1".into(), "r10".into()],
        };
        assert_eq!(complete("sh", &n).1, ["shoot"]);
        assert_eq!(
            complete("s", &n).1,
            ["search", "shoot", "smash", "status", "surrender"]
        );
        assert_eq!(complete("attack r1", &n), (7, words(&["r1", "r10"])));
        assert_eq!(complete("heal ", &n).1, ["b1", "b2"]);
        assert_eq!(complete("open ", &n).1, ["E", "N", "S", "W"]);
        assert!(complete("move 3,", &n).1.is_empty());
    }

    #[test]
    fn every_verb_is_one_the_parser_or_the_prompt_knows() {
        for v in VERBS {
            let line = match v {
                "attack" | "shoot" | "enthral" | "heal" => format!("{v} r1"),
                "open" | "close" | "smash" | "pick" | "search" | "trap" | "disarm" => {
                    format!("{v} N")
                }
                "move" => format!("{v} 1,1"),
                "place" => format!("{v} b1 1,1"),
                "prisoner" => format!("{v} b1"),
                "edge" => format!("{v} N"),
                _ => v.to_string(),
            };
            let prompt_word = matches!(v, "exit" | "help" | "map" | "quit" | "status" | "undo");
            assert!(
                prompt_word || crate::ddd::play::command::parse(&line).is_ok(),
                "{line}"
            );
        }
    }
}
