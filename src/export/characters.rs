//! `characters.md` and `characters.pdf`: one World of Dungeons S sheet per
//! character, with how it plays in the game its party file is for (its MKD
//! stats, or its Dungeon World 10 mm stat block and bonuses) and the rolls
//! that made it. Both print the same words; the PDF is laid out by the
//! setup sheet's page layout.

use crate::characters::wod_s::attributes::Attribute;
use crate::characters::wod_s::data::ItemKind;
use crate::characters::wod_s::{Character, Tables, character};
use crate::export::ExportError;
use crate::export::paper::PrintOptions;
use crate::mkd::wod_s::{Conversion, convert};
use std::fmt::Write;

/// The game a party of characters is made for: which stats the sheets
/// print beside each character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayedIn<'a> {
    /// The MKD Adventure (`tilecrawl-party/1`), with the hirelings that
    /// join the party as heroes (none unless `--hirelings`).
    Mkd(&'a [crate::mkd::wod_s::Hired]),
    /// Dungeon World 10 mm: the party made of the characters
    /// (`tilecrawl-dw10-party/1`).
    Dw10(&'a crate::dw10::play::party::PartyFile),
    /// Dungeons Dark & Dangerous: the war-party the characters lead, with
    /// the hirelings that fill it (`tilecrawl-warparty/1`).
    Ddd(&'a crate::ddd::wod_s::Company),
}

impl PlayedIn<'_> {
    /// The label of the sheet's line.
    fn label(self) -> &'static str {
        match self {
            PlayedIn::Mkd(_) => "In MKD play",
            PlayedIn::Dw10(_) => "In Dungeon World 10 mm play",
            PlayedIn::Ddd(_) => "In Dungeons Dark & Dangerous play",
        }
    }

    /// What the party file holds.
    fn kept(self) -> &'static str {
        match self {
            PlayedIn::Mkd(hired) if !hired.is_empty() => {
                "the party file holds the same sheets under `wod_s:` with each hero's MKD stats, and the hirelings listed at the end as heroes of their own"
            }
            PlayedIn::Mkd(_) => {
                "the party file holds the same sheets under `wod_s:` with each hero's MKD stats"
            }
            PlayedIn::Dw10(_) => {
                "the party file holds the same sheets under `wod_s:` with each hero's Dungeon World 10 mm stat block and bonuses"
            }
            PlayedIn::Ddd(_) => {
                "the war-party file holds a model for each character and the hirelings that fill its ranks"
            }
        }
    }
}

/// The hirelings of a war-party in words, one line each.
fn hireling_lines(co: &crate::ddd::wod_s::Company) -> Vec<String> {
    co.hired
        .iter()
        .filter_map(|h| {
            let m = co.warparty.models.iter().find(|m| m.number == h.number)?;
            Some(format!(
                "model {}, {} ({}, from {}): {}",
                h.number,
                h.name,
                h.kind,
                h.land,
                ddd_stats(m)
            ))
        })
        .collect()
}

/// A war-party model's dice and abilities in words.
fn ddd_stats(m: &crate::ddd::warparty::Model) -> String {
    let die = |d: crate::ddd::warparty::Die| format!("d{}", d.sides());
    let mut s = format!("power {}, defense {}", die(m.power), die(m.defense));
    for a in &m.abilities {
        s.push_str(", ");
        s.push_str(a.id());
    }
    s
}

fn title_case(id: &str) -> String {
    let mut c = id.chars();
    match c.next() {
        Some(f) => f
            .to_uppercase()
            .chain(c)
            .collect::<String>()
            .replace('-', " "),
        None => String::new(),
    }
}

/// What one character's sheet says, in the words both outputs print.
struct Words {
    /// `Name — species class, level N`.
    heading: String,
    /// The land's title.
    land: String,
    /// Str, Dex, Con, Int, Wis, Cha as `+1`.
    attributes: Vec<String>,
    /// ` (+1d6 on every damage roll)` or empty.
    extra: String,
    /// The experience line's label and value.
    xp: (String, String),
    /// What a rest gives back (and Second wind, if had).
    rest: String,
    /// How many vials of quicksilver a day are safe, for a character with a
    /// use for it.
    quicksilver: Option<String>,
    /// What a cast of each significant spell costs, for a character with
    /// one.
    spells: Option<String>,
    skills: String,
    abilities: String,
    gear: String,
    /// How it plays: the hero's name in the party file, and the figures.
    play: (String, String),
}

/// A Dungeon World 10 mm hero line in words: the stat block and what the
/// line adds to it.
fn dw10_words(h: &crate::dw10::play::party::HeroLine) -> (String, String) {
    let mut parts = vec![h.figure.clone()];
    let count = |n: u32, one: &str, many: &str| format!("+{n} {}", if n == 1 { one } else { many });
    if h.melee_bonus > 0 {
        parts.push(count(h.melee_bonus, "melee die", "melee dice"));
    }
    if h.ranged_bonus > 0 {
        parts.push(count(h.ranged_bonus, "ranged die", "ranged dice"));
    }
    if h.range_bonus > 0 {
        parts.push(count(h.range_bonus, "square of range", "squares of range"));
    }
    if !h.abilities.is_empty() {
        parts.push(h.abilities.join(", "));
    }
    if let Some(f) = h.familiar {
        parts.push(f.word().to_string());
    }
    (h.name.clone(), parts.join(", "))
}

/// How each character plays in `game`: its name there and its stats in
/// words (a Dungeon World 10 mm party's names are made unique together).
fn plays(chars: &[Character], game: PlayedIn) -> Vec<(String, String)> {
    match game {
        PlayedIn::Dw10(file) => file.heroes.iter().map(dw10_words).collect(),
        PlayedIn::Ddd(co) => co
            .warparty
            .models
            .iter()
            .take(chars.len())
            .map(|m| (format!("model {}, {}", m.number, m.name), ddd_stats(m)))
            .collect(),
        PlayedIn::Mkd(_) => chars
            .iter()
            .map(|c| mkd_stats(&convert(Conversion::embedded(), &c.sheet)))
            .collect(),
    }
}

/// An MKD hero in words: its name and stats.
fn mkd_stats(h: &crate::mkd::wod_s::MkdHero) -> (String, String) {
    let shoot = h
        .shoot
        .map(|sh| format!(", shoot {} dice at {} squares", sh.dice, sh.range))
        .unwrap_or_default();
    let hero_abilities = if h.abilities.is_empty() {
        String::new()
    } else {
        format!(", {}", h.abilities.join(", "))
    };
    let mkd = format!(
        "value {}, speed {}, attacks {}{shoot}, armour {}, wounds {}{hero_abilities}",
        h.value, h.speed, h.attacks, h.armour, h.wounds
    );
    (h.name.clone(), mkd)
}

/// The hirelings an MKD party took on, one line each: the name as drawn,
/// then what it is, its pay and the hero it plays as.
fn mkd_hireling_lines(hired: &[crate::mkd::wod_s::Hired]) -> Vec<(String, String)> {
    hired
        .iter()
        .map(|h| {
            let (name, stats) = mkd_stats(&h.hero);
            let rest = format!(
                "({}, from {}, {} silver a day), as `{name}`: {stats}",
                h.kind.replace('-', " "),
                h.land,
                h.pay
            );
            (h.name.clone(), rest)
        })
        .collect()
}

fn words(c: &Character, play: (String, String)) -> Words {
    let t = Tables::embedded();
    let s = &c.sheet;
    let land = crate::characters::wod_s::names::lands()
        .iter()
        .find(|l| l.id == s.land)
        .map_or(s.land.clone(), |l| l.title.clone());
    let attributes = Attribute::ALL
        .iter()
        .map(|&a| format!("{:+}", s.attributes.get(a)))
        .collect();
    let extra = if s.damage_dice > 0 {
        format!(" (+{}d6 on every damage roll)", s.damage_dice)
    } else {
        String::new()
    };
    let xp = match s.xp_next {
        Some(xp) => (format!("XP to reach level {}", s.level + 1), xp.to_string()),
        None => ("Level 10".to_string(), "the top of the table".to_string()),
    };
    let skills: Vec<String> = s
        .skills
        .iter()
        .map(|k| {
            let used = t
                .skills
                .iter()
                .find(|x| &x.id == k)
                .map_or("", |x| x.used_for.as_str());
            format!("{} ({used})", title_case(k))
        })
        .collect();
    let abilities: Vec<String> = s
        .abilities
        .iter()
        .map(|a| {
            let e = t.ability(a).map_or("", |x| x.effect.as_str());
            format!("{} ({e})", title_case(a))
        })
        .collect();
    let gear: Vec<String> = s
        .gear
        .iter()
        .map(|g| match t.item(g) {
            Some(i) => {
                let what = match i.kind {
                    ItemKind::Weapon | ItemKind::Missile if i.damage > 0 => {
                        format!("d6+{}", i.damage)
                    }
                    ItemKind::Weapon | ItemKind::Missile => "d6".to_string(),
                    ItemKind::Armour | ItemKind::Shield => format!("armour +{}", i.armour),
                    _ => String::new(),
                };
                let note = i.note.as_deref().unwrap_or("");
                let inside: Vec<&str> = [what.as_str(), note]
                    .into_iter()
                    .filter(|x| !x.is_empty())
                    .collect();
                if inside.is_empty() {
                    format!("{} ({}s)", title_case(g), i.price)
                } else {
                    format!("{} ({}s; {})", title_case(g), i.price, inside.join("; "))
                }
            }
            None => g.clone(),
        })
        .collect();
    let mut rest = match character::rest_hp(s) {
        0 => "a rest with a drink and a ration gives back nothing (Con + level is 0)".to_string(),
        hp => format!(
            "a rest with a drink and a ration ({}s) gives back {hp} HP (Con + level), up to the maximum",
            character::rest_cost(t)
        ),
    };
    if s.abilities.iter().any(|a| a == "second-wind") {
        rest.push_str("; Second wind: the same once a fight, as an action, with neither");
    }
    let quicksilver =
        character::uses_quicksilver(t, s).then(|| match character::safe_quicksilver(s) {
            0 => "no vial is safe (level + Con is 0): any may do harm".to_string(),
            1 => "1 vial a day is safe (level + Con); more may do harm".to_string(),
            n => format!("{n} vials a day are safe (level + Con); more may do harm"),
        });
    Words {
        heading: format!("{} — {} {}, level {}", s.name, s.species, s.class, s.level),
        rest,
        quicksilver,
        spells: spells_words(t, s),
        land,
        attributes,
        extra,
        xp,
        skills: skills.join("; "),
        abilities: abilities.join("; "),
        gear: gear.join(", "),
        play,
    }
}

/// The sheet's significant spells and what a cast costs, grouped by what
/// it uses up: `Telekinesis, Illusions: 10s a cast (the quicksilver it
/// uses up)`. `None` for a sheet without one.
fn spells_words(t: &Tables, s: &crate::characters::wod_s::Sheet) -> Option<String> {
    let spells = character::spell_costs(t, s);
    let mut groups: Vec<(&str, u32, Vec<String>)> = Vec::new();
    for c in &spells {
        match groups.iter_mut().find(|g| g.0 == c.spends) {
            Some(g) => g.2.push(title_case(&c.ability)),
            None => groups.push((&c.spends, c.silver, vec![title_case(&c.ability)])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(item, silver, names)| {
            format!(
                "{}: {silver}s a cast (the {} it uses up)",
                names.join(", "),
                item.replace('-', " ")
            )
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The sentence under the title of both outputs.
fn intro(seed: u64, game: PlayedIn) -> String {
    format!(
        "World of Dungeons S characters, seed {seed}. Each sheet lists the rolls that made it; \
{}.",
        game.kept()
    )
}

/// The Markdown sheets of a party (`title` heads the page; `seed` is the
/// seed the rolls came from; `game` the game the party file is for).
pub fn characters_markdown(title: &str, seed: u64, chars: &[Character], game: PlayedIn) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {title}\n");
    let _ = writeln!(out, "{}\n", intro(seed, game));
    for (c, play) in chars.iter().zip(plays(chars, game)) {
        let s = &c.sheet;
        let w = words(c, play);
        let _ = writeln!(out, "## {}\n\nFrom {}.\n", w.heading, w.land);
        let _ = writeln!(
            out,
            "| Str | Dex | Con | Int | Wis | Cha |\n|:-:|:-:|:-:|:-:|:-:|:-:|"
        );
        let _ = writeln!(out, "| {} |\n", w.attributes.join(" | "));
        let _ = writeln!(
            out,
            "- **HP** {} · **Armour** {} · **Move** {} squares{}",
            s.hp, s.armour, s.move_squares, w.extra
        );
        let _ = writeln!(out, "- **Rest**: {}", w.rest);
        if let Some(q) = &w.quicksilver {
            let _ = writeln!(out, "- **Quicksilver**: {q}");
        }
        if let Some(sp) = &w.spells {
            let _ = writeln!(out, "- **Spells**: {sp}");
        }
        let _ = writeln!(out, "- **{}**: {}", w.xp.0, w.xp.1);
        let _ = writeln!(out, "- **Skills** (+1 to a roll they fit): {}", w.skills);
        let _ = writeln!(out, "- **Abilities**: {}", w.abilities);
        let _ = writeln!(out, "- **Gear**: {}", w.gear);
        let _ = writeln!(out, "- **Silver**: {}", s.silver);
        let _ = writeln!(
            out,
            "- **{}** (as `{}`): {}\n",
            game.label(),
            w.play.0,
            w.play.1
        );
        out.push_str("Rolls:\n\n");
        super::sheet::rolls_md(&mut out, &c.log);
        out.push('\n');
    }
    if let PlayedIn::Ddd(co) = game {
        let _ = writeln!(out, "## Hirelings\n");
        for l in hireling_lines(co) {
            let _ = writeln!(out, "- {l}");
        }
        out.push('\n');
    }
    if let PlayedIn::Mkd(hired) = game
        && !hired.is_empty()
    {
        let _ = writeln!(out, "## Hirelings\n");
        for (name, rest) in mkd_hireling_lines(hired) {
            let _ = writeln!(out, "- **{name}** {rest}");
        }
        out.push_str("\nRolls:\n\n");
        super::sheet::rolls_md(&mut out, hired.iter().flat_map(|h| &h.log));
        out.push('\n');
    }
    out
}

/// The same sheets as a PDF on `print.paper`, laid out as the setup sheet is
/// (`party new --print`): a section per character with its attributes, its
/// figures, how it plays in `game` and the rolls that made it; "page n of
/// m" and the seed on every page. The same party gives the same bytes.
pub fn characters_pdf(
    title: &str,
    seed: u64,
    chars: &[Character],
    game: PlayedIn,
    print: &PrintOptions,
) -> Result<Vec<u8>, ExportError> {
    use super::sheet::{Part, Section, Table};
    let mut sections = vec![Section {
        title: title.to_string(),
        parts: vec![Part::Para(intro(seed, game).replace('`', ""))],
    }];
    for (c, play) in chars.iter().zip(plays(chars, game)) {
        let s = &c.sheet;
        let w = words(c, play);
        let mut attributes = Table::new(&["Str", "Dex", "Con", "Int", "Wis", "Cha"], &[], None);
        attributes.row(w.attributes.clone());
        let mut rolls = Table::new(&["dice", "result", "for"], &[1], Some(2));
        rolls.compact = true;
        for e in &c.log {
            rolls.row(vec![
                e.roll.clone(),
                e.result.to_string(),
                e.purpose.clone(),
            ]);
        }
        sections.push(Section {
            title: w.heading.clone(),
            parts: vec![
                Part::Para(format!("From {}.", w.land)),
                Part::Table(attributes),
                Part::Fields({
                    let mut f = vec![
                        (
                            "HP, armour, move",
                            format!(
                                "HP {}, armour {}, move {} squares{}",
                                s.hp, s.armour, s.move_squares, w.extra
                            ),
                        ),
                        ("Rest", w.rest.clone()),
                    ];
                    if let Some(q) = &w.quicksilver {
                        f.push(("Quicksilver", q.clone()));
                    }
                    if let Some(sp) = &w.spells {
                        f.push(("Spells", sp.clone()));
                    }
                    f.extend([
                        ("Experience", format!("{}: {}", w.xp.0, w.xp.1)),
                        ("Skills", format!("{} (+1 to a roll they fit)", w.skills)),
                        ("Abilities", w.abilities.clone()),
                        ("Gear", w.gear.clone()),
                        ("Silver", s.silver.to_string()),
                        (game.label(), format!("as {}: {}", w.play.0, w.play.1)),
                    ]);
                    f
                }),
                Part::Heading("Rolls".into()),
                Part::Table(rolls),
            ],
        });
    }
    if let PlayedIn::Ddd(co) = game {
        sections.push(Section {
            title: "Hirelings".into(),
            parts: hireling_lines(co).into_iter().map(Part::Para).collect(),
        });
    }
    if let PlayedIn::Mkd(hired) = game
        && !hired.is_empty()
    {
        let mut parts: Vec<Part> = mkd_hireling_lines(hired)
            .into_iter()
            .map(|(name, rest)| Part::Para(format!("{name} {}", rest.replace('`', ""))))
            .collect();
        let mut rolls = Table::new(&["dice", "result", "for"], &[1], Some(2));
        rolls.compact = true;
        for e in hired.iter().flat_map(|h| &h.log) {
            rolls.row(vec![
                e.roll.clone(),
                e.result.to_string(),
                e.purpose.clone(),
            ]);
        }
        parts.push(Part::Heading("Rolls".into()));
        parts.push(Part::Table(rolls));
        sections.push(Section {
            title: "Hirelings".into(),
            parts,
        });
    }
    let head = format!("tilecrawl characters — seed {seed}");
    let foot = format!(
        "World of Dungeons S · seed {seed} · {} characters",
        chars.len()
    );
    super::sheet::sections_pdf(
        &sections,
        print,
        &super::style::Style::default(),
        (&head, &foot),
        title,
        crate::GENERATOR,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::characters::wod_s::{Options, character::generate};
    use crate::core::dice::Dice;

    /// The sheet of one character made by scripted dice, as Markdown.
    fn sheet_md(o: &Options, faces: &[u32]) -> String {
        let mut d = Dice::scripted(faces);
        let c = generate(Tables::embedded(), o, &[], &mut d).unwrap();
        assert_eq!(d.script_left(), 0);
        characters_markdown("t", 1, &[c], PlayedIn::Mkd(&[]))
    }

    #[test]
    fn a_sheet_says_what_a_rest_gives_back_and_how_much_quicksilver_is_safe() {
        // A human fighter with Str +2 and Cha +1 (Con 0), Slay and Second
        // wind: a rest gives back 0 + 1 HP, and Second wind does the same
        // without food or drink; no quicksilver to drink, no line for it.
        let fighter = Options {
            species: Some("human".into()),
            class: Some("fighter".into()),
            land: Some("northlands".into()),
            level: 1,
        };
        let md = sheet_md(&fighter, &[2, 1, 1, 6, 8, 3, 4, 1]);
        assert!(
            md.contains(
                "- **Rest**: a rest with a drink and a ration (2s) gives back 1 HP (Con + level), up to the maximum; Second wind: the same once a fight, as an action, with neither\n"
            ),
            "{md}"
        );
        assert!(!md.contains("**Quicksilver**"), "{md}");
        assert!(!md.contains("**Spells**"), "a fighter casts nothing: {md}");
        // A level-1 elf wizard (Con -1) with Telekinesis and Illusions:
        // level + Con is 0, so a rest gives nothing and no vial is safe.
        let wizard = Options {
            species: Some("elf".into()),
            class: Some("wizard".into()),
            land: Some("high-elves".into()),
            level: 1,
        };
        let md = sheet_md(&wizard, &[1, 1, 2, 4, 1, 1, 1, 2]);
        assert!(
            md.contains(
                "- **Rest**: a rest with a drink and a ration gives back nothing (Con + level is 0)\n- **Quicksilver**: no vial is safe (level + Con is 0): any may do harm\n- **Spells**: Telekinesis, Illusions: 10s a cast (the quicksilver it uses up)\n"
            ),
            "{md}"
        );
        // The same wizard at level 4 with Con +1: 5 HP back and 5 vials a
        // day.
        let mut d = Dice::scripted(&[1, 1, 2, 4, 1, 1, 1, 2]);
        let mut c = generate(Tables::embedded(), &wizard, &[], &mut d).unwrap();
        c.sheet.level = 4;
        c.sheet.attributes.con = 1;
        let md = characters_markdown("t", 1, &[c], PlayedIn::Mkd(&[]));
        assert!(md.contains("(2s) gives back 5 HP (Con + level)"), "{md}");
        assert!(
            md.contains(
                "- **Quicksilver**: 5 vials a day are safe (level + Con); more may do harm\n"
            ),
            "{md}"
        );
    }

    #[test]
    fn a_sheet_prices_each_spell_by_what_it_uses_up() {
        // A wizard with Illusions, a priest's Bless (holy water) and a
        // ranger's Wildheart (quicksilver), learnt at later levels: one
        // group per item, in the sheet's order; Cantrips costs nothing.
        let wizard = Options {
            species: Some("elf".into()),
            class: Some("wizard".into()),
            land: Some("high-elves".into()),
            level: 1,
        };
        let mut d = Dice::scripted(&[1, 1, 2, 4, 1, 1, 1, 2]);
        let mut c = generate(Tables::embedded(), &wizard, &[], &mut d).unwrap();
        c.sheet.abilities = ["cantrips", "illusions", "bless", "wildheart"]
            .map(String::from)
            .to_vec();
        let md = characters_markdown("t", 1, &[c.clone()], PlayedIn::Mkd(&[]));
        assert!(
            md.contains(
                "- **Spells**: Illusions, Wildheart: 10s a cast (the quicksilver it uses up); Bless: 10s a cast (the holy water it uses up)\n"
            ),
            "{md}"
        );
        // Cantrips alone is no significant spell: no line.
        c.sheet.abilities = vec!["cantrips".into()];
        let md = characters_markdown("t", 1, &[c], PlayedIn::Mkd(&[]));
        assert!(!md.contains("**Spells**"), "{md}");
    }
}
