//! The drawing model's primitives: points, strokes, paints and the shapes
//! (rectangles, lines, polylines, polygons, circles, texts) in millimetres,
//! grouped into named layers that make a [`Drawing`].

use super::*;

/// A point on the page in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pt {
    /// Millimetres from the west edge.
    pub x: f64,
    /// Millimetres from the north edge.
    pub y: f64,
}

/// A line style.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Line colour.
    pub color: Color,
    /// Line width in millimetres.
    pub width: f64,
    /// Round caps and joins (otherwise butt caps and mitre joins).
    pub round: bool,
}

/// How a closed shape is filled and outlined.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paint {
    /// The fill: none, a colour, or a hatch or stipple pattern.
    pub fill: Fill,
    /// Outline, if outlined.
    pub stroke: Option<Stroke>,
}

/// An axis-aligned rectangle.
#[derive(Debug, Clone, PartialEq)]
pub struct Rect {
    /// West edge.
    pub x: f64,
    /// North edge.
    pub y: f64,
    /// Width in millimetres.
    pub width: f64,
    /// Height in millimetres.
    pub height: f64,
    /// Corner radius in millimetres (0 for square corners).
    pub radius: f64,
    /// Fill and outline.
    pub paint: Paint,
}

/// A straight line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Start.
    pub from: Pt,
    /// End.
    pub to: Pt,
    /// Line style.
    pub stroke: Stroke,
}

/// An open chain of straight lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Polyline {
    /// The points in order.
    pub points: Vec<Pt>,
    /// Line style.
    pub stroke: Stroke,
}

/// A closed polygon.
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    /// The corners in order.
    pub points: Vec<Pt>,
    /// Fill and outline.
    pub paint: Paint,
}

/// A circle.
#[derive(Debug, Clone, PartialEq)]
pub struct Circle {
    /// Centre.
    pub centre: Pt,
    /// Radius in millimetres.
    pub radius: f64,
    /// Fill and outline.
    pub paint: Paint,
}

/// Where a text's anchor point lies along its baseline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at the anchor.
    Start,
    /// The text is centred on the anchor.
    Middle,
    /// The text ends at the anchor.
    End,
}

/// One line of text in [`FONT_FAMILY`].
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    /// Anchor point on the baseline.
    pub at: Pt,
    /// The text itself (plain; encoders escape it).
    pub text: String,
    /// Font size (em height) in millimetres.
    pub size: f64,
    /// Bold or regular.
    pub bold: bool,
    /// Alignment on the anchor.
    pub anchor: Anchor,
    /// Text colour.
    pub fill: Color,
    /// An outline drawn behind the glyphs so the text reads on any terrain.
    pub halo: Option<Stroke>,
}

/// One drawing primitive.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A rectangle.
    Rect(Rect),
    /// A line.
    Line(Line),
    /// An open polyline.
    Polyline(Polyline),
    /// A closed polygon.
    Polygon(Polygon),
    /// A circle.
    Circle(Circle),
    /// A line of text.
    Text(Text),
}

/// A named group of shapes, drawn in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Name of the layer (`terrain`, `grid`, ...), written as the group id.
    pub id: String,
    /// The shapes, bottom first.
    pub shapes: Vec<Shape>,
}

/// A whole map page: size, scale and layers, in millimetres.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawing {
    /// Page width in millimetres.
    pub width_mm: f64,
    /// Page height in millimetres.
    pub height_mm: f64,
    /// Where the grid's north-west corner lies on the page.
    pub origin: Pt,
    /// Width of the margin around the grid in millimetres.
    pub margin_mm: f64,
    /// Printed size of one square in millimetres.
    pub square_mm: f64,
    /// Grid width in squares.
    pub columns: u32,
    /// Grid height in squares.
    pub rows: u32,
    /// A one-line title for the document.
    pub title: String,
    /// The layers, bottom first.
    pub layers: Vec<Layer>,
}

impl Drawing {
    /// The layer with this id, if there is one.
    pub fn layer(&self, id: &str) -> Option<&Layer> {
        self.layers.iter().find(|l| l.id == id)
    }

    /// Height of the map part of the page: what lies above the grid (its
    /// margin, and on a board the title's band), the grid and its margin,
    /// without the legend below it.
    pub fn map_height_mm(&self) -> f64 {
        self.origin.y + f64::from(self.rows) * self.square_mm + self.margin_mm
    }

    /// The page centre of square `(x, y)`.
    pub fn square_centre(&self, x: f64, y: f64) -> Pt {
        Pt {
            x: self.origin.x + (x + 0.5) * self.square_mm,
            y: self.origin.y + (y + 0.5) * self.square_mm,
        }
    }
}

impl Pt {
    /// This point moved by `(dx, dy)` millimetres.
    pub fn offset(self, dx: f64, dy: f64) -> Pt {
        Pt {
            x: self.x + dx,
            y: self.y + dy,
        }
    }
}
