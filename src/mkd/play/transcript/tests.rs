use super::views::HELP_HINT;
use super::*;
use crate::mkd::play::command;
use crate::mkd::play::engine::{CombatMode, Game, GameOptions};
use crate::mkd::play::testkit::*;
use proptest::prelude::*;
use std::sync::Arc;

#[test]
fn the_intro_names_the_dungeon_the_heroes_and_whose_turn_it_is() {
    let g = game(&[]);
    assert_eq!(
        g.intro(),
        [
            "tilecrawl play: scenario seed 1, 3 tiles, Central Chamber C2; play dice seed 1; manual combat",
            "entrance at 0,3 to 0,4 (west side of C1); heroes wait outside: Ann (Ayla, Borin)",
            "type `help` for the commands, `status` for where everyone stands, `map` for the board",
            "== turn 1: Ann's heroes ==",
        ]
    );
}

#[test]
fn quiet_play_leaves_out_the_opening_lines_only() {
    let g = mission_game(CombatMode::Manual, "rescue", &[]);
    let mut lines = g.intro();
    lines.push("> status".into());
    lines.push(HELP_HINT.into());
    let quiet = without_opening(&lines);
    assert!(!quiet.iter().any(|l| l.starts_with("tilecrawl play: ")));
    assert!(!quiet.iter().any(|l| l.starts_with("entrance at ")));
    // The mission line and the banner are the game's.
    assert!(quiet[0].starts_with("mission: rescue"), "{quiet:?}");
    assert_eq!(quiet[1], "== turn 1: Ann's heroes ==");
    // After the first command nothing is left out.
    assert_eq!(quiet[2..], ["> status".to_string(), HELP_HINT.to_string()]);
    assert_eq!(lines.len(), quiet.len() + 3);
}

#[test]
fn status_and_map_show_the_state() {
    let mut g = game(&[]);
    put_hero(&mut g, 0, p(2, 2), crate::tileset::Side::N);
    add_monster(&mut g, "orc-1", 20, p(4, 4), &[]);
    let s = status(&g);
    assert_eq!(
        s,
        [
            "turn 1; Ann's heroes act; experience pool 0 (0 spent); chest pool [1]; WMT pool 1 token(s)",
            "hero Ayla (Ann): on 2,2, wounds 0/4, speed 5 of 5 left, to act",
            "hero Borin (Ann): outside, wounds 0/4, speed 5 of 5 left, to act",
            "monster orc-1 (20 pts) on 4,4 facing north, wounds 0/2",
            "chest-1 (level 1): on 22,7",
        ]
    );
    let m = ascii_map(&g);
    assert_eq!(m[0], "    0         1         2");
    assert_eq!(m[2], "  0 ........########........");
    assert_eq!(m[4], "  2 ..A.....########........");
    assert_eq!(m[5], "  3 E.......................");
    assert_eq!(m[6], "  4 E...o...########........");
    assert_eq!(m[9], "  7 ........########......$.");
    // Only the marks the grid shows: no token, door or marker is on it.
    assert_eq!(m[10], "key: $ chest; E entrance");
    assert_eq!(m[11], "ground: . floor; # wall");
    assert_eq!(m[12], "heroes: A Ayla");
    assert_eq!(m[13], "monsters: o orc-1");
}

#[test]
fn help_lists_the_commands_and_the_missions_where_they_apply() {
    let g = game(&[]);
    let plain = print(
        &g,
        &[Event::Help {
            missions: false,
            stairs: false,
        }],
    );
    // Manual combat and no teleporter or vortex laid yet: the lines for
    // dice combat, teleporting and the vortex are left out (a user's
    // audit), the rest is the text as written.
    let left_out = [
        " teleports ",
        " uses vortex ",
        "(dice combat)",
        "dice combat:",
    ];
    assert_eq!(
        plain.len(),
        command::HELP.lines().count() - left_out.len(),
        "{plain:#?}"
    );
    for gone in left_out {
        assert!(!plain.iter().any(|l| l.contains(gone)), "{gone}");
    }
    assert!(plain.iter().any(|l| l.contains("report combat (manual)")));
    // The test party is Ayla and Borin of Ann: the text as written,
    // but Bob is Ann.
    assert_eq!(plain[1], command::HELP.lines().nth(1).unwrap());
    assert!(plain.iter().any(|l| l.starts_with("  first Ann ")));
    let with_stairs = print(
        &g,
        &[Event::Help {
            missions: true,
            stairs: true,
        }],
    );
    // A plain quest has no mission lines.
    assert_eq!(with_stairs.len(), plain.len() + 1);
    assert_eq!(
        with_stairs.last().map(String::as_str),
        Some(command::HELP_STAIRS)
    );
}

/// A game of the test dungeon with a party of other names.
fn renamed(mission: &str) -> Game {
    let mut party = party();
    party.teams[0].player = "Kim".into();
    party.teams[0].heroes[0].name = "Kestrel".into();
    party.teams[0].heroes[1].name = "Marrow".into();
    Game::new(
        Arc::new(mission_scenario(mission, Vec::new())),
        Arc::new(party),
        Arc::new(crate::mkd::tables::default_tables()),
        GameOptions {
            seed: 1,
            combat: CombatMode::Manual,
        },
    )
}

#[test]
fn help_uses_the_party_s_names_and_only_the_game_s_mission() {
    let mut g = renamed("rescue");
    let help = g.apply("help").expect("help");
    let text = help.join("\n");
    for name in ["Ayla", "Borin", "Bob"] {
        assert!(!text.contains(name), "{name} in:\n{text}");
    }
    assert!(
        help.contains(
            &"  Kestrel moves to 12,7          walk there (from outside: enter by the entrance)"
                .to_string()
        ),
        "{text}"
    );
    assert!(text.contains("  Kestrel gives chest to Marrow"), "{text}");
    assert!(text.contains("  first Kim "), "{text}");
    // The rescue's lines, not the kidnapping's or the stealth's.
    assert!(text.contains("Kestrel frees prisoner"), "{text}");
    assert!(!text.contains("kidnapping"), "{text}");
    assert!(!text.contains("smash"), "{text}");
    // Manual combat: the reports, not dice combat's attack line.
    assert!(text.contains("report combat (manual)"), "{text}");
    assert!(!text.contains("(dice combat)"), "{text}");
    // Dice combat: the other way round, and stealth's `smash` (a report
    // of manual combat) is left out too.
    let mut g = Game::new(
        Arc::new(mission_scenario("stealth", Vec::new())),
        Arc::new(party()),
        Arc::new(crate::mkd::tables::default_tables()),
        GameOptions {
            seed: 1,
            combat: CombatMode::Dice,
        },
    );
    let text = g.apply("help").expect("help").join("\n");
    assert!(text.contains("(dice combat)"), "{text}");
    assert!(!text.contains("(manual)"), "{text}");
    assert!(!text.contains("smash"), "{text}");
    let kidnap = renamed("kidnapping")
        .apply("help")
        .expect("help")
        .join("\n");
    assert!(kidnap.contains("lead orc-2 out") && !kidnap.contains("frees prisoner"));
}

#[test]
fn the_opening_lines_point_to_help_and_map() {
    let g = game(&[]);
    assert!(
        g.intro()
            .iter()
            .any(|l| l.contains("`help`") && l.contains("`map`")),
        "{:?}",
        g.intro()
    );
}

#[test]
fn status_shows_speed_left_and_who_has_acted() {
    let mut g = game(&[]);
    g.visited.extend(0..3);
    put_hero(&mut g, 0, p(2, 2), crate::tileset::Side::N);
    put_hero(&mut g, 1, p(2, 4), crate::tileset::Side::N);
    g.apply("Ayla moves to 4,2").expect("a walk");
    let s = status(&g);
    assert!(s[0].contains("Ann's heroes act"), "{s:?}");
    assert_eq!(
        s[1],
        "hero Ayla (Ann): on 4,2, wounds 0/4, speed 3 of 5 left, acting"
    );
    assert_eq!(
        s[2],
        "hero Borin (Ann): on 2,4, wounds 0/4, speed 5 of 5 left, to act"
    );
    g.apply("Ayla passes").expect("a pass");
    let s = status(&g);
    assert_eq!(
        s[1],
        "hero Ayla (Ann): on 4,2, wounds 0/4, speed 3 of 5 left, done"
    );
    assert!(g.banner_line().contains("Ann's heroes"));
}

#[test]
fn the_map_gives_every_figure_its_own_mark_and_says_what_lies_under_it() {
    let mut g = game(&[]);
    put_hero(&mut g, 0, p(2, 2), crate::tileset::Side::N);
    // A hero named like the staircase's letter gets another capital.
    g.heroes[1].name = "Sella".into();
    put_hero(&mut g, 1, p(0, 4), crate::tileset::Side::N);
    let ghoul = add_monster(&mut g, "ghoul-1", 20, p(20, 2), &[]);
    g.monsters[ghoul].name = "Ghoul".into();
    let rat = add_monster(&mut g, "giant-rat-1", 20, p(22, 7), &[]);
    g.monsters[rat].name = "Giant Rat".into();
    let m = ascii_map(&g);
    let at = |x: usize, y: usize| m[2 + y].chars().nth(4 + x);
    assert_eq!(at(20, 2), Some('g'));
    // The rat stands on chest-1: another letter, the chest in the legend.
    assert_eq!(at(22, 7), Some('i'));
    // S and E are the staircase's and the entrance's: Sella is L.
    assert_eq!(at(0, 4), Some('L'), "{m:#?}");
    assert!(
        m.contains(&"heroes: A Ayla; L Sella (on the entrance)".to_string()),
        "{m:#?}"
    );
    assert!(
        m.contains(&"monsters: g ghoul-1; i giant-rat-1 (on chest-1)".to_string()),
        "{m:#?}"
    );
}

/// Every mark the grid draws, each a `mark name` entry of the key's, the
/// ground's or the figures' lines (a user's audit: `X , ~ #` were drawn but
/// not explained). The board holds every kind of ground, both kinds of
/// door, every marker, chest and token, the prisoner, heroes and monsters.
#[test]
fn the_key_explains_every_mark_the_map_draws() {
    use crate::mkd::play::board::{Door, PlayMarker};
    use crate::mkd::play::state::PlacedMarker;
    use crate::mkd::scenario::{Wmt, WmtColor};
    let token = |x, guardian| Wmt {
        x,
        y: 6,
        color: WmtColor::Yellow,
        number: 2,
        guardian,
        tile: 2,
    };
    let mut s = mission_scenario("rescue", vec![token(18, false), token(19, true)]);
    s.game.chests.push(crate::mkd::scenario::Chest {
        x: 21,
        y: 7,
        facing: crate::tileset::Side::N,
        level: 3,
        quest: true,
        tile: 2,
    });
    let mut g = game_of(s, CombatMode::Manual, &[]);
    put_hero(&mut g, 0, p(2, 2), crate::tileset::Side::N);
    add_monster(&mut g, "orc-1", 20, p(4, 4), &[]);
    for (k, &c) in crate::tileset::Cell::ALL.iter().enumerate() {
        g.board_mut().set_cell(p(k as i32, 6), c);
    }
    for (k, kind) in [
        PlayMarker::Teleporter,
        PlayMarker::Vortex,
        PlayMarker::Staircase,
    ]
    .into_iter()
    .enumerate()
    {
        g.markers.push(PlacedMarker {
            kind,
            pos: p(17 + k as i32, 1),
            tile: 2,
        });
    }
    for (x, open) in [(1, false), (4, true)] {
        g.board_mut().doors.push(Door {
            edges: vec![[p(x, 0), p(x, 1)]],
            open,
            trap: crate::mkd::play::board::DoorTrap::Unchecked,
        });
    }
    let m = ascii_map(&g);
    let explained: Vec<char> = m
        .iter()
        .filter_map(|l| {
            ["key: ", "ground: ", "heroes: ", "monsters: "]
                .iter()
                .find_map(|k| l.strip_prefix(k))
        })
        .flat_map(|l| l.split("; "))
        .map(|entry| {
            let mut c = entry.chars();
            let mark = c.next().expect("an entry");
            assert_eq!(c.next(), Some(' '), "{entry:?} in {m:#?}");
            mark
        })
        .collect();
    let rows: Vec<&String> = m.iter().skip(2).take(H as usize).collect();
    let drawn: std::collections::BTreeSet<char> = rows
        .iter()
        .flat_map(|r| r.chars().skip(4))
        .filter(|&c| c != ' ')
        .collect();
    for c in &drawn {
        assert!(explained.contains(c), "{c:?} is not in the key: {m:#?}");
    }
    // The board drew every kind of mark.
    let every: std::collections::BTreeSet<char> = ".,~=X#WGQ$+/ETVSPAo".chars().collect();
    assert_eq!(drawn, every, "{m:#?}");
}

/// The key names only the marks the grid draws (a user's audit: it named
/// a teleporter, a vortex, doors and chests on every map): on the test
/// dungeon with no marker, door or token, and with the chest under a
/// monster, the key has the entrance alone; a teleporter laid adds `T`.
#[test]
fn the_key_names_only_the_marks_the_map_draws() {
    use crate::mkd::play::board::PlayMarker;
    use crate::mkd::play::state::PlacedMarker;
    let key_marks = |m: &[String]| -> Vec<char> {
        let rows: String = m
            .iter()
            .skip(2)
            .take(H as usize)
            .flat_map(|r| r.chars().skip(4))
            .collect();
        let key = m
            .iter()
            .find_map(|l| l.strip_prefix("key: "))
            .unwrap_or_default();
        let marks: Vec<char> = key.split("; ").filter_map(|e| e.chars().next()).collect();
        for c in &marks {
            assert!(
                rows.contains(*c),
                "{c:?} is in the key, not on the map: {m:#?}"
            );
        }
        marks
    };
    let mut g = game(&[]);
    add_monster(&mut g, "orc-1", 20, p(22, 7), &[]);
    assert_eq!(key_marks(&ascii_map(&g)), ['E']);
    g.markers.push(PlacedMarker {
        kind: PlayMarker::Teleporter,
        pos: p(10, 3),
        tile: 1,
    });
    assert_eq!(key_marks(&ascii_map(&g)), ['E', 'T']);
}

#[test]
fn the_map_shows_the_tiles_with_their_ids() {
    let g = game(&[]);
    let m = ascii_map(&g);
    let at = m
        .iter()
        .position(|l| l.starts_with("tiles"))
        .expect("the tile plan");
    let plan = &m[at + 3..];
    // Row 3 (the tiles' middle row here is row 4 of 0-8? the centre).
    let row = plan
        .iter()
        .find(|l| l.contains("C1") && l.contains("H1") && l.contains("C2"))
        .expect("the ids on one row");
    // Each id within its own tile: C1 in x 0-7, H1 in 8-15, C2 in 16-23.
    let col = |id: &str| row.find(id).unwrap() - 4;
    assert!(
        col("C1") < 8 && (8..16).contains(&col("H1")) && col("C2") >= 16,
        "{row}"
    );
    // Neighbouring tiles have different fills.
    let first = &plan[0][4..];
    assert_ne!(first.chars().nth(7), first.chars().nth(8), "{first}");
    assert_ne!(first.chars().nth(15), first.chars().nth(16), "{first}");
}

/// A random command line for the test dungeon: mostly legal-looking
/// orders with squares near the heroes, ids of revealed monsters, and
/// now and then a word no command has.
fn line(g: &Game, r: &mut u64) -> String {
    let mut next = |n: u64| crate::mkd::play::testkit::xorshift(r) % n.max(1);
    let hero = ["Ayla", "Borin", "Captive"][next(3) as usize];
    let at = g
        .heroes
        .iter()
        .find(|h| h.name == hero.into())
        .and_then(|h| h.pos())
        .unwrap_or(p(1, 3));
    let x = at.x + next(7) as i32 - 3;
    let y = at.y + next(7) as i32 - 3;
    let monster = g
        .floor_monsters()
        .map(|m| g.monsters[m].id.clone())
        .nth(next(3) as usize)
        .unwrap_or("orc-1".into());
    match next(20) {
        0..=5 => format!("{hero} moves to {x},{y}"),
        6..=8 => "end turn".into(),
        9 => format!("{hero} opens chest at {x},{y}"),
        10 => format!("{hero} attacks {monster}"),
        11 => format!("hit {monster} 1"),
        12 => format!("{hero} opens door at {x},{y}"),
        13 => format!("{hero} checks door at {x},{y}"),
        14 => format!("{hero} frees prisoner"),
        15 => format!("lead {monster} out"),
        16 => format!("{hero} leaves"),
        17 => ["status", "map", "help"][next(3) as usize].into(),
        18 => format!("{hero} passes"),
        _ => "Ayla dances".into(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The printer is total: whatever a random game does, every event
    /// prints, and the text API's lines are the events printed.
    #[test]
    fn every_event_of_a_random_game_prints(seed in any::<u64>(), dice in any::<bool>()) {
        let mission = ["quest", "rescue", "stealth", "kidnapping"][(seed % 4) as usize];
        let mut s = mission_scenario(mission, vec![crate::mkd::scenario::Wmt {
            x: 12,
            y: 3,
            color: crate::mkd::scenario::WmtColor::Yellow,
            number: 4,
            guardian: false,
            tile: 1,
        }]);
        s.game.pools.accessories.doors = 2;
        let opts = GameOptions {
            seed,
            combat: if dice { CombatMode::Dice } else { CombatMode::Manual },
        };
        let mut g = Game::new(
            Arc::new(s),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            opts,
        );
        let mut r = seed | 1;
        for _ in 0..80 {
            let text = line(&g, &mut r);
            let mut typed = g.clone();
            let by_text = g.apply(&text);
            let cmd = command::parse(&text).map(|c| c.expect("a command"));
            let by_events = cmd.map_err(Into::into).and_then(|c| typed.play(c));
            match (by_text, by_events) {
                (Ok(lines), Ok(events)) => {
                    let mut one_by_one = Vec::new();
                    for e in &events {
                        let before = one_by_one.len();
                        print_event(&typed, e, &mut one_by_one);
                        prop_assert!(one_by_one.len() > before, "{e:?} printed nothing");
                    }
                    prop_assert_eq!(lines, one_by_one);
                }
                (Err(a), Err(b)) => {
                    prop_assert_eq!(&a, &b);
                    prop_assert!(!a.to_string().is_empty() && !a.to_string().contains('\n'));
                }
                (a, b) => prop_assert!(false, "{text}: {a:?} against {b:?}"),
            }
        }
    }
}

/// A monster stopped next to the hero it was making for says so, rather
/// than that it gave up on him for himself (a user's audit read
/// `goblin-sneak-1 gives up on Quelandir and turns on Quelandir`).
#[test]
fn a_monster_stopped_by_its_own_target_does_not_turn_on_him_from_him() {
    let mut g = game(&[]);
    let m = add_monster(&mut g, "orc-1", 20, p(5, 5), &[]);
    let (ayla, borin) = (
        crate::mkd::play::state::HeroId(0),
        crate::mkd::play::state::HeroId(1),
    );
    let line = |from, to| {
        let e = Event::TurnsOn {
            monster: m,
            from,
            to,
        };
        print(&g, &[e]).join("\n")
    };
    assert_eq!(
        line(ayla, ayla),
        "orc-1 is stopped next to Ayla on its way and fights from there"
    );
    assert_eq!(
        line(ayla, borin),
        "orc-1 gives up on Ayla and turns on Borin"
    );
}
