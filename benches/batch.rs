//! What `tilecrawl batch` costs per adventure, on one thread.
//!
//! - `index_rows/100`: generate 100 two-set adventures (seeds 1–100) and make
//!   their index rows without a roll log, no files (`--only index`).
//!   Criterion's throughput is
//!   adventures per second per core.
//! - `yaml_batch/100`: the same, plus what `--only yaml` writes per adventure:
//!   a folder named by the seed and its `scenario.yaml` (temporary name, then
//!   renamed), into a fresh temporary folder each iteration.
//! - `yaml_write/100`: `yaml_batch` without generating: the 100 scenarios
//!   are made once, beforehand; only `tilecrawl::mkd::scenario::to_yaml` and the files are
//!   timed.
//! - `yaml_floor/100`: the floor the YAML batch is held to (issue 7): the
//!   same pre-generated scenarios serialised with plain
//!   `yaml_serde::to_string`, plus the same folder, temporary file and
//!   rename.
//! - `serialise/to_yaml` and `serialise/yaml_serde`: one scenario (seed 7,
//!   two sets) to text, by `tilecrawl::mkd::scenario::to_yaml` and by `yaml_serde::to_string`.
//!
//! ```text
//! cargo bench --bench batch
//! TMPDIR=/dev/shm cargo bench --bench batch   # folders on tmpfs: no disk noise
//! ```

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};
use tilecrawl::mkd::batch::IndexRow;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario::Scenario;
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
            let yaml = tilecrawl::mkd::scenario::to_yaml(&s);
            tilecrawl::core::fs::write_all_atomic(&[(&file, yaml.as_bytes())]).unwrap();
            row
        })
        .collect()
}

/// The per-adventure file work of `--only yaml`: the folder, then the text
/// under a temporary name, renamed into place.
fn write_scenarios(scenarios: &[Scenario], out: &Path, text: fn(&Scenario) -> String) {
    for s in scenarios {
        let dir = out.join(s.seed.to_string());
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("scenario.yaml");
        let yaml = text(s);
        tilecrawl::core::fs::write_all_atomic(&[(&file, yaml.as_bytes())]).unwrap();
    }
}

fn yaml_serde_text(s: &Scenario) -> String {
    yaml_serde::to_string(s).unwrap()
}

/// Times `work` on a fresh temporary folder each iteration; making and
/// removing the folder is not timed.
fn in_fresh_folder(b: &mut criterion::Bencher, mut work: impl FnMut(&Path)) {
    b.iter_custom(|iters| {
        let mut total = Duration::ZERO;
        for _ in 0..iters {
            let dir = tempfile::tempdir().unwrap();
            let start = Instant::now();
            work(dir.path());
            total += start.elapsed();
        }
        total
    });
}

fn bench(c: &mut Criterion) {
    let ts = tileset::default_tileset();
    let mut g = c.benchmark_group("batch");
    g.throughput(Throughput::Elements(COUNT));
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(8));
    g.bench_function("index_rows/100", |b| b.iter(|| black_box(index_rows(&ts))));
    g.bench_function("yaml_batch/100", |b| {
        in_fresh_folder(b, |dir| {
            black_box(yaml_batch(&ts, dir));
        })
    });
    let scenarios: Vec<Scenario> = (1..=COUNT)
        .map(|seed| generate(&ts, &params(seed)).expect("bench seeds generate"))
        .collect();
    g.bench_function("yaml_write/100", |b| {
        in_fresh_folder(b, |dir| {
            write_scenarios(&scenarios, dir, tilecrawl::mkd::scenario::to_yaml)
        })
    });
    g.bench_function("yaml_floor/100", |b| {
        in_fresh_folder(b, |dir| write_scenarios(&scenarios, dir, yaml_serde_text))
    });
    g.finish();

    let mut g = c.benchmark_group("serialise");
    g.sample_size(20);
    let seven = generate(&ts, &params(7)).expect("seed 7 generates");
    g.bench_function("to_yaml", |b| {
        b.iter(|| tilecrawl::mkd::scenario::to_yaml(black_box(&seven)))
    });
    g.bench_function("yaml_serde", |b| {
        b.iter(|| yaml_serde_text(black_box(&seven)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
