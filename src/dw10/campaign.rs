//! Dungeon World 10 mm between games (L574-645): one party through
//! scenario after scenario, keeping what it carries out and buying more.
//!
//! - A game the heroes **win** ends the scenario; they keep the gold, items,
//!   power ups and spells they end it with, and the campaign goes on to a
//!   new scenario.
//! - Heroes who **escape** through the teleporters keep all that too, but
//!   the scenario is not done: the next game plays it again, on new dice.
//! - If the Draken Master **wins**, everything gained is lost: the heroes
//!   start again as they began the campaign, and play the scenario again.
//! - Between games the heroes buy from the shop (`templates/dungeon-world-10mm/shop.yaml`):
//!   potions for the pack, skills and spells as abilities, power ups by
//!   name on the hero's line; a skill, spell or power up at most once per
//!   hero, and never one the hero found in play and kept (L586-587).
//!
//! What a hero has is written into the party file each game is played
//! with (`party::HeroLine`), so the play engine gives it its dice, abilities
//! and pack. The campaign file is `tilecrawl-dw10-campaign/1`.

use crate::core::dice::Dice;
use crate::core::yaml::FileError;
use crate::dw10::figures::{Ability, Figure, Figures};
use crate::dw10::play::party::{self, FamiliarKind, HeroLine, PartyFile, PowerUp};
use crate::dw10::play::state::{Outcome, State};
use crate::dw10::tables::Tables;
use serde::{Deserialize, Serialize};

/// The format tag of campaign files.
pub const FORMAT: &str = "tilecrawl-dw10-campaign/1";
/// The format tag of shop files.
pub const SHOP_FORMAT: &str = "tilecrawl-dw10-shop/1";
/// Largest campaign file read.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// Most games a campaign records.
pub const MAX_GAMES: usize = 10_000;
/// The embedded shop.
pub const SHOP_YAML: &str = include_str!("../../templates/dungeon-world-10mm/shop.yaml");

/// What a purchase does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GoodKind {
    /// Goes into the hero's pack (an item of the play engine).
    Item,
    /// Becomes one of the hero's abilities.
    Skill,
    /// A spell: becomes one of the hero's abilities.
    Spell,
    /// Raises the hero's dice (or, the magic one, teaches a rolled spell).
    PowerUp,
    /// A familiar (L589-614): `familiar` walks, `flying-familiar` flies; it
    /// goes on the hero's line, one a hero.
    Familiar,
}

/// One thing on sale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Good {
    /// The name typed after `--buy HERO=`.
    pub name: String,
    /// What buying it does.
    pub kind: GoodKind,
    /// Its price in gold.
    pub price: u32,
    /// What it does, for the listing.
    pub words: String,
}

/// The shop: what is on sale, and the price of any other skill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Shop")]
pub struct Shop {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = SHOP_FORMAT))]
    pub format: String,
    /// The goods with a price of their own.
    pub goods: Vec<Good>,
    /// The price of every skill in `other_skills`.
    pub other_skill_price: u32,
    /// The other skills the shop sells (ability names).
    pub other_skills: Vec<String>,
}

impl Shop {
    /// Reads and checks a shop file.
    pub fn parse(text: &str, file: &str) -> Result<Shop, FileError> {
        crate::core::yaml::check_other_kind(text, SHOP_FORMAT)
            .map_err(|e| FileError::whole(file, e.to_string()))?;
        let s: Shop = crate::core::yaml::parse(text, file)?;
        if s.format != SHOP_FORMAT {
            return Err(FileError::at_key(
                file,
                "format",
                format!("expected `{SHOP_FORMAT}`, found `{}`", s.format),
            ));
        }
        for (i, g) in s.goods.iter().enumerate() {
            let key = format!("goods[{i}]");
            let ok = match g.kind {
                GoodKind::Item => party::item_named(&g.name).is_some(),
                GoodKind::Skill | GoodKind::Spell => Ability::parse(&g.name).is_some(),
                GoodKind::PowerUp => PowerUp::from_word(&g.name).is_some(),
                GoodKind::Familiar => familiar_kind(&g.name).is_some(),
            };
            if !ok {
                return Err(FileError::at_key(
                    file,
                    &key,
                    format!(
                        "`{}` is not something the game can give as {:?}",
                        g.name, g.kind
                    ),
                ));
            }
            if s.goods[..i].iter().any(|o| o.name == g.name) {
                return Err(FileError::at_key(
                    file,
                    &key,
                    format!("`{}` is on sale twice", g.name),
                ));
            }
        }
        for (i, a) in s.other_skills.iter().enumerate() {
            if Ability::parse(a).is_none() {
                return Err(FileError::at_key(
                    file,
                    &format!("other_skills[{i}]"),
                    format!("no ability is called `{a}`"),
                ));
            }
        }
        Ok(s)
    }

    /// The embedded shop.
    pub fn embedded() -> Shop {
        Shop::parse(SHOP_YAML, "embedded shop").expect("the embedded shop is checked by the tests")
    }

    /// A good by name, in any case: one of `goods`, or an other skill at
    /// its price.
    pub fn good(&self, name: &str) -> Option<Good> {
        if let Some(g) = self
            .goods
            .iter()
            .find(|g| g.name.eq_ignore_ascii_case(name))
        {
            return Some(g.clone());
        }
        let same = |s: &&String| s.eq_ignore_ascii_case(name);
        self.other_skills.iter().find(same).map(|s| Good {
            name: s.clone(),
            kind: GoodKind::Skill,
            price: self.other_skill_price,
            words: "another skill of the rules".into(),
        })
    }

    /// Every good's name, for messages.
    pub fn names(&self) -> Vec<&str> {
        self.goods
            .iter()
            .map(|g| g.name.as_str())
            .chain(self.other_skills.iter().map(String::as_str))
            .collect()
    }
}

/// The JSON Schema of a shop file.
pub fn shop_schema() -> schemars::Schema {
    schemars::schema_for!(Shop)
}

/// How a game of the campaign ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameEnd {
    /// The heroes reached the objective: the scenario is done.
    Won,
    /// The heroes left through the teleporters: they keep what they carry,
    /// the scenario is played again.
    Escaped,
    /// The Draken Master reached the kill target: everything gained is lost
    /// and the scenario is played again.
    Lost,
}

impl GameEnd {
    /// From the play engine's outcome.
    pub fn of(o: Outcome) -> GameEnd {
        match o {
            Outcome::HeroesWin => GameEnd::Won,
            Outcome::Escaped => GameEnd::Escaped,
            Outcome::DmWins => GameEnd::Lost,
        }
    }

    /// The word printed.
    pub fn word(self) -> &'static str {
        match self {
            GameEnd::Won => "won",
            GameEnd::Escaped => "escaped",
            GameEnd::Lost => "lost",
        }
    }
}

/// The game being played now: which scenario, which try, its files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurrentGame {
    /// The scenario's number in the campaign, from 1.
    pub number: u32,
    /// The try at that scenario, from 1.
    pub attempt: u32,
    /// The scenario's folder, relative to the campaign's.
    pub folder: String,
    /// The scenario's seed.
    pub seed: u64,
    /// The play dice's seed for this try.
    pub play_seed: u64,
    /// The scenario file, relative to the campaign's folder.
    pub scenario: String,
    /// The party file the heroes play this try with.
    pub party: String,
    /// Where the game is saved.
    pub save: String,
}

/// One game played, as the campaign remembers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The scenario's number.
    pub number: u32,
    /// The try.
    pub attempt: u32,
    /// The scenario's seed.
    pub seed: u64,
    /// How it ended.
    pub end: GameEnd,
    /// Moves played.
    pub moves: u32,
    /// The Draken Master's victory points (heroes killed).
    pub kills: u32,
    /// The party's gold when the game ended (before any loss).
    pub gold: u32,
}

/// A purchase: which hero bought what, so nothing is bought twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Purchase {
    /// The hero's name.
    pub hero: String,
    /// The good's name.
    pub good: String,
}

/// The campaign file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Campaign")]
pub struct Campaign {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// The tilecrawl that last wrote it.
    pub generator: String,
    /// The campaign's name.
    pub name: String,
    /// The master seed: scenarios, play dice and the shop's rolls come from it.
    pub seed: u64,
    /// The party's gold.
    pub gold: u32,
    /// The heroes as they are now.
    pub heroes: Vec<HeroLine>,
    /// The heroes and gold as the campaign began (what a loss goes back to).
    pub start: PartyFile,
    /// Skills, spells and power ups bought, since the last loss.
    #[serde(default)]
    pub bought: Vec<Purchase>,
    /// Scenarios won (the next new scenario is number `done + 1`).
    #[serde(default)]
    pub done: u32,
    /// The game waiting to be played or settled.
    #[serde(default)]
    pub current: Option<CurrentGame>,
    /// Every game settled, in order.
    #[serde(default)]
    pub history: Vec<GameRecord>,
    /// Visits to the shop (each visit rolls its own dice).
    #[serde(default)]
    pub shop_rolls: u32,
}

/// Why a campaign step cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CampaignError {
    /// The file is not a campaign this tilecrawl can read.
    #[error(transparent)]
    File(#[from] FileError),
    /// No hero of that name.
    #[error("no hero of the campaign is called {name}; the heroes are {heroes}")]
    NoHero {
        /// The name asked for.
        name: String,
        /// The heroes' names.
        heroes: String,
    },
    /// A beginning several heroes' names share: which is meant is not
    /// guessed.
    #[error("hero `{name}` is ambiguous: it begins {heroes}; type more of it")]
    AmbiguousHero {
        /// The name asked for.
        name: String,
        /// The heroes whose names it begins, in party order.
        heroes: String,
    },
    /// Not on sale.
    #[error("the shop sells no `{good}`; it sells {goods}")]
    NotForSale {
        /// The name asked for.
        good: String,
        /// What it sells.
        goods: String,
    },
    /// Not enough gold.
    #[error("{hero} cannot buy {good} for {price} gold: the party has {gold}")]
    TooDear {
        /// The hero.
        hero: String,
        /// The good.
        good: String,
        /// Its price.
        price: u32,
        /// The party's gold.
        gold: u32,
    },
    /// A skill, spell or power up already owned or bought (L586-588).
    #[error(
        "{hero} has {good} already ({how}), and a hero buys no skill, spell or power up it has"
    )]
    AlreadyOwned {
        /// The hero.
        hero: String,
        /// The good.
        good: String,
        /// Where the hero's came from.
        how: Owned,
    },
    /// The save was played with other heroes than the campaign's.
    #[error("the game was played with another party than the campaign's {party}")]
    OtherParty {
        /// The party file the campaign wrote.
        party: String,
    },
    /// A hero owns one familiar at most.
    #[error("{hero} has a familiar already; a hero keeps one")]
    HasFamiliar {
        /// The hero.
        hero: String,
    },
    /// The game is not over.
    #[error("the game is not over yet")]
    NotOver,
    /// A campaign hero's stat block is not in the figure list.
    #[error("hero {hero}: the figure list has no stat block `{figure}`")]
    NoFigure {
        /// The hero.
        hero: String,
        /// The figure name.
        figure: String,
    },
}

/// Where a hero's skill, spell or power up came from, for the shop's
/// refusal to sell it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owned {
    /// The hero's stat block (the figure named) has it.
    Figure(String),
    /// Bought from the shop (this campaign's `bought:`).
    Bought,
    /// Found or learnt in play: on the hero's line, never bought.
    InPlay,
}

impl std::fmt::Display for Owned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Owned::Figure(figure) => write!(f, "every {figure} has it"),
            Owned::Bought => f.write_str("bought at an earlier visit to the shop"),
            Owned::InPlay => f.write_str("gained in play"),
        }
    }
}

impl Campaign {
    /// A new campaign for the heroes of a party file.
    pub fn new(name: &str, seed: u64, party: &PartyFile, generator: &str) -> Campaign {
        Campaign {
            format: FORMAT.into(),
            generator: generator.into(),
            name: name.into(),
            seed,
            gold: party.gold,
            heroes: party.heroes.clone(),
            start: party.clone(),
            bought: Vec::new(),
            done: 0,
            current: None,
            history: Vec::new(),
            shop_rolls: 0,
        }
    }

    /// Reads and checks a campaign file (its heroes against the figure list).
    pub fn parse(text: &str, file: &str, figures: &Figures) -> Result<Campaign, FileError> {
        crate::core::yaml::check_other_kind(text, FORMAT)
            .map_err(|e| FileError::whole(file, e.to_string()))?;
        let c: Campaign = crate::core::yaml::parse(text, file)?;
        if c.format != FORMAT {
            return Err(FileError::at_key(
                file,
                "format",
                format!("expected `{FORMAT}`, found `{}`", c.format),
            ));
        }
        if c.history.len() > MAX_GAMES {
            return Err(FileError::at_key(file, "history", "too many games"));
        }
        // The heroes and the starting party must each make a party `play`
        // accepts.
        party::parse(&c.party_file().to_yaml_or_empty(), file, figures)
            .map_err(|e| FileError::at_key(file, "heroes", e.message))?;
        party::parse(&c.start.to_yaml_or_empty(), file, figures)
            .map_err(|e| FileError::at_key(file, "start", e.message))?;
        Ok(c)
    }

    /// The file's text.
    pub fn to_yaml(&self) -> Result<String, crate::core::yaml_emit::EmitError> {
        crate::core::yaml_emit::to_string(self, &crate::core::yaml_emit::DocStyle::default())
    }

    /// The party file the heroes play their next game with.
    pub fn party_file(&self) -> PartyFile {
        PartyFile {
            format: party::FORMAT.into(),
            gold: self.gold,
            heroes: self.heroes.clone(),
        }
    }

    /// The number of the scenario the next game plays and its try: the
    /// last game's scenario again if it was not won, else a new one.
    pub fn next_game(&self) -> (u32, u32) {
        match self.history.last() {
            Some(r) if r.end != GameEnd::Won => (r.number, r.attempt + 1),
            _ => (self.done + 1, 1),
        }
    }

    /// The hero an order names as the play prompt takes one: the name
    /// ignoring case, else its ASCII spelling, else a beginning no other
    /// hero's name shares; a beginning several share is refused as
    /// ambiguous, naming them.
    fn hero_index(&self, name: &str) -> Result<usize, CampaignError> {
        let all: Vec<&str> = self.heroes.iter().map(|h| h.name.as_str()).collect();
        let list =
            |ix: &mut dyn Iterator<Item = usize>| ix.map(|i| all[i]).collect::<Vec<_>>().join(", ");
        match crate::characters::names::lookup(&all, name) {
            Ok(i) => Ok(i),
            Err(hits) if hits.len() > 1 => Err(CampaignError::AmbiguousHero {
                name: name.into(),
                heroes: list(&mut hits.iter().copied()),
            }),
            Err(_) => Err(CampaignError::NoHero {
                name: name.into(),
                heroes: list(&mut (0..all.len())),
            }),
        }
    }

    /// Settles a finished game: what the heroes keep or lose, the record.
    /// `party_text` is the party the save was played with; it must be the
    /// campaign's own for this game. Returns the lines to print.
    pub fn settle(
        &mut self,
        state: &State,
        party_text: &str,
        figures: &Figures,
    ) -> Result<Vec<String>, CampaignError> {
        let ours = self.party_file();
        let theirs: Option<PartyFile> = crate::core::yaml::parse(party_text, "save").ok();
        if theirs.as_ref() != Some(&ours) || state.heroes.len() != self.heroes.len() {
            return Err(CampaignError::OtherParty {
                party: self
                    .current
                    .as_ref()
                    .map_or_else(|| "party".into(), |c| c.party.clone()),
            });
        }
        let crate::dw10::play::state::Phase::Over(outcome) = state.phase else {
            return Err(CampaignError::NotOver);
        };
        let end = GameEnd::of(outcome);
        // What each hero keeps, worked out before anything changes.
        let mut after = Vec::with_capacity(self.heroes.len());
        for (line, hero) in self.heroes.iter().zip(&state.heroes) {
            let base =
                base_figure(figures, &line.figure).ok_or_else(|| CampaignError::NoFigure {
                    hero: line.name.clone(),
                    figure: line.figure.clone(),
                })?;
            after.push(kept(line, base, hero));
        }
        let (number, attempt, seed) = self
            .current
            .as_ref()
            .map_or((0, 0, 0), |c| (c.number, c.attempt, c.seed));
        self.history.push(GameRecord {
            number,
            attempt,
            seed,
            end,
            moves: state.move_no,
            kills: state.vp,
            gold: state.gold,
        });
        self.current = None;
        let mut lines = vec![format!(
            "scenario {number}, try {attempt}: the heroes {} after {}; the Draken Master killed {} ({} gold in the party's purse)",
            match end {
                GameEnd::Won => "won",
                GameEnd::Escaped => "escaped through the teleporters",
                GameEnd::Lost => "lost",
            },
            crate::core::text::counted(state.move_no, "move", "moves"),
            state.vp,
            state.gold
        )];
        if end == GameEnd::Lost {
            self.heroes = self.start.heroes.clone();
            self.gold = self.start.gold;
            self.bought.clear();
            lines.push(format!(
                "everything gained is lost (L628-631): the heroes start again as they began, with {} gold; scenario {number} is played again",
                self.gold
            ));
            return Ok(lines);
        }
        // The 25-gold stacks a hero left behind dead stay in the dungeon.
        let mut left = 0u32;
        for (line, (new, hero)) in self
            .heroes
            .iter_mut()
            .zip(after.into_iter().zip(&state.heroes))
        {
            if left_behind(hero) {
                let stacks = 25 * hero.magic.stacks;
                left = left.saturating_add(stacks);
                lines.push(format!(
                    "{0} was dead when the game ended and carried nothing out (L626-627): what {0} found this game{1} lost",
                    line.name,
                    if stacks > 0 {
                        format!(" and {stacks} gold of stacks are")
                    } else {
                        " is".into()
                    }
                ));
                *line = new;
                continue;
            }
            let gains = gains(line, &new);
            *line = new;
            if !gains.is_empty() {
                lines.push(format!("{} keeps {}", line.name, gains.join(", ")));
            }
        }
        self.gold = state.gold.saturating_sub(left);
        if end == GameEnd::Won {
            self.done = number;
            lines.push(format!(
                "scenario {number} is done; the next game is a new scenario"
            ));
        } else {
            lines.push(format!(
                "scenario {number} is not done (L619-624): the next game plays it again"
            ));
        }
        Ok(lines)
    }

    /// The dice of one visit to the shop: each visit its own stream from
    /// the campaign's seed.
    pub fn shop_dice(&mut self) -> Dice {
        let d = Dice::for_stage(
            crate::core::dice::run_seed(self.seed, self.shop_rolls),
            "dw10-shop",
        );
        self.shop_rolls += 1;
        d
    }

    /// Buys a good for a hero out of the party's gold. A magic power up
    /// rolls its spell on the table (L481-484) with `dice`; the face is in
    /// the line returned.
    pub fn buy(
        &mut self,
        hero: &str,
        good: &str,
        shop: &Shop,
        tables: &Tables,
        figures: &Figures,
        dice: &mut Dice,
    ) -> Result<String, CampaignError> {
        let i = self.hero_index(hero)?;
        let g = shop.good(good).ok_or_else(|| CampaignError::NotForSale {
            good: good.into(),
            goods: shop.names().join(", "),
        })?;
        let name = self.heroes[i].name.clone();
        if g.kind == GoodKind::Familiar && self.heroes[i].familiar.is_some() {
            return Err(CampaignError::HasFamiliar { hero: name });
        }
        if self.gold < g.price {
            return Err(CampaignError::TooDear {
                hero: name,
                good: g.name,
                price: g.price,
                gold: self.gold,
            });
        }
        let line = &self.heroes[i];
        let born_with = innate(figures, &line.figure, &g.name);
        // Bought, or on the hero's line: a power up found in play is kept
        // there by name (L586-587: never bought again).
        let owned = |c: &Campaign| {
            if born_with {
                Some(Owned::Figure(line.figure.clone()))
            } else if c
                .bought
                .iter()
                .any(|p| p.hero.eq_ignore_ascii_case(&name) && p.good == g.name)
            {
                Some(Owned::Bought)
            } else if c.heroes[i].abilities.contains(&g.name)
                || c.heroes[i].spells.contains(&g.name)
                || c.heroes[i].power_ups.iter().any(|p| p.word() == g.name)
            {
                Some(Owned::InPlay)
            } else {
                None
            }
        };
        if g.kind != GoodKind::Item
            && let Some(how) = owned(self)
        {
            return Err(CampaignError::AlreadyOwned {
                hero: name,
                good: g.name,
                how,
            });
        }
        let h = &mut self.heroes[i];
        let mut what = g.name.clone();
        match (g.kind, g.name.as_str()) {
            (GoodKind::Item, _) => h.items.push(g.name.clone()),
            (GoodKind::Skill, _) => h.abilities.push(g.name.clone()),
            (GoodKind::Spell, _) => h.spells.push(g.name.clone()),
            (GoodKind::Familiar, n) => h.familiar = familiar_kind(n),
            (GoodKind::PowerUp, n) if PowerUp::from_word(n) != Some(PowerUp::MagicPowerUp) => {
                h.power_ups.extend(PowerUp::from_word(n));
            }
            (GoodKind::PowerUp, _) => {
                // A spell rolled on the table, and the Multi Shot die.
                h.power_ups.push(PowerUp::MagicPowerUp);
                let face = dice.d6("magic power up: spell table");
                let spell = tables.spells.iter().find(|r| r.roll == face);
                let known =
                    |sp: &str| h.spells.iter().any(|x| x == sp) || innate(figures, &h.figure, sp);
                what = match spell {
                    Some(r) if !known(&r.spell) => {
                        h.spells.push(r.spell.clone());
                        format!("{} (d6 {face}: learns {})", g.name, r.spell)
                    }
                    Some(r) => format!("{} (d6 {face}: {}, already known)", g.name, r.spell),
                    None => format!("{} (d6 {face}: no spell)", g.name),
                };
            }
        }
        self.gold -= g.price;
        if g.kind != GoodKind::Item {
            self.bought.push(Purchase {
                hero: name.clone(),
                good: g.name.clone(),
            });
        }
        Ok(format!(
            "{name} buys {what} for {} gold; {} left",
            g.price, self.gold
        ))
    }
}

impl PartyFile {
    fn to_yaml_or_empty(&self) -> String {
        self.to_yaml().unwrap_or_default()
    }
}

/// The familiar a shop good of kind `familiar` gives, by its name.
pub fn familiar_kind(name: &str) -> Option<FamiliarKind> {
    match name {
        "familiar" => Some(FamiliarKind::Walker),
        "flying-familiar" => Some(FamiliarKind::Flyer),
        _ => None,
    }
}

/// The hero stat block called `name`.
fn base_figure<'a>(figures: &'a Figures, name: &str) -> Option<&'a Figure> {
    figures.heroes.iter().find(|f| f.name == name)
}

/// Does the hero stat block `figure` come with the ability called `name`?
fn innate(figures: &Figures, figure: &str, name: &str) -> bool {
    base_figure(figures, figure).is_some_and(|f| f.abilities.iter().any(|a| a.name() == name))
}

/// Was the hero dead, waiting for a teleporter, when the game ended? The
/// others leave without it (`turn::escape`), so it carries nothing out.
fn left_behind(hero: &crate::dw10::play::state::Hero) -> bool {
    hero.dead && !hero.escaped
}

/// A hero's line after a game: its power ups as before plus the ones it
/// found, by name; its spells as before plus the ones it learnt; the
/// other dice its stat block gained in play (a weapons rack, a wizard's
/// table: over the one it started with and its found power ups) added to
/// its bonuses; the skills it gained; the pack it carried out.
///
/// A hero still dead when the game ends keeps only what it came in with,
/// less what it used up: the rules let the heroes keep what they had
/// before and what they bring out of the dungeon (L626-627), and make a
/// power up lasting only for a hero who comes through the scenario
/// (L510-511). A hero killed and back on a teleporter before the end is
/// the same hero with the same kit (L518-519, L850-854), and keeps it all.
pub fn kept(line: &HeroLine, base: &Figure, hero: &crate::dw10::play::state::Hero) -> HeroLine {
    if left_behind(hero) {
        // Of the pack it brought, what it still holds.
        let mut held: Vec<&str> = hero.items.iter().map(|i| i.name()).collect();
        let mut out = line.clone();
        out.items
            .retain(|i| match held.iter().position(|h| h == i) {
                Some(at) => {
                    held.remove(at);
                    true
                }
                None => false,
            });
        return out;
    }
    let mut start = party::figure_of(line, base);
    for p in &hero.magic.found {
        party::apply_power_up(&mut start, *p);
    }
    let end = &hero.body.fig;
    let shoot = |f: &Figure| f.shoot.map_or((0, 0), |s| (s.dice, s.range));
    let (sd, sr) = shoot(&start);
    let (ed, er) = shoot(end);
    let mut out = line.clone();
    out.power_ups.extend_from_slice(&hero.magic.found);
    out.melee_bonus += end.attacks.saturating_sub(start.attacks);
    out.ranged_bonus += ed.saturating_sub(sd);
    out.range_bonus += er.saturating_sub(sr);
    let learnt = hero
        .magic
        .spells
        .iter()
        .chain(end.abilities.iter().filter(|a| a.is_spell()));
    for a in learnt {
        if !base.abilities.contains(a) && !out.spells.iter().any(|x| x == a.name()) {
            out.spells.push(a.name().to_string());
        }
    }
    for a in end.abilities.iter().filter(|a| !a.is_spell()) {
        if !start.abilities.contains(a) && !out.abilities.iter().any(|x| x == a.name()) {
            out.abilities.push(a.name().to_string());
        }
    }
    out.items = hero.items.iter().map(|i| i.name().to_string()).collect();
    out
}

/// What a hero gained between two lines, in words: every lasting bonus
/// (the squares of range too), the new spells and skills, the pack.
fn gains(before: &HeroLine, after: &HeroLine) -> Vec<String> {
    use crate::core::text::counted;
    let mut v = Vec::new();
    let more = |a: u32, b: u32| a.saturating_sub(b);
    let melee = more(after.melee_bonus, before.melee_bonus);
    if melee > 0 {
        v.push(format!("+{}", counted(melee, "melee die", "melee dice")));
    }
    let ranged = more(after.ranged_bonus, before.ranged_bonus);
    if ranged > 0 {
        v.push(format!("+{}", counted(ranged, "ranged die", "ranged dice")));
    }
    let range = more(after.range_bonus, before.range_bonus);
    if range > 0 {
        v.push(format!("+{range} range"));
    }
    // The power ups beyond the ones it had, each with what it gives.
    let mut had = before.power_ups.clone();
    for p in &after.power_ups {
        if let Some(i) = had.iter().position(|h| h == p) {
            had.remove(i);
            continue;
        }
        v.push(match p {
            PowerUp::WeaponPowerUp => format!("{} (+1 melee die)", p.word()),
            PowerUp::RangedPowerUp => format!("{} (+2 ranged dice, +1 range)", p.word()),
            PowerUp::MagicPowerUp => p.word().to_string(),
        });
    }
    for a in after.spells.iter().chain(&after.abilities) {
        if !before.spells.contains(a) && !before.abilities.contains(a) {
            v.push(a.clone());
        }
    }
    if !after.items.is_empty() {
        v.push(format!("a pack of {}", after.items.join(", ")));
    }
    v
}

/// The JSON Schema of a campaign file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Campaign)
}

#[cfg(test)]
#[path = "campaign_tests.rs"]
mod tests;
