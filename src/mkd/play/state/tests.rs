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

/// Figures placed, moved and taken off through the state's methods keep
/// the per-square counts what a recount gives, and the look-ups answer
/// from them; monsters of a floor left behind are not counted.
#[test]
fn who_stands_where_follows_the_figures_moved_through_the_setters() {
    use crate::mkd::play::testkit::*;
    let mut g = game(&[]);
    let (a, b, c) = (p(10, 3), p(11, 3), p(12, 3));
    put_hero(&mut g, 0, a, Side::N);
    let orc = add_monster(&mut g, "orc", 20, b, &[]);
    let token = TokenId {
        guardian: false,
        color: WmtColor::Blue,
        number: 4,
        copy: 0,
    };
    let w = g.push_wmt(WmtState { id: token, pos: c });
    let recount = |g: &State| {
        let mut fresh = g.clone();
        fresh.resync_standing();
        fresh.standing == g.standing
    };
    assert!(recount(&g));
    assert_eq!(g.hero_at(a), Some(AYLA));
    assert_eq!(g.monster_at(b), Some(orc));
    assert_eq!(g.wmt_at(c), Some(w));
    assert!(g.occupancy().has(b, Occupancy::MONSTER));
    assert!(!g.occupancy().has(b, Occupancy::HERO | Occupancy::TOKEN));

    // Ayla and the orc change places by way of the square beyond the token.
    let d = p(13, 3);
    g.set_hero_place(AYLA, HeroPlace::At(d));
    g.set_monster_pos(orc, Some(a));
    g.set_hero_place(AYLA, HeroPlace::At(b));
    assert!(recount(&g));
    assert_eq!(g.hero_at(d), None);
    assert!(!g.occupied(d));
    assert_eq!((g.hero_at(b), g.monster_at(a)), (Some(AYLA), Some(orc)));

    g.set_wmt_pos(w, d);
    assert_eq!((g.wmt_at(c), g.wmt_at(d)), (None, Some(w)));
    assert_eq!(g.remove_wmt(w).id, token);
    g.set_monster_pos(orc, None);
    g.set_hero_place(AYLA, HeroPlace::Outside);
    assert!(recount(&g));
    assert!([a, b, c, d].iter().all(|&q| !g.occupied(q)));
    // Borin never came in: nobody is left on the board.
    assert!(g.standing.counts().iter().all(|&n| n == 0));

    // A monster of a floor left behind is out of play: not counted.
    let ghost = add_monster(&mut g, "ghost", 20, a, &[]);
    g.floor_from = ghost.0 + 1;
    g.resync_standing();
    g.set_monster_pos(ghost, Some(c));
    assert!(recount(&g));
    assert_eq!(g.monster_at(c), None);
}

/// A square changed by hand, round the setters, is caught by debug builds
/// at the next look-up rather than answered wrong.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "who stands where was not kept up to date")]
fn debug_builds_catch_a_figure_moved_round_the_setters() {
    use crate::mkd::play::testkit::*;
    let mut g = game(&[]);
    put_hero(&mut g, 0, p(10, 3), Side::N);
    g.heroes[0].place = HeroPlace::At(p(11, 3));
    let _ = g.occupied(p(11, 3));
}
