//! The campaign between games: what a settled game keeps or loses, the
//! shop, the campaign file (`dw10::campaign`), on the seed-7 scenario and
//! the embedded party, shop and tables.

use super::*;
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::dungeon::take_item;
use crate::dw10::play::engine::{Game, PlayOptions};
use crate::dw10::play::state::{HeroId, Item, Phase, Who};
use std::sync::Arc;

fn figures() -> Figures {
    crate::dw10::figures::embedded()
}

fn start() -> PartyFile {
    crate::core::yaml::parse(party::DEFAULT_YAML, "party").unwrap()
}

fn campaign() -> Campaign {
    let mut c = Campaign::new("Deep", 3, &start(), "test");
    c.current = Some(CurrentGame {
        number: 1,
        attempt: 1,
        folder: "scenario-1".into(),
        seed: 11,
        play_seed: 12,
        scenario: "scenario-1/scenario.yaml".into(),
        party: "scenario-1/party-1.yaml".into(),
        save: "scenario-1/game-1.save".into(),
    });
    c
}

/// A game of the campaign's party on the seed-7 scenario, ended as
/// `outcome` with `gold` in the purse; Kestrel gained a melee die (as a
/// wizard's table gives), a spell and a potion.
fn ended(c: &Campaign, outcome: Outcome, gold: u32) -> (State, String) {
    ended_after(c, outcome, gold, &[], |_| {})
}

/// As [`ended`], with `play` run on the game (the dice scripted with
/// `faces`) before it ends.
fn ended_after(
    c: &Campaign,
    outcome: Outcome,
    gold: u32,
    faces: &[u32],
    play: impl FnOnce(&mut Ctx),
) -> (State, String) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/dw10/seed-7/scenario.yaml"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let sc: crate::dw10::Scenario = crate::scenario::from_yaml(&text, path).unwrap();
    let figures = Arc::new(figures());
    let party_text = c.party_file().to_yaml().unwrap();
    let party = party::parse(&party_text, "party", &figures).unwrap();
    let (mut g, _) = Game::new(
        Arc::new(sc),
        PlayOptions {
            seed: 1,
            party,
            figures: figures.clone(),
            tables: Arc::new(crate::dw10::tables::embedded()),
            collection: crate::dw10::play::spawn::default_collection(&figures),
            scaled_down: false,
            policy: Default::default(),
            log: false,
        },
    );
    let k = &mut g.s.heroes[0];
    k.body.fig.attacks += 1;
    k.magic.spells.push(Ability::Shield);
    k.items.push(Item::HealthPotion);
    g.s.gold = gold;
    g.s.vp = 2;
    let (tables, mut dice, mut ev) = (
        crate::dw10::tables::embedded(),
        Dice::scripted(faces),
        Vec::new(),
    );
    play(&mut Ctx {
        s: &mut g.s,
        map: &g.map,
        dice: &mut dice,
        ev: &mut ev,
        tables: &tables,
        figures: &figures,
    });
    assert_eq!(dice.script_left(), 0, "unused faces");
    g.s.phase = Phase::Over(outcome);
    (g.s, party_text)
}

#[test]
fn the_embedded_shop_loads_and_sells_the_texts_price_list() {
    let shop = Shop::embedded();
    let price = |n: &str| shop.good(n).map(|g| g.price);
    // L633-645: potions 50 and 100, the old shop's skills and the
    // spells 1,000, any other skill 2,000.
    assert_eq!(price("potion"), Some(50));
    assert_eq!(price("major-potion"), Some(100));
    for n in [
        "trap",
        "swift-mover",
        "charge-attack",
        "ranged-power-up",
        "weapon-power-up",
        "finger-of-death",
        "magic-power-up",
    ] {
        assert_eq!(price(n), Some(1000), "{n}");
    }
    assert_eq!(price("stealth"), Some(2000));
    assert_eq!(price("fly"), None, "monsters' own abilities are not sold");
}

#[test]
fn a_bad_shop_file_is_one_error_naming_the_key() {
    let bad = SHOP_YAML.replace("name: trap,", "name: tarp,");
    let e = Shop::parse(&bad, "shop.yaml").unwrap_err();
    assert!(e.location.starts_with("goods["), "{e}");
    let twice = SHOP_YAML.replace("name: swift-mover,", "name: trap,");
    assert!(Shop::parse(&twice, "shop.yaml").is_err());
}

#[test]
fn a_won_game_keeps_gold_gains_and_pack_and_moves_on() {
    let mut c = campaign();
    let (s, party_text) = ended(&c, Outcome::HeroesWin, 600);
    let lines = c.settle(&s, &party_text, &figures()).unwrap();
    assert_eq!(c.gold, 600);
    let k = &c.heroes[0];
    assert_eq!(k.melee_bonus, 1);
    assert_eq!(k.spells, vec!["shield".to_string()]);
    assert_eq!(k.items, vec!["potion".to_string()]);
    assert_eq!(c.done, 1);
    assert_eq!(c.next_game(), (2, 1));
    assert!(c.current.is_none());
    assert_eq!(c.history[0].end, GameEnd::Won);
    assert_eq!(c.history[0].kills, 2);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Kestrel keeps +1 melee die, shield"))
    );
    // The next game's party file gives Kestrel the bonus in play.
    let p = party::parse(&c.party_file().to_yaml().unwrap(), "p", &figures()).unwrap();
    let base = base_figure(&figures(), "Tracker").unwrap().clone();
    assert_eq!(p.heroes[0].1.attacks, base.attacks + 1);
    assert_eq!(p.kept[0].spells, vec![Ability::Shield]);
    assert_eq!(p.items[0], vec![Item::HealthPotion]);
    assert_eq!(p.gold, 600);
}

#[test]
fn an_escape_keeps_everything_but_plays_the_scenario_again() {
    let mut c = campaign();
    let (s, party_text) = ended(&c, Outcome::Escaped, 125);
    c.settle(&s, &party_text, &figures()).unwrap();
    assert_eq!(c.gold, 125);
    assert_eq!(c.heroes[0].melee_bonus, 1);
    assert_eq!(c.done, 0);
    assert_eq!(c.next_game(), (1, 2));
}

#[test]
fn a_lost_game_takes_everything_and_plays_the_scenario_again() {
    let mut c = campaign();
    // An earlier win left gold, a bought skill and a bonus.
    c.gold = 2000;
    c.heroes[1].melee_bonus = 1;
    let mut dice = Dice::scripted(&[]);
    c.buy(
        "Marrow",
        "trap",
        &Shop::embedded(),
        &crate::dw10::tables::embedded(),
        &figures(),
        &mut dice,
    )
    .unwrap();
    let (s, party_text) = ended(&c, Outcome::DmWins, 900);
    let lines = c.settle(&s, &party_text, &figures()).unwrap();
    assert_eq!(c.gold, 0);
    assert_eq!(c.heroes, start().heroes);
    assert!(
        c.bought.is_empty(),
        "bought skills are lost too, and may be bought again"
    );
    assert_eq!(c.next_game(), (1, 2));
    assert!(lines[1].contains("everything gained is lost"));
}

#[test]
fn a_game_not_over_or_of_another_party_is_refused() {
    let mut c = campaign();
    let (mut s, party_text) = ended(&c, Outcome::HeroesWin, 0);
    let before = c.clone();
    let other = party_text.replace("Kestrel", "Kes");
    assert!(matches!(
        c.settle(&s, &other, &figures()),
        Err(CampaignError::OtherParty { .. })
    ));
    s.phase = Phase::HeroesAct;
    assert_eq!(
        c.settle(&s, &party_text, &figures()),
        Err(CampaignError::NotOver)
    );
    assert_eq!(c, before, "a refused step changes nothing");
}

#[test]
fn buying_spends_gold_once_per_skill_and_refuses_what_cannot_be() {
    let shop = Shop::embedded();
    let tables = crate::dw10::tables::embedded();
    let mut c = campaign();
    c.gold = 1200;
    let mut dice = Dice::scripted(&[]);
    let l = c
        .buy("sella", "potion", &shop, &tables, &figures(), &mut dice)
        .unwrap();
    assert_eq!(l, "Sella buys potion for 50 gold; 1150 left");
    // A good's name in any case, as heroes' names are.
    let l = c
        .buy("Sella", "Potion", &shop, &tables, &figures(), &mut dice)
        .unwrap();
    assert_eq!(l, "Sella buys potion for 50 gold; 1100 left");
    assert_eq!(c.heroes[3].items, vec!["potion", "potion"]);
    c.buy(
        "Sella",
        "ranged-power-up",
        &shop,
        &tables,
        &figures(),
        &mut dice,
    )
    .unwrap();
    assert_eq!(c.heroes[3].power_ups, vec![PowerUp::RangedPowerUp]);
    let p = party::parse(&c.party_file().to_yaml().unwrap(), "p", &figures()).unwrap();
    let elf = base_figure(&figures(), "Wood Elf").unwrap().clone();
    let (b, a) = (elf.shoot.unwrap(), p.heroes[3].1.shoot.unwrap());
    assert_eq!((a.dice, a.range), (b.dice + 2, b.range + 1));
    assert_eq!(c.gold, 100);
    c.gold = 5000;
    c.buy("Kestrel", "stealth", &shop, &tables, &figures(), &mut dice)
        .unwrap();
    assert_eq!(c.gold, 3000);
    // Refusals: each names why, and spends nothing. Marrow's stat block
    // (Field Medic) comes with Stealth.
    let owned = "and a hero buys no skill, spell or power up it has";
    for (hero, good, why) in [
        (
            "Sella",
            "ranged-power-up",
            &*format!(
                "Sella has ranged-power-up already (bought at an earlier visit to the shop), {owned}"
            ),
        ),
        (
            "Kestrel",
            "stealth",
            &format!(
                "Kestrel has stealth already (bought at an earlier visit to the shop), {owned}"
            ),
        ),
        (
            "Marrow",
            "stealth",
            &format!("Marrow has stealth already (every Field Medic has it), {owned}"),
        ),
        ("Nobody", "potion", "no hero of the campaign"),
        ("Kestrel", "fly", "the shop sells no"),
    ] {
        let e = c
            .buy(hero, good, &shop, &tables, &figures(), &mut dice)
            .unwrap_err();
        assert!(e.to_string().contains(why), "{hero} {good}: {e}");
        assert_eq!(c.gold, 3000);
    }
    // A familiar goes on the hero's line; one a hero.
    let gold = c.gold;
    c.gold += 3000;
    let line = c
        .buy(
            "Kestrel",
            "flying-familiar",
            &shop,
            &tables,
            &figures(),
            &mut dice,
        )
        .unwrap();
    assert!(
        line.starts_with("Kestrel buys flying-familiar for 3000 gold"),
        "{line}"
    );
    assert_eq!(c.heroes[0].familiar, Some(FamiliarKind::Flyer));
    assert_eq!(c.gold, gold);
    c.gold += 2500;
    let e = c
        .buy("Kestrel", "familiar", &shop, &tables, &figures(), &mut dice)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Kestrel has a familiar already; a hero keeps one"
    );
    c.buy("Marrow", "familiar", &shop, &tables, &figures(), &mut dice)
        .unwrap();
    assert_eq!(c.heroes[1].familiar, Some(FamiliarKind::Walker));
    assert!(
        c.party_file()
            .to_yaml()
            .unwrap()
            .contains("familiar: walker")
    );
    c.gold = 40;
    let e = c
        .buy("Kestrel", "potion", &shop, &tables, &figures(), &mut dice)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Kestrel cannot buy potion for 50 gold: the party has 40"
    );
}

/// A purchase names its hero as the play prompt does: by a beginning
/// no other hero's name shares, the good going on that hero's line and
/// the purchase kept under the hero's own name; a beginning two names
/// share is refused as ambiguous, naming both, and spends nothing.
#[test]
fn a_purchase_names_its_hero_by_a_unique_beginning_and_never_guesses() {
    let shop = Shop::embedded();
    let tables = crate::dw10::tables::embedded();
    let mut c = campaign();
    // Kestrel, Bramwell, Brannoc, Sella.
    c.heroes[1].name = "Bramwell".into();
    c.gold = 2000;
    let mut dice = Dice::scripted(&[]);
    let before = c.clone();
    for typed in ["Bra", "br", "B"] {
        let e = c
            .buy(typed, "trap", &shop, &tables, &figures(), &mut dice)
            .unwrap_err();
        assert_eq!(
            e,
            CampaignError::AmbiguousHero {
                name: typed.into(),
                heroes: "Bramwell, Brannoc".into(),
            }
        );
        assert_eq!(
            e.to_string(),
            format!("hero `{typed}` is ambiguous: it begins Bramwell, Brannoc; type more of it")
        );
    }
    let e = c
        .buy("Brx", "trap", &shop, &tables, &figures(), &mut dice)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "no hero of the campaign is called Brx; the heroes are Kestrel, Bramwell, Brannoc, Sella"
    );
    assert_eq!(c, before, "a refused purchase changes nothing");
    let l = c
        .buy("bram", "trap", &shop, &tables, &figures(), &mut dice)
        .unwrap();
    assert_eq!(l, "Bramwell buys trap for 1000 gold; 1000 left");
    assert_eq!(c.heroes[1].abilities, ["trap"]);
    assert_eq!(
        c.bought,
        [Purchase {
            hero: "Bramwell".into(),
            good: "trap".into(),
        }]
    );
    assert!(c.to_yaml().unwrap().contains("hero: Bramwell"));
    let l = c
        .buy("BRANN", "potion", &shop, &tables, &figures(), &mut dice)
        .unwrap();
    assert_eq!(l, "Brannoc buys potion for 50 gold; 950 left");
    assert_eq!(c.heroes[2].items, ["potion"]);
    // Bought once: the beginning finds the purchase made by the name.
    c.gold = 2000;
    let e = c
        .buy("Bramw", "trap", &shop, &tables, &figures(), &mut dice)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Bramwell has trap already (bought at an earlier visit to the shop), and a hero buys no skill, spell or power up it has"
    );
}

#[test]
fn a_magic_power_up_rolls_its_spell_on_the_table() {
    let shop = Shop::embedded();
    let tables = crate::dw10::tables::embedded();
    let mut c = campaign();
    c.gold = 1000;
    // d6 5 on the spell table: Finger of Death (L499-505).
    let mut dice = Dice::scripted(&[5]);
    let l = c
        .buy(
            "Marrow",
            "magic-power-up",
            &shop,
            &tables,
            &figures(),
            &mut dice,
        )
        .unwrap();
    assert_eq!(
        l,
        "Marrow buys magic-power-up (d6 5: learns finger-of-death) for 1000 gold; 0 left"
    );
    assert_eq!(c.heroes[1].spells, vec!["finger-of-death"]);
    assert_eq!(c.heroes[1].power_ups, vec![PowerUp::MagicPowerUp]);
    assert_eq!(dice.script_left(), 0);
}

#[test]
fn the_campaign_file_reads_back_and_a_broken_one_names_its_key() {
    let mut c = campaign();
    c.gold = 75;
    c.heroes[0].items.push("potion".into());
    let text = c.to_yaml().unwrap();
    assert_eq!(Campaign::parse(&text, "c.yaml", &figures()).unwrap(), c);
    let bad = text.replacen("figure: Field Medic}", "figure: Field Medik}", 1);
    let e = Campaign::parse(&bad, "c.yaml", &figures()).unwrap_err();
    assert_eq!(e.location, "heroes: ");
    let bad = text.replace("items: [potion]", "items: [elixir]");
    assert!(Campaign::parse(&bad, "c.yaml", &figures()).is_err());
}

/// The town line names every lasting gain: the squares of range as well
/// as the dice (a user's audit: a hero whose range grew was told only of
/// its ranged dice), each count with its own word.
#[test]
fn the_town_line_names_a_gained_range_beside_the_dice() {
    let before = HeroLine::plain("Sella", "Wood Elf");
    let mut after = before.clone();
    after.ranged_bonus = 2;
    after.range_bonus = 1;
    assert_eq!(gains(&before, &after), ["+2 ranged dice", "+1 range"]);
    after.melee_bonus = 2;
    after.ranged_bonus = 1;
    assert_eq!(
        gains(&before, &after),
        ["+2 melee dice", "+1 ranged die", "+1 range"]
    );
    assert!(gains(&after, &after).is_empty());
}

/// A power up a hero found in play stays on its line by name after a won
/// game (a user's audit: it was kept only as dice, so the shop sold the
/// same power up to the hero again, against L586-587): the shop refuses
/// it to that hero, the next game's stats count it once, and the town
/// line names it with what it gives.
#[test]
fn a_power_up_found_in_play_is_kept_by_name_and_not_sold_again() {
    let mut c = campaign();
    // d6 5 on the spell table: Marrow learns Finger of Death.
    let (s, party_text) = ended_after(&c, Outcome::HeroesWin, 3000, &[5], |x| {
        take_item(x, HeroId(3), "ranged-power-up");
        take_item(x, HeroId(1), "magic-power-up");
    });
    let lines = c.settle(&s, &party_text, &figures()).unwrap();
    let sella = &c.heroes[3];
    assert_eq!(sella.power_ups, [PowerUp::RangedPowerUp]);
    assert_eq!(
        (sella.ranged_bonus, sella.range_bonus),
        (0, 0),
        "the dice are the power up's, not a bonus besides"
    );
    assert_eq!(c.heroes[1].power_ups, [PowerUp::MagicPowerUp]);
    assert_eq!(c.heroes[1].spells, ["finger-of-death"]);
    assert!(
        lines
            .iter()
            .any(|l| l == "Sella keeps ranged-power-up (+2 ranged dice, +1 range)"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Marrow keeps magic-power-up, finger-of-death"),
        "{lines:?}"
    );
    // The next game's Sella shoots as she ended this one.
    let p = party::parse(&c.party_file().to_yaml().unwrap(), "p", &figures()).unwrap();
    assert_eq!(p.heroes[3].1.shoot, s.heroes[3].body.fig.shoot);
    assert_eq!(p.kept[3].power_ups, [PowerUp::RangedPowerUp]);
    let (shop, tables) = (Shop::embedded(), crate::dw10::tables::embedded());
    let mut dice = Dice::scripted(&[]);
    for (hero, good) in [("Sella", "ranged-power-up"), ("Marrow", "magic-power-up")] {
        let e = c
            .buy(hero, good, &shop, &tables, &figures(), &mut dice)
            .unwrap_err();
        assert_eq!(
            e,
            CampaignError::AlreadyOwned {
                hero: hero.into(),
                good: good.into(),
                how: Owned::InPlay,
            }
        );
        assert_eq!(c.gold, 3000, "a refusal spends nothing");
    }
    // Another power up is still for sale.
    c.buy(
        "Sella",
        "weapon-power-up",
        &shop,
        &tables,
        &figures(),
        &mut dice,
    )
    .unwrap();
}

/// A hero dead and waiting for a teleporter when the game ends is left in
/// the dungeon: what it found or took this game is not carried out
/// (L626-627: only what the heroes bring out is theirs to keep; L510-511:
/// the power ups last for heroes who come through the scenario), nor the
/// 25-gold stacks it carries (L389-390). It keeps what it came in with
/// (L626: bought goods and earlier gains) but what it used up. A hero
/// killed and back on a teleporter before the end keeps all it holds
/// (L518-519: a hero who re-spawns is the same hero, L850-854).
#[test]
fn a_hero_dead_when_the_game_ends_carries_nothing_found_out_of_the_dungeon() {
    let mut c = campaign();
    c.gold = 600;
    c.heroes[3].items = vec!["potion".into(), "antidote".into()];
    c.heroes[3].power_ups = vec![PowerUp::WeaponPowerUp];
    let before = c.heroes[3].clone();
    // d6 5 on the spell table: Sella learns Finger of Death.
    let (s, party_text) = ended_after(&c, Outcome::HeroesWin, 600, &[5], |x| {
        // Kestrel finds a power up, is killed, and comes back.
        take_item(x, HeroId(0), "weapon-power-up");
        crate::dw10::play::combat::kill(x, Who::Hero(HeroId(0)));
        crate::dw10::play::turn::respawn(x);
        for item in [
            "ranged-power-up",
            "magic-power-up",
            "health-potion",
            "gold-25",
        ] {
            take_item(x, HeroId(3), item);
        }
        x.s.heroes[3].body.fig.attacks += 1;
        x.s.heroes[3].items.retain(|i| *i != Item::PoisonAntidote);
        crate::dw10::play::combat::kill(x, Who::Hero(HeroId(3)));
    });
    assert!(s.heroes[3].dead && !s.heroes[0].dead);
    assert_eq!(s.gold, 625);
    let lines = c.settle(&s, &party_text, &figures()).unwrap();
    let sella = &c.heroes[3];
    assert_eq!(
        *sella,
        HeroLine {
            items: vec!["potion".into()],
            ..before
        },
        "the antidote drunk and everything found are gone"
    );
    assert_eq!(c.gold, 600, "the stack Sella carried stays with her");
    assert!(
        lines.iter().any(|l| l
            == "Sella was dead when the game ended and carried nothing out (L626-627): what Sella found this game and 25 gold of stacks are lost"),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("Sella keeps")),
        "{lines:?}"
    );
    assert_eq!(c.heroes[0].power_ups, [PowerUp::WeaponPowerUp]);
    assert_eq!(c.heroes[0].melee_bonus, 1);
    assert_eq!(
        c.history[0].gold, 625,
        "the record keeps the purse at the end"
    );
}
