//! Why the rules do not allow a command: the game is left as it was.

use super::state::ModelId;
use crate::core::geom::Point;

/// A command the rules refuse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not the model's time to move.
    #[error("moving comes before the action, and {0} has acted")]
    AlreadyActed(ModelId),
    /// No action left.
    #[error("{0} has taken its action this turn; type `end`")]
    NoAction(ModelId),
    /// Out of movement.
    #[error("{0} has no movement left this turn")]
    NoMoves(ModelId),
    /// A square off the board or not standable.
    #[error("{0},{1} is not a square a model can stand on")]
    NotStandable(i32, i32),
    /// A square taken.
    #[error("{0},{1} is taken by {2}")]
    Taken(i32, i32, ModelId),
    /// Too far, or no way there.
    #[error("{0},{1} is out of reach: no way there within {squares} of movement", squares = crate::core::text::counted(*.2, "square", "squares"))]
    OutOfReach(i32, i32, u32),
    /// A failed fear test bars close combat range this turn.
    #[error("{0} failed its fear test this turn and may not move next to a model that causes fear")]
    Afraid(ModelId),
    /// A model not on the board.
    #[error("{0} is not on the board")]
    NotOnBoard(ModelId),
    /// A target of one's own side, or an enemy where a friend is needed.
    #[error("{0} is {1}")]
    WrongSide(ModelId, &'static str),
    /// Not adjacent.
    #[error("{0} is not next to {1}")]
    NotAdjacent(ModelId, ModelId),
    /// An ability needed.
    #[error("{0} does not have {1}")]
    Lacks(ModelId, &'static str),
    /// In close combat.
    #[error("{0} is in close combat")]
    InCombat(ModelId),
    /// Ranged rules.
    #[error("{0}")]
    CannotShoot(&'static str),
    /// Too far for the ability.
    #[error("{0} is {1} squares away; {2} reaches {3}")]
    TooFar(ModelId, u32, &'static str, u32),
    /// Out of sight.
    #[error("{0} cannot see {1}")]
    NoSight(ModelId, ModelId),
    /// Immune.
    #[error("{0} is immune to {1}")]
    Immune(ModelId, &'static str),
    /// Once per round.
    #[error("{0} has used {1} this round")]
    UsedThisRound(ModelId, &'static str),
    /// No door there.
    #[error("there is no door {what} on the {side} side of {at}")]
    NoDoor {
        /// What was looked for.
        what: &'static str,
        /// The side.
        side: &'static str,
        /// The square.
        at: String,
    },
    /// A door in the wrong state.
    #[error("that door {0}")]
    DoorState(&'static str),
    /// Not a place for it.
    #[error("{0},{1}: {2}")]
    BadSquare(i32, i32, &'static str),
    /// Nothing there.
    #[error("{0}")]
    Nothing(&'static str),
    /// Leaving the board.
    #[error("{0}")]
    CannotLeave(String),
    /// Hiding.
    #[error("{0}")]
    CannotHide(&'static str),
    /// Surrender refused.
    #[error("{0}")]
    NoSurrender(&'static str),
    /// A wounded model only.
    #[error(
        "{0} has no wound to heal, or only one (healing it is the save, on the attacker's turn)"
    )]
    NoWound(ModelId),
    /// The war-parties are still deploying: what the side deploying by
    /// hand is asked for now.
    #[error("the war-parties are deploying: {0}")]
    Deploying(String),
    /// A deployment command the rules do not allow.
    #[error("{0}")]
    Deploy(String),
    /// A deployment command once the game is under way.
    #[error(
        "the war-parties have deployed; `edge`, `place`, `prisoner` and `ready` are for deploying by hand (`play --deploy-by-hand`) before the first card"
    )]
    Deployed,
}

impl Refusal {
    /// A square's refusal helper.
    pub fn square(p: Point, why: &'static str) -> Refusal {
        Refusal::BadSquare(p.x, p.y, why)
    }
}
