//! The policy's commands are all ones the engine takes: a refused one
//! ends its model's turn, so a policy that asks for something illegal
//! throws turns away.

use super::*;
use crate::ddd::play::turns::{AiSide, run_ai, run_policy};

/// A game of `kind` on board `seed` between the `warparty new` parties of
/// seeds 1 and 2, dice of `seed`, stopped after `max_rounds`.
fn game(kind: ScenarioKind, seed: u64, max_rounds: u32) -> Game {
    let opts = PlayOptions {
        max_rounds: Some(max_rounds),
        advanced: false,
        ..PlayOptions::default()
    };
    let (g, _) = Game::new(
        &scenario(kind, seed),
        &warparty::new(1, "Blue"),
        &warparty::new(2, "Red"),
        Dice::quiet(seed, "test"),
        opts,
    )
    .unwrap();
    g
}

/// Whole games of the six scenarios on four boards each, both sides by
/// the policy: the engine refuses none of its commands.
#[test]
fn the_policy_gives_no_command_the_engine_refuses() {
    let mut rounds = 0;
    for first in [1, 7, 13, 19] {
        for (kind, seed) in ScenarioKind::ALL.into_iter().zip(first..) {
            let mut g = game(kind, seed, 40);
            let refused = run_ai(&mut g, AiSide::Both, &mut Vec::new(), false);
            assert_eq!(refused, 0, "{kind:?} on board {seed}");
            assert!(g.current().is_none(), "{kind:?} on board {seed}: not over");
            rounds += g.state.round;
        }
    }
    assert!(rounds > 24 * 3, "the games were played: {rounds} rounds");
}

/// The transcript of a refused command: the command, why, and the `end`
/// given in its place.
#[test]
fn a_refused_command_is_told_as_refused_and_the_turn_as_ended() {
    let mut g = game(ScenarioKind::Battle, 7, 1);
    let first = g.current().unwrap();
    // A move onto the north-west corner, which is wall.
    let wall = Point { x: 0, y: 0 };
    let mut out = Vec::new();
    let refused = run_policy(&mut g, AiSide::Both, &mut out, true, |g| {
        match g.current() {
            Some(id) if id == first => Command::Move(wall),
            _ => Command::End,
        }
    });
    assert!(refused >= 1);
    let name = &g.state.fig(first).name;
    assert_eq!(out[0], format!("> {name} ({first}): move 0,0"));
    assert_eq!(out[1], "refused: 0,0 is not a square a model can stand on");
    assert_eq!(out[2], format!("> {name} ({first}): end"));
    assert!(out[3].contains("ends its turn"), "{}", out[3]);
}
