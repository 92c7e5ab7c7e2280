//! The cut-outs PDF: every piece's outline drawn at true scale, piece by
//! piece, with bleed, so a player can cut the pieces out and lay the
//! dungeon as the heroes explore it.

use super::*;

/// The tile's outline as unit edges in map millimetres: every square side
/// that does not face another square of the same tile.
fn outline_edges(t: &PlacedTile, d: &Drawing) -> Vec<Edge> {
    let sq = d.square_mm;
    let at = |x: i32, y: i32| {
        (
            d.origin.x + f64::from(x) * sq,
            d.origin.y + f64::from(y) * sq,
        )
    };
    let (w, h) = (
        t.width.min(i32::MAX as u32) as i32,
        t.height.min(i32::MAX as u32) as i32,
    );
    let mut edges = Vec::new();
    for y in t.y..t.y.saturating_add(h) {
        for x in t.x..t.x.saturating_add(w) {
            if !t.covers(x, y) {
                continue;
            }
            if !t.covers(x, y - 1) {
                edges.push([at(x, y), at(x + 1, y)]);
            }
            if !t.covers(x + 1, y) {
                edges.push([at(x + 1, y), at(x + 1, y + 1)]);
            }
            if !t.covers(x, y + 1) {
                edges.push([at(x, y + 1), at(x + 1, y + 1)]);
            }
            if !t.covers(x - 1, y) {
                edges.push([at(x, y), at(x, y + 1)]);
            }
        }
    }
    edges
}

/// Room above a tile on a shared cut-out page, for its name.
const SHARED_LABEL_MM: f64 = 6.0;
/// Space between the tiles of a shared cut-out page.
const SHARED_GAP_MM: f64 = 6.0;

/// One page of `cutouts.pdf`.
#[derive(Debug, Clone, PartialEq)]
pub enum CutoutPage {
    /// One tile (index in placement order) through the window of its
    /// tiling's page `page` (an index into [`Tiling::pages`]).
    Part {
        /// The tile.
        tile: usize,
        /// The page of the tile's tiling.
        page: usize,
    },
    /// Hallways that fit one window together, side by side at true scale:
    /// each tile and the rectangle (on the portrait page) its cut-out area
    /// goes to.
    Shared {
        /// The tiles and where each goes.
        tiles: Vec<(usize, RectMm)>,
    },
}

/// The tiling of each tile, the portrait page of shared pages (if any
/// hallway can share), and the pages in order.
pub type CutoutLayout = (Vec<Tiling>, Option<Tiling>, Vec<CutoutPage>);

/// How `cutouts.pdf` is laid out: the tiling of each tile (in placement
/// order), the portrait page used for shared pages, and the pages in order.
///
/// Hallways that each fit on one page share pages: in placement order, each
/// goes on the current shelf of the current page if it fits beside the last,
/// else on a new shelf below, else on a new page (shelf packing, with a name
/// above each tile). A shared page is printed where its first hallway comes
/// in placement order; a hallway left alone on its page gets its own page
/// as before. Chambers, and tiles too big for one page, keep their own pages.
pub fn cutout_layout(
    s: &Scenario,
    map: &MapOptions,
    print: &PrintOptions,
) -> Result<CutoutLayout, ExportError> {
    cutout_layout_of(s, &cutout_drawing(s, map), print)
}

/// [`cutout_layout`] of any game's scenario and its drawing.
fn cutout_layout_of<G>(
    s: &crate::scenario::Scenario<G>,
    d: &Drawing,
    print: &PrintOptions,
) -> Result<CutoutLayout, ExportError> {
    let areas: Vec<MapArea> = s.tiles.iter().map(|t| MapArea::of_tile(t, d)).collect();
    let tilings: Vec<Tiling> = areas
        .iter()
        .map(|a| tiling(a, print))
        .collect::<Result<_, _>>()?;
    let candidates: Vec<usize> = (0..s.tiles.len())
        .filter(|&i| s.tiles[i].kind == TileKind::Hallway && tilings[i].printed().count() == 1)
        .collect();
    let shared_page = match candidates.first() {
        Some(&i) => Some(tiling_in(&areas[i], print, false)?),
        None => None,
    };
    // Shelf packing into the portrait window.
    let mut groups: Vec<Vec<(usize, RectMm)>> = Vec::new();
    if let Some(sp) = &shared_page {
        let w = sp.window;
        let (mut x, mut shelf_y, mut shelf_h) = (0.0, 0.0, 0.0_f64);
        let mut current: Vec<(usize, RectMm)> = Vec::new();
        for &i in &candidates {
            let b = areas[i].bounds;
            let h = b.height + SHARED_LABEL_MM;
            if b.width > w.width || h > w.height {
                continue;
            }
            if x > 0.0 && x + b.width > w.width {
                x = 0.0;
                shelf_y += shelf_h + SHARED_GAP_MM;
                shelf_h = 0.0;
            }
            if shelf_y + h > w.height {
                groups.push(std::mem::take(&mut current));
                x = 0.0;
                shelf_y = 0.0;
                shelf_h = 0.0;
            }
            current.push((
                i,
                RectMm {
                    x: w.x + x,
                    y: w.y + shelf_y + SHARED_LABEL_MM,
                    width: b.width,
                    height: b.height,
                },
            ));
            x += b.width + SHARED_GAP_MM;
            shelf_h = shelf_h.max(h);
        }
        groups.push(current);
    }
    groups.retain(|g| g.len() > 1);
    let mut pages = Vec::new();
    for (i, t) in tilings.iter().enumerate() {
        if let Some(g) = groups.iter().find(|g| g.iter().any(|&(k, _)| k == i)) {
            if g[0].0 == i {
                pages.push(CutoutPage::Shared { tiles: g.clone() });
            }
            continue;
        }
        for (k, p) in t.pages.iter().enumerate() {
            if !p.skipped {
                pages.push(CutoutPage::Part { tile: i, page: k });
            }
        }
    }
    Ok((tilings, shared_page, pages))
}

/// The name line of a tile's cut-out.
fn tile_line(tile: &PlacedTile) -> String {
    format!(
        "{} — {} face, rotated {}°",
        tile.id,
        tile.face.name(),
        tile.rotation
    )
}

/// The tile as its cut-out's figure names it, e.g. `C1 (front face, rotated 90°)`.
fn tile_name(tile: &PlacedTile) -> String {
    format!(
        "{} ({} face, rotated {}°)",
        tile.id,
        tile.face.name(),
        tile.rotation
    )
}

/// One page (or more, cut like the map) per tile at true scale, in placement
/// order, hallways sharing pages where they fit (see [`cutout_layout`]): the
/// tile as it lies in this dungeon, its cut line, id, face and rotation — for
/// players who lay the dungeon out as the heroes explore.
pub fn cutouts_pdf(
    s: &Scenario,
    map: &MapOptions,
    print: &PrintOptions,
) -> Result<Vec<u8>, ExportError> {
    cutouts_of(s, cutout_drawing(s, map), print)
}

/// [`cutouts_pdf`] of any game's scenario, cut from its drawing `d`.
pub fn cutouts_of<G>(
    s: &crate::scenario::Scenario<G>,
    d: Drawing,
    print: &PrintOptions,
) -> Result<Vec<u8>, ExportError> {
    let (tilings, shared_page, pages) = cutout_layout_of(s, &d, print)?;
    let areas: Vec<MapArea> = s.tiles.iter().map(|t| MapArea::of_tile(t, &d)).collect();
    let total = pages.len();
    let mut pack = Pack {
        seed: s.seed,
        tiles: &s.tiles,
        fonts: Fonts::new()?,
        drawing: &d,
        tags: Tagger::new(),
    };
    let mut doc = document(format!("tilecrawl tile cut-outs — seed {}", s.seed));
    for (n, cp) in pages.iter().enumerate() {
        let number = n + 1;
        match cp {
            CutoutPage::Part { tile: i, page: k } => {
                let (tile, t, area) = (&s.tiles[*i], &tilings[*i], &areas[*i]);
                let page = &t.pages[*k];
                let edges = outline_edges(tile, &d);
                let parts = t.printed().count();
                let split = parts > 1;
                let part = split.then(|| {
                    let part = t.printed().position(|p| p == page).unwrap_or(0) + 1;
                    format!("part {part} of {parts}")
                });
                let first = match &part {
                    Some(part) => format!("{} — {part} ({})", tile_line(tile), page.label),
                    None => tile_line(tile),
                };
                let figure = words::cutout(&d, tile, &tile_name(tile), part, &page.window);
                let second = format!(
                    "tile {} of {} in placement order · seed {} · page {number} of {total} · {}",
                    i + 1,
                    s.tiles.len(),
                    s.seed,
                    square_text(d.square_mm)
                );
                let third = if split {
                    format!(
                        "print at 100% / actual size · cut along the solid line · parts overlap {} mm",
                        mm_text(t.overlap_mm)
                    )
                } else {
                    "print at 100% / actual size · cut along the solid line".to_string()
                };
                true_scale_page(
                    &mut doc,
                    &mut pack,
                    t,
                    page,
                    Extra::Cut(Cut {
                        squares: &area.squares,
                        edges: &edges,
                    }),
                    [(&first, true), (&second, false), (&third, false)],
                    figure,
                )?;
            }
            CutoutPage::Shared { tiles } => {
                let Some(sp) = &shared_page else { continue };
                let order: Vec<String> = tiles.iter().map(|(i, _)| (i + 1).to_string()).collect();
                let ids: Vec<&str> = tiles.iter().map(|(i, _)| s.tiles[*i].id.as_str()).collect();
                let lines = [
                    format!(
                        "Hallways {} — cut each along its solid line",
                        ids.join(", ")
                    ),
                    format!(
                        "tiles {} of {} in placement order · seed {} · page {number} of {total} · {}",
                        order.join(", "),
                        s.tiles.len(),
                        s.seed,
                        square_text(d.square_mm)
                    ),
                    "print at 100% / actual size".to_string(),
                ];
                shared_cutout_page(&mut doc, &mut pack, sp, &d, &areas, tiles, &lines)?;
            }
        }
    }
    doc.set_tag_tree(pack.tags.finish());
    doc.finish().map_err(|e| ExportError::Pdf(e.to_string()))
}

/// A page of hallways side by side, each through its own window at 100 %
/// with its cut line and its name above it.
fn shared_cutout_page(
    doc: &mut Document,
    pack: &mut Pack,
    sp: &Tiling,
    d: &Drawing,
    areas: &[MapArea],
    tiles: &[(usize, RectMm)],
    lines: &[String; 3],
) -> Result<(), ExportError> {
    let mut p = doc.start_page_with(sheet(sp.paper)?);
    let mut surface = p.surface();
    push_orientation(&mut surface, sp);
    // What the page holds, read first; the page number and the reminder
    // are furniture.
    band(
        &mut surface,
        &pack.fonts,
        &mut pack.tags,
        sp,
        [(&lines[0], true), (&lines[1], false), (&lines[2], false)],
    );
    for (i, slot) in tiles {
        let tile = &pack.tiles[*i];
        let area = &areas[*i];
        let graphic = pack.graphic(&mut surface, &area.squares)?;
        // Each tile's name, then its picture.
        pack.tags.open(&Role::Para);
        pack.tags.draw(&mut surface, true);
        text(
            &mut surface,
            &pack.fonts,
            (slot.x, slot.y - 1.8),
            &tile_line(tile),
            Type::new(3.2, true).fit(slot.width.max(20.0)),
        );
        pack.tags.close(&mut surface);
        // A tiling whose window is the slot and a page whose window is the
        // tile's area: the map shows through at 100 %, shifted into the slot.
        let t = Tiling {
            window: *slot,
            pages: Vec::new(),
            map: area.bounds,
            ..sp.clone()
        };
        let page = SheetPage {
            row: 1,
            column: 1,
            name: String::new(),
            label: String::new(),
            window: area.bounds,
            skipped: false,
        };
        let figure = words::cutout(d, tile, &tile_name(tile), None, &area.bounds);
        pack.tags.open(&Role::Figure(figure));
        pack.tags.draw(&mut surface, false);
        map_window(&mut surface, graphic, &t, &page, Some(&area.squares));
        let s = stroke(0, 0, 0, 0.35);
        for e in outline_edges(tile, d) {
            let a = t.map_to_page(&page, e[0].0, e[0].1);
            let b = t.map_to_page(&page, e[1].0, e[1].1);
            draw_line(&mut surface, &[a, b], s.clone());
        }
        pack.tags.close(&mut surface);
    }
    pack.tags.end_page(&mut surface);
    surface.pop();
    surface.finish();
    p.finish();
    Ok(())
}
