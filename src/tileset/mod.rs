//! Tile sets: the physical dungeon tiles a player owns, as YAML
//! (`format: tilecrawl-tileset/1`).
//!
//! A tile has a front face and optionally a back face, each a grid of cells
//! written north to south as printed at rotation 0:
//!
//! ```text
//! #.#     `.` floor      `,` hindering (passable)   `~` water (passable)
//! #.#     `=` crevice    `X` blocking               `#` wall
//! #=#     `_` not part of the tile (for L-shaped tiles)
//! #.#
//! #.#
//! ```
//!
//! Everything is checked by [`load`]; a [`TileSet`] that exists is valid.

mod load;
mod model;

pub use crate::core::geom::Side;
pub use load::{
    DEFAULT_TILESET_NAME, FORMAT, LIMITS, Limits, MAX_ID_CHARS, MAX_NAME_CHARS,
    PENDRAKEN_TILESET_NAME, TilesetError, default_tileset, embedded, embedded_text, json_schema,
    load, parse, pendraken_tileset, valid_id,
};
pub use model::{Cell, Entryway, Face, FaceSide, PrintedDoor, TileDef, TileKind, TileSet};
