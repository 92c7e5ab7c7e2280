//! Movement: costs, kill zones, pits, disengaging, gold stacks (L107-136, L294-316, L389-393).

use super::*;

#[test]
fn diagonals_cost_two_rock_slides_two_and_no_figure_stops_on_a_rock_slide() {
    let k = kit(
        "#######\n#..,..#\n#.....#\n#######",
        vec![],
        &[("Tracker", (1, 1))],
        &[],
    );
    let r = walk::reach(&k.s, &k.map, H0, 10);
    assert_eq!(r.cost((2, 2)), Some(2));
    assert_eq!(r.cost((2, 1)), Some(1));
    assert_eq!(r.cost((3, 1)), Some(3));
    assert!(!walk::may_end(&k.s, &k.map, H0, (3, 1)));
}

#[test]
fn a_pit_is_jumped_for_three_and_water_is_refused() {
    let k = kit(
        "#######\n#.=.~.#\n#######",
        vec![],
        &[("Tracker", (1, 1))],
        &[],
    );
    let r = walk::reach(&k.s, &k.map, H0, 10);
    assert_eq!(r.cost((3, 1)), Some(3));
    assert_eq!(r.cost((2, 1)), None);
    assert_eq!(r.cost((5, 1)), None);
}

#[test]
fn entering_a_kill_zone_stops_the_walk_and_enemies_are_not_passed() {
    let k = kit(ROOM, vec![], &[("Tracker", (1, 2))], &[("Orc", (4, 2))]);
    let r = walk::reach(&k.s, &k.map, H0, 20);
    // Next to the orc: reachable; past it along the row: only round the
    // kill zone, never through it.
    assert_eq!(r.cost((3, 2)), Some(2));
    assert_eq!(r.cost((4, 2)), None);
    let (path, _) = r.path((7, 2));
    assert!(
        path.iter()
            .all(|p| !k.s.in_kill_zone(*p, SideId::Heroes) || *p == (7, 2))
    );
}

#[test]
fn disengaging_draws_one_pooled_free_attack_from_every_enemy_left() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (2, 2))],
        &[("Orc", (1, 1)), ("Orc", (3, 3))],
    );
    // 2 + 2 dice pooled: one 4 hits; its kill die 5 beats armour 4.
    let ev = k.run(&[4, 1, 2, 3, 5], |c| {
        moving::hero_move(c, HeroId(0), (5, 1))
    });
    assert_eq!(
        ev[0],
        Event::FreeAttack {
            target: H0,
            by: vec![M0, Who::Monster(MonsterId(1))],
            dice: vec![4, 1, 2, 3],
            kills: vec![5],
        }
    );
    assert!(ev.contains(&Event::Wounded {
        who: H0,
        wounds: 1,
        left: 6
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((5, 1)));
}

#[test]
fn stealth_leaves_a_kill_zone_without_free_attacks() {
    // Field Medic has Stealth: no dice are rolled.
    let mut k = kit(ROOM, vec![], &[("Field Medic", (2, 2))], &[("Orc", (1, 1))]);
    let ev = k.run(&[], |c| moving::hero_move(c, HeroId(0), (5, 2)));
    assert!(!ev.iter().any(|e| matches!(e, Event::FreeAttack { .. })));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((5, 2)));
}

#[test]
fn a_slow_figure_crosses_a_pit_only_after_waiting_beside_it() {
    let mut k = kit(
        "#######\n#.=...#\n#######",
        vec![],
        &[("Dwarf Chanter", (1, 1))],
        &[],
    );
    // Movement 3: no jump at first.
    assert_eq!(walk::reach(&k.s, &k.map, H0, 3).cost((3, 1)), None);
    let mut ev = Vec::new();
    walk::wait_by_pit(&mut k.s, &k.map, H0, &mut ev);
    assert_eq!(ev, vec![Event::PitReady { who: H0 }]);
    // Ready: across for all its 3 points, and its move is over.
    assert_eq!(walk::reach(&k.s, &k.map, H0, 3).cost((3, 1)), Some(3));
    k.s.heroes[0].mp = 3;
    k.run(&[], |c| moving::hero_move(c, HeroId(0), (3, 1)));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((3, 1)));
    assert_eq!(k.s.hero(HeroId(0)).mp, 0);
    assert_eq!(k.s.hero(HeroId(0)).body.pit_ready, None);
}

#[test]
fn a_slow_monster_walks_up_to_a_pit_waits_beside_it_then_crosses() {
    let mut k = kit(
        "#########\n#...=...#\n#########",
        vec![],
        &[("Tracker", (1, 1))],
        &[("Zombie", (7, 1))],
    );
    let p = dm::Policy::default();
    k.run(&[], |c| dm::action_phase(c, &p));
    assert_eq!(k.s.monster(MonsterId(0)).body.at, Some((5, 1)));
    let ev = k.run(&[], |c| dm::action_phase(c, &p));
    assert_eq!(
        ev,
        vec![Event::Waits { who: M0 }, Event::PitReady { who: M0 }]
    );
    let ev = k.run(&[], |c| dm::action_phase(c, &p));
    assert!(ev.contains(&Event::Moved {
        who: M0,
        from: (5, 1),
        to: (3, 1),
        cost: 3,
        stopped: false
    }));
}

#[test]
fn every_two_gold_stacks_cost_a_hero_one_movement() {
    let piles = vec![
        furnishing("treasure-25", 1, 1),
        furnishing("treasure-25", 2, 1),
        furnishing("treasure-100", 3, 1),
        furnishing("treasure-25", 4, 1),
        furnishing("treasure-25", 5, 1),
    ];
    let mut k = kit(ROOM, piles, &[("Tracker", (3, 2))], &[]);
    let full = k.s.hero(HeroId(0)).body.fig.movement;
    let ev = k.run(&[], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(0), None);
    });
    assert!(ev.contains(&Event::Gold {
        hero: HeroId(0),
        amount: 25
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Laden { .. })));
    assert_eq!(k.s.hero(HeroId(0)).movement(), full);
    let ev = k.run(&[], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(1), None);
    });
    assert!(ev.contains(&Event::Laden {
        hero: HeroId(0),
        stacks: 2,
        movement: full - 1
    }));
    // 100 gold weighs nothing.
    let ev = k.run(&[], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(2), None);
    });
    assert!(!ev.iter().any(|e| matches!(e, Event::Laden { .. })));
    assert_eq!(k.s.hero(HeroId(0)).magic.stacks, 2);
    let ev = k.run(&[], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(3), None);
        dungeon::explore(c, HeroId(0), state::FeatureId(4), None);
    });
    assert!(ev.contains(&Event::Laden {
        hero: HeroId(0),
        stacks: 4,
        movement: full - 2
    }));
    assert_eq!(k.s.gold, 200);
    let line = transcript::status(&k.s).join("\n");
    assert!(
        line.contains(&format!("4 gold stacks (movement {})", full - 2)),
        "{line}"
    );
    // Never below 1.
    k.s.heroes[0].magic.stacks = 40;
    assert_eq!(k.s.hero(HeroId(0)).movement(), 1);
}

#[test]
fn a_chests_25_gold_is_a_stack_too() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (3, 2))], &[]);
    let full = k.s.hero(HeroId(0)).body.fig.movement;
    let ev = k.run(&[], |c| {
        dungeon::take_item(c, HeroId(0), "gold-25");
        dungeon::take_item(c, HeroId(0), "gold-500");
        dungeon::take_item(c, HeroId(0), "gold-25");
    });
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Laden { .. }))
            .collect::<Vec<_>>(),
        vec![&Event::Laden {
            hero: HeroId(0),
            stacks: 2,
            movement: full - 1
        }]
    );
    assert_eq!(k.s.gold, 550);
}

/// Brannoc (the Swift Healer) beside a wounded Marrow, both on the map in
/// the heroes' Mover's Action Phase, Brannoc with Swift Mover's double
/// move of which it has spent `spent`.
fn swift_healer(spent: u32) -> engine::Game {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    let (b, m) = (HeroId(2), HeroId(1));
    assert_eq!(g.s.hero(b).body.name, "Brannoc");
    let bp = g.s.hero(b).body.at.unwrap();
    assert!(state::adjacent(bp, g.s.hero(m).body.at.unwrap()));
    assert!(g.s.enemies_next_to(Who::Hero(b)).is_empty());
    g.s.heroes[1].body.wounds = 2;
    let hero = &mut g.s.heroes[2];
    hero.done = false;
    hero.shot = false;
    hero.used.clear();
    hero.magic.double_move = Some(4);
    hero.mp = 8 - spent;
    hero.moved = spent > 0;
    g
}

#[test]
fn a_swift_mover_that_heals_keeps_only_its_normal_movement() {
    // L202-203: the double move lasts while the hero uses no other ability.
    let mut g = swift_healer(1);
    g.script_dice(&[3]);
    let ev = play(&mut g, "heal Brannoc Marrow").unwrap();
    assert_eq!(g.dice_left(), 0);
    assert_eq!(
        transcript::print(&g.s, &g.map, &ev),
        vec!["Brannoc heals Marrow: 3 wounds back (roll 3)".to_string()]
    );
    // 1 spent of its normal 4: 3 left, not 7.
    assert_eq!(g.s.hero(HeroId(2)).mp, 3);
    assert!(
        transcript::status(&g.s)
            .iter()
            .any(|l| l.contains("Brannoc") && l.ends_with("3 movement left")),
        "{:?}",
        transcript::status(&g.s)
    );
}

#[test]
fn a_swift_mover_past_its_normal_movement_may_not_heal() {
    let mut g = swift_healer(5);
    let before = transcript::status(&g.s);
    let r = play(&mut g, "heal Brannoc Marrow");
    let Err(refusal::Refusal::Rule(why)) = r else {
        panic!("{r:?}")
    };
    assert!(why.contains("Swift Mover's double move"), "{why}");
    assert_eq!(transcript::status(&g.s), before);
}

/// A walk reads who stands where, the kill zones and the shut doors from
/// flags gathered once ([`walk::Flags`]); they must answer as the state's
/// own look-ups do, square by square, for either side. Figures, doors
/// (shut or open, east and south edges) and a staircase placed by a seeded
/// generator, 200 times over.
#[test]
fn a_walks_flags_answer_as_the_states_own_look_ups() {
    use rand_core::Rng;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;
    const BOARD: &str = "
##########
#........#
#........#
#..#.....#
#........#
#........#
##########";
    for seed in 0..200u64 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pick = |n: u64| (rng.next_u64() % n) as i32;
        let mut floor = Vec::new();
        for y in 1..6 {
            for x in 1..9 {
                if (x, y) != (3, 3) {
                    floor.push((x, y));
                }
            }
        }
        // Stairs and doors on any floor square, a figure's too.
        let spot = |pick: &mut dyn FnMut(u64) -> i32| {
            let n = floor.len() as u64;
            floor[pick(n) as usize]
        };
        let mut features = red_stairs_at(spot(&mut pick), spot(&mut pick));
        let doors = 1 + pick(4);
        for _ in 0..doors {
            let (x, y) = spot(&mut pick);
            let mut d = Feature::new(FeatureKind::Door, x, y);
            d.side = Some(if pick(2) == 0 {
                crate::core::geom::Side::E
            } else {
                crate::core::geom::Side::S
            });
            features.push(d);
        }
        let mut take =
            |pick: &mut dyn FnMut(u64) -> i32| floor.swap_remove(pick(floor.len() as u64) as usize);
        let heroes: Vec<(&str, Sq)> = (0..1 + pick(3))
            .map(|_| ("Tracker", take(&mut pick)))
            .collect();
        let monsters: Vec<(&str, Sq)> = (0..pick(5)).map(|_| ("Orc", take(&mut pick))).collect();
        let mut k = kit(BOARD, features, &heroes, &monsters);
        // Some doors open.
        for i in 0..k.s.open.len() {
            k.s.open[i] = pick(2) == 0;
        }
        // Now and then a figure off the board, or (no rule allows it, but
        // the look-ups say who comes first) on a hero's square.
        match pick(4) {
            0 if !k.s.monsters.is_empty() => k.s.monsters[0].body.at = None,
            1 if !k.s.monsters.is_empty() => k.s.monsters[0].body.at = k.s.heroes[0].body.at,
            _ => {}
        }
        let b = &k.map.board;
        for side in [SideId::Heroes, SideId::Dm] {
            let familiars = [(8, 5)];
            let f = walk::Flags::of(&k.s, b, side, true, &familiars);
            for y in 0..b.height {
                for x in 0..b.width {
                    let p = (x, y);
                    let enemy =
                        k.s.at(p).is_some_and(|o| o.side() != side) || familiars.contains(&p);
                    assert_eq!(f.at(b, p) & walk::ENEMY != 0, enemy, "seed {seed}, {p:?}");
                    assert_eq!(
                        f.at(b, p) & walk::ZONE != 0,
                        k.s.in_kill_zone(p, side),
                        "seed {seed}, {p:?}"
                    );
                    for q in [
                        (x + 1, y),
                        (x, y + 1),
                        (x - 1, y),
                        (x, y - 1),
                        (x + 1, y + 1),
                    ] {
                        if f.no_shut_door(b, p, q) {
                            assert_eq!(k.s.door_shut(p, q), None, "seed {seed}, {p:?}–{q:?}");
                        } else if b.inside(q.0, q.1) && (q.0 - x).abs() + (q.1 - y).abs() == 1 {
                            assert!(k.s.door_shut(p, q).is_some(), "seed {seed}, {p:?}–{q:?}");
                        }
                    }
                }
            }
            let none = walk::Flags::of(&k.s, b, side, false, &[]);
            assert!(
                (0..b.height).all(|y| (0..b.width).all(|x| none.at(b, (x, y)) & walk::ZONE == 0))
            );
        }
    }
}

/// The straight look walks its line once ([`sight::look_straight`]); it
/// must find what the listed line does: every step open, no square between
/// the two ends solid or (unless looking past figures) taken, and cover
/// from a rock slide or a table on the square before the target. Boards of
/// walls, rock slides, tables, doors and figures placed by a seeded
/// generator, every pair of squares, both ways of looking. A look is
/// hidden exactly when the look back is, so a monster spawned out of the
/// hero's sight (L529-530) has no line of fire to him either.
#[test]
fn a_straight_look_finds_what_the_listed_line_finds() {
    use crate::dw10::play::sight::{self, Look};
    use rand_core::Rng;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;
    fn listed(s: &State, map: &Map, a: Sq, b: Sq, past: bool) -> Look {
        if a == b {
            return Look::Clear;
        }
        let l = sight::line(a, b);
        let open = |p: Sq, q: Sq| {
            if p.0 != q.0 && p.1 != q.1 {
                let through = |e: Sq| {
                    map.board.ground(e.0, e.1) != crate::dw10::board::Ground::Solid
                        && s.door_shut(p, e).is_none()
                        && s.door_shut(e, q).is_none()
                };
                through((q.0, p.1)) || through((p.0, q.1))
            } else {
                s.door_shut(p, q).is_none()
            }
        };
        if l.windows(2).any(|w| !open(w[0], w[1])) {
            return Look::Hidden;
        }
        for &p in &l[1..l.len() - 1] {
            if map.board.ground(p.0, p.1) == crate::dw10::board::Ground::Solid
                || (!past && s.at(p).is_some())
            {
                return Look::Hidden;
            }
        }
        if l.len() >= 3 {
            let p = l[l.len() - 2];
            if map.board.ground(p.0, p.1) == crate::dw10::board::Ground::RockSlide
                || s.table_on(p).is_some()
            {
                return Look::Cover;
            }
        }
        Look::Clear
    }
    let mut seen = [0usize; 3];
    let mut unseen = 0;
    for seed in 0..40u64 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pick = |n: u64| (rng.next_u64() % n) as i32;
        let (w, h) = (9, 7);
        let rows: String = (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| {
                        if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                            '#'
                        } else {
                            ['.', '.', '.', '.', '.', ',', '#', '~'][pick(8) as usize]
                        }
                    })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        let mut features = vec![furnishing(
            crate::dw10::play::state::TABLE_AND_CHAIR,
            1 + pick(7),
            1 + pick(5),
        )];
        for _ in 0..pick(4) {
            let mut d = Feature::new(FeatureKind::Door, 1 + pick(7), 1 + pick(5));
            d.side = Some(if pick(2) == 0 {
                crate::core::geom::Side::E
            } else {
                crate::core::geom::Side::S
            });
            features.push(d);
        }
        let heroes = [("Tracker", (1 + pick(7), 1 + pick(5)))];
        let monsters = [("Orc", (1 + pick(7), 1 + pick(5)))];
        let k = kit(&rows, features, &heroes, &monsters);
        let squares: Vec<Sq> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).collect();
        for &a in &squares {
            for &b in &squares {
                for past in [false, true] {
                    let want = listed(&k.s, &k.map, a, b, past);
                    assert_eq!(
                        sight::look_straight(&k.s, &k.map, a, b, past),
                        want,
                        "seed {seed}: {a:?} to {b:?}, past figures {past}"
                    );
                    seen[want as usize] += 1;
                    let back = sight::look_straight(&k.s, &k.map, b, a, past);
                    assert_eq!(
                        want == Look::Hidden,
                        back == Look::Hidden,
                        "seed {seed}: {a:?} and {b:?} both ways, past figures {past}"
                    );
                }
            }
            let hero = heroes[0].1;
            if sight::unseen(&k.s, &k.map, a) {
                unseen += 1;
                assert_eq!(
                    sight::line_of_fire(&k.s, &k.map, a, hero, false, 99),
                    Err(sight::NoLine::Hidden),
                    "seed {seed}: {a:?} is out of sight but shoots {hero:?}"
                );
            }
        }
    }
    assert!(unseen > 100, "{unseen} squares out of sight");
    // Every answer came up, so each part of the look was tried.
    assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
}

/// A wall down column 3 with a gap on row 2, its door on the gap's east
/// edge (3,2 | 4,2).
const DOORWAY: &str = "
#######
#..#..#
#.....#
#..#..#
#######";

/// A shut door parts the figures on its two sides: no kill zone, no melee,
/// side by side across its edge or corner to corner round it (the
/// project's reading of the kill zone, L122-125, with doors, L559-562).
/// Opened, it parts nothing.
#[test]
fn a_shut_door_parts_the_figures_on_its_two_sides() {
    for orc in [(4, 2), (4, 1), (4, 3)] {
        let mut k = kit(
            DOORWAY,
            vec![door_e(3, 2)],
            &[("Tracker", (3, 2))],
            &[("Orc", orc)],
        );
        assert!(k.s.enemies_next_to(H0).is_empty(), "orc on {orc:?}");
        assert!(!k.s.in_kill_zone((3, 2), SideId::Heroes), "orc on {orc:?}");
        assert!(combat::melees(&k.s).is_empty(), "orc on {orc:?}");
        k.s.open[0] = true;
        assert_eq!(
            k.s.enemies_next_to(H0),
            vec![M0],
            "orc on {orc:?}, door open"
        );
        assert_eq!(
            combat::melees(&k.s),
            vec![vec![H0, M0]],
            "orc on {orc:?}, door open"
        );
    }
    // Corner to corner on the near side, the door is not in the way; nor
    // do two walls meeting at the corner part anyone (1,1 and 2,2 round
    // the wall on 3,1 is not such a case: 2,1 is open floor).
    let k = kit(
        DOORWAY,
        vec![door_e(3, 2)],
        &[("Tracker", (3, 2))],
        &[("Orc", (2, 1))],
    );
    assert_eq!(k.s.enemies_next_to(H0), vec![M0]);
    let k = kit(
        "#####\n#.#.#\n##..#\n#####",
        vec![],
        &[("Tracker", (1, 1))],
        &[("Orc", (2, 2))],
    );
    assert_eq!(k.s.enemies_next_to(H0), vec![M0], "two walls at the corner");
}

/// A hero walking along a corridor past a shut door is not stopped by the
/// monster behind it: the door parts them, so no square of the corridor is
/// in its kill zone. Opened, the monster's kill zone stops the walk.
#[test]
fn a_walk_past_a_shut_door_is_not_stopped_by_a_monster_behind_it() {
    // A corridor on row 1; a gap below 3,1 with the door on their edge.
    const CORRIDOR: &str = "
#######
#.....#
###.###
#######";
    let mut door = Feature::new(FeatureKind::Door, 3, 1);
    door.side = Some(crate::core::geom::Side::S);
    let mut k = kit(
        CORRIDOR,
        vec![door],
        &[("Tracker", (1, 1))],
        &[("Orc", (3, 2))],
    );
    assert_eq!(walk::reach(&k.s, &k.map, H0, 6).cost((5, 1)), Some(4));
    k.s.open[0] = true;
    assert!(k.s.in_kill_zone((2, 1), SideId::Heroes));
    assert_eq!(walk::reach(&k.s, &k.map, H0, 6).cost((5, 1)), None);
}
