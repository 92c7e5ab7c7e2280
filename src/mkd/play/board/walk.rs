//! Shortest routes over the board: distance fields walked in from goals or
//! out of a square, the steps downhill along them, and what blocking a
//! square does to a field. The engine's hottest code.

use super::{Board, Mover};
use crate::core::reuse::with_flags;
use crate::scenario::Point;
use crate::tileset::Cell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// "No route" in a distance field.
pub const FAR: u32 = u32::MAX;

/// A field of route distances, one per square of the board (as
/// [`Board::distances_to`] gives it), read as a slice.
///
/// Walks are the engine's hottest loop, and a field covers the whole table
/// while a walk touches only the dungeon. So a field's buffer comes from a
/// small pool of this thread's spare ones, already [`FAR`] everywhere, and
/// goes back when the field is dropped with only the squares the walk
/// touched put back to [`FAR`]: no table-sized fill per walk.
pub struct Field {
    dist: Vec<u32>,
    touched: Vec<u32>,
}

/// Spare field buffers kept per thread.
const SPARE_FIELDS: usize = 8;

thread_local! {
    static SPARE: std::cell::RefCell<Vec<(Vec<u32>, Vec<u32>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
    static NEAR_DOOR: std::cell::RefCell<Vec<bool>> = const { std::cell::RefCell::new(Vec::new()) };
    static BUCKETS: std::cell::RefCell<Vec<Vec<usize>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The ring of buckets a walk queues squares in, taken from (and put back
/// to) a per-thread spare so their room is reused from walk to walk.
struct Buckets(Vec<Vec<usize>>);

impl Buckets {
    /// `ring` empty buckets.
    fn take(ring: usize) -> Buckets {
        let mut b = BUCKETS.with(|b| std::mem::take(&mut *b.borrow_mut()));
        for q in &mut b {
            q.clear();
        }
        b.resize_with(ring.max(b.len()), Vec::new);
        Buckets(b)
    }

    /// Back to the thread's spare.
    fn put_back(self) {
        let _ = BUCKETS.try_with(|b| *b.borrow_mut() = self.0);
    }
}

impl Field {
    /// A field of `len` squares, all [`FAR`].
    fn new(len: usize) -> Field {
        let spare = SPARE.with(|s| {
            let mut s = s.borrow_mut();
            let at = s.iter().position(|(d, _)| d.len() == len)?;
            Some(s.swap_remove(at))
        });
        let (dist, touched) = spare.unwrap_or_else(|| (vec![FAR; len], Vec::new()));
        Field { dist, touched }
    }

    /// Sets square `i`'s distance, remembering it for the clean-up.
    #[inline]
    fn set(&mut self, i: usize, d: u32) {
        set_distance(&mut self.dist, &mut self.touched, i, d);
    }
}

/// [`Field::set`] on a field's two parts, for a walk that holds them apart.
#[inline]
fn set_distance(dist: &mut [u32], touched: &mut Vec<u32>, i: usize, d: u32) {
    if dist[i] == FAR {
        touched.push(i as u32);
    }
    dist[i] = d;
}

impl std::ops::Deref for Field {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.dist
    }
}

impl PartialEq for Field {
    fn eq(&self, other: &Field) -> bool {
        self.dist == other.dist
    }
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.dist.iter()).finish()
    }
}

impl Drop for Field {
    fn drop(&mut self) {
        for &i in &self.touched {
            self.dist[i as usize] = FAR;
        }
        self.touched.clear();
        let dist = std::mem::take(&mut self.dist);
        let touched = std::mem::take(&mut self.touched);
        // A thread that is ending has no pool left; the buffer just goes.
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < SPARE_FIELDS {
                s.push((dist, touched));
            }
        });
    }
}

/// The dearest single step [`Board::distances_to`] walks with a ring of
/// buckets; a dearer one (no rule makes one) falls back to a heap.
const MAX_BUCKETED_STEP: u32 = 64;

// The walks' table of entry costs has a place for each kind of cell, by
// its discriminant: every kind is in `Cell::ALL`, `Void` the last.
const _: () = assert!(Cell::ALL.len() == Cell::Void as usize + 1);

/// A walk's end test ([`Board::dial`]'s `done`) that holds once every one
/// of `targets` (board indexes) is final: at level `d` every square `d` or
/// less away is. Every target before `first` is final, and stays so, so
/// each level looks on from the first one that was not.
fn all_final(targets: &[usize]) -> impl FnMut(&[u32], u32) -> bool + '_ {
    let mut first = 0;
    move |dist: &[u32], d: u32| {
        while first < targets.len() && dist[targets[first]] <= d {
            first += 1;
        }
        first == targets.len()
    }
}

/// The cost for mover `m` of stepping into a cell of kind `c`, doors
/// aside (`None`: it cannot).
#[inline]
fn enter_cost_of(c: Cell, m: &Mover) -> Option<u32> {
    match c {
        Cell::Floor => Some(1),
        Cell::Hindering | Cell::Water => Some(1 + if m.flies { 0 } else { m.hindering_extra }),
        Cell::Crevice if m.flies => Some(1),
        _ => None,
    }
}

impl Board {
    /// Cost of a single step from `a` to its neighbour `b`, or `None` if the
    /// step is impossible for this mover.
    pub fn step_cost(&self, a: Point, b: Point, m: &Mover) -> Option<u32> {
        self.step_cost_near(a, b, m, true)
    }

    /// [`Board::step_cost`], looking for a door between the squares only
    /// when `near_door` (both squares touch a door's edge): the look-up
    /// scans every door, and most steps are nowhere near one.
    fn step_cost_near(&self, a: Point, b: Point, m: &Mover, near_door: bool) -> Option<u32> {
        self.step_cost_onto(self.cell(b), a, b, m, near_door)
    }

    /// [`Board::step_cost_near`] with `b`'s cell already looked up.
    #[inline]
    fn step_cost_onto(
        &self,
        cell: Cell,
        a: Point,
        b: Point,
        m: &Mover,
        near_door: bool,
    ) -> Option<u32> {
        let mut cost = enter_cost_of(cell, m)?;
        if near_door && let Some(d) = self.door_between(a, b) {
            if !self.doors[d].open {
                cost += m.door_open?;
            }
            cost += m.door_close.unwrap_or(0);
        }
        Some(cost)
    }

    /// Distance (in speed points) from every square to the nearest of
    /// `goals`, walking as `m` does; `blocked` squares (other figures, by
    /// board index, [`Board::idx`]) cannot be entered or passed, except
    /// goals themselves. [`FAR`] where no route.
    ///
    /// Dijkstra's walk with a bucket queue (Dial's algorithm: every step
    /// costs 1 to a few points, so the squares at distance d are taken in
    /// turn from a ring of buckets instead of a heap), and the door look-up
    /// only for squares that touch a door. The distances are the same as
    /// any shortest-path walk gives; this is the engine's hottest loop.
    pub fn distances_to<B: Fn(usize) -> bool + ?Sized>(
        &self,
        goals: &[Point],
        m: &Mover,
        blocked: &B,
    ) -> Field {
        self.field(goals, m, blocked, None)
    }

    /// [`Board::distances_to`] on the squares a figure walking as `m` can
    /// stand on; every other square is left at [`FAR`]. Such a square
    /// passes no distance on, so the others' are the same; the walk only
    /// saves queueing the walls along every room and corridor.
    pub fn distances_to_standing<B: Fn(usize) -> bool + ?Sized>(
        &self,
        goals: &[Point],
        m: &Mover,
        blocked: &B,
    ) -> Field {
        self.near_doors(|near_door| {
            let seeds: Vec<usize> = goals.iter().filter_map(|&g| self.index(g)).collect();
            self.dial::<false, true, B>(&seeds, m, blocked, |_, _| false, near_door)
        })
    }

    /// [`Board::distances_to`] as far as `from` needs it: the value at
    /// `from`, and at every square nearer the goals than `from` that a
    /// figure walking as `m` can stand on, is final (all a walk downhill
    /// from `from` reads); farther squares may hold more than their
    /// distance. The walk stops there, which saves most of it when `from`
    /// is near the goals. Unless `from` is a square such a figure cannot
    /// stand on, no square it cannot stand on (a wall, a crevice for a
    /// walker) is given a distance: it is [`FAR`].
    pub fn distances_to_reach<B: Fn(usize) -> bool + ?Sized>(
        &self,
        goals: &[Point],
        from: Point,
        m: &Mover,
        blocked: &B,
    ) -> Field {
        self.field(goals, m, blocked, self.index(from))
    }

    /// [`Board::distances_to`] as far as `targets` (board indexes) need it:
    /// the walk ends once the value of every one of them is final, and so
    /// is every square nearer the goals than any of them (all a walk
    /// downhill from one of them reads); farther squares may hold more than
    /// their distance. A target with no route leaves the whole walk made.
    pub fn distances_to_all<B: Fn(usize) -> bool + ?Sized>(
        &self,
        goals: &[Point],
        m: &Mover,
        blocked: &B,
        targets: &[usize],
    ) -> Field {
        let seeds: Vec<usize> = goals.iter().filter_map(|&g| self.index(g)).collect();
        let done = all_final(targets);
        self.near_doors(|near_door| {
            self.dial::<false, false, B>(&seeds, m, blocked, done, near_door)
        })
    }

    /// The route distance from `from` to the nearest of `goals`
    /// ([`FAR`] when there is none): [`Board::distances_to`]'s value at
    /// `from`, the walk stopped as soon as that value is final.
    pub fn distance_between<B: Fn(usize) -> bool + ?Sized>(
        &self,
        goals: &[Point],
        from: Point,
        m: &Mover,
        blocked: &B,
    ) -> u32 {
        let Some(stop) = self.index(from) else {
            return FAR;
        };
        self.field(goals, m, blocked, Some(stop))[stop]
    }

    /// The field of [`Board::distances_to`]; with `stop`, only that square's
    /// value is sure to be final (the walk ends once it is).
    fn field<B: Fn(usize) -> bool + ?Sized>(
        &self,
        goals: &[Point],
        m: &Mover,
        blocked: &B,
        stop: Option<usize>,
    ) -> Field {
        self.near_doors(|near_door| self.walk(goals, m, blocked, stop, near_door))
    }

    /// The route cost from `from` to every square, walking as `m` does:
    /// the other way round from [`Board::distances_to`]. A square that
    /// `blocked` says (by board index; other than `from`) may be stepped on
    /// but not through.
    /// For any goals, the least value on them is the value
    /// [`Board::distances_to`] to those goals gives at `from`, so one walk
    /// from a monster answers how far it is to each of several heroes. The
    /// walk ends once every square in `targets` (board indexes) is final;
    /// farther squares may hold more than their cost.
    pub fn distances_from<B: Fn(usize) -> bool + ?Sized>(
        &self,
        from: Point,
        m: &Mover,
        blocked: &B,
        targets: &[usize],
    ) -> Field {
        self.walk_out(from, m, blocked, all_final(targets))
    }

    /// [`Board::distances_from`] that ends once the nearest of `targets` is
    /// final: the targets as near as it are final too, and every other one
    /// holds more than their distance (its own or [`FAR`]). For a caller
    /// that reads only the nearest targets (and whether there is one).
    pub fn distances_to_nearest<B: Fn(usize) -> bool + ?Sized>(
        &self,
        from: Point,
        m: &Mover,
        blocked: &B,
        targets: &[usize],
    ) -> Field {
        // At level d every square d or less away is final.
        self.walk_out(from, m, blocked, |dist: &[u32], d: u32| {
            targets.iter().any(|&t| dist[t] <= d)
        })
    }

    /// Which of `squares` can walk to `from` as `m` with nobody in the way
    /// (not [`FAR`] in [`Board::distances_to`] `from`), in order.
    ///
    /// A step's door is the same both ways and only the square entered
    /// decides whether a step can be made, so when `from` and every one of
    /// `squares` can be entered, a route from a square to `from` turned
    /// round is a route from `from` to it: one walk out of `from` that ends
    /// once all of them are reached answers, instead of a walk in over the
    /// whole board. Otherwise the walk in is made.
    pub fn can_walk_to(&self, from: Point, m: &Mover, squares: &[Point]) -> Vec<bool> {
        // A square a figure can stand on is on the board, so every one of
        // `squares` has an index here.
        let reach = if self.can_stand(from, m) && squares.iter().all(|&p| self.can_stand(p, m)) {
            let targets: Vec<usize> = squares.iter().filter_map(|&p| self.index(p)).collect();
            self.distances_from(from, m, &|_| false, &targets)
        } else {
            self.distances_to(&[from], m, &|_| false)
        };
        squares
            .iter()
            .map(|&p| self.index(p).is_some_and(|i| reach[i] != FAR))
            .collect()
    }

    /// Runs `f` with a flag on every square that touches a door's edge.
    fn near_doors<R>(&self, f: impl FnOnce(&[bool]) -> R) -> R {
        // The doors' squares, gone through again to clear them (no list kept).
        let door_squares = self
            .doors
            .iter()
            .flat_map(|d| d.edges.iter().flatten())
            .filter_map(|p| self.index(*p));
        with_flags(&NEAR_DOOR, self.len(), door_squares, f)
    }

    /// The cost of stepping into square `i` for mover `m`, doors aside
    /// (`None`: it cannot).
    #[inline]
    pub(super) fn enter_cost(&self, i: usize, m: &Mover) -> Option<u32> {
        enter_cost_of(self.cells[i], m)
    }

    /// [`Board::distances_from`] as far as `bound`: every square whose cost
    /// from `from` is `bound` or less has its final value; the walk goes no
    /// farther, so a farther square holds [`FAR`] or more than its cost.
    pub fn distances_from_within<B: Fn(usize) -> bool + ?Sized>(
        &self,
        from: Point,
        m: &Mover,
        blocked: &B,
        bound: u32,
    ) -> Field {
        self.walk_out(from, m, blocked, |_, d| d > bound)
    }

    /// A walk out of `from` ([`Board::dial`]) until `done` says so, with the
    /// squares that touch a door; every square [`FAR`] when `from` is off
    /// the board.
    fn walk_out<B: Fn(usize) -> bool + ?Sized>(
        &self,
        from: Point,
        m: &Mover,
        blocked: &B,
        done: impl FnMut(&[u32], u32) -> bool,
    ) -> Field {
        match self.index(from) {
            Some(start) => self.near_doors(|near_door| {
                self.dial::<true, false, B>(&[start], m, blocked, done, near_door)
            }),
            None => Field::new(self.len()),
        }
    }

    /// The walk of [`Board::field`], with the squares that touch a door: in
    /// from the goals, until `stop` (if any) is final.
    fn walk<B: Fn(usize) -> bool + ?Sized>(
        &self,
        goals: &[Point],
        m: &Mover,
        blocked: &B,
        stop: Option<usize>,
        near_door: &[bool],
    ) -> Field {
        let seeds: Vec<usize> = goals.iter().filter_map(|&g| self.index(g)).collect();
        let done = |dist: &[u32], d: u32| stop.is_some_and(|i| dist[i] <= d);
        match stop {
            // Only the squares a figure walking as `m` can stand on are
            // asked about: no other square is given a distance.
            Some(i) if self.enter_cost(i, m).is_some() => {
                self.dial::<false, true, B>(&seeds, m, blocked, done, near_door)
            }
            _ => self.dial::<false, false, B>(&seeds, m, blocked, done, near_door),
        }
    }

    /// Dijkstra's walk from `seeds` (distance 0) with a bucket queue
    /// (Dial's algorithm: every step costs 1 to a few points, so the
    /// squares at distance d are taken in turn from a ring of buckets
    /// instead of a heap), ending once `done` says so of the distances
    /// with every square at d or less final. `OUT`: the cost of stepping
    /// out of each square (a walk from a start); else into it (a walk in
    /// from goals, which gives each square's distance to them). A `blocked`
    /// square other than a seed is reached but not walked through. The
    /// door look-up is made only between two squares that touch a door.
    /// `STANDING` (walking in): only the squares a figure walking as `m`
    /// can stand on are given a distance. A square it cannot enter passes
    /// no distance on either way, so the others' distances are the same;
    /// this only saves queueing the walls along every room and corridor.
    ///
    /// Kept out of line: inlined into each of its callers, it came out of
    /// the compiler a little differently in each, and a change anywhere
    /// could move the cost of every walk by a few per cent either way.
    #[inline(never)]
    fn dial<const OUT: bool, const STANDING: bool, B: Fn(usize) -> bool + ?Sized>(
        &self,
        seeds: &[usize],
        m: &Mover,
        blocked: &B,
        mut done: impl FnMut(&[u32], u32) -> bool,
        near_door: &[bool],
    ) -> Field {
        // The dearest step: a hindering square behind a closed door.
        let max_step = 1u32
            .saturating_add(if m.flies { 0 } else { m.hindering_extra })
            .saturating_add(m.door_open.unwrap_or(0))
            .saturating_add(m.door_close.unwrap_or(0));
        if max_step > MAX_BUCKETED_STEP {
            return self.heap_walk::<OUT, B>(seeds, m, blocked, done, near_door);
        }
        let mut field = Field::new(self.len());
        // A ring of at least `max_step + 1` buckets, a power of two long so
        // a distance finds its bucket by a mask.
        let mask = (max_step as usize + 1).next_power_of_two() - 1;
        let mut buckets = Buckets::take(mask + 1);
        // The cost of entering each kind of cell, 0 where `m` cannot.
        let mut enter_of = [0u32; Cell::ALL.len()];
        for c in Cell::ALL {
            enter_of[c as usize] = enter_cost_of(c, m).unwrap_or(0);
        }
        // Every table the loop reads, cut to the board's length: with the
        // check on each square taken below, the compiler can see that its
        // four neighbours are in all of them and checks no index again.
        let n = self.len();
        let Field { dist, touched } = &mut field;
        let dist = &mut dist[..n];
        let cells = &self.cells[..n];
        let near_door = &near_door[..n];
        let ring = &mut buckets.0[..=mask];
        let enter_at = |i: usize| enter_of[cells[i] as usize];
        for &i in seeds {
            set_distance(dist, touched, i, 0);
            ring[0].push(i);
        }
        let cols = self.cols as usize;
        let mut queued = seeds.len();
        let mut d = 0u32;
        while queued > 0 {
            if done(dist, d) {
                break;
            }
            let slot = d as usize & mask;
            let mut here_now = std::mem::take(&mut ring[slot]);
            queued -= here_now.len();
            for &i in &here_now {
                // Taken again at a shorter distance already.
                if dist[i] != d {
                    continue;
                }
                // No square entered is on the rim, and a seed there leads
                // nowhere (see below); this test says so to the compiler.
                if i < cols || i + cols >= n {
                    continue;
                }
                // Walking in, every step into this square costs the same
                // but for doors; none can enter an impassable one.
                let enter = if OUT {
                    0
                } else {
                    match enter_at(i) {
                        0 => continue,
                        c => c,
                    }
                };
                // A figure standing on a square blocks routes through it.
                if d > 0 && blocked(i) {
                    continue;
                }
                // A square entered is not void, so not on the rim; a seed
                // on the rim (void, as it always is) leads nowhere.
                if d == 0 && self.on_rim(i) {
                    continue;
                }
                // One neighbour `j`: its cost from here, and its distance
                // lowered if this way is shorter. Written out for each of
                // the four (a loop over them costs more than the step), and
                // twice: `$near` is whether `i` touches a door, false for
                // most squares, where no step looks for one.
                macro_rules! step_to {
                    // Away from doors the squares are never read.
                    ($j:expr) => {
                        step_to!($j, false, Point { x: 0, y: 0 }, Point { x: 0, y: 0 })
                    };
                    // `$p`: this square; `$q`: neighbour `j`'s.
                    ($j:expr, from $p:expr, near $q:expr) => {
                        step_to!($j, true, $p, $q)
                    };
                    ($j:expr, $near:literal, $p:expr, $q:expr) => {
                        'step: {
                            let j = $j;
                            let c = if $near && near_door[j] {
                                // The step's cost onto its second square,
                                // whose cell is known by index.
                                let (p, q): (Point, Point) = ($p, $q);
                                let (a, b, onto) = if OUT { (p, q, j) } else { (q, p, i) };
                                match self.step_cost_onto(cells[onto], a, b, m, true) {
                                    Some(c) => c,
                                    None => break 'step,
                                }
                            } else if OUT {
                                match enter_at(j) {
                                    0 => break 'step,
                                    c => c,
                                }
                            } else {
                                enter
                            };
                            if STANDING && !OUT && enter_at(j) == 0 {
                                break 'step;
                            }
                            let nd = d + c;
                            if nd < dist[j] {
                                set_distance(dist, touched, j, nd);
                                // c is 1 to max_step, so nd lands in another
                                // bucket.
                                ring[nd as usize & mask].push(j);
                                queued += 1;
                            }
                        }
                    };
                }
                // North, east, south and west: every one is on the board,
                // as `i` is not on the rim.
                if near_door[i] {
                    // This square, turned from its index once (a division)
                    // for the four steps, which find doors by square.
                    let p = self.point(i);
                    step_to!(i - cols, from p, near Point { x: p.x, y: p.y - 1 });
                    step_to!(i + 1, from p, near Point { x: p.x + 1, y: p.y });
                    step_to!(i + cols, from p, near Point { x: p.x, y: p.y + 1 });
                    step_to!(i - 1, from p, near Point { x: p.x - 1, y: p.y });
                } else {
                    step_to!(i - cols);
                    step_to!(i + 1);
                    step_to!(i + cols);
                    step_to!(i - 1);
                }
            }
            here_now.clear();
            ring[slot] = here_now;
            d += 1;
        }
        buckets.put_back();
        field
    }

    /// [`Board::dial`] with a binary heap, for a mover whose steps can cost
    /// more than [`MAX_BUCKETED_STEP`] (no rule makes one; a ring of
    /// buckets that long would cost more than it saves).
    fn heap_walk<const OUT: bool, B: Fn(usize) -> bool + ?Sized>(
        &self,
        seeds: &[usize],
        m: &Mover,
        blocked: &B,
        mut done: impl FnMut(&[u32], u32) -> bool,
        near_door: &[bool],
    ) -> Field {
        let mut dist = Field::new(self.len());
        let mut heap = BinaryHeap::new();
        for &i in seeds {
            dist.set(i, 0);
            heap.push(Reverse((0u32, i)));
        }
        while let Some(Reverse((d, i))) = heap.pop() {
            if d > dist[i] {
                continue;
            }
            if done(&dist, d) {
                break;
            }
            let here = self.point(i);
            if d > 0 && blocked(i) {
                continue;
            }
            for p in Board::neighbours(here) {
                let Some(j) = self.index(p) else { continue };
                let near = near_door[i] && near_door[j];
                let c = if OUT {
                    self.step_cost_near(here, p, m, near)
                } else {
                    self.step_cost_near(p, here, m, near)
                };
                let Some(c) = c else { continue };
                let nd = d.saturating_add(c);
                if nd < dist[j] {
                    dist.set(j, nd);
                    heap.push(Reverse((nd, j)));
                }
            }
        }
        dist
    }

    /// The walk in from `goals` with a binary heap, whatever the steps
    /// cost (the bucket walk's check in the tests).
    #[cfg(test)]
    pub(super) fn distances_by_heap<B: Fn(usize) -> bool + ?Sized>(
        &self,
        goals: &[Point],
        m: &Mover,
        blocked: &B,
        near_door: &[bool],
        stop: Option<usize>,
    ) -> Field {
        let seeds: Vec<usize> = goals.iter().filter_map(|&g| self.index(g)).collect();
        let done = |dist: &[u32], d: u32| stop.is_some_and(|i| dist[i] <= d);
        self.heap_walk::<false, B>(&seeds, m, blocked, done, near_door)
    }

    /// The neighbours of `from` that lie on a shortest route along `dist`,
    /// clockwise from north.
    pub fn downhill(&self, from: Point, dist: &[u32], m: &Mover) -> Steps {
        let mut steps = Steps::default();
        // Off the outermost ring (where every square a figure stands is),
        // the four neighbours' indexes are steps of the index.
        if let Some(i) = self.inner_index(from) {
            let here = dist[i];
            if here == FAR || here == 0 {
                return steps;
            }
            let cols = self.cols as usize;
            // A door stands between `from` and a neighbour only on an edge
            // with `from` at one end: one look at the doors for every step.
            let near_door = self.touches_door(from);
            // A step costs at least 1, so only a nearer square can be next;
            // its cost with the cell looked up by index, and the doors only
            // when `from` touches one. Written out for each of the four
            // neighbours: left as a loop, the compiler unrolled it in some
            // builds and not in others, a third of this walk's cost either
            // way.
            let [north, east, south, west] = Board::neighbours(from);
            macro_rules! step_to {
                ($p:expr, $j:expr) => {
                    let (p, j) = ($p, $j);
                    let dj = dist[j];
                    if dj < here
                        && let Some(c) = self.step_cost_onto(self.cells[j], from, p, m, near_door)
                        && dj + c == here
                    {
                        steps.at[steps.len] = p;
                        steps.len += 1;
                    }
                };
            }
            step_to!(north, i - cols);
            step_to!(east, i + 1);
            step_to!(south, i + cols);
            step_to!(west, i - 1);
            return steps;
        }
        let Some(i) = self.index(from) else {
            return steps;
        };
        let here = dist[i];
        if here == FAR || here == 0 {
            return steps;
        }
        for p in Board::neighbours(from) {
            // A step costs at least 1, so only a nearer square can be next.
            let on_route = self.index(p).is_some_and(|j| {
                dist[j] < here
                    && self
                        .step_cost(from, p, m)
                        .is_some_and(|c| dist[j] + c == here)
            });
            if on_route {
                steps.at[steps.len] = p;
                steps.len += 1;
            }
        }
        steps
    }
}

impl Board {
    /// Would a walk that also blocks some squares give a field other than
    /// the one before? `field` is [`Board::distances_to_standing`] (or
    /// [`Board::distances_to`]) for mover `m` with the squares
    /// `was_blocked` says blocked; the new walk
    /// blocks every square `blocked` says (by index), which must include
    /// every square `was_blocked` does, and `newly` lists (at least) the
    /// squares it blocks that the old walk did not. The answer is the one
    /// comparing the two whole [`Board::distances_to`] fields gives, the
    /// squares no figure can stand on included, without the second walk.
    ///
    /// Blocking more can only lengthen routes, so the fields are equal
    /// exactly when every square keeps a neighbour that still passes its
    /// distance on: one the new walk takes (a goal, or not blocked) with
    /// `field[j] + step == field[i]`. A square's old neighbour that did so
    /// was taken by the old walk, so only the squares beside a newly
    /// blocked one can lose theirs; only those are looked at. A square no
    /// figure can stand on has, in the whole field, the least distance its
    /// neighbours pass on; it is worked out here from them.
    pub fn field_changes_if_blocked(
        &self,
        field: &[u32],
        m: &Mover,
        was_blocked: &dyn Fn(usize) -> bool,
        blocked: &dyn Fn(usize) -> bool,
        newly: &[usize],
    ) -> bool {
        // A square passed its distance on in the old walk (the walk went on
        // from it) when a figure can stand on it and it is a goal or was
        // not blocked.
        let passed = |j: usize| {
            field[j] != FAR
                && (field[j] == 0 || !was_blocked(j))
                && self.enter_cost(j, m).is_some()
                && !(field[j] == 0 && self.on_rim(j))
        };
        // The whole field's value on any square: its own, or for one no
        // figure can stand on, the least its neighbours passed on.
        // Each square below goes with its index, so no index is turned
        // back into a square (a division by the board's width).
        let on_board = |p: Point| Some((p, self.index(p)?));
        let whole = |at: Point, i: usize| {
            if field[i] == 0 || self.enter_cost(i, m).is_some() {
                return field[i];
            }
            Board::neighbours(at)
                .into_iter()
                .filter_map(on_board)
                .filter(|&(_, j)| passed(j))
                .filter_map(|(p, j)| Some(field[j] + self.step_cost(at, p, m)?))
                .min()
                .unwrap_or(FAR)
        };
        // A step costs at least 1: only a nearer square can pass a
        // distance on (and `to` is never FAR here).
        let passes_on = |p: Point, j: usize, to: u32, from: Point| {
            field[j] < to
                && (field[j] == 0 || !blocked(j))
                && self
                    .step_cost(from, p, m)
                    .is_some_and(|c| field[j] + c == to)
        };
        let keeps_a_way = |here: Point, d: u32| {
            Board::neighbours(here)
                .into_iter()
                .filter_map(on_board)
                .any(|(p, j)| passes_on(p, j, d, here))
        };
        newly.iter().any(|&q| {
            let (dq, at) = (field[q], self.point(q));
            dq != 0
                && dq != FAR
                && Board::neighbours(at)
                    .into_iter()
                    .filter_map(on_board)
                    .any(|(p, i)| {
                        let d = whole(p, i);
                        d != 0
                            && d != FAR
                            && d > dq
                            && self.step_cost(p, at, m).is_some_and(|c| dq + c == d)
                            && !keeps_a_way(p, d)
                    })
        })
    }
}

/// A square's neighbours on a shortest route ([`Board::downhill`]): up to
/// four, kept in place rather than in a new vector, read as a slice.
#[derive(Debug, Clone, Copy)]
pub struct Steps {
    at: [Point; 4],
    len: usize,
}

impl Default for Steps {
    fn default() -> Steps {
        Steps {
            at: [Point { x: 0, y: 0 }; 4],
            len: 0,
        }
    }
}

impl Steps {
    /// Keeps only the steps `keep` says yes to, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(Point) -> bool) {
        let mut kept = 0;
        for k in 0..self.len {
            let p = self.at[k];
            if keep(p) {
                self.at[kept] = p;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl std::ops::Deref for Steps {
    type Target = [Point];
    fn deref(&self) -> &[Point] {
        &self.at[..self.len]
    }
}

impl IntoIterator for Steps {
    type Item = Point;
    type IntoIter = std::iter::Take<std::array::IntoIter<Point, 4>>;
    fn into_iter(self) -> Self::IntoIter {
        self.at.into_iter().take(self.len)
    }
}
