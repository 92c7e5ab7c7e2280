//! The scenarios' placement rules as numbers and tests on squares, shared by
//! the setup that places the pieces and the check that reads them back.
//!
//! Distances count moves (rule text line 109: diagonals allowed): between
//! two squares, king's moves (Chebyshev distance); from an edge, the moves
//! to step off the board over it (the edge row is 1); from the centre, the
//! ring of squares round the centre point (the squares touching it are 1).
//! "Within 6" is at most 6; "at least 8 away" is at least 8.

use super::scenarios::ScenarioKind;
use crate::build::board::{Board, Walker};
use crate::core::geom::{Point, Side, chebyshev};

/// Squares of a deployment band, in from its edge or out from the centre (L162).
pub const ZONE_DEPTH: u32 = 6;
/// Treasure counters in Treasure Hunt: three per player (L153).
pub const TREASURES: usize = 6;
/// How far a treasure lies from every edge, at least (L153).
pub const TREASURE_DEPTH: u32 = 8;
/// How far treasures lie from each other, at least (L153).
pub const TREASURE_SPACING: u32 = 4;
/// How far Free Prisoner's defenders stand from every edge and from the
/// prisoner, at least (L157).
pub const GUARD_DISTANCE: u32 = 6;
/// How far Ambush's attackers stand from every defender, at least (L151).
pub const AMBUSH_DISTANCE: u32 = 4;
/// The fewest squares of cover (rubble, water) in Ambush's attacker zone,
/// so that attackers may start hidden (L151, L133): the project's number.
pub const AMBUSH_COVER: usize = 4;
/// The fewest squares a zone holds: one for each of ten models (L40).
pub const MIN_ZONE_SQUARES: usize = 10;

/// The rule a zone's squares keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Within [`ZONE_DEPTH`] of this edge.
    Edge(Side),
    /// Within [`ZONE_DEPTH`] of the centre.
    Centre,
    /// At least [`GUARD_DISTANCE`] from every edge and from the prisoner.
    AwayFrom,
    /// At least [`AMBUSH_DISTANCE`] from every defender square and out of
    /// its sight.
    Hidden,
}

impl Rule {
    /// The rule in words, for errors and the sheet.
    pub fn describe(self) -> String {
        match self {
            Rule::Edge(s) => format!(
                "within {ZONE_DEPTH} squares of the {} edge",
                crate::build::board::edge_word(s)
            ),
            Rule::Centre => format!("within {ZONE_DEPTH} squares of the centre"),
            Rule::AwayFrom => {
                format!("at least {GUARD_DISTANCE} squares from every edge and from the prisoner")
            }
            Rule::Hidden => format!(
                "at least {AMBUSH_DISTANCE} squares from every square of the defenders' zone and out of its sight"
            ),
        }
    }
}

/// The zones a scenario has, by name, in the order they are written.
pub fn zone_names(kind: ScenarioKind) -> Vec<&'static str> {
    match kind {
        ScenarioKind::Ambush => vec!["defender", "attacker"],
        ScenarioKind::FreePrisoner => vec!["defender", "edge-N", "edge-E", "edge-S", "edge-W"],
        _ => vec!["edge-N", "edge-E", "edge-S", "edge-W"],
    }
}

/// The rule of a scenario's zone (a name from [`zone_names`]).
pub fn zone_rule(kind: ScenarioKind, name: &str) -> Rule {
    match (kind, name) {
        (ScenarioKind::Ambush, "defender") => Rule::Centre,
        (ScenarioKind::Ambush, _) => Rule::Hidden,
        (ScenarioKind::FreePrisoner, "defender") => Rule::AwayFrom,
        (_, "edge-E") => Rule::Edge(Side::E),
        (_, "edge-S") => Rule::Edge(Side::S),
        (_, "edge-W") => Rule::Edge(Side::W),
        _ => Rule::Edge(Side::N),
    }
}

/// Is `p` within the band of the `side` edge?
pub fn in_edge_zone(b: &Board, p: Point, side: Side) -> bool {
    b.depth(p, side) <= ZONE_DEPTH
}

/// Is `p` within the band round the centre?
pub fn in_centre_zone(b: &Board, p: Point) -> bool {
    b.centre_ring(p) <= ZONE_DEPTH
}

/// May a Free Prisoner defender stand on `p`, the prisoner on `prisoner`?
pub fn prisoner_guard_square(b: &Board, p: Point, prisoner: Point) -> bool {
    b.edge_depth(p) >= GUARD_DISTANCE && chebyshev(p, prisoner) >= GUARD_DISTANCE
}

/// May an Ambush attacker stand on `p`, the defenders anywhere on `defenders`?
pub fn ambush_square(w: &Walker<'_>, defenders: &[Point], p: Point) -> bool {
    defenders
        .iter()
        .all(|&d| chebyshev(d, p) >= AMBUSH_DISTANCE)
        && defenders.iter().all(|&d| !w.sees(d, p))
}

/// A treasure too near an edge: how many squares from the nearest one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "is {0} squares from the nearest edge; treasure lies at least {TREASURE_DEPTH} from every edge"
)]
pub struct NearEdge(pub u32);

/// May a treasure lie on `p` (as far as the edges go)?
pub fn treasure_square(b: &Board, p: Point) -> Result<(), NearEdge> {
    let d = b.edge_depth(p);
    if d < TREASURE_DEPTH {
        return Err(NearEdge(d));
    }
    Ok(())
}

/// Squares of cover (rubble, water) among `squares` (`[x, y]`).
pub fn cover_among(b: &Board, squares: &[[i32; 2]]) -> usize {
    squares
        .iter()
        .filter(|&&[x, y]| b.at(Point { x, y }).cover())
        .count()
}

/// `17,17 18,17 …`: squares in words.
pub fn square_list(pts: &[Point]) -> String {
    pts.iter()
        .map(|p| format!("{},{}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}
