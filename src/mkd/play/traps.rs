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
        hero: s.heroes[h].name.to_string(),
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
        TrapOn::Door(d) => cx.s.board_mut().doors[d].trap = armed,
        TrapOn::Shackles => cx.s.mission.prisoner_trap = armed,
    }
    (level, face)
}

/// A door's trap goes off on hero `h`; an alarm brings its token to the
/// far side of the door.
pub fn spring_door_trap(cx: &mut Ctx, d: usize, h: HeroId) {
    let fresh = cx.s.board.doors[d].trap == DoorTrap::Unchecked;
    let t = roll_trap(cx, TrapOn::Door(d));
    cx.s.board_mut().doors[d].trap = DoorTrap::Spent;
    if fresh {
        cx.emit(Event::DoorTrapRolled {
            level: t.0,
            face: t.1,
        });
    }
    if trap(cx.s, t).effect == TrapEffect::None {
        return;
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::board::Door;
    use crate::mkd::play::engine::Game;
    use crate::mkd::play::event::{Chooser, Pick, Rolls, Topic};
    use crate::mkd::play::state::TokenId;
    use crate::mkd::play::testkit::*;
    use crate::mkd::scenario::WmtColor;
    use crate::tileset::Side;

    /// Ayla beside a door (7,3 | 8,3) whose trap is already known.
    fn armed_door(level: u32, face: u32, faces: &[u32]) -> Game {
        let mut g = game(faces);
        g.visited.extend(0..3);
        g.board_mut().doors.push(Door {
            edges: vec![[p(7, 3), p(8, 3)]],
            open: false,
            trap: DoorTrap::Armed { level, face },
        });
        put_hero(&mut g, 0, p(7, 3), Side::E);
        g
    }

    #[test]
    fn an_alarm_calls_a_pool_token_to_the_far_side_of_the_door_and_reveals_it() {
        // Level 1, face 6: a rattle alarm; the token's reveal is 1 + 1.
        let mut g = armed_door(1, 6, &[1, 1]);
        let ev = ok(&mut g, "Ayla opens door at 8,3");
        let token = TokenId {
            guardian: false,
            color: WmtColor::Yellow,
            number: 3,
            copy: 0,
        };
        assert_eq!(
            ev[1..3],
            [
                Event::TrapSprung { trap: (1, 6) },
                Event::AlarmCalls { token, at: p(8, 3) },
            ]
        );
        assert_eq!(
            printed(&g, &ev[1..3]),
            "the trap goes off: rattle alarm\nthe alarm calls yellow-3 to 8,3"
        );
        assert!(matches!(ev[3], Event::Revealed { count: 0, .. }));
        assert!(g.wmt_pool.is_empty());
        assert_eq!(g.board.doors[0].trap, DoorTrap::Spent);
        all_dice_used(&g);
        // With the pool empty, nobody answers.
        let mut g = armed_door(1, 6, &[]);
        g.wmt_pool.clear();
        let ev = ok(&mut g, "Ayla opens door at 8,3");
        assert_eq!(ev.last(), Some(&Event::AlarmUnanswered));
    }

    #[test]
    fn a_teleport_trap_whisks_the_hero_to_a_random_tile() {
        // Level 2, face 6: a teleport rune; the tile roll 3 is C2.
        let mut g = armed_door(2, 6, &[3]);
        let ev = ok(&mut g, "Ayla opens door at 8,3");
        assert_eq!(
            ev[2..],
            [
                Event::Whisked { hero: AYLA },
                Event::Chose {
                    by: Chooser::Dungeon,
                    topic: Topic::TeleportTile,
                    faces: Rolls(vec![3]),
                    pick: Pick::Tile(g.board.tiles[2].label),
                },
                Event::Teleported {
                    hero: AYLA,
                    at: p(19, 3),
                    tile: g.board.tiles[2].label
                },
            ]
        );
        all_dice_used(&g);
    }

    #[test]
    fn an_area_trap_wounds_every_hero_next_to_the_one_who_sprang_it() {
        // Level 1, face 5: dart spray.
        let mut g = armed_door(1, 5, &[]);
        put_hero(&mut g, 1, p(6, 4), Side::E);
        let ev = ok(&mut g, "Ayla opens door at 8,3");
        assert_eq!(
            ev[2..],
            [
                Event::HeroWounded {
                    hero: AYLA,
                    wounds: 1,
                    left: 3
                },
                Event::HeroWounded {
                    hero: BORIN,
                    wounds: 1,
                    left: 3
                },
            ]
        );
    }

    #[test]
    fn a_door_s_trap_is_rolled_from_a_random_chest_of_the_pool_once() {
        // Two chests in the pool: the d2 picks the second (level 3), then
        // its trap table's 4.
        let mut g = game(&[2, 4]);
        g.chest_pool = vec![1, 3];
        g.board_mut().doors.push(Door {
            edges: vec![[p(7, 3), p(8, 3)]],
            open: false,
            trap: DoorTrap::Unchecked,
        });
        let (t, _) = rule(&mut g, |cx| roll_trap(cx, TrapOn::Door(0)));
        assert_eq!(t, (3, 4));
        assert_eq!(g.board.doors[0].trap, DoorTrap::Armed { level: 3, face: 4 });
        // Known now: no more dice.
        let (again, _) = rule(&mut g, |cx| roll_trap(cx, TrapOn::Door(0)));
        assert_eq!(again, (3, 4));
        all_dice_used(&g);
    }
}
