//! What the Draken Master's sheet says (plain data; `export::sheet` lays it
//! out as Markdown and PDF): what the players must not see — each chest's
//! number, the secret doors, the hidden dungeon conditions, the kill
//! target — and what the Draken Master needs at hand: the objective, every piece and where it goes, the spawn,
//! trap and chest tables, each furnishing's explore effect, and the pick
//! list of pieces in the order they are laid.

use crate::dw10::scenario::{FeatureKind, Objective, Scenario};
use crate::dw10::tables::Tables;

/// One line of a table: its cells, as the sheet prints them.
pub type Row = Vec<String>;

/// The Draken Master's sheet of one scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct DmSheet {
    /// The title line.
    pub title: String,
    /// Seed, tile set, difficulty: the labelled values at the top.
    pub facts: Vec<(&'static str, String)>,
    /// How each side wins, in words.
    pub victory: Vec<String>,
    /// The pieces in the order they are laid: step, id, kind, face and
    /// turn, north-west corner.
    pub pick_list: Vec<Row>,
    /// Each chest: square, tile, hidden number.
    pub chests: Vec<Row>,
    /// Each door: square, edge, kind (plain, colour, secret).
    pub doors: Vec<Row>,
    /// Every other feature: what, square, tile, note.
    pub features: Vec<Row>,
    /// Each dungeon condition: square, tile, what, on the players' map or
    /// hidden, the d6 that sets it off, what it does.
    pub conditions: Vec<Row>,
    /// Each furnishing and piece on the map with its explore effect.
    pub effects: Vec<Row>,
    /// The spawn table: 2d6, spawn.
    pub spawns: Vec<Row>,
    /// The `?` trap table: d6, effect.
    pub traps: Vec<Row>,
    /// The chest contents: 2d6, contents.
    pub contents: Vec<Row>,
    /// The setup dice log, one line each.
    pub log: Vec<String>,
}

fn sq(x: i32, y: i32) -> String {
    format!("{x},{y}")
}

/// Gathers the sheet of a scenario with the game's tables.
pub fn dm_sheet(s: &Scenario, t: &Tables) -> DmSheet {
    let g = &s.game;
    let tile = |x: i32, y: i32| {
        s.tile_at(x, y)
            .map(|i| s.tiles[i].id.clone())
            .unwrap_or_default()
    };
    let objective = match &g.victory.objective {
        Objective::Recover { chest } => {
            let c = g
                .features
                .iter()
                .filter(|f| f.kind == FeatureKind::Chest)
                .nth(*chest as usize - 1);
            match c {
                Some(c) => format!(
                    "the heroes win by opening chest {chest} (on {} in {}) and then leaving together through an active teleporter",
                    sq(c.x, c.y),
                    tile(c.x, c.y)
                ),
                None => format!("the heroes win by opening chest {chest}"),
            }
        }
        Objective::Rescue => {
            let p = g.features.iter().find(|f| f.kind == FeatureKind::Prisoner);
            format!(
                "the heroes win by reaching the prisoner{} and then leaving together through an active teleporter",
                p.map(|p| format!(" on {} in {}", sq(p.x, p.y), tile(p.x, p.y)))
                    .unwrap_or_default()
            )
        }
        Objective::Slay { monster } => {
            let p = g.features.iter().find(|f| f.kind == FeatureKind::Lair);
            format!(
                "the heroes win by killing the {monster} that waits in its lair{}",
                p.map(|p| format!(" on {} in {}", sq(p.x, p.y), tile(p.x, p.y)))
                    .unwrap_or_default()
            )
        }
    };
    let victory = vec![
        format!(
            "The Draken Master wins at {} (a victory point for each hero killed).",
            crate::core::text::counted(g.victory.dm_kills, "kill", "kills")
        ),
        format!("Objective: {objective}."),
        format!(
            "The heroes come in on the active teleporter on {}; killed heroes re-spawn on an active, revealed teleporter. Leaving together through active teleporters before the Draken Master wins is a retreat, neither a win nor a loss.",
            sq(g.start.x, g.start.y)
        ),
    ];
    let pick_list = s
        .tiles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            vec![
                (i + 1).to_string(),
                p.id.clone(),
                p.kind.name().to_string(),
                format!("{} {}°", p.face.name(), p.rotation),
                sq(p.x, p.y),
            ]
        })
        .collect();
    let mut chests = Vec::new();
    let mut doors = Vec::new();
    let mut features = Vec::new();
    let mut effects: Vec<Row> = Vec::new();
    let mut conditions = Vec::new();
    let mut n = 0;
    for f in &g.features {
        match f.kind {
            FeatureKind::Condition => {
                let what = f.what.clone().unwrap_or_default();
                let row = s.game.condition_row(&what);
                conditions.push(vec![
                    sq(f.x, f.y),
                    tile(f.x, f.y),
                    what.clone(),
                    if f.is_secret() { "hidden" } else { "shown" }.into(),
                    row.map(|r| match r.goes_off {
                        6 => "d6 6".to_string(),
                        n => format!("d6 {n}-6"),
                    })
                    .unwrap_or_default(),
                    row.map(|r| r.words.clone()).unwrap_or_default(),
                ]);
            }
            FeatureKind::Chest => {
                n += 1;
                chests.push(vec![
                    n.to_string(),
                    sq(f.x, f.y),
                    tile(f.x, f.y),
                    f.number.unwrap_or(0).to_string(),
                ]);
            }
            FeatureKind::Door => {
                let what = if f.is_secret() {
                    "secret (not on the players' map)".to_string()
                } else if let Some(c) = f.colour {
                    format!("{c}: opens with a {c} key")
                } else {
                    "plain".to_string()
                };
                doors.push(vec![
                    sq(f.x, f.y),
                    f.side.map(|s| s.name().to_string()).unwrap_or_default(),
                    what,
                ]);
            }
            _ => {
                let note = match f.kind {
                    FeatureKind::Teleporter if f.active == Some(true) => {
                        "active (the start)".into()
                    }
                    FeatureKind::Teleporter => "inactive until a hero enters".into(),
                    FeatureKind::Staircase | FeatureKind::Key => {
                        f.colour.map(|c| c.name().to_string()).unwrap_or_default()
                    }
                    _ => f.what.clone().unwrap_or_default(),
                };
                features.push(vec![
                    f.kind.name().to_string(),
                    sq(f.x, f.y),
                    tile(f.x, f.y),
                    note,
                ]);
                let piece = match f.kind {
                    FeatureKind::Furnishing | FeatureKind::Spawn => f.what.clone(),
                    FeatureKind::Coffin => Some("coffin".into()),
                    FeatureKind::Pool => Some("pool".into()),
                    _ => None,
                };
                if let Some(p) = piece
                    && !effects.iter().any(|r| r[0] == p)
                    && let Some(w) = t.effect(&p)
                {
                    effects.push(vec![p, w.to_string()]);
                }
            }
        }
    }
    effects.sort();
    let mut spawns: Vec<Row> = t
        .spawns
        .iter()
        .map(|r| {
            vec![
                r.roll.to_string(),
                r.words
                    .clone()
                    .unwrap_or_else(|| format!("{} {}", r.count, r.monster)),
            ]
        })
        .collect();
    spawns.sort_by_key(|r| r[0].parse::<u32>().unwrap_or(0));
    let mut traps: Vec<Row> = t
        .traps
        .iter()
        .map(|r| {
            let what = if r.kills {
                "the hero dies".to_string()
            } else {
                let mut w = format!(
                    "{} automatic hit{}",
                    r.hits,
                    if r.hits == 1 { "" } else { "s" }
                );
                if r.poison > 0 {
                    w.push_str(&format!(
                        " and {} poison counter{}",
                        r.poison,
                        if r.poison == 1 { "" } else { "s" }
                    ));
                }
                w
            };
            vec![r.roll.to_string(), what]
        })
        .collect();
    traps.sort_by(|a, b| b[0].cmp(&a[0]));
    let contents = t
        .chest_contents
        .iter()
        .map(|r| vec![r.roll.clone(), r.words.clone()])
        .collect();
    DmSheet {
        title: format!("Draken Master's sheet — seed {}", s.seed),
        facts: vec![
            ("Rules", "Dungeon World 10 mm (dungeon-world-10mm)".into()),
            ("Seed", s.seed.to_string()),
            ("Tile set", g.params.tileset.clone()),
            (
                "Map",
                format!(
                    "{} × {} squares, 1 square = {} mm",
                    s.size.width,
                    s.size.height,
                    crate::core::text::mm_text(s.square_mm)
                ),
            ),
            ("Difficulty", g.params.difficulty.name().into()),
            ("Kill target", g.victory.dm_kills.to_string()),
            ("Start", sq(g.start.x, g.start.y)),
        ],
        victory,
        pick_list,
        chests,
        doors,
        features,
        conditions,
        effects,
        spawns,
        traps,
        contents,
        log: s
            .log
            .iter()
            .map(|e| {
                let line = if e.roll == "-" {
                    format!("{}: {}", e.stage, e.purpose)
                } else {
                    format!("{}: {} = {}: {}", e.stage, e.roll, e.result, e.purpose)
                };
                crate::core::text::excerpt(&line, 200)
            })
            .collect(),
    }
}
