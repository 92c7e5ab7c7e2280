//! The envelope of a scenario laid by the shared Dungeon Stack builder:
//! what every tile-stack game writes the same way (the tiles as laid, the
//! grid, the entrance, the Central Chamber, the dead ends), around the
//! game's own part.

use super::model::{CentralChamber, Entrance, Opening, PlacedTile, Scenario, Size};
use super::ruleset::RulesetId;
use crate::build::BuiltMap;
use crate::core::dice::LogEntry;
use crate::core::geom::Point;
use crate::tileset::Cell;

impl<G> Scenario<G> {
    /// The scenario of a built map: its tiles in placement order (with the
    /// squares an odd-shaped face leaves empty), the grid and where it lies
    /// on the table, the entrance by the middle square of its entryway, the
    /// Central Chamber and the dead ends, around the game's `game` part and
    /// the `log` of every roll.
    pub fn from_built(
        d: &BuiltMap,
        seed: u64,
        ruleset: RulesetId,
        square_mm: f64,
        game: G,
        log: Vec<LogEntry>,
    ) -> Scenario<G> {
        let g = &d.grid;
        let tiles = d
            .layout
            .tiles
            .iter()
            .map(|t| {
                let (x, y) = g.local(t.x, t.y);
                let mut void = Vec::new();
                // Most faces are whole rectangles: look for a gap before
                // walking the face square by square.
                if t.cells.cells().contains(&Cell::Void) {
                    for fy in 0..t.height() {
                        for fx in 0..t.width() {
                            if !t.cells.cell(fx, fy).is_tile() {
                                void.push(Point {
                                    x: x + fx as i32,
                                    y: y + fy as i32,
                                });
                            }
                        }
                    }
                }
                PlacedTile {
                    id: t.id.to_string(),
                    kind: t.kind,
                    face: t.face,
                    rotation: t.rotation,
                    x,
                    y,
                    width: t.width(),
                    height: t.height(),
                    void,
                }
            })
            .collect();
        let ent = &d.layout.entrance;
        let squares = d.layout.tiles[ent.tile].entryway_squares(&ent.entryway);
        let mid = squares[(squares.len() - 1) / 2];
        let (ex, ey) = g.local(mid.0, mid.1);
        let dead_ends = d
            .layout
            .dead_ends_on(g)
            .into_iter()
            .map(|(tile, e)| {
                let sq = d.layout.tiles[tile].entryway_squares(&e)[0];
                let (x, y) = g.local(sq.0, sq.1);
                Opening {
                    tile,
                    x,
                    y,
                    side: e.side,
                    length: e.len,
                }
            })
            .collect();
        Scenario {
            format: super::FORMAT.into(),
            generator: crate::GENERATOR.into(),
            seed,
            ruleset,
            square_mm,
            size: Size {
                width: g.width,
                height: g.height,
            },
            table_offset: Point { x: g.x0, y: g.y0 },
            grid: g.rows(),
            tiles,
            connections: d.analysis.connections.clone(),
            entrance: Entrance {
                tile: ent.tile,
                x: ex,
                y: ey,
                side: ent.entryway.side,
                length: ent.entryway.len,
            },
            central_chamber: CentralChamber {
                tile: d.analysis.central_chamber,
                depth: d.analysis.central_depth,
            },
            dead_ends,
            game,
            log,
        }
    }
}
