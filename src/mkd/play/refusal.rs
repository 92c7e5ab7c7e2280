//! Why the engine refuses a command: one typed reason per rule, each
//! printed as one line (the transcript shows it after `! `). A refused
//! command changes nothing.
//!
//! A refusal carries the names it prints (heroes, monsters, chests), so it
//! can be shown without the game it came from.

use crate::mkd::play::command::ParseError;
use crate::scenario::Point;
use std::fmt;

/// A square as the transcript writes it: `12,7`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square(pub Point);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0.x, self.0.y)
    }
}

/// What a hero's speed points would pay for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spend {
    /// A quick disarm (a failure springs the trap).
    QuickDisarm,
    /// A careful disarm (a failure leaves it armed).
    CarefulDisarm,
    /// Walking to a square.
    Walk(Point),
    /// Stepping out through an exit.
    SteppingOut,
    /// Opening a door.
    OpeningDoor,
    /// Closing a door.
    ClosingDoor,
    /// Opening a chest.
    OpeningChest,
    /// Taking an open chest.
    TakingChest,
    /// Dropping a chest.
    DroppingChest,
    /// Handing a chest to a friend.
    HandingChest,
    /// Working a vortex.
    Vortex,
    /// Going down a staircase.
    Staircase,
}

impl fmt::Display for Spend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spend::QuickDisarm => f.write_str("a quick disarm"),
            Spend::CarefulDisarm => f.write_str("a careful disarm"),
            Spend::Walk(p) => write!(f, "the walk to {}", Square(*p)),
            Spend::SteppingOut => f.write_str("stepping out"),
            Spend::OpeningDoor => f.write_str("opening a door"),
            Spend::ClosingDoor => f.write_str("closing a door"),
            Spend::OpeningChest => f.write_str("opening a chest"),
            Spend::TakingChest => f.write_str("taking a chest"),
            Spend::DroppingChest => f.write_str("dropping a chest"),
            Spend::HandingChest => f.write_str("handing over a chest"),
            Spend::Vortex => f.write_str("working the vortex"),
            Spend::Staircase => f.write_str("using the staircase"),
        }
    }
}

/// `s` for a count other than one.
fn s(n: &u32) -> &'static str {
    if *n == 1 { "" } else { "s" }
}

/// Names joined with `, ` (or `none`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names(pub Vec<String>);

impl fmt::Display for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join(", "))
    }
}

/// Squares joined with `sep`.
fn squares(v: &[Point], sep: &str) -> String {
    v.iter()
        .map(|&p| Square(p).to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// The other teleporters found, or `none`.
fn found(others: &[Point]) -> String {
    if others.is_empty() {
        "none".to_string()
    } else {
        squares(others, ", ")
    }
}

/// `to 12,7`, or `out`.
fn lead_goal(to: &Option<Point>) -> String {
    match to {
        Some(p) => format!("to {}", Square(*p)),
        None => "out".to_string(),
    }
}

/// Why a captive cannot be led: too slow for the way, or no way at all
/// (figures, walls or closed doors in it, a corner it may not cut).
fn lead_refusal(monster: &str, to: Option<Point>, speed: u32, need: Option<u32>) -> String {
    let goal = lead_goal(&to);
    match need {
        Some(n) => format!("{monster} cannot get {goal} with its speed of {speed} (it needs {n})"),
        None => format!(
            "{monster} has no way {goal}: figures, walls or closed doors stand in every way (and no one cuts a wall's corner)"
        ),
    }
}

/// Why a command was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The line is not a command.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// `undo` reached the engine (the session handles it).
    #[error("nothing to undo")]
    NothingToUndo,
    /// The game has ended.
    #[error("the adventure is over ({outcome}); only status, map and undo work now")]
    GameOver {
        /// `the heroes won` or `the heroes lost`.
        outcome: &'static str,
    },
    /// No hero of that name (the prisoner is named on its own).
    #[error("no hero called `{name}` (heroes: {heroes})")]
    NoSuchHero {
        /// As typed.
        name: String,
        /// Every hero's name.
        heroes: Names,
    },
    /// A beginning of more than one hero's name: which is meant is not
    /// guessed.
    #[error("hero `{name}` is ambiguous: it begins {heroes}; type more of it")]
    AmbiguousHero {
        /// As typed.
        name: String,
        /// The heroes whose names it begins, in party order.
        heroes: Names,
    },
    /// The held prisoner takes no orders.
    #[error("{name} is a prisoner until a hero frees them (`NAME frees prisoner`)")]
    Prisoner {
        /// The prisoner's name.
        name: String,
    },
    /// No revealed monster of that id.
    #[error("no monster `{id}` in the dungeon (none is revealed)")]
    NoMonsterRevealed {
        /// As typed.
        id: String,
    },
    /// No revealed monster of that id, with those that are.
    #[error("no monster `{id}` in the dungeon (monsters: {monsters})")]
    NoSuchMonster {
        /// As typed.
        id: String,
        /// The revealed monsters.
        monsters: Names,
    },
    /// The hero stands nowhere in the dungeon.
    #[error("{hero} is not in the dungeon")]
    NotInDungeon {
        /// The hero.
        hero: String,
    },
    /// Too little in the experience pool.
    #[error("the experience pool holds {unspent} unspent points; a {what} needs {every}")]
    PoolTooLow {
        /// Unspent experience.
        unspent: u32,
        /// `level` or `heal`.
        what: &'static str,
        /// What one costs.
        every: u32,
    },
    /// A slain or escaped hero cannot level.
    #[error("{hero} is no longer in the adventure")]
    NoLongerInAdventure {
        /// The hero.
        hero: String,
    },
    /// The freed prisoner cannot be healed.
    #[error("{hero} was a prisoner and cannot be healed")]
    PrisonerNotHealed {
        /// The freed prisoner.
        hero: String,
    },
    /// Campaign heroes level in town between adventures (the campaign rules).
    #[error(
        "{hero} is in the campaign `{campaign}`: heroes gain levels in town between adventures (`tilecrawl campaign town`), not in the dungeon; the pool still pays for heals"
    )]
    LevelsInTown {
        /// The hero.
        hero: String,
        /// The campaign's name.
        campaign: String,
    },
    /// The monsters' phase waits for the fights to be reported.
    #[error(
        "the monsters wait for the fights above to be reported: `wound HERO N`, `hit MONSTER N` or `kill MONSTER` as they came out, then `done`"
    )]
    AwaitingReports,
    /// `done` with no fight waiting for a report.
    #[error("no fight waits for a report (`done` goes on after the monsters ask for one)")]
    NothingToReport,
    /// Only wounded heroes in the dungeon are healed.
    #[error("{hero} is not a wounded hero in the dungeon")]
    NotWounded {
        /// The hero.
        hero: String,
    },
    /// `first` names nobody.
    #[error("no player called `{player}`")]
    NoSuchPlayer {
        /// As typed.
        player: String,
    },
    /// `first` after someone acted.
    #[error("the order can only change before any hero has acted this turn")]
    TooLateForOrder,
    /// `first` for a team without Command inside.
    #[error("{player}'s team has no hero with Command in the dungeon, so cannot go first")]
    NoCommand {
        /// As typed.
        player: String,
    },
    /// Another team's hero.
    #[error("it is {turn_of}'s turn; {hero} belongs to {player}")]
    NotYourTurn {
        /// The player whose turn it is.
        turn_of: String,
        /// The hero.
        hero: String,
        /// The hero's player.
        player: String,
    },
    /// A slain hero.
    #[error("{hero} has been slain")]
    Slain {
        /// The hero.
        hero: String,
    },
    /// A hero who left.
    #[error("{hero} has left the dungeon and cannot come back")]
    Escaped {
        /// The hero.
        hero: String,
    },
    /// A hero waiting below.
    #[error("{hero} has gone down the stairs and waits on the next floor")]
    Below {
        /// The hero.
        hero: String,
    },
    /// The hero's activation is over.
    #[error("{hero} has already had an activation this turn")]
    AlreadyActed {
        /// The hero.
        hero: String,
    },
    /// Frozen or confused.
    #[error("{hero} is held by magic and cannot act this turn")]
    HeldByMagic {
        /// The hero.
        hero: String,
    },
    /// Not enough speed left.
    #[error("{hero} has {left} speed point{s} left this activation; {what} costs {cost}", s = s(.left))]
    NoSpeed {
        /// The hero.
        hero: String,
        /// Speed points left.
        left: u32,
        /// What it would pay for.
        what: Spend,
        /// Its cost.
        cost: u32,
    },
    /// Not a square to stand on.
    #[error("{at} is {what}, not a square a hero can stand on")]
    NotStandable {
        /// The square.
        at: Square,
        /// The cell's name, or `outside the dungeon`.
        what: &'static str,
    },
    /// Already there.
    #[error("{hero} is already on {at}")]
    AlreadyThere {
        /// The hero.
        hero: String,
        /// The square.
        at: Square,
    },
    /// Someone stands there.
    #[error("{at} is taken")]
    Taken {
        /// The square.
        at: Square,
    },
    /// No entrance square leads there.
    #[error("no way in from the entrance to {to} for {hero}")]
    NoWayIn {
        /// The goal.
        to: Square,
        /// The hero.
        hero: String,
    },
    /// The hero's square is off the board.
    #[error("{at} is off the board")]
    OffBoard {
        /// The square.
        at: Square,
    },
    /// No route there.
    #[error("{hero} cannot reach {to} (walls, closed doors or monsters are in the way)")]
    CannotReach {
        /// The hero.
        hero: String,
        /// The goal.
        to: Square,
    },
    /// Leaving from elsewhere than an exit.
    #[error("{hero} must stand on the entrance ({exits}) to leave", exits = squares(.exits, " or "))]
    NotOnExit {
        /// The hero.
        hero: String,
        /// The exit squares.
        exits: Vec<Point>,
    },
    /// A closed door is all that stands between the hero and the monster.
    #[error("{hero} cannot attack {monster}: the closed door at {door} is in the way")]
    DoorInTheWay {
        /// The hero.
        hero: String,
        /// The monster.
        monster: String,
        /// The door (`x,y|x,y`).
        door: String,
    },
    /// A figure stands on the line of fire.
    #[error("{hero} cannot shoot {monster}: {figure} at {at} is in the line of fire")]
    FigureInTheWay {
        /// The hero.
        hero: String,
        /// The monster.
        monster: String,
        /// The figure in the way (a hero's name or a monster's id).
        figure: String,
        /// Its square.
        at: Square,
    },
    /// The monster is out of reach.
    #[error("{hero} cannot reach {monster} from {from}")]
    OutOfReach {
        /// The hero.
        hero: String,
        /// The monster.
        monster: String,
        /// The hero's square.
        from: Square,
    },
    /// `attacks` in manual combat.
    #[error(
        "combat is manual: fight with the figures, then report it (`hit {monster} 1`, `kill {monster}`, `wound {hero} 1`)"
    )]
    ManualCombat {
        /// The monster.
        monster: String,
        /// The hero.
        hero: String,
    },
    /// `hit`, `kill` or `wound` in a game of dice combat, where the dice
    /// settle every fight and there is nothing to report.
    #[error(
        "`{verb}` reports a fight fought with the figures: it is for games of --combat manual; in this game of dice combat the dice settle every fight"
    )]
    ReportInDiceCombat {
        /// The command's word.
        verb: &'static str,
    },
    /// No speed left for an attack.
    #[error("{hero} has no speed left to attack")]
    NoSpeedToAttack {
        /// The hero.
        hero: String,
    },
    /// No door there.
    #[error("there is no door at {at}")]
    NoDoor {
        /// The square.
        at: Square,
    },
    /// The door is not beside the hero.
    #[error("{hero} is not next to the door at {at}")]
    NotNextToDoor {
        /// The hero.
        hero: String,
        /// The square.
        at: Square,
    },
    /// The chest is not beside the hero.
    #[error("{hero} is not next to the chest at {at}")]
    NotNextToChest {
        /// The hero.
        hero: String,
        /// The square.
        at: Square,
    },
    /// Disarming an unknown or spent trap.
    #[error("the {what} at {at} has no known active trap (check it first)")]
    NoKnownTrap {
        /// `door` or `chest`.
        what: &'static str,
        /// The square.
        at: Square,
    },
    /// Opening an open door.
    #[error("the door at {at} is already open")]
    DoorOpen {
        /// The square.
        at: Square,
    },
    /// Closing a closed door.
    #[error("the door at {at} is already closed")]
    DoorClosed {
        /// The square.
        at: Square,
    },
    /// Figures on both sides of the door.
    #[error("figures stand in the doorway")]
    Doorway,
    /// No chest there.
    #[error("there is no chest at {at}")]
    NoChest {
        /// The square.
        at: Square,
    },
    /// Opening an open chest.
    #[error("{chest} is already open: take it with `{hero} takes chest at {at}`")]
    ChestOpen {
        /// The chest.
        chest: String,
        /// The hero.
        hero: String,
        /// Its square.
        at: Square,
    },
    /// Taking a closed chest.
    #[error("{chest} is closed: open it first (`{hero} opens chest at {at}`)")]
    ChestClosed {
        /// The chest.
        chest: String,
        /// The hero.
        hero: String,
        /// Its square.
        at: Square,
    },
    /// Hands full.
    #[error("{hero} already carries {most} chests")]
    HandsFull {
        /// The hero.
        hero: String,
        /// How many one hero carries.
        most: u32,
    },
    /// Nothing to drop or give.
    #[error("{hero} carries no chest")]
    NoChestCarried {
        /// The hero.
        hero: String,
    },
    /// Nothing to drink.
    #[error("{hero} carries no potion to drink (only a chest brought from town holds one undrunk)")]
    NoPotionCarried {
        /// The hero.
        hero: String,
    },
    /// Nowhere to drop it.
    #[error("no free square next to {hero} to drop a chest on")]
    NoRoomToDrop {
        /// The hero.
        hero: String,
    },
    /// Handing over outside the dungeon.
    #[error("both heroes must be in the dungeon")]
    BothInside,
    /// Handing over at a distance.
    #[error("{hero} and {other} are not next to each other")]
    NotSideBySide {
        /// The giver.
        hero: String,
        /// The receiver.
        other: String,
    },
    /// No teleporter underfoot.
    #[error("{hero} is not standing on a teleporter")]
    NoTeleporter {
        /// The hero.
        hero: String,
    },
    /// A chosen teleport needs another teleporter.
    #[error("{at} is not another teleporter; the choice needs a second teleporter (found: {found})", found = found(.others))]
    NotATeleporter {
        /// The square chosen.
        at: Square,
        /// The other teleporters.
        others: Vec<Point>,
    },
    /// No vortex underfoot.
    #[error("{hero} is not standing on a vortex")]
    NoVortex {
        /// The hero.
        hero: String,
    },
    /// The hero stands on no tile.
    #[error("{hero} is not standing on a tile")]
    NoTile {
        /// The hero.
        hero: String,
    },
    /// Freeing with nobody held, in a rescue.
    #[error("there is no prisoner left to free")]
    NoPrisonerLeft,
    /// Freeing in another mission.
    #[error("there is no prisoner in this mission")]
    NoPrisoner,
    /// Freeing from a distance.
    #[error("{hero} must stand next to the prisoner on {at} to free them")]
    FreeFromAfar {
        /// The hero.
        hero: String,
        /// The prisoner's square.
        at: Square,
    },
    /// Disarming the shackles from a distance.
    #[error("{hero} is not next to the prisoner")]
    NotNextToPrisoner {
        /// The hero.
        hero: String,
    },
    /// Disarming shackles with no known trap.
    #[error("the prisoner's shackles have no known active trap (free them to check first)")]
    NoKnownShackleTrap,
    /// `smash` outside stealth.
    #[error("`smash` is for the stealth mission only")]
    SmashNotStealth,
    /// `smash` for a monster not hunting the chest.
    #[error("{monster} is not out to destroy the Quest Chest")]
    NotAChestHunter {
        /// The monster.
        monster: String,
    },
    /// The Quest Chest is out of reach of monsters.
    #[error("the Quest Chest is not where a monster can reach it")]
    ChestOutOfReach,
    /// The hunter is not beside the chest.
    #[error("{monster} is not next to the Quest Chest")]
    NotNextToQuestChest {
        /// The monster.
        monster: String,
    },
    /// Leading the wrong monster.
    #[error("{monster} is not the monster to kidnap")]
    NotTheKidnappee {
        /// The monster.
        monster: String,
    },
    /// Leading before the capture.
    #[error("{monster} is not captured yet: wound it down to one wound left first")]
    NotCaptured {
        /// The monster.
        monster: String,
    },
    /// Leading twice in a turn.
    #[error("{monster} has already been led this turn")]
    AlreadyLed {
        /// The monster.
        monster: String,
    },
    /// Leading with no guard beside it.
    #[error("no hero of this team stands next to {monster}, so it cannot be led")]
    NoGuard {
        /// The monster.
        monster: String,
    },
    /// Leading onto a square that is not free.
    #[error("{at} is not a free square")]
    NotFree {
        /// The square.
        at: Square,
    },
    /// Leading too far.
    #[error("{}", lead_refusal(monster, *to, *speed, *need))]
    TooFarToLead {
        /// The monster.
        monster: String,
        /// The goal (`None`: out of the dungeon).
        to: Option<Point>,
        /// Its speed.
        speed: u32,
        /// Speed the way needs (`None`: there is no way).
        need: Option<u32>,
    },
    /// No stairs on this floor.
    #[error("there are no stairs down on this floor")]
    NoStairs,
    /// A floor played on its own.
    #[error(
        "this scenario is floor {floor} of {of} played on its own, so there is nothing below; play the dungeon's dungeon.yaml to go down"
    )]
    FloorAlone {
        /// This floor.
        floor: u32,
        /// Floors in all.
        of: u32,
    },
    /// Not on the staircase.
    #[error("{hero} must stand on the staircase ({stairs}) to go down")]
    NotOnStairs {
        /// The hero.
        hero: String,
        /// The staircase.
        stairs: Square,
    },
    /// A monster guards the staircase's tile.
    #[error("{hero} cannot use the staircase while a monster is in {tile} ({monsters})")]
    StairsGuarded {
        /// The hero.
        hero: String,
        /// The tile's label.
        tile: String,
        /// The monsters there.
        monsters: Names,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_one_line() {
        let at = Point { x: 12, y: 7 };
        let r = Refusal::NoSpeed {
            hero: "Ayla".into(),
            left: 1,
            what: Spend::Walk(at),
            cost: 4,
        };
        assert_eq!(
            r.to_string(),
            "Ayla has 1 speed point left this activation; the walk to 12,7 costs 4"
        );
        let r = Refusal::TooFarToLead {
            monster: "orc-1".into(),
            to: None,
            speed: 4,
            need: Some(6),
        };
        // No way at all is not a matter of speed (a user's audit).
        let none = Refusal::TooFarToLead {
            monster: "ghoul-1".into(),
            to: Some(Point { x: 9, y: 1 }),
            speed: 4,
            need: None,
        };
        assert!(
            none.to_string()
                .starts_with("ghoul-1 has no way to 9,1: figures, walls or closed doors"),
            "{none}"
        );
        assert_eq!(
            r.to_string(),
            "orc-1 cannot get out with its speed of 4 (it needs 6)"
        );
        let r = Refusal::NotATeleporter {
            at: Square(at),
            others: Vec::new(),
        };
        assert!(r.to_string().ends_with("(found: none)"));
        let r = Refusal::from(ParseError::HitNeedsMonster);
        assert!(r.to_string().starts_with("`hit` needs a monster"));
    }
}
