//! The JSON Schema of a Dungeon World 10 mm `scenario.yaml`.

use super::scenario::{Dw10Part, Feature, Params, Victory};
use crate::scenario::{self, Size};

/// The flat `scenario.yaml` of a Dungeon World 10 mm dungeon, key for key,
/// for its JSON Schema only: the file is read by the envelope's own visitor
/// around [`Dw10Part`], which schemars cannot see through. The value types
/// are the loader's own, so they cannot drift; a test checks that the keys
/// here are [`Dw10Part`]'s, in order.
#[derive(schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    rename = "Dw10Scenario",
    description = "A scenario.yaml of Dungeon World 10 mm: the dungeon, then where the heroes come in, how each side wins and every feature."
)]
#[allow(dead_code)] // never built: only its schema is used
pub(crate) struct ScenarioFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = crate::scenario::FORMAT))]
    format: String,
    /// The program and version that wrote the file.
    generator: String,
    /// The master seed.
    seed: u64,
    /// The rule system that set the dungeon up.
    ruleset: scenario::RulesetOf<Dw10Part>,
    /// The parameters the dungeon was built and set up with.
    params: Params,
    /// Printed size of one square in millimetres.
    #[schemars(range(min = crate::tileset::LIMITS.square_mm.0, max = crate::tileset::LIMITS.square_mm.1))]
    square_mm: f64,
    /// Bounding box of the dungeon in squares.
    #[schemars(with = "scenario::GridSize")]
    size: Size,
    /// Where the bounding box's north-west corner lies on the table.
    table_offset: crate::core::geom::Point,
    /// One string of cells in the tile-set legend per row, `_` where no piece is.
    grid: Vec<String>,
    /// The pieces in placement order.
    #[schemars(length(min = 1, max = scenario::MAX_TILES))]
    tiles: Vec<scenario::PlacedTile>,
    /// Pairs of connected piece indexes.
    connections: Vec<[usize; 2]>,
    /// The dungeon entrance.
    entrance: scenario::Entrance,
    /// The Central Chamber.
    central_chamber: scenario::CentralChamber,
    /// Entryways that lead nowhere.
    dead_ends: Vec<scenario::Opening>,
    /// Where the heroes come in: an active teleporter's square.
    start: super::features::At,
    /// How each side wins.
    victory: Victory,
    /// Every counter, door and piece of furniture.
    #[schemars(length(max = scenario::MAX_TOKENS))]
    features: Vec<Feature>,
    /// The rows of the dungeon conditions its squares name, when it was
    /// made with a condition table of the user's (`--conditions`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    conditions: Option<Vec<crate::dw10::conditions::ConditionRow>>,
    /// Every roll made while building and setting up, in order.
    log: Vec<crate::core::dice::LogEntry>,
}

/// The JSON Schema of a Dungeon World 10 mm `scenario.yaml`.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(ScenarioFile)
}
