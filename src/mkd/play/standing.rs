//! Who stands on each square: per-square counts of heroes, this floor's
//! monsters and wandering monster tokens, kept on the game's state as the
//! figures move ([`Standing`]), and the borrowed view the route searches
//! ask ([`Occupancy`]). The state owns one and keeps it up to date through
//! its `set_` methods; see `State::standing`.

use crate::mkd::play::board::{Board, Stop, StopAt, ruler_stop, ruler_stop_at, see_through};
use crate::scenario::Point;

/// Who stands on each square of the board: per square, the number of
/// heroes in the lowest byte, of this floor's monsters in the next and of
/// tokens in the third. Kept up to date as the figures move, so a look-up
/// is one index.
#[derive(Debug, Default, PartialEq)]
pub struct Standing {
    on: Vec<u32>,
}

impl Clone for Standing {
    fn clone(&self) -> Self {
        Standing {
            on: self.on.clone(),
        }
    }

    // The simulator refills one state from the start many times: keep the
    // buffer.
    fn clone_from(&mut self, source: &Self) {
        self.on.clone_from(&source.on);
    }
}

impl Standing {
    /// One hero.
    pub const HERO: u32 = 1;
    /// One monster of this floor.
    pub const MONSTER: u32 = 1 << 8;
    /// One token.
    pub const TOKEN: u32 = 1 << 16;

    /// Counts from `on`, one entry per board square ([`Board::idx`]).
    pub fn from_counts(on: Vec<u32>) -> Self {
        Standing { on }
    }

    /// The counts, one entry per board square.
    pub fn counts(&self) -> &[u32] {
        &self.on
    }

    /// A figure counted as `one` moved from `old` to `new` (`None` or a
    /// square off the board: not on the board).
    pub fn moved(&mut self, board: &Board, old: Option<Point>, new: Option<Point>, one: u32) {
        if old == new {
            return;
        }
        if let Some(i) = old.and_then(|p| board.idx(p)) {
            self.on[i] -= one;
        }
        if let Some(i) = new.and_then(|p| board.idx(p)) {
            self.on[i] += one;
        }
    }

    /// Does anyone stand on board index `i`?
    #[inline]
    pub fn anyone_at(&self, i: usize) -> bool {
        self.on[i] != 0
    }

    /// Is no figure counted as `one` on `p`? False off the board, where
    /// the caller must look through the figures.
    #[inline]
    pub fn none_at(&self, board: &Board, p: Point, one: u32) -> bool {
        board.idx(p).is_some_and(|i| self.on[i] & (one * 0xFF) == 0)
    }

    /// The view the route searches ask, with the held prisoner's square
    /// (a board index) if there is one.
    pub fn occupancy<'a>(&'a self, board: &'a Board, prisoner: Option<usize>) -> Occupancy<'a> {
        Occupancy {
            board,
            on: &self.on,
            prisoner,
        }
    }
}

/// Who stands where, square by square, as the route searches ask it: by
/// kind of figure ([`Occupancy::HERO`] and the rest, which combine).
pub struct Occupancy<'a> {
    board: &'a Board,
    on: &'a [u32],
    prisoner: Option<usize>,
}

impl Occupancy<'_> {
    /// A hero: any count in the heroes' byte.
    pub const HERO: u32 = Standing::HERO * 0xFF;
    /// A monster of this floor.
    pub const MONSTER: u32 = Standing::MONSTER * 0xFF;
    /// A wandering monster token.
    pub const TOKEN: u32 = Standing::TOKEN * 0xFF;
    /// The held prisoner: a bit above the counts, never set in them.
    pub const PRISONER: u32 = 1 << 24;
    /// Anything that takes a square (`State::occupied`).
    pub const ANY: u32 = Self::HERO | Self::MONSTER | Self::TOKEN | Self::PRISONER;
    /// The figures, which block a line of fire: heroes, monsters and the
    /// held prisoner (a token is a marker on the floor, not a figure).
    pub const FIGURES: u32 = Self::HERO | Self::MONSTER | Self::PRISONER;

    /// Does something of the kinds `what` stand on `p`? (Off the board: no.)
    pub fn has(&self, p: Point, what: u32) -> bool {
        self.board.idx(p).is_some_and(|i| self.has_at(i, what))
    }

    /// [`Occupancy::has`] by board index ([`Board::idx`]), as the route
    /// walks ask. The kinds are masks over the counts' bytes, so a look-up
    /// is one `and`.
    #[inline]
    pub fn has_at(&self, i: usize, what: u32) -> bool {
        self.on[i] & what != 0 || (what & Self::PRISONER != 0 && self.prisoner == Some(i))
    }

    /// The figure that stops the line of fire from `from` to `to`, when
    /// the walls let it through: the first square of a hero, monster or
    /// held prisoner the ruler crosses ([`ruler_stop`], the ends left out),
    /// or a corner it passes exactly through with a figure on one square
    /// beside it and a figure or wall on the other (that figure's square).
    /// `None` when no figure stops it, or a wall does first. `vacated` (a
    /// board index) is left out too: the square of a monster weighing a
    /// shot from elsewhere, which it will have left.
    pub fn figure_on_line(&self, from: Point, to: Point, vacated: Option<usize>) -> Option<Point> {
        // By board index where both ends are on the board, the monsters'
        // inner loop; by square otherwise.
        let board = self.board;
        let figure_at = |i: usize| Some(i) != vacated && self.has_at(i, Self::FIGURES);
        let blocks = |i: usize| !board.see_through_at(i) || figure_at(i);
        if let Some(stop) = ruler_stop_at(board, from, to, blocks) {
            return match stop? {
                StopAt::Square(i) => figure_at(i).then(|| board.point(i)),
                StopAt::Corner(c1, c2) => [c1, c2]
                    .into_iter()
                    .find(|&i| figure_at(i))
                    .map(|i| board.point(i)),
            };
        }
        let figure = |p: Point| {
            self.board
                .idx(p)
                .is_some_and(|i| Some(i) != vacated && self.has_at(i, Self::FIGURES))
        };
        let stop = ruler_stop(from, to, |p| !see_through(self.board.cell(p)) || figure(p))?;
        match stop {
            Stop::Square(p) => figure(p).then_some(p),
            Stop::Corner(c1, c2) => [c1, c2].into_iter().find(|&p| figure(p)),
        }
    }
}
