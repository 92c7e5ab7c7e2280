//! Solo play: the data the engine runs on (roll tables, the heroes' party).

pub mod party;
pub mod tables;
