//! The automatic heroes' policy (see the parent module's docs): what a
//! hero does next, read off the state alone, and the route planning and
//! kept fields behind its walks. The driver that sends the commands is the
//! parent.

use crate::core::geom::{all_around, chebyshev};
use crate::core::recent::{Recent, Same};
use crate::core::reuse::with_flags;
use crate::mkd::mission::Goal;
use crate::mkd::play::board::kept::reach_field;
use crate::mkd::play::board::walk::{FAR, Field};
use crate::mkd::play::board::{Board, Mover, PlayMarker};
use crate::mkd::play::command::HeroAction;
use crate::mkd::play::missions;
use crate::mkd::play::state::{ChestOrigin, ChestPlace, ChestState, HeroId, MonsterId, State};
use crate::scenario::Point;
use std::cmp::Ordering;
use std::rc::Rc;
use std::sync::Arc;

/// Does healing hero `h` from the shared pool pay now? When the hero stands
/// in the dungeon, has lost at least half its wounds (or has one left), and
/// the pool holds the price of a heal.
pub(crate) fn should_heal(g: &State, h: HeroId) -> bool {
    let hero = &g.heroes[h];
    let unspent = g.xp.saturating_sub(g.xp_spent);
    hero.pos().is_some()
        && !g.is_prisoner(h)
        && hero.wounds > hero.heal_floor()
        && (hero.wounds * 2 >= hero.stats.wounds || hero.wounds_left() <= 1)
        && unspent >= g.heal_cost(h)
}

/// A closed chest beside hero `h` (or under it) that pays to open on the
/// way, for the hero with `speed` this activation ([`State::hero_speed`]):
/// not the Quest Chest (the goal rules handle it), an unhurt hero (a trap
/// may wound it), no monster next to the hero, the speed to open it, and a
/// hand left free for the Quest Chest while that may still need carrying
/// (a hero carrying the Quest Chest opens none).
pub(crate) fn chest_on_the_way(g: &State, h: HeroId, speed: u32) -> Option<Point> {
    let hero = &g.heroes[h];
    let p = hero.pos()?;
    let left = speed.saturating_sub(hero.spent);
    if hero.wounds > 0
        || left < g.rules().chest_pickup
        || g.floor_monsters()
            .any(|m| g.monsters[m].pos.is_some_and(|q| Board::adjacent(p, q)))
    {
        return None;
    }
    let quest = g.chests.iter().find(|c| c.quest).map(|c| c.place);
    if quest == Some(ChestPlace::Hero(h)) || !hand_to_spare(g, h, quest) {
        return None;
    }
    nearest_beside(g, p, |c| !c.quest && !c.open)
}

/// Has hero `h` a hand free for one more chest, keeping one for the Quest
/// Chest (on `quest`, if the dungeon has one) while that may still need
/// carrying?
fn hand_to_spare(g: &State, h: HeroId, quest: Option<ChestPlace>) -> bool {
    let quest_waits = matches!(quest, Some(ChestPlace::At(_) | ChestPlace::Monster(_)));
    let hands = g.rules().chests_per_hero as usize;
    g.heroes[h].chests.len() + 1 + usize::from(quest_waits) <= hands
}

/// The square (north first, then west) of a chest passing `which` that
/// lies on `p` or beside it.
fn nearest_beside(g: &State, p: Point, which: impl Fn(&ChestState) -> bool) -> Option<Point> {
    g.chests
        .iter()
        .filter(|c| which(c))
        .filter_map(|c| match c.place {
            ChestPlace::At(q) if q == p || Board::adjacent(p, q) => Some(q),
            _ => None,
        })
        .min_by_key(|q| (q.y, q.x))
}

/// An open chest lying beside hero `h` (or under it) that it takes up on
/// the way: an artifact, or a chest from town (one a hero put down to take
/// up the Quest Chest, say) whose gear or undrunk potion is still in it;
/// with a hand to spare ([`chest_on_the_way`]'s rule) and the speed left for
/// `speed` ([`State::hero_speed`]). Such a chest is open, so no trap: a hurt
/// hero or the Quest Chest's carrier takes it too. The dungeon's own
/// chests are left to the rules above, so a default party plays as before.
pub(crate) fn gear_on_the_way(g: &State, h: HeroId, speed: u32) -> Option<Point> {
    if !g.gear_chests {
        return None;
    }
    let hero = &g.heroes[h];
    let at = nearest_beside(g, hero.pos()?, |c| {
        c.open
            && c.origin != ChestOrigin::Dungeon
            && matches!(&c.contents, Some((_, Some(i))) if !i.potion || c.full)
    })?;
    let quest = g.chests.iter().find(|c| c.quest).map(|c| c.place);
    (speed.saturating_sub(hero.spent) >= g.rules().chest_pickup && hand_to_spare(g, h, quest))
        .then_some(at)
}

/// The policy: what hero `h` does next (`None`: nothing, pass). Rule 2
/// leaves out the monsters out of the fight ([`out_of_the_fight`]), which
/// [`shoot_aloof`] shoots once nothing else is left to do.
pub(super) fn choose(g: &State, h: HeroId) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    // Its speed this activation, asked once: every rule below reads it.
    let speed = g.hero_speed(h);
    // An attack needs speed left (a hero that has not moved always has some).
    let can_attack = hero.spent == 0 || hero.spent < speed;
    if let Some(p) = hero.pos()
        && can_attack
    {
        let target = weakest(g, |q| g.board.touching(p, q)).or_else(|| shot(g, h, false));
        if let Some(id) = target {
            // A potion brought from town is drunk before a fight.
            if carries_full_potion(g, h) {
                return Some(HeroAction::Drink);
            }
            return Some(HeroAction::Attack(id));
        }
    }
    if let Some(c) = chest_on_the_way(g, h, speed) {
        return Some(HeroAction::OpenChest(c));
    }
    if let Some(c) = gear_on_the_way(g, h, speed) {
        return Some(HeroAction::TakeChest(c));
    }
    // Speed left: a chest or the way out that cannot be paid for waits.
    let left = speed.saturating_sub(hero.spent);
    match g.goal() {
        Goal::Rescue => return rescue(g, h, speed),
        Goal::Kidnapping => return kidnapping(g, h, speed),
        Goal::Quest | Goal::Stealth => {}
    }
    let quest = g.chests.iter().position(|c| c.quest);
    let place = quest.map(|c| g.chests[c].place);
    match place {
        Some(ChestPlace::At(c)) => {
            if let Some(p) = hero.pos()
                && (p == c || Board::adjacent(p, c))
            {
                let open = g.chests.iter().find(|x| x.quest)?.open;
                // Hands full (chests brought from town): one is put down.
                if hero.chests.len() >= g.rules().chests_per_hero as usize {
                    return (left >= g.rules().chest_drop).then_some(HeroAction::DropChest);
                }
                return (left >= g.rules().chest_pickup).then_some(if open {
                    HeroAction::TakeChest(c)
                } else {
                    HeroAction::OpenChest(c)
                });
            }
            let around = all_around(c);
            let mut goals = [c; 9];
            goals[..8].copy_from_slice(&around);
            walk_within(g, h, &goals, speed)
        }
        Some(ChestPlace::Hero(carrier)) if carrier == h => {
            head_out(g, h, speed).or_else(|| hand_over(g, h))
        }
        Some(ChestPlace::Hero(carrier)) => {
            let p = hero.pos()?;
            if g.is_exit(p) {
                return (left >= 1).then_some(HeroAction::Leave);
            }
            let cp = g.heroes[carrier].pos()?;
            if Board::adjacent(p, cp) {
                return None;
            }
            walk_within(g, h, &all_around(cp), speed)
        }
        Some(ChestPlace::Monster(m)) => {
            let mp = g.monsters[m].pos?;
            walk_within(g, h, &all_around(mp), speed)
        }
        // The game goes on until every hero is out or fallen.
        Some(ChestPlace::Out) => head_out(g, h, speed),
        None if g.floors.stairs.is_some() && g.floors.plan.is_some() => go_down(g, h, speed),
        Some(ChestPlace::Lost) | None => head_out(g, h, speed),
    }
}

/// Does hero `h` carry a chest from town whose potion is not yet drunk?
fn carries_full_potion(g: &State, h: HeroId) -> bool {
    g.heroes[h].chests.iter().any(|&c| g.chests[c].full)
}

/// Rescue: free the prisoner, then bring them out (stepping out costs a
/// speed point). `speed`: hero `h`'s ([`State::hero_speed`]), as for the
/// other goals' rules.
pub(super) fn rescue(g: &State, h: HeroId, speed: u32) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    if let Some(pp) = g.prisoner_square() {
        if hero.pos().is_some_and(|p| Board::adjacent(p, pp)) {
            return Some(HeroAction::Free);
        }
        return walk_within(g, h, &all_around(pp), speed);
    }
    match g.mission.freed {
        Some(f) if f != h && g.heroes[f].pos().is_some() => {
            let p = hero.pos()?;
            if g.board.is_entrance(p) {
                return (speed > hero.spent).then_some(HeroAction::Leave);
            }
            let fp = g.heroes[f].pos()?;
            if Board::adjacent(p, fp) {
                return None;
            }
            walk_within(g, h, &all_around(fp), speed)
        }
        _ => head_out(g, h, speed),
    }
}

/// Kidnapping: find the Guardian, then stay next to the kidnappee.
pub(super) fn kidnapping(g: &State, h: HeroId, speed: u32) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    match g.mission.kidnappee {
        None => match g.wmts.iter().find(|w| w.guardian()) {
            Some(w) => walk_within(g, h, &all_around(w.pos), speed),
            None => head_out(g, h, speed),
        },
        Some(k) => match g.monsters[k].pos {
            Some(kp) if g.mission.captured => {
                // Keep next to the captive, behind it rather than in its way.
                let mut exit = exit_distances(g, k);
                let cut_off = g.board.idx(kp).is_none_or(|i| exit[i] == FAR);
                // Monsters shut it off from the entrance. When nobody can
                // get at the monster in its way (the captive corks the only
                // way between them), the captive is led on along its way
                // with no monster on the board: keep behind it on that way.
                // Otherwise one hero next to it guards it, the others go
                // and fight that monster instead of walking out.
                if cut_off && let Some(m) = in_the_way(g, k, kp) {
                    match corked_way(g, k, kp, m) {
                        Some(clear) => exit = clear,
                        None => {
                            if guard_of(g, kp) == Some(h) {
                                return None;
                            }
                            let mp = g.monsters[m].pos?;
                            if let Some(walk) = walk_within(g, h, &all_around(mp), speed) {
                                return Some(walk);
                            }
                        }
                    }
                }
                let at = |q: Point| g.board.idx(q).map_or(FAR, |i| exit[i]);
                // A hero ahead of it on the way out walks on and leaves,
                // clearing the way.
                if hero.pos().is_some_and(|p| at(p) < at(kp)) {
                    return head_out(g, h, speed);
                }
                let around = all_around(kp);
                let behind: Vec<Point> = around
                    .iter()
                    .copied()
                    .filter(|&q| at(q) != FAR && at(q) >= at(kp))
                    .collect();
                if hero.pos().is_some_and(|p| behind.contains(&p)) {
                    return None;
                }
                walk_within(
                    g,
                    h,
                    if behind.is_empty() { &around } else { &behind },
                    speed,
                )
                .or_else(|| walk_within(g, h, &around, speed))
            }
            Some(kp) => {
                // Beside it with a shut door between (the kidnappee came out
                // of the token on the door's far side): open the door, and
                // rule 1 fights it. Walking in next to it had nothing left
                // to do, so the hero passed there for the rest of the game.
                if let Some(p) = hero.pos()
                    && Board::adjacent(p, kp)
                    && let Some(door) = g.board.door_between(p, kp)
                    && !g.board.doors[door].open
                    && speed.saturating_sub(hero.spent) >= g.rules().door_open
                {
                    return Some(open_door(g, door, kp, p));
                }
                walk_within(g, h, &all_around(kp), speed)
            }
            None => head_out(g, h, speed),
        },
    }
}

/// Kidnapping: speed points from every square to the entrance for the
/// kidnappee `k`, with only other monsters and tokens in the way.
pub(super) fn exit_distances(g: &State, k: MonsterId) -> Field {
    let mover = g.monster_mover(k);
    g.board.distances_to(&g.board.entrance, &mover, &|i| {
        let q = g.board.point(i);
        g.monster_at(q).is_some_and(|o| o != k) || g.wmts.iter().any(|w| w.pos == q)
    })
}

/// The command that opens `door`, between `far` and `near` (the hero's
/// side): the door named by the first of the two squares that picks it
/// out (the first door listed on it), else by `far`.
fn open_door(g: &State, door: usize, far: Point, near: Point) -> HeroAction {
    let at = [far, near]
        .into_iter()
        .find(|&q| g.board.doors_at(q).first() == Some(&door))
        .unwrap_or(far);
    HeroAction::OpenDoor(at)
}

/// Kidnapping, while monsters shut the captive `k` (on `kp`) off from the
/// entrance and no hero but its guard (the first next to it) can walk up
/// to `m`, the monster [`in_the_way`]: most often the captive itself stands in
/// the one narrow way between them, so the monster waits, unable to reach
/// a hero, and the heroes wait for it. Then the captive's distances to the
/// entrance with only tokens in the way, to lead it on by towards that
/// monster (out of the narrows, where the monster can come up to the heroes
/// or be led round); `None` when someone can go and fight it.
pub(super) fn corked_way(g: &State, k: MonsterId, kp: Point, m: MonsterId) -> Option<Field> {
    let mp = g.monsters[m].pos?;
    let guard = guard_of(g, kp);
    let can_get_at = |x: HeroId| {
        let Some(p) = g.heroes[x].pos() else {
            return false;
        };
        let goals: Vec<Point> = all_around(mp)
            .into_iter()
            .filter(|&q| q == p || (g.board.passable(q) && !g.occupied(q)))
            .collect();
        let d = g.board.distances_to(&goals, &g.hero_mover(x), &|i| {
            let q = g.board.point(i);
            q != p && g.occupied(q)
        });
        g.board.idx(p).is_some_and(|i| d[i] != FAR)
    };
    if g.hero_ids().any(|x| Some(x) != guard && can_get_at(x)) {
        return None;
    }
    Some(clear_distances(g, k))
}

/// Kidnapping: the captive's guard, the first hero in party order next to
/// its square `kp`.
fn guard_of(g: &State, kp: Point) -> Option<HeroId> {
    g.hero_ids()
        .find(|&x| g.heroes[x].pos().is_some_and(|q| Board::adjacent(q, kp)))
}

/// Kidnapping: speed points from every square to the entrance for the
/// kidnappee `k` with only tokens in the way (no monster on the board).
fn clear_distances(g: &State, k: MonsterId) -> Field {
    let mover = g.monster_mover(k);
    g.board.distances_to(&g.board.entrance, &mover, &|i| {
        let q = g.board.point(i);
        g.wmts.iter().any(|w| w.pos == q)
    })
}

/// Kidnapping, while other monsters shut the captive `k` (on `kp`) off from
/// the entrance: the monster in its way, the one nearest the captive (with
/// no figure on the board) of those standing nearer the entrance than it
/// (counted the same way); ties: north first, then west.
pub(super) fn in_the_way(g: &State, k: MonsterId, kp: Point) -> Option<MonsterId> {
    let mover = g.monster_mover(k);
    let tokens = |i: usize| {
        let q = g.board.point(i);
        g.wmts.iter().any(|w| w.pos == q)
    };
    let clear = clear_distances(g, k);
    let from = g.board.distances_to(&[kp], &mover, &tokens);
    let at = |v: &[u32], q: Point| g.board.idx(q).map_or(FAR, |i| v[i]);
    let here = at(&clear, kp);
    if here == FAR {
        return None;
    }
    g.floor_monsters()
        .filter(|&m| m != k)
        .filter_map(|m| Some((m, g.monsters[m].pos?)))
        .filter(|&(_, q)| at(&clear, q) < here && at(&from, q) != FAR)
        .min_by_key(|&(_, q)| (at(&from, q), q.y, q.x))
        .map(|(m, _)| m)
}

/// Kidnapping, when no lead brings the captive `k` nearer the entrance: the
/// square to lead it aside to, if a monster stands in its way. Its way is
/// the squares next to it a step nearer the entrance with no figure on the
/// board; when every one of them is taken and a monster stands on one, the
/// captive is led off that way, freeing its square so the monster can come
/// up to the heroes and be fought. The square: free, within the captive's
/// speed (`free_way`: its costs out of its own square), farther from the
/// entrance than the captive with no figure on the board (each aside ends
/// farther out than it began, so asides never lead it back and forth; led a
/// step aside, the square it left is its way again), next to a hero of
/// `team` when one is, then nearest the entrance; ties: north first, then
/// west.
pub(super) fn lead_aside(g: &State, k: MonsterId, team: usize, free_way: &[u32]) -> Option<Point> {
    let kp = g.monsters[k].pos?;
    let clear = clear_distances(g, k);
    let at = |v: &[u32], q: Point| g.board.idx(q).map_or(FAR, |i| v[i]);
    let here = at(&clear, kp);
    if here == FAR {
        return None;
    }
    let way: Vec<Point> = Board::neighbours(kp)
        .into_iter()
        .filter(|&n| g.board.passable(n) && at(&clear, n) < here)
        .collect();
    let held = way.iter().all(|&n| g.occupied(n))
        && way.iter().any(|&n| g.monster_at(n).is_some_and(|m| m != k));
    if !held {
        return None;
    }
    let speed = g.monsters[k].stats.speed;
    let guarded = |q: Point| {
        g.heroes
            .iter()
            .any(|x| x.team == team && x.pos().is_some_and(|p| Board::adjacent(p, q)))
    };
    (0..g.board.len())
        .map(|i| g.board.point(i))
        .filter(|&q| q != kp && g.board.passable(q) && !g.occupied(q))
        .filter(|&q| at(free_way, q) <= speed && at(&clear, q) != FAR && at(&clear, q) > here)
        .min_by_key(|&q| (!guarded(q), at(&clear, q), q.y, q.x))
}

/// For hero `h` with nothing to do at the start of its activation: when no
/// walk leads it off the floor, another way on (see the module's policy).
pub(super) fn way_on(g: &State, h: HeroId) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    let p = hero.pos()?;
    if !hero.displaced || hero.spent > 0 {
        return None;
    }
    let off = missions::ways_off(g);
    if missions::could_walk_to_any(g, h, p, &off) {
        return None;
    }
    match g.markers.iter().find(|m| m.pos == p).map(|m| m.kind) {
        Some(PlayMarker::Teleporter) => {
            let to = g
                .markers
                .iter()
                .filter(|m| m.kind == PlayMarker::Teleporter && m.pos != p)
                .map(|m| m.pos)
                .find(|&q| missions::could_walk_to_any(g, h, q, &off));
            return Some(HeroAction::Teleport(to));
        }
        Some(PlayMarker::Vortex) => return Some(HeroAction::Vortex),
        Some(PlayMarker::Staircase) | None => {}
    }
    let goals: Vec<Point> = missions::other_ways_on(g)
        .into_iter()
        .map(|i| g.board.point(i))
        .collect();
    walk_towards(g, h, &goals)
}

/// To the entrance and out (stepping out costs a speed point), for hero
/// `h` with `speed` ([`State::hero_speed`]).
pub(super) fn head_out(g: &State, h: HeroId, speed: u32) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    let p = hero.pos()?;
    if g.is_exit(p) {
        return (speed > hero.spent).then_some(HeroAction::Leave);
    }
    walk_within(g, h, &g.exit_squares(), speed)
}

/// For the Quest Chest's carrier `h` that can take no step out at the start
/// of its activation (a friend in front on ground it cannot pay to walk
/// past, say): hand the chest to a friend next to it that is nearer the way
/// out (by a walk with doors opened and figures gone), has a hand free and
/// is not the prisoner; the nearest, then the first in party order. The
/// chest only ever goes nearer the way out, so two heroes never hand it
/// back and forth.
pub(super) fn hand_over(g: &State, h: HeroId) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    let p = hero.pos()?;
    let rules = g.rules();
    let last = *hero.chests.last()?;
    if hero.spent > 0 || !g.chests[last].quest || g.hero_speed(h) < rules.chest_transfer {
        return None;
    }
    let walk = missions::free_walk(g, h);
    let out = g.board.distances_to(&g.exit_squares(), &walk, &|_| false);
    let at = |q: Point| g.board.idx(q).map_or(FAR, |i| out[i]);
    let mine = at(p);
    g.hero_ids()
        .filter(|&o| o != h && !g.is_prisoner(o))
        .filter(|&o| g.heroes[o].chests.len() < rules.chests_per_hero as usize)
        .filter_map(|o| {
            let q = g.heroes[o].pos().filter(|&q| Board::adjacent(p, q))?;
            (at(q) < mine).then_some((at(q), o))
        })
        .min()
        .map(|(_, o)| HeroAction::GiveChest(String::from(&*g.heroes[o].name)))
}

/// To the stairs down and down them (a floor without the goal), for hero
/// `h` with `speed` ([`State::hero_speed`]).
pub(super) fn go_down(g: &State, h: HeroId, speed: u32) -> Option<HeroAction> {
    let stairs = g.floors.stairs?;
    if g.heroes[h].pos() == Some(stairs) {
        let left = speed.saturating_sub(g.heroes[h].spent);
        return (left >= g.rules().staircase).then_some(HeroAction::Stairs);
    }
    walk_within(g, h, &[stairs], speed)
}

/// The monster hero `h` would shoot (rule 2), if it stands in the dungeon
/// and has a shot (the caller knows it has the speed left to attack): the
/// weakest within its range and in its line of sight among those out of
/// the fight ([`out_of_the_fight`]) when `aloof`, else among the others.
fn shot(g: &State, h: HeroId, aloof: bool) -> Option<String> {
    let hero = &g.heroes[h];
    let p = hero.pos()?;
    let s = hero.stats.shoot?;
    let in_range = |q: Point| chebyshev(p, q) <= s.range && g.line_of_fire(p, q);
    if !aloof {
        // The weakest in range when it is in the fight (the usual case) is
        // also the weakest of those in the fight.
        let m = weakest_id(g, in_range)?;
        if !out_of_the_fight(g, m) {
            return Some(String::from(&*g.monsters[m].id));
        }
    }
    let out: Vec<Point> = g
        .floor_monsters()
        .filter_map(|m| {
            g.monsters[m]
                .pos
                .filter(|&q| in_range(q) && out_of_the_fight(g, m))
        })
        .collect();
    weakest(g, |q| in_range(q) && out.contains(&q) == aloof)
}

/// Does a monster on the board wait, its latest hunt having found no way
/// to any hero?
fn anyone_waiting(g: &State) -> bool {
    g.floor_monsters()
        .any(|m| g.monsters[m].waiting && g.monsters[m].pos.is_some())
}

/// Is monster `m` out of the fight, left out of rule 2 while a hero has
/// anything else to do? Its latest hunt found no way to any hero
/// ([`waiting`](crate::mkd::play::state::MonsterState::waiting)), it has
/// no shot of its own, and it could not walk next to any hero even with
/// every shut door opened and no figure in the way. Shooting it decides nothing: it cannot come at the heroes (a
/// troll across a crevice that healed what the arrows did held a lone
/// archer there until the turn limit).
pub(super) fn out_of_the_fight(g: &State, m: MonsterId) -> bool {
    let monster = &g.monsters[m];
    let Some(mp) = monster.pos else {
        return false;
    };
    if !monster.waiting || monster.stats.shoot.is_some() {
        return false;
    }
    let mut next_to_heroes = Vec::new();
    for x in g.heroes_in_dungeon() {
        if let Some(hp) = g.heroes[x].pos() {
            let around = all_around(hp);
            let touching = around.iter().filter(|&&q| g.board.touching(q, hp));
            next_to_heroes.extend(touching.filter_map(|&q| g.board.idx(q)));
        }
    }
    let walk = Mover {
        door_open: Some(0),
        ..g.monster_mover(m)
    };
    let dist = g
        .board
        .distances_to_nearest(mp, &walk, &|_| false, &next_to_heroes);
    next_to_heroes.iter().all(|&t| dist[t] == FAR)
}

/// Rule 2 for the monsters out of the fight ([`out_of_the_fight`]), when
/// the other rules and [`way_on`] give hero `h` nothing to do.
pub(super) fn shoot_aloof(g: &State, h: HeroId) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    if hero.stats.shoot.is_none() || !anyone_waiting(g) {
        return None;
    }
    let can_attack = hero.spent == 0 || hero.spent < g.hero_speed(h);
    if !can_attack {
        return None;
    }
    shot(g, h, true).map(HeroAction::Attack)
}

/// The revealed monster with the fewest wounds left among those whose
/// square passes `near` (ties: the smaller id).
pub(super) fn weakest(g: &State, near: impl Fn(Point) -> bool) -> Option<String> {
    weakest_id(g, near).map(|m| String::from(&*g.monsters[m].id))
}

/// [`weakest`], by index.
fn weakest_id(g: &State, near: impl Fn(Point) -> bool) -> Option<MonsterId> {
    let captive = g.mission.kidnappee.filter(|_| g.mission.captured);
    g.floor_monsters()
        .filter(|&i| g.monsters[i].pos.is_some_and(&near) && Some(i) != captive)
        .min_by(|&a, &b| {
            let (a, b) = (&g.monsters[a], &g.monsters[b]);
            a.wounds_left()
                .cmp(&b.wounds_left())
                .then_with(|| a.id.cmp(&b.id))
        })
}

/// The command that takes hero `h` along the shortest route towards any of
/// `goals` as far as its speed allows, or opens the closed door in front of
/// it. `None` when there is no route or no step it can pay for.
pub(super) fn walk_towards(g: &State, h: HeroId, goals: &[Point]) -> Option<HeroAction> {
    walk_within(g, h, goals, g.hero_speed(h))
}

/// [`walk_towards`] for hero `h` with `speed` ([`State::hero_speed`]).
fn walk_within(g: &State, h: HeroId, goals: &[Point], speed: u32) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    // On the board with no speed left, a hero can take no step (each costs
    // at least a point) and open no door that costs one: [`plan_walk`]
    // would find nothing, and its routes are left unwalked.
    if hero.pos().is_some() && hero.spent >= speed && g.rules().door_open > 0 {
        return None;
    }
    plan_walk(g, h, goals, speed)
}

/// [`walk_towards`] for hero `h` with `speed` ([`State::hero_speed`]),
/// routes and all.
pub(super) fn plan_walk(g: &State, h: HeroId, goals: &[Point], speed: u32) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    let me = hero.pos();
    let here = me.and_then(|p| g.board.idx(p));
    let figures = figure_squares(g, here);
    // A monster or token on a square (never the hero's own, `here`).
    let figure = |q: Point| {
        g.board
            .idx(q)
            .is_some_and(|i| figures.binary_search(&i).is_ok())
    };
    // Free: no one stands there ([`State::occupied`], with the monsters
    // and tokens looked up in `figures`).
    let prisoner = g.prisoner_square();
    let free = |q: Point| {
        g.board.passable(q)
            && (Some(q) == me || !(figure(q) || g.hero_at(q).is_some() || prisoner == Some(q)))
    };
    let mut free_goals = Vec::with_capacity(goals.len());
    free_goals.extend(goals.iter().copied().filter(|&q| free(q)));
    let goals = free_goals;
    if goals.is_empty() || me.is_some_and(|p| goals.contains(&p)) {
        return None;
    }
    let walk = g.hero_mover(h);
    // Routes may go through closed doors (opened on the way).
    let plan = Mover {
        door_open: Some(g.rules().door_open),
        ..walk
    };
    // Round monsters and tokens if possible, else straight at them. These
    // two fields depend only on the board, the goals, the walk and where
    // the monsters and tokens stand, which most of the heroes' commands
    // leave as they were: they come from this thread's recent fields.
    // The fields give no distance to a square no hero can stand on, unless
    // the route starts on one (should the board change under a hero).
    let standing = match me {
        Some(p) => g.board.can_stand(p, &plan),
        None => g
            .entry_squares(h)
            .iter()
            .all(|&e| g.board.can_stand(e, &plan)),
    };
    let round = recent_field(g, &goals, &plan, &figures, standing);
    let (dist, through) = match start_square(g, h, &round) {
        Some(_) => (round, false),
        None => (recent_field(g, &goals, &plan, &[], standing), true),
    };
    // Near the goal (within two activations' walk), keep off the squares
    // that would reveal a token, when a route round them exists.
    let near = start_square(g, h, &dist).is_some_and(|(p, c)| {
        g.board
            .idx(p)
            .is_some_and(|i| dist[i] != FAR && dist[i] + c <= 2 * speed)
    });
    let mut careful = false;
    let dist = if near {
        // Every square a figure stands on or a token would be revealed
        // from, but the hero's own. The field round them is walked only
        // when it differs from the one in hand, which a look at the
        // squares beside them tells.
        let shunned = shunned_squares(g, &figures, here);
        let shun = |i: usize| shunned.binary_search(&i).is_ok();
        // Who blocked the field in hand: the figures, or no one.
        let was = |i: usize| !through && figures.binary_search(&i).is_ok();
        if g.board
            .field_changes_if_blocked(&dist, &plan, &was, &shun, &shunned)
        {
            // From the hero's square the walk downhill reads only squares
            // nearer the goal, so the field may stop there.
            // A careful hero moves a square a command along this field:
            // the next command asks for it again, from nearer the goal.
            let round_tokens = reach_field(&g.board, &goals, &plan, &shunned, me);
            match start_square(g, h, &round_tokens) {
                Some(_) => {
                    careful = true;
                    round_tokens
                }
                None => dist,
            }
        } else {
            dist
        }
    } else {
        dist
    };
    let (start, enter) = start_square(g, h, &dist)?;
    let left = speed.saturating_sub(hero.spent);
    let mut spent = enter;
    if spent > left {
        return None;
    }
    let mut best = (me.is_none() && !g.occupied(start)).then_some(start);
    let mut here = start;
    while dist[g.board.idx(here)?] != 0 {
        let steps = g.board.downhill(here, &dist, &plan);
        // A careful route's squares are scored even where they would reveal
        // a token; the walk steps only on the ones that do not.
        let next = if careful {
            let safe = |q: &Point| {
                g.board.idx(*q).is_some_and(|i| dist[i] == 0) || g.wmt_triggered_by(*q).is_empty()
            };
            match steps.into_iter().find(safe) {
                Some(q) => q,
                None => break,
            }
        } else {
            *steps.first()?
        };
        let shut = g
            .board
            .door_between(here, next)
            .filter(|&door| !g.board.doors[door].open);
        // The hero stands at the door with the speed to open it, and has
        // not moved this command: open it. With a figure behind it, only
        // for a monster, which the hero then fights (rule 1); a monster
        // there that cannot reach the heroes either would otherwise hold
        // both sides until the turn limit.
        let opens = shut.is_some()
            && best.is_none()
            && Some(here) == me
            && left >= g.rules().door_open
            && (!figure(next) || g.monster_at(next).is_some());
        if let Some(door) = shut.filter(|_| opens) {
            return Some(open_door(g, door, next, here));
        }
        if figure(next) || shut.is_some() {
            break;
        }
        // `next` is downhill along `dist`, walked as `plan`, which differs
        // from `walk` only at a shut door (not this step): the step costs
        // what the two distances differ by.
        let cost = dist[g.board.idx(here)?] - dist[g.board.idx(next)?];
        if spent + cost > left {
            break;
        }
        spent += cost;
        here = next;
        if !g.occupied(here) {
            best = Some(here);
            // Round the tokens one square a command: `moves to` a farther
            // square would walk the engine's own shortest way, by them.
            if careful {
                break;
            }
        }
    }
    let to = best?;
    Some(HeroAction::Move(to))
}

/// The squares (board indexes, ascending) a monster or token stands on,
/// except `here`, the walking hero's own.
pub(super) fn figure_squares(g: &State, here: Option<usize>) -> Vec<usize> {
    let monsters = g.floor_monsters().filter_map(|m| g.monsters[m].pos);
    let mut v = Vec::with_capacity(g.monsters.len() + g.wmts.len());
    v.extend(
        monsters
            .chain(g.wmts.iter().map(|w| w.pos))
            .filter_map(|q| g.board.idx(q))
            .filter(|&i| Some(i) != here),
    );
    v.sort_unstable();
    v.dedup();
    v
}

/// The squares (board indexes, ascending) the automatic heroes' careful
/// walk keeps off: the `figures` ([`figure_squares`]) and every square that
/// would reveal a token (beside one, or on its tile), except `here`.
pub(super) fn shunned_squares(g: &State, figures: &[usize], here: Option<usize>) -> Vec<usize> {
    let tokens = g.token_trigger_squares();
    // Both lists are ascending, each square once: merged in one pass.
    let mut v = Vec::with_capacity(tokens.len() + figures.len());
    let (mut a, mut b) = (tokens.iter().peekable(), figures.iter().peekable());
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => match x.cmp(y) {
                Ordering::Less => a.next(),
                Ordering::Greater => b.next(),
                Ordering::Equal => {
                    b.next();
                    a.next()
                }
            },
            (Some(_), None) => a.next(),
            (None, _) => b.next(),
        };
        match next {
            Some(&i) if Some(i) != here => v.push(i),
            Some(_) => {}
            None => break,
        }
    }
    v
}

/// A whole field to `goals` for `plan`, every square in `blocked` (board
/// indexes, sorted) blocking routes through it; with `standing`, on the
/// squares a hero can stand on only ([`Board::distances_to_standing`]),
/// else on every square ([`Board::distances_to`]): one this thread walked
/// recently on the same board (the same `Arc`, which the entry holds, so
/// an equal pointer is an unchanged board) with the same inputs, or a new
/// one. The field is a function of exactly these inputs, so a kept one is
/// the field a new walk would give.
pub(super) fn recent_field(
    g: &State,
    goals: &[Point],
    plan: &Mover,
    blocked: &[usize],
    standing: bool,
) -> Rc<Field> {
    RECENT_FIELDS.with(|recent| {
        recent.borrow_mut().find_or_make(
            |(board, p, st, b, gs)| {
                Arc::ptr_eq(&board.0, &g.board)
                    && p == plan
                    && *st == standing
                    && b.as_slice() == blocked
                    && gs.as_slice() == goals
            },
            || {
                let field = Rc::new(with_marks(g.board.len(), blocked, |marked| {
                    let is_blocked = |i: usize| marked[i];
                    if standing {
                        g.board.distances_to_standing(goals, plan, &is_blocked)
                    } else {
                        g.board.distances_to(goals, plan, &is_blocked)
                    }
                }));
                let key = (
                    Same(g.board.clone()),
                    *plan,
                    standing,
                    blocked.to_vec(),
                    goals.to_vec(),
                );
                (key, field)
            },
        )
    })
}

/// A field [`recent_field`] keeps: the board, the walk, whether only
/// standing squares count, the blocked squares and the goals it was walked
/// from (compared in that order, the cheapest first).
pub(super) type FieldKey = (Same<Board>, Mover, bool, Vec<usize>, Vec<Point>);

/// Runs `f` with a flag per board square (`len` of them), set on the
/// squares in `marked` (board indexes) and on no other: a walk asks of
/// each square it takes whether it is blocked, and a flag answers that
/// faster than a search of the list.
pub(super) fn with_marks<R>(len: usize, marked: &[usize], f: impl FnOnce(&[bool]) -> R) -> R {
    with_flags(&MARKS, len, marked.iter().copied(), f)
}

thread_local! {
    /// The flags [`with_marks`] lends, all unset between uses.
    static MARKS: std::cell::RefCell<Vec<bool>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The thread's 16 most recent fields.
    static RECENT_FIELDS: std::cell::RefCell<Recent<FieldKey, Rc<Field>>> =
        const { std::cell::RefCell::new(Recent::new(16)) };
}

/// Where hero `h`'s route starts along `dist`: its square, or (from outside)
/// the free entrance square nearest the goal, with the cost of stepping on
/// it. `None` when no route leads to the goal.
pub(super) fn start_square(g: &State, h: HeroId, dist: &[u32]) -> Option<(Point, u32)> {
    let d = |q: Point| g.board.idx(q).map_or(FAR, |i| dist[i]);
    match g.heroes[h].pos() {
        Some(p) => (d(p) != FAR).then_some((p, 0)),
        None => {
            let walk = g.hero_mover(h);
            g.entry_squares(h)
                .iter()
                .filter(|&&e| !g.occupied(e) && d(e) != FAR)
                .filter_map(|&e| Some((d(e), e, g.board.step_cost(e, e, &walk)?)))
                .min_by_key(|&(de, e, c)| (de + c, e.y, e.x))
                .map(|(_, e, c)| (e, c))
        }
    }
}
