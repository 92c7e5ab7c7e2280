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

// ---- Spells (L484-511) ----

fn learn(k: &mut Kit, h: u32, spells: &[crate::dw10::figures::Ability]) {
    k.s.heroes[h as usize].magic.spells = spells.to_vec();
}

use crate::dw10::figures::Ability;

#[test]
fn shield_adds_two_armour_against_shots_until_the_shooting_phase_ends() {
    // Tracker (armour 4) shielded: a skeleton's kill die 5 no longer wounds.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Skeleton", (6, 1))],
    );
    learn(&mut k, 0, &[Ability::Shield]);
    let ev = k.run(&[6, 1, 5], |c| {
        magic::ward(c, HeroId(0), Ability::Shield);
        let seen = combat::shot_check(c.s, c.map, M0, H0).unwrap();
        combat::shoot(c, M0, H0, seen);
    });
    assert_eq!(
        ev[0],
        Event::Cast {
            hero: HeroId(0),
            spell: Ability::Shield
        }
    );
    assert!(matches!(ev[1], Event::Shot { armour: 6, .. }), "{ev:?}");
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 7);
    // The phase over, the shield is gone.
    k.run(&[], turn::after_shooting);
    assert_eq!(magic::shot_armour(&k.s, H0), 4);
}

#[test]
fn the_invulnerables_keep_fire_and_poison_off() {
    let mut k = kit(
        ROOM,
        vec![trap_at(2, 1)],
        &[("Tracker", (1, 1))],
        &[("Dragon", (6, 4))],
    );
    learn(
        &mut k,
        0,
        &[Ability::InvulnerableToFire, Ability::InvulnerableToPoison],
    );
    // Breath: 8 dice, two 5s hit, kill dice 6 6: no wound, no fire counter.
    let ev = k.run(&[5, 5, 1, 1, 1, 1, 1, 1, 6, 6], |c| {
        magic::ward(c, HeroId(0), Ability::InvulnerableToFire);
        let seen = combat::shot_check(c.s, c.map, M0, H0).unwrap();
        combat::shoot(c, M0, H0, seen);
    });
    assert!(ev.contains(&Event::Warded {
        who: H0,
        what: "fire"
    }));
    assert_eq!(
        (
            k.s.hero(HeroId(0)).body.wounds,
            k.s.hero(HeroId(0)).body.fire
        ),
        (7, 0)
    );
    // A poison trap (row 5: 3 wounds, 2 poison counters) after the spell.
    let ev = k.run(&[6, 5], |c| {
        magic::ward(c, HeroId(0), Ability::InvulnerableToPoison);
        dungeon::enter(c, HeroId(0), (2, 1));
    });
    assert!(ev.contains(&Event::Warded {
        who: H0,
        what: "poison"
    }));
    assert_eq!(k.s.hero(HeroId(0)).body.poison, 0);
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 4);
}

fn door_e(x: i32, y: i32) -> Feature {
    let mut d = Feature::new(FeatureKind::Door, x, y);
    d.side = Some(crate::core::geom::Side::E);
    d
}

#[test]
fn hold_portal_keeps_a_door_shut_to_monsters_until_a_d6_fails() {
    let rows = "
#########
#.......#
#...#...#
#########";
    let mut k = kit(
        rows,
        vec![door_e(3, 1)],
        &[("Warden Mage", (1, 1))],
        &[("Orc", (6, 2))],
    );
    let ev = k.run(&[4], |c| {
        magic::hold_portal(c, HeroId(0), state::FeatureId(0))
    });
    assert!(ev.contains(&Event::Held {
        door: state::FeatureId(0),
        face: 4,
        holds: true
    }));
    assert_eq!(walk::reach(&k.s, &k.map, M0, 20).cost((3, 2)), None);
    // The next Mover's phase: d6 3, the spell fails and the orc may open it.
    let ev = k.run(&[3], magic::hold_checks);
    assert!(ev.contains(&Event::Held {
        door: state::FeatureId(0),
        face: 3,
        holds: false
    }));
    assert!(walk::reach(&k.s, &k.map, M0, 20).cost((3, 2)).is_some());
}

#[test]
fn finger_of_death_kills_at_the_end_of_the_shooting_phase_unless_the_caster_is_shot_at() {
    let mut k = kit(ROOM, vec![], &[("Old Sage", (1, 1))], &[("Troll", (6, 3))]);
    k.run(&[], |c| magic::finger(c, HeroId(0), MonsterId(0)));
    assert!(k.s.hero(HeroId(0)).done && k.s.hero(HeroId(0)).magic.finger_spent);
    let ev = k.run(&[], turn::after_shooting);
    assert!(ev.contains(&Event::Finger {
        hero: HeroId(0),
        target: MonsterId(0),
        failed: None
    }));
    assert!(!k.s.monster(MonsterId(0)).body.alive());
    // Shot at in the shooting phase: it fails.
    let mut k = kit(ROOM, vec![], &[("Old Sage", (1, 1))], &[("Troll", (6, 3))]);
    k.run(&[], |c| magic::finger(c, HeroId(0), MonsterId(0)));
    k.s.heroes[0].magic.shot_at = true;
    let ev = k.run(&[], turn::after_shooting);
    assert!(ev.contains(&Event::Finger {
        hero: HeroId(0),
        target: MonsterId(0),
        failed: Some("the caster was shot at")
    }));
    assert!(k.s.monster(MonsterId(0)).body.alive());
}

#[test]
fn resurrection_stands_a_fallen_hero_up_where_it_fell_without_a_victory_point() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (3, 2)), ("Old Sage", (1, 1))],
        &[],
    );
    let ev = k.run(&[], |c| combat::wound(c, H0, 7));
    assert!(ev.contains(&Event::Resurrected {
        by: HeroId(1),
        hero: HeroId(0),
        at: (3, 2)
    }));
    assert_eq!(k.s.vp, 0);
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 7);
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((3, 2)));
    // Once a move: the second death counts.
    let ev = k.run(&[], |c| combat::wound(c, H0, 7));
    assert!(ev.contains(&Event::VictoryPoint {
        total: 1,
        target: 5
    }));
}

#[test]
fn a_magic_power_up_teaches_a_rolled_spell_and_adds_a_multi_shot_die() {
    let mut k = kit(ROOM, vec![], &[("Scout Battle Witch", (1, 1))], &[]);
    let ev = k.run(&[2], |c| dungeon::take_item(c, HeroId(0), "magic-power-up"));
    assert!(ev.contains(&Event::Learnt {
        hero: HeroId(0),
        face: 2,
        spell: Some("shield".into())
    }));
    assert!(k.s.knows(HeroId(0), Ability::Shield));
    assert_eq!(k.s.hero(HeroId(0)).body.fig.shoot.unwrap().dice, 8);
    assert_eq!(k.s.hero(HeroId(0)).magic.power_ups, 1);
}

#[test]
fn a_party_file_gives_spells_and_kept_power_ups_and_refuses_unknown_spells() {
    let f = crate::dw10::figures::embedded();
    let text = "format: tilecrawl-dw10-party/1\nheroes:\n  - {name: Odo, figure: Tracker, spells: [shield, finger-of-death], power_ups: [weapon-power-up, ranged-power-up]}\n  - {name: Ayla, figure: Wood Elf}\n";
    let p = party::parse(text, "p.yaml", &f).unwrap();
    assert_eq!(
        p.kept[0].spells,
        vec![Ability::Shield, Ability::FingerOfDeath]
    );
    assert_eq!(p.heroes[0].1.attacks, 5);
    assert_eq!(p.heroes[0].1.shoot.map(|s| (s.dice, s.range)), Some((5, 8)));
    assert_eq!(p.kept[1], party::Kept::default());
    let e = party::parse(&text.replace("[shield,", "[fireball,"), "p.yaml", &f).unwrap_err();
    assert!(
        e.to_string()
            .contains("`fireball` is not a spell; the spells are hold-portal"),
        "{e}"
    );
    let e = party::parse(&text.replace("weapon-power-up,", "cake,"), "p.yaml", &f).unwrap_err();
    assert!(e.to_string().contains("cake"), "{e}");
}

// ---- Charge Attack, Control Enemy, Gaze Attack, Multi Shot (L195-292) ----

#[test]
fn a_charging_hero_strikes_the_enemies_it_reaches_and_walks_on_if_it_clears_them() {
    // The Back Up Fighter (8 dice, movement 5) walks 1,2 → 2,2 beside a
    // goblin: free attack, one hit, kill die 3 beats armour 3; 4 points on.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Back Up Fighter", (1, 2))],
        &[("Goblin", (3, 2))],
    );
    k.s.heroes[0].magic.charge_ok = true;
    let ev = k.run(&[4, 1, 1, 1, 1, 1, 1, 1, 3], |c| {
        engine::hero_move(c, HeroId(0), (2, 2))
    });
    assert!(ev.contains(&Event::Charge {
        who: H0,
        dice: vec![4, 1, 1, 1, 1, 1, 1, 1],
        kills: vec![3]
    }));
    assert!(!k.s.monster(MonsterId(0)).body.alive());
    assert_eq!(k.s.hero(HeroId(0)).mp, 4);
    // Begun in a kill zone: no charge.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Back Up Fighter", (1, 2))],
        &[("Goblin", (3, 2))],
    );
    k.s.heroes[0].magic.charge_ok = false;
    let ev = k.run(&[], |c| engine::hero_move(c, HeroId(0), (2, 2)));
    assert!(!ev.iter().any(|e| matches!(e, Event::Charge { .. })));
    assert_eq!(k.s.hero(HeroId(0)).mp, 0);
}

#[test]
fn a_charging_ogre_strikes_when_it_reaches_a_hero() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 2))], &[("Ogre", (5, 2))]);
    // Five dice, one hit, kill die 4: a wound on the tracker (armour 4).
    let ev = k.run(&[4, 1, 1, 1, 1, 4], |c| {
        dm::action_phase(c, &dm::Policy::default())
    });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Charge { who, .. } if *who == M0)),
        "{ev:?}"
    );
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 6);
}

#[test]
fn control_enemy_moves_a_monster_in_sight_on_three_to_six() {
    let mut k = kit(ROOM, vec![], &[("Warden Mage", (1, 1))], &[("Orc", (6, 3))]);
    assert!(abilities::control_check(&k.s, &k.map, H0, M0, (3, 3)).is_ok());
    // Out of its 4 movement: refused.
    assert!(abilities::control_check(&k.s, &k.map, H0, M0, (1, 4)).is_err());
    let ev = k.run(&[2], |c| abilities::control(c, H0, M0, (3, 3)));
    assert!(ev.contains(&Event::Controlled {
        by: H0,
        target: M0,
        face: 2,
        from: (6, 3),
        to: None
    }));
    assert_eq!(k.s.monster(MonsterId(0)).body.at, Some((6, 3)));
    k.run(&[3], |c| abilities::control(c, H0, M0, (3, 3)));
    assert_eq!(k.s.monster(MonsterId(0)).body.at, Some((3, 3)));
    // In a kill zone now? Not yet (3,3 is two from 1,1); next to it: refused.
    k.s.monsters[0].body.at = Some((2, 2));
    assert!(abilities::control_check(&k.s, &k.map, H0, M0, (5, 3)).is_err());
}

#[test]
fn the_wraith_pulls_a_hero_next_to_its_monsters_instead_of_shooting() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (7, 4))],
        &[("Wraith", (1, 4)), ("Orc", (4, 1))],
    );
    // Control d6 5; then the orc walks in.
    let ev = k.run(&[5], |c| dm::action_phase(c, &dm::Policy::default()));
    let Some(Event::Controlled { to: Some(q), .. }) = ev.first() else {
        panic!("{ev:?}")
    };
    assert!(state::adjacent(*q, (4, 1)));
    assert!(!ev.iter().any(|e| matches!(e, Event::Shot { .. })));
}

#[test]
fn a_gaze_freezes_a_hero_until_it_is_wounded() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Wood Elf", (1, 1))],
        &[("Vampire", (2, 2)), ("Orc", (6, 3))],
    );
    k.run(&[], |c| abilities::gaze(c, M0, H0));
    let g = combat::melees(&k.s);
    assert_eq!(combat::melee_dice(&k.s, &k.map, H0, &g[0]), 0);
    k.s.monsters[0].body.at = Some((5, 3));
    k.s.monsters[1].body.at = Some((7, 4));
    // Still in the vampire's sight: no shot.
    assert!(matches!(
        combat::shot_check(&k.s, &k.map, H0, Who::Monster(MonsterId(1))),
        Err(combat::NoShot::Frozen(_))
    ));
    k.run(&[], |c| combat::wound(c, H0, 1));
    assert!(combat::shot_check(&k.s, &k.map, H0, Who::Monster(MonsterId(1))).is_ok());
}

#[test]
fn the_vampire_gazes_at_the_strongest_hero_beside_it() {
    let mut k = kit(
        ROOM,
        vec![],
        &[("Tracker", (2, 2)), ("Front Line Warrior", (6, 3))],
        &[("Vampire", (3, 2))],
    );
    let ev = k.run(&[], |c| dm::action_phase(c, &dm::Policy::default()));
    assert!(ev.contains(&Event::Gaze { by: M0, target: H0 }), "{ev:?}");
}

#[test]
fn multi_shot_shares_its_dice_over_several_targets() {
    // The witch's 7 dice: 4 at the first orc, 3 at the second.
    let mut k = kit(
        ROOM,
        vec![],
        &[("Scout Battle Witch", (1, 1))],
        &[("Orc", (6, 1)), ("Orc", (6, 4))],
    );
    let t: Vec<(Who, Look)> = [M0, Who::Monster(MonsterId(1))]
        .iter()
        .map(|m| (*m, combat::shot_check(&k.s, &k.map, H0, *m).unwrap()))
        .collect();
    let ev = k.run(&[5, 1, 1, 1, 4, 6, 1, 1, 6], |c| {
        combat::shoot_many(c, H0, &t)
    });
    let shots: Vec<(Who, usize)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Shot { target, dice, .. } => Some((*target, dice.len())),
            _ => None,
        })
        .collect();
    assert_eq!(shots, vec![(M0, 4), (Who::Monster(MonsterId(1)), 3)]);
    assert_eq!(k.s.monster(MonsterId(1)).body.wounds, 1);
}

#[test]
fn a_dragons_breath_spreads_over_its_target_and_those_beside_it() {
    let mut k = kit(
        ROOM,
        vec![],
        &[
            ("Tracker", (1, 1)),
            ("Wood Elf", (1, 2)),
            ("Field Medic", (4, 4)),
        ],
        &[("Dragon", (7, 1))],
    );
    k.s.heroes[2].body.wounds = 1;
    // Two targets: the medic (weakest), and nobody stands beside it, so the
    // 8 dice all go on the medic.
    let dice = [1u32; 8];
    let ev = k.run(&dice, |c| dm::shooting_phase(c, &dm::Policy::default()));
    let shots: Vec<Who> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Shot { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(shots, vec![Who::Hero(HeroId(2))]);
    // Beside the tracker: the elf shares the breath.
    k.s.heroes[2].body.at = Some((7, 4));
    k.s.heroes[2].body.wounds = 5;
    k.s.heroes[0].body.wounds = 1;
    let ev = k.run(&dice, |c| dm::shooting_phase(c, &dm::Policy::default()));
    let shots: Vec<(Who, usize)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Shot { target, dice, .. } => Some((*target, dice.len())),
            _ => None,
        })
        .collect();
    assert_eq!(shots, vec![(H0, 4), (Who::Hero(HeroId(1)), 4)]);
}

// ---- Furnishings' lasting effects (L373-446) ----

fn furnishing(what: &str, x: i32, y: i32) -> Feature {
    let mut f = Feature::new(FeatureKind::Furnishing, x, y);
    f.what = Some(what.into());
    f
}

#[test]
fn a_camp_fire_wards_off_weak_monsters_and_keeps_strong_ones_away() {
    let mut k = kit(
        ROOM,
        vec![furnishing("camp-fire", 1, 1)],
        &[("Tracker", (2, 2))],
        &[("Orc", (3, 3)), ("Ogre", (7, 4))],
    );
    let ev = k.run(&[], |c| dungeon::explore(c, HeroId(0), state::FeatureId(0)));
    assert!(ev.contains(&Event::FireGuard { hero: HeroId(0) }));
    // The orc (2 dice) rolls nothing at the warded hero; the hero rolls 4.
    k.s.mover = SideId::Heroes;
    let ev = k.run(&[1, 1, 1, 1], combat::melee_phase);
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            Event::Melee {
                side: SideId::Dm,
                ..
            }
        )),
        "{ev:?}"
    );
    // The ogre (5 dice) comes no nearer than 3 squares to the fire.
    let r = walk::reach(&k.s, &k.map, Who::Monster(MonsterId(1)), 20);
    assert_eq!(r.cost((3, 2)), None);
    assert!(r.cost((4, 2)).is_some());
    // The hero steps away: the ward is gone.
    k.s.heroes[0].body.at = Some((5, 1));
    assert!(!magic::guarded(&k.s, HeroId(0)));
}

#[test]
fn a_hero_reading_the_altar_gives_the_heroes_plus_one_initiative() {
    let mut k = kit(
        ROOM,
        vec![furnishing("stone-altar", 1, 1)],
        &[("Old Sage", (2, 1))],
        &[],
    );
    let ev = k.run(&[3, 3], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(0));
        assert_eq!(turn::initiative(c), SideId::Heroes);
    });
    assert!(ev.contains(&Event::Reads { hero: HeroId(0) }));
    assert!(ev.contains(&Event::Initiative {
        heroes: 3,
        heroes_bonus: 1,
        dm: 3,
        dm_bonus: 0
    }));
}

#[test]
fn a_hero_in_bed_sleeps_until_a_four_and_wakes_to_defend_itself() {
    let mut k = kit(
        ROOM,
        vec![furnishing("bed", 1, 1)],
        &[("Tracker", (2, 1))],
        &[],
    );
    k.s.heroes[0].body.wounds = 3;
    // d3 2: 2 back; asleep.
    let ev = k.run(&[2], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(0))
    });
    assert!(ev.contains(&Event::Sleeps { hero: HeroId(0) }));
    assert_eq!(k.s.hero(HeroId(0)).body.wounds, 5);
    let ev = k.run(&[3], magic::wake_checks);
    assert!(ev.contains(&Event::Wakes {
        hero: HeroId(0),
        face: Some(3),
        awake: false
    }));
    assert!(k.s.hero(HeroId(0)).done);
    // An orc comes: the sleeper wakes and fights.
    k.s.monsters.clear();
    let mut k2 = kit(ROOM, vec![], &[("Tracker", (2, 1))], &[("Orc", (3, 1))]);
    k2.s.heroes[0].magic.asleep = true;
    k2.s.mover = SideId::Dm;
    let ev = k2.run(&[1, 1, 1, 1, 1, 1], combat::melee_phase);
    assert_eq!(
        ev[1],
        Event::Wakes {
            hero: HeroId(0),
            face: None,
            awake: true
        }
    );
}

#[test]
fn a_portable_teleporter_is_set_down_active() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (2, 1))], &[]);
    k.s.heroes[0].items.push(state::Item::PortableTeleporter);
    let ev = k.run(&[], |c| dungeon::place_teleporter(c, HeroId(0), (3, 1)));
    assert_eq!(
        ev,
        vec![Event::Placed {
            hero: HeroId(0),
            teleporter: state::FeatureId(0)
        }]
    );
    assert!(k.s.active[0] && k.s.hero(HeroId(0)).items.is_empty());
    // A killed hero re-spawns on it.
    let ev = k.run(&[], |c| {
        combat::wound(c, H0, 7);
        turn::respawn(c);
    });
    assert!(ev.contains(&Event::Respawn {
        hero: HeroId(0),
        at: (3, 1)
    }));
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

#[test]
fn cast_is_checked_before_anything_changes() {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    g.s.heroes_acted = false;
    assert!(matches!(
        play(&mut g, "cast Kestrel shield"),
        Err(refusal::Refusal::Lacks { .. })
    ));
    assert!(matches!(
        play(&mut g, "cast Kestrel fireball"),
        Err(refusal::Refusal::Parse(_))
    ));
    g.s.heroes[0].magic.spells = vec![
        Ability::Shield,
        Ability::Resurrection,
        Ability::FingerOfDeath,
    ];
    assert!(play(&mut g, "cast Kestrel shield on 1").is_err());
    assert!(play(&mut g, "cast Kestrel resurrection").is_err());
    assert!(play(&mut g, "cast Kestrel finger-of-death").is_err());
    let before = transcript::status(&g.s);
    assert!(play(&mut g, "cast Kestrel finger-of-death on 99").is_err());
    assert_eq!(transcript::status(&g.s), before);
    let ev = play(&mut g, "cast Kestrel shield").unwrap();
    assert_eq!(
        ev,
        vec![Event::Cast {
            hero: HeroId(0),
            spell: Ability::Shield
        }]
    );
    assert!(matches!(
        play(&mut g, "cast Kestrel shield"),
        Err(refusal::Refusal::Used { .. })
    ));
}

#[test]
fn the_heroes_may_let_the_draken_master_move_first_before_they_act() {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    g.s.winner = SideId::Heroes;
    g.s.heroes_acted = false;
    let ev = play(&mut g, "non-mover").unwrap();
    assert_eq!(
        ev[0],
        Event::GivesMove {
            side: SideId::Heroes
        }
    );
    assert!(ev.contains(&Event::ActionPhase { side: SideId::Dm }));
    assert_eq!(g.s.phase, Phase::HeroesShoot);
    assert_eq!(g.s.mover, SideId::Dm);
    // Not twice, not after acting, not when the Draken Master won.
    assert!(play(&mut g, "non-mover").is_err());
    g.s.phase = Phase::HeroesAct;
    g.s.winner = SideId::Dm;
    assert!(play(&mut g, "non-mover").is_err());
}

// ---- The initiative's choice, slow pits, scaled-down spawning ----

#[test]
fn a_slow_figure_crosses_a_pit_only_after_waiting_beside_it() {
    let mut k = kit(
        "#######\n#.=...#\n#######",
        vec![],
        &[("Dwarf Chanter", (1, 1))],
        &[],
    );
    // Movement 3: no jump at first.
    assert_eq!(walk::reach(&k.s, &k.map, H0, 3).cost((3, 1)), None);
    let mut ev = Vec::new();
    walk::wait_by_pit(&mut k.s, &k.map, H0, &mut ev);
    assert_eq!(ev, vec![Event::PitReady { who: H0 }]);
    // Ready: across for all its 3 points, and its move is over.
    assert_eq!(walk::reach(&k.s, &k.map, H0, 3).cost((3, 1)), Some(3));
    k.s.heroes[0].mp = 3;
    k.run(&[], |c| engine::hero_move(c, HeroId(0), (3, 1)));
    assert_eq!(k.s.hero(HeroId(0)).body.at, Some((3, 1)));
    assert_eq!(k.s.hero(HeroId(0)).mp, 0);
    assert_eq!(k.s.hero(HeroId(0)).body.pit_ready, None);
}

#[test]
fn the_draken_master_gives_up_the_move_when_its_monsters_mostly_shoot() {
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Skeleton", (6, 4)), ("Orc", (7, 4))],
    );
    assert!(dm::gives_move(&k.s, &dm::Policy::default()));
    let k = kit(
        ROOM,
        vec![],
        &[("Tracker", (1, 1))],
        &[("Orc", (6, 4)), ("Orc", (7, 4)), ("Skeleton", (7, 1))],
    );
    assert!(!dm::gives_move(&k.s, &dm::Policy::default()));
}

#[test]
fn scaled_down_spawning_rolls_two_dice() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (1, 1))], &[]);
    let ev = k.run(&[1, 2], |c| spawn::spawn_roll(c, true));
    assert_eq!(ev, vec![Event::SpawnRoll { faces: vec![1, 2] }]);
}

#[test]
fn control_and_place_are_refused_with_a_reason_and_change_nothing() {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    let before = transcript::status(&g.s);
    let at = g.s.hero(HeroId(0)).body.at.unwrap();
    for line in [
        "control Kestrel 1 3,3".to_string(),
        format!("place Kestrel {},{}", at.0, at.1),
        "place Kestrel 0,0".to_string(),
        "control Kestrel".to_string(),
    ] {
        let r = command::parse(&line).and_then(|c| g.play(c.unwrap()));
        assert!(r.is_err(), "{line}");
    }
    assert_eq!(transcript::status(&g.s), before);
    // With the teleporter in hand, on the hero's own square: placed.
    g.s.heroes[0].items.push(state::Item::PortableTeleporter);
    let free = (0..g.map.board.height)
        .flat_map(|y| (0..g.map.board.width).map(move |x| (x, y)))
        .find(|p| {
            g.map.board.standable(p.0, p.1)
                && g.s.at(*p).is_none()
                && !g.s.features.iter().any(|f| (f.x, f.y) == *p)
        })
        .unwrap();
    g.s.heroes[0].body.at = Some(free);
    let ev = play(&mut g, &format!("place Kestrel {},{}", free.0, free.1)).unwrap();
    assert!(matches!(ev[0], Event::Placed { .. }));
    assert!(g.s.feature_on(free, FeatureKind::Teleporter).is_some());
}

#[test]
fn a_slow_monster_walks_up_to_a_pit_waits_beside_it_then_crosses() {
    let mut k = kit(
        "#########\n#...=...#\n#########",
        vec![],
        &[("Tracker", (1, 1))],
        &[("Zombie", (7, 1))],
    );
    let p = dm::Policy::default();
    k.run(&[], |c| dm::action_phase(c, &p));
    assert_eq!(k.s.monster(MonsterId(0)).body.at, Some((5, 1)));
    let ev = k.run(&[], |c| dm::action_phase(c, &p));
    assert_eq!(
        ev,
        vec![Event::Waits { who: M0 }, Event::PitReady { who: M0 }]
    );
    let ev = k.run(&[], |c| dm::action_phase(c, &p));
    assert!(ev.contains(&Event::Moved {
        who: M0,
        from: (5, 1),
        to: (3, 1),
        cost: 3,
        stopped: false
    }));
}

#[test]
fn simulated_heroes_cast_a_spell_when_it_plainly_helps() {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    g.s.heroes[0].done = false;
    g.s.heroes[0].magic.spells = vec![Ability::Shield, Ability::InvulnerableToFire];
    g.s.monsters.clear();
    // No monster shoots: no spell.
    let c = simulate::hero_command(&g, HeroId(0));
    assert!(!matches!(c, Some(command::Command::Cast(..))), "{c:?}");
    // A skeleton (a bow) on the map: Shield; no dragon, so no fire ward.
    let fig = crate::dw10::figures::embedded()
        .monster("Skeleton")
        .unwrap()
        .clone();
    g.s.monsters.push(state::Monster {
        body: Body {
            name: "Skeleton 1".into(),
            wounds: fig.wounds,
            fig,
            at: Some((0, 0)),
            poison: 0,
            fire: 0,
            gazed_by: None,
            pit_ready: None,
        },
        kind: "Skeleton".into(),
    });
    assert_eq!(
        simulate::hero_command(&g, HeroId(0)),
        Some(command::Command::Cast(
            "Kestrel".into(),
            "shield".into(),
            command::Target::None
        ))
    );
    g.s.heroes[0].used.push(Ability::Shield);
    let c = simulate::hero_command(&g, HeroId(0));
    assert!(!matches!(c, Some(command::Command::Cast(..))), "{c:?}");
}

#[test]
fn a_strong_monster_does_not_spawn_near_a_warded_camp_fire() {
    // A hero warding at the fire: the Deadly Pudding (5 dice) may not burst
    // up beside it, all those squares being within 2 of the fire.
    let mut k = kit(
        ROOM,
        vec![furnishing("camp-fire", 7, 4)],
        &[("Tracker", (6, 4))],
        &[],
    );
    k.s.heroes[0].magic.fire_guard = Some(state::FeatureId(0));
    let ev = k.run(&[], |c| spawn::spawn(c, "Deadly Pudding", 1));
    match ev[0] {
        Event::Spawned { at, .. } => assert!(state::range(at, (7, 4)) >= 3, "{at:?}"),
        // The room is in the hero's sight: nowhere else to go.
        _ => assert!(matches!(ev[0], Event::SpawnLost { .. }), "{ev:?}"),
    }
    // Without the ward it bursts up beside the hero.
    k.s.heroes[0].magic.fire_guard = None;
    let ev = k.run(&[], |c| spawn::spawn(c, "Deadly Pudding", 1));
    assert!(
        matches!(
            ev[0],
            Event::Spawned {
                underfoot: true,
                ..
            }
        ),
        "{ev:?}"
    );
}

#[test]
fn every_two_gold_stacks_cost_a_hero_one_movement() {
    let piles = vec![
        furnishing("treasure-25", 1, 1),
        furnishing("treasure-25", 2, 1),
        furnishing("treasure-100", 3, 1),
        furnishing("treasure-25", 4, 1),
        furnishing("treasure-25", 5, 1),
    ];
    let mut k = kit(ROOM, piles, &[("Tracker", (3, 2))], &[]);
    let full = k.s.hero(HeroId(0)).body.fig.movement;
    let ev = k.run(&[], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(0));
    });
    assert!(ev.contains(&Event::Gold {
        hero: HeroId(0),
        amount: 25
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Laden { .. })));
    assert_eq!(k.s.hero(HeroId(0)).movement(), full);
    let ev = k.run(&[], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(1));
    });
    assert!(ev.contains(&Event::Laden {
        hero: HeroId(0),
        stacks: 2,
        movement: full - 1
    }));
    // 100 gold weighs nothing.
    let ev = k.run(&[], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(2));
    });
    assert!(!ev.iter().any(|e| matches!(e, Event::Laden { .. })));
    assert_eq!(k.s.hero(HeroId(0)).magic.stacks, 2);
    let ev = k.run(&[], |c| {
        dungeon::explore(c, HeroId(0), state::FeatureId(3));
        dungeon::explore(c, HeroId(0), state::FeatureId(4));
    });
    assert!(ev.contains(&Event::Laden {
        hero: HeroId(0),
        stacks: 4,
        movement: full - 2
    }));
    assert_eq!(k.s.gold, 200);
    let line = transcript::status(&k.s).join("\n");
    assert!(
        line.contains(&format!("4 gold stacks (movement {})", full - 2)),
        "{line}"
    );
    // Never below 1.
    k.s.heroes[0].magic.stacks = 40;
    assert_eq!(k.s.hero(HeroId(0)).movement(), 1);
}

#[test]
fn a_chests_25_gold_is_a_stack_too() {
    let mut k = kit(ROOM, vec![], &[("Tracker", (3, 2))], &[]);
    let full = k.s.hero(HeroId(0)).body.fig.movement;
    let ev = k.run(&[], |c| {
        dungeon::take_item(c, HeroId(0), "gold-25");
        dungeon::take_item(c, HeroId(0), "gold-500");
        dungeon::take_item(c, HeroId(0), "gold-25");
    });
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Laden { .. }))
            .collect::<Vec<_>>(),
        vec![&Event::Laden {
            hero: HeroId(0),
            stacks: 2,
            movement: full - 1
        }]
    );
    assert_eq!(k.s.gold, 550);
}
