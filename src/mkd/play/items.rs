//! Items found in chests. An item stays in its chest (the rules bring
//! items to town in the chests carried out, and a thief who takes a chest
//! takes its item): a weapon, armour or cloak works for whichever hero
//! carries the open chest, in the heroes' turns only, and stops working
//! for a hero who drops it, hands it on or has it stolen. A potion is drunk
//! at once by the hero who opens the chest and works through the dungeon's
//! turn until the next heroes' turn begins, when it is spent; the chest
//! keeps the empty flask. An item's bonuses are added to the hero's stats
//! (and its abilities lent) while it works, and taken off exactly when it
//! stops.

use crate::mkd::figures::Ability;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::Event;
use crate::mkd::play::state::{Boost, ChestId, HeroId, State};
use crate::mkd::tables::Item;

/// Hero `h` opened a chest and found `item` in it (in the heroes' turn):
/// a potion is drunk; gear works while the hero carries the chest.
pub fn take_item(cx: &mut Ctx, h: HeroId, item: &Item) {
    if item.potion {
        cx.s.heroes[h].items.push(item.clone());
    }
    refresh(cx.s, h, true);
    cx.emit(Event::ItemInUse {
        hero: h,
        item: item.name.clone(),
        potion: item.potion,
    });
}

/// Hero `h` came to carry chest `c` (took it up, or was handed it) in the
/// heroes' turn: its weapon, armour or cloak, if any, works for him now.
pub fn chest_taken(cx: &mut Ctx, h: HeroId, c: ChestId) {
    refresh(cx.s, h, true);
    if let Some(item) = gear(&cx.s.chests[c]) {
        let item = item.name.clone();
        cx.emit(Event::ItemInUse {
            hero: h,
            item,
            potion: false,
        });
    }
}

/// The gear (not a potion) in an open chest.
fn gear(c: &crate::mkd::play::state::ChestState) -> Option<&Item> {
    match &c.contents {
        Some((_, Some(item))) if c.open && !item.potion => Some(item),
        _ => None,
    }
}

/// The dungeon's turn begins: weapons, armour and cloaks rest.
pub fn dungeon_turn(s: &mut State) {
    for h in s.hero_ids() {
        refresh(s, h, false);
    }
}

/// A heroes' turn begins: potions drunk before are spent; the gear in the
/// chests each hero carries works.
pub fn heroes_turn(s: &mut State) {
    for h in s.hero_ids() {
        s.heroes[h].items.retain(|i| !i.potion);
        refresh(s, h, true);
    }
}

/// Takes off what hero `h`'s items added and puts on what they add now:
/// the potions drunk, and (`hero_turn`) the gear in the open chests carried.
pub fn refresh(s: &mut State, h: HeroId, hero_turn: bool) {
    let State { heroes, chests, .. } = s;
    let hero = &mut heroes[h];
    // Nothing worn and nothing to take off: nothing changes.
    if hero.items.is_empty() && hero.chests.is_empty() && hero.boost == Boost::default() {
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
    let carried = hero
        .chests
        .iter()
        .filter(|_| hero_turn)
        .filter_map(|&c| gear(&chests[c]));
    for item in hero.items.iter().filter(|i| i.potion).chain(carried) {
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
    use crate::mkd::play::engine::Game;
    use crate::mkd::play::refusal::Refusal;
    use crate::mkd::play::state::{ChestId, ChestPlace};
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

    /// Chest 0, open, holding `item`, carried by hero `h`.
    fn carry(g: &mut Game, h: HeroId, item: Item) {
        let c = ChestId(0);
        g.chests[c].open = true;
        g.chests[c].trap_spent = true;
        g.chests[c].contents = Some((0, Some(item)));
        g.chests[c].place = ChestPlace::Hero(h);
        g.heroes[h].chests = vec![c];
    }

    #[test]
    fn gear_works_in_the_heroes_turn_and_potions_until_the_next() {
        let mut g = game(&[]);
        let base = g.heroes[AYLA].stats;
        carry(&mut g, AYLA, blade());
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
        assert!(g.heroes[AYLA].items.is_empty());
    }

    #[test]
    fn gear_goes_with_its_chest_when_it_is_handed_on_dropped_or_taken() {
        // Contents 4 on the level 1 chest: coins and the honed blade. The
        // trap roll 1 is clean.
        let mut g = game(&[1, 4]);
        g.visited.extend(0..3);
        put_hero(&mut g, 0, p(22, 6), Side::S);
        put_hero(&mut g, 1, p(21, 6), Side::S);
        let base = g.heroes[AYLA].stats;
        ok(&mut g, "Ayla opens chest at 22,7");
        let armed = g.heroes[AYLA].stats;
        assert_eq!(armed.attacks, base.attacks + 1);
        // Handed on: the blade works for Borin now, not for Ayla.
        let ev = ok(&mut g, "Ayla gives chest to Borin");
        assert!(ev.contains(&Event::ItemInUse {
            hero: BORIN,
            item: "honed blade".into(),
            potion: false
        }));
        assert_eq!(g.heroes[AYLA].stats, base);
        assert_eq!(g.heroes[BORIN].stats, armed);
        // Dropped: it works for nobody.
        ok(&mut g, "Borin drops chest");
        assert_eq!(g.heroes[BORIN].stats, base);
        // Taken up again: it works for the taker.
        let ChestPlace::At(q) = g.chests[ChestId(0)].place else {
            panic!("the chest lies on a square")
        };
        let ev = ok(&mut g, &format!("Borin takes chest at {},{}", q.x, q.y));
        assert!(ev.contains(&Event::ItemInUse {
            hero: BORIN,
            item: "honed blade".into(),
            potion: false
        }));
        assert_eq!(g.heroes[BORIN].stats, armed);
        all_dice_used(&g);
    }

    #[test]
    fn a_stolen_chest_takes_its_gear_with_it() {
        let mut g = game(&[]);
        let base = g.heroes[AYLA].stats;
        carry(&mut g, AYLA, blade());
        heroes_turn(&mut g);
        assert_eq!(g.heroes[AYLA].stats.attacks, base.attacks + 1);
        // The thief's success, as `ai::theft_attempt` leaves it: the chest
        // is the monster's. From the next heroes' turn the blade is gone.
        dungeon_turn(&mut g);
        let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
        g.heroes[AYLA].chests.clear();
        g.chests[ChestId(0)].place = ChestPlace::Monster(m);
        g.chests[ChestId(0)].open = false;
        heroes_turn(&mut g);
        assert_eq!(g.heroes[AYLA].stats, base);
        assert!(!g.heroes[AYLA].has(Ability::Nimble));
    }

    #[test]
    fn a_potion_is_drunk_by_the_opener_and_not_again_by_the_next_carrier() {
        // A chest whose potion was drunk when it was opened, carried on.
        let mut g = game(&[]);
        let mut potion = blade();
        potion.name = "draught".into();
        potion.potion = true;
        potion.speed = 2;
        potion.attack = 0;
        potion.defence = 0;
        potion.abilities.clear();
        carry(&mut g, BORIN, potion);
        let base = g.heroes[BORIN].stats;
        heroes_turn(&mut g);
        // The flask in Borin's chest is empty: it adds nothing.
        assert_eq!(g.heroes[BORIN].stats, base);
    }

    fn draught() -> Item {
        Item {
            name: "swift draught".into(),
            speed: 2,
            attack: 0,
            defence: 0,
            abilities: vec!["Magic Levitation".into()],
            potion: true,
        }
    }

    #[test]
    fn chests_from_town_come_in_open_with_their_hero_and_their_gear_works() {
        let base = game(&[]).heroes[AYLA].stats;
        let g = game_bringing(vec![blade(), draught()], &[]);
        // After the scenario's one chest, in the party's order.
        let (blade_chest, flask) = (ChestId(1), ChestId(2));
        assert_eq!(g.chests.len(), 3);
        assert!(g.gear_chests && !game(&[]).gear_chests);
        assert_eq!(
            (
                g.chests[blade_chest].id.as_str(),
                g.chests[flask].id.as_str()
            ),
            ("town-1", "town-2")
        );
        for c in [blade_chest, flask] {
            let chest = &g.chests[c];
            assert_eq!(chest.place, ChestPlace::Hero(AYLA));
            assert!(
                chest.open
                    && chest.trap_spent
                    && chest.origin == crate::mkd::play::state::ChestOrigin::Town
            );
            assert_eq!(chest.contents.as_ref().map(|c| c.0), Some(0), "no gold");
        }
        assert!(!g.chests[blade_chest].full && g.chests[flask].full);
        assert_eq!(g.heroes[AYLA].chests, vec![blade_chest, flask]);
        // The blade works from the start; the draught waits to be drunk.
        let st = g.heroes[AYLA].stats;
        assert_eq!((st.attacks, st.armour), (base.attacks + 1, base.armour + 1));
        assert_eq!(st.speed, base.speed);
        assert!(
            g.heroes[AYLA].has(Ability::Nimble) && !g.heroes[AYLA].has(Ability::MagicLevitation)
        );
        assert_eq!(g.heroes[BORIN].stats, base);
        // A chest found later is numbered among the dungeon's own.
        assert_eq!(g.next_chest_name(), "chest-2");
    }

    #[test]
    fn a_potion_from_town_is_drunk_once_on_command_and_lasts_until_the_next_heroes_turn() {
        let mut g = game_bringing(vec![draught()], &[]);
        let base = g.heroes[AYLA].stats;
        assert!(matches!(
            refused(&mut g, "Ayla drinks"),
            Refusal::NotInDungeon { .. }
        ));
        put_hero(&mut g, 0, p(22, 6), Side::S);
        let line = |g: &Game| {
            g.status()
                .into_iter()
                .find(|l| l.starts_with("town-1"))
                .unwrap_or_default()
        };
        assert_eq!(
            line(&g),
            "town-1 (level 1): carried by Ayla, open; holds the swift draught (not drunk yet)"
        );
        let ev = ok(&mut g, "Ayla drinks");
        assert!(line(&g).ends_with("holds the swift draught (drunk)"));
        assert!(ev.contains(&Event::ItemInUse {
            hero: AYLA,
            item: "swift draught".into(),
            potion: true
        }));
        assert!(printed(&g, &ev).contains("Ayla drinks the swift draught"));
        assert_eq!(g.heroes[AYLA].stats.speed, base.speed + 2);
        assert!(g.heroes[AYLA].has(Ability::MagicLevitation));
        assert_eq!(g.heroes[AYLA].spent, 0, "drinking costs no speed");
        assert!(!g.chests[ChestId(1)].full);
        assert_eq!(
            refused(&mut g, "Ayla drinks"),
            Refusal::NoPotionCarried {
                hero: "Ayla".into()
            }
        );
        dungeon_turn(&mut g);
        assert_eq!(g.heroes[AYLA].stats.speed, base.speed + 2);
        heroes_turn(&mut g);
        assert_eq!(g.heroes[AYLA].stats, base);
        assert!(!g.heroes[AYLA].has(Ability::MagicLevitation));
    }

    #[test]
    fn a_town_potion_in_a_chest_a_thief_shut_is_drunk_by_whoever_opens_it() {
        // The trap roll 1 is clean; the contents are known (no roll).
        let mut g = game_bringing(vec![draught()], &[1]);
        let flask = ChestId(1);
        g.heroes[AYLA].chests.clear();
        g.chests[flask].place = ChestPlace::At(p(21, 6));
        g.chests[flask].open = false;
        g.chests[flask].trap_spent = false;
        refresh(&mut g, AYLA, true);
        put_hero(&mut g, 1, p(22, 6), Side::S);
        let base = g.heroes[BORIN].stats;
        let ev = ok(&mut g, "Borin opens chest at 21,6");
        assert!(ev.contains(&Event::ItemInUse {
            hero: BORIN,
            item: "swift draught".into(),
            potion: true
        }));
        assert_eq!(g.heroes[BORIN].stats.speed, base.speed + 2);
        assert!(!g.chests[flask].full);
        assert_eq!(g.heroes[BORIN].chests, vec![flask]);
        all_dice_used(&g);
    }
}
