//! The seam between the stages every game shares and each game's own rules.
//!
//! Building a dungeon (the [`crate::build`] stage) is the same for every
//! game; a [`RuleSystem`] sets the built dungeon up the way its rule text
//! says. Each game lives in its own folder beside the others (the MKD
//! Adventure in [`crate::mkd`]) and implements this trait; the enum that
//! dispatches over them sits one layer up, in [`crate::games`].

use crate::build::analysis::Analysis;
use crate::build::layout::{Grid, Layout};
use crate::core::dice::Dice;
pub use crate::scenario::RulesetId;

/// A laid-out, analysed dungeon: what every rule system sets up.
#[derive(Debug, Clone, Copy)]
pub struct Built<'a> {
    /// The tiles as laid.
    pub layout: &'a Layout,
    /// The squares of the layout.
    pub grid: &'a Grid,
    /// Tile and square graphs, entrance, Central Chamber.
    pub analysis: &'a Analysis,
}

/// Why setup could not be completed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("setup: {0}")]
pub struct SetupError(pub String);

/// A game's rules, as far as the shared stages need them.
pub trait RuleSystem {
    /// The choices a setup takes (hero value, difficulty, mission, …).
    type Options<'a>;
    /// What setup puts on the map and keeps aside.
    type Setup;

    /// The id used on the command line and in scenario files.
    fn id(&self) -> RulesetId;

    /// Sets up a built dungeon; every roll goes through `dice`.
    fn setup(
        &self,
        built: Built<'_>,
        options: Self::Options<'_>,
        dice: &mut Dice,
    ) -> Result<Self::Setup, SetupError>;
}
