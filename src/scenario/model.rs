//! The scenario envelope every game shares, and its serde form.

use super::ruleset::RulesetId;
use crate::core::dice::LogEntry;
pub use crate::core::geom::Point;
use crate::tileset::{Cell, FaceSide, Side, TileKind};
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::marker::PhantomData;

/// One generated adventure, as written to `scenario.yaml`: the envelope
/// every game shares (what was built, where, from which seed, and the roll
/// log) around `game`, the part its rule system set up.
///
/// The file is one flat mapping: the game's part writes its head keys
/// (`mission`, `params` for the MKD Adventure) right after `ruleset`, and the
/// rest after `dead_ends` (see [`GamePart`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario<G> {
    /// Always `tilecrawl-scenario/1`.
    pub format: String,
    /// The program and version that wrote the file.
    pub generator: String,
    /// The master seed.
    pub seed: u64,
    /// The rule system that set the dungeon up.
    pub ruleset: RulesetId,
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
    /// What the game's setup put on the map and kept aside.
    pub game: G,
    /// Every roll made while building and setting up, in order.
    pub log: Vec<LogEntry>,
}

/// A game's part of a scenario file, read and written key by key inside the
/// envelope's one mapping, so that every key keeps its line and column in
/// error messages and unknown keys are refused.
pub trait GamePart: Sized {
    /// The rule system whose scenarios hold this part.
    const RULESET: RulesetId;
    /// Every key of the file, in the order it is written: the
    /// [`ENVELOPE_KEYS`] with the part's head keys after `ruleset` and its
    /// body keys after `dead_ends`.
    const KEYS: &'static [&'static str];
    /// The part while it is read: what has been seen of it so far.
    type Partial: Default;
    /// Is the map laid from tiles (a Dungeon Stack)? A game played on one
    /// fixed board says no: its file then has none of the [`STACK_KEYS`]
    /// (they are neither written nor accepted), its envelope holds them
    /// empty ([`no_stack`]), and its grid is checked by the part
    /// in its own legend.
    const TILED: bool = true;

    /// Reads the value of `key`, one of the part's keys in [`Self::KEYS`].
    fn read_value<'de, A: MapAccess<'de>>(
        partial: &mut Self::Partial,
        key: &'static str,
        map: &mut A,
    ) -> Result<(), A::Error>;

    /// The part, once the whole mapping is read (a required key missing is
    /// an error).
    fn finish<E: de::Error>(partial: Self::Partial) -> Result<Self, E>;

    /// Writes the head keys.
    fn write_head<S: SerializeStruct>(&self, st: &mut S) -> Result<(), S::Error>;

    /// Writes the body keys.
    fn write_body<S: SerializeStruct>(&self, st: &mut S) -> Result<(), S::Error>;

    /// Checks the part against the envelope (already checked): `Err((key,
    /// what is wrong))`.
    fn check(s: &Scenario<Self>) -> Result<(), (String, String)>;
}

/// The envelope's keys, in the order they are written; the game's head
/// keys go after `ruleset`, its body keys after `dead_ends`.
pub const ENVELOPE_KEYS: [&str; 14] = [
    "format",
    "generator",
    "seed",
    "ruleset",
    "square_mm",
    "size",
    "table_offset",
    "grid",
    "tiles",
    "connections",
    "entrance",
    "central_chamber",
    "dead_ends",
    "log",
];

/// The envelope's keys that describe a Dungeon Stack (left out of the
/// files of a game whose part is not [`GamePart::TILED`]).
pub const STACK_KEYS: [&str; 6] = [
    "table_offset",
    "tiles",
    "connections",
    "entrance",
    "central_chamber",
    "dead_ends",
];

/// The envelope's Dungeon Stack fields, in their order: table offset,
/// tiles, connections, entrance, Central Chamber, dead ends.
pub type NoStack = (
    Point,
    Vec<PlacedTile>,
    Vec<[usize; 2]>,
    Entrance,
    CentralChamber,
    Vec<Opening>,
);

/// What the envelope holds for the Dungeon Stack of a board game (which
/// has none): no offset, tiles, connections or dead ends; the entrance
/// and Central Chamber name tile 0 and are not written.
pub fn no_stack() -> NoStack {
    (
        Point { x: 0, y: 0 },
        Vec::new(),
        Vec::new(),
        Entrance {
            tile: 0,
            x: 0,
            y: 0,
            side: Side::N,
            length: 1,
        },
        CentralChamber { tile: 0, depth: 0 },
        Vec::new(),
    )
}

impl<G: GamePart> Serialize for Scenario<G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut st = serializer.serialize_struct("Scenario", G::KEYS.len())?;
        st.serialize_field("format", &self.format)?;
        st.serialize_field("generator", &self.generator)?;
        st.serialize_field("seed", &self.seed)?;
        st.serialize_field("ruleset", &self.ruleset)?;
        self.game.write_head(&mut st)?;
        st.serialize_field("square_mm", &self.square_mm)?;
        st.serialize_field("size", &self.size)?;
        if !G::TILED {
            st.serialize_field("grid", &self.grid)?;
            self.game.write_body(&mut st)?;
            st.serialize_field("log", &self.log)?;
            return st.end();
        }
        st.serialize_field("table_offset", &self.table_offset)?;
        st.serialize_field("grid", &self.grid)?;
        st.serialize_field("tiles", &self.tiles)?;
        st.serialize_field("connections", &self.connections)?;
        st.serialize_field("entrance", &self.entrance)?;
        st.serialize_field("central_chamber", &self.central_chamber)?;
        st.serialize_field("dead_ends", &self.dead_ends)?;
        self.game.write_body(&mut st)?;
        st.serialize_field("log", &self.log)?;
        st.end()
    }
}

impl<'de, G: GamePart> Deserialize<'de> for Scenario<G> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("Scenario", G::KEYS, EnvelopeVisitor::<G>(PhantomData))
    }
}

struct EnvelopeVisitor<G>(PhantomData<G>);

/// Reads a key of the mapping as one of `keys`. An unknown key is refused
/// while it is read, so the error points at it (as serde's derived
/// field names do).
struct Key(&'static [&'static str]);

impl<'de> de::DeserializeSeed<'de> for Key {
    type Value = &'static str;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Key {
    type Value = &'static str;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        self.0
            .iter()
            .find(|k| **k == v)
            .copied()
            .ok_or_else(|| E::unknown_field(v, self.0))
    }
}

/// The value read for a required key (for [`GamePart::finish`]).
pub fn need<T, E: de::Error>(v: Option<T>, key: &'static str) -> Result<T, E> {
    v.ok_or_else(|| E::missing_field(key))
}

/// Takes the next value for `slot`, refusing a key given twice (for
/// [`GamePart::read_value`]).
pub fn read_once<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    slot: &mut Option<T>,
    key: &'static str,
    map: &mut A,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(key));
    }
    *slot = Some(map.next_value()?);
    Ok(())
}

impl<'de, G: GamePart> Visitor<'de> for EnvelopeVisitor<G> {
    type Value = Scenario<G>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("struct Scenario")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut format = None;
        let mut generator = None;
        let mut seed = None;
        let mut ruleset = None;
        let mut square_mm = None;
        let mut size = None;
        let mut table_offset = None;
        let mut grid = None;
        let mut tiles = None;
        let mut connections = None;
        let mut entrance = None;
        let mut central_chamber = None;
        let mut dead_ends = None;
        let mut log = None;
        let mut part = G::Partial::default();
        while let Some(key) = map.next_key_seed(Key(G::KEYS))? {
            match key {
                "format" => read_once(&mut format, key, &mut map)?,
                "generator" => read_once(&mut generator, key, &mut map)?,
                "seed" => read_once(&mut seed, key, &mut map)?,
                "ruleset" => read_once(&mut ruleset, key, &mut map)?,
                "square_mm" => read_once(&mut square_mm, key, &mut map)?,
                "size" => read_once(&mut size, key, &mut map)?,
                "table_offset" => read_once(&mut table_offset, key, &mut map)?,
                "grid" => read_once(&mut grid, key, &mut map)?,
                "tiles" => read_once(&mut tiles, key, &mut map)?,
                "connections" => read_once(&mut connections, key, &mut map)?,
                "entrance" => read_once(&mut entrance, key, &mut map)?,
                "central_chamber" => read_once(&mut central_chamber, key, &mut map)?,
                "dead_ends" => read_once(&mut dead_ends, key, &mut map)?,
                "log" => read_once(&mut log, key, &mut map)?,
                _ => G::read_value(&mut part, key, &mut map)?,
            }
        }
        // Missing keys are reported in the order the file writes them.
        let format = need(format, "format")?;
        let generator = need(generator, "generator")?;
        let seed = need(seed, "seed")?;
        let ruleset = need(ruleset, "ruleset")?;
        let game = G::finish(part)?;
        if !G::TILED {
            let (table_offset, tiles, connections, entrance, central_chamber, dead_ends) =
                no_stack();
            return Ok(Scenario {
                format,
                generator,
                seed,
                ruleset,
                square_mm: need(square_mm, "square_mm")?,
                size: need(size, "size")?,
                table_offset,
                grid: need(grid, "grid")?,
                tiles,
                connections,
                entrance,
                central_chamber,
                dead_ends,
                game,
                log: need(log, "log")?,
            });
        }
        Ok(Scenario {
            format,
            generator,
            seed,
            ruleset,
            square_mm: need(square_mm, "square_mm")?,
            size: need(size, "size")?,
            table_offset: need(table_offset, "table_offset")?,
            grid: need(grid, "grid")?,
            tiles: need(tiles, "tiles")?,
            connections: need(connections, "connections")?,
            entrance: need(entrance, "entrance")?,
            central_chamber: need(central_chamber, "central_chamber")?,
            dead_ends: need(dead_ends, "dead_ends")?,
            game,
            log: need(log, "log")?,
        })
    }
}

/// Longest side of one tile, in squares (as for tile sets).
pub const MAX_TILE_SIDE: u32 = 64;

/// A width and height in squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Size {
    /// West to east.
    pub width: u32,
    /// North to south.
    pub height: u32,
}

/// A tile as laid on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacedTile {
    /// The tile's id in the tile set.
    pub id: String,
    /// Hallway or chamber.
    pub kind: TileKind,
    /// Which face is up.
    pub face: FaceSide,
    /// Clockwise rotation from the printed orientation: 0, 90, 180 or 270.
    #[schemars(extend("enum" = [0, 90, 180, 270]))]
    pub rotation: u32,
    /// West column of the tile's rectangle.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// North row of the tile's rectangle.
    #[schemars(range(min = 0))]
    pub y: i32,
    /// Width of the rectangle after rotation.
    #[schemars(range(min = 1, max = MAX_TILE_SIDE))]
    pub width: u32,
    /// Height of the rectangle after rotation.
    #[schemars(range(min = 1, max = MAX_TILE_SIDE))]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Entrance {
    /// Index of the entrance tile.
    pub tile: usize,
    /// Middle square of the entryway.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Middle square of the entryway.
    #[schemars(range(min = 0))]
    pub y: i32,
    /// The tile edge the entryway is on (heroes come in from that side).
    pub side: Side,
    /// Width of the entryway in squares.
    #[schemars(range(min = 1, max = MAX_TILE_SIDE))]
    pub length: u32,
}

impl Entrance {
    /// The entryway's squares, west or north end first (a length beyond
    /// [`MAX_TILE_SIDE`], which loading refuses, is cut to it).
    pub fn squares(&self) -> impl Iterator<Item = Point> + '_ {
        let len = self.length.clamp(1, MAX_TILE_SIDE) as i32;
        (0..len).map(move |i| {
            let along = i - (len - 1) / 2;
            match self.side {
                Side::N | Side::S => Point {
                    x: self.x + along,
                    y: self.y,
                },
                Side::E | Side::W => Point {
                    x: self.x,
                    y: self.y + along,
                },
            }
        })
    }
}

/// An entryway on a tile edge (used for dead ends).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// Index of the tile.
    pub tile: usize,
    /// First square of the entryway (north-most or west-most).
    #[schemars(range(min = 0))]
    pub x: i32,
    /// First square of the entryway (north-most or west-most).
    #[schemars(range(min = 0))]
    pub y: i32,
    /// The tile edge the entryway is on.
    pub side: Side,
    /// Width of the entryway in squares.
    #[schemars(range(min = 1, max = MAX_TILE_SIDE))]
    pub length: u32,
}

/// The Central Chamber: the chamber the most tiles away from the entrance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CentralChamber {
    /// Index of the chamber tile.
    pub tile: usize,
    /// Tiles from the entrance tile (the entrance tile has depth 0).
    pub depth: u32,
}

/// A square of a tile that holds a mission piece (prisoner, staircase).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Spot {
    /// Square.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Square.
    #[schemars(range(min = 0))]
    pub y: i32,
    /// Index of the tile.
    pub tile: usize,
}

impl<G> Scenario<G> {
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

    /// Does any square of the grid hold `c` (a map's legend lists a
    /// terrain only then)?
    pub fn has_cell(&self, c: Cell) -> bool {
        self.grid.iter().any(|row| row.contains(c.to_char()))
    }

    /// The index of the tile covering a square, if any.
    pub fn tile_at(&self, x: i32, y: i32) -> Option<usize> {
        if !self.cell(x, y).is_tile() {
            return None;
        }
        self.tiles.iter().position(|t| t.covers(x, y))
    }
}
