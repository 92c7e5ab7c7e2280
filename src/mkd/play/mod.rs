//! The solo-play engine: runs a generated scenario with no dungeon master.
//!
//! The players report what their heroes do ([`command`]); the engine plays
//! the dungeon's side by the MKD Adventure "Play" rules — wandering monster
//! tokens, reveals, monster decisions, discoveries, doors and traps — with
//! every die shown in the transcript. Combat is either reported by the
//! players (`manual`) or rolled with Dungeon World dice ([`combat`]).
//!
//! The layers, lowest first (a module uses only those below it):
//! - data: [`board`], [`party`], [`command`], [`refusal`], [`standing`] (who
//!   stands where), [`state`] (the game as plain data, with typed ids),
//!   [`event`] (what happened);
//! - the printer: [`transcript`] (events, intro, status and map as English);
//! - the rules, each a function of the state, the dice and the command's
//!   events (`ctx::Ctx`): [`combat`], `reveal`, `discovery`, `steps`,
//!   `traps`, `heroes`, `missions`, `stairs`, `wmt`, and the monsters'
//!   decisions in `ai` (crate-private: the engine is their way in);
//! - the game: [`engine`] (commands in, events or a refusal out), [`result`];
//! - around it: [`session`] (typed lines, undo, saves), [`save_writer`]
//!   (the save kept up to date in linear time), [`floors`]
//!   (scenarios and multi-floor dungeons), [`simulate`] (automatic runs).

pub(crate) mod ai;
pub mod board;
pub mod combat;
pub mod command;
pub mod complete;
pub(crate) mod ctx;
pub(crate) mod discovery;
pub mod engine;
pub mod event;
pub mod floors;
pub(crate) mod heroes;
pub(crate) mod items;
pub(crate) mod missions;
pub mod party;
pub mod refusal;
pub mod result;
pub(crate) mod reveal;
pub mod save_writer;
pub mod session;
pub mod simulate;
pub(crate) mod stairs;
pub mod standing;
pub mod state;
pub(crate) mod steps;
pub mod transcript;
pub(crate) mod traps;
pub(crate) mod wmt;

#[cfg(test)]
pub(crate) mod testkit;

pub use engine::Game;
pub use state::{CombatMode, GameOptions};
