//! Setting a built dungeon up for Dungeon World 10 mm, the way a Draken
//! Master would dress a scenario map (L317-363, L365-483, L520-562): the
//! start teleporter, staircases that join what walking cannot, pits, rock
//! slides and pools, doors (plain, keyed, secret) and their keys,
//! teleporters, numbered chests, `?` counters, spawn points, coffins,
//! furnishings and the objective; then, on a stream of their own, the
//! dungeon conditions (`dw10::conditions`). How many of each is the
//! project's setup table (`templates/dungeon-world-10mm/setup.yaml`);
//! every choice is a logged roll.
//!
//! The dungeon itself is laid by the shared Dungeon Stack builder
//! ([`build_dungeon_with`]): Pendraken pieces are passages and chambers
//! joined at open edges, which is what that builder lays, and it keeps the
//! layout byte-identical to MKD's for the same tiles and seed.

use crate::build::layout::LayoutParams;
use crate::build::{BuildError, BuiltMap, build_dungeon_with};
use crate::core::dice::{Dice, LogEntry};
use crate::core::geom::Side;
use crate::dw10::board::{Board, DoorInfo, Edge};
use crate::dw10::scenario::{
    At, Colour, Difficulty, Dw10Part, Feature, FeatureKind, Objective, Params, Scenario, Victory,
};
use crate::dw10::tables::{SetupRow, SetupTable};
use crate::rules::{RuleSystem, RulesetId, SetupError};
use crate::scenario::{self, Size};
use crate::tileset::{TileKind, TileSet};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The Draken Master's default kill target (L516: "often 5").
pub const DEFAULT_KILLS: u32 = 5;

/// Everything one Dungeon World 10 mm generation needs besides the tiles.
#[derive(Debug, Clone, PartialEq)]
pub struct GenerateParams {
    /// The master seed.
    pub seed: u64,
    /// Build parameters.
    pub layout: LayoutParams,
    /// The setup table's row.
    pub difficulty: Difficulty,
    /// The Draken Master's kill target.
    pub kills: u32,
    /// How the tile set is named in the scenario.
    pub tileset_label: String,
    /// The setup table.
    pub table: Arc<SetupTable>,
    /// The dungeon conditions setup draws from (the project's table).
    pub conditions: Arc<crate::dw10::conditions::ConditionTable>,
    /// Keep the roll log.
    pub log: bool,
}

impl Default for GenerateParams {
    fn default() -> Self {
        GenerateParams {
            seed: 1,
            layout: LayoutParams::default(),
            difficulty: Difficulty::Normal,
            kills: DEFAULT_KILLS,
            tileset_label: crate::tileset::PENDRAKEN_TILESET_NAME.into(),
            table: Arc::new(crate::dw10::tables::embedded_setup()),
            conditions: Arc::new(crate::dw10::conditions::shared().clone()),
            log: true,
        }
    }
}

/// Why no scenario could be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// Building the map failed.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// Setup failed.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// The rules of Dungeon World 10 mm, as far as setup goes.
#[derive(Debug, Clone, Default)]
pub struct DungeonWorld10mm;

/// What setup put on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// The start square (an active teleporter).
    pub start: At,
    /// How each side wins.
    pub victory: Victory,
    /// The features, in the order they were placed.
    pub features: Vec<Feature>,
}

impl RuleSystem for DungeonWorld10mm {
    type Part = Dw10Part;
    type Built = BuiltMap;
    type Options<'a> = (&'a SetupTable, Difficulty, u32, &'a TileSet);
    type Setup = Setup;
    type Sheet = crate::dw10::sheet::DmSheet;
    type PlayOptions = crate::dw10::play::engine::PlayOptions;
    /// The Draken Master's engine (`dw10::play`), the first move begun.
    type Game = crate::dw10::play::engine::Game;

    fn id(&self) -> RulesetId {
        RulesetId::DungeonWorld10mm
    }

    fn setup(
        &self,
        built: &BuiltMap,
        (table, difficulty, kills, tileset): (&SetupTable, Difficulty, u32, &TileSet),
        dice: &mut Dice,
    ) -> Result<Setup, SetupError> {
        Placer::new(built, table, table.row(difficulty), dice).run(kills, tileset)
    }

    fn sheet(&self, scenario: &Scenario) -> crate::dw10::sheet::DmSheet {
        crate::dw10::sheet::dm_sheet(scenario, &crate::dw10::tables::embedded())
    }

    fn new_game(
        &self,
        scenario: Arc<Scenario>,
        options: crate::dw10::play::engine::PlayOptions,
    ) -> crate::dw10::play::engine::Game {
        crate::dw10::play::engine::Game::new(scenario, options).0
    }
}

/// Generates one Dungeon World 10 mm scenario.
pub fn generate(tileset: &TileSet, params: &GenerateParams) -> Result<Scenario, GenerateError> {
    let built = build_dungeon_with(tileset, &params.layout, params.seed, params.log, |_, _| {
        Ok(())
    })?;
    let mut dice = Dice::with_log(params.seed, "dw10-setup", params.log);
    let mut setup = DungeonWorld10mm.setup(
        &built,
        (&params.table, params.difficulty, params.kills, tileset),
        &mut dice,
    )?;
    // Dungeon conditions last, on a stream of their own: the rest of
    // setup rolls as it did before they came in.
    let mut cdice = Dice::with_log(params.seed, "dw10-conditions", params.log);
    let n = crate::dw10::conditions::count(
        built.layout.tiles.len(),
        params.table.row(params.difficulty).conditions_per_tiles,
    );
    if n > 0 {
        let g = &built.grid;
        let board = Board::new(
            g.width as i32,
            g.height as i32,
            g.cells().to_vec(),
            &setup.features,
        );
        let placed = crate::dw10::conditions::place(
            &built,
            &board,
            &setup.features,
            setup.start,
            n,
            &params.conditions,
            &mut cdice,
        );
        setup.features.extend(placed);
    }
    let mut log = built.log.clone();
    log.extend(dice.into_log());
    log.extend(cdice.into_log());
    let mut s = assemble(tileset, params, &built, setup, log);
    // A table of the user's travels with the scenario: the rows its
    // squares name, in table order (the embedded table is left out, so a
    // scenario made with it reads as before).
    if *params.conditions != *crate::dw10::conditions::shared() {
        let named = |r: &&crate::dw10::conditions::ConditionRow| {
            s.game.features.iter().any(|f| {
                f.kind == FeatureKind::Condition && f.what.as_deref() == Some(r.what.as_str())
            })
        };
        let rows: Vec<_> = params
            .conditions
            .conditions
            .iter()
            .filter(named)
            .cloned()
            .collect();
        if !rows.is_empty() {
            s.game.conditions = Some(rows);
        }
    }
    let board = crate::dw10::scenario::board_of(&s);
    crate::dw10::board::check_guarantees(
        (s.game.start.x, s.game.start.y),
        &s.game.features,
        &board,
    )
    .map_err(|(k, m)| SetupError(format!("setup broke its own guarantee ({k}: {m})")))?;
    Ok(s)
}

/// One per `per` of `n`, rounded up.
fn per(n: usize, per: u32) -> usize {
    n.div_ceil(per.max(1) as usize)
}

struct Placer<'a> {
    built: &'a BuiltMap,
    row: &'a SetupRow,
    table: &'a SetupTable,
    dice: &'a mut Dice,
    board: Board,
    features: Vec<Feature>,
    used: BTreeSet<(i32, i32)>,
    start: (i32, i32),
    colours: usize,
}

impl<'a> Placer<'a> {
    fn new(
        built: &'a BuiltMap,
        table: &'a SetupTable,
        row: &'a SetupRow,
        dice: &'a mut Dice,
    ) -> Self {
        let g = &built.grid;
        let board = Board::new(g.width as i32, g.height as i32, g.cells().to_vec(), &[]);
        Placer {
            built,
            row,
            table,
            dice,
            board,
            features: Vec::new(),
            used: BTreeSet::new(),
            start: (0, 0),
            colours: 0,
        }
    }

    fn tile_name(&self, i: usize) -> &str {
        &self.built.layout.tiles[i].id
    }

    fn owner(&self, p: (i32, i32)) -> Option<usize> {
        self.built.grid.owner(p.0, p.1)
    }

    fn push(&mut self, f: Feature) {
        self.used.insert((f.x, f.y));
        let i = self.features.len();
        self.board.add(i, &f);
        self.features.push(f);
    }

    fn pop(&mut self) {
        if let Some(f) = self.features.pop() {
            self.board.remove(&f);
            if f.kind.on_square() {
                self.used.remove(&(f.x, f.y));
            }
        }
    }

    fn next_colour(&mut self) -> Option<Colour> {
        let c = Colour::ALL.get(self.colours).copied();
        self.colours += 1;
        c
    }

    /// Free squares a figure may stand on, row-major, that `ok` accepts.
    fn free(&self, ok: impl Fn((i32, i32)) -> bool) -> Vec<(i32, i32)> {
        self.board
            .standable_squares()
            .into_iter()
            .filter(|p| !self.used.contains(p) && ok(*p))
            .collect()
    }

    fn pick(
        &mut self,
        squares: &[(i32, i32)],
        what: std::fmt::Arguments<'_>,
    ) -> Option<(i32, i32)> {
        if squares.is_empty() {
            self.dice
                .note(format_args!("{what}: no free square; none placed"));
            return None;
        }
        let k = self.dice.choose(
            squares.len(),
            format_args!("{what}: square among {}", squares.len()),
        );
        let p = squares[k];
        self.dice.note(format_args!(
            "{what}: on {},{}{}",
            p.0,
            p.1,
            self.owner(p)
                .map(|t| format!(" ({})", self.tile_name(t)))
                .unwrap_or_default()
        ));
        Some(p)
    }

    fn near_start(&self, p: (i32, i32), d: i32) -> bool {
        (p.0 - self.start.0).abs() <= d && (p.1 - self.start.1).abs() <= d
    }

    /// Every square a figure may stand on can be reached (doors open but
    /// secret ones, all keys in hand).
    fn all_reachable(&self) -> bool {
        let r = self.board.reach(self.start, &|d: &DoorInfo| !d.secret);
        self.board
            .standable_squares()
            .into_iter()
            .all(|(x, y)| self.board.reached(&r, x, y))
    }

    fn run(mut self, kills: u32, tileset: &TileSet) -> Result<Setup, SetupError> {
        self.place_start()?;
        self.printed_doors(tileset);
        self.join_parts();
        self.extra_staircases();
        self.terrain();
        let keyed = self.doors();
        self.keys(&keyed);
        self.teleporters();
        self.chests();
        self.traps();
        self.spawn_points();
        self.coffins();
        self.furnishings();
        let objective = self.objective();
        Ok(Setup {
            start: At {
                x: self.start.0,
                y: self.start.1,
            },
            victory: Victory {
                dm_kills: kills,
                objective,
            },
            features: self.features,
        })
    }

    /// The start: the entrance's middle square if a figure may stand there,
    /// else the nearest such square (a roll among equally near ones). An
    /// active teleporter stands on it, so the heroes can re-spawn and leave
    /// from the first move (L518-519, L616-619).
    fn place_start(&mut self) -> Result<(), SetupError> {
        let l = &self.built.layout;
        let et = &l.tiles[l.entrance.tile];
        let sq = et.entryway_squares(&l.entrance.entryway);
        let mid = sq[(sq.len() - 1) / 2];
        let mid = self.built.grid.local(mid.0, mid.1);
        // Squares in a part of at least 4 squares a walker can reach (room
        // for the teleporter and what setup puts beside it), when there are
        // any: a square cut off by water at the entrance would strand the
        // heroes.
        let all = self.board.standable_squares();
        let roomy: Vec<(i32, i32)> = {
            let mut out = Vec::new();
            let mut done = vec![false; all.len()];
            for i in 0..all.len() {
                if done[i] {
                    continue;
                }
                let r = self.board.reach(all[i], &|_: &DoorInfo| true);
                let part: Vec<usize> = (i..all.len())
                    .filter(|&j| self.board.reached(&r, all[j].0, all[j].1))
                    .collect();
                for &j in &part {
                    done[j] = true;
                }
                if part.len() >= 4 {
                    out.extend(part.iter().map(|&j| all[j]));
                }
            }
            out.sort();
            out
        };
        let all = if roomy.is_empty() { all } else { roomy };
        let Some(best) = all
            .iter()
            .map(|p| (p.0 - mid.0).abs().max((p.1 - mid.1).abs()))
            .min()
        else {
            return Err(SetupError(
                "the dungeon has no floor square a figure may stand on".into(),
            ));
        };
        let near: Vec<(i32, i32)> = all
            .into_iter()
            .filter(|p| (p.0 - mid.0).abs().max((p.1 - mid.1).abs()) == best)
            .collect();
        let p = self
            .pick(
                &near,
                format_args!("start (active teleporter), {best} from the entrance"),
            )
            .expect("near is not empty");
        self.start = p;
        let mut t = Feature::new(FeatureKind::Teleporter, p.0, p.1);
        t.active = Some(true);
        self.push(t);
        Ok(())
    }

    /// The doors moulded on the pieces laid (the tile set's `doors`), where
    /// they join two squares a figure may stand on; a secret one counts as
    /// wall for the guarantees, so staircases join what it shuts off.
    fn printed_doors(&mut self, tileset: &TileSet) {
        let g = &self.built.grid;
        let mut found = Vec::new();
        for (i, t) in self.built.layout.tiles.iter().enumerate() {
            let Some(def) = tileset.tiles.get(t.def) else {
                continue;
            };
            for (x, y, side, secret) in def.doors_on(t.face, t.rotation) {
                let a = g.local(t.x + x as i32, t.y + y as i32);
                found.push((i, a, side, secret));
            }
        }
        for (i, a, side, secret) in found {
            let (dx, dy) = side.delta();
            let b = (a.0 + dx, a.1 + dy);
            let name = self.tile_name(i).to_string();
            let e = if a <= b { (a, b) } else { (b, a) };
            if !(self.board.standable(a.0, a.1) && self.board.standable(b.0, b.1))
                || self.board.doors.contains_key(&e)
                || a == self.start
                || b == self.start
            {
                self.dice.note(format_args!(
                    "door printed on {name} at {},{} ({} edge) leads to no floor here; left out",
                    a.0,
                    a.1,
                    side.name()
                ));
                continue;
            }
            let mut d = Feature::new(FeatureKind::Door, a.0, a.1);
            d.side = Some(side);
            if secret {
                d.secret = Some(true);
            }
            self.dice.note(format_args!(
                "{} door printed on {name}: {},{} ({} edge)",
                if secret { "secret" } else { "plain" },
                a.0,
                a.1,
                side.name()
            ));
            self.push_door(d);
        }
    }

    /// A staircase colour (two ends) from the part the start reaches to each
    /// part walking cannot reach (water, walls across a piece). With every
    /// colour in use, the last colour gains an end there instead.
    fn join_parts(&mut self) {
        loop {
            let r = self.board.reach(self.start, &|d: &DoorInfo| !d.secret);
            let Some(cut) = self
                .board
                .standable_squares()
                .into_iter()
                .find(|&(x, y)| !self.board.reached(&r, x, y))
            else {
                return;
            };
            let part = self.board.reach(cut, &|d: &DoorInfo| !d.secret);
            let far = self.free(|(x, y)| self.board.reached(&part, x, y));
            let colour = match self.next_colour() {
                Some(c) => {
                    let mut near = self
                        .free(|(x, y)| self.board.reached(&r, x, y) && !self.near_start((x, y), 1));
                    if near.is_empty() {
                        near = self.free(|(x, y)| self.board.reached(&r, x, y));
                    }
                    let Some(a) = self.pick(
                        &near,
                        format_args!("{c} staircase, near end (joins a cut-off part)"),
                    ) else {
                        return;
                    };
                    let mut s = Feature::new(FeatureKind::Staircase, a.0, a.1);
                    s.colour = Some(c);
                    self.push(s);
                    c
                }
                None => Colour::Black,
            };
            let Some(b) = self.pick(
                &far,
                format_args!("{colour} staircase, far end in the cut-off part"),
            ) else {
                return;
            };
            let mut s = Feature::new(FeatureKind::Staircase, b.0, b.1);
            s.colour = Some(colour);
            self.push(s);
        }
    }

    /// The table's extra staircases: two ends in two different tiles.
    fn extra_staircases(&mut self) {
        for _ in 0..self.row.staircases {
            let Some(c) = self.next_colour() else { return };
            let Some(a) = self.pick_in_tile(format_args!("{c} staircase, first end"), None) else {
                return;
            };
            let ta = self.owner(a);
            let mut s = Feature::new(FeatureKind::Staircase, a.0, a.1);
            s.colour = Some(c);
            self.push(s);
            match self.pick_in_tile(format_args!("{c} staircase, second end"), ta) {
                Some(b) => {
                    let mut s = Feature::new(FeatureKind::Staircase, b.0, b.1);
                    s.colour = Some(c);
                    self.push(s);
                }
                None => self.pop(),
            }
        }
    }

    /// A square in a tile rolled among the tiles (not `not`, not the
    /// entrance tile when another will do), then a square rolled in it.
    fn pick_in_tile(
        &mut self,
        what: std::fmt::Arguments<'_>,
        not: Option<usize>,
    ) -> Option<(i32, i32)> {
        let n = self.built.layout.tiles.len();
        let entrance = self.built.layout.entrance.tile;
        let mut tiles: Vec<usize> = (0..n)
            .filter(|&t| Some(t) != not && t != entrance && !self.free_in(t).is_empty())
            .collect();
        if tiles.is_empty() {
            tiles = (0..n)
                .filter(|&t| Some(t) != not && !self.free_in(t).is_empty())
                .collect();
        }
        if tiles.is_empty() {
            self.dice.note(format_args!(
                "{what}: no tile has a free square; none placed"
            ));
            return None;
        }
        let k = self.dice.choose(
            tiles.len(),
            format_args!("{what}: tile among {}", tiles.len()),
        );
        let t = tiles[k];
        let sq = self.free_in(t);
        let name = self.tile_name(t).to_string();
        self.pick(&sq, format_args!("{what} in {name}"))
    }

    fn free_in(&self, t: usize) -> Vec<(i32, i32)> {
        self.free(|p| self.owner(p) == Some(t) && !self.near_start(p, 1))
    }

    /// Pits, rock slides and pools: each on a free square, never beside a
    /// pit nor beside a door (printed doors come first), kept only if every square a figure may stand on can still be
    /// reached (a pit needs floor straight across it on one side or the
    /// other).
    fn terrain(&mut self) {
        let n = self.built.layout.tiles.len();
        let plan = [
            (FeatureKind::Pit, per(n, self.row.pits_per_tiles)),
            (
                FeatureKind::Rockslide,
                per(n, self.row.rockslides_per_tiles),
            ),
            (FeatureKind::Pool, self.row.pools as usize),
        ];
        for (kind, count) in plan {
            for i in 0..count {
                let mut candidates = self.free(|p| {
                    !self.near_start(p, 2)
                        && (kind != FeatureKind::Pit || self.jumpable(p))
                        && !self.beside_pit(p)
                        && !self.board.doors.keys().any(|&(a, b)| a == p || b == p)
                });
                for _ in 0..12 {
                    let Some(p) = self.pick(
                        &candidates,
                        format_args!("{} {} of {count}", kind.name(), i + 1),
                    ) else {
                        break;
                    };
                    self.push(Feature::new(kind, p.0, p.1));
                    if self.all_reachable() {
                        break;
                    }
                    self.pop();
                    self.dice.note(format_args!(
                        "{} on {},{} would cut squares off; taken up again",
                        kind.name(),
                        p.0,
                        p.1
                    ));
                    candidates.retain(|&c| c != p);
                }
            }
        }
    }

    /// Is a pit beside `p` (terrain there would spoil its jump)?
    fn beside_pit(&self, p: (i32, i32)) -> bool {
        [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|(dx, dy)| {
            self.board.ground(p.0 + dx, p.1 + dy) == crate::dw10::board::Ground::Pit
        })
    }

    /// Floor on both sides of `p` along a row or a column.
    fn jumpable(&self, p: (i32, i32)) -> bool {
        let st = |x, y| self.board.standable(x, y);
        (st(p.0 - 1, p.1) && st(p.0 + 1, p.1)) || (st(p.0, p.1 - 1) && st(p.0, p.1 + 1))
    }

    /// The edges where a door fits: two tiles that meet at exactly one pair
    /// of squares, side by side (not corner to corner), both floor.
    fn door_edges(&self) -> Vec<Edge> {
        let b = &self.board;
        let mut pairs: std::collections::BTreeMap<(usize, usize), Vec<Edge>> = Default::default();
        for y in 0..b.height {
            for x in 0..b.width {
                if !b.walkable(x, y) {
                    continue;
                }
                let Some(i) = self.owner((x, y)) else {
                    continue;
                };
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let n = (x + dx, y + dy);
                    if !b.walkable(n.0, n.1) {
                        continue;
                    }
                    let Some(j) = self.owner(n) else { continue };
                    if i != j {
                        let key = (i.min(j), i.max(j));
                        let e = ((x, y), n);
                        pairs.entry(key).or_default().push(e);
                    }
                }
            }
        }
        pairs
            .into_values()
            .filter(|v| v.len() == 1)
            .map(|v| v[0])
            .filter(|&(a, c)| {
                (a.0 == c.0 || a.1 == c.1)
                    && b.standable(a.0, a.1)
                    && b.standable(c.0, c.1)
                    && a != self.start
                    && c != self.start
                    && !b.doors.contains_key(&(a, c))
            })
            .collect()
    }

    fn door(&self, e: Edge) -> Feature {
        let ((ax, ay), (cx, cy)) = e;
        let side = match (cx - ax, cy - ay) {
            (1, 0) => Side::E,
            (-1, 0) => Side::W,
            (0, 1) => Side::S,
            _ => Side::N,
        };
        let mut d = Feature::new(FeatureKind::Door, ax, ay);
        d.side = Some(side);
        d
    }

    /// Doors on the edges between pieces: keyed doors first (on edges that
    /// shut something off, where there are such), then secret doors (only
    /// where nothing depends on finding them), then plain doors.
    fn doors(&mut self) -> Vec<Colour> {
        let mut edges = self.door_edges();
        let n = self.built.layout.tiles.len();
        let mut keyed = Vec::new();
        for _ in 0..self.row.keyed_doors {
            let full = self.board.reach(self.start, &|d: &DoorInfo| !d.secret);
            let cuts: Vec<Edge> = edges
                .iter()
                .copied()
                .filter(|&e| {
                    let mut trial = self.board.clone();
                    trial.add(usize::MAX, &{
                        let mut d = self.door(e);
                        d.secret = Some(true);
                        d
                    });
                    let r = trial.reach(self.start, &|d: &DoorInfo| !d.secret);
                    r != full
                })
                .collect();
            let pool = if cuts.is_empty() { edges.clone() } else { cuts };
            if pool.is_empty() {
                self.dice.note(format_args!(
                    "keyed door: no edge left for one; none placed"
                ));
                break;
            }
            let Some(c) = self.next_colour() else { break };
            let k = self.dice.choose(
                pool.len(),
                format_args!("{c} door: edge among {}", pool.len()),
            );
            let e = pool[k];
            let mut d = self.door(e);
            d.colour = Some(c);
            self.dice.note(format_args!(
                "{c} door on the {} edge of {},{}",
                d.side.map(|s| s.name()).unwrap_or(""),
                d.x,
                d.y
            ));
            self.push_door(d);
            edges.retain(|&x| x != e);
            keyed.push(c);
        }
        for i in 0..self.row.secret_doors {
            let mut pool = edges.clone();
            loop {
                if pool.is_empty() {
                    self.dice.note(format_args!(
                        "secret door {}: no edge where nothing depends on it; none placed",
                        i + 1
                    ));
                    break;
                }
                let k = self.dice.choose(
                    pool.len(),
                    format_args!("secret door {}: edge among {}", i + 1, pool.len()),
                );
                let e = pool[k];
                let mut d = self.door(e);
                d.secret = Some(true);
                self.push_door(d);
                if self.all_reachable() {
                    self.dice
                        .note(format_args!("secret door on {},{}", e.0.0, e.0.1));
                    edges.retain(|&x| x != e);
                    break;
                }
                self.pop();
                pool.retain(|&x| x != e);
            }
        }
        for i in 0..per(n, self.row.plain_doors_per_tiles) {
            if edges.is_empty() {
                self.dice.note(format_args!(
                    "plain door {}: no edge left; none placed",
                    i + 1
                ));
                break;
            }
            let k = self.dice.choose(
                edges.len(),
                format_args!("plain door {}: edge among {}", i + 1, edges.len()),
            );
            let e = edges.remove(k);
            let d = self.door(e);
            self.dice.note(format_args!(
                "plain door on the {} edge of {},{}",
                d.side.map(|s| s.name()).unwrap_or(""),
                d.x,
                d.y
            ));
            self.push_door(d);
        }
        keyed
    }

    fn push_door(&mut self, d: Feature) {
        let i = self.features.len();
        self.board.add(i, &d);
        self.features.push(d);
    }

    /// A key for each keyed door, in the order they were placed: the key of
    /// the k-th colour lies where the heroes reach with the earlier colours
    /// open and this and later ones shut — past the earlier doors when
    /// there is room there — so opening them in that order never locks the
    /// heroes out.
    fn keys(&mut self, keyed: &[Colour]) {
        let region = |b: &Board, open: &[Colour], start| {
            b.reach(start, &|d: &DoorInfo| {
                !d.secret && d.colour.is_none_or(|x| open.contains(&x))
            })
        };
        // The door that shuts off the most comes first: on the way in it is
        // the nearer one, so each key lies past the door before it.
        let all = region(&self.board, keyed, self.start);
        let count = |r: &[bool]| r.iter().zip(&all).filter(|(a, b)| **b && !**a).count();
        let mut keyed: Vec<(usize, Colour)> = keyed
            .iter()
            .map(|&c| {
                let others: Vec<Colour> = keyed.iter().copied().filter(|&x| x != c).collect();
                (count(&region(&self.board, &others, self.start)), c)
            })
            .collect();
        keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let keyed: Vec<Colour> = keyed.into_iter().map(|(_, c)| c).collect();
        for (k, &c) in keyed.iter().enumerate() {
            let open = &keyed[..k];
            let here = region(&self.board, open, self.start);
            let before = region(&self.board, &keyed[..k.saturating_sub(1)], self.start);
            let mut squares = self.free(|(x, y)| {
                self.board.reached(&here, x, y) && !self.board.reached(&before, x, y)
            });
            if squares.is_empty() {
                squares = self
                    .free(|(x, y)| self.board.reached(&here, x, y) && !self.near_start((x, y), 1));
            }
            if squares.is_empty() {
                squares = self.free(|(x, y)| self.board.reached(&here, x, y));
            }
            match self.pick(&squares, format_args!("{c} key")) {
                Some(p) => {
                    let mut f = Feature::new(FeatureKind::Key, p.0, p.1);
                    f.colour = Some(c);
                    self.push(f);
                }
                None => {
                    // No room for the key: the door goes.
                    let i = self
                        .features
                        .iter()
                        .position(|f| f.kind == FeatureKind::Door && f.colour == Some(c));
                    if let Some(i) = i {
                        let d = self.features.remove(i);
                        self.dice.note(format_args!(
                            "{c} door on {},{} taken away: no room for its key",
                            d.x, d.y
                        ));
                        self.rebuild_board();
                    }
                }
            }
        }
    }

    fn rebuild_board(&mut self) {
        let g = &self.built.grid;
        self.board = Board::new(
            g.width as i32,
            g.height as i32,
            g.cells().to_vec(),
            &self.features,
        );
    }

    /// Inactive teleporters, each in a tile rolled for it.
    fn teleporters(&mut self) {
        for i in 0..self.row.teleporters {
            if let Some(p) =
                self.pick_in_tile(format_args!("teleporter {} (inactive)", i + 1), None)
            {
                let mut t = Feature::new(FeatureKind::Teleporter, p.0, p.1);
                t.active = Some(false);
                self.push(t);
            }
        }
    }

    /// Chests in every chamber, each with a hidden number from a d6 on the
    /// table's row.
    fn chests(&mut self) {
        let tiles = &self.built.layout.tiles;
        let chambers: Vec<usize> = (0..tiles.len())
            .filter(|&t| tiles[t].kind == TileKind::Chamber)
            .collect();
        for t in chambers {
            for _ in 0..self.row.chests_per_chamber {
                let sq = self.free_in(t);
                let name = self.tile_name(t).to_string();
                let Some(p) = self.pick(&sq, format_args!("chest in {name}")) else {
                    break;
                };
                let face = self
                    .dice
                    .d6(format_args!("chest in {name}: its hidden number"));
                let number = self.row.chest_numbers[(face - 1) as usize];
                self.dice
                    .note(format_args!("chest on {},{}: number {number}", p.0, p.1));
                let mut c = Feature::new(FeatureKind::Chest, p.0, p.1);
                c.number = Some(number);
                self.push(c);
            }
        }
    }

    /// `?` counters: never beside another, never within 2 of the start.
    fn traps(&mut self) {
        let count = per(self.built.layout.tiles.len(), self.row.traps_per_tiles);
        for i in 0..count {
            let traps: Vec<(i32, i32)> = self
                .features
                .iter()
                .filter(|f| f.kind == FeatureKind::Trap)
                .map(|f| (f.x, f.y))
                .collect();
            let sq = self.free(|p| {
                !self.near_start(p, 2)
                    && !traps
                        .iter()
                        .any(|t| (t.0 - p.0).abs() <= 1 && (t.1 - p.1).abs() <= 1)
            });
            let Some(p) = self.pick(&sq, format_args!("? counter {} of {count}", i + 1)) else {
                break;
            };
            self.push(Feature::new(FeatureKind::Trap, p.0, p.1));
        }
    }

    /// Wells, then grills and trap doors (a d6: 1-3 a grill, 4-6 a trap
    /// door) until there is one spawn point per the table's tiles; never
    /// within 3 of the start.
    fn spawn_points(&mut self) {
        let n = self.built.layout.tiles.len();
        let wells = self.row.wells as usize;
        let total = per(n, self.row.spawn_points_per_tiles).max(wells);
        for i in 0..total {
            let sq = self.free(|p| !self.near_start(p, 3));
            let sq = if sq.is_empty() {
                self.free(|p| p != self.start)
            } else {
                sq
            };
            let what = if i < wells {
                "well"
            } else if self.dice.d6(format_args!(
                "spawn point {}: 1-3 grill, 4-6 trap door",
                i + 1
            )) <= 3
            {
                "grill"
            } else {
                "trapdoor"
            };
            let Some(p) = self.pick(&sq, format_args!("spawn point {} ({what})", i + 1)) else {
                break;
            };
            let mut f = Feature::new(FeatureKind::Spawn, p.0, p.1);
            f.what = Some(what.into());
            self.push(f);
        }
    }

    fn chamber_squares(&self, away: i32) -> Vec<(i32, i32)> {
        let tiles = &self.built.layout.tiles;
        self.free(|p| {
            self.owner(p)
                .is_some_and(|t| tiles[t].kind == TileKind::Chamber)
                && !self.near_start(p, away)
        })
    }

    /// Coffins, in chambers, more than 3 squares from the start.
    fn coffins(&mut self) {
        for i in 0..self.row.coffins {
            let sq = self.chamber_squares(3);
            let Some(p) = self.pick(&sq, format_args!("coffin {}", i + 1)) else {
                break;
            };
            self.push(Feature::new(FeatureKind::Coffin, p.0, p.1));
        }
    }

    /// Furnishings in every chamber, each rolled from the table's list.
    fn furnishings(&mut self) {
        let tiles = &self.built.layout.tiles;
        let chambers: Vec<usize> = (0..tiles.len())
            .filter(|&t| tiles[t].kind == TileKind::Chamber)
            .collect();
        let list = self.table.furnishings.clone();
        for t in chambers {
            for _ in 0..self.row.furnishings_per_chamber {
                let sq = self.free_in(t);
                if sq.is_empty() {
                    break;
                }
                let name = self.tile_name(t).to_string();
                let k = self.dice.choose(
                    list.len(),
                    format_args!("furnishing in {name}: which, among {}", list.len()),
                );
                let what = list[k].clone();
                let Some(p) = self.pick(&sq, format_args!("{what} in {name}")) else {
                    break;
                };
                let mut f = Feature::new(FeatureKind::Furnishing, p.0, p.1);
                f.what = Some(what);
                self.push(f);
            }
        }
    }

    /// The objective, rolled among the table's: its piece goes in the
    /// Central Chamber (the chamber farthest from the entrance).
    fn objective(&mut self) -> Objective {
        let list = self.table.objectives.clone();
        let k = self
            .dice
            .choose(list.len(), format_args!("objective among {}", list.len()));
        let cc = self.built.analysis.central_chamber;
        let chests: Vec<usize> = self
            .features
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == FeatureKind::Chest)
            .map(|(i, _)| i)
            .collect();
        match list[k].as_str() {
            "slay" => {
                let slay = self.table.slay.clone();
                let m = self.dice.choose(
                    slay.len(),
                    format_args!("slay: which monster, among {}", slay.len()),
                );
                let monster = slay[m].clone();
                if let Some(p) = self.objective_square(cc, &format!("{monster}'s lair")) {
                    let mut f = Feature::new(FeatureKind::Lair, p.0, p.1);
                    f.what = Some(monster.clone());
                    self.push(f);
                    return Objective::Slay { monster };
                }
            }
            "rescue" => {
                if let Some(p) = self.objective_square(cc, "prisoner") {
                    self.push(Feature::new(FeatureKind::Prisoner, p.0, p.1));
                    return Objective::Rescue;
                }
            }
            _ => {}
        }
        // Recover: the Central Chamber's chest, else any chest, else a new one.
        let in_cc = chests.iter().position(|&i| {
            let f = &self.features[i];
            self.owner((f.x, f.y)) == Some(cc)
        });
        let chest = match in_cc {
            Some(k) => k,
            None if !chests.is_empty() => self.dice.choose(
                chests.len(),
                format_args!("recover: which chest, among {}", chests.len()),
            ),
            None => {
                let p = self
                    .objective_square(cc, "chest to recover")
                    .unwrap_or(self.start);
                let mut c = Feature::new(FeatureKind::Chest, p.0, p.1);
                c.number = Some(1);
                self.push(c);
                0
            }
        };
        self.dice.note(format_args!(
            "objective: recover chest {} and leave by an active teleporter",
            chest + 1
        ));
        Objective::Recover {
            chest: chest as u32 + 1,
        }
    }

    fn objective_square(&mut self, cc: usize, what: &str) -> Option<(i32, i32)> {
        let mut sq = self.free_in(cc);
        if sq.is_empty() {
            sq = self.free(|p| p != self.start);
        }
        self.pick(&sq, format_args!("{what} in the Central Chamber"))
    }
}

/// The scenario: the shared envelope around what setup placed.
fn assemble(
    tileset: &TileSet,
    params: &GenerateParams,
    d: &BuiltMap,
    setup: Setup,
    log: Vec<LogEntry>,
) -> Scenario {
    let game = Dw10Part {
        params: Params {
            sets: params.layout.sets,
            tileset: params.tileset_label.clone(),
            table: Size {
                width: params.layout.table.width,
                height: params.layout.table.height,
            },
            exit_dice: params.layout.exit_dice,
            difficulty: params.difficulty,
        },
        start: setup.start,
        victory: setup.victory,
        features: setup.features,
        conditions: None,
    };
    scenario::Scenario::from_built(
        d,
        params.seed,
        RulesetId::DungeonWorld10mm,
        tileset.square_mm,
        game,
        log,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tileset::{default_tileset, pendraken_tileset};

    /// The scenario of `seed` on `ts`, which it names as the command line
    /// does (an embedded set by its name, which reading it checks against).
    fn make(seed: u64, ts: &TileSet) -> Scenario {
        let label = if *ts == default_tileset() {
            crate::tileset::DEFAULT_TILESET_NAME
        } else {
            crate::tileset::PENDRAKEN_TILESET_NAME
        };
        generate(
            ts,
            &GenerateParams {
                seed,
                tileset_label: label.into(),
                ..GenerateParams::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn a_scenario_reads_back_as_written_and_passes_its_own_checks() {
        for ts in [pendraken_tileset(), default_tileset()] {
            for seed in 1..6 {
                let s = make(seed, &ts);
                let text = crate::dw10::scenario::to_yaml(&s);
                let back: Scenario = crate::scenario::from_yaml(&text, "s.yaml").unwrap();
                assert_eq!(back, s);
                assert_eq!(crate::dw10::scenario::to_yaml(&back), text);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_scenario_and_the_log_names_every_roll() {
        let ts = pendraken_tileset();
        assert_eq!(make(9, &ts), make(9, &ts));
        let s = make(9, &ts);
        assert!(
            s.log
                .iter()
                .any(|e| e.stage == "dw10-setup" && e.purpose.starts_with("start"))
        );
        assert!(
            s.log
                .iter()
                .filter(|e| e.roll != "-")
                .all(|e| !e.purpose.is_empty())
        );
    }

    #[test]
    fn the_start_is_an_active_teleporter_and_the_others_wait() {
        let s = make(3, &pendraken_tileset());
        let tele: Vec<&Feature> = s
            .game
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Teleporter)
            .collect();
        assert_eq!(tele.iter().filter(|t| t.active == Some(true)).count(), 1);
        assert!(tele.len() >= 2);
        let st = tele.iter().find(|t| t.active == Some(true)).unwrap();
        assert_eq!((st.x, st.y), (s.game.start.x, s.game.start.y));
        assert_eq!(s.game.victory.dm_kills, DEFAULT_KILLS);
    }

    #[test]
    fn chest_numbers_come_from_the_difficulty_row_by_a_d6() {
        let table = crate::dw10::tables::embedded_setup();
        let row = table.row(Difficulty::Hard);
        // d6 faces 1..6 map to the row's numbers.
        assert_eq!(row.chest_numbers, [1, 2, 2, 3, 3, 3]);
        let s = generate(
            &pendraken_tileset(),
            &GenerateParams {
                seed: 4,
                difficulty: Difficulty::Hard,
                ..GenerateParams::default()
            },
        )
        .unwrap();
        // Each d6 is followed by the note of the number it gave.
        let mut seen = 0;
        for w in s.log.windows(2) {
            if w[0].purpose.ends_with("its hidden number") {
                let n = row.chest_numbers[(w[0].result - 1) as usize];
                assert!(
                    w[1].purpose.ends_with(&format!(": number {n}")),
                    "{:?}",
                    w[1]
                );
                seen += 1;
            }
        }
        assert!(seen > 0);
        assert!(
            s.game
                .features
                .iter()
                .filter(|f| f.kind == FeatureKind::Chest)
                .all(|c| (1..=3).contains(&c.number.unwrap()))
        );
    }
}

#[cfg(test)]
mod scripted {
    use super::*;
    use crate::tileset::pendraken_tileset;

    /// Setup on seed 7's dungeon with dice that always show 1: every
    /// choice takes the first candidate, every d6 is a 1.
    fn setup_with_ones(table: &SetupTable) -> Setup {
        let ts = pendraken_tileset();
        let built =
            build_dungeon_with(&ts, &LayoutParams::default(), 7, false, |_, _| Ok(())).unwrap();
        let mut dice = Dice::scripted(&[1; 20_000]);
        DungeonWorld10mm
            .setup(&built, (table, Difficulty::Normal, 4, &ts), &mut dice)
            .unwrap()
    }

    #[test]
    fn a_d6_of_1_numbers_each_chest_by_the_rows_first_face_and_makes_grills() {
        let mut table = crate::dw10::tables::embedded_setup();
        let row = table.difficulty.get_mut(&Difficulty::Normal).unwrap();
        row.chest_numbers = vec![2, 3, 3, 3, 3, 3];
        row.wells = 0;
        let s = setup_with_ones(&table);
        let chests: Vec<u32> = s
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Chest)
            .map(|f| f.number.unwrap())
            .collect();
        assert!(!chests.is_empty());
        // The objective may add no chest here: recover takes the Central
        // Chamber's (the first objective of the list is rolled with a 1).
        assert!(chests.iter().all(|&n| n == 2), "{chests:?}");
        let spawns: Vec<&str> = s
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Spawn)
            .map(|f| f.what.as_deref().unwrap())
            .collect();
        assert!(
            !spawns.is_empty() && spawns.iter().all(|w| *w == "grill"),
            "{spawns:?}"
        );
        assert_eq!(s.victory.dm_kills, 4);
        assert!(matches!(s.victory.objective, Objective::Recover { .. }));
    }

    #[test]
    fn a_d6_of_1_takes_the_first_furnishing_of_the_list() {
        let mut table = crate::dw10::tables::embedded_setup();
        table.furnishings = vec!["bed".into(), "bookcase".into()];
        let s = setup_with_ones(&table);
        let f: Vec<&str> = s
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Furnishing)
            .map(|f| f.what.as_deref().unwrap())
            .collect();
        assert!(!f.is_empty() && f.iter().all(|w| *w == "bed"), "{f:?}");
    }
}
