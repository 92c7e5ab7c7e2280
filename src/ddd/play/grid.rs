//! The board in play: the walking rules of [`crate::build::board`]
//! (eight neighbours, no squeezing past a wall's corner or a door post)
//! with the doors as they stand now, and sight that models block (L41).

use super::state::{Figure, Footprint, ModelId, State};
use crate::build::board::{Board, NEIGHBOURS, Terrain};
use crate::core::geom::{Point, Side};

/// [`Grid::step`]: no step there.
pub const STEP_NONE: u32 = u32::MAX;
/// [`Grid::step`]: a step no door stands in.
pub const STEP_FREE: u32 = u32::MAX - 1;

/// The board and where its doors are.
#[derive(Debug, Clone)]
pub struct Grid {
    /// The board (read only: a grid is made again for another board).
    pub board: Board,
    east: Vec<Option<usize>>,
    south: Vec<Option<usize>>,
    /// Each square's step to each neighbour ([`NEIGHBOURS`] order), as
    /// [`Grid::step`] gives it: worked out once, as the ground and where
    /// the doors stand never change in a game.
    steps: Vec<[u32; 8]>,
}

impl Grid {
    /// Reads the board's doors (their indices are the board's order).
    pub fn new(board: Board) -> Grid {
        let n = board.cells.len();
        let mut east = vec![None; n];
        let mut south = vec![None; n];
        for (k, d) in board.doors.iter().enumerate() {
            if board.contains(d.at) {
                let i = board.index(d.at);
                match d.side {
                    Side::E => east[i] = Some(k),
                    _ => south[i] = Some(k),
                }
            }
        }
        let mut g = Grid {
            board,
            east,
            south,
            steps: Vec::new(),
        };
        g.steps = (0..n)
            .map(|i| {
                let p = g.board.point(i);
                NEIGHBOURS.map(|(dx, dy)| {
                    g.step_kind(
                        p,
                        Point {
                            x: p.x + dx,
                            y: p.y + dy,
                        },
                    )
                })
            })
            .collect();
        g
    }

    /// The step from `p` to its neighbour `q` onto standable ground, by
    /// the walking rules: [`STEP_NONE`] when there is none (`q` not
    /// standable; a diagonal past a corner that is not standable or along
    /// a door's edge), the door's index for a side step through a door
    /// (shut, open or secret: its state is the walker's to read), else
    /// [`STEP_FREE`].
    pub fn step_kind(&self, p: Point, q: Point) -> u32 {
        self.step_over(p, q, |x| self.standable(x))
    }

    /// [`Grid::step_kind`] over the squares `open` says a model may stand
    /// or pass on (a Phase model passes obstacles).
    fn step_over(&self, p: Point, q: Point, open: impl Fn(Point) -> bool) -> u32 {
        if !open(q) {
            return STEP_NONE;
        }
        let (dx, dy) = (q.x - p.x, q.y - p.y);
        if dx == 0 || dy == 0 {
            return self.door_between(p, q).map_or(STEP_FREE, |k| k as u32);
        }
        let m1 = Point { x: q.x, y: p.y };
        let m2 = Point { x: p.x, y: q.y };
        let clear = open(m1)
            && open(m2)
            && self.door_between(p, m1).is_none()
            && self.door_between(m1, q).is_none()
            && self.door_between(p, m2).is_none()
            && self.door_between(m2, q).is_none();
        if clear { STEP_FREE } else { STEP_NONE }
    }

    /// The step from square `i` (board index) to its neighbour `dir`
    /// ([`NEIGHBOURS`] order): [`STEP_NONE`], [`STEP_FREE`] or a door's
    /// index (see [`Grid::step_kind`]).
    #[inline]
    pub fn step(&self, i: usize, dir: usize) -> u32 {
        self.steps[i][dir]
    }

    /// The door between two orthogonal neighbours.
    pub fn door_between(&self, a: Point, b: Point) -> Option<usize> {
        let (p, east) = match (b.x - a.x, b.y - a.y) {
            (1, 0) => (a, true),
            (-1, 0) => (b, true),
            (0, 1) => (a, false),
            (0, -1) => (b, false),
            _ => return None,
        };
        if !self.board.contains(p) {
            return None;
        }
        let i = self.board.index(p);
        if east { self.east[i] } else { self.south[i] }
    }

    /// The door on `side` of square `p`.
    pub fn door_on(&self, p: Point, side: Side) -> Option<usize> {
        let (dx, dy) = side.delta();
        self.door_between(
            p,
            Point {
                x: p.x + dx,
                y: p.y + dy,
            },
        )
    }

    /// The terrain of a square (wall off the board).
    pub fn at(&self, p: Point) -> Terrain {
        if self.board.contains(p) {
            self.board.at(p)
        } else {
            Terrain::Wall
        }
    }

    /// Can a model stand on `p`?
    pub fn standable(&self, p: Point) -> bool {
        self.board.contains(p) && self.board.at(p).standable()
    }

    fn passable(&self, p: Point, phase: bool) -> bool {
        self.standable(p) || phase && self.at(p) == Terrain::Obstacle
    }

    /// May a model step from `a` to its neighbour `b`, the doors as they
    /// stand? Phase lets it through obstacles (it may not stop on one).
    pub fn can_step(&self, st: &State, a: Point, b: Point, phase: bool) -> bool {
        match self.step_over(a, b, |x| self.passable(x, phase)) {
            STEP_NONE => false,
            STEP_FREE => true,
            k => !st.doors[k as usize].shut(),
        }
    }

    /// [`Grid::can_step`] for a model without Phase, from square `i`
    /// (board index) to its neighbour `dir` ([`NEIGHBOURS`] order): read
    /// from the table of steps, the door's state as it stands.
    #[inline]
    pub fn can_step_to(&self, st: &State, i: usize, dir: usize) -> bool {
        match self.step(i, dir) {
            STEP_NONE => false,
            STEP_FREE => true,
            k => !st.doors[k as usize].shut(),
        }
    }

    /// The squares of the line of sight from `a` to `b` (both ends
    /// included), drawn as [`crate::build::board::Walker::sees`] draws it.
    pub fn line(a: Point, b: Point) -> Vec<Point> {
        let (from, to) = if a <= b { (a, b) } else { (b, a) };
        crate::core::geom::line(from, to)
    }

    /// Can a model on `a` see one on `b`? Walls, obstacles, shut doors and
    /// the models on the squares between block the line.
    pub fn sees(&self, st: &State, a: Point, b: Point) -> bool {
        let line = Grid::line(a, b);
        for w in line.windows(2) {
            let (p, q) = (w[0], w[1]);
            if !self.step_clear(st, p, q) {
                return false;
            }
            if q != line[line.len() - 1] && (self.at(q).opaque() || st.at(q).is_some()) {
                return false;
            }
        }
        true
    }

    /// Can model `a` see model `b`? From any square of its footprint to
    /// any of the other's (a Huge model sees and is seen from each of its
    /// squares); the two models themselves block nothing.
    pub fn sees_model(&self, st: &State, a: &Figure, b: &Figure) -> bool {
        if !a.huge() && !b.huge() {
            return self.sees(st, a.at, b.at);
        }
        let ends = [a.id, b.id];
        a.footprint().squares().any(|p| {
            b.footprint()
                .squares()
                .any(|q| self.sees_past(st, p, q, &ends))
        })
    }

    fn sees_past(&self, st: &State, a: Point, b: Point, ends: &[ModelId]) -> bool {
        let line = Grid::line(a, b);
        for w in line.windows(2) {
            let (p, q) = (w[0], w[1]);
            if !self.step_clear(st, p, q) {
                return false;
            }
            if q != line[line.len() - 1]
                && (self.at(q).opaque() || st.at(q).is_some_and(|f| !ends.contains(&f.id)))
            {
                return false;
            }
        }
        true
    }

    /// Can a model with this footprint stand there (every square
    /// standable)?
    pub fn fits(&self, f: Footprint) -> bool {
        f.squares().all(|p| self.standable(p))
    }

    /// Can a model with footprint `f` pass there (Phase: obstacles too)?
    pub fn passable_foot(&self, f: Footprint, phase: bool) -> bool {
        f.squares().all(|p| self.passable(p, phase))
    }

    /// May a model with footprint `from` step by one square to `to` (every
    /// square of it making the same step)?
    pub fn can_step_foot(&self, st: &State, from: Footprint, to: Point, phase: bool) -> bool {
        let (dx, dy) = (to.x - from.at.x, to.y - from.at.y);
        from.squares().all(|p| {
            self.can_step(
                st,
                p,
                Point {
                    x: p.x + dx,
                    y: p.y + dy,
                },
                phase,
            )
        })
    }

    /// The edge a model's footprint is on, if one of its squares is an
    /// exit square.
    pub fn exit_side_foot(&self, f: Footprint) -> Option<Side> {
        f.squares().find_map(|p| self.exit_side(p))
    }

    fn step_clear(&self, st: &State, a: Point, b: Point) -> bool {
        let shut = |p: Point, q: Point| self.door_between(p, q).is_some_and(|k| st.doors[k].shut());
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx == 0 || dy == 0 {
            return !shut(a, b);
        }
        let route = |m: Point| !self.at(m).opaque() && !shut(a, m) && !shut(m, b);
        route(Point {
            x: a.x + dx,
            y: a.y,
        }) || route(Point {
            x: a.x,
            y: a.y + dy,
        })
    }

    /// The neighbours of `p` on the board.
    pub fn around(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        NEIGHBOURS
            .iter()
            .map(move |&(dx, dy)| Point {
                x: p.x + dx,
                y: p.y + dy,
            })
            .filter(|q| self.board.contains(*q))
    }

    /// The edge a square is on, if it is an exit square.
    pub fn exit_side(&self, p: Point) -> Option<Side> {
        self.board
            .exits
            .iter()
            .find(|e| e.squares().any(|q| q == p))
            .map(|e| e.side)
    }
}
