//! What happened, as plain data with the dice faces: the rules push
//! events, the transcript prints them, `simulate` counts them.

use crate::dw10::figures::Ability;
use crate::dw10::play::state::{FeatureId, HeroId, Item, MonsterId, Outcome, SideId, Sq, Who};

/// What a poison or fire check did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CounterCheck {
    /// The counter is gone.
    Off,
    /// Nothing this move.
    Stays,
    /// An immediate wound.
    Wound,
}

/// Why spawned monsters were lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpawnLoss {
    /// No figure of that kind left in the collection.
    Collection,
    /// No legal square.
    NoSquare,
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A move begins.
    MoveBegins {
        /// Its number.
        number: u32,
    },
    /// A poison counter's check (L247-251).
    Poison {
        /// Who.
        who: Who,
        /// The d6.
        face: u32,
        /// What it did.
        then: CounterCheck,
    },
    /// A fire counter's check (L258-261).
    Fire {
        /// Who.
        who: Who,
        /// The d6.
        face: u32,
        /// What it did.
        then: CounterCheck,
    },
    /// A killed hero comes back on a teleporter (L518-519).
    Respawn {
        /// The hero.
        hero: HeroId,
        /// Where.
        at: Sq,
    },
    /// An initiative roll (L94-97): a tie is rolled again.
    Initiative {
        /// The heroes' d6.
        heroes: u32,
        /// Their bonus (+2 at most).
        heroes_bonus: u32,
        /// The Draken Master's d6.
        dm: u32,
        /// Its bonus.
        dm_bonus: u32,
    },
    /// Who is the Mover this move.
    Mover {
        /// The side.
        side: SideId,
    },
    /// The spawn roll before the Mover's phase (L535-537).
    SpawnRoll {
        /// The dice (3d6, or 2d6 scaled down).
        faces: Vec<u32>,
    },
    /// A row of the spawn table.
    SpawnRow {
        /// The 2d6.
        faces: (u32, u32),
        /// The monster.
        monster: String,
        /// How many.
        count: u32,
        /// For a row of 1d3 monsters, the d6 read as that d3 (1-2: 1,
        /// 3-4: 2, 5-6: 3).
        d3: Option<u32>,
    },
    /// A monster comes on the map.
    Spawned {
        /// Its id.
        monster: MonsterId,
        /// Where.
        at: Sq,
        /// Burst up next to a hero (Underfoot Attack).
        underfoot: bool,
    },
    /// Spawned monsters lost.
    SpawnLost {
        /// Which kind.
        monster: String,
        /// How many.
        count: u32,
        /// Why.
        why: SpawnLoss,
    },
    /// A coffin's d6 (L424-428).
    Coffin {
        /// The coffin.
        coffin: FeatureId,
        /// The d6.
        face: u32,
    },
    /// The Mover's Action Phase begins.
    ActionPhase {
        /// The Mover.
        side: SideId,
    },
    /// The Non-Mover's Shooting Phase begins.
    ShootingPhase {
        /// The Non-Mover.
        side: SideId,
    },
    /// The Melee Phase begins.
    MeleePhase,
    /// A figure moved.
    Moved {
        /// Who.
        who: Who,
        /// From.
        from: Sq,
        /// To.
        to: Sq,
        /// Movement points spent.
        cost: u32,
        /// Stopped by entering a kill zone.
        stopped: bool,
    },
    /// A figure stays put and does nothing (the Draken Master's monsters).
    Waits {
        /// Who.
        who: Who,
    },
    /// A free attack (disengaging, L126-136, L189-194): the pooled dice.
    FreeAttack {
        /// The figure leaving.
        target: Who,
        /// The enemies striking.
        by: Vec<Who>,
        /// To-hit dice (4-6 hits).
        dice: Vec<u32>,
        /// Kill dice.
        kills: Vec<u32>,
    },
    /// A shot (L137-163).
    Shot {
        /// The shooter.
        shooter: Who,
        /// The target.
        target: Who,
        /// To-hit dice.
        dice: Vec<u32>,
        /// Lowest face that hits.
        need: u32,
        /// Kill dice.
        kills: Vec<u32>,
        /// The armour the kill dice had to reach.
        armour: u32,
    },
    /// One melee's roll (L164-194).
    Melee {
        /// The side rolling.
        side: SideId,
        /// Its figures in the melee.
        figures: Vec<Who>,
        /// To-hit dice (4-6 hits).
        dice: Vec<u32>,
        /// Kill dice.
        kills: Vec<u32>,
    },
    /// Kill dice assigned to a figure (a die ≥ armour each).
    Assigned {
        /// The figure.
        target: Who,
        /// The dice.
        faces: Vec<u32>,
    },
    /// Wounds taken.
    Wounded {
        /// Who.
        who: Who,
        /// How many.
        wounds: u32,
        /// Left.
        left: u32,
    },
    /// Poison counters placed (a wounding kill die of 4-6, A12).
    Poisoned {
        /// Who.
        who: Who,
        /// How many.
        counters: u32,
    },
    /// Fire counters placed.
    Burning {
        /// Who.
        who: Who,
        /// How many.
        counters: u32,
    },
    /// A figure is killed.
    Killed {
        /// Who.
        who: Who,
    },
    /// An Undying monster's d6 (L275-277).
    Undying {
        /// The monster.
        monster: MonsterId,
        /// The d6.
        face: u32,
        /// Back at once?
        back: bool,
    },
    /// A victory point for the Draken Master.
    VictoryPoint {
        /// Total.
        total: u32,
        /// Target.
        target: u32,
    },
    /// Wounds healed.
    Healed {
        /// By whom (itself for potions, food, pools).
        by: Who,
        /// Who.
        who: Who,
        /// The dice rolled (empty when fixed).
        faces: Vec<u32>,
        /// Hits back.
        amount: u32,
    },
    /// Regenerate: a hit back instead of acting (L252-254).
    Regenerates {
        /// Who.
        who: Who,
    },
    /// A hero steps on a `?` counter (L330-340).
    Trap {
        /// The hero.
        hero: HeroId,
        /// The d6 (none with the Trap ability).
        face: Option<u32>,
        /// The trap table's d6 on a 6.
        table: Option<u32>,
    },
    /// Automatic hits of a trap (A2: a wound each).
    TrapHits {
        /// Who.
        hero: HeroId,
        /// Wounds.
        hits: u32,
        /// Poison counters.
        poison: u32,
        /// Killed outright.
        kills: bool,
    },
    /// A teleporter turns active (L356-358).
    Activated {
        /// The teleporter.
        teleporter: FeatureId,
        /// By whom.
        hero: HeroId,
    },
    /// A key picked up.
    Key {
        /// By whom.
        hero: HeroId,
        /// The key.
        key: FeatureId,
    },
    /// A door opened.
    DoorOpened {
        /// By whom.
        who: Who,
        /// The door.
        door: FeatureId,
    },
    /// A door closed.
    DoorClosed {
        /// By whom.
        who: Who,
        /// The door.
        door: FeatureId,
    },
    /// A chest opened (L451-460).
    Chest {
        /// The hero.
        hero: HeroId,
        /// The chest.
        chest: FeatureId,
        /// Its number, as written under it (1 to 3).
        number: u32,
        /// The opener has the Trap ability: the d6 must beat the number
        /// less 1 (L270-272), and a chest 1 is safe.
        trap_sense: bool,
        /// The d6 (none when the chest is safe).
        face: Option<u32>,
    },
    /// What a chest held (2d6, L462-471).
    Contents {
        /// The hero.
        hero: HeroId,
        /// The 2d6.
        faces: (u32, u32),
        /// The table's item name.
        item: String,
    },
    /// A power up taken for good.
    PowerUp {
        /// The hero.
        hero: HeroId,
        /// What it does, in the table's words (the name).
        what: String,
    },
    /// Gold found.
    Gold {
        /// The hero.
        hero: HeroId,
        /// How much.
        amount: u32,
    },
    /// A hero's 25-gold stacks now cost it movement (L389-390).
    Laden {
        /// The hero.
        hero: HeroId,
        /// Stacks it carries.
        stacks: u32,
        /// Its movement from now on.
        movement: u32,
    },
    /// A spell learnt (magic power up, bookcase, tome).
    Learnt {
        /// The hero.
        hero: HeroId,
        /// The d6 (for the spell table or the learning roll).
        face: u32,
        /// The spell, if learnt.
        spell: Option<String>,
    },
    /// A spell studied at a bookcase or a tome on a pedestal (L407-409,
    /// L422-423): the spell the player chose, and the d6 to keep it.
    Studied {
        /// The hero.
        hero: HeroId,
        /// The spell chosen.
        spell: Ability,
        /// The d6.
        face: u32,
        /// The lowest face that keeps it (4 for a bookcase, 5 for a tome).
        need: u32,
    },
    /// A furnishing explored.
    Explored {
        /// The hero.
        hero: HeroId,
        /// The piece.
        feature: FeatureId,
        /// Its d6, if it rolls one.
        face: Option<u32>,
    },
    /// A potion or antidote used.
    Drank {
        /// The hero.
        hero: HeroId,
        /// The item.
        item: Item,
    },
    /// A staircase taken (L317-326).
    Stairs {
        /// The hero.
        hero: HeroId,
        /// Where it arrives.
        to: Sq,
        /// It arrived in a kill zone: its movement is over (L122-123).
        stopped: bool,
    },
    /// A teleport (L359-361).
    Teleported {
        /// The hero.
        hero: HeroId,
        /// Where it arrives.
        to: Sq,
        /// It arrived in a kill zone: its movement is over (L122-123).
        stopped: bool,
    },
    /// Pieces revealed (A16): they are laid on the table now.
    Revealed {
        /// The pieces, by their index in the scenario's `tiles` (the pick
        /// list's step less one), in that order.
        pieces: Vec<u32>,
    },
    /// Checking for secret doors (L288-292).
    Checked {
        /// The hero.
        hero: HeroId,
        /// The d6.
        face: u32,
        /// Doors found.
        found: Vec<FeatureId>,
    },
    /// A hero listens (L264-269).
    Listens {
        /// The hero.
        hero: HeroId,
    },
    /// The prisoner reached or the chest's prize taken.
    Objective,
    /// The objective's chest was opened and its trap killed the hero who
    /// opened it: the chest is gone (L457) and its prize with it, so the
    /// heroes can no longer win; leaving is a retreat.
    PrizeLost,
    /// A hero leaves through a teleporter.
    Escape {
        /// The hero.
        hero: HeroId,
    },
    /// The game is over.
    Over {
        /// How.
        outcome: Outcome,
    },
    /// The initiative's winner gives up the Mover's place (L94-97).
    GivesMove {
        /// The side that won the initiative and is the Non-Mover.
        side: SideId,
    },
    /// A spell cast (L484-511).
    Cast {
        /// The caster.
        hero: HeroId,
        /// The spell.
        spell: Ability,
    },
    /// Hold Portal's d6 on a door, when cast and in each later Mover's
    /// Action Phase (4-6 holds).
    Held {
        /// The door.
        door: FeatureId,
        /// The d6.
        face: u32,
        /// Still held?
        holds: bool,
    },
    /// Finger of Death at the end of the Non-Mover's Shooting Phase.
    Finger {
        /// The caster.
        hero: HeroId,
        /// The target.
        target: MonsterId,
        /// Why it failed, if it did.
        failed: Option<&'static str>,
    },
    /// Resurrection: a hero killed comes back where it fell, no victory
    /// point.
    Resurrected {
        /// The caster.
        by: HeroId,
        /// The hero.
        hero: HeroId,
        /// Where.
        at: Sq,
    },
    /// A spell or ward kept damage off (Invulnerable to Fire or Poison).
    Warded {
        /// Who.
        who: Who,
        /// `fire` or `poison`.
        what: &'static str,
    },
    /// Charge Attack: a free attack on the enemies of the kill zone entered
    /// (L207-211).
    Charge {
        /// The charger.
        who: Who,
        /// To-hit dice (4-6 hits).
        dice: Vec<u32>,
        /// Kill dice.
        kills: Vec<u32>,
    },
    /// Control Enemy's d6 (3-6 works, L212-215).
    Controlled {
        /// The user.
        by: Who,
        /// The enemy moved.
        target: Who,
        /// The d6.
        face: u32,
        /// From.
        from: Sq,
        /// Where it was moved (none when the d6 failed).
        to: Option<Sq>,
    },
    /// Gaze Attack: a figure frozen this move (L216-223).
    Gaze {
        /// The gazer.
        by: Who,
        /// The figure frozen.
        target: Who,
    },
    /// A hero lies down in a bed and sleeps (L401-405).
    Sleeps {
        /// The hero.
        hero: HeroId,
    },
    /// A sleeper's d6 at the start of its side's phase (4-6 wakes), or
    /// woken by a melee (no die).
    Wakes {
        /// The hero.
        hero: HeroId,
        /// The d6, none when a melee woke it.
        face: Option<u32>,
        /// Awake now?
        awake: bool,
    },
    /// A hero wards monsters off with a camp fire (L373-377).
    FireGuard {
        /// The hero.
        hero: HeroId,
    },
    /// A hero reads a stone altar (L378-382).
    Reads {
        /// The hero.
        hero: HeroId,
    },
    /// A portable teleporter set down, active at once (L443-446).
    Placed {
        /// The hero.
        hero: HeroId,
        /// The teleporter.
        teleporter: FeatureId,
    },
    /// A figure of movement 3 or less waited beside a pit and may cross it
    /// next time its side is the Mover (L309-313).
    PitReady {
        /// Who.
        who: Who,
    },
    /// A familiar moved (L598).
    FamiliarMoved {
        /// Its owner.
        owner: HeroId,
        /// From.
        from: Sq,
        /// To.
        to: Sq,
        /// Movement points spent.
        cost: u32,
    },
    /// A familiar in a melee with its owner: each enemy there rolls 1
    /// attack die fewer (L593-594).
    Hindered {
        /// The familiar's owner.
        owner: HeroId,
        /// The enemies hindered.
        enemies: Vec<Who>,
    },
    /// A torture rack sickens heroes about to roll (L420-421): each rolls
    /// 2 dice fewer, never fewer than 1.
    Sickened {
        /// The rack's square.
        rack: Sq,
        /// The heroes it sickens.
        heroes: Vec<Who>,
    },
    /// A shot at a familiar (L600-601): two kill-die 6s remove it.
    FamiliarShot {
        /// The shooter.
        shooter: Who,
        /// The familiar's owner.
        owner: HeroId,
        /// The to-hit dice.
        dice: Vec<u32>,
        /// The face that hits.
        need: u32,
        /// The kill dice.
        kills: Vec<u32>,
    },
    /// A familiar removed from play for the rest of the game (L594-596,
    /// L600-601), its stored wounds lost; no victory point (L608-609).
    FamiliarRemoved {
        /// Its owner.
        owner: HeroId,
        /// The kill-die 6s spent on it.
        sixes: u32,
        /// Stored wounds lost with it.
        lost: u32,
    },
    /// A hero draws wounds stored in its familiar (L602-606).
    Drew {
        /// The hero.
        hero: HeroId,
        /// Wounds drawn.
        wounds: u32,
        /// The hero's wounds now.
        now: u32,
        /// Wounds left in the familiar.
        stored: u32,
    },
    /// A table and chairs carried along a walk and set down (L409-415).
    Carried {
        /// Who carried it.
        who: Who,
        /// The table.
        table: FeatureId,
        /// Where it lay.
        from: Sq,
        /// Where it lies now.
        to: Sq,
    },
    /// A table and chairs broken by a figure beside it (L413-415).
    Broken {
        /// Who broke it.
        who: Who,
        /// The table.
        table: FeatureId,
        /// Where it lay.
        at: Sq,
    },
    /// A hero enters a dungeon condition square: the d6 that may set it
    /// off (L349-355; the project's formula).
    Condition {
        /// The hero.
        hero: HeroId,
        /// The condition.
        condition: FeatureId,
        /// The d6.
        face: u32,
        /// The face that sets it off (one more with the Trap ability).
        need: u32,
        /// It was hidden until now.
        found: bool,
        /// It went off: the hero's action is over there.
        goes_off: bool,
    },
    /// A condition that went off strikes a hero.
    ConditionStrikes {
        /// The condition.
        condition: FeatureId,
        /// The hero.
        hero: HeroId,
        /// Automatic hits (a wound each).
        hits: u32,
        /// Poison counters.
        poison: u32,
        /// Fire counters.
        fire: u32,
    },
    /// A condition that went off raises the alarm: a roll on the spawn
    /// table follows.
    Alarm {
        /// The condition.
        condition: FeatureId,
    },
    /// A condition that went off slams every door of its piece and holds
    /// them, as Hold Portal does.
    Sealed {
        /// The condition.
        condition: FeatureId,
        /// The doors shut and held.
        doors: Vec<FeatureId>,
    },
    /// A hero's move cut short on a square short of where it was going
    /// (a dungeon condition went off there).
    Halted {
        /// The hero.
        hero: HeroId,
        /// Where it stands.
        at: Sq,
        /// Where the walk (or the Control Enemy move) was going.
        to: Sq,
    },
    /// `status` asked.
    Status,
    /// `map` asked.
    Map,
    /// `help` asked.
    Help,
}
