//! Carving a board out of solid wall: a hall on the centre, a room in each
//! block of a coarse grid, corridors joining them, exits cut in from the
//! edges, terrain patches in the rooms, doors where corridors meet rooms.
//! With a symmetry every piece is carved together with its turned images.

use super::walk::{DETOUR, PASS_ALL, PASS_OPEN, Walker, way_round};
use super::{
    BOARD_SIDE, Board, BoardError, BoardParams, Door, DoorKind, Exit, MAX_BOARD_ATTEMPTS, Symmetry,
    Terrain, exit_order,
};
use crate::core::dice::Dice;
use crate::core::geom::{Point, Side};

/// A rectangle of squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rect {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

impl Rect {
    fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x + self.w && p.y < self.y + self.h
    }

    fn centre(&self) -> Point {
        Point {
            x: self.x + (self.w - 1) / 2,
            y: self.y + (self.h - 1) / 2,
        }
    }

    fn squares(&self) -> impl Iterator<Item = Point> + '_ {
        (self.y..self.y + self.h)
            .flat_map(move |y| (self.x..self.x + self.w).map(move |x| Point { x, y }))
    }
}

/// The board as it is carved: the squares of rooms and of corridors kept
/// apart, for doors and terrain.
struct Carving {
    board: Board,
    sym: Symmetry,
    rooms: Vec<Rect>,
    room_mask: Vec<bool>,
    corridor_mask: Vec<bool>,
}

impl Carving {
    fn carve(&mut self, p: Point, room: bool) {
        for q in self.board.orbit(p, self.sym) {
            if !self.board.contains(q) {
                continue;
            }
            let i = self.board.index(q);
            self.board.cells[i] = Terrain::Floor;
            if room {
                self.room_mask[i] = true;
            } else if !self.room_mask[i] {
                self.corridor_mask[i] = true;
            }
        }
    }

    fn carve_rect(&mut self, r: Rect) {
        for p in r.squares() {
            self.carve(p, true);
        }
        let mut q = r;
        for _ in 0..3 {
            let a = self.board.turn(Point { x: q.x, y: q.y }, self.sym);
            let b = self.board.turn(
                Point {
                    x: q.x + q.w - 1,
                    y: q.y + q.h - 1,
                },
                self.sym,
            );
            q = Rect {
                x: a.x.min(b.x),
                y: a.y.min(b.y),
                w: (a.x - b.x).abs() + 1,
                h: (a.y - b.y).abs() + 1,
            };
            if q == r || self.rooms.contains(&q) {
                break;
            }
            self.rooms.push(q);
        }
        if !self.rooms.contains(&r) {
            self.rooms.push(r);
        }
    }

    /// An L-shaped corridor from `a` to `b`, `width` squares wide, across
    /// first when `across_first`.
    fn corridor(&mut self, a: Point, b: Point, across_first: bool, width: i32) {
        let corner = if across_first {
            Point { x: b.x, y: a.y }
        } else {
            Point { x: a.x, y: b.y }
        };
        for (from, to) in [(a, corner), (corner, b)] {
            let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
            let mut p = from;
            loop {
                for k in 0..width {
                    let q = if dx != 0 {
                        Point { x: p.x, y: p.y + k }
                    } else {
                        Point { x: p.x + k, y: p.y }
                    };
                    if q.x > 0
                        && q.y > 0
                        && q.x < self.board.width as i32 - 1
                        && q.y < self.board.height as i32 - 1
                    {
                        self.carve(q, false);
                    }
                }
                if p == to {
                    break;
                }
                p = Point {
                    x: p.x + dx,
                    y: p.y + dy,
                };
            }
        }
    }

    fn mask_room(&self, p: Point) -> bool {
        self.board.contains(p) && self.room_mask[self.board.index(p)]
    }

    fn mask_corridor(&self, p: Point) -> bool {
        self.board.contains(p) && self.corridor_mask[self.board.index(p)]
    }
}

/// Builds a board to `params`, every roll on `dice`. A board that falls
/// short of a guarantee is noted in the log and built again, at most
/// [`MAX_BOARD_ATTEMPTS`] times.
pub fn build(params: &BoardParams, dice: &mut Dice) -> Result<Board, BoardError> {
    let (lo, hi) = BOARD_SIDE;
    if !(lo..=hi).contains(&params.width) || !(lo..=hi).contains(&params.height) {
        return Err(BoardError::Impossible(format!(
            "a board of {}×{} squares; expected {lo} to {hi} squares each way",
            params.width, params.height
        )));
    }
    if params.symmetry == Symmetry::Quarter && params.width != params.height {
        return Err(BoardError::Impossible(format!(
            "a board of {}×{} squares cannot be turned a quarter round onto itself; it must be square",
            params.width, params.height
        )));
    }
    if params.exits_per_edge > 4 {
        return Err(BoardError::Impossible(format!(
            "{} exits per edge; at most 4 are made",
            params.exits_per_edge
        )));
    }
    let mut last = String::new();
    for attempt in 1..=MAX_BOARD_ATTEMPTS {
        let mark = dice.log_len();
        let board = carve(params, dice);
        match board.check(params) {
            Ok(()) => return Ok(board),
            Err(why) => {
                dice.truncate_log(mark);
                dice.note(format_args!(
                    "board attempt {attempt} set aside: {why}; building again"
                ));
                last = why.0;
            }
        }
    }
    Err(BoardError::NoBoard {
        attempts: MAX_BOARD_ATTEMPTS,
        last,
    })
}

/// Rolls `lo..=hi` on one die.
fn between(dice: &mut Dice, lo: i32, hi: i32, purpose: impl std::fmt::Display) -> i32 {
    if hi <= lo {
        return lo;
    }
    let v = lo + dice.roll(1, (hi - lo + 1) as u32, &purpose) as i32 - 1;
    if dice.logs() {
        dice.set_last_purpose(format_args!("{purpose}, {lo} to {hi}: {v}"));
    }
    v
}

/// One attempt at a board.
fn carve(params: &BoardParams, dice: &mut Dice) -> Board {
    let (w, h) = (params.width as i32, params.height as i32);
    let n = (w * h) as usize;
    let mut c = Carving {
        board: Board::filled(params.width, params.height, Terrain::Wall),
        sym: params.symmetry,
        rooms: Vec::new(),
        room_mask: vec![false; n],
        corridor_mask: vec![false; n],
    };

    // The hall on the centre, where the scenarios put their objectives.
    let k = between(dice, 3, 4, "centre hall: half its side");
    let (hw, hh) = (2 * k + w % 2, 2 * k + h % 2);
    let hall = Rect {
        x: (w - hw) / 2,
        y: (h - hh) / 2,
        w: hw,
        h: hh,
    };
    c.carve_rect(hall);

    // A room in each block of a coarse grid (about a foot a block).
    let (bx, by) = (((w + 6) / 12).max(2), ((h + 6) / 12).max(2));
    let edge_x: Vec<i32> = (0..=bx).map(|i| i * w / bx).collect();
    let edge_y: Vec<i32> = (0..=by).map(|j| j * h / by).collect();
    for j in 0..by as usize {
        for i in 0..bx as usize {
            let block = Rect {
                x: edge_x[i],
                y: edge_y[j],
                w: edge_x[i + 1] - edge_x[i],
                h: edge_y[j + 1] - edge_y[j],
            };
            if hall.contains(block.centre()) || c.rooms.iter().any(|r| r.contains(block.centre())) {
                continue;
            }
            let rw = between(
                dice,
                4,
                (block.w - 3).min(9),
                format_args!("block {i},{j}: room width"),
            );
            let rh = between(
                dice,
                4,
                (block.h - 3).min(9),
                format_args!("block {i},{j}: room depth"),
            );
            let rx = between(
                dice,
                block.x + 1,
                block.x + block.w - 1 - rw,
                format_args!("block {i},{j}: room's west column"),
            );
            let ry = between(
                dice,
                block.y + 1,
                block.y + block.h - 1 - rh,
                format_args!("block {i},{j}: room's north row"),
            );
            c.carve_rect(Rect {
                x: rx.max(1),
                y: ry.max(1),
                w: rw,
                h: rh,
            });
        }
    }

    // Corridors: each room joined to the nearest room already joined to the
    // hall, in the order the rooms were made; some get a second corridor
    // (loops, where a door may be locked or secret).
    let rooms = c.rooms.clone();
    let hall_index = rooms.iter().position(|r| *r == hall).unwrap_or(0);
    let mut joined = vec![hall_index];
    let dist = |a: &Rect, b: &Rect| {
        let (p, q) = (a.centre(), b.centre());
        (p.x - q.x).abs() + (p.y - q.y).abs()
    };
    let mut pending: Vec<usize> = (0..rooms.len()).filter(|&i| i != hall_index).collect();
    while !pending.is_empty() {
        // The pending room nearest the joined ones (ties: the earliest).
        let (pi, near) = pending
            .iter()
            .enumerate()
            .map(|(pi, &r)| {
                let near = joined
                    .iter()
                    .copied()
                    .min_by_key(|&j| (dist(&rooms[r], &rooms[j]), j))
                    .unwrap_or(hall_index);
                (pi, near, dist(&rooms[r], &rooms[near]))
            })
            .min_by_key(|&(pi, _, d)| (d, pi))
            .map(|(pi, near, _)| (pi, near))
            .unwrap_or((0, hall_index));
        let r = pending.remove(pi);
        let across = dice.roll(
            1,
            2,
            format_args!("corridor to room {r}: 1 across first, 2 down first"),
        ) == 1;
        let width = if dice.d6(format_args!(
            "corridor to room {r}: 6 makes it two squares wide"
        )) == 6
        {
            2
        } else {
            1
        };
        c.corridor(rooms[r].centre(), rooms[near].centre(), across, width);
        joined.push(r);
        if dice.d6(format_args!("room {r}: 5-6 gives it a second corridor")) >= 5 {
            let second = joined
                .iter()
                .copied()
                .filter(|&j| j != r && j != near)
                .min_by_key(|&j| (dist(&rooms[r], &rooms[j]), j));
            if let Some(s) = second {
                let across = dice.roll(
                    1,
                    2,
                    format_args!("second corridor of room {r}: 1 across first"),
                ) == 1;
                c.corridor(rooms[r].centre(), rooms[s].centre(), across, 1);
            }
        }
    }

    // Exits: cut in from each edge until they meet a corridor or a room.
    let mut exits: Vec<Exit> = Vec::new();
    let wanted = params.exits_per_edge;
    for side in Side::ALL {
        if wanted == 0 || exits.iter().any(|e| e.side == side) {
            continue;
        }
        let len = match side {
            Side::N | Side::S => w,
            _ => h,
        };
        let count = wanted
            + u32::from(
                wanted < 4
                    && dice.d6(format_args!(
                        "{} edge: 5-6 adds an exit",
                        super::edge_word(side)
                    )) >= 5,
            );
        // The edge less two squares at each corner, cut into equal parts;
        // an exit of two squares in each part, a square clear of its ends.
        let usable = len - 4;
        for part in 0..count as i32 {
            let a = 2 + part * usable / count as i32;
            let b = 2 + (part + 1) * usable / count as i32;
            let at = between(
                dice,
                a + 1,
                b - 3,
                format_args!(
                    "{} edge: where exit {} lies",
                    super::edge_word(side),
                    part + 1
                ),
            );
            let first = match side {
                Side::N => Point { x: at, y: 0 },
                Side::S => Point { x: at, y: h - 1 },
                Side::W => Point { x: 0, y: at },
                Side::E => Point { x: w - 1, y: at },
            };
            let exit = Exit {
                side,
                at: first,
                length: 2,
            };
            cut_exit(&mut c, &exit);
            let mut e = exit;
            for _ in 0..4 {
                if !exits.contains(&e) {
                    exits.push(e);
                }
                e = c.board.turn_exit(&e, c.sym);
            }
        }
    }
    exits.sort_by_key(exit_order);
    c.board.exits = exits;

    join_pieces(&mut c);
    terrain(&mut c, params, dice);
    doors(&mut c, params, dice);
    c.board
}

/// Cuts an exit and the passage behind it, straight in until it meets the
/// rest of the dungeon.
fn cut_exit(c: &mut Carving, e: &Exit) {
    let (dx, dy) = e.side.opposite().delta();
    let squares: Vec<Point> = e.squares().collect();
    let limit = c.board.width.max(c.board.height) as i32;
    for step in 0..limit {
        let row: Vec<Point> = squares
            .iter()
            .map(|p| Point {
                x: p.x + dx * step,
                y: p.y + dy * step,
            })
            .collect();
        if step > 0 && row.iter().any(|p| c.board.at(*p).standable()) {
            break;
        }
        for p in row {
            c.carve(p, false);
        }
    }
}

/// Joins any piece of floor cut off from the centre hall to it by the
/// shortest straight-then-straight corridor.
fn join_pieces(c: &mut Carving) {
    for _ in 0..64 {
        let walker = Walker::new(&c.board, PASS_ALL);
        let dist = walker.distances(c.board.centre_squares());
        let Some(lost) = (0..dist.len())
            .find(|&i| dist[i] == super::walk::UNREACHED && c.board.cells[i].standable())
        else {
            return;
        };
        let from = c.board.point(lost);
        let to = (0..dist.len())
            .filter(|&i| dist[i] != super::walk::UNREACHED)
            .map(|i| c.board.point(i))
            .min_by_key(|q| ((q.x - from.x).abs() + (q.y - from.y).abs(), q.y, q.x));
        let Some(to) = to else { return };
        c.corridor(from, to, true, 1);
    }
}

/// Whether every standable square still reaches the centre, walking
/// through the doors `open` (plain only, or all) allows.
fn connected(board: &Board, open: bool) -> bool {
    let pass = if open { PASS_OPEN } else { PASS_ALL };
    Walker::new(board, pass)
        .unreached_from(board.centre_squares())
        .is_none()
}

/// Terrain patches in the rooms until the cover asked for is there:
/// rubble, water, difficult ground and lone obstacles (an obstacle that
/// would cut a square off, or that a walk could not go round, is taken
/// back: [`way_round`]).
fn terrain(c: &mut Carving, params: &BoardParams, dice: &mut Dice) {
    let keep_clear: Vec<Point> = {
        let mut v = c.board.centre_squares();
        for e in &c.board.exits {
            for p in e.squares() {
                let (dx, dy) = e.side.opposite().delta();
                v.push(p);
                v.push(Point {
                    x: p.x + dx,
                    y: p.y + dy,
                });
            }
        }
        v
    };
    let rooms = c.rooms.clone();
    let per_patch = match c.sym {
        Symmetry::None => 1,
        Symmetry::Half => 2,
        Symmetry::Quarter => 4,
    };
    let patches = 2 * rooms.len() as u32 / per_patch + 2;
    let cover = |b: &Board| b.cells.iter().filter(|t| t.cover()).count() as u32;
    let mut made = 0;
    for round in 1..=200u32 {
        if made >= patches && cover(&c.board) >= params.cover {
            break;
        }
        let r = dice.choose(
            rooms.len(),
            format_args!("terrain patch {round}: which room"),
        );
        let room = rooms[r];
        let kind = match dice.d6(format_args!(
            "terrain patch {round}: 1-2 rubble, 3 water, 4-5 difficult ground, 6 an obstacle"
        )) {
            1 | 2 => Terrain::Rubble,
            3 => Terrain::Water,
            4 | 5 => Terrain::Difficult,
            _ => Terrain::Obstacle,
        };
        let at = Point {
            x: between(
                dice,
                room.x,
                room.x + room.w - 1,
                format_args!("terrain patch {round}: column"),
            ),
            y: between(
                dice,
                room.y,
                room.y + room.h - 1,
                format_args!("terrain patch {round}: row"),
            ),
        };
        let (pw, ph) = if kind == Terrain::Obstacle {
            (1, 1)
        } else {
            (
                between(dice, 1, 3, format_args!("terrain patch {round}: width")),
                between(dice, 1, 2, format_args!("terrain patch {round}: depth")),
            )
        };
        let before = c.board.cells.clone();
        let mut placed = Vec::new();
        for y in at.y..at.y + ph {
            for x in at.x..at.x + pw {
                let p = Point { x, y };
                if !room.contains(p) || !c.mask_room(p) {
                    continue;
                }
                for q in c.board.orbit(p, c.sym) {
                    if keep_clear.contains(&q) || c.board.at(q) != Terrain::Floor {
                        continue;
                    }
                    c.board.set(q, kind);
                    placed.push(q);
                }
            }
        }
        if kind == Terrain::Obstacle {
            let why = if !connected(&c.board, false) {
                Some("would cut squares off")
            } else if !obstacles_near(&c.board, &placed).all(|q| way_round(&c.board, q)) {
                Some("would leave no way round it")
            } else {
                None
            };
            if let Some(why) = why {
                c.board.cells = before;
                dice.note(format_args!(
                    "terrain patch {round}: the obstacle {why}; left out"
                ));
            }
        }
        made += 1;
    }
}

/// The obstacles on `board` near enough a square of `placed` that it may
/// stand on their way round ([`way_round`]), theirs included.
fn obstacles_near<'a>(board: &'a Board, placed: &'a [Point]) -> impl Iterator<Item = Point> + 'a {
    let near = 2 + DETOUR as i32;
    (0..board.cells.len())
        .filter(|&i| board.cells[i] == Terrain::Obstacle)
        .map(|i| board.point(i))
        .filter(move |o| {
            placed
                .iter()
                .any(|q| (o.x - q.x).abs().max((o.y - q.y).abs()) <= near)
        })
}

/// Doors where a one-square corridor meets a room, each with its images;
/// then some made locked or secret where another way round remains.
fn doors(c: &mut Carving, params: &BoardParams, dice: &mut Dice) {
    let b = &c.board;
    let mut candidates: Vec<Door> = Vec::new();
    for i in 0..b.cells.len() {
        let p = b.point(i);
        for side in [Side::E, Side::S] {
            let (dx, dy) = side.delta();
            let q = Point {
                x: p.x + dx,
                y: p.y + dy,
            };
            if !b.at(p).standable() || !b.at(q).standable() {
                continue;
            }
            // One side in a room, the other a corridor square between walls.
            let (room, corr) = if c.mask_room(p) && c.mask_corridor(q) && !c.mask_room(q) {
                (p, q)
            } else if c.mask_room(q) && c.mask_corridor(p) && !c.mask_room(p) {
                (q, p)
            } else {
                continue;
            };
            let _ = room;
            let (px, py) = (dy, dx);
            let flank = [
                Point {
                    x: corr.x + px,
                    y: corr.y + py,
                },
                Point {
                    x: corr.x - px,
                    y: corr.y - py,
                },
            ];
            if flank.iter().any(|f| b.at(*f).standable()) {
                continue;
            }
            if b.exits
                .iter()
                .any(|e| e.squares().any(|s| s == p || s == q))
            {
                continue;
            }
            candidates.push(Door::on(p, side, DoorKind::Plain));
        }
    }
    let mut placed: Vec<Vec<Door>> = Vec::new();
    let mut seen: Vec<Door> = Vec::new();
    for d in candidates {
        if seen.contains(&d) {
            continue;
        }
        let mut orbit = vec![d];
        let mut e = d;
        for _ in 0..3 {
            e = c.board.turn_door(&e, c.sym);
            if !orbit.contains(&e) {
                orbit.push(e);
            }
        }
        seen.extend(orbit.iter().copied());
        if dice.d6(format_args!(
            "doorway at {},{} {}: 1-4 hangs a door",
            d.at.x,
            d.at.y,
            super::edge_word(d.side)
        )) <= 4
        {
            placed.push(orbit);
        }
    }
    let mut all: Vec<Door> = placed.iter().flatten().copied().collect();
    all.sort();
    all.dedup();
    c.board.doors = all;
    // Locked, then secret: each a door (with its images) on a loop, so that
    // every square is still reached through plain doors alone.
    for (kind, wanted, name) in [
        (DoorKind::Locked, params.locked_doors, "locked"),
        (DoorKind::Secret, params.secret_doors, "secret"),
    ] {
        let mut made = 0;
        let mut tried = 0;
        while made < wanted && tried < placed.len() {
            tried += 1;
            let plain: Vec<usize> = (0..placed.len())
                .filter(|&g| {
                    placed[g].iter().all(|d| {
                        c.board.door_between(d.at, d.beyond()).map(|x| x.kind)
                            == Some(DoorKind::Plain)
                    })
                })
                .collect();
            if plain.is_empty() {
                break;
            }
            let g = plain[dice.choose(plain.len(), format_args!("which door to make {name}"))];
            let before = c.board.doors.clone();
            for d in &placed[g] {
                if let Ok(i) = c
                    .board
                    .doors
                    .binary_search_by(|x| (x.at, x.side).cmp(&(d.at, d.side)))
                {
                    c.board.doors[i].kind = kind;
                }
            }
            if connected(&c.board, true) {
                made += placed[g].len() as u32;
            } else {
                c.board.doors = before;
                let d = placed[g][0];
                dice.note(format_args!(
                    "the door at {},{} {} is the only way somewhere; it stays plain",
                    d.at.x,
                    d.at.y,
                    super::edge_word(d.side)
                ));
            }
        }
        if made < wanted {
            dice.note(format_args!(
                "{made} of the {wanted} {name} doors asked for found a place on a loop"
            ));
        } else if made > wanted {
            // A symmetric board turns a door with its images: whole sets.
            dice.note(format_args!(
                "{made} {name} doors for the {wanted} asked for: on a symmetric board \
                 a door goes with its turned images, so whole sets are made"
            ));
        }
    }
}
