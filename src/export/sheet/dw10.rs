//! The Draken Master's sheet of a Dungeon World 10 mm scenario
//! (`setup.md`, `setup.pdf`): the same sections for the screen and the
//! printer, laid out like the MKD setup sheet.

use super::content::{Part, Section, Table};
use super::markdown::{md, md_table};
use crate::dw10::sheet::DmSheet;
use crate::export::ExportError;
use crate::export::paper::PrintOptions;
use crate::export::style::Style;

fn table(headers: &[&'static str], right: &[usize], flex: usize, rows: &[Vec<String>]) -> Part {
    let mut t = Table::new(headers, right, Some(flex));
    for r in rows {
        t.row(r.clone());
    }
    Part::Table(t)
}

/// The sheet's sections, in the order both outputs print them.
fn sections(s: &DmSheet) -> Vec<Section> {
    let mut out = vec![Section {
        title: s.title.clone(),
        parts: vec![
            Part::Para(
                "For the Draken Master's eyes only: the players' map shows no chest numbers, no secret doors and no hidden dungeon conditions.".into(),
            ),
            Part::Fields(s.facts.clone()),
        ],
    }];
    out.push(Section {
        title: "Victory".into(),
        parts: s.victory.iter().map(|v| Part::Para(v.clone())).collect(),
    });
    out.push(Section {
        title: "Pick list".into(),
        parts: vec![
            Part::Para("The pieces in the order they are laid; the corner is the piece's north-west square on the map's rulers.".into()),
            table(&["step", "piece", "kind", "face and turn", "corner"], &[0], 3, &s.pick_list),
        ],
    });
    let mut secrets = vec![
        Part::Heading("Chests and their hidden numbers".into()),
        Part::Para("Write each number under its chest. A hero opening one (2 action points) must roll higher than the number on a d6, or the chest's trap springs: read the trap table at that number. A hero with the Trap ability rolls against the number less 1 (a chest 1 is safe for it); a trap it springs is still read at the chest's own number.".into()),
        table(&["chest", "square", "piece", "number"], &[0, 3], 2, &s.chests),
    ];
    if !s.doors.is_empty() {
        secrets.push(Part::Heading("Doors".into()));
        secrets.push(table(&["square", "edge", "door"], &[], 2, &s.doors));
    }
    out.push(Section {
        title: "What the players must not see".into(),
        parts: secrets,
    });
    out.push(Section {
        title: "Counters and pieces".into(),
        parts: vec![table(
            &["what", "square", "piece", "note"],
            &[],
            3,
            &s.features,
        )],
    });
    if !s.conditions.is_empty() {
        out.push(Section {
            title: "Dungeon conditions".into(),
            parts: vec![
                Part::Para("tilecrawl's own formula (the rules leave it to the scenario): when a hero enters one of these squares, roll a d6 in the open; the face given or more sets it off (a hero with the Trap ability counts the die 1 lower). It then ends that hero's action on the square, does what it says, and is spent; otherwise it stays for the next hero. A hidden one is not on the players' map until a hero crosses it.".into()),
                table(
                    &["square", "piece", "condition", "map", "goes off", "what it does"],
                    &[],
                    5,
                    &s.conditions,
                ),
            ],
        });
    }
    if !s.effects.is_empty() {
        out.push(Section {
            title: "Explore effects".into(),
            parts: vec![table(&["piece", "effect"], &[], 1, &s.effects)],
        });
    }
    out.push(Section {
        title: "Tables".into(),
        parts: vec![
            Part::Heading(
                "Spawning (before each Mover's phase: 3d6, a roll here for each 6)".into(),
            ),
            table(&["2d6", "spawns"], &[0], 1, &s.spawns),
            Part::Heading("? counter traps (after a 6 on the first d6)".into()),
            table(&["d6", "trap"], &[0], 1, &s.traps),
            Part::Heading("Chest contents".into()),
            table(&["2d6", "contents"], &[0], 1, &s.contents),
        ],
    });
    let mut log = Table::new(&["roll"], &[], Some(0));
    log.compact = true;
    for l in &s.log {
        log.row(vec![l.clone()]);
    }
    out.push(Section {
        title: "Setup dice".into(),
        parts: vec![Part::Table(log)],
    });
    out
}

/// The Draken Master's sheet as Markdown.
pub fn dm_markdown(s: &DmSheet) -> String {
    let mut out = String::new();
    for (n, sec) in sections(s).iter().enumerate() {
        out.push_str(if n == 0 { "# " } else { "## " });
        out.push_str(&md(&sec.title));
        out.push_str("\n\n");
        for part in &sec.parts {
            match part {
                Part::Heading(h) => {
                    out.push_str("### ");
                    out.push_str(&md(h));
                    out.push_str("\n\n");
                }
                Part::Para(text) => {
                    out.push_str(&md(text));
                    out.push_str("\n\n");
                }
                Part::Fields(fields) => {
                    for (k, v) in fields {
                        out.push_str(&format!("- **{}:** {}\n", md(k), md(v)));
                    }
                    out.push('\n');
                }
                Part::Table(t) => md_table(&mut out, t),
                Part::TileDiagrams => {}
            }
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// The Draken Master's sheet as a PDF on `print`'s paper.
pub fn dm_pdf(s: &DmSheet, print: &PrintOptions, style: &Style) -> Result<Vec<u8>, ExportError> {
    let head = format!("tilecrawl {}", s.title);
    let foot = s
        .facts
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(" · ");
    super::sections_pdf(
        &sections(s),
        print,
        style,
        (&head, &foot),
        &s.title,
        crate::GENERATOR,
    )
}
