//! The MKD Adventure's figures: dice-combat stats, ranged attacks and the
//! special abilities the solo rules know, with the checks every loader of
//! heroes, monsters and tables shares.

use serde::{Deserialize, Serialize};

/// The special abilities the MKD Adventure solo rules give monsters a behaviour for.
pub const KNOWN_ABILITIES: [&str; 17] = [
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
    "Mounted",
];

/// A special ability the solo rules know, typed: loaders read the names of
/// [`KNOWN_ABILITIES`] into it, so the rules never compare strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ability {
    /// Extra speed, to move only.
    Quickness,
    /// Drifts a hero like a wandering token, walking where the hero could
    /// walk; it moves others and gives its owner no flight.
    MagicLevitation,
    /// Hidden until it comes near; not held up by a token it reveals.
    Stealth,
    /// Not surprised when revealed; not held up by a token it reveals.
    Nimble,
    /// Falls back instead of fighting.
    Demoralized,
    /// Raises a fallen monster.
    Necromancy,
    /// Speeds and rallies the friends around it; a hero with it lets the team go first.
    Command,
    /// Holds a hero for a turn.
    MagicFreeze,
    /// Makes a hero wander like a token.
    MagicConfusion,
    /// Hard to see unless it could have revealed a token.
    LimitedInvisibility,
    /// Heals a wounded monster (itself first).
    Healing,
    /// A ranged magic attack.
    MagicBlast,
    /// An attack on every figure in a line.
    FlameLightning,
    /// A close attack on every adjacent hero.
    Shockwave,
    /// Heals like Healing, by magic.
    MagicHealing,
    /// Attacks from behind where it can.
    SneakAttack,
    /// Rides a mount (monsters only): faster until the mount falls.
    Mounted,
}

impl Ability {
    /// Every ability, in the order of [`KNOWN_ABILITIES`].
    pub const ALL: [Ability; 17] = [
        Ability::Quickness,
        Ability::MagicLevitation,
        Ability::Stealth,
        Ability::Nimble,
        Ability::Demoralized,
        Ability::Necromancy,
        Ability::Command,
        Ability::MagicFreeze,
        Ability::MagicConfusion,
        Ability::LimitedInvisibility,
        Ability::Healing,
        Ability::MagicBlast,
        Ability::FlameLightning,
        Ability::Shockwave,
        Ability::MagicHealing,
        Ability::SneakAttack,
        Ability::Mounted,
    ];

    /// Its name as files and the transcript write it (`Magic Levitation`).
    pub fn name(self) -> &'static str {
        KNOWN_ABILITIES[self as usize]
    }

    /// The ability of a name from [`KNOWN_ABILITIES`] (exactly as written there).
    pub fn parse(name: &str) -> Option<Ability> {
        KNOWN_ABILITIES
            .iter()
            .position(|&n| n == name)
            .map(|i| Ability::ALL[i])
    }

    /// A spell cast at a hero from a distance (the play engine's magic range).
    pub fn is_spell(self) -> bool {
        matches!(
            self,
            Ability::MagicLevitation
                | Ability::MagicFreeze
                | Ability::MagicConfusion
                | Ability::MagicBlast
                | Ability::FlameLightning
        )
    }

    /// One the rules say a monster "will choose to" use: only on a d6 of 1–3.
    pub fn used_on_half(self) -> bool {
        matches!(
            self,
            Ability::MagicLevitation
                | Ability::MagicFreeze
                | Ability::MagicConfusion
                | Ability::Necromancy
        )
    }
}

impl std::fmt::Display for Ability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Dice-combat stats (Dungeon World style): melee and shooting dice hit
/// on the roll the play rules set (`melee_hit`, `shoot_hit` of the roll
/// tables), each hit rolls a kill die, and a kill die of at least the
/// target's armour removes one wound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// Squares of movement (speed points) per activation.
    #[schemars(range(min = 1, max = MAX_STAT))]
    pub speed: u32,
    /// Melee dice.
    #[schemars(range(min = 1, max = MAX_STAT))]
    pub attacks: u32,
    /// Ranged attack, if any.
    pub shoot: Option<Shoot>,
    /// The kill die needed to wound this figure (1 to 6).
    #[schemars(range(min = 1, max = MAX_ARMOUR))]
    pub armour: u32,
    /// Wounds it can take; at 0 it is removed.
    #[schemars(range(min = 1, max = MAX_STAT))]
    pub wounds: u32,
}

/// The most speed, melee dice, shooting dice and wounds a figure may have
/// (the least is 1): every file of figures is held to it.
pub const MAX_STAT: u32 = 20;
/// The longest shooting range, in squares.
pub const MAX_RANGE: u32 = 30;
/// The highest armour: the kill die is a d6.
pub const MAX_ARMOUR: u32 = 6;

/// A ranged attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shoot {
    /// Shooting dice.
    #[schemars(range(min = 1, max = MAX_STAT))]
    pub dice: u32,
    /// Range in squares, counting the target's square.
    #[schemars(range(min = 1, max = MAX_RANGE))]
    pub range: u32,
}

/// Why a value of a figure, a table or a list was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// A name that is blank, too long or holds control characters (escaped).
    #[error("`{name}` must be 1 to {max} printable characters")]
    Name {
        /// The name as given, escaped.
        name: String,
        /// The most characters allowed.
        max: usize,
    },
    /// A number outside its range.
    #[error("{what} is {value}; expected {lo} to {hi}")]
    OutOfRange {
        /// What the number is (`speed`, `shoot.range`).
        what: String,
        /// The number given.
        value: String,
        /// The smallest allowed.
        lo: String,
        /// The largest allowed.
        hi: String,
    },
    /// A special ability the solo rules do not know (escaped).
    #[error("unknown ability `{0}`; expected one of {known}", known = KNOWN_ABILITIES.join(", "))]
    UnknownAbility(String),
}

/// A name of 1 to `max` characters, not blank, without control characters.
pub(crate) fn check_name(value: &str, max: usize) -> Result<(), ValueError> {
    if !crate::core::text::is_name(value, max) {
        return Err(ValueError::Name {
            name: value.escape_default().to_string(),
            max,
        });
    }
    Ok(())
}

/// `what` is `value`; expected `lo` to `hi`.
pub(crate) fn in_range<N: PartialOrd + std::fmt::Display>(
    what: &str,
    value: N,
    lo: N,
    hi: N,
) -> Result<(), ValueError> {
    if value < lo || value > hi {
        return Err(ValueError::OutOfRange {
            what: what.to_string(),
            value: value.to_string(),
            lo: lo.to_string(),
            hi: hi.to_string(),
        });
    }
    Ok(())
}

/// Checks dice-combat stats (heroes and monster profiles alike).
pub(crate) fn check_stats(s: &Stats) -> Result<(), ValueError> {
    in_range("speed", s.speed, 1, MAX_STAT)?;
    in_range("attacks", s.attacks, 1, MAX_STAT)?;
    if let Some(sh) = s.shoot {
        in_range("shoot.dice", sh.dice, 1, MAX_STAT)?;
        in_range("shoot.range", sh.range, 1, MAX_RANGE)?;
    }
    in_range("armour", s.armour, 1, MAX_ARMOUR)?;
    in_range("wounds", s.wounds, 1, MAX_STAT)
}

/// Checks that every name is a special ability the solo rules know.
pub(crate) fn check_abilities(abilities: &[String]) -> Result<(), ValueError> {
    parse_abilities(abilities).map(|_| ())
}

/// Reads ability names into [`Ability`]s, refusing one the solo rules do not know.
pub(crate) fn parse_abilities(abilities: &[String]) -> Result<Vec<Ability>, ValueError> {
    abilities
        .iter()
        .map(|a| {
            Ability::parse(a)
                .ok_or_else(|| ValueError::UnknownAbility(a.escape_default().to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_name_is_one_ability_and_back() {
        for (i, a) in Ability::ALL.into_iter().enumerate() {
            assert_eq!(a.name(), KNOWN_ABILITIES[i]);
            assert_eq!(Ability::parse(a.name()), Some(a));
            assert_eq!(a.to_string(), a.name());
        }
        assert_eq!(Ability::parse("magic levitation"), None);
        assert_eq!(
            parse_abilities(&["Nimble".into(), "Flame/Lightning".into()]),
            Ok(vec![Ability::Nimble, Ability::FlameLightning])
        );
        let e = parse_abilities(&["Flying".into()]).unwrap_err();
        assert_eq!(e, ValueError::UnknownAbility("Flying".into()));
        assert!(
            e.to_string()
                .starts_with("unknown ability `Flying`; expected one of Quickness, ")
        );
        assert_eq!(
            check_stats(&Stats {
                speed: 0,
                attacks: 1,
                shoot: None,
                armour: 4,
                wounds: 2,
            }),
            Err(ValueError::OutOfRange {
                what: "speed".into(),
                value: "0".into(),
                lo: "1".into(),
                hi: "20".into(),
            })
        );
        assert!(matches!(
            check_name(" ", 8),
            Err(ValueError::Name { max: 8, .. })
        ));
    }
}
