//! Analysing a laid-out dungeon as graphs (build steps 6 and 7).
//!
//! Two graphs: the **tile graph** (petgraph; a node per tile, an edge per
//! connection) gives each tile's depth from the entrance and so the Central
//! Chamber; the **square graph** (a node per passable square, an edge between
//! orthogonal neighbours, across tile borders too; walked on the grid
//! itself) gives walking distances.
//!
//! ```text
//!  tile graph            H9 (entrance, depth 0)
//!                        |
//!                        C2 (1) ── H4 (2) ── C7 (3)  ◀ Central Chamber
//! ```
//!
//! Walking is orthogonal, one square per step, over floor, hindering terrain
//! and water; walls, blocking terrain and crevices stop it.

use crate::build::layout::{Grid, Layout};
use crate::core::dice::{Dice, Lazy};
use crate::tileset::TileKind;
use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::Bfs;
use std::collections::VecDeque;

/// What the graphs tell about a dungeon.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Node `i` is tile `i`; an edge per connected pair.
    pub tile_graph: UnGraph<usize, ()>,
    /// Connected pairs of tiles, ascending and sorted.
    pub connections: Vec<[usize; 2]>,
    /// Tiles from the entrance tile, per tile (`None` if unreachable).
    pub depth: Vec<Option<u32>>,
    /// The Central Chamber's tile index.
    pub central_chamber: usize,
    /// Its depth.
    pub central_depth: u32,
    /// Local squares of the entrance entryway.
    pub entrance_squares: Vec<(i32, i32)>,
    /// Walking distance from the entrance per grid square (row-major,
    /// [`UNREACHED`] off the walk); read it with [`Analysis::walk_at`].
    walk: Vec<u32>,
    /// Can the heroes get inside the Central Chamber on foot from the entrance
    /// (onto a square with a passable neighbour in the chamber)?
    pub reaches_central: bool,
}

/// The walk store's mark for a square the walk never reaches.
pub const UNREACHED: u32 = u32::MAX;

/// Walking distances from `sources` (row-major indexes) over a
/// `width`-wide grid of `len` squares, where `passable(k)` says whether
/// square `k` can be walked and at most `most` squares are passable (the
/// queue's room; `len` will always do): a breadth-first walk over the square graph —
/// passable squares, an edge between orthogonal neighbours, across tile
/// borders too. Row-major, [`UNREACHED`] where the walk does not get. With
/// a `goal`, the walk stops once the goal's distance is known.
///
/// The grid is the graph: walking it directly saves building a graph of a
/// few hundred nodes for every analysis (step 7 analyses each orientation
/// it tries), and the walk goes by row-major index, so a step is an
/// addition rather than a bounds-checked lookup. The build's analysis and
/// the batch index (which walks a scenario file's grid) share it.
pub fn walk_squares(
    width: usize,
    len: usize,
    most: usize,
    passable: impl Fn(usize) -> bool,
    sources: impl IntoIterator<Item = usize>,
    goal: Option<usize>,
) -> Vec<u32> {
    let w = width;
    let mut walk = vec![UNREACHED; len];
    // A breadth-first queue never needs more than one slot per passable
    // square, plus one for the write a step makes before it knows whether
    // to keep it.
    let mut queue: Vec<u32> = vec![0; most.min(len) + 1];
    let mut tail = 0;
    for k in sources {
        if k < len && passable(k) && walk[k] == UNREACHED {
            walk[k] = 0;
            queue[tail] = k as u32;
            tail += 1;
        }
    }
    let mut head = 0;
    while head < tail {
        let k = queue[head] as usize;
        head += 1;
        if goal == Some(k) {
            break;
        }
        let d = walk[k] + 1;
        let x = k % w;
        // Without branches on whether a neighbour is new: which of them are
        // is as good as random, and mispredicted branches were most of the
        // walk's time.
        let mut step = |n: usize| {
            let new = (walk[n] == UNREACHED) & passable(n);
            walk[n] = if new { d } else { walk[n] };
            queue[tail] = n as u32;
            tail += usize::from(new);
        };
        // East, west, south, north; a neighbour off the box is skipped.
        if x + 1 < w {
            step(k + 1);
        }
        if x > 0 {
            step(k - 1);
        }
        if k + w < len {
            step(k + w);
        }
        if k >= w {
            step(k - w);
        }
    }
    walk
}

/// Walking distances from `sources` over a layout's grid.
fn walk_from(grid: &Grid, sources: &[(i32, i32)]) -> Vec<u32> {
    let cells = grid.cells();
    let starts = sources
        .iter()
        .filter(|&&(x, y)| grid.inside(x, y))
        .map(|&(x, y)| grid.index(x, y));
    walk_squares(
        grid.width as usize,
        cells.len(),
        // Only tile squares are passable; the box's void is not.
        grid.square_count(),
        |k| cells[k].passable(),
        starts,
        None,
    )
}

/// Steps from `from` to every node of the graph (`None`: not connected):
/// petgraph's breadth-first traversal, which visits nodes in order of
/// distance, so each node's distance is one more than that of its nearest
/// neighbour already visited.
pub fn steps_from<N, E>(g: &UnGraph<N, E>, from: NodeIndex) -> Vec<Option<u32>> {
    let mut dist: Vec<Option<u32>> = vec![None; g.node_count()];
    let mut bfs = Bfs::new(g, from);
    while let Some(n) = bfs.next(g) {
        dist[n.index()] = if n == from {
            Some(0)
        } else {
            g.neighbors(n)
                .filter_map(|m| dist[m.index()])
                .min()
                .map(|d| d + 1)
        };
    }
    dist
}

/// The tile graph of `n` tiles: a node per tile (weighted with its index),
/// an edge per connection (each naming two tiles below `n`).
pub fn tile_graph(n: usize, connections: &[[usize; 2]]) -> (UnGraph<usize, ()>, Vec<NodeIndex>) {
    let mut g = UnGraph::with_capacity(n, connections.len());
    let nodes: Vec<NodeIndex> = (0..n).map(|i| g.add_node(i)).collect();
    for c in connections {
        g.add_edge(nodes[c[0]], nodes[c[1]], ());
    }
    (g, nodes)
}

/// Build step 6: the graphs, each tile's depth, and the Central Chamber (the
/// chamber the most tiles from the entrance; a roll breaks ties). Also walks
/// from the entrance for step 7.
pub fn analyse(layout: &Layout, grid: &Grid, dice: &mut Dice) -> Analysis {
    let connections = grid.connections();
    let (tile_graph, nodes) = tile_graph(layout.tiles.len(), &connections);
    let depth = steps_from(&tile_graph, nodes[layout.entrance.tile]);
    let kind_ok = |i: usize| layout.tiles[i].kind == TileKind::Chamber;
    let has_chamber = (0..layout.tiles.len()).any(kind_ok);
    let candidates_depth = (0..layout.tiles.len())
        .filter(|&i| !has_chamber || kind_ok(i))
        .filter_map(|i| depth[i])
        .max()
        .unwrap_or(0);
    let candidates: Vec<usize> = (0..layout.tiles.len())
        .filter(|&i| (!has_chamber || kind_ok(i)) && depth[i] == Some(candidates_depth))
        .collect();
    let what = Lazy(|f: &mut std::fmt::Formatter<'_>| {
        let names: Vec<&str> = candidates
            .iter()
            .map(|&i| layout.tiles[i].id.as_ref())
            .collect();
        write!(
            f,
            "Central Chamber among {} ({} tiles from the entrance)",
            names.join(", "),
            candidates_depth
        )
    });
    let k = dice.choose_d6(candidates.len(), &what, |k| {
        layout.tiles[candidates[k]].id.to_string()
    });
    let central_chamber = candidates[k];
    if candidates.len() == 1 {
        dice.note(format_args!(
            "Central Chamber: {}, {} tiles from the entrance",
            layout.tiles[central_chamber].id, candidates_depth
        ));
    }

    let et = &layout.tiles[layout.entrance.tile];
    let entrance_squares: Vec<(i32, i32)> = et
        .entryway_squares(&layout.entrance.entryway)
        .into_iter()
        .map(|(x, y)| grid.local(x, y))
        .collect();
    let walk = walk_from(grid, &entrance_squares);
    // Reaching the chamber means getting inside it, not only onto its
    // threshold: a reached square with a passable neighbour in the chamber.
    let reaches_central = grid.squares_of(central_chamber).iter().any(|&(x, y)| {
        walk[grid.index(x, y)] != UNREACHED
            && [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&(dx, dy)| {
                grid.owner(x + dx, y + dy) == Some(central_chamber)
                    && grid.cell(x + dx, y + dy).passable()
            })
    });
    Analysis {
        tile_graph,
        connections,
        depth,
        central_chamber,
        central_depth: candidates_depth,
        entrance_squares,
        walk,
        reaches_central,
    }
}

impl Analysis {
    /// Walking distance from the entrance to a local square.
    pub fn walk_at(&self, grid: &Grid, x: i32, y: i32) -> Option<u32> {
        if grid.inside(x, y) {
            Some(self.walk[grid.index(x, y)]).filter(|&d| d != UNREACHED)
        } else {
            None
        }
    }

    /// A shortest tile path from the entrance tile to `to` (inclusive).
    pub fn tile_path(&self, from: usize, to: usize) -> Vec<usize> {
        let g = &self.tile_graph;
        let mut prev: Vec<Option<usize>> = vec![None; g.node_count()];
        let mut seen = vec![false; g.node_count()];
        let mut queue = VecDeque::from([from]);
        seen[from] = true;
        // One buffer for every node's neighbours (sorted, so ties between
        // shortest paths go the same way whatever the graph's edge order).
        let mut next: Vec<usize> = Vec::new();
        while let Some(n) = queue.pop_front() {
            if n == to {
                break;
            }
            next.clear();
            next.extend(g.neighbors(NodeIndex::new(n)).map(|m| m.index()));
            next.sort_unstable();
            for &m in &next {
                if !seen[m] {
                    seen[m] = true;
                    prev[m] = Some(n);
                    queue.push_back(m);
                }
            }
        }
        let mut path = vec![to];
        let mut cur = to;
        while let Some(p) = prev[cur] {
            path.push(p);
            cur = p;
        }
        path.reverse();
        if path.first() == Some(&from) {
            path
        } else {
            Vec::new()
        }
    }

    /// Build step 7: the tile that stops the walk to the Central Chamber —
    /// the last tile on a shortest tile path that the walk reaches, when the
    /// next one on the path is not reached. `None` when the walk gets there.
    pub fn blocking_tile(&self, layout: &Layout, grid: &Grid) -> Option<usize> {
        if self.reaches_central {
            return None;
        }
        let reached = |t: usize| {
            grid.squares_of(t)
                .iter()
                .any(|&(x, y)| self.walk[grid.index(x, y)] != UNREACHED)
        };
        let path = self.tile_path(layout.entrance.tile, self.central_chamber);
        let mut last = *path.first()?;
        for &t in &path {
            if !reached(t) {
                return Some(last);
            }
            last = t;
        }
        Some(last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ```text
    ///   0 ── 1 ── 2        5 (alone)
    ///   │         │
    ///   3 ─────── 4
    /// ```
    #[test]
    fn steps_count_the_shortest_way_round_and_leave_the_unconnected_out() {
        let mut g: UnGraph<(), ()> = UnGraph::new_undirected();
        let n: Vec<NodeIndex> = (0..6).map(|_| g.add_node(())).collect();
        for (a, b) in [(0, 1), (1, 2), (0, 3), (3, 4), (4, 2)] {
            g.add_edge(n[a], n[b], ());
        }
        assert_eq!(
            steps_from(&g, n[0]),
            [Some(0), Some(1), Some(2), Some(1), Some(2), None]
        );
        assert_eq!(steps_from(&g, n[2])[3], Some(2));
    }

    /// ```text
    ///   S . # .
    ///   . # . .
    ///   . . . G
    /// ```
    #[test]
    fn the_walk_goes_round_walls_and_stops_at_the_goal() {
        let rows = ["S.#.", ".#..", "...G"];
        let w = 4;
        let open: Vec<bool> = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| b != b'#'))
            .collect();
        let full = walk_squares(w, open.len(), open.len(), |k| open[k], [0], None);
        assert_eq!(full[11], 5);
        assert_eq!(full[2], UNREACHED);
        assert_eq!(full[3], 7, "round by the south and up the east side");
        let to_goal = walk_squares(w, open.len(), open.len(), |k| open[k], [0], Some(11));
        assert_eq!(to_goal[11], 5);
    }
}
