//! What happened, with the dice faces: the rules push events, the
//! transcript printer turns them into English, `simulate` only counts them.

use super::edges::{EdgeWhy, Looked};
pub use super::state::Why;
use super::state::{ModelId, Outcome, Team};
use crate::core::geom::{Point, Side};
use crate::ddd::part::CounterKind;
use crate::ddd::warparty::Die;

/// One die roll of a model: the faces shown and the one that counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roll {
    /// The die.
    pub die: Die,
    /// Every face rolled, in order (two where an ability rolls two dice).
    pub faces: Vec<u32>,
    /// The face that counts (before a Mage's re-roll).
    pub kept: u32,
    /// A Mage's re-roll, which stands whatever it shows (L66, L43).
    pub mage: Option<u32>,
}

impl Roll {
    /// The result: the re-roll if there was one.
    pub fn value(&self) -> u32 {
        self.mage.unwrap_or(self.kept)
    }
}

/// A test against a target number (L120-141).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Strength: roll this or less.
    AtMost(u32),
    /// Cunning: roll this or more.
    AtLeast(u32),
}

impl Target {
    /// Does `v` pass?
    pub fn passes(self, v: u32) -> bool {
        match self {
            Target::AtMost(n) => v <= n,
            Target::AtLeast(n) => v >= n,
        }
    }
}

/// The non-combat actions and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Breaking away from close combat, 5+ (L109).
    BreakAway,
    /// Moving next to a model that causes fear, 3- (L78).
    Fear,
    /// Open a door, 5-.
    Open,
    /// Close a door, 5-.
    Close,
    /// Smash a door, 3-.
    Smash,
    /// Pick a lock, 6+.
    PickLock,
    /// Set a trap, 6+.
    SetTrap,
    /// Remove a trap, 6+.
    RemoveTrap,
    /// Heal a wound, 7+.
    Heal,
    /// Save a model from its last wound, 7+.
    Save,
    /// Hide, 3+.
    Hide,
    /// Pick up an object, 2+.
    PickUp,
    /// Open a secret door, 6+.
    Search,
    /// Free a bound prisoner, 4+.
    Free,
    /// Read a message, 7+.
    Read,
}

impl Task {
    /// Its target number.
    pub fn target(self) -> Target {
        match self {
            Task::BreakAway => Target::AtLeast(5),
            Task::Fear => Target::AtMost(3),
            Task::Open | Task::Close => Target::AtMost(5),
            Task::Smash => Target::AtMost(3),
            Task::PickLock | Task::SetTrap | Task::RemoveTrap | Task::Search => Target::AtLeast(6),
            Task::Heal | Task::Save | Task::Read => Target::AtLeast(7),
            Task::Hide => Target::AtLeast(3),
            Task::PickUp => Target::AtLeast(2),
            Task::Free => Target::AtLeast(4),
        }
    }
}

/// Where a trap is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrapPlace {
    /// On a door (an index into the doors).
    Door(usize),
    /// On a counter (an index into the counters).
    Counter(usize),
    /// On an empty square.
    Square(Point),
}

/// Why a card was put aside without a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// The model was killed.
    Dead,
    /// The model left the board.
    Gone,
    /// The prisoner is still bound.
    Bound,
}

/// What a side deployed by hand is asked for (`play --deploy-by-hand`),
/// with what `ready` would choose for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// Free Prisoner: the attacker's model to be the prisoner.
    Prisoner {
        /// tilecrawl's choice: the largest defense die.
        suggested: ModelId,
    },
    /// The edge to deploy on.
    Edge {
        /// The edges it may take, N, E, S, W order.
        options: Vec<Side>,
        /// tilecrawl's choice.
        suggested: Side,
        /// Why tilecrawl chooses it.
        why: EdgeWhy,
    },
    /// The models onto squares.
    Place {
        /// Where: a zone's name, or every edge zone (Free Prisoner's
        /// attackers, who may split over the edges).
        zone: String,
        /// Ambush's attackers: the rest lie in wait on the defenders' ways
        /// out, and a model in cover starts hidden.
        waiting: bool,
    },
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The dice-off (L146): each side's largest power die, high wins; the
    /// winner is the attacker.
    DiceOff {
        /// Blue's roll.
        blue: Roll,
        /// Red's roll.
        red: Roll,
        /// The winner (none: a draw, rolled again).
        winner: Option<Team>,
    },
    /// The dice-off was rolled when the scenario was made (`generate
    /// --scenario roll --warparty … --opponent …`): its winner chose the
    /// scenario and is the attacker (L147), so it is not rolled again.
    DiceOffKept {
        /// The side that won it.
        winner: Team,
    },
    /// A side deployed.
    Deployed {
        /// The side.
        team: Team,
        /// The zone's name in the scenario.
        zone: String,
        /// Its models and their squares.
        models: Vec<(ModelId, Point)>,
    },
    /// The attacker's model tied up in the centre (Free Prisoner).
    PrisonerChosen {
        /// The model.
        id: ModelId,
        /// Its square.
        at: Point,
    },
    /// A model starts hidden (Ambush's attackers on cover).
    StartsHidden {
        /// The model.
        id: ModelId,
    },
    /// A side deployed by hand is asked for its choice.
    Asked {
        /// The side.
        team: Team,
        /// What it is asked for.
        ask: Ask,
    },
    /// tilecrawl took a side's edge by the look-ahead (told before the
    /// side deploys there).
    EdgeLooked {
        /// The side.
        team: Team,
        /// The side chose first (else it replied to the other's edge).
        first: bool,
        /// The edge and its look-ahead figures.
        looked: Looked,
    },
    /// A side deployed by hand took its edge.
    EdgeChosen {
        /// The side.
        team: Team,
        /// The edge.
        side: Side,
    },
    /// A model deployed by hand was put on a square.
    Placed {
        /// The model.
        id: ModelId,
        /// Its square (a Huge model's north-west one).
        at: Point,
    },
    /// A new round: the deck shuffled.
    Shuffled {
        /// The round.
        round: u32,
        /// The cards in the order they will be drawn.
        order: Vec<ModelId>,
    },
    /// A card drawn for a model that cannot act.
    CardSkipped {
        /// The model.
        id: ModelId,
        /// Why.
        why: Skip,
    },
    /// A model's turn begins.
    TurnBegins {
        /// The model.
        id: ModelId,
    },
    /// An attack took a stunned model's marker off (L90).
    StunLifted {
        /// The model.
        id: ModelId,
    },
    /// A stunned model loses its turn; the marker goes.
    StunPassed {
        /// The model.
        id: ModelId,
    },
    /// The movement roll (L108-109).
    MoveRoll {
        /// The model.
        id: ModelId,
        /// The defense die.
        roll: Roll,
        /// Flight's +1.
        bonus: u32,
        /// Squares it may move.
        allowance: u32,
    },
    /// A test against a target number (or passed without a roll: Sneaky).
    Test {
        /// Who tests.
        id: ModelId,
        /// What for.
        task: Task,
        /// The roll (none: passed by an ability).
        roll: Option<Roll>,
        /// Passed?
        passed: bool,
    },
    /// A model walked.
    Moved {
        /// The model.
        id: ModelId,
        /// The squares entered, in order.
        path: Vec<Point>,
        /// Squares of movement spent.
        cost: u32,
        /// It stopped next to an enemy.
        contact: bool,
    },
    /// A hidden marker removed.
    Revealed {
        /// The model.
        id: ModelId,
    },
    /// A close combat attack: both power dice (L111-112).
    CloseAttack {
        /// The attacker.
        by: ModelId,
        /// The target.
        target: ModelId,
        /// The attacker's power roll.
        att: Roll,
        /// The target's power roll.
        def: Roll,
    },
    /// A ranged attack (L114-115).
    Shot {
        /// The attacker.
        by: ModelId,
        /// The target.
        target: ModelId,
        /// Squares to the target.
        range: u32,
        /// The power roll.
        roll: Roll,
    },
    /// The damage roll (L117-118).
    Damage {
        /// The attacker.
        by: ModelId,
        /// The target.
        target: ModelId,
        /// The attacker's power roll.
        att: Roll,
        /// The target's defense roll.
        def: Roll,
        /// A critical hit (a 1, and lower).
        critical: bool,
    },
    /// A wound counter placed.
    Wounded {
        /// The model.
        id: ModelId,
        /// Wounds it now has.
        wounds: u32,
        /// Wounds it can take.
        of: u32,
    },
    /// A model killed and removed.
    Killed {
        /// The model.
        id: ModelId,
        /// Its last square.
        at: Point,
    },
    /// A wound counter removed by a healer.
    Healed {
        /// The patient.
        id: ModelId,
        /// Wounds left.
        wounds: u32,
    },
    /// A door changed.
    Door {
        /// Which (index into the doors).
        door: usize,
        /// What happened to it.
        change: DoorChange,
    },
    /// A trap set.
    TrapSet {
        /// The thief.
        by: ModelId,
        /// Where.
        place: TrapPlace,
    },
    /// A trap removed by a thief.
    TrapRemoved {
        /// The thief.
        by: ModelId,
        /// Where.
        place: TrapPlace,
    },
    /// A trap sprung: an opposed cunning test against the thief who set it
    /// (L143-144).
    TrapSprung {
        /// Who sprang it.
        victim: ModelId,
        /// Who set it.
        setter: ModelId,
        /// Where.
        place: TrapPlace,
        /// The victim's power roll.
        victim_roll: Roll,
        /// The setter's power roll.
        setter_roll: Roll,
    },
    /// A model hid.
    Hid {
        /// The model.
        id: ModelId,
    },
    /// A counter picked up.
    PickedUp {
        /// The model.
        id: ModelId,
        /// What.
        kind: CounterKind,
    },
    /// A counter dropped where its carrier fell.
    Dropped {
        /// What.
        kind: CounterKind,
        /// Where.
        at: Point,
    },
    /// The prisoner freed.
    Freed {
        /// By whom.
        by: ModelId,
        /// The prisoner.
        prisoner: ModelId,
    },
    /// The prisoner bound again by a defender's blow (L157).
    BoundAgain {
        /// The prisoner.
        prisoner: ModelId,
    },
    /// The message read.
    Read {
        /// The reader.
        id: ModelId,
    },
    /// Enthrall: an opposed cunning test (L90).
    Enthral {
        /// The enthraller.
        by: ModelId,
        /// The target.
        target: ModelId,
        /// The enthraller's roll.
        att: Roll,
        /// The target's roll.
        def: Roll,
    },
    /// A model left the board.
    LeftBoard {
        /// The model.
        id: ModelId,
        /// By which edge.
        side: Side,
        /// What it carried off.
        carrying: Option<CounterKind>,
    },
    /// A turn ends.
    TurnEnds {
        /// The model.
        id: ModelId,
    },
    /// The experience each model earned (advanced rules): every model of
    /// both sides with any, in roster order.
    Experience {
        /// Models and their points.
        points: Vec<(ModelId, u32)>,
    },
    /// The game is over.
    GameOver {
        /// How.
        outcome: Outcome,
        /// Why.
        why: Why,
    },
}

/// What happened to a door.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorChange {
    /// Opened.
    Opened,
    /// Closed.
    Closed,
    /// Smashed and removed.
    Smashed,
    /// Unlocked.
    Unlocked,
    /// A secret door found and opened.
    Found,
}
