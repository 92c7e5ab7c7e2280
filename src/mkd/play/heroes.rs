//! What a hero does in an activation: walk, leave, attack, deal with doors
//! and their traps, open, take, drop and hand over chests, use teleporters
//! and vortexes.

use crate::core::geom::{all_around, chebyshev};
use crate::mkd::play::board::walk::FAR;
use crate::mkd::play::board::{Board, DoorTrap, PlayMarker, side_towards};
use crate::mkd::play::combat::{hero_on_monster, monster_on_hero};
use crate::mkd::play::command::TrapSite;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Crushed, Event, Strike, WalkEnd};
use crate::mkd::play::refusal::{Refusal, Spend, Square};
use crate::mkd::play::state::{ChestPlace, CombatMode, HeroId, HeroPlace, MonsterId, Occupancy};
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
            hero: name().to_string(),
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
    let occ = s.occupancy();
    let field = |through: bool| {
        let blocked = |i: usize| {
            occ.has_at(
                i,
                Occupancy::PRISONER | if through { 0 } else { Occupancy::MONSTER },
            )
        };
        // From the hero's own square only the squares nearer `to` than it
        // are walked on; from outside, those nearer than the entrance
        // squares, every one of which counts.
        match s.heroes[h].place {
            HeroPlace::At(p) => s.board.distances_to_reach(&[to], p, &mover, &blocked),
            _ => {
                let entries: Vec<usize> = s
                    .entry_squares(h)
                    .iter()
                    .filter_map(|&e| s.board.idx(e))
                    .collect();
                s.board.distances_to_all(&[to], &mover, &blocked, &entries)
            }
        }
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
                        hero: name().to_string(),
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
            hero: name().to_string(),
            to: Square(to),
        });
    }
    // Walk it square by square (a step costs at least a point, so the route
    // has at most `d0` of them after the start).
    let mut route = Vec::with_capacity(d0 as usize + 1);
    route.push(start);
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
    // The route was planned round the shut doors: only a door laid on the
    // way (by a discovery) can shut it, so the doors are looked at again
    // only once one has been laid.
    let doors_at_start = cx.s.board.doors.len();
    for (i, &p) in route.iter().enumerate() {
        if i == 0 && from.is_some() {
            continue;
        }
        let passing = cx.s.monster_at(p);
        if passing.is_some_and(|m| !in_the_way.contains(&m))
            || cx.s.wmt_at(p).is_some()
            || !cx.s.board.can_stand(p, &mover)
        {
            // A monster revealed on the way now stands in it, or an
            // obstacle laid as the hero came into a new tile blocks it.
            break;
        }
        if i > 0
            && cx.s.board.doors.len() != doors_at_start
            && cx.s.board.shut_between(route[i - 1], p)
        {
            // A door laid shut by a discovery on the way: the walk stops
            // before it (opening it is an action of its own).
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
        cx.s.set_hero_place(h, HeroPlace::At(p));
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
        let place = match last_free {
            Some(q) => HeroPlace::At(q),
            None => HeroPlace::Outside,
        };
        cx.s.set_hero_place(h, place);
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
            hero: cx.s.heroes[h].name.to_string(),
            exits: cx.s.exit_squares(),
        });
    }
    cx.s.spend(h, 1, Spend::SteppingOut)?;
    cx.s.set_hero_place(h, HeroPlace::Escaped);
    let hero = &mut cx.s.heroes[h];
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
    if !melee && shoot.is_none_or(|x| chebyshev(hp, mp) > x.range || !s.line_of_fire(hp, mp)) {
        // A closed door alone in the way is named, so the player knows why.
        let in_reach =
            Board::adjacent(hp, mp) || shoot.is_some_and(|x| chebyshev(hp, mp) <= x.range);
        if let Some(d) = in_reach
            .then(|| crate::mkd::play::board::door_in_the_way(&s.board, hp, mp))
            .flatten()
        {
            return Err(Refusal::DoorInTheWay {
                hero: name().to_string(),
                monster: s.monsters[m].id.to_string(),
                door: s.board.door_place(d),
            });
        }
        // So is a figure alone in the way of a shot the walls let through.
        if let Some(at) = shoot
            .filter(|x| chebyshev(hp, mp) <= x.range)
            .and_then(|_| s.figure_in_the_way(hp, mp))
        {
            return Err(Refusal::FigureInTheWay {
                hero: name().to_string(),
                monster: s.monsters[m].id.to_string(),
                figure: s.figure_name_at(at),
                at: Square(at),
            });
        }
        return Err(Refusal::OutOfReach {
            hero: name().to_string(),
            monster: s.monsters[m].id.to_string(),
            from: Square(hp),
        });
    }
    if s.opts.combat == CombatMode::Manual {
        return Err(Refusal::ManualCombat {
            monster: s.monsters[m].id.to_string(),
            hero: name().to_string(),
        });
    }
    if s.heroes[h].spent > 0 && s.heroes[h].spent >= s.hero_speed(h) {
        return Err(Refusal::NoSpeedToAttack {
            hero: name().to_string(),
        });
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
pub fn hero_check(cx: &mut Ctx, h: HeroId, p: Point, site: TrapSite) -> Result<(), Refusal> {
    if is_chest(cx, p, site) {
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
        cx.s.board_mut().doors[d].trap = DoorTrap::Spent;
    }
    Ok(())
}

/// `NAME disarms door at X,Y fast|slow`: a d6 must reach the trap's
/// number; a quick try is cheap but a failure springs the trap, a careful
/// one costs more and a failure leaves it armed.
pub fn hero_disarm(
    cx: &mut Ctx,
    h: HeroId,
    p: Point,
    site: TrapSite,
    fast: bool,
) -> Result<(), Refusal> {
    if is_chest(cx, p, site) {
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
        cx.s.board_mut().doors[d].trap = DoorTrap::Spent;
    } else if fast {
        spring_door_trap(cx, d, h);
    }
    Ok(())
}

/// Whether a `checks`/`disarms` command is about a chest: the chest it
/// names (refused later if none lies there), or with neither word, a chest
/// lying on the square.
fn is_chest(cx: &Ctx, p: Point, site: TrapSite) -> bool {
    match site {
        TrapSite::Chest => true,
        TrapSite::Door => false,
        TrapSite::Any => cx.s.chest_at(p).is_some(),
    }
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
    cx.s.board_mut().doors[d].open = true;
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
    cx.s.board_mut().doors[d].open = false;
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
            hero: cx.s.heroes[h].name.to_string(),
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
            hero: cx.s.heroes[h].name.to_string(),
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
            hero: cx.s.heroes[h].name.to_string(),
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
    // A trap may have left the hero elsewhere: the chest stays behind.
    let carried = cx.s.heroes[h].place == HeroPlace::At(hp);
    cx.s.chests[c].open = true;
    if carried {
        cx.s.chests[c].place = ChestPlace::Hero(h);
        cx.s.heroes[h].chests.push(c);
    }
    if cx.s.chests[c].contents.is_none() {
        let face = cx.dice.d6(format_args!("{} contents", cx.s.chests[c].id));
        let row = &cx.s.tables.chest_contents[&level].get(face).result;
        let contents = (row.gold, row.item.clone());
        let item = contents.1.clone().filter(|i| carried || i.potion);
        cx.emit(Event::ChestHolds {
            chest: c,
            level,
            face,
        });
        cx.s.chests[c].contents = Some(contents);
        cx.s.stats.chests_opened += 1;
        if let Some(item) = item {
            crate::mkd::play::items::take_item(cx, h, &item);
        }
    } else if cx.s.chests[c].full {
        // A potion from town, in a chest a thief shut: the opener drinks it,
        // as one found in the dungeon.
        drink_from(cx, h, c);
    } else if carried {
        crate::mkd::play::items::refresh(cx.s, h, true);
    }
    if carried {
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
            hero: cx.s.heroes[h].name.to_string(),
            at: Square(p),
        });
    }
    hands_free(cx, h)?;
    let cost = cx.s.rules().chest_pickup;
    cx.s.spend(h, cost, Spend::TakingChest)?;
    cx.s.chests[c].place = ChestPlace::Hero(h);
    cx.s.heroes[h].chests.push(c);
    cx.emit(Event::ChestTaken { hero: h, chest: c });
    crate::mkd::play::items::chest_taken(cx, h, c);
    Ok(())
}

/// `NAME drops chest`: the last chest taken, open, on the first free
/// square next to the hero.
pub fn hero_drop_chest(cx: &mut Ctx, h: HeroId) -> Result<(), Refusal> {
    let s = &*cx.s;
    let hp = s.hero_square(h)?;
    let name = || s.heroes[h].name.clone();
    let Some(&c) = s.heroes[h].chests.last() else {
        return Err(Refusal::NoChestCarried {
            hero: name().to_string(),
        });
    };
    let spot = all_around(hp)
        .into_iter()
        .find(|&q| s.board.passable(q) && !s.occupied(q) && s.chest_at(q).is_none());
    let Some(spot) = spot else {
        return Err(Refusal::NoRoomToDrop {
            hero: name().to_string(),
        });
    };
    let cost = cx.s.rules().chest_drop;
    cx.s.spend(h, cost, Spend::DroppingChest)?;
    cx.s.heroes[h].chests.pop();
    cx.s.chests[c].place = ChestPlace::At(spot);
    cx.s.chests[c].open = true;
    crate::mkd::play::items::refresh(cx.s, h, true);
    cx.emit(Event::ChestDropped {
        hero: h,
        chest: c,
        at: spot,
    });
    Ok(())
}

/// `NAME drinks`: the potion in the first chest from town the hero carries
/// that still holds one, for no speed (the project's reading: the rules
/// price no drink), in the dungeon. It works until the next heroes' turn
/// begins, as a potion found in a chest.
pub fn hero_drink(cx: &mut Ctx, h: HeroId) -> Result<(), Refusal> {
    let s = &*cx.s;
    s.hero_square(h)?;
    let full = s.heroes[h]
        .chests
        .iter()
        .copied()
        .find(|&c| s.chests[c].full && s.chests[c].open);
    let Some(c) = full else {
        return Err(Refusal::NoPotionCarried {
            hero: s.heroes[h].name.to_string(),
        });
    };
    drink_from(cx, h, c);
    Ok(())
}

/// Hero `h` drinks the potion chest `c` still holds; the chest keeps the
/// empty flask.
fn drink_from(cx: &mut Ctx, h: HeroId, c: crate::mkd::play::state::ChestId) {
    cx.s.chests[c].full = false;
    if let Some((_, Some(item))) = cx.s.chests[c].contents.clone() {
        crate::mkd::play::items::take_item(cx, h, &item);
    }
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
            hero: s.heroes[h].name.to_string(),
            other: s.heroes[o].name.to_string(),
        });
    }
    let Some(&c) = s.heroes[h].chests.last() else {
        return Err(Refusal::NoChestCarried {
            hero: s.heroes[h].name.to_string(),
        });
    };
    hands_free(cx, o)?;
    let cost = cx.s.rules().chest_transfer;
    cx.s.spend(h, cost, Spend::HandingChest)?;
    cx.s.heroes[h].chests.pop();
    cx.s.heroes[o].chests.push(c);
    cx.s.chests[c].place = ChestPlace::Hero(o);
    crate::mkd::play::items::refresh(cx.s, h, true);
    cx.emit(Event::ChestHanded {
        hero: h,
        chest: c,
        to: o,
    });
    crate::mkd::play::items::chest_taken(cx, o, c);
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
            hero: s.heroes[h].name.to_string(),
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
            cx.s.set_hero_place(h, HeroPlace::At(spot));
            cx.s.heroes[h].displaced = true;
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
            hero: cx.s.heroes[h].name.to_string(),
        });
    }
    let cost = cx.s.rules().door_open;
    cx.s.spend(h, cost, Spend::Vortex)?;
    let Some(t) = cx.s.board.tile_at(hp) else {
        return Err(Refusal::NoTile {
            hero: cx.s.heroes[h].name.to_string(),
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
    s.resync_standing();
    let (moved, crushed) = s.board_mut().turn_tile(t);
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
    // The turned tile may shut off, or open, the way out of any square
    // of the floor: every hero on it may now be cut off.
    for hero in s.heroes.iter_mut() {
        if matches!(hero.place, HeroPlace::At(_)) {
            hero.displaced = true;
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
    s.resync_standing();
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
        s.set_hero_place(i, HeroPlace::Slain);
        for c in std::mem::take(&mut s.heroes[i].chests) {
            s.chests[c].place = ChestPlace::Lost;
        }
        crushed.push(Crushed::Hero(i));
    }
    if let Some(i) = s.monster_at(q) {
        s.set_monster_pos(i, None);
        crushed.push(Crushed::Monster(i));
    }
    if let Some(i) = s.wmt_at(q) {
        crushed.push(Crushed::Token(s.remove_wmt(i).id));
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
        s.board_mut().doors.remove(d);
        crushed.push(Crushed::Door);
    }
    cx.emit(Event::Covers {
        tile,
        at: q,
        crushed,
    });
}

#[cfg(test)]
mod tests;
