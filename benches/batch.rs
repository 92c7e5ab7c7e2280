//! What `tilecrawl batch` costs per adventure, on one thread.
//!
//! - `index_rows/100`: generate 100 two-set adventures (seeds 1–100) and make
//!   their index rows without a roll log, no files (`--only index`).
//!   Criterion's throughput is
//!   adventures per second per core.
//! - `yaml_batch/100`: the same, plus what `--only yaml` writes per adventure:
//!   a folder named by the seed and its `scenario.yaml` (temporary name, then
//!   renamed), into a fresh temporary folder each iteration.
//!
//! ```text
//! cargo bench --bench batch
//! ```

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};
use tilecrawl::batch::IndexRow;
use tilecrawl::generate::{GenerateParams, generate};
use tilecrawl::tileset::{self, TileSet};

// The binary's allocator, so the figures are what `tilecrawl` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Adventures per iteration.
const COUNT: u64 = 100;

fn params(seed: u64) -> GenerateParams {
    GenerateParams {
        seed,
        ..GenerateParams::default()
    }
}

/// As `--only index` makes them: no roll log.
fn index_rows(ts: &TileSet) -> Vec<IndexRow> {
    (1..=COUNT)
        .map(|seed| {
            let p = GenerateParams {
                log: false,
                ..params(seed)
            };
            IndexRow::of(&generate(ts, &p).expect("bench seeds generate"))
        })
        .collect()
}

fn yaml_batch(ts: &TileSet, out: &Path) -> Vec<IndexRow> {
    (1..=COUNT)
        .map(|seed| {
            let s = generate(ts, &params(seed)).expect("bench seeds generate");
            let row = IndexRow::of(&s);
            let dir = out.join(seed.to_string());
            std::fs::create_dir_all(&dir).unwrap();
            let file = dir.join("scenario.yaml");
            let yaml = tilecrawl::scenario::to_yaml(&s);
            tilecrawl::fsutil::write_all_atomic(&[(&file, yaml.as_bytes())]).unwrap();
            row
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let ts = tileset::default_tileset();
    let mut g = c.benchmark_group("batch");
    g.throughput(Throughput::Elements(COUNT));
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(8));
    g.bench_function("index_rows/100", |b| b.iter(|| black_box(index_rows(&ts))));
    g.bench_function("yaml_batch/100", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                // A fresh folder each time; making and removing it is not timed.
                let dir = tempfile::tempdir().unwrap();
                let start = Instant::now();
                black_box(yaml_batch(&ts, dir.path()));
                total += start.elapsed();
            }
            total
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
