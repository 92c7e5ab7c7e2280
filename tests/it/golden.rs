//! Golden files: pinned scenario.yaml, and the map as SVG and PNG in each
//! built-in style (`map.svg`/`map.png` in `color`, `map-ink.svg`/`map-ink.png`
//! in `ink`), for a few seeds. A change that alters output for a seed must say
//! so and rewrite them with `UPDATE_GOLDEN=1 cargo test --test golden`.

use std::path::PathBuf;
use tilecrawl::build::layout::{ExitDice, LayoutParams, Table};
use tilecrawl::export::{self, MapOptions, style};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario::Difficulty;
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset::default_tileset;

/// A low resolution keeps the pinned PNGs small; scale is tested elsewhere.
const GOLDEN_DPI: u32 = 20;

fn case(
    name: &str,
    seed: u64,
    sets: u32,
    hero_value: u32,
    exit_dice: ExitDice,
    extras: bool,
) -> (String, GenerateParams) {
    let p = GenerateParams {
        seed,
        layout: LayoutParams {
            sets,
            table: Table::default(),
            exit_dice,
        },
        setup: SetupParams {
            hero_value,
            sets,
            difficulty: if extras {
                Difficulty::Hard
            } else {
                Difficulty::Normal
            },
            dressing: extras,
            ..SetupParams::default()
        },
        markers: extras,
        ..GenerateParams::default()
    };
    (name.to_string(), p)
}

fn check_or_update(path: &PathBuf, actual: &[u8]) -> Result<(), String> {
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, actual).unwrap();
        return Ok(());
    }
    let expected = std::fs::read(path).map_err(|e| {
        format!(
            "{}: {e}; run `UPDATE_GOLDEN=1 cargo test --test golden` to create it",
            path.display()
        )
    })?;
    if expected != actual {
        return Err(format!(
            "{} differs from the generated output ({} vs {} bytes); if the change is intended, rerun with UPDATE_GOLDEN=1 and say so in the commit",
            path.display(),
            expected.len(),
            actual.len()
        ));
    }
    Ok(())
}

#[test]
fn golden_outputs_are_unchanged() {
    let ts = default_tileset();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let cases = [
        case("seed-7-two-sets", 7, 2, 95, ExitDice::Fair, false),
        case(
            "seed-42-three-sets-tabletop",
            42,
            3,
            140,
            ExitDice::Tabletop,
            true,
        ),
        case(
            "seed-1234-one-set-high-value",
            1234,
            1,
            320,
            ExitDice::Fair,
            false,
        ),
    ];
    let mut failures = Vec::new();
    for (name, p) in cases {
        let s = generate(&ts, &p).unwrap();
        let yaml = tilecrawl::mkd::scenario::to_yaml(&s);
        if let Err(e) = check_or_update(&root.join(&name).join("scenario.yaml"), yaml.as_bytes()) {
            failures.push(e);
        }
        for (style, suffix) in [("color", ""), ("ink", "-ink")] {
            let opts = MapOptions {
                dpi: GOLDEN_DPI,
                style: style::builtin(style).unwrap(),
                ..MapOptions::default()
            };
            let svg = export::map_svg(&s, &opts);
            let png = export::png(&svg, GOLDEN_DPI).unwrap();
            for (file, bytes) in [
                (format!("map{suffix}.svg"), svg.as_bytes()),
                (format!("map{suffix}.png"), &png[..]),
            ] {
                if let Err(e) = check_or_update(&root.join(&name).join(file), bytes) {
                    failures.push(e);
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A mission scenario (rescue, timed, split-up: prisoner, set-aside
/// Guardian, second entrance, timer) with its map and setup sheet, and a
/// kidnapping map (the wandering Guardian's mark).
#[test]
fn mission_goldens_are_unchanged() {
    use tilecrawl::mkd::mission::Mission;
    let ts = default_tileset();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let opts = MapOptions {
        dpi: GOLDEN_DPI,
        ..MapOptions::default()
    };
    let mut failures = Vec::new();
    for (name, mission) in [
        (
            "mission-seed-7-rescue-timed-split-up",
            "rescue+timed+split-up",
        ),
        ("mission-seed-12-kidnapping", "kidnapping"),
    ] {
        let (_, mut p) = case(
            name,
            if name.contains("seed-7") { 7 } else { 12 },
            2,
            95,
            ExitDice::Fair,
            false,
        );
        p.mission = Mission::parse(mission).unwrap();
        let s = generate(&ts, &p).unwrap();
        let files = [
            ("scenario.yaml", tilecrawl::mkd::scenario::to_yaml(&s)),
            ("map.svg", export::map_svg(&s, &opts)),
            ("setup.md", export::sheet::setup_markdown(&s)),
        ];
        for (file, text) in files {
            if let Err(e) = check_or_update(&root.join(name).join(file), text.as_bytes()) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A two-floor timed dungeon: its dungeon.yaml and the first floor's
/// scenario (staircase down, no Quest Chest or Guardian).
#[test]
fn dungeon_golden_is_unchanged() {
    use tilecrawl::mkd::floors::{Count, FloorsParams, build_floors, dungeon_yaml};
    use tilecrawl::mkd::mission::Mission;
    let ts = default_tileset();
    let root =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/dungeon-seed-5-two-floors");
    let (_, mut p) = case("dungeon", 5, 1, 95, ExitDice::Fair, false);
    p.mission = Mission::parse("quest+timed").unwrap();
    let fp = FloorsParams {
        floors: Count::Fixed(2),
        sets_per_floor: Some(Count::D6),
    };
    let d = build_floors(&ts, &p, &fp).unwrap();
    let mut failures = Vec::new();
    for (file, text) in [
        ("dungeon.yaml".to_string(), dungeon_yaml(&d.file)),
        (
            "floor-1/scenario.yaml".to_string(),
            tilecrawl::mkd::scenario::to_yaml(&d.floors[0]),
        ),
    ] {
        if let Err(e) = check_or_update(&root.join(file), text.as_bytes()) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Dungeons Dark & Dangerous (issue 18): scenario.yaml, the board as SVG
/// and PNG, and setup.md for two seeds (one a fair board), and the
/// scenario.yaml of each of the six scenarios at one seed.
#[test]
fn ddd_golden_outputs_are_unchanged() {
    use tilecrawl::ddd::{Choice, DddOptions, ScenarioKind, generate};
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/ddd");
    let pack = tilecrawl::pack::PackOptions {
        map: MapOptions {
            dpi: GOLDEN_DPI,
            ..MapOptions::default()
        },
        ..tilecrawl::pack::PackOptions::default()
    };
    let mut failures = Vec::new();
    for (name, seed, kind, fair) in [
        ("seed-7-ambush", 7, ScenarioKind::Ambush, false),
        (
            "seed-12-treasure-hunt-fair",
            12,
            ScenarioKind::TreasureHunt,
            true,
        ),
    ] {
        let s = generate(
            seed,
            &DddOptions {
                choice: Choice::Named(kind),
                fair,
                ..DddOptions::default()
            },
        )
        .unwrap();
        let files = tilecrawl::pack::ddd_adventure(&s, &pack).unwrap();
        for (file, bytes) in &files {
            if let Err(e) = check_or_update(&root.join(name).join(file), bytes) {
                failures.push(e);
            }
        }
    }
    for kind in ScenarioKind::ALL {
        let s = generate(
            3,
            &DddOptions {
                choice: Choice::Named(kind),
                ..DddOptions::default()
            },
        )
        .unwrap();
        let path = root.join("seed-3").join(format!("{kind}.yaml"));
        if let Err(e) = check_or_update(&path, tilecrawl::scenario::to_yaml(&s).as_bytes()) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
