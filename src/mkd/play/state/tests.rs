use super::*;

#[test]
fn token_ids_read_as_their_names() {
    let t = |guardian, copy| TokenId {
        guardian,
        color: WmtColor::Blue,
        number: 4,
        copy,
    };
    assert_eq!(t(false, 0).to_string(), "blue-4");
    assert_eq!(t(false, 1).to_string(), "blue-4-b");
    assert_eq!(t(false, 25).to_string(), "blue-4-z");
    assert_eq!(t(false, 26).to_string(), "blue-4-26");
    assert_eq!(t(true, 0).to_string(), "guardian-blue-4");
}

/// Games of one scenario start on one shared board; a door laid in one
/// game copies its board first, so the others, and the games started
/// after, keep the board the scenario gives.
#[test]
fn games_of_a_scenario_share_its_starting_board_until_one_changes_it() {
    use crate::mkd::play::board::Door;
    use crate::mkd::play::testkit::*;
    let new = |s: &Arc<Scenario>| {
        State::new(
            s.clone(),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            GameOptions {
                seed: 1,
                combat: CombatMode::Dice,
            },
        )
    };
    let s = Arc::new(scenario(Vec::new()));
    let (mut a, b) = (new(&s), new(&s));
    assert!(Arc::ptr_eq(&a.board, &b.board));
    a.board_mut().doors.push(Door {
        edges: vec![[p(10, 3), p(11, 3)]],
        open: false,
        trap: DoorTrap::Unchecked,
    });
    assert!(!Arc::ptr_eq(&a.board, &b.board));
    assert_eq!((a.board.doors.len(), b.board.doors.len()), (1, 0));
    let c = new(&s);
    assert!(Arc::ptr_eq(&b.board, &c.board));
    assert!(c.board.doors.is_empty());
    // Another scenario, even an equal one, has its own.
    let other = new(&Arc::new(scenario(Vec::new())));
    assert!(!Arc::ptr_eq(&other.board, &c.board));
}
