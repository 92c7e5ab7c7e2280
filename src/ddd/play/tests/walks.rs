//! The walks' faster readings held to the slower ones they replace: the
//! grid's table of steps against the walking rule, and a walk bounded by
//! the movement left against the whole walk, on the six scenarios' boards.

use super::*;

/// A game of each of the six scenarios, on the boards of seeds `first`,
/// `first + 1`, … (the default war-parties, before the first turn).
fn six_games(first: u64) -> impl Iterator<Item = (ScenarioKind, Game)> {
    ScenarioKind::ALL
        .into_iter()
        .zip(first..)
        .map(|(kind, seed)| {
            let s = scenario(kind, seed);
            let (g, _) = Game::new(
                &s,
                &warparty::new(1, "Blue"),
                &warparty::new(2, "Red"),
                Dice::quiet(1, "test"),
                PlayOptions::default(),
            )
            .unwrap();
            (kind, g)
        })
}

/// The grid's table of steps (`Grid::step`, read by the planner) agrees
/// with the walking rule (`Grid::can_step`) on every square and every
/// neighbour of the six scenarios' boards, with the doors all shut and
/// all open: a step the table calls free is walkable either way, a door's
/// step only while the door is open, and no other.
#[test]
fn the_grids_table_of_steps_agrees_with_the_walking_rule() {
    use crate::build::board::NEIGHBOURS;
    use crate::ddd::play::grid::{STEP_FREE, STEP_NONE};
    for (kind, mut g) in six_games(11) {
        assert!(!g.state.doors.is_empty(), "{kind:?} has doors");
        let (mut free, mut doors) = (0, 0);
        for open in [false, true] {
            for d in &mut g.state.doors {
                d.open = open;
            }
            let b = &g.grid.board;
            for i in 0..b.cells.len() {
                let p = b.point(i);
                for (dir, (dx, dy)) in NEIGHBOURS.into_iter().enumerate() {
                    let q = Point {
                        x: p.x + dx,
                        y: p.y + dy,
                    };
                    let step = g.grid.step(i, dir);
                    let want = match step {
                        STEP_NONE => false,
                        STEP_FREE => true,
                        k => !g.state.doors[k as usize].shut(),
                    };
                    assert_eq!(
                        g.grid.can_step(&g.state, p, q, false),
                        want,
                        "{kind:?}: {p:?} to {q:?}, doors open {open}"
                    );
                    free += usize::from(step == STEP_FREE);
                    doors += usize::from(step != STEP_FREE && step != STEP_NONE);
                }
            }
        }
        assert!(
            free > 1000 && doors > 0,
            "{kind:?}: {free} free, {doors} door steps"
        );
    }
}

/// A walk bounded by the movement left (`walk::reach` with a budget)
/// gives every square within the budget the cost and the way the walk
/// with no bound gives it, and no square beyond it a cost within it: for
/// every model of the six scenarios' first positions and budgets 1 to 12.
#[test]
fn a_walk_bounded_by_the_movement_left_agrees_with_the_whole_walk_within_it() {
    use crate::ddd::play::walk::reach;
    let mut within = 0;
    for (kind, g) in six_games(21) {
        let b = &g.grid.board;
        for f in g.state.figures.iter().filter(|f| f.on_board()) {
            let whole = reach(&g.state, &g.grid, f.id, u32::MAX);
            for budget in 1..=12 {
                let r = reach(&g.state, &g.grid, f.id, budget);
                for i in 0..b.cells.len() {
                    let p = b.point(i);
                    if whole.dist[i] <= budget {
                        within += 1;
                        assert_eq!(r.dist[i], whole.dist[i], "{kind:?} {:?} to {p:?}", f.id);
                        assert_eq!(
                            r.path(&g.grid, p),
                            whole.path(&g.grid, p),
                            "{kind:?} {:?} to {p:?}",
                            f.id
                        );
                    } else {
                        assert!(r.dist[i] > budget, "{kind:?} {:?} to {p:?}", f.id);
                    }
                }
            }
        }
    }
    assert!(within > 10_000, "{within}");
}
