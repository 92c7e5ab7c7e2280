//! What one automatic playthrough costs, on one thread.
//!
//! `playthrough/seed7`: one game of `simulate` (automatic heroes, dice
//! combat, at most 200 turns) on the two-set scenario of seed 7 with the
//! default parameters, the embedded party and tables. Each iteration plays
//! the next of 64 dice seeds (`run_seed(7, i)`), so one short or long game
//! does not dominate the figure. Criterion's throughput is runs per second
//! per core.
//!
//! `sets/N`: the same on the dungeon of seed 7 with N = 2, 4 and 8 sets,
//! each laid from `benches/data/big-tileset.yaml` (eight copies of each
//! design) on a 400 × 400-square table so that only the number of sets
//! changes (the party, tables and hero value as above), so the figures show
//! how the cost grows with the dungeon's size.
//!
//! `long-game/N`: a scripted game of N lines (`status` and a comment, in
//! turn) through `Session::input`, the save kept up to date after each line
//! by `SaveWriter` in a temporary folder, as `play --script` does. Saving
//! used to rewrite the whole file per line (20,000 lines took minutes); the
//! three sizes show the cost now grows linearly.
//!
//! `other-games/dw10-seed7` and `other-games/ddd-seed7`: one automatic
//! game of the other two games' `simulate`, on the scenario of seed 7 as
//! `generate --ruleset dungeon-world-10mm` (the Pendraken set, the default
//! party, at most 60 moves) and `generate --ruleset dd-and-d` (the two
//! default war-parties, both sides by the policy, at most 40 rounds) make
//! it, cycling through the same 64 dice seeds.
//!
//! ```text
//! cargo bench --bench play
//! ```

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use tilecrawl::build::layout::Table;
use tilecrawl::core::dice::run_seed;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::play::save_writer::SaveWriter;
use tilecrawl::mkd::play::session::Session;
use tilecrawl::mkd::play::simulate::{DEFAULT_MAX_TURNS, play_once};
use tilecrawl::mkd::play::{CombatMode, GameOptions, party};
use tilecrawl::mkd::tables;

// The binary's allocator, so the figures are what `tilecrawl` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Dice seeds the bench cycles through.
const SEEDS: u32 = 64;

fn bench(c: &mut Criterion) {
    let ts = tilecrawl::tileset::default_tileset();
    let params = GenerateParams {
        seed: 7,
        ..GenerateParams::default()
    };
    let scenario = Arc::new(generate(&ts, &params).expect("seed 7 generates"));
    let party = Arc::new(party::default_party());
    let tables = Arc::new(tables::default_tables());
    let mut g = c.benchmark_group("play");
    g.throughput(Throughput::Elements(1));
    let mut i = 0u32;
    g.bench_function("playthrough/seed7", |b| {
        b.iter(|| {
            let seed = run_seed(7, i % SEEDS);
            i = i.wrapping_add(1);
            black_box(play_once(
                &scenario,
                &party,
                &tables,
                seed,
                DEFAULT_MAX_TURNS,
            ))
        })
    });
    g.finish();

    let mut g = c.benchmark_group("sets");
    g.sample_size(20);
    g.throughput(Throughput::Elements(1));
    let big = tilecrawl::tileset::parse(include_str!("data/big-tileset.yaml"), "big-tileset.yaml")
        .expect("benches/data/big-tileset.yaml is a valid tile set");
    for sets in [2u32, 4, 8] {
        let mut params = GenerateParams {
            seed: 7,
            ..GenerateParams::default()
        };
        params.layout.sets = sets;
        params.layout.table = Table {
            width: 400,
            height: 400,
        };
        params.setup.sets = sets;
        let scenario = Arc::new(generate(&big, &params).expect("seed 7 generates"));
        let mut i = 0u32;
        g.bench_function(format!("{sets}"), |b| {
            b.iter(|| {
                let seed = run_seed(7, i % SEEDS);
                i = i.wrapping_add(1);
                black_box(play_once(
                    &scenario,
                    &party,
                    &tables,
                    seed,
                    DEFAULT_MAX_TURNS,
                ))
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("other-games");
    g.sample_size(20);
    g.throughput(Throughput::Elements(1));
    {
        use tilecrawl::dw10::play::{engine, party as dw_party, simulate as dw_sim};
        let params = tilecrawl::dw10::setup::GenerateParams {
            seed: 7,
            ..Default::default()
        };
        let ts = tilecrawl::tileset::pendraken_tileset();
        let scenario =
            Arc::new(tilecrawl::dw10::setup::generate(&ts, &params).expect("seed 7 generates"));
        let figures = Arc::new(tilecrawl::dw10::figures::embedded());
        let tables = Arc::new(tilecrawl::dw10::tables::embedded());
        let party = dw_party::default_party(&figures);
        let o = dw_sim::SimOptions {
            runs: SEEDS,
            seed: 7,
            max_moves: dw_sim::DEFAULT_MAX_MOVES,
            scaled_down: false,
        };
        let mut i = 0u32;
        g.bench_function("dw10-seed7", |b| {
            b.iter(|| {
                let opts = dw_sim::run_options(&party, &figures, &tables, &o, i % SEEDS, false);
                i = i.wrapping_add(1);
                let (mut game, _) = engine::Game::new(scenario.clone(), opts);
                black_box(dw_sim::play_out(&mut game, o.max_moves))
            })
        });
    }
    {
        use tilecrawl::ddd::play::edges::Edges;
        use tilecrawl::ddd::play::simulate::{DEFAULT_MAX_ROUNDS, run_one};
        let scenario =
            tilecrawl::ddd::setup::generate(7, &Default::default()).expect("seed 7 generates");
        let blue = tilecrawl::ddd::warparty::new(1, "Blue");
        let red = tilecrawl::ddd::warparty::new(2, "Red");
        let mut i = 0u32;
        g.bench_function("ddd-seed7", |b| {
            b.iter(|| {
                let seed = run_seed(7, i % SEEDS);
                i = i.wrapping_add(1);
                black_box(
                    run_one(
                        &scenario,
                        &blue,
                        &red,
                        seed,
                        DEFAULT_MAX_ROUNDS,
                        Edges::Walk,
                    )
                    .expect("a game"),
                )
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("long-game");
    g.sample_size(10);
    for lines in [5_000usize, 10_000, 20_000] {
        g.throughput(Throughput::Elements(lines as u64));
        g.bench_function(format!("{lines}"), |b| {
            b.iter(|| {
                let dir = tempfile::tempdir().expect("a temporary folder");
                let opts = GameOptions {
                    seed: 7,
                    combat: CombatMode::Dice,
                };
                let mut sess = Session::new(scenario.clone(), party.clone(), tables.clone(), opts);
                let head = sess.to_save("scenario.yaml", "fnv1a64:0", party::DEFAULT_YAML, None);
                let mut w = SaveWriter::new(&dir.path().join("save.yaml"), head, false)
                    .expect("a new save");
                for i in 0..lines {
                    let line = if i % 2 == 0 { "status" } else { "# a note" };
                    black_box(sess.input(line));
                    w.write(sess.lines()).expect("the save is written");
                }
                black_box(w.bytes_written())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
