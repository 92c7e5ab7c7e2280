//! A move: initiative, spawning, the Draken Master's choices, winning (L83-97, L513-555).

use super::*;

#[test]
fn initiative_ties_are_rolled_again_and_the_bonus_stops_at_two() {
    // Tracker and Trap Finder both have Initiative Bonus; a listener adds 1.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1)), ("Trap Finder", (2, 1))],
        &[],
    );
    k.s.listen_bonus = 1;
    let ev = k.run(&[3, 5, 1, 4], |c| {
        assert_eq!(turn::initiative(c), SideId::Dm);
    });
    assert_eq!(
        ev,
        vec![
            Event::Initiative {
                heroes: 3,
                heroes_bonus: 2,
                dm: 5,
                dm_bonus: 0
            },
            Event::Initiative {
                heroes: 1,
                heroes_bonus: 2,
                dm: 4,
                dm_bonus: 0
            },
            Event::Mover { side: SideId::Dm },
        ]
    );
}

#[test]
fn each_six_of_the_spawn_roll_rolls_the_table_and_monsters_come_out_of_sight() {
    // A wall splits the room: the far side is out of the hero's sight.
    let rows = SPLIT;
    let mut k = kit(rows, vec![], &[("Tracker", (1, 1))], &[]);
    // 3d6 6 2 3: one roll; 2d6 3+5 = 8: a Troll.
    let ev = k.run(&[6, 2, 3, 3, 5], |c| spawn::spawn_roll(c, false));
    assert!(matches!(&ev[1], Event::SpawnRow { monster, count: 1, .. } if monster == "Troll"));
    let Event::Spawned { at, .. } = ev[2] else {
        panic!("{ev:?}")
    };
    assert!(sight::unseen(&k.s, &k.map, at));
    assert!(state::range(at, (1, 1)) >= spawn::SPAWN_DISTANCE);
}

/// A row of 1d3 monsters (L542, L545-546) rolls a d6 for the d3, and the
/// log shows that die: 2d6 3+4 = 7 (1d3 Orcs), d6 5 → 3 Orcs; 2d6 1+2 =
/// 3 (1d3 Skeletons), d6 2 → 1. A row of a fixed count rolls none.
#[test]
fn a_row_of_d3_monsters_rolls_a_d6_for_the_d3_and_the_log_shows_it() {
    let rows = SPLIT;
    for (faces, monster, count, d3) in [
        (vec![6, 2, 3, 3, 4, 5], "Orc", 3, Some(5)),
        (vec![6, 2, 3, 1, 2, 2], "Skeleton", 1, Some(2)),
        (vec![6, 2, 3, 3, 5], "Troll", 1, None),
    ] {
        let mut k = kit(rows, vec![], &[("Tracker", (1, 1))], &[]);
        let ev = k.run(&faces, |c| spawn::spawn_roll(c, false));
        let Event::SpawnRow {
            monster: m,
            count: n,
            d3: die,
            ..
        } = &ev[1]
        else {
            panic!("{ev:?}")
        };
        assert_eq!((m.as_str(), *n, *die), (monster, count, d3), "{ev:?}");
        let line = transcript::print(&k.s, &k.map, &ev[1..2]).join("\n");
        match d3 {
            Some(f) => assert!(line.ends_with(&format!("(d3 from d6 {f})")), "{line}"),
            None => assert!(!line.contains("d3"), "{line}"),
        }
    }
}

#[test]
fn the_draken_master_wins_at_the_kill_target_and_heroes_respawn_on_teleporters() {
    let mut tp = Feature::new(FeatureKind::Teleporter, 6, 4);
    tp.active = Some(true);
    let mut k = kit(
        ROOM,
        vec![tp],
        &[("Tracker", (1, 1)), ("Wood Elf", (2, 1))],
        &[],
    );
    k.s.kill_target = 2;
    let ev = k.run(&[], |c| {
        combat::wound(c, H0, 7);
        turn::respawn(c);
    });
    assert!(ev.contains(&Event::VictoryPoint {
        total: 1,
        target: 2
    }));
    assert!(ev.contains(&Event::Respawn {
        hero: HeroId(0),
        at: (6, 4)
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 7);
    let ev = k.run(&[], |c| {
        combat::wound(c, Who::Hero(HeroId(1)), 4);
        combat::victory(c);
    });
    assert!(ev.contains(&Event::Over {
        outcome: Outcome::DmWins
    }));
    assert_eq!(k.s.phase, Phase::Over(Outcome::DmWins));
}

#[test]
fn an_underfoot_monster_may_burst_up_beside_a_hero() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[]);
    let ev = k.run(&[], |c| spawn::spawn(c, "Deadly Pudding", 1));
    let Event::Spawned { at, underfoot, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    assert!(underfoot && state::adjacent(at, (1, 1)));
    // An orc keeps its distance.
    let ev = k.run(&[], |c| spawn::spawn(c, "Orc", 1));
    assert!(matches!(
        ev[0],
        Event::SpawnLost { .. }
            | Event::Spawned {
                underfoot: false,
                ..
            }
    ));
}

#[test]
fn the_heroes_may_let_the_draken_master_move_first_before_they_act() {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    g.s.winner = SideId::Heroes;
    g.s.heroes_acted = false;
    let ev = play(&mut g, "non-mover").unwrap();
    assert_eq!(
        ev[0],
        Event::GivesMove {
            side: SideId::Heroes
        }
    );
    assert!(ev.contains(&Event::ActionPhase { side: SideId::Dm }));
    assert_eq!(g.s.phase, Phase::HeroesShoot);
    assert_eq!(g.s.mover, SideId::Dm);
    // Not twice, not after acting, not when the Draken Master won.
    assert!(play(&mut g, "non-mover").is_err());
    g.s.phase = Phase::HeroesAct;
    g.s.winner = SideId::Dm;
    assert!(play(&mut g, "non-mover").is_err());
}

#[test]
fn the_draken_master_gives_up_the_move_when_its_monsters_mostly_shoot() {
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Skeleton", (6, 4)), ("Orc", (7, 4))],
    );
    assert!(dm::gives_move(&k.s, &dm::Policy::default()));
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Orc", (6, 4)), ("Orc", (7, 4)), ("Skeleton", (7, 1))],
    );
    assert!(!dm::gives_move(&k.s, &dm::Policy::default()));
}

#[test]
fn scaled_down_spawning_rolls_two_dice() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[]);
    let ev = k.run(&[1, 2], |c| spawn::spawn_roll(c, true));
    assert_eq!(ev, vec![Event::SpawnRoll { faces: vec![1, 2] }]);
}

#[test]
fn a_strong_monster_does_not_spawn_near_a_warded_camp_fire() {
    // A hero warding at the fire: the Deadly Pudding (5 dice) may not burst
    // up beside it, all those squares being within 2 of the fire.
    let mut k = kit(
        ROOM,
        vec![furnishing("camp-fire", 7, 4)],
        &[("Tracker", (6, 4))],
        &[],
    );
    k.s.heroes[0].magic.fire_guard = Some(state::FeatureId(0));
    let ev = k.run(&[], |c| spawn::spawn(c, "Deadly Pudding", 1));
    match ev[0] {
        Event::Spawned { at, .. } => assert!(state::range(at, (7, 4)) >= 3, "{at:?}"),
        // The room is in the hero's sight: nowhere else to go.
        _ => assert!(matches!(ev[0], Event::SpawnLost { .. }), "{ev:?}"),
    }
    // Without the ward it bursts up beside the hero.
    k.s.heroes[0].magic.fire_guard = None;
    let ev = k.run(&[], |c| spawn::spawn(c, "Deadly Pudding", 1));
    assert!(
        matches!(
            ev[0],
            Event::Spawned {
                underfoot: true,
                ..
            }
        ),
        "{ev:?}"
    );
}

#[test]
fn a_listening_hero_casts_no_spell_that_move() {
    // L266-267: no action points and no other special ability that move.
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    let k = &mut g.s.heroes[0];
    assert!(k.body.has(Ability::Listen));
    k.magic.spells = vec![Ability::Shield];
    (k.moved, k.shot, k.done) = (false, false, false);
    k.used.clear();
    g.script_dice(&[]);
    let ev = play(&mut g, "listen Kestrel").unwrap();
    assert_eq!(
        transcript::print(&g.s, &g.map, &ev).len(),
        1,
        "{:?}",
        transcript::print(&g.s, &g.map, &ev)
    );
    let before = transcript::status(&g.s);
    let r = play(&mut g, "cast Kestrel shield");
    assert!(
        matches!(&r, Err(refusal::Refusal::Rule(w)) if w.contains("listens")),
        "{r:?}"
    );
    assert_eq!(transcript::status(&g.s), before);
    assert_eq!(g.dice_left(), 0);
}

/// `status` says the objective is done once the heroes have won, and never
/// speaks of a first part for a monster to slay, which is the whole
/// objective (a user's audit: a won game's status said "first part done").
#[test]
fn status_says_the_objective_is_done_once_the_heroes_have_won() {
    let mut g = seed7_game();
    let objective = |g: &engine::Game| transcript::status(&g.s)[1].clone();
    assert_eq!(
        objective(&g),
        "objective: open chest 6 and leave by a teleporter"
    );
    g.s.objective_done = true;
    assert_eq!(
        objective(&g),
        "objective: open chest 6 and leave by a teleporter (first part done)"
    );
    g.s.phase = Phase::Over(Outcome::HeroesWin);
    assert_eq!(
        objective(&g),
        "objective: open chest 6 and leave by a teleporter (done: the heroes won)"
    );
    g.s.objective = Objective::Slay {
        monster: "Troll".into(),
    };
    assert_eq!(
        objective(&g),
        "objective: slay the Troll in its lair (done: the heroes won)"
    );
    g.s.phase = Phase::HeroesAct;
    assert_eq!(
        objective(&g),
        "objective: slay the Troll in its lair (done)"
    );
}
