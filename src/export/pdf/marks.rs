//! What a true-scale page prints besides the map: the crop marks at its
//! window's corners, the overlap guides (a dashed line and a ⊕ target on
//! each side with a printed neighbour), and the coordinates of the squares
//! it shows.
//!
//! The crop marks continue the window's edges into the gutter: trimmed at
//! them, a page keeps exactly its window. So the coordinates are printed
//! just inside the window, each on a white ground, where trimming leaves
//! them (a user's audit found them in the gutter, cut off with it).

use super::{
    Fonts, GUTTER_MM, PathBuilder, RectMm, SheetPage, StrokeDash, Surface, Tiling, Type, draw_line,
    fill, fill_rect, pt, stroke, text,
};
use crate::export::drawing::{Anchor, Drawing, ruler_need_mm, ruler_reach_mm, ruler_step};

/// The lines of the crop marks, on the page as read (mm): at each corner of
/// the window, one along its top or bottom edge and one along its side,
/// out into the gutter from a millimetre beyond the corner.
pub fn crop_mark_lines(t: &Tiling) -> Vec<[(f64, f64); 2]> {
    let w = &t.window;
    let (gap, len) = (1.0, GUTTER_MM - 1.5);
    let mut lines = Vec::with_capacity(8);
    for (cx, dx) in [(w.x, -1.0), (w.right(), 1.0)] {
        for (cy, dy) in [(w.y, -1.0), (w.bottom(), 1.0)] {
            lines.push([(cx + dx * gap, cy), (cx + dx * (gap + len), cy)]);
            lines.push([(cx, cy + dy * gap), (cx, cy + dy * (gap + len))]);
        }
    }
    lines
}

/// Crop marks at the window's corners, in the gutter, along its edges.
pub(super) fn crop_marks(surface: &mut Surface, t: &Tiling) {
    let s = stroke(0, 0, 0, 0.25);
    for l in crop_mark_lines(t) {
        draw_line(surface, &l, s.clone());
    }
}

/// A registration target (circle and cross), white-backed so it reads on any terrain.
fn target(surface: &mut Surface, (x, y): (f64, f64), radius: f64) {
    let circle = |r: f64| {
        let mut pb = PathBuilder::new();
        // Four cubic quarter-circles.
        let k = 0.552_284_75 * r;
        pb.move_to(pt(x + r), pt(y));
        pb.cubic_to(pt(x + r), pt(y + k), pt(x + k), pt(y + r), pt(x), pt(y + r));
        pb.cubic_to(pt(x - k), pt(y + r), pt(x - r), pt(y + k), pt(x - r), pt(y));
        pb.cubic_to(pt(x - r), pt(y - k), pt(x - k), pt(y - r), pt(x), pt(y - r));
        pb.cubic_to(pt(x + k), pt(y - r), pt(x + r), pt(y - k), pt(x + r), pt(y));
        pb.close();
        pb.finish()
    };
    let arm = radius * TARGET_ARM;
    for (s, w) in [((255, 255, 255), TARGET_WHITE_MM), ((0, 0, 0), 0.2)] {
        let st = stroke(s.0, s.1, s.2, w);
        if let Some(c) = circle(radius) {
            surface.set_fill(None);
            surface.set_stroke(Some(st.clone()));
            surface.draw_path(&c);
        }
        draw_line(surface, &[(x - arm, y), (x + arm, y)], st.clone());
        draw_line(surface, &[(x, y - arm), (x, y + arm)], st);
    }
}

/// A target's cross reaches this many radii from its centre.
const TARGET_ARM: f64 = 1.6;
/// Width of the white line under a target's black one, in mm.
const TARGET_WHITE_MM: f64 = 0.7;

/// One side's overlap guide: the dashed line where the neighbour's window
/// begins, and the target in the middle of the shared strip (its centre
/// and radius; none when the strip is too narrow for one).
struct Guide {
    line: [(f64, f64); 2],
    target: Option<((f64, f64), f64)>,
}

impl Guide {
    /// The box the target inks (its cross and white backing), if it has one.
    fn target_box(&self) -> Option<RectMm> {
        self.target.map(|((x, y), r)| {
            let reach = r * TARGET_ARM + TARGET_WHITE_MM / 2.0;
            RectMm {
                x: x - reach,
                y: y - reach,
                width: 2.0 * reach,
                height: 2.0 * reach,
            }
        })
    }
}

/// The overlap guides of `page`, on the sides that have a printed
/// neighbour, at the same map point on both pages.
fn guides(t: &Tiling, page: &SheetPage) -> Vec<Guide> {
    let o = t.overlap_mm;
    if o <= 0.0 {
        return Vec::new();
    }
    let w = &t.window;
    let printed = |dr: i64, dc: i64| {
        let (r, c) = (i64::from(page.row) + dr, i64::from(page.column) + dc);
        u32::try_from(r)
            .ok()
            .zip(u32::try_from(c).ok())
            .and_then(|(r, c)| t.at(r, c))
            .is_some_and(|p| !p.skipped)
    };
    let radius = (o / 2.0 - 0.6).min(2.0);
    let (mx, my) = (w.x + w.width / 2.0, w.y + w.height / 2.0);
    // (row step, column step, the dashed line, the target's centre)
    let sides = [
        (
            0,
            1,
            [(w.right() - o, w.y), (w.right() - o, w.bottom())],
            (w.right() - o / 2.0, my),
        ),
        (
            0,
            -1,
            [(w.x + o, w.y), (w.x + o, w.bottom())],
            (w.x + o / 2.0, my),
        ),
        (
            1,
            0,
            [(w.x, w.bottom() - o), (w.right(), w.bottom() - o)],
            (mx, w.bottom() - o / 2.0),
        ),
        (
            -1,
            0,
            [(w.x, w.y + o), (w.right(), w.y + o)],
            (mx, w.y + o / 2.0),
        ),
    ];
    sides
        .into_iter()
        .filter(|&(dr, dc, _, _)| printed(dr, dc))
        .map(|(_, _, line, centre)| Guide {
            line,
            target: (radius >= 1.0).then_some((centre, radius)),
        })
        .collect()
}

/// Overlap guides on the sides that have a printed neighbour: a dashed line
/// where the neighbour's window begins, and a target in the middle of the
/// shared strip, at the same map point on both pages.
pub(super) fn overlap_guides(surface: &mut Surface, t: &Tiling, page: &SheetPage) {
    let mut dashed = stroke(0x30, 0x30, 0x30, 0.25);
    dashed.dash = Some(StrokeDash {
        array: vec![pt(2.0), pt(1.5)],
        offset: 0.0,
    });
    for g in guides(t, page) {
        draw_line(surface, &g.line, dashed.clone());
        if let Some((centre, radius)) = g.target {
            target(surface, centre, radius);
        }
    }
}

/// Size of the coordinates printed along a map page's window.
pub const PAGE_RULER_MM: f64 = 2.4;
/// Width of a digit of DejaVu Sans, in ems.
const DIGIT_EM: f64 = 0.636;
/// Height of a digit of DejaVu Sans above its baseline, in ems.
const DIGIT_HEIGHT_EM: f64 = 0.73;
/// How far a coordinate's white ground stands in from the window's edge, mm.
const INSET_MM: f64 = 0.5;
/// White around a coordinate's digits, mm.
const GROUND_MM: f64 = 0.4;

/// One coordinate printed along a map page's window.
#[derive(Debug, Clone, PartialEq)]
pub struct RulerMark {
    /// The column (x) or row (y) number.
    pub text: String,
    /// A column number (along the top and bottom of the window) or a row
    /// number (along its sides).
    pub column: bool,
    /// The anchor on the baseline, in millimetres on the page as read.
    pub x: f64,
    /// The baseline.
    pub y: f64,
    /// Where the anchor lies on the text.
    pub anchor: Anchor,
    /// Width of the text in millimetres.
    pub width: f64,
    /// Font size in millimetres.
    pub size: f64,
}

impl RulerMark {
    /// The white ground behind the digits, on the page as read (mm).
    pub fn ground(&self) -> RectMm {
        let left = match self.anchor {
            Anchor::Start => self.x,
            Anchor::Middle => self.x - self.width / 2.0,
            Anchor::End => self.x - self.width,
        };
        let top = self.y - DIGIT_HEIGHT_EM * self.size;
        RectMm {
            x: left - GROUND_MM,
            y: top - GROUND_MM,
            width: self.width + 2.0 * GROUND_MM,
            height: DIGIT_HEIGHT_EM * self.size + 2.0 * GROUND_MM,
        }
    }
}

/// The coordinates of the squares a map page shows, just inside the four
/// edges of its window (so trimming at the crop marks keeps them): column
/// numbers centred on their column along the top and bottom, row numbers
/// centred on their row along both sides. A number is left out where it
/// would reach a corner, where the other edge's numbers run, or a target;
/// a side where the page shows the map's own numbers whole (its window
/// reaching past them into the map's margin) has none, so nothing is
/// printed on the blank paper beyond the map.
pub fn page_rulers(t: &Tiling, page: &SheetPage, d: &Drawing) -> Vec<RulerMark> {
    let size = PAGE_RULER_MM;
    let sq = d.square_mm;
    let w = &t.window;
    let width = |n: u32| n.to_string().len() as f64 * DIGIT_EM * size;
    let col_step = ruler_step(sq, ruler_need_mm(d.columns.saturating_sub(1), size, true));
    let row_step = ruler_step(sq, ruler_need_mm(d.rows.saturating_sub(1), size, false));
    let targets: Vec<RectMm> = guides(t, page)
        .iter()
        .filter_map(Guide::target_box)
        .collect();
    // The bands along the edges the numbers of the other kind take, with a
    // millimetre of air.
    let ground = INSET_MM + 2.0 * GROUND_MM + 1.0;
    let side_band = width(d.rows.saturating_sub(1)) + ground;
    let end_band = DIGIT_HEIGHT_EM * size + ground;
    let clear = |m: &RulerMark| {
        let g = m.ground();
        let (x0, x1, y0, y1) = if m.column {
            (w.x + side_band, w.right() - side_band, w.y, w.bottom())
        } else {
            (w.x, w.right(), w.y + end_band, w.bottom() - end_band)
        };
        g.x >= x0
            && g.right() <= x1
            && g.y >= y0
            && g.bottom() <= y1
            && !targets.iter().any(|b| b.overlaps(&g))
    };
    // The sides where the window reaches past the map's own numbers.
    let (ends, beside) = ruler_reach_mm(sq, d.rows);
    let pw = &page.window;
    let (gx, gy) = (d.origin.x, d.origin.y);
    let (gr, gb) = (gx + f64::from(d.columns) * sq, gy + f64::from(d.rows) * sq);
    let own_top = pw.y <= gy - ends;
    let own_bottom = pw.bottom() >= gb + ends;
    let own_left = pw.x <= gx - beside;
    let own_right = pw.right() >= gr + beside;
    let mut out = Vec::new();
    for x in (0..d.columns).step_by(col_step as usize) {
        let c = d.square_centre(f64::from(x), 0.0);
        let (px, _) = t.map_to_page(page, c.x, c.y);
        let top = w.y + INSET_MM + GROUND_MM + DIGIT_HEIGHT_EM * size;
        let bottom = w.bottom() - INSET_MM - GROUND_MM;
        let ys = [(top, own_top), (bottom, own_bottom)];
        for y in ys.into_iter().filter(|&(_, own)| !own).map(|(y, _)| y) {
            let m = RulerMark {
                text: x.to_string(),
                column: true,
                x: px,
                y,
                anchor: Anchor::Middle,
                width: width(x),
                size,
            };
            if clear(&m) {
                out.push(m);
            }
        }
    }
    for y in (0..d.rows).step_by(row_step as usize) {
        let c = d.square_centre(0.0, f64::from(y));
        let (_, py) = t.map_to_page(page, c.x, c.y);
        let edge = INSET_MM + GROUND_MM;
        let xs = [
            (w.x + edge, Anchor::Start, own_left),
            (w.right() - edge, Anchor::End, own_right),
        ];
        for (x, anchor, _) in xs.into_iter().filter(|&(_, _, own)| !own) {
            let m = RulerMark {
                text: y.to_string(),
                column: false,
                x,
                y: py + DIGIT_HEIGHT_EM * size / 2.0,
                anchor,
                width: width(y),
                size,
            };
            if clear(&m) {
                out.push(m);
            }
        }
    }
    out
}

/// Draws the coordinates, each on its white ground.
pub(super) fn draw_page_rulers(surface: &mut Surface, fonts: &Fonts, marks: &[RulerMark]) {
    for m in marks {
        fill_rect(surface, &m.ground(), fill(255, 255, 255, 0.9));
        let x = m.ground().x + GROUND_MM;
        text(surface, fonts, (x, m.y), &m.text, Type::new(m.size, false));
    }
}
