//! The campaign file (`tilecrawl-campaign/1`): the heroes between dungeons,
//! the party's purse and items, the adventure being played and the history.
//!
//! It is meant to be read and edited by hand; [`parse`] checks every value
//! and names the key of the first one that is wrong.

use crate::mkd::figures::{Shoot, Stats, check_abilities, check_name, check_stats};
use crate::mkd::play::party::{self, Hero, Party, Team};
use crate::mkd::tables::Item;
use serde::{Deserialize, Serialize};

use super::rules;

/// The format tag of campaign files.
pub const FORMAT: &str = "tilecrawl-campaign/1";
/// The largest campaign file read.
pub const MAX_CAMPAIGN_BYTES: u64 = 4 * 1024 * 1024;
/// Most items the party may own.
pub const MAX_ITEMS: usize = 500;
/// Most adventures in a campaign's history.
pub const MAX_ADVENTURES: usize = 1000;
/// The most gold (or experience) a number in the file may hold.
pub const MAX_AMOUNT: u32 = 1_000_000_000;
/// Longest campaign name, in characters.
pub const MAX_NAME: usize = 64;
/// Largest item bonus (or penalty) accepted.
pub const MAX_BONUS: i32 = party::MAX_ITEM_BONUS;

/// A whole campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// The program that last wrote it.
    pub generator: String,
    /// The campaign's name (its folder's name).
    pub name: String,
    /// Master seed: every adventure's seed is derived from it.
    pub seed: u64,
    /// Name of the party the campaign started with.
    pub party: String,
    /// The party's purse, shared by all heroes.
    pub gold: u32,
    /// The heroes, team by team in turn order.
    pub heroes: Vec<CampaignHero>,
    /// Items the party owns.
    #[serde(default)]
    pub items: Vec<OwnedItem>,
    /// The adventure generated and not yet through its town phase.
    #[serde(default)]
    pub current: Option<CurrentAdventure>,
    /// One record per adventure finished, oldest first.
    #[serde(default)]
    pub history: Vec<AdventureRecord>,
}

/// A hero between adventures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CampaignHero {
    /// One word, as in the party file.
    pub name: String,
    /// The player (team) the hero belongs to.
    pub player: String,
    /// Level, from 1.
    pub level: u32,
    /// Experience gathered towards the next level.
    pub experience: u32,
    /// Current point value (follows from `level` and `dial_values`; checked).
    pub value: u32,
    /// Point values at levels 1 to 5; past level 5 the value is worked out
    /// from the level-5 value.
    pub dial_values: Vec<u32>,
    /// Squares of movement.
    pub speed: u32,
    /// Melee dice.
    pub attacks: u32,
    /// Ranged attack, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoot: Option<Shoot>,
    /// Kill die needed to wound the hero.
    pub armour: u32,
    /// Wounds.
    pub wounds: u32,
    /// Special abilities on the hero's dial.
    #[serde(default)]
    pub abilities: Vec<String>,
    /// Abilities made permanent, one per level past 5.
    #[serde(default)]
    pub permanent: Vec<String>,
    /// Skills from off the dial, for the current level only (added past
    /// level 5 once every dial ability is permanent; gone at the next level).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub temporary: Vec<String>,
    /// False once the hero has fallen (until resurrected).
    pub alive: bool,
    /// Con from the World of Dungeons S sheet the hero was made from (0
    /// without one), for `play --injuries wod-s`'s Con check in every
    /// adventure: the campaign keeps MKD stats, and this one number of the
    /// sheet.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    #[schemars(range(min = -1, max = 3))]
    pub con: i32,
}

/// A Con of 0 goes without saying.
fn is_zero_i32(n: &i32) -> bool {
    *n == 0
}

/// An item the party owns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OwnedItem {
    /// Name (as in the chest-contents table).
    pub name: String,
    /// Speed bonus (negative for a penalty).
    #[serde(default)]
    pub speed: i32,
    /// Attack bonus.
    #[serde(default)]
    pub attack: i32,
    /// Defence bonus.
    #[serde(default)]
    pub defence: i32,
    /// Special abilities it grants.
    #[serde(default)]
    pub abilities: Vec<String>,
    /// Is it a potion?
    #[serde(default)]
    pub potion: bool,
    /// Has it been used (a used potion cannot be sold)?
    #[serde(default)]
    pub used: bool,
    /// Does it work in the next dungeon (bought, or recharged in town)?
    pub charged: bool,
}

impl OwnedItem {
    /// The item's game values.
    pub fn item(&self) -> Item {
        Item {
            name: self.name.clone(),
            speed: self.speed,
            attack: self.attack,
            defence: self.defence,
            abilities: self.abilities.clone(),
            potion: self.potion,
        }
    }

    /// A new item from the game's values.
    pub fn from_item(item: &Item, charged: bool) -> OwnedItem {
        OwnedItem {
            name: item.name.clone(),
            speed: item.speed,
            attack: item.attack,
            defence: item.defence,
            abilities: item.abilities.clone(),
            potion: item.potion,
            used: false,
            charged,
        }
    }
}

/// The adventure being played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurrentAdventure {
    /// 1 for the first adventure.
    pub number: u32,
    /// Folder, relative to the campaign's folder (`adventure-1`).
    pub folder: String,
    /// The dungeon's seed.
    pub seed: u64,
    /// Mission, canonical text.
    pub mission: String,
    /// Tile sets in the Dungeon Stack (a multi-floor dungeon: in all its
    /// floors' stacks together).
    pub sets: u32,
    /// Floors of the dungeon.
    pub floors: u32,
    /// The heroes' total value the dungeon was set up for.
    pub hero_value: u32,
    /// Scenario file, relative to the campaign's folder.
    pub scenario: String,
    /// Party file, relative to the campaign's folder.
    pub party: String,
    /// Save file of the game, relative to the campaign's folder.
    pub save: String,
    /// The party's charged items taken into the dungeon, each in a chest a
    /// hero carries (`town-1`, … in party order); out of the party's
    /// `items` until the town phase brings back the ones carried out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carried: Vec<CarriedItem>,
}

/// An item the party took into the adventure under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CarriedItem {
    /// Its chest's name in play (`town-1`, …).
    pub chest: String,
    /// The hero who carries it in.
    pub hero: String,
    /// The item as it went in.
    pub item: OwnedItem,
}

/// What an adventure came to and what happened in town after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AdventureRecord {
    /// Adventure number.
    pub number: u32,
    /// The dungeon's seed.
    pub seed: u64,
    /// Mission.
    pub mission: String,
    /// The heroes' total value the dungeon was set up for.
    pub hero_value: u32,
    /// `won` or `lost`.
    pub outcome: String,
    /// The turn the game ended in.
    pub turns: u32,
    /// Heroes who came back.
    pub survivors: Vec<String>,
    /// Heroes who fell.
    pub fallen: Vec<String>,
    /// Chests brought out.
    #[serde(default)]
    pub chests: Vec<ChestRecord>,
    /// Experience earned in the dungeon and not spent there.
    pub experience_earned: u32,
    /// Gold brought out in chests.
    pub gold_found: u32,
    /// Quest reward, if the goal came out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward: Option<RewardRecord>,
    /// Experience each hero received (kills and reward).
    #[serde(default)]
    pub experience: Vec<Share>,
    /// The town phase, one line per event.
    #[serde(default)]
    pub town: Vec<String>,
}

/// A chest brought out of a dungeon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChestRecord {
    /// Transcript name.
    pub id: String,
    /// Level.
    pub level: u32,
    /// Gold inside.
    pub gold: u32,
    /// Item inside.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<String>,
}

/// A quest reward received.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RewardRecord {
    /// Experience shared among the heroes.
    pub experience: u32,
    /// Gold for the purse.
    pub gold: u32,
}

/// One hero's share of experience.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Share {
    /// Hero.
    pub hero: String,
    /// Experience received.
    pub experience: u32,
}

impl CampaignHero {
    /// A level-1 hero from a party file's hero.
    pub fn from_party(hero: &Hero, player: &str) -> CampaignHero {
        let dial_values = rules::default_dial_values(hero.value);
        CampaignHero {
            name: hero.name.clone(),
            player: player.to_string(),
            level: hero.level.min(1),
            experience: 0,
            value: hero.start_value(),
            dial_values,
            speed: hero.stats.speed,
            attacks: hero.stats.attacks,
            shoot: hero.stats.shoot,
            armour: hero.stats.armour,
            wounds: hero.stats.wounds,
            abilities: hero
                .abilities
                .iter()
                .map(|a| a.name().to_string())
                .collect(),
            permanent: Vec::new(),
            temporary: Vec::new(),
            alive: true,
            con: hero.con,
        }
    }

    /// The value at the hero's level.
    pub fn level_value(&self) -> u32 {
        rules::hero_value(&self.dial_values, self.level)
    }

    /// Experience needed for the next level.
    pub fn to_next(&self) -> u32 {
        rules::experience_to_next(&self.dial_values, self.level)
    }

    /// Dial, permanent and this level's abilities, without repeats.
    pub fn all_abilities(&self) -> Vec<String> {
        let mut v = self.abilities.clone();
        for a in self.permanent.iter().chain(&self.temporary) {
            if !v.contains(a) {
                v.push(a.clone());
            }
        }
        v
    }

    fn stats(&self) -> Stats {
        Stats {
            speed: self.speed,
            attacks: self.attacks,
            shoot: self.shoot,
            armour: self.armour,
            wounds: self.wounds,
        }
    }
}

impl Campaign {
    /// A new campaign for a party.
    pub fn new(name: &str, seed: u64, party: &Party) -> Campaign {
        let heroes = party
            .teams
            .iter()
            .flat_map(|t| {
                t.heroes
                    .iter()
                    .map(|h| CampaignHero::from_party(h, &t.player))
            })
            .collect();
        Campaign {
            format: FORMAT.into(),
            generator: crate::GENERATOR.into(),
            name: name.into(),
            seed,
            party: party.name.clone(),
            gold: 0,
            heroes,
            // The chests the party file gives its heroes: charged, as if
            // bought, for the first adventure.
            items: party
                .heroes()
                .flat_map(|h| &h.chests)
                .map(|i| OwnedItem::from_item(i, true))
                .collect(),
            current: None,
            history: Vec::new(),
        }
    }

    /// The living heroes' total value (what the next dungeon is set up for).
    pub fn party_value(&self) -> u32 {
        self.heroes
            .iter()
            .filter(|h| h.alive)
            .map(|h| h.value)
            .sum()
    }

    /// The number the next adventure gets.
    pub fn next_number(&self) -> u32 {
        self.history.len() as u32 + 1
    }

    /// Who carries which of the party's charged items into the next
    /// dungeon, as (item, hero) indexes: each item that works there
    /// (charged, and not a drunk potion), in the party's order, goes to the
    /// living hero carrying fewest so far (the first in the campaign's
    /// order on a tie), at most [`party::MAX_CHESTS_BROUGHT`] a hero; the
    /// rest stay in town. The project's own rule: the text lets the heroes
    /// share chests as they like.
    pub fn carry_plan(&self) -> Vec<(usize, usize)> {
        let mut load: Vec<(usize, usize)> = (0..self.heroes.len())
            .filter(|&h| self.heroes[h].alive)
            .map(|h| (h, 0))
            .collect();
        let mut plan = Vec::new();
        for (i, it) in self.items.iter().enumerate() {
            if !it.charged || (it.potion && it.used) {
                continue;
            }
            let Some(slot) = load
                .iter_mut()
                .filter(|(_, n)| *n < party::MAX_CHESTS_BROUGHT)
                .min_by_key(|(_, n)| *n)
            else {
                break;
            };
            slot.1 += 1;
            plan.push((i, slot.0));
        }
        plan
    }

    /// Takes the items of [`Campaign::carry_plan`] out of the party's
    /// stock for the adventure `party` (from [`Campaign::adventure_party`])
    /// goes into: each named by the chest it is carried in, `town-1`, … in
    /// the party's order, as the play engine names them.
    pub fn take_carried(&mut self, party: &Party) -> Vec<CarriedItem> {
        let plan = self.carry_plan();
        let mut carried = Vec::new();
        for hero in party.heroes() {
            for &(i, _) in plan
                .iter()
                .filter(|&&(_, h)| self.heroes[h].name == hero.name)
            {
                carried.push(CarriedItem {
                    chest: format!("town-{}", carried.len() + 1),
                    hero: hero.name.clone(),
                    item: self.items[i].clone(),
                });
            }
        }
        let mut gone: Vec<usize> = plan.iter().map(|&(i, _)| i).collect();
        gone.sort_unstable();
        for i in gone.into_iter().rev() {
            self.items.remove(i);
        }
        carried
    }

    /// The party that enters the next dungeon: the living heroes at their
    /// current values, with their permanent abilities and the chests of
    /// [`Campaign::carry_plan`], team by team. `None` if every hero has
    /// fallen.
    pub fn adventure_party(&self, name: &str) -> Option<Party> {
        let plan = self.carry_plan();
        let mut teams: Vec<Team> = Vec::new();
        for (hi, h) in self.heroes.iter().enumerate().filter(|(_, h)| h.alive) {
            let hero = Hero {
                name: h.name.clone(),
                // A party file gives a level-0 hero's level-1 value.
                value: if h.level == 0 {
                    rules::hero_value(&h.dial_values, 1)
                } else {
                    h.value
                },
                level: h.level,
                stats: h.stats(),
                // The campaign keeps names its loader checked.
                abilities: h
                    .all_abilities()
                    .iter()
                    .filter_map(|a| crate::mkd::figures::Ability::parse(a))
                    .collect(),
                con: h.con,
                chests: plan
                    .iter()
                    .filter(|&&(_, by)| by == hi)
                    .map(|&(i, _)| self.items[i].item())
                    .collect(),
            };
            match teams.iter_mut().find(|t| t.player == h.player) {
                Some(t) => t.heroes.push(hero),
                None => teams.push(Team {
                    player: h.player.clone(),
                    heroes: vec![hero],
                }),
            }
        }
        // A rescue's prisoner is a stranger to the campaign: the built-in one.
        (!teams.is_empty()).then(|| Party {
            name: name.into(),
            teams,
            prisoner: None,
            campaign: Some(self.name.clone()),
        })
    }

    /// The campaign as YAML.
    pub fn to_yaml(&self) -> String {
        let mut s = String::from(
            "# A tilecrawl campaign (see `tilecrawl campaign --help`). It may be edited by\n\
             # hand between commands; the previous copy is kept as campaign.yaml.bak.\n",
        );
        s.push_str(&yaml_serde::to_string(self).expect("a campaign always serialises"));
        s
    }
}

/// The JSON Schema of a campaign file (`campaign.yaml`).
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Campaign)
}

/// Level 1 goes without saying in a party file.
fn is_one(level: &u32) -> bool {
    *level == 1
}

/// A party as a `tilecrawl-party/1` file.
pub fn party_yaml(p: &Party, comment: &str) -> String {
    #[derive(Serialize)]
    struct File<'a> {
        format: &'a str,
        name: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        campaign: Option<&'a str>,
        teams: Vec<TeamOut<'a>>,
    }
    #[derive(Serialize)]
    struct TeamOut<'a> {
        player: &'a str,
        heroes: Vec<HeroOut<'a>>,
    }
    #[derive(Serialize)]
    struct HeroOut<'a> {
        name: &'a str,
        value: u32,
        #[serde(skip_serializing_if = "is_one")]
        level: u32,
        speed: u32,
        attacks: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        shoot: Option<Shoot>,
        armour: u32,
        wounds: u32,
        abilities: Vec<&'static str>,
        #[serde(skip_serializing_if = "is_zero")]
        con: i32,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        chests: Vec<ItemOut<'a>>,
    }
    #[derive(Serialize)]
    struct ItemOut<'a> {
        name: &'a str,
        #[serde(skip_serializing_if = "is_zero")]
        speed: i32,
        #[serde(skip_serializing_if = "is_zero")]
        attack: i32,
        #[serde(skip_serializing_if = "is_zero")]
        defence: i32,
        #[serde(skip_serializing_if = "<[String]>::is_empty")]
        abilities: &'a [String],
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        potion: bool,
    }
    fn is_zero(n: &i32) -> bool {
        *n == 0
    }
    let f = File {
        format: party::FORMAT,
        name: &p.name,
        campaign: p.campaign.as_deref(),
        teams: p
            .teams
            .iter()
            .map(|t| TeamOut {
                player: &t.player,
                heroes: t
                    .heroes
                    .iter()
                    .map(|h| HeroOut {
                        name: &h.name,
                        value: h.value,
                        level: h.level,
                        speed: h.stats.speed,
                        attacks: h.stats.attacks,
                        shoot: h.stats.shoot,
                        armour: h.stats.armour,
                        wounds: h.stats.wounds,
                        abilities: h.abilities.iter().map(|a| a.name()).collect(),
                        con: h.con,
                        chests: h
                            .chests
                            .iter()
                            .map(|i| ItemOut {
                                name: &i.name,
                                speed: i.speed,
                                attack: i.attack,
                                defence: i.defence,
                                abilities: &i.abilities,
                                potion: i.potion,
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect(),
    };
    let mut s: String = comment.lines().map(|l| format!("# {l}\n")).collect();
    s.push_str(&yaml_serde::to_string(&f).expect("a party always serialises"));
    s
}

/// Why a campaign file was refused (one line: file, place, what was expected).
pub type CampaignError = crate::core::yaml::FileError;

#[derive(Deserialize)]
struct Head {
    #[serde(default)]
    format: Option<yaml_serde::Value>,
}

type Fault = (String, String);

/// Parses and checks a campaign's text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Campaign, CampaignError> {
    check(text).map_err(|(location, message)| CampaignError {
        file: file.into(),
        location,
        message,
    })
}

fn check(text: &str) -> Result<Campaign, Fault> {
    if text.trim().is_empty() {
        return Err((
            String::new(),
            format!("the file is empty; expected a campaign (`format: {FORMAT}`)"),
        ));
    }
    crate::core::yaml::check_shape(text)?;
    crate::core::yaml::check_kind(text, FORMAT)?;
    let head: Head = yaml_serde::from_str(text).map_err(|e| {
        let (l, m) = crate::core::yaml::error_parts(&e, text);
        (l, format!("{m} (expected a campaign, `format: {FORMAT}`)"))
    })?;
    match head.format {
        Some(yaml_serde::Value::String(f)) if f == FORMAT => {}
        Some(f) => {
            let shown = yaml_serde::to_string(&f).unwrap_or_default();
            return Err((
                "format: ".into(),
                format!(
                    "is `{}`; this version of tilecrawl reads `{FORMAT}`",
                    shown.trim().escape_default()
                ),
            ));
        }
        None => {
            return Err((
                String::new(),
                format!("missing `format: {FORMAT}` (is this a campaign file?)"),
            ));
        }
    }
    let c: Campaign =
        yaml_serde::from_str(text).map_err(|e| crate::core::yaml::error_parts(&e, text))?;
    check_campaign(&c)?;
    Ok(c)
}

fn range(key: &str, v: u64, lo: u64, hi: u64) -> Result<(), Fault> {
    if v < lo || v > hi {
        return Err((format!("{key}: "), format!("is {v}; expected {lo} to {hi}")));
    }
    Ok(())
}

/// Is `name` a word a hero may be called (as in party files)?
fn hero_word(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= party::MAX_HERO_NAME
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        && !party::RESERVED_WORDS.contains(&name.to_lowercase().as_str())
}

/// A path inside the campaign folder: relative, no `..`, no control characters.
fn inside(key: &str, path: &str) -> Result<(), Fault> {
    let p = std::path::Path::new(path);
    let ok = !path.is_empty()
        && path.len() <= 200
        && !path.chars().any(char::is_control)
        && p.is_relative()
        && p.components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
    if !ok {
        return Err((
            format!("{key}: "),
            format!(
                "`{}` must be a path inside the campaign folder (relative, without `..`)",
                path.escape_default()
            ),
        ));
    }
    Ok(())
}

fn check_campaign(c: &Campaign) -> Result<(), Fault> {
    check_name(&c.name, MAX_NAME).map_err(|m| ("name: ".to_string(), m.to_string()))?;
    check_name(&c.party, MAX_NAME).map_err(|m| ("party: ".to_string(), m.to_string()))?;
    range("gold", c.gold.into(), 0, MAX_AMOUNT.into())?;
    if c.heroes.is_empty() || c.heroes.len() > party::MAX_HEROES {
        return Err((
            "heroes: ".into(),
            format!(
                "has {} heroes; expected 1 to {}",
                c.heroes.len(),
                party::MAX_HEROES
            ),
        ));
    }
    let mut players: Vec<String> = Vec::new();
    for (i, h) in c.heroes.iter().enumerate() {
        let at = |k: &str| format!("heroes[{i}] ({}).{k}", h.name.escape_default());
        if !hero_word(&h.name) {
            return Err((
                format!("heroes[{i}].name: "),
                format!(
                    "`{}` must be one word of 1 to {} letters, digits, `-` or `_`, and not a play command",
                    h.name.escape_default(),
                    party::MAX_HERO_NAME
                ),
            ));
        }
        if c.heroes[..i]
            .iter()
            .any(|o| o.name.to_lowercase() == h.name.to_lowercase())
        {
            return Err((
                format!("heroes[{i}].name: "),
                format!("`{}` is used twice (ignoring case)", h.name),
            ));
        }
        check_name(&h.player, MAX_NAME).map_err(|m| (at("player: "), m.to_string()))?;
        if !players.contains(&h.player) {
            if party::MAX_TEAMS == players.len() {
                return Err((
                    at("player: "),
                    format!("more than {} players", party::MAX_TEAMS),
                ));
            }
            players.push(h.player.clone());
        }
        range(&at("level"), h.level.into(), 1, rules::MAX_LEVEL.into())?;
        range(&at("experience"), h.experience.into(), 0, MAX_AMOUNT.into())?;
        if h.dial_values.len() != rules::DIAL_LEVELS as usize {
            return Err((
                at("dial_values: "),
                format!(
                    "has {} values; expected {} (levels 1 to 5)",
                    h.dial_values.len(),
                    rules::DIAL_LEVELS
                ),
            ));
        }
        for (l, v) in h.dial_values.iter().enumerate() {
            range(&at(&format!("dial_values[{l}]")), (*v).into(), 1, 1000)?;
        }
        if h.value != h.level_value() {
            return Err((
                at("value: "),
                format!(
                    "is {}; level {} with these dial_values gives {} (edit `level` or `dial_values`, not `value`)",
                    h.value,
                    h.level,
                    h.level_value()
                ),
            ));
        }
        check_stats(&h.stats()).map_err(|m| (at(": "), m.to_string()))?;
        check_abilities(&h.abilities).map_err(|m| (at("abilities: "), m.to_string()))?;
        check_abilities(&h.permanent).map_err(|m| (at("permanent: "), m.to_string()))?;
        check_abilities(&h.temporary).map_err(|m| (at("temporary: "), m.to_string()))?;
        if h.temporary.len() > 16 {
            return Err((at("temporary: "), "has more than 16 abilities".into()));
        }
        if h.permanent.len() > rules::MAX_LEVEL as usize {
            return Err((at("permanent: "), "has too many abilities".into()));
        }
    }
    if c.items.len() > MAX_ITEMS {
        return Err((
            "items: ".into(),
            format!("has {} items; at most {MAX_ITEMS}", c.items.len()),
        ));
    }
    for (i, it) in c.items.iter().enumerate() {
        party::check_item(&it.name, [it.speed, it.attack, it.defence], &it.abilities)
            .map_err(|(k, m)| (format!("items[{i}].{k}"), m))?;
    }
    if let Some(a) = &c.current {
        range("current.number", a.number.into(), 1, MAX_ADVENTURES as u64)?;
        if a.number != c.next_number() {
            return Err((
                "current.number: ".into(),
                format!(
                    "is {}; after {} finished adventures it must be {}",
                    a.number,
                    c.history.len(),
                    c.next_number()
                ),
            ));
        }
        inside("current.folder", &a.folder)?;
        inside("current.scenario", &a.scenario)?;
        inside("current.party", &a.party)?;
        inside("current.save", &a.save)?;
        crate::mkd::mission::Mission::parse(&a.mission)
            .map_err(|e| ("current.mission: ".to_string(), e.to_string()))?;
        range(
            "current.sets",
            a.sets.into(),
            1,
            (crate::build::layout::MAX_SETS * crate::mkd::floors::MAX_FLOORS).into(),
        )?;
        range(
            "current.floors",
            a.floors.into(),
            1,
            crate::mkd::floors::MAX_FLOORS.into(),
        )?;
        range("current.hero_value", a.hero_value.into(), 1, 12_000)?;
    }
    if c.history.len() > MAX_ADVENTURES {
        return Err((
            "history: ".into(),
            format!(
                "has {} adventures; at most {MAX_ADVENTURES}",
                c.history.len()
            ),
        ));
    }
    for (i, r) in c.history.iter().enumerate() {
        if r.number != i as u32 + 1 {
            return Err((
                format!("history[{i}].number: "),
                format!("is {}; expected {}", r.number, i + 1),
            ));
        }
        if !matches!(r.outcome.as_str(), "won" | "lost") {
            return Err((
                format!("history[{i}].outcome: "),
                format!(
                    "is `{}`; expected `won` or `lost`",
                    r.outcome.escape_default()
                ),
            ));
        }
        if r.town.len() > 1000 || r.chests.len() > 1000 {
            return Err((
                format!("history[{i}]: "),
                "holds more than 1000 town lines or chests".into(),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Campaign {
        Campaign::new("Ironfall", 7, &party::default_party())
    }

    #[test]
    fn a_new_campaign_round_trips_and_keeps_the_party() {
        let c = sample();
        let text = c.to_yaml();
        let back = parse(&text, "c.yaml").unwrap();
        assert_eq!(back, c);
        assert_eq!(c.party_value(), 95);
        let p = c.adventure_party("Ironfall").unwrap();
        assert_eq!(p.total_value(), 95);
        assert_eq!(p.teams.len(), 2);
        // The party file written for an adventure is one `play` accepts.
        let again = party::parse(&party_yaml(&p, "test"), "p.yaml").unwrap();
        assert_eq!(again.teams, p.teams);
        // It names the campaign, so `play` refuses levels in the dungeon.
        assert_eq!(again.campaign.as_deref(), Some("Ironfall"));
    }

    /// A campaign made from World of Dungeons S characters keeps each
    /// one's Con, and every adventure's party file carries it to `play
    /// --injuries wod-s` (a user's audit: the Con check rolled with 0).
    #[test]
    fn a_campaign_carries_each_character_s_con_into_its_adventures() {
        use crate::characters::wod_s::Tables;
        use crate::characters::wod_s::character::{Options, party as characters};
        let mut cons = Vec::new();
        for seed in 0..20 {
            let mut d = crate::core::dice::Dice::for_stage(seed, "characters");
            let chars = characters(Tables::embedded(), &Options::default(), 4, &mut d).unwrap();
            let sheets: Vec<_> = chars.into_iter().map(|c| c.sheet).collect();
            let text = crate::mkd::wod_s::party_yaml("test", &sheets, &[]).unwrap();
            let p = party::parse(&text, "p.yaml").unwrap();
            let c = parse(&Campaign::new("Ironfall", 7, &p).to_yaml(), "c.yaml").unwrap();
            let adventure = c.adventure_party("Ironfall").unwrap();
            let again = party::parse(&party_yaml(&adventure, "test"), "a.yaml").unwrap();
            let got: Vec<i32> = again.heroes().map(|h| h.con).collect();
            let want: Vec<i32> = sheets.iter().map(|s| s.attributes.con).collect();
            assert_eq!(got, want, "seed {seed}");
            cons.extend(want);
        }
        assert!(cons.iter().any(|&c| c < 0) && cons.iter().any(|&c| c > 0));
    }

    #[test]
    fn a_party_file_s_con_is_checked_against_the_range_and_the_sheet() {
        let mut d = crate::core::dice::Dice::for_stage(3, "characters");
        let chars = crate::characters::wod_s::character::party(
            crate::characters::wod_s::Tables::embedded(),
            &crate::characters::wod_s::character::Options::default(),
            1,
            &mut d,
        )
        .unwrap();
        let sheet = chars[0].sheet.clone();
        let text =
            crate::mkd::wod_s::party_yaml("test", std::slice::from_ref(&sheet), &[]).unwrap();
        let other = if sheet.attributes.con == 1 { 2 } else { 1 };
        let with =
            |con: i32| text.replacen("    wod_s:", &format!("    con: {con}\n    wod_s:"), 1);
        assert!(with(other).contains("con: "), "{text}");
        let e = party::parse(&with(other), "p.yaml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("the wod_s sheet's Con is"), "{e}");
        let same = party::parse(&with(sheet.attributes.con), "p.yaml").unwrap();
        assert_eq!(same.heroes().next().unwrap().con, sheet.attributes.con);
        // Without a sheet, the range the text gives a character.
        let plain = party_yaml(&party::default_party(), "test").replacen(
            "    wounds:",
            "    con: 4\n    wounds:",
            1,
        );
        let e = party::parse(&plain, "p.yaml").unwrap_err().to_string();
        assert!(e.contains("con: got 4; expected -1 to 3"), "{e}");
    }

    #[test]
    fn a_level_0_hero_enters_the_campaign_at_20_points_and_trains_from_200() {
        let mut party = party::default_party();
        let shayle = &mut party.teams[0].heroes[0];
        shayle.value = 45;
        shayle.level = 0;
        let c = Campaign::new("Ironfall", 7, &party);
        let h = &c.heroes[0];
        assert_eq!(
            (h.level, h.value, h.level_value(), h.to_next()),
            (0, 20, 20, 200)
        );
        // The adventure's party file gives the level-1 value and level 0.
        let p = c.adventure_party("Ironfall").unwrap();
        let text = party_yaml(&p, "test");
        assert!(text.contains("value: 45\n    level: 0\n"), "{text}");
        let again = party::parse(&text, "p.yaml").unwrap();
        assert_eq!(again.heroes().next().unwrap().start_value(), 20);
    }

    #[test]
    fn fallen_heroes_stay_home_and_an_empty_team_is_left_out() {
        let mut c = sample();
        c.heroes[0].alive = false;
        c.heroes[1].alive = false;
        let p = c.adventure_party("x").unwrap();
        assert_eq!(p.teams.len(), 1);
        assert_eq!(c.party_value(), 50);
        for h in &mut c.heroes {
            h.alive = false;
        }
        assert!(c.adventure_party("x").is_none());
    }

    #[test]
    fn a_hand_edited_value_that_disagrees_with_the_level_is_refused() {
        let mut c = sample();
        c.heroes[1].value = 99;
        let e = parse(&c.to_yaml(), "c.yaml").unwrap_err().to_string();
        assert!(e.contains("heroes[1] (Marrow).value: is 99"), "{e}");
        let mut c = sample();
        c.heroes[0].level = 2;
        c.heroes[0].value = 30;
        assert!(parse(&c.to_yaml(), "c.yaml").is_ok());
    }

    #[test]
    fn paths_must_stay_inside_the_campaign_folder() {
        assert!(inside("k", "adventure-1/scenario.yaml").is_ok());
        for bad in ["../x", "/etc/passwd", "a/../b", "", "a\nb"] {
            assert!(inside("k", bad).is_err(), "{bad:?}");
        }
    }
}
