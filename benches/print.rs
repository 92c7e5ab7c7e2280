//! How long the print pack's PDFs take: the map cut into Letter pages behind
//! its overview (`map_pdf`), and the tile cut-outs (`cutouts_pdf`), for a
//! two-set dungeon (seed 7) generated once outside the timing.
//!
//! ```text
//! cargo bench --bench print
//! ```

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tilecrawl::build::layout::LayoutParams;
use tilecrawl::export::MapOptions;
use tilecrawl::export::paper::{Paper, PrintOptions};
use tilecrawl::export::pdf::{cutouts_pdf, map_pdf, map_tiling};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset::default_tileset;

// The binary's allocator, so the figures are what `tilecrawl` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The dungeon every case prints.
const SEED: u64 = 7;
/// Tile sets in it.
const SETS: u32 = 2;

fn bench_print(c: &mut Criterion) {
    let params = GenerateParams {
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
    let s = generate(&default_tileset(), &params).expect("the bench dungeon generates");
    let map = MapOptions::default();
    let print = PrintOptions {
        paper: Paper::Letter,
        ..PrintOptions::default()
    };
    let t = map_tiling(&s, &map, &print).expect("the bench dungeon tiles");
    eprintln!(
        "seed {SEED}, {SETS} sets on Letter: {} map pages + overview, {} tiles to cut out",
        t.printed().count(),
        s.tiles.len()
    );

    let mut group = c.benchmark_group("print");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("map_pdf/letter/2-sets", |b| {
        b.iter(|| black_box(map_pdf(black_box(&s), &map, &print).expect("map PDF")))
    });
    group.bench_function("cutouts_pdf/letter/2-sets", |b| {
        b.iter(|| black_box(cutouts_pdf(black_box(&s), &map, &print).expect("cut-outs PDF")))
    });
    // The whole print pack as `generate --print letter --cutouts` makes it:
    // map.svg, map.png at 150 DPI, setup.md, map.pdf, setup.pdf, cutouts.pdf.
    group.bench_function("whole_pack/letter/2-sets", |b| {
        b.iter(|| {
            let svg = tilecrawl::export::map_svg(black_box(&s), &map);
            let png = tilecrawl::export::png(&svg, map.dpi).expect("PNG");
            let md = tilecrawl::export::sheet::setup_markdown(&s);
            let pdf = map_pdf(&s, &map, &print).expect("map PDF");
            let sheet = tilecrawl::export::sheet::setup_pdf(&s, &print).expect("setup PDF");
            let cut = cutouts_pdf(&s, &map, &print).expect("cut-outs PDF");
            black_box((
                svg.len(),
                png.len(),
                md.len(),
                pdf.len(),
                sheet.len(),
                cut.len(),
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, bench_print);
criterion_main!(benches);
