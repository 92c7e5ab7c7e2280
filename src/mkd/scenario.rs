//! The MKD Adventure's part of a scenario: its mission and parameters, the
//! chests, tokens and markers setup put on the map, and the pools kept aside
//! for play. The shared envelope (tiles, entrance, Central Chamber, log) is
//! [`crate::scenario::Scenario`]; [`Scenario`] here is that envelope with
//! this part.

use crate::build::layout::ExitDice;
use crate::core::geom::Side;
use crate::mkd::monsters::MonsterPool;
use crate::scenario::MAX_TOKENS;
use crate::scenario::{self, GamePart, RulesetId, Size, Spot, need, read_once};
use crate::tileset::{Cell, TileKind};
use serde::de::{self, MapAccess};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};

/// An MKD Adventure scenario: the shared envelope around [`MkdPart`].
pub type Scenario = scenario::Scenario<MkdPart>;

/// Chest difficulty mix: `easy`, `normal` or `hard` in files.
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
pub enum Difficulty {
    /// Mostly level-1 chests.
    Easy,
    /// A mix centred on level 2.
    #[default]
    Normal,
    /// Mostly level-3 chests.
    Hard,
}

impl Difficulty {
    /// `easy`, `normal` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

/// What an MKD Adventure scenario holds besides the envelope.
#[derive(Debug, Clone, PartialEq)]
pub struct MkdPart {
    /// The mission in canonical form (`quest`, `rescue+timed`; see [`crate::mkd::mission`]).
    pub mission: String,
    /// The parameters the dungeon was built and set up with.
    pub params: Params,
    /// Chests placed on the map (the Quest Chest).
    pub chests: Vec<Chest>,
    /// Wandering monster tokens placed on the map.
    pub wmts: Vec<Wmt>,
    /// Hindering and water markers placed on the map.
    pub markers: Vec<Marker>,
    /// Timed missions: the turns the heroes have (3 per chamber, 1 per hallway).
    pub turn_limit: Option<u32>,
    /// Rescue missions: where the prisoner hero waits in the Central Chamber.
    pub prisoner: Option<Spot>,
    /// Split-up missions: the second entrance, a staircase marker in the
    /// hallway nearest the Central Chamber (a way in and out).
    pub second_entrance: Option<Spot>,
    /// Multi-floor dungeons, every floor but the last: the staircase down, in
    /// the centre of the chamber farthest from the entrance.
    pub staircase: Option<Spot>,
    /// Multi-floor dungeons: which floor this is.
    pub floor: Option<FloorOf>,
    /// What is kept aside for discovery and reveals during play.
    pub pools: Pools,
}

/// [`MkdPart`] while its keys are read.
#[derive(Default)]
pub struct PartialMkd {
    mission: Option<String>,
    params: Option<Params>,
    chests: Option<Vec<Chest>>,
    wmts: Option<Vec<Wmt>>,
    markers: Option<Vec<Marker>>,
    turn_limit: Option<Option<u32>>,
    prisoner: Option<Option<Spot>>,
    second_entrance: Option<Option<Spot>>,
    staircase: Option<Option<Spot>>,
    floor: Option<Option<FloorOf>>,
    pools: Option<Pools>,
}

/// Writes an optional key only when it has a value.
fn maybe<S: SerializeStruct, T: Serialize>(
    st: &mut S,
    key: &'static str,
    v: &Option<T>,
) -> Result<(), S::Error> {
    match v {
        Some(v) => st.serialize_field(key, v),
        None => st.skip_field(key),
    }
}

impl GamePart for MkdPart {
    const RULESET: RulesetId = RulesetId::MkdAdventure;
    const KEYS: &'static [&'static str] = &[
        "format",
        "generator",
        "seed",
        "ruleset",
        "mission",
        "params",
        "square_mm",
        "size",
        "table_offset",
        "grid",
        "tiles",
        "connections",
        "entrance",
        "central_chamber",
        "dead_ends",
        "chests",
        "wmts",
        "markers",
        "turn_limit",
        "prisoner",
        "second_entrance",
        "staircase",
        "floor",
        "pools",
        "log",
    ];
    type Partial = PartialMkd;

    fn read_value<'de, A: MapAccess<'de>>(
        p: &mut PartialMkd,
        key: &'static str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "mission" => read_once(&mut p.mission, key, map),
            "params" => read_once(&mut p.params, key, map),
            "chests" => read_once(&mut p.chests, key, map),
            "wmts" => read_once(&mut p.wmts, key, map),
            "markers" => read_once(&mut p.markers, key, map),
            "turn_limit" => read_once(&mut p.turn_limit, key, map),
            "prisoner" => read_once(&mut p.prisoner, key, map),
            "second_entrance" => read_once(&mut p.second_entrance, key, map),
            "staircase" => read_once(&mut p.staircase, key, map),
            "floor" => read_once(&mut p.floor, key, map),
            "pools" => read_once(&mut p.pools, key, map),
            _ => Err(de::Error::unknown_field(key, Self::KEYS)),
        }
    }

    fn finish<E: de::Error>(p: PartialMkd) -> Result<Self, E> {
        Ok(MkdPart {
            mission: need(p.mission, "mission")?,
            params: need(p.params, "params")?,
            chests: need(p.chests, "chests")?,
            wmts: need(p.wmts, "wmts")?,
            markers: need(p.markers, "markers")?,
            turn_limit: p.turn_limit.flatten(),
            prisoner: p.prisoner.flatten(),
            second_entrance: p.second_entrance.flatten(),
            staircase: p.staircase.flatten(),
            floor: p.floor.flatten(),
            pools: need(p.pools, "pools")?,
        })
    }

    fn write_head<S: SerializeStruct>(&self, st: &mut S) -> Result<(), S::Error> {
        st.serialize_field("mission", &self.mission)?;
        st.serialize_field("params", &self.params)
    }

    fn write_body<S: SerializeStruct>(&self, st: &mut S) -> Result<(), S::Error> {
        st.serialize_field("chests", &self.chests)?;
        st.serialize_field("wmts", &self.wmts)?;
        st.serialize_field("markers", &self.markers)?;
        maybe(st, "turn_limit", &self.turn_limit)?;
        maybe(st, "prisoner", &self.prisoner)?;
        maybe(st, "second_entrance", &self.second_entrance)?;
        maybe(st, "staircase", &self.staircase)?;
        maybe(st, "floor", &self.floor)?;
        st.serialize_field("pools", &self.pools)
    }

    fn check(s: &Scenario) -> Result<(), (String, String)> {
        check_part(s)
    }
}

/// The flat `scenario.yaml` of an MKD Adventure, key for key, for its JSON
/// Schema only: the file is read by the envelope's own visitor
/// ([`scenario::Scenario`] around [`MkdPart`]), which schemars cannot see
/// through. The envelope's and the part's value types are the loader's own,
/// so they cannot drift; a test checks that the keys here are
/// [`MkdPart::KEYS`], in order.
#[derive(schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    rename = "MkdScenario",
    description = "A scenario.yaml of the MKD Adventure: the dungeon, then the chests, tokens and pools."
)]
#[allow(dead_code)] // never built: only its schema is used
pub(crate) struct ScenarioFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = crate::scenario::FORMAT))]
    format: String,
    /// The program and version that wrote the file.
    generator: String,
    /// The master seed.
    seed: u64,
    /// The rule system that set the dungeon up.
    ruleset: crate::scenario::RulesetOf<MkdPart>,
    /// The mission in canonical form (`quest`, `rescue+timed`).
    mission: String,
    /// The parameters the dungeon was built and set up with.
    params: Params,
    /// Printed size of one square in millimetres.
    #[schemars(range(min = crate::tileset::LIMITS.square_mm.0, max = crate::tileset::LIMITS.square_mm.1))]
    square_mm: f64,
    /// Bounding box of the dungeon in squares.
    #[schemars(with = "scenario::GridSize")]
    size: Size,
    /// Where the bounding box's north-west corner lies on the table.
    table_offset: crate::core::geom::Point,
    /// One string of cells in the tile-set legend per row, `_` where no tile is.
    grid: Vec<String>,
    /// The tiles in placement order.
    #[schemars(length(min = 1, max = scenario::MAX_TILES))]
    tiles: Vec<scenario::PlacedTile>,
    /// Pairs of connected tile indexes.
    connections: Vec<[usize; 2]>,
    /// The dungeon entrance.
    entrance: scenario::Entrance,
    /// The Central Chamber.
    central_chamber: scenario::CentralChamber,
    /// Entryways that lead nowhere.
    dead_ends: Vec<scenario::Opening>,
    /// Chests placed on the map.
    #[schemars(length(max = MAX_TOKENS))]
    chests: Vec<Chest>,
    /// Wandering monster tokens placed on the map.
    #[schemars(length(max = MAX_TOKENS))]
    wmts: Vec<Wmt>,
    /// Hindering and water markers placed on the map.
    markers: Vec<Marker>,
    /// Timed missions: the turns the heroes have.
    #[serde(default)]
    turn_limit: Option<u32>,
    /// Rescue missions: where the prisoner waits.
    #[serde(default)]
    prisoner: Option<Spot>,
    /// Split-up missions: the second entrance.
    #[serde(default)]
    second_entrance: Option<Spot>,
    /// Multi-floor dungeons: the staircase down.
    #[serde(default)]
    staircase: Option<Spot>,
    /// Multi-floor dungeons: which floor this is.
    #[serde(default)]
    floor: Option<FloorOf>,
    /// What is kept aside for discovery and reveals during play.
    pools: Pools,
    /// Every roll made while building and setting up, in order.
    log: Vec<crate::core::dice::LogEntry>,
}

/// The JSON Schema of an MKD Adventure `scenario.yaml`.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(ScenarioFile)
}

/// The parameters a dungeon was generated with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Number of 5-tile sets in the Dungeon Stack.
    #[schemars(range(min = 1, max = crate::build::layout::MAX_SETS))]
    pub sets: u32,
    /// Total value of the heroic teams.
    pub hero_value: u32,
    /// Name of the tile set.
    pub tileset: String,
    /// Play surface in squares.
    #[schemars(with = "scenario::TableSize")]
    pub table: Size,
    /// How exits were chosen: `fair` or `tabletop`.
    pub exit_dice: ExitDice,
    /// Chest difficulty mix: `easy`, `normal` or `hard`.
    pub difficulty: Difficulty,
    /// Whether the optional hindering/water markers were placed.
    pub markers: bool,
    /// Whether the optional artifact/dressing sets were added per chamber.
    pub dressing: bool,
}

/// Floor `number` of `of` in a multi-floor dungeon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FloorOf {
    /// 1 for the top floor.
    pub number: u32,
    /// How many floors the dungeon has.
    pub of: u32,
}

/// A treasure chest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Chest {
    /// Square of the chest.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Square of the chest.
    #[schemars(range(min = 0))]
    pub y: i32,
    /// The way the chest's front faces.
    pub facing: Side,
    /// Chest level, 1 to 3.
    #[schemars(range(min = 1, max = 3))]
    pub level: u32,
    /// Is this the Quest Chest?
    pub quest: bool,
    /// Index of the tile the chest is on.
    pub tile: usize,
}

/// A wandering monster token colour, weakest first.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Wmt {
    /// Square of the token.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Square of the token.
    #[schemars(range(min = 0))]
    pub y: i32,
    /// Token colour.
    pub color: WmtColor,
    /// Number printed on the token, 1 to 6.
    #[schemars(range(min = 1, max = 6))]
    pub number: u32,
    /// Is this the Guardian WMT (it does not wander)?
    pub guardian: bool,
    /// Index of the tile the token is on.
    pub tile: usize,
}

/// A token in the WMT pool (not on the map).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct WmtToken {
    /// Token colour.
    pub color: WmtColor,
    /// Number printed on the token, 1 to 6.
    #[schemars(range(min = 1, max = 6))]
    pub number: u32,
}

/// Kind of terrain marker laid on the map.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum MarkerKind {
    /// Hindering terrain marker.
    Hindering,
    /// Water marker.
    Water,
}

/// A terrain marker on the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    /// Hindering or water.
    pub kind: MarkerKind,
    /// Square of the marker.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Square of the marker.
    #[schemars(range(min = 0))]
    pub y: i32,
}

/// The pools kept aside after setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum TerrainSide {
    /// The obstacle side.
    Obstacle,
    /// The special-terrain side.
    Special,
}

/// The Dungeon Accessories Pool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Accessories {
    /// Doors (one per hallway).
    pub doors: u32,
    /// Terrain markers (one per hallway), each with its side chosen at setup.
    pub terrain_markers: Vec<TerrainSide>,
    /// Artifacts and dressing sets (one per chamber, when dressing is on).
    pub furnishings: Vec<String>,
}

type Check = Result<(), (String, String)>;

fn fail(key: impl Into<String>, message: impl Into<String>) -> Check {
    Err((key.into(), message.into()))
}

/// The MKD checks of a scenario whose envelope is checked: tokens, pools,
/// and the mission pieces.
fn check_part(s: &Scenario) -> Check {
    let passable_tile =
        |key: String, x: i32, y: i32, tile: usize| s.check_passable(key, x, y, tile);
    let (w, h) = (s.size.width, s.size.height);
    let in_grid = |x: i32, y: i32| x >= 0 && y >= 0 && x < w as i32 && y < h as i32;
    let name = &s.game.params.tileset;
    if name.chars().count() > crate::tileset::MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return fail(
            "params.tileset",
            format!(
                "\"{}\" is {} characters; a tile set's name is at most {}, on one line without control characters",
                crate::core::text::excerpt(name, 40),
                name.chars().count(),
                crate::tileset::MAX_NAME_CHARS
            ),
        );
    }
    let sets = s.game.params.sets;
    if !(1..=crate::build::layout::MAX_SETS).contains(&sets) {
        return fail(
            "params.sets",
            format!(
                "is {sets}; expected 1 to {}",
                crate::build::layout::MAX_SETS
            ),
        );
    }
    scenario::check_sets_laid(s.tiles.len(), sets)?;
    s.check_on_table(s.game.params.table)?;
    s.check_tiles_of(name)?;
    for (key, n) in [("chests", s.game.chests.len()), ("wmts", s.game.wmts.len())] {
        if n > MAX_TOKENS {
            return fail(key, format!("has {n} entries; at most {MAX_TOKENS}"));
        }
    }
    for (i, c) in s.game.chests.iter().enumerate() {
        passable_tile(format!("chests[{i}]"), c.x, c.y, c.tile)?;
        if !(1..=3).contains(&c.level) {
            return fail(
                format!("chests[{i}]"),
                format!("level is {}; expected 1 to 3", c.level),
            );
        }
    }
    for (i, t) in s.game.wmts.iter().enumerate() {
        passable_tile(format!("wmts[{i}]"), t.x, t.y, t.tile)?;
        if !(1..=6).contains(&t.number) {
            return fail(
                format!("wmts[{i}]"),
                format!("number is {}; expected 1 to 6", t.number),
            );
        }
    }
    let mut marker_at = std::collections::BTreeMap::new();
    for (i, m) in s.game.markers.iter().enumerate() {
        if !in_grid(m.x, m.y) || !s.cell(m.x, m.y).is_tile() {
            return fail(
                format!("markers[{i}]"),
                format!("square {},{} is not on a tile", m.x, m.y),
            );
        }
        // Build step 8 lays them on clear floor, one to a square; play
        // turns each square into the marker's terrain.
        if s.cell(m.x, m.y) != Cell::Floor {
            return fail(
                format!("markers[{i}]"),
                format!(
                    "square {},{} is {}; a marker goes on clear floor (`.`)",
                    m.x,
                    m.y,
                    s.cell(m.x, m.y).name()
                ),
            );
        }
        if let Some(j) = marker_at.insert((m.x, m.y), i) {
            return fail(
                format!("markers[{i}]"),
                format!(
                    "square {},{} already holds markers[{j}]; one marker to a square",
                    m.x, m.y
                ),
            );
        }
    }
    for (i, l) in s.game.pools.chests.iter().enumerate() {
        if !(1..=3).contains(l) {
            return fail(
                format!("pools.chests[{i}]"),
                format!("level is {l}; expected 1 to 3"),
            );
        }
    }
    for (i, t) in s.game.pools.wmts.iter().enumerate() {
        if !(1..=6).contains(&t.number) {
            return fail(
                format!("pools.wmts[{i}]"),
                format!("number is {}; expected 1 to 6", t.number),
            );
        }
    }
    if s.game.pools.monsters.len() > crate::mkd::monsters::MAX_KINDS {
        return fail(
            "pools.monsters",
            format!(
                "has {} kinds; at most {}",
                s.game.pools.monsters.len(),
                crate::mkd::monsters::MAX_KINDS
            ),
        );
    }
    // The play engine relies on the same limits as a monster list.
    for (i, m) in s.game.pools.monsters.iter().enumerate() {
        let key = format!("pools.monsters[{i}]");
        // The monster list's own rule: the name is printed on the sheet
        // and named in play.
        if !crate::core::text::is_name(&m.name, crate::mkd::monsters::MAX_NAME_CHARS) {
            return fail(
                key,
                format!(
                    "name \"{}\" is {} characters; expected 1 to {} printable characters",
                    crate::core::text::excerpt(&m.name, 40),
                    m.name.chars().count(),
                    crate::mkd::monsters::MAX_NAME_CHARS
                ),
            );
        }
        if !(1..=1000).contains(&m.points) {
            return fail(key, format!("points is {}; expected 1 to 1000", m.points));
        }
        if m.count > 100 {
            return fail(key, format!("count is {}; expected 0 to 100", m.count));
        }
        if let Err(e) = crate::mkd::figures::check_abilities(&m.abilities) {
            return fail(key, e.to_string());
        }
        if let Some(st) = &m.stats
            && let Err(e) = crate::mkd::figures::check_stats(st)
        {
            return fail(format!("{key}.stats"), e.to_string());
        }
    }
    check_mission(s, &passable_tile)?;
    check_pieces(s)
}

/// One piece to a square (chests, tokens, the prisoner and the staircase
/// markers: the map draws each as its own disc or marker, and play finds
/// one of each kind at a square), and the Quest Chest set up as the rules
/// place it: in the Central Chamber, its front square walkable and inside
/// the chamber.
fn check_pieces(s: &Scenario) -> Check {
    let g = &s.game;
    // Each piece as its key's list and place in it (`None`: a single key),
    // and its square; the key is written only for an error.
    let chests = g
        .chests
        .iter()
        .enumerate()
        .map(|(i, c)| ("chests", Some(i), c.x, c.y));
    let wmts = g
        .wmts
        .iter()
        .enumerate()
        .map(|(i, w)| ("wmts", Some(i), w.x, w.y));
    let spots = [
        ("prisoner", g.prisoner),
        ("second_entrance", g.second_entrance),
        ("staircase", g.staircase),
    ]
    .into_iter()
    .filter_map(|(key, spot)| spot.map(|sp| (key, None, sp.x, sp.y)));
    let key = |(name, i, ..): (&str, Option<usize>, i32, i32)| match i {
        Some(i) => format!("{name}[{i}]"),
        None => name.to_string(),
    };
    let mut taken = std::collections::BTreeMap::new();
    for piece in chests.chain(wmts).chain(spots) {
        let (_, _, x, y) = piece;
        if let Some(other) = taken.insert((x, y), piece) {
            return fail(
                key(piece),
                format!(
                    "square {x},{y} already holds {}; one piece to a square",
                    key(other)
                ),
            );
        }
    }
    let cc = s.central_chamber.tile;
    for (i, c) in g.chests.iter().enumerate().filter(|(_, c)| c.quest) {
        let key = format!("chests[{i}]");
        if c.tile != cc {
            return fail(
                key,
                format!(
                    "is the Quest Chest on tile {}; expected the Central Chamber (tile {cc})",
                    c.tile
                ),
            );
        }
        let (dx, dy) = c.facing.delta();
        let (fx, fy) = (c.x + dx, c.y + dy);
        if !s.cell(fx, fy).passable() || !s.tiles[cc].covers(fx, fy) {
            return fail(
                key,
                format!(
                    "faces {} onto {fx},{fy}; a Quest Chest's front square is a walkable square of the Central Chamber",
                    c.facing.name()
                ),
            );
        }
    }
    Ok(())
}

/// The mission parses and the mission fields agree with it and with the
/// floor: the prisoner (and the set-aside Guardian) with rescue only, the
/// second entrance with split-up on the first floor only, the turn limit with
/// timed only and equal to 3 per chamber + 1 per hallway, a staircase on
/// every floor but the last, and no Quest Chest or Guardian where the
/// mission or floor has none; where it has them, exactly one Quest Chest
/// (quest, stealth) and at most one Guardian WMT on the map (exactly one
/// for a kidnapping).
fn check_mission(s: &Scenario, passable_tile: &dyn Fn(String, i32, i32, usize) -> Check) -> Check {
    use crate::mkd::mission::{Goal, Mission};
    let m = Mission::parse(&s.game.mission).map_err(|e| ("mission".to_string(), e.to_string()))?;
    if let Some(f) = s.game.floor
        && (f.number == 0 || f.of < f.number || f.of > crate::mkd::floors::MAX_FLOORS)
    {
        return fail(
            "floor",
            format!(
                "is floor {} of {}; expected 1 ≤ number ≤ of ≤ {}",
                f.number,
                f.of,
                crate::mkd::floors::MAX_FLOORS
            ),
        );
    }
    let goal_here = s.game.floor.is_none_or(|f| f.number == f.of);
    let first_floor = s.game.floor.is_none_or(|f| f.number == 1);
    let cc = s.central_chamber.tile;
    let has = |present: bool| if present { "has one" } else { "has none" };
    // The staircase down: on every floor but the last, in the Central Chamber.
    match (s.game.staircase, goal_here) {
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
    match (s.game.prisoner, rescue) {
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
    match (s.game.pools.guardian, rescue) {
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
    match (s.game.second_entrance, split_here) {
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
                    s.game.mission,
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
    match (s.game.turn_limit, m.timed) {
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
                    s.game.mission
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
    if !chest_here && let Some(i) = s.game.chests.iter().position(|c| c.quest) {
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
    // The play engine wins and loses a quest or stealth mission on the one
    // Quest Chest (none: unwinnable; a second: never looked at).
    if chest_here {
        let mut quest = s.game.chests.iter().enumerate().filter(|c| c.1.quest);
        match (quest.next(), quest.next()) {
            (None, _) => {
                return fail(
                    "chests",
                    format!(
                        "has no Quest Chest (`quest: true`); the {} mission needs exactly one",
                        m.goal.name()
                    ),
                );
            }
            (Some(_), Some((i, _))) => {
                return fail(
                    format!("chests[{i}]"),
                    format!(
                        "is a second Quest Chest; the {} mission has exactly one",
                        m.goal.name()
                    ),
                );
            }
            (Some(_), None) => {}
        }
    }
    let guardian_here = goal_here && m.goal.guardian_on_map();
    // One Guardian WMT at most: the engine names it by its colour and number
    // and places one Guardian's monsters. A kidnapping needs it on the map:
    // without it the game is lost at the start (nobody to kidnap).
    if guardian_here {
        let mut guardians = s.game.wmts.iter().enumerate().filter(|w| w.1.guardian);
        match (guardians.next(), guardians.next()) {
            (None, _) if m.goal == Goal::Kidnapping => {
                return fail(
                    "wmts",
                    "has no Guardian WMT (`guardian: true`); the kidnapping mission needs one on the map to capture",
                );
            }
            (Some(_), Some((i, _))) => {
                return fail(
                    format!("wmts[{i}]"),
                    format!(
                        "is a second Guardian WMT; the {} mission has at most one",
                        m.goal.name()
                    ),
                );
            }
            _ => {}
        }
    }
    if !guardian_here && let Some(i) = s.game.wmts.iter().position(|w| w.guardian) {
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

/// Reads and checks an MKD Adventure scenario file.
pub fn load(path: &std::path::Path) -> Result<Scenario, scenario::ScenarioError> {
    scenario::load(path)
}

/// Parses and checks MKD Adventure scenario YAML; `file` names the source in
/// errors.
pub fn from_yaml(text: &str, file: &str) -> Result<Scenario, scenario::ScenarioError> {
    scenario::from_yaml(text, file)
}

/// Writes an MKD Adventure scenario as YAML.
pub fn to_yaml(s: &Scenario) -> String {
    scenario::to_yaml(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::ENVELOPE_KEYS;

    /// The file's key order is the envelope's, with the MKD head keys after
    /// `ruleset` and the body keys after `dead_ends`.
    #[test]
    fn the_keys_are_the_envelope_around_the_part() {
        let envelope: Vec<&str> = MkdPart::KEYS
            .iter()
            .copied()
            .filter(|k| ENVELOPE_KEYS.contains(k))
            .collect();
        assert_eq!(envelope, ENVELOPE_KEYS);
        let at = |k: &str| MkdPart::KEYS.iter().position(|x| *x == k).unwrap();
        assert_eq!(at("mission"), at("ruleset") + 1);
        assert_eq!(at("chests"), at("dead_ends") + 1);
        assert_eq!(at("log"), MkdPart::KEYS.len() - 1);
    }

    /// A scenario reads back as it was written, and is written again to the
    /// same bytes.
    #[test]
    fn a_generated_scenario_round_trips_through_its_file() {
        let s = crate::mkd::generate::generate(
            &crate::tileset::default_tileset(),
            &crate::mkd::generate::GenerateParams::default(),
        )
        .unwrap();
        let text = to_yaml(&s);
        let back = from_yaml(&text, "s.yaml").unwrap();
        assert_eq!(back, s);
        assert_eq!(to_yaml(&back), text);
    }

    /// A key given twice, and a required key missing, are refused.
    #[test]
    fn a_key_twice_or_missing_is_refused() {
        let s = crate::mkd::generate::generate(
            &crate::tileset::default_tileset(),
            &crate::mkd::generate::GenerateParams::default(),
        )
        .unwrap();
        let text = to_yaml(&s);
        let twice = format!("{text}mission: quest\n");
        let e = from_yaml(&twice, "s.yaml").unwrap_err().to_string();
        assert!(e.contains("duplicate field `mission`"), "{e}");
        let without: String = text
            .lines()
            .filter(|l| !l.starts_with("pools:") && !l.starts_with("  "))
            .map(|l| format!("{l}\n"))
            .collect();
        let e = from_yaml(&without, "s.yaml").unwrap_err().to_string();
        assert!(e.contains("missing field"), "{e}");
    }
}
