//! The heroes' party (`format: tilecrawl-party/1`): the players in turn
//! order, each with a team of heroes, their point values and dice-combat stats.

use crate::mkd::figures::{
    Ability, MAX_ARMOUR, MAX_STAT, Shoot, Stats, check_name, check_stats, parse_abilities,
};
use crate::mkd::tables::{Item, RawItem};
use serde::Deserialize;
use std::path::Path;

pub use crate::characters::wod_s::sheet_name::NameMismatch;
use crate::characters::wod_s::sheet_name::names_agree;

/// The format tag of party files.
pub const FORMAT: &str = "tilecrawl-party/1";
/// Largest party file accepted, in bytes.
pub const MAX_FILE_BYTES: u64 = 64 * 1024;
/// Most teams (players) in a party.
pub const MAX_TEAMS: usize = 8;
/// Most heroes in a party, all teams together.
pub const MAX_HEROES: usize = 12;
/// Longest hero name, in characters.
pub const MAX_HERO_NAME: usize = 24;
/// Words the play prompt reads as commands, so no hero may be called one.
pub const RESERVED_WORDS: [&str; 22] = [
    "moves", "move", "to", "end", "turn", "status", "map", "help", "undo", "hit", "kill", "wound",
    "opens", "open", "attacks", "attack", "the", "at", "lead", "smash", "out", "done",
];

/// The embedded default party, as YAML (what a save stores when no --party is given).
pub const DEFAULT_YAML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/parties/default.yaml"
));

/// The heroes that enter the dungeon.
#[derive(Debug, Clone, PartialEq)]
pub struct Party {
    /// Name of the party.
    pub name: String,
    /// The teams in turn order.
    pub teams: Vec<Team>,
    /// The hero held in the Central Chamber in a rescue mission (the
    /// optional `prisoner:` entry; [`Party::prisoner_or_fallback`] supplies
    /// one when the file has none).
    pub prisoner: Option<Hero>,
    /// The campaign the party is in (the optional `campaign:` entry, which
    /// `campaign next` writes): its heroes level in town, not in the dungeon.
    pub campaign: Option<String>,
}

/// One player's heroes.
#[derive(Debug, Clone, PartialEq)]
pub struct Team {
    /// The player's name.
    pub player: String,
    /// The heroes, in file order.
    pub heroes: Vec<Hero>,
}

/// One hero.
#[derive(Debug, Clone, PartialEq)]
pub struct Hero {
    /// One word (letters, digits, `-`, `_`), unique in the party ignoring case.
    pub name: String,
    /// Point value (MKD), 1 to 1000.
    pub value: u32,
    /// Level on the hero's dial: 1 unless the party file says (0 is the
    /// optional level-0 start of a hero worth over 30 points at level 1;
    /// campaign heroes carry the level they trained to).
    pub level: u32,
    /// Dice-combat stats.
    pub stats: Stats,
    /// Special abilities (read from the names of [`crate::mkd::figures::KNOWN_ABILITIES`]).
    pub abilities: Vec<Ability>,
    /// Con from the hero's World of Dungeons S sheet (`wod_s:`), 0 without
    /// one: the `--injuries wod-s` Con check adds it.
    pub con: i32,
    /// Items the hero brings into the dungeon, each in an open chest of its
    /// own that the hero carries (a campaign's charged items, bought or
    /// recharged in town; at most [`MAX_CHESTS_BROUGHT`]).
    pub chests: Vec<Item>,
}

/// What a level-0 hero is worth (the rules' optional start for heroes whose
/// level-1 value is over 30).
pub const LEVEL_ZERO_VALUE: u32 = 20;

/// The least level-1 value a hero may start at level 0 with (over 30).
pub const LEVEL_ZERO_FROM: u32 = 31;

/// The most points a party file may say one hero is worth (the least is 1).
pub const MAX_HERO_VALUE: u32 = 1000;

/// The highest level a party file may give a hero.
pub const MAX_LEVEL: u32 = 100;

/// Most chests a hero may bring into the dungeon: as many as a hero may
/// carry (two, rules L484).
pub const MAX_CHESTS_BROUGHT: usize = 2;

/// Largest item bonus (or penalty) a party or campaign file may give.
pub const MAX_ITEM_BONUS: i32 = 20;

/// Most abilities one item may grant.
pub const MAX_ITEM_ABILITIES: usize = 16;

impl Hero {
    /// The hero's point value as it enters the dungeon: 20 at level 0, else
    /// the file's value.
    pub fn start_value(&self) -> u32 {
        if self.level == 0 {
            LEVEL_ZERO_VALUE
        } else {
            self.value
        }
    }
}

impl Party {
    /// The party's total point value (sets the WMT pool); a level-0 hero
    /// counts 20.
    pub fn total_value(&self) -> u32 {
        self.heroes().map(Hero::start_value).sum()
    }

    /// The rescue mission's prisoner: the party file's `prisoner:` entry, or
    /// else [`fallback_prisoner`] (renamed if a party hero has its name).
    pub fn prisoner_or_fallback(&self) -> Hero {
        if let Some(p) = &self.prisoner {
            return p.clone();
        }
        let mut p = fallback_prisoner();
        let taken = |n: &str| self.heroes().any(|h| h.name.eq_ignore_ascii_case(n));
        let base = p.name.clone();
        let mut k = 2;
        while taken(&p.name) {
            p.name = format!("{base}{k}");
            k += 1;
        }
        p
    }

    /// Every hero, team by team in turn order.
    pub fn heroes(&self) -> impl Iterator<Item = &Hero> {
        self.teams.iter().flat_map(|t| t.heroes.iter())
    }
}

/// Why a party file was refused (one line: file, place, what was expected).
pub type PartyError = crate::core::yaml::FileError;

#[derive(Deserialize)]
struct FileHead {
    #[serde(default)]
    format: Option<String>,
}

/// A party file (`format: tilecrawl-party/1`).
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct PartyFile {
    /// The file format: the one this version reads.
    #[allow(dead_code)] // checked from `FileHead`
    #[schemars(extend("const" = FORMAT))]
    format: String,
    #[serde(default)]
    name: Option<String>,
    #[schemars(length(min = 1, max = MAX_TEAMS))]
    teams: Vec<RawTeam>,
    #[serde(default)]
    prisoner: Option<RawHero>,
    #[serde(default)]
    campaign: Option<String>,
}

/// The prisoner used when a party file names none: a plain 20-point
/// fighter (the project's own numbers, in the range of the default party).
pub fn fallback_prisoner() -> Hero {
    Hero {
        name: "Captive".into(),
        value: 20,
        level: 1,
        stats: Stats {
            speed: 4,
            attacks: 3,
            shoot: None,
            armour: 4,
            wounds: 4,
        },
        abilities: Vec::new(),
        con: 0,
        chests: Vec::new(),
    }
}

/// One player's heroes.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawTeam {
    player: String,
    #[schemars(length(min = 1, max = MAX_HEROES))]
    heroes: Vec<RawHero>,
}

/// One hero: value, level, dice-combat statistics and abilities.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawHero {
    #[schemars(length(min = 1, max = MAX_HERO_NAME))]
    name: String,
    #[schemars(range(min = 1, max = MAX_HERO_VALUE))]
    value: u32,
    #[serde(default)]
    #[schemars(range(max = MAX_LEVEL))]
    level: Option<u32>,
    #[schemars(range(min = 1, max = MAX_STAT))]
    speed: u32,
    #[schemars(range(min = 1, max = MAX_STAT))]
    attacks: u32,
    #[serde(default)]
    shoot: Option<Shoot>,
    #[schemars(range(min = 1, max = MAX_ARMOUR))]
    armour: u32,
    #[schemars(range(min = 1, max = MAX_STAT))]
    wounds: u32,
    #[serde(default)]
    abilities: Vec<String>,
    /// The World of Dungeons S sheet the hero was made from (`tilecrawl
    /// party new`); checked, and kept out of play.
    #[serde(default)]
    wod_s: Option<crate::characters::wod_s::Sheet>,
    /// Con for the World of Dungeons S Con check (`play --injuries wod-s`)
    /// of a hero without a `wod_s` sheet: a campaign's adventure party
    /// carries it so. With a sheet, it must be the sheet's.
    #[serde(default)]
    #[schemars(range(min = -1, max = 3))]
    con: Option<i32>,
    /// Items brought into the dungeon, each in an open chest the hero
    /// carries (at most two).
    #[serde(default)]
    #[schemars(length(max = MAX_CHESTS_BROUGHT))]
    chests: Vec<RawItem>,
}

/// The JSON Schema of a party file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(PartyFile)
}

/// The embedded default party: two players with two heroes each, 95 points.
pub fn default_party() -> Party {
    parse(DEFAULT_YAML, "default party").expect("the embedded party is checked by the tests")
}

/// Loads a party from a file (the size is checked before reading).
pub fn load(path: &Path) -> Result<Party, PartyError> {
    load_noting(path).map(|(party, _)| party)
}

/// [`load`], with the names the file gives a hero two ways
/// ([`NameMismatch`]) for the caller to warn of.
pub fn load_noting(path: &Path) -> Result<(Party, Vec<NameMismatch>), PartyError> {
    let text = crate::core::yaml::read_file(path, MAX_FILE_BYTES, "a party file")?;
    parse_noting(&text, &path.display().to_string())
}

/// Parses and checks a party; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Party, PartyError> {
    parse_noting(text, file).map(|(party, _)| party)
}

/// [`parse`], with the names the file gives a hero two ways
/// ([`NameMismatch`]) for the caller to warn of.
pub fn parse_noting(text: &str, file: &str) -> Result<(Party, Vec<NameMismatch>), PartyError> {
    let mut notes = Vec::new();
    let party = check(text, file, &mut notes).map_err(|(location, message)| PartyError {
        file: file.to_string(),
        location,
        message,
    })?;
    for n in &mut notes {
        n.place(text, file);
    }
    Ok((party, notes))
}

/// Whether `name` is one word of letters, digits, `-` or `_`, not too long.
fn is_hero_word(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= MAX_HERO_NAME
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

fn check(text: &str, file: &str, notes: &mut Vec<NameMismatch>) -> Result<Party, (String, String)> {
    if text.trim().is_empty() {
        return Err((
            String::new(),
            format!("the file is empty; expected `format: {FORMAT}` and a `teams` list"),
        ));
    }
    crate::core::yaml::check_shape(text)?;
    crate::core::yaml::check_kind(text, FORMAT)?;
    let head: FileHead =
        yaml_serde::from_str(text).map_err(|e| crate::core::yaml::error_parts(&e, text))?;
    match head.format {
        Some(f) if f == FORMAT => {}
        Some(f) => {
            return Err((
                "format: ".into(),
                format!(
                    "is `{}`; this version of tilecrawl reads `{FORMAT}`",
                    f.escape_default()
                ),
            ));
        }
        None => {
            return Err((
                String::new(),
                format!("missing `format: {FORMAT}` (is this a party file?)"),
            ));
        }
    }
    let raw: PartyFile =
        yaml_serde::from_str(text).map_err(|e| crate::core::yaml::error_parts(&e, text))?;
    let name = raw.name.unwrap_or_else(|| file.to_string());
    check_name(&name, 64).map_err(|m| ("name: ".to_string(), m.to_string()))?;
    if raw.teams.is_empty() || raw.teams.len() > MAX_TEAMS {
        return Err((
            "teams: ".into(),
            format!("has {} teams; expected 1 to {MAX_TEAMS}", raw.teams.len()),
        ));
    }
    let hero_count: usize = raw.teams.iter().map(|t| t.heroes.len()).sum();
    if hero_count > MAX_HEROES {
        return Err((
            "teams: ".into(),
            format!("hold {hero_count} heroes in all; expected 1 to {MAX_HEROES}"),
        ));
    }
    let mut teams: Vec<Team> = Vec::with_capacity(raw.teams.len());
    let mut seen: Vec<String> = Vec::new();
    for (t, team) in raw.teams.into_iter().enumerate() {
        let tloc = format!("teams[{t}]");
        check_name(&team.player, 64).map_err(|m| (format!("{tloc}.player: "), m.to_string()))?;
        if teams
            .iter()
            .any(|o| o.player.to_lowercase() == team.player.to_lowercase())
        {
            return Err((
                format!("{tloc}.player: "),
                format!(
                    "`{}` already has a team; give each player one team",
                    team.player
                ),
            ));
        }
        if team.heroes.is_empty() {
            return Err((
                format!("{tloc}.heroes: "),
                "is empty; every team needs at least one hero".into(),
            ));
        }
        let mut heroes = Vec::with_capacity(team.heroes.len());
        for (h, hero) in team.heroes.into_iter().enumerate() {
            let hloc = format!("{tloc}.heroes[{h}]");
            heroes.push(check_hero(hero, &hloc, &mut seen, notes)?);
        }
        teams.push(Team {
            player: team.player,
            heroes,
        });
    }
    let prisoner = match raw.prisoner {
        Some(p) if !p.chests.is_empty() => {
            return Err((
                "prisoner.chests: ".into(),
                "a prisoner waits in the Central Chamber with nothing; give the chests to a hero"
                    .into(),
            ));
        }
        Some(p) => Some(check_hero(p, "prisoner", &mut seen, notes)?),
        None => None,
    };
    if let Some(c) = &raw.campaign {
        check_name(c, 64).map_err(|m| ("campaign: ".to_string(), m.to_string()))?;
    }
    Ok(Party {
        name,
        teams,
        prisoner,
        campaign: raw.campaign,
    })
}

/// Checks one hero entry (`hloc` names it in errors); `seen` holds the
/// lower-case names so far, to refuse a name used twice; a sheet that
/// names the hero otherwise is noted in `notes`.
fn check_hero(
    hero: RawHero,
    hloc: &str,
    seen: &mut Vec<String>,
    notes: &mut Vec<NameMismatch>,
) -> Result<Hero, (String, String)> {
    if !is_hero_word(&hero.name) {
        return Err((
            format!("{hloc}: "),
            format!(
                "name `{}` must be one word of 1 to {MAX_HERO_NAME} letters, digits, `-` or `_` (it is typed at the play prompt)",
                hero.name.escape_default()
            ),
        ));
    }
    let at = || format!("{hloc} ({}): ", hero.name);
    let lower = hero.name.to_lowercase();
    if RESERVED_WORDS.contains(&lower.as_str()) {
        return Err((
            at(),
            format!(
                "`{}` is a word of the play commands; choose another name",
                hero.name
            ),
        ));
    }
    if seen.contains(&lower) {
        return Err((
            at(),
            "the name is used twice (ignoring case); each hero needs its own".into(),
        ));
    }
    seen.push(lower);
    if let Some(sheet) = &hero.wod_s {
        crate::characters::wod_s::character::check_sheet(
            crate::characters::wod_s::Tables::embedded(),
            sheet,
        )
        .map_err(|e| (format!("{hloc} ({}).wod_s: ", hero.name), e.what))?;
        if !names_agree(&hero.name, &sheet.name) {
            notes.push(NameMismatch::new(hloc, &hero.name, &sheet.name));
        }
    }
    let con = match (hero.con, &hero.wod_s) {
        (Some(c), _)
            if crate::characters::wod_s::injuries::check_con(
                crate::characters::wod_s::Tables::embedded(),
                c,
            )
            .is_err() =>
        {
            let (low, high) = crate::characters::wod_s::Tables::embedded().con_range();
            return Err((
                format!("{hloc} ({}).con: ", hero.name),
                format!("got {c}; expected {low} to {high}"),
            ));
        }
        (Some(c), Some(sheet)) if c != sheet.attributes.con => {
            return Err((
                format!("{hloc} ({}).con: ", hero.name),
                format!(
                    "got {c}, but the wod_s sheet's Con is {}; leave con out or make them agree",
                    sheet.attributes.con
                ),
            ));
        }
        (Some(c), _) => c,
        (None, sheet) => sheet.as_ref().map_or(0, |s| s.attributes.con),
    };
    if hero.value == 0 || hero.value > MAX_HERO_VALUE {
        return Err((
            at(),
            format!("value is {}; expected 1 to {MAX_HERO_VALUE}", hero.value),
        ));
    }
    let stats = Stats {
        speed: hero.speed,
        attacks: hero.attacks,
        shoot: hero.shoot,
        armour: hero.armour,
        wounds: hero.wounds,
    };
    check_stats(&stats).map_err(|m| (at(), m.to_string()))?;
    let abilities = parse_abilities(&hero.abilities).map_err(|m| (at(), m.to_string()))?;
    if abilities.contains(&crate::mkd::figures::Ability::Mounted) {
        return Err((
            at(),
            "Mounted is for monsters: the rules put mounted figures in the monster pool".into(),
        ));
    }
    let level = hero.level.unwrap_or(1);
    if level > MAX_LEVEL {
        return Err((at(), format!("level is {level}; expected 0 to {MAX_LEVEL}")));
    }
    if level == 0 && hero.value < LEVEL_ZERO_FROM {
        return Err((
            at(),
            format!(
                "level 0 is only for a hero worth over 30 points at level 1 (this one is worth {}); leave `level` out",
                hero.value
            ),
        ));
    }
    if level == 0 && stats.wounds < 2 {
        return Err((
            at(),
            "level 0 starts the hero one wound down, so it needs at least 2 wounds".into(),
        ));
    }
    if hero.chests.len() > MAX_CHESTS_BROUGHT {
        return Err((
            format!("{hloc} ({}).chests: ", hero.name),
            format!(
                "has {} chests; a hero carries at most {MAX_CHESTS_BROUGHT}",
                hero.chests.len()
            ),
        ));
    }
    let mut chests = Vec::with_capacity(hero.chests.len());
    for (i, it) in hero.chests.into_iter().enumerate() {
        let key = |k: &str| format!("{hloc} ({}).chests[{i}].{k}", hero.name);
        check_item(&it.name, [it.speed, it.attack, it.defence], &it.abilities)
            .map_err(|(k, m)| (key(k), m))?;
        chests.push(it.into_item());
    }
    Ok(Hero {
        name: hero.name,
        value: hero.value,
        level,
        stats,
        abilities,
        con,
        chests,
    })
}

/// Checks an item's name, its speed, attack and defence bonuses and the
/// abilities it grants; on a fault, the key (`name: `, `speed: `, …) and
/// what was expected. Party and campaign files share it.
pub fn check_item(
    name: &str,
    bonuses: [i32; 3],
    abilities: &[String],
) -> Result<(), (&'static str, String)> {
    check_name(name, 64).map_err(|m| ("name: ", m.to_string()))?;
    for (k, v) in ["speed: ", "attack: ", "defence: "]
        .into_iter()
        .zip(bonuses)
    {
        if !(-MAX_ITEM_BONUS..=MAX_ITEM_BONUS).contains(&v) {
            return Err((
                k,
                format!("is {v}; expected -{MAX_ITEM_BONUS} to {MAX_ITEM_BONUS}"),
            ));
        }
    }
    parse_abilities(abilities).map_err(|m| ("abilities: ", m.to_string()))?;
    if abilities.len() > MAX_ITEM_ABILITIES {
        return Err((
            "abilities: ",
            format!("has more than {MAX_ITEM_ABILITIES} abilities"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "format: tilecrawl-party/1
teams:
  - player: Ann
    heroes:
      - {name: Ayla, value: 45, speed: 5, attacks: 4, shoot: {dice: 2, range: 6}, armour: 4, wounds: 6, abilities: [Nimble]}
";

    #[test]
    fn default_party_is_two_players_two_heroes_95_points() {
        let p = default_party();
        assert_eq!(p.teams.len(), 2);
        assert!(p.teams.iter().all(|t| t.heroes.len() == 2));
        assert_eq!(p.total_value(), 95);
        assert_eq!(p.heroes().count(), 4);
    }

    #[test]
    fn the_example_from_the_docs_parses() {
        let p = parse(ONE, "p.yaml").unwrap();
        assert_eq!(p.name, "p.yaml");
        let h = p.heroes().next().unwrap();
        assert_eq!(h.name, "Ayla");
        assert_eq!(h.stats.shoot, Some(Shoot { dice: 2, range: 6 }));
        assert_eq!(h.stats.armour, 4);
        assert_eq!(p.total_value(), 45);
    }

    #[test]
    fn hero_names_are_single_free_words() {
        let e = parse(&ONE.replace("Ayla", "Ay la"), "p.yaml").unwrap_err();
        assert!(
            e.to_string().contains("teams[0].heroes[0]: name `Ay la`"),
            "{e}"
        );
        let e = parse(&ONE.replace("Ayla", "Undo"), "p.yaml").unwrap_err();
        assert!(e.to_string().contains("word of the play commands"), "{e}");
        let two = format!(
            "{ONE}      - {{name: AYLA, value: 5, speed: 4, attacks: 1, armour: 3, wounds: 1}}\n"
        );
        let e = parse(&two, "p.yaml").unwrap_err();
        assert!(e.to_string().contains("heroes[1] (AYLA)"), "{e}");
        assert!(e.to_string().contains("used twice"), "{e}");
    }

    #[test]
    fn a_level_0_start_is_for_heroes_over_30_points() {
        let zero = ONE.replace("value: 45,", "value: 45, level: 0,");
        let p = parse(&zero, "p.yaml").unwrap();
        let h = p.heroes().next().unwrap();
        assert_eq!((h.level, h.value, h.start_value()), (0, 45, 20));
        assert_eq!(p.total_value(), 20);
        let e = parse(&ONE.replace("value: 45,", "value: 30, level: 0,"), "p.yaml").unwrap_err();
        assert!(
            e.to_string()
                .contains("level 0 is only for a hero worth over 30 points"),
            "{e}"
        );
        let e = parse(&zero.replace("wounds: 6", "wounds: 1"), "p.yaml").unwrap_err();
        assert!(e.to_string().contains("at least 2 wounds"), "{e}");
        let e = parse(
            &ONE.replace("value: 45,", "value: 45, level: 101,"),
            "p.yaml",
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("level is 101; expected 0 to 100"),
            "{e}"
        );
    }

    #[test]
    fn a_campaign_party_names_its_campaign() {
        let p = parse(&ONE.replace("teams:", "campaign: Saga\nteams:"), "p.yaml").unwrap();
        assert_eq!(p.campaign.as_deref(), Some("Saga"));
        assert_eq!(parse(ONE, "p.yaml").unwrap().campaign, None);
    }

    #[test]
    fn a_hero_may_bring_up_to_two_chests_from_town() {
        let with = |chests: &str| {
            ONE.replace(
                "abilities: [Nimble]}",
                &format!("abilities: [Nimble], chests: [{chests}]}}"),
            )
        };
        let p = parse(
            &with("{name: honed blade, attack: 1}, {name: swift draught, speed: 2, potion: true, abilities: [Quickness]}"),
            "p.yaml",
        )
        .unwrap();
        let h = p.heroes().next().unwrap();
        assert_eq!(h.chests.len(), 2);
        assert_eq!(
            (h.chests[0].name.as_str(), h.chests[0].attack),
            ("honed blade", 1)
        );
        assert!(h.chests[1].potion && h.chests[1].abilities == ["Quickness"]);
        for (chests, says) in [
            (
                "{name: a}, {name: b}, {name: c}",
                "teams[0].heroes[0] (Ayla).chests: has 3 chests; a hero carries at most 2",
            ),
            (
                "{name: a, attack: 21}",
                "teams[0].heroes[0] (Ayla).chests[0].attack: is 21; expected -20 to 20",
            ),
            (
                "{name: a, abilities: [Flying]}",
                "teams[0].heroes[0] (Ayla).chests[0].abilities: unknown ability `Flying`",
            ),
            ("{name: a, gold: 5}", "unknown field `gold`"),
        ] {
            let e = parse(&with(chests), "p.yaml").unwrap_err().to_string();
            assert!(e.contains(says), "{chests}: {e}");
            assert_eq!(e.lines().count(), 1, "{e}");
        }
        let held = format!(
            "{ONE}prisoner: {{name: Wren, value: 20, speed: 4, attacks: 3, armour: 4, wounds: 4, chests: [{{name: a}}]}}\n"
        );
        let e = parse(&held, "p.yaml").unwrap_err().to_string();
        assert!(e.contains("prisoner.chests: "), "{e}");
    }

    /// Two heroes made by `party new`, as its party file.
    fn made_by_party_new() -> (String, Vec<crate::characters::wod_s::Sheet>) {
        let sheets = crate::characters::wod_s::character::two_of_seed_3();
        let text = crate::mkd::wod_s::party_yaml("test", &sheets, &[]).unwrap();
        (text, sheets)
    }

    /// A hero whose `name` and whose `wod_s:` sheet's name no longer agree
    /// (one of them edited by hand) loads, with one note naming the line
    /// of the hero's name, both names and which is used; as `party new`
    /// wrote it (spaces in the sheet's name as hyphens), or with the
    /// sheet's name in ASCII, there is none.
    #[test]
    fn a_hero_named_otherwise_in_its_sheet_is_noted_with_its_line() {
        let (text, sheets) = made_by_party_new();
        let (_, notes) = parse_noting(&text, "p.yaml").unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        let hero = crate::characters::names::one_word(&sheets[1].name);
        let line = text
            .lines()
            .position(|l| l.trim_start().trim_start_matches("- ") == format!("name: {hero}"))
            .map(|n| n + 1)
            .unwrap_or_else(|| panic!("no `name: {hero}` line in\n{text}"));
        // The hero's name edited.
        let hero_line = format!("  - name: {hero}\n");
        assert!(text.contains(&hero_line), "{text}");
        let renamed = text.replacen(&hero_line, "  - name: Rook\n", 1);
        let (p, notes) = parse_noting(&renamed, "p.yaml").unwrap();
        assert!(p.heroes().any(|h| h.name == "Rook"));
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(
            notes[0].to_string(),
            format!(
                "p.yaml: line {line}: hero `Rook` is named `{}` in its wod_s sheet; the hero's name `Rook` is used",
                sheets[1].name
            )
        );
        assert_eq!(notes[0].key, "teams[0].heroes[1]");
        // The sheet's name edited instead: the same line, the hero's name used.
        let sheet_line = format!("      name: {}\n", sheets[1].name);
        assert!(text.contains(&sheet_line), "{text}");
        let edited = text.replacen(&sheet_line, "      name: Rook Stone\n", 1);
        let (_, notes) = parse_noting(&edited, "p.yaml").unwrap();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(
            (notes[0].line, notes[0].sheet.as_str()),
            (Some(line), "Rook Stone")
        );
        let used = format!(
            "hero `{hero}` is named `Rook Stone` in its wod_s sheet; the hero's name `{hero}` is used"
        );
        assert!(notes[0].to_string().ends_with(&used), "{}", notes[0]);
        // `parse` takes the file all the same.
        assert!(parse(&renamed, "p.yaml").is_ok());
    }
}
