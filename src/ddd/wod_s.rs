//! World of Dungeons S characters as a Dungeons Dark & Dangerous war-party
//! (`tilecrawl party new --for dd-and-d`): the project's table
//! (`templates/characters/wod-s-to-ddd.yaml`) makes each character one
//! model — power die by class and Str, defense die by armour, Extra Wounds
//! by level, an ability by class, gear and the sheet's abilities — and
//! World of Dungeons S
//! hirelings by the day fill the ranks up to the ten models a war-party
//! has, each a rolled kind with a name from a rolled land.

use crate::characters::CharacterError;
use crate::characters::wod_s::data::ItemKind;
use crate::characters::wod_s::{Character, Sheet, Tables, names};
use crate::core::dice::Dice;
use crate::core::yaml::FileError;
use crate::ddd::warparty::{
    Ability, Die, FORMAT as WARPARTY_FORMAT, MAX_ABILITIES, MAX_NAME, MODELS, Model, Warparty,
    may_take,
};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The format tag of the conversion table.
pub const FORMAT: &str = "tilecrawl-wod-s-ddd/1";

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/characters/wod-s-to-ddd.yaml"
));

/// A hireling kind's model.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HirelingModel {
    /// Its power die.
    pub power: Die,
    /// Its defense die.
    pub defense: Die,
    /// Abilities it brings, as far as the war-party's limit goes.
    #[serde(default)]
    pub abilities: Vec<Ability>,
}

/// The conversion from World of Dungeons S characters and hirelings to a
/// war-party.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "WodSToDdd")]
pub struct Conversion {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    format: String,
    /// The power die of each class. Few sides win close combat, many
    /// sides cunning tests and shots (the text's statistics section).
    pub power_by_class: BTreeMap<String, Die>,
    /// Str at or above this gives a power die one size smaller (stronger
    /// in close combat).
    pub strong: i32,
    /// The defense die by armour 0, 1, 2 and 3 or more: more armour, fewer
    /// sides (harder to wound, slower).
    pub defense_by_armour: Vec<Die>,
    /// The Extra Wounds a character has earned at levels 1 to 10, on top
    /// of the war-party's ten abilities.
    pub extra_wounds_by_level: Vec<u32>,
    /// The ability each class brings.
    pub class_abilities: BTreeMap<String, Ability>,
    /// The ability a missile weapon in the gear brings.
    pub missile: Ability,
    /// World of Dungeons S abilities that carry over, and as what.
    #[serde(default)]
    pub abilities: BTreeMap<String, Ability>,
    /// The model of each hireling kind.
    pub hirelings: BTreeMap<String, HirelingModel>,
}

impl Conversion {
    /// The embedded table (parsed and checked once).
    pub fn embedded() -> &'static Conversion {
        static C: std::sync::OnceLock<Conversion> = std::sync::OnceLock::new();
        C.get_or_init(|| parse(EMBEDDED, "wod-s-to-ddd.yaml").expect("checked by the tests"))
    }
}

/// Parses and checks a conversion table against the World of Dungeons S
/// tables; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Conversion, FileError> {
    let c: Conversion =
        crate::core::yaml::parse_kind(text, file, FORMAT, |c: &Conversion| &c.format)?;
    let bad = |key: &str, m: String| Err(FileError::at_key(file, key, m));
    let t = Tables::embedded();
    if c.extra_wounds_by_level.len() != t.levels.len() {
        return bad(
            "extra_wounds_by_level",
            format!("one number for each of the {} levels", t.levels.len()),
        );
    }
    if let Some(n) = c.extra_wounds_by_level.iter().find(|n| **n > 5) {
        return bad(
            "extra_wounds_by_level",
            format!("{n} Extra Wounds; at most 5 at a level"),
        );
    }
    if c.defense_by_armour.is_empty() {
        return bad("defense_by_armour", "at least one die".into());
    }
    for class in &t.classes {
        if !c.power_by_class.contains_key(&class.id) {
            return bad(
                "power_by_class",
                format!("class `{}` has no power die", class.id),
            );
        }
        if !c.class_abilities.contains_key(&class.id) {
            return bad(
                "class_abilities",
                format!("class `{}` has no ability", class.id),
            );
        }
    }
    if let Some(k) = c.class_abilities.keys().find(|k| t.class(k).is_none()) {
        return bad("class_abilities", format!("unknown class `{k}`"));
    }
    if let Some(k) = c.power_by_class.keys().find(|k| t.class(k).is_none()) {
        return bad("power_by_class", format!("unknown class `{k}`"));
    }
    if let Some(k) = c.abilities.keys().find(|k| t.ability(k).is_none()) {
        return bad(
            "abilities",
            format!("unknown World of Dungeons S ability `{k}`"),
        );
    }
    for h in &t.hirelings {
        if !c.hirelings.contains_key(&h.id) {
            return bad(
                "hirelings",
                format!("hireling kind `{}` has no model", h.id),
            );
        }
    }
    if let Some(k) = c
        .hirelings
        .keys()
        .find(|k| !t.hirelings.iter().any(|h| &h.id == *k))
    {
        return bad("hirelings", format!("unknown hireling kind `{k}`"));
    }
    Ok(c)
}

/// The die one size smaller (a d4 stays a d4).
fn smaller(d: Die) -> Die {
    let i = Die::ALL.iter().position(|x| *x == d).unwrap_or(0);
    Die::ALL[i.saturating_sub(1)]
}

/// A character's model (numbered `number`) with the Extra Wounds its level
/// earned, without the abilities dealt in turns yet.
pub fn model_of(c: &Conversion, s: &Sheet, number: u32) -> Model {
    // `parse` checked that every class has a die; d8, the text's typical
    // soldier, for a sheet of a class the tables lack.
    let mut power = c.power_by_class.get(&s.class).copied().unwrap_or(Die::D8);
    if s.attributes.str >= c.strong {
        power = smaller(power);
    }
    let armour = (s.armour as usize).min(c.defense_by_armour.len() - 1);
    Model {
        number,
        name: fit_name(&s.name),
        power,
        defense: c.defense_by_armour[armour],
        abilities: vec![Ability::ExtraWound; level_wounds(c, s) as usize],
        experience: 0,
    }
}

/// The Extra Wounds a character's level earned.
pub fn level_wounds(c: &Conversion, s: &Sheet) -> u32 {
    let level = (s.level.max(1) as usize - 1).min(c.extra_wounds_by_level.len() - 1);
    c.extra_wounds_by_level[level]
}

/// The abilities a character asks for, most wanted first: its class's,
/// a missile weapon's, then its sheet's that carry over.
pub fn wanted(c: &Conversion, s: &Sheet) -> Vec<Ability> {
    let t = Tables::embedded();
    let mut out: Vec<Ability> = c
        .class_abilities
        .get(&s.class)
        .copied()
        .into_iter()
        .collect();
    let missile = s
        .gear
        .iter()
        .any(|g| t.item(g).is_some_and(|i| i.kind == ItemKind::Missile));
    if missile {
        out.push(c.missile);
    }
    out.extend(s.abilities.iter().filter_map(|a| c.abilities.get(a)));
    out
}

/// A name cut to what a war-party takes.
fn fit_name(name: &str) -> String {
    name.chars().take(MAX_NAME).collect()
}

/// The war-party's name: after its first character.
fn party_name(first: &str) -> String {
    let tail = "'s company";
    let head: String = first
        .chars()
        .take(MAX_NAME - tail.chars().count())
        .collect();
    format!("{head}{tail}")
}

/// One hireling of the war-party: its model's number, name, kind and land.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HiredModel {
    /// The model's number.
    pub number: u32,
    /// Its name.
    pub name: String,
    /// Its kind (`armsman`).
    pub kind: String,
    /// The land its name is from (title).
    pub land: String,
}

/// A war-party of characters and hirelings, with who was hired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Company {
    /// The war-party, checked.
    pub warparty: Warparty,
    /// The hirelings, in model order.
    pub hired: Vec<HiredModel>,
}

/// Makes the war-party of `chars` (1 to 10, models 1 on), filling the
/// ranks with hirelings rolled on `dice` (each a kind, a land and a name,
/// none a character's). Abilities are handed out in turns — every model's
/// first wish, then every model's second, … — as long as the war-party
/// has room (ten) and the rules allow (once each, a prerequisite first).
pub fn company(chars: &[Character], dice: &mut Dice) -> Result<Company, CharacterError> {
    if chars.is_empty() || chars.len() > MODELS {
        return Err(CharacterError::OutOfRange {
            what: "the number of heroes in a war-party",
            got: chars.len() as i64,
            low: 1,
            high: MODELS as i64,
        });
    }
    let c = Conversion::embedded();
    let t = Tables::embedded();
    let mut models: Vec<Model> = Vec::with_capacity(MODELS);
    let mut wishes: Vec<Vec<Ability>> = Vec::with_capacity(MODELS);
    for (i, ch) in chars.iter().enumerate() {
        models.push(model_of(c, &ch.sheet, i as u32 + 1));
        wishes.push(wanted(c, &ch.sheet));
    }
    let mut taken: Vec<String> = chars.iter().map(|ch| ch.sheet.name.clone()).collect();
    let lands = names::human_lands();
    let mut hired = Vec::new();
    for n in chars.len() as u32 + 1..=MODELS as u32 {
        let k = dice.choose_then(t.hirelings.len(), |k| {
            format!("model {n}: hireling kind {}", t.hirelings[k].id)
        });
        let kind = &t.hirelings[k].id;
        let l = dice.choose_then(lands.len(), |i| {
            format!("model {n}: hireling's land {}", lands[i].title)
        });
        let name = names::draw(lands[l], 1, &taken, dice)?.remove(0);
        taken.push(name.clone());
        let m = &c.hirelings[kind];
        models.push(Model {
            number: n,
            name: fit_name(&name),
            power: m.power,
            defense: m.defense,
            abilities: Vec::new(),
            experience: 0,
        });
        wishes.push(m.abilities.clone());
        hired.push(HiredModel {
            number: n,
            name,
            kind: kind.clone(),
            land: lands[l].title.clone(),
        });
    }
    // The levels' Extra Wounds stand beside the ten abilities every
    // war-party may hold, as abilities bought with experience do.
    let earned: usize = models.iter().map(|m| m.abilities.len()).sum();
    let mut dealt = 0;
    let most = wishes.iter().map(Vec::len).max().unwrap_or(0);
    for turn in 0..most {
        for (m, w) in models.iter_mut().zip(&wishes) {
            if let Some(&a) = w.get(turn)
                && dealt < MAX_ABILITIES
                && may_take(m, a)
            {
                m.abilities.push(a);
                dealt += 1;
            }
        }
    }
    let warparty = Warparty {
        format: WARPARTY_FORMAT.into(),
        name: party_name(&chars[0].sheet.name),
        models,
        ability_limit: (earned > 0).then_some((MAX_ABILITIES + earned) as u32),
        // Every roll that made it: the characters' (when `dice` made them)
        // and the hirelings'.
        log: dice.log().to_vec(),
    };
    Ok(Company { warparty, hired })
}

/// The JSON Schema of the World of Dungeons S to Dungeons Dark & Dangerous
/// conversion table file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Conversion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::characters::wod_s::character::{Options, party};
    use crate::ddd::warparty::problems;

    fn chars(seed: u64, n: u32, o: &Options) -> Vec<Character> {
        let mut d = Dice::for_stage(seed, "characters");
        party(Tables::embedded(), o, n, &mut d).unwrap()
    }

    #[test]
    fn a_sheet_becomes_a_model_by_the_table() {
        let c = Conversion::embedded();
        let mut s = chars(1, 1, &Options::default()).remove(0).sheet;
        s.level = 1;
        s.attributes.str = 0;
        s.armour = 0;
        s.class = "wizard".into();
        s.gear = vec!["bow".into()];
        s.abilities = vec!["volley".into(), "cantrips".into()];
        let m = model_of(c, &s, 3);
        // A wizard's d12 (cunning, weak in close combat); no armour, d10.
        assert_eq!((m.number, m.power, m.defense), (3, Die::D12, Die::D10));
        assert!(m.abilities.is_empty(), "level 1 earned nothing");
        // Mage by class, Ranged Attack by the bow, Ace Shot by Volley.
        assert_eq!(
            wanted(c, &s),
            [Ability::Mage, Ability::RangedAttack, Ability::AceShot]
        );
        s.class = "fighter".into();
        s.level = 9;
        s.attributes.str = 2;
        s.armour = 5;
        let m = model_of(c, &s, 1);
        // A strong fighter: d6 one size smaller; armour 3+ is full plate.
        assert_eq!((m.power, m.defense), (Die::D4, Die::D4));
        assert_eq!(m.abilities, [Ability::ExtraWound; 3], "level 9");
        s.class = "barbarian".into();
        s.attributes.str = 4;
        s.level = 3;
        let m = model_of(c, &s, 1);
        assert_eq!(m.power, Die::D4, "d6 one size smaller");
        assert_eq!(m.abilities, [Ability::ExtraWound], "level 3");
    }

    /// The table keeps the text's sense of the dice (L49-53): in close
    /// combat and against wounds the smaller die is the better, so Str and
    /// armour never give a larger die, and a higher level never fewer
    /// wounds; a torch bearer is the weakest model in a fight.
    #[test]
    fn better_sheets_never_make_weaker_models() {
        let c = Conversion::embedded();
        let mut s = chars(2, 1, &Options::default()).remove(0).sheet;
        for class in c.power_by_class.keys() {
            s.class = class.clone();
            for armour in 0..5 {
                for level in 1..10 {
                    s.armour = armour;
                    s.level = level;
                    s.attributes.str = 0;
                    let base = model_of(c, &s, 1);
                    s.attributes.str = 3;
                    let strong = model_of(c, &s, 1);
                    assert!(strong.power <= base.power, "{class}: Str");
                    s.armour = armour + 1;
                    assert!(
                        model_of(c, &s, 1).defense <= base.defense,
                        "{class}: armour"
                    );
                    s.armour = armour;
                    s.level = level + 1;
                    assert!(
                        model_of(c, &s, 1).abilities.len() >= base.abilities.len(),
                        "{class}: level"
                    );
                }
            }
        }
        let torch = &c.hirelings["torch-bearer"];
        for (kind, h) in &c.hirelings {
            assert!(
                h.defense <= torch.defense && h.power <= torch.power,
                "{kind}"
            );
        }
    }

    /// Over many seeds, party sizes and levels, the company is a legal
    /// war-party: ten models, at most ten abilities, the rules kept; the
    /// characters are models 1 on under their own names, the hirelings
    /// after them under names no character has.
    #[test]
    fn every_company_is_a_legal_war_party() {
        for seed in 0..120 {
            let n = (seed % 10) as u32 + 1;
            let o = Options {
                level: (seed % 7) as u32 + 1,
                ..Options::default()
            };
            let cs = chars(seed, n, &o);
            let mut d = Dice::for_stage(seed, "characters");
            let co = company(&cs, &mut d).unwrap();
            let w = &co.warparty;
            assert!(problems(w).is_empty(), "seed {seed}: {:?}", problems(w));
            assert_eq!(w.models.len(), MODELS);
            assert_eq!(co.hired.len(), MODELS - n as usize);
            for (i, ch) in cs.iter().enumerate() {
                assert_eq!(w.models[i].name, ch.sheet.name);
                let want = wanted(Conversion::embedded(), &ch.sheet);
                // A character's class ability comes first, and the first
                // turn gives each model its first wish while room lasts.
                if i < MAX_ABILITIES
                    && let Some(first) = want.first()
                {
                    assert!(w.models[i].abilities.contains(first), "seed {seed}");
                }
            }
            for h in &co.hired {
                assert!(!cs.iter().any(|c| c.sheet.name == h.name), "seed {seed}");
            }
        }
    }

    #[test]
    fn the_party_is_named_after_its_first_character() {
        assert_eq!(party_name("Maerla"), "Maerla's company");
        assert_eq!(party_name(&"x".repeat(50)).chars().count(), MAX_NAME);
    }

    #[test]
    fn a_broken_table_is_refused_by_key() {
        let bad = EMBEDDED.replace("  wizard: mage\n", "");
        let e = parse(&bad, "t.yaml").unwrap_err().to_string();
        assert!(e.contains("class `wizard` has no ability"), "{e}");
        let bad = EMBEDDED.replace(
            "  champion: {power: d6, defense: d4, abilities: [extra-wound]}\n",
            "",
        );
        let e = parse(&bad, "t.yaml").unwrap_err().to_string();
        assert!(e.contains("`champion` has no model"), "{e}");
        let bad = EMBEDDED.replace("strong: 2", "strong: 2\nwizardry: 1");
        assert!(parse(&bad, "t.yaml").is_err());
        let bad = EMBEDDED.replace("  thief: d10\n", "");
        let e = parse(&bad, "t.yaml").unwrap_err().to_string();
        assert!(e.contains("class `thief` has no power die"), "{e}");
        let bad = EMBEDDED.replace("[0, 0, 1, 1, 1, 2, 2, 2, 3, 3]", "[0, 1]");
        let e = parse(&bad, "t.yaml").unwrap_err().to_string();
        assert!(e.contains("extra_wounds_by_level"), "{e}");
    }
}
