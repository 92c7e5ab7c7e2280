//! The solo-play engine: runs a generated scenario with no dungeon master.
//!
//! The players report what their heroes do ([`command`]); the engine plays
//! the dungeon's side by the MKD Adventure "Play" rules — wandering monster
//! tokens, reveals, monster decisions, discoveries, doors and traps — with
//! every die shown in the transcript. Combat is either reported by the
//! players (`manual`) or rolled with Dungeon World dice ([`combat`]).

pub(crate) mod ai;
pub mod board;
pub mod combat;
pub mod command;
mod discovery;
pub mod engine;
pub mod floors;
pub mod missions;
pub mod party;
pub mod result;
pub mod session;
pub mod simulate;
pub mod state;

#[cfg(test)]
pub(crate) mod testkit;

pub use engine::{CombatMode, Game, GameOptions};
