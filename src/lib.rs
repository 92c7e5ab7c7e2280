//! tilecrawl builds tabletop dungeons from the tiles a player owns, the way
//! the MKD Adventure rules do at the table, and exports what the table needs.
//!
//! The pipeline, one typed stage after another (`ARCHITECTURE.md` is the
//! map of the code):
//!
//! 1. [`tileset::load`] — a tile-set YAML file into a checked [`tileset::TileSet`].
//! 2. [`build::layout::build`] — the Dungeon Stack laid tile by tile on random open exits.
//! 3. [`build::analysis::analyse`] — petgraph tile and square graphs, entrance, Central Chamber.
//! 4. [`rules::RuleSystem::setup`] — each game's setup on the built board
//!    (chests, tokens, pools and markers for the MKD Adventure).
//! 5. [`scenario::Scenario`] — all of it as `scenario.yaml`.
//! 6. [`export`] — one drawing model, encoded as SVG, PNG and PDF, and the sheets.
//!
//! Each game has one home: [`mkd`] (the MKD Adventure: generation, play,
//! campaigns, batches), [`dw10`] (Dungeon World 10 mm) and [`ddd`]
//! (Dungeons Dark & Dangerous); [`characters`] holds the character texts
//! that every game's parties are made from.
//!
//! [`mkd::generate::generate`] runs stages 2–5 for one seed, for any
//! [`mkd::mission::Mission`]; [`mkd::floors::build_floors`] runs it once per
//! floor of a multi-floor dungeon and links the floors by their stairs.
//! [`mkd::campaign`] keeps a party between adventures from the game's
//! [`mkd::play::result::AdventureResult`]. Every random decision is a
//! logged roll ([`core::dice`]); the same seed, parameters, tile set and
//! version give byte-identical output.
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
