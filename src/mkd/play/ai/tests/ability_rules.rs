//! Tests of the monsters' special abilities: each placed by hand beside
//! the heroes with scripted dice, asserting the events the rule causes.

use super::*;

/// A monster with `abilities` two squares west of Ayla (4,4).
fn ability_game(combat: CombatMode, abilities: &[Ability], faces: &[u32]) -> (Game, MonsterId) {
    let mut g = game_with(combat, Vec::new(), faces);
    g.visited.extend(0..3);
    put_hero(&mut g, 0, p(4, 4), Side::N);
    let m = add_monster(&mut g, "mage-1", 20, p(2, 4), abilities);
    (g, m)
}

#[test]
fn levitation_is_used_on_1_to_3_and_drifts_the_hero_like_a_wmt() {
    // Decision 1, Levitation's own roll 2, the attempt's two dice (5 hits
    // on 5+), the direction 3 (south): no tile lies south of C1, so Ayla
    // drifts to its south edge.
    let (mut g, m) = ability_game(
        CombatMode::Manual,
        &[Ability::MagicLevitation],
        &[1, 2, 5, 1, 3],
    );
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2..],
        [
            Event::AbilityRoll {
                monster: m,
                ability: Ability::MagicLevitation,
                face: 2
            },
            Event::SpellAttempt {
                monster: m,
                hero: AYLA,
                ability: Ability::MagicLevitation,
                faces: Rolls(vec![5, 1]),
                hit_on: 5,
                holds: true
            },
            Event::DriftCast {
                monster: m,
                hero: AYLA,
                ability: Ability::MagicLevitation,
                faces: Rolls(vec![3]),
                side: Side::S
            },
            Event::Drifted {
                hero: AYLA,
                to: p(4, 7),
                path: vec![p(4, 5), p(4, 6), p(4, 7)]
            },
        ]
    );
    assert_eq!(g.monsters[m].pos, Some(p(2, 4)), "a spell needs no move");
    assert_eq!(g.heroes[AYLA].pos(), Some(p(4, 7)));
    assert_eq!(
        printed(&g, &ev[2..5]),
        "mage-1 Magic Levitation: rolled 2 — it uses it\nmage-1 tries Magic Levitation on Ayla: rolled 5, 1, needing 5+ — it takes hold\nmage-1 casts Magic Levitation on Ayla: rolled 3 — south"
    );
    all_dice_used(&g);
}

#[test]
fn levitation_is_not_used_on_4_to_6() {
    let (mut g, m) = ability_game(CombatMode::Manual, &[Ability::MagicLevitation], &[1, 5]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2..],
        [
            Event::AbilityRoll {
                monster: m,
                ability: Ability::MagicLevitation,
                face: 5
            },
            moved(m, p(3, 4), &[p(3, 4)]),
            prompt(m, AYLA, true, Side::E),
        ]
    );
    assert_eq!(g.heroes[AYLA].pos(), Some(p(4, 4)));
    all_dice_used(&g);
}

#[test]
fn levitation_through_the_entrance_puts_the_hero_out() {
    // West (4) from the entrance square: out of the adventure.
    let mut g = game(&[1, 1, 6, 6, 4]);
    g.visited.extend(0..3);
    put_hero(&mut g, 0, p(0, 3), Side::N);
    let m = add_monster(&mut g, "mage-1", 20, p(2, 3), &[Ability::MagicLevitation]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[5..],
        [Event::PushedOut {
            hero: AYLA,
            carrying: vec![]
        }]
    );
    assert_eq!(g.heroes[AYLA].place, HeroPlace::Escaped);
    all_dice_used(&g);
}

#[test]
fn a_hero_pushed_out_takes_the_chests_he_carries_and_the_log_says_so() {
    // As above, Ayla carrying a chest: it goes out with her, and the one
    // event says so (no "cannot drift" first: she does leave).
    let mut g = game(&[1, 1, 6, 6, 4]);
    g.visited.extend(0..3);
    put_hero(&mut g, 0, p(0, 3), Side::N);
    give_chest(&mut g, AYLA);
    let m = add_monster(&mut g, "mage-1", 20, p(2, 3), &[Ability::MagicLevitation]);
    let ev = act(&mut g, m);
    let c = ChestId(0);
    assert_eq!(
        ev[5..],
        [Event::PushedOut {
            hero: AYLA,
            carrying: vec![c]
        }]
    );
    assert_eq!(g.chests[c].place, ChestPlace::Out);
    assert!(g.heroes[AYLA].chests.is_empty());
    let line = crate::mkd::play::transcript::print(&g, &ev[5..]).join("\n");
    assert!(
        line.contains("is pushed out of the dungeon carrying "),
        "{line}"
    );
    all_dice_used(&g);
}

#[test]
fn freeze_holds_the_hero_on_1_to_3() {
    let (mut g, m) = ability_game(CombatMode::Manual, &[Ability::MagicFreeze], &[1, 2, 5, 5]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::Frozen {
            monster: m,
            hero: AYLA
        })
    );
    assert_eq!(g.heroes[AYLA].held, 2);
    all_dice_used(&g);
    let (mut g, m) = ability_game(CombatMode::Manual, &[Ability::MagicFreeze], &[1, 6]);
    act(&mut g, m);
    assert_eq!(g.heroes[AYLA].held, 0);
    all_dice_used(&g);
}

#[test]
fn freeze_levitation_and_confusion_are_attempts_that_can_fail() {
    // Decision 1, Freeze's roll 2, the attempt 4 and 1: no hit on 5+.
    let (mut g, m) = ability_game(CombatMode::Manual, &[Ability::MagicFreeze], &[1, 2, 4, 1]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::SpellAttempt {
            monster: m,
            hero: AYLA,
            ability: Ability::MagicFreeze,
            faces: Rolls(vec![4, 1]),
            hit_on: 5,
            holds: false
        })
    );
    assert_eq!(g.heroes[AYLA].held, 0);
    all_dice_used(&g);
    // Levitation gives its owner no flight over a crevice.
    assert!(!g.monster_mover(m).flies);
}

#[test]
fn confusion_drifts_the_hero_on_1_to_3() {
    // North (1): to C1's north edge, four squares (a token's speed).
    let (mut g, m) = ability_game(
        CombatMode::Manual,
        &[Ability::MagicConfusion],
        &[1, 3, 6, 1, 1],
    );
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::Drifted {
            hero: AYLA,
            to: p(4, 0),
            path: vec![p(4, 3), p(4, 2), p(4, 1), p(4, 0)]
        })
    );
    all_dice_used(&g);
}

#[test]
fn quickness_only_when_the_target_is_out_of_reach() {
    // Twelve squares off: +4 speed to move only, eight squares (east on
    // every way-round roll, then south).
    let mut g = game(&[1, 1, 1, 1, 1, 1, 1]);
    put_hero(&mut g, 0, p(7, 7), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(0, 0), &[Ability::Quickness]);
    let ev = act(&mut g, m);
    assert!(ev.contains(&Event::UsesQuickness {
        monster: m,
        bonus: 4
    }));
    assert_eq!(g.monsters[m].pos, Some(p(6, 2)), "eight squares moved");
    assert!(!ev.iter().any(|e| matches!(e, Event::AttackPrompt { .. })));
    all_dice_used(&g);
    // In reach anyway: no Quickness.
    let mut g = game(&[1]);
    put_hero(&mut g, 0, p(3, 0), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(0, 0), &[Ability::Quickness]);
    let ev = act(&mut g, m);
    assert!(!ev.iter().any(|e| matches!(e, Event::UsesQuickness { .. })));
    assert_eq!(ev.last(), Some(&prompt(m, AYLA, true, Side::E)));
    all_dice_used(&g);
}

#[test]
fn stealth_is_used_unless_a_token_could_be_revealed() {
    let (mut g, m) = ability_game(CombatMode::Manual, &[Ability::Stealth], &[1]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::Hidden {
            monster: m,
            ability: Ability::Stealth,
            could_reveal: false
        })
    );
    let wmt = Wmt {
        x: 9,
        y: 3,
        color: WmtColor::Yellow,
        number: 4,
        guardian: false,
        tile: 1,
    };
    let mut g = game_with(CombatMode::Manual, vec![wmt], &[1, 1]);
    g.visited.extend(0..3);
    put_hero(&mut g, 0, p(1, 1), Side::N);
    let m = add_monster(
        &mut g,
        "mage-1",
        20,
        p(7, 3),
        &[Ability::LimitedInvisibility],
    );
    g.monsters[m].mode = MonsterMode::Reinforcing;
    g.monsters[m].stats.speed = 1;
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::Hidden {
            monster: m,
            ability: Ability::LimitedInvisibility,
            could_reveal: true
        })
    );
    assert_eq!(
        printed(&g, &ev[ev.len() - 1..]),
        "mage-1 does not use Limited Invisibility: it could reveal a wandering monster token"
    );
    all_dice_used(&g);
}

#[test]
fn a_demoralized_monster_heads_for_the_command_monster() {
    // North on every way-round roll: up the west of C1, then east.
    let mut g = game(&[1, 1, 1]);
    put_hero(&mut g, 0, p(20, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(1, 6), &[Ability::Demoralized]);
    add_monster(&mut g, "boss-1", 20, p(9, 3), &[Ability::Command]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[0],
        Event::Demoralized {
            monster: m,
            retreat: Retreat::ToCommander
        }
    );
    assert_eq!(g.monsters[m].pos, Some(p(2, 3)));
    assert!(g.monsters[m].demoralized);
    all_dice_used(&g);
    // In the commander's tile it is rallied and hunts again (here it holds
    // its ground: decision 6, unexpected 6).
    let mut g = game(&[6, 6]);
    put_hero(&mut g, 0, p(20, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(1, 6), &[Ability::Demoralized]);
    let boss = add_monster(&mut g, "boss-1", 20, p(6, 1), &[Ability::Command]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[0],
        Event::Rallied {
            monster: m,
            by: boss
        }
    );
    assert!(!g.monsters[m].demoralized);
    assert_eq!(
        printed(&g, &ev[..1]),
        "orc-1 is no longer demoralized: boss-1's Command rallies it"
    );
    all_dice_used(&g);
}

#[test]
fn a_demoralized_monster_without_a_commander_leaves_for_good() {
    let mut g = game(&[]);
    put_hero(&mut g, 0, p(20, 6), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(2, 3), &[Ability::Demoralized]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev,
        [
            Event::Demoralized {
                monster: m,
                retreat: Retreat::ForTheEntrance
            },
            moved(m, p(0, 3), &[p(1, 3), p(0, 3)]),
            Event::MonsterLeaves {
                monster: m,
                stairs: false,
                chest: None,
                for_help: false
            },
        ]
    );
    assert_eq!(g.monsters[m].pos, None);
    assert_eq!(g.monsters[m].mode, MonsterMode::Gone);
}

#[test]
fn command_adds_speed_to_friends_nearby() {
    let mut g = game(&[]);
    let m = add_monster(&mut g, "orc-1", 20, p(1, 6), &[]);
    assert_eq!(base_speed(&g, m), 4);
    add_monster(&mut g, "boss-1", 20, p(2, 6), &[Ability::Command]);
    assert_eq!(base_speed(&g, m), 6);
}

/// A necromancer with a fallen orc (20) and ogre (50).
fn necromancer(faces: &[u32]) -> (Game, MonsterId) {
    let mut g = game(faces);
    put_hero(&mut g, 0, p(6, 6), Side::N);
    let m = add_monster(&mut g, "lich-1", 20, p(2, 2), &[Ability::Necromancy]);
    let a = add_monster(&mut g, "orc-1", 20, p(0, 0), &[]);
    let b = add_monster(&mut g, "ogre-1", 50, p(0, 1), &[]);
    for f in [a, b] {
        g.monsters[f].pos = None;
        g.monsters[f].wounds = 2;
        g.fallen.push(f);
    }
    (g, m)
}

#[test]
fn necromancy_raises_the_most_valuable_fallen_monster_on_1_to_3() {
    let (mut g, m) = necromancer(&[1, 2]);
    let ogre = MonsterId(2);
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::Raises {
            monster: m,
            fallen: ogre,
            points: 50,
            at: p(1, 1)
        })
    );
    assert!(g.monsters[ogre].active());
    assert_eq!(g.monsters[ogre].wounds, 0);
    assert_eq!(g.fallen, vec![MonsterId(1)]);
    all_dice_used(&g);
    // 4-6: it attacks as usual instead (walking east on the way-round rolls).
    let (mut g, m) = necromancer(&[1, 5, 1, 1, 1]);
    let ev = act(&mut g, m);
    assert_eq!(g.fallen.len(), 2);
    assert_eq!(
        ev.last(),
        Some(&Event::CannotReachHero {
            monster: m,
            hero: AYLA
        })
    );
    all_dice_used(&g);
}

#[test]
fn healing_is_used_on_a_wounded_self_first_whatever_the_decision() {
    // No first choice, no decision roll: the 2 is the healing roll.
    let mut g = game(&[2]);
    put_hero(&mut g, 0, p(6, 6), Side::N);
    let m = add_monster(&mut g, "cleric-1", 20, p(2, 2), &[Ability::Healing]);
    g.monsters[m].wounds = 1;
    let o = add_monster(&mut g, "orc-1", 20, p(3, 5), &[]);
    g.monsters[o].wounds = 1;
    let ev = act(&mut g, m);
    assert_eq!(ev.len(), 1);
    assert_eq!(
        ev.last(),
        Some(&Event::Heals {
            monster: m,
            other: m,
            ability: Ability::Healing,
            face: 2,
            healed: 1,
            left: 2
        })
    );
    assert_eq!(
        printed(&g, &ev[ev.len() - 1..]),
        "cleric-1 uses Healing on itself: rolled 2 — heals 1 wound (2 left)"
    );
    assert_eq!(g.monsters[m].wounds, 0);
    assert_eq!(g.monsters[o].wounds, 1);
    all_dice_used(&g);
}

#[test]
fn healing_goes_to_the_nearest_wounded_monster() {
    let mut g = game(&[1, 3]);
    put_hero(&mut g, 0, p(20, 6), Side::N);
    let m = add_monster(&mut g, "cleric-1", 20, p(2, 2), &[Ability::MagicHealing]);
    let o = add_monster(&mut g, "orc-1", 20, p(5, 2), &[]);
    g.monsters[o].wounds = 1;
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2..],
        [
            Event::GoesToHeal {
                monster: m,
                other: o,
                ability: Ability::MagicHealing
            },
            moved(m, p(4, 2), &[p(3, 2), p(4, 2)]),
            Event::Heals {
                monster: m,
                other: o,
                ability: Ability::MagicHealing,
                face: 3,
                healed: 1,
                left: 2
            },
        ]
    );
    assert_eq!(g.monsters[o].wounds, 0);
    all_dice_used(&g);
    // Nobody wounded: it attacks as normal.
    let mut g = game(&[1]);
    put_hero(&mut g, 0, p(4, 2), Side::N);
    let m = add_monster(&mut g, "cleric-1", 20, p(2, 2), &[Ability::Healing]);
    let ev = act(&mut g, m);
    assert_eq!(ev.last(), Some(&prompt(m, AYLA, true, Side::E)));
    all_dice_used(&g);
}

#[test]
fn magic_blast_is_a_ranged_dice_attack_without_moving() {
    // Two dice at 5+: 5 hits, 2 misses; the kill die 4 beats armour 4.
    let mut g = game_with(CombatMode::Dice, Vec::new(), &[1, 5, 2, 4]);
    put_hero(&mut g, 0, p(7, 6), Side::N);
    let m = add_monster(&mut g, "mage-1", 20, p(1, 1), &[Ability::MagicBlast]);
    let ev = act(&mut g, m);
    assert_eq!(g.monsters[m].pos, Some(p(1, 1)));
    assert_eq!(
        ev[2..],
        [
            Event::Attack {
                by: Figure::Monster(m),
                strike: Strike::MagicBlast,
                target: Target::Figure(Figure::Hero(AYLA)),
                roll: AttackRoll {
                    to_hit: vec![5, 2],
                    kill: vec![4],
                    wounds: 1,
                    hit_on: 5,
                    armour: 4
                }
            },
            Event::HeroWounded {
                hero: AYLA,
                wounds: 1,
                left: 3
            },
        ]
    );
    assert_eq!(
        printed(&g, &ev[2..3]),
        "mage-1 casts Magic Blast at Ayla: rolls [5 2] needing 5+: 1 hit; kill dice [4] against armour 4: 1 wound"
    );
    all_dice_used(&g);
    // Manual combat: the players roll it.
    let mut g = game(&[1]);
    put_hero(&mut g, 0, p(7, 6), Side::N);
    let m = add_monster(&mut g, "mage-1", 20, p(1, 1), &[Ability::MagicBlast]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev.last(),
        Some(&Event::BlastPrompt {
            monster: m,
            hero: AYLA
        })
    );
    all_dice_used(&g);
}

#[test]
fn flame_strikes_every_figure_in_the_line() {
    // Ayla and Borin miss-roll (1 1 each); the orc is hit (5) and wounded (4).
    let mut g = game_with(CombatMode::Dice, Vec::new(), &[1, 1, 1, 1, 1, 5, 1, 4]);
    put_hero(&mut g, 0, p(3, 6), Side::N);
    put_hero(&mut g, 1, p(5, 6), Side::N);
    let m = add_monster(&mut g, "drake-1", 20, p(1, 6), &[Ability::FlameLightning]);
    let orc = add_monster(&mut g, "orc-1", 20, p(7, 6), &[]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2],
        Event::Flame {
            monster: m,
            side: Side::E,
            caught: vec![
                Figure::Hero(AYLA),
                Figure::Hero(BORIN),
                Figure::Monster(orc)
            ]
        }
    );
    assert_eq!(
        printed(&g, &ev[2..3]),
        "drake-1 looses Flame/Lightning towards east: the line catches Ayla, Borin, orc-1"
    );
    assert_eq!(
        ev.last(),
        Some(&Event::MonsterWounded {
            monster: orc,
            wounds: 1,
            left: 1
        })
    );
    all_dice_used(&g);
}

#[test]
fn shockwave_strikes_every_adjacent_hero() {
    let mut g = game_with(CombatMode::Dice, Vec::new(), &[1, 1, 1, 4, 1, 4]);
    put_hero(&mut g, 0, p(4, 3), Side::N);
    put_hero(&mut g, 1, p(5, 5), Side::N);
    let m = add_monster(&mut g, "golem-1", 20, p(4, 4), &[Ability::Shockwave]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2],
        Event::Shockwave {
            monster: m,
            heroes: vec![AYLA, BORIN]
        }
    );
    assert!(matches!(
        ev[4],
        Event::Attack {
            strike: Strike::Shocks,
            target: Target::Figure(Figure::Hero(BORIN)),
            ..
        }
    ));
    assert_eq!(
        ev.last(),
        Some(&Event::HeroWounded {
            hero: BORIN,
            wounds: 1,
            left: 3
        })
    );
    all_dice_used(&g);
}

#[test]
fn several_optional_abilities_are_chosen_by_d6() {
    // Magic Blast and Shockwave both apply: a 2 picks Shockwave.
    let (mut g, m) = ability_game(
        CombatMode::Manual,
        &[Ability::MagicBlast, Ability::Shockwave],
        &[1, 2],
    );
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2],
        Event::Chose {
            by: Chooser::Monster(m),
            topic: Topic::WhichAbility,
            faces: Rolls(vec![2]),
            pick: Pick::Ability(Ability::Shockwave)
        }
    );
    assert_eq!(
        printed(&g, &ev[2..3]),
        "mage-1: which optional ability: rolled 2 — Shockwave"
    );
    assert_eq!(
        ev[4..],
        [
            Event::Shockwave {
                monster: m,
                heroes: vec![AYLA]
            },
            Event::ResolveEach {
                monster: m,
                shockwave: true
            },
        ]
    );
    all_dice_used(&g);
}

#[test]
fn sneak_attack_comes_from_behind_when_it_can() {
    let mut g = game(&[1, 1, 1, 1]);
    put_hero(&mut g, 0, p(4, 3), Side::S);
    let m = add_monster(&mut g, "thief-1", 20, p(2, 5), &[Ability::SneakAttack]);
    let ev = act(&mut g, m);
    assert_eq!(
        ev[2],
        Event::SneaksBehind {
            monster: m,
            hero: AYLA
        }
    );
    assert_eq!(g.monsters[m].pos, Some(p(3, 2)));
    assert_eq!(ev.last(), Some(&prompt(m, AYLA, true, Side::S)));
    all_dice_used(&g);
}

#[test]
fn the_walk_line_of_sight_and_rear_arc_helpers() {
    assert_eq!(walk::line(p(0, 0), p(3, 0)).len(), 4);
    assert_eq!(walk::spins(Side::N, Side::S), 2);
    assert_eq!(walk::spins(Side::W, Side::N), 1);
    let mut g = game(&[]);
    // The walls of H1 (all but row 3) block a line across it.
    assert!(!walk::line_of_sight(&g.board, p(7, 1), p(17, 1)));
    assert!(walk::line_of_sight(&g.board, p(1, 1), p(6, 6)));
    put_hero(&mut g, 0, p(4, 3), Side::S);
    let m = add_monster(&mut g, "thief-1", 20, p(2, 5), &[]);
    assert_eq!(walk::rear_squares(&g, m, AYLA), [p(3, 2), p(4, 2), p(5, 2)]);
}

// ---------------------------------------------------------------- doors blown apart, the players' choices

/// A closed door with an unchecked trap between 7,3 and 8,3.
fn trapped_door(g: &mut Game) {
    g.board_mut().doors.push(crate::mkd::play::board::Door {
        edges: vec![[p(7, 3), p(8, 3)]],
        open: false,
        trap: crate::mkd::play::board::DoorTrap::Unchecked,
    });
}

#[test]
fn a_shockwave_destroys_the_closed_door_beside_it_and_its_trap() {
    let mut g = game(&[]);
    put_hero(&mut g, 0, p(7, 3), Side::E);
    let m = add_monster(&mut g, "golem-1", 20, p(8, 3), &[Ability::Shockwave]);
    trapped_door(&mut g);
    let ev = rule(&mut g, |cx| abilities::shockwave(cx, m)).1;
    assert_eq!(
        ev[..2],
        [
            Event::DoorDestroyed {
                monster: m,
                at: p(8, 3),
                trap_lost: true
            },
            Event::Shockwave {
                monster: m,
                heroes: vec![AYLA]
            },
        ]
    );
    assert_eq!(
        printed(&g, &ev[..1]),
        "golem-1 blows the door at 8,3 apart, and its trap with it"
    );
    assert!(g.board.doors.is_empty());
    all_dice_used(&g);
}

#[test]
fn a_magic_blast_destroys_a_closed_door_in_the_way() {
    // Ayla behind the closed door in C1; the mage in the corridor.
    let mut g = game(&[]);
    put_hero(&mut g, 0, p(5, 3), Side::E);
    let m = add_monster(&mut g, "mage-1", 20, p(10, 3), &[Ability::MagicBlast]);
    trapped_door(&mut g);
    let (blasted, ev) = rule(&mut g, |cx| abilities::blast_door(cx, m, AYLA));
    assert!(blasted);
    assert_eq!(
        ev,
        [Event::DoorDestroyed {
            monster: m,
            at: p(8, 3),
            trap_lost: true
        }]
    );
    assert!(g.board.doors.is_empty());
}

#[test]
fn players_may_let_a_monster_break_away_freely() {
    // As in the successful break-away, but with no roll: 2 speed points
    // for the break, so it gets only two squares on.
    let (mut g, m) = held_by_borin(&[4]);
    let said = ok(&mut g, "breakaway free");
    // The answer names the one setting changed (a user's audit: it stated
    // both, as if the automatic attacks had been set too).
    assert_eq!(
        printed(&g, &said),
        "from now on monsters need no roll to break away from the heroes"
    );
    let ev = act(&mut g, m);
    assert_eq!(
        ev[3..5],
        [
            Event::LetGo {
                monster: m,
                heroes: vec![BORIN],
                cost: 2
            },
            moved(m, p(4, 5), &[p(3, 5), p(4, 5)]),
        ]
    );
    all_dice_used(&g);
}

#[test]
fn players_may_decline_automatic_attacks_in_dice_combat() {
    // The orc attacks Ayla (1 1: no hit); she does not strike back.
    let mut g = game_with(CombatMode::Dice, Vec::new(), &[1, 1]);
    put_hero(&mut g, 0, p(6, 5), Side::N);
    let m = add_monster(&mut g, "orc-1", 20, p(5, 5), &[]);
    let said = ok(&mut g, "autoattacks off");
    assert_eq!(
        printed(&g, &said),
        "from now on the heroes hold back their automatic attacks"
    );
    let ev = rule(&mut g, |cx| {
        crate::mkd::play::combat::monster_attacks(cx, m, AYLA)
    })
    .1;
    assert_eq!(
        ev.last(),
        Some(&Event::HoldsBack {
            hero: AYLA,
            monster: m
        })
    );
    all_dice_used(&g);
    // In manual combat the setting is taken, and said to wait for dice.
    let mut g = game_with(CombatMode::Manual, Vec::new(), &[]);
    let said = ok(&mut g, "autoattacks on");
    assert_eq!(
        printed(&g, &said),
        "from now on the heroes make their automatic attacks (this matters in dice combat only; this game's combat is manual)"
    );
}

/// The heroes a monster can attack without moving, found without a walk,
/// are the candidates whose travel is 0, in the same order and with the
/// same spins: for random places and facings of two heroes, a monster
/// (now and then a shooter or a sneak) and three more monsters, the
/// monster often placed beside a hero so that both kinds of answer come up.
#[test]
fn the_heroes_at_hand_are_the_candidates_needing_no_travel() {
    let mut seed = 0x6a09_e667_f3bc_c909_u64;
    let mut next = move || xorshift(&mut seed);
    let (mut some, mut none) = (0, 0);
    for round in 0..500 {
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
        let open = open_squares(&g);
        let mut taken: Vec<Point> = Vec::new();
        let mut place = |r: u64, near: Option<Point>| {
            let pool: Vec<Point> = open
                .iter()
                .copied()
                .filter(|q| !taken.contains(q))
                .filter(|&q| near.is_none_or(|n| Board::adjacent(n, q)))
                .collect();
            let q = *pool.get(r as usize % pool.len().max(1))?;
            taken.push(q);
            Some(q)
        };
        let sides = [Side::N, Side::E, Side::S, Side::W];
        let h0 = place(next(), None).unwrap();
        put_hero(&mut g, 0, h0, sides[next() as usize % 4]);
        let h1 = place(next(), None).unwrap();
        put_hero(&mut g, 1, h1, sides[next() as usize % 4]);
        let near = [Some(h0), Some(h1), None][round % 3];
        let Some(mp) = place(next(), near).or_else(|| place(next(), None)) else {
            continue;
        };
        let abilities: &[Ability] = match round % 5 {
            0 => &[Ability::SneakAttack],
            _ => &[],
        };
        let m = add_monster(&mut g, "orc-1", 20, mp, abilities);
        g.monsters[m].facing = sides[next() as usize % 4];
        if round % 4 == 1 {
            g.monsters[m].stats.shoot = Some(crate::mkd::figures::Shoot { range: 3, dice: 1 });
        }
        for k in 0..3 {
            if let Some(q) = place(next(), None) {
                add_monster(&mut g, &format!("goblin-{k}"), 10, q, &[]);
            }
        }
        let s: &State = &g;
        let want: Vec<(HeroId, u32)> = candidates(s, m)
            .iter()
            .filter(|c| c.travel == 0)
            .map(|c| (c.who, c.spins))
            .collect();
        let got: Vec<(HeroId, u32)> = at_hand(s, m)
            .iter()
            .map(|c| {
                assert_eq!(c.travel, 0);
                (c.who, c.spins)
            })
            .collect();
        assert_eq!(got, want, "monster on {mp:?}, heroes on {h0:?} and {h1:?}");
        if want.is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(
        some > 100 && none > 100,
        "{some} with heroes at hand, {none} without"
    );
}
