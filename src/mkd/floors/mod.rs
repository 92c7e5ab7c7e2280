//! Multi-floor dungeons: several scenarios linked by staircases, listed in a
//! `dungeon.yaml` (format `tilecrawl-dungeon/1`).
//!
//! Every floor but the last has a staircase down in the centre of the chamber
//! farthest from its entrance, and no Quest Chest or Guardian; the last floor
//! holds the mission's goal. Each floor is built with the same rules and the
//! starting hero value; each floor's entrance is an exit out of the whole
//! dungeon. Heroes who take the stairs arrive at the next floor's entrance.

mod build;
mod load;
pub use build::*;
pub use load::*;

use crate::core::dice::LogEntry;
use crate::scenario::Spot;
use serde::{Deserialize, Serialize};

/// The format line of a `dungeon.yaml`.
pub const DUNGEON_FORMAT: &str = "tilecrawl-dungeon/1";

/// The most floors accepted (`--floors`).
pub const MAX_FLOORS: u32 = 12;

/// A multi-floor dungeon, as written to `dungeon.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DungeonFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = DUNGEON_FORMAT))]
    pub format: String,
    /// The program and version that wrote the file.
    pub generator: String,
    /// The master seed (floor seeds are derived from it).
    pub seed: u64,
    /// The mission in canonical form, every floor's; its goal is on the last floor.
    pub mission: String,
    /// Timed missions: the turns for the whole dungeon (the sum of the floors').
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<u32>,
    /// The floors, top first.
    pub floors: Vec<FloorEntry>,
    /// The rolls that chose the number of floors and sets (`d6` choices).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LogEntry>,
}

/// One floor of a multi-floor dungeon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FloorEntry {
    /// 1 for the top floor.
    pub number: u32,
    /// The floor's own seed: its scenario's `seed`.
    pub seed: u64,
    /// Tile sets in the floor's Dungeon Stack: its scenario's `params.sets`.
    pub sets: u32,
    /// The floor's scenario, relative to the `dungeon.yaml` (`floor-1/scenario.yaml`).
    pub scenario: String,
    /// The staircase down and where it leads (every floor but the last).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stairs: Option<StairLink>,
}

/// A staircase down: its square on this floor and the floor it leads to
/// (the heroes arrive at that floor's entrance).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StairLink {
    /// The staircase token on this floor.
    #[serde(flatten)]
    pub at: Spot,
    /// The floor number it leads down to.
    pub to_floor: u32,
}

/// The JSON Schema of a multi-floor dungeon file (`dungeon.yaml`).
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(DungeonFile)
}
