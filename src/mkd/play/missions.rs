//! The engine's side of the MKD Adventure "Alternate Scenarios": rescue,
//! stealth and kidnapping, and how every game ends. The plain quest never
//! reaches the missions' code.
//!
//! What the project decided where the rules are silent:
//! - **Rescue.** The prisoner's figure comes from the party file's optional
//!   `prisoner:` entry (a built-in 20-point fighter otherwise). Until freed it
//!   is not one of the heroes at all: it only fills its square. `NAME frees
//!   prisoner` from an adjacent square checks its shackles for a trap exactly
//!   as for a door (a random chest of the Chest Pool, that chest's trap
//!   table); a harmless result frees it at once, an armed trap can be
//!   disarmed (`NAME disarms 20,4 fast|slow`, the prisoner's square) or set
//!   off by freeing again. The prisoner is freed before the trap goes off, so
//!   an area trap can kill it. It joins the freeing hero's team, acts from
//!   the next turn, starts one wound from death and cannot be healed. The
//!   Guardian set aside at setup is then revealed at the entrance (its
//!   reveal bonus applies); the monsters that come out of it always take the
//!   prisoner as first choice when they can reach it. Won when the prisoner
//!   leaves through the entrance; lost when it dies, or when no hero is left
//!   who could still free it or bring it out.
//! - **Stealth.** A monster's decision roll has the Quest Chest as first
//!   choice whenever it can reach the chest (or the hero carrying it): on the
//!   first-choice faces it commits to destroying it for the rest of the
//!   game ([`MonsterMode::ChestHunt`]), and goes back to hunting heroes only
//!   when no route leads to the chest. At the chest it attacks without
//!   abilities or shooting: in dice combat its melee dice against armour 5
//!   (to-hit dice as usual, a kill die of 5 or 6 destroys the contents); in
//!   manual combat the players roll it with the figure and report a hit with
//!   `smash MONSTER`. A hunter attacks a carrier like any hero; any wound it
//!   deals (or `smash` in manual combat) destroys the contents. A demoralized
//!   hunter retreats like any demoralized monster.
//! - **Kidnapping.** The Guardian WMT wanders like the others. The monster
//!   chosen among those it reveals (a d6 when there are several) runs for the
//!   entrance at full speed, through heroes, retrying break-aways. It is
//!   captured once it has one wound left, or once it is demoralized after
//!   taking a wound (the engine keeps wounds, not dials). A captive that
//!   begins its activation next to a hero waits for the players; they move
//!   it on their turn with `lead MONSTER to X,Y` (once a turn, within its
//!   speed, with a hero next to it; it reveals no token) and win with `lead
//!   MONSTER out` (it walks to an entrance square within its speed and is
//!   taken out). A captive with no hero next to it retreats by the
//!   demoralized rules; if it leaves the dungeon, or dies, the mission is
//!   lost. If the Guardian's reveal brings out no monster there is nobody to
//!   kidnap and the mission is lost.
//!
//! The end of every game, the quest's too, is decided here ([`check_end`]),
//! with one more reading of the project's own:
//! - **Cut off.** The generator promises a walk from the entrance to the
//!   Central Chamber, not to every tile, so a teleport (or a vortex turning
//!   a tile) can leave a hero in a pocket behind crevices. Such a hero is
//!   *cut off* when, with every shut door opened and nobody in the way, no
//!   walk leads from its square to a way out, the stairs down, a teleporter
//!   or vortex marker, or a square of a tile nobody has entered yet (where
//!   a discovery could still lay one). Once the Quest Chest is out and
//!   every hero still inside is cut off, the heroes win and leave them
//!   behind; once every hero left in the game is inside and cut off, with
//!   the goal not reached, nothing they can do reaches it and the game is
//!   lost. Either way the cut-off heroes are named, and, like every hero
//!   not slain when a game stops, count as survivors for the campaign
//!   (their friends fetch them with rope once the dungeon is done).

use crate::core::geom::all_around;
use crate::mkd::mission::Goal;
use crate::mkd::play::board::walk::FAR;
use crate::mkd::play::board::{Board, DoorTrap, Mover, PlayMarker, side_towards};
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Ending, Event};
use crate::mkd::play::refusal::{Refusal, Square};
use crate::mkd::play::reveal::{Cause, reveal, update_capture};
use crate::mkd::play::state::{
    ChestPlace, HeroId, HeroPlace, MonsterId, MonsterMode, Outcome, Phase, State, TokenId, WmtState,
};
use crate::mkd::play::traps::{TrapOn, roll_trap, spring, trap};
use crate::mkd::tables::TrapEffect;
use crate::scenario::Point;

// ----------------------------------------------------------- rescue

/// `NAME frees prisoner`: checks the shackles for a trap like a door; a
/// harmless or spent trap frees the prisoner, an armed one goes off.
pub fn hero_free(cx: &mut Ctx, h: HeroId) -> Result<(), Refusal> {
    let Some(pp) = cx.s.prisoner_square() else {
        return Err(match cx.s.mission.goal {
            Goal::Rescue => Refusal::NoPrisonerLeft,
            _ => Refusal::NoPrisoner,
        });
    };
    let hp = cx.s.hero_square(h)?;
    if !Board::adjacent(hp, pp) {
        return Err(Refusal::FreeFromAfar {
            hero: cx.s.heroes[h].name.to_string(),
            at: Square(pp),
        });
    }
    match cx.s.mission.prisoner_trap {
        DoorTrap::Spent => {
            cx.emit(Event::FreedClean { hero: h });
            free_prisoner(cx, h);
        }
        DoorTrap::Unchecked => {
            let t = roll_trap(cx, TrapOn::Shackles);
            cx.emit(Event::ShacklesChecked { hero: h, trap: t });
            if trap(cx.s, t).effect == TrapEffect::None {
                cx.s.mission.prisoner_trap = DoorTrap::Spent;
                free_prisoner(cx, h);
            } else {
                cx.emit(Event::ShacklesArmed { hero: h, at: pp });
            }
        }
        DoorTrap::Armed { level, face } => {
            cx.s.mission.prisoner_trap = DoorTrap::Spent;
            cx.emit(Event::FreedSettingOff { hero: h });
            free_springing(cx, h, (level, face));
        }
    }
    Ok(())
}

/// `NAME disarms X,Y fast|slow` on the prisoner's square.
pub fn hero_disarm_prisoner(cx: &mut Ctx, h: HeroId, fast: bool) -> Result<(), Refusal> {
    let pp =
        cx.s.prisoner_square()
            .expect("called on the prisoner's square");
    let hp = cx.s.hero_square(h)?;
    if !Board::adjacent(hp, pp) {
        return Err(Refusal::NotNextToPrisoner {
            hero: cx.s.heroes[h].name.to_string(),
        });
    }
    let DoorTrap::Armed { level, face } = cx.s.mission.prisoner_trap else {
        return Err(Refusal::NoKnownShackleTrap);
    };
    cx.s.spend_disarm(h, fast)?;
    let t = trap(cx.s, (level, face));
    let (need, xp) = (t.disarm, t.xp);
    let r = cx.dice.d6(format_args!(
        "{} disarms the prisoner's trap",
        cx.s.heroes[h].name
    ));
    if r >= need {
        cx.s.mission.prisoner_trap = DoorTrap::Spent;
        cx.s.xp += xp;
        cx.emit(Event::Disarmed {
            hero: h,
            trap: (level, face),
            fast,
            roll: r,
        });
        free_prisoner(cx, h);
    } else {
        cx.emit(Event::DisarmFailed {
            hero: h,
            trap: (level, face),
            roll: r,
        });
        if fast {
            cx.s.mission.prisoner_trap = DoorTrap::Spent;
            free_springing(cx, h, (level, face));
        }
    }
    Ok(())
}

/// The prisoner joins hero `by`'s team; the Guardian set aside at setup is
/// revealed at the entrance.
fn free_prisoner(cx: &mut Ctx, by: HeroId) {
    if let Some(freed) = unshackle(cx, by) {
        joins(cx, freed);
    }
}

/// Freeing the prisoner sets off the shackles' trap `t` (L838): the trap
/// is resolved first, with the prisoner among the heroes (an area trap
/// reaches the prisoner too), and the prisoner joins, and the Guardian
/// comes, only if the trap left the prisoner alive.
fn free_springing(cx: &mut Ctx, by: HeroId, t: (u32, u32)) {
    let freed = unshackle(cx, by);
    spring(cx, t, by, None);
    if let Some(p) = freed
        && cx.s.heroes[p].place != HeroPlace::Slain
    {
        joins(cx, p);
    }
}

/// The prisoner out of the shackles, in hero `by`'s team: a hero from now
/// on (a trap going off reaches it). `None` if it was freed before.
fn unshackle(cx: &mut Ctx, by: HeroId) -> Option<HeroId> {
    let mut p = cx.s.mission.prisoner.take()?;
    p.team = cx.s.heroes[by].team;
    p.done = true;
    cx.s.heroes.push(p);
    // The prisoner's square now counts as a hero's.
    cx.s.resync_standing();
    let freed = HeroId(cx.s.heroes.len() - 1);
    cx.s.mission.freed = Some(freed);
    Some(freed)
}

/// The freed prisoner `freed` joins its team, and the Guardian set aside
/// at setup is revealed at the entrance.
fn joins(cx: &mut Ctx, freed: HeroId) {
    cx.emit(Event::PrisonerJoins { hero: freed });
    let Some(token) = cx.s.scenario.game.pools.guardian else {
        cx.emit(Event::NoGuardian);
        return;
    };
    let Some(spot) = cx.s.free_square_near(cx.s.board.entrance[0]) else {
        cx.emit(Event::GuardianNoRoom);
        return;
    };
    let id = TokenId {
        guardian: true,
        color: token.color,
        number: token.number,
        copy: 0,
    };
    cx.s.push_wmt(WmtState { id, pos: spot });
    cx.emit(Event::GuardianAppears {
        token: id,
        at: spot,
    });
    let i = cx.s.wmts.len() - 1;
    let placed = reveal(cx, i, Cause::Other);
    for &m in &placed {
        cx.emit(Event::GoesForPrisoner {
            monster: m,
            prisoner: freed,
        });
    }
    cx.s.mission.guardian_monsters.extend(placed);
}

// ----------------------------------------------------------- stealth

/// A monster's attack hit the Quest Chest (or its carrier): the contents
/// are destroyed.
pub fn destroy_quest_chest(cx: &mut Ctx, m: MonsterId) {
    let Some(c) = cx.s.chests.iter().position(|c| c.quest) else {
        return;
    };
    if cx.s.mission.chest_destroyed {
        return;
    }
    let c = crate::mkd::play::state::ChestId(c);
    if let ChestPlace::Hero(h) = cx.s.chests[c].place {
        cx.s.heroes[h].chests.retain(|&x| x != c);
    }
    cx.s.chests[c].place = ChestPlace::Lost;
    cx.s.mission.chest_destroyed = true;
    cx.emit(Event::QuestChestSmashed { monster: m });
}

/// `smash MONSTER` (manual combat): the players report that a chest
/// hunter's attack on the Quest Chest, or on the hero carrying it, hit.
pub fn report_smash(cx: &mut Ctx, m: MonsterId) -> Result<(), Refusal> {
    let s = &*cx.s;
    if s.mission.goal != Goal::Stealth {
        return Err(Refusal::SmashNotStealth);
    }
    let id = || s.monsters[m].id.clone();
    if s.monsters[m].mode != MonsterMode::ChestHunt {
        return Err(Refusal::NotAChestHunter {
            monster: id().to_string(),
        });
    }
    let mp = s.monsters[m].pos.expect("active");
    let Some((c, carrier)) = s.quest_chest_target() else {
        return Err(Refusal::ChestOutOfReach);
    };
    let at = match (carrier, s.chests[c].place) {
        (Some(h), _) => s.heroes[h].pos(),
        (None, ChestPlace::At(p)) => Some(p),
        _ => None,
    };
    if !at.is_some_and(|p| p == mp || Board::adjacent(p, mp)) {
        return Err(Refusal::NotNextToQuestChest {
            monster: id().to_string(),
        });
    }
    destroy_quest_chest(cx, m);
    Ok(())
}

/// The squares from which monster `m` attacks the chest lying on `c`: the
/// square itself and those around it.
pub fn chest_attack_squares(s: &State, m: MonsterId, c: Point) -> Vec<Point> {
    let me = s.monsters[m].pos;
    all_around(c)
        .into_iter()
        .chain([c])
        .filter(|&q| s.board.passable(q) && (Some(q) == me || !s.occupied(q)))
        .collect()
}

// ----------------------------------------------------------- kidnapping

/// `lead MONSTER to X,Y` / `lead MONSTER out`.
pub fn lead(cx: &mut Ctx, m: MonsterId, to: Option<Point>) -> Result<(), Refusal> {
    let s = &*cx.s;
    let id = || s.monsters[m].id.clone();
    if s.mission.goal != Goal::Kidnapping || s.mission.kidnappee != Some(m) {
        return Err(Refusal::NotTheKidnappee {
            monster: id().to_string(),
        });
    }
    if !s.mission.captured {
        return Err(Refusal::NotCaptured {
            monster: id().to_string(),
        });
    }
    if s.mission.led_turn == Some(s.turn) {
        return Err(Refusal::AlreadyLed {
            monster: id().to_string(),
        });
    }
    let Phase::Heroes(pos) = s.phase else {
        unreachable!("only in the heroes' turn")
    };
    let team = s.team_order[pos];
    let me = s.monsters[m].pos.expect("active");
    let guard = s.hero_ids().find(|&g| {
        s.heroes[g].team == team && s.heroes[g].pos().is_some_and(|p| Board::adjacent(p, me))
    });
    let Some(guard) = guard else {
        return Err(Refusal::NoGuard {
            monster: id().to_string(),
        });
    };
    let speed = s.monsters[m].stats.speed;
    let mover = s.monster_mover(m);
    let goals: Vec<Point> = match to {
        Some(p) => {
            if !s.board.passable(p) || (p != me && s.occupied(p)) {
                return Err(Refusal::NotFree { at: Square(p) });
            }
            vec![p]
        }
        // Either way out on a split-up mission.
        None => s
            .exit_squares()
            .into_iter()
            .filter(|&p| p == me || !s.occupied(p))
            .collect(),
    };
    let dist = {
        let blocked = |p: Point| p != me && s.occupied(p);
        s.board
            .distances_to(&goals, &mover, &|i| blocked(s.board.point(i)))
    };
    let d = s.board.idx(me).map_or(FAR, |i| dist[i]);
    let need = d.saturating_add(u32::from(to.is_none()));
    if d == FAR || need > speed {
        return Err(Refusal::TooFarToLead {
            monster: id().to_string(),
            to,
            speed,
            need: (d != FAR).then_some(need),
        });
    }
    cx.s.mission.led_turn = Some(cx.s.turn);
    let mut here = me;
    while dist[cx.s.board.idx(here).expect("on the board")] != 0 {
        let Some(&n) = cx.s.board.downhill(here, &dist, &mover).first() else {
            break;
        };
        if let Some(dr) = cx.s.board.door_between(here, n) {
            cx.s.board_mut().doors[dr].open = true;
        }
        cx.s.monsters[m].facing = side_towards(here, n);
        here = n;
    }
    cx.s.set_monster_pos(m, Some(here));
    match to {
        Some(p) => cx.emit(Event::Led {
            guard,
            monster: m,
            to: p,
            cost: d,
        }),
        None => {
            cx.s.set_monster_pos(m, None);
            cx.s.monsters[m].mode = MonsterMode::Gone;
            cx.s.mission.captive_out = true;
            cx.emit(Event::LedOut {
                guard,
                monster: m,
                at: here,
            });
        }
    }
    Ok(())
}

// ----------------------------------------------------------- the end

/// Ends the game when its goal is reached or lost: the Quest Chest out or
/// gone, no hero left inside, or what the mission says.
pub fn check_end(cx: &mut Ctx) {
    if cx.s.outcome().is_some() {
        return;
    }
    let end = if cx.s.mission.goal == Goal::Quest {
        quest_end(cx.s)
    } else {
        mission_end(cx)
    };
    let (end, left) = match end {
        Some(_) => (end, Vec::new()),
        None => match stranded(cx.s) {
            None => (None, Vec::new()),
            // The Quest Chest went out ahead of them.
            Some(left) if cx.s.mission.goal == Goal::Quest && quest_out(cx.s) => {
                (Some((Outcome::Won, Ending::QuestOutCutOff)), left)
            }
            Some(left) => (Some((Outcome::Lost, Ending::CutOff)), left),
        },
    };
    if let Some((o, why)) = end {
        for (hero, at) in left {
            cx.emit(Event::CutOff { hero, at });
        }
        cx.s.phase = Phase::Over(o);
        cx.emit(Event::Ended(why));
        cx.banner();
    }
}

/// Is the Quest Chest out of the dungeon?
fn quest_out(s: &State) -> bool {
    s.chests
        .iter()
        .any(|c| c.quest && c.place == ChestPlace::Out)
}

/// The heroes inside and their squares when every hero still in the game
/// stands on this floor cut off from the ways on (none outside, none
/// below, at least one inside); `None` otherwise. Only a displaced hero
/// can be cut off, so the walks are made only when every one inside is;
/// one found to walk to a way off is displaced no more (walking keeps it
/// where it can walk back from).
fn stranded(s: &mut State) -> Option<Vec<(HeroId, Point)>> {
    let mut inside = Vec::new();
    for h in s.hero_ids() {
        match s.heroes[h].place {
            HeroPlace::At(p) if s.heroes[h].displaced => inside.push((h, p)),
            HeroPlace::At(_) | HeroPlace::Outside | HeroPlace::Below => return None,
            HeroPlace::Escaped | HeroPlace::Slain => {}
        }
    }
    if inside.is_empty() {
        return None;
    }
    let off = ways_off(s);
    let mut on = None;
    for &(h, p) in &inside {
        if could_walk_to_any(s, h, p, &off) {
            s.heroes[h].displaced = false;
            return None;
        }
        let on = on.get_or_insert_with(|| other_ways_on(s));
        if could_walk_to_any(s, h, p, on) {
            return None;
        }
    }
    Some(inside)
}

/// How hero `h` walks when the question is where it could ever get to:
/// every shut door counts as opened.
pub fn free_walk(s: &State, h: HeroId) -> Mover {
    Mover {
        door_open: Some(0),
        ..s.hero_mover(h)
    }
}

/// The squares (board indexes) that lead a hero off this floor on foot:
/// the ways out and the stairs down.
pub fn ways_off(s: &State) -> Vec<usize> {
    let mut v = s.exit_squares();
    v.extend(s.floors.stairs);
    v.iter().filter_map(|&p| s.board.idx(p)).collect()
}

/// The squares (board indexes) where a hero cut off from [`ways_off`] may
/// still find a way on: every teleporter and vortex, and every square of a
/// tile nobody has entered yet (its discovery may lay one).
pub fn other_ways_on(s: &State) -> Vec<usize> {
    let b = &s.board;
    let mut v: Vec<usize> = s
        .markers
        .iter()
        .filter(|m| matches!(m.kind, PlayMarker::Teleporter | PlayMarker::Vortex))
        .filter_map(|m| b.idx(m.pos))
        .collect();
    for t in (0..b.tiles.len()).filter(|t| !s.visited.contains(t)) {
        v.extend(b.tile_squares(t).iter().filter_map(|&p| b.idx(p)));
    }
    v
}

/// Could hero `h` walk from `from` to any of `targets` (board indexes) if
/// every shut door were opened and no figure stood in the way?
pub fn could_walk_to_any(s: &State, h: HeroId, from: Point, targets: &[usize]) -> bool {
    let dist = s
        .board
        .distances_to_nearest(from, &free_walk(s, h), &|_| false, targets);
    targets.iter().any(|&t| dist[t] != FAR)
}

/// Is any hero still in the game (inside, outside or below)?
fn anyone_left(s: &State) -> bool {
    s.heroes.iter().any(|h| {
        matches!(
            h.place,
            HeroPlace::At(_) | HeroPlace::Outside | HeroPlace::Below
        )
    })
}

/// The quest: won with the Quest Chest out once no hero is left inside
/// (the others escaped or fell; the game goes on until then); lost when it
/// is gone for good (a thief left with it, a vortex crushed it) or no hero
/// is left.
fn quest_end(s: &State) -> Option<(Outcome, Ending)> {
    let quest_out = quest_out(s);
    let quest_gone = s
        .chests
        .iter()
        .any(|c| c.quest && c.place == ChestPlace::Lost);
    let inside = s
        .heroes
        .iter()
        .any(|h| matches!(h.place, HeroPlace::At(_) | HeroPlace::Below));
    if quest_out {
        (!inside).then_some((Outcome::Won, Ending::QuestOut))
    } else if quest_gone {
        Some((Outcome::Lost, Ending::QuestGone))
    } else if !anyone_left(s) {
        Some((Outcome::Lost, Ending::QuestNobodyLeft))
    } else {
        None
    }
}

/// The end of a rescue, stealth or kidnapping game, with its reason.
fn mission_end(cx: &mut Ctx) -> Option<(Outcome, Ending)> {
    let anyone = anyone_left(cx.s);
    match cx.s.mission.goal {
        Goal::Quest => None,
        Goal::Rescue => match cx.s.mission.freed.map(|h| cx.s.heroes[h].place) {
            Some(HeroPlace::Escaped) => Some((Outcome::Won, Ending::PrisonerOut)),
            Some(HeroPlace::Slain) => Some((Outcome::Lost, Ending::PrisonerDead)),
            _ if !anyone => Some((Outcome::Lost, Ending::PrisonerNobodyLeft)),
            _ => None,
        },
        Goal::Stealth => {
            let s = &*cx.s;
            let quest_out = s
                .chests
                .iter()
                .any(|c| c.quest && c.place == ChestPlace::Out);
            let quest_gone = s
                .chests
                .iter()
                .any(|c| c.quest && c.place == ChestPlace::Lost);
            if s.mission.chest_destroyed {
                Some((Outcome::Lost, Ending::ChestDestroyed))
            } else if quest_out {
                Some((Outcome::Won, Ending::StealthOut))
            } else if quest_gone {
                Some((Outcome::Lost, Ending::StealthGone))
            } else if !anyone {
                Some((Outcome::Lost, Ending::StealthNobodyLeft))
            } else {
                None
            }
        }
        Goal::Kidnapping => {
            update_capture(cx);
            let s = &*cx.s;
            let guardian_waits = s.wmts.iter().any(|w| w.guardian());
            match s.mission.kidnappee {
                _ if s.mission.captive_out => Some((Outcome::Won, Ending::CaptiveOut)),
                Some(k) if s.monsters[k].mode == MonsterMode::Gone => {
                    Some((Outcome::Lost, Ending::KidnappeeGone(k)))
                }
                Some(k) if !s.monsters[k].active() => {
                    Some((Outcome::Lost, Ending::KidnappeeDead(k)))
                }
                None if !guardian_waits => Some((Outcome::Lost, Ending::NobodyToKidnap)),
                _ if !anyone => Some((Outcome::Lost, Ending::KidnapNobodyLeft)),
                _ => None,
            }
        }
    }
}

#[cfg(test)]
#[path = "missions_tests.rs"]
mod tests;
