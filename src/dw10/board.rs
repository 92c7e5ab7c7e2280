//! The map as Dungeon World 10 mm reads it (L107-136, L294-326), and the
//! guarantees setup gives and loading re-checks.
//!
//! The tile-set cells are read this way (tile sets need no new cells; see
//! the docs): `.` clear floor; `,` rock slide (2 to enter, no stopping,
//! L298-302); `~` water (impassable but for fliers, L433); `=` a pit
//! (jumped straight across for 3, L305-316); `X` an obstacle and `#` wall.
//! Pit, rock slide and pool features make a floor square the same.
//!
//! Walking is king's move. A diagonal step may cut one corner, not squeeze
//! between two walls: one of the two squares beside it must not be wall,
//! obstacle or off the map, and the step may not cross a closed door on the
//! way round that square.
//!
//! ```text
//!   . # .      from a to c: the elbow b (a floor square) lets the step
//!   a b #      cut the corner; with b a wall as well as the square
//!   # c .      north of c, the step would be refused.
//! ```

use crate::dw10::features::{Colour, Feature, FeatureKind};
use crate::tileset::Cell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A square pair, sorted: the edge a door is on.
pub type Edge = ((i32, i32), (i32, i32));

/// The edge of a door feature (its square and the square across its side);
/// `None` for anything but a door with a side.
pub fn door_edge(f: &Feature) -> Option<Edge> {
    if f.kind != FeatureKind::Door {
        return None;
    }
    let (dx, dy) = f.side?.delta();
    Some(edge((f.x, f.y), (f.x + dx, f.y + dy)))
}

fn edge(a: (i32, i32), b: (i32, i32)) -> Edge {
    if a <= b { (a, b) } else { (b, a) }
}

/// How a square is read for movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    /// Clear floor: 1 to enter, a figure may stop.
    Clear,
    /// A rock slide: 2 to enter, no stopping.
    RockSlide,
    /// A pit: jumped over, never entered.
    Pit,
    /// Water: no walking, no bar to sight.
    Water,
    /// Wall, obstacle, or no tile.
    Solid,
}

/// A door as walking sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoorInfo {
    /// Index in `features`.
    pub feature: usize,
    /// Its key's colour, for a keyed door.
    pub colour: Option<Colour>,
    /// A secret door.
    pub secret: bool,
}

/// The value of [`Board::steps`] for a square no walk reaches.
pub const UNREACHED: u32 = u32::MAX;

/// The map read for Dungeon World 10 mm.
#[derive(Debug, Clone)]
pub struct Board {
    /// Width in squares.
    pub width: i32,
    /// Height in squares.
    pub height: i32,
    cells: Vec<Cell>,
    ground: Vec<Ground>,
    /// Doors by edge.
    pub doors: BTreeMap<Edge, DoorInfo>,
    /// Staircase ends by colour.
    pub stairs: BTreeMap<Colour, Vec<(i32, i32)>>,
}

fn ground_of(c: Cell) -> Ground {
    match c {
        Cell::Floor => Ground::Clear,
        Cell::Hindering => Ground::RockSlide,
        Cell::Crevice => Ground::Pit,
        Cell::Water => Ground::Water,
        Cell::Blocking | Cell::Wall | Cell::Void => Ground::Solid,
    }
}

impl Board {
    /// The board of a `width` × `height` grid of cells (row-major) with
    /// `features` on it.
    pub fn new(width: i32, height: i32, cells: Vec<Cell>, features: &[Feature]) -> Board {
        let ground = cells.iter().map(|c| ground_of(*c)).collect();
        let mut b = Board {
            width,
            height,
            cells,
            ground,
            doors: BTreeMap::new(),
            stairs: BTreeMap::new(),
        };
        for (i, f) in features.iter().enumerate() {
            b.add(i, f);
        }
        b
    }

    /// Puts feature number `i` on the board (terrain, a door, a staircase end).
    pub fn add(&mut self, i: usize, f: &Feature) {
        match f.kind {
            FeatureKind::Pit => self.set_ground(f.x, f.y, Ground::Pit),
            FeatureKind::Rockslide => self.set_ground(f.x, f.y, Ground::RockSlide),
            FeatureKind::Pool => self.set_ground(f.x, f.y, Ground::Water),
            FeatureKind::Door => {
                if let Some(e) = door_edge(f) {
                    self.doors.insert(
                        e,
                        DoorInfo {
                            feature: i,
                            colour: f.colour,
                            secret: f.is_secret(),
                        },
                    );
                }
            }
            FeatureKind::Staircase => {
                if let Some(c) = f.colour {
                    self.stairs.entry(c).or_default().push((f.x, f.y));
                }
            }
            _ => {}
        }
    }

    /// Takes a terrain feature or door off again (setup's trial placements).
    pub fn remove(&mut self, f: &Feature) {
        match f.kind {
            FeatureKind::Pit | FeatureKind::Rockslide | FeatureKind::Pool => {
                let g = ground_of(self.cell(f.x, f.y));
                self.set_ground(f.x, f.y, g);
            }
            FeatureKind::Door => {
                if let Some(e) = door_edge(f) {
                    self.doors.remove(&e);
                }
            }
            FeatureKind::Staircase => {
                if let Some(c) = f.colour
                    && let Some(v) = self.stairs.get_mut(&c)
                {
                    v.retain(|&p| p != (f.x, f.y));
                }
            }
            _ => {}
        }
    }

    fn set_ground(&mut self, x: i32, y: i32, g: Ground) {
        if self.inside(x, y) {
            let k = self.index(x, y);
            self.ground[k] = g;
        }
    }

    /// Is the square on the board?
    pub fn inside(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }

    fn index(&self, x: i32, y: i32) -> usize {
        (y * self.width + x) as usize
    }

    /// The printed cell (`Void` off the board).
    pub fn cell(&self, x: i32, y: i32) -> Cell {
        if self.inside(x, y) {
            self.cells[self.index(x, y)]
        } else {
            Cell::Void
        }
    }

    /// How the square is read, features included.
    pub fn ground(&self, x: i32, y: i32) -> Ground {
        if self.inside(x, y) {
            self.ground[self.index(x, y)]
        } else {
            Ground::Solid
        }
    }

    /// Is the printed square clear floor (features aside)?
    pub fn cell_standable(&self, x: i32, y: i32) -> bool {
        self.cell(x, y) == Cell::Floor
    }

    /// May a figure end its move here (clear floor, no pit, rock slide or pool)?
    pub fn standable(&self, x: i32, y: i32) -> bool {
        self.ground(x, y) == Ground::Clear
    }

    /// May a figure walk through (clear or rock slide)?
    pub fn walkable(&self, x: i32, y: i32) -> bool {
        matches!(self.ground(x, y), Ground::Clear | Ground::RockSlide)
    }

    fn solid(&self, x: i32, y: i32) -> bool {
        self.ground(x, y) == Ground::Solid
    }

    /// Every square a figure may stand on, row-major.
    pub fn standable_squares(&self) -> Vec<(i32, i32)> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.standable(x, y))
            .collect()
    }

    /// The squares reachable from `start` by walking, jumping pits and
    /// taking staircases, through doors for which `open` says yes (row-major
    /// flags).
    pub fn reach(&self, start: (i32, i32), open: &dyn Fn(&DoorInfo) -> bool) -> Vec<bool> {
        self.steps(start, open)
            .into_iter()
            .map(|d| d != UNREACHED)
            .collect()
    }

    /// The fewest steps from `start` to each square (row-major;
    /// [`UNREACHED`] where none leads) by the moves of [`Board::reach`],
    /// each counted as one: a step to a neighbouring square, a jump over a
    /// pit, a staircase from one end to another.
    pub fn steps(&self, start: (i32, i32), open: &dyn Fn(&DoorInfo) -> bool) -> Vec<u32> {
        let mut dist = vec![UNREACHED; self.cells.len()];
        if !self.walkable(start.0, start.1) {
            return dist;
        }
        let shut =
            |a: (i32, i32), b: (i32, i32)| self.doors.get(&edge(a, b)).is_some_and(|d| !open(d));
        let mut queue = VecDeque::new();
        dist[self.index(start.0, start.1)] = 0;
        queue.push_back(start);
        let mut stairs_used = BTreeSet::new();
        while let Some((x, y)) = queue.pop_front() {
            let next = dist[self.index(x, y)] + 1;
            let mut visit = |n: (i32, i32), dist: &mut Vec<u32>| {
                let k = self.index(n.0, n.1);
                if dist[k] == UNREACHED {
                    dist[k] = next;
                    queue.push_back(n);
                }
            };
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let n = (x + dx, y + dy);
                if self.walkable(n.0, n.1) && !shut((x, y), n) {
                    visit(n, &mut dist);
                }
                // A pit jumped straight across, onto a square to stop on.
                let m = (x + 2 * dx, y + 2 * dy);
                if self.ground(n.0, n.1) == Ground::Pit
                    && self.standable(m.0, m.1)
                    && !shut((x, y), n)
                    && !shut(n, m)
                {
                    visit(m, &mut dist);
                }
            }
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let n = (x + dx, y + dy);
                if !self.walkable(n.0, n.1) {
                    continue;
                }
                let round =
                    |e: (i32, i32)| !self.solid(e.0, e.1) && !shut((x, y), e) && !shut(e, n);
                if round((x + dx, y)) || round((x, y + dy)) {
                    visit(n, &mut dist);
                }
            }
            if self.standable(x, y) {
                for (c, ends) in &self.stairs {
                    if ends.contains(&(x, y)) && stairs_used.insert(*c) {
                        for &e in ends {
                            if self.walkable(e.0, e.1) {
                                visit(e, &mut dist);
                            }
                        }
                    }
                }
            }
        }
        dist
    }

    /// Is `(x, y)` flagged in a [`Board::reach`] result?
    pub fn reached(&self, flags: &[bool], x: i32, y: i32) -> bool {
        self.inside(x, y) && flags[self.index(x, y)]
    }

    /// The order in which the heroes can open the keyed doors from `start`
    /// with the keys in `features` (plain doors open, secret doors shut:
    /// nobody may need to find one), and what they reach then. A colour
    /// whose key cannot be reached is left out.
    pub fn opening_order(
        &self,
        start: (i32, i32),
        features: &[Feature],
    ) -> (Vec<Colour>, Vec<bool>) {
        let mut opened: Vec<Colour> = Vec::new();
        loop {
            let reach = self.reach(start, &|d: &DoorInfo| {
                !d.secret && d.colour.is_none_or(|c| opened.contains(&c))
            });
            let mut more: Vec<Colour> = features
                .iter()
                .filter(|f| f.kind == FeatureKind::Key)
                .filter(|f| self.reached(&reach, f.x, f.y))
                .filter_map(|f| f.colour)
                .filter(|c| !opened.contains(c))
                .collect();
            more.sort();
            more.dedup();
            if more.is_empty() {
                return (opened, reach);
            }
            opened.extend(more);
        }
    }
}

fn fail<T>(key: impl Into<String>, message: impl Into<String>) -> Result<T, (String, String)> {
    Err((key.into(), message.into()))
}

/// The guarantees a player relies on, checked on a scenario whose features
/// are each in order: every door colour has a key, every staircase colour
/// two ends or more, the keyed doors open in some order from the start, and
/// every square a figure may stand on can then be reached (by walking,
/// jumping pits, staircases and doors — secret doors not counted).
pub fn check_guarantees(
    start: (i32, i32),
    f: &[Feature],
    board: &Board,
) -> Result<(), (String, String)> {
    for (c, ends) in &board.stairs {
        if ends.len() < 2 {
            let i = f
                .iter()
                .position(|x| x.kind == FeatureKind::Staircase && x.colour == Some(*c))
                .unwrap_or(0);
            return fail(
                format!("features[{i}]"),
                format!("the {c} staircase has one end; each staircase colour needs two or more"),
            );
        }
    }
    for d in board.doors.values() {
        if let Some(c) = d.colour
            && !f
                .iter()
                .any(|x| x.kind == FeatureKind::Key && x.colour == Some(c))
        {
            return fail(
                format!("features[{}]", d.feature),
                format!("the {c} door has no {c} key anywhere"),
            );
        }
    }
    let (opened, reach) = board.opening_order(start, f);
    for d in board.doors.values() {
        if let Some(c) = d.colour
            && !opened.contains(&c)
        {
            return fail(
                format!("features[{}]", d.feature),
                format!(
                    "no {c} key can be reached from the start without passing a {c} door (or another locked one first)"
                ),
            );
        }
    }
    for (x, y) in board.standable_squares() {
        if !board.reached(&reach, x, y) {
            return fail(
                "features",
                format!(
                    "square {x},{y} cannot be reached from the start by walking, jumping pits, staircases and doors opened with reachable keys"
                ),
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str, features: &[Feature]) -> Board {
        let rows: Vec<&str> = rows
            .lines()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        let cells = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| Cell::from_char(c).unwrap()))
            .collect();
        Board::new(rows[0].len() as i32, rows.len() as i32, cells, features)
    }

    fn all(_: &DoorInfo) -> bool {
        true
    }

    #[test]
    fn a_pit_is_jumped_straight_across_onto_floor() {
        let b = board("#####\n#.=.#\n#####", &[]);
        let r = b.reach((1, 1), &all);
        assert!(b.reached(&r, 3, 1));
        assert!(!b.reached(&r, 2, 1));
        // A pit two wide cannot be jumped.
        let b = board("######\n#.==.#\n######", &[]);
        assert!(!b.reached(&b.reach((1, 1), &all), 4, 1));
    }

    #[test]
    fn water_stops_walkers_and_rock_slides_do_not() {
        let b = board("#####\n#.~.#\n#####", &[]);
        assert!(!b.reached(&b.reach((1, 1), &all), 3, 1));
        let b = board("#####\n#.,.#\n#####", &[]);
        let r = b.reach((1, 1), &all);
        assert!(b.reached(&r, 3, 1) && !b.standable(2, 1));
    }

    #[test]
    fn a_diagonal_cuts_one_corner_but_never_squeezes_between_two_walls() {
        let b = board("####\n#.##\n##.#\n####", &[]);
        assert!(!b.reached(&b.reach((1, 1), &all), 2, 2));
        let b = board("####\n#..#\n##.#\n####", &[]);
        assert!(b.reached(&b.reach((1, 1), &all), 2, 2));
    }

    #[test]
    fn a_closed_door_stops_walking_and_staircases_join_parts() {
        let mut door = Feature::new(FeatureKind::Door, 1, 1);
        door.side = Some(crate::core::geom::Side::E);
        let b = board("####\n#..#\n####", &[door]);
        assert!(!b.reached(&b.reach((1, 1), &|_| false), 2, 1));
        assert!(b.reached(&b.reach((1, 1), &all), 2, 1));
        let mut s1 = Feature::new(FeatureKind::Staircase, 1, 1);
        s1.colour = Some(Colour::Red);
        let mut s2 = Feature::new(FeatureKind::Staircase, 3, 1);
        s2.colour = Some(Colour::Red);
        let b = board("#####\n#.#.#\n#####", &[s1, s2]);
        assert!(b.reached(&b.reach((1, 1), &all), 3, 1));
    }

    #[test]
    fn steps_count_each_step_jump_and_staircase_once() {
        let at = |b: &Board, d: &[u32], x: i32, y: i32| d[(y * b.width + x) as usize];
        // A corridor: one step a square; diagonals count one too.
        let b = board("#######\n#.....#\n#.....#\n#######", &[]);
        let d = b.steps((1, 1), &all);
        assert_eq!(
            (at(&b, &d, 5, 1), at(&b, &d, 5, 2), at(&b, &d, 2, 2)),
            (4, 4, 1)
        );
        // A pit jumped: the far side is one move away.
        let b = board("#####\n#.=.#\n#####", &[]);
        let d = b.steps((1, 1), &all);
        assert_eq!((at(&b, &d, 3, 1), at(&b, &d, 2, 1)), (1, UNREACHED));
        // A staircase from one end to the other is one move.
        let mut s1 = Feature::new(FeatureKind::Staircase, 1, 1);
        s1.colour = Some(Colour::Red);
        let mut s2 = Feature::new(FeatureKind::Staircase, 5, 1);
        s2.colour = Some(Colour::Red);
        let b = board("#######\n#.#.#.#\n#######", &[s1, s2]);
        let d = b.steps((1, 1), &all);
        assert_eq!((at(&b, &d, 5, 1), at(&b, &d, 3, 1)), (1, UNREACHED));
        // Where steps reach is where reach does, on every square.
        let r = b.reach((1, 1), &all);
        assert!(d.iter().zip(&r).all(|(s, r)| (*s != UNREACHED) == *r));
    }

    #[test]
    fn keys_open_doors_in_order_and_a_key_behind_its_own_door_does_not() {
        let door = |x, c| {
            let mut d = Feature::new(FeatureKind::Door, x, 1);
            d.side = Some(crate::core::geom::Side::E);
            d.colour = Some(c);
            d
        };
        let key = |x, c| {
            let mut k = Feature::new(FeatureKind::Key, x, 1);
            k.colour = Some(c);
            k
        };
        // start . | red door | blue key . | blue door | .
        let f = vec![
            key(1, Colour::Red),
            door(2, Colour::Red),
            key(3, Colour::Blue),
            door(4, Colour::Blue),
        ];
        let b = board("#######\n#.....#\n#######", &f);
        let (order, reach) = b.opening_order((1, 1), &f);
        assert_eq!(order, [Colour::Red, Colour::Blue]);
        assert!(b.reached(&reach, 5, 1));
        // The red key behind the red door: never opened.
        let f = vec![door(1, Colour::Red), key(3, Colour::Red)];
        let b = board("#######\n#.....#\n#######", &f);
        let (order, reach) = b.opening_order((1, 1), &f);
        assert!(order.is_empty() && !b.reached(&reach, 3, 1));
    }
}
