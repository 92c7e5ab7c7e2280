//! `characters.md`: one World of Dungeons S sheet per character, with its
//! MKD stats and the rolls that made it, as Markdown.

use crate::characters::wod_s::attributes::Attribute;
use crate::characters::wod_s::data::ItemKind;
use crate::characters::wod_s::{Character, Tables};
use crate::mkd::wod_s::{Conversion, convert};
use std::fmt::Write;

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

/// The Markdown sheets of a party (`title` heads the page; `seed` is the
/// seed the rolls came from).
pub fn characters_markdown(title: &str, seed: u64, chars: &[Character]) -> String {
    let t = Tables::embedded();
    let conv = Conversion::embedded();
    let mut out = String::new();
    let _ = writeln!(out, "# {title}\n");
    let _ = writeln!(
        out,
        "World of Dungeons S characters, seed {seed}. Each sheet lists the rolls that made it; \
the party file holds the same sheets under `wod_s:` with each hero's MKD stats.\n"
    );
    for c in chars {
        let s = &c.sheet;
        let land = crate::characters::wod_s::names::lands()
            .iter()
            .find(|l| l.id == s.land)
            .map_or(s.land.as_str(), |l| l.title.as_str());
        let _ = writeln!(
            out,
            "## {} — {} {}, level {}\n\nFrom {land}.\n",
            s.name, s.species, s.class, s.level
        );
        let _ = writeln!(
            out,
            "| Str | Dex | Con | Int | Wis | Cha |\n|:-:|:-:|:-:|:-:|:-:|:-:|"
        );
        let row: Vec<String> = Attribute::ALL
            .iter()
            .map(|&a| format!("{:+}", s.attributes.get(a)))
            .collect();
        let _ = writeln!(out, "| {} |\n", row.join(" | "));
        let extra = if s.damage_dice > 0 {
            format!(" (+{}d6 on every damage roll)", s.damage_dice)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "- **HP** {} · **Armour** {} · **Move** {} squares{extra}",
            s.hp, s.armour, s.move_squares
        );
        match s.xp_next {
            Some(xp) => {
                let _ = writeln!(out, "- **XP to reach level {}**: {xp}", s.level + 1);
            }
            None => {
                let _ = writeln!(out, "- **Level 10**: the top of the table");
            }
        }
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
        let _ = writeln!(
            out,
            "- **Skills** (+1 to a roll they fit): {}",
            skills.join("; ")
        );
        let abilities: Vec<String> = s
            .abilities
            .iter()
            .map(|a| {
                let e = t.ability(a).map_or("", |x| x.effect.as_str());
                format!("{} ({e})", title_case(a))
            })
            .collect();
        let _ = writeln!(out, "- **Abilities**: {}", abilities.join("; "));
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
        let _ = writeln!(out, "- **Gear**: {}", gear.join(", "));
        let _ = writeln!(out, "- **Silver**: {}", s.silver);
        let h = convert(conv, s);
        let shoot = h
            .shoot
            .map(|sh| format!(", shoot {} dice at {} squares", sh.dice, sh.range))
            .unwrap_or_default();
        let abilities = if h.abilities.is_empty() {
            String::new()
        } else {
            format!(", {}", h.abilities.join(", "))
        };
        let _ = writeln!(
            out,
            "- **In MKD play** (as `{}`): value {}, speed {}, attacks {}{shoot}, armour {}, wounds {}{abilities}\n",
            h.name, h.value, h.speed, h.attacks, h.armour, h.wounds
        );
        let _ = writeln!(out, "Rolls:\n\n| dice | result | for |\n|---|--:|---|");
        for e in &c.log {
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                e.roll,
                e.result,
                e.purpose.replace('|', "\\|")
            );
        }
        out.push('\n');
    }
    out
}
