//! `tilecrawl campaign new|next|town|show`: a party through adventure after
//! adventure, with the town phase between them.

use super::say::shell_quote as shell;
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tilecrawl::core::stats::WinRateBand;
use tilecrawl::mkd::campaign::{self, Campaign, CurrentAdventure, Orders, io};
use tilecrawl::mkd::generate::generate;
use tilecrawl::mkd::mission::Mission;
use tilecrawl::mkd::play::floors::Adventure;
use tilecrawl::mkd::play::party;
use tilecrawl::pack;

/// The games a campaign can play: `campaign new --ruleset` offers these only.
const CAMPAIGN_RULESETS: [tilecrawl::rules::RulesetId; 2] = [
    tilecrawl::rules::RulesetId::MkdAdventure,
    tilecrawl::rules::RulesetId::DungeonWorld10mm,
];

/// Options of `tilecrawl campaign`.
#[derive(Debug, Args)]
pub struct CampaignArgs {
    #[command(subcommand)]
    command: CampaignCommand,
}

#[derive(Debug, Subcommand)]
enum CampaignCommand {
    /// Start a campaign: write CAMPAIGNS_DIR/NAME/campaign.yaml for a party.
    #[command(
        after_help = "Examples:\n  tilecrawl campaign new Ironfall --party my-party.yaml --seed 26\n  tilecrawl campaign new Deepdelve --ruleset dungeon-world-10mm --seed 3"
    )]
    New(NewArgs),
    /// Generate the next adventure for the party's current value and print how to play it.
    #[command(
        after_help = "Example:\n  tilecrawl campaign next Ironfall --mission rescue --tileset my-tiles.yaml --print a4"
    )]
    Next(NextArgs),
    /// After the adventure: share experience, resurrect, reward, trade, train
    /// (a Dungeon World 10 mm campaign: keep or lose what was carried out, buy).
    #[command(
        after_help = "Examples:\n  tilecrawl campaign town Ironfall --resurrect Marrow --recharge all --buy 1\n  tilecrawl campaign town Deepdelve     # a Dungeon World 10 mm game: settle it"
    )]
    Town(TownArgs),
    /// Print the campaign: heroes, purse, items, the adventure under way, the history.
    #[command(after_help = "Example:\n  tilecrawl campaign show Ironfall")]
    Show(ShowArgs),
}

/// Which campaign.
#[derive(Debug, Args)]
struct Which {
    /// The campaign's name (its folder under --dir).
    name: String,
    /// The folder that holds the campaigns.
    #[arg(long, default_value = "campaigns", value_name = "DIR")]
    dir: PathBuf,
}

impl Which {
    fn folder(&self) -> anyhow::Result<PathBuf> {
        // The name is a value of the command line: a bad one is bad usage.
        io::check_name(&self.name).map_err(super::usage::from)?;
        Ok(io::folder(&self.dir, &self.name))
    }

    fn file(&self) -> anyhow::Result<PathBuf> {
        Ok(self.folder()?.join(io::FILE_NAME))
    }

    fn load(&self) -> anyhow::Result<(PathBuf, Campaign)> {
        let file = self.file()?;
        if !file.exists() {
            bail!(
                "{}: no such campaign; {}start one with `tilecrawl campaign new {}{}`",
                file.display(),
                self.others(),
                shell(&self.name),
                self.dir_flag()
            );
        }
        let c = io::load(&file)?;
        Ok((file, c))
    }

    /// The campaigns `--dir` holds, for the error of a name that is not
    /// one of them (`Ironfal`, `ironfall`): `campaigns holds Ironfall,
    /// Tower (did you mean Ironfall?); `, or nothing when it holds none.
    fn others(&self) -> String {
        const SHOWN: usize = 10;
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return String::new();
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter(|e| e.path().join(io::FILE_NAME).is_file())
            .filter_map(|e| e.file_name().to_str().map(String::from))
            .collect();
        if names.is_empty() {
            return String::new();
        }
        names.sort();
        let meant = tilecrawl::core::text::nearest(&self.name, names.iter().map(String::as_str))
            .map(|n| format!(" (did you mean {}?)", shell(n)))
            .unwrap_or_default();
        let more = names.len().saturating_sub(SHOWN);
        let mut list = names
            .iter()
            .take(SHOWN)
            .map(|n| shell(n))
            .collect::<Vec<_>>()
            .join(", ");
        if more > 0 {
            list.push_str(&format!(" and {more} more"));
        }
        format!("{} holds {list}{meant}; ", self.dir.display())
    }

    /// Where the campaign is, for the Dungeon World 10 mm steps.
    fn place<'a>(&self, folder: &'a Path, file: &'a Path) -> super::campaign_dw10::Place<'a> {
        super::campaign_dw10::Place {
            folder,
            file,
            which: format!("{}{}", shell(&self.name), self.dir_flag()),
        }
    }

    /// ` --dir DIR` when it is not the default, for printed commands.
    fn dir_flag(&self) -> String {
        if self.dir == Path::new("campaigns") {
            String::new()
        } else {
            format!(" --dir {}", shell(&self.dir.display().to_string()))
        }
    }
}

#[derive(Debug, Args)]
struct NewArgs {
    #[command(flatten)]
    which: Which,
    /// The heroes: a `tilecrawl-party/1` file (a `tilecrawl-dw10-party/1`
    /// one for Dungeon World 10 mm). Default: the game's embedded party.
    #[arg(long, value_name = "FILE")]
    party: Option<PathBuf>,
    /// The game the campaign plays (Dungeons Dark & Dangerous has no
    /// campaign).
    #[arg(long, default_value = "mkd-adventure", value_parser = super::rulesets_parser(&CAMPAIGN_RULESETS))]
    ruleset: tilecrawl::rules::RulesetId,
    /// Master seed of the campaign. Default: a new one, printed.
    #[arg(long)]
    seed: Option<u64>,
    /// Replace a campaign of that name (its file is kept as campaign.yaml.bak).
    #[arg(long)]
    force: bool,
    /// Print nothing but errors.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Debug, Args)]
struct NextArgs {
    #[command(flatten)]
    which: Which,
    /// Mission: quest, rescue, stealth or kidnapping, with timed and split-up (`rescue+timed`).
    #[arg(long, default_value = "quest", value_parser = super::shell::mission_parser(),
          hide_possible_values = true)]
    mission: String,
    /// Number of 5-tile sets in the Dungeon Stack.
    #[arg(long, default_value_t = 2, value_parser = crate::cli::usage::whole::<u32>(1, 200))]
    sets: u32,
    #[command(flatten)]
    floors: super::generate::FloorsArgs,
    /// Tile-set YAML file (the tiles you own), or the name of an embedded
    /// set. Default: the game's embedded set (`mkd-builder`, `pendraken-10mm`).
    #[arg(long, value_name = "FILE")]
    tileset: Option<PathBuf>,
    /// Dungeon World 10 mm: the Draken Master's kill target (default 5).
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u32>(1, 100))]
    kills: Option<u32>,
    /// Dungeon World 10 mm: the dungeon conditions table a new scenario
    /// draws its condition squares from (as `generate --conditions`;
    /// default: the embedded table). A scenario played again keeps the
    /// conditions it was made with.
    #[arg(long, value_name = "FILE")]
    conditions: Option<PathBuf>,
    /// Monster list YAML for the Monster Pool (default: the embedded list).
    #[arg(long, value_name = "FILE")]
    monsters: Option<PathBuf>,
    /// Play surface, as for `generate` (`72x48`, `72x48in`, `180x120cm`).
    #[arg(long, default_value = "72x48", value_name = "WxH")]
    table: String,
    /// How an exit is rolled for the next tile.
    #[arg(long, value_enum, default_value = "fair")]
    exit_dice: super::generate::ExitDiceArg,
    /// Chest level mix.
    #[arg(long, value_enum, default_value = "normal")]
    difficulty: super::generate::DifficultyArg,
    /// Lay the optional hindering/water markers (1d6−2 per tile).
    #[arg(long)]
    markers: bool,
    /// Add an artifact or dressing set per chamber to the accessories pool.
    #[arg(long)]
    dressing: bool,
    /// Replace the files of an adventure folder a failed `next` left behind.
    #[arg(long)]
    force: bool,
    /// Print nothing but errors.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    output: super::outputs::OutputArgs,
    /// Keep the next adventure only if the campaign's heroes win it at a
    /// rate in this band (LOW..HIGH, e.g. 0.4..0.7): each candidate is
    /// played --runs times by the automatic heroes, and seeds are tried in a
    /// fixed order until one fits. The rating goes on the setup sheet.
    #[arg(long, value_name = "LOW..HIGH", value_parser = parse_band)]
    win_rate: Option<WinRateBand>,
    /// With --win-rate: playthroughs per candidate adventure.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 200,
        requires = "win_rate",
        value_parser = crate::cli::usage::whole::<u32>(1, 100_000)
    )]
    runs: u32,
    /// With --win-rate: candidate adventures tried before giving up.
    #[arg(
        long,
        default_value_t = 20,
        requires = "win_rate",
        value_parser = crate::cli::usage::whole::<u32>(1, 1000)
    )]
    max_attempts: u32,
}

fn parse_band(s: &str) -> Result<WinRateBand, String> {
    WinRateBand::parse(s).map_err(|e| e.to_string())
}

#[derive(Debug, Args)]
struct TownArgs {
    #[command(flatten)]
    which: Which,
    /// Resurrect a fallen hero (1,000 gold), at step 2 or, if the gold comes
    /// from selling, at step 5. HERO may be an ASCII spelling or a unique
    /// beginning of the name. Repeatable.
    #[arg(long, value_name = "HERO")]
    resurrect: Vec<String>,
    /// Sell an item for half its value. Repeatable.
    #[arg(long, value_name = "ITEM")]
    sell: Vec<String>,
    /// Recharge an item (half its value), or `all`. Repeatable.
    #[arg(long, value_name = "ITEM|all")]
    recharge: Vec<String>,
    /// Buy a chest for twice its item's value: a chest level (its item
    /// rolled) or an item's name. Dungeon World 10 mm: HERO=GOOD from the
    /// shop (`Kestrel=potion`; HERO may be an ASCII spelling or a unique
    /// beginning of the name). Repeatable.
    #[arg(long, value_name = "LEVEL|ITEM|HERO=GOOD")]
    buy: Vec<String>,
    /// Mark a potion as used up in the dungeon (it cannot be sold). Repeatable.
    #[arg(long, value_name = "ITEM")]
    used: Vec<String>,
    /// The ability a hero makes permanent on passing level 5 (default: the
    /// first dial ability not yet permanent). HERO may be an ASCII spelling
    /// or a unique beginning of the name. Repeatable.
    #[arg(long, value_name = "HERO=ABILITY")]
    ability: Vec<String>,
    /// Skip training.
    #[arg(long)]
    no_train: bool,
    /// Print nothing but errors (the town's record is in campaign.yaml and
    /// `campaign show`).
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Debug, Args)]
struct ShowArgs {
    #[command(flatten)]
    which: Which,
    /// Print one JSON object (seeds as strings) instead of text.
    #[arg(long)]
    json: bool,
    /// Print nothing on success: only check that the campaign loads (the
    /// exit status says so; errors still print).
    #[arg(long, short)]
    quiet: bool,
}

/// Runs a campaign subcommand.
pub fn run(a: CampaignArgs) -> anyhow::Result<()> {
    match a.command {
        CampaignCommand::New(a) => new(a),
        CampaignCommand::Next(a) => next(a),
        CampaignCommand::Town(a) => town(a),
        CampaignCommand::Show(a) => show(a),
    }
}

/// The lock on a campaign's folder, when the folder exists (when it does
/// not, loading the campaign says so).
fn lock_campaign(folder: &Path) -> anyhow::Result<Option<tilecrawl::core::fs::FolderLock>> {
    if !folder.is_dir() {
        return Ok(None);
    }
    Ok(Some(tilecrawl::core::fs::FolderLock::take(folder)?))
}

fn write_campaign(path: &Path, c: &Campaign) -> anyhow::Result<()> {
    io::save(path, c).with_context(|| format!("{}: cannot write the campaign", path.display()))
}

fn new(a: NewArgs) -> anyhow::Result<()> {
    let folder = a.which.folder()?;
    let file = folder.join(io::FILE_NAME);
    if file.exists() && !a.force {
        bail!(
            "{}: the campaign already exists; continue it with `tilecrawl campaign next {}{}`, or start over with --force",
            file.display(),
            shell(&a.which.name),
            a.which.dir_flag()
        );
    }
    let seed = a.seed.unwrap_or_else(super::generate::fresh_seed);
    if a.ruleset == tilecrawl::rules::RulesetId::DungeonWorld10mm {
        let place = a.which.place(&folder, &file);
        return super::campaign_dw10::new(&place, &a.which.name, a.party.as_deref(), seed, a.quiet);
    }
    // The parser offers only `CAMPAIGN_RULESETS`; this stays as a guard.
    if a.ruleset != tilecrawl::rules::RulesetId::MkdAdventure {
        bail_usage!(
            "--ruleset {}: campaigns are for mkd-adventure and dungeon-world-10mm",
            a.ruleset
        );
    }
    let p = match &a.party {
        Some(path) => {
            let (p, notes) = party::load_noting(path)?;
            if !a.quiet {
                for n in &notes {
                    warnln!("warning: {n}");
                }
            }
            p
        }
        None => party::default_party(),
    };
    let c = Campaign::new(&a.which.name, seed, &p);
    std::fs::create_dir_all(&folder)
        .with_context(|| format!("cannot create folder {}", folder.display()))?;
    let _lock = tilecrawl::core::fs::FolderLock::take(&folder)?;
    write_campaign(&file, &c)?;
    if a.quiet {
        return Ok(());
    }
    outln!(
        "campaign {} started with seed {seed}: {} heroes worth {} points ({})",
        c.name,
        c.heroes.len(),
        c.party_value(),
        c.heroes
            .iter()
            .map(|h| format!("{} {}", h.name, h.value))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    outln!("wrote {}", file.display())?;
    outln!(
        "next: tilecrawl campaign next {}{}",
        shell(&a.which.name),
        a.which.dir_flag()
    )?;
    Ok(())
}

/// How to play the current adventure, as commands to type.
fn how_to_play(which: &Which, folder: &Path, adv: &CurrentAdventure) -> Vec<String> {
    let p = |rel: &str| shell(&folder.join(rel).display().to_string());
    vec![
        format!(
            "play it:   tilecrawl play {} --party {} --save {}",
            p(&adv.scenario),
            p(&adv.party),
            p(&adv.save)
        ),
        format!(
            "then:      tilecrawl campaign town {}{}",
            shell(&which.name),
            which.dir_flag()
        ),
    ]
}

fn next(a: NextArgs) -> anyhow::Result<()> {
    let file = a.which.file()?;
    if super::campaign_dw10::is_dw10(&file) {
        for (flag, given) in [
            ("--mission", a.mission != "quest"),
            ("--monsters", a.monsters.is_some()),
            ("--markers", a.markers),
            ("--dressing", a.dressing),
            ("--floors", a.floors.params()?.is_some()),
        ] {
            if given {
                bail_usage!(
                    "{flag} is for the MKD Adventure; {} is a Dungeon World 10 mm campaign",
                    file.display()
                );
            }
        }
        let folder = a.which.folder()?;
        let place = a.which.place(&folder, &file);
        return super::campaign_dw10::next(
            &place,
            &super::campaign_dw10::NextOptions {
                sets: a.sets,
                tileset: a.tileset.as_deref(),
                table: &a.table,
                exit_dice: a.exit_dice.into(),
                difficulty: a.difficulty.into(),
                kills: a.kills,
                conditions: a.conditions.as_deref(),
                force: a.force,
                quiet: a.quiet,
                output: &a.output,
                win_rate: a.win_rate.map(|band| super::campaign_dw10::Band {
                    band,
                    runs: a.runs,
                    max_attempts: a.max_attempts,
                }),
            },
        );
    }
    if a.kills.is_some() {
        bail_usage!("--kills is for a Dungeon World 10 mm campaign");
    }
    if a.conditions.is_some() {
        bail_usage!("--conditions is for a Dungeon World 10 mm campaign");
    }
    let floors = a.floors.params()?;
    // The export options are checked before any work is done.
    a.output.mkd_campaign_options()?;
    let folder = a.which.folder()?;
    // One run at a time changes a campaign.
    let _lock = lock_campaign(&folder)?;
    let (file, mut c) = a.which.load()?;
    if let Some(cur) = &c.current {
        bail!(
            "{}: adventure {} has not had its town phase yet; play it, then run `tilecrawl campaign town {}{}`",
            file.display(),
            cur.number,
            shell(&a.which.name),
            a.which.dir_flag()
        );
    }
    // Read by clap already (`shell::mission_parser`): a refusal here is bad usage too.
    let mission = Mission::parse(&a.mission).map_err(|e| usage!("--mission: {e}"))?;
    let (number, adv_folder, _) = campaign::next_adventure(&c);
    // A party's name is at most 64 characters.
    let party_name = if c.name.chars().count() <= 40 {
        format!("{}, adventure {number}", c.name)
    } else {
        format!("adventure {number}")
    };
    let out = folder.join(&adv_folder);
    // A game played on what the folder held would be settled in town as
    // this adventure's: it goes with the files it was played on.
    let stale_saves = super::outputs::campaign_saves(&out);
    if !a.force
        && (out.join("scenario.yaml").exists()
            || out.join("dungeon.yaml").exists()
            || !stale_saves.is_empty())
    {
        bail!(
            "{}: the folder already holds an adventure{} (left by an earlier `campaign next` that did not finish, or by a campaign of the same name started over); pass --force to replace its files{}",
            out.display(),
            super::outputs::saved_words(&stale_saves),
            if stale_saves.is_empty() {
                ""
            } else {
                " and remove the save"
            }
        );
    }
    let Some(party) = c.adventure_party(&party_name) else {
        bail!(
            "{}: every hero has fallen and none was resurrected; the campaign is over",
            file.display()
        );
    };
    let hero_value = party.total_value();
    let tileset = a
        .tileset
        .clone()
        .unwrap_or_else(|| tilecrawl::tileset::DEFAULT_TILESET_NAME.into());
    let ts = tilecrawl::tileset::load(&tileset)?;
    let mut params = campaign::adventure_params(
        campaign::next_adventure_seed(&c, 0),
        a.sets,
        hero_value,
        mission,
    );
    params.layout.table = super::generate::parse_table(&a.table, ts.square_mm)?;
    params.layout.exit_dice = a.exit_dice.into();
    params.setup.difficulty = a.difficulty.into();
    params.setup.dressing = a.dressing;
    params.markers = a.markers;
    if let Some(m) = &a.monsters {
        params.setup.monsters = tilecrawl::mkd::monsters::load(m)?;
    }
    params.tileset_label = super::generate::tileset_label(&tileset);
    // The adventure of each candidate seed; with --win-rate, played until
    // one plays in the band.
    let mut missed: Vec<(u64, f64)> = Vec::new();
    // Each candidate's runs on a terminal's progress bar.
    let bar = match a.win_rate {
        Some(_) => super::say::runs_bar(a.runs, a.quiet),
        None => indicatif::ProgressBar::hidden(),
    };
    let (seed, built, rating) = loop {
        let seed = campaign::next_adventure_seed(&c, missed.len() as u32);
        params.seed = seed;
        let built = build_adventure(&ts, &params, floors.as_ref())
            .with_context(|| format!("adventure {number}, seed {seed}"))?;
        let Some(band) = a.win_rate else {
            break (seed, built, None);
        };
        let who = format!("the heroes of campaign {}", c.name);
        bar.reset();
        bar.set_message(super::say::candidate_words(missed.len(), a.max_attempts));
        let (rating, words) =
            super::generate::rate_with(&built.for_play()?, party.clone(), &who, a.runs, &|| {
                bar.inc(1)
            });
        if band.contains(rating.win_rate) {
            break (seed, built, Some((rating, words)));
        }
        missed.push((seed, rating.win_rate));
        if missed.len() as u32 >= a.max_attempts {
            bail!(
                "{}",
                super::say::no_candidate(
                    "adventure",
                    a.max_attempts,
                    band,
                    &c.name,
                    a.runs,
                    &missed
                )
            );
        }
    };
    bar.finish_and_clear();
    let party_text = campaign::model::party_yaml(
        &party,
        &format!(
            "The heroes of campaign {} for adventure {number}, at their current levels.\nWritten by `tilecrawl campaign next`; the campaign file is the one to edit.",
            c.name
        ),
    );
    // The party file must be one `play` accepts.
    party::parse(&party_text, "party.yaml")?;
    // The file to play first, then the party, then the rest.
    let (adventure, play_file) = match &built {
        AdventureFiles::One(scenario) => (pack::Content::One(scenario), "scenario.yaml"),
        AdventureFiles::Floors(d) => (pack::Content::Floors(d), "dungeon.yaml"),
    };
    let mut pack_options = a.output.mkd_campaign_options()?;
    pack_options.rating = rating.as_ref().map(|(_, w)| w.clone());
    let mut files = pack::adventure(adventure, &pack_options)?;
    files.insert(1, ("party.yaml".to_string(), party_text.into_bytes()));
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    super::outputs::write_outputs(&out, &refs, a.force)?;
    super::outputs::remove_campaign_saves(&stale_saves)?;
    // The sets of each floor as built (`--sets-per-floor` may roll them).
    let floor_sets: Vec<u32> = match &built {
        AdventureFiles::One(_) => vec![a.sets],
        AdventureFiles::Floors(d) => d.file.floors.iter().map(|f| f.sets).collect(),
    };
    let floors = floor_sets.len() as u32;
    let adv = CurrentAdventure {
        number,
        folder: adv_folder.clone(),
        seed,
        mission: mission.to_string(),
        sets: floor_sets.iter().sum(),
        floors,
        hero_value,
        scenario: format!("{adv_folder}/{play_file}"),
        party: format!("{adv_folder}/party.yaml"),
        save: format!("{adv_folder}/game.save"),
        carried: c.take_carried(&party),
    };
    c.current = Some(adv.clone());
    c.generator = tilecrawl::GENERATOR.into();
    write_campaign(&file, &c)?;
    if a.quiet {
        return Ok(());
    }
    outln!(
        "adventure {number} of {}: {} mission, seed {seed}, {}, set up for heroes worth {hero_value} points",
        c.name,
        adv.mission,
        sets_words(&floor_sets)
    )?;
    outln!(
        "heroes: {}",
        party
            .heroes()
            .map(|h| format!("{} ({})", h.name, h.value))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    if !adv.carried.is_empty() {
        outln!(
            "carried in from town: {}",
            adv.carried
                .iter()
                .map(|i| format!("{} ({}, {})", i.chest, i.item.name, i.hero))
                .collect::<Vec<_>>()
                .join(", ")
        )?;
    }
    if let (Some((_, words)), Some(band)) = (&rating, a.win_rate) {
        for l in super::say::rating_lines(band, &missed, words) {
            outln!("{l}")?;
        }
    }
    outln!(
        "wrote {}, {}",
        super::outputs::listing(&out, &refs),
        file.display()
    )?;
    for l in how_to_play(&a.which, &folder, &adv) {
        outln!("{l}")?;
    }
    Ok(())
}

/// The line that says what to do next once an adventure is through town.
fn what_next(which: &Which, c: &Campaign) -> String {
    if c.heroes.iter().any(|h| h.alive) {
        format!(
            "next: tilecrawl campaign next {}{}",
            shell(&which.name),
            which.dir_flag()
        )
    } else {
        format!(
            "every hero has fallen and none was resurrected ({} gold each; the purse holds {}): the campaign is over",
            campaign::rules::RESURRECTION_GOLD,
            c.gold
        )
    }
}

fn parse_ability(s: &str) -> anyhow::Result<(String, String)> {
    match s.split_once('=') {
        Some((h, a)) if !h.trim().is_empty() && !a.trim().is_empty() => {
            Ok((h.trim().to_string(), a.trim().to_string()))
        }
        _ => bail_usage!("--ability {s:?}: expected HERO=ABILITY, e.g. --ability Kestrel=Stealth"),
    }
}

fn town(a: TownArgs) -> anyhow::Result<()> {
    let file = a.which.file()?;
    if super::campaign_dw10::is_dw10(&file) {
        for (flag, given) in [
            ("--resurrect", !a.resurrect.is_empty()),
            ("--sell", !a.sell.is_empty()),
            ("--recharge", !a.recharge.is_empty()),
            ("--used", !a.used.is_empty()),
            ("--ability", !a.ability.is_empty()),
            ("--no-train", a.no_train),
        ] {
            if given {
                bail_usage!(
                    "{flag} is for the MKD Adventure; {} is a Dungeon World 10 mm campaign (it takes --buy HERO=GOOD)",
                    file.display()
                );
            }
        }
        let folder = a.which.folder()?;
        let place = a.which.place(&folder, &file);
        return super::campaign_dw10::town(&place, &a.buy, a.quiet);
    }
    let orders = Orders {
        resurrect: a.resurrect,
        sell: a.sell,
        recharge: a.recharge,
        buy: a.buy,
        used: a.used,
        train: !a.no_train,
        abilities: a
            .ability
            .iter()
            .map(|s| parse_ability(s))
            .collect::<anyhow::Result<_>>()?,
    };
    let folder = a.which.folder()?;
    let _lock = lock_campaign(&folder)?;
    let (file, mut c) = a.which.load()?;
    let Some(adv) = c.current.clone() else {
        bail!(
            "{}: no adventure is waiting for its town phase; start one with `tilecrawl campaign next {}{}`",
            file.display(),
            shell(&a.which.name),
            a.which.dir_flag()
        );
    };
    let save = folder.join(&adv.save);
    if !save.exists() {
        let mut msg = format!(
            "{}: adventure {} has not been played yet (no save file).",
            save.display(),
            adv.number
        );
        if let Some(l) = how_to_play(&a.which, &folder, &adv).first() {
            msg += " Play it with: ";
            msg += l.trim_start_matches("play it:").trim();
        }
        bail!("{msg}");
    }
    let (scenario, party) = (folder.join(&adv.scenario), folder.join(&adv.party));
    let files = io::AdventureFiles {
        scenario: &scenario,
        party: &party,
        number: adv.number,
    };
    let (result, tables) = io::replay_adventure_save(&save, files).map_err(|e| {
        if !e.is_other_game() {
            return anyhow::Error::msg(e);
        }
        let mut msg = format!("{e}; move that save away and play adventure {}", adv.number);
        if let Some(l) = how_to_play(&a.which, &folder, &adv).first() {
            msg += " with: ";
            msg += l.trim_start_matches("play it:").trim();
        }
        anyhow::anyhow!("{msg}")
    })?;
    if result.outcome.is_none() {
        bail!(
            "{}: adventure {} is not over yet (turn {}); finish it with `tilecrawl play --resume {}`",
            save.display(),
            adv.number,
            result.turn,
            shell(&save.display().to_string())
        );
    }
    let rewards = campaign::reward::default_rewards();
    let lines = campaign::town::run(&mut c, &result, &orders, &tables, &rewards).map_err(|e| {
        if e.is_bad_order_value() {
            usage!("{}: {e}", file.display())
        } else {
            anyhow::anyhow!("{}: {e}", file.display())
        }
    })?;
    write_campaign(&file, &c)?;
    if a.quiet {
        return Ok(());
    }
    for l in lines {
        outln!("{l}")?;
    }
    outln!("wrote {}", file.display())?;
    outln!("{}", what_next(&a.which, &c))?;
    Ok(())
}

fn show(a: ShowArgs) -> anyhow::Result<()> {
    let file = a.which.file()?;
    if super::campaign_dw10::is_dw10(&file) {
        let folder = a.which.folder()?;
        let place = a.which.place(&folder, &file);
        return super::campaign_dw10::show(&place, a.json, a.quiet);
    }
    let (_, c) = a.which.load()?;
    let folder = a.which.folder()?;
    if a.quiet {
        return Ok(());
    }
    if a.json {
        let v = serde_json::json!({
            "name": c.name,
            "seed": c.seed.to_string(),
            "party": c.party.to_string(),
            "gold": c.gold,
            "heroes": c.heroes.iter().map(|h| serde_json::json!({
                "name": h.name,
                "alive": h.alive,
                "player": h.player.to_string(),
                "level": h.level,
                "value": h.value,
                "experience": h.experience,
                "to_next": h.to_next(),
                "permanent": h.permanent,
            })).collect::<Vec<_>>(),
            "items": c.items.iter().map(|i| serde_json::json!({
                "name": i.name,
                "worth": campaign::rules::item_value(&i.item()),
                "charged": i.charged,
                "used": i.used,
            })).collect::<Vec<_>>(),
            "adventures": c.history.iter().map(|r| serde_json::json!({
                "number": r.number,
                "mission": r.mission.to_string(),
                "seed": r.seed.to_string(),
                "outcome": r.outcome.to_string(),
                "turns": r.turns,
                "gold_found": r.gold_found,
                "fallen": r.fallen,
            })).collect::<Vec<_>>(),
            "current": c.current.as_ref().map(|adv| serde_json::json!({
                "number": adv.number,
                "mission": adv.mission.to_string(),
                "seed": adv.seed.to_string(),
                "carried": adv.carried.iter().map(|i| serde_json::json!({
                    "chest": i.chest,
                    "hero": i.hero,
                    "item": i.item.name,
                })).collect::<Vec<_>>(),
            })),
        });
        outln!("{v}")?;
        return Ok(());
    }
    outln!(
        "campaign {} (seed {}, party {}): {} adventure(s) finished; purse {} gold",
        c.name,
        c.seed,
        c.party,
        c.history.len(),
        c.gold
    )?;
    for h in &c.heroes {
        outln!(
            "  {:<12} {} {:<8} level {}, {} points, experience {}/{}{}",
            h.name,
            if h.alive { "alive " } else { "fallen" },
            h.player,
            h.level,
            h.value,
            h.experience,
            h.to_next(),
            if h.permanent.is_empty() {
                String::new()
            } else {
                format!(", permanent: {}", h.permanent.join(", "))
            }
        )?;
    }
    for i in &c.items {
        outln!(
            "  item {}: worth {} gold, {}{}",
            i.name,
            campaign::rules::item_value(&i.item()),
            if i.charged { "charged" } else { "no charge" },
            if i.used { ", used" } else { "" }
        )?;
    }
    for r in &c.history {
        outln!(
            "  adventure {}: {} ({}), {} on turn {}; {} gold found{}{}",
            r.number,
            r.mission,
            r.seed,
            r.outcome,
            r.turns,
            r.gold_found,
            r.reward
                .map(|w| format!(", reward {} gold and {} experience", w.gold, w.experience))
                .unwrap_or_default(),
            if r.fallen.is_empty() {
                String::new()
            } else {
                format!("; fell: {}", r.fallen.join(", "))
            }
        )?;
    }
    match &c.current {
        Some(adv) => {
            outln!(
                "adventure {} under way ({} mission, seed {}):",
                adv.number,
                adv.mission,
                adv.seed
            )?;
            for i in &adv.carried {
                outln!(
                    "  {} carries {} in {}: back to the items if it comes out",
                    i.hero,
                    i.item.name,
                    i.chest
                )?;
            }
            for l in how_to_play(&a.which, &folder, adv) {
                outln!("  {l}")?;
            }
        }
        None => outln!("{}", what_next(&a.which, &c))?,
    }
    Ok(())
}

/// What `campaign next` generated: one scenario, or the floors of a dungeon.
/// How many sets an adventure was built from, floor by floor: `2 set(s)`,
/// `2 floors of 1 set(s) each`, `3 floors of 3, 2 and 2 sets`.
fn sets_words(floor_sets: &[u32]) -> String {
    match floor_sets {
        [] => "no sets".to_string(),
        [one] => format!("{one} set(s)"),
        [first, rest @ ..] if rest.iter().all(|s| s == first) => {
            format!("{} floors of {first} set(s) each", floor_sets.len())
        }
        [init @ .., last] => format!(
            "{} floors of {} and {last} sets",
            floor_sets.len(),
            init.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

enum AdventureFiles {
    One(Box<tilecrawl::mkd::scenario::Scenario>),
    Floors(tilecrawl::mkd::floors::BuiltDungeon),
}

impl AdventureFiles {
    /// The adventure as the play engine reads it (for --win-rate).
    fn for_play(&self) -> anyhow::Result<Adventure> {
        Ok(match self {
            AdventureFiles::One(s) => Adventure::Scenario(Arc::new((**s).clone())),
            AdventureFiles::Floors(d) => {
                Adventure::Dungeon(Arc::new(tilecrawl::mkd::floors::Dungeon::new(
                    d.file.clone(),
                    d.floors.clone(),
                    &format!("dungeon seed {}", d.file.seed),
                )?))
            }
        })
    }
}

/// One candidate adventure: a scenario, or a multi-floor dungeon.
fn build_adventure(
    ts: &tilecrawl::tileset::TileSet,
    params: &tilecrawl::mkd::generate::GenerateParams,
    floors: Option<&tilecrawl::mkd::floors::FloorsParams>,
) -> anyhow::Result<AdventureFiles> {
    Ok(match floors {
        Some(fp) => tilecrawl::mkd::floors::build_floors(ts, params, fp)?.into(),
        None => AdventureFiles::One(Box::new(generate(ts, params)?)),
    })
}

impl From<tilecrawl::mkd::floors::BuiltDungeon> for AdventureFiles {
    fn from(d: tilecrawl::mkd::floors::BuiltDungeon) -> Self {
        AdventureFiles::Floors(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_quoting() {
        assert_eq!(
            shell("campaigns/Iron/adventure-1"),
            "campaigns/Iron/adventure-1"
        );
        assert_eq!(shell("the long road"), "'the long road'");
        assert_eq!(shell("it's"), r"'it'\''s'");
    }

    #[test]
    fn ability_orders() {
        assert_eq!(
            parse_ability("Kestrel=Stealth").unwrap(),
            ("Kestrel".into(), "Stealth".into())
        );
        assert!(parse_ability("Kestrel").is_err());
        assert!(parse_ability("=x").is_err());
    }
}
