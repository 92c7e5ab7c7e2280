//! Tests of `heroes`.

use super::*;
use crate::mkd::figures::Shoot;
use crate::mkd::play::board::{Board, Door};
use crate::mkd::play::engine::Game;
use crate::mkd::play::event::{AttackRoll, Figure, Target};
use crate::mkd::play::state::{ChestId, PlacedMarker};
use crate::mkd::play::testkit::*;
use crate::tileset::Cell;

/// The plain test game with every tile visited (no discovery rolls).
fn visited(faces: &[u32]) -> Game {
    let mut g = game(faces);
    g.visited.extend(0..3);
    g
}

#[test]
fn heroes_walk_through_friends_but_never_stop_on_them() {
    let mut g = visited(&[]);
    put_hero(&mut g, 0, p(9, 3), Side::E);
    put_hero(&mut g, 1, p(10, 3), Side::E);
    let ev = ok(&mut g, "Ayla moves to 12,3");
    assert_eq!(
        ev,
        [Event::Walked {
            hero: AYLA,
            to: p(12, 3),
            end: WalkEnd::Arrived
        }]
    );
    assert_eq!(g.heroes[AYLA].place, HeroPlace::At(p(12, 3)));
    assert_eq!(g.heroes[BORIN].place, HeroPlace::At(p(10, 3)));
    assert_eq!(
        refused(&mut g, "Borin moves to 12,3"),
        Refusal::Taken {
            at: Square(p(12, 3))
        }
    );
}

#[test]
fn a_walk_is_paid_in_speed_and_refused_when_it_cannot_be() {
    let mut g = visited(&[]);
    // From outside: one step onto the entrance, then on.
    let ev = ok(&mut g, "Ayla moves to 3,3");
    assert_eq!(printed(&g, &ev), "Ayla enters the dungeon and walks to 3,3");
    assert_eq!(g.heroes[AYLA].spent, 4);
    assert_eq!(
        refused(&mut g, "Ayla moves to 6,3"),
        Refusal::NoSpeed {
            hero: "Ayla".into(),
            left: 1,
            what: Spend::Walk(p(6, 3)),
            cost: 3
        }
    );
    assert_eq!(
        refused(&mut g, "Ayla moves to 9,2"),
        Refusal::NotStandable {
            at: Square(p(9, 2)),
            what: "wall"
        }
    );
    assert_eq!(
        refused(&mut g, "Ayla moves to 30,2").to_string(),
        "30,2 is outside the dungeon, not a square a hero can stand on"
    );
    assert_eq!(
        refused(&mut g, "Ayla moves to 3,3"),
        Refusal::AlreadyThere {
            hero: "Ayla".into(),
            at: Square(p(3, 3))
        }
    );
}

// ---------------------------------------------------------------- doors

/// A closed door between 7,3 and 8,3 with Ayla beside it.
fn door_game(faces: &[u32]) -> Game {
    let mut g = visited(faces);
    g.board_mut().doors.push(Door {
        edges: vec![[p(7, 3), p(8, 3)]],
        open: false,
        trap: DoorTrap::Unchecked,
    });
    put_hero(&mut g, 0, p(7, 3), Side::E);
    g
}

#[test]
fn a_checked_door_shows_a_pool_chest_trap_and_a_careful_disarm_earns_experience() {
    // The pool's one chest is level 1: its trap 3 is a needle (3+);
    // the careful disarm rolls 3.
    let mut g = door_game(&[3, 3]);
    let ev = ok(&mut g, "Ayla checks door at 8,3");
    assert_eq!(
        ev,
        [Event::DoorChecked {
            hero: AYLA,
            at: p(8, 3),
            level: 1,
            face: 3
        }]
    );
    assert_eq!(
        printed(&g, &ev),
        "Ayla checks the door at 8,3: a level 1 chest's trap, rolled 3 — needle (disarm on 3+)"
    );
    let ev = ok(&mut g, "Ayla disarms door at 8,3 slow");
    assert_eq!(
        ev,
        [Event::Disarmed {
            hero: AYLA,
            trap: (1, 3),
            fast: false,
            roll: 3
        }]
    );
    assert_eq!(
        printed(&g, &ev),
        "Ayla disarms needle (careful): rolled 3, needed 3+ — disarmed, +5 experience"
    );
    assert_eq!(g.board.doors[0].trap, DoorTrap::Spent);
    assert_eq!(g.xp, 5);
    assert_eq!(g.heroes[AYLA].spent, g.rules().slow_disarm);
    // Now it has no active trap.
    let ev = ok(&mut g, "Ayla checks door at 8,3");
    assert_eq!(
        ev,
        [Event::DoorHasNoTrap {
            hero: AYLA,
            at: p(8, 3)
        }]
    );
    assert_eq!(
        refused(&mut g, "Ayla disarms door at 8,3 fast"),
        Refusal::NoKnownTrap {
            what: "door",
            at: Square(p(8, 3))
        }
    );
    all_dice_used(&g);
}

#[test]
fn a_failed_quick_disarm_springs_the_trap() {
    let mut g = door_game(&[3, 2]);
    ok(&mut g, "Ayla checks door at 8,3");
    let ev = ok(&mut g, "Ayla disarms door at 8,3 fast");
    assert_eq!(
        ev,
        [
            Event::DisarmFailed {
                hero: AYLA,
                trap: (1, 3),
                roll: 2
            },
            Event::TrapSprung { trap: (1, 3) },
            Event::HeroWounded {
                hero: AYLA,
                wounds: 1,
                left: 3
            },
        ]
    );
    assert_eq!(
        printed(&g, &ev[..2]),
        "Ayla fails to disarm needle: rolled 2, needed 3+\nthe trap goes off: needle"
    );
    assert_eq!(g.board.doors[0].trap, DoorTrap::Spent);
    all_dice_used(&g);
}

#[test]
fn opening_an_unchecked_door_springs_its_trap_and_walls_stop_walks() {
    // 1: the lock is clean.
    let mut g = door_game(&[1]);
    assert_eq!(
        refused(&mut g, "Ayla moves to 9,3"),
        Refusal::CannotReach {
            hero: "Ayla".into(),
            to: Square(p(9, 3))
        }
    );
    let ev = ok(&mut g, "Ayla opens door at 8,3");
    assert_eq!(
        ev,
        [
            Event::DoorOpened {
                hero: AYLA,
                at: p(8, 3)
            },
            Event::DoorTrapRolled { level: 1, face: 1 },
        ]
    );
    // The dice are printed, and a clean lock springs nothing.
    assert_eq!(
        printed(&g, &ev[1..]),
        "the door's trap: a level 1 chest's trap, rolled 1 — no trap"
    );
    assert!(g.board.doors[0].open);
    assert_eq!(g.heroes[AYLA].spent, g.rules().door_open);
    assert_eq!(
        refused(&mut g, "Ayla opens door at 8,3"),
        Refusal::DoorOpen {
            at: Square(p(8, 3))
        }
    );
    ok(&mut g, "Ayla moves to 9,3");
    all_dice_used(&g);
}

#[test]
fn doors_are_closed_unless_figures_stand_in_the_doorway() {
    let mut g = door_game(&[]);
    g.board_mut().doors[0].open = true;
    g.board_mut().doors[0].trap = DoorTrap::Spent;
    put_hero(&mut g, 1, p(8, 3), Side::W);
    assert_eq!(refused(&mut g, "Ayla closes door at 8,3"), Refusal::Doorway);
    g.heroes[BORIN].place = HeroPlace::Outside;
    let ev = ok(&mut g, "Ayla closes door at 8,3");
    assert_eq!(
        ev,
        [Event::DoorClosed {
            hero: AYLA,
            at: p(8, 3)
        }]
    );
    assert_eq!(g.heroes[AYLA].spent, g.rules().door_close);
    assert_eq!(
        refused(&mut g, "Ayla closes door at 8,3"),
        Refusal::DoorClosed {
            at: Square(p(8, 3))
        }
    );
    assert_eq!(
        refused(&mut g, "Ayla opens door at 2,2"),
        Refusal::NoDoor {
            at: Square(p(2, 2))
        }
    );
    put_hero(&mut g, 0, p(3, 3), Side::E);
    assert_eq!(
        refused(&mut g, "Ayla opens door at 8,3"),
        Refusal::NotNextToDoor {
            hero: "Ayla".into(),
            at: Square(p(8, 3))
        }
    );
}

// ---------------------------------------------------------------- chests

#[test]
fn a_chest_is_opened_carried_and_handed_over() {
    // The level 1 chest: trap 1 (clean), contents 5 (100 gold).
    let mut g = visited(&[1, 5]);
    put_hero(&mut g, 0, p(21, 6), Side::S);
    put_hero(&mut g, 1, p(20, 6), Side::S);
    let c = ChestId(0);
    let ev = ok(&mut g, "Ayla opens chest at 22,7");
    assert_eq!(
        ev,
        [
            Event::ChestOpened {
                hero: AYLA,
                chest: c,
                trap: Some((1, 1))
            },
            Event::ChestHolds {
                chest: c,
                level: 1,
                face: 5
            },
            Event::ChestCarried {
                hero: AYLA,
                chest: c
            },
        ]
    );
    assert_eq!(
        printed(&g, &ev),
        "Ayla opens chest-1: trap roll 1 — no trap\nchest-1 holds 100 gold\nAyla carries chest-1"
    );
    assert_eq!(g.chests[c].place, ChestPlace::Hero(AYLA));
    assert_eq!(g.chests[c].contents, Some((100, None)));
    assert_eq!(g.stats.chests_opened, 1);
    let ev = ok(&mut g, "Ayla gives chest to Borin");
    assert_eq!(
        ev,
        [Event::ChestHanded {
            hero: AYLA,
            chest: c,
            to: BORIN
        }]
    );
    assert_eq!(g.heroes[BORIN].chests, [c]);
    assert_eq!(g.chests[c].place, ChestPlace::Hero(BORIN));
    all_dice_used(&g);
}

#[test]
fn an_open_chest_is_taken_and_dropped_beside_the_hero() {
    let mut g = visited(&[]);
    put_hero(&mut g, 0, p(21, 6), Side::S);
    let c = ChestId(0);
    assert_eq!(
        refused(&mut g, "Ayla takes chest at 22,7"),
        Refusal::ChestClosed {
            chest: "chest-1".into(),
            hero: "Ayla".into(),
            at: Square(p(22, 7))
        }
    );
    g.chests[c].open = true;
    assert_eq!(
        refused(&mut g, "Ayla opens chest at 22,7").to_string(),
        "chest-1 is already open: take it with `Ayla takes chest at 22,7`"
    );
    ok(&mut g, "Ayla takes chest at 22,7");
    assert_eq!(g.heroes[AYLA].chests, vec![c]);
    let ev = ok(&mut g, "Ayla drops chest");
    assert_eq!(
        ev,
        [Event::ChestDropped {
            hero: AYLA,
            chest: c,
            at: p(21, 5)
        }]
    );
    assert!(matches!(g.chests[c].place, ChestPlace::At(q) if Board::adjacent(q, p(21, 6))));
    assert_eq!(g.heroes[AYLA].spent, 3);
    assert_eq!(
        refused(&mut g, "Ayla drops chest"),
        Refusal::NoChestCarried {
            hero: "Ayla".into()
        }
    );
}

#[test]
fn a_chest_s_trap_goes_off_when_it_is_opened() {
    // 4: a spring blade (1 wound); contents 2 (50 gold).
    let mut g = visited(&[4, 2]);
    put_hero(&mut g, 0, p(21, 6), Side::S);
    let ev = ok(&mut g, "Ayla opens chest at 22,7");
    assert_eq!(
        ev[1..3],
        [
            Event::TrapSprung { trap: (1, 4) },
            Event::HeroWounded {
                hero: AYLA,
                wounds: 1,
                left: 3
            },
        ]
    );
    assert!(g.chests[ChestId(0)].trap_spent);
    all_dice_used(&g);
}

#[test]
fn door_trap_dice_are_printed_when_it_is_opened_unchecked() {
    // Unchecked, the trap is rolled as the door opens: 4, a spring blade.
    let mut g = door_game(&[4]);
    let ev = ok(&mut g, "Ayla opens door at 8,3");
    assert_eq!(
        ev[1..3],
        [
            Event::DoorTrapRolled { level: 1, face: 4 },
            Event::TrapSprung { trap: (1, 4) },
        ]
    );
    assert_eq!(
        printed(&g, &ev[1..3]),
        "the door's trap: a level 1 chest's trap, rolled 4 — spring blade\nthe trap goes off: spring blade"
    );
    all_dice_used(&g);
}

#[test]
fn a_hero_standing_on_a_chest_checks_and_disarms_it() {
    // Found by a hand game: the chest under the hero counts as beside
    // it for checking as it does for opening. Check rolls 4, disarm 5.
    let mut g = visited(&[4, 5]);
    put_hero(&mut g, 0, p(22, 7), Side::S);
    ok(&mut g, "Ayla checks chest at 22,7");
    let ev = ok(&mut g, "Ayla disarms chest at 22,7 slow");
    assert!(
        printed(&g, &ev).contains("disarmed"),
        "{}",
        printed(&g, &ev)
    );
    all_dice_used(&g);
}

#[test]
fn a_chest_trap_is_rolled_once_kept_and_disarmed() {
    // The check rolls 4 (spring blade, 4+); checked again, no dice; a
    // quick disarm rolls 5; the opening rolls only the contents (1).
    let mut g = visited(&[4, 5, 1]);
    put_hero(&mut g, 0, p(22, 6), Side::S);
    let checked = [Event::ChestChecked {
        hero: AYLA,
        chest: ChestId(0),
        level: 1,
        face: 4,
    }];
    assert_eq!(ok(&mut g, "Ayla checks chest at 22,7"), checked);
    assert_eq!(ok(&mut g, "Ayla checks chest at 22,7"), checked);
    let ev = ok(&mut g, "Ayla disarms chest at 22,7 fast");
    assert_eq!(
        ev,
        [Event::Disarmed {
            hero: AYLA,
            trap: (1, 4),
            fast: true,
            roll: 5
        }]
    );
    assert_eq!(g.xp, 5);
    let ev = ok(&mut g, "Ayla opens chest at 22,7");
    assert_eq!(
        ev[0],
        Event::ChestOpened {
            hero: AYLA,
            chest: ChestId(0),
            trap: None
        }
    );
    all_dice_used(&g);
}

#[test]
fn a_checked_chest_trap_springs_as_checked() {
    // Checked: 3, a needle; opened, the needle goes off with no new
    // roll; contents 1.
    let mut g = visited(&[3, 1]);
    put_hero(&mut g, 0, p(22, 6), Side::S);
    ok(&mut g, "Ayla checks chest at 22,7");
    let ev = ok(&mut g, "Ayla opens chest at 22,7");
    assert_eq!(
        ev[..3],
        [
            Event::ChestOpened {
                hero: AYLA,
                chest: ChestId(0),
                trap: Some((1, 3))
            },
            Event::TrapSprung { trap: (1, 3) },
            Event::HeroWounded {
                hero: AYLA,
                wounds: 1,
                left: 3
            },
        ]
    );
    all_dice_used(&g);
}

#[test]
fn a_failed_quick_chest_disarm_springs_it_and_a_careful_one_does_not() {
    // Checked 3 (needle, 3+); careful 2 fails and keeps it; quick 1
    // fails and springs it; then it has no active trap.
    let mut g = visited(&[3, 2, 1]);
    put_hero(&mut g, 0, p(22, 6), Side::S);
    assert_eq!(
        refused(&mut g, "Ayla disarms chest at 22,7 slow").to_string(),
        "the chest at 22,7 has no known active trap (check it first)"
    );
    ok(&mut g, "Ayla checks chest at 22,7");
    let ev = ok(&mut g, "Ayla disarms chest at 22,7 slow");
    assert_eq!(ev.len(), 1);
    g.heroes[AYLA].spent = 0;
    let ev = ok(&mut g, "Ayla disarms chest at 22,7 fast");
    assert_eq!(ev[1], Event::TrapSprung { trap: (1, 3) });
    let ev = ok(&mut g, "Ayla checks chest at 22,7");
    assert_eq!(printed(&g, &ev), "Ayla checks chest-1: no active trap");
    all_dice_used(&g);
}

#[test]
fn a_chest_is_checked_for_its_trap() {
    let mut g = visited(&[6]);
    put_hero(&mut g, 0, p(21, 6), Side::S);
    // The word `door` names a door: there is none on the chest's square.
    assert_eq!(
        refused(&mut g, "Ayla checks door at 22,7").to_string(),
        "there is no door at 22,7"
    );
    assert_eq!(
        refused(&mut g, "Ayla disarms door at 22,7 fast").to_string(),
        "there is no door at 22,7"
    );
    // With neither word, what lies there is checked.
    let ev = ok(&mut g, "Ayla checks 22,7");
    assert_eq!(
        printed(&g, &ev),
        "Ayla checks chest-1: rolled 6 — rattle alarm"
    );
    all_dice_used(&g);
}

#[test]
fn a_door_is_not_checked_or_disarmed_as_a_chest() {
    // Found by a user's audit: `checks chest at` a door's square checked
    // the door, and the refusal for a missing chest spoke of a door.
    let mut g = door_game(&[3]);
    for line in ["Ayla checks chest at 8,3", "Ayla disarms chest at 8,3 fast"] {
        assert_eq!(
            refused(&mut g, line).to_string(),
            "there is no chest at 8,3"
        );
    }
    assert_eq!(g.board.doors[0].trap, DoorTrap::Unchecked);
    // With neither word the door there is checked.
    let ev = ok(&mut g, "Ayla checks 8,3");
    assert_eq!(
        ev,
        [Event::DoorChecked {
            hero: AYLA,
            at: p(8, 3),
            level: 1,
            face: 3
        }]
    );
    all_dice_used(&g);
}

#[test]
fn a_hero_carries_two_chests_at_most_and_hands_over_only_alongside() {
    let mut g = visited(&[]);
    put_hero(&mut g, 0, p(21, 6), Side::S);
    put_hero(&mut g, 1, p(2, 2), Side::S);
    g.heroes[AYLA].chests = vec![ChestId(7), ChestId(8)];
    g.chests[0].open = true;
    assert_eq!(
        refused(&mut g, "Ayla takes chest at 22,7"),
        Refusal::HandsFull {
            hero: "Ayla".into(),
            most: 2
        }
    );
    assert_eq!(
        refused(&mut g, "Ayla gives chest to Borin"),
        Refusal::NotSideBySide {
            hero: "Ayla".into(),
            other: "Borin".into()
        }
    );
    g.heroes[BORIN].place = HeroPlace::Outside;
    assert_eq!(
        refused(&mut g, "Ayla gives chest to Borin"),
        Refusal::BothInside
    );
}

// ---------------------------------------------------------------- leaving and attacking

#[test]
fn a_hero_leaves_by_an_exit_with_what_he_carries() {
    let mut g = visited(&[]);
    put_hero(&mut g, 0, p(1, 3), Side::W);
    assert_eq!(
        refused(&mut g, "Ayla leaves"),
        Refusal::NotOnExit {
            hero: "Ayla".into(),
            exits: vec![p(0, 3), p(0, 4)]
        }
    );
    put_hero(&mut g, 0, p(0, 3), Side::W);
    g.heroes[AYLA].chests = vec![ChestId(0)];
    g.chests[0].place = ChestPlace::Hero(AYLA);
    let ev = ok(&mut g, "Ayla leaves");
    assert_eq!(
        ev[0],
        Event::Left {
            hero: AYLA,
            carrying: vec![ChestId(0)]
        }
    );
    assert_eq!(g.heroes[AYLA].place, HeroPlace::Escaped);
    assert_eq!(g.chests[0].place, ChestPlace::Out);
}

/// Ayla next to an orc, in dice combat.
fn fight(faces: &[u32]) -> (Game, crate::mkd::play::state::MonsterId) {
    let mut g = game_with(CombatMode::Dice, Vec::new(), faces);
    put_hero(&mut g, 0, p(3, 3), Side::E);
    let m = add_monster(&mut g, "orc-1", 20, p(4, 3), &[]);
    (g, m)
}

#[test]
fn a_hero_s_melee_attack_can_slay_a_monster() {
    // Two hits (4 5), two kill dice of 4 against armour 4: two wounds.
    let (mut g, m) = fight(&[4, 5, 4, 4]);
    let ev = ok(&mut g, "Ayla attacks orc-1");
    assert_eq!(
        ev,
        [
            Event::Attack {
                by: Figure::Hero(AYLA),
                strike: Strike::Melee,
                target: Target::Figure(Figure::Monster(m)),
                roll: AttackRoll {
                    to_hit: vec![4, 5],
                    kill: vec![4, 4],
                    wounds: 2,
                    hit_on: 4,
                    armour: 4
                }
            },
            Event::MonsterSlain {
                monster: m,
                by: Some(AYLA),
                points: 20,
                pool: 20
            },
        ]
    );
    assert_eq!(
        printed(&g, &ev),
        "Ayla attacks orc-1 (melee): rolls [4 5] needing 4+: 2 hits; kill dice [4 4] against armour 4: 2 wounds\norc-1 is slain by Ayla: +20 experience (pool 20)"
    );
    assert_eq!(g.xp, 20);
    assert_eq!(g.fallen, [m]);
    all_dice_used(&g);
}

#[test]
fn a_monster_that_survives_a_melee_attack_counterattacks() {
    // Ayla misses (1 1); the orc hits once (4 1) and wounds (4).
    let (mut g, m) = fight(&[1, 1, 4, 1, 4]);
    let ev = ok(&mut g, "Ayla attacks orc-1");
    assert!(matches!(
        ev[1],
        Event::Attack {
            by: Figure::Monster(x),
            strike: Strike::Counter,
            ..
        } if x == m
    ));
    assert!(printed(&g, &ev[1..2]).starts_with("orc-1 counterattacks Ayla (melee): rolls [4 1]"));
    assert_eq!(
        ev[2],
        Event::HeroWounded {
            hero: AYLA,
            wounds: 1,
            left: 3
        }
    );
    assert!(g.heroes[AYLA].done);
    all_dice_used(&g);
}

#[test]
fn a_shot_from_next_to_a_monster_takes_one_off_every_die() {
    // Ayla shoots at 5+ from beside another monster: a 5 counts as 4.
    let (mut g, _) = fight(&[5, 6, 4]);
    g.heroes[AYLA].stats.shoot = Some(Shoot { dice: 2, range: 6 });
    let far = add_monster(&mut g, "orc-2", 20, p(3, 7), &[]);
    let ev = ok(&mut g, "Ayla attacks orc-2");
    assert_eq!(
        ev[0],
        Event::Attack {
            by: Figure::Hero(AYLA),
            strike: Strike::Shooting,
            target: Target::Figure(Figure::Monster(far)),
            roll: AttackRoll {
                to_hit: vec![5, 6],
                kill: vec![4],
                wounds: 1,
                hit_on: 5,
                armour: 4
            }
        }
    );
    all_dice_used(&g);
}

/// A closed door on the entryway between C1 and the hallway (7,3 | 8,3).
fn shut_door(g: &mut Game) {
    g.board_mut().doors.push(Door {
        edges: vec![[p(7, 3), p(8, 3)]],
        open: false,
        trap: DoorTrap::Spent,
    });
}

#[test]
fn closed_door_blocks_melee_and_shots() {
    // Ayla on 7,3 and orc-1 on 8,3, a closed door between them; a
    // skeleton (range 7) down the corridor on 12,3 and Borin on 5,3.
    let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
    put_hero(&mut g, 0, p(7, 3), Side::E);
    put_hero(&mut g, 1, p(5, 3), Side::E);
    g.heroes[BORIN].stats.shoot = Some(Shoot { dice: 2, range: 8 });
    let orc = add_monster(&mut g, "orc-1", 20, p(8, 3), &[]);
    let skel = add_monster(&mut g, "skel-1", 12, p(12, 3), &[]);
    shut_door(&mut g);
    use crate::mkd::play::ai::walk::can_attack_now;
    // Across the door (orthogonal and diagonal) nobody touches anybody.
    assert!(!g.board.touching(p(7, 3), p(8, 3)));
    assert!(!g.board.touching(p(7, 2), p(8, 3)));
    assert!(!can_attack_now(&g, orc, AYLA, None));
    assert!(!can_attack_now(&g, skel, BORIN, Some(7)));
    assert_eq!(
        refused(&mut g, "Ayla attacks orc-1").to_string(),
        "Ayla cannot attack orc-1: the closed door at 7,3|8,3 is in the way"
    );
    assert_eq!(
        refused(&mut g, "Borin attacks skel-1").to_string(),
        "Borin cannot attack skel-1: the closed door at 7,3|8,3 is in the way"
    );
    // Opened, the door lets Ayla and the orc fight, but they stand on the
    // line between Borin and the skeleton: a figure blocks a shot.
    g.board_mut().doors[0].open = true;
    assert!(can_attack_now(&g, orc, AYLA, None));
    assert!(!can_attack_now(&g, skel, BORIN, Some(7)));
    assert_eq!(
        refused(&mut g, "Borin attacks skel-1").to_string(),
        "Borin cannot shoot skel-1: Ayla at 7,3 is in the line of fire"
    );
    assert!(g.board.touching(p(7, 2), p(8, 3)));
    // Ayla steps aside: the orc alone is in the way, from either end.
    put_hero(&mut g, 0, p(7, 1), Side::E);
    assert!(!can_attack_now(&g, skel, BORIN, Some(7)));
    assert_eq!(
        refused(&mut g, "Borin attacks skel-1").to_string(),
        "Borin cannot shoot skel-1: orc-1 at 8,3 is in the line of fire"
    );
    // With the orc gone into the far room, the line is clear both ways.
    g.set_monster_pos(orc, Some(p(17, 6)));
    assert!(can_attack_now(&g, skel, BORIN, Some(7)));
    assert!(g.line_of_fire(p(5, 3), p(12, 3)));
}

#[test]
fn a_hero_must_roll_to_break_away_from_a_monster() {
    // Ayla on 3,3 beside orc-1 on 4,3 walks west: a 2 fails (she stays
    // and pays nothing), then a 5 lets her go.
    let mut g = game_with(CombatMode::Dice, Vec::new(), &[2, 5]);
    g.visited.extend(0..3);
    put_hero(&mut g, 0, p(3, 3), Side::E);
    let orc = add_monster(&mut g, "orc-1", 20, p(4, 3), &[]);
    let ev = ok(&mut g, "Ayla moves to 1,3");
    assert_eq!(
        ev,
        [
            Event::Walked {
                hero: AYLA,
                to: p(1, 3),
                end: WalkEnd::StoppedAt(p(3, 3))
            },
            Event::HeroBreakAway {
                hero: AYLA,
                monsters: vec![orc],
                face: 2,
                need: 4
            },
        ]
    );
    assert_eq!(
        printed(&g, &ev[1..]),
        "Ayla fails to break away from orc-1: rolled 2 (needs 4+)"
    );
    assert_eq!(g.heroes[AYLA].spent, 0);
    let ev = ok(&mut g, "Ayla moves to 1,3");
    assert_eq!(
        ev[0],
        Event::Walked {
            hero: AYLA,
            to: p(1, 3),
            end: WalkEnd::Arrived
        }
    );
    assert_eq!(g.heroes[AYLA].pos(), Some(p(1, 3)));
    assert_eq!(g.heroes[AYLA].spent, 2);
    all_dice_used(&g);
}

#[test]
fn a_hero_passes_through_a_monster_taking_a_rear_attack() {
    // In the one-square corridor orc-1 on 10,3 is in Ayla's way: she
    // breaks away (4), passes through it and takes its rear attack
    // (1 1: no hit), with no counterattack, and walks on.
    let mut g = game_with(CombatMode::Dice, Vec::new(), &[4, 1, 1]);
    g.visited.extend(0..3);
    put_hero(&mut g, 0, p(9, 3), Side::E);
    let orc = add_monster(&mut g, "orc-1", 20, p(10, 3), &[]);
    let ev = ok(&mut g, "Ayla moves to 12,3");
    assert_eq!(
        ev[0],
        Event::Walked {
            hero: AYLA,
            to: p(12, 3),
            end: WalkEnd::Arrived
        }
    );
    assert_eq!(
        ev[2],
        Event::HeroPassesThrough {
            hero: AYLA,
            monster: orc
        }
    );
    assert!(matches!(
        ev[3],
        Event::Attack {
            by: Figure::Monster(x),
            strike: Strike::Melee,
            ..
        } if x == orc
    ));
    assert_eq!(ev.len(), 4);
    assert_eq!(
        printed(&g, &ev[2..3]),
        "Ayla passes through orc-1 and takes its rear attack"
    );
    assert_eq!(g.heroes[AYLA].pos(), Some(p(12, 3)));
    assert_eq!(g.heroes[AYLA].spent, 3);
    all_dice_used(&g);
}

#[test]
fn a_nimble_hero_keeps_the_speed_a_reveal_leaves_unwalked() {
    // Nimble Ayla walks 9,3 -> 14,3 down the corridor; on 12,3 she
    // reveals the token on 13,3 and the monster now stands in her way:
    // she pays 3 for the squares walked, not 5 for the route.
    let w = crate::mkd::scenario::Wmt {
        x: 13,
        y: 3,
        color: crate::mkd::scenario::WmtColor::Yellow,
        number: 3,
        guardian: false,
        tile: 1,
    };
    let mut g = game_with(CombatMode::Manual, vec![w], &[6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
    g.visited.extend(0..3);
    g.heroes[AYLA]
        .abilities
        .push(crate::mkd::figures::Ability::Nimble);
    g.monster_pool = std::sync::Arc::new(vec![crate::mkd::monsters::MonsterEntry {
        name: "Orc".into(),
        points: 15,
        count: 6,
        abilities: Vec::new(),
        stats: None,
    }]);
    put_hero(&mut g, 0, p(9, 3), Side::E);
    let ev = ok(&mut g, "Ayla moves to 14,3");
    assert!(g.monster_at(p(13, 3)).is_some(), "{}", printed(&g, &ev));
    assert_eq!(g.heroes[AYLA].pos(), Some(p(12, 3)));
    assert_eq!(g.heroes[AYLA].spent, 3);
    assert!(!g.heroes[AYLA].done);
}

#[test]
fn attacks_are_refused_out_of_reach_in_manual_combat_and_without_speed() {
    let (mut g, _) = fight(&[]);
    add_monster(&mut g, "orc-2", 20, p(3, 7), &[]);
    assert_eq!(
        refused(&mut g, "Ayla attacks orc-2"),
        Refusal::OutOfReach {
            hero: "Ayla".into(),
            monster: "orc-2".into(),
            from: Square(p(3, 3))
        }
    );
    g.heroes[AYLA].spent = 5;
    assert_eq!(
        refused(&mut g, "Ayla attacks orc-1"),
        Refusal::NoSpeedToAttack {
            hero: "Ayla".into()
        }
    );
    let mut g = visited(&[]);
    put_hero(&mut g, 0, p(3, 3), Side::E);
    add_monster(&mut g, "orc-1", 20, p(4, 3), &[]);
    assert_eq!(
        refused(&mut g, "Ayla attacks orc-1").to_string(),
        "combat is manual: fight with the figures, then report it (`hit orc-1 1`, `kill orc-1`, `wound Ayla 1`)"
    );
}

// ---------------------------------------------------------------- teleporters and vortexes

#[test]
fn a_lone_teleporter_sends_the_hero_to_a_random_tile_centre() {
    // Three tiles, one d6: 2 names H1, whose centre is 11,3.
    let mut g = visited(&[2]);
    put_hero(&mut g, 0, p(4, 4), Side::N);
    g.markers.push(PlacedMarker {
        kind: PlayMarker::Teleporter,
        pos: p(4, 4),
        tile: 0,
    });
    let ev = ok(&mut g, "Ayla teleports");
    assert_eq!(
        ev[1..],
        [Event::Teleported {
            hero: AYLA,
            at: p(11, 3),
            tile: g.board.tiles[1].label
        }]
    );
    assert_eq!(
        printed(&g, &ev),
        "random tile for the teleport: rolled 2 — H1\nAyla is teleported to 11,3 in H1"
    );
    assert_eq!(
        refused(&mut g, "Ayla teleports to 1,1"),
        Refusal::AlreadyActed {
            hero: "Ayla".into()
        }
    );
    all_dice_used(&g);
}

#[test]
fn a_second_teleporter_can_be_chosen() {
    let mut g = visited(&[]);
    put_hero(&mut g, 0, p(4, 4), Side::N);
    for (at, tile) in [(p(4, 4), 0), (p(20, 5), 2)] {
        g.markers.push(PlacedMarker {
            kind: PlayMarker::Teleporter,
            pos: at,
            tile,
        });
    }
    assert_eq!(
        refused(&mut g, "Ayla teleports to 5,5").to_string(),
        "5,5 is not another teleporter; the choice needs a second teleporter (found: 20,5)"
    );
    let ev = ok(&mut g, "Ayla teleports to 20,5");
    assert_eq!(
        ev,
        [Event::SteppedThrough {
            hero: AYLA,
            at: p(20, 5)
        }]
    );
    put_hero(&mut g, 1, p(1, 1), Side::N);
    assert_eq!(
        refused(&mut g, "Borin teleports"),
        Refusal::NoTeleporter {
            hero: "Borin".into()
        }
    );
}

#[test]
fn four_quarter_turns_bring_a_tile_back_and_leave_hindering_where_it_lay() {
    let tiles = crate::tileset::default_tileset();
    let params = crate::mkd::generate::GenerateParams {
        seed: 7,
        ..Default::default()
    };
    let s = crate::mkd::generate::generate(&tiles, &params).expect("seed 7 builds");
    let mut b = Board::new(&s);
    let hall = (0..b.tiles.len())
        .find(|&t| b.tiles[t].kind == crate::tileset::TileKind::Hallway && t != s.entrance.tile)
        .expect("a hallway");
    let before = b.tile_cells(hall);
    let mut ever_covered = Vec::new();
    for _ in 0..4 {
        let (moved, crushed) = b.turn_tile(hall);
        assert_eq!(moved.len(), before.len(), "no square lost");
        ever_covered.extend(crushed);
    }
    assert_eq!(b.tile_cells(hall), before, "four turns: as it was");
    assert!(b.covered.is_empty());
    for q in ever_covered {
        if before.iter().any(|(p, _)| *p == q) {
            continue;
        }
        let orig = s.cell(q.x, q.y);
        let now = b.cell(q);
        if orig == Cell::Floor {
            assert_eq!(now, Cell::Hindering, "{q:?}");
        } else {
            assert_eq!(now, orig, "{q:?}");
        }
    }
}

#[test]
fn a_vortex_turns_the_tile_with_its_figures() {
    let mut g = visited(&[]);
    put_hero(&mut g, 0, p(9, 3), Side::E);
    g.markers.push(PlacedMarker {
        kind: PlayMarker::Vortex,
        pos: p(9, 3),
        tile: 1,
    });
    // An orc in C1's east column is crushed by the turned hallway.
    let orc = add_monster(&mut g, "orc-1", 20, p(7, 1), &[]);
    let wall_before = g.board.cell(p(11, 0));
    let ev = ok(&mut g, "Ayla uses vortex");
    let h1 = g.board.tiles[1].label;
    assert_eq!(
        ev[0],
        Event::VortexWorked {
            hero: AYLA,
            tile: h1,
            centre: p(11, 3)
        }
    );
    assert_eq!(
        printed(&g, &ev[..1]),
        "Ayla works the vortex: H1 turns a quarter turn clockwise about 11,3"
    );
    assert!(ev.contains(&Event::Covers {
        tile: h1,
        at: p(7, 1),
        crushed: vec![Crushed::Monster(orc)]
    }));
    assert_eq!(g.monsters[orc].pos, None);
    // About the centre (11,3): (9,3) goes to (11,1); she now faces south.
    assert_eq!(g.heroes[AYLA].place, HeroPlace::At(p(11, 1)));
    assert_eq!(g.heroes[AYLA].facing, Side::S);
    // The ground moved under her: she may be cut off now.
    assert!(g.heroes[AYLA].displaced);
    assert_eq!(g.markers[0].pos, p(11, 1));
    // The corridor row turned into a column.
    assert_eq!(g.board.cell(p(11, 0)), Cell::Floor);
    assert_ne!(wall_before, Cell::Floor);
    assert!(g.heroes[AYLA].done);
    put_hero(&mut g, 1, p(1, 1), Side::N);
    assert_eq!(
        refused(&mut g, "Borin uses vortex"),
        Refusal::NoVortex {
            hero: "Borin".into()
        }
    );
}
