//! The Dungeons Dark & Dangerous part of a scenario file, and its checks.
//!
//! ```yaml
//! ruleset: dd-and-d
//! scenario: treasure-hunt      # battle | ambush | treasure-hunt | object-of-power | free-prisoner | secrets-of-the-ancients
//! params: {fair: false, locked_doors: 2, secret_doors: 1, cover: 24, chosen: named}
//! square_mm: 25.4
//! size: {width: 36, height: 36}
//! grid: [...]                  # `#` wall `.` floor `,` difficult `X` obstacle `%` rubble `~` water
//! exits:    [{side: N, x: 10, y: 0, length: 2}]
//! doors:    [{x: 6, y: 3, side: E, locked: false, secret: false}]
//! zones:    [{name: edge-N, squares: [[0, 3], [1, 3]]}]
//! counters: [{kind: treasure, x: 14, y: 12}]
//! ```
//!
//! Every rule the setup keeps is checked again when a file is read, so a
//! hand-edited scenario is drawn only if it still keeps them.

use super::rules::{self, Rule};
use super::scenarios::ScenarioKind;
use crate::build::board::{
    Asymmetry, Board, Door, DoorKind, Exit, PASS_OPEN, Symmetry, Terrain, Walker,
};
use crate::core::geom::{Point, Side, chebyshev};
use crate::scenario::{Check, GamePart, RulesetId, Scenario, need, read_once};
use serde::de::{self, MapAccess};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};

/// A Dungeons Dark & Dangerous scenario.
pub type DddScenario = Scenario<DddPart>;

/// How the scenario was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Chosen {
    /// Named on the command line.
    Named,
    /// Rolled on a d6 (the log has the roll): without war-parties, or
    /// when their dice-off was a draw.
    Rolled,
    /// Blue (`--warparty`) won the war-parties' dice-off (L147) and chose
    /// it: Blue is the attacker where the scenario has one, and chooses
    /// first (the log has the rolls).
    DiceOffBlue,
    /// Red (`--opponent`) won the dice-off and chose it.
    DiceOffRed,
}

/// The choices the board was built with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DddParams {
    /// Built symmetric (`--fair`).
    pub fair: bool,
    /// Locked doors asked for.
    pub locked_doors: u32,
    /// Secret doors asked for.
    pub secret_doors: u32,
    /// Squares of cover asked for.
    pub cover: u32,
    /// How the scenario was chosen.
    pub chosen: Chosen,
}

/// An exit: `length` squares of the `side` edge from `x, y` east or south.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExitRecord {
    /// The board edge.
    pub side: Side,
    /// First square.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// First square.
    #[schemars(range(min = 0))]
    pub y: i32,
    /// Squares wide (1 to 3).
    #[schemars(range(min = 1, max = 3))]
    pub length: u32,
}

/// A door on the `side` edge of square `x, y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DoorRecord {
    /// Square beside the door.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Square beside the door.
    #[schemars(range(min = 0))]
    pub y: i32,
    /// Which edge of that square.
    pub side: Side,
    /// Must be picked (6+, a Thief) or smashed (3-).
    pub locked: bool,
    /// Looks like wall until opened (6+).
    pub secret: bool,
}

/// A deployment zone: where one side may set its models up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZoneRecord {
    /// `edge-N`, `edge-E`, `edge-S`, `edge-W`, `defender` or `attacker`.
    pub name: String,
    /// Its squares, `[x, y]`.
    pub squares: Vec<[i32; 2]>,
}

/// What a counter is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CounterKind {
    /// A treasure to carry off (Treasure Hunt).
    Treasure,
    /// The magical object (Object of Power).
    Object,
    /// The inscription to read (Secrets of the Ancients).
    Message,
    /// The bound prisoner (Free Prisoner).
    Prisoner,
}

impl CounterKind {
    /// Its name in files.
    pub fn id(self) -> &'static str {
        match self {
            CounterKind::Treasure => "treasure",
            CounterKind::Object => "object",
            CounterKind::Message => "message",
            CounterKind::Prisoner => "prisoner",
        }
    }
}

/// A counter on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterRecord {
    /// What it is.
    pub kind: CounterKind,
    /// Its square.
    #[schemars(range(min = 0))]
    pub x: i32,
    /// Its square.
    #[schemars(range(min = 0))]
    pub y: i32,
}

impl CounterRecord {
    /// Its square.
    pub fn at(&self) -> Point {
        Point {
            x: self.x,
            y: self.y,
        }
    }
}

/// What a DD&D scenario holds beside the envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DddPart {
    /// Which of the six.
    pub scenario: ScenarioKind,
    /// How the board was asked for.
    pub params: DddParams,
    /// The ways off the board.
    pub exits: Vec<ExitRecord>,
    /// The doors.
    pub doors: Vec<DoorRecord>,
    /// Where each side may set up.
    pub zones: Vec<ZoneRecord>,
    /// Treasure, object, message or prisoner.
    pub counters: Vec<CounterRecord>,
}

/// The part while it is read.
#[derive(Default)]
pub struct PartialDdd {
    scenario: Option<ScenarioKind>,
    params: Option<DddParams>,
    exits: Option<Vec<ExitRecord>>,
    doors: Option<Vec<DoorRecord>>,
    zones: Option<Vec<ZoneRecord>>,
    counters: Option<Vec<CounterRecord>>,
}

impl GamePart for DddPart {
    const RULESET: RulesetId = RulesetId::DdAndD;
    const KEYS: &'static [&'static str] = &[
        "format",
        "generator",
        "seed",
        "ruleset",
        "scenario",
        "params",
        "square_mm",
        "size",
        "grid",
        "exits",
        "doors",
        "zones",
        "counters",
        "log",
    ];
    const TILED: bool = false;
    type Partial = PartialDdd;

    fn read_value<'de, A: MapAccess<'de>>(
        p: &mut PartialDdd,
        key: &'static str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "scenario" => read_once(&mut p.scenario, key, map),
            "params" => read_once(&mut p.params, key, map),
            "exits" => read_once(&mut p.exits, key, map),
            "doors" => read_once(&mut p.doors, key, map),
            "zones" => read_once(&mut p.zones, key, map),
            "counters" => read_once(&mut p.counters, key, map),
            _ => Err(de::Error::unknown_field(key, Self::KEYS)),
        }
    }

    fn finish<E: de::Error>(p: PartialDdd) -> Result<Self, E> {
        Ok(DddPart {
            scenario: need(p.scenario, "scenario")?,
            params: need(p.params, "params")?,
            exits: need(p.exits, "exits")?,
            doors: need(p.doors, "doors")?,
            zones: need(p.zones, "zones")?,
            counters: need(p.counters, "counters")?,
        })
    }

    fn write_head<S: SerializeStruct>(&self, st: &mut S) -> Result<(), S::Error> {
        st.serialize_field("scenario", &self.scenario)?;
        st.serialize_field("params", &self.params)
    }

    fn write_body<S: SerializeStruct>(&self, st: &mut S) -> Result<(), S::Error> {
        st.serialize_field("exits", &self.exits)?;
        st.serialize_field("doors", &self.doors)?;
        st.serialize_field("zones", &self.zones)?;
        st.serialize_field("counters", &self.counters)
    }

    fn check(s: &Scenario<Self>) -> Check {
        check_part(s)
    }
}

fn fail(key: impl Into<String>, message: impl Into<String>) -> Check {
    Err((key.into(), message.into()))
}

/// Most squares one zone may list (a 72×72 board).
const MAX_ZONE_SQUARES: usize = 72 * 72;

/// The board a scenario describes (its grid, doors and exits). Only for a
/// scenario whose grid, doors and exits were checked.
pub fn board_of(s: &DddScenario) -> Board {
    let mut b = Board::filled(s.size.width, s.size.height, Terrain::Wall);
    for (y, row) in s.grid.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            b.set(
                Point {
                    x: x as i32,
                    y: y as i32,
                },
                Terrain::from_char(c).unwrap_or(Terrain::Wall),
            );
        }
    }
    b.doors = s.game.doors.iter().map(door_of).collect();
    b.doors.sort();
    b.exits = s.game.exits.iter().map(exit_of).collect();
    b.exits.sort_by_key(crate::build::board::exit_order);
    b
}

fn door_of(d: &DoorRecord) -> Door {
    let kind = if d.secret {
        DoorKind::Secret
    } else if d.locked {
        DoorKind::Locked
    } else {
        DoorKind::Plain
    };
    Door::on(Point { x: d.x, y: d.y }, d.side, kind)
}

fn exit_of(e: &ExitRecord) -> Exit {
    Exit {
        side: e.side,
        at: Point { x: e.x, y: e.y },
        length: e.length,
    }
}

/// A zone's squares as points.
pub fn zone_points(z: &ZoneRecord) -> Vec<Point> {
    z.squares.iter().map(|&[x, y]| Point { x, y }).collect()
}

/// The symmetry `--fair` asks of a board of this size: a quarter turn on a
/// square board, a half turn on an oblong one.
pub fn fair_symmetry(width: u32, height: u32) -> Symmetry {
    if width == height {
        Symmetry::Quarter
    } else {
        Symmetry::Half
    }
}

/// A board marked fair maps onto itself under its symmetry (terrain, doors
/// and exits), and its treasures onto each other turned half round, as
/// setup lays them; otherwise the sheet's "fair" would not hold.
fn check_fair(board: &Board, counters: &[CounterRecord]) -> Check {
    let sym = fair_symmetry(board.width, board.height);
    let turn = match sym {
        Symmetry::Quarter => "a quarter round",
        _ => "half round",
    };
    let what = match board.asymmetry(sym) {
        None => None,
        Some(Asymmetry::Shape) => Some("the board is not square".to_string()),
        Some(Asymmetry::Square(p, q)) => Some(format!(
            "square {},{} is {} and {},{} is {}",
            p.x,
            p.y,
            board.at(p).name(),
            q.x,
            q.y,
            board.at(q).name()
        )),
        Some(Asymmetry::Doors) => Some("its doors do not".into()),
        Some(Asymmetry::Exits) => Some("its exits do not".into()),
    };
    if let Some(what) = what {
        return fail(
            "params",
            format!("fair is true, but the board does not map onto itself turned {turn}: {what}"),
        );
    }
    let treasures: Vec<Point> = counters
        .iter()
        .filter(|c| c.kind == CounterKind::Treasure)
        .map(CounterRecord::at)
        .collect();
    if let Some(t) = treasures
        .iter()
        .find(|&&t| !treasures.contains(&board.turn(t, Symmetry::Half)))
    {
        let q = board.turn(*t, Symmetry::Half);
        return fail(
            "counters",
            format!(
                "the board is fair, but the treasure at {},{} has none at {},{}, where it lands turned half round",
                t.x, t.y, q.x, q.y
            ),
        );
    }
    Ok(())
}

/// Every rule of the scenario (the envelope already checked): `Err((key,
/// what is wrong))`. Run on every file read, and by the property tests on
/// every scenario made.
pub fn check_part(s: &DddScenario) -> Check {
    let (w, h) = (s.size.width, s.size.height);
    let (lo, hi) = crate::build::board::BOARD_SIDE;
    if !(lo..=hi).contains(&w) || !(lo..=hi).contains(&h) {
        return fail(
            "size",
            format!("is {w}×{h}; a board has {lo} to {hi} squares each way"),
        );
    }
    for (y, row) in s.grid.iter().enumerate() {
        if row.chars().count() != w as usize {
            return fail(
                format!("grid[{y}]"),
                format!(
                    "has {} squares; expected size.width = {w}",
                    row.chars().count()
                ),
            );
        }
        if let Some((x, c)) = row
            .chars()
            .enumerate()
            .find(|(_, c)| Terrain::from_char(*c).is_none())
        {
            return fail(
                format!("grid[{y}]"),
                format!(
                    "column {x} holds {c:?}; expected # wall, . floor, , difficult ground, X obstacle, % rubble or ~ water"
                ),
            );
        }
    }
    let part = &s.game;
    let mut board = Board::filled(w, h, Terrain::Wall);
    for (y, row) in s.grid.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            board.set(
                Point {
                    x: x as i32,
                    y: y as i32,
                },
                Terrain::from_char(c).unwrap_or(Terrain::Wall),
            );
        }
    }
    // Exits.
    for (i, e) in part.exits.iter().enumerate() {
        let key = format!("exits[{i}]");
        if !(1..=3).contains(&e.length) {
            return fail(
                key,
                format!("length is {}; expected 1 to 3 squares", e.length),
            );
        }
        if !board.contains(Point { x: e.x, y: e.y }) {
            return fail(
                key,
                format!("square {},{} is off the {w}×{h} board", e.x, e.y),
            );
        }
        for p in exit_of(e).squares() {
            if !board.contains(p) || board.depth(p, e.side) != 1 {
                return fail(
                    key,
                    format!(
                        "square {},{} is not on the board's {} edge",
                        p.x,
                        p.y,
                        crate::build::board::edge_word(e.side)
                    ),
                );
            }
            if !board.at(p).standable() {
                return fail(
                    key,
                    format!(
                        "square {},{} is {}; an exit is walkable",
                        p.x,
                        p.y,
                        board.at(p).name()
                    ),
                );
            }
        }
    }
    board.exits = part.exits.iter().map(exit_of).collect();
    board.exits.sort_by_key(crate::build::board::exit_order);
    for side in Side::ALL {
        let on: Vec<&Exit> = board.exits_on(side).collect();
        for pair in on.windows(2) {
            let end = pair[0].squares().last().unwrap_or(pair[0].at);
            if (pair[1].at.x - end.x).max(pair[1].at.y - end.y) < 2 {
                return fail(
                    "exits",
                    format!(
                        "two exits of the {} edge touch or overlap at {},{}; keep a square between them",
                        crate::build::board::edge_word(side),
                        end.x,
                        end.y
                    ),
                );
            }
        }
        if part.scenario.needs_exits() && on.len() < 2 {
            return fail(
                "exits",
                format!(
                    "the {} edge has {} exits; {} needs at least 2 on each edge",
                    crate::build::board::edge_word(side),
                    on.len(),
                    part.scenario.text().name
                ),
            );
        }
    }
    // Doors.
    let mut doors: Vec<Door> = Vec::new();
    for (i, d) in part.doors.iter().enumerate() {
        let key = format!("doors[{i}]");
        if d.locked && d.secret {
            return fail(key, "is both locked and secret; a door is one or the other");
        }
        if !board.contains(Point { x: d.x, y: d.y }) {
            return fail(
                key,
                format!("square {},{} is off the {w}×{h} board", d.x, d.y),
            );
        }
        let door = door_of(d);
        for p in [door.at, door.beyond()] {
            if !board.contains(p) || !board.at(p).standable() {
                return fail(
                    key,
                    format!(
                        "square {},{} beside the door is {}; a door joins two walkable squares",
                        p.x,
                        p.y,
                        if board.contains(p) {
                            board.at(p).name()
                        } else {
                            "off the board"
                        }
                    ),
                );
            }
        }
        if doors.iter().any(|o| (o.at, o.side) == (door.at, door.side)) {
            return fail(key, "is on the same edge as an earlier door");
        }
        doors.push(door);
    }
    doors.sort();
    board.doors = doors;
    // Counters.
    let want: &[(CounterKind, usize)] = match part.scenario {
        ScenarioKind::Battle | ScenarioKind::Ambush => &[],
        ScenarioKind::TreasureHunt => &[(CounterKind::Treasure, rules::TREASURES)],
        ScenarioKind::ObjectOfPower => &[(CounterKind::Object, 1)],
        ScenarioKind::FreePrisoner => &[(CounterKind::Prisoner, 1)],
        ScenarioKind::SecretsOfTheAncients => &[(CounterKind::Message, 1)],
    };
    for (i, c) in part.counters.iter().enumerate() {
        if !want.iter().any(|(k, _)| *k == c.kind) {
            return fail(
                format!("counters[{i}]"),
                format!(
                    "is a {} counter; {} has none",
                    c.kind.id(),
                    part.scenario.text().name
                ),
            );
        }
    }
    for (kind, n) in want {
        let have = part.counters.iter().filter(|c| c.kind == *kind).count();
        if have != *n {
            return fail(
                "counters",
                format!(
                    "hold {have} {} counters; {} has {n}",
                    kind.id(),
                    part.scenario.text().name
                ),
            );
        }
    }
    for (i, c) in part.counters.iter().enumerate() {
        let key = format!("counters[{i}]");
        let p = c.at();
        if !board.contains(p) || !board.at(p).standable() {
            return fail(
                key,
                format!(
                    "square {},{} is not a walkable square of the board",
                    p.x, p.y
                ),
            );
        }
        match c.kind {
            CounterKind::Treasure => {
                if let Err(why) = rules::treasure_square(&board, p) {
                    return fail(key, why.to_string());
                }
                if let Some(o) = part.counters[..i]
                    .iter()
                    .find(|o| chebyshev(o.at(), p) < rules::TREASURE_SPACING)
                {
                    return fail(
                        key,
                        format!(
                            "is {} squares from the treasure at {},{}; treasures lie at least {} apart",
                            chebyshev(o.at(), p),
                            o.x,
                            o.y,
                            rules::TREASURE_SPACING
                        ),
                    );
                }
            }
            _ => {
                if !board.centre_squares().contains(&p) {
                    return fail(
                        key,
                        format!(
                            "is at {},{}; the {} lies on one of the centre squares {}",
                            p.x,
                            p.y,
                            c.kind.id(),
                            rules::square_list(&board.centre_squares())
                        ),
                    );
                }
            }
        }
    }
    if part.params.fair {
        check_fair(&board, &part.counters)?;
    }
    // Zones.
    let names = rules::zone_names(part.scenario);
    let mut seen: Vec<&str> = Vec::new();
    for (i, z) in part.zones.iter().enumerate() {
        let key = format!("zones[{i}] ({})", crate::core::text::excerpt(&z.name, 24));
        if !names.contains(&z.name.as_str()) {
            return fail(
                key,
                format!(
                    "is not a zone of {}; expected {}",
                    part.scenario.text().name,
                    names.join(", ")
                ),
            );
        }
        if seen.contains(&z.name.as_str()) {
            return fail(key, "is given twice");
        }
        seen.push(z.name.as_str());
        if z.squares.len() > MAX_ZONE_SQUARES {
            return fail(
                key,
                format!(
                    "lists {} squares; at most {MAX_ZONE_SQUARES}",
                    z.squares.len()
                ),
            );
        }
        let mut pts = zone_points(z);
        pts.sort();
        if let Some(d) = pts.windows(2).find(|p| p[0] == p[1]) {
            return fail(key, format!("lists square {},{} twice", d[0].x, d[0].y));
        }
    }
    if let Some(missing) = names.iter().find(|n| !seen.contains(n)) {
        return fail(
            "zones",
            format!(
                "have no `{missing}` zone; {} needs {}",
                part.scenario.text().name,
                names.join(", ")
            ),
        );
    }
    let prisoner = part
        .counters
        .iter()
        .find(|c| c.kind == CounterKind::Prisoner)
        .map(CounterRecord::at);
    let walker = Walker::new(&board, PASS_OPEN);
    let defenders: Vec<Point> = part
        .zones
        .iter()
        .find(|z| z.name == "defender")
        .map(zone_points)
        .unwrap_or_default();
    for (i, z) in part.zones.iter().enumerate() {
        let key = format!("zones[{i}] ({})", z.name);
        let rule = rules::zone_rule(part.scenario, &z.name);
        for p in zone_points(z) {
            if !board.contains(p) || !board.at(p).standable() {
                return fail(
                    key,
                    format!(
                        "square {},{} is not a walkable square of the board",
                        p.x, p.y
                    ),
                );
            }
            let ok = match rule {
                Rule::Edge(side) => rules::in_edge_zone(&board, p, side),
                Rule::Centre => rules::in_centre_zone(&board, p),
                Rule::AwayFrom => {
                    prisoner.is_some_and(|c| rules::prisoner_guard_square(&board, p, c))
                }
                Rule::Hidden => rules::ambush_square(&walker, &defenders, p),
            };
            if !ok {
                return fail(
                    key,
                    format!(
                        "square {},{} breaks its rule: {}",
                        p.x,
                        p.y,
                        rule.describe()
                    ),
                );
            }
        }
        if z.squares.len() < rules::MIN_ZONE_SQUARES {
            return fail(
                key,
                format!(
                    "has {} squares; a zone holds at least {} (ten models)",
                    z.squares.len(),
                    rules::MIN_ZONE_SQUARES
                ),
            );
        }
    }
    if part.scenario == ScenarioKind::Ambush {
        let cover: usize = part
            .zones
            .iter()
            .filter(|z| z.name == "attacker")
            .map(|z| rules::cover_among(&board, &z.squares))
            .sum();
        if cover < rules::AMBUSH_COVER {
            return fail(
                "zones",
                format!(
                    "the attacker zone holds {cover} squares of cover (rubble, water); attackers who start hidden need at least {}",
                    rules::AMBUSH_COVER
                ),
            );
        }
    }
    // Everything a side needs can be walked to from every zone, through
    // plain doors only (the walk is the same both ways, so one walk from
    // one zone square covers every zone).
    let Some(start) = part
        .zones
        .first()
        .and_then(|z| zone_points(z).first().copied())
    else {
        return fail("zones", "are empty");
    };
    let dist = walker.distances([start]);
    let reached = |p: Point| dist[board.index(p)] != crate::build::board::UNREACHED;
    for (i, e) in board.exits.iter().enumerate() {
        if let Some(p) = e.squares().find(|p| !reached(*p)) {
            return fail(
                format!("exits[{i}]"),
                format!(
                    "square {},{} cannot be reached from the zones through plain doors",
                    p.x, p.y
                ),
            );
        }
    }
    for (i, c) in part.counters.iter().enumerate() {
        if !reached(c.at()) {
            return fail(
                format!("counters[{i}]"),
                format!(
                    "square {},{} cannot be reached from the zones through plain doors",
                    c.x, c.y
                ),
            );
        }
    }
    for (i, z) in part.zones.iter().enumerate() {
        if let Some(p) = zone_points(z).into_iter().find(|p| !reached(*p)) {
            return fail(
                format!("zones[{i}] ({})", z.name),
                format!(
                    "square {},{} cannot be reached from the other zones through plain doors",
                    p.x, p.y
                ),
            );
        }
    }
    // No walkable square is cut off (steps 6 and 8 of the build).
    if let Some(i) =
        (0..board.cells.len()).find(|&i| board.cells[i].standable() && !reached(board.point(i)))
    {
        let p = board.point(i);
        return fail(
            format!("grid[{}]", p.y),
            format!(
                "column {} is {}, but no model can walk to it through plain doors; make it wall (#) or open a way to it",
                p.x,
                board.at(p).name()
            ),
        );
    }
    // The cover asked for is there (step 7).
    let cover = board.cells.iter().filter(|t| t.cover()).count();
    if cover < part.params.cover as usize {
        return fail(
            "grid",
            format!(
                "holds {cover} squares of cover (rubble, water), and params.cover asks for at least {}; add rubble (%) or water (~), or lower params.cover",
                part.params.cover
            ),
        );
    }
    Ok(())
}
