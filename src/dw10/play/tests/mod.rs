//! Tests of the rules with scripted dice, and whole games.

use super::*;

use crate::dw10::play::session::{SaveFile, Session};
use std::sync::Arc;

mod ability_rules;
mod combat_rules;
mod condition_rules;
mod dungeon_rules;
mod familiar_rules;
mod furniture_rules;
mod hero_policy;
mod map_view;
mod movement_rules;
mod spell_rules;
mod stair_rules;
mod stall_rules;
mod turn_rules;

/// Simulated run `run` of a scenario file with the default party, as
/// `simulate` starts it (not played yet), the file's text and the run's
/// dice seed.
pub(crate) fn simulated_game(path: &str, run: u32, max_moves: u32) -> (engine::Game, String, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let sc: crate::dw10::Scenario = crate::scenario::from_yaml(&text, path).unwrap();
    let sc = Arc::new(sc);
    let figures = Arc::new(crate::dw10::figures::embedded());
    let tables = Arc::new(crate::dw10::tables::embedded());
    let party = party::default_party(&figures);
    let o = simulate::SimOptions {
        runs: 1,
        seed: sc.seed,
        max_moves,
        scaled_down: false,
    };
    let opts = simulate::run_options(&party, &figures, &tables, &o, run, false);
    let seed = opts.seed;
    (engine::Game::new(sc, opts).0, text, seed)
}

/// The transcript of simulated run `run` on a scenario file (for eyes).
pub(crate) fn simulated_save(path: &str, run: u32, max_moves: u32) -> SaveFile {
    let (mut g, text, seed) = simulated_game(path, run, max_moves);
    let mut rec = Some(Vec::new());
    simulate::play_out_recorded(&mut g, max_moves, &mut rec);
    SaveFile {
        format: session::FORMAT.into(),
        scenario: path.into(),
        scenario_digest: crate::core::digest::digest(text.as_bytes()),
        seed,
        party: party::DEFAULT_YAML.into(),
        scaled_down: false,
        commands: rec.unwrap_or_default(),
    }
}

/// Played in order on one thread, asked after each run whether to go on,
/// a simulation gives `simulate`'s report to the byte when every run is
/// played, and stops where it is told otherwise.
#[test]
fn a_simulation_played_in_order_gives_the_shared_report_or_stops_when_told() {
    let path = "tests/golden/dw10/seed-7/scenario.yaml";
    let text = std::fs::read_to_string(path).unwrap();
    let sc: Arc<crate::dw10::Scenario> = Arc::new(crate::scenario::from_yaml(&text, path).unwrap());
    let figures = Arc::new(crate::dw10::figures::embedded());
    let tables = Arc::new(crate::dw10::tables::embedded());
    let party = party::default_party(&figures);
    let o = simulate::SimOptions {
        runs: 12,
        seed: sc.seed,
        max_moves: simulate::DEFAULT_MAX_MOVES,
        scaled_down: false,
    };
    let shared = simulate::simulate(&sc, &party, &figures, &tables, &o, &|| {});
    let mut seen = Vec::new();
    let here = simulate::simulate_here_while(&sc, &party, &figures, &tables, &o, |r| {
        seen.push(r.end);
        true
    });
    assert_eq!(here, Ok(shared.clone()));
    let wins = seen
        .iter()
        .filter(|e| **e == simulate::RunEnd::HeroesWin)
        .count() as u32;
    assert_eq!(wins, shared.wins, "keep saw every run");
    let mut asked = 0;
    let stopped = simulate::simulate_here_while(&sc, &party, &figures, &tables, &o, |_| {
        asked += 1;
        asked < 5
    });
    assert_eq!((stopped, asked), (Err(5), 5));
}

#[test]
#[ignore]
fn print_a_simulated_game() {
    let path =
        std::env::var("DW10_SCENARIO").unwrap_or("tests/golden/dw10/seed-7/scenario.yaml".into());
    let run: u32 = std::env::var("DW10_RUN")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    let save = simulated_save(&path, run, 60);
    let text = std::fs::read_to_string(&path).unwrap();
    let sc: crate::dw10::Scenario = crate::scenario::from_yaml(&text, &path).unwrap();
    let (_, out) = Session::resume(
        &save,
        Arc::new(sc),
        Arc::new(crate::dw10::figures::embedded()),
        Arc::new(crate::dw10::tables::embedded()),
    )
    .unwrap();
    for l in out {
        println!("{l}");
    }
}

use crate::core::dice::Dice;
use crate::dw10::board::Board;
use crate::dw10::features::{Feature, FeatureKind};
use crate::dw10::figures::Figures;
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::{CounterCheck, Event};
use crate::dw10::play::sight::Look;
use crate::dw10::play::state::{
    Body, Hero, HeroId, Map, Monster, MonsterId, Outcome, Phase, SideId, Sq, State, Who,
};
use crate::dw10::scenario::Objective;
use crate::dw10::tables::Tables;
use crate::tileset::Cell;

/// A small dungeon for a rule's test: ASCII rows, features, heroes by
/// stat block, monsters by kind; everything revealed.
struct Kit {
    s: State,
    map: Map,
    figures: Figures,
    tables: Tables,
}

fn kit(rows: &str, features: Vec<Feature>, heroes: &[(&str, Sq)], monsters: &[(&str, Sq)]) -> Kit {
    let rows: Vec<&str> = rows
        .lines()
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let cells: Vec<Cell> = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| Cell::from_char(c).unwrap()))
        .collect();
    let (w, h) = (rows[0].len() as i32, rows.len() as i32);
    let board = Board::new(w, h, cells, &features);
    let map = Map {
        board,
        tile_of: vec![Some(0); (w * h) as usize],
        tiles: 1,
        pieces: Vec::new(),
        conditions: crate::dw10::conditions::shared().conditions.clone(),
    };
    let figures = crate::dw10::figures::embedded();
    let hs = heroes
        .iter()
        .map(|(f, at)| {
            let fig = figures
                .heroes
                .iter()
                .find(|x| x.name == *f)
                .unwrap()
                .clone();
            Hero {
                body: Body {
                    name: f.split(' ').next().unwrap().to_string(),
                    wounds: fig.wounds,
                    fig: fig.clone(),
                    at: Some(*at),
                    poison: 0,
                    fire: 0,
                    gazed_by: None,
                    pit_ready: None,
                },
                mp: fig.movement,
                moved: false,
                shot: false,
                done: false,
                used: vec![],
                items: vec![],
                dead: false,
                listening: false,
                escaped: false,
                magic: Default::default(),
                familiar: None,
            }
        })
        .collect();
    let mut s = State::bare(
        features,
        1,
        hs,
        spawn::default_collection(&figures),
        5,
        Objective::Rescue,
    );
    s.revealed = vec![true];
    s.walls = state::Walls::of(&map.board);
    for (i, (k, at)) in monsters.iter().enumerate() {
        let fig = figures.monster(k).unwrap().clone();
        s.monsters.push(Monster {
            body: Body {
                name: format!("{k} {}", i + 1),
                wounds: fig.wounds,
                fig,
                at: Some(*at),
                poison: 0,
                fire: 0,
                gazed_by: None,
                pit_ready: None,
            },
            kind: k.to_string(),
        });
    }
    Kit {
        s,
        map,
        figures,
        tables: crate::dw10::tables::embedded(),
    }
}

impl Kit {
    /// Runs a rule on scripted dice; every face must be used.
    fn run(&mut self, faces: &[u32], f: impl FnOnce(&mut Ctx)) -> Vec<Event> {
        let mut dice = Dice::scripted(faces);
        let mut ev = Vec::new();
        let mut c = Ctx {
            s: &mut self.s,
            map: &self.map,
            dice: &mut dice,
            ev: &mut ev,
            tables: &self.tables,
            figures: &self.figures,
        };
        f(&mut c);
        assert_eq!(dice.script_left(), 0, "unused faces");
        ev
    }
}

const ROOM: &str = "
#########
#.......#
#.......#
#.......#
#.......#
#########";

/// A room split by a wall but for its bottom row: the far side is out of
/// sight from the near one's top rows.
const SPLIT: &str = "
#########
#...#...#
#...#...#
#.......#
#########";

const H0: Who = Who::Hero(HeroId(0));
const M0: Who = Who::Monster(MonsterId(0));

fn trap_at(x: i32, y: i32) -> Feature {
    Feature::new(FeatureKind::Trap, x, y)
}

fn learn(k: &mut Kit, h: u32, spells: &[crate::dw10::figures::Ability]) {
    k.s.heroes[h as usize].magic.spells = spells.to_vec();
}

use crate::dw10::figures::Ability;

fn door_e(x: i32, y: i32) -> Feature {
    let mut d = Feature::new(FeatureKind::Door, x, y);
    d.side = Some(crate::core::geom::Side::E);
    d
}

/// Two red staircase ends on the given squares.
fn red_stairs_at(a: Sq, b: Sq) -> Vec<Feature> {
    [a, b]
        .into_iter()
        .map(|(x, y)| {
            let mut f = Feature::new(FeatureKind::Staircase, x, y);
            f.colour = Some(crate::dw10::features::Colour::Red);
            f
        })
        .collect()
}

fn furnishing(what: &str, x: i32, y: i32) -> Feature {
    let mut f = Feature::new(FeatureKind::Furnishing, x, y);
    f.what = Some(what.into());
    f
}

/// Each shot's target and how many dice it took, in order.
fn shots_of(ev: &[Event]) -> Vec<(Who, usize)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Shot { target, dice, .. } => Some((*target, dice.len())),
            _ => None,
        })
        .collect()
}

fn seed7_game() -> engine::Game {
    let path = "tests/golden/dw10/seed-7/scenario.yaml";
    let text = std::fs::read_to_string(path).unwrap();
    let sc: crate::dw10::Scenario = crate::scenario::from_yaml(&text, path).unwrap();
    let figures = Arc::new(crate::dw10::figures::embedded());
    let tables = Arc::new(crate::dw10::tables::embedded());
    let party = party::default_party(&figures);
    let o = simulate::SimOptions {
        runs: 1,
        seed: 7,
        max_moves: 60,
        scaled_down: false,
    };
    engine::Game::new(
        Arc::new(sc),
        simulate::run_options(&party, &figures, &tables, &o, 0, false),
    )
    .0
}

fn play(g: &mut engine::Game, line: &str) -> Result<Vec<Event>, refusal::Refusal> {
    g.play(command::parse(line).unwrap().unwrap())
}

/// A beginning that two heroes' names share names neither: it is refused as
/// ambiguous, naming the heroes it fits (in party order), not as an unknown
/// hero, and the game is unchanged.
#[test]
fn a_beginning_two_heroes_share_is_refused_as_ambiguous_naming_both() {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    // The default party: Kestrel, Marrow, Brannoc, Sella.
    assert_eq!(g.s.hero(HeroId(2)).body.name, "Brannoc");
    g.s.heroes[1].body.name = "Bramwell".into();
    let ambiguous = |typed: &str| refusal::Refusal::AmbiguousHero {
        name: typed.into(),
        heroes: "Bramwell, Brannoc".into(),
    };
    assert_eq!(g.find_hero("Bra"), Err(ambiguous("Bra")));
    assert_eq!(
        ambiguous("Bra").to_string(),
        "hero `Bra` is ambiguous: it begins Bramwell, Brannoc; type more of it"
    );
    let before = transcript::status(&g.s);
    for (line, typed) in [
        ("move bra 3,3", "bra"),
        ("listen BR", "BR"),
        ("shoot b 1", "b"),
    ] {
        assert_eq!(play(&mut g, line), Err(ambiguous(typed)), "{line}");
    }
    assert_eq!(transcript::status(&g.s), before);
    // One more letter names one hero; a name nobody has is unknown.
    assert_eq!(g.find_hero("bram"), Ok(HeroId(1)));
    assert_eq!(g.find_hero("Bran"), Ok(HeroId(2)));
    assert_eq!(
        g.find_hero("Brx"),
        Err(refusal::Refusal::NoHero("Brx".into()))
    );
    // A whole name is that hero's even when it begins another's.
    g.s.heroes[1].body.name = "Bran".into();
    assert_eq!(g.find_hero("bran"), Ok(HeroId(1)));
    assert_eq!(g.find_hero("Brann"), Ok(HeroId(2)));
}

/// A refusal gives the reason that holds: a move onto a square another
/// figure stands on names that figure (the words for a wall, "no figure
/// may stop there", were given for both), and a healer asked to heal a
/// hero not beside it is told so (not "never itself"). A user's audit.
#[test]
fn a_refused_move_or_heal_says_which_reason_holds() {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    // The default party: Kestrel, Marrow (a healer), Brannoc, Sella.
    let at = |g: &engine::Game, h: u32| g.s.hero(HeroId(h)).body.at.unwrap();
    let why = |r: Result<Vec<Event>, refusal::Refusal>| match r {
        Err(refusal::Refusal::Unreachable { why, .. }) => why.to_string(),
        other => panic!("{other:?}"),
    };
    let sella = at(&g, 3);
    let line = format!("move Brannoc {},{}", sella.0, sella.1);
    assert_eq!(why(play(&mut g, &line)), "Sella stands there");
    // A wall keeps its words.
    let map = g.map.clone();
    let b = &map.board;
    let wall = (0..b.height)
        .flat_map(|y| (0..b.width).map(move |x| (x, y)))
        .find(|&(x, y)| !b.standable(x, y))
        .unwrap();
    let line = format!("move Brannoc {},{}", wall.0, wall.1);
    assert_eq!(why(play(&mut g, &line)), "no figure may stop there");
    // Sella two squares or more from Marrow.
    let marrow = at(&g, 1);
    let far = (0..b.height)
        .flat_map(|y| (0..b.width).map(move |x| (x, y)))
        .find(|&(x, y)| {
            b.standable(x, y)
                && g.s.at((x, y)).is_none()
                && !crate::dw10::play::state::adjacent((x, y), marrow)
                && (x, y) != marrow
        })
        .unwrap();
    g.s.heroes[3].body.at = Some(far);
    g.s.heroes[3].body.wounds -= 1;
    assert_eq!(
        play(&mut g, "heal Marrow Sella"),
        Err(refusal::Refusal::Rule(
            "Sella is not next to Marrow: a healer heals a hero beside it".into()
        ))
    );
    assert_eq!(
        play(&mut g, "heal Marrow Marrow"),
        Err(refusal::Refusal::Rule(
            "Marrow heals a hero next to it, never itself".into()
        ))
    );
}
