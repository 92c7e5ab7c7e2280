//! Building the dungeon the MKD Adventure way: draw sets of tiles into a
//! shuffled Dungeon Stack, lay the top tile in the middle of the table, then
//! lay each next tile against a randomly rolled open exit.
//!
//! ```text
//!   stack: [C3 H1 C7 C2 H5]     open exits of what is laid, numbered:
//!                                    1
//!   ##.##                          ##.##
//!   #...#   roll 1d3 = 2 ──▶    3 .....  2 ◀─ H1 is laid here, centred
//!   .....                          #...#
//!   ##.##                          ##.##
//! ```
//!
//! One call to [`build`] is one attempt; [`crate::mkd::generate`] retries with a
//! new stack when an attempt cannot be completed, within a stated budget.

mod grid;

pub use grid::Grid;

use crate::core::dice::{Dice, Lazy};
use crate::tileset::{Entryway, Face, FaceSide, Side, TileKind, TileSet};
use std::sync::Arc;

/// Most sets a dungeon may be built from.
pub const MAX_SETS: u32 = 200;
/// Largest table side accepted, in squares.
pub const MAX_TABLE_SIDE: u32 = 2000;
/// Re-rolls allowed for a `tabletop` exit roll before giving up.
const TABLETOP_MAX_ROLLS: u32 = 10_000;

/// How an exit (or the entrance) is chosen among the numbered candidates:
/// `fair` or `tabletop` in files.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ExitDice {
    /// One fair roll over the numbered exits (`1dN`).
    #[default]
    Fair,
    /// As written at the table: 1d6 for up to 6 exits, 2d6 for up to 12, ...
    /// summed and re-rolled until the total names an exit. Totals below the
    /// number of dice can never come up, so low-numbered exits are rarer.
    Tabletop,
}

impl ExitDice {
    /// `fair` or `tabletop`.
    pub fn name(self) -> &'static str {
        match self {
            ExitDice::Fair => "fair",
            ExitDice::Tabletop => "tabletop",
        }
    }
}

/// The play surface, in squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// West to east.
    pub width: u32,
    /// North to south.
    pub height: u32,
}

impl Default for Table {
    /// A 6 × 4 ft table at one-inch squares: room for 4 sets of the default tiles.
    fn default() -> Self {
        Table {
            width: 72,
            height: 48,
        }
    }
}

/// What the build needs besides the tile set and the dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutParams {
    /// Number of 5-tile sets in the Dungeon Stack.
    pub sets: u32,
    /// The play surface.
    pub table: Table,
    /// How exits are rolled.
    pub exit_dice: ExitDice,
}

impl Default for LayoutParams {
    fn default() -> Self {
        LayoutParams {
            sets: 2,
            table: Table::default(),
            exit_dice: ExitDice::Fair,
        }
    }
}

/// A tile from the stack, with its drawn rotation and face.
#[derive(Debug, Clone, PartialEq)]
pub struct StackTile {
    /// Index into [`TileSet::tiles`].
    pub def: usize,
    /// The tile's id.
    pub id: Arc<str>,
    /// Hallway or chamber.
    pub kind: TileKind,
    /// Face rolled for it.
    pub face: FaceSide,
    /// Rotation rolled for it (0, 90, 180, 270).
    pub rotation: u32,
}

/// An exit a tile was laid against: an entryway of an earlier tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExitRef {
    /// Index of the earlier tile.
    pub tile: usize,
    /// The entryway, in that tile's oriented face coordinates.
    pub entryway: Entryway,
}

/// A tile laid on the table.
#[derive(Debug, Clone, PartialEq)]
pub struct LaidTile {
    /// Index into [`TileSet::tiles`].
    pub def: usize,
    /// The tile's id.
    pub id: Arc<str>,
    /// Hallway or chamber.
    pub kind: TileKind,
    /// Face up.
    pub face: FaceSide,
    /// Clockwise rotation (0, 90, 180, 270).
    pub rotation: u32,
    /// Table column of the west edge.
    pub x: i32,
    /// Table row of the north edge.
    pub y: i32,
    /// The face as laid (rotated), shared with the tile set's turned faces.
    pub cells: Arc<Face>,
    /// The exit it was laid against (`None` for the first tile).
    pub parent: Option<ExitRef>,
}

impl LaidTile {
    /// Width after rotation.
    pub fn width(&self) -> u32 {
        self.cells.width()
    }
    /// Height after rotation.
    pub fn height(&self) -> u32 {
        self.cells.height()
    }
    /// Table squares (x, y) of an entryway's cells.
    pub fn entryway_squares(&self, e: &Entryway) -> Vec<(i32, i32)> {
        self.entryway_cells(e).collect()
    }

    /// [`LaidTile::entryway_squares`] without collecting them.
    fn entryway_cells(&self, e: &Entryway) -> impl Iterator<Item = (i32, i32)> + '_ {
        let side = e.side;
        (e.start..e.start + e.len).map(move |i| {
            let (fx, fy) = self.cells.edge_cell(side, i);
            (self.x + fx as i32, self.y + fy as i32)
        })
    }
}

/// The dungeon entrance: an entryway of the last tile laid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntranceRef {
    /// Index of the entrance tile (the last one).
    pub tile: usize,
    /// The entryway, in the tile's oriented face coordinates.
    pub entryway: Entryway,
}

/// The laid-out dungeon (build steps 1–5).
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The play surface.
    pub table: Table,
    /// Tiles in placement order.
    pub tiles: Vec<LaidTile>,
    /// The dungeon entrance.
    pub entrance: EntranceRef,
}

/// Why one build attempt could not be completed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// The request cannot be met by this tile set at all (no retry helps).
    #[error("{0}")]
    Impossible(String),
    /// This attempt got stuck (a new stack may succeed).
    #[error(
        "tile {tile} (stack position {position}) fits none of the {exits} open exits: {reason}"
    )]
    Stuck {
        /// The tile that could not be laid.
        tile: String,
        /// Its position in the stack, from 1 at the top.
        position: usize,
        /// How many open exits there were.
        exits: usize,
        /// Why.
        reason: String,
    },
}

/// How many sets of 5 tiles (at least one hallway and three chambers each,
/// the fifth of either kind) the tile set's copies can make.
pub fn sets_possible(tileset: &TileSet) -> u32 {
    let halls = tileset.count(TileKind::Hallway);
    let chambers = tileset.count(TileKind::Chamber);
    halls.min(chambers / 3).min((halls + chambers) / 5)
}

/// Checks that the tile set can supply `sets` sets of 5 tiles (at least one
/// hallway and three chambers each) and that the table is usable.
pub fn check_request(tileset: &TileSet, params: &LayoutParams) -> Result<(), LayoutError> {
    let sets = params.sets;
    if sets == 0 || sets > MAX_SETS {
        return Err(LayoutError::Impossible(format!(
            "--sets is {sets}; expected 1 to {MAX_SETS}"
        )));
    }
    let (t, tw, th) = (params.table, MAX_TABLE_SIDE, MAX_TABLE_SIDE);
    if t.width == 0 || t.height == 0 || t.width > tw || t.height > th {
        return Err(LayoutError::Impossible(format!(
            "the table is {}×{} squares; expected 1 to {MAX_TABLE_SIDE} each way",
            t.width, t.height
        )));
    }
    let halls = tileset.count(TileKind::Hallway);
    let chambers = tileset.count(TileKind::Chamber);
    if halls < sets || chambers < 3 * sets || halls + chambers < 5 * sets {
        let most = sets_possible(tileset);
        let advice = if most == 0 {
            "not enough for one set: add tiles".to_string()
        } else {
            format!("enough for {most} set(s): use --sets {most} or add tiles")
        };
        return Err(LayoutError::Impossible(format!(
            "{sets} set(s) need {} tiles: at least {sets} hallway(s) and {} chambers, and {sets} more of either kind (each set is 5 tiles: a hallway, 3 chambers and a fifth of either kind); tile set `{}` has {halls} hallway(s) and {chambers} chamber(s), {advice}",
            5 * sets,
            3 * sets,
            tileset.name
        )));
    }
    // The entrance hallway, laid last, joins the dungeon by one entryway and
    // must keep another free for the heroes: some hallway face needs two.
    let two_way_hallway = tileset.tiles.iter().any(|d| {
        d.kind == TileKind::Hallway
            && [Some(&d.front), d.back.as_ref()]
                .into_iter()
                .flatten()
                .any(|f| f.entryways().len() >= 2)
    });
    if !two_way_hallway {
        return Err(LayoutError::Impossible(format!(
            "no hallway of tile set `{}` has two entryways on a face; a hallway needs two to be the entrance (one joins the dungeon, one stays free for the heroes): add such a hallway",
            tileset.name
        )));
    }
    let area: u64 = u64::from(t.width) * u64::from(t.height);
    let smallest = tileset
        .tiles
        .iter()
        .map(|d| u64::from(d.front.width()) * u64::from(d.front.height()))
        .min()
        .unwrap_or(1);
    if area < smallest * u64::from(sets) * 5 {
        return Err(LayoutError::Impossible(format!(
            "the table ({}×{} squares) is smaller than {} tiles laid edge to edge; use a larger --table or fewer --sets",
            t.width,
            t.height,
            sets * 5
        )));
    }
    Ok(())
}

/// How many hallways [`dungeon_stack`] draws for `sets` sets of this tile
/// set (the draw is fixed by the counts: one hallway per set, and a second
/// while enough remain for the sets still to draw). Assumes [`check_request`]
/// passed.
pub fn stack_hallways(tileset: &TileSet, sets: u32) -> u32 {
    let mut left = tileset.count(TileKind::Hallway);
    let mut drawn = 0;
    for set in 1..=sets {
        left = left.saturating_sub(1);
        drawn += 1;
        if left > sets - set {
            left -= 1;
            drawn += 1;
        }
    }
    drawn
}

/// Build step 1: draws the sets and shuffles them into the Dungeon Stack, top
/// first. Each set gets one hallway and three chambers, and its fifth tile is
/// a hallway while hallways remain (hallways are favoured). The bottom tile is
/// a hallway. Each tile gets a rolled rotation and, if it has a back, a rolled face.
pub fn dungeon_stack(tileset: &TileSet, sets: u32, dice: &mut Dice) -> Vec<StackTile> {
    // Physical tiles, copies expanded, in file order.
    let mut halls: Vec<usize> = Vec::new();
    let mut chambers: Vec<usize> = Vec::new();
    for (i, d) in tileset.tiles.iter().enumerate() {
        for _ in 0..d.copies {
            match d.kind {
                TileKind::Hallway => halls.push(i),
                TileKind::Chamber => chambers.push(i),
            }
        }
    }
    let mut drawn_halls: Vec<usize> = Vec::new();
    let mut drawn_chambers: Vec<usize> = Vec::new();
    let draw = |pool: &mut Vec<usize>, out: &mut Vec<usize>, dice: &mut Dice, set: u32| {
        let left = pool.len();
        let k = dice.choose_then(left, |k| {
            let d = &tileset.tiles[pool[k]];
            format!(
                "set {set}: draw a {} ({left} left): {}",
                d.kind.name(),
                d.id
            )
        });
        out.push(pool.remove(k));
    };
    for set in 1..=sets {
        draw(&mut halls, &mut drawn_halls, dice, set);
        for _ in 0..3 {
            draw(&mut chambers, &mut drawn_chambers, dice, set);
        }
        // The fifth tile: a hallway if one can be spared for the sets still to draw.
        let sets_left = sets - set;
        if halls.len() > sets_left as usize {
            draw(&mut halls, &mut drawn_halls, dice, set);
        } else {
            draw(&mut chambers, &mut drawn_chambers, dice, set);
        }
    }
    // The bottom of the stack is a hallway: the dungeon entrance.
    let k = dice.choose_then(drawn_halls.len(), |k| {
        format!(
            "bottom of the stack (the entrance hallway): {}",
            tileset.tiles[drawn_halls[k]].id
        )
    });
    let bottom = drawn_halls.remove(k);
    let mut rest: Vec<usize> = drawn_halls;
    rest.extend(drawn_chambers);
    let mut order = Vec::with_capacity(rest.len() + 1);
    let total = rest.len() + 1;
    while !rest.is_empty() {
        let position = order.len() + 1;
        let k = dice.choose_then(rest.len(), |k| {
            format!(
                "stack position {position} of {total}: {}",
                tileset.tiles[rest[k]].id
            )
        });
        order.push(rest.remove(k));
    }
    order.push(bottom);
    order
        .into_iter()
        .map(|def| {
            let d = &tileset.tiles[def];
            let r = dice.roll(
                1,
                4,
                format_args!("rotation of {} (1=0°, 2=90°, 3=180°, 4=270°)", d.id),
            );
            let face = if d.back.is_some() {
                let f = dice.roll(1, 2, format_args!("face of {} (1=front, 2=back)", d.id));
                if f == 1 {
                    FaceSide::Front
                } else {
                    FaceSide::Back
                }
            } else {
                FaceSide::Front
            };
            StackTile {
                def,
                id: d.shared_id().clone(),
                kind: d.kind,
                face,
                rotation: (r - 1) * 90,
            }
        })
        .collect()
}

/// Occupancy of the table: which tile covers each square. Only a window of
/// the table is stored (all of it while building; the laid tiles' box when
/// a finished layout is checked, where a whole 400 × 400 table would cost
/// more to clear than the check itself); squares outside it are free.
#[derive(Debug, Clone)]
struct Occupancy {
    /// The table's size.
    width: i32,
    height: i32,
    /// The stored window: west and north edge, width.
    wx: i32,
    wy: i32,
    ww: i32,
    owner: Vec<i32>,
}

impl Occupancy {
    fn new(t: Table) -> Self {
        Occupancy::window(t, 0, 0, t.width as i32, t.height as i32)
    }
    fn window(t: Table, wx: i32, wy: i32, ww: i32, wh: i32) -> Self {
        Occupancy {
            width: t.width as i32,
            height: t.height as i32,
            wx,
            wy,
            ww,
            owner: vec![-1; ww.max(0) as usize * wh.max(0) as usize],
        }
    }
    fn inside(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }
    fn get(&self, x: i32, y: i32) -> i32 {
        let (lx, ly) = (x - self.wx, y - self.wy);
        if lx >= 0 && ly >= 0 && lx < self.ww {
            self.owner
                .get((ly * self.ww + lx) as usize)
                .copied()
                .unwrap_or(-1)
        } else {
            -1
        }
    }
    fn fits(&self, face: &Face, x: i32, y: i32, ignore: i32) -> bool {
        let (w, h) = (face.width() as i32, face.height() as i32);
        let (lx, ly) = (x - self.wx, y - self.wy);
        let rows = self.owner.len() as i32 / self.ww.max(1);
        if self.inside(x, y)
            && self.inside(x + w - 1, y + h - 1)
            && lx >= 0
            && ly >= 0
            && lx + w <= self.ww
            && ly + h <= rows
        {
            // The face's box lies on the table and in the window: compare
            // row against row (layout tries every orientation at every exit).
            return face.rows().enumerate().all(|(fy, row)| {
                let start = ((ly + fy as i32) * self.ww + lx) as usize;
                row.iter()
                    .zip(&self.owner[start..start + row.len()])
                    .all(|(c, &o)| !c.is_tile() || o < 0 || o == ignore)
            });
        }
        for fy in 0..face.height() {
            for fx in 0..face.width() {
                if !face.cell(fx, fy).is_tile() {
                    continue;
                }
                let (tx, ty) = (x + fx as i32, y + fy as i32);
                if !self.inside(tx, ty) {
                    return false;
                }
                let o = self.get(tx, ty);
                if o >= 0 && o != ignore {
                    return false;
                }
            }
        }
        true
    }
    /// Marks a tile's squares, which must lie in the window.
    fn set(&mut self, t: &LaidTile, value: i32) {
        for fy in 0..t.height() {
            for fx in 0..t.width() {
                if t.cells.cell(fx, fy).is_tile() {
                    let (x, y) = (t.x + fx as i32 - self.wx, t.y + fy as i32 - self.wy);
                    let i = (y * self.ww + x) as usize;
                    self.owner[i] = value;
                }
            }
        }
    }
}

/// The table square beyond an edge cell of a placed face.
fn beyond(x: i32, y: i32, side: Side) -> (i32, i32) {
    let (dx, dy) = side.delta();
    (x + dx, y + dy)
}

/// Open exits (build step 3): entryways on the dungeon's outer edge whose
/// squares beyond are all free, with room on the table beyond them for a tile
/// whose shorter side is `depth`. Numbered in placement order of their tiles,
/// then N, E, S, W, then west to east / north to south.
///
/// This is the rule as written, entryway by entryway; `build` keeps the same
/// list up to date with [`FreeExits`], and checks it against this in debug
/// builds.
fn open_exits(tiles: &[LaidTile], occ: &Occupancy, depth: i32) -> Vec<ExitRef> {
    let mut out = Vec::new();
    for (ti, t) in tiles.iter().enumerate() {
        for &e in t.cells.entryways() {
            if !FreeExits::is_free(t, &e, occ) {
                continue;
            }
            let room = match e.side {
                Side::N => t.y - depth >= 0,
                Side::S => t.y + t.height() as i32 + depth <= occ.height,
                Side::W => t.x - depth >= 0,
                Side::E => t.x + t.width() as i32 + depth <= occ.width,
            };
            if room {
                out.push(ExitRef {
                    tile: ti,
                    entryway: e,
                });
            }
        }
    }
    out
}

/// The entryways on the dungeon's outer edge whose squares beyond are all on
/// the table and free, in [`open_exits`] order, kept up to date as tiles are
/// laid. Laying a tile only ever takes squares, so an exit once closed stays
/// closed, and only the exits next to the new tile need looking at again:
/// this saves checking every entryway of the dungeon before every tile.
struct FreeExits(Vec<FreeExit>);

/// A free exit, with what the checks need kept beside it (they run for
/// every free exit before every tile is laid).
#[derive(Clone, Copy)]
struct FreeExit {
    exit: ExitRef,
    /// The box of the squares beyond the entryway: west, north, east and
    /// south edges (the last two exclusive).
    beyond: [i32; 4],
    /// Squares of table between the tile's edge and the table's edge
    /// beyond the entryway.
    room: i32,
}

impl FreeExits {
    /// Is every square beyond the entryway on the table and free?
    fn is_free(t: &LaidTile, e: &Entryway, occ: &Occupancy) -> bool {
        t.entryway_cells(e).all(|(x, y)| {
            let (bx, by) = beyond(x, y, e.side);
            occ.inside(bx, by) && occ.get(bx, by) < 0
        })
    }

    /// Tile `i` has just been laid (and marked in `occ`): closes the exits
    /// it covers and adds its own free ones.
    fn push_tile(&mut self, tiles: &[LaidTile], occ: &Occupancy, i: usize) {
        let new = &tiles[i];
        let (nx0, ny0) = (new.x, new.y);
        let (nx1, ny1) = (nx0 + new.width() as i32, ny0 + new.height() as i32);
        self.0.retain(|f| {
            let [bx0, by0, bx1, by1] = f.beyond;
            // A new tile whose box misses the squares beyond cannot cover them.
            let near = bx0 < nx1 && nx0 < bx1 && by0 < ny1 && ny0 < by1;
            !near || Self::is_free(&tiles[f.exit.tile], &f.exit.entryway, occ)
        });
        for &e in new.cells.entryways() {
            if !Self::is_free(new, &e, occ) {
                continue;
            }
            let beyond_box = new.entryway_cells(&e).fold(
                [i32::MAX, i32::MAX, i32::MIN, i32::MIN],
                |[x0, y0, x1, y1], (x, y)| {
                    let (bx, by) = beyond(x, y, e.side);
                    [x0.min(bx), y0.min(by), x1.max(bx + 1), y1.max(by + 1)]
                },
            );
            let room = match e.side {
                Side::N => new.y,
                Side::S => occ.height - ny1,
                Side::W => new.x,
                Side::E => occ.width - nx1,
            };
            self.0.push(FreeExit {
                exit: ExitRef {
                    tile: i,
                    entryway: e,
                },
                beyond: beyond_box,
                room,
            });
        }
    }

    /// The free exits with room on the table beyond them for a tile whose
    /// shorter side is `depth`.
    fn open(&self, depth: i32) -> impl Iterator<Item = ExitRef> + '_ {
        self.0
            .iter()
            .filter(move |f| f.room >= depth)
            .map(|f| f.exit)
    }
}

/// Entryways of a placed tile that no tile lies beyond (candidates for the
/// entrance). The squares beyond lie outside the tile's own box, so `occ`
/// may or may not hold the tile itself.
fn free_entryways(t: &LaidTile, occ: &Occupancy) -> Vec<Entryway> {
    t.cells
        .entryways()
        .iter()
        .copied()
        .filter(|e| {
            t.entryway_cells(e).all(|(x, y)| {
                let (bx, by) = beyond(x, y, e.side);
                occ.get(bx, by) < 0
            })
        })
        .collect()
}

/// The orientations to try for a tile, in rule order: the stack's rotation,
/// then clockwise turns; then the same four on the other face.
fn orientations(
    tileset: &TileSet,
    st: &StackTile,
) -> impl Iterator<Item = (FaceSide, u32)> + use<> {
    // At most eight: no list is allocated (this runs for every tile at
    // every exit tried).
    let faces = if tileset.tiles[st.def].back.is_some() {
        2
    } else {
        1
    };
    let (face, rotation) = (st.face, st.rotation);
    (0..4 * faces).map(move |k| {
        let f = if k < 4 { face } else { face.flipped() };
        (f, (rotation + 90 * (k % 4)) % 360)
    })
}

/// Tries to lay a face against an exit: returns the table position, centred on
/// the exit where possible, where the face fits and connects through the exit.
/// `offsets` is scratch space, lent by the caller so the many tries of one
/// build share one buffer (it runs for every orientation at every exit).
fn place_at_exit(
    tiles: &[LaidTile],
    occ: &Occupancy,
    exit: &ExitRef,
    face: &Face,
    ignore: i32,
    offsets: &mut Vec<i32>,
) -> Option<(i32, i32)> {
    let parent = &tiles[exit.tile];
    let e = exit.entryway;
    let side = e.side;
    let (w, h) = (face.width() as i32, face.height() as i32);
    // Position across the edge is fixed; along the edge it varies.
    let (fixed, along_len, exit_start, parent_start, parent_len) = match side {
        Side::N => (
            parent.y - h,
            w,
            parent.x + e.start as i32,
            parent.x,
            parent.width() as i32,
        ),
        Side::S => (
            parent.y + parent.height() as i32,
            w,
            parent.x + e.start as i32,
            parent.x,
            parent.width() as i32,
        ),
        Side::W => (
            parent.x - w,
            h,
            parent.y + e.start as i32,
            parent.y,
            parent.height() as i32,
        ),
        Side::E => (
            parent.x + parent.width() as i32,
            h,
            parent.y + e.start as i32,
            parent.y,
            parent.height() as i32,
        ),
    };
    let exit_len = e.len as i32;
    let facing = side.opposite();
    offsets.clear();
    for e2 in face.entryways().iter().filter(|e2| e2.side == facing) {
        let (b, l2) = (e2.start as i32, e2.len as i32);
        for off in (exit_start - b - l2 + 1)..(exit_start + exit_len - b) {
            if !offsets.contains(&off) {
                offsets.push(off);
            }
        }
    }
    // Doubled coordinates keep the centring exact.
    let exit_c2 = 2 * exit_start + exit_len;
    let parent_c2 = 2 * parent_start + parent_len;
    offsets.sort_by_key(|&off| {
        let c2 = 2 * off + along_len;
        ((c2 - exit_c2).abs(), (c2 - parent_c2).abs(), off)
    });
    for &off in offsets.iter() {
        let (x, y) = match side {
            Side::N | Side::S => (off, fixed),
            Side::E | Side::W => (fixed, off),
        };
        if !occ.fits(face, x, y, ignore) {
            continue;
        }
        // It must connect through the exit: a passable cell of the new face
        // opposite a passable cell of the exit.
        let connects = parent.entryway_cells(&e).any(|(px, py)| {
            let (bx, by) = beyond(px, py, side);
            let (fx, fy) = (bx - x, by - y);
            fx >= 0 && fy >= 0 && fx < w && fy < h && face.cell(fx as u32, fy as u32).passable()
        });
        if connects {
            return Some((x, y));
        }
    }
    None
}

fn choose_index(
    dice: &mut Dice,
    mode: ExitDice,
    n: usize,
    purpose: impl std::fmt::Display,
) -> Option<usize> {
    match mode {
        ExitDice::Fair => Some(dice.choose(n, purpose)),
        ExitDice::Tabletop => dice.choose_tabletop(n, TABLETOP_MAX_ROLLS, purpose),
    }
}

fn describe_exit(tiles: &[LaidTile], x: &ExitRef) -> String {
    let t = &tiles[x.tile];
    let sq = t.entryway_squares(&x.entryway)[0];
    format!(
        "{} side of {} at table square {},{}",
        x.entryway.side.name(),
        t.id,
        sq.0,
        sq.1
    )
}

/// Build steps 2–5 for one Dungeon Stack: lays every tile and picks the entrance.
pub fn build(
    tileset: &TileSet,
    params: &LayoutParams,
    stack: &[StackTile],
    dice: &mut Dice,
) -> Result<Layout, LayoutError> {
    let mut occ = Occupancy::new(params.table);
    let mut tiles: Vec<LaidTile> = Vec::with_capacity(stack.len());
    let face_of = |st: &StackTile, side: FaceSide, rot: u32| -> Arc<Face> {
        tileset.tiles[st.def]
            .oriented(side, rot)
            .expect("orientations only offer faces the tile has")
            .clone()
    };
    // Step 2: the top tile in the middle of the table.
    let top = &stack[0];
    let cells = face_of(top, top.face, top.rotation);
    let (tw, th) = (params.table.width as i32, params.table.height as i32);
    let (x, y) = (
        (tw - cells.width() as i32) / 2,
        (th - cells.height() as i32) / 2,
    );
    if !occ.fits(&cells, x, y, -1) {
        return Err(LayoutError::Impossible(format!(
            "tile {} does not fit on a {}×{} table; use a larger --table",
            top.id, tw, th
        )));
    }
    let first = LaidTile {
        def: top.def,
        id: top.id.clone(),
        kind: top.kind,
        face: top.face,
        rotation: top.rotation,
        x,
        y,
        cells,
        parent: None,
    };
    occ.set(&first, 0);
    let mut free_exits = FreeExits(Vec::new());
    dice.note(format_args!(
        "lay {} ({} face, {}°) in the middle of the table at {},{}",
        first.id,
        first.face.name(),
        first.rotation,
        x,
        y
    ));
    tiles.push(first);
    free_exits.push_tile(&tiles, &occ, 0);
    let mut exits: Vec<ExitRef> = Vec::new();
    let mut offsets: Vec<i32> = Vec::new();
    // Steps 3–5 for every other tile.
    for (pos, st) in stack.iter().enumerate().skip(1) {
        let is_last = pos + 1 == stack.len();
        let def = &tileset.tiles[st.def];
        let depth = def.front.width().min(def.front.height()) as i32;
        // One buffer serves every tile's list of open exits.
        exits.clear();
        exits.extend(free_exits.open(depth));
        debug_assert_eq!(exits, open_exits(&tiles, &occ, depth));
        let total_exits = exits.len();
        let mut placed: Option<LaidTile> = None;
        while !exits.is_empty() && placed.is_none() {
            let n = exits.len();
            let Some(k) = choose_index(
                dice,
                params.exit_dice,
                n,
                format_args!(
                    "exit for {} (stack position {}): {n} open exits",
                    st.id,
                    pos + 1
                ),
            ) else {
                return Err(LayoutError::Stuck {
                    tile: st.id.to_string(),
                    position: pos + 1,
                    exits: total_exits,
                    reason: "the exit dice never named an exit".into(),
                });
            };
            let exit = exits.remove(k);
            if dice.logs() {
                dice.note(format_args!(
                    "exit {} is the {}",
                    k + 1,
                    describe_exit(&tiles, &exit)
                ));
            }
            for (n, (face_side, rot)) in orientations(tileset, st).enumerate() {
                let cells = face_of(st, face_side, rot);
                let Some((x, y)) = place_at_exit(&tiles, &occ, &exit, &cells, -1, &mut offsets)
                else {
                    continue;
                };
                let candidate = LaidTile {
                    def: st.def,
                    id: st.id.clone(),
                    kind: st.kind,
                    face: face_side,
                    rotation: rot,
                    x,
                    y,
                    cells,
                    parent: Some(exit),
                };
                // The entrance tile needs an entryway left free for the heroes.
                if is_last && free_entryways(&candidate, &occ).is_empty() {
                    continue;
                }
                if dice.logs() {
                    let how = match n {
                        0 => "as drawn".to_string(),
                        1..=3 => format!("after {} clockwise turn(s)", n),
                        _ => format!("flipped, after {} clockwise turn(s)", n - 4),
                    };
                    dice.note(format_args!(
                        "lay {} ({} face, {}°) at {},{} {how}",
                        st.id,
                        face_side.name(),
                        rot,
                        x,
                        y
                    ));
                }
                placed = Some(candidate);
                break;
            }
            if placed.is_none() {
                dice.note(format_args!(
                    "{} fits that exit in no orientation; {} other exits left",
                    st.id,
                    exits.len()
                ));
            }
        }
        let Some(p) = placed else {
            return Err(LayoutError::Stuck {
                tile: st.id.to_string(),
                position: pos + 1,
                exits: total_exits,
                reason: if total_exits == 0 {
                    "the dungeon has no open exit left (every entryway is joined, blocked or too near the table edge)".into()
                } else {
                    "at every exit it would overlap a tile, leave the table or fail to connect"
                        .into()
                },
            });
        };
        occ.set(&p, tiles.len() as i32);
        tiles.push(p);
        free_exits.push_tile(&tiles, &occ, tiles.len() - 1);
    }
    let entrance = choose_entrance(&tiles, &occ, params.exit_dice, dice)?;
    Ok(Layout {
        table: params.table,
        tiles,
        entrance,
    })
}

/// Build step 5: the entrance is one of the last tile's free entryways.
fn choose_entrance(
    tiles: &[LaidTile],
    occ: &Occupancy,
    mode: ExitDice,
    dice: &mut Dice,
) -> Result<EntranceRef, LayoutError> {
    let ti = tiles.len() - 1;
    let last = &tiles[ti];
    let free = free_entryways(last, occ);
    if free.is_empty() {
        return Err(LayoutError::Stuck {
            tile: last.id.to_string(),
            position: tiles.len(),
            exits: 0,
            reason: "the entrance hallway has no free entryway".into(),
        });
    }
    let what = Lazy(|f: &mut std::fmt::Formatter<'_>| {
        write!(
            f,
            "entrance among the {} free entryways of {}",
            free.len(),
            last.id
        )
    });
    let describe = |k: usize| {
        let sq = last.entryway_squares(&free[k])[0];
        format!(
            "the {} side at table square {},{}",
            free[k].side.name(),
            sq.0,
            sq.1
        )
    };
    let k = match mode {
        // The rules: "roll 1d6".
        ExitDice::Fair => dice.choose_d6(free.len(), &what, describe),
        ExitDice::Tabletop => dice
            .choose_tabletop(free.len(), TABLETOP_MAX_ROLLS, &what)
            .unwrap_or(0),
    };
    Ok(EntranceRef {
        tile: ti,
        entryway: free[k],
    })
}

impl Layout {
    /// The occupancy of the laid tiles' box (but tile `skip`).
    fn occupancy(&self, skip: Option<usize>) -> Occupancy {
        let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
        for (i, t) in self.tiles.iter().enumerate() {
            let (tx1, ty1) = (t.x + t.width() as i32, t.y + t.height() as i32);
            if i == 0 {
                (x0, y0, x1, y1) = (t.x, t.y, tx1, ty1);
            }
            (x0, y0) = (x0.min(t.x), y0.min(t.y));
            (x1, y1) = (x1.max(tx1), y1.max(ty1));
        }
        let mut occ = Occupancy::window(self.table, x0, y0, x1 - x0, y1 - y0);
        for (i, t) in self.tiles.iter().enumerate() {
            if Some(i) != skip {
                occ.set(t, i as i32);
            }
        }
        occ
    }

    /// Pairs of tiles that are connected (a passable edge square of one facing
    /// a passable edge square of the other), ascending and sorted.
    pub fn connections(&self) -> Vec<[usize; 2]> {
        self.grid().connections()
    }

    /// Entryways of every tile with no connected square, except the entrance:
    /// the dead ends. Returned as (tile, entryway) in tile order.
    pub fn dead_ends(&self) -> Vec<(usize, Entryway)> {
        self.dead_ends_on(&self.grid())
    }

    /// [`Layout::dead_ends`], given the layout's grid.
    pub fn dead_ends_on(&self, grid: &Grid) -> Vec<(usize, Entryway)> {
        let mut out = Vec::new();
        for (i, t) in self.tiles.iter().enumerate() {
            for &e in t.cells.entryways() {
                if i == self.entrance.tile && e == self.entrance.entryway {
                    continue;
                }
                let joined = t.entryway_cells(&e).any(|(x, y)| {
                    let (bx, by) = grid.local(x, y);
                    let (bx, by) = beyond(bx, by, e.side);
                    grid.owner(bx, by).is_some_and(|o| o != i) && grid.cell(bx, by).passable()
                });
                if !joined {
                    out.push((i, e));
                }
            }
        }
        out
    }

    /// The grid of the dungeon's bounding box.
    pub fn grid(&self) -> Grid {
        Grid::from_layout(self)
    }

    /// Build step 7's fix: turns and, if need be, flips tile `index` where it
    /// lies (against the same exit it was laid on), trying the orientations in
    /// rule order after its current one. An orientation is taken only if the
    /// tile still fits, still connects to every tile it touched before, and
    /// `accept` approves the new layout (given with its grid). `grid` is the
    /// current layout's grid. Returns the new layout's grid when an
    /// orientation was taken; `None`, with the layout unchanged, otherwise.
    pub fn reorient(
        &mut self,
        tileset: &TileSet,
        grid: &Grid,
        index: usize,
        dice: &mut Dice,
        mut accept: impl FnMut(&Layout, &Grid) -> bool,
    ) -> Option<Grid> {
        let before = grid.neighbours_of(index);
        let cur = self.tiles[index].clone();
        let entrance = self.entrance;
        let st = StackTile {
            def: cur.def,
            id: cur.id.clone(),
            kind: cur.kind,
            face: cur.face,
            rotation: cur.rotation,
        };
        let occ = self.occupancy(Some(index));
        let mut offsets: Vec<i32> = Vec::new();
        for (face_side, rot) in orientations(tileset, &st).skip(1) {
            let cells = tileset.tiles[cur.def]
                .oriented(face_side, rot)
                .expect("orientations only offer faces the tile has")
                .clone();
            let pos = match cur.parent {
                Some(exit) => {
                    place_at_exit(&self.tiles, &occ, &exit, &cells, index as i32, &mut offsets)
                }
                None => {
                    // The first tile turns about its own centre.
                    let cx2 = 2 * cur.x + cur.width() as i32;
                    let cy2 = 2 * cur.y + cur.height() as i32;
                    let (x, y) = (
                        (cx2 - cells.width() as i32) / 2,
                        (cy2 - cells.height() as i32) / 2,
                    );
                    occ.fits(&cells, x, y, index as i32).then_some((x, y))
                }
            };
            let Some((x, y)) = pos else { continue };
            // The trial is made in place rather than on a copy of the whole
            // layout (this runs for every orientation of every blocking
            // tile); the tile and entrance are put back below if no
            // orientation is taken.
            self.tiles[index] = LaidTile {
                def: cur.def,
                id: cur.id.clone(),
                kind: cur.kind,
                face: face_side,
                rotation: rot,
                x,
                y,
                cells,
                parent: cur.parent,
            };
            self.entrance = entrance;
            if index == entrance.tile {
                let free = free_entryways(&self.tiles[index], &occ);
                let Some(first) = free.first() else { continue };
                if !free.contains(&entrance.entryway) {
                    self.entrance.entryway = *first;
                }
            }
            // Whether it still touches every tile it touched is read from
            // the other tiles' occupancy, before the whole grid is built for
            // `accept` (a third of the orientations fail here).
            let t = &self.tiles[index];
            let touches = |other: usize| {
                let o = &self.tiles[other];
                t.cells.rows().enumerate().any(|(fy, row)| {
                    row.iter().enumerate().any(|(fx, c)| {
                        let (sx, sy) = (t.x + fx as i32, t.y + fy as i32);
                        c.passable()
                            && [(sx + 1, sy), (sx - 1, sy), (sx, sy + 1), (sx, sy - 1)]
                                .iter()
                                .any(|&(nx, ny)| {
                                    occ.get(nx, ny) == other as i32
                                        && o.cells
                                            .cell((nx - o.x) as u32, (ny - o.y) as u32)
                                            .passable()
                                })
                    })
                })
            };
            if !before.iter().all(|&o| touches(o)) {
                continue;
            }
            let grid = grid.relaid(self, index);
            if accept(self, &grid) {
                dice.note(format_args!(
                    "step 7: {} blocks the way to the Central Chamber; turned to {} face, {}° at {},{}",
                    cur.id,
                    face_side.name(),
                    rot,
                    x,
                    y
                ));
                return Some(grid);
            }
        }
        self.tiles[index] = cur;
        self.entrance = entrance;
        None
    }
}

#[cfg(test)]
mod tests;
