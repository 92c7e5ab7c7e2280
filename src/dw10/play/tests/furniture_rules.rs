//! Tables and chairs: carried, cover, broken (L409-415).

use super::*;
use crate::dw10::play::furniture::{self, NoBreak, NoCarry};

const T: &str = crate::dw10::play::state::TABLE_AND_CHAIR;

fn table_at(k: &Kit, i: usize) -> Sq {
    let f = &k.s.features[i];
    (f.x, f.y)
}

#[test]
fn a_hero_walking_through_a_table_sets_it_down_further_along_its_walk() {
    // The Tracker walks 1,2 → 5,2 straight along row 2, through the table
    // on 2,2, and sets it down on 4,2.
    let mut k = kit(ROOM, vec![furnishing(T, 2, 2)], &[("Tracker", (1, 2))], &[]);
    let way = furniture::way(&k.s, &k.map, HeroId(0), (5, 2));
    assert_eq!(way, vec![(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
    let t = furniture::carry_check(&k.s, "Tracker", &way, (4, 2)).unwrap();
    let ev = k.run(&[], |c| {
        moving::hero_walk(c, HeroId(0), (5, 2), Some((t, (4, 2))))
    });
    assert!(ev.contains(&Event::Carried {
        who: H0,
        table: t,
        from: (2, 2),
        to: (4, 2)
    }));
    assert_eq!(table_at(&k, 0), (4, 2));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((5, 2)));
    assert_eq!(k.s.hero(HeroId(0)).mp, 1);
    // The transcript names the square the table lies on now.
    let text = transcript::print(&k.s, &k.map, &ev).join("\n");
    assert!(
        text.contains("carries the table and chairs from 2,2 and sets it down at 4,2"),
        "{text}"
    );
}

#[test]
fn a_table_is_picked_up_from_the_walks_first_square_too_and_the_end_may_take_it() {
    let mut k = kit(ROOM, vec![furnishing(T, 1, 2)], &[("Tracker", (1, 2))], &[]);
    let way = furniture::way(&k.s, &k.map, HeroId(0), (3, 2));
    let t = furniture::carry_check(&k.s, "Tracker", &way, (3, 2)).unwrap();
    k.run(&[], |c| {
        moving::hero_walk(c, HeroId(0), (3, 2), Some((t, (3, 2))))
    });
    assert_eq!(table_at(&k, 0), (3, 2));
}

#[test]
fn carrying_is_refused_off_the_walk_before_the_table_or_onto_another_piece() {
    let k = kit(
        ROOM,
        vec![furnishing(T, 3, 2), trap_at(5, 3)],
        &[("Tracker", (1, 2))],
        &[],
    );
    let way = furniture::way(&k.s, &k.map, HeroId(0), (5, 2));
    // Not on the way.
    let e = furniture::carry_check(&k.s, "Tracker", &way, (5, 3)).unwrap_err();
    assert!(matches!(e, NoCarry::OffWay { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "5,3 is not on Tracker's way (1,2 2,2 3,2 4,2 5,2)"
    );
    // Before the table: nothing to carry yet.
    let e = furniture::carry_check(&k.s, "Tracker", &way, (2, 2)).unwrap_err();
    assert!(matches!(e, NoCarry::NoTable { .. }), "{e}");
    // A walk with no table on it.
    let way = furniture::way(&k.s, &k.map, HeroId(0), (1, 4));
    let e = furniture::carry_check(&k.s, "Tracker", &way, (1, 4)).unwrap_err();
    assert!(matches!(e, NoCarry::NoTable { .. }), "{e}");
    // Onto another piece (a `?` counter): refused; the square before it
    // is free.
    let k = kit(
        ROOM,
        vec![furnishing(T, 2, 2), trap_at(4, 2)],
        &[("Tracker", (1, 2))],
        &[],
    );
    let way = furniture::way(&k.s, &k.map, HeroId(0), (4, 2));
    let e = furniture::carry_check(&k.s, "Tracker", &way, (4, 2)).unwrap_err();
    assert_eq!(
        e,
        NoCarry::Taken {
            at: "4,2".into(),
            what: "trap".into()
        }
    );
    assert!(furniture::carry_check(&k.s, "Tracker", &way, (3, 2)).is_ok());
}

#[test]
fn a_table_right_in_front_of_the_target_is_cover_for_shots_only_a_six_hits() {
    // Skeleton on 6,2 shoots the Tracker on 2,2 (range 4 of 7): the line
    // crosses 5,2 4,2 3,2; 3,2 is the cover square.
    let mut k = kit(
        ROOM,
        vec![furnishing(T, 3, 2)],
        &[("Tracker", (2, 2))],
        &[("Skeleton", (6, 2))],
    );
    assert_eq!(sight::cover_square((6, 2), (2, 2)), Some((3, 2)));
    assert_eq!(
        combat::shot_check(&k.s, &k.map, M0, H0),
        Ok(sight::Look::Cover)
    );
    // Two dice: 5 misses in cover, 6 hits; kill die 4 against armour 4.
    let ev = k.run(&[5, 6, 4], |c| combat::shoot(c, M0, H0, sight::Look::Cover));
    assert!(ev.contains(&Event::Shot {
        shooter: M0,
        target: H0,
        dice: vec![5, 6],
        need: 6,
        kills: vec![4],
        armour: 4
    }));
    // A table elsewhere on the line (next to the shooter) is no cover.
    k.s.features[0].x = 5;
    assert_eq!(
        combat::shot_check(&k.s, &k.map, M0, H0),
        Ok(sight::Look::Clear)
    );
    // Side by side (a melee) there is no square between: never cover.
    assert_eq!(sight::cover_square((3, 2), (2, 2)), None);
    assert_eq!(sight::cover_square((3, 3), (2, 2)), None);
}

#[test]
fn a_hero_breaks_a_table_beside_it_and_its_walk_ends() {
    let mut k = kit(
        ROOM,
        vec![furnishing(T, 3, 2), furnishing(T, 5, 2)],
        &[("Tracker", (2, 2))],
        &[],
    );
    assert_eq!(
        furniture::break_check(&k.s, H0, None),
        Ok(crate::dw10::play::state::FeatureId(0))
    );
    // Not beside the one named.
    assert!(matches!(
        furniture::break_check(&k.s, H0, Some((5, 2))),
        Err(NoBreak::NoneBeside(..))
    ));
    let t = furniture::break_check(&k.s, H0, None).unwrap();
    let ev = k.run(&[], |c| furniture::smash(c, H0, t));
    assert_eq!(
        ev,
        vec![Event::Broken {
            who: H0,
            table: t,
            at: (3, 2)
        }]
    );
    assert!(k.s.gone[0]);
    assert_eq!(k.s.table_on((3, 2)), None);
    // Between two tables the hero says which.
    k.s.heroes[0].body.at = Some((4, 2));
    k.s.gone[0] = false;
    assert_eq!(
        furniture::break_check(&k.s, H0, None),
        Err(NoBreak::Which("Tracker".into()))
    );
    assert_eq!(
        furniture::break_check(&k.s, H0, Some((5, 2))),
        Ok(crate::dw10::play::state::FeatureId(1))
    );
}

#[test]
fn a_monster_beside_a_table_that_covers_a_hero_from_its_shooters_breaks_it() {
    // The orc on 3,3 stands beside the Tracker (2,2) and the table (3,2),
    // which covers the Tracker from the skeleton on 6,2. The orc holds its
    // ground and breaks the table; the skeleton cannot shoot into the
    // melee and walks (no dice).
    let rows = "
###########
#.........#
#.........#
#.........#
#.........#
###########";
    let mut k = kit(
        rows,
        vec![furnishing(T, 3, 2)],
        &[("Tracker", (2, 2))],
        &[("Orc", (3, 3)), ("Skeleton", (6, 2))],
    );
    assert!(furniture::covers_a_hero(
        &k.s,
        &k.map,
        crate::dw10::play::state::FeatureId(0)
    ));
    let ev = k.run(&[], |c| dm::action_phase(c, &dm::Policy::default()));
    assert!(
        ev.contains(&Event::Broken {
            who: M0,
            table: crate::dw10::play::state::FeatureId(0),
            at: (3, 2)
        }),
        "{ev:?}"
    );
    // With no shooter on the map the table covers nobody: it stays.
    let mut k = kit(
        rows,
        vec![furnishing(T, 3, 2)],
        &[("Tracker", (2, 2))],
        &[("Orc", (3, 3))],
    );
    let ev = k.run(&[], |c| dm::action_phase(c, &dm::Policy::default()));
    assert!(!ev.iter().any(|e| matches!(e, Event::Broken { .. })));
    assert!(!k.s.gone[0]);
}

#[test]
fn the_commands_carry_and_break_and_refuse_with_a_reason() {
    // Seed 7: a table and chairs on 27,6 (R3), Brannoc's piece.
    let mut g = seed7_game();
    assert_eq!(
        command::parse("move Brannoc 27,8 drop 27,7").unwrap(),
        Some(command::Command::Carry("Brannoc".into(), (27, 8), (27, 7)))
    );
    assert_eq!(
        command::parse("move Brannoc 27,8 dropping 27,7")
            .unwrap_err()
            .to_string(),
        "`move HERO X,Y` may end with `drop X,Y` (where a carried table goes), not `dropping`"
    );
    assert_eq!(
        command::parse("break Brannoc 27,6").unwrap(),
        Some(command::Command::Break("Brannoc".into(), Some((27, 6))))
    );
    assert_eq!(
        command::Command::Carry("Brannoc".into(), (27, 8), (27, 7)).to_string(),
        "move Brannoc 27,8 drop 27,7"
    );
    // Nobody is beside a table at the start: refused, nothing changes.
    g.s.phase = Phase::HeroesAct;
    let before = g.s.gone.clone();
    let r = play(&mut g, "break Brannoc");
    assert!(matches!(r, Err(refusal::Refusal::Break(_))), "{r:?}");
    assert_eq!(g.s.gone, before);
}

/// The Tracker beside an orc, a torture rack 6 squares off: the Tracker's
/// free attack on the orc, on all-1 dice (no hit, so no kill dice); the
/// events and the dice it rolled.
fn tracker_strikes_near_a_rack(revealed: bool) -> (Vec<Event>, u32) {
    let mut k = kit(
        ROOM,
        vec![furnishing("torture-rack", 7, 1)],
        &[("Tracker", (1, 1))],
        &[("Orc", (2, 1))],
    );
    k.s.revealed = vec![revealed];
    let attacks = k.s.body(H0).fig.attacks;
    let dice = if revealed { attacks - 2 } else { attacks };
    let ev = k.run(&vec![1; dice as usize], |c| {
        combat::free_attack(c, M0, &[H0]);
    });
    (ev, dice)
}

#[test]
fn a_torture_rack_on_the_table_sickens_a_hero_and_the_log_says_so_before_the_roll() {
    // L420-421: within 8 squares, 2 dice fewer.
    let (ev, dice) = tracker_strikes_near_a_rack(true);
    assert_eq!(
        ev[0],
        Event::Sickened {
            rack: (7, 1),
            heroes: vec![H0]
        }
    );
    assert!(
        matches!(&ev[1], Event::FreeAttack { dice: d, .. } if d.len() == dice as usize),
        "{ev:?}"
    );
    let k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[]);
    assert_eq!(
        transcript::print(&k.s, &k.map, &ev[..1]),
        vec!["the torture rack at 7,1 sickens Tracker: it rolls 2 dice fewer (never fewer than 1)"]
    );
}

#[test]
fn a_torture_rack_on_a_piece_not_yet_revealed_sickens_nobody() {
    // A16: a piece not yet laid is not on the table.
    let (ev, _) = tracker_strikes_near_a_rack(false);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Sickened { .. })),
        "{ev:?}"
    );
}
