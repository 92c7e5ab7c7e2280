//! The character commands: `party new` (a World of Dungeons S party for
//! MKD or Dungeon World 10 mm play, with its sheets), `names`, `hireling`,
//! `roll` and `injury`.
//! The library makes the values; this file words them and writes files.

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use tilecrawl::characters::roll::{self, Band};
use tilecrawl::characters::wod_s::{self, damage, injuries, names};
use tilecrawl::characters::{dw_srd, wod_s::Tables};
use tilecrawl::core::dice::Dice;

/// A rule text that makes characters or hirelings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CharRuleset {
    /// World of Dungeons S (house rules).
    #[value(name = "wod-s")]
    WodS,
    /// The Dungeon World SRD, its chapter Playing the Game.
    #[value(name = "dw-srd")]
    DwSrd,
}

/// The game a party is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PartyFor {
    /// The MKD Adventure: a `tilecrawl-party/1` file.
    #[value(name = "mkd-adventure")]
    Mkd,
    /// Dungeon World 10 mm: a `tilecrawl-dw10-party/1` file (1 to 4 heroes).
    #[value(name = "dungeon-world-10mm")]
    Dw10,
    /// Dungeons Dark & Dangerous: a `tilecrawl-warparty/1` file, a model
    /// for each character (1 to 10) and hirelings filling the ten.
    #[value(name = "dd-and-d")]
    DdAndD,
}

/// `tilecrawl party …`.
#[derive(Debug, Subcommand)]
pub enum PartyCommand {
    /// Make a party of World of Dungeons S characters: party.yaml (ready for
    /// `play` and `simulate`) and characters.md beside it.
    #[command(
        after_help = "Examples (each party's characters.md is written beside its file, so each has a folder):\n  tilecrawl party new --ruleset wod-s --heroes 4 --seed 9 --out heroes/party.yaml\n  tilecrawl party new --heroes 3 --hirelings 2 --seed 9 --out hired/party.yaml\n  tilecrawl party new --for dungeon-world-10mm --seed 9 --out dw/party.yaml"
    )]
    New(PartyNewArgs),
}

/// Options of `tilecrawl party new`.
#[derive(Debug, Args)]
pub struct PartyNewArgs {
    /// The rules the characters are made by (only wod-s makes characters).
    #[arg(long, value_enum, default_value = "wod-s")]
    ruleset: CharRuleset,
    /// The game the party plays: the party file's kind and each hero's
    /// stats in it.
    #[arg(
        long = "for",
        value_enum,
        value_name = "GAME",
        default_value = "mkd-adventure"
    )]
    game: PartyFor,
    /// How many characters (1 to 12; 1 to 4 for dungeon-world-10mm, 1 to
    /// 10 for dd-and-d).
    #[arg(long, default_value_t = 4, value_name = "N",
          value_parser = crate::cli::usage::whole::<u32>(1, 12))]
    heroes: u32,
    /// Seed of the rolls. Default: a new seed, printed so you can repeat it.
    #[arg(long)]
    seed: Option<u64>,
    /// The party file to write; characters.md is written beside it. `-`:
    /// the party file on standard output, and no characters.md.
    #[arg(long, value_name = "FILE", default_value = "party.yaml")]
    out: PathBuf,
    /// Land of origin for every name (an id such as northlands, imperium,
    /// regency, xanathar, uru, ankhyra, dwarves, high-elves, wood-elves,
    /// halflings, or a unique beginning). Default: by species.
    #[arg(long, value_name = "LAND")]
    land: Option<String>,
    /// One species for everyone: human, dwarf, elf, halfling. Default: rolled.
    #[arg(long, value_name = "SPECIES")]
    species: Option<String>,
    /// One class for everyone (barbarian, bard, druid, fighter, paladin,
    /// priest, ranger, thief, wizard). Default: rolled.
    #[arg(long, value_name = "CLASS")]
    class: Option<String>,
    /// Level of every character, 1 to 10.
    #[arg(long, default_value_t = 1, value_name = "N")]
    level: u32,
    /// World of Dungeons S hirelings by the day to take along
    /// (mkd-adventure only): each a rolled kind and name, playing as a hero
    /// of its own after the characters (at most 12 heroes in all).
    #[arg(long, default_value_t = 0, value_name = "N",
          value_parser = crate::cli::usage::whole::<u32>(0, 11))]
    hirelings: u32,
    /// Also characters.pdf on this paper (letter, a4, a3, legal, tabloid or
    /// WxH in mm), a section per character, to print and keep at the table.
    #[arg(long, value_name = "PAPER", value_parser = super::shell::paper_parser(),
          hide_possible_values = true)]
    print: Option<tilecrawl::export::paper::Paper>,
    /// Replace files that already exist.
    #[arg(long)]
    force: bool,
    /// Print nothing but errors.
    #[arg(long, short)]
    quiet: bool,
}

/// Options of `tilecrawl names`.
#[derive(Debug, Args)]
pub struct NamesArgs {
    /// Land of origin (id or a unique beginning). Default: a rolled human
    /// land for each name.
    #[arg(long, value_name = "LAND")]
    land: Option<String>,
    /// How many names (all different).
    #[arg(long, default_value_t = 10, value_name = "N",
          value_parser = crate::cli::usage::whole::<u32>(1, 100))]
    count: u32,
    /// Seed of the rolls. Default: a new seed, printed so you can repeat it.
    #[arg(long)]
    seed: Option<u64>,
    /// Print the names only (no seed note).
    #[arg(long, short)]
    quiet: bool,
}

/// Options of `tilecrawl hireling`.
#[derive(Debug, Args)]
pub struct HirelingArgs {
    /// Whose hirelings: wod-s (by the day, `--kind`) or dw-srd (skills and
    /// loyalty, `--found`).
    #[arg(long, value_enum, default_value = "wod-s")]
    ruleset: CharRuleset,
    /// wod-s: torch-bearer, guide, armsman, expert or champion.
    #[arg(long, value_name = "KIND")]
    kind: Option<String>,
    /// dw-srd: where the hireling is found: village, town, keep or city.
    #[arg(long, value_name = "PLACE")]
    found: Option<String>,
    /// dw-srd: the main skill (adept, burglar, minstrel, priest, protector,
    /// tracker, warrior). Default: rolled.
    #[arg(long, value_name = "SKILL")]
    skill: Option<String>,
    /// How many hirelings.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = crate::cli::usage::whole::<u32>(1, 20))]
    count: u32,
    /// Seed of the rolls. Default: a new seed, printed so you can repeat it.
    #[arg(long)]
    seed: Option<u64>,
    /// Print the hirelings only (no seed note).
    #[arg(long, short)]
    quiet: bool,
}

/// Options of `tilecrawl roll`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// The dice: 2d6+1, d8-1, b[2d6] (best die), w[3d10] (worst die).
    #[arg(
        value_name = "DICE",
        allow_hyphen_values = true,
        required_unless_present = "other"
    )]
    dice: Option<String>,
    /// Read the total as a move: 10+, 7–9 or 6−.
    #[arg(long = "move", conflicts_with_all = ["damage", "critical", "armour", "other", "off_hand"])]
    as_move: bool,
    /// Read the roll as World of Dungeons S damage: the first d6 is the main
    /// die; a 1 on it is a fumble, and a 6 (a player character's or a boss
    /// enemy's) rolls the d20 that makes a critical hit on a 20, which
    /// rolls a critical injury besides the damage.
    #[arg(long)]
    damage: bool,
    /// As --damage, the GM having declared the strike telling: a 6 on the
    /// main die is a critical hit without the d20.
    #[arg(long)]
    critical: bool,
    /// World of Dungeons S: the attacker holds a light weapon in the off
    /// hand, so the damage may be rolled once more, and the second roll
    /// stands. tilecrawl re-rolls a total below the dice's average and,
    /// with --damage or --critical, a main die of 1 (a fumble), but keeps a
    /// main die of 6 (a critical hit may follow). Both rolls are printed.
    #[arg(long)]
    off_hand: bool,
    /// The target's armour: the HP it loses is the damage less this, never
    /// below 0.
    #[arg(long, value_name = "N")]
    armour: Option<u32>,
    /// Dungeon World SRD damage from no creature, instead of DICE, by the
    /// worst it can do: bruises (d4), blood (d6), bones (d8) or deadly (d10).
    #[arg(long, value_name = "HARM", conflicts_with_all = ["dice", "damage", "critical", "off_hand"])]
    other: Option<String>,
    /// With --other: the damage ignores armour (something huge, magic or
    /// poison).
    #[arg(long)]
    ignores_armour: bool,
    /// Seed of the roll. Default: a new seed, printed so you can repeat it.
    #[arg(long)]
    seed: Option<u64>,
    /// Print the result only (no seed note).
    #[arg(long, short)]
    quiet: bool,
}

/// Options of `tilecrawl injury`.
#[derive(Debug, Args)]
pub struct InjuryArgs {
    /// Roll the Con check at 0 HP first (2d6 + this Con, -1 to 3 as a
    /// character can have it); only a miss rolls the injury. Default: roll
    /// the injury straight away.
    #[arg(long, value_name = "CON", allow_hyphen_values = true)]
    con: Option<i32>,
    /// Seed of the rolls. Default: a new seed, printed so you can repeat it.
    #[arg(long)]
    seed: Option<u64>,
    /// Print the result only (no seed note).
    #[arg(long, short)]
    quiet: bool,
}

fn seed_or_fresh(seed: Option<u64>, quiet: bool) -> u64 {
    seed.unwrap_or_else(|| {
        let s = super::generate::fresh_seed();
        if !quiet {
            warnln!("seed {s} (repeat with --seed {s})");
        }
        s
    })
}

/// `tilecrawl party new`.
pub fn party(c: PartyCommand) -> anyhow::Result<()> {
    let PartyCommand::New(a) = c;
    if a.ruleset != CharRuleset::WodS {
        if a.hirelings > 0 {
            // Asked for the SRD's hirelings in a party: say which ones a
            // party takes, rather than send the user to wod-s unwarned.
            bail_usage!(
                "--ruleset dw-srd makes no party: a party's characters and its --hirelings are World of Dungeons S ones (the default --ruleset wod-s); `tilecrawl hireling --ruleset dw-srd` rolls Dungeon World SRD hirelings for the table"
            );
        }
        bail_usage!("--ruleset dw-srd makes hirelings, not characters; use --ruleset wod-s");
    }
    match a.game {
        PartyFor::DdAndD if a.heroes as usize > tilecrawl::ddd::warparty::MODELS => {
            bail_usage!(
                "--heroes {}: a Dungeons Dark & Dangerous war-party has {} models, so 1 to {} characters (hirelings fill the rest)",
                a.heroes,
                tilecrawl::ddd::warparty::MODELS,
                tilecrawl::ddd::warparty::MODELS
            )
        }
        PartyFor::Dw10 if a.heroes as usize > tilecrawl::dw10::play::party::MAX_HEROES => {
            bail_usage!(
                "--heroes {}: a Dungeon World 10 mm party has 1 to {} heroes",
                a.heroes,
                tilecrawl::dw10::play::party::MAX_HEROES
            )
        }
        PartyFor::Mkd
            if (a.heroes + a.hirelings) as usize > tilecrawl::mkd::play::party::MAX_HEROES =>
        {
            bail_usage!(
                "--heroes {} and --hirelings {}: an MKD party holds at most {} heroes in all",
                a.heroes,
                a.hirelings,
                tilecrawl::mkd::play::party::MAX_HEROES
            )
        }
        PartyFor::Dw10 if a.hirelings > 0 => bail_usage!(
            "--hirelings is for --for mkd-adventure; a Dungeon World 10 mm party is its heroes alone"
        ),
        PartyFor::DdAndD if a.hirelings > 0 => bail_usage!(
            "--hirelings is for --for mkd-adventure; a Dungeons Dark & Dangerous war-party is filled with hirelings already"
        ),
        _ => {}
    }
    let to_stdout = super::outputs::is_stdout(&a.out);
    if to_stdout && a.print.is_some() {
        bail_usage!(
            "--print writes characters.pdf beside the party file, and --out - has no folder; give --out FILE (./- for a file called -)"
        );
    }
    let t = Tables::embedded();
    // An id, its ASCII spelling or a unique beginning (`dw`, `pal`); a
    // beginning of several (`p`) or of none is refused here, by name.
    let species = a
        .species
        .as_deref()
        .map(|s| t.species_named(s))
        .transpose()
        .map_err(super::usage::from)?;
    let class = a
        .class
        .as_deref()
        .map(|c| t.class_named(c))
        .transpose()
        .map_err(super::usage::from)?;
    let opts = wod_s::Options {
        land: a.land,
        species: species.map(|s| s.id.clone()),
        class: class.map(|c| c.id.clone()),
        level: a.level,
    };
    wod_s::character::check_options(t, &opts).map_err(super::usage::from)?;
    let seed = seed_or_fresh(a.seed, a.quiet);
    let mut dice = Dice::for_stage(seed, "characters");
    let chars = wod_s::character::party(t, &opts, a.heroes, &mut dice)?;
    let title = format!("World of Dungeons S party, seed {seed}");
    let sheets: Vec<wod_s::Sheet> = chars.iter().map(|c| c.sheet.clone()).collect();
    // A war-party's hirelings are rolled on after the characters, so the
    // characters are the same for every game.
    let company = match a.game {
        PartyFor::DdAndD => Some(tilecrawl::ddd::wod_s::company(&chars, &mut dice)?),
        _ => None,
    };
    let dw10 = match a.game {
        PartyFor::Dw10 => Some(tilecrawl::dw10::wod_s::party_file(&sheets)?),
        _ => None,
    };
    // So are an MKD party's hirelings.
    let hired = tilecrawl::mkd::wod_s::hire(&chars, a.hirelings, &mut dice)?;
    let played_in = match (&dw10, &company) {
        (Some(file), _) => tilecrawl::export::characters::PlayedIn::Dw10(file),
        (_, Some(co)) => tilecrawl::export::characters::PlayedIn::Ddd(co),
        _ => tilecrawl::export::characters::PlayedIn::Mkd(&hired),
    };
    let yaml = match (&dw10, &company) {
        (Some(file), _) => {
            tilecrawl::dw10::wod_s::file_yaml(file).context("cannot write the party file")?
        }
        (_, Some(co)) => format!(
            "# A Dungeons Dark & Dangerous war-party of World of Dungeons S characters\n\
# (models 1 to {}) and the hirelings that fill its ranks, made by `tilecrawl\n\
# party new --for dd-and-d` by the project's table (docs/src/characters.md);\n\
# the characters' sheets are in characters.md.\n{}",
            chars.len(),
            tilecrawl::ddd::warparty::to_yaml(&co.warparty)
        ),
        _ => tilecrawl::mkd::wod_s::party_yaml(&title, &sheets, &hired)
            .context("cannot write the party file")?,
    };
    // Standard output holds the party file alone (a pipe to a file or to
    // another command); nothing else is printed there.
    if to_stdout {
        out!("{yaml}")?;
        return Ok(());
    }
    let md = tilecrawl::export::characters::characters_markdown(&title, seed, &chars, played_in);
    let md_path = a.out.with_file_name("characters.md");
    let pdf_path = a.out.with_file_name("characters.pdf");
    let pdf = match a.print {
        Some(paper) => Some(tilecrawl::export::characters::characters_pdf(
            &title,
            seed,
            &chars,
            played_in,
            &tilecrawl::export::paper::PrintOptions {
                paper,
                ..Default::default()
            },
        )?),
        None => None,
    };
    let dir = md_path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), PathBuf::from);
    if a.out.is_dir() {
        anyhow::bail!(
            "{}: is a folder; --out names the party file to write",
            a.out.display()
        );
    }
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    // One writer per folder, as for every command that writes files.
    let _lock = tilecrawl::core::fs::FolderLock::take(&dir)?;
    let mut files: Vec<(&std::path::Path, &[u8])> =
        vec![(&a.out, yaml.as_bytes()), (&md_path, md.as_bytes())];
    if let Some(pdf) = &pdf {
        files.push((&pdf_path, pdf));
    }
    for (p, _) in &files {
        if p.exists() && !a.force {
            anyhow::bail!("{} already exists; add --force to replace it", p.display());
        }
    }
    tilecrawl::core::fs::write_all_atomic(&files)
        .with_context(|| format!("cannot write {}", a.out.display()))?;
    if !a.quiet {
        let mut out = std::io::stdout().lock();
        // A Dungeon World 10 mm hero is typed by an ASCII name and plays
        // as a stat block: both said, so the player knows them.
        for (i, c) in chars.iter().enumerate() {
            let s = &c.sheet;
            let plays = match (&dw10, &company) {
                (Some(file), _) => file
                    .heroes
                    .get(i)
                    .map(|h| format!("; plays as {} ({})", h.name, h.figure))
                    .unwrap_or_default(),
                (_, Some(co)) => {
                    format!("; model {}", i + 1)
                        + &co.warparty.models.get(i).map_or(String::new(), |m| {
                            format!(
                                " (power d{}, defense d{})",
                                m.power.sides(),
                                m.defense.sides()
                            )
                        })
                }
                _ => String::new(),
            };
            writeln!(
                out,
                "{}: {} {}, level {}, HP {}, armour {}, move {}{plays}",
                s.name, s.species, s.class, s.level, s.hp, s.armour, s.move_squares
            )?;
        }
        if let Some(co) = &company {
            for h in &co.hired {
                writeln!(out, "{}: hired {}; model {}", h.name, h.kind, h.number)?;
            }
        }
        for h in &hired {
            let as_name = if h.hero.name == h.name {
                String::new()
            } else {
                format!("; plays as {}", h.hero.name)
            };
            writeln!(
                out,
                "{}: hired {}, {} silver a day{as_name}",
                h.name, h.kind, h.pay
            )?;
        }
        match &pdf {
            Some(_) => writeln!(
                out,
                "wrote {}, {} and {}",
                a.out.display(),
                md_path.display(),
                pdf_path.display()
            )?,
            None => writeln!(out, "wrote {} and {}", a.out.display(), md_path.display())?,
        }
    }
    Ok(())
}

/// `tilecrawl names`.
pub fn names(a: NamesArgs) -> anyhow::Result<()> {
    let land = a
        .land
        .as_deref()
        .map(names::land)
        .transpose()
        .map_err(super::usage::from)?;
    let seed = seed_or_fresh(a.seed, a.quiet);
    let mut dice = Dice::for_stage(seed, "names");
    let mut out = std::io::stdout().lock();
    match land {
        Some(land) => {
            for n in names::draw(land, a.count, &[], &mut dice).map_err(super::usage::from)? {
                writeln!(out, "{n}")?;
            }
        }
        None => {
            let lands = names::human_lands();
            let mut taken: Vec<String> = Vec::new();
            for _ in 0..a.count {
                let k = dice.choose_then(lands.len(), |k| format!("land: {}", lands[k].title));
                let n = names::draw(lands[k], 1, &taken, &mut dice)?.remove(0);
                writeln!(out, "{n} ({})", lands[k].title)?;
                taken.push(n);
            }
        }
    }
    Ok(())
}

/// `tilecrawl hireling`. The hirelings are made before anything is
/// printed, so a refused request prints its error alone (no seed note).
pub fn hireling(a: HirelingArgs) -> anyhow::Result<()> {
    let seed = a.seed.unwrap_or_else(super::generate::fresh_seed);
    let mut dice = Dice::for_stage(seed, "hirelings");
    let mut lines: Vec<String> = Vec::new();
    match a.ruleset {
        CharRuleset::WodS => {
            if a.found.is_some() || a.skill.is_some() {
                bail_usage!(
                    "--found and --skill are for --ruleset dw-srd; World of Dungeons S hirelings take --kind"
                );
            }
            let Some(kind) = &a.kind else {
                bail_usage!(
                    "--ruleset wod-s needs --kind: torch-bearer, guide, armsman, expert or champion"
                );
            };
            let hired = wod_s::hirelings::hire(Tables::embedded(), kind, a.count, &mut dice)
                .map_err(super::usage::from)?;
            for h in hired {
                let k = &h.kind;
                let mut line = format!(
                    "{} ({}): {}, {}s a day, {} HP, {}",
                    h.name,
                    h.land,
                    k.id.replace('-', " "),
                    k.pay,
                    k.hp,
                    k.gear.join(", ")
                );
                if let Some(n) = &k.note {
                    line.push_str("; ");
                    line.push_str(n);
                }
                lines.push(line);
            }
        }
        CharRuleset::DwSrd => {
            if a.kind.is_some() {
                bail_usage!(
                    "--kind is for --ruleset wod-s; Dungeon World SRD hirelings take --found (and --skill)"
                );
            }
            let Some(found) = &a.found else {
                bail_usage!("--ruleset dw-srd needs --found: village, town, keep or city");
            };
            let t = dw_srd::data::Tables::embedded();
            let made = dw_srd::hirelings::make(t, found, a.skill.as_deref(), a.count, &mut dice)
                .map_err(super::usage::from)?;
            for h in made {
                let skills: Vec<String> = h
                    .skills
                    .iter()
                    .map(|(s, r)| format!("{} {r}", s.id))
                    .collect();
                lines.push(format!(
                    "{} (found in a {}, number {}): loyalty {}, {}; cost: {}; works for adventurers of level {} or more",
                    h.name,
                    h.found,
                    h.number,
                    h.loyalty,
                    skills.join(", "),
                    h.cost,
                    h.serves_from_level()
                ));
                for (s, _) in &h.skills {
                    for ab in &s.abilities {
                        lines.push(format!("  {} ({}): {}", ab.name, s.id, ab.effect));
                    }
                }
            }
        }
    }
    if a.seed.is_none() && !a.quiet {
        warnln!("seed {seed} (repeat with --seed {seed})");
    }
    let mut out = std::io::stdout().lock();
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// `tilecrawl roll`.
pub fn roll(a: RollArgs) -> anyhow::Result<()> {
    if let Some(other) = &a.other {
        return other_damage(&a, other);
    }
    // Checked here: clap's `requires` lets it through beside DICE, which
    // conflicts with --other (clap issue 4520).
    if a.ignores_armour {
        bail_usage!(
            "--ignores-armour is a tag of --other HARM (damage from no creature); for dice of your own, leave --armour out"
        );
    }
    // clap asks for DICE when --other is not given.
    let Some(text) = &a.dice else {
        bail_usage!("give the dice to roll (2d6+1), or --other HARM");
    };
    let expr = roll::parse(text).map_err(super::usage::from)?;
    let call = match (a.damage, a.critical) {
        (_, true) => Some(damage::Call::Declared),
        (true, false) => Some(damage::Call::Ask),
        (false, false) => None,
    };
    // A damage roll without a main die is refused before the seed note.
    if call.is_some() {
        damage::main_term(&expr).map_err(super::usage::from)?;
    }
    let seed = seed_or_fresh(a.seed, a.quiet);
    let mut dice = Dice::for_stage(seed, "roll");
    let mut out = std::io::stdout().lock();
    let Some(call) = call else {
        let r = if a.off_hand {
            let r = roll::roll_rerolling(&expr, &mut dice, damage::OFF_HAND_LABEL, |r| {
                roll::below_average(&expr, r)
            });
            writeln!(out, "{expr}: {}", rolled_line(&r.first))?;
            let (total, average) = (r.first.total, roll::average_words(expr.mean()));
            match &r.second {
                Some(second) => writeln!(
                    out,
                    "off-hand re-roll ({total} is below the average {average}): {}",
                    rolled_line(second)
                )?,
                None => writeln!(
                    out,
                    "off hand: kept ({total} is not below the average {average}); no re-roll"
                )?,
            }
            r.second.unwrap_or(r.first)
        } else {
            let r = roll::roll(&expr, &mut dice);
            writeln!(out, "{expr}: {}", rolled_line(&r))?;
            r
        };
        if let Some(armour) = a.armour {
            let hp = u32::try_from(r.total.max(0))
                .unwrap_or(u32::MAX)
                .saturating_sub(armour);
            writeln!(out, "less armour {armour}: {hp} HP lost")?;
        }
        if a.as_move {
            let band = match Band::of(r.total) {
                Band::Hit => "10+: full success",
                Band::Partial => "7-9: success, with a cost or a hard choice",
                Band::Miss => "6-: a miss; the danger comes true (Dungeon World: mark XP)",
            };
            writeln!(out, "{band}")?;
        }
        return Ok(());
    };
    let t = Tables::embedded();
    let d = if a.off_hand {
        damage::roll_damage_off_hand(t, &expr, call, &mut dice)?
    } else {
        damage::roll_damage(t, &expr, call, &mut dice)?
    };
    match &d.off_hand {
        Some(off) => {
            writeln!(out, "{expr}: {}", rolled_line(&off.first))?;
            let (total, main) = (off.first.total, off.first_main);
            let average = roll::average_words(expr.mean());
            let why = match off.call {
                damage::OffHandCall::KeptForCritical => format!(
                    "off hand: kept (main die {main}: a critical hit may follow); no re-roll"
                ),
                damage::OffHandCall::Kept => format!(
                    "off hand: kept ({total} is not below the average {average}); no re-roll"
                ),
                damage::OffHandCall::RerolledFumble => format!(
                    "off-hand re-roll (main die {main}, a fumble): {}",
                    rolled_line(&d.rolled)
                ),
                damage::OffHandCall::RerolledLow => format!(
                    "off-hand re-roll ({total} is below the average {average}): {}",
                    rolled_line(&d.rolled)
                ),
            };
            writeln!(out, "{why}")?;
        }
        None => writeln!(out, "{expr}: {}", rolled_line(&d.rolled))?,
    }
    if let Some(armour) = a.armour {
        writeln!(out, "less armour {armour}: {} HP lost", d.hp_lost(armour))?;
    }
    let face = d.main.face;
    match &d.critical {
        damage::Critical::No if d.fumble() => writeln!(
            out,
            "main die {face}: a fumble; the damage stands, and the GM may add a mishap"
        )?,
        damage::Critical::No => writeln!(out, "main die {face}: no fumble, no critical hit")?,
        damage::Critical::Asked { d20, injury: None } => writeln!(
            out,
            "main die {face}: a critical hit if the GM says so; unsure, d20 {d20}: not one (a {} makes one)",
            damage::CRITICAL_D20
        )?,
        damage::Critical::Asked {
            d20,
            injury: Some(_),
        } => writeln!(
            out,
            "main die {face}: a critical hit if the GM says so; unsure, d20 {d20}: a critical hit, and a critical injury besides the damage"
        )?,
        damage::Critical::Declared(_) => writeln!(
            out,
            "main die {face}: a critical hit, as the GM declared, and a critical injury besides the damage"
        )?,
    }
    if let Some(i) = d.critical.injury() {
        write_injury(&mut out, i)?;
    }
    Ok(())
}

/// `tilecrawl roll --other HARM`: the SRD's damage from no creature. The
/// row is found before the seed note, so a refusal is its one line.
fn other_damage(a: &RollArgs, typed: &str) -> anyhow::Result<()> {
    let t = dw_srd::data::Tables::embedded();
    let seed = a.seed.unwrap_or_else(super::generate::fresh_seed);
    let mut dice = Dice::for_stage(seed, "roll");
    let o = dw_srd::harm::other_damage(t, typed, a.ignores_armour, &mut dice)
        .map_err(super::usage::from)?;
    if a.seed.is_none() && !a.quiet {
        warnln!("seed {seed} (repeat with --seed {seed})");
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} ({}): {}",
        o.row.id,
        o.row.threat,
        rolled_line(&o.rolled)
    )?;
    let hp = dw_srd::harm::hp_lost(o.blow, a.armour.unwrap_or(0), dw_srd::harm::Cover::None);
    match a.armour {
        _ if o.blow.ignores_armour => writeln!(out, "ignores armour: {hp} HP lost")?,
        Some(armour) => writeln!(out, "less armour {armour}: {hp} HP lost")?,
        None => {}
    }
    Ok(())
}

/// A rolled expression's terms and total: `2d6 [4, 1] + 1 = 6`.
fn rolled_line(r: &roll::Rolled) -> String {
    let mut parts = Vec::new();
    for t in &r.terms {
        let sign = if t.value < 0 { "-" } else { "+" };
        let shown = if t.faces.is_empty() {
            t.value.abs().to_string()
        } else {
            let faces: Vec<String> = t.faces.iter().map(u32::to_string).collect();
            format!("{} [{}]", t.term, faces.join(", "))
        };
        parts.push(format!("{sign} {shown}"));
    }
    let joined = parts.join(" ");
    let joined = joined.strip_prefix("+ ").unwrap_or(&joined);
    format!("{joined} = {}", r.total)
}

/// A critical injury in two lines: where and how bad, then its effect.
fn write_injury(out: &mut impl Write, i: &injuries::Injury) -> std::io::Result<()> {
    let side = i.side.map(|s| format!("{s} ")).unwrap_or_default();
    writeln!(
        out,
        "location: d100 {} = {side}{}; severity: d12 {} = {} ({})",
        i.location_roll, i.location, i.severity_roll, i.severity, i.severity_note
    )?;
    match &i.effect {
        Some((code, effect)) => writeln!(out, "effect {code}: {effect}"),
        None => writeln!(
            out,
            "no special effect: an injured limb cannot be used as normal"
        ),
    }
}

/// `tilecrawl injury`.
pub fn injury(a: InjuryArgs) -> anyhow::Result<()> {
    let t = Tables::embedded();
    // Checked before the seed note, so a refusal is its one line.
    if let Some(con) = a.con {
        injuries::check_con(t, con).map_err(|e| {
            usage!(
                "--con: {e} (a World of Dungeons S attribute starts at 0 and rises to +3 at most; only an elf's Con starts at -1)"
            )
        })?;
    }
    let seed = seed_or_fresh(a.seed, a.quiet);
    let mut dice = Dice::for_stage(seed, "injury");
    let mut out = std::io::stdout().lock();
    let injury = match a.con {
        Some(con) => {
            let (faces, outcome) = injuries::con_check(t, con, &mut dice);
            // Both faces, then Con, as `roll` shows dice: `2d6 [4, 2] - 1 = 5`.
            let check = injuries::con_check_dice(faces, con);
            let (said, injury) = match outcome {
                injuries::ZeroHp::Reeling => {
                    ("reeling; can fight on, but any more damage kills", None)
                }
                injuries::ZeroHp::PassesOut => (
                    "passes out; fine if the party wins, else captured or left for dead",
                    None,
                ),
                injuries::ZeroHp::Injured(i) => ("passes out with a critical injury", Some(i)),
            };
            writeln!(out, "Con check: {check}: {said}")?;
            injury
        }
        None => Some(injuries::roll_injury(t, &mut dice)),
    };
    if let Some(i) = injury {
        write_injury(&mut out, &i)?;
    }
    Ok(())
}
