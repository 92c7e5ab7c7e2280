//! War-parties (rule text L38-96): ten models, each with a power die and a
//! defense die (d4 to d12) and abilities, at most ten abilities in the whole
//! party, none twice on one model unless starred, prerequisites held.
//!
//! ```yaml
//! format: tilecrawl-warparty/1
//! name: Blue
//! models:
//! - {number: 1, name: Blue 1, power: d6, defense: d8, abilities: [ranged-attack, ace-shot]}
//! ```
//!
//! [`new`] makes a balanced one from a seed; [`load`] reads one and refuses
//! the first problem; [`problems`] lists every problem (for `warparty check`).

use crate::core::dice::{Dice, LogEntry};
use crate::core::yaml::FileError;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The format tag of war-party files.
pub const FORMAT: &str = "tilecrawl-warparty/1";
/// Models in a war-party (L40, L46).
pub const MODELS: usize = 10;
/// Abilities in a whole war-party, at most (L46).
pub const MAX_ABILITIES: usize = 10;
/// Largest war-party file read, in bytes.
pub const MAX_WARPARTY_BYTES: u64 = 64 * 1024;
/// Longest model or party name, in characters.
pub const MAX_NAME: usize = 40;

/// A power or defense die.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Die {
    /// Four sides.
    D4,
    /// Six sides.
    D6,
    /// Eight sides.
    D8,
    /// Ten sides.
    D10,
    /// Twelve sides.
    D12,
}

impl Die {
    /// All five, smallest first.
    pub const ALL: [Die; 5] = [Die::D4, Die::D6, Die::D8, Die::D10, Die::D12];

    /// Its sides.
    pub fn sides(self) -> u32 {
        match self {
            Die::D4 => 4,
            Die::D6 => 6,
            Die::D8 => 8,
            Die::D10 => 10,
            Die::D12 => 12,
        }
    }
}

/// An ability or piece of equipment (L56-96).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Ability {
    /// Ranged Attack.
    RangedAttack,
    /// Huge.
    Huge,
    /// Extra Wound (may repeat).
    ExtraWound,
    /// Phase.
    Phase,
    /// Mage.
    Mage,
    /// Flight.
    Flight,
    /// Magic Weapon, for close combat (the roster says which, L70).
    MagicWeaponClose,
    /// Magic Weapon, for ranged attacks.
    MagicWeaponRanged,
    /// Extra Attack (may repeat).
    ExtraAttack,
    /// Magic Armor.
    MagicArmor,
    /// Thief.
    Thief,
    /// Fear.
    Fear,
    /// Healer.
    Healer,
    /// Ace shot (needs Ranged Attack).
    AceShot,
    /// Sure of Foot.
    SureOfFoot,
    /// Master Thief (needs Thief).
    MasterThief,
    /// Sneaky.
    Sneaky,
    /// Enthrall.
    Enthrall,
    /// Undead.
    Undead,
    /// Holy Aura.
    HolyAura,
    /// Strong Will.
    StrongWill,
}

impl Ability {
    /// Every ability, in the text's order.
    pub const ALL: [Ability; 21] = [
        Ability::RangedAttack,
        Ability::Huge,
        Ability::ExtraWound,
        Ability::Phase,
        Ability::Mage,
        Ability::Flight,
        Ability::MagicWeaponClose,
        Ability::MagicWeaponRanged,
        Ability::ExtraAttack,
        Ability::MagicArmor,
        Ability::Thief,
        Ability::Fear,
        Ability::Healer,
        Ability::AceShot,
        Ability::SureOfFoot,
        Ability::MasterThief,
        Ability::Sneaky,
        Ability::Enthrall,
        Ability::Undead,
        Ability::HolyAura,
        Ability::StrongWill,
    ];

    /// Its id in files.
    pub fn id(self) -> &'static str {
        match self {
            Ability::RangedAttack => "ranged-attack",
            Ability::Huge => "huge",
            Ability::ExtraWound => "extra-wound",
            Ability::Phase => "phase",
            Ability::Mage => "mage",
            Ability::Flight => "flight",
            Ability::MagicWeaponClose => "magic-weapon-close",
            Ability::MagicWeaponRanged => "magic-weapon-ranged",
            Ability::ExtraAttack => "extra-attack",
            Ability::MagicArmor => "magic-armor",
            Ability::Thief => "thief",
            Ability::Fear => "fear",
            Ability::Healer => "healer",
            Ability::AceShot => "ace-shot",
            Ability::SureOfFoot => "sure-of-foot",
            Ability::MasterThief => "master-thief",
            Ability::Sneaky => "sneaky",
            Ability::Enthrall => "enthrall",
            Ability::Undead => "undead",
            Ability::HolyAura => "holy-aura",
            Ability::StrongWill => "strong-will",
        }
    }

    /// May a model take it more than once (starred in the text)?
    pub fn repeats(self) -> bool {
        matches!(self, Ability::ExtraWound | Ability::ExtraAttack)
    }

    /// What it needs first (L82, L86).
    pub fn needs(self) -> Option<Ability> {
        match self {
            Ability::AceShot => Some(Ability::RangedAttack),
            Ability::MasterThief => Some(Ability::Thief),
            _ => None,
        }
    }

    /// The ability it counts as for "only once" (the two Magic Weapons are
    /// one ability noted for close or ranged).
    fn kind(self) -> Ability {
        match self {
            Ability::MagicWeaponRanged => Ability::MagicWeaponClose,
            a => a,
        }
    }
}

/// One model of a war-party.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Model {
    /// 1 to 10 (L46): also its card in the initiative deck.
    #[schemars(range(min = 1, max = MODELS))]
    pub number: u32,
    /// Its name.
    pub name: String,
    /// The power die.
    pub power: Die,
    /// The defense die.
    pub defense: Die,
    /// Its abilities.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// Experience points not yet spent (the advanced rules, L167-172:
    /// five buy an ability after a game).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub experience: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A war-party file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Warparty {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// The party's name.
    pub name: String,
    /// The models, ten of them, numbered apart.
    #[schemars(length(equal = MODELS))]
    pub models: Vec<Model>,
    /// The most abilities the party may hold, when the advanced rules
    /// (reinforcements and experience, L164-176) took it past the ten a new
    /// party starts with; absent: ten.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = MAX_ABILITIES, max = MAX_ABILITY_LIMIT))]
    pub ability_limit: Option<u32>,
    /// The rolls that made it (none for a party written by hand).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LogEntry>,
}

/// One way a war-party breaks the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// Not `tilecrawl-warparty/1`.
    #[error("format: is `{0}`; expected `{FORMAT}`")]
    Format(String),
    /// A name blank, too long, or holding control characters.
    #[error("{key}: `{name}` must be 1 to {MAX_NAME} printable characters")]
    Name {
        /// Where.
        key: String,
        /// The name as given, cut short, control characters escaped.
        name: String,
    },
    /// Not ten models.
    #[error("models: {0} models; a war-party has exactly {MODELS}")]
    Count(usize),
    /// A number outside 1-10 or given twice.
    #[error("models[{index}]: number {number}; each model has its own number from 1 to {MODELS}")]
    Number {
        /// Which model.
        index: usize,
        /// Its number.
        number: u32,
    },
    /// More abilities than the party may hold (ten, or its `ability_limit`).
    #[error("models: {total} abilities in all; {}", limit_words(*.limit))]
    TooManyAbilities {
        /// Abilities in the party.
        total: usize,
        /// The most it may hold.
        limit: u32,
    },
    /// An `ability_limit` below ten or beyond what the advanced rules can give.
    #[error(
        "ability_limit: {0}; it is {MAX_ABILITIES} to {MAX_ABILITY_LIMIT} (absent: {MAX_ABILITIES})"
    )]
    Limit(u32),
    /// An unstarred ability twice on one model.
    #[error(
        "models[{index}] ({name}): {ability} twice; only extra-wound and extra-attack may repeat"
    )]
    Repeated {
        /// Which model.
        index: usize,
        /// Its name.
        name: String,
        /// The ability.
        ability: &'static str,
    },
    /// Magic Weapon for close combat and for ranged attacks on one model:
    /// one ability, taken once, for one or the other (L56, L70).
    #[error(
        "models[{index}] ({name}): {first} and {second}; a model takes Magic Weapon once, for close combat or for ranged attacks"
    )]
    BothMagicWeapons {
        /// Which model.
        index: usize,
        /// Its name.
        name: String,
        /// The one listed first.
        first: &'static str,
        /// The one listed second.
        second: &'static str,
    },
    /// Experience on an undead model, which never earns any (L92).
    #[error("models[{index}] ({name}): experience {experience}; undead never earn experience")]
    UndeadExperience {
        /// Which model.
        index: usize,
        /// Its name.
        name: String,
        /// The experience written.
        experience: u32,
    },
    /// A prerequisite missing.
    #[error("models[{index}] ({name}): {ability} needs {needs}")]
    Prerequisite {
        /// Which model.
        index: usize,
        /// Its name.
        name: String,
        /// The ability.
        ability: &'static str,
        /// What it needs.
        needs: &'static str,
    },
}

impl Problem {
    /// The key the problem is at, as [`crate::core::yaml::line_of`] reads
    /// it: a model's row, with the field named where there is one.
    pub fn key(&self) -> (String, Option<&'static str>) {
        match self {
            Problem::Format(_) => ("format".into(), None),
            Problem::Name { key, .. } => match key.split_once('.') {
                Some((row, _)) => (row.into(), Some("name")),
                None => (key.clone(), None),
            },
            Problem::Count(_) | Problem::TooManyAbilities { .. } => ("models".into(), None),
            Problem::Limit(_) => ("ability_limit".into(), None),
            Problem::Number { index, .. } => (format!("models[{index}]"), Some("number")),
            Problem::Repeated { index, .. }
            | Problem::BothMagicWeapons { index, .. }
            | Problem::Prerequisite { index, .. } => {
                (format!("models[{index}]"), Some("abilities"))
            }
            Problem::UndeadExperience { index, .. } => {
                (format!("models[{index}]"), Some("experience"))
            }
        }
    }

    /// The problem as an error naming `file` and, where the text lays the
    /// key out in block style, its line.
    pub fn in_file(&self, text: &str, file: &str) -> FileError {
        let (key, field) = self.key();
        FileError {
            file: file.into(),
            location: crate::core::yaml::line_of(text, &key, field)
                .map_or(String::new(), |n| format!("line {n}: ")),
            message: self.to_string(),
        }
    }
}

fn limit_words(limit: u32) -> String {
    if limit as usize == MAX_ABILITIES {
        format!("a war-party has at most {MAX_ABILITIES}")
    } else {
        format!("this war-party's ability_limit is {limit}")
    }
}

/// The largest `ability_limit` read: more than the advanced rules can give
/// in any likely campaign, small enough to keep files sane.
pub const MAX_ABILITY_LIMIT: u32 = 1000;

/// Every way `w` breaks the rules, in file order (empty: a legal party).
pub fn problems(w: &Warparty) -> Vec<Problem> {
    let mut out = Vec::new();
    if w.format != FORMAT {
        out.push(Problem::Format(crate::core::text::excerpt(&w.format, 40)));
    }
    let name_ok = |n: &str| crate::core::text::is_name(n, MAX_NAME);
    let shown = |n: &str| crate::core::text::excerpt(n, MAX_NAME);
    if !name_ok(&w.name) {
        out.push(Problem::Name {
            key: "name".into(),
            name: shown(&w.name),
        });
    }
    if w.models.len() != MODELS {
        out.push(Problem::Count(w.models.len()));
    }
    let mut seen: Vec<u32> = Vec::new();
    for (i, m) in w.models.iter().enumerate() {
        if !name_ok(&m.name) {
            out.push(Problem::Name {
                key: format!("models[{i}].name"),
                name: shown(&m.name),
            });
        }
        if !(1..=MODELS as u32).contains(&m.number) || seen.contains(&m.number) {
            out.push(Problem::Number {
                index: i,
                number: m.number,
            });
        }
        seen.push(m.number);
        let name = crate::core::text::excerpt(&m.name, MAX_NAME);
        for (k, a) in m.abilities.iter().enumerate() {
            let earlier = m.abilities[..k].iter().find(|b| b.kind() == a.kind());
            match earlier {
                Some(b) if b != a => out.push(Problem::BothMagicWeapons {
                    index: i,
                    name: name.clone(),
                    first: b.id(),
                    second: a.id(),
                }),
                Some(_) if !a.repeats() => out.push(Problem::Repeated {
                    index: i,
                    name: name.clone(),
                    ability: a.id(),
                }),
                _ => {}
            }
            if let Some(need) = a.needs()
                && !m.abilities.contains(&need)
            {
                out.push(Problem::Prerequisite {
                    index: i,
                    name: name.clone(),
                    ability: a.id(),
                    needs: need.id(),
                });
            }
        }
        if m.experience > 0 && m.abilities.contains(&Ability::Undead) {
            out.push(Problem::UndeadExperience {
                index: i,
                name: name.clone(),
                experience: m.experience,
            });
        }
    }
    let limit = match w.ability_limit {
        Some(l) if !(MAX_ABILITIES as u32..=MAX_ABILITY_LIMIT).contains(&l) => {
            out.push(Problem::Limit(l));
            MAX_ABILITIES as u32
        }
        Some(l) => l,
        None => MAX_ABILITIES as u32,
    };
    let total: usize = w.models.iter().map(|m| m.abilities.len()).sum();
    if total > limit as usize {
        out.push(Problem::TooManyAbilities { total, limit });
    }
    out
}

/// Reads and checks war-party YAML; `file` names it in errors (the first
/// problem only).
pub fn from_yaml(text: &str, file: &str) -> Result<Warparty, FileError> {
    let w = parse(text, file)?;
    if let Some(p) = problems(&w).into_iter().next() {
        return Err(p.in_file(text, file));
    }
    Ok(w)
}

/// Parses war-party YAML without checking the rules of [`problems`]
/// (`warparty check` lists them all); `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Warparty, FileError> {
    if text.trim().is_empty() {
        return Err(FileError::whole(
            file,
            format!("the file is empty; expected a war-party starting with `format: {FORMAT}`"),
        ));
    }
    // Another tilecrawl file (a scenario, a party) is named as what it is,
    // not refused for its first key.
    crate::core::yaml::check_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    crate::core::yaml::parse(text, file)
}

/// Reads a war-party file's text, refusing a file too large.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    crate::core::yaml::read_file(path, MAX_WARPARTY_BYTES, "a war-party")
}

/// Reads and checks a war-party file.
pub fn load(path: &Path) -> Result<Warparty, FileError> {
    from_yaml(&read_text(path)?, &path.display().to_string())
}

/// Writes a war-party as YAML.
pub fn to_yaml(w: &Warparty) -> String {
    crate::core::yaml_emit::to_string(
        w,
        &crate::core::yaml_emit::DocStyle {
            width: crate::core::yaml_emit::DEFAULT_WIDTH,
            block_keys: &[],
        },
    )
    .expect("a war-party always serialises")
}

/// The abilities `new` hands out, with how often each is likely (a
/// balanced party, the project's own weights: the common fighting and
/// moving abilities often, the rare ones seldom).
const DEALT: [(Ability, u32); 21] = [
    (Ability::RangedAttack, 6),
    (Ability::Huge, 1),
    (Ability::ExtraWound, 3),
    (Ability::Phase, 1),
    (Ability::Mage, 2),
    (Ability::Flight, 1),
    (Ability::MagicWeaponClose, 2),
    (Ability::MagicWeaponRanged, 1),
    (Ability::ExtraAttack, 2),
    (Ability::MagicArmor, 2),
    (Ability::Thief, 3),
    (Ability::Fear, 1),
    (Ability::Healer, 2),
    (Ability::AceShot, 2),
    (Ability::SureOfFoot, 2),
    (Ability::MasterThief, 1),
    (Ability::Sneaky, 2),
    (Ability::Enthrall, 1),
    (Ability::Undead, 1),
    (Ability::HolyAura, 1),
    (Ability::StrongWill, 2),
];

/// A balanced war-party from a seed (the project's recipe; the text leaves
/// the choice to the player): each model's power die rolled, its defense
/// die rolled among those that keep power and defense sides together at
/// 14 or more (no model both strongest and best armoured); then the ten
/// abilities dealt one at a time to a rolled model, at most two a model,
/// a roll that breaks a rule or would do nothing for the model
/// ([`serves`]) rolled again.
pub fn new(seed: u64, name: &str) -> Warparty {
    let mut dice = Dice::for_stage(seed, "warparty");
    let mut models = Vec::with_capacity(MODELS);
    for n in 1..=MODELS as u32 {
        let (power, defense) = roll_dice(&mut dice, n);
        models.push(Model {
            number: n,
            name: format!("{name} {n}"),
            power,
            defense,
            abilities: Vec::new(),
            experience: 0,
        });
    }
    let all: Vec<usize> = (0..MODELS).collect();
    deal(&mut dice, &mut models, &all, MAX_ABILITIES, "ability");
    Warparty {
        format: FORMAT.into(),
        name: name.into(),
        models,
        ability_limit: None,
        log: dice.into_log(),
    }
}

/// Model `n`'s dice by the balanced recipe: the power die rolled, then the
/// defense die among those whose sides add up with it to 14 or more.
pub(crate) fn roll_dice(dice: &mut Dice, n: u32) -> (Die, Die) {
    let power = Die::ALL[dice.choose(5, format_args!("model {n}: power die (1 d4 … 5 d12)"))];
    let fits: Vec<Die> = Die::ALL
        .into_iter()
        .filter(|d| d.sides() + power.sides() >= 14)
        .collect();
    let defense = fits[dice.choose_then(fits.len(), |i| {
        format!(
            "model {n}: defense die among those that balance a {power:?} power die: {:?}",
            fits[i]
        )
    })];
    (power, defense)
}

/// An ability rolled by [`DEALT`]'s weights (`what` says what for).
pub(crate) fn roll_ability(dice: &mut Dice, what: std::fmt::Arguments<'_>) -> Ability {
    let total: u32 = DEALT.iter().map(|(_, w)| w).sum();
    let r = dice.roll(1, total, what);
    let mut acc = 0;
    DEALT
        .iter()
        .find(|(_, w)| {
            acc += w;
            r <= acc
        })
        .map_or(Ability::RangedAttack, |(a, _)| *a)
}

/// May `m` take `a` on top of what it has (once unless starred, the
/// prerequisite held)?
pub fn may_take(m: &Model, a: Ability) -> bool {
    (a.repeats() || !m.abilities.iter().any(|b| b.kind() == a.kind()))
        && a.needs().is_none_or(|n| m.abilities.contains(&n))
}

/// Would `a` do anything for `m` as it stands? The recipes that hand out
/// abilities ([`new`], and advancing) deal only such; a player may still
/// write any legal one. Magic Weapon for ranged attacks does nothing
/// without Ranged Attack (only such a model shoots, L58); Fear and Strong
/// Will do nothing for the undead, who cause fear, never test for it and
/// cannot be enthralled (L78, L92, L96), so neither goes to an undead
/// model and Undead goes to no model holding either.
pub fn serves(m: &Model, a: Ability) -> bool {
    let has = |b: Ability| m.abilities.contains(&b);
    match a {
        Ability::MagicWeaponRanged => has(Ability::RangedAttack),
        Ability::Fear | Ability::StrongWill => !has(Ability::Undead),
        Ability::Undead => !has(Ability::Fear) && !has(Ability::StrongWill),
        _ => true,
    }
}

/// Deals `count` abilities one at a time, each to a rolled model of
/// `among` (indices into `models`), at most two a model, a deal that would
/// break a rule or do nothing for the model rolled again; `label` starts
/// each roll's purpose.
pub(crate) fn deal(
    dice: &mut Dice,
    models: &mut [Model],
    among: &[usize],
    count: usize,
    label: &str,
) {
    let mut dealt = 0;
    if among.is_empty() {
        return;
    }
    for attempt in 1..=200 {
        if dealt == count {
            break;
        }
        let m = among[dice.choose(
            among.len(),
            format_args!("{label} {}: which model", dealt + 1),
        )];
        let a = roll_ability(dice, format_args!("{label} {}: which ability", dealt + 1));
        let model = &mut models[m];
        let number = model.number;
        if model.abilities.len() < 2 && may_take(model, a) && serves(model, a) {
            model.abilities.push(a);
            dealt += 1;
            dice.set_last_purpose(format_args!(
                "{label} {dealt}: {} for model {number}",
                a.id()
            ));
        } else {
            dice.set_last_purpose(format_args!(
                "{label} {}: {} does not fit model {number} (roll {attempt}); rolled again",
                dealt + 1,
                a.id()
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal() -> Warparty {
        new(3, "Blue")
    }

    #[test]
    fn a_new_party_is_legal_and_reads_back() {
        for seed in 0..200 {
            let w = new(seed, "Blue");
            assert_eq!(problems(&w), Vec::new(), "seed {seed}");
            let total: usize = w.models.iter().map(|m| m.abilities.len()).sum();
            assert_eq!(total, MAX_ABILITIES, "seed {seed}");
            for m in &w.models {
                assert!(m.power.sides() + m.defense.sides() >= 14);
            }
        }
        let w = legal();
        assert_eq!(from_yaml(&to_yaml(&w), "w.yaml").unwrap(), w);
    }

    #[test]
    fn the_text_limits_are_refused() {
        let mut w = legal();
        w.models.pop();
        assert_eq!(problems(&w), vec![Problem::Count(9)]);
        let mut w = legal();
        let extra = w.models[0].clone();
        w.models.push(Model {
            number: 11,
            ..extra
        });
        assert!(problems(&w).contains(&Problem::Count(11)));
        let mut w = legal();
        for m in &mut w.models {
            m.abilities.clear();
        }
        w.models[0].abilities = vec![Ability::ExtraWound; 11];
        assert_eq!(
            problems(&w),
            vec![Problem::TooManyAbilities {
                total: 11,
                limit: 10
            }]
        );
        w.ability_limit = Some(11);
        assert_eq!(problems(&w), Vec::new());
        w.ability_limit = Some(9);
        assert_eq!(problems(&w)[0], Problem::Limit(9));
        w.ability_limit = None;
        w.models[0].abilities = vec![Ability::Fear, Ability::Fear];
        assert!(matches!(
            problems(&w)[..],
            [Problem::Repeated {
                ability: "fear",
                ..
            }]
        ));
        w.models[0].abilities = vec![Ability::MagicWeaponClose, Ability::MagicWeaponRanged];
        assert!(matches!(
            problems(&w)[..],
            [Problem::BothMagicWeapons {
                first: "magic-weapon-close",
                second: "magic-weapon-ranged",
                ..
            }]
        ));
        assert!(
            problems(&w)[0]
                .to_string()
                .contains("a model takes Magic Weapon once"),
            "{}",
            problems(&w)[0]
        );
        w.models[0].abilities = vec![Ability::MagicWeaponRanged, Ability::MagicWeaponRanged];
        assert!(matches!(
            problems(&w)[..],
            [Problem::Repeated {
                ability: "magic-weapon-ranged",
                ..
            }]
        ));
        w.models[0].abilities = vec![Ability::Undead];
        w.models[0].experience = 3;
        assert!(matches!(
            problems(&w)[..],
            [Problem::UndeadExperience { experience: 3, .. }]
        ));
        w.models[0].experience = 0;
        w.models[0].abilities = vec![Ability::AceShot];
        assert!(matches!(
            problems(&w)[..],
            [Problem::Prerequisite {
                needs: "ranged-attack",
                ..
            }]
        ));
        w.models[0].abilities = vec![
            Ability::Thief,
            Ability::MasterThief,
            Ability::ExtraAttack,
            Ability::ExtraAttack,
        ];
        assert_eq!(problems(&w), Vec::new());
        w.models[1].number = 1;
        assert!(matches!(
            problems(&w)[..],
            [Problem::Number {
                index: 1,
                number: 1
            }]
        ));
    }

    /// `new` deals nothing a model cannot use: magic weapon for ranged
    /// attacks only with ranged attack, no fear or strong will on the
    /// undead.
    #[test]
    fn a_new_party_holds_no_ability_its_model_cannot_use() {
        for seed in 0..400 {
            let w = new(seed, "Blue");
            for m in &w.models {
                for (k, &a) in m.abilities.iter().enumerate() {
                    let rest = Model {
                        abilities: m.abilities[..k]
                            .iter()
                            .chain(&m.abilities[k + 1..])
                            .copied()
                            .collect(),
                        ..m.clone()
                    };
                    assert!(serves(&rest, a), "seed {seed}: {m:?}");
                }
            }
        }
        let bare = |abilities: Vec<Ability>| Model {
            abilities,
            ..legal().models[0].clone()
        };
        assert!(!serves(&bare(vec![]), Ability::MagicWeaponRanged));
        assert!(serves(
            &bare(vec![Ability::RangedAttack]),
            Ability::MagicWeaponRanged
        ));
        assert!(!serves(&bare(vec![Ability::Undead]), Ability::StrongWill));
        assert!(!serves(&bare(vec![Ability::Undead]), Ability::Fear));
        assert!(!serves(&bare(vec![Ability::Fear]), Ability::Undead));
        assert!(!serves(&bare(vec![Ability::StrongWill]), Ability::Undead));
        assert!(serves(&bare(vec![Ability::HolyAura]), Ability::Undead));
    }

    #[test]
    fn a_problem_names_the_line_of_its_model() {
        let mut w = legal();
        w.models[3].abilities = vec![Ability::Fear, Ability::Fear];
        let text = to_yaml(&w);
        let row = 1 + text
            .lines()
            .position(|l| l.starts_with("- {number: 4,"))
            .unwrap();
        let e = from_yaml(&text, "w.yaml").unwrap_err();
        assert_eq!(e.location, format!("line {row}: "), "{e}");
        assert!(
            e.to_string().starts_with(&format!(
                "w.yaml: line {row}: models[3] (Blue 4): fear twice"
            )),
            "{e}"
        );
        // In block style the field's own line is named.
        let block = "format: tilecrawl-warparty/1\nname: Blue\nmodels:\n- number: 1\n  name: Blue 1\n  power: d6\n  defense: d8\n  experience: 2\n  abilities: [undead]\n";
        let w: Warparty = parse(block, "b.yaml").unwrap();
        let p = problems(&w)
            .into_iter()
            .find(|p| matches!(p, Problem::UndeadExperience { .. }))
            .unwrap();
        assert_eq!(p.in_file(block, "b.yaml").location, "line 8: ");
    }

    #[test]
    fn the_loader_names_the_first_problem_and_refuses_unknown_abilities() {
        let text = to_yaml(&legal());
        let e = from_yaml(&text.replacen("power: d", "power: d2", 1), "w.yaml").unwrap_err();
        assert!(e.to_string().contains("w.yaml"), "{e}");
        let e = from_yaml(&text.replacen("[", "[flying-carpet, ", 1), "w.yaml").unwrap_err();
        assert!(e.to_string().contains("flying-carpet"), "{e}");
        assert!(from_yaml("", "w.yaml").is_err());
    }
}
