//! The setup sheet (issue 3): the Markdown says everything the scenario holds,
//! in placement order, with diagrams that match the grid; user names cannot
//! break it; the PDF opens in an independent reader (hayro) at the exact paper size and says the
//! same things; same scenario, same bytes.

use crate::pdfread;
use tilecrawl::build::layout::LayoutParams;
use tilecrawl::export::paper::{Paper, PrintOptions};
use tilecrawl::export::sheet::{setup_markdown, setup_pdf, setup_sheet};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::monsters::MonsterEntry;
use tilecrawl::mkd::scenario::{Scenario, TerrainSide, WmtColor};
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset::default_tileset;

/// `generate --seed SEED --sets SETS --markers --dressing` on the embedded tiles.
fn scenario(seed: u64, sets: u32) -> Scenario {
    let p = GenerateParams {
        seed,
        layout: LayoutParams {
            sets,
            ..LayoutParams::default()
        },
        setup: SetupParams {
            sets,
            dressing: true,
            ..SetupParams::default()
        },
        markers: true,
        ..GenerateParams::default()
    };
    generate(&default_tileset(), &p).unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

/// Seeds with 1, 2 and 4 sets.
fn scenarios() -> Vec<Scenario> {
    let mut out = Vec::new();
    for sets in [1, 2, 4] {
        for seed in [1, 7, 42] {
            out.push(scenario(seed, sets));
        }
    }
    out
}

// --- reading the Markdown back ---------------------------------------------

/// Cells of a table row, split on pipes that are not escaped.
fn split_row(line: &str) -> Vec<String> {
    let inner = line
        .trim()
        .strip_prefix('|')
        .and_then(|l| l.strip_suffix('|'))
        .unwrap_or_else(|| panic!("not a table row: {line}"));
    let mut cells = vec![String::new()];
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let cell = cells.last_mut().unwrap();
                cell.push('\\');
                if let Some(n) = chars.next() {
                    cell.push(n);
                }
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().unwrap().push(c),
        }
    }
    cells.iter().map(|c| c.trim().to_string()).collect()
}

/// Markdown text back to plain text: backslash escapes and entities undone,
/// code spans unwrapped.
fn unescape(text: &str) -> String {
    let t = text.strip_prefix('`').and_then(|t| t.strip_suffix('`'));
    if let Some(code) = t {
        return code.to_string();
    }
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The first table after the line `heading`: the header row, then the body
/// rows, as plain text.
fn table_after(md: &str, heading: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = md.lines().skip_while(|l| *l != heading);
    assert!(lines.next().is_some(), "no heading {heading:?} in:\n{md}");
    let mut rows = lines
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .map(|l| split_row(l).iter().map(|c| unescape(c)).collect::<Vec<_>>());
    let header = rows.next().expect("header row");
    let sep = rows.next().expect("separator row");
    assert!(
        sep.iter()
            .all(|c| c.trim_matches(&['-', ':'][..]).is_empty())
    );
    (header, rows.collect())
}

/// The body rows of that table as maps from header to cell.
fn records(md: &str, heading: &str) -> Vec<Vec<(String, String)>> {
    let (header, rows) = table_after(md, heading);
    rows.into_iter()
        .map(|r| {
            assert_eq!(r.len(), header.len(), "{heading}: {r:?}");
            header.iter().cloned().zip(r).collect()
        })
        .collect()
}

fn get<'a>(rec: &'a [(String, String)], key: &str) -> &'a str {
    rec.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no column {key} in {rec:?}"))
}

/// The lines of the code block that follows the line `heading`.
fn code_block_after(md: &str, heading: &str) -> Vec<String> {
    let mut lines = md.lines().skip_while(|l| *l != heading);
    assert!(lines.next().is_some(), "no heading {heading:?}");
    lines
        .skip_while(|l| *l != "```text")
        .skip(1)
        .take_while(|l| *l != "```")
        .map(str::to_string)
        .collect()
}

/// The grid inside a tile's rectangle, `_` where the tile has a void.
fn grid_in(s: &Scenario, i: usize) -> Vec<String> {
    let t = &s.tiles[i];
    (t.y..t.y + t.height as i32)
        .map(|y| {
            (t.x..t.x + t.width as i32)
                .map(|x| {
                    if t.covers(x, y) {
                        s.grid[y as usize].as_bytes()[x as usize] as char
                    } else {
                        '_'
                    }
                })
                .collect()
        })
        .collect()
}

// --- Markdown ----------------------------------------------------------------

#[test]
fn markdown_lists_every_tile_in_placement_order_with_its_diagram() {
    for s in scenarios() {
        let md = setup_markdown(&s);
        let picks = records(&md, "## Tile pick list");
        assert_eq!(picks.len(), s.tiles.len(), "seed {}", s.seed);
        for (i, (t, row)) in s.tiles.iter().zip(&picks).enumerate() {
            let ctx = format!("seed {} step {}", s.seed, i + 1);
            assert_eq!(get(row, "step"), (i + 1).to_string(), "{ctx}");
            assert_eq!(get(row, "tile"), t.id, "{ctx}");
            assert_eq!(get(row, "kind"), t.kind.name(), "{ctx}");
            assert_eq!(get(row, "face"), t.face.name(), "{ctx}");
            assert_eq!(get(row, "rotation"), format!("{}°", t.rotation), "{ctx}");
            assert_eq!(get(row, "square"), format!("{},{}", t.x, t.y), "{ctx}");
            assert_eq!(
                get(row, "table square"),
                format!("{},{}", t.x + s.table_offset.x, t.y + s.table_offset.y),
                "{ctx}"
            );
            // Laid against: every earlier tile it is connected to, none other.
            let against = get(row, "laid against");
            for c in &s.connections {
                let other = if c[1] == i && c[0] < i {
                    c[0]
                } else {
                    continue;
                };
                let name = format!("{} (step {})", s.tiles[other].id, other + 1);
                assert!(against.contains(&name), "{ctx}: {against} lacks {name}");
            }
            if i == 0 {
                assert!(against.contains("first tile"), "{ctx}: {against}");
            }
            // The diagram is the grid inside the tile's rectangle.
            let diagram = code_block_after(&md, &format!("### Step {}: {}", i + 1, t.id));
            assert_eq!(diagram, grid_in(&s, i), "{ctx}");
        }
        // The headings come in placement order.
        let steps: Vec<&str> = md.lines().filter(|l| l.starts_with("### Step ")).collect();
        let want: Vec<String> = s
            .tiles
            .iter()
            .enumerate()
            .map(|(i, t)| format!("### Step {}: {}", i + 1, t.id))
            .collect();
        assert_eq!(steps, want, "seed {}", s.seed);
    }
}

#[test]
fn markdown_places_every_chest_wmt_and_marker() {
    for s in scenarios() {
        let md = setup_markdown(&s);
        let chests = records(&md, "### Chests");
        assert_eq!(chests.len(), s.game.chests.len());
        for (c, row) in s.game.chests.iter().zip(&chests) {
            assert_eq!(get(row, "square"), format!("{},{}", c.x, c.y));
            assert_eq!(get(row, "facing"), c.facing.name());
            assert_eq!(get(row, "level"), c.level.to_string());
            assert_eq!(get(row, "Quest Chest") == "Quest Chest", c.quest);
            assert!(get(row, "tile").starts_with(&s.tiles[c.tile].id));
        }
        assert!(
            chests
                .iter()
                .any(|r| get(r, "Quest Chest") == "Quest Chest")
        );

        let wmts = records(&md, "### Wandering monster tokens");
        assert_eq!(wmts.len(), s.game.wmts.len());
        for (w, row) in s.game.wmts.iter().zip(&wmts) {
            assert_eq!(get(row, "square"), format!("{},{}", w.x, w.y));
            assert_eq!(get(row, "colour"), w.color.name());
            assert_eq!(get(row, "number"), w.number.to_string());
            assert_eq!(get(row, "Guardian") == "Guardian", w.guardian);
            assert_eq!(
                get(row, "table square"),
                format!("{},{}", w.x + s.table_offset.x, w.y + s.table_offset.y)
            );
        }
        assert_eq!(
            wmts.iter()
                .filter(|r| get(r, "Guardian") == "Guardian")
                .count(),
            1
        );

        if s.game.markers.is_empty() {
            assert!(md.contains("### Terrain markers\n\nNone"));
        } else {
            let markers = records(&md, "### Terrain markers");
            assert_eq!(markers.len(), s.game.markers.len());
            for (m, row) in s.game.markers.iter().zip(&markers) {
                assert_eq!(get(row, "square"), format!("{},{}", m.x, m.y));
                let kind = yaml_serde::to_string(&m.kind).unwrap();
                assert_eq!(get(row, "kind"), kind.trim());
            }
        }
    }
}

#[test]
fn markdown_names_entrance_central_chamber_and_dead_ends() {
    for s in scenarios() {
        let md = setup_markdown(&s);
        let e = &s.entrance;
        let entrance = md
            .lines()
            .find(|l| l.starts_with("- **Entrance:**"))
            .expect("entrance line");
        assert!(entrance.contains(&format!(
            "{} (step {}), square {},{}",
            s.tiles[e.tile].id,
            e.tile + 1,
            e.x,
            e.y
        )));
        assert!(entrance.contains(&format!("on its {} side", e.side.name())));
        let cc = md
            .lines()
            .find(|l| l.starts_with("- **Central Chamber:**"))
            .expect("Central Chamber line");
        let c = &s.central_chamber;
        assert!(cc.contains(&format!(
            "{} (step {}), {} tiles from the entrance",
            s.tiles[c.tile].id,
            c.tile + 1,
            c.depth
        )));
        let dead = records(&md, "### Dead ends");
        assert_eq!(dead.len(), s.dead_ends.len());
        for (d, row) in s.dead_ends.iter().zip(&dead) {
            assert!(get(row, "squares").starts_with(&format!("{},{}", d.x, d.y)));
            assert_eq!(get(row, "side"), d.side.name());
        }
    }
}

#[test]
fn markdown_header_has_mission_hero_value_turn_limit_seed_and_tiles() {
    let s = scenario(7, 2);
    let md = setup_markdown(&s);
    assert!(md.starts_with("# Setup sheet — seed 7\n"));
    for line in [
        "- **Mission:** quest (mkd-adventure rules)",
        "- **Turn limit:** no turn limit (the quest mission has none)",
        "- **Hero value:** 95",
        "- **Seed:** 7",
        "- **Tile set:** mkd-builder",
        "- **Sets:** 2 (10 tiles: ",
    ] {
        assert!(md.contains(line), "{line} missing from:\n{md}");
    }
    // The legend explains every cell character and the coordinates.
    let legend = records(&md, "## How to read this sheet");
    let chars: Vec<&str> = legend.iter().map(|r| get(r, "cell")).collect();
    assert_eq!(chars, [".", ",", "~", "=", "X", "#", "_"]);
    assert!(md.contains("x counts columns east and y counts rows south"));
    assert!(md.contains("from 0,0 at the north-west corner of the map"));
}

#[test]
fn markdown_pools_match_the_scenario() {
    for s in scenarios() {
        let md = setup_markdown(&s);
        let p = &s.game.pools;
        // Chest Pool: a count per level.
        let chests = records(&md, "### Chest Pool");
        let total: usize = chests
            .iter()
            .map(|r| get(r, "chests").parse::<usize>().unwrap())
            .sum();
        assert_eq!(total, p.chests.len());
        for r in &chests {
            let level: u32 = get(r, "level").parse().unwrap();
            let n: usize = get(r, "chests").parse().unwrap();
            assert_eq!(p.chests.iter().filter(|&&c| c == level).count(), n);
        }
        // WMT Pool: the numbers of each colour.
        let wmts = records(&md, "### WMT Pool");
        let mut seen = 0;
        for r in &wmts {
            let color = match get(r, "colour") {
                "yellow" => WmtColor::Yellow,
                "blue" => WmtColor::Blue,
                "red" => WmtColor::Red,
                other => panic!("colour {other}"),
            };
            let mut want: Vec<u32> = p
                .wmts
                .iter()
                .filter(|t| t.color == color)
                .map(|t| t.number)
                .collect();
            want.sort_unstable();
            let got: Vec<u32> = get(r, "numbers")
                .split(", ")
                .map(|n| n.parse().unwrap())
                .collect();
            assert_eq!(got, want);
            assert_eq!(get(r, "tokens"), want.len().to_string());
            seen += want.len();
        }
        assert_eq!(seen, p.wmts.len());
        // Bonuses and doors.
        assert!(md.contains(&format!(
            "- **WMT reveal bonus:** +{} to every WMT reveal roll",
            p.wmt_reveal_bonus
        )));
        assert!(md.contains(&format!(
            "- **Guardian reveal bonus:** +{} to the Guardian's reveal roll",
            p.guardian_reveal_bonus
        )));
        assert!(md.contains(&format!("- **Doors:** {}", p.accessories.doors)));
        // Terrain markers by side.
        let sides = records(&md, "### Terrain markers in the Accessories Pool");
        let count = |side: TerrainSide| {
            p.accessories
                .terrain_markers
                .iter()
                .filter(|t| **t == side)
                .count()
                .to_string()
        };
        assert_eq!(get(&sides[0], "markers"), count(TerrainSide::Obstacle));
        assert_eq!(get(&sides[1], "markers"), count(TerrainSide::Special));
        // Furnishings with their counts.
        let furn = records(&md, "### Furnishings");
        let total: usize = furn
            .iter()
            .map(|r| get(r, "count").parse::<usize>().unwrap())
            .sum();
        assert_eq!(total, p.accessories.furnishings.len());
        for r in &furn {
            let n = p
                .accessories
                .furnishings
                .iter()
                .filter(|f| *f == get(r, "furnishing"))
                .count();
            assert_eq!(get(r, "count"), n.to_string());
        }
        // Monster Pool, figure by figure.
        let monsters = records(&md, "### Monster Pool");
        assert_eq!(monsters.len(), p.monsters.len());
        for (m, r) in p.monsters.iter().zip(&monsters) {
            assert_eq!(get(r, "figure"), m.name);
            assert_eq!(get(r, "points"), m.points.to_string());
            assert_eq!(get(r, "count"), m.count.to_string());
            let abilities = if m.abilities.is_empty() {
                "—".to_string()
            } else {
                m.abilities.join(", ")
            };
            assert_eq!(get(r, "abilities"), abilities);
        }
    }
}

#[test]
fn markdown_log_has_a_row_per_roll() {
    for s in scenarios() {
        let md = setup_markdown(&s);
        let log = records(&md, "## Setup dice log");
        assert_eq!(log.len(), s.log.len(), "seed {}", s.seed);
        for (i, (l, r)) in s.log.iter().zip(&log).enumerate() {
            assert_eq!(get(r, "#"), (i + 1).to_string());
            assert_eq!(get(r, "stage"), l.stage);
            assert_eq!(get(r, "roll"), l.roll);
            assert_eq!(get(r, "purpose"), l.purpose);
            if l.roll != "-" {
                assert_eq!(get(r, "result"), l.result.to_string());
            }
        }
    }
}

/// A scenario whose names from user files hold Markdown and HTML syntax.
fn hostile() -> Scenario {
    let mut s = scenario(7, 2);
    s.tiles[0].id = "C|4*<b>&_`x`".into();
    s.tiles[3].id = "H|**".into();
    s.game.params.tileset = "Tiles | & <Co> *bold*".into();
    std::sync::Arc::make_mut(&mut s.game.pools.monsters).insert(
        0,
        MonsterEntry {
            name: "Rat | *King* <script>&amp;".into(),
            points: 7,
            count: 2,
            abilities: vec!["Sneak | Attack".into()],
            stats: None,
        },
    );
    s.game.pools.accessories.furnishings[0] = "altar | <two> & *candles*".into();
    s.log[0].purpose = "a | b <c> & `d`".into();
    s
}

#[test]
fn names_from_user_files_cannot_break_the_markdown() {
    let s = hostile();
    let md = setup_markdown(&s);
    // Every table row has as many cells as its header.
    let mut width = None;
    let mut tables = 0;
    for line in md.lines() {
        if line.starts_with('|') {
            let n = split_row(line).len();
            match width {
                None => {
                    width = Some(n);
                    tables += 1;
                }
                Some(w) => assert_eq!(n, w, "row with {n} cells, header {w}: {line}"),
            }
        } else {
            width = None;
        }
    }
    assert!(tables >= 10, "{tables} tables");
    // No raw HTML and no bare ampersand.
    assert!(!md.contains('<'), "raw < in:\n{md}");
    assert!(
        md.match_indices('&').all(|(i, _)| ["&amp;", "&lt;", "&gt;"]
            .iter()
            .any(|e| md[i..].starts_with(e))),
        "bare & in the Markdown"
    );
    // The names read back as written.
    let picks = records(&md, "## Tile pick list");
    assert_eq!(get(&picks[0], "tile"), "C|4*<b>&_`x`");
    assert_eq!(get(&picks[3], "tile"), "H|**");
    let monsters = records(&md, "### Monster Pool");
    assert_eq!(get(&monsters[0], "figure"), "Rat | *King* <script>&amp;");
    assert_eq!(get(&monsters[0], "abilities"), "Sneak | Attack");
    let furn = records(&md, "### Furnishings");
    assert_eq!(get(&furn[0], "furnishing"), "altar | <two> & *candles*");
    let log = records(&md, "## Setup dice log");
    assert_eq!(get(&log[0], "purpose"), "a | b <c> & `d`");
    assert!(md.contains("- **Tile set:** Tiles \\| &amp; &lt;Co&gt; \\*bold\\*\n"));
    // The diagram heading escapes the id too, and its block is still the grid.
    assert_eq!(
        code_block_after(&md, "### Step 1: C\\|4\\*&lt;b&gt;&amp;\\_\\`x\\`"),
        grid_in(&s, 0)
    );
}

#[test]
fn the_sheet_struct_matches_the_scenario() {
    let s = scenario(42, 2);
    let sheet = setup_sheet(&s);
    assert_eq!(sheet.tiles.len(), s.tiles.len());
    assert_eq!(sheet.chests.len(), s.game.chests.len());
    assert_eq!(sheet.wmts.len(), s.game.wmts.len());
    assert_eq!(sheet.markers.len(), s.game.markers.len());
    assert_eq!(sheet.log, s.log);
    assert_eq!(sheet.turn_limit, None);
    for (i, t) in sheet.tiles.iter().enumerate() {
        assert_eq!(t.diagram, grid_in(&s, i));
        assert_eq!(t.at.table.x - t.at.square.x, s.table_offset.x);
        assert_eq!(t.at.table.y - t.at.square.y, s.table_offset.y);
    }
}

// --- PDF ---------------------------------------------------------------------

#[test]
fn pdf_is_exactly_letter_or_a4_on_every_page() {
    for (sets, seed) in [(1, 1), (4, 42)] {
        let s = scenario(seed, sets);
        for (paper, w, h) in [(Paper::Letter, 612.0, 792.0), (Paper::A4, 595.276, 841.89)] {
            let print = PrintOptions {
                paper,
                ..PrintOptions::default()
            };
            let pdf = setup_pdf(&s, &print).unwrap();
            let (pages, sizes) = pdfread::info(&pdf);
            assert!(pages >= 1);
            if sets == 4 {
                assert!(pages >= 2, "the 4-set dice log runs over pages");
            }
            assert_eq!(sizes.len(), pages, "a size line per page");
            for (pw, ph) in sizes {
                assert!(
                    (pw - w).abs() < 0.01 && (ph - h).abs() < 0.01,
                    "{paper:?} page is {pw} × {ph}"
                );
            }
        }
    }
}

#[test]
fn pdf_text_has_tile_ids_chests_guardian_seed_and_page_numbers() {
    for s in [scenario(7, 2), scenario(2, 4)] {
        let pdf = setup_pdf(&s, &PrintOptions::default()).unwrap();
        let (pages, _) = pdfread::info(&pdf);
        let per_page = pdfread::text(&pdf);
        let text = per_page.concat();
        for t in &s.tiles {
            assert!(text.contains(&t.id), "tile {} missing", t.id);
        }
        for needle in ["Quest Chest", "Guardian", "no turn limit", "Monster Pool"] {
            assert!(text.contains(needle), "{needle} missing");
        }
        // Every page has its number and the seed.
        assert_eq!(per_page.len(), pages);
        for (i, page) in per_page.iter().enumerate() {
            assert!(
                page.contains(&format!("page {} of {pages}", i + 1)),
                "page {}",
                i + 1
            );
            assert!(
                page.contains(&format!("seed {}", s.seed)),
                "seed on page {}",
                i + 1
            );
        }
        // The last roll of the log is printed.
        let last = s.log.last().unwrap();
        let words: Vec<&str> = last.purpose.split_whitespace().take(3).collect();
        assert!(text.contains(&words.join(" ")), "{:?}", last.purpose);
    }
}

#[test]
fn pdf_draws_user_names_as_plain_text() {
    let s = hostile();
    let pdf = setup_pdf(&s, &PrintOptions::default()).unwrap();
    let text = pdfread::text(&pdf).concat();
    for name in ["C|4*<b>&_`x`", "H|**", "Rat | *King* <script>&amp;"] {
        assert!(text.contains(name), "{name} missing from:\n{text}");
    }
}

#[test]
fn pdf_same_scenario_same_bytes() {
    let s = scenario(7, 2);
    for paper in [Paper::Letter, Paper::A4] {
        let print = PrintOptions {
            paper,
            ..PrintOptions::default()
        };
        let a = setup_pdf(&s, &print).unwrap();
        let b = setup_pdf(&s.clone(), &print).unwrap();
        assert_eq!(a, b);
    }
    // And a different scenario gives a different sheet.
    assert_ne!(
        setup_pdf(&s, &PrintOptions::default()).unwrap(),
        setup_pdf(&scenario(8, 2), &PrintOptions::default()).unwrap()
    );
}

#[test]
fn pdf_is_tagged_with_headings_paragraphs_tables_and_described_diagrams() {
    let s = scenario(2, 4);
    let pdf = setup_pdf(&s, &PrintOptions::default()).unwrap();
    let (lang, root) = pdfread::structure(&pdf).expect("setup.pdf has a structure tree");
    assert_eq!(lang.as_deref(), Some("en"));
    // krilla's Document element holds the sheet, title first.
    assert_eq!(root.kinds(), ["Document"]);
    let doc = &root.children[0];
    assert_eq!(doc.children[0].kind, "H1");
    let all = doc.all();
    let count = |k: &str| all.iter().filter(|e| e.kind == k).count();
    assert!(count("H2") >= 5, "{:?}", doc.kinds());
    assert!(count("P") >= 10);
    // Every table's first row holds its header cells, every other row data
    // cells, and each holds content or a figure.
    let tables: Vec<&&pdfread::Elem> = all.iter().filter(|e| e.kind == "Table").collect();
    assert!(tables.len() >= 5, "{} tables", tables.len());
    for t in &tables {
        assert!(t.children.iter().all(|r| r.kind == "TR"), "{:?}", t.kinds());
        let (head, body) = t.children.split_first().expect("a table has rows");
        assert!(!head.children.is_empty());
        assert!(
            head.children
                .iter()
                .all(|c| c.kind == "TH" && c.content > 0)
        );
        assert!(!body.is_empty(), "a table has data rows");
        for row in body {
            assert!(row.children.iter().all(|c| c.kind == "TD"));
            assert!(
                row.children
                    .iter()
                    .all(|c| c.content > 0 || c.kinds() == ["Figure"])
            );
        }
    }
    // A table split over pages has its header row once: the one drawn
    // again on the next page is furniture.
    let ths: usize = tables.iter().map(|t| t.children[0].children.len()).sum();
    assert_eq!(ths, count("TH"));
    // Each tile of the pick list has its diagram, described in words.
    let diagrams: Vec<&str> = all
        .iter()
        .filter(|e| e.kind == "Figure")
        .filter_map(|e| e.alt.as_deref())
        .filter(|a| a.starts_with("tile diagram"))
        .collect();
    assert_eq!(diagrams.len(), s.tiles.len());
    assert!(
        diagrams
            .iter()
            .all(|a| a.contains(" by ") && a.contains("floor"))
    );
}
