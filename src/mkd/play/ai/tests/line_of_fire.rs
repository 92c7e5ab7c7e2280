//! Lines of fire: a figure standing between a shooter and its target
//! blocks the shot (rules.md, "Line of fire"). The test kit's corridor on
//! row 3 runs from 8,3 to 15,3 between the two chambers, so figures in it
//! stand in line.

use super::*;
use crate::mkd::figures::Shoot;
use crate::mkd::play::ai::walk::{attack_squares, attacks_from, can_attack_now};
use crate::mkd::play::board::line_of_sight;
use crate::mkd::play::event::Figure;
use crate::mkd::play::state::Occupancy;

/// A skeleton archer (range 7) down the corridor on 12,3, Ayla on 7,3 at
/// its mouth and Borin behind her on 5,3: both are in range and in sight
/// past the walls, but Ayla stands on the line to Borin.
fn archer_and_two_heroes(faces: &[u32]) -> (Game, MonsterId) {
    let mut g = game_with(CombatMode::Dice, Vec::new(), faces);
    put_hero(&mut g, 0, p(7, 3), Side::E);
    put_hero(&mut g, 1, p(5, 3), Side::E);
    let skel = add_monster(&mut g, "skel-1", 12, p(12, 3), &[]);
    g.monsters[skel].stats.shoot = Some(Shoot { dice: 2, range: 7 });
    (g, skel)
}

#[test]
fn a_hero_in_the_line_shields_the_one_behind_him() {
    let (mut g, skel) = archer_and_two_heroes(&[]);
    assert!(line_of_sight(&g.board, p(12, 3), p(5, 3)));
    assert!(!g.line_of_fire(p(12, 3), p(5, 3)));
    assert!(g.line_of_fire(p(12, 3), p(7, 3)));
    assert!(can_attack_now(&g, skel, AYLA, Some(7)));
    assert!(!can_attack_now(&g, skel, BORIN, Some(7)));
    assert!(!attacks_from(&g, skel, BORIN, Some(7)));
    // Nowhere in the corridor behind Ayla has a shot at Borin.
    let squares = attack_squares(&g, skel, BORIN, Some(7));
    assert!(!squares.is_empty());
    assert!(squares.iter().all(|q| q.y != 3 || q.x < 7), "{squares:?}");
    // So Ayla, at no travel, is the first choice; Borin means walking
    // into the chamber for a clear line.
    let travels: Vec<(HeroId, u32)> = candidates(&g, skel)
        .iter()
        .map(|c| (c.who, c.travel))
        .collect();
    assert_eq!(travels[0], (AYLA, 0));
    assert!(travels[1].0 == BORIN && travels[1].1 > 0, "{travels:?}");
    // Ayla steps out of the line (round the corner, out of its sight too):
    // now Borin can be shot from where it stands.
    put_hero(&mut g, 0, p(7, 1), Side::E);
    assert!(can_attack_now(&g, skel, BORIN, Some(7)));
    let travels: Vec<(HeroId, u32)> = candidates(&g, skel)
        .iter()
        .map(|c| (c.who, c.travel))
        .collect();
    assert!(travels.contains(&(BORIN, 0)), "{travels:?}");
}

#[test]
fn a_monster_in_the_line_blocks_too_but_a_token_does_not() {
    let (mut g, skel) = archer_and_two_heroes(&[]);
    put_hero(&mut g, 0, p(7, 1), Side::E);
    let orc = add_monster(&mut g, "orc-1", 20, p(9, 3), &[]);
    assert!(!can_attack_now(&g, skel, BORIN, Some(7)));
    assert_eq!(
        g.occupancy().figure_on_line(p(12, 3), p(5, 3), None),
        Some(p(9, 3))
    );
    // The orc's own square, left out as one it will have left.
    let orc_square = g.board.idx(p(9, 3));
    assert_eq!(
        g.occupancy().figure_on_line(p(12, 3), p(5, 3), orc_square),
        None
    );
    g.set_monster_pos(orc, Some(p(17, 6)));
    assert!(can_attack_now(&g, skel, BORIN, Some(7)));
    // A wandering monster token on the line is a marker, not a figure.
    let mut g = game_with(
        CombatMode::Dice,
        vec![Wmt {
            color: WmtColor::Yellow,
            number: 1,
            x: 9,
            y: 3,
            guardian: false,
            tile: 1,
        }],
        &[],
    );
    put_hero(&mut g, 1, p(5, 3), Side::E);
    let skel = add_monster(&mut g, "skel-1", 12, p(12, 3), &[]);
    assert!(g.occupancy().has(p(9, 3), Occupancy::TOKEN));
    assert!(can_attack_now(&g, skel, BORIN, Some(7)));
}

#[test]
fn a_shot_or_a_spell_with_a_figure_come_into_the_line_waits() {
    let (mut g, skel) = archer_and_two_heroes(&[]);
    let (_, ev) = rule(&mut g, |cx| strike(cx, skel, BORIN, None, Some(7)));
    let blocked = Event::LineOfFireBlocked {
        monster: skel,
        hero: BORIN,
        by: Some(Figure::Hero(AYLA)),
        at: p(7, 3),
    };
    assert_eq!(ev, std::slice::from_ref(&blocked));
    assert_eq!(
        crate::mkd::play::transcript::print(&g, &ev),
        ["skel-1 has no line of fire to Borin: Ayla at 7,3 is in the way; it waits"]
    );
    // A Magic Blast at Borin waits the same way; no die is rolled.
    let (_, ev) = rule(&mut g, |cx| {
        strike(cx, skel, BORIN, Some(Ability::MagicBlast), Some(8))
    });
    assert_eq!(ev, [blocked]);
    // At Ayla, in the clear, the shot is rolled: 2 dice, 5 and 6 hit, then
    // a kill die for each.
    let (mut g, skel) = archer_and_two_heroes(&[5, 6, 1, 1]);
    let (_, ev) = rule(&mut g, |cx| strike(cx, skel, AYLA, None, Some(7)));
    assert!(
        matches!(
            ev.first(),
            Some(Event::Attack {
                strike: Strike::Shooting,
                ..
            })
        ),
        "{ev:?}"
    );
}

/// For random places of two heroes, the shooting monster and a second
/// monster on the test dungeon, at ranges 2, 3 and 6: every square listed
/// to shoot a hero from (not next to him) has a clear line of fire once the
/// monster stands there, and every free square in range that sees him past
/// the walls but is not listed has a figure on the line.
#[test]
fn the_squares_to_shoot_from_are_those_with_a_clear_line_of_fire() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || xorshift(&mut state);
    let (mut listed, mut blocked) = (0, 0);
    for _ in 0..300 {
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
        let open = open_squares(&g);
        let mut taken = Vec::new();
        let mut place = || loop {
            let q = open[next() as usize % open.len()];
            if !taken.contains(&q) {
                taken.push(q);
                return q;
            }
        };
        let (a, b, c, d) = (place(), place(), place(), place());
        put_hero(&mut g, 0, a, Side::N);
        put_hero(&mut g, 1, b, Side::S);
        let m = add_monster(&mut g, "skel-1", 12, c, &[]);
        add_monster(&mut g, "orc-1", 20, d, &[]);
        for h in [AYLA, BORIN] {
            let hp = g.heroes[h].pos().unwrap();
            for r in [2, 3, 6] {
                let list = attack_squares(&g, m, h, Some(r));
                for q in open.iter().copied() {
                    if chebyshev(q, hp) <= 1 || chebyshev(q, hp) > r {
                        continue;
                    }
                    let mut moved = g.clone();
                    if q != c && moved.occupied(q) {
                        continue;
                    }
                    moved.set_monster_pos(m, Some(q));
                    let clear = moved.line_of_fire(q, hp);
                    assert_eq!(list.contains(&q), clear, "from {q:?} at {hp:?}");
                    listed += usize::from(clear);
                    blocked += usize::from(!clear && line_of_sight(&g.board, q, hp));
                }
            }
        }
    }
    assert!(
        listed > 2000 && blocked > 200,
        "{listed} listed, {blocked} blocked"
    );
}

/// A ruler from Ayla on 17,1 to a troll on 19,3 passes exactly through
/// two corners (18,1 and 17,2 beside the first, 19,2 and 18,3 beside the
/// second): one figure beside a corner lets the shot through, two stop it,
/// and so do a figure and a wall; the same both ways.
#[test]
fn a_shot_through_a_corner_passes_unless_both_squares_beside_it_stop_it() {
    use crate::tileset::Cell;
    let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
    put_hero(&mut g, 0, p(17, 1), Side::E);
    add_monster(&mut g, "troll-1", 20, p(19, 3), &[]);
    let (a, t) = (p(17, 1), p(19, 3));
    let both_ways = |g: &Game, clear: bool| {
        assert_eq!(g.line_of_fire(a, t), clear);
        assert_eq!(g.line_of_fire(t, a), clear);
    };
    both_ways(&g, true);
    // Borin beside the first corner: the ruler slips past him.
    put_hero(&mut g, 1, p(18, 1), Side::S);
    both_ways(&g, true);
    // An orc on the corner's other side closes it.
    let orc = add_monster(&mut g, "orc-1", 20, p(17, 2), &[]);
    both_ways(&g, false);
    assert_eq!(g.figure_in_the_way(a, t), Some(p(18, 1)));
    assert!(g.figure_in_the_way(t, a).is_some());
    // A wall in the orc's place closes it too, and Borin is the one named.
    g.set_monster_pos(orc, None);
    g.board_mut().set_cell(p(17, 2), Cell::Wall);
    assert!(line_of_sight(&g.board, a, t) && line_of_sight(&g.board, t, a));
    both_ways(&g, false);
    assert_eq!(g.figure_in_the_way(a, t), Some(p(18, 1)));
    assert_eq!(g.figure_in_the_way(t, a), Some(p(18, 1)));
    // Two walls close it to sight itself: no figure is to blame.
    put_hero(&mut g, 1, p(5, 5), Side::S);
    g.board_mut().set_cell(p(18, 1), Cell::Wall);
    assert!(!line_of_sight(&g.board, a, t) && !line_of_sight(&g.board, t, a));
    assert_eq!(g.figure_in_the_way(a, t), None);
}

/// For random places of two heroes and two monsters on the test dungeon,
/// every line of fire between two of them is the line of fire back, and a
/// figure is named in the way one way exactly when it is the other.
#[test]
fn every_line_of_fire_is_the_line_of_fire_back() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || xorshift(&mut state);
    let (mut clear, mut shielded) = (0, 0);
    for _ in 0..400 {
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
        let open = open_squares(&g);
        let mut taken: Vec<Point> = Vec::new();
        while taken.len() < 4 {
            let q = open[next() as usize % open.len()];
            if !taken.contains(&q) {
                taken.push(q);
            }
        }
        put_hero(&mut g, 0, taken[0], Side::N);
        put_hero(&mut g, 1, taken[1], Side::S);
        add_monster(&mut g, "skel-1", 12, taken[2], &[]);
        add_monster(&mut g, "orc-1", 20, taken[3], &[]);
        for &x in &taken {
            for &y in &taken {
                if x == y {
                    continue;
                }
                let there = g.line_of_fire(x, y);
                assert_eq!(there, g.line_of_fire(y, x), "{x:?} {y:?}");
                let named = g.figure_in_the_way(x, y).is_some();
                assert_eq!(named, g.figure_in_the_way(y, x).is_some(), "{x:?} {y:?}");
                clear += usize::from(there);
                shielded += usize::from(named);
            }
        }
    }
    assert!(
        clear > 500 && shielded > 100,
        "{clear} clear, {shielded} shielded"
    );
}
