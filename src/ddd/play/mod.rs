//! The Dungeons Dark & Dangerous play engine, laid out like the MKD one
//! (`crate::mkd::play`), lowest first:
//!
//! - data: `state.rs` (the game as plain data), `event.rs` (what happened,
//!   with the dice faces), `command.rs` (what players type), `refusal.rs`;
//! - `grid.rs` — walking and sight with the doors as they stand;
//! - `rules.rs` — the referee, each rule a function of a `Ctx`;
//! - `deploy.rs` — deployment, step by step: tilecrawl's choices, or a
//!   side's own (`play --deploy-by-hand`);
//! - `engine.rs` — `Game`: deployment, then `play(Command)`;
//! - `transcript.rs` — events in English;
//! - `ai.rs` — the project's policy for a side;
//! - `session.rs` — typed lines, the AI's turns, undo, the save;
//! - `simulate.rs` — both sides by the policy, many times.

pub mod ai;
pub mod command;
pub mod complete;
pub mod deploy;
pub mod engine;
pub mod event;
pub mod grid;
pub mod refusal;
pub mod rules;
pub mod session;
pub mod simulate;
pub mod state;
pub mod transcript;

#[cfg(test)]
mod tests;
