//! How long one adventure takes to build and set up (layout, analysis,
//! population; no files written), by the number of tile sets.
//!
//! Each case is timed with the roll log (`generate/N`) and without it
//! (`generate-no-log/N`, as `tilecrawl batch --only index` generates).
//!
//! Each case cycles through a fixed list of seeds so one lucky or unlucky
//! Dungeon Stack does not dominate the figure. 1–4 sets use the embedded
//! tile set on the default 72×48 table; 8–32 sets use
//! `benches/data/big-tileset.yaml` (eight copies of each design) on a
//! 400×400 table.
//!
//! `dd-and-d-board/default` carves a Dungeons Dark & Dangerous board of
//! the default options (36×36 squares, no symmetry), each seed's in turn.
//!
//! ```text
//! cargo bench --bench generate
//! ```

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tilecrawl::build::layout::{LayoutParams, Table};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset::{self, TileSet};

// The binary's allocator, so the figures are what `tilecrawl` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Seeds each case cycles through, in order.
const SEEDS: u64 = 64;

/// The table the big cases are laid on, in squares.
const BIG_TABLE: Table = Table {
    width: 400,
    height: 400,
};

/// The parameters for every bench seed at `sets` sets on `table`.
fn params_for(sets: u32, table: Table, label: &str) -> Vec<GenerateParams> {
    (0..SEEDS)
        .map(|seed| GenerateParams {
            seed,
            layout: LayoutParams {
                sets,
                table,
                ..LayoutParams::default()
            },
            setup: SetupParams {
                sets,
                ..SetupParams::default()
            },
            tileset_label: label.into(),
            ..GenerateParams::default()
        })
        .collect()
}

/// Fails the run up front if any bench seed cannot be generated, so a timing
/// never mixes successes with early errors.
fn check_all(tileset: &TileSet, params: &[GenerateParams]) {
    for p in params {
        if let Err(e) = generate(tileset, p) {
            panic!(
                "seed {} at {} sets does not generate: {e}",
                p.seed, p.layout.sets
            );
        }
    }
}

fn bench_generate(c: &mut Criterion) {
    let small = tileset::default_tileset();
    let big = tileset::parse(include_str!("data/big-tileset.yaml"), "big-tileset.yaml")
        .expect("benches/data/big-tileset.yaml is a valid tile set");
    let cases: [(u32, &TileSet, Table, &str); 6] = [
        (1, &small, Table::default(), tileset::DEFAULT_TILESET_NAME),
        (2, &small, Table::default(), tileset::DEFAULT_TILESET_NAME),
        (4, &small, Table::default(), tileset::DEFAULT_TILESET_NAME),
        (8, &big, BIG_TABLE, "big-tileset.yaml"),
        (16, &big, BIG_TABLE, "big-tileset.yaml"),
        (32, &big, BIG_TABLE, "big-tileset.yaml"),
    ];

    // `generate`: the whole scenario with its roll log; `generate-no-log`:
    // the same scenario without the log, as the index-only batch makes it.
    for (name, log) in [("generate", true), ("generate-no-log", false)] {
        let mut group = c.benchmark_group(name);
        group.sample_size(20);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        for &(sets, ts, table, label) in &cases {
            let mut params = params_for(sets, table, label);
            params.iter_mut().for_each(|p| p.log = log);
            check_all(ts, &params);
            group.bench_with_input(BenchmarkId::from_parameter(sets), &params, |b, params| {
                let mut next = params.iter().cycle();
                b.iter(|| {
                    let p = next.next().expect("a cycle never ends");
                    black_box(generate(ts, black_box(p)).expect("checked above"))
                });
            });
        }
        group.finish();
    }
}

/// The Dungeons Dark & Dangerous board builder alone (carving, terrain with
/// its checks, doors), the part of `generate --ruleset dd-and-d` before the
/// scenario's set-up.
fn bench_board(c: &mut Criterion) {
    use tilecrawl::build::board::{BoardParams, build};
    use tilecrawl::core::dice::Dice;
    let params = BoardParams::default();
    let mut group = c.benchmark_group("dd-and-d-board");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("default", |b| {
        let mut seeds = (0..SEEDS).cycle();
        b.iter(|| {
            let seed = seeds.next().expect("a cycle never ends");
            black_box(build(&params, &mut Dice::quiet(seed, "board")).expect("a board"))
        });
    });
    group.finish();
}

criterion_group!(benches, bench_generate, bench_board);
criterion_main!(benches);
