//! Traps: a door's (or the prisoner's shackles') trap rolled from a random
//! chest of the Chest Pool, and what a sprung trap does — wounds, an alarm
//! that reveals a token, or a teleport.

use crate::mkd::play::board::{Board, DoorTrap};
use crate::mkd::play::combat::wound_hero;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::Event;
use crate::mkd::play::refusal::{Refusal, Square};
use crate::mkd::play::reveal::{Cause, put_pool_token, reveal};
use crate::mkd::play::state::{HeroId, State};
use crate::mkd::play::steps::teleport_random;
use crate::mkd::tables::{Trap, TrapEffect};
use crate::scenario::Point;

/// Where a trap sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrapOn {
    /// On a door (its index on the board).
    Door(usize),
    /// On the prisoner's shackles (rescue).
    Shackles,
}

/// The trap of a chest level and d6 face.
pub fn trap(s: &State, (level, face): (u32, u32)) -> &Trap {
    &s.tables.chest_traps[&level].get(face).result
}

/// The door with an edge on `p` next to hero `h`.
pub fn door_near(s: &State, h: HeroId, p: Point) -> Result<usize, Refusal> {
    let hp = s.hero_square(h)?;
    let doors = s.board.doors_at(p);
    if doors.is_empty() {
        return Err(Refusal::NoDoor { at: Square(p) });
    }
    // Where two doors touch the square, the one beside the hero.
    let near = doors.into_iter().find(|&d| {
        s.board.doors[d].edges.iter().any(|e| {
            e[0] == hp || e[1] == hp || Board::adjacent(e[0], hp) || Board::adjacent(e[1], hp)
        })
    });
    near.ok_or_else(|| Refusal::NotNextToDoor {
        hero: s.heroes[h].name.clone(),
        at: Square(p),
    })
}

/// Rolls the trap on a door or the shackles, once: a random chest of the
/// pool (level 1 when the pool is empty), then its trap table. Returns
/// the level and face, and leaves the trap armed.
pub fn roll_trap(cx: &mut Ctx, on: TrapOn) -> (u32, u32) {
    let known = match on {
        TrapOn::Door(d) => &cx.s.board.doors[d].trap,
        TrapOn::Shackles => &cx.s.mission.prisoner_trap,
    };
    if let DoorTrap::Armed { level, face } = *known {
        return (level, face);
    }
    let level = if cx.s.chest_pool.is_empty() {
        1
    } else {
        let why = match on {
            TrapOn::Door(_) => "chest picked for the door's trap",
            TrapOn::Shackles => "chest picked for the prisoner's trap",
        };
        let k = cx.dice.choose(cx.s.chest_pool.len(), why);
        cx.s.chest_pool[k]
    };
    let face = match on {
        TrapOn::Door(_) => cx.dice.d6(format_args!("door trap (level {level} chest)")),
        TrapOn::Shackles => cx
            .dice
            .d6(format_args!("prisoner's trap (level {level} chest)")),
    };
    let armed = DoorTrap::Armed { level, face };
    match on {
        TrapOn::Door(d) => cx.s.board.doors[d].trap = armed,
        TrapOn::Shackles => cx.s.mission.prisoner_trap = armed,
    }
    (level, face)
}

/// A door's trap goes off on hero `h`; an alarm brings its token to the
/// far side of the door.
pub fn spring_door_trap(cx: &mut Ctx, d: usize, h: HeroId) {
    let t = roll_trap(cx, TrapOn::Door(d));
    cx.s.board.doors[d].trap = DoorTrap::Spent;
    let far_side = cx.s.heroes[h].pos().and_then(|hp| {
        cx.s.board.doors[d].edges.iter().find_map(|e| {
            if Board::adjacent(e[0], hp) || e[0] == hp {
                Some(e[1])
            } else if Board::adjacent(e[1], hp) || e[1] == hp {
                Some(e[0])
            } else {
                None
            }
        })
    });
    spring(cx, t, h, far_side);
}

/// The trap of chest level and face `t` goes off on hero `h`: wounds (an
/// area trap hits the heroes next to the hero too), an alarm that calls a
/// token of the pool to `far` (else next to the hero) and reveals it, or a
/// teleport to a random tile.
pub fn spring(cx: &mut Ctx, t: (u32, u32), h: HeroId, far: Option<Point>) {
    cx.emit(Event::TrapSprung { trap: t });
    match trap(cx.s, t).effect {
        TrapEffect::None => {}
        TrapEffect::Wounds { wounds, area } => {
            let mut hit = vec![h];
            if area && let Some(p) = cx.s.heroes[h].pos() {
                let s = &*cx.s;
                hit.extend(s.hero_ids().filter(|&o| {
                    o != h && s.heroes[o].pos().is_some_and(|q| Board::adjacent(p, q))
                }));
            }
            for o in hit {
                if cx.s.heroes[o].pos().is_some() {
                    wound_hero(cx, o, wounds);
                }
            }
        }
        TrapEffect::Alarm => {
            if cx.s.wmt_pool.is_empty() {
                cx.emit(Event::AlarmUnanswered);
                return;
            }
            let at = far
                .or_else(|| cx.s.heroes[h].pos())
                .and_then(|p| cx.s.free_square_near(p));
            let Some(at) = at else { return };
            let k = cx.dice.choose(cx.s.wmt_pool.len(), "token the alarm calls");
            let i = put_pool_token(cx, k, at);
            let token = cx.s.wmts[i].id;
            cx.emit(Event::AlarmCalls { token, at });
            reveal(cx, i, Cause::Other);
        }
        TrapEffect::Teleport => {
            cx.emit(Event::Whisked { hero: h });
            teleport_random(cx, h);
        }
    }
}
