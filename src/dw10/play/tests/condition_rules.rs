//! Dungeon conditions (L349-355, the project's table): the d6 as a hero
//! enters, what goes off, what it does, Finger of Death's fourth condition.

use super::*;
use crate::dw10::play::moving::hero_move;
use crate::dw10::play::state::FeatureId;

fn condition(what: &str, x: i32, y: i32, hidden: bool) -> Feature {
    let mut f = Feature::new(FeatureKind::Condition, x, y);
    f.what = Some(what.into());
    if hidden {
        f.secret = Some(true);
    }
    f
}

const C0: FeatureId = FeatureId(0);

#[test]
fn a_condition_that_goes_off_strikes_and_cuts_the_walk_short() {
    // A hidden pressure pad (4+, 2 automatic hits) on the way from 1,1 to
    // 6,1: d6 5 sets it off.
    let mut k = kit(
        ROOM,
        vec![condition("pressure-pad", 3, 1, true)],
        &[("Tracker", (1, 1))],
        &[],
    );
    let h = HeroId(0);
    let ev = k.run(&[5], |c| hero_move(c, h, (6, 1)));
    assert_eq!(
        &ev[1..],
        &[
            Event::Condition {
                hero: h,
                condition: C0,
                face: 5,
                need: 4,
                found: true,
                goes_off: true
            },
            Event::ConditionStrikes {
                condition: C0,
                hero: h,
                hits: 2,
                poison: 0,
                fire: 0
            },
            Event::Wounded {
                who: H0,
                wounds: 2,
                left: k.s.hero(h).body.fig.wounds - 2
            },
            Event::Halted {
                hero: h,
                at: (3, 1),
                to: (6, 1)
            },
        ]
    );
    let hero = k.s.hero(h);
    assert_eq!(hero.body.at, Some((3, 1)));
    assert!(hero.done && hero.mp == 0 && hero.magic.conditioned);
    assert!(k.s.gone[0], "a condition that went off is spent");
    assert_eq!(
        transcript::print(&k.s, &k.map, &ev[1..2]),
        [
            "Tracker steps on a hidden pressure pad at 3,1: d6 5 (4+ sets it off): it goes off, and the hero's action is over there"
        ]
    );
    // The transcript never has the Tracker get to 6,1: it sets off for
    // it, and stops short on the pad.
    let lines = transcript::print(&k.s, &k.map, &ev);
    assert_eq!(lines.first().unwrap(), "Tracker sets off 1,1 → 6,1");
    assert_eq!(lines.last().unwrap(), "Tracker stops at 3,1, short of 6,1");
    assert!(!lines.iter().any(|l| l.contains("moves")), "{lines:?}");
}

#[test]
fn a_condition_that_holds_lets_the_hero_walk_on_and_is_found() {
    let mut k = kit(
        ROOM,
        vec![condition("pressure-pad", 3, 1, true)],
        &[("Tracker", (1, 1))],
        &[],
    );
    let h = HeroId(0);
    assert!(k.s.hidden(C0));
    let ev = k.run(&[3], |c| hero_move(c, h, (6, 1)));
    assert!(ev.contains(&Event::Condition {
        hero: h,
        condition: C0,
        face: 3,
        need: 4,
        found: true,
        goes_off: false
    }));
    assert_eq!(k.s.hero(h).body.at, Some((6, 1)));
    assert!(!k.s.hero(h).done);
    // Still there, and now shown on the text map.
    assert!(!k.s.gone[0] && !k.s.hidden(C0));
    assert!(text_map::ascii_map(&k.s, &k.map)[3].contains('!'));
    // The next hero to cross it rolls again: a shown one is no surprise.
    k.s.heroes[0].mp = 5;
    let ev = k.run(&[1], |c| hero_move(c, h, (2, 1)));
    assert!(ev.contains(&Event::Condition {
        hero: h,
        condition: C0,
        face: 1,
        need: 4,
        found: false,
        goes_off: false
    }));
}

#[test]
fn the_trap_ability_counts_the_die_one_lower() {
    let mut k = kit(
        ROOM,
        vec![condition("pressure-pad", 3, 1, true)],
        &[("Trap Finder", (1, 1))],
        &[],
    );
    let ev = k.run(&[4], |c| hero_move(c, HeroId(0), (5, 1)));
    assert!(ev.contains(&Event::Condition {
        hero: HeroId(0),
        condition: C0,
        face: 4,
        need: 5,
        found: true,
        goes_off: false
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((5, 1)));
}

#[test]
fn a_trip_wire_poisons_every_hero_beside_it_but_the_warded() {
    // Trip wire at 3,2 (3+, a poison counter within 1): the Tracker walks
    // onto it; the Old Sage beside it is poisoned too unless warded, the
    // Field Medic two squares off is not reached.
    let mut k = kit(
        ROOM,
        vec![condition("trip-wire", 3, 2, true)],
        &[
            ("Tracker", (1, 2)),
            ("Old Sage", (4, 3)),
            ("Field Medic", (5, 2)),
        ],
        &[],
    );
    k.s.heroes[1].magic.poison_ward = true;
    let ev = k.run(&[3], |c| hero_move(c, HeroId(0), (3, 2)));
    assert!(ev.contains(&Event::ConditionStrikes {
        condition: C0,
        hero: HeroId(0),
        hits: 0,
        poison: 1,
        fire: 0
    }));
    assert!(ev.contains(&Event::Warded {
        who: Who::Hero(HeroId(1)),
        what: "poison"
    }));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::ConditionStrikes {
            hero: HeroId(2),
            ..
        }
    )));
    // Ended on its own square: no Halted line, and the move is told as
    // any other.
    assert!(!ev.iter().any(|e| matches!(e, Event::Halted { .. })));
    let lines = transcript::print(&k.s, &k.map, &ev);
    assert_eq!(lines[0], "Tracker moves 1,2 → 3,2 (2 points)");
    assert_eq!(
        (k.s.heroes[0].body.poison, k.s.heroes[1].body.poison),
        (1, 0)
    );
    assert!(k.s.heroes[1].magic.conditioned && !k.s.heroes[2].magic.conditioned);
}

#[test]
fn a_spy_hole_raises_the_alarm_and_the_spawn_table_answers() {
    // SPLIT: the spy hole at 2,2 in the west part; the orc comes in the
    // east part, out of sight and 4 squares off.
    let mut k = kit(
        SPLIT,
        vec![condition("spy-hole", 2, 2, true)],
        &[("Tracker", (1, 1))],
        &[],
    );
    // d6 4 sets it off; 2d6 1+1 = 2 on the spawn table.
    let ev = k.run(&[4, 1, 1], |c| hero_move(c, HeroId(0), (2, 2)));
    let row = k
        .tables
        .spawns
        .iter()
        .find(|r| r.roll == 2)
        .unwrap()
        .clone();
    let alarm = ev.iter().position(|e| *e == Event::Alarm { condition: C0 });
    assert!(alarm.is_some(), "{ev:?}");
    assert!(matches!(
        &ev[alarm.unwrap() + 1],
        Event::SpawnRow { faces: (1, 1), monster, .. } if *monster == row.monster
    ));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Spawned { .. } | Event::SpawnLost { .. }))
    );
}

#[test]
fn a_moving_wall_slams_and_holds_the_doors_of_its_piece() {
    let rows = "
#########
#.......#
#...#...#
#########";
    let mut k = kit(
        rows,
        vec![condition("moving-wall", 1, 2, true), door_e(3, 1)],
        &[("Tracker", (2, 1))],
        &[("Orc", (6, 2))],
    );
    let door = FeatureId(1);
    k.s.open[1] = true;
    // d6 5 (5+) sets it off.
    let ev = k.run(&[5], |c| hero_move(c, HeroId(0), (1, 2)));
    assert!(ev.contains(&Event::Sealed {
        condition: C0,
        doors: vec![door]
    }));
    assert!(!k.s.open[1] && k.s.held[1]);
    // Held as by Hold Portal: shut to the orc until a Mover's d6 fails.
    assert_eq!(walk::reach(&k.s, &k.map, M0, 20).cost((3, 1)), None);
    let ev = k.run(&[2], magic::hold_checks);
    assert!(ev.contains(&Event::Held {
        door,
        face: 2,
        holds: false
    }));
}

#[test]
fn a_familiar_stops_on_a_condition_and_never_sets_it_off() {
    use crate::dw10::play::familiar;
    use crate::dw10::play::party::FamiliarKind;
    use crate::dw10::play::state::Familiar;
    // A hidden one: the familiar's move is no way to find it either.
    let mut k = kit(
        ROOM,
        vec![condition("pressure-pad", 3, 1, true)],
        &[("Tracker", (1, 4))],
        &[],
    );
    k.s.heroes[0].familiar = Some(Familiar::new(FamiliarKind::Walker, Some((2, 3))));
    let cost = familiar::check_move(&k.s, &k.map, HeroId(0), (3, 1)).unwrap();
    let ev = k.run(&[], |c| familiar::move_to(c, HeroId(0), (3, 1), cost));
    assert_eq!(ev.len(), 1);
    assert!(k.s.hidden(C0) && !k.s.gone[0]);
}

#[test]
fn finger_of_death_fails_on_a_caster_a_condition_struck_this_move() {
    // L503-504 (d): the Tracker trips the wire beside the Old Sage, who had
    // cast Finger of Death on the troll.
    let mut k = kit(
        ROOM,
        vec![condition("trip-wire", 2, 2, false)],
        &[("Tracker", (4, 2)), ("Old Sage", (1, 1))],
        &[("Troll", (6, 4))],
    );
    k.run(&[], |c| magic::finger(c, HeroId(1), MonsterId(0)));
    k.run(&[6], |c| hero_move(c, HeroId(0), (2, 2)));
    assert!(k.s.heroes[1].magic.conditioned);
    let ev = k.run(&[], turn::after_shooting);
    assert!(ev.contains(&Event::Finger {
        hero: HeroId(1),
        target: MonsterId(0),
        failed: Some("a dungeon condition struck the caster")
    }));
    assert!(k.s.monster(MonsterId(0)).body.alive());
}

#[test]
fn control_enemy_over_a_condition_stops_the_hero_on_it() {
    // A Wraith pulls the Tracker across a pressure pad: d6 3 for Control
    // Enemy, d6 6 for the pad.
    let mut k = kit(
        ROOM,
        vec![condition("pressure-pad", 3, 3, true)],
        &[("Tracker", (1, 3))],
        &[("Wraith", (7, 1))],
    );
    let ev = k.run(&[3, 6], |c| {
        abilities::control(c, M0, H0, (5, 3));
    });
    assert!(ev.contains(&Event::Halted {
        hero: HeroId(0),
        at: (3, 3),
        to: (5, 3)
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((3, 3)));
}
