//! Building a multi-floor dungeon: how many floors and sets (fixed or a
//! logged d6), one adventure per floor from its own seed, and the
//! `dungeon.yaml` that links them.
//!
//! ```text
//!  floor 1 (master seed)     floor 2 (floor_seed(seed, 2))    floor 3 (last)
//!  entrance ─▶ … ─▶ stairs ═▶ entrance ─▶ … ─▶ stairs ═▶ entrance ─▶ … ─▶ Quest Chest
//! ```

use super::{DUNGEON_FORMAT, DungeonFile, FloorEntry, MAX_FLOORS, StairLink};
use crate::build::layout::{self, MAX_SETS};
use crate::core::dice::Dice;
use crate::core::dice::floor_seed;
use crate::mkd::generate::{GenerateError, GenerateParams, generate};
use crate::mkd::scenario::{FloorOf, Scenario};
use crate::tileset::TileSet;
use std::fmt;
use std::path::Path;

/// A number given on the command line, or `d6` for a logged roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// This many.
    Fixed(u32),
    /// Roll 1d6.
    D6,
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Fixed(n) => write!(f, "{n}"),
            Count::D6 => f.write_str("d6"),
        }
    }
}

impl std::str::FromStr for Count {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("d6") || t.eq_ignore_ascii_case("1d6") {
            return Ok(Count::D6);
        }
        t.parse::<u32>()
            .map(Count::Fixed)
            .map_err(|_| format!("`{s}` is not a number or `d6`"))
    }
}

/// How the floors are chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FloorsParams {
    /// How many floors (1 to [`MAX_FLOORS`], or a d6).
    pub floors: Count,
    /// Tile sets per floor; `None` takes the generation's own `sets`. A `d6`
    /// is rolled once for every floor, all before any floor is built; a roll
    /// higher than the tile set (or table) can supply is lowered to the most
    /// it can, with a note in the log.
    pub sets_per_floor: Option<Count>,
}

impl Default for FloorsParams {
    fn default() -> Self {
        FloorsParams {
            floors: Count::Fixed(1),
            sets_per_floor: None,
        }
    }
}

/// A built multi-floor dungeon: the `dungeon.yaml` and each floor's scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct BuiltDungeon {
    /// What `dungeon.yaml` holds.
    pub file: DungeonFile,
    /// Floor 1 first.
    pub floors: Vec<Scenario>,
}

/// Why a multi-floor dungeon was not built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FloorsError {
    /// The request is out of range (checked before any floor is built).
    #[error("{0}")]
    Request(String),
    /// One floor could not be generated.
    #[error("floor {floor} (seed {seed}): {error}")]
    Floor {
        /// The floor number.
        floor: u32,
        /// Its seed.
        seed: u64,
        /// Why.
        error: GenerateError,
    },
}

/// The folder of floor `number`, relative to `dungeon.yaml`.
pub fn floor_dir(number: u32) -> String {
    format!("floor-{number}")
}

/// Builds every floor. Floor `k` uses [`floor_seed`]`(seed, k)` and the same
/// parameters and starting hero value as the others; every floor but the
/// last has a staircase down in its Central Chamber (the chamber the most
/// tiles from its entrance) and neither Quest Chest nor Guardian; the last
/// holds the mission's goal. A split-up start is on floor 1 only; a timed
/// mission gives each floor its own limit, and the dungeon the sum.
///
/// The counts are rolled (when `d6`) and checked before anything is built.
pub fn build_floors(
    tileset: &TileSet,
    base: &GenerateParams,
    fp: &FloorsParams,
) -> Result<BuiltDungeon, FloorsError> {
    let mut dice = Dice::with_log(base.seed, "floors", true);
    let floors = match fp.floors {
        Count::Fixed(n) => n,
        Count::D6 => dice.d6("number of floors"),
    };
    if floors == 0 || floors > MAX_FLOORS {
        return Err(FloorsError::Request(format!(
            "--floors is {floors}; expected 1 to {MAX_FLOORS} (or d6)"
        )));
    }
    let mut sets = Vec::with_capacity(floors as usize);
    for k in 1..=floors {
        let n = match fp.sets_per_floor {
            None => base.layout.sets,
            Some(Count::Fixed(n)) => n,
            Some(Count::D6) => {
                let rolled = dice.d6(format_args!("tile sets on floor {k}"));
                // A roll the tile collection cannot supply is lowered to the
                // most sets it can (the check below names the limits).
                let mut n = rolled;
                while n > 1 && layout::check_request(tileset, &with_sets(&base.layout, n)).is_err()
                {
                    n -= 1;
                }
                if n < rolled {
                    dice.note(format_args!(
                        "floor {k}: {rolled} sets rolled, but tile set \"{}\" and the table hold at most {n}: {n} sets",
                        tileset.name
                    ));
                }
                n
            }
        };
        if n == 0 || n > MAX_SETS {
            return Err(FloorsError::Request(format!(
                "--sets-per-floor is {n}; expected 1 to {MAX_SETS} (or d6)"
            )));
        }
        sets.push(n);
    }
    // Every distinct size is checked against the tile set and table first.
    let mut checked: Vec<u32> = Vec::new();
    for &n in &sets {
        if checked.contains(&n) {
            continue;
        }
        layout::check_request(tileset, &with_sets(&base.layout, n))
            .map_err(|e| FloorsError::Request(e.to_string()))?;
        checked.push(n);
    }
    dice.note(format_args!(
        "{floors} floor(s) of {} tile set(s)",
        sets.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    ));

    let mut scenarios = Vec::with_capacity(floors as usize);
    let mut entries = Vec::with_capacity(floors as usize);
    for k in 1..=floors {
        let seed = floor_seed(base.seed, k);
        let n = sets[(k - 1) as usize];
        let mut params = base.clone();
        params.seed = seed;
        params.layout.sets = n;
        params.setup.sets = n;
        params.floor = Some(FloorOf {
            number: k,
            of: floors,
        });
        let s = generate(tileset, &params).map_err(|error| FloorsError::Floor {
            floor: k,
            seed,
            error,
        })?;
        let stairs = if k < floors {
            let at = s.game.staircase.ok_or_else(|| FloorsError::Floor {
                floor: k,
                seed,
                error: GenerateError::Impossible("no staircase was placed".into()),
            })?;
            Some(StairLink {
                at,
                to_floor: k + 1,
            })
        } else {
            None
        };
        entries.push(FloorEntry {
            number: k,
            seed,
            sets: n,
            scenario: format!("{}/scenario.yaml", floor_dir(k)),
            stairs,
        });
        scenarios.push(s);
    }
    let turn_limit = if base.mission.timed {
        Some(scenarios.iter().filter_map(|s| s.game.turn_limit).sum())
    } else {
        None
    };
    Ok(BuiltDungeon {
        file: DungeonFile {
            format: DUNGEON_FORMAT.into(),
            generator: crate::GENERATOR.into(),
            seed: base.seed,
            mission: base.mission.to_string(),
            turn_limit,
            floors: entries,
            log: dice.into_log(),
        },
        floors: scenarios,
    })
}

fn with_sets(lp: &layout::LayoutParams, sets: u32) -> layout::LayoutParams {
    layout::LayoutParams { sets, ..lp.clone() }
}

/// The YAML text of a `dungeon.yaml`, laid out as `scenario.yaml` is (small
/// records on one line; see [`crate::core::yaml_emit`]).
pub fn dungeon_yaml(d: &DungeonFile) -> String {
    // Strings, numbers, lists and records only (no tags): always written.
    crate::core::yaml_emit::to_string(d, &crate::core::yaml_emit::DocStyle::default())
        .expect("a dungeon file always serialises")
}

/// Writes a `dungeon.yaml` atomically (a temporary name, then a rename).
pub fn write_dungeon_yaml(path: &Path, d: &DungeonFile) -> std::io::Result<()> {
    crate::core::fs::write_atomic(path, dungeon_yaml(d).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::mission::{Goal, Mission};
    use crate::tileset::TileKind;

    fn tileset() -> TileSet {
        crate::tileset::default_tileset()
    }

    #[test]
    fn counts_parse_numbers_and_d6() {
        assert_eq!("3".parse::<Count>(), Ok(Count::Fixed(3)));
        assert_eq!("D6".parse::<Count>(), Ok(Count::D6));
        assert!("three".parse::<Count>().is_err());
        assert_eq!(Count::D6.to_string(), "d6");
    }

    #[test]
    fn three_floors_link_down_and_only_the_last_holds_the_goal() {
        let base = GenerateParams {
            seed: 11,
            mission: Mission {
                goal: Goal::Quest,
                timed: true,
                split_up: false,
            },
            ..GenerateParams::default()
        };
        let fp = FloorsParams {
            floors: Count::Fixed(3),
            sets_per_floor: Some(Count::Fixed(1)),
        };
        let d = build_floors(&tileset(), &base, &fp).unwrap();
        assert_eq!(d.floors.len(), 3);
        for (i, (s, e)) in d.floors.iter().zip(&d.file.floors).enumerate() {
            let k = i as u32 + 1;
            assert_eq!(s.game.floor, Some(FloorOf { number: k, of: 3 }));
            assert_eq!(e.seed, floor_seed(11, k));
            assert_eq!(s.seed, e.seed);
            assert_eq!(s.game.params.sets, 1);
            if k < 3 {
                let st = s.game.staircase.unwrap();
                assert_eq!(st.tile, s.central_chamber.tile);
                assert_eq!(
                    e.stairs,
                    Some(StairLink {
                        at: st,
                        to_floor: k + 1
                    })
                );
                assert!(s.game.chests.iter().all(|c| !c.quest));
                assert!(s.game.wmts.iter().all(|w| !w.guardian));
            } else {
                assert_eq!(s.game.staircase, None);
                assert_eq!(e.stairs, None);
                assert!(s.game.chests.iter().any(|c| c.quest));
                assert!(s.game.wmts.iter().any(|w| w.guardian));
            }
            let halls = s
                .tiles
                .iter()
                .filter(|t| t.kind == TileKind::Hallway)
                .count() as u32;
            let chambers = s.tiles.len() as u32 - halls;
            assert_eq!(s.game.turn_limit, Some(3 * chambers + halls));
        }
        let sum: u32 = d.floors.iter().map(|s| s.game.turn_limit.unwrap()).sum();
        assert_eq!(d.file.turn_limit, Some(sum));
    }

    #[test]
    fn rolled_counts_are_logged_and_ranges_are_checked_first() {
        let base = GenerateParams {
            seed: 5,
            ..GenerateParams::default()
        };
        let fp = FloorsParams {
            floors: Count::D6,
            sets_per_floor: Some(Count::D6),
        };
        let d = build_floors(&tileset(), &base, &fp).unwrap();
        let rolls: Vec<_> = d.file.log.iter().filter(|l| l.roll == "1d6").collect();
        assert_eq!(rolls[0].purpose, "number of floors");
        assert_eq!(rolls[0].result as usize, d.floors.len());
        assert_eq!(rolls.len(), 1 + d.floors.len());
        for (r, e) in rolls[1..].iter().zip(&d.file.floors) {
            // The default set holds at most 4 sets of tiles.
            assert_eq!(r.result.min(4), e.sets);
        }
        for bad in [0, MAX_FLOORS + 1] {
            let fp = FloorsParams {
                floors: Count::Fixed(bad),
                sets_per_floor: None,
            };
            let e = build_floors(&tileset(), &base, &fp).unwrap_err();
            assert!(
                matches!(e, FloorsError::Request(ref m) if m.contains("--floors")),
                "{e}"
            );
        }
        let fp = FloorsParams {
            floors: Count::Fixed(2),
            sets_per_floor: Some(Count::Fixed(9)),
        };
        let e = build_floors(&tileset(), &base, &fp).unwrap_err();
        assert!(matches!(e, FloorsError::Request(_)), "{e}");
    }
}
