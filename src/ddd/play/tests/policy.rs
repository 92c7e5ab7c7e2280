//! The policy's own choices with scripted dice, as the parent module's
//! tests: an Ambush attacker's goal, traps on a walk's end, healing and
//! enthralling, lying in wait, a Thief's traps round the prisoner; and a
//! generated scenario's dice-off kept in play.

use super::*;
#[test]
fn an_ambush_attacker_heads_for_the_exit_the_defender_is_making_for() {
    use crate::build::board::Exit;
    use crate::core::geom::{Side, chebyshev};
    // Red 1 (the attacker) is nearer the east exit Blue 1 is making for than
    // Blue 1 itself; chasing Blue 1 (the old policy) took it away from that
    // exit, getting in the way takes it there.
    let (mut g, o) = table(
        &[
            (R1, (16, 24), Die::D8, Die::D6, &[]),
            (B1, (14, 10), Die::D8, Die::D6, &[]),
        ],
        4,
        &[3],
    );
    let mut b = Board::filled(36, 36, Terrain::Floor);
    let east = Point { x: 35, y: 28 };
    b.exits.push(Exit {
        side: Side::E,
        at: east,
        length: 2,
    });
    b.exits.push(Exit {
        side: Side::W,
        at: Point { x: 0, y: 4 },
        length: 2,
    });
    g.grid = std::sync::Arc::new(crate::ddd::play::grid::Grid::new(b));
    g.kind = ScenarioKind::Ambush;
    g.state.attacker = Team::Red;
    let from = at(o, 16, 24);
    let Command::Move(to) = crate::ddd::play::ai::decide(&g) else {
        panic!("the attacker should move");
    };
    assert!(
        chebyshev(to, east) < chebyshev(from, east),
        "{to:?} is no nearer the exit than {from:?}"
    );
}

// ----- the policy's use of healing and Enthrall, the Ambush's lying in wait -----

#[test]
fn the_policy_ends_no_move_on_a_trap_but_on_its_goal() {
    // r1, 4 squares to move, makes for b1 ten squares east.
    let pieces: [Piece<'_>; 2] = [
        (R1, (0, 0), Die::D8, Die::D8, &[]),
        (B1, (10, 0), Die::D8, Die::D8, &[]),
    ];
    let (g, o) = table(&pieces, 4, &[]);
    let Command::Move(to) = crate::ddd::play::ai::decide(&g) else {
        panic!("a walk expected");
    };
    // With a trap on that square it stops elsewhere, as near.
    let mut trapped = g.clone();
    trapped
        .state
        .traps
        .push(crate::ddd::play::state::SquareTrap { at: to, setter: B1 });
    let Command::Move(other) = crate::ddd::play::ai::decide(&trapped) else {
        panic!("a walk expected");
    };
    assert_ne!(other, to);
    assert_eq!(other.x - o.x, to.x - o.x, "as far east");
    // A trap on the goal is walked onto: a square next to b1.
    let (mut g, o) = table(&pieces, 12, &[]);
    let Command::Move(goal) = crate::ddd::play::ai::decide(&g) else {
        panic!("a walk expected");
    };
    let b1 = at(o, 10, 0);
    assert_eq!((goal.x - b1.x).abs().max((goal.y - b1.y).abs()), 1);
    g.state.traps.push(crate::ddd::play::state::SquareTrap {
        at: goal,
        setter: B1,
    });
    assert_eq!(crate::ddd::play::ai::decide(&g), Command::Move(goal));
}

#[test]
fn the_policy_heals_a_wounded_friend_and_enthrals_an_enemy_fighting_a_friend() {
    // b1 (Healer, power d8) next to b2, who has taken one of its two wounds.
    let (mut g, _) = table(
        &[
            (B1, (0, 0), Die::D8, Die::D8, &[Ability::Healer]),
            (B2, (1, 0), Die::D8, Die::D8, &[Ability::ExtraWound]),
            (R1, (20, 20), Die::D8, Die::D8, &[]),
        ],
        4,
        &[7, 3],
    );
    g.state.fig_mut(B2).wounds = 1;
    assert_eq!(crate::ddd::play::ai::decide(&g), Command::Heal(B2));
    let ev = g.play(Command::Heal(B2)).unwrap();
    assert!(ev.contains(&Event::Healed { id: B2, wounds: 0 }));
    // b1 (Enthrall, power d10) sees r1 (power d8) in close combat with b2
    // three squares away: it Enthralls it (10 against 4: stunned).
    let (mut g, _) = table(
        &[
            (B1, (0, 0), Die::D10, Die::D8, &[Ability::Enthrall]),
            (R1, (3, 0), Die::D8, Die::D8, &[]),
            (B2, (3, 1), Die::D8, Die::D8, &[]),
        ],
        4,
        &[10, 4, 5],
    );
    assert_eq!(crate::ddd::play::ai::decide(&g), Command::Enthral(R1));
    g.play(Command::Enthral(R1)).unwrap();
    assert!(g.state.fig(R1).stunned);
    assert_eq!(g.dice().script_left(), 0);
}

#[test]
fn ambush_attackers_lie_in_wait_on_the_defenders_ways_out() {
    let s = scenario(ScenarioKind::Ambush, 7);
    let (g, _) = Game::new(
        &s,
        &warparty::new(1, "Blue"),
        &warparty::new(2, "Red"),
        Dice::quiet(7, "test"),
        PlayOptions::default(),
    )
    .unwrap();
    let exits: Vec<Point> = g
        .grid
        .board
        .exits
        .iter()
        .flat_map(|e| e.squares().collect::<Vec<_>>())
        .collect();
    let att = g.state.attacker;
    // Every attacker stands within 6 squares of an exit, and none sees a
    // defender (the zone's rule).
    for f in g.state.figures.iter().filter(|f| f.id.team == att) {
        let near = exits
            .iter()
            .map(|&p| crate::core::geom::chebyshev(p, f.at))
            .min()
            .unwrap();
        assert!(near <= 6, "{} at {:?} is {near} from an exit", f.id, f.at);
    }
}

#[test]
fn the_policy_thief_traps_the_squares_round_the_bound_prisoner() {
    // Free Prisoner: Blue attacks, b2 is Blue's bound prisoner; r1 (Thief,
    // power d8) stands two squares off it and traps a square its rescuers
    // must stand on (a 6 sets it).
    let (mut g, o) = table(
        &[
            (R1, (2, 0), Die::D8, Die::D8, &[Ability::Thief]),
            (B2, (0, 0), Die::D8, Die::D8, &[]),
            (B1, (20, 20), Die::D8, Die::D8, &[]),
        ],
        4,
        // 6 sets the trap; then b1, next in the deck, rolls its movement.
        &[6, 3],
    );
    g.kind = ScenarioKind::FreePrisoner;
    g.state.attacker = Team::Blue;
    g.state.prisoner = Some(B2);
    g.state.fig_mut(B2).bound = true;
    let Command::Trap(crate::ddd::play::command::Place::Square(p)) =
        crate::ddd::play::ai::decide(&g)
    else {
        panic!(
            "the thief should set a trap, not {:?}",
            crate::ddd::play::ai::decide(&g)
        );
    };
    let prisoner = g.state.fig(B2).at;
    let thief = g.state.fig(R1).at;
    assert_eq!(crate::core::geom::chebyshev(p, prisoner), 1, "{p:?}");
    assert_eq!(crate::core::geom::chebyshev(p, thief), 1, "{p:?}");
    assert_eq!(p.x, o.x + 1);
    let ev = g
        .play(Command::Trap(crate::ddd::play::command::Place::Square(p)))
        .unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TrapSet { by, .. } if *by == R1))
    );
    assert!(g.state.traps.iter().any(|t| t.at == p));
    // In a Battle there is nothing to trap: the thief does something else.
    g.kind = ScenarioKind::Battle;
    assert!(!matches!(
        crate::ddd::play::ai::decide(&g),
        Command::Trap(_)
    ));
}

/// L147: one dice-off picks the scenario and the attacker. A scenario made
/// by `generate --scenario roll --warparty … --opponent …` keeps its
/// winner, and play does not roll a second dice-off that could give the
/// attacker's role to the loser.
#[test]
fn the_dice_off_of_a_generated_scenario_decides_the_attacker_in_play() {
    let mut seen = [false, false];
    for seed in 0..12 {
        let s = generate(
            seed,
            &DddOptions {
                choice: Choice::DiceOff {
                    blue: Die::D12,
                    red: Die::D12,
                },
                ..DddOptions::default()
            },
        )
        .unwrap();
        let (b, r) = (s.log[0].result, s.log[1].result);
        let winner = match b.cmp(&r) {
            std::cmp::Ordering::Greater => Team::Blue,
            std::cmp::Ordering::Less => Team::Red,
            std::cmp::Ordering::Equal => {
                assert_eq!(s.game.params.chosen, crate::ddd::part::Chosen::Rolled);
                continue;
            }
        };
        let want = match winner {
            Team::Blue => crate::ddd::part::Chosen::DiceOffBlue,
            Team::Red => crate::ddd::part::Chosen::DiceOffRed,
        };
        assert_eq!(s.game.params.chosen, want, "seed {seed}");
        for play_seed in 0..4 {
            let (g, ev) = Game::new(
                &s,
                &warparty::new(1, "Blue"),
                &warparty::new(2, "Red"),
                Dice::quiet(play_seed, "test"),
                PlayOptions::default(),
            )
            .unwrap();
            assert_eq!(
                g.state.attacker, winner,
                "seed {seed}, play seed {play_seed}"
            );
            assert_eq!(ev[0], Event::DiceOffKept { winner });
            assert!(!ev.iter().any(|e| matches!(e, Event::DiceOff { .. })));
            let line = crate::ddd::play::transcript::line(&g.state, &ev[0]);
            assert!(line.contains("won it when the scenario was made"), "{line}");
            seen[winner.index()] = true;
        }
    }
    assert_eq!(
        seen,
        [true, true],
        "both sides won a dice-off over the seeds"
    );
}
