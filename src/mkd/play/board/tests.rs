//! The route walks and sight checked against plain versions of themselves.

use super::kept;
use super::walk::*;
use super::*;
use crate::mkd::generate::{GenerateParams, generate};
use std::rc::Rc;
use std::sync::Arc;

use crate::mkd::play::testkit::xorshift as next;

/// The `k`th of six movers (0 to 5): every door rule, the last one flying.
fn kth_mover(k: usize, hindering_extra: u32) -> Mover {
    Mover {
        hindering_extra,
        door_open: [None, Some(1), Some(3)][k % 3],
        door_close: [None, Some(1)][k % 2],
        flies: k == 5,
    }
}

/// `n` squares picked at random from `open` (repeats allowed).
fn some_of(open: &[Point], n: usize, rng: &mut u64) -> Vec<Point> {
    (0..n)
        .map(|_| open[next(rng) as usize % open.len()])
        .collect()
}

/// The board of the default dungeon of `seed`, its passable squares,
/// and doors (open or shut at random) laid on `doors` random edges,
/// those between two passable squares.
fn board_with_doors(seed: u64, doors: usize, rng: &mut u64) -> (Board, Vec<Point>) {
    let ts = crate::tileset::default_tileset();
    let params = GenerateParams {
        seed,
        ..GenerateParams::default()
    };
    let mut board = Board::new(&generate(&ts, &params).unwrap());
    let open: Vec<Point> = (0..board.len())
        .map(|i| board.point(i))
        .filter(|&p| board.passable(p))
        .collect();
    for _ in 0..doors {
        let a = open[next(rng) as usize % open.len()];
        let b = Board::neighbours(a)[next(rng) as usize % 4];
        if board.passable(b) {
            board.doors.push(Door {
                edges: vec![[a, b]],
                open: next(rng).is_multiple_of(2),
                trap: DoorTrap::Unchecked,
            });
        }
    }
    (board, open)
}

/// Line of sight and the door alone in the way, walked square by square,
/// are what the gathered line gives: for random pairs of squares up to
/// six apart on dungeons with open and closed doors, seen clear, blocked
/// by a wall (on the line, or on both sides of a corner it passes exactly
/// through) and blocked by a door alone; and each look is the look back.
#[test]
fn sight_walked_square_by_square_is_sight_along_the_gathered_line() {
    let mut rng = 0x0bad_5eed_1234_5678u64;
    let (mut clear, mut walled, mut by_door, mut by_corner) = (0, 0, 0, 0);
    for seed in 1..=6 {
        let (board, open) = board_with_doors(seed, 40, &mut rng);
        for _ in 0..2_000 {
            let a = open[next(&mut rng) as usize % open.len()];
            let b = Point {
                x: a.x + (next(&mut rng) % 13) as i32 - 6,
                y: a.y + (next(&mut rng) % 13) as i32 - 6,
            };
            let l = line(a, b);
            let squares = l
                .iter()
                .filter(|&&p| p != a && p != b)
                .all(|&p| see_through(board.cell(p)));
            let corners = l.windows(2).all(|w| {
                let (p, q) = (w[0], w[1]);
                p.x == q.x
                    || p.y == q.y
                    || see_through(board.cell(Point { x: q.x, y: p.y }))
                    || see_through(board.cell(Point { x: p.x, y: q.y }))
            });
            by_corner += usize::from(squares && !corners);
            let squares = squares && corners;
            let doors = l.windows(2).all(|w| !board.shut_between(w[0], w[1]));
            assert_eq!(line_of_sight(&board, a, b), squares && doors, "{a:?} {b:?}");
            let alone = if squares {
                l.windows(2)
                    .find_map(|w| board.shut_door_between(w[0], w[1]))
            } else {
                None
            };
            assert_eq!(door_in_the_way(&board, a, b), alone, "{a:?} {b:?}");
            assert_eq!(line_of_sight(&board, b, a), squares && doors, "{b:?} {a:?}");
            assert_eq!(
                door_in_the_way(&board, b, a).is_some(),
                alone.is_some(),
                "{b:?} {a:?}"
            );
            match (squares, doors) {
                (true, true) => clear += 1,
                (false, _) => walled += 1,
                (true, false) => by_door += 1,
            }
        }
    }
    assert!(
        clear > 1_000 && walled > 1_000 && by_door > 20 && by_corner > 20,
        "{clear} clear, {walled} walled ({by_corner} at a corner), {by_door} shut by a door"
    );
}

/// The ruler walked by board index stops where the ruler walked by square
/// does, at the same square or the same corner: for random pairs of
/// squares up to eight apart, with walls and random squares (standing in
/// for figures) blocking, both ways round; and with an end off the board
/// it hands the walk back to the caller.
#[test]
fn the_ruler_by_index_stops_where_the_ruler_by_square_does() {
    let mut rng = 0x5eed_0ff1_2e00_u64;
    let (mut squares, mut corners, mut clear, mut off) = (0, 0, 0, 0);
    for seed in 1..=4 {
        let (board, open) = board_with_doors(seed, 0, &mut rng);
        let marked: Vec<bool> = (0..board.len())
            .map(|_| next(&mut rng).is_multiple_of(9))
            .collect();
        let blocks_at = |i: usize| !board.see_through_at(i) || marked[i];
        let blocks = |p: Point| board.idx(p).is_none_or(blocks_at);
        for _ in 0..3_000 {
            let a = open[next(&mut rng) as usize % open.len()];
            let b = Point {
                x: a.x + (next(&mut rng) % 17) as i32 - 8,
                y: a.y + (next(&mut rng) % 17) as i32 - 8,
            };
            for (a, b) in [(a, b), (b, a)] {
                let by_square = ruler_stop(a, b, blocks);
                let Some(by_index) = ruler_stop_at(&board, a, b, blocks_at) else {
                    assert!(board.idx(a).is_none() || board.idx(b).is_none());
                    off += 1;
                    continue;
                };
                let as_squares = by_index.map(|s| match s {
                    StopAt::Square(i) => Stop::Square(board.point(i)),
                    StopAt::Corner(i, j) => Stop::Corner(board.point(i), board.point(j)),
                });
                assert_eq!(as_squares, by_square, "{a:?} to {b:?}");
                match by_square {
                    Some(Stop::Square(_)) => squares += 1,
                    Some(Stop::Corner(..)) => corners += 1,
                    None => clear += 1,
                }
            }
        }
    }
    assert!(
        squares > 1_000 && corners > 20 && clear > 1_000 && off > 0,
        "{squares} at a square, {corners} at a corner, {clear} clear, {off} off the board"
    );
}

/// The steps downhill are every neighbour a step from which, at its cost,
/// lands exactly on the square's distance, looked at for all of them: for
/// every square of random dungeons with open and shut doors and with
/// none, several movers and goals (one, two and more steps down all come
/// up).
#[test]
fn the_steps_downhill_are_the_neighbours_a_step_away() {
    let mut rng = 0x7f4a_7c15_9e37_79b9u64;
    let mut by_count = [0usize; 5];
    for (seed, doors) in (1..=6).flat_map(|seed| [(seed, 12), (seed, 0)]) {
        let (board, open) = board_with_doors(seed, doors, &mut rng);
        for k in 0..6 {
            let m = kth_mover(k, (k % 3) as u32);
            let goals = some_of(&open, 1 + k % 3, &mut rng);
            let field = board.distances_to(&goals, &m, &|_| false);
            for &from in &open {
                let here = field[board.idx(from).unwrap()];
                let want: Vec<Point> = if here == FAR || here == 0 {
                    Vec::new()
                } else {
                    Board::neighbours(from)
                        .into_iter()
                        .filter(|&p| {
                            board.idx(p).is_some_and(|j| {
                                field[j] != FAR
                                    && board
                                        .step_cost(from, p, &m)
                                        .is_some_and(|c| field[j] + c == here)
                            })
                        })
                        .collect()
                };
                let got: Vec<Point> = board.downhill(from, &field, &m).into_iter().collect();
                assert_eq!(got, want, "seed {seed}, mover {k}, from {from:?}");
                by_count[want.len()] += 1;
                // Keeping some of the steps keeps them in their order (as
                // the free steps are kept).
                let keep = |p: Point| (p.x + 2 * p.y + k as i32) % 3 != 0;
                let mut kept = board.downhill(from, &field, &m);
                kept.retain(keep);
                let want_kept: Vec<Point> = want.iter().copied().filter(|&p| keep(p)).collect();
                assert_eq!(
                    *kept, *want_kept,
                    "kept, seed {seed}, mover {k}, from {from:?}"
                );
            }
        }
    }
    assert!(
        by_count[1] > 1_000 && by_count[2] > 100,
        "squares by steps down: {by_count:?}"
    );
}

/// The bucket queue gives the distances the classic heap walk gives
/// (with a door look-up on every step), for dungeons with open and
/// closed doors, every kind of mover, several goals and blocked squares.
#[test]
fn bucketed_distances_equal_the_heap_walk() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let (mut reached, mut doors) = (0, 0);
    for seed in 1..=12 {
        // Doors on a dozen random edges between passable squares.
        let (board, open) = board_with_doors(seed, 12, &mut rng);
        let everywhere = vec![true; board.len()];
        for k in 0..6 {
            let m = kth_mover(k, (next(&mut rng) % 3) as u32);
            let goals = some_of(&open, 1 + k % 3, &mut rng);
            let walls = some_of(&open, k * 3, &mut rng);
            let blocked = |i: usize| walls.contains(&board.point(i));
            let got = board.distances_to(&goals, &m, &blocked);
            assert_eq!(
                got,
                board.distances_by_heap(&goals, &m, &blocked, &everywhere, None),
                "seed {seed}, mover {k}"
            );
            // The walk stopped early gives the full field's value at
            // its square, by either queue.
            for _ in 0..8 {
                let from = open[next(&mut rng) as usize % open.len()];
                let i = board.idx(from).unwrap();
                assert_eq!(
                    board.distance_between(&goals, from, &m, &blocked),
                    got[i],
                    "seed {seed}, mover {k}, from {from:?}"
                );
                let heap = board.distances_by_heap(&goals, &m, &blocked, &everywhere, Some(i));
                assert_eq!(heap[i], got[i], "seed {seed}, mover {k}, from {from:?}");
            }
            reached += got.iter().filter(|&&d| d != FAR && d > 0).count();
        }
        doors += board.doors.len();
    }
    // The walks went somewhere, through doors.
    assert!(
        reached > 5_000 && doors > 50,
        "{reached} squares, {doors} doors"
    );
}

/// Whether blocking more squares changes a field is the answer a second
/// walk and a whole comparison give, for random dungeons, doors, movers,
/// goals and blocked squares; both answers come up often.
#[test]
fn a_field_changes_when_blocking_more_exactly_when_a_new_walk_differs() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let (mut same, mut changed, mut walls_only) = (0, 0, 0);
    for seed in 1..=8 {
        let (board, open) = board_with_doors(seed, 10, &mut rng);
        let mut pick = |n: u64| -> Vec<usize> {
            let mut v: Vec<usize> = (0..n)
                .map(|_| {
                    board
                        .idx(open[next(&mut rng) as usize % open.len()])
                        .unwrap()
                })
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let cases: Vec<(Vec<usize>, Vec<usize>)> = (0..48)
            .map(|k| (pick(k % 5 * 5), pick(1 + k % 7)))
            .collect();
        for (k, (before, more)) in cases.into_iter().enumerate() {
            let m = Mover {
                hindering_extra: (k % 3) as u32,
                door_open: [None, Some(1), Some(3)][k % 3],
                door_close: [None, Some(1)][k % 2],
                flies: k % 7 == 6,
            };
            let goals: Vec<Point> = (0..1 + k % 3)
                .map(|_| open[(k * 7919 + seed as usize * 104_729) % open.len()])
                .collect();
            let old = |i: usize| before.contains(&i);
            let now = |i: usize| before.contains(&i) || more.contains(&i);
            let field = board.distances_to(&goals, &m, &old);
            let again = board.distances_to(&goals, &m, &now);
            let differs = field != again;
            // From the field on standing squares only, or the whole one.
            let standing = board.distances_to_standing(&goals, &m, &old);
            assert_eq!(
                board.field_changes_if_blocked(&standing, &m, &old, &now, &more),
                differs,
                "seed {seed}, case {k}"
            );
            assert_eq!(
                board.field_changes_if_blocked(&field, &m, &old, &now, &more),
                differs,
                "seed {seed}, case {k}, whole field"
            );
            if differs && standing_same(&board, &m, &standing, &again) {
                walls_only += 1;
            }
            if differs {
                changed += 1;
            } else {
                same += 1;
            }
        }
    }
    assert!(
        same > 20 && changed > 20 && walls_only > 5,
        "{same} same, {changed} changed, {walls_only} only where none stands"
    );
}

/// Does `whole` agree with `standing` on every square a figure walking as
/// `m` can stand on?
fn standing_same(board: &Board, m: &Mover, standing: &[u32], whole: &[u32]) -> bool {
    (0..board.len())
        .filter(|&i| board.enter_cost(i, m).is_some())
        .all(|i| standing[i] == whole[i])
}

/// A walk out from a square finds, for any goals, the cost a walk in
/// from those goals gives at that square, and one stopped at a bound has
/// every square within it as the whole walk does: for random dungeons,
/// doors, movers (one dear enough for the heap), goals and blocked squares.
#[test]
fn a_walk_out_costs_what_a_walk_in_gives() {
    let mut rng = 0x51_7cc1_b727_220au64;
    let (mut found, mut none, mut within) = (0, 0, 0);
    for seed in 1..=8 {
        let (board, open) = board_with_doors(seed, 10, &mut rng);
        let mut any = || open[next(&mut rng) as usize % open.len()];
        for k in 0..16 {
            let m = Mover {
                hindering_extra: (k % 3) as u32,
                door_open: [None, Some(1), Some(3), Some(100)][k % 4],
                door_close: [None, Some(1)][k % 2],
                flies: k % 5 == 4,
            };
            let from = any();
            let walls: Vec<Point> = (0..k * 2).map(|_| any()).collect();
            let sets: Vec<Vec<Point>> = (0..4)
                .map(|n| (0..1 + n).map(|_| any()).collect())
                .collect();
            let blocked = |i: usize| {
                let p = board.point(i);
                p != from && walls.contains(&p)
            };
            let targets: Vec<usize> = sets
                .iter()
                .flatten()
                .map(|&g| board.idx(g).unwrap())
                .collect();
            let out = board.distances_from(from, &m, &blocked, &targets);
            // Stopped at a bound, the walk has every square within it final.
            let bound = (k % 8) as u32 * 2;
            let near = board.distances_from_within(from, &m, &blocked, bound);
            let all: Vec<usize> = (0..board.len()).collect();
            let whole = board.distances_from(from, &m, &blocked, &all);
            for i in 0..board.len() {
                let inside = whole[i] <= bound;
                assert_eq!(
                    near[i] <= bound,
                    inside,
                    "seed {seed}, case {k}, square {i}"
                );
                if inside {
                    assert_eq!(near[i], whole[i], "seed {seed}, case {k}, square {i}");
                    within += 1;
                }
            }
            for goals in &sets {
                let want = board.distance_between(goals, from, &m, &blocked);
                let got = goals
                    .iter()
                    .map(|&g| out[board.idx(g).unwrap()])
                    .min()
                    .unwrap();
                assert_eq!(got, want, "seed {seed}, case {k}, goals {goals:?}");
                if want == FAR {
                    none += 1;
                } else {
                    found += 1;
                }
            }
        }
    }
    assert!(
        found > 200 && none > 20 && within > 1_000,
        "{found} found, {none} without a route, {within} squares within the bound"
    );
}

/// The outermost ring of the table is void on every board and stays so
/// (the walks step round any other square without a bounds check),
/// while a cell can still be set just inside it.
#[test]
fn the_rim_of_the_table_stays_void() {
    for seed in 1..=8 {
        let (mut board, _) = board_with_doors(seed, 0, &mut 1);
        let rim: Vec<usize> = (0..board.len()).filter(|&i| board.on_rim(i)).collect();
        assert_eq!(
            rim.len() as i32,
            2 * (board.cols + board.rows) - 4,
            "seed {seed}"
        );
        assert!(
            rim.iter().all(|&i| board.cells[i] == Cell::Void),
            "seed {seed}"
        );
        let corner = board.point(0);
        board.set_cell(corner, Cell::Floor);
        assert_eq!(board.cell(corner), Cell::Void);
        let inside = Point {
            x: corner.x + 1,
            y: corner.y + 1,
        };
        board.set_cell(inside, Cell::Floor);
        assert_eq!(board.cell(inside), Cell::Floor);
    }
}

/// The indexes around a square are those of the squares `all_around`
/// lists, in its order, for every square off the rim; a rim square or one
/// off the board has none, and every square a figure can stand on has
/// them.
#[test]
fn the_indexes_around_a_square_are_those_of_its_eight_neighbours() {
    for seed in 1..=4 {
        let (board, open) = board_with_doors(seed, 0, &mut 1);
        for i in 0..board.len() {
            let p = board.point(i);
            let around = board.around_indexes(p);
            assert_eq!(around.is_none(), board.on_rim(i), "seed {seed}, square {i}");
            if let Some(around) = around {
                let want: Vec<Option<usize>> = crate::core::geom::all_around(p)
                    .into_iter()
                    .map(|q| board.idx(q))
                    .collect();
                let got: Vec<Option<usize>> = around.into_iter().map(Some).collect();
                assert_eq!(got, want, "seed {seed}, square {i}");
                assert!(
                    around
                        .iter()
                        .all(|&j| board.passable_at(j) == board.passable(board.point(j)))
                );
            }
        }
        let corner = board.point(0);
        for (dx, dy) in [(-1, 0), (0, -1), (-5, -5), (board.cols, 0), (0, board.rows)] {
            let off = Point {
                x: corner.x + dx,
                y: corner.y + dy,
            };
            assert_eq!(board.idx(off), None, "seed {seed}");
            assert_eq!(board.around_indexes(off), None, "seed {seed}");
        }
        assert!(open.iter().all(|&p| board.around_indexes(p).is_some()));
    }
}

/// Which squares can walk to a square, from the short walk out of it, is
/// what the walk in over the whole board says: on dungeons with open and
/// shut doors, for every mover, from standing squares and from others
/// (a wall, a crevice), to a tile's squares and to squares picked anywhere.
#[test]
fn who_can_walk_to_a_square_is_what_the_walk_in_says() {
    let mut rng = 0x7ea5_0c4e_11ed_9a3bu64;
    let (mut yes, mut no, mut fallback) = (0, 0, 0);
    for seed in 1..=6 {
        let (board, open) = board_with_doors(seed, 30, &mut rng);
        for case in 0..60 {
            let m = kth_mover(case % 6, (case % 3) as u32);
            let from = if case % 5 == 0 {
                board.point(next(&mut rng) as usize % board.len())
            } else {
                some_of(&open, 1, &mut rng)[0]
            };
            let squares = if case % 2 == 0 {
                board
                    .tile_squares(next(&mut rng) as usize % board.tiles.len())
                    .to_vec()
            } else {
                (0..12)
                    .map(|_| board.point(next(&mut rng) as usize % board.len()))
                    .collect()
            };
            let walk_in = board.distances_to(&[from], &m, &|_| false);
            let want: Vec<bool> = squares
                .iter()
                .map(|&p| board.idx(p).is_some_and(|i| walk_in[i] != FAR))
                .collect();
            assert_eq!(
                board.can_walk_to(from, &m, &squares),
                want,
                "seed {seed}, case {case}, from {from:?}"
            );
            yes += want.iter().filter(|&&w| w).count();
            no += want.iter().filter(|&&w| !w).count();
            let stands = |p: Point| board.can_stand(p, &m);
            if !stands(from) || !squares.iter().all(|&p| stands(p)) {
                fallback += 1;
            }
        }
    }
    assert!(
        yes > 1_000 && no > 100 && fallback > 20,
        "{yes} {no} {fallback}"
    );
}

/// One case of the walk-in tests below: a mover, goals and walls on a
/// random dungeon with doors.
struct WalkCase<'a> {
    seed: u64,
    case: usize,
    board: &'a Board,
    open: &'a [Point],
    m: Mover,
    goals: Vec<Point>,
    walls: Vec<Point>,
}

/// Runs `f` on 30 cases on each of six random dungeons with 20 doors, each
/// mover in turn, drawing the goals and walls from `rng` (which `f` may
/// draw on too).
fn for_walk_cases(rng: &mut u64, mut f: impl FnMut(&WalkCase, &mut u64)) {
    for seed in 1..=6 {
        let (board, open) = board_with_doors(seed, 20, rng);
        for case in 0..30 {
            let m = kth_mover(case % 6, (case % 3) as u32);
            let goals = some_of(&open, 1 + case % 4, rng);
            let walls = some_of(&open, case % 9, rng);
            let c = WalkCase {
                seed,
                case,
                board: &board,
                open: &open,
                m,
                goals,
                walls,
            };
            f(&c, rng);
        }
    }
}

/// A cut-short walk `part` reads as the whole walk `whole` does at square
/// `i`: the same value, and the same steps downhill.
fn assert_reads_the_same(c: &WalkCase, part: &[u32], whole: &[u32], i: usize) {
    let at = || format!("seed {}, case {}, square {i}", c.seed, c.case);
    assert_eq!(part[i], whole[i], "{}", at());
    let p = c.board.point(i);
    assert_eq!(
        &*c.board.downhill(p, part, &c.m),
        &*c.board.downhill(p, whole, &c.m),
        "{}",
        at()
    );
}

/// A walk in stopped at a square has what a walk downhill from it reads:
/// its value there, and at every square nearer the goals that a figure
/// walking that way can stand on, is the whole walk's, and so are the
/// steps downhill from each of them. Squares it cannot stand on are left
/// out (no value), unless the stop square is one. On random dungeons with
/// doors, every mover, random goals and blocked squares.
#[test]
fn a_walk_in_stopped_at_a_square_has_what_a_walk_downhill_from_it_reads() {
    let mut rng = 0x3c6e_f372_fe94_f82bu64;
    let (mut checked, mut left_out, mut from_unstandable) = (0, 0, 0);
    for_walk_cases(&mut rng, |c, rng| {
        let board = c.board;
        let from = if c.case % 7 == 0 {
            board.point(next(rng) as usize % board.len())
        } else {
            some_of(c.open, 1, rng)[0]
        };
        let blocked = |i: usize| {
            let p = board.point(i);
            p != from && c.walls.contains(&p)
        };
        let whole = board.distances_to(&c.goals, &c.m, &blocked);
        let part = board.distances_to_reach(&c.goals, from, &c.m, &blocked);
        let at = board.idx(from).unwrap();
        assert_eq!(part[at], whole[at], "seed {}, case {}", c.seed, c.case);
        let stands = |i: usize| board.enter_cost(i, &c.m).is_some();
        if !stands(at) {
            from_unstandable += 1;
        }
        for i in 0..board.len() {
            if whole[i] == FAR || whole[i] > whole[at] {
                continue;
            }
            if stands(i) || !stands(at) {
                assert_reads_the_same(c, &part, &whole, i);
                checked += 1;
            } else if part[i] == FAR {
                left_out += 1;
            }
        }
    });
    assert!(
        checked > 5_000 && left_out > 500 && from_unstandable > 3,
        "{checked} {left_out} {from_unstandable}"
    );
}

/// A walk in stopped once every one of several targets is final gives
/// each target, and every square no farther from the goals than the
/// farthest target, the whole walk's value, and the same steps downhill:
/// all a route from any of them reads. A target with no route leaves the
/// whole walk made. On random dungeons with doors, every mover, random
/// goals, targets (the entrance squares of a hero outside, say) and walls.
#[test]
fn a_walk_in_stopped_at_several_squares_has_what_a_walk_downhill_from_each_reads() {
    let mut rng = 0x5851_f42d_4c95_7f2du64;
    let (mut checked, mut cut_short, mut unreached) = (0, 0, 0);
    for_walk_cases(&mut rng, |c, rng| {
        let board = c.board;
        let targets: Vec<usize> = some_of(c.open, 1 + c.case % 5, rng)
            .iter()
            .map(|&p| board.idx(p).unwrap())
            .collect();
        let blocked = |i: usize| c.walls.contains(&board.point(i));
        let whole = board.distances_to(&c.goals, &c.m, &blocked);
        let part = board.distances_to_all(&c.goals, &c.m, &blocked, &targets);
        if targets.iter().any(|&t| whole[t] == FAR) {
            assert_eq!(part, whole, "seed {}, case {}", c.seed, c.case);
            unreached += 1;
            return;
        }
        let far = targets.iter().map(|&t| whole[t]).max().unwrap();
        for i in 0..board.len() {
            if whole[i] == FAR || whole[i] > far {
                if part[i] != whole[i] {
                    cut_short += 1;
                }
                continue;
            }
            assert_reads_the_same(c, &part, &whole, i);
            checked += 1;
        }
    });
    assert!(
        checked > 5_000 && cut_short > 5_000 && unreached > 3,
        "{checked} {cut_short} {unreached}"
    );
}

/// A walk out that ends at the nearest targets gives them, and every
/// target as near, the whole walk's distance, and every farther target
/// more than that: the nearest targets and their ties read the same. On
/// random dungeons with doors, every mover, random targets (some off the
/// way) and blocked squares.
#[test]
fn a_walk_out_to_the_nearest_targets_finds_the_whole_walk_s_nearest() {
    let mut rng = 0x5be0_cd19_137e_2179u64;
    let (mut reached, mut none, mut ties, mut cut_short) = (0, 0, 0, 0);
    for seed in 1..=6 {
        let (board, open) = board_with_doors(seed, 20, &mut rng);
        for case in 0..40 {
            let m = kth_mover(case % 6, (case % 3) as u32);
            let from = some_of(&open, 1, &mut rng)[0];
            let targets: Vec<usize> = (0..1 + case % 5)
                .map(|k| {
                    if k % 3 == 2 {
                        next(&mut rng) as usize % board.len()
                    } else {
                        board.idx(some_of(&open, 1, &mut rng)[0]).unwrap()
                    }
                })
                .collect();
            let walls = some_of(&open, case % 9, &mut rng);
            let blocked = |i: usize| {
                let p = board.point(i);
                p != from && walls.contains(&p)
            };
            let whole = board.distances_from(from, &m, &blocked, &targets);
            let near = board.distances_to_nearest(from, &m, &blocked, &targets);
            let least = targets.iter().map(|&t| whole[t]).min().unwrap();
            for &t in &targets {
                if whole[t] == least {
                    assert_eq!(near[t], least, "seed {seed}, case {case}");
                } else {
                    assert!(near[t] > least, "seed {seed}, case {case}");
                    cut_short += usize::from(near[t] != whole[t]);
                }
            }
            if least == FAR {
                none += 1;
            } else {
                reached += 1;
                ties += usize::from(targets.iter().filter(|&&t| whole[t] == least).count() > 1);
            }
        }
    }
    assert!(
        reached > 150 && none > 0 && ties > 5 && cut_short > 20,
        "{reached} {none} {ties} {cut_short}"
    );
}

/// A tile's squares are the squares of its rectangle that belong to it and
/// that a figure can stand on, north-west first, on eight dungeons, also
/// after a vortex-like change hands some squares to no tile and walls
/// others up (so both tests of a square matter), and after a tile is
/// turned. The lists are kept from the first question, so each change must
/// drop them: they are asked for before every change.
#[test]
fn a_tile_s_squares_are_its_standing_squares_row_by_row() {
    for seed in 1..=8 {
        let (mut board, open) = board_with_doors(seed, 0, &mut 1);
        let count = |board: &Board| -> usize {
            (0..board.tiles.len())
                .map(|t| board.tile_squares(t).len())
                .sum()
        };
        // Each tile's squares made afresh from its rectangle.
        let fresh = |board: &Board, t: usize| -> Vec<Point> {
            let tile = &board.tiles[t];
            (tile.y..tile.y + tile.height)
                .flat_map(|y| (tile.x..tile.x + tile.width).map(move |x| Point { x, y }))
                .filter(|&p| board.tile_at(p) == Some(t) && board.passable(p))
                .collect()
        };
        let at_first = count(&board);
        for (k, &p) in open.iter().enumerate().filter(|(k, _)| k % 7 == 0) {
            // Asked before each change, so the lists are kept when it comes.
            count(&board);
            if k % 2 == 0 {
                board.set_tile_at(p, None);
            } else {
                board.set_cell(p, Cell::Wall);
            }
        }
        let mut listed = 0;
        for t in 0..board.tiles.len() {
            let want = fresh(&board, t);
            assert_eq!(board.tile_squares(t), want, "seed {seed}, tile {t}");
            listed += want.len();
        }
        assert!(listed > 50, "seed {seed}: {listed} squares");
        assert!(listed < at_first, "seed {seed}: {listed} of {at_first}");
        assert!(board.tile_squares(board.tiles.len()).is_empty());
        // A tile turned a quarter: its squares move, and what it covers
        // is no longer another tile's.
        let t = board.central;
        let before = board.tile_squares(t).to_vec();
        board.turn_tile(t);
        for u in 0..board.tiles.len() {
            let want = fresh(&board, u);
            assert_eq!(board.tile_squares(u), want, "seed {seed}, turned, tile {u}");
        }
        assert_ne!(
            board.tile_squares(t),
            before,
            "seed {seed}: the turned tile"
        );
    }
}

/// A kept field ([`kept::reach_field`]) reads as the whole walk does from
/// the square it is asked for, whether it was walked for that square or
/// kept from a walk for another: the same value there, and at every
/// square nearer the goals a figure can stand on, with the same steps
/// downhill. It is kept while the new square is no farther than the one
/// it was walked for, walked again when it is farther, and never given
/// for other blocked squares, goals, mover or board. On random dungeons
/// with doors, every mover, random goals and blocked squares.
#[test]
fn a_kept_field_reads_as_the_whole_walk_from_any_square_it_is_given_for() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let (mut kept, mut walked_again, mut checked) = (0, 0, 0);
    for_walk_cases(&mut rng, |c, rng| {
        let board = Arc::new(c.board.clone());
        let [first, second] = [0, 1].map(|_| some_of(c.open, 1, rng)[0]);
        let mut blocked: Vec<usize> = c
            .walls
            .iter()
            .filter(|&&p| p != first && p != second)
            .map(|&p| board.idx(p).unwrap())
            .collect();
        blocked.sort_unstable();
        blocked.dedup();
        let is_blocked = |i: usize| blocked.binary_search(&i).is_ok();
        let whole = board.distances_to(&c.goals, &c.m, &is_blocked);
        let a = kept::reach_field(&board, &c.goals, &c.m, &blocked, Some(first));
        let b = kept::reach_field(&board, &c.goals, &c.m, &blocked, Some(second));
        let (i1, i2) = (board.idx(first).unwrap(), board.idx(second).unwrap());
        if Rc::ptr_eq(&a, &b) {
            assert!(
                whole[i2] <= whole[i1],
                "seed {}, case {}: kept for a farther square",
                c.seed,
                c.case
            );
            kept += 1;
        } else if whole[i2] != FAR {
            walked_again += 1;
        }
        let stands = |i: usize| board.enter_cost(i, &c.m).is_some();
        for i in 0..board.len() {
            if whole[i] != FAR && whole[i] <= whole[i2] && stands(i) {
                assert_reads_the_same(c, &b, &whole, i);
                checked += 1;
            }
        }
        // From outside the board: the whole field.
        assert_eq!(
            *kept::reach_field(&board, &c.goals, &c.m, &blocked, None),
            whole
        );
        // Other inputs are never given the kept field.
        let mut more = blocked.clone();
        more.push(board.len() - 1);
        let other_board = Arc::new(c.board.clone());
        let other_goals = [some_of(c.open, 1, rng)[0]];
        let flying = Mover {
            flies: !c.m.flies,
            ..c.m
        };
        for other in [
            kept::reach_field(&board, &c.goals, &c.m, &more, Some(second)),
            kept::reach_field(&other_board, &c.goals, &c.m, &blocked, Some(second)),
            kept::reach_field(&board, &other_goals, &c.m, &blocked, Some(second)),
            kept::reach_field(&board, &c.goals, &flying, &blocked, Some(second)),
        ] {
            assert!(!Rc::ptr_eq(&other, &b), "seed {}, case {}", c.seed, c.case);
        }
    });
    assert!(
        kept > 50 && walked_again > 50 && checked > 5_000,
        "{kept} {walked_again} {checked}"
    );
}
