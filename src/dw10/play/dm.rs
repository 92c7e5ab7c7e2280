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
//!    to the hero when it can.
//!
//! In the Non-Mover's Shooting Phase every monster that may shoot does.
//! Spawned monsters go where `spawn` says (nearest a hero, out of sight).

use crate::dw10::figures::Ability;
use crate::dw10::play::combat::{shoot, shot_check};
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::Event;
use crate::dw10::play::state::{HeroId, MonsterId, Sq, State, Who, adjacent, range};
use crate::dw10::play::walk::{may_end, reach};

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
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            target: TargetChoice::Weakest,
            shoot_first: true,
            regenerate: true,
            horizon: 200,
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
    let from = c.s.monster(m).body.at?;
    c.s.monster(m).body.fig.shoot?;
    c.s.live_heroes()
        .into_iter()
        .filter(|h| shot_check(c.s, c.map, Who::Monster(m), Who::Hero(*h)).is_ok())
        .min_by_key(|h| preference(c.s, p, from, *h))
}

/// Walks a monster towards the preferred hero it can reach.
fn walk(c: &mut Ctx, p: &Policy, m: MonsterId) {
    let w = Who::Monster(m);
    let Some(from) = c.s.body(w).at else { return };
    let mv = c.s.body(w).fig.movement;
    let far = reach(c.s, c.map, w, p.horizon);
    // The squares next to each hero the monster could stop on, cheapest.
    let mut goals: Vec<(HeroId, Sq, u32)> = Vec::new();
    for h in c.s.live_heroes() {
        let Some(hp) = c.s.hero(h).body.at else {
            continue;
        };
        let best = far
            .squares()
            .into_iter()
            .filter(|(q, _)| adjacent(*q, hp) && may_end(c.s, c.map, w, *q))
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
        return;
    };
    let (path, _) = far.path(goal);
    // The farthest square along the way within this move's movement.
    let near = reach(c.s, c.map, w, mv);
    let Some(&stop) = path
        .iter()
        .rev()
        .find(|q| near.cost(**q).is_some() && may_end(c.s, c.map, w, **q))
    else {
        c.push(Event::Waits { who: w });
        return;
    };
    let cost = near.cost(stop).unwrap_or(0);
    let (_, doors) = near.path(stop);
    for d in doors {
        c.s.open[d.0 as usize] = true;
        c.push(Event::DoorOpened { who: w, door: d });
    }
    c.s.body_mut(w).at = Some(stop);
    let stopped = c.s.in_kill_zone(stop, w.side());
    c.push(Event::Moved {
        who: w,
        from,
        to: stop,
        cost,
        stopped,
    });
}

/// The monsters' Mover's Action Phase.
pub fn action_phase(c: &mut Ctx, p: &Policy) {
    for m in c.s.live_monsters() {
        let w = Who::Monster(m);
        if !c.s.body(w).alive() {
            continue;
        }
        let b = c.s.body(w);
        let beside = !c.s.enemies_next_to(w).is_empty();
        if p.regenerate && b.has(Ability::Regenerate) && b.wounds < b.fig.wounds && !beside {
            let b = c.s.body_mut(w);
            b.wounds += 1;
            c.push(Event::Regenerates { who: w });
            continue;
        }
        if beside {
            c.push(Event::Waits { who: w });
            continue;
        }
        if p.shoot_first
            && let Some(h) = best_shot(c, p, m)
            && let Ok(seen) = shot_check(c.s, c.map, w, Who::Hero(h))
        {
            shoot(c, w, Who::Hero(h), seen);
            continue;
        }
        walk(c, p, m);
    }
}

/// The monsters' Non-Mover's Shooting Phase.
pub fn shooting_phase(c: &mut Ctx, p: &Policy) {
    for m in c.s.live_monsters() {
        let w = Who::Monster(m);
        if !c.s.body(w).alive() {
            continue;
        }
        if let Some(h) = best_shot(c, p, m)
            && let Ok(seen) = shot_check(c.s, c.map, w, Who::Hero(h))
        {
            shoot(c, w, Who::Hero(h), seen);
        }
    }
}
