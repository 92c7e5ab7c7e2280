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
/// included, in order (Bresenham's line), one a column or row. The board
/// builder's sight and Dungeons Dark & Dangerous walk it, ordering the ends
/// first so it is the same either way round; the MKD and Dungeon World
/// 10 mm lines of fire walk the [`Ruler`], which counts every square a
/// straight edge crosses.
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

/// The squares a ruler laid from the centre of `a` to the centre of `b`
/// passes through, both ends included, in order: every square whose inside
/// the ruler crosses, so none it grazes is left out. Each square is next to
/// the one before it: side by side when the ruler crosses the edge between
/// them, corner to corner only when it passes exactly through the corner
/// they share (it then touches neither square beside that corner, and each
/// game says what such a corner lets through).
///
/// Unlike [`Line`] the squares are the same both ways: the line from `b` to
/// `a` is this one reversed, so a look or a shot one way is the look back.
#[derive(Debug, Clone)]
pub struct Ruler {
    p: Point,
    /// Steps still to take across columns and rows.
    left: (u32, u32),
    /// Twice the columns and rows to cross in all.
    twice: (i64, i64),
    /// Which edge comes first: below 0 the next column edge, above 0 the
    /// next row edge, 0 both at once (a corner). The next column edge, the
    /// `i`th, lies (2i + 1) / 2n of the way, so this is the two fractions
    /// cross-multiplied, kept up to date by adding at each step.
    order: i64,
    s: (i32, i32),
    done: bool,
}

impl Ruler {
    /// The ruler from the centre of `a` to the centre of `b`.
    pub fn new(a: Point, b: Point) -> Ruler {
        let n = ((b.x - a.x).unsigned_abs(), (b.y - a.y).unsigned_abs());
        let (nx, ny) = (i64::from(n.0), i64::from(n.1));
        Ruler {
            p: a,
            left: n,
            twice: (2 * nx, 2 * ny),
            order: ny - nx,
            s: ((b.x - a.x).signum(), (b.y - a.y).signum()),
            done: false,
        }
    }
}

impl Iterator for Ruler {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let here = self.p;
        let (lx, ly) = self.left;
        if lx == 0 && ly == 0 {
            self.done = true;
            return Some(here);
        }
        let (x_first, y_first) = match (lx, ly) {
            (_, 0) => (true, false),
            (0, _) => (false, true),
            _ => (self.order <= 0, self.order >= 0),
        };
        if x_first {
            self.p.x += self.s.0;
            self.left.0 -= 1;
            self.order += self.twice.1;
        }
        if y_first {
            self.p.y += self.s.1;
            self.left.1 -= 1;
            self.order -= self.twice.0;
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

/// `north`, `east`, `south` or `west`: a side as the logs, sheets and
/// legends write it.
pub fn side_word(s: Side) -> &'static str {
    match s {
        Side::N => "north",
        Side::E => "east",
        Side::S => "south",
        Side::W => "west",
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

    /// Does the segment from the centre of `a` to the centre of `b` pass
    /// through the inside of square `q`? Exact, in rationals: clip the
    /// segment's parameter to the square's open slab on each axis.
    fn ruler_enters(a: Point, b: Point, q: Point) -> bool {
        // Centres at (2x + 1) / 2; work in halves, the parameter t in [0, 1]
        // as (num, den) pairs compared by cross-multiplying.
        let (ax, ay) = (2 * a.x + 1, 2 * a.y + 1);
        let (dx, dy) = (2 * (b.x - a.x), 2 * (b.y - a.y));
        // Open interval of t on one axis: lo < a + t d < hi (halves).
        let slab = |a0: i32, d: i32, lo: i32, hi: i32| -> Option<(f64, f64)> {
            if d == 0 {
                return (lo < a0 && a0 < hi).then_some((f64::NEG_INFINITY, f64::INFINITY));
            }
            let (t1, t2) = (
                f64::from(lo - a0) / f64::from(d),
                f64::from(hi - a0) / f64::from(d),
            );
            Some((t1.min(t2), t1.max(t2)))
        };
        let (Some(sx), Some(sy)) = (
            slab(ax, dx, 2 * q.x, 2 * q.x + 2),
            slab(ay, dy, 2 * q.y, 2 * q.y + 2),
        ) else {
            return false;
        };
        let lo = sx.0.max(sy.0).max(0.0);
        let hi = sx.1.min(sy.1).min(1.0);
        lo < hi || (lo == hi && (lo == 0.0 || lo == 1.0) && (q == a || q == b))
    }

    /// The ruler's squares are exactly those whose inside the segment
    /// between the two centres crosses, each next to the last, corner to
    /// corner only through an exact corner; and drawn the other way they
    /// are the same squares reversed.
    #[test]
    fn the_ruler_crosses_every_square_a_straight_edge_does_and_is_the_same_both_ways() {
        let a = Point { x: 0, y: 0 };
        for x in -11..=11 {
            for y in -11..=11 {
                let b = Point { x, y };
                let r: Vec<Point> = Ruler::new(a, b).collect();
                assert_eq!((r[0], *r.last().unwrap()), (a, b));
                let mut back: Vec<Point> = Ruler::new(b, a).collect();
                back.reverse();
                assert_eq!(r, back, "{b:?}");
                for w in r.windows(2) {
                    assert_eq!(chebyshev(w[0], w[1]), 1, "{b:?}");
                    if w[0].x != w[1].x && w[0].y != w[1].y {
                        // Through a corner: the squares beside it are untouched.
                        let c1 = Point {
                            x: w[1].x,
                            y: w[0].y,
                        };
                        let c2 = Point {
                            x: w[0].x,
                            y: w[1].y,
                        };
                        assert!(!ruler_enters(a, b, c1) && !ruler_enters(a, b, c2));
                    }
                }
                for qx in x.min(0) - 1..=x.max(0) + 1 {
                    for qy in y.min(0) - 1..=y.max(0) + 1 {
                        let q = Point { x: qx, y: qy };
                        assert_eq!(ruler_enters(a, b, q), r.contains(&q), "{b:?} {q:?}");
                    }
                }
                // Straight along a row or column, or exactly diagonal, it
                // is the line the games always drew.
                if x == 0 || y == 0 || x.abs() == y.abs() {
                    assert_eq!(r, line(a, b), "{b:?}");
                }
            }
        }
        // Far from the origin and far apart, the same both ways.
        let (c, d) = (Point { x: 3, y: 40 }, Point { x: 57, y: 11 });
        let mut back: Vec<Point> = Ruler::new(d, c).collect();
        back.reverse();
        assert_eq!(Ruler::new(c, d).collect::<Vec<_>>(), back);
    }

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
