//! Layout tests on small ASCII fixtures.

use super::*;
use crate::tileset::{Face, TileDef, TileSet};

fn def(id: &str, kind: TileKind, front: &str, back: Option<&str>) -> TileDef {
    TileDef::new(
        id.into(),
        kind,
        1,
        Face::from_ascii(front),
        back.map(Face::from_ascii),
    )
}

const CROSS: &str = "##.##\n#...#\n.....\n#...#\n##.##";
const HALL: &str = "#.#\n#.#\n#.#\n#.#\n#.#";

fn placed(ts: &TileSet, def_index: usize, x: i32, y: i32, rotation: u32) -> LaidTile {
    let d = &ts.tiles[def_index];
    LaidTile {
        def: def_index,
        id: d.shared_id().clone(),
        kind: d.kind,
        face: FaceSide::Front,
        rotation,
        x,
        y,
        cells: Arc::new(d.front.rotated(rotation)),
        parent: None,
    }
}

fn small_set() -> TileSet {
    TileSet {
        name: "fixture".into(),
        square_mm: 25.4,
        tiles: vec![
            def("C1", TileKind::Chamber, CROSS, None),
            def("H1", TileKind::Hallway, HALL, None),
        ],
    }
}

#[test]
fn a_hallway_is_laid_centred_on_a_chamber_exit() {
    // ##.##
    // #...#
    // .....HHHHH   the hallway, turned 90°, continues the east exit
    // #...#
    // ##.##
    let ts = small_set();
    let table = Table {
        width: 30,
        height: 30,
    };
    let chamber = placed(&ts, 0, 10, 10, 0);
    let mut occ = Occupancy::new(table);
    occ.set(&chamber, 0);
    let tiles = vec![chamber];
    let exits = open_exits(&tiles, &occ, 3);
    assert_eq!(exits.len(), 4, "four free entryways: {exits:?}");
    let east = exits.iter().find(|e| e.entryway.side == Side::E).unwrap();
    let hall = ts.tiles[1].front.rotated(90);
    let pos = place_at_exit(&tiles, &occ, east, &hall, -1, &mut Vec::new());
    assert_eq!(
        pos,
        Some((15, 11)),
        "touching the east edge, centred on row 12"
    );
    // Unturned, the hallway has no west entryway and cannot connect there.
    assert_eq!(
        place_at_exit(&tiles, &occ, east, &ts.tiles[1].front, -1, &mut Vec::new()),
        None
    );
}

#[test]
fn exits_too_near_the_table_edge_or_already_joined_are_not_open() {
    let ts = small_set();
    let table = Table {
        width: 8,
        height: 30,
    };
    // The chamber touches the west edge of a narrow table: no room west, 3 squares east.
    let chamber = placed(&ts, 0, 0, 10, 0);
    let mut occ = Occupancy::new(table);
    occ.set(&chamber, 0);
    let mut tiles = vec![chamber];
    let sides: Vec<Side> = open_exits(&tiles, &occ, 3)
        .iter()
        .map(|e| e.entryway.side)
        .collect();
    assert_eq!(sides, vec![Side::N, Side::E, Side::S]);
    // With a hallway joined to the north exit, that exit is no longer open.
    let hall = placed(&ts, 1, 1, 5, 0);
    occ.set(&hall, 1);
    tiles.push(hall);
    let open: Vec<(usize, Side)> = open_exits(&tiles, &occ, 3)
        .iter()
        .map(|e| (e.tile, e.entryway.side))
        .collect();
    assert!(!open.contains(&(0, Side::N)), "{open:?}");
    assert!(open.contains(&(1, Side::N)), "{open:?}");
}

#[test]
fn the_stack_has_five_tiles_per_set_favours_hallways_and_ends_in_one() {
    let ts = crate::tileset::default_tileset();
    for seed in 0..50 {
        for sets in 1..=4 {
            let mut dice = Dice::for_stage(seed, "layout");
            let stack = dungeon_stack(&ts, sets, &mut dice);
            assert_eq!(stack.len() as u32, 5 * sets);
            assert_eq!(stack.last().unwrap().kind, TileKind::Hallway);
            let halls = stack.iter().filter(|t| t.kind == TileKind::Hallway).count() as u32;
            // The default set has 8 hallways: two per set while they last.
            assert_eq!(halls, (2 * sets).min(8), "seed {seed}, {sets} sets");
            assert!(
                stack
                    .iter()
                    .all(|t| [0, 90, 180, 270].contains(&t.rotation))
            );
            // No physical tile is drawn twice (every default tile has one copy).
            let mut ids: Vec<&str> = stack.iter().map(|t| t.id.as_ref()).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len() as u32, 5 * sets);
            // Every draw, rotation and face roll is in the log.
            assert!(
                dice.log()
                    .iter()
                    .any(|l| l.purpose.starts_with("set 1: draw a hallway"))
            );
            assert_eq!(
                dice.log()
                    .iter()
                    .filter(|l| l.purpose.starts_with("rotation of"))
                    .count() as u32,
                5 * sets
            );
        }
    }
}

#[test]
fn a_tile_that_only_fits_flipped_is_flipped() {
    // The hallway's front is closed to the west and east; only its back,
    // turned, has an opening facing the chamber's only (east) exit.
    let ts = TileSet {
        name: "fixture".into(),
        square_mm: 25.4,
        tiles: vec![
            def(
                "C1",
                TileKind::Chamber,
                "#####\n#...#\n#....\n#...#\n#####",
                None,
            ),
            def(
                "H1",
                TileKind::Hallway,
                "###\n#.#\n#.#\n#.#\n#.#",
                Some("###\n...\n###"),
            ),
        ],
    };
    // Faces of different size are refused by the loader, but the layout only
    // needs each face to be consistent with itself.
    let stack = vec![
        StackTile {
            def: 0,
            id: "C1".into(),
            kind: TileKind::Chamber,
            face: FaceSide::Front,
            rotation: 0,
        },
        StackTile {
            def: 1,
            id: "H1".into(),
            kind: TileKind::Hallway,
            face: FaceSide::Front,
            rotation: 0,
        },
    ];
    let params = LayoutParams {
        sets: 1,
        table: Table {
            width: 30,
            height: 30,
        },
        exit_dice: ExitDice::Fair,
    };
    let mut dice = Dice::for_stage(1, "layout");
    let layout = build(&ts, &params, &stack, &mut dice).expect("laid");
    let h = &layout.tiles[1];
    assert_eq!(h.face, FaceSide::Back);
    assert_eq!((h.x, h.y), (layout.tiles[0].x + 5, layout.tiles[0].y + 1));
    assert!(
        dice.log().iter().any(|l| l.purpose.contains("flipped")),
        "{:?}",
        dice.log()
    );
    // The entrance is the hallway's free east end.
    assert_eq!(layout.entrance.tile, 1);
    assert_eq!(layout.entrance.entryway.side, Side::E);
    assert_eq!(layout.connections(), vec![[0, 1]]);
    assert!(layout.dead_ends().is_empty());
}

#[test]
fn a_tile_that_cannot_connect_anywhere_is_reported_not_retried_forever() {
    // ##.##    The chamber's one exit is north. The hallway has a single
    // #...#    entryway, so once it is joined to that exit no free entryway
    // #####    is left for the dungeon entrance: the attempt is stuck, and
    //          says which tile and why instead of looping.
    let ts = TileSet {
        name: "fixture".into(),
        square_mm: 25.4,
        tiles: vec![
            def("C1", TileKind::Chamber, "##.##\n#...#\n#####", None),
            def("H1", TileKind::Hallway, "#.#\n###", None),
        ],
    };
    let stack = vec![
        StackTile {
            def: 0,
            id: "C1".into(),
            kind: TileKind::Chamber,
            face: FaceSide::Front,
            rotation: 0,
        },
        StackTile {
            def: 1,
            id: "H1".into(),
            kind: TileKind::Hallway,
            face: FaceSide::Front,
            rotation: 0,
        },
    ];
    let params = LayoutParams {
        sets: 1,
        table: Table {
            width: 20,
            height: 20,
        },
        exit_dice: ExitDice::Fair,
    };
    let mut dice = Dice::for_stage(1, "layout");
    let err = build(&ts, &params, &stack, &mut dice).unwrap_err();
    match err {
        LayoutError::Stuck { tile, position, .. } => {
            assert_eq!(tile, "H1");
            assert_eq!(position, 2);
        }
        e => panic!("unexpected {e}"),
    }
}

#[test]
fn requests_the_tile_set_cannot_meet_are_refused_up_front() {
    let ts = crate::tileset::default_tileset();
    let p = |sets| LayoutParams {
        sets,
        ..LayoutParams::default()
    };
    // 24 tiles (8 hallways, 16 chambers) make 4 sets of 5.
    let e = check_request(&ts, &p(5)).unwrap_err().to_string();
    assert!(
        e.contains("enough for 4 set(s)") && e.contains("--sets 4"),
        "{e}"
    );
    assert!(check_request(&ts, &p(0)).is_err());
    assert!(check_request(&ts, &p(4)).is_ok());
    let tiny = LayoutParams {
        table: Table {
            width: 5,
            height: 5,
        },
        ..LayoutParams::default()
    };
    assert!(
        check_request(&ts, &tiny)
            .unwrap_err()
            .to_string()
            .contains("larger --table")
    );
}

#[test]
fn tabletop_exit_dice_roll_several_d6_for_many_exits() {
    let ts = crate::tileset::default_tileset();
    let params = LayoutParams {
        sets: 4,
        table: Table::default(),
        exit_dice: ExitDice::Tabletop,
    };
    let mut found_multi = false;
    for seed in 0..20 {
        let mut dice = Dice::for_stage(seed, "layout");
        let stack = dungeon_stack(&ts, 4, &mut dice);
        if build(&ts, &params, &stack, &mut dice).is_ok() {
            for l in dice
                .log()
                .iter()
                .filter(|l| l.purpose.starts_with("exit for"))
            {
                let n: usize = l
                    .purpose
                    .rsplit(": ")
                    .next()
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert_eq!(l.roll, format!("{}d6", n.div_ceil(6)), "{l:?}");
                found_multi |= n > 6;
            }
        }
    }
    assert!(found_multi, "some exit roll should need 2d6 or more");
}
