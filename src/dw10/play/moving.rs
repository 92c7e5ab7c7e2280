//! A hero's move carried out, once `engine` has checked it: the walk
//! (free attacks on leaving kill zones, what is found on the way, a
//! dungeon condition that cuts it short, a table carried, stopping in a
//! kill zone, a Charge Attack there) and the jump
//! by staircase or teleporter (L120-136, L207-211, L317-321, L359-361).

use crate::dw10::figures::Ability;
use crate::dw10::play::abilities;
use crate::dw10::play::combat;
use crate::dw10::play::conditions;
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::dungeon;
use crate::dw10::play::event::Event;
use crate::dw10::play::furniture;
use crate::dw10::play::state::{FeatureId, HeroId, SideId, Sq, Who};
use crate::dw10::play::walk::reach;

/// Spends `n` of a hero's movement points on something other than a walk.
pub(super) fn spend(c: &mut Ctx, h: HeroId, n: u32) {
    let hero = c.s.hero_mut(h);
    hero.mp = hero.mp.saturating_sub(n);
    hero.moved = true;
}

/// A hero's walk, checked: free attacks for leaving kill zones, then the
/// squares on the way, then stopping in a kill zone.
pub fn hero_move(c: &mut Ctx, h: HeroId, to: Sq) {
    hero_walk(c, h, to, None);
}

/// A hero leaving its square for `to` (`None`: off the map, by a
/// teleporter out of the dungeon): the enemies beside it that `to` does
/// not touch strike it as it goes (none for Stealth, L120-136).
/// False when the free attacks killed it (the game's end checked).
pub(crate) fn leave_kill_zones(c: &mut Ctx, w: Who, to: Option<Sq>) -> bool {
    if c.s.body(w).has(Ability::Stealth) {
        return true;
    }
    let left: Vec<Who> =
        c.s.enemies_next_to(w)
            .into_iter()
            .filter(|e| {
                c.s.body(*e)
                    .at
                    .is_some_and(|q| to.is_none_or(|to| !c.s.touching(q, to)))
            })
            .collect();
    combat::free_attack(c, w, &left);
    if !c.s.body(w).alive() {
        combat::victory(c);
        return false;
    }
    true
}

/// [`hero_move`], carrying a table and chairs (checked by
/// `furniture::carry_check`) from its square on the way to another.
pub fn hero_walk(c: &mut Ctx, h: HeroId, to: Sq, carry: Option<(FeatureId, Sq)>) {
    let w = Who::Hero(h);
    let from = c.s.body(w).at.unwrap_or((0, 0));
    let r = reach(c.s, c.map, w, c.s.hero(h).mp);
    let cost = r.cost(to).unwrap_or(0);
    let (path, _) = r.path(to);
    let beside = c.s.enemies_next_to(w);
    if !leave_kill_zones(c, w, Some(to)) {
        return;
    }
    // The walk stops only on its last square (a `?` counter or a kill
    // zone ends it there), so the move is told first, then what the hero
    // finds on the way.
    let in_zone = c.s.in_kill_zone(to, SideId::Heroes);
    c.push(Event::Moved {
        who: w,
        from,
        to,
        cost,
        stopped: in_zone,
    });
    let mut stopped = false;
    let mut halted = None;
    for p in &path {
        c.s.hero_mut(h).body.at = Some(*p);
        if let Some((table, drop)) = carry
            && drop == *p
        {
            furniture::set_down(c, w, table, drop);
        }
        stopped |= dungeon::enter(c, h, *p);
        // A dungeon condition that goes off ends the walk on its square.
        if conditions::cross(c, h, *p) {
            halted = Some(*p);
        }
        if !c.s.hero(h).body.alive() {
            combat::victory(c);
            return;
        }
        if halted.is_some() {
            break;
        }
    }
    if let Some(at) = halted {
        halt(c, h, at, to, &beside);
        return;
    }
    c.s.hero_mut(h).body.at = Some(to);
    // A slow figure's pit crossing takes all its points (L309-313).
    let slow_pit = c.s.hero(h).body.pit_ready == Some(from)
        && path.first().is_some_and(|q| {
            (q.0 - from.0).abs() + (q.1 - from.1).abs() == 2 && (q.0 == from.0 || q.1 == from.1)
        });
    c.s.hero_mut(h).body.pit_ready = None;
    // Charge Attack: a free attack in the kill zone entered; on if it
    // clears it (L207-211).
    let mut cleared = false;
    if in_zone && !stopped && may_charge(c, h) {
        match charge(c, h) {
            Some(x) => cleared = x,
            None => return,
        }
    }
    let hero = c.s.hero_mut(h);
    hero.moved = true;
    if stopped || (in_zone && !cleared) || slow_pit {
        hero.mp = 0;
    } else {
        hero.mp = hero.mp.saturating_sub(cost);
    }
    // A Charge Attack is another ability: no more double move (L202-203).
    if hero.used.contains(&Ability::ChargeAttack) {
        hero.end_double();
    }
    // A hero that shot first (Dedicated Shot) walks on in as many steps
    // as its points allow, jumps included: its shot came before the whole
    // move. One that moved first ended its action with the shot (engine).
    dungeon::reveal(c);
    combat::victory(c);
}

/// A walk cut short on `at` by a dungeon condition, on its way to `to`:
/// the hero stands there, its action over. The enemies it stood beside
/// when it set off that `to` would have touched but `at` does not strike
/// it now, as a walk away from them would have (Stealth aside).
fn halt(c: &mut Ctx, h: HeroId, at: Sq, to: Sq, beside: &[Who]) {
    let w = Who::Hero(h);
    c.s.hero_mut(h).body.at = Some(at);
    c.s.hero_mut(h).body.pit_ready = None;
    if at != to {
        c.push(Event::Halted { hero: h, at, to });
    }
    if at != to && !c.s.body(w).has(Ability::Stealth) {
        let late: Vec<Who> = beside
            .iter()
            .copied()
            .filter(|e| {
                c.s.body(*e)
                    .at
                    .is_some_and(|q| c.s.touching(q, to) && !c.s.touching(q, at))
            })
            .collect();
        combat::free_attack(c, w, &late);
    }
    let hero = c.s.hero_mut(h);
    hero.moved = true;
    hero.mp = 0;
    dungeon::reveal(c);
    combat::victory(c);
}

/// How a hero jumps from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jump {
    /// A staircase, 1 point (L317-321).
    Stairs,
    /// A teleporter, 2 points (L359-361).
    Teleporter,
}

/// A hero's jump by staircase or teleporter, checked (the project's
/// reading of L120-136 for a jump): leaving a kill zone draws the free
/// attacks a walk would (Stealth: none), and arriving in one ends the
/// hero's movement, a Charge Attack made there as at the end of a walk.
pub fn hero_jump(c: &mut Ctx, h: HeroId, to: Sq, how: Jump) {
    let w = Who::Hero(h);
    if !leave_kill_zones(c, w, Some(to)) {
        return;
    }
    let cost = match how {
        Jump::Stairs => 1,
        Jump::Teleporter => 2,
    };
    spend(c, h, cost);
    c.s.hero_mut(h).body.at = Some(to);
    c.s.hero_mut(h).body.pit_ready = None;
    let stopped = c.s.in_kill_zone(to, SideId::Heroes);
    c.push(match how {
        Jump::Stairs => Event::Stairs {
            hero: h,
            to,
            stopped,
        },
        Jump::Teleporter => Event::Teleported {
            hero: h,
            to,
            stopped,
        },
    });
    // What it finds where it lands, as on a square walked into: the
    // prisoner beside it above all (a `?` counter there ends its action).
    dungeon::enter(c, h, to);
    dungeon::reveal(c);
    if !stopped {
        return;
    }
    let mut cleared = false;
    if may_charge(c, h) {
        // Another ability: no more double move (L202-203).
        c.s.hero_mut(h).end_double();
        match charge(c, h) {
            Some(x) => cleared = x,
            None => return,
        }
    }
    if !cleared {
        c.s.hero_mut(h).mp = 0;
    }
    combat::victory(c);
}

/// Whether hero `h` may make its Charge Attack on arriving in a kill zone:
/// it has the ability, may charge this move, and has not yet.
fn may_charge(c: &Ctx, h: HeroId) -> bool {
    let hero = c.s.hero(h);
    hero.body.has(Ability::ChargeAttack)
        && hero.magic.charge_ok
        && !hero.used.contains(&Ability::ChargeAttack)
}

/// Hero `h`'s Charge Attack in the kill zone it arrived in (L207-211):
/// whether it cleared the zone, `None` when the hero fell (the game's end
/// checked).
fn charge(c: &mut Ctx, h: HeroId) -> Option<bool> {
    c.s.hero_mut(h).used.push(Ability::ChargeAttack);
    let cleared = abilities::charge(c, Who::Hero(h));
    if !c.s.hero(h).body.alive() {
        combat::victory(c);
        return None;
    }
    Some(cleared)
}
