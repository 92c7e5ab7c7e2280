//! Squares and sides: the geometry every stage measures in.

use serde::{Deserialize, Serialize};

/// A square. A file holds squares on its grid or table only, so the
/// schema of a file gives neither coordinate below 0.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Point {
    /// Column, growing east.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Row, growing south.
    #[schemars(range(min = 0))]
    pub y: i32,
}

/// A compass side of a tile or of the map. North is up on the page.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Side {
    /// North (up, towards y = 0).
    N,
    /// East (right, towards larger x).
    E,
    /// South (down, towards larger y).
    S,
    /// West (left, towards x = 0).
    W,
}

/// The squares a straight line crosses from `a` to `b`, both ends
/// included, in order (Bresenham's line). Every game's line of sight walks
/// it; one that wants the same squares either way round orders the ends
/// first.
pub fn line(a: Point, b: Point) -> Vec<Point> {
    Line::new(a, b).collect()
}

/// [`line()`] one square at a time, without gathering them.
#[derive(Debug, Clone)]
pub struct Line {
    p: Point,
    to: Point,
    d: (i32, i32),
    s: (i32, i32),
    err: i32,
    done: bool,
}

impl Line {
    /// The line from `a` to `b`.
    pub fn new(a: Point, b: Point) -> Line {
        let d = ((b.x - a.x).abs(), -(b.y - a.y).abs());
        Line {
            p: a,
            to: b,
            d,
            s: ((b.x - a.x).signum(), (b.y - a.y).signum()),
            err: d.0 + d.1,
            done: false,
        }
    }
}

impl Iterator for Line {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let here = self.p;
        if here == self.to {
            self.done = true;
        } else {
            let e2 = 2 * self.err;
            if e2 >= self.d.1 {
                self.err += self.d.1;
                self.p.x += self.s.0;
            }
            if e2 <= self.d.0 {
                self.err += self.d.0;
                self.p.y += self.s.1;
            }
        }
        Some(here)
    }
}

/// The kinds of door the games put on square edges (one list for the
/// board builder, the games and the maps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DoorKind {
    /// Opens for anyone.
    Plain,
    /// Needs a key, a spell or a picked lock (or smashing) first.
    Locked,
    /// Looks like wall until found: drawn on the game master's map only.
    Secret,
}

impl Side {
    /// All four sides, clockwise from north.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The step `(dx, dy)` one square towards this side.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Side::N => (0, -1),
            Side::E => (1, 0),
            Side::S => (0, 1),
            Side::W => (-1, 0),
        }
    }

    /// The opposite side.
    pub fn opposite(self) -> Side {
        match self {
            Side::N => Side::S,
            Side::E => Side::W,
            Side::S => Side::N,
            Side::W => Side::E,
        }
    }

    /// `N`, `E`, `S` or `W`.
    pub fn name(self) -> &'static str {
        match self {
            Side::N => "N",
            Side::E => "E",
            Side::S => "S",
            Side::W => "W",
        }
    }
}

/// Squares in the front arc of a figure at `(x, y)` facing `facing`: the
/// 90° cone ahead of it, nearest first — straight ahead before the diagonals
/// at each distance. Returns `(x, y, distance, offset)` up to `reach` squares.
pub fn front_arc(x: i32, y: i32, facing: Side, reach: i32) -> Vec<(i32, i32, i32, i32)> {
    let (fx, fy) = facing.delta();
    // Perpendicular axis.
    let (px, py) = (-fy, fx);
    let reach = reach.max(0);
    let mut out = Vec::with_capacity((reach * (reach + 2)) as usize);
    for k in 1..=reach {
        for off in 0..=k {
            let signs: &[i32] = if off == 0 { &[0] } else { &[-1, 1] };
            for &sign in signs {
                let o = off * sign;
                out.push((x + fx * k + px * o, y + fy * k + py * o, k, off));
            }
        }
    }
    out
}

/// Is the square in the front arc of a chest at (cx, cy) facing `facing`?
pub fn in_front_arc(cx: i32, cy: i32, facing: Side, x: i32, y: i32) -> bool {
    let (fx, fy) = facing.delta();
    let (dx, dy) = (x - cx, y - cy);
    let ahead = dx * fx + dy * fy;
    let across = (dx * -fy + dy * fx).abs();
    ahead >= 1 && across <= ahead
}

/// Squares at king's-move distance.
pub fn chebyshev(a: Point, b: Point) -> u32 {
    (a.x - b.x).unsigned_abs().max((a.y - b.y).unsigned_abs())
}

/// The steps to the eight squares around a square, clockwise from north.
pub const AROUND: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The eight squares around `p`, clockwise from north (an array: the
/// heroes' planner and the monsters ask for them at every step, and a
/// list on the heap each time cost more than the squares).
pub fn all_around(p: Point) -> [Point; 8] {
    AROUND.map(|(dx, dy)| Point {
        x: p.x + dx,
        y: p.y + dy,
    })
}

#[cfg(test)]
mod tests {
    /// The shared line is the one each game drew for itself before (the
    /// step signs taken as ±1 even on a straight line, which never moves on
    /// that axis): the same squares for every pair within 9 squares, each a
    /// king's move from the last.
    #[test]
    fn the_line_is_the_games_old_bresenham_and_steps_a_square_at_a_time() {
        fn old(a: Point, b: Point) -> Vec<Point> {
            let mut out = vec![a];
            let dx = (b.x - a.x).abs();
            let dy = -(b.y - a.y).abs();
            let sx = if a.x < b.x { 1 } else { -1 };
            let sy = if a.y < b.y { 1 } else { -1 };
            let mut err = dx + dy;
            let (mut x, mut y) = (a.x, a.y);
            while (x, y) != (b.x, b.y) {
                let e2 = 2 * err;
                if e2 >= dy {
                    err += dy;
                    x += sx;
                }
                if e2 <= dx {
                    err += dx;
                    y += sy;
                }
                out.push(Point { x, y });
            }
            out
        }
        let a = Point { x: 0, y: 0 };
        for x in -9..=9 {
            for y in -9..=9 {
                let b = Point { x, y };
                let l = line(a, b);
                assert_eq!(l, old(a, b), "{b:?}");
                assert_eq!((l[0], *l.last().unwrap()), (a, b));
                assert!(l.windows(2).all(|w| chebyshev(w[0], w[1]) == 1), "{b:?}");
                assert_eq!(l.len() as u32, chebyshev(a, b) + 1);
            }
        }
    }

    use super::*;

    #[test]
    fn front_arc_is_the_cone_ahead() {
        let arc = front_arc(5, 5, Side::N, 2);
        assert_eq!(arc[0], (5, 4, 1, 0));
        assert!(
            arc.iter()
                .all(|&(x, y, _, _)| in_front_arc(5, 5, Side::N, x, y))
        );
        assert_eq!(arc.len(), 3 + 5);
        assert!(!in_front_arc(5, 5, Side::N, 5, 6));
        assert!(!in_front_arc(5, 5, Side::E, 4, 5));
        assert!(in_front_arc(5, 5, Side::E, 7, 3));
        assert!(!in_front_arc(5, 5, Side::E, 6, 3));
    }
}
