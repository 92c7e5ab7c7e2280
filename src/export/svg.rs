//! The SVG encoder: writes a [`Drawing`] as it is, in millimetres, with every
//! number at a fixed precision so the same drawing gives the same bytes.
//!
//! The document is built with the `svg` crate, which writes the elements,
//! escapes text nodes (`&`, `<`, `>`) and writes attributes sorted by name.
//! User text (tile ids, the tile-set name, the title) only ever goes into text
//! nodes, after [`xml_chars`] has replaced what XML cannot hold; attribute
//! values are numbers, colours, keywords, the font family constant and layer
//! ids passed through [`xml_id`].
//!
//! Hatch and stipple fills become `<pattern>`s in `<defs>` (user-space units,
//! anchored at the page's corner so neighbouring squares' lines join up),
//! numbered `pattern-0`, `pattern-1`, … in the order the drawing first uses them.

use super::drawing::{Anchor, Color, Drawing, FONT_FAMILY, Fill, Paint, Pt, Shape, Stroke};
use svg::Document;
use svg::node::Node;
use svg::node::Text as TextNode;
use svg::node::element::{Circle, Element, Group, Line, Polygon, Polyline, Rectangle, Title};

/// Decimals written for every coordinate and length (micrometres).
const DECIMALS: usize = 3;

/// A pattern tile holds whole lines or rows of dots and is at least this
/// wide, so that rounding the tile to whole pixels in a renderer barely
/// changes the spacing.
const MIN_TILE_MM: f64 = 10.0;

/// The XML declaration written before the `svg` crate's document.
const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// The SVG document of a drawing. Its root is `width`/`height` in `mm` with a
/// `viewBox` in millimetres, so printing at 100% gives true-scale squares.
pub fn svg(d: &Drawing) -> String {
    let (w, h) = (num(d.width_mm), num(d.height_mm));
    document(
        d,
        format!("{w}mm"),
        format!("{h}mm"),
        format!("0 0 {w} {h}"),
    )
}

/// The part `x, y, width, height` (millimetres) of a drawing as an SVG
/// document exactly `px_width × px_height` pixels large: the Universal VTT
/// image, which shows the grid alone.
pub(crate) fn svg_view(d: &Drawing, view: [f64; 4], px_width: u32, px_height: u32) -> String {
    let [x, y, w, h] = view.map(num);
    document(
        d,
        px_width.to_string(),
        px_height.to_string(),
        format!("{x} {y} {w} {h}"),
    )
}

fn document(d: &Drawing, width: String, height: String, view_box: String) -> String {
    let mut doc = Document::new()
        .set("version", "1.1")
        .set("width", width)
        .set("height", height)
        .set("viewBox", view_box)
        .set("font-family", format!("{FONT_FAMILY}, sans-serif"))
        .add(Title::new(xml_chars(&d.title)));
    let patterns = Patterns::of(d);
    if !patterns.fills.is_empty() {
        let mut defs = Element::new("defs");
        for (i, f) in patterns.fills.iter().enumerate() {
            defs.append(pattern(&Patterns::id(i), f));
        }
        doc = doc.add(defs);
    }
    for layer in &d.layers {
        let mut group = Group::new().set("id", xml_id(&layer.id));
        for shape in &layer.shapes {
            group = group.add(element(shape, &patterns));
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

/// The distinct pattern fills of a drawing, in the order first used.
struct Patterns {
    fills: Vec<Fill>,
}

impl Patterns {
    fn of(d: &Drawing) -> Patterns {
        let mut fills: Vec<Fill> = Vec::new();
        for shape in d.layers.iter().flat_map(|l| &l.shapes) {
            let paint = match shape {
                Shape::Rect(r) => &r.paint,
                Shape::Polygon(p) => &p.paint,
                Shape::Circle(c) => &c.paint,
                Shape::Line(_) | Shape::Polyline(_) | Shape::Text(_) => continue,
            };
            if matches!(paint.fill, Fill::Hatch(_) | Fill::Dots(_)) && !fills.contains(&paint.fill)
            {
                fills.push(paint.fill);
            }
        }
        Patterns { fills }
    }

    fn id(i: usize) -> String {
        format!("pattern-{i}")
    }

    /// `url(#pattern-N)` for a pattern fill of the drawing.
    fn url(&self, f: &Fill) -> Option<String> {
        let i = self.fills.iter().position(|p| p == f)?;
        Some(format!("url(#{})", Patterns::id(i)))
    }
}

/// The `<pattern>` of a hatch or stipple fill: a square tile of whole
/// lines or dots, repeated from the page's corner.
fn pattern(id: &str, f: &Fill) -> Element {
    let mut e = Element::new("pattern");
    e.assign("id", id);
    e.assign("patternUnits", "userSpaceOnUse");
    let line = |x1: f64, y1: f64, x2: f64, y2: f64, color: Color, w: f64| {
        let mut l = Line::new()
            .set("x1", num(x1))
            .set("y1", num(y1))
            .set("x2", num(x2))
            .set("y2", num(y2));
        set_stroke(
            &mut l,
            &Stroke {
                color,
                width: w,
                round: false,
            },
        );
        l
    };
    let background = |e: &mut Element, size: f64, bg: Option<Color>| {
        if let Some(bg) = bg {
            let mut r = Rectangle::new()
                .set("width", num(size))
                .set("height", num(size));
            set_paint(
                &mut r,
                &Paint {
                    fill: Fill::Solid(bg),
                    stroke: None,
                },
                None,
            );
            e.append(r);
        }
    };
    match f {
        Fill::Hatch(h) => {
            let spacing = spacing_mm(h.spacing_mm);
            let n = (MIN_TILE_MM / spacing).ceil().max(1.0);
            let size = n * spacing;
            e.assign("width", num(size));
            e.assign("height", num(size));
            if num(h.angle) != "0" {
                e.assign("patternTransform", format!("rotate({})", num(h.angle)));
            }
            background(&mut e, size, h.background);
            // Lines run past the tile's edges (clipped there), so that a
            // renderer rounding the tile to whole pixels leaves no gaps.
            let over = spacing;
            for i in 0..n as u32 {
                let at = (f64::from(i) + 0.5) * spacing;
                e.append(line(-over, at, size + over, at, h.color, h.line_mm));
                if h.cross {
                    e.append(line(at, -over, at, size + over, h.color, h.line_mm));
                }
            }
        }
        Fill::Dots(d) => {
            // An even number of staggered rows, so the tile repeats seamlessly.
            let spacing = spacing_mm(d.spacing_mm);
            let n = 2.0 * (MIN_TILE_MM / (2.0 * spacing)).ceil().max(1.0);
            let size = n * spacing;
            e.assign("width", num(size));
            e.assign("height", num(size));
            background(&mut e, size, d.background);
            for j in 0..n as u32 {
                let shift = if j % 2 == 0 { 0.25 } else { 0.75 };
                for i in 0..n as u32 {
                    let mut c = Circle::new()
                        .set("cx", num((f64::from(i) + shift) * spacing))
                        .set("cy", num((f64::from(j) + 0.5) * spacing))
                        .set("r", num(d.dot_mm / 2.0));
                    c.assign("fill", d.color.hex());
                    if d.color.a != 255 {
                        c.assign("fill-opacity", num(d.color.opacity()));
                    }
                    e.append(c);
                }
            }
        }
        Fill::None | Fill::Solid(_) => {}
    }
    e
}

/// A pattern spacing kept within what a style file may hold, so that a
/// [`Fill`] built in code cannot ask for millions of lines per tile.
fn spacing_mm(v: f64) -> f64 {
    let (lo, hi) = super::style::SPACING_MM;
    if v.is_finite() { v.clamp(lo, hi) } else { hi }
}

/// The element of one shape.
fn element(shape: &Shape, patterns: &Patterns) -> Box<dyn Node> {
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
            set_paint(&mut e, &r.paint, Some(patterns));
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
            set_paint(&mut e, &p.paint, Some(patterns));
            Box::new(e)
        }
        Shape::Circle(c) => {
            let mut e = Circle::new()
                .set("cx", num(c.centre.x))
                .set("cy", num(c.centre.y))
                .set("r", num(c.radius));
            set_paint(&mut e, &c.paint, Some(patterns));
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

fn set_paint(e: &mut impl Node, p: &Paint, patterns: Option<&Patterns>) {
    match &p.fill {
        Fill::Solid(c) => {
            e.assign("fill", c.hex());
            if c.a != 255 {
                e.assign("fill-opacity", num(c.opacity()));
            }
        }
        Fill::Hatch(_) | Fill::Dots(_) => match patterns.and_then(|ps| ps.url(&p.fill)) {
            Some(url) => e.assign("fill", url),
            None => e.assign("fill", "none"),
        },
        Fill::None => e.assign("fill", "none"),
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
    use crate::export::drawing::{Layer, Text};

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
    fn patterns_are_defined_once_with_ids_in_first_use_order() {
        use crate::export::drawing::{Dots, Hatch, Rect};
        let hatch = Fill::Hatch(Hatch {
            color: Color::rgb(0, 0, 0),
            background: Some(Color::rgb(255, 255, 255)),
            angle: 45.0,
            spacing_mm: 1.5,
            line_mm: 0.3,
            cross: true,
        });
        let dots = Fill::Dots(Dots {
            color: Color::rgb(0x80, 0x80, 0x80).with_alpha(0x80),
            background: None,
            spacing_mm: 2.0,
            dot_mm: 0.4,
        });
        let r = |fill| {
            Shape::Rect(Rect {
                x: 1.0,
                y: 2.0,
                width: 3.0,
                height: 4.0,
                radius: 0.0,
                paint: Paint { fill, stroke: None },
            })
        };
        let d = Drawing {
            title: "t".into(),
            layers: vec![Layer {
                id: "terrain".into(),
                shapes: vec![
                    r(dots),
                    r(Fill::Solid(Color::rgb(1, 2, 3))),
                    r(hatch),
                    r(dots),
                    r(Fill::None),
                ],
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
        assert_eq!(out.matches("<pattern ").count(), 2);
        let start = |id: &str| {
            let at = out.find(&format!("id=\"{id}\"")).unwrap();
            out[..at].rfind("<pattern ").unwrap()
        };
        let (p0, p1) = (start("pattern-0"), start("pattern-1"));
        let defs = out.find("<defs>").unwrap();
        let group = out.find("<g id=\"terrain\">").unwrap();
        assert!(defs < p0 && p0 < p1 && p1 < group);
        // First use: the dots are pattern-0, the hatch pattern-1.
        let fills: Vec<&str> = out[group..]
            .match_indices("fill=\"")
            .map(|(i, _)| {
                let v = &out[group + i + 6..];
                &v[..v.find('"').unwrap()]
            })
            .collect();
        assert_eq!(
            fills,
            [
                "url(#pattern-0)",
                "#010203",
                "url(#pattern-1)",
                "url(#pattern-0)",
                "none"
            ]
        );
        let dots_def = &out[p0..p1];
        assert!(dots_def.contains("patternUnits=\"userSpaceOnUse\""));
        assert!(!dots_def.contains("patternTransform"));
        assert!(dots_def.contains("fill-opacity=\"0.502\""));
        // 10 mm tiles of whole rows: 6 rows of 6 dots 2 mm apart, staggered.
        assert!(dots_def.contains("height=\"12\"") && dots_def.contains("width=\"12\""));
        assert_eq!(dots_def.matches("<circle").count(), 36);
        let hatch_def = &out[p1..out.find("</defs>").unwrap()];
        assert!(hatch_def.contains("patternTransform=\"rotate(45)\""));
        // 7 lines 1.5 mm apart each way, over a white background.
        assert!(hatch_def.contains("width=\"10.5\""));
        assert_eq!(hatch_def.matches("<line").count(), 14);
        assert!(hatch_def.contains("<rect fill=\"#ffffff\" height=\"10.5\" width=\"10.5\"/>"));
        assert_eq!(out, svg(&d.clone()));
        // Both renderers' parsers accept it.
        resvg::usvg::Tree::from_str(&out, &crate::export::png::usvg_options(96)).unwrap();
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
