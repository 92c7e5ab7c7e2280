//! What the setup sheet of a DD&D scenario says, as plain data (laid out
//! as Markdown and PDF by `export::ddd`).

use super::part::{Chosen, CounterKind, DddScenario, board_of};
use super::rules;
use super::scenarios::ScenarioKind;
use crate::build::board::{Board, DoorKind, PASS_OPEN, UNREACHED, Walker};
use crate::core::dice::LogEntry;
use crate::core::geom::{Point, Side};

/// The setup sheet's content.
#[derive(Debug, Clone, PartialEq)]
pub struct DddSheet {
    /// The master seed.
    pub seed: u64,
    /// The program that made the scenario.
    pub generator: String,
    /// Which scenario.
    pub scenario: ScenarioKind,
    /// Named or rolled.
    pub chosen: Chosen,
    /// Board size in squares.
    pub size: (u32, u32),
    /// Built symmetric.
    pub fair: bool,
    /// What the edges' walks are measured to.
    pub objective: String,
    /// Each edge's walk from its nearest exit to the objective, in squares
    /// of movement through plain doors (`None`: no way).
    pub walks: Vec<(Side, Option<u32>)>,
    /// Each edge's exits, as `x,y`–`x,y`.
    pub exits: Vec<(Side, Vec<String>)>,
    /// Doors: plain, locked, secret.
    pub door_counts: [usize; 3],
    /// The locked and secret doors, in words (the players' map leaves the
    /// secret ones off).
    pub hidden_doors: Vec<String>,
    /// The counters, in words.
    pub counters: Vec<String>,
    /// Each zone: name, squares, rule.
    pub zones: Vec<(String, usize, String)>,
    /// Squares of cover (rubble and water).
    pub cover: usize,
    /// The setup's rolls.
    pub log: Vec<LogEntry>,
}

/// The squares a scenario's edge walks end on: the treasures in Treasure
/// Hunt, else the centre squares (where the object, prisoner or
/// inscription lies, and where Ambush's defenders stand), and the words
/// for them.
pub fn objective(s: &DddScenario, b: &Board) -> (Vec<Point>, String) {
    if s.game.scenario == ScenarioKind::TreasureHunt {
        let t = s
            .game
            .counters
            .iter()
            .filter(|c| c.kind == CounterKind::Treasure)
            .map(|c| c.at())
            .collect();
        (t, "the nearest treasure".into())
    } else {
        (
            b.centre_squares(),
            format!(
                "the nearest centre square ({})",
                rules::square_list(&b.centre_squares())
            ),
        )
    }
}

/// Each edge's walk, in squares of movement through plain doors, from its
/// nearest exit (or edge square, if it has no exit) to `targets`.
pub fn edge_walks(b: &Board, targets: &[Point]) -> Vec<(Side, Option<u32>)> {
    let dist = Walker::new(b, PASS_OPEN).distances(targets.iter().copied());
    Side::ALL
        .iter()
        .map(|&side| {
            let mut starts: Vec<Point> = b.exits_on(side).flat_map(|e| e.squares()).collect();
            if starts.is_empty() {
                starts = (0..b.cells.len())
                    .map(|i| b.point(i))
                    .filter(|&p| b.depth(p, side) == 1 && b.at(p).standable())
                    .collect();
            }
            let best = starts
                .iter()
                .filter(|p| b.contains(**p))
                .map(|p| dist[b.index(*p)])
                .filter(|d| *d != UNREACHED)
                .min();
            (side, best)
        })
        .collect()
}

/// Gathers the sheet of a checked scenario.
pub fn sheet(s: &DddScenario) -> DddSheet {
    let b = board_of(s);
    let (targets, objective) = objective(s, &b);
    let kind_count = |k: DoorKind| b.doors.iter().filter(|d| d.kind == k).count();
    DddSheet {
        seed: s.seed,
        generator: s.generator.clone(),
        scenario: s.game.scenario,
        chosen: s.game.params.chosen,
        size: (s.size.width, s.size.height),
        fair: s.game.params.fair,
        objective,
        walks: edge_walks(&b, &targets),
        exits: Side::ALL
            .iter()
            .map(|&side| {
                (
                    side,
                    b.exits_on(side)
                        .map(|e| {
                            let last = e.squares().last().unwrap_or(e.at);
                            format!("{},{}–{},{}", e.at.x, e.at.y, last.x, last.y)
                        })
                        .collect(),
                )
            })
            .collect(),
        door_counts: [
            kind_count(DoorKind::Plain),
            kind_count(DoorKind::Locked),
            kind_count(DoorKind::Secret),
        ],
        hidden_doors: b
            .doors
            .iter()
            .filter(|d| d.kind != DoorKind::Plain)
            .map(|d| {
                let q = d.beyond();
                format!(
                    "{} door between {},{} and {},{}",
                    if d.kind == DoorKind::Locked {
                        "locked"
                    } else {
                        "secret"
                    },
                    d.at.x,
                    d.at.y,
                    q.x,
                    q.y
                )
            })
            .collect(),
        counters: s
            .game
            .counters
            .iter()
            .map(|c| format!("{} at {},{}", c.kind.id(), c.x, c.y))
            .collect(),
        zones: s
            .game
            .zones
            .iter()
            .map(|z| {
                (
                    z.name.clone(),
                    z.squares.len(),
                    rules::zone_rule(s.game.scenario, &z.name).describe(),
                )
            })
            .collect(),
        cover: b.cells.iter().filter(|t| t.cover()).count(),
        log: s.log.clone(),
    }
}
