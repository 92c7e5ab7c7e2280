//! The SRD's move resolver: roll+STAT is 2d6 plus the stat's modifier, read
//! in three bands (10+, 7–9, 6−, which marks XP); "forward" bonuses count
//! once, "ongoing" ones every roll; hold belongs to the move that gave it;
//! debilities take 1 from a stat's modifier each. Order Hirelings rolls
//! +loyalty.

use crate::characters::roll::Band;
use crate::core::dice::Dice;
use std::collections::{BTreeMap, BTreeSet};

/// The six stats a move may roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stat {
    /// Strength.
    Str,
    /// Dexterity.
    Dex,
    /// Constitution.
    Con,
    /// Intelligence.
    Int,
    /// Wisdom.
    Wis,
    /// Charisma.
    Cha,
}

/// A debility: -1 to one stat's modifier, had at most once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Debility {
    /// -1 Str.
    Weak,
    /// -1 Dex.
    Shaky,
    /// -1 Con.
    Sick,
    /// -1 Int.
    Stunned,
    /// -1 Wis.
    Confused,
    /// -1 Cha.
    Scarred,
}

impl Debility {
    /// The stat it lowers.
    pub fn stat(self) -> Stat {
        match self {
            Debility::Weak => Stat::Str,
            Debility::Shaky => Stat::Dex,
            Debility::Sick => Stat::Con,
            Debility::Stunned => Stat::Int,
            Debility::Confused => Stat::Wis,
            Debility::Scarred => Stat::Cha,
        }
    }
}

/// What a character carries from roll to roll: forward and ongoing
/// bonuses, hold by move, XP marked and debilities.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bonuses {
    /// Bonuses for the next roll only.
    pub forward: i32,
    /// Bonuses for every roll until they end.
    pub ongoing: i32,
    /// Hold, by the move that gave it.
    pub hold: BTreeMap<String, u32>,
    /// XP marked.
    pub xp: u32,
    /// Debilities had.
    pub debilities: BTreeSet<Debility>,
}

impl Bonuses {
    /// "Hold X" from a move: any earlier hold of that move is lost.
    pub fn set_hold(&mut self, from_move: &str, n: u32) {
        self.hold.insert(from_move.to_string(), n);
    }

    /// Spends one hold of a move; false if it has none (hold of another
    /// move cannot be spent on it).
    pub fn spend_hold(&mut self, on_move: &str) -> bool {
        match self.hold.get_mut(on_move) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    }

    /// Takes a debility; false if it was had already (no second one).
    pub fn take_debility(&mut self, d: Debility) -> bool {
        self.debilities.insert(d)
    }

    /// A stat's modifier with the debilities counted, kept within the
    /// −3 to +3 every modifier has (SRD 003:99).
    pub fn modifier(&self, stat: Stat, base: i32) -> i32 {
        let less = self.debilities.iter().filter(|d| d.stat() == stat).count() as i32;
        (base - less).clamp(-3, 3)
    }
}

/// A rolled move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRoll {
    /// The two d6.
    pub faces: [u32; 2],
    /// The modifier added (stat, forward and ongoing together).
    pub modifier: i32,
    /// The total.
    pub total: i64,
    /// Its band.
    pub band: Band,
    /// XP was marked (a 6−).
    pub marked_xp: bool,
}

/// roll+modifier: 2d6, plus the modifier, the forward bonus (then spent)
/// and the ongoing one; a 6− marks XP.
pub fn roll_move(modifier: i32, b: &mut Bonuses, why: &str, dice: &mut Dice) -> MoveRoll {
    let one = dice.roll(1, 6, format_args!("{why}: first d6"));
    let two = dice.roll(1, 6, format_args!("{why}: second d6"));
    let m = modifier + b.forward + b.ongoing;
    b.forward = 0;
    let total = i64::from(one + two) + i64::from(m);
    let band = Band::of(total);
    let marked_xp = band == Band::Miss;
    if marked_xp {
        b.xp += 1;
    }
    MoveRoll {
        faces: [one, two],
        modifier: m,
        total,
        band,
        marked_xp,
    }
}

/// What a hireling does with a dangerous, degrading or mad order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// 10+: stands firm and does it.
    CarriesOut,
    /// 7–9: does it for now, with serious demands later.
    ObeysWithDemands,
    /// 6−: refuses (the chapter gives no 6− result: the project's choice).
    Refuses,
}

/// Order Hirelings: roll+loyalty, -1 ongoing while its cost is unpaid. The
/// move is the ordering player's (SRD 003:471), so `b` is that player's
/// bonuses: their forward and ongoing count, and a 6− marks their XP; the
/// hireling adds only its loyalty.
pub fn order_hireling(
    loyalty: i32,
    unpaid: bool,
    b: &mut Bonuses,
    dice: &mut Dice,
) -> (MoveRoll, Order) {
    let m = loyalty - i32::from(unpaid);
    let r = roll_move(m, b, "order a hireling (+loyalty)", dice);
    let o = match r.band {
        Band::Hit => Order::CarriesOut,
        Band::Partial => Order::ObeysWithDemands,
        Band::Miss => Order::Refuses,
    };
    (r, o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_miss_marks_xp_and_forward_counts_once() {
        let mut b = Bonuses::default();
        let mut d = Dice::scripted(&[1, 4, 1, 4, 1, 4]);
        // The text's example: +1 STR, a 1 and a 4: 6, a miss.
        let r = roll_move(1, &mut b, "hack and slash", &mut d);
        assert_eq!((r.total, r.band, b.xp), (6, Band::Miss, 1));
        b.forward = 1;
        b.ongoing = 1;
        let r = roll_move(1, &mut b, "hack and slash", &mut d);
        assert_eq!((r.total, r.band, b.xp), (8, Band::Partial, 1));
        let r = roll_move(1, &mut b, "hack and slash", &mut d);
        assert_eq!(
            r.total, 7,
            "the forward bonus is spent, the ongoing one stays"
        );
    }

    #[test]
    fn hold_is_per_move_and_replaced() {
        let mut b = Bonuses::default();
        b.set_hold("defend", 3);
        b.set_hold("defend", 1);
        assert!(!b.spend_hold("trap expert"));
        assert!(b.spend_hold("defend"));
        assert!(!b.spend_hold("defend"));
    }

    #[test]
    fn a_debility_is_had_once_and_lowers_the_modifier() {
        let mut b = Bonuses::default();
        assert!(b.take_debility(Debility::Sick));
        assert!(!b.take_debility(Debility::Sick));
        assert_eq!(b.modifier(Stat::Con, 1), 0);
        assert_eq!(b.modifier(Stat::Str, 1), 1);
        // A modifier never leaves -3 to +3.
        assert_eq!(b.modifier(Stat::Con, -3), -3);
        assert_eq!(b.modifier(Stat::Str, 5), 3);
    }

    #[test]
    fn orders_roll_loyalty_less_one_when_unpaid() {
        let mut b = Bonuses::default();
        let mut d = Dice::scripted(&[4, 4, 4, 4, 1, 2]);
        assert_eq!(
            order_hireling(2, false, &mut b, &mut d).1,
            Order::CarriesOut
        );
        assert_eq!(
            order_hireling(2, true, &mut b, &mut d).1,
            Order::ObeysWithDemands
        );
        assert_eq!(order_hireling(1, false, &mut b, &mut d).1, Order::Refuses);
    }
}
