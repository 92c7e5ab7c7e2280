//! Monster decision making: what a revealed monster does in its activation,
//! by the MKD Adventure "Play" rules, with every die printed.
//!
//! One activation ([`activate`]) runs, in order: a monster that left for
//! help comes back in; Command heals a demoralized friend; open chests next
//! to it are shut; then whatever its mode calls for — fetching help,
//! fleeing with a chest, retreating while demoralized, or the hunt (first
//! choice target, the decision roll, the unexpected-action roll, optional
//! abilities, the move and the attack).
//!
//! Project readings of the rules, where the text leaves room:
//! - Movement is counted in speed points along the board's orthogonal
//!   routes; spins are free (monsters always free-spin), so the quarter
//!   turns needed to face a hero only break ties between heroes the monster
//!   can attack without moving.
//! - Line of sight for shooting and spells is the straight line between the
//!   squares ([`walk::line_of_sight`]), and range is counted in king's moves.
//! - A hero's rear arc is the three squares behind him.
//! - Theft is rolled like a break-away ([`THEFT`]).

mod abilities;
pub(crate) mod walk;

#[cfg(test)]
mod tests;

use crate::core::geom::{all_around, chebyshev};
use crate::mkd::figures::Ability;
use crate::mkd::mission::Goal;
use crate::mkd::play::board::walk::FAR;
use crate::mkd::play::board::{Board, side_towards};
use crate::mkd::play::combat::{attack, monster_attacks};
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{
    AttackRoll, Chooser, Event, Figure, Pick, Retreat, Strike, Target, Topic,
};
use crate::mkd::play::missions::{chest_attack_squares, destroy_quest_chest};
use crate::mkd::play::reveal::{Cause, put_pool_token, reveal, update_capture};
use crate::mkd::play::state::{
    ChestId, ChestPlace, CombatMode, HeroId, MonsterId, MonsterMode, Occupancy, State,
};
use crate::mkd::tables::{Decision, Reinforcement, TheftOutcome, Unexpected};
use crate::scenario::Point;
use abilities::MAGIC_RANGE;

use walk::{Candidate, End, Heroes, OnFail, face};

/// A theft attempt succeeds when a d6 shows at least this. The MKD text
/// refers to "regular rules" the project does not have, so a theft is
/// rolled like a break-away: 4, 5 or 6.
pub const THEFT: u32 = 4;

/// The defence of the Quest Chest against a monster's attack (stealth).
pub const CHEST_DEFENCE: u32 = 5;

/// One monster's activation.
pub fn activate(cx: &mut Ctx, m: MonsterId) {
    let returning = cx.s.monsters[m].mode == MonsterMode::GoneForHelp;
    if returning && !come_back_in(cx, m) {
        return;
    }
    if !cx.s.monsters[m].active() {
        return;
    }
    command_heals(cx, m);
    close_open_chests(cx, m);
    let speed = base_speed(cx.s, m);
    let could_reveal = abilities::could_reveal(cx.s, m, speed);
    let played = kidnappee(cx, m, speed);
    let heal_self = if played {
        None
    } else {
        abilities::wounded_healer(cx.s, m)
    };
    match cx.s.monsters[m].mode {
        _ if played => {}
        // A wounded healer heals itself first, before any decision roll.
        MonsterMode::Hunt
        | MonsterMode::ChestHunt
        | MonsterMode::Reinforcing
        | MonsterMode::Fleeing
            if heal_self.is_some() =>
        {
            if let Some(which) = heal_self {
                abilities::heal_roll(cx, m, m, which);
            }
        }
        MonsterMode::Reinforcing => {
            if !seek_help(cx, m, speed) {
                blocked_fallback(cx, m, speed);
            }
        }
        MonsterMode::Fleeing => {
            if !flee(cx, m, speed) {
                blocked_fallback(cx, m, speed);
            }
        }
        MonsterMode::Hunt if cx.s.monsters[m].demoralized => retreat(cx, m, speed),
        MonsterMode::Hunt => hunt(cx, m, speed),
        MonsterMode::ChestHunt if cx.s.monsters[m].demoralized => retreat(cx, m, speed),
        MonsterMode::ChestHunt => chest_hunt(cx, m, speed),
        MonsterMode::GoneForHelp | MonsterMode::Gone => {}
    }
    if cx.s.monsters[m].active() {
        close_open_chests(cx, m);
        abilities::stealth_report(cx, m, could_reveal);
    }
    if returning {
        reinforcement_roll(cx, m);
    }
}

/// Free spin: the monster turns to face the nearest hero in a straight line
/// (rules: monsters always free-spin, even when surprised). No die: the
/// nearest by king's moves, the first hero in party order on a tie.
pub fn free_spin(s: &mut State, m: MonsterId) {
    let Some(me) = s.monsters[m].pos else {
        return;
    };
    let best = s
        .heroes_in_dungeon()
        .into_iter()
        .filter_map(|h| s.heroes[h].pos().map(|p| (chebyshev(me, p), p)))
        .min_by_key(|x| x.0);
    if let Some((_, p)) = best {
        s.monsters[m].facing = side_towards(me, p);
    }
}

/// Speed this activation: its own, plus its mount's while a Mounted monster
/// rides, plus the Command bonus when a friendly monster with Command stands
/// in the same tile or next to it.
pub fn base_speed(s: &State, m: MonsterId) -> u32 {
    let mut speed = s.monsters[m].stats.speed;
    if s.monsters[m].mounted() {
        speed += s.rules().mounted_bonus;
    }
    if commander_near(s, m).is_some() {
        speed += s.rules().command_bonus;
    }
    speed
}

/// A friendly monster with Command in the same tile or next to `m`.
fn commander_near(s: &State, m: MonsterId) -> Option<MonsterId> {
    let p = s.monsters[m].pos?;
    s.floor_monsters().find(|&o| {
        o != m
            && s.monsters[o].has(Ability::Command)
            && s.monsters[o]
                .pos
                .is_some_and(|q| Board::adjacent(p, q) || s.same_tile(p, q))
    })
}

/// Command: a demoralized monster next to (or in the tile of) a friend with
/// Command is healed of it at the start of its activation.
fn command_heals(cx: &mut Ctx, m: MonsterId) {
    if !cx.s.monsters[m].demoralized {
        return;
    }
    if let Some(c) = commander_near(cx.s, m) {
        cx.s.monsters[m].demoralized = false;
        cx.emit(Event::Rallied { monster: m, by: c });
    }
}

/// Thievery: a monster next to an open chest on the floor shuts it (trap
/// reset) at no cost.
fn close_open_chests(cx: &mut Ctx, m: MonsterId) {
    let Some(p) = cx.s.monsters[m].pos else {
        return;
    };
    for c in (0..cx.s.chests.len()).map(ChestId) {
        if let ChestPlace::At(q) = cx.s.chests[c].place
            && cx.s.chests[c].open
            && (q == p || Board::adjacent(p, q))
        {
            cx.s.chests[c].open = false;
            cx.s.chests[c].trap_spent = false;
            cx.emit(Event::ChestShut {
                monster: m,
                chest: c,
                at: q,
            });
        }
    }
}

// ---------------------------------------------------------------- targets

/// Every hero monster `m` can reach, with the movement needed to attack him
/// (ranged or close; with Sneak Attack, to his rear arc where it can).
fn candidates(s: &State, m: MonsterId) -> Vec<Candidate<HeroId>> {
    let occ = s.occupancy();
    reach(s, &occ, m, &targets(s, &occ, m))
}

/// The heroes in the dungeon and, for each, the squares a monster could
/// attack him from ([`targets`]).
struct Targets {
    heroes: Vec<HeroId>,
    sets: Vec<Vec<Point>>,
}

impl Targets {
    /// Hero `h`'s squares taken out, when they are the ones
    /// [`walk::attack_squares`] gives monster `m` at its own range (not a
    /// Sneak Attacker's rear arc) and `s` is the state they were made in.
    fn normal_squares(&mut self, s: &State, m: MonsterId, h: HeroId) -> Option<Vec<Point>> {
        if s.monsters[m].has(Ability::SneakAttack) {
            return None;
        }
        let i = self.heroes.iter().position(|&x| x == h)?;
        Some(std::mem::take(&mut self.sets[i]))
    }
}

/// The heroes in the dungeon and, for each, the squares monster `m` could
/// attack him from (ranged or close; with Sneak Attack, his rear arc where
/// it can stand there). `occ`: who stands where, as [`State::occupancy`]
/// gathers it.
fn targets(s: &State, occ: &Occupancy, m: MonsterId) -> Targets {
    let range = s.monsters[m].stats.shoot.map(|x| x.range);
    let sneak = s.monsters[m].has(Ability::SneakAttack);
    let heroes: Vec<HeroId> = s.heroes_in_dungeon();
    let sets: Vec<Vec<Point>> = heroes
        .iter()
        .map(|&h| {
            let rear = rear_arc(s, m, h, sneak);
            if rear.is_empty() {
                walk::attack_squares_in(s, occ, m, h, range)
            } else {
                rear
            }
        })
        .collect();
    Targets { heroes, sets }
}

/// The [`candidates`] among `t` (monster `m`'s [`targets`]): the heroes it
/// can reach, with the travel to their squares (one walk out of its own).
fn reach(s: &State, occ: &Occupancy, m: MonsterId, t: &Targets) -> Vec<Candidate<HeroId>> {
    let travels = walk::travels(s, occ, m, &t.sets, Heroes::Avoid);
    let mut v = Vec::with_capacity(t.heroes.len());
    for (&h, travel) in t.heroes.iter().zip(travels) {
        if travel == FAR {
            continue;
        }
        let spins = match travel {
            0 => spins_to(s, m, h),
            _ => 0,
        };
        v.push(Candidate {
            who: h,
            travel,
            spins,
        });
    }
    v
}

/// For a Sneak Attacker (`sneak`), the squares of hero `h`'s rear arc
/// monster `m` could stand on ([`walk::rear_squares`]); empty otherwise.
/// When empty, the monster attacks from the usual squares.
fn rear_arc(s: &State, m: MonsterId, h: HeroId, sneak: bool) -> Vec<Point> {
    match sneak {
        true => walk::rear_squares(s, m, h),
        false => Vec::new(),
    }
}

/// The [`candidates`] that monster `m` can attack without moving (travel
/// 0), in the same order, found without walking any route or gathering any
/// hero's squares ([`targets`]) in full: every other candidate needs at
/// least a speed point of travel.
fn at_hand(s: &State, m: MonsterId) -> Vec<Candidate<HeroId>> {
    let Some(me) = s.monsters[m].pos else {
        return Vec::new();
    };
    let range = s.monsters[m].stats.shoot.map(|x| x.range);
    let sneak = s.monsters[m].has(Ability::SneakAttack);
    s.heroes_in_dungeon()
        .into_iter()
        .filter(|&h| {
            // The square is in the hero's set of [`targets`].
            let rear = rear_arc(s, m, h, sneak);
            if rear.is_empty() {
                walk::attacks_from(s, m, h, range)
            } else {
                rear.contains(&me)
            }
        })
        .map(|h| Candidate {
            who: h,
            travel: 0,
            spins: spins_to(s, m, h),
        })
        .collect()
}

/// Quarter turns monster `m` needs to face hero `h` (0 if either is off
/// the board).
fn spins_to(s: &State, m: MonsterId, h: HeroId) -> u32 {
    match (s.monsters[m].pos, s.heroes[h].pos()) {
        (Some(a), Some(b)) => walk::spins(s.monsters[m].facing, side_towards(a, b)),
        _ => 0,
    }
}

/// The candidate needing the least movement (travel, then spins), ties by d6.
fn least(
    cx: &mut Ctx,
    m: MonsterId,
    pool: &[Candidate<HeroId>],
    topic: Topic,
) -> Option<Candidate<HeroId>> {
    let best = pool.iter().map(|c| (c.travel, c.spins)).min()?;
    let ties: Vec<Candidate<HeroId>> = pool
        .iter()
        .copied()
        .filter(|c| (c.travel, c.spins) == best)
        .collect();
    let picks: Vec<Pick> = ties.iter().map(|c| Pick::Hero(c.who)).collect();
    Some(ties[cx.choose(Chooser::Monster(m), topic, &picks)])
}

/// Monster decision making: the first choice, the decision roll, and what
/// follows from it.
fn hunt(cx: &mut Ctx, m: MonsterId, speed: u32) {
    cx.s.monsters[m].waiting = false;
    if chest_reachable(cx.s, m) {
        let pool = candidates(cx.s, m);
        // Stealth: the Quest Chest is every monster's first choice.
        cx.emit(Event::FirstChoiceChest { monster: m });
        let f = decision(cx, m);
        if cx.s.tables.monster_decision.get(f).result == Decision::FirstChoice {
            commit_to_chest(cx, m, speed);
            return;
        }
        let Some(near) = least(cx, m, &pool, Topic::NearestHero) else {
            no_way_to_heroes(cx, m);
            return;
        };
        match cx.s.tables.monster_decision.get(f).result {
            Decision::Weakest => {
                let h = weakest(cx, m, &pool);
                let left = cx.s.heroes[h].wounds_left();
                cx.emit(Event::GoesForWeakest {
                    monster: m,
                    hero: h,
                    left,
                });
                go_attack(cx, m, h, speed);
            }
            Decision::Unexpected => unexpected(cx, m, speed, near.who),
            _ => {
                cx.emit(Event::GoesForNearest {
                    monster: m,
                    hero: near.who,
                });
                go_attack(cx, m, near.who, speed);
            }
        }
        return;
    }
    // The first choice needs the least travel: when some hero can be
    // attacked without moving, it is one of those, and the whole pool (a
    // walk out to every hero) waits until a decision looks past them. A
    // guardian of a freed prisoner weighs the prisoner wherever he is.
    let guards = cx.s.mission.freed.is_some() && cx.s.mission.guardian_monsters.contains(&m);
    let near = if guards { Vec::new() } else { at_hand(cx.s, m) };
    // Every hero's squares and the whole pool, made once needed (nothing
    // changes the state before then; only dice are rolled).
    let (mut t, mut whole) = (None, None);
    let pool = |s: &State, t: &mut Option<Targets>| {
        let occ = s.occupancy();
        reach(s, &occ, m, t.get_or_insert_with(|| targets(s, &occ, m)))
    };
    if near.is_empty() {
        whole = Some(pool(cx.s, &mut t));
    }
    let first_pool = whole.as_deref().unwrap_or(&near);
    let first = match prisoner_first(cx.s, m, first_pool) {
        Some(c) => {
            cx.emit(Event::PrisonerFirst { monster: m });
            Some(c)
        }
        None => least(cx, m, first_pool, Topic::FirstChoice),
    };
    let Some(first) = first else {
        no_way_to_heroes(cx, m);
        return;
    };
    cx.emit(Event::FirstChoice {
        monster: m,
        hero: first.who,
        travel: first.travel,
    });
    let f = decision(cx, m);
    match cx.s.tables.monster_decision.get(f).result {
        Decision::FirstChoice => {
            let known = t
                .as_mut()
                .and_then(|t| t.normal_squares(cx.s, m, first.who));
            go_attack_from(cx, m, first.who, speed, known);
        }
        Decision::SecondChoice => {
            let pool = whole.get_or_insert_with(|| pool(cx.s, &mut t));
            let rest: Vec<Candidate<HeroId>> = pool
                .iter()
                .copied()
                .filter(|c| c.who != first.who)
                .collect();
            let h = least(cx, m, &rest, Topic::SecondChoice).map_or(first.who, |c| c.who);
            if h != first.who {
                cx.emit(Event::GoesForInstead {
                    monster: m,
                    hero: h,
                });
            }
            let known = t.as_mut().and_then(|t| t.normal_squares(cx.s, m, h));
            go_attack_from(cx, m, h, speed, known);
        }
        Decision::Weakest => {
            let pool = whole.get_or_insert_with(|| pool(cx.s, &mut t));
            let h = weakest(cx, m, pool);
            let left = cx.s.heroes[h].wounds_left();
            cx.emit(Event::GoesForWeakest {
                monster: m,
                hero: h,
                left,
            });
            let known = t.as_mut().and_then(|t| t.normal_squares(cx.s, m, h));
            go_attack_from(cx, m, h, speed, known);
        }
        Decision::Unexpected => unexpected(cx, m, speed, first.who),
    }
}

/// Monster `m`'s hunt found no way to any hero: it waits
/// ([`MonsterState::waiting`](crate::mkd::play::state::MonsterState::waiting)),
/// turning to face the nearest.
fn no_way_to_heroes(cx: &mut Ctx, m: MonsterId) {
    cx.emit(Event::NoWayToHeroes { monster: m });
    cx.s.monsters[m].waiting = true;
    free_spin(cx.s, m);
}

/// The decision roll.
fn decision(cx: &mut Ctx, m: MonsterId) -> u32 {
    let f = cx
        .dice
        .d6(format_args!("{}: decision", cx.s.monsters[m].id));
    cx.emit(Event::Decision {
        monster: m,
        face: f,
    });
    f
}

/// The hero with the fewest wounds left; ties by least movement, then d6.
fn weakest(cx: &mut Ctx, m: MonsterId, pool: &[Candidate<HeroId>]) -> HeroId {
    let s = &*cx.s;
    let low = pool
        .iter()
        .map(|c| s.heroes[c.who].wounds_left())
        .min()
        .unwrap_or(0);
    let ties: Vec<Candidate<HeroId>> = pool
        .iter()
        .copied()
        .filter(|c| s.heroes[c.who].wounds_left() == low)
        .collect();
    least(cx, m, &ties, Topic::WeakestHero).map_or(pool[0].who, |c| c.who)
}

/// Moving to attack hero `h` and attacking him: optional abilities first
/// (one chosen by d6 when several apply), Sneak Attack's approach from
/// behind, the shortest route with break-aways, then the attack facing him.
fn go_attack(cx: &mut Ctx, m: MonsterId, h: HeroId, speed: u32) {
    go_attack_from(cx, m, h, speed, None);
}

/// [`go_attack`], given the squares monster `m` could attack hero `h` from
/// at its own range ([`walk::attack_squares`]) when the caller has them
/// with nothing changed since: they stand unless a spell lengthens the
/// range.
fn go_attack_from(cx: &mut Ctx, m: MonsterId, h: HeroId, speed: u32, known: Option<Vec<Point>>) {
    let ability = abilities::choose(cx, m, h, speed);
    if let Some(which @ (Ability::Healing | Ability::MagicHealing)) = ability
        && abilities::heal(cx, m, speed, which)
    {
        return;
    }
    if ability == Some(Ability::Necromancy) {
        abilities::necromancy(cx, m);
        return;
    }
    let mut range = cx.s.monsters[m].stats.shoot.map(|x| x.range);
    let mut speed = speed;
    let mut move_only = false;
    match ability {
        Some(a) if a.is_spell() => range = Some(range.unwrap_or(0).max(MAGIC_RANGE)),
        Some(Ability::Quickness) => {
            let bonus = cx.s.rules().quickness_bonus;
            speed += bonus;
            move_only = true;
            cx.emit(Event::UsesQuickness { monster: m, bonus });
        }
        _ => {}
    }
    let own = cx.s.monsters[m].stats.shoot.map(|x| x.range);
    let normal = match known {
        Some(v) if range == own => v,
        _ => walk::attack_squares(cx.s, m, h, range),
    };
    let goals = if cx.s.monsters[m].has(Ability::SneakAttack) {
        sneak_goals(cx, m, h, speed, normal)
    } else {
        normal
    };
    let w = walk::walk(cx, m, &goals, speed, Heroes::Avoid, OnFail::Engage, Some(h));
    match w.end {
        End::Arrived if move_only => {
            face(cx.s, m, h);
            cx.emit(Event::QuicknessNoAttack {
                monster: m,
                hero: h,
            });
        }
        End::Arrived => strike(cx, m, h, ability, range),
        End::Engaged(o) => {
            cx.emit(Event::TurnsOn {
                monster: m,
                from: h,
                to: o,
            });
            if walk::can_attack_now(cx.s, m, o, None) {
                monster_attacks(cx, m, o);
            }
        }
        End::Short | End::NoRoute
            if ability == Some(Ability::MagicBlast) && abilities::blast_door(cx, m, h) => {}
        End::Short => {
            face(cx.s, m, h);
            cx.emit(Event::CannotReachHero {
                monster: m,
                hero: h,
            });
        }
        End::NoRoute => {
            face(cx.s, m, h);
            cx.emit(Event::NoWayToHero {
                monster: m,
                hero: h,
            });
        }
        End::Revealed | End::Pinned | End::Slain => {}
    }
}

/// Sneak Attack: the rear arc if it can get there this activation, else any
/// square it can attack from this activation, else keep heading for the rear.
fn sneak_goals(
    cx: &mut Ctx,
    m: MonsterId,
    h: HeroId,
    speed: u32,
    normal: Vec<Point>,
) -> Vec<Point> {
    let rear = walk::rear_squares(cx.s, m, h);
    if !rear.is_empty() && walk::travel_within(cx.s, m, &rear, Heroes::Avoid, speed) {
        cx.emit(Event::SneaksBehind {
            monster: m,
            hero: h,
        });
        return rear;
    }
    if walk::travel_within(cx.s, m, &normal, Heroes::Avoid, speed) || rear.is_empty() {
        cx.emit(Event::SneakFails {
            monster: m,
            hero: h,
        });
        return normal;
    }
    rear
}

/// The attack itself, with the chosen ability or a plain attack.
fn strike(cx: &mut Ctx, m: MonsterId, h: HeroId, ability: Option<Ability>, range: Option<u32>) {
    face(cx.s, m, h);
    // A shot or a spell at one hero needs a clear line of fire. The square
    // was chosen with one, so this is a figure that came into the way
    // while the monster walked (a token revealed on the line). Flame and
    // Lightning burns along the line and a Shockwave all round, so a
    // figure in between does not stop them.
    let aimed = !matches!(ability, Some(Ability::FlameLightning | Ability::Shockwave));
    if aimed && let Some((at, by)) = figure_in_the_way(cx.s, m, h, range) {
        cx.emit(Event::LineOfFireBlocked {
            monster: m,
            hero: h,
            by,
            at,
        });
        return;
    }
    match ability {
        Some(Ability::MagicBlast) => abilities::blast(cx, m, h),
        Some(Ability::FlameLightning) => abilities::flame(cx, m, h),
        Some(a @ (Ability::MagicLevitation | Ability::MagicConfusion)) => {
            if abilities::takes_hold(cx, m, h, a) {
                abilities::drift(cx, m, h, a)
            }
        }
        Some(Ability::MagicFreeze) => {
            if abilities::takes_hold(cx, m, h, Ability::MagicFreeze) {
                abilities::freeze(cx, m, h)
            }
        }
        Some(Ability::Shockwave) => abilities::shockwave(cx, m),
        _ => {
            let normal = cx.s.monsters[m].stats.shoot.map(|x| x.range);
            if walk::can_attack_now(cx.s, m, h, normal) {
                monster_attacks(cx, m, h);
            } else if walk::can_attack_now(cx.s, m, h, range) {
                cx.emit(Event::InRangeNoShot {
                    monster: m,
                    hero: h,
                });
            }
        }
    }
}

/// The figure on monster `m`'s line of fire to hero `h` when nothing else
/// stops a shot within `range` (not next to him, in range, in sight), with
/// who it is (`None`: the held prisoner).
fn figure_in_the_way(
    s: &State,
    m: MonsterId,
    h: HeroId,
    range: Option<u32>,
) -> Option<(Point, Option<Figure>)> {
    let (mp, hp, r) = (s.monsters[m].pos?, s.heroes[h].pos()?, range?);
    if s.board.touching(mp, hp) || chebyshev(mp, hp) > r {
        return None;
    }
    let at = s.figure_in_the_way(mp, hp)?;
    let by = s
        .hero_at(at)
        .map(Figure::Hero)
        .or_else(|| s.monster_at(at).map(Figure::Monster));
    Some((at, by))
}

// ---------------------------------------------------------------- the unexpected

/// The unexpected-action roll: theft, reinforcements or holding its ground.
fn unexpected(cx: &mut Ctx, m: MonsterId, speed: u32, first: HeroId) {
    let f = cx
        .dice
        .d6(format_args!("{}: unexpected action", cx.s.monsters[m].id));
    cx.emit(Event::Unexpected {
        monster: m,
        face: f,
    });
    match cx.s.tables.unexpected.get(f).result {
        Unexpected::Theft => {
            if !theft(cx, m, speed) {
                cx.emit(Event::NoTheft { monster: m });
                start_reinforcements(cx, m, speed);
            }
        }
        Unexpected::Reinforcements => start_reinforcements(cx, m, speed),
        Unexpected::HoldGround => {
            face(cx.s, m, first);
            cx.emit(Event::HoldsGround { monster: m });
        }
    }
}

/// Thievery: go for the nearest hero carrying a chest and try to take it.
/// Returns false (nothing done) when it cannot attempt a theft this
/// activation: it already carries a chest, no hero carries one, or none is
/// within reach.
fn theft(cx: &mut Ctx, m: MonsterId, speed: u32) -> bool {
    let s = &*cx.s;
    if s.monsters[m].carrying.is_some() {
        return false;
    }
    let pool: Vec<Candidate<HeroId>> = s
        .heroes_in_dungeon()
        .into_iter()
        .filter(|&h| !s.heroes[h].chests.is_empty())
        .filter_map(|h| {
            let goals = walk::attack_squares(s, m, h, None);
            let travel = walk::travel(s, m, &goals, Heroes::Avoid);
            (travel <= speed).then_some(Candidate {
                who: h,
                travel,
                spins: 0,
            })
        })
        .collect();
    let Some(c) = least(cx, m, &pool, Topic::TheftTarget) else {
        return false;
    };
    let h = c.who;
    cx.emit(Event::GoesForChest {
        monster: m,
        hero: h,
    });
    let goals = walk::attack_squares(cx.s, m, h, None);
    let w = walk::walk(cx, m, &goals, speed, Heroes::Avoid, OnFail::Engage, Some(h));
    match w.end {
        End::Arrived => theft_attempt(cx, m, h),
        End::Engaged(o) if walk::can_attack_now(cx.s, m, o, None) => monster_attacks(cx, m, o),
        _ => {}
    }
    true
}

/// The theft roll against an adjacent hero; on success the chest (closed,
/// trap reset) goes to the monster and the theft table says what it does next.
fn theft_attempt(cx: &mut Ctx, m: MonsterId, h: HeroId) {
    face(cx.s, m, h);
    let f = cx.dice.d6(format_args!(
        "{}: theft from {}",
        cx.s.monsters[m].id, cx.s.heroes[h].name
    ));
    if f < THEFT {
        cx.emit(Event::Theft {
            monster: m,
            hero: h,
            face: f,
            need: THEFT,
            chest: None,
        });
        return;
    }
    let chests = cx.s.heroes[h].chests.clone();
    let picks: Vec<Pick> = chests.iter().map(|&c| Pick::Chest(c)).collect();
    let c = chests[cx.choose(Chooser::Monster(m), Topic::WhichChest, &picks)];
    cx.s.heroes[h].chests.retain(|&x| x != c);
    let chest = &mut cx.s.chests[c];
    chest.place = ChestPlace::Monster(m);
    chest.open = false;
    chest.trap_spent = false;
    cx.s.monsters[m].carrying = Some(c);
    cx.emit(Event::Theft {
        monster: m,
        hero: h,
        face: f,
        need: THEFT,
        chest: Some(c),
    });
    let f = cx
        .dice
        .d6(format_args!("{}: after the theft", cx.s.monsters[m].id));
    cx.emit(Event::AfterTheft {
        monster: m,
        face: f,
    });
    cx.s.monsters[m].mode = match cx.s.tables.theft.get(f).result {
        TheftOutcome::FleeToEntrance => MonsterMode::Fleeing,
        TheftOutcome::SeekReinforcements => MonsterMode::Reinforcing,
        TheftOutcome::KeepFighting => MonsterMode::Hunt,
    };
}

// ---------------------------------------------------------------- reinforcements

/// Reinforcements: it gives up speed and sets off for help this activation.
fn start_reinforcements(cx: &mut Ctx, m: MonsterId, speed: u32) {
    let cost = cx.s.rules().reinforcement_cost;
    cx.emit(Event::RunsForHelp { monster: m, cost });
    cx.s.monsters[m].mode = MonsterMode::Reinforcing;
    let left = speed.saturating_sub(cost);
    if !seek_help(cx, m, left) {
        blocked_fallback(cx, m, left);
    }
}

/// Fetching help: at full speed to the nearest square that reveals a token
/// (in its tile or next to it), through heroes if need be, break-aways tried
/// again every activation; with no token left, out of the entrance. Returns
/// false when its way is blocked.
fn seek_help(cx: &mut Ctx, m: MonsterId, speed: u32) -> bool {
    if cx.s.wmts.is_empty() {
        return head_out(cx, m, speed, MonsterMode::GoneForHelp, Heroes::Ignore);
    }
    let me = cx.s.monsters[m].pos.expect("active");
    let here = cx.s.wmt_triggered_by(me);
    if !here.is_empty() {
        for w in here {
            if let Some(i) = cx.s.wmt_index(w) {
                reveal(cx, i, Cause::Figure);
            }
        }
        cx.s.monsters[m].mode = MonsterMode::Hunt;
        cx.emit(Event::BroughtHelp { monster: m });
        return true;
    }
    let s = &*cx.s;
    let goals: Vec<Point> = s
        .token_trigger_squares()
        .iter()
        .map(|&i| s.board.point(i))
        .filter(|&p| s.board.passable(p) && !s.occupied(p))
        .collect();
    let w = walk::walk(
        cx,
        m,
        &goals,
        speed,
        Heroes::Ignore,
        OnFail::KeepTrying,
        None,
    );
    if w.revealed {
        if cx.s.monsters[m].active() {
            cx.s.monsters[m].mode = MonsterMode::Hunt;
            cx.emit(Event::BroughtHelp { monster: m });
        }
        return true;
    }
    w.end != End::NoRoute
}

/// Heads for the entrance and steps out (1 speed point) once on it, taking
/// up `mode` outside. Returns false when its way is blocked.
fn head_out(cx: &mut Ctx, m: MonsterId, speed: u32, mode: MonsterMode, heroes: Heroes) -> bool {
    // Every exit (a split-up mission has two); one fetching help may also
    // take the stairs down (multi-floor dungeons). The walk finds the nearer.
    let s = &*cx.s;
    let goals: Vec<Point> = s
        .monster_exits(mode == MonsterMode::GoneForHelp)
        .into_iter()
        .filter(|&p| s.monsters[m].pos == Some(p) || !s.occupied(p))
        .collect();
    let w = walk::walk(cx, m, &goals, speed, heroes, OnFail::KeepTrying, None);
    if w.end == End::NoRoute {
        return false;
    }
    let cost = cx.s.monsters[m].pos.map_or(1, |p| cx.s.way_out_cost(p));
    if w.end == End::Arrived && w.used + cost <= speed {
        leave(cx, m, mode);
    }
    true
}

/// Monster `m` steps out of the entrance: a chest it carries is lost.
fn leave(cx: &mut Ctx, m: MonsterId, mode: MonsterMode) {
    let from = cx.s.monsters[m].pos;
    cx.s.set_monster_pos(m, None);
    cx.s.monsters[m].mode = mode;
    let stairs = from.is_some() && from == cx.s.floors.stairs;
    // Back in where it left, when that is not the main entrance.
    if let Some(p) = from
        && mode == MonsterMode::GoneForHelp
        && !cx.s.board.is_entrance(p)
    {
        cx.s.floors.left_by.insert(m, p);
    }
    let chest = cx.s.monsters[m].carrying.take();
    if let Some(c) = chest {
        cx.s.chests[c].place = ChestPlace::Lost;
    }
    cx.emit(Event::MonsterLeaves {
        monster: m,
        stairs,
        chest,
        for_help: mode == MonsterMode::GoneForHelp,
    });
}

/// A thief's way is blocked, or a monster seeking help finds no way: it
/// drops any chest on the spot (trap reset) and attacks its first choice.
fn blocked_fallback(cx: &mut Ctx, m: MonsterId, speed: u32) {
    if !cx.s.monsters[m].active() {
        return;
    }
    cx.emit(Event::WayBlocked { monster: m });
    cx.s.monsters[m].mode = MonsterMode::Hunt;
    drop_chest(cx, m);
    let pool = candidates(cx.s, m);
    if let Some(first) = least(cx, m, &pool, Topic::FirstChoice) {
        go_attack(cx, m, first.who, speed);
    }
}

/// Drops the chest monster `m` carries on its square (or the nearest free
/// one), closed with its trap reset.
fn drop_chest(cx: &mut Ctx, m: MonsterId) {
    let (Some(c), Some(p)) = (cx.s.monsters[m].carrying, cx.s.monsters[m].pos) else {
        return;
    };
    let spot = if cx.s.chest_at(p).is_none() {
        p
    } else {
        cx.s.free_square_near(p).unwrap_or(p)
    };
    cx.s.monsters[m].carrying = None;
    let chest = &mut cx.s.chests[c];
    chest.place = ChestPlace::At(spot);
    chest.open = false;
    chest.trap_spent = false;
    cx.emit(Event::MonsterDropsChest {
        monster: m,
        chest: c,
        at: spot,
    });
}

/// A thief making off with a chest: to the entrance and out (the chest is
/// lost). Returns false when its way is blocked.
fn flee(cx: &mut Ctx, m: MonsterId, speed: u32) -> bool {
    head_out(cx, m, speed, MonsterMode::Gone, Heroes::Ignore)
}

/// A monster that left for help comes back in at the entrance (or the
/// nearest free square to it). Returns false if there is no room.
fn come_back_in(cx: &mut Ctx, m: MonsterId) -> bool {
    let s = &*cx.s;
    let e = match s.floors.left_by.get(&m) {
        Some(&p) => vec![p],
        None => s.board.entrance.clone(),
    };
    let spot = e
        .iter()
        .copied()
        .find(|&p| !s.occupied(p))
        .or_else(|| s.free_square_near(e[0]));
    let Some(spot) = spot else {
        cx.emit(Event::EntranceBlocked { monster: m });
        return false;
    };
    let facing = s.board.entrance_side.opposite();
    cx.s.set_monster_pos(m, Some(spot));
    let mon = &mut cx.s.monsters[m];
    mon.mode = MonsterMode::Hunt;
    mon.facing = facing;
    let stairs =
        cx.s.floors
            .left_by
            .remove(&m)
            .is_some_and(|p| Some(p) == cx.s.floors.stairs);
    cx.emit(Event::ComesBack {
        monster: m,
        at: spot,
        stairs,
    });
    true
}

/// At the end of the activation in which it came back: the reinforcements
/// roll; on its reveal row a random token from the pool is revealed at the
/// entrance (its monsters surprised).
fn reinforcement_roll(cx: &mut Ctx, m: MonsterId) {
    let f = cx
        .dice
        .d6(format_args!("{}: reinforcements", cx.s.monsters[m].id));
    cx.emit(Event::Reinforcements {
        monster: m,
        face: f,
    });
    if cx.s.tables.reinforcements.get(f).result != Reinforcement::RevealAtEntrance {
        return;
    }
    if cx.s.wmt_pool.is_empty() {
        cx.emit(Event::NobodyAnswers);
        return;
    }
    let e = cx.s.board.entrance[0];
    let Some(spot) = cx.s.free_square_near(e) else {
        cx.emit(Event::EntrancePacked);
        return;
    };
    let picks: Vec<Pick> =
        cx.s.wmt_pool
            .iter()
            .map(|t| Pick::PoolToken(t.color, t.number))
            .collect();
    let k = cx.choose(Chooser::Monster(m), Topic::PoolToken, &picks);
    let i = put_pool_token(cx, k, spot);
    let token = cx.s.wmts[i].id;
    cx.emit(Event::TokenComesIn { token, at: spot });
    let placed = reveal(cx, i, Cause::Other);
    for p in placed {
        cx.s.monsters[p].surprised = true;
    }
}

// ---------------------------------------------------------------- demoralized

/// Demoralized: to the nearest friend with Command; failing that out of the
/// dungeon for good; failing that to the nearest tile without heroes, where
/// it waits. Break-aways are tried again every activation.
fn retreat(cx: &mut Ctx, m: MonsterId, speed: u32) {
    let s = &*cx.s;
    let me = s.monsters[m].pos.expect("active");
    let commanders: Vec<MonsterId> = s
        .floor_monsters()
        .filter(|&o| o != m && s.monsters[o].active() && s.monsters[o].has(Ability::Command))
        .collect();
    if !commanders.is_empty() {
        let goals: Vec<Point> = commanders
            .iter()
            .filter_map(|&o| s.monsters[o].pos)
            .flat_map(all_around)
            .filter(|&q| s.board.passable(q) && (q == me || !s.occupied(q)))
            .collect();
        if walk::travel(s, m, &goals, Heroes::Avoid) != FAR {
            cx.emit(Event::Demoralized {
                monster: m,
                retreat: Retreat::ToCommander,
            });
            walk::walk(
                cx,
                m,
                &goals,
                speed,
                Heroes::Avoid,
                OnFail::KeepTrying,
                None,
            );
            return;
        }
    }
    let exits: Vec<Point> = s
        .monster_exits(false)
        .into_iter()
        .filter(|&p| p == me || !s.occupied(p))
        .collect();
    if walk::travel(s, m, &exits, Heroes::Avoid) != FAR {
        cx.emit(Event::Demoralized {
            monster: m,
            retreat: Retreat::ForTheEntrance,
        });
        head_out(cx, m, speed, MonsterMode::Gone, Heroes::Avoid);
        return;
    }
    let here = s.board.tile_at(me);
    let hero_tiles: Vec<Option<usize>> = s
        .heroes_in_dungeon()
        .into_iter()
        .filter_map(|h| s.heroes[h].pos())
        .map(|p| s.board.tile_at(p))
        .collect();
    if !hero_tiles.contains(&here) {
        cx.emit(Event::Demoralized {
            monster: m,
            retreat: Retreat::Hides,
        });
        return;
    }
    let goals: Vec<Point> = (0..s.board.tiles.len())
        .filter(|&t| !hero_tiles.contains(&Some(t)))
        .flat_map(|t| s.board.tile_squares(t).iter().copied())
        .filter(|&q| !s.occupied(q))
        .collect();
    if walk::travel(s, m, &goals, Heroes::Avoid) == FAR {
        cx.emit(Event::Demoralized {
            monster: m,
            retreat: Retreat::Nowhere,
        });
        return;
    }
    cx.emit(Event::Demoralized {
        monster: m,
        retreat: Retreat::SlinksOff,
    });
    walk::walk(
        cx,
        m,
        &goals,
        speed,
        Heroes::Avoid,
        OnFail::KeepTrying,
        None,
    );
}

// ---------------------------------------------------------------- missions
//
// Monster behaviour the missions add (see [`crate::mkd::play::missions`] for
// the rules and the project's readings): stealth's chest hunters, the
// kidnappee's run for the exit and its captivity, and the rescue
// Guardian's preference for the prisoner.

/// Rescue: a monster revealed from the Guardian takes the freed prisoner as
/// its first choice when it can reach them.
fn prisoner_first(
    s: &State,
    m: MonsterId,
    pool: &[Candidate<HeroId>],
) -> Option<Candidate<HeroId>> {
    let p = s.mission.freed?;
    if !s.mission.guardian_monsters.contains(&m) {
        return None;
    }
    pool.iter().copied().find(|c| c.who == p)
}

/// Stealth: can monster `m` reach the Quest Chest (or the hero carrying it)?
fn chest_reachable(s: &State, m: MonsterId) -> bool {
    if s.goal() != Goal::Stealth {
        return false;
    }
    chest_goals(s, m).is_some_and(|(g, _)| walk::travel(s, m, &g, Heroes::Avoid) != FAR)
}

/// The squares to attack the Quest Chest from, and its carrier if a hero
/// carries it.
fn chest_goals(s: &State, m: MonsterId) -> Option<(Vec<Point>, Option<HeroId>)> {
    let (c, carrier) = s.quest_chest_target()?;
    match (carrier, s.chests[c].place) {
        (Some(h), _) => Some((walk::attack_squares(s, m, h, None), Some(h))),
        (None, ChestPlace::At(p)) => Some((chest_attack_squares(s, m, p), None)),
        _ => None,
    }
}

/// Stealth: the decision roll chose the Quest Chest; the monster is set on
/// destroying it for the rest of the game.
fn commit_to_chest(cx: &mut Ctx, m: MonsterId, speed: u32) {
    cx.s.monsters[m].mode = MonsterMode::ChestHunt;
    cx.emit(Event::CommitsToChest { monster: m });
    chest_hunt(cx, m, speed);
}

/// A chest hunter's activation: to the Quest Chest (or its carrier) and
/// attack it, without abilities or shooting. With no route to it, it goes
/// back to hunting heroes.
fn chest_hunt(cx: &mut Ctx, m: MonsterId, speed: u32) {
    let s = &*cx.s;
    let goals = chest_goals(s, m);
    let reachable = goals
        .as_ref()
        .is_some_and(|(g, _)| walk::travel(s, m, g, Heroes::Avoid) != FAR);
    let Some((goals, carrier)) = goals.filter(|_| reachable) else {
        cx.s.monsters[m].mode = MonsterMode::Hunt;
        cx.emit(Event::GivesUpChest { monster: m });
        hunt(cx, m, speed);
        return;
    };
    match carrier {
        Some(h) => cx.emit(Event::GoesForCarrier {
            monster: m,
            hero: h,
        }),
        None => cx.emit(Event::HeadsForChest { monster: m }),
    }
    let w = walk::walk(cx, m, &goals, speed, Heroes::Avoid, OnFail::Engage, carrier);
    match w.end {
        End::Arrived => match carrier {
            Some(h) => attack_carrier(cx, m, h),
            None => attack_chest(cx, m),
        },
        End::Engaged(o) if Some(o) == carrier => attack_carrier(cx, m, o),
        End::Engaged(o) => {
            cx.emit(Event::FightsBack {
                monster: m,
                hero: o,
            });
            if walk::can_attack_now(cx.s, m, o, None) {
                monster_attacks(cx, m, o);
            }
        }
        End::Short => cx.emit(Event::ChestNotReached { monster: m }),
        End::NoRoute => cx.emit(Event::NoWayToChest { monster: m }),
        End::Revealed | End::Pinned | End::Slain => {}
    }
}

/// A melee attack on the Quest Chest lying next to (or under) monster `m`.
fn attack_chest(cx: &mut Ctx, m: MonsterId) {
    if let Some((c, None)) = cx.s.quest_chest_target()
        && let ChestPlace::At(p) = cx.s.chests[c].place
        && let Some(me) = cx.s.monsters[m].pos
        && me != p
    {
        cx.s.monsters[m].facing = side_towards(me, p);
    }
    match cx.s.opts.combat {
        CombatMode::Manual => cx.emit(Event::ChestAttackPrompt {
            monster: m,
            defence: CHEST_DEFENCE,
        }),
        CombatMode::Dice => {
            let n = cx.s.monsters[m].stats.attacks;
            let hit_on = cx.s.rules().melee_hit;
            let roll: AttackRoll = attack(
                cx.dice,
                n,
                hit_on,
                CHEST_DEFENCE,
                0,
                format_args!("{} attacks the Quest Chest", cx.s.monsters[m].id),
            );
            let wounds = roll.wounds;
            cx.emit(Event::Attack {
                by: Figure::Monster(m),
                strike: Strike::Melee,
                target: Target::QuestChest(CHEST_DEFENCE),
                roll,
            });
            if wounds > 0 {
                destroy_quest_chest(cx, m);
            } else {
                cx.emit(Event::ChestWithstands);
            }
        }
    }
}

/// A chest hunter attacks the hero carrying the Quest Chest: any wound it
/// deals destroys the contents.
fn attack_carrier(cx: &mut Ctx, m: MonsterId, h: HeroId) {
    if !walk::can_attack_now(cx.s, m, h, None) {
        face(cx.s, m, h);
        return;
    }
    let before = cx.s.heroes[h].wounds;
    monster_attacks(cx, m, h);
    match cx.s.opts.combat {
        CombatMode::Manual => cx.emit(Event::CarrierPrompt {
            monster: m,
            hero: h,
        }),
        CombatMode::Dice => {
            if cx.s.heroes[h].wounds > before {
                destroy_quest_chest(cx, m);
            }
        }
    }
}

/// Kidnapping: the kidnappee's activation (true when `m` is the kidnappee
/// and its activation has been played here). On the run: for the entrance
/// through heroes, break-aways retried. Captured: waits for the heroes to
/// lead it when one stands next to it, or retreats as a demoralized monster.
fn kidnappee(cx: &mut Ctx, m: MonsterId, speed: u32) -> bool {
    if cx.s.goal() != Goal::Kidnapping || cx.s.mission.kidnappee != Some(m) {
        return false;
    }
    update_capture(cx);
    if cx.s.mission.captured {
        if cx.s.mission.led_turn == Some(cx.s.turn) {
            cx.emit(Event::LedThisTurn { monster: m });
            return true;
        }
        let s = &*cx.s;
        let me = s.monsters[m].pos.expect("active");
        let guard = s
            .hero_ids()
            .find(|&h| s.heroes[h].pos().is_some_and(|p| s.board.touching(p, me)));
        if let Some(guard) = guard {
            cx.emit(Event::HeldBy {
                monster: m,
                hero: guard,
                at: me,
            });
            return true;
        }
        cx.emit(Event::TriesToEscape { monster: m });
        retreat(cx, m, speed);
        return true;
    }
    cx.emit(Event::RunsForExit { monster: m });
    if !head_out(cx, m, speed, MonsterMode::Gone, Heroes::Ignore) {
        cx.emit(Event::NoWayOut { monster: m });
    }
    true
}
