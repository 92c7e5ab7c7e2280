//! Dungeon World 10 mm (S. A. Gilbert, 2nd edition; id `dungeon-world-10mm`):
//! a skirmish dungeon crawl on Pendraken resin pieces, one player the Draken
//! Master against up to four heroes. This folder holds its figures and roll
//! tables as data, its setup of a built dungeon (`?` traps, numbered chests,
//! teleporters, coloured staircases, doors and keys, pits, rock slides,
//! pools, spawn points, furnishings, dungeon conditions), its scenario
//! part and the Draken Master's sheet.

pub mod batch;
pub mod board;
pub mod campaign;
pub mod conditions;
pub mod features;
pub mod figures;
pub mod play;
pub mod scenario;
pub mod schema;
pub mod setup;
pub mod sheet;
pub mod tables;
pub mod wod_s;

pub use scenario::Scenario;
