//! Where tilecrawl's deployment edges come from in the scenarios whose
//! text lets the second side take "another board edge" (Treasure Hunt,
//! L153; Secrets of the Ancients, L159) or the first side any edge, the
//! other the opposite one (Object of Power, L155), and says nothing of
//! how a side picks: the walk from the objective, a pair given outright
//! (the look-ahead's own games), or the look-ahead's results
//! ([`EdgeBook`]).
//! The games that fill a book are played in `lookahead.rs`; this module
//! only reads one.

use super::state::Team;
use crate::core::geom::Side;

/// How tilecrawl takes the edges it chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Edges {
    /// The dice-off's winner takes the edge whose zone is the shortest
    /// walk from the objective, the other side the opposite one (every
    /// scenario but those a book is made for, and a game started without
    /// one).
    #[default]
    Walk,
    /// Blue's and Red's edges, whoever chooses first: the look-ahead's
    /// own games, which look no further.
    Forced([Side; 2]),
    /// By the look-ahead's results.
    Looked(EdgeBook),
}

/// What the look-ahead found on one board for its two war-parties: for
/// every pair of edges the two sides may hold (Blue's, Red's: two edges
/// with a zone, not the same), Blue's points over the same number of
/// games, a win 2 and a draw 1, so Red's are the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EdgeBook {
    /// Blue's points by Blue's edge and Red's, in N, E, S, W order; none
    /// where the pair cannot be taken.
    points: [[Option<u16>; 4]; 4],
    /// Games played for each pair.
    games: u16,
    /// Only opposite edges were played: the side choosing second takes
    /// the edge opposite the first's (Object of Power), so the first
    /// side's worst reply is that edge.
    facing: bool,
}

/// Why tilecrawl takes the edge it takes (what `ready` would choose, told
/// to a side deployed by hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeWhy {
    /// The side choosing first: the shortest walk from the objective.
    Nearest,
    /// The side choosing second: the edge opposite the other side's.
    Opposite,
    /// Given outright: a look-ahead game.
    Given,
    /// By the look-ahead (`first`: the side choosing first).
    Looked {
        /// The side chose first.
        first: bool,
        /// The book's figures for the edge.
        looked: Looked,
    },
}

/// An edge the book chose, and how it scored there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Looked {
    /// The edge taken.
    pub side: Side,
    /// The side's points there (a win 2, a draw 1): for the side choosing
    /// first, against the other side's best reply; for the side choosing
    /// second, against the edge the other side holds.
    pub points: u16,
    /// The games played for the pair.
    pub games: u16,
    /// The book's pairs are opposite edges ([`EdgeBook::facing`]).
    pub facing: bool,
}

impl EdgeBook {
    /// An empty book of `games` games a pair.
    pub fn new(games: u16) -> EdgeBook {
        EdgeBook {
            points: [[None; 4]; 4],
            games,
            facing: false,
        }
    }

    /// An empty book of `games` games a pair whose pairs are opposite
    /// edges only (the second side does not choose).
    pub fn facing(games: u16) -> EdgeBook {
        EdgeBook {
            facing: true,
            ..EdgeBook::new(games)
        }
    }

    /// Notes Blue's points when Blue holds `blue` and Red `red`.
    pub fn set(&mut self, blue: Side, red: Side, blue_points: u16) {
        self.points[blue as usize][red as usize] = Some(blue_points);
    }

    /// Games played for each pair.
    pub fn games(&self) -> u16 {
        self.games
    }

    /// `team`'s points when it holds `mine` and the other side `theirs`.
    pub fn points(&self, team: Team, mine: Side, theirs: Side) -> Option<u16> {
        match team {
            Team::Blue => self.points[mine as usize][theirs as usize],
            Team::Red => self.points[theirs as usize][mine as usize]
                .map(|blue| (2 * self.games).saturating_sub(blue)),
        }
    }

    /// The edge `team`, choosing second, takes against the other side's
    /// `theirs`: the most points, ties in N, E, S, W order.
    pub fn reply(&self, team: Team, theirs: Side) -> Option<Looked> {
        self.best(|side| self.points(team, side, theirs))
    }

    /// The edge `team`, choosing first, takes: the one whose worst reply
    /// leaves it the most points, ties in N, E, S, W order. The worst
    /// reply is the one the other side takes by [`EdgeBook::reply`], since
    /// the points of the two sides add up to the same for every pair.
    pub fn first(&self, team: Team) -> Option<Looked> {
        self.best(|side| {
            let reply = self.reply(team.other(), side)?;
            self.points(team, side, reply.side)
        })
    }

    /// The edge with the most `points` (`None`: not a choice), ties in
    /// N, E, S, W order.
    fn best(&self, points: impl Fn(Side) -> Option<u16>) -> Option<Looked> {
        let mut best: Option<Looked> = None;
        for side in Side::ALL {
            let Some(points) = points(side) else {
                continue;
            };
            if best.is_none_or(|b| points > b.points) {
                best = Some(Looked {
                    side,
                    points,
                    games: self.games,
                    facing: self.facing,
                });
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Side::{E, N, S, W};

    /// A book of four games a pair from Blue's points, row by Blue's edge.
    fn book(rows: [[Option<u16>; 4]; 4]) -> EdgeBook {
        let mut b = EdgeBook::new(4);
        for (i, row) in rows.iter().enumerate() {
            for (j, p) in row.iter().enumerate() {
                if let Some(p) = p {
                    b.set(Side::ALL[i], Side::ALL[j], *p);
                }
            }
        }
        b
    }

    #[test]
    fn the_first_side_takes_the_edge_with_the_best_worst_reply() {
        // Blue's points out of 8, Blue's edge down, Red's across.
        //        N       E       S       W
        let b = book([
            [None, Some(8), Some(1), Some(8)], // N: 8 at best, 1 at worst
            [Some(5), None, Some(4), Some(6)], // E: 4 at worst
            [Some(3), Some(3), None, Some(3)], // S: 3 everywhere
            [Some(2), Some(7), Some(7), None], // W: 2 at worst
        ]);
        let first = b.first(Team::Blue).unwrap();
        assert_eq!((first.side, first.points, first.games), (E, 4, 4));
        // Red's best reply to E is the S edge, where Blue scores 4 (Red 4).
        let reply = b.reply(Team::Red, E).unwrap();
        assert_eq!((reply.side, reply.points), (S, 4));
        // Red choosing first: Red's points are 8 less Blue's.
        // Red on N: Blue's best is E (5), Red 3; on E: Blue N 8, Red 0;
        // on S: Blue N 1 or E 4 or W 7, Red 1; on W: Blue N 8, Red 0.
        let red = b.first(Team::Red).unwrap();
        assert_eq!((red.side, red.points), (N, 3));
        assert_eq!(b.reply(Team::Blue, N).unwrap().side, E);
        assert_eq!(b.reply(Team::Blue, W).unwrap().side, N);
    }

    #[test]
    fn ties_go_in_n_e_s_w_order_and_a_taken_edge_is_never_offered() {
        let even = Some(4);
        let b = book([
            [None, even, even, even],
            [even, None, even, even],
            [even, even, None, even],
            [even, even, even, None],
        ]);
        assert_eq!(b.first(Team::Blue).unwrap().side, N);
        assert_eq!(b.reply(Team::Red, N).unwrap().side, E);
        for theirs in Side::ALL {
            for team in Team::BOTH {
                assert_ne!(b.reply(team, theirs).unwrap().side, theirs);
            }
        }
        // An edge with no zone (W here) is in no pair.
        let no_w = book([
            [None, Some(0), Some(0), None],
            [Some(0), None, Some(0), None],
            [Some(0), Some(0), None, None],
            [None, None, None, None],
        ]);
        assert_eq!(no_w.reply(Team::Blue, N).unwrap().side, E);
        assert!(no_w.reply(Team::Blue, W).is_none());
        assert!(EdgeBook::new(4).first(Team::Red).is_none());
    }
}
