//! Wandering monsters (L520-555): the spawn roll before each Mover's
//! Action Phase, the spawn table, where spawned monsters go, coffins
//! (L424-428).
//!
//! - 3d6 (2d6 with `scaled_down`, L827-831); each 6 rolls 2d6 on the spawn
//!   table (A4: the table is headed 2d6 with rows 2-12).
//! - A monster goes on a clear, empty square of a revealed piece out of
//!   every hero's sight, or on a free spawn point of a revealed piece (a
//!   grill or trap door no hero stands on, a well no hero stands beside),
//!   in the heroes' sight or not. An Underfoot monster may go next to a hero instead.
//! - The Draken Master's choice (the project's): the legal square nearest
//!   a hero (king's move) but at least [`SPAWN_DISTANCE`] squares from
//!   every hero (a monster arrives, it does not ambush), or next to one for
//!   an Underfoot monster; ties to the first in row order.
//! - A monster of 4 or more attack dice never appears within 2 squares of a
//!   camp fire a hero wards with (L376-377).
//! - A familiar's sight counts as the heroes' (L598-599), and nothing
//!   spawns on its square.
//! - No figure of the kind left in the collection, or no legal square: the
//!   monster is lost.

use crate::dw10::features::FeatureKind;
use crate::dw10::figures::{Ability, Figures};
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::{Event, SpawnLoss};
use crate::dw10::play::sight::unseen;
use crate::dw10::play::state::{Body, Map, Monster, MonsterId, Sq, State, adjacent, range};
use std::collections::BTreeMap;

/// The collection a Draken Master owns by default (the project's): six
/// of each monster of up to 2 wounds, two of the larger, one of those of 7
/// wounds or more.
pub fn default_collection(f: &Figures) -> BTreeMap<String, u32> {
    f.monsters
        .iter()
        .map(|m| {
            let n = match m.wounds {
                0..=2 => 6,
                3..=6 => 2,
                _ => 1,
            };
            (m.name.clone(), n)
        })
        .collect()
}

/// Puts a new monster of `kind` on `at` (taken from the collection by the
/// caller).
pub fn new_monster(c: &mut Ctx, kind: &str, at: Sq) -> Option<MonsterId> {
    let fig = c.figures.monster(kind)?.clone();
    let id = MonsterId(c.s.monsters.len() as u32);
    c.s.monsters.push(Monster {
        body: Body {
            name: format!("{} {}", fig.name, id.0 + 1),
            wounds: fig.wounds,
            fig,
            at: Some(at),
            poison: 0,
            fire: 0,
            gazed_by: None,
            pit_ready: None,
        },
        kind: kind.to_string(),
    });
    Some(id)
}

fn spawn_point_free(s: &State, f: usize) -> bool {
    let x = &s.features[f];
    let p = (x.x, x.y);
    let heroes: Vec<Sq> = s
        .live_heroes()
        .iter()
        .filter_map(|h| s.hero(*h).body.at)
        .collect();
    match x.what.as_deref() {
        Some("well") => !heroes.iter().any(|h| *h == p || adjacent(*h, p)),
        _ => !heroes.contains(&p),
    }
}

/// Every square a spawned monster may go on.
pub fn legal_squares(s: &State, map: &Map, underfoot: bool) -> Vec<Sq> {
    let heroes: Vec<Sq> = s
        .live_heroes()
        .iter()
        .filter_map(|h| s.hero(*h).body.at)
        .collect();
    let mut out = Vec::new();
    for y in 0..map.board.height {
        for x in 0..map.board.width {
            let p = (x, y);
            if !map.board.standable(x, y) || s.occupied(p) {
                continue;
            }
            if s.feature_on(p, FeatureKind::Teleporter).is_some() {
                continue;
            }
            let spawn_point = s.features.iter().enumerate().any(|(i, f)| {
                f.kind == FeatureKind::Spawn && (f.x, f.y) == p && spawn_point_free(s, i)
            });
            let revealed = s.revealed_at(map, p);
            let beside = heroes.iter().any(|h| s.touching(*h, p));
            let ok = revealed && (spawn_point || unseen(s, map, p) || (underfoot && beside));
            if ok && (!beside || underfoot) {
                out.push(p);
            }
        }
    }
    out
}

/// How near the heroes a spawned monster may come (but for Underfoot).
pub const SPAWN_DISTANCE: u32 = 4;

/// The Draken Master's pick among `squares`: nearest a hero, row order.
pub fn nearest_hero(s: &State, squares: &[Sq]) -> Option<Sq> {
    let heroes: Vec<Sq> = s
        .live_heroes()
        .iter()
        .filter_map(|h| s.hero(*h).body.at)
        .collect();
    squares.iter().copied().min_by_key(|p| {
        (
            heroes
                .iter()
                .map(|h| range(*h, *p))
                .min()
                .unwrap_or(u32::MAX),
            p.1,
            p.0,
        )
    })
}

/// Where a monster of `kind` spawns now ([`spawn`]'s rules: a legal square
/// out of the heroes' sight or on a free spawn point, at least
/// [`SPAWN_DISTANCE`] from every hero (Underfoot: or beside one), kept
/// off a warded camp fire if it is strong; the Draken Master's pick,
/// nearest a hero), and whether it is beside a hero there.
pub fn spawn_square(c: &Ctx, kind: &str) -> Option<(Sq, bool)> {
    let underfoot = c
        .figures
        .monster(kind)
        .is_some_and(|f| f.abilities.contains(&Ability::UnderfootAttack));
    let heroes: Vec<Sq> =
        c.s.live_heroes()
            .iter()
            .filter_map(|h| c.s.hero(*h).body.at)
            .collect();
    let strong = c.figures.monster(kind).is_some_and(|f| f.attacks > 3);
    let fires = crate::dw10::play::walk::guarded_fires(c.s);
    let squares: Vec<Sq> = legal_squares(c.s, c.map, underfoot)
        .into_iter()
        .filter(|p| !strong || fires.iter().all(|f| range(*f, *p) >= 3))
        .filter(|p| {
            let d = heroes
                .iter()
                .map(|h| range(*h, *p))
                .min()
                .unwrap_or(u32::MAX);
            d >= SPAWN_DISTANCE || (underfoot && d == 1)
        })
        .collect();
    let p = nearest_hero(c.s, &squares)?;
    let beside =
        c.s.live_heroes()
            .iter()
            .filter_map(|h| c.s.hero(*h).body.at)
            .any(|h| adjacent(h, p));
    Some((p, beside))
}

/// Spawns `count` monsters of `kind`.
pub fn spawn(c: &mut Ctx, kind: &str, count: u32) {
    let mut lost_collection = 0;
    let mut lost_square = 0;
    for _ in 0..count {
        let left = c.s.collection.get(kind).copied().unwrap_or(0);
        if left == 0 {
            lost_collection += 1;
            continue;
        }
        let Some((p, beside)) = spawn_square(c, kind) else {
            lost_square += 1;
            continue;
        };
        if let Some(id) = new_monster(c, kind, p) {
            *c.s.collection.entry(kind.to_string()).or_insert(1) -= 1;
            c.push(Event::Spawned {
                monster: id,
                at: p,
                underfoot: beside,
            });
        }
    }
    for (n, why) in [
        (lost_collection, SpawnLoss::Collection),
        (lost_square, SpawnLoss::NoSquare),
    ] {
        if n > 0 {
            c.push(Event::SpawnLost {
                monster: kind.to_string(),
                count: n,
                why,
            });
        }
    }
}

/// The spawn roll before a Mover's Action Phase.
pub fn spawn_roll(c: &mut Ctx, scaled_down: bool) {
    let n = if scaled_down { 2 } else { 3 };
    let faces = c.d6s(n, "spawn roll");
    let sixes = faces.iter().filter(|f| **f == 6).count();
    c.push(Event::SpawnRoll { faces });
    for _ in 0..sixes {
        spawn_table_roll(c);
    }
}

/// One roll on the spawn table (2d6), and the monsters it brings.
pub fn spawn_table_roll(c: &mut Ctx) {
    let a = c.d6("spawn table");
    let b = c.d6("spawn table");
    let Some(row) = c.tables.spawns.iter().find(|r| r.roll == a + b).cloned() else {
        return;
    };
    let (count, d3) = match row.count.as_str() {
        "d3" => {
            let f = c.d6("d3 monsters");
            (f.div_ceil(2), Some(f))
        }
        n => (n.parse().unwrap_or(1), None),
    };
    c.push(Event::SpawnRow {
        faces: (a, b),
        monster: row.monster.clone(),
        count,
        d3,
    });
    spawn(c, &row.monster, count);
}

/// Coffins (L424-428, A27): each one still there on a revealed piece
/// rolls a d6 in the Draken Master's Mover's phase; a 6 raises a Vampire
/// within 10 squares of it, not next to a hero, on a revealed piece (a
/// piece not yet laid is not on the table: A16, as for every spawn).
pub fn coffins(c: &mut Ctx) {
    let coffins: Vec<usize> =
        c.s.features
            .iter()
            .enumerate()
            .filter(|(i, f)| {
                f.kind == FeatureKind::Coffin && !c.s.gone[*i] && c.s.revealed_at(c.map, (f.x, f.y))
            })
            .map(|(i, _)| i)
            .collect();
    for i in coffins {
        let face = c.d6("coffin");
        c.push(Event::Coffin {
            coffin: crate::dw10::play::state::FeatureId(i as u32),
            face,
        });
        if face != 6 || c.figures.monster("Vampire").is_none() {
            continue;
        }
        if c.s.collection.get("Vampire").copied().unwrap_or(0) == 0 {
            c.push(Event::SpawnLost {
                monster: "Vampire".into(),
                count: 1,
                why: SpawnLoss::Collection,
            });
            continue;
        }
        let f = (c.s.features[i].x, c.s.features[i].y);
        let fires = crate::dw10::play::walk::guarded_fires(c.s);
        let heroes: Vec<Sq> =
            c.s.live_heroes()
                .iter()
                .filter_map(|h| c.s.hero(*h).body.at)
                .collect();
        let squares: Vec<Sq> = (0..c.map.board.height)
            .flat_map(|y| (0..c.map.board.width).map(move |x| (x, y)))
            .filter(|p| range(*p, f) <= 10)
            .filter(|p| c.map.board.standable(p.0, p.1) && !c.s.occupied(*p))
            .filter(|p| c.s.revealed_at(c.map, *p))
            .filter(|p| c.s.feature_on(*p, FeatureKind::Teleporter).is_none())
            .filter(|p| !heroes.iter().any(|h| c.s.touching(*h, *p)))
            .filter(|p| fires.iter().all(|f| range(*f, *p) >= 3))
            .collect();
        match nearest_hero(c.s, &squares) {
            Some(p) => {
                if let Some(id) = new_monster(c, "Vampire", p) {
                    *c.s.collection.entry("Vampire".into()).or_insert(1) -= 1;
                    c.push(Event::Spawned {
                        monster: id,
                        at: p,
                        underfoot: false,
                    });
                }
            }
            None => c.push(Event::SpawnLost {
                monster: "Vampire".into(),
                count: 1,
                why: SpawnLoss::NoSquare,
            }),
        }
    }
}
