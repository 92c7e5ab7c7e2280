//! The seam between the stages every game shares and each game's own rules.
//!
//! Building a dungeon (the [`crate::build`] stage) is the same for every
//! game; a [`RuleSystem`] sets the built dungeon up the way its rule text
//! says. Each game lives in its own folder beside the others (the MKD
//! Adventure in [`crate::mkd`]) and implements this trait; the enum that
//! dispatches over them sits one layer up, in [`crate::games`].

use crate::build::BuiltMap;
use crate::core::dice::Dice;
pub use crate::scenario::RulesetId;

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
        built: &BuiltMap,
        options: Self::Options<'_>,
        dice: &mut Dice,
    ) -> Result<Self::Setup, SetupError>;
}
