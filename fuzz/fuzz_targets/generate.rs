//! `generate` with a small tile set built from the fuzz bytes and arbitrary
//! parameters within the limits: Ok or Err, never a panic or a hang.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::build::layout::{ExitDice, LayoutParams, Table};
use tilecrawl::mkd::scenario::Difficulty;
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset;

const CELLS: [char; 7] = ['.', ',', '~', '=', 'X', '#', '_'];

#[derive(Debug, Arbitrary)]
struct Tile {
    hallway: bool,
    copies: u8,
    width: u8,
    height: u8,
    /// Cell codes, cycled over the face; mostly floor and walls.
    cells: Vec<u8>,
    back: bool,
}

#[derive(Debug, Arbitrary)]
struct Input {
    seed: u64,
    sets: u8,
    table_w: u16,
    table_h: u16,
    tabletop: bool,
    hero_value: u16,
    difficulty: u8,
    markers: bool,
    dressing: bool,
    tiles: Vec<Tile>,
}

fn face(t: &Tile, salt: usize) -> String {
    let (w, h) = (1 + t.width as usize % 6, 1 + t.height as usize % 6);
    let mut s = String::new();
    for y in 0..h {
        s.push_str("      ");
        for x in 0..w {
            let i = y * w + x + salt;
            let code = if t.cells.is_empty() {
                0
            } else {
                t.cells[i % t.cells.len()]
            };
            // Bias towards floor and wall so that entryways exist.
            let c = match code % 16 {
                0..=6 => '.',
                7..=9 => '#',
                k => CELLS[(k as usize - 10) % CELLS.len()],
            };
            s.push(c);
        }
        s.push('\n');
    }
    s
}

fuzz_target!(|input: Input| {
    let mut yaml = String::from("format: tilecrawl-tileset/1\nname: fuzz\ntiles:\n");
    for (i, t) in input.tiles.iter().take(12).enumerate() {
        let kind = if t.hallway { "hallway" } else { "chamber" };
        yaml.push_str(&format!(
            "  - id: T{i}\n    kind: {kind}\n    copies: {}\n    front: |\n{}",
            1 + t.copies % 6,
            face(t, 0)
        ));
        if t.back {
            yaml.push_str(&format!("    back: |\n{}", face(t, 7)));
        }
    }
    let Ok(ts) = tileset::parse(&yaml, "fuzz.yaml") else {
        return;
    };
    let sets = 1 + u32::from(input.sets % 4);
    let params = GenerateParams {
        seed: input.seed,
        layout: LayoutParams {
            sets,
            table: Table {
                width: 1 + u32::from(input.table_w % 200),
                height: 1 + u32::from(input.table_h % 200),
            },
            exit_dice: if input.tabletop {
                ExitDice::Tabletop
            } else {
                ExitDice::Fair
            },
        },
        setup: SetupParams {
            hero_value: u32::from(input.hero_value % 2000),
            sets,
            difficulty: match input.difficulty % 3 {
                0 => Difficulty::Easy,
                1 => Difficulty::Normal,
                _ => Difficulty::Hard,
            },
            dressing: input.dressing,
            ..SetupParams::default()
        },
        markers: input.markers,
        ..GenerateParams::default()
    };
    if let Ok(s) = generate(&ts, &params) {
        let yaml = tilecrawl::mkd::scenario::to_yaml(&s);
        tilecrawl::mkd::scenario::from_yaml(&yaml, "fuzz.yaml").expect("generated scenario loads");
    }
});
