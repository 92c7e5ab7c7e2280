//! Reveals: a token's 2d6 on the reveal table, the monsters the pool gives
//! for it (highest value that fits, ties by d6; the multiple-monster roll;
//! the swarm rule), where they stand and which way they face; and, in a
//! kidnapping, which of the Guardian's monsters is the one to capture.

use crate::core::dice::Dice;
use crate::core::geom::all_around;
use crate::mkd::figures::Ability;
use crate::mkd::mission::Goal;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Chooser, Event, Pick, Rolls, Topic};
use crate::mkd::play::state::{MonsterId, MonsterMode, MonsterState, TokenId, WmtState};
use crate::mkd::tables::{Direction, MultiReveal, Tables};
use crate::scenario::Point;
use crate::tileset::Side;
use std::sync::Arc;

/// Who made a token reveal itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// A figure coming near it (its monsters face a rolled direction).
    Figure,
    /// The token itself, moving in the WMT turn (its monsters face the way
    /// it came).
    Wandering(Side),
    /// A trap, an alarm, reinforcements or a freed prisoner.
    Other,
}

/// The monster-id stem of a figure's name: `Orc Raider` → `orc-raider`.
fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    s.trim_end_matches('-').to_string()
}

/// Reveals token `i`: the 2d6 roll, the monsters chosen from the pool,
/// their squares and facing. Returns the new monsters.
pub fn reveal(cx: &mut Ctx, i: usize, cause: Cause) -> Vec<MonsterId> {
    let w = cx.s.remove_wmt(i);
    cx.s.stats.wmts_revealed += 1;
    let pools = &cx.s.scenario.game.pools;
    let bonus = if w.guardian() {
        pools.guardian_reveal_bonus
    } else {
        pools.wmt_reveal_bonus
    };
    let dice = cx.dice.roll_each::<2>(6, format_args!("{}: reveal", w.id));
    let total = (dice[0] + dice[1] + bonus).min(12);
    let Some(r) =
        cx.s.tables
            .reveal_for(w.id.color.name(), w.id.number, total)
    else {
        cx.emit(Event::NoRevealRow { token: w.id });
        return Vec::new();
    };
    cx.emit(Event::Revealed {
        token: w.id,
        dice,
        bonus,
        total,
        count: r.count,
        points: r.points,
    });
    if r.count == 0 {
        return Vec::new();
    }
    let chosen = choose_monsters(cx, r.count, r.points, w.id);
    if chosen.is_empty() {
        cx.emit(Event::NothingFits);
        return Vec::new();
    }
    let pool = &cx.s.monster_pool;
    let names: Vec<String> = chosen.iter().map(|&e| pool[e].name.clone()).collect();
    let value: u32 = chosen.iter().map(|&e| pool[e].points).sum();
    cx.emit(Event::FromPool { names, value });
    let placed = place_monsters(cx, &chosen, w.pos, cause);
    if w.guardian() {
        pick_kidnappee(cx, &placed);
    }
    placed
}

/// Picks monsters from the pool for `count` monsters worth `points` in
/// all, by the reveal rules. Returns pool indexes, with the pool counts
/// already taken.
pub fn choose_monsters(cx: &mut Ctx, count: u32, points: u32, id: TokenId) -> Vec<usize> {
    let pool = &cx.s.monster_pool;
    let eligible: Vec<usize> = (0..pool.len())
        .filter(|&e| pool[e].count > 0 && pool[e].points <= points)
        .collect();
    if eligible.is_empty() {
        return Vec::new();
    }
    let max = eligible.iter().map(|&e| pool[e].points).max().unwrap_or(0);
    let mut chosen = Vec::new();
    if u64::from(max) * 2 < u64::from(points) {
        // Swarm: as many as it takes to come close to the value.
        cx.emit(Event::Swarm { points, best: max });
        let mut left = points;
        while let Some(e) = best_fit(cx, left, id, Topic::Swarm) {
            left -= cx.s.monster_pool[e].points;
            Arc::make_mut(&mut cx.s.monster_pool)[e].count -= 1;
            chosen.push(e);
            if chosen.len() >= 20 {
                break;
            }
        }
        return chosen;
    }
    if count <= 1 {
        if let Some(e) = best_fit(cx, points, id, Topic::EqualMonsters) {
            Arc::make_mut(&mut cx.s.monster_pool)[e].count -= 1;
            chosen.push(e);
        }
        return chosen;
    }
    let face = cx.dice.d6(format_args!("{id}: multiple-monster reveal"));
    let row = cx.s.tables.multiple_reveal.get(face).result;
    cx.emit(Event::MultipleReveal { count, face });
    match row {
        MultiReveal::SameKind => {
            let pool = &cx.s.monster_pool;
            let kinds: Vec<usize> = (0..pool.len())
                .filter(|&e| pool[e].count >= count && pool[e].points * count <= points)
                .collect();
            if let Some(best) = kinds.iter().map(|&e| pool[e].points).max() {
                let ties: Vec<usize> = kinds
                    .into_iter()
                    .filter(|&e| pool[e].points == best)
                    .collect();
                let picks: Vec<Pick> = ties.iter().map(|&e| Pick::PoolMonster(e)).collect();
                let k = cx.choose(Chooser::Token(id), Topic::EqualKinds, &picks);
                let e = ties[k];
                Arc::make_mut(&mut cx.s.monster_pool)[e].count -= count;
                return vec![e; count as usize];
            }
            cx.emit(Event::NoKindEnough);
            even_split(cx, count, points, id)
        }
        MultiReveal::Leader => {
            let cheapest = eligible
                .iter()
                .map(|&e| cx.s.monster_pool[e].points)
                .min()
                .unwrap_or(0);
            let room = points.saturating_sub(cheapest * (count - 1));
            if let Some(e) = best_fit(cx, room, id, Topic::Leader) {
                Arc::make_mut(&mut cx.s.monster_pool)[e].count -= 1;
                chosen.push(e);
            }
            let spent: u32 = chosen.iter().map(|&e| cx.s.monster_pool[e].points).sum();
            chosen.extend(even_split(
                cx,
                count - chosen.len() as u32,
                points - spent,
                id,
            ));
            chosen
        }
        MultiReveal::Even => even_split(cx, count, points, id),
    }
}

/// `count` monsters sharing `points` evenly.
fn even_split(cx: &mut Ctx, count: u32, points: u32, id: TokenId) -> Vec<usize> {
    let mut chosen = Vec::new();
    let mut left = points;
    for k in 0..count {
        let share = left / (count - k);
        let Some(e) = best_fit(cx, share.max(1), id, Topic::EqualMonsters) else {
            break;
        };
        left -= cx.s.monster_pool[e].points.min(left);
        Arc::make_mut(&mut cx.s.monster_pool)[e].count -= 1;
        chosen.push(e);
    }
    chosen
}

/// The highest-valued pool monster worth at most `limit` (ties by d6, a
/// choice of token `id`'s on `topic`).
fn best_fit(cx: &mut Ctx, limit: u32, id: TokenId, topic: Topic) -> Option<usize> {
    let pool = &cx.s.monster_pool;
    let best = pool
        .iter()
        .filter(|m| m.count > 0 && m.points <= limit)
        .map(|m| m.points)
        .max()?;
    let ties: Vec<usize> = (0..pool.len())
        .filter(|&e| pool[e].count > 0 && pool[e].points == best)
        .collect();
    let k = cx.choose_among(Chooser::Token(id), topic, ties.len(), |k| {
        Pick::PoolMonster(ties[k])
    });
    Some(ties[k])
}

/// Puts revealed monsters on the board: the first on the token's square,
/// the rest next to it (squares by d6), facing as the rules say.
pub fn place_monsters(cx: &mut Ctx, chosen: &[usize], at: Point, cause: Cause) -> Vec<MonsterId> {
    let mut placed = Vec::new();
    let mut first = at;
    for (k, &e) in chosen.iter().enumerate() {
        let s = &*cx.s;
        let spot = if k == 0 && !s.occupied(at) && s.board.passable(at) {
            Some(at)
        } else {
            let around: Vec<Point> = all_around(first)
                .into_iter()
                .filter(|&q| s.board.passable(q) && !s.occupied(q))
                .collect();
            if around.is_empty() {
                s.free_square_near(first)
            } else {
                let k =
                    cx.choose_among(Chooser::Dungeon, Topic::MonsterSquare, around.len(), |k| {
                        Pick::Square(around[k])
                    });
                Some(around[k])
            }
        };
        let Some(spot) = spot else {
            Arc::make_mut(&mut cx.s.monster_pool)[e].count += 1;
            let name = cx.s.monster_pool[e].name.clone();
            cx.emit(Event::NoRoom { name });
            continue;
        };
        if k == 0 {
            first = spot;
        }
        let mut facing_faces = Vec::new();
        let facing = match cause {
            Cause::Wandering(side) => side,
            _ => random_direction(
                cx.dice,
                &cx.s.tables,
                format_args!("{} facing", cx.s.monster_pool[e].name),
                |f| facing_faces.push(f),
            ),
        };
        let s = &*cx.s;
        let entry = &s.monster_pool[e];
        let stats = entry.stats.unwrap_or(*s.tables.profile_for(entry.points));
        let n = s
            .floor_monsters()
            .filter(|&m| *s.monsters[m].name == *entry.name)
            .count()
            + 1;
        // Pool entries hold names the loaders checked; play reads them here.
        let abilities: Vec<Ability> = entry
            .abilities
            .iter()
            .filter_map(|a| Ability::parse(a))
            .collect();
        let nimble = abilities
            .iter()
            .any(|&a| a == Ability::Nimble || a == Ability::Stealth);
        let m = MonsterState {
            id: format!("{}-{n}", slug(&entry.name)).into(),
            name: entry.name.clone().into(),
            points: entry.points,
            abilities,
            stats,
            pos: Some(spot),
            facing,
            wounds: 0,
            surprised: !nimble,
            mode: MonsterMode::Hunt,
            carrying: None,
            // A state damage brings on, never one it starts in.
            demoralized: false,
            dismounted: false,
            held: 0,
            waiting: false,
        };
        let surprised = m.surprised;
        let id = cx.s.push_monster(m);
        cx.s.stats.monsters_revealed += 1;
        cx.emit(Event::Appears {
            monster: id,
            at: spot,
            facing,
            facing_faces: Rolls(facing_faces),
            surprised,
        });
        placed.push(id);
    }
    placed
}

/// A random compass direction by the directions table, re-rolling the
/// faces that name none; every face rolled goes to `seen`.
pub fn random_direction(
    dice: &mut Dice,
    tables: &Tables,
    why: impl std::fmt::Display,
    mut seen: impl FnMut(u32),
) -> Side {
    for _ in 0..100 {
        let face = dice.d6(&why);
        seen(face);
        match tables.directions.get(face).result {
            Direction::North => return Side::N,
            Direction::East => return Side::E,
            Direction::South => return Side::S,
            Direction::West => return Side::W,
            Direction::Reroll => continue,
        }
    }
    Side::N
}

/// Takes token `k` out of the WMT Pool and stands it on `spot`; returns
/// its index among the tokens. Its id is one not used yet: `blue-4`, then
/// `blue-4-b`, ...
pub fn put_pool_token(cx: &mut Ctx, k: usize, spot: Point) -> usize {
    let tok = cx.s.wmt_pool.remove(k);
    let mut id = TokenId {
        guardian: false,
        color: tok.color,
        number: tok.number,
        copy: 0,
    };
    let s = &*cx.s;
    let taken = |id: TokenId| {
        s.wmts.iter().any(|x| x.id == id) || {
            let name = id.to_string();
            s.floor_monsters().any(|m| *s.monsters[m].id == *name)
        }
    };
    while taken(id) {
        id.copy += 1;
    }
    cx.s.push_wmt(WmtState { id, pos: spot })
}

// ---------------------------------------------------------------- the kidnappee

/// After a Guardian's reveal in a kidnapping: the kidnappee, by a d6
/// when several monsters came out.
pub fn pick_kidnappee(cx: &mut Ctx, placed: &[MonsterId]) {
    if cx.s.mission.goal != Goal::Kidnapping || cx.s.mission.kidnappee.is_some() {
        return;
    }
    let Some(&first) = placed.first() else {
        return;
    };
    let k = if placed.len() > 1 {
        let mut faces = Vec::new();
        let s = &*cx.s;
        let k = cx.dice.choose_d6_seen(
            placed.len(),
            "the monster to kidnap",
            |k| s.monsters[placed[k]].id.to_string(),
            |f| faces.push(f),
        );
        cx.emit(Event::KidnappeeRolled {
            faces: Rolls(faces),
            monster: placed[k],
        });
        placed[k]
    } else {
        first
    };
    cx.s.mission.kidnappee = Some(k);
    cx.emit(Event::Kidnappee { monster: k });
    update_capture(cx);
}

/// Kidnapping: the kidnappee is captured once it has one wound left, or is
/// demoralized after taking a wound.
pub fn update_capture(cx: &mut Ctx) {
    let Some(k) = cx.s.mission.kidnappee else {
        return;
    };
    let m = &cx.s.monsters[k];
    if cx.s.mission.captured || !m.active() {
        return;
    }
    if m.wounds_left() == 1 || (m.demoralized && m.wounds > 0) {
        cx.s.mission.captured = true;
        cx.emit(Event::Captured { monster: k });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::monsters::MonsterEntry;
    use crate::mkd::play::engine::Game;
    use crate::mkd::play::testkit::*;

    fn entry(name: &str, points: u32, count: u32, abilities: &[&str]) -> MonsterEntry {
        MonsterEntry {
            name: name.into(),
            points,
            count,
            abilities: abilities.iter().map(|a| a.to_string()).collect(),
            stats: None,
        }
    }

    const TOKEN: TokenId = TokenId {
        guardian: false,
        color: crate::mkd::scenario::WmtColor::Red,
        number: 1,
        copy: 0,
    };

    /// A pool of goblins (10), orcs (20) and ogres (35).
    fn pool_game(faces: &[u32]) -> Game {
        let mut g = game(faces);
        g.monster_pool = std::sync::Arc::new(vec![
            entry("Goblin", 10, 4, &[]),
            entry("Orc", 20, 3, &[]),
            entry("Ogre", 35, 2, &[]),
        ]);
        g
    }

    fn choose(g: &mut Game, count: u32, points: u32) -> (Vec<usize>, Vec<Event>) {
        rule(g, |cx| choose_monsters(cx, count, points, TOKEN))
    }

    #[test]
    fn one_monster_is_the_best_that_fits() {
        let mut g = pool_game(&[]);
        let (chosen, ev) = choose(&mut g, 1, 30);
        assert_eq!(chosen, [1]);
        assert!(ev.is_empty());
        assert_eq!(g.monster_pool[1].count, 2);
    }

    #[test]
    fn several_monsters_share_the_points_by_the_multiple_reveal_roll() {
        // 1-2: evenly.
        let mut g = pool_game(&[1]);
        let (chosen, ev) = choose(&mut g, 2, 40);
        assert_eq!(chosen, [1, 1]);
        assert_eq!(ev, [Event::MultipleReveal { count: 2, face: 1 }]);
        assert_eq!(
            printed(&g, &ev),
            "2 monsters share the reveal: rolled 1 — they split the points about evenly"
        );
        // 3-4: the strongest that fits first, the others fill the rest.
        let mut g = pool_game(&[3]);
        assert_eq!(choose(&mut g, 2, 45).0, [2, 0]);
        // 5-6: all of one kind.
        let mut g = pool_game(&[5]);
        assert_eq!(choose(&mut g, 2, 40).0, [1, 1]);
        assert_eq!(g.monster_pool[1].count, 1);
        // ...unless no kind has enough: then evenly (here nothing fits).
        let mut g = pool_game(&[6]);
        let (chosen, ev) = choose(&mut g, 4, 30);
        assert!(chosen.is_empty());
        assert_eq!(
            ev,
            [
                Event::MultipleReveal { count: 4, face: 6 },
                Event::NoKindEnough
            ]
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_swarm_fills_a_value_no_monster_comes_near() {
        let mut g = pool_game(&[]);
        let (chosen, ev) = choose(&mut g, 1, 100);
        assert_eq!(
            ev,
            [Event::Swarm {
                points: 100,
                best: 35
            }]
        );
        assert_eq!(chosen, [2, 2, 1, 0]);
    }

    #[test]
    fn equal_monsters_are_a_d6_tie() {
        // Orcs and wolves are both worth 20: a 2 picks the wolves.
        let mut g = pool_game(&[2]);
        Arc::make_mut(&mut g.monster_pool).push(entry("Wolf", 20, 2, &[]));
        let (chosen, ev) = choose(&mut g, 1, 20);
        assert_eq!(chosen, [3]);
        assert_eq!(
            printed(&g, &ev),
            format!("WMT {TOKEN}: tie between equal monsters: rolled 2 — Wolf")
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_reveal_rolls_2d6_with_the_pool_s_bonus() {
        // A bonus of 3 on 1 + 1: a total of 5 on yellow-4, two monsters
        // worth 20 — but the pool's orcs cannot share 20: nothing fits.
        let w = crate::mkd::scenario::Wmt {
            x: 4,
            y: 4,
            color: crate::mkd::scenario::WmtColor::Yellow,
            number: 4,
            guardian: false,
            tile: 0,
        };
        let mut s = scenario(vec![w]);
        s.game.pools.wmt_reveal_bonus = 3;
        let mut g = game_of(s, crate::mkd::play::state::CombatMode::Manual, &[1, 1, 1]);
        let id = g.wmts[0].id;
        let (placed, ev) = rule(&mut g, |cx| reveal(cx, 0, Cause::Other));
        assert!(placed.is_empty());
        assert_eq!(
            ev,
            [
                Event::Revealed {
                    token: id,
                    dice: [1, 1],
                    bonus: 3,
                    total: 5,
                    count: 2,
                    points: 20
                },
                Event::MultipleReveal { count: 2, face: 1 },
                Event::NothingFits,
            ]
        );
        assert_eq!(
            printed(&g, &ev[..1]),
            "WMT yellow-4 is revealed: rolled 1 + 1 + 3 pool bonus = 5 — 2 monsters worth 20 points"
        );
        assert_eq!(g.stats.wmts_revealed, 1);
        assert!(g.wmts.is_empty());
        all_dice_used(&g);
    }

    #[test]
    fn revealed_monsters_face_a_rolled_direction_and_the_nimble_are_not_surprised() {
        // 6 names no direction: rolled again, 2 is east.
        let mut g = game(&[6, 2]);
        g.monster_pool = std::sync::Arc::new(vec![entry("Bat", 8, 1, &["Nimble"])]);
        let (placed, ev) = rule(&mut g, |cx| place_monsters(cx, &[0], p(4, 4), Cause::Other));
        assert_eq!(
            ev,
            [Event::Appears {
                monster: placed[0],
                at: p(4, 4),
                facing: Side::E,
                facing_faces: Rolls(vec![6, 2]),
                surprised: false
            }]
        );
        assert_eq!(
            printed(&g, &ev),
            "bat-1 appears on 4,4 facing east (rolled 6, 2) (not surprised: Nimble/Stealth)"
        );
        all_dice_used(&g);
    }

    #[test]
    fn demoralized_is_a_state_wounds_bring_on_not_a_trait() {
        // A zombie of the Demoralized kind comes out fighting (1: north).
        let mut g = game(&[1]);
        g.monster_pool =
            std::sync::Arc::new(vec![entry("Zombie Shambler", 16, 1, &["Demoralized"])]);
        let (placed, _) = rule(&mut g, |cx| place_monsters(cx, &[0], p(4, 4), Cause::Other));
        let z = placed[0];
        assert!(!g.monsters[z].demoralized);
        // Four wounds: the first leaves it fighting, the second demoralizes it.
        g.monsters[z].stats.wounds = 4;
        let wound = |g: &mut Game| {
            rule(g, |cx| {
                crate::mkd::play::combat::wound_monster(cx, z, 1, None)
            })
            .1
        };
        assert_eq!(wound(&mut g).len(), 1);
        assert!(!g.monsters[z].demoralized);
        let ev = wound(&mut g);
        assert_eq!(ev[1], Event::BecomesDemoralized { monster: z });
        assert_eq!(printed(&g, &ev[1..]), "zombie-shambler-1 is demoralized");
        assert!(g.monsters[z].demoralized);
        // A kind without the trait never is.
        let o = add_monster(&mut g, "orc-1", 20, p(6, 6), &[]);
        rule(&mut g, |cx| {
            crate::mkd::play::combat::wound_monster(cx, o, 1, None)
        });
        assert!(!g.monsters[o].demoralized);
        all_dice_used(&g);
    }

    #[test]
    fn monster_ids_count_the_figures_of_a_kind() {
        assert_eq!(slug("Orc Raider"), "orc-raider");
        assert_eq!(slug("  Fire  Imp Pack!"), "fire-imp-pack");
        let mut g = game(&[1, 1, 1]);
        g.monster_pool = std::sync::Arc::new(vec![entry("Orc Raider", 20, 3, &[])]);
        let (placed, _) = rule(&mut g, |cx| {
            place_monsters(cx, &[0, 0], p(4, 4), Cause::Wandering(Side::N))
        });
        let ids: Vec<&str> = placed.iter().map(|&m| &*g.monsters[m].id).collect();
        assert_eq!(ids, ["orc-raider-1", "orc-raider-2"]);
    }

    #[test]
    fn the_die_for_the_next_monster_s_square_is_shown() {
        // The second orc stands on one of the squares around the first,
        // picked by d6 (1); each faces a rolled direction (1: north). The
        // transcript shows every die (a user's audit: the square's and
        // the facing's were rolled unseen).
        let mut g = game(&[1, 1, 1]);
        g.monster_pool = std::sync::Arc::new(vec![entry("Orc Raider", 20, 3, &[])]);
        let (placed, ev) = rule(&mut g, |cx| {
            place_monsters(cx, &[0, 0], p(4, 4), Cause::Other)
        });
        assert_eq!(placed.len(), 2);
        let second = g.monsters[placed[1]].pos.expect("placed");
        assert_eq!(
            printed(&g, &ev),
            format!(
                "orc-raider-1 appears on 4,4 facing north (rolled 1) (surprised)\n\
                 square for the next monster: rolled 1 — {},{}\n\
                 orc-raider-2 appears on {},{} facing north (rolled 1) (surprised)",
                second.x, second.y, second.x, second.y
            )
        );
        all_dice_used(&g);
    }
}
