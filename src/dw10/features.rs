//! The pieces a Dungeon World 10 mm scenario puts on the map: one
//! [`Feature`] type for every counter, door and piece of furniture, with
//! its kind, square and the options its kind takes.

use crate::core::geom::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A square.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct At {
    /// Column.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Row.
    #[schemars(range(min = 0))]
    pub y: i32,
}

/// A colour of keys, doors and staircases (any colour will do at the
/// table, L556-558; these are the ones tilecrawl draws).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Purple.
    Purple,
    /// Orange.
    Orange,
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// Every colour, in the order setup hands them out.
    pub const ALL: [Colour; 8] = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Purple,
        Colour::Orange,
        Colour::White,
        Colour::Black,
    ];

    /// The name written in files.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Purple => "purple",
            Colour::Orange => "orange",
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The letter the map prints on a key, a keyed door and a staircase of
    /// this colour, so that they match without telling colours apart (on
    /// `--style ink`, or for a reader who sees no difference): the
    /// initial, but `K` for black, as blue has `B`.
    pub fn letter(self) -> &'static str {
        match self {
            Colour::Red => "R",
            Colour::Blue => "B",
            Colour::Green => "G",
            Colour::Yellow => "Y",
            Colour::Purple => "P",
            Colour::Orange => "O",
            Colour::White => "W",
            Colour::Black => "K",
        }
    }

    /// Its colour on the map, `#rrggbb`.
    pub fn rgb(self) -> &'static str {
        match self {
            Colour::Red => "#c62828",
            Colour::Blue => "#1565c0",
            Colour::Green => "#2e7d32",
            Colour::Yellow => "#f9a825",
            Colour::Purple => "#6a1b9a",
            Colour::Orange => "#ef6c00",
            Colour::White => "#f5f5f5",
            Colour::Black => "#212121",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a feature is.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum FeatureKind {
    /// A `?` counter, seen by both sides (L327-348).
    Trap,
    /// A treasure chest with a hidden number 1-3 (L448-471).
    Chest,
    /// A teleporter, inactive until a hero enters it (L356-363).
    Teleporter,
    /// One end of a coloured staircase (L317-326).
    Staircase,
    /// A door on one edge of its square: plain, coloured (keyed) or secret
    /// (L556-562, L288-292).
    Door,
    /// A key of a colour (L556-558).
    Key,
    /// A pit, jumped straight across for 3 (L305-316).
    Pit,
    /// A rock slide: 2 to cross, no stopping on it (L298-302).
    Rockslide,
    /// A pool of water: impassable but for fliers, no bar to sight (L433-435).
    Pool,
    /// A spawn point: a floor grill, a trap door or a well (L429-439).
    Spawn,
    /// A coffin, where a Vampire may rise (L424-428).
    Coffin,
    /// A piece of furniture with an explore effect (L365-423).
    Furnishing,
    /// The prisoner of a rescue objective (the project's).
    Prisoner,
    /// The lair of the monster a slay objective names (the project's).
    Lair,
    /// A dungeon condition square: a pressure pad, trip wire, murder hole,
    /// glyph … that may go off as a hero crosses it (L349-355; what each
    /// does is the project's table, `conditions.yaml`).
    Condition,
}

impl FeatureKind {
    /// Every kind, in the order of the enum.
    pub const ALL: [FeatureKind; 15] = [
        FeatureKind::Trap,
        FeatureKind::Chest,
        FeatureKind::Teleporter,
        FeatureKind::Staircase,
        FeatureKind::Door,
        FeatureKind::Key,
        FeatureKind::Pit,
        FeatureKind::Rockslide,
        FeatureKind::Pool,
        FeatureKind::Spawn,
        FeatureKind::Coffin,
        FeatureKind::Furnishing,
        FeatureKind::Prisoner,
        FeatureKind::Lair,
        FeatureKind::Condition,
    ];

    /// The name written in files.
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::Trap => "trap",
            FeatureKind::Chest => "chest",
            FeatureKind::Teleporter => "teleporter",
            FeatureKind::Staircase => "staircase",
            FeatureKind::Door => "door",
            FeatureKind::Key => "key",
            FeatureKind::Pit => "pit",
            FeatureKind::Rockslide => "rockslide",
            FeatureKind::Pool => "pool",
            FeatureKind::Spawn => "spawn",
            FeatureKind::Coffin => "coffin",
            FeatureKind::Furnishing => "furnishing",
            FeatureKind::Prisoner => "prisoner",
            FeatureKind::Lair => "lair",
            FeatureKind::Condition => "condition",
        }
    }

    /// Is it a piece set on its square (a counter, furnishing, terrain …)?
    /// A door lies on an edge and a condition is part of the floor, so
    /// neither keeps a table, a familiar or a portable teleporter off the
    /// square (and a hidden condition is not given away by a refusal).
    pub fn is_piece(self) -> bool {
        !matches!(self, FeatureKind::Door | FeatureKind::Condition)
    }

    /// Does the feature stand on its square (everything but a door, which
    /// lies on an edge)?
    pub fn on_square(self) -> bool {
        self != FeatureKind::Door
    }

    /// The options (keys besides `kind`, `x` and `y`) a feature of this
    /// kind may have; any other is refused.
    pub fn options(self) -> &'static [&'static str] {
        match self {
            FeatureKind::Door => &["side", "colour", "secret"],
            FeatureKind::Chest => &["number"],
            FeatureKind::Teleporter => &["active"],
            FeatureKind::Staircase | FeatureKind::Key => &["colour"],
            FeatureKind::Spawn | FeatureKind::Furnishing | FeatureKind::Lair => &["what"],
            FeatureKind::Condition => &["what", "secret"],
            FeatureKind::Trap
            | FeatureKind::Pit
            | FeatureKind::Rockslide
            | FeatureKind::Pool
            | FeatureKind::Coffin
            | FeatureKind::Prisoner => &[],
        }
    }

    /// The options a feature of this kind must have.
    pub fn needs(self) -> &'static [&'static str] {
        match self {
            FeatureKind::Door => &["side"],
            FeatureKind::Chest => &["number"],
            FeatureKind::Teleporter => &["active"],
            FeatureKind::Staircase | FeatureKind::Key => &["colour"],
            FeatureKind::Spawn
            | FeatureKind::Furnishing
            | FeatureKind::Lair
            | FeatureKind::Condition => &["what"],
            _ => &[],
        }
    }

    /// The names its `what` must be one of, when that list is fixed (spawn
    /// points and furnishings; a condition's rows and a lair's monsters
    /// come from other tables).
    pub fn what_names(self) -> Option<&'static [&'static str]> {
        match self {
            FeatureKind::Spawn => Some(&SPAWN_POINTS),
            FeatureKind::Furnishing => Some(&FURNISHINGS),
            _ => None,
        }
    }

    /// Does it make its square terrain no figure may stop on (pit, rock
    /// slide, pool)?
    pub fn is_terrain(self) -> bool {
        matches!(
            self,
            FeatureKind::Pit | FeatureKind::Rockslide | FeatureKind::Pool
        )
    }
}

/// The spawn points (`what` of a `spawn` feature).
pub const SPAWN_POINTS: [&str; 3] = ["grill", "trapdoor", "well"];

/// The furnishings (`what` of a `furnishing` feature), L373-423.
pub const FURNISHINGS: [&str; 15] = [
    "camp-fire",
    "stone-altar",
    "treasure-25",
    "treasure-100",
    "treasure-500",
    "crate-of-apples",
    "crate-of-skulls",
    "weapons-rack",
    "bed",
    "bookcase",
    "table-and-chair",
    "wizards-table",
    "table-of-food",
    "torture-rack",
    "tome-on-pedestal",
];

/// The highest hidden number of a chest (the least is 1).
pub const MAX_CHEST_NUMBER: u32 = 3;

/// The words every bad chest number is refused with, wherever it is
/// met: `got` is the value as the file gives it (`0`, `-2`, `` `three` ``).
pub fn chest_number_refusal(got: &str) -> String {
    format!("chest number {got}: expected a whole number 1 to {MAX_CHEST_NUMBER}")
}

/// Reads a chest's `number`: a whole number 1 to [`MAX_CHEST_NUMBER`],
/// or nothing (`null`, which the checks then refuse for a chest). Every
/// other value — 0, a negative or too big number, a fraction, text — is
/// refused here in [`chest_number_refusal`]'s one set of words, so the
/// reader is told the same thing whatever was written.
fn chest_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    struct Visitor;
    fn whole<E: serde::de::Error>(n: i128) -> Result<Option<u32>, E> {
        match u32::try_from(n) {
            Ok(v) if (1..=MAX_CHEST_NUMBER).contains(&v) => Ok(Some(v)),
            _ => Err(E::custom(chest_number_refusal(&n.to_string()))),
        }
    }
    impl<'de> serde::de::Visitor<'de> for Visitor {
        type Value = Option<u32>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a chest number 1 to {MAX_CHEST_NUMBER}")
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D2: serde::Deserializer<'de>>(self, d: D2) -> Result<Self::Value, D2::Error> {
            d.deserialize_any(self)
        }
        fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Self::Value, E> {
            whole(i128::from(n))
        }
        fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Self::Value, E> {
            whole(i128::from(n))
        }
        fn visit_u128<E: serde::de::Error>(self, n: u128) -> Result<Self::Value, E> {
            whole(i128::try_from(n).unwrap_or(i128::MAX))
        }
        fn visit_i128<E: serde::de::Error>(self, n: i128) -> Result<Self::Value, E> {
            whole(n)
        }
        fn visit_f64<E: serde::de::Error>(self, n: f64) -> Result<Self::Value, E> {
            Err(E::custom(chest_number_refusal(&n.to_string())))
        }
        fn visit_bool<E: serde::de::Error>(self, b: bool) -> Result<Self::Value, E> {
            Err(E::custom(chest_number_refusal(&format!("`{b}`"))))
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
            let got = format!("`{}`", crate::core::text::excerpt(v, 40));
            Err(E::custom(chest_number_refusal(&got)))
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Err(serde::de::Error::custom(chest_number_refusal("a list")))
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Err(serde::de::Error::custom(chest_number_refusal("a mapping")))
        }
    }
    d.deserialize_option(Visitor)
}

/// A counter, door or piece of furniture on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = per_kind_schema)]
pub struct Feature {
    /// What it is.
    pub kind: FeatureKind,
    /// Its square (a door's square is the one whose `side` it is on).
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Its square.
    #[schemars(range(min = 0))]
    pub y: i32,
    /// Doors: the edge of the square the door is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// Chests: the hidden number, 1 to 3.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "chest_number"
    )]
    #[schemars(range(min = 1, max = MAX_CHEST_NUMBER))]
    pub number: Option<u32>,
    /// Teleporters: active from the start?
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<bool>,
    /// Staircases, keys, keyed doors: the colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    /// Doors and conditions: hidden, left off the players' map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<bool>,
    /// Spawn points: grill, trapdoor or well; furnishings: which one;
    /// lairs: the monster's name; conditions: a row of the condition
    /// table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
}

impl Feature {
    /// A feature of `kind` on `x,y` with no options.
    pub fn new(kind: FeatureKind, x: i32, y: i32) -> Feature {
        Feature {
            kind,
            x,
            y,
            side: None,
            number: None,
            active: None,
            colour: None,
            secret: None,
            what: None,
        }
    }

    /// Its square.
    pub fn at(&self) -> At {
        At {
            x: self.x,
            y: self.y,
        }
    }

    /// Is it a secret door, or a hidden condition?
    pub fn is_secret(&self) -> bool {
        self.secret == Some(true)
    }
}

/// In the schema: what the loader asks of each kind of feature, one
/// `if kind is … then …` per kind — the options it needs (given, not
/// null), those it takes no value for (absent or null), a `what` from a
/// fixed list, and a secret door without a colour.
fn per_kind_schema(schema: &mut schemars::Schema) {
    const OPTIONS: [&str; 6] = ["side", "number", "active", "colour", "secret", "what"];
    let mut rules = Vec::new();
    for kind in FeatureKind::ALL {
        let mut props = serde_json::Map::new();
        for o in OPTIONS {
            if !kind.options().contains(&o) {
                props.insert(o.into(), serde_json::json!({"type": "null"}));
            } else if kind.needs().contains(&o) {
                props.insert(o.into(), serde_json::json!({"not": {"type": "null"}}));
            }
        }
        if let Some(names) = kind.what_names() {
            props.insert("what".into(), serde_json::json!({"enum": names}));
        }
        let mut then = serde_json::json!({"properties": props});
        if !kind.needs().is_empty() {
            then["required"] = serde_json::json!(kind.needs());
        }
        if kind == FeatureKind::Door {
            then["if"] = serde_json::json!({"required": ["secret"], "properties": {"secret": {"const": true}}});
            then["then"] = serde_json::json!({"properties": {"colour": {"type": "null"}}});
        }
        rules.push(serde_json::json!({
            "if": {"required": ["kind"], "properties": {"kind": {"const": kind.name()}}},
            "then": then,
        }));
    }
    schema.insert("allOf".into(), rules.into());
}
