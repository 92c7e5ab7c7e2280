//! Hostile input (issue 6): every loader — tile set, scenario, monster list,
//! style — against the same matrix of bad files, through the library and
//! through the binary (exit 1, one `error:` line naming the file, never a
//! panic); impossible requests that must fail fast with advice; a process
//! killed while writing; names from user files that could leave the output
//! folder; and the crashing inputs the fuzzers found.
//!
//! Run with `--nocapture` to print the matrix as a table.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};
use tilecrawl::export::style;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::monsters;
use tilecrawl::mkd::scenario::Scenario;
use tilecrawl::tileset;

/// Longest a single run of the binary may take before the test fails.
pub(crate) const TIMEOUT: Duration = Duration::from_secs(30);

// ---------------------------------------------------------------- running the binary

use common::{Run, alias_bomb_items, alias_bomb_keys, nested, one_error_line, with, without_key};

mod missions;

pub(crate) fn run_env(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    common::run_env(cwd, args, env, TIMEOUT)
}

pub(crate) fn run(cwd: &Path, args: &[&str]) -> Run {
    run_env(cwd, args, &[])
}

pub(crate) fn p(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

pub(crate) fn sorted_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

// ---------------------------------------------------------------- fixtures

/// A small valid tile set (one hallway, one chamber with a back).
pub(crate) const TILESET: &str = "format: tilecrawl-tileset/1
name: small
tiles:
  - id: H1
    kind: hallway
    front: |
      #.#
      #.#
      #.#
  - id: C1
    kind: chamber
    front: |
      #.#
      ...
      #.#
    back: |
      #.#
      .,.
      #.#
";

pub(crate) const MONSTERS: &str = "format: tilecrawl-monsters/1
name: mine
monsters:
  - {name: Orc, points: 20, count: 3}
  - {name: Imp, points: 5, abilities: [Nimble]}
";

pub(crate) const STYLE: &str = "format: tilecrawl-style/1
name: mine
base: ink
lines:
  grid: {color: '#808080', width_mm: 0.2}
";

pub(crate) fn good_scenario_model() -> Scenario {
    let params = GenerateParams {
        seed: 7,
        ..GenerateParams::default()
    };
    generate(&tileset::default_tileset(), &params).unwrap()
}

pub(crate) fn good_scenario() -> String {
    tilecrawl::mkd::scenario::to_yaml(&good_scenario_model())
}

/// A face of `n`×`n` floor squares, indented for a block scalar.
pub(crate) fn square_face(n: usize) -> String {
    let row = format!("      {}\n", ".".repeat(n));
    row.repeat(n)
}

// ---------------------------------------------------------------- the matrix

#[derive(Debug, Clone, Copy, PartialEq)]
enum Loader {
    Tileset,
    Scenario,
    Monsters,
    Style,
}

impl Loader {
    fn name(self) -> &'static str {
        match self {
            Loader::Tileset => "tileset",
            Loader::Scenario => "scenario",
            Loader::Monsters => "monsters",
            Loader::Style => "style",
        }
    }

    /// `load` on a file: Ok or the error as a string.
    fn load(self, path: &Path) -> Result<(), String> {
        match self {
            Loader::Tileset => tileset::load(path).map(drop).map_err(|e| e.to_string()),
            Loader::Scenario => tilecrawl::mkd::scenario::load(path)
                .map(drop)
                .map_err(|e| e.to_string()),
            Loader::Monsters => monsters::load(path).map(drop).map_err(|e| e.to_string()),
            Loader::Style => style::load(path).map(drop).map_err(|e| e.to_string()),
        }
    }

    /// `parse`/`from_yaml` on text.
    fn parse(self, text: &str, file: &str) -> Result<(), String> {
        match self {
            Loader::Tileset => tileset::parse(text, file)
                .map(drop)
                .map_err(|e| e.to_string()),
            Loader::Scenario => tilecrawl::mkd::scenario::from_yaml(text, file)
                .map(drop)
                .map_err(|e| e.to_string()),
            Loader::Monsters => monsters::parse(text, file)
                .map(drop)
                .map_err(|e| e.to_string()),
            Loader::Style => style::parse(text, file)
                .map(drop)
                .map_err(|e| e.to_string()),
        }
    }

    /// The command that reads such a file, writing into `out`.
    fn command(self, file: &Path, out: &Path) -> Vec<String> {
        let mut v: Vec<String> = match self {
            Loader::Tileset => vec!["tileset".into(), "check".into(), p(file).into()],
            Loader::Scenario => vec!["render".into(), p(file).into()],
            Loader::Monsters => vec!["generate".into(), "--monsters".into(), p(file).into()],
            Loader::Style => vec!["generate".into(), "--style".into(), p(file).into()],
        };
        v.extend(["--out".into(), p(out).into()]);
        match self {
            Loader::Tileset => v.truncate(3),
            Loader::Scenario => v.extend(["--dpi".into(), "10".into()]),
            _ => v.extend(["--seed".into(), "1".into(), "--dpi".into(), "10".into()]),
        }
        v
    }
}

/// What a case's file is.
enum Content {
    Bytes(Vec<u8>),
    /// A sparse file of this many bytes (nothing written).
    Sparse(u64),
}

struct Case {
    loader: Loader,
    name: &'static str,
    content: Content,
    /// Every one must appear in the error (besides the file name).
    needles: Vec<&'static str>,
}

fn case(
    loader: Loader,
    name: &'static str,
    bytes: impl Into<Vec<u8>>,
    needles: &[&'static str],
) -> Case {
    Case {
        loader,
        name,
        content: Content::Bytes(bytes.into()),
        needles: needles.to_vec(),
    }
}

const HUNDRED_MB: u64 = 100 * 1024 * 1024;
const NESTING: usize = 100_000;

fn tileset_cases() -> Vec<Case> {
    use Loader::Tileset as L;
    let t = TILESET;
    let face_65 = format!(
        "format: tilecrawl-tileset/1\ntiles:\n  - id: H1\n    kind: hallway\n    front: |\n{}",
        square_face(65)
    );
    let wide_65 = with(
        t,
        "      #.#\n      #.#\n      #.#\n",
        &format!("      {}\n", ".".repeat(65)),
    );
    vec![
        case(
            L,
            "empty file",
            "",
            &["empty", "format: tilecrawl-tileset/1"],
        ),
        case(L, "only blanks", "  \n\n", &["empty"]),
        case(
            L,
            "not YAML",
            "format: [unclosed\n",
            &["did not find expected ',' or ']'", "at line 1 column 9"],
        ),
        case(
            L,
            "YAML, not a mapping",
            "- a\n- b\n",
            &["no `format:` line", "`format: tilecrawl-tileset/1`"],
        ),
        case(
            L,
            "wrong format version",
            with(t, "tileset/1", "tileset/2"),
            &["tilecrawl-tileset/2", "reads `tilecrawl-tileset/1`"],
        ),
        case(
            L,
            "wrong type (copies: lots)",
            with(t, "kind: hallway\n", "kind: hallway\n    copies: lots\n"),
            &["line 6, column", "copies", "; expected "],
        ),
        case(
            L,
            "wrong type (tiles: 3)",
            "format: tilecrawl-tileset/1\ntiles: 3\n",
            &["line 2", "tiles", "expected a list"],
        ),
        case(
            L,
            "missing key (tiles)",
            "format: tilecrawl-tileset/1\nname: x\n",
            &["missing field `tiles`"],
        ),
        case(
            L,
            "missing key (kind)",
            with(t, "    kind: hallway\n", ""),
            &["line 4", "missing field `kind`"],
        ),
        case(
            L,
            "unknown key",
            with(t, "name: small\n", "name: small\ncolour: red\n"),
            &[
                "line 3, column 1",
                "unknown field `colour`",
                "expected one of",
            ],
        ),
        case(
            L,
            "unknown tile key",
            with(t, "kind: hallway\n", "kind: hallway\n    price: 3\n"),
            &["line 6", "price"],
        ),
        case(
            L,
            "ragged face",
            with(t, "      ...\n", "      ..\n"),
            &["tile C1, front face, row 2", "has 2 cells but row 1 has 3"],
        ),
        case(
            L,
            "face 65×65",
            face_65,
            &["tile H1, front face", "65 rows", "at most 64"],
        ),
        case(
            L,
            "face 65 wide",
            wide_65,
            &[
                "tile H1, front face, row 1",
                "65 squares wide",
                "at most 64",
            ],
        ),
        case(
            L,
            "unknown cell",
            with(t, "      .,.\n", "      .Q.\n"),
            &[
                "tile C1, back face, row 2, column 2",
                "unknown cell 'Q'",
                "expected one of",
            ],
        ),
        case(
            L,
            "duplicate id",
            with(t, "id: C1", "id: H1"),
            &["tile H1", "duplicate id"],
        ),
        case(
            L,
            "negative copies",
            with(t, "kind: hallway\n", "kind: hallway\n    copies: -2\n"),
            &["line 6", "copies", "-2"],
        ),
        case(
            L,
            "too many copies",
            with(t, "kind: hallway\n", "kind: hallway\n    copies: 101\n"),
            &[
                "line 6, column 13: tiles[0].copies",
                "copies is 101",
                "1 to 100",
            ],
        ),
        case(
            L,
            "square_mm out of range",
            with(t, "name: small\n", "name: small\nsquare_mm: 1e9\n"),
            &["square_mm is 1000000000", "between 2 and 200"],
        ),
        case(
            L,
            "id with ..",
            with(t, "id: H1", "id: \"..\""),
            &["tile #1", "ids must be"],
        ),
        case(
            L,
            "id ../x",
            with(t, "id: H1", "id: ../x"),
            &["tile #1", "\"../x\"", "ids must be"],
        ),
        case(
            L,
            "id a/b",
            with(t, "id: H1", "id: a/b"),
            &["tile #1", "\"a/b\"", "ids must be"],
        ),
        case(
            L,
            "non-UTF-8",
            b"format: tilecrawl-tileset/1\nname: caf\xe9\n".to_vec(),
            &["not UTF-8", "offset 37"],
        ),
        Case {
            loader: L,
            name: "100 MB file",
            content: Content::Sparse(HUNDRED_MB),
            needles: vec!["104857600 bytes", "at most 4194304"],
        },
        case(
            L,
            "100,000 nested [",
            nested("format: tilecrawl-tileset/1\ntiles: ", NESTING),
            &["line 2, column 72", "nest more than 64 deep"],
        ),
        case(
            L,
            "1.1 million list items",
            format!(
                "format: tilecrawl-tileset/1\ntiles: [{}]\n",
                "a,".repeat(1_100_000)
            ),
            &["line 2, column", "more than 1000000 YAML items"],
        ),
        case(
            L,
            "nesting hidden behind quoted `]`",
            format!(
                "format: tilecrawl-tileset/1\ntiles: {}\n",
                "[ \"]\", 'x]', ".repeat(NESTING / 10)
            ),
            &["line 2", "nest more than 64 deep"],
        ),
        case(
            L,
            "alias bomb (keys)",
            alias_bomb_keys("format: tilecrawl-tileset/1\n", "tiles"),
            &["line", "unknown field `a`"],
        ),
        case(
            L,
            "alias bomb (in tiles)",
            format!(
                "format: tilecrawl-tileset/1\ntiles:\n{}",
                alias_bomb_items("  ")
            ),
            &["line 3", "tiles[0]", "expected a mapping of keys"],
        ),
    ]
}

fn scenario_cases() -> Vec<Case> {
    use Loader::Scenario as L;
    let good = good_scenario_model();
    let s = good_scenario();
    let yaml = |f: &dyn Fn(&mut Scenario)| {
        let mut m = good.clone();
        f(&mut m);
        tilecrawl::mkd::scenario::to_yaml(&m)
    };
    // A wall square of the grid that lies on a tile, for the chest.
    let (wx, wy) = (0..good.size.height as i32)
        .flat_map(|y| (0..good.size.width as i32).map(move |x| (x, y)))
        .find(|&(x, y)| good.cell(x, y) == tileset::Cell::Wall)
        .expect("the dungeon has walls");
    let wall_tile = good.tile_at(wx, wy).unwrap();
    vec![
        case(L, "empty file", "", &["empty", "tilecrawl-scenario/1"]),
        case(
            L,
            "not YAML",
            "format: tilecrawl-scenario/1\n: : :\n",
            &["line", "column"],
        ),
        case(
            L,
            "not a tilecrawl file (no format line)",
            "root:$6$x:20228:0:99999:7:::\n",
            &["no `format:` line", "`format: tilecrawl-scenario/1`"],
        ),
        case(
            L,
            "an entrance four billion squares wide",
            yaml(&|m| m.entrance.length = 4_000_000_000),
            &["entrance", "length is 4000000000"],
        ),
        case(
            L,
            "more tokens than any dungeon holds",
            yaml(&|m| {
                let w = m.game.wmts[0].clone();
                m.game.wmts = vec![w; 2001];
            }),
            &["wmts", "has 2001 entries"],
        ),
        case(
            L,
            "YAML, not a mapping",
            "- just\n- a list\n",
            &["no `format:` line"],
        ),
        case(
            L,
            "wrong format version",
            with(&s, "scenario/1", "scenario/9"),
            &[
                "format: is `tilecrawl-scenario/9`",
                "reads `tilecrawl-scenario/1`",
            ],
        ),
        case(
            L,
            "wrong type (seed: seven)",
            with(&s, "seed: 7\n", "seed: seven\n"),
            &["line 3, column", "seed", "; expected "],
        ),
        case(
            L,
            "missing key (grid)",
            without_key(&s, "grid"),
            &["missing field `grid`"],
        ),
        case(
            L,
            "unknown key",
            with(&s, "seed: 7\n", "seed: 7\ncolour: red\n"),
            &["line 4, column 1", "unknown field `colour`"],
        ),
        case(
            L,
            "ragged grid",
            yaml(&|m| {
                m.grid[2].pop();
            }),
            &["grid[2]", "cells; expected size.width"],
        ),
        case(
            L,
            "grid of 3000 columns",
            yaml(&|m| {
                m.size.width = 3000;
                for r in &mut m.grid {
                    while r.len() < 3000 {
                        r.push('_');
                    }
                }
            }),
            &["size: is 3000×", "1 to 2048"],
        ),
        case(
            L,
            "3000-column row, size unchanged",
            yaml(&|m| {
                m.grid[0] = "_".repeat(3000);
            }),
            &["grid[0]", "has 3000 cells"],
        ),
        case(
            L,
            "unknown cell",
            yaml(&|m| {
                m.grid[1].replace_range(0..1, "Q");
            }),
            &["grid[1]", "column 0 holds 'Q'", "legend"],
        ),
        case(
            L,
            "duplicate key",
            with(&s, "seed: 7\n", "seed: 7\nseed: 8\n"),
            &[
                "line 4, column 1",
                "duplicate field `seed` (first at line 3)",
            ],
        ),
        case(
            L,
            "negative size",
            with(
                &s,
                &format!("size: {{width: {},", good.size.width),
                "size: {width: -5,",
            ),
            &[
                "line ",
                "size.width",
                "-5",
                "expected a whole number (0 or more)",
            ],
        ),
        case(
            L,
            "rotation 45",
            yaml(&|m| m.tiles[0].rotation = 45),
            &["tiles[0]", "rotation is 45", "0, 90, 180 or 270"],
        ),
        case(
            L,
            "WMT outside the grid",
            yaml(&|m| {
                m.game.wmts[0].x = 10_000;
            }),
            &["wmts[0]", "10000", "outside the"],
        ),
        case(
            L,
            "chest inside a wall",
            yaml(&|m| {
                m.game.chests[0].x = wx;
                m.game.chests[0].y = wy;
                m.game.chests[0].tile = wall_tile;
            }),
            &["chests[0]", "is wall", "expected a passable square"],
        ),
        case(
            L,
            "tile beyond i32",
            yaml(&|m| {
                m.tiles[0].x = i32::MAX;
            }),
            &["tiles[0]", "does not lie inside"],
        ),
        case(
            L,
            "entrance off its tile's edge",
            yaml(&|m| {
                // One square in from the edge it opens on.
                let (dx, dy) = m.entrance.side.delta();
                m.entrance.x -= dx;
                m.entrance.y -= dy;
            }),
            &["entrance", "is not on the", "edge of tile"],
        ),
        case(
            L,
            "dead end on a square off the tiles",
            yaml(&|m| {
                m.dead_ends[0].x = 0;
                m.dead_ends[0].y = 0;
            }),
            &[
                "dead_ends[0]",
                "square 0,0 is ",
                "expected a passable square",
            ],
        ),
        case(
            L,
            "dead end off its tile's edge",
            yaml(&|m| {
                let (dx, dy) = m.dead_ends[0].side.delta();
                m.dead_ends[0].x -= dx;
                m.dead_ends[0].y -= dy;
            }),
            &["dead_ends[0]", "is not on the", "edge of tile"],
        ),
        case(
            L,
            "dungeon laid off the table",
            yaml(&|m| m.table_offset.x = -20),
            &[
                "table_offset",
                "-20,",
                "off the 72×48 table",
                "expected 0,0 to ",
            ],
        ),
        case(
            L,
            "dungeon hanging over the table's edge",
            yaml(&|m| m.table_offset.y = 48 - m.size.height as i32 + 1),
            &["table_offset", "off the 72×48 table"],
        ),
        case(
            L,
            "a table of no squares",
            yaml(&|m| m.game.params.table.width = 0),
            &["params.table", "is 0×48 squares", "expected 1 to 2000"],
        ),
        case(
            L,
            "a tile the tile set lacks",
            yaml(&|m| m.tiles[0].id = "Z99".into()),
            &[
                "tiles[0] (Z99)",
                "is not a tile of the mkd-builder tile set",
            ],
        ),
        case(
            L,
            "a chamber called a hallway",
            yaml(&|m| m.tiles[0].kind = tileset::TileKind::Hallway),
            &["tiles[0] (C4)", "kind is hallway; C4 is a chamber"],
        ),
        case(
            L,
            "a tile's other face named",
            yaml(&|m| m.tiles[0].face = m.tiles[0].face.flipped()),
            &[
                "tiles[0] (C4)",
                "in the grid, but",
                "on C4's back face turned 270°",
            ],
        ),
        case(
            L,
            "a tile turned in the file but not in the grid",
            yaml(&|m| m.tiles[0].rotation = (m.tiles[0].rotation + 180) % 360),
            &["tiles[0] (C4)", "in the grid, but", "face turned 90°"],
        ),
        case(
            L,
            "more copies of a tile than the sets hold",
            yaml(&|m| m.tiles[1].id = m.tiles[0].id.clone()),
            &[
                "tiles[1] (C4)",
                "is laid 2 times; the mkd-builder tile set has 1 of it",
            ],
        ),
        case(
            L,
            "no sets",
            yaml(&|m| m.game.params.sets = 0),
            &["params.sets", "is 0; expected 1 to "],
        ),
        case(
            L,
            "connection to a missing tile",
            yaml(&|m| m.connections.push([0, 99_999])),
            &["connections[", "must name two different tiles"],
        ),
        case(
            L,
            "non-UTF-8",
            b"format: tilecrawl-scenario/1\n\xff\xfe".to_vec(),
            &["not UTF-8", "offset 29"],
        ),
        Case {
            loader: L,
            name: "100 MB file",
            content: Content::Sparse(HUNDRED_MB),
            needles: vec!["104857600 bytes", "at most 8388608"],
        },
        case(
            L,
            "100,000 nested [",
            nested("format: tilecrawl-scenario/1\ngrid: ", NESTING),
            &["line 2, column 71", "nest more than 64 deep"],
        ),
        case(
            L,
            "alias bomb (in markers)",
            with(
                &s,
                "markers: []\n",
                &format!("markers:\n{}", alias_bomb_items("")),
            ),
            &["markers[0]", "expected a mapping of keys"],
        ),
    ]
    .into_iter()
    .chain(missions::mission_cases())
    .collect()
}

fn monster_cases() -> Vec<Case> {
    use Loader::Monsters as L;
    let m = MONSTERS;
    vec![
        case(L, "empty file", "", &["empty", "tilecrawl-monsters/1"]),
        case(
            L,
            "not YAML",
            "format: tilecrawl-monsters/1\nmonsters: {unclosed\n",
            &["line", "column"],
        ),
        case(
            L,
            "wrong format version",
            with(m, "monsters/1", "monsters/0"),
            &["format: is `tilecrawl-monsters/0`"],
        ),
        case(
            L,
            "wrong type (points: five)",
            with(m, "points: 5,", "points: five,"),
            &["line 5, column", "points", "; expected "],
        ),
        case(
            L,
            "missing key (points)",
            with(m, "points: 5, ", ""),
            &["line 5", "missing field `points`"],
        ),
        case(
            L,
            "missing key (monsters)",
            "format: tilecrawl-monsters/1\n",
            &["missing field `monsters`"],
        ),
        case(
            L,
            "half the combat statistics",
            with(m, "count: 3", "count: 3, speed: 4"),
            &["monsters[0]", "all of speed, attacks, armour and wounds"],
        ),
        case(
            L,
            "armour out of range",
            with(
                m,
                "count: 3",
                "count: 3, speed: 4, attacks: 2, armour: 9, wounds: 2",
            ),
            &["monsters[0]", "armour"],
        ),
        case(
            L,
            "unknown key",
            with(m, "count: 3", "count: 3, sped: 4"),
            &["line 4", "unknown field `sped`"],
        ),
        case(
            L,
            "duplicate name",
            with(m, "name: Imp", "name: Orc"),
            &["monsters[1] (Orc)", "appears twice"],
        ),
        case(
            L,
            "negative count",
            with(m, "count: 3", "count: -3"),
            &["line 4", "count", "-3"],
        ),
        case(
            L,
            "count 101",
            with(m, "count: 3", "count: 101"),
            &["monsters[0] (Orc)", "count is 101", "1 to 100"],
        ),
        case(
            L,
            "unknown ability",
            with(m, "[Nimble]", "[Flying]"),
            &["monsters[1] (Imp)", "unknown ability `Flying`"],
        ),
        case(
            L,
            "control characters in a name",
            with(m, "name: Imp", "name: \"I\\u0007mp\""),
            &["monsters[1]", "printable"],
        ),
        case(
            L,
            "a raw control character",
            with(m, "count: 3", "count: 3\u{1}"),
            &["line 4, column 37", "control character (U+0001)"],
        ),
        case(
            L,
            "non-UTF-8",
            b"format: tilecrawl-monsters/1\nmonsters: [\xc3\x28]\n".to_vec(),
            &["not UTF-8", "offset 40"],
        ),
        Case {
            loader: L,
            name: "100 MB file",
            content: Content::Sparse(HUNDRED_MB),
            needles: vec!["104857600 bytes", "at most 1048576"],
        },
        case(
            L,
            "100,000 nested [",
            nested("format: tilecrawl-monsters/1\nmonsters: ", NESTING),
            &["line 2, column 75", "nest more than 64 deep"],
        ),
        case(
            L,
            "alias bomb",
            format!(
                "format: tilecrawl-monsters/1\nmonsters:\n{}",
                alias_bomb_items("  ")
            ),
            &["line 3", "monsters[0]", "expected a mapping of keys"],
        ),
    ]
}

fn style_cases() -> Vec<Case> {
    use Loader::Style as L;
    let st = STYLE;
    vec![
        case(L, "empty file", "", &["empty", "tilecrawl-style/1"]),
        case(L, "not YAML", "lines: [unclosed\n", &["line", "column"]),
        case(
            L,
            "wrong format version",
            with(st, "style/1", "style/2"),
            &[
                "format: is `tilecrawl-style/2`",
                "reads `tilecrawl-style/1`",
            ],
        ),
        case(
            L,
            "wrong type (lines: 5)",
            with(
                st,
                "lines:\n  grid: {color: '#808080', width_mm: 0.2}\n",
                "lines: 5\n",
            ),
            &["line 4, column", "lines"],
        ),
        case(
            L,
            "missing keys (no base)",
            with(st, "base: ink\n", ""),
            &["is missing", "base: color"],
        ),
        case(
            L,
            "unknown key",
            with(st, "base: ink\n", "base: ink\ncolour: red\n"),
            &["line 4, column 1", "unknown field `colour`"],
        ),
        case(
            L,
            "base as a list",
            with(st, "base: ink\n", "base: [ink]\n"),
            &[
                "line 3, column 7",
                "base: got a list; expected `color` or `ink`",
            ],
        ),
        case(
            L,
            "duplicate key",
            with(st, "base: ink\n", "base: ink\nbase: color\n"),
            &[
                "line 4, column 1",
                "duplicate field `base` (first at line 3)",
            ],
        ),
        case(
            L,
            "width out of range",
            with(st, "width_mm: 0.2", "width_mm: 99"),
            &["line 5", "lines.grid.width_mm", "99"],
        ),
        case(
            L,
            "negative width",
            with(st, "width_mm: 0.2", "width_mm: -1"),
            &["line 5", "width_mm", "-1"],
        ),
        case(
            L,
            "bad colour",
            with(st, "'#808080'", "'#80808'"),
            &["line 5", "lines.grid.color"],
        ),
        case(
            L,
            "non-UTF-8",
            b"format: tilecrawl-style/1\nname: \x80\n".to_vec(),
            &["not UTF-8", "offset 32"],
        ),
        Case {
            loader: L,
            name: "100 MB file",
            content: Content::Sparse(HUNDRED_MB),
            needles: vec!["104857600 bytes", "at most 1048576"],
        },
        case(
            L,
            "100,000 nested [",
            nested("format: tilecrawl-style/1\nbase: ink\npaper: ", NESTING),
            &["line 3, column 72", "nest more than 64 deep"],
        ),
        case(
            L,
            "alias bomb (keys)",
            alias_bomb_keys("format: tilecrawl-style/1\nbase: ink\n", "paper"),
            &["line", "unknown field `a`"],
        ),
    ]
}

/// Runs `cases` through `load`, `parse` (where the bytes are text) and the
/// binary; prints one table row per case and fails with every miss.
fn check_matrix(cases: Vec<Case>) {
    let mut failures = Vec::new();
    let tmp = tempfile::tempdir().unwrap();
    for (i, c) in cases.iter().enumerate() {
        let dir = tmp.path().join(format!("case{i}"));
        std::fs::create_dir(&dir).unwrap();
        let file_name = format!("hostile-{}.yaml", c.loader.name());
        let file = dir.join(&file_name);
        match &c.content {
            Content::Bytes(b) => std::fs::write(&file, b).unwrap(),
            Content::Sparse(n) => std::fs::File::create(&file).unwrap().set_len(*n).unwrap(),
        }
        let start = Instant::now();
        let mut problems = Vec::new();
        let check = |what: &str, got: Result<(), String>, problems: &mut Vec<String>| -> String {
            match got {
                Ok(()) => {
                    problems.push(format!("{what}: accepted"));
                    String::new()
                }
                Err(e) => {
                    if e.lines().count() != 1 {
                        problems.push(format!("{what}: not one line: {e:?}"));
                    }
                    if !e.contains(&file_name) {
                        problems.push(format!("{what}: does not name the file: {e}"));
                    }
                    for n in &c.needles {
                        if !e.contains(n) {
                            problems.push(format!("{what}: lacks {n:?}: {e}"));
                        }
                    }
                    e
                }
            }
        };
        let loaded = check("load", c.loader.load(&file), &mut problems);
        if let Content::Bytes(b) = &c.content
            && let Ok(text) = std::str::from_utf8(b)
        {
            let parsed = c.loader.parse(text, p(&file));
            let parsed = check("parse", parsed, &mut problems);
            if parsed != loaded {
                problems.push(format!("parse and load differ: {parsed} / {loaded}"));
            }
        }
        let lib_time = start.elapsed();
        let out = dir.join("out");
        let args = c.loader.command(&file, &out);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&dir, &args);
        let mut needles = vec![file_name.as_str()];
        needles.extend(c.needles.iter().copied());
        if let Err(m) = one_error_line(&r, &needles) {
            problems.push(format!("binary: {m}"));
        }
        if sorted_names(&dir) != vec![file_name.clone()] {
            problems.push(format!("binary wrote files: {:?}", sorted_names(&dir)));
        }
        let result = if problems.is_empty() { "ok" } else { "FAIL" };
        println!(
            "| {} | {} | {} | {:.0?} | {} |",
            c.loader.name(),
            c.name,
            result,
            lib_time,
            loaded.replace('|', "\\|")
        );
        if !problems.is_empty() {
            failures.push(format!(
                "{} / {}: {}",
                c.loader.name(),
                c.name,
                problems.join("; ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fixtures_are_valid() {
    tileset::parse(TILESET, "t.yaml").unwrap();
    monsters::parse(MONSTERS, "m.yaml").unwrap();
    style::parse(STYLE, "s.yaml").unwrap();
    tilecrawl::mkd::scenario::from_yaml(&good_scenario(), "s.yaml").unwrap();
}

#[test]
fn hostile_tilesets() {
    check_matrix(tileset_cases());
}

#[test]
fn hostile_scenarios() {
    check_matrix(scenario_cases());
}

#[test]
fn hostile_monster_lists() {
    check_matrix(monster_cases());
}

#[test]
fn hostile_styles() {
    check_matrix(style_cases());
}

/// Files that are not regular files: a folder, and (Linux) an endless device
/// whose size the metadata does not tell: refused without reading forever.
#[test]
fn folders_and_endless_devices_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    for loader in [
        Loader::Tileset,
        Loader::Scenario,
        Loader::Monsters,
        Loader::Style,
    ] {
        let e = loader.load(tmp.path()).unwrap_err();
        assert!(e.contains(p(tmp.path())), "{e}");
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            let start = Instant::now();
            let e = loader.load(zero).unwrap_err();
            // Refused before it is opened (the tile set's error keeps the
            // reason as its source, which the binary prints).
            assert!(
                e.contains("/dev/zero")
                    && (e.contains("is not a regular file") || e.contains("cannot read")),
                "{e}"
            );
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{:?}",
                start.elapsed()
            );
        }
    }
}

// ---------------------------------------------------------------- impossible requests

/// Each game's reader refuses a scenario of another game by its ruleset,
/// whether the file's keys fit the reader's game or not; and a file that
/// names the right game is refused by what is wrong with it.
#[test]
fn each_game_s_reader_refuses_another_game_s_file_by_its_ruleset() {
    use tilecrawl::ddd::part::DddPart;
    use tilecrawl::dw10::scenario::Dw10Part;
    use tilecrawl::scenario::from_yaml;
    let mkd = tilecrawl::mkd::scenario::to_yaml(
        &generate(&tileset::default_tileset(), &GenerateParams::default()).unwrap(),
    );
    // The MKD keys do not fit the other games: the ruleset is read on its own.
    let e = from_yaml::<Dw10Part>(&mkd, "s.yaml")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("s.yaml")
            && e.contains("ruleset: is `mkd-adventure`; expected a `dungeon-world-10mm` scenario"),
        "{e}"
    );
    let e = from_yaml::<DddPart>(&mkd, "s.yaml")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("ruleset: is `mkd-adventure`; expected a `dd-and-d` scenario"),
        "{e}"
    );
    // The keys fit, the ruleset names another game.
    let other = mkd.replacen("ruleset: mkd-adventure\n", "ruleset: dd-and-d\n", 1);
    assert_ne!(other, mkd);
    let e = tilecrawl::mkd::scenario::from_yaml(&other, "s.yaml")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("ruleset: is `dd-and-d`; expected a `mkd-adventure` scenario"),
        "{e}"
    );
    // Another game's file with a key no game has: still its ruleset first.
    let e = tilecrawl::mkd::scenario::from_yaml(&format!("{other}bogus: 1\n"), "s.yaml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("ruleset: is `dd-and-d`"), "{e}");
    // The right game with a key it does not have: that key.
    let e = tilecrawl::mkd::scenario::from_yaml(&format!("{mkd}bogus: 1\n"), "s.yaml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("bogus") && !e.contains("ruleset:"), "{e}");
    // And the file as written reads.
    assert!(tilecrawl::mkd::scenario::from_yaml(&mkd, "s.yaml").is_ok());
}

/// A number too big for its field says so with the field's range, in plain
/// words (serde's `as u128` and type names were printed): a scenario's and a
/// campaign's `seed` (u64), a war-party model's `number` (u32).
#[test]
fn a_number_too_big_for_its_field_names_the_range() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let too_big = "18446744073709551616";
    let u64_range = "is too big; expected a whole number from 0 to 18446744073709551615";
    std::fs::write(
        d.join("bigseed.yaml"),
        with(&good_scenario(), "seed: 7\n", &format!("seed: {too_big}\n")),
    )
    .unwrap();
    let r = run(d, &["render", "bigseed.yaml", "--out", "out"]);
    let line = one_error_line(
        &r,
        &["bigseed.yaml: line 3, column 7: seed: ", too_big, u64_range],
    )
    .unwrap();
    assert!(!line.contains("u128") && !line.contains('`'), "{line}");

    let party = tilecrawl::ddd::warparty::to_yaml(&tilecrawl::ddd::warparty::new(3, "Blue"));
    std::fs::write(
        d.join("blue.yaml"),
        with(&party, "{number: 1,", "{number: 4294967296,"),
    )
    .unwrap();
    let r = run(d, &["warparty", "check", "blue.yaml"]);
    one_error_line(
        &r,
        &[
            "blue.yaml: ",
            "models[0].number: 4294967296 is too big; expected a whole number from 0 to 4294967295",
        ],
    )
    .unwrap();

    let r = run(d, &["campaign", "new", "H", "--seed", "1"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let path = d.join("campaigns/H/campaign.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        with(&text, "\nseed: 1\n", &format!("\nseed: {too_big}\n")),
    )
    .unwrap();
    let r = run(d, &["campaign", "show", "H"]);
    one_error_line(&r, &["campaign.yaml: ", "seed: ", too_big, u64_range]).unwrap();
}

/// Every loader given a tilecrawl file of another kind names what the file
/// is (`this is a war-party …, not a tile set`), not its first unknown key;
/// nothing is written.
#[test]
fn every_loader_names_a_file_of_another_kind() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("scenario.yaml"), good_scenario()).unwrap();
    let party = tilecrawl::ddd::warparty::to_yaml(&tilecrawl::ddd::warparty::new(3, "Blue"));
    std::fs::write(d.join("blue.yaml"), party).unwrap();
    let wp = "blue.yaml: this is a war-party (format: tilecrawl-warparty/1), not ";
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "generate",
                "--seed",
                "1",
                "--tileset",
                "blue.yaml",
                "--out",
                "o",
            ],
            "a tile set",
        ),
        (
            &[
                "generate",
                "--seed",
                "1",
                "--monsters",
                "blue.yaml",
                "--out",
                "o",
            ],
            "a monster list",
        ),
        (
            &[
                "simulate",
                "scenario.yaml",
                "--runs",
                "1",
                "--party",
                "blue.yaml",
            ],
            "a party file",
        ),
        (
            &[
                "simulate",
                "scenario.yaml",
                "--runs",
                "1",
                "--tables",
                "blue.yaml",
            ],
            "a roll-table file",
        ),
        (
            &[
                "render",
                "scenario.yaml",
                "--style",
                "blue.yaml",
                "--out",
                "o",
            ],
            "a map style",
        ),
    ];
    for (args, not) in cases {
        let r = run(d, args);
        one_error_line(&r, &[&format!("{wp}{not}")]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
    let r = run(d, &["warparty", "check", "scenario.yaml"]);
    one_error_line(
        &r,
        &["scenario.yaml: this is a scenario (format: tilecrawl-scenario/1), not a war-party"],
    )
    .unwrap();
    assert_eq!(sorted_names(d), ["blue.yaml", "scenario.yaml"]);
    // Dungeon World 10 mm's party loader too.
    let r = run(
        d,
        &[
            "generate",
            "--ruleset",
            "dungeon-world-10mm",
            "--seed",
            "1",
            "--out",
            "w",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = run(
        d,
        &[
            "simulate",
            "w/scenario.yaml",
            "--runs",
            "1",
            "--party",
            "blue.yaml",
        ],
    );
    one_error_line(&r, &[&format!("{wp}a Dungeon World 10 mm party file")]).unwrap();
}
