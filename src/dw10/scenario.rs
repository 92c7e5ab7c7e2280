//! The Dungeon World 10 mm part of a scenario: where the heroes start, how
//! each side wins, and every counter, door and piece of furniture setup put
//! on the map, in one `features` list.
//!
//! ```yaml
//! start: {x: 3, y: 7}
//! victory: {dm_kills: 5, objective: {kind: recover, chest: 2}}
//! features:
//!   - {kind: trap, x: 5, y: 2}
//!   - {kind: chest, x: 9, y: 4, number: 2}
//!   - {kind: door, x: 6, y: 3, side: E, colour: blue}
//!   - {kind: condition, x: 8, y: 2, secret: true, what: trip-wire}
//! ```

use crate::build::layout::ExitDice;
use crate::dw10::board::Ground;
use crate::dw10::conditions::ConditionRow;
pub use crate::dw10::features::*;
use crate::scenario::{self, GamePart, MAX_TOKENS, RulesetId, Size, need, read_once};
use serde::de::{self, MapAccess};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};

/// A Dungeon World 10 mm scenario: the shared envelope around [`Dw10Part`].
pub type Scenario = scenario::Scenario<Dw10Part>;

/// How hard setup makes the dungeon (the project's table in
/// `templates/dungeon-world-10mm/setup.yaml`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
#[schemars(rename = "Dw10Difficulty")]
pub enum Difficulty {
    /// Fewer traps, low chest numbers.
    Easy,
    /// The project's middle table.
    #[default]
    Normal,
    /// More traps and spawn points, high chest numbers.
    Hard,
}

impl Difficulty {
    /// `easy`, `normal` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

/// The parameters the dungeon was built and set up with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Params")]
pub struct Params {
    /// Number of 5-tile sets in the Dungeon Stack.
    #[schemars(range(min = 1, max = crate::build::layout::MAX_SETS))]
    pub sets: u32,
    /// Name of the tile set.
    pub tileset: String,
    /// Play surface in squares.
    #[schemars(with = "crate::scenario::TableSize")]
    pub table: Size,
    /// How exits were chosen.
    pub exit_dice: ExitDice,
    /// The row of the setup table used.
    pub difficulty: Difficulty,
}

/// The scenario's objective for the heroes (the text leaves it to each
/// scenario, L515-517; these are tilecrawl's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "lowercase")]
pub enum Objective {
    /// Open the `chest`-th chest of `features` (counted from 1), then
    /// leave together through an active teleporter.
    Recover {
        /// Which chest, counted from 1 in `features` order.
        #[schemars(range(min = 1))]
        chest: u32,
    },
    /// Reach the prisoner, then leave together through an active teleporter.
    Rescue,
    /// Kill the monster waiting in its lair.
    Slay {
        /// The monster's name (its lair feature names it too).
        monster: String,
    },
}

/// How each side wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// The Draken Master wins at this many kills (L513-517, `--kills`).
    #[schemars(range(min = 1, max = MAX_KILLS))]
    pub dm_kills: u32,
    /// The heroes' objective.
    pub objective: Objective,
}

/// Most kills a scenario may ask of the Draken Master.
pub const MAX_KILLS: u32 = 100;

/// What a Dungeon World 10 mm scenario holds besides the envelope.
#[derive(Debug, Clone, PartialEq)]
pub struct Dw10Part {
    /// The parameters it was made with.
    pub params: Params,
    /// Where the heroes come in: an active teleporter.
    pub start: At,
    /// How each side wins.
    pub victory: Victory,
    /// Every counter, door and piece of furniture.
    pub features: Vec<Feature>,
    /// The rows of the dungeon conditions its squares name, when it was
    /// made with a condition table other than the embedded one (`generate
    /// --conditions`); `None`: the embedded table. The scenario carries
    /// them so that play, the sheet and the checks read the same rows.
    pub conditions: Option<Vec<ConditionRow>>,
}

impl Dw10Part {
    /// The row of a condition named by a `condition` feature: from the
    /// scenario's own rows if it has them, else the embedded table.
    pub fn condition_row(&self, what: &str) -> Option<&ConditionRow> {
        match &self.conditions {
            Some(rows) => rows.iter().find(|r| r.what == what),
            None => crate::dw10::conditions::shared().row(what),
        }
    }

    /// Every condition row the scenario's squares may name, in table order.
    pub fn condition_rows(&self) -> &[ConditionRow] {
        match &self.conditions {
            Some(rows) => rows,
            None => &crate::dw10::conditions::shared().conditions,
        }
    }
}

/// [`Dw10Part`] while its keys are read.
#[derive(Default)]
pub struct PartialDw10 {
    params: Option<Params>,
    start: Option<At>,
    victory: Option<Victory>,
    features: Option<Vec<Feature>>,
    conditions: Option<Vec<ConditionRow>>,
}

impl GamePart for Dw10Part {
    const RULESET: RulesetId = RulesetId::DungeonWorld10mm;
    const KEYS: &'static [&'static str] = &[
        "format",
        "generator",
        "seed",
        "ruleset",
        "params",
        "square_mm",
        "size",
        "table_offset",
        "grid",
        "tiles",
        "connections",
        "entrance",
        "central_chamber",
        "dead_ends",
        "start",
        "victory",
        "features",
        "conditions",
        "log",
    ];
    type Partial = PartialDw10;

    fn read_value<'de, A: MapAccess<'de>>(
        p: &mut PartialDw10,
        key: &'static str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "params" => read_once(&mut p.params, key, map),
            "start" => read_once(&mut p.start, key, map),
            "victory" => read_once(&mut p.victory, key, map),
            "features" => read_once(&mut p.features, key, map),
            "conditions" => read_once(&mut p.conditions, key, map),
            _ => Err(de::Error::unknown_field(key, Self::KEYS)),
        }
    }

    fn finish<E: de::Error>(p: PartialDw10) -> Result<Self, E> {
        Ok(Dw10Part {
            params: need(p.params, "params")?,
            start: need(p.start, "start")?,
            victory: need(p.victory, "victory")?,
            features: need(p.features, "features")?,
            conditions: p.conditions,
        })
    }

    fn write_head<S: SerializeStruct>(&self, st: &mut S) -> Result<(), S::Error> {
        st.serialize_field("params", &self.params)
    }

    fn write_body<S: SerializeStruct>(&self, st: &mut S) -> Result<(), S::Error> {
        st.serialize_field("start", &self.start)?;
        st.serialize_field("victory", &self.victory)?;
        st.serialize_field("features", &self.features)?;
        match &self.conditions {
            Some(rows) => st.serialize_field("conditions", rows),
            None => st.skip_field("conditions"),
        }
    }

    fn check(s: &Scenario) -> Result<(), (String, String)> {
        check_part(s)
    }
}

/// Serialises a scenario to YAML.
pub fn to_yaml(s: &Scenario) -> String {
    scenario::to_yaml(s)
}

/// Reads and checks a Dungeon World 10 mm scenario file.
pub fn load(path: &std::path::Path) -> Result<Scenario, scenario::ScenarioError> {
    scenario::load(path)
}

/// The board of a scenario as the game reads it, with its features.
pub fn board_of(s: &Scenario) -> crate::dw10::board::Board {
    let (w, h) = (s.size.width as i32, s.size.height as i32);
    let mut cells = Vec::with_capacity((w.max(0) * h.max(0)) as usize);
    for y in 0..h {
        for x in 0..w {
            cells.push(s.cell(x, y));
        }
    }
    crate::dw10::board::Board::new(w, h, cells, &s.game.features)
}

fn fail<T>(key: impl Into<String>, message: impl Into<String>) -> Result<T, (String, String)> {
    Err((key.into(), message.into()))
}

/// Checks the part: each feature on its own, then the map's guarantees
/// (see [`crate::dw10::board::check_guarantees`]).
fn check_part(s: &Scenario) -> Result<(), (String, String)> {
    let g = &s.game;
    s.check_on_table(g.params.table)?;
    if g.params.sets == 0 || g.params.sets > crate::build::layout::MAX_SETS {
        return fail(
            "params",
            format!(
                "sets is {}; expected 1 to {}",
                g.params.sets,
                crate::build::layout::MAX_SETS
            ),
        );
    }
    scenario::check_sets_laid(s.tiles.len(), g.params.sets)?;
    if g.params.tileset.chars().count() > crate::tileset::MAX_NAME_CHARS
        || g.params.tileset.chars().any(char::is_control)
    {
        return fail(
            "params",
            "tileset must be a name of at most 100 printable characters",
        );
    }
    s.check_tiles_of(&g.params.tileset)?;
    if !(1..=MAX_KILLS).contains(&g.victory.dm_kills) {
        return fail(
            "victory",
            format!(
                "dm_kills is {}; expected 1 to {MAX_KILLS}",
                g.victory.dm_kills
            ),
        );
    }
    if g.features.len() > MAX_TOKENS {
        return fail(
            "features",
            format!(
                "has {} entries; a scenario may hold at most {MAX_TOKENS}",
                g.features.len()
            ),
        );
    }
    if let Some(rows) = &g.conditions {
        crate::dw10::conditions::check_rows(rows)?;
    }
    let board = board_of(s);
    for (i, f) in g.features.iter().enumerate() {
        check_feature(s, &board, i, f)?;
    }
    // No two features on one square, no two doors on one edge.
    let mut squares: Vec<(At, usize)> = g
        .features
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind.on_square())
        .map(|(i, f)| (f.at(), i))
        .collect();
    squares.sort();
    for w in squares.windows(2) {
        if w[0].0 == w[1].0 {
            return fail(
                format!("features[{}]", w[1].1),
                format!(
                    "square {},{} already holds features[{}]; expected one feature per square",
                    w[1].0.x, w[1].0.y, w[0].1
                ),
            );
        }
    }
    let mut edges: Vec<(crate::dw10::board::Edge, usize)> = g
        .features
        .iter()
        .enumerate()
        .filter_map(|(i, f)| crate::dw10::board::door_edge(f).map(|e| (e, i)))
        .collect();
    edges.sort();
    for w in edges.windows(2) {
        if w[0].0 == w[1].0 {
            return fail(
                format!("features[{}]", w[1].1),
                format!("is on the same edge as the door features[{}]", w[0].1),
            );
        }
    }
    // The start: an active teleporter on a square a figure may stand on.
    let st = g.start;
    if !board.standable(st.x, st.y) {
        return fail(
            "start",
            format!(
                "square {},{} is not a square a figure may stand on",
                st.x, st.y
            ),
        );
    }
    if !g
        .features
        .iter()
        .any(|f| f.kind == FeatureKind::Teleporter && f.at() == st && f.active == Some(true))
    {
        return fail(
            "start",
            format!(
                "square {},{} holds no active teleporter; the heroes come in (and re-spawn) on one",
                st.x, st.y
            ),
        );
    }
    match &g.victory.objective {
        Objective::Recover { chest } => {
            let chests = g
                .features
                .iter()
                .filter(|f| f.kind == FeatureKind::Chest)
                .count();
            if *chest == 0 || *chest as usize > chests {
                return fail(
                    "victory",
                    format!(
                        "objective names chest {chest}; the features hold {chests} chests (counted from 1)"
                    ),
                );
            }
        }
        Objective::Rescue => {
            if !g.features.iter().any(|f| f.kind == FeatureKind::Prisoner) {
                return fail("victory", "a rescue objective needs a `prisoner` feature");
            }
        }
        Objective::Slay { monster } => {
            if !g
                .features
                .iter()
                .any(|f| f.kind == FeatureKind::Lair && f.what.as_deref() == Some(monster.as_str()))
            {
                return fail(
                    "victory",
                    format!(
                        "a slay objective needs a `lair` feature whose `what` is `{}`",
                        crate::core::text::excerpt(monster, 40)
                    ),
                );
            }
        }
    }
    crate::dw10::board::check_guarantees((g.start.x, g.start.y), &g.features, &board)
}

fn check_feature(
    s: &Scenario,
    board: &crate::dw10::board::Board,
    i: usize,
    f: &Feature,
) -> Result<(), (String, String)> {
    let key = format!("features[{i}]");
    let k = f.kind.name();
    if s.tile_at(f.x, f.y).is_none() {
        return fail(
            key,
            format!("a {k} on {},{}, which is not a tile square", f.x, f.y),
        );
    }
    // The square under it, before any pit, rock slide or pool is put down.
    if !board.cell_standable(f.x, f.y) {
        return fail(
            key,
            format!(
                "a {k} on {},{}, which is {}; expected a floor square",
                f.x,
                f.y,
                s.cell(f.x, f.y).name()
            ),
        );
    }
    let allowed = f.kind.options();
    let options = [
        ("side", f.side.is_some()),
        ("number", f.number.is_some()),
        ("active", f.active.is_some()),
        ("colour", f.colour.is_some()),
        ("secret", f.secret.is_some()),
        ("what", f.what.is_some()),
    ];
    for (name, given) in options {
        if given && !allowed.contains(&name) {
            return fail(key, format!("a {k} takes no `{name}`"));
        }
    }
    for (name, given) in options {
        if !given && f.kind.needs().contains(&name) {
            return fail(key, format!("a {k} needs `{name}`"));
        }
    }
    // `what` one of `names` (`expected` says what they are).
    let what_of = |names: &[&str], expected: &str| -> Result<(), (String, String)> {
        let w = f.what.as_deref().unwrap_or("");
        if names.contains(&w) {
            return Ok(());
        }
        fail(
            key.clone(),
            format!(
                "what is `{}`; expected {expected}: {}",
                crate::core::text::excerpt(w, 40),
                names.join(", ")
            ),
        )
    };
    match f.kind {
        FeatureKind::Chest if !(1..=MAX_CHEST_NUMBER).contains(&f.number.unwrap_or(0)) => {
            return fail(
                format!("{key}.number"),
                crate::dw10::features::chest_number_refusal(&f.number.unwrap_or(0).to_string()),
            );
        }
        FeatureKind::Door => {
            if f.is_secret() && f.colour.is_some() {
                return fail(key, "a secret door takes no `colour`");
            }
            let (dx, dy) = f.side.map(|s| s.delta()).unwrap_or((0, 0));
            let (a, b) = ((f.x, f.y), (f.x + dx, f.y + dy));
            if !board.cell_standable(b.0, b.1) {
                return fail(
                    key,
                    format!(
                        "the door leads from {},{} to {},{}, which is not a floor square; a door joins two floor squares",
                        a.0, a.1, b.0, b.1
                    ),
                );
            }
            // Setup keeps pits, rock slides and pools off a door's squares:
            // a figure stops in the doorway to open it.
            for (x, y) in [a, b] {
                let what = match board.ground(x, y) {
                    Ground::Pit => "a pit",
                    Ground::RockSlide => "a rock slide",
                    Ground::Water => "a pool",
                    Ground::Clear | Ground::Solid => continue,
                };
                return fail(
                    key,
                    format!(
                        "the door joins {},{} and {},{}, and {x},{y} holds {what}; a door joins two squares a figure may stand on",
                        a.0, a.1, b.0, b.1
                    ),
                );
            }
        }
        FeatureKind::Pit => {
            // A pit is jumped straight across, onto a square a figure may
            // stand on, along its row or its column.
            let st = |dx: i32, dy: i32| board.standable(f.x + dx, f.y + dy);
            if !(st(-1, 0) && st(1, 0) || st(0, -1) && st(0, 1)) {
                return fail(
                    key,
                    format!(
                        "a pit on {},{} with no square to land on straight across it (the squares on both sides along its row or its column must be ones a figure may stand on)",
                        f.x, f.y
                    ),
                );
            }
        }
        FeatureKind::Spawn | FeatureKind::Furnishing => {
            what_of(f.kind.what_names().unwrap_or_default(), "one of")?
        }
        FeatureKind::Condition => {
            let names: Vec<&str> = s
                .game
                .condition_rows()
                .iter()
                .map(|r| r.what.as_str())
                .collect();
            what_of(&names, "a condition of the table")?;
        }
        FeatureKind::Lair => {
            let w = f.what.as_deref().unwrap_or("");
            if crate::dw10::figures::embedded().monster(w).is_none() {
                return fail(
                    key,
                    format!(
                        "what is `{}`; expected a monster of the figure list",
                        crate::core::text::excerpt(w, 40)
                    ),
                );
            }
        }
        _ => {}
    }
    Ok(())
}
