//! The MKD Adventure: its setup, roll tables, missions, floors, play and
//! campaign, all in one place.

pub mod batch;
pub mod campaign;
pub mod figures;
pub mod floors;
pub mod generate;
pub mod markers;
pub mod mission;
pub mod monsters;
pub mod orders;
pub mod play;
pub mod scenario;
pub mod setup;
pub mod sheet;
pub mod tables;
pub mod wod_s;

pub use scenario::Scenario;
