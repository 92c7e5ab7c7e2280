//! The sheet's sections and tables, in words both outputs share.

use crate::export::paper::mm_text;
use crate::mkd::scenario::MarkerKind;
use crate::mkd::sheet::*;
use crate::scenario::Point;
use crate::tileset::{Cell, TileKind};

pub(super) fn xy(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

pub(super) use crate::core::geom::side_word;

pub(super) fn tile_name(t: &TileRef) -> String {
    format!("{} (step {})", t.id, t.step)
}

pub(super) use crate::core::text::counted as plural;

pub(super) fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

pub(super) fn against_text(t: &TileStep) -> String {
    if t.step == 1 {
        return "first tile: the middle of the table".into();
    }
    if t.against.is_empty() {
        return "touches no earlier tile".into();
    }
    t.against
        .iter()
        .map(|a| match a.side {
            Some(side) => format!("{} to the {}", tile_name(&a.tile), side.name()),
            None => tile_name(&a.tile),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A table both outputs draw.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Table {
    pub(crate) headers: Vec<&'static str>,
    /// Columns aligned right (numbers).
    pub(crate) right: Vec<bool>,
    /// The column that takes the spare width in the PDF and wraps first.
    pub(crate) flex: Option<usize>,
    /// Columns shown as code in Markdown (legend characters).
    pub(crate) code: Vec<usize>,
    pub(crate) rows: Vec<Vec<String>>,
    /// Per row, a small drawing of cells (legend rows) in an extra PDF column.
    pub(crate) diagrams: Vec<Vec<String>>,
    /// Heading of the PDF diagram column.
    pub(crate) diagram_header: &'static str,
    /// Size of one diagram square in the PDF, in points (before fitting).
    pub(crate) diagram_square_pt: f32,
    /// Smaller type for long tables (the dice log).
    pub(crate) compact: bool,
}

impl Table {
    pub(crate) fn new(headers: &[&'static str], right: &[usize], flex: Option<usize>) -> Table {
        Table {
            headers: headers.to_vec(),
            right: (0..headers.len()).map(|i| right.contains(&i)).collect(),
            flex,
            code: Vec::new(),
            rows: Vec::new(),
            diagrams: Vec::new(),
            diagram_header: "",
            diagram_square_pt: 7.0,
            compact: false,
        }
    }

    pub(crate) fn row(&mut self, cells: Vec<String>) {
        debug_assert_eq!(cells.len(), self.headers.len());
        self.rows.push(cells);
    }
}

/// One piece of a section.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Part {
    /// A sub-heading.
    Heading(String),
    /// A paragraph.
    Para(String),
    /// Labelled values.
    Fields(Vec<(&'static str, String)>),
    /// A table.
    Table(Table),
    /// Markdown only: each tile's diagram under its own heading (the PDF draws
    /// them inside the pick list).
    TileDiagrams,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Section {
    pub(crate) title: String,
    pub(crate) parts: Vec<Part>,
}

/// A dice-log line as the sheet prints it. Scenarios written before the log
/// quoted names in double quotes hold two notes that quote a name in
/// Markdown backticks (the Monster Pool's list, a dungeon floor's tile set):
/// those backticks become double quotes, as a new scenario writes them, so
/// no Markdown mark reaches `setup.pdf`. Any other text is kept as written
/// (a name may hold a backtick of its own).
pub(super) fn log_note(purpose: &str) -> String {
    for (head, open, close) in [
        ("Monster Pool: ", " kinds from `", "`"),
        ("floor ", " but tile set `", "` and the table hold at most "),
    ] {
        if !purpose.starts_with(head) {
            continue;
        }
        let Some(i) = purpose.find(open) else {
            continue;
        };
        let name_at = i + open.len();
        let end = if close == "`" {
            purpose.strip_suffix('`').map(str::len)
        } else {
            purpose.rfind(close)
        };
        if let Some(j) = end.filter(|&j| j >= name_at) {
            return format!(
                "{}\"{}\"{}",
                &purpose[..name_at - 1],
                &purpose[name_at..j],
                &purpose[j + 1..]
            );
        }
    }
    purpose.to_string()
}

pub(super) fn title(sheet: &SetupSheet) -> String {
    format!("Setup sheet — seed {}", sheet.seed)
}

pub(super) fn turn_limit_text(sheet: &SetupSheet) -> String {
    match sheet.turn_limit {
        Some(n) => format!("{n} turns"),
        None => format!("no turn limit (the {} mission has none)", sheet.mission),
    }
}

/// The sheet as an ordered list of sections, for every output.
pub(super) fn sections(sheet: &SetupSheet) -> Vec<Section> {
    let p = &sheet.params;
    let halls = sheet
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count() as u64;
    let chambers = sheet.tiles.len() as u64 - halls;
    let mut out = Vec::new();

    // The adventure at a glance.
    let mut glance = vec![
        (
            "Mission",
            format!("{} ({} rules)", sheet.mission, sheet.ruleset),
        ),
        ("Turn limit", turn_limit_text(sheet)),
        ("Hero value", p.hero_value.to_string()),
        ("Seed", sheet.seed.to_string()),
        ("Tile set", p.tileset.clone()),
        (
            "Sets",
            format!(
                "{} ({}: {}, {})",
                p.sets,
                plural(sheet.tiles.len() as u64, "tile", "tiles"),
                plural(halls, "hallway", "hallways"),
                plural(chambers, "chamber", "chambers")
            ),
        ),
        (
            "Map",
            format!(
                "{} × {} squares, 1 square = {} mm",
                sheet.size.width,
                sheet.size.height,
                mm_text(sheet.square_mm)
            ),
        ),
        (
            "Table",
            format!(
                "{} × {} squares; the map's square 0,0 lies on table square {}",
                p.table.width,
                p.table.height,
                xy(sheet.table_offset)
            ),
        ),
        (
            "Options",
            format!(
                "exit dice {}, difficulty {}, markers {}, dressing {}",
                p.exit_dice.name(),
                p.difficulty.name(),
                on_off(p.markers),
                on_off(p.dressing)
            ),
        ),
        ("Made by", sheet.generator.clone()),
    ];
    if let Some(r) = &sheet.rating {
        glance.insert(3, ("Plays", r.clone()));
    }
    out.push(Section {
        title: title(sheet),
        parts: vec![Part::Fields(glance)],
    });

    // The mission's orders and pieces (nothing for a plain quest).
    if !sheet.mission_lines.is_empty() {
        out.push(Section {
            title: "Mission".into(),
            parts: vec![Part::Fields(sheet.mission_lines.clone())],
        });
    }

    // Legend.
    let mut legend = Table::new(&["cell", "meaning", "walkable"], &[], None);
    legend.code = vec![0];
    legend.diagram_header = "swatch";
    legend.diagram_square_pt = 9.0;
    for c in Cell::ALL {
        let walk = if c == Cell::Void {
            "—"
        } else if c.passable() {
            "yes"
        } else {
            "no"
        };
        legend.row(vec![c.to_char().to_string(), c.name().into(), walk.into()]);
        legend.diagrams.push(vec![c.to_char().to_string()]);
    }
    out.push(Section {
        title: "How to read this sheet".into(),
        parts: vec![
            Part::Para(format!(
                "Squares are written x,y: x counts columns east and y counts rows south, \
                 from 0,0 at the north-west corner of the map, as in scenario.yaml. Table \
                 squares count the same way from the north-west corner of the {} × {} table: \
                 table square = map square + {}. The map prints x along its top and bottom edges \
                 and y along its sides, and each page of map.pdf prints those of its own \
                 squares; its pages are numbered, and each says its row and column in the \
                 grid of pages, counted from the north-west. North is up; sides are N, E, \
                 S, W; rotations are \
                 clockwise from the tile's printed orientation.",
                p.table.width,
                p.table.height,
                xy(sheet.table_offset)
            )),
            Part::Para(
                "Tile diagrams show each tile as laid, north up, one cell per square:".into(),
            ),
            Part::Table(legend),
        ],
    });

    // Tile pick list.
    let mut picks = Table::new(
        &[
            "step",
            "tile",
            "kind",
            "face",
            "rotation",
            "square",
            "table square",
            "size",
            "laid against",
        ],
        &[0, 4],
        Some(8),
    );
    picks.diagram_header = "diagram";
    for t in &sheet.tiles {
        picks.row(vec![
            t.step.to_string(),
            t.id.clone(),
            t.kind.name().into(),
            t.face.name().into(),
            format!("{}°", t.rotation),
            xy(t.at.square),
            xy(t.at.table),
            format!("{} × {}", t.width, t.height),
            against_text(t),
        ]);
        picks.diagrams.push(t.diagram.clone());
    }
    out.push(Section {
        title: "Tile pick list".into(),
        parts: vec![
            Part::Para(
                "Take the tiles from the box in this order. Lay each with the given face up, \
                 turned clockwise by its rotation, its north-west corner on the square given; \
                 \"laid against\" names the earlier tiles it joins and on which of its sides \
                 they lie."
                    .into(),
            ),
            Part::Table(picks),
            Part::TileDiagrams,
        ],
    });

    // Entrance, Central Chamber, dead ends.
    let e = &sheet.entrance;
    let mut dead = Table::new(
        &["tile", "squares", "table squares", "side", "width"],
        &[4],
        Some(0),
    );
    for d in &sheet.dead_ends {
        let span = |a: Point, b: Point| {
            if a == b {
                xy(a)
            } else {
                format!("{} to {}", xy(a), xy(b))
            }
        };
        dead.row(vec![
            tile_name(&d.tile),
            span(d.from.square, d.to.square),
            span(d.from.table, d.to.table),
            d.side.name().into(),
            d.length.to_string(),
        ]);
    }
    let mut parts = vec![Part::Fields(vec![
        (
            "Entrance",
            format!(
                "{}, {}square {} (table {}), on its {} side, {} wide: the heroes come in from the {}",
                tile_name(&e.tile),
                if e.length > 1 { "middle " } else { "" },
                xy(e.at.square),
                xy(e.at.table),
                e.side.name(),
                plural(e.length, "square", "squares"),
                side_word(e.side)
            ),
        ),
        (
            "Central Chamber",
            format!(
                "{}, {} from the entrance tile",
                tile_name(&sheet.central_chamber.tile),
                plural(sheet.central_chamber.depth, "tile", "tiles")
            ),
        ),
    ])];
    parts.push(Part::Heading("Dead ends".into()));
    if sheet.dead_ends.is_empty() {
        parts.push(Part::Para(
            "None: every entryway but the entrance joins a tile.".into(),
        ));
    } else {
        parts.push(Part::Table(dead));
    }
    out.push(Section {
        title: "Entrance, Central Chamber and dead ends".into(),
        parts,
    });

    // On the map.
    let mut chests = Table::new(
        &[
            "square",
            "table square",
            "tile",
            "facing",
            "level",
            "Quest Chest",
        ],
        &[4],
        Some(2),
    );
    for c in &sheet.chests {
        chests.row(vec![
            xy(c.at.square),
            xy(c.at.table),
            tile_name(&c.tile),
            c.facing.name().into(),
            c.level.to_string(),
            if c.quest { "Quest Chest" } else { "—" }.into(),
        ]);
    }
    let mut wmts = Table::new(
        &[
            "square",
            "table square",
            "tile",
            "colour",
            "number",
            "Guardian",
        ],
        &[4],
        Some(2),
    );
    // A kidnapping's Guardian wanders: say so where it is listed.
    let wandering_guardian = crate::mkd::mission::Mission::parse(&sheet.mission)
        .is_ok_and(|m| m.goal == crate::mkd::mission::Goal::Kidnapping);
    for w in &sheet.wmts {
        wmts.row(vec![
            xy(w.at.square),
            xy(w.at.table),
            tile_name(&w.tile),
            w.color.name().into(),
            w.number.to_string(),
            match (w.guardian, wandering_guardian) {
                (true, true) => "Guardian (K, wanders)",
                (true, false) => "Guardian",
                (false, _) => "—",
            }
            .into(),
        ]);
    }
    let mut markers = Table::new(
        &["marker", "kind", "square", "table square", "tile"],
        &[0],
        Some(4),
    );
    for (i, m) in sheet.markers.iter().enumerate() {
        markers.row(vec![
            (i + 1).to_string(),
            match m.kind {
                MarkerKind::Hindering => "hindering",
                MarkerKind::Water => "water",
            }
            .into(),
            xy(m.at.square),
            xy(m.at.table),
            m.tile.as_ref().map_or_else(|| "—".into(), tile_name),
        ]);
    }
    let mut parts = vec![Part::Heading("Chests".into())];
    if sheet.chests.is_empty() {
        parts.push(Part::Para("None.".into()));
    } else {
        parts.push(Part::Table(chests));
    }
    parts.push(Part::Heading("Wandering monster tokens".into()));
    if sheet.wmts.is_empty() {
        parts.push(Part::Para("None.".into()));
    } else {
        let has_guardian = sheet.wmts.iter().any(|w| w.guardian);
        parts.push(Part::Para(if !has_guardian {
            // A floor with stairs down keeps its Guardian for the floor below.
            "Face down.".into()
        } else if wandering_guardian {
            "Face down; in a kidnapping the Guardian WMT wanders too: the monster to kidnap comes out of it.".into()
        } else {
            "Face down; the Guardian WMT does not wander.".into()
        }));
        parts.push(Part::Table(wmts));
    }
    parts.push(Part::Heading("Terrain markers".into()));
    if sheet.markers.is_empty() {
        parts.push(Part::Para(if p.markers {
            "None were rolled.".into()
        } else {
            "None (the optional markers were not placed).".into()
        }));
    } else {
        parts.push(Part::Table(markers));
    }
    out.push(Section {
        title: "On the map".into(),
        parts,
    });

    // Pools.
    let pl = &sheet.pools;
    let mut parts = vec![Part::Fields(vec![
        (
            "WMT reveal bonus",
            format!("+{} to every WMT reveal roll", pl.wmt_reveal_bonus),
        ),
        (
            "Guardian reveal bonus",
            format!(
                "+{} to the Guardian's reveal roll",
                pl.guardian_reveal_bonus
            ),
        ),
        ("Doors", pl.doors.to_string()),
    ])];
    parts.push(Part::Heading("Chest Pool".into()));
    if pl.chests.is_empty() {
        parts.push(Part::Para("Empty.".into()));
    } else {
        let mut t = Table::new(&["level", "chests"], &[0, 1], None);
        for (level, n) in &pl.chests {
            t.row(vec![level.to_string(), n.to_string()]);
        }
        parts.push(Part::Table(t));
    }
    parts.push(Part::Heading("WMT Pool".into()));
    if pl.wmts.is_empty() {
        parts.push(Part::Para("Empty.".into()));
    } else {
        let mut t = Table::new(&["colour", "tokens", "numbers"], &[1], Some(2));
        for (color, numbers) in &pl.wmts {
            t.row(vec![
                color.name().into(),
                numbers.len().to_string(),
                numbers
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            ]);
        }
        parts.push(Part::Table(t));
    }
    parts.push(Part::Heading(
        "Terrain markers in the Accessories Pool".into(),
    ));
    if pl.terrain_obstacle + pl.terrain_special == 0 {
        parts.push(Part::Para("None.".into()));
    } else {
        let mut t = Table::new(&["side up", "markers"], &[1], None);
        t.row(vec!["obstacle".into(), pl.terrain_obstacle.to_string()]);
        t.row(vec![
            "special terrain".into(),
            pl.terrain_special.to_string(),
        ]);
        parts.push(Part::Table(t));
    }
    parts.push(Part::Heading("Furnishings".into()));
    if pl.furnishings.is_empty() {
        parts.push(Part::Para(if p.dressing {
            "None.".into()
        } else {
            "None (dressing was off).".into()
        }));
    } else {
        let mut t = Table::new(&["furnishing", "count"], &[1], Some(0));
        for (name, n) in &pl.furnishings {
            t.row(vec![name.clone(), n.to_string()]);
        }
        parts.push(Part::Table(t));
    }
    parts.push(Part::Heading("Monster Pool".into()));
    if pl.monsters.is_empty() {
        parts.push(Part::Para("Empty.".into()));
    } else {
        let figures: u64 = pl.monsters.iter().map(|m| u64::from(m.count)).sum();
        let points: u64 = pl
            .monsters
            .iter()
            .map(|m| u64::from(m.points) * u64::from(m.count))
            .sum();
        parts.push(Part::Para(format!(
            "{} of {}, {} in all.",
            plural(figures, "figure", "figures"),
            plural(pl.monsters.len() as u64, "kind", "kinds"),
            plural(points, "point", "points")
        )));
        let mut t = Table::new(
            &["figure", "points", "count", "abilities"],
            &[1, 2],
            Some(3),
        );
        for m in pl.monsters.iter() {
            t.row(vec![
                m.name.clone(),
                m.points.to_string(),
                m.count.to_string(),
                if m.abilities.is_empty() {
                    "—".into()
                } else {
                    m.abilities.join(", ")
                },
            ]);
        }
        parts.push(Part::Table(t));
    }
    out.push(Section {
        title: "Pools kept aside".into(),
        parts,
    });

    // The dice log.
    let mut log = Table::new(
        &["#", "stage", "roll", "result", "purpose"],
        &[0, 3],
        Some(4),
    );
    log.compact = true;
    for (i, l) in sheet.log.iter().enumerate() {
        log.row(vec![
            (i + 1).to_string(),
            l.stage.clone(),
            l.roll.clone(),
            if l.roll == "-" {
                "—".into()
            } else {
                l.result.to_string()
            },
            log_note(&l.purpose),
        ]);
    }
    out.push(Section {
        title: "Setup dice log".into(),
        parts: vec![
            Part::Para(format!(
                "{}, in the order they were made; a roll of \"-\" is a decision that needed no die.",
                plural(sheet.log.len() as u64, "roll", "rolls")
            )),
            Part::Table(log),
        ],
    });
    out
}
