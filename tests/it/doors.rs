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
    let mut all = vec![
        "generate", "--dpi", "100", "--out", "m", "--force", "--gm-map",
    ];
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

/// The colours a plain and a secret door's bar are drawn in.
struct Fills {
    plain: [u8; 4],
    secret: [u8; 4],
}

/// Checks one written map against its doors: the SVG's `doors` group holds
/// `bars` rectangles and no `S`; on the PNG a plain door's bar shows its
/// fill and a secret door's edge shows no door. The game master's map
/// (`gm-map.*`, written beside it) shows every secret door: its `S` in the
/// SVG, its bar on the PNG. Returns how many secret doors were checked.
fn check_map(dir: &Path, d: &Drawing, marks: &[DoorMark], fills: Fills, bars: usize) -> usize {
    let svg = std::fs::read_to_string(dir.join("m/map.svg")).unwrap();
    let doors = group(&svg, "doors");
    assert_eq!(doors.matches("<rect").count(), bars, "{doors}");
    assert!(
        !doors.contains(">S<"),
        "a secret door's S on the players' map"
    );
    let secrets = marks.iter().filter(|m| m.kind == DoorKind::Secret).count();
    let gm_svg = std::fs::read_to_string(dir.join("m/gm-map.svg")).unwrap();
    let gm_doors = group(&gm_svg, "doors");
    assert_eq!(gm_doors.matches("<rect").count(), bars + secrets);
    assert_eq!(gm_doors.matches(">S<").count(), secrets, "{gm_doors}");
    let img = image::open(dir.join("m/map.png")).unwrap().to_rgba8();
    let gm = image::open(dir.join("m/gm-map.png")).unwrap().to_rgba8();
    for m in marks {
        for (x, y) in on_bar(m) {
            let p = pixel(&img, d, x, y);
            match m.kind {
                DoorKind::Plain => assert!(
                    near(p, fills.plain),
                    "plain door {m:?}: {p:?} at {x},{y}, not the door's {:?}",
                    fills.plain
                ),
                DoorKind::Secret => {
                    assert!(
                        !near(p, fills.secret) && !near(p, fills.plain),
                        "secret door {m:?} shows on the players' map at {x},{y}"
                    );
                    let g = pixel(&gm, d, x, y);
                    assert!(
                        near(g, fills.secret),
                        "secret door {m:?}: {g:?} on the game master's map, not {:?}",
                        fills.secret
                    );
                }
                DoorKind::Locked => {}
            }
        }
    }
    assert!(
        marks.iter().any(|m| m.kind == DoorKind::Plain),
        "no plain door to prove the sampling"
    );
    secrets
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
        // A bar per door shown and a colour bar per keyed door; a secret
        // door is a paper-coloured bar marked `S` on the master's map.
        let paper = rgba(opts().style.paper);
        let fills = Fills {
            plain: paper,
            secret: paper,
        };
        secret += check_map(tmp.path(), &d, &marks, fills, shown + keyed);
        // The Draken Master's map numbers the chests, in features order.
        let gm_svg = std::fs::read_to_string(tmp.path().join("m/gm-map.svg")).unwrap();
        let numbers: Vec<String> = group(&gm_svg, "chest-numbers")
            .split("</text>")
            .filter_map(|t| t.rsplit_once('>').map(|(_, n)| n.to_string()))
            .filter(|n| !n.is_empty())
            .collect();
        let chests: Vec<String> = s
            .game
            .features
            .iter()
            .filter_map(|f| f.number.map(|n| n.to_string()))
            .collect();
        assert!(!chests.is_empty());
        assert_eq!(numbers, chests, "seed {seed}");
        let players = std::fs::read_to_string(tmp.path().join("m/map.svg")).unwrap();
        assert_eq!(group(&players, "chest-numbers"), "");
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
        let fills = Fills {
            plain: [0x8b, 0x5a, 0x2b, 255],
            secret: [0x9e, 0x9e, 0x9e, 255],
        };
        secret += check_map(tmp.path(), &d, &marks, fills, shown);
    }
    assert!(secret > 0, "no board had a secret door to leave off");
}

#[test]
fn an_mkd_map_has_no_game_masters_map_to_ask_for() {
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        &["generate", "--seed", "1", "--gm-map", "--out", "x"][..],
        &["batch", "--count", "1", "--gm-map", "--out", "b"][..],
    ] {
        let r = common::run_env(tmp.path(), args, &[], Duration::from_secs(60));
        common::usage_error_line(&r, &["--gm-map", "dungeon-world-10mm"]).unwrap();
    }
    assert!(!tmp.path().join("x").exists() && !tmp.path().join("b").exists());
}

/// The image a written `.dd2vtt` file embeds, and its pixels per square.
fn vtt_image(path: &Path) -> (image::RgbaImage, f64) {
    use base64::Engine as _;
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let png = base64::engine::general_purpose::STANDARD
        .decode(v["image"].as_str().unwrap())
        .unwrap();
    let ppg = v["resolution"]["pixels_per_grid"].as_f64().unwrap();
    (image::load_from_memory(&png).unwrap().to_rgba8(), ppg)
}

/// The VTT picture shows every door the players may see — plain, locked,
/// keyed in its key's colour — and no secret one, read from the image the
/// `.dd2vtt` file embeds (a user's audit: the picture drew no door, so a
/// keyed or locked door showed nowhere on a virtual table).
#[test]
fn the_vtt_image_shows_the_doors_the_players_may_see() {
    let tmp = tempfile::tempdir().unwrap();
    let mut seen = [0usize; 3];
    let runs: [&[&str]; 3] = [
        &[
            "--ruleset",
            "dungeon-world-10mm",
            "--difficulty",
            "hard",
            "--seed",
            "7",
        ],
        &[
            "--ruleset",
            "dungeon-world-10mm",
            "--difficulty",
            "hard",
            "--seed",
            "12",
        ],
        &[
            "--ruleset",
            "dd-and-d",
            "--scenario",
            "battle",
            "--secret-doors",
            "2",
            "--locked-doors",
            "2",
            "--seed",
            "1",
        ],
    ];
    for args in runs {
        let mut all = args.to_vec();
        all.push("--vtt");
        generate(tmp.path(), &all);
        // The doors, the keyed doors' colours, the file's name, and the
        // plain and locked bars' fills.
        type Run = (Vec<DoorMark>, Vec<[u8; 4]>, String, [u8; 4], [u8; 4]);
        let (marks, keyed, name, plain, locked): Run = match load(tmp.path()) {
            AnyScenario::Dw10(s) => {
                let keyed = s
                    .game
                    .features
                    .iter()
                    .filter(|f| f.kind == tilecrawl::dw10::scenario::FeatureKind::Door)
                    .filter_map(|f| f.colour)
                    .map(|c| rgba(tilecrawl::export::Color::parse(c.rgb()).unwrap()))
                    .collect();
                let paper = rgba(opts().style.paper);
                let name = format!("dungeon-world-10mm-seed-{}.dd2vtt", s.seed);
                (tilecrawl::export::dw10_doors(&s), keyed, name, paper, paper)
            }
            AnyScenario::Ddd(s) => {
                let board = tilecrawl::ddd::part::board_of(&s);
                let marks = board.doors.iter().map(DoorMark::from).collect();
                let name = format!("dd-and-d-seed-{}.dd2vtt", s.seed);
                (
                    marks,
                    Vec::new(),
                    name,
                    [0x8b, 0x5a, 0x2b, 255],
                    [0x8a, 0x1c, 0x1c, 255],
                )
            }
            AnyScenario::Mkd(_) => panic!("not a game with doors"),
        };
        let (img, ppg) = vtt_image(&tmp.path().join("m").join(name));
        let px = |(x, y): (f64, f64)| img.get_pixel((x * ppg) as u32, (y * ppg) as u32).0;
        for m in &marks {
            for at in on_bar(m) {
                let p = px(at);
                match m.kind {
                    DoorKind::Plain => {
                        assert!(near(p, plain), "plain door {m:?}: {p:?} at {at:?}");
                        seen[0] += 1;
                    }
                    DoorKind::Locked => {
                        assert!(
                            near(p, locked) || keyed.iter().any(|&k| near(p, k)),
                            "locked door {m:?}: {p:?} at {at:?}"
                        );
                        seen[1] += 1;
                    }
                    DoorKind::Secret => {
                        assert!(
                            !near(p, plain)
                                && !near(p, locked)
                                && !keyed.iter().any(|&k| near(p, k)),
                            "secret door {m:?} shows on the VTT image: {p:?} at {at:?}"
                        );
                        seen[2] += 1;
                    }
                }
            }
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "plain, locked, secret: {seen:?}"
    );
}
