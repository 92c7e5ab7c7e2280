//! Items found in chests: the hero who opens a chest takes its item. A
//! weapon, armour or cloak works in the heroes' turns only; a potion is
//! drunk at once and works through the dungeon's turn until the next
//! heroes' turn begins, when it is spent. An item's bonuses are added to
//! the hero's stats (and its abilities lent) while it works, and taken off
//! exactly when it stops.

use crate::mkd::figures::Ability;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::Event;
use crate::mkd::play::state::{Boost, HeroId, State};
use crate::mkd::tables::Item;

/// Hero `h` takes `item` from a chest he opened (in the heroes' turn).
pub fn take_item(cx: &mut Ctx, h: HeroId, item: Item) {
    let name = item.name.clone();
    let potion = item.potion;
    cx.s.heroes[h].items.push(item);
    refresh(cx.s, h, true);
    cx.emit(Event::ItemInUse {
        hero: h,
        item: name,
        potion,
    });
}

/// The dungeon's turn begins: weapons, armour and cloaks rest.
pub fn dungeon_turn(s: &mut State) {
    for h in s.hero_ids() {
        refresh(s, h, false);
    }
}

/// A heroes' turn begins: potions drunk before are spent; the rest work.
pub fn heroes_turn(s: &mut State) {
    for h in s.hero_ids() {
        s.heroes[h].items.retain(|i| !i.potion);
        refresh(s, h, true);
    }
}

/// Takes off what hero `h`'s items added and puts on what they add now
/// (`hero_turn`: weapons, armour and cloaks work too).
pub fn refresh(s: &mut State, h: HeroId, hero_turn: bool) {
    let hero = &mut s.heroes[h];
    // Nothing worn and nothing to take off: nothing changes.
    if hero.items.is_empty() && hero.boost == Boost::default() {
        return;
    }
    let old = std::mem::take(&mut hero.boost);
    let st = &mut hero.stats;
    st.speed = add(st.speed, -old.speed);
    st.attacks = add(st.attacks, -old.attacks);
    st.armour = add(st.armour, -old.armour);
    for a in old.abilities {
        if let Some(i) = hero.abilities.iter().rposition(|&x| x == a) {
            hero.abilities.remove(i);
        }
    }
    let (mut speed, mut attacks, mut armour) = (0, 0, 0);
    let mut lent: Vec<Ability> = Vec::new();
    for item in hero.items.iter().filter(|i| i.potion || hero_turn) {
        speed += item.speed;
        attacks += item.attack;
        armour += item.defence;
        for a in item.abilities.iter().filter_map(|a| Ability::parse(a)) {
            if !hero.abilities.contains(&a) && !lent.contains(&a) {
                lent.push(a);
            }
        }
    }
    let st = &mut hero.stats;
    let before = (st.speed, st.attacks, st.armour);
    st.speed = add(st.speed, speed);
    if attacks != 0 {
        st.attacks = add(st.attacks, attacks).max(1);
    }
    if armour != 0 {
        st.armour = add(st.armour, armour).clamp(1, 6);
    }
    hero.abilities.extend(lent.iter().copied());
    hero.boost = Boost {
        speed: st.speed as i32 - before.0 as i32,
        attacks: st.attacks as i32 - before.1 as i32,
        armour: st.armour as i32 - before.2 as i32,
        abilities: lent,
    };
}

fn add(v: u32, d: i32) -> u32 {
    (i64::from(v) + i64::from(d)).clamp(0, i64::from(u32::MAX)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::state::ChestId;
    use crate::mkd::play::testkit::*;
    use crate::tileset::Side;

    fn blade() -> Item {
        Item {
            name: "honed blade".into(),
            speed: 0,
            attack: 1,
            defence: 1,
            abilities: vec!["Nimble".into()],
            potion: false,
        }
    }

    #[test]
    fn items_found_in_chests_take_effect() {
        // Contents 4 on a level 1 chest: coins and a honed blade (+1
        // attack). The trap roll 1 is clean.
        let mut g = game(&[1, 4]);
        g.visited.extend(0..3);
        put_hero(&mut g, 0, p(22, 6), Side::S);
        let attacks = g.heroes[AYLA].stats.attacks;
        let ev = ok(&mut g, "Ayla opens chest at 22,7");
        assert!(ev.contains(&Event::ItemInUse {
            hero: AYLA,
            item: "honed blade".into(),
            potion: false
        }));
        assert_eq!(g.heroes[AYLA].stats.attacks, attacks + 1);
        assert_eq!(
            g.chests[ChestId(0)].contents.as_ref().map(|c| c.0),
            Some(25)
        );
        all_dice_used(&g);
    }

    #[test]
    fn gear_works_in_the_heroes_turn_and_potions_until_the_next() {
        let mut g = game(&[]);
        let base = g.heroes[AYLA].stats;
        g.heroes[AYLA].items.push(blade());
        let mut potion = blade();
        potion.name = "draught".into();
        potion.potion = true;
        potion.abilities = vec!["Healing".into()];
        potion.attack = 0;
        potion.defence = 0;
        potion.speed = 2;
        g.heroes[AYLA].items.push(potion);
        refresh(&mut g, AYLA, true);
        assert_eq!(g.heroes[AYLA].stats.attacks, base.attacks + 1);
        assert_eq!(g.heroes[AYLA].stats.armour, base.armour + 1);
        assert_eq!(g.heroes[AYLA].stats.speed, base.speed + 2);
        assert!(g.heroes[AYLA].has(Ability::Nimble) && g.heroes[AYLA].has(Ability::Healing));
        // The dungeon's turn: the blade rests, the draught still works.
        dungeon_turn(&mut g);
        assert_eq!(g.heroes[AYLA].stats.attacks, base.attacks);
        assert_eq!(g.heroes[AYLA].stats.speed, base.speed + 2);
        assert!(!g.heroes[AYLA].has(Ability::Nimble) && g.heroes[AYLA].has(Ability::Healing));
        // The next heroes' turn: the draught is spent, the blade works.
        heroes_turn(&mut g);
        assert_eq!(g.heroes[AYLA].stats.speed, base.speed);
        assert_eq!(g.heroes[AYLA].stats.attacks, base.attacks + 1);
        assert!(!g.heroes[AYLA].has(Ability::Healing));
        assert_eq!(g.heroes[AYLA].items.len(), 1);
    }
}
