//! The wandering monster tokens' turn: each token (the Guardian too, in a
//! kidnapping) rolls on the movement table and walks with a token's speed,
//! shortest way, doors opened and closed behind it; one that comes upon a
//! hero is revealed.

use crate::mkd::mission::Goal;
use crate::mkd::play::board::walk::FAR;
use crate::mkd::play::board::{Board, Mover, side_towards, side_word};
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Chooser, Event, Heading, Pick, TokenStep, Topic};
use crate::mkd::play::reveal::{Cause, reveal};
use crate::mkd::play::state::{HeroId, HeroState, Occupancy, State, TokenId};
use crate::mkd::tables::WmtMove;
use crate::scenario::Point;
use crate::tileset::Side;
use std::fmt::Display;

/// The tokens' phase of the dungeon's turn.
pub fn wmt_turn(cx: &mut Ctx) {
    cx.emit(Event::TokensPhase);
    // In a kidnapping the Guardian wanders like the others.
    let guardian_wanders = cx.s.mission.goal == Goal::Kidnapping;
    let ids: Vec<TokenId> =
        cx.s.wmts
            .iter()
            .filter(|w| !w.guardian() || guardian_wanders)
            .map(|w| w.id)
            .collect();
    if ids.is_empty() {
        cx.emit(Event::NoTokenWanders);
    }
    for id in ids {
        if let Some(i) = cx.s.wmt_index(id) {
            wander(cx, i);
        }
    }
}

/// One token's activation: the movement roll, then the walk.
fn wander(cx: &mut Ctx, i: usize) {
    let id = cx.s.wmts[i].id;
    let face = cx.dice.d6(format_args!("{id}: movement"));
    let here = cx.s.wmts[i].pos;
    let goal: Vec<Point> = match cx.s.tables.wmt_movement.get(face).result {
        WmtMove::Stay => {
            cx.emit(Event::TokenRolled {
                token: id,
                face,
                heading: Heading::AsRolled,
            });
            return;
        }
        WmtMove::GutFeeling => {
            let mover = cx.s.wmt_mover();
            let Some(h) = nearest_hero_from(cx, here, &mover, id) else {
                cx.emit(Event::TokenRolled {
                    token: id,
                    face,
                    heading: Heading::NoHero,
                });
                return;
            };
            let hp = cx.s.heroes[h].pos().expect("in the dungeon");
            let goal: Vec<Point> = match cx.s.board.tile_at(hp) {
                Some(t) => cx.s.board.tile_squares(t).to_vec(),
                None => vec![hp],
            };
            cx.emit(Event::TokenRolled {
                token: id,
                face,
                heading: Heading::Towards(h),
            });
            goal
        }
        dir => {
            let side = match dir {
                WmtMove::North => Side::N,
                WmtMove::East => Side::E,
                WmtMove::South => Side::S,
                _ => Side::W,
            };
            let goal = direction_goal(cx, here, side, id, |_| {});
            cx.emit(Event::TokenRolled {
                token: id,
                face,
                heading: Heading::AsRolled,
            });
            goal
        }
    };
    walk_token(cx, i, &goal);
}

fn overlaps(a: i32, alen: i32, b: i32, blen: i32) -> bool {
    a < b + blen && b < a + alen
}

/// Where a figure heading `side` from `from` wants to go: the far tile of
/// the chain of tiles beyond its own in that direction (each link by d6,
/// every face handed to `seen`), or its own tile's edge. `who` names the
/// rolls in the dice log.
pub fn direction_goal(
    cx: &mut Ctx,
    from: Point,
    side: Side,
    who: impl Display,
    mut seen: impl FnMut(u32),
) -> Vec<Point> {
    let board = &cx.s.board;
    let Some(mut tile) = board.tile_at(from) else {
        return vec![from];
    };
    let start = tile;
    let mut chain = vec![tile];
    loop {
        let t = &board.tiles[tile];
        // The neighbours that way not yet in the chain, ascending (the
        // order the die reads).
        let that_way = |u: usize| {
            let o = &board.tiles[u];
            match side {
                Side::N => o.y + o.height <= t.y && overlaps(o.x, o.width, t.x, t.width),
                Side::S => o.y >= t.y + t.height && overlaps(o.x, o.width, t.x, t.width),
                Side::W => o.x + o.width <= t.x && overlaps(o.y, o.height, t.y, t.height),
                Side::E => o.x >= t.x + t.width && overlaps(o.y, o.height, t.y, t.height),
            }
        };
        let mut beyond: Vec<usize> = Vec::new();
        for u in board.connected_tiles(tile) {
            if !chain.contains(&u) && that_way(u) {
                beyond.push(u);
            }
        }
        beyond.sort_unstable();
        if beyond.is_empty() {
            break;
        }
        let k = cx.dice.choose_d6_seen(
            beyond.len(),
            format_args!("{who}: which tile {}", side_word(side)),
            |k| board.tiles[beyond[k]].label.to_string(),
            &mut seen,
        );
        tile = beyond[k];
        chain.push(tile);
    }
    if tile != start {
        return board.tile_squares(tile).to_vec();
    }
    // No tile that way: as far that way within its own tile as it can get
    // (its edge, or the squares nearest it that a walk can reach).
    let squares = board.tile_squares(tile);
    let reach = board.can_walk_to(from, &cx.s.wmt_mover(), squares);
    let squares: Vec<Point> = squares
        .iter()
        .copied()
        .zip(reach)
        .filter_map(|(p, r)| r.then_some(p))
        .collect();
    let key = |p: &Point| match side {
        Side::N => -p.y,
        Side::S => p.y,
        Side::W => -p.x,
        Side::E => p.x,
    };
    let best = squares.iter().map(key).max().unwrap_or(0);
    squares.into_iter().filter(|p| key(p) == best).collect()
}

/// The hero nearest a square by route (ties by d6, token `id`'s choice).
pub fn nearest_hero_from(cx: &mut Ctx, from: Point, mover: &Mover, id: TokenId) -> Option<HeroId> {
    let s = &*cx.s;
    let heroes = s.heroes_in_dungeon();
    let at: Vec<Option<usize>> = heroes
        .iter()
        .map(|&h| s.heroes[h].pos().and_then(|p| s.board.idx(p)))
        .collect();
    let targets: Vec<usize> = at.iter().flatten().copied().collect();
    // One walk out from the token's square, as far as the nearest heroes.
    let out = s
        .board
        .distances_to_nearest(from, mover, &|_| false, &targets);
    let best: Vec<(u32, HeroId)> = heroes
        .iter()
        .zip(&at)
        .map(|(&h, i)| (i.map_or(FAR, |i| out[i]), h))
        .collect();
    let min = best.iter().map(|b| b.0).min()?;
    let ties: Vec<HeroId> = best.iter().filter(|b| b.0 == min).map(|b| b.1).collect();
    let k = cx.choose_among(Chooser::Token(id), Topic::NearestHero, ties.len(), |k| {
        Pick::Hero(ties[k])
    });
    Some(ties[k])
}

/// Walks token `i` towards `goal` with a token's speed, shortest route,
/// ties by d6, doors opened and closed behind; reveals when it comes near a
/// hero.
fn walk_token(cx: &mut Ctx, i: usize, goal: &[Point]) {
    let id = cx.s.wmts[i].id;
    let s = &*cx.s;
    let mover = s.wmt_mover();
    let me = s.wmts[i].pos;
    let dist = {
        let occ = s.occupancy();
        let at = s.board.idx(me);
        let blocked = |i: usize| Some(i) != at && occ.has_at(i, Occupancy::ANY);
        // Only squares nearer the goal than the token are walked on.
        let d = s.board.distances_to_reach(goal, me, &mover, &blocked);
        if s.board.idx(me).is_some_and(|i| d[i] != FAR) {
            d
        } else {
            // Figures block every way: close in as far as they allow.
            s.board.distances_to_reach(goal, me, &mover, &|_| false)
        }
    };
    let mut left = s.rules().wmt_speed;
    let mut here = me;
    // A square and perhaps a door a step, each step a point or more.
    let mut path = Vec::with_capacity(2 * left as usize);
    let mut last_side = Side::N;
    loop {
        if goal.contains(&here) {
            break;
        }
        let s = &*cx.s;
        let next = s.free_downhill(here, &dist, &mover);
        if next.is_empty() {
            break;
        }
        let k = cx.choose_among(Chooser::Token(id), Topic::WayRound, next.len(), |k| {
            Pick::Side(side_towards(here, next[k]))
        });
        let n = next[k];
        let cost = cx.s.board.step_cost(here, n, &mover).unwrap_or(1);
        if cost > left {
            break;
        }
        left -= cost;
        if let Some(d) = cx.s.board.door_between(here, n) {
            let was_open = cx.s.board.doors[d].open;
            cx.s.board_mut().doors[d].open = false;
            path.push(TokenStep::Door { at: n, was_open });
        }
        last_side = side_towards(here, n);
        here = n;
        cx.s.set_wmt_pos(i, n);
        path.push(TokenStep::Square(n));
        if sees_hero(cx.s, n) {
            break;
        }
    }
    let moved = path.iter().any(|p| matches!(p, TokenStep::Square(_)));
    if moved {
        cx.emit(Event::TokenMoved {
            token: id,
            to: here,
            path,
        });
    } else {
        cx.emit(Event::TokenStays {
            token: id,
            at: here,
        });
    }
    if sees_hero(cx.s, here) {
        cx.emit(Event::TokenComesUpon { token: id });
        reveal(cx, i, Cause::Wandering(last_side));
    }
}

/// A token on `p` is in a hero's tile or next to a hero.
fn sees_hero(s: &State, p: Point) -> bool {
    let tile = s.board.tile_at(p);
    s.heroes
        .iter()
        .filter_map(HeroState::pos)
        .any(|q| Board::adjacent(p, q) || (tile.is_some() && s.board.tile_at(q) == tile))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::board::{Door, DoorTrap};
    use crate::mkd::play::engine::{CombatMode, Game};
    use crate::mkd::play::state::MonsterId;
    use crate::mkd::play::testkit::*;
    use crate::mkd::scenario::{Wmt, WmtColor};

    /// A game with a yellow-4 token on `at` (in tile `tile`).
    fn token_game(at: Point, tile: usize, faces: &[u32]) -> (Game, TokenId) {
        let w = Wmt {
            x: at.x,
            y: at.y,
            color: WmtColor::Yellow,
            number: 4,
            guardian: false,
            tile,
        };
        let g = game_with(CombatMode::Manual, vec![w], faces);
        let id = g.wmts[0].id;
        (g, id)
    }

    fn tokens(g: &mut Game) -> Vec<Event> {
        rule(g, wmt_turn).1
    }

    fn squares(v: &[Point]) -> Vec<TokenStep> {
        v.iter().map(|&q| TokenStep::Square(q)).collect()
    }

    #[test]
    fn a_1_keeps_the_token_where_it_is() {
        let (mut g, id) = token_game(p(20, 5), 2, &[1]);
        let ev = tokens(&mut g);
        assert_eq!(
            ev,
            [
                Event::TokensPhase,
                Event::TokenRolled {
                    token: id,
                    face: 1,
                    heading: Heading::AsRolled
                },
            ]
        );
        assert_eq!(
            printed(&g, &ev),
            "-- wandering monster tokens --\nWMT yellow-4 rolls 1: stays where it is"
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_compass_roll_sends_it_to_the_edge_of_its_tile_or_the_far_tile_that_way() {
        // North (2): no tile lies north of C2, so its north edge; a token's
        // speed is 4.
        let (mut g, id) = token_game(p(20, 5), 2, &[2]);
        let ev = tokens(&mut g);
        assert_eq!(
            ev[2],
            Event::TokenMoved {
                token: id,
                to: p(20, 1),
                path: squares(&[p(20, 4), p(20, 3), p(20, 2), p(20, 1)])
            }
        );
        assert_eq!(
            printed(&g, &ev[2..]),
            "WMT yellow-4 moves 4 squares to 20,1 (via 20,4, 20,3, 20,2, 20,1)"
        );
        all_dice_used(&g);
        // West (5): through H1 towards C1, the far tile that way.
        let (mut g, id) = token_game(p(20, 3), 2, &[5]);
        let ev = tokens(&mut g);
        assert_eq!(
            ev[2],
            Event::TokenMoved {
                token: id,
                to: p(16, 3),
                path: squares(&[p(19, 3), p(18, 3), p(17, 3), p(16, 3)])
            }
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_6_sends_it_towards_the_nearest_hero_s_tile() {
        let (mut g, id) = token_game(p(12, 3), 1, &[6]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        let ev = tokens(&mut g);
        assert_eq!(
            ev[1],
            Event::TokenRolled {
                token: id,
                face: 6,
                heading: Heading::Towards(AYLA)
            }
        );
        assert_eq!(
            printed(&g, &ev[1..2]),
            "WMT yellow-4 rolls 6: follows a hunch toward the nearest hero — towards Ayla"
        );
        assert_eq!(g.wmts[0].pos, p(8, 3));
        all_dice_used(&g);
        // With no hero inside, it stays.
        let (mut g, id) = token_game(p(12, 3), 1, &[6]);
        let ev = tokens(&mut g);
        assert_eq!(
            ev[1..],
            [Event::TokenRolled {
                token: id,
                face: 6,
                heading: Heading::NoHero
            }]
        );
        assert_eq!(g.wmts[0].pos, p(12, 3));
    }

    #[test]
    fn a_token_that_cannot_reach_its_far_edge_still_moves_that_way_in_its_tile() {
        // West (5) from 5,4 in C1, no tile that way and a wall down column
        // 1: the west edge is out of reach, so it goes as far west as it
        // can, to column 2.
        let (mut g, id) = token_game(p(5, 4), 0, &[5]);
        for y in 0..8 {
            g.board_mut().set_cell(p(1, y), crate::tileset::Cell::Wall);
        }
        let ev = tokens(&mut g);
        assert_eq!(
            ev[2],
            Event::TokenMoved {
                token: id,
                to: p(2, 4),
                path: squares(&[p(4, 4), p(3, 4), p(2, 4)])
            }
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_token_opens_doors_and_closes_them_behind_it() {
        // West (5) from the hallway's end: through the door (1 + 2 to open
        // + 1 to close: all its speed).
        let (mut g, id) = token_game(p(8, 3), 1, &[5]);
        g.board_mut().doors.push(Door {
            edges: vec![[p(7, 3), p(8, 3)]],
            open: false,
            trap: DoorTrap::Unchecked,
        });
        let ev = tokens(&mut g);
        assert_eq!(
            ev[2],
            Event::TokenMoved {
                token: id,
                to: p(7, 3),
                path: vec![
                    TokenStep::Door {
                        at: p(7, 3),
                        was_open: false
                    },
                    TokenStep::Square(p(7, 3))
                ]
            }
        );
        assert_eq!(
            printed(&g, &ev[2..]),
            "WMT yellow-4 moves 1 square to 7,3 (via opens the door at 7,3 and closes it behind, 7,3)"
        );
        assert!(!g.board.doors[0].open);
        all_dice_used(&g);
    }

    #[test]
    fn a_token_that_comes_upon_the_heroes_is_revealed_facing_its_way() {
        // West (5): one step brings it into Ayla's tile. Its reveal, 4 + 5
        // on yellow-4, is one 20-point monster, facing west as it came.
        let (mut g, id) = token_game(p(20, 3), 2, &[5, 4, 5]);
        put_hero(&mut g, 0, p(17, 6), Side::N);
        let ev = tokens(&mut g);
        assert_eq!(
            ev[2..],
            [
                Event::TokenMoved {
                    token: id,
                    to: p(19, 3),
                    path: squares(&[p(19, 3)])
                },
                Event::TokenComesUpon { token: id },
                Event::Revealed {
                    token: id,
                    dice: [4, 5],
                    bonus: 0,
                    total: 9,
                    count: 1,
                    points: 20
                },
                Event::FromPool {
                    names: vec!["Orc".into()],
                    value: 20
                },
                Event::Appears {
                    monster: MonsterId(0),
                    at: p(19, 3),
                    facing: Side::W,
                    facing_faces: crate::mkd::play::event::Rolls::default(),
                    surprised: true
                },
            ]
        );
        assert_eq!(
            printed(&g, &ev[2..]),
            "WMT yellow-4 moves 1 square to 19,3\nWMT yellow-4 comes upon the heroes\nWMT yellow-4 is revealed: rolled 4 + 5 = 9 — 1 monster worth 20 points\nfrom the Monster Pool: Orc (20 points)\norc-1 appears on 19,3 facing west (surprised)"
        );
        assert!(g.wmts.is_empty());
        all_dice_used(&g);
    }

    #[test]
    fn a_boxed_in_token_stays_and_the_guardian_does_not_wander() {
        let (mut g, id) = token_game(p(23, 0), 2, &[3]);
        add_monster(&mut g, "orc-1", 20, p(22, 0), &[]);
        add_monster(&mut g, "orc-2", 20, p(23, 1), &[]);
        let ev = tokens(&mut g);
        assert_eq!(
            ev[2],
            Event::TokenStays {
                token: id,
                at: p(23, 0)
            }
        );
        g.wmts[0].id.guardian = true;
        assert_eq!(tokens(&mut g), [Event::TokensPhase, Event::NoTokenWanders]);
    }
}
