//! The monsters' optional special abilities: when each is used (the
//! Special Abilities section's decision rules) and what it does.
//!
//! Effects in dice combat are the project's own, kept simple:
//! - Magic Blast: a shooting attack with the monster's melee dice (its
//!   attack value), hitting on the shooting number, range [`MAGIC_RANGE`].
//! - Flame/Lightning: that attack against every figure, hero or monster, on
//!   the straight line from the monster through its target, up to the range.
//! - Shockwave: a close attack on every adjacent hero, with no counterattack.
//! - Magic Levitation and Magic Confusion: the hero drifts like a WMT: a
//!   direction rolled on the directions table (5–6 rolled again), then up
//!   to a WMT's speed along the shortest way to the tiles that way.
//! - Magic Freeze: the hero misses the heroes' next turn.
//! - Healing and Magic Healing: a d6; 1–2 heals one wound, 3–4 two, 5–6 three.
//!
//! In manual combat the attacks are announced for the players to resolve
//! with the figures; movement, freezing, healing and raising the dead are
//! applied by the engine in both modes, as they involve no combat dice.

use crate::core::geom::all_around;
use crate::mkd::figures::Ability;
use crate::mkd::play::ai::walk::{self, Candidate, End, Heroes, OnFail, face};
use crate::mkd::play::board::walk::FAR;
use crate::mkd::play::board::{DoorTrap, side_towards};
use crate::mkd::play::combat::{attack, monster_attacks, wound_hero, wound_monster};
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Chooser, Event, Figure, Pick, Rolls, Strike, Target, Topic};
use crate::mkd::play::reveal::random_direction;
use crate::mkd::play::state::{
    ChestPlace, CombatMode, HeroId, HeroPlace, MonsterId, MonsterMode, Occupancy, State,
};
use crate::mkd::play::steps::enter_square;
use crate::mkd::play::wmt::direction_goal;
use crate::scenario::Point;

/// Range, in squares, of the spells (Magic Blast, Flame/Lightning, Magic
/// Levitation, Magic Freeze, Magic Confusion) for a monster whose own
/// shooting range is shorter (project's choice).
pub const MAGIC_RANGE: u32 = 8;

/// Active monsters other than `m` with wounds.
fn wounded_others(s: &State, m: MonsterId) -> Vec<MonsterId> {
    s.floor_monsters()
        .filter(|&o| o != m && s.monsters[o].active() && s.monsters[o].wounds > 0)
        .collect()
}

/// The optional abilities monster `m` could use this activation against
/// hero `h`, each by its rule:
/// - Quickness only when `h` is out of reach this activation without it;
/// - Shockwave only when the attack is a close one anyway (no ranged
///   attack, or already next to `h`), as it must not force a move;
/// - Magic Blast always: with the spell's range it never needs a move the
///   monster would not otherwise make;
/// - Healing and Magic Healing only when some monster is wounded;
/// - Necromancy only when a monster has fallen and there is room for it.
pub fn usable(s: &State, m: MonsterId, h: HeroId, speed: u32) -> Vec<Ability> {
    let mon = &s.monsters[m];
    let mut v = Vec::new();
    if mon.has(Ability::Quickness) {
        let range = mon.stats.shoot.map(|x| x.range);
        let goals = walk::attack_squares(s, m, h, range);
        let t = walk::travel(s, m, &goals, Heroes::Avoid);
        if t != FAR && t > speed {
            v.push(Ability::Quickness);
        }
    }
    for a in [
        Ability::MagicLevitation,
        Ability::MagicFreeze,
        Ability::MagicConfusion,
        Ability::MagicBlast,
        Ability::FlameLightning,
    ] {
        if mon.has(a) {
            v.push(a);
        }
    }
    if mon.has(Ability::Shockwave)
        && (mon.stats.shoot.is_none() || walk::can_attack_now(s, m, h, None))
    {
        v.push(Ability::Shockwave);
    }
    let anyone_wounded = mon.wounds > 0 || !wounded_others(s, m).is_empty();
    for a in [Ability::Healing, Ability::MagicHealing] {
        if mon.has(a) && anyone_wounded {
            v.push(a);
        }
    }
    if mon.has(Ability::Necromancy)
        && !s.fallen.is_empty()
        && mon.pos.and_then(|p| s.free_square_near(p)).is_some()
    {
        v.push(Ability::Necromancy);
    }
    v
}

/// Which optional ability monster `m` uses this activation, if any: one of
/// the usable ones (a d6 when several), then that ability's own roll where
/// the rules give one (1–3 uses it).
pub fn choose(cx: &mut Ctx, m: MonsterId, h: HeroId, speed: u32) -> Option<Ability> {
    let list = usable(cx.s, m, h, speed);
    let a = match list.len() {
        0 => return None,
        1 => list[0],
        _ => {
            let picks: Vec<Pick> = list.iter().map(|&a| Pick::Ability(a)).collect();
            list[cx.choose(Chooser::Monster(m), Topic::WhichAbility, &picks)]
        }
    };
    if a.used_on_half() {
        let f = cx
            .dice
            .d6(format_args!("{}: {}", cx.s.monsters[m].id, a.name()));
        cx.emit(Event::AbilityRoll {
            monster: m,
            ability: a,
            face: f,
        });
        if f > 3 {
            return None;
        }
    }
    Some(a)
}

/// Healing or Magic Healing, when monster `m` has it and is wounded: it
/// heals itself first, whatever its decision roll would say.
pub fn wounded_healer(s: &State, m: MonsterId) -> Option<Ability> {
    let mon = &s.monsters[m];
    if mon.wounds == 0 {
        return None;
    }
    [Ability::Healing, Ability::MagicHealing]
        .into_iter()
        .find(|&a| mon.has(a))
}

/// Healing and Magic Healing: heal itself when wounded; otherwise go to the
/// nearest wounded monster and heal it. Returns false when there is nobody
/// to heal (it then attacks as normal).
pub fn heal(cx: &mut Ctx, m: MonsterId, speed: u32, which: Ability) -> bool {
    if cx.s.monsters[m].wounds > 0 {
        heal_roll(cx, m, m, which);
        return true;
    }
    let s = &*cx.s;
    let pool: Vec<Candidate<MonsterId>> = wounded_others(s, m)
        .into_iter()
        .filter_map(|o| {
            let goals = around_monster(s, m, o);
            let travel = walk::travel(s, m, &goals, Heroes::Avoid);
            (travel != FAR).then_some(Candidate {
                who: o,
                travel,
                spins: 0,
            })
        })
        .collect();
    if pool.is_empty() {
        return false;
    }
    let best = pool.iter().map(|c| c.travel).min().unwrap_or(0);
    let ties: Vec<MonsterId> = pool
        .iter()
        .filter(|c| c.travel == best)
        .map(|c| c.who)
        .collect();
    let picks: Vec<Pick> = ties.iter().map(|&o| Pick::Monster(o)).collect();
    let o = ties[cx.choose(Chooser::Monster(m), Topic::NearestWounded, &picks)];
    cx.emit(Event::GoesToHeal {
        monster: m,
        other: o,
        ability: which,
    });
    let goals = around_monster(cx.s, m, o);
    let w = walk::walk(cx, m, &goals, speed, Heroes::Avoid, OnFail::Engage, None);
    match w.end {
        End::Arrived => heal_roll(cx, m, o, which),
        End::Engaged(h) if walk::can_attack_now(cx.s, m, h, None) => monster_attacks(cx, m, h),
        _ => {}
    }
    true
}

/// Free squares next to monster `o` that monster `m` could stand on.
fn around_monster(s: &State, m: MonsterId, o: MonsterId) -> Vec<Point> {
    let me = s.monsters[m].pos;
    s.monsters[o]
        .pos
        .into_iter()
        .flat_map(all_around)
        .filter(|&q| s.board.passable(q) && (Some(q) == me || !s.occupied(q)))
        .collect()
}

/// One healing roll by `m` on `o` (itself or a neighbour): 1–2 heals one
/// wound, 3–4 two, 5–6 three.
pub fn heal_roll(cx: &mut Ctx, m: MonsterId, o: MonsterId, which: Ability) {
    let f = cx.dice.d6(format_args!(
        "{}: {which} on {}",
        cx.s.monsters[m].id, cx.s.monsters[o].id
    ));
    let n = f.div_ceil(2).min(cx.s.monsters[o].wounds);
    cx.s.monsters[o].wounds -= n;
    let left = cx.s.monsters[o].wounds_left();
    cx.emit(Event::Heals {
        monster: m,
        other: o,
        ability: which,
        face: f,
        healed: n,
        left,
    });
}

/// Necromancy: the most valuable fallen monster (ties by d6) rises next to
/// the necromancer, unwounded. It acts from the next turn on.
pub fn necromancy(cx: &mut Ctx, m: MonsterId) {
    let s = &*cx.s;
    let Some(best) = s.fallen.iter().map(|&f| s.monsters[f].points).max() else {
        return;
    };
    let ties: Vec<MonsterId> = s
        .fallen
        .iter()
        .copied()
        .filter(|&f| s.monsters[f].points == best)
        .collect();
    let picks: Vec<Pick> = ties.iter().map(|&f| Pick::Monster(f)).collect();
    let f = ties[cx.choose(Chooser::Monster(m), Topic::WhichFallen, &picks)];
    let Some(spot) = cx.s.monsters[m].pos.and_then(|p| cx.s.free_square_near(p)) else {
        return;
    };
    cx.s.fallen.retain(|&x| x != f);
    cx.s.set_monster_pos(f, Some(spot));
    let r = &mut cx.s.monsters[f];
    r.wounds = 0;
    r.mode = MonsterMode::Hunt;
    r.surprised = false;
    r.held = 0;
    r.carrying = None;
    let points = r.points;
    // A risen monster is one more to fight.
    cx.s.stats.monsters_revealed += 1;
    cx.emit(Event::Raises {
        monster: m,
        fallen: f,
        points,
        at: spot,
    });
}

/// Rolls a spell or area attack of monster `m` (its melee dice, no
/// penalty) against a hero or a monster.
fn spell_attack(cx: &mut Ctx, m: MonsterId, on: Figure, strike: Strike) {
    let s = &*cx.s;
    let n = s.monsters[m].stats.attacks;
    let hit_on = if strike == Strike::Shocks {
        s.rules().melee_hit
    } else {
        s.rules().shoot_hit
    };
    let (armour, name) = match on {
        Figure::Hero(h) => (s.heroes[h].stats.armour, &*s.heroes[h].name),
        Figure::Monster(o) => (s.monsters[o].stats.armour, &*s.monsters[o].id),
    };
    let verb = match strike {
        Strike::MagicBlast => "casts Magic Blast at",
        Strike::Shocks => "shocks",
        _ => "burns",
    };
    let roll = attack(
        cx.dice,
        n,
        hit_on,
        armour,
        0,
        format_args!("{} {verb} {name}", s.monsters[m].id),
    );
    let wounds = roll.wounds;
    cx.emit(Event::Attack {
        by: Figure::Monster(m),
        strike,
        target: Target::Figure(on),
        roll,
    });
    if wounds > 0 {
        match on {
            Figure::Hero(h) => wound_hero(cx, h, wounds),
            Figure::Monster(o) => wound_monster(cx, o, wounds, None),
        }
    }
}

/// Magic Blast: a ranged magic attack on hero `h`.
pub fn blast(cx: &mut Ctx, m: MonsterId, h: HeroId) {
    face(cx.s, m, h);
    match cx.s.opts.combat {
        CombatMode::Dice => spell_attack(cx, m, Figure::Hero(h), Strike::MagicBlast),
        CombatMode::Manual => cx.emit(Event::BlastPrompt {
            monster: m,
            hero: h,
        }),
    }
}

/// A closed door next to `p`'s straight line to `q`: the first one the line
/// crosses within `range`, with nothing else blocking before it.
fn first_door_on_line(s: &State, p: Point, q: Point, range: u32) -> Option<usize> {
    let line = walk::line(p, q);
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        if a != p && !crate::mkd::play::board::see_through(s.board.cell(a)) {
            return None;
        }
        if s.board.shut_between(a, b) {
            if crate::core::geom::chebyshev(p, b) > range {
                return None;
            }
            let corners = [a, Point { x: b.x, y: a.y }, Point { x: a.x, y: b.y }, b];
            return corners.iter().enumerate().find_map(|(i, &c)| {
                corners[i + 1..].iter().find_map(|&e| {
                    s.board
                        .door_between(c, e)
                        .filter(|&d| !s.board.doors[d].open)
                })
            });
        }
    }
    None
}

/// A door blown apart by a Magic Blast or a Shockwave: gone from the board,
/// and its trap with it if still active (no experience for that).
fn destroy_door(cx: &mut Ctx, m: MonsterId, d: usize) {
    let door = cx.s.board_mut().doors.remove(d);
    let at = door.edges[0][1];
    cx.emit(Event::DoorDestroyed {
        monster: m,
        at,
        trap_lost: door.trap != DoorTrap::Spent,
    });
}

/// Magic Blast with no way to hero `h`: the monster blasts the closed door
/// on its line to him, if one stands within the spell's range. False if
/// there is none.
pub fn blast_door(cx: &mut Ctx, m: MonsterId, h: HeroId) -> bool {
    let s = &*cx.s;
    let (Some(me), Some(hp)) = (s.monsters[m].pos, s.heroes[h].pos()) else {
        return false;
    };
    match first_door_on_line(s, me, hp, MAGIC_RANGE) {
        Some(d) => {
            destroy_door(cx, m, d);
            true
        }
        None => false,
    }
}

/// Flame/Lightning: every figure on the line through hero `h` is attacked,
/// friends included.
pub fn flame(cx: &mut Ctx, m: MonsterId, h: HeroId) {
    face(cx.s, m, h);
    let s = &*cx.s;
    let (Some(me), Some(hp)) = (s.monsters[m].pos, s.heroes[h].pos()) else {
        return;
    };
    let range = s.monsters[m]
        .stats
        .shoot
        .map_or(MAGIC_RANGE, |x| x.range.max(MAGIC_RANGE));
    let mut caught: Vec<Figure> = Vec::new();
    for p in walk::ray(&s.board, me, hp, range) {
        if let Some(x) = s.hero_at(p) {
            caught.push(Figure::Hero(x));
        } else if let Some(o) = s.monster_at(p).filter(|&o| o != m) {
            caught.push(Figure::Monster(o));
        }
    }
    if !caught.contains(&Figure::Hero(h)) {
        caught.insert(0, Figure::Hero(h));
    }
    cx.emit(Event::Flame {
        monster: m,
        side: side_towards(me, hp),
        caught: caught.clone(),
    });
    match cx.s.opts.combat {
        CombatMode::Manual => cx.emit(Event::ResolveEach {
            monster: m,
            shockwave: false,
        }),
        CombatMode::Dice => {
            for f in caught {
                let there = match f {
                    Figure::Hero(x) => cx.s.heroes[x].pos().is_some(),
                    Figure::Monster(o) => cx.s.monsters[o].active(),
                };
                if there {
                    spell_attack(cx, m, f, Strike::Burns);
                }
            }
        }
    }
}

/// Shockwave: a close attack on every hero next to the monster.
pub fn shockwave(cx: &mut Ctx, m: MonsterId) {
    let s = &*cx.s;
    let Some(me) = s.monsters[m].pos else {
        return;
    };
    // It blows apart the closed doors beside it.
    let shut: Vec<usize> = s
        .board
        .doors_at(me)
        .into_iter()
        .filter(|&d| !s.board.doors[d].open)
        .collect();
    for d in shut.into_iter().rev() {
        destroy_door(cx, m, d);
    }
    let s = &*cx.s;
    let around: Vec<HeroId> = s
        .heroes_in_dungeon()
        .into_iter()
        .filter(|&h| s.heroes[h].pos().is_some_and(|p| s.board.touching(p, me)))
        .collect();
    cx.emit(Event::Shockwave {
        monster: m,
        heroes: around.clone(),
    });
    match cx.s.opts.combat {
        CombatMode::Manual => cx.emit(Event::ResolveEach {
            monster: m,
            shockwave: true,
        }),
        CombatMode::Dice => {
            for h in around {
                if cx.s.heroes[h].pos().is_some() {
                    spell_attack(cx, m, Figure::Hero(h), Strike::Shocks);
                }
            }
        }
    }
}

/// Magic Freeze, Levitation or Confusion is an attempt: a ranged magic
/// attack with the monster's attack dice on the shooting number; it takes
/// hold if any die hits (no kill dice: it wounds nobody). Rolled by the
/// engine in both combat modes, like the drift it may bring.
pub fn takes_hold(cx: &mut Ctx, m: MonsterId, h: HeroId, what: Ability) -> bool {
    let s = &*cx.s;
    let n = s.monsters[m].stats.attacks.clamp(1, 20);
    let hit_on = s.rules().shoot_hit;
    let mut faces = Vec::new();
    for _ in 0..n {
        faces.push(cx.dice.d6(format_args!(
            "{}: {what} on {}",
            s.monsters[m].id, s.heroes[h].name
        )));
    }
    let holds = faces.iter().any(|&f| f >= hit_on);
    cx.emit(Event::SpellAttempt {
        monster: m,
        hero: h,
        ability: what,
        faces: Rolls(faces),
        hit_on,
        holds,
    });
    holds
}

/// Magic Freeze: hero `h` misses the heroes' next turn. (`held` counts
/// down at the end of every turn, this one included, hence 2.)
pub fn freeze(cx: &mut Ctx, m: MonsterId, h: HeroId) {
    face(cx.s, m, h);
    cx.s.heroes[h].held = cx.s.heroes[h].held.max(2);
    cx.emit(Event::Frozen {
        monster: m,
        hero: h,
    });
}

/// Magic Levitation and Magic Confusion: hero `h` drifts like a WMT — a
/// direction from the directions table, then up to a WMT's speed along the
/// shortest way to the tiles that way. Pushed out of the entrance, the hero
/// is out of the adventure (as one who left; chests go with him).
pub fn drift(cx: &mut Ctx, m: MonsterId, h: HeroId, what: Ability) {
    face(cx.s, m, h);
    let Some(hp) = cx.s.heroes[h].pos() else {
        return;
    };
    let mut faces = Vec::new();
    let side = random_direction(
        cx.dice,
        &cx.s.tables,
        format_args!("{}: {what} on {}", cx.s.monsters[m].id, cx.s.heroes[h].name),
        |f| faces.push(f),
    );
    cx.emit(Event::DriftCast {
        monster: m,
        hero: h,
        ability: what,
        faces: Rolls(faces),
        side,
    });
    let mut faces = Vec::new();
    let id = cx.s.monsters[m].id.clone();
    let goal = direction_goal(cx, hp, side, &id, |f| faces.push(f));
    if !faces.is_empty() {
        cx.emit(Event::DriftTiles {
            side,
            faces: Rolls(faces),
        });
    }
    let s = &*cx.s;
    let mover = s.hero_mover(h);
    let dist = {
        let blocked = |p: Point| p != hp && s.occupied(p);
        s.board
            .distances_to(&goal, &mover, &|i| blocked(s.board.point(i)))
    };
    let mut left = s.rules().wmt_speed;
    let mut here = hp;
    let mut path = Vec::new();
    while !goal.contains(&here) {
        let s = &*cx.s;
        let next = s.free_downhill(here, &dist, &mover);
        if next.is_empty() {
            break;
        }
        let sides: Vec<Pick> = next
            .iter()
            .map(|&p| Pick::Side(side_towards(here, p)))
            .collect();
        let n = next[cx.choose(Chooser::Hero(h), Topic::WayRound, &sides)];
        let cost = cx.s.board.step_cost(here, n, &mover).unwrap_or(1);
        if cost > left {
            break;
        }
        left -= cost;
        here = n;
        cx.s.set_hero_place(h, HeroPlace::At(n));
        path.push(n);
        enter_square(cx, h, n);
        if cx.s.heroes[h].place != HeroPlace::At(n) {
            return;
        }
    }
    let out = cx.s.board.is_entrance(here) && side == cx.s.board.entrance_side;
    if !path.is_empty() {
        cx.emit(Event::Drifted {
            hero: h,
            to: here,
            path,
        });
    } else if !out {
        cx.emit(Event::DriftNowhere { hero: h, side });
    }
    if out {
        cx.s.set_hero_place(h, HeroPlace::Escaped);
        let carrying = std::mem::take(&mut cx.s.heroes[h].chests);
        for &c in &carrying {
            cx.s.chests[c].place = ChestPlace::Out;
        }
        cx.emit(Event::PushedOut { hero: h, carrying });
    }
}

/// Could monster `m` reveal a token this activation (a square that reveals
/// one lies within its speed)? Asked before it moves, for Stealth and
/// Limited Invisibility.
pub fn could_reveal(s: &State, m: MonsterId, speed: u32) -> bool {
    let mon = &s.monsters[m];
    if !(mon.has(Ability::Stealth) || mon.has(Ability::LimitedInvisibility)) || s.wmts.is_empty() {
        return false;
    }
    // Who stands where, gathered once rather than asked of every square
    // (by board index, as the trigger squares come).
    let occ = s.occupancy();
    let here = mon.pos.and_then(|p| s.board.idx(p));
    let goals: Vec<Point> = s
        .token_trigger_squares()
        .iter()
        .filter(|&&i| s.board.passable_at(i) && (Some(i) == here || !occ.has_at(i, Occupancy::ANY)))
        .map(|&i| s.board.point(i))
        .collect();
    !goals.is_empty() && walk::travel_within(s, m, &goals, Heroes::Avoid, speed)
}

/// Stealth and Limited Invisibility: always in use, except when the monster
/// had the chance to reveal a token this activation (`could_reveal`). Only
/// reported: the players apply the effect.
pub fn stealth_report(cx: &mut Ctx, m: MonsterId, could_reveal: bool) {
    for a in [Ability::Stealth, Ability::LimitedInvisibility] {
        if cx.s.monsters[m].has(a) {
            cx.emit(Event::Hidden {
                monster: m,
                ability: a,
                could_reveal,
            });
        }
    }
}
