//! The game as plain data: the map as play reads it, heroes and monsters
//! with typed ids, the features' live state, the move and its phase, the
//! victory points. Nothing here rolls dice or prints.

use crate::dw10::board::{Board, Edge, door_edge};
use crate::dw10::features::{Colour, Feature, FeatureKind};
use crate::dw10::figures::{Ability, Figure};
use crate::dw10::scenario::{Objective, Scenario};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A square, `(x, y)`.
pub type Sq = (i32, i32);

/// A hero, by its place in the party (0-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HeroId(pub u32);

/// A monster, numbered in the order it came on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MonsterId(pub u32);

/// A feature of the scenario, by its place in `features`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FeatureId(pub u32);

/// Any figure on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Who {
    /// A hero.
    Hero(HeroId),
    /// A monster.
    Monster(MonsterId),
}

impl Who {
    /// The side the figure is on.
    pub fn side(self) -> SideId {
        match self {
            Who::Hero(_) => SideId::Heroes,
            Who::Monster(_) => SideId::Dm,
        }
    }
}

/// One of the two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SideId {
    /// The players' heroes.
    Heroes,
    /// The Draken Master's monsters.
    Dm,
}

impl SideId {
    /// The other side.
    pub fn other(self) -> SideId {
        match self {
            SideId::Heroes => SideId::Dm,
            SideId::Dm => SideId::Heroes,
        }
    }
}

/// What a figure carries that it may use (chest contents).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    /// d6 hits back, up to the start.
    HealthPotion,
    /// Every hit back.
    MajorHealthPotion,
    /// Every poison counter gone.
    PoisonAntidote,
    /// A teleporter to set down.
    PortableTeleporter,
}

impl Item {
    /// The name typed and printed.
    pub fn name(self) -> &'static str {
        match self {
            Item::HealthPotion => "potion",
            Item::MajorHealthPotion => "major-potion",
            Item::PoisonAntidote => "antidote",
            Item::PortableTeleporter => "portable-teleporter",
        }
    }

    /// Every item.
    pub const ALL: [Item; 4] = [
        Item::HealthPotion,
        Item::MajorHealthPotion,
        Item::PoisonAntidote,
        Item::PortableTeleporter,
    ];
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What heroes and monsters share: stats, square, wounds, counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body {
    /// The figure's name as printed.
    pub name: String,
    /// Its stats, power ups included.
    pub fig: Figure,
    /// Its square; `None` while off the map (killed, not yet spawned).
    pub at: Option<Sq>,
    /// Wounds it can still take.
    pub wounds: u32,
    /// Poison counters (L243-251).
    pub poison: u32,
    /// Fire counters (L255-263).
    pub fire: u32,
    /// Frozen this move by the Gaze Attack of this figure (L216-223).
    pub gazed_by: Option<Who>,
    /// Waited a whole Mover's Action Phase on this square beside a pit: a
    /// figure of movement 3 or less may now cross it (L309-313).
    pub pit_ready: Option<Sq>,
}

impl Body {
    /// Does it have this ability?
    pub fn has(&self, a: Ability) -> bool {
        self.fig.abilities.contains(&a)
    }

    /// Is it on the map?
    pub fn alive(&self) -> bool {
        self.at.is_some()
    }
}

/// A hero and what it did this move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hero {
    /// Stats, square, wounds.
    pub body: Body,
    /// Movement points left this Mover's Action Phase.
    pub mp: u32,
    /// Has it spent movement this phase?
    pub moved: bool,
    /// Has it shot this move?
    pub shot: bool,
    /// Has its action ended (a `?` counter, an action that replaces moving)?
    pub done: bool,
    /// Abilities used this move (each once per move, L103-104).
    pub used: Vec<Ability>,
    /// What it carries.
    pub items: Vec<Item>,
    /// Killed and waiting to re-spawn.
    pub dead: bool,
    /// Listening this move (+1 initiative next move).
    pub listening: bool,
    /// Left the dungeon through a teleporter.
    pub escaped: bool,
    /// Spells, power ups and the lasting effects of furnishings.
    pub magic: Magic,
    /// Its familiar, if it brought one (L589-614).
    pub familiar: Option<Familiar>,
}

/// A power up that stays with its hero (L476-483): the chest table's
/// names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PowerUp {
    /// +1 melee die (L479-480).
    WeaponPowerUp,
    /// +2 ranged dice and +1 range (L476-478, A9); a hero without a
    /// ranged attack gets 2 dice at range 1.
    RangedPowerUp,
    /// A random spell, and +1 die to Multi Shot (L481-483).
    MagicPowerUp,
}

impl PowerUp {
    /// Every power up.
    pub const ALL: [PowerUp; 3] = [
        PowerUp::WeaponPowerUp,
        PowerUp::RangedPowerUp,
        PowerUp::MagicPowerUp,
    ];

    /// Its name as the chest table and the shop give it.
    pub fn word(self) -> &'static str {
        match self {
            PowerUp::WeaponPowerUp => "weapon-power-up",
            PowerUp::RangedPowerUp => "ranged-power-up",
            PowerUp::MagicPowerUp => "magic-power-up",
        }
    }

    /// The power up of that name ([`PowerUp::word`]).
    pub fn from_word(word: &str) -> Option<PowerUp> {
        PowerUp::ALL.into_iter().find(|p| p.word() == word)
    }
}

/// A familiar's kind: it walks (movement 4) or flies (6), L611.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FamiliarKind {
    /// A walking pet: movement 4.
    Walker,
    /// A flying pet: movement 6, and it goes where Fly goes.
    Flyer,
}

impl FamiliarKind {
    /// What it is, in words: `a walking familiar`, `a flying familiar`.
    pub fn word(self) -> &'static str {
        match self {
            FamiliarKind::Walker => "a walking familiar",
            FamiliarKind::Flyer => "a flying familiar",
        }
    }

    /// Its movement (L611).
    pub fn movement(self) -> u32 {
        match self {
            FamiliarKind::Walker => 4,
            FamiliarKind::Flyer => 6,
        }
    }
}

/// A hero's familiar: a counter on the map that moves, sees for the
/// heroes, hinders enemies in its owner's melee and stores wounds
/// (L589-614). It is no figure: it never fights, opens or takes anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Familiar {
    /// Walker or flyer.
    pub kind: FamiliarKind,
    /// Its square; `None` while it rides with its owner (no free square
    /// beside it at the start; its owner escaped) or once removed.
    pub at: Option<Sq>,
    /// Removed from play for the rest of the game (L606-607).
    pub removed: bool,
    /// Wounds stored for its owner (3 at the start, L602).
    pub stored: u32,
    /// Has it moved in this Mover's Action Phase?
    pub moved: bool,
}

/// Wounds a familiar stores at the start of a game (L602).
pub const FAMILIAR_STORE: u32 = 3;

impl Familiar {
    /// A familiar at the start of a game.
    pub fn new(kind: FamiliarKind, at: Option<Sq>) -> Familiar {
        Familiar {
            kind,
            at,
            removed: false,
            stored: FAMILIAR_STORE,
            moved: false,
        }
    }
}

impl Hero {
    /// Its movement this game: the stat block's, less 1 for every two
    /// 25-gold stacks it carries (L389-390), never below 1 (the project's
    /// floor: the text keeps no hero from moving at all).
    pub fn movement(&self) -> u32 {
        self.body
            .fig
            .movement
            .saturating_sub(self.magic.stacks / 2)
            .max(1)
    }

    /// Points spent this phase on a Swift Mover's double move (none when
    /// the move is not doubled).
    pub fn double_spent(&self) -> Option<u32> {
        self.magic
            .double_move
            .map(|n| (2 * n).saturating_sub(self.mp))
    }

    /// Would `cost` more movement points take the hero past its normal
    /// movement on Swift Mover's double move? A walk that does may not end
    /// in a kill zone (L202-203).
    pub fn past_normal_move(&self, cost: u32) -> bool {
        match (self.magic.double_move, self.double_spent()) {
            (Some(n), Some(spent)) => spent + cost > n,
            _ => false,
        }
    }

    /// Another ability used, or a shot: Swift Mover's double move is over
    /// (L202-203), and the hero keeps what its normal movement leaves.
    pub fn end_double(&mut self) {
        if let Some(n) = self.magic.double_move.take() {
            let spent = (2 * n).saturating_sub(self.mp);
            self.mp = n.saturating_sub(spent);
        }
    }
}

/// A hero's spells (L484-511) and what lasts beyond one command: spells
/// cast, furnishings explored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Magic {
    /// Spells known besides the stat block's (the party file's, learnt).
    pub spells: Vec<Ability>,
    /// Power ups taken (the party file's, chests, racks, tables).
    pub power_ups: u32,
    /// The power ups found in chests this game, in the order taken (a
    /// campaign keeps them by name: the shop will not sell them again).
    pub found: Vec<PowerUp>,
    /// Finger of Death is spent for this game.
    pub finger_spent: bool,
    /// Finger of Death cast this move on this monster.
    pub finger: Option<MonsterId>,
    /// Shot at this move by an enemy (Finger of Death fails).
    pub shot_at: bool,
    /// Shield: +2 armour until the Non-Mover's Shooting Phase ends.
    pub shield: bool,
    /// No fire damage until the Non-Mover's Shooting Phase ends.
    pub fire_ward: bool,
    /// No poison until the Non-Mover's Shooting Phase ends.
    pub poison_ward: bool,
    /// Asleep in a bed (L401-405).
    pub asleep: bool,
    /// Warding monsters off with this camp fire (L373-377).
    pub fire_guard: Option<FeatureId>,
    /// Reading this stone altar (L378-382).
    pub reading: Option<FeatureId>,
    /// Out of every kill zone when its action phase began (Charge Attack).
    pub charge_ok: bool,
    /// Swift Mover's double move this phase (L202-203): the hero's normal
    /// movement when the phase began out of every kill zone, until it uses
    /// another ability or shoots.
    pub double_move: Option<u32>,
    /// 25-gold treasure stacks carried: every two cost 1 movement (L389-390).
    pub stacks: u32,
    /// A dungeon condition struck it this move (Finger of Death fails,
    /// L503-504).
    pub conditioned: bool,
}

/// A monster in play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Monster {
    /// Stats, square, wounds.
    pub body: Body,
    /// The figure's kind (its stat block's name).
    pub kind: String,
}

/// The phase the players are asked to act in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The heroes are the Mover: each may move or shoot.
    HeroesAct,
    /// The heroes are the Non-Mover: those out of kill zones may shoot.
    HeroesShoot,
    /// The game is over.
    Over(Outcome),
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// The heroes reached their objective.
    HeroesWin,
    /// The Draken Master reached the kill target.
    DmWins,
    /// The heroes left through the teleporters without the objective.
    Escaped,
}

/// The map as play reads it: the board, the piece each square is on.
#[derive(Debug, Clone)]
pub struct Map {
    /// Ground, doors and staircases.
    pub board: Board,
    /// The piece (tile) of each square, row-major.
    pub tile_of: Vec<Option<u32>>,
    /// Number of pieces.
    pub tiles: u32,
    /// Each piece as the pick list lays it (id, face, turn, north-west
    /// corner), so a reveal can say which to lay and where.
    pub pieces: Vec<crate::scenario::PlacedTile>,
    /// The rows of the dungeon conditions the scenario's squares may name
    /// (its own, else the embedded table's).
    pub conditions: Vec<crate::dw10::conditions::ConditionRow>,
}

impl Map {
    /// The map of a scenario.
    pub fn of(s: &Scenario) -> Map {
        let board = crate::dw10::scenario::board_of(s);
        let mut tile_of = Vec::with_capacity((board.width * board.height).max(0) as usize);
        for y in 0..board.height {
            for x in 0..board.width {
                tile_of.push(s.tile_at(x, y).map(|t| t as u32));
            }
        }
        Map {
            board,
            tile_of,
            tiles: s.tiles.len() as u32,
            pieces: s.tiles.clone(),
            conditions: s.game.condition_rows().to_vec(),
        }
    }

    /// The row of a dungeon condition, by its name.
    pub fn condition_row(&self, what: &str) -> Option<&crate::dw10::conditions::ConditionRow> {
        self.conditions.iter().find(|r| r.what == what)
    }

    /// The piece a square is on.
    pub fn tile(&self, (x, y): Sq) -> Option<u32> {
        if self.board.inside(x, y) {
            self.tile_of[(y * self.board.width + x) as usize]
        } else {
            None
        }
    }
}

/// The whole game.
#[derive(Debug, Clone)]
pub struct State {
    /// The move being played, from 1.
    pub move_no: u32,
    /// Who is the Mover this move.
    pub mover: SideId,
    /// What the players may do now.
    pub phase: Phase,
    /// The heroes, in party order.
    pub heroes: Vec<Hero>,
    /// Every monster that came on the map (the dead stay, off the map).
    pub monsters: Vec<Monster>,
    /// The scenario's features.
    pub features: Vec<Feature>,
    /// Features taken off the map (traps sprung, chests opened, keys
    /// picked up, furnishings used up).
    pub gone: Vec<bool>,
    /// Doors: open?
    pub open: Vec<bool>,
    /// Secret doors found by Checking.
    pub found: Vec<bool>,
    /// Teleporters: active?
    pub active: Vec<bool>,
    /// The keys the party holds.
    pub keys: Vec<Colour>,
    /// Pieces revealed (a hero entered or saw into them).
    pub revealed: Vec<bool>,
    /// The Draken Master's victory points.
    pub vp: u32,
    /// The kill target.
    pub kill_target: u32,
    /// The heroes' objective.
    pub objective: Objective,
    /// Has the objective's first part been done (chest opened, prisoner
    /// reached, monster slain)?
    pub objective_done: bool,
    /// Gold the party carries.
    pub gold: u32,
    /// Monsters of each kind left in the collection.
    pub collection: BTreeMap<String, u32>,
    /// +1 initiative next move for the heroes (Listen).
    pub listen_bonus: u32,
    /// Door edges by feature, for walking.
    pub door_at: BTreeMap<Edge, FeatureId>,
    /// Moves played to the end.
    pub moves_done: u32,
    /// Doors held shut by Hold Portal (L485-492).
    pub held: Vec<bool>,
    /// Who won this move's initiative (and chose Mover or Non-Mover).
    pub winner: SideId,
    /// Has a hero acted in this Mover's Action Phase (the heroes may give
    /// up the Mover's place only before)?
    pub heroes_acted: bool,
    /// Have the sleepers rolled to wake this move?
    pub heroes_woken: bool,
    /// The staircase ends, one list a colour in colour order (L317-326):
    /// ends of one colour count as side by side for attacks.
    pub stairs: Vec<Vec<Sq>>,
    /// The board's solid squares (walls, obstacles), to tell whether a
    /// shut door parts two squares corner to corner ([`State::parted`]);
    /// shared by every copy of the state.
    pub walls: Walls,
}

/// The solid squares of a board, row-major (none known: every square open).
#[derive(Debug, Clone, Default)]
pub struct Walls {
    width: i32,
    solid: std::sync::Arc<[bool]>,
}

impl Walls {
    /// The solid squares of `board` ([`crate::dw10::board::Ground::Solid`]).
    pub fn of(board: &crate::dw10::board::Board) -> Walls {
        let solid = (0..board.height)
            .flat_map(|y| (0..board.width).map(move |x| (x, y)))
            .map(|(x, y)| board.ground(x, y) == crate::dw10::board::Ground::Solid)
            .collect();
        Walls {
            width: board.width,
            solid,
        }
    }

    /// Is `p` solid? Off the board it is.
    fn solid(&self, p: Sq) -> bool {
        if self.solid.is_empty() {
            return false;
        }
        if p.0 < 0 || p.1 < 0 || p.0 >= self.width {
            return true;
        }
        self.solid
            .get((p.1 * self.width + p.0) as usize)
            .copied()
            .unwrap_or(true)
    }
}

impl State {
    /// A hero.
    pub fn hero(&self, h: HeroId) -> &Hero {
        &self.heroes[h.0 as usize]
    }

    /// A hero, to change.
    pub fn hero_mut(&mut self, h: HeroId) -> &mut Hero {
        &mut self.heroes[h.0 as usize]
    }

    /// A monster.
    pub fn monster(&self, m: MonsterId) -> &Monster {
        &self.monsters[m.0 as usize]
    }

    /// Any figure's body.
    pub fn body(&self, w: Who) -> &Body {
        match w {
            Who::Hero(h) => &self.hero(h).body,
            Who::Monster(m) => &self.monster(m).body,
        }
    }

    /// Any figure's body, to change.
    pub fn body_mut(&mut self, w: Who) -> &mut Body {
        match w {
            Who::Hero(h) => &mut self.heroes[h.0 as usize].body,
            Who::Monster(m) => &mut self.monsters[m.0 as usize].body,
        }
    }

    /// The name of a figure.
    pub fn name(&self, w: Who) -> &str {
        &self.body(w).name
    }

    /// Every figure on the map, heroes first, in id order.
    pub fn figures(&self) -> Vec<Who> {
        self.figures_iter().collect()
    }

    /// [`State::figures`] one by one, for a look that needs no list: the
    /// walks ask who stands on each square they reach.
    pub fn figures_iter(&self) -> impl Iterator<Item = Who> + '_ {
        let heroes = self
            .heroes
            .iter()
            .enumerate()
            .filter(|(_, h)| h.body.alive())
            .map(|(i, _)| Who::Hero(HeroId(i as u32)));
        let monsters = self
            .monsters
            .iter()
            .enumerate()
            .filter(|(_, m)| m.body.alive())
            .map(|(i, _)| Who::Monster(MonsterId(i as u32)));
        heroes.chain(monsters)
    }

    /// The living heroes on the map.
    pub fn live_heroes(&self) -> Vec<HeroId> {
        (0..self.heroes.len() as u32)
            .map(HeroId)
            .filter(|h| self.hero(*h).body.alive())
            .collect()
    }

    /// The monsters on the map.
    pub fn live_monsters(&self) -> Vec<MonsterId> {
        (0..self.monsters.len() as u32)
            .map(MonsterId)
            .filter(|m| self.monster(*m).body.alive())
            .collect()
    }

    /// Is `p` on a revealed piece (A16: a piece not yet laid is not on the
    /// table)?
    pub fn revealed_at(&self, map: &Map, p: Sq) -> bool {
        map.tile(p).is_some_and(|t| self.revealed[t as usize])
    }

    /// The owner of the familiar on a square.
    pub fn familiar_at(&self, sq: Sq) -> Option<HeroId> {
        self.heroes
            .iter()
            .position(|h| h.familiar.as_ref().is_some_and(|f| f.at == Some(sq)))
            .map(|i| HeroId(i as u32))
    }

    /// The familiars on the map, by owner, in party order.
    pub fn familiars(&self) -> Vec<(HeroId, Sq)> {
        self.heroes
            .iter()
            .enumerate()
            .filter_map(|(i, h)| Some((HeroId(i as u32), h.familiar.as_ref()?.at?)))
            .collect()
    }

    /// Where a hero's familiar moves from: its square, or its owner's
    /// while it rides with it; `None` once removed.
    pub fn familiar_from(&self, owner: HeroId) -> Option<Sq> {
        let h = self.hero(owner);
        let f = h.familiar.as_ref()?;
        if f.removed {
            return None;
        }
        f.at.or(h.body.at)
    }

    /// Is a square taken by a figure or a familiar?
    pub fn occupied(&self, sq: Sq) -> bool {
        self.at(sq).is_some() || self.familiar_at(sq).is_some()
    }

    /// The figure on a square.
    pub fn at(&self, sq: Sq) -> Option<Who> {
        self.figures_iter().find(|w| self.body(*w).at == Some(sq))
    }

    /// The figures of the other side touching `w` (its kill zone's
    /// enemies; see [`State::touching`]).
    pub fn enemies_next_to(&self, w: Who) -> Vec<Who> {
        let Some(p) = self.body(w).at else {
            return Vec::new();
        };
        self.figures_iter()
            .filter(|o| o.side() != w.side())
            .filter(|o| self.body(*o).at.is_some_and(|q| self.touching(p, q)))
            .collect()
    }

    /// Is a square in the kill zone of an enemy of `side` (touching it, see
    /// [`State::touching`])?
    pub fn in_kill_zone(&self, sq: Sq, side: SideId) -> bool {
        self.figures_iter()
            .any(|o| o.side() != side && self.body(o).at.is_some_and(|q| self.touching(sq, q)))
    }

    /// The other ends of the staircase on `p`, if `p` is a staircase end.
    pub fn other_ends(&self, p: Sq) -> impl Iterator<Item = Sq> + '_ {
        self.stairs
            .iter()
            .filter(move |ends| ends.contains(&p))
            .flat_map(move |ends| ends.iter().copied().filter(move |e| *e != p))
    }

    /// Where a hero taking the staircase `st` lands: the first other end of
    /// its colour, in the features' order, that nobody stands on. `None`
    /// when every other end is taken.
    pub fn stairs_landing(&self, st: FeatureId) -> Option<Sq> {
        let col = self.feature(st).colour;
        self.features
            .iter()
            .enumerate()
            .filter(|(i, f)| {
                *i as u32 != st.0 && f.kind == FeatureKind::Staircase && f.colour == col
            })
            .map(|(_, f)| (f.x, f.y))
            .find(|p| !self.occupied(*p))
    }

    /// The chest a `recover` objective names (the `chest`-th on the map).
    pub fn objective_chest(&self) -> Option<FeatureId> {
        let Objective::Recover { chest } = self.objective else {
            return None;
        };
        self.features
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == FeatureKind::Chest)
            .nth(chest.checked_sub(1)? as usize)
            .map(|(i, _)| FeatureId(i as u32))
    }

    /// Can the objective no longer be done? Its chest is gone (L457: an
    /// opened chest leaves play) with the prize not taken: the trap killed
    /// the hero who opened it.
    pub fn objective_lost(&self) -> bool {
        !self.objective_done
            && self
                .objective_chest()
                .is_some_and(|c| self.gone[c.0 as usize])
    }

    /// May hero `h` not end a walk (or a jump) costing `cost` more on
    /// `to`? Not in a kill zone once it takes it past its normal movement
    /// on Swift Mover's double move (L202-203). The engine refuses such a
    /// move; the automatic heroes never ask for one.
    pub fn double_move_barred(&self, h: HeroId, to: Sq, cost: u32) -> bool {
        self.hero(h).past_normal_move(cost) && self.in_kill_zone(to, SideId::Heroes)
    }

    /// Are two squares two ends of one staircase colour (L324-326)?
    pub fn linked(&self, a: Sq, b: Sq) -> bool {
        a != b
            && self
                .stairs
                .iter()
                .any(|ends| ends.contains(&a) && ends.contains(&b))
    }

    /// Are two squares side by side for attacks: adjacent, or two ends of
    /// one staircase colour (L324-325, the project's reading: the ends
    /// touch for melee, kill zones, free attacks and Charge Attacks alike)?
    pub fn touching(&self, a: Sq, b: Sq) -> bool {
        (adjacent(a, b) && !self.parted(a, b)) || self.linked(a, b)
    }

    /// Does a shut door part two adjacent squares (the project's reading:
    /// figures on either side of a shut door are not side by side)? Side
    /// by side, when the door is on their edge; corner to corner, when
    /// both ways round the corner are shut off, by a shut door or a solid
    /// square, and a shut door is one of them (two walls meeting at the
    /// corner alone part nothing, as before doors were looked at).
    pub fn parted(&self, a: Sq, b: Sq) -> bool {
        if a.0 == b.0 || a.1 == b.1 {
            return self.door_shut(a, b).is_some();
        }
        let door = |e: Sq| self.door_shut(a, e).is_some() || self.door_shut(e, b).is_some();
        let corners = [(b.0, a.1), (a.0, b.1)];
        corners.iter().all(|&e| door(e) || self.walls.solid(e)) && corners.iter().any(|&e| door(e))
    }

    /// A feature still on the map, of a kind, on a square.
    pub fn feature_on(&self, sq: Sq, kind: FeatureKind) -> Option<FeatureId> {
        self.features
            .iter()
            .enumerate()
            .find(|(i, f)| f.kind == kind && (f.x, f.y) == sq && !self.gone[*i])
            .map(|(i, _)| FeatureId(i as u32))
    }

    /// The table and chairs still on the map on a square (L409-415).
    pub fn table_on(&self, sq: Sq) -> Option<FeatureId> {
        self.features
            .iter()
            .enumerate()
            .find(|(i, f)| !self.gone[*i] && (f.x, f.y) == sq && is_table(f))
            .map(|(i, _)| FeatureId(i as u32))
    }

    /// A feature.
    pub fn feature(&self, f: FeatureId) -> &Feature {
        &self.features[f.0 as usize]
    }

    /// Is the door on this edge shut (closed, or secret and not found)?
    pub fn door_shut(&self, a: Sq, b: Sq) -> Option<FeatureId> {
        let e = if a <= b { (a, b) } else { (b, a) };
        let f = *self.door_at.get(&e)?;
        (!self.open[f.0 as usize]).then_some(f)
    }

    /// Does a hero know a spell (its stat block's or since learnt)?
    pub fn knows(&self, h: HeroId, spell: Ability) -> bool {
        let hero = self.hero(h);
        hero.body.has(spell) || hero.magic.spells.contains(&spell)
    }

    /// Puts a new feature on the map (a portable teleporter), with its
    /// live state.
    pub fn add_feature(&mut self, f: Feature) -> FeatureId {
        let id = FeatureId(self.features.len() as u32);
        self.active.push(f.active == Some(true));
        self.features.push(f);
        self.gone.push(false);
        self.open.push(false);
        self.found.push(false);
        self.held.push(false);
        id
    }

    /// Is a door a secret door not yet found, or a condition a hidden one
    /// no hero has crossed?
    pub fn hidden(&self, f: FeatureId) -> bool {
        self.feature(f).is_secret() && !self.found[f.0 as usize]
    }

    /// The initial state of a scenario's features (doors closed,
    /// teleporters as set up).
    pub fn new(
        s: &Scenario,
        map: &Map,
        heroes: Vec<Hero>,
        collection: BTreeMap<String, u32>,
    ) -> State {
        let mut state = State::bare(
            s.game.features.clone(),
            map.tiles,
            heroes,
            collection,
            s.game.victory.dm_kills,
            s.game.victory.objective.clone(),
        );
        state.walls = Walls::of(&map.board);
        state
    }

    /// A state from its parts (tests build small ones).
    pub fn bare(
        f: Vec<Feature>,
        tiles: u32,
        heroes: Vec<Hero>,
        collection: BTreeMap<String, u32>,
        kill_target: u32,
        objective: Objective,
    ) -> State {
        let n = f.len();
        let mut stairs: BTreeMap<Colour, Vec<Sq>> = BTreeMap::new();
        for x in &f {
            if let (FeatureKind::Staircase, Some(c)) = (x.kind, x.colour) {
                stairs.entry(c).or_default().push((x.x, x.y));
            }
        }
        let mut door_at = BTreeMap::new();
        for (i, x) in f.iter().enumerate() {
            if let Some(e) = door_edge(x) {
                door_at.insert(e, FeatureId(i as u32));
            }
        }
        State {
            move_no: 0,
            mover: SideId::Heroes,
            phase: Phase::HeroesAct,
            heroes,
            monsters: Vec::new(),
            active: f.iter().map(|x| x.active == Some(true)).collect(),
            gone: vec![false; n],
            open: vec![false; n],
            found: vec![false; n],
            features: f,
            keys: Vec::new(),
            revealed: vec![false; tiles as usize],
            vp: 0,
            kill_target,
            objective,
            objective_done: false,
            gold: 0,
            collection,
            listen_bonus: 0,
            door_at,
            moves_done: 0,
            held: vec![false; n],
            winner: SideId::Heroes,
            heroes_acted: false,
            heroes_woken: false,
            stairs: stairs.into_values().collect(),
            walls: Walls::default(),
        }
    }
}

/// The `what` of an empty table and its chairs, the one piece of
/// furniture figures carry and break (L409-415).
pub const TABLE_AND_CHAIR: &str = "table-and-chair";

/// Is a feature an empty table and chairs?
pub fn is_table(f: &Feature) -> bool {
    f.kind == FeatureKind::Furnishing && f.what.as_deref() == Some(TABLE_AND_CHAIR)
}

/// Are two squares next to each other (king's move, A25)?
pub fn adjacent(a: Sq, b: Sq) -> bool {
    a != b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
}

/// Squares counted for range: king's move, the target's square counted
/// (L145-147, diagonals 1, L296-297).
pub fn range(a: Sq, b: Sq) -> u32 {
    (a.0 - b.0).unsigned_abs().max((a.1 - b.1).unsigned_abs())
}

/// `x,y` as printed.
pub fn fmt_sq((x, y): Sq) -> String {
    format!("{x},{y}")
}
