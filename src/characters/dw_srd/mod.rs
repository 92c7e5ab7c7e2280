//! The Dungeon World SRD chapter "Playing the Game": hirelings (made from
//! where they are found), the move resolver (2d6 + a modifier in three
//! bands, hold, forward and ongoing, debilities) and harm (armour, cover,
//! several attackers at once). Moves the chapter names without defining
//! them (defy danger, Last Breath, Make Camp, …) are left out.

pub mod data;
pub mod harm;
pub mod hirelings;
pub mod moves;
