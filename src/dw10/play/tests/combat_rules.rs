//! Shooting and melee, poison, fire, healing (L137-194 and the abilities they use).

use super::*;

#[test]
fn against_cover_only_a_six_hits_and_elves_hit_on_four() {
    // A rock slide just in front of the orc, on the shooter's side.
    let mut k = kit(
        "#########\n#.....,.#\n#########",
        vec![],
        &[("Tracker", (1, 1))],
        &[("Orc", (7, 1))],
    );
    let seen = combat::shot_check(&k.s, &k.map, H0, M0).unwrap();
    assert_eq!(seen, Look::Cover);
    let ev = k.run(&[5, 5, 6, 3], |c| combat::shoot(c, H0, M0, seen));
    assert!(matches!(&ev[0], Event::Shot { need: 6, kills, .. } if *kills == vec![3]));
    let mut k = kit(ROOM, vec![], &[("Wood Elf", (1, 1))], &[("Orc", (6, 1))]);
    let seen = combat::shot_check(&k.s, &k.map, H0, M0).unwrap();
    let ev = k.run(&[4, 1, 1, 1, 4], |c| combat::shoot(c, H0, M0, seen));
    assert!(matches!(&ev[0], Event::Shot { need: 4, .. }));
    assert!(ev.contains(&Event::Wounded {
        who: M0,
        wounds: 1,
        left: 1
    }));
}

#[test]
fn nobody_shoots_from_beside_an_enemy_or_into_a_melee() {
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Orc", (2, 1)), ("Goblin", (6, 1))],
    );
    assert!(combat::shot_check(&k.s, &k.map, H0, Who::Monster(MonsterId(1))).is_err());
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1)), ("Field Medic", (6, 2))],
        &[("Orc", (6, 1))],
    );
    assert!(
        combat::shot_check(&k.s, &k.map, H0, M0)
            .unwrap_err()
            .to_string()
            .contains("melee")
    );
}

#[test]
fn acid_spit_lowers_the_armour_for_the_kill_roll() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Corpse Crawler", (4, 1))],
    );
    let m = Who::Monster(MonsterId(0));
    let seen = combat::shot_check(&k.s, &k.map, m, H0).unwrap();
    // 4 dice: one 5 hits; kill die 3 wounds armour 4 - 1.
    let ev = k.run(&[5, 1, 1, 1, 3], |c| combat::shoot(c, m, H0, seen));
    assert!(matches!(&ev[0], Event::Shot { armour: 3, .. }));
    assert!(ev.contains(&Event::Wounded {
        who: H0,
        wounds: 1,
        left: 6
    }));
}

#[test]
fn the_movers_kills_are_removed_before_the_non_mover_rolls() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Dwarf Crossbowman", (1, 1))],
        &[("Goblin", (2, 1))],
    );
    k.s.mover = SideId::Heroes;
    // Hero: 4 dice, one hit, kill die 3 = the goblin's armour: dead. The
    // goblin never rolls.
    let ev = k.run(&[6, 1, 1, 1, 3], combat::melee_phase);
    assert!(ev.contains(&Event::Killed { who: M0 }));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Melee {
            side: SideId::Dm,
            ..
        }
    )));
}

#[test]
fn a_kill_die_below_the_armour_cannot_be_assigned() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Dwarf Crossbowman", (1, 1))],
        &[("Orc", (2, 1))],
    );
    k.s.mover = SideId::Heroes;
    // Hero: one hit, kill die 3 < armour 4: lost. Orc: 2 dice, no hit.
    let ev = k.run(&[6, 1, 1, 1, 3, 1, 2], combat::melee_phase);
    assert!(!ev.iter().any(|e| matches!(e, Event::Assigned { .. })));
    assert_eq!(k.s.monster(MonsterId(0)).body.wounds, 2);
}

#[test]
fn berserk_and_pack_add_dice() {
    let k = kit(
        ROOM,
        vec![],
        &[("Front Line Warrior", (2, 2))],
        &[("Zombie", (1, 1)), ("Zombie", (1, 2)), ("Orc", (3, 3))],
    );
    let g = combat::melees(&k.s);
    assert_eq!(g.len(), 1);
    assert_eq!(combat::melee_dice(&k.s, &k.map, H0, &g[0]), 8 + 2);
    assert_eq!(combat::melee_dice(&k.s, &k.map, M0, &g[0]), 2 + 1);
}

#[test]
fn poison_goes_on_one_and_wounds_on_six_fire_goes_out_on_three() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[]);
    k.s.heroes[0].body.poison = 2;
    k.s.heroes[0].body.fire = 1;
    let ev = k.run(&[1, 6, 3], turn::counters);
    assert_eq!(
        ev[0],
        Event::Poison {
            who: H0,
            face: 1,
            then: CounterCheck::Off
        }
    );
    assert_eq!(
        ev[1],
        Event::Poison {
            who: H0,
            face: 6,
            then: CounterCheck::Wound
        }
    );
    assert!(ev.contains(&Event::Fire {
        who: H0,
        face: 3,
        then: CounterCheck::Off
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.poison, 1);
    assert_eq!(k.s.hero(HeroId(0)).body.fire, 0);
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 6);
}

/// Undying (L275-277): a 6 brings the monster back at full wounds, by the
/// spawning rules (where one of its kind would spawn now: out of the
/// heroes' sight, 4 squares off), not where it fell; anything else and it
/// stays dead. With no square to spawn on it is lost, back in the
/// collection.
#[test]
fn undying_comes_back_on_a_six_with_every_wound_where_a_spawn_would_go() {
    let mut k = kit(SPLIT, vec![], &[("Tracker", (1, 1))], &[("Zombie", (2, 1))]);
    let ev = k.run(&[6], |c| combat::wound(c, M0, 2));
    assert!(ev.contains(&Event::Undying {
        monster: MonsterId(0),
        face: 6,
        back: true
    }));
    let body = &k.s.monster(MonsterId(0)).body;
    assert_eq!(body.wounds, 2);
    let at = body.at.expect("back on the map");
    assert!(ev.contains(&Event::Spawned {
        monster: MonsterId(0),
        at,
        underfoot: false
    }));
    assert!(state::range(at, (1, 1)) >= spawn::SPAWN_DISTANCE, "{at:?}");
    assert!(sight::unseen(&k.s, &k.map, at), "{at:?}");
    let ev = k.run(&[5], |c| combat::wound(c, M0, 2));
    assert!(ev.contains(&Event::Undying {
        monster: MonsterId(0),
        face: 5,
        back: false
    }));
    assert!(!k.s.monster(MonsterId(0)).body.alive());
    // In a room the hero sees all of, there is nowhere to come back.
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[("Zombie", (2, 1))]);
    let before = k.s.collection["Zombie"];
    let ev = k.run(&[6], |c| combat::wound(c, M0, 2));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SpawnLost { count: 1, .. })),
        "{ev:?}"
    );
    assert!(!k.s.monster(MonsterId(0)).body.alive());
    assert_eq!(k.s.collection["Zombie"], before + 1);
}

/// An Undying monster killed by the Mover in a melee comes back away from
/// it, so it does not strike in the melee it fell in (the Non-Mover rolls
/// after its losses, L178-180).
#[test]
fn an_undying_monster_killed_in_a_melee_does_not_strike_in_it() {
    let mut k = kit(SPLIT, vec![], &[("Tracker", (1, 1))], &[("Zombie", (2, 1))]);
    k.s.mover = SideId::Heroes;
    let n = combat::melee_dice(&k.s, &k.map, H0, &[H0, M0]) as usize;
    // Every to-hit die hits and every kill die kills; the zombie's d6 is 6.
    let mut faces = vec![6; n];
    faces.extend(std::iter::repeat_n(6, n));
    faces.push(6);
    let ev = k.run(&faces, combat::melee_phase);
    assert!(ev.contains(&Event::Undying {
        monster: MonsterId(0),
        face: 6,
        back: true
    }));
    assert!(k.s.monster(MonsterId(0)).body.alive());
    let strikes: Vec<SideId> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Melee { side, .. } => Some(*side),
            _ => None,
        })
        .collect();
    assert_eq!(strikes, vec![SideId::Heroes], "{ev:?}");
}

#[test]
fn healing_never_passes_the_starting_wounds() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1)), ("Swift Healer", (2, 1))],
        &[],
    );
    k.s.heroes[0].body.wounds = 6;
    let ev = k.run(&[], |c| {
        dungeon::heal(c, Who::Hero(HeroId(1)), H0, vec![6], 6)
    });
    assert!(matches!(ev[0], Event::Healed { amount: 1, .. }));
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 7);
}

#[test]
fn battle_chant_gives_the_other_heroes_a_die() {
    let k = kit(
        ROOM,
        vec![],
        &[("Dwarf Chanter", (2, 2)), ("Tracker", (4, 2))],
        &[("Orc", (3, 2))],
    );
    let g = combat::melees(&k.s);
    assert_eq!(
        combat::melee_dice(&k.s, &k.map, Who::Hero(HeroId(1)), &g[0]),
        4 + 1
    );
    assert_eq!(combat::melee_dice(&k.s, &k.map, H0, &g[0]), 6);
}

#[test]
fn a_troll_regenerates_instead_of_acting_when_no_hero_is_beside_it() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[("Troll", (7, 4))]);
    k.s.monsters[0].body.wounds = 2;
    let ev = k.run(&[], |c| dm::action_phase(c, &dm::Policy::default()));
    assert_eq!(ev, vec![Event::Regenerates { who: M0 }]);
    assert_eq!(k.s.monster(MonsterId(0)).body.wounds, 3);
}

/// The seed-7 game in the heroes' Mover's Action Phase with an orc put
/// where Sella (the Wood Elf: Dedicated Shot, 4-8) may shoot it, and
/// Sella with her whole movement.
fn sella_and_an_orc() -> (engine::Game, MonsterId) {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    let sella = HeroId(3);
    assert_eq!(g.s.hero(sella).body.name, "Sella");
    let fig = g.s.hero(sella).body.fig.clone();
    assert!(fig.abilities.contains(&Ability::DedicatedShot));
    let orc = crate::dw10::figures::embedded()
        .monster("Orc")
        .unwrap()
        .clone();
    let m = MonsterId(g.s.monsters.len() as u32);
    g.s.monsters.push(Monster {
        body: Body {
            name: format!("Orc {}", m.0 + 1),
            wounds: orc.wounds,
            fig: orc,
            at: None,
            poison: 0,
            fire: 0,
            gazed_by: None,
            pit_ready: None,
        },
        kind: "Orc".into(),
    });
    // Sella and the orc on two free squares, the orc in plain sight and
    // range, neither beside another figure.
    let squares: Vec<Sq> = (0..g.map.board.height)
        .flat_map(|y| (0..g.map.board.width).map(move |x| (x, y)))
        .filter(|p| g.map.board.standable(p.0, p.1) && g.s.at(*p).is_none())
        .collect();
    let (here, spot) = squares
        .iter()
        .flat_map(|a| squares.iter().map(move |b| (*a, *b)))
        .find(|(a, b)| {
            let mut s = g.s.clone();
            s.heroes[3].body.at = Some(*a);
            s.monsters[m.0 as usize].body.at = Some(*b);
            s.enemies_next_to(Who::Monster(m)).is_empty()
                && s.enemies_next_to(Who::Hero(sella)).is_empty()
                && combat::shot_check(&s, &g.map, Who::Hero(sella), Who::Monster(m))
                    == Ok(Look::Clear)
                && combat::rack(&s, &g.map, Who::Hero(sella), 4) == 4
        })
        .unwrap();
    g.s.heroes[3].body.at = Some(here);
    g.s.monsters[m.0 as usize].body.at = Some(spot);
    let hero = &mut g.s.heroes[3];
    hero.mp = fig.movement;
    hero.moved = false;
    hero.shot = false;
    hero.done = false;
    (g, m)
}

#[test]
fn a_dedicated_shot_after_moving_ends_the_heros_action() {
    // L226-227: before or after the move, never in the middle of it.
    let (mut g, m) = sella_and_an_orc();
    g.s.heroes[3].moved = true;
    g.s.heroes[3].mp = 3;
    g.script_dice(&[4, 2, 3, 1, 1]);
    let ev = play(&mut g, &format!("shoot Sella {}", m.0 + 1)).unwrap();
    assert_eq!(g.dice_left(), 0);
    assert_eq!(
        transcript::print(&g.s, &g.map, &ev),
        vec![format!(
            "Sella shoots Orc {}: to hit 4 2 3 1 (4+), kill dice 1 (armour 4)",
            m.0 + 1
        )]
    );
    assert_eq!(g.s.hero(HeroId(3)).mp, 0);
    let at = g.s.hero(HeroId(3)).body.at.unwrap();
    let r = walk::reach(&g.s, &g.map, Who::Hero(HeroId(3)), 3);
    let to = r
        .squares()
        .into_iter()
        .find(|(q, c)| *c == 1 && *q != at && walk::may_end(&g.s, &g.map, Who::Hero(HeroId(3)), *q))
        .unwrap()
        .0;
    let moved = play(&mut g, &format!("move Sella {},{}", to.0, to.1));
    assert_eq!(moved, Err(refusal::Refusal::NoAction("Sella".into())));
    // No jump either: a staircase or teleporter would be the middle too.
    for line in ["stairs Sella", "teleport Sella"] {
        assert_eq!(
            play(&mut g, line),
            Err(refusal::Refusal::NoAction("Sella".into())),
            "{line}"
        );
    }
}

#[test]
fn a_dedicated_shot_first_leaves_the_whole_move_in_as_many_steps_as_wanted() {
    // L226-227: the shot before the move; the move may then be walked in
    // several steps (a walk, a door, a staircase, a walk) like any other.
    // Seed 7's long corridor: Sella on 17,14, an orc on 13,14.
    let (mut g, m) = sella_and_an_orc();
    g.s.heroes[3].body.at = Some((17, 14));
    g.s.monsters[m.0 as usize].body.at = Some((13, 14));
    let sella = Who::Hero(HeroId(3));
    assert_eq!(
        combat::shot_check(&g.s, &g.map, sella, Who::Monster(m)),
        Ok(Look::Clear)
    );
    g.script_dice(&[1, 1, 1, 1]);
    play(&mut g, &format!("shoot Sella {}", m.0 + 1)).unwrap();
    play(&mut g, "move Sella 16,14").unwrap();
    let ev = play(&mut g, "move Sella 15,14").unwrap();
    assert!(
        matches!(
            ev[0],
            Event::Moved {
                to: (15, 14),
                cost: 1,
                ..
            }
        ),
        "{ev:?}"
    );
    assert_eq!(g.s.hero(HeroId(3)).mp, 3);
    assert!(!g.s.hero(HeroId(3)).done);
    // One shot a move all the same.
    assert_eq!(
        play(&mut g, &format!("shoot Sella {}", m.0 + 1)),
        Err(refusal::Refusal::NoAction("Sella".into()))
    );
}

#[test]
fn a_dedicated_shot_before_moving_keeps_the_whole_move() {
    let (mut g, m) = sella_and_an_orc();
    g.script_dice(&[1, 1, 1, 1]);
    play(&mut g, &format!("shoot Sella {}", m.0 + 1)).unwrap();
    assert_eq!(g.dice_left(), 0);
    assert_eq!(g.s.hero(HeroId(3)).mp, 5);
    assert!(!g.s.hero(HeroId(3)).done);
}
