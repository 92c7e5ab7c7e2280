//! The tile set model: cells, faces, tiles, and their geometry.

use crate::core::geom::Side;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One square of a tile face, as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// `.` clear floor.
    Floor,
    /// `,` hindering terrain: passable, slows movement.
    Hindering,
    /// `~` water: passable.
    Water,
    /// `=` crevice: impassable on foot.
    Crevice,
    /// `X` blocking terrain: impassable.
    Blocking,
    /// `#` wall: impassable.
    Wall,
    /// `_` not part of the tile (lets a tile be L-shaped).
    Void,
}

impl Cell {
    /// Every cell kind, in legend order.
    pub const ALL: [Cell; 7] = [
        Cell::Floor,
        Cell::Hindering,
        Cell::Water,
        Cell::Crevice,
        Cell::Blocking,
        Cell::Wall,
        Cell::Void,
    ];

    /// The cell for a legend character, if it is one.
    pub fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Floor,
            ',' => Cell::Hindering,
            '~' => Cell::Water,
            '=' => Cell::Crevice,
            'X' => Cell::Blocking,
            '#' => Cell::Wall,
            '_' => Cell::Void,
            _ => return None,
        })
    }

    /// The legend character of this cell.
    pub fn to_char(self) -> char {
        match self {
            Cell::Floor => '.',
            Cell::Hindering => ',',
            Cell::Water => '~',
            Cell::Crevice => '=',
            Cell::Blocking => 'X',
            Cell::Wall => '#',
            Cell::Void => '_',
        }
    }

    /// Can a figure walk onto this cell?
    pub fn passable(self) -> bool {
        matches!(self, Cell::Floor | Cell::Hindering | Cell::Water)
    }

    /// Is this cell part of a tile (anything but `_`)?
    pub fn is_tile(self) -> bool {
        self != Cell::Void
    }

    /// A short name for messages and legends.
    pub fn name(self) -> &'static str {
        match self {
            Cell::Floor => "floor",
            Cell::Hindering => "hindering terrain",
            Cell::Water => "water",
            Cell::Crevice => "crevice",
            Cell::Blocking => "blocking terrain",
            Cell::Wall => "wall",
            Cell::Void => "no tile",
        }
    }
}

/// The two kinds of MKD tile.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum TileKind {
    /// A corridor piece (3×5 squares in Mage Knight Dungeons).
    Hallway,
    /// A room (5×5 squares in Mage Knight Dungeons).
    Chamber,
}

impl TileKind {
    /// `hallway` or `chamber`.
    pub fn name(self) -> &'static str {
        match self {
            TileKind::Hallway => "hallway",
            TileKind::Chamber => "chamber",
        }
    }
}

/// Which printed face of a tile is up.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum FaceSide {
    /// The front face.
    Front,
    /// The back face (only for tiles that have one).
    Back,
}

impl FaceSide {
    /// `front` or `back`.
    pub fn name(self) -> &'static str {
        match self {
            FaceSide::Front => "front",
            FaceSide::Back => "back",
        }
    }

    /// The other face.
    pub fn flipped(self) -> FaceSide {
        match self {
            FaceSide::Front => FaceSide::Back,
            FaceSide::Back => FaceSide::Front,
        }
    }
}

/// One face of a tile: a `width` × `height` grid of cells, row-major, north row first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Face {
    width: u32,
    height: u32,
    cells: Vec<Cell>,
    /// Computed once from the cells (faces never change after creation).
    entryways: Vec<Entryway>,
    /// Passable squares whose east or south neighbour is off the face (past
    /// its edge or `Void`), row-major: the only squares that can touch
    /// another tile on those sides. Computed once, like `entryways`.
    south_east_rim: Vec<(u32, u32)>,
}

/// A maximal run of passable cells along one edge of a face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entryway {
    /// The edge the run lies on.
    pub side: Side,
    /// First cell of the run, counted along the edge (x for N/S, y for E/W).
    pub start: u32,
    /// Number of cells in the run.
    pub len: u32,
}

impl Face {
    /// A face from its cells (row-major). The caller guarantees
    /// `cells.len() == width * height`.
    pub(crate) fn new(width: u32, height: u32, cells: Vec<Cell>) -> Face {
        debug_assert_eq!(cells.len() as u64, u64::from(width) * u64::from(height));
        let mut face = Face {
            width,
            height,
            cells,
            entryways: Vec::new(),
            south_east_rim: Vec::new(),
        };
        face.entryways = face.find_entryways();
        face.south_east_rim = face.find_south_east_rim();
        face
    }

    fn find_south_east_rim(&self) -> Vec<(u32, u32)> {
        let off =
            |x: u32, y: u32| x >= self.width || y >= self.height || !self.cell(x, y).is_tile();
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.cell(x, y).passable() && (off(x + 1, y) || off(x, y + 1)))
            .collect()
    }

    /// The passable squares whose east or south neighbour lies off the face
    /// (past its edge, or a `Void` cell), row-major. A connection to another
    /// tile on a square's east or south side starts from one of these.
    pub fn south_east_rim(&self) -> &[(u32, u32)] {
        &self.south_east_rim
    }

    /// A face from ASCII rows (for tests and fixtures). Panics on bad input;
    /// user files go through [`crate::tileset::load`] instead.
    pub fn from_ascii(rows: &str) -> Face {
        let rows: Vec<&str> = rows
            .lines()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        let width = rows[0].chars().count() as u32;
        let cells: Vec<Cell> = rows
            .iter()
            .flat_map(|r| {
                r.chars()
                    .map(|c| Cell::from_char(c).expect("legend character"))
            })
            .collect();
        assert_eq!(cells.len(), width as usize * rows.len(), "ragged fixture");
        Face::new(width, rows.len() as u32, cells)
    }

    /// Width in squares (west to east).
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in squares (north to south).
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The cell at column `x`, row `y` (0-based from the north-west corner).
    pub fn cell(&self, x: u32, y: u32) -> Cell {
        self.cells[(y * self.width + x) as usize]
    }

    /// All cells, row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The rows of cells, north first.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        self.cells.chunks(self.width.max(1) as usize)
    }

    /// Number of squares in the face's box (`width × height`).
    pub fn area(&self) -> usize {
        self.cells.len()
    }

    /// This face turned 90° clockwise.
    pub fn rotated_cw(&self) -> Face {
        let (w, h) = (self.width, self.height);
        let mut cells = Vec::with_capacity(self.cells.len());
        // New face is h wide and w tall; new (x, y) shows old (y, h-1-x).
        for ny in 0..w {
            for nx in 0..h {
                cells.push(self.cell(ny, h - 1 - nx));
            }
        }
        Face::new(h, w, cells)
    }

    /// This face turned clockwise by `degrees` (0, 90, 180 or 270), in one
    /// pass (placement turns faces often).
    pub fn rotated(&self, degrees: u32) -> Face {
        let (w, h) = (self.width, self.height);
        let turns = (degrees / 90) % 4;
        if turns == 0 {
            return self.clone();
        }
        let (nw, nh) = if turns == 2 { (w, h) } else { (h, w) };
        let mut cells = Vec::with_capacity(self.cells.len());
        for ny in 0..nh {
            for nx in 0..nw {
                // The old square that (nx, ny) shows after the turns.
                let (x, y) = match turns {
                    1 => (ny, h - 1 - nx),
                    2 => (w - 1 - nx, h - 1 - ny),
                    _ => (w - 1 - ny, nx),
                };
                cells.push(self.cell(x, y));
            }
        }
        Face::new(nw, nh, cells)
    }

    /// The cells along one edge, in order (west to east for N/S, north to south for E/W).
    pub fn edge(&self, side: Side) -> Vec<Cell> {
        match side {
            Side::N => (0..self.width).map(|x| self.cell(x, 0)).collect(),
            Side::S => (0..self.width)
                .map(|x| self.cell(x, self.height - 1))
                .collect(),
            Side::W => (0..self.height).map(|y| self.cell(0, y)).collect(),
            Side::E => (0..self.height)
                .map(|y| self.cell(self.width - 1, y))
                .collect(),
        }
    }

    /// The face coordinates of the `i`-th cell along an edge.
    pub fn edge_cell(&self, side: Side, i: u32) -> (u32, u32) {
        match side {
            Side::N => (i, 0),
            Side::S => (i, self.height - 1),
            Side::W => (0, i),
            Side::E => (self.width - 1, i),
        }
    }

    /// Every entryway of this face, sides in N, E, S, W order, each side west
    /// to east or north to south.
    pub fn entryways(&self) -> &[Entryway] {
        &self.entryways
    }

    fn find_entryways(&self) -> Vec<Entryway> {
        let mut out = Vec::new();
        for side in Side::ALL {
            let len = match side {
                Side::N | Side::S => self.width,
                Side::E | Side::W => self.height,
            };
            let passable = |i: u32| {
                let (x, y) = self.edge_cell(side, i);
                self.cell(x, y).passable()
            };
            let mut i = 0;
            while i < len {
                if passable(i) {
                    let start = i;
                    while i < len && passable(i) {
                        i += 1;
                    }
                    out.push(Entryway {
                        side,
                        start,
                        len: i - start,
                    });
                } else {
                    i += 1;
                }
            }
        }
        out
    }

    /// The face as ASCII rows, north first.
    pub fn to_rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|y| (0..self.width).map(|x| self.cell(x, y).to_char()).collect())
            .collect()
    }
}

/// A door moulded or printed on a piece, on one edge of one of its
/// squares (face coordinates at rotation 0). Games that fix doors at setup
/// read them; the MKD Adventure, whose doors come during play, does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PrintedDoor {
    /// The face it is on.
    pub face: FaceSide,
    /// Column of its square.
    pub x: u32,
    /// Row of its square.
    pub y: u32,
    /// The square's edge it is on.
    pub side: Side,
    /// A secret door (looks like wall).
    pub secret: bool,
}

impl PrintedDoor {
    /// Its square and edge once the face (`width` × `height` at rotation
    /// 0) is turned clockwise by `rotation` degrees.
    pub fn turned(&self, width: u32, height: u32, rotation: u32) -> (u32, u32, Side) {
        let (x, y, mut side) = (self.x, self.y, self.side);
        let turns = (rotation / 90) % 4;
        let (nx, ny) = match turns {
            0 => (x, y),
            1 => (height - 1 - y, x),
            2 => (width - 1 - x, height - 1 - y),
            _ => (y, width - 1 - x),
        };
        for _ in 0..turns {
            side = match side {
                Side::N => Side::E,
                Side::E => Side::S,
                Side::S => Side::W,
                Side::W => Side::N,
            };
        }
        (nx, ny, side)
    }
}

/// One physical tile design from a tile set.
#[derive(Debug, Clone, PartialEq)]
pub struct TileDef {
    /// Unique id within the set, as printed on the setup sheet (e.g. `C3`).
    pub id: String,
    /// Hallway or chamber.
    pub kind: TileKind,
    /// How many identical physical copies the player owns.
    pub copies: u32,
    /// The front face at rotation 0.
    pub front: Face,
    /// The back face at rotation 0, if the tile is printed on both sides.
    pub back: Option<Face>,
    /// Both faces at every rotation, turned once when the set is loaded:
    /// laying a dungeon tries many orientations of every tile, and turning
    /// a face each time (a new face and its entryways) was a tenth of
    /// `generate`. Index: `4 * face + rotation / 90`.
    oriented: [Option<Arc<Face>>; 8],
    /// The id, shared by every tile laid from this design.
    shared_id: Arc<str>,
    /// Doors moulded on the piece (optional; empty for most sets).
    pub doors: Vec<PrintedDoor>,
}

impl TileDef {
    /// A tile design; its faces are turned to every rotation once, here.
    pub fn new(
        id: String,
        kind: TileKind,
        copies: u32,
        front: Face,
        back: Option<Face>,
    ) -> TileDef {
        let mut oriented: [Option<Arc<Face>>; 8] = Default::default();
        for (k, face) in [Some(&front), back.as_ref()].into_iter().enumerate() {
            let Some(face) = face else { continue };
            for turn in 0..4 {
                oriented[4 * k + turn] = Some(Arc::new(face.rotated(90 * turn as u32)));
            }
        }
        TileDef {
            shared_id: Arc::from(id.as_str()),
            id,
            kind,
            copies,
            front,
            back,
            oriented,
            doors: Vec::new(),
        }
    }

    /// The doors printed on the piece's `face`, turned by `rotation`: each
    /// as its square and edge on the laid face.
    pub fn doors_on(&self, face: FaceSide, rotation: u32) -> Vec<(u32, u32, Side, bool)> {
        let Some(f) = self.face(face) else {
            return Vec::new();
        };
        self.doors
            .iter()
            .filter(|d| d.face == face)
            .map(|d| {
                let (x, y, side) = d.turned(f.width(), f.height(), rotation);
                (x, y, side, d.secret)
            })
            .collect()
    }

    /// The id as laid tiles hold it (shared, not copied).
    pub fn shared_id(&self) -> &Arc<str> {
        &self.shared_id
    }

    /// A face turned clockwise by `rotation` degrees (a multiple of 90), if
    /// the tile has that face; shared, not copied.
    pub fn oriented(&self, side: FaceSide, rotation: u32) -> Option<&Arc<Face>> {
        let k = match side {
            FaceSide::Front => 0,
            FaceSide::Back => 4,
        };
        self.oriented[k + ((rotation / 90) % 4) as usize].as_ref()
    }

    /// The requested face, if the tile has it.
    pub fn face(&self, side: FaceSide) -> Option<&Face> {
        match side {
            FaceSide::Front => Some(&self.front),
            FaceSide::Back => self.back.as_ref(),
        }
    }
}

/// A validated tile set.
#[derive(Debug, Clone, PartialEq)]
pub struct TileSet {
    /// Human-readable name of the set.
    pub name: String,
    /// Printed size of one square, in millimetres.
    pub square_mm: f64,
    /// The tile designs, in file order.
    pub tiles: Vec<TileDef>,
}

impl TileSet {
    /// Total physical tiles of a kind (copies counted).
    pub fn count(&self, kind: TileKind) -> u32 {
        self.tiles
            .iter()
            .filter(|t| t.kind == kind)
            .map(|t| t.copies)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_turns_clockwise() {
        let f = Face::from_ascii(
            "
            #.#
            #..
            ###",
        );
        // After a clockwise turn the east opening faces south.
        let r = f.rotated_cw();
        assert_eq!(r.to_rows(), vec!["###", "#..", "#.#"]);
        assert_eq!(f.rotated(360), f);
        assert_eq!(f.rotated(90).rotated(270), f);
    }

    #[test]
    fn rotation_swaps_width_and_height() {
        let f = Face::from_ascii("#.#\n#.#\n#.#\n#.#\n#.#");
        let r = f.rotated(90);
        assert_eq!((r.width(), r.height()), (5, 3));
        assert_eq!(r.to_rows(), vec!["#####", ".....", "#####"]);
    }

    #[test]
    fn entryways_are_maximal_passable_runs() {
        let f = Face::from_ascii(
            "
            #..#.
            .~,=#
            ##,##",
        );
        let e = f.entryways();
        assert_eq!(
            e,
            vec![
                Entryway {
                    side: Side::N,
                    start: 1,
                    len: 2
                },
                Entryway {
                    side: Side::N,
                    start: 4,
                    len: 1
                },
                Entryway {
                    side: Side::E,
                    start: 0,
                    len: 1
                },
                Entryway {
                    side: Side::S,
                    start: 2,
                    len: 1
                },
                Entryway {
                    side: Side::W,
                    start: 1,
                    len: 1
                },
            ]
        );
    }

    #[test]
    fn a_printed_door_turns_with_its_face() {
        // A 3 × 5 face; a door on the east edge of square 2,1.
        let d = PrintedDoor {
            face: FaceSide::Front,
            x: 2,
            y: 1,
            side: Side::E,
            secret: false,
        };
        assert_eq!(d.turned(3, 5, 0), (2, 1, Side::E));
        // Turned once clockwise the face is 5 × 3: the square goes to
        // (5-1-1, 2) and its east edge faces south.
        assert_eq!(d.turned(3, 5, 90), (3, 2, Side::S));
        assert_eq!(d.turned(3, 5, 180), (0, 3, Side::W));
        assert_eq!(d.turned(3, 5, 270), (1, 0, Side::N));
        // The turned cell is the same cell of the turned face.
        let f = Face::from_ascii("#.#\n#..\n#.#\n#.#\n#.#");
        for r in [0, 90, 180, 270] {
            let (x, y, _) = d.turned(3, 5, r);
            let g = f.rotated(r);
            assert_eq!(g.cell(x, y), Cell::Floor, "rotation {r}");
        }
    }

    #[test]
    fn legend_round_trips() {
        for c in Cell::ALL {
            assert_eq!(Cell::from_char(c.to_char()), Some(c));
        }
        assert_eq!(Cell::from_char('Q'), None);
        assert!(Cell::Water.passable() && !Cell::Crevice.passable());
    }
}
