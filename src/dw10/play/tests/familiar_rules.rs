//! The familiar (L589-614): moving, seeing against spawning, the melee,
//! being removed, stored wounds, the commands.

use super::*;
use crate::dw10::play::familiar::{self, NoFamiliar};
use crate::dw10::play::party::FamiliarKind;
use crate::dw10::play::state::Familiar;

/// Gives hero `h` a familiar of `kind` on `at`.
fn give(k: &mut Kit, h: u32, kind: FamiliarKind, at: Sq) {
    k.s.heroes[h as usize].familiar = Some(Familiar::new(kind, Some(at)));
}

fn fam(k: &Kit, h: u32) -> &Familiar {
    k.s.heroes[h as usize].familiar.as_ref().unwrap()
}

const RIVER: &str = "
#########
#...~...#
#...~...#
#...~...#
#########";

#[test]
fn a_familiar_walks_four_a_flyer_six_over_water_once_a_phase() {
    let mut k = kit(RIVER, vec![], &[("Tracker", (1, 1))], &[]);
    give(&mut k, 0, FamiliarKind::Walker, (2, 2));
    let h = HeroId(0);
    // The walker cannot cross the water.
    assert!(matches!(
        familiar::check_move(&k.s, &k.map, h, (6, 2)),
        Err(NoFamiliar::Unreachable { .. })
    ));
    assert_eq!(familiar::check_move(&k.s, &k.map, h, (3, 1)), Ok(2));
    // The flyer goes where Fly goes: 4 points over the water.
    give(&mut k, 0, FamiliarKind::Flyer, (2, 2));
    let cost = familiar::check_move(&k.s, &k.map, h, (6, 2)).unwrap();
    assert_eq!(cost, 4);
    let ev = k.run(&[], |c| familiar::move_to(c, h, (6, 2), cost));
    assert_eq!(
        ev,
        vec![Event::FamiliarMoved {
            owner: h,
            from: (2, 2),
            to: (6, 2),
            cost: 4
        }]
    );
    assert_eq!(
        transcript::print(&k.s, &k.map, &ev),
        ["Tracker's familiar moves 2,2 → 6,2 (4 points)"]
    );
    // Once a phase.
    assert_eq!(
        familiar::check_move(&k.s, &k.map, h, (7, 2)),
        Err(NoFamiliar::Moved("Tracker".into()))
    );
    // Nobody ends on its square; a hero may pass it, a monster may not.
    assert!(!walk::may_end(&k.s, &k.map, H0, (6, 2)));
}

#[test]
fn a_familiar_stops_on_empty_floor_and_never_enters_a_melee_without_its_owner() {
    let mut k = kit(
        ROOM,
        vec![trap_at(3, 3), Feature::new(FeatureKind::Chest, 4, 3)],
        &[("Tracker", (1, 1))],
        &[("Orc", (6, 2))],
    );
    give(&mut k, 0, FamiliarKind::Walker, (2, 2));
    let h = HeroId(0);
    for p in [(3, 3), (4, 3), (1, 1)] {
        let e = familiar::check_move(&k.s, &k.map, h, p).unwrap_err();
        assert!(matches!(e, NoFamiliar::NotFloor { .. }), "{p:?}: {e}");
        assert!(e.to_string().contains("never springs, explores, opens"));
    }
    // Beside the orc while Tracker fights nobody: refused.
    let e = familiar::check_move(&k.s, &k.map, h, (5, 2)).unwrap_err();
    assert!(matches!(e, NoFamiliar::Melee { .. }));
    assert!(e.to_string().contains("without its owner"));
    // Tracker in a melee with the orc: the familiar may join it.
    k.s.heroes[0].body.at = Some((5, 1));
    assert!(familiar::check_move(&k.s, &k.map, h, (5, 3)).is_ok());
    // A removed familiar does nothing more this game.
    k.run(&[], |c| familiar::remove(c, h, 3));
    assert_eq!(
        familiar::check_move(&k.s, &k.map, h, (3, 1)),
        Err(NoFamiliar::Removed("Tracker".into()))
    );
}

#[test]
fn a_familiar_comes_in_on_the_empty_floor_its_owner_reaches_first() {
    let k = kit(ROOM, vec![trap_at(2, 1)], &[("Tracker", (1, 1))], &[]);
    assert_eq!(
        familiar::start_square(&k.s, &k.map, HeroId(0)),
        Some((1, 2))
    );
}

#[test]
fn what_a_familiar_sees_no_monster_spawns_on() {
    // The wall hides the east room from Tracker; the familiar sees all of it.
    let rows = "
###########
#...#.....#
#...#.....#
#...#.....#
###########";
    let mut k = kit(rows, vec![], &[("Tracker", (1, 1))], &[]);
    // 3d6 6 2 3: one roll; 2d6 3+5 = 8: a Troll, out of Tracker's sight.
    let ev = k.run(&[6, 2, 3, 3, 5], |c| spawn::spawn_roll(c, false));
    let Event::Spawned { at, .. } = ev[2] else {
        panic!("{ev:?}")
    };
    assert!(at.0 > 4, "{at:?}");
    let mut k = kit(rows, vec![], &[("Tracker", (1, 1))], &[]);
    give(&mut k, 0, FamiliarKind::Walker, (7, 2));
    assert!(!sight::unseen(&k.s, &k.map, at));
    let ev = k.run(&[6, 2, 3, 3, 5], |c| spawn::spawn_roll(c, false));
    assert_eq!(
        ev[2],
        Event::SpawnLost {
            monster: "Troll".into(),
            count: 1,
            why: crate::dw10::play::event::SpawnLoss::NoSquare
        }
    );
}

#[test]
fn in_its_owners_melee_a_familiar_takes_a_die_off_each_enemy() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[("Ogre", (2, 1))]);
    k.s.mover = SideId::Dm;
    let group = combat::melees(&k.s).remove(0);
    assert_eq!(combat::melee_dice(&k.s, &k.map, M0, &group), 5);
    give(&mut k, 0, FamiliarKind::Walker, (1, 2));
    // The ogre's 4 dice (5 less 1): two hit, kill dice 6 6 on Tracker;
    // Tracker's 4 dice miss.
    let ev = k.run(&[4, 4, 1, 1, 6, 6, 1, 1, 1, 1], combat::melee_phase);
    assert_eq!(
        ev[1],
        Event::Hindered {
            owner: HeroId(0),
            enemies: vec![M0]
        }
    );
    assert!(matches!(&ev[2], Event::Melee { side: SideId::Dm, dice, .. } if dice.len() == 4));
    assert!(ev.contains(&Event::Wounded {
        who: H0,
        wounds: 2,
        left: 5
    }));
    // Two 6s are not three: the familiar stays.
    assert!(fam(&k, 0).at.is_some());
    let lines = transcript::print(&k.s, &k.map, &ev);
    assert_eq!(
        lines[1],
        "Tracker's familiar is in the melee with it: Ogre 1 rolls 1 attack die fewer"
    );
}

#[test]
fn three_kill_die_sixes_in_its_melee_remove_a_familiar_instead_of_wounding() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[("Ogre", (2, 1))]);
    k.s.mover = SideId::Dm;
    give(&mut k, 0, FamiliarKind::Walker, (1, 2));
    k.s.heroes[0].familiar.as_mut().unwrap().stored = 2;
    // 4 dice, four hits; kill dice 6 6 6 5: the three 6s take the
    // familiar, the 5 wounds Tracker. Tracker's 4 dice miss.
    let ev = k.run(&[4, 4, 4, 4, 6, 6, 6, 5, 1, 1, 1, 1], combat::melee_phase);
    assert!(ev.contains(&Event::FamiliarRemoved {
        owner: HeroId(0),
        sixes: 3,
        lost: 2
    }));
    assert!(ev.contains(&Event::Assigned {
        target: H0,
        faces: vec![5]
    }));
    let f = fam(&k, 0);
    assert_eq!((f.at, f.stored), (None, 0));
    // No victory point for it.
    assert_eq!(k.s.vp, 0);
    let lines = transcript::print(&k.s, &k.map, &ev);
    assert!(lines.iter().any(|l| l
        == "three kill-die 6s remove Tracker's familiar from play for this game, and its 2 stored wounds with it (no victory point)"));
    // Gone: the next melee is rolled in full.
    let ev = k.run(&[1, 1, 1, 1, 1, 1, 1, 1, 1], combat::melee_phase);
    assert!(matches!(&ev[1], Event::Melee { side: SideId::Dm, dice, .. } if dice.len() == 5));
}

#[test]
fn a_familiar_outside_its_owners_melee_hinders_nobody() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (5, 3))],
        &[("Ogre", (2, 1)), ("Orc", (6, 3))],
    );
    k.s.mover = SideId::Dm;
    give(&mut k, 0, FamiliarKind::Walker, (1, 2));
    let group = combat::melees(&k.s).remove(0);
    assert!(familiar::in_melee(&k.s, &group).is_empty());
    // The orc's 2 dice miss, Tracker's 4 miss.
    let ev = k.run(&[1, 1, 1, 1, 1, 1], combat::melee_phase);
    assert!(!ev.iter().any(|e| matches!(e, Event::Hindered { .. })));
}

#[test]
fn a_shooter_with_no_hero_in_sight_shoots_the_familiar_and_two_sixes_remove_it() {
    let rows = SPLIT;
    let mut k = kit(rows, vec![], &[("Tracker", (1, 1))], &[("Goblin", (7, 1))]);
    give(&mut k, 0, FamiliarKind::Walker, (5, 3));
    assert!(combat::shot_check(&k.s, &k.map, M0, H0).is_err());
    assert_eq!(
        familiar::shot_at(&k.s, &k.map, M0, HeroId(0)),
        Some(Look::Clear)
    );
    let p = dm::Policy::default();
    // The goblin's 2 dice: 5 6 hit; kill dice 6 3: one 6, it stays.
    let ev = k.run(&[5, 6, 6, 3], |c| dm::shooting_phase(c, &p));
    assert_eq!(
        ev,
        vec![Event::FamiliarShot {
            shooter: M0,
            owner: HeroId(0),
            dice: vec![5, 6],
            need: 5,
            kills: vec![6, 3]
        }]
    );
    assert_eq!(
        transcript::print(&k.s, &k.map, &ev),
        ["Goblin 1 shoots Tracker's familiar: to hit 5 6 (5+), kill dice 6 3"]
    );
    // Kill dice 6 6: removed, its 3 stored wounds lost.
    let ev = k.run(&[5, 5, 6, 6], |c| dm::shooting_phase(c, &p));
    assert_eq!(
        ev[1],
        Event::FamiliarRemoved {
            owner: HeroId(0),
            sixes: 2,
            lost: 3
        }
    );
    assert_eq!(k.s.vp, 0);
    // Nothing left to shoot.
    let ev = k.run(&[], |c| dm::shooting_phase(c, &p));
    assert!(ev.is_empty());
}

#[test]
fn an_owner_beside_its_familiar_draws_stored_wounds_up_to_its_start() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[]);
    give(&mut k, 0, FamiliarKind::Walker, (3, 3));
    let h = HeroId(0);
    k.s.heroes[0].body.wounds = 3;
    assert_eq!(
        familiar::check_draw(&k.s, h, 1),
        Err(NoFamiliar::NotBeside("Tracker".into()))
    );
    k.s.heroes[0].familiar.as_mut().unwrap().at = Some((2, 2));
    assert!(matches!(
        familiar::check_draw(&k.s, h, 4),
        Err(NoFamiliar::Stored { stored: 3, .. })
    ));
    assert!(familiar::check_draw(&k.s, h, 0).is_err());
    let ev = k.run(&[], |c| familiar::draw(c, h, 2));
    assert_eq!(
        ev,
        vec![Event::Drew {
            hero: h,
            wounds: 2,
            now: 5,
            stored: 1
        }]
    );
    assert_eq!(
        transcript::print(&k.s, &k.map, &ev),
        ["Tracker draws 2 wounds from its familiar (5 wounds now, 1 left in the familiar)"]
    );
    // It replaced the action.
    assert!(k.s.heroes[0].done);
    // Never above the starting 7.
    k.s.heroes[0].body.wounds = 7;
    let e = familiar::check_draw(&k.s, h, 1).unwrap_err();
    assert!(e.to_string().contains("7 of 7 wounds"), "{e}");
}

/// The seed-7 game with familiars for some heroes.
fn seed7_with(familiars: &[(usize, FamiliarKind)]) -> engine::Game {
    let path = "tests/golden/dw10/seed-7/scenario.yaml";
    let text = std::fs::read_to_string(path).unwrap();
    let sc: crate::dw10::Scenario = crate::scenario::from_yaml(&text, path).unwrap();
    let figures = Arc::new(crate::dw10::figures::embedded());
    let tables = Arc::new(crate::dw10::tables::embedded());
    let mut party = party::default_party(&figures);
    for (i, k) in familiars {
        party.familiars[*i] = Some(*k);
    }
    let o = simulate::SimOptions {
        runs: 1,
        seed: 7,
        max_moves: 60,
        scaled_down: false,
    };
    // Play seed 7, as the pinned hand game: the heroes are the Mover first.
    let opts = engine::PlayOptions {
        seed: 7,
        ..simulate::run_options(&party, &figures, &tables, &o, 0, false)
    };
    engine::Game::new(Arc::new(sc), opts).0
}

#[test]
fn the_commands_move_and_draw_and_the_views_show_the_familiar() {
    // The four heroes fill the corridor they start in: Kestrel's familiar
    // rides with it until its first move.
    let mut g = seed7_with(&[(0, FamiliarKind::Flyer)]);
    let at = g.s.heroes[0].body.at.unwrap();
    assert_eq!(g.s.heroes[0].familiar.as_ref().unwrap().at, None);
    assert!(
        transcript::opening(&g.s)
            .contains(&"Kestrel's familiar rides with it: no floor is free beside it".to_string())
    );
    let status = transcript::status(&g.s).join("\n");
    assert!(
        status.contains("flying familiar riding with it storing 3 wounds"),
        "{status}"
    );
    // Marrow has none.
    let e = play(&mut g, &format!("familiar Marrow {},{}", at.0, at.1)).unwrap_err();
    assert_eq!(e.to_string(), "Marrow has no familiar");
    // A move the owner's action does not pay for, once Brannoc has made
    // room.
    assert_eq!(g.s.phase, Phase::HeroesAct);
    play(&mut g, "open Brannoc door W").unwrap();
    play(&mut g, "move Brannoc 27,8").unwrap();
    let r = walk::reach_familiar(&g.s, &g.map, HeroId(0));
    let (to, cost) = r
        .squares()
        .into_iter()
        .filter(|(q, c)| *c > 0 && familiar::check_move(&g.s, &g.map, HeroId(0), *q).is_ok())
        .max_by_key(|(q, c)| (*c, q.1, q.0))
        .unwrap();
    let mp = g.s.heroes[0].mp;
    let line = format!("familiar Kestrel {},{}", to.0, to.1);
    assert_eq!(command::parse(&line).unwrap().unwrap().to_string(), line);
    let ev = play(&mut g, &line).unwrap();
    assert_eq!(
        ev,
        vec![Event::FamiliarMoved {
            owner: HeroId(0),
            from: at,
            to,
            cost
        }]
    );
    assert_eq!(g.s.heroes[0].mp, mp);
    let status = transcript::status(&g.s).join("\n");
    assert!(
        status.contains(&format!(
            "flying familiar at {} storing 3 wounds (moved)",
            state::fmt_sq(to)
        )),
        "{status}"
    );
    let map = text_map::ascii_map(&g.s, &g.map).join("\n");
    assert!(map.contains("familiars: * "), "{map}");
    let e = play(&mut g, &format!("familiar Kestrel {},{}", at.0, at.1)).unwrap_err();
    assert_eq!(e.to_string(), "Kestrel's familiar has moved this phase");
    // Kestrel is unhurt: nothing to draw, and far from it anyway.
    assert!(play(&mut g, "draw Kestrel 1").is_err());
    assert!(matches!(
        command::parse("draw Kestrel lots"),
        Err(refusal::Refusal::Parse(_))
    ));
    // The next phase it may move again.
    play(&mut g, "end").unwrap();
    if g.s.phase == Phase::HeroesAct {
        assert!(!g.s.heroes[0].familiar.as_ref().unwrap().moved);
    }
}

#[test]
fn a_party_file_brings_familiars_and_refuses_an_unknown_kind() {
    let figures = crate::dw10::figures::embedded();
    let text = "format: tilecrawl-dw10-party/1\nheroes:\n  - {name: Ayla, figure: Tracker, familiar: flyer}\n  - {name: Odo, figure: Field Medic}\n";
    let p = party::parse(text, "p.yaml", &figures).unwrap();
    assert_eq!(p.familiars, vec![Some(FamiliarKind::Flyer), None]);
    let bad = text.replace("flyer", "dragon");
    assert!(party::parse(&bad, "p.yaml", &figures).is_err());
    // The default party has none.
    assert!(
        party::default_party(&figures)
            .familiars
            .iter()
            .all(Option::is_none)
    );
}

#[test]
fn heroes_pass_a_familiar_and_monsters_do_not() {
    let hall = "
#########
#.......#
#########";
    let mut k = kit(hall, vec![], &[("Tracker", (7, 1))], &[("Orc", (1, 1))]);
    assert_eq!(walk::reach(&k.s, &k.map, M0, 10).cost((5, 1)), Some(4));
    give(&mut k, 0, FamiliarKind::Walker, (3, 1));
    assert_eq!(walk::reach(&k.s, &k.map, M0, 10).cost((5, 1)), None);
    assert_eq!(walk::reach(&k.s, &k.map, H0, 10).cost((2, 1)), Some(5));
    assert!(!walk::may_end(&k.s, &k.map, M0, (3, 1)));
}
