//! What happened: every rule reports what it did as [`Event`]s, plain data
//! with typed ids, squares, dice faces and table rows (by the face that
//! picked them). The English transcript is a printer over them
//! ([`crate::mkd::play::transcript`]); the simulator ignores them; tests
//! assert them.
//!
//! Ids name the same figure, chest or token all game (see
//! [`crate::mkd::play::state`]), so events are printed after the command
//! against the state it left. Anything the state may forget within a
//! command (a pool entry's name, a furnishing) is carried in the event.

use crate::mkd::figures::Ability;
use crate::mkd::play::board::{PlayMarker, TileLabel};
use crate::mkd::play::state::{Banner, ChestId, HeroId, MonsterId, TokenId};
use crate::mkd::scenario::TerrainSide;
use crate::scenario::Point;
use crate::tileset::Side;

mod parts;
pub use parts::{
    AttackRoll, Chooser, ConOutcome, Crushed, Ending, Figure, Heading, MonsterStep, Pick, Retreat,
    Rolls, Strike, Target, TokenStep, Topic, WalkEnd,
};

/// One thing the engine reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    // ------------------------------------------------------------ views
    /// `status`: the state, as it stands.
    Status,
    /// `map`: the board, as it stands.
    Map,
    /// `help`, with the mission's and the stairs' lines where they apply.
    Help {
        /// Add the missions' commands.
        missions: bool,
        /// Add the stairs' command.
        stairs: bool,
    },
    /// A team's turn begins, or the game is over.
    Banner(Banner),

    // ------------------------------------------------------------ the heroes' turn
    /// A level bought from the experience pool.
    LevelGained {
        /// The hero.
        hero: HeroId,
        /// Levels bought this adventure.
        levels: u32,
        /// Experience spent.
        spent: u32,
    },
    /// A full heal bought from the experience pool.
    Healed {
        /// The hero.
        hero: HeroId,
        /// Experience spent.
        spent: u32,
    },
    /// A team with Command goes first.
    GoesFirst {
        /// The player as the command named them.
        player: String,
    },
    /// A team ends its turn.
    TurnEnds {
        /// The team.
        team: usize,
    },
    /// A hero forgoes the rest of the activation.
    Passes {
        /// The hero.
        hero: HeroId,
    },
    /// A hero's walk (reported before what happened on the way).
    Walked {
        /// The hero.
        hero: HeroId,
        /// The square walked to.
        to: Point,
        /// How it ended.
        end: WalkEnd,
    },
    /// A token revealed by a hero's step ends the activation.
    RevealEndsActivation {
        /// The hero.
        hero: HeroId,
    },
    /// A hero leaves through an exit.
    Left {
        /// The hero.
        hero: HeroId,
        /// Chests carried out.
        carrying: Vec<ChestId>,
    },

    // ------------------------------------------------------------ combat
    /// An attack rolled with dice.
    Attack {
        /// Who attacks.
        by: Figure,
        /// How.
        strike: Strike,
        /// Whom.
        target: Target,
        /// The dice.
        roll: AttackRoll,
    },
    /// Manual combat: a monster's attack for the players to resolve.
    AttackPrompt {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
        /// Close combat (else ranged).
        melee: bool,
        /// The monster's facing.
        facing: Side,
    },
    /// A hero wounded.
    HeroWounded {
        /// The hero.
        hero: HeroId,
        /// Wounds taken.
        wounds: u32,
        /// Wounds left.
        left: u32,
    },
    /// A hero slain.
    HeroSlain {
        /// The hero.
        hero: HeroId,
        /// Wounds taken.
        wounds: u32,
    },
    /// The World of Dungeons S Con check at a hero's last wound
    /// (`--injuries wod-s`): both faces of the 2d6, the hero's Con and what
    /// it gave.
    ConCheck {
        /// The hero.
        hero: HeroId,
        /// Wounds taken by the blow.
        wounds: u32,
        /// The two d6 faces, in the order rolled.
        faces: [u32; 2],
        /// The hero's Con.
        con: i32,
        /// What the check gave.
        outcome: ConOutcome,
    },
    /// A critical injury after a missed Con check.
    CriticalInjury {
        /// The hero.
        hero: HeroId,
        /// The d100 face.
        location_roll: u32,
        /// Where (`upper arm`).
        location: String,
        /// `left` or `right` for a limb.
        side: Option<&'static str>,
        /// The d12 face.
        severity_roll: u32,
        /// `severed`, `maimed` or `broken`.
        severity: String,
        /// The effect code and what it does, for the special locations.
        effect: Option<(String, String)>,
        /// The injury kills (effect X, D, O or B: the engine has no first aid).
        dies: bool,
    },
    /// A hero knocked out cold: off the board, alive if the heroes win.
    HeroOutCold {
        /// The hero.
        hero: HeroId,
    },
    /// A slain hero's chest falls open.
    ChestFallsOpen {
        /// The chest.
        chest: ChestId,
        /// Where.
        at: Point,
    },
    /// A monster wounded.
    MonsterWounded {
        /// The monster.
        monster: MonsterId,
        /// Wounds taken.
        wounds: u32,
        /// Wounds left.
        left: u32,
    },
    /// A monster slain.
    MonsterSlain {
        /// The monster.
        monster: MonsterId,
        /// The hero who slew it, where one did.
        by: Option<HeroId>,
        /// Experience earned.
        points: u32,
        /// Unspent experience after.
        pool: u32,
    },
    /// A slain monster's chest drops, shut.
    ChestDrops {
        /// The chest.
        chest: ChestId,
        /// Where.
        at: Point,
    },

    // ------------------------------------------------------------ the dungeon's turn
    /// The tokens' phase begins.
    TokensPhase,
    /// No token wanders.
    NoTokenWanders,
    /// The monsters' phase begins.
    MonstersPhase,
    /// No monster is revealed.
    NoMonsters,
    /// A surprised monster skips its activation (it still turns to face
    /// the nearest hero).
    Surprised {
        /// The monster.
        monster: MonsterId,
        /// The side it turned to, if it turned.
        turns: Option<Side>,
    },
    /// A frozen monster skips its activation.
    MonsterHeld {
        /// The monster.
        monster: MonsterId,
    },
    /// A hero inside can walk to no way out, stairs down, teleporter,
    /// vortex or unexplored tile (said as the game ends because of it).
    CutOff {
        /// The hero.
        hero: HeroId,
        /// Where the hero stands.
        at: Point,
    },
    /// The game ends.
    Ended(Ending),

    // ------------------------------------------------------------ tokens
    /// A token's movement roll.
    TokenRolled {
        /// The token.
        token: TokenId,
        /// The face (its row of the movement table).
        face: u32,
        /// What the roll sends it after.
        heading: Heading,
    },
    /// A token cannot move.
    TokenStays {
        /// The token.
        token: TokenId,
        /// Its square.
        at: Point,
    },
    /// A token moved.
    TokenMoved {
        /// The token.
        token: TokenId,
        /// Where it stopped.
        to: Point,
        /// Its way, door by door.
        path: Vec<TokenStep>,
    },
    /// A token comes upon the heroes (and is revealed).
    TokenComesUpon {
        /// The token.
        token: TokenId,
    },

    // ------------------------------------------------------------ reveals
    /// The tables have no row for this token.
    NoRevealRow {
        /// The token.
        token: TokenId,
    },
    /// A reveal roll.
    Revealed {
        /// The token.
        token: TokenId,
        /// The 2d6, die by die.
        dice: [u32; 2],
        /// The pool's (or Guardian's) bonus.
        bonus: u32,
        /// Dice and bonus, at most 12.
        total: u32,
        /// Monsters the row gives (0: nothing).
        count: u32,
        /// Their value together.
        points: u32,
    },
    /// No pool monster fits the reveal.
    NothingFits,
    /// The monsters taken from the pool.
    FromPool {
        /// Their names.
        names: Vec<String>,
        /// Their value together.
        value: u32,
    },
    /// The swarm rule.
    Swarm {
        /// The value to fill.
        points: u32,
        /// The best single monster that fits.
        best: u32,
    },
    /// The multiple-monster roll.
    MultipleReveal {
        /// Monsters sharing the reveal.
        count: u32,
        /// The face (its row).
        face: u32,
    },
    /// No kind has enough figures: shared evenly instead.
    NoKindEnough,
    /// A monster finds no room and goes back to the pool.
    NoRoom {
        /// The figure's name.
        name: String,
    },
    /// A monster appears.
    Appears {
        /// The monster.
        monster: MonsterId,
        /// Where.
        at: Point,
        /// Facing.
        facing: Side,
        /// The directions-table d6 that chose the facing, re-rolls
        /// included (none when it faces the way its token came).
        facing_faces: Rolls,
        /// Surprised (else Nimble or Stealth).
        surprised: bool,
    },

    // ------------------------------------------------------------ discovery
    /// A discovery roll on first entering a tile.
    Discovery {
        /// The hero.
        hero: HeroId,
        /// The tile.
        tile: TileLabel,
        /// The face (its row of the chamber or hallway table).
        face: u32,
    },
    /// The Chest Pool is empty.
    ChestPoolEmpty,
    /// No square for a chest.
    NoSquareForChest,
    /// A chest found.
    ChestFound {
        /// The chest.
        chest: ChestId,
        /// Where.
        at: Point,
    },
    /// The WMT Pool is empty.
    TokenPoolEmpty,
    /// No square for a token.
    NoSquareForToken,
    /// A token found.
    TokenFound {
        /// The token.
        token: TokenId,
        /// Where.
        at: Point,
    },
    /// The accessory roll.
    Accessory {
        /// The face (its row).
        face: u32,
    },
    /// No furnishing left.
    NoFurnishing,
    /// A furnishing set up.
    Furnishing {
        /// Its name.
        name: String,
        /// The tile.
        tile: TileLabel,
    },
    /// An artifact set up (with its furnishing): an open chest holding the
    /// item rolled on the artifact table.
    ArtifactLaid {
        /// The chest that holds it (`artifact-N`).
        chest: ChestId,
        /// The d6 face rolled on the artifact table.
        face: u32,
        /// Its square.
        at: Point,
    },
    /// No free square for an artifact: it is not set up.
    NoSquareForArtifact,
    /// No square for a marker.
    NoSquareForMarker,
    /// A marker laid.
    MarkerLaid {
        /// What.
        kind: PlayMarker,
        /// Where.
        at: Point,
    },
    /// No door left.
    NoDoorLeft,
    /// Every entryway has a door.
    EveryWayHasADoor,
    /// A door laid.
    DoorLaid {
        /// The square beyond the entryway.
        at: Point,
    },
    /// No terrain marker left.
    NoTerrainLeft,
    /// No square takes the terrain marker without walling heroes off.
    TerrainWouldBlock {
        /// The tile.
        tile: TileLabel,
        /// The marker's side.
        side: TerrainSide,
    },
    /// A terrain marker laid.
    TerrainLaid {
        /// Its side.
        side: TerrainSide,
        /// Where.
        at: Point,
    },

    // ------------------------------------------------------------ doors and traps
    /// A chest checked for a trap.
    ChestChecked {
        /// The hero.
        hero: HeroId,
        /// The chest.
        chest: ChestId,
        /// The trap table's level.
        level: u32,
        /// The face.
        face: u32,
    },
    /// A chest checked that has no active trap (open, sprung or disarmed).
    ChestHasNoTrap {
        /// The hero.
        hero: HeroId,
        /// The chest.
        chest: ChestId,
    },
    /// An unchecked door's trap rolled as the door is opened (or its trap
    /// sprung by a failed disarm).
    DoorTrapRolled {
        /// The chest level its trap was rolled for.
        level: u32,
        /// The face.
        face: u32,
    },
    /// A door with no active trap.
    DoorHasNoTrap {
        /// The hero.
        hero: HeroId,
        /// The door's square.
        at: Point,
    },
    /// A door checked.
    DoorChecked {
        /// The hero.
        hero: HeroId,
        /// The door's square.
        at: Point,
        /// The chest level its trap was rolled for.
        level: u32,
        /// The face.
        face: u32,
    },
    /// A trap disarmed.
    Disarmed {
        /// The hero.
        hero: HeroId,
        /// The trap's level and face.
        trap: (u32, u32),
        /// Quick (else careful).
        fast: bool,
        /// The die.
        roll: u32,
    },
    /// A disarm failed.
    DisarmFailed {
        /// The hero.
        hero: HeroId,
        /// The trap's level and face.
        trap: (u32, u32),
        /// The die.
        roll: u32,
    },
    /// A trap goes off.
    TrapSprung {
        /// The trap's level and face.
        trap: (u32, u32),
    },
    /// An alarm with the WMT Pool empty.
    AlarmUnanswered,
    /// An alarm calls a token.
    AlarmCalls {
        /// The token.
        token: TokenId,
        /// Where.
        at: Point,
    },
    /// A teleport trap.
    Whisked {
        /// The hero.
        hero: HeroId,
    },
    /// A door opened.
    DoorOpened {
        /// The hero.
        hero: HeroId,
        /// The door's square.
        at: Point,
    },
    /// A door closed.
    DoorClosed {
        /// The hero.
        hero: HeroId,
        /// The door's square.
        at: Point,
    },

    // ------------------------------------------------------------ chests
    /// A chest opened (with its trap roll, if the trap was not spent).
    ChestOpened {
        /// The hero.
        hero: HeroId,
        /// The chest.
        chest: ChestId,
        /// The trap's level and face.
        trap: Option<(u32, u32)>,
    },
    /// What an opened chest holds.
    ChestHolds {
        /// The chest.
        chest: ChestId,
        /// The contents table's level.
        level: u32,
        /// The face.
        face: u32,
    },
    /// A hero carries the chest just opened.
    ChestCarried {
        /// The hero.
        hero: HeroId,
        /// The chest.
        chest: ChestId,
    },
    /// An open chest taken.
    ChestTaken {
        /// The hero.
        hero: HeroId,
        /// The chest.
        chest: ChestId,
    },
    /// A chest dropped.
    ChestDropped {
        /// The hero.
        hero: HeroId,
        /// The chest.
        chest: ChestId,
        /// Where.
        at: Point,
    },
    /// A chest handed over.
    ChestHanded {
        /// The giver.
        hero: HeroId,
        /// The chest.
        chest: ChestId,
        /// The receiver.
        to: HeroId,
    },

    // ------------------------------------------------------------ teleporters and vortexes
    /// Through a teleporter to a chosen one.
    SteppedThrough {
        /// The hero.
        hero: HeroId,
        /// Where.
        at: Point,
    },
    /// Teleported to a random tile.
    Teleported {
        /// The hero.
        hero: HeroId,
        /// Where.
        at: Point,
        /// The tile.
        tile: TileLabel,
    },
    /// The random tile has no free square.
    TeleportNoRoom {
        /// The hero.
        hero: HeroId,
        /// The tile.
        tile: TileLabel,
    },
    /// A vortex worked.
    VortexWorked {
        /// The hero.
        hero: HeroId,
        /// The tile.
        tile: TileLabel,
        /// Its centre.
        centre: Point,
    },
    /// The turned tile touched no other.
    TurnedClear {
        /// The tile.
        tile: TileLabel,
    },
    /// The turned tile covers a square of another.
    Covers {
        /// The tile.
        tile: TileLabel,
        /// The square.
        at: Point,
        /// What was destroyed there.
        crushed: Vec<Crushed>,
    },

    // ------------------------------------------------------------ missions
    /// Rescue: freed with no trap on the shackles.
    FreedClean {
        /// The hero.
        hero: HeroId,
    },
    /// Rescue: the shackles checked.
    ShacklesChecked {
        /// The hero.
        hero: HeroId,
        /// The trap's level and face.
        trap: (u32, u32),
    },
    /// Rescue: the shackles' trap is armed.
    ShacklesArmed {
        /// The hero.
        hero: HeroId,
        /// The prisoner's square.
        at: Point,
    },
    /// Rescue: freed, setting off the trap.
    FreedSettingOff {
        /// The hero.
        hero: HeroId,
    },
    /// Rescue: the prisoner joins a team.
    PrisonerJoins {
        /// The freed prisoner.
        hero: HeroId,
    },
    /// Rescue: no Guardian set aside.
    NoGuardian,
    /// Rescue: no room for the Guardian.
    GuardianNoRoom,
    /// Rescue: the Guardian appears.
    GuardianAppears {
        /// The token.
        token: TokenId,
        /// Where.
        at: Point,
    },
    /// Rescue: a Guardian monster goes for the prisoner.
    GoesForPrisoner {
        /// The monster.
        monster: MonsterId,
        /// The prisoner.
        prisoner: HeroId,
    },
    /// Stealth: the contents destroyed.
    QuestChestSmashed {
        /// The monster.
        monster: MonsterId,
    },
    /// Kidnapping: the roll among several.
    KidnappeeRolled {
        /// The faces.
        faces: Rolls,
        /// The one picked.
        monster: MonsterId,
    },
    /// Kidnapping: the one to kidnap.
    Kidnappee {
        /// The monster.
        monster: MonsterId,
    },
    /// Kidnapping: captured.
    Captured {
        /// The monster.
        monster: MonsterId,
    },
    /// Kidnapping: led to a square.
    Led {
        /// The hero beside it.
        guard: HeroId,
        /// The captive.
        monster: MonsterId,
        /// Where.
        to: Point,
        /// Speed points of the way.
        cost: u32,
    },
    /// Kidnapping: led out.
    LedOut {
        /// The hero beside it.
        guard: HeroId,
        /// The captive.
        monster: MonsterId,
        /// The exit square.
        at: Point,
    },

    // ------------------------------------------------------------ floors
    /// A hero goes down the stairs.
    WentDown {
        /// The hero.
        hero: HeroId,
        /// Speed paid.
        cost: u32,
        /// Chests carried.
        carrying: Vec<ChestId>,
        /// The floor below.
        floor: u32,
    },
    /// The floor is done.
    FloorDone {
        /// This floor.
        floor: u32,
        /// Floors in all.
        of: u32,
    },
    /// A chest left on the floor above.
    LeftBehind {
        /// The chest.
        chest: ChestId,
        /// The floor.
        floor: u32,
    },
    /// The next floor.
    NewFloor {
        /// Its number.
        floor: u32,
        /// Floors in all.
        of: u32,
        /// Its scenario's seed.
        seed: u64,
        /// Its tiles.
        tiles: usize,
        /// Its Central Chamber.
        central: TileLabel,
    },
    /// The next floor's entrance.
    FloorEntrance {
        /// The entrance square.
        at: Point,
        /// Its side.
        side: Side,
        /// Its tile.
        tile: TileLabel,
        /// The heroes waiting outside.
        waiting: Vec<HeroId>,
    },
    /// Where the stairs down are.
    Stairs {
        /// The floor below.
        floor: u32,
        /// The staircase.
        at: Point,
        /// Its tile.
        tile: Option<TileLabel>,
    },

    // ------------------------------------------------------------ monsters
    /// A printed tie-break.
    Chose {
        /// Whose choice.
        by: Chooser,
        /// What it decides.
        topic: Topic,
        /// The faces.
        faces: Rolls,
        /// The pick.
        pick: Pick,
    },
    /// A hero takes up an item found in a chest he opened.
    ItemInUse {
        /// The hero.
        hero: HeroId,
        /// The item's name.
        item: String,
        /// A potion, drunk at once (else worn or wielded).
        potion: bool,
    },
    /// A Mounted monster's mount falls: the wound is the mount's, and the
    /// rider goes on at its own speed.
    Unhorsed {
        /// The monster.
        monster: MonsterId,
    },
    /// Wounds leave a monster demoralized.
    BecomesDemoralized {
        /// The monster.
        monster: MonsterId,
    },
    /// Rallied by a commander.
    Rallied {
        /// The monster.
        monster: MonsterId,
        /// The commander.
        by: MonsterId,
    },
    /// An open chest shut.
    ChestShut {
        /// The monster.
        monster: MonsterId,
        /// The chest.
        chest: ChestId,
        /// Where.
        at: Point,
    },
    /// Stealth: the Quest Chest is the first choice.
    FirstChoiceChest {
        /// The monster.
        monster: MonsterId,
    },
    /// The decision roll.
    Decision {
        /// The monster.
        monster: MonsterId,
        /// The face (its row).
        face: u32,
    },
    /// No hero in reach.
    NoWayToHeroes {
        /// The monster.
        monster: MonsterId,
    },
    /// Goes for the weakest hero.
    GoesForWeakest {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
        /// Wounds the hero has left.
        left: u32,
    },
    /// Goes for the hero it reaches first.
    GoesForNearest {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// Rescue: a Guardian monster's first choice is the prisoner.
    PrisonerFirst {
        /// The monster.
        monster: MonsterId,
    },
    /// The first choice.
    FirstChoice {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
        /// Speed points of movement to attack.
        travel: u32,
    },
    /// Goes for the second choice.
    GoesForInstead {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// Uses Quickness.
    UsesQuickness {
        /// The monster.
        monster: MonsterId,
        /// Extra speed.
        bonus: u32,
    },
    /// Cannot attack after Quickness.
    QuicknessNoAttack {
        /// The monster.
        monster: MonsterId,
        /// The hero it faces.
        hero: HeroId,
    },
    /// Held by a hero, it turns on him.
    TurnsOn {
        /// The monster.
        monster: MonsterId,
        /// The hero it gave up on.
        from: HeroId,
        /// The hero it turns on.
        to: HeroId,
    },
    /// Out of reach this activation.
    CannotReachHero {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// No way to the hero.
    NoWayToHero {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// Sneak Attack: round to the back.
    SneaksBehind {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// Sneak Attack: cannot reach the back.
    SneakFails {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// In range and in sight, but a figure stands on the line of fire
    /// (one that stepped in while the monster walked).
    LineOfFireBlocked {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
        /// The figure in the way (`None`: the held prisoner).
        by: Option<Figure>,
        /// Its square.
        at: Point,
    },
    /// In range only with a spell's reach, and no ranged attack.
    InRangeNoShot {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// The unexpected-action roll.
    Unexpected {
        /// The monster.
        monster: MonsterId,
        /// The face (its row).
        face: u32,
    },
    /// No theft possible: it goes for help instead.
    NoTheft {
        /// The monster.
        monster: MonsterId,
    },
    /// Holds its ground.
    HoldsGround {
        /// The monster.
        monster: MonsterId,
    },
    /// Goes for a carrier's chest.
    GoesForChest {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// A theft roll (`chest`: what it took, `None`: it failed).
    Theft {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
        /// The die.
        face: u32,
        /// What it needed.
        need: u32,
        /// The chest taken.
        chest: Option<ChestId>,
    },
    /// The roll after a theft.
    AfterTheft {
        /// The monster.
        monster: MonsterId,
        /// The face (its row).
        face: u32,
    },
    /// Runs for help.
    RunsForHelp {
        /// The monster.
        monster: MonsterId,
        /// Speed lost.
        cost: u32,
    },
    /// Brought help.
    BroughtHelp {
        /// The monster.
        monster: MonsterId,
    },
    /// Leaves the dungeon (or goes down the stairs).
    MonsterLeaves {
        /// The monster.
        monster: MonsterId,
        /// By the stairs.
        stairs: bool,
        /// A chest it carried off (lost).
        chest: Option<ChestId>,
        /// To fetch help (else for good).
        for_help: bool,
    },
    /// Its way is blocked: it turns to fight.
    WayBlocked {
        /// The monster.
        monster: MonsterId,
    },
    /// Drops a chest, shut.
    MonsterDropsChest {
        /// The monster.
        monster: MonsterId,
        /// The chest.
        chest: ChestId,
        /// Where.
        at: Point,
    },
    /// Cannot come back in.
    EntranceBlocked {
        /// The monster.
        monster: MonsterId,
    },
    /// Comes back in (`stairs`: up the stairs).
    ComesBack {
        /// The monster.
        monster: MonsterId,
        /// Where.
        at: Point,
        /// Up the stairs.
        stairs: bool,
    },
    /// The reinforcements roll.
    Reinforcements {
        /// The monster.
        monster: MonsterId,
        /// The face (its row).
        face: u32,
    },
    /// The WMT Pool is empty: nobody answers.
    NobodyAnswers,
    /// The entrance is packed.
    EntrancePacked,
    /// A token comes in.
    TokenComesIn {
        /// The token.
        token: TokenId,
        /// Where.
        at: Point,
    },
    /// A demoralized monster's retreat.
    Demoralized {
        /// The monster.
        monster: MonsterId,
        /// What it does.
        retreat: Retreat,
    },
    /// A monster's walk, flushed.
    MonsterMoved {
        /// The monster.
        monster: MonsterId,
        /// Where it stands (`None` once off the board).
        at: Option<Point>,
        /// Its way.
        path: Vec<MonsterStep>,
    },
    /// A monster's walk through a hero, flushed.
    MonsterPassesThrough {
        /// The monster.
        monster: MonsterId,
        /// Its way.
        path: Vec<MonsterStep>,
    },
    /// A hero passes through a monster (and takes its rear attack).
    HeroPassesThrough {
        /// The hero.
        hero: HeroId,
        /// The monster.
        monster: MonsterId,
    },
    /// A hero's break-away roll, leaving monsters next to him.
    HeroBreakAway {
        /// The hero.
        hero: HeroId,
        /// The monsters he leaves.
        monsters: Vec<MonsterId>,
        /// The die.
        face: u32,
        /// The face needed.
        need: u32,
    },
    /// A break-away roll.
    BreakAway {
        /// The monster.
        monster: MonsterId,
        /// The heroes it leaves.
        heroes: Vec<HeroId>,
        /// The die.
        face: u32,
        /// What it needed (a break-away on this or more).
        need: u32,
    },
    /// Manual combat: a rear strike for the players.
    RearStrikePrompt {
        /// The hero.
        hero: HeroId,
        /// The monster.
        monster: MonsterId,
    },
    /// A token revealed on its walk ends its activation.
    MonsterRevealEnds {
        /// The monster.
        monster: MonsterId,
    },
    /// An optional ability's own roll.
    AbilityRoll {
        /// The monster.
        monster: MonsterId,
        /// The ability.
        ability: Ability,
        /// The die.
        face: u32,
    },
    /// Goes to heal another.
    GoesToHeal {
        /// The healer.
        monster: MonsterId,
        /// The wounded.
        other: MonsterId,
        /// Healing or Magic Healing.
        ability: Ability,
    },
    /// A healing roll.
    Heals {
        /// The healer.
        monster: MonsterId,
        /// The healed.
        other: MonsterId,
        /// Healing or Magic Healing.
        ability: Ability,
        /// The die.
        face: u32,
        /// Wounds healed.
        healed: u32,
        /// Wounds left after.
        left: u32,
    },
    /// Necromancy.
    Raises {
        /// The necromancer.
        monster: MonsterId,
        /// The risen.
        fallen: MonsterId,
        /// Its points.
        points: u32,
        /// Where.
        at: Point,
    },
    /// Manual combat: Magic Blast for the players.
    BlastPrompt {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// Flame/Lightning loosed.
    Flame {
        /// The monster.
        monster: MonsterId,
        /// Towards.
        side: Side,
        /// The figures caught.
        caught: Vec<Figure>,
    },
    /// Manual combat: resolve an area attack on each.
    ResolveEach {
        /// The monster.
        monster: MonsterId,
        /// Shockwave (else Flame/Lightning).
        shockwave: bool,
    },
    /// Shockwave sent.
    Shockwave {
        /// The monster.
        monster: MonsterId,
        /// The heroes struck.
        heroes: Vec<HeroId>,
    },
    /// `breakaway free|roll`: how monsters leave the heroes from now on.
    BreakawaySet {
        /// Monsters break away freely (else they roll).
        free: bool,
    },
    /// `autoattacks on|off`: whether the heroes strike back by themselves.
    AutoAttacksSet {
        /// The heroes make their automatic attacks (in manual combat the
        /// setting waits unused; the transcript says so).
        on: bool,
    },
    /// A monster breaks away freely: the players let it go.
    LetGo {
        /// The monster.
        monster: MonsterId,
        /// The heroes it leaves.
        heroes: Vec<HeroId>,
        /// Speed points it paid.
        cost: u32,
    },
    /// A hero holds back an automatic attack (the players' choice).
    HoldsBack {
        /// The hero.
        hero: HeroId,
        /// The monster spared.
        monster: MonsterId,
    },
    /// A door blown apart by a Magic Blast or a Shockwave.
    DoorDestroyed {
        /// The monster.
        monster: MonsterId,
        /// A square beside the door.
        at: Point,
        /// Did an active trap go with it?
        trap_lost: bool,
    },
    /// Magic Freeze, Levitation or Confusion tried on a hero.
    SpellAttempt {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
        /// The spell.
        ability: Ability,
        /// The attack dice.
        faces: Rolls,
        /// The face a die needs.
        hit_on: u32,
        /// Did it take hold?
        holds: bool,
    },
    /// Magic Freeze.
    Frozen {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
    },
    /// Magic Levitation or Confusion cast: the direction rolled.
    DriftCast {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
        /// The spell.
        ability: Ability,
        /// The direction faces (re-rolls included).
        faces: Rolls,
        /// The direction.
        side: Side,
    },
    /// The dice that chose the tiles of a drift.
    DriftTiles {
        /// The direction.
        side: Side,
        /// The faces.
        faces: Rolls,
    },
    /// The drifting hero cannot move.
    DriftNowhere {
        /// The hero.
        hero: HeroId,
        /// The direction.
        side: Side,
    },
    /// The hero drifted.
    Drifted {
        /// The hero.
        hero: HeroId,
        /// Where.
        to: Point,
        /// The way.
        path: Vec<Point>,
    },
    /// Drifted out through the entrance (from the entrance square itself
    /// when the drift had no square to go to).
    PushedOut {
        /// The hero.
        hero: HeroId,
        /// Chests carried out with him.
        carrying: Vec<ChestId>,
    },
    /// Stealth or Limited Invisibility, in use or not.
    Hidden {
        /// The monster.
        monster: MonsterId,
        /// Which.
        ability: Ability,
        /// Not used: it could have revealed a token.
        could_reveal: bool,
    },
    /// Stealth: committed to the Quest Chest.
    CommitsToChest {
        /// The monster.
        monster: MonsterId,
    },
    /// Stealth: gives up on the Quest Chest.
    GivesUpChest {
        /// The monster.
        monster: MonsterId,
    },
    /// Stealth: goes for the carrier.
    GoesForCarrier {
        /// The monster.
        monster: MonsterId,
        /// The carrier.
        hero: HeroId,
    },
    /// Stealth: heads for the Quest Chest.
    HeadsForChest {
        /// The monster.
        monster: MonsterId,
    },
    /// Stealth: held, it fights back.
    FightsBack {
        /// The monster.
        monster: MonsterId,
        /// The hero holding it.
        hero: HeroId,
    },
    /// Stealth: the chest is out of reach this activation.
    ChestNotReached {
        /// The monster.
        monster: MonsterId,
    },
    /// Stealth: no way to the chest.
    NoWayToChest {
        /// The monster.
        monster: MonsterId,
    },
    /// Stealth, manual combat: the attack on the chest for the players.
    ChestAttackPrompt {
        /// The monster.
        monster: MonsterId,
        /// The chest's defence.
        defence: u32,
    },
    /// Stealth: the chest holds.
    ChestWithstands,
    /// Stealth, manual combat: report a wound to the carrier as a smash.
    CarrierPrompt {
        /// The monster.
        monster: MonsterId,
        /// The carrier.
        hero: HeroId,
    },
    /// Kidnapping: already led this turn.
    LedThisTurn {
        /// The monster.
        monster: MonsterId,
    },
    /// Kidnapping: held by a hero; the heroes lead it.
    HeldBy {
        /// The monster.
        monster: MonsterId,
        /// The hero.
        hero: HeroId,
        /// Its square.
        at: Point,
    },
    /// Kidnapping: no guard; it tries to escape.
    TriesToEscape {
        /// The monster.
        monster: MonsterId,
    },
    /// Kidnapping: runs for the exit.
    RunsForExit {
        /// The monster.
        monster: MonsterId,
    },
    /// Kidnapping: no way out.
    NoWayOut {
        /// The monster.
        monster: MonsterId,
    },
}
