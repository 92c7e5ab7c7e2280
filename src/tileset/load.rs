//! Loading and validating tile-set YAML.

use super::model::{Cell, Face, FaceSide, PrintedDoor, TileDef, TileKind, TileSet};
use crate::core::geom::Side;
use serde::Deserialize;
use std::path::Path;

/// The format tag every tile-set file starts with.
pub const FORMAT: &str = "tilecrawl-tileset/1";

/// Name of the embedded default tile set (usable as `--tileset mkd-builder`).
pub const DEFAULT_TILESET_NAME: &str = "mkd-builder";

const DEFAULT_TILESET_YAML: &str = include_str!("../../templates/tilesets/mkd-builder.yaml");

/// Name of the embedded Pendraken-style set (usable as `--tileset
/// pendraken-10mm`), the project's approximation of 10 mm resin pieces.
pub const PENDRAKEN_TILESET_NAME: &str = "pendraken-10mm";

const PENDRAKEN_TILESET_YAML: &str = include_str!("../../templates/tilesets/pendraken-10mm.yaml");

/// What a tile set may hold at most; larger files are refused before any work.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest file accepted, in bytes.
    pub max_file_bytes: u64,
    /// Most tile designs in one set.
    pub max_tiles: usize,
    /// Most copies of one design.
    pub max_copies: u32,
    /// Longest side of a face, in squares.
    pub max_face_side: u32,
    /// Smallest and largest printed square, in millimetres.
    pub square_mm: (f64, f64),
}

/// The limits tilecrawl enforces on tile sets.
pub const LIMITS: Limits = Limits {
    max_file_bytes: 4 * 1024 * 1024,
    max_tiles: 1000,
    max_copies: 100,
    max_face_side: 64,
    square_mm: (2.0, 200.0),
};

/// Why a tile set was refused. Each variant prints as one line that names the
/// file and the place in it.
#[derive(Debug, thiserror::Error)]
pub enum TilesetError {
    /// The file could not be read.
    #[error("{file}: cannot read tile set")]
    Io {
        /// The file.
        file: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not valid YAML, or does not have the expected keys and types.
    #[error(transparent)]
    Yaml(#[from] crate::core::yaml::FileError),
    /// Something about the set as a whole.
    #[error("{file}: {message}")]
    Set {
        /// The file.
        file: String,
        /// What was wrong.
        message: String,
    },
    /// Something about one tile (and maybe one face, row and column of it).
    #[error("{file}: tile {tile}{place}: {message}")]
    Tile {
        /// The file.
        file: String,
        /// The tile id (or its position if the id is unusable).
        tile: String,
        /// `, back face, row 2, column 3` or a shorter part of it.
        place: String,
        /// What was wrong and what was expected.
        message: String,
    },
}

/// A tile set file (`format: tilecrawl-tileset/1`).
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawSet {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    format: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    #[schemars(range(min = LIMITS.square_mm.0, max = LIMITS.square_mm.1))]
    square_mm: Option<f64>,
    #[schemars(length(min = 1, max = LIMITS.max_tiles))]
    tiles: Vec<RawTile>,
}

/// One kind of tile: its squares, front and back, and how many you own.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawTile {
    #[schemars(schema_with = "id_schema")]
    id: String,
    kind: TileKind,
    #[serde(default, deserialize_with = "copies")]
    #[schemars(range(min = 1, max = LIMITS.max_copies))]
    copies: Option<u32>,
    front: String,
    #[serde(default)]
    back: Option<String>,
    /// Doors moulded on the piece, each on one edge of one square
    /// (optional; games that fix doors at setup read them).
    #[serde(default)]
    doors: Vec<RawDoor>,
}

/// In a schema: an id as the loader reads it, a word or a bare number
/// (`7` is the id `7`).
fn id_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "description": "The tile's id: letters, digits, `-`, `_` or `.` (a bare number reads as its digits).",
        "type": ["string", "integer"],
        "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,31}$",
        "minimum": 0
    })
}

/// Reads `copies:`, so that a number out of range is told the range the
/// loader holds it to (1 to [`Limits::max_copies`]), whatever its size or
/// sign, not the range of the integer type.
fn copies<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    struct V;
    impl serde::de::Visitor<'_> for V {
        type Value = Option<u32>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "a whole number from 1 to {}", LIMITS.max_copies)
        }
        fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Option<u32>, E> {
            match u32::try_from(v) {
                Ok(n) if (1..=LIMITS.max_copies).contains(&n) => Ok(Some(n)),
                _ => Err(E::custom(format_args!(
                    "copies is {v}; expected 1 to {}",
                    LIMITS.max_copies
                ))),
            }
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Option<u32>, E> {
            self.visit_i128(v.into())
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Option<u32>, E> {
            self.visit_i128(v.into())
        }
        fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Option<u32>, E> {
            self.visit_i128(i128::try_from(v).unwrap_or(i128::MAX))
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Option<u32>, E> {
            Ok(None)
        }
    }
    d.deserialize_any(V)
}

/// A door moulded on a piece: its face, square (column and row from the
/// north-west corner at rotation 0, counted from 0) and edge.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawDoor {
    #[serde(default)]
    face: Option<FaceSide>,
    x: u32,
    y: u32,
    side: Side,
    #[serde(default)]
    secret: bool,
}

/// The JSON Schema of a tile set file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(RawSet)
}

/// The embedded `mkd-builder` tile set.
pub fn default_tileset() -> TileSet {
    parse(DEFAULT_TILESET_YAML, DEFAULT_TILESET_NAME)
        .expect("the embedded tile set is checked by the test suite")
}

/// The embedded `pendraken-10mm` tile set.
pub fn pendraken_tileset() -> TileSet {
    parse(PENDRAKEN_TILESET_YAML, PENDRAKEN_TILESET_NAME)
        .expect("the embedded tile set is checked by the test suite")
}

/// The embedded tile set called `name`, if there is one: read once per
/// process (reading one is some two million instructions, which every
/// scenario read would otherwise pay to check its tiles).
pub fn embedded(name: &str) -> Option<&'static TileSet> {
    static DEFAULT: std::sync::OnceLock<TileSet> = std::sync::OnceLock::new();
    static PENDRAKEN: std::sync::OnceLock<TileSet> = std::sync::OnceLock::new();
    match name {
        DEFAULT_TILESET_NAME => Some(DEFAULT.get_or_init(default_tileset)),
        PENDRAKEN_TILESET_NAME => Some(PENDRAKEN.get_or_init(pendraken_tileset)),
        _ => None,
    }
}

/// The YAML text of the embedded tile set called `name`, if there is one
/// (`tileset default NAME` prints it, a start for one's own).
pub fn embedded_text(name: &str) -> Option<&'static str> {
    match name {
        DEFAULT_TILESET_NAME => Some(DEFAULT_TILESET_YAML),
        PENDRAKEN_TILESET_NAME => Some(PENDRAKEN_TILESET_YAML),
        _ => None,
    }
}

/// Loads a tile set from a file, or an embedded set when `path` is its name.
pub fn load(path: &Path) -> Result<TileSet, TilesetError> {
    if let Some(set) = path.to_str().and_then(embedded) {
        return Ok(set.clone());
    }
    let file = path.display().to_string();
    // The size is checked before reading (see `fsutil::read_limited`).
    let text = crate::core::fs::read_limited(path, LIMITS.max_file_bytes).map_err(|e| match e {
        crate::core::fs::ReadError::Io(source) => TilesetError::Io {
            file: file.clone(),
            source,
        },
        other => TilesetError::Set {
            file: file.clone(),
            message: other.describe("a tile set", LIMITS.max_file_bytes),
        },
    })?;
    parse(&text, &file)
}

/// Parses and validates tile-set YAML; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<TileSet, TilesetError> {
    if text.trim().is_empty() {
        return Err(TilesetError::Set {
            file: file.to_string(),
            message: format!(
                "the file is empty; expected a tile set starting with `format: {FORMAT}`"
            ),
        });
    }
    crate::core::yaml::check_kind(text, FORMAT).map_err(|e| TilesetError::Set {
        file: file.to_string(),
        message: e.to_string(),
    })?;
    let raw: RawSet = crate::core::yaml::parse(text, file)?;
    if let Some(name) = &raw.name
        && (name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control))
    {
        return Err(TilesetError::Set {
            file: file.to_string(),
            message: format!(
                "name: \"{}\" is {} characters; expected at most {MAX_NAME_CHARS}, on one line without control characters",
                crate::core::text::excerpt(name, 40),
                name.chars().count()
            ),
        });
    }

    let set_err = |message: String| TilesetError::Set {
        file: file.to_string(),
        message,
    };
    if raw.format != FORMAT {
        return Err(set_err(format!(
            "format is `{}`; this version of tilecrawl reads `{FORMAT}`",
            raw.format
        )));
    }
    let square_mm = raw.square_mm.unwrap_or(25.4);
    let (lo, hi) = LIMITS.square_mm;
    if !square_mm.is_finite() || !(lo..=hi).contains(&square_mm) {
        return Err(set_err(format!(
            "square_mm is {}; expected a printed square size between {lo} and {hi} mm",
            crate::core::text::excerpt(&square_mm.to_string(), 24)
        )));
    }
    if raw.tiles.is_empty() {
        return Err(set_err(
            "`tiles` is empty; expected at least one hallway".into(),
        ));
    }
    if raw.tiles.len() > LIMITS.max_tiles {
        return Err(set_err(format!(
            "{} tiles; a tile set may describe at most {}",
            raw.tiles.len(),
            LIMITS.max_tiles
        )));
    }
    let mut tiles: Vec<TileDef> = Vec::with_capacity(raw.tiles.len());
    for (index, rt) in raw.tiles.into_iter().enumerate() {
        let tile_err = |tile: &str, place: String, message: String| TilesetError::Tile {
            file: file.to_string(),
            tile: tile.to_string(),
            place,
            message,
        };
        if !valid_id(&rt.id) {
            return Err(tile_err(
                &format!(
                    "#{} (\"{}\")",
                    index + 1,
                    crate::core::text::excerpt(&rt.id, 40)
                ),
                String::new(),
                "ids must be 1 to 32 characters of letters, digits, `-`, `_` or `.`, not starting with `.`".into(),
            ));
        }
        if tiles.iter().any(|t| t.id == rt.id) {
            return Err(tile_err(
                &rt.id,
                String::new(),
                "duplicate id; every tile in a set needs its own id (use `copies:` for identical tiles)".into(),
            ));
        }
        let copies = rt.copies.unwrap_or(1);
        if copies == 0 || copies > LIMITS.max_copies {
            return Err(tile_err(
                &rt.id,
                String::new(),
                format!("copies is {copies}; expected 1 to {}", LIMITS.max_copies),
            ));
        }
        let front = parse_face(&rt.front)
            .map_err(|(place, m)| tile_err(&rt.id, format!(", front face{place}"), m))?;
        let back = match &rt.back {
            None => None,
            Some(b) => Some(
                parse_face(b)
                    .map_err(|(place, m)| tile_err(&rt.id, format!(", back face{place}"), m))?,
            ),
        };
        if let Some(b) = &back
            && (b.width(), b.height()) != (front.width(), front.height())
        {
            return Err(tile_err(
                &rt.id,
                ", back face".into(),
                format!(
                    "is {}×{} squares but the front is {}×{}; both faces of a tile have one size",
                    b.width(),
                    b.height(),
                    front.width(),
                    front.height()
                ),
            ));
        }
        for (side, face) in [
            (FaceSide::Front, Some(&front)),
            (FaceSide::Back, back.as_ref()),
        ] {
            if let Some(face) = face
                && face.entryways().is_empty()
            {
                return Err(tile_err(
                    &rt.id,
                    format!(", {} face", side.name()),
                    "has no entryway; expected at least one passable square (`.`, `,` or `~`) on an edge".into(),
                ));
            }
        }
        let mut doors = Vec::with_capacity(rt.doors.len());
        for (k, d) in rt.doors.iter().enumerate() {
            let face = d.face.unwrap_or(FaceSide::Front);
            let place = format!(", doors[{k}]");
            let Some(f) = (match face {
                FaceSide::Front => Some(&front),
                FaceSide::Back => back.as_ref(),
            }) else {
                return Err(tile_err(
                    &rt.id,
                    place,
                    "is on the back face, but the tile has none".into(),
                ));
            };
            if d.x >= f.width() || d.y >= f.height() || f.cell(d.x, d.y) != Cell::Floor {
                return Err(tile_err(
                    &rt.id,
                    place,
                    format!(
                        "square {},{} is not a floor square (`.`) of the {} face; a door stands on the edge of one",
                        d.x,
                        d.y,
                        face.name()
                    ),
                ));
            }
            // Across the edge: off the face (another piece may lie there),
            // or a square of this face, which must be one to walk to.
            let (dx, dy) = d.side.delta();
            let (ax, ay) = (
                i64::from(d.x) + i64::from(dx),
                i64::from(d.y) + i64::from(dy),
            );
            let across =
                (ax >= 0 && ay >= 0 && ax < i64::from(f.width()) && ay < i64::from(f.height()))
                    .then(|| f.cell(ax as u32, ay as u32));
            if let Some(c) = across
                && !c.passable()
                && c != Cell::Void
            {
                return Err(tile_err(
                    &rt.id,
                    place,
                    format!(
                        "the {} edge of square {},{} faces {} at {ax},{ay}, which no door opens onto; expected an edge of the face or one facing a square to walk on",
                        d.side.name(),
                        d.x,
                        d.y,
                        c.name()
                    ),
                ));
            }
            let door = PrintedDoor {
                face,
                x: d.x,
                y: d.y,
                side: d.side,
                secret: d.secret,
            };
            // One edge may be named from either square beside it.
            let same_edge = |o: &PrintedDoor| {
                o.face == face
                    && ((o.x, o.y, o.side) == (d.x, d.y, d.side)
                        || across.is_some()
                            && (i64::from(o.x), i64::from(o.y), o.side)
                                == (ax, ay, d.side.opposite()))
            };
            if let Some(o) = doors.iter().find(|o| same_edge(o)) {
                return Err(tile_err(
                    &rt.id,
                    place,
                    format!(
                        "is given twice (the {} edge of {},{} is the one already given as {},{} {})",
                        d.side.name(),
                        d.x,
                        d.y,
                        o.x,
                        o.y,
                        o.side.name()
                    ),
                ));
            }
            doors.push(door);
        }
        if doors.len() > 64 {
            return Err(tile_err(
                &rt.id,
                String::new(),
                format!("has {} doors; at most 64", doors.len()),
            ));
        }
        let mut def = TileDef::new(rt.id, rt.kind, copies, front, back);
        def.doors = doors;
        tiles.push(def);
    }
    if !tiles.iter().any(|t| t.kind == TileKind::Hallway) {
        return Err(set_err(
            "no hallway; the dungeon entrance is a hallway, so a set needs at least one".into(),
        ));
    }
    Ok(TileSet {
        name: match raw.name {
            Some(n) => n,
            // A path may be long: the name is its end.
            None => {
                let n = file.chars().count();
                file.chars()
                    .skip(n.saturating_sub(MAX_NAME_CHARS))
                    .collect()
            }
        },
        square_mm,
        tiles,
    })
}

/// The longest tile id, in characters: an id is printed on the map.
pub const MAX_ID_CHARS: usize = 32;
/// The longest tile-set name, in characters (a scenario's `params.tileset`
/// holds the same name and has the same bound).
pub const MAX_NAME_CHARS: usize = 100;

/// Whether `id` is a tile id: 1 to [`MAX_ID_CHARS`] letters, digits, `-`,
/// `_` or `.`, not starting with `.` (an id may name a cut-out file).
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID_CHARS
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Parses one face; on error returns (`, row R, column C` or empty, message).
fn parse_face(text: &str) -> Result<Face, (String, String)> {
    // Only spaces (and a CR) end a row: a tab is a cell the reader is told
    // about, not trimmed away.
    let mut rows: Vec<&str> = text
        .lines()
        .map(|l| l.trim_end_matches([' ', '\r']))
        .collect();
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    let first = rows
        .iter()
        .position(|r| !r.is_empty())
        .unwrap_or(rows.len());
    let rows = &rows[first..];
    if rows.is_empty() {
        return Err((String::new(), "is empty; expected rows of cells".into()));
    }
    let max = LIMITS.max_face_side as usize;
    if rows.len() > max {
        return Err((
            String::new(),
            format!("has {} rows; a face may have at most {max}", rows.len()),
        ));
    }
    let width = rows[0].chars().count();
    if width > max {
        return Err((
            ", row 1".into(),
            format!("is {width} squares wide; a face may be at most {max}"),
        ));
    }
    let mut cells = Vec::with_capacity(width * rows.len());
    for (r, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n != width {
            return Err((
                format!(", row {}", r + 1),
                format!("has {n} cells but row 1 has {width}; all rows of a face have one length"),
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            match Cell::from_char(ch) {
                Some(cell) => cells.push(cell),
                None => {
                    return Err((
                        format!(", row {}, column {}", r + 1, c + 1),
                        format!(
                            "unknown cell {ch:?}; expected one of `.` floor, `,` hindering, `~` water, `=` crevice, `X` blocking, `#` wall, `_` no tile"
                        ),
                    ));
                }
            }
        }
    }
    if cells.iter().all(|c| !c.is_tile()) {
        return Err((String::new(), "has no squares; every cell is `_`".into()));
    }
    Ok(Face::new(width as u32, rows.len() as u32, cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(text, "t.yaml").unwrap_err().to_string()
    }

    const GOOD: &str = "format: tilecrawl-tileset/1\nname: T\ntiles:\n  - id: H1\n    kind: hallway\n    front: |\n      #.#\n      #.#\n";

    #[test]
    fn embedded_set_is_valid_and_big_enough_for_four_sets() {
        let t = default_tileset();
        assert!(t.count(TileKind::Hallway) >= 8);
        assert!(t.count(TileKind::Chamber) >= 16);
        assert!(t.tiles.iter().all(|t| t.back.is_some()));
        assert_eq!(t.square_mm, 25.4);
    }

    #[test]
    fn the_pendraken_set_is_valid_and_big_enough_for_three_sets() {
        let t = pendraken_tileset();
        assert_eq!(t.square_mm, 15.0);
        assert_eq!(
            (t.count(TileKind::Hallway), t.count(TileKind::Chamber)),
            (10, 10)
        );
        assert!(
            t.tiles.iter().all(|t| t.back.is_none()),
            "resin pieces are one-sided"
        );
    }

    #[test]
    fn printed_doors_are_read_and_checked() {
        let t = parse(
            &GOOD.replace("    front: |", "    doors:\n      - {x: 1, y: 0, side: N}\n      - {x: 1, y: 1, side: S, secret: true}\n    front: |"),
            "t.yaml",
        )
        .unwrap();
        assert_eq!(t.tiles[0].doors.len(), 2);
        assert!(t.tiles[0].doors[1].secret);
        let e = err(&GOOD.replace(
            "    front: |",
            "    doors:\n      - {x: 0, y: 0, side: N}\n    front: |",
        ));
        assert!(
            e.contains("tile H1, doors[0]: square 0,0 is not a floor square"),
            "{e}"
        );
        let e = err(&GOOD.replace(
            "    front: |",
            "    doors:\n      - {x: 1, y: 0, side: N, face: back}\n    front: |",
        ));
        assert!(e.contains("the tile has none"), "{e}");
        let e = err(&GOOD.replace(
            "    front: |",
            "    doors:\n      - {x: 1, y: 0, side: up}\n    front: |",
        ));
        assert!(e.contains("unknown variant `up`"), "{e}");
    }

    /// A door no figure could ever pass is refused when the set is read,
    /// not dropped at every `generate` (a user audit): one facing a wall of
    /// its own face, and one edge named twice, once from each side. An
    /// edge between two floor squares (a doorway in an inner wall) stands.
    #[test]
    fn a_door_onto_a_wall_or_an_edge_given_from_both_sides_is_refused() {
        let with =
            |doors: &str| GOOD.replace("    front: |", &format!("    doors:\n{doors}    front: |"));
        let e = err(&with("      - {x: 1, y: 0, side: E}\n"));
        assert!(
            e.contains("tile H1, doors[0]: the E edge of square 1,0 faces wall at 2,0"),
            "{e}"
        );
        let e = err(&with(
            "      - {x: 1, y: 0, side: S}\n      - {x: 1, y: 1, side: N}\n",
        ));
        assert!(
            e.contains(
                "doors[1]: is given twice (the N edge of 1,1 is the one already given as 1,0 S)"
            ),
            "{e}"
        );
        let t = parse(&with("      - {x: 1, y: 0, side: S}\n"), "t.yaml").unwrap();
        assert_eq!(t.tiles[0].doors.len(), 1, "between two floor squares");
        // Beyond `_` (not part of the piece) another piece may lie.
        let l = GOOD
            .replace("      #.#\n      #.#\n", "      #..\n      #._\n")
            .replace(
                "    front: |",
                "    doors:\n      - {x: 1, y: 1, side: E}\n    front: |",
            );
        assert!(parse(&l, "t.yaml").is_ok());
    }

    /// `copies` out of range is told the loader's range, whatever the
    /// number's size or sign; a tab in a face is a cell, not trimmed.
    #[test]
    fn copies_out_of_range_and_a_tab_in_a_face_are_told_plainly() {
        for n in ["0", "-1", "101", "99999999999999999999999"] {
            let e = err(&GOOD.replace("kind: hallway", &format!("kind: hallway\n    copies: {n}")));
            assert!(
                e.contains(&format!("copies is {n}; expected 1 to 100")),
                "{n}: {e}"
            );
        }
        let e = err(&GOOD.replace("      #.#\n      #.#\n", "      #.#\n      #.\t\n"));
        assert!(
            e.contains("tile H1, front face, row 2, column 3: unknown cell '\\t'"),
            "{e}"
        );
    }

    #[test]
    fn minimal_set_loads_with_defaults() {
        let t = parse(GOOD, "t.yaml").unwrap();
        assert_eq!(t.tiles[0].copies, 1);
        assert_eq!(t.square_mm, 25.4);
        assert_eq!(t.tiles[0].front.to_rows(), vec!["#.#", "#.#"]);
    }

    #[test]
    fn errors_name_file_tile_face_row_and_column() {
        let e = err(&GOOD.replace("      #.#\n      #.#\n", "      #.#\n      #Q#\n"));
        assert_eq!(e.lines().count(), 1, "one line: {e}");
        assert!(
            e.starts_with("t.yaml: tile H1, front face, row 2, column 2: unknown cell 'Q'"),
            "{e}"
        );
        let e = err(&GOOD.replace("      #.#\n      #.#\n", "      #.#\n      #.\n"));
        assert!(
            e.contains("tile H1, front face, row 2: has 2 cells but row 1 has 3"),
            "{e}"
        );
    }

    #[test]
    fn set_level_errors() {
        assert!(err("").contains("empty"));
        assert!(
            err("format: tilecrawl-tileset/2\ntiles: []").contains("reads `tilecrawl-tileset/1`")
        );
        assert!(err("- a\n- b").contains("t.yaml: has no `format:` line"));
        let list = err("format: tilecrawl-tileset/1\n- a\n- b");
        assert!(list.contains("t.yaml: line 2, column 1"), "{list}");
        assert!(err(&GOOD.replace("hallway", "chamber")).contains("no hallway"));
        assert!(
            err(&GOOD.replace("name: T", "name: T\nsquare_mm: -3")).contains("square_mm is -3")
        );
        let unknown = err(&GOOD.replace("name: T", "name: T\ncolour: red"));
        assert!(unknown.contains("unknown field `colour`"), "{unknown}");
        let typo = err(&GOOD.replace("kind: hallway", "kind: hall"));
        assert!(
            typo.contains("line 5") && typo.contains("unknown variant `hall`"),
            "{typo}"
        );
        let neg = err(&GOOD.replace("kind: hallway", "kind: hallway\n    copies: -2"));
        assert!(neg.contains("copies") || neg.contains("-2"), "{neg}");
    }

    #[test]
    fn tile_level_errors() {
        let dup = format!("{GOOD}  - id: H1\n    kind: hallway\n    front: \"#.#\"\n");
        assert!(err(&dup).contains("tile H1: duplicate id"));
        let sizes = GOOD.replace("kind: hallway", "kind: hallway\n    back: \"#.#\"");
        assert!(err(&sizes).contains("tile H1, back face: is 3×1 squares but the front is 3×2"));
        let closed = GOOD.replace(
            "      #.#\n      #.#\n",
            "      ###\n      #.#\n      ###\n",
        );
        assert!(err(&closed).contains("front face: has no entryway"));
        let bad_id = GOOD.replace("id: H1", "id: ../etc");
        assert!(err(&bad_id).contains("ids must be"));
        let zero = GOOD.replace("kind: hallway", "kind: hallway\n    copies: 0");
        assert!(err(&zero).contains("copies is 0"));
    }
}
