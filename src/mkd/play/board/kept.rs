//! Fields walked in to a square and kept for the next walk that asks the
//! same: a hero moving a square at a time along a route asks, command after
//! command, for the field to the same goals round the same figures, only
//! from a square nearer them.

use super::walk::{FAR, Field};
use super::{Board, Mover};
use crate::core::recent::Same;
use crate::core::reuse::with_flags;
use crate::scenario::Point;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// The field to `goals` for `m`, the squares in `blocked` (board indexes,
/// sorted, each once) blocking routes through them, walked as far as a
/// walk from `from` needs ([`Board::distances_to_reach`]), or whole
/// (`None`: from outside the board, [`Board::distances_to`]). One this
/// thread walked before with the same board, walk, blocked squares and
/// goals is given instead while it reaches far enough.
///
/// Far enough: a walk stopped at square `p` leaves final every value up to
/// `p`'s. A route from a square `q` whose value there is no more than `p`'s
/// reads only its start and the squares downhill of it, each below `q`'s
/// value ([`Board::downhill`] passes over a neighbour at that value or
/// more, and an unfinished value is never below the final one). Those
/// values are final in the kept field and in a new walk stopped at `q`
/// alike, so the route and its cost are the same either way.
pub fn reach_field(
    board: &Arc<Board>,
    goals: &[Point],
    m: &Mover,
    blocked: &[usize],
    from: Option<Point>,
) -> Rc<Field> {
    let stop = from.and_then(|p| board.idx(p));
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        let at = kept.iter().position(|e| {
            Arc::ptr_eq(&e.board.0, board)
                && e.mover == *m
                && e.blocked == blocked
                && e.goals == goals
        });
        if let Some(i) = at {
            let e = &kept[i];
            let enough = match (stop, e.level) {
                (_, None) => true,
                (Some(s), Some(level)) => e.field[s] <= level,
                (None, Some(_)) => false,
            };
            if enough {
                let e = kept.remove(i);
                let field = e.field.clone();
                kept.insert(0, e);
                return field;
            }
        }
        let field = Rc::new(with_flags(
            &MARKS,
            board.len(),
            blocked.iter().copied(),
            |marked| {
                let blocked = |i: usize| marked[i];
                match from {
                    Some(p) => board.distances_to_reach(goals, p, m, &blocked),
                    None => board.distances_to(goals, m, &blocked),
                }
            },
        ));
        // The walk ends once `stop`'s value is final; one that never
        // reached it went over the whole board, and every value it gave is
        // final. (It may still have left out the squares a figure cannot
        // stand on, so it is no field from outside: that is `None` alone.)
        let level = stop.map(|s| field[s].min(FAR - 1));
        let entry = Kept {
            board: Same(board.clone()),
            mover: *m,
            blocked: blocked.to_vec(),
            goals: goals.to_vec(),
            field: field.clone(),
            level,
        };
        match at {
            Some(i) => {
                kept.remove(i);
            }
            None if kept.len() >= KEPT_FIELDS => {
                kept.pop();
            }
            None => {}
        }
        kept.insert(0, entry);
        field
    })
}

/// A kept field and what it was walked for.
struct Kept {
    board: Same<Board>,
    mover: Mover,
    blocked: Vec<usize>,
    goals: Vec<Point>,
    field: Rc<Field>,
    /// Every value up to this one is final; `None`: walked from outside
    /// ([`Board::distances_to`]), every square's value final.
    level: Option<u32>,
}

/// How many fields a thread keeps.
const KEPT_FIELDS: usize = 8;

thread_local! {
    /// The kept fields, the most recently used first.
    static KEPT: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
    /// The flags the walks read the blocked squares from.
    static MARKS: RefCell<Vec<bool>> = const { RefCell::new(Vec::new()) };
}
