//! How a monster moves: shortest routes, break-aways, passing through
//! heroes, doors, and tokens revealed on the way; plus the little geometry
//! the decision rules need (line of sight, rear arcs, spins) and the
//! targets a monster weighs.

use crate::core::dice::Lazy;
use crate::core::geom::{AROUND, chebyshev};
use crate::core::recent::{Recent, Same};
use crate::mkd::figures::Ability;
use crate::mkd::play::board::walk::{FAR, Field};
use crate::mkd::play::board::{Board, see_through, side_towards};
pub use crate::mkd::play::board::{line, line_of_sight};
use crate::mkd::play::combat::hero_on_monster;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Chooser, Event, MonsterStep, Pick, Topic};
use crate::mkd::play::reveal::{Cause, reveal};
use crate::mkd::play::state::{CombatMode, HeroId, MonsterId, Occupancy, State};
use crate::scenario::Point;
use crate::tileset::Side;
use std::rc::Rc;
use std::sync::Arc;

/// A break-away (leaving a square next to a hero) succeeds when a d6 shows
/// at least this: 4, 5 or 6, as in Mage Knight Dungeons.
pub const BREAKAWAY: u32 = 4;

/// Speed points a monster pays to break away when the players let it go.
pub const FREE_BREAKAWAY_COST: u32 = 2;

/// How a route treats heroes other than the one sought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heroes {
    /// Go round them; pass through only when there is no other way.
    Avoid,
    /// Go straight through them (a monster fetching help or fleeing).
    Ignore,
}

/// What a failed break-away does to the monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnFail {
    /// It gives up its goal and attacks the hero that held it.
    Engage,
    /// It stays where it is and tries again next activation (demoralized,
    /// fetching help, fleeing).
    KeepTrying,
}

/// How a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// On one of the goal squares (possibly without moving).
    Arrived,
    /// Out of speed before the goal.
    Short,
    /// A token it revealed ended its activation.
    Revealed,
    /// A failed break-away: it turns on this hero.
    Engaged(HeroId),
    /// A failed break-away: it stays and will try again.
    Pinned,
    /// No route at all, even through heroes.
    NoRoute,
    /// Slain by a hero it passed through.
    Slain,
}

/// The result of [`walk`].
#[derive(Debug, Clone, Copy)]
pub struct Walk {
    /// How it ended.
    pub end: End,
    /// Speed points spent.
    pub used: u32,
    /// Did it reveal a token on the way?
    pub revealed: bool,
}

/// Someone a monster could go for (a hero, or a monster to heal), and what
/// it costs to get there.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<T> {
    /// Who.
    pub who: T,
    /// Speed points of travel to a square it can act from.
    pub travel: u32,
    /// Quarter turns to face him (counted only when no travel is needed).
    pub spins: u32,
}

/// Turns monster `m` to face hero `h` (a free spin).
pub fn face(s: &mut State, m: MonsterId, h: HeroId) {
    if let (Some(a), Some(b)) = (s.monsters[m].pos, s.heroes[h].pos()) {
        s.monsters[m].facing = side_towards(a, b);
    }
}

/// Does a square block monster `m`'s routes? Other monsters and tokens
/// always do; heroes only when `heroes_block`.
fn blocks(s: &State, m: MonsterId, p: Point, heroes_block: bool) -> bool {
    s.monster_at(p).is_some_and(|o| o != m)
        || s.wmt_at(p).is_some()
        || s.prisoner_square() == Some(p)
        || (heroes_block && s.hero_at(p).is_some())
}

/// Whether a monster's routes go round the heroes, stage by stage: with
/// [`Heroes::Avoid`] round them first, then through them.
fn stages(heroes: Heroes) -> &'static [bool] {
    match heroes {
        Heroes::Avoid => &[true, false],
        Heroes::Ignore => &[false],
    }
}

/// Who blocks a monster's route ([`Occupancy`] kinds): other monsters,
/// tokens and the held prisoner always; heroes when `heroes_block`.
fn blockers(heroes_block: bool) -> u32 {
    Occupancy::MONSTER
        | Occupancy::TOKEN
        | Occupancy::PRISONER
        | if heroes_block { Occupancy::HERO } else { 0 }
}

/// The distance field to `goals` for monster `m` and whether it runs
/// through heroes: with [`Heroes::Avoid`], first round the heroes, then,
/// if that finds no way, through them. `None` when there is no route.
pub fn route(s: &State, m: MonsterId, goals: &[Point], heroes: Heroes) -> Option<(Field, bool)> {
    let me = s.monsters[m].pos?;
    let at = s.board.idx(me)?;
    let mover = s.monster_mover(m);
    // As `blocks`, square by square from one look at the figures: the
    // monster itself stands only on `me`, so any monster elsewhere is another.
    let occ = s.occupancy();
    for &heroes_block in stages(heroes) {
        let what = blockers(heroes_block);
        let blocked = |i: usize| i != at && occ.has_at(i, what);
        // Only the squares nearer the goals than the monster are walked on.
        let d = s.board.distances_to_reach(goals, me, &mover, &blocked);
        if d[at] != FAR {
            return Some((d, !heroes_block));
        }
        if heroes_block && !reached_a_hero(s, &d) {
            // The heroes cut no way off: through them it is the same walk.
            return None;
        }
    }
    None
}

/// Did a walk that found no way (so went everywhere it could) reach a
/// hero's square? If not, letting the monster pass through the heroes
/// opens no square to it, and a walk through them would find no way either.
fn reached_a_hero(s: &State, d: &[u32]) -> bool {
    s.heroes
        .iter()
        .filter_map(|h| h.pos().and_then(|p| s.board.idx(p)))
        .any(|i| d[i] != FAR)
}

/// Speed points monster `m` needs to reach any of `goals` ([`FAR`] if it cannot).
pub fn travel(s: &State, m: MonsterId, goals: &[Point], heroes: Heroes) -> u32 {
    let Some(me) = s.monsters[m].pos else {
        return FAR;
    };
    if goals.contains(&me) {
        return 0;
    }
    match route(s, m, goals, heroes) {
        Some((d, _)) => s.board.idx(me).map_or(FAR, |i| d[i]),
        None => FAR,
    }
}

/// Is [`travel`] to `goals` at most `bound`? The same answer, mostly from
/// walks out of the monster's square that stop at `bound`: round the heroes
/// (a goal within `bound` there: yes), then through them (none: no). Only
/// when the way through the heroes is within `bound` and the way round
/// them is not does the answer hang on whether there is a way round them
/// at all, which a whole walk tells.
pub fn travel_within(s: &State, m: MonsterId, goals: &[Point], heroes: Heroes, bound: u32) -> bool {
    let Some(me) = s.monsters[m].pos else {
        return false;
    };
    if goals.contains(&me) {
        return true;
    }
    let mover = s.monster_mover(m);
    let occ = &s.occupancy();
    let at = s.board.idx(me);
    let targets: Vec<usize> = goals.iter().filter_map(|&g| s.board.idx(g)).collect();
    let nearest = |d: &[u32]| targets.iter().map(|&i| d[i]).min().unwrap_or(FAR);
    let blocks = |heroes_block: bool| {
        let what = blockers(heroes_block);
        move |i: usize| Some(i) != at && occ.has_at(i, what)
    };
    let within = |heroes_block: bool| {
        let near = s
            .board
            .distances_from_within(me, &mover, &blocks(heroes_block), bound);
        nearest(&near) <= bound
    };
    match stages(heroes) {
        // Round the heroes first: within bound there, the answer is yes.
        [round, through] => {
            within(*round)
                || (within(*through) && {
                    // Through them within bound, round them not: yes only
                    // if round them there is no way at all (through them is
                    // never longer, so otherwise no).
                    let all = s
                        .board
                        .distances_to_nearest(me, &mover, &blocks(*round), &targets);
                    nearest(&all) == FAR
                })
        }
        [only] => within(*only),
        _ => false,
    }
}

/// [`travel`] to each of several goal sets, from one walk out of the
/// monster's square (and, for the sets that walk round the heroes cannot
/// reach, one more through them) instead of a walk in from each set.
/// `occ`: who stands where, as [`State::occupancy`] gathers it.
pub fn travels(
    s: &State,
    occ: &Occupancy,
    m: MonsterId,
    sets: &[Vec<Point>],
    heroes: Heroes,
) -> Vec<u32> {
    let mut out = vec![FAR; sets.len()];
    let Some(me) = s.monsters[m].pos else {
        return out;
    };
    let mover = s.monster_mover(m);
    let at = s.board.idx(me);
    for (k, goals) in sets.iter().enumerate() {
        if goals.contains(&me) {
            out[k] = 0;
        }
    }
    let mut targets: Vec<usize> = Vec::with_capacity(sets.iter().map(Vec::len).sum());
    for &heroes_block in stages(heroes) {
        // The squares of the sets not reached yet are the walk's targets.
        targets.clear();
        targets.extend(
            (0..sets.len())
                .filter(|&k| out[k] == FAR)
                .flat_map(|k| sets[k].iter().filter_map(|&g| s.board.idx(g))),
        );
        if targets.is_empty() {
            break;
        }
        let what = blockers(heroes_block);
        let blocked = |i: usize| Some(i) != at && occ.has_at(i, what);
        let d = s.board.distances_from(me, &mover, &blocked, &targets);
        // The sets not reached before this walk (setting one changes no
        // other's test).
        for (k, set) in sets.iter().enumerate() {
            if out[k] == FAR {
                out[k] = set
                    .iter()
                    .filter_map(|&g| s.board.idx(g))
                    .map(|i| d[i])
                    .min()
                    .unwrap_or(FAR);
            }
        }
        // A set still out of reach means the walk went everywhere it could.
        if heroes_block && out.contains(&FAR) && !reached_a_hero(s, &d) {
            break;
        }
    }
    out
}

/// Can a monster standing on hero square `p` with `left` speed get beyond
/// the heroes in its way to a square it may stop on?
fn can_clear(s: &State, m: MonsterId, p: Point, left: u32, dist: &[u32], through: bool) -> bool {
    let mover = s.monster_mover(m);
    let mut here = p;
    let mut left = left;
    for _ in 0..8 {
        if s.hero_at(here).is_none() {
            return true;
        }
        let next = s
            .board
            .downhill(here, dist, &mover)
            .into_iter()
            .find(|&q| !blocks(s, m, q, !through));
        let Some(n) = next else { return false };
        let Some(c) = s.board.step_cost(here, n, &mover) else {
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

/// A hero gets a free strike at the back of a monster passing through him
/// (no counterattack): rolled in dice combat, offered to the players in
/// manual combat.
fn rear_strike(cx: &mut Ctx, h: HeroId, m: MonsterId) {
    match cx.s.opts.combat {
        CombatMode::Dice if !cx.s.auto_attacks => cx.emit(Event::HoldsBack {
            hero: h,
            monster: m,
        }),
        CombatMode::Dice => hero_on_monster(cx, h, m, true),
        CombatMode::Manual => cx.emit(Event::RearStrikePrompt {
            hero: h,
            monster: m,
        }),
    }
}

/// Reports the walk so far (if any) and starts a new stretch.
fn flush(cx: &mut Ctx, m: MonsterId, path: &mut Vec<MonsterStep>) {
    if !path.is_empty() {
        let at = cx.s.monsters[m].pos;
        cx.emit(Event::MonsterMoved {
            monster: m,
            at,
            path: std::mem::take(path),
        });
    }
}

/// Walks monster `m` towards the nearest of `goals` with `speed` points:
/// shortest route (ties by d6), doors opened and left open, heroes handled
/// by `heroes`, a break-away roll whenever it leaves a square next to a hero
/// it has not yet broken away from this walk (`on_fail` says what a failure
/// does; `target` is preferred as the hero it turns on), a free rear strike
/// for each hero passed through, and tokens revealed on the way (the
/// activation ends unless it has Nimble or Stealth).
pub fn walk(
    cx: &mut Ctx,
    m: MonsterId,
    goals: &[Point],
    speed: u32,
    heroes: Heroes,
    on_fail: OnFail,
    target: Option<HeroId>,
) -> Walk {
    let mut out = Walk {
        end: End::NoRoute,
        used: 0,
        revealed: false,
    };
    let Some(me) = cx.s.monsters[m].pos else {
        return out;
    };
    if goals.contains(&me) {
        out.end = End::Arrived;
        return out;
    }
    let Some((dist, through)) = route(cx.s, m, goals, heroes) else {
        return out;
    };
    let mover = cx.s.monster_mover(m);
    let mut left = speed;
    let mut here = me;
    let mut path: Vec<MonsterStep> = Vec::new();
    let mut broke: Vec<HeroId> = Vec::new();
    out.end = loop {
        let s = &*cx.s;
        if goals.contains(&here) && s.hero_at(here).is_none() {
            break End::Arrived;
        }
        let mut next: Vec<Point> = s
            .board
            .downhill(here, &dist, &mover)
            .into_iter()
            .filter(|&p| !blocks(s, m, p, !through))
            .collect();
        if next.iter().any(|&p| s.hero_at(p).is_none()) {
            next.retain(|&p| s.hero_at(p).is_none());
        }
        if next.is_empty() {
            break End::Short;
        }
        let sides: Vec<Pick> = next
            .iter()
            .map(|&p| Pick::Side(side_towards(here, p)))
            .collect();
        let n = next[cx.choose(Chooser::Monster(m), Topic::WayRound, &sides)];
        let s = &*cx.s;
        let cost = s.board.step_cost(here, n, &mover).unwrap_or(1);
        if cost > left {
            break End::Short;
        }
        if s.hero_at(n).is_some() && !can_clear(s, m, n, left - cost, &dist, through) {
            break End::Short;
        }
        // Leaving a square next to heroes: break away (once per hero).
        if s.hero_at(here).is_none() {
            let near: Vec<HeroId> = s
                .heroes_in_dungeon()
                .into_iter()
                .filter(|h| !broke.contains(h))
                .filter(|&h| s.heroes[h].pos().is_some_and(|q| s.board.touching(q, here)))
                .collect();
            if !near.is_empty() && cx.s.free_breakaway {
                // The players let it go: no roll, but it pays for the move.
                let fee = FREE_BREAKAWAY_COST;
                if cost + fee > left {
                    break End::Short;
                }
                flush(cx, m, &mut path);
                left -= fee;
                out.used += fee;
                cx.emit(Event::LetGo {
                    monster: m,
                    heroes: near.clone(),
                    cost: fee,
                });
                broke.extend(near);
            } else if !near.is_empty() {
                flush(cx, m, &mut path);
                let s = &*cx.s;
                // The purpose is written only by dice that keep a log.
                let who = Lazy(|f: &mut std::fmt::Formatter<'_>| {
                    for (i, &h) in near.iter().enumerate() {
                        if i > 0 {
                            f.write_str(" and ")?;
                        }
                        f.write_str(&s.heroes[h].name)?;
                    }
                    Ok(())
                });
                let face = cx
                    .dice
                    .d6(format_args!("{}: break away from {who}", s.monsters[m].id));
                cx.emit(Event::BreakAway {
                    monster: m,
                    heroes: near.clone(),
                    face,
                    need: BREAKAWAY,
                });
                if face >= BREAKAWAY {
                    broke.extend(near);
                } else {
                    break match on_fail {
                        OnFail::KeepTrying => End::Pinned,
                        OnFail::Engage => {
                            let h = match target.filter(|t| near.contains(t)) {
                                Some(t) => t,
                                None => {
                                    let picks: Vec<Pick> =
                                        near.iter().map(|&h| Pick::Hero(h)).collect();
                                    near[cx.choose(
                                        Chooser::Monster(m),
                                        Topic::WhichHeroHolds,
                                        &picks,
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
        if let Some(d) = cx.s.board.door_between(here, n)
            && !cx.s.board.doors[d].open
        {
            cx.s.board_mut().doors[d].open = true;
            path.push(MonsterStep::OpensDoor(n));
        }
        cx.s.monsters[m].facing = side_towards(here, n);
        here = n;
        if let Some(h) = cx.s.hero_at(n) {
            path.push(MonsterStep::PassesThrough(h));
            cx.emit(Event::MonsterPassesThrough {
                monster: m,
                path: std::mem::take(&mut path),
            });
            rear_strike(cx, h, m);
            if !cx.s.monsters[m].active() {
                break End::Slain;
            }
            continue;
        }
        cx.s.set_monster_pos(m, Some(n));
        path.push(MonsterStep::Square(n));
        let trig = cx.s.wmt_triggered_by(n);
        if !trig.is_empty() {
            flush(cx, m, &mut path);
            out.revealed = true;
            for w in trig {
                if let Some(i) = cx.s.wmt_index(w) {
                    reveal(cx, i, Cause::Figure);
                }
            }
            let mon = &cx.s.monsters[m];
            if !(mon.has(Ability::Nimble) || mon.has(Ability::Stealth)) {
                cx.emit(Event::MonsterRevealEnds { monster: m });
                break End::Revealed;
            }
        }
    };
    flush(cx, m, &mut path);
    out
}

/// The squares along the line from `a` through `b`, up to `range` squares
/// from `a`, stopping at the first square a spell cannot pass (`a` left out).
pub fn ray(board: &Board, a: Point, b: Point, range: u32) -> Vec<Point> {
    let d = chebyshev(a, b).max(1) as i32;
    let k = (range as i32 + d - 1) / d;
    let far = Point {
        x: a.x + (b.x - a.x) * k,
        y: a.y + (b.y - a.y) * k,
    };
    let mut v = Vec::new();
    let mut last = a;
    for p in line(a, far).into_iter().skip(1) {
        if chebyshev(a, p) > range || !see_through(board.cell(p)) || board.shut_between(last, p) {
            break;
        }
        v.push(p);
        last = p;
    }
    v
}

/// The squares from which monster `m` could attack hero `h`: next to him,
/// or, with a `range`, within that many squares (counting his) and in line
/// of sight. Only squares it can stand on (free, or its own).
pub fn attack_squares(s: &State, m: MonsterId, h: HeroId, range: Option<u32>) -> Vec<Point> {
    attack_squares_in(s, &s.occupancy(), m, h, range)
}

/// [`attack_squares`] with who stands where already gathered, for a caller
/// that asks about every hero.
pub fn attack_squares_in(
    s: &State,
    occ: &Occupancy,
    m: MonsterId,
    h: HeroId,
    range: Option<u32>,
) -> Vec<Point> {
    let Some(hp) = s.heroes[h].pos() else {
        return Vec::new();
    };
    let me = s.monsters[m].pos;
    // The squares around the hero's, by index. Every square a figure
    // stands on is off the board's rim, which stays empty, so it has them.
    let Some(around) = s.board.around_indexes(hp) else {
        return Vec::new();
    };
    let mut v: Vec<Point> = Vec::with_capacity(AROUND.len());
    for (&(dx, dy), j) in AROUND.iter().zip(around) {
        let q = Point {
            x: hp.x + dx,
            y: hp.y + dy,
        };
        let free = s.board.passable_at(j) && (Some(q) == me || !occ.has_at(j, Occupancy::ANY));
        // Next to the hero by construction: touching him unless a shut
        // door stands between ([`Board::touching`] without its adjacency test).
        if free && !s.board.shut_between(q, hp) {
            v.push(q);
        }
    }
    if let Some(r) = range {
        // The square loop meets each square once, so only the squares next
        // to the hero, listed first, can already be there.
        let next_to = v.len();
        // The squares in range that see the hero depend on the board
        // alone, and are kept; a figure between such a square and the hero
        // blocks the shot from it (the monster's own square aside, which it
        // leaves to stand there).
        let vacated = me.and_then(|p| s.board.idx(p));
        for &(q, j) in seeing_squares(&s.board, hp, r).iter() {
            let listed = chebyshev(q, hp) == 1 && v[..next_to].contains(&q);
            if !listed
                && (Some(q) == me || !occ.has_at(j, Occupancy::ANY))
                && occ.figure_on_line(q, hp, vacated).is_none()
            {
                v.push(q);
            }
        }
    }
    v
}

/// Is monster `m`'s own square one of [`attack_squares`]`(s, m, h,
/// range)`? The same answer without making the list: next to the hero with
/// no shut door between, or within `range` of him and in his line of sight
/// ([`seeing_squares`]). A figure stands off the board's rim, so the hero's
/// square has all eight neighbours.
pub fn attacks_from(s: &State, m: MonsterId, h: HeroId, range: Option<u32>) -> bool {
    let (Some(hp), Some(at)) = (s.heroes[h].pos(), s.monsters[m].pos) else {
        return false;
    };
    if s.board.around_indexes(hp).is_none() || at == hp || !s.board.passable(at) {
        return false;
    }
    if Board::adjacent(at, hp) && !s.board.shut_between(at, hp) {
        return true;
    }
    range.is_some_and(|r| {
        chebyshev(at, hp) <= r && s.board.idx(at).is_some() && s.line_of_fire(at, hp)
    })
}

/// A list of [`seeing_squares`]: each square with its board index.
type Seeing = Rc<Vec<(Point, usize)>>;

/// The passable squares within `r` of `to` (both ways, the square itself
/// left out) that have a line of sight to it, row by row, each with its
/// board index ([`Board::idx`]): one of this thread's recent lists when
/// the board (the same `Arc`, which the entry holds, so an equal pointer
/// is an unchanged board), the square and the range are the same, or a new
/// one.
fn seeing_squares(board: &Arc<Board>, to: Point, r: u32) -> Seeing {
    /// The board, the square and the range a list was made for.
    type Key = (Same<Board>, Point, u32);
    thread_local! {
        /// The thread's 32 most recent lists.
        static RECENT: std::cell::RefCell<Recent<Key, Seeing>> =
            const { std::cell::RefCell::new(Recent::new(32)) };
    }
    RECENT.with(|recent| {
        recent.borrow_mut().find_or_make(
            |(b, p, rr)| Arc::ptr_eq(&b.0, board) && *p == to && *rr == r,
            || {
                let r = r as i32;
                let mut list = Vec::new();
                for dy in -r..=r {
                    for dx in -r..=r {
                        let q = Point {
                            x: to.x + dx,
                            y: to.y + dy,
                        };
                        if q != to
                            && board.passable(q)
                            && line_of_sight(board, q, to)
                            && let Some(j) = board.idx(q)
                        {
                            list.push((q, j));
                        }
                    }
                }
                ((Same(board.clone()), to, r as u32), Rc::new(list))
            },
        )
    })
}

/// The three squares behind hero `h` (his rear arc, as the project reads it
/// on a square grid with four facings) that monster `m` could stand on.
pub fn rear_squares(s: &State, m: MonsterId, h: HeroId) -> Vec<Point> {
    let Some(hp) = s.heroes[h].pos() else {
        return Vec::new();
    };
    let (bx, by) = s.heroes[h].facing.opposite().delta();
    let me = s.monsters[m].pos;
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
        .filter(|&q| s.board.passable(q) && (Some(q) == me || !s.occupied(q)))
        .collect()
}

/// Quarter turns from one facing to another (0 to 2).
pub fn spins(from: Side, to: Side) -> u32 {
    let i = |s: Side| Side::ALL.iter().position(|&x| x == s).unwrap_or(0) as i32;
    let d = (i(from) - i(to)).rem_euclid(4);
    d.min(4 - d) as u32
}

/// Can monster `m` attack hero `h` from where it stands, with `range` for
/// shooting (or a spell)?
pub fn can_attack_now(s: &State, m: MonsterId, h: HeroId, range: Option<u32>) -> bool {
    let (Some(mp), Some(hp)) = (s.monsters[m].pos, s.heroes[h].pos()) else {
        return false;
    };
    s.board.touching(mp, hp)
        || range.is_some_and(|r| chebyshev(mp, hp) <= r && s.line_of_fire(mp, hp))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geom::all_around;
    use crate::mkd::play::engine::CombatMode;
    use crate::mkd::play::testkit::{add_monster, game_with, open_squares, p, put_hero, xorshift};
    use crate::tileset::Side;

    /// A small deterministic stream of numbers (xorshift) for the tests'
    /// random choices.
    fn stream(mut state: u64) -> impl FnMut() -> u64 {
        move || xorshift(&mut state)
    }

    /// A monster's route and its travels to the heroes' attack squares are
    /// those of walking round the heroes and, where that finds no way,
    /// through them: for random places of two heroes, the monster and four
    /// more monsters on the test dungeon (whose one-square corridor the
    /// figures often block), both where the walk through the heroes is left
    /// out (the heroes cut nothing off) and where it is walked.
    #[test]
    fn the_walk_through_the_heroes_is_left_out_only_when_it_finds_no_more() {
        let mut next = stream(0x2545_f491_4f6c_dd1du64);
        let (mut left_out, mut through, mut round) = (0, 0, 0);
        for _ in 0..400 {
            let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
            let open = open_squares(&g);
            let mut any = || open[next() as usize % open.len()];
            let mut taken = Vec::new();
            let mut place = |any: &mut dyn FnMut() -> Point| loop {
                let q = any();
                if !taken.contains(&q) {
                    taken.push(q);
                    return q;
                }
            };
            put_hero(&mut g, 0, place(&mut any), Side::N);
            put_hero(&mut g, 1, place(&mut any), Side::S);
            let m = add_monster(&mut g, "orc-1", 20, place(&mut any), &[]);
            for k in 0..4 {
                add_monster(&mut g, &format!("goblin-{k}"), 10, place(&mut any), &[]);
            }
            let s: &State = &g;
            let me = s.monsters[m].pos.unwrap();
            let at = s.board.idx(me).unwrap();
            let mover = s.monster_mover(m);
            let occ = s.occupancy();
            let stage = |goals: &[Point], heroes_block: bool| {
                let what = blockers(heroes_block);
                s.board
                    .distances_to(goals, &mover, &|i| i != at && occ.has_at(i, what))
            };
            let sets: Vec<Vec<Point>> = [HeroId(0), HeroId(1)]
                .iter()
                .map(|&h| attack_squares(s, m, h, None))
                .collect();
            let got = travels(s, &occ, m, &sets, Heroes::Avoid);
            for (goals, got) in sets.iter().zip(got) {
                let first = stage(goals, true);
                let want = if goals.contains(&me) {
                    0
                } else if first[at] != FAR {
                    round += 1;
                    first[at]
                } else {
                    // The walk out of the monster's square, as `travels`
                    // looks at it.
                    let targets: Vec<usize> =
                        goals.iter().filter_map(|&q| s.board.idx(q)).collect();
                    let what = blockers(true);
                    let out = s.board.distances_from(
                        me,
                        &mover,
                        &|i| i != at && occ.has_at(i, what),
                        &targets,
                    );
                    if reached_a_hero(s, &out) {
                        through += 1;
                    } else {
                        left_out += 1;
                    }
                    stage(goals, false)[at]
                };
                assert_eq!(got, want, "travel to {goals:?} from {me:?}");
                let by_route = route(s, m, goals, Heroes::Avoid).map(|(d, t)| (d[at], t));
                let want_route = if goals.contains(&me) || want == FAR {
                    None
                } else {
                    Some((want, first[at] == FAR))
                };
                if !goals.contains(&me) {
                    assert_eq!(by_route, want_route, "route to {goals:?} from {me:?}");
                }
            }
        }
        assert!(
            left_out > 20 && through > 20 && round > 200,
            "{left_out} left out, {through} through the heroes, {round} round them"
        );
    }

    /// "Within this many speed points" from the walks that stop there is
    /// the answer the whole route gives, for random places of two heroes,
    /// the monster and four more monsters on the test dungeon, every bound
    /// from 0 to 12, both ways of treating heroes; the answers come from
    /// each of the walks (round the heroes, through them, and the whole
    /// walk round them when only the way through is near enough).
    #[test]
    fn within_a_bound_is_what_the_whole_route_says() {
        let mut next = stream(0x5851_f42d_4c95_7f2du64);
        let (mut yes, mut no, mut hang_yes, mut hang_no) = (0, 0, 0, 0);
        for _ in 0..1_200 {
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
            put_hero(&mut g, 0, place(), Side::N);
            put_hero(&mut g, 1, place(), Side::S);
            let m = add_monster(&mut g, "orc-1", 20, place(), &[]);
            for k in 0..4 {
                add_monster(&mut g, &format!("goblin-{k}"), 10, place(), &[]);
            }
            let s: &State = &g;
            let goals: Vec<Vec<Point>> = vec![
                attack_squares(s, m, HeroId(0), None),
                attack_squares(s, m, HeroId(1), Some(3)),
                vec![place(), place()],
            ];
            for goals in &goals {
                for heroes in [Heroes::Avoid, Heroes::Ignore] {
                    let whole = travel(s, m, goals, heroes);
                    for bound in 0..=12 {
                        let want = whole <= bound;
                        assert_eq!(
                            travel_within(s, m, goals, heroes, bound),
                            want,
                            "{goals:?} within {bound}, {heroes:?}, travel {whole}"
                        );
                        if want { yes += 1 } else { no += 1 }
                    }
                    // The answers that hang on the whole walk round the
                    // heroes: through them within a bound, round them not
                    // (no way round: yes; a longer one: no).
                    if heroes == Heroes::Avoid && !goals.contains(&s.monsters[m].pos.unwrap()) {
                        let through = travel(s, m, goals, Heroes::Ignore);
                        let no_way_round = route(s, m, goals, heroes).is_some_and(|r| r.1);
                        for bound in 0..=12 {
                            if through <= bound && (no_way_round || whole > bound) {
                                if no_way_round {
                                    hang_yes += 1
                                } else {
                                    hang_no += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(
            yes > 3_000 && no > 3_000 && hang_yes > 30 && hang_no > 30,
            "{yes} yes, {no} no; {hang_yes} yes and {hang_no} no from the whole walk"
        );
    }

    /// The squares a monster could strike a hero from in close combat are
    /// those beside him that are free and that no shut door cuts off, for
    /// random places of the hero, the monster and another monster, and
    /// random doors, open and shut, laid round the hero (a shut door cuts a
    /// square off now and then, and most places have none near).
    #[test]
    fn the_squares_beside_a_hero_are_those_no_shut_door_cuts_off() {
        use crate::mkd::play::board::{Door, DoorTrap};
        let mut next = stream(0x1405_7b7e_f767_814fu64);
        let (mut cut, mut sealed_none) = (0, 0);
        for _ in 0..600 {
            let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
            let open = open_squares(&g);
            let hp = open[next() as usize % open.len()];
            put_hero(&mut g, 0, hp, Side::N);
            let mut near: Vec<Point> = all_around(hp)
                .into_iter()
                .filter(|&q| g.board.passable(q))
                .collect();
            near.push(hp);
            let m = add_monster(&mut g, "orc-1", 20, near[next() as usize % near.len()], &[]);
            if g.monsters[m].pos == Some(hp) {
                continue;
            }
            add_monster(
                &mut g,
                "goblin-1",
                10,
                open[next() as usize % open.len()],
                &[],
            );
            for _ in 0..next() % 3 {
                let a = near[next() as usize % near.len()];
                let b = Board::neighbours(a)[next() as usize % 4];
                let far = Point { x: a.x + 3, y: a.y };
                let edges = if next().is_multiple_of(4) {
                    [far, a]
                } else {
                    [a, b]
                };
                g.board_mut().doors.push(Door {
                    edges: vec![edges],
                    open: next().is_multiple_of(2),
                    trap: DoorTrap::Unchecked,
                });
            }
            let s: &State = &g;
            let occ = s.occupancy();
            let free = |q: Point| {
                s.board.passable(q) && (s.monsters[m].pos == Some(q) || !occ.has(q, Occupancy::ANY))
            };
            let want: Vec<Point> = all_around(hp)
                .into_iter()
                .filter(|&q| free(q) && s.board.touching(q, hp))
                .collect();
            let beside: Vec<Point> = all_around(hp).into_iter().filter(|&q| free(q)).collect();
            assert_eq!(
                attack_squares(s, m, HeroId(0), None),
                want,
                "hero at {hp:?}"
            );
            cut += usize::from(want != beside);
            sealed_none += usize::from(s.board.doors.iter().all(|d| d.open));
        }
        assert!(
            cut > 20 && sealed_none > 100,
            "{cut} cut off by a door, {sealed_none} with no shut door"
        );
    }

    #[test]
    fn kept_seeing_squares_are_those_a_new_look_gives() {
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
        let to = p(16, 5);
        let look = |b: &Board| {
            let mut v = Vec::new();
            for y in to.y - 4..=to.y + 4 {
                for x in to.x - 4..=to.x + 4 {
                    let q = p(x, y);
                    if q != to && b.passable(q) && line_of_sight(b, q, to) {
                        v.push((q, b.idx(q).unwrap()));
                    }
                }
            }
            v
        };
        let first = seeing_squares(&g.board, to, 4);
        assert!(!first.is_empty());
        assert_eq!(*first, look(&g.board));
        assert!(Rc::ptr_eq(&first, &seeing_squares(&g.board, to, 4)));
        assert!(!Rc::ptr_eq(&first, &seeing_squares(&g.board, to, 3)));
        // A wall raised in sight: a new board, a new list without it.
        let wall = first[first.len() / 2];
        g.board_mut().set_cell(wall.0, crate::tileset::Cell::Wall);
        let after = seeing_squares(&g.board, to, 4);
        assert!(!after.iter().any(|&(q, _)| q == wall.0));
        assert_eq!(*after, look(&g.board));
    }

    /// Whether a monster can attack a hero from its own square is what the
    /// hero's list of attack squares says, for random places of two heroes
    /// and the monster on the test dungeon with a shut door and a crevice
    /// laid at random, at no range and at ranges 1 to 6 (a hero on the
    /// corridor's squares has walls, the door and the crevice round him).
    #[test]
    fn attacking_from_its_own_square_is_what_the_attack_squares_say() {
        use crate::mkd::play::board::{Door, DoorTrap};
        use crate::tileset::Cell;
        let mut next = stream(0x9e37_79b9_7f4a_7c15u64);
        let (mut yes, mut no, mut ranged, mut across) = (0, 0, 0, 0);
        for round in 0..600 {
            let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
            let open = open_squares(&g);
            let a = open[next() as usize % open.len()];
            let b = all_around(a)[next() as usize % 8];
            let door = g.board.passable(b);
            if door {
                g.board_mut().doors.push(Door {
                    edges: vec![[a, b]],
                    open: false,
                    trap: DoorTrap::Spent,
                });
            }
            let c = open[next() as usize % open.len()];
            g.board_mut().set_cell(c, Cell::Crevice);
            // In every third round the hero and the monster stand either
            // side of the door.
            let facing = door && round % 3 == 0 && a != c && b != c;
            let open = open_squares(&g);
            let mut taken = if facing { vec![a, b] } else { Vec::new() };
            let mut place = || loop {
                let q = open[next() as usize % open.len()];
                if !taken.contains(&q) {
                    taken.push(q);
                    return q;
                }
            };
            let (h0, mp) = match facing {
                true => (a, b),
                false => (place(), place()),
            };
            put_hero(&mut g, 0, h0, Side::N);
            put_hero(&mut g, 1, place(), Side::S);
            let m = add_monster(&mut g, "orc-1", 20, mp, &[]);
            across += usize::from(facing);
            let s: &State = &g;
            let me = s.monsters[m].pos.unwrap();
            for h in [HeroId(0), HeroId(1)] {
                for range in [None, Some(1), Some(2), Some(3), Some(6)] {
                    let want = attack_squares(s, m, h, range).contains(&me);
                    assert_eq!(
                        attacks_from(s, m, h, range),
                        want,
                        "monster on {me:?}, hero on {:?}, range {range:?}",
                        s.heroes[h].pos()
                    );
                    if want {
                        yes += 1
                    } else {
                        no += 1
                    }
                    if want && !Board::adjacent(me, s.heroes[h].pos().unwrap()) {
                        ranged += 1;
                    }
                }
            }
        }
        assert!(
            yes > 300 && no > 3000 && ranged > 200 && across > 50,
            "{yes} yes, {no} no, {ranged} ranged, {across} across a door"
        );
    }
}
