//! Characters, names and hirelings for the table, shared by every game:
//! World of Dungeons S characters (`wod_s`) and the Dungeon World SRD's
//! hirelings, moves and harm (`dw_srd`).
//!
//! This layer sits between `rules` and the games: it uses `core` only (the
//! dice, the YAML reader), and games may use it (the MKD party loader reads
//! a World of Dungeons S sheet and converts it). Every table is data under
//! `templates/characters/`; every roll is a logged roll of [`crate::core::dice::Dice`].

pub mod dw_srd;
pub mod names;
pub mod roll;
pub mod wod_s;

/// Why a request for a character, a name or a hireling was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CharacterError {
    /// A name (land, species, class, kind, skill, …) the tables do not know.
    #[error("unknown {what} `{got}`; expected one of: {known}")]
    Unknown {
        /// What was named (`land`).
        what: &'static str,
        /// What was typed (escaped).
        got: String,
        /// The known ones.
        known: String,
    },
    /// A beginning typed that begins more than one name.
    #[error("{what} `{got}` is ambiguous: it begins {matches}; type more of it")]
    Ambiguous {
        /// What was named (`land`).
        what: &'static str,
        /// What was typed (escaped).
        got: String,
        /// The names it begins (`high-elves, halflings`).
        matches: String,
    },
    /// More asked for than the rules or lists allow.
    #[error("asked for {asked} {what}; at most {most} can be had")]
    TooMany {
        /// What was asked for.
        what: &'static str,
        /// How many.
        asked: u32,
        /// The most there are.
        most: u32,
    },
    /// A damage roll with no die to be World of Dungeons S's main die.
    #[error(
        "`{expr}` has no d6 to be the main die; a World of Dungeons S damage roll adds d6s (d6+1, 2d6+3), and the first d6 written is the main one"
    )]
    NoMainDie {
        /// The expression.
        expr: String,
    },
    /// A number out of its range.
    #[error("{what} is {got}; expected {low} to {high}")]
    OutOfRange {
        /// What number.
        what: &'static str,
        /// The value given.
        got: i64,
        /// Least allowed.
        low: i64,
        /// Most allowed.
        high: i64,
    },
}
