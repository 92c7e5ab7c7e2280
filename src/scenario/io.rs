//! Reading and writing `scenario.yaml`, with every field checked on the way in.

use super::model::*;
use super::ruleset::{RulesetId, UnknownRuleset};
use crate::tileset::{Cell, Side, TileKind};
use std::path::Path;

/// The format tag of scenario files.
pub const FORMAT: &str = "tilecrawl-scenario/1";

/// Largest scenario file accepted, in bytes. The largest scenario tilecrawl
/// can write (a 2,000 × 2,000 grid) is about 5 MiB. Parsing YAML takes up to
/// ~30 times the file's size in memory: 16 MiB of tiny log entries peaked at
/// 530 MB, 8 MiB at 270 MB (see also `core::yaml::MAX_YAML_ITEMS`).
pub const MAX_SCENARIO_BYTES: u64 = 8 * 1024 * 1024;
/// Largest grid side accepted, in squares.
pub const MAX_GRID_SIDE: u32 = 2048;
/// Most tiles in one scenario (200 sets of 5).
pub const MAX_TILES: usize = 1000;
/// The most chests, and the most tokens, on a scenario's map (200 sets make
/// at most 1,200 tokens).
pub const MAX_TOKENS: usize = 2000;
/// Most `void` squares over all tiles of a scenario.
pub const MAX_VOID: usize = 10_000;

/// A scenario's bounding box in squares, as its schema gives it: at least
/// 1 and at most the largest grid side each way.
#[derive(schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // never built: only its schema is used
pub struct GridSize {
    /// West to east.
    #[schemars(range(min = 1, max = MAX_GRID_SIDE))]
    width: u32,
    /// North to south.
    #[schemars(range(min = 1, max = MAX_GRID_SIDE))]
    height: u32,
}

/// The play surface in squares, as a scenario's schema gives it: at least
/// 1 and at most the largest table side each way.
#[derive(schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // never built: only its schema is used
pub struct TableSize {
    /// West to east.
    #[schemars(range(min = 1, max = crate::build::layout::MAX_TABLE_SIDE))]
    width: u32,
    /// North to south.
    #[schemars(range(min = 1, max = crate::build::layout::MAX_TABLE_SIDE))]
    height: u32,
}

/// Why a scenario file was refused: one line naming the file, the place and
/// what was expected.
pub type ScenarioError = crate::core::yaml::FileError;

/// How `scenario.yaml` is laid out: small records (a tile, a chest, a
/// connection pair, a log entry) in flow style on one line of at most 100
/// characters, lists of them one per line, the grid one row per line.
const STYLE: crate::core::yaml_emit::DocStyle<'static> = crate::core::yaml_emit::DocStyle {
    width: crate::core::yaml_emit::DEFAULT_WIDTH,
    block_keys: &["grid"],
};

/// Serialises a scenario to YAML (see [`crate::core::yaml_emit`] for the layout).
/// Loading the result gives the same scenario, and writing that again gives
/// the same bytes.
pub fn to_yaml<G: GamePart>(s: &Scenario<G>) -> String {
    // A scenario holds only strings, numbers, booleans, lists and records
    // (no enum variants with data, so no tags), which are always written.
    crate::core::yaml_emit::to_string(s, &STYLE).expect("a scenario always serialises")
}

/// Reads a scenario file's text, within [`MAX_SCENARIO_BYTES`].
pub fn read_text(path: &Path) -> Result<String, ScenarioError> {
    crate::core::yaml::read_file(path, MAX_SCENARIO_BYTES, "a scenario")
}

/// Reads and checks a scenario file of one game.
pub fn load<G: GamePart>(path: &Path) -> Result<Scenario<G>, ScenarioError> {
    from_yaml(&read_text(path)?, &path.display().to_string())
}

/// Refuses empty text and YAML too deep or too large to parse safely.
fn check_text(text: &str, file: &str) -> Result<(), ScenarioError> {
    if text.trim().is_empty() {
        return Err(ScenarioError {
            file: file.into(),
            location: String::new(),
            message: format!(
                "the file is empty; expected a scenario starting with `format: {FORMAT}`"
            ),
        });
    }
    crate::core::yaml::check_shape(text)
        .and_then(|()| {
            crate::core::yaml::check_kind(text, FORMAT).map_err(|e| {
                let hint = if e.found().is_some_and(|f| f.starts_with("tilecrawl-dungeon")) {
                    ": give one floor's scenario.yaml (floor-1/scenario.yaml, ...) to draw it, or play and simulate the dungeon.yaml itself"
                } else {
                    ""
                };
                (String::new(), format!("{e}{hint}"))
            })
        })
        .map_err(|(location, message)| ScenarioError {
            file: file.into(),
            location,
            message,
        })
}

/// Which game a scenario is for: its `ruleset`, read before the rest so a
/// file for a game this version does not know is refused by name. A file
/// without one (or not a mapping) is left for the full read to refuse.
pub fn read_ruleset(text: &str, file: &str) -> Result<Option<RulesetId>, ScenarioError> {
    #[derive(serde::Deserialize)]
    struct Head {
        #[serde(default)]
        ruleset: Option<yaml_serde::Value>,
    }
    check_text(text, file)?;
    let Ok(head) = yaml_serde::from_str::<Head>(text) else {
        return Ok(None);
    };
    let Some(yaml_serde::Value::String(id)) = head.ruleset else {
        return Ok(None);
    };
    id.parse()
        .map(Some)
        .map_err(|e: UnknownRuleset| ScenarioError {
            file: file.into(),
            location: "ruleset: ".into(),
            message: e.to_string(),
        })
}

/// Parses and checks the scenario YAML of one game; `file` names the source
/// in errors.
pub fn from_yaml<G: GamePart>(text: &str, file: &str) -> Result<Scenario<G>, ScenarioError> {
    check_text(text, file)?;
    // A file of another game, or of one this version does not know, is
    // refused by its ruleset rather than by a key it has. A file that
    // parses needs no second look; one that does not has its ruleset read
    // on its own ([`read_ruleset`]), which gives the verdict reading it
    // first gave, at the cost of a second parse only for a refused file.
    let s = match crate::core::yaml::parse_checked::<Scenario<G>>(text, file) {
        Ok(s) if s.ruleset == G::RULESET => s,
        parsed => {
            let named = match &parsed {
                Ok(s) => Some(s.ruleset),
                Err(_) => read_ruleset(text, file)?,
            };
            if let Some(r) = named
                && r != G::RULESET
            {
                return Err(ScenarioError {
                    file: file.into(),
                    location: "ruleset: ".into(),
                    message: format!("is `{r}`; expected a `{}` scenario here", G::RULESET),
                });
            }
            parsed?
        }
    };

    check(&s).map_err(|(key, message)| ScenarioError {
        file: file.into(),
        location: format!("{key}: "),
        message,
    })?;
    Ok(s)
}

/// A check's verdict: `Err((key, what is wrong))`.
pub type Check = Result<(), (String, String)>;

fn fail(key: impl Into<String>, message: impl Into<String>) -> Check {
    Err((key.into(), message.into()))
}

/// A Dungeon Stack of `sets` sets lays five tiles a set, so the tiles laid
/// need exactly that many sets (a hand-made file may lay a last set only in
/// part): the sheet prints both, so they must agree.
pub fn check_sets_laid(tiles: usize, sets: u32) -> Check {
    let need = (tiles as u64).div_ceil(5);
    if u64::from(sets) != need {
        return fail(
            "params.sets",
            format!(
                "is {sets}, but the dungeon lays {tiles} tiles; at 5 tiles a set that is {need} set{}",
                if need == 1 { "" } else { "s" }
            ),
        );
    }
    Ok(())
}

/// The longest `generator` a scenario may name.
pub const MAX_GENERATOR_CHARS: usize = 100;

fn check<G: GamePart>(s: &Scenario<G>) -> Check {
    debug_assert_eq!(
        s.ruleset,
        G::RULESET,
        "from_yaml refuses another game's file"
    );
    if s.format != FORMAT {
        return fail(
            "format",
            format!(
                "is `{}`; this version of tilecrawl reads `{FORMAT}`",
                s.format
            ),
        );
    }
    // Printed on the sheets: a name on one line, not a page of text.
    if !crate::core::text::is_name(&s.generator, MAX_GENERATOR_CHARS) {
        return fail(
            "generator",
            format!(
                "\"{}\" is {} characters; expected 1 to {MAX_GENERATOR_CHARS} on one line, without control characters",
                crate::core::text::excerpt(&s.generator, 40),
                s.generator.chars().count()
            ),
        );
    }
    let (w, h) = (s.size.width, s.size.height);
    if w == 0 || h == 0 || w > MAX_GRID_SIDE || h > MAX_GRID_SIDE {
        return fail(
            "size",
            format!("is {w}×{h}; expected 1 to {MAX_GRID_SIDE} squares each way"),
        );
    }
    let (lo, hi) = crate::tileset::LIMITS.square_mm;
    if !s.square_mm.is_finite() || !(lo..=hi).contains(&s.square_mm) {
        return fail(
            "square_mm",
            format!(
                "is {}; expected {lo} to {hi} mm",
                crate::core::text::excerpt(&s.square_mm.to_string(), 24)
            ),
        );
    }
    if s.grid.len() != h as usize {
        return fail(
            "grid",
            format!("has {} rows; expected size.height = {h}", s.grid.len()),
        );
    }
    for (y, row) in s.grid.iter().enumerate() {
        if !G::TILED {
            // A board game's grid is in its own legend, checked by its part.
            continue;
        }
        if row.chars().count() != w as usize {
            return fail(
                format!("grid[{y}]"),
                format!(
                    "has {} cells; expected size.width = {w}",
                    row.chars().count()
                ),
            );
        }
        if let Some((x, c)) = row
            .chars()
            .enumerate()
            .find(|(_, c)| Cell::from_char(*c).is_none())
        {
            return fail(
                format!("grid[{y}]"),
                format!(
                    "column {x} holds {c:?}; expected a tile-set legend character (. , ~ = X # _)"
                ),
            );
        }
    }
    if !G::TILED {
        return G::check(s);
    }
    if s.tiles.is_empty() {
        return fail("tiles", "is empty; expected at least one tile");
    }
    let in_grid = |x: i32, y: i32| x >= 0 && y >= 0 && x < w as i32 && y < h as i32;
    if s.tiles.len() > MAX_TILES {
        return fail(
            "tiles",
            format!(
                "has {} tiles; a scenario may hold at most {MAX_TILES}",
                s.tiles.len()
            ),
        );
    }
    let total_void: usize = s.tiles.iter().map(|t| t.void.len()).sum();
    if total_void > MAX_VOID {
        return fail(
            "tiles",
            format!("list {total_void} void squares; at most {MAX_VOID} are accepted"),
        );
    }
    // Each tile square of the grid belongs to exactly one tile, and each
    // tile's squares are tile squares. Work is bounded by the tile limits.
    let mut owners = vec![0u16; w as usize * h as usize];
    let mut owner = vec![usize::MAX; w as usize * h as usize];
    for (i, t) in s.tiles.iter().enumerate() {
        // The tile set's own bound: an id is drawn on the map, and a huge
        // one made drawing slow and errors long.
        if !crate::tileset::valid_id(&t.id) {
            return fail(
                format!("tiles[{i}].id"),
                format!(
                    "\"{}\" is not a tile id; expected 1 to {} letters, digits, `-`, `_` or `.`, not starting with `.`",
                    crate::core::text::excerpt(&t.id, 40),
                    crate::tileset::MAX_ID_CHARS
                ),
            );
        }
        let key = format!("tiles[{i}] ({})", t.id);
        if ![0, 90, 180, 270].contains(&t.rotation) {
            return fail(
                key,
                format!("rotation is {}; expected 0, 90, 180 or 270", t.rotation),
            );
        }
        if t.width == 0 || t.height == 0 || t.width > MAX_TILE_SIDE || t.height > MAX_TILE_SIDE {
            return fail(
                key,
                format!(
                    "is {}×{} squares; expected 1 to {MAX_TILE_SIDE} each way",
                    t.width, t.height
                ),
            );
        }
        if !in_grid(t.x, t.y) || !in_grid(t.x + t.width as i32 - 1, t.y + t.height as i32 - 1) {
            return fail(
                key,
                format!(
                    "rectangle at {},{} size {}×{} does not lie inside the {w}×{h} grid",
                    t.x, t.y, t.width, t.height
                ),
            );
        }
        for p in &t.void {
            if !(p.x >= t.x
                && p.y >= t.y
                && p.x < t.x + t.width as i32
                && p.y < t.y + t.height as i32)
            {
                return fail(
                    key,
                    format!("void square {},{} is outside the tile", p.x, p.y),
                );
            }
        }
        for y in t.y..t.y + t.height as i32 {
            for x in t.x..t.x + t.width as i32 {
                if t.covers(x, y) {
                    let k = y as usize * w as usize + x as usize;
                    owners[k] = owners[k].saturating_add(1);
                    owner[k] = i;
                }
            }
        }
    }
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let n = owners[y as usize * w as usize + x as usize];
            let is_tile = s.cell(x, y).is_tile();
            if is_tile && n != 1 {
                return fail(
                    format!("grid[{y}]"),
                    format!("square {x},{y} is covered by {n} tiles; expected exactly one"),
                );
            }
            if !is_tile && n != 0 {
                return fail(
                    format!("grid[{y}]"),
                    format!(
                        "square {x},{y} is `_` but lies on a tile; mark it in that tile's `void` list"
                    ),
                );
            }
        }
    }
    let n = s.tiles.len();
    let mut listed = std::collections::BTreeMap::new();
    for (i, c) in s.connections.iter().enumerate() {
        if c[0] >= n || c[1] >= n || c[0] == c[1] {
            return fail(
                format!("connections[{i}]"),
                format!("{c:?} must name two different tiles below {n}"),
            );
        }
        if let Some(j) = listed.insert((c[0].min(c[1]), c[0].max(c[1])), i) {
            return fail(
                format!("connections[{i}]"),
                format!("{c:?} is listed already, as connections[{j}]"),
            );
        }
    }
    check_connections(s, &owner, &listed)?;
    if !(1..=MAX_TILE_SIDE).contains(&s.entrance.length) {
        return fail(
            "entrance",
            format!(
                "length is {}; expected 1 to {MAX_TILE_SIDE} squares",
                s.entrance.length
            ),
        );
    }
    let e = &s.entrance;
    s.check_entryway("entrance", e.tile, e.squares(), e.side)?;
    let cc = s.central_chamber.tile;
    if cc >= n || s.tiles[cc].kind != TileKind::Chamber {
        return fail(
            "central_chamber",
            format!("tile {cc} is not a chamber of this dungeon"),
        );
    }
    let depth = tile_depths(n, &s.connections, s.entrance.tile)[cc];
    if depth != Some(s.central_chamber.depth) {
        return fail(
            "central_chamber",
            match depth {
                Some(d) => format!(
                    "depth is {}; tile {cc} is {d} tiles from the entrance along the connections",
                    s.central_chamber.depth
                ),
                None => format!("tile {cc} is not joined to the entrance by the connections"),
            },
        );
    }
    for (i, d) in s.dead_ends.iter().enumerate() {
        let key = format!("dead_ends[{i}]");
        if d.tile >= n || !in_grid(d.x, d.y) {
            return fail(key, "names a square or tile outside the dungeon");
        }
        if !(1..=MAX_TILE_SIDE).contains(&d.length) {
            return fail(
                key,
                format!(
                    "length is {}; expected 1 to {MAX_TILE_SIDE} squares",
                    d.length
                ),
            );
        }
        let squares = (0..d.length as i32).map(|k| match d.side {
            Side::N | Side::S => Point { x: d.x + k, y: d.y },
            Side::E | Side::W => Point { x: d.x, y: d.y + k },
        });
        s.check_entryway(&key, d.tile, squares, d.side)?;
    }
    G::check(s)
}

/// The connections are the tiles that touch: two tiles are joined exactly
/// when a walkable square of one lies beside (not corner to corner) a
/// walkable square of the other, as the builder lays them, so the tile graph
/// the tokens move on is the one the map shows. `owner` is each grid
/// square's tile (row by row); `listed` the sorted pairs already checked.
fn check_connections<G>(
    s: &Scenario<G>,
    owner: &[usize],
    listed: &std::collections::BTreeMap<(usize, usize), usize>,
) -> Check {
    let (w, h) = (s.size.width as i32, s.size.height as i32);
    let mut touching = std::collections::BTreeMap::new();
    for y in 0..h {
        for x in 0..w {
            let a = owner[(y * w + x) as usize];
            if a == usize::MAX || !s.cell(x, y).passable() {
                continue;
            }
            for (qx, qy) in [(x + 1, y), (x, y + 1)] {
                if qx >= w || qy >= h {
                    continue;
                }
                let b = owner[(qy * w + qx) as usize];
                if b != usize::MAX && b != a && s.cell(qx, qy).passable() {
                    touching
                        .entry((a.min(b), a.max(b)))
                        .or_insert(((x, y), (qx, qy)));
                }
            }
        }
    }
    if let Some((&(a, b), &i)) = listed.iter().find(|(k, _)| !touching.contains_key(k)) {
        return fail(
            format!("connections[{i}]"),
            format!(
                "joins tiles {a} and {b}, but no walkable square of one lies beside one of the other"
            ),
        );
    }
    if let Some((&(a, b), &(p, q))) = touching.iter().find(|(k, _)| !listed.contains_key(k)) {
        return fail(
            "connections",
            format!(
                "does not list [{a}, {b}], but tiles {a} and {b} touch (squares {},{} and {},{})",
                p.0, p.1, q.0, q.1
            ),
        );
    }
    Ok(())
}

/// Each tile's number of steps from the entrance tile along the
/// connections (petgraph's breadth-first walk, as the builder counts).
fn tile_depths(n: usize, connections: &[[usize; 2]], entrance: usize) -> Vec<Option<u32>> {
    let (g, nodes) = crate::build::analysis::tile_graph(n, connections);
    crate::build::analysis::steps_from(&g, nodes[entrance])
}

impl<G> Scenario<G> {
    /// Checks each tile against the embedded tile set `name` it was laid
    /// from (`params.tileset`): a design of the set, laid no more often than
    /// the set has copies of it, of its kind, with the face it names, its
    /// squares in the grid those of that face turned by its rotation. The
    /// setup sheet's pick list names the tiles and its map draws the grid,
    /// so the two must agree. A set read from a file is not at hand when a
    /// scenario is read; its tiles are checked only against the grid's
    /// shape.
    pub fn check_tiles_of(&self, name: &str) -> Check {
        let Some(set) = crate::tileset::embedded(name) else {
            return Ok(());
        };
        let mut laid = std::collections::BTreeMap::<&str, u32>::new();
        for (i, t) in self.tiles.iter().enumerate() {
            let key = format!("tiles[{i}] ({})", t.id);
            let Some(def) = set.tiles.iter().find(|d| d.id == t.id) else {
                return fail(key, format!("is not a tile of the {name} tile set"));
            };
            let n = laid.entry(def.id.as_str()).or_default();
            *n += 1;
            if *n > def.copies {
                return fail(
                    key,
                    format!(
                        "is laid {n} times; the {name} tile set has {} of it",
                        def.copies
                    ),
                );
            }
            if def.kind != t.kind {
                return fail(
                    key,
                    format!(
                        "kind is {}; {} is a {} in the {name} tile set",
                        t.kind.name(),
                        def.id,
                        def.kind.name()
                    ),
                );
            }
            let Some(face) = def.oriented(t.face, t.rotation) else {
                return fail(
                    key,
                    format!("face is {}; {} has no such face", t.face.name(), def.id),
                );
            };
            if (face.width(), face.height()) != (t.width, t.height) {
                return fail(
                    key,
                    format!(
                        "is {}×{} squares; its {} face turned {}° is {}×{}",
                        t.width,
                        t.height,
                        t.face.name(),
                        t.rotation,
                        face.width(),
                        face.height()
                    ),
                );
            }
            for fy in 0..face.height() {
                for fx in 0..face.width() {
                    let (x, y) = (t.x + fx as i32, t.y + fy as i32);
                    let want = face.cell(fx, fy);
                    let on = t.covers(x, y);
                    let got = if on { self.cell(x, y) } else { Cell::Void };
                    if (want == Cell::Void) == on || (on && got != want) {
                        return fail(
                            key,
                            format!(
                                "square {x},{y} is {} in the grid, but {} on {}'s {} face turned {}°",
                                if on { got.name() } else { "off the tile" },
                                want.name(),
                                def.id,
                                t.face.name(),
                                t.rotation
                            ),
                        );
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks that the dungeon's bounding box lies on a table of `table`
    /// squares (`params.table`) where `table_offset` puts it, as generating
    /// it made sure.
    pub fn check_on_table(&self, table: Size) -> Check {
        use crate::build::layout::MAX_TABLE_SIDE;
        let sides = 1..=MAX_TABLE_SIDE;
        if !sides.contains(&table.width) || !sides.contains(&table.height) {
            return fail(
                "params.table",
                format!(
                    "is {}×{} squares; expected 1 to {MAX_TABLE_SIDE} each way",
                    table.width, table.height
                ),
            );
        }
        let o = self.table_offset;
        let fits = |at: i32, len: u32, side: u32| at >= 0 && at as i64 + len as i64 <= side as i64;
        if !fits(o.x, self.size.width, table.width) || !fits(o.y, self.size.height, table.height) {
            return fail(
                "table_offset",
                format!(
                    "{},{} puts the {}×{} dungeon off the {}×{} table; expected 0,0 to {},{}",
                    o.x,
                    o.y,
                    self.size.width,
                    self.size.height,
                    table.width,
                    table.height,
                    table.width.saturating_sub(self.size.width),
                    table.height.saturating_sub(self.size.height),
                ),
            );
        }
        Ok(())
    }

    /// Checks that an entryway named under `key` (the entrance, a dead
    /// end) lies on tile `tile`'s `side` edge: each of its squares a
    /// passable square of the tile whose neighbour that way is off it.
    fn check_entryway(
        &self,
        key: &str,
        tile: usize,
        squares: impl Iterator<Item = Point>,
        side: Side,
    ) -> Check {
        let (dx, dy) = side.delta();
        for p in squares {
            self.check_passable(key.into(), p.x, p.y, tile)?;
            if self.tiles[tile].covers(p.x + dx, p.y + dy) {
                return fail(
                    key,
                    format!(
                        "square {},{} is not on the {} edge of tile {tile} ({})",
                        p.x,
                        p.y,
                        side.name(),
                        self.tiles[tile].id
                    ),
                );
            }
        }
        Ok(())
    }

    /// Checks that a square named under `key` is a passable square of tile
    /// `tile` inside the grid (for the game's checks of its pieces).
    pub fn check_passable(&self, key: String, x: i32, y: i32, tile: usize) -> Check {
        let (w, h) = (self.size.width, self.size.height);
        let n = self.tiles.len();
        if tile >= n {
            return fail(key, format!("tile {tile} does not exist (there are {n})"));
        }
        if !(x >= 0 && y >= 0 && x < w as i32 && y < h as i32) {
            return fail(key, format!("square {x},{y} is outside the {w}×{h} grid"));
        }
        if !self.cell(x, y).passable() {
            return fail(
                key,
                format!(
                    "square {x},{y} is {}; expected a passable square",
                    self.cell(x, y).name()
                ),
            );
        }
        if !self.tiles[tile].covers(x, y) {
            return fail(key, format!("square {x},{y} is not on tile {tile}"));
        }
        Ok(())
    }
}
