//! Everything that changes during a game: heroes, tokens, monsters, chests.

use crate::mkd::figures::{Ability, Stats};
use crate::mkd::scenario::WmtColor;
use crate::scenario::Point;
use crate::tileset::Side;

/// Where a hero is in the adventure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeroPlace {
    /// Not yet come in through the entrance.
    Outside,
    /// On a square of the dungeon.
    At(Point),
    /// Left through the entrance (cannot come back).
    Escaped,
    /// Slain.
    Slain,
    /// Went down the stairs; waits to come in on the next floor.
    Below,
}

/// A hero in play.
#[derive(Debug, Clone, PartialEq)]
pub struct HeroState {
    /// Name from the party file (commands use it, ignoring case).
    pub name: String,
    /// Index of the hero's team (turn order).
    pub team: usize,
    /// Point value.
    pub value: u32,
    /// Speed, attacks, armour, wounds.
    pub stats: Stats,
    /// Special abilities.
    pub abilities: Vec<Ability>,
    /// Where the hero is.
    pub place: HeroPlace,
    /// Facing.
    pub facing: Side,
    /// Wounds taken so far.
    pub wounds: u32,
    /// Speed points spent in this turn's activation.
    pub spent: u32,
    /// Has the hero's activation ended this turn (after a reveal, say)?
    pub done: bool,
    /// Chests carried (indexes into the game's chests).
    pub chests: Vec<usize>,
    /// Turns of confusion or freeze left (skips activations).
    pub held: u32,
    /// Levels bought from the shared experience pool in this adventure.
    pub levels: u32,
}

impl HeroState {
    /// The square, if the hero stands in the dungeon.
    pub fn pos(&self) -> Option<Point> {
        match self.place {
            HeroPlace::At(p) => Some(p),
            _ => None,
        }
    }

    /// Wounds left before the hero falls.
    pub fn wounds_left(&self) -> u32 {
        self.stats.wounds.saturating_sub(self.wounds)
    }

    /// Has the hero this special ability?
    pub fn has(&self, ability: Ability) -> bool {
        self.abilities.contains(&ability)
    }
}

/// A wandering monster token on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct WmtState {
    /// Transcript name: `blue-4` (with `-b`, `-c` ... for a second token of the same kind).
    pub id: String,
    /// Colour.
    pub color: WmtColor,
    /// Number, 1 to 6.
    pub number: u32,
    /// The Guardian WMT (does not wander).
    pub guardian: bool,
    /// Square.
    pub pos: Point,
}

/// Why a monster is behaving the way it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MonsterMode {
    /// Hunts heroes by the decision rules.
    Hunt,
    /// Heading for the nearest WMT (or out of the entrance) for reinforcements.
    Reinforcing,
    /// Left the dungeon to fetch reinforcements; comes back next activation.
    GoneForHelp,
    /// A thief making off with a chest to the entrance.
    Fleeing,
    /// Left the dungeon for good.
    Gone,
    /// Stealth mission: set on destroying the Quest Chest for the rest of
    /// the game (unless no route leads to it).
    ChestHunt,
}

/// A revealed monster.
#[derive(Debug, Clone, PartialEq)]
pub struct MonsterState {
    /// Transcript name: the figure's name in lower case with dashes and a number (`orc-raider-2`).
    pub id: String,
    /// Name of the figure in the Monster Pool.
    pub name: String,
    /// Point value.
    pub points: u32,
    /// Special abilities.
    pub abilities: Vec<Ability>,
    /// Dice-combat statistics.
    pub stats: Stats,
    /// Square (`None` once removed or outside).
    pub pos: Option<Point>,
    /// Facing.
    pub facing: Side,
    /// Wounds taken.
    pub wounds: u32,
    /// Revealed this turn: skips its next activation.
    pub surprised: bool,
    /// What it is doing.
    pub mode: MonsterMode,
    /// A chest it carries (thief).
    pub carrying: Option<usize>,
    /// Is it demoralized?
    pub demoralized: bool,
    /// Turns of magic freeze or confusion left.
    pub held: u32,
}

impl MonsterState {
    /// Has the monster this special ability?
    pub fn has(&self, ability: Ability) -> bool {
        self.abilities.contains(&ability)
    }

    /// Is it on the board and alive?
    pub fn active(&self) -> bool {
        self.pos.is_some()
    }

    /// Wounds left.
    pub fn wounds_left(&self) -> u32 {
        self.stats.wounds.saturating_sub(self.wounds)
    }
}

/// Where a chest is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChestPlace {
    /// On a square.
    At(Point),
    /// Carried by a hero.
    Hero(usize),
    /// Carried by a monster.
    Monster(usize),
    /// Carried out of the dungeon by a hero.
    Out,
    /// Taken out of the dungeon by a monster, or destroyed.
    Lost,
}

/// A chest in play.
#[derive(Debug, Clone, PartialEq)]
pub struct ChestState {
    /// Transcript name: `chest-1` ... (`quest-chest` for the Quest Chest).
    pub id: String,
    /// Level 1 to 3.
    pub level: u32,
    /// The Quest Chest?
    pub quest: bool,
    /// Where it is.
    pub place: ChestPlace,
    /// Has it been opened (trap dealt with, contents taken)?
    pub open: bool,
    /// Is its trap spent (sprung or disarmed) until the chest is closed again?
    pub trap_spent: bool,
    /// Contents, rolled when first opened: gold and an item name.
    pub contents: Option<(u32, Option<String>)>,
}

/// A marker laid during play (teleporter, vortex, staircase).
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedMarker {
    /// What it is.
    pub kind: crate::mkd::play::board::MarkerKind,
    /// Square.
    pub pos: Point,
    /// Tile it was found in.
    pub tile: usize,
}

/// How the adventure ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The Quest Chest was carried out through the entrance.
    Won,
    /// Every hero slain or gone without the Quest Chest.
    Lost,
}

/// Who acts now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Team `n`'s heroes.
    Heroes(usize),
    /// The game is over.
    Over(Outcome),
}
