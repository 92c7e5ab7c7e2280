//! A test kit for the play engine: a hand-made three-tile dungeon (chamber
//! C1, a hallway H1 that narrows to a one-square corridor on row 3, chamber
//! C2), a two-hero party, helpers to place figures, and scripted dice: a
//! test lists the faces the rule will roll and asserts the events.
//!
//! ```text
//!           1111111111222
//! 01234567890123456789012
//! ........########........   C1: x 0-7 (entrance 0,3 and 0,4, west side)
//! ........########........   H1: x 8-15, a corridor on row 3 only
//! ........########........   C2: x 16-23 (the Central Chamber), chest-1 on 22,7
//! ........................
//! ........########........
//! ```

use crate::mkd::figures::{Ability, Stats};
use crate::mkd::monsters::MonsterEntry;
use crate::mkd::play::command;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::engine::{CombatMode, Game, GameOptions};
use crate::mkd::play::event::Event;
use crate::mkd::play::party::{Hero, Party, Team};
use crate::mkd::play::refusal::Refusal;
use crate::mkd::play::state::{HeroId, HeroPlace, MonsterId, MonsterMode, MonsterState};
use crate::mkd::scenario::*;
use crate::mkd::tables::default_tables;
use crate::scenario::{CentralChamber, Entrance, PlacedTile, Point, RulesetId, Size, Spot};
use crate::tileset::{FaceSide, Side, TileKind};
use std::sync::Arc;

pub(crate) const W: i32 = 24;
pub(crate) const H: i32 = 8;

pub(crate) fn scenario(wmts: Vec<Wmt>) -> Scenario {
    let grid: Vec<String> = (0..H)
        .map(|y| {
            (0..W)
                .map(|x| {
                    if (8..16).contains(&x) && y != 3 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let tile = |x: i32, kind: TileKind| PlacedTile {
        // The names play prints: the tile-set ids.
        id: match x {
            0 => "C1",
            8 => "H1",
            _ => "C2",
        }
        .into(),
        kind,
        face: FaceSide::Front,
        rotation: 0,
        x,
        y: 0,
        width: 8,
        height: H as u32,
        void: Vec::new(),
    };
    Scenario {
        format: "tilecrawl-scenario/1".into(),
        generator: "test".into(),
        seed: 1,
        ruleset: RulesetId::MkdAdventure,
        square_mm: 25.0,
        size: Size {
            width: W as u32,
            height: H as u32,
        },
        table_offset: Point { x: 0, y: 0 },
        grid,
        tiles: vec![
            tile(0, TileKind::Chamber),
            tile(8, TileKind::Hallway),
            tile(16, TileKind::Chamber),
        ],
        connections: vec![[0, 1], [1, 2]],
        entrance: Entrance {
            tile: 0,
            x: 0,
            y: 3,
            side: Side::W,
            length: 2,
        },
        central_chamber: CentralChamber { tile: 2, depth: 2 },
        dead_ends: Vec::new(),
        game: MkdPart {
            mission: "quest".into(),
            params: Params {
                sets: 1,
                hero_value: 95,
                tileset: "test".into(),
                table: Size {
                    width: 100,
                    height: 100,
                },
                exit_dice: crate::build::layout::ExitDice::Fair,
                difficulty: crate::mkd::scenario::Difficulty::Normal,
                markers: false,
                dressing: false,
            },
            chests: vec![Chest {
                x: 22,
                y: 7,
                facing: Side::N,
                level: 1,
                quest: false,
                tile: 2,
            }],
            wmts,
            markers: Vec::new(),
            turn_limit: None,
            prisoner: None,
            second_entrance: None,
            staircase: None,
            floor: None,
            pools: Pools {
                chests: vec![1],
                wmts: vec![WmtToken {
                    color: WmtColor::Yellow,
                    number: 3,
                }],
                wmt_reveal_bonus: 0,
                guardian_reveal_bonus: 0,
                guardian: None,
                accessories: Accessories {
                    doors: 0,
                    terrain_markers: Vec::new(),
                    furnishings: Vec::new(),
                },
                monsters: crate::mkd::monsters::MonsterPool::new(vec![MonsterEntry {
                    name: "Orc".into(),
                    points: 20,
                    count: 6,
                    abilities: Vec::new(),
                    stats: None,
                }]),
            },
        },
        log: Vec::new(),
    }
}

/// A two-floor dungeon from the test kit's scenario: floor 1 has stairs on
/// 20,3 in chamber C2 and a plain chest on 22,7; floor 2 the Quest Chest
/// on 22,7.
pub(crate) fn two_floors() -> (crate::mkd::floors::DungeonFile, Vec<Scenario>) {
    let stairs = Spot {
        x: 20,
        y: 3,
        tile: 2,
    };
    let mut a = crate::mkd::play::testkit::scenario(Vec::new());
    a.game.staircase = Some(stairs);
    a.game.floor = Some(FloorOf { number: 1, of: 2 });
    let mut b = crate::mkd::play::testkit::scenario(Vec::new());
    b.seed = 2;
    b.game.floor = Some(FloorOf { number: 2, of: 2 });
    // The goal lies on the last floor.
    b.game.chests[0].quest = true;
    let file = crate::mkd::floors::DungeonFile {
        format: crate::mkd::floors::DUNGEON_FORMAT.into(),
        generator: "test".into(),
        seed: 1,
        mission: "quest".into(),
        turn_limit: None,
        floors: vec![
            crate::mkd::floors::FloorEntry {
                number: 1,
                seed: 1,
                sets: 1,
                scenario: "floor-1/scenario.yaml".into(),
                stairs: Some(crate::mkd::floors::StairLink {
                    at: stairs,
                    to_floor: 2,
                }),
            },
            crate::mkd::floors::FloorEntry {
                number: 2,
                seed: 2,
                sets: 1,
                scenario: "floor-2/scenario.yaml".into(),
                stairs: None,
            },
        ],
        log: Vec::new(),
    };
    (file, vec![a, b])
}

pub(crate) fn party() -> Party {
    let hero = |name: &str| Hero {
        name: name.into(),
        value: 40,
        level: 1,
        stats: Stats {
            speed: 5,
            attacks: 2,
            shoot: None,
            armour: 4,
            wounds: 4,
        },
        abilities: Vec::new(),
        con: 0,
        chests: Vec::new(),
    };
    Party {
        name: "test".into(),
        teams: vec![Team {
            player: "Ann".into(),
            heroes: vec![hero("Ayla"), hero("Borin")],
        }],
        prisoner: None,
        campaign: None,
    }
}

/// The test party, Ayla bringing `chests` from town.
pub(crate) fn party_bringing(chests: Vec<crate::mkd::tables::Item>) -> Party {
    let mut p = party();
    p.teams[0].heroes[0].chests = chests;
    p
}

/// The plain test game in manual combat, Ayla bringing `chests` from town,
/// every tile visited (no discovery rolls).
pub(crate) fn game_bringing(chests: Vec<crate::mkd::tables::Item>, faces: &[u32]) -> Game {
    let mut g = Game::new(
        Arc::new(scenario(Vec::new())),
        Arc::new(party_bringing(chests)),
        Arc::new(default_tables()),
        GameOptions {
            seed: 1,
            combat: CombatMode::Manual,
        },
    );
    g.script(faces);
    g.visited.extend(0..3);
    g
}

/// A game of the test dungeon with `wmts` on the board and dice that show
/// `faces`.
pub(crate) fn game_with(combat: CombatMode, wmts: Vec<Wmt>, faces: &[u32]) -> Game {
    game_of(scenario(wmts), combat, faces)
}

/// A game of `s` with the test party and dice that show `faces`.
pub(crate) fn game_of(s: Scenario, combat: CombatMode, faces: &[u32]) -> Game {
    let mut g = Game::new(
        Arc::new(s),
        Arc::new(party()),
        Arc::new(default_tables()),
        GameOptions { seed: 1, combat },
    );
    g.script(faces);
    g
}

/// The test dungeon set up for a mission (`rescue`, `stealth`,
/// `kidnapping`) the way the generator leaves it: rescue's prisoner held on
/// 20,4 in the Central Chamber and a blue-5 Guardian set aside; stealth's
/// Quest Chest on 20,4; kidnapping's blue-5 Guardian WMT on 20,4.
pub(crate) fn mission_scenario(mission: &str, wmts: Vec<Wmt>) -> Scenario {
    let mut s = scenario(wmts);
    s.game.mission = mission.into();
    let guardian = WmtToken {
        color: WmtColor::Blue,
        number: 5,
    };
    match crate::mkd::mission::Mission::parse(mission)
        .expect("a mission")
        .goal
    {
        crate::mkd::mission::Goal::Rescue => {
            s.game.prisoner = Some(Spot {
                x: 20,
                y: 4,
                tile: 2,
            });
            s.game.pools.guardian = Some(guardian);
        }
        crate::mkd::mission::Goal::Stealth => s.game.chests.push(Chest {
            x: 20,
            y: 4,
            facing: Side::N,
            level: 3,
            quest: true,
            tile: 2,
        }),
        crate::mkd::mission::Goal::Kidnapping => s.game.wmts.push(Wmt {
            x: 20,
            y: 4,
            color: guardian.color,
            number: guardian.number,
            guardian: true,
            tile: 2,
        }),
        crate::mkd::mission::Goal::Quest => {}
    }
    s
}

/// A game of [`mission_scenario`] with the test party, every tile visited
/// (no discovery rolls).
pub(crate) fn mission_game(combat: CombatMode, mission: &str, faces: &[u32]) -> Game {
    let mut g = game_of(mission_scenario(mission, Vec::new()), combat, faces);
    g.visited.extend(0..3);
    g
}

/// The plain test game in manual combat.
pub(crate) fn game(faces: &[u32]) -> Game {
    game_with(CombatMode::Manual, Vec::new(), faces)
}

/// Every square of a game's board a figure can stand on, row by row.
pub(crate) fn open_squares(g: &crate::mkd::play::state::State) -> Vec<Point> {
    (0..g.board.len())
        .map(|i| g.board.point(i))
        .filter(|&q| g.board.passable(q))
        .collect()
}

/// One step of a small deterministic stream (xorshift) for the tests'
/// random choices: the next number, `state` moved on to it.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

pub(crate) fn p(x: i32, y: i32) -> Point {
    Point { x, y }
}

/// Ayla (hero 0) and Borin (hero 1).
pub(crate) const AYLA: HeroId = HeroId(0);
/// Borin.
pub(crate) const BORIN: HeroId = HeroId(1);

/// Puts hero `h` (0 Ayla, 1 Borin) on a square, facing `facing`.
pub(crate) fn put_hero(g: &mut Game, h: usize, at: Point, facing: Side) {
    g.set_hero_place(HeroId(h), HeroPlace::At(at));
    g.heroes[h].facing = facing;
}

/// Adds a monster of `points` (stats from the tables' bands: 20 points is
/// speed 4, 2 attacks, armour 4, 2 wounds), not surprised, hunting.
pub(crate) fn add_monster(
    g: &mut Game,
    id: &str,
    points: u32,
    at: Point,
    abilities: &[Ability],
) -> MonsterId {
    let stats = *g.tables.profile_for(points);
    g.push_monster(MonsterState {
        id: id.into(),
        name: id.into(),
        points,
        abilities: abilities.to_vec(),
        stats,
        pos: Some(at),
        facing: Side::N,
        wounds: 0,
        surprised: false,
        mode: MonsterMode::Hunt,
        carrying: None,
        demoralized: abilities.contains(&Ability::Demoralized),
        dismounted: false,
        held: 0,
        waiting: false,
    })
}

/// Runs a rule on the game's state and dice; its result and its events.
pub(crate) fn rule<R>(g: &mut Game, f: impl FnOnce(&mut Ctx) -> R) -> (R, Vec<Event>) {
    let mut out = Vec::new();
    let (s, dice) = g.parts();
    // Tests may set figures' squares by hand: counted before the rule.
    s.resync_standing();
    let r = f(&mut Ctx {
        s,
        dice,
        out: &mut out,
    });
    (r, out)
}

/// Plays a typed command.
pub(crate) fn play(g: &mut Game, line: &str) -> Result<Vec<Event>, Refusal> {
    let cmd = command::parse(line)?.expect("a command");
    // Tests may set figures' squares by hand: counted before the command.
    g.parts().0.resync_standing();
    g.play(cmd)
}

/// Plays a typed command that must be accepted.
pub(crate) fn ok(g: &mut Game, line: &str) -> Vec<Event> {
    match play(g, line) {
        Ok(e) => e,
        Err(e) => panic!("`{line}` was refused: {e}"),
    }
}

/// Plays a typed command that must be refused.
pub(crate) fn refused(g: &mut Game, line: &str) -> Refusal {
    match play(g, line) {
        Ok(e) => panic!("`{line}` was accepted: {e:?}"),
        Err(r) => r,
    }
}

/// Every scripted face was rolled.
#[track_caller]
pub(crate) fn all_dice_used(g: &Game) {
    assert_eq!(
        g.dice().script_left(),
        0,
        "faces left over; rolls made: {:?}",
        g.dice()
            .log()
            .iter()
            .map(|e| format!("{} {} {}", e.roll, e.result, e.purpose))
            .collect::<Vec<_>>()
    );
}

/// The events as the transcript prints them (for messages).
pub(crate) fn printed(g: &Game, events: &[Event]) -> String {
    crate::mkd::play::transcript::print(g, events).join("\n")
}
