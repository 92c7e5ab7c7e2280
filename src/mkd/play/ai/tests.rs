//! Tests of the monster decision rules and the special abilities' rules.
//!
//! The kit: a hand-made three-tile dungeon (chamber C1, a hallway H1 that
//! narrows to a one-square corridor on row 3, chamber C2), a two-hero party,
//! monsters placed by hand. Where an outcome hangs on a die, the test tries
//! seeds until the transcript shows the face it needs, and asserts one was
//! found.

use super::*;
use crate::mkd::play::engine::CombatMode;
use crate::mkd::play::state::HeroPlace;
use crate::mkd::play::testkit::*;
use crate::mkd::scenario::*;
use crate::tileset::Side;

#[test]
fn first_choice_is_the_hero_needing_least_movement() {
    let mut g = game(1);
    put_hero(&mut g, 0, p(7, 5), Side::N);
    put_hero(&mut g, 1, p(1, 5), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(5, 5), &[]);
    activate(&mut g, m);
    assert!(
        said(&g, "orc-1's first choice: Ayla (1 speed point"),
        "{}",
        transcript(&g)
    );
    assert!(said(&g, "orc-1 decision: rolled"), "{}", transcript(&g));
}

#[test]
fn equally_near_heroes_are_a_d6_tie() {
    let mut g = game(1);
    put_hero(&mut g, 0, p(7, 5), Side::N);
    put_hero(&mut g, 1, p(3, 5), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(5, 5), &[]);
    activate(&mut g, m);
    assert!(
        said(&g, "orc-1: first choice tie: rolled"),
        "{}",
        transcript(&g)
    );
}

#[test]
fn a_shooter_in_range_does_not_move_and_shoots() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(7, 1), Side::N);
            // 12 points: the skeleton band, shooting range 7.
            let m = add_monster(&mut g, "skel-1", 12, p(1, 1), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "skel-1 decision", &[1, 2, 3]),
    );
    assert_eq!(g.monsters[0].pos, Some(p(1, 1)));
    assert!(
        said(&g, "first choice: Ayla (0 speed points"),
        "{}",
        transcript(&g)
    );
    assert!(
        said(&g, "skel-1 attacks Ayla (ranged"),
        "{}",
        transcript(&g)
    );
}

#[test]
fn decision_1_to_3_attacks_the_first_choice() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 5), Side::N);
            put_hero(&mut g, 1, p(1, 1), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(3, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[1, 2, 3]),
    );
    assert_eq!(g.monsters[0].pos, Some(p(5, 5)), "{}", transcript(&g));
    assert_eq!(g.monsters[0].facing, Side::E);
    assert!(
        said(&g, "orc-1 attacks Ayla (close combat"),
        "{}",
        transcript(&g)
    );
}

#[test]
fn decision_4_goes_for_the_second_choice() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 5), Side::N);
            put_hero(&mut g, 1, p(3, 1), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(4, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[4]),
    );
    assert!(
        said(&g, "orc-1 goes for Borin instead"),
        "{}",
        transcript(&g)
    );
    assert!(said(&g, "orc-1 attacks Borin"), "{}", transcript(&g));
}

#[test]
fn decision_5_goes_for_the_weakest_hero() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 5), Side::N);
            put_hero(&mut g, 1, p(2, 1), Side::N);
            g.heroes[1].wounds = 3;
            let m = add_monster(&mut g, "orc-1", 20, p(5, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[5]),
    );
    assert!(
        said(&g, "goes for Borin, who has 1 wound left"),
        "{}",
        transcript(&g)
    );
    assert!(said(&g, "first choice: Ayla"), "{}", transcript(&g));
}

#[test]
fn unexpected_6_holds_its_ground() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 5), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[6]) && rolled(g, "orc-1 unexpected action", &[6]),
    );
    assert_eq!(g.monsters[0].pos, Some(p(2, 5)));
    assert_eq!(g.monsters[0].facing, Side::E);
    assert!(said(&g, "orc-1 holds its ground"), "{}", transcript(&g));
}

// ---------------------------------------------------------------- moving

#[test]
fn a_failed_break_away_turns_the_monster_on_that_hero() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 6), Side::N);
            put_hero(&mut g, 1, p(2, 4), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[4]) && said(g, "orc-1 fails to break away from Borin"),
    );
    assert_eq!(g.monsters[0].pos, Some(p(2, 5)));
    assert!(
        said(&g, "orc-1 gives up on Ayla and turns on Borin"),
        "{}",
        transcript(&g)
    );
    assert!(said(&g, "orc-1 attacks Borin"), "{}", transcript(&g));
}

#[test]
fn a_successful_break_away_lets_it_run_past() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 6), Side::N);
            put_hero(&mut g, 1, p(2, 4), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[4]) && said(g, "orc-1 breaks away from Borin"),
    );
    assert_ne!(g.monsters[0].pos, Some(p(2, 5)));
    assert!(
        rolled(&g, "orc-1 breaks away from Borin", &[4, 5, 6]),
        "{}",
        transcript(&g)
    );
}

#[test]
fn it_passes_through_a_hero_only_when_there_is_no_other_way() {
    // Borin stands in the one-square corridor; Ayla waits beyond it.
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(17, 3), Side::W);
            put_hero(&mut g, 1, p(11, 3), Side::W);
            let m = add_monster(&mut g, "orc-1", 20, p(9, 3), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[4]) && said(g, "orc-1 breaks away from Borin"),
    );
    assert!(said(&g, "passes through Borin"), "{}", transcript(&g));
    assert!(
        said(&g, "Borin may strike orc-1 from behind"),
        "{}",
        transcript(&g)
    );
    assert!(g.monsters[0].pos.unwrap().x > 11, "{}", transcript(&g));
    // In the open it goes round instead.
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 5), Side::W);
            put_hero(&mut g, 1, p(4, 5), Side::W);
            let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[4]) && said(g, "orc-1 breaks away from Borin"),
    );
    assert!(!said(&g, "passes through"), "{}", transcript(&g));
}

// ---------------------------------------------------------------- reinforcements

#[test]
fn reinforcements_head_for_the_nearest_token_and_reveal_it() {
    let wmt = Wmt {
        x: 20,
        y: 3,
        color: WmtColor::Yellow,
        number: 4,
        guardian: false,
        tile: 2,
    };
    let mut g = search(
        |s| {
            let mut g = game_with(s, CombatMode::Manual, vec![wmt.clone()]);
            put_hero(&mut g, 0, p(1, 1), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(12, 3), &[]);
            activate(&mut g, m);
            g
        },
        |g| {
            rolled(g, "orc-1 decision", &[6]) && rolled(g, "orc-1 unexpected action", &[2, 3, 4, 5])
        },
    );
    assert!(
        said(&g, "orc-1 loses 4 speed and runs for help"),
        "{}",
        transcript(&g)
    );
    assert_eq!(g.monsters[0].mode, MonsterMode::Reinforcing);
    assert_eq!(g.monsters[0].pos, Some(p(12, 3)), "speed 4 - 4 leaves none");
    g.out.clear();
    activate(&mut g, 0);
    assert_eq!(g.monsters[0].pos, Some(p(16, 3)), "{}", transcript(&g));
    assert!(g.wmts.is_empty(), "{}", transcript(&g));
    assert_eq!(g.stats.wmts_revealed, 1);
    assert_eq!(g.monsters[0].mode, MonsterMode::Hunt);
    assert!(said(&g, "orc-1 has brought help"), "{}", transcript(&g));
}

#[test]
fn with_no_token_left_it_leaves_and_comes_back_with_a_reveal() {
    let mut g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 6), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(1, 3), &[]);
            g.monsters[m].stats.speed = 6;
            activate(&mut g, m);
            if g.monsters[m].mode == MonsterMode::GoneForHelp {
                g.out.clear();
                activate(&mut g, m);
            }
            g
        },
        |g| {
            said(g, "leaves the dungeon to fetch help")
                && rolled(g, "orc-1 reinforcements", &[4, 5, 6])
        },
    );
    assert!(said(&g, "orc-1 comes back in at 0,3"), "{}", transcript(&g));
    assert!(g.wmt_pool.is_empty(), "{}", transcript(&g));
    assert!(said(&g, "yellow-3 comes in at"), "{}", transcript(&g));
    assert!(g.monsters.iter().skip(1).all(|m| m.surprised));
    g.out.clear();
    // A 1-3 brings nobody.
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 6), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(3, 3), &[]);
            g.monsters[m].mode = MonsterMode::GoneForHelp;
            g.monsters[m].pos = None;
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 reinforcements", &[1, 2, 3]),
    );
    assert_eq!(g.wmt_pool.len(), 1);
    assert!(g.monsters[0].active());
}

#[test]
fn a_blocked_monster_stops_seeking_help_and_fights() {
    let mut g = game(1);
    put_hero(&mut g, 0, p(22, 1), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(23, 0), &[]);
    add_monster(&mut g, "orc-2", 20, p(22, 0), &[]);
    add_monster(&mut g, "orc-3", 20, p(23, 1), &[]);
    g.monsters[m].mode = MonsterMode::Reinforcing;
    activate(&mut g, m);
    assert!(
        said(&g, "orc-1's way is blocked; it turns to fight"),
        "{}",
        transcript(&g)
    );
    assert_eq!(g.monsters[m].mode, MonsterMode::Hunt);
    assert!(said(&g, "orc-1 attacks Ayla"), "{}", transcript(&g));
}

// ---------------------------------------------------------------- thievery

fn give_chest(g: &mut Game, h: usize) {
    g.chests[0].place = ChestPlace::Hero(h);
    g.chests[0].open = true;
    g.chests[0].trap_spent = true;
    g.heroes[h].chests = vec![0];
}

#[test]
fn theft_moves_the_chest_and_the_1_row_makes_it_flee() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(5, 5), Side::N);
            give_chest(&mut g, 0);
            let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| {
            rolled(g, "orc-1 unexpected action", &[1])
                && said(g, "it takes chest-1")
                && rolled(g, "orc-1 after the theft", &[1])
        },
    );
    assert_eq!(g.chests[0].place, ChestPlace::Monster(0));
    assert!(!g.chests[0].open && !g.chests[0].trap_spent);
    assert!(g.heroes[0].chests.is_empty());
    assert_eq!(g.monsters[0].carrying, Some(0));
    assert_eq!(g.monsters[0].mode, MonsterMode::Fleeing);
    assert!(
        rolled(&g, "orc-1 tries to steal from Ayla", &[4, 5, 6]),
        "{}",
        transcript(&g)
    );
}

#[test]
fn a_failed_theft_leaves_the_chest() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(5, 5), Side::N);
            give_chest(&mut g, 0);
            let m = add_monster(&mut g, "orc-1", 20, p(4, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 unexpected action", &[1]) && said(g, "— it fails"),
    );
    assert_eq!(g.chests[0].place, ChestPlace::Hero(0));
    assert_eq!(g.monsters[0].mode, MonsterMode::Hunt);
}

#[test]
fn no_chest_to_steal_means_reinforcements() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(5, 5), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 unexpected action", &[1]),
    );
    assert!(
        said(&g, "cannot attempt a theft this activation"),
        "{}",
        transcript(&g)
    );
    assert_eq!(g.monsters[0].mode, MonsterMode::Reinforcing);
}

#[test]
fn a_fleeing_thief_leaves_with_the_chest_and_it_is_lost() {
    let mut g = game(3);
    put_hero(&mut g, 0, p(6, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 3), &[]);
    g.monsters[m].mode = MonsterMode::Fleeing;
    g.monsters[m].carrying = Some(0);
    g.chests[0].place = ChestPlace::Monster(m);
    activate(&mut g, m);
    assert_eq!(g.monsters[m].pos, None, "{}", transcript(&g));
    assert_eq!(g.monsters[m].mode, MonsterMode::Gone);
    assert_eq!(g.chests[0].place, ChestPlace::Lost);
}

#[test]
fn a_blocked_thief_drops_the_chest_on_the_spot() {
    let mut g = game(3);
    put_hero(&mut g, 0, p(22, 1), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(23, 0), &[]);
    add_monster(&mut g, "orc-2", 20, p(22, 0), &[]);
    add_monster(&mut g, "orc-3", 20, p(23, 1), &[]);
    g.monsters[m].mode = MonsterMode::Fleeing;
    g.monsters[m].carrying = Some(0);
    g.chests[0].place = ChestPlace::Monster(m);
    g.chests[0].trap_spent = true;
    activate(&mut g, m);
    assert_eq!(
        g.chests[0].place,
        ChestPlace::At(p(23, 0)),
        "{}",
        transcript(&g)
    );
    assert!(!g.chests[0].trap_spent);
    assert_eq!(g.monsters[m].carrying, None);
}

#[test]
fn a_monster_shuts_an_open_chest_next_to_it() {
    let mut g = game(3);
    put_hero(&mut g, 0, p(1, 1), Side::N);
    g.chests[0].open = true;
    g.chests[0].trap_spent = true;
    let m = add_monster(&mut g, "orc-1", 20, p(21, 6), &[]);
    activate(&mut g, m);
    assert!(!g.chests[0].open && !g.chests[0].trap_spent);
    assert!(
        said(&g, "orc-1 shuts chest-1 on 22,7"),
        "{}",
        transcript(&g)
    );
}

// ---------------------------------------------------------------- abilities

/// A monster with `abilities` two squares from Ayla, after a 1-3 decision.
fn ability_game(s: u64, combat: CombatMode, abilities: &[&str]) -> Game {
    let mut g = game_with(s, combat, Vec::new());
    put_hero(&mut g, 0, p(4, 4), Side::N);
    let m = add_monster(&mut g, "mage-1", 20, p(2, 4), abilities);
    activate(&mut g, m);
    g
}

#[test]
fn levitation_is_used_on_1_to_3_and_not_on_4_to_6() {
    let g = search(
        |s| ability_game(s, CombatMode::Manual, &["Magic Levitation"]),
        |g| {
            rolled(g, "mage-1 decision", &[1, 2, 3])
                && rolled(g, "mage-1 Magic Levitation", &[1, 2, 3])
        },
    );
    assert!(
        said(&g, "mage-1 casts Magic Levitation on Ayla: rolled"),
        "{}",
        transcript(&g)
    );
    assert!(!said(&g, "mage-1 attacks Ayla"), "{}", transcript(&g));
    assert_eq!(g.monsters[0].pos, Some(p(2, 4)), "a spell needs no move");
    let g = search(
        |s| ability_game(s, CombatMode::Manual, &["Magic Levitation"]),
        |g| {
            rolled(g, "mage-1 decision", &[1, 2, 3])
                && rolled(g, "mage-1 Magic Levitation", &[4, 5, 6])
        },
    );
    assert!(said(&g, "it does not use it"), "{}", transcript(&g));
    assert!(said(&g, "mage-1 attacks Ayla"), "{}", transcript(&g));
    assert_eq!(g.heroes[0].pos(), Some(p(4, 4)));
}

#[test]
fn levitation_moves_the_hero_like_a_wmt() {
    let g = search(
        |s| ability_game(s, CombatMode::Manual, &["Magic Levitation"]),
        |g| {
            rolled(g, "mage-1 decision", &[1, 2, 3])
                && rolled(g, "mage-1 Magic Levitation", &[1, 2, 3])
                && said(g, "on Ayla: rolled 3 — south")
        },
    );
    let hp = g.heroes[0].pos().unwrap();
    assert_eq!(hp.y, 7, "{}", transcript(&g));
    assert!(said(&g, "Ayla drifts to"), "{}", transcript(&g));
}

#[test]
fn levitation_through_the_entrance_puts_the_hero_out() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(0, 3), Side::N);
            let m = add_monster(&mut g, "mage-1", 20, p(2, 3), &["Magic Levitation"]);
            activate(&mut g, m);
            g
        },
        |g| said(g, "on Ayla: rolled 4 — west") || said(g, "on Ayla: rolled 5, 4 — west"),
    );
    assert_eq!(g.heroes[0].place, HeroPlace::Escaped, "{}", transcript(&g));
    assert!(said(&g, "Ayla is pushed out of the dungeon"));
}

#[test]
fn freeze_holds_the_hero_on_1_to_3() {
    let g = search(
        |s| ability_game(s, CombatMode::Manual, &["Magic Freeze"]),
        |g| {
            rolled(g, "mage-1 decision", &[1, 2, 3]) && rolled(g, "mage-1 Magic Freeze", &[1, 2, 3])
        },
    );
    assert_eq!(g.heroes[0].held, 2);
    assert!(said(&g, "Ayla is frozen"), "{}", transcript(&g));
    let g = search(
        |s| ability_game(s, CombatMode::Manual, &["Magic Freeze"]),
        |g| {
            rolled(g, "mage-1 decision", &[1, 2, 3]) && rolled(g, "mage-1 Magic Freeze", &[4, 5, 6])
        },
    );
    assert_eq!(g.heroes[0].held, 0);
}

#[test]
fn confusion_drifts_the_hero_on_1_to_3() {
    let g = search(
        |s| ability_game(s, CombatMode::Manual, &["Magic Confusion"]),
        |g| {
            rolled(g, "mage-1 decision", &[1, 2, 3])
                && rolled(g, "mage-1 Magic Confusion", &[1, 2, 3])
                && said(g, "on Ayla: rolled 1 — north")
        },
    );
    assert_eq!(g.heroes[0].pos().unwrap().y, 0, "{}", transcript(&g));
}

#[test]
fn quickness_only_when_the_target_is_out_of_reach() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(7, 7), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(0, 0), &["Quickness"]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[1, 2, 3]),
    );
    assert!(
        said(&g, "orc-1 uses Quickness: +4 speed"),
        "{}",
        transcript(&g)
    );
    let q = g.monsters[0].pos.unwrap();
    assert_eq!(q.x + q.y, 8, "eight squares moved: {}", transcript(&g));
    assert!(!said(&g, "attacks Ayla"));
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(3, 0), Side::N);
            let m = add_monster(&mut g, "orc-1", 20, p(0, 0), &["Quickness"]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "orc-1 decision", &[1, 2, 3]),
    );
    assert!(!said(&g, "Quickness"), "{}", transcript(&g));
    assert!(said(&g, "orc-1 attacks Ayla"));
}

#[test]
fn stealth_is_used_unless_a_token_could_be_revealed() {
    let g = ability_game(1, CombatMode::Manual, &["Stealth"]);
    assert!(said(&g, "mage-1 uses Stealth"), "{}", transcript(&g));
    let wmt = Wmt {
        x: 9,
        y: 3,
        color: WmtColor::Yellow,
        number: 4,
        guardian: false,
        tile: 1,
    };
    let mut g = game_with(1, CombatMode::Manual, vec![wmt]);
    put_hero(&mut g, 0, p(1, 1), Side::N);
    let m = add_monster(&mut g, "mage-1", 20, p(7, 3), &["Limited Invisibility"]);
    g.monsters[m].mode = MonsterMode::Reinforcing;
    g.monsters[m].stats.speed = 1;
    activate(&mut g, m);
    assert!(
        said(
            &g,
            "mage-1 does not use Limited Invisibility: it could reveal"
        ),
        "{}",
        transcript(&g)
    );
}

#[test]
fn a_demoralized_monster_heads_for_the_command_monster() {
    let mut g = game(2);
    put_hero(&mut g, 0, p(20, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(1, 6), &["Demoralized"]);
    add_monster(&mut g, "boss-1", 20, p(9, 3), &["Command"]);
    activate(&mut g, m);
    assert!(
        said(&g, "falls back to its commander"),
        "{}",
        transcript(&g)
    );
    let q = g.monsters[m].pos.unwrap();
    assert!(q.x > 1 && g.monsters[m].demoralized, "{}", transcript(&g));
    // In the commander's tile it is rallied and hunts again.
    let mut g = game(2);
    put_hero(&mut g, 0, p(20, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(1, 6), &["Demoralized"]);
    add_monster(&mut g, "boss-1", 20, p(6, 1), &["Command"]);
    activate(&mut g, m);
    assert!(!g.monsters[m].demoralized);
    assert!(
        said(&g, "orc-1 is no longer demoralized: boss-1's Command"),
        "{}",
        transcript(&g)
    );
}

#[test]
fn a_demoralized_monster_without_a_commander_leaves_for_good() {
    let mut g = game(2);
    put_hero(&mut g, 0, p(20, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 3), &["Demoralized"]);
    activate(&mut g, m);
    assert!(said(&g, "flees for the entrance"), "{}", transcript(&g));
    assert_eq!(g.monsters[m].pos, None);
    assert_eq!(g.monsters[m].mode, MonsterMode::Gone);
}

#[test]
fn command_adds_speed_to_friends_nearby() {
    let mut g = game(2);
    let m = add_monster(&mut g, "orc-1", 20, p(1, 6), &[]);
    assert_eq!(base_speed(&g, m), 4);
    add_monster(&mut g, "boss-1", 20, p(2, 6), &["Command"]);
    assert_eq!(base_speed(&g, m), 6);
}

#[test]
fn necromancy_raises_the_most_valuable_fallen_monster_on_1_to_3() {
    let build = |s: u64| {
        let mut g = game(s);
        put_hero(&mut g, 0, p(6, 6), Side::N);
        let m = add_monster(&mut g, "lich-1", 20, p(2, 2), &["Necromancy"]);
        let a = add_monster(&mut g, "orc-1", 20, p(0, 0), &[]);
        let b = add_monster(&mut g, "ogre-1", 50, p(0, 1), &[]);
        for f in [a, b] {
            g.monsters[f].pos = None;
            g.monsters[f].wounds = 2;
            g.fallen.push(f);
        }
        activate(&mut g, m);
        g
    };
    let g = search(build, |g| {
        rolled(g, "lich-1 decision", &[1, 2, 3]) && rolled(g, "lich-1 Necromancy", &[1, 2, 3])
    });
    assert!(g.monsters[2].active(), "{}", transcript(&g));
    assert_eq!(g.monsters[2].wounds, 0);
    assert_eq!(g.fallen, vec![1]);
    assert!(said(&g, "lich-1 raises ogre-1 (50 points)"));
    let g = search(build, |g| {
        rolled(g, "lich-1 decision", &[1, 2, 3]) && rolled(g, "lich-1 Necromancy", &[4, 5, 6])
    });
    assert_eq!(g.fallen.len(), 2);
}

#[test]
fn healing_heals_itself_first() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(6, 6), Side::N);
            let m = add_monster(&mut g, "cleric-1", 20, p(2, 2), &["Healing"]);
            g.monsters[m].wounds = 1;
            let o = add_monster(&mut g, "orc-1", 20, p(3, 5), &[]);
            g.monsters[o].wounds = 1;
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "cleric-1 decision", &[1, 2, 3]),
    );
    assert!(
        said(&g, "cleric-1 uses Healing on itself: rolled"),
        "{}",
        transcript(&g)
    );
    assert_eq!(g.monsters[0].wounds, 0);
    assert_eq!(g.monsters[1].wounds, 1);
}

#[test]
fn healing_goes_to_the_nearest_wounded_monster() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(20, 6), Side::N);
            let m = add_monster(&mut g, "cleric-1", 20, p(2, 2), &["Magic Healing"]);
            let o = add_monster(&mut g, "orc-1", 20, p(5, 2), &[]);
            g.monsters[o].wounds = 1;
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "cleric-1 decision", &[1, 2, 3]),
    );
    assert!(
        said(&g, "cleric-1 goes to heal orc-1"),
        "{}",
        transcript(&g)
    );
    assert_eq!(g.monsters[0].pos, Some(p(4, 2)));
    assert_eq!(g.monsters[1].wounds, 0);
    // Nobody wounded: it attacks as normal.
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(4, 2), Side::N);
            let m = add_monster(&mut g, "cleric-1", 20, p(2, 2), &["Healing"]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "cleric-1 decision", &[1, 2, 3]),
    );
    assert!(!said(&g, "Healing"), "{}", transcript(&g));
    assert!(said(&g, "cleric-1 attacks Ayla"));
}

#[test]
fn magic_blast_is_a_ranged_dice_attack_without_moving() {
    let g = search(
        |s| {
            let mut g = game_with(s, CombatMode::Dice, Vec::new());
            put_hero(&mut g, 0, p(7, 6), Side::N);
            let m = add_monster(&mut g, "mage-1", 20, p(1, 1), &["Magic Blast"]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "mage-1 decision", &[1, 2, 3]),
    );
    assert_eq!(g.monsters[0].pos, Some(p(1, 1)));
    assert!(
        said(&g, "mage-1 casts Magic Blast at Ayla: rolls ["),
        "{}",
        transcript(&g)
    );
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(7, 6), Side::N);
            let m = add_monster(&mut g, "mage-1", 20, p(1, 1), &["Magic Blast"]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "mage-1 decision", &[1, 2, 3]),
    );
    assert!(
        said(&g, "resolve it with the figures"),
        "{}",
        transcript(&g)
    );
}

#[test]
fn flame_strikes_every_figure_in_the_line() {
    let g = search(
        |s| {
            let mut g = game_with(s, CombatMode::Dice, Vec::new());
            put_hero(&mut g, 0, p(3, 6), Side::N);
            put_hero(&mut g, 1, p(5, 6), Side::N);
            let m = add_monster(&mut g, "drake-1", 20, p(1, 6), &["Flame/Lightning"]);
            add_monster(&mut g, "orc-1", 20, p(7, 6), &[]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "drake-1 decision", &[1, 2, 3]),
    );
    assert!(
        said(&g, "the line catches Ayla, Borin, orc-1"),
        "{}",
        transcript(&g)
    );
    assert!(
        said(&g, "drake-1 burns orc-1: rolls ["),
        "{}",
        transcript(&g)
    );
}

#[test]
fn shockwave_strikes_every_adjacent_hero() {
    let g = search(
        |s| {
            let mut g = game_with(s, CombatMode::Dice, Vec::new());
            put_hero(&mut g, 0, p(4, 3), Side::N);
            put_hero(&mut g, 1, p(5, 5), Side::N);
            let m = add_monster(&mut g, "golem-1", 20, p(4, 4), &["Shockwave"]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "golem-1 decision", &[1, 2, 3]),
    );
    assert!(
        said(&g, "Shockwave: it strikes Ayla, Borin"),
        "{}",
        transcript(&g)
    );
    assert!(
        said(&g, "golem-1 shocks Borin: rolls ["),
        "{}",
        transcript(&g)
    );
}

#[test]
fn several_optional_abilities_are_chosen_by_d6() {
    let g = search(
        |s| ability_game(s, CombatMode::Manual, &["Magic Blast", "Shockwave"]),
        |g| rolled(g, "mage-1 decision", &[1, 2, 3]),
    );
    assert!(
        said(&g, "mage-1: which optional ability: rolled"),
        "{}",
        transcript(&g)
    );
}

#[test]
fn sneak_attack_comes_from_behind_when_it_can() {
    let g = search(
        |s| {
            let mut g = game(s);
            put_hero(&mut g, 0, p(4, 3), Side::S);
            let m = add_monster(&mut g, "thief-1", 20, p(2, 5), &["Sneak Attack"]);
            activate(&mut g, m);
            g
        },
        |g| rolled(g, "thief-1 decision", &[1, 2, 3]),
    );
    assert_eq!(g.monsters[0].pos.unwrap().y, 2, "{}", transcript(&g));
    assert!(
        said(&g, "thief-1 goes round to Ayla's back"),
        "{}",
        transcript(&g)
    );
    assert!(said(&g, "thief-1 attacks Ayla"));
}

#[test]
fn the_walk_line_of_sight_and_rear_arc_helpers() {
    assert_eq!(walk::line(p(0, 0), p(3, 0)).len(), 4);
    assert_eq!(walk::spins(Side::N, Side::S), 2);
    assert_eq!(walk::spins(Side::W, Side::N), 1);
    let g = game(1);
    // The walls of H1 (all but row 3) block a line across it.
    assert!(!walk::line_of_sight(&g.board, p(7, 1), p(17, 1)));
    assert!(walk::line_of_sight(&g.board, p(1, 1), p(6, 6)));
}
