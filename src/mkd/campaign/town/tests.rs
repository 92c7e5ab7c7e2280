//! The town phase's tests.

use super::*;
use crate::mkd::campaign::model::CurrentAdventure;
use crate::mkd::campaign::reward::default_rewards;
use crate::mkd::play::party::default_party;
use crate::mkd::play::result::ChestOut;
use crate::mkd::tables::default_tables;

/// Kestrel, Marrow, Brannoc, Sella; adventure 1 of a quest for 95 points.
fn campaign() -> Campaign {
    let mut c = Campaign::new("t", 1, &default_party());
    c.current = Some(CurrentAdventure {
        number: 1,
        folder: "adventure-1".into(),
        seed: 5,
        mission: "quest".into(),
        sets: 2,
        floors: 1,
        hero_value: 95,
        scenario: "adventure-1/scenario.yaml".into(),
        party: "adventure-1/party.yaml".into(),
        save: "adventure-1/game.save".into(),
        carried: Vec::new(),
    });
    c
}

fn result(outcome: Outcome, fallen: &[&str], xp: u32) -> AdventureResult {
    let all = ["Kestrel", "Marrow", "Brannoc", "Sella"];
    AdventureResult {
        outcome: Some(outcome),
        turn: 9,
        survivors: all
            .iter()
            .filter(|n| !fallen.contains(n))
            .map(|n| n.to_string())
            .collect(),
        fallen: fallen.iter().map(|n| n.to_string()).collect(),
        chests: Vec::new(),
        experience_earned: xp,
        experience_spent: 0,
    }
}

fn hero<'a>(c: &'a Campaign, n: &str) -> &'a crate::mkd::campaign::model::CampaignHero {
    c.heroes.iter().find(|h| h.name == n).unwrap()
}

#[test]
fn a_resurrected_hero_gets_no_kill_experience_but_shares_the_reward() {
    let mut c = campaign();
    c.gold = 1000;
    let orders = Orders {
        resurrect: vec!["Marrow".into()],
        train: false,
        ..Orders::default()
    };
    let out = run(
        &mut c,
        &result(Outcome::Won, &["Marrow"], 31),
        &orders,
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    // 31 kill experience among 3 survivors: 11, 10, 10 (the first gets the rest).
    // Reward 200 among 4 living heroes after resurrection: 50 each.
    assert_eq!(hero(&c, "Kestrel").experience, 11 + 50);
    assert_eq!(hero(&c, "Marrow").experience, 50);
    assert_eq!(hero(&c, "Brannoc").experience, 10 + 50);
    assert!(hero(&c, "Marrow").alive);
    // 1000 − 1000 for Marrow + 600 reward.
    assert_eq!(c.gold, 600);
    let pos = |s: &str| out.iter().position(|l| l.contains(s)).unwrap();
    assert!(pos("1. experience") < pos("2. Marrow is resurrected"));
    assert!(pos("2. Marrow") < pos("3. quest reward"));
    assert!(c.current.is_none());
    assert_eq!(c.history.len(), 1);
    assert_eq!(c.history[0].fallen, ["Marrow"]);
}

#[test]
fn resurrection_waits_for_the_gold_from_selling_and_then_misses_the_reward() {
    let mut c = campaign();
    c.gold = 300;
    c.items.push(OwnedItem {
        name: "rune blade".into(),
        speed: 0,
        attack: 3,
        defence: 1,
        abilities: vec![],
        potion: false,
        used: false,
        charged: true,
    });
    let orders = Orders {
        resurrect: vec!["sella".into()],
        sell: vec!["Rune Blade".into()],
        train: false,
        ..Orders::default()
    };
    let out = run(
        &mut c,
        &result(Outcome::Won, &["Sella"], 0),
        &orders,
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    // 300 + 600 reward = 900 < 1000 at step 2; + 400 from the blade at step 4.
    assert!(out.iter().any(|l| l.starts_with("2. Sella waits")));
    assert!(out.iter().any(|l| l == "4. sold rune blade for 400 gold"));
    assert!(out.iter().any(|l| l.starts_with("5. Sella is resurrected")));
    assert!(hero(&c, "Sella").alive);
    assert_eq!(
        hero(&c, "Sella").experience,
        0,
        "the reward came before her"
    );
    assert_eq!(hero(&c, "Kestrel").experience, 67);
    assert_eq!(c.gold, 300);
    assert!(c.items.is_empty());
}

/// The campaign with Marrow called Bramwell and Sella Þura, and the
/// result of a game in which `fallen` fell.
fn renamed(fallen: &[&str]) -> (Campaign, AdventureResult) {
    let mut c = campaign();
    c.heroes[1].name = "Bramwell".into();
    c.heroes[3].name = "Þura".into();
    let mut r = result(Outcome::Lost, &[], 0);
    r.survivors = c
        .heroes
        .iter()
        .map(|h| h.name.clone())
        .filter(|n| !fallen.contains(&n.as_str()))
        .collect();
    r.fallen = fallen.iter().map(|n| n.to_string()).collect();
    (c, r)
}

/// An order names a hero as the play prompt does: by an ASCII spelling
/// or a beginning no other hero's name shares, the order going to that
/// hero; a beginning two names share is refused as ambiguous, naming
/// both, and changes nothing.
#[test]
fn orders_name_a_hero_by_an_ascii_spelling_or_a_unique_beginning() {
    let (mut c, r) = renamed(&["Bramwell", "Þura"]);
    c.gold = 2000;
    let orders = Orders {
        resurrect: vec!["bram".into(), "Thura".into()],
        train: false,
        ..Orders::default()
    };
    let out = run(&mut c, &r, &orders, &default_tables(), &default_rewards()).unwrap();
    assert!(hero(&c, "Bramwell").alive && hero(&c, "Þura").alive);
    assert_eq!(c.gold, 0);
    assert!(
        out.iter()
            .any(|l| l == "2. Bramwell is resurrected for 1000 gold")
    );
    assert!(
        out.iter()
            .any(|l| l == "2. Þura is resurrected for 1000 gold")
    );
    // A whole name is its hero's even when it begins another's.
    let (mut c, r) = renamed(&["Bramwell"]);
    c.heroes[2].name = "Bram".into();
    let mut r = r;
    r.survivors = vec!["Kestrel".into(), "Bram".into(), "Þura".into()];
    let e = run(
        &mut c,
        &r,
        &Orders {
            resurrect: vec!["bram".into()],
            ..Orders::default()
        },
        &default_tables(),
        &default_rewards(),
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "--resurrect bram: Bram has not fallen");

    // An ability order by a beginning goes to its hero.
    let (mut c, r) = renamed(&[]);
    c.gold = 5000;
    let b = 1;
    c.heroes[b].level = 5;
    c.heroes[b].value = c.heroes[b].level_value();
    c.heroes[b].abilities.push("Stealth".into());
    c.heroes[b].experience = c.heroes[b].to_next();
    let orders = Orders {
        train: true,
        abilities: vec![
            ("BRAMW".into(), "stealth".into()),
            ("th".into(), "Stealth".into()),
        ],
        ..Orders::default()
    };
    let out = run(&mut c, &r, &orders, &default_tables(), &default_rewards()).unwrap();
    assert_eq!(hero(&c, "Bramwell").permanent, ["Stealth"]);
    assert!(
        out.iter().any(
            |l| l == "note: --ability Þura=Stealth was not needed: Þura gained no level past 5"
        ),
        "{out:?}"
    );

    // Ambiguous and unknown names: one error, nothing changed.
    let (mut c, r) = renamed(&["Bramwell"]);
    c.gold = 2000;
    let before = c.clone();
    for (orders, want) in [
        (
            Orders {
                resurrect: vec!["Bra".into()],
                ..Orders::default()
            },
            "--resurrect Bra: hero `Bra` is ambiguous: it begins Bramwell, Brannoc; type more of it",
        ),
        (
            Orders {
                abilities: vec![("b".into(), "Stealth".into())],
                ..Orders::default()
            },
            "--ability b=Stealth: hero `b` is ambiguous: it begins Bramwell, Brannoc; type more of it",
        ),
        (
            Orders {
                resurrect: vec!["Brx".into()],
                ..Orders::default()
            },
            "--resurrect Brx: no hero called `Brx` in the campaign (heroes: Kestrel, Bramwell, Brannoc, Þura)",
        ),
    ] {
        let e = run(&mut c, &r, &orders, &default_tables(), &default_rewards()).unwrap_err();
        assert_eq!(e.to_string(), want);
        assert_eq!(c, before);
    }
    assert_eq!(
        run(
            &mut c,
            &r,
            &Orders {
                resurrect: vec!["Bra".into()],
                ..Orders::default()
            },
            &default_tables(),
            &default_rewards(),
        ),
        Err(TownError::AmbiguousHero {
            order: "--resurrect Bra".into(),
            name: "Bra".into(),
            heroes: "Bramwell, Brannoc".into(),
        })
    );
}

#[test]
fn training_pays_gold_and_experience_and_resets_what_is_left() {
    let mut c = campaign();
    c.gold = 2000;
    // Brannoc: 25 points, needs 250 for level 2, then 300 for level 3.
    let b = c.heroes.iter().position(|h| h.name == "Brannoc").unwrap();
    c.heroes[b].experience = 600;
    run(
        &mut c,
        &result(Outcome::Lost, &[], 0),
        &Orders {
            train: true,
            ..Orders::default()
        },
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    let h = hero(&c, "Brannoc");
    assert_eq!((h.level, h.value, h.experience), (3, 35, 0));
    assert_eq!(c.gold, 1000);
}

#[test]
fn past_level_5_a_dial_ability_becomes_permanent_or_the_one_named() {
    let mut c = campaign();
    c.gold = 5000;
    for h in &mut c.heroes {
        h.level = 5;
        h.value = h.level_value();
    }
    let k = c.heroes.iter().position(|h| h.name == "Kestrel").unwrap();
    let m = c.heroes.iter().position(|h| h.name == "Marrow").unwrap();
    c.heroes[k].experience = c.heroes[k].to_next();
    c.heroes[m].experience = c.heroes[m].to_next();
    let orders = Orders {
        train: true,
        abilities: vec![("marrow".into(), "command".into())],
        ..Orders::default()
    };
    run(
        &mut c,
        &result(Outcome::Lost, &[], 0),
        &orders,
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    assert_eq!(hero(&c, "Kestrel").level, 6);
    assert_eq!(hero(&c, "Kestrel").permanent, ["Nimble"]);
    // Command is not on Marrow's dial, and Healing is not yet permanent.
    assert_eq!(hero(&c, "Marrow").permanent, ["Healing"]);
    // Kestrel's level-5 value is 45: level 6 is worth 45 × 6 × 2 / 10.
    assert_eq!(hero(&c, "Kestrel").value, 54);
    // Level 7: Marrow's only dial ability is permanent, so the skill
    // named is added for that level only, and goes at the next.
    let m = c.heroes.iter().position(|h| h.name == "Marrow").unwrap();
    c.heroes[m].experience = c.heroes[m].to_next();
    c.current = campaign().current;
    run(
        &mut c,
        &result(Outcome::Lost, &[], 0),
        &orders,
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    let marrow = hero(&c, "Marrow");
    assert_eq!((marrow.level, marrow.permanent.len()), (7, 1));
    assert_eq!(marrow.temporary, ["Command"]);
    assert!(
        c.adventure_party("x")
            .unwrap()
            .heroes()
            .any(|h| h.abilities.contains(&crate::mkd::figures::Ability::Command))
    );
}

/// A user's audit: trained from level 5 to 8 in one town phase, a hero
/// whose ability named off the dial was refused at level 6 (a dial ability
/// was still open) got nothing at levels 7 and 8, and was told to name one.
/// The named ability now carries on: added for each later level only.
#[test]
fn an_ability_named_carries_on_through_several_levels_in_one_town_phase() {
    let mut c = campaign();
    c.gold = 100_000;
    let k = c.heroes.iter().position(|h| h.name == "Kestrel").unwrap();
    let mut h = c.heroes[k].clone();
    h.level = 5;
    let mut xp = 0;
    for _ in 0..3 {
        xp += h.to_next();
        h.level += 1;
    }
    c.heroes[k].level = 5;
    c.heroes[k].value = c.heroes[k].level_value();
    c.heroes[k].experience = xp;
    let orders = Orders {
        train: true,
        abilities: vec![("kestrel".into(), "quickness".into())],
        ..Orders::default()
    };
    let out = run(
        &mut c,
        &result(Outcome::Lost, &[], 0),
        &orders,
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    let kestrel = hero(&c, "Kestrel");
    assert_eq!(kestrel.level, 8);
    assert_eq!(kestrel.permanent, ["Nimble"]);
    assert_eq!(kestrel.temporary, ["Quickness"]);
    let text = out.join("\n");
    assert!(
        text.contains("Quickness cannot be chosen while dial abilities are not all permanent, so Nimble becomes permanent"),
        "{text}"
    );
    assert_eq!(
        text.matches("every dial ability is permanent, so Quickness is added for this level only")
            .count(),
        2,
        "{text}"
    );
    assert!(!text.contains("name a skill for this level"), "{text}");
}

#[test]
fn items_lose_their_charge_unless_recharged_and_bad_orders_change_nothing() {
    let mut c = campaign();
    c.gold = 100;
    let mut r = result(Outcome::Lost, &[], 0);
    r.chests.push(ChestOut {
        id: "chest-2".into(),
        level: 2,
        quest: false,
        contents: Some((
            50,
            Some(Item {
                name: "ring mail".into(),
                speed: 0,
                attack: 0,
                defence: 1,
                abilities: vec![],
                potion: false,
            }),
        )),
        origin: ChestOrigin::Dungeon,
        full: false,
    });
    let before = c.clone();
    let bad = Orders {
        sell: vec!["crown".into()],
        ..Orders::default()
    };
    let e = run(&mut c, &r, &bad, &default_tables(), &default_rewards()).unwrap_err();
    assert_eq!(
        e,
        TownError::NoItem {
            order: "--sell crown".into(),
            what: "(more) item of that name",
        }
    );
    assert_eq!(
        e.to_string(),
        "--sell crown: the party owns no (more) item of that name"
    );
    assert_eq!(c, before);
    let orders = Orders {
        recharge: vec!["all".into()],
        ..Orders::default()
    };
    run(&mut c, &r, &orders, &default_tables(), &default_rewards()).unwrap();
    // 100 + 50 found − 100 to recharge ring mail (worth 200).
    assert_eq!(c.gold, 50);
    assert!(c.items[0].charged);
    assert_eq!(c.history[0].gold_found, 50);
}

#[test]
fn a_potion_found_in_the_dungeon_comes_back_drunk_and_cannot_be_sold() {
    let potion = |name: &str| Item {
        name: name.into(),
        speed: 2,
        attack: 0,
        defence: 0,
        abilities: vec![],
        potion: true,
    };
    let chest = |id: &str, contents| ChestOut {
        id: id.into(),
        level: 1,
        quest: false,
        contents,
        origin: ChestOrigin::Dungeon,
        full: false,
    };
    let mut c = campaign();
    let mut r = result(Outcome::Lost, &[], 0);
    // Opened in the dungeon: its potion was drunk by the opener.
    r.chests
        .push(chest("chest-1", Some((0, Some(potion("swift draught"))))));
    let before = c.clone();
    let sell = Orders {
        sell: vec!["swift draught".into()],
        ..Orders::default()
    };
    let e = run(&mut c, &r, &sell, &default_tables(), &default_rewards()).unwrap_err();
    assert_eq!(e, TownError::UsedPotion("swift draught".into()));
    assert_eq!(c, before);
    run(
        &mut c,
        &r,
        &Orders::default(),
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    assert!(c.items[0].used && !c.items[0].charged);
}

#[test]
fn a_game_played_with_another_party_is_refused() {
    let mut c = campaign();
    let mut r = result(Outcome::Won, &[], 0);
    r.survivors.retain(|n| n != "Sella");
    let e = run(
        &mut c,
        &r,
        &Orders::default(),
        &default_tables(),
        &default_rewards(),
    )
    .unwrap_err();
    assert!(
        matches!(&e, TownError::PlayedWithout { hero, .. } if hero == "Sella"),
        "{e}"
    );
    assert!(c.current.is_some());
}

#[test]
fn a_game_not_over_is_refused() {
    let mut c = campaign();
    let mut r = result(Outcome::Won, &[], 0);
    r.outcome = None;
    let e = run(
        &mut c,
        &r,
        &Orders::default(),
        &default_tables(),
        &default_rewards(),
    )
    .unwrap_err();
    assert_eq!(e, TownError::NotOver);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    /// Whatever happened in the dungeon: every point of experience and
    /// every gold piece is accounted for.
    #[test]
    fn experience_and_gold_are_conserved(
        won in proptest::bool::ANY,
        fallen_mask in 0u8..16,
        earned in 0u32..2000,
        spent_part in 0u32..100,
        gold in 0u32..5000,
        chest_gold in 0u32..600,
        raise in proptest::bool::ANY,
        train in proptest::bool::ANY,
    ) {
        // A won game has someone who carried the goal out.
        proptest::prop_assume!(!(won && fallen_mask == 15));
        let names = ["Kestrel", "Marrow", "Brannoc", "Sella"];
        let fallen: Vec<&str> = (0..4).filter(|i| fallen_mask & (1 << i) != 0).map(|i| names[i]).collect();
        let mut r = result(if won { Outcome::Won } else { Outcome::Lost }, &fallen, earned);
        r.experience_spent = earned * spent_part / 100;
        r.chests.push(ChestOut { id: "chest-1".into(), level: 1, quest: false, contents: Some((chest_gold, None)), origin: ChestOrigin::Dungeon, full: false });
        let mut c = campaign();
        c.gold = gold;
        let orders = Orders {
            resurrect: if raise { fallen.iter().map(|s| s.to_string()).collect() } else { Vec::new() },
            train,
            ..Orders::default()
        };
        let before = c.clone();
        run(&mut c, &r, &orders, &default_tables(), &default_rewards()).unwrap();
        let rec = &c.history[0];
        let shared: u32 = rec.experience.iter().map(|s| s.experience).sum();
        let kills = if fallen.len() < 4 { earned - r.experience_spent } else { 0 };
        let reward = rec.reward.map_or(0, |w| w.experience);
        proptest::prop_assert_eq!(shared, kills + reward);
        let raised = c.heroes.iter().filter(|h| h.alive).count() + fallen.len() - 4;
        let levels: u32 = c.heroes.iter().zip(&before.heroes).map(|(a, b)| a.level - b.level).sum();
        proptest::prop_assert_eq!(
            i64::from(c.gold),
            i64::from(gold) + i64::from(chest_gold) + i64::from(rec.reward.map_or(0, |w| w.gold))
                - 1000 * raised as i64 - 500 * i64::from(levels)
        );
        for h in &c.heroes {
            proptest::prop_assert_eq!(h.value, h.level_value());
            proptest::prop_assert!(fallen.contains(&h.name.as_str()) || h.alive);
        }
    }
}

fn owned(name: &str, potion: bool) -> OwnedItem {
    OwnedItem {
        name: name.into(),
        speed: 1,
        attack: 0,
        defence: 0,
        abilities: vec![],
        potion,
        used: false,
        charged: true,
    }
}

#[test]
fn the_charged_items_go_in_one_to_a_hero_and_the_engine_names_their_chests_alike() {
    let mut c = campaign();
    c.items = (1..=10)
        .map(|i| owned(&format!("item{i}"), false))
        .collect();
    // Neither an uncharged item nor a drunk potion goes in.
    c.items[0].charged = false;
    c.items[1].potion = true;
    c.items[1].used = true;
    let plan = c.carry_plan();
    // Eight of the other eight go in, two a hero, round the party.
    let heroes: Vec<usize> = plan.iter().map(|&(_, h)| h).collect();
    assert_eq!(heroes, [0, 1, 2, 3, 0, 1, 2, 3]);
    assert_eq!(plan.first().map(|p| p.0), Some(2));
    let party = c.adventure_party("t").expect("heroes alive");
    // The party file `campaign next` writes reads back the same.
    let file = crate::mkd::campaign::model::party_yaml(&party, "adventure 1");
    let again = crate::mkd::play::party::parse(&file, "party.yaml").unwrap();
    assert_eq!(again, party);
    assert_eq!(party.heroes().map(|h| h.chests.len()).sum::<usize>(), 8);
    let carried = c.take_carried(&party);
    assert_eq!(carried.len(), 8);
    assert_eq!(c.items.len(), 2, "the two that cannot go in stay in town");
    // The engine sets up the same chests under the same names.
    let g = crate::mkd::play::state::State::new(
        std::sync::Arc::new(crate::mkd::play::testkit::scenario(Vec::new())),
        std::sync::Arc::new(party),
        std::sync::Arc::new(default_tables()),
        crate::mkd::play::state::GameOptions {
            seed: 1,
            combat: crate::mkd::play::state::CombatMode::Manual,
        },
    );
    for it in &carried {
        let chest = g.chests.iter().find(|ch| ch.id == it.chest).unwrap();
        let crate::mkd::play::state::ChestPlace::Hero(h) = chest.place else {
            panic!("{} is carried", it.chest)
        };
        assert_eq!(&*g.heroes[h].name, it.hero.as_str());
        assert_eq!(chest.contents, Some((0, Some(it.item.item()))));
    }
    assert_eq!(carried[0].chest, "town-1");
    assert_eq!(
        (carried[0].hero.as_str(), carried[1].hero.as_str()),
        ("Kestrel", "Kestrel")
    );
}

#[test]
fn items_carried_in_come_back_in_their_chests_or_are_lost_with_them() {
    let mut c = campaign();
    c.items = vec![
        owned("honed blade", false),
        owned("swift draught", true),
        owned("ring mail", false),
        owned("elixir", true),
    ];
    let party = c.adventure_party("t").expect("heroes alive");
    let carried = c.take_carried(&party);
    let names: Vec<(&str, &str)> = carried
        .iter()
        .map(|i| (i.chest.as_str(), i.item.name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("town-1", "honed blade"),
            ("town-2", "swift draught"),
            ("town-3", "ring mail"),
            ("town-4", "elixir")
        ]
    );
    c.current.as_mut().unwrap().carried = carried.clone();
    let mut r = result(Outcome::Won, &[], 0);
    let out = |i: usize, full: bool| ChestOut {
        id: carried[i].chest.clone(),
        level: 1,
        quest: false,
        contents: Some((0, Some(carried[i].item.item()))),
        origin: ChestOrigin::Town,
        full,
    };
    // The ring mail was stolen; the draught came back undrunk, the
    // elixir drunk.
    r.chests = vec![out(0, false), out(1, true), out(3, false)];
    let lines = run(
        &mut c,
        &r,
        &Orders::default(),
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    let back: Vec<(&str, bool, bool)> = c
        .items
        .iter()
        .map(|i| (i.name.as_str(), i.used, i.charged))
        .collect();
    assert_eq!(
        back,
        [
            ("honed blade", false, false),
            ("swift draught", false, false),
            ("elixir", true, false)
        ]
    );
    assert!(
        lines.iter().any(|l| l
            == "town-3 did not come out of the dungeon: the ring mail Brannoc carried in is lost")
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "town-4 comes back with the elixir (drunk)")
    );
    // No gold came with them, and none is counted as found.
    assert_eq!(c.history[0].chests.len(), 0);
}

#[test]
fn an_artifact_carried_out_brings_nothing_home() {
    let mut c = campaign();
    let mut r = result(Outcome::Won, &[], 0);
    let brand = default_tables()
        .artifacts
        .expect("artifacts")
        .get(3)
        .result
        .clone();
    r.chests = vec![ChestOut {
        id: "artifact-1".into(),
        level: 1,
        quest: false,
        contents: Some((0, Some(brand))),
        origin: ChestOrigin::Artifact,
        full: false,
    }];
    let lines = run(
        &mut c,
        &r,
        &Orders::default(),
        &default_tables(),
        &default_rewards(),
    )
    .unwrap();
    assert!(lines.iter().any(|l| l
        == "artifact-1 comes out with the ember brand: its powers leave it in town, and an artifact cannot be sold"));
    // No item to keep or sell, no gold, no chest on the record.
    assert!(c.items.iter().all(|i| i.name != "ember brand"));
    assert_eq!(c.history[0].chests.len(), 0);
}
