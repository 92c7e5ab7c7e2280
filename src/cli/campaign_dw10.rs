//! `tilecrawl campaign` for a Dungeon World 10 mm campaign: the same four
//! steps as the MKD Adventure's (new, next, town, show), with this game's
//! rules between games (`tilecrawl::dw10::campaign`).

use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tilecrawl::build::layout::LayoutParams;
use tilecrawl::core::text::counted;
use tilecrawl::dw10::campaign::{
    Campaign, CampaignError, CurrentGame, FORMAT, MAX_FILE_BYTES, Owned, Shop,
};
use tilecrawl::dw10::play::party;
use tilecrawl::pack;

/// Where a campaign is and how printed commands name it.
pub struct Place<'a> {
    /// The campaign's folder.
    pub folder: &'a Path,
    /// Its file.
    pub file: &'a Path,
    /// `NAME` or `NAME --dir DIR`, quoted for a shell.
    pub which: String,
}

/// Is this campaign file a Dungeon World 10 mm one (of any version: one
/// of another goes to this game's loader, which names its version)?
pub fn is_dw10(file: &Path) -> bool {
    tilecrawl::core::fs::read_limited(file, MAX_FILE_BYTES)
        .is_ok_and(|t| super::play_ddd::same_kind(tilecrawl::core::yaml::format_of(&t), FORMAT))
}

fn figures() -> Arc<tilecrawl::dw10::figures::Figures> {
    Arc::new(tilecrawl::dw10::figures::embedded())
}

fn load(file: &Path) -> anyhow::Result<Campaign> {
    let text = tilecrawl::core::fs::read_limited(file, MAX_FILE_BYTES).map_err(|e| {
        anyhow::anyhow!(
            "{}: {}",
            file.display(),
            e.describe("a campaign file", MAX_FILE_BYTES)
        )
    })?;
    Ok(Campaign::parse(
        &text,
        &file.display().to_string(),
        &figures(),
    )?)
}

fn write(file: &Path, c: &Campaign) -> anyhow::Result<()> {
    let mut c = c.clone();
    c.generator = tilecrawl::GENERATOR.into();
    let text = c.to_yaml()?;
    tilecrawl::core::fs::write_atomic(file, text.as_bytes())
        .with_context(|| format!("{}: cannot write the campaign", file.display()))
}

fn q(p: &Path) -> String {
    super::say::shell_quote(&p.display().to_string())
}

/// `campaign new --ruleset dungeon-world-10mm`.
pub fn new(
    p: &Place<'_>,
    name: &str,
    party_file: Option<&Path>,
    seed: u64,
    quiet: bool,
) -> anyhow::Result<()> {
    let figures = figures();
    let (text, label) = match party_file {
        Some(f) => (
            tilecrawl::core::fs::read_limited(f, party::MAX_FILE_BYTES).map_err(|e| {
                anyhow::anyhow!(
                    "{}: {}",
                    f.display(),
                    e.describe("a party file", party::MAX_FILE_BYTES)
                )
            })?,
            f.display().to_string(),
        ),
        None => (party::DEFAULT_YAML.to_string(), "embedded party".into()),
    };
    super::play_dw10::party_warned(&text, &label, &figures, quiet)?;
    let pf: party::PartyFile = tilecrawl::core::yaml::parse(&text, &label)?;
    let c = Campaign::new(name, seed, &pf, tilecrawl::GENERATOR);
    std::fs::create_dir_all(p.folder)
        .with_context(|| format!("cannot create folder {}", p.folder.display()))?;
    let _lock = tilecrawl::core::fs::FolderLock::take(p.folder)?;
    write(p.file, &c)?;
    if quiet {
        return Ok(());
    }
    outln!(
        "campaign {} (Dungeon World 10 mm) started with seed {seed}: {} with {} gold",
        c.name,
        c.heroes
            .iter()
            .map(|h| format!("{} ({})", h.name, h.figure))
            .collect::<Vec<_>>()
            .join(", "),
        c.gold
    )?;
    outln!("wrote {}", p.file.display())?;
    outln!("next: tilecrawl campaign next {}", p.which)?;
    Ok(())
}

/// What `campaign next` may set for a new scenario of this game.
pub struct NextOptions<'a> {
    /// Sets of pieces.
    pub sets: u32,
    /// The tile set (default: the embedded Pendraken set).
    pub tileset: Option<&'a Path>,
    /// The play surface.
    pub table: &'a str,
    /// How exits are rolled.
    pub exit_dice: tilecrawl::build::layout::ExitDice,
    /// The setup table's row.
    pub difficulty: tilecrawl::dw10::scenario::Difficulty,
    /// The Draken Master's kill target.
    pub kills: Option<u32>,
    /// The dungeon conditions table (default: the embedded one).
    pub conditions: Option<&'a Path>,
    /// Replace files a failed `next` left.
    pub force: bool,
    /// Print nothing but errors.
    pub quiet: bool,
    /// The export options.
    pub output: &'a super::outputs::OutputArgs,
    /// `--win-rate`: keep a new scenario only if the heroes win it at a
    /// rate in this band.
    pub win_rate: Option<Band>,
}

/// `--win-rate LOW..HIGH` with its `--runs` and `--max-attempts`.
#[derive(Debug, Clone, Copy)]
pub struct Band {
    /// The band.
    pub band: tilecrawl::core::stats::WinRateBand,
    /// Runs per candidate scenario.
    pub runs: u32,
    /// Candidate scenarios tried before giving up.
    pub max_attempts: u32,
}

fn play_lines(p: &Place<'_>, g: &CurrentGame) -> Vec<String> {
    let f = |rel: &str| q(&p.folder.join(rel));
    vec![
        format!(
            "play it:   tilecrawl play {} --party {} --seed {} --save {}",
            f(&g.scenario),
            f(&g.party),
            g.play_seed,
            f(&g.save)
        ),
        format!("then:      tilecrawl campaign town {}", p.which),
    ]
}

/// `campaign next`: the scenario the heroes play next (a new one, or the
/// last one again if it was not won) and the party file for it.
pub fn next(p: &Place<'_>, o: &NextOptions<'_>) -> anyhow::Result<()> {
    let opts = o.output.options()?;
    // Read before anything is written: a bad table is refused up front.
    let conditions = match o.conditions {
        Some(f) => Arc::new(tilecrawl::dw10::conditions::load(f)?),
        None => Arc::new(tilecrawl::dw10::conditions::shared().clone()),
    };
    let _lock = tilecrawl::core::fs::FolderLock::take(p.folder)?;
    let mut c = load(p.file)?;
    if let Some(g) = &c.current {
        bail!(
            "{}: scenario {} (try {}) has not been settled yet; play it, then run `tilecrawl campaign town {}`",
            p.file.display(),
            g.number,
            g.attempt,
            p.which
        );
    }
    let (number, attempt) = c.next_game();
    let folder = format!("scenario-{number}");
    let out = p.folder.join(&folder);
    // A try again plays the scenario the last game did (`--win-rate` may
    // have chosen a later candidate's seed for it).
    let mut seed = match c.history.last() {
        Some(r) if attempt > 1 => r.seed,
        _ => tilecrawl::core::dice::adventure_seed(c.seed, number),
    };
    let party_name = format!("party-{attempt}.yaml");
    let save_name = format!("game-{attempt}.save");
    let party_text = c.party_file().to_yaml()?;
    // The party file must be one `play` accepts.
    let heroes = party::parse(&party_text, &party_name, &figures())?;
    let mut wrote: Vec<String> = Vec::new();
    // With --win-rate: the rating kept, and the seeds tried before it.
    let mut rated: Option<String> = None;
    let mut missed: Vec<(u64, f64)> = Vec::new();
    // A game played on what the folder held would be settled in town as
    // this scenario's: it goes with the files it was played on.
    let stale_saves = if attempt == 1 {
        super::outputs::campaign_saves(&out)
    } else {
        Vec::new()
    };
    if attempt == 1 {
        if !o.force && (out.join("scenario.yaml").exists() || !stale_saves.is_empty()) {
            bail!(
                "{}: the folder already holds a scenario{} (left by an earlier `campaign next` that did not finish, or by a campaign of the same name started over); pass --force to replace its files{}",
                out.display(),
                super::outputs::saved_words(&stale_saves),
                if stale_saves.is_empty() {
                    ""
                } else {
                    " and remove the saves"
                }
            );
        }
        let tileset_path = o.tileset.map_or_else(
            || PathBuf::from(tilecrawl::tileset::PENDRAKEN_TILESET_NAME),
            Path::to_path_buf,
        );
        let ts = tilecrawl::tileset::load(&tileset_path)?;
        let mut params = tilecrawl::dw10::setup::GenerateParams {
            seed,
            layout: LayoutParams {
                sets: o.sets,
                table: super::generate::parse_table(o.table, ts.square_mm)?,
                exit_dice: o.exit_dice,
            },
            difficulty: o.difficulty,
            kills: o.kills.unwrap_or(tilecrawl::dw10::setup::DEFAULT_KILLS),
            tileset_label: super::generate::tileset_label(&tileset_path),
            conditions,
            ..Default::default()
        };
        // The scenario of each candidate seed; with --win-rate, played
        // until one plays in the band, each candidate's runs on a
        // terminal's progress bar.
        let bar = match o.win_rate {
            Some(b) => super::say::runs_bar(b.runs, o.quiet),
            None => indicatif::ProgressBar::hidden(),
        };
        let s = loop {
            params.seed =
                tilecrawl::core::dice::adventure_seed_attempt(c.seed, number, missed.len() as u32);
            let s = tilecrawl::dw10::setup::generate(&ts, &params)
                .with_context(|| format!("scenario {number}, seed {}", params.seed))?;
            let Some(b) = o.win_rate else {
                break s;
            };
            let s = Arc::new(s);
            let who = format!("the heroes of campaign {}", c.name);
            bar.reset();
            bar.set_message(super::say::candidate_words(missed.len(), b.max_attempts));
            let (rating, words) = super::play_dw10::rate(&s, &heroes, &who, b.runs, &|| bar.inc(1));
            if b.band.contains(rating.win_rate) {
                rated = Some(words);
                break Arc::unwrap_or_clone(s);
            }
            missed.push((params.seed, rating.win_rate));
            if missed.len() as u32 >= b.max_attempts {
                bail!(
                    "{}",
                    super::say::no_candidate(
                        "scenario",
                        b.max_attempts,
                        b.band,
                        &c.name,
                        b.runs,
                        &missed
                    )
                );
            }
        };
        bar.finish_and_clear();
        seed = s.seed;
        let mut opts = opts;
        opts.rating.clone_from(&rated);
        let mut files = pack::dw10_files(&s, &opts)?;
        files.insert(1, (party_name.clone(), party_text.clone().into_bytes()));
        let refs: Vec<(&str, &[u8])> = files
            .iter()
            .map(|(n, b)| (n.as_str(), b.as_slice()))
            .collect();
        super::outputs::write_outputs(&out, &refs, o.force)?;
        super::outputs::remove_campaign_saves(&stale_saves)?;
        wrote.push(super::outputs::listing(&out, &refs));
    } else {
        if !out.join("scenario.yaml").exists() {
            bail!(
                "{}: scenario {number} is to be played again, but its scenario.yaml is gone",
                out.display()
            );
        }
        let path = out.join(&party_name);
        tilecrawl::core::fs::write_atomic(&path, party_text.as_bytes())
            .with_context(|| format!("{}: cannot write the party", path.display()))?;
        wrote.push(path.display().to_string());
    }
    let g = CurrentGame {
        number,
        attempt,
        folder: folder.clone(),
        seed,
        // Each try on its own dice: new monsters spawn (L621-622).
        play_seed: tilecrawl::core::dice::run_seed(seed, attempt - 1),
        scenario: format!("{folder}/scenario.yaml"),
        party: format!("{folder}/{party_name}"),
        save: format!("{folder}/{save_name}"),
    };
    c.current = Some(g.clone());
    write(p.file, &c)?;
    wrote.push(p.file.display().to_string());
    if o.quiet {
        return Ok(());
    }
    outln!(
        "scenario {number} of {} (seed {seed}){}: {}; {} gold",
        c.name,
        if attempt > 1 {
            format!(", try {attempt}")
        } else {
            String::new()
        },
        c.heroes
            .iter()
            .map(|h| h.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        c.gold
    )?;
    if let (Some(b), Some(words)) = (o.win_rate, &rated) {
        for l in super::say::rating_lines(b.band, &missed, words) {
            outln!("{l}")?;
        }
    } else if o.win_rate.is_some() {
        outln!(
            "scenario {number} is played again as it was: --win-rate chooses only a new scenario"
        )?;
    }
    outln!("wrote {}", wrote.join(", "))?;
    for l in play_lines(p, &g) {
        outln!("{l}")?;
    }
    Ok(())
}

/// `campaign town`: settle the game just played (if one waits), then buy.
pub fn town(p: &Place<'_>, buy: &[String], quiet: bool) -> anyhow::Result<()> {
    let mut orders: Vec<(String, String)> = Vec::new();
    for b in buy {
        match b.split_once('=') {
            Some((h, g)) if !h.trim().is_empty() && !g.trim().is_empty() => {
                orders.push((h.trim().to_string(), g.trim().to_string()));
            }
            _ => bail_usage!("--buy {b:?}: expected HERO=GOOD, e.g. --buy Kestrel=potion"),
        }
    }
    let _lock = tilecrawl::core::fs::FolderLock::take(p.folder)?;
    let mut c = load(p.file)?;
    let figures = figures();
    let tables = Arc::new(tilecrawl::dw10::tables::embedded());
    let mut lines = Vec::new();
    if let Some(g) = c.current.clone() {
        let save = p.folder.join(&g.save);
        if !save.exists() {
            let mut msg = format!(
                "{}: scenario {} (try {}) has not been played yet (no save file).",
                save.display(),
                g.number,
                g.attempt
            );
            if let Some(l) = play_lines(p, &g).first() {
                msg += " Play it with: ";
                msg += l.trim_start_matches("play it:").trim();
            }
            bail!("{msg}");
        }
        let r = super::play_dw10::replay(&save, None, figures.clone(), tables.clone())?;
        // The save must be a game of this scenario: a save played elsewhere
        // and put here names its own scenario file.
        let ours = p.folder.join(&g.scenario);
        let (_, digest) = super::play_dw10::load_scenario(&ours)?;
        if digest != r.digest {
            bail!(
                "{}: this save is a game of {}, not of scenario {} ({}); move it away and play scenario {} with the command `campaign next` printed",
                save.display(),
                r.scenario.display(),
                g.number,
                ours.display(),
                g.number
            );
        }
        lines = match c.settle(&r.session.game().s, &r.save.party, &figures) {
            Ok(l) => l,
            Err(CampaignError::NotOver) => bail!(
                "{}: the game is not over yet (move {}); finish it with `tilecrawl play --resume {}`",
                save.display(),
                r.session.game().s.move_no,
                q(&save)
            ),
            Err(e) => bail!("{}: {e}", save.display()),
        };
    } else if orders.is_empty() {
        bail!(
            "{}: no game is waiting to be settled and nothing to buy; buy with --buy HERO=GOOD, or go on with `tilecrawl campaign next {}`",
            p.file.display(),
            p.which
        );
    }
    let shop = Shop::embedded();
    let mut dice = if orders.is_empty() {
        tilecrawl::core::dice::Dice::scripted(&[])
    } else {
        c.shop_dice()
    };
    // An order refused for a good an order before it bought is said so:
    // the campaign file holds neither.
    let before = c.bought.len();
    for (h, g) in &orders {
        let l = c
            .buy(h, g, &shop, &tables, &figures, &mut dice)
            .map_err(|e| match e {
                CampaignError::AlreadyOwned {
                    hero,
                    good,
                    how: Owned::Bought,
                } if c.bought[before..]
                    .iter()
                    .any(|p| p.hero == hero && p.good == good) =>
                {
                    anyhow::anyhow!(
                        "--buy {h}={g}: an --buy before it gives {hero} {good} already, and a hero buys no skill, spell or power up twice; nothing was bought"
                    )
                }
                e => anyhow::anyhow!("--buy {h}={g}: {e}"),
            })?;
        lines.push(l);
    }
    write(p.file, &c)?;
    if quiet {
        return Ok(());
    }
    for l in lines {
        outln!("{l}")?;
    }
    outln!("wrote {}", p.file.display())?;
    outln!("{}", what_next(p, &c))?;
    Ok(())
}

/// The line that says which game comes next and how to make it.
fn what_next(p: &Place<'_>, c: &Campaign) -> String {
    let (number, attempt) = c.next_game();
    format!(
        "next: tilecrawl campaign next {} (scenario {number}{})",
        p.which,
        if attempt > 1 {
            format!(", try {attempt}")
        } else {
            String::new()
        }
    )
}

/// `campaign show`.
pub fn show(p: &Place<'_>, json: bool, quiet: bool) -> anyhow::Result<()> {
    let c = load(p.file)?;
    if quiet {
        return Ok(());
    }
    if json {
        let v = serde_json::json!({
            "name": c.name,
            "ruleset": "dungeon-world-10mm",
            "seed": c.seed.to_string(),
            "gold": c.gold,
            "done": c.done,
            "heroes": c.heroes,
            "bought": c.bought,
            "games": c.history.iter().map(|r| serde_json::json!({
                "number": r.number,
                "attempt": r.attempt,
                "seed": r.seed.to_string(),
                "end": r.end.word(),
                "moves": r.moves,
                "kills": r.kills,
                "gold": r.gold,
            })).collect::<Vec<_>>(),
            "current": c.current.as_ref().map(|g| serde_json::json!({
                "number": g.number,
                "attempt": g.attempt,
                "seed": g.seed.to_string(),
                "play_seed": g.play_seed.to_string(),
            })),
        });
        outln!("{v}")?;
        return Ok(());
    }
    outln!(
        "campaign {} (Dungeon World 10 mm, seed {}): {} done; {} gold",
        c.name,
        c.seed,
        counted(c.done, "scenario", "scenarios"),
        c.gold
    )?;
    for h in &c.heroes {
        let mut extra = Vec::new();
        if h.melee_bonus > 0 {
            extra.push(format!("+{} melee", h.melee_bonus));
        }
        if h.ranged_bonus > 0 || h.range_bonus > 0 {
            extra.push(format!(
                "+{} ranged dice, +{} range",
                h.ranged_bonus, h.range_bonus
            ));
        }
        extra.extend(h.power_ups.iter().map(|p| p.word().to_string()));
        extra.extend(h.abilities.iter().cloned());
        extra.extend(h.spells.iter().map(|s| format!("spell {s}")));
        extra.extend(h.familiar.map(|f| f.word().to_string()));
        extra.extend(h.items.iter().map(|i| format!("carries {i}")));
        outln!(
            "  {:<12} {}{}",
            h.name,
            h.figure,
            if extra.is_empty() {
                String::new()
            } else {
                format!(": {}", extra.join(", "))
            }
        )?;
    }
    for r in &c.history {
        outln!(
            "  scenario {} try {} (seed {}): {} after {}, {} killed, {} gold",
            r.number,
            r.attempt,
            r.seed,
            r.end.word(),
            counted(r.moves, "move", "moves"),
            r.kills,
            r.gold
        )?;
    }
    match &c.current {
        Some(g) => {
            outln!("scenario {} try {} under way:", g.number, g.attempt)?;
            for l in play_lines(p, g) {
                outln!("  {l}")?;
            }
        }
        None => outln!("{}", what_next(p, &c))?,
    }
    Ok(())
}
