//! World of Dungeons S (house rules of World of Dungeons): characters made
//! by the text's tables, names by land of origin, hirelings by the day, and
//! what happens at 0 HP (the Con check and critical injuries), and damage
//! rolls' fumbles and critical hits; and a hero's name against its
//! sheet's, for the games' party loaders (`sheet_name`).

pub mod attributes;
pub mod character;
pub mod damage;
pub mod data;
pub mod hirelings;
pub mod injuries;
pub mod names;
pub mod sheet_name;

pub use character::{Character, Options, Sheet};
pub use data::Tables;
