//! Which pages of a tiling are printed: those that add some tile square
//! the others do not already print.
//!
//! A page's window repeats the overlap it shares with each neighbour, so
//! "the window meets a tile square" printed pages that held only a sliver
//! of a square inside that overlap, a sliver the neighbour prints in full
//! (and rock). Instead a page is printed when its own part — the window
//! less the strips it shares with the neighbours of its grid, the part no
//! other page shows — meets a tile square; then, square by square in the
//! area's order, a page is added back wherever a square would be printed
//! less than before:
//!
//! - a square that lies wholly inside some window lies wholly inside a
//!   printed one (the first such page in row order is printed if none is);
//! - every point of every square lies inside a printed window.
//!
//! ```text
//!   page 1 window            page 2 window
//!   ┌───────────────┬──┬───────────────┐
//!   │  own part     │ov│  own part     │   ov: the overlap both repeat;
//!   │               │  │  ██           │   a square only in ov (and wholly
//!   └───────────────┴──┴───────────────┘   on page 2) does not keep page 1
//! ```

use super::{RectMm, SheetPage};

/// To rounding: a square's edge may be a window's edge.
const EPS: f64 = 1e-6;

/// Does `outer` hold all of `inner`?
fn holds(outer: &RectMm, inner: &RectMm) -> bool {
    outer.x - EPS <= inner.x
        && inner.right() <= outer.right() + EPS
        && outer.y - EPS <= inner.y
        && inner.bottom() <= outer.bottom() + EPS
}

/// The part of a page's window no neighbour repeats: the window less
/// `overlap` on each side that has a neighbour in the grid.
pub(super) fn own_part(page: &SheetPage, columns: u32, rows: u32, overlap: f64) -> RectMm {
    let w = page.window;
    let west = if page.column > 1 { overlap } else { 0.0 };
    let east = if page.column < columns { overlap } else { 0.0 };
    let north = if page.row > 1 { overlap } else { 0.0 };
    let south = if page.row < rows { overlap } else { 0.0 };
    RectMm {
        x: w.x + west,
        y: w.y + north,
        width: (w.width - west - east).max(0.0),
        height: (w.height - north - south).max(0.0),
    }
}

/// A point of `square` no window of `printed` covers, if there is one: the
/// centres of the cells the windows' edges cut the square into are tried.
fn uncovered(square: &RectMm, windows: &[&RectMm]) -> Option<(f64, f64)> {
    let cuts = |lo: f64, hi: f64, edges: &mut dyn Iterator<Item = f64>| {
        let mut v: Vec<f64> = std::iter::once(lo)
            .chain(edges.filter(|&e| lo < e && e < hi))
            .chain(std::iter::once(hi))
            .collect();
        v.sort_by(f64::total_cmp);
        v.dedup();
        v
    };
    let xs = cuts(
        square.x,
        square.right(),
        &mut windows.iter().flat_map(|w| [w.x, w.right()]),
    );
    let ys = cuts(
        square.y,
        square.bottom(),
        &mut windows.iter().flat_map(|w| [w.y, w.bottom()]),
    );
    for y in ys.windows(2) {
        for x in xs.windows(2) {
            let (cx, cy) = ((x[0] + x[1]) / 2.0, (y[0] + y[1]) / 2.0);
            let covered = windows
                .iter()
                .any(|w| w.x <= cx && cx <= w.right() && w.y <= cy && cy <= w.bottom());
            if !covered {
                return Some((cx, cy));
            }
        }
    }
    None
}

/// Which pages (in the order given, row by row) are skipped; see the
/// module's documentation for the rule.
pub(super) fn skipped(
    pages: &[SheetPage],
    columns: u32,
    rows: u32,
    overlap: f64,
    squares: &[RectMm],
) -> Vec<bool> {
    let mut printed: Vec<bool> = pages
        .iter()
        .map(|p| {
            let own = own_part(p, columns, rows, overlap);
            squares.iter().any(|s| s.overlaps(&own))
        })
        .collect();
    for s in squares {
        let meets: Vec<usize> = (0..pages.len())
            .filter(|&i| pages[i].window.overlaps(s))
            .collect();
        if let Some(&first) = meets.iter().find(|&&i| holds(&pages[i].window, s)) {
            if !meets
                .iter()
                .any(|&i| printed[i] && holds(&pages[i].window, s))
            {
                printed[first] = true;
            }
            continue;
        }
        // Split between pages: every part of it on some printed page.
        loop {
            let on: Vec<&RectMm> = meets
                .iter()
                .filter(|&&i| printed[i])
                .map(|&i| &pages[i].window)
                .collect();
            let Some((x, y)) = uncovered(s, &on) else {
                break;
            };
            let Some(&i) = meets.iter().find(|&&i| {
                let w = &pages[i].window;
                !printed[i] && w.x <= x && x <= w.right() && w.y <= y && y <= w.bottom()
            }) else {
                // No window covers that point: nothing more can print it.
                break;
            };
            printed[i] = true;
        }
    }
    printed.into_iter().map(|p| !p).collect()
}
