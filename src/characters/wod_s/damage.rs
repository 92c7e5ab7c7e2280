//! A damage roll read by World of Dungeons S: its main die decides
//! fumbles and critical hits. A 1 on it is a fumble (the damage stands);
//! a 6 on it, for a player character or a boss enemy, may be a critical
//! hit — the GM's call, or, when unsure, a d20 that makes one on a 20 —
//! and a critical hit adds a critical injury to the damage. A light weapon
//! in the off hand lets the attacker re-roll the damage once an attack.

use crate::characters::CharacterError;
use crate::characters::roll::{self, Expr, Keep, Rolled, Term};
use crate::characters::wod_s::data::Tables;
use crate::characters::wod_s::injuries::{Injury, roll_injury};
use crate::core::dice::Dice;

/// The faces of the main die: the text's damage dice are d6s.
pub const MAIN_DIE_SIDES: u32 = 6;
/// The face of the main die that may make a critical hit.
pub const CRITICAL_FACE: u32 = 6;
/// The face of the main die that is a fumble.
pub const FUMBLE_FACE: u32 = 1;
/// The d20 face that makes an uncertain critical hit one.
pub const CRITICAL_D20: u32 = 20;

/// How a 6 on the main die is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Call {
    /// The GM is not sure the moment is telling enough: a d20 decides,
    /// a critical on a 20.
    #[default]
    Ask,
    /// The GM has declared the strike telling: a 6 is a critical hit
    /// without the d20.
    Declared,
}

/// Where the main die is in a rolled expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MainDie {
    /// The index of its term.
    pub term: usize,
    /// Its face.
    pub face: u32,
}

/// What a 6 on the main die came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Critical {
    /// The main die showed less than 6: no critical hit.
    No,
    /// A 6, and the d20 rolled; a 20 made the critical hit and its injury.
    Asked {
        /// The d20's face.
        d20: u32,
        /// The critical injury, on a 20.
        injury: Option<Injury>,
    },
    /// A 6 the GM had declared a critical hit: its injury.
    Declared(Injury),
}

impl Critical {
    /// The critical injury, if the hit was critical.
    pub fn injury(&self) -> Option<&Injury> {
        match self {
            Critical::No | Critical::Asked { injury: None, .. } => None,
            Critical::Asked {
                injury: Some(i), ..
            }
            | Critical::Declared(i) => Some(i),
        }
    }
}

/// Whether an attacker with a light weapon in the off hand re-rolls the
/// damage, and why. The text leaves the choice to the player; tilecrawl
/// makes it as a player after the most damage would (the project's
/// reading), looking at the first roll only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OffHandCall {
    /// The main die shows 6: kept, for its chance of a critical hit.
    KeptForCritical,
    /// The main die shows 1: re-rolled, to shake off the fumble.
    RerolledFumble,
    /// The total is below the expression's average: re-rolled.
    RerolledLow,
    /// The total is the average or more: kept.
    Kept,
}

impl OffHandCall {
    /// Whether the damage is rolled again.
    pub fn rerolls(self) -> bool {
        matches!(self, OffHandCall::RerolledFumble | OffHandCall::RerolledLow)
    }

    /// The call on a first roll whose main die shows `main`.
    pub fn of(expr: &Expr, first: &Rolled, main: u32) -> OffHandCall {
        if main == CRITICAL_FACE {
            OffHandCall::KeptForCritical
        } else if main == FUMBLE_FACE {
            OffHandCall::RerolledFumble
        } else if roll::below_average(expr, first) {
            OffHandCall::RerolledLow
        } else {
            OffHandCall::Kept
        }
    }
}

/// The first roll of an attack with a light weapon in the off hand, and
/// whether it was rolled again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OffHand {
    /// The first roll.
    pub first: Rolled,
    /// Its main die's face.
    pub first_main: u32,
    /// Kept or re-rolled, and why.
    pub call: OffHandCall,
}

/// The label the dice log gives an off-hand re-roll's dice.
pub const OFF_HAND_LABEL: &str = "off-hand re-roll";

/// A damage roll as World of Dungeons S reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    /// The expression as rolled (every die shown): the roll that stands,
    /// the re-roll when an off-hand weapon's re-roll was taken.
    pub rolled: Rolled,
    /// The main die (of the roll that stands).
    pub main: MainDie,
    /// What a 6 on the main die came to.
    pub critical: Critical,
    /// With a light weapon in the off hand: the first roll and the call.
    pub off_hand: Option<OffHand>,
}

impl Damage {
    /// The damage: the total, never below 0 (an unarmed d6-2 may show less).
    pub fn damage(&self) -> u32 {
        u32::try_from(self.rolled.total.max(0)).unwrap_or(u32::MAX)
    }

    /// A 1 on the main die: a fumble (the damage still counts).
    pub fn fumble(&self) -> bool {
        self.main.face == FUMBLE_FACE
    }

    /// HP the target loses behind `armour`: the damage less the armour,
    /// never below 0.
    pub fn hp_lost(&self, armour: u32) -> u32 {
        self.damage().saturating_sub(armour)
    }
}

/// The term whose first die is the main die: the first d6s added (not
/// taken away, not a best or worst die). The text has the player mark one
/// die; tilecrawl takes the first d6 written (decision).
pub fn main_term(expr: &Expr) -> Result<usize, CharacterError> {
    expr.terms
        .iter()
        .position(|t| {
            matches!(
                t,
                Term::Dice {
                    sides: MAIN_DIE_SIDES,
                    keep: Keep::Sum,
                    minus: false,
                    ..
                }
            )
        })
        .ok_or_else(|| CharacterError::NoMainDie {
            expr: expr.to_string(),
        })
}

/// Rolls `expr` as a damage roll: the expression's dice, then, when the
/// main die shows 6, the d20 (unless the GM `Declared` the critical) and
/// a critical hit's injury. Every die is logged.
pub fn roll_damage(
    t: &Tables,
    expr: &Expr,
    call: Call,
    dice: &mut Dice,
) -> Result<Damage, CharacterError> {
    roll_damage_with(t, expr, call, false, dice)
}

/// [`roll_damage`] for an attacker with a light weapon in the off hand:
/// the expression is rolled, then rolled once more when [`OffHandCall::of`]
/// says so, and the second roll stands; its main die alone then decides
/// the fumble and the critical hit. Every die is logged, the re-roll's as
/// [`OFF_HAND_LABEL`].
pub fn roll_damage_off_hand(
    t: &Tables,
    expr: &Expr,
    call: Call,
    dice: &mut Dice,
) -> Result<Damage, CharacterError> {
    roll_damage_with(t, expr, call, true, dice)
}

fn roll_damage_with(
    t: &Tables,
    expr: &Expr,
    call: Call,
    off_hand: bool,
    dice: &mut Dice,
) -> Result<Damage, CharacterError> {
    let term = main_term(expr)?;
    let main_of = |r: &Rolled| r.terms[term].faces[0];
    let (rolled, off_hand) = if off_hand {
        let mut first_call = None;
        let r = roll::roll_rerolling(expr, dice, OFF_HAND_LABEL, |first| {
            let c = OffHandCall::of(expr, first, main_of(first));
            first_call = Some(c);
            c.rerolls()
        });
        let off = OffHand {
            first_main: main_of(&r.first),
            call: first_call.unwrap_or(OffHandCall::Kept),
            first: r.first.clone(),
        };
        (r.second.unwrap_or(r.first), Some(off))
    } else {
        (roll::roll(expr, dice), None)
    };
    let face = main_of(&rolled);
    let critical = if face != CRITICAL_FACE {
        Critical::No
    } else {
        match call {
            Call::Declared => Critical::Declared(roll_injury(t, dice)),
            Call::Ask => {
                let d20 = dice.roll(
                    1,
                    20,
                    format_args!("critical hit? the main die shows 6: a {CRITICAL_D20} makes one"),
                );
                let injury = (d20 == CRITICAL_D20).then(|| roll_injury(t, dice));
                Critical::Asked { d20, injury }
            }
        }
    };
    Ok(Damage {
        rolled,
        main: MainDie { term, face },
        critical,
        off_hand,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> &'static Tables {
        Tables::embedded()
    }

    fn expr(s: &str) -> Expr {
        roll::parse(s).unwrap()
    }

    #[test]
    fn a_6_on_the_main_die_and_a_20_on_the_d20_add_a_critical_injury() {
        // d6+1 shows 6 (7 damage); the d20 shows 20: a critical; the
        // injury's d100 92 (neck) and d12 1: severed, instant death.
        let mut d = Dice::scripted(&[6, 20, 92, 1]);
        let r = roll_damage(t(), &expr("d6+1"), Call::Ask, &mut d).unwrap();
        assert_eq!(d.script_left(), 0, "the d20 and the injury were rolled");
        assert_eq!((r.damage(), r.main.face, r.fumble()), (7, 6, false));
        let Critical::Asked {
            d20: 20,
            injury: Some(i),
        } = &r.critical
        else {
            panic!("{:?}", r.critical)
        };
        assert_eq!(
            (i.location.as_str(), i.severity.as_str()),
            ("neck", "severed")
        );
        assert_eq!(i.effect.as_ref().unwrap().0, "X");
        assert_eq!(r.hp_lost(2), 5, "the damage still meets armour");
        assert_eq!(
            d.log()[1].purpose,
            "critical hit? the main die shows 6: a 20 makes one"
        );
    }

    #[test]
    fn a_6_with_a_d20_below_20_is_no_critical() {
        let mut d = Dice::scripted(&[6, 19]);
        let r = roll_damage(t(), &expr("d6+2"), Call::Ask, &mut d).unwrap();
        assert_eq!(d.script_left(), 0, "no injury rolled");
        assert_eq!(
            r.critical,
            Critical::Asked {
                d20: 19,
                injury: None
            }
        );
        assert_eq!(r.critical.injury(), None);
        assert_eq!(r.damage(), 8);
    }

    #[test]
    fn a_declared_critical_needs_no_d20() {
        // Main die 6: the injury's dice come at once (d100 30 gut, d12 8
        // broken: massive bleeding).
        let mut d = Dice::scripted(&[6, 30, 8]);
        let r = roll_damage(t(), &expr("d6"), Call::Declared, &mut d).unwrap();
        assert_eq!(d.script_left(), 0);
        let i = r.critical.injury().expect("a critical injury");
        assert_eq!((i.location_roll, i.location.as_str()), (30, "gut"));
        assert_eq!(i.effect.as_ref().unwrap().0, "B");
        // Declared or not, a main die below 6 is no critical.
        let mut d = Dice::scripted(&[5]);
        let r = roll_damage(t(), &expr("d6"), Call::Declared, &mut d).unwrap();
        assert_eq!((r.critical.clone(), d.script_left()), (Critical::No, 0));
    }

    #[test]
    fn only_the_main_die_makes_fumbles_and_criticals() {
        // 2d6+3: the first die is the main one. A 6 on the second die is
        // no critical; a 1 on the second no fumble.
        let mut d = Dice::scripted(&[3, 6]);
        let r = roll_damage(t(), &expr("2d6+3"), Call::Ask, &mut d).unwrap();
        assert_eq!((r.main.face, r.critical.clone()), (3, Critical::No));
        assert_eq!((r.damage(), d.script_left()), (12, 0));
        let mut d = Dice::scripted(&[4, 1]);
        assert!(
            !roll_damage(t(), &expr("2d6"), Call::Ask, &mut d)
                .unwrap()
                .fumble()
        );
        // A 1 on the main die is a fumble; the damage stands.
        let mut d = Dice::scripted(&[1, 6]);
        let r = roll_damage(t(), &expr("2d6+1"), Call::Ask, &mut d).unwrap();
        assert!(r.fumble());
        assert_eq!((r.damage(), r.critical.clone()), (8, Critical::No));
        // The main die is the first d6 added: after a d4, not a
        // subtracted d6 nor a best die.
        let mut d = Dice::scripted(&[2, 5, 6, 1]);
        let r = roll_damage(t(), &expr("d4-d6+1d6"), Call::Ask, &mut d).unwrap();
        assert_eq!(r.main, MainDie { term: 2, face: 6 });
        assert_eq!(d.script_left(), 0, "its 6 rolled the d20");
    }

    #[test]
    fn unarmed_damage_is_never_below_0_and_armour_takes_its_share() {
        let mut d = Dice::scripted(&[1]);
        let r = roll_damage(t(), &expr("d6-2"), Call::Ask, &mut d).unwrap();
        assert_eq!((r.rolled.total, r.damage(), r.hp_lost(0)), (-1, 0, 0));
        assert!(r.fumble());
        let mut d = Dice::scripted(&[4]);
        let r = roll_damage(t(), &expr("d6+1"), Call::Ask, &mut d).unwrap();
        assert_eq!((r.hp_lost(2), r.hp_lost(9)), (3, 0));
    }

    #[test]
    fn an_off_hand_light_weapon_rerolls_a_low_roll_once_and_the_reroll_stands() {
        // d6+1 shows 2 (3 damage), below the average 4.5: rolled again; the
        // 5 that comes up stands (6 damage) and is the main die.
        let mut d = Dice::scripted(&[2, 5]);
        let r = roll_damage_off_hand(t(), &expr("d6+1"), Call::Ask, &mut d).unwrap();
        assert_eq!(d.script_left(), 0);
        let off = r.off_hand.as_ref().expect("an off-hand roll");
        assert_eq!((off.first.total, off.first_main), (3, 2));
        assert_eq!(off.call, OffHandCall::RerolledLow);
        assert_eq!((r.damage(), r.main.face), (6, 5));
        assert_eq!(d.log()[1].purpose, "off-hand re-roll: die 1 of 1d6");
        // Re-rolled only once: a second low roll stands, fumble and all.
        let mut d = Dice::scripted(&[3, 1]);
        let r = roll_damage_off_hand(t(), &expr("d6+1"), Call::Ask, &mut d).unwrap();
        assert_eq!(d.script_left(), 0, "no third roll");
        assert_eq!((r.damage(), r.fumble()), (2, true));
        // The average or more is kept: no second roll.
        let mut d = Dice::scripted(&[4]);
        let r = roll_damage_off_hand(t(), &expr("d6+1"), Call::Ask, &mut d).unwrap();
        assert_eq!(r.off_hand.as_ref().unwrap().call, OffHandCall::Kept);
        assert_eq!((r.damage(), d.log().len()), (5, 1));
    }

    #[test]
    fn the_off_hand_reroll_escapes_a_fumble_and_keeps_a_chance_of_a_critical() {
        // 2d6 [1, 6] is the average 7, but its main die fumbles: re-rolled.
        let mut d = Dice::scripted(&[1, 6, 4, 4]);
        let r = roll_damage_off_hand(t(), &expr("2d6"), Call::Ask, &mut d).unwrap();
        assert_eq!(
            r.off_hand.as_ref().unwrap().call,
            OffHandCall::RerolledFumble
        );
        assert_eq!((r.damage(), r.fumble(), d.script_left()), (8, false, 0));
        // 3d6 [6, 1, 1] is below the average 10.5, but its main die may
        // make a critical hit: kept, and the d20 is rolled for it (20: a
        // critical; the injury's d100 5 shin, d2 1 left, d12 9 broken).
        let mut d = Dice::scripted(&[6, 1, 1, 20, 5, 1, 9]);
        let r = roll_damage_off_hand(t(), &expr("3d6"), Call::Ask, &mut d).unwrap();
        assert_eq!(d.script_left(), 0);
        let off = r.off_hand.as_ref().unwrap();
        assert_eq!(
            (off.call, off.call.rerolls()),
            (OffHandCall::KeptForCritical, false)
        );
        assert_eq!(r.rolled, off.first, "the first roll stands");
        let i = r.critical.injury().expect("a critical injury");
        assert_eq!((i.location.as_str(), i.side), ("shin", Some("left")));
        // A re-roll that shows 6 makes the d20 roll: only the standing
        // roll's main die counts.
        let mut d = Dice::scripted(&[2, 6, 19]);
        let r = roll_damage_off_hand(t(), &expr("d6"), Call::Ask, &mut d).unwrap();
        assert_eq!(
            r.critical,
            Critical::Asked {
                d20: 19,
                injury: None
            }
        );
        assert_eq!(d.script_left(), 0);
        // Without an off-hand weapon nothing is re-rolled.
        let mut d = Dice::scripted(&[1]);
        let r = roll_damage(t(), &expr("d6+1"), Call::Ask, &mut d).unwrap();
        assert_eq!((r.off_hand.is_none(), r.damage()), (true, 2));
    }

    #[test]
    fn an_expression_without_a_d6_to_add_has_no_main_die() {
        for bad in ["d8+1", "b[2d6]", "d4-d6", "w[3d6]+2"] {
            let mut d = Dice::scripted(&[]);
            let e = roll_damage(t(), &expr(bad), Call::Ask, &mut d)
                .unwrap_err()
                .to_string();
            assert!(e.contains("no d6 to be the main die"), "{bad}: {e}");
            assert!(d.log().is_empty(), "nothing rolled for {bad}");
        }
    }
}
