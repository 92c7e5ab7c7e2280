//! Everything that changes during a game, as plain data: heroes, tokens,
//! monsters, chests, the pools and the board, named by typed ids, with the
//! questions every rule asks of them (who stands where, how a figure walks,
//! which squares lead out). Nothing here rolls a die or reports anything.

use crate::core::geom::all_around;
use crate::core::recent::{Recent, Same};
use crate::core::reuse::clone_by_fields;
use crate::mkd::figures::{Ability, Stats};
use crate::mkd::floors::Dungeon;
use crate::mkd::mission::{Goal, Mission};
use crate::mkd::monsters::MonsterEntry;
use crate::mkd::play::board::{Board, DoorTrap, PlayMarker};
use crate::mkd::play::party::Party;
pub use crate::mkd::play::standing::{Occupancy, Standing};
use crate::mkd::scenario::{Scenario, TerrainSide, WmtColor, WmtToken};
use crate::mkd::tables::{Item, PlayRules, Tables};
use crate::scenario::Point;
use crate::tileset::Side;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::{Index, IndexMut};
use std::sync::Arc;

// ---------------------------------------------------------------- ids

/// A hero: an index into the game's heroes, which only grow (a freed
/// prisoner joins at the end), so an id names the same hero all game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HeroId(pub usize);

/// A monster: an index into the game's monsters, which only grow (those of
/// a floor left behind stay, out of play), so an id names the same monster
/// all game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MonsterId(pub usize);

/// A chest: an index into the game's chests, which only grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChestId(pub usize);

macro_rules! index_by {
    ($id:ty, $item:ty) => {
        impl Index<$id> for Vec<$item> {
            type Output = $item;
            fn index(&self, id: $id) -> &$item {
                &self[id.0]
            }
        }
        impl IndexMut<$id> for Vec<$item> {
            fn index_mut(&mut self, id: $id) -> &mut $item {
                &mut self[id.0]
            }
        }
    };
}

index_by!(HeroId, HeroState);
index_by!(MonsterId, MonsterState);
index_by!(ChestId, ChestState);

/// A wandering monster token's name, which is its id: `blue-4`, then
/// `blue-4-b` … `blue-4-z`, `blue-4-26` … for more tokens of one kind, and
/// `guardian-blue-5` for a Guardian. A value, so it names its token even
/// after the token is revealed and gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TokenId {
    /// The Guardian WMT?
    pub guardian: bool,
    /// Colour.
    pub color: WmtColor,
    /// Number, 1 to 6.
    pub number: u32,
    /// Which token of this colour and number (0 for the first).
    pub copy: u32,
}

impl fmt::Display for TokenId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.guardian {
            f.write_str("guardian-")?;
        }
        write!(f, "{}-{}", self.color.name(), self.number)?;
        match self.copy {
            0 => Ok(()),
            n @ 1..=25 => write!(f, "-{}", char::from(b'a' + n as u8)),
            n => write!(f, "-{n}"),
        }
    }
}

// ---------------------------------------------------------------- figures

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
#[derive(Debug, PartialEq)]
pub struct HeroState {
    /// Name from the party file (commands use it, ignoring case).
    pub name: Arc<str>,
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
    /// Chests carried.
    pub chests: Vec<ChestId>,
    /// Turns of confusion or freeze left (skips activations).
    pub held: u32,
    /// Levels bought from the shared experience pool in this adventure.
    pub levels: u32,
    /// The level the hero entered the dungeon at (the party file's `level`).
    pub start_level: u32,
    /// Potions the hero drank from chests he opened, working until the
    /// next heroes' turn begins. (Weapons, armour and cloaks stay in their
    /// chests: see the `items` module.)
    pub items: Vec<Item>,
    /// What the items add to `stats` and `abilities` right now.
    pub boost: Boost,
    /// Con of the hero's World of Dungeons S sheet (0 without one), for
    /// the `wod-s` injury rules.
    pub con: i32,
    /// Came through a Con check at its last wound: the next wound kills.
    pub reeling: bool,
    /// Knocked out (not dead) at its last wound: a survivor if the heroes win.
    pub out_cold: bool,
    /// Put where walking did not bring it: by a teleport, by a vortex
    /// turning a tile of its floor, or (the prisoner) by the setup. A walk
    /// (a drift too) goes only where it can come back from, so only such a
    /// hero can be cut off from the ways out
    /// (the `missions` module); the next floor clears it, and so
    /// does a walk found from its square to a way off.
    pub displaced: bool,
}

clone_by_fields!(HeroState {
    name,
    team,
    value,
    stats,
    abilities,
    place,
    facing,
    wounds,
    spent,
    done,
    chests,
    held,
    levels,
    start_level,
    items,
    boost,
    con,
    reeling,
    out_cold,
    displaced
});

/// What a hero's items add right now: applied to the hero's stats and
/// abilities, and taken off exactly when they stop working.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Boost {
    /// Speed added (may be negative).
    pub speed: i32,
    /// Melee dice added.
    pub attacks: i32,
    /// Armour added.
    pub armour: i32,
    /// Abilities lent (ones the hero did not have).
    pub abilities: Vec<Ability>,
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

    /// The hero's level now: the level it entered at and those bought since.
    pub fn level(&self) -> u32 {
        self.start_level + self.levels
    }

    /// The wounds a heal leaves: one while the hero is at level 0 (its dial
    /// heals to the level-0 spot), else none.
    pub fn heal_floor(&self) -> u32 {
        u32::from(self.level() == 0)
    }

    /// Has the hero this special ability?
    pub fn has(&self, ability: Ability) -> bool {
        self.abilities.contains(&ability)
    }
}

/// A wandering monster token on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct WmtState {
    /// Its name in the transcript.
    pub id: TokenId,
    /// Square.
    pub pos: Point,
}

impl WmtState {
    /// The Guardian WMT (does not wander, except in a kidnapping)?
    pub fn guardian(&self) -> bool {
        self.id.guardian
    }
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
#[derive(Debug, PartialEq)]
pub struct MonsterState {
    /// Transcript name: the figure's name in lower case with dashes and a number (`orc-raider-2`).
    pub id: Arc<str>,
    /// Name of the figure in the Monster Pool.
    pub name: Arc<str>,
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
    pub carrying: Option<ChestId>,
    /// Is it demoralized?
    pub demoralized: bool,
    /// Has a Mounted monster lost its mount (and with it the speed)?
    pub dismounted: bool,
    /// Turns of magic freeze or confusion left.
    pub held: u32,
    /// Its latest hunt found no way to any hero and it waited
    /// ([`Event::NoWayToHeroes`](crate::mkd::play::event::Event::NoWayToHeroes));
    /// its next hunt decides again.
    pub waiting: bool,
}

clone_by_fields!(MonsterState {
    id,
    name,
    points,
    abilities,
    stats,
    pos,
    facing,
    wounds,
    surprised,
    mode,
    carrying,
    demoralized,
    dismounted,
    held,
    waiting
});

impl MonsterState {
    /// Does the monster still ride its mount?
    pub fn mounted(&self) -> bool {
        self.has(Ability::Mounted) && !self.dismounted
    }

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
    Hero(HeroId),
    /// Carried by a monster.
    Monster(MonsterId),
    /// Carried out of the dungeon by a hero.
    Out,
    /// Taken out of the dungeon by a monster, or destroyed.
    Lost,
}

/// Where a chest in play comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChestOrigin {
    /// The scenario's or the Chest Pool's: `chest-N` or the Quest Chest.
    Dungeon,
    /// Brought from town: a party file's item, carried in open by its hero
    /// (`town-1`, …; no gold). Not part of any floor.
    Town,
    /// An artifact set up in a chamber during play (`artifact-1`, …): an
    /// open chest holding the item rolled on the artifact table, no gold.
    /// Its powers leave it in town.
    Artifact,
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
    /// The d6 face of its trap, rolled once (on the first check or opening)
    /// and kept: a chest closed again is set with the same trap.
    pub trap: Option<u32>,
    /// Contents, rolled when first opened: gold and an item. The item
    /// stays in the chest: a weapon, armour or cloak works for whoever
    /// carries the open chest; a potion was drunk by the opener.
    pub contents: Option<(u32, Option<Item>)>,
    /// Where it comes from: the dungeon's pools, town, or an artifact.
    pub origin: ChestOrigin,
    /// Holds a potion not yet drunk (only a chest from town can: a potion
    /// found in the dungeon is drunk by the hero who opens its chest).
    pub full: bool,
}

impl ChestState {
    /// A shut chest of the dungeon's own (not the Quest Chest) of `level`
    /// on `place`, its trap not rolled yet.
    pub fn shut(id: String, level: u32, place: ChestPlace) -> ChestState {
        ChestState {
            id,
            level,
            quest: false,
            place,
            open: false,
            trap_spent: false,
            trap: None,
            contents: None,
            origin: ChestOrigin::Dungeon,
            full: false,
        }
    }

    /// An open chest with no gold holding `item`: one brought from town or
    /// an artifact (`origin`), on `place`. It has no level of its own: a
    /// thief who shuts it sets the trap of a level-1 chest (the project's
    /// reading). A potion in it waits to be drunk.
    pub fn open_with(id: String, item: Item, origin: ChestOrigin, place: ChestPlace) -> ChestState {
        ChestState {
            open: true,
            trap_spent: true,
            full: item.potion,
            contents: Some((0, Some(item))),
            origin,
            ..ChestState::shut(id, 1, place)
        }
    }
}

/// A marker laid during play (teleporter, vortex, staircase).
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedMarker {
    /// What it is.
    pub kind: PlayMarker,
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

impl Outcome {
    /// `the heroes won` or `the heroes lost`.
    pub fn words(self) -> &'static str {
        match self {
            Outcome::Won => "the heroes won",
            Outcome::Lost => "the heroes lost",
        }
    }
}

/// Who acts now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The heroes of the `n`-th team in this turn's order.
    Heroes(usize),
    /// Manual combat: the monsters' phase waits while the players report
    /// the fights it asked them to resolve (then `done`).
    Reports,
    /// The game is over.
    Over(Outcome),
}

/// The banner that opens a team's turn or closes the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Banner {
    /// A team's heroes act.
    Heroes {
        /// Turn number.
        turn: u32,
        /// The last turn of a timed mission.
        limit: Option<u32>,
        /// `(floor, of)` in a multi-floor dungeon.
        floor: Option<(u32, u32)>,
        /// The team (an index into the party's teams).
        team: usize,
    },
    /// The monsters' phase waits for combat reports.
    Reports,
    /// The game is over.
    Over(Outcome),
}

// ---------------------------------------------------------------- options

/// How combat is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatMode {
    /// The players fight with their figures and report the results.
    Manual,
    /// The engine rolls Dungeon World dice combat.
    Dice,
}

impl CombatMode {
    /// `manual` or `dice`.
    pub fn name(self) -> &'static str {
        match self {
            CombatMode::Manual => "manual",
            CombatMode::Dice => "dice",
        }
    }
}

/// Settings fixed for a whole game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOptions {
    /// Seed of the play dice (by default the scenario's seed).
    pub seed: u64,
    /// Combat resolution.
    pub combat: CombatMode,
}

/// What happens to a hero at its last wound.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Injuries {
    /// The MKD rule: the hero is slain.
    #[default]
    Slain,
    /// World of Dungeons S (`--injuries wod-s`): a Con check (2d6 + the
    /// hero's Con) decides: 10+ reeling on one wound (the next wound kills),
    /// 7–9 out cold, 6- out cold with a critical injury, which may kill.
    WodS,
}

impl Injuries {
    /// The name on the command line and in saves.
    pub fn name(self) -> &'static str {
        match self {
            Injuries::Slain => "mkd",
            Injuries::WodS => "wod-s",
        }
    }

    /// The rule a name gives (`mkd`, `wod-s`).
    pub fn parse(name: &str) -> Option<Injuries> {
        [Injuries::Slain, Injuries::WodS]
            .into_iter()
            .find(|i| i.name() == name)
    }
}

/// Counters a playthrough reports.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameStats {
    /// WMTs revealed.
    pub wmts_revealed: u32,
    /// Monsters that came out of WMTs or traps, or rose again by Necromancy.
    pub monsters_revealed: u32,
    /// Monsters slain.
    pub monsters_slain: u32,
    /// Chests opened by heroes.
    pub chests_opened: u32,
}

// ---------------------------------------------------------------- missions

/// What the mission (rescue, stealth, kidnapping) adds to a running game
/// (the rules are in the play engine's `missions` module).
#[derive(Debug, Clone, PartialEq)]
pub struct MissionState {
    /// The goal (`quest` for a plain game).
    pub goal: Goal,
    /// Rescue: the captive hero, until freed.
    pub prisoner: Option<HeroState>,
    /// Rescue: the trap on the prisoner's shackles.
    pub prisoner_trap: DoorTrap,
    /// Rescue: the prisoner among the heroes once freed.
    pub freed: Option<HeroId>,
    /// Rescue: monsters revealed from the Guardian (they go for the prisoner).
    pub guardian_monsters: Vec<MonsterId>,
    /// Stealth: a monster destroyed the Quest Chest's contents.
    pub chest_destroyed: bool,
    /// Kidnapping: the monster to bring out.
    pub kidnappee: Option<MonsterId>,
    /// Kidnapping: it is captured.
    pub captured: bool,
    /// Kidnapping: the turn it was last led by the heroes.
    pub led_turn: Option<u32>,
    /// Kidnapping: the heroes took it out.
    pub captive_out: bool,
}

impl MissionState {
    /// The mission of a scenario, with the prisoner (rescue) on its square.
    pub fn new(scenario: &Scenario, party: &Party, entrance_side: Side) -> MissionState {
        // The goal lies on the last floor: a floor with stairs down plays as
        // a plain floor (no prisoner, chest or kidnappee on it).
        let goal = if scenario.game.staircase.is_some() {
            Goal::Quest
        } else {
            Mission::parse(&scenario.game.mission)
                .unwrap_or_default()
                .goal
        };
        let prisoner = match (goal, scenario.game.prisoner) {
            (Goal::Rescue, Some(spot)) => {
                let h = party.prisoner_or_fallback();
                let value = h.start_value();
                Some(HeroState {
                    name: h.name.into(),
                    team: 0,
                    value,
                    stats: h.stats,
                    abilities: h.abilities,
                    place: HeroPlace::At(Point {
                        x: spot.x,
                        y: spot.y,
                    }),
                    facing: entrance_side,
                    // One wound from death.
                    wounds: h.stats.wounds.saturating_sub(1),
                    spent: 0,
                    done: true,
                    chests: Vec::new(),
                    held: 0,
                    levels: 0,
                    start_level: h.level,
                    items: Vec::new(),
                    boost: Boost::default(),
                    con: h.con,
                    reeling: false,
                    out_cold: false,
                    // Set down in its cell, not walked in.
                    displaced: true,
                })
            }
            _ => None,
        };
        MissionState {
            goal,
            prisoner,
            prisoner_trap: DoorTrap::Unchecked,
            freed: None,
            guardian_monsters: Vec::new(),
            chest_destroyed: false,
            kidnappee: None,
            captured: false,
            led_turn: None,
            captive_out: false,
        }
    }
}

// ---------------------------------------------------------------- floors

/// What timed, split-up and multi-floor play add to a game (see
/// [`crate::mkd::play::floors`] for the rules).
#[derive(Debug, Clone, Default)]
pub struct FloorPlay {
    /// All the floors of a multi-floor dungeon (`None`: a single scenario).
    pub plan: Option<Arc<Dungeon>>,
    /// The floor being played, from 0 (the top floor).
    pub floor: usize,
    /// Timed missions: the last turn the heroes have.
    pub turn_limit: Option<u32>,
    /// Split-up missions: the second entrance's square.
    pub second_entrance: Option<Point>,
    /// The staircase down on this floor.
    pub stairs: Option<Point>,
    /// By hero index: does the hero come in at the second entrance?
    pub second_party: Vec<bool>,
    /// Monsters away for help, by the square they left from (second
    /// entrance or stairs; they come back there).
    pub left_by: BTreeMap<MonsterId, Point>,
}

/// Which heroes (by index, team after team) start at the second entrance.
pub fn second_party(party: &Party) -> Vec<bool> {
    let teams = party.teams.len();
    let mut v = Vec::new();
    if teams >= 2 {
        let first = teams.div_ceil(2);
        for (t, team) in party.teams.iter().enumerate() {
            v.extend(team.heroes.iter().map(|_| t >= first));
        }
    } else {
        let n: usize = party.teams.iter().map(|t| t.heroes.len()).sum();
        let first = n.div_ceil(2);
        v.extend((0..n).map(|i| i >= first));
    }
    v
}

impl FloorPlay {
    /// The extras of a single scenario (one floor, or the top floor of a
    /// dungeon before the dungeon's own timer is set).
    pub fn for_scenario(s: &Scenario, party: &Party) -> FloorPlay {
        let second_entrance = s.game.second_entrance.map(|sp| Point { x: sp.x, y: sp.y });
        FloorPlay {
            plan: None,
            floor: 0,
            turn_limit: s.game.turn_limit,
            second_entrance,
            stairs: s.game.staircase.map(|sp| Point { x: sp.x, y: sp.y }),
            second_party: if second_entrance.is_some() {
                second_party(party)
            } else {
                Vec::new()
            },
            left_by: BTreeMap::new(),
        }
    }
}

/// The squares (board indexes, ascending) that reveal one of the tokens
/// standing on `tokens`: those round each token, and those of its tile
/// (a token's own square is one when it lies on a tile, or beside another).
fn trigger_squares(b: &Board, tokens: &[Point]) -> Vec<usize> {
    let mut v = Vec::new();
    // Each tile's squares once, however many tokens stand on it; a square
    // beside a token on the token's own tile is among them.
    let mut tiles: Vec<usize> = Vec::with_capacity(tokens.len());
    for &w in tokens {
        let tile = b.tile_at(w);
        v.extend(
            all_around(w)
                .into_iter()
                .filter(|&q| tile.is_none() || b.tile_at(q) != tile)
                .filter_map(|q| b.idx(q)),
        );
        if let Some(t) = tile
            && !tiles.contains(&t)
        {
            tiles.push(t);
            let r = &b.tiles[t];
            for y in r.y..r.y + r.height {
                for x in r.x..r.x + r.width {
                    let q = Point { x, y };
                    if b.tile_at(q) == Some(t) {
                        v.extend(b.idx(q));
                    }
                }
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

// ---------------------------------------------------------------- the state

/// A running game's state: the scenario, party and tables it was made
/// from, and everything the commands have changed. Everything in it follows
/// from those and the commands applied so far (with the dice), so a save
/// file only needs the commands.
#[derive(Debug)]
pub struct State {
    /// The floor being played.
    pub scenario: Arc<Scenario>,
    /// The roll tables.
    pub tables: Arc<Tables>,
    /// The heroes' party.
    pub party: Arc<Party>,
    /// Seed and combat mode.
    pub opts: GameOptions,
    /// Squares, tiles and doors, shared with the copies of the state
    /// (the engine keeps one to undo a refused command) until a rule
    /// changes it ([`State::board_mut`]).
    pub board: Arc<Board>,
    /// Turn number, from 1.
    pub turn: u32,
    /// Who acts now.
    pub phase: Phase,
    /// The monsters still to act in a monsters' phase that waits for
    /// combat reports ([`Phase::Reports`]).
    pub pending: Vec<MonsterId>,
    /// Team indexes in this turn's order.
    pub team_order: Vec<usize>,
    /// The players let monsters break away from the heroes freely.
    pub free_breakaway: bool,
    /// The heroes make their automatic attacks in dice combat.
    pub auto_attacks: bool,
    /// What a hero's last wound does (set after [`State::new`]; saves keep it).
    pub injuries: Injuries,
    /// The hero whose activation is under way.
    pub active_hero: Option<HeroId>,
    /// The heroes, team by team (a freed prisoner last).
    pub heroes: Vec<HeroState>,
    /// Tokens on the board.
    pub wmts: Vec<WmtState>,
    /// Every monster revealed so far, on every floor.
    pub monsters: Vec<MonsterState>,
    /// The first monster of the floor being played (those before it were
    /// left behind on floors above).
    pub floor_from: usize,
    /// Every chest so far.
    pub chests: Vec<ChestState>,
    /// Has any chest come from town or been an artifact? Until one has,
    /// the automatic heroes' look for gear lying about is skipped.
    pub gear_chests: bool,
    /// Markers laid.
    pub markers: Vec<PlacedMarker>,
    /// Chest levels left in the Chest Pool.
    pub chest_pool: Vec<u32>,
    /// Tokens left in the WMT Pool.
    pub wmt_pool: Vec<WmtToken>,
    /// Monster Pool: entries with counts left.
    pub monster_pool: Arc<Vec<MonsterEntry>>,
    /// Doors left in the Accessories Pool.
    pub doors_left: u32,
    /// Terrain markers left (their sides).
    pub terrain_left: Vec<TerrainSide>,
    /// Furnishings left.
    pub furnishings_left: Vec<String>,
    /// Tiles a hero has entered (discovery rolls made).
    pub visited: BTreeSet<usize>,
    /// Shared experience earned.
    pub xp: u32,
    /// Shared experience spent.
    pub xp_spent: u32,
    /// Monsters removed from the dungeon (for Necromancy).
    pub fallen: Vec<MonsterId>,
    /// Statistics for `simulate`.
    pub stats: GameStats,
    /// What the mission (rescue, stealth, kidnapping) adds.
    pub mission: MissionState,
    /// Timer, second entrance, stairs and floors.
    pub floors: FloorPlay,
    /// Who stands on each square, kept as figures move: change a hero's
    /// place, a monster's or a token's square, the tokens or the floor's
    /// monsters only through the `set_` methods or with
    /// [`State::resync_standing`] after (debug builds check it on every
    /// look-up).
    pub standing: Standing,
}

clone_by_fields!(State {
    scenario,
    tables,
    party,
    opts,
    board,
    turn,
    phase,
    pending,
    team_order,
    free_breakaway,
    auto_attacks,
    injuries,
    active_hero,
    heroes,
    wmts,
    monsters,
    floor_from,
    chests,
    gear_chests,
    markers,
    chest_pool,
    wmt_pool,
    monster_pool,
    doors_left,
    terrain_left,
    furnishings_left,
    visited,
    xp,
    xp_spent,
    fallen,
    stats,
    mission,
    floors,
    standing
});

impl State {
    /// The board, to change: copied first if a copy of the state shares it
    /// (doors opened, laid or burst, terrain laid, a tile turned).
    pub fn board_mut(&mut self) -> &mut Board {
        Arc::make_mut(&mut self.board)
    }

    /// A game set up: every token, chest and pool as the scenario left them,
    /// heroes waiting outside the entrance.
    pub fn new(
        scenario: Arc<Scenario>,
        party: Arc<Party>,
        tables: Arc<Tables>,
        opts: GameOptions,
    ) -> State {
        let board = starting_board(&scenario);
        let mut heroes = Vec::new();
        for (t, team) in party.teams.iter().enumerate() {
            for h in &team.heroes {
                heroes.push(HeroState {
                    name: h.name.clone().into(),
                    team: t,
                    value: h.start_value(),
                    stats: h.stats,
                    abilities: h.abilities.clone(),
                    place: HeroPlace::Outside,
                    facing: board.entrance_side.opposite(),
                    // A level-0 hero starts one click (one wound) down.
                    wounds: u32::from(h.level == 0),
                    spent: 0,
                    done: false,
                    chests: Vec::new(),
                    held: 0,
                    levels: 0,
                    start_level: h.level,
                    items: Vec::new(),
                    boost: Boost::default(),
                    con: h.con,
                    reeling: false,
                    out_cold: false,
                    displaced: false,
                });
            }
        }
        let mut wmts: Vec<WmtState> = Vec::new();
        for w in &scenario.game.wmts {
            let copy = if w.guardian {
                0
            } else {
                wmts.iter()
                    .filter(|x| !x.id.guardian && x.id.color == w.color && x.id.number == w.number)
                    .count() as u32
            };
            wmts.push(WmtState {
                id: TokenId {
                    guardian: w.guardian,
                    color: w.color,
                    number: w.number,
                    copy,
                },
                pos: Point { x: w.x, y: w.y },
            });
        }
        let chests = scenario
            .game
            .chests
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let id = if c.quest {
                    "quest-chest".into()
                } else {
                    format!("chest-{}", i + 1)
                };
                let at = ChestPlace::At(Point { x: c.x, y: c.y });
                ChestState {
                    quest: c.quest,
                    ..ChestState::shut(id, c.level, at)
                }
            })
            .collect();
        let pools = &scenario.game.pools;
        let mission = MissionState::new(&scenario, &party, board.entrance_side);
        let floors = FloorPlay::for_scenario(&scenario, &party);
        let mut state = State {
            mission,
            floors,
            team_order: (0..party.teams.len()).collect(),
            free_breakaway: false,
            auto_attacks: true,
            injuries: Injuries::Slain,
            phase: Phase::Heroes(0),
            pending: Vec::new(),
            turn: 1,
            active_hero: None,
            heroes,
            wmts,
            monsters: Vec::new(),
            floor_from: 0,
            chests,
            gear_chests: false,
            markers: Vec::new(),
            chest_pool: pools.chests.clone(),
            wmt_pool: pools.wmts.clone(),
            monster_pool: Arc::new(pools.monsters.to_vec()),
            doors_left: pools.accessories.doors,
            terrain_left: pools.accessories.terrain_markers.clone(),
            furnishings_left: pools.accessories.furnishings.clone(),
            visited: BTreeSet::new(),
            xp: 0,
            xp_spent: 0,
            fallen: Vec::new(),
            stats: GameStats::default(),
            board,
            scenario,
            tables,
            party,
            opts,
            standing: Standing::default(),
        };
        state.bring_town_chests();
        state.resync_standing();
        state.lay_floor_markers();
        state
    }

    /// Gives each hero the chests the party file says it brings from town
    /// (`town-1`, … in party order, after the scenario's chests), open,
    /// their traps spent, with no gold; a potion waits to be drunk. The
    /// gear in them is put on by [`crate::mkd::play::Game::new`] (the items
    /// module sits above the state).
    fn bring_town_chests(&mut self) {
        let party = self.party.clone();
        let mut k = 0;
        for (i, hero) in party.heroes().enumerate() {
            for item in &hero.chests {
                k += 1;
                let c = ChestId(self.chests.len());
                self.gear_chests = true;
                self.chests.push(ChestState::open_with(
                    format!("town-{k}"),
                    item.clone(),
                    ChestOrigin::Town,
                    ChestPlace::Hero(HeroId(i)),
                ));
                self.heroes[HeroId(i)].chests.push(c);
            }
        }
    }

    /// The name of the next chest found in the dungeon: `chest-N`, counting
    /// every chest of the dungeon so far (not those brought from town, nor
    /// the artifacts).
    pub fn next_chest_name(&self) -> String {
        self.next_name("chest", ChestOrigin::Dungeon)
    }

    /// The name of the next artifact set up: `artifact-N`.
    pub fn next_artifact_name(&self) -> String {
        self.next_name("artifact", ChestOrigin::Artifact)
    }

    fn next_name(&self, word: &str, origin: ChestOrigin) -> String {
        let n = self.chests.iter().filter(|c| c.origin == origin).count();
        format!("{word}-{}", n + 1)
    }

    /// Lays the staircase markers of the floor (stairs down, second
    /// entrance), so nothing found later is put on them and the map shows
    /// them.
    pub fn lay_floor_markers(&mut self) {
        let s = self.scenario.clone();
        for sp in [s.game.second_entrance, s.game.staircase]
            .into_iter()
            .flatten()
        {
            self.markers.push(PlacedMarker {
                kind: PlayMarker::Staircase,
                pos: Point { x: sp.x, y: sp.y },
                tile: sp.tile,
            });
        }
    }

    // ------------------------------------------------------------ the game

    /// The costs and numbers of the rules.
    pub fn rules(&self) -> &PlayRules {
        &self.tables.rules
    }

    /// Experience a heal of hero `h` costs: 50, or 100 from level 6 on.
    pub fn heal_cost(&self, h: HeroId) -> u32 {
        let r = self.rules();
        if self.heroes[h].level() >= r.high_level {
            r.xp_heal_every_high
        } else {
            r.xp_heal_every
        }
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(o) => Some(o),
            Phase::Heroes(_) | Phase::Reports => None,
        }
    }

    /// The mission's goal.
    pub fn goal(&self) -> Goal {
        self.mission.goal
    }

    /// `(floor, of)` in a multi-floor dungeon, from 1.
    pub fn floor_number(&self) -> Option<(u32, u32)> {
        let plan = self.floors.plan.as_ref()?;
        Some((self.floors.floor as u32 + 1, plan.len() as u32))
    }

    /// The last turn of a timed mission.
    pub fn turn_limit(&self) -> Option<u32> {
        self.floors.turn_limit
    }

    /// The banner for who acts now.
    pub fn banner(&self) -> Banner {
        match self.phase {
            Phase::Heroes(t) => Banner::Heroes {
                turn: self.turn,
                limit: self.floors.turn_limit,
                floor: self.floor_number(),
                team: self.team_order[t],
            },
            Phase::Reports => Banner::Reports,
            Phase::Over(o) => Banner::Over(o),
        }
    }
}

/// The board of `scenario` as a game of it starts: one per scenario on
/// this thread, shared by every game of it. Play changes a board only
/// through [`State::board_mut`], which copies a shared one first, so the
/// board stays as it starts; sharing it lets the recent results kept by
/// board ([`Same`]: the automatic heroes' route fields, the squares that see
/// a hero) serve every game of a simulation from its first turn, and saves
/// building the board for each.
fn starting_board(scenario: &Arc<Scenario>) -> Arc<Board> {
    thread_local! {
        /// The boards of this thread's 4 most recent scenarios.
        static BOARDS: std::cell::RefCell<Recent<Same<Scenario>, Arc<Board>>> =
            const { std::cell::RefCell::new(Recent::new(4)) };
    }
    let make = || (Same(scenario.clone()), Arc::new(Board::new(scenario)));
    BOARDS
        .try_with(|b| {
            b.borrow_mut()
                .find_or_make(|k| Arc::ptr_eq(&k.0, scenario), make)
        })
        .unwrap_or_else(|_| make().1)
}

mod placing;
mod queries;
#[cfg(test)]
mod tests;
