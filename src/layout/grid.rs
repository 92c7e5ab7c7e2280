//! The dungeon's bounding box as a grid of cells, with the tile under each.

use super::Layout;
use crate::tileset::Cell;

/// The laid tiles' bounding box: cells and owning tile per square. Local
/// coordinates: `(0, 0)` is the north-west corner of the box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Table column of the box's west edge.
    pub x0: i32,
    /// Table row of the box's north edge.
    pub y0: i32,
    /// Width in squares.
    pub width: u32,
    /// Height in squares.
    pub height: u32,
    cells: Vec<Cell>,
    owner: Vec<i32>,
    /// Every tile's squares, row-major, tile after tile (one allocation).
    squares: Vec<(i32, i32)>,
    /// Where each tile's squares start in `squares`, plus the end.
    square_start: Vec<usize>,
}

impl Grid {
    /// The grid of a layout.
    pub fn from_layout(layout: &Layout) -> Grid {
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for t in &layout.tiles {
            x0 = x0.min(t.x);
            y0 = y0.min(t.y);
            x1 = x1.max(t.x + t.width() as i32);
            y1 = y1.max(t.y + t.height() as i32);
        }
        let (width, height) = ((x1 - x0).max(0) as u32, (y1 - y0).max(0) as u32);
        let n = width as usize * height as usize;
        let mut cells = vec![Cell::Void; n];
        let mut owner = vec![-1; n];
        let mut squares = Vec::with_capacity(layout.tiles.iter().map(|t| t.cells.area()).sum());
        let mut square_start = Vec::with_capacity(layout.tiles.len() + 1);
        for (i, t) in layout.tiles.iter().enumerate() {
            square_start.push(squares.len());
            let (lx0, ly0) = (t.x - x0, t.y - y0);
            for (fy, row) in t.cells.rows().enumerate() {
                let ly = ly0 + fy as i32;
                let base = ly as usize * width as usize;
                for (fx, &c) in row.iter().enumerate() {
                    if c.is_tile() {
                        let lx = lx0 + fx as i32;
                        let k = base + lx as usize;
                        cells[k] = c;
                        owner[k] = i as i32;
                        squares.push((lx, ly));
                    }
                }
            }
        }
        square_start.push(squares.len());
        Grid {
            x0,
            y0,
            width,
            height,
            cells,
            owner,
            squares,
            square_start,
        }
    }

    /// The tiles connected to `tile`, ascending: the tiles of the
    /// connections that hold it, found from its own squares only.
    pub fn neighbours_of(&self, tile: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for &(x, y) in self.squares_of(tile) {
            if !self.cell(x, y).passable() {
                continue;
            }
            for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                if let Some(b) = self.owner(nx, ny)
                    && b != tile
                    && self.cell(nx, ny).passable()
                {
                    out.push(b);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Pairs of tiles that are connected (a passable square of one next to a
    /// passable square of the other), ascending and sorted.
    pub fn connections(&self) -> Vec<[usize; 2]> {
        // Neighbouring squares of two different tiles are edge squares of
        // both, so walkable pairs across a tile border are exactly the
        // connections. Only the tiles' own squares are looked at, not the
        // whole box: this runs for every analysis, and step 7 analyses every
        // orientation it tries.
        let w = self.width as usize;
        let mut out: Vec<[usize; 2]> = Vec::with_capacity(2 * self.square_start.len());
        let walkable = |k: usize| self.owner[k] >= 0 && self.cells[k].passable();
        for (a, pair) in self.square_start.windows(2).enumerate() {
            let a = a as i32;
            for &(x, y) in &self.squares[pair[0]..pair[1]] {
                let k = y as usize * w + x as usize;
                if !self.cells[k].passable() {
                    continue;
                }
                // East and south neighbours only: the west and north ones
                // are found from the other side.
                for (inside, n) in [
                    (x as usize + 1 < w, k + 1),
                    (k + w < self.cells.len(), k + w),
                ] {
                    if inside && walkable(n) && self.owner[n] != a {
                        let b = self.owner[n];
                        let p = [a.min(b) as usize, a.max(b) as usize];
                        // Border squares come in runs along an edge.
                        if out.last() != Some(&p) {
                            out.push(p);
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Is a local square inside the box?
    pub fn inside(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width as i32 && y < self.height as i32
    }

    /// Row-major index of a local square inside the box.
    pub fn index(&self, x: i32, y: i32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// The cell at a local square (`Void` outside the box).
    pub fn cell(&self, x: i32, y: i32) -> Cell {
        if self.inside(x, y) {
            self.cells[self.index(x, y)]
        } else {
            Cell::Void
        }
    }

    /// The tile covering a local square.
    pub fn owner(&self, x: i32, y: i32) -> Option<usize> {
        if self.inside(x, y) {
            usize::try_from(self.owner[self.index(x, y)]).ok()
        } else {
            None
        }
    }

    /// Converts a table square to local coordinates.
    pub fn local(&self, x: i32, y: i32) -> (i32, i32) {
        (x - self.x0, y - self.y0)
    }

    /// The grid as rows of legend characters, north first.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width.max(1) as usize)
            .map(|r| {
                let mut row = String::with_capacity(r.len());
                row.extend(r.iter().map(|c| c.to_char()));
                row
            })
            .collect()
    }

    /// Local squares of one tile, row-major.
    pub fn squares_of(&self, tile: usize) -> &[(i32, i32)] {
        match (self.square_start.get(tile), self.square_start.get(tile + 1)) {
            (Some(&a), Some(&b)) => &self.squares[a..b],
            _ => &[],
        }
    }
}
