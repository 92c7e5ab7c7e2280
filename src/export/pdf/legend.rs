//! The overview page's legend: the entries of `map.svg`'s legend (below its
//! map, one row as wide as the map), laid out again in rows as wide as the
//! page, at [`SCALE`] of their size on the map — so the legend reads at
//! the same size whatever the size of the dungeon (it was shrunk with the
//! map's width, to 1.6 pt type on a 36-inch board).
//!
//! An entry is a group of the legend's shapes that touch one another (a
//! swatch and its words); the groups keep the order they have on the map,
//! row by row, and flow left to right over the page.

use super::RectMm;
use super::cull::extent_at;
use crate::export::drawing::{Drawing, Layer, Pt, Shape};

/// The legend's size on the overview page against its size on the map: its
/// words (3 mm on the map) print at 2.4 mm, about 6.8 pt.
pub(super) const SCALE: f64 = 0.8;
/// Shapes this close across the page belong to one entry (a swatch and its
/// words are 2 mm apart; entries at least 5)...
const TOUCH_X_MM: f64 = 3.0;
/// ... and this close down it (rows are at least 2 mm apart).
const TOUCH_Y_MM: f64 = 0.8;
/// Width of a character, in ems, for telling entries apart: about the
/// average of the font's letters, so a long label does not reach the next.
const CHAR_EM: f64 = 0.5;
/// Between entries of a row, and between rows (map millimetres).
const GAP_MM: f64 = 5.0;

/// A shape moved by `(dx, dy)`.
fn moved(shape: &Shape, dx: f64, dy: f64) -> Shape {
    let p = |q: &Pt| Pt {
        x: q.x + dx,
        y: q.y + dy,
    };
    let mut s = shape.clone();
    match &mut s {
        Shape::Rect(r) => {
            r.x += dx;
            r.y += dy;
        }
        Shape::Line(l) => {
            l.from = p(&l.from);
            l.to = p(&l.to);
        }
        Shape::Polyline(l) => l.points.iter_mut().for_each(|q| *q = p(q)),
        Shape::Polygon(l) => l.points.iter_mut().for_each(|q| *q = p(q)),
        Shape::Circle(c) => c.centre = p(&c.centre),
        Shape::Text(t) => t.at = p(&t.at),
    }
    s
}

/// The legend's entries: groups of shapes below the map, each with the
/// rectangle it covers, in their rows on the map, west to east.
type Entry<'a> = (RectMm, Vec<&'a Shape>);

fn entries(d: &Drawing) -> Vec<Vec<Entry<'_>>> {
    let top = d.map_height_mm() - 1e-6;
    let shapes: Vec<(&Shape, RectMm)> = d
        .layers
        .iter()
        .flat_map(|l| &l.shapes)
        .map(|s| (s, extent_at(s, CHAR_EM)))
        .filter(|(_, e)| e.y >= top)
        .collect();
    // Union-find over shapes that touch.
    let mut group: Vec<usize> = (0..shapes.len()).collect();
    fn root(g: &mut [usize], mut i: usize) -> usize {
        while g[i] != i {
            g[i] = g[g[i]];
            i = g[i];
        }
        i
    }
    let grown = |r: &RectMm| RectMm {
        x: r.x - TOUCH_X_MM / 2.0,
        y: r.y - TOUCH_Y_MM / 2.0,
        width: r.width + TOUCH_X_MM,
        height: r.height + TOUCH_Y_MM,
    };
    for i in 0..shapes.len() {
        for j in 0..i {
            if grown(&shapes[i].1).overlaps(&grown(&shapes[j].1)) {
                let (a, b) = (root(&mut group, i), root(&mut group, j));
                group[a.max(b)] = a.min(b);
            }
        }
    }
    let mut out: Vec<(usize, RectMm, Vec<&Shape>)> = Vec::new();
    for (i, (s, e)) in shapes.iter().enumerate() {
        let g = root(&mut group, i);
        match out.iter_mut().find(|(k, _, _)| *k == g) {
            Some((_, r, v)) => {
                let (x, y) = (r.x.min(e.x), r.y.min(e.y));
                *r = RectMm {
                    x,
                    y,
                    width: r.right().max(e.right()) - x,
                    height: r.bottom().max(e.bottom()) - y,
                };
                v.push(s);
            }
            None => out.push((g, *e, vec![s])),
        }
    }
    // Row by row (a row's tops within 2 mm of its first), west to east.
    out.sort_by(|a, b| a.1.y.total_cmp(&b.1.y).then(a.1.x.total_cmp(&b.1.x)));
    let mut rows: Vec<Vec<Entry>> = Vec::new();
    for (_, r, v) in out {
        match rows.last_mut() {
            Some(row) if r.y <= row[0].0.y + 2.0 => row.push((r, v)),
            _ => rows.push(vec![(r, v)]),
        }
    }
    for row in &mut rows {
        row.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
    }
    rows
}

/// The legend of `d` laid out anew in rows `room_mm` of paper wide, as a
/// drawing of its own to print at [`SCALE`]; `None` when `d` has no legend.
pub(super) fn relaid(d: &Drawing, room_mm: f64) -> Option<Drawing> {
    let rows = entries(d);
    if rows.is_empty() {
        return None;
    }
    let width = room_mm / SCALE;
    let mut shapes = Vec::new();
    let (mut x, mut y, mut row_h) = (0.0, 0.0, 0.0_f64);
    let new_line = |x: &mut f64, y: &mut f64, row_h: &mut f64| {
        if *x > 0.0 {
            *x = 0.0;
            *y += *row_h + GAP_MM / 2.0;
            *row_h = 0.0;
        }
    };
    for row in &rows {
        // A row of one (the heading) stays a line of its own.
        let alone = row.len() == 1;
        if alone {
            new_line(&mut x, &mut y, &mut row_h);
        }
        for (r, group) in row {
            if x + r.width > width {
                new_line(&mut x, &mut y, &mut row_h);
            }
            let (dx, dy) = (x - r.x, y - r.y);
            shapes.extend(group.iter().map(|s| moved(s, dx, dy)));
            x += r.width + GAP_MM;
            row_h = row_h.max(r.height);
        }
        if alone {
            new_line(&mut x, &mut y, &mut row_h);
        }
    }
    Some(Drawing {
        width_mm: width,
        height_mm: y + row_h,
        title: d.title.clone(),
        layers: vec![Layer {
            id: "legend".into(),
            shapes,
        }],
        ..*d
    })
}
