//! The rules of play with scripted dice (each test sets a few models on an
//! open patch of floor and scripts every face), and whole games by the
//! policy.

use super::command::{Command, Place};
use super::engine::{Game, PlayOptions};
use super::event::{DoorChange, Event, Task, TrapPlace, Why};
use super::simulate::{SimOptions, simulate};
use super::state::{Fate, ModelId, Outcome, Team, Turn};
use crate::build::board::{Board, Terrain};
use crate::core::dice::Dice;
use crate::core::geom::Point;
use crate::ddd::part::DddScenario;
use crate::ddd::scenarios::ScenarioKind;
use crate::ddd::warparty::{self, Ability, Die};
use crate::ddd::{Choice, DddOptions, generate};

/// The board `generate` makes for a named scenario and seed.
pub(super) fn scenario(kind: ScenarioKind, seed: u64) -> DddScenario {
    crate::ddd::named_board(kind, seed)
}

const B1: ModelId = ModelId {
    team: Team::Blue,
    number: 1,
};
const B2: ModelId = ModelId {
    team: Team::Blue,
    number: 2,
};
const R1: ModelId = ModelId {
    team: Team::Red,
    number: 1,
};
const R2: ModelId = ModelId {
    team: Team::Red,
    number: 2,
};

/// A model to set on the table: who, where (from the patch's corner),
/// power, defense, abilities.
type Piece<'a> = (ModelId, (i32, i32), Die, Die, &'a [Ability]);

/// A Battle table with only `pieces` on it: the first piece's turn is
/// under way with `moves` squares of movement; the last piece's card is
/// next (its movement roll is the script's last face).
fn table(pieces: &[Piece<'_>], moves: u32, script: &[u32]) -> (Game, Point) {
    let s = scenario(ScenarioKind::Battle, 7);
    let (mut g, _) = Game::new(
        &s,
        &warparty::new(1, "Blue"),
        &warparty::new(2, "Red"),
        Dice::quiet(1, "test"),
        PlayOptions::default(),
    )
    .unwrap();
    // An open floor: no walls, doors or exits in the way of the rule tested.
    g.grid = std::sync::Arc::new(super::grid::Grid::new(Board::filled(
        36,
        36,
        Terrain::Floor,
    )));
    g.state.doors.clear();
    g.state.counters.clear();
    let o = Point { x: 10, y: 10 };
    for f in &mut g.state.figures {
        f.fate = Fate::Dead;
        f.hidden = false;
        f.at = Point { x: -1, y: -1 };
    }
    for &(id, (dx, dy), power, defense, abilities) in pieces {
        let f = g.state.fig_mut(id);
        f.fate = Fate::OnBoard;
        f.at = Point {
            x: o.x + dx,
            y: o.y + dy,
        };
        f.power = power;
        f.defense = defense;
        f.abilities = abilities.to_vec();
    }
    g.state.kills = [0, 0];
    g.state.deck = vec![pieces[pieces.len() - 1].0];
    g.state.turn = Some(Turn {
        model: pieces[0].0,
        moves_left: moves,
        moved: 0,
        acted: false,
        attacks_left: 1 + g.state.fig(pieces[0].0).count(Ability::ExtraAttack),
        broke_away: false,
        fear_failed: false,
        magic_weapon_used: false,
    });
    g.set_dice(Dice::scripted(script));
    (g, o)
}

fn at(o: Point, dx: i32, dy: i32) -> Point {
    Point {
        x: o.x + dx,
        y: o.y + dy,
    }
}

fn faces(e: &Event) -> Option<Vec<u32>> {
    match e {
        Event::CloseAttack { att, def, .. } | Event::Damage { att, def, .. } => {
            Some(vec![att.value(), def.value()])
        }
        _ => None,
    }
}

#[test]
fn an_attack_on_a_stunned_model_takes_its_marker_off_and_says_so() {
    // L90: the stun counter goes when the model is attacked. b1 misses
    // (5 against 2): the marker goes all the same.
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[5, 2, 4],
    );
    g.state.fig_mut(R1).stunned = true;
    let ev = g.play(Command::Attack(R1)).unwrap();
    let at = ev
        .iter()
        .position(|e| *e == Event::StunLifted { id: R1 })
        .expect("the stun lifted");
    assert!(
        ev[..at].iter().all(|e| faces(e).is_none()),
        "said before the dice"
    );
    assert!(!g.state.fig(R1).stunned);
}

#[test]
fn close_combat_lower_power_hits_and_a_lower_damage_roll_wounds() {
    // b1 (power d6) attacks r1 (power d8): 2 against 5, a hit; damage 3
    // against defense 6: a wound, r1's only one; then b2's movement roll.
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[2, 5, 3, 6, 4],
    );
    let ev = g.play(Command::Attack(R1)).unwrap();
    let fs: Vec<Vec<u32>> = ev.iter().filter_map(faces).collect();
    assert_eq!(fs, vec![vec![2, 5], vec![3, 6]]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            critical: false,
            ..
        }
    )));
    assert!(ev.contains(&Event::Wounded {
        id: R1,
        wounds: 1,
        of: 1
    }));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Killed { id, .. } if *id == R1))
    );
    assert_eq!(g.state.kills, [1, 0]);
    assert_eq!(g.dice().script_left(), 0);
}

#[test]
fn ties_favour_the_defender() {
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[4, 4, 4],
    );
    let ev = g.play(Command::Attack(R1)).unwrap();
    assert!(!ev.iter().any(|e| matches!(e, Event::Damage { .. })));
    assert!(g.state.fig(R1).on_board());
}

#[test]
fn a_critical_hit_kills_whatever_the_wounds_but_not_a_huge_model() {
    let two = [Ability::ExtraWound, Ability::ExtraWound];
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &two),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[2, 5, 1, 6, 4],
    );
    let ev = g.play(Command::Attack(R1)).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Damage { critical: true, .. }))
    );
    assert_eq!(g.state.fig(R1).fate, Fate::Dead);
    let huge = [Ability::Huge, Ability::ExtraWound];
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &huge),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[2, 5, 1, 6, 4],
    );
    let ev = g.play(Command::Attack(R1)).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            critical: false,
            ..
        }
    )));
    assert_eq!(g.state.fig(R1).wounds, 1);
    assert!(g.state.fig(R1).on_board());
}

#[test]
fn extra_attack_gives_a_second_blow_in_the_same_turn() {
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[Ability::ExtraAttack]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[5, 2, 5, 2, 4],
    );
    let ev = g.play(Command::Attack(R1)).unwrap();
    assert!(!ev.iter().any(|e| matches!(e, Event::TurnEnds { .. })));
    let ev = g.play(Command::Attack(R1)).unwrap();
    assert!(ev.contains(&Event::TurnEnds { id: B1 }));
    assert_eq!(g.current(), Some(B2));
}

#[test]
fn a_ranged_attack_hits_when_the_power_roll_reaches_the_range() {
    let ra = [Ability::RangedAttack];
    // Range 3: a 3 hits, damage 2 against 5 wounds.
    let (mut g, _) = table(
        &[
            (B1, (1, 1), Die::D8, Die::D8, &ra),
            (R1, (4, 1), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[3, 2, 5, 4],
    );
    let ev = g.play(Command::Shoot(R1)).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Shot { range: 3, .. })));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Killed { id, .. } if *id == R1))
    );
    // A 2 misses.
    let (mut g, _) = table(
        &[
            (B1, (1, 1), Die::D8, Die::D8, &ra),
            (R1, (4, 1), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[2, 4],
    );
    let ev = g.play(Command::Shoot(R1)).unwrap();
    assert!(!ev.iter().any(|e| matches!(e, Event::Damage { .. })));
}

#[test]
fn ranged_attacks_are_refused_adjacent_without_the_ability_or_after_a_long_walk() {
    let ra = [Ability::RangedAttack];
    let (mut g, o) = table(
        &[
            (B1, (1, 1), Die::D8, Die::D8, &ra),
            (R1, (2, 1), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        8,
        &[],
    );
    let before = g.state.clone();
    assert!(g.play(Command::Shoot(R1)).is_err());
    assert_eq!(g.state, before, "a refusal changes nothing");
    let (mut g, _) = table(
        &[
            (B1, (1, 1), Die::D8, Die::D8, &[]),
            (R1, (5, 1), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        8,
        &[],
    );
    assert!(g.play(Command::Shoot(R1)).is_err());
    let (mut g, _) = table(
        &[
            (B1, (0, 0), Die::D8, Die::D8, &ra),
            (R1, (8, 0), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        8,
        &[],
    );
    g.play(Command::Move(at(o, 0, 5))).unwrap();
    let err = g.play(Command::Shoot(R1)).unwrap_err();
    assert!(err.to_string().contains("more than 4"), "{err}");
}

#[test]
fn movement_is_limited_by_the_roll_and_stops_next_to_an_enemy() {
    let (mut g, o) = table(
        &[
            (B1, (0, 0), Die::D8, Die::D8, &[]),
            (R1, (5, 0), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        3,
        &[],
    );
    assert!(g.play(Command::Move(at(o, 0, 4))).is_err());
    let ev = g.play(Command::Move(at(o, 3, 0))).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved {
            cost: 3,
            contact: false,
            ..
        }
    )));
    let (mut g, o) = table(
        &[
            (B1, (0, 0), Die::D8, Die::D8, &[]),
            (R1, (5, 0), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        6,
        &[],
    );
    let ev = g.play(Command::Move(at(o, 4, 0))).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { contact: true, .. }))
    );
    assert_eq!(g.state.turn.unwrap().moves_left, 0);
}

#[test]
fn the_turn_starts_with_the_defense_die_for_movement_and_flight_adds_one() {
    let (mut g, _) = table(
        &[
            (B1, (0, 0), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D10, &[Ability::Flight]),
        ],
        3,
        &[7],
    );
    let ev = g.play(Command::End).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoveRoll { id, bonus: 1, allowance: 8, .. } if *id == B2
    )));
}

#[test]
fn leaving_close_combat_needs_five_plus_and_a_failure_ends_the_turn() {
    let (mut g, o) = table(
        &[
            (B1, (2, 2), Die::D8, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[4, 4],
    );
    let ev = g.play(Command::Move(at(o, 0, 2))).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Test {
            task: Task::BreakAway,
            passed: false,
            ..
        }
    )));
    assert!(!ev.iter().any(|e| matches!(e, Event::Moved { .. })));
    assert_eq!(g.state.fig(B1).at, at(o, 2, 2));
    assert_eq!(g.current(), Some(B2));
    // Sneaky always passes.
    let (mut g, o) = table(
        &[
            (B1, (2, 2), Die::D8, Die::D8, &[Ability::Sneaky]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[],
    );
    let ev = g.play(Command::Move(at(o, 0, 2))).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Test {
            task: Task::BreakAway,
            roll: None,
            passed: true,
            ..
        }
    )));
}

#[test]
fn fear_bars_close_combat_range_on_a_failed_test() {
    let (mut g, o) = table(
        &[
            (B1, (0, 0), Die::D8, Die::D8, &[]),
            (R1, (4, 0), Die::D8, Die::D8, &[Ability::Undead]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        6,
        &[5],
    );
    let ev = g.play(Command::Move(at(o, 3, 0))).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Test {
            task: Task::Fear,
            passed: false,
            ..
        }
    )));
    assert_eq!(g.state.fig(B1).at, at(o, 0, 0));
    assert!(g.play(Command::Move(at(o, 3, 1))).is_err());
    // Strong Will never tests.
    let (mut g, o) = table(
        &[
            (B1, (0, 0), Die::D8, Die::D8, &[Ability::StrongWill]),
            (R1, (4, 0), Die::D8, Die::D8, &[Ability::Fear]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        6,
        &[],
    );
    let ev = g.play(Command::Move(at(o, 3, 0))).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { contact: true, .. }))
    );
}

#[test]
fn undead_keep_out_of_a_holy_aura() {
    let (mut g, o) = table(
        &[
            (R1, (0, 0), Die::D8, Die::D8, &[Ability::Undead]),
            (B1, (4, 0), Die::D8, Die::D8, &[Ability::HolyAura]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        6,
        &[],
    );
    assert!(g.play(Command::Move(at(o, 3, 0))).is_err());
    assert!(g.play(Command::Move(at(o, 2, 0))).is_ok());
}

#[test]
fn hiding_needs_cover_and_three_plus_and_moving_reveals() {
    let (mut g, o) = table(
        &[
            (B1, (1, 1), Die::D6, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[3, 4],
    );
    assert!(g.play(Command::Hide).is_err(), "floor is no cover");
    let mut b = (*g.grid).clone();
    b.board.set(at(o, 1, 1), Terrain::Rubble);
    g.grid = std::sync::Arc::new(super::grid::Grid::new(b.board));
    let ev = g.play(Command::Hide).unwrap();
    assert!(ev.contains(&Event::Hid { id: B1 }));
    assert!(g.state.fig(B1).hidden);
}

/// L133: the hidden marker comes off when the model moves, attacks or is
/// in close combat, and not for the other actions (healing here).
#[test]
fn a_hidden_model_stays_hidden_while_it_heals_and_is_revealed_when_it_moves() {
    let pieces: &[Piece<'_>] = &[
        (B1, (0, 0), Die::D8, Die::D8, &[Ability::Healer]),
        (B2, (1, 0), Die::D8, Die::D8, &[Ability::ExtraWound]),
        (R1, (20, 20), Die::D8, Die::D8, &[]),
    ];
    // Healing: a cunning test of 7+ on the d8 power die, passed on a 7.
    let (mut g, _) = table(pieces, 4, &[7, 4, 4, 4]);
    g.state.fig_mut(B1).hidden = true;
    g.state.fig_mut(B2).wounds = 1;
    let ev = g.play(Command::Heal(B2)).unwrap();
    assert!(ev.contains(&Event::Healed { id: B2, wounds: 0 }), "{ev:?}");
    assert!(!ev.contains(&Event::Revealed { id: B1 }), "{ev:?}");
    assert!(
        g.state.fig(B1).hidden,
        "healing is neither a move nor an attack"
    );
    // Moving takes the marker off.
    let (mut g, o) = table(pieces, 4, &[4, 4, 4]);
    g.state.fig_mut(B1).hidden = true;
    let ev = g.play(Command::Move(at(o, 0, 2))).unwrap();
    assert!(ev.contains(&Event::Revealed { id: B1 }), "{ev:?}");
    assert!(!g.state.fig(B1).hidden);
}

#[test]
fn doors_open_on_five_minus_locked_ones_need_a_thief_or_a_smash() {
    let s = scenario(ScenarioKind::Battle, 7);
    let (mut g, _) = Game::new(
        &s,
        &warparty::new(1, "Blue"),
        &warparty::new(2, "Red"),
        Dice::quiet(1, "test"),
        PlayOptions::default(),
    )
    .unwrap();
    let k = 0;
    let d = g.state.doors[k];
    g.state.doors[k].locked = true;
    g.state.doors[k].secret = false;
    let id = g.current().unwrap();
    let f = g.state.fig_mut(id);
    f.at = d.door.at;
    f.abilities = vec![];
    f.power = Die::D6;
    let side = d.door.side;
    for other in g.state.figures.iter_mut().filter(|x| x.id != id) {
        if other.at == d.door.beyond() {
            other.at = Point { x: -5, y: -5 };
        }
    }
    g.set_dice(Dice::scripted(&[
        3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ]));
    let err = g.play(Command::Open(side)).unwrap_err();
    assert!(err.to_string().contains("locked"), "{err}");
    assert!(g.play(Command::Pick(side)).is_err(), "not a thief");
    let ev = g.play(Command::Smash(side)).unwrap();
    assert!(ev.contains(&Event::Door {
        door: k,
        change: DoorChange::Smashed
    }));
    assert!(g.state.doors[k].gone);
}

#[test]
fn a_thiefs_trap_wounds_without_armour_unless_the_victim_outwits_the_setter() {
    let th = [Ability::Thief];
    // b1 sets a trap on the square east of it (6+: rolls 7), ends; r1 walks
    // onto it, rolls 2 against the thief's 5: a wound, no armour roll.
    let (mut g, o) = table(
        &[
            (B1, (1, 1), Die::D10, Die::D8, &th),
            (R1, (6, 1), Die::D8, Die::D8, &[]),
        ],
        4,
        &[7, 4, 2, 5, 1, 1],
    );
    let ev = g.play(Command::Trap(Place::Square(at(o, 2, 1)))).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TrapSet {
            place: TrapPlace::Square(_),
            ..
        }
    )));
    assert_eq!(g.current(), Some(R1));
    let ev = g.play(Command::Move(at(o, 3, 1))).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { .. })));
    assert!(g.state.traps.len() == 1, "walks round the trap");
    g.state.turn.as_mut().unwrap().moves_left = 4;
    let ev = g.play(Command::Move(at(o, 2, 1))).unwrap_or_default();
    let _ = ev;
    // The trap is next to b1: r1 stops on it in close combat.
    assert!(g.state.traps.is_empty(), "a sprung trap is removed");
    assert_eq!(g.state.fig(R1).fate, Fate::Dead);
}

#[test]
fn failing_to_remove_a_trap_wounds_the_thief() {
    let th = [Ability::Thief];
    let (mut g, o) = table(
        &[
            (B1, (1, 1), Die::D10, Die::D8, &th),
            (R1, (6, 6), Die::D10, Die::D8, &th),
        ],
        4,
        &[3, 4],
    );
    g.state.traps.push(super::state::SquareTrap {
        at: at(o, 2, 1),
        setter: R1,
    });
    let ev = g.play(Command::Disarm(Place::Square(at(o, 2, 1)))).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Test {
            task: Task::RemoveTrap,
            passed: false,
            ..
        }
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Killed { id, .. } if *id == B1))
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Damage { .. })),
        "no armour roll"
    );
}

#[test]
fn enthral_stuns_and_the_stunned_model_loses_its_next_turn() {
    let (mut g, _) = table(
        &[
            (B1, (1, 1), Die::D10, Die::D8, &[Ability::Enthrall]),
            (R1, (4, 1), Die::D6, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[6, 2, 4],
    );
    g.state.deck = vec![R1, B2];
    let ev = g.play(Command::Enthral(R1)).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Enthral { .. })));
    assert!(ev.contains(&Event::StunPassed { id: R1 }));
    assert!(!g.state.fig(R1).stunned);
    // Undead are immune.
    let (mut g, _) = table(
        &[
            (B1, (1, 1), Die::D10, Die::D8, &[Ability::Enthrall]),
            (R1, (4, 1), Die::D6, Die::D8, &[Ability::Undead]),
        ],
        4,
        &[],
    );
    assert!(g.play(Command::Enthral(R1)).is_err());
}

#[test]
fn a_healer_saves_a_friend_from_the_last_wound_once_a_round() {
    let (mut g, _) = table(
        &[
            (R1, (2, 2), Die::D6, Die::D8, &[]),
            (B1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (4, 3), Die::D12, Die::D8, &[Ability::Healer]),
        ],
        4,
        &[2, 5, 3, 6, 9, 4],
    );
    let ev = g.play(Command::Attack(B1)).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Test {
            task: Task::Save,
            passed: true,
            ..
        }
    )));
    assert!(g.state.fig(B1).on_board());
    assert_eq!(g.state.fig(B1).wounds, 0);
    assert!(g.state.fig(B2).heal_used);
}

/// L90, L131: a stun marker takes the healer's next turn, but the save is
/// made on the attacker's turn, so an enthralled healer still saves.
#[test]
fn a_stunned_healer_still_saves_a_friend_from_the_last_wound() {
    let (mut g, _) = table(
        &[
            (R1, (2, 2), Die::D6, Die::D8, &[]),
            (B1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (4, 3), Die::D12, Die::D8, &[Ability::Healer]),
            (R2, (12, 12), Die::D8, Die::D12, &[]),
        ],
        4,
        &[2, 5, 3, 6, 9, 4],
    );
    g.state.fig_mut(B2).stunned = true;
    let ev = g.play(Command::Attack(B1)).unwrap();
    let save = ev
        .iter()
        .find(|e| {
            matches!(
                e,
                Event::Test {
                    task: Task::Save,
                    ..
                }
            )
        })
        .expect("the stunned healer tries the save");
    let line = super::transcript::line(&g.state, save);
    assert!(line.contains("9"), "{line}");
    assert!(g.state.fig(B1).on_board());
    assert_eq!(g.state.fig(B1).wounds, 0);
    assert!(
        g.state.fig(B2).stunned,
        "the marker still costs its next turn"
    );
}

#[test]
fn a_mage_rerolls_a_failed_roll_once_a_round_and_the_second_stands() {
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[Ability::Mage]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[5, 3, 1, 2, 6, 4],
    );
    let ev = g.play(Command::Attack(R1)).unwrap();
    let att = ev.iter().find_map(|e| match e {
        Event::CloseAttack { att, .. } => Some(att.clone()),
        _ => None,
    });
    assert_eq!(att.map(|a| (a.kept, a.mage)), Some((5, Some(1))));
    assert!(g.state.fig(B1).mage_used);
    assert_eq!(g.state.fig(R1).fate, Fate::Dead);
}

#[test]
fn magic_armour_rolls_two_defense_dice_and_keeps_the_higher() {
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &[Ability::MagicArmor]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[1, 5, 3, 2, 3, 4],
    );
    let ev = g.play(Command::Attack(R1)).unwrap();
    let def = ev.iter().find_map(|e| match e {
        Event::Damage { def, .. } => Some(def.clone()),
        _ => None,
    });
    assert_eq!(def.map(|d| (d.faces, d.kept)), Some((vec![2, 3], 3)));
    assert!(g.state.fig(R1).on_board(), "3 is not lower than 3");
}

#[test]
fn every_living_model_acts_once_a_round() {
    let s = scenario(ScenarioKind::Battle, 7);
    let (mut g, first) = Game::new(
        &s,
        &warparty::new(1, "Blue"),
        &warparty::new(2, "Red"),
        Dice::quiet(5, "test"),
        PlayOptions::default(),
    )
    .unwrap();
    let mut ev = first;
    while g.state.round < 3 && !g.over() {
        ev.extend(g.play(Command::End).unwrap());
    }
    let mut rounds: Vec<Vec<ModelId>> = Vec::new();
    for e in &ev {
        match e {
            Event::Shuffled { .. } => rounds.push(Vec::new()),
            Event::TurnBegins { id } => rounds.last_mut().unwrap().push(*id),
            _ => {}
        }
    }
    for r in &rounds[..2] {
        let mut ids = r.clone();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 20);
        assert_eq!(r.len(), 20);
    }
}

#[test]
fn battle_ends_when_half_the_enemy_is_dead() {
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[2, 5, 3, 6],
    );
    g.state.kills = [4, 0];
    let ev = g.play(Command::Attack(R1)).unwrap();
    assert!(ev.contains(&Event::GameOver {
        outcome: Outcome::Win(Team::Blue),
        why: Why::HalfKilled
    }));
    assert!(g.play(Command::End).is_err());
    let _ = R2;
}

#[test]
fn every_scenario_plays_to_an_end_by_the_policy() {
    for kind in ScenarioKind::ALL {
        let s = scenario(kind, 7);
        let rep = simulate(
            &s,
            &warparty::new(1, "Blue"),
            &warparty::new(2, "Red"),
            &SimOptions {
                runs: 4,
                seed: 9,
                max_rounds: 40,
            },
            &|| {},
        )
        .unwrap();
        assert_eq!(rep.blue_wins + rep.red_wins + rep.draws, 4, "{kind:?}");
    }
}

#[test]
fn the_report_does_not_depend_on_the_threads() {
    let s = scenario(ScenarioKind::TreasureHunt, 3);
    let (b, r) = (warparty::new(1, "Blue"), warparty::new(2, "Red"));
    let opts = SimOptions {
        runs: 6,
        seed: 4,
        max_rounds: 30,
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| simulate(&s, &b, &r, &opts, &|| {}).unwrap());
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap()
        .install(|| simulate(&s, &b, &r, &opts, &|| {}).unwrap());
    assert_eq!(one, two);
}

fn counter(kind: crate::ddd::part::CounterKind, p: Point) -> super::state::Counter {
    super::state::Counter {
        kind,
        at: Some(p),
        carried_by: None,
        off_by: None,
        trap: None,
    }
}

#[test]
fn picking_up_needs_two_plus_and_a_killed_carrier_drops_it_on_its_square() {
    use crate::ddd::part::CounterKind;
    let (mut g, o) = table(
        &[
            (B1, (2, 2), Die::D8, Die::D8, &[]),
            (R1, (6, 6), Die::D8, Die::D8, &[]),
        ],
        4,
        &[2, 3],
    );
    g.kind = ScenarioKind::TreasureHunt;
    g.state.counters = vec![
        counter(CounterKind::Treasure, at(o, 3, 2)),
        counter(CounterKind::Treasure, at(o, 20, 20)),
    ];
    let ev = g.play(Command::PickUp(None)).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::PickedUp { id, .. } if *id == B1))
    );
    assert_eq!(g.state.fig(B1).carrying, Some(0));
    // r1 (now up) kills b1 with a critical: the treasure drops on b1's square.
    g.state.fig_mut(R1).at = at(o, 2, 3);
    g.set_dice(Dice::scripted(&[1, 5, 1, 6, 3]));
    g.state.deck = vec![R1];
    let ev = g.play(Command::Attack(B1)).unwrap();
    assert!(ev.contains(&Event::Dropped {
        kind: CounterKind::Treasure,
        at: at(o, 2, 2)
    }));
    assert_eq!(g.state.counters[0].at, Some(at(o, 2, 2)));
}

#[test]
fn the_object_of_power_leaves_only_by_the_far_edge_and_wins_there() {
    use crate::ddd::part::CounterKind;
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D8, Die::D8, &[]),
            (R1, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[],
    );
    g.kind = ScenarioKind::ObjectOfPower;
    let mut b = Board::filled(36, 36, Terrain::Floor);
    b.exits = vec![
        crate::build::board::Exit {
            side: crate::core::geom::Side::N,
            at: Point { x: 0, y: 0 },
            length: 3,
        },
        crate::build::board::Exit {
            side: crate::core::geom::Side::W,
            at: Point { x: 0, y: 5 },
            length: 3,
        },
    ];
    g.grid = std::sync::Arc::new(super::grid::Grid::new(b));
    g.state.deploy_edge = [
        Some(crate::core::geom::Side::S),
        Some(crate::core::geom::Side::N),
    ];
    let mut c = counter(CounterKind::Object, Point { x: 0, y: 0 });
    c.at = None;
    c.carried_by = Some(B1);
    g.state.counters = vec![c];
    g.state.fig_mut(B1).carrying = Some(0);
    g.state.fig_mut(B1).at = Point { x: 0, y: 6 };
    let err = g.play(Command::Leave).unwrap_err();
    assert!(err.to_string().contains("north"), "{err}");
    g.state.fig_mut(B1).at = Point { x: 1, y: 0 };
    let ev = g.play(Command::Leave).unwrap();
    assert!(ev.contains(&Event::GameOver {
        outcome: Outcome::Win(Team::Blue),
        why: Why::ObjectCarriedOff
    }));
}

#[test]
fn the_carrier_of_the_object_rolls_two_power_dice_for_damage() {
    use crate::ddd::part::CounterKind;
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D8, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D4, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[1, 5, 6, 2, 3, 4],
    );
    let mut c = counter(CounterKind::Object, Point { x: 0, y: 0 });
    c.at = None;
    g.state.counters = vec![c];
    g.state.fig_mut(B1).carrying = Some(0);
    let ev = g.play(Command::Attack(R1)).unwrap();
    let att = ev.iter().find_map(|e| match e {
        Event::Damage { att, .. } => Some(att.clone()),
        _ => None,
    });
    assert_eq!(att.map(|a| (a.faces, a.kept)), Some((vec![6, 2], 2)));
    assert!(g.state.fig(R1).fate == Fate::Dead);
}

#[test]
fn a_prisoner_is_freed_on_four_plus_and_bound_again_by_a_defenders_blow() {
    let (mut g, o) = table(
        &[
            (B1, (2, 2), Die::D8, Die::D8, &[]),
            (B2, (3, 2), Die::D8, Die::D8, &[]),
            (R1, (4, 3), Die::D6, Die::D8, &[Ability::RangedAttack]),
        ],
        4,
        &[4, 3],
    );
    g.kind = ScenarioKind::FreePrisoner;
    g.state.attacker = Team::Blue;
    g.state.prisoner = Some(B2);
    g.state.fig_mut(B2).bound = true;
    let ev = g.play(Command::Free).unwrap();
    assert!(ev.contains(&Event::Freed {
        by: B1,
        prisoner: B2
    }));
    assert!(!g.state.fig(B2).bound);
    // r1 (up next) may not shoot the prisoner; its blow binds, no damage.
    g.state.fig_mut(R1).at = at(o, 6, 2);
    assert!(
        g.play(Command::Shoot(B2))
            .unwrap_err()
            .to_string()
            .contains("prisoner")
    );
    g.state.fig_mut(R1).at = at(o, 4, 3);
    g.state.deck = vec![B1];
    g.set_dice(Dice::scripted(&[2, 5, 4]));
    let ev = g.play(Command::Attack(B2)).unwrap();
    assert!(ev.contains(&Event::BoundAgain { prisoner: B2 }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Damage { .. })));
    assert!(g.state.fig(B2).bound);
}

#[test]
fn the_message_is_read_on_seven_plus_and_secrets_is_decided_at_the_round_end() {
    use crate::ddd::part::CounterKind;
    let (mut g, o) = table(
        &[
            (B1, (2, 2), Die::D10, Die::D8, &[]),
            (R1, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[6, 7],
    );
    g.kind = ScenarioKind::SecretsOfTheAncients;
    g.state.counters = vec![counter(CounterKind::Message, at(o, 3, 3))];
    let ev = g.play(Command::Read).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Test {
            task: Task::Read,
            passed: false,
            ..
        }
    )));
    g.state.turn.as_mut().unwrap().model = B1;
    g.state.turn.as_mut().unwrap().acted = false;
    g.set_dice(Dice::scripted(&[8, 2]));
    g.state.deck = vec![R1];
    let ev = g.play(Command::Read).unwrap();
    assert!(ev.contains(&Event::Read { id: B1 }));
    // Both sides carried the message off in the same round: a draw.
    g.state.goal_done = [true, true];
    g.state.deck.clear();
    g.set_dice(Dice::scripted(&[]));
    let ev = g.play(Command::End).unwrap();
    assert!(ev.contains(&Event::GameOver {
        outcome: Outcome::Draw,
        why: Why::SecretsKept
    }));
}

#[test]
fn a_side_left_with_nobody_who_can_read_the_message_loses_secrets() {
    // b1 kills r1: 2 against 5 hits, 3 against defense 6 wounds its one
    // wound. r2 stands far off with power `r2`; b1 has power `b1`.
    use crate::ddd::part::CounterKind;
    let kill_r1 = |b1: Die, r2: Die| {
        let (mut g, o) = table(
            &[
                (B1, (2, 2), b1, Die::D8, &[]),
                (R1, (3, 2), Die::D8, Die::D8, &[]),
                (R2, (9, 9), r2, Die::D8, &[]),
            ],
            4,
            &[2, 5, 3, 6, 4],
        );
        g.kind = ScenarioKind::SecretsOfTheAncients;
        g.state.counters = vec![counter(CounterKind::Message, at(o, 6, 6))];
        let ev = g.play(Command::Attack(R1)).unwrap();
        assert_eq!(g.state.fig(R1).fate, Fate::Dead);
        ev.into_iter().find_map(|e| match e {
            Event::GameOver { outcome, why } => Some((outcome, why)),
            _ => None,
        })
    };
    // Red keeps a model that could read (r2, d8): the game goes on.
    assert_eq!(kill_r1(Die::D10, Die::D8), None);
    // r2 has a d6 and cannot make 7+: Red can no longer do it and loses
    // at once (L159).
    assert_eq!(
        kill_r1(Die::D10, Die::D6),
        Some((Outcome::Win(Team::Blue), Why::SecretsLost))
    );
    // Nor can Blue, whose only model has a d6: both lose, a draw.
    assert_eq!(
        kill_r1(Die::D6, Die::D6),
        Some((Outcome::Draw, Why::SecretsLost))
    );
}

#[test]
fn ambush_goes_to_the_defender_with_half_off_and_to_the_attacker_when_too_few_are_left() {
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D8, Die::D8, &[]),
            (R1, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[4],
    );
    g.kind = ScenarioKind::Ambush;
    g.state.attacker = Team::Red;
    g.state.escaped = [5, 0];
    let ev = g.play(Command::End).unwrap();
    assert!(ev.contains(&Event::GameOver {
        outcome: Outcome::Win(Team::Blue),
        why: Why::DefendersOut
    }));
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D8, Die::D8, &[]),
            (R1, (8, 8), Die::D8, Die::D8, &[]),
        ],
        4,
        &[4],
    );
    g.kind = ScenarioKind::Ambush;
    g.state.attacker = Team::Red;
    g.state.escaped = [3, 0];
    let ev = g.play(Command::End).unwrap();
    assert!(ev.contains(&Event::GameOver {
        outcome: Outcome::Win(Team::Red),
        why: Why::DefendersCaught
    }));
}

#[test]
fn deployment_follows_the_scenario_and_the_dice_off() {
    for kind in ScenarioKind::ALL {
        let s = scenario(kind, 7);
        let (g, ev) = Game::new(
            &s,
            &warparty::new(1, "Blue"),
            &warparty::new(2, "Red"),
            Dice::quiet(3, "test"),
            PlayOptions::default(),
        )
        .unwrap();
        assert!(matches!(ev[0], Event::DiceOff { .. }));
        let placed: Vec<Point> = g.state.figures.iter().map(|f| f.at).collect();
        let mut uniq = placed.clone();
        uniq.sort();
        uniq.dedup();
        assert_eq!(uniq.len(), 20, "{kind:?}: one model a square");
        for f in &g.state.figures {
            assert!(g.grid.standable(f.at), "{kind:?}: {} on {:?}", f.id, f.at);
        }
        match kind {
            ScenarioKind::Ambush | ScenarioKind::FreePrisoner => {}
            _ => {
                let [a, b] = g.state.deploy_edge;
                assert_eq!(a.map(crate::core::geom::Side::opposite), b, "{kind:?}");
            }
        }
        if kind == ScenarioKind::FreePrisoner {
            let p = g.state.prisoner.unwrap();
            assert_eq!(p.team, g.state.attacker);
            assert!(g.state.fig(p).bound);
        }
    }
}

/// Thousands of commands, most of them nonsense, on every scenario: each
/// is played or refused, the refused ones change nothing, nothing panics,
/// and the printer has a line for every event.
#[test]
fn random_commands_never_panic_and_refusals_change_nothing() {
    use super::command::parse;
    let verbs = [
        "move",
        "leave",
        "attack",
        "shoot",
        "enthral",
        "heal",
        "open",
        "close",
        "smash",
        "pick",
        "search",
        "trap",
        "disarm",
        "hide",
        "pickup",
        "free",
        "read",
        "end",
        "surrender",
    ];
    for kind in ScenarioKind::ALL {
        let s = scenario(kind, 11);
        let (mut g, _) = Game::new(
            &s,
            &warparty::new(5, "Blue"),
            &warparty::new(6, "Red"),
            Dice::quiet(2, "test"),
            PlayOptions {
                max_rounds: Some(30),
                advanced: true,
                ..PlayOptions::default()
            },
        )
        .unwrap();
        let mut pick = Dice::quiet(kind as u64, "commands");
        for _ in 0..1500 {
            if g.over() {
                break;
            }
            let Some(me) = g.current() else { break };
            let at = g.state.fig(me).at;
            let v = verbs[pick.choose(verbs.len(), "verb")];
            let arg = match pick.choose(4, "arg") {
                0 => format!(
                    "{}{}",
                    ["b", "r"][pick.choose(2, "t")],
                    pick.choose(12, "n")
                ),
                1 => ["N", "E", "S", "W"][pick.choose(4, "s")].to_string(),
                2 => format!(
                    "{},{}",
                    at.x + pick.choose(9, "dx") as i32 - 4,
                    at.y + pick.choose(9, "dy") as i32 - 4
                ),
                _ => String::new(),
            };
            let Ok(cmd) = parse(&format!("{v} {arg}")) else {
                continue;
            };
            let before = g.state.clone();
            match g.play(cmd) {
                Ok(ev) => {
                    for e in &ev {
                        assert!(!super::transcript::line(&g.state, e).is_empty());
                    }
                }
                Err(_) => assert_eq!(g.state, before),
            }
        }
    }
}

mod advanced;
mod deploy;
mod disarm;
mod huge;
mod in_order;
mod legal;
mod lookahead;
mod policy;
mod walks;
