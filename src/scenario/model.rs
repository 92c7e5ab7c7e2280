//! The scenario data model (serde).

use super::RulesetId;
use crate::core::dice::LogEntry;
pub use crate::core::geom::Point;
use crate::tileset::{Cell, FaceSide, Side, TileKind};
use serde::{Deserialize, Serialize};

/// One generated adventure, as written to `scenario.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Always `tilecrawl-scenario/1`.
    pub format: String,
    /// The program and version that wrote the file.
    pub generator: String,
    /// The master seed.
    pub seed: u64,
    /// The rule system that populated the dungeon (`mkd-adventure`).
    pub ruleset: RulesetId,
    /// The mission in canonical form (`quest`, `rescue+timed`; see [`crate::mkd::mission`]).
    pub mission: String,
    /// The parameters the dungeon was built with.
    pub params: Params,
    /// Printed size of one square in millimetres (from the tile set).
    pub square_mm: f64,
    /// Bounding box of the dungeon in squares.
    pub size: Size,
    /// Where the bounding box's north-west corner lies on the table, in squares.
    pub table_offset: Point,
    /// `size.height` strings of `size.width` cells in the tile-set legend, `_` where no tile is.
    pub grid: Vec<String>,
    /// The tiles in placement order (the first is the top of the Dungeon Stack).
    pub tiles: Vec<PlacedTile>,
    /// Pairs of tile indexes that are connected, each pair ascending, sorted.
    pub connections: Vec<[usize; 2]>,
    /// The dungeon entrance.
    pub entrance: Entrance,
    /// The Central Chamber.
    pub central_chamber: CentralChamber,
    /// Entryways that lead nowhere (every open entryway but the entrance).
    pub dead_ends: Vec<Opening>,
    /// Chests placed on the map (the Quest Chest).
    pub chests: Vec<Chest>,
    /// Wandering monster tokens placed on the map.
    pub wmts: Vec<Wmt>,
    /// Hindering and water markers placed on the map.
    pub markers: Vec<Marker>,
    /// Timed missions: the turns the heroes have (3 per chamber, 1 per hallway).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<u32>,
    /// Rescue missions: where the prisoner hero waits in the Central Chamber.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prisoner: Option<Spot>,
    /// Split-up missions: the second entrance, a staircase marker in the
    /// hallway nearest the Central Chamber (a way in and out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_entrance: Option<Spot>,
    /// Multi-floor dungeons, every floor but the last: the staircase down, in
    /// the centre of the chamber farthest from the entrance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub staircase: Option<Spot>,
    /// Multi-floor dungeons: which floor this is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor: Option<FloorOf>,
    /// What is kept aside for discovery and reveals during play.
    pub pools: Pools,
    /// Every roll made while building and setting up, in order.
    pub log: Vec<LogEntry>,
}

/// The parameters a dungeon was generated with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Number of 5-tile sets in the Dungeon Stack.
    pub sets: u32,
    /// Total value of the heroic teams.
    pub hero_value: u32,
    /// Name of the tile set.
    pub tileset: String,
    /// Play surface in squares.
    pub table: Size,
    /// How exits were chosen: `fair` or `tabletop`.
    pub exit_dice: String,
    /// Chest difficulty mix: `easy`, `normal` or `hard`.
    pub difficulty: String,
    /// Whether the optional hindering/water markers were placed.
    pub markers: bool,
    /// Whether the optional artifact/dressing sets were added per chamber.
    pub dressing: bool,
}

/// A width and height in squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Size {
    /// West to east.
    pub width: u32,
    /// North to south.
    pub height: u32,
}

/// A tile as laid on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedTile {
    /// The tile's id in the tile set.
    pub id: String,
    /// Hallway or chamber.
    pub kind: TileKind,
    /// Which face is up.
    pub face: FaceSide,
    /// Clockwise rotation from the printed orientation: 0, 90, 180 or 270.
    pub rotation: u32,
    /// West column of the tile's rectangle.
    pub x: i32,
    /// North row of the tile's rectangle.
    pub y: i32,
    /// Width of the rectangle after rotation.
    pub width: u32,
    /// Height of the rectangle after rotation.
    pub height: u32,
    /// Squares inside the rectangle that are not part of the tile (L-shaped
    /// tiles); empty for rectangular tiles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub void: Vec<Point>,
}

impl PlacedTile {
    /// Does the tile cover this square?
    pub fn covers(&self, x: i32, y: i32) -> bool {
        x >= self.x
            && y >= self.y
            && x < self.x + self.width as i32
            && y < self.y + self.height as i32
            && !self.void.contains(&Point { x, y })
    }

    /// The centre square of the tile's rectangle (rounded north-west).
    pub fn centre(&self) -> Point {
        Point {
            x: self.x + (self.width as i32 - 1) / 2,
            y: self.y + (self.height as i32 - 1) / 2,
        }
    }
}

/// The dungeon entrance: an entryway of the last tile placed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrance {
    /// Index of the entrance tile.
    pub tile: usize,
    /// Middle square of the entryway.
    pub x: i32,
    /// Middle square of the entryway.
    pub y: i32,
    /// The tile edge the entryway is on (heroes come in from that side).
    pub side: Side,
    /// Width of the entryway in squares.
    pub length: u32,
}

/// An entryway on a tile edge (used for dead ends).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// Index of the tile.
    pub tile: usize,
    /// First square of the entryway (north-most or west-most).
    pub x: i32,
    /// First square of the entryway (north-most or west-most).
    pub y: i32,
    /// The tile edge the entryway is on.
    pub side: Side,
    /// Width of the entryway in squares.
    pub length: u32,
}

/// The Central Chamber: the chamber the most tiles away from the entrance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CentralChamber {
    /// Index of the chamber tile.
    pub tile: usize,
    /// Tiles from the entrance tile (the entrance tile has depth 0).
    pub depth: u32,
}

/// A square of a tile that holds a mission piece (prisoner, staircase).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spot {
    /// Square.
    pub x: i32,
    /// Square.
    pub y: i32,
    /// Index of the tile.
    pub tile: usize,
}

/// Floor `number` of `of` in a multi-floor dungeon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorOf {
    /// 1 for the top floor.
    pub number: u32,
    /// How many floors the dungeon has.
    pub of: u32,
}

/// A treasure chest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chest {
    /// Square of the chest.
    pub x: i32,
    /// Square of the chest.
    pub y: i32,
    /// The way the chest's front faces.
    pub facing: Side,
    /// Chest level, 1 to 3.
    pub level: u32,
    /// Is this the Quest Chest?
    pub quest: bool,
    /// Index of the tile the chest is on.
    pub tile: usize,
}

/// A wandering monster token colour, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WmtColor {
    /// Weakest tokens.
    Yellow,
    /// Middle tokens.
    Blue,
    /// Strongest tokens.
    Red,
}

impl WmtColor {
    /// `yellow`, `blue` or `red`.
    pub fn name(self) -> &'static str {
        match self {
            WmtColor::Yellow => "yellow",
            WmtColor::Blue => "blue",
            WmtColor::Red => "red",
        }
    }
}

/// A wandering monster token on the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wmt {
    /// Square of the token.
    pub x: i32,
    /// Square of the token.
    pub y: i32,
    /// Token colour.
    pub color: WmtColor,
    /// Number printed on the token, 1 to 6.
    pub number: u32,
    /// Is this the Guardian WMT (it does not wander)?
    pub guardian: bool,
    /// Index of the tile the token is on.
    pub tile: usize,
}

/// A token in the WMT pool (not on the map).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WmtToken {
    /// Token colour.
    pub color: WmtColor,
    /// Number printed on the token, 1 to 6.
    pub number: u32,
}

/// Kind of terrain marker laid on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkerKind {
    /// Hindering terrain marker.
    Hindering,
    /// Water marker.
    Water,
}

/// A terrain marker on the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    /// Hindering or water.
    pub kind: MarkerKind,
    /// Square of the marker.
    pub x: i32,
    /// Square of the marker.
    pub y: i32,
}

/// The pools kept aside after setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pools {
    /// Levels of the chests left for discovery.
    pub chests: Vec<u32>,
    /// Tokens left in the WMT pool.
    pub wmts: Vec<WmtToken>,
    /// Added to every WMT reveal roll (hero value above 300).
    pub wmt_reveal_bonus: u32,
    /// Added to the Guardian's reveal roll instead (2 per 100 hero points over 100).
    pub guardian_reveal_bonus: u32,
    /// Rescue missions: the Guardian WMT, set aside at setup; it is revealed
    /// at the entrance when the prisoner is freed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guardian: Option<WmtToken>,
    /// The Dungeon Accessories Pool.
    pub accessories: Accessories,
    /// The Monster Pool.
    pub monsters: MonsterPool,
}

/// Which side of a square terrain marker is meant to be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TerrainSide {
    /// The obstacle side.
    Obstacle,
    /// The special-terrain side.
    Special,
}

/// The Dungeon Accessories Pool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Accessories {
    /// Doors (one per hallway).
    pub doors: u32,
    /// Terrain markers (one per hallway), each with its side chosen at setup.
    pub terrain_markers: Vec<TerrainSide>,
    /// Artifacts and dressing sets (one per chamber, when dressing is on).
    pub furnishings: Vec<String>,
}

/// A monster list shared, not copied: every scenario of a batch carries the
/// same Monster Pool, and copying its names for each adventure was a
/// hundred allocations per `generate` (a tenth of its time).
pub type MonsterPool = std::sync::Arc<Vec<MonsterEntry>>;

/// A kind of monster in the Monster Pool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonsterEntry {
    /// Name of the figure.
    pub name: String,
    /// Point value.
    pub points: u32,
    /// How many of this figure are in the pool.
    pub count: u32,
    /// Special abilities by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// Dice-combat statistics from the monster list, if it gave them (the
    /// play engine otherwise takes them from its tables by point value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<crate::mkd::figures::Stats>,
}

impl Scenario {
    /// The cell at a square (`Void` outside the grid).
    pub fn cell(&self, x: i32, y: i32) -> Cell {
        if x < 0 || y < 0 || x >= self.size.width as i32 || y >= self.size.height as i32 {
            return Cell::Void;
        }
        self.grid[y as usize]
            .as_bytes()
            .get(x as usize)
            .and_then(|b| Cell::from_char(*b as char))
            .unwrap_or(Cell::Void)
    }

    /// The index of the tile covering a square, if any.
    pub fn tile_at(&self, x: i32, y: i32) -> Option<usize> {
        if !self.cell(x, y).is_tile() {
            return None;
        }
        self.tiles.iter().position(|t| t.covers(x, y))
    }
}
