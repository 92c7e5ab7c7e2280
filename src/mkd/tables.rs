//! Roll tables for solo play (`format: tilecrawl-tables/1`): WMT movement,
//! reveals, monster decisions, discoveries, chest traps and contents, the
//! dice-combat profiles of monsters, and the costs the rules fix in numbers.
//!
//! The MKD Adventure text names its roll tables but leaves them empty, so the
//! embedded default (`templates/tables/mkd-adventure.yaml`) is tilecrawl's own
//! reconstruction; its header says which facts come from the rules.

use crate::mkd::figures::{
    Shoot, Stats, ValueError, check_abilities, check_name, check_stats, in_range,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The format tag of roll-table files.
pub const FORMAT: &str = "tilecrawl-tables/1";
/// Largest roll-table file accepted, in bytes.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// Most monster profile bands in one file.
pub const MAX_PROFILES: usize = 100;
/// Longest name (a table set, a trap, an item), in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// Longest row text, in characters.
pub const MAX_TEXT_CHARS: usize = 120;
/// The WMT colours of the reveal table; each has tokens numbered 1 to 6.
pub const REVEAL_COLOURS: [&str; 3] = ["yellow", "blue", "red"];

const DEFAULT_YAML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/tables/mkd-adventure.yaml"
));

// ---------------------------------------------------------------- d6 tables

/// Six outcomes of a d6, indexed by face.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct D6Table<T> {
    rows: [Row<T>; 6],
}

impl<T> D6Table<T> {
    /// A table from its six rows, face 1 first (for tests and rigged tables;
    /// files go through [`parse`]).
    pub fn new(rows: [Row<T>; 6]) -> Self {
        D6Table { rows }
    }

    /// The row for `face`; faces outside 1..=6 are clamped into it.
    pub fn get(&self, face: u32) -> &Row<T> {
        &self.rows[(face.clamp(1, 6) - 1) as usize]
    }

    /// All six rows, face 1 first.
    pub fn rows(&self) -> &[Row<T>; 6] {
        &self.rows
    }
}

/// One outcome of a roll and the words the transcript prints for it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row<T> {
    /// What the roll decides.
    pub result: T,
    /// A short plain fragment for the transcript, e.g. `heads north as far as it can`.
    pub text: String,
}

// ---------------------------------------------------------------- results

/// Where an activated WMT goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WmtMove {
    /// It does not move this turn.
    Stay,
    /// As many tiles north as it can.
    North,
    /// As many tiles east as it can.
    East,
    /// As many tiles south as it can.
    South,
    /// As many tiles west as it can.
    West,
    /// The shortest way to the tile of the nearest hero.
    GutFeeling,
}

/// A compass roll: the facing of a monster revealed outside the WMT turn, and
/// where a levitated or confused hero drifts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// North.
    North,
    /// East.
    East,
    /// South.
    South,
    /// West.
    West,
    /// No direction: roll again.
    Reroll,
}

/// How several monsters revealed from one WMT share its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MultiReveal {
    /// About the same value each.
    Even,
    /// The strongest that fits first, the others fill what is left.
    Leader,
    /// All of one kind.
    SameKind,
}

/// What an active monster sets out to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Attack its first-choice target (the hero it can attack with the least movement).
    FirstChoice,
    /// Attack the hero that is next easiest to reach.
    SecondChoice,
    /// Attack the hero with the fewest wounds left.
    Weakest,
    /// Roll on the unexpected-action table.
    Unexpected,
}

/// A monster's unexpected action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Unexpected {
    /// Try to steal a chest from the nearest hero carrying one.
    Theft,
    /// Go and fetch reinforcements (the nearest WMT, else out of the entrance and back).
    Reinforcements,
    /// Stay where it is this activation.
    HoldGround,
}

/// What a monster brings back after leaving the dungeon for help.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Reinforcement {
    /// It comes back alone.
    Nothing,
    /// A random WMT from the pool is revealed at the entrance (its monsters surprised).
    RevealAtEntrance,
}

/// What a monster does after stealing a chest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TheftOutcome {
    /// Carry it out of the dungeon.
    FleeToEntrance,
    /// Carry it to the nearest WMT (or out and back) for help.
    SeekReinforcements,
    /// Keep it and go on attacking.
    KeepFighting,
}

/// What a chamber other than the Central Chamber holds when a hero first enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChamberDiscovery {
    /// Nothing.
    Nothing,
    /// A chest from the chest pool.
    Chest,
    /// A dungeon accessory (roll on the accessory table).
    Accessory,
    /// A WMT from the pool.
    Wmt,
    /// A chest and an accessory.
    ChestAndAccessory,
}

/// A dungeon accessory found in a chamber.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Accessory {
    /// A door on one of the chamber's entryways.
    Door,
    /// A terrain marker.
    TerrainMarker,
    /// A furnishing (artifact or dressing).
    Furnishing,
    /// A teleporter marker.
    Teleporter,
    /// A vortex marker.
    Vortex,
}

/// What a hallway holds when a hero first enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HallwayDiscovery {
    /// Nothing.
    Nothing,
    /// A door.
    Door,
    /// A terrain marker.
    TerrainMarker,
    /// A chest from the chest pool.
    Chest,
    /// A WMT from the pool.
    Wmt,
}

/// One cell of the WMT reveal table: how many monsters, and their total value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// Number of monsters (0: the token was empty).
    pub count: u32,
    /// Total point value to reveal, shared by the `count` monsters.
    pub points: u32,
}

/// A trap on a chest or a door.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trap {
    /// Its name in the transcript.
    pub name: String,
    /// What happens when it springs.
    pub effect: TrapEffect,
    /// A d6 showing at least this disarms it.
    pub disarm: u32,
    /// Experience for the shared pool when it is disarmed.
    pub xp: u32,
}

/// What a sprung trap does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrapEffect {
    /// Nothing: there is no trap.
    None,
    /// Wounds to the hero who sprang it, or with `area` to every figure
    /// adjacent to the chest or door as well.
    Wounds {
        /// Wounds dealt to each figure hit.
        wounds: u32,
        /// Whether the figures adjacent to the trap are hit too.
        area: bool,
    },
    /// A random WMT from the pool is revealed on the far side (of the door, or
    /// of the chest from the hero).
    Alarm,
    /// The hero is teleported to a random tile, as by a lone teleporter.
    Teleport,
}

/// A magic item found in a chest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// Its name.
    pub name: String,
    /// Bonus (or, if negative, penalty) to speed.
    pub speed: i32,
    /// Bonus to attack.
    pub attack: i32,
    /// Bonus to defence.
    pub defence: i32,
    /// Special abilities it grants (names from [`crate::mkd::figures::KNOWN_ABILITIES`]).
    pub abilities: Vec<String>,
    /// A potion lasts until the start of the holder's next turn, then is spent.
    pub potion: bool,
}

/// What an opened chest holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChestContents {
    /// Gold pieces.
    pub gold: u32,
    /// A magic item, if any.
    pub item: Option<Item>,
}

/// Dice-combat stats for monsters up to a point value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonsterProfile {
    /// The band covers monsters worth up to and including this many points;
    /// `None` for the last band.
    pub max_points: Option<u32>,
    /// The stats of every monster in the band.
    pub stats: Stats,
}

/// The costs and numbers of the rules, in speed points unless said otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayRules {
    /// Speed of a WMT (project's choice).
    pub wmt_speed: u32,
    /// Opening a door.
    pub door_open: u32,
    /// Closing a door.
    pub door_close: u32,
    /// Extra cost to enter a hindering or water square (project's choice).
    pub hindering_extra: u32,
    /// Taking an open chest from the floor.
    pub chest_pickup: u32,
    /// Passing a chest to an adjacent hero.
    pub chest_transfer: u32,
    /// Dropping a chest into an adjacent square.
    pub chest_drop: u32,
    /// Most chests one hero carries.
    pub chests_per_hero: u32,
    /// Using a staircase.
    pub staircase: u32,
    /// What a monster loses when it sets off for reinforcements.
    pub reinforcement_cost: u32,
    /// Extra speed from Quickness.
    pub quickness_bonus: u32,
    /// Extra speed for friends next to a figure with Command.
    pub command_bonus: u32,
    /// Experience points per heal from the shared pool.
    pub xp_heal_every: u32,
    /// Experience points per heal for a hero at `high_level` or above.
    #[serde(default = "default_xp_heal_every_high")]
    pub xp_heal_every_high: u32,
    /// The level from which a heal costs `xp_heal_every_high`.
    #[serde(default = "default_high_level")]
    pub high_level: u32,
    /// Extra speed of a Mounted monster while it rides (the project's own
    /// number: the rules leave mounted figures blank).
    #[serde(default = "default_mounted_bonus")]
    pub mounted_bonus: u32,
    /// A melee die hits on at least this.
    pub melee_hit: u32,
    /// A shooting die hits on at least this.
    pub shoot_hit: u32,
    /// Cost of a careful disarm (project's own rule): roll the trap's disarm
    /// number; a failure leaves the trap armed and may be tried again.
    pub slow_disarm: u32,
    /// Cost of a quick disarm (project's own rule): roll the trap's disarm
    /// number; a failure springs the trap.
    pub fast_disarm_cost: u32,
}

/// A checked set of roll tables.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tables {
    /// Name of the set.
    pub name: String,
    /// Costs and numbers of the rules.
    pub rules: PlayRules,
    /// Where an activated WMT goes.
    pub wmt_movement: D6Table<WmtMove>,
    /// Facing, levitation and confusion rolls.
    pub directions: D6Table<Direction>,
    /// The 2d6 reveal table: key `yellow1` … `red6`, index = 2d6 total − 2.
    pub reveal: BTreeMap<String, [Reveal; 11]>,
    /// How several revealed monsters share the points.
    pub multiple_reveal: D6Table<MultiReveal>,
    /// An active monster's decision.
    pub monster_decision: D6Table<Decision>,
    /// A monster's unexpected action.
    pub unexpected: D6Table<Unexpected>,
    /// Rolled when a monster that left for help comes back in.
    pub reinforcements: D6Table<Reinforcement>,
    /// Rolled after a successful theft.
    pub theft: D6Table<TheftOutcome>,
    /// First entry into a chamber.
    pub chamber_discovery: D6Table<ChamberDiscovery>,
    /// Which accessory a chamber holds.
    pub accessory: D6Table<Accessory>,
    /// First entry into a hallway.
    pub hallway_discovery: D6Table<HallwayDiscovery>,
    /// Traps by chest level 1 to 3 (doors use a random chest's level).
    pub chest_traps: BTreeMap<u32, D6Table<Trap>>,
    /// Contents by chest level 1 to 3.
    pub chest_contents: BTreeMap<u32, D6Table<ChestContents>>,
    /// What an artifact set up in a chamber is (the project's own table);
    /// `None` for a file without one, whose artifacts are set up with no
    /// powers.
    pub artifacts: Option<D6Table<Item>>,
    /// Monster stats by point band, ascending; the last band has no maximum.
    pub monster_profiles: Vec<MonsterProfile>,
}

impl Tables {
    /// The reveal for WMT `color` + `number` (`red`, 3) and a 2d6 `total`
    /// (clamped to 2..=12); `None` for a token the table does not have.
    pub fn reveal_for(&self, color: &str, number: u32, total: u32) -> Option<Reveal> {
        let key = format!("{}{number}", color.to_ascii_lowercase());
        let column = self.reveal.get(&key)?;
        Some(column[(total.clamp(2, 12) - 2) as usize])
    }

    /// The dice-combat stats of a monster worth `points`.
    pub fn profile_for(&self, points: u32) -> &Stats {
        let band = self
            .monster_profiles
            .iter()
            .find(|p| p.max_points.is_none_or(|m| points <= m));
        // Parsing guarantees a last band without a maximum.
        &band
            .or(self.monster_profiles.last())
            .expect("checked tables have profiles")
            .stats
    }
}

// ---------------------------------------------------------------- errors

/// Why a roll-table file was refused (one line: file, place, what was expected).
pub type TablesError = crate::core::yaml::FileError;

/// A checking failure before the file name is attached: (location, message).
type Fault = (String, String);

// ---------------------------------------------------------------- raw YAML

/// A `roll:` value: one face or an inclusive range such as `2-5`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct RawRoll {
    from: u32,
    to: u32,
}

/// What is wrong with one row of a roll table; the loader places it at the
/// row (`table[i]: `).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
enum RowError {
    /// A `roll:` that is not a face or a range of faces.
    #[error("roll `{0}` is not a d6 face or range; expected 1 to 6, or a range like 2-5")]
    NotARoll(String),
    /// A range whose first face is the higher.
    #[error("roll `{0}` runs backwards; write the lower face first")]
    Backwards(String),
    /// A wounds trap without its count.
    #[error("trap `{0}` has effect `wounds` but no `wounds:` count")]
    NoWounds(String),
    /// `wounds` or `area` on a trap of another effect.
    #[error("trap `{0}`: `wounds` and `area` belong only to effect `wounds`")]
    WoundsOnOther(String),
    /// An artifact marked as a potion.
    #[error("artifact `{0}` is a potion; an artifact is carried, not drunk")]
    PotionArtifact(String),
    /// A name (`what`: `name`, `item name`) or a value out of its range.
    #[error("{}{error}", what.map(|w| format!("{w} ")).unwrap_or_default())]
    Value {
        what: Option<&'static str>,
        error: ValueError,
    },
}

impl From<ValueError> for RowError {
    fn from(error: ValueError) -> RowError {
        RowError::Value { what: None, error }
    }
}

/// A name's error, said of `what` (`name`, `item name`).
fn named(what: &'static str) -> impl FnOnce(ValueError) -> RowError {
    move |error| RowError::Value {
        what: Some(what),
        error,
    }
}

impl RawRoll {
    fn parse(s: &str) -> Result<RawRoll, RowError> {
        let bad = || RowError::NotARoll(s.to_string());
        let face = |p: &str| -> Result<u32, RowError> {
            match p.trim().parse::<u32>() {
                Ok(n) if (1..=6).contains(&n) => Ok(n),
                _ => Err(bad()),
            }
        };
        let (from, to) = match s.split_once('-') {
            Some((a, b)) => (face(a)?, face(b)?),
            None => {
                let n = face(s)?;
                (n, n)
            }
        };
        if from > to {
            return Err(RowError::Backwards(s.to_string()));
        }
        Ok(RawRoll { from, to })
    }
}

/// In a schema: a face 1 to 6, or a range of faces written `2-5`.
impl schemars::JsonSchema for RawRoll {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Roll".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A d6 face (1 to 6), or a range of faces such as `2-5`.",
            "anyOf": [
                {"type": "integer", "minimum": 1, "maximum": 6},
                {"type": "string", "pattern": "^\\s*[1-6]\\s*(-\\s*[1-6]\\s*)?$"}
            ]
        })
    }
}

impl<'de> Deserialize<'de> for RawRoll {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = RawRoll;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a d6 face (1 to 6) or a range like 2-5")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<RawRoll, E> {
                RawRoll::parse(&v.to_string()).map_err(E::custom)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<RawRoll, E> {
                RawRoll::parse(&v.to_string()).map_err(E::custom)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawRoll, E> {
                RawRoll::parse(v).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Row_of_{R}")]
struct RawRow<R> {
    roll: RawRoll,
    result: R,
    text: String,
}

/// Only the format tag, read first so a file of another version is named as such.
#[derive(Deserialize)]
struct FileHead {
    #[serde(default)]
    format: Option<String>,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct TablesFile {
    /// The file format: the one this version reads.
    #[allow(dead_code)] // checked from `FileHead`
    #[schemars(extend("const" = FORMAT))]
    format: String,
    #[serde(default)]
    name: Option<String>,
    rules: PlayRules,
    wmt_movement: Vec<RawRow<WmtMove>>,
    directions: Vec<RawRow<Direction>>,
    reveal: BTreeMap<String, Vec<[u32; 2]>>,
    multiple_reveal: Vec<RawRow<MultiReveal>>,
    monster_decision: Vec<RawRow<Decision>>,
    unexpected: Vec<RawRow<Unexpected>>,
    reinforcements: Vec<RawRow<Reinforcement>>,
    theft: Vec<RawRow<TheftOutcome>>,
    chamber_discovery: Vec<RawRow<ChamberDiscovery>>,
    accessory: Vec<RawRow<Accessory>>,
    hallway_discovery: Vec<RawRow<HallwayDiscovery>>,
    chest_traps: BTreeMap<u32, Vec<RawRow<RawTrap>>>,
    chest_contents: BTreeMap<u32, Vec<RawRow<RawContents>>>,
    /// What an artifact set up in a chamber is, by d6 (optional: without
    /// it, artifacts have no powers).
    #[serde(default)]
    artifacts: Option<Vec<RawRow<RawItem>>>,
    monster_profiles: Vec<RawProfile>,
}

/// The JSON Schema of a roll-table file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(TablesFile)
}

#[derive(Deserialize, Clone, Copy, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
enum RawTrapKind {
    None,
    Wounds,
    Alarm,
    Teleport,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawTrap {
    name: String,
    effect: RawTrapKind,
    #[serde(default)]
    wounds: Option<u32>,
    #[serde(default)]
    area: Option<bool>,
    disarm: u32,
    xp: u32,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawContents {
    gold: u32,
    #[serde(default)]
    item: Option<RawItem>,
}

/// A magic item as a file gives it (a chest-contents row, or a party
/// file's chest from town), before its checks.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawItem {
    /// Its name.
    pub(crate) name: String,
    /// Speed bonus (negative for a penalty).
    #[serde(default)]
    pub(crate) speed: i32,
    /// Attack bonus.
    #[serde(default)]
    pub(crate) attack: i32,
    /// Defence bonus.
    #[serde(default)]
    pub(crate) defence: i32,
    /// Special abilities it grants.
    #[serde(default)]
    pub(crate) abilities: Vec<String>,
    /// A potion, drunk once.
    #[serde(default)]
    pub(crate) potion: bool,
}

impl RawItem {
    /// The item, once checked.
    pub(crate) fn into_item(self) -> Item {
        Item {
            name: self.name,
            speed: self.speed,
            attack: self.attack,
            defence: self.defence,
            abilities: self.abilities,
            potion: self.potion,
        }
    }
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    #[serde(default)]
    max_points: Option<u32>,
    speed: u32,
    attacks: u32,
    #[serde(default)]
    shoot: Option<Shoot>,
    armour: u32,
    wounds: u32,
}

// ---------------------------------------------------------------- shared checks

/// A heal's price from level 6 on, for table files written before it was a key.
fn default_xp_heal_every_high() -> u32 {
    100
}

/// The level the higher heal price starts at, for older table files.
fn default_high_level() -> u32 {
    6
}

/// A mount's extra speed, for older table files.
fn default_mounted_bonus() -> u32 {
    2
}

fn check_rules(r: &PlayRules) -> Result<(), Fault> {
    let fields: [(&str, u32, u32, u32); 20] = [
        ("wmt_speed", r.wmt_speed, 1, 20),
        ("door_open", r.door_open, 0, 20),
        ("door_close", r.door_close, 0, 20),
        ("hindering_extra", r.hindering_extra, 0, 20),
        ("chest_pickup", r.chest_pickup, 0, 20),
        ("chest_transfer", r.chest_transfer, 0, 20),
        ("chest_drop", r.chest_drop, 0, 20),
        ("chests_per_hero", r.chests_per_hero, 1, 10),
        ("staircase", r.staircase, 0, 20),
        ("reinforcement_cost", r.reinforcement_cost, 0, 20),
        ("quickness_bonus", r.quickness_bonus, 0, 20),
        ("command_bonus", r.command_bonus, 0, 20),
        ("xp_heal_every", r.xp_heal_every, 1, 1000),
        ("xp_heal_every_high", r.xp_heal_every_high, 1, 1000),
        ("high_level", r.high_level, 1, 100),
        ("mounted_bonus", r.mounted_bonus, 0, 20),
        ("melee_hit", r.melee_hit, 2, 6),
        ("shoot_hit", r.shoot_hit, 2, 6),
        ("slow_disarm", r.slow_disarm, 0, 20),
        ("fast_disarm_cost", r.fast_disarm_cost, 0, 20),
    ];
    for (name, value, lo, hi) in fields {
        in_range(name, value, lo, hi).map_err(|m| ("rules: ".to_string(), m.to_string()))?;
    }
    Ok(())
}

/// Builds a d6 table from rows that must cover faces 1 to 6 once each;
/// `convert` checks one row's result (its error is placed at `table[i]`).
fn d6_table<R, T: Clone>(
    table: &str,
    rows: Vec<RawRow<R>>,
    mut convert: impl FnMut(R) -> Result<T, RowError>,
) -> Result<D6Table<T>, Fault> {
    let mut faces: [Option<(usize, Row<T>)>; 6] = Default::default();
    for (i, raw) in rows.into_iter().enumerate() {
        let loc = || format!("{table}[{i}]: ");
        check_name(&raw.text, MAX_TEXT_CHARS).map_err(|m| (loc(), format!("text {m}")))?;
        let result = convert(raw.result).map_err(|m| (loc(), m.to_string()))?;
        let row = Row {
            result,
            text: raw.text,
        };
        for face in raw.roll.from..=raw.roll.to {
            let slot = &mut faces[(face - 1) as usize];
            if let Some((first, _)) = slot {
                return Err((
                    format!("{table}: "),
                    format!(
                        "face {face} is covered twice (rows {first} and {i}); each face 1 to 6 needs exactly one row"
                    ),
                ));
            }
            *slot = Some((i, row.clone()));
        }
    }
    let mut out = Vec::with_capacity(6);
    for (f, slot) in faces.into_iter().enumerate() {
        match slot {
            Some((_, row)) => out.push(row),
            None => {
                return Err((
                    format!("{table}: "),
                    format!(
                        "face {} has no row; each face 1 to 6 needs exactly one row",
                        f + 1
                    ),
                ));
            }
        }
    }
    let rows: [Row<T>; 6] = out.try_into().ok().expect("six faces");
    Ok(D6Table { rows })
}

fn trap(raw: RawTrap) -> Result<Trap, RowError> {
    check_name(&raw.name, MAX_NAME_CHARS).map_err(named("name"))?;
    let effect = match raw.effect {
        RawTrapKind::Wounds => {
            let Some(wounds) = raw.wounds else {
                return Err(RowError::NoWounds(raw.name));
            };
            in_range("wounds", wounds, 1, 10)?;
            TrapEffect::Wounds {
                wounds,
                area: raw.area.unwrap_or(false),
            }
        }
        other => {
            if raw.wounds.is_some() || raw.area.is_some() {
                return Err(RowError::WoundsOnOther(raw.name));
            }
            match other {
                RawTrapKind::None => TrapEffect::None,
                RawTrapKind::Alarm => TrapEffect::Alarm,
                _ => TrapEffect::Teleport,
            }
        }
    };
    in_range("disarm", raw.disarm, 1, 6)?;
    in_range("xp", raw.xp, 0, 100)?;
    Ok(Trap {
        name: raw.name,
        effect,
        disarm: raw.disarm,
        xp: raw.xp,
    })
}

fn contents(raw: RawContents) -> Result<ChestContents, RowError> {
    in_range("gold", raw.gold, 0, 10_000)?;
    Ok(ChestContents {
        gold: raw.gold,
        item: raw.item.map(item).transpose()?,
    })
}

/// Checks an item of a table: its name, bonuses and abilities.
fn item(it: RawItem) -> Result<Item, RowError> {
    check_name(&it.name, MAX_NAME_CHARS).map_err(named("item name"))?;
    in_range("item speed", it.speed, -5, 5)?;
    in_range("item attack", it.attack, -5, 5)?;
    in_range("item defence", it.defence, -5, 5)?;
    check_abilities(&it.abilities)?;
    Ok(it.into_item())
}

/// Checks an artifact: an item that is not a potion.
fn artifact(it: RawItem) -> Result<Item, RowError> {
    let it = item(it)?;
    if it.potion {
        return Err(RowError::PotionArtifact(it.name));
    }
    Ok(it)
}

/// Checks one reveal column (11 pairs of count and points).
fn reveal_column(key: &str, cells: &[[u32; 2]]) -> Result<[Reveal; 11], Fault> {
    let at = format!("reveal.{key}: ");
    if cells.len() != 11 {
        return Err((
            at,
            format!(
                "has {} rolls; expected 11 [count, points] pairs, for 2d6 totals 2 to 12",
                cells.len()
            ),
        ));
    }
    let mut out = [Reveal {
        count: 0,
        points: 0,
    }; 11];
    for (i, &[count, points]) in cells.iter().enumerate() {
        let at = || format!("reveal.{key}, roll {}: ", i + 2);
        in_range("count", count, 0, 6).map_err(|m| (at(), m.to_string()))?;
        in_range("points", points, 0, 1000).map_err(|m| (at(), m.to_string()))?;
        if (count == 0) != (points == 0) {
            return Err((
                at(),
                format!(
                    "count {count} with {points} points; an empty result has 0 of both, any other has both above 0"
                ),
            ));
        }
        out[i] = Reveal { count, points };
    }
    Ok(out)
}

/// The 18 reveal keys, `yellow1` to `red6`.
fn reveal_keys() -> Vec<String> {
    REVEAL_COLOURS
        .iter()
        .flat_map(|c| (1..=6).map(move |n| format!("{c}{n}")))
        .collect()
}

fn by_level<R, T: Clone>(
    table: &str,
    levels: BTreeMap<u32, Vec<RawRow<R>>>,
    mut convert: impl FnMut(R) -> Result<T, RowError>,
) -> Result<BTreeMap<u32, D6Table<T>>, Fault> {
    if let Some(bad) = levels.keys().find(|l| !(1..=3).contains(*l)) {
        return Err((
            format!("{table}: "),
            format!("chest level {bad} is not 1, 2 or 3"),
        ));
    }
    if let Some(missing) = (1..=3).find(|l| !levels.contains_key(l)) {
        return Err((
            format!("{table}: "),
            format!("chest level {missing} is missing; give levels 1, 2 and 3"),
        ));
    }
    let mut out = BTreeMap::new();
    for (level, rows) in levels {
        out.insert(
            level,
            d6_table(&format!("{table}.{level}"), rows, &mut convert)?,
        );
    }
    Ok(out)
}

fn profiles(raw: Vec<RawProfile>) -> Result<Vec<MonsterProfile>, Fault> {
    if raw.is_empty() || raw.len() > MAX_PROFILES {
        return Err((
            "monster_profiles: ".into(),
            format!("has {} bands; expected 1 to {MAX_PROFILES}", raw.len()),
        ));
    }
    let last = raw.len() - 1;
    let mut out: Vec<MonsterProfile> = Vec::with_capacity(raw.len());
    for (i, p) in raw.into_iter().enumerate() {
        let at = || format!("monster_profiles[{i}]: ");
        match (p.max_points, i == last) {
            (Some(_), true) => {
                return Err((at(), "the last band must have no `max_points`; it covers every value above the others".into()));
            }
            (None, false) => {
                return Err((at(), "only the last band may leave out `max_points`".into()));
            }
            (Some(m), false) => {
                in_range("max_points", m, 1, 1000).map_err(|msg| (at(), msg.to_string()))?;
                if let Some(prev) = out.last().and_then(|b| b.max_points)
                    && m <= prev
                {
                    return Err((
                        at(),
                        format!(
                            "max_points {m} is not above the previous band's {prev}; list bands in ascending order"
                        ),
                    ));
                }
            }
            (None, true) => {}
        }
        let stats = Stats {
            speed: p.speed,
            attacks: p.attacks,
            shoot: p.shoot,
            armour: p.armour,
            wounds: p.wounds,
        };
        check_stats(&stats).map_err(|m| (at(), m.to_string()))?;
        out.push(MonsterProfile {
            max_points: p.max_points,
            stats,
        });
    }
    Ok(out)
}

// ---------------------------------------------------------------- entry points

/// The embedded default tables (`templates/tables/mkd-adventure.yaml`).
pub fn default_tables() -> Tables {
    parse(DEFAULT_YAML, "default tables").expect("the embedded tables are checked by the tests")
}

/// Loads roll tables from a file (the size is checked before reading).
pub fn load(path: &Path) -> Result<Tables, TablesError> {
    let text = crate::core::yaml::read_file(path, MAX_FILE_BYTES, "a roll-table file")?;
    parse(&text, &path.display().to_string())
}

/// Parses and checks roll tables; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Tables, TablesError> {
    check(text, file).map_err(|(location, message)| TablesError {
        file: file.to_string(),
        location,
        message,
    })
}

fn yaml_fault(e: &yaml_serde::Error, text: &str) -> Fault {
    crate::core::yaml::error_parts(e, text)
}

fn check(text: &str, file: &str) -> Result<Tables, Fault> {
    if text.trim().is_empty() {
        return Err((
            String::new(),
            format!("the file is empty; expected `format: {FORMAT}` and the roll tables"),
        ));
    }
    crate::core::yaml::check_shape(text)?;
    crate::core::yaml::check_kind(text, FORMAT)?;
    let head: FileHead = yaml_serde::from_str(text).map_err(|e| yaml_fault(&e, text))?;
    match head.format {
        Some(f) if f == FORMAT => {}
        Some(f) => {
            return Err((
                "format: ".into(),
                format!(
                    "is `{}`; this version of tilecrawl reads `{FORMAT}`",
                    f.escape_default()
                ),
            ));
        }
        None => {
            return Err((
                String::new(),
                format!("missing `format: {FORMAT}` (is this a roll-table file?)"),
            ));
        }
    }
    let raw: TablesFile = yaml_serde::from_str(text).map_err(|e| yaml_fault(&e, text))?;
    let name = raw.name.unwrap_or_else(|| file.to_string());
    check_name(&name, MAX_NAME_CHARS).map_err(|m| ("name: ".to_string(), m.to_string()))?;
    check_rules(&raw.rules)?;

    let expected = reveal_keys();
    if let Some(bad) = raw.reveal.keys().find(|k| !expected.contains(k)) {
        return Err((
            "reveal: ".into(),
            format!(
                "unknown token `{}`; expected yellow1 to yellow6, blue1 to blue6 and red1 to red6",
                bad.escape_default()
            ),
        ));
    }
    let mut reveal = BTreeMap::new();
    for key in expected {
        let Some(cells) = raw.reveal.get(&key) else {
            return Err((
                "reveal: ".into(),
                format!("token `{key}` is missing; every colour needs tokens 1 to 6"),
            ));
        };
        reveal.insert(key.clone(), reveal_column(&key, cells)?);
    }

    Ok(Tables {
        name,
        rules: raw.rules,
        wmt_movement: d6_table("wmt_movement", raw.wmt_movement, Ok)?,
        directions: d6_table("directions", raw.directions, Ok)?,
        reveal,
        multiple_reveal: d6_table("multiple_reveal", raw.multiple_reveal, Ok)?,
        monster_decision: d6_table("monster_decision", raw.monster_decision, Ok)?,
        unexpected: d6_table("unexpected", raw.unexpected, Ok)?,
        reinforcements: d6_table("reinforcements", raw.reinforcements, Ok)?,
        theft: d6_table("theft", raw.theft, Ok)?,
        chamber_discovery: d6_table("chamber_discovery", raw.chamber_discovery, Ok)?,
        accessory: d6_table("accessory", raw.accessory, Ok)?,
        hallway_discovery: d6_table("hallway_discovery", raw.hallway_discovery, Ok)?,
        chest_traps: by_level("chest_traps", raw.chest_traps, trap)?,
        chest_contents: by_level("chest_contents", raw.chest_contents, contents)?,
        artifacts: raw
            .artifacts
            .map(|rows| d6_table("artifacts", rows, artifact))
            .transpose()?,
        monster_profiles: profiles(raw.monster_profiles)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_row_is_a_typed_error_that_says_what_to_write() {
        assert_eq!(RawRoll::parse("2-5"), Ok(RawRoll { from: 2, to: 5 }));
        assert_eq!(RawRoll::parse(" 4"), Ok(RawRoll { from: 4, to: 4 }));
        for bad in ["0", "7", "x", "1-7", "-3", ""] {
            assert_eq!(RawRoll::parse(bad), Err(RowError::NotARoll(bad.into())));
        }
        let back = RawRoll::parse("5-2").unwrap_err();
        assert_eq!(back, RowError::Backwards("5-2".into()));
        assert_eq!(
            back.to_string(),
            "roll `5-2` runs backwards; write the lower face first"
        );
        let name = check_name("", 10).map_err(named("item name")).unwrap_err();
        assert!(matches!(
            name,
            RowError::Value {
                what: Some("item name"),
                ..
            }
        ));
        assert!(
            name.to_string().starts_with("item name `` must be"),
            "{name}"
        );
        let range = RowError::from(in_range("gold", 20_000, 0, 10_000).unwrap_err());
        assert_eq!(
            range.to_string(),
            in_range("gold", 20_000, 0, 10_000).unwrap_err().to_string()
        );
    }

    #[test]
    fn embedded_tables_parse() {
        let t = default_tables();
        assert_eq!(t.name, "mkd-adventure");
        assert_eq!(t.reveal.len(), 18);
        assert_eq!(t.chest_traps.len(), 3);
        assert_eq!(t.chest_contents.len(), 3);
        assert_eq!(t.rules.door_open, 2);
        assert_eq!(t.rules.melee_hit, 4);
        assert_eq!(t.rules.shoot_hit, 5);
    }

    #[test]
    fn the_facts_from_the_rules_hold() {
        let t = default_tables();
        for f in 2..=5 {
            assert!(matches!(
                t.wmt_movement.get(f).result,
                WmtMove::North | WmtMove::East | WmtMove::South | WmtMove::West
            ));
        }
        let dirs: Vec<_> = (2..=5).map(|f| t.wmt_movement.get(f).result).collect();
        for d in [WmtMove::North, WmtMove::East, WmtMove::South, WmtMove::West] {
            assert!(dirs.contains(&d), "{d:?} missing from 2-5");
        }
        assert_eq!(t.wmt_movement.get(6).result, WmtMove::GutFeeling);
        for f in 1..=3 {
            assert_eq!(t.monster_decision.get(f).result, Decision::FirstChoice);
        }
        assert_eq!(t.monster_decision.get(6).result, Decision::Unexpected);
        assert_eq!(t.unexpected.get(1).result, Unexpected::Theft);
        let shared = t.unexpected.get(2).result;
        assert!((3..=5).all(|f| t.unexpected.get(f).result == shared));
        for f in 4..=6 {
            assert_eq!(
                t.reinforcements.get(f).result,
                Reinforcement::RevealAtEntrance
            );
        }
        assert_eq!(t.directions.get(5).result, Direction::Reroll);
        assert_eq!(t.directions.get(6).result, Direction::Reroll);
    }

    #[test]
    fn reveal_for_picks_the_cell() {
        let t = default_tables();
        assert_eq!(
            t.reveal_for("yellow", 1, 7),
            Some(Reveal {
                count: 1,
                points: 20
            })
        );
        assert_eq!(
            t.reveal_for("red", 6, 12),
            Some(Reveal {
                count: 3,
                points: 160
            })
        );
        assert_eq!(t.reveal_for("Red", 4, 2).map(|r| r.points), Some(100));
        // Totals outside 2..=12 are clamped.
        assert_eq!(t.reveal_for("red", 6, 40), t.reveal_for("red", 6, 12));
        assert_eq!(t.reveal_for("blue", 5, 0), t.reveal_for("blue", 5, 2));
        assert_eq!(t.reveal_for("green", 1, 7), None);
        assert_eq!(t.reveal_for("red", 7, 7), None);
    }

    #[test]
    fn profile_for_uses_the_bands() {
        let t = default_tables();
        assert_eq!(t.profile_for(0).attacks, 1);
        assert_eq!(t.profile_for(9).attacks, 1);
        assert_eq!(t.profile_for(10).shoot, Some(Shoot { dice: 2, range: 7 }));
        assert_eq!(t.profile_for(65).armour, 6);
        assert_eq!(t.profile_for(120).wounds, 8);
        assert_eq!(t.profile_for(u32::MAX).wounds, 8);
        let maxes: Vec<_> = t.monster_profiles.iter().map(|p| p.max_points).collect();
        assert!(maxes.windows(2).all(|w| match (w[0], w[1]) {
            (Some(a), Some(b)) => a < b,
            (Some(_), None) => true,
            _ => false,
        }));
    }

    #[test]
    fn d6_rolls_are_faces_or_ranges() {
        assert_eq!(RawRoll::parse("3"), Ok(RawRoll { from: 3, to: 3 }));
        assert_eq!(RawRoll::parse("2-5"), Ok(RawRoll { from: 2, to: 5 }));
        assert_eq!(RawRoll::parse(" 1 - 6 "), Ok(RawRoll { from: 1, to: 6 }));
        assert_eq!(RawRoll::parse("4-4"), Ok(RawRoll { from: 4, to: 4 }));
        for bad in ["0", "7", "5-2", "2-", "-3", "a", "", "1-2-3", "2-7"] {
            assert!(RawRoll::parse(bad).is_err(), "{bad:?} accepted");
        }
        let yaml = "- {roll: 1, result: stay, text: a}\n- {roll: 2-5, result: north, text: b}\n- {roll: '6', result: west, text: c}\n";
        let rows: Vec<RawRow<WmtMove>> = yaml_serde::from_str(yaml).unwrap();
        let table = d6_table("t", rows, Ok).unwrap();
        assert_eq!(table.get(1).result, WmtMove::Stay);
        assert!((2..=5).all(|f| table.get(f).result == WmtMove::North));
        assert_eq!(table.get(6).text, "c");
        assert_eq!(table.get(0).result, WmtMove::Stay, "clamped");
        assert_eq!(table.get(9).result, WmtMove::West, "clamped");
    }

    #[test]
    fn d6_tables_cover_each_face_once() {
        let gap = "- {roll: 1-2, result: stay, text: a}\n- {roll: 4-6, result: north, text: b}\n";
        let rows: Vec<RawRow<WmtMove>> = yaml_serde::from_str(gap).unwrap();
        let (at, msg) = d6_table("wmt_movement", rows, Ok).unwrap_err();
        assert_eq!(at, "wmt_movement: ");
        assert!(msg.contains("face 3 has no row"), "{msg}");
        let overlap =
            "- {roll: 1-3, result: stay, text: a}\n- {roll: 3-6, result: north, text: b}\n";
        let rows: Vec<RawRow<WmtMove>> = yaml_serde::from_str(overlap).unwrap();
        let (_, msg) = d6_table("wmt_movement", rows, Ok).unwrap_err();
        assert!(
            msg.contains("face 3 is covered twice (rows 0 and 1)"),
            "{msg}"
        );
    }

    /// Every column of the embedded reveal table equals the fan sheet's
    /// transcription, number for number.
    #[test]
    fn reveal_table_matches_the_reference_transcription() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/reference/mkd-wmt-reveal-2d6.json"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            println!("note: {path} is absent; reveal table not compared");
            return;
        };
        #[derive(Deserialize)]
        struct Cell {
            count: u32,
            points: u32,
        }
        #[derive(Deserialize)]
        struct Sheet {
            tokens: BTreeMap<String, BTreeMap<String, Cell>>,
        }
        let sheet: Sheet = yaml_serde::from_str(&text).unwrap();
        let t = default_tables();
        assert_eq!(sheet.tokens.len(), 18);
        for (key, cells) in &sheet.tokens {
            let column = &t.reveal[key];
            assert_eq!(cells.len(), 11, "{key}");
            for total in 2..=12u32 {
                let want = &cells[&total.to_string()];
                let got = column[(total - 2) as usize];
                assert_eq!(
                    (got.count, got.points),
                    (want.count, want.points),
                    "{key} on {total}"
                );
            }
        }
    }

    #[test]
    fn bad_tables_name_the_place() {
        let good = DEFAULT_YAML;
        let e = parse(&good.replace("wmt_speed: 4", "wmt_speed: 0"), "t.yaml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.yaml: rules: wmt_speed is 0; expected 1 to 20"
        );
        let e = parse(
            &good.replace(
                "[1, 10],   [1, 15],   [1, 20],   [1, 20]",
                "[9, 10],   [1, 15],   [1, 20],   [1, 20]",
            ),
            "t.yaml",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.yaml: reveal.yellow1, roll 4: count is 9; expected 0 to 6"
        );
        let e = parse(&good.replace("yellow1:", "green1:"), "t.yaml").unwrap_err();
        assert!(
            e.to_string().contains("reveal: unknown token `green1`"),
            "{e}"
        );
        let e = parse(&good.replace("{max_points: 9, ", "{"), "t.yaml").unwrap_err();
        assert!(
            e.to_string()
                .contains("monster_profiles[0]: only the last band"),
            "{e}"
        );
        let e = parse(
            &good.replace("{max_points: 14,", "{max_points: 8,"),
            "t.yaml",
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("monster_profiles[1]: max_points 8"),
            "{e}"
        );
        let e = parse(
            &good.replace("effect: teleport,", "effect: teleport, wounds: 2,"),
            "t.yaml",
        )
        .unwrap_err();
        assert!(e.to_string().contains("chest_traps.2[5]: "), "{e}");
        let e = parse(
            &good.replace("abilities: [Stealth]", "abilities: [Flying]"),
            "t.yaml",
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("chest_contents.2[5]: unknown ability `Flying`"),
            "{e}"
        );
        let e = parse(
            &good.replace(
                "  3:\n    - {roll: 1, result: {gold",
                "  4:\n    - {roll: 1, result: {gold",
            ),
            "t.yaml",
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("chest_contents: chest level 4"),
            "{e}"
        );
    }

    #[test]
    fn the_artifact_table_is_optional_and_holds_no_potion() {
        let t = default_tables();
        let artifacts = t
            .artifacts
            .as_ref()
            .expect("the embedded set has artifacts");
        assert_eq!(artifacts.get(3).result.name, "ember brand");
        assert_eq!(artifacts.get(3).result.attack, 1);
        assert!((1..=6).all(|f| !artifacts.get(f).result.potion));
        // Left out: artifacts are set up with no powers.
        let start = DEFAULT_YAML.find("\nartifacts:").expect("the table");
        let end = DEFAULT_YAML[start + 1..].find("\n\n").expect("its end") + start + 1;
        let without = format!("{}{}", &DEFAULT_YAML[..start], &DEFAULT_YAML[end..]);
        assert_eq!(parse(&without, "t.yaml").map(|t| t.artifacts), Ok(None));
        // A potion is refused, in one line naming the row.
        let e = parse(
            &DEFAULT_YAML.replace(
                "{name: circlet of wards, defence: 1}",
                "{name: circlet of wards, defence: 1, potion: true}",
            ),
            "t.yaml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("artifacts[1]: artifact `circlet of wards` is a potion"),
            "{e}"
        );
        assert!(!e.contains('\n'), "{e}");
        // Its items are checked as the chests' are.
        let e = parse(
            &DEFAULT_YAML.replace(
                "{name: ember brand, attack: 1}",
                "{name: ember brand, attack: 9}",
            ),
            "t.yaml",
        )
        .unwrap_err();
        assert!(e.to_string().contains("artifacts[2]: item attack"), "{e}");
    }
}
