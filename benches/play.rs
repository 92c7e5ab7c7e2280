//! What one automatic playthrough costs, on one thread.
//!
//! `playthrough/seed7`: one game of `simulate` (automatic heroes, dice
//! combat, at most 200 turns) on the two-set scenario of seed 7 with the
//! default parameters, the embedded party and tables. Each iteration plays
//! the next of 64 dice seeds (`run_seed(7, i)`), so one short or long game
//! does not dominate the figure. Criterion's throughput is runs per second
//! per core.
//!
//! ```text
//! cargo bench --bench play
//! ```

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use tilecrawl::core::dice::run_seed;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::play::party;
use tilecrawl::mkd::play::simulate::{DEFAULT_MAX_TURNS, play_once};
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
