//! Doors on the written maps: every door a game fixes at setup is drawn on
//! its square edge, and a secret door is on no map the players see — checked
//! on the files `generate` writes (the SVG's text and the PNG's pixels), not
//! only on the drawing model.

use super::common;
use std::path::Path;
use std::time::Duration;
use tilecrawl::export::{DoorKind, DoorMark, Drawing, MapOptions};
use tilecrawl::games::AnyScenario;

const DPI: u32 = 100;

fn generate(dir: &Path, args: &[&str]) {
    let mut all = vec!["generate", "--dpi", "100", "--out", "m", "--force"];
    all.extend_from_slice(args);
    let r = common::run_env(dir, &all, &[], Duration::from_secs(120));
    assert_eq!(r.code, Some(0), "{r:#?}");
}

/// The text of the SVG group with this id (groups hold no groups).
fn group<'a>(svg: &'a str, id: &str) -> &'a str {
    let Some(start) = svg.find(&format!("<g id=\"{id}\"")) else {
        return "";
    };
    let end = svg[start..].find("</g>").expect("the group is closed");
    &svg[start..start + end]
}

/// The pixel at a point given in squares from the grid's north-west corner.
fn pixel(img: &image::RgbaImage, d: &Drawing, x: f64, y: f64) -> [u8; 4] {
    let mm = |v: f64, o: f64| (o + v * d.square_mm) * f64::from(DPI) / 25.4;
    let (px, py) = (mm(x, d.origin.x), mm(y, d.origin.y));
    img.get_pixel(px as u32, py as u32).0
}

fn near(a: [u8; 4], b: [u8; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 8)
}

/// Two points on a door's bar, off the grid line and off any keyhole or
/// colour bar: a twentieth of a square either side of the edge, a third of
/// a square from its middle.
fn on_bar(m: &DoorMark) -> [(f64, f64); 2] {
    let [(x0, y0), (x1, y1)] = m.edge().expect("a door is on an edge");
    let (mx, my) = (f64::from(x0 + x1) / 2.0, f64::from(y0 + y1) / 2.0);
    if y0 == y1 {
        [(mx - 0.33, my - 0.05), (mx + 0.33, my + 0.05)]
    } else {
        [(mx - 0.05, my - 0.33), (mx + 0.05, my + 0.33)]
    }
}

/// Checks one written map against its doors: the SVG's `doors` group holds
/// `bars(shown)` rectangles and no `S`; on the PNG a plain door's bar shows
/// `door_fill` and a secret door's edge does not. Returns how many secret
/// doors were checked.
fn check_map(
    dir: &Path,
    d: &Drawing,
    marks: &[DoorMark],
    door_fill: [u8; 4],
    bars: usize,
) -> usize {
    let svg = std::fs::read_to_string(dir.join("m/map.svg")).unwrap();
    let doors = group(&svg, "doors");
    assert_eq!(doors.matches("<rect").count(), bars, "{doors}");
    assert!(
        !doors.contains(">S<"),
        "a secret door's S on the players' map"
    );
    let img = image::open(dir.join("m/map.png")).unwrap().to_rgba8();
    let mut secret = 0;
    for m in marks {
        for (x, y) in on_bar(m) {
            let p = pixel(&img, d, x, y);
            match m.kind {
                DoorKind::Plain => assert!(
                    near(p, door_fill),
                    "plain door {m:?}: {p:?} at {x},{y}, not the door's {door_fill:?}"
                ),
                DoorKind::Secret => assert!(
                    !near(p, door_fill),
                    "secret door {m:?} shows on the players' map at {x},{y}"
                ),
                DoorKind::Locked => {}
            }
        }
        secret += usize::from(m.kind == DoorKind::Secret);
    }
    assert!(
        marks.iter().any(|m| m.kind == DoorKind::Plain),
        "no plain door to prove the sampling"
    );
    secret
}

fn rgba(c: tilecrawl::export::Color) -> [u8; 4] {
    let h = c.hex();
    let v = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).unwrap();
    [v(1), v(3), v(5), 255]
}

fn load(dir: &Path) -> AnyScenario {
    let text = std::fs::read_to_string(dir.join("m/scenario.yaml")).unwrap();
    AnyScenario::from_yaml(&text, "scenario.yaml").unwrap()
}

fn opts() -> MapOptions {
    MapOptions {
        dpi: DPI,
        ..MapOptions::default()
    }
}

#[test]
fn dungeon_world_secret_doors_are_on_no_written_players_map() {
    let tmp = tempfile::tempdir().unwrap();
    let mut secret = 0;
    for seed in ["3", "7", "12"] {
        generate(
            tmp.path(),
            &[
                "--ruleset",
                "dungeon-world-10mm",
                "--difficulty",
                "hard",
                "--seed",
                seed,
            ],
        );
        let AnyScenario::Dw10(s) = load(tmp.path()) else {
            panic!("not a dungeon-world-10mm scenario")
        };
        let marks = tilecrawl::export::dw10_doors(&s);
        let keyed = marks.iter().filter(|m| m.kind == DoorKind::Locked).count();
        let shown = marks.len() - marks.iter().filter(|m| m.kind == DoorKind::Secret).count();
        let d = tilecrawl::export::dw10_drawing(&s, &opts());
        // A bar per door shown and a colour bar per keyed door.
        let paper = rgba(opts().style.paper);
        secret += check_map(tmp.path(), &d, &marks, paper, shown + keyed);
    }
    assert!(secret > 0, "no seed had a secret door to leave off");
}

#[test]
fn dark_and_dangerous_secret_doors_are_on_no_written_players_map() {
    let tmp = tempfile::tempdir().unwrap();
    let mut secret = 0;
    for (seed, scenario) in [("1", "battle"), ("2", "free-prisoner")] {
        generate(
            tmp.path(),
            &[
                "--ruleset",
                "dd-and-d",
                "--scenario",
                scenario,
                "--secret-doors",
                "2",
                "--seed",
                seed,
            ],
        );
        let AnyScenario::Ddd(s) = load(tmp.path()) else {
            panic!("not a dd-and-d scenario")
        };
        let board = tilecrawl::ddd::part::board_of(&s);
        let marks: Vec<DoorMark> = board.doors.iter().map(DoorMark::from).collect();
        let shown = marks.len() - marks.iter().filter(|m| m.kind == DoorKind::Secret).count();
        let d = tilecrawl::export::ddd::board_drawing(&s, &opts());
        secret += check_map(tmp.path(), &d, &marks, [0x8b, 0x5a, 0x2b, 255], shown);
    }
    assert!(secret > 0, "no board had a secret door to leave off");
}
