//! Spells and casting (L484-511).

use super::*;
use crate::dw10::play::state::FeatureId;

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
fn hold_portal_reaches_a_door_through_a_staircase_as_one_square() {
    // Seed 7: the red staircase joins 17,9 and 27,13; the secret door on
    // the west edge of 26,14 (found here) is beside the far end, 9 squares
    // off in a straight line but 2 through the staircase (L324-326).
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    g.s.heroes[0].body.at = Some((17, 9));
    g.s.heroes[0].magic.spells = vec![Ability::HoldPortal];
    let door = FeatureId(1);
    assert_eq!(
        (g.s.feature(door).x, g.s.feature(door).y),
        (26, 14),
        "the seed-7 scenario changed"
    );
    g.s.found[1] = true;
    assert_eq!(state::range((17, 9), (26, 14)), 9);
    g.script_dice(&[4]);
    let ev = play(&mut g, "cast Kestrel hold-portal at 26,14").unwrap();
    assert_eq!(g.dice_left(), 0);
    assert_eq!(
        ev,
        vec![
            Event::Cast {
                hero: HeroId(0),
                spell: Ability::HoldPortal
            },
            Event::Held {
                door,
                face: 4,
                holds: true
            }
        ]
    );
    // Off the staircase, the straight 9 squares are out of range.
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    g.s.heroes[0].body.at = Some((16, 9));
    g.s.heroes[0].magic.spells = vec![Ability::HoldPortal];
    g.s.found[1] = true;
    let e = play(&mut g, "cast Kestrel hold-portal at 26,14").unwrap_err();
    assert!(e.to_string().contains("within 4 squares"), "{e}");
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
    // Kept by name for a campaign: the shop will not sell it again.
    assert_eq!(
        k.s.hero(HeroId(0)).magic.found,
        [party::PowerUp::MagicPowerUp]
    );
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

// Bookcases and tomes on pedestals teach the spell the player chooses
// (L407-409, L422-423).

#[test]
fn a_bookcase_teaches_the_spell_named_kept_on_four_to_six() {
    let mut k = kit(
        ROOM,
        vec![furnishing("bookcase", 2, 1), furnishing("bookcase", 2, 2)],
        &[("Tracker", (1, 1))],
        &[],
    );
    let ev = k.run(&[4], |c| {
        dungeon::explore(c, HeroId(0), FeatureId(0), Some(Ability::Shield))
    });
    assert_eq!(
        ev,
        vec![
            Event::Explored {
                hero: HeroId(0),
                feature: FeatureId(0),
                face: None,
            },
            Event::Studied {
                hero: HeroId(0),
                spell: Ability::Shield,
                face: 4,
                need: 4,
            },
        ]
    );
    assert!(k.s.knows(HeroId(0), Ability::Shield));
    assert!(k.s.gone[0]);
    // A 3 keeps nothing, and the bookcase is still used up.
    let ev = k.run(&[3], |c| {
        dungeon::explore(c, HeroId(0), FeatureId(1), Some(Ability::HoldPortal))
    });
    assert!(ev.contains(&Event::Studied {
        hero: HeroId(0),
        spell: Ability::HoldPortal,
        face: 3,
        need: 4,
    }));
    assert!(!k.s.knows(HeroId(0), Ability::HoldPortal));
    assert!(k.s.gone[1]);
}

#[test]
fn a_tome_on_a_pedestal_keeps_the_spell_named_only_on_five_or_six() {
    let mut k = kit(
        ROOM,
        vec![
            furnishing("tome-on-pedestal", 2, 1),
            furnishing("tome-on-pedestal", 2, 2),
        ],
        &[("Tracker", (1, 1))],
        &[],
    );
    let ev = k.run(&[4], |c| {
        dungeon::explore(c, HeroId(0), FeatureId(0), Some(Ability::FingerOfDeath))
    });
    assert!(ev.contains(&Event::Studied {
        hero: HeroId(0),
        spell: Ability::FingerOfDeath,
        face: 4,
        need: 5,
    }));
    assert!(!k.s.knows(HeroId(0), Ability::FingerOfDeath));
    k.run(&[5], |c| {
        dungeon::explore(c, HeroId(0), FeatureId(1), Some(Ability::FingerOfDeath))
    });
    assert!(k.s.knows(HeroId(0), Ability::FingerOfDeath));
}

/// Seed 7's game in the heroes' Mover's Action Phase, with a bookcase
/// and a crate of skulls beside Kestrel.
fn seed7_with_bookcase() -> (engine::Game, FeatureId, FeatureId) {
    let mut g = seed7_game();
    g.s.phase = Phase::HeroesAct;
    let around = |p: Sq| (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| (p.0 + dx, p.1 + dy)));
    let free = |g: &engine::Game, p: Sq| {
        g.map.board.standable(p.0, p.1)
            && !g.s.occupied(p)
            && !g.s.features.iter().any(|f| (f.x, f.y) == p)
    };
    // The first floor square of the map with floor east and west of it
    // and no figure or piece around it.
    let at = (0..g.map.board.height)
        .flat_map(|y| (0..g.map.board.width).map(move |x| (x, y)))
        .find(|p| {
            [*p, (p.0 - 1, p.1), (p.0 + 1, p.1)]
                .iter()
                .all(|q| free(&g, *q))
                && around(*p)
                    .all(|q| !g.s.occupied(q) && !g.s.features.iter().any(|f| (f.x, f.y) == q))
        })
        .unwrap();
    g.s.heroes[0].body.at = Some(at);
    let book = g.s.add_feature(furnishing("bookcase", at.0 + 1, at.1));
    let crate_ =
        g.s.add_feature(furnishing("crate-of-skulls", at.0 - 1, at.1));
    (g, book, crate_)
}

#[test]
fn explore_names_the_spell_a_bookcase_teaches_and_refuses_what_it_cannot() {
    let (mut g, book, _) = seed7_with_bookcase();
    // The bookcase comes before the crate (explore takes the first piece
    // beside the hero); a word that is no spell, or a spell known, is
    // refused before anything is rolled.
    assert!(matches!(
        play(&mut g, "explore Kestrel fireball"),
        Err(refusal::Refusal::Parse(m)) if m.contains("`fireball` is not a spell")
    ));
    g.s.heroes[0].magic.spells.push(Ability::Shield);
    assert!(matches!(
        play(&mut g, "explore Kestrel shield"),
        Err(refusal::Refusal::Rule(m)) if m.contains("knows shield already")
    ));
    g.script_dice(&[6]);
    let ev = play(&mut g, "explore Kestrel hold-portal").unwrap();
    assert!(ev.contains(&Event::Studied {
        hero: HeroId(0),
        spell: Ability::HoldPortal,
        face: 6,
        need: 4,
    }));
    assert!(g.s.knows(HeroId(0), Ability::HoldPortal));
    assert!(g.s.gone[book.0 as usize]);
    assert_eq!(g.dice_left(), 0);
    // The crate of skulls teaches nothing: a spell named there is refused.
    g.s.heroes[0].mp = 5;
    assert!(matches!(
        play(&mut g, "explore Kestrel resurrection"),
        Err(refusal::Refusal::Rule(m)) if m.contains("only a bookcase or a tome")
    ));
}

#[test]
fn explore_without_a_spell_takes_the_first_of_the_study_order_not_known() {
    let (mut g, _, _) = seed7_with_bookcase();
    // Resurrection comes first; a hero who knows it takes Finger of Death.
    g.s.heroes[0].magic.spells.push(Ability::Resurrection);
    g.script_dice(&[2]);
    let ev = play(&mut g, "explore Kestrel").unwrap();
    assert!(ev.contains(&Event::Studied {
        hero: HeroId(0),
        spell: Ability::FingerOfDeath,
        face: 2,
        need: 4,
    }));
    assert!(!g.s.knows(HeroId(0), Ability::FingerOfDeath));
    // A hero who knows every spell has nothing to study.
    let (mut g, _, _) = seed7_with_bookcase();
    g.s.heroes[0].magic.spells = crate::dw10::figures::SPELLS.to_vec();
    assert!(matches!(
        play(&mut g, "explore Kestrel"),
        Err(refusal::Refusal::Rule(m)) if m.contains("knows every spell")
    ));
}
