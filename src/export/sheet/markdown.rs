//! The sheet for screens: `setup.md`.

use super::content::*;
use crate::mkd::scenario::Scenario;
use crate::mkd::sheet::*;

/// Escapes text for Markdown (GitHub flavour): inline markup, table pipes and
/// HTML are made literal; line breaks become spaces.
pub(super) fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '|' | '[' | ']' | '~' | '#' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

pub(super) fn md_table(out: &mut String, t: &Table) {
    let line = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    out.push_str(&line(t.headers.iter().map(|h| md(h)).collect()));
    out.push_str(&line(
        t.right
            .iter()
            .map(|&r| if r { "---:" } else { "---" }.to_string())
            .collect(),
    ));
    for row in &t.rows {
        out.push_str(&line(
            row.iter()
                .enumerate()
                .map(|(i, c)| {
                    if t.code.contains(&i) && !c.contains('`') && !c.contains('|') {
                        format!("`{c}`")
                    } else {
                        md(c)
                    }
                })
                .collect(),
        ));
    }
    out.push('\n');
}

/// A roll log as a Markdown table of dice, result and purpose, for the
/// sheets that print their rolls as they are (`characters.md`, the
/// Dungeons Dark & Dangerous setup sheet): only a purpose's pipes are
/// escaped.
pub(crate) fn rolls_md<'a>(
    out: &mut String,
    log: impl IntoIterator<Item = &'a crate::core::dice::LogEntry>,
) {
    use std::fmt::Write;
    out.push_str("| dice | result | for |\n|---|--:|---|\n");
    for e in log {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            e.roll,
            e.result,
            e.purpose.replace('|', "\\|")
        );
    }
}

/// The setup sheet of a scenario as Markdown (`setup.md`), for reading on a
/// screen.
pub fn setup_markdown(s: &Scenario) -> String {
    sheet_markdown(&setup_sheet(s))
}

/// A gathered setup sheet as Markdown.
pub fn sheet_markdown(sheet: &SetupSheet) -> String {
    let mut out = String::new();
    for (n, sec) in sections(sheet).iter().enumerate() {
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
                Part::TileDiagrams => {
                    for t in &sheet.tiles {
                        out.push_str(&format!("### Step {}: {}\n\n", t.step, md(&t.id)));
                        out.push_str(&md(&format!(
                            "{}, {} face up, turned {}°; north-west corner on square {} \
                             (table {}); {} × {} squares; {}.",
                            t.kind.name(),
                            t.face.name(),
                            t.rotation,
                            xy(t.at.square),
                            xy(t.at.table),
                            t.width,
                            t.height,
                            if t.step == 1 {
                                against_text(t)
                            } else {
                                format!("against {}", against_text(t))
                            }
                        )));
                        out.push_str("\n\n```text\n");
                        for row in &t.diagram {
                            out.push_str(row);
                            out.push('\n');
                        }
                        out.push_str("```\n\n");
                    }
                }
            }
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}
