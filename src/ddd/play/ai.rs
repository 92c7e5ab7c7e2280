//! The project's policy for a war-party (the rule text gives none). It
//! plays the scenario's objective: one model goes for the counter, the
//! prisoner or the message, a carrier heads for the edge that scores, and
//! the rest fight the nearest enemy. Each turn a model:
//!
//! 1. attacks an adjacent enemy (the one with the largest defense die,
//!    the easiest to wound) — a defender attacks a freed prisoner first;
//! 2. leaves the board when it stands on an exit it wants;
//! 3. takes the objective's action when it can (free, read, pick up);
//! 4. shoots, when it has Ranged Attack and a target it hits at least
//!    half the time;
//! 5. otherwise walks as near its goal as this turn's roll allows (doors
//!    count as passable on the plan, a little dearer; an Ambush attacker's
//!    goal is the exits the defenders make for, or a defender), then acts as in
//!    3-4, or works the closed door in its way (pick if a Thief, else
//!    open, else smash), or hides if it stands in cover;
//! 6. ends its turn.

use super::command::Command;
use super::engine::Game;
use super::grid::Grid;
use super::rules::{SHOOT_AFTER_MOVE, reach};
use super::state::{Fate, Figure, ModelId, State, Team};
use crate::build::board::NEIGHBOURS;
use crate::core::geom::{Point, Side, chebyshev};
use crate::ddd::part::CounterKind;
use crate::ddd::scenarios::ScenarioKind;
use crate::ddd::warparty::{Ability, Die};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What a model is after.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Goal {
    /// Squares to reach.
    Reach(Vec<Point>),
    /// Exits to leave by (any edge if none named).
    Exit(Option<Side>),
}

/// Extra plan cost of a shut door (the action to open it).
const DOOR_COST: u32 = 3;
/// The same for an Ambush attacker, who must get ahead of the defenders.
const AMBUSH_DOOR_COST: u32 = 10;

/// The command the policy gives the model whose turn it is.
pub fn decide(g: &Game) -> Command {
    let Some(t) = g.state.turn else {
        return Command::End;
    };
    let st = &g.state;
    let me = st.fig(t.model);
    let id = me.id;
    // 1. close combat.
    if t.attacks_left > 0
        && let Some(target) = melee_target(g, me)
    {
        return Command::Attack(target);
    }
    if t.acted {
        return Command::End;
    }
    let goal = goal(g, me);
    // 2. leave.
    if let Goal::Exit(side) = &goal
        && t.moves_left > 0
        && let Some(s) = g.grid.exit_side(me.at)
        && side.is_none_or(|want| want == s)
    {
        return Command::Leave;
    }
    // 3-4. act where it stands.
    if let Some(c) = act_here(g, me) {
        return c;
    }
    // 5. walk, then act.
    if t.moves_left > 0 && t.moved == 0 && !st.in_combat(id) {
        let plan = plan(g, me, &goal);
        if let Some(to) = best_step(g, me, &plan, t.fear_failed) {
            return Command::Move(to);
        }
        if let Some(c) = door_in_way(g, me, &plan) {
            return c;
        }
    } else if t.moves_left == 0 || t.moved > 0 {
        let plan = plan(g, me, &goal);
        if let Some(c) = door_in_way(g, me, &plan) {
            return c;
        }
    }
    if g.grid.at(me.at).cover() && !me.hidden && !me.has(Ability::Huge) && !st.in_combat(id) {
        return Command::Hide;
    }
    Command::End
}

fn melee_target(g: &Game, me: &Figure) -> Option<ModelId> {
    let st = &g.state;
    let foes = st.foes_adjacent(me.id);
    if let Some(p) = st.prisoner
        && me.id.team != st.attacker
        && foes.contains(&p)
    {
        return Some(p);
    }
    foes.into_iter()
        .filter(|&f| !st.fig(f).bound)
        .max_by_key(|&f| {
            let x = st.fig(f);
            (x.defense, x.wounds, Reverse(f.number))
        })
}

fn far_edge(st: &State, team: Team) -> Option<Side> {
    st.deploy_edge[team.index()].map(Side::opposite)
}

fn around(grid: &Grid, p: Point) -> Vec<Point> {
    let mut v: Vec<Point> = grid.around(p).filter(|&q| grid.standable(q)).collect();
    if grid.standable(p) {
        v.push(p);
    }
    v
}

fn foes_around(g: &Game, team: Team, only: Option<ModelId>) -> Vec<Point> {
    g.state
        .figures
        .iter()
        .filter(|f| f.id.team != team && f.engages() && !f.hidden)
        .filter(|f| only.is_none_or(|o| o == f.id))
        .flat_map(|f| around(&g.grid, f.at))
        .collect()
}

/// Is someone else of the side already on this job?
fn taken(st: &State, me: &Figure, job: impl Fn(&Figure) -> bool) -> bool {
    st.on_board(me.id.team).any(|f| f.id != me.id && job(f))
}

fn goal(g: &Game, me: &Figure) -> Goal {
    let st = &g.state;
    let team = me.id.team;
    let fight = Goal::Reach(foes_around(g, team, None));
    let counters = |k: CounterKind| -> Vec<Point> {
        st.counters
            .iter()
            .filter(|c| c.kind == k)
            .filter_map(|c| c.at)
            .flat_map(|p| around(&g.grid, p))
            .collect()
    };
    match g.kind {
        ScenarioKind::Battle => fight,
        ScenarioKind::Ambush => {
            if team == st.attacker {
                let mut v = intercept(g, team);
                v.extend(foes_around(g, team, None));
                Goal::Reach(v)
            } else {
                Goal::Exit(None)
            }
        }
        ScenarioKind::TreasureHunt => {
            if me.carrying.is_some() {
                return Goal::Exit(None);
            }
            let free = counters(CounterKind::Treasure);
            if !free.is_empty() {
                return Goal::Reach(free);
            }
            let carriers: Vec<Point> = st
                .figures
                .iter()
                .filter(|f| f.id.team != team && f.on_board() && f.carrying.is_some())
                .flat_map(|f| around(&g.grid, f.at))
                .collect();
            if carriers.is_empty() {
                fight
            } else {
                Goal::Reach(carriers)
            }
        }
        ScenarioKind::ObjectOfPower => {
            if me.carrying.is_some() {
                return Goal::Exit(far_edge(st, team));
            }
            let obj = counters(CounterKind::Object);
            if !obj.is_empty() {
                return Goal::Reach(obj);
            }
            let carrier = st
                .figures
                .iter()
                .find(|f| f.id.team != team && f.on_board() && f.carrying.is_some());
            match carrier {
                Some(c) => Goal::Reach(around(&g.grid, c.at)),
                None => fight,
            }
        }
        ScenarioKind::FreePrisoner => {
            let Some(p) = st.prisoner else {
                return fight;
            };
            let pf = st.fig(p);
            if team == st.attacker {
                if me.id == p {
                    return Goal::Exit(None);
                }
                if pf.bound {
                    return Goal::Reach(around(&g.grid, pf.at));
                }
                fight
            } else if !pf.bound && pf.on_board() {
                Goal::Reach(around(&g.grid, pf.at))
            } else {
                fight
            }
        }
        ScenarioKind::SecretsOfTheAncients => {
            if me.has_read {
                return Goal::Exit(far_edge(st, team));
            }
            let reader =
                |f: &Figure| f.has_read || f.power >= Die::D8 && f.power == best_power(st, team);
            if me.power >= Die::D8
                && me.power == best_power(st, team)
                && !taken(st, me, |f| f.has_read)
                && !taken(st, me, |f| reader(f) && f.id.number < me.id.number)
            {
                return Goal::Reach(counters(CounterKind::Message));
            }
            fight
        }
    }
}

/// Ambush: the exit squares the defenders are heading for (each one's
/// nearest by the plan, found by walking down it) and their neighbours,
/// so the attackers stand in the way rather than chase.
fn intercept(g: &Game, team: Team) -> Vec<Point> {
    let st = &g.state;
    let b = &g.grid.board;
    let mut defenders = st.on_board(team.other()).filter(|f| f.engages());
    let Some(first) = defenders.next() else {
        return Vec::new();
    };
    let dist = plan(g, first, &Goal::Exit(None));

    let mut out = Vec::new();
    for f in std::iter::once(first).chain(defenders) {
        let mut at = f.at;
        let mut d = dist[b.index(at)];
        if d == u32::MAX {
            continue;
        }
        while d > 0 {
            let Some((nd, q)) = g
                .grid
                .around(at)
                .filter(|&q| g.grid.standable(q))
                .map(|q| (dist[b.index(q)], q))
                .min_by_key(|&(nd, q)| (nd, q.y, q.x))
            else {
                break;
            };
            if nd >= d {
                break;
            }
            (d, at) = (nd, q);
        }
        if d == 0 && !out.contains(&at) {
            out.extend(around(&g.grid, at));
        }
    }
    out
}

fn best_power(st: &State, team: Team) -> Die {
    st.on_board(team).map(|f| f.power).max().unwrap_or(Die::D4)
}

fn act_here(g: &Game, me: &Figure) -> Option<Command> {
    let st = &g.state;
    let id = me.id;
    let near = |p: Point| chebyshev(p, me.at) <= 1;
    match g.kind {
        ScenarioKind::FreePrisoner => {
            if let Some(p) = st.prisoner
                && p.team == id.team
                && p != id
                && st.fig(p).bound
                && chebyshev(st.fig(p).at, me.at) == 1
            {
                return Some(Command::Free);
            }
        }
        ScenarioKind::SecretsOfTheAncients
            if matches!(goal(g, me), Goal::Reach(_))
                && me.power >= Die::D8
                && !me.has_read
                && !taken(st, me, |f| f.has_read)
                && st
                    .counters
                    .iter()
                    .any(|c| c.kind == CounterKind::Message && c.at.is_some_and(near)) =>
        {
            return Some(Command::Read);
        }
        ScenarioKind::TreasureHunt | ScenarioKind::ObjectOfPower => {
            if me.carrying.is_none()
                && let Some(p) = st
                    .counters
                    .iter()
                    .filter(|c| matches!(c.kind, CounterKind::Treasure | CounterKind::Object))
                    .filter_map(|c| c.at)
                    .find(|&p| near(p))
            {
                return Some(Command::PickUp(Some(p)));
            }
        }
        _ => {}
    }
    if me.carrying.is_none() && !me.has_read {
        shot(g, me).map(Command::Shoot)
    } else {
        None
    }
}

fn shot(g: &Game, me: &Figure) -> Option<ModelId> {
    let st = &g.state;
    let t = st.turn?;
    if !me.has(Ability::RangedAttack) || st.in_combat(me.id) || t.moved > SHOOT_AFTER_MOVE {
        return None;
    }
    let sides = me.power.sides();
    st.figures
        .iter()
        .filter(|f| f.id.team != me.id.team && f.on_board() && !f.hidden)
        .filter(|f| !(st.prisoner == Some(f.id) && me.id.team != st.attacker))
        .filter(|f| {
            let r = chebyshev(f.at, me.at);
            r >= 2 && 2 * (sides + 1).saturating_sub(r) >= sides
        })
        .filter(|f| !st.in_combat(f.id))
        .filter(|f| g.grid.sees(st, me.at, f.at))
        .min_by_key(|f| (chebyshev(f.at, me.at), Reverse(f.defense), f.id.number))
        .map(|f| f.id)
}

/// The plan: walking cost from every square to the goal, models ignored,
/// shut doors passable at a price, secret doors not yet found not at all.
fn plan(g: &Game, me: &Figure, goal: &Goal) -> Vec<u32> {
    let grid = &g.grid;
    let st = &g.state;
    let b = &grid.board;
    let seeds: Vec<Point> = match goal {
        Goal::Reach(v) => v.clone(),
        Goal::Exit(side) => b
            .exits
            .iter()
            .filter(|e| side.is_none_or(|s| s == e.side))
            .flat_map(|e| e.squares().collect::<Vec<_>>())
            .collect(),
    };
    let light = me.has(Ability::Flight) || me.has(Ability::Phase);
    // An Ambush attacker has no time to queue at a door that takes a few
    // tries: it prices doors high and takes an open way round if there is one.
    let door_cost = if g.kind == ScenarioKind::Ambush && me.id.team == st.attacker {
        AMBUSH_DOOR_COST
    } else {
        DOOR_COST
    };
    let mut dist = vec![u32::MAX; b.cells.len()];
    let mut heap = BinaryHeap::new();
    for s in seeds {
        if grid.standable(s) {
            let i = b.index(s);
            if dist[i] != 0 {
                dist[i] = 0;
                heap.push(Reverse((0u32, i)));
            }
        }
    }
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        let p = b.point(i);
        for (dx, dy) in NEIGHBOURS {
            let q = Point {
                x: p.x + dx,
                y: p.y + dy,
            };
            if !grid.standable(q) {
                continue;
            }
            let extra = if dx == 0 || dy == 0 {
                match grid.door_between(p, q) {
                    Some(k) if st.doors[k].secret => continue,
                    Some(k) if st.doors[k].shut() => door_cost,
                    _ => 0,
                }
            } else {
                let m1 = Point { x: q.x, y: p.y };
                let m2 = Point { x: p.x, y: q.y };
                if !grid.standable(m1)
                    || !grid.standable(m2)
                    || grid.door_between(p, m1).is_some()
                    || grid.door_between(m1, q).is_some()
                    || grid.door_between(p, m2).is_some()
                    || grid.door_between(m2, q).is_some()
                {
                    continue;
                }
                0
            };
            let j = b.index(q);
            let nd = d + if light { 1 } else { b.cells[j].cost() } + extra;
            if nd < dist[j] {
                dist[j] = nd;
                heap.push(Reverse((nd, j)));
            }
        }
    }
    dist
}

fn best_step(g: &Game, me: &Figure, plan: &[u32], afraid: bool) -> Option<Point> {
    let st = &g.state;
    let t = st.turn?;
    let b = &g.grid.board;
    let r = reach(st, &g.grid, me.id);
    let here = plan[b.index(me.at)];
    let mut best: Option<(u32, u32, Point)> = None;
    for (i, &pi) in plan.iter().enumerate() {
        let p = b.point(i);
        if p == me.at || !r.can_end(st, &g.grid, p, t.moves_left) || pi == u32::MAX {
            continue;
        }
        if afraid
            && !me.fearless()
            && st.figures.iter().any(|f| {
                f.id.team != me.id.team && f.engages() && f.causes_fear() && chebyshev(f.at, p) == 1
            })
        {
            continue;
        }
        let key = (pi, r.dist[i], p);
        if best.is_none_or(|(a, c, q)| (key.0, key.1, (key.2.y, key.2.x)) < (a, c, (q.y, q.x))) {
            best = Some(key);
        }
    }
    best.filter(|&(d, _, _)| d < here).map(|(_, _, p)| p)
}

fn door_in_way(g: &Game, me: &Figure, plan: &[u32]) -> Option<Command> {
    let st = &g.state;
    let b = &g.grid.board;
    let here = plan[b.index(me.at)];
    for side in Side::ALL {
        let Some(k) = g.grid.door_on(me.at, side) else {
            continue;
        };
        let d = st.doors[k];
        if !d.shut() || d.secret {
            continue;
        }
        let (dx, dy) = side.delta();
        let beyond = Point {
            x: me.at.x + dx,
            y: me.at.y + dy,
        };
        if !b.contains(beyond) || plan[b.index(beyond)] >= here {
            continue;
        }
        if d.trap.is_some()
            && me.has(Ability::Thief)
            && d.trap.is_some_and(|s| s.team != me.id.team)
        {
            return Some(Command::Disarm(super::command::Place::Door(side)));
        }
        return Some(if d.locked {
            if me.has(Ability::Thief) {
                Command::Pick(side)
            } else {
                Command::Smash(side)
            }
        } else {
            Command::Open(side)
        });
    }
    None
}

/// Is a side still in the game (used by the session to stop an AI loop)?
pub fn alive(st: &State, team: Team) -> bool {
    st.figures
        .iter()
        .any(|f| f.id.team == team && f.fate == Fate::OnBoard)
}
