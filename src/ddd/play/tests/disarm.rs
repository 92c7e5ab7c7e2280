//! The policy's Thief removing an enemy trap in its way (the rule is L143;
//! when to try is the project's reading, `ai::trap_in_way`), with
//! scripted dice as the parent module's tests. Each test sets a case where
//! the Thief disarms beside one where it must not, so it fails both when
//! the rule is gone and when it fires too often.

use super::super::ai::decide;
use super::super::state::SquareTrap;
use super::*;

/// Walls everywhere but the corridor along the patch's row, 0 to 25
/// squares east of its corner: one way on, no way round a trap.
fn corridor(g: &mut Game, o: Point) {
    let mut b = Board::filled(36, 36, Terrain::Wall);
    for dx in 0..=25 {
        b.set(at(o, dx, 0), Terrain::Floor);
    }
    g.grid = std::sync::Arc::new(super::super::grid::Grid::new(b));
}

fn trap(g: &mut Game, p: Point, setter: ModelId) {
    g.state.traps.push(SquareTrap { at: p, setter });
}

const THIEF: [Ability; 2] = [Ability::Thief, Ability::ExtraWound];

/// r1 (`abilities`, power `power`) in the corridor one square short of
/// its goal, the square next to b1 (three squares east of it); the next
/// card is b1's, whose movement roll ends the script.
fn before_the_goal(abilities: &[Ability], power: Die, script: &[u32]) -> (Game, Point) {
    let (mut g, o) = table(
        &[
            (R1, (1, 0), power, Die::D8, abilities),
            (B1, (3, 0), Die::D8, Die::D8, &[]),
        ],
        4,
        script,
    );
    corridor(&mut g, o);
    (g, o)
}

#[test]
fn a_thief_removes_an_enemy_trap_on_its_goal_rather_than_spring_it() {
    // The goal, 2,0 (next to b1), holds b1's trap. A 6 removes it.
    let (mut g, o) = before_the_goal(&THIEF, Die::D10, &[6, 3]);
    let goal = at(o, 2, 0);
    trap(&mut g, goal, B1);
    let cmd = decide(&g);
    assert_eq!(cmd, Command::Disarm(Place::Square(goal)));
    let ev = g.play(cmd).unwrap();
    assert!(ev.contains(&Event::TrapRemoved {
        by: R1,
        place: TrapPlace::Square(goal)
    }));
    assert!(g.state.traps.is_empty());
    assert_eq!(g.state.fig(R1).wounds, 0);
    assert_eq!(g.dice().script_left(), 0);
    // A 5 fails: the thief takes a wound and the trap stays.
    let (mut g, o) = before_the_goal(&THIEF, Die::D10, &[5, 3]);
    let goal = at(o, 2, 0);
    trap(&mut g, goal, B1);
    let cmd = decide(&g);
    assert_eq!(cmd, Command::Disarm(Place::Square(goal)));
    let ev = g.play(cmd).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Test {
            task: Task::RemoveTrap,
            passed: false,
            ..
        }
    )));
    assert_eq!(g.state.fig(R1).wounds, 1);
    assert_eq!(g.state.traps.len(), 1);
    assert_eq!(g.dice().script_left(), 0);
}

#[test]
fn a_thief_walking_to_a_trapped_goal_stops_beside_it_then_removes_it() {
    // r1 four squares short of the goal with 6 to move: it stops on the
    // square before the trap, then (moved, action left) removes it.
    let (mut g, o) = table(
        &[
            (R1, (0, 0), Die::D12, Die::D8, &THIEF),
            (B1, (5, 0), Die::D8, Die::D8, &[]),
        ],
        6,
        &[],
    );
    corridor(&mut g, o);
    let goal = at(o, 4, 0);
    trap(&mut g, goal, B1);
    assert_eq!(decide(&g), Command::Move(at(o, 3, 0)));
    g.play(Command::Move(at(o, 3, 0))).unwrap();
    assert_eq!(decide(&g), Command::Disarm(Place::Square(goal)));
}

#[test]
fn only_a_thief_that_makes_six_at_least_half_the_time_disarms() {
    let (g, o) = before_the_goal(&THIEF, Die::D10, &[]);
    let goal = at(o, 2, 0);
    let disarm = Command::Disarm(Place::Square(goal));
    let mut trapped = g.clone();
    trap(&mut trapped, goal, B1);
    assert_eq!(decide(&trapped), disarm);
    // No Thief: it walks onto the trap on its goal (and springs it).
    let (mut g, _) = before_the_goal(&[Ability::ExtraWound], Die::D12, &[]);
    trap(&mut g, goal, B1);
    assert_eq!(decide(&g), Command::Move(goal));
    // A Thief with a d8 makes 6+ three times in eight: it walks on too; a
    // Master Thief rolls two dice (6+ in 39 of 64) and disarms.
    let (mut g, _) = before_the_goal(&THIEF, Die::D8, &[]);
    trap(&mut g, goal, B1);
    assert_eq!(decide(&g), Command::Move(goal));
    let master = [Ability::Thief, Ability::MasterThief];
    let (mut g, _) = before_the_goal(&master, Die::D8, &[]);
    trap(&mut g, goal, B1);
    assert_eq!(decide(&g), disarm);
}

#[test]
fn a_thief_leaves_its_own_sides_trap_alone() {
    // r2's trap on r1's goal: r1 walks on (the policy's goal rule); the
    // same trap set by b1 is removed.
    let (mut g, o) = before_the_goal(&THIEF, Die::D12, &[]);
    let goal = at(o, 2, 0);
    let mut foes = g.clone();
    trap(&mut g, goal, R2);
    assert_eq!(decide(&g), Command::Move(goal));
    trap(&mut foes, goal, B1);
    assert_eq!(decide(&foes), Command::Disarm(Place::Square(goal)));
}

#[test]
fn a_thief_disarms_only_a_trap_in_its_way() {
    // In the corridor a trap on the next square (b1 far off east) is in
    // the way: there is no way round, so r1 removes it.
    let (mut g, o) = table(
        &[
            (R1, (4, 0), Die::D12, Die::D8, &THIEF),
            (B1, (20, 0), Die::D8, Die::D8, &[]),
        ],
        4,
        &[],
    );
    let next = at(o, 5, 0);
    let mut open = g.clone();
    corridor(&mut g, o);
    let behind = g.clone();
    trap(&mut g, next, B1);
    assert_eq!(decide(&g), Command::Disarm(Place::Square(next)));
    // The same trap on open floor is walked round.
    trap(&mut open, next, B1);
    let Command::Move(to) = decide(&open) else {
        panic!("a walk expected, not {:?}", decide(&open));
    };
    assert!(to.x > next.x, "{to:?} is past the trap");
    // A trap behind it, on the way back, is left alone.
    let mut back = behind;
    trap(&mut back, at(o, 3, 0), B1);
    assert!(matches!(decide(&back), Command::Move(_)));
}

#[test]
fn a_thief_removes_an_enemy_trap_on_a_treasure_before_picking_it_up() {
    use crate::ddd::part::CounterKind;
    let (mut g, o) = table(
        &[
            (R1, (0, 0), Die::D12, Die::D8, &THIEF),
            (B1, (20, 20), Die::D8, Die::D8, &[]),
        ],
        4,
        &[8, 3],
    );
    g.kind = ScenarioKind::TreasureHunt;
    let p = at(o, 1, 0);
    g.state.counters = vec![counter(CounterKind::Treasure, p)];
    let mut own = g.clone();
    g.state.counters[0].trap = Some(B1);
    let cmd = decide(&g);
    assert_eq!(cmd, Command::Disarm(Place::Square(p)));
    let ev = g.play(cmd).unwrap();
    assert!(ev.contains(&Event::TrapRemoved {
        by: R1,
        place: TrapPlace::Counter(0)
    }));
    assert_eq!(g.state.counters[0].trap, None);
    // Its own side's trap on the treasure is not touched: it picks it up.
    own.state.counters[0].trap = Some(R2);
    assert_eq!(decide(&own), Command::PickUp(Some(p)));
}

#[test]
fn a_model_that_cannot_remove_a_trap_in_a_corridor_steps_onto_it_rather_than_stand() {
    // A walk ends on a trap's square and never passes it, so a trap in the
    // corridor is the only way on: with nothing nearer to end on, r1 (no
    // Thief, or a Thief too weak to try) steps onto it and springs it.
    for (abilities, power) in [
        (&[Ability::ExtraWound][..], Die::D12),
        (&THIEF[..], Die::D8),
    ] {
        let (mut g, o) = table(
            &[
                (R1, (4, 0), power, Die::D8, abilities),
                (B1, (20, 0), Die::D8, Die::D8, &[]),
            ],
            4,
            &[],
        );
        corridor(&mut g, o);
        let mut farther = g.clone();
        let next = at(o, 5, 0);
        trap(&mut g, next, B1);
        assert_eq!(decide(&g), Command::Move(next), "{abilities:?}");
        // With a square free before the trap it stops there first.
        trap(&mut farther, at(o, 6, 0), B1);
        assert_eq!(decide(&farther), Command::Move(next), "{abilities:?}");
    }
}

#[test]
fn only_a_thief_that_makes_six_at_least_half_the_time_removes_a_trap_on_a_door() {
    use super::super::state::DoorState;
    use crate::build::board::Door;
    use crate::core::geom::{DoorKind, Side};
    // r1 in the corridor against a shut door on its east edge, b1 beyond
    // it: the door is in r1's way, and b1's trap is on it.
    let door = |abilities: &[Ability], power: Die, script: &[u32]| {
        let (mut g, o) = table(
            &[
                (R1, (2, 0), power, Die::D8, abilities),
                (B1, (8, 0), Die::D8, Die::D8, &[]),
            ],
            4,
            script,
        );
        let mut b = Board::filled(36, 36, Terrain::Wall);
        for dx in 0..=25 {
            b.set(at(o, dx, 0), Terrain::Floor);
        }
        let d = Door::on(at(o, 2, 0), Side::E, DoorKind::Plain);
        b.doors = vec![d];
        g.grid = std::sync::Arc::new(super::super::grid::Grid::new(b));
        g.state.doors = vec![DoorState {
            door: d,
            open: false,
            locked: false,
            secret: false,
            gone: false,
            trap: Some(B1),
        }];
        g
    };
    let remove = Command::Disarm(Place::Door(Side::E));
    // A d10 Thief removes it: a 6 takes the trap away, the door still shut
    // (the 3 is b1's movement roll, the next card's).
    let mut g = door(&THIEF, Die::D10, &[6, 3]);
    assert_eq!(decide(&g), remove);
    let ev = g.play(remove).unwrap();
    assert!(ev.contains(&Event::TrapRemoved {
        by: R1,
        place: TrapPlace::Door(0)
    }));
    assert_eq!(g.state.doors[0].trap, None);
    assert!(g.state.doors[0].shut());
    assert_eq!(g.dice().script_left(), 0);
    // A Master Thief with a d8 rolls two dice (6+ in 39 of 64): it tries.
    let master = [Ability::Thief, Ability::MasterThief];
    assert_eq!(decide(&door(&master, Die::D8, &[])), remove);
    // A d8 Thief (6+ three times in eight) and a model that is no Thief
    // open the door, which springs the trap.
    assert_eq!(decide(&door(&THIEF, Die::D8, &[])), Command::Open(Side::E));
    let plain = [Ability::ExtraWound];
    assert_eq!(decide(&door(&plain, Die::D12, &[])), Command::Open(Side::E));
    // Its own side's trap on the door is left alone: it opens the door.
    let mut own = door(&THIEF, Die::D12, &[]);
    own.state.doors[0].trap = Some(R2);
    assert_eq!(decide(&own), Command::Open(Side::E));
}
