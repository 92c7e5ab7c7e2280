//! The print pack's PDFs: the map cut into true-scale pages of Letter or A4
//! behind an overview page ([`map_pdf`]), and one cut-out per tile
//! ([`cutouts_pdf`]).
//!
//! The map is the very drawing of `map.svg`: each page writes, through
//! usvg (embedded fonts only) and krilla-svg, the shapes of that drawing
//! that reach what the page shows (the `cull` module: nothing the clip hides, so
//! no hidden text either), and shows them through a window, shifted so
//! that 1 mm of map is 1 mm of paper (72 / 25.4 pt). Labels, marks and
//! the calibration bar are drawn with krilla in the embedded DejaVu Sans.
//!
//! Every page, on the sheet as read (millimetres):
//!
//! ```text
//! ┌────────────────────────────────────────┐
//! │ margin (≥ 6 mm, not printed)           │
//! │  ─┐                                ┌─  │   crop marks at the window's corners,
//! │   ┌────────────────────────────────┐   │   in a 5 mm gutter (trim there)
//! │   │   6     7     8     9      ┊ 3 │   │   square coordinates just inside the
//! │   │ 3 map window, 100%         ┊ ⊕ │   │   window's edges; overlap strip: a dashed
//! │   │   6     7     8     9      ┊   │   │   line where the neighbour begins, a ⊕
//! │   └────────────────────────────────┘   │   target printed on both pages
//! │  ─┘                                └─  │
//! │ Map page 3 of 9 — row 2, col…  ▬▬▬▬▬▬▬  │   label band: page, seed, scale
//! │ seed 7 · page 3 of 9 · …       1 inch  │   reminder, calibration bar
//! └────────────────────────────────────────┘
//! ```
//!
//! The tiling ([`tiling`]) is a pure function of the map's size, its tile
//! squares and the [`PrintOptions`]; see there for the rules.

use super::drawing::{Drawing, FONT_FAMILY, MapOptions, cutout_drawing, drawing};
use super::error::ExportError;
use super::paper::{MIN_MARGIN_MM, MM_PER_PT, Paper, PrintOptions, mm_text};
use super::png::{DEJAVU_SANS, DEJAVU_SANS_BOLD, usvg_options};
use super::sheet::tags::{Role, Tagger};
use super::svg::svg;
use crate::mkd::scenario::Scenario;
use crate::scenario::PlacedTile;
use crate::tileset::TileKind;
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point, Rect, Size, Transform};
use krilla::graphic::Graphic;
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, LineCap, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg;

/// Between the printable area's edge and the map window: room for the crop marks.
pub const GUTTER_MM: f64 = 5.0;
/// Height of the label band at the foot of the printable area.
pub const BAND_MM: f64 = 16.0;
/// Height of the title above the overview map.
const OVERVIEW_TITLE_MM: f64 = 13.0;
/// The smallest map window accepted, either way.
const MIN_WINDOW_MM: f64 = 40.0;
/// Extra paper around a tile's squares on its cut-out page, for the cut line.
const CUTOUT_BLEED_MM: f64 = 3.0;
/// Most pages one tiling may print; more is refused as an absurd request.
pub const MAX_PAGES: usize = 1000;

/// A rectangle in millimetres (`y` grows down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RectMm {
    /// West edge.
    pub x: f64,
    /// North edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

/// The rectangle two rectangles share, if they share some area.
fn meet(a: &RectMm, b: &RectMm) -> Option<RectMm> {
    let (x, y) = (a.x.max(b.x), a.y.max(b.y));
    let (r, bt) = (a.right().min(b.right()), a.bottom().min(b.bottom()));
    (r > x && bt > y).then_some(RectMm {
        x,
        y,
        width: r - x,
        height: bt - y,
    })
}

impl RectMm {
    /// East edge.
    pub fn right(&self) -> f64 {
        self.x + self.width
    }

    /// South edge.
    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }

    /// Do the two rectangles share some area (more than touching edges)?
    pub fn overlaps(&self, other: &RectMm) -> bool {
        const EPS: f64 = 1e-6;
        self.x.max(other.x) + EPS < self.right().min(other.right())
            && self.y.max(other.y) + EPS < self.bottom().min(other.bottom())
    }
}

/// What a tiling covers: a rectangle of the map and the tile squares in it,
/// all in map millimetres (the coordinates of `map.svg`).
#[derive(Debug, Clone, PartialEq)]
pub struct MapArea {
    /// The part of the map to print.
    pub bounds: RectMm,
    /// Printed size of one square.
    pub square_mm: f64,
    /// Every tile square; a page that adds none of them is skipped (see [`Tiling`]).
    pub squares: Vec<RectMm>,
}

impl MapArea {
    /// The whole map of a drawing: the `map.svg` page without its legend
    /// (the overview page shows that), and every tile square of the scenario.
    pub fn of_map<G>(s: &crate::scenario::Scenario<G>, d: &Drawing) -> MapArea {
        MapArea {
            bounds: RectMm {
                x: 0.0,
                y: 0.0,
                width: d.width_mm,
                height: d.map_height_mm(),
            },
            square_mm: d.square_mm,
            squares: s.tiles.iter().flat_map(|t| tile_squares(t, d)).collect(),
        }
    }

    /// One tile: its squares and a little paper around them for the cut line.
    pub fn of_tile(t: &PlacedTile, d: &Drawing) -> MapArea {
        let squares = tile_squares(t, d);
        let sq = d.square_mm;
        MapArea {
            bounds: RectMm {
                x: d.origin.x + f64::from(t.x) * sq - CUTOUT_BLEED_MM,
                y: d.origin.y + f64::from(t.y) * sq - CUTOUT_BLEED_MM,
                width: f64::from(t.width) * sq + 2.0 * CUTOUT_BLEED_MM,
                height: f64::from(t.height) * sq + 2.0 * CUTOUT_BLEED_MM,
            },
            square_mm: sq,
            squares,
        }
    }
}

/// The squares a tile covers, in map millimetres.
fn tile_squares(t: &PlacedTile, d: &Drawing) -> Vec<RectMm> {
    let sq = d.square_mm;
    let (w, h) = (
        t.width.min(i32::MAX as u32) as i32,
        t.height.min(i32::MAX as u32) as i32,
    );
    (t.y..t.y.saturating_add(h))
        .flat_map(|y| (t.x..t.x.saturating_add(w)).map(move |x| (x, y)))
        .filter(|&(x, y)| t.covers(x, y))
        .map(|(x, y)| RectMm {
            x: d.origin.x + f64::from(x) * sq,
            y: d.origin.y + f64::from(y) * sq,
            width: sq,
            height: sq,
        })
        .collect()
}

/// The calibration bar printed on every page.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    /// Length of the bar on paper.
    pub length_mm: f64,
    /// What the bar measures, e.g. `1 inch (25.4 mm)`.
    pub text: String,
}

/// The calibration bar for a square size: 1 inch when the square is a whole
/// number of eighths of an inch (1in, 1.5in, ¾in), otherwise 25 mm (25mm,
/// 2.5cm, 30mm) — so the bar speaks the unit the square was given in.
pub fn calibration(square_mm: f64) -> Calibration {
    let eighths = square_mm / (25.4 / 8.0);
    if (eighths - eighths.round()).abs() < 1e-6 {
        Calibration {
            length_mm: 25.4,
            text: "1 inch (25.4 mm)".into(),
        }
    } else {
        Calibration {
            length_mm: 25.0,
            text: "25 mm".into(),
        }
    }
}

/// One page of a tiling: where it sits in the grid of pages and which part of the map it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetPage {
    /// Row, from 1 (north).
    pub row: u32,
    /// Column, from 1 (west).
    pub column: u32,
    /// Its place in the grid of pages, e.g. `row 2, column 3`: words and
    /// numbers, never a column letter, so that no page name reads like a
    /// tile id (`C1`) or a square (`2,3`).
    pub name: String,
    /// The same, as printed on the page.
    pub label: String,
    /// The part of the map the page shows, in map millimetres.
    pub window: RectMm,
    /// The page adds no tile square to what the printed pages show, so it is
    /// not printed (see [`Tiling`]).
    pub skipped: bool,
}

/// How a map area is cut into pages.
///
/// Rules:
/// - the margin is `print.margin_mm`, raised to [`MIN_MARGIN_MM`] when less
///   is asked (a home printer cannot print closer to the edge); inside it a
///   [`GUTTER_MM`] gutter holds the crop marks, and a [`BAND_MM`] band at the
///   foot holds the label and the calibration bar; the rest is the map window;
/// - pages step by the window size minus `print.overlap_mm`, so neighbouring
///   windows share exactly `overlap_mm` of map; the fewest pages that cover
///   the area are used, with what is left over shared equally on both sides;
/// - a page is skipped when it adds nothing: its own part (the window less
///   the overlap it shares with its neighbours) meets no tile square, and
///   no square needs it — every square that lies wholly in some window
///   still lies wholly in a printed one, and every point of every square is
///   on a printed page (`pdf/skip.rs`);
/// - the sheet is always portrait Letter or A4; when turning the whole tiling
///   a quarter turn (landscape pages, printed on the same portrait sheets and
///   read with the sheet turned so its right edge is up) prints fewer pages,
///   it is turned. A tie stays portrait.
#[derive(Debug, Clone, PartialEq)]
pub struct Tiling {
    /// The paper.
    pub paper: Paper,
    /// Pages are read in landscape (the content is turned a quarter on the portrait sheet).
    pub landscape: bool,
    /// The margin used (at least [`MIN_MARGIN_MM`]).
    pub margin_mm: f64,
    /// How much neighbouring windows share.
    pub overlap_mm: f64,
    /// Width of the page as read.
    pub page_width_mm: f64,
    /// Height of the page as read.
    pub page_height_mm: f64,
    /// Where the map window lies on the page as read.
    pub window: RectMm,
    /// The label band on the page as read.
    pub band: RectMm,
    /// The calibration bar.
    pub calibration: Calibration,
    /// Where the calibration bar lies on the page as read.
    pub bar: RectMm,
    /// Columns of pages.
    pub columns: u32,
    /// Rows of pages.
    pub rows: u32,
    /// Every position of the grid, row by row, skipped ones included.
    pub pages: Vec<SheetPage>,
    /// The part of the map the pages cover ([`MapArea::bounds`], map
    /// millimetres): a window reaching past it shows blank paper there,
    /// never what the drawing has beyond it (`map.svg`'s legend).
    pub map: RectMm,
}

impl Tiling {
    /// The pages that are printed, in order.
    pub fn printed(&self) -> impl Iterator<Item = &SheetPage> {
        self.pages.iter().filter(|p| !p.skipped)
    }

    /// The page at a grid position (1-based), if the grid has it.
    pub fn at(&self, row: u32, column: u32) -> Option<&SheetPage> {
        if row == 0 || column == 0 || row > self.rows || column > self.columns {
            return None;
        }
        self.pages
            .get(((row - 1) * self.columns + (column - 1)) as usize)
    }

    /// Where a point of the map (map mm) lands on `page` (mm on the page as read).
    pub fn map_to_page(&self, page: &SheetPage, x: f64, y: f64) -> (f64, f64) {
        (
            self.window.x + x - page.window.x,
            self.window.y + y - page.window.y,
        )
    }

    /// Where a point of the page as read lies on the portrait sheet (mm from its top-left corner).
    pub fn to_sheet(&self, x: f64, y: f64) -> (f64, f64) {
        if self.landscape {
            (self.paper.size_mm().0 - y, x)
        } else {
            (x, y)
        }
    }
}

/// Cuts a map area into pages of `print.paper`; see [`Tiling`] for the rules.
///
/// Fails when the options leave no usable window (a margin or an overlap too
/// large for the paper, a negative overlap, a number that is not finite), or
/// when the map would take more than [`MAX_PAGES`] pages.
pub fn tiling(area: &MapArea, print: &PrintOptions) -> Result<Tiling, ExportError> {
    let portrait = tiling_in(area, print, false)?;
    let landscape = tiling_in(area, print, true)?;
    let t = if landscape.printed().count() < portrait.printed().count() {
        landscape
    } else {
        portrait
    };
    let n = t.printed().count();
    if n > MAX_PAGES {
        return Err(too_many_pages(n as u64, area, print));
    }
    Ok(t)
}

/// The error for a map that would need more than [`MAX_PAGES`] pages.
fn too_many_pages(pages: u64, area: &MapArea, print: &PrintOptions) -> ExportError {
    ExportError::Pdf(format!(
        "the map would print on {pages} pages of {} at {} mm squares, more than {MAX_PAGES}; choose smaller squares or fewer tile sets",
        print.paper.name(),
        mm_text(area.square_mm)
    ))
}

/// The tiling of one orientation.
fn tiling_in(area: &MapArea, print: &PrintOptions, landscape: bool) -> Result<Tiling, ExportError> {
    let margin = if print.margin_mm.is_nan() {
        MIN_MARGIN_MM
    } else {
        print.margin_mm.max(MIN_MARGIN_MM)
    };
    let overlap = print.overlap_mm;
    if !margin.is_finite() {
        return Err(ExportError::Pdf(format!(
            "a margin of {} mm is not a length",
            print.margin_mm
        )));
    }
    if !overlap.is_finite() || overlap < 0.0 {
        return Err(ExportError::Pdf(format!(
            "an overlap of {} mm between pages is not possible; expected 0 mm or more (default 10 mm)",
            print.overlap_mm
        )));
    }
    let (pw, ph) = print.paper.size_mm();
    let (page_w, page_h) = if landscape { (ph, pw) } else { (pw, ph) };
    let window = RectMm {
        x: margin + GUTTER_MM,
        y: margin + GUTTER_MM,
        width: page_w - 2.0 * (margin + GUTTER_MM),
        height: page_h - 2.0 * (margin + GUTTER_MM) - BAND_MM,
    };
    let smallest = window.width.min(window.height);
    if smallest < MIN_WINDOW_MM {
        return Err(ExportError::Pdf(format!(
            "a margin of {margin} mm leaves a map window of {smallest:.1} mm on {} paper; expected at least {MIN_WINDOW_MM} mm (try a smaller margin)",
            print.paper.name()
        )));
    }
    if overlap > smallest / 2.0 {
        return Err(ExportError::Pdf(format!(
            "an overlap of {overlap} mm between pages is more than half the map window ({smallest:.1} mm on {} paper); expected at most {:.1} mm",
            print.paper.name(),
            smallest / 2.0
        )));
    }
    let band = RectMm {
        x: margin,
        y: page_h - margin - BAND_MM,
        width: page_w - 2.0 * margin,
        height: BAND_MM,
    };
    let cal = calibration(area.square_mm);
    let bar = RectMm {
        x: window.right() - cal.length_mm,
        y: band.y + 2.0,
        width: cal.length_mm,
        height: 2.5,
    };

    // The fewest steps that cover a length, and where the first window starts.
    let fit = |start: f64, length: f64, size: f64| -> (u32, f64) {
        let step = size - overlap;
        let n = ((length - overlap) / step).ceil().max(1.0);
        let n = if n.is_finite() {
            n.min(f64::from(u32::MAX))
        } else {
            1.0
        };
        let covered = n * step + overlap;
        (n as u32, start + (length - covered) / 2.0)
    };
    let b = &area.bounds;
    let (columns, x0) = fit(b.x, b.width, window.width);
    let (rows, y0) = fit(b.y, b.height, window.height);
    let positions = u64::from(columns) * u64::from(rows);
    if positions > 10 * MAX_PAGES as u64 {
        return Err(too_many_pages(positions, area, print));
    }
    let mut pages = Vec::with_capacity(positions as usize);
    for r in 0..rows {
        for c in 0..columns {
            let w = RectMm {
                x: x0 + f64::from(c) * (window.width - overlap),
                y: y0 + f64::from(r) * (window.height - overlap),
                width: window.width,
                height: window.height,
            };
            let name = format!("row {}, column {}", r + 1, c + 1);
            pages.push(SheetPage {
                row: r + 1,
                column: c + 1,
                label: name.clone(),
                name,
                window: w,
                skipped: false,
            });
        }
    }
    let skipped = skip::skipped(&pages, columns, rows, overlap, &area.squares);
    for (p, skip) in pages.iter_mut().zip(skipped) {
        p.skipped = skip;
    }
    Ok(Tiling {
        paper: print.paper,
        landscape,
        margin_mm: margin,
        overlap_mm: overlap,
        page_width_mm: page_w,
        page_height_mm: page_h,
        window,
        band,
        calibration: cal,
        bar,
        columns,
        rows,
        pages,
        map: area.bounds,
    })
}

/// The tiling [`map_pdf`] uses for a scenario.
pub fn map_tiling(
    s: &Scenario,
    map: &MapOptions,
    print: &PrintOptions,
) -> Result<Tiling, ExportError> {
    tiling(&MapArea::of_map(s, &drawing(s, map)), print)
}

/// The tilings [`cutouts_pdf`] uses, one per tile in placement order.
pub fn cutout_tilings(
    s: &Scenario,
    map: &MapOptions,
    print: &PrintOptions,
) -> Result<Vec<Tiling>, ExportError> {
    let d = drawing(s, map);
    s.tiles
        .iter()
        .map(|t| tiling(&MapArea::of_tile(t, &d), print))
        .collect()
}

// ---------------------------------------------------------------------------
// Drawing with krilla

/// Millimetres to PDF points.
fn pt(mm: f64) -> f32 {
    (mm / MM_PER_PT) as f32
}

/// A krilla rectangle from millimetres, if it has an area.
fn rect_pt(r: &RectMm) -> Option<Rect> {
    Rect::from_xywh(pt(r.x), pt(r.y), pt(r.width), pt(r.height))
}

/// A closed path around a rectangle.
fn rect_path(r: &RectMm) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.push_rect(rect_pt(r)?);
    pb.finish()
}

/// An open path through points in millimetres.
fn line_path(points: &[(f64, f64)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(pt(first.0), pt(first.1));
    for p in rest {
        pb.line_to(pt(p.0), pt(p.1));
    }
    pb.finish()
}

/// A solid fill.
fn fill(r: u8, g: u8, b: u8, opacity: f32) -> Fill {
    Fill {
        paint: rgb::Color::new(r, g, b).into(),
        opacity: NormalizedF32::new(opacity).unwrap_or(NormalizedF32::ONE),
        rule: FillRule::NonZero,
    }
}

/// A solid line `width` millimetres wide.
fn stroke(r: u8, g: u8, b: u8, width: f64) -> Stroke {
    Stroke {
        paint: rgb::Color::new(r, g, b).into(),
        width: pt(width),
        line_cap: LineCap::Butt,
        ..Stroke::default()
    }
}

/// Fills a rectangle.
fn fill_rect(surface: &mut Surface, r: &RectMm, f: Fill) {
    if let Some(p) = rect_path(r) {
        surface.set_stroke(None);
        surface.set_fill(Some(f));
        surface.draw_path(&p);
    }
}

/// Strokes an open path.
fn draw_line(surface: &mut Surface, points: &[(f64, f64)], s: Stroke) {
    if let Some(p) = line_path(points) {
        surface.set_fill(None);
        surface.set_stroke(Some(s));
        surface.draw_path(&p);
    }
}

/// Where a text's anchor lies along its baseline.
#[derive(Clone, Copy, PartialEq)]
enum Align {
    Left,
    Centre,
    Right,
}

/// The fonts labels are set in.
struct Fonts {
    regular: Font,
    bold: Font,
}

impl Fonts {
    fn new() -> Result<Fonts, ExportError> {
        let load = |bytes: &'static [u8]| {
            Font::new(bytes.into(), 0)
                .ok_or_else(|| ExportError::Pdf("cannot read the embedded DejaVu Sans font".into()))
        };
        Ok(Fonts {
            regular: load(DEJAVU_SANS)?,
            bold: load(DEJAVU_SANS_BOLD)?,
        })
    }
}

/// The width of a line of text set in DejaVu Sans, in millimetres (its inked extent, laid out by usvg).
fn text_width_mm(text: &str, size_mm: f64, bold: bool) -> f64 {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let doc = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="0" y="0" font-family="{FONT_FAMILY}" font-size="{size_mm}" font-weight="{}">{escaped}</text></svg>"#,
        if bold { "bold" } else { "normal" }
    );
    let estimate = 0.6 * size_mm * text.chars().count() as f64;
    let Ok(tree) = usvg::Tree::from_str(&doc, &usvg_options(96)) else {
        return estimate;
    };
    fn first_text(g: &usvg::Group) -> Option<f64> {
        g.children().iter().find_map(|n| match n {
            usvg::Node::Text(t) => Some(f64::from(t.bounding_box().width())),
            usvg::Node::Group(g) => first_text(g),
            _ => None,
        })
    }
    first_text(tree.root()).unwrap_or(estimate)
}

/// Dark text.
const INK: (u8, u8, u8) = (0x1e, 0x1a, 0x17);

/// How a line of text is set.
#[derive(Clone, Copy)]
struct Type {
    /// Font size (em height) in millimetres.
    size: f64,
    bold: bool,
    align: Align,
    /// Shrink the text to fit this width, if given.
    fit: Option<f64>,
    color: (u8, u8, u8),
}

impl Type {
    /// Dark, left-aligned text.
    fn new(size: f64, bold: bool) -> Type {
        Type {
            size,
            bold,
            align: Align::Left,
            fit: None,
            color: INK,
        }
    }

    fn align(self, align: Align) -> Type {
        Type { align, ..self }
    }

    fn fit(self, width: f64) -> Type {
        Type {
            fit: Some(width),
            ..self
        }
    }

    fn color(self, color: (u8, u8, u8)) -> Type {
        Type { color, ..self }
    }
}

/// Draws one line of text with its baseline at `at` (mm); returns its width in mm.
fn text(surface: &mut Surface, fonts: &Fonts, at: (f64, f64), content: &str, ty: Type) -> f64 {
    let mut size = ty.size;
    let mut width = text_width_mm(content, size, ty.bold);
    if let Some(max) = ty.fit
        && width > max
        && width > 0.0
    {
        size *= max / width;
        width = max;
    }
    let x = match ty.align {
        Align::Left => at.0,
        Align::Centre => at.0 - width / 2.0,
        Align::Right => at.0 - width,
    };
    surface.set_stroke(None);
    surface.set_fill(Some(fill(ty.color.0, ty.color.1, ty.color.2, 1.0)));
    let font = if ty.bold {
        fonts.bold.clone()
    } else {
        fonts.regular.clone()
    };
    surface.draw_text(
        Point::from_xy(pt(x), pt(at.1)),
        font,
        pt(size),
        content,
        false,
        TextDirection::Auto,
    );
    width
}

/// The map drawing as one PDF graphic.
fn map_graphic(surface: &mut Surface, tree: &usvg::Tree) -> Result<Graphic, ExportError> {
    let size = Size::from_wh(tree.size().width(), tree.size().height())
        .ok_or_else(|| ExportError::Pdf("the map has no size".into()))?;
    let mut builder = surface.stream_builder();
    let mut inner = builder.surface();
    let drawn = inner.draw_svg(tree, size, SvgSettings::default());
    inner.finish();
    let stream = builder.finish();
    drawn.ok_or_else(|| ExportError::Pdf("krilla-svg could not draw the map".into()))?;
    Ok(Graphic::new(stream, false))
}

/// Parses the map's SVG once: 1 user unit of the tree is 1 pt of paper.
fn map_tree(d: &Drawing) -> Result<usvg::Tree, ExportError> {
    // At 72 DPI usvg turns the SVG's millimetres into points.
    usvg::Tree::from_str(&svg(d), &usvg_options(72)).map_err(|e| ExportError::Svg(e.to_string()))
}

/// What one document shares between its pages.
struct Pack<'a> {
    seed: u64,
    tiles: &'a [PlacedTile],
    fonts: Fonts,
    /// The map drawing; each page writes the part it shows ([`cull`]).
    drawing: &'a Drawing,
    /// The document's structure, built as the pages are drawn: each
    /// page's map (or cut-out) a figure described in words, its real text
    /// paragraphs, the rest page furniture.
    tags: Tagger,
}

impl Pack<'_> {
    /// The map as a graphic holding only what reaches `shown` (map
    /// millimetres): what a page clipped to `shown` sees, and no more.
    fn graphic(&self, surface: &mut Surface, shown: &[RectMm]) -> Result<Graphic, ExportError> {
        map_graphic(surface, &map_tree(&cull::culled(self.drawing, shown))?)
    }
}

/// Page settings for a sheet of `paper`, portrait, exactly its size in points.
fn sheet(paper: Paper) -> Result<PageSettings, ExportError> {
    let (w, h) = paper.size_pt();
    PageSettings::from_wh(w as f32, h as f32)
        .ok_or_else(|| ExportError::Pdf("the paper has no size".into()))
}

/// Turns the page as read onto the portrait sheet (a no-op in portrait).
fn push_orientation(surface: &mut Surface, t: &Tiling) {
    let t = if t.landscape {
        // (x, y) on the landscape page → (sheet width − y, x) on the sheet.
        Transform::from_row(0.0, 1.0, -1.0, 0.0, pt(t.paper.size_mm().0), 0.0)
    } else {
        Transform::identity()
    };
    surface.push_transform(&t);
}

/// A line of the label band, and whether a reader reads it (`true`: a
/// paragraph, such as a cut-out's name or the overview's instructions) or
/// skips it as page furniture (the page number, lines every page repeats).
type Line<'a> = (&'a str, bool);

/// The label band: up to three lines on the left, the calibration bar on
/// the right (a print aid: furniture).
fn band(surface: &mut Surface, fonts: &Fonts, tags: &mut Tagger, t: &Tiling, lines: [Line; 3]) {
    let b = &t.band;
    // The bar and what it measures.
    tags.open(&Role::Running);
    tags.draw(surface, false);
    fill_rect(surface, &t.bar, fill(0, 0, 0, 1.0));
    let right = t.bar.right();
    let w1 = text(
        surface,
        fonts,
        (right, t.bar.bottom() + 3.4),
        &t.calibration.text,
        Type::new(2.6, true).align(Align::Right),
    );
    let w2 = text(
        surface,
        fonts,
        (right, t.bar.bottom() + 6.6),
        "check this bar with a ruler",
        Type::new(2.3, false).align(Align::Right),
    );
    tags.close(surface);
    let block = w1.max(w2).max(t.bar.width);
    let room = (right - block - 4.0 - t.window.x).max(20.0);
    let x = t.window.x;
    let set = [
        (5.0, Type::new(4.0, true)),
        (9.6, Type::new(2.7, false)),
        (13.6, Type::new(2.7, false)),
    ];
    for ((line, read), (down, ty)) in lines.into_iter().zip(set) {
        tags.open(if read { &Role::Para } else { &Role::Running });
        tags.draw(surface, true);
        text(surface, fonts, (x, b.y + down), line, ty.fit(room));
        tags.close(surface);
    }
}

/// Shows the map through the page's window at 100% scale, optionally clipped further to some squares.
fn map_window(
    surface: &mut Surface,
    graphic: Graphic,
    t: &Tiling,
    page: &SheetPage,
    only: Option<&[RectMm]>,
) {
    // The window, less whatever of it lies outside the map area.
    let (mx, my) = t.map_to_page(page, t.map.x, t.map.y);
    let (ex, ey) = t.map_to_page(page, t.map.right(), t.map.bottom());
    let (x, y) = (t.window.x.max(mx), t.window.y.max(my));
    let shown = RectMm {
        x,
        y,
        width: t.window.right().min(ex) - x,
        height: t.window.bottom().min(ey) - y,
    };
    if shown.width <= 0.0 || shown.height <= 0.0 {
        return;
    }
    let Some(clip) = rect_path(&shown) else {
        return;
    };
    surface.push_clip_path(&clip, &FillRule::NonZero);
    surface.push_transform(&Transform::from_translate(
        pt(t.window.x - page.window.x),
        pt(t.window.y - page.window.y),
    ));
    let squares = only.and_then(|sq| {
        let mut pb = PathBuilder::new();
        for r in sq {
            pb.push_rect(rect_pt(r)?);
        }
        pb.finish()
    });
    if let Some(p) = &squares {
        surface.push_clip_path(p, &FillRule::NonZero);
    }
    surface.draw_graphic(graphic);
    if squares.is_some() {
        surface.pop();
    }
    surface.pop();
    surface.pop();
}

/// A segment of a tile's outline, in map millimetres.
type Edge = [(f64, f64); 2];

/// What a cut-out page shows of the map: only a tile's squares, and its outline as the cut line.
#[derive(Clone, Copy)]
struct Cut<'a> {
    squares: &'a [RectMm],
    edges: &'a [Edge],
}

/// What a true-scale page adds to the map: a tile's cut line, or the map's rulers.
#[derive(Clone, Copy)]
enum Extra<'a> {
    Cut(Cut<'a>),
    Rulers(&'a Drawing),
}

/// One true-scale page: the map through the window, marks, guides and the
/// label band. The band comes first in the document's structure (a
/// cut-out's name before its picture), then the map, described by
/// `figure`; marks, guides and coordinates are furniture.
fn true_scale_page(
    doc: &mut Document,
    pack: &mut Pack,
    t: &Tiling,
    page: &SheetPage,
    extra: Extra,
    lines: [Line; 3],
    figure: String,
) -> Result<(), ExportError> {
    let cut = match extra {
        Extra::Cut(c) => Some(c),
        Extra::Rulers(_) => None,
    };
    let mut p = doc.start_page_with(sheet(t.paper)?);
    let mut surface = p.surface();
    let shown: Vec<RectMm> = match cut {
        Some(c) => c
            .squares
            .iter()
            .filter_map(|s| meet(s, &page.window))
            .collect(),
        None => meet(&t.map, &page.window).into_iter().collect(),
    };
    let graphic = pack.graphic(&mut surface, &shown)?;
    push_orientation(&mut surface, t);
    band(&mut surface, &pack.fonts, &mut pack.tags, t, lines);
    pack.tags.open(&Role::Figure(figure));
    pack.tags.draw(&mut surface, false);
    map_window(&mut surface, graphic, t, page, cut.map(|c| c.squares));
    if let (Some(Cut { edges, .. }), Some(clip)) = (cut, rect_path(&t.window)) {
        surface.push_clip_path(&clip, &FillRule::NonZero);
        let s = stroke(0, 0, 0, 0.35);
        for e in edges {
            let a = t.map_to_page(page, e[0].0, e[0].1);
            let b = t.map_to_page(page, e[1].0, e[1].1);
            draw_line(&mut surface, &[a, b], s.clone());
        }
        surface.pop();
    }
    pack.tags.close(&mut surface);
    pack.tags.open(&Role::Running);
    pack.tags.draw(&mut surface, false);
    crop_marks(&mut surface, t);
    overlap_guides(&mut surface, t, page);
    if let Extra::Rulers(d) = extra {
        draw_page_rulers(&mut surface, &pack.fonts, &page_rulers(t, page, d));
    }
    pack.tags.close(&mut surface);
    pack.tags.end_page(&mut surface);
    surface.pop();
    surface.finish();
    p.finish();
    Ok(())
}

/// `1 square = 25.4 mm`, without needless zeros.
fn square_text(sq: f64) -> String {
    format!("1 square = {} mm", super::paper::mm_text(sq))
}

/// Paper and orientation in words, e.g. `Letter, landscape`.
fn paper_text(t: &Tiling) -> String {
    let paper = t.paper.label();
    if t.landscape {
        format!("{paper}, landscape (turn the sheet: its right edge is the top)")
    } else {
        format!("{paper}, portrait")
    }
}

/// Starts a document with fixed metadata: no date, no random id, so the
/// same input gives the same bytes. Its language is English.
fn document(title: String) -> Document {
    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(title)
            .creator(crate::GENERATOR.to_string())
            .language("en".into()),
    );
    doc
}

/// The number each page of a tiling has in its document, the first printed
/// one being `first`; `None` for a skipped page.
pub fn page_numbers(t: &Tiling, first: usize) -> Vec<Option<usize>> {
    let mut n = first;
    t.pages
        .iter()
        .map(|p| {
            if p.skipped {
                None
            } else {
                n += 1;
                Some(n - 1)
            }
        })
        .collect()
}

/// The first line of a map page's band: its number in the document and its
/// place in the grid of pages.
pub fn map_page_title(number: usize, total: usize, page: &SheetPage) -> String {
    format!("Map page {number} of {total} — {}", page.label)
}

/// The overview page: the whole map scaled to fit, the page grid over it,
/// skipped pages greyed out, the legend below.
fn overview_page(
    doc: &mut Document,
    pack: &mut Pack,
    t: &Tiling,
    total: usize,
    d: &Drawing,
) -> Result<(), ExportError> {
    let square_mm = d.square_mm;
    let mut p = doc.start_page_with(sheet(t.paper)?);
    let mut surface = p.surface();
    let graphic = pack.graphic(&mut surface, &[t.map])?;
    push_orientation(&mut surface, t);
    let fonts = &pack.fonts;
    let tags = &mut pack.tags;
    let w = &t.window;
    let printed = t.printed().count();
    tags.open(&Role::Title);
    tags.draw(&mut surface, true);
    text(
        &mut surface,
        fonts,
        (w.x, w.y + 4.5),
        &format!(
            "Dungeon map — seed {} — how the pages go together",
            pack.seed
        ),
        Type::new(5.0, true).fit(w.width),
    );
    tags.close(&mut surface);
    tags.open(&Role::Para);
    tags.draw(&mut surface, true);
    text(
        &mut surface,
        fonts,
        (w.x, w.y + 9.5),
        &format!(
            "{printed} map page{} follow ({} columns × {} rows of {}); grey pages add nothing to the others and are not printed",
            if printed == 1 { "" } else { "s" },
            t.columns,
            t.rows,
            paper_text(t)
        ),
        Type::new(2.8, false).fit(w.width),
    );
    tags.close(&mut surface);

    // The legend of map.svg, once, at the foot of the page: its entries
    // laid out again over the page's width at a readable size (the map
    // above is drawn without it).
    let legend = legend::relaid(d, w.width);
    let legend_room = legend
        .as_ref()
        .map_or(0.0, |l| l.height_mm * legend::SCALE + 2.0);
    // Fit the union of all windows into the area under the title.
    let area = RectMm {
        x: w.x,
        y: w.y + OVERVIEW_TITLE_MM,
        width: w.width,
        height: (w.height - OVERVIEW_TITLE_MM - legend_room).max(20.0),
    };
    let legend = match &legend {
        Some(l) => Some(map_graphic(&mut surface, &map_tree(l)?)?),
        None => None,
    };
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for pg in &t.pages {
        x0 = x0.min(pg.window.x);
        y0 = y0.min(pg.window.y);
        x1 = x1.max(pg.window.right());
        y1 = y1.max(pg.window.bottom());
    }
    let k = (area.width / (x1 - x0))
        .min(area.height / (y1 - y0))
        .min(1.0);
    let ox = area.x + (area.width - (x1 - x0) * k) / 2.0 - x0 * k;
    let oy = area.y + (area.height - (y1 - y0) * k) / 2.0 - y0 * k;
    let to = |r: &RectMm| RectMm {
        x: ox + r.x * k,
        y: oy + r.y * k,
        width: r.width * k,
        height: r.height * k,
    };
    let all = to(&RectMm {
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
    });
    // The map, the grid of pages and their numbers: one figure.
    tags.open(&Role::Figure(words::overview(
        t,
        pack.seed,
        k * 100.0,
        total,
    )));
    tags.draw(&mut surface, false);
    if let Some(clip) = rect_path(&all) {
        surface.push_clip_path(&clip, &FillRule::NonZero);
        surface.push_transform(&Transform::from_row(
            k as f32,
            0.0,
            0.0,
            k as f32,
            pt(ox),
            pt(oy),
        ));
        surface.draw_graphic(graphic);
        surface.pop();
        surface.pop();
    }

    // Skipped pages: grey and hatched.
    for pg in t.pages.iter().filter(|p| p.skipped) {
        let r = to(&pg.window);
        fill_rect(&mut surface, &r, fill(0x80, 0x80, 0x80, 0.35));
        if let Some(clip) = rect_path(&r) {
            surface.push_clip_path(&clip, &FillRule::NonZero);
            let gap = 3.0;
            let s = stroke(0x60, 0x60, 0x60, 0.2);
            let mut d = -r.height;
            while d < r.width {
                draw_line(
                    &mut surface,
                    &[(r.x + d, r.bottom()), (r.x + d + r.height, r.y)],
                    s.clone(),
                );
                d += gap;
            }
            surface.pop();
        }
    }
    // The page grid.
    for pg in &t.pages {
        let r = to(&pg.window);
        let (c, width) = if pg.skipped {
            ((0x60, 0x60, 0x60), 0.25)
        } else {
            ((0x1f, 0x5f, 0xbf), 0.45)
        };
        if let Some(path) = rect_path(&r) {
            surface.set_fill(None);
            surface.set_stroke(Some(stroke(c.0, c.1, c.2, width)));
            surface.draw_path(&path);
        }
    }
    // Labels, on a white patch: the number of the page in this document.
    let numbers = page_numbers(t, 2);
    for (pg, number) in t.pages.iter().zip(&numbers) {
        let r = to(&pg.window);
        let name = match number {
            Some(n) => format!("page {n}"),
            None => "nothing new".into(),
        };
        // Within the page's rectangle.
        let mut size = (r.width.min(r.height) * 0.2).clamp(2.2, 9.0);
        let wide = text_width_mm(&name, size, true);
        if wide > r.width * 0.9 {
            size = (size * r.width * 0.9 / wide).max(2.2);
        }
        let (cx, cy) = (r.x + r.width / 2.0, r.y + r.height / 2.0);
        let small = size * 0.55;
        let name_w = text_width_mm(&name, size, true);
        let note = if pg.skipped { "not printed" } else { "" };
        let note_w = if note.is_empty() {
            0.0
        } else {
            text_width_mm(note, small, false)
        };
        let patch_w = name_w.max(note_w) + size * 0.6;
        let patch_h = if note.is_empty() {
            size * 1.3
        } else {
            size * 1.3 + small * 1.3
        };
        fill_rect(
            &mut surface,
            &RectMm {
                x: cx - patch_w / 2.0,
                y: cy - patch_h / 2.0,
                width: patch_w,
                height: patch_h,
            },
            fill(0xff, 0xff, 0xff, 0.85),
        );
        let colour = if pg.skipped {
            (0x50, 0x50, 0x50)
        } else {
            (0x1f, 0x5f, 0xbf)
        };
        let base = cy - patch_h / 2.0 + size * 1.02;
        text(
            &mut surface,
            fonts,
            (cx, base),
            &name,
            Type::new(size, true).align(Align::Centre).color(colour),
        );
        if !note.is_empty() {
            text(
                &mut surface,
                fonts,
                (cx, base + small * 1.3),
                note,
                Type::new(small, false).align(Align::Centre).color(colour),
            );
        }
    }
    tags.close(&mut surface);
    // The legend's words are read as a paragraph (its swatches, drawn
    // with them, have no words of their own).
    if let Some(g) = legend {
        let k = legend::SCALE as f32;
        tags.open(&Role::Para);
        tags.draw(&mut surface, true);
        surface.push_transform(&Transform::from_row(
            k,
            0.0,
            0.0,
            k,
            pt(w.x),
            pt(area.bottom() + 2.0),
        ));
        surface.draw_graphic(g);
        surface.pop();
        tags.close(&mut surface);
    }
    // What the band says of how to print and put the pages together is
    // read; the page number is furniture.
    band(
        &mut surface,
        fonts,
        tags,
        t,
        [
            (&format!("Overview — page 1 of {total}"), false),
            (
                &format!(
                    "seed {} · map here at {:.0}% · on the pages after it {} · print at 100% / actual size",
                    pack.seed,
                    k * 100.0,
                    square_text(square_mm)
                ),
                true,
            ),
            (
                &format!(
                    "pages overlap {} mm: trim at the crop marks, lay over the neighbour up to its dashed line, match the ⊕ targets",
                    mm_text(t.overlap_mm)
                ),
                true,
            ),
        ],
    );
    tags.end_page(&mut surface);
    surface.pop();
    surface.finish();
    p.finish();
    Ok(())
}

/// The map as a print-ready PDF: an overview page, then the map at 100% scale
/// cut into pages of `print.paper` (see [`Tiling`] for how it is cut). The
/// area cut is the whole `map.svg` page (the grid and its frame); pages
/// that hold no tile square are left out and shown greyed on the overview.
///
/// The same inputs give the same bytes: the document carries no date and its
/// id is a hash of its content.
pub fn map_pdf(
    s: &Scenario,
    map: &MapOptions,
    print: &PrintOptions,
) -> Result<Vec<u8>, ExportError> {
    drawing_pdf(s, drawing(s, map), print)
}

/// [`map_pdf`] of a drawing already made of a scenario of any game.
pub fn drawing_pdf<G>(
    s: &crate::scenario::Scenario<G>,
    d: Drawing,
    print: &PrintOptions,
) -> Result<Vec<u8>, ExportError> {
    area_pdf(&d, &MapArea::of_map(s, &d), s.seed, print)
}

/// Any map drawing as [`map_pdf`] prints it: an overview page, then the
/// `area` at 100 % over pages of `print.paper` (pages that meet none of the
/// area's squares are left out). `seed` is printed on every page.
pub fn area_pdf(
    d: &Drawing,
    area: &MapArea,
    seed: u64,
    print: &PrintOptions,
) -> Result<Vec<u8>, ExportError> {
    let t = tiling(area, print)?;
    let mut pack = Pack {
        seed,
        tiles: &[],
        fonts: Fonts::new()?,
        drawing: d,
        tags: Tagger::new(),
    };
    let mut doc = document(format!("tilecrawl map — seed {seed}"));
    let printed: Vec<&SheetPage> = t.printed().collect();
    let total = 1 + printed.len();
    overview_page(&mut doc, &mut pack, &t, total, d)?;
    let overlap_line = format!(
        "pages overlap {} mm: trim at the crop marks, lay over the neighbour up to its dashed line, match the ⊕ targets",
        mm_text(t.overlap_mm)
    );
    for (i, page) in printed.iter().enumerate() {
        let first = map_page_title(i + 2, total, page);
        let second = format!(
            "seed {} · page {} of {total} · {} · print at 100% / actual size",
            seed,
            i + 2,
            square_text(d.square_mm)
        );
        let figure = words::map_page(d, &t, page, seed, [i + 2, total]);
        true_scale_page(
            &mut doc,
            &mut pack,
            &t,
            page,
            Extra::Rulers(d),
            [(&first, false), (&second, false), (&overlap_line, false)],
            figure,
        )?;
    }
    doc.set_tag_tree(pack.tags.finish());
    doc.finish().map_err(|e| ExportError::Pdf(e.to_string()))
}

mod cull;
mod cutouts;
mod legend;
mod marks;
mod skip;
mod words;
pub use cutouts::{CutoutPage, cutout_layout, cutouts_of, cutouts_pdf};
pub use marks::{PAGE_RULER_MM, RulerMark, crop_mark_lines, page_rulers};
use marks::{crop_marks, draw_page_rulers, overlap_guides};

#[cfg(test)]
mod tests;
