//! Walking (L107-136, L294-316): every square a figure can reach with its
//! movement, cheapest first.
//!
//! - A step costs the square's terrain (clear 1, rock slide 2) plus 1 on a
//!   diagonal (the project's reading of L113-116 with L294-297: a diagonal
//!   onto a rock slide costs 3). Water, walls and obstacles cannot be
//!   entered; a pit is jumped straight across for 3 onto a square to stop on.
//! - A diagonal cuts one corner, never squeezes between two walls.
//! - Friends are passed, enemies are not (Stealth passes both).
//! - A figure that enters an enemy's kill zone stops there (Stealth does
//!   not); a hero that steps on a `?` counter stops there.
//! - Shut doors stop walking; a monster opens a plain door in a revealed
//!   piece for 2 on the way (L559-562), a slime slips under any closed door.
//! - A figure ends on clear floor, never on another figure; a monster never
//!   ends on a teleporter (L362-363).
//! - A figure of movement 3 or less does not jump pits: it crosses one only
//!   from the square where it waited a whole Mover's Action Phase, for all
//!   its points (L309-313).
//! - A door held by Hold Portal stays shut to monsters (the slime aside).
//! - While a hero wards with a camp fire, monsters of 4 or more attack dice
//!   come no nearer than 3 squares to it (L373-377).
//! - A figure moved by Control Enemy goes through kill zones (L122-125).
//! - A familiar (L598) walks like a hero's figure with its own movement
//!   (a flyer as Fly does), and takes a staircase on the way for 1;
//!   nobody ends on its square, heroes pass it, monsters do not.

use crate::dw10::board::Ground;
use crate::dw10::features::FeatureKind;
use crate::dw10::figures::Ability;
use crate::dw10::play::state::{FeatureId, Map, SideId, Sq, State, Who};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The squares a figure can reach, and how.
#[derive(Debug, Clone)]
pub struct Reach {
    width: i32,
    cost: Vec<Option<u32>>,
    prev: Vec<Option<Sq>>,
    /// Doors a monster opens on its way, by the square they lead into.
    door: Vec<Option<FeatureId>>,
    start: Sq,
}

impl Reach {
    fn k(&self, p: Sq) -> usize {
        (p.1 * self.width + p.0) as usize
    }

    /// The cost to reach a square, if reachable.
    pub fn cost(&self, p: Sq) -> Option<u32> {
        if p.0 < 0 || p.1 < 0 || p.0 >= self.width {
            return None;
        }
        self.cost.get(self.k(p)).copied().flatten()
    }

    /// The squares from the start to `p` (start left out), with the doors
    /// opened on the way.
    pub fn path(&self, p: Sq) -> (Vec<Sq>, Vec<FeatureId>) {
        let mut out = Vec::new();
        let mut doors = Vec::new();
        let mut q = p;
        while q != self.start {
            out.push(q);
            if let Some(d) = self.door[self.k(q)] {
                doors.push(d);
            }
            match self.prev[self.k(q)] {
                Some(r) => q = r,
                None => break,
            }
        }
        out.reverse();
        doors.reverse();
        (out, doors)
    }

    /// Every reachable square with its cost, row-major.
    pub fn squares(&self) -> Vec<(Sq, u32)> {
        self.cost
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| ((i as i32 % self.width, i as i32 / self.width), c)))
            .collect()
    }
}

/// May `who` end its move on `p`?
pub fn may_end(s: &State, map: &Map, who: Who, p: Sq) -> bool {
    map.board.standable(p.0, p.1)
        && s.at(p).is_none_or(|o| o == who)
        && s.familiar_at(p).is_none()
        && !(who.side() == SideId::Dm && s.feature_on(p, FeatureKind::Teleporter).is_some())
}

/// Every square `who` can reach with `budget` movement points.
pub fn reach(s: &State, map: &Map, who: Who, budget: u32) -> Reach {
    reach_with(s, map, who, budget, false)
}

/// [`reach`], with `stairs`: a staircase end leads to the other ends of
/// its colour for 1 (a hero's plan; the walk itself stops at the stairs).
pub fn reach_with(s: &State, map: &Map, who: Who, budget: u32, stairs: bool) -> Reach {
    reach_opts(s, map, who, budget, stairs, true, false)
}

/// [`reach`] for planning a way over several moves: a slow figure may
/// cross any pit on it (it will wait beside it first).
pub fn reach_plan(s: &State, map: &Map, who: Who, budget: u32) -> Reach {
    reach_opts(s, map, who, budget, false, true, true)
}

/// [`reach_plan`] as if `who` stood on `start`: what its way on would
/// cost from a square it could stop on.
pub fn reach_plan_from(s: &State, map: &Map, who: Who, start: Sq, budget: u32) -> Reach {
    let walker = Walker {
        start,
        ..Walker::of(s, who)
    };
    let how = How {
        stairs: false,
        zones: true,
        plan: true,
    };
    walk(s, map, &walker, budget, how, &[], |_, _| false)
}

/// What a square a hero plans to keep off (a dungeon condition it knows
/// of) adds to a way's cost in [`reach_avoiding_until`]: more than any way round
/// on a dungeon table, so the plan goes round whenever it can.
pub const AVOID_COST: u32 = 100;

/// [`reach_with`] for a hero's plan over several moves: each square of
/// `avoid` costs [`AVOID_COST`] more to enter, so the cheapest way keeps
/// off them when there is another, and crosses one only when there is
/// none. Planning only: the rules' walk ([`reach`]) never sees this cost.
///
/// The walk can stop early: `settled` is told of each square as its cost
/// becomes final, cheapest first (ties by column, then row), and the walk
/// ends, that square's steps not taken, once it answers true (`|_, _|
/// false` walks it whole). Every square settled before then has its cost
/// and its way as the whole walk gives them; a square not settled has
/// none, or a cost above every settled one.
pub fn reach_avoiding_until(
    s: &State,
    map: &Map,
    who: Who,
    budget: u32,
    stairs: bool,
    avoid: &[Sq],
    settled: impl FnMut(Sq, u32) -> bool,
) -> Reach {
    // Whatever `budget` reaches without the squares to avoid, it still
    // reaches with them.
    let budget = budget.saturating_add(AVOID_COST.saturating_mul(avoid.len() as u32));
    let wk = Walker::of(s, who);
    let how = How {
        stairs,
        zones: true,
        plan: false,
    };
    walk(s, map, &wk, budget, how, avoid, settled)
}

/// The squares an enemy's Control Enemy may move `who` to: its own
/// movement (never Swift Mover's double), kill zones passed (L212-215).
pub fn reach_controlled(s: &State, map: &Map, who: Who) -> Reach {
    let mv = s.body(who).fig.movement;
    reach_opts(s, map, who, mv, false, false, false)
}

/// The camp fires a hero wards with now (L373-377).
pub fn guarded_fires(s: &State) -> Vec<Sq> {
    s.heroes
        .iter()
        .filter_map(|h| {
            let f = s.feature(h.magic.fire_guard?);
            let p = h.body.at?;
            crate::dw10::play::state::adjacent(p, (f.x, f.y)).then_some((f.x, f.y))
        })
        .collect()
}

/// What a walk needs to know of the one walking.
#[derive(Debug, Clone, Copy)]
struct Walker {
    start: Sq,
    side: SideId,
    stealth: bool,
    fly: bool,
    slime: bool,
    movement: u32,
    pit_ready: Option<Sq>,
    /// 4 or more attack dice (kept off a warded camp fire).
    strong: bool,
}

impl Walker {
    fn of(s: &State, who: Who) -> Walker {
        let body = s.body(who);
        Walker {
            start: body.at.unwrap_or((0, 0)),
            side: who.side(),
            stealth: body.has(Ability::Stealth),
            fly: body.has(Ability::Fly),
            slime: body.has(Ability::ThroughDoors),
            movement: body.fig.movement,
            pit_ready: body.pit_ready,
            strong: body.fig.attacks > 3,
        }
    }
}

/// Every square a hero's familiar can reach with its movement this phase
/// (a flyer goes where Fly goes), staircases taken for 1 as a hero's
/// figure takes them.
pub fn reach_familiar(s: &State, map: &Map, owner: crate::dw10::play::state::HeroId) -> Reach {
    let f = s.hero(owner).familiar.as_ref();
    let kind = f.map_or(crate::dw10::play::state::FamiliarKind::Walker, |f| f.kind);
    let w = Walker {
        start: s.familiar_from(owner).unwrap_or((0, 0)),
        side: SideId::Heroes,
        stealth: false,
        fly: kind == crate::dw10::play::state::FamiliarKind::Flyer,
        slime: false,
        movement: kind.movement(),
        pit_ready: None,
        strong: false,
    };
    let how = How {
        stairs: true,
        zones: true,
        plan: false,
    };
    walk(s, map, &w, kind.movement(), how, &[], |_, _| false)
}

fn reach_opts(
    s: &State,
    map: &Map,
    who: Who,
    budget: u32,
    stairs: bool,
    zones: bool,
    plan: bool,
) -> Reach {
    let how = How {
        stairs,
        zones,
        plan,
    };
    walk(s, map, &Walker::of(s, who), budget, how, &[], |_, _| false)
}

/// How a walk goes beyond the walker's own abilities.
#[derive(Debug, Clone, Copy)]
struct How {
    /// A staircase end leads to the other ends of its colour for 1.
    stairs: bool,
    /// Entering an enemy's kill zone ends the way there.
    zones: bool,
    /// Planning over several moves: a slow figure may cross any pit.
    plan: bool,
}

/// Every square `wk` reaches within `budget`, cheapest first; `settled`
/// as in [`reach_avoiding_until`].
fn walk(
    s: &State,
    map: &Map,
    wk: &Walker,
    budget: u32,
    how: How,
    avoid: &[Sq],
    mut settled: impl FnMut(Sq, u32) -> bool,
) -> Reach {
    let How {
        stairs,
        zones,
        plan,
    } = how;
    let b = &map.board;
    let n = (b.width * b.height).max(0) as usize;
    let start = wk.start;
    let stealth = wk.stealth;
    let fly = wk.fly;
    let slime = wk.slime;
    let side = wk.side;
    // Slow figures cross a pit only from the square they waited on.
    let slow = wk.movement <= 3 && !fly;
    let ready = wk.pit_ready == Some(start);
    let fires = if side == SideId::Dm && wk.strong {
        guarded_fires(s)
    } else {
        Vec::new()
    };
    // Familiars bar the monsters' way (heroes pass them as friends).
    let familiars: Vec<Sq> = if side == SideId::Dm {
        s.familiars().into_iter().map(|(_, p)| p).collect()
    } else {
        Vec::new()
    };
    let near_fire = |q: Sq| {
        fires
            .iter()
            .any(|f| crate::dw10::play::state::range(*f, q) < 3)
    };
    let mut r = Reach {
        width: b.width,
        cost: vec![None; n],
        prev: vec![None; n],
        door: vec![None; n],
        start,
    };
    let k = |p: Sq| (p.1 * b.width + p.0) as usize;
    let flags = Flags::of(s, b, side, zones && !stealth && !fly, &familiars);
    let inside = |p: Sq| b.inside(p.0, p.1);
    // Who stands where, read from the flags on the board (the walk asks
    // only of squares on it; off it, as [`State::at`] would answer).
    let enemy_at = |p: Sq| {
        if inside(p) {
            flags.at(b, p) & ENEMY != 0
        } else {
            s.at(p).is_some_and(|o| o.side() != side) || familiars.contains(&p)
        }
    };
    // A shut door between two squares: may this figure pass, and at what
    // extra cost, opening which door?
    let door = |p: Sq, q: Sq| -> Result<Option<FeatureId>, ()> {
        if flags.no_shut_door(b, p, q) {
            return Ok(None);
        }
        match s.door_shut(p, q) {
            None => Ok(None),
            Some(_) if slime => Ok(None),
            Some(d)
                if side == SideId::Dm
                    && !s.hidden(d)
                    && !s.held[d.0 as usize]
                    && s.feature(d).colour.is_none()
                    && s.revealed_at(map, p)
                    && s.revealed_at(map, q) =>
            {
                Ok(Some(d))
            }
            Some(_) => Err(()),
        }
    };
    let enter = |q: Sq| -> Option<u32> {
        if near_fire(q) {
            return None;
        }
        match b.ground(q.0, q.1) {
            Ground::Clear => Some(1),
            Ground::RockSlide => Some(2),
            Ground::Water | Ground::Pit if fly => Some(1),
            _ => None,
        }
    };
    let mut heap = BinaryHeap::new();
    r.cost[k(start)] = Some(0);
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((c, p))) = heap.pop() {
        if r.cost[k(p)] != Some(c) {
            continue;
        }
        if settled(p, c) {
            break;
        }
        if p != start {
            if flags.at(b, p) & ZONE != 0 {
                continue;
            }
            if side == SideId::Heroes && s.feature_on(p, FeatureKind::Trap).is_some() {
                continue;
            }
        }
        let mut try_to = |q: Sq, cost: u32, opened: Option<FeatureId>, heap: &mut BinaryHeap<_>| {
            let nc = c + cost + if avoid.contains(&q) { AVOID_COST } else { 0 };
            if nc > budget || !b.inside(q.0, q.1) {
                return;
            }
            if r.cost[k(q)].is_none_or(|old| nc < old) {
                r.cost[k(q)] = Some(nc);
                r.prev[k(q)] = Some(p);
                r.door[k(q)] = opened;
                heap.push(Reverse((nc, q)));
            }
        };
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let q = (p.0 + dx, p.1 + dy);
            let Ok(opened) = door(p, q) else { continue };
            let extra = if opened.is_some() { 2 } else { 0 };
            if let Some(t) = enter(q)
                && (stealth || fly || !enemy_at(q))
            {
                try_to(q, t + extra, opened, &mut heap);
            } else if b.ground(q.0, q.1) == Ground::Pit
                && !fly
                && (!slow || plan || (ready && p == start))
            {
                let m = (p.0 + 2 * dx, p.1 + 2 * dy);
                let jump = if slow { wk.movement } else { 3 };
                if b.standable(m.0, m.1)
                    && !near_fire(m)
                    && door(q, m) == Ok(None)
                    && (stealth || !enemy_at(m))
                {
                    try_to(m, jump + extra, opened, &mut heap);
                }
            }
        }
        if stairs {
            for ends in map.board.stairs.values() {
                if ends.contains(&p) {
                    for &e in ends {
                        if e != p && (stealth || !enemy_at(e)) {
                            try_to(e, 1, None, &mut heap);
                        }
                    }
                }
            }
        }
        for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let q = (p.0 + dx, p.1 + dy);
            let Some(t) = enter(q) else { continue };
            if !(stealth || fly) && enemy_at(q) {
                continue;
            }
            let round = |e: Sq| {
                b.ground(e.0, e.1) != Ground::Solid
                    && door(p, e) == Ok(None)
                    && door(e, q) == Ok(None)
            };
            if round((p.0 + dx, p.1)) || round((p.0, p.1 + dy)) {
                try_to(q, t + 1, None, &mut heap);
            }
        }
    }
    r
}

/// [`Flags`]: an enemy of the walker (or a familiar barring a monster)
/// stands on the square.
pub(super) const ENEMY: u8 = 1;
/// [`Flags`]: the square is in an enemy's kill zone ([`State::in_kill_zone`]),
/// marked only for a walk that stops there.
pub(super) const ZONE: u8 = 2;
/// [`Flags`]: a shut door on the square's east edge.
const SHUT_EAST: u8 = 4;
/// [`Flags`]: a shut door on the square's south edge.
const SHUT_SOUTH: u8 = 8;
/// [`Flags`], while they are gathered: a figure came first on the square.
const SEEN: u8 = 16;

/// What a walk asks of each square it reaches, gathered once per walk from
/// the figures, the familiars and the doors, one byte a square of the
/// board, row-major. The walk asks these of many squares, each answer a
/// scan of the figures or a look-up in the doors by edge.
pub(super) struct Flags(Vec<u8>);

impl Flags {
    pub(super) fn of(
        s: &State,
        b: &crate::dw10::board::Board,
        side: SideId,
        zones: bool,
        familiars: &[Sq],
    ) -> Flags {
        let n = (b.width * b.height).max(0) as usize;
        let mut f = vec![0u8; n];
        let k = |p: Sq| (p.1 * b.width + p.0) as usize;
        // [`State::at`] answers with the first figure on a square, heroes
        // first: a square's flag is that figure's (`SEEN` marks the squares
        // a figure came first on).
        for w in s.figures_iter() {
            let Some(p) = s.body(w).at else { continue };
            if !b.inside(p.0, p.1) || f[k(p)] & SEEN != 0 {
                continue;
            }
            f[k(p)] |= SEEN;
            if w.side() != side {
                f[k(p)] |= ENEMY;
            }
        }
        for &p in familiars {
            if b.inside(p.0, p.1) {
                f[k(p)] |= ENEMY;
            }
        }
        if zones {
            // The squares an enemy touches ([`State::touching`]) are among
            // the eight round it and the other ends of a staircase it
            // stands on.
            for w in s.figures_iter().filter(|w| w.side() != side) {
                let Some(q) = s.body(w).at else { continue };
                let round = (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (q.0 + dx, q.1 + dy)));
                let stairs = s
                    .stairs
                    .iter()
                    .filter(|e| e.contains(&q))
                    .flatten()
                    .copied();
                for p in round.chain(stairs) {
                    if b.inside(p.0, p.1) && s.touching(p, q) {
                        f[k(p)] |= ZONE;
                    }
                }
            }
        }
        for (&(a, c), &d) in &s.door_at {
            if s.open[d.0 as usize] || !b.inside(a.0, a.1) || !b.inside(c.0, c.1) {
                continue;
            }
            if c == (a.0 + 1, a.1) {
                f[k(a)] |= SHUT_EAST;
            } else if c == (a.0, a.1 + 1) {
                f[k(a)] |= SHUT_SOUTH;
            }
        }
        Flags(f)
    }

    /// The flags of square `p` (on the board).
    pub(super) fn at(&self, b: &crate::dw10::board::Board, p: Sq) -> u8 {
        self.0[(p.1 * b.width + p.0) as usize]
    }

    /// Surely no shut door between `p` and `q`: two squares on the board,
    /// side by side, whose edge has none. `false` means "look it up".
    pub(super) fn no_shut_door(&self, b: &crate::dw10::board::Board, p: Sq, q: Sq) -> bool {
        if !(b.inside(p.0, p.1) && b.inside(q.0, q.1)) {
            return false;
        }
        let (a, c) = if p <= q { (p, q) } else { (q, p) };
        let bit = if c == (a.0 + 1, a.1) {
            SHUT_EAST
        } else if c == (a.0, a.1 + 1) {
            SHUT_SOUTH
        } else {
            return false;
        };
        self.0[(a.1 * b.width + a.0) as usize] & bit == 0
    }
}

/// Is there a pit straight beside `p` with a square to stop on beyond it
/// (a slow figure waiting here may cross next time, L309-313)?
pub fn pit_beside(map: &Map, p: Sq) -> bool {
    let b = &map.board;
    [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|(dx, dy)| {
        b.ground(p.0 + dx, p.1 + dy) == Ground::Pit && b.standable(p.0 + 2 * dx, p.1 + 2 * dy)
    })
}

/// Marks a figure that waited its whole Mover's Action Phase beside a pit
/// as ready to cross (movement 3 or less, L309-313).
pub fn wait_by_pit(
    s: &mut State,
    map: &Map,
    who: Who,
    ev: &mut Vec<crate::dw10::play::event::Event>,
) {
    let b = s.body(who);
    let Some(p) = b.at else { return };
    if b.fig.movement > 3 || b.has(Ability::Fly) || b.pit_ready == Some(p) || !pit_beside(map, p) {
        return;
    }
    s.body_mut(who).pit_ready = Some(p);
    ev.push(crate::dw10::play::event::Event::PitReady { who });
}
