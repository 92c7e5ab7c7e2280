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
