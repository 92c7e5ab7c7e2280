//! tilecrawl builds tabletop dungeons from the tiles a player owns, the way
//! the MKD Adventure rules do at the table, and exports what the table needs.
//!
//! The pipeline, one typed stage after another:
//!
//! 1. [`tileset::load`] — a tile-set YAML file into a checked [`tileset::TileSet`].
//! 2. [`layout::build`] — the Dungeon Stack laid tile by tile on random open exits.
//! 3. [`analysis::analyse`] — petgraph tile and square graphs, entrance, Central Chamber.
//! 4. [`ruleset::Ruleset::populate`] — chests, WMTs, pools and markers (MKD Adventure first).
//! 5. [`scenario::Scenario`] — all of it as `scenario.yaml`.
//! 6. [`export`] — one drawing model, encoded as SVG and PNG.
//!
//! [`campaign`] keeps a party between adventures: it generates each one for
//! the heroes' current value and runs the town phase from the game's
//! [`play::result::AdventureResult`].
//!
//! [`generate::generate`] runs stages 2–5 for one seed, for any
//! [`mission::Mission`]; [`floors::build_floors`] runs it once per floor of a
//! multi-floor dungeon and links the floors by their stairs. Every random decision
//! is a logged roll ([`dice`]); the same seed, parameters, tile set and version
//! give byte-identical output.
#![deny(missing_docs)]

pub mod build;
pub mod characters;
pub mod core;
pub mod ddd;
pub mod dw10;
pub mod export;
pub mod games;
pub mod mkd;
pub mod pack;
pub mod rules;
pub mod scenario;
pub mod schema;
pub mod tileset;

/// The program name and version written into every scenario.
pub const GENERATOR: &str = concat!("tilecrawl ", env!("CARGO_PKG_VERSION"));
