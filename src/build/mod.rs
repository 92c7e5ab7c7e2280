//! Building a dungeon's map from the pieces: the layout laid tile by tile
//! and its analysis (tile and square graphs, entrance, Central Chamber).
//! No game rules live here: a game says which built maps it accepts.
//! `board/` builds the other kind of map: one fixed board of squares (a
//! skirmish table), carved from the builder's own shapes.

pub mod analysis;
pub mod board;
pub mod layout;

use crate::core::dice::{Dice, LogEntry};
use crate::tileset::TileSet;
use analysis::Analysis;
use layout::{Grid, Layout, LayoutError, LayoutParams};

/// How many BuiltMap Stacks are tried before building gives up. Each failed
/// attempt is noted in the log; the last failure is reported.
pub const MAX_BUILD_ATTEMPTS: u32 = 50;

/// Why no map could be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The request can never succeed with this tile set or table.
    #[error("{0}")]
    Impossible(String),
    /// Every attempt got stuck.
    #[error(
        "no dungeon could be built in {attempts} attempts; the last one failed because {last}. Try a larger --table, fewer --sets, or tiles with more entryways (a hallway needs two: the entrance hallway, laid last, joins by one and keeps one free)"
    )]
    NoBuild {
        /// Attempts made.
        attempts: u32,
        /// The last failure.
        last: String,
    },
}

/// A built and analysed dungeon (build steps 1–7).
#[derive(Debug, Clone)]
pub struct BuiltMap {
    /// The laid tiles and entrance.
    pub layout: Layout,
    /// Its bounding-box grid.
    pub grid: Grid,
    /// Its graphs and Central Chamber.
    pub analysis: Analysis,
    /// Rolls of the layout and analysis stages.
    pub log: Vec<LogEntry>,
}

/// Build steps 1–7: draws a stack, lays it out, analyses it and makes sure the
/// Central Chamber can be reached on foot, turning or flipping a tile in the
/// way when needed. A stuck attempt starts over with a new stack, at most
/// [`MAX_BUILD_ATTEMPTS`] times.
pub fn build_dungeon(
    tileset: &TileSet,
    params: &LayoutParams,
    seed: u64,
) -> Result<BuiltMap, BuildError> {
    build_dungeon_with(tileset, params, seed, true, |_, _| Ok(()))
}

/// [`build_dungeon`], keeping the roll log or not (`log`). A game may refuse
/// a built map with `accept` (the MKD split-up mission needs a second
/// hallway the heroes can walk to): the reason it gives is noted, and the
/// stack is drawn again, as for a stuck attempt.
pub fn build_dungeon_with(
    tileset: &TileSet,
    params: &LayoutParams,
    seed: u64,
    log: bool,
    accept: impl Fn(&Layout, &Analysis) -> Result<(), &'static str>,
) -> Result<BuiltMap, BuildError> {
    layout::check_request(tileset, params).map_err(|e| BuildError::Impossible(e.to_string()))?;
    let mut dice = Dice::with_log(seed, "layout", log);
    let mut last = String::new();
    for attempt in 1..=MAX_BUILD_ATTEMPTS {
        let mark = dice.log_len();
        let failure = match attempt_build(tileset, params, seed, &mut dice, log) {
            Ok((layout, _, analysis, _)) if let Err(why) = accept(&layout, &analysis) => {
                why.to_string()
            }
            Ok((layout, grid, analysis, alog)) => {
                let mut log = dice.into_log();
                log.extend(alog);
                return Ok(BuiltMap {
                    layout,
                    grid,
                    analysis,
                    log,
                });
            }
            Err(LayoutError::Impossible(m)) => return Err(BuildError::Impossible(m)),
            Err(e) => e.to_string(),
        };
        dice.truncate_log(mark);
        dice.note(format_args!(
            "build attempt {attempt} failed: {failure}; the stack is shuffled again"
        ));
        last = failure;
    }
    Err(BuildError::NoBuild {
        attempts: MAX_BUILD_ATTEMPTS,
        last,
    })
}

type Built = (Layout, Grid, Analysis, Vec<LogEntry>);

fn attempt_build(
    tileset: &TileSet,
    params: &LayoutParams,
    seed: u64,
    dice: &mut Dice,
    log: bool,
) -> Result<Built, LayoutError> {
    let stack = layout::dungeon_stack(tileset, params.sets, dice);
    let mut layout = layout::build(tileset, params, &stack, dice)?;
    let max_fixes = 2 * layout.tiles.len();
    // The grid and analysis of the orientation step 7 took last time round.
    // Without a roll log they are exactly what analysing the new layout
    // again would give (the same dice stream, fresh), so they are kept
    // rather than made twice; with a log the analysis is made again so its
    // rolls are written down.
    let mut taken: Option<(Grid, Analysis)> = None;
    for _ in 0..=max_fixes {
        let (grid, analysis, alog) = match taken.take() {
            Some((grid, analysis)) if !log => (grid, analysis, Vec::new()),
            _ => {
                let grid = layout.grid();
                let mut adice = Dice::with_log(seed, "analysis", log);
                let analysis = analysis::analyse(&layout, &grid, &mut adice);
                (grid, analysis, adice.into_log())
            }
        };
        let Some(blocker) = analysis.blocking_tile(&layout, &grid) else {
            return Ok((layout, grid, analysis, alog));
        };
        let path = analysis.tile_path(layout.entrance.tile, analysis.central_chamber);
        let next = path
            .iter()
            .position(|&t| t == blocker)
            .and_then(|i| path.get(i + 1))
            .copied();
        // A trial's analysis is made without a log (its rolls are the same
        // stream as the real one's); the accepted trial's is kept.
        let mut accepted: Option<Analysis> = None;
        let accept = |trial: &Layout, g: &Grid| {
            let a = analysis::analyse(trial, g, &mut Dice::quiet(seed, "analysis"));
            let ok = a.reaches_central
                || next.is_some_and(|n| {
                    g.squares_of(n)
                        .iter()
                        .any(|&(x, y)| a.walk_at(g, x, y).is_some())
                });
            if ok {
                accepted = Some(a);
            }
            ok
        };
        match layout.reorient(tileset, &grid, blocker, dice, accept) {
            Some(g) => taken = accepted.map(|a| (g, a)),
            None => {
                return Err(LayoutError::Stuck {
                    tile: layout.tiles[blocker].id.to_string(),
                    position: blocker + 1,
                    exits: 0,
                    reason:
                        "it cuts the way to the Central Chamber in every orientation that still fits"
                            .into(),
                });
            }
        }
    }
    Err(LayoutError::Stuck {
        tile: layout.tiles[0].id.to_string(),
        position: 1,
        exits: 0,
        reason: "turning tiles did not open a way to the Central Chamber".into(),
    })
}
