//! The campaign's numbers: what items are worth, what town services cost,
//! how much experience a level takes and what a hero is worth.
//!
//! Every function here is pure; the town phase ([`super::town`]) strings
//! them together in the rules' order.

use crate::mkd::tables::Item;

/// Gold paid to bring a fallen hero back to life.
pub const RESURRECTION_GOLD: u32 = 1000;
/// Gold paid for each level of training (besides the experience).
pub const TRAINING_GOLD: u32 = 500;
pub use crate::mkd::mission::{MISSION_BONUS_EXPERIENCE_PERCENT, MISSION_BONUS_GOLD};
/// The highest level a campaign hero may reach (far beyond any real campaign;
/// it keeps the arithmetic below `u32`).
pub const MAX_LEVEL: u32 = 100;
/// The levels whose dial values a hero lists; past the last one the value
/// follows from the level-5 value.
pub const DIAL_LEVELS: u32 = 5;

/// What an item is worth: its speed, attack and defence bonuses plus 2 for
/// each special ability, times 200 gold; a potion is worth a third of that.
///
/// A penalty (a negative bonus) lowers the value, never below 0; a third of a
/// value is rounded down to whole gold. Both are tilecrawl's choices: the
/// rules' examples have neither.
pub fn item_value(item: &Item) -> u32 {
    let points = i64::from(item.speed)
        + i64::from(item.attack)
        + i64::from(item.defence)
        + 2 * item.abilities.len() as i64;
    let gold = points.max(0) * 200;
    let gold = if item.potion { gold / 3 } else { gold };
    u32::try_from(gold).unwrap_or(u32::MAX)
}

/// What a merchant pays for an item: half its value. A used potion cannot be
/// sold (`None`).
pub fn sell_price(item: &Item, used: bool) -> Option<u32> {
    if item.potion && used {
        None
    } else {
        Some(item_value(item) / 2)
    }
}

/// What recharging an item for the next dungeon costs: half its value.
pub fn recharge_cost(item: &Item) -> u32 {
    item_value(item) / 2
}

/// What buying an item (as a chest with no gold in it) costs: twice its value.
pub fn buy_price(item: &Item) -> u32 {
    item_value(item).saturating_mul(2)
}

/// A hero's dial value at `level`: the listed value up to level 5; past it,
/// the experience the next level takes divided by 10 (which is the level-5
/// value × level ÷ 5, rounded down).
///
/// `values` holds the values at levels 1 to 5 (it is never empty; a shorter
/// list repeats its last value).
pub fn hero_value(values: &[u32], level: u32) -> u32 {
    if level == 0 {
        crate::mkd::play::party::LEVEL_ZERO_VALUE
    } else if level <= DIAL_LEVELS {
        dial(values, level)
    } else {
        experience_to_next(values, level) / 10
    }
}

fn dial(values: &[u32], level: u32) -> u32 {
    let i = (level.max(1) - 1) as usize;
    values.get(i).or(values.last()).copied().unwrap_or_default()
}

/// Experience a hero at `level` needs to train to the next: 10 × the current
/// level's value up to level 5 (from level 0, 10 × its 20 points); past
/// level 5, the level-5 value × the current level × 2.
pub fn experience_to_next(values: &[u32], level: u32) -> u32 {
    if level <= DIAL_LEVELS {
        hero_value(values, level).saturating_mul(10)
    } else {
        dial(values, DIAL_LEVELS)
            .saturating_mul(level)
            .saturating_mul(2)
    }
}

/// The dial values at levels 1 to 5 of a hero who starts at `start` points,
/// when the party file gives only one value: each level adds a fifth of the
/// starting value (rounded down, at least 1), so a 25-point hero reads
/// 25, 30, 35, 40, 45.
///
/// The rules take these values from the hero's real dial, which tilecrawl
/// does not know; this rule is the project's own, and the campaign file
/// lists the values so a player can put in their figure's real ones.
pub fn default_dial_values(start: u32) -> Vec<u32> {
    let step = (start / 5).max(1);
    (0..DIAL_LEVELS)
        .map(|i| start.saturating_add(step.saturating_mul(i)))
        .collect()
}

/// Splits `total` into `n` shares as even as whole points allow: the first
/// `total % n` shares get one point more (party order decides who).
pub fn split_evenly(total: u32, n: usize) -> Vec<u32> {
    if n == 0 {
        return Vec::new();
    }
    let n32 = n as u32;
    let (each, rest) = (total / n32, total % n32);
    (0..n32).map(|i| each + u32::from(i < rest)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(speed: i32, attack: i32, defence: i32, abilities: &[&str], potion: bool) -> Item {
        Item {
            name: "x".into(),
            speed,
            attack,
            defence,
            abilities: abilities.iter().map(|a| a.to_string()).collect(),
            potion,
        }
    }

    #[test]
    fn the_rules_examples_of_item_values() {
        // "a +3, +3, +3 sword would be valued at 1800 gold"
        assert_eq!(item_value(&item(3, 3, 3, &[], false)), 1800);
        // "a +0, +1, +0 potion that gives flight is worth 200 gold"
        assert_eq!(item_value(&item(0, 1, 0, &["Flight"], true)), 200);
    }

    #[test]
    fn selling_recharging_and_buying_follow_the_value() {
        let sword = item(3, 3, 3, &[], false);
        assert_eq!(sell_price(&sword, false), Some(900));
        assert_eq!(
            sell_price(&sword, true),
            Some(900),
            "a used sword still sells"
        );
        assert_eq!(recharge_cost(&sword), 900);
        assert_eq!(buy_price(&sword), 3600);
        let potion = item(0, 1, 0, &["Flight"], true);
        assert_eq!(sell_price(&potion, false), Some(100));
        assert_eq!(
            sell_price(&potion, true),
            None,
            "used potions are unsellable"
        );
        assert_eq!(recharge_cost(&potion), 100);
        assert_eq!(buy_price(&potion), 400);
    }

    #[test]
    fn penalties_and_thirds() {
        // warded plate: speed −1, defence +2 → 1 × 200.
        assert_eq!(item_value(&item(-1, 0, 2, &[], false)), 200);
        assert_eq!(item_value(&item(-3, 0, 0, &[], false)), 0);
        // healing draught: one ability, a potion → 400 / 3, rounded down.
        assert_eq!(item_value(&item(0, 0, 0, &["Healing"], true)), 133);
    }

    #[test]
    fn the_rules_example_of_a_hero_past_level_5() {
        // "level 7 Shayle is worth 126 points": 126 × 10 = 1260 experience to
        // level 8 = (value at level 5) × 7 × 2, so her level-5 value is 90.
        let shayle = [50, 60, 70, 80, 90];
        assert_eq!(experience_to_next(&shayle, 7), 1260);
        assert_eq!(hero_value(&shayle, 7), 126);
        // Levels up to 5: 10 × the current level's value.
        assert_eq!(experience_to_next(&shayle, 1), 500);
        assert_eq!(experience_to_next(&shayle, 5), 900);
        assert_eq!(hero_value(&shayle, 3), 70);
        // Past 5 the rule picks up where the dial stops: level 5 ⇒ ×5×2 = ×10.
        assert_eq!(hero_value(&shayle, 5), 90);
        assert_eq!(experience_to_next(&shayle, 6), 1080);
        assert_eq!(hero_value(&shayle, 6), 108);
    }

    #[test]
    fn default_dial_values_climb_by_a_fifth() {
        assert_eq!(default_dial_values(25), [25, 30, 35, 40, 45]);
        assert_eq!(default_dial_values(3), [3, 4, 5, 6, 7]);
        assert_eq!(default_dial_values(1000)[4], 1800);
    }

    #[test]
    fn even_split_gives_the_remainder_to_the_first() {
        assert_eq!(split_evenly(10, 4), [3, 3, 2, 2]);
        assert_eq!(split_evenly(8, 4), [2, 2, 2, 2]);
        assert_eq!(split_evenly(1, 3), [1, 0, 0]);
        assert!(split_evenly(5, 0).is_empty());
        for (t, n) in [(0, 1), (99, 7), (1000, 12)] {
            assert_eq!(split_evenly(t, n).iter().sum::<u32>(), t);
        }
    }
}
