//! The print pack's PDFs, read back with an independent PDF reader
//! (hayro, `crate::pdfread`): page counts and sizes, text, and pages
//! rasterised at 254 DPI (10 pixels per millimetre) and measured: grid
//! spacing and the calibration bar must match the square size on paper.
//! `.ci/run` checks the written files with poppler and `qpdf --check` too.

use crate::pdfread;
use tilecrawl::build::layout::LayoutParams;
use tilecrawl::export::paper::{Paper, PrintOptions};
use tilecrawl::export::pdf::{
    CutoutPage, RectMm, SheetPage, Tiling, cutout_layout, cutout_tilings, cutouts_pdf, map_pdf,
    map_tiling,
};
use tilecrawl::export::{Drawing, MapOptions, drawing};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario::Scenario;
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset::Cell;

/// Pixels per millimetre of the rasterised pages (254 DPI).
const PX_PER_MM: f64 = 10.0;

use crate::common::scenario;

fn print(paper: Paper) -> PrintOptions {
    PrintOptions {
        paper,
        ..PrintOptions::default()
    }
}

/// Page size in points of each paper.
fn expected_size(paper: Paper) -> (f64, f64) {
    match paper {
        Paper::Letter => (612.0, 792.0),
        Paper::A4 => (595.276, 841.89),
        other => {
            let (w, h) = other.size_mm();
            (w / 25.4 * 72.0, h / 25.4 * 72.0)
        }
    }
}

#[test]
fn map_pdf_opens_with_the_tiled_page_count_and_exact_paper_size() {
    for (seed, sets) in [(7, 2), (3, 1), (42, 3)] {
        let s = scenario(seed, sets);
        for paper in [
            Paper::Letter,
            Paper::A4,
            Paper::A3,
            Paper::Legal,
            Paper::Tabloid,
        ] {
            let pr = print(paper);
            let t = map_tiling(&s, &MapOptions::default(), &pr).unwrap();
            let pdf = map_pdf(&s, &MapOptions::default(), &pr).unwrap();
            let (pages, sizes) = pdfread::info(&pdf);
            assert_eq!(
                pages,
                1 + t.printed().count(),
                "seed {seed} {}: overview + printed pages",
                paper.name()
            );
            assert_eq!(sizes.len(), pages);
            let (w, h) = expected_size(paper);
            pdfread::assert_page_size(&sizes, w, h);
            eprintln!(
                "seed {seed}, {} sets, {}: {} × {} pages, {} skipped, {} printed + overview, {} bytes, {}",
                sets,
                paper.name(),
                t.columns,
                t.rows,
                t.pages.len() - t.printed().count(),
                t.printed().count(),
                pdf.len(),
                if t.landscape { "landscape" } else { "portrait" }
            );
        }
    }
}

#[test]
fn skipped_pages_are_left_out() {
    // Seed 7 at two sets is an irregular dungeon: some pages of its grid hold no tile.
    let s = scenario(7, 2);
    let d = drawing(&s, &MapOptions::default());
    for paper in [Paper::Letter, Paper::A4] {
        let t = map_tiling(&s, &MapOptions::default(), &print(paper)).unwrap();
        let skipped: Vec<&SheetPage> = t.pages.iter().filter(|p| p.skipped).collect();
        assert!(!skipped.is_empty(), "{} has no skipped page", paper.name());
        for p in &t.pages {
            let holds = s.tiles.iter().any(|tile| {
                (tile.y..tile.y + tile.height as i32).any(|y| {
                    (tile.x..tile.x + tile.width as i32).any(|x| {
                        if !tile.covers(x, y) {
                            return false;
                        }
                        let (sx, sy) = square_mm(&d, x, y);
                        sx < p.window.x + p.window.width
                            && sx + d.square_mm > p.window.x
                            && sy < p.window.y + p.window.height
                            && sy + d.square_mm > p.window.y
                    })
                })
            });
            // A page that meets no tile square is never printed (one that
            // meets only a sliver a neighbour prints whole may be skipped too).
            if !holds {
                assert!(p.skipped, "{}", p.label);
            }
        }
    }
}

/// The north-west corner of square `(x, y)` in map millimetres.
fn square_mm(d: &Drawing, x: i32, y: i32) -> (f64, f64) {
    (
        d.origin.x + f64::from(x) * d.square_mm,
        d.origin.y + f64::from(y) * d.square_mm,
    )
}

#[test]
fn tiling_of_real_dungeons_covers_every_tile_square() {
    // Points on a window's edge count as on it (to rounding).
    const EPS: f64 = 1e-9;
    for seed in 0..12 {
        let s = scenario(seed, 1 + (seed % 3) as u32);
        let d = drawing(&s, &MapOptions::default());
        for paper in [Paper::Letter, Paper::A4] {
            for (margin, overlap) in [(8.0, 10.0), (2.0, 0.0), (15.0, 25.0)] {
                let pr = PrintOptions {
                    paper,
                    margin_mm: margin,
                    overlap_mm: overlap,
                };
                let t = map_tiling(&s, &MapOptions::default(), &pr).unwrap();
                assert!(t.margin_mm >= 6.0 && t.margin_mm >= margin);
                let (w, h) = paper.size_mm();
                let (w, h) = if t.landscape { (h, w) } else { (w, h) };
                assert_eq!((t.page_width_mm, t.page_height_mm), (w, h));
                assert!(t.window.x >= t.margin_mm && t.window.y >= t.margin_mm);
                assert!(t.window.x + t.window.width <= w - t.margin_mm);
                assert!(t.band.y + t.band.height <= h - t.margin_mm + 1e-9);
                for r in 1..=t.rows {
                    for c in 1..=t.columns {
                        let p = t.at(r, c).unwrap();
                        if let Some(q) = t.at(r, c + 1) {
                            let shared = p.window.x + p.window.width - q.window.x;
                            assert!((shared - overlap).abs() < 1e-9);
                        }
                        if let Some(q) = t.at(r + 1, c) {
                            let shared = p.window.y + p.window.height - q.window.y;
                            assert!((shared - overlap).abs() < 1e-9);
                        }
                    }
                }
                for tile in &s.tiles {
                    for y in tile.y..tile.y + tile.height as i32 {
                        for x in tile.x..tile.x + tile.width as i32 {
                            if !tile.covers(x, y) {
                                continue;
                            }
                            let (sx, sy) = square_mm(&d, x, y);
                            // A square some page holds whole, a printed page holds whole.
                            let whole = |p: &SheetPage| {
                                p.window.x - EPS <= sx
                                    && sx + d.square_mm <= p.window.x + p.window.width + EPS
                                    && p.window.y - EPS <= sy
                                    && sy + d.square_mm <= p.window.y + p.window.height + EPS
                            };
                            if t.pages.iter().any(whole) {
                                assert!(
                                    t.printed().any(whole),
                                    "seed {seed}: square ({x}, {y}) of {} is whole on no printed page",
                                    tile.id
                                );
                            }
                            for (fx, fy) in
                                [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.5, 0.5)]
                            {
                                let (px, py) = (sx + fx * d.square_mm, sy + fy * d.square_mm);
                                assert!(
                                    t.printed().any(|p| p.window.x - EPS <= px
                                        && px <= p.window.x + p.window.width + EPS
                                        && p.window.y - EPS <= py
                                        && py <= p.window.y + p.window.height + EPS),
                                    "seed {seed}: square ({x}, {y}) of {} is on no printed page",
                                    tile.id
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Rasterises page `page` (1-based) at 254 DPI.
fn rasterise(pdf: &[u8], page: usize) -> image::RgbaImage {
    pdfread::rasterise(pdf, page, 254.0)
}

/// Luminance along a line of the page as read, one sample per pixel: at
/// `across` mm, from `from` to `to` mm along x (or along y when `vertical`).
/// Follows the page onto the sheet when it is turned (landscape).
fn profile(
    img: &image::RgbaImage,
    t: &Tiling,
    vertical: bool,
    across: f64,
    from: f64,
    to: f64,
) -> Vec<f64> {
    let n = ((to - from) * PX_PER_MM).round() as usize;
    (0..n)
        .map(|i| {
            let along = from + (i as f64 + 0.5) / PX_PER_MM;
            let (x, y) = if vertical {
                (across, along)
            } else {
                (along, across)
            };
            let (sx, sy) = t.to_sheet(x, y);
            let (px, py) = ((sx * PX_PER_MM) as u32, (sy * PX_PER_MM) as u32);
            let p = img.get_pixel(px, py).0;
            0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2])
        })
        .collect()
}

/// Centres (in samples, the first sample's centre at 0.5) of the dark lines in a profile.
fn dark_line_centres(lum: &[f64]) -> Vec<f64> {
    let bright = lum.iter().copied().fold(0.0, f64::max);
    let dark = |v: f64| v < bright - 40.0;
    let mut centres = Vec::new();
    let mut i = 0;
    while i < lum.len() {
        if dark(lum[i]) {
            let start = i.saturating_sub(1);
            while i < lum.len() && dark(lum[i]) {
                i += 1;
            }
            let end = i.min(lum.len() - 1);
            let (mut sum, mut weight) = (0.0, 0.0);
            for (j, &v) in lum.iter().enumerate().take(end + 1).skip(start) {
                let w = (bright - v).max(0.0);
                sum += w * (j as f64 + 0.5);
                weight += w;
            }
            centres.push(sum / weight);
        }
        i += 1;
    }
    centres
}

/// A stretch of clear floor on a printed page to measure the grid across:
/// the page, the line measured along (map mm across it) and the map
/// coordinate of each grid line it crosses.
struct Run<'a> {
    page: &'a SheetPage,
    vertical: bool,
    across: f64,
    lines: Vec<f64>,
}

/// The longest straight row (or column, when `vertical`) of clear, empty
/// floor squares inside a printed page's window, away from the overlap
/// strips (whose guides would be crossed too), measured through the middle of
/// the squares, where no label or token lies.
fn floor_run<'a>(s: &Scenario, d: &Drawing, t: &'a Tiling, vertical: bool) -> Option<Run<'a>> {
    let busy = |x: i32, y: i32| {
        s.game.chests.iter().any(|c| (c.x, c.y) == (x, y))
            || s.game.wmts.iter().any(|w| (w.x, w.y) == (x, y))
            || s.game.markers.iter().any(|m| (m.x, m.y) == (x, y))
    };
    // (u, v): u along the line, v across it.
    let clear = |u: i32, v: i32| {
        let (x, y) = if vertical { (v, u) } else { (u, v) };
        s.cell(x, y) == Cell::Floor && !busy(x, y)
    };
    let (len_u, len_v) = if vertical {
        (s.size.height as i32, s.size.width as i32)
    } else {
        (s.size.width as i32, s.size.height as i32)
    };
    let (origin_u, origin_v) = if vertical {
        (d.origin.y, d.origin.x)
    } else {
        (d.origin.x, d.origin.y)
    };
    let sq = d.square_mm;
    let inset = t.overlap_mm + 2.0;
    let mut best: Option<Run> = None;
    for page in t.printed() {
        let w = &page.window;
        let (w_u, w_v, size_u, size_v) = if vertical {
            (w.y, w.x, w.height, w.width)
        } else {
            (w.x, w.y, w.width, w.height)
        };
        for v in 0..len_v {
            let across = origin_v + (f64::from(v) + 0.5) * sq;
            if across < w_v + inset || across > w_v + size_v - inset {
                continue;
            }
            let mut lines = Vec::new();
            for u in -1..len_u {
                // The line between squares u and u + 1, both clear floor.
                let at = origin_u + f64::from(u + 1) * sq;
                let inside = at - sq / 2.0 > w_u + inset && at + sq / 2.0 < w_u + size_u - inset;
                if clear(u, v) && clear(u + 1, v) && inside {
                    lines.push(at);
                } else if best.as_ref().is_none_or(|b| b.lines.len() < lines.len()) {
                    best = Some(Run {
                        page,
                        vertical,
                        across,
                        lines: std::mem::take(&mut lines),
                    });
                } else {
                    lines.clear();
                }
            }
        }
    }
    best
}

/// The scenario (two sets, seeds 1 to 30) with the longest clear floor run on
/// some printed page, along each axis, for the tiling of `paper`.
fn roomy_scenario(paper: Paper, map: &MapOptions, vertical: bool) -> Scenario {
    (1..=30)
        .map(|seed| scenario(seed, 2))
        .max_by_key(|s| {
            let d = drawing(s, map);
            let t = map_tiling(s, map, &print(paper)).unwrap();
            floor_run(s, &d, &t, vertical).map_or(0, |r| r.lines.len())
        })
        .unwrap()
}

/// Measures the grid of one printed page against the square size, across a
/// run of floor (rows when not `vertical`, columns when `vertical`).
/// Returns (squares crossed, measured span in mm, expected span in mm).
fn measure_grid(s: &Scenario, map: &MapOptions, paper: Paper, vertical: bool) -> (usize, f64, f64) {
    let d = drawing(s, map);
    let sq = d.square_mm;
    let pr = print(paper);
    let t = map_tiling(s, map, &pr).unwrap();
    let run = floor_run(s, &d, &t, vertical).expect("a printed page");
    assert!(
        run.lines.len() >= 4,
        "no straight run of five clear floor squares on any page of seed {}",
        s.seed
    );
    let number = 2 + t.printed().position(|p| std::ptr::eq(p, run.page)).unwrap();
    let img = rasterise(&map_pdf(s, map, &pr).unwrap(), number);
    let (sw, sh) = paper.size_mm();
    // The page in whole pixels (A4 is 2100.0004 px wide).
    let (iw, ih) = (f64::from(img.width()), f64::from(img.height()));
    assert!(
        (iw - sw * PX_PER_MM).abs() <= 1.0 && (ih - sh * PX_PER_MM).abs() <= 1.0,
        "a page at 254 DPI is {iw} × {ih} px"
    );

    // Map coordinates along the line → the page as read.
    let on_page = |along: f64| {
        let (x, y) = if vertical {
            t.map_to_page(run.page, run.across, along)
        } else {
            t.map_to_page(run.page, along, run.across)
        };
        if vertical { (y, x) } else { (x, y) }
    };
    let across = on_page(run.lines[0]).1;
    let from = on_page(run.lines[0] - sq / 2.0).0;
    let to = on_page(run.lines[run.lines.len() - 1] + sq / 2.0).0;
    let lum = profile(&img, &t, vertical, across, from, to);
    let found = dark_line_centres(&lum);
    let axis = if run.vertical {
        "down a column"
    } else {
        "along a row"
    };
    assert_eq!(
        found.len(),
        run.lines.len(),
        "{} on {}: expected {} grid lines {axis} of floor, found {found:?}",
        run.page.label,
        paper.name(),
        run.lines.len()
    );
    // Where each line lies on the sheet, in pixels from the profile's start.
    for (got, want) in found.iter().zip(&run.lines) {
        let want_px = (on_page(*want).0 - from) * PX_PER_MM;
        assert!(
            (got - want_px).abs() <= 1.5,
            "line at {got:.2} px, expected {want_px:.2} px"
        );
    }
    let per_square = sq * PX_PER_MM;
    for pair in found.windows(2) {
        let gap = pair[1] - pair[0];
        assert!(
            (gap - per_square).abs() <= 1.0,
            "one square measures {gap:.2} px, expected {per_square:.2} px ± 1"
        );
    }
    let n = found.len() - 1;
    let span = found[n] - found[0];
    let want = n as f64 * per_square;
    assert!(
        (span - want).abs() <= 1.0 * PX_PER_MM,
        "{n} squares measure {span:.2} px, expected {want:.2} px ± 10"
    );
    eprintln!(
        "seed {}, {} ({}, {}), {axis}: {n} squares measure {:.3} mm, expected {:.3} mm; each square {} px",
        s.seed,
        run.page.label,
        paper.name(),
        if t.landscape { "landscape" } else { "portrait" },
        span / PX_PER_MM,
        want / PX_PER_MM,
        found
            .windows(2)
            .map(|p| format!("{:.2}", p[1] - p[0]))
            .collect::<Vec<_>>()
            .join(", ")
    );
    (n, span / PX_PER_MM, want / PX_PER_MM)
}

#[test]
fn letter_pages_are_true_scale_at_one_inch_squares() {
    for vertical in [false, true] {
        let s = roomy_scenario(Paper::Letter, &MapOptions::default(), vertical);
        let (_, span, want) = measure_grid(&s, &MapOptions::default(), Paper::Letter, vertical);
        // The issue asks for 0.1 mm over the page; the pixel grid allows ±0.05 mm per line.
        assert!((span - want).abs() <= 0.15, "{span} mm vs {want} mm");
    }
}

/// Maps printed with 25 mm squares (`--square 25mm`).
fn metric() -> MapOptions {
    MapOptions {
        square_mm: Some(25.0),
        ..MapOptions::default()
    }
}

#[test]
fn a4_pages_are_true_scale_at_25_mm_squares() {
    for vertical in [false, true] {
        let s = roomy_scenario(Paper::A4, &metric(), vertical);
        let (_, span, want) = measure_grid(&s, &metric(), Paper::A4, vertical);
        assert!((span - want).abs() <= 0.15, "{span} mm vs {want} mm");
    }
}

#[test]
fn landscape_pages_are_true_scale_too() {
    // A dungeon whose tiling is turned a quarter onto the sheet.
    let (s, paper) = (0..40)
        .flat_map(|seed| [(seed, Paper::Letter), (seed, Paper::A4)])
        .map(|(seed, paper)| (scenario(seed, 2), paper))
        .find(|(s, paper)| {
            let t = map_tiling(s, &MapOptions::default(), &print(*paper)).unwrap();
            let d = drawing(s, &MapOptions::default());
            t.landscape && floor_run(s, &d, &t, false).is_some_and(|r| r.lines.len() >= 4)
        })
        .expect("some two-set dungeon prints on fewer pages in landscape");
    let (_, span, want) = measure_grid(&s, &MapOptions::default(), paper, false);
    assert!((span - want).abs() <= 0.15, "{span} mm vs {want} mm");
}

/// Measures the calibration bar on `page` (1-based): its inked length in mm.
fn bar_length(pdf: &[u8], t: &Tiling, page: usize) -> f64 {
    let img = rasterise(pdf, page);
    let b = &t.bar;
    let lum = profile(
        &img,
        t,
        false,
        b.y + b.height / 2.0,
        b.x - 3.0,
        b.x + b.width + 3.0,
    );
    // Sub-pixel: each sample counts as much of the bar as it is dark.
    lum.iter()
        .map(|v| (1.0 - v / 255.0).clamp(0.0, 1.0))
        .sum::<f64>()
        / PX_PER_MM
}

#[test]
fn calibration_bar_measures_one_inch_or_25_mm() {
    let s = scenario(7, 2);
    for (map, paper, want) in [
        (MapOptions::default(), Paper::Letter, 25.4),
        (metric(), Paper::A4, 25.0),
        // 1.5 in squares keep an inch bar; 30 mm squares a 25 mm one.
        (
            MapOptions {
                square_mm: Some(38.1),
                ..MapOptions::default()
            },
            Paper::A4,
            25.4,
        ),
        (
            MapOptions {
                square_mm: Some(30.0),
                ..MapOptions::default()
            },
            Paper::Letter,
            25.0,
        ),
    ] {
        let pr = print(paper);
        let t = map_tiling(&s, &map, &pr).unwrap();
        assert_eq!(t.calibration.length_mm, want);
        let pdf = map_pdf(&s, &map, &pr).unwrap();
        for page in [1, 2] {
            let got = bar_length(&pdf, &t, page);
            eprintln!(
                "calibration bar, {} page {page}: {got:.3} mm (want {want} mm)",
                paper.name()
            );
            assert!(
                (got - want).abs() <= 0.2,
                "bar on page {page} of {} measures {got:.3} mm, expected {want} mm ± 0.2 (2 px)",
                paper.name()
            );
        }
        // The cut-outs carry the same bar.
        let tilings = cutout_tilings(&s, &map, &pr).unwrap();
        let pdf = cutouts_pdf(&s, &map, &pr).unwrap();
        let got = bar_length(&pdf, &tilings[0], 1);
        assert!((got - want).abs() <= 0.2, "cut-out bar {got:.3} mm");
    }
}

#[test]
fn cutouts_have_a_page_per_tile_at_exact_paper_size() {
    let s = scenario(42, 3);
    for paper in [Paper::Letter, Paper::A4] {
        let pr = print(paper);
        let tilings = cutout_tilings(&s, &MapOptions::default(), &pr).unwrap();
        assert_eq!(tilings.len(), s.tiles.len());
        // Hallways share pages where they fit (print_map.rs checks how).
        let want = cutout_layout(&s, &MapOptions::default(), &pr)
            .unwrap()
            .2
            .len();
        assert!(want <= tilings.iter().map(|t| t.printed().count()).sum());
        let pdf = cutouts_pdf(&s, &MapOptions::default(), &pr).unwrap();
        let (pages, sizes) = pdfread::info(&pdf);
        assert_eq!(pages, want);
        let (w, h) = expected_size(paper);
        pdfread::assert_page_size(&sizes, w, h);
        // Each tile's page shows its id and face (text is searchable).
        let text = pdfread::text(&pdf).concat();
        for tile in &s.tiles {
            let line = format!(
                "{} — {} face, rotated {}°",
                tile.id,
                tile.face.name(),
                tile.rotation
            );
            assert!(text.contains(&line), "{line} missing");
        }
    }
}

#[test]
fn big_tiles_are_split_like_the_map() {
    // 60 mm squares make a 5 × 5 chamber 300 mm wide: more than any window.
    let s = scenario(7, 1);
    let map = MapOptions {
        square_mm: Some(60.0),
        ..MapOptions::default()
    };
    let pr = print(Paper::Letter);
    let tilings = cutout_tilings(&s, &map, &pr).unwrap();
    let big = tilings
        .iter()
        .zip(&s.tiles)
        .find(|(_, t)| t.width == 5 && t.height == 5)
        .expect("a 5 × 5 chamber")
        .0;
    assert!(big.printed().count() > 1);
    let pdf = cutouts_pdf(&s, &map, &pr).unwrap();
    let (pages, _) = pdfread::info(&pdf);
    assert_eq!(
        pages,
        tilings.iter().map(|t| t.printed().count()).sum::<usize>()
    );
    // The parts are named like map pages.
    let text = pdfread::text(&pdf).concat();
    assert!(text.contains("part 1 of 4 (row 1, column 1)"), "{text}");
    assert!(text.contains("part 2 of 4 (row 1, column 2)"), "{text}");
}

#[test]
fn same_inputs_give_the_same_bytes() {
    let s = scenario(7, 2);
    let pr = print(Paper::A4);
    let a = map_pdf(&s, &MapOptions::default(), &pr).unwrap();
    let b = map_pdf(&s, &MapOptions::default(), &pr).unwrap();
    assert!(a == b, "map PDFs differ");
    let c = cutouts_pdf(&s, &MapOptions::default(), &pr).unwrap();
    let d = cutouts_pdf(&s, &MapOptions::default(), &pr).unwrap();
    assert!(c == d, "cut-out PDFs differ");
    // No clock in the file.
    for pdf in [&a, &c] {
        let text = String::from_utf8_lossy(pdf);
        assert!(!text.contains("/CreationDate") && !text.contains("/ModDate"));
        assert!(!text.contains("xmp:CreateDate") && !text.contains("xmp:ModifyDate"));
    }
    // Another seed is another document.
    let other = map_pdf(&scenario(8, 2), &MapOptions::default(), &pr).unwrap();
    assert!(other != a);
}

#[test]
fn bad_print_options_are_refused_with_a_message() {
    let s = scenario(7, 1);
    for (margin, overlap) in [(8.0, -3.0), (120.0, 10.0), (8.0, 200.0)] {
        let pr = PrintOptions {
            paper: Paper::Letter,
            margin_mm: margin,
            overlap_mm: overlap,
        };
        let e = map_pdf(&s, &MapOptions::default(), &pr).expect_err("refused");
        let msg = e.to_string();
        assert!(msg.starts_with("cannot make the PDF: "), "{msg}");
        assert!(msg.contains("mm"), "{msg}");
        assert!(cutouts_pdf(&s, &MapOptions::default(), &pr).is_err());
    }
}

#[test]
fn a_sixteen_set_dungeon_prints() {
    let ts = tilecrawl::tileset::parse(
        include_str!("../../benches/data/big-tileset.yaml"),
        "big-tileset.yaml",
    )
    .expect("the bench tile set");
    let p = GenerateParams {
        seed: 1,
        layout: LayoutParams {
            sets: 16,
            table: tilecrawl::build::layout::Table {
                width: 400,
                height: 400,
            },
            ..LayoutParams::default()
        },
        setup: SetupParams {
            sets: 16,
            ..SetupParams::default()
        },
        ..GenerateParams::default()
    };
    let s = generate(&ts, &p).expect("a 16-set dungeon");
    let pr = print(Paper::Letter);
    let t = map_tiling(&s, &MapOptions::default(), &pr).unwrap();
    let started = std::time::Instant::now();
    let pdf = map_pdf(&s, &MapOptions::default(), &pr).unwrap();
    let took = started.elapsed();
    let (pages, sizes) = pdfread::info(&pdf);
    assert_eq!(pages, 1 + t.printed().count());
    pdfread::assert_page_size(&sizes, 612.0, 792.0);
    eprintln!(
        "16 sets: {} × {} squares, {} × {} pages, {} printed + overview, {} bytes, {took:?}",
        s.size.width,
        s.size.height,
        t.columns,
        t.rows,
        t.printed().count(),
        pdf.len()
    );
}

/// A true-scale page whose window reaches below the map shows blank paper
/// there: `map.svg`'s legend lies below its map, and the pages left it
/// showing, cut off at the window's edge (the overview page has it).
#[test]
fn a_true_scale_page_shows_nothing_below_the_map() {
    let mut looked = 0;
    for (seed, sets) in [(1, 2), (7, 2), (3, 1)] {
        let s = scenario(seed, sets);
        let pr = print(Paper::A4);
        let t = map_tiling(&s, &MapOptions::default(), &pr).unwrap();
        let pdf = map_pdf(&s, &MapOptions::default(), &pr).unwrap();
        for (k, page) in t.printed().enumerate() {
            let (_, bottom) = t.map_to_page(page, 0.0, t.map.bottom());
            if bottom + 6.0 >= t.window.bottom() {
                continue;
            }
            // The overview is page 1.
            let img = rasterise(&pdf, k + 2);
            // Lines across the window every 2 mm below the map: a dashed
            // overlap guide may cross each once, nothing else may show.
            let mut y = bottom + 1.0;
            while y < t.window.bottom() - 1.0 {
                let lum = profile(&img, &t, false, y, t.window.x + 1.0, t.window.right() - 1.0);
                let dark = lum.iter().filter(|&&v| v < 200.0).count();
                assert!(
                    dark <= 20,
                    "seed {seed}, {}: {dark} dark samples below the map, {y:.1} mm down the page",
                    page.name
                );
                y += 2.0;
            }
            looked += 1;
        }
    }
    assert!(looked > 0, "no page reaches below the map");
}

/// A cut-out carries only its own tile: no neighbour's id or label in the
/// text a reader finds (audit B, finding 10: `C9` and `H7 front 180°` were
/// searchable on C4's page, clipped away but still written), and no
/// neighbour's Central Chamber outline along the shared edge (a red line on
/// C4's top edge from its neighbour C5).
#[test]
fn cutouts_carry_only_their_own_tiles_marks_and_text() {
    use tilecrawl::export::cutout_drawing;
    use tilecrawl::export::pdf::CutoutPage;
    let s = scenario(7, 2);
    let map = MapOptions::default();
    let pr = print(Paper::A4);
    let (_, _, pages) = cutout_layout(&s, &map, &pr).unwrap();
    let pdf = cutouts_pdf(&s, &map, &pr).unwrap();
    let text = pdfread::text(&pdf);
    assert_eq!(text.len(), pages.len());
    for (page, words) in pages.iter().zip(&text) {
        let own: Vec<usize> = match page {
            CutoutPage::Part { tile, .. } => vec![*tile],
            CutoutPage::Shared { tiles } => tiles.iter().map(|(i, _)| *i).collect(),
        };
        // The map's text is written a glyph to a run: the tile labels read
        // `C4` then `front 270°`, one glyph a line.
        let glyphs: String = words.lines().filter(|l| l.chars().count() == 1).collect();
        for (i, tile) in s.tiles.iter().enumerate() {
            let found = glyphs.contains(&format!("{}{}", tile.id, tile.face.name()));
            assert_eq!(
                found,
                own.contains(&i),
                "{}'s label on the page of tiles {own:?}:\n{words}",
                tile.id
            );
        }
    }
    // The Central Chamber's outline lies inside its own squares.
    let d = cutout_drawing(&s, &map);
    let cc = &s.tiles[s.central_chamber.tile];
    let half = map.style.central_chamber_mm / 2.0;
    let outlines = d.layers.iter().find(|l| l.id == "outlines").unwrap();
    let Some(tilecrawl::export::Shape::Polygon(p)) = outlines.shapes.first() else {
        panic!("the Central Chamber's outline comes first");
    };
    let (x0, y0) = square_mm(&d, cc.x, cc.y);
    let (x1, y1) = (
        x0 + f64::from(cc.width) * d.square_mm,
        y0 + f64::from(cc.height) * d.square_mm,
    );
    for pt in &p.points {
        assert!(
            pt.x - half >= x0 - 1e-9
                && pt.x + half <= x1 + 1e-9
                && pt.y - half >= y0 - 1e-9
                && pt.y + half <= y1 + 1e-9,
            "{pt:?} outside {cc:?}"
        );
    }
}

/// The true-scale map pages write no word of the legend (the overview
/// shows it): text the clip hides is left out of the page, so a reader's
/// search finds it only where it can be seen.
#[test]
fn map_pages_write_no_hidden_text() {
    let s = scenario(7, 2);
    let pdf = map_pdf(&s, &MapOptions::default(), &print(Paper::A4)).unwrap();
    let text = pdfread::text(&pdf);
    for (i, words) in text.iter().enumerate().skip(1) {
        // The map's text is written a glyph to a run.
        let glyphs: String = words.lines().filter(|l| l.chars().count() == 1).collect();
        assert!(
            !glyphs.contains("Legend") && !glyphs.contains("floor"),
            "map page {} writes the legend:\n{words}",
            i + 1
        );
    }
}

/// The overview shows the legend once (not also map.svg's own below the
/// map), at a size that reads: audit B, finding 7 (twice, at 1.6-2.9 pt).
#[test]
fn the_overview_shows_the_legend_once_at_a_readable_size() {
    for (seed, sets) in [(7, 2), (42, 3)] {
        let s = scenario(seed, sets);
        let pdf = map_pdf(&s, &MapOptions::default(), &print(Paper::A4)).unwrap();
        let text = pdfread::text(&pdf);
        let glyphs: String = text[0].lines().filter(|l| l.chars().count() == 1).collect();
        assert_eq!(glyphs.matches("Legend").count(), 1, "{glyphs}");
        assert_eq!(glyphs.matches("entrance arrow").count(), 1, "{glyphs}");
    }
}

/// The columns and rows of the grid that some of `r` (map millimetres)
/// lies over, in words as the figures say them (`columns 3–7, rows 0–4`):
/// every square whose own rectangle shares some area with `r`.
fn squares_words(d: &Drawing, r: &RectMm) -> String {
    let sq = d.square_mm;
    let over = |count: u32, origin: f64, near: f64, far: f64| -> Vec<u32> {
        (0..count)
            .filter(|&i| {
                let a = origin + f64::from(i) * sq;
                a + sq > near + 1e-6 && a < far - 1e-6
            })
            .collect()
    };
    let words = |name: &str, v: Vec<u32>| match (v.first(), v.last()) {
        (Some(a), Some(b)) if a == b => format!("{name} {a}"),
        (Some(a), Some(b)) => format!("{name}s {a}–{b}"),
        _ => panic!("no {name} under {r:?}"),
    };
    format!(
        "{}, {} of the map",
        words("column", over(d.columns, d.origin.x, r.x, r.right())),
        words("row", over(d.rows, d.origin.y, r.y, r.bottom()))
    )
}

/// The area two rectangles share (they must share some).
fn common(a: &RectMm, b: &RectMm) -> RectMm {
    let (x, y) = (a.x.max(b.x), a.y.max(b.y));
    RectMm {
        x,
        y,
        width: a.right().min(b.right()) - x,
        height: a.bottom().min(b.bottom()) - y,
    }
}

/// Every page's number (`page 3 of 9`) is drawn, and drawn as page
/// furniture: in an artifact, tied to no element of the structure tree
/// (while some text of the document is in the tree).
fn assert_page_numbers_are_furniture(pdf: &[u8]) {
    let pages = pdfread::marked_text(pdf);
    let total = pages.len();
    for (i, runs) in pages.iter().enumerate() {
        let number = format!("page {} of {total}", i + 1);
        let numbered: Vec<&pdfread::MarkedRun> =
            runs.iter().filter(|r| r.text.contains(&number)).collect();
        assert!(
            !numbered.is_empty(),
            "page {} prints no \"{number}\"",
            i + 1
        );
        for r in numbered {
            assert!(
                r.mcid.is_none() && r.tags.iter().any(|t| t == "Artifact"),
                "page {}: {r:?} is in the structure",
                i + 1
            );
        }
    }
    assert!(
        pages.iter().flatten().any(|r| r.mcid.is_some()),
        "no text is in the structure"
    );
}

/// The figures of a tagged PDF's structure, each with its words, in order.
fn figures(pdf: &[u8], what: &str) -> Vec<String> {
    let (lang, root) = pdfread::structure(pdf).unwrap_or_else(|| panic!("{what} is not tagged"));
    assert_eq!(lang.as_deref(), Some("en"), "{what}");
    assert_eq!(root.kinds(), ["Document"], "{what}");
    root.children[0]
        .all()
        .iter()
        .filter(|e| e.kind == "Figure")
        .map(|e| {
            let alt = e.alt.clone().unwrap_or_default();
            assert!(!alt.is_empty() && e.content > 0, "{what}: {e:?}");
            alt
        })
        .collect()
}

/// The map and cut-out PDFs are tagged: the overview's title is the first
/// heading, each page's map (and each cut-out) a figure whose words name
/// the page, the columns and rows of the map it shows, and the scale; the
/// page numbers are furniture outside the structure.
#[test]
fn map_and_cutout_pdfs_are_tagged_with_figures_that_name_their_part_of_the_map() {
    let s = scenario(7, 2);
    let map = MapOptions::default();
    let d = drawing(&s, &map);
    let pr = print(Paper::Letter);

    let pdf = map_pdf(&s, &map, &pr).unwrap();
    let (_, root) = pdfread::structure(&pdf).expect("map.pdf has a structure tree");
    assert_eq!(root.children[0].children[0].kind, "H1");
    let alts = figures(&pdf, "map.pdf");
    let t = map_tiling(&s, &map, &pr).unwrap();
    let printed: Vec<&SheetPage> = t.printed().collect();
    let total = printed.len() + 1;
    assert!(total > 2, "a map of several pages");
    assert_eq!(alts.len(), total, "{alts:#?}");
    assert!(
        alts[0].starts_with("the whole map of seed 7 at "),
        "{}",
        alts[0]
    );
    for (i, (page, alt)) in printed.iter().zip(&alts[1..]).enumerate() {
        let head = format!(
            "map of seed 7, page {} of {total} ({} of the page grid): ",
            i + 2,
            page.name
        );
        let part = squares_words(&d, &common(&t.map, &page.window));
        assert!(alt.starts_with(&head), "{alt}\nexpected {head}");
        assert!(alt.contains(&part), "{alt}\nexpected {part}");
        assert!(
            alt.contains("at 100 % (1 square = 25.4 mm), north up"),
            "{alt}"
        );
    }
    assert_page_numbers_are_furniture(&pdf);

    // Cut-outs: hallways sharing pages at 1-inch squares, a chamber cut
    // in parts at 60 mm.
    let big = MapOptions {
        square_mm: Some(60.0),
        ..MapOptions::default()
    };
    let mut shared = false;
    let mut parts = false;
    for map in [map, big] {
        let d = drawing(&s, &map);
        let pdf = cutouts_pdf(&s, &map, &pr).unwrap();
        let alts = figures(&pdf, "cutouts.pdf");
        let (tilings, _, pages) = cutout_layout(&s, &map, &pr).unwrap();
        // The figures each page should have: its tiles, with the window
        // each is seen through and its part.
        let mut want = Vec::new();
        for page in &pages {
            match page {
                CutoutPage::Part { tile, page } => {
                    let t = &tilings[*tile];
                    let n = t.printed().count();
                    let part = (n > 1).then(|| {
                        let k = t.printed().position(|p| p == &t.pages[*page]).unwrap() + 1;
                        format!(", part {k} of {n}")
                    });
                    parts |= part.is_some();
                    want.push((*tile, t.pages[*page].window, part.unwrap_or_default()));
                }
                CutoutPage::Shared { tiles } => {
                    shared = true;
                    for (tile, _) in tiles {
                        want.push((*tile, tilings[*tile].map, String::new()));
                    }
                }
            }
        }
        assert_eq!(alts.len(), want.len(), "{alts:#?}");
        for (alt, (i, window, part)) in alts.iter().zip(&want) {
            let tile = &s.tiles[*i];
            let sq = d.square_mm;
            let squares = RectMm {
                x: d.origin.x + f64::from(tile.x) * sq,
                y: d.origin.y + f64::from(tile.y) * sq,
                width: f64::from(tile.width) * sq,
                height: f64::from(tile.height) * sq,
            };
            let head = format!(
                "cut-out of tile {} ({} face, rotated {}°){part}: its squares in {}",
                tile.id,
                tile.face.name(),
                tile.rotation,
                squares_words(&d, &common(&squares, window))
            );
            assert!(alt.starts_with(&head), "{alt}\nexpected {head}");
        }
        assert_page_numbers_are_furniture(&pdf);
    }
    assert!(shared && parts, "both kinds of cut-out page were checked");
}
