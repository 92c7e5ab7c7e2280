//! The sheet for the printer: `setup.pdf`, laid out into pages of simple
//! drawing operations, then written with krilla.

use super::content::*;
use super::tags::{Role, Tagger};
use crate::export::error::ExportError;
use crate::export::paper::{MIN_MARGIN_MM, MM_PER_PT, PrintOptions, SHEET_ROOM_MM};
use crate::export::style::{Color, Fill as StyleFill, Style};
use crate::mkd::scenario::Scenario;
use crate::mkd::sheet::*;
use crate::tileset::Cell;

/// An sRGB colour.
pub(super) type Rgb = (u8, u8, u8);

pub(super) const INK: Rgb = (0x1e, 0x1a, 0x17);
pub(super) const MUTED: Rgb = (0x5a, 0x54, 0x4c);
pub(super) const RULE: Rgb = (0xb4, 0xac, 0xa0);
pub(super) const HEADER_FILL: Rgb = (0xe6, 0xe1, 0xd8);
pub(super) const STRIPE_FILL: Rgb = (0xf5, 0xf3, 0xef);

/// One drawing operation on a page, in points from the top-left corner.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Op {
    /// Text on a baseline starting at `x`, `y`; `width` as measured.
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        color: Rgb,
        width: f32,
        text: String,
    },
    /// A filled and/or stroked rectangle.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
    },
    /// A stroked polyline.
    Line {
        points: Vec<(f32, f32)>,
        color: Rgb,
        width: f32,
    },
    /// The start of a part of the sheet's structure (a heading, a table, a
    /// cell...), for the tagged PDF: the drawing up to the matching
    /// [`Op::Close`] belongs to it, over a page break if need be.
    Open(Role),
    /// The end of the innermost open part.
    Close,
}

/// Advance widths of the embedded fonts, to measure and wrap text.
pub(super) struct Metrics {
    pub(super) regular: ttf_parser::Face<'static>,
    pub(super) bold: ttf_parser::Face<'static>,
}

impl Metrics {
    pub(super) fn new() -> Result<Metrics, ExportError> {
        let face = |data: &'static [u8]| {
            ttf_parser::Face::parse(data, 0)
                .map_err(|e| ExportError::Pdf(format!("the embedded font cannot be read: {e}")))
        };
        Ok(Metrics {
            regular: face(crate::export::png::DEJAVU_SANS)?,
            bold: face(crate::export::png::DEJAVU_SANS_BOLD)?,
        })
    }

    pub(super) fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
        let f = if bold { &self.bold } else { &self.regular };
        let units: u32 = text
            .chars()
            .map(|c| {
                let g = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                u32::from(f.glyph_hor_advance(g).unwrap_or(0))
            })
            .sum();
        units as f32 / f32::from(f.units_per_em()) * size
    }

    /// Greedy word wrap to `max` points; words longer than a line are broken.
    pub(super) fn wrap(&self, text: &str, size: f32, bold: bool, max: f32) -> Vec<String> {
        let text = plain_text(text);
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split(' ').filter(|w| !w.is_empty()) {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if self.width(&candidate, size, bold) <= max {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone: break it where it overflows.
            for c in word.chars() {
                line.push(c);
                if self.width(&line, size, bold) > max && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::take(&mut line));
                    line.push(c);
                }
            }
        }
        if !line.is_empty() || lines.is_empty() {
            lines.push(line);
        }
        lines
    }
}

/// User text as one line of plain characters (no control characters).
pub(super) fn plain_text(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The page geometry.
#[derive(Debug, Clone, Copy)]
pub(super) struct Geometry {
    pub(super) width: f32,
    pub(super) height: f32,
    pub(super) margin: f32,
}

impl Geometry {
    pub(super) fn new(print: &PrintOptions) -> Result<Geometry, ExportError> {
        let (w, h) = print.paper.size_pt();
        let margin_mm = if print.margin_mm.is_finite() {
            print.margin_mm.max(MIN_MARGIN_MM)
        } else {
            MIN_MARGIN_MM
        };
        let g = Geometry {
            width: w as f32,
            height: h as f32,
            margin: (margin_mm / MM_PER_PT) as f32,
        };
        // Room for the widest table: about 120 mm of text.
        let room_mm = (w.min(h) - 2.0 * f64::from(g.margin)) * MM_PER_PT;
        if room_mm < SHEET_ROOM_MM - 1e-3 {
            return Err(ExportError::Pdf(format!(
                "a margin of {margin_mm} mm leaves {room_mm:.0} mm across {} paper for the setup \
                 sheet; use a margin of at most {} mm",
                print.paper.name(),
                print.paper.max_margin_mm()
            )));
        }
        Ok(g)
    }

    pub(super) fn content_width(&self) -> f32 {
        self.width - 2.0 * self.margin
    }

    /// Top of the content area (below the running header).
    pub(super) fn top(&self) -> f32 {
        self.margin + 22.0
    }

    /// Bottom of the content area (above the running footer).
    pub(super) fn bottom(&self) -> f32 {
        self.height - self.margin - 16.0
    }
}

pub(super) const BODY_PT: f32 = 9.0;
pub(super) const TABLE_PT: f32 = 8.0;
pub(super) const COMPACT_PT: f32 = 7.0;
pub(super) const PAD_X: f32 = 4.0;
pub(super) const PAD_Y: f32 = 2.5;
/// The largest side of a tile diagram in the PDF, in points.
pub(super) const DIAGRAM_MAX_PT: f32 = 84.0;

pub(super) fn line_height(size: f32) -> f32 {
    size * 1.28
}

/// Distance from the top of a line box to its baseline.
pub(super) fn ascent(size: f32) -> f32 {
    size * 0.98
}

/// The colours of the tile diagrams, taken from the map's style so the
/// sheet prints like the map (`--style ink` gives grey tones, no colour).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Palette {
    /// Floor, hindering, water, crevice, blocking, wall: what each fill
    /// averages to on paper.
    pub(super) cells: [Rgb; 6],
    /// The grid line around each square.
    pub(super) grid: Rgb,
    /// The marks on hindering, water, crevice and blocking squares.
    pub(super) marks: [Rgb; 4],
}

impl Palette {
    pub(super) fn of(st: &Style) -> Palette {
        let rgb = |c: Color| (c.r, c.g, c.b);
        let avg = |f: StyleFill| rgb(f.average());
        Palette {
            cells: [
                avg(st.floor),
                avg(st.hindering),
                avg(st.water),
                avg(st.crevice),
                avg(st.blocking),
                avg(st.wall),
            ],
            grid: rgb(st.grid),
            marks: [
                rgb(st.hindering_mark),
                rgb(st.water_mark),
                rgb(st.crevice_mark),
                rgb(st.blocking_mark),
            ],
        }
    }
}

/// Lays sections out on pages.
pub(super) struct Pager<'a> {
    pub(super) m: &'a Metrics,
    pub(super) g: Geometry,
    pub(super) pages: Vec<Vec<Op>>,
    pub(super) y: f32,
    pub(super) palette: Palette,
}

impl<'a> Pager<'a> {
    pub(super) fn new(m: &'a Metrics, g: Geometry, palette: Palette) -> Pager<'a> {
        Pager {
            m,
            g,
            pages: vec![Vec::new()],
            y: g.top(),
            palette,
        }
    }

    pub(super) fn ops(&mut self) -> &mut Vec<Op> {
        self.pages.last_mut().expect("a page is open")
    }

    /// Opens a part of the structure ([`Op::Open`]).
    pub(super) fn open(&mut self, role: Role) {
        self.ops().push(Op::Open(role));
    }

    /// Closes the innermost open part ([`Op::Close`]).
    pub(super) fn close(&mut self) {
        self.ops().push(Op::Close);
    }

    pub(super) fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = self.g.top();
    }

    /// Starts a new page unless `h` points fit below the cursor.
    pub(super) fn ensure(&mut self, h: f32) {
        if self.y + h > self.g.bottom() && self.y > self.g.top() {
            self.new_page();
        }
    }

    pub(super) fn text(
        &mut self,
        x: f32,
        baseline: f32,
        size: f32,
        bold: bool,
        color: Rgb,
        text: String,
    ) {
        let width = self.m.width(&text, size, bold);
        self.ops().push(Op::Text {
            x,
            y: baseline,
            size,
            bold,
            color,
            width,
            text,
        });
    }

    /// [`Pager::text`] followed by a space that is not drawn or measured:
    /// a line the wrap broke, or a label with its value beside it, so a
    /// reader of the text (a screen reader, copy and paste) does not run
    /// the words together.
    fn text_then_space(
        &mut self,
        x: f32,
        baseline: f32,
        size: f32,
        bold: bool,
        color: Rgb,
        text: String,
    ) {
        self.text(x, baseline, size, bold, color, text);
        if let Some(Op::Text { text, .. }) = self.ops().last_mut() {
            text.push(' ');
        }
    }

    pub(super) fn lines(
        &mut self,
        text: &str,
        size: f32,
        bold: bool,
        color: Rgb,
        x: f32,
        max: f32,
    ) {
        let lh = line_height(size);
        let lines = self.m.wrap(text, size, bold, max);
        let n = lines.len();
        for (i, line) in lines.into_iter().enumerate() {
            self.ensure(lh);
            let y = self.y + ascent(size);
            if i + 1 < n {
                self.text_then_space(x, y, size, bold, color, line);
            } else {
                self.text(x, y, size, bold, color, line);
            }
            self.y += lh;
        }
    }

    pub(super) fn title(&mut self, text: &str) {
        self.open(Role::Title);
        self.lines(text, 16.0, true, INK, self.g.margin, self.g.content_width());
        self.close();
        self.y += 4.0;
    }

    pub(super) fn heading(&mut self, text: &str) {
        self.y += 8.0;
        self.ensure(line_height(12.0) + 48.0);
        self.open(Role::Heading);
        self.lines(text, 12.0, true, INK, self.g.margin, self.g.content_width());
        self.close();
        self.y += 3.0;
    }

    pub(super) fn sub_heading(&mut self, text: &str) {
        self.y += 4.0;
        self.ensure(line_height(10.0) + 36.0);
        self.open(Role::SubHeading);
        self.lines(text, 10.0, true, INK, self.g.margin, self.g.content_width());
        self.close();
        self.y += 2.0;
    }

    pub(super) fn para(&mut self, text: &str) {
        self.open(Role::Para);
        self.lines(
            text,
            BODY_PT,
            false,
            INK,
            self.g.margin,
            self.g.content_width(),
        );
        self.close();
        self.y += 4.0;
    }

    pub(super) fn fields(&mut self, fields: &[(&'static str, String)]) {
        let lh = line_height(BODY_PT);
        for (k, v) in fields {
            // The value follows its own label a space on, not a column
            // shared by every label: a text extractor (and a screen
            // reader) then reads "Mission: quest" as one line, where two
            // columns read as all the labels, then all the values.
            let key_w = self
                .m
                .width(&format!("{k}:"), BODY_PT, true)
                .min(self.g.content_width() * 0.35)
                + 4.0;
            let key = self.m.wrap(&format!("{k}:"), BODY_PT, true, key_w - 4.0);
            let value = self
                .m
                .wrap(v, BODY_PT, false, self.g.content_width() - key_w);
            let n = key.len().max(value.len());
            self.ensure(lh * n as f32);
            let top = self.y;
            self.open(Role::Para);
            for (i, line) in key.into_iter().enumerate() {
                let y = top + lh * i as f32 + ascent(BODY_PT);
                self.text_then_space(self.g.margin, y, BODY_PT, true, INK, line);
            }
            let last = value.len().saturating_sub(1);
            for (i, line) in value.into_iter().enumerate() {
                let y = top + lh * i as f32 + ascent(BODY_PT);
                let x = self.g.margin + key_w;
                if i < last {
                    self.text_then_space(x, y, BODY_PT, false, INK, line);
                } else {
                    self.text(x, y, BODY_PT, false, INK, line);
                }
            }
            self.close();
            self.y = top + lh * n as f32;
        }
        self.y += 4.0;
    }

    /// Width of one diagram square so that the diagram fits `DIAGRAM_MAX_PT`.
    pub(super) fn diagram_square(t: &Table, rows: &[String]) -> f32 {
        let w = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let n = w.max(rows.len()).max(1) as f32;
        t.diagram_square_pt.min(DIAGRAM_MAX_PT / n)
    }

    pub(super) fn column_widths(&self, t: &Table, size: f32) -> Vec<f32> {
        let avail = self.g.content_width();
        let mut natural: Vec<f32> = t
            .headers
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let head = self.m.width(h, size, true);
                let cells = t
                    .rows
                    .iter()
                    .map(|r| self.m.width(&plain_text(&r[i]), size, false))
                    .fold(0.0, f32::max);
                head.max(cells) + 2.0 * PAD_X
            })
            .collect();
        let diagram = (!t.diagrams.is_empty()).then(|| {
            let widest = t
                .diagrams
                .iter()
                .map(|d| {
                    let sq = Self::diagram_square(t, d);
                    d.iter().map(|r| r.chars().count()).max().unwrap_or(0) as f32 * sq
                })
                .fold(0.0, f32::max);
            widest.max(self.m.width(t.diagram_header, size, true)) + 2.0 * PAD_X
        });
        // The diagram column keeps its width; the text columns share the rest,
        // at their natural width while it fits, the flex column wrapping first.
        let diagram_w = diagram.unwrap_or(0.0);
        let text_avail = avail - diagram_w;
        let sum: f32 = natural.iter().sum();
        if sum > text_avail {
            match t.flex {
                Some(f) => {
                    let others = sum - natural[f];
                    let min_flex = (text_avail * 0.3).min(natural[f]);
                    if others + min_flex > text_avail {
                        let scale = (text_avail - min_flex) / others;
                        for (i, w) in natural.iter_mut().enumerate() {
                            if i != f {
                                *w *= scale;
                            }
                        }
                        natural[f] = min_flex;
                    } else {
                        natural[f] = text_avail - others;
                    }
                }
                None => {
                    let scale = text_avail / sum;
                    natural.iter_mut().for_each(|w| *w *= scale);
                }
            }
        }
        if diagram.is_some() {
            natural.push(diagram_w);
        }
        natural
    }

    pub(super) fn table(&mut self, t: &Table, caption: &str) {
        let size = if t.compact { COMPACT_PT } else { TABLE_PT };
        let lh = line_height(size);
        let widths = self.column_widths(t, size);
        let x0 = self.g.margin;
        let total: f32 = widths.iter().sum();
        let ncols = t.headers.len();

        let head_cells: Vec<Vec<String>> = t
            .headers
            .iter()
            .map(|h| h.to_string())
            .chain((!t.diagrams.is_empty()).then(|| t.diagram_header.to_string()))
            .enumerate()
            .map(|(i, h)| self.m.wrap(&h, size, true, widths[i] - 2.0 * PAD_X))
            .collect();
        let head_h = head_cells.iter().map(Vec::len).max().unwrap_or(1) as f32 * lh + 2.0 * PAD_Y;

        // The header row is the table's first row; drawn again at the top of
        // a later page, it is for the eye only.
        let draw_header = |p: &mut Pager, continued: bool| {
            p.open(if continued { Role::Repeat } else { Role::Row });
            if continued {
                let y = p.y;
                p.text(
                    x0,
                    y + ascent(size),
                    size,
                    true,
                    MUTED,
                    format!("{caption} (continued)"),
                );
                p.y += lh + 1.0;
            }
            let top = p.y;
            p.ops().push(Op::Rect {
                x: x0,
                y: top,
                w: total,
                h: head_h,
                fill: Some(HEADER_FILL),
                stroke: None,
            });
            let mut x = x0;
            for (i, lines) in head_cells.iter().enumerate() {
                p.open(Role::HeaderCell);
                for (j, line) in lines.iter().enumerate() {
                    let w = p.m.width(line, size, true);
                    let lx = if i < ncols && t.right[i] {
                        x + widths[i] - PAD_X - w
                    } else {
                        x + PAD_X
                    };
                    let y = top + PAD_Y + lh * j as f32 + ascent(size);
                    p.text(lx, y, size, true, INK, line.clone());
                }
                p.close();
                x += widths[i];
            }
            p.close();
            p.y = top + head_h;
        };

        let max_row_h = self.g.bottom() - self.g.top() - head_h - lh - 2.0;
        let max_lines = (((max_row_h - 2.0 * PAD_Y) / lh).floor() as usize).max(1);

        // The header goes with the first row.
        let mut first = true;
        for (r, row) in t.rows.iter().enumerate() {
            let mut cells: Vec<Vec<String>> = row
                .iter()
                .enumerate()
                .map(|(i, c)| self.m.wrap(c, size, false, widths[i] - 2.0 * PAD_X))
                .collect();
            for c in &mut cells {
                if c.len() > max_lines {
                    c.truncate(max_lines);
                    if let Some(last) = c.last_mut() {
                        last.push('…');
                    }
                }
            }
            let diagram = t.diagrams.get(r);
            let sq = diagram.map(|d| Self::diagram_square(t, d)).unwrap_or(0.0);
            let diagram_h = diagram.map_or(0.0, |d| d.len() as f32 * sq);
            let text_h = cells.iter().map(Vec::len).max().unwrap_or(1) as f32 * lh;
            let row_h = text_h.max(diagram_h) + 2.0 * PAD_Y;

            if first {
                self.ensure(head_h + row_h);
                self.open(Role::Table);
                draw_header(self, false);
                first = false;
            } else if self.y + row_h > self.g.bottom() {
                self.new_page();
                draw_header(self, true);
            }
            let top = self.y;
            self.open(Role::Row);
            if r % 2 == 1 {
                self.ops().push(Op::Rect {
                    x: x0,
                    y: top,
                    w: total,
                    h: row_h,
                    fill: Some(STRIPE_FILL),
                    stroke: None,
                });
            }
            let mut x = x0;
            for (i, lines) in cells.into_iter().enumerate() {
                self.open(Role::Cell);
                for (j, line) in lines.into_iter().enumerate() {
                    let lx = if t.right[i] {
                        x + widths[i] - PAD_X - self.m.width(&line, size, false)
                    } else {
                        x + PAD_X
                    };
                    let y = top + PAD_Y + lh * j as f32 + ascent(size);
                    self.text(lx, y, size, false, INK, line);
                }
                self.close();
                x += widths[i];
            }
            if let Some(d) = diagram {
                self.open(Role::Cell);
                self.open(Role::Figure(diagram_words(d)));
                self.diagram(x + PAD_X, top + PAD_Y, sq, d);
                self.close();
                self.close();
            }
            self.close();
            let y = top + row_h;
            self.y = y;
            self.ops().push(Op::Line {
                points: vec![(x0, y), (x0 + total, y)],
                color: RULE,
                width: 0.4,
            });
        }
        if !first {
            self.close();
        }
        self.y += 6.0;
    }

    /// A tile diagram: one square per legend character, north up.
    pub(super) fn diagram(&mut self, x0: f32, y0: f32, sq: f32, rows: &[String]) {
        for (j, row) in rows.iter().enumerate() {
            for (i, ch) in row.chars().enumerate() {
                let cell = Cell::from_char(ch).unwrap_or(Cell::Void);
                let (x, y) = (x0 + sq * i as f32, y0 + sq * j as f32);
                self.cell(x, y, sq, cell);
            }
        }
    }

    /// One square of a diagram: the map's fill for the cell kind, and a mark
    /// that still tells the kinds apart on a black-and-white printer.
    pub(super) fn cell(&mut self, x: f32, y: f32, s: f32, cell: Cell) {
        let pal = self.palette;
        let fill = match cell {
            Cell::Void => return,
            Cell::Floor => pal.cells[0],
            Cell::Hindering => pal.cells[1],
            Cell::Water => pal.cells[2],
            Cell::Crevice => pal.cells[3],
            Cell::Blocking => pal.cells[4],
            Cell::Wall => pal.cells[5],
        };
        self.ops().push(Op::Rect {
            x,
            y,
            w: s,
            h: s,
            fill: Some(fill),
            stroke: Some((pal.grid, (s * 0.05).clamp(0.1, 0.3))),
        });
        let mark = (s * 0.1).clamp(0.2, 0.8);
        match cell {
            Cell::Hindering => {
                let d = s * 0.3;
                self.ops().push(Op::Rect {
                    x: x + (s - d) / 2.0,
                    y: y + (s - d) / 2.0,
                    w: d,
                    h: d,
                    fill: Some(pal.marks[0]),
                    stroke: None,
                });
            }
            Cell::Water => self.ops().push(Op::Line {
                points: vec![
                    (x + s * 0.15, y + s * 0.55),
                    (x + s * 0.38, y + s * 0.4),
                    (x + s * 0.62, y + s * 0.6),
                    (x + s * 0.85, y + s * 0.45),
                ],
                color: pal.marks[1],
                width: mark,
            }),
            Cell::Crevice => self.ops().push(Op::Line {
                points: vec![
                    (x + s * 0.2, y + s * 0.15),
                    (x + s * 0.6, y + s * 0.4),
                    (x + s * 0.35, y + s * 0.6),
                    (x + s * 0.8, y + s * 0.85),
                ],
                color: pal.marks[2],
                width: mark,
            }),
            Cell::Blocking => {
                let (a, b) = (s * 0.2, s * 0.8);
                for points in [
                    vec![(x + a, y + a), (x + b, y + b)],
                    vec![(x + b, y + a), (x + a, y + b)],
                ] {
                    self.ops().push(Op::Line {
                        points,
                        color: pal.marks[3],
                        width: mark,
                    });
                }
            }
            _ => {}
        }
    }

    /// The running header and footer, once the page count is known.
    pub(super) fn finish(mut self, head: &str, foot: &str) -> Vec<Vec<Op>> {
        let n = self.pages.len();
        let g = self.g;
        let left = g.margin;
        let right = g.width - g.margin;
        let pages = std::mem::take(&mut self.pages);
        let mut out = Vec::with_capacity(n);
        for (i, ops) in pages.into_iter().enumerate() {
            self.pages = vec![Vec::new()];
            self.open(Role::Running);
            let number = format!("page {} of {}", i + 1, n);
            let nw = self.m.width(&number, 9.0, false);
            let base = g.margin + ascent(9.0);
            let head_max = right - left - nw - 12.0;
            let head_line = self
                .m
                .wrap(head, 9.0, true, head_max)
                .into_iter()
                .next()
                .unwrap_or_default();
            self.text(left, base, 9.0, true, INK, head_line);
            self.text(right - nw, base, 9.0, false, INK, number);
            self.ops().push(Op::Line {
                points: vec![(left, g.margin + 14.0), (right, g.margin + 14.0)],
                color: RULE,
                width: 0.6,
            });
            let fy = g.height - g.margin - 2.0;
            self.ops().push(Op::Line {
                points: vec![(left, fy - 10.0), (right, fy - 10.0)],
                color: RULE,
                width: 0.4,
            });
            let foot_line = fit_fields(self.m, foot, 7.0, right - left);
            self.text(left, fy, 7.0, false, MUTED, foot_line);
            self.close();
            let mut page = std::mem::take(&mut self.pages[0]);
            page.extend(ops);
            out.push(page);
        }
        out
    }
}

/// What a reader says for a tile diagram: its size and its squares by
/// kind, north up as drawn.
fn diagram_words(rows: &[String]) -> String {
    let wide = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    // A legend's swatch: one square.
    if let ([row], 1) = (rows, wide)
        && let Some(cell) = row.chars().next().and_then(Cell::from_char)
    {
        return format!("swatch: {}", cell.name());
    }
    let mut words = format!("tile diagram, north up: {wide} by {} squares", rows.len());
    for kind in Cell::ALL {
        if kind == Cell::Void {
            continue;
        }
        let n = rows
            .iter()
            .flat_map(|r| r.chars())
            .filter(|&c| Cell::from_char(c) == Some(kind))
            .count();
        if n > 0 {
            words.push_str(&format!(", {n} {}", kind.name()));
        }
    }
    words
}

/// The setup sheet's running header and footer.
fn running_lines(sheet: &SetupSheet) -> (String, String) {
    let head = format!("tilecrawl setup sheet — seed {}", sheet.seed);
    let foot = format!(
        "seed {} · {} · tile set {} · {} · hero value {}",
        sheet.seed,
        sheet.mission,
        sheet.params.tileset,
        plural(sheet.params.sets, "set", "sets"),
        sheet.params.hero_value
    );
    (head, foot)
}

/// Lays the sheet out on pages.
pub(super) fn layout(
    sheet: &SetupSheet,
    m: &Metrics,
    g: Geometry,
    palette: Palette,
) -> Vec<Vec<Op>> {
    let (head, foot) = running_lines(sheet);
    layout_sections(&sections(sheet), m, g, palette, &head, &foot)
}

/// Lays sections out on pages (the first section's title as the page's
/// title), `head` and `foot` on every page.
fn layout_sections(
    sections: &[Section],
    m: &Metrics,
    g: Geometry,
    palette: Palette,
    head: &str,
    foot: &str,
) -> Vec<Vec<Op>> {
    let mut p = Pager::new(m, g, palette);
    for (n, sec) in sections.iter().enumerate() {
        if n == 0 {
            p.title(&sec.title);
        } else {
            p.heading(&sec.title);
        }
        let mut caption = sec.title.clone();
        for part in &sec.parts {
            match part {
                Part::Heading(h) => {
                    p.sub_heading(h);
                    caption = h.clone();
                }
                Part::Para(text) => p.para(text),
                Part::Fields(f) => p.fields(f),
                Part::Table(t) => p.table(t, &caption),
                Part::TileDiagrams => {}
            }
        }
    }
    p.finish(head, foot)
}

/// The setup sheet as a PDF (`setup.pdf`) on `print.paper`, with margins of at
/// least [`MIN_MARGIN_MM`], "page n of m" and the seed on every page. The
/// same scenario always gives the same bytes (no date, no random id). The
/// tile diagrams use the default (colour) map style; see [`sheet_pdf`].
pub fn setup_pdf(s: &Scenario, print: &PrintOptions) -> Result<Vec<u8>, ExportError> {
    sheet_pdf(&setup_sheet(s), print, &Style::default())
}

/// A gathered setup sheet as a PDF, as [`setup_pdf`] lays it out, its tile
/// diagrams in the tones of the map's `style`.
pub fn sheet_pdf(
    sheet: &SetupSheet,
    print: &PrintOptions,
    style: &Style,
) -> Result<Vec<u8>, ExportError> {
    let g = Geometry::new(print)?;
    let metrics = Metrics::new()?;
    let pages = layout(sheet, &metrics, g, Palette::of(style));
    pages_pdf(&pages, g, title(sheet), sheet.generator.clone())
}

/// Any document of sections as a PDF laid out the way the setup sheet is
/// (`characters.pdf`): the first section's title heads the first page,
/// `head` and `foot` run on every page with "page n of m". `title` and
/// `creator` go into the PDF's metadata. The same input gives the same bytes.
pub(crate) fn sections_pdf(
    sections: &[Section],
    print: &PrintOptions,
    style: &Style,
    running: (&str, &str),
    title: &str,
    creator: &str,
) -> Result<Vec<u8>, ExportError> {
    let g = Geometry::new(print)?;
    let metrics = Metrics::new()?;
    let pages = layout_sections(
        sections,
        &metrics,
        g,
        Palette::of(style),
        running.0,
        running.1,
    );
    pages_pdf(&pages, g, title.to_string(), creator.to_string())
}

/// Pages of drawing operations as PDF bytes.
fn pages_pdf(
    pages: &[Vec<Op>],
    g: Geometry,
    title: String,
    creator: String,
) -> Result<Vec<u8>, ExportError> {
    use krilla::Document;
    use krilla::color::rgb;
    use krilla::geom::{PathBuilder, Point as KPoint, Rect as KRect};
    use krilla::metadata::Metadata;
    use krilla::num::NormalizedF32;
    use krilla::page::PageSettings;
    use krilla::paint::{Fill, LineCap, LineJoin, Stroke};
    use krilla::text::{Font, TextDirection};

    let font = |data: &'static [u8]| {
        Font::new(data.into(), 0)
            .ok_or_else(|| ExportError::Pdf("the embedded font cannot be read".into()))
    };
    let regular = font(crate::export::png::DEJAVU_SANS)?;
    let bold = font(crate::export::png::DEJAVU_SANS_BOLD)?;
    let color = |c: Rgb| rgb::Color::new(c.0, c.1, c.2);
    let fill = |c: Rgb| Fill {
        paint: color(c).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    };
    let stroke = |c: Rgb, width: f32| Stroke {
        paint: color(c).into(),
        width,
        line_cap: LineCap::Butt,
        line_join: LineJoin::Miter,
        ..Default::default()
    };

    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(title)
            .creator(creator)
            .language("en".into()),
    );
    let mut tags = Tagger::new();
    for ops in pages {
        let settings = PageSettings::from_wh(g.width, g.height)
            .ok_or_else(|| ExportError::Pdf("invalid page size".into()))?;
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text {
                    x,
                    y,
                    size,
                    bold: b,
                    color: c,
                    text,
                    ..
                } => {
                    tags.draw(&mut surface, true);
                    surface.set_stroke(None);
                    surface.set_fill(Some(fill(*c)));
                    let f = if *b { bold.clone() } else { regular.clone() };
                    surface.draw_text(
                        KPoint::from_xy(*x, *y),
                        f,
                        *size,
                        text,
                        false,
                        TextDirection::Auto,
                    );
                }
                Op::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill: f,
                    stroke: st,
                } => {
                    let Some(rect) = KRect::from_xywh(*x, *y, *w, *h) else {
                        continue;
                    };
                    let mut pb = PathBuilder::new();
                    pb.push_rect(rect);
                    let Some(path) = pb.finish() else { continue };
                    tags.draw(&mut surface, false);
                    surface.set_fill(f.map(fill));
                    surface.set_stroke(st.map(|(c, w)| stroke(c, w)));
                    surface.draw_path(&path);
                }
                Op::Line {
                    points,
                    color: c,
                    width,
                } => {
                    let mut pb = PathBuilder::new();
                    for (i, &(x, y)) in points.iter().enumerate() {
                        if i == 0 {
                            pb.move_to(x, y);
                        } else {
                            pb.line_to(x, y);
                        }
                    }
                    let Some(path) = pb.finish() else { continue };
                    tags.draw(&mut surface, false);
                    surface.set_fill(None);
                    surface.set_stroke(Some(stroke(*c, *width)));
                    surface.draw_path(&path);
                }
                Op::Open(role) => tags.open(role),
                Op::Close => tags.close(&mut surface),
            }
        }
        tags.end_page(&mut surface);
        surface.finish();
        page.finish();
    }
    doc.set_tag_tree(tags.finish());
    doc.finish().map_err(|e| ExportError::Pdf(e.to_string()))
}

/// A running line of fields (`a · b · c`) on one line of `max` points:
/// whole, or as many whole fields as fit followed by `· …`, so a field is
/// never cut in the middle (a user's audit read a footer ending on "Kill").
fn fit_fields(m: &Metrics, line: &str, size: f32, max: f32) -> String {
    if m.width(line, size, false) <= max {
        return line.to_string();
    }
    let fields: Vec<&str> = line.split(" · ").collect();
    for keep in (1..fields.len()).rev() {
        let short = format!("{} · …", fields[..keep].join(" · "));
        if m.width(&short, size, false) <= max {
            return short;
        }
    }
    // One field too long on its own: its first line.
    m.wrap(line, size, false, max)
        .into_iter()
        .next()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_line_keeps_whole_fields_and_marks_what_it_leaves_out() {
        let m = Metrics::new().unwrap();
        let line = "seed 7 · Dungeon World 10 mm · Difficulty normal · Kill target 5 · Start 32,9";
        let whole = m.width(line, 7.0, false);
        assert_eq!(fit_fields(&m, line, 7.0, whole + 1.0), line);
        let cut = fit_fields(&m, line, 7.0, whole - 1.0);
        assert_eq!(
            cut,
            "seed 7 · Dungeon World 10 mm · Difficulty normal · Kill target 5 · …"
        );
        assert!(m.width(&cut, 7.0, false) <= whole - 1.0);
        let narrow = fit_fields(&m, line, 7.0, m.width("seed 7 · Dungeon · …", 7.0, false));
        assert_eq!(narrow, "seed 7 · …");
    }

    /// Each value starts a space after its own label, on the label's
    /// baseline, so a text extractor reads the pair as one line (a user's
    /// audit: poppler read a shared value column as all the labels, then
    /// all the values).
    #[test]
    fn a_field_s_value_follows_its_own_label() {
        let m = Metrics::new().unwrap();
        let g = Geometry::new(&PrintOptions::default()).unwrap();
        let style = crate::export::style::builtin("color").unwrap();
        let mut p = Pager::new(&m, g, Palette::of(&style));
        p.fields(&[
            ("Seed", "7".to_string()),
            (
                "Central Chamber",
                "C12, 6 tiles from the entrance tile".to_string(),
            ),
        ]);
        let texts: Vec<(f32, f32, f32, String)> = p
            .pages
            .concat()
            .into_iter()
            .filter_map(|op| match op {
                Op::Text {
                    x, y, width, text, ..
                } => Some((x, y, width, text)),
                _ => None,
            })
            .collect();
        assert_eq!(texts.len(), 4, "{texts:?}");
        for pair in texts.chunks(2) {
            let (label, value) = (&pair[0], &pair[1]);
            // The label ends in a space for a reader of the text, not drawn
            // or measured.
            assert!(label.3.ends_with(": ") && label.1 == value.1, "{pair:?}");
            assert!((label.2 - m.width(label.3.trim_end(), BODY_PT, true)).abs() < 0.01);
            let gap = value.0 - (label.0 + label.2);
            assert!((gap - 4.0).abs() < 0.01, "{pair:?}");
        }
    }
}
