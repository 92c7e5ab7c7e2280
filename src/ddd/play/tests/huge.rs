//! Huge models: a 2 × 2 block (the project's reading of L60), with
//! scripted dice as the parent module's tests.

use super::*;

/// Replaces the table's open floor with one `edit` changes.
fn board(g: &mut Game, edit: impl Fn(&mut Board)) {
    let mut b = Board::filled(36, 36, Terrain::Floor);
    edit(&mut b);
    g.grid = std::sync::Arc::new(super::super::grid::Grid::new(b));
}

const HUGE: [Ability; 1] = [Ability::Huge];

#[test]
fn a_huge_model_stands_on_four_squares_and_nobody_else_may() {
    // b1 Huge at 10,10 covers 10-11 × 10-11; r1's turn, 4 squares.
    let (mut g, o) = table(
        &[
            (R1, (4, 4), Die::D8, Die::D8, &[]),
            (B1, (0, 0), Die::D4, Die::D8, &HUGE),
        ],
        4,
        &[],
    );
    assert_eq!(g.state.at(at(o, 1, 1)).map(|f| f.id), Some(B1));
    assert_eq!(g.state.at(at(o, 2, 2)).map(|f| f.id), None);
    assert_eq!(
        g.play(Command::Move(at(o, 1, 1))),
        Err(super::super::refusal::Refusal::Taken(11, 11, B1))
    );
    // r1 steps next to the block's south-east square: close combat.
    g.play(Command::Move(at(o, 2, 2))).unwrap();
    assert!(g.state.in_combat(R1));
    assert_eq!(g.state.foes_adjacent(B1), vec![R1]);
    // The map draws the block with b1's letter.
    let rows = super::super::session::map(&g);
    // Row y's squares, after its number and the exit mark's column.
    let row = |y: usize| {
        let head = format!("{y:>3}");
        rows.iter().find(|l| l.starts_with(&head)).unwrap()[4..].to_string()
    };
    assert_eq!(&row(10)[10..12], "AA");
    assert_eq!(&row(11)[10..13], "AA.");
    assert_eq!(&row(12)[10..13], "..a");
}

#[test]
fn a_huge_model_moves_its_whole_block_and_needs_room_for_it() {
    // A wall with a one-square gap at x 14 on row 10: one-square models
    // pass, the Huge one must go round (the wall ends at row 16).
    let (mut g, o) = table(
        &[
            (B1, (0, 0), Die::D4, Die::D8, &HUGE),
            (R1, (20, 20), Die::D8, Die::D8, &[]),
        ],
        12,
        &[],
    );
    board(&mut g, |b| {
        for y in 0..=16 {
            if y != 10 {
                b.set(Point { x: 14, y }, Terrain::Wall);
            }
        }
        b.set(Point { x: 12, y: 10 }, Terrain::Difficult);
    });
    // The block may not stand with a square on the wall.
    assert_eq!(
        g.play(Command::Move(at(o, 3, 0))),
        Err(super::super::refusal::Refusal::NotStandable(13, 10))
    );
    let r = super::super::walk::reach(&g.state, &g.grid, B1, u32::MAX);
    let cost = |p: Point| r.dist[g.grid.board.index(p)];
    // One step east enters 12,10 (difficult, 2) and 12,11 (floor): 2.
    assert_eq!(cost(at(o, 1, 0)), 2);
    // Through the gap is no way: 15,10 is reached round the wall's end.
    assert!(cost(at(o, 5, 0)) > 5, "{}", cost(at(o, 5, 0)));
    let ev = g.play(Command::Move(at(o, 0, 3))).unwrap();
    assert!(matches!(&ev[0], Event::Moved { cost: 3, .. }), "{ev:?}");
    assert_eq!(g.state.fig(B1).at, at(o, 0, 3));
}

#[test]
fn range_and_sight_count_from_the_nearest_square_of_a_huge_model() {
    // b2 (Ranged Attack, power d8) at 10,10 shoots Huge r1 whose block is
    // 13-14 × 10-11: range 3 to its nearest square. Power 3 hits; damage
    // 2 against armour 5: a wound, r1's only one.
    let (mut g, o) = table(
        &[
            (B2, (0, 0), Die::D8, Die::D8, &[Ability::RangedAttack]),
            (R1, (3, 0), Die::D8, Die::D8, &HUGE),
            (R2, (20, 20), Die::D8, Die::D8, &[]),
        ],
        0,
        &[3, 2, 5, 4],
    );
    let ev = g.play(Command::Shoot(R1)).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Shot { range: 3, target, .. } if *target == R1)),
        "{ev:?}"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Killed { id, .. } if *id == R1))
    );
    assert_eq!(g.dice().script_left(), 0);
    // Sight: a wall square between b2 and one square of a Huge block
    // still leaves the other square in sight.
    let (mut g, _) = table(
        &[
            (B2, (0, 0), Die::D8, Die::D8, &[Ability::RangedAttack]),
            (R1, (0, 4), Die::D8, Die::D8, &HUGE),
        ],
        0,
        &[],
    );
    board(&mut g, |b| b.set(at(o, 0, 3), Terrain::Wall));
    let (b2, r1) = (g.state.fig(B2).clone(), g.state.fig(R1).clone());
    assert!(!g.grid.sees(&g.state, b2.at, r1.at));
    assert!(g.grid.sees_model(&g.state, &b2, &r1));
    assert_eq!(b2.gap(&r1), 4);
}

#[test]
fn a_huge_model_deploys_on_a_free_block_of_its_zone() {
    let s = scenario(ScenarioKind::Battle, 7);
    let mut blue = warparty::new(1, "Blue");
    for m in &mut blue.models {
        m.abilities.retain(|&a| a != Ability::Huge);
    }
    blue.models[0].abilities = vec![Ability::Huge];
    blue.models[4].abilities = vec![Ability::Huge];
    let (g, _) = Game::new(
        &s,
        &blue,
        &warparty::new(2, "Red"),
        Dice::quiet(1, "test"),
        PlayOptions::default(),
    )
    .unwrap();
    let zone = g.state.deploy_edge[0].unwrap();
    let squares: Vec<Point> = crate::ddd::part::zone_points(
        s.game
            .zones
            .iter()
            .find(|z| z.name == format!("edge-{}", zone.name()))
            .unwrap(),
    );
    let mut taken: Vec<Point> = Vec::new();
    for f in g.state.figures.iter().filter(|f| f.id.team == Team::Blue) {
        let sq: Vec<Point> = f.footprint().squares().collect();
        assert_eq!(sq.len(), if f.huge() { 4 } else { 1 });
        for p in sq {
            assert!(squares.contains(&p) && g.grid.standable(p), "{p:?}");
            assert!(!taken.contains(&p), "{p:?} twice");
            taken.push(p);
        }
    }
}
