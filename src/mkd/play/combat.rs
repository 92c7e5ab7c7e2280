//! Dice combat from the Dungeon World 10 mm rules, for `--combat dice` and
//! `simulate`: roll the attacker's dice, each 4+ in melee (5+ shooting) is a
//! hit, each hit rolls a kill die, and each kill die equal to or above the
//! target's armour takes one wound.

use crate::core::dice::Dice;

/// The dice of one attack, for the transcript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackRoll {
    /// The to-hit dice.
    pub to_hit: Vec<u32>,
    /// The kill dice, one per hit.
    pub kill: Vec<u32>,
    /// Wounds inflicted.
    pub wounds: u32,
}

impl AttackRoll {
    /// `hits 2 of [5 1 4] (4+), kill dice [3 6] vs armour 4: 1 wound`.
    pub fn describe(&self, hit_on: u32, armour: u32) -> String {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        let hits = self.kill.len();
        let mut s = format!(
            "rolls [{}] needing {hit_on}+: {hits} hit{}",
            list(&self.to_hit),
            if hits == 1 { "" } else { "s" }
        );
        if hits > 0 {
            s += &format!(
                "; kill dice [{}] against armour {armour}: {} wound{}",
                list(&self.kill),
                self.wounds,
                if self.wounds == 1 { "" } else { "s" }
            );
        }
        s
    }
}

/// Rolls an attack of `dice` dice hitting on `hit_on`+ against `armour`.
/// `penalty` is taken off every to-hit die (shooting next to an enemy: 1).
pub fn attack(
    dice: &mut Dice,
    n: u32,
    hit_on: u32,
    armour: u32,
    penalty: u32,
    who: &str,
) -> AttackRoll {
    let mut to_hit = Vec::with_capacity(n as usize);
    let mut kill = Vec::new();
    for _ in 0..n.min(20) {
        let r = dice.d6(format!("{who}: to-hit die"));
        to_hit.push(r);
        if r.saturating_sub(penalty) >= hit_on && r > penalty {
            kill.push(0);
        }
    }
    let mut wounds = 0;
    for k in &mut kill {
        *k = dice.d6(format!("{who}: kill die"));
        if *k >= armour {
            wounds += 1;
        }
    }
    AttackRoll {
        to_hit,
        kill,
        wounds,
    }
}

/// The chance that an attack of `n` dice takes at least one wound (for the
/// simulator's policy and tests).
pub fn wound_chance(n: u32, hit_on: u32, armour: u32) -> f64 {
    let p_hit = f64::from(7u32.saturating_sub(hit_on).min(6)) / 6.0;
    let p_kill = f64::from(7u32.saturating_sub(armour.max(1)).min(6)) / 6.0;
    1.0 - (1.0 - p_hit * p_kill).powi(n as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_need_the_number_and_kills_the_armour() {
        let mut d = Dice::for_stage(7, "play");
        let mut total_hits = 0;
        let mut total_dice = 0;
        for _ in 0..2000 {
            let a = attack(&mut d, 3, 4, 4, 0, "t");
            assert_eq!(a.to_hit.len(), 3);
            assert_eq!(a.kill.len(), a.to_hit.iter().filter(|&&r| r >= 4).count());
            assert_eq!(
                a.wounds as usize,
                a.kill.iter().filter(|&&k| k >= 4).count()
            );
            total_hits += a.kill.len();
            total_dice += 3;
        }
        let rate = total_hits as f64 / total_dice as f64;
        assert!((rate - 0.5).abs() < 0.03, "hit rate {rate}");
    }

    #[test]
    fn a_penalty_makes_hits_rarer() {
        let mut d = Dice::for_stage(9, "play");
        for _ in 0..500 {
            let a = attack(&mut d, 2, 5, 3, 1, "t");
            for (i, _) in a.kill.iter().enumerate() {
                let _ = i;
            }
            assert!(a.to_hit.iter().filter(|&&r| r == 6).count() >= a.kill.len());
        }
        assert!((wound_chance(1, 4, 4) - 0.25).abs() < 1e-9);
    }
}
