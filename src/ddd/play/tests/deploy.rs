//! Deploying by hand (`play --deploy-by-hand`): each step asked of the
//! side in the scenario's order, the squares checked, `ready` the same as
//! tilecrawl's own deployment.

use super::*;
use crate::core::geom::Side;
use crate::ddd::play::deploy::edge_zone;
use crate::ddd::play::edges::EdgeWhy;
use crate::ddd::play::event::Ask;
use crate::ddd::play::refusal::Refusal;

/// A game of `kind` on board 7 on dice `seed`, with `by_hand` deploying
/// by hand: the game and its opening events.
fn new_game(kind: ScenarioKind, seed: u64, by_hand: [bool; 2]) -> (Game, Vec<Event>) {
    Game::new(
        &scenario(kind, 7),
        &warparty::new(1, "Blue"),
        &warparty::new(2, "Red"),
        Dice::quiet(seed, "test"),
        PlayOptions {
            by_hand,
            ..PlayOptions::default()
        },
    )
    .unwrap()
}

/// A game of `kind` on board 7 whose dice-off `winner` won (the first dice
/// seed that gives it), with `by_hand` deploying by hand.
fn won_by(kind: ScenarioKind, winner: Team, by_hand: [bool; 2]) -> (Game, Vec<Event>, u64) {
    for seed in 1..100 {
        let (g, ev) = new_game(kind, seed, by_hand);
        if g.state.attacker == winner {
            return (g, ev, seed);
        }
    }
    panic!("no dice seed below 100 lets {winner:?} win the dice-off");
}

/// The squares of the scenario's zone `name`.
fn zone(kind: ScenarioKind, name: &str) -> Vec<Point> {
    scenario(kind, 7)
        .game
        .zones
        .iter()
        .find(|z| z.name == name)
        .map(crate::ddd::part::zone_points)
        .unwrap()
}

/// A square of `squares` a model can stand on, free, with no counter.
fn free_in(g: &Game, squares: &[Point]) -> Point {
    *squares
        .iter()
        .find(|&&p| {
            g.grid.standable(p)
                && g.state.at(p).is_none()
                && g.state.counters.iter().all(|c| c.at != Some(p))
        })
        .unwrap()
}

fn b(n: u32) -> ModelId {
    ModelId {
        team: Team::Blue,
        number: n,
    }
}

/// `ready` at every step is tilecrawl's deployment: the same squares,
/// edges, prisoner and hidden models, and the same events but for the
/// questions and the edges told, for every scenario, either winner and
/// either side (or both) by hand; the first card and the play dice after
/// it are the same too.
#[test]
fn ready_at_every_step_deploys_as_tilecrawl_does() {
    for kind in ScenarioKind::ALL {
        for winner in Team::BOTH {
            let (auto, auto_ev, seed) = won_by(kind, winner, [false, false]);
            for by_hand in [[true, false], [false, true], [true, true]] {
                let (mut g, mut ev) = new_game(kind, seed, by_hand);
                let mut asked = 0;
                while let Some(t) = g.deploying() {
                    assert!(by_hand[t.index()], "{kind:?}: {t:?} asked, not by hand");
                    assert!(
                        g.current().is_none(),
                        "{kind:?}: a card drawn while deploying"
                    );
                    ev.extend(g.play(Command::Ready).unwrap());
                    asked += 1;
                }
                assert!(asked >= 1, "{kind:?} {by_hand:?}: nobody was asked");
                let told = |e: &Event| !matches!(e, Event::Asked { .. } | Event::EdgeChosen { .. });
                let ev: Vec<Event> = ev.into_iter().filter(told).collect();
                assert_eq!(ev, auto_ev, "{kind:?}, {winner:?} won, by hand {by_hand:?}");
                assert_eq!(
                    g.state, auto.state,
                    "{kind:?}, {winner:?} won, by hand {by_hand:?}"
                );
                assert_eq!(g.current(), auto.current());
            }
        }
    }
}

/// Battle won by Blue, Blue by hand: asked its edge (any of the four),
/// then its models; Red takes the opposite edge, and only then is the
/// first card drawn.
#[test]
fn the_winner_chooses_its_edge_then_places_its_models() {
    let kind = ScenarioKind::Battle;
    let (mut g, ev, _) = won_by(kind, Team::Blue, [true, false]);
    let Some(Event::Asked {
        team: Team::Blue,
        ask:
            Ask::Edge {
                options,
                why: EdgeWhy::Nearest,
                ..
            },
    }) = ev.last()
    else {
        panic!("Blue not asked for its edge: {:?}", ev.last());
    };
    assert_eq!(options, &Side::ALL.to_vec());
    assert!(g.current().is_none() && g.state.round == 0);
    // The deployment's commands only, and the game unchanged by a refusal.
    let before = g.state.clone();
    assert!(matches!(
        g.play(Command::Move(Point { x: 3, y: 3 })),
        Err(Refusal::Deploying(_))
    ));
    assert!(matches!(
        g.play(Command::Deploy(b(1), Point { x: 3, y: 3 })),
        Err(Refusal::Deploying(_))
    ));
    assert_eq!(g.state, before);
    let ev = g.play(Command::Edge(Side::W)).unwrap();
    assert_eq!(
        ev[0],
        Event::EdgeChosen {
            team: Team::Blue,
            side: Side::W
        }
    );
    assert!(matches!(
        &ev[1],
        Event::Asked { team: Team::Blue, ask: Ask::Place { zone, waiting: false } } if zone == "edge-W"
    ));
    let west = zone(kind, &edge_zone(Side::W));
    let p = free_in(&g, &west[west.len() / 2..]);
    assert_eq!(
        g.play(Command::Deploy(b(4), p)).unwrap(),
        [Event::Placed { id: b(4), at: p }]
    );
    // Placed again: it moves.
    let q = free_in(&g, &west);
    g.play(Command::Deploy(b(4), q)).unwrap();
    assert_eq!(g.state.fig(b(4)).at, q);
    let ev = g.play(Command::Ready).unwrap();
    let Event::Deployed {
        team,
        zone: z,
        models,
    } = &ev[0]
    else {
        panic!("{:?}", ev[0]);
    };
    assert_eq!((*team, z.as_str()), (Team::Blue, "edge-W"));
    assert_eq!(models.len(), 10);
    assert!(models.contains(&(b(4), q)));
    assert!(models.iter().all(|(_, p)| west.contains(p)));
    assert!(
        models.windows(2).all(|w| w[0].0 < w[1].0),
        "in number order"
    );
    assert!(matches!(&ev[1], Event::Deployed { team: Team::Red, zone, .. } if zone == "edge-E"));
    assert_eq!(g.state.deploy_edge, [Some(Side::W), Some(Side::E)]);
    assert!(g.current().is_some(), "the first card is drawn");
    assert_eq!(g.play(Command::Ready), Err(Refusal::Deployed));
}

/// Battle lost by Blue: Red (tilecrawl) takes its edge and deploys first;
/// Blue has no edge to choose (the opposite one is its) and is asked only
/// for its models.
#[test]
fn the_loser_of_a_battle_takes_the_opposite_edge_without_being_asked() {
    let (g, ev, _) = won_by(ScenarioKind::Battle, Team::Red, [true, false]);
    let red = g.state.deploy_edge[1].unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Deployed {
            team: Team::Red,
            ..
        }
    )));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Asked {
            ask: Ask::Edge { .. },
            ..
        }
    )));
    assert_eq!(g.state.deploy_edge[0], Some(red.opposite()));
    assert!(matches!(
        ev.last(),
        Some(Event::Asked { team: Team::Blue, ask: Ask::Place { zone, .. } }) if *zone == edge_zone(red.opposite())
    ));
}

/// Treasure Hunt: the loser may take any edge but the winner's (L153).
#[test]
fn the_loser_of_a_treasure_hunt_takes_another_edge_than_the_winners() {
    let (mut g, _, _) = won_by(ScenarioKind::TreasureHunt, Team::Red, [true, false]);
    let red = g.state.deploy_edge[1].unwrap();
    assert_eq!(g.deploying(), Some(Team::Blue));
    let Err(Refusal::Deploy(why)) = g.play(Command::Edge(red)) else {
        panic!("the winner's edge was taken");
    };
    assert!(why.contains("is Red's"), "{why}");
    // Not the opposite one: the edge a quarter round.
    let side = Side::ALL
        .into_iter()
        .find(|&s| s != red && s != red.opposite())
        .unwrap();
    g.play(Command::Edge(side)).unwrap();
    g.play(Command::Ready).unwrap();
    assert_eq!(g.state.deploy_edge, [Some(side), Some(red)]);
    let z = zone(ScenarioKind::TreasureHunt, &edge_zone(side));
    assert!(g.state.on_board(Team::Blue).all(|f| z.contains(&f.at)));
}

/// Squares a model cannot be put on: the other side's model, outside the
/// zone, a wall, a square taken, a counter's square, a Huge model's block
/// reaching out of the zone. Each is refused with the game unchanged.
#[test]
fn a_square_outside_the_zone_or_taken_is_refused() {
    let kind = ScenarioKind::Ambush;
    let (mut g, _, _) = won_by(kind, Team::Red, [true, false]);
    let inside = zone(kind, "defender");
    let p = free_in(&g, &inside);
    let before = g.state.clone();
    let outside = (0..36 * 36)
        .map(|i| Point {
            x: i % 36,
            y: i / 36,
        })
        .find(|&p| g.grid.standable(p) && !inside.contains(&p))
        .unwrap();
    let red = ModelId {
        team: Team::Red,
        number: 1,
    };
    let q = free_in(&g, &inside[1..]);
    for (cmd, says) in [
        (Command::Deploy(red, p), "is Red's"),
        (Command::Deploy(b(1), Point { x: 0, y: 0 }), "not a square"),
        (Command::Deploy(b(1), outside), "outside defender"),
        (Command::Prisoner(b(1)), "deploying"),
        (Command::Edge(Side::N), "deploying"),
    ] {
        let why = g.play(cmd).unwrap_err().to_string();
        assert!(why.contains(says), "{cmd:?}: {why}");
        assert_eq!(g.state, before, "{cmd:?}");
    }
    g.play(Command::Deploy(b(1), p)).unwrap();
    assert_eq!(
        g.play(Command::Deploy(b(2), p)),
        Err(Refusal::Taken(p.x, p.y, b(1)))
    );
    g.state.counters.push(crate::ddd::play::state::Counter {
        kind: crate::ddd::part::CounterKind::Treasure,
        at: Some(q),
        carried_by: None,
        off_by: None,
        trap: None,
    });
    let why = g.play(Command::Deploy(b(2), q)).unwrap_err().to_string();
    assert!(why.contains("a counter lies there"), "{why}");
    // A Huge model on the zone's last square in reading order: its block
    // reaches past it.
    g.state.fig_mut(b(3)).abilities.push(Ability::Huge);
    let last = *inside.iter().max_by_key(|p| (p.y, p.x)).unwrap();
    let why = g.play(Command::Deploy(b(3), last)).unwrap_err().to_string();
    assert!(
        why.contains("is Huge") || why.contains("not a square"),
        "{why}"
    );
}

/// Ambush's attackers placed by hand on cover start hidden, as tilecrawl's
/// do; and tilecrawl's attackers lie in wait for defenders placed by hand.
#[test]
fn attackers_placed_by_hand_in_cover_start_hidden() {
    let kind = ScenarioKind::Ambush;
    let (mut g, ev, _) = won_by(kind, Team::Blue, [true, false]);
    // Red (tilecrawl) defends in the centre; Blue attacks from its zone.
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::Deployed { team: Team::Red, zone, .. } if zone == "defender")
        )
    );
    assert!(matches!(
        ev.last(),
        Some(Event::Asked { team: Team::Blue, ask: Ask::Place { zone, waiting: true } }) if zone == "attacker"
    ));
    let attacker = zone(kind, "attacker");
    let cover: Vec<Point> = attacker
        .iter()
        .copied()
        .filter(|&p| g.grid.at(p).cover() && g.state.at(p).is_none())
        .collect();
    let open: Vec<Point> = attacker
        .iter()
        .copied()
        .filter(|&p| g.grid.standable(p) && !g.grid.at(p).cover())
        .collect();
    let (Some(&c), Some(&o)) = (cover.first(), open.first()) else {
        panic!("board 7's attacker zone has no cover or no open floor");
    };
    g.play(Command::Deploy(b(2), c)).unwrap();
    g.play(Command::Deploy(b(5), o)).unwrap();
    let ev = g.play(Command::Ready).unwrap();
    assert!(ev.contains(&Event::StartsHidden { id: b(2) }));
    assert!(!ev.contains(&Event::StartsHidden { id: b(5) }));
    assert!(g.state.fig(b(2)).hidden && !g.state.fig(b(5)).hidden);
}

/// Free Prisoner, the attacker by hand: it names its prisoner, and its
/// models may stand on any edge (B7), told as the zones they stand in.
#[test]
fn the_prisoners_side_names_it_and_may_split_over_the_edges() {
    let kind = ScenarioKind::FreePrisoner;
    let (mut g, ev, _) = won_by(kind, Team::Blue, [true, false]);
    assert!(matches!(
        ev.last(),
        Some(Event::Asked {
            team: Team::Blue,
            ask: Ask::Prisoner { .. }
        })
    ));
    let ev = g.play(Command::Prisoner(b(6))).unwrap();
    assert!(matches!(ev[0], Event::PrisonerChosen { id, .. } if id == b(6)));
    assert_eq!(g.state.prisoner, Some(b(6)));
    assert!(g.state.fig(b(6)).bound);
    // Red (tilecrawl) guards; Blue then takes its edge.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Deployed {
            team: Team::Red,
            ..
        }
    )));
    g.play(Command::Edge(Side::N)).unwrap();
    let prisoner = g.state.fig(b(6)).at;
    let why = g
        .play(Command::Deploy(b(6), prisoner))
        .unwrap_err()
        .to_string();
    assert!(why.contains("is the prisoner"), "{why}");
    let south = zone(kind, &edge_zone(Side::S));
    let north = zone(kind, &edge_zone(Side::N));
    let p = free_in(
        &g,
        &south
            .iter()
            .copied()
            .filter(|p| !north.contains(p))
            .collect::<Vec<_>>(),
    );
    g.play(Command::Deploy(b(1), p)).unwrap();
    let ev = g.play(Command::Ready).unwrap();
    let Some(Event::Deployed {
        zone: z, models, ..
    }) = ev.first()
    else {
        panic!("{ev:?}");
    };
    assert_eq!(models.len(), 9, "all but the prisoner");
    assert!(models.contains(&(b(1), p)));
    // `ready` puts the rest where tilecrawl would, on any edge's zone, and
    // the zone told names each edge zone a model stands in (N, E, S, W).
    let zones: Vec<(String, Vec<Point>)> = Side::ALL
        .into_iter()
        .map(|s| (edge_zone(s), zone(kind, &edge_zone(s))))
        .collect();
    let first_zone = |q: &Point| {
        zones
            .iter()
            .find(|(_, sq)| sq.contains(q))
            .map(|(n, _)| n.clone())
    };
    let mut used: Vec<String> = models.iter().filter_map(|(_, q)| first_zone(q)).collect();
    assert_eq!(used.len(), 9, "every model on an edge zone");
    used.sort_by_key(|z| zones.iter().position(|(n, _)| n == z));
    used.dedup();
    assert!(used.contains(&edge_zone(Side::S)));
    let (last, rest) = used.split_last().unwrap();
    let want = if rest.is_empty() {
        last.clone()
    } else {
        format!("{} and {last}", rest.join(", "))
    };
    assert_eq!(z, &want);
    // tilecrawl's side, deployed whole, stands on more than one edge here
    // (the squares nearest the prisoner by walking, from any edge).
    assert!(used.len() > 1, "{z}");
}
