//! The project's policy for a war-party (the rule text gives none). It
//! plays the scenario's objective: one model goes for the counter, the
//! prisoner or the message, a carrier heads for the edge that scores, and
//! the rest fight the nearest enemy. Each turn a model:
//!
//! 1. takes the objective's action where it stands (free the prisoner,
//!    read the message, pick up a counter, first removing an enemy trap
//!    on it if it is a Thief that removes traps well);
//! 2. as a carrier or reader in close combat with a d8 or more, walks
//!    away towards its edge when a step brings it nearer;
//! 3. attacks an adjacent enemy (the one with the largest defense die,
//!    the easiest to wound) — a defender attacks a freed prisoner first;
//! 4. leaves the board when it stands on an exit it wants;
//! 5. acts where it stands: heals, Enthralls, shoots at a target it hits
//!    at least half the time, or sets a trap where the enemy must pass;
//! 6. otherwise walks as near its goal as this turn's roll allows, ending
//!    no move on a trap but on its goal or when nothing else gets nearer
//!    (a trap in a corridor; `best_step`) (doors count as passable on the
//!    plan, a little dearer; an Ambush attacker's goal is the exits the
//!    defenders make for, or a defender), then acts as in 5, or works the
//!    closed door in its way (pick if a Thief, else open, else smash), or
//!    hides if it stands in cover; a Thief that makes 6+ at least half the
//!    time removes an enemy trap next to it that is in its way (on its
//!    goal, on the one square on, on a counter it would pick up) rather
//!    than spring it (`trap_in_way`);
//! 7. ends its turn.
//!
//! The user's guide (`docs/src/dd-and-d.md`, "The policy") says each step
//! in full.
//!
//! With the advanced rules it first surrenders, at the start of a model's
//! turn, when the fight is lost (`gives_up`).

use super::command::Command;
use super::engine::Game;
use super::grid::Grid;
use super::rules::{ENTHRAL_RANGE, HEAL_RANGE, SHOOT_AFTER_MOVE, SURRENDER_AFTER};
use super::state::{Counter, Fate, Figure, Footprint, ModelId, State, Team, Turn};
use super::walk::reach;
use crate::build::board::NEIGHBOURS;
use crate::core::dial;
use crate::core::geom::{Point, Side};
use crate::ddd::part::CounterKind;
use crate::ddd::play::grid::{STEP_FREE, STEP_NONE};
use crate::ddd::scenarios::ScenarioKind;
use crate::ddd::warparty::{Ability, Die};
use std::cmp::Reverse;

/// What a model is after.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Goal {
    /// Squares to reach.
    Reach(Vec<Point>),
    /// Exits to leave by (any edge if none named).
    Exit(Option<Side>),
}

/// The dearest step of a plan: a square of rough ground behind a secret
/// door at an Ambush attacker's price, into a jam. An upper bound (a
/// secret door is never priced at the Ambush cost), as the plan's ring of
/// buckets needs ([`dial::distances`]).
const MAX_PLAN_STEP: u32 = 2 + AMBUSH_DOOR_COST + SECRET_COST + JAM_COST;
const _: () = assert!(DOOR_COST <= AMBUSH_DOOR_COST);

/// Extra plan cost of a shut door (the action to open it).
const DOOR_COST: u32 = 3;
/// The same for an Ambush attacker, who must get ahead of the defenders.
const AMBUSH_DOOR_COST: u32 = 10;
/// The plan's extra cost of a square where a model stands that stops the
/// walker (a fight in a corridor): a way round is taken if it is not much
/// longer.
const JAM_COST: u32 = 6;
/// The further plan cost of a secret door not found yet (finding it is
/// 6+, so it takes longer than opening a plain one).
const SECRET_COST: u32 = 3;

/// The command the policy gives the model whose turn it is.
pub fn decide(g: &Game) -> Command {
    let Some(t) = g.state.turn else {
        return Command::End;
    };
    if gives_up(g, &t) {
        return Command::Surrender;
    }
    let st = &g.state;
    let me = st.fig(t.model);
    let id = me.id;
    // 1. the objective's action comes before a fight.
    if !t.acted
        && let Some(c) = objective_here(g, me)
    {
        return c;
    }
    let goal = goal(g, me);
    // 2. a carrier or a reader with a fair chance of breaking away (5+)
    // runs for its edge rather than fight.
    if !t.acted
        && t.moved == 0
        && t.moves_left > 0
        && (me.carrying.is_some() || me.has_read)
        && me.power >= Die::D8
        && st.in_combat(id)
        && let Some(to) = best_step(g, me, &plan_near(g, me, &goal), t.fear_failed)
    {
        return Command::Move(to);
    }
    // 3. close combat.
    if t.attacks_left > 0
        && let Some(target) = melee_target(g, me)
    {
        return Command::Attack(target);
    }
    if t.acted {
        return Command::End;
    }
    // 4. leave.
    if let Goal::Exit(side) = &goal
        && t.moves_left > 0
        && let Some(s) = g.grid.exit_side_foot(me.footprint())
        && side.is_none_or(|want| want == s)
    {
        return Command::Leave;
    }
    // 5. act where it stands.
    if let Some(c) = act_here(g, me) {
        return c;
    }
    // 6. walk, then act.
    if t.moves_left > 0 && t.moved == 0 && !st.in_combat(id) {
        let plan = plan_near(g, me, &goal);
        if let Some(c) = trap_in_way(g, me, &plan) {
            return c;
        }
        if let Some(to) = best_step(g, me, &plan, t.fear_failed) {
            return Command::Move(to);
        }
        if let Some(c) = door_in_way(g, me, &plan) {
            return c;
        }
    } else if t.moves_left == 0 || t.moved > 0 {
        let plan = plan_near(g, me, &goal);
        if let Some(c) = door_in_way(g, me, &plan) {
            return c;
        }
        if let Some(c) = trap_in_way(g, me, &plan) {
            return c;
        }
    }
    if g.grid.at(me.at).cover() && !me.hidden && !me.has(Ability::Huge) && !st.in_combat(id) {
        return Command::Hide;
    }
    Command::End
}

/// Does the side whose model's turn `t` is surrender now? The rules allow
/// it with the advanced rules, at the start of one of the side's models'
/// turns, once it has lost [`SURRENDER_AFTER`] models (L177-178); when to
/// is the player's call, and the policy's reading is: when the fight is
/// lost. That is, no model of the side carries the objective or has read
/// the message (it may still score), and the other side has at least twice
/// as many models on the board. Giving up then keeps the survivors and
/// what they learnt.
fn gives_up(g: &Game, t: &Turn) -> bool {
    if !g.opts.advanced || t.acted || t.moved > 0 || t.fear_failed || t.broke_away {
        return false;
    }
    let side = t.model.team;
    let st = &g.state;
    let of = |team: Team, fate: Fate| {
        st.figures
            .iter()
            .filter(move |f| f.id.team == team && f.fate == fate)
    };
    let lost = of(side, Fate::Dead).count();
    let mine = of(side, Fate::OnBoard).count();
    let scoring = of(side, Fate::OnBoard).any(|f| f.carrying.is_some() || f.has_read);
    lost >= SURRENDER_AFTER && !scoring && of(side.other(), Fate::OnBoard).count() >= 2 * mine
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
        .flat_map(|f| around_model(&g.grid, f))
        .collect()
}

/// The standable squares next to a model (a Huge one: round its block).
fn around_model(grid: &Grid, f: &Figure) -> Vec<Point> {
    if !f.huge() {
        return around(grid, f.at);
    }
    let foot = f.footprint();
    let mut v = Vec::new();
    for p in foot.squares() {
        for q in around(grid, p) {
            if !foot.covers(q) && !v.contains(&q) {
                v.push(q);
            }
        }
    }
    v
}

/// Is someone else of the side already on this job?
fn taken(st: &State, me: &Figure, job: impl Fn(&Figure) -> bool) -> bool {
    st.on_board(me.id.team).any(|f| f.id != me.id && job(f))
}

fn goal(g: &Game, me: &Figure) -> Goal {
    let st = &g.state;
    let team = me.id.team;
    let foes = foes_around(g, team, None);
    // With no enemy in sight, a friend's way off with the message or the
    // object is cleared by going ahead of it (rather than standing in a
    // corridor it must pass).
    let escort = match g.kind {
        ScenarioKind::SecretsOfTheAncients => st.on_board(team).any(|f| f.has_read),
        ScenarioKind::ObjectOfPower => st
            .on_board(team)
            .any(|f| f.id != me.id && f.carrying.is_some()),
        _ => false,
    };
    let fight = if foes.is_empty() && escort {
        Goal::Exit(far_edge(st, team))
    } else {
        Goal::Reach(foes)
    };
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
                .flat_map(|f| around_model(&g.grid, f))
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
                Some(c) => Goal::Reach(around_model(&g.grid, c)),
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
                    return Goal::Reach(around_model(&g.grid, pf));
                }
                fight
            } else if !pf.bound && pf.on_board() {
                Goal::Reach(around_model(&g.grid, pf))
            } else {
                fight
            }
        }
        ScenarioKind::SecretsOfTheAncients => {
            if me.has_read {
                return Goal::Exit(far_edge(st, team));
            }
            if is_reader(st, me) {
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

/// Secrets of the Ancients: the side's readers are its [`READERS`] models
/// with the best power dice (d8 or more: reading is 7+), largest first,
/// then by number, while nobody of the side has read the message.
fn is_reader(st: &State, me: &Figure) -> bool {
    if me.power < Die::D8 || st.on_board(me.id.team).any(|f| f.has_read) {
        return false;
    }
    let better = st
        .on_board(me.id.team)
        .filter(|f| f.power >= Die::D8 && !f.bound)
        .filter(|f| (Reverse(f.power), f.id.number) < (Reverse(me.power), me.id.number))
        .count();
    better < READERS
}

/// Models of a side that go for the message at once.
const READERS: usize = 2;

/// The objective's action where the model stands: free the prisoner,
/// read the message, pick up a counter.
fn objective_here(g: &Game, me: &Figure) -> Option<Command> {
    let st = &g.state;
    let id = me.id;
    let near = |p: Point| me.dist_to(p) <= 1;
    match g.kind {
        ScenarioKind::FreePrisoner => {
            if let Some(p) = st.prisoner
                && p.team == id.team
                && p != id
                && st.fig(p).bound
                && st.fig(p).gap(me) == 1
            {
                return Some(Command::Free);
            }
        }
        ScenarioKind::SecretsOfTheAncients
            if me.power >= Die::D8
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
            // An enemy trap on the counter springs when it is picked up:
            // a counter without one first, and a Thief who disarms well
            // removes the trap before taking the counter.
            let foe_trap = |c: &Counter| c.trap.is_some_and(|s| s.team != id.team);
            if me.carrying.is_none()
                && let Some(c) = st
                    .counters
                    .iter()
                    .filter(|c| matches!(c.kind, CounterKind::Treasure | CounterKind::Object))
                    .filter(|c| c.at.is_some_and(near))
                    .min_by_key(|c| foe_trap(c))
                && let Some(p) = c.at
            {
                if foe_trap(c) && disarmer(g, me) {
                    return Some(Command::Disarm(super::command::Place::Square(p)));
                }
                return Some(Command::PickUp(Some(p)));
            }
        }
        _ => {}
    }
    None
}

/// What a model does where it stands, after the objective's action: heal
/// a wounded friend, Enthrall an enemy who is about to score, shoot,
/// Enthrall an enemy who fights a friend, set a trap on the enemy's way.
fn act_here(g: &Game, me: &Figure) -> Option<Command> {
    if let Some(c) = objective_here(g, me) {
        return Some(c);
    }
    if let Some(t) = heal_target(g, me) {
        return Some(Command::Heal(t));
    }
    if me.carrying.is_some() || me.has_read {
        return None;
    }
    if let Some(t) = enthral_target(g, me, true) {
        return Some(Command::Enthral(t));
    }
    if let Some(t) = shot(g, me) {
        return Some(Command::Shoot(t));
    }
    if let Some(t) = enthral_target(g, me, false) {
        return Some(Command::Enthral(t));
    }
    trap_spot(g, me).map(|p| Command::Trap(super::command::Place::Square(p)))
}

/// A Healer whose power die can make 7+ heals the most wounded friend
/// within reach that has a wound to lose and still lives (itself too).
fn heal_target(g: &Game, me: &Figure) -> Option<ModelId> {
    let st = &g.state;
    if !me.has(Ability::Healer) || me.heal_used || me.power < Die::D8 {
        return None;
    }
    st.on_board(me.id.team)
        .filter(|f| f.wounds > 0 && !f.bound && f.gap(me) <= HEAL_RANGE)
        .max_by_key(|f| (f.wounds, Reverse(f.id.number)))
        .map(|f| f.id)
}

/// Is this enemy about to score (Enthrall it first)? A carrier, a reader,
/// an Ambush defender (to the attackers), the freed prisoner (to the
/// defenders).
fn scoring(g: &Game, f: &Figure) -> bool {
    let st = &g.state;
    f.carrying.is_some()
        || f.has_read
        || st.prisoner == Some(f.id) && !f.bound
        || g.kind == ScenarioKind::Ambush && f.id.team != st.attacker
}

/// An Enthrall target: in sight within 4, not immune, not stunned
/// already, with a power die no larger than the enthraller's (the
/// opposed roll is even or better). `urgent`: only enemies about to score;
/// otherwise only enemies in close combat with a friend, the one with the
/// smallest power die (the strongest fighter) first.
fn enthral_target(g: &Game, me: &Figure, urgent: bool) -> Option<ModelId> {
    let st = &g.state;
    if !me.has(Ability::Enthrall) || st.in_combat(me.id) {
        return None;
    }
    st.figures
        .iter()
        .filter(|f| f.id.team != me.id.team && f.engages() && !f.hidden && !f.stunned)
        .filter(|f| !f.has(Ability::Undead) && !f.has(Ability::StrongWill))
        .filter(|f| f.power <= me.power && f.gap(me) <= ENTHRAL_RANGE)
        .filter(|f| {
            if urgent {
                scoring(g, f)
            } else {
                st.in_combat(f.id)
            }
        })
        .filter(|f| g.grid.sees_model(st, me, f))
        .min_by_key(|f| (f.power, f.gap(me), f.id.number))
        .map(|f| f.id)
}

/// Squares where a trap of this side's Thief stops the enemy: the exits
/// the Ambush defenders run for (to the attackers), the squares round the
/// bound prisoner its rescuers must stand on (to the Free Prisoner
/// defenders). Friends never need them, so no friend springs the trap.
fn trap_spots(g: &Game, team: Team) -> Vec<Point> {
    let st = &g.state;
    match g.kind {
        ScenarioKind::Ambush if team == st.attacker => g
            .grid
            .board
            .exits
            .iter()
            .flat_map(|e| e.squares().collect::<Vec<_>>())
            .collect(),
        ScenarioKind::FreePrisoner if team != st.attacker => st
            .prisoner
            .filter(|&p| st.fig(p).bound)
            .map(|p| around_model(&g.grid, st.fig(p)))
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// An empty square next to a Thief (power d6 or more: it sets traps on
/// 6+) where its trap stops the enemy, if it is not in close combat.
fn trap_spot(g: &Game, me: &Figure) -> Option<Point> {
    let st = &g.state;
    if !me.has(Ability::Thief) || me.power < Die::D6 || st.in_combat(me.id) {
        return None;
    }
    trap_spots(g, me.id.team).into_iter().find(|&p| {
        me.dist_to(p) == 1
            && g.grid.standable(p)
            && st.at(p).is_none()
            && !st.traps.iter().any(|t| t.at == p)
            && !st.counters.iter().any(|c| c.at == Some(p))
    })
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
            let r = f.gap(me);
            r >= 2 && 2 * (sides + 1).saturating_sub(r) >= sides
        })
        .filter(|f| !st.in_combat(f.id))
        .filter(|f| g.grid.sees_model(st, me, f))
        .min_by_key(|f| (f.gap(me), Reverse(f.defense), f.id.number))
        .map(|f| f.id)
}

/// The plan: walking cost from every square to the goal, models ignored,
/// shut doors passable at a price, secret doors not yet found not at all.
fn plan(g: &Game, me: &Figure, goal: &Goal) -> Vec<u32> {
    plan_to_all(g, me, goal, &[])
}

/// [`plan`] as far as [`decide`] reads it for `me`: the walk from the goal
/// stops once the plan is final on the model's own square. Every decision
/// compares the plan somewhere (a square it could move to, one beside it)
/// with the plan on its square, and only a square nearer the goal counts:
/// such a square is final by then, and one that is not final holds at
/// least its true value, no nearer than the model's, so each comparison
/// comes out as on the whole plan.
fn plan_near(g: &Game, me: &Figure, goal: &Goal) -> Vec<u32> {
    // The tests play games both ways and compare every event.
    #[cfg(test)]
    if WHOLE_PLANS.with(std::cell::Cell::get) {
        return plan(g, me, goal);
    }
    plan_to_all(g, me, goal, &[g.grid.board.index(me.at)])
}

#[cfg(test)]
thread_local! {
    /// Set by a test: [`plan_near`] walks the whole plan, as the policy
    /// did before it stopped early, so a test can tell that no decision
    /// reads a square the early stop leaves unfinished.
    pub(super) static WHOLE_PLANS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// [`plan`] until it is final on every one of `targets` (board indexes;
/// none: the whole plan), as [`dial::distances_to_all`] walks it.
fn plan_to_all(g: &Game, me: &Figure, goal: &Goal, targets: &[usize]) -> Vec<u32> {
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
    let huge = me.huge();
    // A secret door is a way for a model that can find it (6+ on its
    // power die) and is not in a hurry to get ahead of the defenders.
    let searcher = me.power >= Die::D6 && door_cost == DOOR_COST;
    let fits = |p: Point| grid.fits(Footprint::new(p, huge));
    // The extra cost of a step of the grid's kind (`Grid::step`; None:
    // no way): a door's, by its state and this model's walk.
    let step_extra = |kind: u32| -> Option<u32> {
        match kind {
            STEP_NONE => None,
            STEP_FREE => Some(0),
            k => match &st.doors[k as usize] {
                door if door.secret && !searcher => None,
                door if door.secret => Some(door_cost + SECRET_COST),
                door if door.shut() => Some(door_cost),
                _ => Some(0),
            },
        }
    };
    // The extra cost of one square's step from p to its neighbour q.
    let square_step = |p: Point, q: Point| step_extra(grid.step_kind(p, q));
    let mut jammed = vec![false; b.cells.len()];
    for f in st.figures.iter().filter(|f| f.on_board() && f.id != me.id) {
        if stops(st, me, f) {
            for sq in f.footprint().squares() {
                if b.contains(sq) {
                    jammed[b.index(sq)] = true;
                }
            }
        }
    }
    // A Huge model's plan is of its north-west square: it has reached a
    // goal square when any square of its block stands on it.
    let anchors = |s: Point| -> Vec<Point> {
        if !huge {
            return vec![s];
        }
        Footprint::new(
            Point {
                x: s.x - 1,
                y: s.y - 1,
            },
            true,
        )
        .squares()
        .collect()
    };
    let starts = seeds
        .into_iter()
        .flat_map(anchors)
        .filter(|&a| b.contains(a) && fits(a))
        .map(|a| b.index(a));
    // A neighbour's index, from the square's: every step the grid allows
    // is onto a square of the board ([`Grid::step`] says none for the
    // squares off it), so a model of one square needs no point.
    let w = b.width as isize;
    let offsets = NEIGHBOURS.map(|(dx, dy)| dy as isize * w + dx as isize);
    dial::distances_to_all(b.cells.len(), starts, MAX_PLAN_STEP, targets, |i, next| {
        if !huge {
            for (dir, offset) in offsets.into_iter().enumerate() {
                let Some(extra) = step_extra(grid.step(i, dir)) else {
                    continue;
                };
                let j = i.wrapping_add_signed(offset);
                debug_assert_eq!(
                    Some(j),
                    {
                        let (p, (dx, dy)) = (b.point(i), NEIGHBOURS[dir]);
                        let q = Point {
                            x: p.x + dx,
                            y: p.y + dy,
                        };
                        b.contains(q).then(|| b.index(q))
                    },
                    "a step the grid allows stays on the board"
                );
                let cost = if light { 1 } else { b.cells[j].cost() };
                let jam = if jammed[j] { JAM_COST } else { 0 };
                next.to(j, cost + extra + jam);
            }
            return;
        }
        // A Huge model: its block of four makes the step.
        let p = b.point(i);
        let from = Footprint::new(p, true);
        'step: for (dx, dy) in NEIGHBOURS {
            let q = Point {
                x: p.x + dx,
                y: p.y + dy,
            };
            if !b.contains(q) || !fits(q) {
                continue;
            }
            // Every square of the block makes the step; the dearest
            // square entered sets its cost.
            let mut extra = 0;
            let mut cost = 0;
            for sq in from.squares() {
                let to = Point {
                    x: sq.x + dx,
                    y: sq.y + dy,
                };
                let Some(e) = square_step(sq, to) else {
                    continue 'step;
                };
                extra = extra.max(e);
                if !from.covers(to) {
                    cost = cost.max(if light {
                        1
                    } else {
                        b.cells[b.index(to)].cost()
                    });
                }
            }
            let j = b.index(q);
            let jam = if jammed[j]
                || Footprint::new(q, true)
                    .squares()
                    .any(|sq| b.contains(sq) && jammed[b.index(sq)])
            {
                JAM_COST
            } else {
                0
            };
            next.to(j, cost + extra + jam);
        }
    })
}

/// Does model `f` stop `me` walking through its square: an enemy, or a
/// friend in close combat or Huge?
fn stops(st: &State, me: &Figure, f: &Figure) -> bool {
    f.id.team != me.id.team || f.huge() || st.in_combat(f.id)
}

/// Where the model walks this move, if anywhere: the square nearest the
/// goal along `plan` it can end its move on, if nearer than where it
/// stands. A trap springs on the square a move ends on (either side's: a
/// friend's springs too), so no move ends on one but on the goal (an exit
/// the model must take, say), unless no other square gets nearer: a walk
/// ends on a trap's square and never passes it, and a trap in a corridor
/// would otherwise hold the model back for good. A Thief that would
/// rather remove an enemy trap ([`disarmer`]) never ends on one, the goal
/// included: it stops beside it (`trap_in_way`).
fn best_step(g: &Game, me: &Figure, plan: &[u32], afraid: bool) -> Option<Point> {
    let st = &g.state;
    let t = st.turn?;
    let b = &g.grid.board;
    let r = reach(st, &g.grid, me.id, t.moves_left);
    let here = plan[b.index(me.at)];
    let disarms = disarmer(g, me);
    // The best square round the traps, and the best one a trap may be on.
    let mut best: Option<(u32, u32, Point)> = None;
    let mut best_onto: Option<(u32, u32, Point)> = None;
    let better = |key: (u32, u32, Point), than: Option<(u32, u32, Point)>| {
        than.is_none_or(|(a, c, q)| (key.0, key.1, (key.2.y, key.2.x)) < (a, c, (q.y, q.x)))
    };
    for (i, &pi) in plan.iter().enumerate() {
        // Most squares are out of this move's reach: told by index, the
        // first test `can_end` makes, before the square is worked out.
        if pi == u32::MAX || r.dist[i] > t.moves_left {
            continue;
        }
        let p = b.point(i);
        if p == me.at || !r.can_end(st, &g.grid, me.id, p, t.moves_left) {
            continue;
        }
        if afraid
            && !me.fearless()
            && st.figures.iter().any(|f| {
                f.id.team != me.id.team
                    && f.engages()
                    && f.causes_fear()
                    && f.footprint().gap(&Footprint::new(p, me.huge())) == 1
            })
        {
            continue;
        }
        // A trap on the square (off the goal), and one this model never
        // ends on.
        let (mut on_trap, mut never) = (false, false);
        if !st.traps.is_empty() {
            let foot = Footprint::new(p, me.huge());
            for tr in st.traps.iter().filter(|tr| foot.covers(tr.at)) {
                on_trap |= pi != 0;
                never |= disarms && tr.setter.team != me.id.team;
            }
        }
        if never {
            continue;
        }
        let key = (pi, r.dist[i], p);
        if better(key, best_onto) {
            best_onto = Some(key);
        }
        if !on_trap && better(key, best) {
            best = Some(key);
        }
    }
    let nearer = |b: Option<(u32, u32, Point)>| b.filter(|&(d, _, _)| d < here);
    nearer(best)
        .or_else(|| nearer(best_onto))
        .map(|(_, _, p)| p)
}

/// Does this model remove an enemy trap in its way rather than spring it?
/// A Thief out of close combat (an adjacent enemy is fought first) whose
/// power die makes the 6+ at least half the time (two dice for a Master
/// Thief): a failure costs it a wound and leaves the trap where it is.
fn disarmer(g: &Game, me: &Figure) -> bool {
    if !me.has(Ability::Thief) || g.state.in_combat(me.id) {
        return false;
    }
    let sides = me.power.sides();
    let fails = sides.min(5);
    if me.has(Ability::MasterThief) {
        2 * fails * fails <= sides * sides
    } else {
        2 * fails <= sides
    }
}

/// A trap the other side set on a square next to a [`disarmer`], in its
/// way: on the square of its next step — its goal, or the one square on —
/// when no step onto a square without a trap brings it as near. The step
/// is the plan's (one square, doors as they stand); a trap in open ground
/// is walked round instead. Its own side's traps are never removed.
fn trap_in_way(g: &Game, me: &Figure, plan: &[u32]) -> Option<Command> {
    let st = &g.state;
    if st.traps.is_empty() || !disarmer(g, me) {
        return None;
    }
    let b = &g.grid.board;
    let here = plan[b.index(me.at)];
    let (huge, phase) = (me.huge(), me.has(Ability::Phase));
    let foot = me.footprint();
    // The nearest a step onto no trap gets, and the nearest step onto
    // enemy traps only (with the first such trap).
    let mut clear = u32::MAX;
    let mut trapped: Option<(u32, Point)> = None;
    for (dx, dy) in NEIGHBOURS {
        let to = Point {
            x: me.at.x + dx,
            y: me.at.y + dy,
        };
        let there = Footprint::new(to, huge);
        let can = b.contains(to)
            && if huge {
                g.grid.fits(there)
                    && g.grid.passable_foot(there, phase)
                    && g.grid.can_step_foot(st, foot, to, phase)
            } else {
                g.grid.standable(to) && g.grid.can_step(st, me.at, to, phase)
            };
        if !can {
            continue;
        }
        let d = plan[b.index(to)];
        let mut under = st.traps.iter().filter(|tr| there.covers(tr.at));
        match under.next() {
            None => clear = clear.min(d),
            Some(first) => {
                let foes = std::iter::once(first)
                    .chain(under)
                    .all(|tr| tr.setter.team != me.id.team);
                if foes && trapped.is_none_or(|(e, _)| d < e) {
                    trapped = Some((d, first.at));
                }
            }
        }
    }
    trapped
        .filter(|&(d, _)| d < here && d < clear)
        .map(|(_, p)| Command::Disarm(super::command::Place::Square(p)))
}

/// The command that works a shut door on the model's edge when the square
/// beyond it is nearer its goal along `plan`: remove the other side's trap
/// on it first (a [`disarmer`] only), else search a secret door, pick a
/// locked one (a Thief) or smash it, or open it.
fn door_in_way(g: &Game, me: &Figure, plan: &[u32]) -> Option<Command> {
    let st = &g.state;
    let b = &g.grid.board;
    let here = plan[b.index(me.at)];
    for side in Side::ALL {
        let Some(k) = me
            .footprint()
            .squares()
            .find_map(|p| g.grid.door_on(p, side))
        else {
            continue;
        };
        let d = st.doors[k];
        if !d.shut() || d.secret && me.power < Die::D6 {
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
        // The enemy's trap on it: removed first by a Thief that makes the
        // 6+ often enough ([`disarmer`], as for a trap on a square); any
        // other model works the door and springs it.
        if d.trap.is_some_and(|s| s.team != me.id.team) && disarmer(g, me) {
            return Some(Command::Disarm(super::command::Place::Door(side)));
        }
        return Some(if d.secret {
            Command::Search(side)
        } else if d.locked {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice::Dice;
    use crate::ddd::play::engine::PlayOptions;
    use crate::ddd::play::tests::scenario;
    use crate::ddd::warparty;

    /// The policy's plans stop once final where a decision reads them
    /// (`ai::plan_near`): every game plays event for event as with whole
    /// plans, on every scenario, with the default war-parties and with two
    /// that have Huge and flying models.
    #[test]
    fn plans_stopped_early_play_every_game_as_whole_plans_do() {
        let parties = [
            (warparty::new(1, "Blue"), warparty::new(2, "Red")),
            (warparty::new(12, "Blue"), warparty::new(13, "Red")),
        ];
        let mut events = 0;
        for kind in ScenarioKind::ALL {
            for seed in 1..=4 {
                let s = scenario(kind, seed);
                for (b, r) in &parties {
                    let play = |whole: bool| {
                        WHOLE_PLANS.with(|w| w.set(whole));
                        let opts = PlayOptions {
                            max_rounds: Some(40),
                            ..PlayOptions::default()
                        };
                        let dice = Dice::quiet(seed + 10, super::super::session::STAGE);
                        let (mut g, _) = Game::new(&s, b, r, dice, opts).unwrap();
                        let mut sink = Vec::new();
                        super::super::session::run_ai(
                            &mut g,
                            super::super::session::AiSide::Both,
                            &mut sink,
                            true,
                        );
                        WHOLE_PLANS.with(|w| w.set(false));
                        sink
                    };
                    let (early, whole) = (play(false), play(true));
                    assert_eq!(early, whole, "{kind:?} board {seed}");
                    events += whole.len();
                }
            }
        }
        assert!(events > 20_000, "{events} lines");
    }
}
