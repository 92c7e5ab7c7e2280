//! The scenario: everything generated for one adventure, and its YAML form
//! (`format: tilecrawl-scenario/1`), read by the play engine, the exporters
//! and other tools.
//!
//! Coordinates are squares in the dungeon's bounding box: `x` grows east, `y`
//! grows south, `(0, 0)` is the north-west corner. `tile` fields index
//! [`Scenario::tiles`].

mod built;
mod io;
mod model;
mod ruleset;

pub use io::{
    Check, FORMAT, GridSize, MAX_GENERATOR_CHARS, MAX_GRID_SIDE, MAX_SCENARIO_BYTES, MAX_TILES,
    MAX_TOKENS, ScenarioError, TableSize, check_sets_laid, from_yaml, load, read_ruleset,
    read_text, to_yaml,
};
pub use model::*;
pub use ruleset::{RulesetId, RulesetOf, UnknownRuleset};
