//! The drawing model: a map as ordered layers of typed primitives in
//! millimetres, built once from a [`Scenario`] and serialised by each encoder.
//!
//! Page coordinates: `x` grows east (right), `y` grows south (down), `(0, 0)`
//! is the page's north-west corner. Square `(x, y)` of the scenario grid has
//! its north-west corner at `origin + (x, y) × square_mm`.

use super::paper::mm_text;
pub use super::style::{Color, Dots, Fill, Hatch, Style, Token, WmtLook};
use crate::mkd::scenario::{Chest, Marker, MarkerKind, Scenario, Wmt, WmtColor};
use crate::scenario::Scenario as Env;

mod dw10_map;
mod frame;
mod model;
mod wmt;
use crate::tileset::{Cell, Side};
pub use dw10_map::{
    dw10_cutout_drawing, dw10_doors, dw10_drawing, dw10_master_drawing, dw10_square_mm,
    furnishing_mark,
};
use frame::{
    LEGEND_HEAD_MM, LEGEND_LEFT_MM, LEGEND_ROW_MM, LEGEND_SWATCH_MM, LEGEND_TEXT_MM,
    central_chamber_outline, frame_layer, legend_flow, legend_heading, legend_height_mm,
    legend_layer, ruler_layer,
};
pub use frame::{RulerGrid, ruler_marks, ruler_need_mm, ruler_reach_mm, ruler_size_mm, ruler_step};
pub use model::{
    Anchor, Circle, Drawing, Layer, Line, Paint, Polygon, Polyline, Pt, Rect, Shape, Stroke, Text,
};
use noise::{NoiseFn, Perlin};
use std::collections::BTreeMap;
use wmt::{WmtCorners, wmt_shapes};

/// The font family every text of the drawing uses (embedded for PNG output).
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// Most rectangles the rock texture may use; its cells grow coarser until it fits.
const MAX_ROCK_SHAPES: u64 = 400;

/// How to draw the map.
#[derive(Debug, Clone, PartialEq)]
pub struct MapOptions {
    /// Resolution of the PNG in dots per inch (default 150).
    pub dpi: u32,
    /// Colours and line widths.
    pub style: Style,
    /// Draw the noise texture on the rock (default on).
    pub rock_texture: bool,
    /// Printed size of one square in millimetres; `None` uses the scenario's
    /// `square_mm`. Everything on the map (grid, tokens, text, margins)
    /// follows it. Kept within [`SQUARE_MM`].
    pub square_mm: Option<f64>,
    /// Doors the game has fixed on the map (none for the MKD Adventure,
    /// whose doors are laid during play).
    pub doors: Vec<DoorMark>,
    /// A map for the players: secret doors are left off.
    pub player_map: bool,
}

/// A door on the edge between two orthogonally adjacent squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoorMark {
    /// One square beside the door.
    pub a: (i32, i32),
    /// The square on its other side (orthogonally adjacent to `a`).
    pub b: (i32, i32),
    /// What kind of door it is.
    pub kind: DoorKind,
}

/// The kinds of door the games have (shared with the board builder).
pub use crate::core::geom::DoorKind;

impl From<&crate::build::board::Door> for DoorMark {
    /// A board's door (written from its west or north square) as a mark.
    fn from(d: &crate::build::board::Door) -> DoorMark {
        let (a, b) = d.squares();
        DoorMark {
            a: (a.x, a.y),
            b: (b.x, b.y),
            kind: d.kind,
        }
    }
}

impl DoorMark {
    /// The edge's two end points in square coordinates, west or north first;
    /// `None` if the squares are not orthogonal neighbours.
    pub fn edge(&self) -> Option<[(i32, i32); 2]> {
        let ((ax, ay), (bx, by)) = (self.a, self.b);
        match (bx - ax, by - ay) {
            (1, 0) | (-1, 0) => {
                let x = ax.max(bx);
                Some([(x, ay), (x, ay + 1)])
            }
            (0, 1) | (0, -1) => {
                let y = ay.max(by);
                Some([(ax, y), (ax + 1, y)])
            }
            _ => None,
        }
    }
}

impl Default for MapOptions {
    fn default() -> MapOptions {
        MapOptions {
            dpi: 150,
            style: Style::default(),
            rock_texture: true,
            square_mm: None,
            doors: Vec::new(),
            player_map: false,
        }
    }
}

/// The printed square sizes a map may use, in millimetres.
pub const SQUARE_MM: (f64, f64) = (2.0, 200.0);

/// The printed size of one square: `opts.square_mm` if set, else the
/// scenario's, kept within [`SQUARE_MM`] (a value that is not a number
/// falls back to the scenario's).
pub fn square_mm(s: &Scenario, opts: &MapOptions) -> f64 {
    let v = match opts.square_mm {
        Some(v) if v.is_finite() => v,
        _ => s.square_mm,
    };
    let v = if v.is_finite() { v } else { 25.4 };
    v.clamp(SQUARE_MM.0, SQUARE_MM.1)
}

/// The page size of the map in millimetres (width, height), legend
/// included, without drawing it.
pub fn page_mm(s: &Scenario, opts: &MapOptions) -> (f64, f64) {
    let sq = square_mm(s, opts);
    let margin = margin_mm(sq);
    let width = f64::from(s.size.width) * sq + 2.0 * margin;
    (
        width,
        f64::from(s.size.height) * sq + 2.0 * margin + legend_height_mm(s, width),
    )
}

/// The margin around the grid: one square, at least 15 mm for the title and footer.
fn margin_mm(sq: f64) -> f64 {
    sq.max(15.0)
}

/// Draws the whole map of a scenario at true scale.
pub fn drawing(s: &Scenario, opts: &MapOptions) -> Drawing {
    drawing_with(s, opts, false)
}

/// The map as the tile cut-outs show it: the wandering monster tokens lie
/// face down (the setup sheet says so), so their numbers are left off.
pub fn cutout_drawing(s: &Scenario, opts: &MapOptions) -> Drawing {
    drawing_with(s, opts, true)
}

/// Where the map lies on its page: squares of `sq` mm inside the margin,
/// and the page's width and height above the legend band.
fn page_frame(sq: f64, columns: u32, rows: u32) -> (MapGeom, f64, f64) {
    let margin = margin_mm(sq);
    let map = MapGeom {
        origin: Pt {
            x: margin,
            y: margin,
        },
        sq,
    };
    (
        map,
        f64::from(columns) * sq + 2.0 * margin,
        f64::from(rows) * sq + 2.0 * margin,
    )
}

fn drawing_with(s: &Scenario, opts: &MapOptions, face_down: bool) -> Drawing {
    let sq = square_mm(s, opts);
    let margin = margin_mm(sq);
    let (columns, rows) = (s.size.width, s.size.height);
    let (map, width_mm, height_mm) = page_frame(sq, columns, rows);
    let st = &opts.style;
    let grid = Grid::new(s);

    // The paper covers the whole page, the legend band below the map too
    // (a PNG would otherwise be see-through there).
    let page_height_mm = height_mm + legend_height_mm(s, width_mm);
    let mut layers = vec![Layer {
        id: "paper".into(),
        shapes: vec![rect(0.0, 0.0, width_mm, page_height_mm, fill(st.paper))],
    }];
    layers.push(rock_layer(s, &grid, &map, opts));
    layers.push(terrain_layer(&grid, &map, st));
    layers.push(grid_layer(&grid, &map, st));
    layers.push(marker_layer(s, &map, st));
    layers.push(outline_layer(s, &map, st, face_down));
    layers.push(feature_layer(s, &map, st, face_down));
    // Only a map with doors has the layer, so door-less maps keep their bytes.
    if let Some(doors) = door_layer(&opts.doors, opts.player_map, &map, st) {
        layers.push(doors);
    }
    layers.push(label_layer(s, &map, st));
    layers.push(frame_layer(s, &map, st, width_mm, height_mm, margin));
    layers.push(ruler_layer(s, &map, st, columns, rows));
    let (legend, legend_mm) = legend_layer(s, st, width_mm, height_mm);
    debug_assert_eq!(height_mm + legend_mm, page_height_mm);
    layers.push(legend);

    Drawing {
        width_mm,
        height_mm: page_height_mm,
        origin: map.origin,
        margin_mm: margin,
        square_mm: sq,
        columns,
        rows,
        title: format!("tilecrawl map — seed {}", s.seed),
        layers,
    }
}

/// Square coordinates to page millimetres.
struct MapGeom {
    origin: Pt,
    sq: f64,
}

impl MapGeom {
    /// The page point at square coordinates `(x, y)` (fractions allowed).
    fn pt(&self, x: f64, y: f64) -> Pt {
        Pt {
            x: self.origin.x + x * self.sq,
            y: self.origin.y + y * self.sq,
        }
    }

    /// A length of `f` squares in millimetres.
    fn len(&self, f: f64) -> f64 {
        f * self.sq
    }

    /// A text size of `f` squares, kept readable on small squares and modest on big ones.
    fn text(&self, f: f64, min: f64, max: f64) -> f64 {
        (f * self.sq).clamp(min, max)
    }
}

/// The scenario grid read safely (anything outside or unreadable is `Void`).
struct Grid {
    columns: i32,
    rows: i32,
    cells: Vec<Cell>,
}

impl Grid {
    fn new<G>(s: &Env<G>) -> Grid {
        let columns = s.size.width.min(i32::MAX as u32) as i32;
        let rows = s.size.height.min(i32::MAX as u32) as i32;
        let mut cells = Vec::with_capacity(columns as usize * rows as usize);
        for y in 0..rows as usize {
            let row = s.grid.get(y).map(|r| r.as_bytes()).unwrap_or(&[]);
            for x in 0..columns as usize {
                let c = row
                    .get(x)
                    .and_then(|b| Cell::from_char(*b as char))
                    .unwrap_or(Cell::Void);
                cells.push(c);
            }
        }
        Grid {
            columns,
            rows,
            cells,
        }
    }

    fn cell(&self, x: i32, y: i32) -> Cell {
        if x < 0 || y < 0 || x >= self.columns || y >= self.rows {
            return Cell::Void;
        }
        self.cells[y as usize * self.columns as usize + x as usize]
    }

    fn is_tile(&self, x: i32, y: i32) -> bool {
        self.cell(x, y).is_tile()
    }
}

fn fill(f: impl Into<Fill>) -> Paint {
    Paint {
        fill: f.into(),
        stroke: None,
    }
}

fn stroke(color: Color, width: f64) -> Stroke {
    Stroke {
        color,
        width,
        round: false,
    }
}

fn round_stroke(color: Color, width: f64) -> Stroke {
    Stroke {
        color,
        width,
        round: true,
    }
}

fn rect(x: f64, y: f64, width: f64, height: f64, paint: Paint) -> Shape {
    Shape::Rect(Rect {
        x,
        y,
        width,
        height,
        radius: 0.0,
        paint,
    })
}

fn line(from: Pt, to: Pt, stroke: Stroke) -> Shape {
    Shape::Line(Line { from, to, stroke })
}

/// A text with a halo behind it, for labels over terrain.
fn label(
    at: Pt,
    text: String,
    size: f64,
    bold: bool,
    anchor: Anchor,
    color: Color,
    halo: Color,
) -> Shape {
    Shape::Text(Text {
        at,
        text,
        size,
        bold,
        anchor,
        fill: color,
        halo: Some(round_stroke(halo, size * 0.22)),
    })
}

/// A text without halo.
fn plain(at: Pt, text: String, size: f64, bold: bool, anchor: Anchor, color: Color) -> Shape {
    Shape::Text(Text {
        at,
        text,
        size,
        bold,
        anchor,
        fill: color,
        halo: None,
    })
}

/// The rock under and around the tiles, with a subtle noise texture seeded by the scenario.
fn rock_layer<G>(s: &Env<G>, grid: &Grid, map: &MapGeom, opts: &MapOptions) -> Layer {
    let st = &opts.style;
    let (cols, rows) = (grid.columns, grid.rows);
    let mut shapes = Vec::new();
    let mut whole = matches!(st.rock, Fill::Solid(_) | Fill::None);
    if !whole {
        // A pattern costs a renderer time for every pixel it covers, so a
        // patterned rock goes only where no tile is (within a budget).
        for y in 0..rows {
            let mut x = 0;
            while x < cols {
                if grid.is_tile(x, y) {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < cols && !grid.is_tile(x, y) {
                    x += 1;
                }
                let o = map.pt(f64::from(start), f64::from(y));
                shapes.push(rect(
                    o.x,
                    o.y,
                    map.len(f64::from(x - start)),
                    map.sq,
                    fill(st.rock),
                ));
            }
            if shapes.len() as u64 > 4 * MAX_ROCK_SHAPES {
                shapes.clear();
                whole = true;
                break;
            }
        }
    }
    if whole {
        // One rectangle under the whole dungeon: the tiles cover the rest.
        let o = map.pt(0.0, 0.0);
        shapes.push(rect(
            o.x,
            o.y,
            map.len(f64::from(cols)),
            map.len(f64::from(rows)),
            fill(st.rock),
        ));
    }
    if opts.rock_texture {
        let noise = Perlin::new((s.seed ^ (s.seed >> 32)) as u32);
        // The finest cells (half a square first) whose texture fits the budget.
        let cells = |c: f64| (f64::from(cols) / c).ceil() * (f64::from(rows) / c).ceil();
        let next = |c: f64| if c < 1.0 { 1.0 } else { c + 1.0 };
        let mut cell = 0.5;
        while cells(cell) > 4.0 * MAX_ROCK_SHAPES as f64 {
            cell = next(cell);
        }
        loop {
            let texture = rock_texture(&noise, grid, map, st, cell);
            if texture.len() as u64 <= MAX_ROCK_SHAPES || cell >= f64::from(cols.max(rows)) {
                shapes.extend(texture);
                break;
            }
            cell = next(cell);
        }
    }
    Layer {
        id: "rock".into(),
        shapes,
    }
}

/// Lighter and darker patches of rock in cells of `cell` squares, from
/// two octaves of Perlin noise; runs of equal cells along a row are merged.
fn rock_texture(noise: &Perlin, grid: &Grid, map: &MapGeom, st: &Style, cell: f64) -> Vec<Shape> {
    let (cols, rows) = (f64::from(grid.columns), f64::from(grid.rows));
    let ncols = (cols / cell).ceil() as i64;
    let nrows = (rows / cell).ceil() as i64;
    let bounds = |cx: i64, cy: i64| {
        let x0 = cx as f64 * cell;
        let y0 = cy as f64 * cell;
        (x0, y0, (x0 + cell).min(cols), (y0 + cell).min(rows))
    };
    // Cells lying wholly under tiles are hidden: no texture there.
    let hidden = |cx: i64, cy: i64| {
        let (x0, y0, x1, y1) = bounds(cx, cy);
        (y0.floor() as i32..y1.ceil() as i32)
            .all(|y| (x0.floor() as i32..x1.ceil() as i32).all(|x| grid.is_tile(x, y)))
    };
    let level = |cx: i64, cy: i64| -> i8 {
        if hidden(cx, cy) {
            return 0;
        }
        let (x0, y0, _, _) = bounds(cx, cy);
        let (x, y) = (x0 + cell / 2.0, y0 + cell / 2.0);
        let v = noise.get([x * 0.29 + 0.137, y * 0.29 + 0.911])
            + 0.5 * noise.get([x * 0.71 + 3.313, y * 0.71 + 7.529])
            + 0.25 * noise.get([x * 1.63 + 5.171, y * 1.63 + 1.723]);
        if v < -0.22 {
            -1
        } else if v > 0.22 {
            1
        } else {
            0
        }
    };
    let mut shapes = Vec::new();
    for cy in 0..nrows {
        let mut cx = 0;
        while cx < ncols {
            let l = level(cx, cy);
            let start = cx;
            cx += 1;
            if l == 0 {
                continue;
            }
            while cx < ncols && level(cx, cy) == l {
                cx += 1;
            }
            let (x0, y0, _, y1) = bounds(start, cy);
            let (_, _, x1, _) = bounds(cx - 1, cy);
            let o = map.pt(x0, y0);
            let f = if l < 0 { st.rock_dark } else { st.rock_light };
            if f != Fill::None {
                shapes.push(rect(o.x, o.y, map.len(x1 - x0), map.len(y1 - y0), fill(f)));
            }
        }
    }
    shapes
}

fn cell_fill(c: Cell, st: &Style) -> Fill {
    match c {
        Cell::Floor => st.floor,
        Cell::Hindering => st.hindering,
        Cell::Water => st.water,
        Cell::Crevice => st.crevice,
        Cell::Blocking => st.blocking,
        Cell::Wall => st.wall,
        Cell::Void => st.rock,
    }
}

/// The printed terrain of every tile square: a fill per cell kind, plus a
/// mark on hindering, water, crevice and blocking squares so they read in grey too.
fn terrain_layer(grid: &Grid, map: &MapGeom, st: &Style) -> Layer {
    let mut shapes = Vec::new();
    for y in 0..grid.rows {
        let mut x = 0;
        while x < grid.columns {
            let c = grid.cell(x, y);
            let start = x;
            while x < grid.columns && grid.cell(x, y) == c {
                x += 1;
            }
            if c.is_tile() {
                let o = map.pt(f64::from(start), f64::from(y));
                shapes.push(rect(
                    o.x,
                    o.y,
                    map.len(f64::from(x - start)),
                    map.sq,
                    fill(cell_fill(c, st)),
                ));
            }
        }
    }
    for y in 0..grid.rows {
        for x in 0..grid.columns {
            terrain_mark(grid.cell(x, y), x, y, map, st, &mut shapes);
        }
    }
    Layer {
        id: "terrain".into(),
        shapes,
    }
}

/// The mark on a hindering, water, crevice or blocking square `(x, y)`.
fn terrain_mark(c: Cell, x: i32, y: i32, map: &MapGeom, st: &Style, shapes: &mut Vec<Shape>) {
    let (fx, fy) = (f64::from(x), f64::from(y));
    let at = |dx: f64, dy: f64| map.pt(fx + dx, fy + dy);
    match c {
        Cell::Hindering => {
            for (dx, dy) in [
                (0.28, 0.32),
                (0.66, 0.26),
                (0.46, 0.55),
                (0.24, 0.74),
                (0.72, 0.7),
            ] {
                shapes.push(Shape::Circle(Circle {
                    centre: at(dx, dy),
                    radius: map.len(0.055),
                    paint: fill(st.hindering_mark),
                }));
            }
        }
        Cell::Water => {
            for wy in [0.38, 0.64] {
                let points = (0..=8)
                    .map(|i| {
                        let t = f64::from(i) / 8.0;
                        let wave = if i % 2 == 0 {
                            0.0
                        } else if i % 4 == 1 {
                            -0.05
                        } else {
                            0.05
                        };
                        at(0.16 + 0.68 * t, wy + wave)
                    })
                    .collect();
                shapes.push(Shape::Polyline(Polyline {
                    points,
                    stroke: round_stroke(st.water_mark, map.len(0.028)),
                }));
            }
        }
        Cell::Crevice => {
            let points = [
                (0.08, 0.42),
                (0.3, 0.58),
                (0.46, 0.38),
                (0.62, 0.6),
                (0.78, 0.42),
                (0.92, 0.56),
            ]
            .into_iter()
            .map(|(dx, dy)| at(dx, dy))
            .collect();
            shapes.push(Shape::Polyline(Polyline {
                points,
                stroke: round_stroke(st.crevice_mark, map.len(0.04)),
            }));
        }
        Cell::Blocking => {
            let s = round_stroke(st.blocking_mark, map.len(0.04));
            shapes.push(line(at(0.22, 0.22), at(0.78, 0.78), s));
            shapes.push(line(at(0.78, 0.22), at(0.22, 0.78), s));
        }
        Cell::Floor | Cell::Wall | Cell::Void => {}
    }
}

/// The maximal runs `start..end` of `0..len` where `on` holds.
fn runs(len: i32, on: impl Fn(i32) -> bool) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < len {
        if !on(k) {
            k += 1;
            continue;
        }
        let start = k;
        while k < len && on(k) {
            k += 1;
        }
        out.push((start, k));
    }
    out
}

/// Thin lines between squares, wherever a tile square touches the line.
/// Runs along one grid line are merged into one line.
fn grid_layer(grid: &Grid, map: &MapGeom, st: &Style) -> Layer {
    let s = stroke(st.grid, st.grid_mm);
    let mut shapes = Vec::new();
    // Horizontal lines: line j lies between rows j-1 and j.
    for j in 0..=grid.rows {
        for (start, end) in runs(grid.columns, |x| {
            grid.is_tile(x, j - 1) || grid.is_tile(x, j)
        }) {
            shapes.push(line(
                map.pt(f64::from(start), f64::from(j)),
                map.pt(f64::from(end), f64::from(j)),
                s,
            ));
        }
    }
    // Vertical lines: line i lies between columns i-1 and i.
    for i in 0..=grid.columns {
        for (start, end) in runs(grid.rows, |y| grid.is_tile(i - 1, y) || grid.is_tile(i, y)) {
            shapes.push(line(
                map.pt(f64::from(i), f64::from(start)),
                map.pt(f64::from(i), f64::from(end)),
                s,
            ));
        }
    }
    Layer {
        id: "grid".into(),
        shapes,
    }
}

/// Hindering and water markers: inset tokens with rounded corners and a
/// letter, so they never look like printed terrain.
fn marker_layer(s: &Scenario, map: &MapGeom, st: &Style) -> Layer {
    let mut shapes = Vec::new();
    for m in &s.game.markers {
        marker_token(map, m, covered(s, m.x, m.y), st, &mut shapes);
    }
    Layer {
        id: "markers".into(),
        shapes,
    }
}

/// One terrain marker: an inset token with rounded corners and its letter
/// in the middle, or in the square's north-west corner when a token stands
/// on it (`covered`), so the token does not hide it.
fn marker_token(map: &MapGeom, m: &Marker, covered: bool, st: &Style, shapes: &mut Vec<Shape>) {
    let (token, letter) = match m.kind {
        MarkerKind::Hindering => (&st.marker_hindering, "H"),
        MarkerKind::Water => (&st.marker_water, "W"),
    };
    let o = map.pt(f64::from(m.x) + 0.16, f64::from(m.y) + 0.16);
    shapes.push(Shape::Rect(Rect {
        x: o.x,
        y: o.y,
        width: map.len(0.68),
        height: map.len(0.68),
        radius: map.len(0.1),
        paint: Paint {
            fill: token.fill,
            stroke: Some(stroke(st.token_ink, map.len(0.035))),
        },
    }));
    if covered {
        let size = map.text(0.15, 2.0, 30.0);
        shapes.push(label(
            map.pt(f64::from(m.x) + 0.12, f64::from(m.y) + 0.07)
                .offset(0.0, size * 0.73),
            letter.into(),
            size,
            true,
            Anchor::Start,
            st.ink,
            st.halo,
        ));
        return;
    }
    let size = map.text(0.3, 2.5, 60.0);
    shapes.push(plain(
        map.pt(f64::from(m.x) + 0.5, f64::from(m.y) + 0.5)
            .offset(0.0, size * 0.36),
        letter.into(),
        size,
        true,
        Anchor::Middle,
        token.text,
    ));
}

/// Does a token drawn over the markers (a WMT, a chest, the prisoner, a
/// staircase) stand on square `(x, y)`?
fn covered(s: &Scenario, x: i32, y: i32) -> bool {
    let g = &s.game;
    g.wmts.iter().any(|w| (w.x, w.y) == (x, y))
        || g.chests.iter().any(|c| (c.x, c.y) == (x, y))
        || g.prisoner.is_some_and(|p| (p.x, p.y) == (x, y))
        || g.staircase.is_some_and(|p| (p.x, p.y) == (x, y))
        || g.second_entrance.is_some_and(|p| (p.x, p.y) == (x, y))
}

/// The outline of the squares a tile covers, as closed loops of grid
/// corners (clockwise on the page; more than one loop if the tile has holes).
fn tile_loops(t: &crate::scenario::PlacedTile) -> Vec<Vec<(i32, i32)>> {
    // Directed boundary edges with the tile on their right.
    let mut edges: BTreeMap<(i32, i32), Vec<(i32, i32)>> = BTreeMap::new();
    let (w, h) = (
        t.width.min(i32::MAX as u32) as i32,
        t.height.min(i32::MAX as u32) as i32,
    );
    for y in t.y..t.y.saturating_add(h) {
        for x in t.x..t.x.saturating_add(w) {
            if !t.covers(x, y) {
                continue;
            }
            let mut add = |a: (i32, i32), b: (i32, i32)| edges.entry(a).or_default().push(b);
            if !t.covers(x, y - 1) {
                add((x, y), (x + 1, y));
            }
            if !t.covers(x + 1, y) {
                add((x + 1, y), (x + 1, y + 1));
            }
            if !t.covers(x, y + 1) {
                add((x + 1, y + 1), (x, y + 1));
            }
            if !t.covers(x - 1, y) {
                add((x, y + 1), (x, y));
            }
        }
    }
    let mut loops = Vec::new();
    while let Some((&start, _)) = edges.iter().next() {
        let mut path = vec![start];
        let mut at = start;
        while let Some(nexts) = edges.get_mut(&at) {
            let next = nexts.remove(0);
            if nexts.is_empty() {
                edges.remove(&at);
            }
            at = next;
            if at == start {
                break;
            }
            path.push(at);
        }
        loops.push(simplify(path));
    }
    loops
}

/// Drops corners that lie on a straight line between their neighbours.
fn simplify(path: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    let n = path.len();
    if n < 3 {
        return path;
    }
    (0..n)
        .filter(|&i| {
            let (a, b, c) = (path[(i + n - 1) % n], path[i], path[(i + 1) % n]);
            let cross = i64::from(b.0 - a.0) * i64::from(c.1 - b.1)
                - i64::from(b.1 - a.1) * i64::from(c.0 - b.0);
            cross != 0
        })
        .map(|i| path[i])
        .collect()
}

/// A loop of [`tile_loops`] moved `d` squares towards the tile on every
/// side (its edges are all across or down the page, the tile on their right).
fn inset_loop(l: &[(i32, i32)], d: f64) -> Vec<(f64, f64)> {
    let n = l.len();
    // The unit normal towards the tile of the edge from `a` to `b`.
    let inward = |a: (i32, i32), b: (i32, i32)| {
        let (ux, uy) = (
            f64::from((b.0 - a.0).signum()),
            f64::from((b.1 - a.1).signum()),
        );
        (-uy, ux)
    };
    (0..n)
        .map(|i| {
            let (a, b, c) = (l[(i + n - 1) % n], l[i], l[(i + 1) % n]);
            let (n1, n2) = (inward(a, b), inward(b, c));
            (
                f64::from(b.0) + d * (n1.0 + n2.0),
                f64::from(b.1) + d * (n1.1 + n2.1),
            )
        })
        .collect()
}

/// Tile outlines, the Central Chamber's highlighted beneath them.
fn outline_layer<G>(s: &Env<G>, map: &MapGeom, st: &Style, cut_out: bool) -> Layer {
    let mut shapes = Vec::new();
    let to_pts = |l: &[(i32, i32)]| {
        l.iter()
            .map(|&(x, y)| map.pt(f64::from(x), f64::from(y)))
            .collect()
    };
    if let Some(cc) = s.tiles.get(s.central_chamber.tile) {
        // On the cut-outs, just inside the chamber's edge, as a dead-end
        // bracket is, so a neighbour's cut-out never carries it; on the
        // map, on the edge, beneath the tile's outline.
        let inset = if cut_out {
            st.central_chamber_mm / 2.0 / map.sq
        } else {
            0.0
        };
        for l in tile_loops(cc) {
            shapes.push(Shape::Polygon(Polygon {
                points: inset_loop(&l, inset)
                    .into_iter()
                    .map(|(x, y)| map.pt(x, y))
                    .collect(),
                paint: Paint {
                    fill: Fill::None,
                    stroke: Some(stroke(
                        st.central_chamber.scale_alpha(0xb0),
                        st.central_chamber_mm,
                    )),
                },
            }));
        }
    }
    for t in &s.tiles {
        for l in tile_loops(t) {
            shapes.push(Shape::Polygon(Polygon {
                points: to_pts(&l),
                paint: Paint {
                    fill: Fill::None,
                    stroke: Some(stroke(st.outline, st.outline_mm)),
                },
            }));
        }
    }
    Layer {
        id: "outlines".into(),
        shapes,
    }
}

/// The midpoint of a square's edge on `side`, in square coordinates, and the outward unit step.
fn edge_point(x: i32, y: i32, side: Side) -> ((f64, f64), (f64, f64)) {
    let (fx, fy) = (f64::from(x), f64::from(y));
    let (dx, dy) = side.delta();
    let mid = match side {
        Side::N => (fx + 0.5, fy),
        Side::S => (fx + 0.5, fy + 1.0),
        Side::W => (fx, fy + 0.5),
        Side::E => (fx + 1.0, fy + 0.5),
    };
    (mid, (f64::from(dx), f64::from(dy)))
}

/// The doors: a bar across the edge, a locked door with a keyhole dot, a
/// secret door marked `S` (left off a player map).
fn door_layer(doors: &[DoorMark], player_map: bool, map: &MapGeom, st: &Style) -> Option<Layer> {
    let mut shapes = Vec::new();
    for d in doors {
        if player_map && d.kind == DoorKind::Secret {
            continue;
        }
        let Some([(x0, y0), (x1, y1)]) = d.edge() else {
            continue;
        };
        let (fx0, fy0, fx1, fy1) = (f64::from(x0), f64::from(y0), f64::from(x1), f64::from(y1));
        let along_x = y0 == y1;
        // 0.8 of the edge long, 0.2 of a square thick, centred on the edge.
        let (x, y, w, h) = if along_x {
            (fx0 + 0.1, fy0 - 0.1, fx1 - fx0 - 0.2, 0.2)
        } else {
            (fx0 - 0.1, fy0 + 0.1, 0.2, fy1 - fy0 - 0.2)
        };
        let o = map.pt(x, y);
        shapes.push(Shape::Rect(Rect {
            x: o.x,
            y: o.y,
            width: map.len(w),
            height: map.len(h),
            radius: 0.0,
            paint: Paint {
                fill: Fill::Solid(st.paper),
                stroke: Some(stroke(st.token_ink, map.len(0.04))),
            },
        }));
        let mid = map.pt((fx0 + fx1) / 2.0, (fy0 + fy1) / 2.0);
        match d.kind {
            DoorKind::Plain => {}
            DoorKind::Locked => shapes.push(Shape::Circle(Circle {
                centre: mid,
                radius: map.len(0.05),
                paint: fill(st.token_ink),
            })),
            DoorKind::Secret => {
                let size = map.text(0.16, 2.0, 40.0);
                shapes.push(plain(
                    mid.offset(0.0, size * 0.36),
                    "S".into(),
                    size,
                    true,
                    Anchor::Middle,
                    st.token_ink,
                ));
            }
        }
    }
    (!shapes.is_empty()).then(|| Layer {
        id: "doors".into(),
        shapes,
    })
}

/// The bracket of a dead end: across the opening, just inside the tile edge,
/// so that it belongs to its own tile's squares (a cut-out of the tile
/// next door never carries it).
fn dead_end_bracket(map: &MapGeom, x: i32, y: i32, side: Side, length: u32, st: &Style) -> Shape {
    let len = f64::from(length.max(1));
    let (fx, fy) = (f64::from(x), f64::from(y));
    // The edge segment in square coordinates, and the inward normal.
    let (a, b) = match side {
        Side::N => ((fx, fy), (fx + len, fy)),
        Side::S => ((fx, fy + 1.0), (fx + len, fy + 1.0)),
        Side::W => ((fx, fy), (fx, fy + len)),
        Side::E => ((fx + 1.0, fy), (fx + 1.0, fy + len)),
    };
    let (nx, ny) = {
        let (dx, dy) = side.delta();
        (-f64::from(dx), -f64::from(dy))
    };
    let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let inset = 0.12;
    let a2 = (a.0 + ux * inset, a.1 + uy * inset);
    let b2 = (b.0 - ux * inset, b.1 - uy * inset);
    let near = 0.04;
    let far = DEAD_END_DEPTH;
    let points = vec![
        map.pt(a2.0 + nx * near, a2.1 + ny * near),
        map.pt(a2.0 + nx * far, a2.1 + ny * far),
        map.pt(b2.0 + nx * far, b2.1 + ny * far),
        map.pt(b2.0 + nx * near, b2.1 + ny * near),
    ];
    Shape::Polyline(Polyline {
        points,
        stroke: Stroke {
            color: st.dead_end,
            width: map.len(0.07),
            round: false,
        },
    })
}

/// How far a dead-end bracket reaches into its tile, in squares.
const DEAD_END_DEPTH: f64 = 0.16;

/// The entrance arrow (shaft and head) pointing in across the edge `side` of square `(x, y)`.
fn entrance_arrow(map: &MapGeom, x: i32, y: i32, side: Side, st: &Style, shapes: &mut Vec<Shape>) {
    let ((mx, my), (nx, ny)) = edge_point(x, y, side);
    let (px, py) = (-ny, nx);
    let tip = (mx + nx * 0.04, my + ny * 0.04);
    let base = (mx + nx * 0.26, my + ny * 0.26);
    let tail = (mx + nx * 0.55, my + ny * 0.55);
    shapes.push(line(
        map.pt(tail.0, tail.1),
        map.pt(base.0, base.1),
        Stroke {
            color: st.entrance,
            width: map.len(0.08),
            round: false,
        },
    ));
    shapes.push(Shape::Polygon(Polygon {
        points: vec![
            map.pt(tip.0, tip.1),
            map.pt(base.0 + px * 0.17, base.1 + py * 0.17),
            map.pt(base.0 - px * 0.17, base.1 - py * 0.17),
        ],
        paint: fill(st.entrance),
    }));
}

/// A chest: a box with a triangle on its front, the level inside.
fn chest_shapes(
    map: &MapGeom,
    c: &Chest,
    corners: &WmtCorners,
    st: &Style,
    shapes: &mut Vec<Shape>,
) {
    let (cx, cy) = (f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
    let half = 0.22;
    let o = map.pt(cx - half, cy - half);
    let token = if c.quest { &st.quest_chest } else { &st.chest };
    let (nx, ny) = {
        let (dx, dy) = c.facing.delta();
        (f64::from(dx), f64::from(dy))
    };
    let (px, py) = (-ny, nx);
    let front = (cx + nx * half, cy + ny * half);
    shapes.push(Shape::Polygon(Polygon {
        points: vec![
            map.pt(front.0 + px * 0.12, front.1 + py * 0.12),
            map.pt(front.0 + nx * 0.14, front.1 + ny * 0.14),
            map.pt(front.0 - px * 0.12, front.1 - py * 0.12),
        ],
        paint: Paint {
            fill: Fill::Solid(st.token_ink),
            stroke: Some(round_stroke(st.token_ink, map.len(0.02))),
        },
    }));
    shapes.push(Shape::Rect(Rect {
        x: o.x,
        y: o.y,
        width: map.len(2.0 * half),
        height: map.len(2.0 * half),
        radius: map.len(0.04),
        paint: Paint {
            fill: token.fill,
            stroke: Some(stroke(
                st.token_ink,
                map.len(if c.quest { 0.05 } else { 0.03 }),
            )),
        },
    }));
    let size = map.text(0.26, 2.5, 50.0);
    shapes.push(plain(
        map.pt(cx, cy).offset(0.0, size * 0.36),
        c.level.to_string(),
        size,
        true,
        Anchor::Middle,
        token.text,
    ));
    if c.quest {
        // The caption goes on the side away from the front triangle, or
        // across from a dead-end bracket.
        let asked = map.text(0.12, 2.0, 20.0) / map.len(1.0);
        let (baseline, fit) = wmt::quest_caption(corners, c.facing, asked);
        let size = fit * map.len(1.0);
        shapes.push(label(
            map.pt(cx, cy + baseline),
            "Quest".into(),
            size,
            true,
            Anchor::Middle,
            st.ink,
            st.halo,
        ));
    }
}

/// Dead ends, the entrance, chests and wandering monster tokens (their
/// numbers left off when `face_down`).
fn feature_layer(s: &Scenario, map: &MapGeom, st: &Style, face_down: bool) -> Layer {
    let mut shapes = Vec::new();

    for d in &s.dead_ends {
        shapes.push(dead_end_bracket(map, d.x, d.y, d.side, d.length, st));
    }

    // The entrance: an arrow pointing in from outside the tile edge.
    {
        let e = &s.entrance;
        entrance_arrow(map, e.x, e.y, e.side, st, &mut shapes);
        let ((mx, my), (nx, ny)) = edge_point(e.x, e.y, e.side);
        let size = map.text(0.14, 2.5, 8.0);
        let mid_shaft = map.pt(mx + nx * 0.4, my + ny * 0.4);
        let (at, anchor) = match e.side {
            // Beside the shaft, east of it.
            Side::N | Side::S => (mid_shaft.offset(map.len(0.2), size * 0.35), Anchor::Start),
            // Above the shaft.
            Side::E | Side::W => (mid_shaft.offset(0.0, -map.len(0.22)), Anchor::Middle),
        };
        shapes.push(label(
            at,
            "Entrance".into(),
            size,
            true,
            anchor,
            st.entrance,
            st.halo,
        ));
    }

    for c in &s.game.chests {
        chest_shapes(map, c, &WmtCorners::on(s, c.x, c.y), st, &mut shapes);
    }

    // Mission pieces: the prisoner, the staircase down, the second entrance.
    mission_pieces(s, map, st, &mut shapes);

    // A kidnapping Guardian wanders: it gets a second ring and a K badge, so
    // it is told apart from both a plain WMT and a Guardian that stays put.
    let kidnapping = is_kidnapping(s);
    for w in &s.game.wmts {
        let corners = WmtCorners::on(s, w.x, w.y);
        wmt_shapes(map, w, kidnapping, face_down, corners, st, &mut shapes);
    }
    Layer {
        id: "features".into(),
        shapes,
    }
}

fn is_kidnapping(s: &Scenario) -> bool {
    crate::mkd::orders::mission_of(s).goal == crate::mkd::mission::Goal::Kidnapping
}

/// The top of the staircase's lowest tread, in squares below the square's centre.
const STAIRS_LOWEST_TREAD: f64 = 0.0;

/// A square staircase token with three treads and its letter below them.
fn stairs_token(map: &MapGeom, x: i32, y: i32, letter: &str, st: &Style, shapes: &mut Vec<Shape>) {
    let (cx, cy) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
    let half = 0.3;
    let o = map.pt(cx - half, cy - half);
    shapes.push(Shape::Rect(Rect {
        x: o.x,
        y: o.y,
        width: map.len(2.0 * half),
        height: map.len(2.0 * half),
        radius: 0.0,
        paint: Paint {
            fill: Fill::Solid(st.ink_light),
            stroke: Some(stroke(st.ink, map.len(0.05))),
        },
    }));
    // Three treads, each shorter than the one before, in the upper part of
    // the token; the letter sits below the lowest, clear of it.
    for (i, w) in [0.5, 0.36, 0.22].into_iter().enumerate() {
        let ty = cy + STAIRS_LOWEST_TREAD - 0.1 * (2.0 - i as f64);
        shapes.push(line(
            map.pt(cx - w / 2.0, ty),
            map.pt(cx + w / 2.0, ty),
            stroke(st.ink, map.len(0.035)),
        ));
    }
    let size = map.text(0.17, 2.0, 40.0);
    shapes.push(plain(
        map.pt(cx, cy + half - 0.04),
        letter.into(),
        size,
        true,
        Anchor::Middle,
        st.ink,
    ));
}

/// The prisoner's round token with its letter.
fn prisoner_token(map: &MapGeom, x: i32, y: i32, st: &Style, shapes: &mut Vec<Shape>) {
    let c = map.pt(f64::from(x) + 0.5, f64::from(y) + 0.5);
    shapes.push(Shape::Circle(Circle {
        centre: c,
        radius: map.len(0.3),
        paint: Paint {
            fill: Fill::Solid(st.ink_light),
            stroke: Some(stroke(st.entrance, map.len(0.06))),
        },
    }));
    let size = map.text(0.3, 2.5, 60.0);
    shapes.push(plain(
        c.offset(0.0, size * 0.36),
        "P".into(),
        size,
        true,
        Anchor::Middle,
        st.entrance,
    ));
}

/// A round token with a letter and a caption below it (the prisoner), or a
/// square one with steps drawn in it (a staircase).
fn mission_pieces(s: &Scenario, map: &MapGeom, st: &Style, shapes: &mut Vec<Shape>) {
    let caption = |shapes: &mut Vec<Shape>, x: i32, y: i32, text: &str| {
        let size = map.text(0.12, 2.0, 20.0);
        let (cx, cy) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
        shapes.push(label(
            map.pt(cx, cy + 0.3).offset(0.0, size * 0.8),
            text.into(),
            size,
            true,
            Anchor::Middle,
            st.ink,
            st.halo,
        ));
    };
    if let Some(p) = s.game.prisoner {
        prisoner_token(map, p.x, p.y, st, shapes);
        caption(shapes, p.x, p.y, "Prisoner");
    }
    if let Some(t) = s.game.staircase {
        stairs_token(map, t.x, t.y, "S", st, shapes);
        caption(shapes, t.x, t.y, "Stairs down");
    }
    if let Some(e) = s.game.second_entrance {
        stairs_token(map, e.x, e.y, "E2", st, shapes);
        caption(shapes, e.x, e.y, "2nd entrance");
    }
}

/// Is there a dead end along edge `side` of square `(x, y)`?
fn dead_end_on<G>(s: &Env<G>, x: i32, y: i32, side: Side) -> bool {
    s.dead_ends.iter().any(|d| {
        let n = d.length.max(1).min(i32::MAX as u32) as i32;
        d.side == side
            && match side {
                Side::N | Side::S => d.y == y && (d.x..d.x.saturating_add(n)).contains(&x),
                Side::W | Side::E => d.x == x && (d.y..d.y.saturating_add(n)).contains(&y),
            }
    })
}

/// Each tile's id, face and rotation in its north-west square, and the
/// Central Chamber's name in its north-east corner.
/// The squares a chest, a wandering monster token or a spot (the
/// prisoner, the second entrance, the staircase) stands on, sorted.
fn marked_squares(s: &Scenario) -> Vec<(i32, i32)> {
    let g = &s.game;
    let mut out: Vec<(i32, i32)> = g
        .chests
        .iter()
        .map(|c| (c.x, c.y))
        .chain(g.wmts.iter().map(|w| (w.x, w.y)))
        .chain(
            [&g.prisoner, &g.second_entrance, &g.staircase]
                .into_iter()
                .flatten()
                .map(|p| (p.x, p.y)),
        )
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn label_layer(s: &Scenario, map: &MapGeom, st: &Style) -> Layer {
    let mut shapes = Vec::new();
    let id_size = map.text(0.16, 2.5, 12.0);
    let detail_size = id_size * 0.72;
    let taken = marked_squares(s);
    for t in &s.tiles {
        let (w, h) = (
            t.width.min(i32::MAX as u32) as i32,
            t.height.min(i32::MAX as u32) as i32,
        );
        // The first square of the tile, row by row, that no chest, token or
        // spot takes (a label over the Quest Chest hid its level); the very
        // first if every square is taken.
        let squares = || {
            (t.y..t.y.saturating_add(h))
                .flat_map(|y| (t.x..t.x.saturating_add(w)).map(move |x| (x, y)))
                .filter(|&(x, y)| t.covers(x, y))
        };
        let first = squares()
            .find(|q| taken.binary_search(q).is_err())
            .or_else(|| squares().next())
            .unwrap_or((t.x, t.y));
        // A dead-end bracket along the square's north or west edge pushes
        // the label clear of it.
        let clear = |side| {
            if dead_end_on(s, first.0, first.1, side) {
                DEAD_END_DEPTH + 0.02
            } else {
                0.0
            }
        };
        let o = map.pt(f64::from(first.0), f64::from(first.1)).offset(
            map.len(0.07 + clear(Side::W)),
            map.len(0.06 + clear(Side::N)),
        );
        shapes.push(label(
            o.offset(0.0, id_size),
            t.id.clone(),
            id_size,
            true,
            Anchor::Start,
            st.ink,
            st.halo,
        ));
        shapes.push(label(
            o.offset(0.0, id_size + detail_size * 1.2),
            format!("{} {}°", t.face.name(), t.rotation),
            detail_size,
            false,
            Anchor::Start,
            st.ink,
            st.halo,
        ));
    }
    if let Some(cc) = s.tiles.get(s.central_chamber.tile) {
        // In the north-east corner, where tiles have walls and not entryways.
        let size = map.text(0.15, 2.5, 12.0);
        let (ex, ny) = (cc.x + cc.width.min(i32::MAX as u32) as i32 - 1, cc.y);
        // The label spans about two squares west of the corner.
        let clear = |side| {
            if (ex - 2..=ex).any(|x| dead_end_on(s, x, ny, side)) {
                DEAD_END_DEPTH + 0.02
            } else {
                0.0
            }
        };
        let at = map
            .pt(f64::from(cc.x) + f64::from(cc.width), f64::from(cc.y))
            .offset(
                -map.len(0.07 + clear(Side::E)),
                map.len(0.06 + clear(Side::N)) + size,
            );
        shapes.push(label(
            at,
            "Central Chamber".into(),
            size,
            true,
            Anchor::End,
            st.central_chamber,
            st.halo,
        ));
    }
    Layer {
        id: "labels".into(),
        shapes,
    }
}
