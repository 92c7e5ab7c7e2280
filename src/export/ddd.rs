//! The print pack of a Dungeons Dark & Dangerous scenario: the board through
//! the shared drawing model (encoded as SVG, PNG and tiled PDF like every
//! map) and the setup sheet as Markdown and PDF.
//!
//! The map is the players' map: the deployment zones shaded per side, the
//! exits marked and numbered per edge, the counters, the plain and locked
//! doors. Secret doors are left off it; the setup sheet lists them.

use super::ExportError;
use super::drawing::{
    Anchor, Circle, Drawing, Layer, Line, MapOptions, Paint, Polygon, Pt, Rect, Shape, Stroke, Text,
};
use super::paper::PrintOptions;
use super::pdf::{MapArea, RectMm};
use super::style::{Color, Fill};
use crate::build::board::{Board, DoorKind, Terrain};
use crate::core::geom::Side;
use crate::ddd::DddScenario;
use crate::ddd::part::{CounterKind, board_of, zone_points};
use crate::ddd::sheet::DddSheet;
use std::fmt::Write;

/// The colour a zone is shaded in.
fn zone_color(name: &str) -> Color {
    match name {
        "edge-N" => Color::rgb(0x2f, 0x6f, 0xd0),
        "edge-E" => Color::rgb(0x2e, 0x9e, 0x4f),
        "edge-S" => Color::rgb(0xd0, 0x3a, 0x2f),
        "edge-W" => Color::rgb(0xc9, 0x8f, 0x10),
        "defender" => Color::rgb(0x7b, 0x3f, 0xb0),
        _ => Color::rgb(0xe0, 0x6a, 0x10),
    }
}

/// The colour of the exits on edge `side`: its edge zone's.
fn exit_color(side: Side) -> Color {
    zone_color(&format!("edge-{}", side_letter(side)))
}

/// A zone's name as the legend words it ("north edge zone"): the file's
/// names (`edge-N`, `defender`) read as ids.
fn zone_label(name: &str) -> String {
    let edge = |side: Side| format!("{} edge zone", side_word(side));
    match name {
        "edge-N" => edge(Side::N),
        "edge-E" => edge(Side::E),
        "edge-S" => edge(Side::S),
        "edge-W" => edge(Side::W),
        "defender" => "defenders' zone".into(),
        "attacker" => "attackers' zone".into(),
        other => format!("zone {other}"),
    }
}

use crate::core::geom::side_word;

/// Which way a zone's hatching slants: the edges that meet at a corner
/// (north and east, …) slant apart, so zones that overlap cross-hatch.
fn zone_slant(name: &str) -> Slant {
    match name {
        "edge-E" | "edge-W" | "defender" => Slant::Up,
        _ => Slant::Down,
    }
}

/// A hatching line's slant: `Down` runs north-west to south-east.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slant {
    Down,
    Up,
}

/// A deployment zone drawn so that it cannot pass for terrain: the
/// squares keep their own fill, crossed by thin lines of the zone's colour
/// at the zone's slant (two a square, continuous from square to square),
/// inside an outline of the zone's colour just within its edge. `to` maps
/// square coordinates to the page; `sq` is a square's side in mm.
fn zone_shapes(
    squares: &std::collections::BTreeSet<(i32, i32)>,
    color: Color,
    slant: Slant,
    sq: f64,
    to: &dyn Fn(f64, f64) -> Pt,
) -> Vec<Shape> {
    let line = |a: (f64, f64), b: (f64, f64), width: f64| {
        Shape::Line(Line {
            from: to(a.0, a.1),
            to: to(b.0, b.1),
            stroke: Stroke {
                color,
                width,
                round: true,
            },
        })
    };
    // Hatching: each line as (its constant, start x, end x) in half
    // squares, joined where one square's piece meets the next's.
    let mut pieces: Vec<(i64, i64, i64)> = Vec::new();
    for &(x, y) in squares {
        let (x, y) = (i64::from(x), i64::from(y));
        match slant {
            // y = x - c/2
            Slant::Down => pieces.extend([
                (2 * (x - y), 2 * x, 2 * x + 2),
                (2 * (x - y) + 1, 2 * x + 1, 2 * x + 2),
                (2 * (x - y) - 1, 2 * x, 2 * x + 1),
            ]),
            // y = c/2 - x
            Slant::Up => pieces.extend([
                (2 * (x + y + 1), 2 * x, 2 * x + 2),
                (2 * (x + y) + 1, 2 * x, 2 * x + 1),
                (2 * (x + y) + 3, 2 * x + 1, 2 * x + 2),
            ]),
        }
    }
    pieces.sort_unstable();
    let mut runs: Vec<(i64, i64, i64)> = Vec::new();
    for p in pieces {
        match runs.last_mut() {
            Some(r) if r.0 == p.0 && r.2 == p.1 => r.2 = p.2,
            _ => runs.push(p),
        }
    }
    let y_of = |c: i64, x: i64| match slant {
        Slant::Down => x - c,
        Slant::Up => c - x,
    };
    let half = |v: i64| v as f64 / 2.0;
    let mut shapes: Vec<Shape> = runs
        .into_iter()
        .map(|(c, a, b)| {
            line(
                (half(a), half(y_of(c, a))),
                (half(b), half(y_of(c, b))),
                sq * 0.025,
            )
        })
        .collect();
    // The outline, each edge that has no zone square beyond it, a little
    // inside: ends drawn in at an outer corner, out at an inner one.
    let d = 0.07;
    let has = |x: i32, y: i32| squares.contains(&(x, y));
    for &(x, y) in squares {
        for side in Side::ALL {
            let (ox, oy) = side.delta();
            if has(x + ox, y + oy) {
                continue;
            }
            let (ux, uy) = (oy.abs(), ox.abs());
            let (fx, fy) = (f64::from(x), f64::from(y));
            let (a, b) = match side {
                Side::N => ((fx, fy), (fx + 1.0, fy)),
                Side::S => ((fx, fy + 1.0), (fx + 1.0, fy + 1.0)),
                Side::W => ((fx, fy), (fx, fy + 1.0)),
                Side::E => ((fx + 1.0, fy), (fx + 1.0, fy + 1.0)),
            };
            let end = |sign: i32| {
                let (nx, ny) = (x + sign * ux, y + sign * uy);
                if !has(nx, ny) {
                    -d
                } else if has(nx + ox, ny + oy) {
                    d
                } else {
                    0.0
                }
            };
            let (iox, ioy) = (f64::from(ox) * d, f64::from(oy) * d);
            let (fux, fuy) = (f64::from(ux), f64::from(uy));
            let (s0, s1) = (end(-1), end(1));
            shapes.push(line(
                (a.0 - iox - fux * s0, a.1 - ioy - fuy * s0),
                (b.0 - iox + fux * s1, b.1 - ioy + fuy * s1),
                sq * 0.07,
            ));
        }
    }
    shapes
}

fn terrain_fill(t: Terrain, opts: &MapOptions) -> Fill {
    let st = &opts.style;
    match t {
        Terrain::Wall => st.wall,
        Terrain::Floor => st.floor,
        Terrain::Difficult => st.hindering,
        Terrain::Obstacle => st.blocking,
        Terrain::Rubble => Fill::Solid(Color::rgb(0xb0, 0x98, 0x74)),
        Terrain::Water => st.water,
    }
}

/// Legend band below the board, in millimetres.
const LEGEND_MM: f64 = 34.0;

/// Band above the board's top margin that holds the title, in
/// millimetres: the margin itself holds the north exits' arrows and their
/// names, which the title would otherwise cross.
const TITLE_MM: f64 = 10.0;

/// What a legend entry shows beside its words: a square of the fill, a
/// counter as the board draws it, an exit's arrow as the board draws those
/// of one edge (its colour, pointing off that edge), or a zone's hatching.
enum Swatch {
    Fill(Fill),
    Counter(Color, &'static str),
    Exit(Side),
    Zone(Color, Slant),
}

/// A counter's colour, letter and legend words.
fn counter_look(kind: CounterKind) -> (Color, &'static str, &'static str) {
    match kind {
        CounterKind::Treasure => (Color::rgb(0xe8, 0xc2, 0x2c), "T", "treasure"),
        CounterKind::Object => (Color::rgb(0x5c, 0xc8, 0xe8), "O", "object of power"),
        CounterKind::Message => (Color::rgb(0xe8, 0xe0, 0xc8), "M", "message"),
        CounterKind::Prisoner => (Color::rgb(0xe8, 0x8a, 0x8a), "P", "prisoner"),
    }
}

/// The board of a scenario at true scale (one square = `square_mm`), as
/// the players see it: secret doors left off.
pub fn board_drawing(s: &DddScenario, opts: &MapOptions) -> Drawing {
    board_map(s, opts, false)
}

/// The board for whoever sets it up or referees: the players' board with
/// each secret door drawn (a grey bar marked `S`).
pub fn board_master_drawing(s: &DddScenario, opts: &MapOptions) -> Drawing {
    board_map(s, opts, true)
}

fn board_map(s: &DddScenario, opts: &MapOptions, master: bool) -> Drawing {
    let b = board_of(s);
    let sq = opts
        .square_mm
        .filter(|v| v.is_finite())
        .unwrap_or(s.square_mm)
        .clamp(super::drawing::SQUARE_MM.0, super::drawing::SQUARE_MM.1);
    let margin = sq.max(15.0);
    let (cols, rows) = (b.width, b.height);
    let width = f64::from(cols) * sq + 2.0 * margin;
    let map_h = f64::from(rows) * sq + 2.0 * margin + TITLE_MM;
    let origin = Pt {
        x: margin,
        y: margin + TITLE_MM,
    };
    let at = |x: f64, y: f64| Pt {
        x: origin.x + x * sq,
        y: origin.y + y * sq,
    };
    let rect = |x: f64, y: f64, w: f64, h: f64, fill: Fill, stroke: Option<Stroke>| {
        let p = at(x, y);
        Shape::Rect(Rect {
            x: p.x,
            y: p.y,
            width: w * sq,
            height: h * sq,
            radius: 0.0,
            paint: Paint { fill, stroke },
        })
    };
    let ink = Color::rgb(0x22, 0x22, 0x22);
    let text = |p: Pt, t: String, size: f64, bold: bool, anchor: Anchor| {
        Shape::Text(Text {
            at: p,
            text: t,
            size,
            bold,
            anchor,
            fill: ink,
            halo: Some(Stroke {
                color: Color::rgb(255, 255, 255),
                width: size * 0.22,
                round: true,
            }),
        })
    };
    let entries = legend_entries(s, &b, opts);
    let legend_h = legend_mm(entries.len(), legend_per_row(width, margin));
    let mut layers = Vec::new();
    // Paper.
    layers.push(Layer {
        id: "paper".into(),
        shapes: vec![Shape::Rect(Rect {
            x: 0.0,
            y: 0.0,
            width,
            height: map_h + legend_h,
            radius: 0.0,
            paint: Paint {
                fill: Fill::Solid(opts.style.paper),
                stroke: None,
            },
        })],
    });
    // Terrain, a square at a time.
    let mut terrain = Vec::new();
    for i in 0..b.cells.len() {
        let p = b.point(i);
        terrain.push(rect(
            f64::from(p.x),
            f64::from(p.y),
            1.0,
            1.0,
            terrain_fill(b.cells[i], opts),
            None,
        ));
    }
    layers.push(Layer {
        id: "terrain".into(),
        shapes: terrain,
    });
    // Zones, hatched and outlined over the terrain, which keeps its fill.
    let mut zones = Vec::new();
    for z in &s.game.zones {
        let squares = zone_points(z).into_iter().map(|p| (p.x, p.y)).collect();
        let (c, slant) = (zone_color(&z.name), zone_slant(&z.name));
        zones.extend(zone_shapes(&squares, c, slant, sq, &|x, y| at(x, y)));
    }
    layers.push(Layer {
        id: "zones".into(),
        shapes: zones,
    });
    // The grid.
    let grid_stroke = Stroke {
        color: opts.style.grid,
        width: opts.style.grid_mm,
        round: false,
    };
    let mut grid = Vec::new();
    for x in 0..=cols {
        grid.push(Shape::Line(Line {
            from: at(f64::from(x), 0.0),
            to: at(f64::from(x), f64::from(rows)),
            stroke: grid_stroke,
        }));
    }
    for y in 0..=rows {
        grid.push(Shape::Line(Line {
            from: at(0.0, f64::from(y)),
            to: at(f64::from(cols), f64::from(y)),
            stroke: grid_stroke,
        }));
    }
    layers.push(Layer {
        id: "grid".into(),
        shapes: grid,
    });
    // Doors (plain and locked; secret ones stay off the players' map and
    // are grey bars marked `S` on the referee's).
    let mut doors = Vec::new();
    for d in &b.doors {
        if d.kind == DoorKind::Secret && !master {
            continue;
        }
        let (x, y) = (f64::from(d.at.x), f64::from(d.at.y));
        let (rx, ry, rw, rh) = match d.side {
            Side::E => (x + 0.85, y + 0.15, 0.3, 0.7),
            _ => (x + 0.15, y + 0.85, 0.7, 0.3),
        };
        let fill = match d.kind {
            DoorKind::Locked => Color::rgb(0x8a, 0x1c, 0x1c),
            DoorKind::Secret => Color::rgb(0x9e, 0x9e, 0x9e),
            DoorKind::Plain => Color::rgb(0x8b, 0x5a, 0x2b),
        };
        doors.push(rect(
            rx,
            ry,
            rw,
            rh,
            Fill::Solid(fill),
            Some(Stroke {
                color: ink,
                width: 0.3,
                round: false,
            }),
        ));
        if d.kind == DoorKind::Secret {
            let c = at(rx + rw / 2.0, ry + rh / 2.0);
            doors.push(text(
                Pt {
                    x: c.x,
                    y: c.y + sq * 0.12,
                },
                "S".into(),
                sq * 0.34,
                true,
                Anchor::Middle,
            ));
        }
        if d.kind == DoorKind::Locked {
            let c = at(rx + rw / 2.0, ry + rh / 2.0);
            doors.push(Shape::Circle(Circle {
                centre: c,
                radius: sq * 0.08,
                paint: Paint {
                    fill: Fill::Solid(Color::rgb(0xf2, 0xd0, 0x4a)),
                    stroke: None,
                },
            }));
        }
    }
    layers.push(Layer {
        id: "doors".into(),
        shapes: doors,
    });
    // Exits: an arrow in the margin off each, numbered along its edge.
    let mut exits = Vec::new();
    for side in Side::ALL {
        for (n, e) in b.exits_on(side).enumerate() {
            let first = e.squares().next().unwrap_or(e.at);
            let last = e.squares().last().unwrap_or(e.at);
            let (mx, my) = (
                (f64::from(first.x) + f64::from(last.x)) / 2.0 + 0.5,
                (f64::from(first.y) + f64::from(last.y)) / 2.0 + 0.5,
            );
            let (dx, dy) = side.delta();
            let (dx, dy) = (f64::from(dx), f64::from(dy));
            // Tip beyond the edge, base on it.
            let base = at(mx + dx * 0.5, my + dy * 0.5);
            let tip = Pt {
                x: base.x + dx * margin * 0.5,
                y: base.y + dy * margin * 0.5,
            };
            let half = f64::from(e.length) * sq * 0.4;
            let (px, py) = (dy.abs(), dx.abs());
            exits.push(Shape::Polygon(Polygon {
                points: vec![
                    Pt {
                        x: base.x + px * half,
                        y: base.y + py * half,
                    },
                    tip,
                    Pt {
                        x: base.x - px * half,
                        y: base.y - py * half,
                    },
                ],
                paint: Paint {
                    fill: Fill::Solid(exit_color(side)),
                    stroke: Some(Stroke {
                        color: ink,
                        width: 0.3,
                        round: true,
                    }),
                },
            }));
            let label_at = Pt {
                x: tip.x + dx * 4.0 + px * (half + 3.0),
                y: tip.y + dy * 4.0 + py * (half + 3.0) + 1.5,
            };
            exits.push(text(
                label_at,
                format!("{}{}", side_letter(side), n + 1),
                4.0,
                true,
                Anchor::Middle,
            ));
        }
    }
    layers.push(Layer {
        id: "exits".into(),
        shapes: exits,
    });
    // Square numbers along the four edges, as on every map, but where an
    // exit's arrow leaves the board.
    let exit_at = |side: Side, n: u32| {
        b.exits_on(side).any(|e| {
            e.squares().any(|q| {
                let along = match side {
                    Side::N | Side::S => q.x,
                    Side::E | Side::W => q.y,
                };
                i64::from(along) == i64::from(n)
            })
        })
    };
    let grid = super::drawing::RulerGrid {
        origin,
        sq,
        columns: cols,
        rows,
    };
    layers.push(Layer {
        id: "rulers".into(),
        shapes: super::drawing::ruler_marks(&grid, ink, exit_at),
    });
    // Counters.
    let mut counters = Vec::new();
    for c in &s.game.counters {
        let centre = at(f64::from(c.x) + 0.5, f64::from(c.y) + 0.5);
        let (fill, letter, _) = counter_look(c.kind);
        counters.push(Shape::Circle(Circle {
            centre,
            radius: sq * 0.38,
            paint: Paint {
                fill: Fill::Solid(fill),
                stroke: Some(Stroke {
                    color: ink,
                    width: 0.5,
                    round: true,
                }),
            },
        }));
        counters.push(Shape::Text(Text {
            at: Pt {
                x: centre.x,
                y: centre.y + sq * 0.15,
            },
            text: letter.into(),
            size: sq * 0.42,
            bold: true,
            anchor: Anchor::Middle,
            fill: ink,
            halo: None,
        }));
    }
    layers.push(Layer {
        id: "counters".into(),
        shapes: counters,
    });
    // Title, footer and legend.
    let title = format!(
        "Dungeons Dark & Dangerous — {} — seed {}{}",
        s.game.scenario.text().name,
        s.seed,
        if master {
            " — referee's board (secret doors shown)"
        } else {
            ""
        }
    );
    let mut words = vec![
        text(
            Pt {
                x: margin,
                y: TITLE_MM * 0.7,
            },
            title.clone(),
            5.0,
            true,
            Anchor::Start,
        ),
        text(
            Pt {
                x: margin,
                y: map_h - margin * 0.35,
            },
            format!(
                "{cols}×{rows} squares of {} mm · print at 100% / actual size",
                super::paper::mm_text(sq)
            ),
            3.2,
            false,
            Anchor::Start,
        ),
    ];
    let per_row = legend_per_row(width, margin);
    for (i, (look, label)) in entries.into_iter().enumerate() {
        let (col, row) = ((i % per_row) as f64, (i / per_row) as f64);
        let x = margin + col * 45.0;
        let y = map_h + 2.0 + row * 7.0;
        let edge = Some(Stroke {
            color: ink,
            width: 0.2,
            round: false,
        });
        match look {
            Swatch::Fill(fill) => words.push(Shape::Rect(Rect {
                x,
                y,
                width: 5.0,
                height: 5.0,
                radius: 0.0,
                paint: Paint { fill, stroke: edge },
            })),
            Swatch::Counter(fill, letter) => {
                words.push(Shape::Circle(Circle {
                    centre: Pt {
                        x: x + 2.5,
                        y: y + 2.5,
                    },
                    radius: 2.5,
                    paint: Paint {
                        fill: Fill::Solid(fill),
                        stroke: edge,
                    },
                }));
                words.push(Shape::Text(Text {
                    at: Pt {
                        x: x + 2.5,
                        y: y + 3.6,
                    },
                    text: letter.into(),
                    size: 3.0,
                    bold: true,
                    anchor: Anchor::Middle,
                    fill: ink,
                    halo: None,
                }));
            }
            Swatch::Zone(c, slant) => {
                words.push(Shape::Rect(Rect {
                    x,
                    y,
                    width: 5.0,
                    height: 5.0,
                    radius: 0.0,
                    paint: Paint {
                        fill: terrain_fill(Terrain::Floor, opts),
                        stroke: edge,
                    },
                }));
                let one = std::iter::once((0, 0)).collect();
                let to = |u: f64, v: f64| Pt {
                    x: x + u * 5.0,
                    y: y + v * 5.0,
                };
                words.extend(zone_shapes(&one, c, slant, 5.0, &to));
            }
            Swatch::Exit(side) => {
                // A triangle in the 5 mm swatch, its tip off the edge it
                // points across.
                let (dx, dy) = side.delta();
                let (dx, dy) = (f64::from(dx), f64::from(dy));
                let c = (x + 2.5, y + 2.5);
                let (px, py) = (dy.abs(), dx.abs());
                let base = (c.0 - dx * 2.5, c.1 - dy * 2.5);
                words.push(Shape::Polygon(Polygon {
                    points: vec![
                        Pt {
                            x: base.0 + px * 2.5,
                            y: base.1 + py * 2.5,
                        },
                        Pt {
                            x: c.0 + dx * 2.5,
                            y: c.1 + dy * 2.5,
                        },
                        Pt {
                            x: base.0 - px * 2.5,
                            y: base.1 - py * 2.5,
                        },
                    ],
                    paint: Paint {
                        fill: Fill::Solid(exit_color(side)),
                        stroke: edge,
                    },
                }));
            }
        }
        words.push(text(
            Pt {
                x: x + 7.0,
                y: y + 4.0,
            },
            label,
            3.2,
            false,
            Anchor::Start,
        ));
    }
    layers.push(Layer {
        id: "labels".into(),
        shapes: words,
    });
    Drawing {
        width_mm: width,
        height_mm: map_h + legend_h,
        origin,
        margin_mm: margin,
        square_mm: sq,
        columns: cols,
        rows,
        title,
        layers,
    }
}

/// The legend's entries: each terrain and door, the counters the board
/// has, its exits edge by edge, its zones.
fn legend_entries(s: &DddScenario, b: &Board, opts: &MapOptions) -> Vec<(Swatch, String)> {
    let swatch = |f: Fill| Swatch::Fill(f);
    let mut entries: Vec<(Swatch, String)> = vec![
        (swatch(terrain_fill(Terrain::Wall, opts)), "wall".into()),
        (swatch(terrain_fill(Terrain::Floor, opts)), "floor".into()),
        (
            swatch(terrain_fill(Terrain::Difficult, opts)),
            "difficult ground (2)".into(),
        ),
        (
            swatch(terrain_fill(Terrain::Obstacle, opts)),
            "obstacle".into(),
        ),
        (
            swatch(terrain_fill(Terrain::Rubble, opts)),
            "rubble: cover, 2".into(),
        ),
        (
            swatch(terrain_fill(Terrain::Water, opts)),
            "water: cover, 2".into(),
        ),
        (
            swatch(Fill::Solid(Color::rgb(0x8b, 0x5a, 0x2b))),
            "door".into(),
        ),
        (
            swatch(Fill::Solid(Color::rgb(0x8a, 0x1c, 0x1c))),
            "locked door".into(),
        ),
    ];
    // The counters the board has, each kind once, and its exits.
    for kind in [
        CounterKind::Treasure,
        CounterKind::Object,
        CounterKind::Message,
        CounterKind::Prisoner,
    ] {
        if s.game.counters.iter().any(|c| c.kind == kind) {
            let (fill, letter, words) = counter_look(kind);
            entries.push((Swatch::Counter(fill, letter), words.into()));
        }
    }
    // An exit's arrow takes its edge's colour: one entry for each edge
    // that has exits (a single blue arrow misnamed the others' colours).
    for side in Side::ALL {
        if b.exits_on(side).next().is_some() {
            let l = side_letter(side);
            entries.push((
                Swatch::Exit(side),
                format!("{} exit ({l}1 …)", side_word(side)),
            ));
        }
    }
    for z in &s.game.zones {
        entries.push((
            Swatch::Zone(zone_color(&z.name), zone_slant(&z.name)),
            zone_label(&z.name),
        ));
    }
    entries
}

/// How many legend entries a row holds (45 mm each).
fn legend_per_row(width: f64, margin: f64) -> usize {
    ((width - 2.0 * margin) / 45.0).floor().max(1.0) as usize
}

/// The height of the legend band for `entries` entries: rows 7 mm apart,
/// never less than [`LEGEND_MM`].
fn legend_mm(entries: usize, per_row: usize) -> f64 {
    let rows = entries.div_ceil(per_row.max(1)) as f64;
    LEGEND_MM.max(2.0 + rows * 7.0 + 4.0)
}

fn side_letter(s: Side) -> &'static str {
    match s {
        Side::N => "N",
        Side::E => "E",
        Side::S => "S",
        Side::W => "W",
    }
}

/// The board as SVG.
pub fn board_svg(s: &DddScenario, opts: &MapOptions) -> String {
    super::svg::svg(&board_drawing(s, opts))
}

/// The board as a print-ready PDF: overview, then 100 % pages.
pub fn board_pdf(
    s: &DddScenario,
    opts: &MapOptions,
    print: &PrintOptions,
) -> Result<Vec<u8>, ExportError> {
    let d = board_drawing(s, opts);
    let b: Board = board_of(s);
    let sq = d.square_mm;
    let area = MapArea {
        bounds: RectMm {
            x: 0.0,
            y: 0.0,
            width: d.width_mm,
            height: d.map_height_mm(),
        },
        square_mm: sq,
        squares: (0..b.cells.len())
            .map(|i| {
                let p = b.point(i);
                RectMm {
                    x: d.origin.x + f64::from(p.x) * sq,
                    y: d.origin.y + f64::from(p.y) * sq,
                    width: sq,
                    height: sq,
                }
            })
            .collect(),
    };
    super::pdf::area_pdf(&d, &area, s.seed, print)
}

/// What the sheet says, section by section: (title, paragraphs, fields).
struct Words {
    title: String,
    intro: String,
    rules: Vec<(&'static str, String)>,
    board: Vec<(&'static str, String)>,
    walks: Vec<(String, String)>,
}

fn words(sh: &DddSheet) -> Words {
    let t = sh.scenario.text();
    let chosen = match sh.chosen {
        crate::ddd::part::Chosen::Named => "named on the command line",
        crate::ddd::part::Chosen::Rolled => "rolled on a d6 (see the rolls)",
        crate::ddd::part::Chosen::DiceOffBlue => {
            "chosen by Blue, who won the dice-off and is the attacker where there is one (see the rolls)"
        }
        crate::ddd::part::Chosen::DiceOffRed => {
            "chosen by Red, who won the dice-off and is the attacker where there is one (see the rolls)"
        }
    };
    let [plain, locked, secret] = sh.door_counts;
    let mut board = vec![
        (
            "Board",
            format!(
                "{}×{} {}{}",
                sh.size.0,
                sh.size.1,
                // The text's board is of one-inch squares; `--square`
                // prints them another size, which the sheet says.
                if (sh.square_mm - 25.4).abs() < 1e-9 {
                    "one-inch squares".to_string()
                } else {
                    format!(
                        "squares of {} mm",
                        crate::export::paper::mm_text(sh.square_mm)
                    )
                },
                if sh.fair {
                    if sh.size.0 == sh.size.1 {
                        "; fair: it turns a quarter round onto itself"
                    } else {
                        "; fair: it turns half round onto itself"
                    }
                } else {
                    ""
                }
            ),
        ),
        (
            "Doors",
            format!("{plain} plain, {locked} locked, {secret} secret"),
        ),
        ("Cover", format!("{} squares of rubble and water", sh.cover)),
    ];
    if let Some(p) = &sh.plays {
        board.push(("Plays", p.clone()));
    }
    for (side, list) in &sh.exits {
        let key = match side {
            Side::N => "Exits, north",
            Side::E => "Exits, east",
            Side::S => "Exits, south",
            Side::W => "Exits, west",
        };
        board.push((
            key,
            if list.is_empty() {
                "none".into()
            } else {
                list.join(", ")
            },
        ));
    }
    if !sh.counters.is_empty() {
        board.push(("Counters", sh.counters.join("; ")));
    }
    if !sh.hidden_doors.is_empty() {
        board.push((
            "Locked and secret doors",
            format!(
                "{} (secret doors are not on the players' map)",
                sh.hidden_doors.join("; ")
            ),
        ));
    }
    let walks = sh
        .walks
        .iter()
        .map(|(side, d)| {
            (
                crate::build::board::edge_word(*side).to_string(),
                d.map_or("no way through plain doors".into(), |d| {
                    format!("{d} squares")
                }),
            )
        })
        .collect();
    Words {
        title: format!("Dungeons Dark & Dangerous — {}", t.name),
        intro: format!(
            "Scenario {} of 6, {chosen}; seed {}. Squares are counted from the north-west corner, x east and y south, from 0.",
            t.roll, sh.seed
        ),
        rules: vec![
            ("Who builds", t.builds.clone()),
            ("Set-up", t.deploys.clone()),
            ("Victory", t.victory.clone()),
        ],
        board,
        walks,
    }
}

/// The rows of the sheet's zone table: each zone named in the legend's
/// words ("north edge zone", "defenders' zone"), not by its id in
/// `scenario.yaml`, its squares and its rule.
fn zone_rows(sh: &DddSheet) -> Vec<[String; 3]> {
    sh.zones
        .iter()
        .map(|(name, n, rule)| [zone_label(name), n.to_string(), rule.clone()])
        .collect()
}

/// The setup sheet as Markdown.
pub fn sheet_markdown(sh: &DddSheet) -> String {
    let w = words(sh);
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n\n{}\n", w.title, w.intro);
    let _ = writeln!(out, "## The scenario\n");
    for (k, v) in &w.rules {
        let _ = writeln!(out, "- **{k}:** {v}");
    }
    let _ = writeln!(out, "\n## The board\n");
    for (k, v) in &w.board {
        let _ = writeln!(out, "- **{k}:** {v}");
    }
    let _ = writeln!(
        out,
        "\n## Deployment zones\n\n| zone | squares | rule |\n|---|--:|---|"
    );
    for [zone, n, rule] in zone_rows(sh) {
        let _ = writeln!(out, "| {zone} | {n} | {rule} |");
    }
    let _ = writeln!(
        out,
        "\n## Walking distance from each edge\n\nFrom the edge's nearest exit to {}, in squares of movement (difficult ground, rubble and water count 2; plain doors only).\n\n| edge | walk |\n|---|--:|",
        sh.objective
    );
    for (side, d) in &w.walks {
        let _ = writeln!(out, "| {side} | {d} |");
    }
    out.push_str("\n## Rolls\n\n");
    super::sheet::rolls_md(&mut out, &sh.log);
    out
}

/// The setup sheet as a PDF on `print.paper`, laid out as every sheet is.
pub fn sheet_pdf(sh: &DddSheet, print: &PrintOptions) -> Result<Vec<u8>, ExportError> {
    use super::sheet::{Part, Section, Table};
    let w = words(sh);
    let mut zones = Table::new(&["zone", "squares", "rule"], &[1], Some(2));
    for row in zone_rows(sh) {
        zones.row(row.to_vec());
    }
    let mut walks = Table::new(&["edge", "walk"], &[1], None);
    for (side, d) in &w.walks {
        walks.row(vec![side.clone(), d.clone()]);
    }
    let mut rolls = Table::new(&["dice", "result", "for"], &[1], Some(2));
    rolls.compact = true;
    for e in &sh.log {
        rolls.row(vec![
            e.roll.clone(),
            e.result.to_string(),
            e.purpose.clone(),
        ]);
    }
    let sections = vec![
        Section {
            title: w.title.clone(),
            parts: vec![Part::Para(w.intro.clone()), Part::Fields(w.rules.clone())],
        },
        Section {
            title: "The board".into(),
            parts: vec![Part::Fields(w.board.clone())],
        },
        Section {
            title: "Deployment zones".into(),
            parts: vec![Part::Table(zones)],
        },
        Section {
            title: "Walking distance from each edge".into(),
            parts: vec![
                Part::Para(format!(
                    "From the edge's nearest exit to {}, in squares of movement (difficult ground, rubble and water count 2; plain doors only).",
                    sh.objective
                )),
                Part::Table(walks),
            ],
        },
        Section {
            title: "Rolls".into(),
            parts: vec![Part::Table(rolls)],
        },
    ];
    let head = format!("tilecrawl Dungeons Dark & Dangerous — seed {}", sh.seed);
    let foot = format!("{} · seed {}", sh.scenario.text().name, sh.seed);
    super::sheet::sections_pdf(
        &sections,
        print,
        &super::style::Style::default(),
        (&head, &foot),
        &w.title,
        &sh.generator,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ddd::scenarios::ScenarioKind;
    use crate::ddd::{Choice, DddOptions, generate};

    use crate::ddd::named_board as named;

    /// The legend names every mark the board draws and no other: the
    /// counters it has (treasure, prisoner …) and its exits (a user's audit
    /// found them drawn but not in the legend).
    #[test]
    fn the_legend_names_the_counters_and_exits_the_board_has_and_no_other() {
        for kind in ScenarioKind::ALL {
            let s = named(kind, 12);
            let d = board_drawing(&s, &MapOptions::default());
            let labels = d.layers.iter().find(|l| l.id == "labels").unwrap();
            let texts: Vec<&str> = labels
                .shapes
                .iter()
                .filter_map(|sh| match sh {
                    Shape::Text(t) => Some(t.text.as_str()),
                    _ => None,
                })
                .collect();
            for k in [
                CounterKind::Treasure,
                CounterKind::Object,
                CounterKind::Message,
                CounterKind::Prisoner,
            ] {
                let (_, letter, words) = counter_look(k);
                let on_board = s.game.counters.iter().any(|c| c.kind == k);
                assert_eq!(
                    texts.contains(&words) && texts.contains(&letter),
                    on_board,
                    "{kind:?}: {words}: {texts:?}"
                );
            }
            let exits = Side::ALL
                .iter()
                .any(|&side| board_of(&s).exits_on(side).next().is_some());
            assert_eq!(
                texts.iter().any(|t| t.contains(" exit (")),
                exits,
                "{kind:?}: {texts:?}"
            );
        }
        let hunt = generate(
            12,
            &DddOptions {
                choice: Choice::Named(ScenarioKind::TreasureHunt),
                ..DddOptions::default()
            },
        )
        .unwrap();
        assert!(
            hunt.game
                .counters
                .iter()
                .any(|c| c.kind == CounterKind::Treasure)
        );
    }

    /// Each exit swatch of the legend is filled with the colour the board
    /// fills that edge's exit arrows with, and names the edge; the legend
    /// has a swatch for every colour the board's exits use and no other;
    /// zones are named in words, not by their ids in the file (a user's
    /// audit: one blue swatch for red, green and gold exits, and "zone
    /// edge-N").
    #[test]
    fn the_legend_s_exit_swatches_are_the_board_s_exit_colours() {
        let fill_of = |sh: &Shape| match sh {
            Shape::Polygon(p) => match p.paint.fill {
                Fill::Solid(c) => Some(c),
                _ => None,
            },
            _ => None,
        };
        for kind in ScenarioKind::ALL {
            for seed in [7, 12] {
                let s = named(kind, seed);
                let d = board_drawing(&s, &MapOptions::default());
                // The board: each arrow, then its name (`S3`).
                let exits = &d.layer("exits").unwrap().shapes;
                let mut board: Vec<(char, Color)> = Vec::new();
                for pair in exits.windows(2) {
                    if let (Some(c), Shape::Text(t)) = (fill_of(&pair[0]), &pair[1]) {
                        let edge = t.text.chars().next().unwrap();
                        if !board.contains(&(edge, c)) {
                            board.push((edge, c));
                        }
                    }
                }
                // The legend: each swatch, then its words.
                let labels = &d.layer("labels").unwrap().shapes;
                let mut legend: Vec<(char, Color)> = Vec::new();
                for pair in labels.windows(2) {
                    if let (Some(c), Shape::Text(t)) = (fill_of(&pair[0]), &pair[1])
                        && t.text.contains(" exit (")
                    {
                        let edge = t.text.chars().next().unwrap().to_ascii_uppercase();
                        legend.push((edge, c));
                    }
                }
                board.sort_by_key(|&(e, _)| e);
                legend.sort_by_key(|&(e, _)| e);
                assert!(!board.is_empty(), "{kind:?} {seed}");
                assert_eq!(legend, board, "{kind:?} {seed}");
                let words: Vec<&str> = labels
                    .iter()
                    .filter_map(|sh| match sh {
                        Shape::Text(t) => Some(t.text.as_str()),
                        _ => None,
                    })
                    .collect();
                assert!(
                    !words
                        .iter()
                        .any(|w| w.contains("edge-") || w.starts_with("zone ")),
                    "{words:?}"
                );
                if s.game.zones.iter().any(|z| z.name == "edge-N") {
                    assert!(words.contains(&"north edge zone"), "{words:?}");
                }
            }
        }
    }

    /// The setup sheet names each deployment zone in the legend's words
    /// ("north edge zone", "defenders' zone"), not by its id in
    /// `scenario.yaml` (a user's audit: the sheet's table read `edge-N`
    /// and `defender`), and `scenario.yaml` keeps the ids.
    #[test]
    fn the_sheet_names_the_zones_as_the_legend_does() {
        for kind in ScenarioKind::ALL {
            let s = named(kind, 7);
            let md = sheet_markdown(&crate::ddd::sheet::sheet(&s));
            let table = md.split("## Deployment zones").nth(1).unwrap();
            let cells: Vec<Vec<&str>> = table
                .lines()
                .filter(|l| l.starts_with("| ") && !l.starts_with("| zone |"))
                .take_while(|l| l.split('|').count() == 5)
                .map(|l| {
                    l.split('|')
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .collect()
                })
                .collect();
            let mut names: Vec<&str> = cells.iter().map(|r| r[0]).collect();
            assert_eq!(names.len(), s.game.zones.len(), "{kind:?}: {md}");
            for row in &cells {
                assert!(
                    row.iter()
                        .all(|c| !c.contains("edge-") && !c.contains("defender zone")),
                    "{kind:?}: {row:?}"
                );
                assert!(
                    !["defender", "attacker"].contains(&row[0]),
                    "{kind:?}: {row:?}"
                );
            }
            let d = board_drawing(&s, &MapOptions::default());
            let mut legend: Vec<&str> = d
                .layer("labels")
                .unwrap()
                .shapes
                .iter()
                .filter_map(|sh| match sh {
                    Shape::Text(t) if t.text.ends_with(" zone") => Some(t.text.as_str()),
                    _ => None,
                })
                .collect();
            names.sort_unstable();
            legend.sort_unstable();
            assert_eq!(names, legend, "{kind:?}");
            let yaml = crate::scenario::to_yaml(&s);
            assert!(
                s.game
                    .zones
                    .iter()
                    .all(|z| yaml.contains(&format!("name: {}", z.name))),
                "{yaml}"
            );
        }
    }

    /// The legend band grows to hold every entry on a narrow board, where
    /// a row holds few (an exit entry for each edge made more of them).
    #[test]
    fn the_legend_band_holds_every_entry() {
        let s = generate(
            7,
            &DddOptions {
                choice: Choice::Named(ScenarioKind::FreePrisoner),
                width: 24,
                height: 24,
                ..DddOptions::default()
            },
        )
        .unwrap();
        for sq in [2.0, 10.0, 25.4] {
            let d = board_drawing(
                &s,
                &MapOptions {
                    square_mm: Some(sq),
                    ..MapOptions::default()
                },
            );
            for sh in &d.layer("labels").unwrap().shapes {
                if let Shape::Text(t) = sh {
                    assert!(
                        t.at.y < d.height_mm - 2.0,
                        "{sq} mm: {:?} at {}",
                        t.text,
                        t.at.y
                    );
                }
            }
        }
    }

    /// The board numbers its squares along all four edges, as the setup
    /// sheet names them, but where an exit's arrow leaves the board.
    #[test]
    fn the_board_numbers_its_squares_along_the_edges_but_at_the_exits() {
        for (kind, seed) in [(ScenarioKind::Battle, 7), (ScenarioKind::Ambush, 3)] {
            let s = named(kind, seed);
            let b = board_of(&s);
            let d = board_drawing(&s, &MapOptions::default());
            let rulers = d.layers.iter().find(|l| l.id == "rulers").unwrap();
            // Each number with where it stands: above, below, left or right.
            let (top, left) = (d.origin.y, d.origin.x);
            let (bottom, right) = (
                top + f64::from(b.height) * d.square_mm,
                left + f64::from(b.width) * d.square_mm,
            );
            let mut marks = std::collections::BTreeSet::new();
            for shape in &rulers.shapes {
                let Shape::Text(t) = shape else {
                    panic!("a ruler mark is text: {shape:?}")
                };
                let side = if t.at.y < top {
                    Side::N
                } else if t.at.y > bottom {
                    Side::S
                } else if t.at.x < left {
                    Side::W
                } else {
                    assert!(t.at.x > right, "{t:?} stands on the board");
                    Side::E
                };
                marks.insert((side_letter(side), t.text.parse::<i32>().unwrap()));
            }
            for side in Side::ALL {
                let exits: Vec<i32> = b
                    .exits_on(side)
                    .flat_map(|e| e.squares().collect::<Vec<_>>())
                    .map(|q| {
                        if matches!(side, Side::N | Side::S) {
                            q.x
                        } else {
                            q.y
                        }
                    })
                    .collect();
                assert!(!exits.is_empty(), "{kind:?} {seed}: an exit on each edge");
                let n = if matches!(side, Side::N | Side::S) {
                    b.width
                } else {
                    b.height
                };
                for i in 0..n as i32 {
                    let shown = marks.contains(&(side_letter(side), i));
                    assert_eq!(
                        shown,
                        !exits.contains(&i),
                        "{kind:?} {seed}: {} edge, square {i}",
                        side_letter(side)
                    );
                }
            }
        }
    }

    /// The title stands clear of every exit's arrow and name, whatever the
    /// board's and the squares' size (a user's audit: on seed 7's A4 print
    /// the title crossed the tip of the N1 arrow).
    #[test]
    fn the_title_is_clear_of_the_exit_arrows() {
        for (seed, width, height) in [(7, 36, 36), (3, 24, 24), (5, 60, 40)] {
            let s = generate(
                seed,
                &DddOptions {
                    width,
                    height,
                    ..DddOptions::default()
                },
            )
            .unwrap();
            for square_mm in [None, Some(10.0), Some(15.0), Some(40.0)] {
                let d = board_drawing(
                    &s,
                    &MapOptions {
                        square_mm,
                        ..MapOptions::default()
                    },
                );
                let title = d
                    .layer("labels")
                    .and_then(|l| {
                        l.shapes.iter().find_map(|sh| match sh {
                            Shape::Text(t) if t.text == d.title => Some(t.clone()),
                            _ => None,
                        })
                    })
                    .unwrap();
                // The lowest a descender reaches, and the highest any exit
                // mark does (a name's capitals reach about 0.75 of its size).
                let title_bottom = title.at.y + 0.3 * title.size;
                let exits = d.layer("exits").unwrap();
                let top = exits
                    .shapes
                    .iter()
                    .flat_map(|sh| match sh {
                        Shape::Polygon(p) => p.points.iter().map(|p| p.y).collect(),
                        Shape::Text(t) => vec![t.at.y - 0.8 * t.size],
                        _ => Vec::new(),
                    })
                    .fold(f64::INFINITY, f64::min);
                assert!(
                    title_bottom < top,
                    "seed {seed} {width}x{height} {square_mm:?}: title to {title_bottom}, exits from {top}"
                );
            }
        }
    }

    /// A deployment zone is hatched and outlined, never a tint: every
    /// square of it shows its own terrain's colour between the hatching,
    /// measured in the PNG against the same board drawn with no zones (a
    /// user's audit: tints over terrain made colours the legend did not
    /// have, and difficult ground looked like a zone over floor).
    #[test]
    fn zones_leave_the_terrain_s_colour_as_it_is() {
        for (kind, seed) in [(ScenarioKind::TreasureHunt, 7), (ScenarioKind::Ambush, 3)] {
            let s = named(kind, seed);
            for style in ["color", "ink"] {
                let opts = MapOptions {
                    style: crate::export::style::builtin(style).unwrap(),
                    ..MapOptions::default()
                };
                let d = board_drawing(&s, &opts);
                let zones = d.layer("zones").unwrap();
                assert!(
                    zones.shapes.iter().all(|sh| matches!(sh, Shape::Line(_))),
                    "{kind:?} {style}: a zone fills squares"
                );
                let mut bare = d.clone();
                bare.layers.retain(|l| l.id != "zones");
                let dpi = 50;
                let png = |d: &Drawing| {
                    let bytes = crate::export::png_with(
                        &crate::export::svg(d),
                        dpi,
                        crate::export::PngCompression::Fast,
                    )
                    .unwrap();
                    image::load_from_memory(&bytes).unwrap().to_rgba8()
                };
                let (with, without) = (png(&d), png(&bare));
                assert_ne!(with, without, "{kind:?} {style}: no zone drawn");
                let px = |img: &image::RgbaImage, x: f64, y: f64| {
                    let p = d.square_centre(x - 0.5, y - 0.5);
                    let k = f64::from(dpi) / 25.4;
                    img.get_pixel((p.x * k) as u32, (p.y * k) as u32).0
                };
                let mut checked = 0;
                for z in &s.game.zones {
                    for p in zone_points(z) {
                        if s.game.counters.iter().any(|c| (c.x, c.y) == (p.x, p.y)) {
                            continue;
                        }
                        // Between two hatching lines, off the outline.
                        let (x, y) = (f64::from(p.x) + 0.5, f64::from(p.y) + 0.25);
                        assert_eq!(
                            px(&with, x, y),
                            px(&without, x, y),
                            "{kind:?} {style}: zone {} at {p:?}",
                            z.name
                        );
                        checked += 1;
                    }
                }
                assert!(checked > 20, "{kind:?}: {checked}");
            }
        }
    }
}
