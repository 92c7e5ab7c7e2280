//! tilecrawl's Treasure Hunt, Secrets and Object of Power edges by looking ahead (`lookahead.rs`,
//! `edges.rs`): the book is a function of the board and the war-parties
//! alone, the second side never takes the first side's edge, the
//! look-ahead's own games play the edges given and look no further, an
//! edge that is plainly better is the one taken, and `ready` by hand takes
//! what tilecrawl would.

use super::*;
use crate::core::geom::Side;
use crate::ddd::part::CounterKind;
use crate::ddd::play::deploy::edge_zone;
use crate::ddd::play::edges::{EdgeBook, Edges};
use crate::ddd::play::event::Ask;
use crate::ddd::play::lookahead::{
    LOOKAHEAD_GAMES, edge_book, games, pairs, start_pair, with_book,
};
use crate::ddd::play::transcript;
use crate::ddd::warparty::Warparty;

fn parties() -> (Warparty, Warparty) {
    (warparty::new(1, "Blue"), warparty::new(2, "Red"))
}

fn book_of(s: &DddScenario) -> EdgeBook {
    let (b, r) = parties();
    edge_book(s, &b, &r)
        .unwrap()
        .expect("the scenario looks ahead")
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// A game on `s` with the book `edges`, on the first dice seed whose
/// dice-off `winner` wins, `by_hand` deploying by hand.
fn game_won_by(
    s: &DddScenario,
    edges: Edges,
    winner: Team,
    by_hand: [bool; 2],
) -> (Game, Vec<Event>) {
    let (b, r) = parties();
    for seed in 1..100 {
        let opts = PlayOptions {
            by_hand,
            edges,
            ..PlayOptions::default()
        };
        let (g, ev) = Game::new(s, &b, &r, Dice::quiet(seed, "test"), opts).unwrap();
        if g.state.attacker == winner {
            return (g, ev);
        }
    }
    panic!("no dice seed below 100 lets {winner:?} win the dice-off");
}

#[test]
fn the_book_is_the_same_every_time_and_on_any_number_of_threads() {
    let s = scenario(ScenarioKind::TreasureHunt, 3);
    let one = pool(1).install(|| book_of(&s));
    let two = pool(2).install(|| book_of(&s));
    assert_eq!(one, two);
    assert_eq!(one.games(), LOOKAHEAD_GAMES);
    // Every pair of zoned edges played, and only those.
    let all = pairs(&s);
    assert_eq!(all.len(), 12, "four edge zones: twelve pairs");
    for team in Team::BOTH {
        for mine in Side::ALL {
            for theirs in Side::ALL {
                let p = one.points(team, mine, theirs);
                let pair = match team {
                    Team::Blue => [mine, theirs],
                    Team::Red => [theirs, mine],
                };
                assert_eq!(
                    p.is_some(),
                    all.contains(&pair),
                    "{team:?} {mine:?} {theirs:?}"
                );
                assert!(p.is_none_or(|p| p <= 2 * LOOKAHEAD_GAMES));
            }
        }
    }
    // Another board, other games.
    assert_ne!(book_of(&scenario(ScenarioKind::TreasureHunt, 7)), one);
}

#[test]
fn only_treasure_hunt_secrets_and_object_of_power_look_ahead() {
    let (b, r) = parties();
    for kind in ScenarioKind::ALL {
        let s = scenario(kind, 7);
        let opts = with_book(&s, &b, &r, PlayOptions::default()).unwrap();
        let looks = matches!(
            kind,
            ScenarioKind::TreasureHunt
                | ScenarioKind::SecretsOfTheAncients
                | ScenarioKind::ObjectOfPower
        );
        assert_eq!(matches!(opts.edges, Edges::Looked(_)), looks, "{kind:?}");
        assert_eq!(games(&s) > 0, looks, "{kind:?}");
    }
    // Every pair of four zoned edges, or only the opposite ones.
    assert_eq!(games(&scenario(ScenarioKind::TreasureHunt, 7)), 144);
    assert_eq!(games(&scenario(ScenarioKind::ObjectOfPower, 7)), 48);
}

/// Object of Power: the book holds opposite edges only, on one thread or
/// two; the winner takes the book's first edge, told against the other
/// side on the opposite edge, and the other side takes the opposite edge
/// by the text, with no look-ahead line of its own (nor a question when
/// it deploys by hand).
#[test]
fn object_of_power_looks_ahead_for_the_first_edge_only() {
    let s = scenario(ScenarioKind::ObjectOfPower, 7);
    let all = pairs(&s);
    assert_eq!(all.len(), 4, "four edge zones: four opposite pairs");
    assert!(all.iter().all(|p| p[1] == p[0].opposite()), "{all:?}");
    let one = pool(1).install(|| book_of(&s));
    let book = pool(2).install(|| book_of(&s));
    assert_eq!(one, book);
    for team in Team::BOTH {
        let first = book.first(team).unwrap();
        assert!(first.facing);
        for theirs in Side::ALL {
            assert_eq!(
                book.reply(team, theirs).map(|l| l.side),
                Some(theirs.opposite())
            );
        }
        let (g, ev) = game_won_by(&s, Edges::Looked(book), team, [false, false]);
        let mine = g.state.deploy_edge[team.index()].unwrap();
        assert_eq!(mine, first.side);
        assert_eq!(
            g.state.deploy_edge[team.other().index()],
            Some(mine.opposite())
        );
        let told: Vec<(Team, bool)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::EdgeLooked { team, first, .. } => Some((*team, *first)),
                _ => None,
            })
            .collect();
        assert_eq!(told, [(team, true)]);
        let text: Vec<String> = ev.iter().map(|e| transcript::line(&g.state, e)).collect();
        let text = text.join("\n");
        assert!(
            text.contains("on the opposite edge") && !text.contains("best reply"),
            "{text}"
        );
        // By hand, `ready` takes the same edges, and the second side is
        // not asked for its edge.
        for by_hand in [[true, false], [false, true], [true, true]] {
            let (mut h, mut ev) = game_won_by(&s, Edges::Looked(book), team, by_hand);
            while h.deploying().is_some() {
                ev.extend(h.play(Command::Ready).unwrap());
            }
            assert!(
                !ev.iter().any(|e| matches!(
                    e,
                    Event::Asked {
                        ask: Ask::Edge { .. },
                        team: t
                    } if *t != team
                )),
                "{by_hand:?}"
            );
            assert_eq!(h.state, g.state, "{team:?} won, by hand {by_hand:?}");
        }
    }
}

#[test]
fn the_second_side_never_takes_the_first_sides_edge() {
    for seed in [3, 7, 12] {
        let s = scenario(ScenarioKind::TreasureHunt, seed);
        let book = book_of(&s);
        for team in Team::BOTH {
            for theirs in Side::ALL {
                if let Some(reply) = book.reply(team, theirs) {
                    assert_ne!(reply.side, theirs, "board {seed}, {team:?}");
                }
            }
            // Whole deployments: the winner's edge from the book, the
            // other's its reply to it, each told once, before the side
            // deploys there.
            let (g, ev) = game_won_by(&s, Edges::Looked(book), team, [false, false]);
            let [blue, red] = g.state.deploy_edge.map(Option::unwrap);
            assert_ne!(blue, red, "board {seed}, {team:?} won");
            let first = book.first(team).unwrap();
            let mine = g.state.deploy_edge[team.index()].unwrap();
            let theirs = g.state.deploy_edge[team.other().index()].unwrap();
            assert_eq!(mine, first.side);
            assert_eq!(theirs, book.reply(team.other(), mine).unwrap().side);
            let told: Vec<(Team, bool, Side)> = ev
                .iter()
                .filter_map(|e| match e {
                    Event::EdgeLooked {
                        team,
                        first,
                        looked,
                    } => Some((*team, *first, looked.side)),
                    _ => None,
                })
                .collect();
            assert_eq!(told, [(team, true, mine), (team.other(), false, theirs)]);
            let zone_of = |t: Team| match ev
                .iter()
                .find(|e| matches!(e, Event::Deployed { team: d, .. } if *d == t))
            {
                Some(Event::Deployed { zone, .. }) => zone.clone(),
                _ => panic!("{t:?} did not deploy"),
            };
            assert_eq!(zone_of(team), edge_zone(mine));
            assert_eq!(zone_of(team.other()), edge_zone(theirs));
        }
    }
}

#[test]
fn the_lookahead_games_play_the_edges_given_and_look_no_further() {
    let s = scenario(ScenarioKind::TreasureHunt, 3);
    let (b, r) = parties();
    for pair in pairs(&s) {
        for game in [0, LOOKAHEAD_GAMES - 1] {
            let (g, ev) = start_pair(&s, &b, &r, pair, game).unwrap();
            assert_eq!(g.opts.edges, Edges::Forced(pair));
            assert_eq!(g.state.deploy_edge, pair.map(Some), "{pair:?}");
            assert!(
                !ev.iter().any(|e| matches!(e, Event::EdgeLooked { .. })),
                "a look-ahead game chose by looking ahead: {pair:?}"
            );
            assert!(g.current().is_some(), "deployed, the first card drawn");
        }
    }
    // Its dice are its own: the same pair and game, the same opening;
    // another game number, another dice-off.
    let pair = pairs(&s)[0];
    let opening = |k| start_pair(&s, &b, &r, pair, k).unwrap().1;
    assert_eq!(opening(0), opening(0));
    assert!((1..LOOKAHEAD_GAMES).any(|k| opening(k) != opening(0)));
}

/// Board 3 with every treasure moved next to the north edge's zone: the
/// side choosing first takes the north edge, whichever side it is, and the
/// other side takes another.
#[test]
fn an_edge_beside_every_treasure_is_the_one_taken() {
    let mut s = scenario(ScenarioKind::TreasureHunt, 3);
    let grid = super::super::grid::Grid::new(crate::ddd::part::board_of(&s));
    let zone = |name: &str| -> Vec<Point> {
        s.game
            .zones
            .iter()
            .find(|z| z.name == name)
            .map(crate::ddd::part::zone_points)
            .unwrap()
    };
    let north = zone("edge-N");
    let zoned: Vec<Point> = Side::ALL
        .into_iter()
        .flat_map(|side| zone(&edge_zone(side)))
        .collect();
    // Free squares one step outside the north zone, in reading order.
    let mut beside: Vec<Point> = Vec::new();
    for y in 0..36 {
        for x in 0..36 {
            let p = Point { x, y };
            let near = north
                .iter()
                .any(|q| (q.x - p.x).abs() <= 1 && (q.y - p.y).abs() <= 1);
            if near && grid.standable(p) && !zoned.contains(&p) {
                beside.push(p);
            }
        }
    }
    let treasures = s
        .game
        .counters
        .iter()
        .filter(|c| c.kind == CounterKind::Treasure)
        .count();
    assert!(beside.len() >= 2 * treasures, "room beside the zone");
    let mut spots = beside.into_iter().step_by(2);
    for c in s.game.counters.iter_mut() {
        if c.kind == CounterKind::Treasure {
            let p = spots.next().unwrap();
            (c.x, c.y) = (p.x, p.y);
        }
    }
    let book = book_of(&s);
    for team in Team::BOTH {
        let first = book.first(team).unwrap();
        assert_eq!(first.side, Side::N, "{team:?} choosing first");
        assert!(
            first.points > LOOKAHEAD_GAMES,
            "{team:?} scores better than even there: {first:?}"
        );
        assert_ne!(book.reply(team.other(), Side::N).unwrap().side, Side::N);
    }
}

/// `ready` by hand takes the book's edge, as tilecrawl does for a side it
/// deploys, whoever chose first.
#[test]
fn ready_by_hand_takes_the_books_edge() {
    let s = scenario(ScenarioKind::TreasureHunt, 12);
    let edges = Edges::Looked(book_of(&s));
    for winner in Team::BOTH {
        let (auto, _) = game_won_by(&s, edges, winner, [false, false]);
        for by_hand in [[true, false], [false, true], [true, true]] {
            let (mut g, _) = game_won_by(&s, edges, winner, by_hand);
            while g.deploying().is_some() {
                g.play(Command::Ready).unwrap();
            }
            assert_eq!(g.state, auto.state, "{winner:?} won, by hand {by_hand:?}");
        }
    }
}
