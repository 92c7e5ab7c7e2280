//! The figures of Dungeon World 10 mm: the text's monster and hero stat
//! blocks (`templates/dungeon-world-10mm/figures.yaml`), with this game's
//! own typed list of special abilities.

use crate::core::yaml::FileError;
use serde::Deserialize;
use std::fmt;
use std::path::Path;

/// The format tag of figure files.
pub const FORMAT: &str = "tilecrawl-dw10-figures/1";
/// Largest figure file accepted, in bytes.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// Most figures in one list.
pub const MAX_FIGURES: usize = 500;

const EMBEDDED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/dungeon-world-10mm/figures.yaml"
));

macro_rules! abilities {
    ($($(#[$doc:meta])* $v:ident = $name:literal,)*) => {
        /// A special ability this game knows (L195-292, the spells of
        /// L484-511, and the notes of a few stat blocks).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Ability {
            $($(#[$doc])* $v,)*
        }

        impl Ability {
            /// Every ability, in the order the help lists them.
            pub const ALL: &'static [Ability] = &[$(Ability::$v,)*];

            /// The name written in files.
            pub fn name(self) -> &'static str {
                match self {
                    $(Ability::$v => $name,)*
                }
            }
        }
    };
}

abilities! {
    /// +1 melee die per adjacent enemy after the first (L197-198).
    BerserkAttack = "berserk-attack",
    /// Stops its move for a free attack on the enemies it reaches (L207-211).
    ChargeAttack = "charge-attack",
    /// Moves an enemy in sight on 3-6 (L212-215).
    ControlEnemy = "control-enemy",
    /// Freezes one enemy in sight (L216-223).
    GazeAttack = "gaze-attack",
    /// Crosses impassable squares and figures (L224-225).
    Fly = "fly",
    /// Shoots before or after moving (L226-227).
    DedicatedShot = "dedicated-shot",
    /// Spreads hits over enemies in range (L228-229).
    MultiShot = "multi-shot",
    /// Sees past one rank of friends (L230-232).
    MasterShot = "master-shot",
    /// Heals an adjacent hero d6 (L233-235).
    HealingTouch = "healing-touch",
    /// Heals two adjacent heroes d3, or one d3+1 (L236-238).
    FieldHealing = "field-healing",
    /// +1 to the side's initiative, +2 at most (L239-242).
    InitiativeBonus = "initiative-bonus",
    /// Wounds leave poison counters (L243-251).
    PoisonAttack = "poison-attack",
    /// A breath or fire shot that leaves fire counters (L199-201, L255-263).
    FireWeapon = "fire-weapon",
    /// A hit back instead of acting (L252-254).
    Regenerate = "regenerate",
    /// Stays still for +1 initiative next move (L264-269).
    Listen = "listen",
    /// Never springs `?` counters; chest traps 1 lower (L270-272).
    Trap = "trap",
    /// +1 die per other pack member in the melee (L273-274).
    Pack = "pack",
    /// Back on a 6 when killed (L275-277).
    Undying = "undying",
    /// The target's armour 1 lower for the kill roll (L278-279).
    AcidSpit = "acid-spit",
    /// May spawn next to an enemy (L280-285).
    UnderfootAttack = "underfoot-attack",
    /// +1 die for the other heroes of its melee (L286-287).
    BattleChant = "battle-chant",
    /// Finds hidden portals in a tile on 3-6 (L288-292).
    Checking = "checking",
    /// Moves through enemies without free attacks (L204-206).
    Stealth = "stealth",
    /// Double movement when doing nothing else (L202-203).
    SwiftMover = "swift-mover",
    /// Elves: ranged hits on 4-6, 5-6 against cover (L805-806, L813-814).
    ElfShot = "elf-shot",
    /// Moves through closed doors (the slime's note, L711).
    ThroughDoors = "through-doors",
    /// The spell Hold Portal (L485-492).
    HoldPortal = "hold-portal",
    /// The spell Shield (L493-494).
    Shield = "shield",
    /// The spell Invulnerable to Fire (L495-496).
    InvulnerableToFire = "invulnerable-to-fire",
    /// The spell Invulnerable to Poison (L497-498).
    InvulnerableToPoison = "invulnerable-to-poison",
    /// The spell Finger of Death (L499-505).
    FingerOfDeath = "finger-of-death",
    /// The spell Resurrection (L506-509).
    Resurrection = "resurrection",
}

/// The spells of the power-up table (L484-511), in its roll order.
pub const SPELLS: [Ability; 6] = [
    Ability::HoldPortal,
    Ability::Shield,
    Ability::InvulnerableToFire,
    Ability::InvulnerableToPoison,
    Ability::FingerOfDeath,
    Ability::Resurrection,
];

impl Ability {
    /// Is it one of the power-up table's spells?
    pub fn is_spell(self) -> bool {
        SPELLS.contains(&self)
    }

    /// The ability with this name, if the game knows it.
    pub fn parse(name: &str) -> Option<Ability> {
        Ability::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// `berserk-attack, charge-attack, …`: every name, for error messages.
    pub fn known() -> String {
        Ability::ALL
            .iter()
            .map(|a| a.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A ranged attack: `dice` to hit at up to `range` squares ("D-R", L69-72).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shoot {
    /// Dice rolled to hit.
    pub dice: u32,
    /// Range in squares, the target's square counted.
    pub range: u32,
    /// The special ability the shot is (the text's `*`), if any.
    pub by: Option<Ability>,
}

/// Who named a stat block: the rule text, or tilecrawl where the text's
/// heading was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NamedBy {
    /// The name is in the rule text.
    Text,
    /// The heading was lost; the name is tilecrawl's own.
    Project,
}

/// One stat block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// The figure's name.
    pub name: String,
    /// Whose name it is.
    pub named_by: NamedBy,
    /// Where the block is in the rule text (`L647-650`), if given.
    pub source: Option<String>,
    /// Movement in squares.
    pub movement: u32,
    /// Melee (weapon attack) dice.
    pub attacks: u32,
    /// The ranged attack, if any.
    pub shoot: Option<Shoot>,
    /// Lowest kill-die face that wounds it.
    pub armour: u32,
    /// Wounds it takes before it is removed.
    pub wounds: u32,
    /// Its special abilities.
    pub abilities: Vec<Ability>,
    /// A note from the text, in tilecrawl's words.
    pub note: Option<String>,
}

/// The checked figure lists: monsters for the Draken Master, premade heroes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figures {
    /// The monsters, in file order.
    pub monsters: Vec<Figure>,
    /// The premade heroes, in file order.
    pub heroes: Vec<Figure>,
}

impl Figures {
    /// The monster with this name.
    pub fn monster(&self, name: &str) -> Option<&Figure> {
        self.monsters.iter().find(|m| m.name == name)
    }
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    format: String,
    monsters: Vec<RawFigure>,
    #[serde(default)]
    heroes: Vec<RawFigure>,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawFigure {
    name: String,
    named_by: NamedBy,
    #[serde(default)]
    source: Option<String>,
    movement: u32,
    attacks: u32,
    #[serde(default)]
    shoot: Option<String>,
    #[serde(default)]
    shoot_by: Option<String>,
    armour: u32,
    wounds: u32,
    #[serde(default)]
    abilities: Vec<String>,
    #[serde(default)]
    note: Option<String>,
}

/// The embedded figures (the rule text's).
pub fn embedded() -> Figures {
    static F: std::sync::OnceLock<Figures> = std::sync::OnceLock::new();
    F.get_or_init(|| parse(EMBEDDED, "dungeon-world-10mm figures").expect("checked by the tests"))
        .clone()
}

/// Loads a figure file.
pub fn load(path: &Path) -> Result<Figures, FileError> {
    let text = crate::core::yaml::read_file(path, MAX_FILE_BYTES, "a figure list")?;
    parse(&text, &path.display().to_string())
}

/// An ability name this game does not know (the name, shortened).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ability `{0}`; expected one of: {known}", known = Ability::known())]
pub struct UnknownAbility(pub String);

/// An ability by name, or an error listing the known ones.
pub fn ability(name: &str) -> Result<Ability, UnknownAbility> {
    Ability::parse(name).ok_or_else(|| UnknownAbility(crate::core::text::excerpt(name, 40)))
}

/// Parses a "D-R" shooting value (`3-5`).
fn shoot(text: &str) -> Option<(u32, u32)> {
    let (d, r) = text.split_once('-')?;
    let (d, r) = (d.trim().parse().ok()?, r.trim().parse().ok()?);
    ((1..=20).contains(&d) && (1..=60).contains(&r)).then_some((d, r))
}

/// Parses and checks a figure file; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Figures, FileError> {
    if text.trim().is_empty() {
        return Err(FileError::whole(
            file,
            format!("the file is empty; expected `format: {FORMAT}` and a `monsters` list"),
        ));
    }
    crate::core::yaml::check_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let raw: RawFile = crate::core::yaml::parse(text, file)?;
    if raw.format != FORMAT {
        return Err(FileError::at_key(
            file,
            "format",
            format!("is `{}`; this version reads `{FORMAT}`", raw.format),
        ));
    }
    if raw.monsters.is_empty() {
        return Err(FileError::at_key(
            file,
            "monsters",
            "is empty; expected at least one",
        ));
    }
    let monsters = figures(raw.monsters, "monsters", file)?;
    let heroes = figures(raw.heroes, "heroes", file)?;
    Ok(Figures { monsters, heroes })
}

fn figures(raw: Vec<RawFigure>, list: &str, file: &str) -> Result<Vec<Figure>, FileError> {
    if raw.len() > MAX_FIGURES {
        return Err(FileError::at_key(
            file,
            list,
            format!("has {} figures; at most {MAX_FIGURES}", raw.len()),
        ));
    }
    let mut out: Vec<Figure> = Vec::with_capacity(raw.len());
    for (i, r) in raw.into_iter().enumerate() {
        let key = format!("{list}[{i}]");
        let err = |m: String| FileError::at_key(file, &key, m);
        if r.name.trim().is_empty()
            || r.name.chars().count() > 40
            || r.name.chars().any(char::is_control)
        {
            return Err(err("name must be 1 to 40 printable characters".into()));
        }
        if out.iter().any(|f| f.name == r.name) {
            return Err(err(format!("`{}` appears twice", r.name)));
        }
        for (what, v, lo, hi) in [
            ("movement", r.movement, 0, 20),
            ("attacks", r.attacks, 0, 20),
            ("armour", r.armour, 1, 6),
            ("wounds", r.wounds, 1, 50),
        ] {
            if !(lo..=hi).contains(&v) {
                return Err(err(format!("{what} is {v}; expected {lo} to {hi}")));
            }
        }
        let by = match &r.shoot_by {
            Some(a) => Some(ability(a).map_err(|e| err(e.to_string()))?),
            None => None,
        };
        let shoot = match &r.shoot {
            None if by.is_some() => {
                return Err(err("shoot_by needs a `shoot` value".into()));
            }
            None => None,
            Some(s) => {
                let (dice, range) = shoot(s).ok_or_else(|| {
                    err(format!(
                        "shoot is `{}`; expected DICE-RANGE such as 3-5 (1 to 20 dice, range 1 to 60)",
                        crate::core::text::excerpt(s, 24)
                    ))
                })?;
                Some(Shoot { dice, range, by })
            }
        };
        let mut abilities = Vec::with_capacity(r.abilities.len());
        for a in &r.abilities {
            let a = ability(a).map_err(|e| err(e.to_string()))?;
            if abilities.contains(&a) {
                return Err(err(format!("ability `{a}` is listed twice")));
            }
            abilities.push(a);
        }
        for text in [&r.source, &r.note].into_iter().flatten() {
            if text.chars().count() > 200 || text.chars().any(char::is_control) {
                return Err(err(
                    "source and note must be at most 200 printable characters".into(),
                ));
            }
        }
        out.push(Figure {
            name: r.name,
            named_by: r.named_by,
            source: r.source,
            movement: r.movement,
            attacks: r.attacks,
            shoot,
            armour: r.armour,
            wounds: r.wounds,
            abilities,
            note: r.note,
        });
    }
    Ok(out)
}

/// The JSON Schema of the Dungeon World 10 mm figures file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(RawFile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_figures_are_the_texts_sixteen_monsters_and_fourteen_heroes() {
        let f = embedded();
        assert_eq!(f.monsters.len(), 16);
        assert_eq!(f.heroes.len(), 14);
        // Ten monster and eight hero headings were lost (L647-814).
        let ours = |v: &[Figure]| v.iter().filter(|m| m.named_by == NamedBy::Project).count();
        assert_eq!(ours(&f.monsters), 10);
        assert_eq!(ours(&f.heroes), 8);
        let dragon = f.monster("Dragon").unwrap();
        assert_eq!(
            dragon.shoot,
            Some(Shoot {
                dice: 8,
                range: 19,
                by: Some(Ability::FireWeapon)
            })
        );
        assert_eq!((dragon.armour, dragon.wounds), (5, 8));
        let giant = f.monster("Giant").unwrap();
        assert_eq!((giant.movement, giant.attacks), (4, 5));
        assert_eq!(giant.abilities, [Ability::BerserkAttack]);
        let elf = f.heroes.iter().find(|h| h.name == "Wood Elf").unwrap();
        assert_eq!(elf.shoot.map(|s| (s.dice, s.range)), Some((4, 8)));
    }

    #[test]
    fn unknown_abilities_are_refused_with_the_known_ones() {
        let text = "format: tilecrawl-dw10-figures/1\nmonsters:\n  - {name: Orc, named_by: project, movement: 4, attacks: 2, armour: 4, wounds: 2, abilities: [flying]}\n";
        let e = parse(text, "f.yaml").unwrap_err().to_string();
        assert!(
            e.starts_with("f.yaml: monsters[0]: unknown ability `flying`; expected one of: berserk-attack, charge-attack"),
            "{e}"
        );
        let e = parse(
            &text
                .replace("[flying]", "[]")
                .replace("armour: 4", "armour: 9"),
            "f.yaml",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.yaml: monsters[0]: armour is 9; expected 1 to 6"
        );
        let e = parse(&text.replace("[flying]", "[], shoot: 3x5"), "f.yaml").unwrap_err();
        assert!(e.to_string().contains("expected DICE-RANGE"), "{e}");
        let e = parse(&text.replace("named_by", "named"), "f.yaml").unwrap_err();
        assert!(e.to_string().contains("unknown field `named`"), "{e}");
    }
}
