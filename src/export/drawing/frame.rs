//! The margins of a map: the title, the footer with its scale, the north
//! arrow, the rulers along the edges, and the legend.

use super::*;

/// The title, the footer with the scale, and the north arrow, all in the margin.
pub(super) fn frame_layer(
    s: &Scenario,
    map: &MapGeom,
    st: &Style,
    width: f64,
    height: f64,
    margin: f64,
) -> Layer {
    let mut shapes = Vec::new();
    let left = margin * 0.25;
    let title_size = (margin * 0.25).min(4.5);
    shapes.push(plain(
        Pt {
            x: left,
            y: (margin * 0.3).max(title_size + 1.0),
        },
        format!(
            "Dungeon map — seed {} — {} ({})",
            s.seed, s.game.mission, s.ruleset
        ),
        title_size,
        true,
        Anchor::Start,
        st.ink,
    ));
    if let Some(sub) = crate::mkd::orders::map_subtitle(s) {
        let size = title_size * 0.7;
        shapes.push(plain(
            Pt {
                x: left,
                y: (margin * 0.3).max(title_size + 1.0) + size * 1.3,
            },
            sub,
            size,
            false,
            Anchor::Start,
            st.ink,
        ));
    }
    let footer_size = (margin * 0.2).min(3.0);
    let p = &s.game.params;
    shapes.push(plain(
        Pt {
            x: left,
            y: height - (margin * 0.2).max(2.0),
        },
        format!(
            "seed {} · tile set {} · {} set{} · hero value {} · 1 square = {} mm — print at 100%",
            s.seed,
            p.tileset,
            p.sets,
            if p.sets == 1 { "" } else { "s" },
            p.hero_value,
            mm_text(map.sq)
        ),
        footer_size,
        false,
        Anchor::Start,
        st.ink,
    ));
    // North arrow in the north-east corner of the margin, clear of the grid's edges.
    let cx = width - margin * 0.5;
    let top = margin * 0.12;
    let len = margin * 0.5;
    let half = margin * 0.14;
    shapes.push(Shape::Polygon(Polygon {
        points: vec![
            Pt { x: cx, y: top },
            Pt {
                x: cx + half,
                y: top + len,
            },
            Pt {
                x: cx,
                y: top + len * 0.78,
            },
            Pt {
                x: cx - half,
                y: top + len,
            },
        ],
        paint: Paint {
            fill: Fill::Solid(st.ink),
            stroke: Some(round_stroke(st.ink, 0.2)),
        },
    }));
    let n_size = (margin * 0.22).min(5.0);
    shapes.push(plain(
        Pt {
            x: cx,
            y: top + len + n_size * 1.05,
        },
        "N".into(),
        n_size,
        true,
        Anchor::Middle,
        st.ink,
    ));
    Layer {
        id: "frame".into(),
        shapes,
    }
}

/// Width of one digit of [`FONT_FAMILY`], in ems.
const DIGIT_EM: f64 = 0.64;

/// Room a ruler number keeps from the grid's edge, in millimetres.
const RULER_GAP_MM: f64 = 1.2;

/// The size of the coordinate numbers along the edges of a map of `sq` mm
/// squares: readable at print size, small enough for the margin.
pub fn ruler_size_mm(sq: f64) -> f64 {
    (sq * 0.14).clamp(2.2, 3.5)
}

/// Every how many squares a ruler is numbered (1, 2, 5, 10, 20, 50 …) so
/// that each number has `need_mm` of room along the ruler.
pub fn ruler_step(sq: f64, need_mm: f64) -> u32 {
    let mut mag: u32 = 1;
    loop {
        for m in [1, 2, 5] {
            let step = m * mag;
            if f64::from(step) * sq >= need_mm {
                return step;
            }
        }
        match mag.checked_mul(10) {
            Some(next) if next <= 100_000_000 => mag = next,
            _ => return 5 * mag,
        }
    }
}

/// How far the numbers of `ruler_marks` reach out from a grid of `rows`
/// rows of `sq` mm squares, in millimetres: above and below it, and
/// beside it.
pub fn ruler_reach_mm(sq: f64, rows: u32) -> (f64, f64) {
    let size = ruler_size_mm(sq);
    let digits = rows.saturating_sub(1).to_string().len() as f64;
    (RULER_GAP_MM + size, RULER_GAP_MM + digits * DIGIT_EM * size)
}

/// The room a number needs along a ruler: its width (columns) or its
/// height (rows), and a millimetre between neighbours.
pub fn ruler_need_mm(largest: u32, size: f64, across_columns: bool) -> f64 {
    if across_columns {
        largest.to_string().len() as f64 * DIGIT_EM * size + 1.0
    } else {
        size + 1.0
    }
}

/// The coordinates of the squares along the four edges of the grid, in the
/// margin: column numbers (x, as in `scenario.yaml`) above and below,
/// centred over their column; row numbers (y) left and right, centred on
/// their row. A number where the entrance arrow leaves the grid is left out.
pub(super) fn ruler_layer<G>(
    s: &Env<G>,
    map: &MapGeom,
    st: &Style,
    columns: u32,
    rows: u32,
) -> Layer {
    let e = &s.entrance;
    let arrow_out = |side: Side, at: u32| {
        let at = i64::from(at);
        e.side == side
            && match side {
                Side::N => e.y == 0 && i64::from(e.x) == at,
                Side::S => i64::from(e.y) == i64::from(rows) - 1 && i64::from(e.x) == at,
                Side::W => e.x == 0 && i64::from(e.y) == at,
                Side::E => i64::from(e.x) == i64::from(columns) - 1 && i64::from(e.y) == at,
            }
    };
    let grid = RulerGrid {
        origin: map.pt(0.0, 0.0),
        sq: map.sq,
        columns,
        rows,
    };
    Layer {
        id: "rulers".into(),
        shapes: ruler_marks(&grid, st.ink, arrow_out),
    }
}

/// A grid the rulers number: its north-west corner on the drawing, its
/// square size (both in millimetres) and its columns and rows.
pub struct RulerGrid {
    /// The grid's north-west corner.
    pub origin: Pt,
    /// One square.
    pub sq: f64,
    /// Columns.
    pub columns: u32,
    /// Rows.
    pub rows: u32,
}

/// The numbers of [`ruler_layer`] for any grid, in `ink`: every column's
/// above and below, every row's left and right (every second, fifth …
/// where they would touch), but where `skip(side, n)` says a mark of the
/// map already stands off column or row `n` on that side.
pub fn ruler_marks(g: &RulerGrid, ink: Color, skip: impl Fn(Side, u32) -> bool) -> Vec<Shape> {
    let mut shapes = Vec::new();
    let size = ruler_size_mm(g.sq);
    let col_step = ruler_step(g.sq, ruler_need_mm(g.columns.saturating_sub(1), size, true));
    let row_step = ruler_step(g.sq, ruler_need_mm(g.rows.saturating_sub(1), size, false));
    let (top, bottom) = (g.origin.y, g.origin.y + f64::from(g.rows) * g.sq);
    let (left, right) = (g.origin.x, g.origin.x + f64::from(g.columns) * g.sq);
    for x in (0..g.columns).step_by(col_step as usize) {
        let cx = left + (f64::from(x) + 0.5) * g.sq;
        for (side, y) in [
            (Side::N, top - RULER_GAP_MM),
            (Side::S, bottom + RULER_GAP_MM + size * 0.73),
        ] {
            if !skip(side, x) {
                shapes.push(plain(
                    Pt { x: cx, y },
                    x.to_string(),
                    size,
                    false,
                    Anchor::Middle,
                    ink,
                ));
            }
        }
    }
    for y in (0..g.rows).step_by(row_step as usize) {
        let cy = top + (f64::from(y) + 0.5) * g.sq + size * 0.36;
        for (side, x, anchor) in [
            (Side::W, left - RULER_GAP_MM, Anchor::End),
            (Side::E, right + RULER_GAP_MM, Anchor::Start),
        ] {
            if !skip(side, y) {
                shapes.push(plain(
                    Pt { x, y: cy },
                    y.to_string(),
                    size,
                    false,
                    anchor,
                    ink,
                ));
            }
        }
    }
    shapes
}

/// One symbol the legend explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Symbol {
    Terrain(Cell),
    CentralChamber,
    Entrance,
    DeadEnd,
    Chest,
    QuestChest,
    /// A wandering monster token of this colour.
    Wmt(WmtColor),
    /// The Guardian, in its own colour.
    Guardian(WmtColor),
    /// The Guardian that wanders off with the victim, in its own colour.
    Kidnapper(WmtColor),
    Marker(MarkerKind),
    Prisoner,
    Stairs,
    SecondEntrance,
}

/// Side of a legend swatch.
pub(super) const LEGEND_SWATCH_MM: f64 = 9.0;
/// Size of a legend's text.
pub(super) const LEGEND_TEXT_MM: f64 = 3.0;
/// Room for the legend's heading.
pub(super) const LEGEND_HEAD_MM: f64 = 8.0;
/// Height of one row of entries.
pub(super) const LEGEND_ROW_MM: f64 = LEGEND_SWATCH_MM + 3.0;
/// Between entries of a row.
const LEGEND_GAP_MM: f64 = 6.0;
/// Average width of a letter of [`FONT_FAMILY`], in ems (generous).
const LETTER_EM: f64 = 0.62;

/// What the legend lists for a scenario: the symbols its map draws. Wall,
/// floor, the Central Chamber and the entrance always; a terrain, a dead
/// end, a kind of chest or token, a marker or a mission piece only when
/// the map has one.
fn legend_entries(s: &Scenario) -> Vec<(Symbol, &'static str)> {
    let mut v = vec![
        (Symbol::Terrain(Cell::Wall), "wall"),
        (Symbol::Terrain(Cell::Floor), "floor"),
    ];
    for (cell, what) in [
        (Cell::Hindering, "hindering terrain"),
        (Cell::Water, "water"),
        (Cell::Crevice, "crevice"),
        (Cell::Blocking, "blocking terrain"),
    ] {
        if s.has_cell(cell) {
            v.push((Symbol::Terrain(cell), what));
        }
    }
    v.push((Symbol::CentralChamber, "Central Chamber outline"));
    v.push((Symbol::Entrance, "entrance arrow"));
    if !s.dead_ends.is_empty() {
        v.push((Symbol::DeadEnd, "dead end (bracket)"));
    }
    let g = &s.game;
    if g.chests.iter().any(|c| !c.quest) {
        v.push((Symbol::Chest, "chest (its level)"));
    }
    if g.chests.iter().any(|c| c.quest) {
        v.push((Symbol::QuestChest, "Quest Chest"));
    }
    // Each token colour the map shows, the Guardian's too: the colour is
    // the strength of the monsters under it (the style may add a mark).
    for (colour, what) in [
        (
            WmtColor::Yellow,
            "wandering monster token (WMT), yellow: weakest",
        ),
        (
            WmtColor::Blue,
            "wandering monster token (WMT), blue: middling",
        ),
        (
            WmtColor::Red,
            "wandering monster token (WMT), red: strongest",
        ),
    ] {
        if g.wmts.iter().any(|w| w.color == colour) {
            v.push((Symbol::Wmt(colour), what));
        }
    }
    if let Some(w) = g.wmts.iter().find(|w| w.guardian) {
        v.push(if is_kidnapping(s) {
            (
                Symbol::Kidnapper(w.color),
                "Guardian WMT, the monster to kidnap (wanders)",
            )
        } else {
            (Symbol::Guardian(w.color), "Guardian WMT")
        });
    }
    if g.markers.iter().any(|m| m.kind == MarkerKind::Hindering) {
        v.push((
            Symbol::Marker(MarkerKind::Hindering),
            "hindering terrain marker",
        ));
    }
    if g.markers.iter().any(|m| m.kind == MarkerKind::Water) {
        v.push((Symbol::Marker(MarkerKind::Water), "water marker"));
    }
    if g.prisoner.is_some() {
        v.push((Symbol::Prisoner, "prisoner"));
    }
    if g.staircase.is_some() {
        v.push((Symbol::Stairs, "stairs down"));
    }
    if g.second_entrance.is_some() {
        v.push((Symbol::SecondEntrance, "second entrance"));
    }
    v
}

/// Where each entry goes, relative to the first row's north-west corner,
/// flowing left to right over `room` millimetres; and how many rows.
pub(super) fn legend_flow<'a>(
    texts: impl ExactSizeIterator<Item = &'a str>,
    room: f64,
) -> (Vec<(f64, f64)>, u32) {
    let mut at = Vec::with_capacity(texts.len());
    let (mut x, mut row) = (0.0, 0u32);
    for text in texts {
        let w = LEGEND_SWATCH_MM + 2.0 + text.chars().count() as f64 * LETTER_EM * LEGEND_TEXT_MM;
        if x > 0.0 && x + w > room {
            x = 0.0;
            row += 1;
        }
        at.push((x, f64::from(row) * LEGEND_ROW_MM));
        x += w + LEGEND_GAP_MM;
    }
    (at, row + 1)
}

/// The legend's heading, at the top of its band.
pub(super) fn legend_heading(top: f64, st: &Style) -> Shape {
    plain(
        Pt {
            x: LEGEND_LEFT_MM,
            y: top + LEGEND_HEAD_MM - 3.0,
        },
        "Legend — a square is x,y: x on the top ruler, y on the side ruler".into(),
        3.5,
        true,
        Anchor::Start,
        st.ink,
    )
}

/// The legend's left edge on the page.
pub(super) const LEGEND_LEFT_MM: f64 = 5.0;

/// Height of the legend band below the map on a page `width` mm wide.
pub(super) fn legend_height_mm(s: &Scenario, width: f64) -> f64 {
    let left = LEGEND_LEFT_MM;
    let entries = legend_entries(s);
    let (_, rows) = legend_flow(entries.iter().map(|e| e.1), width - 2.0 * left);
    LEGEND_HEAD_MM + f64::from(rows) * LEGEND_ROW_MM + 2.0
}

/// The legend: a band below the map's footer with a swatch of each symbol,
/// drawn by the same code as the map, and what it means. It sits outside
/// the map so no square is hidden, and on the page itself so a printed or
/// shared map always carries it.
pub(super) fn legend_layer(s: &Scenario, st: &Style, width: f64, top: f64) -> (Layer, f64) {
    let entries = legend_entries(s);
    let left = LEGEND_LEFT_MM;
    let (at, _) = legend_flow(entries.iter().map(|e| e.1), width - 2.0 * left);
    let height = legend_height_mm(s, width);
    let mut shapes = vec![legend_heading(top, st)];
    let row0 = top + LEGEND_HEAD_MM;
    for ((sym, text), (dx, dy)) in entries.iter().zip(at) {
        let o = Pt {
            x: left + dx,
            y: row0 + dy,
        };
        legend_swatch(*sym, o, st, &mut shapes);
        shapes.push(plain(
            o.offset(
                LEGEND_SWATCH_MM + 2.0,
                LEGEND_SWATCH_MM / 2.0 + LEGEND_TEXT_MM * 0.36,
            ),
            (*text).into(),
            LEGEND_TEXT_MM,
            false,
            Anchor::Start,
            st.ink,
        ));
    }
    (
        Layer {
            id: "legend".into(),
            shapes,
        },
        height,
    )
}

/// The Central Chamber's outline as a legend swatch at `o` draws it, just
/// inside the swatch's edge (every game's legend).
pub(super) fn central_chamber_outline(o: Pt, st: &Style, shapes: &mut Vec<Shape>) {
    let inset = st.central_chamber_mm / 2.0;
    shapes.push(Shape::Rect(Rect {
        x: o.x + inset,
        y: o.y + inset,
        width: LEGEND_SWATCH_MM - 2.0 * inset,
        height: LEGEND_SWATCH_MM - 2.0 * inset,
        radius: 0.0,
        paint: Paint {
            fill: Fill::None,
            stroke: Some(stroke(
                st.central_chamber.scale_alpha(0xb0),
                st.central_chamber_mm,
            )),
        },
    }));
}

/// One swatch of the legend, a square of [`LEGEND_SWATCH_MM`] at `o`.
fn legend_swatch(sym: Symbol, o: Pt, st: &Style, shapes: &mut Vec<Shape>) {
    let map = MapGeom {
        origin: o,
        sq: LEGEND_SWATCH_MM,
    };
    let square = |c: Cell, shapes: &mut Vec<Shape>| {
        shapes.push(Shape::Rect(Rect {
            x: o.x,
            y: o.y,
            width: LEGEND_SWATCH_MM,
            height: LEGEND_SWATCH_MM,
            radius: 0.0,
            paint: Paint {
                fill: cell_fill(c, st),
                stroke: Some(stroke(st.grid, st.grid_mm)),
            },
        }));
    };
    let wmt = |guardian: bool, color: WmtColor, number: u32| Wmt {
        x: 0,
        y: 0,
        color,
        number,
        guardian,
        tile: 0,
    };
    match sym {
        Symbol::Terrain(c) => {
            square(c, shapes);
            terrain_mark(c, 0, 0, &map, st, shapes);
        }
        Symbol::CentralChamber => {
            square(Cell::Floor, shapes);
            central_chamber_outline(o, st, shapes);
        }
        Symbol::Entrance => {
            // Half a square of floor, the arrow coming in from above it.
            let small = MapGeom {
                origin: o.offset(LEGEND_SWATCH_MM * 0.1, LEGEND_SWATCH_MM * 0.45),
                sq: LEGEND_SWATCH_MM * 0.8,
            };
            shapes.push(rect(
                small.origin.x,
                small.origin.y,
                small.sq,
                LEGEND_SWATCH_MM * 0.55,
                Paint {
                    fill: st.floor,
                    stroke: Some(stroke(st.grid, st.grid_mm)),
                },
            ));
            entrance_arrow(&small, 0, 0, Side::N, st, shapes);
        }
        Symbol::DeadEnd => {
            square(Cell::Floor, shapes);
            shapes.push(dead_end_bracket(&map, 0, 0, Side::N, 1, st));
        }
        Symbol::Chest | Symbol::QuestChest => {
            square(Cell::Floor, shapes);
            let c = Chest {
                x: 0,
                y: 0,
                facing: Side::E,
                level: if sym == Symbol::Chest { 1 } else { 3 },
                quest: sym == Symbol::QuestChest,
                tile: 0,
            };
            chest_shapes(&map, &c, &WmtCorners::default(), st, shapes);
        }
        Symbol::Wmt(colour) => {
            square(Cell::Floor, shapes);
            let w = wmt(false, colour, 1);
            wmt_shapes(&map, &w, false, false, WmtCorners::default(), st, shapes);
        }
        Symbol::Guardian(colour) | Symbol::Kidnapper(colour) => {
            square(Cell::Floor, shapes);
            let w = wmt(true, colour, 7);
            let kidnapper = matches!(sym, Symbol::Kidnapper(_));
            wmt_shapes(
                &map,
                &w,
                kidnapper,
                false,
                WmtCorners::default(),
                st,
                shapes,
            );
        }
        Symbol::Marker(kind) => {
            square(Cell::Floor, shapes);
            marker_token(&map, &Marker { kind, x: 0, y: 0 }, false, st, shapes);
        }
        Symbol::Prisoner => {
            square(Cell::Floor, shapes);
            prisoner_token(&map, 0, 0, st, shapes);
        }
        Symbol::Stairs | Symbol::SecondEntrance => {
            square(Cell::Floor, shapes);
            let letter = if sym == Symbol::Stairs { "S" } else { "E2" };
            stairs_token(&map, 0, 0, letter, st, shapes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::generate::{GenerateParams, generate};
    use crate::mkd::mission::Mission;

    fn legend(seed: u64, mission: &str) -> (Scenario, Vec<Symbol>) {
        let s = generate(
            &crate::tileset::default_tileset(),
            &GenerateParams {
                seed,
                mission: Mission::parse(mission).unwrap(),
                ..GenerateParams::default()
            },
        )
        .unwrap();
        let symbols = legend_entries(&s).into_iter().map(|(k, _)| k).collect();
        (s, symbols)
    }

    /// The legend lists a token, a chest or a terrain exactly when the map
    /// has one: over forty dungeons of every mission.
    #[test]
    fn the_legend_lists_what_the_map_has_and_nothing_else() {
        let missions = ["quest", "rescue+timed", "stealth+split-up", "kidnapping"];
        for seed in 1..=40 {
            let mission = missions[seed as usize % missions.len()];
            let (s, v) = legend(seed, mission);
            let g = &s.game;
            let has = |k: Symbol| v.contains(&k);
            let why = format!("seed {seed}, {mission}: {v:?}");
            for c in [Cell::Hindering, Cell::Water, Cell::Crevice, Cell::Blocking] {
                let on_map = s.grid.iter().any(|r| r.contains(c.to_char()));
                assert_eq!(has(Symbol::Terrain(c)), on_map, "{c:?}, {why}");
            }
            assert_eq!(has(Symbol::DeadEnd), !s.dead_ends.is_empty(), "{why}");
            assert_eq!(
                has(Symbol::Chest),
                g.chests.iter().any(|c| !c.quest),
                "{why}"
            );
            assert_eq!(
                has(Symbol::QuestChest),
                g.chests.iter().any(|c| c.quest),
                "{why}"
            );
            // Each token colour on the map, and no other.
            for c in [WmtColor::Yellow, WmtColor::Blue, WmtColor::Red] {
                let on_map = g.wmts.iter().any(|w| w.color == c);
                assert_eq!(has(Symbol::Wmt(c)), on_map, "{c:?}, {why}");
            }
            let guardian = g.wmts.iter().any(|w| w.guardian);
            let kidnap = mission == "kidnapping";
            let is = |f: fn(&Symbol) -> bool| v.iter().any(f);
            assert_eq!(
                is(|k| matches!(k, Symbol::Guardian(_))),
                guardian && !kidnap,
                "{why}"
            );
            assert_eq!(
                is(|k| matches!(k, Symbol::Kidnapper(_))),
                guardian && kidnap,
                "{why}"
            );
            assert!(
                has(Symbol::Terrain(Cell::Wall)) && has(Symbol::Entrance),
                "{why}"
            );
        }
    }

    /// The audit's three maps: a kidnapping shows its kidnapper, not a
    /// Guardian or a Quest Chest; a rescue neither; a stealth mission no
    /// Guardian.
    #[test]
    fn mission_maps_leave_out_the_pieces_they_lack() {
        let guardian = |v: &[Symbol]| v.iter().any(|k| matches!(k, Symbol::Guardian(_)));
        let (_, k) = legend(7, "kidnapping");
        assert!(k.iter().any(|k| matches!(k, Symbol::Kidnapper(_))), "{k:?}");
        assert!(!guardian(&k) && !k.contains(&Symbol::QuestChest), "{k:?}");
        let (_, r) = legend(7, "rescue+timed");
        assert!(!guardian(&r) && !r.contains(&Symbol::QuestChest), "{r:?}");
        assert!(r.contains(&Symbol::Prisoner), "{r:?}");
        let (_, st) = legend(7, "stealth+split-up");
        assert!(!guardian(&st), "{st:?}");
        let (_, q) = legend(7, "quest");
        assert!(q.contains(&Symbol::QuestChest) && guardian(&q), "{q:?}");
    }

    /// Each token colour on the map has its legend entry, its swatch drawn
    /// in that colour with the colour's initial beside it in the default
    /// style as in ink (a user's audit: the legend showed only a yellow
    /// token, and blue and red told their strength by colour alone).
    #[test]
    fn each_token_colour_is_explained_and_marked_by_its_initial() {
        let (s, v) = legend(7, "quest");
        let colours: Vec<WmtColor> = v
            .iter()
            .filter_map(|k| match k {
                Symbol::Wmt(c) => Some(*c),
                _ => None,
            })
            .collect();
        assert!(colours.len() >= 2, "{v:?}");
        for name in crate::export::style::BUILTIN {
            let st = crate::export::style::builtin(name).unwrap();
            let (layer, _) = legend_layer(&s, &st, 300.0, 0.0);
            let texts: Vec<&str> = layer
                .shapes
                .iter()
                .filter_map(|sh| match sh {
                    Shape::Text(t) => Some(t.text.as_str()),
                    _ => None,
                })
                .collect();
            for c in &colours {
                let (initial, word) = match c {
                    WmtColor::Yellow => ("Y", "yellow"),
                    WmtColor::Blue => ("B", "blue"),
                    WmtColor::Red => ("R", "red"),
                };
                assert!(texts.contains(&initial), "{name}: {initial} in {texts:?}");
                assert!(
                    texts.iter().any(|t| t.contains(&format!("(WMT), {word}:"))),
                    "{name}: {word} in {texts:?}"
                );
            }
        }
    }
}
