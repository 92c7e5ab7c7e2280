//! A model's walk (rule text L109): where it can go this turn and by which
//! squares ([`reach`], [`Reach`]), and who stands in a footprint
//! ([`occupant`]). The referee ([`super::rules`]) and the policy
//! ([`super::ai`]) both walk by it.

use super::grid::Grid;
use super::state::{Footprint, ModelId, State};
use crate::build::board::NEIGHBOURS;
use crate::core::geom::Point;
use crate::ddd::warparty::Ability;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Another model on a square of footprint `foot`, if any (`id` itself
/// does not count).
pub fn occupant(st: &State, id: ModelId, foot: Footprint) -> Option<ModelId> {
    foot.squares()
        .find_map(|p| st.at(p).filter(|f| f.id != id).map(|f| f.id))
}

/// Where a model can walk this turn: the cheapest cost to every square
/// (for a Huge model, every square its north-west square can reach).
#[derive(Debug, Clone)]
pub struct Reach {
    /// Cost to each square (by board index); `u32::MAX` where none goes.
    pub dist: Vec<u32>,
    prev: Vec<u32>,
}

impl Reach {
    /// May model `id` end its walk on `p`, with `moves` squares of movement?
    pub fn can_end(&self, st: &State, grid: &Grid, id: ModelId, p: Point, moves: u32) -> bool {
        if !grid.board.contains(p) || self.dist[grid.board.index(p)] > moves {
            return false;
        }
        let foot = Footprint::new(p, st.fig(id).huge());
        grid.fits(foot) && occupant(st, id, foot).is_none()
    }

    /// The squares entered on the way to `to`, in order.
    pub fn path(&self, grid: &Grid, to: Point) -> Vec<Point> {
        let mut out = Vec::new();
        let mut i = grid.board.index(to);
        while self.dist[i] > 0 {
            out.push(grid.board.point(i));
            i = self.prev[i] as usize;
        }
        out.reverse();
        out
    }
}

/// The walk of model `id` from its square (L109): diagonals allowed,
/// difficult ground 2 (Flight and Phase: 1), through friends not in close
/// combat and not Huge, never through enemies; a square next to an enemy
/// ends the walk; Undead keep out of a Holy Aura's reach (L94); trapped
/// squares are walked round (only a walk that ends on one springs it).
/// A Huge model moves its whole block a square at a time: every square of
/// it must make the step, and the step costs what the dearest square
/// entered costs.
///
/// The walk goes only as far as `budget` (the squares of movement left):
/// every square it costs at most that to reach has its cost and its way
/// as a walk with no bound would give them (the walk takes its squares in
/// the same order up to there); a square dearer than `budget` is given
/// `u32::MAX`, as [`Reach::can_end`] refuses it either way.
pub fn reach(st: &State, grid: &Grid, id: ModelId, budget: u32) -> Reach {
    let me = st.fig(id);
    let huge = me.huge();
    let b = &grid.board;
    let n = b.cells.len();
    let mut dist = vec![u32::MAX; n];
    let mut prev = vec![u32::MAX; n];
    let light = me.has(Ability::Flight) || me.has(Ability::Phase);
    let phase = me.has(Ability::Phase);
    let undead = me.has(Ability::Undead);
    let foes: Vec<Footprint> = st
        .figures
        .iter()
        .filter(|f| f.id.team != id.team && f.engages())
        .map(|f| f.footprint())
        .collect();
    let auras: Vec<Footprint> = st
        .figures
        .iter()
        .filter(|f| undead && f.id.team != id.team && f.on_board() && f.has(Ability::HolyAura))
        .map(|f| f.footprint())
        .collect();
    // The squares it may not pass: enemies', and friends' in close combat
    // or Huge.
    let mut walled = vec![false; n];
    for f in st.figures.iter().filter(|f| f.on_board() && f.id != id) {
        if f.id.team != id.team || f.huge() || st.in_combat(f.id) {
            for p in f.footprint().squares() {
                if b.contains(p) {
                    walled[b.index(p)] = true;
                }
            }
        }
    }
    let blocked_square = |p: Point| -> bool { b.contains(p) && walled[b.index(p)] };
    let blocked = |foot: Footprint| {
        if huge {
            foot.squares().any(blocked_square)
        } else {
            blocked_square(foot.at)
        }
    };
    let start = b.index(me.at);
    dist[start] = 0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        let p = b.point(i);
        let here = Footprint::new(p, huge);
        if i != start && foes.iter().any(|f| f.gap(&here) == 1) {
            continue;
        }
        if i != start && !st.traps.is_empty() && st.traps.iter().any(|t| here.covers(t.at)) {
            continue;
        }
        for (dir, (dx, dy)) in NEIGHBOURS.into_iter().enumerate() {
            let q = Point {
                x: p.x + dx,
                y: p.y + dy,
            };
            if !b.contains(q) {
                continue;
            }
            let there = Footprint::new(q, huge);
            let step_ok = if huge {
                grid.passable_foot(there, phase) && grid.can_step_foot(st, here, q, phase)
            } else if phase {
                grid.can_step(st, p, q, phase)
            } else {
                let ok = grid.can_step_to(st, i, dir);
                debug_assert_eq!(ok, grid.can_step(st, p, q, false), "{p:?} to {q:?}");
                ok
            };
            if !step_ok || blocked(there) {
                continue;
            }
            if auras.iter().any(|a| a.gap(&there) <= 1) {
                continue;
            }
            let j = b.index(q);
            let c = if light {
                1
            } else if huge {
                there
                    .squares()
                    .filter(|s| !here.covers(*s))
                    .map(|s| b.cells[b.index(s)].cost())
                    .max()
                    .unwrap_or(1)
            } else {
                b.cells[j].cost()
            };
            let nd = d + c;
            if nd <= budget && nd < dist[j] {
                dist[j] = nd;
                prev[j] = i as u32;
                heap.push(Reverse((nd, j)));
            }
        }
    }
    Reach { dist, prev }
}
