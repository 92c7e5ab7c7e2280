//! Harm in the SRD: damage less armour (never below 0), cover as armour
//! against ranged attacks, armour-ignoring damage, and several attackers'
//! damage as the highest roll plus 1 for each attacker beyond the first.

use crate::characters::roll::{self, Expr};
use crate::core::dice::Dice;

/// Cover against a ranged attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cover {
    /// None.
    #[default]
    None,
    /// Partial cover: +1 armour.
    Partial,
    /// Major cover: +2 armour.
    Major,
}

/// One blow as it lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Blow {
    /// Damage dealt.
    pub damage: u32,
    /// The damage ignores armour (magic, poison, something huge).
    pub ignores_armour: bool,
    /// A ranged attack (cover counts).
    pub ranged: bool,
}

/// HP lost from a blow by a target with `armour` behind `cover`: the
/// damage less armour (and cover, for ranged blows), never below 0.
pub fn hp_lost(blow: Blow, armour: u32, cover: Cover) -> u32 {
    if blow.ignores_armour {
        return blow.damage;
    }
    let cover = match (blow.ranged, cover) {
        (false, _) | (true, Cover::None) => 0,
        (true, Cover::Partial) => 1,
        (true, Cover::Major) => 2,
    };
    blow.damage.saturating_sub(armour + cover)
}

/// Several attackers striking at once: each one's damage rolled, the
/// highest kept, +1 for every attacker beyond the first. Returns the
/// damage and the index of the attacker whose roll counted (its
/// armour-ignoring tag carries over). Each roll is logged.
pub fn several_attackers(damage: &[Expr], dice: &mut Dice) -> Option<(u32, usize)> {
    let totals: Vec<i64> = damage
        .iter()
        .map(|e| roll::roll(e, dice).total.max(0))
        .collect();
    let (best, &top) = totals
        .iter()
        .enumerate()
        .max_by_key(|&(i, t)| (*t, std::cmp::Reverse(i)))?;
    let extra = damage.len() as i64 - 1;
    Some(((top + extra).max(0) as u32, best))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armour_is_subtracted_down_to_0_and_cover_counts_at_range() {
        let b = Blow {
            damage: 7,
            ..Blow::default()
        };
        assert_eq!(hp_lost(b, 2, Cover::None), 5);
        assert_eq!(hp_lost(b, 9, Cover::None), 0);
        assert_eq!(
            hp_lost(b, 2, Cover::Major),
            5,
            "cover is for ranged attacks"
        );
        let r = Blow { ranged: true, ..b };
        assert_eq!(hp_lost(r, 2, Cover::Partial), 4);
        assert_eq!(hp_lost(r, 2, Cover::Major), 3);
        let m = Blow {
            ignores_armour: true,
            ..r
        };
        assert_eq!(hp_lost(m, 4, Cover::Major), 7);
    }

    #[test]
    fn several_attackers_take_the_highest_die_plus_one_each() {
        // The text's example: d10+1 and three goblins' d6; the d10 shows 5.
        let e = [
            roll::parse("d10+1").unwrap(),
            roll::parse("d6").unwrap(),
            roll::parse("d6").unwrap(),
            roll::parse("d6").unwrap(),
        ];
        let mut d = Dice::scripted(&[5, 2, 6, 3]);
        assert_eq!(several_attackers(&e, &mut d), Some((9, 0)));
        let mut d = Dice::scripted(&[1, 2, 6, 3]);
        assert_eq!(several_attackers(&e, &mut d), Some((9, 2)));
        assert_eq!(several_attackers(&[], &mut d), None);
    }
}
