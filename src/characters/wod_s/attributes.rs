//! The six attributes of World of Dungeons S, each a small signed number
//! added to 2d6 rolls.

use serde::{Deserialize, Serialize};

/// One attribute.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Attribute {
    /// Strength: might and melee.
    Str,
    /// Dexterity: stealth, balance, reactions, aim.
    Dex,
    /// Constitution: stamina and health.
    Con,
    /// Intelligence: knowledge and reasoning.
    Int,
    /// Wisdom: senses, awareness, resolve.
    Wis,
    /// Charisma: charm and leadership.
    Cha,
}

impl Attribute {
    /// All six, in the sheet's order.
    pub const ALL: [Attribute; 6] = [
        Attribute::Str,
        Attribute::Dex,
        Attribute::Con,
        Attribute::Int,
        Attribute::Wis,
        Attribute::Cha,
    ];

    /// The short name on the sheet (`Str`).
    pub fn name(self) -> &'static str {
        match self {
            Attribute::Str => "Str",
            Attribute::Dex => "Dex",
            Attribute::Con => "Con",
            Attribute::Int => "Int",
            Attribute::Wis => "Wis",
            Attribute::Cha => "Cha",
        }
    }
}

/// A character's six attributes.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Attributes {
    /// Strength.
    pub str: i32,
    /// Dexterity.
    pub dex: i32,
    /// Constitution.
    pub con: i32,
    /// Intelligence.
    pub int: i32,
    /// Wisdom.
    pub wis: i32,
    /// Charisma.
    pub cha: i32,
}

impl Attributes {
    /// The value of one attribute.
    pub fn get(&self, a: Attribute) -> i32 {
        match a {
            Attribute::Str => self.str,
            Attribute::Dex => self.dex,
            Attribute::Con => self.con,
            Attribute::Int => self.int,
            Attribute::Wis => self.wis,
            Attribute::Cha => self.cha,
        }
    }

    /// The value of one attribute, to change.
    pub fn get_mut(&mut self, a: Attribute) -> &mut i32 {
        match a {
            Attribute::Str => &mut self.str,
            Attribute::Dex => &mut self.dex,
            Attribute::Con => &mut self.con,
            Attribute::Int => &mut self.int,
            Attribute::Wis => &mut self.wis,
            Attribute::Cha => &mut self.cha,
        }
    }

    /// The sum of all six.
    pub fn total(&self) -> i32 {
        Attribute::ALL.iter().map(|&a| self.get(a)).sum()
    }
}
