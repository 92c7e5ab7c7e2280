use super::part::{CounterKind, board_of};
use super::setup::generate_with;
use super::*;
use crate::core::dice::Dice;
use crate::scenario::{from_yaml, to_yaml};

fn named(kind: ScenarioKind) -> DddOptions {
    DddOptions {
        choice: Choice::Named(kind),
        ..DddOptions::default()
    }
}

#[test]
fn every_scenario_writes_a_file_that_reads_back_the_same() {
    for kind in ScenarioKind::ALL {
        let s = generate(7, &named(kind)).unwrap();
        let text = to_yaml(&s);
        let back: DddScenario = from_yaml(&text, "scenario.yaml").unwrap();
        assert_eq!(back, s, "{kind}");
        assert_eq!(to_yaml(&back), text);
        for key in crate::scenario::STACK_KEYS {
            assert!(
                !text.contains(&format!("\n{key}:")),
                "{key} in a board file"
            );
        }
    }
}

#[test]
fn a_rolled_scenario_is_the_d6_face_and_the_roll_is_logged() {
    let s = generate(
        11,
        &DddOptions {
            choice: Choice::Roll,
            ..DddOptions::default()
        },
    )
    .unwrap();
    let first = &s.log[0];
    assert_eq!(first.roll, "1d6");
    assert!(first.purpose.starts_with("the scenario"));
    assert_eq!(
        s.game.scenario,
        ScenarioKind::ALL[first.result as usize - 1]
    );
    assert_eq!(s.game.params.chosen, part::Chosen::Rolled);
}

#[test]
fn a_scripted_centre_roll_puts_the_object_on_that_centre_square() {
    let board = crate::build::board::build(
        &crate::build::board::BoardParams::default(),
        &mut Dice::quiet(3, "board"),
    )
    .unwrap();
    let centre = board.centre_squares();
    for face in 1..=4u32 {
        let mut dice = Dice::scripted(&[face]);
        let p = crate::rules::RuleSystem::setup(
            &DdAndD,
            &board,
            (ScenarioKind::ObjectOfPower, false),
            &mut dice,
        )
        .unwrap();
        assert_eq!(p.counters.len(), 1);
        assert_eq!(p.counters[0].kind, CounterKind::Object);
        assert_eq!(p.counters[0].at(), centre[face as usize - 1]);
        assert_eq!(dice.script_left(), 0);
    }
}

#[test]
fn treasure_hunt_places_six_treasures_by_the_rules() {
    for seed in 0..30 {
        let s = generate_with(seed, &named(ScenarioKind::TreasureHunt), false).unwrap();
        let b = board_of(&s);
        let t: Vec<_> = s.game.counters.iter().map(|c| c.at()).collect();
        assert_eq!(t.len(), 6);
        for (i, p) in t.iter().enumerate() {
            assert!(b.edge_depth(*p) >= 8, "seed {seed}");
            for q in &t[..i] {
                assert!(crate::core::geom::chebyshev(*p, *q) >= 4, "seed {seed}");
            }
        }
    }
}

/// Ambush on the smallest fair board: one board in about a hundred leaves
/// the attackers room out of the centre's sight, so setup tries up to
/// [`MAX_SETUP_ATTEMPTS`] boards (twenty took none of seeds 1 to 6). Each
/// board made keeps the Ambush rules; a seed that still finds none says
/// what to change.
#[test]
fn ambush_on_a_small_fair_board_finds_a_board_or_says_what_to_change() {
    let opts = DddOptions {
        width: 24,
        height: 24,
        fair: true,
        ..named(ScenarioKind::Ambush)
    };
    let mut made = 0;
    for seed in 1..=12 {
        match generate(seed, &opts) {
            Ok(s) => {
                made += 1;
                let text = to_yaml(&s);
                let back: DddScenario = from_yaml(&text, "scenario.yaml").unwrap();
                assert_eq!(back, s, "seed {seed}");
            }
            Err(e) => {
                let e = e.to_string();
                assert!(e.contains("400 attempts"), "{e}");
                assert!(e.contains("try a larger --board (28x28 or more)"), "{e}");
                assert!(e.contains("leave out --fair"), "{e}");
            }
        }
    }
    assert!(made >= 10, "{made} of 12 seeds made a board");
}
