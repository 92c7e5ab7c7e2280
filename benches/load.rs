//! What reading tilecrawl's YAML files costs: the YAML parser, the pre-scan
//! that refuses hostile shapes before it, and the loaders' checks.
//!
//! - `load/scenario_seed7`: `scenario::from_yaml` of the two-set scenario of
//!   seed 7 (the file `generate --seed 7` writes, 14.6 KB).
//! - `load/tileset_embedded`: `tileset::parse` of the embedded `mkd-builder`
//!   tile set (5.2 KB), what every command without `--tileset` does.
//! - `load/scenario_32_sets`: a 32-set scenario on the bench's large tile set
//!   (`benches/data/big-tileset.yaml`), to see how reading scales.
//!
//! ```text
//! cargo bench --bench load
//! ```

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tilecrawl::build::layout::Table;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario;
use tilecrawl::tileset;

// The binary's allocator, so the figures are what `tilecrawl` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const EMBEDDED_TILESET: &str = include_str!("../templates/tilesets/mkd-builder.yaml");

fn scenario_text(ts: &tileset::TileSet, sets: u32, table: Table, label: &str) -> String {
    let mut p = GenerateParams {
        seed: 7,
        tileset_label: label.into(),
        ..GenerateParams::default()
    };
    p.layout.sets = sets;
    p.layout.table = table;
    scenario::to_yaml(&generate(ts, &p).expect("the bench scenario generates"))
}

fn bench(c: &mut Criterion) {
    let seven = scenario_text(
        &tileset::default_tileset(),
        2,
        Table::default(),
        tileset::DEFAULT_TILESET_NAME,
    );
    let big_set = tileset::parse(include_str!("data/big-tileset.yaml"), "big-tileset.yaml")
        .expect("benches/data/big-tileset.yaml is a valid tile set");
    let big = scenario_text(
        &big_set,
        32,
        Table {
            width: 400,
            height: 400,
        },
        "big-tileset.yaml",
    );
    for (name, text) in [("seven", &seven), ("big", &big)] {
        scenario::from_yaml(text, name).expect("the bench scenario loads");
    }

    let mut g = c.benchmark_group("load");
    g.throughput(Throughput::Bytes(seven.len() as u64));
    g.bench_function("scenario_seed7", |b| {
        b.iter(|| black_box(scenario::from_yaml(black_box(&seven), "scenario.yaml")))
    });
    g.throughput(Throughput::Bytes(EMBEDDED_TILESET.len() as u64));
    g.bench_function("tileset_embedded", |b| {
        b.iter(|| black_box(tileset::parse(black_box(EMBEDDED_TILESET), "mkd-builder")))
    });
    g.throughput(Throughput::Bytes(big.len() as u64));
    g.sample_size(20);
    g.bench_function("scenario_32_sets", |b| {
        b.iter(|| black_box(scenario::from_yaml(black_box(&big), "scenario.yaml")))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
