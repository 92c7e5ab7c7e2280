//! What a hero does in an activation: walk, leave, attack, deal with doors
//! and their traps, open, take, drop and hand over chests, use teleporters
//! and vortexes.

use crate::core::geom::{all_around, chebyshev};
use crate::mkd::play::board::{Board, DoorTrap, FAR, PlayMarker, side_towards};
use crate::mkd::play::combat::{hero_on_monster, monster_on_hero};
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Crushed, Event, Strike, WalkEnd};
use crate::mkd::play::refusal::{Refusal, Spend, Square};
use crate::mkd::play::state::{ChestPlace, CombatMode, HeroId, HeroPlace, MonsterId};
use crate::mkd::play::steps::{enter_square, teleport_random};
use crate::mkd::play::traps::{TrapOn, door_near, roll_trap, spring, spring_door_trap, trap};
use crate::mkd::tables::TrapEffect;
use crate::scenario::Point;
use crate::tileset::Side;

/// `NAME moves to X,Y`: the shortest way there (in through the entrance
/// from outside), paid in speed; reveals and discoveries happen on the way.
pub fn hero_move(cx: &mut Ctx, h: HeroId, to: Point) -> Result<(), Refusal> {
    let mark = cx.out.len();
    let s = &*cx.s;
    let name = || s.heroes[h].name.clone();
    if !s.board.passable(to) {
        let cell = s.board.cell(to);
        return Err(Refusal::NotStandable {
            at: Square(to),
            what: if cell.is_tile() {
                cell.name()
            } else {
                "outside the dungeon"
            },
        });
    }
    if s.heroes[h].pos() == Some(to) {
        return Err(Refusal::AlreadyThere {
            hero: name(),
            at: Square(to),
        });
    }
    if s.occupied(to) {
        return Err(Refusal::Taken { at: Square(to) });
    }
    let mover = s.hero_mover(h);
    // A token does not block the way: the hero reveals it before reaching
    // its square (and stops there if still in the way). Monsters are walked
    // round when a way round is within the hero's speed; otherwise the hero
    // passes through them, taking a rear attack from each.
    let field = |through: bool| {
        let blocked =
            |p: Point| (!through && s.monster_at(p).is_some()) || s.prisoner_square() == Some(p);
        s.board.distances_to(&[to], &mover, &blocked)
    };
    // The route: from the hero's square, or in through the entrance.
    let plan = |dist: &[u32]| -> Result<(Point, u32, u32), Refusal> {
        let (start, enter_cost) = match s.heroes[h].place {
            HeroPlace::At(p) => (p, 0),
            _ => {
                let best = s
                    .entry_squares(h)
                    .iter()
                    .filter(|&&e| !s.occupied(e) || e == to)
                    .filter_map(|&e| {
                        let d = dist[s.board.idx(e)?];
                        (d != FAR).then(|| (d + s.board.step_cost(e, e, &mover).unwrap_or(1), e))
                    })
                    .min();
                let Some((_, e)) = best else {
                    return Err(Refusal::NoWayIn {
                        to: Square(to),
                        hero: name(),
                    });
                };
                (e, s.board.step_cost(e, e, &mover).unwrap_or(1))
            }
        };
        let Some(d0) = s.board.idx(start).map(|i| dist[i]) else {
            return Err(Refusal::OffBoard { at: Square(start) });
        };
        Ok((start, enter_cost, d0))
    };
    let left = s.hero_speed(h).saturating_sub(s.heroes[h].spent);
    let fits = |dist: &[u32]| plan(dist).is_ok_and(|(_, e, d)| d != FAR && d + e <= left);
    let round = field(false);
    let reachable = |dist: &[u32]| plan(dist).is_ok_and(|(_, _, d)| d != FAR);
    let dist = if fits(&round) {
        round
    } else {
        let through = field(true);
        if fits(&through) || (!reachable(&round) && reachable(&through)) {
            through
        } else {
            round
        }
    };
    let (start, enter_cost, d0) = plan(&dist)?;
    if d0 == FAR {
        return Err(Refusal::CannotReach {
            hero: name(),
            to: Square(to),
        });
    }
    // Walk it square by square.
    let mut route = vec![start];
    let mut here = start;
    while here != to {
        let next = s.board.downhill(here, &dist, &mover);
        let Some(&n) = next.first() else { break };
        route.push(n);
        here = n;
    }
    cx.s.spend(h, d0 + enter_cost, Spend::Walk(to))?;
    // The hero pays for the squares walked, not the route planned (a reveal,
    // a failed break-away or a figure in the way can cut it short).
    let before = cx.s.heroes[h].spent - (d0 + enter_cost);
    let mut walked = 0;
    let mut broke: Vec<MonsterId> = Vec::new();
    let from = cx.s.heroes[h].pos();
    // Heroes walk through their friends but never stop on one: where the
    // walk ends on a friend's square, the hero steps back to the last
    // square that was free.
    let friend_on = |cx: &Ctx, q: Point| {
        cx.s.hero_ids()
            .any(|o| o != h && cx.s.heroes[o].pos() == Some(q))
            || cx.s.monster_at(q).is_some()
    };
    let in_the_way: Vec<MonsterId> =
        cx.s.floor_monsters()
            .filter(|&m| cx.s.monsters[m].active())
            .collect();
    let mut last_free = from;
    for (i, &p) in route.iter().enumerate() {
        if i == 0 && from.is_some() {
            continue;
        }
        let passing = cx.s.monster_at(p);
        if passing.is_some_and(|m| !in_the_way.contains(&m)) || cx.s.wmt_at(p).is_some() {
            // A monster revealed on the way now stands in it.
            break;
        }
        if i > 0 && !break_away(cx, h, route[i - 1], &mut broke) {
            break;
        }
        if i > 0 {
            cx.s.heroes[h].facing = side_towards(route[i - 1], p);
            walked += cx.s.board.step_cost(route[i - 1], p, &mover).unwrap_or(1);
        } else {
            walked += enter_cost;
        }
        cx.s.heroes[h].place = HeroPlace::At(p);
        if let Some(m) = passing {
            // Through a monster: its rear attack, and no counterattack.
            cx.emit(Event::HeroPassesThrough {
                hero: h,
                monster: m,
            });
            broke.push(m);
            rear_attack(cx, m, h);
            if cx.s.heroes[h].place != HeroPlace::At(p) {
                break;
            }
            continue;
        }
        enter_square(cx, h, p);
        if cx.s.heroes[h].place != HeroPlace::At(p) {
            // Teleported, slain or gone: the walk is over.
            last_free = cx.s.heroes[h].pos();
            break;
        }
        if !friend_on(cx, p) {
            last_free = Some(p);
        }
        if cx.s.heroes[h].done {
            break;
        }
    }
    if cx.s.heroes[h].place != HeroPlace::Slain {
        cx.s.heroes[h].spent = before + walked;
    }
    if let HeroPlace::At(p) = cx.s.heroes[h].place
        && friend_on(cx, p)
    {
        cx.s.heroes[h].place = match last_free {
            Some(q) => HeroPlace::At(q),
            None => HeroPlace::Outside,
        };
    }
    let end = match (from, cx.s.heroes[h].place) {
        (None, HeroPlace::At(p)) if p == to => WalkEnd::Entered,
        (Some(_), HeroPlace::At(p)) if p == to => WalkEnd::Arrived,
        (_, HeroPlace::At(p)) => WalkEnd::StoppedAt(p),
        (_, HeroPlace::Outside) => WalkEnd::Blocked,
        (_, _) => WalkEnd::SetOff,
    };
    // The walk comes before what happened on the way.
    cx.out.insert(mark, Event::Walked { hero: h, to, end });
    Ok(())
}

/// Before hero `h` steps off `here`: a break-away roll from the monsters
/// next to him that he has not broken away from on this walk (a d6 of 4+,
/// as monsters roll). False if he failed and stays.
fn break_away(cx: &mut Ctx, h: HeroId, here: Point, broke: &mut Vec<MonsterId>) -> bool {
    let s = &*cx.s;
    if s.monster_at(here).is_some() {
        // Inside a monster he is passing through: its rear attack was taken.
        return true;
    }
    let captive = s.mission.kidnappee.filter(|_| s.mission.captured);
    let near: Vec<MonsterId> = s
        .floor_monsters()
        .filter(|m| !broke.contains(m) && Some(*m) != captive)
        .filter(|&m| s.monsters[m].pos.is_some_and(|q| s.board.touching(q, here)))
        .collect();
    if near.is_empty() {
        return true;
    }
    let need = crate::mkd::play::ai::walk::BREAKAWAY;
    let face = cx.dice.d6(format_args!("{}: break away", s.heroes[h].name));
    cx.emit(Event::HeroBreakAway {
        hero: h,
        monsters: near.clone(),
        face,
        need,
    });
    broke.extend(near);
    face >= need
}

/// A monster's rear attack on a hero passing through it: rolled in dice
/// combat (no counterattack), asked of the players in manual combat.
fn rear_attack(cx: &mut Ctx, m: MonsterId, h: HeroId) {
    match cx.s.opts.combat {
        CombatMode::Dice => monster_on_hero(cx, m, h, Strike::Melee),
        CombatMode::Manual => {
            let facing = cx.s.monsters[m].facing;
            cx.emit(Event::AttackPrompt {
                monster: m,
                hero: h,
                melee: true,
                facing,
            });
        }
    }
}

/// `NAME leaves`: out through an exit (1 speed point), with the chests
/// carried.
pub fn hero_leave(cx: &mut Ctx, h: HeroId) -> Result<(), Refusal> {
    let p = cx.s.hero_square(h)?;
    if !cx.s.is_exit(p) {
        return Err(Refusal::NotOnExit {
            hero: cx.s.heroes[h].name.clone(),
            exits: cx.s.exit_squares(),
        });
    }
    cx.s.spend(h, 1, Spend::SteppingOut)?;
    let hero = &mut cx.s.heroes[h];
    hero.place = HeroPlace::Escaped;
    hero.done = true;
    let carrying = std::mem::take(&mut hero.chests);
    for &c in &carrying {
        cx.s.chests[c].place = ChestPlace::Out;
    }
    cx.emit(Event::Left { hero: h, carrying });
    Ok(())
}

/// `NAME attacks MONSTER` (dice combat): in melee next to it, or shooting
/// within range; a monster attacked in melee that survives hits back.
pub fn hero_attack(cx: &mut Ctx, h: HeroId, target: &str) -> Result<(), Refusal> {
    let s = &*cx.s;
    let m = s.monster_index(target)?;
    let hp = s.hero_square(h)?;
    let name = || s.heroes[h].name.clone();
    let mp = s.monsters[m].pos.expect("active");
    let melee = s.board.touching(hp, mp);
    let shoot = s.heroes[h].stats.shoot;
    if !melee
        && shoot.is_none_or(|x| {
            chebyshev(hp, mp) > x.range || !crate::mkd::play::board::line_of_sight(&s.board, hp, mp)
        })
    {
        // A closed door alone in the way is named, so the player knows why.
        let in_reach =
            Board::adjacent(hp, mp) || shoot.is_some_and(|x| chebyshev(hp, mp) <= x.range);
        if let Some(d) = in_reach
            .then(|| crate::mkd::play::board::door_in_the_way(&s.board, hp, mp))
            .flatten()
        {
            return Err(Refusal::DoorInTheWay {
                hero: name(),
                monster: s.monsters[m].id.clone(),
                door: s.board.door_place(d),
            });
        }
        return Err(Refusal::OutOfReach {
            hero: name(),
            monster: s.monsters[m].id.clone(),
            from: Square(hp),
        });
    }
    if s.opts.combat == CombatMode::Manual {
        return Err(Refusal::ManualCombat {
            monster: s.monsters[m].id.clone(),
            hero: name(),
        });
    }
    if s.heroes[h].spent > 0 && s.heroes[h].spent >= s.hero_speed(h) {
        return Err(Refusal::NoSpeedToAttack { hero: name() });
    }
    cx.s.heroes[h].done = true;
    cx.s.heroes[h].facing = side_towards(hp, mp);
    hero_on_monster(cx, h, m, melee);
    if melee && cx.s.monsters[m].active() {
        monster_on_hero(cx, m, h, Strike::Counter);
    }
    Ok(())
}

// ---------------------------------------------------------------- doors

/// `NAME checks door at X,Y` (free): a door's trap rolled, or a chest's
/// trap looked at.
pub fn hero_check(cx: &mut Ctx, h: HeroId, p: Point) -> Result<(), Refusal> {
    if cx.s.chest_at(p).is_some() {
        let (_, c) = chest_beside(cx, h, p)?;
        if cx.s.chests[c].open || cx.s.chests[c].trap_spent {
            cx.emit(Event::ChestHasNoTrap { hero: h, chest: c });
            return Ok(());
        }
        let (level, face) = chest_trap(cx, c);
        cx.emit(Event::ChestChecked {
            hero: h,
            chest: c,
            level,
            face,
        });
        return Ok(());
    }
    let d = door_near(cx.s, h, p)?;
    if cx.s.board.doors[d].trap == DoorTrap::Spent || cx.s.board.doors[d].open {
        cx.emit(Event::DoorHasNoTrap { hero: h, at: p });
        return Ok(());
    }
    let (level, face) = roll_trap(cx, TrapOn::Door(d));
    cx.emit(Event::DoorChecked {
        hero: h,
        at: p,
        level,
        face,
    });
    if trap(cx.s, (level, face)).effect == TrapEffect::None {
        cx.s.board.doors[d].trap = DoorTrap::Spent;
    }
    Ok(())
}

/// `NAME disarms door at X,Y fast|slow`: a d6 must reach the trap's
/// number; a quick try is cheap but a failure springs the trap, a careful
/// one costs more and a failure leaves it armed.
pub fn hero_disarm(cx: &mut Ctx, h: HeroId, p: Point, fast: bool) -> Result<(), Refusal> {
    if cx.s.chest_at(p).is_some() {
        return disarm_chest(cx, h, p, fast);
    }
    let d = door_near(cx.s, h, p)?;
    let DoorTrap::Armed { level, face } = cx.s.board.doors[d].trap else {
        return Err(Refusal::NoKnownTrap {
            what: "door",
            at: Square(p),
        });
    };
    cx.s.spend_disarm(h, fast)?;
    let why = format!("{} disarms the door trap", cx.s.heroes[h].name);
    if disarm_roll(cx, h, (level, face), fast, why) {
        cx.s.board.doors[d].trap = DoorTrap::Spent;
    } else if fast {
        spring_door_trap(cx, d, h);
    }
    Ok(())
}

/// The disarm roll doors and chests share: a d6 against the trap's number.
/// Told either way; a success pays the trap's experience. True if it worked.
fn disarm_roll(cx: &mut Ctx, h: HeroId, at: (u32, u32), fast: bool, why: String) -> bool {
    let t = trap(cx.s, at);
    let (need, xp) = (t.disarm, t.xp);
    let roll = cx.dice.d6(why);
    if roll >= need {
        cx.s.xp += xp;
        cx.emit(Event::Disarmed {
            hero: h,
            trap: at,
            fast,
            roll,
        });
        true
    } else {
        cx.emit(Event::DisarmFailed {
            hero: h,
            trap: at,
            roll,
        });
        false
    }
}

/// The trap of chest `c` (level and face): the face rolled before, or
/// rolled now and kept for the next check or opening.
fn chest_trap(cx: &mut Ctx, c: crate::mkd::play::state::ChestId) -> (u32, u32) {
    let level = cx.s.chests[c].level;
    if let Some(face) = cx.s.chests[c].trap {
        return (level, face);
    }
    let face = cx.dice.d6(format_args!("{} trap", cx.s.chests[c].id));
    cx.s.chests[c].trap = Some(face);
    (level, face)
}

/// `NAME disarms chest at X,Y fast|slow`: a chest's checked trap, exactly
/// as a door's (a door trap works as a chest trap does).
fn disarm_chest(cx: &mut Ctx, h: HeroId, p: Point, fast: bool) -> Result<(), Refusal> {
    let (_, c) = chest_beside(cx, h, p)?;
    let chest = &cx.s.chests[c];
    let Some(face) = chest.trap.filter(|_| !chest.open && !chest.trap_spent) else {
        return Err(Refusal::NoKnownTrap {
            what: "chest",
            at: Square(p),
        });
    };
    let level = chest.level;
    cx.s.spend_disarm(h, fast)?;
    if trap(cx.s, (level, face)).effect == TrapEffect::None {
        // Nothing to disarm: the check showed no trap.
        cx.s.chests[c].trap_spent = true;
        cx.emit(Event::ChestHasNoTrap { hero: h, chest: c });
        return Ok(());
    }
    let why = format!(
        "{} disarms {}'s trap",
        cx.s.heroes[h].name, cx.s.chests[c].id
    );
    if disarm_roll(cx, h, (level, face), fast, why) {
        cx.s.chests[c].trap_spent = true;
    } else if fast {
        cx.s.chests[c].trap_spent = true;
        spring(cx, (level, face), h, Some(p));
    }
    Ok(())
}

/// `NAME opens door at X,Y`: a trap not yet spent goes off.
pub fn hero_open_door(cx: &mut Ctx, h: HeroId, p: Point) -> Result<(), Refusal> {
    let d = door_near(cx.s, h, p)?;
    if cx.s.board.doors[d].open {
        return Err(Refusal::DoorOpen { at: Square(p) });
    }
    let cost = cx.s.rules().door_open;
    cx.s.spend(h, cost, Spend::OpeningDoor)?;
    cx.s.board.doors[d].open = true;
    cx.emit(Event::DoorOpened { hero: h, at: p });
    if cx.s.board.doors[d].trap != DoorTrap::Spent {
        spring_door_trap(cx, d, h);
    }
    Ok(())
}

/// `NAME closes door at X,Y`, unless figures stand on both sides of it.
pub fn hero_close_door(cx: &mut Ctx, h: HeroId, p: Point) -> Result<(), Refusal> {
    let d = door_near(cx.s, h, p)?;
    let s = &*cx.s;
    if !s.board.doors[d].open {
        return Err(Refusal::DoorClosed { at: Square(p) });
    }
    let blocked = s.board.doors[d]
        .edges
        .iter()
        .any(|e| s.occupied(e[0]) && s.occupied(e[1]));
    if blocked {
        return Err(Refusal::Doorway);
    }
    let cost = cx.s.rules().door_close;
    cx.s.spend(h, cost, Spend::ClosingDoor)?;
    cx.s.board.doors[d].open = false;
    cx.emit(Event::DoorClosed { hero: h, at: p });
    Ok(())
}

// ---------------------------------------------------------------- chests

/// The chest on `p` beside hero `h` (or under the hero).
fn chest_beside(
    cx: &Ctx,
    h: HeroId,
    p: Point,
) -> Result<(Point, crate::mkd::play::state::ChestId), Refusal> {
    let hp = cx.s.hero_square(h)?;
    let c = cx.s.chest_at(p).ok_or(Refusal::NoChest { at: Square(p) })?;
    if !(Board::adjacent(hp, p) || hp == p) {
        return Err(Refusal::NotNextToChest {
            hero: cx.s.heroes[h].name.clone(),
            at: Square(p),
        });
    }
    Ok((hp, c))
}

/// Refuses a hero who carries as many chests as one may.
fn hands_free(cx: &Ctx, h: HeroId) -> Result<(), Refusal> {
    let most = cx.s.rules().chests_per_hero;
    if cx.s.heroes[h].chests.len() as u32 >= most {
        return Err(Refusal::HandsFull {
            hero: cx.s.heroes[h].name.clone(),
            most,
        });
    }
    Ok(())
}

/// `NAME opens chest at X,Y`: its trap (unless spent), its contents (the
/// first time), and the hero takes it.
pub fn hero_open_chest(cx: &mut Ctx, h: HeroId, p: Point) -> Result<(), Refusal> {
    let (hp, c) = chest_beside(cx, h, p)?;
    if cx.s.chests[c].open {
        return Err(Refusal::ChestOpen {
            chest: cx.s.chests[c].id.clone(),
            hero: cx.s.heroes[h].name.clone(),
            at: Square(p),
        });
    }
    hands_free(cx, h)?;
    let cost = cx.s.rules().chest_pickup;
    cx.s.spend(h, cost, Spend::OpeningChest)?;
    let level = cx.s.chests[c].level;
    if !cx.s.chests[c].trap_spent {
        let (_, face) = chest_trap(cx, c);
        cx.emit(Event::ChestOpened {
            hero: h,
            chest: c,
            trap: Some((level, face)),
        });
        cx.s.chests[c].trap_spent = true;
        if trap(cx.s, (level, face)).effect != TrapEffect::None {
            spring(cx, (level, face), h, Some(p));
        }
    } else {
        cx.emit(Event::ChestOpened {
            hero: h,
            chest: c,
            trap: None,
        });
    }
    if cx.s.chests[c].contents.is_none() {
        let face = cx.dice.d6(format_args!("{} contents", cx.s.chests[c].id));
        let row = &cx.s.tables.chest_contents[&level].get(face).result;
        let contents = (row.gold, row.item.as_ref().map(|i| i.name.clone()));
        let item = row.item.clone();
        cx.emit(Event::ChestHolds {
            chest: c,
            level,
            face,
        });
        cx.s.chests[c].contents = Some(contents);
        cx.s.stats.chests_opened += 1;
        if let Some(item) = item {
            crate::mkd::play::items::take_item(cx, h, item);
        }
    }
    cx.s.chests[c].open = true;
    if cx.s.heroes[h].place == HeroPlace::At(hp) {
        cx.s.chests[c].place = ChestPlace::Hero(h);
        cx.s.heroes[h].chests.push(c);
        cx.emit(Event::ChestCarried { hero: h, chest: c });
    }
    Ok(())
}

/// `NAME takes chest at X,Y`: an open chest.
pub fn hero_take_chest(cx: &mut Ctx, h: HeroId, p: Point) -> Result<(), Refusal> {
    let (_, c) = chest_beside(cx, h, p)?;
    if !cx.s.chests[c].open {
        return Err(Refusal::ChestClosed {
            chest: cx.s.chests[c].id.clone(),
            hero: cx.s.heroes[h].name.clone(),
            at: Square(p),
        });
    }
    hands_free(cx, h)?;
    let cost = cx.s.rules().chest_pickup;
    cx.s.spend(h, cost, Spend::TakingChest)?;
    cx.s.chests[c].place = ChestPlace::Hero(h);
    cx.s.heroes[h].chests.push(c);
    cx.emit(Event::ChestTaken { hero: h, chest: c });
    Ok(())
}

/// `NAME drops chest`: the last chest taken, open, on the first free
/// square next to the hero.
pub fn hero_drop_chest(cx: &mut Ctx, h: HeroId) -> Result<(), Refusal> {
    let s = &*cx.s;
    let hp = s.hero_square(h)?;
    let name = || s.heroes[h].name.clone();
    let Some(&c) = s.heroes[h].chests.last() else {
        return Err(Refusal::NoChestCarried { hero: name() });
    };
    let spot = all_around(hp)
        .into_iter()
        .find(|&q| s.board.passable(q) && !s.occupied(q) && s.chest_at(q).is_none());
    let Some(spot) = spot else {
        return Err(Refusal::NoRoomToDrop { hero: name() });
    };
    let cost = cx.s.rules().chest_drop;
    cx.s.spend(h, cost, Spend::DroppingChest)?;
    cx.s.heroes[h].chests.pop();
    cx.s.chests[c].place = ChestPlace::At(spot);
    cx.s.chests[c].open = true;
    cx.emit(Event::ChestDropped {
        hero: h,
        chest: c,
        at: spot,
    });
    Ok(())
}

/// `NAME gives chest to OTHER`: the last chest taken, to a hero alongside.
pub fn hero_give_chest(cx: &mut Ctx, h: HeroId, to: &str) -> Result<(), Refusal> {
    let s = &*cx.s;
    let o = s.hero_index(to)?;
    let (Some(a), Some(b)) = (s.heroes[h].pos(), s.heroes[o].pos()) else {
        return Err(Refusal::BothInside);
    };
    if !Board::adjacent(a, b) {
        return Err(Refusal::NotSideBySide {
            hero: s.heroes[h].name.clone(),
            other: s.heroes[o].name.clone(),
        });
    }
    let Some(&c) = s.heroes[h].chests.last() else {
        return Err(Refusal::NoChestCarried {
            hero: s.heroes[h].name.clone(),
        });
    };
    hands_free(cx, o)?;
    let cost = cx.s.rules().chest_transfer;
    cx.s.spend(h, cost, Spend::HandingChest)?;
    cx.s.heroes[h].chests.pop();
    cx.s.heroes[o].chests.push(c);
    cx.s.chests[c].place = ChestPlace::Hero(o);
    cx.emit(Event::ChestHanded {
        hero: h,
        chest: c,
        to: o,
    });
    Ok(())
}

// ---------------------------------------------------------------- teleporters and vortexes

/// `NAME teleports [to X,Y]`: to another teleporter (chosen), or one-way to
/// a random tile.
pub fn hero_teleport(cx: &mut Ctx, h: HeroId, to: Option<Point>) -> Result<(), Refusal> {
    let s = &*cx.s;
    let hp = s.hero_square(h)?;
    let tele = |m: &&crate::mkd::play::state::PlacedMarker| m.kind == PlayMarker::Teleporter;
    if !s.markers.iter().filter(tele).any(|m| m.pos == hp) {
        return Err(Refusal::NoTeleporter {
            hero: s.heroes[h].name.clone(),
        });
    }
    let others: Vec<Point> = s
        .markers
        .iter()
        .filter(tele)
        .filter(|m| m.pos != hp)
        .map(|m| m.pos)
        .collect();
    cx.s.heroes[h].done = true;
    match to {
        Some(p) => {
            if !others.contains(&p) {
                return Err(Refusal::NotATeleporter {
                    at: Square(p),
                    others,
                });
            }
            let spot = cx.s.free_square_near(p).unwrap_or(p);
            cx.s.heroes[h].place = HeroPlace::At(spot);
            cx.emit(Event::SteppedThrough { hero: h, at: spot });
            enter_square(cx, h, spot);
        }
        None => teleport_random(cx, h),
    }
    Ok(())
}

/// `NAME uses vortex`: the vortex's tile turns a quarter turn clockwise
/// about its centre, with everything on it; what it lands on of other
/// tiles is destroyed.
pub fn hero_vortex(cx: &mut Ctx, h: HeroId) -> Result<(), Refusal> {
    let hp = cx.s.hero_square(h)?;
    if !cx
        .s
        .markers
        .iter()
        .any(|m| m.kind == PlayMarker::Vortex && m.pos == hp)
    {
        return Err(Refusal::NoVortex {
            hero: cx.s.heroes[h].name.clone(),
        });
    }
    let cost = cx.s.rules().door_open;
    cx.s.spend(h, cost, Spend::Vortex)?;
    let Some(t) = cx.s.board.tile_at(hp) else {
        return Err(Refusal::NoTile {
            hero: cx.s.heroes[h].name.clone(),
        });
    };
    let tile = cx.s.board.tiles[t].label;
    let centre = cx.s.board.tiles[t].centre;
    cx.emit(Event::VortexWorked {
        hero: h,
        tile,
        centre,
    });
    let s = &mut *cx.s;
    // What stands on the tile turns with it.
    let board = &s.board;
    let on_tile = |p: Point| board.tile_at(p) == Some(t);
    let heroes: Vec<HeroId> = s
        .hero_ids()
        .filter(|&i| s.heroes[i].pos().is_some_and(on_tile))
        .collect();
    let monsters: Vec<_> = s
        .floor_monsters()
        .filter(|&i| s.monsters[i].pos.is_some_and(on_tile))
        .collect();
    let wmts: Vec<usize> = (0..s.wmts.len())
        .filter(|&i| on_tile(s.wmts[i].pos))
        .collect();
    let chests: Vec<usize> = (0..s.chests.len())
        .filter(|&i| matches!(s.chests[i].place, ChestPlace::At(p) if on_tile(p)))
        .collect();
    let markers: Vec<usize> = (0..s.markers.len())
        .filter(|&i| on_tile(s.markers[i].pos))
        .collect();
    // The mission's staircases (stairs down, second entrance) turn too.
    let stairs_on = s.floors.stairs.filter(|&p| on_tile(p));
    let second_on = s.floors.second_entrance.filter(|&p| on_tile(p));
    // Lift them off while the tile turns, so only what belongs to other
    // tiles can be crushed.
    let off = Point {
        x: i32::MIN,
        y: i32::MIN,
    };
    let hero_at: Vec<Point> = heroes
        .iter()
        .map(|&i| s.heroes[i].pos().unwrap_or(off))
        .collect();
    let mon_at: Vec<Point> = monsters
        .iter()
        .map(|&i| s.monsters[i].pos.unwrap_or(off))
        .collect();
    let wmt_at: Vec<Point> = wmts.iter().map(|&i| s.wmts[i].pos).collect();
    let chest_at: Vec<ChestPlace> = chests.iter().map(|&i| s.chests[i].place).collect();
    let marker_at: Vec<Point> = markers.iter().map(|&i| s.markers[i].pos).collect();
    for &i in &heroes {
        s.heroes[i].place = HeroPlace::At(off);
    }
    for &i in &monsters {
        s.monsters[i].pos = Some(off);
    }
    for &i in &wmts {
        s.wmts[i].pos = off;
    }
    for &i in &chests {
        s.chests[i].place = ChestPlace::At(off);
    }
    for &i in &markers {
        s.markers[i].pos = off;
    }
    let (moved, crushed) = s.board.turn_tile(t);
    // Anything of another tile under the turned one is destroyed.
    for &q in &crushed {
        destroy_at(cx, q, tile);
    }
    let s = &mut *cx.s;
    for (k, &i) in heroes.iter().enumerate() {
        s.heroes[i].place = HeroPlace::At(hero_at[k]);
    }
    for (k, &i) in monsters.iter().enumerate() {
        s.monsters[i].pos = Some(mon_at[k]);
    }
    for (k, &i) in wmts.iter().enumerate() {
        s.wmts[i].pos = wmt_at[k];
    }
    for (k, &i) in chests.iter().enumerate() {
        s.chests[i].place = chest_at[k];
    }
    for (k, &i) in markers.iter().enumerate() {
        s.markers[i].pos = marker_at[k];
    }
    let to = |p: Point| moved.iter().find(|m| m.0 == p).map(|m| m.1).unwrap_or(p);
    let turn_side = |x: Side| match x {
        Side::N => Side::E,
        Side::E => Side::S,
        Side::S => Side::W,
        Side::W => Side::N,
    };
    for i in heroes {
        if let Some(p) = s.heroes[i].pos() {
            s.heroes[i].place = HeroPlace::At(to(p));
            s.heroes[i].facing = turn_side(s.heroes[i].facing);
        }
    }
    for i in monsters {
        if let Some(p) = s.monsters[i].pos {
            s.monsters[i].pos = Some(to(p));
            s.monsters[i].facing = turn_side(s.monsters[i].facing);
        }
    }
    for i in wmts {
        s.wmts[i].pos = to(s.wmts[i].pos);
    }
    for i in chests {
        if let ChestPlace::At(p) = s.chests[i].place {
            s.chests[i].place = ChestPlace::At(to(p));
        }
    }
    for i in markers {
        s.markers[i].pos = to(s.markers[i].pos);
    }
    if let Some(p) = stairs_on {
        s.floors.stairs = Some(to(p));
    }
    if let Some(p) = second_on {
        s.floors.second_entrance = Some(to(p));
    }
    if crushed.is_empty() {
        cx.emit(Event::TurnedClear { tile });
    }
    cx.s.heroes[h].done = true;
    Ok(())
}

/// Removes from the dungeon whatever stands on square `q` of a tile that
/// `tile` turned onto.
fn destroy_at(cx: &mut Ctx, q: Point, tile: crate::mkd::play::board::TileLabel) {
    let s = &mut *cx.s;
    let mut crushed = Vec::new();
    if let Some(i) = s.hero_at(q) {
        s.heroes[i].place = HeroPlace::Slain;
        for c in std::mem::take(&mut s.heroes[i].chests) {
            s.chests[c].place = ChestPlace::Lost;
        }
        crushed.push(Crushed::Hero(i));
    }
    if let Some(i) = s.monster_at(q) {
        s.monsters[i].pos = None;
        crushed.push(Crushed::Monster(i));
    }
    if let Some(i) = s.wmt_at(q) {
        crushed.push(Crushed::Token(s.wmts.remove(i).id));
    }
    if let Some(i) = s.chest_at(q) {
        s.chests[i].place = ChestPlace::Lost;
        crushed.push(Crushed::Chest(i));
    }
    if let Some(i) = s.markers.iter().position(|m| m.pos == q) {
        s.markers.remove(i);
        crushed.push(Crushed::Marker);
    }
    let doors = s.board.doors_at(q);
    for &d in doors.iter().rev() {
        s.board.doors.remove(d);
        crushed.push(Crushed::Door);
    }
    cx.emit(Event::Covers {
        tile,
        at: q,
        crushed,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::figures::Shoot;
    use crate::mkd::play::board::{Board, Door};
    use crate::mkd::play::engine::Game;
    use crate::mkd::play::event::{AttackRoll, Figure, Target};
    use crate::mkd::play::state::{ChestId, PlacedMarker};
    use crate::mkd::play::testkit::*;
    use crate::tileset::Cell;

    /// The plain test game with every tile visited (no discovery rolls).
    fn visited(faces: &[u32]) -> Game {
        let mut g = game(faces);
        g.visited.extend(0..3);
        g
    }

    #[test]
    fn heroes_walk_through_friends_but_never_stop_on_them() {
        let mut g = visited(&[]);
        put_hero(&mut g, 0, p(9, 3), Side::E);
        put_hero(&mut g, 1, p(10, 3), Side::E);
        let ev = ok(&mut g, "Ayla moves to 12,3");
        assert_eq!(
            ev,
            [Event::Walked {
                hero: AYLA,
                to: p(12, 3),
                end: WalkEnd::Arrived
            }]
        );
        assert_eq!(g.heroes[AYLA].place, HeroPlace::At(p(12, 3)));
        assert_eq!(g.heroes[BORIN].place, HeroPlace::At(p(10, 3)));
        assert_eq!(
            refused(&mut g, "Borin moves to 12,3"),
            Refusal::Taken {
                at: Square(p(12, 3))
            }
        );
    }

    #[test]
    fn a_walk_is_paid_in_speed_and_refused_when_it_cannot_be() {
        let mut g = visited(&[]);
        // From outside: one step onto the entrance, then on.
        let ev = ok(&mut g, "Ayla moves to 3,3");
        assert_eq!(printed(&g, &ev), "Ayla enters the dungeon and walks to 3,3");
        assert_eq!(g.heroes[AYLA].spent, 4);
        assert_eq!(
            refused(&mut g, "Ayla moves to 6,3"),
            Refusal::NoSpeed {
                hero: "Ayla".into(),
                left: 1,
                what: Spend::Walk(p(6, 3)),
                cost: 3
            }
        );
        assert_eq!(
            refused(&mut g, "Ayla moves to 9,2"),
            Refusal::NotStandable {
                at: Square(p(9, 2)),
                what: "wall"
            }
        );
        assert_eq!(
            refused(&mut g, "Ayla moves to 30,2").to_string(),
            "30,2 is outside the dungeon, not a square a hero can stand on"
        );
        assert_eq!(
            refused(&mut g, "Ayla moves to 3,3"),
            Refusal::AlreadyThere {
                hero: "Ayla".into(),
                at: Square(p(3, 3))
            }
        );
    }

    // ---------------------------------------------------------------- doors

    /// A closed door between 7,3 and 8,3 with Ayla beside it.
    fn door_game(faces: &[u32]) -> Game {
        let mut g = visited(faces);
        g.board.doors.push(Door {
            edges: vec![[p(7, 3), p(8, 3)]],
            open: false,
            trap: DoorTrap::Unchecked,
        });
        put_hero(&mut g, 0, p(7, 3), Side::E);
        g
    }

    #[test]
    fn a_checked_door_shows_a_pool_chest_trap_and_a_careful_disarm_earns_experience() {
        // The pool's one chest is level 1: its trap 3 is a needle (3+);
        // the careful disarm rolls 3.
        let mut g = door_game(&[3, 3]);
        let ev = ok(&mut g, "Ayla checks door at 8,3");
        assert_eq!(
            ev,
            [Event::DoorChecked {
                hero: AYLA,
                at: p(8, 3),
                level: 1,
                face: 3
            }]
        );
        assert_eq!(
            printed(&g, &ev),
            "Ayla checks the door at 8,3: a level 1 chest's trap, rolled 3 — needle (disarm on 3+)"
        );
        let ev = ok(&mut g, "Ayla disarms door at 8,3 slow");
        assert_eq!(
            ev,
            [Event::Disarmed {
                hero: AYLA,
                trap: (1, 3),
                fast: false,
                roll: 3
            }]
        );
        assert_eq!(
            printed(&g, &ev),
            "Ayla disarms needle (careful): rolled 3, needed 3+ — disarmed, +5 experience"
        );
        assert_eq!(g.board.doors[0].trap, DoorTrap::Spent);
        assert_eq!(g.xp, 5);
        assert_eq!(g.heroes[AYLA].spent, g.rules().slow_disarm);
        // Now it has no active trap.
        let ev = ok(&mut g, "Ayla checks door at 8,3");
        assert_eq!(
            ev,
            [Event::DoorHasNoTrap {
                hero: AYLA,
                at: p(8, 3)
            }]
        );
        assert_eq!(
            refused(&mut g, "Ayla disarms door at 8,3 fast"),
            Refusal::NoKnownTrap {
                what: "door",
                at: Square(p(8, 3))
            }
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_failed_quick_disarm_springs_the_trap() {
        let mut g = door_game(&[3, 2]);
        ok(&mut g, "Ayla checks door at 8,3");
        let ev = ok(&mut g, "Ayla disarms door at 8,3 fast");
        assert_eq!(
            ev,
            [
                Event::DisarmFailed {
                    hero: AYLA,
                    trap: (1, 3),
                    roll: 2
                },
                Event::TrapSprung { trap: (1, 3) },
                Event::HeroWounded {
                    hero: AYLA,
                    wounds: 1,
                    left: 3
                },
            ]
        );
        assert_eq!(
            printed(&g, &ev[..2]),
            "Ayla fails to disarm needle: rolled 2, needed 3+\nthe trap goes off: needle"
        );
        assert_eq!(g.board.doors[0].trap, DoorTrap::Spent);
        all_dice_used(&g);
    }

    #[test]
    fn opening_an_unchecked_door_springs_its_trap_and_walls_stop_walks() {
        // 1: the lock is clean.
        let mut g = door_game(&[1]);
        assert_eq!(
            refused(&mut g, "Ayla moves to 9,3"),
            Refusal::CannotReach {
                hero: "Ayla".into(),
                to: Square(p(9, 3))
            }
        );
        let ev = ok(&mut g, "Ayla opens door at 8,3");
        assert_eq!(
            ev,
            [
                Event::DoorOpened {
                    hero: AYLA,
                    at: p(8, 3)
                },
                Event::DoorTrapRolled { level: 1, face: 1 },
            ]
        );
        // The dice are printed, and a clean lock springs nothing.
        assert_eq!(
            printed(&g, &ev[1..]),
            "the door's trap: a level 1 chest's trap, rolled 1 — no trap"
        );
        assert!(g.board.doors[0].open);
        assert_eq!(g.heroes[AYLA].spent, g.rules().door_open);
        assert_eq!(
            refused(&mut g, "Ayla opens door at 8,3"),
            Refusal::DoorOpen {
                at: Square(p(8, 3))
            }
        );
        ok(&mut g, "Ayla moves to 9,3");
        all_dice_used(&g);
    }

    #[test]
    fn doors_are_closed_unless_figures_stand_in_the_doorway() {
        let mut g = door_game(&[]);
        g.board.doors[0].open = true;
        g.board.doors[0].trap = DoorTrap::Spent;
        put_hero(&mut g, 1, p(8, 3), Side::W);
        assert_eq!(refused(&mut g, "Ayla closes door at 8,3"), Refusal::Doorway);
        g.heroes[BORIN].place = HeroPlace::Outside;
        let ev = ok(&mut g, "Ayla closes door at 8,3");
        assert_eq!(
            ev,
            [Event::DoorClosed {
                hero: AYLA,
                at: p(8, 3)
            }]
        );
        assert_eq!(g.heroes[AYLA].spent, g.rules().door_close);
        assert_eq!(
            refused(&mut g, "Ayla closes door at 8,3"),
            Refusal::DoorClosed {
                at: Square(p(8, 3))
            }
        );
        assert_eq!(
            refused(&mut g, "Ayla opens door at 2,2"),
            Refusal::NoDoor {
                at: Square(p(2, 2))
            }
        );
        put_hero(&mut g, 0, p(3, 3), Side::E);
        assert_eq!(
            refused(&mut g, "Ayla opens door at 8,3"),
            Refusal::NotNextToDoor {
                hero: "Ayla".into(),
                at: Square(p(8, 3))
            }
        );
    }

    // ---------------------------------------------------------------- chests

    #[test]
    fn a_chest_is_opened_carried_and_handed_over() {
        // The level 1 chest: trap 1 (clean), contents 5 (100 gold).
        let mut g = visited(&[1, 5]);
        put_hero(&mut g, 0, p(21, 6), Side::S);
        put_hero(&mut g, 1, p(20, 6), Side::S);
        let c = ChestId(0);
        let ev = ok(&mut g, "Ayla opens chest at 22,7");
        assert_eq!(
            ev,
            [
                Event::ChestOpened {
                    hero: AYLA,
                    chest: c,
                    trap: Some((1, 1))
                },
                Event::ChestHolds {
                    chest: c,
                    level: 1,
                    face: 5
                },
                Event::ChestCarried {
                    hero: AYLA,
                    chest: c
                },
            ]
        );
        assert_eq!(
            printed(&g, &ev),
            "Ayla opens chest-1: trap roll 1 — no trap\nchest-1 holds 100 gold\nAyla carries chest-1"
        );
        assert_eq!(g.chests[c].place, ChestPlace::Hero(AYLA));
        assert_eq!(g.chests[c].contents, Some((100, None)));
        assert_eq!(g.stats.chests_opened, 1);
        let ev = ok(&mut g, "Ayla gives chest to Borin");
        assert_eq!(
            ev,
            [Event::ChestHanded {
                hero: AYLA,
                chest: c,
                to: BORIN
            }]
        );
        assert_eq!(g.heroes[BORIN].chests, [c]);
        assert_eq!(g.chests[c].place, ChestPlace::Hero(BORIN));
        all_dice_used(&g);
    }

    #[test]
    fn an_open_chest_is_taken_and_dropped_beside_the_hero() {
        let mut g = visited(&[]);
        put_hero(&mut g, 0, p(21, 6), Side::S);
        let c = ChestId(0);
        assert_eq!(
            refused(&mut g, "Ayla takes chest at 22,7"),
            Refusal::ChestClosed {
                chest: "chest-1".into(),
                hero: "Ayla".into(),
                at: Square(p(22, 7))
            }
        );
        g.chests[c].open = true;
        assert_eq!(
            refused(&mut g, "Ayla opens chest at 22,7").to_string(),
            "chest-1 is already open: take it with `Ayla takes chest at 22,7`"
        );
        ok(&mut g, "Ayla takes chest at 22,7");
        assert_eq!(g.heroes[AYLA].chests, vec![c]);
        let ev = ok(&mut g, "Ayla drops chest");
        assert_eq!(
            ev,
            [Event::ChestDropped {
                hero: AYLA,
                chest: c,
                at: p(21, 5)
            }]
        );
        assert!(matches!(g.chests[c].place, ChestPlace::At(q) if Board::adjacent(q, p(21, 6))));
        assert_eq!(g.heroes[AYLA].spent, 3);
        assert_eq!(
            refused(&mut g, "Ayla drops chest"),
            Refusal::NoChestCarried {
                hero: "Ayla".into()
            }
        );
    }

    #[test]
    fn a_chest_s_trap_goes_off_when_it_is_opened() {
        // 4: a spring blade (1 wound); contents 2 (50 gold).
        let mut g = visited(&[4, 2]);
        put_hero(&mut g, 0, p(21, 6), Side::S);
        let ev = ok(&mut g, "Ayla opens chest at 22,7");
        assert_eq!(
            ev[1..3],
            [
                Event::TrapSprung { trap: (1, 4) },
                Event::HeroWounded {
                    hero: AYLA,
                    wounds: 1,
                    left: 3
                },
            ]
        );
        assert!(g.chests[ChestId(0)].trap_spent);
        all_dice_used(&g);
    }

    #[test]
    fn door_trap_dice_are_printed_when_it_is_opened_unchecked() {
        // Unchecked, the trap is rolled as the door opens: 4, a spring blade.
        let mut g = door_game(&[4]);
        let ev = ok(&mut g, "Ayla opens door at 8,3");
        assert_eq!(
            ev[1..3],
            [
                Event::DoorTrapRolled { level: 1, face: 4 },
                Event::TrapSprung { trap: (1, 4) },
            ]
        );
        assert_eq!(
            printed(&g, &ev[1..3]),
            "the door's trap: a level 1 chest's trap, rolled 4 — spring blade\nthe trap goes off: spring blade"
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_hero_standing_on_a_chest_checks_and_disarms_it() {
        // Found by a hand game: the chest under the hero counts as beside
        // it for checking as it does for opening. Check rolls 4, disarm 5.
        let mut g = visited(&[4, 5]);
        put_hero(&mut g, 0, p(22, 7), Side::S);
        ok(&mut g, "Ayla checks chest at 22,7");
        let ev = ok(&mut g, "Ayla disarms chest at 22,7 slow");
        assert!(
            printed(&g, &ev).contains("disarmed"),
            "{}",
            printed(&g, &ev)
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_chest_trap_is_rolled_once_kept_and_disarmed() {
        // The check rolls 4 (spring blade, 4+); checked again, no dice; a
        // quick disarm rolls 5; the opening rolls only the contents (1).
        let mut g = visited(&[4, 5, 1]);
        put_hero(&mut g, 0, p(22, 6), Side::S);
        let checked = [Event::ChestChecked {
            hero: AYLA,
            chest: ChestId(0),
            level: 1,
            face: 4,
        }];
        assert_eq!(ok(&mut g, "Ayla checks chest at 22,7"), checked);
        assert_eq!(ok(&mut g, "Ayla checks chest at 22,7"), checked);
        let ev = ok(&mut g, "Ayla disarms chest at 22,7 fast");
        assert_eq!(
            ev,
            [Event::Disarmed {
                hero: AYLA,
                trap: (1, 4),
                fast: true,
                roll: 5
            }]
        );
        assert_eq!(g.xp, 5);
        let ev = ok(&mut g, "Ayla opens chest at 22,7");
        assert_eq!(
            ev[0],
            Event::ChestOpened {
                hero: AYLA,
                chest: ChestId(0),
                trap: None
            }
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_checked_chest_trap_springs_as_checked() {
        // Checked: 3, a needle; opened, the needle goes off with no new
        // roll; contents 1.
        let mut g = visited(&[3, 1]);
        put_hero(&mut g, 0, p(22, 6), Side::S);
        ok(&mut g, "Ayla checks chest at 22,7");
        let ev = ok(&mut g, "Ayla opens chest at 22,7");
        assert_eq!(
            ev[..3],
            [
                Event::ChestOpened {
                    hero: AYLA,
                    chest: ChestId(0),
                    trap: Some((1, 3))
                },
                Event::TrapSprung { trap: (1, 3) },
                Event::HeroWounded {
                    hero: AYLA,
                    wounds: 1,
                    left: 3
                },
            ]
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_failed_quick_chest_disarm_springs_it_and_a_careful_one_does_not() {
        // Checked 3 (needle, 3+); careful 2 fails and keeps it; quick 1
        // fails and springs it; then it has no active trap.
        let mut g = visited(&[3, 2, 1]);
        put_hero(&mut g, 0, p(22, 6), Side::S);
        assert_eq!(
            refused(&mut g, "Ayla disarms chest at 22,7 slow").to_string(),
            "the chest at 22,7 has no known active trap (check it first)"
        );
        ok(&mut g, "Ayla checks chest at 22,7");
        let ev = ok(&mut g, "Ayla disarms chest at 22,7 slow");
        assert_eq!(ev.len(), 1);
        g.heroes[AYLA].spent = 0;
        let ev = ok(&mut g, "Ayla disarms chest at 22,7 fast");
        assert_eq!(ev[1], Event::TrapSprung { trap: (1, 3) });
        let ev = ok(&mut g, "Ayla checks chest at 22,7");
        assert_eq!(printed(&g, &ev), "Ayla checks chest-1: no active trap");
        all_dice_used(&g);
    }

    #[test]
    fn a_chest_is_checked_for_its_trap() {
        let mut g = visited(&[6]);
        put_hero(&mut g, 0, p(21, 6), Side::S);
        let ev = ok(&mut g, "Ayla checks door at 22,7");
        assert_eq!(
            printed(&g, &ev),
            "Ayla checks chest-1: rolled 6 — rattle alarm"
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_hero_carries_two_chests_at_most_and_hands_over_only_alongside() {
        let mut g = visited(&[]);
        put_hero(&mut g, 0, p(21, 6), Side::S);
        put_hero(&mut g, 1, p(2, 2), Side::S);
        g.heroes[AYLA].chests = vec![ChestId(7), ChestId(8)];
        g.chests[0].open = true;
        assert_eq!(
            refused(&mut g, "Ayla takes chest at 22,7"),
            Refusal::HandsFull {
                hero: "Ayla".into(),
                most: 2
            }
        );
        assert_eq!(
            refused(&mut g, "Ayla gives chest to Borin"),
            Refusal::NotSideBySide {
                hero: "Ayla".into(),
                other: "Borin".into()
            }
        );
        g.heroes[BORIN].place = HeroPlace::Outside;
        assert_eq!(
            refused(&mut g, "Ayla gives chest to Borin"),
            Refusal::BothInside
        );
    }

    // ---------------------------------------------------------------- leaving and attacking

    #[test]
    fn a_hero_leaves_by_an_exit_with_what_he_carries() {
        let mut g = visited(&[]);
        put_hero(&mut g, 0, p(1, 3), Side::W);
        assert_eq!(
            refused(&mut g, "Ayla leaves"),
            Refusal::NotOnExit {
                hero: "Ayla".into(),
                exits: vec![p(0, 3), p(0, 4)]
            }
        );
        put_hero(&mut g, 0, p(0, 3), Side::W);
        g.heroes[AYLA].chests = vec![ChestId(0)];
        g.chests[0].place = ChestPlace::Hero(AYLA);
        let ev = ok(&mut g, "Ayla leaves");
        assert_eq!(
            ev[0],
            Event::Left {
                hero: AYLA,
                carrying: vec![ChestId(0)]
            }
        );
        assert_eq!(g.heroes[AYLA].place, HeroPlace::Escaped);
        assert_eq!(g.chests[0].place, ChestPlace::Out);
    }

    /// Ayla next to an orc, in dice combat.
    fn fight(faces: &[u32]) -> (Game, crate::mkd::play::state::MonsterId) {
        let mut g = game_with(CombatMode::Dice, Vec::new(), faces);
        put_hero(&mut g, 0, p(3, 3), Side::E);
        let m = add_monster(&mut g, "orc-1", 20, p(4, 3), &[]);
        (g, m)
    }

    #[test]
    fn a_hero_s_melee_attack_can_slay_a_monster() {
        // Two hits (4 5), two kill dice of 4 against armour 4: two wounds.
        let (mut g, m) = fight(&[4, 5, 4, 4]);
        let ev = ok(&mut g, "Ayla attacks orc-1");
        assert_eq!(
            ev,
            [
                Event::Attack {
                    by: Figure::Hero(AYLA),
                    strike: Strike::Melee,
                    target: Target::Figure(Figure::Monster(m)),
                    roll: AttackRoll {
                        to_hit: vec![4, 5],
                        kill: vec![4, 4],
                        wounds: 2,
                        hit_on: 4,
                        armour: 4
                    }
                },
                Event::MonsterSlain {
                    monster: m,
                    by: Some(AYLA),
                    points: 20,
                    pool: 20
                },
            ]
        );
        assert_eq!(
            printed(&g, &ev),
            "Ayla attacks orc-1 (melee): rolls [4 5] needing 4+: 2 hits; kill dice [4 4] against armour 4: 2 wounds\norc-1 is slain by Ayla: +20 experience (pool 20)"
        );
        assert_eq!(g.xp, 20);
        assert_eq!(g.fallen, [m]);
        all_dice_used(&g);
    }

    #[test]
    fn a_monster_that_survives_a_melee_attack_counterattacks() {
        // Ayla misses (1 1); the orc hits once (4 1) and wounds (4).
        let (mut g, m) = fight(&[1, 1, 4, 1, 4]);
        let ev = ok(&mut g, "Ayla attacks orc-1");
        assert!(matches!(
            ev[1],
            Event::Attack {
                by: Figure::Monster(x),
                strike: Strike::Counter,
                ..
            } if x == m
        ));
        assert!(
            printed(&g, &ev[1..2]).starts_with("orc-1 counterattacks Ayla (melee): rolls [4 1]")
        );
        assert_eq!(
            ev[2],
            Event::HeroWounded {
                hero: AYLA,
                wounds: 1,
                left: 3
            }
        );
        assert!(g.heroes[AYLA].done);
        all_dice_used(&g);
    }

    #[test]
    fn a_shot_from_next_to_a_monster_takes_one_off_every_die() {
        // Ayla shoots at 5+ from beside another monster: a 5 counts as 4.
        let (mut g, _) = fight(&[5, 6, 4]);
        g.heroes[AYLA].stats.shoot = Some(Shoot { dice: 2, range: 6 });
        let far = add_monster(&mut g, "orc-2", 20, p(3, 7), &[]);
        let ev = ok(&mut g, "Ayla attacks orc-2");
        assert_eq!(
            ev[0],
            Event::Attack {
                by: Figure::Hero(AYLA),
                strike: Strike::Shooting,
                target: Target::Figure(Figure::Monster(far)),
                roll: AttackRoll {
                    to_hit: vec![5, 6],
                    kill: vec![4],
                    wounds: 1,
                    hit_on: 5,
                    armour: 4
                }
            }
        );
        all_dice_used(&g);
    }

    /// A closed door on the entryway between C1 and the hallway (7,3 | 8,3).
    fn shut_door(g: &mut Game) {
        g.board.doors.push(Door {
            edges: vec![[p(7, 3), p(8, 3)]],
            open: false,
            trap: DoorTrap::Spent,
        });
    }

    #[test]
    fn closed_door_blocks_melee_and_shots() {
        // Ayla on 7,3 and orc-1 on 8,3, a closed door between them; a
        // skeleton (range 7) down the corridor on 12,3 and Borin on 5,3.
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
        put_hero(&mut g, 0, p(7, 3), Side::E);
        put_hero(&mut g, 1, p(5, 3), Side::E);
        g.heroes[BORIN].stats.shoot = Some(Shoot { dice: 2, range: 8 });
        let orc = add_monster(&mut g, "orc-1", 20, p(8, 3), &[]);
        let skel = add_monster(&mut g, "skel-1", 12, p(12, 3), &[]);
        shut_door(&mut g);
        use crate::mkd::play::ai::walk::can_attack_now;
        // Across the door (orthogonal and diagonal) nobody touches anybody.
        assert!(!g.board.touching(p(7, 3), p(8, 3)));
        assert!(!g.board.touching(p(7, 2), p(8, 3)));
        assert!(!can_attack_now(&g, orc, AYLA, None));
        assert!(!can_attack_now(&g, skel, BORIN, Some(7)));
        assert_eq!(
            refused(&mut g, "Ayla attacks orc-1").to_string(),
            "Ayla cannot attack orc-1: the closed door at 7,3|8,3 is in the way"
        );
        assert_eq!(
            refused(&mut g, "Borin attacks skel-1").to_string(),
            "Borin cannot attack skel-1: the closed door at 7,3|8,3 is in the way"
        );
        // Opened, the door lets both through.
        g.board.doors[0].open = true;
        assert!(can_attack_now(&g, orc, AYLA, None));
        assert!(can_attack_now(&g, skel, BORIN, Some(7)));
        assert!(g.board.touching(p(7, 2), p(8, 3)));
    }

    #[test]
    fn a_hero_must_roll_to_break_away_from_a_monster() {
        // Ayla on 3,3 beside orc-1 on 4,3 walks west: a 2 fails (she stays
        // and pays nothing), then a 5 lets her go.
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[2, 5]);
        g.visited.extend(0..3);
        put_hero(&mut g, 0, p(3, 3), Side::E);
        let orc = add_monster(&mut g, "orc-1", 20, p(4, 3), &[]);
        let ev = ok(&mut g, "Ayla moves to 1,3");
        assert_eq!(
            ev,
            [
                Event::Walked {
                    hero: AYLA,
                    to: p(1, 3),
                    end: WalkEnd::StoppedAt(p(3, 3))
                },
                Event::HeroBreakAway {
                    hero: AYLA,
                    monsters: vec![orc],
                    face: 2,
                    need: 4
                },
            ]
        );
        assert_eq!(
            printed(&g, &ev[1..]),
            "Ayla fails to break away from orc-1: rolled 2 (needs 4+)"
        );
        assert_eq!(g.heroes[AYLA].spent, 0);
        let ev = ok(&mut g, "Ayla moves to 1,3");
        assert_eq!(
            ev[0],
            Event::Walked {
                hero: AYLA,
                to: p(1, 3),
                end: WalkEnd::Arrived
            }
        );
        assert_eq!(g.heroes[AYLA].pos(), Some(p(1, 3)));
        assert_eq!(g.heroes[AYLA].spent, 2);
        all_dice_used(&g);
    }

    #[test]
    fn a_hero_passes_through_a_monster_taking_a_rear_attack() {
        // In the one-square corridor orc-1 on 10,3 is in Ayla's way: she
        // breaks away (4), passes through it and takes its rear attack
        // (1 1: no hit), with no counterattack, and walks on.
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[4, 1, 1]);
        g.visited.extend(0..3);
        put_hero(&mut g, 0, p(9, 3), Side::E);
        let orc = add_monster(&mut g, "orc-1", 20, p(10, 3), &[]);
        let ev = ok(&mut g, "Ayla moves to 12,3");
        assert_eq!(
            ev[0],
            Event::Walked {
                hero: AYLA,
                to: p(12, 3),
                end: WalkEnd::Arrived
            }
        );
        assert_eq!(
            ev[2],
            Event::HeroPassesThrough {
                hero: AYLA,
                monster: orc
            }
        );
        assert!(matches!(
            ev[3],
            Event::Attack {
                by: Figure::Monster(x),
                strike: Strike::Melee,
                ..
            } if x == orc
        ));
        assert_eq!(ev.len(), 4);
        assert_eq!(
            printed(&g, &ev[2..3]),
            "Ayla passes through orc-1 and takes its rear attack"
        );
        assert_eq!(g.heroes[AYLA].pos(), Some(p(12, 3)));
        assert_eq!(g.heroes[AYLA].spent, 3);
        all_dice_used(&g);
    }

    #[test]
    fn a_nimble_hero_keeps_the_speed_a_reveal_leaves_unwalked() {
        // Nimble Ayla walks 9,3 -> 14,3 down the corridor; on 12,3 she
        // reveals the token on 13,3 and the monster now stands in her way:
        // she pays 3 for the squares walked, not 5 for the route.
        let w = crate::mkd::scenario::Wmt {
            x: 13,
            y: 3,
            color: crate::mkd::scenario::WmtColor::Yellow,
            number: 3,
            guardian: false,
            tile: 1,
        };
        let mut g = game_with(CombatMode::Manual, vec![w], &[6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
        g.visited.extend(0..3);
        g.heroes[AYLA]
            .abilities
            .push(crate::mkd::figures::Ability::Nimble);
        g.monster_pool = vec![crate::mkd::monsters::MonsterEntry {
            name: "Orc".into(),
            points: 15,
            count: 6,
            abilities: Vec::new(),
            stats: None,
        }];
        put_hero(&mut g, 0, p(9, 3), Side::E);
        let ev = ok(&mut g, "Ayla moves to 14,3");
        assert!(g.monster_at(p(13, 3)).is_some(), "{}", printed(&g, &ev));
        assert_eq!(g.heroes[AYLA].pos(), Some(p(12, 3)));
        assert_eq!(g.heroes[AYLA].spent, 3);
        assert!(!g.heroes[AYLA].done);
    }

    #[test]
    fn attacks_are_refused_out_of_reach_in_manual_combat_and_without_speed() {
        let (mut g, _) = fight(&[]);
        add_monster(&mut g, "orc-2", 20, p(3, 7), &[]);
        assert_eq!(
            refused(&mut g, "Ayla attacks orc-2"),
            Refusal::OutOfReach {
                hero: "Ayla".into(),
                monster: "orc-2".into(),
                from: Square(p(3, 3))
            }
        );
        g.heroes[AYLA].spent = 5;
        assert_eq!(
            refused(&mut g, "Ayla attacks orc-1"),
            Refusal::NoSpeedToAttack {
                hero: "Ayla".into()
            }
        );
        let mut g = visited(&[]);
        put_hero(&mut g, 0, p(3, 3), Side::E);
        add_monster(&mut g, "orc-1", 20, p(4, 3), &[]);
        assert_eq!(
            refused(&mut g, "Ayla attacks orc-1").to_string(),
            "combat is manual: fight with the figures, then report it (`hit orc-1 1`, `kill orc-1`, `wound Ayla 1`)"
        );
    }

    // ---------------------------------------------------------------- teleporters and vortexes

    #[test]
    fn a_lone_teleporter_sends_the_hero_to_a_random_tile_centre() {
        // Three tiles, one d6: 2 names H1, whose centre is 11,3.
        let mut g = visited(&[2]);
        put_hero(&mut g, 0, p(4, 4), Side::N);
        g.markers.push(PlacedMarker {
            kind: PlayMarker::Teleporter,
            pos: p(4, 4),
            tile: 0,
        });
        let ev = ok(&mut g, "Ayla teleports");
        assert_eq!(
            ev,
            [Event::Teleported {
                hero: AYLA,
                at: p(11, 3),
                tile: g.board.tiles[1].label
            }]
        );
        assert_eq!(printed(&g, &ev), "Ayla is teleported to 11,3 in H1");
        assert_eq!(
            refused(&mut g, "Ayla teleports to 1,1"),
            Refusal::AlreadyActed {
                hero: "Ayla".into()
            }
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_second_teleporter_can_be_chosen() {
        let mut g = visited(&[]);
        put_hero(&mut g, 0, p(4, 4), Side::N);
        for (at, tile) in [(p(4, 4), 0), (p(20, 5), 2)] {
            g.markers.push(PlacedMarker {
                kind: PlayMarker::Teleporter,
                pos: at,
                tile,
            });
        }
        assert_eq!(
            refused(&mut g, "Ayla teleports to 5,5").to_string(),
            "5,5 is not another teleporter; the choice needs a second teleporter (found: 20,5)"
        );
        let ev = ok(&mut g, "Ayla teleports to 20,5");
        assert_eq!(
            ev,
            [Event::SteppedThrough {
                hero: AYLA,
                at: p(20, 5)
            }]
        );
        put_hero(&mut g, 1, p(1, 1), Side::N);
        assert_eq!(
            refused(&mut g, "Borin teleports"),
            Refusal::NoTeleporter {
                hero: "Borin".into()
            }
        );
    }

    #[test]
    fn four_quarter_turns_bring_a_tile_back_and_leave_hindering_where_it_lay() {
        let tiles = crate::tileset::default_tileset();
        let params = crate::mkd::generate::GenerateParams {
            seed: 7,
            ..Default::default()
        };
        let s = crate::mkd::generate::generate(&tiles, &params).expect("seed 7 builds");
        let mut b = Board::new(&s);
        let hall = (0..b.tiles.len())
            .find(|&t| b.tiles[t].kind == crate::tileset::TileKind::Hallway && t != s.entrance.tile)
            .expect("a hallway");
        let before = b.tile_cells(hall);
        let mut ever_covered = Vec::new();
        for _ in 0..4 {
            let (moved, crushed) = b.turn_tile(hall);
            assert_eq!(moved.len(), before.len(), "no square lost");
            ever_covered.extend(crushed);
        }
        assert_eq!(b.tile_cells(hall), before, "four turns: as it was");
        assert!(b.covered.is_empty());
        for q in ever_covered {
            if before.iter().any(|(p, _)| *p == q) {
                continue;
            }
            let orig = s.cell(q.x, q.y);
            let now = b.cell(q);
            if orig == Cell::Floor {
                assert_eq!(now, Cell::Hindering, "{q:?}");
            } else {
                assert_eq!(now, orig, "{q:?}");
            }
        }
    }

    #[test]
    fn a_vortex_turns_the_tile_with_its_figures() {
        let mut g = visited(&[]);
        put_hero(&mut g, 0, p(9, 3), Side::E);
        g.markers.push(PlacedMarker {
            kind: PlayMarker::Vortex,
            pos: p(9, 3),
            tile: 1,
        });
        // An orc in C1's east column is crushed by the turned hallway.
        let orc = add_monster(&mut g, "orc-1", 20, p(7, 1), &[]);
        let wall_before = g.board.cell(p(11, 0));
        let ev = ok(&mut g, "Ayla uses vortex");
        let h1 = g.board.tiles[1].label;
        assert_eq!(
            ev[0],
            Event::VortexWorked {
                hero: AYLA,
                tile: h1,
                centre: p(11, 3)
            }
        );
        assert_eq!(
            printed(&g, &ev[..1]),
            "Ayla works the vortex: H1 turns a quarter turn clockwise about 11,3"
        );
        assert!(ev.contains(&Event::Covers {
            tile: h1,
            at: p(7, 1),
            crushed: vec![Crushed::Monster(orc)]
        }));
        assert_eq!(g.monsters[orc].pos, None);
        // About the centre (11,3): (9,3) goes to (11,1); she now faces south.
        assert_eq!(g.heroes[AYLA].place, HeroPlace::At(p(11, 1)));
        assert_eq!(g.heroes[AYLA].facing, Side::S);
        assert_eq!(g.markers[0].pos, p(11, 1));
        // The corridor row turned into a column.
        assert_eq!(g.board.cell(p(11, 0)), Cell::Floor);
        assert_ne!(wall_before, Cell::Floor);
        assert!(g.heroes[AYLA].done);
        put_hero(&mut g, 1, p(1, 1), Side::N);
        assert_eq!(
            refused(&mut g, "Borin uses vortex"),
            Refusal::NoVortex {
                hero: "Borin".into()
            }
        );
    }
}
