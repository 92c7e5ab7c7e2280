//! The setup sheet: everything a player lays out before the first turn, in
//! the order it goes on the table — the tile pick list with a diagram of each
//! tile as laid, where every chest, WMT and marker goes, the pools kept aside,
//! and the setup dice log.
//!
//! [`setup_sheet`] gathers it from a [`Scenario`] into a [`SetupSheet`];
//! [`setup_markdown`] writes it for screens (`setup.md`) and [`setup_pdf`] for
//! the printer (`setup.pdf`). Both walk the same list of sections, so they say
//! the same things in the same order.
//!
//! ```text
//! Scenario ──setup_sheet──▶ SetupSheet ──sections──▶ Markdown
//!                                                 └──▶ pages of ops ──krilla──▶ PDF
//! ```

use super::error::ExportError;
use super::paper::{MIN_MARGIN_MM, MM_PER_PT, PrintOptions, mm_text};
use crate::core::dice::LogEntry;
use crate::mkd::scenario::{MarkerKind, Params, Scenario, WmtColor};
use crate::scenario::{Point, Size};
use crate::tileset::{Cell, FaceSide, Side, TileKind};

// ---------------------------------------------------------------------------
// The sheet
// ---------------------------------------------------------------------------

/// Everything on the setup sheet, gathered from a scenario. Plain data (names
/// unescaped), so every output — Markdown, PDF, or another — can reuse it.
#[derive(Debug, Clone, PartialEq)]
pub struct SetupSheet {
    /// The master seed.
    pub seed: u64,
    /// The program and version that wrote the scenario.
    pub generator: String,
    /// The rule system (`mkd-adventure`).
    pub ruleset: crate::scenario::RulesetId,
    /// The mission (`quest`).
    pub mission: String,
    /// Turns the heroes have, where the mission sets a limit (`quest` has none).
    pub turn_limit: Option<u32>,
    /// The mission's orders and pieces, labelled (empty for a plain one-floor quest).
    pub mission_lines: Vec<(&'static str, String)>,
    /// The parameters the dungeon was built with (hero value, tile set, sets, table…).
    pub params: Params,
    /// Printed size of one square in millimetres.
    pub square_mm: f64,
    /// The dungeon's bounding box in squares.
    pub size: Size,
    /// Where the map's square 0,0 lies on the table.
    pub table_offset: Point,
    /// The tiles in placement order.
    pub tiles: Vec<TileStep>,
    /// Where the heroes come in.
    pub entrance: EntranceSpot,
    /// The Central Chamber.
    pub central_chamber: ChamberSpot,
    /// Entryways that lead nowhere.
    pub dead_ends: Vec<DeadEndSpot>,
    /// Chests on the map.
    pub chests: Vec<ChestSpot>,
    /// Wandering monster tokens on the map.
    pub wmts: Vec<WmtSpot>,
    /// Hindering and water markers on the map.
    pub markers: Vec<MarkerSpot>,
    /// What is kept aside.
    pub pools: PoolSheet,
    /// Every roll of building and setup, in order.
    pub log: Vec<LogEntry>,
}

/// A square, on the map and on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    /// The square on the map (x east, y south, 0,0 the map's north-west corner).
    pub square: Point,
    /// The same square on the table (`square` + the scenario's `table_offset`).
    pub table: Point,
}

/// A tile named the way a player finds it on the sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileRef {
    /// Placement step, from 1.
    pub step: usize,
    /// The tile's id in the tile set.
    pub id: String,
}

/// One step of the tile pick list.
#[derive(Debug, Clone, PartialEq)]
pub struct TileStep {
    /// Placement step, from 1 (the top of the Dungeon Stack).
    pub step: usize,
    /// The tile's id in the tile set.
    pub id: String,
    /// Hallway or chamber.
    pub kind: TileKind,
    /// Which face is up.
    pub face: FaceSide,
    /// Clockwise rotation from the printed orientation, in degrees.
    pub rotation: u32,
    /// The north-west corner of the tile's rectangle.
    pub at: Spot,
    /// Width of the rectangle as laid, in squares.
    pub width: u32,
    /// Height of the rectangle as laid, in squares.
    pub height: u32,
    /// The earlier tiles it connects to, in placement order (empty for the first).
    pub against: Vec<Touch>,
    /// The tile as laid, north up: its rows of legend characters from the
    /// scenario grid, `_` where the rectangle is not part of the tile.
    pub diagram: Vec<String>,
}

/// An earlier tile that a tile is laid against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Touch {
    /// The earlier tile.
    pub tile: TileRef,
    /// The side of the new tile the earlier one lies on (`None` if the two
    /// share no edge, which only a hand-edited scenario can do).
    pub side: Option<Side>,
}

/// The entrance.
#[derive(Debug, Clone, PartialEq)]
pub struct EntranceSpot {
    /// The entrance hallway.
    pub tile: TileRef,
    /// The middle square of the entryway.
    pub at: Spot,
    /// The edge it opens on: the heroes come in from that side.
    pub side: Side,
    /// Width of the entryway in squares.
    pub length: u32,
}

/// The Central Chamber.
#[derive(Debug, Clone, PartialEq)]
pub struct ChamberSpot {
    /// The chamber.
    pub tile: TileRef,
    /// Tiles from the entrance tile.
    pub depth: u32,
}

/// A dead-end entryway.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadEndSpot {
    /// The tile it is on.
    pub tile: TileRef,
    /// Its first square (north-most or west-most).
    pub from: Spot,
    /// Its last square.
    pub to: Spot,
    /// The tile edge it is on.
    pub side: Side,
    /// Width in squares.
    pub length: u32,
}

/// A chest on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct ChestSpot {
    /// Its square.
    pub at: Spot,
    /// The tile it stands on.
    pub tile: TileRef,
    /// The way its front faces.
    pub facing: Side,
    /// Chest level.
    pub level: u32,
    /// Is it the Quest Chest?
    pub quest: bool,
}

/// A wandering monster token on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct WmtSpot {
    /// Its square.
    pub at: Spot,
    /// The tile it stands on.
    pub tile: TileRef,
    /// Token colour.
    pub color: WmtColor,
    /// Number on the token.
    pub number: u32,
    /// Is it the Guardian WMT?
    pub guardian: bool,
}

/// A terrain marker on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct MarkerSpot {
    /// Hindering or water.
    pub kind: MarkerKind,
    /// Its square.
    pub at: Spot,
    /// The tile under it.
    pub tile: Option<TileRef>,
}

/// The pools kept aside, counted the way a player sorts them.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolSheet {
    /// `(level, chests)` for each level in the Chest Pool, lowest first.
    pub chests: Vec<(u32, u32)>,
    /// `(colour, numbers)` for each colour in the WMT pool, weakest first,
    /// numbers ascending (one per token).
    pub wmts: Vec<(WmtColor, Vec<u32>)>,
    /// Added to every WMT reveal roll.
    pub wmt_reveal_bonus: u32,
    /// Added to the Guardian's reveal roll.
    pub guardian_reveal_bonus: u32,
    /// Doors in the Dungeon Accessories Pool.
    pub doors: u32,
    /// Terrain markers to keep with the obstacle side up.
    pub terrain_obstacle: u32,
    /// Terrain markers to keep with the special-terrain side up.
    pub terrain_special: u32,
    /// `(furnishing, how many)`, in the order they were added.
    pub furnishings: Vec<(String, u32)>,
    /// The Monster Pool.
    pub monsters: crate::mkd::monsters::MonsterPool,
}

/// Gathers the setup sheet of a scenario.
pub fn setup_sheet(s: &Scenario) -> SetupSheet {
    let spot = |x: i32, y: i32| Spot {
        square: Point { x, y },
        table: Point {
            x: x.saturating_add(s.table_offset.x),
            y: y.saturating_add(s.table_offset.y),
        },
    };
    let tile_ref = |i: usize| TileRef {
        step: i + 1,
        id: s.tiles.get(i).map_or_else(|| "?".into(), |t| t.id.clone()),
    };

    let tiles = s
        .tiles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let against = s
                .connections
                .iter()
                .filter(|c| c[1] == i && c[0] < i)
                .map(|c| Touch {
                    tile: tile_ref(c[0]),
                    side: touching_side(s, i, c[0]),
                })
                .collect();
            TileStep {
                step: i + 1,
                id: t.id.clone(),
                kind: t.kind,
                face: t.face,
                rotation: t.rotation,
                at: spot(t.x, t.y),
                width: t.width,
                height: t.height,
                against,
                diagram: tile_diagram(s, i),
            }
        })
        .collect();

    let e = &s.entrance;
    let entrance = EntranceSpot {
        tile: tile_ref(e.tile),
        at: spot(e.x, e.y),
        side: e.side,
        length: e.length,
    };
    let central_chamber = ChamberSpot {
        tile: tile_ref(s.central_chamber.tile),
        depth: s.central_chamber.depth,
    };
    let dead_ends = s
        .dead_ends
        .iter()
        .map(|d| {
            let last = d.length.saturating_sub(1).min(i32::MAX as u32) as i32;
            let (tx, ty) = match d.side {
                Side::N | Side::S => (d.x.saturating_add(last), d.y),
                Side::E | Side::W => (d.x, d.y.saturating_add(last)),
            };
            DeadEndSpot {
                tile: tile_ref(d.tile),
                from: spot(d.x, d.y),
                to: spot(tx, ty),
                side: d.side,
                length: d.length,
            }
        })
        .collect();
    let chests = s
        .game
        .chests
        .iter()
        .map(|c| ChestSpot {
            at: spot(c.x, c.y),
            tile: tile_ref(c.tile),
            facing: c.facing,
            level: c.level,
            quest: c.quest,
        })
        .collect();
    let wmts = s
        .game
        .wmts
        .iter()
        .map(|w| WmtSpot {
            at: spot(w.x, w.y),
            tile: tile_ref(w.tile),
            color: w.color,
            number: w.number,
            guardian: w.guardian,
        })
        .collect();
    let markers = s
        .game
        .markers
        .iter()
        .map(|m| MarkerSpot {
            kind: m.kind,
            at: spot(m.x, m.y),
            tile: s.tile_at(m.x, m.y).map(tile_ref),
        })
        .collect();

    let p = &s.game.pools;
    let mut levels: Vec<u32> = p.chests.clone();
    levels.sort_unstable();
    levels.dedup();
    let chest_pool = levels
        .iter()
        .map(|&l| (l, p.chests.iter().filter(|&&c| c == l).count() as u32))
        .collect();
    let wmt_pool = [WmtColor::Yellow, WmtColor::Blue, WmtColor::Red]
        .into_iter()
        .filter_map(|color| {
            let mut numbers: Vec<u32> = p
                .wmts
                .iter()
                .filter(|t| t.color == color)
                .map(|t| t.number)
                .collect();
            numbers.sort_unstable();
            (!numbers.is_empty()).then_some((color, numbers))
        })
        .collect();
    let mut furnishings: Vec<(String, u32)> = Vec::new();
    for f in &p.accessories.furnishings {
        match furnishings.iter_mut().find(|(name, _)| name == f) {
            Some((_, n)) => *n += 1,
            None => furnishings.push((f.clone(), 1)),
        }
    }
    let terrain = &p.accessories.terrain_markers;
    let pools = PoolSheet {
        chests: chest_pool,
        wmts: wmt_pool,
        wmt_reveal_bonus: p.wmt_reveal_bonus,
        guardian_reveal_bonus: p.guardian_reveal_bonus,
        doors: p.accessories.doors,
        terrain_obstacle: terrain
            .iter()
            .filter(|t| **t == crate::mkd::scenario::TerrainSide::Obstacle)
            .count() as u32,
        terrain_special: terrain
            .iter()
            .filter(|t| **t == crate::mkd::scenario::TerrainSide::Special)
            .count() as u32,
        furnishings,
        monsters: p.monsters.clone(),
    };

    SetupSheet {
        seed: s.seed,
        generator: s.generator.clone(),
        ruleset: s.ruleset,
        mission: s.game.mission.clone(),
        turn_limit: s.game.turn_limit,
        mission_lines: super::mission::sheet_lines(s),
        params: s.game.params.clone(),
        square_mm: s.square_mm,
        size: s.size,
        table_offset: s.table_offset,
        tiles,
        entrance,
        central_chamber,
        dead_ends,
        chests,
        wmts,
        markers,
        pools,
        log: s.log.clone(),
    }
}

/// The rows of a tile's rectangle in the scenario grid, `_` where the
/// rectangle is not part of the tile.
fn tile_diagram(s: &Scenario, i: usize) -> Vec<String> {
    let t = &s.tiles[i];
    let (w, h) = (
        t.width.min(i32::MAX as u32) as i32,
        t.height.min(i32::MAX as u32) as i32,
    );
    (0..h)
        .map(|dy| {
            (0..w)
                .map(|dx| {
                    let (x, y) = (t.x.saturating_add(dx), t.y.saturating_add(dy));
                    if t.covers(x, y) {
                        s.cell(x, y).to_char()
                    } else {
                        Cell::Void.to_char()
                    }
                })
                .collect()
        })
        .collect()
}

/// The side of tile `i` on which the earlier tile `j` lies: the first edge
/// they share through walkable squares (the connection), else any shared edge.
fn touching_side(s: &Scenario, i: usize, j: usize) -> Option<Side> {
    let (a, b) = (s.tiles.get(i)?, s.tiles.get(j)?);
    let mut any = None;
    let (w, h) = (
        a.width.min(i32::MAX as u32) as i32,
        a.height.min(i32::MAX as u32) as i32,
    );
    for dy in 0..h {
        for dx in 0..w {
            let (x, y) = (a.x.saturating_add(dx), a.y.saturating_add(dy));
            if !a.covers(x, y) {
                continue;
            }
            for side in Side::ALL {
                let (sx, sy) = side.delta();
                let (nx, ny) = (x.saturating_add(sx), y.saturating_add(sy));
                if !b.covers(nx, ny) {
                    continue;
                }
                if s.cell(x, y).passable() && s.cell(nx, ny).passable() {
                    return Some(side);
                }
                any.get_or_insert(side);
            }
        }
    }
    any
}

// ---------------------------------------------------------------------------
// Words shared by both outputs
// ---------------------------------------------------------------------------

fn xy(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::N => "north",
        Side::E => "east",
        Side::S => "south",
        Side::W => "west",
    }
}

fn tile_name(t: &TileRef) -> String {
    format!("{} (step {})", t.id, t.step)
}

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

fn against_text(t: &TileStep) -> String {
    if t.step == 1 {
        return "first tile: the middle of the table".into();
    }
    if t.against.is_empty() {
        return "touches no earlier tile".into();
    }
    t.against
        .iter()
        .map(|a| match a.side {
            Some(side) => format!("{} to the {}", tile_name(&a.tile), side.name()),
            None => tile_name(&a.tile),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A table both outputs draw.
#[derive(Debug, Clone, PartialEq)]
struct Table {
    headers: Vec<&'static str>,
    /// Columns aligned right (numbers).
    right: Vec<bool>,
    /// The column that takes the spare width in the PDF and wraps first.
    flex: Option<usize>,
    /// Columns shown as code in Markdown (legend characters).
    code: Vec<usize>,
    rows: Vec<Vec<String>>,
    /// Per row, a small drawing of cells (legend rows) in an extra PDF column.
    diagrams: Vec<Vec<String>>,
    /// Heading of the PDF diagram column.
    diagram_header: &'static str,
    /// Size of one diagram square in the PDF, in points (before fitting).
    diagram_square_pt: f32,
    /// Smaller type for long tables (the dice log).
    compact: bool,
}

impl Table {
    fn new(headers: &[&'static str], right: &[usize], flex: Option<usize>) -> Table {
        Table {
            headers: headers.to_vec(),
            right: (0..headers.len()).map(|i| right.contains(&i)).collect(),
            flex,
            code: Vec::new(),
            rows: Vec::new(),
            diagrams: Vec::new(),
            diagram_header: "",
            diagram_square_pt: 7.0,
            compact: false,
        }
    }

    fn row(&mut self, cells: Vec<String>) {
        debug_assert_eq!(cells.len(), self.headers.len());
        self.rows.push(cells);
    }
}

/// One piece of a section.
#[derive(Debug, Clone, PartialEq)]
enum Part {
    /// A sub-heading.
    Heading(String),
    /// A paragraph.
    Para(String),
    /// Labelled values.
    Fields(Vec<(&'static str, String)>),
    /// A table.
    Table(Table),
    /// Markdown only: each tile's diagram under its own heading (the PDF draws
    /// them inside the pick list).
    TileDiagrams,
}

#[derive(Debug, Clone, PartialEq)]
struct Section {
    title: String,
    parts: Vec<Part>,
}

fn title(sheet: &SetupSheet) -> String {
    format!("Setup sheet — seed {}", sheet.seed)
}

fn turn_limit_text(sheet: &SetupSheet) -> String {
    match sheet.turn_limit {
        Some(n) => format!("{n} turns"),
        None => format!("no turn limit (the {} mission has none)", sheet.mission),
    }
}

/// The sheet as an ordered list of sections, for every output.
fn sections(sheet: &SetupSheet) -> Vec<Section> {
    let p = &sheet.params;
    let halls = sheet
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count() as u64;
    let chambers = sheet.tiles.len() as u64 - halls;
    let mut out = Vec::new();

    // The adventure at a glance.
    out.push(Section {
        title: title(sheet),
        parts: vec![Part::Fields(vec![
            (
                "Mission",
                format!("{} ({} rules)", sheet.mission, sheet.ruleset),
            ),
            ("Turn limit", turn_limit_text(sheet)),
            ("Hero value", p.hero_value.to_string()),
            ("Seed", sheet.seed.to_string()),
            ("Tile set", p.tileset.clone()),
            (
                "Sets",
                format!(
                    "{} ({}: {}, {})",
                    p.sets,
                    plural(sheet.tiles.len() as u64, "tile", "tiles"),
                    plural(halls, "hallway", "hallways"),
                    plural(chambers, "chamber", "chambers")
                ),
            ),
            (
                "Map",
                format!(
                    "{} × {} squares, 1 square = {} mm",
                    sheet.size.width,
                    sheet.size.height,
                    mm_text(sheet.square_mm)
                ),
            ),
            (
                "Table",
                format!(
                    "{} × {} squares; the map's square 0,0 lies on table square {}",
                    p.table.width,
                    p.table.height,
                    xy(sheet.table_offset)
                ),
            ),
            (
                "Options",
                format!(
                    "exit dice {}, difficulty {}, markers {}, dressing {}",
                    p.exit_dice,
                    p.difficulty,
                    on_off(p.markers),
                    on_off(p.dressing)
                ),
            ),
            ("Made by", sheet.generator.clone()),
        ])],
    });

    // The mission's orders and pieces (nothing for a plain quest).
    if !sheet.mission_lines.is_empty() {
        out.push(Section {
            title: "Mission".into(),
            parts: vec![Part::Fields(sheet.mission_lines.clone())],
        });
    }

    // Legend.
    let mut legend = Table::new(&["cell", "meaning", "walkable"], &[], None);
    legend.code = vec![0];
    legend.diagram_header = "swatch";
    legend.diagram_square_pt = 9.0;
    for c in Cell::ALL {
        let walk = if c == Cell::Void {
            "—"
        } else if c.passable() {
            "yes"
        } else {
            "no"
        };
        legend.row(vec![c.to_char().to_string(), c.name().into(), walk.into()]);
        legend.diagrams.push(vec![c.to_char().to_string()]);
    }
    out.push(Section {
        title: "How to read this sheet".into(),
        parts: vec![
            Part::Para(format!(
                "Squares are written x,y: x counts columns east and y counts rows south, \
                 from 0,0 at the north-west corner of the map, as in scenario.yaml. Table \
                 squares count the same way from the north-west corner of the {} × {} table: \
                 table square = map square + {}. The pages of map.pdf go the same way round: \
                 a column letter from west to east, a row number from north to south \
                 (B2 — row 2, column 2). North is up; sides are N, E, S, W; rotations are \
                 clockwise from the tile's printed orientation.",
                p.table.width,
                p.table.height,
                xy(sheet.table_offset)
            )),
            Part::Para(
                "Tile diagrams show each tile as laid, north up, one cell per square:".into(),
            ),
            Part::Table(legend),
        ],
    });

    // Tile pick list.
    let mut picks = Table::new(
        &[
            "step",
            "tile",
            "kind",
            "face",
            "rotation",
            "square",
            "table square",
            "size",
            "laid against",
        ],
        &[0, 4],
        Some(8),
    );
    picks.diagram_header = "diagram";
    for t in &sheet.tiles {
        picks.row(vec![
            t.step.to_string(),
            t.id.clone(),
            t.kind.name().into(),
            t.face.name().into(),
            format!("{}°", t.rotation),
            xy(t.at.square),
            xy(t.at.table),
            format!("{} × {}", t.width, t.height),
            against_text(t),
        ]);
        picks.diagrams.push(t.diagram.clone());
    }
    out.push(Section {
        title: "Tile pick list".into(),
        parts: vec![
            Part::Para(
                "Take the tiles from the box in this order. Lay each with the given face up, \
                 turned clockwise by its rotation, its north-west corner on the square given; \
                 \"laid against\" names the earlier tiles it joins and on which of its sides \
                 they lie."
                    .into(),
            ),
            Part::Table(picks),
            Part::TileDiagrams,
        ],
    });

    // Entrance, Central Chamber, dead ends.
    let e = &sheet.entrance;
    let mut dead = Table::new(
        &["tile", "squares", "table squares", "side", "width"],
        &[4],
        Some(0),
    );
    for d in &sheet.dead_ends {
        let span = |a: Point, b: Point| {
            if a == b {
                xy(a)
            } else {
                format!("{} to {}", xy(a), xy(b))
            }
        };
        dead.row(vec![
            tile_name(&d.tile),
            span(d.from.square, d.to.square),
            span(d.from.table, d.to.table),
            d.side.name().into(),
            d.length.to_string(),
        ]);
    }
    let mut parts = vec![Part::Fields(vec![
        (
            "Entrance",
            format!(
                "{}, square {} (table {}), on its {} side, {} wide: the heroes come in from the {}",
                tile_name(&e.tile),
                xy(e.at.square),
                xy(e.at.table),
                e.side.name(),
                plural(e.length, "square", "squares"),
                side_word(e.side)
            ),
        ),
        (
            "Central Chamber",
            format!(
                "{}, {} from the entrance tile",
                tile_name(&sheet.central_chamber.tile),
                plural(sheet.central_chamber.depth, "tile", "tiles")
            ),
        ),
    ])];
    parts.push(Part::Heading("Dead ends".into()));
    if sheet.dead_ends.is_empty() {
        parts.push(Part::Para(
            "None: every entryway but the entrance joins a tile.".into(),
        ));
    } else {
        parts.push(Part::Table(dead));
    }
    out.push(Section {
        title: "Entrance, Central Chamber and dead ends".into(),
        parts,
    });

    // On the map.
    let mut chests = Table::new(
        &[
            "square",
            "table square",
            "tile",
            "facing",
            "level",
            "Quest Chest",
        ],
        &[4],
        Some(2),
    );
    for c in &sheet.chests {
        chests.row(vec![
            xy(c.at.square),
            xy(c.at.table),
            tile_name(&c.tile),
            c.facing.name().into(),
            c.level.to_string(),
            if c.quest { "Quest Chest" } else { "—" }.into(),
        ]);
    }
    let mut wmts = Table::new(
        &[
            "square",
            "table square",
            "tile",
            "colour",
            "number",
            "Guardian",
        ],
        &[4],
        Some(2),
    );
    // A kidnapping's Guardian wanders: say so where it is listed.
    let wandering_guardian = crate::mkd::mission::Mission::parse(&sheet.mission)
        .is_ok_and(|m| m.goal == crate::mkd::mission::Goal::Kidnapping);
    for w in &sheet.wmts {
        wmts.row(vec![
            xy(w.at.square),
            xy(w.at.table),
            tile_name(&w.tile),
            w.color.name().into(),
            w.number.to_string(),
            match (w.guardian, wandering_guardian) {
                (true, true) => "Guardian (K, wanders)",
                (true, false) => "Guardian",
                (false, _) => "—",
            }
            .into(),
        ]);
    }
    let mut markers = Table::new(
        &["marker", "kind", "square", "table square", "tile"],
        &[0],
        Some(4),
    );
    for (i, m) in sheet.markers.iter().enumerate() {
        markers.row(vec![
            (i + 1).to_string(),
            match m.kind {
                MarkerKind::Hindering => "hindering",
                MarkerKind::Water => "water",
            }
            .into(),
            xy(m.at.square),
            xy(m.at.table),
            m.tile.as_ref().map_or_else(|| "—".into(), tile_name),
        ]);
    }
    let mut parts = vec![Part::Heading("Chests".into())];
    if sheet.chests.is_empty() {
        parts.push(Part::Para("None.".into()));
    } else {
        parts.push(Part::Table(chests));
    }
    parts.push(Part::Heading("Wandering monster tokens".into()));
    if sheet.wmts.is_empty() {
        parts.push(Part::Para("None.".into()));
    } else {
        parts.push(Part::Para(
            "Face down; the Guardian WMT does not wander.".into(),
        ));
        parts.push(Part::Table(wmts));
    }
    parts.push(Part::Heading("Terrain markers".into()));
    if sheet.markers.is_empty() {
        parts.push(Part::Para(if p.markers {
            "None were rolled.".into()
        } else {
            "None (the optional markers were not placed).".into()
        }));
    } else {
        parts.push(Part::Table(markers));
    }
    out.push(Section {
        title: "On the map".into(),
        parts,
    });

    // Pools.
    let pl = &sheet.pools;
    let mut parts = vec![Part::Fields(vec![
        (
            "WMT reveal bonus",
            format!("+{} to every WMT reveal roll", pl.wmt_reveal_bonus),
        ),
        (
            "Guardian reveal bonus",
            format!(
                "+{} to the Guardian's reveal roll",
                pl.guardian_reveal_bonus
            ),
        ),
        ("Doors", pl.doors.to_string()),
    ])];
    parts.push(Part::Heading("Chest Pool".into()));
    if pl.chests.is_empty() {
        parts.push(Part::Para("Empty.".into()));
    } else {
        let mut t = Table::new(&["level", "chests"], &[0, 1], None);
        for (level, n) in &pl.chests {
            t.row(vec![level.to_string(), n.to_string()]);
        }
        parts.push(Part::Table(t));
    }
    parts.push(Part::Heading("WMT Pool".into()));
    if pl.wmts.is_empty() {
        parts.push(Part::Para("Empty.".into()));
    } else {
        let mut t = Table::new(&["colour", "tokens", "numbers"], &[1], Some(2));
        for (color, numbers) in &pl.wmts {
            t.row(vec![
                color.name().into(),
                numbers.len().to_string(),
                numbers
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            ]);
        }
        parts.push(Part::Table(t));
    }
    parts.push(Part::Heading(
        "Terrain markers in the Accessories Pool".into(),
    ));
    if pl.terrain_obstacle + pl.terrain_special == 0 {
        parts.push(Part::Para("None.".into()));
    } else {
        let mut t = Table::new(&["side up", "markers"], &[1], None);
        t.row(vec!["obstacle".into(), pl.terrain_obstacle.to_string()]);
        t.row(vec![
            "special terrain".into(),
            pl.terrain_special.to_string(),
        ]);
        parts.push(Part::Table(t));
    }
    parts.push(Part::Heading("Furnishings".into()));
    if pl.furnishings.is_empty() {
        parts.push(Part::Para(if p.dressing {
            "None.".into()
        } else {
            "None (dressing was off).".into()
        }));
    } else {
        let mut t = Table::new(&["furnishing", "count"], &[1], Some(0));
        for (name, n) in &pl.furnishings {
            t.row(vec![name.clone(), n.to_string()]);
        }
        parts.push(Part::Table(t));
    }
    parts.push(Part::Heading("Monster Pool".into()));
    if pl.monsters.is_empty() {
        parts.push(Part::Para("Empty.".into()));
    } else {
        let figures: u64 = pl.monsters.iter().map(|m| u64::from(m.count)).sum();
        let points: u64 = pl
            .monsters
            .iter()
            .map(|m| u64::from(m.points) * u64::from(m.count))
            .sum();
        parts.push(Part::Para(format!(
            "{} of {}, {} in all.",
            plural(figures, "figure", "figures"),
            plural(pl.monsters.len() as u64, "kind", "kinds"),
            plural(points, "point", "points")
        )));
        let mut t = Table::new(
            &["figure", "points", "count", "abilities"],
            &[1, 2],
            Some(3),
        );
        for m in pl.monsters.iter() {
            t.row(vec![
                m.name.clone(),
                m.points.to_string(),
                m.count.to_string(),
                if m.abilities.is_empty() {
                    "—".into()
                } else {
                    m.abilities.join(", ")
                },
            ]);
        }
        parts.push(Part::Table(t));
    }
    out.push(Section {
        title: "Pools kept aside".into(),
        parts,
    });

    // The dice log.
    let mut log = Table::new(
        &["#", "stage", "roll", "result", "purpose"],
        &[0, 3],
        Some(4),
    );
    log.compact = true;
    for (i, l) in sheet.log.iter().enumerate() {
        log.row(vec![
            (i + 1).to_string(),
            l.stage.clone(),
            l.roll.clone(),
            if l.roll == "-" {
                "—".into()
            } else {
                l.result.to_string()
            },
            l.purpose.clone(),
        ]);
    }
    out.push(Section {
        title: "Setup dice log".into(),
        parts: vec![
            Part::Para(format!(
                "{}, in the order they were made; a roll of \"-\" is a decision that needed no die.",
                plural(sheet.log.len() as u64, "roll", "rolls")
            )),
            Part::Table(log),
        ],
    });
    out
}

// ---------------------------------------------------------------------------
// Markdown
// ---------------------------------------------------------------------------

/// Escapes text for Markdown (GitHub flavour): inline markup, table pipes and
/// HTML are made literal; line breaks become spaces.
fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '|' | '[' | ']' | '~' | '#' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn md_table(out: &mut String, t: &Table) {
    let line = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    out.push_str(&line(t.headers.iter().map(|h| md(h)).collect()));
    out.push_str(&line(
        t.right
            .iter()
            .map(|&r| if r { "---:" } else { "---" }.to_string())
            .collect(),
    ));
    for row in &t.rows {
        out.push_str(&line(
            row.iter()
                .enumerate()
                .map(|(i, c)| {
                    if t.code.contains(&i) && !c.contains('`') && !c.contains('|') {
                        format!("`{c}`")
                    } else {
                        md(c)
                    }
                })
                .collect(),
        ));
    }
    out.push('\n');
}

/// The setup sheet as Markdown (`setup.md`), for reading on a screen.
pub fn setup_markdown(s: &Scenario) -> String {
    let sheet = setup_sheet(s);
    let mut out = String::new();
    for (n, sec) in sections(&sheet).iter().enumerate() {
        out.push_str(if n == 0 { "# " } else { "## " });
        out.push_str(&md(&sec.title));
        out.push_str("\n\n");
        for part in &sec.parts {
            match part {
                Part::Heading(h) => {
                    out.push_str("### ");
                    out.push_str(&md(h));
                    out.push_str("\n\n");
                }
                Part::Para(text) => {
                    out.push_str(&md(text));
                    out.push_str("\n\n");
                }
                Part::Fields(fields) => {
                    for (k, v) in fields {
                        out.push_str(&format!("- **{}:** {}\n", md(k), md(v)));
                    }
                    out.push('\n');
                }
                Part::Table(t) => md_table(&mut out, t),
                Part::TileDiagrams => {
                    for t in &sheet.tiles {
                        out.push_str(&format!("### Step {}: {}\n\n", t.step, md(&t.id)));
                        out.push_str(&md(&format!(
                            "{}, {} face up, turned {}°; north-west corner on square {} \
                             (table {}); {} × {} squares; {}.",
                            t.kind.name(),
                            t.face.name(),
                            t.rotation,
                            xy(t.at.square),
                            xy(t.at.table),
                            t.width,
                            t.height,
                            if t.step == 1 {
                                against_text(t)
                            } else {
                                format!("against {}", against_text(t))
                            }
                        )));
                        out.push_str("\n\n```text\n");
                        for row in &t.diagram {
                            out.push_str(row);
                            out.push('\n');
                        }
                        out.push_str("```\n\n");
                    }
                }
            }
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

// ---------------------------------------------------------------------------
// PDF: layout into pages of simple drawing operations, then krilla
// ---------------------------------------------------------------------------

/// An sRGB colour.
type Rgb = (u8, u8, u8);

const INK: Rgb = (0x1e, 0x1a, 0x17);
const MUTED: Rgb = (0x5a, 0x54, 0x4c);
const RULE: Rgb = (0xb4, 0xac, 0xa0);
const HEADER_FILL: Rgb = (0xe6, 0xe1, 0xd8);
const STRIPE_FILL: Rgb = (0xf5, 0xf3, 0xef);

/// One drawing operation on a page, in points from the top-left corner.
#[derive(Debug, Clone, PartialEq)]
enum Op {
    /// Text on a baseline starting at `x`, `y`; `width` as measured.
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        color: Rgb,
        width: f32,
        text: String,
    },
    /// A filled and/or stroked rectangle.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
    },
    /// A stroked polyline.
    Line {
        points: Vec<(f32, f32)>,
        color: Rgb,
        width: f32,
    },
}

/// Advance widths of the embedded fonts, to measure and wrap text.
struct Metrics {
    regular: ttf_parser::Face<'static>,
    bold: ttf_parser::Face<'static>,
}

impl Metrics {
    fn new() -> Result<Metrics, ExportError> {
        let face = |data: &'static [u8]| {
            ttf_parser::Face::parse(data, 0)
                .map_err(|e| ExportError::Pdf(format!("the embedded font cannot be read: {e}")))
        };
        Ok(Metrics {
            regular: face(super::png::DEJAVU_SANS)?,
            bold: face(super::png::DEJAVU_SANS_BOLD)?,
        })
    }

    fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
        let f = if bold { &self.bold } else { &self.regular };
        let units: u32 = text
            .chars()
            .map(|c| {
                let g = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                u32::from(f.glyph_hor_advance(g).unwrap_or(0))
            })
            .sum();
        units as f32 / f32::from(f.units_per_em()) * size
    }

    /// Greedy word wrap to `max` points; words longer than a line are broken.
    fn wrap(&self, text: &str, size: f32, bold: bool, max: f32) -> Vec<String> {
        let text = plain_text(text);
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split(' ').filter(|w| !w.is_empty()) {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if self.width(&candidate, size, bold) <= max {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone: break it where it overflows.
            for c in word.chars() {
                line.push(c);
                if self.width(&line, size, bold) > max && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::take(&mut line));
                    line.push(c);
                }
            }
        }
        if !line.is_empty() || lines.is_empty() {
            lines.push(line);
        }
        lines
    }
}

/// User text as one line of plain characters (no control characters).
fn plain_text(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The page geometry.
#[derive(Debug, Clone, Copy)]
struct Geometry {
    width: f32,
    height: f32,
    margin: f32,
}

impl Geometry {
    fn new(print: &PrintOptions) -> Result<Geometry, ExportError> {
        let (w, h) = print.paper.size_pt();
        let margin_mm = if print.margin_mm.is_finite() {
            print.margin_mm.max(MIN_MARGIN_MM)
        } else {
            MIN_MARGIN_MM
        };
        let g = Geometry {
            width: w as f32,
            height: h as f32,
            margin: (margin_mm / MM_PER_PT) as f32,
        };
        // Room for the widest table: about 120 mm of text.
        let room_mm = (w.min(h) - 2.0 * f64::from(g.margin)) * MM_PER_PT;
        if room_mm < 120.0 {
            let max = (w.min(h) * MM_PER_PT - 120.0) / 2.0;
            return Err(ExportError::Pdf(format!(
                "a margin of {margin_mm} mm leaves {room_mm:.0} mm across {} paper for the setup \
                 sheet; use a margin of at most {max:.0} mm",
                print.paper.name()
            )));
        }
        Ok(g)
    }

    fn content_width(&self) -> f32 {
        self.width - 2.0 * self.margin
    }

    /// Top of the content area (below the running header).
    fn top(&self) -> f32 {
        self.margin + 22.0
    }

    /// Bottom of the content area (above the running footer).
    fn bottom(&self) -> f32 {
        self.height - self.margin - 16.0
    }
}

const BODY_PT: f32 = 9.0;
const TABLE_PT: f32 = 8.0;
const COMPACT_PT: f32 = 7.0;
const PAD_X: f32 = 4.0;
const PAD_Y: f32 = 2.5;
/// The largest side of a tile diagram in the PDF, in points.
const DIAGRAM_MAX_PT: f32 = 84.0;

fn line_height(size: f32) -> f32 {
    size * 1.28
}

/// Distance from the top of a line box to its baseline.
fn ascent(size: f32) -> f32 {
    size * 0.98
}

/// Lays sections out on pages.
struct Pager<'a> {
    m: &'a Metrics,
    g: Geometry,
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl<'a> Pager<'a> {
    fn new(m: &'a Metrics, g: Geometry) -> Pager<'a> {
        Pager {
            m,
            g,
            pages: vec![Vec::new()],
            y: g.top(),
        }
    }

    fn ops(&mut self) -> &mut Vec<Op> {
        self.pages.last_mut().expect("a page is open")
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = self.g.top();
    }

    /// Starts a new page unless `h` points fit below the cursor.
    fn ensure(&mut self, h: f32) {
        if self.y + h > self.g.bottom() && self.y > self.g.top() {
            self.new_page();
        }
    }

    fn text(&mut self, x: f32, baseline: f32, size: f32, bold: bool, color: Rgb, text: String) {
        let width = self.m.width(&text, size, bold);
        self.ops().push(Op::Text {
            x,
            y: baseline,
            size,
            bold,
            color,
            width,
            text,
        });
    }

    fn lines(&mut self, text: &str, size: f32, bold: bool, color: Rgb, x: f32, max: f32) {
        let lh = line_height(size);
        for line in self.m.wrap(text, size, bold, max) {
            self.ensure(lh);
            let y = self.y;
            self.text(x, y + ascent(size), size, bold, color, line);
            self.y += lh;
        }
    }

    fn title(&mut self, text: &str) {
        self.lines(text, 16.0, true, INK, self.g.margin, self.g.content_width());
        self.y += 4.0;
    }

    fn heading(&mut self, text: &str) {
        self.y += 8.0;
        self.ensure(line_height(12.0) + 48.0);
        self.lines(text, 12.0, true, INK, self.g.margin, self.g.content_width());
        self.y += 3.0;
    }

    fn sub_heading(&mut self, text: &str) {
        self.y += 4.0;
        self.ensure(line_height(10.0) + 36.0);
        self.lines(text, 10.0, true, INK, self.g.margin, self.g.content_width());
        self.y += 2.0;
    }

    fn para(&mut self, text: &str) {
        self.lines(
            text,
            BODY_PT,
            false,
            INK,
            self.g.margin,
            self.g.content_width(),
        );
        self.y += 4.0;
    }

    fn fields(&mut self, fields: &[(&'static str, String)]) {
        let key_w = fields
            .iter()
            .map(|(k, _)| self.m.width(&format!("{k}:"), BODY_PT, true))
            .fold(0.0, f32::max)
            .min(self.g.content_width() * 0.35)
            + 8.0;
        let lh = line_height(BODY_PT);
        for (k, v) in fields {
            let key = self.m.wrap(&format!("{k}:"), BODY_PT, true, key_w - 8.0);
            let value = self
                .m
                .wrap(v, BODY_PT, false, self.g.content_width() - key_w);
            let n = key.len().max(value.len());
            self.ensure(lh * n as f32);
            let top = self.y;
            for (i, line) in key.into_iter().enumerate() {
                let y = top + lh * i as f32 + ascent(BODY_PT);
                self.text(self.g.margin, y, BODY_PT, true, INK, line);
            }
            for (i, line) in value.into_iter().enumerate() {
                let y = top + lh * i as f32 + ascent(BODY_PT);
                self.text(self.g.margin + key_w, y, BODY_PT, false, INK, line);
            }
            self.y = top + lh * n as f32;
        }
        self.y += 4.0;
    }

    /// Width of one diagram square so that the diagram fits `DIAGRAM_MAX_PT`.
    fn diagram_square(t: &Table, rows: &[String]) -> f32 {
        let w = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let n = w.max(rows.len()).max(1) as f32;
        t.diagram_square_pt.min(DIAGRAM_MAX_PT / n)
    }

    fn column_widths(&self, t: &Table, size: f32) -> Vec<f32> {
        let avail = self.g.content_width();
        let mut natural: Vec<f32> = t
            .headers
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let head = self.m.width(h, size, true);
                let cells = t
                    .rows
                    .iter()
                    .map(|r| self.m.width(&plain_text(&r[i]), size, false))
                    .fold(0.0, f32::max);
                head.max(cells) + 2.0 * PAD_X
            })
            .collect();
        let diagram = (!t.diagrams.is_empty()).then(|| {
            let widest = t
                .diagrams
                .iter()
                .map(|d| {
                    let sq = Self::diagram_square(t, d);
                    d.iter().map(|r| r.chars().count()).max().unwrap_or(0) as f32 * sq
                })
                .fold(0.0, f32::max);
            widest.max(self.m.width(t.diagram_header, size, true)) + 2.0 * PAD_X
        });
        // The diagram column keeps its width; the text columns share the rest,
        // at their natural width while it fits, the flex column wrapping first.
        let diagram_w = diagram.unwrap_or(0.0);
        let text_avail = avail - diagram_w;
        let sum: f32 = natural.iter().sum();
        if sum > text_avail {
            match t.flex {
                Some(f) => {
                    let others = sum - natural[f];
                    let min_flex = (text_avail * 0.3).min(natural[f]);
                    if others + min_flex > text_avail {
                        let scale = (text_avail - min_flex) / others;
                        for (i, w) in natural.iter_mut().enumerate() {
                            if i != f {
                                *w *= scale;
                            }
                        }
                        natural[f] = min_flex;
                    } else {
                        natural[f] = text_avail - others;
                    }
                }
                None => {
                    let scale = text_avail / sum;
                    natural.iter_mut().for_each(|w| *w *= scale);
                }
            }
        }
        if diagram.is_some() {
            natural.push(diagram_w);
        }
        natural
    }

    fn table(&mut self, t: &Table, caption: &str) {
        let size = if t.compact { COMPACT_PT } else { TABLE_PT };
        let lh = line_height(size);
        let widths = self.column_widths(t, size);
        let x0 = self.g.margin;
        let total: f32 = widths.iter().sum();
        let ncols = t.headers.len();

        let head_cells: Vec<Vec<String>> = t
            .headers
            .iter()
            .map(|h| h.to_string())
            .chain((!t.diagrams.is_empty()).then(|| t.diagram_header.to_string()))
            .enumerate()
            .map(|(i, h)| self.m.wrap(&h, size, true, widths[i] - 2.0 * PAD_X))
            .collect();
        let head_h = head_cells.iter().map(Vec::len).max().unwrap_or(1) as f32 * lh + 2.0 * PAD_Y;

        let draw_header = |p: &mut Pager, continued: bool| {
            if continued {
                let y = p.y;
                p.text(
                    x0,
                    y + ascent(size),
                    size,
                    true,
                    MUTED,
                    format!("{caption} (continued)"),
                );
                p.y += lh + 1.0;
            }
            let top = p.y;
            p.ops().push(Op::Rect {
                x: x0,
                y: top,
                w: total,
                h: head_h,
                fill: Some(HEADER_FILL),
                stroke: None,
            });
            let mut x = x0;
            for (i, lines) in head_cells.iter().enumerate() {
                for (j, line) in lines.iter().enumerate() {
                    let w = p.m.width(line, size, true);
                    let lx = if i < ncols && t.right[i] {
                        x + widths[i] - PAD_X - w
                    } else {
                        x + PAD_X
                    };
                    let y = top + PAD_Y + lh * j as f32 + ascent(size);
                    p.text(lx, y, size, true, INK, line.clone());
                }
                x += widths[i];
            }
            p.y = top + head_h;
        };

        let max_row_h = self.g.bottom() - self.g.top() - head_h - lh - 2.0;
        let max_lines = (((max_row_h - 2.0 * PAD_Y) / lh).floor() as usize).max(1);

        // The header goes with the first row.
        let mut first = true;
        for (r, row) in t.rows.iter().enumerate() {
            let mut cells: Vec<Vec<String>> = row
                .iter()
                .enumerate()
                .map(|(i, c)| self.m.wrap(c, size, false, widths[i] - 2.0 * PAD_X))
                .collect();
            for c in &mut cells {
                if c.len() > max_lines {
                    c.truncate(max_lines);
                    if let Some(last) = c.last_mut() {
                        last.push('…');
                    }
                }
            }
            let diagram = t.diagrams.get(r);
            let sq = diagram.map(|d| Self::diagram_square(t, d)).unwrap_or(0.0);
            let diagram_h = diagram.map_or(0.0, |d| d.len() as f32 * sq);
            let text_h = cells.iter().map(Vec::len).max().unwrap_or(1) as f32 * lh;
            let row_h = text_h.max(diagram_h) + 2.0 * PAD_Y;

            if first {
                self.ensure(head_h + row_h);
                draw_header(self, false);
                first = false;
            } else if self.y + row_h > self.g.bottom() {
                self.new_page();
                draw_header(self, true);
            }
            let top = self.y;
            if r % 2 == 1 {
                self.ops().push(Op::Rect {
                    x: x0,
                    y: top,
                    w: total,
                    h: row_h,
                    fill: Some(STRIPE_FILL),
                    stroke: None,
                });
            }
            let mut x = x0;
            for (i, lines) in cells.into_iter().enumerate() {
                for (j, line) in lines.into_iter().enumerate() {
                    let lx = if t.right[i] {
                        x + widths[i] - PAD_X - self.m.width(&line, size, false)
                    } else {
                        x + PAD_X
                    };
                    let y = top + PAD_Y + lh * j as f32 + ascent(size);
                    self.text(lx, y, size, false, INK, line);
                }
                x += widths[i];
            }
            if let Some(d) = diagram {
                self.diagram(x + PAD_X, top + PAD_Y, sq, d);
            }
            let y = top + row_h;
            self.y = y;
            self.ops().push(Op::Line {
                points: vec![(x0, y), (x0 + total, y)],
                color: RULE,
                width: 0.4,
            });
        }
        self.y += 6.0;
    }

    /// A tile diagram: one square per legend character, north up.
    fn diagram(&mut self, x0: f32, y0: f32, sq: f32, rows: &[String]) {
        for (j, row) in rows.iter().enumerate() {
            for (i, ch) in row.chars().enumerate() {
                let cell = Cell::from_char(ch).unwrap_or(Cell::Void);
                let (x, y) = (x0 + sq * i as f32, y0 + sq * j as f32);
                self.cell(x, y, sq, cell);
            }
        }
    }

    /// One square of a diagram: the map's fill for the cell kind, and a mark
    /// that still tells the kinds apart on a black-and-white printer.
    fn cell(&mut self, x: f32, y: f32, s: f32, cell: Cell) {
        let fill = match cell {
            Cell::Void => return,
            Cell::Floor => (0xf6, 0xf1, 0xe6),
            Cell::Hindering => (0xd9, 0xc6, 0x96),
            Cell::Water => (0xa9, 0xcf, 0xee),
            Cell::Crevice => (0x3b, 0x33, 0x30),
            Cell::Blocking => (0x9a, 0x90, 0x84),
            Cell::Wall => (0x55, 0x4f, 0x48),
        };
        self.ops().push(Op::Rect {
            x,
            y,
            w: s,
            h: s,
            fill: Some(fill),
            stroke: Some(((0x6e, 0x66, 0x5c), (s * 0.05).clamp(0.1, 0.3))),
        });
        let mark = (s * 0.1).clamp(0.2, 0.8);
        match cell {
            Cell::Hindering => {
                let d = s * 0.3;
                self.ops().push(Op::Rect {
                    x: x + (s - d) / 2.0,
                    y: y + (s - d) / 2.0,
                    w: d,
                    h: d,
                    fill: Some((0x8a, 0x6f, 0x3c)),
                    stroke: None,
                });
            }
            Cell::Water => self.ops().push(Op::Line {
                points: vec![
                    (x + s * 0.15, y + s * 0.55),
                    (x + s * 0.38, y + s * 0.4),
                    (x + s * 0.62, y + s * 0.6),
                    (x + s * 0.85, y + s * 0.45),
                ],
                color: (0x2f, 0x6f, 0xa8),
                width: mark,
            }),
            Cell::Crevice => self.ops().push(Op::Line {
                points: vec![
                    (x + s * 0.2, y + s * 0.15),
                    (x + s * 0.6, y + s * 0.4),
                    (x + s * 0.35, y + s * 0.6),
                    (x + s * 0.8, y + s * 0.85),
                ],
                color: (0x9c, 0x8a, 0x80),
                width: mark,
            }),
            Cell::Blocking => {
                let (a, b) = (s * 0.2, s * 0.8);
                for points in [
                    vec![(x + a, y + a), (x + b, y + b)],
                    vec![(x + b, y + a), (x + a, y + b)],
                ] {
                    self.ops().push(Op::Line {
                        points,
                        color: (0x4e, 0x46, 0x3e),
                        width: mark,
                    });
                }
            }
            _ => {}
        }
    }

    /// The running header and footer, once the page count is known.
    fn finish(mut self, sheet: &SetupSheet) -> Vec<Vec<Op>> {
        let n = self.pages.len();
        let g = self.g;
        let left = g.margin;
        let right = g.width - g.margin;
        let head = format!("tilecrawl setup sheet — seed {}", sheet.seed);
        let foot = format!(
            "seed {} · {} · tile set {} · {} · hero value {}",
            sheet.seed,
            sheet.mission,
            sheet.params.tileset,
            plural(sheet.params.sets, "set", "sets"),
            sheet.params.hero_value
        );
        let pages = std::mem::take(&mut self.pages);
        let mut out = Vec::with_capacity(n);
        for (i, ops) in pages.into_iter().enumerate() {
            self.pages = vec![Vec::new()];
            let number = format!("page {} of {}", i + 1, n);
            let nw = self.m.width(&number, 9.0, false);
            let base = g.margin + ascent(9.0);
            let head_max = right - left - nw - 12.0;
            let head_line = self
                .m
                .wrap(&head, 9.0, true, head_max)
                .into_iter()
                .next()
                .unwrap_or_default();
            self.text(left, base, 9.0, true, INK, head_line);
            self.text(right - nw, base, 9.0, false, INK, number);
            self.ops().push(Op::Line {
                points: vec![(left, g.margin + 14.0), (right, g.margin + 14.0)],
                color: RULE,
                width: 0.6,
            });
            let fy = g.height - g.margin - 2.0;
            self.ops().push(Op::Line {
                points: vec![(left, fy - 10.0), (right, fy - 10.0)],
                color: RULE,
                width: 0.4,
            });
            let foot_line = self
                .m
                .wrap(&foot, 7.0, false, right - left)
                .into_iter()
                .next()
                .unwrap_or_default();
            self.text(left, fy, 7.0, false, MUTED, foot_line);
            let mut page = std::mem::take(&mut self.pages[0]);
            page.extend(ops);
            out.push(page);
        }
        out
    }
}

/// Lays the sheet out on pages.
fn layout(sheet: &SetupSheet, m: &Metrics, g: Geometry) -> Vec<Vec<Op>> {
    let mut p = Pager::new(m, g);
    for (n, sec) in sections(sheet).iter().enumerate() {
        if n == 0 {
            p.title(&sec.title);
        } else {
            p.heading(&sec.title);
        }
        let mut caption = sec.title.clone();
        for part in &sec.parts {
            match part {
                Part::Heading(h) => {
                    p.sub_heading(h);
                    caption = h.clone();
                }
                Part::Para(text) => p.para(text),
                Part::Fields(f) => p.fields(f),
                Part::Table(t) => p.table(t, &caption),
                Part::TileDiagrams => {}
            }
        }
    }
    p.finish(sheet)
}

/// The setup sheet as a PDF (`setup.pdf`) on `print.paper`, with margins of at
/// least [`MIN_MARGIN_MM`], "page n of m" and the seed on every page. The
/// same scenario always gives the same bytes (no date, no random id).
pub fn setup_pdf(s: &Scenario, print: &PrintOptions) -> Result<Vec<u8>, ExportError> {
    use krilla::Document;
    use krilla::color::rgb;
    use krilla::geom::{PathBuilder, Point as KPoint, Rect as KRect};
    use krilla::metadata::Metadata;
    use krilla::num::NormalizedF32;
    use krilla::page::PageSettings;
    use krilla::paint::{Fill, LineCap, LineJoin, Stroke};
    use krilla::text::{Font, TextDirection};

    let sheet = setup_sheet(s);
    let g = Geometry::new(print)?;
    let metrics = Metrics::new()?;
    let pages = layout(&sheet, &metrics, g);

    let font = |data: &'static [u8]| {
        Font::new(data.into(), 0)
            .ok_or_else(|| ExportError::Pdf("the embedded font cannot be read".into()))
    };
    let regular = font(super::png::DEJAVU_SANS)?;
    let bold = font(super::png::DEJAVU_SANS_BOLD)?;
    let color = |c: Rgb| rgb::Color::new(c.0, c.1, c.2);
    let fill = |c: Rgb| Fill {
        paint: color(c).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    };
    let stroke = |c: Rgb, width: f32| Stroke {
        paint: color(c).into(),
        width,
        line_cap: LineCap::Butt,
        line_join: LineJoin::Miter,
        ..Default::default()
    };

    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(title(&sheet))
            .creator(sheet.generator.clone()),
    );
    for ops in &pages {
        let settings = PageSettings::from_wh(g.width, g.height)
            .ok_or_else(|| ExportError::Pdf("invalid page size".into()))?;
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text {
                    x,
                    y,
                    size,
                    bold: b,
                    color: c,
                    text,
                    ..
                } => {
                    surface.set_stroke(None);
                    surface.set_fill(Some(fill(*c)));
                    let f = if *b { bold.clone() } else { regular.clone() };
                    surface.draw_text(
                        KPoint::from_xy(*x, *y),
                        f,
                        *size,
                        text,
                        false,
                        TextDirection::Auto,
                    );
                }
                Op::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill: f,
                    stroke: st,
                } => {
                    let Some(rect) = KRect::from_xywh(*x, *y, *w, *h) else {
                        continue;
                    };
                    let mut pb = PathBuilder::new();
                    pb.push_rect(rect);
                    let Some(path) = pb.finish() else { continue };
                    surface.set_fill(f.map(fill));
                    surface.set_stroke(st.map(|(c, w)| stroke(c, w)));
                    surface.draw_path(&path);
                }
                Op::Line {
                    points,
                    color: c,
                    width,
                } => {
                    let mut pb = PathBuilder::new();
                    for (i, &(x, y)) in points.iter().enumerate() {
                        if i == 0 {
                            pb.move_to(x, y);
                        } else {
                            pb.line_to(x, y);
                        }
                    }
                    let Some(path) = pb.finish() else { continue };
                    surface.set_fill(None);
                    surface.set_stroke(Some(stroke(*c, *width)));
                    surface.draw_path(&path);
                }
            }
        }
        surface.finish();
        page.finish();
    }
    doc.finish().map_err(|e| ExportError::Pdf(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::layout::LayoutParams;
    use crate::export::paper::Paper;
    use crate::mkd::generate::{GenerateParams, generate};
    use crate::mkd::setup::SetupParams;
    use crate::tileset::default_tileset;

    fn scenario(seed: u64, sets: u32) -> Scenario {
        let p = GenerateParams {
            seed,
            layout: LayoutParams {
                sets,
                ..LayoutParams::default()
            },
            setup: SetupParams {
                sets,
                dressing: true,
                ..SetupParams::default()
            },
            markers: true,
            ..GenerateParams::default()
        };
        generate(&default_tileset(), &p).expect("generates")
    }

    #[test]
    fn markdown_escapes_markup_pipes_and_html() {
        assert_eq!(md("a|b"), "a\\|b");
        assert_eq!(md("*x* _y_ `z`"), "\\*x\\* \\_y\\_ \\`z\\`");
        assert_eq!(md("<b>&amp;"), "&lt;b&gt;&amp;amp;");
        assert_eq!(md("[l](u) ~s~ \\ #"), "\\[l\\](u) \\~s\\~ \\\\ \\#");
        assert_eq!(md("two\nlines"), "two lines");
        assert_eq!(md("C4 (step 1), 10,5"), "C4 (step 1), 10,5");
    }

    #[test]
    fn quest_has_no_turn_limit() {
        let s = scenario(7, 2);
        let sheet = setup_sheet(&s);
        assert_eq!(sheet.turn_limit, None);
        assert!(sheet.mission_lines.is_empty());
        assert!(setup_markdown(&s).contains("no turn limit"));
    }

    #[test]
    fn a_timed_rescue_sheet_shows_the_timer_the_prisoner_and_the_set_aside_guardian() {
        let p = GenerateParams {
            seed: 7,
            mission: crate::mkd::mission::Mission::parse("rescue+timed").unwrap(),
            ..GenerateParams::default()
        };
        let s = generate(&default_tileset(), &p).expect("generates");
        let limit = s.game.turn_limit.expect("timed");
        let md = setup_markdown(&s);
        assert!(md.contains(&format!("{limit} turns")), "{md}");
        let p = s.game.prisoner.expect("rescue has a prisoner");
        assert!(md.contains(&format!("square {},{}", p.x, p.y)), "{md}");
        let g = s.game.pools.guardian.expect("set aside");
        assert!(md.contains(&format!(
            "{} {}: keep it off the map",
            g.color.name(),
            g.number
        )));
        assert!(md.contains("Campaign bonus"));
    }

    #[test]
    fn tiles_are_laid_against_earlier_tiles_on_the_right_side() {
        let s = scenario(7, 2);
        let sheet = setup_sheet(&s);
        assert!(sheet.tiles[0].against.is_empty());
        for t in &sheet.tiles[1..] {
            assert!(!t.against.is_empty(), "step {}", t.step);
            for a in &t.against {
                assert!(a.tile.step < t.step);
                let side = a.side.expect("connected tiles share an edge");
                let (me, other) = (&s.tiles[t.step - 1], &s.tiles[a.tile.step - 1]);
                // The other tile's rectangle lies beyond that side of this one.
                match side {
                    Side::N => assert_eq!(other.y + other.height as i32, me.y),
                    Side::S => assert_eq!(me.y + me.height as i32, other.y),
                    Side::W => assert_eq!(other.x + other.width as i32, me.x),
                    Side::E => assert_eq!(me.x + me.width as i32, other.x),
                }
            }
        }
    }

    #[test]
    fn diagram_blanks_squares_that_are_not_the_tile() {
        let mut s = scenario(7, 1);
        // Make the first tile L-shaped: its north-east square is no longer part of it.
        let t = s.tiles[0].clone();
        let corner = Point {
            x: t.x + t.width as i32 - 1,
            y: t.y,
        };
        s.tiles[0].void.push(corner);
        let d = setup_sheet(&s).tiles[0].diagram.clone();
        assert_eq!(d.len(), t.height as usize);
        assert!(d[0].ends_with('_'), "{d:?}");
        assert_eq!(
            d[1],
            s.grid[t.y as usize + 1][t.x as usize..(t.x + t.width as i32) as usize]
        );
    }

    #[test]
    fn wrap_fits_the_width_and_breaks_long_words() {
        let m = Metrics::new().unwrap();
        let text = "the quick brown fox jumps over the lazy dog ".repeat(6) + &"W".repeat(60);
        for max in [40.0, 90.0, 200.0] {
            let lines = m.wrap(&text, 8.0, false, max);
            assert!(lines.len() > 1);
            for l in &lines {
                assert!(
                    m.width(l, 8.0, false) <= max + 0.01,
                    "{l:?} wider than {max}"
                );
            }
            let joined: String = lines.concat().chars().filter(|c| *c != ' ').collect();
            let want: String = text.chars().filter(|c| *c != ' ').collect();
            assert_eq!(joined, want, "no character is lost");
        }
        assert_eq!(m.wrap("", 8.0, false, 50.0), vec![String::new()]);
        // Bold is wider than regular.
        assert!(m.width("Guardian", 8.0, true) > m.width("Guardian", 8.0, false));
    }

    /// Every op of every page stays inside the margins, and every page has
    /// its number and the seed.
    #[test]
    fn layout_stays_inside_the_margins_and_numbers_pages() {
        let m = Metrics::new().unwrap();
        let mut s = scenario(12, 4);
        // A long name and a long purpose must wrap, not overflow.
        std::sync::Arc::make_mut(&mut s.game.pools.monsters)[0].name =
            "Extraordinarily-Long-Monster-Name-Without-Spaces".repeat(3);
        s.log[0].purpose = "a long purpose ".repeat(40);
        for paper in [Paper::Letter, Paper::A4] {
            for margin_mm in [0.0, 6.0, 8.0, 20.0] {
                let print = PrintOptions {
                    paper,
                    margin_mm,
                    ..PrintOptions::default()
                };
                let g = Geometry::new(&print).unwrap();
                assert!(g.margin as f64 * MM_PER_PT >= MIN_MARGIN_MM - 1e-4);
                let pages = layout(&setup_sheet(&s), &m, g);
                assert!(pages.len() >= 2, "a 4-set sheet runs over pages");
                let (lo_x, hi_x) = (g.margin - 0.01, g.width - g.margin + 0.01);
                let (lo_y, hi_y) = (g.margin - 0.01, g.height - g.margin + 0.01);
                for (i, ops) in pages.iter().enumerate() {
                    let number = format!("page {} of {}", i + 1, pages.len());
                    let texts: Vec<&str> = ops
                        .iter()
                        .filter_map(|o| match o {
                            Op::Text { text, .. } => Some(text.as_str()),
                            _ => None,
                        })
                        .collect();
                    assert!(texts.contains(&number.as_str()), "{number}");
                    assert!(texts.iter().any(|t| t.contains("seed 12")));
                    for op in ops {
                        let (x0, y0, x1, y1) = match op {
                            Op::Text {
                                x, y, size, width, ..
                            } => (*x, y - size * 0.95, x + width, y + size * 0.25),
                            Op::Rect { x, y, w, h, .. } => (*x, *y, x + w, y + h),
                            Op::Line { points, .. } => points.iter().fold(
                                (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
                                |(a, b, c, d), &(x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
                            ),
                        };
                        assert!(
                            x0 >= lo_x && x1 <= hi_x && y0 >= lo_y && y1 <= hi_y,
                            "{paper:?} {margin_mm} mm, page {}: {op:?} leaves the printable area",
                            i + 1
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn absurd_margins_are_an_error() {
        let print = PrintOptions {
            margin_mm: 80.0,
            ..PrintOptions::default()
        };
        let err = setup_pdf(&scenario(7, 1), &print).unwrap_err();
        assert!(matches!(err, ExportError::Pdf(_)), "{err}");
        assert!(err.to_string().contains("margin"), "{err}");
    }

    #[test]
    fn pdf_is_deterministic_and_undated() {
        let s = scenario(7, 1);
        let a = setup_pdf(&s, &PrintOptions::default()).unwrap();
        let b = setup_pdf(&s.clone(), &PrintOptions::default()).unwrap();
        assert!(a.starts_with(b"%PDF-"));
        assert_eq!(a, b);
        let has = |needle: &[u8]| a.windows(needle.len()).any(|w| w == needle);
        assert!(!has(b"CreationDate") && !has(b"CreateDate") && !has(b"ModDate"));
    }
}
