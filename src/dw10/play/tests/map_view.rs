//! The text `map` (a user's audit): every figure its own mark, doors
//! drawn, every mark in the key, rulers with the tens.

use super::*;

/// Twelve columns, so the rulers need a tens row; a door on 4,2's east
/// edge.
const HALL: &str = "
############
#..........#
#..........#
#..........#
############";

#[test]
fn the_map_marks_each_figure_apart_draws_doors_and_keys_every_mark() {
    let mut tele = Feature::new(FeatureKind::Teleporter, 1, 3);
    tele.active = Some(true);
    let mut k = kit(
        HALL,
        vec![
            door_e(4, 2),
            trap_at(6, 1),
            Feature::new(FeatureKind::Chest, 7, 1),
            tele,
            Feature::new(FeatureKind::Coffin, 10, 3),
        ],
        &[
            ("Tracker", (1, 1)),
            ("Swift Healer", (2, 1)),
            ("Field Medic", (3, 1)),
            ("Wood Elf", (4, 1)),
        ],
        &[("Orc", (8, 2)), ("Orc", (9, 2))],
    );
    // The audit's party: two names begin with B, and T and V are
    // counters' marks.
    for (h, name) in ["Bram", "Brannoc", "Tess", "Vel"].iter().enumerate() {
        k.s.heroes[h].body.name = name.to_string();
    }
    let map = text_map::ascii_map(&k.s, &k.map);
    let text = map.join("\n");
    assert_eq!(map[0], "    0         1", "{text}");
    assert_eq!(map[1], "    012345678901", "{text}");
    assert_eq!(map[3], "  1 #BREA.?c...#", "{text}");
    assert_eq!(map[4], "  2 #...+...or.#", "{text}");
    assert_eq!(map[5], "  3 #T........V#", "{text}");
    let line = |head: &str| {
        map.iter()
            .find(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no `{head}` line in:\n{text}"))
            .as_str()
    };
    assert_eq!(
        line("heroes: "),
        "heroes: B Bram at 1,1; R Brannoc at 2,1; E Tess at 3,1; A Vel at 4,1"
    );
    assert_eq!(
        line("monsters: "),
        "monsters: o Orc 1 at 8,2; r Orc 2 at 9,2"
    );
    assert_eq!(line("doors "), "doors (square and edge): 4,2 E shut");
    // Every mark but a figure's is in the key.
    let key = line("key: ");
    let figures = "BRAEor";
    for row in &map[2..6] {
        for c in row[4..].chars().filter(|c| !figures.contains(*c)) {
            assert!(key.contains(&format!("{c} ")), "`{c}` is not in {key}");
        }
    }
    // An open door is drawn so.
    k.s.open[0] = true;
    let map = text_map::ascii_map(&k.s, &k.map);
    assert_eq!(map[4], "  2 #.../...or.#");
    assert!(
        map.iter()
            .any(|l| l == "doors (square and edge): 4,2 E open")
    );
}

/// A shut door on the edge of a piece not revealed yet is seen from the
/// revealed piece beside it (a user's audit: seed 7's green door beside
/// Brannoc was missing). It is drawn on the revealed square across its
/// edge, listed by its own square and edge (as the transcript and Hold
/// Portal name it), and named under the hero who stands by it; a door
/// between two pieces not revealed stays unseen.
#[test]
fn a_shut_door_on_the_edge_of_an_unrevealed_piece_is_seen_from_the_revealed_one() {
    // Piece 0 is x 0-5, piece 1 x 6-11; a door on 5,2's east edge
    // belongs to piece 0's square, the hero stands across it on 6,2.
    let mut k = kit(HALL, vec![door_e(5, 2)], &[("Tracker", (7, 1))], &[]);
    let w = k.map.board.width;
    for y in 0..k.map.board.height {
        for x in 0..w {
            k.map.tile_of[(y * w + x) as usize] = Some(u32::from(x >= 6));
        }
    }
    k.map.tiles = 2;
    k.s.revealed = vec![false, true];
    let map = text_map::ascii_map(&k.s, &k.map);
    let text = map.join("\n");
    // Piece 0 is blank; the door is drawn on 6,2, its west edge.
    assert_eq!(map[3], "  1       .R...#", "{text}");
    assert_eq!(map[4], "  2       +....#", "{text}");
    assert!(
        map.iter()
            .any(|l| l == "doors (square and edge): 5,2 E shut"),
        "{text}"
    );
    let key = map.iter().find(|l| l.starts_with("key: ")).unwrap();
    assert!(key.contains("+ a shut door"), "{key}");
    // A hero on 6,2 stands by it: its west edge.
    k.s.heroes[0].body.at = Some((6, 2));
    let map = text_map::ascii_map(&k.s, &k.map);
    assert!(
        map.iter()
            .any(|l| l.ends_with("at 6,2 (on a shut door on its W edge)")),
        "{map:#?}"
    );
    // Neither piece revealed: nothing of the door is shown.
    k.s.revealed = vec![false, false];
    let map = text_map::ascii_map(&k.s, &k.map);
    assert!(!map.iter().any(|l| l.starts_with("doors ")), "{map:#?}");
}
