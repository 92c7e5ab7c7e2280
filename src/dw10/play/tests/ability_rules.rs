//! Charge Attack, Control Enemy, Gaze Attack, Multi Shot and breath (L195-292).

use super::*;

#[test]
fn a_charging_hero_strikes_the_enemies_it_reaches_and_walks_on_if_it_clears_them() {
    // The Back Up Fighter (8 dice, movement 5) walks 1,2 → 2,2 beside a
    // goblin: free attack, one hit, kill die 3 beats armour 3; 4 points on.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Back Up Fighter", (1, 2))],
        &[("Goblin", (3, 2))],
    );
    k.s.heroes[0].magic.charge_ok = true;
    let ev = k.run(&[4, 1, 1, 1, 1, 1, 1, 1, 3], |c| {
        moving::hero_move(c, HeroId(0), (2, 2))
    });
    assert!(ev.contains(&Event::Charge {
        who: H0,
        dice: vec![4, 1, 1, 1, 1, 1, 1, 1],
        kills: vec![3]
    }));
    assert!(!k.s.monster(MonsterId(0)).body.alive());
    assert_eq!(k.s.hero(HeroId(0)).mp, 4);
    // Begun in a kill zone: no charge.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Back Up Fighter", (1, 2))],
        &[("Goblin", (3, 2))],
    );
    k.s.heroes[0].magic.charge_ok = false;
    let ev = k.run(&[], |c| moving::hero_move(c, HeroId(0), (2, 2)));
    assert!(!ev.iter().any(|e| matches!(e, Event::Charge { .. })));
    assert_eq!(k.s.hero(HeroId(0)).mp, 0);
}

#[test]
fn a_charging_ogre_strikes_when_it_reaches_a_hero() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 2))], &[("Ogre", (5, 2))]);
    // Five dice, one hit, kill die 4: a wound on the tracker (armour 4).
    let ev = k.run(&[4, 1, 1, 1, 1, 4], |c| {
        dm::action_phase(c, &dm::Policy::default())
    });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Charge { who, .. } if *who == M0)),
        "{ev:?}"
    );
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 6);
}

#[test]
fn control_enemy_moves_a_monster_in_sight_on_three_to_six() {
    let mut k = kit(ROOM, vec![], &[("Warden Mage", (1, 1))], &[("Orc", (6, 3))]);
    assert!(abilities::control_check(&k.s, &k.map, H0, M0, (3, 3)).is_ok());
    // Out of its 4 movement: refused.
    assert!(abilities::control_check(&k.s, &k.map, H0, M0, (1, 4)).is_err());
    let ev = k.run(&[2], |c| abilities::control(c, H0, M0, (3, 3)));
    assert!(ev.contains(&Event::Controlled {
        by: H0,
        target: M0,
        face: 2,
        from: (6, 3),
        to: None
    }));
    assert_eq!(k.s.monster(MonsterId(0)).body.at, Some((6, 3)));
    k.run(&[3], |c| abilities::control(c, H0, M0, (3, 3)));
    assert_eq!(k.s.monster(MonsterId(0)).body.at, Some((3, 3)));
    // In a kill zone now? Not yet (3,3 is two from 1,1); next to it: refused.
    k.s.monsters[0].body.at = Some((2, 2));
    assert!(abilities::control_check(&k.s, &k.map, H0, M0, (5, 3)).is_err());
}

#[test]
fn the_wraith_pulls_a_hero_next_to_its_monsters_instead_of_shooting() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (7, 4))],
        &[("Wraith", (1, 4)), ("Orc", (4, 1))],
    );
    // Control d6 5; then the orc walks in.
    let ev = k.run(&[5], |c| dm::action_phase(c, &dm::Policy::default()));
    let Some(Event::Controlled { to: Some(q), .. }) = ev.first() else {
        panic!("{ev:?}")
    };
    assert!(state::adjacent(*q, (4, 1)));
    assert!(!ev.iter().any(|e| matches!(e, Event::Shot { .. })));
}

#[test]
fn a_gaze_freezes_a_hero_until_it_is_wounded() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Wood Elf", (1, 1))],
        &[("Vampire", (2, 2)), ("Orc", (6, 3))],
    );
    k.run(&[], |c| abilities::gaze(c, M0, H0));
    let g = combat::melees(&k.s);
    assert_eq!(combat::melee_dice(&k.s, &k.map, H0, &g[0]), 0);
    k.s.monsters[0].body.at = Some((5, 3));
    k.s.monsters[1].body.at = Some((7, 4));
    // Still in the vampire's sight: no shot.
    assert!(matches!(
        combat::shot_check(&k.s, &k.map, H0, Who::Monster(MonsterId(1))),
        Err(combat::NoShot::Frozen(_))
    ));
    k.run(&[], |c| combat::wound(c, H0, 1));
    assert!(combat::shot_check(&k.s, &k.map, H0, Who::Monster(MonsterId(1))).is_ok());
}

#[test]
fn the_vampire_gazes_at_the_strongest_hero_beside_it() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (2, 2)), ("Front Line Warrior", (6, 3))],
        &[("Vampire", (3, 2))],
    );
    let ev = k.run(&[], |c| dm::action_phase(c, &dm::Policy::default()));
    assert!(ev.contains(&Event::Gaze { by: M0, target: H0 }), "{ev:?}");
}

#[test]
fn multi_shot_shares_its_dice_over_several_targets() {
    // The witch's 7 dice: 4 at the first orc, 3 at the second.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Scout Battle Witch", (1, 1))],
        &[("Orc", (6, 1)), ("Orc", (6, 4))],
    );
    let t: Vec<(Who, Look)> = [M0, Who::Monster(MonsterId(1))]
        .iter()
        .map(|m| (*m, combat::shot_check(&k.s, &k.map, H0, *m).unwrap()))
        .collect();
    let ev = k.run(&[5, 1, 1, 1, 4, 6, 1, 1, 6], |c| {
        combat::shoot_many(c, H0, &t)
    });
    let shots = shots_of(&ev);
    assert_eq!(shots, vec![(M0, 4), (Who::Monster(MonsterId(1)), 3)]);
    assert_eq!(k.s.monster(MonsterId(1)).body.wounds, 1);
}

#[test]
fn a_dragons_breath_spreads_over_its_target_and_those_beside_it() {
    let mut k = kit(
        ROOM,
        vec![],
        &[
            ("Tracker", (1, 1)),
            ("Wood Elf", (1, 2)),
            ("Field Medic", (4, 4)),
        ],
        &[("Dragon", (7, 1))],
    );
    k.s.heroes[2].body.wounds = 1;
    // Two targets: the medic (weakest), and nobody stands beside it, so the
    // 8 dice all go on the medic.
    let dice = [1u32; 8];
    let ev = k.run(&dice, |c| dm::shooting_phase(c, &dm::Policy::default()));
    let shots: Vec<Who> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Shot { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shots, vec![Who::Hero(HeroId(2))]);
    // Beside the tracker: the elf shares the breath.
    k.s.heroes[2].body.at = Some((7, 4));
    k.s.heroes[2].body.wounds = 5;
    k.s.heroes[0].body.wounds = 1;
    let ev = k.run(&dice, |c| dm::shooting_phase(c, &dm::Policy::default()));
    let shots = shots_of(&ev);
    assert_eq!(shots, vec![(H0, 4), (Who::Hero(HeroId(1)), 4)]);
}

#[test]
fn control_and_place_are_refused_with_a_reason_and_change_nothing() {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    let before = transcript::status(&g.s);
    let at = g.s.hero(HeroId(0)).body.at.unwrap();
    for line in [
        "control Kestrel 1 3,3".to_string(),
        format!("place Kestrel {},{}", at.0, at.1),
        "place Kestrel 0,0".to_string(),
        "control Kestrel".to_string(),
    ] {
        let r = command::parse(&line).and_then(|c| g.play(c.unwrap()));
        assert!(r.is_err(), "{line}");
    }
    assert_eq!(transcript::status(&g.s), before);
    // With the teleporter in hand, on the hero's own square: placed.
    g.s.heroes[0].items.push(state::Item::PortableTeleporter);
    let free = (0..g.map.board.height)
        .flat_map(|y| (0..g.map.board.width).map(move |x| (x, y)))
        .find(|p| {
            g.map.board.standable(p.0, p.1)
                && g.s.at(*p).is_none()
                && !g.s.features.iter().any(|f| (f.x, f.y) == *p)
        })
        .unwrap();
    g.s.heroes[0].body.at = Some(free);
    let ev = play(&mut g, &format!("place Kestrel {},{}", free.0, free.1)).unwrap();
    assert!(matches!(ev[0], Event::Placed { .. }));
    assert!(g.s.feature_on(free, FeatureKind::Teleporter).is_some());
}
