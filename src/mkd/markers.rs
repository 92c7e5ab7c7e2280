//! Build step 8 (optional): hindering and water markers scattered per tile.

use crate::build::layout::{Grid, Layout};
use crate::core::dice::Dice;
use crate::mkd::scenario::{Marker, MarkerKind};
use crate::tileset::Cell;

/// For every tile, rolls 1d6 − 2 (at least 0) and lays that many markers on
/// random clear-floor squares of the tile, each hindering (1–3 on a d6) or
/// water (4–6). Coordinates are local to the grid.
pub fn place_markers(layout: &Layout, grid: &Grid, dice: &mut Dice) -> Vec<Marker> {
    let mut out: Vec<Marker> = Vec::new();
    for (i, t) in layout.tiles.iter().enumerate() {
        let r = dice.d6(format_args!("markers on {}: 1d6 − 2", t.id));
        let count = r.saturating_sub(2);
        let mut free: Vec<(i32, i32)> = grid
            .squares_of(i)
            .iter()
            .copied()
            .filter(|&(x, y)| grid.cell(x, y) == Cell::Floor)
            .collect();
        for _ in 0..count {
            if free.is_empty() {
                dice.note(format_args!(
                    "{} has no clear square left for a marker",
                    t.id
                ));
                break;
            }
            let kind_roll = dice.d6(format_args!(
                "marker kind on {} (1–3 hindering, 4–6 water)",
                t.id
            ));
            let kind = if kind_roll <= 3 {
                MarkerKind::Hindering
            } else {
                MarkerKind::Water
            };
            let k = dice.choose_then(free.len(), |k| {
                format!(
                    "square for the marker on {}: {},{}",
                    t.id, free[k].0, free[k].1
                )
            });
            let (x, y) = free.remove(k);
            out.push(Marker { kind, x, y });
        }
    }
    out
}
