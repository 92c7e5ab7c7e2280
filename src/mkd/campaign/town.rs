//! The town phase after an adventure, in the rules' order:
//!
//! 1. the experience earned in the dungeon is divided among the survivors;
//! 2. fallen heroes may be resurrected (1,000 gold each);
//! 3. the quest reward, if the goal came out, is shared by every living hero;
//! 4. items are sold, recharged and bought;
//! 5. a second chance to resurrect, with the gold from selling;
//! 6. training: 500 gold and the level's experience per level.
//!
//! Everything a player would decide at the table comes in as [`Orders`];
//! the few dice (chests carried out shut, chests bought by level) are
//! rolled with the adventure's own `town` dice and shown in the summary.

use super::model::{AdventureRecord, Campaign, ChestRecord, OwnedItem, RewardRecord, Share};
use super::reward::Rewards;
use super::rules;
use crate::core::dice::Dice;
use crate::mkd::mission::Mission;
use crate::mkd::play::result::AdventureResult;
use crate::mkd::play::state::{ChestOrigin, Outcome};
use crate::mkd::tables::{Item, Tables};

/// What the players decide in town.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Orders {
    /// Heroes to bring back to life, in order of priority.
    pub resurrect: Vec<String>,
    /// Items to sell, by name.
    pub sell: Vec<String>,
    /// Items to recharge, by name, or `all`.
    pub recharge: Vec<String>,
    /// Chests to buy: a level (`1` to `3`, contents rolled) or an item name.
    pub buy: Vec<String>,
    /// Potions used up in the dungeon (they cannot be sold).
    pub used: Vec<String>,
    /// Train heroes who can afford it (default true).
    pub train: bool,
    /// Abilities to make permanent when a hero passes level 5: (hero, ability).
    pub abilities: Vec<(String, String)>,
}

/// How many times a chest bought by level is re-rolled when its row holds
/// only gold (bought chests hold no gold), before the purchase is given up.
pub const MAX_BUY_ROLLS: u32 = 20;

/// Why the town phase refused its orders or its game (nothing changed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TownError {
    /// No adventure waits for its town phase.
    #[error("there is no adventure waiting for its town phase")]
    NoAdventure,
    /// The saved game has not ended.
    #[error("the adventure is not over yet; finish the game first")]
    NotOver,
    /// The campaign's mission text does not read.
    #[error(transparent)]
    Mission(#[from] crate::mkd::mission::MissionError),
    /// A hero named in an order or in the saved game is not in the campaign.
    #[error("{order}: no hero called `{name}` in the campaign (heroes: {heroes})")]
    NoHero {
        /// The order (`--resurrect Ayla`) or `the saved game's party`.
        order: String,
        /// The name as given.
        name: String,
        /// The campaign's heroes, listed.
        heroes: String,
    },
    /// An order names a hero by a beginning several heroes' names share.
    #[error("{order}: hero `{name}` is ambiguous: it begins {heroes}; type more of it")]
    AmbiguousHero {
        /// The order (`--resurrect Bra`).
        order: String,
        /// The name as given.
        name: String,
        /// The heroes whose names it begins, in the campaign's order, listed.
        heroes: String,
    },
    /// The saved game's party holds a hero who fell before.
    #[error("the saved game's party holds {0}, who had fallen before this adventure")]
    FallenBefore(String),
    /// The saved game was played without a living hero of the campaign.
    #[error(
        "the saved game was played without {hero}; play the adventure with the party file `campaign next` wrote ({party})"
    )]
    PlayedWithout {
        /// The hero left out.
        hero: String,
        /// The party file `campaign next` wrote.
        party: String,
    },
    /// `--resurrect` names a living hero.
    #[error("--resurrect {order}: {hero} has not fallen")]
    NotFallen {
        /// The name as given.
        order: String,
        /// The hero's name.
        hero: String,
    },
    /// `--ability` names no ability the rules know.
    #[error("--ability {order}: unknown ability; expected one of {known}")]
    UnknownAbility {
        /// `HERO=ABILITY` as given.
        order: String,
        /// The known abilities, listed.
        known: String,
    },
    /// `--used`, `--sell` or `--recharge` names no item the party has.
    #[error("{order}: the party owns no {what}")]
    NoItem {
        /// The order (`--sell Ring`).
        order: String,
        /// What was looked for (`item of that name`, …).
        what: &'static str,
    },
    /// `--sell` names a used potion.
    #[error("--sell {0}: a used potion cannot be sold")]
    UsedPotion(String),
    /// `--recharge` names an item whose charge is gone for good.
    #[error("--recharge {0}: it lost its charge for good in an earlier town visit")]
    ChargeLost(String),
    /// `--buy` names a chest level the tables do not have.
    #[error("--buy {order}: no chest level {level} in the tables (levels: {levels})")]
    NoChestLevel {
        /// The order as given.
        order: String,
        /// The level.
        level: u32,
        /// The tables' levels, listed.
        levels: String,
    },
    /// `--buy` names a chest level whose chests hold no item.
    #[error("--buy {order}: level-{level} chests never hold an item")]
    NoItemAtLevel {
        /// The order as given.
        order: String,
        /// The level.
        level: u32,
    },
    /// `--buy` names neither a level nor an item of the tables.
    #[error("--buy {order}: expected a chest level or an item of the chest tables ({stock})")]
    NotForSale {
        /// The order as given.
        order: String,
        /// The items for sale, listed.
        stock: String,
    },
}

impl TownError {
    /// Is the order's value one the rules or the chest tables do not know
    /// (an unknown ability, nothing for sale by that name or level)? The
    /// fix is another command line, whatever the campaign holds.
    pub fn is_bad_order_value(&self) -> bool {
        matches!(
            self,
            TownError::UnknownAbility { .. }
                | TownError::NoChestLevel { .. }
                | TownError::NoItemAtLevel { .. }
                | TownError::NotForSale { .. }
        )
    }
}

/// The hero the saved game's party calls `name` (its name as the party
/// file `campaign next` wrote it; case ignored).
fn find_hero(c: &Campaign, name: &str, order: &str) -> Result<usize, TownError> {
    c.heroes
        .iter()
        .position(|h| h.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| no_hero(c, name, order))
}

/// The hero an order names as the play prompt takes one: the name ignoring
/// case, else its ASCII spelling, else a beginning no other hero's name
/// shares; a beginning several share is refused as ambiguous, naming them.
fn ordered_hero(c: &Campaign, name: &str, order: &str) -> Result<usize, TownError> {
    let all: Vec<&str> = c.heroes.iter().map(|h| h.name.as_str()).collect();
    match crate::characters::names::lookup(&all, name) {
        Ok(i) => Ok(i),
        Err(hits) if hits.len() > 1 => Err(TownError::AmbiguousHero {
            order: order.to_string(),
            name: name.to_string(),
            heroes: hits.iter().map(|&i| all[i]).collect::<Vec<_>>().join(", "),
        }),
        Err(_) => Err(no_hero(c, name, order)),
    }
}

fn no_hero(c: &Campaign, name: &str, order: &str) -> TownError {
    TownError::NoHero {
        order: order.to_string(),
        name: name.to_string(),
        heroes: c
            .heroes
            .iter()
            .map(|h| h.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Every item of the chest-contents tables, level by level, without repeats.
fn shop(tables: &Tables) -> Vec<(u32, Item)> {
    let mut v: Vec<(u32, Item)> = Vec::new();
    for (level, t) in &tables.chest_contents {
        for f in 1..=6 {
            if let Some(i) = &t.get(f).result.item
                && !v.iter().any(|(_, o)| o.name == i.name)
            {
                v.push((*level, i.clone()));
            }
        }
    }
    v
}

/// Runs the town phase for the campaign's current adventure and its result;
/// returns the summary lines. On a bad order nothing changes and the error
/// says which order.
pub fn run(
    campaign: &mut Campaign,
    result: &AdventureResult,
    orders: &Orders,
    tables: &Tables,
    rewards: &Rewards,
) -> Result<Vec<String>, TownError> {
    let mut c = campaign.clone();
    let adv = c.current.take().ok_or(TownError::NoAdventure)?;
    let outcome = result.outcome.ok_or(TownError::NotOver)?;
    let mission = Mission::parse(&adv.mission)?;
    // The orders are checked before anything happens.
    for n in result.survivors.iter().chain(&result.fallen) {
        let h = find_hero(&c, n, "the saved game's party")?;
        if !c.heroes[h].alive {
            return Err(TownError::FallenBefore(n.clone()));
        }
    }
    if let Some(h) = c.heroes.iter().find(|h| {
        h.alive && !result.survivors.contains(&h.name) && !result.fallen.contains(&h.name)
    }) {
        return Err(TownError::PlayedWithout {
            hero: h.name.clone(),
            party: adv.party.clone(),
        });
    }
    let fell: Vec<usize> = result
        .fallen
        .iter()
        .map(|n| find_hero(&c, n, "the saved game's party"))
        .collect::<Result<_, _>>()?;
    for &h in &fell {
        c.heroes[h].alive = false;
    }
    let mut to_raise: Vec<usize> = Vec::new();
    for n in &orders.resurrect {
        let h = ordered_hero(&c, n, &format!("--resurrect {n}"))?;
        if c.heroes[h].alive {
            return Err(TownError::NotFallen {
                order: n.clone(),
                hero: c.heroes[h].name.clone(),
            });
        }
        if !to_raise.contains(&h) {
            to_raise.push(h);
        }
    }
    let mut permanent: Vec<(usize, String)> = Vec::new();
    for (n, a) in &orders.abilities {
        let h = ordered_hero(&c, n, &format!("--ability {n}={a}"))?;
        let known = crate::mkd::figures::KNOWN_ABILITIES
            .iter()
            .find(|k| k.eq_ignore_ascii_case(a))
            .ok_or_else(|| TownError::UnknownAbility {
                order: format!("{n}={a}"),
                known: crate::mkd::figures::KNOWN_ABILITIES.join(", "),
            })?;
        permanent.push((h, known.to_string()));
    }

    let mut out = Vec::new();
    let mut dice = Dice::for_stage(adv.seed, "town");
    out.push(format!(
        "== town after adventure {} ({}, seed {}): the heroes {} on turn {} ==",
        adv.number,
        adv.mission,
        adv.seed,
        match outcome {
            Outcome::Won => "won",
            Outcome::Lost => "lost",
        },
        result.turn
    ));
    if !result.fallen.is_empty() {
        out.push(format!("fallen: {}", result.fallen.join(", ")));
    }

    // The chests carried out: gold to the purse, items to the party. Every
    // item's charge wears out in town, used or not.
    let mut rechargeable: Vec<bool> = c.items.iter().map(|i| i.charged).collect();
    for it in &mut c.items {
        it.charged = false;
    }
    // The items carried in from town come back in their chests, or are
    // lost with them.
    for it in &adv.carried {
        match result
            .chests
            .iter()
            .find(|ch| ch.origin == ChestOrigin::Town && ch.id == it.chest)
        {
            Some(ch) => {
                let mut back = it.item.clone();
                back.charged = false;
                back.used |= back.potion && !ch.full;
                out.push(format!(
                    "{} comes back with the {}{}",
                    it.chest,
                    back.name,
                    if back.potion && back.used {
                        " (drunk)"
                    } else {
                        ""
                    }
                ));
                c.items.push(back);
                rechargeable.push(true);
            }
            None => out.push(format!(
                "{} did not come out of the dungeon: the {} {} carried in is lost",
                it.chest, it.item.name, it.hero
            )),
        }
    }
    // An artifact's abilities and effects leave it in town, and it cannot
    // be sold (L718): it brings nothing.
    for ch in result
        .chests
        .iter()
        .filter(|ch| ch.origin == ChestOrigin::Artifact)
    {
        let name = match &ch.contents {
            Some((_, Some(i))) => i.name.as_str(),
            _ => "artifact",
        };
        out.push(format!(
            "{} comes out with the {name}: its powers leave it in town, and an artifact cannot be sold",
            ch.id
        ));
    }
    let mut chests = Vec::new();
    let mut gold_found = 0u32;
    for ch in result
        .chests
        .iter()
        .filter(|ch| ch.origin == ChestOrigin::Dungeon)
    {
        // A potion found in the dungeon was drunk by the hero who opened
        // its chest: it comes back used and cannot be sold.
        let mut drunk = false;
        let (gold, item) = match &ch.contents {
            Some((g, i)) => {
                drunk = i.as_ref().is_some_and(|i| i.potion);
                (*g, i.clone())
            }
            None => {
                let face = dice.d6(format_args!("{} contents", ch.id));
                let row = &tables.chest_contents[&ch.level].get(face).result;
                out.push(format!(
                    "{} was carried out shut and is opened in town: contents roll {face}",
                    ch.id
                ));
                (row.gold, row.item.clone())
            }
        };
        out.push(format!(
            "{} (level {}) brings {gold} gold{}",
            ch.id,
            ch.level,
            item.as_ref()
                .map(|i| format!(" and {} (worth {} gold)", i.name, rules::item_value(i)))
                .unwrap_or_default()
        ));
        gold_found = gold_found.saturating_add(gold);
        if let Some(i) = &item {
            let mut owned = OwnedItem::from_item(i, false);
            owned.used = drunk;
            c.items.push(owned);
            rechargeable.push(true);
        }
        chests.push(ChestRecord {
            id: ch.id.clone(),
            level: ch.level,
            gold,
            item: item.map(|i| i.name),
        });
    }
    c.gold = c.gold.saturating_add(gold_found);

    // 1. Experience among the survivors.
    let mut shares: Vec<u32> = vec![0; c.heroes.len()];
    let earned = result
        .experience_earned
        .saturating_sub(result.experience_spent);
    let survivors: Vec<usize> = (0..c.heroes.len())
        .filter(|&h| c.heroes[h].alive && result.survivors.contains(&c.heroes[h].name))
        .collect();
    let split = rules::split_evenly(earned, survivors.len());
    for (&h, &x) in survivors.iter().zip(&split) {
        shares[h] += x;
        c.heroes[h].experience = c.heroes[h].experience.saturating_add(x);
    }
    out.push(format!(
        "1. experience: {} earned in the dungeon{}; {}",
        earned,
        if result.experience_spent > 0 {
            format!(" ({} more spent there)", result.experience_spent)
        } else {
            String::new()
        },
        if survivors.is_empty() {
            "no survivor to share it".to_string()
        } else {
            survivors
                .iter()
                .zip(&split)
                .map(|(&h, x)| format!("{} +{x}", c.heroes[h].name))
                .collect::<Vec<_>>()
                .join(", ")
        }
    ));

    // 2. Resurrection.
    let mut waiting = Vec::new();
    for &h in &to_raise {
        if !resurrect(&mut c, h, "2", "waits", &mut out) {
            waiting.push(h);
        }
    }

    // 3. The quest reward, shared by every living hero.
    let mut reward = None;
    if outcome == Outcome::Won {
        let r = rewards.reward(adv.hero_value, adv.floors, mission);
        let living: Vec<usize> = (0..c.heroes.len()).filter(|&h| c.heroes[h].alive).collect();
        let split = rules::split_evenly(r.experience, living.len());
        for (&h, &x) in living.iter().zip(&split) {
            shares[h] += x;
            c.heroes[h].experience = c.heroes[h].experience.saturating_add(x);
        }
        c.gold = c.gold.saturating_add(r.gold);
        out.push(format!(
            "3. quest reward{}: {} gold and {} experience: {}",
            match (mission.bonus_words(), mission.campaign_bonuses()) {
                (Some(w), 2) => format!(" (with the {w} bonuses)"),
                (Some(w), _) => format!(" (with the {w} bonus)"),
                (None, _) => String::new(),
            },
            r.gold,
            r.experience,
            living
                .iter()
                .zip(&split)
                .map(|(&h, x)| format!("{} +{x}", c.heroes[h].name))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        reward = Some(RewardRecord {
            experience: r.experience,
            gold: r.gold,
        });
    } else {
        out.push("3. no quest reward: the goal did not come out".into());
    }

    // 4. Sell, then recharge, then buy.
    let find_item = |c: &Campaign, name: &str, skip: &[usize]| {
        c.items
            .iter()
            .enumerate()
            .position(|(i, it)| it.name.eq_ignore_ascii_case(name) && !skip.contains(&i))
    };
    for n in &orders.used {
        let i = find_item(&c, n, &[]).ok_or_else(|| TownError::NoItem {
            order: format!("--used {n}"),
            what: "item of that name",
        })?;
        c.items[i].used = true;
    }
    let mut sold: Vec<usize> = Vec::new();
    for n in &orders.sell {
        let i = find_item(&c, n, &sold).ok_or_else(|| TownError::NoItem {
            order: format!("--sell {n}"),
            what: "(more) item of that name",
        })?;
        let price = rules::sell_price(&c.items[i].item(), c.items[i].used)
            .ok_or_else(|| TownError::UsedPotion(n.clone()))?;
        c.gold = c.gold.saturating_add(price);
        out.push(format!("4. sold {} for {price} gold", c.items[i].name));
        sold.push(i);
    }
    let mut wants: Vec<usize> = Vec::new();
    for n in &orders.recharge {
        if n.eq_ignore_ascii_case("all") {
            wants.extend((0..c.items.len()).filter(|i| rechargeable[*i] && !sold.contains(i)));
            continue;
        }
        let mut skip = sold.clone();
        skip.extend(&wants);
        let i = find_item(&c, n, &skip).ok_or_else(|| TownError::NoItem {
            order: format!("--recharge {n}"),
            what: "(more) item of that name that is not sold",
        })?;
        if !rechargeable[i] {
            return Err(TownError::ChargeLost(n.clone()));
        }
        wants.push(i);
    }
    let mut seen = Vec::new();
    for i in wants {
        if seen.contains(&i) {
            continue;
        }
        seen.push(i);
        let cost = rules::recharge_cost(&c.items[i].item());
        if c.gold >= cost {
            c.gold -= cost;
            // A recharged potion is full again.
            c.items[i].charged = true;
            c.items[i].used = false;
            out.push(format!("4. recharged {} for {cost} gold", c.items[i].name));
        } else {
            out.push(format!(
                "4. cannot recharge {} ({cost} gold, the purse holds {}): it loses its charge for good",
                c.items[i].name, c.gold
            ));
        }
    }
    let stock = shop(tables);
    for b in &orders.buy {
        let item = match b.trim().parse::<u32>() {
            Ok(level) => {
                let Some(table) = tables.chest_contents.get(&level) else {
                    return Err(TownError::NoChestLevel {
                        order: b.clone(),
                        level,
                        levels: tables
                            .chest_contents
                            .keys()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", "),
                    });
                };
                if !(1..=6).any(|f| table.get(f).result.item.is_some()) {
                    return Err(TownError::NoItemAtLevel {
                        order: b.clone(),
                        level,
                    });
                }
                let mut got = None;
                let mut faces = Vec::new();
                for _ in 0..MAX_BUY_ROLLS {
                    let face = dice.d6(format_args!("bought level-{level} chest"));
                    faces.push(face.to_string());
                    if let Some(i) = &table.get(face).result.item {
                        got = Some(i.clone());
                        break;
                    }
                }
                out.push(format!(
                    "4. a level-{level} chest at the merchant's: contents roll {} (rows with only gold are rolled again)",
                    faces.join(", ")
                ));
                match got {
                    Some(i) => i,
                    None => {
                        out.push("4. the merchant had nothing but gold to offer".into());
                        continue;
                    }
                }
            }
            Err(_) => stock
                .iter()
                .find(|(_, i)| i.name.eq_ignore_ascii_case(b.trim()))
                .map(|(_, i)| i.clone())
                .ok_or_else(|| TownError::NotForSale {
                    order: b.clone(),
                    stock: stock
                        .iter()
                        .map(|(_, i)| i.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                })?,
        };
        let price = rules::buy_price(&item);
        if c.gold >= price {
            c.gold -= price;
            out.push(format!("4. bought {} for {price} gold", item.name));
            c.items.push(OwnedItem::from_item(&item, true));
            rechargeable.push(false);
        } else {
            out.push(format!(
                "4. cannot buy {} ({price} gold, the purse holds {})",
                item.name, c.gold
            ));
        }
    }
    let mut keep = 0..;
    c.items
        .retain(|_| !sold.contains(&keep.next().unwrap_or_default()));

    // 5. Resurrection, second chance.
    for h in waiting {
        resurrect(&mut c, h, "5", "stays fallen", &mut out);
    }

    // 6. Training.
    let mut used_orders = vec![false; permanent.len()];
    if orders.train {
        for h in 0..c.heroes.len() {
            if !c.heroes[h].alive {
                continue;
            }
            let mut gained = 0;
            // An ability named for this hero that a level did not make
            // permanent (refused while dial abilities remained, or added
            // for that level only) carries on to the hero's next levels of
            // this town phase, until another order names one.
            let mut carried: Option<String> = None;
            loop {
                let hero = &c.heroes[h];
                let need = hero.to_next();
                if hero.level >= rules::MAX_LEVEL
                    || hero.experience < need
                    || c.gold < rules::TRAINING_GOLD
                {
                    if gained == 0 && hero.experience >= need && hero.level < rules::MAX_LEVEL {
                        out.push(format!(
                            "6. {} has the experience for level {} but training costs {} gold, the purse holds {}",
                            hero.name,
                            hero.level + 1,
                            rules::TRAINING_GOLD,
                            c.gold
                        ));
                    }
                    break;
                }
                c.gold -= rules::TRAINING_GOLD;
                let hero = &mut c.heroes[h];
                hero.experience -= need;
                hero.level += 1;
                hero.value = hero.level_value();
                gained += 1;
                let mut line = format!(
                    "6. {} trains to level {} ({} gold, {need} experience): now worth {} points",
                    hero.name,
                    hero.level,
                    rules::TRAINING_GOLD,
                    hero.value
                );
                // A skill added for one level lasts until the next.
                hero.temporary.clear();
                if hero.level > rules::DIAL_LEVELS {
                    let chosen = permanent
                        .iter()
                        .enumerate()
                        .find(|(k, (ph, _))| *ph == h && !used_orders[*k])
                        .map(|(k, (_, a))| (k, a.clone()));
                    if let Some((k, _)) = chosen {
                        used_orders[k] = true;
                    }
                    let chosen = chosen.map(|(_, a)| a).or_else(|| carried.take());
                    let open = hero
                        .abilities
                        .iter()
                        .find(|a| !hero.permanent.contains(a))
                        .cloned();
                    match (chosen, open) {
                        (Some(a), _)
                            if hero.abilities.contains(&a) && !hero.permanent.contains(&a) =>
                        {
                            line += &format!("; {a} becomes permanent");
                            hero.permanent.push(a);
                        }
                        (Some(a), None) if !hero.abilities.contains(&a) => {
                            line += &format!(
                                "; every dial ability is permanent, so {a} is added for this level only"
                            );
                            hero.temporary.push(a.clone());
                            carried = Some(a);
                        }
                        (Some(a), Some(d)) => {
                            line += &format!(
                                "; {a} cannot be chosen while dial abilities are not all permanent, so {d} becomes permanent"
                            );
                            hero.permanent.push(d);
                            if !hero.abilities.contains(&a) {
                                carried = Some(a);
                            }
                        }
                        (Some(a), None) => {
                            line +=
                                &format!("; {a} and every other dial ability are already permanent")
                        }
                        (None, Some(d)) => {
                            line += &format!("; {d} becomes permanent");
                            hero.permanent.push(d);
                        }
                        (None, None) => {
                            line += "; every dial ability is already permanent (name a skill for this level with --ability HERO=NAME)"
                        }
                    }
                }
                out.push(line);
            }
            if gained > 0 && c.heroes[h].experience > 0 {
                out.push(format!(
                    "6. {}'s {} experience left over is lost (experience starts again from 0 after training)",
                    c.heroes[h].name, c.heroes[h].experience
                ));
                c.heroes[h].experience = 0;
            }
        }
    } else {
        out.push("6. no training (--no-train)".into());
    }
    for (k, (h, a)) in permanent.iter().enumerate() {
        if !used_orders[k] {
            out.push(format!(
                "note: --ability {}={a} was not needed: {} gained no level past 5",
                c.heroes[*h].name, c.heroes[*h].name
            ));
        }
    }

    out.push(format!("purse: {} gold", c.gold));
    for h in &c.heroes {
        out.push(format!(
            "  {:<12} {} level {}, {} points, experience {}/{}{}",
            h.name,
            if h.alive { "alive " } else { "fallen" },
            h.level,
            h.value,
            h.experience,
            h.to_next(),
            if h.permanent.is_empty() {
                String::new()
            } else {
                format!(", permanent: {}", h.permanent.join(", "))
            }
        ));
    }
    if c.items.is_empty() {
        out.push("items: none".into());
    } else {
        out.push(format!(
            "items: {}",
            c.items
                .iter()
                .map(|i| format!(
                    "{} ({}{})",
                    i.name,
                    if i.charged { "charged" } else { "no charge" },
                    if i.used { ", used" } else { "" }
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }

    c.history.push(AdventureRecord {
        number: adv.number,
        seed: adv.seed,
        mission: adv.mission.clone(),
        hero_value: adv.hero_value,
        outcome: match outcome {
            Outcome::Won => "won".into(),
            Outcome::Lost => "lost".into(),
        },
        turns: result.turn,
        survivors: result.survivors.clone(),
        fallen: result.fallen.clone(),
        chests,
        experience_earned: earned,
        gold_found,
        reward,
        experience: c
            .heroes
            .iter()
            .zip(&shares)
            .filter(|(_, x)| **x > 0)
            .map(|(h, x)| Share {
                hero: h.name.clone(),
                experience: *x,
            })
            .collect(),
        town: out.clone(),
    });
    c.generator = crate::GENERATOR.into();
    *campaign = c;
    Ok(out)
}

/// Town step `step`: raises fallen hero `h` if the purse holds the price
/// (and pays it); otherwise says the hero `short` (waits, stays fallen).
/// Returns whether the hero was raised.
fn resurrect(c: &mut Campaign, h: usize, step: &str, short: &str, out: &mut Vec<String>) -> bool {
    let name = &c.heroes[h].name;
    if c.gold < rules::RESURRECTION_GOLD {
        out.push(format!(
            "{step}. {name} {short}: resurrection costs {} gold, the purse holds {}",
            rules::RESURRECTION_GOLD,
            c.gold
        ));
        return false;
    }
    out.push(format!(
        "{step}. {name} is resurrected for {} gold",
        rules::RESURRECTION_GOLD
    ));
    c.gold -= rules::RESURRECTION_GOLD;
    c.heroes[h].alive = true;
    true
}

#[cfg(test)]
mod tests;
