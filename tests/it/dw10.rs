//! Dungeon World 10 mm (issue 16): the guarantees setup gives, over many
//! seeds and sizes; what the players' map leaves off; golden files for two
//! seeds (`UPDATE_GOLDEN=1 cargo test --test it dw10::` rewrites them).

use std::collections::BTreeSet;
use std::path::PathBuf;
use tilecrawl::build::layout::LayoutParams;
use tilecrawl::dw10::board::DoorInfo;
use tilecrawl::dw10::scenario::{Colour, Difficulty, FeatureKind, Scenario, board_of};
use tilecrawl::dw10::setup::{GenerateParams, generate};
use tilecrawl::export::{self, MapOptions, Shape};
use tilecrawl::tileset::{TileSet, default_tileset, pendraken_tileset};

fn make(ts: &TileSet, seed: u64, sets: u32, difficulty: Difficulty) -> Scenario {
    generate(
        ts,
        &GenerateParams {
            seed,
            layout: LayoutParams {
                sets,
                ..LayoutParams::default()
            },
            difficulty,
            // The name the scenario keeps, as `generate --tileset` gives it.
            tileset_label: ts.name.clone(),
            log: false,
            ..GenerateParams::default()
        },
    )
    .unwrap_or_else(|e| panic!("seed {seed}, {sets} sets: {e}"))
}

/// The guarantees a player relies on, checked from the scenario alone.
fn check(s: &Scenario) {
    let seed = s.seed;
    let g = &s.game;
    let board = board_of(s);
    // The loader's checks (the same guarantees, as a hand-edited file meets
    // them) pass on every scenario setup makes.
    let text = tilecrawl::dw10::scenario::to_yaml(s);
    if let Err(e) = tilecrawl::games::AnyScenario::from_yaml(&text, "scenario.yaml") {
        panic!("seed {seed}: the loader refuses what setup made: {e}");
    }
    // Every feature on a printed floor square, one per square; a door joins
    // two squares a figure may stand on.
    let mut seen = BTreeSet::new();
    for f in &g.features {
        assert_eq!(
            s.cell(f.x, f.y),
            tilecrawl::tileset::Cell::Floor,
            "seed {seed}: {f:?} not on floor"
        );
        if f.kind == FeatureKind::Door {
            let ((ax, ay), (bx, by)) = tilecrawl::dw10::board::door_edge(f).unwrap();
            assert!(
                board.standable(ax, ay) && board.standable(bx, by),
                "seed {seed}: {f:?}"
            );
            continue;
        }
        assert!(
            seen.insert((f.x, f.y)),
            "seed {seed}: two features on {},{}",
            f.x,
            f.y
        );
        if !f.kind.is_terrain() {
            assert!(
                board.standable(f.x, f.y),
                "seed {seed}: {f:?} not standable"
            );
        }
    }
    // Keys before doors: open every colour whose key the heroes reach
    // (plain doors open, secret ones shut), until nothing changes.
    let start = (g.start.x, g.start.y);
    let colours: BTreeSet<Colour> = g
        .features
        .iter()
        .filter(|f| f.kind == FeatureKind::Door)
        .filter_map(|f| f.colour)
        .collect();
    let mut open: BTreeSet<Colour> = BTreeSet::new();
    let reach = loop {
        let r = board.reach(start, &|d: &DoorInfo| {
            !d.secret && d.colour.is_none_or(|c| open.contains(&c))
        });
        let before = open.len();
        for k in g.features.iter().filter(|f| f.kind == FeatureKind::Key) {
            if board.reached(&r, k.x, k.y) {
                open.insert(k.colour.unwrap());
            }
        }
        if open.len() == before {
            break r;
        }
    };
    assert!(
        colours.is_subset(&open),
        "seed {seed}: doors {colours:?}, opened {open:?}"
    );
    // The key of each colour is reached with that colour's doors shut.
    for c in &colours {
        let r = board.reach(start, &|d: &DoorInfo| !d.secret && d.colour != Some(*c));
        assert!(
            g.features.iter().any(|k| k.kind == FeatureKind::Key
                && k.colour == Some(*c)
                && board.reached(&r, k.x, k.y)),
            "seed {seed}: the {c} key lies behind a {c} door"
        );
    }
    // Everything reachable; every teleporter too, the start's active.
    for (x, y) in board.standable_squares() {
        assert!(
            board.reached(&reach, x, y),
            "seed {seed}: {x},{y} unreachable"
        );
    }
    let tele: Vec<_> = g
        .features
        .iter()
        .filter(|f| f.kind == FeatureKind::Teleporter)
        .collect();
    assert!(
        tele.iter()
            .any(|t| t.active == Some(true) && (t.x, t.y) == start)
    );
    // Staircases two ends or more per colour.
    for ends in board.stairs.values() {
        assert!(ends.len() >= 2, "seed {seed}: a staircase with one end");
    }
    // Pits set down have floor straight across them.
    for p in g.features.iter().filter(|f| f.kind == FeatureKind::Pit) {
        let st = |x, y| board.standable(x, y);
        assert!(
            (st(p.x - 1, p.y) && st(p.x + 1, p.y)) || (st(p.x, p.y - 1) && st(p.x, p.y + 1)),
            "seed {seed}: pit on {},{} cannot be jumped",
            p.x,
            p.y
        );
    }
    // Spawn points: at least one per the table's tiles.
    let per = tilecrawl::dw10::tables::embedded_setup()
        .row(g.params.difficulty)
        .spawn_points_per_tiles as usize;
    let spawns = g
        .features
        .iter()
        .filter(|f| f.kind == FeatureKind::Spawn)
        .count();
    assert!(
        spawns >= s.tiles.len().div_ceil(per),
        "seed {seed}: {spawns} spawn points"
    );
    // ? counters never side by side, nor dungeon conditions; no condition
    // within 3 of the start; one per the table's tiles.
    for kind in [FeatureKind::Trap, FeatureKind::Condition] {
        let these: Vec<_> = g.features.iter().filter(|f| f.kind == kind).collect();
        for a in &these {
            for b in &these {
                if (a.x, a.y) != (b.x, b.y) {
                    assert!(
                        (a.x - b.x).abs() > 1 || (a.y - b.y).abs() > 1,
                        "seed {seed}: {kind:?}s touch"
                    );
                }
            }
        }
    }
    let per = tilecrawl::dw10::tables::embedded_setup()
        .row(g.params.difficulty)
        .conditions_per_tiles;
    let conditions: Vec<_> = g
        .features
        .iter()
        .filter(|f| f.kind == FeatureKind::Condition)
        .collect();
    assert!(
        conditions.len() <= tilecrawl::dw10::conditions::count(s.tiles.len(), per),
        "seed {seed}: {} conditions",
        conditions.len()
    );
    for c in &conditions {
        assert!(
            (c.x - start.0).abs().max((c.y - start.1).abs()) > 3,
            "seed {seed}: a condition beside the start"
        );
    }
}

#[test]
fn guarantees_hold_over_a_thousand_seeds_and_three_sizes() {
    let p = pendraken_tileset();
    let m = default_tileset();
    let mut n = 0;
    for seed in 0..1000u64 {
        let (ts, sets) = match seed % 4 {
            0 => (&p, 1),
            1 => (&p, 2),
            2 => (&p, 3),
            _ => (&m, 1 + (seed % 3) as u32),
        };
        let d = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard][(seed / 4 % 3) as usize];
        check(&make(ts, seed, sets, d));
        n += 1;
    }
    assert_eq!(n, 1000);
}

#[test]
fn dungeon_conditions_come_last_on_their_own_dice() {
    // Without conditions the scenario is what setup made before they came
    // in; with them, the same features and setup rolls, the conditions
    // after, their rolls on stage `dw10-conditions`.
    let ts = pendraken_tileset();
    let mut placed = 0;
    for seed in [1, 2, 3, 7, 12] {
        let mut none = tilecrawl::dw10::tables::embedded_setup();
        for r in none.difficulty.values_mut() {
            r.conditions_per_tiles = 0;
        }
        let with = |table| {
            generate(
                &ts,
                &GenerateParams {
                    seed,
                    table,
                    ..GenerateParams::default()
                },
            )
            .unwrap()
        };
        let a = with(std::sync::Arc::new(none));
        let b = with(GenerateParams::default().table);
        let n = a.game.features.len();
        assert_eq!(b.game.features[..n], a.game.features[..], "seed {seed}");
        assert!(
            b.game.features[n..]
                .iter()
                .all(|f| f.kind == FeatureKind::Condition),
            "seed {seed}"
        );
        assert!(
            !a.game
                .features
                .iter()
                .any(|f| f.kind == FeatureKind::Condition)
        );
        placed += b.game.features.len() - n;
        let setup = |s: &Scenario| {
            s.log
                .iter()
                .filter(|e| e.stage != "dw10-conditions")
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(setup(&b), a.log, "seed {seed}");
        assert!(b.log.iter().any(|e| e.stage == "dw10-conditions"));
    }
    assert!(placed >= 5, "{placed} conditions over five seeds");
}

#[test]
fn a_scenario_reads_back_and_passes_the_loaders_checks() {
    for seed in [1, 7, 12] {
        let s = make(&pendraken_tileset(), seed, 2, Difficulty::Normal);
        let text = tilecrawl::dw10::scenario::to_yaml(&s);
        let any = tilecrawl::games::AnyScenario::from_yaml(&text, "s.yaml").unwrap();
        assert_eq!(any, tilecrawl::games::AnyScenario::Dw10(s));
    }
}

fn texts(layer: Option<&tilecrawl::export::Layer>) -> Vec<String> {
    layer
        .map(|l| {
            l.shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Text(t) => Some(t.text.clone()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_players_map_shows_no_chest_number_no_secret_door_and_no_hidden_condition() {
    let opts = MapOptions {
        dpi: 20,
        ..MapOptions::default()
    };
    let mut secret_seen = false;
    let mut hidden_seen = false;
    for seed in 0..40 {
        let s = make(&pendraken_tileset(), seed, 2, Difficulty::Hard);
        let d = export::dw10_drawing(&s, &opts);
        for t in texts(d.layer("features")) {
            assert!(
                !["1", "2", "3"].contains(&t.as_str()),
                "seed {seed}: `{t}` on the map"
            );
        }
        let secret = s
            .game
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Door && f.is_secret())
            .count();
        secret_seen |= secret > 0;
        assert!(
            !texts(d.layer("doors")).contains(&"S".to_string()),
            "seed {seed}"
        );
        let shown = export::dw10_doors(&s).len() - secret;
        let bars = d
            .layer("doors")
            .map(|l| {
                l.shapes
                    .iter()
                    .filter(|s| matches!(s, Shape::Rect(_)))
                    .count()
            })
            .unwrap_or(0);
        // A bar per door shown, and a colour bar per keyed door.
        let keyed = s
            .game
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Door && f.colour.is_some())
            .count();
        assert_eq!(bars, shown + keyed, "seed {seed}");
        // The Draken Master's sheet holds every chest's number.
        let sheet = tilecrawl::dw10::sheet::dm_sheet(&s, &tilecrawl::dw10::tables::embedded());
        let chests: Vec<u32> = s
            .game
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Chest)
            .map(|f| f.number.unwrap())
            .collect();
        let numbers: Vec<u32> = sheet.chests.iter().map(|r| r[3].parse().unwrap()).collect();
        assert_eq!(numbers, chests);
        // Dungeon conditions: a `!` on the players' map for each shown one,
        // on the Draken Master's for every one; the sheet lists them all.
        let conditions: Vec<_> = s
            .game
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Condition)
            .collect();
        let hidden = conditions.iter().filter(|f| f.is_secret()).count();
        hidden_seen |= hidden > 0;
        let marks = |d: &tilecrawl::export::Drawing| {
            texts(d.layer("features"))
                .iter()
                .filter(|t| t.as_str() == "!")
                .count()
        };
        assert_eq!(marks(&d), conditions.len() - hidden, "seed {seed}");
        let gm = export::dw10_master_drawing(&s, &opts);
        assert_eq!(marks(&gm), conditions.len(), "seed {seed}");
        assert_eq!(sheet.conditions.len(), conditions.len(), "seed {seed}");
    }
    assert!(secret_seen, "no seed had a secret door to leave off");
    assert!(hidden_seen, "no seed had a hidden condition to leave off");
}

fn golden(path: &str, actual: &[u8]) {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/dw10")
        .join(path);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, actual).unwrap();
        return;
    }
    let want = std::fs::read(&p).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; UPDATE_GOLDEN=1 cargo test --test it dw10:: makes it",
            p.display()
        )
    });
    assert!(
        want == actual,
        "{} differs; if the change is meant, UPDATE_GOLDEN=1 cargo test --test it dw10:: and say why in the commit",
        p.display()
    );
}

#[test]
fn golden_scenarios_maps_and_sheets_for_two_seeds() {
    let cases = [
        ("seed-7", "pendraken-10mm", 7, Difficulty::Normal),
        (
            "seed-12-mkd-tiles-hard",
            "mkd-builder",
            12,
            Difficulty::Hard,
        ),
    ];
    for (name, label, seed, d) in cases {
        let sets = 2;
        let ts = tilecrawl::tileset::load(std::path::Path::new(label)).unwrap();
        let s = generate(
            &ts,
            &GenerateParams {
                seed,
                layout: LayoutParams {
                    sets,
                    ..LayoutParams::default()
                },
                difficulty: d,
                tileset_label: label.into(),
                ..GenerateParams::default()
            },
        )
        .unwrap();
        let opts = tilecrawl::pack::PackOptions {
            map: MapOptions {
                dpi: 20,
                ..MapOptions::default()
            },
            ..Default::default()
        };
        let files = tilecrawl::pack::dw10_files(&s, &opts).unwrap();
        for (file, bytes) in &files {
            if file == "map.png" {
                continue;
            }
            golden(&format!("{name}/{file}"), bytes);
        }
    }
}

#[test]
fn on_paper_the_map_sheet_and_cutouts_are_pdfs_and_the_map_pdf_keeps_the_secrets() {
    let s = make(&pendraken_tileset(), 7, 2, Difficulty::Normal);
    let opts = tilecrawl::pack::PackOptions {
        map: MapOptions {
            dpi: 20,
            ..MapOptions::default()
        },
        print: Some(tilecrawl::export::paper::PrintOptions::default()),
        cutouts: true,
        ..Default::default()
    };
    let files = tilecrawl::pack::dw10_files(&s, &opts).unwrap();
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "scenario.yaml",
            "map.svg",
            "map.png",
            "setup.md",
            "map.pdf",
            "setup.pdf",
            "cutouts.pdf"
        ]
    );
    let get = |n: &str| &files.iter().find(|(f, _)| f == n).unwrap().1;
    let (pages, _) = crate::pdfread::info(get("cutouts.pdf"));
    assert!(pages >= 2, "{pages} cut-out pages");
    let sheet = crate::pdfread::text(get("setup.pdf")).join("\n");
    assert!(
        sheet.contains("hidden numbers") && sheet.contains("secret"),
        "{sheet}"
    );
    let map = crate::pdfread::text(get("map.pdf")).join("\n");
    assert!(!map.contains("secret"), "{map}");
}
