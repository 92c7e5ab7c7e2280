//! Line of sight (L148-152, A26): an imaginary straight line from square
//! to square, blocked by walls, obstacles and shut doors, and by figures
//! between (Master Shot sees past them, L230-232). Water, pits and rock
//! slides do not block; a rock slide or a table right in front of the
//! target, on the shooter's side, is cover (L117-118, L298-301).
//!
//! A staircase (L324-326): a figure on one end sees the other ends of its
//! colour and the squares beside them, and they see it. The project's
//! reading: the step from the far end to the square beside it is a look
//! of its own (a shut door on that edge, or a diagonal squeezed between
//! walls, hides it; a figure on the far end hides what is beside it,
//! Master Shot aside); the staircase counts as one square for range, so
//! the far end is 1 away and a square beside it 2; and no such look is in
//! cover (the square before the target is the staircase end, where no
//! table or rock slide can be).

use crate::dw10::board::Ground;
use crate::dw10::play::state::{Map, Sq, State, adjacent, range};

/// The squares a straight line from the centre of `a` to the centre of
/// `b` crosses, both ends included ([`Ruler`](crate::core::geom::Ruler):
/// every square the ruler passes through, the same squares both ways).
pub fn line(a: Sq, b: Sq) -> Vec<Sq> {
    let p = |(x, y): Sq| crate::core::geom::Point { x, y };
    crate::core::geom::Ruler::new(p(a), p(b))
        .map(|q| (q.x, q.y))
        .collect()
}

/// What a look from `a` to `b` finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// Blocked.
    Hidden,
    /// In plain sight.
    Clear,
    /// In sight but in cover (only a 6 hits).
    Cover,
}

fn step_open(s: &State, map: &Map, p: Sq, q: Sq) -> bool {
    if p.0 != q.0 && p.1 != q.1 {
        let through = |e: Sq| {
            map.board.ground(e.0, e.1) != Ground::Solid
                && s.door_shut(p, e).is_none()
                && s.door_shut(e, q).is_none()
        };
        through((q.0, p.1)) || through((p.0, q.1))
    } else {
        s.door_shut(p, q).is_none()
    }
}

/// Can `a` see `b`, straight or through a staircase? `past_figures`:
/// figures between do not block (Master Shot).
pub fn look(s: &State, map: &Map, a: Sq, b: Sq, past_figures: bool) -> Look {
    let straight = look_straight(s, map, a, b, past_figures);
    if straight != Look::Clear && stair_look(s, map, a, b, past_figures).is_some() {
        return Look::Clear;
    }
    straight
}

/// How far `b` is from `a` through a staircase, if a figure on `a` sees
/// it that way (L324-326): 1 for the far end, 2 for a square beside it.
pub fn stair_look(s: &State, map: &Map, a: Sq, b: Sq, past_figures: bool) -> Option<u32> {
    if s.stairs.is_empty() {
        return None;
    }
    let one = |end: Sq, to: Sq| -> Option<u32> {
        s.other_ends(end)
            .filter_map(|e| {
                if e == to {
                    Some(1)
                } else if adjacent(e, to)
                    && step_open(s, map, e, to)
                    && (past_figures || s.at(e).is_none())
                {
                    Some(2)
                } else {
                    None
                }
            })
            .min()
    };
    [one(a, b), one(b, a)].into_iter().flatten().min()
}

/// Why a shot cannot be made along any line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoLine {
    /// Every line is longer than the range: the shortest.
    TooFar(u32),
    /// No line of sight.
    Hidden,
}

/// The line a shooter on `a` with range `max` has to `b`: straight, or
/// through a staircase (then never in cover), whichever sees it in range
/// (plain sight first).
pub fn line_of_fire(
    s: &State,
    map: &Map,
    a: Sq,
    b: Sq,
    past_figures: bool,
    max: u32,
) -> Result<Look, NoLine> {
    let via = stair_look(s, map, a, b, past_figures);
    let straight = range(a, b);
    let shortest = via.map_or(straight, |v| v.min(straight));
    if shortest > max {
        return Err(NoLine::TooFar(shortest));
    }
    let seen = if straight <= max {
        look_straight(s, map, a, b, past_figures)
    } else {
        Look::Hidden
    };
    match (seen, via.filter(|v| *v <= max)) {
        (Look::Clear, _) | (_, Some(_)) => Ok(Look::Clear),
        (Look::Cover, None) => Ok(Look::Cover),
        (Look::Hidden, None) => Err(NoLine::Hidden),
    }
}

/// [`look`] along the straight line alone.
///
/// One pass along the ruler's squares ([`line`]), no list of them: every
/// step must be open, and every square between the two ends neither solid
/// nor (unless `past_figures`) taken; any that fails hides `b`, so the
/// order of the checks does not matter. A step through an exact corner is
/// open when either way round it is ([`step_open`]); figures beside such a
/// corner never block it, as a figure may cut diagonally between two
/// models (L295). Walls, doors and figures are thus met the same both
/// ways, so whether `b` is hidden from `a` is whether `a` is from `b`
/// (cover, which is the target's, is not).
pub(super) fn look_straight(s: &State, map: &Map, a: Sq, b: Sq, past_figures: bool) -> Look {
    if a == b {
        return Look::Clear;
    }
    let p = |(x, y): Sq| crate::core::geom::Point { x, y };
    let mut squares = crate::core::geom::Ruler::new(p(a), p(b)).map(|q| (q.x, q.y));
    let mut prev = squares.next().unwrap_or(a);
    // The square before `b` (the cover square), once it is not `a`.
    let mut before_b = None;
    for q in squares {
        if !step_open(s, map, prev, q) {
            return Look::Hidden;
        }
        if q != b {
            if map.board.ground(q.0, q.1) == Ground::Solid {
                return Look::Hidden;
            }
            if !past_figures && s.at(q).is_some() {
                return Look::Hidden;
            }
            before_b = Some(q);
        }
        prev = q;
    }
    // The cover square (see `cover_square`).
    if let Some(p) = before_b
        && (map.board.ground(p.0, p.1) == Ground::RockSlide || s.table_on(p).is_some())
    {
        return Look::Cover;
    }
    Look::Clear
}

/// The square whose rock slide or table and chairs covers a figure on `b`
/// from a shooter on `a`: the last the line crosses before `b` (none when
/// the two stand side by side, as in a melee).
pub fn cover_square(a: Sq, b: Sq) -> Option<Sq> {
    let l = line(a, b);
    (l.len() >= 3).then(|| l[l.len() - 2])
}

/// Can `a` see `b` at all?
pub fn sees(s: &State, map: &Map, a: Sq, b: Sq) -> bool {
    look(s, map, a, b, true) != Look::Hidden
}

/// The pieces any living hero sees into or stands on.
pub fn seen_pieces(s: &State, map: &Map) -> Vec<u32> {
    let mut out = Vec::new();
    let eyes: Vec<Sq> = s
        .live_heroes()
        .iter()
        .filter_map(|h| s.hero(*h).body.at)
        .collect();
    if eyes.is_empty() {
        return out;
    }
    for y in 0..map.board.height {
        for x in 0..map.board.width {
            let Some(t) = map.tile((x, y)) else { continue };
            if s.revealed[t as usize] || out.contains(&t) {
                continue;
            }
            if map.board.ground(x, y) == Ground::Solid {
                continue;
            }
            if eyes.iter().any(|&e| sees(s, map, e, (x, y))) {
                out.push(t);
            }
        }
    }
    out.sort();
    out
}

/// Is a square out of every living hero's sight, and every familiar's
/// (a familiar's eyes are the party's, L591-592 and L598-599)?
pub fn unseen(s: &State, map: &Map, p: Sq) -> bool {
    s.live_heroes()
        .iter()
        .filter_map(|h| s.hero(*h).body.at)
        .chain(s.familiars().into_iter().map(|(_, q)| q))
        .all(|e| !sees(s, map, e, p))
}
