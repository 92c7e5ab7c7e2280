//! A game master's hand edits of an MKD Adventure scenario (a user's audit
//! of the forty-eighth session): each edit that breaks what setup
//! guarantees (markers on clear floor, one piece to a square, the Quest
//! Chest in the Central Chamber facing into it, the connections the tiles
//! make, the Central Chamber's depth, names of a line's length) is
//! refused with one line naming the key, through the library and the binary; and the markers a scenario
//! holds are terrain in play.

use crate::common::{self, Run, one_error_line};
use crate::hostile::good_scenario_model;
use std::path::Path;
use std::time::Duration;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario::{Marker, MarkerKind, Scenario, from_yaml, to_yaml};
use tilecrawl::tileset::{self, Cell, Side};

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], Duration::from_secs(60))
}

/// The first square of the grid with cell `c` on tile `t` (any tile if
/// `None`), row by row.
fn square(s: &Scenario, c: Cell, t: Option<usize>) -> (i32, i32) {
    (0..s.size.height as i32)
        .flat_map(|y| (0..s.size.width as i32).map(move |x| (x, y)))
        .find(|&(x, y)| s.cell(x, y) == c && t.is_none_or(|t| s.tiles[t].covers(x, y)))
        .expect("such a square")
}

/// Each case: what the edit breaks, the edit, words the error must hold.
type Edit = Box<dyn Fn(&mut Scenario)>;

fn cases() -> Vec<(&'static str, Edit, Vec<&'static str>)> {
    let marker = |(x, y): (i32, i32)| Marker {
        kind: MarkerKind::Water,
        x,
        y,
    };
    vec![
        (
            "a marker on a wall",
            Box::new(move |m: &mut Scenario| {
                let at = square(m, Cell::Wall, None);
                m.game.markers.push(marker(at));
            }),
            vec!["markers[0]", "is wall; a marker goes on clear floor"],
        ),
        (
            "two markers on one square",
            Box::new(move |m: &mut Scenario| {
                let at = square(m, Cell::Floor, None);
                m.game.markers.push(marker(at));
                m.game.markers.push(marker(at));
            }),
            vec![
                "markers[1]",
                "already holds markers[0]; one marker to a square",
            ],
        ),
        (
            "a token on the Quest Chest",
            Box::new(|m: &mut Scenario| {
                let c = m.game.chests[0].clone();
                m.game.wmts[0].x = c.x;
                m.game.wmts[0].y = c.y;
                m.game.wmts[0].tile = c.tile;
            }),
            vec!["wmts[0]", "already holds chests[0]; one piece to a square"],
        ),
        (
            "the Central Chamber moved off the Quest Chest",
            Box::new(|m: &mut Scenario| {
                // Another chamber as deep, so only the chest is wrong: the
                // depth follows the move.
                let cc = m.central_chamber.tile;
                let other = (0..m.tiles.len())
                    .find(|&t| t != cc && m.tiles[t].kind == tileset::TileKind::Chamber)
                    .unwrap();
                let d = steps(m, other);
                m.central_chamber.tile = other;
                m.central_chamber.depth = d;
            }),
            vec![
                "chests[0]",
                "is the Quest Chest on tile",
                "expected the Central Chamber",
            ],
        ),
        (
            "the Quest Chest facing a wall",
            Box::new(|m: &mut Scenario| {
                let c = &m.game.chests[0];
                let facing = Side::ALL
                    .into_iter()
                    .find(|s| {
                        let (dx, dy) = s.delta();
                        !m.cell(c.x + dx, c.y + dy).passable()
                    })
                    .expect("a wall beside the chest");
                m.game.chests[0].facing = facing;
            }),
            vec![
                "chests[0]",
                "a Quest Chest's front square is a walkable square of the Central Chamber",
            ],
        ),
        (
            "a connection listed twice",
            Box::new(|m: &mut Scenario| {
                let [a, b] = m.connections[0];
                m.connections.push([b, a]);
            }),
            vec!["connections[", "is listed already, as connections[0]"],
        ),
        (
            "a connection between tiles that do not touch",
            Box::new(|m: &mut Scenario| {
                let n = m.tiles.len();
                let pair = (0..n)
                    .flat_map(|a| (a + 1..n).map(move |b| [a, b]))
                    .find(|p| !m.connections.iter().any(|c| c == p || [c[1], c[0]] == *p))
                    .unwrap();
                m.connections.push(pair);
            }),
            vec![
                "connections[",
                "but no walkable square of one lies beside one of the other",
            ],
        ),
        (
            "a connection left out",
            Box::new(|m: &mut Scenario| {
                m.connections.pop();
            }),
            vec!["connections", "does not list [", "touch (squares "],
        ),
        (
            "more sets than the tiles laid",
            Box::new(|m: &mut Scenario| m.game.params.sets = 99),
            vec![
                "params.sets",
                "is 99, but the dungeon lays 10 tiles; at 5 tiles a set that is 2 sets",
            ],
        ),
        (
            "a generator of 20,000 characters",
            Box::new(|m: &mut Scenario| m.generator = "x".repeat(20_000)),
            vec![
                "generator",
                "is 20000 characters; expected 1 to 100 on one line",
            ],
        ),
        (
            "a monster name of 20,000 characters",
            Box::new(|m: &mut Scenario| {
                std::sync::Arc::make_mut(&mut m.game.pools.monsters)[0].name = "x".repeat(20_000);
            }),
            vec![
                "pools.monsters[0]",
                "is 20000 characters; expected 1 to 64 printable characters",
            ],
        ),
        (
            "the Central Chamber's depth changed",
            Box::new(|m: &mut Scenario| m.central_chamber.depth = 99),
            vec![
                "central_chamber",
                "depth is 99; tile",
                "tiles from the entrance along the connections",
            ],
        ),
    ]
}

/// Steps from the entrance tile to tile `t` along the connections.
fn steps(s: &Scenario, t: usize) -> u32 {
    let mut depth = vec![None; s.tiles.len()];
    depth[s.entrance.tile] = Some(0);
    let mut queue = std::collections::VecDeque::from([s.entrance.tile]);
    while let Some(u) = queue.pop_front() {
        for c in &s.connections {
            for (a, b) in [(c[0], c[1]), (c[1], c[0])] {
                if a == u && depth[b].is_none() {
                    depth[b] = depth[u].map(|d: u32| d + 1);
                    queue.push_back(b);
                }
            }
        }
    }
    depth[t].expect("joined")
}

#[test]
fn every_broken_guarantee_is_refused_by_name_in_the_library() {
    let good = good_scenario_model();
    assert!(from_yaml(&to_yaml(&good), "scenario.yaml").is_ok());
    for (what, edit, needles) in cases() {
        let mut m = good.clone();
        edit(&mut m);
        let line = from_yaml(&to_yaml(&m), "scenario.yaml")
            .err()
            .unwrap_or_else(|| panic!("{what}: accepted"))
            .to_string();
        for n in &needles {
            assert!(line.contains(n), "{what}: {line:?} lacks {n:?}");
        }
    }
}

#[test]
fn the_binary_refuses_a_hand_edit_with_one_error_line_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let good = good_scenario_model();
    for (i, (what, edit, needles)) in cases().into_iter().enumerate().step_by(3) {
        let mut m = good.clone();
        edit(&mut m);
        let file = tmp.path().join(format!("case-{i}.yaml"));
        std::fs::write(&file, to_yaml(&m)).unwrap();
        let out = tmp.path().join(format!("out-{i}"));
        let r = run(
            tmp.path(),
            &[
                "render",
                file.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ],
        );
        let mut needles = needles;
        needles.push("case-");
        if let Err(e) = one_error_line(&r, &needles) {
            panic!("{what}: {e}");
        }
        assert!(!out.exists(), "{what}: wrote {}", out.display());
    }
}

/// The hindering and water markers of `--markers` slow the heroes in play
/// as the map shows them (before, play read the grid alone): seed 32 lays
/// a hindering marker on the entrance square 17,0, so the walk in to 17,4
/// costs 6 of a speed of 5.
#[test]
fn the_markers_of_a_scenario_are_terrain_in_play() {
    let params = GenerateParams {
        seed: 32,
        markers: true,
        ..GenerateParams::default()
    };
    let s = generate(&tileset::default_tileset(), &params).unwrap();
    assert!(
        s.game
            .markers
            .iter()
            .any(|m| (m.kind, m.x, m.y) == (MarkerKind::Hindering, 17, 0)),
        "{:?}",
        s.game.markers
    );
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("scenario.yaml");
    std::fs::write(&file, to_yaml(&s)).unwrap();
    let script = tmp.path().join("moves.txt");
    std::fs::write(&script, "Kestrel moves to 17,4\nmap\n").unwrap();
    let r = run(
        tmp.path(),
        &[
            "play",
            file.to_str().unwrap(),
            "--script",
            script.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, Some(0), "{r:#?}");
    assert!(
        r.stdout
            .contains("Kestrel has 5 speed points left this activation; the walk to 17,4 costs 6"),
        "{}",
        r.stdout
    );
    // The play map shows every marker's terrain: water as `~`.
    let rows: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("> map"))
        .collect();
    let piece_at = |x: i32, y: i32| {
        s.game.chests.iter().any(|c| (c.x, c.y) == (x, y))
            || s.game.wmts.iter().any(|w| (w.x, w.y) == (x, y))
            || s.entrance.squares().any(|p| (p.x, p.y) == (x, y))
    };
    let water = s
        .game
        .markers
        .iter()
        .filter(|m| m.kind == MarkerKind::Water && !piece_at(m.x, m.y));
    let mut seen = 0;
    for m in water {
        seen += 1;
        let row = rows
            .iter()
            .find(|l| l.get(..4).and_then(|h| h.trim().parse::<i32>().ok()) == Some(m.y))
            .unwrap_or_else(|| panic!("row {} of the map", m.y));
        assert_eq!(
            row.chars().nth(4 + m.x as usize),
            Some('~'),
            "water marker at {},{}: {row:?}",
            m.x,
            m.y
        );
    }
    assert!(seen > 0, "no water marker in sight");
}
