//! The dungeon as the play engine sees it: squares, tiles, doors and markers,
//! and sight over them; the shortest routes are in [`walk`].
//!
//! Squares use the scenario's grid coordinates (column `x` east, row `y`
//! south, from the dungeon's north-west corner), the same numbers `map`
//! prints on its rulers. Figures walk orthogonally, as the generator's
//! reachability analysis does.

use crate::core::geom::{AROUND, Ruler};
use crate::mkd::scenario::{MarkerKind, Scenario};
use crate::scenario::Point;
use crate::tileset::{Cell, Side, TileKind};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A tile's name in the transcript: its id in the tile set (`C16`, `H3`),
/// the name the map and the setup sheet print, so the players pick up the
/// tile play names. A value (copied into events), so it names the tile of
/// its floor even after the heroes went down. An id longer than
/// [`TileLabel::MAX`] bytes (only a hand-edited scenario has one) falls back
/// to the kind letter and the tile's number among its kind (`C3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileLabel {
    /// Chamber or hallway.
    pub kind: TileKind,
    bytes: [u8; TileLabel::MAX],
    len: u8,
}

impl TileLabel {
    /// The longest id kept as it is (the tile-set loader allows 32 bytes).
    pub const MAX: usize = 32;

    /// The label of a tile with this id, `number` its place among the tiles
    /// of its kind (from 1), used only when the id does not fit.
    pub fn new(kind: TileKind, id: &str, number: u32) -> TileLabel {
        let fallback;
        let text = if !id.is_empty() && id.len() <= Self::MAX {
            id
        } else {
            let letter = match kind {
                TileKind::Chamber => 'C',
                TileKind::Hallway => 'H',
            };
            fallback = format!("{letter}{number}");
            fallback.as_str()
        };
        let mut bytes = [0; Self::MAX];
        let len = text.len().min(Self::MAX);
        bytes[..len].copy_from_slice(&text.as_bytes()[..len]);
        TileLabel {
            kind,
            bytes,
            len: len as u8,
        }
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("?")
    }
}

impl std::fmt::Display for TileLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tile as the engine needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct TileInfo {
    /// Hallway or chamber.
    pub kind: TileKind,
    /// Short name used in the transcript.
    pub label: TileLabel,
    /// West column of the rectangle.
    pub x: i32,
    /// North row of the rectangle.
    pub y: i32,
    /// Width in squares.
    pub width: i32,
    /// Height in squares.
    pub height: i32,
    /// The centre square (rounded north-west).
    pub centre: Point,
}

impl TileInfo {
    /// Does the rectangle hold this square (ignoring voids)?
    pub fn in_rect(&self, p: Point) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x + self.width && p.y < self.y + self.height
    }
}

/// A door laid on an entryway between two tiles (found as an accessory).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Door {
    /// Pairs of orthogonally adjacent squares the door stands between.
    pub edges: Vec<[Point; 2]>,
    /// Is it open?
    pub open: bool,
    /// The trap on it: `None` until a hero checks it or springs it.
    pub trap: DoorTrap,
}

/// What is known about a door's trap.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoorTrap {
    /// Nobody has checked the door yet.
    Unchecked,
    /// Checked: the trap rolled from a random chest of the pool (level, d6 face).
    Armed {
        /// Level of the chest picked from the pool.
        level: u32,
        /// The d6 face rolled on that chest's trap table.
        face: u32,
    },
    /// Sprung, disarmed or destroyed: never active again.
    Spent,
}

/// A marker laid on a square during play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayMarker {
    /// A teleporter.
    Teleporter,
    /// A vortex (turns its tile).
    Vortex,
    /// A staircase (multi-floor dungeons).
    Staircase,
}

/// The board: fixed cells from the scenario plus what play changes.
///
/// The squares around the dungeon's bounding box are kept too (a margin as
/// wide as the largest tile), so a tile turned by a vortex can stick out of
/// the box; squares there have negative or large coordinates.
#[derive(Debug, Clone)]
pub struct Board {
    /// Columns of the scenario's grid.
    pub width: i32,
    /// Rows of the scenario's grid.
    pub height: i32,
    /// Margin kept on every side, in squares.
    margin: i32,
    /// Columns and rows stored (grid plus margins).
    cols: i32,
    rows: i32,
    cells: Vec<Cell>,
    tile_of: Vec<u32>,
    /// Tiles in scenario order.
    pub tiles: Vec<TileInfo>,
    /// Connected tile pairs.
    pub connections: Vec<[usize; 2]>,
    /// The entrance entryway's squares (on the entrance tile's edge).
    pub entrance: Vec<Point>,
    /// The side heroes come in from.
    pub entrance_side: Side,
    /// The Central Chamber's tile index.
    pub central: usize,
    /// Doors laid so far.
    pub doors: Vec<Door>,
    /// Squares of other tiles lying under a tile turned by a vortex: the
    /// square, its cell and its tile, to put back when they come free.
    pub covered: Vec<(Point, Cell, usize)>,
    /// Every tile's [`Board::tile_squares`], listed on first use (the
    /// wandering tokens ask for them at every step of the dungeon's turn)
    /// and forgotten whenever a cell, a square's tile or a tile's place
    /// changes ([`Board::set_cell`], [`Board::set_tile_at`],
    /// [`Board::turn_tile`]).
    tile_squares: OnceLock<Vec<Vec<Point>>>,
}

const NO_TILE: u32 = u32::MAX;

impl Board {
    /// The board of a scenario.
    pub fn new(s: &Scenario) -> Board {
        let width = s.size.width as i32;
        let height = s.size.height as i32;
        // A tile turned at the grid's edge sticks out by less than its
        // longer side; one square more keeps the outermost ring empty,
        // which lets the route walks step to all four neighbours of any
        // square a figure can stand on without a bounds check.
        let margin = s
            .tiles
            .iter()
            .map(|t| t.width.max(t.height) as i32)
            .max()
            .unwrap_or(0)
            + 1;
        let (cols, rows) = (width.max(0) + 2 * margin, height.max(0) + 2 * margin);
        let n = (cols * rows) as usize;
        let mut cells = vec![Cell::Void; n];
        let mut tile_of = vec![NO_TILE; n];
        let at = |x: i32, y: i32| ((y + margin) * cols + x + margin) as usize;
        for y in 0..height {
            for x in 0..width {
                cells[at(x, y)] = s.cell(x, y);
            }
        }
        // The hindering and water markers laid at setup (build step 8) are
        // terrain from the first move on; the loader has put each on a clear
        // floor square of the grid.
        for m in &s.game.markers {
            if (0..width).contains(&m.x) && (0..height).contains(&m.y) {
                cells[at(m.x, m.y)] = match m.kind {
                    MarkerKind::Hindering => Cell::Hindering,
                    MarkerKind::Water => Cell::Water,
                };
            }
        }
        let mut tiles = Vec::with_capacity(s.tiles.len());
        let (mut nc, mut nh) = (0, 0);
        for (i, t) in s.tiles.iter().enumerate() {
            for y in t.y..t.y + t.height as i32 {
                for x in t.x..t.x + t.width as i32 {
                    if x >= 0 && y >= 0 && x < width && y < height && t.covers(x, y) {
                        tile_of[at(x, y)] = i as u32;
                    }
                }
            }
            let number = match t.kind {
                TileKind::Chamber => {
                    nc += 1;
                    nc
                }
                TileKind::Hallway => {
                    nh += 1;
                    nh
                }
            };
            let label = TileLabel::new(t.kind, &t.id, number);
            tiles.push(TileInfo {
                kind: t.kind,
                label,
                x: t.x,
                y: t.y,
                width: t.width as i32,
                height: t.height as i32,
                centre: t.centre(),
            });
        }
        let e = &s.entrance;
        let entrance: Vec<Point> = e.squares().collect();
        // Only the entryway's squares that are walkable squares of the
        // entrance tile (a hand-edited length cannot reach elsewhere); the
        // middle square, checked when the scenario was read, at least.
        let on_entrance = |p: &Point| {
            p.x >= 0
                && p.y >= 0
                && p.x < width
                && p.y < height
                && s.cell(p.x, p.y).passable()
                && s.tiles.get(e.tile).is_some_and(|t| t.covers(p.x, p.y))
        };
        let mut entrance: Vec<Point> = entrance.into_iter().filter(on_entrance).collect();
        if entrance.is_empty() {
            entrance.push(Point { x: e.x, y: e.y });
        }
        Board {
            width,
            height,
            margin,
            cols,
            rows,
            cells,
            tile_of,
            tiles,
            connections: s.connections.clone(),
            entrance,
            entrance_side: e.side,
            central: s.central_chamber.tile,
            doors: Vec::new(),
            tile_squares: OnceLock::new(),
            covered: Vec::new(),
        }
    }

    fn index(&self, p: Point) -> Option<usize> {
        let (x, y) = (p.x + self.margin, p.y + self.margin);
        // Negative coordinates turn into large unsigned ones, off the board.
        ((x as u32) < (self.cols as u32) && (y as u32) < (self.rows as u32))
            .then(|| (y * self.cols + x) as usize)
    }

    /// The index of square `p` ([`Board::idx`]) when it is off the board's
    /// outermost ring, so that all eight squares around it are kept too.
    /// That ring is empty: every square a figure can stand on is inside it.
    fn inner_index(&self, p: Point) -> Option<usize> {
        let (x, y) = (p.x + self.margin, p.y + self.margin);
        // Negative coordinates turn into large unsigned ones, as in `index`.
        ((x as u32).wrapping_sub(1) < (self.cols - 2) as u32
            && (y as u32).wrapping_sub(1) < (self.rows - 2) as u32)
            .then(|| (y * self.cols + x) as usize)
    }

    /// The indexes of the eight squares around `p` (by [`Board::idx`]), in
    /// [`AROUND`]'s order, clockwise from north; `None` for a square on the
    /// outermost ring or off the board, whose neighbours are not all kept.
    pub fn around_indexes(&self, p: Point) -> Option<[usize; 8]> {
        let i = self.inner_index(p)? as isize;
        let cols = self.cols as isize;
        Some(AROUND.map(|(dx, dy)| (i + dy as isize * cols + dx as isize) as usize))
    }

    /// Can a figure stand on square `i` ([`Board::passable`] by index)?
    pub fn passable_at(&self, i: usize) -> bool {
        self.cells[i].passable()
    }

    /// Number of squares (for distance fields).
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Is the board empty?
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Does a line of fire or sight pass over board index `i`
    /// ([`see_through`])? Not off the board.
    #[inline]
    pub(crate) fn see_through_at(&self, i: usize) -> bool {
        see_through(self.cells.get(i).copied().unwrap_or(Cell::Void))
    }

    /// The square of a field index.
    pub fn point(&self, i: usize) -> Point {
        Point {
            x: i as i32 % self.cols - self.margin,
            y: i as i32 / self.cols - self.margin,
        }
    }

    /// The squares that hold any tile: (west, north, east, south), inclusive.
    /// The scenario's box, grown if a turned tile sticks out of it.
    pub fn extent(&self) -> (i32, i32, i32, i32) {
        let mut e = (0, 0, self.width - 1, self.height - 1);
        for (i, c) in self.cells.iter().enumerate() {
            if c.is_tile() {
                let p = self.point(i);
                e = (e.0.min(p.x), e.1.min(p.y), e.2.max(p.x), e.3.max(p.y));
            }
        }
        e
    }

    /// The field index of a square on the board.
    pub fn idx(&self, p: Point) -> Option<usize> {
        self.index(p)
    }

    /// The cell at a square (`Void` off the board).
    pub fn cell(&self, p: Point) -> Cell {
        self.index(p).map_or(Cell::Void, |i| self.cells[i])
    }

    /// Changes a cell (terrain markers, vortex overlaps).
    pub fn set_cell(&mut self, p: Point, c: Cell) {
        if let Some(i) = self.index(p) {
            // The outermost ring stays void (see `Board::new`), as squares
            // off the table do.
            if !self.on_rim(i) {
                self.cells[i] = c;
                self.tile_squares = OnceLock::new();
            }
        }
    }

    /// Is square `i` on the outermost ring of the table, which stays void?
    fn on_rim(&self, i: usize) -> bool {
        let ring = || {
            let (cols, rows) = (self.cols as usize, self.rows as usize);
            let (x, y) = (i % cols, i / cols);
            x == 0 || y == 0 || x + 1 == cols || y + 1 == rows
        };
        debug_assert!(
            !ring() || self.cells[i] == Cell::Void,
            "square {i} on the rim is not void"
        );
        // Every square of the ring is void, so one that is not is off it:
        // the walks ask this of every square they start from, nearly all
        // of them floor, and the ring's test costs a division.
        self.cells[i] == Cell::Void && ring()
    }

    /// Can a figure walking as `m` stand on (step onto) square `p`?
    pub fn can_stand(&self, p: Point, m: &Mover) -> bool {
        self.index(p)
            .is_some_and(|i| self.enter_cost(i, m).is_some())
    }

    /// Can a figure stand on this square?
    pub fn passable(&self, p: Point) -> bool {
        self.cell(p).passable()
    }

    /// The tile a square belongs to.
    pub fn tile_at(&self, p: Point) -> Option<usize> {
        self.index(p)
            .map(|i| self.tile_of[i])
            .filter(|&t| t != NO_TILE)
            .map(|t| t as usize)
    }

    /// Sets the tile a square belongs to (vortex).
    pub fn set_tile_at(&mut self, p: Point, tile: Option<usize>) {
        if let Some(i) = self.index(p) {
            self.tile_of[i] = tile.map_or(NO_TILE, |t| t as u32);
            self.tile_squares = OnceLock::new();
        }
    }

    /// Every square of tile `t` with its cell (walls too), in field order.
    pub fn tile_cells(&self, t: usize) -> Vec<(Point, Cell)> {
        (0..self.cells.len())
            .filter(|&i| self.tile_of[i] == t as u32)
            .map(|i| (self.point(i), self.cells[i]))
            .collect()
    }

    /// Turns tile `t` a quarter turn clockwise about its centre square (a
    /// vortex). Returns where each of its squares went (old, new) and the
    /// squares of other tiles it now covers. Squares it uncovers that
    /// belonged to another tile come back as that tile's, floor turned to
    /// hindering terrain. The caller moves and destroys what stood there.
    pub fn turn_tile(&mut self, t: usize) -> (Vec<(Point, Point)>, Vec<Point>) {
        let c = self.tiles[t].centre;
        let turn = |p: Point| Point {
            x: c.x - (p.y - c.y),
            y: c.y + (p.x - c.x),
        };
        let before = self.tile_cells(t);
        // Lift the tile: what lay under it comes back (marked hindering).
        for &(p, _) in &before {
            let i = self.index(p).expect("on the board");
            match self.covered.iter().position(|k| k.0 == p) {
                Some(k) => {
                    let (_, cell, owner) = self.covered.remove(k);
                    self.cells[i] = if cell == Cell::Floor {
                        Cell::Hindering
                    } else {
                        cell
                    };
                    self.tile_of[i] = owner as u32;
                }
                None => {
                    self.cells[i] = Cell::Void;
                    self.tile_of[i] = NO_TILE;
                }
            }
        }
        // Lay it down turned.
        let mut moved = Vec::with_capacity(before.len());
        let mut crushed = Vec::new();
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for &(p, cell) in &before {
            let q = turn(p);
            let Some(i) = self.index(q) else { continue };
            if self.tile_of[i] != NO_TILE {
                self.covered
                    .push((q, self.cells[i], self.tile_of[i] as usize));
                crushed.push(q);
            }
            self.cells[i] = cell;
            self.tile_of[i] = t as u32;
            moved.push((p, q));
            (x0, y0, x1, y1) = (x0.min(q.x), y0.min(q.y), x1.max(q.x), y1.max(q.y));
        }
        if x0 <= x1 {
            let info = &mut self.tiles[t];
            (info.x, info.y, info.width, info.height) = (x0, y0, x1 - x0 + 1, y1 - y0 + 1);
        }
        // Doors on its edges turn with it.
        for d in &mut self.doors {
            for e in &mut d.edges {
                if before.iter().any(|b| b.0 == e[0] || b.0 == e[1]) {
                    *e = [turn(e[0]), turn(e[1])];
                }
            }
        }
        self.tile_squares = OnceLock::new();
        (moved, crushed)
    }

    /// The four orthogonal neighbours, clockwise from north.
    pub fn neighbours(p: Point) -> [Point; 4] {
        Side::ALL.map(|s| {
            let (dx, dy) = s.delta();
            Point {
                x: p.x + dx,
                y: p.y + dy,
            }
        })
    }

    /// Are two squares next to each other (orthogonally or diagonally)?
    pub fn adjacent(a: Point, b: Point) -> bool {
        a != b && (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1
    }

    /// The door standing between two orthogonal neighbours, if any.
    pub fn door_between(&self, a: Point, b: Point) -> Option<usize> {
        self.doors.iter().position(|d| {
            d.edges
                .iter()
                .any(|e| (e[0] == a && e[1] == b) || (e[0] == b && e[1] == a))
        })
    }

    /// Is `p` at one end of a door's edge?
    fn touches_door(&self, p: Point) -> bool {
        self.doors
            .iter()
            .any(|d| d.edges.iter().any(|e| e[0] == p || e[1] == p))
    }

    /// Does a closed door stand between two neighbouring squares? Across an
    /// orthogonal step, a closed door on that edge; across a diagonal one, a
    /// closed door on any of the four edges meeting at the corner the two
    /// squares share (the project's reading: a shut door seals its corner).
    pub fn shut_between(&self, a: Point, b: Point) -> bool {
        self.shut_door_between(a, b).is_some()
    }

    /// The closed door [`Board::shut_between`] finds between two
    /// neighbouring squares, if any.
    pub fn shut_door_between(&self, a: Point, b: Point) -> Option<usize> {
        let shut = |p: Point, q: Point| self.door_between(p, q).filter(|&d| !self.doors[d].open);
        if a.x == b.x || a.y == b.y {
            return shut(a, b);
        }
        let c1 = Point { x: b.x, y: a.y };
        let c2 = Point { x: a.x, y: b.y };
        shut(a, c1)
            .or_else(|| shut(c1, b))
            .or_else(|| shut(a, c2))
            .or_else(|| shut(c2, b))
    }

    /// A door's place as the transcript writes it: the two squares of its
    /// first edge (`12,4|12,5`).
    pub fn door_place(&self, d: usize) -> String {
        match self.doors[d].edges.first() {
            Some([a, b]) => format!("{},{}|{},{}", a.x, a.y, b.x, b.y),
            None => "?".into(),
        }
    }

    /// Can figures on `a` and `b` fight in close combat (or break away, or
    /// hold each other)? Next to each other, with no closed door between.
    pub fn touching(&self, a: Point, b: Point) -> bool {
        Board::adjacent(a, b) && !self.shut_between(a, b)
    }

    /// The doors with an edge touching a square.
    pub fn doors_at(&self, p: Point) -> Vec<usize> {
        (0..self.doors.len())
            .filter(|&d| self.doors[d].edges.iter().any(|e| e[0] == p || e[1] == p))
            .collect()
    }

    /// Is the entryway square `p` one of the entrance's squares?
    pub fn is_entrance(&self, p: Point) -> bool {
        self.entrance.contains(&p)
    }

    /// Squares of a tile that a figure can stand on, north-west first
    /// (none for a tile the board does not have).
    pub fn tile_squares(&self, tile: usize) -> &[Point] {
        let lists = self.tile_squares.get_or_init(|| {
            (0..self.tiles.len())
                .map(|t| self.list_tile_squares(t))
                .collect()
        });
        let squares = lists.get(tile).map_or(&[][..], Vec::as_slice);
        // A change to the cells or tiles that kept the old lists would
        // show here in every test run.
        debug_assert_eq!(squares, self.list_tile_squares(tile), "tile {tile}");
        squares
    }

    /// [`Board::tile_squares`] made afresh.
    fn list_tile_squares(&self, tile: usize) -> Vec<Point> {
        let Some(t) = self.tiles.get(tile) else {
            return Vec::new();
        };
        let mut v = Vec::with_capacity((t.width * t.height).max(0) as usize);
        let want = tile as u32;
        for y in t.y..t.y + t.height {
            for x in t.x..t.x + t.width {
                let p = Point { x, y };
                // A square of the tile is on the board: its index is found
                // once, for both looks.
                if let Some(i) = self.index(p)
                    && self.tile_of[i] == want
                    && self.cells[i].passable()
                {
                    v.push(p);
                }
            }
        }
        v
    }

    /// The tiles connected to `tile`, in the order of the connections.
    pub fn connected_tiles(&self, tile: usize) -> impl Iterator<Item = usize> + '_ {
        self.connections.iter().filter_map(move |c| {
            if c[0] == tile {
                Some(c[1])
            } else if c[1] == tile {
                Some(c[0])
            } else {
                None
            }
        })
    }

    /// The entryways of `tile` that lead into another tile, as (inside
    /// square, outside square) pairs grouped per neighbouring tile side.
    pub fn entryway_edges(&self, tile: usize) -> Vec<Vec<[Point; 2]>> {
        let mut groups: Vec<(usize, Side, Vec<[Point; 2]>)> = Vec::new();
        for &p in self.tile_squares(tile) {
            for side in Side::ALL {
                let (dx, dy) = side.delta();
                let q = Point {
                    x: p.x + dx,
                    y: p.y + dy,
                };
                if let Some(other) = self.tile_at(q)
                    && other != tile
                    && self.passable(q)
                {
                    match groups.iter_mut().find(|g| g.0 == other && g.1 == side) {
                        Some(g) => g.2.push([p, q]),
                        None => groups.push((other, side, vec![[p, q]])),
                    }
                }
            }
        }
        groups.into_iter().map(|g| g.2).collect()
    }
}

/// How a mover treats the board when finding routes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mover {
    /// Extra cost to enter hindering terrain or water.
    pub hindering_extra: u32,
    /// Cost of opening a closed door on the way (None: closed doors block).
    pub door_open: Option<u32>,
    /// Cost of closing every door passed behind it (WMTs close wooden doors);
    /// `None` leaves doors as they are.
    pub door_close: Option<u32>,
    /// May cross crevices and water freely (Magic Levitation, flying).
    pub flies: bool,
}

/// Can a shot or spell go from `a` to `b`? The ruler laid from the centre
/// of one square to the centre of the other ([`Ruler`], the same squares
/// both ways) must pass no wall, blocking terrain or empty space
/// (`see_through`) and no closed door ([`Board::shut_between`] on each
/// step). Where it passes exactly through a corner, one square beside the
/// corner that lets it through is enough, and a closed door on any edge
/// meeting at the corner seals it. Figures and open doors do not block it
/// (figures are the state's: [`ruler_stop`] with them).
pub fn line_of_sight(board: &Board, a: Point, b: Point) -> bool {
    // The squares first: a look-up each, where a door test scans the doors.
    // The line is walked square by square, never gathered.
    !walls_stop_ruler(board, a, b)
        && (board.doors.iter().all(|d| d.open)
            || steps(a, b).all(|(p, q)| !board.shut_between(p, q)))
}

/// Do walls, blocking terrain or empty space stop the ruler from `a` to
/// `b`? [`ruler_stop`] with [`see_through`], walked by board index
/// ([`ruler_stop_at`]): the monsters weigh every square round a hero this
/// way, so it is the engine's inner loop.
fn walls_stop_ruler(board: &Board, a: Point, b: Point) -> bool {
    match ruler_stop_at(board, a, b, |i| !board.see_through_at(i)) {
        Some(stop) => stop.is_some(),
        None => ruler_stop(a, b, |p| !see_through(board.cell(p))).is_some(),
    }
}

/// [`ruler_stop`] walked by board index, `blocks` asked of indexes: what
/// stops the ruler from `a` to `b` ([`StopAt`]), or `None` inside when
/// nothing does. `None` outside when an end is off the board (the caller
/// walks by square then). Every square of the ruler, and both beside each
/// corner it passes, lies in the rectangle its two ends span, so once
/// both ends are on the board so are they; the squares are met in the
/// order [`ruler_stop`] meets them.
pub(crate) fn ruler_stop_at(
    board: &Board,
    a: Point,
    b: Point,
    blocks: impl Fn(usize) -> bool,
) -> Option<Option<StopAt>> {
    let (Some(start), Some(_)) = (board.index(a), board.index(b)) else {
        return None;
    };
    let (nx, ny) = (
        i64::from((b.x - a.x).unsigned_abs()),
        i64::from((b.y - a.y).unsigned_abs()),
    );
    let cols = board.cols.unsigned_abs() as usize;
    // One step east or west, south or north, in the cells' order.
    let step_x = |i: usize| if b.x > a.x { i + 1 } else { i.wrapping_sub(1) };
    let step_y = |i: usize| {
        if b.y > a.y {
            i + cols
        } else {
            i.wrapping_sub(cols)
        }
    };
    let (mut lx, mut ly) = (nx, ny);
    // As in `Ruler`: below 0 the next column edge comes first, above 0 the
    // next row edge, 0 a corner.
    let mut order = ny - nx;
    let mut i = start;
    while lx > 0 || ly > 0 {
        let (x_first, y_first) = match (lx, ly) {
            (_, 0) => (true, false),
            (0, _) => (false, true),
            _ => (order <= 0, order >= 0),
        };
        if x_first && y_first {
            let (c1, c2) = (step_x(i), step_y(i));
            if blocks(c1) && blocks(c2) {
                return Some(Some(StopAt::Corner(c1, c2)));
            }
        }
        if x_first {
            i = step_x(i);
            lx -= 1;
            order += 2 * ny;
        }
        if y_first {
            i = step_y(i);
            ly -= 1;
            order -= 2 * nx;
        }
        if (lx > 0 || ly > 0) && blocks(i) {
            return Some(Some(StopAt::Square(i)));
        }
    }
    Some(None)
}

/// What stops a ruler, by board index ([`ruler_stop_at`]): [`Stop`]'s
/// places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StopAt {
    /// A square the ruler crosses.
    Square(usize),
    /// The two squares beside a corner the ruler passes exactly through
    /// (the one a step along the row first, then along the column).
    Corner(usize, usize),
}

/// What stops a ruler ([`ruler_stop`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// A square the ruler crosses.
    Square(Point),
    /// The two squares beside a corner the ruler passes exactly through,
    /// both stopping it.
    Corner(Point, Point),
}

/// The first place where the ruler from `a` to `b` (ends left out) is
/// stopped: a square on it for which `blocks` holds, or a corner it passes
/// through with `blocks` holding for both squares beside it. Walls alone,
/// or walls and figures together, as the caller's `blocks` says. The same
/// places both ways round, met in the other order.
pub fn ruler_stop(a: Point, b: Point, mut blocks: impl FnMut(Point) -> bool) -> Option<Stop> {
    for (p, q) in steps(a, b) {
        if p.x != q.x && p.y != q.y {
            let (c1, c2) = (Point { x: q.x, y: p.y }, Point { x: p.x, y: q.y });
            if blocks(c1) && blocks(c2) {
                return Some(Stop::Corner(c1, c2));
            }
        }
        if q != b && blocks(q) {
            return Some(Stop::Square(q));
        }
    }
    None
}

/// Each step of the ruler from `a` to `b`: its two squares, in order.
fn steps(a: Point, b: Point) -> impl Iterator<Item = (Point, Point)> {
    let mut last = a;
    Ruler::new(a, b)
        .skip(1)
        .map(move |p| (std::mem::replace(&mut last, p), p))
}

/// The closed door that alone blocks the line from `a` to `b`: the line
/// would be clear with it open.
pub fn door_in_the_way(board: &Board, a: Point, b: Point) -> Option<usize> {
    if ruler_stop(a, b, |p| !see_through(board.cell(p))).is_some() {
        return None;
    }
    steps(a, b).find_map(|(p, q)| board.shut_door_between(p, q))
}

pub(crate) fn see_through(c: Cell) -> bool {
    matches!(
        c,
        Cell::Floor | Cell::Hindering | Cell::Water | Cell::Crevice
    )
}

/// The squares of the line of fire from `a` to `b`, both ends included:
/// those a ruler between their centres crosses ([`Ruler`]).
pub fn line(a: Point, b: Point) -> Vec<Point> {
    Ruler::new(a, b).collect()
}

/// Which compass side `to` lies on, seen from `from` (the larger offset wins,
/// ties go north/south).
pub fn side_towards(from: Point, to: Point) -> Side {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    if dy.abs() >= dx.abs() && dy != 0 {
        if dy < 0 { Side::N } else { Side::S }
    } else if dx > 0 {
        Side::E
    } else {
        Side::W
    }
}

/// `north`, `east`, `south` or `west`.
pub use crate::core::geom::side_word;

/// `12,7`.
pub fn fmt_point(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

pub mod kept;
pub mod walk;

#[cfg(test)]
mod tests;
