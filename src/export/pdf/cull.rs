//! What of the map a PDF page writes: only the shapes that reach the part
//! of the map the page shows.
//!
//! A page shows the map through a clip (its window, or a tile's squares on a
//! cut-out). Whatever the clip hides is not seen, but a PDF keeps it: text
//! outside the clip was still found by a reader's search and copied by its
//! text selection (a neighbour's tile id on a cut-out, `map.svg`'s legend on
//! a map page). So each page writes the drawing less every shape whose
//! extent lies wholly outside what the page shows, in the drawing's own
//! order; what is left is drawn exactly as before.

use super::RectMm;
use crate::export::drawing::{Anchor, Drawing, Layer, Shape, Stroke};

/// Width of a character of the map's font, in ems: more than any but the
/// widest glyphs, so a text the clip shows is never dropped.
const CHAR_EM: f64 = 0.75;

/// The rectangle a shape may ink, in map millimetres (its stroke and a
/// text's halo included; a text's width estimated generously).
pub(super) fn extent(shape: &Shape) -> RectMm {
    extent_at(shape, CHAR_EM)
}

/// [`extent`] with a text's characters `char_em` wide.
pub(super) fn extent_at(shape: &Shape, char_em: f64) -> RectMm {
    let span = |points: &mut dyn Iterator<Item = (f64, f64)>, pad: f64| {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for (x, y) in points {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        RectMm {
            x: x0 - pad,
            y: y0 - pad,
            width: x1 - x0 + 2.0 * pad,
            height: y1 - y0 + 2.0 * pad,
        }
    };
    let stroke = |s: Option<&Stroke>| s.map_or(0.0, |s| s.width / 2.0);
    match shape {
        Shape::Rect(r) => span(
            &mut [(r.x, r.y), (r.x + r.width, r.y + r.height)].into_iter(),
            stroke(r.paint.stroke.as_ref()),
        ),
        Shape::Line(l) => span(
            &mut [(l.from.x, l.from.y), (l.to.x, l.to.y)].into_iter(),
            l.stroke.width / 2.0,
        ),
        Shape::Polyline(p) => span(
            &mut p.points.iter().map(|p| (p.x, p.y)),
            p.stroke.width / 2.0,
        ),
        Shape::Polygon(p) => span(
            &mut p.points.iter().map(|p| (p.x, p.y)),
            stroke(p.paint.stroke.as_ref()),
        ),
        Shape::Circle(c) => {
            let r = c.radius + stroke(c.paint.stroke.as_ref());
            span(
                &mut [
                    (c.centre.x - r, c.centre.y - r),
                    (c.centre.x + r, c.centre.y + r),
                ]
                .into_iter(),
                0.0,
            )
        }
        Shape::Text(t) => {
            let width = t.text.chars().count() as f64 * char_em * t.size;
            let x = match t.anchor {
                Anchor::Start => t.at.x,
                Anchor::Middle => t.at.x - width / 2.0,
                Anchor::End => t.at.x - width,
            };
            span(
                &mut [
                    (x, t.at.y - 1.1 * t.size),
                    (x + width, t.at.y + 0.35 * t.size),
                ]
                .into_iter(),
                stroke(t.halo.as_ref()),
            )
        }
    }
}

/// The drawing less the shapes that reach none of `shown` (map millimetres).
pub(super) fn culled(d: &Drawing, shown: &[RectMm]) -> Drawing {
    let layers = d
        .layers
        .iter()
        .map(|l| Layer {
            id: l.id.clone(),
            shapes: l
                .shapes
                .iter()
                .filter(|s| {
                    let e = extent(s);
                    shown.iter().any(|r| r.overlaps(&e))
                })
                .cloned()
                .collect(),
        })
        .collect();
    Drawing {
        layers,
        title: d.title.clone(),
        ..*d
    }
}
