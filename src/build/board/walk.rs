//! Walking and seeing on a board: the one set of movement and sight rules
//! the builder, a game's setup and its checks share.
//!
//! - A step goes to any of the eight neighbours. Stepping into a square
//!   costs its terrain's cost (1, or 2 for difficult ground, rubble and
//!   water).
//! - A diagonal step needs both squares beside it (the two orthogonal
//!   neighbours it passes between) to be standable, and crosses no door:
//!   nobody squeezes past a wall's corner or slips round a door post.
//! - Doors are crossed orthogonally; which doors may be crossed is the
//!   [`Pass`] (plain doors always).
//! - Sight runs along the line of squares between two squares' centres
//!   (Bresenham's, always drawn from the square that sorts first, so it is
//!   the same both ways). Walls and obstacles block it, and so does every
//!   door (doors start closed); a diagonal step of the line is blocked only
//!   when both squares beside it are.

use super::{Board, DoorKind};
use crate::core::geom::Point;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Which doors a walk may go through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    /// Locked doors (picked or smashed on the way).
    pub locked: bool,
    /// Secret doors (found on the way).
    pub secret: bool,
}

/// Every door, as if opened on the way.
pub const PASS_ALL: Pass = Pass {
    locked: true,
    secret: true,
};

/// Plain doors only: locked and secret doors stay shut.
pub const PASS_OPEN: Pass = Pass {
    locked: false,
    secret: false,
};

/// The board read for walking and sight: terrain and doors by square.
#[derive(Debug, Clone)]
pub struct Walker<'a> {
    board: &'a Board,
    /// Per square: the door on its east edge, on its south edge.
    east: Vec<Option<DoorKind>>,
    south: Vec<Option<DoorKind>>,
    pass: Pass,
}

/// A walk's distance to a square it did not reach.
pub const UNREACHED: u32 = u32::MAX;

impl<'a> Walker<'a> {
    /// Reads a board for walks through the doors `pass` allows.
    pub fn new(board: &'a Board, pass: Pass) -> Walker<'a> {
        let n = board.cells.len();
        let mut east = vec![None; n];
        let mut south = vec![None; n];
        for d in &board.doors {
            if board.contains(d.at) {
                let i = board.index(d.at);
                match d.side {
                    crate::core::geom::Side::E => east[i] = Some(d.kind),
                    _ => south[i] = Some(d.kind),
                }
            }
        }
        Walker {
            board,
            east,
            south,
            pass,
        }
    }

    /// The board walked on.
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The door between two orthogonal neighbours (both on the board).
    fn door(&self, a: Point, b: Point) -> Option<DoorKind> {
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

    fn crossable(&self, kind: Option<DoorKind>) -> bool {
        match kind {
            None | Some(DoorKind::Plain) => true,
            Some(DoorKind::Locked) => self.pass.locked,
            Some(DoorKind::Secret) => self.pass.secret,
        }
    }

    fn standable(&self, p: Point) -> bool {
        self.board.at(p).standable()
    }

    /// May a model step from `a` to its neighbour `b`?
    pub fn can_step(&self, a: Point, b: Point) -> bool {
        self.standable(b) && self.step_open(a, b)
    }

    /// [`Walker::can_step`] as if `b` were floor: the doors, and for a
    /// diagonal step the two squares it passes between.
    fn step_open(&self, a: Point, b: Point) -> bool {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx == 0 || dy == 0 {
            return self.crossable(self.door(a, b));
        }
        let m1 = Point {
            x: a.x + dx,
            y: a.y,
        };
        let m2 = Point {
            x: a.x,
            y: a.y + dy,
        };
        self.standable(m1)
            && self.standable(m2)
            && self.door(a, m1).is_none()
            && self.door(m1, b).is_none()
            && self.door(a, m2).is_none()
            && self.door(m2, b).is_none()
    }

    /// The cheapest walk, in squares of movement, from the nearest of
    /// `sources` to every square ([`UNREACHED`] where none goes).
    pub fn distances(&self, sources: impl IntoIterator<Item = Point>) -> Vec<u32> {
        let b = self.board;
        let mut dist = vec![UNREACHED; b.cells.len()];
        let mut heap = BinaryHeap::new();
        for s in sources {
            if b.contains(s) && self.standable(s) {
                let i = b.index(s);
                dist[i] = 0;
                heap.push(Reverse((0u32, i)));
            }
        }
        while let Some(Reverse((d, i))) = heap.pop() {
            if d > dist[i] {
                continue;
            }
            let p = b.point(i);
            for (dx, dy) in NEIGHBOURS {
                let q = Point {
                    x: p.x + dx,
                    y: p.y + dy,
                };
                if !b.contains(q) || !self.can_step(p, q) {
                    continue;
                }
                let j = b.index(q);
                let nd = d + b.cells[j].cost();
                if nd < dist[j] {
                    dist[j] = nd;
                    heap.push(Reverse((nd, j)));
                }
            }
        }
        dist
    }

    /// The fewest steps from `from` to each square, whatever its terrain,
    /// counted as far as `limit` ([`UNREACHED`] beyond it).
    fn steps_within(&self, from: Point, limit: u32) -> Vec<u32> {
        let b = self.board;
        let mut steps = vec![UNREACHED; b.cells.len()];
        let mut queue = std::collections::VecDeque::from([from]);
        steps[b.index(from)] = 0;
        while let Some(p) = queue.pop_front() {
            let n = steps[b.index(p)] + 1;
            if n > limit {
                break;
            }
            for (dx, dy) in NEIGHBOURS {
                let q = Point {
                    x: p.x + dx,
                    y: p.y + dy,
                };
                if b.contains(q) && steps[b.index(q)] == UNREACHED && self.can_step(p, q) {
                    steps[b.index(q)] = n;
                    queue.push_back(q);
                }
            }
        }
        steps
    }

    /// A standable square no walk from `sources` reaches, if there is one
    /// (the first in row order).
    pub fn unreached_from(&self, sources: impl IntoIterator<Item = Point>) -> Option<Point> {
        let dist = self.distances(sources);
        (0..dist.len())
            .find(|&i| dist[i] == UNREACHED && self.board.cells[i].standable())
            .map(|i| self.board.point(i))
    }

    /// Can a model on `a` see a model on `b`?
    pub fn sees(&self, a: Point, b: Point) -> bool {
        let (from, to) = if a <= b { (a, b) } else { (b, a) };
        let mut prev = from;
        for p in crate::core::geom::Line::new(from, to).skip(1) {
            if !self.step_clear(prev, p) {
                return false;
            }
            if p != to && self.board.at(p).opaque() {
                return false;
            }
            prev = p;
        }
        true
    }

    /// Does sight pass from `a` to its neighbour `b`?
    fn step_clear(&self, a: Point, b: Point) -> bool {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx == 0 || dy == 0 {
            return self.door(a, b).is_none();
        }
        let route = |m: Point| {
            !self.board.at(m).opaque() && self.door(a, m).is_none() && self.door(m, b).is_none()
        };
        route(Point {
            x: a.x + dx,
            y: a.y,
        }) || route(Point {
            x: a.x,
            y: a.y + dy,
        })
    }
}

/// The most steps an obstacle may add to the walk between two squares
/// beside it ([`way_round`]). Going round a lone pillar in open floor
/// takes two more than going through its square, round two obstacles
/// corner to corner five.
pub const DETOUR: u32 = 6;

/// Does the obstacle on `p` leave a way round it? Any two squares beside
/// it that two steps through `p` would join (were `p` floor) must be at
/// most [`DETOUR`] steps farther apart without it. Steps are counted, not
/// squares of movement, so rubble or water laid later never breaks it. An
/// obstacle in the mouth of a corridor fails: the corridor's last square
/// and the room beyond the obstacle are joined only the long way round,
/// and a way through the board becomes a dead end.
pub fn way_round(board: &Board, p: Point) -> bool {
    let round = Walker::new(board, PASS_ALL);
    // A step into or out of `p` were it floor: the squares beside `p` are
    // standable, and a diagonal step through `p` passes beside it, not
    // over it.
    let through = |a: Point, b: Point| round.step_open(a, b);
    let beside: Vec<Point> = NEIGHBOURS
        .iter()
        .map(|&(dx, dy)| Point {
            x: p.x + dx,
            y: p.y + dy,
        })
        .filter(|&q| board.contains(q) && board.at(q).standable())
        .collect();
    let limit = 2 + DETOUR;
    for &a in &beside {
        if !through(a, p) {
            continue;
        }
        let steps = round.steps_within(a, limit);
        let far = |b: Point| steps[board.index(b)] > limit;
        if beside.iter().any(|&b| b != a && through(p, b) && far(b)) {
            return false;
        }
    }
    true
}

/// The eight neighbours, in a fixed order.
pub const NEIGHBOURS: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];
