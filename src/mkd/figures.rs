//! The MKD Adventure's figures: dice-combat stats, ranged attacks and the
//! special abilities the solo rules know, with the checks every loader of
//! heroes, monsters and tables shares.

use serde::{Deserialize, Serialize};

/// The special abilities the MKD Adventure solo rules give monsters a behaviour for.
pub const KNOWN_ABILITIES: [&str; 16] = [
    "Quickness",
    "Magic Levitation",
    "Stealth",
    "Nimble",
    "Demoralized",
    "Necromancy",
    "Command",
    "Magic Freeze",
    "Magic Confusion",
    "Limited Invisibility",
    "Healing",
    "Magic Blast",
    "Flame/Lightning",
    "Shockwave",
    "Magic Healing",
    "Sneak Attack",
];

/// Dice-combat stats (Dungeon World style): melee dice hit on
/// [`crate::mkd::tables::PlayRules::melee_hit`], shooting dice on [`crate::mkd::tables::PlayRules::shoot_hit`], each
/// hit rolls a kill die, and a kill die of at least the target's armour
/// removes one wound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// Squares of movement (speed points) per activation.
    pub speed: u32,
    /// Melee dice.
    pub attacks: u32,
    /// Ranged attack, if any.
    pub shoot: Option<Shoot>,
    /// The kill die needed to wound this figure (1 to 6).
    pub armour: u32,
    /// Wounds it can take; at 0 it is removed.
    pub wounds: u32,
}

/// A ranged attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shoot {
    /// Shooting dice.
    pub dice: u32,
    /// Range in squares, counting the target's square.
    pub range: u32,
}

/// A name of 1 to `max` characters, not blank, without control characters.
pub(crate) fn check_name(value: &str, max: usize) -> Result<(), String> {
    if value.trim().is_empty() || value.chars().count() > max || value.chars().any(char::is_control)
    {
        return Err(format!(
            "`{}` must be 1 to {max} printable characters",
            value.escape_default()
        ));
    }
    Ok(())
}

/// `what` is `value`; expected `lo` to `hi`.
pub(crate) fn in_range<N: PartialOrd + std::fmt::Display>(
    what: &str,
    value: N,
    lo: N,
    hi: N,
) -> Result<(), String> {
    if value < lo || value > hi {
        return Err(format!("{what} is {value}; expected {lo} to {hi}"));
    }
    Ok(())
}

/// Checks dice-combat stats (heroes and monster profiles alike).
pub(crate) fn check_stats(s: &Stats) -> Result<(), String> {
    in_range("speed", s.speed, 1, 20)?;
    in_range("attacks", s.attacks, 1, 20)?;
    if let Some(sh) = s.shoot {
        in_range("shoot.dice", sh.dice, 1, 20)?;
        in_range("shoot.range", sh.range, 1, 30)?;
    }
    in_range("armour", s.armour, 1, 6)?;
    in_range("wounds", s.wounds, 1, 20)
}

/// Checks that every name is a special ability the solo rules know.
pub(crate) fn check_abilities(abilities: &[String]) -> Result<(), String> {
    for a in abilities {
        if !KNOWN_ABILITIES.contains(&a.as_str()) {
            return Err(format!(
                "unknown ability `{}`; expected one of {}",
                a.escape_default(),
                KNOWN_ABILITIES.join(", ")
            ));
        }
    }
    Ok(())
}
