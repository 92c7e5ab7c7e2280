//! Harm in the SRD: damage less armour (never below 0), cover as armour
//! against ranged attacks, armour-ignoring damage, and several attackers'
//! damage as the highest damage among them, rolled once, plus 1 for each
//! attacker beyond the first.

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

/// Several attackers striking at once: only the highest damage among
/// them is rolled, +1 for every attacker beyond the first. The highest is
/// the one with the greatest average (the project's reading; the first
/// listed of equals). Returns the damage and the index of the attacker
/// whose damage was rolled (its armour-ignoring tag carries over). The
/// roll is logged.
pub fn several_attackers(damage: &[Expr], dice: &mut Dice) -> Option<(u32, usize)> {
    let mut best: Option<(usize, f64)> = None;
    for (i, e) in damage.iter().enumerate() {
        let m = e.mean();
        if best.is_none_or(|(_, top)| m > top) {
            best = Some((i, m));
        }
    }
    let (best, _) = best?;
    let rolled = roll::roll(&damage[best], dice).total.max(0);
    let extra = damage.len() as i64 - 1;
    Some(((rolled + extra).max(0) as u32, best))
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
    fn several_attackers_roll_only_the_highest_damage_plus_one_each() {
        // The text's example: d10+1 and three goblins' d6. Only the d10+1 is
        // rolled (it shows 5), +3 for the goblins: 9.
        let e = [
            roll::parse("d6").unwrap(),
            roll::parse("d10+1").unwrap(),
            roll::parse("d6").unwrap(),
            roll::parse("d6").unwrap(),
        ];
        let mut d = Dice::scripted(&[5]);
        assert_eq!(several_attackers(&e, &mut d), Some((9, 1)));
        assert_eq!(d.script_left(), 0, "the goblins' d6 are not rolled");
        assert_eq!(d.log().len(), 1);
        // A low roll of the highest damage stands: no goblin's d6 replaces it.
        let mut d = Dice::scripted(&[1]);
        assert_eq!(several_attackers(&e, &mut d), Some((5, 1)));
        // The highest is by average: b[2d6] over d6, 2d4 over d8; equals:
        // the first listed.
        let two = |a: &str, b: &str| [roll::parse(a).unwrap(), roll::parse(b).unwrap()];
        let mut d = Dice::scripted(&[6, 2, 3, 4, 4]);
        assert_eq!(
            several_attackers(&two("d6", "b[2d6]"), &mut d),
            Some((7, 1))
        );
        assert_eq!(several_attackers(&two("d8", "2d4"), &mut d), Some((8, 1)));
        assert_eq!(several_attackers(&two("d6", "1d6"), &mut d), Some((5, 0)));
        assert_eq!(several_attackers(&[], &mut d), None);
    }
}
