//! Missions and multi-floor dungeons: what setup puts on the map for each
//! mission, checked over many seeds, and how the floors of a dungeon link.

use std::collections::VecDeque;
use tilecrawl::build::layout::{LayoutParams, Table};
use tilecrawl::core::dice::floor_seed;
use tilecrawl::mkd::floors::{self, Count, FloorsParams, StairLink, build_floors};
use tilecrawl::mkd::generate::{GenerateError, GenerateParams, generate};
use tilecrawl::mkd::mission::Mission;
use tilecrawl::mkd::scenario::{Scenario, WmtColor};
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset::{TileKind, TileSet, default_tileset};

const SEEDS: u64 = 200;

fn params(seed: u64, sets: u32, mission: &str, markers: bool) -> GenerateParams {
    GenerateParams {
        seed,
        layout: LayoutParams {
            sets,
            table: Table::default(),
            ..LayoutParams::default()
        },
        setup: SetupParams {
            sets,
            ..SetupParams::default()
        },
        mission: Mission::parse(mission).unwrap(),
        markers,
        ..GenerateParams::default()
    }
}

/// Generates `mission` for every test seed (1 to 3 sets), checks that the
/// loader accepts each scenario as written, and hands it to `check`.
fn each(mission: &str, mut check: impl FnMut(&Scenario)) {
    let ts = default_tileset();
    for seed in 0..SEEDS {
        let sets = 1 + (seed % 3) as u32;
        let s = generate(&ts, &params(seed, sets, mission, seed % 4 == 0))
            .unwrap_or_else(|e| panic!("{mission}, seed {seed}: {e}"));
        assert_eq!(s.game.mission, Mission::parse(mission).unwrap().to_string());
        let back = tilecrawl::mkd::scenario::from_yaml(
            &tilecrawl::mkd::scenario::to_yaml(&s),
            "generated",
        )
        .unwrap_or_else(|e| panic!("{mission}, seed {seed}: the loader refused it: {e}"));
        assert_eq!(back, s);
        check(&s);
    }
}

fn counts(s: &Scenario) -> (u32, u32) {
    let halls = s
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count() as u32;
    (s.tiles.len() as u32 - halls, halls)
}

/// Tile steps from `from` to every tile over the scenario's connections.
fn tile_steps(s: &Scenario, from: usize) -> Vec<Option<u32>> {
    let mut d = vec![None; s.tiles.len()];
    let mut q = VecDeque::from([from]);
    d[from] = Some(0);
    while let Some(t) = q.pop_front() {
        for c in &s.connections {
            let o = if c[0] == t {
                c[1]
            } else if c[1] == t {
                c[0]
            } else {
                continue;
            };
            if d[o].is_none() {
                d[o] = Some(d[t].unwrap() + 1);
                q.push_back(o);
            }
        }
    }
    d
}

/// Walking distances from the entrance over passable squares.
fn walk(s: &Scenario) -> Vec<Option<u32>> {
    let (w, h) = (s.size.width as i32, s.size.height as i32);
    let mut d = vec![None; (w * h) as usize];
    let mut q = VecDeque::from([(s.entrance.x, s.entrance.y)]);
    d[(s.entrance.y * w + s.entrance.x) as usize] = Some(0);
    while let Some((x, y)) = q.pop_front() {
        let here = d[(y * w + x) as usize].unwrap();
        for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if nx >= 0
                && ny >= 0
                && nx < w
                && ny < h
                && s.cell(nx, ny).passable()
                && d[(ny * w + nx) as usize].is_none()
            {
                d[(ny * w + nx) as usize] = Some(here + 1);
                q.push_back((nx, ny));
            }
        }
    }
    d
}

fn wmts_in_all(s: &Scenario) -> usize {
    s.game.wmts.len() + s.game.pools.wmts.len() + usize::from(s.game.pools.guardian.is_some())
}

fn strongest(s: &Scenario) -> WmtColor {
    s.game
        .wmts
        .iter()
        .map(|w| w.color)
        .chain(s.game.pools.wmts.iter().map(|t| t.color))
        .chain(s.game.pools.guardian.map(|g| g.color))
        .max()
        .unwrap()
}

#[test]
fn rescue_has_a_prisoner_in_the_central_chamber_and_the_guardian_set_aside() {
    each("rescue", |s| {
        let cc = s.central_chamber.tile;
        let p = s.game.prisoner.expect("a prisoner");
        assert_eq!(p.tile, cc, "seed {}", s.seed);
        assert!(s.tiles[cc].covers(p.x, p.y));
        assert!(s.cell(p.x, p.y).passable(), "seed {}", s.seed);
        assert!(s.game.wmts.iter().all(|w| (w.x, w.y) != (p.x, p.y)));
        assert!(s.game.wmts.iter().all(|w| !w.guardian), "seed {}", s.seed);
        // A regular WMT still stands in the Central Chamber.
        assert!(s.game.wmts.iter().any(|w| w.tile == cc), "seed {}", s.seed);
        let g = s.game.pools.guardian.expect("the Guardian set aside");
        assert_eq!(g.color, strongest(s), "seed {}", s.seed);
        assert!(s.game.chests.iter().all(|c| !c.quest));
        // The Central Chamber's chest stays in the Chest Pool.
        assert_eq!(s.game.pools.chests.len() as u32, counts(s).0);
        assert_eq!(wmts_in_all(s) as u32, 6 * s.game.params.sets);
        assert_eq!(s.game.turn_limit, None);
        assert_eq!(s.game.second_entrance, None);
    });
}

#[test]
fn stealth_has_the_quest_chest_and_no_guardian_at_all() {
    each("stealth", |s| {
        let quest: Vec<_> = s.game.chests.iter().filter(|c| c.quest).collect();
        assert_eq!(quest.len(), 1, "seed {}", s.seed);
        assert_eq!(quest[0].tile, s.central_chamber.tile);
        assert!(s.game.wmts.iter().all(|w| !w.guardian), "seed {}", s.seed);
        assert_eq!(s.game.pools.guardian, None);
        assert_eq!(s.game.prisoner, None);
        // The Guardian's token was never drawn: it is still in the pool.
        assert_eq!(wmts_in_all(s) as u32, 6 * s.game.params.sets);
        assert_eq!(s.game.pools.chests.len() as u32, counts(s).0 - 1);
    });
}

#[test]
fn kidnapping_has_a_guardian_in_the_central_chamber_and_no_quest_chest() {
    each("kidnapping", |s| {
        let g: Vec<_> = s.game.wmts.iter().filter(|w| w.guardian).collect();
        assert_eq!(g.len(), 1, "seed {}", s.seed);
        assert_eq!(g[0].tile, s.central_chamber.tile);
        assert_eq!(g[0].color, strongest(s));
        assert!(s.game.chests.iter().all(|c| !c.quest), "seed {}", s.seed);
        assert_eq!(s.game.pools.chests.len() as u32, counts(s).0);
        assert_eq!(s.game.pools.guardian, None);
        assert_eq!(s.game.prisoner, None);
    });
}

#[test]
fn timed_gives_three_turns_per_chamber_and_one_per_hallway() {
    each("quest+timed", |s| {
        let (chambers, halls) = counts(s);
        assert_eq!(
            s.game.turn_limit,
            Some(3 * chambers + halls),
            "seed {}",
            s.seed
        );
        // The timer changes nothing else: the quest's pieces are all there.
        assert!(s.game.chests.iter().any(|c| c.quest));
        assert!(s.game.wmts.iter().any(|w| w.guardian));
    });
}

/// A tile set with exactly three hallways: two sets then draw 3 hallways and
/// 7 chambers, the rules' own example.
fn three_hallway_tileset() -> TileSet {
    let mut ts = default_tileset();
    let mut halls = 0;
    ts.tiles.retain(|t| {
        if t.kind == TileKind::Hallway {
            halls += t.copies;
            halls <= 3
        } else {
            true
        }
    });
    assert_eq!(ts.count(TileKind::Hallway), 3);
    ts
}

#[test]
fn seven_chambers_and_three_hallways_give_twenty_four_turns() {
    let ts = three_hallway_tileset();
    let s = generate(&ts, &params(24, 2, "rescue+timed", false)).unwrap();
    assert_eq!(counts(&s), (7, 3));
    assert_eq!(s.game.turn_limit, Some(24));
}

#[test]
fn split_up_puts_the_second_entrance_in_the_nearest_walkable_hallway() {
    each("split-up", |s| {
        let e = s.game.second_entrance.expect("a second entrance");
        assert_eq!(s.tiles[e.tile].kind, TileKind::Hallway);
        assert_ne!(e.tile, s.entrance.tile, "seed {}", s.seed);
        assert!(s.cell(e.x, e.y).passable());
        assert!(s.tiles[e.tile].covers(e.x, e.y));
        assert!(s.game.markers.iter().all(|m| (m.x, m.y) != (e.x, e.y)));
        let walk = walk(s);
        let w = s.size.width as i32;
        assert!(walk[(e.y * w + e.x) as usize].is_some(), "seed {}", s.seed);
        let steps = tile_steps(s, s.central_chamber.tile);
        let usable = |t: usize| {
            s.tiles[t].kind == TileKind::Hallway
                && t != s.entrance.tile
                && (0..s.size.height as i32).any(|y| {
                    (0..w).any(|x| {
                        s.tiles[t].covers(x, y)
                            && walk[(y * w + x) as usize].is_some()
                            && s.game.markers.iter().all(|m| (m.x, m.y) != (x, y))
                    })
                })
        };
        let nearest = (0..s.tiles.len())
            .filter(|&t| usable(t))
            .filter_map(|t| steps[t])
            .min()
            .unwrap();
        assert_eq!(steps[e.tile], Some(nearest), "seed {}", s.seed);
        // The goal is untouched.
        assert!(s.game.chests.iter().any(|c| c.quest));
    });
}

#[test]
fn split_up_needs_two_hallways_in_the_stack() {
    let mut ts = default_tileset();
    let mut kept = false;
    ts.tiles.retain(|t| {
        if t.kind == TileKind::Hallway && t.copies == 1 && !kept {
            kept = true;
            true
        } else {
            t.kind == TileKind::Chamber
        }
    });
    assert_eq!(ts.count(TileKind::Hallway), 1);
    let e = generate(&ts, &params(1, 1, "split-up", false)).unwrap_err();
    assert!(
        matches!(&e, GenerateError::Impossible(m) if m.contains("split-up") && m.contains("at least 2 hallways")),
        "{e}"
    );
    // The same stack makes a plain quest.
    generate(&ts, &params(1, 1, "quest", false)).unwrap();
}

#[test]
fn the_plain_quest_is_untouched_by_the_mission_code() {
    let ts = default_tileset();
    let s = generate(&ts, &params(7, 2, "quest", false)).unwrap();
    assert_eq!(s.game.mission, "quest");
    assert_eq!(
        (
            s.game.turn_limit,
            s.game.prisoner,
            s.game.second_entrance,
            s.game.staircase,
            s.game.floor
        ),
        (None, None, None, None, None)
    );
    assert_eq!(s.game.pools.guardian, None);
}

/// The floors of a dungeon over many seeds.
#[test]
fn every_floor_but_the_last_has_stairs_in_its_farthest_chamber() {
    let ts = default_tileset();
    for seed in 0..60u64 {
        let floors = 2 + (seed % 3) as u32;
        let base = params(seed, 1 + (seed % 2) as u32, "quest+timed", false);
        let fp = FloorsParams {
            floors: Count::Fixed(floors),
            sets_per_floor: None,
        };
        let d = build_floors(&ts, &base, &fp).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(d.floors.len() as u32, floors);
        let mut seeds: Vec<u64> = d.file.floors.iter().map(|f| f.seed).collect();
        assert_eq!(seeds[0], seed);
        seeds.sort_unstable();
        seeds.dedup();
        assert_eq!(seeds.len() as u32, floors, "floor seeds are distinct");
        for (s, e) in d.floors.iter().zip(&d.file.floors) {
            assert_eq!(e.seed, floor_seed(seed, e.number));
            assert_eq!(e.scenario, format!("floor-{}/scenario.yaml", e.number));
            let f = s.game.floor.unwrap();
            assert_eq!((f.number, f.of), (e.number, floors));
            tilecrawl::mkd::scenario::from_yaml(&tilecrawl::mkd::scenario::to_yaml(s), "floor")
                .unwrap();
            if e.number < floors {
                let st = s.game.staircase.expect("stairs down");
                assert_eq!(
                    e.stairs,
                    Some(StairLink {
                        at: st,
                        to_floor: e.number + 1
                    })
                );
                // The Central Chamber is the chamber farthest from the entrance.
                let depth = tile_steps(s, s.entrance.tile);
                let far = (0..s.tiles.len())
                    .filter(|&t| s.tiles[t].kind == TileKind::Chamber)
                    .filter_map(|t| depth[t])
                    .max();
                assert_eq!(depth[s.central_chamber.tile], far, "seed {seed}");
                assert_eq!(st.tile, s.central_chamber.tile);
                // On the centre square, or the nearest passable one.
                let t = &s.tiles[st.tile];
                let c = t.centre();
                let ring = |x: i32, y: i32| (x - c.x).abs().max((y - c.y).abs());
                let best = (t.y..t.y + t.height as i32)
                    .flat_map(|y| (t.x..t.x + t.width as i32).map(move |x| (x, y)))
                    .filter(|&(x, y)| t.covers(x, y) && s.cell(x, y).passable())
                    .map(|(x, y)| ring(x, y))
                    .min()
                    .unwrap();
                assert_eq!(ring(st.x, st.y), best, "seed {seed}");
                assert!(s.game.chests.iter().all(|c| !c.quest), "seed {seed}");
                assert!(s.game.wmts.iter().all(|w| !w.guardian), "seed {seed}");
                assert!(s.game.wmts.iter().all(|w| (w.x, w.y) != (st.x, st.y)));
                // The Guardian's token and the chamber's chest stay in the pools.
                assert_eq!(wmts_in_all(s) as u32, 6 * s.game.params.sets);
                assert_eq!(s.game.pools.chests.len() as u32, counts(s).0);
            } else {
                assert_eq!(s.game.staircase, None);
                assert_eq!(e.stairs, None);
                assert!(s.game.chests.iter().any(|c| c.quest));
                assert!(s.game.wmts.iter().any(|w| w.guardian));
            }
            let (chambers, halls) = counts(s);
            assert_eq!(s.game.turn_limit, Some(3 * chambers + halls));
        }
        let sum: u32 = d.floors.iter().map(|s| s.game.turn_limit.unwrap()).sum();
        assert_eq!(d.file.turn_limit, Some(sum));
    }
}

#[test]
fn split_up_and_rescue_go_to_the_right_floors() {
    let ts = default_tileset();
    let base = params(9, 1, "rescue+split-up", false);
    let fp = FloorsParams {
        floors: Count::Fixed(3),
        sets_per_floor: Some(Count::Fixed(1)),
    };
    let d = build_floors(&ts, &base, &fp).unwrap();
    let has = |f: usize| {
        let s = &d.floors[f];
        (
            s.game.second_entrance.is_some(),
            s.game.prisoner.is_some(),
            s.game.pools.guardian.is_some(),
        )
    };
    assert_eq!(has(0), (true, false, false));
    assert_eq!(has(1), (false, false, false));
    assert_eq!(has(2), (false, true, true));
    assert_eq!(d.file.mission, "rescue+split-up");
}

#[test]
fn a_dungeon_is_the_same_bytes_for_the_same_seed() {
    let ts = default_tileset();
    let base = params(31, 1, "kidnapping+timed", true);
    let fp = FloorsParams {
        floors: Count::D6,
        sets_per_floor: Some(Count::D6),
    };
    let a = build_floors(&ts, &base, &fp).unwrap();
    let b = build_floors(&ts, &base, &fp).unwrap();
    assert_eq!(floors::dungeon_yaml(&a.file), floors::dungeon_yaml(&b.file));
    for (x, y) in a.floors.iter().zip(&b.floors) {
        assert_eq!(
            tilecrawl::mkd::scenario::to_yaml(x),
            tilecrawl::mkd::scenario::to_yaml(y)
        );
    }
    // The rolls are in the dungeon's log.
    assert_eq!(a.file.log[0].purpose, "number of floors");
    assert_eq!(a.file.log[0].result as usize, a.floors.len());
}
