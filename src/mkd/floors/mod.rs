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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DungeonFile {
    /// Always `tilecrawl-dungeon/1`.
    pub format: String,
    /// The program and version that wrote the file.
    pub generator: String,
    /// The master seed (floor seeds are derived from it).
    pub seed: u64,
    /// The mission in canonical form; its goal is on the last floor.
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

/// One floor of a [`DungeonFile`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorEntry {
    /// 1 for the top floor.
    pub number: u32,
    /// The floor's own seed.
    pub seed: u64,
    /// Tile sets in the floor's Dungeon Stack.
    pub sets: u32,
    /// The floor's scenario, relative to the `dungeon.yaml` (`floor-1/scenario.yaml`).
    pub scenario: String,
    /// The staircase down and where it leads (every floor but the last).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stairs: Option<StairLink>,
}

/// A staircase down: its square on this floor and the floor it leads to
/// (the heroes arrive at that floor's entrance).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StairLink {
    /// The staircase token on this floor.
    #[serde(flatten)]
    pub at: Spot,
    /// The floor number it leads down to.
    pub to_floor: u32,
}

/// The seed of floor `number` (1-based) of a dungeon with master seed
/// `seed`. Floor 1 uses the master seed itself, so a one-floor dungeon is
/// the ordinary adventure of that seed; deeper floors mix the floor number in
/// (SplitMix64's finaliser, portable and fixed).
pub fn floor_seed(seed: u64, number: u32) -> u64 {
    if number <= 1 {
        return seed;
    }
    let mut z = seed ^ (u64::from(number)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_one_keeps_the_master_seed_and_deeper_floors_differ() {
        assert_eq!(floor_seed(7, 1), 7);
        let seeds: Vec<u64> = (1..=MAX_FLOORS).map(|n| floor_seed(7, n)).collect();
        let mut sorted = seeds.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), seeds.len());
        // Pinned: the derivation is part of the file format.
        assert_eq!(floor_seed(7, 2), 12_918_135_221_727_111_561);
        assert_ne!(floor_seed(7, 2), floor_seed(8, 2));
    }
}
