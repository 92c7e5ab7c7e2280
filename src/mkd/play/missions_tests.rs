//! The rescue, stealth and kidnapping rules on the test kit's dungeon:
//! chamber C1 (x 0–7, entrance on 0,3 and 0,4), the one-square corridor of
//! hallway H1 on row 3, and the Central Chamber C2 (x 16–23) where the
//! prisoner, the stealth Quest Chest or the kidnapping Guardian waits on 20,4.

use crate::core::geom::chebyshev;
use crate::mkd::play::board::DoorTrap;
use crate::mkd::play::engine::{CombatMode, Game, GameOptions};
use crate::mkd::play::state::{ChestPlace, MonsterMode, Outcome, WmtState};
use crate::mkd::play::testkit::*;
use crate::mkd::scenario::{Scenario, WmtColor};
use crate::mkd::tables::default_tables;
use crate::tileset::Side;
use std::sync::Arc;

/// A mission game with every tile already visited (no discovery rolls).
fn mission(seed: u64, combat: CombatMode, name: &str) -> Game {
    let mut g = mission_game(seed, combat, name);
    g.visited.extend(0..3);
    g
}

/// Like [`mission`], with the scenario changed first.
fn mission_with(
    seed: u64,
    combat: CombatMode,
    name: &str,
    change: impl FnOnce(&mut Scenario),
) -> Game {
    let mut s = mission_scenario(name, Vec::new());
    change(&mut s);
    let mut g = Game::new(
        Arc::new(s),
        Arc::new(party()),
        Arc::new(default_tables()),
        GameOptions { seed, combat },
    );
    g.out.clear();
    g.visited.extend(0..3);
    g
}

/// Applies a command that must be accepted; its lines are kept in `g.out`
/// so [`said`] reads them.
fn ok(g: &mut Game, line: &str) {
    match g.apply(line) {
        Ok(lines) => g.out = lines,
        Err(e) => panic!("`{line}` was refused: {e}\n{}", transcript(g)),
    }
}

fn refused(g: &mut Game, line: &str) -> String {
    g.apply(line).expect_err(line)
}

/// The numbers in the first `kill dice [..]` of a line containing `what`.
fn kill_dice(g: &Game, what: &str) -> Vec<u32> {
    let line = g.out.iter().find(|l| l.contains(what)).expect(what);
    match line.split_once("kill dice [") {
        Some((_, rest)) => rest
            .split(']')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect(),
        None => Vec::new(),
    }
}

// ------------------------------------------------------------------ rescue

fn rescue(seed: u64) -> Game {
    let mut g = mission(seed, CombatMode::Manual, "rescue");
    put_hero(&mut g, 0, p(19, 4), Side::E);
    put_hero(&mut g, 1, p(6, 7), Side::E);
    g
}

/// Frees the prisoner with no trap on the shackles (set directly).
fn freed(seed: u64) -> Game {
    let mut g = rescue(seed);
    g.mission.prisoner_trap = DoorTrap::Spent;
    ok(&mut g, "Ayla frees prisoner");
    g
}

#[test]
fn the_prisoner_is_inert_until_freed() {
    let mut g = mission(1, CombatMode::Manual, "rescue");
    put_hero(&mut g, 0, p(2, 2), Side::E);
    put_hero(&mut g, 1, p(2, 5), Side::E);
    // Not a hero yet: one wound from death, on its square, in nobody's team.
    assert_eq!(g.heroes.len(), 2);
    let held = g.mission.prisoner.clone().unwrap();
    assert_eq!(held.name, "Captive");
    assert_eq!(held.wounds_left(), 1);
    assert_eq!(g.prisoner_square(), Some(p(20, 4)));
    assert!(g.occupied(p(20, 4)));
    // A monster and a token right beside the prisoner ignore them.
    add_monster(&mut g, "orc-1", 20, p(21, 4), &[]);
    g.wmts.push(WmtState {
        id: "yellow-1".into(),
        color: WmtColor::Yellow,
        number: 1,
        guardian: false,
        pos: p(21, 5),
    });
    ok(&mut g, "end turn");
    assert!(!said(&g, "attacks Captive"), "{}", transcript(&g));
    // The token wandered into the prisoner's tile without a reveal.
    assert!(said(&g, "WMT yellow-1 moves"), "{}", transcript(&g));
    assert!(!said(&g, "comes upon the heroes"), "{}", transcript(&g));
    assert_eq!(g.mission.prisoner.as_ref().unwrap().wounds_left(), 1);
    assert_eq!(g.prisoner_square(), Some(p(20, 4)));
    // It takes no orders, and nobody may stand on it.
    assert!(refused(&mut g, "Captive moves to 19,4").contains("is a prisoner"));
    assert!(refused(&mut g, "Ayla moves to 20,4").contains("taken"));
    assert!(
        g.status()
            .iter()
            .any(|l| l.contains("Captive is held on 20,4"))
    );
}

#[test]
fn freeing_checks_a_trap_like_a_door() {
    let mut g = rescue(1);
    put_hero(&mut g, 0, p(17, 4), Side::E);
    assert!(refused(&mut g, "Ayla frees prisoner").contains("must stand next to"));
    // A clean lock frees the prisoner at once.
    let clean = search(
        |seed| {
            let mut g = rescue(seed);
            ok(&mut g, "Ayla frees prisoner");
            g
        },
        |g| said(g, "no trap") && g.mission.freed.is_some(),
    );
    assert!(said(
        &clean,
        "checks the prisoner's shackles: a level 1 chest's trap, rolled"
    ));
    assert!(said(&clean, "Captive is free and joins Ann's team"));
    assert_eq!(clean.heroes.len(), 3);
    assert_eq!(clean.heroes[2].wounds_left(), 1);
    assert!(clean.heroes[2].done, "acts from the next turn");
    // An armed trap holds them until disarmed or set off by a second try.
    let mut armed = search(
        |seed| {
            let mut g = rescue(seed);
            ok(&mut g, "Ayla frees prisoner");
            g
        },
        |g| said(g, "needle") && matches!(g.mission.prisoner_trap, DoorTrap::Armed { .. }),
    );
    assert!(armed.mission.freed.is_none());
    assert!(said(&armed, "the trap is armed"));
    ok(&mut armed, "Ayla frees prisoner");
    assert!(said(&armed, "sets off the trap"), "{}", transcript(&armed));
    assert!(said(&armed, "the trap goes off: needle"));
    assert_eq!(armed.mission.prisoner_trap, DoorTrap::Spent);
    assert!(armed.mission.freed.is_some());
    // A careful disarm that works frees them too, with the trap's experience.
    let disarmed = search(
        |seed| {
            let mut g = rescue(seed);
            ok(&mut g, "Ayla frees prisoner");
            if matches!(g.mission.prisoner_trap, DoorTrap::Armed { .. }) {
                ok(&mut g, "Ayla disarms 20,4 slow");
            }
            g
        },
        |g| said(g, "disarmed, +"),
    );
    assert!(disarmed.mission.freed.is_some());
    assert!(disarmed.xp > 0);
}

#[test]
fn an_area_trap_can_kill_the_freed_prisoner() {
    let g = search(
        |seed| {
            let mut g = rescue(seed);
            ok(&mut g, "Ayla frees prisoner");
            if said(&g, "dart spray") {
                ok(&mut g, "Ayla frees prisoner");
            }
            g
        },
        |g| said(g, "the trap goes off: dart spray"),
    );
    assert!(
        said(&g, "Captive takes 1 wound and is slain"),
        "{}",
        transcript(&g)
    );
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    assert!(said(&g, "The prisoner is dead: the mission is lost."));
}

#[test]
fn the_guardian_comes_in_at_the_entrance_and_goes_for_the_prisoner() {
    let mut g = search(
        |seed| {
            let mut g = mission_with(seed, CombatMode::Manual, "rescue", |s| {
                s.game.pools.guardian_reveal_bonus = 2;
            });
            put_hero(&mut g, 0, p(19, 4), Side::E);
            put_hero(&mut g, 1, p(2, 3), Side::W);
            g.mission.prisoner_trap = DoorTrap::Spent;
            ok(&mut g, "Ayla frees prisoner");
            g
        },
        |g| !g.mission.guardian_monsters.is_empty(),
    );
    assert!(said(
        &g,
        "the Guardian guardian-blue-5 appears at the entrance (0,3)"
    ));
    assert!(said(&g, "WMT guardian-blue-5 is revealed: rolled"));
    assert!(said(&g, "+ 2 Guardian bonus"), "{}", transcript(&g));
    let ids: Vec<String> = g
        .mission
        .guardian_monsters
        .iter()
        .map(|&m| g.monsters[m].id.clone())
        .collect();
    for &m in &g.mission.guardian_monsters {
        let at = g.monsters[m].pos.unwrap();
        assert!(chebyshev(at, p(0, 3)) <= 2, "{at:?}");
        g.monsters[m].surprised = false;
    }
    // Borin stands right by them, yet they choose the prisoner first.
    ok(&mut g, "end turn");
    let first = ids
        .iter()
        .find(|id| said(&g, &format!("{id}'s first choice")))
        .expect("a Guardian monster chose");
    assert!(
        said(&g, &format!("{first}'s first choice: Captive")),
        "{}",
        transcript(&g)
    );
    assert!(said(&g, "the prisoner is its first choice"));
}

#[test]
fn the_freed_prisoner_cannot_be_healed() {
    let mut g = freed(1);
    g.xp = 100;
    assert!(refused(&mut g, "heal Captive").contains("cannot be healed"));
    g.heroes[1].wounds = 1;
    ok(&mut g, "heal Borin");
}

#[test]
fn rescue_is_won_when_the_prisoner_walks_out() {
    let mut g = search(freed, |g| !g.mission.guardian_monsters.is_empty());
    let ids: Vec<String> = g
        .mission
        .guardian_monsters
        .iter()
        .map(|&m| g.monsters[m].id.clone())
        .collect();
    assert!(!ids.is_empty());
    for id in &ids {
        ok(&mut g, &format!("kill {id}"));
    }
    assert!(refused(&mut g, "Captive moves to 17,3").contains("already had an activation"));
    ok(&mut g, "end turn");
    for to in ["17,3", "13,3", "9,3", "5,3", "1,3"] {
        ok(&mut g, &format!("Captive moves to {to}"));
        ok(&mut g, "end turn");
    }
    ok(&mut g, "Captive moves to 0,3");
    assert_eq!(g.outcome(), None);
    ok(&mut g, "Captive leaves");
    assert_eq!(g.outcome(), Some(Outcome::Won));
    assert!(said(
        &g,
        "The prisoner is out of the dungeon alive: the mission is a success!"
    ));
}

#[test]
fn rescue_is_lost_when_the_prisoner_dies_or_nobody_is_left() {
    let mut g = freed(3);
    ok(&mut g, "wound Captive 1");
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    assert!(said(&g, "The prisoner is dead: the mission is lost."));

    let mut g = mission(3, CombatMode::Manual, "rescue");
    put_hero(&mut g, 0, p(0, 3), Side::W);
    put_hero(&mut g, 1, p(0, 4), Side::W);
    ok(&mut g, "Ayla leaves");
    assert_eq!(g.outcome(), None);
    ok(&mut g, "Borin leaves");
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    assert!(said(
        &g,
        "No hero is left to bring the prisoner out: the mission is lost."
    ));
}

#[test]
fn a_party_file_names_the_prisoner() {
    let mut party = party();
    party.prisoner = Some(crate::mkd::play::party::Hero {
        name: "Ayla".into(),
        ..crate::mkd::play::party::fallback_prisoner()
    });
    assert_eq!(party.prisoner_or_fallback().name, "Ayla");
    party.prisoner = None;
    assert_eq!(party.prisoner_or_fallback().name, "Captive");
    party.teams[0].heroes[0].name = "Captive".into();
    assert_eq!(party.prisoner_or_fallback().name, "Captive2");
    let d = crate::mkd::play::party::default_party();
    assert_eq!(d.prisoner.as_ref().map(|p| p.name.as_str()), Some("Wren"));
    let twice = format!(
        "{}\nprisoner: {{name: kestrel, value: 5, speed: 4, attacks: 1, armour: 3, wounds: 2}}\n",
        crate::mkd::play::party::DEFAULT_YAML
            .replace("prisoner: {name: Wren", "# prisoner: {name: Wren")
    );
    let e = crate::mkd::play::party::parse(&twice, "p.yaml").unwrap_err();
    assert!(
        e.to_string()
            .contains("prisoner (kestrel): the name is used twice"),
        "{e}"
    );
}

// ------------------------------------------------------------------ stealth

fn stealth(seed: u64, combat: CombatMode) -> Game {
    let mut g = mission(seed, combat, "stealth");
    put_hero(&mut g, 0, p(2, 2), Side::E);
    put_hero(&mut g, 1, p(2, 5), Side::E);
    g
}

fn quest_chest(g: &Game) -> usize {
    g.chests.iter().position(|c| c.quest).unwrap()
}

#[test]
fn a_decision_of_1_to_3_commits_a_monster_to_the_chest() {
    let run = |seed| {
        let mut g = stealth(seed, CombatMode::Manual);
        add_monster(&mut g, "orc-1", 20, p(17, 1), &[]);
        ok(&mut g, "end turn");
        g
    };
    let g = search(run, |g| rolled(g, "orc-1 decision", &[1, 2, 3]));
    assert!(said(&g, "orc-1's first choice: the Quest Chest"));
    assert!(said(&g, "orc-1 sets out to destroy the Quest Chest"));
    assert_eq!(g.monsters[0].mode, MonsterMode::ChestHunt);
    assert!(
        g.status()
            .iter()
            .any(|l| l.contains("chest hunters: orc-1"))
    );
    for face in 4..=6 {
        let g = search(run, |g| rolled(g, "orc-1 decision", &[face]));
        assert!(said(&g, "orc-1's first choice: the Quest Chest"));
        assert!(!said(&g, "sets out to destroy"));
        assert_ne!(g.monsters[0].mode, MonsterMode::ChestHunt);
    }
    // Committed for good: no decision roll in later activations.
    let mut g = g;
    g.monsters[0].pos = Some(p(17, 1));
    ok(&mut g, "end turn");
    assert!(!said(&g, "orc-1 decision"), "{}", transcript(&g));
    assert!(said(&g, "orc-1 heads for the Quest Chest"));
}

#[test]
fn a_hunter_with_no_way_to_the_chest_goes_back_to_the_heroes() {
    let mut g = stealth(1, CombatMode::Manual);
    let m = add_monster(&mut g, "orc-1", 20, p(5, 3), &[]);
    g.monsters[m].mode = MonsterMode::ChestHunt;
    // A monster frozen in the one-square corridor shuts the way.
    let b = add_monster(&mut g, "orc-2", 20, p(12, 3), &[]);
    g.monsters[b].held = 5;
    ok(&mut g, "end turn");
    assert!(said(
        &g,
        "orc-1 finds no way to the Quest Chest and gives up on it"
    ));
    assert_eq!(g.monsters[m].mode, MonsterMode::Hunt);
    assert!(said(&g, "orc-1's first choice: "), "{}", transcript(&g));
}

#[test]
fn the_chest_is_attacked_in_melee_against_defence_5() {
    let run = |seed| {
        let mut g = stealth(seed, CombatMode::Dice);
        let m = add_monster(&mut g, "orc-1", 20, p(20, 3), &["Magic Blast"]);
        g.monsters[m].mode = MonsterMode::ChestHunt;
        ok(&mut g, "end turn");
        g
    };
    let what = "orc-1 attacks the Quest Chest (melee, defence 5)";
    let hit = search(run, |g| g.mission.chest_destroyed);
    assert!(said(&hit, what), "{}", transcript(&hit));
    assert!(kill_dice(&hit, what).iter().any(|&d| d >= 5));
    assert!(!said(&hit, "Magic Blast"), "no abilities against the chest");
    assert!(said(
        &hit,
        "orc-1 smashes the Quest Chest: its contents are destroyed"
    ));
    assert_eq!(hit.outcome(), Some(Outcome::Lost));
    assert!(said(
        &hit,
        "The Quest Chest's contents are destroyed: the mission is lost."
    ));
    let held = search(run, |g| {
        said(g, "the Quest Chest holds") && said(g, "kill dice")
    });
    assert!(kill_dice(&held, what).iter().all(|&d| d < 5));
    assert_eq!(held.outcome(), None);
    assert_eq!(
        held.chests[quest_chest(&held)].place,
        ChestPlace::At(p(20, 4))
    );
}

#[test]
fn a_hit_on_the_carrier_destroys_the_chest() {
    let run = |seed| {
        let mut g = stealth(seed, CombatMode::Dice);
        let c = quest_chest(&g);
        put_hero(&mut g, 0, p(18, 4), Side::N);
        g.chests[c].place = ChestPlace::Hero(0);
        g.chests[c].open = true;
        g.heroes[0].chests.push(c);
        let m = add_monster(&mut g, "orc-1", 20, p(18, 3), &[]);
        g.monsters[m].mode = MonsterMode::ChestHunt;
        ok(&mut g, "end turn");
        g
    };
    let hit = search(run, |g| {
        said(g, "orc-1 attacks Ayla") && said(g, "Ayla takes")
    });
    assert!(said(
        &hit,
        "orc-1 goes for Ayla, who carries the Quest Chest"
    ));
    assert!(hit.mission.chest_destroyed);
    assert!(hit.heroes[0].chests.is_empty());
    assert_eq!(hit.outcome(), Some(Outcome::Lost));
    let miss = search(run, |g| {
        said(g, "orc-1 attacks Ayla") && !said(g, "Ayla takes")
    });
    assert!(!miss.mission.chest_destroyed);
    assert_eq!(miss.chests[quest_chest(&miss)].place, ChestPlace::Hero(0));
}

#[test]
fn manual_combat_reports_a_hit_on_the_chest_with_smash() {
    let mut g = stealth(1, CombatMode::Manual);
    let m = add_monster(&mut g, "orc-1", 20, p(20, 3), &[]);
    g.monsters[m].mode = MonsterMode::ChestHunt;
    add_monster(&mut g, "orc-2", 20, p(4, 7), &[]);
    g.monsters[1].held = 5;
    ok(&mut g, "end turn");
    assert!(
        said(&g, "report `smash orc-1` if it hits"),
        "{}",
        transcript(&g)
    );
    assert!(refused(&mut g, "smash orc-2").contains("not out to destroy"));
    ok(&mut g, "smash orc-1");
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    assert!(said(
        &g,
        "The Quest Chest's contents are destroyed: the mission is lost."
    ));
    // `smash` belongs to stealth only.
    let mut q = mission(1, CombatMode::Manual, "rescue");
    add_monster(&mut q, "orc-1", 20, p(4, 7), &[]);
    assert!(refused(&mut q, "smash orc-1").contains("stealth"));
}

#[test]
fn stealth_is_won_by_carrying_the_chest_out() {
    let mut g = stealth(1, CombatMode::Manual);
    let c = quest_chest(&g);
    put_hero(&mut g, 0, p(0, 3), Side::W);
    g.chests[c].place = ChestPlace::Hero(0);
    g.heroes[0].chests.push(c);
    ok(&mut g, "Ayla leaves");
    assert_eq!(g.outcome(), Some(Outcome::Won));
    assert!(said(
        &g,
        "The Quest Chest is out of the dungeon: the heroes win!"
    ));
}

// ------------------------------------------------------------------ kidnapping

fn kidnapping(seed: u64) -> Game {
    let mut g = mission(seed, CombatMode::Manual, "kidnapping");
    put_hero(&mut g, 0, p(14, 3), Side::E);
    put_hero(&mut g, 1, p(6, 7), Side::E);
    g
}

/// Ayla walks into the Central Chamber and reveals the Guardian.
fn revealed(seed: u64) -> Game {
    let mut g = kidnapping(seed);
    ok(&mut g, "Ayla moves to 16,3");
    g
}

/// A kidnapping with the kidnappee `orc-1` (20 points, 2 wounds) on `at`.
fn with_kidnappee(at: crate::scenario::Point, abilities: &[&str], points: u32) -> Game {
    let mut g = kidnapping(1);
    g.wmts.clear();
    let k = add_monster(&mut g, "orc-1", points, at, abilities);
    g.mission.kidnappee = Some(k);
    g
}

#[test]
fn the_guardian_wmt_wanders_in_a_kidnapping() {
    let mut g = mission(1, CombatMode::Manual, "kidnapping");
    put_hero(&mut g, 0, p(2, 2), Side::E);
    put_hero(&mut g, 1, p(2, 5), Side::E);
    assert!(
        g.intro()
            .iter()
            .any(|l| l.starts_with("mission: kidnapping"))
    );
    ok(&mut g, "end turn");
    assert!(said(&g, "WMT guardian-blue-5 rolls"), "{}", transcript(&g));
    // In a plain quest it stays put.
    let mut q = game(1);
    q.wmts.push(WmtState {
        id: "guardian-blue-5".into(),
        color: WmtColor::Blue,
        number: 5,
        guardian: true,
        pos: p(20, 4),
    });
    q.out = q.apply("end turn").unwrap();
    assert!(!said(&q, "WMT guardian-blue-5 rolls"));
}

#[test]
fn a_d6_picks_the_kidnappee_among_several() {
    let many = search(revealed, |g| g.monsters.len() > 1);
    assert!(
        said(&many, "the monster to kidnap: rolled"),
        "{}",
        transcript(&many)
    );
    let k = many.mission.kidnappee.expect("picked");
    let id = many.monsters[k].id.clone();
    assert!(
        many.out
            .iter()
            .any(|l| l.starts_with("the monster to kidnap: rolled") && l.ends_with(&id))
    );
    assert!(said(&many, &format!("{id} is the one to kidnap")));
    let one = search(revealed, |g| g.monsters.len() == 1);
    assert_eq!(one.mission.kidnappee, Some(0));
    assert!(!said(&one, "the monster to kidnap: rolled"));
    assert!(one.status().iter().any(|l| l.contains("is on the run")));
}

#[test]
fn the_kidnappee_is_captured_one_wound_from_death_or_demoralized() {
    let mut g = with_kidnappee(p(20, 3), &[], 20);
    ok(&mut g, "hit orc-1 1");
    assert!(g.mission.captured);
    assert!(said(&g, "orc-1 is captured"));
    // A 30-point monster (3 wounds) is not captured by one wound...
    let mut g = with_kidnappee(p(20, 3), &[], 30);
    ok(&mut g, "hit orc-1 1");
    assert!(!g.mission.captured);
    // ...unless it is demoralized.
    let mut g = with_kidnappee(p(20, 3), &["Demoralized"], 30);
    assert!(!g.mission.captured, "not before a wound");
    ok(&mut g, "hit orc-1 1");
    assert!(g.mission.captured);
}

#[test]
fn an_adjacent_hero_leads_the_captive() {
    let mut g = with_kidnappee(p(4, 3), &[], 20);
    put_hero(&mut g, 0, p(5, 3), Side::W);
    assert!(refused(&mut g, "lead orc-1 to 1,3").contains("not captured"));
    g.monsters[0].wounds = 1;
    g.update_capture();
    assert!(refused(&mut g, "lead orc-1 to 12,3").contains("cannot get to 12,3"));
    ok(&mut g, "lead orc-1 to 1,3");
    assert!(said(&g, "Ayla leads orc-1 to 1,3"));
    assert_eq!(g.monsters[0].pos, Some(p(1, 3)));
    assert!(refused(&mut g, "lead orc-1 to 2,3").contains("already been led"));
    // With a hero beside it at its activation it waits for the heroes.
    let mut g = with_kidnappee(p(4, 3), &[], 20);
    put_hero(&mut g, 0, p(5, 3), Side::W);
    g.monsters[0].wounds = 1;
    ok(&mut g, "end turn");
    assert!(
        said(&g, "orc-1 is held by Ayla on 4,3"),
        "{}",
        transcript(&g)
    );
    assert_eq!(g.monsters[0].pos, Some(p(4, 3)));
    // Without one, nobody may lead it and it flees as a demoralized monster.
    let mut g = with_kidnappee(p(12, 3), &[], 20);
    put_hero(&mut g, 0, p(18, 6), Side::W);
    put_hero(&mut g, 1, p(18, 1), Side::W);
    g.monsters[0].wounds = 1;
    g.update_capture();
    let e = refused(&mut g, "lead orc-1 to 11,3");
    assert!(e.contains("no hero of this team"), "{e}");
    ok(&mut g, "end turn");
    assert!(said(&g, "orc-1 has no hero next to it and tries to escape"));
    assert!(said(&g, "orc-1 is demoralized and flees for the entrance"));
}

#[test]
fn the_kidnappee_getting_out_loses() {
    let mut g = with_kidnappee(p(1, 3), &[], 20);
    put_hero(&mut g, 0, p(18, 6), Side::W);
    put_hero(&mut g, 1, p(18, 1), Side::W);
    ok(&mut g, "end turn");
    assert!(said(&g, "orc-1 runs for the exit"));
    assert!(
        said(&g, "orc-1 leaves the dungeon for good"),
        "{}",
        transcript(&g)
    );
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    assert!(said(
        &g,
        "orc-1 got away out of the dungeon: the mission is lost."
    ));
}

#[test]
fn the_kidnappee_runs_through_heroes_to_the_exit() {
    // Heroes stand in its way in the corridor: it tries to pass through.
    let run = |seed| {
        let mut g = kidnapping(seed);
        g.wmts.clear();
        let k = add_monster(&mut g, "orc-1", 20, p(9, 3), &[]);
        g.mission.kidnappee = Some(k);
        put_hero(&mut g, 0, p(8, 3), Side::E);
        put_hero(&mut g, 1, p(18, 1), Side::W);
        ok(&mut g, "end turn");
        g
    };
    let g = search(run, |g| g.monsters[0].pos.is_some_and(|q| q.x < 8));
    assert!(said(&g, "orc-1 runs for the exit"));
    assert!(
        g.out
            .iter()
            .any(|l| l.contains("break") || l.contains("through")),
        "{}",
        transcript(&g)
    );
}

#[test]
fn killing_the_kidnappee_loses() {
    let mut g = with_kidnappee(p(20, 3), &[], 20);
    ok(&mut g, "kill orc-1");
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    assert!(said(&g, "orc-1 is dead: the mission is lost."));
}

#[test]
fn kidnapping_is_won_by_leading_the_captive_out() {
    let mut g = search(revealed, |g| {
        g.monsters.len() == 1 && g.monsters[0].pos == Some(p(20, 4))
    });
    let id = g.monsters[0].id.clone();
    // The heroes wound it down (reported as in manual combat).
    ok(&mut g, &format!("hit {id} 1"));
    assert!(g.mission.captured);
    ok(&mut g, "end turn");
    assert!(
        said(&g, &format!("{id} is surprised")),
        "{}",
        transcript(&g)
    );
    ok(&mut g, "Ayla moves to 19,4");
    ok(&mut g, "end turn");
    assert!(
        said(&g, &format!("{id} is held by Ayla on 20,4")),
        "{}",
        transcript(&g)
    );
    for (to, guard) in [
        ("17,3", "18,3"),
        ("13,3", "14,3"),
        ("9,3", "10,3"),
        ("5,3", "6,3"),
        ("1,3", "2,3"),
    ] {
        ok(&mut g, &format!("lead {id} to {to}"));
        ok(&mut g, &format!("Ayla moves to {guard}"));
        ok(&mut g, "end turn");
        assert!(said(&g, &format!("{id} was led by the heroes this turn")));
        assert_eq!(g.outcome(), None);
    }
    assert!(refused(&mut g, &format!("lead {id} to 12,3")).contains("cannot get"));
    ok(&mut g, &format!("lead {id} out"));
    assert!(said(
        &g,
        &format!("Ayla takes {id} out of the dungeon at 0,3")
    ));
    assert_eq!(g.outcome(), Some(Outcome::Won));
    assert!(said(
        &g,
        "The captive is out of the dungeon alive: the kidnapping is a success!"
    ));
}

// ------------------------------------------------------------------ simulate

#[test]
fn automatic_heroes_finish_every_mission_within_the_limit() {
    let party = Arc::new(party());
    let tables = Arc::new(default_tables());
    for name in ["rescue", "stealth", "kidnapping", "rescue+timed"] {
        let s = Arc::new(mission_scenario(name, Vec::new()));
        let mut won = 0;
        for i in 0..12 {
            let seed = crate::core::dice::run_seed(5, i);
            let (a, log) =
                crate::mkd::play::simulate::play_once_logged(&s, &party, &tables, seed, 40);
            assert!(a.turns <= 40, "{name}: {a:?}");
            let over = log
                .iter()
                .any(|l| l.starts_with("== the adventure is over"));
            assert_eq!(a.timed_out, !over, "{name} run {i}");
            let b = crate::mkd::play::simulate::play_once(&s, &party, &tables, seed, 40);
            assert_eq!(a, b, "{name} run {i} differs on a replay");
            won += u32::from(a.won);
        }
        assert!(won > 0, "{name}: the automatic heroes never won in 12 runs");
    }
}

#[test]
fn over_many_runs_every_end_says_why_and_the_held_prisoner_is_never_touched() {
    let party = Arc::new(party());
    let tables = Arc::new(default_tables());
    let wins = [
        ("rescue", "The prisoner is out of the dungeon alive"),
        (
            "stealth",
            "The Quest Chest is out of the dungeon: the heroes win!",
        ),
        ("kidnapping", "The captive is out of the dungeon alive"),
    ];
    for (name, win_line) in wins {
        let s = Arc::new(mission_scenario(name, Vec::new()));
        for i in 0..60 {
            let seed = crate::core::dice::run_seed(11, i);
            let (r, log) =
                crate::mkd::play::simulate::play_once_logged(&s, &party, &tables, seed, 60);
            let has = |needle: &str| log.iter().any(|l| l.contains(needle));
            assert_eq!(r.won, has(win_line), "{name} run {i}");
            if !r.won && !r.timed_out {
                assert!(
                    has("the mission is lost.") || has("the dungeon wins"),
                    "{name} run {i}: a loss without a reason\n{}",
                    log.join("\n")
                );
            }
            let freed_at = log
                .iter()
                .position(|l| l.contains("Captive is free"))
                .unwrap_or(log.len());
            assert!(
                !log[..freed_at]
                    .iter()
                    .any(|l| l.contains("Captive") && !l.starts_with("mission:")),
                "{name} run {i}: the held prisoner was touched"
            );
        }
    }
}
