//! MKD Adventure setup: Chest Pool and Quest Chest, Dungeon Accessories Pool,
//! WMT Pool with the Guardian and one token per chamber, Monster Pool.

use crate::build::BuiltMap;
use crate::build::analysis::Analysis;
use crate::build::layout::{Grid, Layout};
use crate::core::dice::{Dice, Lazy};
use crate::core::geom::{Side, front_arc};
use crate::mkd::mission::Goal;
use crate::mkd::monsters::MonsterList;
use crate::mkd::play::party::Party;
use crate::mkd::play::{Game, GameOptions};
use crate::mkd::scenario::{
    Accessories, Chest, Difficulty, MkdPart, Pools, Scenario, TerrainSide, Wmt, WmtColor, WmtToken,
};
use crate::mkd::sheet::{SetupSheet, setup_sheet};
use crate::mkd::tables::Tables;
use crate::rules::{RuleSystem, RulesetId, SetupError};
use crate::scenario::Spot;
use crate::tileset::TileKind;
use serde::Deserialize;
use std::sync::Arc;

/// Setup choices shared by rule systems.
#[derive(Debug, Clone, PartialEq)]
pub struct SetupParams {
    /// Total value of the heroic teams.
    pub hero_value: u32,
    /// Number of tile sets (WMTs come six per set).
    pub sets: u32,
    /// Chest difficulty mix.
    pub difficulty: Difficulty,
    /// Add an artifact or dressing set per chamber to the accessories pool.
    pub dressing: bool,
    /// The figures available for the Monster Pool.
    pub monsters: MonsterList,
}

impl Default for SetupParams {
    fn default() -> Self {
        SetupParams {
            hero_value: 95,
            sets: 2,
            difficulty: Difficulty::Normal,
            dressing: false,
            monsters: crate::mkd::monsters::default_monsters(),
        }
    }
}

/// What the Central Chamber holds at setup: the mission's goal, or, on every
/// floor of a multi-floor dungeon but the last, the staircase down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CentralPiece {
    /// The mission's goal (quest, rescue, stealth or kidnapping).
    Goal(Goal),
    /// A staircase down to the next floor, and neither Quest Chest nor Guardian.
    Staircase,
}

impl Default for CentralPiece {
    fn default() -> Self {
        CentralPiece::Goal(Goal::Quest)
    }
}

/// What setup puts on the map and keeps aside. Squares are local grid squares.
#[derive(Debug, Clone, PartialEq)]
pub struct Population {
    /// Chests on the map.
    pub chests: Vec<Chest>,
    /// Tokens on the map.
    pub wmts: Vec<Wmt>,
    /// What is kept aside.
    pub pools: Pools,
    /// Rescue: the prisoner's square in the Central Chamber.
    pub prisoner: Option<Spot>,
    /// Upper floors: the staircase down, in the Central Chamber.
    pub staircase: Option<Spot>,
}

const DATA_YAML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/rulesets/mkd-adventure.yaml"
));

/// One row of the rules' WMT pool table: tokens per set of tiles for a hero-value band.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WmtBand {
    /// Highest hero value of the band (inclusive); `None` for the open-ended last band.
    #[serde(default)]
    pub max_hero_value: Option<u32>,
    /// Yellow tokens per set.
    pub yellow: u32,
    /// Blue tokens per set.
    pub blue: u32,
    /// Red tokens per set.
    pub red: u32,
    /// Added to every WMT reveal roll.
    pub reveal_bonus: u32,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct ChestLevels {
    easy: [u32; 6],
    normal: [u32; 6],
    hard: [u32; 6],
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct Data {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = DATA_FORMAT))]
    format: String,
    name: String,
    wmt_pool: Vec<WmtBand>,
    chest_levels: ChestLevels,
    terrain_marker_side: [TerrainSide; 6],
    furnishings: [String; 6],
}

/// The `format:` line of the embedded setup data (`templates/rulesets/`).
pub const DATA_FORMAT: &str = "tilecrawl-ruleset/1";

/// The MKD Adventure rule system, with its setup tables.
#[derive(Debug, Clone, Copy)]
pub struct MkdAdventure {
    data: &'static Data,
}

impl MkdAdventure {
    /// The rule system with its embedded tables (parsed once per process).
    pub fn embedded() -> Self {
        static DATA: std::sync::OnceLock<Data> = std::sync::OnceLock::new();
        let data = DATA.get_or_init(|| {
            let data: Data = yaml_serde::from_str(DATA_YAML)
                .expect("the embedded ruleset data is checked by the tests");
            debug_assert_eq!(data.format, DATA_FORMAT);
            debug_assert_eq!(data.name, "mkd-adventure");
            data
        });
        MkdAdventure { data }
    }

    /// The WMT pool band for a total hero value.
    pub fn band(&self, hero_value: u32) -> &WmtBand {
        self.data
            .wmt_pool
            .iter()
            .find(|b| b.max_hero_value.is_none_or(|m| hero_value <= m))
            .unwrap_or_else(|| self.data.wmt_pool.last().expect("table has rows"))
    }

    /// What the Guardian adds to its reveal roll: 2 for every full 100 hero
    /// points over 100 (counted at the start of the adventure).
    pub fn guardian_bonus(hero_value: u32) -> u32 {
        2 * (hero_value.saturating_sub(100) / 100)
    }
}

impl RuleSystem for MkdAdventure {
    type Part = MkdPart;
    type Built = BuiltMap;
    type Options<'a> = (&'a SetupParams, CentralPiece);
    type Setup = Population;
    type Sheet = SetupSheet;
    type PlayOptions = (Arc<Party>, Arc<Tables>, GameOptions);
    type Game = Game;

    fn id(&self) -> RulesetId {
        RulesetId::MkdAdventure
    }

    fn sheet(&self, scenario: &Scenario) -> SetupSheet {
        setup_sheet(scenario)
    }

    fn new_game(
        &self,
        scenario: Arc<Scenario>,
        (party, tables, options): (Arc<Party>, Arc<Tables>, GameOptions),
    ) -> Game {
        Game::new(scenario, party, tables, options)
    }

    fn setup(
        &self,
        built: &BuiltMap,
        (params, centre): (&SetupParams, CentralPiece),
        dice: &mut Dice,
    ) -> Result<Population, SetupError> {
        let BuiltMap {
            layout,
            grid,
            analysis,
            ..
        } = built;
        let tiles = &layout.tiles;
        let chambers: Vec<usize> = (0..tiles.len())
            .filter(|&i| tiles[i].kind == TileKind::Chamber)
            .collect();
        let hallways: Vec<usize> = (0..tiles.len())
            .filter(|&i| tiles[i].kind == TileKind::Hallway)
            .collect();

        // --- Setup Treasure Chests: one chest per chamber, levels by d6.
        let table = match params.difficulty {
            Difficulty::Easy => self.data.chest_levels.easy,
            Difficulty::Normal => self.data.chest_levels.normal,
            Difficulty::Hard => self.data.chest_levels.hard,
        };
        let mut chest_pool: Vec<u32> = Vec::with_capacity(chambers.len());
        for &c in &chambers {
            let r = dice.d6("");
            let level = table[(r - 1) as usize];
            rename_last(
                dice,
                format_args!(
                    "Chest Pool: chest for chamber {} ({} difficulty): level {level}",
                    tiles[c].id,
                    params.difficulty.name()
                ),
            );
            chest_pool.push(level);
        }
        let cc = analysis.central_chamber;
        let free = |occ: &Vec<(i32, i32)>, x: i32, y: i32| {
            grid.cell(x, y).passable() && !occ.contains(&(x, y))
        };
        let mut occupied: Vec<(i32, i32)> = Vec::new();
        let mut chests = Vec::new();
        // Where the Quest Chest stands (and faces), when there is one.
        let mut quest_at: Option<((i32, i32), Side)> = None;
        // The square the piece that replaces the Quest Chest stands on.
        let mut piece_at: Option<(i32, i32)> = None;
        let mut staircase = None;
        match centre {
            CentralPiece::Goal(goal) if goal.has_quest_chest() => {
                let n = chest_pool.len();
                let k = dice.choose_then(n, |k| {
                    format!(
                        "Quest Chest drawn from the {n} chests of the pool: level {}",
                        chest_pool[k]
                    )
                });
                let quest_level = chest_pool.remove(k);
                let (chest_at, facing) =
                    quest_chest_square(grid, analysis, cc, "Quest Chest", dice)?;
                occupied.push(chest_at);
                quest_at = Some((chest_at, facing));
                chests.push(Chest {
                    x: chest_at.0,
                    y: chest_at.1,
                    facing,
                    level: quest_level,
                    quest: true,
                    tile: cc,
                });
            }
            CentralPiece::Goal(goal) => {
                // Rescue and kidnapping: no Quest Chest. The prisoner (or the
                // kidnapping Guardian) stands where the chest would have.
                dice.note(format_args!(
                    "no Quest Chest ({} mission): all {} chests stay in the Chest Pool",
                    goal.name(),
                    chest_pool.len()
                ));
                let label = if goal == Goal::Rescue {
                    "prisoner"
                } else {
                    "Guardian WMT"
                };
                let (at, _) = quest_chest_square(grid, analysis, cc, label, dice)?;
                occupied.push(at);
                piece_at = Some(at);
            }
            CentralPiece::Staircase => {
                dice.note(format_args!(
                    "no Quest Chest on a floor with stairs down: all {} chests stay in the Chest Pool",
                    chest_pool.len()
                ));
                let at = near_centre(
                    grid,
                    layout,
                    cc,
                    |_, _| true,
                    dice,
                    |n, f| {
                        write!(
                            f,
                            "centre of {} taken; staircase square among the {n} nearest",
                            tiles[cc].id
                        )
                    },
                )
                .ok_or_else(|| {
                    SetupError(format!(
                        "the Central Chamber {} has no free passable square for the staircase",
                        tiles[cc].id
                    ))
                })?;
                dice.note(format_args!(
                    "staircase down on {},{} in the Central Chamber {}",
                    at.0, at.1, tiles[cc].id
                ));
                occupied.push(at);
                staircase = Some(Spot {
                    x: at.0,
                    y: at.1,
                    tile: cc,
                });
            }
        }

        // --- Dungeon Accessories Pool.
        let mut terrain_markers = Vec::with_capacity(hallways.len());
        for &h in &hallways {
            let r = dice.d6("");
            let side = self.data.terrain_marker_side[(r - 1) as usize];
            rename_last(
                dice,
                format_args!(
                    "Accessories: terrain marker for hallway {}: {} side",
                    tiles[h].id,
                    match side {
                        TerrainSide::Obstacle => "obstacle",
                        TerrainSide::Special => "special",
                    }
                ),
            );
            terrain_markers.push(side);
        }
        let mut furnishings = Vec::new();
        if params.dressing {
            for &c in &chambers {
                let r = dice.d6("");
                let f = self.data.furnishings[(r - 1) as usize].clone();
                rename_last(
                    dice,
                    format_args!("Accessories: for chamber {}: {f}", tiles[c].id),
                );
                furnishings.push(f);
            }
        }
        let accessories = Accessories {
            doors: hallways.len() as u32,
            terrain_markers,
            furnishings,
        };

        // --- WMT Pool: six tokens per set, colours by hero value.
        let band = self.band(params.hero_value).clone();
        let mut pool: Vec<WmtToken> = Vec::new();
        for (color, per_set) in [
            (WmtColor::Yellow, band.yellow),
            (WmtColor::Blue, band.blue),
            (WmtColor::Red, band.red),
        ] {
            for i in 0..per_set * params.sets {
                let number = dice.d6(format_args!("number of {} WMT {}", color.name(), i + 1));
                pool.push(WmtToken { color, number });
            }
        }
        dice.note(format_args!(
            "WMT Pool for hero value {}: {} yellow, {} blue, {} red ({} per set × {} sets), +{} to every reveal",
            params.hero_value,
            band.yellow * params.sets,
            band.blue * params.sets,
            band.red * params.sets,
            band.yellow + band.blue + band.red,
            params.sets,
            band.reveal_bonus
        ));

        let mut wmts = Vec::new();
        let mut set_aside = None;
        let mut prisoner = None;
        let guardian_wanted = match centre {
            CentralPiece::Goal(g) => g != Goal::Stealth,
            CentralPiece::Staircase => false,
        };
        if !guardian_wanted {
            let why = match centre {
                CentralPiece::Staircase => "a floor with stairs down",
                CentralPiece::Goal(_) => "stealth mission",
            };
            dice.note(format_args!(
                "no Guardian WMT ({why}): every token stays in the WMT Pool"
            ));
        } else {
            // The Guardian WMT: the highest colour in the pool, in the Quest Chest's front arc.
            let top = pool
                .iter()
                .map(|t| t.color)
                .max()
                .ok_or_else(|| SetupError("the WMT pool is empty".into()))?;
            let highest: Vec<usize> = (0..pool.len()).filter(|&i| pool[i].color == top).collect();
            let g = dice.choose_then(highest.len(), |k| {
                format!(
                    "Guardian WMT among the {} {} tokens: {} {}",
                    highest.len(),
                    top.name(),
                    top.name(),
                    pool[highest[k]].number
                )
            });
            let guardian = pool.remove(highest[g]);
            if let Some(at) = piece_at {
                if centre == CentralPiece::Goal(Goal::Rescue) {
                    dice.note(format_args!(
                    "rescue: the Guardian WMT ({} {}) is set aside; it is revealed at the entrance when the prisoner is freed",
                    guardian.color.name(),
                    guardian.number
                ));
                    set_aside = Some(guardian);
                    prisoner = Some(Spot {
                        x: at.0,
                        y: at.1,
                        tile: cc,
                    });
                } else {
                    dice.note(format_args!(
                        "kidnapping: the Guardian WMT ({} {}) on {},{}; it wanders like the others",
                        guardian.color.name(),
                        guardian.number,
                        at.0,
                        at.1
                    ));
                    wmts.push(Wmt {
                        x: at.0,
                        y: at.1,
                        color: guardian.color,
                        number: guardian.number,
                        guardian: true,
                        tile: cc,
                    });
                }
            } else {
                let (chest_at, facing) =
                    quest_at.expect("a quest chest when the guardian guards one");
                // The arc only matters inside the Central Chamber: reach across it.
                let reach = tiles[cc].width().max(tiles[cc].height()) as i32;
                let arc: Vec<(i32, i32, i32, i32)> =
                    front_arc(chest_at.0, chest_at.1, facing, reach)
                        .into_iter()
                        .filter(|&(x, y, _, _)| {
                            grid.owner(x, y) == Some(cc) && free(&occupied, x, y)
                        })
                        .collect();
                let Some(&(_, _, k0, o0)) = arc.first() else {
                    return Err(SetupError(format!(
                        "no free passable square of the Central Chamber {} lies in the Quest Chest's front arc",
                        tiles[cc].id
                    )));
                };
                let nearest: Vec<(i32, i32)> = arc
                    .iter()
                    .filter(|a| a.2 == k0 && a.3 == o0)
                    .map(|a| (a.0, a.1))
                    .collect();
                let gi = dice.choose_then(nearest.len(), |k| {
                    format!(
                        "Guardian square among {} equally near in the front arc: {},{}",
                        nearest.len(),
                        nearest[k].0,
                        nearest[k].1
                    )
                });
                let gsq = nearest[gi];
                occupied.push(gsq);
                wmts.push(Wmt {
                    x: gsq.0,
                    y: gsq.1,
                    color: guardian.color,
                    number: guardian.number,
                    guardian: true,
                    tile: cc,
                });
            }
        }

        // One random WMT on the centre square of every chamber.
        for &c in &chambers {
            if pool.is_empty() {
                return Err(SetupError(format!(
                    "the WMT pool ran out before chamber {}",
                    tiles[c].id
                )));
            }
            let t = &tiles[c];
            let k = dice.choose_then(pool.len(), |k| {
                format!(
                    "WMT for chamber {} from the {} in the pool: {} {}",
                    t.id,
                    pool.len(),
                    pool[k].color.name(),
                    pool[k].number
                )
            });
            let token = pool.remove(k);
            let placed = near_centre(
                grid,
                layout,
                c,
                |x, y| !occupied.contains(&(x, y)),
                dice,
                |n, f| {
                    write!(
                        f,
                        "centre of {} taken; WMT square among the {n} nearest",
                        t.id
                    )
                },
            );
            let Some(sq) = placed else {
                return Err(SetupError(format!(
                    "chamber {} has no free passable square for its WMT",
                    t.id
                )));
            };
            occupied.push(sq);
            wmts.push(Wmt {
                x: sq.0,
                y: sq.1,
                color: token.color,
                number: token.number,
                guardian: false,
                tile: c,
            });
        }

        // --- Monster Pool: the whole list given.
        let monsters = params.monsters.monsters.clone();
        dice.note(format_args!(
            "Monster Pool: {} figures of {} kinds from \"{}\"",
            monsters.iter().map(|m| m.count).sum::<u32>(),
            monsters.len(),
            params.monsters.name
        ));

        Ok(Population {
            chests,
            wmts,
            pools: Pools {
                chests: chest_pool,
                wmts: pool,
                wmt_reveal_bonus: band.reveal_bonus,
                guardian_reveal_bonus: Self::guardian_bonus(params.hero_value),
                guardian: set_aside,
                accessories,
                monsters,
            },
            prisoner,
            staircase,
        })
    }
}

fn rename_last(dice: &mut Dice, purpose: impl std::fmt::Display) {
    dice.set_last_purpose(purpose);
}

/// The passable square of tile `c` nearest its centre square that `ok`
/// accepts: the centre itself, else the nearest ring around it (a roll among
/// the ring's squares, `what` writing what the roll among `n` is for).
/// `None` when there is none.
pub(crate) fn near_centre(
    grid: &Grid,
    layout: &Layout,
    c: usize,
    ok: impl Fn(i32, i32) -> bool,
    dice: &mut Dice,
    what: impl Fn(usize, &mut std::fmt::Formatter<'_>) -> std::fmt::Result,
) -> Option<(i32, i32)> {
    let t = &layout.tiles[c];
    let (cx, cy) = grid.local(
        t.x + (t.width() as i32 - 1) / 2,
        t.y + (t.height() as i32 - 1) / 2,
    );
    // Rings of squares around the centre (a ring's squares are `r` from it,
    // counting diagonals as one), walked outwards; each ring's squares are
    // read in row-major order, the order of the tile's squares. Only the
    // rings up to the first that holds a square are looked at: nearly
    // always the centre or the ring around it.
    let reach = t.width().max(t.height()) as i32;
    let mut ring_squares: Vec<(i32, i32)> = Vec::new();
    for r in 0..=reach {
        for y in cy - r..=cy + r {
            // The ring's top and bottom rows are whole; between them, only
            // its two ends.
            let step = if (y - cy).abs() == r { 1 } else { 2 * r };
            for x in (cx - r..=cx + r).step_by(step as usize) {
                if grid.owner(x, y) == Some(c) && grid.cell(x, y).passable() && ok(x, y) {
                    ring_squares.push((x, y));
                }
            }
        }
        if !ring_squares.is_empty() {
            break;
        }
    }
    let n = ring_squares.len();
    if n == 0 {
        return None;
    }
    let i = dice.choose_d6(n, Lazy(|f: &mut std::fmt::Formatter<'_>| what(n, f)), |k| {
        format!("{},{}", ring_squares[k].0, ring_squares[k].1)
    });
    Some(ring_squares[i])
}

/// The Quest Chest's square and facing: the square of the Central Chamber
/// farthest from the entrance on foot (a roll among equals), facing the way
/// back towards the entrance (a step back along the walk where there is one).
/// Legal means the square in front of the chest is passable and inside the
/// chamber, so the chest can be opened and the Guardian fits in its front
/// arc; a square with no legal facing is passed over for the next farthest
/// (the rules' "move or rotate the chest to make it legal").
fn quest_chest_square(
    grid: &Grid,
    analysis: &Analysis,
    cc: usize,
    label: &str,
    dice: &mut Dice,
) -> Result<((i32, i32), Side), SetupError> {
    let mut by_dist: Vec<((i32, i32), u32)> = grid
        .squares_of(cc)
        .iter()
        .filter_map(|&(x, y)| analysis.walk_at(grid, x, y).map(|d| ((x, y), d)))
        .collect();
    by_dist.sort_by_key(|&(sq, d)| (std::cmp::Reverse(d), sq.1, sq.0));
    let (ex, ey) = analysis.entrance_squares.first().copied().unwrap_or((0, 0));
    // Legal facings: the square in front is passable and in the chamber.
    // Preferred: a step back along the walk, then the one most in line with
    // the entrance, then N, E, S, W order.
    let facing_of = |(x, y): (i32, i32), d: u32| -> Option<Side> {
        Side::ALL
            .into_iter()
            .filter(|s| {
                let (dx, dy) = s.delta();
                grid.owner(x + dx, y + dy) == Some(cc) && grid.cell(x + dx, y + dy).passable()
            })
            .max_by_key(|s| {
                let (dx, dy) = s.delta();
                let back = d > 0 && analysis.walk_at(grid, x + dx, y + dy) == Some(d - 1);
                (back, dx * (ex - x) + dy * (ey - y), std::cmp::Reverse(*s))
            })
    };
    let mut i = 0;
    while i < by_dist.len() {
        let d = by_dist[i].1;
        let group: Vec<((i32, i32), Side)> = by_dist[i..]
            .iter()
            .take_while(|e| e.1 == d)
            .filter_map(|&(sq, d)| facing_of(sq, d).map(|f| (sq, f)))
            .collect();
        if !group.is_empty() {
            let n = group.len();
            let k = dice.choose_d6(
                n,
                format_args!("{label} square among {n} equally far ({d} steps) from the entrance"),
                |k| format!("{},{}", group[k].0.0, group[k].0.1),
            );
            if group.len() == 1 && label == "Quest Chest" {
                dice.note(format_args!(
                    "Quest Chest on {},{}, {d} steps from the entrance, facing {}",
                    group[0].0.0,
                    group[0].0.1,
                    group[0].1.name()
                ));
            } else if group.len() == 1 {
                dice.note(format_args!(
                    "{label} on {},{}, {d} steps from the entrance",
                    group[0].0.0, group[0].0.1
                ));
            }
            return Ok(group[k]);
        }
        i += by_dist[i..].iter().take_while(|e| e.1 == d).count();
    }
    Err(SetupError(format!(
        "the Central Chamber has no square reachable from the entrance for the {label}"
    )))
}

/// The JSON Schema of the MKD Adventure setup data file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Data)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A caller that knows no game: what the shared stages do with a rule
    /// system, through the trait alone.
    fn through_the_seam<R: RuleSystem>(
        system: &R,
        scenario: Arc<crate::scenario::Scenario<R::Part>>,
        play: R::PlayOptions,
    ) -> (RulesetId, R::Sheet, R::Game) {
        (
            system.id(),
            system.sheet(&scenario),
            system.new_game(scenario, play),
        )
    }

    #[test]
    fn the_seam_gives_what_the_game_gives_directly() {
        use crate::mkd::play::{CombatMode, testkit};
        use crate::scenario::GamePart;
        let s = testkit::scenario(Vec::new());
        let opts = GameOptions {
            seed: 4,
            combat: CombatMode::Dice,
        };
        let party = Arc::new(testkit::party());
        let tables = Arc::new(crate::mkd::tables::default_tables());
        let (id, sheet, game) = through_the_seam(
            &MkdAdventure::embedded(),
            Arc::new(s.clone()),
            (party.clone(), tables.clone(), opts),
        );
        // The system's id is the one its scenarios are written with.
        assert_eq!(id, RulesetId::MkdAdventure);
        assert_eq!(id, <MkdPart as GamePart>::RULESET);
        assert_eq!(id, s.ruleset);
        assert_eq!(sheet, setup_sheet(&s));
        assert_eq!(sheet.ruleset, id);
        let direct = Game::new(Arc::new(s), party, tables, opts);
        assert_eq!(game.intro(), direct.intro());
        assert_eq!(game.opts, opts);
    }

    #[test]
    fn wmt_bands_follow_the_rules_table() {
        let r = MkdAdventure::embedded();
        // (hero value, yellow, blue, red, bonus) per the MKD Adventure table.
        let expected = [
            (0, 6, 0, 0, 0),
            (50, 6, 0, 0, 0),
            (51, 3, 2, 1, 0),
            (95, 3, 2, 1, 0),
            (100, 3, 2, 1, 0),
            (101, 1, 2, 3, 0),
            (150, 1, 2, 3, 0),
            (151, 0, 2, 4, 0),
            (201, 0, 1, 5, 0),
            (251, 0, 0, 6, 0),
            (300, 0, 0, 6, 0),
            (301, 0, 0, 6, 1),
            (351, 0, 0, 6, 2),
            (450, 0, 0, 6, 3),
            (451, 0, 0, 6, 4),
            (550, 0, 0, 6, 5),
            (600, 0, 0, 6, 6),
            (601, 0, 0, 6, 7),
            (700, 0, 0, 6, 8),
            (750, 0, 0, 6, 9),
            (751, 0, 0, 6, 10),
            (5000, 0, 0, 6, 10),
        ];
        for (hv, y, b, red, bonus) in expected {
            let band = r.band(hv);
            assert_eq!(
                (band.yellow, band.blue, band.red, band.reveal_bonus),
                (y, b, red, bonus),
                "hero value {hv}"
            );
        }
    }

    #[test]
    fn guardian_bonus_is_two_per_hundred_over_one_hundred() {
        assert_eq!(MkdAdventure::guardian_bonus(95), 0);
        assert_eq!(MkdAdventure::guardian_bonus(199), 0);
        assert_eq!(MkdAdventure::guardian_bonus(200), 2);
        assert_eq!(MkdAdventure::guardian_bonus(330), 4);
    }

    /// `near_centre` as the rules say it, square by square: the usable
    /// squares of the tile at the least ring distance from its centre, in
    /// the tile's square order.
    fn near_centre_by_definition(
        grid: &Grid,
        layout: &Layout,
        c: usize,
        ok: impl Fn(i32, i32) -> bool,
        dice: &mut Dice,
    ) -> Option<(i32, i32)> {
        let t = &layout.tiles[c];
        let (cx, cy) = grid.local(
            t.x + (t.width() as i32 - 1) / 2,
            t.y + (t.height() as i32 - 1) / 2,
        );
        let ring = |&(x, y): &(i32, i32)| (x - cx).abs().max((y - cy).abs());
        let usable: Vec<(i32, i32)> = grid
            .squares_of(c)
            .iter()
            .copied()
            .filter(|&(x, y)| grid.cell(x, y).passable() && ok(x, y))
            .collect();
        let nearest = usable.iter().map(ring).min()?;
        let ring_squares: Vec<(i32, i32)> =
            usable.into_iter().filter(|s| ring(s) == nearest).collect();
        let k = dice.choose_d6(ring_squares.len(), "square", |_| String::new());
        Some(ring_squares[k])
    }

    #[test]
    fn near_centre_walks_rings_outwards_to_the_squares_the_definition_gives() {
        let tileset = crate::tileset::default_tileset();
        let mut checked = 0;
        for seed in 0..60 {
            for sets in [1, 2, 3] {
                let params = crate::build::layout::LayoutParams {
                    sets,
                    ..Default::default()
                };
                let Ok(d) = crate::build::build_dungeon(&tileset, &params, seed) else {
                    continue;
                };
                // Every square will do; a chequerboard; a chequerboard of
                // 3 × 3 blocks (often ruling out the centre and the ring
                // round it); nothing.
                let cases: [&dyn Fn(i32, i32) -> bool; 4] = [
                    &|_, _| true,
                    &|x, y| (x + y) % 2 == 0,
                    &|x, y| (x / 3 + y / 3) % 2 == 0,
                    &|_, _| false,
                ];
                for c in 0..d.layout.tiles.len() {
                    for ok in cases {
                        let mut a = Dice::quiet(seed, "test");
                        let mut b = Dice::quiet(seed, "test");
                        let fast = near_centre(&d.grid, &d.layout, c, ok, &mut a, |_, _| Ok(()));
                        let slow = near_centre_by_definition(&d.grid, &d.layout, c, ok, &mut b);
                        assert_eq!(fast, slow, "seed {seed}, {sets} sets, tile {c}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 2000, "only {checked} cases");
    }
}
