//! Staircases in a fight (L324-326): the two ends of one colour touch for
//! attacks and see each other and the squares beside each other.

use super::*;

/// Two rooms no walk joins, a red staircase between them: one end at
/// 2,2 in the west room, the other at 7,2 in the east one.
///
/// ```text
/// ###########
/// #...#.....#
/// #.s.#..s..#
/// #...#.....#
/// ###########
/// ```
const TWO_ROOMS: &str = "
###########
#...#.....#
#...#.....#
#...#.....#
###########";

fn red_stairs() -> Vec<Feature> {
    red_stairs_at((2, 2), (7, 2))
}

#[test]
fn figures_on_the_two_ends_of_a_staircase_fight_in_the_melee_phase() {
    let mut k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Tracker", (2, 2))],
        &[("Orc", (7, 2))],
    );
    assert_eq!(k.s.enemies_next_to(H0), vec![M0]);
    assert_eq!(combat::melees(&k.s), vec![vec![H0, M0]]);
    // The Tracker's 4 dice, then the orc's 2: all miss.
    let ev = k.run(&[1, 1, 1, 1, 1, 1], combat::melee_phase);
    assert!(ev.contains(&Event::Melee {
        side: SideId::Heroes,
        figures: vec![H0],
        dice: vec![1, 1, 1, 1],
        kills: vec![],
    }));
    assert!(ev.contains(&Event::Melee {
        side: SideId::Dm,
        figures: vec![M0],
        dice: vec![1, 1],
        kills: vec![],
    }));
}

#[test]
fn stepping_onto_a_staircase_end_enters_the_kill_zone_of_the_enemy_on_the_other_end() {
    let mut k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Tracker", (1, 1))],
        &[("Orc", (7, 2))],
    );
    assert!(k.s.in_kill_zone((2, 2), SideId::Heroes));
    // The walk stops there: nothing beyond the end is reached through it.
    let r = walk::reach(&k.s, &k.map, H0, 20);
    let (path, _) = r.path((3, 3));
    assert!(!path.contains(&(2, 2)));
    let ev = k.run(&[], |c| moving::hero_move(c, HeroId(0), (2, 2)));
    assert_eq!(
        ev[0],
        Event::Moved {
            who: H0,
            from: (1, 1),
            to: (2, 2),
            cost: 2,
            stopped: true,
        }
    );
    assert_eq!(k.s.hero(HeroId(0)).mp, 0);
}

#[test]
fn leaving_a_staircase_end_draws_the_free_attack_of_the_enemy_on_the_other_end() {
    let mut k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Tracker", (2, 2))],
        &[("Orc", (7, 2))],
    );
    // The orc's 2 dice: one 4 hits, its kill die 4 beats armour 4.
    let ev = k.run(&[4, 1, 4], |c| moving::hero_move(c, HeroId(0), (1, 1)));
    assert_eq!(
        ev[0],
        Event::FreeAttack {
            target: H0,
            by: vec![M0],
            dice: vec![4, 1],
            kills: vec![4],
        }
    );
    assert!(ev.contains(&Event::Wounded {
        who: H0,
        wounds: 1,
        left: 6
    }));
}

#[test]
fn a_staircase_end_sees_the_other_end_and_the_squares_beside_it_and_back() {
    let k = kit(TWO_ROOMS, red_stairs(), &[("Tracker", (2, 2))], &[]);
    let see = |k: &Kit, a: Sq, b: Sq| sight::look(&k.s, &k.map, a, b, false);
    assert_eq!(see(&k, (2, 2), (7, 2)), Look::Clear);
    assert_eq!(see(&k, (2, 2), (8, 3)), Look::Clear);
    assert_eq!(see(&k, (8, 3), (2, 2)), Look::Clear);
    assert_eq!(see(&k, (7, 1), (2, 2)), Look::Clear);
    // Two squares from the far end, or beside the near end: not that way.
    assert_eq!(see(&k, (2, 2), (9, 2)), Look::Hidden);
    assert_eq!(see(&k, (1, 1), (8, 3)), Look::Hidden);
    // A figure on the far end hides the squares beside it (Master Shot
    // sees past it).
    let k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Tracker", (2, 2))],
        &[("Orc", (7, 2))],
    );
    assert_eq!(see(&k, (2, 2), (8, 3)), Look::Hidden);
    assert_eq!(sight::look(&k.s, &k.map, (2, 2), (8, 3), true), Look::Clear);
}

#[test]
fn a_shot_through_a_staircase_counts_it_as_one_square() {
    // The Dwarf Crossbowman shoots 2-4: the orc beside the far end is 2
    // away that way, 6 straight (and behind the wall).
    let k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Dwarf Crossbowman", (2, 2))],
        &[("Orc", (8, 3)), ("Orc", (9, 1))],
    );
    assert_eq!(combat::shot_check(&k.s, &k.map, H0, M0), Ok(Look::Clear));
    let far = combat::shot_check(&k.s, &k.map, H0, Who::Monster(MonsterId(1)));
    assert!(
        matches!(far, Err(combat::NoShot::OutOfRange { range: 7, .. })),
        "{far:?}"
    );
}

#[test]
fn the_draken_master_walks_a_monster_onto_a_staircase_end_to_fight_the_hero_on_the_other() {
    let mut k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Tracker", (2, 2))],
        &[("Orc", (9, 3))],
    );
    let p = dm::Policy::default();
    let ev = k.run(&[], |c| dm::action_phase(c, &p));
    assert_eq!(k.s.monster(MonsterId(0)).body.at, Some((7, 2)));
    assert!(ev.contains(&Event::Moved {
        who: M0,
        from: (9, 3),
        to: (7, 2),
        cost: 3,
        stopped: true,
    }));
}

#[test]
fn an_automatic_fighter_attacks_a_monster_on_the_far_end_of_a_staircase() {
    let k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Front Line Warrior", (1, 1))],
        &[("Orc", (7, 2))],
    );
    let v = simulate::View {
        s: &k.s,
        map: &k.map,
    };
    assert_eq!(
        simulate::hero_choice(&v, HeroId(0)),
        Some(command::Command::Move("Front".into(), (2, 2)))
    );
}

// Kill zones on a jump (L120-136 read for staircases and teleporters).

#[test]
fn leaving_a_kill_zone_by_a_staircase_draws_the_free_attack_a_walk_would() {
    let mut k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Tracker", (2, 2))],
        &[("Orc", (1, 1))],
    );
    // The orc's 2 dice: a 4 hits, its kill die 5 beats armour 4.
    let ev = k.run(&[4, 1, 5], |c| {
        moving::hero_jump(c, HeroId(0), (7, 2), moving::Jump::Stairs)
    });
    assert_eq!(
        ev[0],
        Event::FreeAttack {
            target: H0,
            by: vec![M0],
            dice: vec![4, 1],
            kills: vec![5],
        }
    );
    assert!(ev.contains(&Event::Stairs {
        hero: HeroId(0),
        to: (7, 2),
        stopped: false,
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((7, 2)));
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 6);
    assert_eq!(k.s.hero(HeroId(0)).mp, 4);
}

#[test]
fn a_stealthy_hero_leaves_a_kill_zone_by_a_staircase_without_free_attacks() {
    let mut k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Field Medic", (2, 2))],
        &[("Orc", (1, 1))],
    );
    let ev = k.run(&[], |c| {
        moving::hero_jump(c, HeroId(0), (7, 2), moving::Jump::Stairs)
    });
    assert!(!ev.iter().any(|e| matches!(e, Event::FreeAttack { .. })));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((7, 2)));
}

#[test]
fn arriving_beside_an_enemy_by_a_staircase_ends_the_heros_movement() {
    let mut k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Tracker", (2, 2))],
        &[("Orc", (8, 3))],
    );
    let ev = k.run(&[], |c| {
        moving::hero_jump(c, HeroId(0), (7, 2), moving::Jump::Stairs)
    });
    assert_eq!(
        ev[0],
        Event::Stairs {
            hero: HeroId(0),
            to: (7, 2),
            stopped: true,
        }
    );
    assert_eq!(k.s.hero(HeroId(0)).mp, 0);
}

#[test]
fn a_teleport_out_of_one_kill_zone_into_another_draws_free_attacks_and_stops() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Orc", (2, 2)), ("Orc", (6, 4))],
    );
    // Only the orc left behind strikes: 2 dice, no hit.
    let ev = k.run(&[1, 2], |c| {
        moving::hero_jump(c, HeroId(0), (7, 4), moving::Jump::Teleporter)
    });
    assert_eq!(
        ev[0],
        Event::FreeAttack {
            target: H0,
            by: vec![M0],
            dice: vec![1, 2],
            kills: vec![],
        }
    );
    assert_eq!(
        ev[1],
        Event::Teleported {
            hero: HeroId(0),
            to: (7, 4),
            stopped: true,
        }
    );
    assert_eq!(k.s.hero(HeroId(0)).mp, 0);
}

/// Leaving the dungeon from a kill zone is leaving it: every enemy beside
/// the hero strikes first, and a hero the free attack kills stays behind.
#[test]
fn escaping_from_a_kill_zone_draws_the_free_attack_of_every_enemy_beside() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (2, 2)), ("Wood Elf", (6, 2))],
        &[("Orc", (1, 1)), ("Orc", (3, 3))],
    );
    // Both orcs, 2 + 2 dice: no hit, the hero leaves.
    let ev = k.run(&[1, 2, 3, 1], |c| turn::escape(c, HeroId(0)));
    assert_eq!(
        ev,
        vec![
            Event::FreeAttack {
                target: H0,
                by: vec![M0, Who::Monster(MonsterId(1))],
                dice: vec![1, 2, 3, 1],
                kills: vec![],
            },
            Event::Escape { hero: HeroId(0) },
        ]
    );
    assert!(k.s.hero(HeroId(0)).escaped);
    assert_eq!(k.s.hero(HeroId(0)).body.at, None);

    // With 2 wounds left, two hits whose kill dice beat armour 4: killed,
    // not out.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (2, 2)), ("Wood Elf", (6, 2))],
        &[("Orc", (1, 1)), ("Orc", (3, 3))],
    );
    k.s.heroes[0].body.wounds = 2;
    let ev = k.run(&[4, 4, 1, 1, 5, 6], |c| turn::escape(c, HeroId(0)));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Escape { .. })),
        "{ev:?}"
    );
    assert!(!k.s.hero(HeroId(0)).escaped);
    assert!(!k.s.hero(HeroId(0)).body.alive());
}

#[test]
fn a_charger_arriving_beside_an_enemy_by_a_staircase_makes_its_charge_attack() {
    let mut k = kit(
        TWO_ROOMS,
        red_stairs(),
        &[("Charging Bowman", (2, 2))],
        &[("Orc", (8, 3))],
    );
    k.s.heroes[0].magic.charge_ok = true;
    // 6 dice: two 4s hit, kill dice 5 and 6 take both the orc's wounds;
    // nobody left beside it, the charger keeps its points.
    let ev = k.run(&[4, 4, 1, 1, 1, 1, 5, 6], |c| {
        moving::hero_jump(c, HeroId(0), (7, 2), moving::Jump::Stairs)
    });
    assert!(ev.contains(&Event::Charge {
        who: H0,
        dice: vec![4, 4, 1, 1, 1, 1],
        kills: vec![5, 6],
    }));
    assert!(ev.contains(&Event::Killed { who: M0 }));
    assert_eq!(k.s.hero(HeroId(0)).mp, 3);
}

#[test]
fn a_familiar_stops_on_a_staircase_sees_through_it_and_takes_it() {
    use crate::dw10::play::familiar;
    use crate::dw10::play::party::FamiliarKind;
    use crate::dw10::play::state::Familiar;
    let mut k = kit(TWO_ROOMS, red_stairs(), &[("Tracker", (1, 1))], &[]);
    k.s.heroes[0].familiar = Some(Familiar::new(FamiliarKind::Walker, Some((2, 1))));
    let h = HeroId(0);
    // The east room is out of the Tracker's sight.
    assert!(sight::unseen(&k.s, &k.map, (8, 2)));
    // Onto the near end, 1 point: a staircase is no piece it springs.
    assert_eq!(familiar::check_move(&k.s, &k.map, h, (2, 2)), Ok(1));
    // Down it and on: 1 onto the end, 1 for the staircase, 1 beyond.
    assert_eq!(familiar::check_move(&k.s, &k.map, h, (8, 2)), Ok(3));
    let ev = k.run(&[], |c| familiar::move_to(c, h, (2, 2), 1));
    assert_eq!(
        transcript::print(&k.s, &k.map, &ev),
        ["Tracker's familiar moves 2,1 → 2,2 (1 point)"]
    );
    // On the end it sees the far end and the squares beside it (L325-326):
    // nothing spawns there now.
    assert!(!sight::unseen(&k.s, &k.map, (8, 2)));
    assert!(!sight::unseen(&k.s, &k.map, (7, 2)));
    // Nobody ends a move on its square, the far end still free.
    assert!(!walk::may_end(&k.s, &k.map, H0, (2, 2)));
}

/// A hero that comes down a staircase beside the prisoner has reached it,
/// as one that walks there has. Before, the landing was not entered: the
/// hero stood beside the prisoner with the objective not done, and its
/// friends queued at the other end until the move limit.
#[test]
fn a_hero_landing_from_the_stairs_beside_the_prisoner_frees_it() {
    let mut features = red_stairs();
    features.push(Feature::new(FeatureKind::Prisoner, 8, 3));
    let mut k = kit(TWO_ROOMS, features, &[("Tracker", (2, 2))], &[]);
    let ev = k.run(&[], |c| {
        crate::dw10::play::moving::hero_jump(
            c,
            HeroId(0),
            (7, 2),
            crate::dw10::play::moving::Jump::Stairs,
        )
    });
    assert!(ev.contains(&Event::Objective), "{ev:?}");
    assert!(k.s.objective_done);
}
