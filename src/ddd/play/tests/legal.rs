//! The policy's commands are all ones the engine takes: a refused one
//! ends its model's turn, so a policy that asks for something illegal
//! throws turns away.

use super::*;
use crate::ddd::play::session::{AiSide, run_ai};

/// Whole games of the six scenarios on four boards each, both sides by
/// the policy: the engine refuses none of its commands.
#[test]
fn the_policy_gives_no_command_the_engine_refuses() {
    let mut rounds = 0;
    for first in [1, 7, 13, 19] {
        for (kind, seed) in ScenarioKind::ALL.into_iter().zip(first..) {
            let s = scenario(kind, seed);
            let opts = PlayOptions {
                max_rounds: Some(40),
                advanced: false,
            };
            let (mut g, _) = Game::new(
                &s,
                &warparty::new(1, "Blue"),
                &warparty::new(2, "Red"),
                Dice::quiet(seed, "test"),
                opts,
            )
            .unwrap();
            let refused = run_ai(&mut g, AiSide::Both, &mut Vec::new(), false);
            assert_eq!(refused, 0, "{kind:?} on board {seed}");
            assert!(g.current().is_none(), "{kind:?} on board {seed}: not over");
            rounds += g.state.round;
        }
    }
    assert!(rounds > 24 * 3, "the games were played: {rounds} rounds");
}
