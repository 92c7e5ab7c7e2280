//! How a monster moves: shortest routes, break-aways, passing through
//! heroes, doors, and tokens revealed on the way; plus the little geometry
//! the decision rules need (line of sight, rear arcs, spins).

use crate::core::geom::{all_around, chebyshev};
use crate::mkd::figures::Ability;
use crate::mkd::play::board::{Board, FAR, fmt_point, side_towards};
use crate::mkd::play::engine::{CombatMode, Game};
use crate::scenario::Point;
use crate::tileset::{Cell, Side};

/// A break-away (leaving a square next to a hero) succeeds when a d6 shows
/// at least this: 4, 5 or 6, as in Mage Knight Dungeons.
pub(crate) const BREAKAWAY: u32 = 4;

/// How a route treats heroes other than the one sought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Heroes {
    /// Go round them; pass through only when there is no other way.
    Avoid,
    /// Go straight through them (a monster fetching help or fleeing).
    Ignore,
}

/// What a failed break-away does to the monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OnFail {
    /// It gives up its goal and attacks the hero that held it.
    Engage,
    /// It stays where it is and tries again next activation (demoralized,
    /// fetching help, fleeing).
    KeepTrying,
}

/// How a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum End {
    /// On one of the goal squares (possibly without moving).
    Arrived,
    /// Out of speed before the goal.
    Short,
    /// A token it revealed ended its activation.
    Revealed,
    /// A failed break-away: it turns on this hero.
    Engaged(usize),
    /// A failed break-away: it stays and will try again.
    Pinned,
    /// No route at all, even through heroes.
    NoRoute,
    /// Slain by a hero it passed through.
    Slain,
}

/// The result of [`walk`].
#[derive(Debug, Clone, Copy)]
pub(super) struct Walk {
    /// How it ended.
    pub end: End,
    /// Speed points spent.
    pub used: u32,
    /// Did it reveal a token on the way?
    pub revealed: bool,
}

/// Does a square block monster `m`'s routes? Other monsters and tokens
/// always do; heroes only when `heroes_block`.
fn blocks(game: &Game, m: usize, p: Point, heroes_block: bool) -> bool {
    game.monster_at(p).is_some_and(|o| o != m)
        || game.wmts.iter().any(|w| w.pos == p)
        || game.prisoner_square() == Some(p)
        || (heroes_block && game.hero_at(p).is_some())
}

/// The distance field to `goals` for monster `m` and whether it runs
/// through heroes: with [`Heroes::Avoid`], first round the heroes, then,
/// if that finds no way, through them. `None` when there is no route.
pub(super) fn route(
    game: &Game,
    m: usize,
    goals: &[Point],
    heroes: Heroes,
) -> Option<(Vec<u32>, bool)> {
    let me = game.monsters[m].pos?;
    let at = game.board.idx(me)?;
    let mover = game.monster_mover(m);
    let stages: &[bool] = match heroes {
        Heroes::Avoid => &[true, false],
        Heroes::Ignore => &[false],
    };
    for &heroes_block in stages {
        let blocked = |p: Point| p != me && blocks(game, m, p, heroes_block);
        let d = game.board.distances_to(goals, &mover, &blocked);
        if d[at] != FAR {
            return Some((d, !heroes_block));
        }
    }
    None
}

/// Speed points monster `m` needs to reach any of `goals` ([`FAR`] if it cannot).
pub(super) fn travel(game: &Game, m: usize, goals: &[Point], heroes: Heroes) -> u32 {
    let Some(me) = game.monsters[m].pos else {
        return FAR;
    };
    if goals.contains(&me) {
        return 0;
    }
    match route(game, m, goals, heroes) {
        Some((d, _)) => game.board.idx(me).map_or(FAR, |i| d[i]),
        None => FAR,
    }
}

/// Can a monster standing on hero square `p` with `left` speed get beyond
/// the heroes in its way to a square it may stop on?
fn can_clear(game: &Game, m: usize, p: Point, left: u32, dist: &[u32], through: bool) -> bool {
    let mover = game.monster_mover(m);
    let mut here = p;
    let mut left = left;
    for _ in 0..8 {
        if game.hero_at(here).is_none() {
            return true;
        }
        let next = game
            .board
            .downhill(here, dist, &mover)
            .into_iter()
            .find(|&q| !blocks(game, m, q, !through));
        let Some(n) = next else { return false };
        let Some(c) = game.board.step_cost(here, n, &mover) else {
            return false;
        };
        if c > left {
            return false;
        }
        left -= c;
        here = n;
    }
    false
}

/// Rolls the dice to choose one of `names` (ties, ways round) and prints the
/// roll: `what: rolled 5, 2 — east`.
pub(super) fn choose(game: &mut Game, what: &str, names: &[String]) -> usize {
    if names.len() <= 1 {
        return 0;
    }
    let since = game.dice.log_len();
    let k = game.dice.choose_d6(names.len(), what, |k| names[k].clone());
    let faces = faces_since(game, since);
    game.say(format!("{what}: rolled {faces} — {}", names[k]));
    k
}

/// The faces rolled since log entry `since`, comma-separated.
pub(super) fn faces_since(game: &Game, since: usize) -> String {
    game.dice.log()[since.min(game.dice.log_len())..]
        .iter()
        .map(|e| e.result.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A hero gets a free strike at the back of a monster passing through him
/// (no counterattack): rolled in dice combat, offered to the players in
/// manual combat.
fn rear_strike(game: &mut Game, h: usize, m: usize) {
    match game.opts.combat {
        CombatMode::Dice => game.dice_attack_on_monster(h, m, true),
        CombatMode::Manual => {
            let (name, id) = (game.heroes[h].name.clone(), game.monsters[m].id.clone());
            game.say(format!(
                "{name} may strike {id} from behind as it passes (no counterattack): report `hit {id} N` if it lands"
            ));
        }
    }
}

/// Walks monster `m` towards the nearest of `goals` with `speed` points:
/// shortest route (ties by d6), doors opened and left open, heroes handled
/// by `heroes`, a break-away roll whenever it leaves a square next to a hero
/// it has not yet broken away from this walk (`on_fail` says what a failure
/// does; `target` is preferred as the hero it turns on), a free rear strike
/// for each hero passed through, and tokens revealed on the way (the
/// activation ends unless it has Nimble or Stealth).
pub(super) fn walk(
    game: &mut Game,
    m: usize,
    goals: &[Point],
    speed: u32,
    heroes: Heroes,
    on_fail: OnFail,
    target: Option<usize>,
) -> Walk {
    let mut out = Walk {
        end: End::NoRoute,
        used: 0,
        revealed: false,
    };
    let Some(me) = game.monsters[m].pos else {
        return out;
    };
    if goals.contains(&me) {
        out.end = End::Arrived;
        return out;
    }
    let Some((dist, through)) = route(game, m, goals, heroes) else {
        return out;
    };
    let mover = game.monster_mover(m);
    let id = game.monsters[m].id.clone();
    let mut left = speed;
    let mut here = me;
    let mut path: Vec<String> = Vec::new();
    let mut broke: Vec<usize> = Vec::new();
    let flush = |game: &mut Game, path: &mut Vec<String>| {
        if !path.is_empty() {
            let at = game.monsters[m].pos.map(fmt_point).unwrap_or_default();
            if path.len() == 1 && path[0] == at {
                game.say(format!("{id} moves to {at}"));
            } else {
                game.say(format!("{id} moves to {at} (via {})", path.join(", ")));
            }
            path.clear();
        }
    };
    out.end = loop {
        if goals.contains(&here) && game.hero_at(here).is_none() {
            break End::Arrived;
        }
        let mut next: Vec<Point> = game
            .board
            .downhill(here, &dist, &mover)
            .into_iter()
            .filter(|&p| !blocks(game, m, p, !through))
            .collect();
        if next.iter().any(|&p| game.hero_at(p).is_none()) {
            next.retain(|&p| game.hero_at(p).is_none());
        }
        if next.is_empty() {
            break End::Short;
        }
        let names: Vec<String> = next
            .iter()
            .map(|&p| crate::mkd::play::board::side_word(side_towards(here, p)).to_string())
            .collect();
        let n = next[choose(game, &format!("{id}: way round"), &names)];
        let cost = game.board.step_cost(here, n, &mover).unwrap_or(1);
        if cost > left {
            break End::Short;
        }
        if game.hero_at(n).is_some() && !can_clear(game, m, n, left - cost, &dist, through) {
            break End::Short;
        }
        // Leaving a square next to heroes: break away (once per hero).
        if game.hero_at(here).is_none() {
            let near: Vec<usize> = game
                .heroes_in_dungeon()
                .into_iter()
                .filter(|&h| !broke.contains(&h))
                .filter(|&h| {
                    game.heroes[h]
                        .pos()
                        .is_some_and(|q| Board::adjacent(q, here))
                })
                .collect();
            if !near.is_empty() {
                flush(game, &mut path);
                let who = near
                    .iter()
                    .map(|&h| game.heroes[h].name.clone())
                    .collect::<Vec<_>>()
                    .join(" and ");
                let face = game.dice.d6(format!("{id}: break away from {who}"));
                if face >= BREAKAWAY {
                    game.say(format!(
                        "{id} breaks away from {who}: rolled {face} (needs {BREAKAWAY}+)"
                    ));
                    broke.extend(near);
                } else {
                    game.say(format!(
                        "{id} fails to break away from {who}: rolled {face} (needs {BREAKAWAY}+)"
                    ));
                    break match on_fail {
                        OnFail::KeepTrying => End::Pinned,
                        OnFail::Engage => {
                            let h = match target.filter(|t| near.contains(t)) {
                                Some(t) => t,
                                None => {
                                    let names: Vec<String> =
                                        near.iter().map(|&h| game.heroes[h].name.clone()).collect();
                                    near[choose(
                                        game,
                                        &format!("{id}: which hero holds it"),
                                        &names,
                                    )]
                                }
                            };
                            End::Engaged(h)
                        }
                    };
                }
            }
        }
        left -= cost;
        out.used += cost;
        if let Some(d) = game.board.door_between(here, n)
            && !game.board.doors[d].open
        {
            game.board.doors[d].open = true;
            path.push(format!("opens the door at {}", fmt_point(n)));
        }
        game.monsters[m].facing = side_towards(here, n);
        here = n;
        if let Some(h) = game.hero_at(n) {
            let name = game.heroes[h].name.clone();
            path.push(format!("passes through {name}"));
            flush_through(game, &id, &mut path);
            rear_strike(game, h, m);
            if !game.monsters[m].active() {
                break End::Slain;
            }
            continue;
        }
        game.monsters[m].pos = Some(n);
        path.push(fmt_point(n));
        let trig = game.wmt_triggered_by(n);
        if !trig.is_empty() {
            flush(game, &mut path);
            out.revealed = true;
            for w in trig {
                if let Some(i) = game.wmts.iter().position(|x| x.id == w) {
                    game.reveal(i, crate::mkd::play::engine::Cause::Monster(m));
                }
            }
            let mon = &game.monsters[m];
            if !(mon.has(Ability::Nimble) || mon.has(Ability::Stealth)) {
                game.say(format!("{id}'s activation ends with the reveal"));
                break End::Revealed;
            }
        }
    };
    flush(game, &mut path);
    out
}

/// Prints the part of a walk that ends with passing through a hero.
fn flush_through(game: &mut Game, id: &str, path: &mut Vec<String>) {
    if !path.is_empty() {
        game.say(format!("{id} {}", path.join(", ")));
        path.clear();
    }
}

/// Can a shot or spell go from `a` to `b`? The project's approximation of
/// line of sight: the straight (Bresenham) line between the two squares
/// must cross no wall, blocking terrain or empty space; figures and doors
/// do not block it.
pub(super) fn line_of_sight(board: &Board, a: Point, b: Point) -> bool {
    line(a, b)
        .into_iter()
        .filter(|&p| p != a && p != b)
        .all(|p| see_through(board.cell(p)))
}

fn see_through(c: Cell) -> bool {
    matches!(
        c,
        Cell::Floor | Cell::Hindering | Cell::Water | Cell::Crevice
    )
}

/// The squares of the straight line from `a` to `b`, both ends included.
pub(super) fn line(a: Point, b: Point) -> Vec<Point> {
    let (dx, dy) = ((b.x - a.x).abs(), -(b.y - a.y).abs());
    let (sx, sy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
    let mut err = dx + dy;
    let mut p = a;
    let mut v = vec![a];
    while p != b {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            p.x += sx;
        }
        if e2 <= dx {
            err += dx;
            p.y += sy;
        }
        v.push(p);
    }
    v
}

/// The squares along the line from `a` through `b`, up to `range` squares
/// from `a`, stopping at the first square a spell cannot pass (`a` left out).
pub(super) fn ray(board: &Board, a: Point, b: Point, range: u32) -> Vec<Point> {
    let d = chebyshev(a, b).max(1) as i32;
    let k = (range as i32 + d - 1) / d;
    let far = Point {
        x: a.x + (b.x - a.x) * k,
        y: a.y + (b.y - a.y) * k,
    };
    let mut v = Vec::new();
    for p in line(a, far).into_iter().skip(1) {
        if chebyshev(a, p) > range || !see_through(board.cell(p)) {
            break;
        }
        v.push(p);
    }
    v
}

/// The squares from which monster `m` could attack hero `h`: next to him,
/// or, with a `range`, within that many squares (counting his) and in line
/// of sight. Only squares it can stand on (free, or its own).
pub(super) fn attack_squares(game: &Game, m: usize, h: usize, range: Option<u32>) -> Vec<Point> {
    let Some(hp) = game.heroes[h].pos() else {
        return Vec::new();
    };
    let me = game.monsters[m].pos;
    let free = |q: Point| game.board.passable(q) && (Some(q) == me || !game.occupied(q));
    let mut v: Vec<Point> = all_around(hp).into_iter().filter(|&q| free(q)).collect();
    if let Some(r) = range {
        let r = r as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                let q = Point {
                    x: hp.x + dx,
                    y: hp.y + dy,
                };
                if q != hp && !v.contains(&q) && free(q) && line_of_sight(&game.board, q, hp) {
                    v.push(q);
                }
            }
        }
    }
    v
}

/// The three squares behind hero `h` (his rear arc, as the project reads it
/// on a square grid with four facings) that monster `m` could stand on.
pub(super) fn rear_squares(game: &Game, m: usize, h: usize) -> Vec<Point> {
    let Some(hp) = game.heroes[h].pos() else {
        return Vec::new();
    };
    let (bx, by) = game.heroes[h].facing.opposite().delta();
    let me = game.monsters[m].pos;
    let row: Vec<Point> = if bx == 0 {
        (-1..=1)
            .map(|i| Point {
                x: hp.x + i,
                y: hp.y + by,
            })
            .collect()
    } else {
        (-1..=1)
            .map(|i| Point {
                x: hp.x + bx,
                y: hp.y + i,
            })
            .collect()
    };
    row.into_iter()
        .filter(|&q| game.board.passable(q) && (Some(q) == me || !game.occupied(q)))
        .collect()
}

/// Quarter turns from one facing to another (0 to 2).
pub(super) fn spins(from: Side, to: Side) -> u32 {
    let i = |s: Side| Side::ALL.iter().position(|&x| x == s).unwrap_or(0) as i32;
    let d = (i(from) - i(to)).rem_euclid(4);
    d.min(4 - d) as u32
}

/// Can monster `m` attack hero `h` from where it stands, with `range` for
/// shooting (or a spell)?
pub(super) fn can_attack_now(game: &Game, m: usize, h: usize, range: Option<u32>) -> bool {
    let (Some(mp), Some(hp)) = (game.monsters[m].pos, game.heroes[h].pos()) else {
        return false;
    };
    Board::adjacent(mp, hp)
        || range.is_some_and(|r| chebyshev(mp, hp) <= r && line_of_sight(&game.board, mp, hp))
}
