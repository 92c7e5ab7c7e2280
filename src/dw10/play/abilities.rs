//! The special abilities that act on other figures: Charge Attack
//! (L207-211), Control Enemy (L212-215) and Gaze Attack (L216-223), for
//! heroes and monsters alike.
//!
//! - Charge Attack: a figure that began its action phase out of every kill
//!   zone and walks into one makes a free attack there, alone, on the
//!   enemies beside it (they do not strike back; the Melee Phase still
//!   comes). If none is left beside it, it walks on with the points it has
//!   left. Once a move.
//! - Control Enemy: once a move, in its side's Mover's Action Phase or
//!   Non-Mover's Shooting Phase, on an enemy in sight, neither of them in an
//!   enemy's kill zone: a d6 of 3-6 moves the enemy up to its own movement
//!   (never Swift Mover's double) through kill zones, to a square it may
//!   stop on. A hero moved onto a `?` counter, key or teleporter meets it as
//!   if it walked there.
//! - Gaze Attack: in its side's Mover's Action Phase, one enemy within
//!   [`GAZE_RANGE`] squares in sight is frozen for the move: it does not
//!   shoot in the Non-Mover's Shooting Phase and adds no dice to a melee.
//!   The gaze breaks when the gazer loses sight of it or is gone, when it
//!   takes a wound, or when another ability is used on it.

use crate::dw10::figures::Ability;
use crate::dw10::play::combat::{assign, melee_dice, note_rack};
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::dungeon;
use crate::dw10::play::event::Event;
use crate::dw10::play::magic::in_sight;
use crate::dw10::play::state::{Map, Sq, State, Who, range};
use crate::dw10::play::walk::{may_end, reach_controlled};

/// How far a gaze reaches (A13: the text gives no range; the project's).
pub const GAZE_RANGE: u32 = 8;

/// A Charge Attack's free attack from `who`'s square (checked by the
/// caller: the ability, the kill zone). Whether no enemy is left beside it.
pub fn charge(c: &mut Ctx, who: Who) -> bool {
    let mut group = vec![who];
    group.extend(c.s.enemies_next_to(who));
    note_rack(c, &[who]);
    let n = melee_dice(c.s, c.map, who, &group);
    let dice = c.d6s(n, "to hit (charge attack)");
    let hits = dice.iter().filter(|d| **d >= 4).count() as u32;
    let kills = c.d6s(hits, "kill die (charge attack)");
    c.push(Event::Charge {
        who,
        dice,
        kills: kills.clone(),
    });
    let poison = c.s.body(who).has(Ability::PoisonAttack);
    assign(c, who.side(), &group, &kills, None, poison);
    c.s.body(who).alive() && c.s.enemies_next_to(who).is_empty()
}

/// Why a figure may not Control Enemy another now (L195-215).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoControl {
    /// The figure lacks the ability.
    #[error("{0} has no Control Enemy")]
    NoAbility(String),
    /// The target is a friend or off the map.
    #[error("{0} is not an enemy on the map")]
    NotAnEnemy(String),
    /// The controller or the target stands in an enemy's kill zone.
    #[error("{0} is in an enemy's kill zone")]
    InKillZone(String),
    /// No line of sight from the controller to the target.
    #[error("{by} cannot see {target}")]
    Unseen {
        /// The controller's name.
        by: String,
        /// The target's name.
        target: String,
    },
    /// The target's own movement does not take it there, or it may not stop there.
    #[error("{target} cannot be moved to {x},{y} with its own movement")]
    Unreachable {
        /// The target's name.
        target: String,
        /// The square's column.
        x: i32,
        /// The square's row.
        y: i32,
    },
}

/// Why `by` may not Control Enemy `target` onto `to` now (the phase and
/// the once a move are the caller's).
pub fn control_check(s: &State, map: &Map, by: Who, target: Who, to: Sq) -> Result<(), NoControl> {
    let b = s.body(by);
    if !b.has(Ability::ControlEnemy) {
        return Err(NoControl::NoAbility(b.name.clone()));
    }
    let t = s.body(target);
    if target.side() == by.side() || !t.alive() {
        return Err(NoControl::NotAnEnemy(t.name.clone()));
    }
    if !s.enemies_next_to(by).is_empty() {
        return Err(NoControl::InKillZone(b.name.clone()));
    }
    if !s.enemies_next_to(target).is_empty() {
        return Err(NoControl::InKillZone(t.name.clone()));
    }
    if !in_sight(s, map, by, target) {
        return Err(NoControl::Unseen {
            by: b.name.clone(),
            target: t.name.clone(),
        });
    }
    let r = reach_controlled(s, map, target);
    if r.cost(to).is_none() || !may_end(s, map, target, to) || Some(to) == t.at {
        return Err(NoControl::Unreachable {
            target: t.name.clone(),
            x: to.0,
            y: to.1,
        });
    }
    Ok(())
}

/// Control Enemy (checked by [`control_check`]): the d6, then the move.
pub fn control(c: &mut Ctx, by: Who, target: Who, to: Sq) {
    let from = c.s.body(target).at.unwrap_or((0, 0));
    let (path, _) = reach_controlled(c.s, c.map, target).path(to);
    let face = c.d6("control enemy");
    let works = face >= 3;
    c.push(Event::Controlled {
        by,
        target,
        face,
        from,
        to: works.then_some(to),
    });
    if !works {
        return;
    }
    let b = c.s.body_mut(target);
    b.gazed_by = None;
    b.pit_ready = None;
    match target {
        Who::Hero(h) => {
            for p in path {
                c.s.hero_mut(h).body.at = Some(p);
                dungeon::enter(c, h, p);
                // A dungeon condition that goes off stops it there.
                let halted = crate::dw10::play::conditions::cross(c, h, p);
                if !c.s.hero(h).body.alive() {
                    return;
                }
                if halted {
                    if p != to {
                        c.push(Event::Halted { hero: h, at: p, to });
                    }
                    break;
                }
            }
            dungeon::reveal(c);
        }
        Who::Monster(_) => c.s.body_mut(target).at = Some(to),
    }
}

/// The enemies `by` may gaze at now.
pub fn gaze_targets(s: &State, map: &Map, by: Who) -> Vec<Who> {
    let Some(p) = s.body(by).at else {
        return Vec::new();
    };
    s.figures()
        .into_iter()
        .filter(|o| o.side() != by.side())
        .filter(|o| {
            s.body(*o).at.is_some_and(|q| {
                range(p, q) <= GAZE_RANGE
                    || crate::dw10::play::sight::stair_look(s, map, p, q, true).is_some()
            })
        })
        .filter(|o| in_sight(s, map, by, *o))
        .collect()
}

/// A Gaze Attack (checked: a target of [`gaze_targets`]).
pub fn gaze(c: &mut Ctx, by: Who, target: Who) {
    c.s.body_mut(target).gazed_by = Some(by);
    c.push(Event::Gaze { by, target });
}
