//! The SVG encoder: writes a [`Drawing`] as it is, in millimetres, with every
//! number at a fixed precision so the same drawing gives the same bytes.
//!
//! The document is built with the `svg` crate, which writes the elements,
//! escapes text nodes (`&`, `<`, `>`) and writes attributes sorted by name.
//! User text (tile ids, the tile-set name, the title) only ever goes into text
//! nodes, after [`xml_chars`] has replaced what XML cannot hold; attribute
//! values are numbers, colours, keywords, the font family constant and layer
//! ids passed through [`xml_id`].

use super::drawing::{Anchor, Drawing, FONT_FAMILY, Paint, Pt, Shape, Stroke};
use svg::Document;
use svg::node::Node;
use svg::node::Text as TextNode;
use svg::node::element::{Circle, Element, Group, Line, Polygon, Polyline, Rectangle, Title};

/// Decimals written for every coordinate and length (micrometres).
const DECIMALS: usize = 3;

/// The XML declaration written before the `svg` crate's document.
const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// The SVG document of a drawing. Its root is `width`/`height` in `mm` with a
/// `viewBox` in millimetres, so printing at 100% gives true-scale squares.
pub fn svg(d: &Drawing) -> String {
    let (w, h) = (num(d.width_mm), num(d.height_mm));
    let mut doc = Document::new()
        .set("version", "1.1")
        .set("width", format!("{w}mm"))
        .set("height", format!("{h}mm"))
        .set("viewBox", format!("0 0 {w} {h}"))
        .set("font-family", format!("{FONT_FAMILY}, sans-serif"))
        .add(Title::new(xml_chars(&d.title)));
    for layer in &d.layers {
        let mut group = Group::new().set("id", xml_id(&layer.id));
        for shape in &layer.shapes {
            group = group.add(element(shape));
        }
        doc = doc.add(group);
    }
    let body = doc.to_string();
    let mut out = String::with_capacity(XML_DECLARATION.len() + body.len() + 1);
    out.push_str(XML_DECLARATION);
    out.push_str(&body);
    out.push('\n');
    out
}

/// The element of one shape.
fn element(shape: &Shape) -> Box<dyn Node> {
    match shape {
        Shape::Rect(r) => {
            let mut e = Rectangle::new()
                .set("x", num(r.x))
                .set("y", num(r.y))
                .set("width", num(r.width))
                .set("height", num(r.height));
            if r.radius > 0.0 {
                e = e.set("rx", num(r.radius));
            }
            set_paint(&mut e, &r.paint);
            Box::new(e)
        }
        Shape::Line(l) => {
            let mut e = Line::new()
                .set("x1", num(l.from.x))
                .set("y1", num(l.from.y))
                .set("x2", num(l.to.x))
                .set("y2", num(l.to.y));
            set_stroke(&mut e, &l.stroke);
            Box::new(e)
        }
        Shape::Polyline(p) => {
            let mut e = Polyline::new()
                .set("points", points(&p.points))
                .set("fill", "none");
            set_stroke(&mut e, &p.stroke);
            Box::new(e)
        }
        Shape::Polygon(p) => {
            let mut e = Polygon::new().set("points", points(&p.points));
            set_paint(&mut e, &p.paint);
            Box::new(e)
        }
        Shape::Circle(c) => {
            let mut e = Circle::new()
                .set("cx", num(c.centre.x))
                .set("cy", num(c.centre.y))
                .set("r", num(c.radius));
            set_paint(&mut e, &c.paint);
            Box::new(e)
        }
        Shape::Text(t) => {
            // A plain `text` element rather than `element::Text`: the latter is
            // written in the crate's "bareable" mode, which puts line breaks
            // around the text node and so changes the text's content.
            let mut e = Element::new("text");
            e.assign("x", num(t.at.x));
            e.assign("y", num(t.at.y));
            e.assign("font-size", num(t.size));
            if t.bold {
                e.assign("font-weight", "bold");
            }
            match t.anchor {
                Anchor::Start => {}
                Anchor::Middle => e.assign("text-anchor", "middle"),
                Anchor::End => e.assign("text-anchor", "end"),
            }
            e.assign("fill", t.fill.hex());
            if t.fill.a != 255 {
                e.assign("fill-opacity", num(t.fill.opacity()));
            }
            if let Some(halo) = &t.halo {
                set_stroke(&mut e, halo);
                e.assign("paint-order", "stroke");
            }
            e.append(TextNode::new(xml_chars(&t.text)));
            Box::new(e)
        }
    }
}

fn set_paint(e: &mut impl Node, p: &Paint) {
    match p.fill {
        Some(c) => {
            e.assign("fill", c.hex());
            if c.a != 255 {
                e.assign("fill-opacity", num(c.opacity()));
            }
        }
        None => e.assign("fill", "none"),
    }
    if let Some(s) = &p.stroke {
        set_stroke(e, s);
    }
}

fn set_stroke(e: &mut impl Node, s: &Stroke) {
    e.assign("stroke", s.color.hex());
    e.assign("stroke-width", num(s.width));
    if s.color.a != 255 {
        e.assign("stroke-opacity", num(s.color.opacity()));
    }
    if s.round {
        e.assign("stroke-linecap", "round");
        e.assign("stroke-linejoin", "round");
    }
}

fn points(pts: &[Pt]) -> String {
    let mut s = String::with_capacity(pts.len() * 16);
    for (i, p) in pts.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&num(p.x));
        s.push(',');
        s.push_str(&num(p.y));
    }
    s
}

/// A number with [`DECIMALS`] decimals, trailing zeros dropped (`25.4`, `0`, `-1.25`).
pub(crate) fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let s = format!("{v:.DECIMALS$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".into()
    } else {
        s.into()
    }
}

/// Text for a text node: characters XML 1.0 cannot hold at all (most control
/// characters, U+FFFE, U+FFFF) become U+FFFD. Markup is escaped by the `svg`
/// crate's text node, not here.
pub(crate) fn xml_chars(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => '\u{fffd}',
            c => c,
        })
        .collect()
}

/// A layer id safe in an attribute value whatever the `svg` crate escapes:
/// ASCII letters, digits, `-`, `_` and `.` are kept, anything else becomes `_`.
fn xml_id(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::drawing::{Color, Layer, Text};

    #[test]
    fn numbers_are_fixed_precision() {
        assert_eq!(num(25.4), "25.4");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(177.8), "177.8");
        assert_eq!(num(1.23456), "1.235");
        assert_eq!(num(3.0), "3");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn invalid_xml_characters_are_replaced() {
        assert_eq!(xml_chars("a\u{1}b\u{ffff}"), "a\u{fffd}b\u{fffd}");
        assert_eq!(xml_chars("a\tb\nc\rd"), "a\tb\nc\rd");
        assert_eq!(xml_chars(r#"C3 back 90° <&"'>"#), r#"C3 back 90° <&"'>"#);
    }

    #[test]
    fn layer_ids_cannot_break_out_of_their_attribute() {
        assert_eq!(xml_id("labels"), "labels");
        assert_eq!(xml_id(r#"a" onload="x<&'"#), "a__onload__x___");
    }

    #[test]
    fn user_text_goes_into_escaped_text_nodes_only() {
        let nasty = "A<&\"b'>\u{1}";
        let d = Drawing {
            title: nasty.into(),
            layers: vec![Layer {
                id: "labels\"x".into(),
                shapes: vec![Shape::Text(Text {
                    at: Pt { x: 1.0, y: 2.5 },
                    text: nasty.into(),
                    size: 3.0,
                    bold: true,
                    anchor: Anchor::Middle,
                    fill: Color::rgb(0, 0, 0),
                    halo: None,
                })],
            }],
            width_mm: 10.0,
            height_mm: 5.0,
            origin: Pt { x: 0.0, y: 0.0 },
            margin_mm: 0.0,
            square_mm: 1.0,
            columns: 1,
            rows: 1,
        };
        let out = svg(&d);
        assert!(out.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
        assert!(out.ends_with("</svg>\n"));
        assert!(out.contains("<title>A&lt;&amp;\"b'&gt;\u{fffd}</title>"));
        assert!(out.contains(">A&lt;&amp;\"b'&gt;\u{fffd}</text>"));
        assert!(out.contains("<g id=\"labels_x\">"));
        assert!(!out.contains('\u{1}'));
        assert_eq!(out, svg(&d));
    }
}
