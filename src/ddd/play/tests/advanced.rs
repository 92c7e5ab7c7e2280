//! The advanced rules (L164-178) with scripted dice as the parent
//! module's tests: surrender, the policy's surrender, and experience.

use super::*;

fn experience(ev: &[Event]) -> Vec<(ModelId, u32)> {
    ev.iter()
        .find_map(|e| match e {
            Event::Experience { points } => Some(points.clone()),
            _ => None,
        })
        .expect("an experience event")
}

#[test]
fn surrender_is_advanced_needs_three_lost_and_the_start_of_a_turn() {
    let pieces: [Piece<'_>; 3] = [
        (B1, (2, 2), Die::D8, Die::D8, &[]),
        (R1, (8, 8), Die::D8, Die::D8, &[]),
        (B2, (9, 9), Die::D8, Die::D8, &[]),
    ];
    let (mut g, _) = table(&pieces, 4, &[]);
    let err = g.play(Command::Surrender).unwrap_err();
    assert!(err.to_string().contains("--advanced"), "{err}");
    g.opts.advanced = true;
    // Blue's 3 to 10 are off the table in these tests: as gone, none is lost.
    for f in g.state.figures.iter_mut().filter(|f| f.fate == Fate::Dead) {
        f.fate = Fate::Escaped(crate::core::geom::Side::N);
    }
    let err = g.play(Command::Surrender).unwrap_err();
    assert!(err.to_string().contains("3 models"), "{err}");
    // As killed, eight are lost.
    let (mut g, o) = table(&pieces, 4, &[]);
    g.opts.advanced = true;
    g.play(Command::Move(at(o, 3, 2))).unwrap();
    assert!(g.play(Command::Surrender).is_err(), "after moving");
    let (mut g, _) = table(&pieces, 4, &[]);
    g.opts.advanced = true;
    let ev = g.play(Command::Surrender).unwrap();
    assert!(ev.contains(&Event::GameOver {
        outcome: Outcome::Win(Team::Red),
        why: Why::Surrender
    }));
    let xp = experience(&ev);
    assert!(xp.contains(&(R1, 1)), "the winning side: {xp:?}");
    assert!(xp.iter().all(|(id, _)| id.team == Team::Red));
}

#[test]
fn with_the_advanced_rules_the_policy_surrenders_a_lost_fight_only() {
    let blue = |number| ModelId {
        team: Team::Blue,
        number,
    };
    // Red's turn: r1 and r2 against four blues, red's other models killed.
    let pieces: [Piece<'_>; 6] = [
        (R1, (0, 0), Die::D8, Die::D8, &[]),
        (B1, (10, 0), Die::D8, Die::D8, &[]),
        (B2, (10, 2), Die::D8, Die::D8, &[]),
        (blue(3), (10, 4), Die::D8, Die::D8, &[]),
        (blue(4), (10, 6), Die::D8, Die::D8, &[]),
        (R2, (0, 6), Die::D8, Die::D8, &[]),
    ];
    // What the policy's command does to a copy of the game.
    let decided = |g: &Game| {
        let mut g = g.clone();
        let c = super::super::ai::decide(&g);
        g.play(c).expect("the rules allow it")
    };
    // Without the advanced rules it fights on.
    let (mut g, o) = table(&pieces, 4, &[]);
    assert_ne!(super::super::ai::decide(&g), Command::Surrender);
    // With them it gives up, and Blue wins.
    g.opts.advanced = true;
    assert_eq!(super::super::ai::decide(&g), Command::Surrender);
    assert!(decided(&g).contains(&Event::GameOver {
        outcome: Outcome::Win(Team::Blue),
        why: Why::Surrender
    }));
    // Not while a model of its side may still score.
    let mut carrying = g.clone();
    carrying.state.fig_mut(R2).carrying = Some(0);
    assert_ne!(super::super::ai::decide(&carrying), Command::Surrender);
    let mut read = g.clone();
    read.state.fig_mut(R2).has_read = true;
    assert_ne!(super::super::ai::decide(&read), Command::Surrender);
    // Not against fewer than twice its number on the board.
    let mut even = g.clone();
    even.state.fig_mut(blue(4)).fate = Fate::Escaped(crate::core::geom::Side::N);
    assert_ne!(super::super::ai::decide(&even), Command::Surrender);
    // Not with fewer than three of its own lost (as gone, not killed).
    let mut fresh = g.clone();
    for f in fresh
        .state
        .figures
        .iter_mut()
        .filter(|f| f.id.team == Team::Red && f.fate == Fate::Dead)
        .skip(2)
    {
        f.fate = Fate::Escaped(crate::core::geom::Side::N);
    }
    assert_ne!(super::super::ai::decide(&fresh), Command::Surrender);
    // Not once its model has moved: the rules allow it only at the start.
    g.play(Command::Move(at(o, 1, 0))).unwrap();
    assert_ne!(super::super::ai::decide(&g), Command::Surrender);
}

#[test]
fn experience_for_a_wound_caused_and_for_winning_but_never_for_the_undead() {
    let (mut g, _) = table(
        &[
            (B1, (2, 2), Die::D6, Die::D8, &[]),
            (R1, (3, 2), Die::D8, Die::D8, &[]),
            (B2, (8, 8), Die::D8, Die::D8, &[Ability::Undead]),
        ],
        4,
        &[2, 5, 3, 6],
    );
    g.opts.advanced = true;
    g.state.kills = [4, 0];
    let ev = g.play(Command::Attack(R1)).unwrap();
    let xp = experience(&ev);
    assert!(xp.contains(&(B1, 2)), "a wound and the win: {xp:?}");
    assert!(!xp.iter().any(|(id, _)| *id == B2), "undead: {xp:?}");
    assert!(!xp.iter().any(|(id, _)| id.team == Team::Red));
}
