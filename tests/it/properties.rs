//! Invariants a player relies on, checked over many seeds and set counts.

use proptest::prelude::*;
use std::collections::{BTreeSet, VecDeque};
use tilecrawl::build::layout::{ExitDice, LayoutParams, Table};
use tilecrawl::core::geom::in_front_arc;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario::{Scenario, WmtColor};
use tilecrawl::mkd::setup::{MkdAdventure, SetupParams};
use tilecrawl::tileset::{Cell, TileKind, TileSet, default_tileset};

fn params(
    seed: u64,
    sets: u32,
    hero_value: u32,
    exit_dice: ExitDice,
    markers: bool,
) -> GenerateParams {
    GenerateParams {
        seed,
        layout: LayoutParams {
            sets,
            table: Table::default(),
            exit_dice,
        },
        setup: SetupParams {
            hero_value,
            sets,
            ..SetupParams::default()
        },
        markers,
        ..GenerateParams::default()
    }
}

/// Walking distances (orthogonal steps over passable squares) from a set of squares.
fn walk_from(s: &Scenario, sources: &[(i32, i32)]) -> Vec<Option<u32>> {
    let (w, h) = (s.size.width as i32, s.size.height as i32);
    let mut d = vec![None; (w * h) as usize];
    let mut q = VecDeque::new();
    for &(x, y) in sources {
        if s.cell(x, y).passable() && d[(y * w + x) as usize].is_none() {
            d[(y * w + x) as usize] = Some(0);
            q.push_back((x, y));
        }
    }
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

/// Every invariant of issue 2, on one scenario. Panics with the seed on failure.
fn check_invariants(ts: &TileSet, p: &GenerateParams, s: &Scenario) {
    let seed = p.seed;
    let (w, h) = (s.size.width as i32, s.size.height as i32);
    // Tile count: 5 per set, at least one hallway and three chambers per set, hallway last.
    assert_eq!(s.tiles.len() as u32, 5 * p.layout.sets, "seed {seed}");
    let halls = s
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count() as u32;
    assert!(
        halls >= p.layout.sets && (s.tiles.len() as u32 - halls) >= 3 * p.layout.sets,
        "seed {seed}"
    );
    assert_eq!(
        s.tiles.last().unwrap().kind,
        TileKind::Hallway,
        "seed {seed}: bottom tile is a hallway"
    );
    // Tiles stay on the table and never overlap; the grid agrees with the tile list.
    let mut covered = vec![0u32; (w * h) as usize];
    for (i, t) in s.tiles.iter().enumerate() {
        let (tx, ty) = (t.x + s.table_offset.x, t.y + s.table_offset.y);
        assert!(
            tx >= 0
                && ty >= 0
                && tx + t.width as i32 <= p.layout.table.width as i32
                && ty + t.height as i32 <= p.layout.table.height as i32,
            "seed {seed}: tile {i} off the table"
        );
        let def = ts
            .tiles
            .iter()
            .find(|d| d.id == t.id)
            .expect("tile from the set");
        let face = def.face(t.face).expect("face exists").rotated(t.rotation);
        assert_eq!(
            (face.width(), face.height()),
            (t.width, t.height),
            "seed {seed}"
        );
        for fy in 0..t.height as i32 {
            for fx in 0..t.width as i32 {
                let c = face.cell(fx as u32, fy as u32);
                if c.is_tile() {
                    let (x, y) = (t.x + fx, t.y + fy);
                    covered[(y * w + x) as usize] += 1;
                    assert_eq!(
                        s.cell(x, y),
                        c,
                        "seed {seed}: grid disagrees with tile {i} at {x},{y}"
                    );
                }
            }
        }
    }
    for y in 0..h {
        for x in 0..w {
            let n = covered[(y * w + x) as usize];
            assert!(n <= 1, "seed {seed}: tiles overlap at {x},{y}");
            assert_eq!(
                n == 1,
                s.cell(x, y).is_tile(),
                "seed {seed}: grid square {x},{y}"
            );
        }
    }
    // Connections are real: recompute from the grid and compare.
    let mut conns = BTreeSet::new();
    for y in 0..h {
        for x in 0..w {
            for (nx, ny) in [(x + 1, y), (x, y + 1)] {
                let (a, b) = (s.tile_at(x, y), s.tile_at(nx, ny));
                if let (Some(a), Some(b)) = (a, b)
                    && a != b
                    && s.cell(x, y).passable()
                    && s.cell(nx, ny).passable()
                {
                    conns.insert([a.min(b), a.max(b)]);
                }
            }
        }
    }
    assert_eq!(
        conns.into_iter().collect::<Vec<_>>(),
        s.connections,
        "seed {seed}: connections"
    );
    // Every tile is reachable from the entrance tile through the tile graph; depths.
    let n = s.tiles.len();
    let mut depth = vec![None; n];
    depth[s.entrance.tile] = Some(0u32);
    let mut q = VecDeque::from([s.entrance.tile]);
    while let Some(t) = q.pop_front() {
        for c in &s.connections {
            let o = if c[0] == t {
                c[1]
            } else if c[1] == t {
                c[0]
            } else {
                continue;
            };
            if depth[o].is_none() {
                depth[o] = Some(depth[t].unwrap() + 1);
                q.push_back(o);
            }
        }
    }
    assert!(
        depth.iter().all(Option::is_some),
        "seed {seed}: a tile is unreachable"
    );
    assert_eq!(
        s.entrance.tile,
        n - 1,
        "seed {seed}: the last tile is the entrance"
    );
    // The Central Chamber is a chamber at maximal depth.
    let cc = s.central_chamber.tile;
    assert_eq!(s.tiles[cc].kind, TileKind::Chamber, "seed {seed}");
    let max_chamber = (0..n)
        .filter(|&i| s.tiles[i].kind == TileKind::Chamber)
        .map(|i| depth[i].unwrap())
        .max()
        .unwrap();
    assert_eq!(
        depth[cc],
        Some(max_chamber),
        "seed {seed}: central chamber depth"
    );
    assert_eq!(s.central_chamber.depth, max_chamber, "seed {seed}");
    // A crevice-free walk exists from the entrance to the Central Chamber.
    assert!(s.cell(s.entrance.x, s.entrance.y).passable(), "seed {seed}");
    // On foot from the entryway: every one of its squares, as the generator
    // walks (a walk from its middle square alone can rank the chamber's
    // squares differently when the entryway is wide).
    let entryway: Vec<(i32, i32)> = s.entrance.squares().map(|p| (p.x, p.y)).collect();
    let walk = walk_from(s, &entryway);
    let reached = |x: i32, y: i32| walk[(y * w + x) as usize].is_some();
    let cc_t = &s.tiles[cc];
    assert!(
        (cc_t.y..cc_t.y + cc_t.height as i32)
            .any(|y| (cc_t.x..cc_t.x + cc_t.width as i32)
                .any(|x| cc_t.covers(x, y) && reached(x, y))),
        "seed {seed}: no walk to the Central Chamber"
    );
    // The entrance faces out of the dungeon.
    let (dx, dy) = s.entrance.side.delta();
    assert!(
        !s.cell(s.entrance.x + dx, s.entrance.y + dy).is_tile(),
        "seed {seed}: entrance leads into a tile"
    );
    // The Quest Chest: in the Central Chamber, passable, front square passable.
    let quests: Vec<_> = s.game.chests.iter().filter(|c| c.quest).collect();
    assert_eq!(quests.len(), 1, "seed {seed}");
    let q = quests[0];
    assert_eq!(
        s.tile_at(q.x, q.y),
        Some(cc),
        "seed {seed}: quest chest outside the Central Chamber"
    );
    assert!(s.cell(q.x, q.y).passable(), "seed {seed}");
    let (fx, fy) = q.facing.delta();
    assert!(
        s.cell(q.x + fx, q.y + fy).passable(),
        "seed {seed}: quest chest front square"
    );
    assert_eq!(
        s.tile_at(q.x + fx, q.y + fy),
        Some(cc),
        "seed {seed}: quest chest faces out of the chamber"
    );
    // It is on the farthest square (on foot from the entrance) of the Central
    // Chamber that has a legal facing (a passable neighbour in the chamber).
    let legal = |x: i32, y: i32| {
        [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&(dx, dy)| {
            s.tile_at(x + dx, y + dy) == Some(cc) && s.cell(x + dx, y + dy).passable()
        })
    };
    let far = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| s.tile_at(x, y) == Some(cc) && s.cell(x, y).passable() && legal(x, y))
        .filter_map(|(x, y)| walk[(y * w + x) as usize])
        .max()
        .unwrap();
    assert_eq!(
        walk[(q.y * w + q.x) as usize],
        Some(far),
        "seed {seed}: quest chest not farthest"
    );
    // The Guardian: one, in the front arc, in the Central Chamber, of the pool's highest colour.
    let guards: Vec<_> = s.game.wmts.iter().filter(|t| t.guardian).collect();
    assert_eq!(guards.len(), 1, "seed {seed}");
    let g = guards[0];
    assert!(
        in_front_arc(q.x, q.y, q.facing, g.x, g.y),
        "seed {seed}: guardian outside the front arc"
    );
    assert_eq!(s.tile_at(g.x, g.y), Some(cc), "seed {seed}");
    let all_colors = s
        .game
        .wmts
        .iter()
        .map(|t| t.color)
        .chain(s.game.pools.wmts.iter().map(|t| t.color));
    assert_eq!(
        all_colors.max(),
        Some(g.color),
        "seed {seed}: guardian is not the highest colour"
    );
    // Every chamber holds a (non-guardian) WMT on one of its passable squares.
    for (i, t) in s
        .tiles
        .iter()
        .enumerate()
        .filter(|(_, t)| t.kind == TileKind::Chamber)
    {
        let here: Vec<_> = s
            .game
            .wmts
            .iter()
            .filter(|m| !m.guardian && m.tile == i)
            .collect();
        assert_eq!(here.len(), 1, "seed {seed}: chamber {i} ({}) WMTs", t.id);
        assert_eq!(s.tile_at(here[0].x, here[0].y), Some(i), "seed {seed}");
        assert!(s.cell(here[0].x, here[0].y).passable(), "seed {seed}");
    }
    // No two tokens (chests and WMTs) share a square.
    let mut squares = BTreeSet::new();
    for (x, y) in s
        .game
        .chests
        .iter()
        .map(|c| (c.x, c.y))
        .chain(s.game.wmts.iter().map(|t| (t.x, t.y)))
    {
        assert!(squares.insert((x, y)), "seed {seed}: two tokens on {x},{y}");
    }
    // The WMT pool matches the hero-value table: 6 per set, colours by band.
    let band = MkdAdventure::embedded().band(p.setup.hero_value).clone();
    let count = |c: WmtColor| {
        (s.game.wmts.iter().filter(|t| t.color == c).count()
            + s.game.pools.wmts.iter().filter(|t| t.color == c).count()) as u32
    };
    let sets = p.layout.sets;
    assert_eq!(
        (
            count(WmtColor::Yellow),
            count(WmtColor::Blue),
            count(WmtColor::Red)
        ),
        (band.yellow * sets, band.blue * sets, band.red * sets),
        "seed {seed}: WMT pool colours"
    );
    assert_eq!(
        count(WmtColor::Yellow) + count(WmtColor::Blue) + count(WmtColor::Red),
        6 * sets,
        "seed {seed}"
    );
    assert_eq!(
        s.game.pools.wmt_reveal_bonus, band.reveal_bonus,
        "seed {seed}"
    );
    assert!(
        s.game
            .wmts
            .iter()
            .chain([])
            .all(|t| (1..=6).contains(&t.number))
    );
    // Chest Pool: one chest per chamber, levels 1-3.
    let chambers = s
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Chamber)
        .count();
    assert_eq!(
        s.game.chests.len() + s.game.pools.chests.len(),
        chambers,
        "seed {seed}: chest pool"
    );
    // Accessories: a door and a terrain marker per hallway.
    assert_eq!(
        s.game.pools.accessories.doors as usize, halls as usize,
        "seed {seed}"
    );
    assert_eq!(
        s.game.pools.accessories.terrain_markers.len(),
        halls as usize,
        "seed {seed}"
    );
    // Markers on clear floor squares, at most 4 per tile.
    for m in &s.game.markers {
        assert_eq!(
            s.cell(m.x, m.y),
            Cell::Floor,
            "seed {seed}: marker on {},{}",
            m.x,
            m.y
        );
    }
    // The file round-trips: load(write(s)) == s, and writing again gives the same bytes.
    let yaml = tilecrawl::mkd::scenario::to_yaml(s);
    let back = tilecrawl::mkd::scenario::from_yaml(&yaml, "roundtrip")
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    assert_eq!(&back, s, "seed {seed}");
    assert_eq!(
        tilecrawl::mkd::scenario::to_yaml(&back),
        yaml,
        "seed {seed}"
    );
}

#[test]
fn invariants_hold_over_a_thousand_seeds_and_several_set_counts() {
    let ts = default_tileset();
    let mut checked = 0;
    for seed in 0..1000u64 {
        let sets = [1, 2, 3, 4][(seed % 4) as usize];
        let p = params(seed, sets, 95, ExitDice::Fair, seed % 3 == 0);
        let s = generate(&ts, &p).unwrap_or_else(|e| panic!("seed {seed}, {sets} sets: {e}"));
        check_invariants(&ts, &p, &s);
        checked += 1;
    }
    assert_eq!(checked, 1000);
}

#[test]
fn invariants_hold_for_two_sets_over_a_thousand_seeds() {
    let ts = default_tileset();
    for seed in 1000..2000u64 {
        let p = params(seed, 2, 95, ExitDice::Fair, false);
        let s = generate(&ts, &p).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        check_invariants(&ts, &p, &s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_for_any_parameters(
        seed in any::<u64>(),
        sets in 1u32..=4,
        hero_value in 0u32..1000,
        tabletop in any::<bool>(),
        markers in any::<bool>(),
    ) {
        let ts = default_tileset();
        let dice = if tabletop { ExitDice::Tabletop } else { ExitDice::Fair };
        let p = params(seed, sets, hero_value, dice, markers);
        let s = generate(&ts, &p).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        check_invariants(&ts, &p, &s);
    }
}

#[test]
fn same_inputs_give_the_same_scenario_bytes() {
    let ts = default_tileset();
    for seed in [1u64, 7, 42, 9999] {
        let p = params(seed, 3, 140, ExitDice::Tabletop, true);
        let a = tilecrawl::mkd::scenario::to_yaml(&generate(&ts, &p).unwrap());
        let b = tilecrawl::mkd::scenario::to_yaml(&generate(&ts, &p).unwrap());
        assert_eq!(a, b, "seed {seed}");
    }
    let a = tilecrawl::mkd::scenario::to_yaml(
        &generate(&ts, &params(1, 2, 95, ExitDice::Fair, false)).unwrap(),
    );
    let b = tilecrawl::mkd::scenario::to_yaml(
        &generate(&ts, &params(2, 2, 95, ExitDice::Fair, false)).unwrap(),
    );
    assert_ne!(a, b, "different seeds should give different dungeons");
}

/// The lean file (small records in flow style) holds exactly what
/// yaml_serde's block-style file held — the same YAML values and the same
/// scenario — over many seeds, options, missions and a floor of a dungeon.
#[test]
fn the_lean_file_reads_as_the_block_style_file_did() {
    use tilecrawl::mkd::mission::Mission;
    use tilecrawl::mkd::scenario::Difficulty;
    use tilecrawl::mkd::scenario::FloorOf;
    let ts = default_tileset();
    let missions = [
        "quest",
        "rescue+timed",
        "stealth",
        "kidnapping+split-up",
        "quest+timed+split-up",
    ];
    let mut checked = 0;
    for seed in 0..240u64 {
        let sets = 1 + (seed % 4) as u32;
        let dice = if seed % 2 == 0 {
            ExitDice::Fair
        } else {
            ExitDice::Tabletop
        };
        let mut p = params(
            seed,
            sets,
            [95, 250, 450][(seed % 3) as usize],
            dice,
            seed % 2 == 0,
        );
        p.setup.dressing = seed % 3 == 0;
        p.setup.difficulty =
            [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard][(seed % 3) as usize];
        p.mission = Mission::parse(missions[(seed % 5) as usize]).unwrap();
        if seed % 7 == 0 {
            p.floor = Some(FloorOf { number: 1, of: 2 });
        }
        // A mission that does not fit a dungeon is refused; others are checked.
        let Ok(s) = generate(&ts, &p) else { continue };
        checked += 1;
        let lean = tilecrawl::mkd::scenario::to_yaml(&s);
        let block = yaml_serde::to_string(&s).unwrap();
        let value = |text: &str| yaml_serde::from_str::<yaml_serde::Value>(text).unwrap();
        assert_eq!(value(&lean), value(&block), "seed {seed}");
        let back = tilecrawl::mkd::scenario::from_yaml(&lean, "lean")
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(
            back,
            tilecrawl::mkd::scenario::from_yaml(&block, "block").unwrap(),
            "seed {seed}"
        );
        assert_eq!(back, s, "seed {seed}");
        assert!(
            lean.len() < block.len(),
            "seed {seed}: {} vs {} bytes",
            lean.len(),
            block.len()
        );
        assert!(
            lean.lines().count() * 2 < block.lines().count(),
            "seed {seed}"
        );
    }
    assert!(checked >= 200, "only {checked} seeds generated");
}

/// Text a tile set, monster list or option may put into a scenario: YAML
/// keywords, numbers, indicators, quotes, controls, non-ASCII, long lines.
fn awkward_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ -~]{0,16}",
        "[ ,:#'\"\\[\\]{}?!&*|>%@`~.0-9-]{0,8}",
        prop::sample::select(vec![
            "", "yes", "no", "on", "1", "0x10", "1e3", "007", ".5", "null", "~", "true", "-",
            "- x", "a: b", "a #b", "#x", " x", "x ", "'", "\"", "a\nb", "\t", "é", "🐉",
            "\u{2028}", "\u{feff}", "\u{85}",
        ])
        .prop_map(String::from),
        any::<String>(),
        "[a-z :,]{120,300}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Whatever names end up in a scenario, the file reads back as the same
    /// scenario and writes the same bytes again.
    #[test]
    fn any_names_survive_the_file(names in prop::collection::vec(awkward_text(), 6)) {
        let ts = default_tileset();
        let mut s = generate(&ts, &params(7, 2, 95, ExitDice::Fair, true)).unwrap();
        s.tiles[0].id = names[0].clone();
        s.game.params.tileset = names[1].clone();
        let monsters = std::sync::Arc::make_mut(&mut s.game.pools.monsters);
        monsters[0].name = names[2].clone();
        monsters[1].abilities = names.clone();
        s.game.pools.accessories.furnishings = names.clone();
        s.log[0].purpose = names[3].clone();
        s.log[1].roll = names[4].clone();
        s.generator = names[5].clone();
        let yaml = tilecrawl::mkd::scenario::to_yaml(&s);
        let back: Scenario = yaml_serde::from_str(&yaml)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{yaml}")))?;
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(tilecrawl::mkd::scenario::to_yaml(&back), yaml);
    }
}
