//! Reading and writing `scenario.yaml`, with every field checked on the way in.

use super::model::*;
use crate::tileset::{Cell, TileKind};
use std::path::Path;

/// The format tag of scenario files.
pub const FORMAT: &str = "tilecrawl-scenario/1";

/// Largest scenario file accepted, in bytes. The largest scenario tilecrawl
/// can write (a 2,000 × 2,000 grid) is about 5 MiB. Parsing YAML takes up to
/// ~30 times the file's size in memory: 16 MiB of tiny log entries peaked at
/// 530 MB, 8 MiB at 270 MB (see also `tileset::MAX_YAML_ITEMS`).
pub const MAX_SCENARIO_BYTES: u64 = 8 * 1024 * 1024;
/// Largest grid side accepted, in squares.
pub const MAX_GRID_SIDE: u32 = 2048;
/// Most tiles in one scenario (200 sets of 5).
pub const MAX_TILES: usize = 1000;
/// The most chests, and the most tokens, on a scenario's map (200 sets make
/// at most 1,200 tokens).
pub const MAX_TOKENS: usize = 2000;
/// Longest side of one tile, in squares (as for tile sets).
pub const MAX_TILE_SIDE: u32 = 64;
/// Most `void` squares over all tiles of a scenario.
pub const MAX_VOID: usize = 10_000;

/// Why a scenario file was refused: one line naming the file, the place and
/// what was expected.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {location}{message}")]
pub struct ScenarioError {
    /// The file.
    pub file: String,
    /// `line L, column C: ` or `key: ` where known, else empty.
    pub location: String,
    /// What was wrong.
    pub message: String,
}

/// How `scenario.yaml` is laid out: small records (a tile, a chest, a
/// connection pair, a log entry) in flow style on one line of at most 100
/// characters, lists of them one per line, the grid one row per line.
const STYLE: crate::yaml_emit::Style<'static> = crate::yaml_emit::Style {
    width: crate::yaml_emit::DEFAULT_WIDTH,
    block_keys: &["grid"],
};

/// Serialises a scenario to YAML (see [`crate::yaml_emit`] for the layout).
/// Loading the result gives the same scenario, and writing that again gives
/// the same bytes.
pub fn to_yaml(s: &Scenario) -> String {
    // A scenario holds only strings, numbers, booleans, lists and records
    // (no enum variants with data, so no tags), which are always written.
    crate::yaml_emit::to_string(s, &STYLE).expect("a scenario always serialises")
}

/// Reads and checks a scenario file.
pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
    let file = path.display().to_string();
    let err = |message: String| ScenarioError {
        file: file.clone(),
        location: String::new(),
        message,
    };
    // The size is checked before reading (see `fsutil::read_limited`).
    let text = crate::fsutil::read_limited(path, MAX_SCENARIO_BYTES)
        .map_err(|e| err(e.describe("a scenario", MAX_SCENARIO_BYTES)))?;
    from_yaml(&text, &file)
}

/// Parses and checks scenario YAML; `file` names the source in errors.
pub fn from_yaml(text: &str, file: &str) -> Result<Scenario, ScenarioError> {
    if text.trim().is_empty() {
        return Err(ScenarioError {
            file: file.into(),
            location: String::new(),
            message: format!(
                "the file is empty; expected a scenario starting with `format: {FORMAT}`"
            ),
        });
    }
    crate::tileset::check_yaml_shape(text).map_err(|(location, message)| ScenarioError {
        file: file.into(),
        location,
        message,
    })?;
    let s: Scenario = yaml_serde::from_str(text).map_err(|e| {
        let (location, message) = crate::tileset::yaml_error_parts(&e);
        ScenarioError {
            file: file.into(),
            location,
            message,
        }
    })?;
    check(&s).map_err(|(key, message)| ScenarioError {
        file: file.into(),
        location: format!("{key}: "),
        message,
    })?;
    Ok(s)
}

type Check = Result<(), (String, String)>;

fn fail(key: impl Into<String>, message: impl Into<String>) -> Check {
    Err((key.into(), message.into()))
}

fn check(s: &Scenario) -> Check {
    if s.format != FORMAT {
        return fail(
            "format",
            format!(
                "is `{}`; this version of tilecrawl reads `{FORMAT}`",
                s.format
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
    if !s.square_mm.is_finite() || !(2.0..=200.0).contains(&s.square_mm) {
        return fail(
            "square_mm",
            format!("is {}; expected 2 to 200 mm", s.square_mm),
        );
    }
    if s.grid.len() != h as usize {
        return fail(
            "grid",
            format!("has {} rows; expected size.height = {h}", s.grid.len()),
        );
    }
    for (y, row) in s.grid.iter().enumerate() {
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
    for (i, t) in s.tiles.iter().enumerate() {
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
    for (i, c) in s.connections.iter().enumerate() {
        if c[0] >= n || c[1] >= n || c[0] == c[1] {
            return fail(
                format!("connections[{i}]"),
                format!("{c:?} must name two different tiles below {n}"),
            );
        }
    }
    let passable_tile = |key: String, x: i32, y: i32, tile: usize| -> Check {
        if tile >= n {
            return fail(key, format!("tile {tile} does not exist (there are {n})"));
        }
        if !in_grid(x, y) {
            return fail(key, format!("square {x},{y} is outside the {w}×{h} grid"));
        }
        if !s.cell(x, y).passable() {
            return fail(
                key,
                format!(
                    "square {x},{y} is {}; expected a passable square",
                    s.cell(x, y).name()
                ),
            );
        }
        if !s.tiles[tile].covers(x, y) {
            return fail(key, format!("square {x},{y} is not on tile {tile}"));
        }
        Ok(())
    };
    passable_tile(
        "entrance".into(),
        s.entrance.x,
        s.entrance.y,
        s.entrance.tile,
    )?;
    if !(1..=MAX_TILE_SIDE).contains(&s.entrance.length) {
        return fail(
            "entrance",
            format!(
                "length is {}; expected 1 to {MAX_TILE_SIDE} squares",
                s.entrance.length
            ),
        );
    }
    for (key, n) in [("chests", s.chests.len()), ("wmts", s.wmts.len())] {
        if n > MAX_TOKENS {
            return fail(key, format!("has {n} entries; at most {MAX_TOKENS}"));
        }
    }
    let cc = s.central_chamber.tile;
    if cc >= n || s.tiles[cc].kind != TileKind::Chamber {
        return fail(
            "central_chamber",
            format!("tile {cc} is not a chamber of this dungeon"),
        );
    }
    for (i, c) in s.chests.iter().enumerate() {
        passable_tile(format!("chests[{i}]"), c.x, c.y, c.tile)?;
        if !(1..=3).contains(&c.level) {
            return fail(
                format!("chests[{i}]"),
                format!("level is {}; expected 1 to 3", c.level),
            );
        }
    }
    for (i, t) in s.wmts.iter().enumerate() {
        passable_tile(format!("wmts[{i}]"), t.x, t.y, t.tile)?;
        if !(1..=6).contains(&t.number) {
            return fail(
                format!("wmts[{i}]"),
                format!("number is {}; expected 1 to 6", t.number),
            );
        }
    }
    for (i, m) in s.markers.iter().enumerate() {
        if !in_grid(m.x, m.y) || !s.cell(m.x, m.y).is_tile() {
            return fail(
                format!("markers[{i}]"),
                format!("square {},{} is not on a tile", m.x, m.y),
            );
        }
    }
    for (i, d) in s.dead_ends.iter().enumerate() {
        if d.tile >= n || !in_grid(d.x, d.y) {
            return fail(
                format!("dead_ends[{i}]"),
                "names a square or tile outside the dungeon",
            );
        }
    }
    for (i, l) in s.pools.chests.iter().enumerate() {
        if !(1..=3).contains(l) {
            return fail(
                format!("pools.chests[{i}]"),
                format!("level is {l}; expected 1 to 3"),
            );
        }
    }
    for (i, t) in s.pools.wmts.iter().enumerate() {
        if !(1..=6).contains(&t.number) {
            return fail(
                format!("pools.wmts[{i}]"),
                format!("number is {}; expected 1 to 6", t.number),
            );
        }
    }
    if s.pools.monsters.len() > crate::monsters::MAX_KINDS {
        return fail(
            "pools.monsters",
            format!(
                "has {} kinds; at most {}",
                s.pools.monsters.len(),
                crate::monsters::MAX_KINDS
            ),
        );
    }
    // The play engine relies on the same limits as a monster list.
    for (i, m) in s.pools.monsters.iter().enumerate() {
        let key = format!("pools.monsters[{i}]");
        if !(1..=1000).contains(&m.points) {
            return fail(key, format!("points is {}; expected 1 to 1000", m.points));
        }
        if m.count > 100 {
            return fail(key, format!("count is {}; expected 0 to 100", m.count));
        }
        if let Err(e) = crate::play::tables::check_abilities(&m.abilities) {
            return fail(key, e);
        }
        if let Some(st) = &m.stats
            && let Err(e) = crate::play::tables::check_stats(st)
        {
            return fail(format!("{key}.stats"), e);
        }
    }
    check_mission(s, &passable_tile)
}

/// The mission parses and the mission fields agree with it and with the
/// floor: the prisoner (and the set-aside Guardian) with rescue only, the
/// second entrance with split-up on the first floor only, the turn limit with
/// timed only and equal to 3 per chamber + 1 per hallway, a staircase on
/// every floor but the last, and no Quest Chest or Guardian where the
/// mission or floor has none.
fn check_mission(s: &Scenario, passable_tile: &dyn Fn(String, i32, i32, usize) -> Check) -> Check {
    use crate::mission::{Goal, Mission};
    let m = Mission::parse(&s.mission).map_err(|e| ("mission".to_string(), e.to_string()))?;
    if let Some(f) = s.floor
        && (f.number == 0 || f.of < f.number || f.of > crate::floors::MAX_FLOORS)
    {
        return fail(
            "floor",
            format!(
                "is floor {} of {}; expected 1 ≤ number ≤ of ≤ {}",
                f.number,
                f.of,
                crate::floors::MAX_FLOORS
            ),
        );
    }
    let goal_here = s.floor.is_none_or(|f| f.number == f.of);
    let first_floor = s.floor.is_none_or(|f| f.number == 1);
    let cc = s.central_chamber.tile;
    let has = |present: bool| if present { "has one" } else { "has none" };
    // The staircase down: on every floor but the last, in the Central Chamber.
    match (s.staircase, goal_here) {
        (Some(_), true) => {
            return fail(
                "staircase",
                "is set, but only a floor above the last of a multi-floor dungeon has a staircase down (set `floor`, or remove `staircase`)",
            );
        }
        (None, false) => {
            return fail(
                "staircase",
                "is missing: every floor but the last has a staircase down in its Central Chamber",
            );
        }
        (Some(st), false) => {
            passable_tile("staircase".into(), st.x, st.y, st.tile)?;
            if st.tile != cc {
                return fail(
                    "staircase",
                    format!(
                        "is on tile {}; expected the Central Chamber (tile {cc})",
                        st.tile
                    ),
                );
            }
        }
        (None, true) => {}
    }
    let rescue = goal_here && m.goal == Goal::Rescue;
    match (s.prisoner, rescue) {
        (Some(p), true) => {
            passable_tile("prisoner".into(), p.x, p.y, p.tile)?;
            if p.tile != cc {
                return fail(
                    "prisoner",
                    format!(
                        "is on tile {}; expected the Central Chamber (tile {cc})",
                        p.tile
                    ),
                );
            }
        }
        (None, false) => {}
        (present, _) => {
            return fail(
                "prisoner",
                format!(
                    "the {} mission{} {}; this scenario {}",
                    m.goal.name(),
                    if goal_here {
                        ""
                    } else {
                        " on a floor above the last"
                    },
                    if rescue {
                        "needs a prisoner in the Central Chamber"
                    } else {
                        "has no prisoner"
                    },
                    has(present.is_some())
                ),
            );
        }
    }
    match (s.pools.guardian, rescue) {
        (Some(g), true) => {
            if !(1..=6).contains(&g.number) {
                return fail(
                    "pools.guardian",
                    format!("number is {}; expected 1 to 6", g.number),
                );
            }
        }
        (None, false) => {}
        (present, _) => {
            return fail(
                "pools.guardian",
                format!(
                    "only a rescue mission sets the Guardian WMT aside; the {} mission here {} one and this scenario {}",
                    m.goal.name(),
                    if rescue { "needs" } else { "has no place for" },
                    has(present.is_some())
                ),
            );
        }
    }
    let split_here = m.split_up && first_floor;
    match (s.second_entrance, split_here) {
        (Some(e), true) => {
            passable_tile("second_entrance".into(), e.x, e.y, e.tile)?;
            if s.tiles[e.tile].kind != TileKind::Hallway || e.tile == s.entrance.tile {
                return fail(
                    "second_entrance",
                    format!(
                        "is on tile {}; expected a hallway other than the entrance's",
                        e.tile
                    ),
                );
            }
        }
        (None, false) => {}
        (present, _) => {
            return fail(
                "second_entrance",
                format!(
                    "the mission `{}`{} {}; this scenario {}",
                    s.mission,
                    if first_floor {
                        ""
                    } else {
                        " below the first floor"
                    },
                    if split_here {
                        "needs a second entrance"
                    } else {
                        "has no second entrance"
                    },
                    has(present.is_some())
                ),
            );
        }
    }
    let halls = s
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count() as u32;
    let chambers = s.tiles.len() as u32 - halls;
    let limit = Mission::turn_limit(chambers, halls);
    match (s.turn_limit, m.timed) {
        (Some(t), true) if t != limit => {
            return fail(
                "turn_limit",
                format!(
                    "is {t}; a timed mission on {chambers} chambers and {halls} hallways has 3 × {chambers} + {halls} = {limit}"
                ),
            );
        }
        (Some(_), false) => {
            return fail(
                "turn_limit",
                format!(
                    "is set, but the mission `{}` is not timed (add `+timed` or remove `turn_limit`)",
                    s.mission
                ),
            );
        }
        (None, true) => {
            return fail(
                "turn_limit",
                format!("is missing: a timed mission on this dungeon has {limit} turns"),
            );
        }
        _ => {}
    }
    let chest_here = goal_here && m.goal.has_quest_chest();
    if !chest_here && let Some(i) = s.chests.iter().position(|c| c.quest) {
        return fail(
            format!("chests[{i}]"),
            format!(
                "is a Quest Chest, but the {} mission{} has none",
                m.goal.name(),
                if goal_here {
                    ""
                } else {
                    " on a floor above the last"
                }
            ),
        );
    }
    let guardian_here = goal_here && m.goal.guardian_on_map();
    if !guardian_here && let Some(i) = s.wmts.iter().position(|w| w.guardian) {
        return fail(
            format!("wmts[{i}]"),
            format!(
                "is a Guardian WMT, but the {} mission{} has none on the map",
                m.goal.name(),
                if goal_here {
                    ""
                } else {
                    " on a floor above the last"
                }
            ),
        );
    }
    Ok(())
}
