//! Dungeon World 10 mm in play: tilecrawl sits in the Draken Master's seat
//! and runs the monsters, the dungeon and the dice against up to four
//! heroes the players move (issue 17). The layers, lowest first, as in
//! `mkd::play`:
//!
//! - data: `state` (the game as plain data with typed ids), `command`
//!   (what players type), `event` (what happened, with the dice faces),
//!   `refusal` (why a command is not allowed), `party` (the heroes);
//! - the printer: `transcript` (events into English), with `text_map`
//!   (the `map` view: marks, rulers, the key);
//! - the rules, each a function of a `ctx::Ctx`: `sight` and `walk` (no
//!   dice), `combat` (shooting, melee, free attacks, wounds), `abilities`
//!   (Charge Attack, Control Enemy, Gaze Attack), `magic` (spells, the
//!   lasting effects of furnishings), `dungeon`
//!   (traps, chests, doors, keys, staircases, teleporters, furnishings),
//!   `furniture` (tables and chairs carried, covering, broken),
//!   `spawn` (the spawn table, coffins), `familiar` (a hero's pet),
//!   `turn` (start-of-move checks, initiative, victory);
//! - the Draken Master's mind: `dm` (a policy as data, and the code that
//!   follows it);
//! - the game: `engine` (`Game::play(Command)` → events or a refusal),
//!   which carries out a hero's walk or jump through `moving`;
//! - around it: `session` (lines, undo, saves, resume) and `simulate`
//!   (automatic heroes on quiet dice).

pub mod abilities;
pub mod combat;
pub mod command;
pub mod complete;
pub mod conditions;
pub mod ctx;
pub mod dm;
pub mod dungeon;
pub mod engine;
pub mod event;
pub mod familiar;
pub mod furniture;
pub mod magic;
pub mod moving;
pub mod party;
pub mod refusal;
pub mod session;
pub mod sight;
pub mod simulate;
pub mod spawn;
pub mod state;
#[cfg(test)]
mod tests;
pub mod text_map;
pub mod transcript;
pub mod turn;
pub mod walk;
