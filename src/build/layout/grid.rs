//! The dungeon's bounding box as a grid of cells, with the tile under each.

use super::{LaidTile, Layout};
use crate::tileset::{Cell, Face};
use std::sync::Arc;

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
    /// Each tile's face and the local square of its north-west corner.
    faces: Vec<(Arc<Face>, i32, i32)>,
}

/// The laid tiles' bounding box: west and north edge, width and height.
fn bounds(layout: &Layout) -> (i32, i32, u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for t in &layout.tiles {
        x0 = x0.min(t.x);
        y0 = y0.min(t.y);
        x1 = x1.max(t.x + t.width() as i32);
        y1 = y1.max(t.y + t.height() as i32);
    }
    (x0, y0, (x1 - x0).max(0) as u32, (y1 - y0).max(0) as u32)
}

impl Grid {
    /// The grid of a layout.
    pub fn from_layout(layout: &Layout) -> Grid {
        let (x0, y0, width, height) = bounds(layout);
        let n = width as usize * height as usize;
        let mut grid = Grid {
            x0,
            y0,
            width,
            height,
            cells: vec![Cell::Void; n],
            owner: vec![-1; n],
            squares: Vec::with_capacity(layout.tiles.iter().map(|t| t.cells.area()).sum()),
            square_start: Vec::with_capacity(layout.tiles.len() + 1),
            faces: Vec::with_capacity(layout.tiles.len()),
        };
        for (i, t) in layout.tiles.iter().enumerate() {
            grid.square_start.push(grid.squares.len());
            let corner = grid.paint(i, t);
            grid.faces.push(corner);
        }
        grid.square_start.push(grid.squares.len());
        grid
    }

    /// The grid of `layout`, which differs from the layout this grid shows
    /// only in where and how tile `index` lies. Build step 7 makes a grid
    /// for every orientation it tries; when the box stays the same (nearly
    /// always), this grid is copied and only that tile is painted again,
    /// rather than every tile.
    pub fn relaid(&self, layout: &Layout, index: usize) -> Grid {
        let same_box = bounds(layout) == (self.x0, self.y0, self.width, self.height);
        if !same_box || layout.tiles.len() != self.faces.len() {
            return Grid::from_layout(layout);
        }
        let mut grid = Grid {
            cells: self.cells.clone(),
            owner: self.owner.clone(),
            squares: Vec::with_capacity(self.squares.len() + layout.tiles[index].cells.area()),
            square_start: Vec::with_capacity(self.square_start.len()),
            faces: self.faces.clone(),
            ..*self
        };
        for &(x, y) in self.squares_of(index) {
            let k = self.index(x, y);
            grid.cells[k] = Cell::Void;
            grid.owner[k] = -1;
        }
        let (old_start, old_end) = (self.square_start[index], self.square_start[index + 1]);
        grid.squares.extend_from_slice(&self.squares[..old_start]);
        grid.square_start
            .extend_from_slice(&self.square_start[..=index]);
        grid.faces[index] = grid.paint(index, &layout.tiles[index]);
        let new_end = grid.squares.len();
        grid.squares.extend_from_slice(&self.squares[old_end..]);
        grid.square_start.extend(
            self.square_start[index + 1..]
                .iter()
                .map(|&s| s - old_end + new_end),
        );
        debug_assert_eq!(grid, Grid::from_layout(layout));
        grid
    }

    /// Paints tile `i`'s squares into the cells and owners and appends them
    /// to `squares`; returns its face and local north-west corner.
    fn paint(&mut self, i: usize, t: &LaidTile) -> (Arc<Face>, i32, i32) {
        let (lx0, ly0) = (t.x - self.x0, t.y - self.y0);
        for (fy, row) in t.cells.rows().enumerate() {
            let ly = ly0 + fy as i32;
            let base = ly as usize * self.width as usize;
            for (fx, &c) in row.iter().enumerate() {
                if c.is_tile() {
                    let lx = lx0 + fx as i32;
                    let k = base + lx as usize;
                    self.cells[k] = c;
                    self.owner[k] = i as i32;
                    self.squares.push((lx, ly));
                }
            }
        }
        (Arc::clone(&t.cells), lx0, ly0)
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
        // connections. Only the east and south neighbours of each face's
        // south-east rim are looked at (the west and north ones are found
        // from the other side; every other neighbour is the tile's own
        // square): this runs for every analysis, and step 7 analyses every
        // orientation it tries.
        let w = self.width as usize;
        let mut out: Vec<[usize; 2]> = Vec::with_capacity(2 * self.faces.len());
        for (a, (face, lx0, ly0)) in self.faces.iter().enumerate() {
            let a = a as i32;
            for &(fx, fy) in face.south_east_rim() {
                let (x, y) = ((lx0 + fx as i32) as usize, (ly0 + fy as i32) as usize);
                let k = y * w + x;
                for (inside, n) in [(x + 1 < w, k + 1), (k + w < self.cells.len(), k + w)] {
                    if !inside {
                        continue;
                    }
                    let b = self.owner[n];
                    if b >= 0 && b != a && self.cells[n].passable() {
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

    /// Every square's cell, row-major (`Void` where no tile lies).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
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

    /// How many squares the tiles cover.
    pub fn square_count(&self) -> usize {
        self.squares.len()
    }

    /// Local squares of one tile, row-major.
    pub fn squares_of(&self, tile: usize) -> &[(i32, i32)] {
        match (self.square_start.get(tile), self.square_start.get(tile + 1)) {
            (Some(&a), Some(&b)) => &self.squares[a..b],
            _ => &[],
        }
    }
}
