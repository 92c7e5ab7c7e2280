//! A fixed board of squares (a skirmish table, not a Dungeon Stack): walls,
//! rooms, corridors, doors on square edges, difficult ground, obstacles and
//! cover, with exits along the board's edges.
//!
//! The builder is game-free: a game asks for a size, a number of exits per
//! edge, locked and secret doors and a symmetry, and then puts its own
//! pieces (zones, counters) on the result. It draws the board from its own
//! shapes (rectangular rooms, L-shaped corridors, terrain patches), not from
//! a tile set: the rules it was written for leave the board to the players
//! and describe no pieces to lay, and any wall-and-floor set can show the
//! squares it makes.
//!
//! ```text
//!  ##..######        # wall      . floor      , difficult ground
//!  #....,,..#        X obstacle  % rubble     ~ water
//!  #.%%..X..|..      | a door on a square's edge (doors are edges, not squares)
//!  ##########
//! ```
//!
//! Guarantees (checked by [`Board::check`] on every board built): every
//! walkable square reaches every other with locked and secret doors shut
//! for good, so such a door is never the only way anywhere; each edge has
//! the exits asked for, each a run of walkable squares on the edge apart
//! from the others; the cover asked for is there; with a symmetry, the
//! board (terrain, doors, exits) maps onto itself.

mod carve;
mod walk;

pub use carve::build;
pub use walk::{DETOUR, NEIGHBOURS, PASS_ALL, PASS_OPEN, Pass, UNREACHED, Walker, way_round};

use crate::core::geom::{Point, Side};

/// What one square of the board is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Terrain {
    /// `#` solid wall: no one enters or sees through it.
    Wall,
    /// `.` open floor.
    Floor,
    /// `,` difficult ground: costs two squares of movement.
    Difficult,
    /// `X` an obstacle (a pillar, a statue): no one stands on it or sees through it.
    Obstacle,
    /// `%` rubble: difficult ground that hides a model.
    Rubble,
    /// `~` water: difficult ground that hides a model.
    Water,
}

impl Terrain {
    /// Every kind, in legend order.
    pub const ALL: [Terrain; 6] = [
        Terrain::Wall,
        Terrain::Floor,
        Terrain::Difficult,
        Terrain::Obstacle,
        Terrain::Rubble,
        Terrain::Water,
    ];

    /// The legend character.
    pub fn char(self) -> char {
        match self {
            Terrain::Wall => '#',
            Terrain::Floor => '.',
            Terrain::Difficult => ',',
            Terrain::Obstacle => 'X',
            Terrain::Rubble => '%',
            Terrain::Water => '~',
        }
    }

    /// The kind of a legend character.
    pub fn from_char(c: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.char() == c)
    }

    /// The name players read.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Wall => "wall",
            Terrain::Floor => "floor",
            Terrain::Difficult => "difficult ground",
            Terrain::Obstacle => "an obstacle",
            Terrain::Rubble => "rubble",
            Terrain::Water => "water",
        }
    }

    /// Can a model stand here (and walk into it)?
    pub fn standable(self) -> bool {
        !matches!(self, Terrain::Wall | Terrain::Obstacle)
    }

    /// What stepping into the square costs, in squares of movement.
    pub fn cost(self) -> u32 {
        match self {
            Terrain::Floor => 1,
            _ => 2,
        }
    }

    /// Does it hide a model that stands in it?
    pub fn cover(self) -> bool {
        matches!(self, Terrain::Rubble | Terrain::Water)
    }

    /// Does it block line of sight?
    pub fn opaque(self) -> bool {
        !self.standable()
    }
}

/// How a door opens (the one list every game and map shares).
pub use crate::core::geom::DoorKind;

/// A door on the edge between square `(x, y)` and its neighbour on `side`
/// (always E or S: every door is written from its west or north square).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Door {
    /// The west or north square beside the door.
    pub at: Point,
    /// `E` or `S`.
    pub side: Side,
    /// How it opens.
    pub kind: DoorKind,
}

impl Door {
    /// The door on `side` of `at`, written from its west or north square.
    pub fn on(at: Point, side: Side, kind: DoorKind) -> Door {
        let (at, side) = match side {
            Side::N => (
                Point {
                    x: at.x,
                    y: at.y - 1,
                },
                Side::S,
            ),
            Side::W => (
                Point {
                    x: at.x - 1,
                    y: at.y,
                },
                Side::E,
            ),
            s => (at, s),
        };
        Door { at, side, kind }
    }

    /// The squares either side of the door: its west or north square, then
    /// the other.
    pub fn squares(&self) -> (Point, Point) {
        (self.at, self.beyond())
    }

    /// The square on the door's other side.
    pub fn beyond(&self) -> Point {
        let (dx, dy) = self.side.delta();
        Point {
            x: self.at.x + dx,
            y: self.at.y + dy,
        }
    }
}

/// A way off the board: `length` squares of one edge, from `at` east or south.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Exit {
    /// The board edge.
    pub side: Side,
    /// The first square (west-most or north-most).
    pub at: Point,
    /// How many squares wide.
    pub length: u32,
}

impl Exit {
    /// The exit's squares, west or north first.
    pub fn squares(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.length as i32).map(move |i| match self.side {
            Side::N | Side::S => Point {
                x: self.at.x + i,
                y: self.at.y,
            },
            Side::E | Side::W => Point {
                x: self.at.x,
                y: self.at.y + i,
            },
        })
    }
}

/// How the board maps onto itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Symmetry {
    /// Not at all.
    None,
    /// Turned half round about its centre (opposite edges match).
    Half,
    /// Turned a quarter round about its centre (every edge matches; square
    /// boards only).
    Quarter,
}

/// What the board should have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardParams {
    /// Squares west to east (36: a 3-foot board of 1-inch squares).
    pub width: u32,
    /// Squares north to south.
    pub height: u32,
    /// The fewest exits on each edge (0 for none).
    pub exits_per_edge: u32,
    /// Doors to lock (fewer if the board has too few doors on loops).
    pub locked_doors: u32,
    /// Doors to make secret (likewise).
    pub secret_doors: u32,
    /// The fewest squares of cover (rubble and water) on the board.
    pub cover: u32,
    /// How the board maps onto itself.
    pub symmetry: Symmetry,
}

impl Default for BoardParams {
    fn default() -> BoardParams {
        BoardParams {
            width: 36,
            height: 36,
            exits_per_edge: 2,
            locked_doors: 2,
            secret_doors: 1,
            cover: 24,
            symmetry: Symmetry::None,
        }
    }
}

/// The smallest and largest board side, in squares.
pub const BOARD_SIDE: (u32, u32) = (24, 72);

/// How many boards are tried before building gives up.
pub const MAX_BOARD_ATTEMPTS: u32 = 40;

/// A guarantee a board breaks, in words ([`Board::check`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Shortfall(pub String);

/// Why no board was built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The request can never be met.
    #[error("{0}")]
    Impossible(String),
    /// Every attempt fell short.
    #[error("no board could be built in {attempts} attempts; the last one failed because {last}")]
    NoBoard {
        /// Attempts made.
        attempts: u32,
        /// The last failure.
        last: String,
    },
}

/// What keeps a board from mapping onto itself ([`Board::asymmetry`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asymmetry {
    /// A quarter turn asked of an oblong board.
    Shape,
    /// The square's terrain differs from that of the square it turns onto.
    Square(Point, Point),
    /// The doors turned are not the doors.
    Doors,
    /// The exits turned are not the exits.
    Exits,
}

/// A built board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Squares west to east.
    pub width: u32,
    /// Squares north to south.
    pub height: u32,
    /// Row by row from the north-west corner.
    pub cells: Vec<Terrain>,
    /// Every door, sorted.
    pub doors: Vec<Door>,
    /// Every exit, sorted by edge (N, E, S, W) then position.
    pub exits: Vec<Exit>,
}

impl Board {
    /// A board of one terrain, without doors or exits.
    pub fn filled(width: u32, height: u32, t: Terrain) -> Board {
        Board {
            width,
            height,
            cells: vec![t; width as usize * height as usize],
            doors: Vec::new(),
            exits: Vec::new(),
        }
    }

    /// Is the square on the board?
    pub fn contains(&self, p: Point) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width as i32 && p.y < self.height as i32
    }

    /// The terrain of a square (wall off the board).
    pub fn at(&self, p: Point) -> Terrain {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            Terrain::Wall
        }
    }

    /// Sets a square on the board (off the board: nothing).
    pub fn set(&mut self, p: Point, t: Terrain) {
        if self.contains(p) {
            let i = self.index(p);
            self.cells[i] = t;
        }
    }

    /// The index of a square on the board in [`Board::cells`].
    pub fn index(&self, p: Point) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The square of an index.
    pub fn point(&self, i: usize) -> Point {
        Point {
            x: (i % self.width as usize) as i32,
            y: (i / self.width as usize) as i32,
        }
    }

    /// The rows as legend strings.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width as usize)
            .map(|r| r.iter().map(|t| t.char()).collect())
            .collect()
    }

    /// How many moves it takes to step off the board over `side` from `p`
    /// (the edge row is 1).
    pub fn depth(&self, p: Point, side: Side) -> u32 {
        let d = match side {
            Side::N => p.y + 1,
            Side::S => self.height as i32 - p.y,
            Side::W => p.x + 1,
            Side::E => self.width as i32 - p.x,
        };
        d.max(0) as u32
    }

    /// How many moves it takes to step off the board from `p` over the
    /// nearest edge.
    pub fn edge_depth(&self, p: Point) -> u32 {
        Side::ALL
            .iter()
            .map(|&s| self.depth(p, s))
            .min()
            .unwrap_or(0)
    }

    /// How far `p` is from the board's centre point, in rings of squares:
    /// the squares touching the centre point are ring 1 (ring 0 is the
    /// middle square of an odd side).
    pub fn centre_ring(&self, p: Point) -> u32 {
        let dx = (2 * p.x + 1 - self.width as i32).unsigned_abs();
        let dy = (2 * p.y + 1 - self.height as i32).unsigned_abs();
        dx.max(dy).div_ceil(2)
    }

    /// The squares nearest the centre point (four on an even board, one on
    /// an odd one, two where one side is odd).
    pub fn centre_squares(&self) -> Vec<Point> {
        let xs = middle(self.width);
        let ys = middle(self.height);
        ys.iter()
            .flat_map(|&y| xs.iter().map(move |&x| Point { x, y }))
            .collect()
    }

    /// The exits on one edge.
    pub fn exits_on(&self, side: Side) -> impl Iterator<Item = &Exit> + '_ {
        self.exits.iter().filter(move |e| e.side == side)
    }

    /// The door on the edge between two orthogonal neighbours, if any.
    pub fn door_between(&self, a: Point, b: Point) -> Option<&Door> {
        let (at, side) = match (b.x - a.x, b.y - a.y) {
            (1, 0) => (a, Side::E),
            (-1, 0) => (b, Side::E),
            (0, 1) => (a, Side::S),
            (0, -1) => (b, Side::S),
            _ => return None,
        };
        self.doors
            .binary_search_by(|d| (d.at, d.side).cmp(&(at, side)))
            .ok()
            .map(|i| &self.doors[i])
    }

    /// The square `p` turned by `sym`'s step (a quarter or half turn about
    /// the centre), and so on: every image of `p`, `p` first.
    pub fn orbit(&self, p: Point, sym: Symmetry) -> Vec<Point> {
        let mut out = vec![p];
        let mut q = p;
        for _ in 0..3 {
            q = self.turn(q, sym);
            if q == p || out.contains(&q) {
                break;
            }
            out.push(q);
        }
        out
    }

    /// One step of `sym`: a quarter turn clockwise, a half turn, or nothing.
    pub fn turn(&self, p: Point, sym: Symmetry) -> Point {
        let (w, h) = (self.width as i32, self.height as i32);
        match sym {
            Symmetry::None => p,
            Symmetry::Half => Point {
                x: w - 1 - p.x,
                y: h - 1 - p.y,
            },
            Symmetry::Quarter => Point {
                x: w - 1 - p.y,
                y: p.x,
            },
        }
    }

    /// A door turned by one step of `sym`.
    pub fn turn_door(&self, d: &Door, sym: Symmetry) -> Door {
        let a = self.turn(d.at, sym);
        let b = self.turn(d.beyond(), sym);
        let side = match (b.x - a.x, b.y - a.y) {
            (1, 0) => Side::E,
            (-1, 0) => Side::W,
            (0, 1) => Side::S,
            _ => Side::N,
        };
        Door::on(a, side, d.kind)
    }

    /// An exit turned by one step of `sym`.
    pub fn turn_exit(&self, e: &Exit, sym: Symmetry) -> Exit {
        let pts: Vec<Point> = e.squares().map(|p| self.turn(p, sym)).collect();
        let at = pts.iter().copied().min().unwrap_or(e.at);
        let side = match sym {
            Symmetry::None => e.side,
            Symmetry::Half => e.side.opposite(),
            Symmetry::Quarter => match e.side {
                Side::N => Side::E,
                Side::E => Side::S,
                Side::S => Side::W,
                Side::W => Side::N,
            },
        };
        Exit {
            side,
            at,
            length: e.length,
        }
    }

    /// Does the board map onto itself under `sym` (terrain, doors, exits)?
    pub fn is_symmetric(&self, sym: Symmetry) -> bool {
        self.asymmetry(sym).is_none()
    }

    /// The first thing that keeps the board from mapping onto itself under
    /// `sym`, checked in the order shape, terrain, doors, exits; `None`
    /// when it does.
    pub fn asymmetry(&self, sym: Symmetry) -> Option<Asymmetry> {
        if sym == Symmetry::Quarter && self.width != self.height {
            return Some(Asymmetry::Shape);
        }
        if let Some(p) = (0..self.cells.len())
            .map(|i| self.point(i))
            .find(|&p| self.at(self.turn(p, sym)) != self.at(p))
        {
            return Some(Asymmetry::Square(p, self.turn(p, sym)));
        }
        let mut doors: Vec<Door> = self.doors.iter().map(|d| self.turn_door(d, sym)).collect();
        doors.sort();
        if doors != self.doors {
            return Some(Asymmetry::Doors);
        }
        let mut exits: Vec<Exit> = self.exits.iter().map(|e| self.turn_exit(e, sym)).collect();
        exits.sort_by_key(exit_order);
        (exits != self.exits).then_some(Asymmetry::Exits)
    }

    /// Checks the builder's guarantees for `params`: `Err(what is wrong)`.
    pub fn check(&self, params: &BoardParams) -> Result<(), Shortfall> {
        for side in Side::ALL {
            let exits: Vec<&Exit> = self.exits_on(side).collect();
            if (exits.len() as u32) < params.exits_per_edge {
                return Err(Shortfall(format!(
                    "the {} edge has {} exits; {} were asked for",
                    edge_word(side),
                    exits.len(),
                    params.exits_per_edge
                )));
            }
            for e in &exits {
                if let Some(p) = e.squares().find(|&p| {
                    !self.at(p).standable() || self.depth(p, side) != 1 || !self.contains(p)
                }) {
                    return Err(Shortfall(format!(
                        "exit square {},{} is not a walkable square of the {} edge",
                        p.x,
                        p.y,
                        edge_word(side)
                    )));
                }
            }
            for pair in exits.windows(2) {
                let end = pair[0].squares().last().unwrap_or(pair[0].at);
                let gap = (pair[1].at.x - end.x).max(pair[1].at.y - end.y);
                if gap < 2 {
                    return Err(Shortfall(format!(
                        "two exits of the {} edge touch at {},{}",
                        edge_word(side),
                        end.x,
                        end.y
                    )));
                }
            }
        }
        let walker = Walker::new(self, PASS_OPEN);
        if let Some(p) = walker.unreached_from(self.centre_squares()) {
            return Err(Shortfall(format!(
                "square {},{} cannot be reached without a locked or secret door",
                p.x, p.y
            )));
        }
        let cover = self.cells.iter().filter(|t| t.cover()).count() as u32;
        if cover < params.cover {
            return Err(Shortfall(format!(
                "the board has {cover} squares of cover; {} were asked for",
                params.cover
            )));
        }
        Ok(())
    }
}

/// An edge's name in words: `north`, `east`, `south`, `west`.
pub fn edge_word(side: Side) -> &'static str {
    match side {
        Side::N => "north",
        Side::E => "east",
        Side::S => "south",
        Side::W => "west",
    }
}

/// The order exits are kept in: by edge (N, E, S, W), then along it.
pub fn exit_order(e: &Exit) -> (usize, Point) {
    (
        Side::ALL.iter().position(|s| *s == e.side).unwrap_or(0),
        e.at,
    )
}

/// The one or two middle indexes of a side of `n` squares.
fn middle(n: u32) -> Vec<i32> {
    let n = n as i32;
    if n % 2 == 0 {
        vec![n / 2 - 1, n / 2]
    } else {
        vec![n / 2]
    }
}

#[cfg(test)]
mod tests;
