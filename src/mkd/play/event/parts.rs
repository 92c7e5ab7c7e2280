//! The pieces events carry: dice faces, attack rolls, who struck whom, how
//! a walk or a token's step ended, what a player picks, how a game ended.
//! [`super::Event`] is made of them; the transcript prints them.

use crate::mkd::figures::Ability;
use crate::mkd::play::board::TileLabel;
use crate::mkd::play::state::{ChestId, HeroId, MonsterId, TokenId};
use crate::mkd::scenario::WmtColor;
use crate::scenario::Point;
use crate::tileset::Side;
use std::fmt;

/// Dice faces as the transcript lists them: `5, 2`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rolls(pub Vec<u32>);

impl fmt::Display for Rolls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

/// The dice of one attack (Dungeon World dice combat).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackRoll {
    /// The to-hit dice.
    pub to_hit: Vec<u32>,
    /// The kill dice, one per hit.
    pub kill: Vec<u32>,
    /// Wounds inflicted.
    pub wounds: u32,
    /// A to-hit die hits on at least this.
    pub hit_on: u32,
    /// A kill die wounds on at least this.
    pub armour: u32,
}

/// A hero or a monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// A hero.
    Hero(HeroId),
    /// A monster.
    Monster(MonsterId),
}

/// What an attack is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A figure.
    Figure(Figure),
    /// The Quest Chest (stealth), with its defence.
    QuestChest(u32),
}

/// How an attack is described.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strike {
    /// `attacks … (melee)`.
    Melee,
    /// `attacks … (shooting)`.
    Shooting,
    /// `counterattacks … (melee)` (a monster hit in melee hits back).
    Counter,
    /// `casts Magic Blast at …`.
    MagicBlast,
    /// `burns …` (Flame/Lightning).
    Burns,
    /// `shocks …` (Shockwave).
    Shocks,
}

/// How a hero's walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkEnd {
    /// Came in from outside and reached the square.
    Entered,
    /// Reached the square.
    Arrived,
    /// Stopped short, on this square.
    StoppedAt(Point),
    /// Could not get in: the way in was blocked.
    Blocked,
    /// Left the walk otherwise (teleported, slain, pushed out).
    SetOff,
}

/// A step of a token's walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenStep {
    /// Onto a square.
    Square(Point),
    /// Through a door it closes behind it (`was_open`: it found it open).
    Door {
        /// The square beyond the door.
        at: Point,
        /// Was the door open already?
        was_open: bool,
    },
}

/// A step of a monster's walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MonsterStep {
    /// Onto a square.
    Square(Point),
    /// Opening a door on the way (the square beyond it).
    OpensDoor(Point),
    /// Through a hero's square.
    PassesThrough(HeroId),
}

/// What a WMT's movement roll sends it after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heading {
    /// What the row says (stay, or a compass direction).
    AsRolled,
    /// Its gut feeling: the tile of this hero.
    Towards(HeroId),
    /// A gut feeling with no hero in the dungeon: it stays.
    NoHero,
}

/// Whose choice a printed tie-break is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chooser {
    /// A monster's.
    Monster(MonsterId),
    /// A drifting hero's way.
    Hero(HeroId),
    /// A wandering monster token's (its hunch, its way round, the monsters
    /// its reveal brings).
    Token(TokenId),
    /// The dungeon's own: which monster acts next, where a revealed monster
    /// stands, which entryway a discovered door goes on.
    Dungeon,
}

/// What a printed tie-break decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// `first choice tie`.
    FirstChoice,
    /// `second choice tie`.
    SecondChoice,
    /// `nearest hero tie`.
    NearestHero,
    /// `weakest hero tie`.
    WeakestHero,
    /// `theft target tie`.
    TheftTarget,
    /// `way round` (a monster's) / `drifts: way round` (a hero's).
    WayRound,
    /// `which hero holds it` (a failed break-away among several).
    WhichHeroHolds,
    /// `which optional ability`.
    WhichAbility,
    /// `nearest wounded monster tie`.
    NearestWounded,
    /// `which fallen monster`.
    WhichFallen,
    /// `which chest` (a theft).
    WhichChest,
    /// `token from the pool` (reinforcements).
    PoolToken,
    /// `monster to act next` (the monsters' phase).
    ActsNext,
    /// `square for the next monster` (a reveal of several).
    MonsterSquare,
    /// `entryway for the door` (a discovery).
    Entryway,
    /// `tie between equal monsters` (a reveal).
    EqualMonsters,
    /// `tie between equal kinds` (a reveal of one kind).
    EqualKinds,
    /// `tie for the leader` (a reveal with a leader).
    Leader,
    /// `swarm tie` (a swarm's next monster).
    Swarm,
    /// `random tile for the teleport` (the totals of as many d6 as the
    /// tiles need, re-rolled until one names a tile).
    TeleportTile,
}

/// The option a printed tie-break picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// A hero.
    Hero(HeroId),
    /// A monster.
    Monster(MonsterId),
    /// A compass side.
    Side(Side),
    /// An optional ability.
    Ability(Ability),
    /// A chest.
    Chest(ChestId),
    /// A token of the pool (colour and number).
    PoolToken(WmtColor, u32),
    /// A square.
    Square(Point),
    /// An entry of the Monster Pool, by its place in the pool.
    PoolMonster(usize),
    /// A tile, by its label.
    Tile(TileLabel),
}

/// Something a tile turned by a vortex destroyed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Crushed {
    /// A hero (slain).
    Hero(HeroId),
    /// A monster.
    Monster(MonsterId),
    /// A token.
    Token(TokenId),
    /// A chest (lost).
    Chest(ChestId),
    /// A marker.
    Marker,
    /// A door.
    Door,
}

/// What a demoralized monster does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retreat {
    /// Falls back to a friend with Command.
    ToCommander,
    /// Flees for the entrance.
    ForTheEntrance,
    /// Stays where no hero is.
    Hides,
    /// Has nowhere to go.
    Nowhere,
    /// Slinks off to a tile without heroes.
    SlinksOff,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Quest: the Quest Chest is out.
    QuestOut,
    /// Quest: the Quest Chest is gone for good.
    QuestGone,
    /// Quest: nobody left inside, the chest still in.
    QuestNobodyLeft,
    /// Quest: the Quest Chest is out and every hero still inside is cut
    /// off (left behind).
    QuestOutCutOff,
    /// Rescue: the prisoner is out alive.
    PrisonerOut,
    /// Rescue: the prisoner is dead.
    PrisonerDead,
    /// Rescue: nobody left to bring the prisoner out.
    PrisonerNobodyLeft,
    /// Stealth: the contents are destroyed.
    ChestDestroyed,
    /// Stealth: the Quest Chest is out.
    StealthOut,
    /// Stealth: the Quest Chest is gone for good.
    StealthGone,
    /// Stealth: nobody left inside, the chest still in.
    StealthNobodyLeft,
    /// Kidnapping: the captive is out.
    CaptiveOut,
    /// Kidnapping: the kidnappee got away.
    KidnappeeGone(MonsterId),
    /// Kidnapping: the kidnappee is dead.
    KidnappeeDead(MonsterId),
    /// Kidnapping: the Guardian hid nobody.
    NobodyToKidnap,
    /// Kidnapping: nobody left to take the captive.
    KidnapNobodyLeft,
    /// Any mission: every hero left is cut off, the goal not reached.
    CutOff,
    /// Timed: the last turn is over.
    TimeUp {
        /// The turn that ended.
        turn: u32,
        /// The limit.
        limit: u32,
    },
}

/// What a World of Dungeons S Con check at the last wound gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConOutcome {
    /// 10+: on its feet with one wound left; the next wound kills.
    Reeling,
    /// 7–9: knocked out cold.
    OutCold,
    /// 6-: knocked out with a critical injury.
    Injured,
}
