//! One adventure from one seed: build (layout and analysis, with retries),
//! optional markers, setup by the ruleset, and the [`Scenario`] that holds it all.

use crate::build::analysis::{Analysis, steps_from};
use crate::build::layout::{self, Layout, LayoutParams};
use crate::build::{BuildError, BuiltMap, build_dungeon_with};
use crate::core::dice::{Dice, LogEntry};
use crate::mkd::mission::Mission;
use crate::mkd::scenario::{FloorOf, MkdPart, Params, Scenario};
use crate::mkd::setup::{CentralPiece, MkdAdventure, Population, SetupParams, near_centre};
use crate::rules::{RuleSystem, SetupError};
use crate::scenario::{RulesetId, Size, Spot};
use crate::tileset::{TileKind, TileSet};
use petgraph::graph::NodeIndex;
use std::borrow::Cow;

/// Everything a generation needs besides the tile set.
#[derive(Debug, Clone, PartialEq)]
pub struct GenerateParams {
    /// The master seed.
    pub seed: u64,
    /// Build parameters.
    pub layout: LayoutParams,
    /// Setup parameters.
    pub setup: SetupParams,
    /// The mission: its goal, timer and split start.
    pub mission: Mission,
    /// Multi-floor dungeons: which floor this is. Every floor but the last
    /// gets a staircase down instead of the mission's goal; a split-up start
    /// is on floor 1 only. `None` for a one-floor adventure.
    pub floor: Option<FloorOf>,
    /// Lay the optional hindering/water markers (build step 8).
    pub markers: bool,
    /// How the tile set is named in the scenario (`mkd-builder` or a file name).
    pub tileset_label: String,
    /// Keep the roll log (the scenario's `log`). Without it the scenario is
    /// the same but its log is empty, and generation is several times faster:
    /// for figures that never show the log (the index-only batch).
    pub log: bool,
}

impl Default for GenerateParams {
    fn default() -> Self {
        GenerateParams {
            seed: 1,
            layout: LayoutParams::default(),
            setup: SetupParams::default(),
            mission: Mission::QUEST,
            floor: None,
            markers: false,
            tileset_label: crate::tileset::DEFAULT_TILESET_NAME.into(),
            log: true,
        }
    }
}

/// Why no adventure could be generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The request can never succeed with this tile set, table or mission.
    #[error("{0}")]
    Impossible(String),
    /// Every attempt to build the map got stuck.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// The ruleset's setup failed.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Is there a hallway, other than the entrance's, with a square the heroes
/// can walk to from the entrance?
fn has_walkable_hallway(layout: &Layout, analysis: &Analysis) -> bool {
    let grid = layout.grid();
    (0..layout.tiles.len()).any(|i| {
        layout.tiles[i].kind == TileKind::Hallway
            && i != layout.entrance.tile
            && grid
                .squares_of(i)
                .iter()
                .any(|&(x, y)| analysis.walk_at(&grid, x, y).is_some())
    })
}

/// Generates one adventure.
pub fn generate(tileset: &TileSet, params: &GenerateParams) -> Result<Scenario, GenerateError> {
    generate_with_critical_path(tileset, params).map(|(s, _)| s)
}

/// [`generate`], with the walking distance from the entrance to the Quest
/// Chest (the index's critical path, `None` without a Quest Chest), read
/// from the analysis the build already made instead of walked again
/// (`batch --only index` needs it for every adventure).
pub fn generate_with_critical_path(
    tileset: &TileSet,
    params: &GenerateParams,
) -> Result<(Scenario, Option<u32>), GenerateError> {
    let rules = MkdAdventure::embedded();
    let split_up = split_up_here(params);
    if split_up {
        let halls = layout::stack_hallways(tileset, params.layout.sets);
        if halls < 2 && layout::check_request(tileset, &params.layout).is_ok() {
            return Err(GenerateError::Impossible(format!(
                "the split-up mission needs at least 2 hallways in the Dungeon Stack (one for each entrance), but {} set(s) of tile set `{}` draw {halls}; use more --sets or a tile set with more hallways",
                params.layout.sets, tileset.name
            )));
        }
    }
    let mut dungeon = build_dungeon_with(
        tileset,
        &params.layout,
        params.seed,
        params.log,
        |layout, analysis| {
            if split_up && !has_walkable_hallway(layout, analysis) {
                Err(
                    "no hallway but the entrance can be walked to, and the split-up mission needs one for its second entrance",
                )
            } else {
                Ok(())
            }
        },
    )?;
    let mut log = std::mem::take(&mut dungeon.log);
    let markers = if params.markers {
        let mut mdice = Dice::with_log(params.seed, "markers", params.log);
        let m = crate::mkd::markers::place_markers(&dungeon.layout, &dungeon.grid, &mut mdice);
        log.extend(mdice.into_log());
        m
    } else {
        Vec::new()
    };
    let mut sdice = Dice::with_log(params.seed, "setup", params.log);
    // Setup counts the sets laid out (copying the monster list only if the two differ).
    let setup = if params.setup.sets == params.layout.sets {
        Cow::Borrowed(&params.setup)
    } else {
        Cow::Owned(SetupParams {
            sets: params.layout.sets,
            ..params.setup.clone()
        })
    };
    let pop = rules.setup(&dungeon, (&setup, central_piece(params)), &mut sdice)?;
    log.extend(sdice.into_log());
    let second_entrance = if split_up {
        let mut mdice = Dice::with_log(params.seed, "mission", params.log);
        let spot = second_entrance(&dungeon, &markers, &mut mdice)?;
        log.extend(mdice.into_log());
        Some(spot)
    } else {
        None
    };
    let mut scenario = assemble(tileset, params, &dungeon, markers, pop, log);
    scenario.game.second_entrance = second_entrance;
    if params.mission.timed {
        let (chambers, hallways) = tile_counts(&scenario);
        scenario.game.turn_limit = Some(Mission::turn_limit(chambers, hallways));
    }
    let critical_path = scenario
        .game
        .chests
        .iter()
        .find(|c| c.quest)
        .and_then(|q| dungeon.analysis.walk_at(&dungeon.grid, q.x, q.y));
    Ok((scenario, critical_path))
}

/// What the Central Chamber holds: the mission's goal on a one-floor
/// adventure and on the last floor, a staircase down on every other floor.
pub fn central_piece(params: &GenerateParams) -> CentralPiece {
    match params.floor {
        Some(f) if f.number < f.of => CentralPiece::Staircase,
        _ => CentralPiece::Goal(params.mission.goal),
    }
}

/// Does this adventure (or floor) get the split-up mission's second
/// entrance? Only floor 1 of a multi-floor dungeon does: the heroes reach
/// the deeper floors together, by the stairs.
pub fn split_up_here(params: &GenerateParams) -> bool {
    params.mission.split_up && params.floor.is_none_or(|f| f.number == 1)
}

/// Chambers and hallways of a scenario (the timer counts them).
pub fn tile_counts(s: &Scenario) -> (u32, u32) {
    let halls = s
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count() as u32;
    (s.tiles.len() as u32 - halls, halls)
}

/// The split-up mission's second entrance: a staircase marker in the
/// hallway nearest the Central Chamber in tile steps (not the entrance
/// hallway; a roll among equally near ones), on the hallway's passable square
/// nearest its centre that holds no terrain marker and can be walked to from
/// the entrance (a roll among equally near squares). A hallway with no such
/// square (walled off, or behind blocking terrain) is passed over: heroes
/// starting there could never reach the Central Chamber.
fn second_entrance(
    d: &BuiltMap,
    markers: &[crate::mkd::scenario::Marker],
    dice: &mut Dice,
) -> Result<Spot, GenerateError> {
    let tiles = &d.layout.tiles;
    let cc = d.analysis.central_chamber;
    let steps = steps_from(&d.analysis.tile_graph, NodeIndex::new(cc));
    let g = &d.grid;
    let a = &d.analysis;
    let usable = |x: i32, y: i32| {
        a.walk_at(g, x, y).is_some() && !markers.iter().any(|m| m.x == x && m.y == y)
    };
    let halls: Vec<(usize, u32)> = (0..tiles.len())
        .filter(|&i| tiles[i].kind == TileKind::Hallway && i != d.layout.entrance.tile)
        .filter(|&i| g.squares_of(i).iter().any(|&(x, y)| usable(x, y)))
        .filter_map(|i| steps[i].map(|s| (i, s)))
        .collect();
    let Some(nearest) = halls.iter().map(|h| h.1).min() else {
        return Err(GenerateError::Impossible(
            "the split-up mission needs a second hallway the heroes can walk to from the entrance; in this dungeon every other hallway is cut off. Try another --seed or more --sets".into(),
        ));
    };
    let candidates: Vec<usize> = halls
        .iter()
        .filter(|h| h.1 == nearest)
        .map(|h| h.0)
        .collect();
    let n = candidates.len();
    let k = dice.choose_d6(
        n,
        format_args!("split-up: second entrance among the {n} hallways {nearest} tiles from the Central Chamber"),
        |k| tiles[candidates[k]].id.to_string(),
    );
    let hall = candidates[k];
    let at = near_centre(g, &d.layout, hall, usable, dice, |n, f| {
        write!(
            f,
            "centre of {} not usable; second entrance square among the {n} nearest",
            tiles[hall].id
        )
    })
    .ok_or_else(|| {
        GenerateError::Impossible(format!(
            "hallway {} has no free square reachable from the entrance for the second entrance",
            tiles[hall].id
        ))
    })?;
    dice.note(format_args!(
        "split-up: second entrance (staircase marker) on {},{} in hallway {}, {nearest} tiles from the Central Chamber",
        at.0, at.1, tiles[hall].id
    ));
    Ok(Spot {
        x: at.0,
        y: at.1,
        tile: hall,
    })
}

fn assemble(
    tileset: &TileSet,
    params: &GenerateParams,
    d: &BuiltMap,
    markers: Vec<crate::mkd::scenario::Marker>,
    pop: Population,
    log: Vec<LogEntry>,
) -> Scenario {
    let game = MkdPart {
        mission: params.mission.to_string(),
        params: Params {
            sets: params.layout.sets,
            hero_value: params.setup.hero_value,
            tileset: params.tileset_label.clone(),
            table: Size {
                width: params.layout.table.width,
                height: params.layout.table.height,
            },
            exit_dice: params.layout.exit_dice,
            difficulty: params.setup.difficulty,
            markers: params.markers,
            dressing: params.setup.dressing,
        },
        chests: pop.chests,
        wmts: pop.wmts,
        markers,
        turn_limit: None,
        prisoner: pop.prisoner,
        second_entrance: None,
        staircase: pop.staircase,
        floor: params.floor,
        pools: pop.pools,
    };
    Scenario::from_built(
        d,
        params.seed,
        RulesetId::MkdAdventure,
        tileset.square_mm,
        game,
        log,
    )
}
