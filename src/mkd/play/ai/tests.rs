//! Tests of the monster decision rules and the special abilities' rules.
//!
//! The kit: a hand-made three-tile dungeon (chamber C1, a hallway H1 that
//! narrows to a one-square corridor on row 3, chamber C2), a two-hero party,
//! monsters placed by hand, and scripted dice: each test lists the faces
//! the rules roll (decision, unexpected action, ties, break-aways) and
//! asserts the events.

use super::*;
use crate::mkd::play::event::{MonsterStep, Rolls};
use crate::mkd::play::state::HeroPlace;
use crate::mkd::play::testkit::*;
use crate::mkd::scenario::*;
use crate::tileset::Side;

/// Monster `m`'s activation.
fn act(g: &mut Game, m: MonsterId) -> Vec<Event> {
    rule(g, |cx| activate(cx, m)).1
}

use crate::mkd::play::engine::Game;

fn moved(m: MonsterId, at: Point, path: &[Point]) -> Event {
    Event::MonsterMoved {
        monster: m,
        at: Some(at),
        path: path.iter().map(|&q| MonsterStep::Square(q)).collect(),
    }
}

fn prompt(m: MonsterId, h: HeroId, melee: bool, facing: Side) -> Event {
    Event::AttackPrompt {
        monster: m,
        hero: h,
        melee,
        facing,
    }
}

// ---------------------------------------------------------------- targets and the decision roll

#[test]
fn first_choice_is_the_hero_needing_least_movement() {
    let mut g = game(&[1]);
    put_hero(&mut g, 0, p(7, 5), Side::N);
    put_hero(&mut g, 1, p(1, 5), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(5, 5), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            Event::FirstChoice {
                monster: m,
                hero: AYLA,
                travel: 1
            },
            Event::Decision {
                monster: m,
                face: 1
            },
            moved(m, p(6, 5), &[p(6, 5)]),
            prompt(m, AYLA, true, Side::E),
        ]
    );
    all_dice_used(&g);
}

#[test]
fn equally_near_heroes_are_a_d6_tie_re_rolled_until_it_names_one() {
    // A 5 names neither of two heroes; the 2 names Borin.
    let mut g = game(&[5, 2, 1]);
    put_hero(&mut g, 0, p(7, 5), Side::N);
    put_hero(&mut g, 1, p(3, 5), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(5, 5), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[0],
        Event::Chose {
            by: Chooser::Monster(m),
            topic: Topic::FirstChoice,
            faces: Rolls(vec![5, 2]),
            pick: Pick::Hero(BORIN),
        }
    );
    assert_eq!(
        printed(&g, &ev[..1]),
        "orc-1: first choice tie: rolled 5, 2 — Borin"
    );
    assert_eq!(ev.last(), Some(&prompt(m, BORIN, true, Side::W)));
    all_dice_used(&g);
}

#[test]
fn a_shooter_in_range_does_not_move_and_shoots() {
    let mut g = game(&[1]);
    put_hero(&mut g, 0, p(7, 1), Side::N);
    // 12 points: the skeleton band, shooting range 7.
    let m = add_monster(&mut g, "skel-1", 12, p(1, 1), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            Event::FirstChoice {
                monster: m,
                hero: AYLA,
                travel: 0
            },
            Event::Decision {
                monster: m,
                face: 1
            },
            prompt(m, AYLA, false, Side::E),
        ]
    );
    assert_eq!(g.monsters[m].pos, Some(p(1, 1)));
    all_dice_used(&g);
}

#[test]
fn decision_1_to_3_attacks_the_first_choice() {
    let mut g = game(&[3]);
    put_hero(&mut g, 0, p(6, 5), Side::N);
    put_hero(&mut g, 1, p(1, 1), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(3, 5), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            Event::FirstChoice {
                monster: m,
                hero: AYLA,
                travel: 2
            },
            Event::Decision {
                monster: m,
                face: 3
            },
            moved(m, p(5, 5), &[p(4, 5), p(5, 5)]),
            prompt(m, AYLA, true, Side::E),
        ]
    );
    assert_eq!(g.monsters[m].facing, Side::E);
    all_dice_used(&g);
}

#[test]
fn decision_4_goes_for_the_second_choice() {
    let mut g = game(&[4]);
    put_hero(&mut g, 0, p(6, 5), Side::N);
    put_hero(&mut g, 1, p(3, 1), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(4, 5), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            Event::FirstChoice {
                monster: m,
                hero: AYLA,
                travel: 1
            },
            Event::Decision {
                monster: m,
                face: 4
            },
            Event::GoesForInstead {
                monster: m,
                hero: BORIN
            },
            moved(m, p(4, 2), &[p(4, 4), p(4, 3), p(4, 2)]),
            prompt(m, BORIN, true, Side::N),
        ]
    );
    all_dice_used(&g);
}

#[test]
fn decision_5_goes_for_the_weakest_hero() {
    // It breaks away from Ayla (6) to go for Borin, one wound from death.
    let mut g = game(&[5, 6]);
    put_hero(&mut g, 0, p(6, 5), Side::N);
    put_hero(&mut g, 1, p(5, 1), Side::N);
    g.heroes[1].wounds = 3;
    let m = add_monster(&mut g, "orc-1", 20, p(5, 5), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            Event::FirstChoice {
                monster: m,
                hero: AYLA,
                travel: 0
            },
            Event::Decision {
                monster: m,
                face: 5
            },
            Event::GoesForWeakest {
                monster: m,
                hero: BORIN,
                left: 1
            },
            Event::BreakAway {
                monster: m,
                heroes: vec![AYLA],
                face: 6,
                need: 4
            },
            moved(m, p(5, 2), &[p(5, 4), p(5, 3), p(5, 2)]),
            prompt(m, BORIN, true, Side::N),
        ]
    );
    all_dice_used(&g);
}

#[test]
fn unexpected_6_holds_its_ground() {
    let mut g = game(&[6, 6]);
    put_hero(&mut g, 0, p(6, 5), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[1..],
        [
            Event::Decision {
                monster: m,
                face: 6
            },
            Event::Unexpected {
                monster: m,
                face: 6
            },
            Event::HoldsGround { monster: m },
        ]
    );
    assert_eq!(g.monsters[m].pos, Some(p(2, 5)));
    assert_eq!(g.monsters[m].facing, Side::E);
    all_dice_used(&g);
}

// ---------------------------------------------------------------- moving

/// Borin right beside the orc, Ayla farther off: a 4 sends it for Ayla.
fn held_by_borin(faces: &[u32]) -> (Game, MonsterId) {
    let mut g = game(faces);
    put_hero(&mut g, 0, p(6, 6), Side::N);
    put_hero(&mut g, 1, p(2, 4), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
    (g, m)
}

#[test]
fn a_failed_break_away_turns_the_monster_on_that_hero() {
    let (mut g, m) = held_by_borin(&[4, 3]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2..],
        [
            Event::GoesForInstead {
                monster: m,
                hero: AYLA
            },
            Event::BreakAway {
                monster: m,
                heroes: vec![BORIN],
                face: 3,
                need: 4
            },
            Event::TurnsOn {
                monster: m,
                from: AYLA,
                to: BORIN
            },
            prompt(m, BORIN, true, Side::N),
        ]
    );
    assert_eq!(g.monsters[m].pos, Some(p(2, 5)));
    all_dice_used(&g);
}

#[test]
fn a_successful_break_away_lets_it_run_past() {
    let (mut g, m) = held_by_borin(&[4, 5]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[3..],
        [
            Event::BreakAway {
                monster: m,
                heroes: vec![BORIN],
                face: 5,
                need: 4
            },
            moved(m, p(5, 5), &[p(3, 5), p(4, 5), p(5, 5)]),
            prompt(m, AYLA, true, Side::S),
        ]
    );
    all_dice_used(&g);
}

#[test]
fn it_passes_through_a_hero_only_when_there_is_no_other_way() {
    // Borin stands in the one-square corridor; Ayla waits beyond it.
    let mut g = game(&[4, 4]);
    put_hero(&mut g, 0, p(17, 3), Side::W);
    put_hero(&mut g, 1, p(11, 3), Side::W);
    let m = add_monster(&mut g, "orc-1", 20, p(9, 3), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2..],
        [
            Event::GoesForInstead {
                monster: m,
                hero: AYLA
            },
            moved(m, p(10, 3), &[p(10, 3)]),
            Event::BreakAway {
                monster: m,
                heroes: vec![BORIN],
                face: 4,
                need: 4
            },
            Event::MonsterPassesThrough {
                monster: m,
                path: vec![MonsterStep::PassesThrough(BORIN)]
            },
            Event::RearStrikePrompt {
                hero: BORIN,
                monster: m
            },
            moved(m, p(13, 3), &[p(12, 3), p(13, 3)]),
            Event::CannotReachHero {
                monster: m,
                hero: AYLA
            },
        ]
    );
    assert_eq!(
        printed(&g, &ev[5..7]),
        "orc-1 passes through Borin\nBorin may strike orc-1 from behind as it passes (no counterattack): report `hit orc-1 N` if it lands"
    );
    all_dice_used(&g);
    // In the open it goes round instead (north of Borin: the way round is
    // rolled, 1 for north, and it breaks away from him on a 5).
    let mut g = game(&[4, 1, 5]);
    put_hero(&mut g, 0, p(6, 5), Side::W);
    put_hero(&mut g, 1, p(4, 5), Side::W);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
    let ev = act(&mut g, m);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::MonsterPassesThrough { .. })),
        "{}",
        printed(&g, &ev)
    );
    assert_eq!(g.monsters[m].pos, Some(p(5, 4)));
    assert_eq!(ev.last(), Some(&prompt(m, AYLA, true, Side::S)));
    all_dice_used(&g);
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
    // Decision 6, unexpected 2: it runs for help; the token's 2d6 shows 1+1.
    let mut g = game_with(CombatMode::Manual, vec![wmt], &[6, 2, 1, 1]);
    g.visited.extend(0..3);
    put_hero(&mut g, 0, p(1, 1), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(12, 3), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2..],
        [
            Event::Unexpected {
                monster: m,
                face: 2
            },
            Event::RunsForHelp {
                monster: m,
                cost: 4
            },
        ]
    );
    assert_eq!(g.monsters[m].mode, MonsterMode::Reinforcing);
    assert_eq!(g.monsters[m].pos, Some(p(12, 3)), "speed 4 - 4 leaves none");
    let token = g.wmts[0].id;
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            moved(m, p(16, 3), &[p(13, 3), p(14, 3), p(15, 3), p(16, 3)]),
            Event::Revealed {
                token,
                dice: [1, 1],
                bonus: 0,
                total: 2,
                count: 0,
                points: 0
            },
            Event::MonsterRevealEnds { monster: m },
            Event::BroughtHelp { monster: m },
        ]
    );
    assert!(g.wmts.is_empty());
    assert_eq!(g.stats.wmts_revealed, 1);
    assert_eq!(g.monsters[m].mode, MonsterMode::Hunt);
    all_dice_used(&g);
}

#[test]
fn with_no_token_left_it_leaves_and_comes_back_with_a_reveal() {
    // Decision 6, unexpected 2: out of the entrance for help (speed 6 - 4).
    // Back next activation, it holds its ground (6, 6); the reinforcements
    // roll of 4 brings yellow-3 to the entrance: 3 + 3 on its reveal is one
    // 20-point monster, facing north (1), surprised.
    let mut g = game(&[6, 2, 6, 6, 4, 3, 3, 1]);
    put_hero(&mut g, 0, p(6, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(1, 3), &[]);
    g.monsters[m].stats.speed = 6;
    let ev = act(&mut g, m);
    assert_eq!(
        ev[3..],
        [
            Event::RunsForHelp {
                monster: m,
                cost: 4
            },
            moved(m, p(0, 3), &[p(0, 3)]),
            Event::MonsterLeaves {
                monster: m,
                stairs: false,
                chest: None,
                for_help: true
            },
        ]
    );
    assert_eq!(g.monsters[m].mode, MonsterMode::GoneForHelp);
    let ev = act(&mut g, m);
    let new = MonsterId(1);
    let token = crate::mkd::play::state::TokenId {
        guardian: false,
        color: WmtColor::Yellow,
        number: 3,
        copy: 0,
    };
    assert_eq!(
        ev[0],
        Event::ComesBack {
            monster: m,
            at: p(0, 3),
            stairs: false
        }
    );
    assert_eq!(ev[4], Event::HoldsGround { monster: m });
    assert_eq!(
        ev[5..],
        [
            Event::Reinforcements {
                monster: m,
                face: 4
            },
            Event::TokenComesIn { token, at: p(0, 2) },
            Event::Revealed {
                token,
                dice: [3, 3],
                bonus: 0,
                total: 6,
                count: 1,
                points: 20
            },
            Event::FromPool {
                names: vec!["Orc".into()],
                value: 20
            },
            Event::Appears {
                monster: new,
                at: p(0, 2),
                facing: Side::N,
                facing_faces: Rolls(vec![1]),
                surprised: true
            },
        ]
    );
    assert!(g.wmt_pool.is_empty());
    assert!(g.monsters[new].surprised);
    all_dice_used(&g);
    // A 1-3 brings nobody.
    let mut g = game(&[6, 6, 2]);
    put_hero(&mut g, 0, p(6, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(3, 3), &[]);
    g.monsters[m].mode = MonsterMode::GoneForHelp;
    g.monsters[m].pos = None;
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::Reinforcements {
            monster: m,
            face: 2
        })
    );
    assert_eq!(g.wmt_pool.len(), 1);
    assert!(g.monsters[m].active());
    all_dice_used(&g);
}

/// Ayla in C2's north-east corner with the orc boxed in by its friends.
fn boxed_in(mode: MonsterMode) -> (Game, MonsterId) {
    let mut g = game(&[]);
    put_hero(&mut g, 0, p(22, 1), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(23, 0), &[]);
    add_monster(&mut g, "orc-2", 20, p(22, 0), &[]);
    add_monster(&mut g, "orc-3", 20, p(23, 1), &[]);
    g.monsters[m].mode = mode;
    (g, m)
}

#[test]
fn a_blocked_monster_stops_seeking_help_and_fights() {
    let (mut g, m) = boxed_in(MonsterMode::Reinforcing);
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            Event::WayBlocked { monster: m },
            prompt(m, AYLA, true, Side::S)
        ]
    );
    assert_eq!(g.monsters[m].mode, MonsterMode::Hunt);
    all_dice_used(&g);
}

// ---------------------------------------------------------------- thievery

fn give_chest(g: &mut Game, h: HeroId) {
    let c = ChestId(0);
    g.chests[c].place = ChestPlace::Hero(h);
    g.chests[c].open = true;
    g.chests[c].trap_spent = true;
    g.heroes[h].chests = vec![c];
}

#[test]
fn theft_moves_the_chest_and_the_1_row_makes_it_flee() {
    // Decision 6, unexpected 1 (theft), the theft roll 4, then 1: it flees.
    let mut g = game(&[6, 1, 4, 1]);
    put_hero(&mut g, 0, p(5, 5), Side::N);
    give_chest(&mut g, AYLA);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
    let ev = act(&mut g, m);
    let c = ChestId(0);
    assert_eq!(
        ev[2..],
        [
            Event::Unexpected {
                monster: m,
                face: 1
            },
            Event::GoesForChest {
                monster: m,
                hero: AYLA
            },
            moved(m, p(4, 5), &[p(3, 5), p(4, 5)]),
            Event::Theft {
                monster: m,
                hero: AYLA,
                face: 4,
                need: THEFT,
                chest: Some(c)
            },
            Event::AfterTheft {
                monster: m,
                face: 1
            },
        ]
    );
    assert_eq!(g.chests[c].place, ChestPlace::Monster(m));
    assert!(!g.chests[c].open && !g.chests[c].trap_spent);
    assert!(g.heroes[AYLA].chests.is_empty());
    assert_eq!(g.monsters[m].carrying, Some(c));
    assert_eq!(g.monsters[m].mode, MonsterMode::Fleeing);
    all_dice_used(&g);
}

#[test]
fn a_failed_theft_leaves_the_chest() {
    let mut g = game(&[6, 1, 3]);
    put_hero(&mut g, 0, p(5, 5), Side::N);
    give_chest(&mut g, AYLA);
    let m = add_monster(&mut g, "orc-1", 20, p(4, 5), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::Theft {
            monster: m,
            hero: AYLA,
            face: 3,
            need: THEFT,
            chest: None
        })
    );
    assert_eq!(g.chests[ChestId(0)].place, ChestPlace::Hero(AYLA));
    assert_eq!(g.monsters[m].mode, MonsterMode::Hunt);
    all_dice_used(&g);
}

#[test]
fn no_chest_to_steal_means_reinforcements() {
    // With no speed left after setting off, it still picks its way (1).
    let mut g = game(&[6, 1, 1]);
    put_hero(&mut g, 0, p(5, 5), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 5), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[3..5],
        [
            Event::NoTheft { monster: m },
            Event::RunsForHelp {
                monster: m,
                cost: 4
            },
        ]
    );
    assert_eq!(g.monsters[m].mode, MonsterMode::Reinforcing);
    all_dice_used(&g);
}

#[test]
fn a_fleeing_thief_leaves_with_the_chest_and_it_is_lost() {
    let mut g = game(&[]);
    put_hero(&mut g, 0, p(6, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 3), &[]);
    let c = ChestId(0);
    g.monsters[m].mode = MonsterMode::Fleeing;
    g.monsters[m].carrying = Some(c);
    g.chests[c].place = ChestPlace::Monster(m);
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            moved(m, p(0, 3), &[p(1, 3), p(0, 3)]),
            Event::MonsterLeaves {
                monster: m,
                stairs: false,
                chest: Some(c),
                for_help: false
            },
        ]
    );
    assert_eq!(g.monsters[m].pos, None);
    assert_eq!(g.monsters[m].mode, MonsterMode::Gone);
    assert_eq!(g.chests[c].place, ChestPlace::Lost);
}

#[test]
fn a_blocked_thief_drops_the_chest_on_the_spot() {
    let (mut g, m) = boxed_in(MonsterMode::Fleeing);
    let c = ChestId(0);
    g.monsters[m].carrying = Some(c);
    g.chests[c].place = ChestPlace::Monster(m);
    g.chests[c].trap_spent = true;
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            Event::WayBlocked { monster: m },
            Event::MonsterDropsChest {
                monster: m,
                chest: c,
                at: p(23, 0)
            },
            prompt(m, AYLA, true, Side::S),
        ]
    );
    assert_eq!(g.chests[c].place, ChestPlace::At(p(23, 0)));
    assert!(!g.chests[c].trap_spent);
    assert_eq!(g.monsters[m].carrying, None);
}

#[test]
fn a_monster_shuts_an_open_chest_next_to_it() {
    let mut g = game(&[6, 6]);
    put_hero(&mut g, 0, p(1, 1), Side::N);
    let c = ChestId(0);
    g.chests[c].open = true;
    g.chests[c].trap_spent = true;
    let m = add_monster(&mut g, "orc-1", 20, p(21, 6), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[0],
        Event::ChestShut {
            monster: m,
            chest: c,
            at: p(22, 7)
        }
    );
    assert!(!g.chests[c].open && !g.chests[c].trap_spent);
    all_dice_used(&g);
}

mod ability_rules;
mod line_of_fire;
