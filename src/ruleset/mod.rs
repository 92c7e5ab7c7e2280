//! Rule systems: what goes into a laid-out dungeon (chests, tokens, pools).
//!
//! Layout and analysis are the same for every rule system; a [`Ruleset`]
//! only populates. MKD Adventure is the first; others (Dungeon World 10 mm,
//! Dungeons Dark & Dangerous) plug in beside it.

mod mkd;

pub(crate) use mkd::near_centre;
pub use mkd::{MkdAdventure, WmtBand, front_arc, in_front_arc};

use crate::analysis::Analysis;
use crate::dice::Dice;
use crate::layout::{Grid, Layout};
use crate::mission::Goal;
use crate::monsters::MonsterList;
use crate::scenario::{Chest, Pools, Spot, Wmt};

/// Chest difficulty mix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Difficulty {
    /// Mostly level-1 chests.
    Easy,
    /// A mix centred on level 2.
    #[default]
    Normal,
    /// Mostly level-3 chests.
    Hard,
}

impl Difficulty {
    /// `easy`, `normal` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

/// Setup choices shared by rule systems.
#[derive(Debug, Clone, PartialEq)]
pub struct SetupParams {
    /// Total value of the heroic teams.
    pub hero_value: u32,
    /// Number of tile sets (WMTs come six per set).
    pub sets: u32,
    /// Chest difficulty mix.
    pub difficulty: Difficulty,
    /// Add an artifact or dressing set per chamber to the accessories pool.
    pub dressing: bool,
    /// The figures available for the Monster Pool.
    pub monsters: MonsterList,
}

impl Default for SetupParams {
    fn default() -> Self {
        SetupParams {
            hero_value: 95,
            sets: 2,
            difficulty: Difficulty::Normal,
            dressing: false,
            monsters: crate::monsters::default_monsters(),
        }
    }
}

/// What the Central Chamber holds at setup: the mission's goal, or, on every
/// floor of a multi-floor dungeon but the last, the staircase down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CentralPiece {
    /// The mission's goal (quest, rescue, stealth or kidnapping).
    Goal(Goal),
    /// A staircase down to the next floor, and neither Quest Chest nor Guardian.
    Staircase,
}

impl Default for CentralPiece {
    fn default() -> Self {
        CentralPiece::Goal(Goal::Quest)
    }
}

/// What setup puts on the map and keeps aside. Squares are local grid squares.
#[derive(Debug, Clone, PartialEq)]
pub struct Population {
    /// Chests on the map.
    pub chests: Vec<Chest>,
    /// Tokens on the map.
    pub wmts: Vec<Wmt>,
    /// What is kept aside.
    pub pools: Pools,
    /// Rescue: the prisoner's square in the Central Chamber.
    pub prisoner: Option<Spot>,
    /// Upper floors: the staircase down, in the Central Chamber.
    pub staircase: Option<Spot>,
}

/// Why setup could not be completed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("setup: {0}")]
pub struct SetupError(pub String);

/// A rule system's setup.
pub trait Ruleset {
    /// The name used on the command line and in scenarios.
    fn name(&self) -> &'static str;

    /// Populates a laid-out, analysed dungeon.
    fn populate(
        &self,
        layout: &Layout,
        grid: &Grid,
        analysis: &Analysis,
        params: &SetupParams,
        centre: CentralPiece,
        dice: &mut Dice,
    ) -> Result<Population, SetupError>;
}

/// Names of the rule systems tilecrawl knows.
pub const RULESETS: [&str; 1] = ["mkd-adventure"];

/// The rule system with this name.
pub fn by_name(name: &str) -> Option<Box<dyn Ruleset>> {
    match name {
        "mkd-adventure" => Some(Box::new(MkdAdventure::embedded())),
        _ => None,
    }
}
