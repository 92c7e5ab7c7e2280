//! Tests of the setup sheet.

use super::content::log_note;
use super::markdown::*;
use super::pdf::*;
use crate::build::layout::LayoutParams;
use crate::export::error::ExportError;
use crate::export::paper::Paper;
use crate::export::paper::{MIN_MARGIN_MM, MM_PER_PT, PrintOptions};
use crate::export::style::Style;
use crate::mkd::generate::{GenerateParams, generate};
use crate::mkd::scenario::Scenario;
use crate::mkd::setup::SetupParams;
use crate::mkd::sheet::*;
use crate::scenario::Point;
use crate::tileset::Side;
use crate::tileset::default_tileset;

fn scenario(seed: u64, sets: u32) -> Scenario {
    let p = GenerateParams {
        seed,
        layout: LayoutParams {
            sets,
            ..LayoutParams::default()
        },
        setup: SetupParams {
            sets,
            dressing: true,
            ..SetupParams::default()
        },
        markers: true,
        ..GenerateParams::default()
    };
    generate(&default_tileset(), &p).expect("generates")
}

#[test]
fn markdown_escapes_markup_pipes_and_html() {
    assert_eq!(md("a|b"), "a\\|b");
    assert_eq!(md("*x* _y_ `z`"), "\\*x\\* \\_y\\_ \\`z\\`");
    assert_eq!(md("<b>&amp;"), "&lt;b&gt;&amp;amp;");
    assert_eq!(md("[l](u) ~s~ \\ #"), "\\[l\\](u) \\~s\\~ \\\\ \\#");
    assert_eq!(md("two\nlines"), "two lines");
    assert_eq!(md("C4 (step 1), 10,5"), "C4 (step 1), 10,5");
}

#[test]
fn quest_has_no_turn_limit() {
    let s = scenario(7, 2);
    let sheet = setup_sheet(&s);
    assert_eq!(sheet.turn_limit, None);
    assert!(sheet.mission_lines.is_empty());
    assert!(setup_markdown(&s).contains("no turn limit"));
}

#[test]
fn a_timed_rescue_sheet_shows_the_timer_the_prisoner_and_the_set_aside_guardian() {
    let p = GenerateParams {
        seed: 7,
        mission: crate::mkd::mission::Mission::parse("rescue+timed").unwrap(),
        ..GenerateParams::default()
    };
    let s = generate(&default_tileset(), &p).expect("generates");
    let limit = s.game.turn_limit.expect("timed");
    let md = setup_markdown(&s);
    assert!(md.contains(&format!("{limit} turns")), "{md}");
    let p = s.game.prisoner.expect("rescue has a prisoner");
    assert!(md.contains(&format!("square {},{}", p.x, p.y)), "{md}");
    let g = s.game.pools.guardian.expect("set aside");
    assert!(md.contains(&format!(
        "{} {}: keep it off the map",
        g.color.name(),
        g.number
    )));
    assert!(md.contains("Campaign bonus"));
}

#[test]
fn tiles_are_laid_against_earlier_tiles_on_the_right_side() {
    let s = scenario(7, 2);
    let sheet = setup_sheet(&s);
    assert!(sheet.tiles[0].against.is_empty());
    for t in &sheet.tiles[1..] {
        assert!(!t.against.is_empty(), "step {}", t.step);
        for a in &t.against {
            assert!(a.tile.step < t.step);
            let side = a.side.expect("connected tiles share an edge");
            let (me, other) = (&s.tiles[t.step - 1], &s.tiles[a.tile.step - 1]);
            // The other tile's rectangle lies beyond that side of this one.
            match side {
                Side::N => assert_eq!(other.y + other.height as i32, me.y),
                Side::S => assert_eq!(me.y + me.height as i32, other.y),
                Side::W => assert_eq!(other.x + other.width as i32, me.x),
                Side::E => assert_eq!(me.x + me.width as i32, other.x),
            }
        }
    }
}

#[test]
fn diagram_blanks_squares_that_are_not_the_tile() {
    let mut s = scenario(7, 1);
    // Make the first tile L-shaped: its north-east square is no longer part of it.
    let t = s.tiles[0].clone();
    let corner = Point {
        x: t.x + t.width as i32 - 1,
        y: t.y,
    };
    s.tiles[0].void.push(corner);
    let d = setup_sheet(&s).tiles[0].diagram.clone();
    assert_eq!(d.len(), t.height as usize);
    assert!(d[0].ends_with('_'), "{d:?}");
    assert_eq!(
        d[1],
        s.grid[t.y as usize + 1][t.x as usize..(t.x + t.width as i32) as usize]
    );
}

#[test]
fn wrap_fits_the_width_and_breaks_long_words() {
    let m = Metrics::new().unwrap();
    let text = "the quick brown fox jumps over the lazy dog ".repeat(6) + &"W".repeat(60);
    for max in [40.0, 90.0, 200.0] {
        let lines = m.wrap(&text, 8.0, false, max);
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(
                m.width(l, 8.0, false) <= max + 0.01,
                "{l:?} wider than {max}"
            );
        }
        let joined: String = lines.concat().chars().filter(|c| *c != ' ').collect();
        let want: String = text.chars().filter(|c| *c != ' ').collect();
        assert_eq!(joined, want, "no character is lost");
    }
    assert_eq!(m.wrap("", 8.0, false, 50.0), vec![String::new()]);
    // Bold is wider than regular.
    assert!(m.width("Guardian", 8.0, true) > m.width("Guardian", 8.0, false));
}

/// Every op of every page stays inside the margins, and every page has
/// its number and the seed.
#[test]
fn layout_stays_inside_the_margins_and_numbers_pages() {
    let m = Metrics::new().unwrap();
    let mut s = scenario(12, 4);
    // A long name and a long purpose must wrap, not overflow.
    std::sync::Arc::make_mut(&mut s.game.pools.monsters)[0].name =
        "Extraordinarily-Long-Monster-Name-Without-Spaces".repeat(3);
    s.log[0].purpose = "a long purpose ".repeat(40);
    for paper in [Paper::Letter, Paper::A4] {
        for margin_mm in [0.0, 6.0, 8.0, 20.0] {
            let print = PrintOptions {
                paper,
                margin_mm,
                ..PrintOptions::default()
            };
            let g = Geometry::new(&print).unwrap();
            assert!(g.margin as f64 * MM_PER_PT >= MIN_MARGIN_MM - 1e-4);
            let pages = layout(&setup_sheet(&s), &m, g, Palette::of(&Style::default()));
            assert!(pages.len() >= 2, "a 4-set sheet runs over pages");
            let (lo_x, hi_x) = (g.margin - 0.01, g.width - g.margin + 0.01);
            let (lo_y, hi_y) = (g.margin - 0.01, g.height - g.margin + 0.01);
            for (i, ops) in pages.iter().enumerate() {
                let number = format!("page {} of {}", i + 1, pages.len());
                let texts: Vec<&str> = ops
                    .iter()
                    .filter_map(|o| match o {
                        Op::Text { text, .. } => Some(text.as_str()),
                        _ => None,
                    })
                    .collect();
                assert!(texts.contains(&number.as_str()), "{number}");
                assert!(texts.iter().any(|t| t.contains("seed 12")));
                for op in ops {
                    let (x0, y0, x1, y1) = match op {
                        Op::Text {
                            x, y, size, width, ..
                        } => (*x, y - size * 0.95, x + width, y + size * 0.25),
                        Op::Rect { x, y, w, h, .. } => (*x, *y, x + w, y + h),
                        Op::Line { points, .. } => points.iter().fold(
                            (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
                            |(a, b, c, d), &(x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
                        ),
                        Op::Open(_) | Op::Close => continue,
                    };
                    assert!(
                        x0 >= lo_x && x1 <= hi_x && y0 >= lo_y && y1 <= hi_y,
                        "{paper:?} {margin_mm} mm, page {}: {op:?} leaves the printable area",
                        i + 1
                    );
                }
            }
        }
    }
}

#[test]
fn absurd_margins_are_an_error() {
    let print = PrintOptions {
        margin_mm: 80.0,
        ..PrintOptions::default()
    };
    let err = setup_pdf(&scenario(7, 1), &print).unwrap_err();
    assert!(matches!(err, ExportError::Pdf(_)), "{err}");
    assert!(err.to_string().contains("margin"), "{err}");
}

/// The widest margin a paper takes (what `--margin` promises) makes a
/// sheet; a millimetre more is refused, and the error names that widest.
#[test]
fn the_widest_margin_of_each_paper_prints_and_one_more_is_refused() {
    for paper in [Paper::A4, Paper::Letter] {
        let widest = paper.max_margin_mm();
        let at = |margin_mm: f64| PrintOptions {
            paper,
            margin_mm,
            ..PrintOptions::default()
        };
        assert!(Geometry::new(&at(widest)).is_ok(), "{paper:?} {widest}");
        let err = Geometry::new(&at(widest + 1.0)).unwrap_err().to_string();
        assert!(err.contains(&format!("at most {widest} mm")), "{err}");
    }
}

#[test]
fn pdf_is_deterministic_and_undated() {
    let s = scenario(7, 1);
    let a = setup_pdf(&s, &PrintOptions::default()).unwrap();
    let b = setup_pdf(&s.clone(), &PrintOptions::default()).unwrap();
    assert!(a.starts_with(b"%PDF-"));
    assert_eq!(a, b);
    let has = |needle: &[u8]| a.windows(needle.len()).any(|w| w == needle);
    assert!(!has(b"CreationDate") && !has(b"CreateDate") && !has(b"ModDate"));
}

#[test]
fn the_ink_style_gives_the_sheet_grey_diagrams() {
    let ink = crate::export::style::builtin("ink").unwrap();
    let pal = Palette::of(&ink);
    for (r, g, b) in pal.cells.iter().chain(pal.marks.iter()).chain([&pal.grid]) {
        assert!(r == g && g == b, "{r},{g},{b} is a colour");
    }
    let colour = Palette::of(&Style::default());
    assert_ne!(pal, colour);
    // And the PDF follows it.
    let sheet = setup_sheet(&scenario(7, 1));
    let print = PrintOptions::default();
    assert_ne!(
        sheet_pdf(&sheet, &print, &ink).unwrap(),
        sheet_pdf(&sheet, &print, &Style::default()).unwrap()
    );
}

#[test]
fn old_log_notes_quote_names_without_backticks() {
    assert_eq!(
        log_note("Monster Pool: 41 figures of 17 kinds from `Default dungeon denizens`"),
        "Monster Pool: 41 figures of 17 kinds from \"Default dungeon denizens\""
    );
    assert_eq!(
        log_note(
            "floor 2: 6 sets rolled, but tile set `my `odd` set` and the table hold at most 3: 3 sets"
        ),
        "floor 2: 6 sets rolled, but tile set \"my `odd` set\" and the table hold at most 3: 3 sets"
    );
    // A name's own backticks and other notes are kept as written.
    for kept in [
        "Monster Pool: 41 figures of 17 kinds from \"a`b\"",
        "tile C`1 placed",
        "floor 1: `x`",
        "Monster Pool: 3 figures of 1 kinds from `",
    ] {
        assert_eq!(log_note(kept), kept);
    }
}
