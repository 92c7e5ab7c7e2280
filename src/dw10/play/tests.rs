//! Tests of the rules with scripted dice, and whole games.

use super::*;

use crate::dw10::play::session::{SaveFile, Session};
use std::sync::Arc;

/// The transcript of simulated run `run` on a scenario file (for eyes).
pub(crate) fn simulated_save(path: &str, run: u32, max_moves: u32) -> SaveFile {
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
    let (mut g, _) = engine::Game::new(sc.clone(), opts);
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

const H0: Who = Who::Hero(HeroId(0));
const M0: Who = Who::Monster(MonsterId(0));

#[test]
fn initiative_ties_are_rolled_again_and_the_bonus_stops_at_two() {
    // Tracker and Trap Finder both have Initiative Bonus; a listener adds 1.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1)), ("Trap Finder", (2, 1))],
        &[],
    );
    k.s.listen_bonus = 1;
    let ev = k.run(&[3, 5, 1, 4], |c| {
        assert_eq!(turn::initiative(c), SideId::Dm);
    });
    assert_eq!(
        ev,
        vec![
            Event::Initiative {
                heroes: 3,
                heroes_bonus: 2,
                dm: 5,
                dm_bonus: 0
            },
            Event::Initiative {
                heroes: 1,
                heroes_bonus: 2,
                dm: 4,
                dm_bonus: 0
            },
            Event::Mover { side: SideId::Dm },
        ]
    );
}

#[test]
fn diagonals_cost_two_rock_slides_two_and_no_figure_stops_on_a_rock_slide() {
    let k = kit(
        "#######\n#..,..#\n#.....#\n#######",
        vec![],
        &[("Tracker", (1, 1))],
        &[],
    );
    let r = walk::reach(&k.s, &k.map, H0, 10);
    assert_eq!(r.cost((2, 2)), Some(2));
    assert_eq!(r.cost((2, 1)), Some(1));
    assert_eq!(r.cost((3, 1)), Some(3));
    assert!(!walk::may_end(&k.s, &k.map, H0, (3, 1)));
}

#[test]
fn a_pit_is_jumped_for_three_and_water_is_refused() {
    let k = kit(
        "#######\n#.=.~.#\n#######",
        vec![],
        &[("Tracker", (1, 1))],
        &[],
    );
    let r = walk::reach(&k.s, &k.map, H0, 10);
    assert_eq!(r.cost((3, 1)), Some(3));
    assert_eq!(r.cost((2, 1)), None);
    assert_eq!(r.cost((5, 1)), None);
}

#[test]
fn entering_a_kill_zone_stops_the_walk_and_enemies_are_not_passed() {
    let k = kit(ROOM, vec![], &[("Tracker", (1, 2))], &[("Orc", (4, 2))]);
    let r = walk::reach(&k.s, &k.map, H0, 20);
    // Next to the orc: reachable; past it along the row: only round the
    // kill zone, never through it.
    assert_eq!(r.cost((3, 2)), Some(2));
    assert_eq!(r.cost((4, 2)), None);
    let (path, _) = r.path((7, 2));
    assert!(
        path.iter()
            .all(|p| !k.s.in_kill_zone(*p, SideId::Heroes) || *p == (7, 2))
    );
}

#[test]
fn disengaging_draws_one_pooled_free_attack_from_every_enemy_left() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (2, 2))],
        &[("Orc", (1, 1)), ("Orc", (3, 3))],
    );
    // 2 + 2 dice pooled: one 4 hits; its kill die 5 beats armour 4.
    let ev = k.run(&[4, 1, 2, 3, 5], |c| {
        engine::hero_move(c, HeroId(0), (5, 1))
    });
    assert_eq!(
        ev[0],
        Event::FreeAttack {
            target: H0,
            by: vec![M0, Who::Monster(MonsterId(1))],
            dice: vec![4, 1, 2, 3],
            kills: vec![5],
        }
    );
    assert!(ev.contains(&Event::Wounded {
        who: H0,
        wounds: 1,
        left: 6
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((5, 1)));
}

#[test]
fn against_cover_only_a_six_hits_and_elves_hit_on_four() {
    // A rock slide just in front of the orc, on the shooter's side.
    let mut k = kit(
        "#########\n#.....,.#\n#########",
        vec![],
        &[("Tracker", (1, 1))],
        &[("Orc", (7, 1))],
    );
    let seen = combat::shot_check(&k.s, &k.map, H0, M0).unwrap();
    assert_eq!(seen, Look::Cover);
    let ev = k.run(&[5, 5, 6, 3], |c| combat::shoot(c, H0, M0, seen));
    assert!(matches!(&ev[0], Event::Shot { need: 6, kills, .. } if *kills == vec![3]));
    let mut k = kit(ROOM, vec![], &[("Wood Elf", (1, 1))], &[("Orc", (6, 1))]);
    let seen = combat::shot_check(&k.s, &k.map, H0, M0).unwrap();
    let ev = k.run(&[4, 1, 1, 1, 4], |c| combat::shoot(c, H0, M0, seen));
    assert!(matches!(&ev[0], Event::Shot { need: 4, .. }));
    assert!(ev.contains(&Event::Wounded {
        who: M0,
        wounds: 1,
        left: 1
    }));
}

#[test]
fn nobody_shoots_from_beside_an_enemy_or_into_a_melee() {
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Orc", (2, 1)), ("Goblin", (6, 1))],
    );
    assert!(combat::shot_check(&k.s, &k.map, H0, Who::Monster(MonsterId(1))).is_err());
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1)), ("Field Medic", (6, 2))],
        &[("Orc", (6, 1))],
    );
    assert!(
        combat::shot_check(&k.s, &k.map, H0, M0)
            .unwrap_err()
            .to_string()
            .contains("melee")
    );
}

#[test]
fn acid_spit_lowers_the_armour_for_the_kill_roll() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Corpse Crawler", (4, 1))],
    );
    let m = Who::Monster(MonsterId(0));
    let seen = combat::shot_check(&k.s, &k.map, m, H0).unwrap();
    // 4 dice: one 5 hits; kill die 3 wounds armour 4 - 1.
    let ev = k.run(&[5, 1, 1, 1, 3], |c| combat::shoot(c, m, H0, seen));
    assert!(matches!(&ev[0], Event::Shot { armour: 3, .. }));
    assert!(ev.contains(&Event::Wounded {
        who: H0,
        wounds: 1,
        left: 6
    }));
}

#[test]
fn the_movers_kills_are_removed_before_the_non_mover_rolls() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Dwarf Crossbowman", (1, 1))],
        &[("Goblin", (2, 1))],
    );
    k.s.mover = SideId::Heroes;
    // Hero: 4 dice, one hit, kill die 3 = the goblin's armour: dead. The
    // goblin never rolls.
    let ev = k.run(&[6, 1, 1, 1, 3], combat::melee_phase);
    assert!(ev.contains(&Event::Killed { who: M0 }));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Melee {
            side: SideId::Dm,
            ..
        }
    )));
}

#[test]
fn a_kill_die_below_the_armour_cannot_be_assigned() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Dwarf Crossbowman", (1, 1))],
        &[("Orc", (2, 1))],
    );
    k.s.mover = SideId::Heroes;
    // Hero: one hit, kill die 3 < armour 4: lost. Orc: 2 dice, no hit.
    let ev = k.run(&[6, 1, 1, 1, 3, 1, 2], combat::melee_phase);
    assert!(!ev.iter().any(|e| matches!(e, Event::Assigned { .. })));
    assert_eq!(k.s.monster(MonsterId(0)).body.wounds, 2);
}

#[test]
fn berserk_and_pack_add_dice() {
    let k = kit(
        ROOM,
        vec![],
        &[("Front Line Warrior", (2, 2))],
        &[("Zombie", (1, 1)), ("Zombie", (1, 2)), ("Orc", (3, 3))],
    );
    let g = combat::melees(&k.s);
    assert_eq!(g.len(), 1);
    assert_eq!(combat::melee_dice(&k.s, &k.map, H0, &g[0]), 8 + 2);
    assert_eq!(combat::melee_dice(&k.s, &k.map, M0, &g[0]), 2 + 1);
}

#[test]
fn poison_goes_on_one_and_wounds_on_six_fire_goes_out_on_three() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[]);
    k.s.heroes[0].body.poison = 2;
    k.s.heroes[0].body.fire = 1;
    let ev = k.run(&[1, 6, 3], turn::counters);
    assert_eq!(
        ev[0],
        Event::Poison {
            who: H0,
            face: 1,
            then: CounterCheck::Off
        }
    );
    assert_eq!(
        ev[1],
        Event::Poison {
            who: H0,
            face: 6,
            then: CounterCheck::Wound
        }
    );
    assert!(ev.contains(&Event::Fire {
        who: H0,
        face: 3,
        then: CounterCheck::Off
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.poison, 1);
    assert_eq!(k.s.hero(HeroId(0)).body.fire, 0);
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 6);
}

#[test]
fn undying_comes_back_on_a_six_with_every_wound() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[("Zombie", (5, 3))]);
    let ev = k.run(&[6], |c| combat::wound(c, M0, 2));
    assert!(ev.contains(&Event::Undying {
        monster: MonsterId(0),
        face: 6,
        back: true
    }));
    assert_eq!(k.s.monster(MonsterId(0)).body.wounds, 2);
    assert!(k.s.monster(MonsterId(0)).body.alive());
    let ev = k.run(&[5], |c| combat::wound(c, M0, 2));
    assert!(ev.contains(&Event::Undying {
        monster: MonsterId(0),
        face: 5,
        back: false
    }));
    assert!(!k.s.monster(MonsterId(0)).body.alive());
}

#[test]
fn healing_never_passes_the_starting_wounds() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1)), ("Swift Healer", (2, 1))],
        &[],
    );
    k.s.heroes[0].body.wounds = 6;
    let ev = k.run(&[], |c| {
        dungeon::heal(c, Who::Hero(HeroId(1)), H0, vec![6], 6)
    });
    assert!(matches!(ev[0], Event::Healed { amount: 1, .. }));
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 7);
}

fn trap_at(x: i32, y: i32) -> Feature {
    Feature::new(FeatureKind::Trap, x, y)
}

#[test]
fn a_hero_on_a_trap_counter_stops_and_removes_it_a_monster_does_nothing() {
    let mut k = kit(
        ROOM,
        vec![trap_at(3, 1)],
        &[("Tracker", (1, 1))],
        &[("Orc", (6, 4))],
    );
    // A monster walks over it: no roll, the counter stays.
    let r = walk::reach(&k.s, &k.map, M0, 10);
    assert!(r.cost((3, 1)).is_some());
    // The hero: d6 3, nothing; the move ends on the counter.
    let ev = k.run(&[3], |c| engine::hero_move(c, HeroId(0), (3, 1)));
    assert!(ev.contains(&Event::Trap {
        hero: HeroId(0),
        face: Some(3),
        table: None
    }));
    assert!(k.s.gone[0]);
    assert_eq!(k.s.hero(HeroId(0)).mp, 0);
    assert!(k.s.hero(HeroId(0)).done);
}

#[test]
fn a_six_rolls_the_trap_table_and_the_traps_ability_never_rolls() {
    let mut k = kit(ROOM, vec![trap_at(2, 1)], &[("Tracker", (1, 1))], &[]);
    let ev = k.run(&[6, 3], |c| {
        dungeon::enter(c, HeroId(0), (2, 1));
    });
    assert!(ev.contains(&Event::TrapHits {
        hero: HeroId(0),
        hits: 3,
        poison: 0,
        kills: false
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 4);
    let mut k = kit(ROOM, vec![trap_at(2, 1)], &[("Trap Finder", (1, 1))], &[]);
    let ev = k.run(&[], |c| {
        dungeon::enter(c, HeroId(0), (2, 1));
    });
    assert_eq!(
        ev,
        vec![Event::Trap {
            hero: HeroId(0),
            face: None,
            table: None
        }]
    );
}

#[test]
fn a_chest_springs_its_trap_unless_the_d6_beats_its_number() {
    let mut chest = Feature::new(FeatureKind::Chest, 2, 1);
    chest.number = Some(2);
    let mut k = kit(ROOM, vec![chest.clone()], &[("Tracker", (1, 1))], &[]);
    // d6 2 is not above 2: trap row 2, two wounds; then 2d6 3+3 = 100 gold.
    let ev = k.run(&[2, 3, 3], |c| {
        dungeon::open_chest(c, HeroId(0), state::FeatureId(0))
    });
    assert!(ev.contains(&Event::TrapHits {
        hero: HeroId(0),
        hits: 2,
        poison: 0,
        kills: false
    }));
    assert_eq!(k.s.gold, 100);
    // The Traps ability: chest 1 is safe, no roll.
    chest.number = Some(1);
    let mut k = kit(ROOM, vec![chest], &[("Trap Finder", (1, 1))], &[]);
    let ev = k.run(&[4, 4], |c| {
        dungeon::open_chest(c, HeroId(0), state::FeatureId(0))
    });
    assert!(matches!(
        ev[0],
        Event::Chest {
            number: 0,
            face: None,
            ..
        }
    ));
    assert_eq!(k.s.hero(HeroId(0)).items, vec![state::Item::HealthPotion]);
}

#[test]
fn each_six_of_the_spawn_roll_rolls_the_table_and_monsters_come_out_of_sight() {
    // A wall splits the room: the far side is out of the hero's sight.
    let rows = "
#########
#...#...#
#...#...#
#.......#
#########";
    let mut k = kit(rows, vec![], &[("Tracker", (1, 1))], &[]);
    // 3d6 6 2 3: one roll; 2d6 3+5 = 8: a Troll.
    let ev = k.run(&[6, 2, 3, 3, 5], |c| spawn::spawn_roll(c, false));
    assert!(matches!(&ev[1], Event::SpawnRow { monster, count: 1, .. } if monster == "Troll"));
    let Event::Spawned { at, .. } = ev[2] else {
        panic!("{ev:?}")
    };
    assert!(sight::unseen(&k.s, &k.map, at));
    assert!(state::range(at, (1, 1)) >= spawn::SPAWN_DISTANCE);
}

#[test]
fn the_draken_master_wins_at_the_kill_target_and_heroes_respawn_on_teleporters() {
    let mut tp = Feature::new(FeatureKind::Teleporter, 6, 4);
    tp.active = Some(true);
    let mut k = kit(
        ROOM,
        vec![tp],
        &[("Tracker", (1, 1)), ("Wood Elf", (2, 1))],
        &[],
    );
    k.s.kill_target = 2;
    let ev = k.run(&[], |c| {
        combat::wound(c, H0, 7);
        turn::respawn(c);
    });
    assert!(ev.contains(&Event::VictoryPoint {
        total: 1,
        target: 2
    }));
    assert!(ev.contains(&Event::Respawn {
        hero: HeroId(0),
        at: (6, 4)
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 7);
    let ev = k.run(&[], |c| {
        combat::wound(c, Who::Hero(HeroId(1)), 4);
        combat::victory(c);
    });
    assert!(ev.contains(&Event::Over {
        outcome: Outcome::DmWins
    }));
    assert_eq!(k.s.phase, Phase::Over(Outcome::DmWins));
}

#[test]
fn a_keyed_door_needs_its_key_and_a_refused_command_changes_nothing() {
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
    let (mut g, _) = engine::Game::new(
        Arc::new(sc),
        simulate::run_options(&party, &figures, &tables, &o, 0, false),
    );
    let before = transcript::status(&g.s);
    for line in [
        "move Kestrel 0,0",
        "move Nobody 3,3",
        "shoot Kestrel 99",
        "open Kestrel chest",
        "frobnicate",
    ] {
        let c = command::parse(line);
        if let Ok(Some(c)) = c {
            assert!(g.play(c).is_err(), "{line}");
        }
    }
    assert_eq!(transcript::status(&g.s), before);
}

#[test]
fn stealth_leaves_a_kill_zone_without_free_attacks() {
    // Field Medic has Stealth: no dice are rolled.
    let mut k = kit(ROOM, vec![], &[("Field Medic", (2, 2))], &[("Orc", (1, 1))]);
    let ev = k.run(&[], |c| engine::hero_move(c, HeroId(0), (5, 2)));
    assert!(!ev.iter().any(|e| matches!(e, Event::FreeAttack { .. })));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((5, 2)));
}

#[test]
fn battle_chant_gives_the_other_heroes_a_die() {
    let k = kit(
        ROOM,
        vec![],
        &[("Dwarf Chanter", (2, 2)), ("Tracker", (4, 2))],
        &[("Orc", (3, 2))],
    );
    let g = combat::melees(&k.s);
    assert_eq!(
        combat::melee_dice(&k.s, &k.map, Who::Hero(HeroId(1)), &g[0]),
        4 + 1
    );
    assert_eq!(combat::melee_dice(&k.s, &k.map, H0, &g[0]), 6);
}

#[test]
fn a_troll_regenerates_instead_of_acting_when_no_hero_is_beside_it() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[("Troll", (7, 4))]);
    k.s.monsters[0].body.wounds = 2;
    let ev = k.run(&[], |c| dm::action_phase(c, &dm::Policy::default()));
    assert_eq!(ev, vec![Event::Regenerates { who: M0 }]);
    assert_eq!(k.s.monster(MonsterId(0)).body.wounds, 3);
}

#[test]
fn checking_finds_the_secret_doors_of_the_piece_on_three_to_six() {
    let mut door = Feature::new(FeatureKind::Door, 3, 1);
    door.side = Some(crate::core::geom::Side::E);
    door.secret = Some(true);
    let mut k = kit(ROOM, vec![door.clone()], &[("Dwarf Chanter", (1, 1))], &[]);
    let ev = k.run(&[2], |c| dungeon::check(c, HeroId(0)));
    assert_eq!(
        ev,
        vec![Event::Checked {
            hero: HeroId(0),
            face: 2,
            found: vec![]
        }]
    );
    let ev = k.run(&[3], |c| dungeon::check(c, HeroId(0)));
    assert_eq!(
        ev,
        vec![Event::Checked {
            hero: HeroId(0),
            face: 3,
            found: vec![state::FeatureId(0)]
        }]
    );
    assert!(!k.s.hidden(state::FeatureId(0)));
}

#[test]
fn an_underfoot_monster_may_burst_up_beside_a_hero() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[]);
    let ev = k.run(&[], |c| spawn::spawn(c, "Deadly Pudding", 1));
    let Event::Spawned { at, underfoot, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    assert!(underfoot && state::adjacent(at, (1, 1)));
    // An orc keeps its distance.
    let ev = k.run(&[], |c| spawn::spawn(c, "Orc", 1));
    assert!(matches!(
        ev[0],
        Event::SpawnLost { .. }
            | Event::Spawned {
                underfoot: false,
                ..
            }
    ));
}
