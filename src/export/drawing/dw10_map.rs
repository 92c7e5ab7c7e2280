//! The map of a Dungeon World 10 mm scenario: the same page, terrain, grid,
//! outlines, doors, rulers and legend band as every map, with this game's
//! pieces on it. It is always the players' map: chest numbers and secret
//! doors are left off (the Draken Master's sheet has them).

use super::*;
use crate::dw10::scenario::{Colour, Feature, FeatureKind, Scenario as Dw10Scenario};

/// The doors of a scenario as the game-free drawing model has them
/// (keyed doors are `Locked`); a player map leaves the secret ones off when
/// it is drawn.
pub fn dw10_doors(s: &Dw10Scenario) -> Vec<DoorMark> {
    s.game
        .features
        .iter()
        .filter_map(|f| {
            let ((ax, ay), (bx, by)) = crate::dw10::board::door_edge(f)?;
            Some(DoorMark {
                a: (ax, ay),
                b: (bx, by),
                kind: if f.is_secret() {
                    DoorKind::Secret
                } else if f.colour.is_some() {
                    DoorKind::Locked
                } else {
                    DoorKind::Plain
                },
            })
        })
        .collect()
}

fn colour(c: Colour) -> Color {
    Color::parse(c.rgb()).unwrap_or(Color::rgb(0, 0, 0))
}

/// Radius of a colour's letter badge, in squares: small enough that a
/// keyed door's badge, half in each square, stays clear of a token's
/// ring in the square beside it.
const BADGE_R: f64 = 0.115;

/// The letter of a key's, keyed door's or staircase's colour
/// ([`Colour::letter`]) in a small paper disc centred on `(cx, cy)`, so
/// that pieces of one colour match in every style and without telling
/// colours apart.
fn colour_badge(
    map: &MapGeom,
    (cx, cy): (f64, f64),
    c: Colour,
    st: &Style,
    shapes: &mut Vec<Shape>,
) {
    badge_of(map, (cx, cy), BADGE_R, c, st, shapes);
}

/// [`colour_badge`] of radius `r` squares.
fn badge_of(
    map: &MapGeom,
    (cx, cy): (f64, f64),
    r: f64,
    c: Colour,
    st: &Style,
    shapes: &mut Vec<Shape>,
) {
    shapes.push(Shape::Circle(Circle {
        centre: map.pt(cx, cy),
        radius: map.len(r),
        paint: Paint {
            fill: Fill::Solid(st.paper),
            stroke: Some(stroke(st.token_ink, map.len(0.02))),
        },
    }));
    let size = map.text(r * 1.5, 2.0, 30.0);
    shapes.push(plain(
        map.pt(cx, cy).offset(0.0, size * 0.36),
        c.letter().into(),
        size,
        true,
        Anchor::Middle,
        st.token_ink,
    ));
}

/// Two-letter marks of the furnishings, for tokens and the legend.
pub fn furnishing_mark(what: &str) -> &'static str {
    match what {
        "camp-fire" => "Fi",
        "stone-altar" => "Al",
        "treasure-25" => "25",
        "treasure-100" => "100",
        "treasure-500" => "500",
        "crate-of-apples" => "Ap",
        "crate-of-skulls" => "Sk",
        "weapons-rack" => "Wr",
        "bed" => "Bd",
        "bookcase" => "Bk",
        "table-and-chair" => "Tc",
        "wizards-table" => "Wz",
        "table-of-food" => "Fd",
        "torture-rack" => "Tr",
        "tome-on-pedestal" => "Tm",
        _ => "?",
    }
}

/// The pieces the map shows, in the legend's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Piece {
    Trap,
    Chest,
    Teleporter(bool),
    Staircase,
    Key,
    Spawn(&'static str),
    Coffin,
    Prisoner,
    Lair,
    Furnishing(&'static str),
    /// A dungeon condition square: hidden ones on the Draken Master's map
    /// only.
    Condition {
        hidden: bool,
    },
}

impl Piece {
    /// Is it left off the players' map (a hidden condition)?
    fn secret(self) -> bool {
        matches!(self, Piece::Condition { hidden: true })
    }
}

fn piece(f: &Feature) -> Option<Piece> {
    let spawn = |w: Option<&str>| match w {
        Some("grill") => "grill",
        Some("trapdoor") => "trapdoor",
        _ => "well",
    };
    Some(match f.kind {
        FeatureKind::Trap => Piece::Trap,
        FeatureKind::Chest => Piece::Chest,
        FeatureKind::Teleporter => Piece::Teleporter(f.active == Some(true)),
        FeatureKind::Staircase => Piece::Staircase,
        FeatureKind::Key => Piece::Key,
        FeatureKind::Spawn => Piece::Spawn(spawn(f.what.as_deref())),
        FeatureKind::Coffin => Piece::Coffin,
        FeatureKind::Prisoner => Piece::Prisoner,
        FeatureKind::Lair => Piece::Lair,
        FeatureKind::Condition => Piece::Condition {
            hidden: f.is_secret(),
        },
        FeatureKind::Furnishing => Piece::Furnishing(
            crate::dw10::scenario::FURNISHINGS
                .iter()
                .copied()
                .find(|w| Some(*w) == f.what.as_deref())
                .unwrap_or("bed"),
        ),
        FeatureKind::Door | FeatureKind::Pit | FeatureKind::Rockslide | FeatureKind::Pool => {
            return None;
        }
    })
}

/// A disc token with a short text.
fn disc(
    map: &MapGeom,
    (cx, cy): (f64, f64),
    body: Color,
    ring: Color,
    text: &str,
    ink: Color,
    shapes: &mut Vec<Shape>,
) {
    shapes.push(Shape::Circle(Circle {
        centre: map.pt(cx, cy),
        radius: map.len(0.3),
        paint: Paint {
            fill: Fill::Solid(body),
            stroke: Some(stroke(ring, map.len(0.05))),
        },
    }));
    let size = map.text(if text.len() > 2 { 0.2 } else { 0.28 }, 2.0, 50.0);
    shapes.push(plain(
        map.pt(cx, cy).offset(0.0, size * 0.36),
        text.into(),
        size,
        true,
        Anchor::Middle,
        ink,
    ));
}

/// A rounded square token with a short text.
fn tile_token(
    map: &MapGeom,
    (cx, cy): (f64, f64),
    body: Color,
    text: &str,
    ink: Color,
    st: &Style,
    shapes: &mut Vec<Shape>,
) {
    let half = 0.28;
    let o = map.pt(cx - half, cy - half);
    shapes.push(Shape::Rect(Rect {
        x: o.x,
        y: o.y,
        width: map.len(2.0 * half),
        height: map.len(2.0 * half),
        radius: map.len(0.06),
        paint: Paint {
            fill: Fill::Solid(body),
            stroke: Some(stroke(st.token_ink, map.len(0.03))),
        },
    }));
    let size = map.text(if text.len() > 2 { 0.18 } else { 0.24 }, 2.0, 50.0);
    shapes.push(plain(
        map.pt(cx, cy).offset(0.0, size * 0.36),
        text.into(),
        size,
        true,
        Anchor::Middle,
        ink,
    ));
}

/// Draws one piece centred on square coordinates `(cx, cy)`.
fn draw_piece(
    map: &MapGeom,
    p: Piece,
    c: Option<Colour>,
    cx: f64,
    cy: f64,
    st: &Style,
    shapes: &mut Vec<Shape>,
) {
    let white = Color::rgb(255, 255, 255);
    let ink = st.token_ink;
    match p {
        Piece::Trap => disc(
            map,
            (cx, cy),
            Color::rgb(0xff, 0xe0, 0x82),
            ink,
            "?",
            ink,
            shapes,
        ),
        Piece::Chest => {
            // A box with a lid line and no number: the number is the
            // Draken Master's secret.
            let half = 0.24;
            let o = map.pt(cx - half, cy - half * 0.8);
            shapes.push(Shape::Rect(Rect {
                x: o.x,
                y: o.y,
                width: map.len(2.0 * half),
                height: map.len(1.6 * half),
                radius: map.len(0.04),
                paint: Paint {
                    fill: st.chest.fill,
                    stroke: Some(stroke(ink, map.len(0.03))),
                },
            }));
            shapes.push(line(
                map.pt(cx - half, cy - half * 0.25),
                map.pt(cx + half, cy - half * 0.25),
                stroke(ink, map.len(0.03)),
            ));
        }
        Piece::Teleporter(active) => {
            let body = if active {
                Color::rgb(0x66, 0xbb, 0x6a)
            } else {
                Color::rgb(0xe5, 0x73, 0x73)
            };
            disc(map, (cx, cy), body, ink, "T", ink, shapes);
            if active {
                // Ringed: it works.
                shapes.push(Shape::Circle(Circle {
                    centre: map.pt(cx, cy),
                    radius: map.len(0.38),
                    paint: Paint {
                        fill: Fill::None,
                        stroke: Some(stroke(ink, map.len(0.04))),
                    },
                }));
            } else if let Some(Shape::Text(t)) = shapes.pop() {
                // Struck through, edge to edge under the `T` (which keeps
                // a halo of the disc's colour): not yet.
                let d = 0.3 * std::f64::consts::FRAC_1_SQRT_2;
                shapes.push(line(
                    map.pt(cx - d, cy + d),
                    map.pt(cx + d, cy - d),
                    stroke(ink, map.len(0.04)),
                ));
                shapes.push(label(t.at, t.text, t.size, t.bold, t.anchor, t.fill, body));
            }
        }
        Piece::Staircase => {
            let body = c.map(colour).unwrap_or(white);
            let half = 0.3;
            let o = map.pt(cx - half, cy - half);
            shapes.push(Shape::Rect(Rect {
                x: o.x,
                y: o.y,
                width: map.len(2.0 * half),
                height: map.len(2.0 * half),
                radius: 0.0,
                paint: Paint {
                    fill: Fill::Solid(body),
                    stroke: Some(stroke(ink, map.len(0.04))),
                },
            }));
            for k in 1..4 {
                let y = cy - half + f64::from(k) * 0.15;
                shapes.push(line(
                    map.pt(cx - half, y),
                    map.pt(cx + half - f64::from(k) * 0.1, y),
                    stroke(ink, map.len(0.03)),
                ));
            }
            // The letter in the corner the shortening treads leave free.
            if let Some(c) = c {
                colour_badge(map, (cx + 0.2, cy + 0.2), c, st, shapes);
            }
        }
        Piece::Key => {
            let body = c.map(colour).unwrap_or(white);
            shapes.push(Shape::Circle(Circle {
                centre: map.pt(cx - 0.14, cy),
                radius: map.len(0.12),
                paint: Paint {
                    fill: Fill::Solid(body),
                    stroke: Some(stroke(ink, map.len(0.03))),
                },
            }));
            let s = Stroke {
                color: ink,
                width: map.len(0.06),
                round: true,
            };
            shapes.push(line(map.pt(cx - 0.02, cy), map.pt(cx + 0.28, cy), s));
            shapes.push(line(map.pt(cx + 0.2, cy), map.pt(cx + 0.2, cy + 0.1), s));
            let s = Stroke {
                color: body,
                width: map.len(0.035),
                round: true,
            };
            shapes.push(line(map.pt(cx - 0.02, cy), map.pt(cx + 0.28, cy), s));
            // The letter under the shaft, clear of the bit.
            if let Some(c) = c {
                colour_badge(map, (cx + 0.18, cy + 0.28), c, st, shapes);
            }
        }
        Piece::Spawn(what) => {
            let grey = Color::rgb(0x9e, 0x9e, 0x9e);
            match what {
                "grill" => {
                    tile_token(map, (cx, cy), grey, "", ink, st, shapes);
                    for k in [-0.12, 0.0, 0.12] {
                        shapes.push(line(
                            map.pt(cx + k, cy - 0.26),
                            map.pt(cx + k, cy + 0.26),
                            stroke(ink, map.len(0.03)),
                        ));
                        shapes.push(line(
                            map.pt(cx - 0.26, cy + k),
                            map.pt(cx + 0.26, cy + k),
                            stroke(ink, map.len(0.03)),
                        ));
                    }
                }
                "trapdoor" => tile_token(
                    map,
                    (cx, cy),
                    Color::rgb(0xa1, 0x88, 0x7f),
                    "TD",
                    ink,
                    st,
                    shapes,
                ),
                _ => disc(
                    map,
                    (cx, cy),
                    Color::rgb(0x90, 0xca, 0xf9),
                    ink,
                    "W",
                    ink,
                    shapes,
                ),
            }
        }
        Piece::Coffin => {
            let pts = [
                (-0.12, -0.34),
                (0.12, -0.34),
                (0.2, -0.12),
                (0.12, 0.34),
                (-0.12, 0.34),
                (-0.2, -0.12),
            ];
            shapes.push(Shape::Polygon(Polygon {
                points: pts
                    .iter()
                    .map(|(dx, dy)| map.pt(cx + dx, cy + dy))
                    .collect(),
                paint: Paint {
                    fill: Fill::Solid(Color::rgb(0x5d, 0x40, 0x37)),
                    stroke: Some(stroke(ink, map.len(0.03))),
                },
            }));
        }
        Piece::Prisoner => disc(map, (cx, cy), white, ink, "P", ink, shapes),
        Piece::Lair => disc(
            map,
            (cx, cy),
            Color::rgb(0x42, 0x42, 0x42),
            ink,
            "L",
            white,
            shapes,
        ),
        Piece::Furnishing(what) => tile_token(
            map,
            (cx, cy),
            Color::rgb(0xff, 0xf3, 0xe0),
            furnishing_mark(what),
            ink,
            st,
            shapes,
        ),
        Piece::Condition { hidden } => {
            // A diamond with a `!`: violet when the players see it, a
            // hollow one for the Draken Master's hidden squares.
            let r = 0.3;
            let body = Color::rgb(0xce, 0x93, 0xd8);
            shapes.push(Shape::Polygon(Polygon {
                points: [(0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0)]
                    .iter()
                    .map(|(dx, dy)| map.pt(cx + dx, cy + dy))
                    .collect(),
                paint: Paint {
                    fill: if hidden {
                        Fill::None
                    } else {
                        Fill::Solid(body)
                    },
                    stroke: Some(stroke(if hidden { body } else { ink }, map.len(0.05))),
                },
            }));
            let size = map.text(0.28, 2.0, 50.0);
            shapes.push(plain(
                map.pt(cx, cy).offset(0.0, size * 0.36),
                "!".into(),
                size,
                true,
                Anchor::Middle,
                ink,
            ));
        }
    }
}

/// The terrain a piece set down on a square makes of it: a pit, a rock
/// slide or a pool (other pieces: none).
fn piece_terrain(kind: FeatureKind) -> Option<Cell> {
    match kind {
        FeatureKind::Pit => Some(Cell::Crevice),
        FeatureKind::Rockslide => Some(Cell::Hindering),
        FeatureKind::Pool => Some(Cell::Water),
        _ => None,
    }
}

/// Pits, rock slides and pools set down as pieces: the square drawn as the
/// terrain it becomes.
fn terrain_pieces(s: &Dw10Scenario, map: &MapGeom, st: &Style) -> Layer {
    let mut shapes = Vec::new();
    for f in &s.game.features {
        let Some(c) = piece_terrain(f.kind) else {
            continue;
        };
        let o = map.pt(f64::from(f.x), f64::from(f.y));
        shapes.push(rect(o.x, o.y, map.sq, map.sq, fill(cell_fill(c, st))));
        terrain_mark(c, f.x, f.y, map, st, &mut shapes);
    }
    Layer {
        id: "terrain-pieces".into(),
        shapes,
    }
}

/// The keyed doors' colour over the door bars, and its letter on the
/// edge's middle; a secret door's only on the Draken Master's map.
fn door_colours(s: &Dw10Scenario, map: &MapGeom, st: &Style, master: bool) -> Vec<Shape> {
    let mut shapes = Vec::new();
    for f in &s.game.features {
        let (Some(c), Some(((ax, ay), (bx, by)))) = (f.colour, crate::dw10::board::door_edge(f))
        else {
            continue;
        };
        if f.kind != FeatureKind::Door || (f.is_secret() && !master) {
            continue;
        }
        let mark = DoorMark {
            a: (ax, ay),
            b: (bx, by),
            kind: DoorKind::Locked,
        };
        let Some([(x0, y0), (x1, y1)]) = mark.edge() else {
            continue;
        };
        let (fx0, fy0, fx1, fy1) = (f64::from(x0), f64::from(y0), f64::from(x1), f64::from(y1));
        let (x, y, w, h) = if y0 == y1 {
            (fx0 + 0.15, fy0 - 0.07, fx1 - fx0 - 0.3, 0.14)
        } else {
            (fx0 - 0.07, fy0 + 0.15, 0.14, fy1 - fy0 - 0.3)
        };
        let o = map.pt(x, y);
        shapes.push(rect(o.x, o.y, map.len(w), map.len(h), fill(colour(c))));
        let mid = ((fx0 + fx1) / 2.0, (fy0 + fy1) / 2.0);
        colour_badge(map, mid, c, st, &mut shapes);
    }
    shapes
}

/// The map of a Dungeon World 10 mm scenario, for the players.
pub fn dw10_drawing(s: &Dw10Scenario, opts: &MapOptions) -> Drawing {
    dw10_map(s, opts, false, false)
}

/// The players' map as the cut-outs cut it: the Central Chamber's outline
/// just inside its own tile, so a neighbour's cut-out never carries it.
pub fn dw10_cutout_drawing(s: &Dw10Scenario, opts: &MapOptions) -> Drawing {
    dw10_map(s, opts, false, true)
}

/// The Draken Master's map: the players' map with what it leaves off —
/// each secret door (an `S` on its edge) and each chest's hidden number
/// beside it.
pub fn dw10_master_drawing(s: &Dw10Scenario, opts: &MapOptions) -> Drawing {
    dw10_map(s, opts, true, false)
}

/// Each chest's number, in a ring at its square's north-east corner.
fn chest_numbers(s: &Dw10Scenario, map: &MapGeom, st: &Style) -> Vec<Shape> {
    let mut shapes = Vec::new();
    for f in &s.game.features {
        let (FeatureKind::Chest, Some(n)) = (f.kind, f.number) else {
            continue;
        };
        let (cx, cy) = (f64::from(f.x) + 0.78, f64::from(f.y) + 0.22);
        let size = map.text(0.26, 2.0, 40.0);
        shapes.push(Shape::Circle(Circle {
            centre: map.pt(cx, cy),
            radius: map.len(0.19),
            paint: Paint {
                fill: Fill::Solid(st.paper),
                stroke: Some(stroke(st.token_ink, map.len(0.03))),
            },
        }));
        shapes.push(plain(
            map.pt(cx, cy).offset(0.0, size * 0.36),
            n.to_string(),
            size,
            true,
            Anchor::Middle,
            st.token_ink,
        ));
    }
    shapes
}

fn dw10_map(s: &Dw10Scenario, opts: &MapOptions, master: bool, cut_out: bool) -> Drawing {
    let sq = dw10_square_mm(s, opts);
    let margin = margin_mm(sq);
    let (columns, rows) = (s.size.width, s.size.height);
    let (map, width_mm, height_mm) = page_frame(sq, columns, rows);
    let st = &opts.style;
    let grid = Grid::new(s);
    let entries = legend(s, master);
    let (legend_mm, legend_rows) = legend_size(&entries, width_mm);
    let page_height_mm = height_mm + legend_mm;
    let mut layers = vec![Layer {
        id: "paper".into(),
        shapes: vec![rect(0.0, 0.0, width_mm, page_height_mm, fill(st.paper))],
    }];
    layers.push(rock_layer(s, &grid, &map, opts));
    layers.push(terrain_layer(&grid, &map, st));
    layers.push(terrain_pieces(s, &map, st));
    layers.push(grid_layer(&grid, &map, st));
    layers.push(outline_layer(s, &map, st, cut_out));
    let mut shapes = Vec::new();
    {
        let e = &s.entrance;
        entrance_arrow(&map, e.x, e.y, e.side, st, &mut shapes);
    }
    for f in &s.game.features {
        if let Some(p) = piece(f).filter(|p| master || !p.secret()) {
            draw_piece(
                &map,
                p,
                f.colour,
                f64::from(f.x) + 0.5,
                f64::from(f.y) + 0.5,
                st,
                &mut shapes,
            );
        }
    }
    layers.push(Layer {
        id: "features".into(),
        shapes,
    });
    // The players' map leaves secret doors off whatever the options say;
    // the Draken Master's shows them, and the chests' numbers.
    if let Some(mut doors) = door_layer(&dw10_doors(s), !master, &map, st) {
        doors.shapes.extend(door_colours(s, &map, st, master));
        layers.push(doors);
    }
    if master {
        layers.push(Layer {
            id: "chest-numbers".into(),
            shapes: chest_numbers(s, &map, st),
        });
    }
    layers.push(frame(s, &map, st, height_mm, margin, master));
    layers.push(ruler_layer(s, &map, st, columns, rows));
    layers.push(legend_layer_dw10(
        &entries,
        st,
        width_mm,
        height_mm,
        legend_rows,
    ));
    Drawing {
        width_mm,
        height_mm: page_height_mm,
        origin: map.origin,
        margin_mm: margin,
        square_mm: sq,
        columns,
        rows,
        title: if master {
            format!(
                "tilecrawl map — seed {} — dungeon-world-10mm — Draken Master's map",
                s.seed
            )
        } else {
            format!("tilecrawl map — seed {} — dungeon-world-10mm", s.seed)
        },
        layers,
    }
}

/// The printed square of a Dungeon World 10 mm map (as [`square_mm`]).
pub fn dw10_square_mm(s: &Dw10Scenario, opts: &MapOptions) -> f64 {
    let v = match opts.square_mm {
        Some(v) if v.is_finite() => v,
        _ => s.square_mm,
    };
    let v = if v.is_finite() { v } else { 25.4 };
    v.clamp(SQUARE_MM.0, SQUARE_MM.1)
}

fn frame(
    s: &Dw10Scenario,
    map: &MapGeom,
    st: &Style,
    height: f64,
    margin: f64,
    master: bool,
) -> Layer {
    let mut shapes = Vec::new();
    let left = margin * 0.25;
    let title_size = (margin * 0.25).min(4.5);
    shapes.push(plain(
        Pt {
            x: left,
            y: (margin * 0.3).max(title_size + 1.0),
        },
        if master {
            format!(
                "Dungeon World 10 mm — seed {} — Draken Master's map (not for the players)",
                s.seed
            )
        } else {
            format!("Dungeon World 10 mm — seed {} — players' map", s.seed)
        },
        title_size,
        true,
        Anchor::Start,
        st.ink,
    ));
    let p = &s.game.params;
    shapes.push(plain(
        Pt {
            x: left,
            y: height - (margin * 0.2).max(2.0),
        },
        format!(
            "seed {} · tile set {} · {} set{} · {} · 1 square = {} mm — print at 100%",
            s.seed,
            p.tileset,
            p.sets,
            if p.sets == 1 { "" } else { "s" },
            p.difficulty.name(),
            mm_text(map.sq)
        ),
        (margin * 0.2).min(3.0),
        false,
        Anchor::Start,
        st.ink,
    ));
    Layer {
        id: "frame".into(),
        shapes,
    }
}

/// What the legend shows: wall, floor, each other terrain the map has,
/// and each piece the map holds.
fn legend(s: &Dw10Scenario, master: bool) -> Vec<Entry> {
    let mut v: Vec<Entry> = vec![
        (Swatch::Cell(Cell::Wall), "wall".into()),
        (Swatch::Cell(Cell::Floor), "floor".into()),
    ];
    for (cell, what) in [
        (Cell::Hindering, "rock slide: 2 to cross, no stopping"),
        (Cell::Crevice, "pit: jump straight across for 3"),
        (Cell::Water, "water: impassable, see across"),
        (Cell::Blocking, "obstacle"),
    ] {
        // On a tile's own squares, or set down as a piece.
        let drawn = s.has_cell(cell)
            || s.game
                .features
                .iter()
                .any(|f| piece_terrain(f.kind) == Some(cell));
        if drawn {
            v.push((Swatch::Cell(cell), what.into()));
        }
    }
    // The objective's chamber, outlined as on every map, and the arrow
    // where the heroes come in.
    v.push((
        Swatch::CentralChamber,
        "Central Chamber outline: the objective's chamber".into(),
    ));
    v.push((
        Swatch::Entrance,
        "entrance arrow: where the heroes come in".into(),
    ));
    let mut seen: Vec<Piece> = Vec::new();
    let mut pieces: Vec<(Piece, Option<Colour>)> = s
        .game
        .features
        .iter()
        .filter_map(|f| piece(f).map(|p| (p, f.colour)))
        .filter(|(p, _)| master || !p.secret())
        .collect();
    pieces.sort();
    for (p, c) in pieces {
        if seen.contains(&p) {
            continue;
        }
        seen.push(p);
        let text = match p {
            Piece::Trap => "? counter".to_string(),
            Piece::Chest => "treasure chest".into(),
            Piece::Teleporter(true) => "active teleporter, ringed (the start)".into(),
            Piece::Teleporter(false) => "teleporter, struck through: inactive until entered".into(),
            Piece::Staircase => "staircase (same letter: 1 to move between)".into(),
            Piece::Key => "key (opens the doors of its letter)".into(),
            Piece::Spawn(w) => format!("{w} (spawn point)"),
            Piece::Coffin => "coffin".into(),
            Piece::Prisoner => "prisoner".into(),
            Piece::Lair => "monster's lair".into(),
            Piece::Furnishing(w) => format!("{} {}", furnishing_mark(w), w.replace('-', " ")),
            Piece::Condition { hidden: false } => "dungeon condition: may go off underfoot".into(),
            Piece::Condition { hidden: true } => "hidden dungeon condition".into(),
        };
        v.push((Swatch::Piece(p, c), text));
    }
    let shown = |f: &&Feature| f.kind == FeatureKind::Door && (master || !f.is_secret());
    let doors: Vec<&Feature> = s.game.features.iter().filter(shown).collect();
    if doors.iter().any(|f| f.colour.is_none() && !f.is_secret()) {
        v.push((Swatch::Door(None), "door on a square edge".into()));
    }
    if let Some(c) = doors.iter().find_map(|f| f.colour) {
        v.push((
            Swatch::Door(Some(c)),
            "keyed door: needs the key of its letter".into(),
        ));
    }
    // The letters of the colours a key, keyed door or staircase shows.
    let mut colours: Vec<Colour> = s
        .game
        .features
        .iter()
        .filter(|f| match f.kind {
            FeatureKind::Key | FeatureKind::Staircase => true,
            FeatureKind::Door => master || !f.is_secret(),
            _ => false,
        })
        .filter_map(|f| f.colour)
        .collect();
    colours.sort();
    colours.dedup();
    if let Some(&first) = colours.first() {
        let names: Vec<String> = colours
            .iter()
            .map(|c| format!("{} {}", c.letter(), c.name()))
            .collect();
        v.push((
            Swatch::Letter(first),
            format!("letters: {}", names.join(", ")),
        ));
    }
    v
}

/// What a legend entry shows beside its words.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Swatch {
    /// A square of terrain.
    Cell(Cell),
    /// A piece as the map draws it, in its colour.
    Piece(Piece, Option<Colour>),
    /// A door bar across the swatch; a keyed one in its colour and letter.
    Door(Option<Colour>),
    /// The Central Chamber's outline.
    CentralChamber,
    /// The entrance arrow, coming in over half a square of floor.
    Entrance,
    /// A colour's letter badge.
    Letter(Colour),
}

type Entry = (Swatch, String);

fn flow(entries: &[Entry], room: f64) -> (Vec<(f64, f64)>, u32) {
    legend_flow(entries.iter().map(|e| e.1.as_str()), room)
}

fn legend_size(entries: &[Entry], width: f64) -> (f64, u32) {
    let (_, rows) = flow(entries, width - 2.0 * LEGEND_LEFT_MM);
    (LEGEND_HEAD_MM + f64::from(rows) * LEGEND_ROW_MM + 2.0, rows)
}

fn legend_layer_dw10(entries: &[Entry], st: &Style, width: f64, top: f64, _rows: u32) -> Layer {
    let left = LEGEND_LEFT_MM;
    let (at, _) = flow(entries, width - 2.0 * left);
    let mut shapes = vec![legend_heading(top, st)];
    let row0 = top + LEGEND_HEAD_MM;
    for ((swatch, text), (dx, dy)) in entries.iter().zip(at) {
        let o = Pt {
            x: left + dx,
            y: row0 + dy,
        };
        let map = MapGeom {
            origin: o,
            sq: LEGEND_SWATCH_MM,
        };
        let c = match swatch {
            Swatch::Cell(c) => *c,
            _ => Cell::Floor,
        };
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
        terrain_mark(c, 0, 0, &map, st, &mut shapes);
        match *swatch {
            Swatch::Cell(_) => {}
            Swatch::Piece(p, colour) => draw_piece(&map, p, colour, 0.5, 0.5, st, &mut shapes),
            Swatch::Door(colour) => {
                // The bar across the swatch's middle, as a door across its
                // edge.
                let o = map.pt(0.4, 0.1);
                shapes.push(Shape::Rect(Rect {
                    x: o.x,
                    y: o.y,
                    width: map.len(0.2),
                    height: map.len(0.8),
                    radius: 0.0,
                    paint: Paint {
                        fill: Fill::Solid(st.paper),
                        stroke: Some(stroke(st.token_ink, map.len(0.04))),
                    },
                }));
                if let Some(k) = colour {
                    let o = map.pt(0.43, 0.15);
                    shapes.push(rect(
                        o.x,
                        o.y,
                        map.len(0.14),
                        map.len(0.7),
                        fill(self::colour(k)),
                    ));
                    badge_of(&map, (0.5, 0.5), 0.2, k, st, &mut shapes);
                }
            }
            Swatch::CentralChamber => central_chamber_outline(o, st, &mut shapes),
            Swatch::Entrance => {
                // As the MKD legend draws it: the arrow coming in from above.
                let small = MapGeom {
                    origin: o.offset(LEGEND_SWATCH_MM * 0.1, LEGEND_SWATCH_MM * 0.45),
                    sq: LEGEND_SWATCH_MM * 0.8,
                };
                entrance_arrow(&small, 0, 0, Side::N, st, &mut shapes);
            }
            Swatch::Letter(k) => badge_of(&map, (0.5, 0.5), 0.3, k, st, &mut shapes),
        }
        shapes.push(plain(
            o.offset(
                LEGEND_SWATCH_MM + 2.0,
                LEGEND_SWATCH_MM / 2.0 + LEGEND_TEXT_MM * 0.36,
            ),
            text.clone(),
            LEGEND_TEXT_MM,
            false,
            Anchor::Start,
            st.ink,
        ));
    }
    Layer {
        id: "legend".into(),
        shapes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The legend lists a terrain exactly when the map draws it, on a
    /// tile's squares or as a pit, rock slide or pool set down by setup (a
    /// user's audit: seed 7's three pits, three rock slides and a pool were
    /// drawn but not listed): over thirty dungeons, on both embedded tile
    /// sets.
    #[test]
    fn the_legend_lists_the_terrain_the_map_has_and_no_other() {
        use crate::dw10::setup::{GenerateParams, generate};
        let sets = [
            crate::tileset::pendraken_tileset(),
            crate::tileset::default_tileset(),
        ];
        let mut left_out = 0;
        let mut pieces_only = 0;
        for seed in 1..=30 {
            let ts = &sets[seed as usize % 2];
            let params = GenerateParams {
                seed,
                log: false,
                ..GenerateParams::default()
            };
            let s = generate(ts, &params).unwrap();
            let v = legend(&s, true);
            for c in [Cell::Hindering, Cell::Crevice, Cell::Water, Cell::Blocking] {
                let on_tiles = s.grid.iter().any(|r| r.contains(c.to_char()));
                let as_piece = s.game.features.iter().any(|f| {
                    matches!(
                        (f.kind, c),
                        (FeatureKind::Pit, Cell::Crevice)
                            | (FeatureKind::Rockslide, Cell::Hindering)
                            | (FeatureKind::Pool, Cell::Water)
                    )
                });
                let on_map = on_tiles || as_piece;
                let listed = v.iter().any(|(sw, _)| *sw == Swatch::Cell(c));
                assert_eq!(listed, on_map, "seed {seed}, {c:?}");
                left_out += usize::from(!on_map);
                pieces_only += usize::from(as_piece && !on_tiles);
            }
            // The players' map lists the same terrain.
            let players = legend(&s, false);
            let cells = |l: &[Entry]| {
                l.iter()
                    .filter_map(|e| match e.0 {
                        Swatch::Cell(c) => Some(c),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(cells(&players), cells(&v), "seed {seed}");
        }
        assert!(pieces_only > 0, "some terrain is only a piece");
        assert!(left_out > 0, "some map lacks some terrain");
    }

    /// No two colours share a letter (blue is `B`, black `K`).
    #[test]
    fn every_colour_has_a_letter_of_its_own() {
        let mut letters: Vec<&str> = Colour::ALL.iter().map(|c| c.letter()).collect();
        letters.sort();
        letters.dedup();
        assert_eq!(letters.len(), Colour::ALL.len());
    }

    /// Keys, keyed doors and staircases carry their colour's letter, and
    /// an inactive teleporter is struck through where an active one is
    /// ringed, so none is told from another by colour alone, in any
    /// style (a user's audit of `--style ink`: red and blue staircases,
    /// green and yellow keys and door bars, active and inactive
    /// teleporters differed only by fill). The legend explains each mark,
    /// the letters of the colours on the map only, and the Central
    /// Chamber's outline.
    #[test]
    fn coloured_pieces_carry_a_mark_besides_their_colour() {
        use crate::dw10::scenario::Difficulty;
        use crate::dw10::setup::{GenerateParams, generate};
        let ts = crate::tileset::pendraken_tileset();
        let (mut keys, mut doors, mut stairs, mut tele) = (0, 0, 0, [0, 0]);
        for seed in [3, 7, 12] {
            let params = GenerateParams {
                seed,
                log: false,
                difficulty: Difficulty::Hard,
                ..GenerateParams::default()
            };
            let s = generate(&ts, &params).unwrap();
            let opts = MapOptions {
                style: crate::export::style::builtin("ink").unwrap(),
                ..MapOptions::default()
            };
            let d = dw10_drawing(&s, &opts);
            let sq = d.square_mm;
            let in_layer = |id: &str| d.layer(id).map(|l| l.shapes.clone()).unwrap_or_default();
            let (pieces, bars) = (in_layer("features"), in_layer("doors"));
            // A text `t` within `r` squares of square point `(x, y)`.
            let text_near = |shapes: &[Shape], t: &str, (x, y): (f64, f64), r: f64| {
                let c = d.square_centre(x - 0.5, y - 0.5);
                shapes.iter().any(|sh| match sh {
                    Shape::Text(tx) => {
                        tx.text == t && (tx.at.x - c.x).hypot(tx.at.y - c.y) < r * sq
                    }
                    _ => false,
                })
            };
            for f in &s.game.features {
                let centre = (f64::from(f.x) + 0.5, f64::from(f.y) + 0.5);
                match (f.kind, f.colour) {
                    (FeatureKind::Key, Some(c)) => {
                        assert!(text_near(&pieces, c.letter(), centre, 0.5), "{f:?}");
                        keys += 1;
                    }
                    (FeatureKind::Staircase, Some(c)) => {
                        assert!(text_near(&pieces, c.letter(), centre, 0.5), "{f:?}");
                        stairs += 1;
                    }
                    (FeatureKind::Door, Some(c)) if !f.is_secret() => {
                        let ((ax, ay), (bx, by)) = crate::dw10::board::door_edge(f).unwrap();
                        let mid = (
                            f64::from(ax + bx) / 2.0 + 0.5,
                            f64::from(ay + by) / 2.0 + 0.5,
                        );
                        assert!(text_near(&bars, c.letter(), mid, 0.15), "{f:?}");
                        doors += 1;
                    }
                    (FeatureKind::Teleporter, _) => {
                        let c = d.square_centre(f64::from(f.x), f64::from(f.y));
                        let ringed = pieces.iter().any(|sh| {
                            matches!(sh, Shape::Circle(k) if k.centre == c
                                && (k.radius - 0.38 * sq).abs() < 1e-9)
                        });
                        let struck = pieces.iter().any(|sh| {
                            matches!(sh, Shape::Line(l)
                                if ((l.from.x + l.to.x) / 2.0 - c.x).abs() < 1e-9
                                && ((l.from.y + l.to.y) / 2.0 - c.y).abs() < 1e-9)
                        });
                        let active = f.active == Some(true);
                        assert_eq!((ringed, struck), (active, !active), "{f:?}");
                        tele[usize::from(active)] += 1;
                    }
                    _ => {}
                }
            }
            let v = legend(&s, false);
            assert!(v.iter().any(|e| e.0 == Swatch::CentralChamber));
            // The entrance arrow every map draws is explained too.
            assert!(v.iter().any(|e| e.0 == Swatch::Entrance));
            let mut colours: Vec<Colour> = s
                .game
                .features
                .iter()
                .filter(|f| f.kind != FeatureKind::Door || !f.is_secret())
                .filter_map(|f| f.colour)
                .collect();
            colours.sort();
            colours.dedup();
            let letters = v.iter().find(|e| e.1.starts_with("letters: ")).unwrap();
            let want: Vec<String> = colours
                .iter()
                .map(|c| format!("{} {}", c.letter(), c.name()))
                .collect();
            assert_eq!(letters.1, format!("letters: {}", want.join(", ")));
        }
        assert!(keys > 0 && doors > 0 && stairs > 0 && tele[0] > 0 && tele[1] > 0);
    }
}
