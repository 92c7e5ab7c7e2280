//! The seam between the stages every game shares and each game's own rules.
//!
//! Building a dungeon (the [`crate::build`] stage) is the same for every
//! game on a Dungeon Stack ([`crate::build::BuiltMap`]; a game on one fixed
//! board gets a [`crate::build::board::Board`]); a [`RuleSystem`] sets the built dungeon up the way its rule text
//! says. Each game lives in its own folder beside the others (the MKD
//! Adventure in [`crate::mkd`]) and implements this trait; the enum that
//! dispatches over them sits one layer up, in [`crate::games`].

use crate::core::dice::Dice;
pub use crate::scenario::RulesetId;
use crate::scenario::{GamePart, Scenario};
use std::sync::Arc;

/// Why setup could not be completed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("setup: {0}")]
pub struct SetupError(pub String);

/// A game's rules, as far as the shared stages need them: what its scenario
/// holds, how it sets a built dungeon up, what its game master's sheet says,
/// and how a game of it starts. Each part is an associated type, so a game
/// keeps its own vocabulary and the shared stages stay generic.
pub trait RuleSystem {
    /// What a scenario of this game holds beside the shared envelope (the
    /// tiles, squares and entrance every game has).
    type Part: GamePart;
    /// What the builder hands setup: a [`crate::build::BuiltMap`] for a game on a
    /// Dungeon Stack, a board for a game on one fixed board.
    type Built;
    /// The choices a setup takes (hero value, difficulty, mission, …).
    type Options<'a>;
    /// What setup puts on the map and keeps aside.
    type Setup;
    /// What the game master's sheet says (laid out by the export stage).
    type Sheet;
    /// What a game needs beside its scenario (a party, tables, dice seed, …).
    type PlayOptions;
    /// A game in play: commands in, events out.
    type Game;

    /// The id used on the command line and in scenario files.
    fn id(&self) -> RulesetId;

    /// Sets up a built dungeon; every roll goes through `dice`.
    fn setup(
        &self,
        built: &Self::Built,
        options: Self::Options<'_>,
        dice: &mut Dice,
    ) -> Result<Self::Setup, SetupError>;

    /// Gathers what the game master's sheet says about a scenario.
    fn sheet(&self, scenario: &Scenario<Self::Part>) -> Self::Sheet;

    /// Starts a game of a scenario, before the first command.
    fn new_game(
        &self,
        scenario: Arc<Scenario<Self::Part>>,
        options: Self::PlayOptions,
    ) -> Self::Game;
}
