//! The Draken Master's mind. The text leaves every choice to the player in
//! that seat ("the Draken Master decides"); tilecrawl's is a policy as
//! data ([`Policy`]) and the code that follows it, monster by monster in
//! the order they came on the map:
//!
//! 1. A wounded monster with Regenerate and no hero beside it regenerates
//!    instead of acting (L252-254).
//! 2. A monster already next to a hero stays and fights in the Melee Phase
//!    (monsters never disengage: a free attack on themselves gains nothing).
//! 3. A shooter with a legal shot shoots (when `shoot_first`), at the
//!    target the policy prefers.
//! 4. Otherwise it walks towards the hero the policy prefers that it can
//!    reach, by the cheapest way (opening plain doors in revealed pieces),
//!    and stops as far along that way as its movement allows; it ends next
//!    to the hero when it can. With no square of that way within its
//!    movement to stop on, it stops where the way on is cheapest
//!    (`nearer_stop`) rather than hold its ground.
//!
//! A shooter with no hero to shoot shoots a familiar it may (two kill-die
//! 6s remove it, L600-601). In the Non-Mover's Shooting Phase every
//! monster that may shoot does.
//! Spawned monsters go where `spawn` says (nearest a hero, out of sight).
//!
//! The abilities:
//!
//! - **Initiative**: having won it, the Draken Master lets the heroes move
//!   first (`give_move`) when at least half its monsters on the map shoot
//!   and none stands beside a hero: its shooters would rather the heroes
//!   walk into their sight.
//! - **Control Enemy** (the Wraith, before it shoots or walks): a hero in
//!   sight is moved to the square its movement reaches that most monsters
//!   stand beside (one at least), the preferred hero first; a monster that
//!   controls does not also shoot that move (the Wraith's note).
//! - **Multi Shot, Fire Weapon**: the dice are shared over the legal
//!   targets in the policy's order, two dice a target at least; a Fire
//!   Weapon's further targets stand beside the first.
//! - **Charge Attack**: walking into a kill zone, the monster makes its
//!   free attack, and walks on when nobody is left beside it.
//! - **Gaze Attack**: after its walk, the monster freezes the hero in range
//!   and sight with the most melee dice, those beside it first.
//! - **Pits**: a monster of movement 3 or less that could not move waits,
//!   and next time crosses the pit its way leads over.
//! - **Tables and chairs** (L413-415): a monster whose action is over
//!   breaks a table beside or under it that covers a hero from one of its
//!   shooters (the hero on the far side of the table from the shooter).

use crate::dw10::figures::Ability;
use crate::dw10::play::abilities::{charge, control, control_check, gaze, gaze_targets};
use crate::dw10::play::combat::{shoot_many, shot_check, spreads};
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::Event;
use crate::dw10::play::familiar;
use crate::dw10::play::furniture::dm_breaks;
use crate::dw10::play::sight::Look;
use crate::dw10::play::state::{HeroId, Map, MonsterId, Sq, State, Who, adjacent, range};
use crate::dw10::play::walk::{
    Reach, may_end, reach, reach_controlled, reach_plan, reach_plan_from, wait_by_pit,
};

/// Which hero the monsters go for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetChoice {
    /// The hero with the fewest wounds left, then the lowest armour, then
    /// the nearest.
    Weakest,
    /// The nearest hero, then the fewest wounds left.
    Nearest,
}

/// The Draken Master's policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Which hero to shoot and to walk to.
    pub target: TargetChoice,
    /// Shoot when a shot is legal rather than walk.
    pub shoot_first: bool,
    /// Regenerate when wounded and no hero is beside the monster.
    pub regenerate: bool,
    /// How far (in movement points) a monster looks for a way to a hero.
    pub horizon: u32,
    /// Let the heroes move first when the monsters are mostly shooters.
    pub give_move: bool,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            target: TargetChoice::Weakest,
            shoot_first: true,
            regenerate: true,
            horizon: 200,
            give_move: true,
        }
    }
}

fn preference(s: &State, p: &Policy, from: Sq, h: HeroId) -> (u32, u32, u32, HeroId) {
    let b = &s.hero(h).body;
    let d = b.at.map_or(u32::MAX, |q| range(from, q));
    match p.target {
        TargetChoice::Weakest => (b.wounds, b.fig.armour, d, h),
        TargetChoice::Nearest => (d, b.wounds, b.fig.armour, h),
    }
}

/// The best legal shot of a monster, if any.
pub fn best_shot(c: &Ctx, p: &Policy, m: MonsterId) -> Option<HeroId> {
    shots(c, p, m).first().map(|(h, _)| *h)
}

/// The heroes a monster may shoot, best first.
fn shots(c: &Ctx, p: &Policy, m: MonsterId) -> Vec<(HeroId, Look)> {
    let Some(from) = c.s.monster(m).body.at else {
        return Vec::new();
    };
    if c.s.monster(m).body.fig.shoot.is_none() {
        return Vec::new();
    }
    let mut v: Vec<(HeroId, Look)> =
        c.s.live_heroes()
            .into_iter()
            .filter_map(|h| {
                shot_check(c.s, c.map, Who::Monster(m), Who::Hero(h))
                    .ok()
                    .map(|l| (h, l))
            })
            .collect();
    v.sort_by_key(|(h, _)| preference(c.s, p, from, *h));
    v
}

/// A monster's shot, its dice shared when it spreads them. Whether it shot.
fn fire(c: &mut Ctx, p: &Policy, m: MonsterId) -> bool {
    let w = Who::Monster(m);
    let all = shots(c, p, m);
    let Some(&(first, _)) = all.first() else {
        // No hero to shoot: a familiar in its sight (the project's choice).
        let target =
            c.s.familiars()
                .into_iter()
                .find_map(|(h, _)| familiar::shot_at(c.s, c.map, w, h).map(|l| (h, l)));
        if let Some((h, l)) = target {
            familiar::shoot(c, w, h, l);
            return true;
        }
        return false;
    };
    let mut targets: Vec<(Who, Look)> = vec![(Who::Hero(first), all[0].1)];
    if spreads(c.s, w) {
        let dice = c.s.body(w).fig.shoot.map_or(0, |x| x.dice);
        let most = dice.div_ceil(2).max(1) as usize;
        let breath =
            c.s.body(w)
                .fig
                .shoot
                .is_some_and(|x| x.by == Some(Ability::FireWeapon));
        let fp = c.s.hero(first).body.at.unwrap_or((0, 0));
        for &(h, l) in &all[1..] {
            if targets.len() >= most {
                break;
            }
            if breath && !c.s.hero(h).body.at.is_some_and(|q| adjacent(q, fp)) {
                continue;
            }
            targets.push((Who::Hero(h), l));
        }
    }
    shoot_many(c, w, &targets);
    true
}

/// Control Enemy: the hero and square the policy picks, if any.
fn control_choice(c: &Ctx, p: &Policy, m: MonsterId) -> Option<(HeroId, Sq)> {
    let w = Who::Monster(m);
    let from = c.s.body(w).at?;
    let mut heroes = c.s.live_heroes();
    heroes.sort_by_key(|h| preference(c.s, p, from, *h));
    for h in heroes {
        let hw = Who::Hero(h);
        let Some(hp) = c.s.hero(h).body.at else {
            continue;
        };
        let r = reach_controlled(c.s, c.map, hw);
        let best = r
            .squares()
            .into_iter()
            .filter(|(q, _)| *q != hp)
            .map(|(q, _)| {
                let near =
                    c.s.live_monsters()
                        .into_iter()
                        .filter(|o| c.s.monster(*o).body.at.is_some_and(|x| c.s.touching(x, q)))
                        .count();
                (near, q)
            })
            .filter(|(n, q)| *n > 0 && control_check(c.s, c.map, w, hw, *q).is_ok())
            .max_by_key(|(n, q)| (*n, std::cmp::Reverse((q.1, q.0))));
        if let Some((_, q)) = best {
            return Some((h, q));
        }
    }
    None
}

/// Uses Control Enemy if the policy finds a use. Whether it did.
fn try_control(c: &mut Ctx, p: &Policy, m: MonsterId) -> bool {
    if !c.s.monster(m).body.has(Ability::ControlEnemy) {
        return false;
    }
    match control_choice(c, p, m) {
        Some((h, q)) => {
            control(c, Who::Monster(m), Who::Hero(h), q);
            true
        }
        None => false,
    }
}

/// Gaze Attack after the walk: the hero in range and sight with the most
/// melee dice, those beside the gazer first.
fn try_gaze(c: &mut Ctx, m: MonsterId) {
    let w = Who::Monster(m);
    if !c.s.body(w).has(Ability::GazeAttack) || !c.s.body(w).alive() {
        return;
    }
    let Some(at) = c.s.body(w).at else { return };
    let best = gaze_targets(c.s, c.map, w).into_iter().max_by_key(|t| {
        let b = c.s.body(*t);
        (
            b.at.is_some_and(|q| c.s.touching(q, at)),
            b.fig.attacks,
            std::cmp::Reverse(*t),
        )
    });
    if let Some(t) = best {
        gaze(c, w, t);
    }
}

/// Does the Draken Master, having won the initiative, let the heroes move
/// first?
pub fn gives_move(s: &State, p: &Policy) -> bool {
    let ms = s.live_monsters();
    let shooters = ms
        .iter()
        .filter(|m| s.monster(**m).body.fig.shoot.is_some())
        .count();
    p.give_move
        && !ms.is_empty()
        && shooters * 2 >= ms.len()
        && ms
            .iter()
            .all(|m| s.enemies_next_to(Who::Monster(*m)).is_empty())
}

/// Walks a monster towards the preferred hero it can reach, with `mv`
/// movement points. Whether it moved.
fn walk(c: &mut Ctx, p: &Policy, m: MonsterId, mv: u32) -> bool {
    let w = Who::Monster(m);
    let Some(from) = c.s.body(w).at else {
        return false;
    };
    let far = reach_plan(c.s, c.map, w, p.horizon);
    // The squares next to each hero the monster could stop on, cheapest.
    let mut goals: Vec<(HeroId, Sq, u32)> = Vec::new();
    for h in c.s.live_heroes() {
        let Some(hp) = c.s.hero(h).body.at else {
            continue;
        };
        let best = far
            .squares()
            .into_iter()
            .filter(|(q, _)| c.s.touching(*q, hp) && may_end(c.s, c.map, w, *q))
            .min_by_key(|(q, cost)| (*cost, q.1, q.0));
        if let Some((q, cost)) = best {
            goals.push((h, q, cost));
        }
    }
    let Some(&(_, goal, _)) = goals.iter().min_by_key(|(h, _, cost)| {
        let pref = preference(c.s, p, from, *h);
        // Within reach this move first, then the policy's order.
        (*cost > mv, pref)
    }) else {
        c.push(Event::Waits { who: w });
        return false;
    };
    let (path, _) = far.path(goal);
    // The farthest square along the way within this move's movement.
    let near = reach(c.s, c.map, w, mv);
    let on_the_way = path
        .iter()
        .rev()
        .find(|q| near.cost(**q).is_some() && may_end(c.s, c.map, w, **q))
        .copied();
    let Some(stop) = on_the_way.or_else(|| {
        let now = far.cost(goal)?;
        nearer_stop(c.s, c.map, w, &near, goal, now, p.horizon)
    }) else {
        c.push(Event::Waits { who: w });
        return false;
    };
    let cost = near.cost(stop).unwrap_or(0);
    let (_, doors) = near.path(stop);
    for d in doors {
        c.s.open[d.0 as usize] = true;
        c.push(Event::DoorOpened { who: w, door: d });
    }
    c.s.body_mut(w).at = Some(stop);
    c.s.body_mut(w).pit_ready = None;
    let stopped = c.s.in_kill_zone(stop, w.side());
    c.push(Event::Moved {
        who: w,
        from,
        to: stop,
        cost,
        stopped,
    });
    // Charge Attack: a free attack in the kill zone entered, then on if
    // nobody is left beside it.
    if stopped && c.s.body(w).has(Ability::ChargeAttack) && charge(c, w) && mv > cost {
        walk(c, p, m, mv - cost);
    }
    true
}

/// Where monster `w` stops when no square of its cheapest way to `goal`
/// within this move's reach (`near`) is one it may end on (say the way
/// crosses a rock slide just where its movement runs out): of the squares
/// it may end on this move, the one from which the way on to `goal` is
/// cheapest, then the cheaper to reach, then the northmost and westmost;
/// only if that way is cheaper than `now`, the way from where it stands,
/// so every such step brings it nearer. The project's own policy: the
/// text leaves the monsters' moves to the Draken Master.
fn nearer_stop(
    s: &State,
    map: &Map,
    w: Who,
    near: &Reach,
    goal: Sq,
    now: u32,
    horizon: u32,
) -> Option<Sq> {
    let from = s.body(w).at?;
    near.squares()
        .into_iter()
        .filter(|(q, _)| *q != from && may_end(s, map, w, *q))
        .filter_map(|(q, cost)| {
            let left = reach_plan_from(s, map, w, q, horizon).cost(goal)?;
            (left < now).then_some((left, cost, q.1, q.0))
        })
        .min()
        .map(|(_, _, y, x)| (x, y))
}

/// The monsters' Mover's Action Phase.
pub fn action_phase(c: &mut Ctx, p: &Policy) {
    for m in c.s.live_monsters() {
        let w = Who::Monster(m);
        if !c.s.body(w).alive() {
            continue;
        }
        act(c, p, m);
        // Its move over, it breaks a table that covers a hero from its
        // shooters (L413-415).
        if c.s.body(w).alive() {
            dm_breaks(c, w);
        }
    }
}

/// One monster's action in its side's Mover's Action Phase.
fn act(c: &mut Ctx, p: &Policy, m: MonsterId) {
    let w = Who::Monster(m);
    let b = c.s.body(w);
    let beside = !c.s.enemies_next_to(w).is_empty();
    if p.regenerate && b.has(Ability::Regenerate) && b.wounds < b.fig.wounds && !beside {
        let b = c.s.body_mut(w);
        b.wounds += 1;
        c.push(Event::Regenerates { who: w });
        return;
    }
    if beside {
        c.push(Event::Waits { who: w });
        try_gaze(c, m);
        return;
    }
    let controlled = try_control(c, p, m);
    if !controlled && p.shoot_first && fire(c, p, m) {
        try_gaze(c, m);
        return;
    }
    let mv = c.s.body(w).fig.movement;
    if !walk(c, p, m, mv) {
        let ev = &mut *c.ev;
        wait_by_pit(c.s, c.map, w, ev);
    }
    try_gaze(c, m);
}

/// The monsters' Non-Mover's Shooting Phase.
pub fn shooting_phase(c: &mut Ctx, p: &Policy) {
    for m in c.s.live_monsters() {
        let w = Who::Monster(m);
        if !c.s.body(w).alive() {
            continue;
        }
        if try_control(c, p, m) {
            continue;
        }
        fire(c, p, m);
    }
}
