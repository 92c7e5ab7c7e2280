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

use super::walk::{self, End, Heroes, OnFail};
use super::{Candidate, MAGIC_RANGE, face};
use crate::core::geom::all_around;
use crate::mkd::figures::Ability;
use crate::mkd::play::board::{Board, FAR, fmt_point, side_word};
use crate::mkd::play::engine::{CombatMode, Game, plural};
use crate::mkd::play::state::{ChestPlace, HeroPlace, MonsterMode};
use crate::scenario::Point;

/// Active monsters other than `m` with wounds.
fn wounded_others(game: &Game, m: usize) -> Vec<usize> {
    (0..game.monsters.len())
        .filter(|&o| o != m && game.monsters[o].active() && game.monsters[o].wounds > 0)
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
pub(super) fn usable(game: &Game, m: usize, h: usize, speed: u32) -> Vec<Ability> {
    let mon = &game.monsters[m];
    let mut v = Vec::new();
    if mon.has(Ability::Quickness) {
        let range = mon.stats.shoot.map(|s| s.range);
        let goals = walk::attack_squares(game, m, h, range);
        let t = walk::travel(game, m, &goals, Heroes::Avoid);
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
        && (mon.stats.shoot.is_none() || walk::can_attack_now(game, m, h, None))
    {
        v.push(Ability::Shockwave);
    }
    let anyone_wounded = mon.wounds > 0 || !wounded_others(game, m).is_empty();
    for a in [Ability::Healing, Ability::MagicHealing] {
        if mon.has(a) && anyone_wounded {
            v.push(a);
        }
    }
    if mon.has(Ability::Necromancy)
        && !game.fallen.is_empty()
        && mon.pos.and_then(|p| game.free_square_near(p)).is_some()
    {
        v.push(Ability::Necromancy);
    }
    v
}

/// Which optional ability monster `m` uses this activation, if any: one of
/// the usable ones (a d6 when several), then that ability's own roll where
/// the rules give one (1–3 uses it).
pub(super) fn choose(game: &mut Game, m: usize, h: usize, speed: u32) -> Option<Ability> {
    let list = usable(game, m, h, speed);
    let id = game.monsters[m].id.clone();
    let a = match list.len() {
        0 => return None,
        1 => list[0],
        _ => {
            let names: Vec<String> = list.iter().map(|a| a.name().to_string()).collect();
            list[walk::choose(game, &format!("{id}: which optional ability"), &names)]
        }
    };
    if a.used_on_half() {
        let f = game.dice.d6(format!("{id}: {}", a.name()));
        let uses = f <= 3;
        game.say(format!(
            "{id} {}: rolled {f} — {}",
            a.name(),
            if uses {
                "it uses it"
            } else {
                "it does not use it"
            }
        ));
        if !uses {
            return None;
        }
    }
    Some(a)
}

/// Healing and Magic Healing: heal itself when wounded; otherwise go to the
/// nearest wounded monster and heal it. Returns false when there is nobody
/// to heal (it then attacks as normal).
pub(super) fn heal(game: &mut Game, m: usize, speed: u32, which: Ability) -> bool {
    if game.monsters[m].wounds > 0 {
        heal_roll(game, m, m, which);
        return true;
    }
    let others = wounded_others(game, m);
    let pool: Vec<Candidate> = others
        .iter()
        .filter_map(|&o| {
            let goals = around_monster(game, m, o);
            let travel = walk::travel(game, m, &goals, Heroes::Avoid);
            (travel != FAR).then_some(Candidate {
                h: o,
                travel,
                spins: 0,
            })
        })
        .collect();
    if pool.is_empty() {
        return false;
    }
    // `least` names heroes; name the monsters here instead.
    let best = pool.iter().map(|c| c.travel).min().unwrap_or(0);
    let ties: Vec<usize> = pool
        .iter()
        .filter(|c| c.travel == best)
        .map(|c| c.h)
        .collect();
    let names: Vec<String> = ties.iter().map(|&o| game.monsters[o].id.clone()).collect();
    let id = game.monsters[m].id.clone();
    let o = ties[walk::choose(game, &format!("{id}: nearest wounded monster tie"), &names)];
    let oid = game.monsters[o].id.clone();
    game.say(format!("{id} goes to heal {oid} ({which})"));
    let goals = around_monster(game, m, o);
    let w = walk::walk(game, m, &goals, speed, Heroes::Avoid, OnFail::Engage, None);
    match w.end {
        End::Arrived => heal_roll(game, m, o, which),
        End::Engaged(h) if walk::can_attack_now(game, m, h, None) => game.monster_attacks(m, h),
        _ => {}
    }
    true
}

/// Free squares next to monster `o` that monster `m` could stand on.
fn around_monster(game: &Game, m: usize, o: usize) -> Vec<Point> {
    let me = game.monsters[m].pos;
    game.monsters[o]
        .pos
        .map(all_around)
        .unwrap_or_default()
        .into_iter()
        .filter(|&q| game.board.passable(q) && (Some(q) == me || !game.occupied(q)))
        .collect()
}

/// One healing roll by `m` on `o` (itself or a neighbour).
fn heal_roll(game: &mut Game, m: usize, o: usize, which: Ability) {
    let id = game.monsters[m].id.clone();
    let oid = game.monsters[o].id.clone();
    let f = game.dice.d6(format!("{id}: {which} on {oid}"));
    let n = f.div_ceil(2).min(game.monsters[o].wounds);
    game.monsters[o].wounds -= n;
    let on = if o == m { "itself".to_string() } else { oid };
    game.say(format!(
        "{id} uses {which} on {on}: rolled {f} — heals {n} wound{} ({} left)",
        plural(n),
        game.monsters[o].wounds_left()
    ));
}

/// Necromancy: the most valuable fallen monster (ties by d6) rises next to
/// the necromancer, unwounded. It acts from the next turn on.
pub(super) fn necromancy(game: &mut Game, m: usize) {
    let id = game.monsters[m].id.clone();
    let Some(best) = game.fallen.iter().map(|&f| game.monsters[f].points).max() else {
        return;
    };
    let ties: Vec<usize> = game
        .fallen
        .iter()
        .copied()
        .filter(|&f| game.monsters[f].points == best)
        .collect();
    let names: Vec<String> = ties.iter().map(|&f| game.monsters[f].id.clone()).collect();
    let f = ties[walk::choose(game, &format!("{id}: which fallen monster"), &names)];
    let Some(spot) = game.monsters[m].pos.and_then(|p| game.free_square_near(p)) else {
        return;
    };
    game.fallen.retain(|&x| x != f);
    let r = &mut game.monsters[f];
    r.pos = Some(spot);
    r.wounds = 0;
    r.mode = MonsterMode::Hunt;
    r.surprised = false;
    r.held = 0;
    r.carrying = None;
    let (fid, pts) = (r.id.clone(), r.points);
    // A risen monster is one more to fight.
    game.stats.monsters_revealed += 1;
    game.say(format!(
        "{id} raises {fid} ({pts} points) on {} with Necromancy",
        fmt_point(spot)
    ));
}

/// Rolls a spell or area attack of monster `m` against a hero (dice combat).
fn dice_on_hero(game: &mut Game, m: usize, h: usize, melee: bool, what: &str) {
    let n = game.monsters[m].stats.attacks;
    let hit_on = if melee {
        game.rules().melee_hit
    } else {
        game.rules().shoot_hit
    };
    let armour = game.heroes[h].stats.armour;
    let who = format!("{} {what} {}", game.monsters[m].id, game.heroes[h].name);
    let roll = crate::mkd::play::combat::attack(&mut game.dice, n, hit_on, armour, 0, &who);
    game.say(format!("{who}: {}", roll.describe(hit_on, armour)));
    if roll.wounds > 0 {
        game.wound_hero(h, roll.wounds);
    }
}

/// Magic Blast: a ranged magic attack on hero `h`.
pub(super) fn blast(game: &mut Game, m: usize, h: usize) {
    face(game, m, h);
    let (id, name) = (game.monsters[m].id.clone(), game.heroes[h].name.clone());
    match game.opts.combat {
        CombatMode::Dice => dice_on_hero(game, m, h, false, "casts Magic Blast at"),
        CombatMode::Manual => game.say(format!(
            "{id} casts Magic Blast at {name}: resolve it with the figures and report `wound {name} N`"
        )),
    }
}

/// Flame/Lightning: every figure on the line through hero `h` is attacked,
/// friends included.
pub(super) fn flame(game: &mut Game, m: usize, h: usize) {
    face(game, m, h);
    let (Some(me), Some(hp)) = (game.monsters[m].pos, game.heroes[h].pos()) else {
        return;
    };
    let range = game.monsters[m]
        .stats
        .shoot
        .map_or(MAGIC_RANGE, |s| s.range.max(MAGIC_RANGE));
    let ray = walk::ray(&game.board, me, hp, range);
    #[derive(Clone, Copy, PartialEq)]
    enum Fig {
        Hero(usize),
        Monster(usize),
    }
    let mut hit: Vec<Fig> = Vec::new();
    for p in ray {
        if let Some(x) = game.hero_at(p) {
            hit.push(Fig::Hero(x));
        } else if let Some(o) = game.monster_at(p).filter(|&o| o != m) {
            hit.push(Fig::Monster(o));
        }
    }
    if !hit.contains(&Fig::Hero(h)) {
        hit.insert(0, Fig::Hero(h));
    }
    let names: Vec<String> = hit
        .iter()
        .map(|f| match *f {
            Fig::Hero(x) => game.heroes[x].name.clone(),
            Fig::Monster(o) => game.monsters[o].id.clone(),
        })
        .collect();
    let id = game.monsters[m].id.clone();
    game.say(format!(
        "{id} looses Flame/Lightning towards {}: the line catches {}",
        side_word(crate::mkd::play::board::side_towards(me, hp)),
        names.join(", ")
    ));
    match game.opts.combat {
        CombatMode::Manual => game.say(format!(
            "resolve {id}'s attack on each of them with the figures and report the wounds"
        )),
        CombatMode::Dice => {
            for f in hit {
                match f {
                    Fig::Hero(x) => {
                        if game.heroes[x].pos().is_some() {
                            dice_on_hero(game, m, x, false, "burns");
                        }
                    }
                    Fig::Monster(o) => {
                        if game.monsters[o].active() {
                            let n = game.monsters[m].stats.attacks;
                            let hit_on = game.rules().shoot_hit;
                            let armour = game.monsters[o].stats.armour;
                            let who = format!("{id} burns {}", game.monsters[o].id);
                            let roll = crate::mkd::play::combat::attack(
                                &mut game.dice,
                                n,
                                hit_on,
                                armour,
                                0,
                                &who,
                            );
                            game.say(format!("{who}: {}", roll.describe(hit_on, armour)));
                            if roll.wounds > 0 {
                                game.wound_monster(o, roll.wounds, None);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Shockwave: a close attack on every hero next to the monster.
pub(super) fn shockwave(game: &mut Game, m: usize) {
    let Some(me) = game.monsters[m].pos else {
        return;
    };
    let around: Vec<usize> = game
        .heroes_in_dungeon()
        .into_iter()
        .filter(|&h| game.heroes[h].pos().is_some_and(|p| Board::adjacent(p, me)))
        .collect();
    let id = game.monsters[m].id.clone();
    let names: Vec<String> = around
        .iter()
        .map(|&h| game.heroes[h].name.clone())
        .collect();
    game.say(format!(
        "{id} sends out a Shockwave: it strikes {}",
        names.join(", ")
    ));
    match game.opts.combat {
        CombatMode::Manual => game.say(format!(
            "resolve {id}'s Shockwave on each of them with the figures and report the wounds"
        )),
        CombatMode::Dice => {
            for h in around {
                if game.heroes[h].pos().is_some() {
                    dice_on_hero(game, m, h, true, "shocks");
                }
            }
        }
    }
}

/// Magic Freeze: hero `h` misses the heroes' next turn. (`held` counts
/// down at the end of every turn, this one included, hence 2.)
pub(super) fn freeze(game: &mut Game, m: usize, h: usize) {
    face(game, m, h);
    game.heroes[h].held = game.heroes[h].held.max(2);
    let (id, name) = (game.monsters[m].id.clone(), game.heroes[h].name.clone());
    game.say(format!(
        "{id} casts Magic Freeze on {name}: {name} is frozen and misses the next turn"
    ));
}

/// Magic Levitation and Magic Confusion: hero `h` drifts like a WMT — a
/// direction from the directions table, then up to a WMT's speed along the
/// shortest way to the tiles that way. Pushed out of the entrance, the hero
/// is out of the adventure (as one who left; chests go with him).
pub(super) fn drift(game: &mut Game, m: usize, h: usize, what: &str) {
    face(game, m, h);
    let id = game.monsters[m].id.clone();
    let name = game.heroes[h].name.clone();
    let Some(hp) = game.heroes[h].pos() else {
        return;
    };
    let since = game.dice.log_len();
    let side = game.random_direction(&format!("{id}: {what} on {name}"));
    let faces = walk::faces_since(game, since);
    game.say(format!(
        "{id} casts {what} on {name}: rolled {faces} — {}",
        side_word(side)
    ));
    let since = game.dice.log_len();
    let goal = game.direction_goal(hp, side, &id);
    if game.dice.log_len() > since {
        let faces = walk::faces_since(game, since);
        game.say(format!("which tile {}: rolled {faces}", side_word(side)));
    }
    let mover = game.hero_mover(h);
    let dist = {
        let blocked = |p: Point| p != hp && game.occupied(p);
        game.board.distances_to(&goal, &mover, &blocked)
    };
    let mut left = game.rules().wmt_speed;
    let mut here = hp;
    let mut path = Vec::new();
    while !goal.contains(&here) {
        let next: Vec<Point> = game
            .board
            .downhill(here, &dist, &mover)
            .into_iter()
            .filter(|&p| !game.occupied(p))
            .collect();
        if next.is_empty() {
            break;
        }
        let names: Vec<String> = next
            .iter()
            .map(|&p| side_word(crate::mkd::play::board::side_towards(here, p)).to_string())
            .collect();
        let n = next[walk::choose(game, &format!("{name} drifts: way round"), &names)];
        let cost = game.board.step_cost(here, n, &mover).unwrap_or(1);
        if cost > left {
            break;
        }
        left -= cost;
        here = n;
        game.heroes[h].place = HeroPlace::At(n);
        path.push(fmt_point(n));
        game.enter_square_hero(h, n);
        if game.heroes[h].place != HeroPlace::At(n) {
            return;
        }
    }
    if path.is_empty() {
        game.say(format!("{name} cannot drift {} and stays", side_word(side)));
    } else {
        game.say(format!(
            "{name} drifts to {} (via {})",
            fmt_point(here),
            path.join(", ")
        ));
    }
    if game.board.is_entrance(here) && side == game.board.entrance_side {
        game.heroes[h].place = HeroPlace::Escaped;
        let carried = std::mem::take(&mut game.heroes[h].chests);
        for &c in &carried {
            game.chests[c].place = ChestPlace::Out;
        }
        game.say(format!(
            "{name} is pushed out of the dungeon and is out of the adventure"
        ));
    }
}

/// Could monster `m` reveal a token this activation (a square that reveals
/// one lies within its speed)? Asked before it moves, for Stealth and
/// Limited Invisibility.
pub(super) fn could_reveal(game: &Game, m: usize, speed: u32) -> bool {
    let mon = &game.monsters[m];
    if !(mon.has(Ability::Stealth) || mon.has(Ability::LimitedInvisibility)) || game.wmts.is_empty()
    {
        return false;
    }
    let goals: Vec<Point> = (0..game.board.len())
        .map(|i| game.board.point(i))
        .filter(|&p| game.board.passable(p) && !game.wmt_triggered_by(p).is_empty())
        .filter(|&p| mon.pos == Some(p) || !game.occupied(p))
        .collect();
    !goals.is_empty() && walk::travel(game, m, &goals, Heroes::Avoid) <= speed
}

/// Stealth and Limited Invisibility: always in use, except when the monster
/// had the chance to reveal a token this activation (`could_reveal`). Only
/// reported: the players apply the effect.
pub(super) fn stealth_report(game: &mut Game, m: usize, could_reveal: bool) {
    let id = game.monsters[m].id.clone();
    for name in [Ability::Stealth, Ability::LimitedInvisibility] {
        if !game.monsters[m].has(name) {
            continue;
        }
        if could_reveal {
            game.say(format!(
                "{id} does not use {name}: it could reveal a wandering monster token"
            ));
        } else {
            game.say(format!("{id} uses {name}"));
        }
    }
}
