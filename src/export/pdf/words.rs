//! What a reader is told of each drawing of the map and cut-out PDFs (the
//! alternate text of their figures, see the `tags` module of `export::sheet`):
//! which part of the map a page shows, by the square coordinates its rulers
//! print, and at what scale.

use super::{RectMm, SheetPage, Tiling, meet, paper_text, square_text};
use crate::export::drawing::Drawing;
use crate::scenario::PlacedTile;

/// The first and last column, and the first and last row, of the map's
/// grid that `r` (map millimetres) shows some of, numbered as the rulers
/// number them (from 0, as in `scenario.yaml`); none when `r` misses the
/// grid.
pub(super) fn squares_in(d: &Drawing, r: &RectMm) -> Option<([u32; 2], [u32; 2])> {
    const EPS: f64 = 1e-6;
    let sq = d.square_mm;
    let grid = RectMm {
        x: d.origin.x,
        y: d.origin.y,
        width: f64::from(d.columns) * sq,
        height: f64::from(d.rows) * sq,
    };
    let m = meet(&grid, r)?;
    // Squares from the one under the near edge to the one under the far
    // edge; a sliver thinner than EPS shows nothing.
    let span = |near: f64, far: f64, origin: f64, count: u32| {
        let first = ((near - origin) / sq + EPS).floor().max(0.0);
        let last = ((far - origin) / sq - EPS).ceil() - 1.0;
        let top = f64::from(count.saturating_sub(1));
        let first = first.min(top) as u32;
        [first, (last.min(top).max(0.0) as u32).max(first)]
    };
    Some((
        span(m.x, m.right(), grid.x, d.columns),
        span(m.y, m.bottom(), grid.y, d.rows),
    ))
}

/// `columns 3–17` or `column 3`.
fn span_words(name: &str, [first, last]: [u32; 2]) -> String {
    if first == last {
        format!("{name} {first}")
    } else {
        format!("{name}s {first}–{last}")
    }
}

/// The part of the map `r` shows, e.g. `columns 0–17, rows 0–24 of the map`.
fn part_words(d: &Drawing, r: &RectMm) -> String {
    match squares_in(d, r) {
        Some((columns, rows)) => format!(
            "{}, {} of the map",
            span_words("column", columns),
            span_words("row", rows)
        ),
        None => "no square of the map".into(),
    }
}

/// A map page's figure: the seed, the page's number and place in the grid
/// of pages, the squares it shows, the scale.
pub(super) fn map_page(
    d: &Drawing,
    t: &Tiling,
    page: &SheetPage,
    seed: u64,
    [number, total]: [usize; 2],
) -> String {
    let shown = meet(&t.map, &page.window).unwrap_or(page.window);
    format!(
        "map of seed {seed}, page {number} of {total} ({} of the page grid): {}, at 100 % ({}), north up",
        page.name,
        part_words(d, &shown),
        square_text(d.square_mm)
    )
}

/// The rectangle a tile's squares take, in map millimetres.
fn tile_rect(tile: &PlacedTile, d: &Drawing) -> RectMm {
    let sq = d.square_mm;
    RectMm {
        x: d.origin.x + f64::from(tile.x) * sq,
        y: d.origin.y + f64::from(tile.y) * sq,
        width: f64::from(tile.width) * sq,
        height: f64::from(tile.height) * sq,
    }
}

/// A cut-out's figure: the tile (`name`, as its page names it), which part
/// of it when it takes several pages (`part`, e.g. `part 1 of 2`), the
/// squares of the map it covers on this page, the scale.
pub(super) fn cutout(
    d: &Drawing,
    tile: &PlacedTile,
    name: &str,
    part: Option<String>,
    window: &RectMm,
) -> String {
    let rect = tile_rect(tile, d);
    let shown = meet(&rect, window).unwrap_or(rect);
    let part = part.map(|p| format!(", {p}")).unwrap_or_default();
    format!(
        "cut-out of tile {name}{part}: its squares in {}, at 100 % ({}), north up, inside its cut line",
        part_words(d, &shown),
        square_text(d.square_mm)
    )
}

/// The overview's figure: the whole map at its scale, and the grid of pages
/// over it.
pub(super) fn overview(t: &Tiling, seed: u64, percent: f64, total: usize) -> String {
    let printed = t.printed().count();
    let left_out = t.pages.len() - printed;
    let pages = match printed {
        0 => "none printed".to_string(),
        1 => "printed as page 2".to_string(),
        _ => format!("printed as pages 2 to {total}"),
    };
    let greyed = match left_out {
        0 => String::new(),
        1 => "; 1 adds nothing, is greyed out and not printed".into(),
        n => format!("; {n} add nothing, are greyed out and not printed"),
    };
    format!(
        "the whole map of seed {seed} at {percent:.0} %, north up, under the grid of the pages it is cut into: {} columns by {} rows of {}, {pages}{greyed}",
        t.columns,
        t.rows,
        paper_text(t)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::drawing::Pt;

    /// A grid of 10 × 8 squares of 25.4 mm, 12 mm in from the page's corner.
    fn grid() -> Drawing {
        Drawing {
            width_mm: 12.0 * 2.0 + 254.0,
            height_mm: 12.0 * 2.0 + 203.2,
            origin: Pt { x: 12.0, y: 12.0 },
            margin_mm: 12.0,
            square_mm: 25.4,
            columns: 10,
            rows: 8,
            title: String::new(),
            layers: Vec::new(),
        }
    }

    fn rect(x: f64, y: f64, right: f64, bottom: f64) -> RectMm {
        RectMm {
            x,
            y,
            width: right - x,
            height: bottom - y,
        }
    }

    #[test]
    fn a_window_names_the_squares_it_shows_some_of() {
        let d = grid();
        let at = |i: f64| 12.0 + 25.4 * i;
        // Exactly squares 2–4 across and row 3: an edge that only touches
        // the next square does not show it.
        assert_eq!(
            squares_in(&d, &rect(at(2.0), at(3.0), at(5.0), at(4.0))),
            Some(([2, 4], [3, 3]))
        );
        assert_eq!(
            part_words(&d, &rect(at(2.0), at(3.0), at(5.0), at(4.0))),
            "columns 2–4, row 3 of the map"
        );
        // A part of a square counts; the margin and the paper beyond the
        // grid do not.
        assert_eq!(
            squares_in(&d, &rect(0.0, 0.0, at(1.0) + 0.5, 500.0)),
            Some(([0, 1], [0, 7]))
        );
        // A window that misses the grid names none.
        assert_eq!(squares_in(&d, &rect(0.0, 0.0, 11.0, 11.0)), None);
        assert_eq!(
            part_words(&d, &rect(0.0, 0.0, 11.0, 11.0)),
            "no square of the map"
        );
    }
}
