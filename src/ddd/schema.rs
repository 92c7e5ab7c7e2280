//! The JSON Schemas of Dungeons Dark & Dangerous files: `scenario.yaml`
//! (here) and the war-party file (its own types, in `warparty.rs`).

use super::part::{CounterRecord, DddParams, DddPart, DoorRecord, ExitRecord, ZoneRecord};
use super::scenarios::ScenarioKind;
use crate::scenario::{self, Size};

/// The flat `scenario.yaml` of a board, key for key, for its JSON Schema
/// only: the file is read by the envelope's own visitor around
/// [`DddPart`], which schemars cannot see through. The value types are the
/// loader's own; a test checks that the keys here are [`DddPart`]'s.
#[derive(schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    rename = "DddScenario",
    description = "A scenario.yaml of Dungeons Dark & Dangerous: the board, its exits, doors, zones and counters."
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
    /// The rule system: `dd-and-d`.
    ruleset: scenario::RulesetOf<DddPart>,
    /// Which of the six scenarios.
    scenario: ScenarioKind,
    /// The choices the board was built with.
    params: DddParams,
    /// Printed size of one square in millimetres.
    #[schemars(range(min = crate::tileset::LIMITS.square_mm.0, max = crate::tileset::LIMITS.square_mm.1))]
    square_mm: f64,
    /// The board in squares.
    #[schemars(with = "scenario::GridSize")]
    size: Size,
    /// One string per row: `#` wall, `.` floor, `,` difficult ground,
    /// `X` obstacle, `%` rubble, `~` water.
    grid: Vec<String>,
    /// The ways off the board.
    exits: Vec<ExitRecord>,
    /// The doors.
    doors: Vec<DoorRecord>,
    /// Where each side may set up.
    zones: Vec<ZoneRecord>,
    /// Treasure, object, message or prisoner.
    counters: Vec<CounterRecord>,
    /// Every roll made while building and setting up, in order.
    log: Vec<crate::core::dice::LogEntry>,
}

/// The JSON Schema of a Dungeons Dark & Dangerous `scenario.yaml`.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(ScenarioFile)
}
