//! How long the map of one 2-set dungeon takes to export: the SVG (drawing
//! model and encoder), and the PNG from that SVG (parse, render band by band,
//! compress) at 150 and 300 DPI, in the `color` style and, for comparison,
//! the hatched `ink` style. The dungeon (seed 7, the embedded tile set) is
//! generated once, outside the timings.
//!
//! ```text
//! cargo bench --bench export
//! ```

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tilecrawl::build::layout::LayoutParams;
use tilecrawl::export::{self, MapOptions, style};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario::Scenario;
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset;

// The binary's allocator, so the figures are what `tilecrawl` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The dungeon every case draws.
const SEED: u64 = 7;
const SETS: u32 = 2;

fn dungeon() -> Scenario {
    let p = GenerateParams {
        seed: SEED,
        layout: LayoutParams {
            sets: SETS,
            ..LayoutParams::default()
        },
        setup: SetupParams {
            sets: SETS,
            ..SetupParams::default()
        },
        ..GenerateParams::default()
    };
    generate(&tileset::default_tileset(), &p).expect("seed 7 generates")
}

fn options(style: &str, dpi: u32) -> MapOptions {
    MapOptions {
        dpi,
        style: style::builtin(style).expect("built-in style"),
        ..MapOptions::default()
    }
}

fn bench_svg(c: &mut Criterion) {
    let s = dungeon();
    let mut group = c.benchmark_group("svg");
    group.sample_size(50);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    for style in style::BUILTIN {
        let opts = options(style, 150);
        group.bench_with_input(BenchmarkId::from_parameter(style), &opts, |b, opts| {
            b.iter(|| black_box(export::map_svg(black_box(&s), opts)))
        });
    }
    group.finish();
}

fn bench_png(c: &mut Criterion) {
    let s = dungeon();
    let mut group = c.benchmark_group("png");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(8));
    for (style, dpi) in [("color", 150), ("color", 300), ("ink", 150), ("ink", 300)] {
        let svg = export::map_svg(&s, &options(style, dpi));
        group.bench_with_input(
            BenchmarkId::new(style, format!("{dpi}dpi")),
            &svg,
            |b, svg| b.iter(|| black_box(export::png(black_box(svg), dpi).expect("renders"))),
        );
    }
    group.finish();
}

criterion_group!(benches, bench_svg, bench_png);
criterion_main!(benches);
