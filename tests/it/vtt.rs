//! `--vtt`: every `.dd2vtt` file that `generate`, `render`, `batch` and
//! `campaign next` write is read back and checked the way the virtual
//! tabletops' importers read it (Foundry's dd-import, MapTool's
//! DungeonDraftImporter, Owlbear's uvtt importer): the format number, the
//! resolution, the image's exact size, the walls on square edges between
//! open and closed squares (and every such edge walled), the portals on
//! wall lines, and the image's squares under the walls.

use crate::common;
use base64::Engine;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tilecrawl::export::Style;
use tilecrawl::tileset::Cell;

fn ok(cwd: &Path, args: &[&str]) -> String {
    let r = common::run_env(cwd, args, &[], Duration::from_secs(60));
    assert_eq!(r.code, Some(0), "tilecrawl {args:?}: {r:#?}");
    r.stdout
}

/// Every `.dd2vtt` file under `dir`, with the `scenario.yaml` beside it.
fn vtt_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            vtt_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "dd2vtt") {
            out.push(p);
        }
    }
}

/// A point of a wall or portal in squares.
fn pt(v: &serde_json::Value) -> (f64, f64) {
    (
        v["x"].as_f64().expect("x is a number"),
        v["y"].as_f64().expect("y is a number"),
    )
}

/// The unit edges (in doubled coordinates, so portal midpoints are whole)
/// a segment from `a` to `b` covers; panics if it is not on grid lines.
fn unit_edges(a: (f64, f64), b: (f64, f64), what: &str) -> Vec<[(i64, i64); 2]> {
    let whole = |v: f64| {
        assert!(v.fract() == 0.0, "{what}: {v} is not on a grid line");
        v as i64
    };
    let (ax, ay, bx, by) = (whole(a.0), whole(a.1), whole(b.0), whole(b.1));
    assert!(
        ax == bx || ay == by,
        "{what}: segment {a:?}–{b:?} is not along a square edge"
    );
    let mut out = Vec::new();
    if ay == by {
        for x in ax.min(bx)..ax.max(bx) {
            out.push([(x, ay), (x + 1, ay)]);
        }
    } else {
        for y in ay.min(by)..ay.max(by) {
            out.push([(ax, y), (ax, y + 1)]);
        }
    }
    out
}

struct Squares {
    grid: Vec<Vec<u8>>,
}

impl Squares {
    fn cell(&self, x: i64, y: i64) -> Cell {
        if x < 0 || y < 0 {
            return Cell::Void;
        }
        self.grid
            .get(y as usize)
            .and_then(|r| r.get(x as usize))
            .and_then(|b| Cell::from_char(*b as char))
            .unwrap_or(Cell::Void)
    }
    fn open(&self, x: i64, y: i64) -> bool {
        !matches!(self.cell(x, y), Cell::Wall | Cell::Void)
    }
    /// The two squares either side of a unit edge.
    fn sides(e: [(i64, i64); 2]) -> [(i64, i64); 2] {
        let [(x0, y0), (x1, _)] = e;
        if x0 != x1 {
            [(x0, y0 - 1), (x0, y0)]
        } else {
            [(x0 - 1, y0), (x0, y0)]
        }
    }
}

fn close(a: [u8; 4], b: [u8; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6)
}

fn rgba(f: tilecrawl::export::Fill) -> Option<[u8; 4]> {
    f.solid().map(|c| {
        let h = c.hex();
        let v = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).unwrap();
        [v(1), v(3), v(5), 255]
    })
}

/// Checks one `.dd2vtt` against its scenario; returns the number of walls.
fn check(path: &Path) -> usize {
    let what = path.display().to_string();
    let bytes = std::fs::read(path).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&bytes).expect("the file is JSON");
    let format = v["format"].as_f64().expect("format is a number");
    assert!(format == 0.2 || format == 0.3, "{what}: format {format}");
    let res = &v["resolution"];
    let ppg = res["pixels_per_grid"]
        .as_u64()
        .expect("pixels_per_grid is an integer");
    assert_eq!(pt(&res["map_origin"]), (0.0, 0.0));
    let cols = res["map_size"]["x"].as_u64().expect("integer map width");
    let rows = res["map_size"]["y"].as_u64().expect("integer map height");
    for key in ["line_of_sight", "portals", "lights"] {
        assert!(v[key].is_array(), "{what}: {key} missing");
    }
    assert!(v["tilecrawl"]["seed"].is_string(), "the seed is a string");
    let png = base64::engine::general_purpose::STANDARD
        .decode(v["image"].as_str().expect("image is a string"))
        .expect("image is base64");
    let img = image::load_from_memory(&png)
        .expect("image is a PNG")
        .to_rgba8();
    assert_eq!(
        (u64::from(img.width()), u64::from(img.height())),
        (cols * ppg, rows * ppg),
        "{what}: image size"
    );

    // Opaque everywhere: an importer shows its own background through the rest.
    assert!(img.pixels().all(|p| p.0[3] == 255), "{what}: see-through");
    // The image alone beside it is the very image the file holds.
    assert_eq!(
        std::fs::read(path.with_extension("png")).unwrap(),
        png,
        "{what}: the image beside it"
    );

    let scenario = std::fs::read_to_string(path.with_file_name("scenario.yaml")).unwrap();
    let any = tilecrawl::games::AnyScenario::from_yaml(&scenario, "scenario.yaml").unwrap();
    // Named by game, seed and floor (dd-import names the scene and the
    // uploaded image after the file).
    let (ruleset, seed, floor) = match &any {
        tilecrawl::games::AnyScenario::Mkd(s) => {
            (s.ruleset, s.seed, s.game.floor.map(|f| f.number))
        }
        tilecrawl::games::AnyScenario::Dw10(s) => (s.ruleset, s.seed, None),
        tilecrawl::games::AnyScenario::Ddd(s) => (s.ruleset, s.seed, None),
    };
    // A floor by its dungeon's seed (the one generate was given).
    let want = match floor {
        Some(n) => format!(
            "{ruleset}-seed-{}-floor-{n}.dd2vtt",
            tilecrawl::core::dice::dungeon_seed(seed, n)
        ),
        None => format!("{ruleset}-seed-{seed}.dd2vtt"),
    };
    assert_eq!(path.file_name().unwrap().to_str().unwrap(), want);
    assert!(
        v["tilecrawl"]["secret_portals"].is_array(),
        "{what}: no secret_portals"
    );
    // The squares whose floor a piece or marker covers in the image.
    let (size, grid, covered): (_, _, Vec<(i64, i64)>) = match any {
        tilecrawl::games::AnyScenario::Mkd(s) => (
            s.size,
            s.grid.clone(),
            s.game
                .markers
                .iter()
                .map(|m| (i64::from(m.x), i64::from(m.y)))
                .collect(),
        ),
        tilecrawl::games::AnyScenario::Dw10(s) => (
            s.size,
            s.grid.clone(),
            s.game
                .features
                .iter()
                .filter(|f| f.kind.is_terrain())
                .map(|f| (i64::from(f.x), i64::from(f.y)))
                .collect(),
        ),
        // A board's legend is the tile legend but for rubble (`%`),
        // difficult ground that hides: open, like hindering ground.
        tilecrawl::games::AnyScenario::Ddd(s) => (
            s.size,
            s.grid.iter().map(|r| r.replace('%', ",")).collect(),
            Vec::new(),
        ),
    };
    assert_eq!(
        (u64::from(size.width), u64::from(size.height)),
        (cols, rows)
    );
    let sq = Squares {
        grid: grid.iter().map(|r| r.as_bytes().to_vec()).collect(),
    };

    // Walls: each on an open/closed edge; together covering every such edge.
    let mut walled = BTreeSet::new();
    let mut walls = 0;
    for line in v["line_of_sight"].as_array().unwrap() {
        let pts: Vec<(f64, f64)> = line.as_array().unwrap().iter().map(pt).collect();
        assert!(pts.len() >= 2, "{what}: a wall of one point");
        for w in pts.windows(2) {
            walls += 1;
            for e in unit_edges(w[0], w[1], &what) {
                let [a, b] = Squares::sides(e);
                assert_ne!(
                    sq.open(a.0, a.1),
                    sq.open(b.0, b.1),
                    "{what}: wall edge {e:?} is not between open and closed"
                );
                assert!(walled.insert(e), "{what}: edge {e:?} walled twice");
            }
        }
    }
    let mut portal_edges = BTreeSet::new();
    for p in v["portals"].as_array().unwrap() {
        let b = p["bounds"].as_array().expect("bounds");
        for e in unit_edges(pt(&b[0]), pt(&b[1]), &what) {
            let [a, c] = Squares::sides(e);
            assert!(
                sq.open(a.0, a.1) || sq.open(c.0, c.1),
                "{what}: portal {e:?} not on a wall line"
            );
            portal_edges.insert(e);
        }
        assert!(p["closed"].is_boolean() && p["freestanding"].is_boolean());
    }
    for y in 0..=rows as i64 {
        for x in 0..=cols as i64 {
            for e in [[(x, y), (x + 1, y)], [(x, y), (x, y + 1)]] {
                let [a, b] = Squares::sides(e);
                if sq.open(a.0, a.1) != sq.open(b.0, b.1) {
                    assert!(
                        walled.contains(&e) || portal_edges.contains(&e),
                        "{what}: edge {e:?} between open and closed has no wall"
                    );
                }
            }
        }
    }

    // The picture under the walls: a tenth of a square either side of each
    // wall's midpoint shows the closed square's colour (wall or rock) on
    // one side and the open square's own colour on the other.
    let st = Style::default();
    let closed_colours: Vec<[u8; 4]> = [st.wall, st.rock, st.rock_dark, st.rock_light]
        .into_iter()
        .filter_map(rgba)
        .collect();
    let px = |x: f64, y: f64| {
        let (px, py) = ((x * ppg as f64) as u32, (y * ppg as f64) as u32);
        img.get_pixel(px.min(img.width() - 1), py.min(img.height() - 1))
            .0
    };
    for e in &walled {
        let [a, b] = Squares::sides(*e);
        let (mx, my) = (
            (e[0].0 + e[1].0) as f64 / 2.0,
            (e[0].1 + e[1].1) as f64 / 2.0,
        );
        let (dx, dy) = ((b.0 - a.0) as f64 * 0.1, (b.1 - a.1) as f64 * 0.1);
        let (open, closed, o_at, c_at) = if sq.open(a.0, a.1) {
            (a, b, (mx - dx, my - dy), (mx + dx, my + dy))
        } else {
            (b, a, (mx + dx, my + dy), (mx - dx, my - dy))
        };
        let (o_px, c_px) = (px(o_at.0, o_at.1), px(c_at.0, c_at.1));
        if c_at.0 < cols as f64 && c_at.1 < rows as f64 && c_at.0 > 0.0 && c_at.1 > 0.0 {
            assert!(
                closed_colours.iter().any(|&c| close(c, c_px)),
                "{what}: closed square {closed:?} shows {c_px:?} by wall {e:?}"
            );
        }
        assert!(
            !closed_colours.iter().any(|&c| close(c, o_px)),
            "{what}: open square {open:?} shows wall colour {o_px:?} by wall {e:?}"
        );
        // A floor square shows the floor colour there; other terrain may
        // show its mark (a wave, a zigzag) that near the edge.
        let marker = covered.contains(&open);
        if !marker
            && sq.cell(open.0, open.1) == Cell::Floor
            && let Some(c) = rgba(st.floor)
        {
            assert!(
                close(c, o_px),
                "{what}: floor square {open:?} shows {o_px:?}, not the floor colour {c:?}"
            );
        }
    }
    walls
}

/// The middle of the edge a door stands on, in squares.
fn door_middle(x: i32, y: i32, side: tilecrawl::core::geom::Side) -> (f64, f64) {
    use tilecrawl::core::geom::Side;
    let (x, y) = (f64::from(x), f64::from(y));
    match side {
        Side::N => (x + 0.5, y),
        Side::S => (x + 0.5, y + 1.0),
        Side::W => (x, y + 0.5),
        Side::E => (x + 1.0, y + 0.5),
    }
}

/// `tilecrawl.secret_portals` names exactly the portals on the secret
/// doors' edges (at `secret`, their middles).
fn secret_portals(v: &serde_json::Value, secret: &[(f64, f64)], what: &str) {
    let portals = v["portals"].as_array().unwrap();
    let mut listed: Vec<(f64, f64)> = v["tilecrawl"]["secret_portals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| pt(&portals[i.as_u64().unwrap() as usize]["position"]))
        .collect();
    let mut want = secret.to_vec();
    listed.sort_by(|a, b| a.partial_cmp(b).unwrap());
    want.sort_by(|a, b| a.partial_cmp(b).unwrap());
    assert_eq!(listed, want, "{what}: the secret portals");
}

#[test]
fn every_written_dd2vtt_reads_back_as_the_importers_need() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = |n: &str| d.join(n).to_str().unwrap().to_string();
    for seed in ["1", "7", "42"] {
        ok(
            d,
            &[
                "generate",
                "--seed",
                seed,
                "--dpi",
                "20",
                "--vtt",
                "--vtt-grid",
                "40",
                "--out",
                &out(&format!("g{seed}")),
            ],
        );
    }
    ok(
        d,
        &[
            "generate",
            "--seed",
            "3",
            "--dpi",
            "20",
            "--floors",
            "2",
            "--vtt",
            "--vtt-grid",
            "30",
            "--out",
            &out("floors"),
        ],
    );
    ok(
        d,
        &[
            "render",
            &format!("{}/scenario.yaml", out("g7")),
            "--dpi",
            "20",
            "--vtt",
            "--vtt-grid",
            "40",
            "--out",
            &out("r7"),
        ],
    );
    std::fs::copy(d.join("g7/scenario.yaml"), d.join("r7/scenario.yaml")).unwrap();
    ok(
        d,
        &[
            "batch",
            "--count",
            "2",
            "--seed-start",
            "11",
            "--dpi",
            "20",
            "--vtt",
            "--vtt-grid",
            "24",
            "--out",
            &out("b"),
        ],
    );
    for seed in ["7", "12"] {
        ok(
            d,
            &[
                "generate",
                "--ruleset",
                "dungeon-world-10mm",
                "--seed",
                seed,
                "--dpi",
                "20",
                "--vtt",
                "--vtt-grid",
                "30",
                "--out",
                &out(&format!("dw{seed}")),
            ],
        );
    }
    for (seed, scenario) in [
        ("7", "ambush"),
        ("3", "free-prisoner"),
        ("1", "secrets-of-the-ancients"),
    ] {
        ok(
            d,
            &[
                "generate",
                "--ruleset",
                "dd-and-d",
                "--scenario",
                scenario,
                "--seed",
                seed,
                "--dpi",
                "20",
                "--vtt",
                "--vtt-grid",
                "30",
                "--out",
                &out(&format!("dd{seed}")),
            ],
        );
    }
    ok(d, &["campaign", "new", "V", "--seed", "5"]);
    ok(
        d,
        &[
            "campaign",
            "next",
            "V",
            "--dpi",
            "20",
            "--vtt",
            "--vtt-grid",
            "24",
        ],
    );

    let mut files = Vec::new();
    vtt_files(d, &mut files);
    let names: Vec<String> = files
        .iter()
        .map(|p| p.strip_prefix(d).unwrap().display().to_string())
        .collect();
    for want in [
        "g1/mkd-adventure-seed-1.dd2vtt",
        "floors/floor-1/mkd-adventure-seed-3-floor-1.dd2vtt",
        "r7/mkd-adventure-seed-7.dd2vtt",
        "b/11/mkd-adventure-seed-11.dd2vtt",
        "b/12/mkd-adventure-seed-12.dd2vtt",
        "dw7/dungeon-world-10mm-seed-7.dd2vtt",
        "dw12/dungeon-world-10mm-seed-12.dd2vtt",
        "dd7/dd-and-d-seed-7.dd2vtt",
        "dd3/dd-and-d-seed-3.dd2vtt",
        "dd1/dd-and-d-seed-1.dd2vtt",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} not in {names:?}");
    }
    // One file a folder: the second floor's by the dungeon's seed, the
    // campaign's by its adventure's own (derived) seed.
    for folder in ["floors/floor-2/", "campaigns/V/adventure-1/"] {
        let here: Vec<&String> = names.iter().filter(|n| n.starts_with(folder)).collect();
        assert_eq!(here.len(), 1, "{folder}: {names:?}");
    }
    assert!(
        names
            .iter()
            .any(|n| n == "floors/floor-2/mkd-adventure-seed-3-floor-2.dd2vtt"),
        "{names:?}"
    );
    assert_eq!(names.len(), 14, "{names:?}");
    for f in &files {
        assert!(check(f) > 0, "{}: no walls", f.display());
    }
    // Dungeon World 10 mm: every door of the scenario is a portal.
    for seed in ["7", "12"] {
        let v: serde_json::Value = serde_json::from_slice(
            &std::fs::read(d.join(format!("dw{seed}/dungeon-world-10mm-seed-{seed}.dd2vtt")))
                .unwrap(),
        )
        .unwrap();
        let text = std::fs::read_to_string(d.join(format!("dw{seed}/scenario.yaml"))).unwrap();
        let doors = text.matches("kind: door").count();
        assert!(doors > 0);
        assert_eq!(v["portals"].as_array().unwrap().len(), doors, "seed {seed}");
        let s = match tilecrawl::games::AnyScenario::from_yaml(&text, "scenario.yaml").unwrap() {
            tilecrawl::games::AnyScenario::Dw10(s) => s,
            _ => panic!("dw{seed} is not a dungeon-world-10mm scenario"),
        };
        let secret = s
            .game
            .features
            .iter()
            .filter(|f| f.is_secret() && f.kind.name() == "door");
        let secret: Vec<_> = secret
            .map(|f| door_middle(f.x, f.y, f.side.unwrap()))
            .collect();
        assert!(!secret.is_empty(), "dw{seed} has no secret door");
        secret_portals(&v, &secret, &format!("dw{seed}"));
    }
    // Dungeons Dark & Dangerous: every door of the board, secret ones too
    // (the game master's tabletop hides them), is a portal; render of the
    // written scenario writes the same file.
    let mut secret_doors = 0;
    for seed in ["7", "3", "1"] {
        let v: serde_json::Value = serde_json::from_slice(
            &std::fs::read(d.join(format!("dd{seed}/dd-and-d-seed-{seed}.dd2vtt"))).unwrap(),
        )
        .unwrap();
        let text = std::fs::read_to_string(d.join(format!("dd{seed}/scenario.yaml"))).unwrap();
        let s = match tilecrawl::games::AnyScenario::from_yaml(&text, "scenario.yaml").unwrap() {
            tilecrawl::games::AnyScenario::Ddd(s) => s,
            _ => panic!("dd{seed} is not a dd-and-d scenario"),
        };
        assert!(!s.game.doors.is_empty(), "seed {seed} has no door");
        let secret: Vec<_> = s
            .game
            .doors
            .iter()
            .filter(|d| d.secret)
            .map(|d| door_middle(d.x, d.y, d.side))
            .collect();
        secret_portals(&v, &secret, &format!("dd{seed}"));
        secret_doors += secret.len();
        assert_eq!(
            v["portals"].as_array().unwrap().len(),
            s.game.doors.len(),
            "seed {seed}"
        );
    }
    assert!(secret_doors > 0, "no board with a secret door");
    ok(
        d,
        &[
            "render",
            &format!("{}/scenario.yaml", out("dd7")),
            "--dpi",
            "20",
            "--vtt",
            "--vtt-grid",
            "30",
            "--out",
            &out("rd7"),
        ],
    );
    assert_eq!(
        std::fs::read(d.join("dd7/dd-and-d-seed-7.dd2vtt")).unwrap(),
        std::fs::read(d.join("rd7/dd-and-d-seed-7.dd2vtt")).unwrap()
    );
    // render draws from the file what generate drew from memory, under
    // the same name.
    assert_eq!(
        std::fs::read(d.join("g7/mkd-adventure-seed-7.dd2vtt")).unwrap(),
        std::fs::read(d.join("r7/mkd-adventure-seed-7.dd2vtt")).unwrap()
    );
}

#[test]
fn an_oversized_vtt_image_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let r = common::run_env(
        dir.path(),
        &[
            "generate",
            "--seed",
            "1",
            "--vtt",
            "--vtt-grid",
            "401",
            "--out",
            "x",
        ],
        &[],
        Duration::from_secs(30),
    );
    assert_eq!(r.code, Some(2), "{r:#?}");
}

/// `--vtt-grid` sets the image of map.dd2vtt, which only `--vtt` writes:
/// given alone it would do nothing, so every command that takes it refuses
/// it with one line, before anything is written.
#[test]
fn vtt_grid_without_vtt_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &["generate", "--seed", "7", "--dpi", "20", "--out", "g", "-q"],
    );
    let cases: [&[&str]; 5] = [
        &["generate", "--seed", "7", "--out", "x"],
        &[
            "generate",
            "--ruleset",
            "dungeon-world-10mm",
            "--seed",
            "7",
            "--out",
            "x",
        ],
        &[
            "generate",
            "--ruleset",
            "dd-and-d",
            "--seed",
            "7",
            "--out",
            "x",
        ],
        &["render", "g/scenario.yaml", "--out", "x"],
        &["batch", "--count", "1", "--out", "x"],
    ];
    for args in cases {
        let mut args = args.to_vec();
        args.extend(["--vtt-grid", "40"]);
        let r = common::run_env(d, &args, &[], Duration::from_secs(60));
        common::usage_error_line(&r, &["--vtt-grid 40", "add --vtt"])
            .unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert!(!d.join("x").exists(), "{args:?} wrote x");
    }
    ok(d, &["campaign", "new", "V", "--seed", "5", "-q"]);
    let r = common::run_env(
        d,
        &["campaign", "next", "V", "--dpi", "20", "--vtt-grid", "24"],
        &[],
        Duration::from_secs(60),
    );
    common::usage_error_line(&r, &["--vtt-grid 24", "add --vtt"]).unwrap();
    assert!(!d.join("campaigns/V/adventure-1").exists());
}

/// Each VTT file has a name of its own, made from its game, seed and
/// floor: dd-import names the Foundry scene and the uploaded image after
/// the file, so files of one name overwrite each other's image (a user's
/// audit: every file was `map.dd2vtt`). A floor is named by its dungeon's
/// seed, short and the same on every floor (a session's note: floor 2 of
/// seed 13 was `mkd-adventure-seed-` and its own 20-digit seed, unlike
/// floor 1). `render` names it as `generate` did, and `--force` into a
/// folder of another seed removes that seed's VTT files with the rest of
/// its maps.
#[test]
fn vtt_files_are_named_by_game_seed_and_floor() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let small = ["--dpi", "20", "--vtt", "--vtt-grid", "20", "-q"];
    let run = |args: &[&str]| {
        let mut a = args.to_vec();
        a.extend(small);
        ok(d, &a);
    };
    run(&["generate", "--seed", "13", "--floors", "3", "--out", "f"]);
    let dungeon = std::fs::read_to_string(d.join("f/dungeon.yaml")).unwrap();
    let mut stems = BTreeSet::new();
    for n in 1..=3 {
        let floor = d.join(format!("f/floor-{n}"));
        let text = std::fs::read_to_string(floor.join("scenario.yaml")).unwrap();
        let seed = text
            .lines()
            .find_map(|l| l.strip_prefix("seed: "))
            .unwrap()
            .to_string();
        assert!(dungeon.contains(&format!("seed: {seed}")), "floor {n}");
        let stem = format!("mkd-adventure-seed-13-floor-{n}");
        for ext in ["dd2vtt", "png"] {
            assert!(
                floor.join(format!("{stem}.{ext}")).is_file(),
                "{stem}.{ext}"
            );
        }
        assert!(!floor.join("map.dd2vtt").exists());
        assert!(stems.insert(stem));
        // render of the floor's scenario names the file as generate did.
        run(&[
            "render",
            floor.join("scenario.yaml").to_str().unwrap(),
            "--out",
            d.join(format!("r{n}")).to_str().unwrap(),
        ]);
    }
    for n in 1..=3 {
        let stem = stems
            .iter()
            .find(|s| s.ends_with(&format!("-floor-{n}")))
            .unwrap();
        assert_eq!(
            std::fs::read(d.join(format!("r{n}/{stem}.dd2vtt"))).unwrap(),
            std::fs::read(d.join(format!("f/floor-{n}/{stem}.dd2vtt"))).unwrap()
        );
    }
    // Floor 1 keeps the dungeon's seed but not a one-floor dungeon's name.
    assert!(stems.contains("mkd-adventure-seed-13-floor-1"));
    // A batch: one name a seed, listed in the index.
    run(&["batch", "--count", "2", "--seed-start", "5", "--out", "b"]);
    let index = std::fs::read_to_string(d.join("b/index.csv")).unwrap();
    for seed in [5, 6] {
        let stem = format!("mkd-adventure-seed-{seed}");
        assert!(d.join(format!("b/{seed}/{stem}.dd2vtt")).is_file());
        assert!(
            index.contains(&format!("{stem}.dd2vtt;{stem}.png")),
            "{index}"
        );
    }
    // The other games.
    run(&[
        "generate",
        "--ruleset",
        "dungeon-world-10mm",
        "--seed",
        "7",
        "--out",
        "w",
    ]);
    assert!(d.join("w/dungeon-world-10mm-seed-7.dd2vtt").is_file());
    run(&[
        "generate",
        "--ruleset",
        "dd-and-d",
        "--seed",
        "7",
        "--out",
        "x",
    ]);
    assert!(d.join("x/dd-and-d-seed-7.dd2vtt").is_file());
    // Another seed over it with --force: the old seed's VTT files go.
    run(&[
        "generate",
        "--ruleset",
        "dd-and-d",
        "--seed",
        "8",
        "--out",
        "x",
        "--force",
    ]);
    let mut left: Vec<String> = std::fs::read_dir(d.join("x"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("dd-and-d-"))
        .collect();
    left.sort();
    assert_eq!(left, ["dd-and-d-seed-8.dd2vtt", "dd-and-d-seed-8.png"]);
}

/// An image over 16384 pixels a side (the largest browser canvas and
/// WebGL texture) is refused with one line naming `--vtt-grid` and the
/// largest that fits, before anything is written (a user's audit: a
/// 72×72 board at 400 px a square made a 28800-pixel image).
#[test]
fn a_vtt_image_too_large_to_import_is_refused_naming_what_fits() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = common::run_env(
        d,
        &[
            "generate",
            "--seed",
            "5",
            "--ruleset",
            "dd-and-d",
            "--board",
            "72x72",
            "--vtt",
            "--vtt-grid",
            "400",
            "--dpi",
            "20",
            "--out",
            "x",
        ],
        &[],
        Duration::from_secs(60),
    );
    common::one_error_line(
        &r,
        &[
            "--vtt-grid 400",
            "28800×28800",
            "16384",
            "--vtt-grid 227 or less",
        ],
    )
    .unwrap();
    assert!(!d.join("x").exists());
    // 227 fits (16344 pixels a side).
    ok(
        d,
        &[
            "generate",
            "--seed",
            "5",
            "--ruleset",
            "dd-and-d",
            "--board",
            "72x72",
            "--vtt",
            "--vtt-grid",
            "227",
            "--dpi",
            "20",
            "--out",
            "x",
            "-q",
        ],
    );
    assert!(d.join("x/dd-and-d-seed-5.dd2vtt").is_file());
}
