//! Setting a board up for one of the six scenarios: the counters, then the
//! deployment zones, each by the rules of [`super::rules`]; and
//! [`generate`], one scenario from one seed.

use super::part::{
    Chosen, CounterKind, CounterRecord, DddParams, DddPart, DddScenario, DoorRecord, ExitRecord,
    ZoneRecord, fair_symmetry,
};
use super::rules::{self, Rule};
use super::scenarios::ScenarioKind;
use super::sheet::{DddSheet, sheet};
use crate::build::board::{
    self, Board, BoardError, BoardParams, DoorKind, PASS_OPEN, Symmetry, Walker,
};
use crate::core::dice::Dice;
use crate::core::geom::{Point, chebyshev};
use crate::rules::{RuleSystem, RulesetId, SetupError};
use crate::scenario::Scenario;
use std::convert::Infallible;
use std::sync::Arc;

/// Dungeons Dark & Dangerous as a [`RuleSystem`]: setup of a built board
/// for one scenario and its game master's sheet. Play is not implemented
/// yet (the engine for the other war-party is a later step), so a game
/// cannot be started: its options are [`Infallible`].
#[derive(Debug, Clone, Copy, Default)]
pub struct DdAndD;

/// What setup puts on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The deployment zones, in the order of [`rules::zone_names`].
    pub zones: Vec<ZoneRecord>,
    /// The counters.
    pub counters: Vec<CounterRecord>,
}

impl RuleSystem for DdAndD {
    type Part = DddPart;
    type Built = Board;
    /// The scenario, and whether the board is symmetric (`--fair`).
    type Options<'a> = (ScenarioKind, bool);
    type Setup = Placement;
    type Sheet = DddSheet;
    type PlayOptions = Infallible;
    type Game = Infallible;

    fn id(&self) -> RulesetId {
        RulesetId::DdAndD
    }

    fn setup(
        &self,
        board: &Board,
        (kind, fair): (ScenarioKind, bool),
        dice: &mut Dice,
    ) -> Result<Placement, SetupError> {
        let counters = counters(board, kind, fair, dice)?;
        let zones = zones(board, kind, &counters);
        for z in &zones {
            if z.squares.len() < rules::MIN_ZONE_SQUARES {
                return Err(SetupError(format!(
                    "the {} zone has {} squares; it needs at least {}",
                    z.name,
                    z.squares.len(),
                    rules::MIN_ZONE_SQUARES
                )));
            }
        }
        if kind == ScenarioKind::Ambush {
            let cover = ambush_cover(board, &zones);
            if cover < rules::AMBUSH_COVER {
                return Err(SetupError(format!(
                    "the attacker zone holds {cover} squares of cover; hiding there needs at least {}",
                    rules::AMBUSH_COVER
                )));
            }
        }
        Ok(Placement { zones, counters })
    }

    fn sheet(&self, scenario: &Scenario<DddPart>) -> DddSheet {
        sheet(scenario)
    }

    fn new_game(&self, _: Arc<Scenario<DddPart>>, options: Infallible) -> Infallible {
        match options {}
    }
}

/// Squares of cover in Ambush's attacker zone.
pub fn ambush_cover(board: &Board, zones: &[ZoneRecord]) -> usize {
    zones
        .iter()
        .filter(|z| z.name == "attacker")
        .map(|z| rules::cover_among(board, &z.squares))
        .sum()
}

/// The counters of a scenario: six treasures for Treasure Hunt (in pairs
/// turned half round each other on a fair board), one object, message or
/// prisoner on a centre square for the scenarios that have one.
fn counters(
    board: &Board,
    kind: ScenarioKind,
    fair: bool,
    dice: &mut Dice,
) -> Result<Vec<CounterRecord>, SetupError> {
    let single = match kind {
        ScenarioKind::Battle | ScenarioKind::Ambush => return Ok(Vec::new()),
        ScenarioKind::TreasureHunt => None,
        ScenarioKind::ObjectOfPower => Some(CounterKind::Object),
        ScenarioKind::FreePrisoner => Some(CounterKind::Prisoner),
        ScenarioKind::SecretsOfTheAncients => Some(CounterKind::Message),
    };
    if let Some(k) = single {
        let centre: Vec<Point> = board
            .centre_squares()
            .into_iter()
            .filter(|p| board.at(*p).standable())
            .collect();
        if centre.is_empty() {
            return Err(SetupError("no centre square is walkable".into()));
        }
        let i = dice.choose_then(centre.len(), |i| {
            format!(
                "which centre square holds the {}: {},{}",
                k.id(),
                centre[i].x,
                centre[i].y
            )
        });
        return Ok(vec![CounterRecord {
            kind: k,
            x: centre[i].x,
            y: centre[i].y,
        }]);
    }
    let mut placed: Vec<Point> = Vec::new();
    let spaced = |placed: &[Point], p: Point| {
        placed
            .iter()
            .all(|q| chebyshev(*q, p) >= rules::TREASURE_SPACING)
    };
    let step = if fair { 2 } else { 1 };
    while placed.len() < rules::TREASURES {
        let n = placed.len() + 1;
        let candidates: Vec<Point> = (0..board.cells.len())
            .map(|i| board.point(i))
            .filter(|&p| {
                board.at(p).standable()
                    && rules::treasure_square(board, p).is_ok()
                    && spaced(&placed, p)
                    && (!fair || {
                        let q = board.turn(p, Symmetry::Half);
                        chebyshev(p, q) >= rules::TREASURE_SPACING && spaced(&placed, q)
                    })
            })
            .collect();
        if candidates.is_empty() {
            return Err(SetupError(format!(
                "no square is left for treasure {n} at least {} from the others",
                rules::TREASURE_SPACING
            )));
        }
        let i = dice.choose_then(candidates.len(), |i| {
            format!(
                "where treasure {n} lies: {},{}",
                candidates[i].x, candidates[i].y
            )
        });
        placed.push(candidates[i]);
        if step == 2 {
            placed.push(board.turn(candidates[i], Symmetry::Half));
        }
    }
    Ok(placed
        .into_iter()
        .map(|p| CounterRecord {
            kind: CounterKind::Treasure,
            x: p.x,
            y: p.y,
        })
        .collect())
}

/// The deployment zones: every walkable square that keeps the zone's rule
/// and can be walked to through plain doors.
fn zones(board: &Board, kind: ScenarioKind, counters: &[CounterRecord]) -> Vec<ZoneRecord> {
    let walker = Walker::new(board, PASS_OPEN);
    let reach = walker.distances(board.centre_squares());
    let open: Vec<Point> = (0..board.cells.len())
        .filter(|&i| board.cells[i].standable() && reach[i] != board::UNREACHED)
        .map(|i| board.point(i))
        .collect();
    let prisoner = counters
        .iter()
        .find(|c| c.kind == CounterKind::Prisoner)
        .map(CounterRecord::at);
    let mut defenders: Vec<Point> = Vec::new();
    let mut out = Vec::new();
    for name in rules::zone_names(kind) {
        let rule = rules::zone_rule(kind, name);
        let squares: Vec<Point> = match rule {
            Rule::Edge(side) => open
                .iter()
                .copied()
                .filter(|&p| rules::in_edge_zone(board, p, side))
                .collect(),
            Rule::Centre => open
                .iter()
                .copied()
                .filter(|&p| rules::in_centre_zone(board, p))
                .collect(),
            Rule::AwayFrom => open
                .iter()
                .copied()
                .filter(|&p| prisoner.is_some_and(|c| rules::prisoner_guard_square(board, p, c)))
                .collect(),
            Rule::Hidden => open
                .iter()
                .copied()
                .filter(|&p| rules::ambush_square(&walker, &defenders, p))
                .collect(),
        };
        if name == "defender" {
            defenders.clone_from(&squares);
        }
        out.push(ZoneRecord {
            name: name.to_string(),
            squares: squares.iter().map(|p| [p.x, p.y]).collect(),
        });
    }
    out
}

/// How a scenario is picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// By name.
    Named(ScenarioKind),
    /// By a d6 (the text's way when the dice-off is a draw; without
    /// war-parties there is no dice-off to roll).
    Roll,
    /// By the dice-off (L146-147): each side rolls the largest power die
    /// of its war-party, high wins; on a draw a d6 picks the scenario. The
    /// winner's own pick cannot be asked, so tilecrawl rolls it for them
    /// on the same d6 (the project's reading; the log names the winner,
    /// who is the attacker where the scenario has one).
    DiceOff {
        /// The largest power die of the `--warparty` side (Blue).
        blue: crate::ddd::warparty::Die,
        /// The largest power die of the `--opponent` side (Red).
        red: crate::ddd::warparty::Die,
    },
}

/// What `generate --ruleset dd-and-d` takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DddOptions {
    /// The scenario.
    pub choice: Choice,
    /// Board squares west to east.
    pub width: u32,
    /// Board squares north to south.
    pub height: u32,
    /// Symmetric board (`--fair`): a quarter turn on a square board, a
    /// half turn on an oblong one.
    pub fair: bool,
    /// Locked doors to make.
    pub locked_doors: u32,
    /// Secret doors to make.
    pub secret_doors: u32,
    /// Squares of cover, at least.
    pub cover: u32,
}

impl Default for DddOptions {
    fn default() -> DddOptions {
        let b = BoardParams::default();
        DddOptions {
            choice: Choice::Roll,
            width: b.width,
            height: b.height,
            fair: false,
            locked_doors: b.locked_doors,
            secret_doors: b.secret_doors,
            cover: b.cover,
        }
    }
}

/// How many boards setup tries before giving up. A board takes about a
/// millisecond on the smallest table, ten on the largest; Ambush on a small
/// fair board is the one scenario that needs many (a symmetric board leaves
/// few squares out of the centre's sight): at 24×24 one board in about a
/// hundred takes its attackers.
pub const MAX_SETUP_ATTEMPTS: u32 = 400;

/// The printed size of a square: one inch (L28).
pub const SQUARE_MM: f64 = 25.4;

/// Why no scenario was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DddError {
    /// The board could not be built.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// No board took the scenario's pieces.
    #[error(
        "no board took the {scenario} pieces in {attempts} attempts; the last one failed because {last}; {advice}"
    )]
    NoSetup {
        /// The scenario.
        scenario: ScenarioKind,
        /// Boards tried.
        attempts: u32,
        /// The last failure.
        last: String,
        /// What to change.
        advice: &'static str,
    },
}

/// One scenario from one seed: the scenario picked (or rolled), a board
/// built, the pieces placed; every roll in the log.
pub fn generate(seed: u64, opts: &DddOptions) -> Result<DddScenario, DddError> {
    generate_with(seed, opts, true)
}

/// [`generate`], keeping the roll log or not (tests over many seeds).
pub fn generate_with(seed: u64, opts: &DddOptions, log: bool) -> Result<DddScenario, DddError> {
    let mut dice = Dice::with_log(seed, "dd-and-d", log);
    let (kind, chosen) = match opts.choice {
        Choice::Named(k) => (k, Chosen::Named),
        Choice::Roll => {
            let r = dice.d6(
                "the scenario: a d6 (no war-parties, so no dice-off): 1 Battle, 2 Ambush, 3 Treasure Hunt, 4 Object of Power, 5 Free Prisoner, 6 Secrets of the Ancients",
            );
            (ScenarioKind::ALL[(r as usize - 1).min(5)], Chosen::Rolled)
        }
        Choice::DiceOff { blue, red } => {
            let b = dice.roll(
                1,
                blue.sides(),
                format_args!(
                    "the dice-off: Blue's largest power die, a d{} (a cunning test, high wins)",
                    blue.sides()
                ),
            );
            let r = dice.roll(
                1,
                red.sides(),
                format_args!(
                    "the dice-off: Red's largest power die, a d{} (a cunning test, high wins)",
                    red.sides()
                ),
            );
            let (who, chosen) = match b.cmp(&r) {
                std::cmp::Ordering::Greater => (
                    "Blue wins the dice-off and chooses (the attacker where there is one); tilecrawl rolls the choice for Blue",
                    Chosen::DiceOffBlue,
                ),
                std::cmp::Ordering::Less => (
                    "Red wins the dice-off and chooses (the attacker where there is one); tilecrawl rolls the choice for Red",
                    Chosen::DiceOffRed,
                ),
                std::cmp::Ordering::Equal => (
                    "the dice-off is a draw, so a d6 picks the scenario",
                    Chosen::Rolled,
                ),
            };
            let r = dice.d6(format_args!(
                "{who}: 1 Battle, 2 Ambush, 3 Treasure Hunt, 4 Object of Power, 5 Free Prisoner, 6 Secrets of the Ancients"
            ));
            (ScenarioKind::ALL[(r as usize - 1).min(5)], chosen)
        }
    };
    let params = BoardParams {
        width: opts.width,
        height: opts.height,
        exits_per_edge: 2,
        locked_doors: opts.locked_doors,
        secret_doors: opts.secret_doors,
        cover: opts.cover,
        symmetry: if opts.fair {
            fair_symmetry(opts.width, opts.height)
        } else {
            Symmetry::None
        },
    };
    let mut last = String::new();
    for attempt in 1..=MAX_SETUP_ATTEMPTS {
        let board = board::build(&params, &mut dice)?;
        match DdAndD.setup(&board, (kind, opts.fair), &mut dice) {
            Ok(placement) => {
                return Ok(scenario(seed, kind, chosen, opts, &board, placement, dice));
            }
            Err(SetupError(why)) => {
                dice.note(format_args!(
                    "setup attempt {attempt} set aside: {why}; building another board"
                ));
                last = why;
            }
        }
    }
    let advice = if kind == ScenarioKind::Ambush && opts.fair {
        "the attackers need squares out of the centre's sight, which a small fair board seldom has: try a larger --board (28x28 or more), an oblong one (24x30) or leave out --fair"
    } else {
        "try a larger --board"
    };
    Err(DddError::NoSetup {
        scenario: kind,
        attempts: MAX_SETUP_ATTEMPTS,
        last,
        advice,
    })
}

fn scenario(
    seed: u64,
    kind: ScenarioKind,
    chosen: Chosen,
    opts: &DddOptions,
    board: &Board,
    placement: Placement,
    dice: Dice,
) -> DddScenario {
    let (table_offset, tiles, connections, entrance, central_chamber, dead_ends) =
        crate::scenario::no_stack();
    Scenario {
        format: crate::scenario::FORMAT.to_string(),
        generator: crate::GENERATOR.to_string(),
        seed,
        ruleset: RulesetId::DdAndD,
        square_mm: SQUARE_MM,
        size: crate::scenario::Size {
            width: board.width,
            height: board.height,
        },
        table_offset,
        grid: board.rows(),
        tiles,
        connections,
        entrance,
        central_chamber,
        dead_ends,
        game: DddPart {
            scenario: kind,
            params: DddParams {
                fair: opts.fair,
                locked_doors: opts.locked_doors,
                secret_doors: opts.secret_doors,
                cover: opts.cover,
                chosen,
            },
            exits: board
                .exits
                .iter()
                .map(|e| ExitRecord {
                    side: e.side,
                    x: e.at.x,
                    y: e.at.y,
                    length: e.length,
                })
                .collect(),
            doors: board
                .doors
                .iter()
                .map(|d| DoorRecord {
                    x: d.at.x,
                    y: d.at.y,
                    side: d.side,
                    locked: d.kind == DoorKind::Locked,
                    secret: d.kind == DoorKind::Secret,
                })
                .collect(),
            zones: placement.zones,
            counters: placement.counters,
        },
        log: dice.into_log(),
    }
}
