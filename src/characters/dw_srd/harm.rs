//! Harm in the SRD: damage less armour (never below 0), cover as armour
//! against ranged attacks, armour-ignoring damage, several attackers'
//! damage as the highest damage among them, rolled once, plus 1 for each
//! attacker beyond the first, and damage from no creature by the chapter's
//! other-damage table.

use crate::characters::CharacterError;
use crate::characters::dw_srd::data::{OtherDamage, Tables, lookup};
use crate::characters::roll::{self, Expr, Keep, Rolled, RolledTerm, Term};
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

/// Damage from no creature, rolled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherRolled<'t> {
    /// The row of the table.
    pub row: &'t OtherDamage,
    /// Its one die as rolled.
    pub rolled: Rolled,
    /// The blow it lands (never ranged, so cover does not count).
    pub blow: Blow,
}

/// Damage from no creature (a collapsing tower, a pit): the GM picks how
/// bad it can be — the row `typed` names (an id or a unique beginning) —
/// and its one die is rolled (logged); `ignores_armour` is the tag the GM
/// adds when the source is huge, magic or poison.
pub fn other_damage<'t>(
    t: &'t Tables,
    typed: &str,
    ignores_armour: bool,
    dice: &mut Dice,
) -> Result<OtherRolled<'t>, CharacterError> {
    let row = lookup(&t.other_damage, |o| &o.id, typed, "other damage")?;
    let face = dice.roll(1, row.die, format_args!("other damage: {}", row.threat));
    let term = Term::Dice {
        count: 1,
        sides: row.die,
        keep: Keep::Sum,
        minus: false,
    };
    let rolled = Rolled {
        terms: vec![RolledTerm {
            term,
            faces: vec![face],
            value: i64::from(face),
        }],
        total: i64::from(face),
    };
    Ok(OtherRolled {
        row,
        rolled,
        blow: Blow {
            damage: face,
            ignores_armour,
            ranged: false,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_damage_rolls_the_die_of_the_row_the_gm_picks() {
        let t = Tables::embedded();
        // The chapter's four rows: d4, d6, d8, d10.
        let dice: Vec<(&str, u32)> = t
            .other_damage
            .iter()
            .map(|o| (o.id.as_str(), o.die))
            .collect();
        assert_eq!(
            dice,
            [("bruises", 4), ("blood", 6), ("bones", 8), ("deadly", 10)]
        );
        // Bones: a d8 showing 7, less 2 armour: 5 HP.
        let mut d = Dice::scripted(&[7]);
        let o = other_damage(t, "bones", false, &mut d).unwrap();
        assert_eq!(d.script_left(), 0);
        assert_eq!((o.row.die, o.rolled.total, o.blow.damage), (8, 7, 7));
        assert_eq!(hp_lost(o.blow, 2, Cover::None), 5);
        assert_eq!(d.log()[0].roll, "1d8");
        assert_eq!(d.log()[0].purpose, "other damage: bones may break");
        // Deadly, ignoring armour (magic, poison, something huge): a d10's
        // 10 goes through 4 armour whole.
        let mut d = Dice::scripted(&[10]);
        let o = other_damage(t, "deadly", true, &mut d).unwrap();
        assert_eq!(hp_lost(o.blow, 4, Cover::Major), 10);
        // A d4 never reaches past 3 armour.
        let mut d = Dice::scripted(&[4]);
        let o = other_damage(t, "bru", false, &mut d).unwrap();
        assert_eq!(
            (o.row.id.as_str(), hp_lost(o.blow, 4, Cover::None)),
            ("bruises", 0)
        );
        // An unknown row is refused, naming the four; a beginning of three
        // is ambiguous, naming those three. Nothing is rolled either way.
        let refused = |typed: &str| {
            let mut d = Dice::scripted(&[]);
            let e = other_damage(t, typed, false, &mut d).unwrap_err();
            assert!(d.log().is_empty(), "{typed}: nothing rolled");
            e.to_string()
        };
        assert_eq!(
            refused("pit"),
            "unknown other damage `pit`; expected one of: bruises, blood, bones, deadly"
        );
        assert_eq!(
            refused("b"),
            "other damage `b` is ambiguous: it begins bruises, blood, bones; type more of it"
        );
    }

    #[test]
    fn the_other_damage_table_is_checked_on_load() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/templates/characters/dw-srd.yaml"
        ));
        for (from, to, want) in [
            ("die: 8,", "die: 1,", "bones: a die of 1 faces"),
            (
                "id: blood,",
                "id: bruises,",
                "`bruises` is empty or used twice",
            ),
        ] {
            let e = crate::characters::dw_srd::data::parse(&text.replacen(from, to, 1), "d.yaml")
                .unwrap_err()
                .to_string();
            assert!(e.contains("other_damage") && e.contains(want), "{e}");
        }
    }

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
