//! Why a command is refused: the game is left as it was.

use crate::dw10::play::state::Sq;

/// A command the rules do not allow now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The line is not a command.
    #[error("{0}")]
    Parse(String),
    /// The first word of a line is no command (as typed).
    #[error("`{0}` is not a command; `help` lists them")]
    NotACommand(String),
    /// No hero of that name.
    #[error("no hero is called {0}")]
    NoHero(String),
    /// A beginning of more than one hero's name: which is meant is not
    /// guessed.
    #[error("hero `{name}` is ambiguous: it begins {heroes}; type more of it")]
    AmbiguousHero {
        /// As typed.
        name: String,
        /// The heroes whose names it begins, in party order, joined.
        heroes: String,
    },
    /// No monster of that name on the map.
    #[error("{}", no_monster(.0))]
    NoMonster(String),
    /// A monster's number with another monster's name.
    #[error("monster {number} is {name}, not `{typed}`")]
    OtherMonster {
        /// Its number.
        number: u32,
        /// Its name as printed.
        name: String,
        /// As typed.
        typed: String,
    },
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// A command of the Mover's phase in the Non-Mover's.
    #[error("the heroes are not the Mover this move: only `shoot` and `end` now")]
    NotMover,
    /// The hero is dead.
    #[error("{0} is dead and waits to re-spawn on a teleporter")]
    Dead(String),
    /// The hero's action is over.
    #[error("{0} has no action left this move")]
    NoAction(String),
    /// Not enough movement.
    #[error("{name} has {left} movement left; that costs {cost}")]
    Movement {
        /// The hero.
        name: String,
        /// Left.
        left: u32,
        /// Needed.
        cost: u32,
    },
    /// A square the hero cannot reach or stop on.
    #[error("{name} cannot reach {at} and stop there ({why})")]
    Unreachable {
        /// The hero.
        name: String,
        /// The square.
        at: String,
        /// Why.
        why: std::borrow::Cow<'static, str>,
    },
    /// A shot the rules forbid.
    #[error("{0}")]
    Shot(crate::dw10::play::combat::NoShot),
    /// A Control Enemy the rules forbid.
    #[error("{0}")]
    Control(crate::dw10::play::abilities::NoControl),
    /// A familiar's move or draw the rules forbid.
    #[error("{0}")]
    Familiar(crate::dw10::play::familiar::NoFamiliar),
    /// A table the hero may not carry so.
    #[error("{0}")]
    Carry(crate::dw10::play::furniture::NoCarry),
    /// A table the hero may not break.
    #[error("{0}")]
    Break(crate::dw10::play::furniture::NoBreak),
    /// Nothing of the kind next to the hero.
    #[error("{name} is not next to {what}")]
    NotNext {
        /// The hero.
        name: String,
        /// What.
        what: &'static str,
    },
    /// A keyed door without its key.
    #[error("the {0} door needs the {0} key")]
    NoKey(String),
    /// The hero lacks an ability or item.
    #[error("{name} has no {what}")]
    Lacks {
        /// The hero.
        name: String,
        /// What.
        what: String,
    },
    /// An ability already used this move.
    #[error("{name} has used {what} this move")]
    Used {
        /// The hero.
        name: String,
        /// The ability.
        what: String,
    },
    /// Anything else, said plainly.
    #[error("{0}")]
    Rule(String),
    /// A square off the map.
    #[error("{x},{y} is not on the map", x = .0.0, y = .0.1)]
    OffMap(Sq),
}

/// No monster by that number, or, for a word that is no number, the forms
/// a monster is named by.
fn no_monster(typed: &str) -> String {
    if typed
        .trim_start_matches('#')
        .bytes()
        .all(|b| b.is_ascii_digit())
    {
        format!("no monster {typed} is on the map")
    } else {
        format!(
            "no monster `{typed}` is on the map; name one by its number (`3`) or as the game prints it (`Zombie 3`, `zombie3`, `zombie-3`)"
        )
    }
}
