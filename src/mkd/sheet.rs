//! What the MKD setup sheet says, gathered from a scenario as plain data.
//! Laying it out (Markdown, PDF) is the export stage's job
//! ([`crate::export::sheet`]); what goes on it is the game's.

use crate::core::dice::LogEntry;
use crate::mkd::scenario::{MarkerKind, Params, Scenario, WmtColor};
use crate::scenario::{Point, Size};
use crate::tileset::{Cell, FaceSide, Side, TileKind};

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
    /// How the adventure plays for a party, when it was played
    /// (`generate --simulate`): `wins about 62 % (58–66 %) …`.
    pub rating: Option<String>,
}

/// A square, on the map and on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableSpot {
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
    pub at: TableSpot,
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
    pub at: TableSpot,
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
    pub from: TableSpot,
    /// Its last square.
    pub to: TableSpot,
    /// The tile edge it is on.
    pub side: Side,
    /// Width in squares.
    pub length: u32,
}

/// A chest on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct ChestSpot {
    /// Its square.
    pub at: TableSpot,
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
    pub at: TableSpot,
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
    pub at: TableSpot,
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
    let spot = |x: i32, y: i32| TableSpot {
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
        mission_lines: crate::mkd::orders::sheet_lines(s),
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
        rating: None,
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
