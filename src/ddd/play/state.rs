//! The game as plain data: the two war-parties on the board, the doors, the
//! counters and traps, the initiative deck and the turn under way.

use crate::build::board::Door;
use crate::core::geom::{Point, Side};
use crate::ddd::part::CounterKind;
use crate::ddd::warparty::{Ability, Die, Model};
use std::fmt;

/// A side: the war-party given with `--warparty` is Blue, the one given
/// with `--opponent` is Red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Team {
    /// `--warparty`.
    Blue,
    /// `--opponent`.
    Red,
}

impl Team {
    /// Both, Blue first.
    pub const BOTH: [Team; 2] = [Team::Blue, Team::Red];

    /// The other side.
    pub fn other(self) -> Team {
        match self {
            Team::Blue => Team::Red,
            Team::Red => Team::Blue,
        }
    }

    /// `blue` or `red`.
    pub fn name(self) -> &'static str {
        match self {
            Team::Blue => "blue",
            Team::Red => "red",
        }
    }

    /// `Blue` or `Red`, as the transcript and the prompts name it.
    pub fn word(self) -> &'static str {
        match self {
            Team::Blue => "Blue",
            Team::Red => "Red",
        }
    }

    /// 0 for Blue, 1 for Red.
    pub fn index(self) -> usize {
        match self {
            Team::Blue => 0,
            Team::Red => 1,
        }
    }

    /// `blue`/`red` as typed.
    pub fn parse(s: &str) -> Option<Team> {
        match s {
            "blue" | "b" => Some(Team::Blue),
            "red" | "r" => Some(Team::Red),
            _ => None,
        }
    }
}

/// A model: its side and its number (1-10, its card).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ModelId {
    /// Its side.
    pub team: Team,
    /// Its number on the roster.
    pub number: u32,
}

impl fmt::Display for ModelId {
    /// `b3`, `r10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = match self.team {
            Team::Blue => 'b',
            Team::Red => 'r',
        };
        write!(f, "{c}{}", self.number)
    }
}

impl ModelId {
    /// Reads `b3` or `r10`.
    pub fn parse(s: &str) -> Option<ModelId> {
        let team = match s.chars().next()? {
            'b' | 'B' => Team::Blue,
            'r' | 'R' => Team::Red,
            _ => return None,
        };
        let number: u32 = s.get(1..)?.parse().ok()?;
        (1..=10)
            .contains(&number)
            .then_some(ModelId { team, number })
    }
}

/// Where a model is, or why it is not on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// On the board.
    OnBoard,
    /// Killed and removed.
    Dead,
    /// Left the board by this edge; it may not return.
    Escaped(Side),
}

/// One model in play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// Which.
    pub id: ModelId,
    /// Its name on the roster.
    pub name: String,
    /// Power die.
    pub power: Die,
    /// Defense die.
    pub defense: Die,
    /// Its abilities.
    pub abilities: Vec<Ability>,
    /// Its square.
    pub at: Point,
    /// On the board, dead or gone.
    pub fate: Fate,
    /// Wound counters.
    pub wounds: u32,
    /// A hidden marker.
    pub hidden: bool,
    /// A stun marker (Enthrall): its next turn is lost.
    pub stunned: bool,
    /// The bound prisoner of Free Prisoner.
    pub bound: bool,
    /// The counter it carries (an index into [`State::counters`]).
    pub carrying: Option<usize>,
    /// It has read the message (Secrets of the Ancients).
    pub has_read: bool,
    /// Mage: the re-roll of this round is spent.
    pub mage_used: bool,
    /// Healer: the heal of this round is spent.
    pub heal_used: bool,
    /// Experience earned this game (the advanced rules, L167-172).
    pub xp: u32,
}

impl Figure {
    /// A model from its roster entry, not yet placed.
    pub fn from_model(team: Team, m: &Model) -> Figure {
        Figure {
            id: ModelId {
                team,
                number: m.number,
            },
            name: m.name.clone(),
            power: m.power,
            defense: m.defense,
            abilities: m.abilities.clone(),
            at: Point { x: -1, y: -1 },
            fate: Fate::OnBoard,
            wounds: 0,
            hidden: false,
            stunned: false,
            bound: false,
            carrying: None,
            has_read: false,
            mage_used: false,
            heal_used: false,
            xp: 0,
        }
    }

    /// Is it Huge (it stands on a block of [`HUGE_SIDE`] × [`HUGE_SIDE`] squares)?
    pub fn huge(&self) -> bool {
        self.has(Ability::Huge)
    }

    /// The squares it stands on (see [`Footprint`]).
    pub fn footprint(&self) -> Footprint {
        Footprint::new(self.at, self.huge())
    }

    /// Its distance in king's moves to square `p` (0 on it).
    pub fn dist_to(&self, p: Point) -> u32 {
        self.footprint().dist_to(p)
    }

    /// The distance between two models, square to nearest square: 1 is
    /// adjacent (close combat), 2 or more a ranged attack's range.
    pub fn gap(&self, other: &Figure) -> u32 {
        self.footprint().gap(&other.footprint())
    }

    /// Does it have the ability?
    pub fn has(&self, a: Ability) -> bool {
        self.abilities.contains(&a)
    }

    /// How many times it has the ability.
    pub fn count(&self, a: Ability) -> u32 {
        self.abilities.iter().filter(|&&b| b == a).count() as u32
    }

    /// Wounds it can take: 1, and 1 more per Extra Wound (L117-118).
    pub fn max_wounds(&self) -> u32 {
        1 + self.count(Ability::ExtraWound)
    }

    /// On the board?
    pub fn on_board(&self) -> bool {
        self.fate == Fate::OnBoard
    }

    /// On the board and able to fight: a bound prisoner holds no one in
    /// close combat (the project's reading).
    pub fn engages(&self) -> bool {
        self.on_board() && !self.bound
    }

    /// Causes fear (Fear, or Undead: L78, L92).
    pub fn causes_fear(&self) -> bool {
        self.has(Ability::Fear) || self.has(Ability::Undead)
    }

    /// Never tests for fear (fear-causers and Strong Will: L78, L96).
    pub fn fearless(&self) -> bool {
        self.causes_fear() || self.has(Ability::StrongWill)
    }
}

/// The side of a Huge model's block of squares (the project's reading of
/// "more than one space", L60: the smallest square block that is more).
/// [`Footprint::squares`] lists the squares of a block of 1 or 2.
pub const HUGE_SIDE: i32 = 2;

/// The squares a model stands on: its own square, or for a Huge model the
/// 2 × 2 block whose north-west square is the model's square (its `at`,
/// where its walk is measured from).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Footprint {
    /// The north-west square.
    pub at: Point,
    /// Squares a side: 1, or [`HUGE_SIDE`].
    pub side: i32,
}

impl Footprint {
    /// The footprint of a model on `at`, Huge or not.
    pub fn new(at: Point, huge: bool) -> Footprint {
        Footprint {
            at,
            side: if huge { HUGE_SIDE } else { 1 },
        }
    }

    /// Its squares, row by row from the north-west one.
    pub fn squares(self) -> impl Iterator<Item = Point> {
        let a = self.at;
        let n = (self.side * self.side) as usize;
        [
            a,
            Point { x: a.x + 1, y: a.y },
            Point { x: a.x, y: a.y + 1 },
            Point {
                x: a.x + 1,
                y: a.y + 1,
            },
        ]
        .into_iter()
        .take(n)
    }

    /// Does it cover `p`?
    pub fn covers(self, p: Point) -> bool {
        (self.at.x..self.at.x + self.side).contains(&p.x)
            && (self.at.y..self.at.y + self.side).contains(&p.y)
    }

    /// King's moves from its nearest square to `p`.
    pub fn dist_to(self, p: Point) -> u32 {
        self.gap(&Footprint::new(p, false))
    }

    /// King's moves between the nearest squares of two footprints.
    pub fn gap(&self, o: &Footprint) -> u32 {
        let axis = |a0: i32, a1: i32, b0: i32, b1: i32| (b0 - a1).max(a0 - b1).max(0);
        let dx = axis(
            self.at.x,
            self.at.x + self.side - 1,
            o.at.x,
            o.at.x + o.side - 1,
        );
        let dy = axis(
            self.at.y,
            self.at.y + self.side - 1,
            o.at.y,
            o.at.y + o.side - 1,
        );
        dx.max(dy) as u32
    }
}

/// A door in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoorState {
    /// Where it is, and what it was at the start.
    pub door: Door,
    /// Open (every door starts closed).
    pub open: bool,
    /// Still locked.
    pub locked: bool,
    /// A secret door not found yet: it is wall to everyone.
    pub secret: bool,
    /// Smashed: gone from the game.
    pub gone: bool,
    /// The thief whose trap is on it.
    pub trap: Option<ModelId>,
}

impl DoorState {
    /// Does it stop walking and sight?
    pub fn shut(&self) -> bool {
        !self.gone && !self.open
    }

    /// The two squares beside it.
    pub fn sides(&self) -> [Point; 2] {
        [self.door.at, self.door.beyond()]
    }
}

/// A counter: treasure, the object, the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    /// What it is.
    pub kind: CounterKind,
    /// Its square while it lies on the board.
    pub at: Option<Point>,
    /// Who carries it.
    pub carried_by: Option<ModelId>,
    /// The side that carried it off the board.
    pub off_by: Option<Team>,
    /// The thief whose trap is on it.
    pub trap: Option<ModelId>,
}

/// A trap on an empty square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareTrap {
    /// Its square.
    pub at: Point,
    /// The thief who set it.
    pub setter: ModelId,
}

/// The activation under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// Whose card was drawn.
    pub model: ModelId,
    /// Squares of movement left.
    pub moves_left: u32,
    /// Squares of movement spent (ranged attacks need 4 or fewer, L115).
    pub moved: u32,
    /// The action is taken (moving is over).
    pub acted: bool,
    /// Close combat attacks left (1 + Extra Attacks).
    pub attacks_left: u32,
    /// It broke away from close combat this turn (or did not need to).
    pub broke_away: bool,
    /// It failed a fear test this turn.
    pub fear_failed: bool,
    /// Magic Weapon's two dice were used this turn.
    pub magic_weapon_used: bool,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Battle: half the enemy war-party killed.
    HalfKilled,
    /// Ambush: half the defenders off the board.
    DefendersOut,
    /// Ambush: too few defenders left to get half off.
    DefendersCaught,
    /// Treasure Hunt: no treasure left to carry (or no one to carry it).
    TreasureCounted,
    /// Object of Power: carried off the far edge.
    ObjectCarriedOff,
    /// Free Prisoner: the prisoner got off the board.
    PrisonerEscaped,
    /// Free Prisoner: no attacker left to free the prisoner.
    PrisonerKept,
    /// Secrets: the message read and carried off (one or both sides).
    SecretsKept,
    /// Secrets: a side (or both) can no longer read the message and carry
    /// it off: nobody of it on the board has read it or could (L159).
    SecretsLost,
    /// A side has no models left on the board.
    Wiped,
    /// The round limit was reached.
    RoundLimit,
    /// A side surrendered (an advanced rule).
    Surrender,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// This side won.
    Win(Team),
    /// Nobody won: both reached the goal in one round, or neither can.
    Draw,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Blue's ten models, then Red's, in number order.
    pub figures: Vec<Figure>,
    /// The doors, in the scenario's order.
    pub doors: Vec<DoorState>,
    /// The counters, in the scenario's order (the prisoner's is gone once
    /// the prisoner stands on it).
    pub counters: Vec<Counter>,
    /// Traps on empty squares.
    pub traps: Vec<SquareTrap>,
    /// The cards still to draw this round, the next first.
    pub deck: Vec<ModelId>,
    /// The round (1 first).
    pub round: u32,
    /// The activation under way.
    pub turn: Option<Turn>,
    /// The side that won the dice-off: it chose first and is the attacker
    /// where the scenario has one.
    pub attacker: Team,
    /// The edge each side deployed on (none for a zone in the middle).
    pub deploy_edge: [Option<Side>; 2],
    /// Enemies each side killed.
    pub kills: [u32; 2],
    /// Models each side got off the board.
    pub escaped: [u32; 2],
    /// Treasure each side carried off.
    pub treasure_off: [u32; 2],
    /// Each side's reader got the message off the right edge (Secrets).
    pub goal_done: [bool; 2],
    /// The prisoner of Free Prisoner.
    pub prisoner: Option<ModelId>,
    /// How it ended.
    pub outcome: Option<Outcome>,
    /// Why it ended.
    pub why: Option<Why>,
}

impl State {
    /// The figure with this id.
    pub fn fig(&self, id: ModelId) -> &Figure {
        &self.figures[Self::slot(id)]
    }

    /// The figure with this id, to change.
    pub fn fig_mut(&mut self, id: ModelId) -> &mut Figure {
        &mut self.figures[Self::slot(id)]
    }

    fn slot(id: ModelId) -> usize {
        id.team.index() * 10 + (id.number as usize - 1)
    }

    /// The figure on a square (a Huge one on any of its squares), if any.
    pub fn at(&self, p: Point) -> Option<&Figure> {
        self.figures.iter().find(|f| {
            (f.at == p
                || (0..HUGE_SIDE).contains(&(p.x - f.at.x))
                    && (0..HUGE_SIDE).contains(&(p.y - f.at.y))
                    && f.huge())
                && f.on_board()
        })
    }

    /// The side's models on the board.
    pub fn on_board(&self, team: Team) -> impl Iterator<Item = &Figure> + '_ {
        self.figures
            .iter()
            .filter(move |f| f.id.team == team && f.on_board())
    }

    /// Enemies next to `id` that hold it in close combat.
    pub fn foes_adjacent(&self, id: ModelId) -> Vec<ModelId> {
        let me = self.fig(id);
        if !me.engages() {
            return Vec::new();
        }
        self.figures
            .iter()
            .filter(|f| f.id.team != id.team && f.engages() && f.gap(me) == 1)
            .map(|f| f.id)
            .collect()
    }

    /// Is `id` in close combat?
    pub fn in_combat(&self, id: ModelId) -> bool {
        !self.foes_adjacent(id).is_empty()
    }
}
