//! Tests of `pdf`.

use super::*;

/// A map area of `columns × rows` squares of `sq` mm with a `margin` around them,
/// holding the squares marked `#` in `grid` (row strings).
fn area(sq: f64, margin: f64, grid: &[&str]) -> MapArea {
    let rows = grid.len();
    let columns = grid.first().map_or(0, |r| r.len());
    let mut squares = Vec::new();
    for (y, row) in grid.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == '#' {
                squares.push(RectMm {
                    x: margin + x as f64 * sq,
                    y: margin + y as f64 * sq,
                    width: sq,
                    height: sq,
                });
            }
        }
    }
    MapArea {
        bounds: RectMm {
            x: 0.0,
            y: 0.0,
            width: columns as f64 * sq + 2.0 * margin,
            height: rows as f64 * sq + 2.0 * margin,
        },
        square_mm: sq,
        squares,
    }
}

fn full(columns: usize, rows: usize) -> Vec<String> {
    vec!["#".repeat(columns); rows]
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn calibration_follows_the_unit_of_the_square() {
    for (sq, len) in [
        (25.4, 25.4),
        (38.1, 25.4),
        (19.05, 25.4),
        (50.8, 25.4),
        (25.0, 25.0),
        (30.0, 25.0),
        (22.5, 25.0),
    ] {
        assert_eq!(calibration(sq).length_mm, len, "square {sq} mm");
    }
}

#[test]
fn one_small_map_is_one_page() {
    let a = area(25.4, 25.4, &refs(&full(4, 4)));
    let t = tiling(&a, &PrintOptions::default()).unwrap();
    assert_eq!((t.columns, t.rows, t.pages.len()), (1, 1, 1));
    assert!(!t.landscape);
    let p = &t.pages[0];
    assert_eq!(p.label, "row 1, column 1");
    // Centred on the map.
    let (cx, cy) = (
        p.window.x + p.window.width / 2.0,
        p.window.y + p.window.height / 2.0,
    );
    assert!((cx - a.bounds.width / 2.0).abs() < 1e-9 && (cy - a.bounds.height / 2.0).abs() < 1e-9);
}

#[test]
fn windows_overlap_by_exactly_the_overlap() {
    for paper in [Paper::Letter, Paper::A4] {
        for overlap in [0.0, 5.0, 10.0, 17.5] {
            let print = PrintOptions {
                paper,
                margin_mm: 8.0,
                overlap_mm: overlap,
            };
            let a = area(25.4, 25.4, &refs(&full(26, 25)));
            let t = tiling(&a, &print).unwrap();
            assert!(t.columns > 1 && t.rows > 1);
            for r in 1..=t.rows {
                for c in 1..=t.columns {
                    let p = t.at(r, c).unwrap();
                    assert_eq!((p.row, p.column), (r, c));
                    if let Some(q) = t.at(r, c + 1) {
                        let shared = p.window.right() - q.window.x;
                        assert!((shared - overlap).abs() < 1e-9, "{shared} vs {overlap}");
                        assert_eq!(p.window.y, q.window.y);
                    }
                    if let Some(q) = t.at(r + 1, c) {
                        let shared = p.window.bottom() - q.window.y;
                        assert!((shared - overlap).abs() < 1e-9, "{shared} vs {overlap}");
                        assert_eq!(p.window.x, q.window.x);
                    }
                }
            }
            // The windows cover the whole area, with the excess shared on both sides.
            let first = &t.pages[0].window;
            let last = &t.pages.last().unwrap().window;
            assert!(first.x <= a.bounds.x && first.y <= a.bounds.y);
            assert!(last.right() >= a.bounds.right() && last.bottom() >= a.bounds.bottom());
            assert!(((a.bounds.x - first.x) - (last.right() - a.bounds.right())).abs() < 1e-9);
            // And one page fewer either way would not.
            let step_w = t.window.width - overlap;
            assert!(f64::from(t.columns - 1) * step_w + overlap < a.bounds.width);
        }
    }
}

#[test]
fn page_count_and_skipped_pages() {
    // An L of squares: the north-east part of the map holds nothing.
    let mut grid = vec!["#".repeat(2) + &"_".repeat(22); 20];
    grid.extend(vec!["#".repeat(24); 2]);
    let a = area(25.4, 25.4, &refs(&grid));
    let t = tiling(&a, &PrintOptions::default()).unwrap();
    let skipped: Vec<&str> = t
        .pages
        .iter()
        .filter(|p| p.skipped)
        .map(|p| p.name.as_str())
        .collect();
    assert!(!skipped.is_empty(), "{t:#?}");
    for p in &t.pages {
        let holds = a.squares.iter().any(|s| s.overlaps(&p.window));
        // A page meeting no square is skipped; one whose own part meets a square is printed.
        if !holds {
            assert!(p.skipped, "{}", p.label);
        }
        let own = skip::own_part(p, t.columns, t.rows, t.overlap_mm);
        if a.squares.iter().any(|s| s.overlaps(&own)) {
            assert!(!p.skipped, "{}", p.label);
        }
    }
    assert_eq!(t.printed().count() + skipped.len(), t.pages.len());
    every_square_printed(&a, &t);
}

/// A square whose sliver lies in the overlap of a page and wholly on the
/// next page does not keep the first page (audit B, finding 9: a page of
/// rock with an 8 mm sliver of a tile the next page printed in full).
#[test]
fn a_sliver_in_the_overlap_keeps_no_page() {
    let print = PrintOptions::default();
    // Find where the second column of pages begins, then put one square
    // there, starting 2 mm into the overlap, so 8 mm of it are on column 1.
    let probe = area(25.4, 0.0, &refs(&full(30, 2)));
    let t = tiling_in(&probe, &print, false).unwrap();
    let (first, second) = (&t.pages[0].window, &t.pages[1].window);
    assert!(second.x < first.right());
    let x = second.x + 2.0;
    let mut a = probe.clone();
    a.squares = vec![RectMm {
        x,
        y: first.y + 30.0,
        width: 25.4,
        height: 25.4,
    }];
    let t = tiling_in(&a, &print, false).unwrap();
    assert!(
        a.squares[0].overlaps(&t.pages[0].window),
        "the sliver is on page 1"
    );
    assert!(t.pages[0].skipped, "page 1 adds nothing");
    assert!(!t.pages[1].skipped);
    assert_eq!(t.printed().count(), 1);
    every_square_printed(&a, &t);
}

/// Each square wholly inside some page's window is wholly inside a printed
/// page's window, and every point of every square is printed, whatever the
/// overlap, over many shapes of dungeon.
#[test]
fn skipping_never_cuts_a_square_that_a_page_printed_whole() {
    let grids: Vec<Vec<String>> = vec![
        full(26, 25),
        vec![
            "#_________#".into(),
            "___________".into(),
            "#_________#".into(),
        ],
        {
            let mut g = vec!["_".repeat(30); 18];
            g[9] = "#".repeat(30);
            g
        },
        (0..20)
            .map(|y| {
                (0..24)
                    .map(|x| if (x * 7 + y * 3) % 5 == 0 { '#' } else { '_' })
                    .collect()
            })
            .collect(),
    ];
    for grid in &grids {
        for sq in [25.4, 15.0, 10.0] {
            for overlap in [0.0, 5.0, 10.0, 17.5, 30.0] {
                for paper in [Paper::Letter, Paper::A4] {
                    let a = area(sq, sq.max(15.0), &refs(grid));
                    let print = PrintOptions {
                        paper,
                        margin_mm: 8.0,
                        overlap_mm: overlap,
                    };
                    let t = tiling(&a, &print).unwrap();
                    every_square_printed(&a, &t);
                    let e = 1e-6;
                    let whole = |w: &RectMm, s: &RectMm| {
                        w.x - e <= s.x
                            && s.right() <= w.right() + e
                            && w.y - e <= s.y
                            && s.bottom() <= w.bottom() + e
                    };
                    for s in &a.squares {
                        if t.pages.iter().any(|p| whole(&p.window, s)) {
                            assert!(
                                t.printed().any(|p| whole(&p.window, s)),
                                "square at {:?} ({sq} mm, overlap {overlap}) is printed whole on no page",
                                (s.x, s.y)
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Every point of every tile square lies in a printed page's window.
fn every_square_printed(a: &MapArea, t: &Tiling) {
    for s in &a.squares {
        for i in 0..=4 {
            for j in 0..=4 {
                let (x, y) = (
                    s.x + s.width * f64::from(i) / 4.0,
                    s.y + s.height * f64::from(j) / 4.0,
                );
                let on = |w: &RectMm| {
                    // To rounding: a square's edge may be a window's edge.
                    let e = 1e-9;
                    w.x - e <= x && x <= w.right() + e && w.y - e <= y && y <= w.bottom() + e
                };
                assert!(
                    t.printed().any(|p| on(&p.window)),
                    "square at {:?} point ({x}, {y}) is on no page",
                    (s.x, s.y)
                );
            }
        }
    }
}

#[test]
fn every_tile_square_is_on_a_page() {
    let grids: Vec<Vec<String>> = vec![
        full(26, 25),
        full(1, 1),
        full(40, 3),
        vec![
            "#_________#".into(),
            "___________".into(),
            "#_________#".into(),
        ],
        {
            let mut g = vec!["_".repeat(30); 18];
            g[9] = "#".repeat(30);
            g
        },
    ];
    for grid in &grids {
        for sq in [25.4, 25.0, 10.0, 38.1] {
            for paper in [Paper::Letter, Paper::A4] {
                let a = area(sq, sq.max(15.0), &refs(grid));
                let print = PrintOptions {
                    paper,
                    ..PrintOptions::default()
                };
                let t = tiling(&a, &print).unwrap();
                every_square_printed(&a, &t);
            }
        }
    }
}

#[test]
fn margins_below_the_minimum_are_raised() {
    let a = area(25.4, 25.4, &refs(&full(10, 10)));
    for asked in [0.0, 3.0, -5.0, f64::NAN, 5.99] {
        let print = PrintOptions {
            margin_mm: asked,
            ..PrintOptions::default()
        };
        let t = tiling(&a, &print).unwrap();
        assert_eq!(t.margin_mm, MIN_MARGIN_MM, "asked {asked}");
        assert!(t.window.x >= MIN_MARGIN_MM && t.band.x >= MIN_MARGIN_MM);
        assert!(t.band.bottom() <= t.page_height_mm - MIN_MARGIN_MM + 1e-9);
        assert!(t.window.right() <= t.page_width_mm - MIN_MARGIN_MM);
    }
    let t = tiling(
        &a,
        &PrintOptions {
            margin_mm: 12.0,
            ..PrintOptions::default()
        },
    )
    .unwrap();
    assert_eq!(t.margin_mm, 12.0);
    assert_eq!(t.window.x, 12.0 + GUTTER_MM);
}

#[test]
fn impossible_options_are_refused() {
    let a = area(25.4, 25.4, &refs(&full(10, 10)));
    for (margin, overlap) in [
        (8.0, -1.0),
        (8.0, f64::NAN),
        (8.0, 150.0),
        (90.0, 10.0),
        (f64::INFINITY, 10.0),
    ] {
        let print = PrintOptions {
            margin_mm: margin,
            overlap_mm: overlap,
            ..PrintOptions::default()
        };
        let e = tiling(&a, &print).expect_err("refused");
        assert!(matches!(e, ExportError::Pdf(_)), "{e}");
    }
}

#[test]
fn absurd_page_counts_are_refused() {
    // 200 mm squares over 100 × 100 squares: 20 m a side.
    let a = area(200.0, 200.0, &refs(&full(100, 100)));
    let e = tiling(&a, &PrintOptions::default()).expect_err("refused");
    let msg = e.to_string();
    assert!(msg.contains("pages of letter at 200 mm squares"), "{msg}");
    // A big but sane dungeon still tiles.
    let a = area(25.4, 25.4, &refs(&full(120, 120)));
    let t = tiling(&a, &PrintOptions::default()).unwrap();
    assert!(t.printed().count() > 100 && t.printed().count() <= MAX_PAGES);
}

#[test]
fn landscape_only_when_it_prints_fewer_pages() {
    // Wide and short: 300 mm × 150 mm of squares fits one landscape page, two portrait.
    let a = area(25.0, 1.0, &refs(&full(10, 6)));
    let print = PrintOptions {
        margin_mm: 6.0,
        ..PrintOptions::default()
    };
    let t = tiling(&a, &print).unwrap();
    let portrait = tiling_in(&a, &print, false).unwrap();
    let landscape = tiling_in(&a, &print, true).unwrap();
    assert!(landscape.printed().count() < portrait.printed().count());
    assert!(t.landscape);
    assert_eq!((t.page_width_mm, t.page_height_mm), (279.4, 215.9));
    // On the sheet the page as read is turned: its top-left corner is the sheet's top-right.
    assert_eq!(t.to_sheet(0.0, 0.0), (215.9, 0.0));
    assert_eq!(t.to_sheet(279.4, 215.9), (0.0, 279.4));
    // Tall and narrow stays portrait.
    let a = area(25.0, 1.0, &refs(&full(6, 9)));
    assert!(!tiling(&a, &print).unwrap().landscape);
}

#[test]
fn the_bar_and_labels_sit_inside_the_printable_area() {
    for paper in [Paper::Letter, Paper::A4] {
        for sq in [25.4, 25.0] {
            let a = area(sq, 25.4, &refs(&full(20, 20)));
            let print = PrintOptions {
                paper,
                margin_mm: 6.0,
                ..PrintOptions::default()
            };
            let t = tiling(&a, &print).unwrap();
            assert_eq!(t.bar.width, calibration(sq).length_mm);
            assert!(t.bar.x > t.band.x && t.bar.right() <= t.band.right());
            assert!(t.bar.y > t.band.y && t.bar.bottom() < t.band.bottom());
            assert!(t.window.bottom() + GUTTER_MM <= t.band.y + 1e-9);
        }
    }
}

#[test]
fn text_is_measured() {
    let w = text_width_mm("row 2, column 2", 4.0, true);
    assert!(w > 30.0 && w < 60.0, "{w}");
    assert!(text_width_mm("iii", 4.0, false) < text_width_mm("WWW", 4.0, false));
}

/// The overview's legend fits the page's width and its words print at
/// 6 pt or more, however wide the map.
#[test]
fn the_overview_legend_fits_the_page_and_reads() {
    use crate::export::drawing::{Anchor, Shape};
    let p = crate::mkd::generate::GenerateParams {
        seed: 7,
        ..Default::default()
    };
    let s = crate::mkd::generate::generate(&crate::tileset::default_tileset(), &p).unwrap();
    let d = drawing(&s, &MapOptions::default());
    let room = 180.0;
    let l = legend::relaid(&d, room).unwrap();
    for shape in l.layers.iter().flat_map(|l| &l.shapes) {
        let e = cull::extent_at(shape, 0.6);
        assert!(e.right() * legend::SCALE <= room + 1.0, "{shape:?}");
        // Its words (not a swatch's mark, such as a chest's level).
        if let Shape::Text(t) = shape
            && t.anchor == Anchor::Start
        {
            assert!(t.size * legend::SCALE / MM_PER_PT >= 6.0, "{t:?}");
        }
    }
}
