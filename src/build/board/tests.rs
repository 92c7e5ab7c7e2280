use super::*;
use crate::core::dice::Dice;

fn built(seed: u64, params: &BoardParams) -> Board {
    build(params, &mut Dice::quiet(seed, "board")).expect("a board")
}

#[test]
fn a_default_board_is_36_by_36_with_two_exits_an_edge() {
    let b = built(7, &BoardParams::default());
    assert_eq!((b.width, b.height), (36, 36));
    assert_eq!(b.rows().len(), 36);
    for side in Side::ALL {
        assert!(b.exits_on(side).count() >= 2, "{side:?}");
    }
    b.check(&BoardParams::default()).unwrap();
}

#[test]
fn the_same_seed_gives_the_same_board() {
    let p = BoardParams::default();
    assert_eq!(built(3, &p), built(3, &p));
    assert_ne!(built(3, &p), built(4, &p));
}

#[test]
fn fair_boards_turn_onto_themselves() {
    for seed in 0..20 {
        let p = BoardParams {
            symmetry: Symmetry::Quarter,
            ..BoardParams::default()
        };
        let b = built(seed, &p);
        assert!(b.is_symmetric(Symmetry::Quarter), "seed {seed}");
        let p = BoardParams {
            symmetry: Symmetry::Half,
            width: 40,
            height: 30,
            ..BoardParams::default()
        };
        let b = built(seed, &p);
        assert!(b.is_symmetric(Symmetry::Half), "seed {seed}");
    }
}

#[test]
fn sizes_outside_the_limits_and_a_quarter_turn_of_an_oblong_are_refused() {
    let mut d = Dice::quiet(1, "board");
    for (w, h) in [(23, 36), (36, 73)] {
        let p = BoardParams {
            width: w,
            height: h,
            ..BoardParams::default()
        };
        assert!(matches!(build(&p, &mut d), Err(BoardError::Impossible(_))));
    }
    let p = BoardParams {
        width: 40,
        symmetry: Symmetry::Quarter,
        ..BoardParams::default()
    };
    assert!(matches!(build(&p, &mut d), Err(BoardError::Impossible(_))));
}

/// A board drawn in the legend, with doors given apart.
fn board(rows: &[&str], doors: &[Door]) -> Board {
    let mut b = Board::filled(rows[0].len() as u32, rows.len() as u32, Terrain::Wall);
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            b.set(
                Point {
                    x: x as i32,
                    y: y as i32,
                },
                Terrain::from_char(c).unwrap(),
            );
        }
    }
    b.doors = doors.to_vec();
    b.doors.sort();
    b
}

fn p(x: i32, y: i32) -> Point {
    Point { x, y }
}

#[test]
fn walking_costs_two_on_difficult_ground_and_never_cuts_a_wall_corner() {
    let b = board(&["....", ".#..", "..,.", "...."], &[]);
    let w = Walker::new(&b, PASS_ALL);
    let d = w.distances([p(0, 0)]);
    // Round the wall's corner: (0,0) → (1,0)... no diagonal past (1,1).
    assert!(!w.can_step(p(0, 0), p(1, 1)));
    assert!(!w.can_step(p(1, 0), p(0, 1)));
    // (0,0) → (1,0) → (2,0) → (2,1): not past the wall's corner.
    assert_eq!(d[b.index(p(2, 1))], 3);
    // Into the difficult square costs 2.
    assert_eq!(d[b.index(p(2, 2))], 5);
    assert_eq!(d[b.index(p(3, 3))], 5);
}

#[test]
fn locked_and_secret_doors_shut_the_way_for_an_open_walk_only() {
    let b = board(
        &["..#..", "..#..", "....."],
        &[Door::on(p(1, 1), Side::S, DoorKind::Locked)],
    );
    // A door between (1,1) and (1,2): the open walk goes round by (0,2).
    let open = Walker::new(&b, PASS_OPEN);
    assert!(!open.can_step(p(1, 1), p(1, 2)));
    assert!(
        !open.can_step(p(0, 1), p(1, 2)),
        "no diagonal past a door post"
    );
    assert!(Walker::new(&b, PASS_ALL).can_step(p(1, 1), p(1, 2)));
    assert_eq!(open.distances([p(1, 1)])[b.index(p(1, 2))], 3);
    assert!(open.unreached_from([p(0, 0)]).is_none());
}

#[test]
fn sight_is_blocked_by_walls_obstacles_and_doors_and_is_the_same_both_ways() {
    let b = board(
        &[".....", "..X..", ".....", "#...."],
        &[Door::on(p(3, 2), Side::E, DoorKind::Plain)],
    );
    let w = Walker::new(&b, PASS_ALL);
    assert!(!w.sees(p(0, 1), p(4, 1)), "the obstacle");
    assert!(w.sees(p(0, 0), p(4, 0)));
    assert!(!w.sees(p(0, 2), p(4, 2)), "the door");
    for a in 0..20 {
        for c in 0..20 {
            let (pa, pc) = (b.point(a), b.point(c));
            assert_eq!(w.sees(pa, pc), w.sees(pc, pa));
        }
    }
}

#[test]
fn doors_are_written_from_their_west_or_north_square() {
    assert_eq!(
        Door::on(p(3, 3), Side::W, DoorKind::Plain),
        Door::on(p(2, 3), Side::E, DoorKind::Plain)
    );
    assert_eq!(Door::on(p(3, 3), Side::N, DoorKind::Plain).at, p(3, 2));
}

#[test]
fn depth_and_centre_rings_count_moves_from_the_edge_and_the_centre_point() {
    let b = Board::filled(36, 36, Terrain::Floor);
    assert_eq!(b.depth(p(0, 5), Side::W), 1);
    assert_eq!(b.depth(p(35, 5), Side::E), 1);
    assert_eq!(b.edge_depth(p(7, 20)), 8);
    assert_eq!(b.centre_ring(p(17, 18)), 1);
    assert_eq!(b.centre_ring(p(12, 23)), 6);
    assert_eq!(b.centre_ring(p(11, 18)), 7);
    assert_eq!(b.centre_squares().len(), 4);
}

#[test]
fn an_obstacle_in_a_corridors_mouth_leaves_no_way_round_and_a_pillar_does() {
    // A room (columns 0-3) with a corridor leaving it east along row 2,
    // the way back round being a loop of eleven squares and more.
    let rows = [
        "##########",
        "#....#####",
        "#...X.....",
        "#....####.",
        "#....####.",
        "#.........",
    ];
    let b = board(&rows, &[]);
    // The corridor's first square and the room beyond the obstacle are
    // joined only the long way round.
    assert!(!way_round(&b, p(4, 2)));
    // The same obstacle a square into the room is a pillar to walk round.
    let mut pillar = rows;
    pillar[2] = "#..X......";
    assert!(way_round(&board(&pillar, &[]), p(3, 2)));
    // Against the room's wall as well.
    pillar[2] = "#X........";
    assert!(way_round(&board(&pillar, &[]), p(1, 2)));
}

#[test]
fn every_obstacle_on_a_built_board_can_be_walked_round() {
    // The failure this guards against: an obstacle in a corridor's mouth
    // turned the loop through it into a dead end, and both sides of a
    // Secrets of the Ancients board met in the one corridor left.
    let mut obstacles = 0;
    for symmetry in [Symmetry::None, Symmetry::Half, Symmetry::Quarter] {
        let params = BoardParams {
            symmetry,
            ..BoardParams::default()
        };
        for seed in 0..150 {
            let b = built(seed, &params);
            for i in 0..b.cells.len() {
                if b.cells[i] == Terrain::Obstacle {
                    obstacles += 1;
                    let at = b.point(i);
                    assert!(
                        way_round(&b, at),
                        "seed {seed} {symmetry:?}: obstacle {at:?}"
                    );
                }
            }
        }
    }
    // Boards do get obstacles: the test checks something.
    assert!(obstacles > 100, "{obstacles} obstacles");
}
