//! The Dungeons Dark & Dangerous play engine, laid out like the MKD one
//! (`crate::mkd::play`), lowest first:
//!
//! - data: `state.rs` (the game as plain data), `event.rs` (what happened,
//!   with the dice faces), `command.rs` (what players type), `refusal.rs`;
//! - `grid.rs` — walking and sight with the doors as they stand;
//! - `walk.rs` — a model's walk this turn (`reach`) and who stands where;
//! - `rules.rs` — the referee, each rule a function of a `Ctx`;
//! - `edges.rs` — where tilecrawl's edges come from: the walk, a pair
//!   given, or the look-ahead's book;
//! - `deploy.rs` — deployment, step by step: tilecrawl's choices, or a
//!   side's own (`play --deploy-by-hand`);
//! - `engine.rs` — `Game`: deployment, then `play(Command)`;
//! - `transcript.rs` — events in English;
//! - `ai.rs` — the project's policy for a side;
//! - `turns.rs` — the policy's turns played until a player is up;
//! - `lookahead.rs` — the edges' book: short games of the policy on
//!   both sides for every pair of edges;
//! - `session.rs` — typed lines, undo, the save;
//! - `simulate.rs` — both sides by the policy, many times.

pub mod ai;
pub mod command;
pub mod complete;
pub mod deploy;
pub mod edges;
pub mod engine;
pub mod event;
pub mod grid;
pub mod lookahead;
pub mod refusal;
pub mod rules;
pub mod session;
pub mod simulate;
pub mod state;
pub mod transcript;
pub mod turns;
pub mod walk;

#[cfg(test)]
mod tests;
