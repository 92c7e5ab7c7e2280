//! The automatic players' stand-offs: every command the automatic heroes
//! give is one the engine takes (a refused command left a hero standing,
//! and the heroes queued behind it, until the move limit), a lost
//! objective sends them home, and a monster whose cheapest way crosses a
//! square it may not stop on still comes on.

use super::hero_policy::{HALL, view};
use super::*;
use crate::dw10::play::command::{Command, OpenWhat};
use crate::dw10::play::simulate::hero_choice;

/// The embedded figures and roll tables, and the default party.
fn embedded_kit() -> (
    Arc<crate::dw10::figures::Figures>,
    Arc<crate::dw10::tables::Tables>,
    party::Party,
) {
    let figures = Arc::new(crate::dw10::figures::embedded());
    let tables = Arc::new(crate::dw10::tables::embedded());
    let party = party::default_party(&figures);
    (figures, tables, party)
}

/// The dungeons of seeds 1 to 12 on the embedded pieces, which the
/// whole-game tests play.
fn twelve_dungeons() -> impl Iterator<Item = (u64, Arc<crate::dw10::scenario::Scenario>)> {
    let ts = crate::tileset::pendraken_tileset();
    (1..=12).map(move |seed| {
        let params = crate::dw10::setup::GenerateParams {
            seed,
            log: false,
            ..Default::default()
        };
        (
            seed,
            Arc::new(crate::dw10::setup::generate(&ts, &params).unwrap()),
        )
    })
}

/// Whole games of twelve generated dungeons, three runs each: the engine
/// refuses none of the automatic heroes' commands. Before, a Swift
/// Mover's attack past its normal movement, a staircase whose far end a
/// friend stood on, a door held shut and a chest already opened were
/// asked for again and again, in most of these dungeons.
#[test]
fn the_automatic_heroes_give_no_command_the_engine_refuses() {
    let (figures, tables, party) = embedded_kit();
    let mut played = 0;
    for (seed, sc) in twelve_dungeons() {
        let o = simulate::SimOptions {
            runs: 3,
            seed,
            max_moves: simulate::DEFAULT_MAX_MOVES,
            scaled_down: false,
        };
        for run in 0..o.runs {
            let opts = simulate::run_options(&party, &figures, &tables, &o, run, false);
            let (mut g, _) = engine::Game::new(sc.clone(), opts);
            let r = simulate::play_out(&mut g, o.max_moves);
            assert_eq!(r.refused, 0, "seed {seed}, run {run}: {r:?}");
            played += r.moves;
        }
    }
    assert!(played > 36 * 5, "the games were played: {played} moves");
}

/// A hero's plan walked only until its cheapest end is settled gives
/// every command the whole walk gave: the same games, command for
/// command, over twelve generated dungeons, three runs each, scaled down
/// too.
#[test]
fn plans_stopped_at_the_cheapest_end_play_every_game_as_whole_plans_do() {
    let (figures, tables, party) = embedded_kit();
    let mut commands = 0;
    for (seed, sc) in twelve_dungeons() {
        for scaled_down in [false, true] {
            let o = simulate::SimOptions {
                runs: 3,
                seed,
                max_moves: simulate::DEFAULT_MAX_MOVES,
                scaled_down,
            };
            for run in 0..o.runs {
                let play = |whole: bool| {
                    simulate::WHOLE_WAYS.with(|w| w.set(whole));
                    let opts = simulate::run_options(&party, &figures, &tables, &o, run, false);
                    let (mut g, _) = engine::Game::new(sc.clone(), opts);
                    let mut rec = Some(Vec::new());
                    let r = simulate::play_out_recorded(&mut g, o.max_moves, &mut rec);
                    simulate::WHOLE_WAYS.with(|w| w.set(false));
                    (format!("{r:?}"), rec.unwrap_or_default())
                };
                let (early, whole) = (play(false), play(true));
                assert_eq!(
                    early, whole,
                    "seed {seed}, run {run}, scaled down {scaled_down}"
                );
                commands += whole.1.len();
            }
        }
    }
    assert!(
        commands > 72 * 20,
        "the games were played: {commands} commands"
    );
}

/// The Swift Healer (attacks 5, normal movement 4) on Swift Mover's
/// double move, all 8 points left.
fn swift_fighter(k: &mut Kit) {
    let hero = &mut k.s.heroes[0];
    hero.magic.double_move = Some(4);
    hero.mp = 8;
}

#[test]
fn a_swift_fighter_goes_for_a_monster_only_within_its_normal_movement() {
    // L202-203: a double move may not end in a kill zone. The Orc's side
    // is 6 points away, past the normal 4: no attack (and nothing else to
    // do here, with no objective on the map).
    let mut k = kit(
        HALL,
        vec![],
        &[("Swift Healer", (1, 1))],
        &[("Orc", (8, 1))],
    );
    swift_fighter(&mut k);
    let orc = (8, 1);
    match hero_choice(&view(&k), HeroId(0)) {
        Some(Command::Move(_, q)) => assert!(!k.s.touching(q, orc), "to {q:?}"),
        other => assert_eq!(other, None),
    }
    // Within the normal movement (3 points to 4,1) it goes.
    k.s.monsters[0].body.at = Some((5, 1));
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Move("Swift".into(), (4, 1)))
    );
}

/// Two rooms apart, joined by red stairs on 2,2 and 6,2; the prisoner in
/// the east room.
const APART: &str = "
#########
#...#...#
#...#...#
#...#...#
#########";

#[test]
fn a_hero_takes_the_stairs_only_when_their_far_end_is_free() {
    let mut features = red_stairs_at((2, 2), (6, 2));
    features.push(Feature::new(FeatureKind::Prisoner, 7, 3));
    let mut k = kit(
        APART,
        features,
        &[("Tracker", (2, 2)), ("Old Sage", (6, 2))],
        &[],
    );
    // The far end is taken: the engine would refuse the stairs; it waits.
    assert_eq!(hero_choice(&view(&k), HeroId(0)), None);
    // Free, it goes.
    k.s.heroes[1].body.at = Some((5, 1));
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Stairs("Tracker".into()))
    );
}

/// A corridor a square wide, ten long.
const CORRIDOR: &str = "
############
#..........#
############";

/// `name` opens the door on its square's east edge.
fn opens_east(name: &str) -> Option<Command> {
    Some(Command::Open(
        name.into(),
        OpenWhat::Door,
        Some(crate::core::geom::Side::E),
    ))
}

#[test]
fn a_hero_does_not_try_a_door_held_shut() {
    // A plain door on 5,1's east edge, between the hero and the prisoner.
    let features = vec![door_e(5, 1), Feature::new(FeatureKind::Prisoner, 10, 1)];
    let mut k = kit(CORRIDOR, features, &[("Tracker", (5, 1))], &[]);
    assert_eq!(hero_choice(&view(&k), HeroId(0)), opens_east("Tracker"));
    // Held (Hold Portal, a seal), the engine refuses it: the hero waits.
    k.s.held[0] = true;
    assert_eq!(hero_choice(&view(&k), HeroId(0)), None);
}

#[test]
fn a_hero_beside_the_lair_across_a_shut_door_opens_it() {
    // The Dragon to slay on 6,1, a plain door on 5,1's east edge between
    // it and the hero. Beside it but not touching it (a shut door parts
    // them), the hero opens the door. Before, it took 5,1 for the end of
    // its way and waited there to the move limit (seed 24's dungeon: its
    // yellow door, the key held, timed out 15 runs of 50).
    let features = vec![door_e(5, 1)];
    let mut k = kit(
        CORRIDOR,
        features,
        &[("Tracker", (5, 1))],
        &[("Dragon", (6, 1))],
    );
    k.s.objective = Objective::Slay {
        monster: "Dragon".into(),
    };
    assert_eq!(hero_choice(&view(&k), HeroId(0)), opens_east("Tracker"));
    // Opened, the two touch: the fight is the Melee Phase's.
    k.s.open[0] = true;
    assert!(k.s.touching((5, 1), (6, 1)));
    assert_eq!(hero_choice(&view(&k), HeroId(0)), None);
    // Held shut, the engine would refuse it: the hero waits.
    k.s.open[0] = false;
    k.s.held[0] = true;
    assert_eq!(hero_choice(&view(&k), HeroId(0)), None);
}

#[test]
fn a_chest_whose_trap_kills_its_opener_takes_the_prize_and_the_heroes_go_home() {
    // Recover chest 1, whose trap (number 6) always springs and kills
    // (the trap table's row 6). The chest leaves play all the same (L457).
    let mut chest = Feature::new(FeatureKind::Chest, 4, 2);
    chest.number = Some(6);
    let mut tp = Feature::new(FeatureKind::Teleporter, 1, 2);
    tp.active = Some(true);
    let mut k = kit(
        ROOM,
        vec![chest, tp],
        &[("Old Sage", (3, 2)), ("Tracker", (5, 2))],
        &[],
    );
    k.s.objective = Objective::Recover { chest: 1 };
    let ev = k.run(&[2], |c| {
        crate::dw10::play::dungeon::open_chest(c, HeroId(0), state::FeatureId(0))
    });
    assert!(!k.s.hero(HeroId(0)).body.alive());
    assert!(ev.contains(&Event::PrizeLost), "{ev:?}");
    assert!(k.s.objective_lost());
    assert_eq!(
        transcript::print(&k.s, &k.map, &ev)
            .last()
            .map(String::as_str),
        Some(
            "the prize is lost with its chest: the heroes can no longer win, and leaving is a retreat"
        )
    );
    // The other hero, beside where the chest stood, does not try to open
    // it (the engine would refuse: no chest) but heads for the teleporter.
    match hero_choice(&view(&k), HeroId(1)) {
        Some(Command::Move(_, q)) => assert!(q.0 < 5, "towards 1,2: {q:?}"),
        other => panic!("{other:?}"),
    }
}

/// A Troll (movement 3) on 1,2 below a rock slide on 2,1; the hero on 5,1.
/// Its cheapest way is the diagonal onto the rock slide (3 points, all it
/// has), where it may not stop.
const SLIDE: &str = "
#######
#.,...#
#.#...#
#######";

#[test]
fn a_monster_whose_way_runs_out_on_a_rock_slide_steps_where_the_way_on_is_shorter() {
    let mut k = kit(SLIDE, vec![], &[("Tracker", (5, 1))], &[("Troll", (1, 2))]);
    let ev = k.run(&[], |c| dm::action_phase(c, &dm::Policy::default()));
    // Not "holds its ground": up to 1,1, from where the rock slide and
    // the square past it are 3 points, all of a move.
    assert!(
        ev.contains(&Event::Moved {
            who: M0,
            from: (1, 2),
            to: (1, 1),
            cost: 1,
            stopped: false,
        }),
        "{ev:?}"
    );
    let ev = k.run(&[], |c| dm::action_phase(c, &dm::Policy::default()));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { who, to: (3, 1), .. } if *who == M0)),
        "{ev:?}"
    );
}

/// A hero re-spawning on a teleporter beside the prisoner has reached it,
/// as one coming in at the start or walking there has; before, it stood
/// beside the prisoner with the objective not done.
#[test]
fn a_hero_re_spawning_beside_the_prisoner_frees_it() {
    let mut tp = Feature::new(FeatureKind::Teleporter, 3, 1);
    tp.active = Some(true);
    let prisoner = Feature::new(FeatureKind::Prisoner, 4, 2);
    let mut k = kit(ROOM, vec![tp, prisoner], &[("Tracker", (6, 4))], &[]);
    let ev = k.run(&[], |c| {
        combat::wound(c, H0, 7);
        turn::respawn(c);
    });
    assert!(
        ev.contains(&Event::Respawn {
            hero: HeroId(0),
            at: (3, 1)
        }),
        "{ev:?}"
    );
    assert!(ev.contains(&Event::Objective), "{ev:?}");
    assert!(k.s.objective_done);
}
