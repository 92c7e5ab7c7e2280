//! The automatic heroes' choices (`simulate`): Multi Shot spread, Control
//! Enemy, letting the Draken Master move first.

use super::*;
use crate::dw10::play::command::Command;
use crate::dw10::play::simulate::{View, hero_choice, lets_dm_move, targets};
use crate::dw10::play::walk::reach;

pub(super) fn view(k: &Kit) -> View<'_> {
    View {
        s: &k.s,
        map: &k.map,
    }
}

pub(super) const HALL: &str = "
################
#..............#
#..............#
#..............#
#..............#
################";

#[test]
fn a_multi_shot_hero_shares_its_dice_when_two_or_more_monsters_may_be_shot() {
    // The Charging Bowman's 5 dice: two targets at two dice each at
    // least, the weakest first (goblins: 1 wound, armour 3; then the orc).
    let mut k = kit(
        ROOM,
        vec![],
        &[("Charging Bowman", (1, 2))],
        &[("Orc", (5, 1)), ("Goblin", (5, 3)), ("Goblin", (6, 2))],
    );
    assert_eq!(
        targets(&view(&k), HeroId(0)),
        vec![MonsterId(1), MonsterId(2)]
    );
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Shoot(
            "Charging".into(),
            vec!["2".into(), "3".into()]
        ))
    );
    // One monster in range and sight: one target.
    k.s.monsters[1].body.at = None;
    k.s.monsters[2].body.at = None;
    assert_eq!(targets(&view(&k), HeroId(0)), vec![MonsterId(0)]);
    // A hero without Multi Shot never spreads.
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 2))],
        &[("Goblin", (5, 3)), ("Goblin", (6, 2))],
    );
    assert_eq!(targets(&view(&k), HeroId(0)), vec![MonsterId(0)]);
}

#[test]
fn a_control_enemy_hero_pulls_a_shooter_beside_the_most_heroes_first_thing() {
    // The Warden Mage (1,1) and the Tracker (1,3); a skeleton on 6,2 with
    // movement 4. 2,2 is beside both heroes and within its reach (1,2 is
    // 5 away): the mage pulls it there before anything else.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Warden Mage", (1, 1)), ("Tracker", (1, 3))],
        &[("Skeleton", (6, 2))],
    );
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Control("Warden".into(), "1".into(), (2, 2)))
    );
    // The d6 of 3 moves it (the engine's own rule, played as the policy said).
    let ev = k.run(&[3], |c| {
        abilities::control(c, H0, M0, (2, 2));
    });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Controlled { face: 3, .. }))
    );
    assert_eq!(k.s.monster(MonsterId(0)).body.at, Some((2, 2)));
    // Used this move: not again.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Warden Mage", (1, 1)), ("Tracker", (1, 3))],
        &[("Skeleton", (6, 2))],
    );
    k.s.heroes[0].used.push(Ability::ControlEnemy);
    assert!(!matches!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Control(..))
    ));
    // No shooter on the map (an orc walks to the heroes anyway): no pull.
    let k = kit(
        ROOM,
        vec![],
        &[("Warden Mage", (1, 1)), ("Tracker", (1, 3))],
        &[("Orc", (6, 2))],
    );
    assert!(!matches!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Control(..))
    ));
}

#[test]
fn the_heroes_let_the_draken_master_move_first_when_his_monsters_must_come_to_them() {
    // Two heroes who shoot; an orc 10 squares off, out of its 4 movement's
    // reach of them: let it come, and shoot it in the Non-Mover's phase.
    let mut k = kit(
        HALL,
        vec![],
        &[("Tracker", (1, 2)), ("Wood Elf", (1, 3))],
        &[("Orc", (11, 2))],
    );
    k.s.winner = SideId::Heroes;
    assert!(lets_dm_move(&view(&k)));
    // Once a hero acted, or having lost the initiative: no.
    k.s.heroes_acted = true;
    assert!(!lets_dm_move(&view(&k)));
    k.s.heroes_acted = false;
    k.s.winner = SideId::Dm;
    assert!(!lets_dm_move(&view(&k)));
    k.s.winner = SideId::Heroes;
    // Too far for its walk to bring it into a bow's range (13 squares;
    // the elf's range 8 and its movement 4): the heroes walk on.
    k.s.monsters[0].body.at = Some((14, 2));
    assert!(!lets_dm_move(&view(&k)));
    // The orc could reach a hero's side this move: the heroes act first.
    k.s.monsters[0].body.at = Some((6, 2));
    assert!(!lets_dm_move(&view(&k)));
    // A monster that shoots need not come: the heroes act first.
    let mut k = kit(
        HALL,
        vec![],
        &[("Tracker", (1, 2)), ("Wood Elf", (1, 3))],
        &[("Skeleton", (11, 2))],
    );
    k.s.winner = SideId::Heroes;
    assert!(!lets_dm_move(&view(&k)));
    // Fewer than half the heroes shoot: they walk on.
    let mut k = kit(
        HALL,
        vec![],
        &[
            ("Tracker", (1, 2)),
            ("Swift Healer", (1, 3)),
            ("Field Medic", (1, 4)),
        ],
        &[("Orc", (11, 2))],
    );
    k.s.winner = SideId::Heroes;
    assert!(!lets_dm_move(&view(&k)));
}

#[test]
fn a_simulated_party_with_multi_shot_and_control_enemy_uses_both() {
    // Seed 7's scenario, a party of a Charging Bowman, a Warden Mage, a
    // Scout Battle Witch and a Front Line Warrior, runs 0-7 of 60 moves:
    // the commands the heroes gave include shared shots and Control Enemy
    // (runs 0-3 were enough before fights and sight through staircases
    // dealt the dice otherwise).
    let path = "tests/golden/dw10/seed-7/scenario.yaml";
    let text = std::fs::read_to_string(path).unwrap();
    let sc: crate::dw10::Scenario = crate::scenario::from_yaml(&text, path).unwrap();
    let figures = Arc::new(crate::dw10::figures::embedded());
    let tables = Arc::new(crate::dw10::tables::embedded());
    let party = party::parse(
        "format: tilecrawl-dw10-party/1
heroes:
  - {name: Ayla, figure: Charging Bowman}
  - {name: Bram, figure: Warden Mage}
  - {name: Cole, figure: Scout Battle Witch}
  - {name: Dara, figure: Front Line Warrior}
",
        "party.yaml",
        &figures,
    )
    .unwrap();
    let o = simulate::SimOptions {
        runs: 1,
        seed: 7,
        max_moves: 60,
        scaled_down: false,
    };
    let mut lines = Vec::new();
    for run in 0..8 {
        let (mut g, _) = engine::Game::new(
            Arc::new(sc.clone()),
            simulate::run_options(&party, &figures, &tables, &o, run, false),
        );
        let mut rec = Some(Vec::new());
        simulate::play_out_recorded(&mut g, 60, &mut rec);
        lines.extend(rec.unwrap_or_default());
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("shoot ") && l.split(' ').count() > 3),
        "no shared shot"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("control Bram ")),
        "no control"
    );
}

#[test]
fn the_default_party_sometimes_lets_the_draken_master_move_first() {
    // Seed 7's scenario, the simulated runs up to 99 (6 of them have it):
    // the heroes' `non-mover` comes up, and the engine takes it.
    let path = "tests/golden/dw10/seed-7/scenario.yaml";
    assert!(
        (0..100)
            .map(|run| simulated_save(path, run, 60).commands)
            .any(|c| c.iter().any(|l| l == "non-mover"))
    );
}

/// A teleporter is left from on it: a hero beside the active one, with the
/// objective done, steps onto it and then leaves. Before, the square
/// beside it counted as reached, and the hero stood there for good.
#[test]
fn a_hero_beside_the_teleporter_steps_onto_it_to_leave() {
    let mut tp = Feature::new(FeatureKind::Teleporter, 4, 2);
    tp.active = Some(true);
    let mut k = kit(HALL, vec![tp], &[("Tracker", (3, 2))], &[]);
    k.s.objective_done = true;
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Move("Tracker".into(), (4, 2)))
    );
    k.s.heroes[0].body.at = Some((4, 2));
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Escape("Tracker".into()))
    );
}

/// A hero on the active teleporter with the objective done leaves before
/// anything else: before it shoots (a shot would leave it no points to go,
/// and it stood there shooting move after move while the monsters came),
/// and from a melee too.
#[test]
fn a_hero_on_the_teleporter_with_the_objective_done_leaves_before_it_shoots() {
    let mut tp = Feature::new(FeatureKind::Teleporter, 1, 2);
    tp.active = Some(true);
    let mut k = kit(HALL, vec![tp], &[("Tracker", (1, 2))], &[("Orc", (6, 2))]);
    let leaves = Some(Command::Escape("Tracker".into()));
    // Not done yet: it shoots the orc in its line.
    assert!(matches!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Shoot(..))
    ));
    k.s.objective_done = true;
    assert_eq!(hero_choice(&view(&k), HeroId(0)), leaves);
    // The orc beside it: it still leaves (and takes the free attack).
    k.s.monsters[0].body.at = Some((2, 2));
    assert_eq!(hero_choice(&view(&k), HeroId(0)), leaves);
    // With under 2 points left it cannot.
    k.s.heroes[0].mp = 1;
    assert_eq!(hero_choice(&view(&k), HeroId(0)), None);
}

/// On its way out, a hero that can stop on the teleporter this move goes
/// there before it shoots, and leaves from it next move. A campaign game
/// never ended: the last hero in a corridor shot, move after move, at a
/// Troll its kill dice could not wound, three squares from the way out.
#[test]
fn a_hero_on_its_way_out_takes_the_teleporter_in_reach_before_a_shot() {
    let mut tp = Feature::new(FeatureKind::Teleporter, 3, 4);
    tp.active = Some(true);
    let prisoner = Feature::new(FeatureKind::Prisoner, 13, 1);
    let mut k = kit(
        HALL,
        vec![tp, prisoner],
        &[("Tracker", (1, 2))],
        &[("Orc", (6, 2))],
    );
    // With the objective to do it shoots the orc in its line.
    let shoots = |k: &Kit| {
        let c = hero_choice(&view(k), HeroId(0));
        assert!(matches!(c, Some(Command::Shoot(..))), "{c:?}");
    };
    shoots(&k);
    k.s.objective_done = true;
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Move("Tracker".into(), (3, 4)))
    );
    // Out of this move's reach, it shoots first as before.
    k.s.heroes[0].mp = 1;
    shoots(&k);
}

/// Past move `GIVE_UP_AFTER` the automatic heroes give the objective up
/// and head for the way out, so a deadlocked game ends.
#[test]
fn past_the_usual_length_the_heroes_give_up_the_objective_and_leave() {
    let mut tp = Feature::new(FeatureKind::Teleporter, 2, 2);
    tp.active = Some(true);
    let prisoner = Feature::new(FeatureKind::Prisoner, 13, 2);
    let mut k = kit(HALL, vec![tp, prisoner], &[("Tracker", (3, 2))], &[]);
    let walks_to = |k: &Kit| match hero_choice(&view(k), HeroId(0)) {
        Some(Command::Move(_, to)) => to,
        other => panic!("{other:?}"),
    };
    k.s.move_no = crate::dw10::play::simulate::GIVE_UP_AFTER;
    assert!(walks_to(&k).0 > 3, "still after the prisoner");
    k.s.move_no += 1;
    assert_eq!(walks_to(&k), (2, 2), "gives up and leaves");
}

/// Two ways east to the prisoner on 10,3: the bottom row (8 points to
/// 9,3) and round by the top row (12 points to 10,2).
const TWO_WAYS: &str = "
############
#..........#
#.########.#
#..........#
############";

/// One way east, a corridor a square wide.
const ONE_WAY: &str = "
############
#..........#
############";

fn shown_condition(what: &str, x: i32, y: i32, hidden: bool) -> Feature {
    let mut f = Feature::new(FeatureKind::Condition, x, y);
    f.what = Some(what.into());
    if hidden {
        f.secret = Some(true);
    }
    f
}

/// The automatic Tracker walks toward the prisoner move by move (its
/// movement back each time), no die rolled: every square its walks went
/// through, and where it ended.
fn walk_to_prisoner(k: &mut Kit, moves: usize) -> (Vec<Sq>, Sq) {
    let mut crossed = Vec::new();
    for _ in 0..moves {
        let Some(Command::Move(_, q)) = hero_choice(&view(k), HeroId(0)) else {
            break;
        };
        let (path, _) = reach(&k.s, &k.map, H0, k.s.heroes[0].mp).path(q);
        crossed.extend(path);
        k.run(&[], |c| {
            crate::dw10::play::moving::hero_move(c, HeroId(0), q)
        });
        let h = &mut k.s.heroes[0];
        (h.mp, h.moved, h.done) = (h.body.fig.movement, false, false);
    }
    (crossed, k.s.heroes[0].body.at.unwrap())
}

#[test]
fn the_automatic_heroes_go_round_a_dungeon_condition_they_know_of() {
    let prisoner = Feature::new(FeatureKind::Prisoner, 10, 3);
    // A murder hole in plain sight on the short way: the Tracker takes the
    // long way by the top row and gets beside the prisoner all the same.
    let mut k = kit(
        TWO_WAYS,
        vec![
            shown_condition("murder-hole", 5, 3, false),
            prisoner.clone(),
        ],
        &[("Tracker", (1, 3))],
        &[],
    );
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Move("Tracker".into(), (4, 1)))
    );
    let (crossed, end) = walk_to_prisoner(&mut k, 4);
    assert!(!crossed.contains(&(5, 3)), "{crossed:?}");
    assert!(crossed.contains(&(5, 1)), "{crossed:?}");
    assert_eq!(end, (10, 2));
    // A hidden pressure pad there, not yet found: the heroes do not know
    // of it, and their walk takes the short way over it.
    let mut k = kit(
        TWO_WAYS,
        vec![
            shown_condition("pressure-pad", 5, 3, true),
            prisoner.clone(),
        ],
        &[("Tracker", (1, 3))],
        &[],
    );
    let Some(Command::Move(_, q)) = hero_choice(&view(&k), HeroId(0)) else {
        panic!("the Tracker moves");
    };
    assert!(reach(&k.s, &k.map, H0, 5).path(q).0.contains(&(5, 3)));
    // Once found, it is kept off like a shown one.
    k.s.found[0] = true;
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Move("Tracker".into(), (4, 1)))
    );
    // Spent: nothing left to keep off.
    k.s.gone[0] = true;
    let Some(Command::Move(_, q)) = hero_choice(&view(&k), HeroId(0)) else {
        panic!("the Tracker moves");
    };
    assert!(reach(&k.s, &k.map, H0, 5).path(q).0.contains(&(5, 3)));
}

#[test]
fn with_no_other_way_the_automatic_heroes_cross_the_condition() {
    // A corridor with a murder hole on 5,1: the only way to the prisoner.
    let mut k = kit(
        ONE_WAY,
        vec![
            shown_condition("murder-hole", 5, 1, false),
            Feature::new(FeatureKind::Prisoner, 10, 1),
        ],
        &[("Tracker", (1, 1))],
        &[],
    );
    let cmd = hero_choice(&view(&k), HeroId(0));
    assert_eq!(cmd, Some(Command::Move("Tracker".into(), (6, 1))));
    // The walk crosses it: a d6 of 1 leaves it quiet, and the Tracker
    // gets to 6,1.
    let ev = k.run(&[1], |c| {
        crate::dw10::play::moving::hero_move(c, HeroId(0), (6, 1))
    });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Condition {
            face: 1,
            goes_off: false,
            ..
        }
    )));
    assert_eq!(k.s.heroes[0].body.at, Some((6, 1)));
}

#[test]
fn a_hero_held_up_behind_a_fight_goes_round_by_another_way() {
    // The short way to the prisoner, the bottom row, is filled: the
    // Charging Bowman (4,3) fights an orc (5,3) in the corridor, and the
    // Tracker behind him can stop on no square of that way this move.
    // It goes round by the top row instead, and gets beside the prisoner.
    let mut k = kit(
        TWO_WAYS,
        vec![Feature::new(FeatureKind::Prisoner, 10, 3)],
        &[("Tracker", (3, 3)), ("Charging Bowman", (4, 3))],
        &[("Orc", (5, 3))],
    );
    k.s.heroes[0].shot = true;
    let Some(Command::Move(_, q)) = hero_choice(&view(&k), HeroId(0)) else {
        panic!("the Tracker waits behind the fight");
    };
    assert!(q.0 <= 2 || q.1 == 1, "{q:?} is not on the way round");
    let (crossed, end) = walk_to_prisoner(&mut k, 5);
    assert!(crossed.contains(&(5, 1)), "{crossed:?}");
    assert!(!crossed.contains(&(5, 3)), "{crossed:?}");
    assert_eq!(end, (10, 2));
    // With no way round (one corridor), it waits behind its friend.
    let mut k = kit(
        ONE_WAY,
        vec![Feature::new(FeatureKind::Prisoner, 10, 1)],
        &[("Tracker", (3, 1)), ("Charging Bowman", (4, 1))],
        &[("Orc", (5, 1))],
    );
    k.s.heroes[0].shot = true;
    assert_eq!(hero_choice(&view(&k), HeroId(0)), None);
}

/// Two rooms no walk joins (a staircase between them in the test).
const STAIR_ROOMS: &str = "
###########
#...#.....#
#...#.....#
#...#.....#
###########";

#[test]
fn a_hero_on_a_staircase_end_steps_off_for_a_friend_whose_way_takes_it() {
    // The red staircase joins 2,2 (west room) and 7,2 (east room); the
    // prisoner is in the east room. The Charging Bowman stands on the east
    // end with an orc in its sight; the Tracker waits on the west end to
    // come down. Before shooting, the Bowman steps off: to the nearest
    // square that is no staircase end and in no kill zone (7,1; 8,1 and
    // 8,2 are beside the orc).
    let stairs = || {
        let mut f = red_stairs_at((2, 2), (7, 2));
        f.push(Feature::new(FeatureKind::Prisoner, 9, 3));
        f
    };
    let heroes = [("Charging Bowman", (7, 2)), ("Tracker", (2, 2))];
    let k = kit(STAIR_ROOMS, stairs(), &heroes, &[("Orc", (10, 2))]);
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Move("Charging".into(), (7, 1)))
    );
    // With the Tracker off the west end, nobody waits: the Bowman shoots.
    let heroes = [("Charging Bowman", (7, 2)), ("Tracker", (1, 1))];
    let k = kit(STAIR_ROOMS, stairs(), &heroes, &[("Orc", (10, 2))]);
    assert!(matches!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Shoot(..))
    ));
}

/// A long west room and a small east one, no walk between them.
const LONG_ROOM: &str = "
#############
#.......#...#
#.......#...#
#############";

#[test]
fn a_fighter_held_up_walks_up_to_a_staircase_end_a_monster_holds() {
    // The red staircase joins 7,1 (west) and 10,2 (east); an orc holds the
    // east end, the prisoner is beyond it. The Swift Healer (5 dice,
    // movement 4, a double move of 8) on 1,1 is held up: friends stand on
    // the row its way takes, and 7,1 is 6 points off, past its normal
    // movement, in the kill zone the orc casts across the staircase (a
    // double move may not end there). With no way round, it walks to the
    // square nearest that end out of kill zones (6,2), to step onto the
    // end and fight next move.
    let mut features = red_stairs_at((7, 1), (10, 2));
    features.push(Feature::new(FeatureKind::Prisoner, 11, 1));
    let heroes = [
        ("Swift Healer", (1, 1)),
        ("Tracker", (2, 1)),
        ("Field Medic", (3, 1)),
        ("Warden Mage", (4, 1)),
        ("Old Sage", (5, 1)),
        ("Dwarf Crossbowman", (6, 1)),
    ];
    let mut k = kit(LONG_ROOM, features.clone(), &heroes, &[("Orc", (10, 2))]);
    // The move's start, as the engine resets a Swift Mover: 8 points, 4
    // of them its normal movement.
    let h = &mut k.s.heroes[0];
    (h.mp, h.magic.double_move) = (8, Some(4));
    assert_eq!(
        hero_choice(&view(&k), HeroId(0)),
        Some(Command::Move("Swift".into(), (6, 2)))
    );
    // A hero of 4 dice held up the same way waits.
    let mut heroes = heroes;
    heroes[0].0 = "Tracker";
    heroes[1].0 = "Swift Healer";
    let k = kit(LONG_ROOM, features, &heroes, &[("Orc", (10, 2))]);
    assert_eq!(hero_choice(&view(&k), HeroId(0)), None);
}

/// Over whole simulated games (40 runs each of the two pinned scenarios):
/// whenever a move starts with the heroes acting and a hero that could
/// leave stands on an active teleporter with the objective done (2 points
/// left, not asleep, not done), its command is to leave.
#[test]
fn in_simulated_games_a_hero_that_can_leave_from_a_teleporter_leaves() {
    let mut seen = 0;
    for path in [
        "tests/golden/dw10/seed-7/scenario.yaml",
        "tests/golden/dw10/seed-12-mkd-tiles-hard/scenario.yaml",
    ] {
        for run in 0..40 {
            let (mut g, _, _) = simulated_game(path, run, 60);
            for upto in 1..=60 {
                simulate::play_out(&mut g, upto);
                if g.over() {
                    break;
                }
                if g.s.phase != Phase::HeroesAct || !g.s.objective_done {
                    continue;
                }
                for h in g.s.live_heroes() {
                    let hero = g.s.hero(h);
                    let on_tp = hero.body.at.is_some_and(|at| {
                        g.s.feature_on(at, FeatureKind::Teleporter)
                            .is_some_and(|t| g.s.active[t.0 as usize])
                    });
                    if on_tp && hero.mp >= 2 && !hero.done && !hero.magic.asleep {
                        seen += 1;
                        assert_eq!(
                            simulate::hero_command(&g, h),
                            Some(Command::Escape(hero.body.name.clone())),
                            "{path} run {run} move {}",
                            g.s.move_no
                        );
                    }
                }
            }
        }
    }
    assert!(seen > 0, "no hero ever stood ready to leave");
}
