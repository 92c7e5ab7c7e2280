//! Shortest walks over a grid of squares whose steps cost small whole
//! numbers: Dijkstra's walk with a ring of buckets instead of a heap
//! (Dial's algorithm). The squares at distance d are taken in turn from
//! bucket `d mod ring`, so a walk costs a push and a pop per step with no
//! heap ordering. The distances are the ones any shortest-path walk
//! gives; only the order squares are taken in differs, which no caller
//! of [`distances`] reads.
//!
//! The MKD Adventure's route walks have a tuned walk of their own
//! (`mkd::play::board::walk`); this one is the plain form for the other
//! games' planners.

/// "No route" in a field [`distances`] gives.
pub const FAR: u32 = u32::MAX;

/// What a walk's `steps` function is handed: the square being taken, at
/// its final distance, and the way to offer each neighbour it can step to.
pub struct Steps<'a> {
    dist: &'a mut [u32],
    ring: &'a mut [Vec<usize>],
    queued: &'a mut usize,
    mask: usize,
    max_step: u32,
    d: u32,
}

impl Steps<'_> {
    /// Offers square `j` at this square's distance plus `cost` (1 to the
    /// walk's `max_step`): kept if no shorter way to `j` is known yet.
    #[inline]
    pub fn to(&mut self, j: usize, cost: u32) {
        // A step of 0 would land in the bucket being emptied, one over
        // the ring's length in one still to come round: both would be
        // taken at the wrong time. The callers' costs are bounded by
        // constants checked when compiling.
        debug_assert!(
            (1..=self.max_step).contains(&cost),
            "step cost {cost} outside 1..={}",
            self.max_step
        );
        let nd = self.d + cost;
        if nd < self.dist[j] {
            self.dist[j] = nd;
            self.ring[nd as usize & self.mask].push(j);
            *self.queued += 1;
        }
    }
}

/// The walking distance from the nearest of `seeds` to each of `len`
/// squares ([`FAR`] where there is no way), every step costing 1 to
/// `max_step`. `steps(i, s)` offers, through `s`, each square one step on
/// from square `i` and that step's cost ([`Steps::to`]); it is asked once
/// for each square reached, when that square's distance is final.
pub fn distances(
    len: usize,
    seeds: impl IntoIterator<Item = usize>,
    max_step: u32,
    steps: impl FnMut(usize, &mut Steps),
) -> Vec<u32> {
    distances_to_all(len, seeds, max_step, &[], steps)
}

/// [`distances`] as far as `targets` (square indexes) need it: the walk
/// ends once every target's distance is final (or no square is left to
/// take), so each target holds its distance, as does every square nearer
/// the seeds than the farthest target; other squares may hold more than
/// theirs, or [`FAR`]. With no targets the walk is whole.
pub fn distances_to_all(
    len: usize,
    seeds: impl IntoIterator<Item = usize>,
    max_step: u32,
    targets: &[usize],
    mut steps: impl FnMut(usize, &mut Steps),
) -> Vec<u32> {
    let mut dist = vec![FAR; len];
    // A ring longer than the dearest step, a power of two so a distance
    // finds its bucket by a mask.
    let mask = (max_step as usize + 1).next_power_of_two() - 1;
    // The buckets of this thread's last walk, their room reused (a walk
    // within a walk's `steps` finds none and makes its own).
    let mut spare = RING.with(|r| std::mem::take(&mut *r.borrow_mut()));
    for bucket in &mut spare {
        bucket.clear();
    }
    spare.resize_with(spare.len().max(mask + 1), Vec::new);
    let ring = &mut spare[..=mask];
    let mut queued = 0usize;
    for i in seeds {
        if dist[i] != 0 {
            dist[i] = 0;
            ring[0].push(i);
            queued += 1;
        }
    }
    let mut d = 0u32;
    // Targets before `first` are final (at level d every square d or less
    // away is); none with no targets, so the walk goes on to the end.
    let mut first = 0;
    while queued > 0 {
        while first < targets.len() && dist[targets[first]] <= d {
            first += 1;
        }
        if !targets.is_empty() && first == targets.len() {
            break;
        }
        let slot = d as usize & mask;
        let mut now = std::mem::take(&mut ring[slot]);
        queued -= now.len();
        for &i in &now {
            // Queued again at a shorter distance since.
            if dist[i] != d {
                continue;
            }
            let mut s = Steps {
                dist: &mut dist,
                ring: &mut *ring,
                queued: &mut queued,
                mask,
                max_step,
                d,
            };
            steps(i, &mut s);
        }
        now.clear();
        ring[slot] = now;
        d += 1;
    }
    // A thread that is ending has no spare left; the buckets just go.
    let _ = RING.try_with(|r| *r.borrow_mut() = spare);
    dist
}

thread_local! {
    /// The buckets of the thread's last walk, kept for the next.
    static RING: std::cell::RefCell<Vec<Vec<usize>>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// A random grid: `w × h` squares, some walls, each square a cost to
    /// enter (1 to `max_step`).
    struct Grid {
        w: usize,
        h: usize,
        enter: Vec<Option<u32>>,
    }

    impl Grid {
        fn random(rng: &mut Xoshiro256PlusPlus, max_step: u32) -> Grid {
            let (w, h) = (
                2 + (rng.next_u32() % 20) as usize,
                2 + (rng.next_u32() % 20) as usize,
            );
            let enter = (0..w * h)
                .map(|_| match rng.next_u32() % 5 {
                    0 => None,
                    _ => Some(1 + rng.next_u32() % max_step),
                })
                .collect();
            Grid { w, h, enter }
        }

        /// The squares one step from `i` (eight ways) and their costs.
        fn next(&self, i: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
            let (x, y) = ((i % self.w) as i64, (i / self.w) as i64);
            (-1..=1i64)
                .flat_map(move |dy| (-1..=1i64).map(move |dx| (x + dx, y + dy)))
                .filter(move |&(a, b)| (a, b) != (x, y))
                .filter(|&(a, b)| a >= 0 && b >= 0 && a < self.w as i64 && b < self.h as i64)
                .map(|(a, b)| b as usize * self.w + a as usize)
                .filter_map(|j| self.enter[j].map(|c| (j, c)))
        }
    }

    /// The same walk with a binary heap, as the planners walked before.
    fn by_heap(g: &Grid, seeds: &[usize]) -> Vec<u32> {
        let mut dist = vec![FAR; g.w * g.h];
        let mut heap = BinaryHeap::new();
        for &i in seeds {
            dist[i] = 0;
            heap.push(Reverse((0u32, i)));
        }
        while let Some(Reverse((d, i))) = heap.pop() {
            if d > dist[i] {
                continue;
            }
            for (j, c) in g.next(i) {
                if d + c < dist[j] {
                    dist[j] = d + c;
                    heap.push(Reverse((d + c, j)));
                }
            }
        }
        dist
    }

    #[test]
    fn the_ring_of_buckets_gives_the_heaps_distances_on_random_grids() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
        let mut reached = 0;
        for case in 0..600 {
            // Steps up to 1, 2, … 24: rings of 2 to 32 buckets.
            let max_step = 1 + case % 24;
            let g = Grid::random(&mut rng, max_step);
            let n = g.w * g.h;
            let seeds: Vec<usize> = (0..1 + case as usize % 3)
                .map(|_| rng.next_u32() as usize % n)
                .collect();
            let want = by_heap(&g, &seeds);
            let got = distances(n, seeds.iter().copied(), max_step, |i, s| {
                for (j, c) in g.next(i) {
                    s.to(j, c);
                }
            });
            assert_eq!(got, want, "case {case}");
            reached += got.iter().filter(|&&d| d != FAR && d > 0).count();
            // Stopped once a few targets are final: each holds its
            // distance, so does every square as near as the farthest, and
            // no square holds less than its distance.
            let targets: Vec<usize> = (0..case as usize % 4)
                .map(|_| rng.next_u32() as usize % n)
                .collect();
            let part = distances_to_all(n, seeds.iter().copied(), max_step, &targets, |i, s| {
                for (j, c) in g.next(i) {
                    s.to(j, c);
                }
            });
            let far = targets.iter().map(|&t| want[t]).max().unwrap_or(FAR);
            for i in 0..n {
                assert!(part[i] >= want[i], "case {case} square {i}");
                if targets.contains(&i) || want[i] <= far {
                    assert_eq!(part[i], want[i], "case {case} square {i}");
                }
            }
        }
        // The grids are not all walls: the walks went somewhere.
        assert!(reached > 10_000, "{reached}");
    }

    #[test]
    fn no_seed_reaches_nothing_and_a_seed_twice_counts_once() {
        let none = distances(4, [], 3, |_, _| panic!("no square is taken"));
        assert_eq!(none, [FAR; 4]);
        // A line of four squares, each step 2.
        let line = distances(4, [0, 0], 2, |i, s| {
            if i + 1 < 4 {
                s.to(i + 1, 2);
            }
        });
        assert_eq!(line, [0, 2, 4, 6]);
    }
}
