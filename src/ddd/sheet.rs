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
    /// The printed size of a square, mm (25.4 unless asked otherwise).
    pub square_mm: f64,
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
    /// How the board plays, both sides by the policy (`generate
    /// --simulate`, `batch --simulate`), in words; `None`: not played.
    pub plays: Option<String>,
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
/// nearest exit (or edge square, if it has no exit) to `targets`: walked
/// out of the edge's squares, so each square entered costs what the rules
/// say, the target's own included and the starting square's not (walked in
/// from the targets, a target on difficult ground or water was a square
/// short).
pub fn edge_walks(b: &Board, targets: &[Point]) -> Vec<(Side, Option<u32>)> {
    let walker = Walker::new(b, PASS_OPEN);
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
            let dist = walker.distances(starts.iter().copied().filter(|p| b.contains(*p)));
            let best = targets
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
        square_mm: s.square_mm,
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
        plays: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::board::{Exit, Terrain};

    /// A walk from an exit counts every square entered, the target's too,
    /// and not the exit square the model starts on.
    #[test]
    fn an_edge_walk_pays_for_the_target_square_and_not_the_exit() {
        // A corridor along row 2 from the west edge; the exit is 0,2.
        let mut b = Board::filled(8, 5, Terrain::Wall);
        for x in 0..8 {
            b.set(Point { x, y: 2 }, Terrain::Floor);
        }
        b.exits = vec![Exit {
            side: Side::W,
            at: Point { x: 0, y: 2 },
            length: 1,
        }];
        let target = Point { x: 5, y: 2 };
        let west = |b: &Board| {
            edge_walks(b, &[target])
                .into_iter()
                .find(|(s, _)| *s == Side::W)
                .and_then(|(_, d)| d)
        };
        // Five steps on floor.
        assert_eq!(west(&b), Some(5));
        // The target on difficult ground: its step costs 2.
        b.set(target, Terrain::Difficult);
        assert_eq!(west(&b), Some(6));
        // The exit square on water costs nothing: the model starts there.
        b.set(target, Terrain::Floor);
        b.set(Point { x: 0, y: 2 }, Terrain::Water);
        assert_eq!(west(&b), Some(5));
    }
}
