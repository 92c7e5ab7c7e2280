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
mod missions;
mod walk;

#[cfg(test)]
mod tests;

use crate::core::geom::{all_around, chebyshev};
use crate::mkd::figures::Ability;
use crate::mkd::play::board::{FAR, fmt_point, side_towards};
use crate::mkd::play::engine::{Cause, Game};
use crate::mkd::play::state::{ChestPlace, MonsterMode};
use crate::mkd::tables::{Decision, Reinforcement, TheftOutcome, Unexpected};
use crate::scenario::Point;
use walk::{End, Heroes, OnFail};

/// A theft attempt succeeds when a d6 shows at least this. The MKD text
/// refers to "regular rules" the project does not have, so a theft is
/// rolled like a break-away: 4, 5 or 6.
pub(crate) const THEFT: u32 = 4;

/// Range, in squares, of the spells (Magic Blast, Flame/Lightning, Magic
/// Levitation, Magic Freeze, Magic Confusion) for a monster whose own
/// shooting range is shorter (project's choice).
pub(crate) const MAGIC_RANGE: u32 = 8;

/// One monster's activation.
pub(crate) fn activate(game: &mut Game, m: usize) {
    let returning = game.monsters[m].mode == MonsterMode::GoneForHelp;
    if returning && !come_back_in(game, m) {
        return;
    }
    if !game.monsters[m].active() {
        return;
    }
    command_heals(game, m);
    close_open_chests(game, m);
    let speed = base_speed(game, m);
    let could_reveal = abilities::could_reveal(game, m, speed);
    let played = missions::kidnappee(game, m, speed);
    match game.monsters[m].mode {
        _ if played => {}
        MonsterMode::Reinforcing => {
            if !seek_help(game, m, speed) {
                blocked_fallback(game, m, speed);
            }
        }
        MonsterMode::Fleeing => {
            if !flee(game, m, speed) {
                blocked_fallback(game, m, speed);
            }
        }
        MonsterMode::Hunt if game.monsters[m].demoralized => retreat(game, m, speed),
        MonsterMode::Hunt => hunt(game, m, speed),
        MonsterMode::ChestHunt if game.monsters[m].demoralized => retreat(game, m, speed),
        MonsterMode::ChestHunt => missions::chest_hunt(game, m, speed),
        MonsterMode::GoneForHelp | MonsterMode::Gone => {}
    }
    if game.monsters[m].active() {
        close_open_chests(game, m);
        abilities::stealth_report(game, m, could_reveal);
    }
    if returning {
        reinforcement_roll(game, m);
    }
}

/// Free spin: the monster turns to face the nearest hero in a straight line
/// (rules: monsters always free-spin, even when surprised). No die: the
/// nearest by king's moves, the first hero in party order on a tie.
pub(crate) fn free_spin(game: &mut Game, m: usize) {
    let Some(me) = game.monsters[m].pos else {
        return;
    };
    let best = game
        .heroes_in_dungeon()
        .into_iter()
        .filter_map(|h| game.heroes[h].pos().map(|p| (chebyshev(me, p), p)))
        .min_by_key(|x| x.0);
    if let Some((_, p)) = best {
        game.monsters[m].facing = side_towards(me, p);
    }
}

/// Turns monster `m` to face hero `h` (a free spin).
fn face(game: &mut Game, m: usize, h: usize) {
    if let (Some(a), Some(b)) = (game.monsters[m].pos, game.heroes[h].pos()) {
        game.monsters[m].facing = side_towards(a, b);
    }
}

/// Speed this activation: its own, plus the Command bonus when a friendly
/// monster with Command stands in the same tile or next to it.
fn base_speed(game: &Game, m: usize) -> u32 {
    let mut s = game.monsters[m].stats.speed;
    if commander_near(game, m).is_some() {
        s += game.rules().command_bonus;
    }
    s
}

/// A friendly monster with Command in the same tile or next to `m`.
fn commander_near(game: &Game, m: usize) -> Option<usize> {
    let p = game.monsters[m].pos?;
    (0..game.monsters.len()).find(|&o| {
        o != m
            && game.monsters[o].has(Ability::Command)
            && game.monsters[o].pos.is_some_and(|q| {
                crate::mkd::play::board::Board::adjacent(p, q) || game.same_tile(p, q)
            })
    })
}

/// Command: a demoralized monster next to (or in the tile of) a friend with
/// Command is healed of it at the start of its activation.
fn command_heals(game: &mut Game, m: usize) {
    if !game.monsters[m].demoralized {
        return;
    }
    if let Some(c) = commander_near(game, m) {
        game.monsters[m].demoralized = false;
        let (id, cid) = (game.monsters[m].id.clone(), game.monsters[c].id.clone());
        game.say(format!(
            "{id} is no longer demoralized: {cid}'s Command rallies it"
        ));
    }
}

/// Thievery: a monster next to an open chest on the floor shuts it (trap
/// reset) at no cost.
fn close_open_chests(game: &mut Game, m: usize) {
    let Some(p) = game.monsters[m].pos else {
        return;
    };
    for c in 0..game.chests.len() {
        if let ChestPlace::At(q) = game.chests[c].place
            && game.chests[c].open
            && (q == p || crate::mkd::play::board::Board::adjacent(p, q))
        {
            game.chests[c].open = false;
            game.chests[c].trap_spent = false;
            let (id, cid) = (game.monsters[m].id.clone(), game.chests[c].id.clone());
            game.say(format!(
                "{id} shuts {cid} on {} (its trap is set again)",
                fmt_point(q)
            ));
        }
    }
}

// ---------------------------------------------------------------- targets

/// A hero the monster could go for, and what it costs to attack him.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    h: usize,
    /// Speed points of travel to a square it can attack him from.
    travel: u32,
    /// Quarter turns to face him (counted only when no travel is needed).
    spins: u32,
}

/// Every hero monster `m` can reach, with the movement needed to attack him
/// (ranged or close; with Sneak Attack, to his rear arc where it can).
fn candidates(game: &Game, m: usize) -> Vec<Candidate> {
    let range = game.monsters[m].stats.shoot.map(|s| s.range);
    let sneak = game.monsters[m].has(Ability::SneakAttack);
    let mut v = Vec::new();
    for h in game.heroes_in_dungeon() {
        let rear = if sneak {
            walk::rear_squares(game, m, h)
        } else {
            Vec::new()
        };
        let goals = if rear.is_empty() {
            walk::attack_squares(game, m, h, range)
        } else {
            rear
        };
        let travel = walk::travel(game, m, &goals, Heroes::Avoid);
        if travel == FAR {
            continue;
        }
        let spins = match (game.monsters[m].pos, game.heroes[h].pos()) {
            (Some(a), Some(b)) if travel == 0 => {
                walk::spins(game.monsters[m].facing, side_towards(a, b))
            }
            _ => 0,
        };
        v.push(Candidate { h, travel, spins });
    }
    v
}

/// The candidate needing the least movement (travel, then spins), ties by d6.
fn least(game: &mut Game, m: usize, pool: &[Candidate], what: &str) -> Option<Candidate> {
    let best = pool.iter().map(|c| (c.travel, c.spins)).min()?;
    let ties: Vec<Candidate> = pool
        .iter()
        .copied()
        .filter(|c| (c.travel, c.spins) == best)
        .collect();
    let names: Vec<String> = ties.iter().map(|c| game.heroes[c.h].name.clone()).collect();
    let id = game.monsters[m].id.clone();
    Some(ties[walk::choose(game, &format!("{id}: {what} tie"), &names)])
}

/// Monster decision making: the first choice, the decision roll, and what
/// follows from it.
fn hunt(game: &mut Game, m: usize, speed: u32) {
    let id = game.monsters[m].id.clone();
    let pool = candidates(game, m);
    if missions::chest_reachable(game, m) {
        // Stealth: the Quest Chest is every monster's first choice.
        game.say(format!("{id}'s first choice: the Quest Chest"));
        let f = game.dice.d6(format!("{id}: decision"));
        let row = game.tables.monster_decision.get(f).clone();
        game.say(format!("{id} decision: rolled {f} — {}", row.text));
        if row.result == Decision::FirstChoice {
            missions::commit_to_chest(game, m, speed);
            return;
        }
        let Some(near) = least(game, m, &pool, "nearest hero") else {
            game.say(format!("{id} has no way to reach any hero and waits"));
            free_spin(game, m);
            return;
        };
        match row.result {
            Decision::Weakest => {
                let h = weakest(game, m, &pool);
                game.say(format!(
                    "{id} goes for {}, who has {} wound{} left",
                    game.heroes[h].name,
                    game.heroes[h].wounds_left(),
                    crate::mkd::play::engine::plural(game.heroes[h].wounds_left())
                ));
                go_attack(game, m, h, speed);
            }
            Decision::Unexpected => unexpected(game, m, speed, near.h),
            _ => {
                game.say(format!(
                    "{id} goes for {}, the hero it reaches first",
                    game.heroes[near.h].name
                ));
                go_attack(game, m, near.h, speed);
            }
        }
        return;
    }
    let first = match missions::prisoner_first(game, m, &pool) {
        Some(c) => {
            game.say(format!(
                "{id} came out of the Guardian: the prisoner is its first choice"
            ));
            Some(c)
        }
        None => least(game, m, &pool, "first choice"),
    };
    let Some(first) = first else {
        game.say(format!("{id} has no way to reach any hero and waits"));
        free_spin(game, m);
        return;
    };
    game.say(format!(
        "{id}'s first choice: {} ({} speed point{} of movement to attack)",
        game.heroes[first.h].name,
        first.travel,
        crate::mkd::play::engine::plural(first.travel)
    ));
    let f = game.dice.d6(format!("{id}: decision"));
    let row = game.tables.monster_decision.get(f).clone();
    game.say(format!("{id} decision: rolled {f} — {}", row.text));
    match row.result {
        Decision::FirstChoice => go_attack(game, m, first.h, speed),
        Decision::SecondChoice => {
            let rest: Vec<Candidate> = pool.iter().copied().filter(|c| c.h != first.h).collect();
            let h = least(game, m, &rest, "second choice").map_or(first.h, |c| c.h);
            if h != first.h {
                game.say(format!("{id} goes for {} instead", game.heroes[h].name));
            }
            go_attack(game, m, h, speed);
        }
        Decision::Weakest => {
            let h = weakest(game, m, &pool);
            game.say(format!(
                "{id} goes for {}, who has {} wound{} left",
                game.heroes[h].name,
                game.heroes[h].wounds_left(),
                crate::mkd::play::engine::plural(game.heroes[h].wounds_left())
            ));
            go_attack(game, m, h, speed);
        }
        Decision::Unexpected => unexpected(game, m, speed, first.h),
    }
}

/// The hero with the fewest wounds left; ties by least movement, then d6.
fn weakest(game: &mut Game, m: usize, pool: &[Candidate]) -> usize {
    let low = pool
        .iter()
        .map(|c| game.heroes[c.h].wounds_left())
        .min()
        .unwrap_or(0);
    let ties: Vec<Candidate> = pool
        .iter()
        .copied()
        .filter(|c| game.heroes[c.h].wounds_left() == low)
        .collect();
    least(game, m, &ties, "weakest hero").map_or(pool[0].h, |c| c.h)
}

/// Moving to attack hero `h` and attacking him: optional abilities first
/// (one chosen by d6 when several apply), Sneak Attack's approach from
/// behind, the shortest route with break-aways, then the attack facing him.
fn go_attack(game: &mut Game, m: usize, h: usize, speed: u32) {
    let id = game.monsters[m].id.clone();
    let name = game.heroes[h].name.clone();
    let ability = abilities::choose(game, m, h, speed);
    if let Some(which @ (Ability::Healing | Ability::MagicHealing)) = ability
        && abilities::heal(game, m, speed, which)
    {
        return;
    }
    if ability == Some(Ability::Necromancy) {
        abilities::necromancy(game, m);
        return;
    }
    let mut range = game.monsters[m].stats.shoot.map(|s| s.range);
    let mut speed = speed;
    let mut move_only = false;
    match ability {
        Some(a) if a.is_spell() => range = Some(range.unwrap_or(0).max(MAGIC_RANGE)),
        Some(Ability::Quickness) => {
            speed += game.rules().quickness_bonus;
            move_only = true;
            game.say(format!(
                "{id} uses Quickness: +{} speed, to move only",
                game.rules().quickness_bonus
            ));
        }
        _ => {}
    }
    let normal = walk::attack_squares(game, m, h, range);
    let goals = if game.monsters[m].has(Ability::SneakAttack) {
        sneak_goals(game, m, h, speed, normal)
    } else {
        normal
    };
    let w = walk::walk(
        game,
        m,
        &goals,
        speed,
        Heroes::Avoid,
        OnFail::Engage,
        Some(h),
    );
    match w.end {
        End::Arrived if move_only => {
            face(game, m, h);
            game.say(format!(
                "{id} cannot attack after Quickness; it faces {name}"
            ));
        }
        End::Arrived => strike(game, m, h, ability, range),
        End::Engaged(o) => {
            game.say(format!(
                "{id} gives up on {name} and turns on {}",
                game.heroes[o].name
            ));
            if walk::can_attack_now(game, m, o, None) {
                game.monster_attacks(m, o);
            }
        }
        End::Short => {
            face(game, m, h);
            game.say(format!("{id} cannot reach {name} this activation"));
        }
        End::NoRoute => {
            face(game, m, h);
            game.say(format!("{id} finds no way to {name} and waits"));
        }
        End::Revealed | End::Pinned | End::Slain => {}
    }
}

/// Sneak Attack: the rear arc if it can get there this activation, else any
/// square it can attack from this activation, else keep heading for the rear.
fn sneak_goals(game: &mut Game, m: usize, h: usize, speed: u32, normal: Vec<Point>) -> Vec<Point> {
    let id = game.monsters[m].id.clone();
    let name = game.heroes[h].name.clone();
    let rear = walk::rear_squares(game, m, h);
    if !rear.is_empty() && walk::travel(game, m, &rear, Heroes::Avoid) <= speed {
        game.say(format!("{id} goes round to {name}'s back (Sneak Attack)"));
        return rear;
    }
    if walk::travel(game, m, &normal, Heroes::Avoid) <= speed || rear.is_empty() {
        game.say(format!(
            "{id} cannot reach {name}'s back this activation and attacks as it can (Sneak Attack)"
        ));
        return normal;
    }
    rear
}

/// The attack itself, with the chosen ability or a plain attack.
fn strike(game: &mut Game, m: usize, h: usize, ability: Option<Ability>, range: Option<u32>) {
    face(game, m, h);
    match ability {
        Some(Ability::MagicBlast) => abilities::blast(game, m, h),
        Some(Ability::FlameLightning) => abilities::flame(game, m, h),
        Some(Ability::MagicLevitation) => abilities::drift(game, m, h, "Magic Levitation"),
        Some(Ability::MagicConfusion) => abilities::drift(game, m, h, "Magic Confusion"),
        Some(Ability::MagicFreeze) => abilities::freeze(game, m, h),
        Some(Ability::Shockwave) => abilities::shockwave(game, m),
        _ => {
            let normal = game.monsters[m].stats.shoot.map(|s| s.range);
            if walk::can_attack_now(game, m, h, normal) {
                game.monster_attacks(m, h);
            } else if walk::can_attack_now(game, m, h, range) {
                let id = game.monsters[m].id.clone();
                game.say(format!(
                    "{id} is in range of {} but has no ranged attack; it waits",
                    game.heroes[h].name
                ));
            }
        }
    }
}

// ---------------------------------------------------------------- the unexpected

/// The unexpected-action roll: theft, reinforcements or holding its ground.
fn unexpected(game: &mut Game, m: usize, speed: u32, first: usize) {
    let id = game.monsters[m].id.clone();
    let f = game.dice.d6(format!("{id}: unexpected action"));
    let row = game.tables.unexpected.get(f).clone();
    game.say(format!("{id} unexpected action: rolled {f} — {}", row.text));
    match row.result {
        Unexpected::Theft => {
            if !theft(game, m, speed) {
                game.say(format!(
                    "{id} cannot attempt a theft this activation, so it goes for help instead"
                ));
                start_reinforcements(game, m, speed);
            }
        }
        Unexpected::Reinforcements => start_reinforcements(game, m, speed),
        Unexpected::HoldGround => {
            face(game, m, first);
            game.say(format!("{id} holds its ground"));
        }
    }
}

/// Thievery: go for the nearest hero carrying a chest and try to take it.
/// Returns false (nothing done) when it cannot attempt a theft this
/// activation: it already carries a chest, no hero carries one, or none is
/// within reach.
fn theft(game: &mut Game, m: usize, speed: u32) -> bool {
    if game.monsters[m].carrying.is_some() {
        return false;
    }
    let pool: Vec<Candidate> = game
        .heroes_in_dungeon()
        .into_iter()
        .filter(|&h| !game.heroes[h].chests.is_empty())
        .filter_map(|h| {
            let goals = walk::attack_squares(game, m, h, None);
            let travel = walk::travel(game, m, &goals, Heroes::Avoid);
            (travel <= speed).then_some(Candidate {
                h,
                travel,
                spins: 0,
            })
        })
        .collect();
    let Some(c) = least(game, m, &pool, "theft target") else {
        return false;
    };
    let h = c.h;
    let id = game.monsters[m].id.clone();
    let name = game.heroes[h].name.clone();
    game.say(format!("{id} goes for {name}'s chest"));
    let goals = walk::attack_squares(game, m, h, None);
    let w = walk::walk(
        game,
        m,
        &goals,
        speed,
        Heroes::Avoid,
        OnFail::Engage,
        Some(h),
    );
    match w.end {
        End::Arrived => theft_attempt(game, m, h),
        End::Engaged(o) if walk::can_attack_now(game, m, o, None) => game.monster_attacks(m, o),
        _ => {}
    }
    true
}

/// The theft roll against an adjacent hero; on success the chest (closed,
/// trap reset) goes to the monster and the theft table says what it does next.
fn theft_attempt(game: &mut Game, m: usize, h: usize) {
    face(game, m, h);
    let id = game.monsters[m].id.clone();
    let name = game.heroes[h].name.clone();
    let f = game.dice.d6(format!("{id}: theft from {name}"));
    if f < THEFT {
        game.say(format!(
            "{id} tries to steal from {name}: rolled {f} (needs {THEFT}+) — it fails"
        ));
        return;
    }
    let chests = game.heroes[h].chests.clone();
    let names: Vec<String> = chests.iter().map(|&c| game.chests[c].id.clone()).collect();
    let c = chests[walk::choose(game, &format!("{id}: which chest"), &names)];
    game.heroes[h].chests.retain(|&x| x != c);
    let chest = &mut game.chests[c];
    chest.place = ChestPlace::Monster(m);
    chest.open = false;
    chest.trap_spent = false;
    let cid = chest.id.clone();
    game.monsters[m].carrying = Some(c);
    game.say(format!(
        "{id} tries to steal from {name}: rolled {f} (needs {THEFT}+) — it takes {cid} (closed, trap reset)"
    ));
    let f = game.dice.d6(format!("{id}: after the theft"));
    let row = game.tables.theft.get(f).clone();
    game.say(format!("{id} after the theft: rolled {f} — {}", row.text));
    game.monsters[m].mode = match row.result {
        TheftOutcome::FleeToEntrance => MonsterMode::Fleeing,
        TheftOutcome::SeekReinforcements => MonsterMode::Reinforcing,
        TheftOutcome::KeepFighting => MonsterMode::Hunt,
    };
}

// ---------------------------------------------------------------- reinforcements

/// Reinforcements: it gives up speed and sets off for help this activation.
fn start_reinforcements(game: &mut Game, m: usize, speed: u32) {
    let id = game.monsters[m].id.clone();
    let cost = game.rules().reinforcement_cost;
    game.say(format!("{id} loses {cost} speed and runs for help"));
    game.monsters[m].mode = MonsterMode::Reinforcing;
    let left = speed.saturating_sub(cost);
    if !seek_help(game, m, left) {
        blocked_fallback(game, m, left);
    }
}

/// Fetching help: at full speed to the nearest square that reveals a token
/// (in its tile or next to it), through heroes if need be, break-aways tried
/// again every activation; with no token left, out of the entrance. Returns
/// false when its way is blocked.
fn seek_help(game: &mut Game, m: usize, speed: u32) -> bool {
    let id = game.monsters[m].id.clone();
    if game.wmts.is_empty() {
        return head_out(game, m, speed, MonsterMode::GoneForHelp, Heroes::Ignore);
    }
    let me = game.monsters[m].pos.expect("active");
    if !game.wmt_triggered_by(me).is_empty() {
        for w in game.wmt_triggered_by(me) {
            if let Some(i) = game.wmts.iter().position(|x| x.id == w) {
                game.reveal(i, Cause::Monster(m));
            }
        }
        game.monsters[m].mode = MonsterMode::Hunt;
        game.say(format!("{id} has brought help; its activation ends"));
        return true;
    }
    let goals: Vec<Point> = (0..game.board.len())
        .map(|i| game.board.point(i))
        .filter(|&p| game.board.passable(p) && !game.occupied(p))
        .filter(|&p| !game.wmt_triggered_by(p).is_empty())
        .collect();
    let w = walk::walk(
        game,
        m,
        &goals,
        speed,
        Heroes::Ignore,
        OnFail::KeepTrying,
        None,
    );
    if w.revealed {
        if game.monsters[m].active() {
            game.monsters[m].mode = MonsterMode::Hunt;
            game.say(format!("{id} has brought help; its activation ends"));
        }
        return true;
    }
    w.end != End::NoRoute
}

/// Heads for the entrance and steps out (1 speed point) once on it, taking
/// up `mode` outside. Returns false when its way is blocked.
fn head_out(game: &mut Game, m: usize, speed: u32, mode: MonsterMode, heroes: Heroes) -> bool {
    // Every exit (a split-up mission has two); one fetching help may also
    // take the stairs down (multi-floor dungeons). The walk finds the nearer.
    let goals: Vec<Point> = game
        .monster_exits(mode == MonsterMode::GoneForHelp)
        .into_iter()
        .filter(|&p| game.monsters[m].pos == Some(p) || !game.occupied(p))
        .collect();
    let w = walk::walk(game, m, &goals, speed, heroes, OnFail::KeepTrying, None);
    if w.end == End::NoRoute {
        return false;
    }
    let cost = game.monsters[m].pos.map_or(1, |p| game.way_out_cost(p));
    if w.end == End::Arrived && w.used + cost <= speed {
        leave(game, m, mode);
    }
    true
}

/// Monster `m` steps out of the entrance: a chest it carries is lost.
fn leave(game: &mut Game, m: usize, mode: MonsterMode) {
    let id = game.monsters[m].id.clone();
    let from = game.monsters[m].pos.take();
    game.monsters[m].mode = mode;
    let stairs = from.is_some() && from == game.floors.stairs;
    // Back in where it left, when that is not the main entrance.
    if let Some(p) = from
        && mode == MonsterMode::GoneForHelp
        && !game.board.is_entrance(p)
    {
        game.floors.left_by.insert(m, p);
    }
    let mut line = if stairs {
        format!("{id} goes down the stairs")
    } else {
        format!("{id} leaves the dungeon")
    };
    if let Some(c) = game.monsters[m].carrying.take() {
        game.chests[c].place = ChestPlace::Lost;
        line += &format!(" with {}; it is lost", game.chests[c].id);
    }
    line += match mode {
        MonsterMode::GoneForHelp => " to fetch help (it comes back next activation)",
        _ => " for good",
    };
    game.say(line);
}

/// A thief's way is blocked, or a monster seeking help finds no way: it
/// drops any chest on the spot (trap reset) and attacks its first choice.
fn blocked_fallback(game: &mut Game, m: usize, speed: u32) {
    if !game.monsters[m].active() {
        return;
    }
    let id = game.monsters[m].id.clone();
    game.say(format!("{id}'s way is blocked; it turns to fight"));
    game.monsters[m].mode = MonsterMode::Hunt;
    drop_chest(game, m);
    let pool = candidates(game, m);
    if let Some(first) = least(game, m, &pool, "first choice") {
        go_attack(game, m, first.h, speed);
    }
}

/// Drops the chest monster `m` carries on its square (or the nearest free
/// one), closed with its trap reset.
fn drop_chest(game: &mut Game, m: usize) {
    let (Some(c), Some(p)) = (game.monsters[m].carrying, game.monsters[m].pos) else {
        return;
    };
    let spot = if game.chest_at(p).is_none() {
        p
    } else {
        game.free_square_near(p).unwrap_or(p)
    };
    game.monsters[m].carrying = None;
    let chest = &mut game.chests[c];
    chest.place = ChestPlace::At(spot);
    chest.open = false;
    chest.trap_spent = false;
    let (id, cid) = (game.monsters[m].id.clone(), game.chests[c].id.clone());
    game.say(format!(
        "{id} drops {cid} on {} (closed, trap reset)",
        fmt_point(spot)
    ));
}

/// A thief making off with a chest: to the entrance and out (the chest is
/// lost). Returns false when its way is blocked.
fn flee(game: &mut Game, m: usize, speed: u32) -> bool {
    head_out(game, m, speed, MonsterMode::Gone, Heroes::Ignore)
}

/// A monster that left for help comes back in at the entrance (or the
/// nearest free square to it). Returns false if there is no room.
fn come_back_in(game: &mut Game, m: usize) -> bool {
    let e = match game.floors.left_by.get(&m) {
        Some(&p) => vec![p],
        None => game.board.entrance.clone(),
    };
    let spot = e
        .iter()
        .copied()
        .find(|&p| !game.occupied(p))
        .or_else(|| game.free_square_near(e[0]));
    let id = game.monsters[m].id.clone();
    let Some(spot) = spot else {
        game.say(format!("{id} finds the entrance blocked and waits outside"));
        return false;
    };
    game.monsters[m].pos = Some(spot);
    game.monsters[m].mode = MonsterMode::Hunt;
    game.monsters[m].facing = game.board.entrance_side.opposite();
    if game
        .floors
        .left_by
        .remove(&m)
        .is_some_and(|p| Some(p) == game.floors.stairs)
    {
        game.say(format!(
            "{id} comes back up the stairs at {}",
            fmt_point(spot)
        ));
    } else {
        game.say(format!("{id} comes back in at {}", fmt_point(spot)));
    }
    true
}

/// At the end of the activation in which it came back: the reinforcements
/// roll; on its reveal row a random token from the pool is revealed at the
/// entrance (its monsters surprised).
fn reinforcement_roll(game: &mut Game, m: usize) {
    let id = game.monsters[m].id.clone();
    let f = game.dice.d6(format!("{id}: reinforcements"));
    let row = game.tables.reinforcements.get(f).clone();
    game.say(format!("{id} reinforcements: rolled {f} — {}", row.text));
    if row.result != Reinforcement::RevealAtEntrance {
        return;
    }
    if game.wmt_pool.is_empty() {
        game.say("the WMT Pool is empty: nobody answers");
        return;
    }
    let e = game.board.entrance[0];
    let Some(spot) = game.free_square_near(e) else {
        game.say("the entrance is packed: nobody can come in");
        return;
    };
    let names: Vec<String> = game
        .wmt_pool
        .iter()
        .map(|t| format!("{}-{}", t.color.name(), t.number))
        .collect();
    let k = walk::choose(game, &format!("{id}: token from the pool"), &names);
    let i = game.put_pool_token(k, spot);
    let wid = game.wmts[i].id.clone();
    game.say(format!("{wid} comes in at {}", fmt_point(spot)));
    let placed = game.reveal(i, Cause::Other);
    for p in placed {
        game.monsters[p].surprised = true;
    }
}

// ---------------------------------------------------------------- demoralized

/// Demoralized: to the nearest friend with Command; failing that out of the
/// dungeon for good; failing that to the nearest tile without heroes, where
/// it waits. Break-aways are tried again every activation.
fn retreat(game: &mut Game, m: usize, speed: u32) {
    let id = game.monsters[m].id.clone();
    let me = game.monsters[m].pos.expect("active");
    let commanders: Vec<usize> = (0..game.monsters.len())
        .filter(|&o| o != m && game.monsters[o].active() && game.monsters[o].has(Ability::Command))
        .collect();
    if !commanders.is_empty() {
        let goals: Vec<Point> = commanders
            .iter()
            .filter_map(|&o| game.monsters[o].pos)
            .flat_map(all_around)
            .filter(|&q| game.board.passable(q) && (q == me || !game.occupied(q)))
            .collect();
        if walk::travel(game, m, &goals, Heroes::Avoid) != FAR {
            game.say(format!(
                "{id} is demoralized and falls back to its commander"
            ));
            walk::walk(
                game,
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
    let exits: Vec<Point> = game
        .monster_exits(false)
        .into_iter()
        .filter(|&p| p == me || !game.occupied(p))
        .collect();
    if walk::travel(game, m, &exits, Heroes::Avoid) != FAR {
        game.say(format!("{id} is demoralized and flees for the entrance"));
        head_out(game, m, speed, MonsterMode::Gone, Heroes::Avoid);
        return;
    }
    let here = game.board.tile_at(me);
    let hero_tiles: Vec<Option<usize>> = game
        .heroes_in_dungeon()
        .into_iter()
        .filter_map(|h| game.heroes[h].pos())
        .map(|p| game.board.tile_at(p))
        .collect();
    if !hero_tiles.contains(&here) {
        game.say(format!("{id} is demoralized and hides where no hero is"));
        return;
    }
    let goals: Vec<Point> = (0..game.board.tiles.len())
        .filter(|&t| !hero_tiles.contains(&Some(t)))
        .flat_map(|t| game.board.tile_squares(t))
        .filter(|&q| !game.occupied(q))
        .collect();
    if walk::travel(game, m, &goals, Heroes::Avoid) == FAR {
        game.say(format!(
            "{id} is demoralized and has nowhere to go; it waits"
        ));
        return;
    }
    game.say(format!(
        "{id} is demoralized and slinks off to a tile with no heroes"
    ));
    walk::walk(
        game,
        m,
        &goals,
        speed,
        Heroes::Avoid,
        OnFail::KeepTrying,
        None,
    );
}
