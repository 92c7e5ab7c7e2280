//! The bookkeeping of a move (L83-97): poison and fire checks before
//! initiative, heroes re-spawning, the initiative roll, escaping.

use crate::dw10::features::FeatureKind;
use crate::dw10::figures::Ability;
use crate::dw10::play::combat::wound;
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::{CounterCheck, Event};
use crate::dw10::play::moving;
use crate::dw10::play::state::{HeroId, Outcome, Phase, SideId, Sq, Who, range};
use crate::dw10::scenario::Objective;

/// Poison (L247-251) and fire (L258-261) counters, before initiative.
pub fn counters(c: &mut Ctx) {
    for w in c.s.figures() {
        for _ in 0..c.s.body(w).poison {
            if !c.s.body(w).alive() {
                break;
            }
            let face = c.d6("poison check");
            let then = match face {
                1 => CounterCheck::Off,
                6 => CounterCheck::Wound,
                _ => CounterCheck::Stays,
            };
            c.push(Event::Poison { who: w, face, then });
            match then {
                CounterCheck::Off => c.s.body_mut(w).poison -= 1,
                CounterCheck::Wound => wound(c, w, 1),
                CounterCheck::Stays => {}
            }
        }
        for _ in 0..c.s.body(w).fire {
            if !c.s.body(w).alive() {
                break;
            }
            let face = c.d6("fire check");
            let then = match face {
                1..=3 => CounterCheck::Off,
                6 => CounterCheck::Wound,
                _ => CounterCheck::Stays,
            };
            c.push(Event::Fire { who: w, face, then });
            match then {
                CounterCheck::Off => c.s.body_mut(w).fire -= 1,
                CounterCheck::Wound => wound(c, w, 1),
                CounterCheck::Stays => {}
            }
        }
    }
}

/// Active teleporters on revealed pieces with nobody on them.
pub fn free_teleporters(c: &Ctx) -> Vec<Sq> {
    c.s.features
        .iter()
        .enumerate()
        .filter(|(i, f)| f.kind == FeatureKind::Teleporter && c.s.active[*i] && !c.s.gone[*i])
        .map(|(_, f)| (f.x, f.y))
        .filter(|p| c.map.tile(*p).is_none_or(|t| c.s.revealed[t as usize]))
        .filter(|p| !c.s.occupied(*p))
        .collect()
}

/// Killed heroes come back at full wounds on an active teleporter (A17:
/// at the start of the next move; the one nearest the first living hero,
/// then in feature order; none free, none back).
pub fn respawn(c: &mut Ctx) {
    for i in 0..c.s.heroes.len() as u32 {
        let h = HeroId(i);
        if !c.s.hero(h).dead || c.s.hero(h).escaped {
            continue;
        }
        let anchor = c.s.live_heroes().first().and_then(|x| c.s.hero(*x).body.at);
        let mut tp = free_teleporters(c);
        if let Some(a) = anchor {
            tp.sort_by_key(|p| range(*p, a));
        }
        let Some(&p) = tp.first() else { continue };
        let hero = c.s.hero_mut(h);
        hero.dead = false;
        hero.body.at = Some(p);
        hero.body.wounds = hero.body.fig.wounds;
        c.push(Event::Respawn { hero: h, at: p });
        // It finds what a hero coming in finds there (the prisoner beside
        // the teleporter), as at the start of the game.
        crate::dw10::play::dungeon::enter(c, h, p);
    }
}

/// A side's initiative bonus: +1 per figure with Initiative Bonus, +1 for
/// a hero who listened last move, +1 per hero reading a stone altar
/// beside it, +2 at most (L239-242, L264-269, L378-382).
pub fn bonus(c: &Ctx, side: SideId) -> u32 {
    let figs = c.s.figures();
    let n = figs
        .iter()
        .filter(|w| w.side() == side && c.s.body(**w).has(Ability::InitiativeBonus))
        .count() as u32;
    let listen = if side == SideId::Heroes {
        c.s.listen_bonus + crate::dw10::play::magic::readers(c.s)
    } else {
        0
    };
    (n + listen).min(2)
}

/// The initiative roll (L94-97): a d6 each plus the bonus, ties rolled
/// again. The winner is the Mover unless it gives the place up: the
/// heroes with `non-mover`, the Draken Master by its policy.
pub fn initiative(c: &mut Ctx) -> SideId {
    let hb = bonus(c, SideId::Heroes);
    let db = bonus(c, SideId::Dm);
    loop {
        let h = c.d6("initiative (heroes)");
        let d = c.d6("initiative (Draken Master)");
        c.push(Event::Initiative {
            heroes: h,
            heroes_bonus: hb,
            dm: d,
            dm_bonus: db,
        });
        if h + hb != d + db {
            let side = if h + hb > d + db {
                SideId::Heroes
            } else {
                SideId::Dm
            };
            c.push(Event::Mover { side });
            c.s.winner = side;
            return side;
        }
    }
}

/// A hero on an active teleporter leaves the dungeon (L616-619, the
/// project's reading: one at a time, 2 points like a teleport). When no
/// hero is left on the map the game ends: a win with the objective done
/// (recover, rescue), an escape without it; heroes dead and waiting to
/// re-spawn are left behind.
pub fn escape(c: &mut Ctx, h: HeroId) {
    // Leaving by the teleporter leaves every kill zone the hero stands in:
    // the enemies beside it strike first, as on a jump (the project's
    // reading, L126-136), and one it kills does not leave.
    if !moving::leave_kill_zones(c, Who::Hero(h), None) {
        return;
    }
    c.push(Event::Escape { hero: h });
    let hero = c.s.hero_mut(h);
    hero.body.at = None;
    hero.escaped = true;
    // Its familiar leaves with it (the project's reading).
    if let Some(f) = hero.familiar.as_mut() {
        f.at = None;
    }
    if c.s.live_heroes().is_empty() {
        let done = c.s.objective_done && !matches!(c.s.objective, Objective::Slay { .. });
        let outcome = if done {
            Outcome::HeroesWin
        } else {
            Outcome::Escaped
        };
        c.s.phase = Phase::Over(outcome);
        c.push(Event::Over { outcome });
    }
}

/// The end of the Non-Mover's Shooting Phase: Fingers of Death strike,
/// the phase's wards end.
pub fn after_shooting(c: &mut Ctx) {
    for i in 0..c.s.heroes.len() {
        let h = HeroId(i as u32);
        let Some(m) = c.s.hero_mut(h).magic.finger.take() else {
            continue;
        };
        let w = Who::Hero(h);
        let target = Who::Monster(m);
        let failed = if !c.s.body(w).alive() {
            Some("the caster fell")
        } else if !c.s.body(target).alive() {
            Some("the target is gone")
        } else if c.s.hero(h).magic.shot_at {
            Some("the caster was shot at")
        } else if c.s.hero(h).magic.conditioned {
            Some("a dungeon condition struck the caster")
        } else if !c.s.enemies_next_to(w).is_empty() {
            Some("the caster is in a kill zone")
        } else if !crate::dw10::play::magic::in_sight(c.s, c.map, w, target) {
            Some("the caster lost sight of the target")
        } else {
            None
        };
        c.push(Event::Finger {
            hero: h,
            target: m,
            failed,
        });
        if failed.is_none() {
            crate::dw10::play::combat::kill(c, target);
        }
    }
    for hero in c.s.heroes.iter_mut() {
        hero.magic.shield = false;
        hero.magic.fire_ward = false;
        hero.magic.poison_ward = false;
    }
}
