//! `tilecrawl generate`.

use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tilecrawl::build::BuildError;
use tilecrawl::build::layout::{ExitDice, LayoutParams, Table};
use tilecrawl::core::text::counted;
use tilecrawl::mkd::batch::Rating;
use tilecrawl::mkd::floors::{self, Count, FloorsParams, MAX_FLOORS};
use tilecrawl::mkd::generate::{GenerateError, GenerateParams, generate};
use tilecrawl::mkd::mission::Mission;
use tilecrawl::mkd::play::floors::Adventure;
use tilecrawl::mkd::play::party;
use tilecrawl::mkd::play::simulate::{DEFAULT_MAX_TURNS, SimOptions, simulate_adventure};
use tilecrawl::mkd::scenario::Difficulty;
use tilecrawl::mkd::scenario::{Scenario, WmtColor};
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::mkd::tables;
use tilecrawl::pack;
use tilecrawl::rules::RulesetId;
use tilecrawl::tileset::{self, TileKind};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum ExitDiceArg {
    /// One fair roll over the numbered exits.
    Fair,
    /// As at the table: 1d6, 2d6, 3d6… summed, re-rolled until it names an exit.
    Tabletop,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum DifficultyArg {
    /// Mostly level-1 chests.
    Easy,
    /// Mostly level-2 chests.
    Normal,
    /// Mostly level-3 chests.
    Hard,
}

impl From<ExitDiceArg> for ExitDice {
    fn from(a: ExitDiceArg) -> ExitDice {
        match a {
            ExitDiceArg::Fair => ExitDice::Fair,
            ExitDiceArg::Tabletop => ExitDice::Tabletop,
        }
    }
}

impl From<DifficultyArg> for Difficulty {
    fn from(a: DifficultyArg) -> Difficulty {
        match a {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Normal => Difficulty::Normal,
            DifficultyArg::Hard => Difficulty::Hard,
        }
    }
}

impl From<DifficultyArg> for tilecrawl::dw10::scenario::Difficulty {
    fn from(a: DifficultyArg) -> Self {
        use tilecrawl::dw10::scenario::Difficulty as D;
        match a {
            DifficultyArg::Easy => D::Easy,
            DifficultyArg::Normal => D::Normal,
            DifficultyArg::Hard => D::Hard,
        }
    }
}

/// How the tile set is named in a scenario: `mkd-builder` or the file's name.
pub(crate) fn tileset_label(path: &std::path::Path) -> String {
    if path.as_os_str() == tileset::DEFAULT_TILESET_NAME
        || path.as_os_str() == tileset::PENDRAKEN_TILESET_NAME
    {
        path.display().to_string()
    } else {
        path.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string())
    }
}

/// The most `--hero-value` takes: a party file's most heroes, each of the
/// most points (as a campaign file's `hero_value` is checked).
const MAX_HERO_VALUE: u64 = tilecrawl::mkd::play::party::MAX_HEROES as u64
    * tilecrawl::mkd::play::party::MAX_HERO_VALUE as u64;

/// The options that shape a dungeon, shared by `generate` and `batch`.
#[derive(Debug, Args)]
pub(crate) struct DungeonArgs {
    /// Number of 5-tile sets in the Dungeon Stack (1 to 200; 1 set ≈ 15
    /// minutes of play).
    #[arg(long, default_value_t = 2)]
    pub(crate) sets: u32,
    /// Total point value of the heroic teams; sets the WMT colours (1 to
    /// 12000: a party file's 1 to 12 heroes of 1 to 1000 points each).
    #[arg(long, default_value_t = 95, value_parser = crate::cli::usage::whole::<u32>(1, MAX_HERO_VALUE))]
    hero_value: u32,
    /// Tile-set YAML file, or `mkd-builder` / `pendraken-10mm` for an
    /// embedded set. Default: mkd-builder (pendraken-10mm for
    /// --ruleset dungeon-world-10mm).
    #[arg(long, value_name = "FILE")]
    tileset: Option<PathBuf>,
    /// Monster list YAML for the Monster Pool (default: the embedded list).
    #[arg(long, value_name = "FILE")]
    pub(crate) monsters: Option<PathBuf>,
    /// Play surface: squares (`72x48`) or a physical size (`72x48in`,
    /// `180x120cm`, `1800x1200mm`), converted with the tile set's square size.
    #[arg(long, default_value = "72x48", value_name = "WxH")]
    pub(crate) table: String,
    /// How an exit is rolled for the next tile.
    #[arg(long, value_enum, default_value = "fair")]
    pub(crate) exit_dice: ExitDiceArg,
    /// Chest level mix.
    #[arg(long, value_enum, default_value = "normal")]
    pub(crate) difficulty: DifficultyArg,
    /// Lay the optional hindering/water markers (1d6−2 per tile).
    #[arg(long)]
    pub(crate) markers: bool,
    /// Add an artifact or dressing set per chamber to the accessories pool.
    #[arg(long)]
    pub(crate) dressing: bool,
    /// Rule system that sets the dungeon up.
    #[arg(long, default_value = "mkd-adventure", value_parser = super::ruleset_parser())]
    pub(crate) ruleset: RulesetId,
    /// Mission: one goal — `quest` (carry the Quest Chest out), `rescue`
    /// (free the prisoner in the Central Chamber), `stealth` (no Guardian;
    /// monsters try to destroy the Quest Chest) or `kidnapping` (capture the
    /// Guardian's wandering monster) — plus any of `timed` (3 turns per
    /// chamber, 1 per hallway) and `split-up` (a second entrance in the
    /// hallway nearest the Central Chamber). Join with `+` (`rescue+timed`) or
    /// repeat the flag. Two goals never combine. Default: quest.
    #[arg(long, value_name = "MISSION", value_parser = super::shell::mission_parser(),
          hide_possible_values = true)]
    pub(crate) mission: Vec<String>,
}

impl DungeonArgs {
    /// The mission of all `--mission` flags together; an illegal combination
    /// across flags is a usage error (exit 2).
    pub(crate) fn mission(&self) -> anyhow::Result<Mission> {
        if self.mission.is_empty() {
            return Ok(Mission::QUEST);
        }
        Mission::from_words(self.mission.iter().map(String::as_str))
            .map_err(|e| usage!("--mission: {e}"))
    }
}

impl DungeonArgs {
    /// The rule system asked for.
    pub(crate) fn ruleset(&self) -> RulesetId {
        self.ruleset
    }

    /// The tile set asked for, or the ruleset's embedded one.
    pub(crate) fn tileset_path(&self) -> PathBuf {
        match (&self.tileset, self.ruleset) {
            (Some(p), _) => p.clone(),
            (None, RulesetId::DungeonWorld10mm) => tileset::PENDRAKEN_TILESET_NAME.into(),
            (None, _) => tileset::DEFAULT_TILESET_NAME.into(),
        }
    }

    /// `--sets` out of range, bad usage for the games of tiles (dd-and-d
    /// refuses `--sets` itself).
    fn check_sets(&self) -> anyhow::Result<()> {
        let max = tilecrawl::build::layout::MAX_SETS;
        if self.sets == 0 || self.sets > max {
            bail_usage!("--sets is {}; expected 1 to {max}", self.sets);
        }
        Ok(())
    }

    /// `--ruleset dungeon-world-10mm`: refuses the MKD Adventure's options
    /// (one floor only; no mission, hero value, monster list, markers or
    /// dressing) and `--sets` out of range, as bad usage.
    pub(crate) fn refuse_for_dw10(&self, floors: &FloorsArgs) -> anyhow::Result<()> {
        self.check_sets()?;
        if floors.floors != Count::Fixed(1) || floors.sets_per_floor.is_some() {
            bail_usage!(
                "--floors is for the MKD Adventure; a Dungeon World 10 mm dungeon has one floor (its staircases join its parts)"
            );
        }
        for (flag, given) in [
            ("--mission", !self.mission.is_empty()),
            ("--hero-value", self.hero_value != 95),
            ("--monsters", self.monsters.is_some()),
            ("--markers", self.markers),
            ("--dressing", self.dressing),
        ] {
            if given {
                bail_usage!(
                    "{flag} is for the MKD Adventure; --ruleset dungeon-world-10mm does not take it"
                );
            }
        }
        Ok(())
    }

    /// `--ruleset dungeon-world-10mm`: [`Self::refuse_for_dw10`], then
    /// loads the tile set and builds the parameters for `seed` with the
    /// Draken Master's `kills` and the `conditions` table.
    pub(crate) fn load_dw10(
        &self,
        seed: u64,
        floors: &FloorsArgs,
        kills: u32,
        conditions: Arc<tilecrawl::dw10::conditions::ConditionTable>,
    ) -> anyhow::Result<(tileset::TileSet, tilecrawl::dw10::setup::GenerateParams)> {
        self.refuse_for_dw10(floors)?;
        let ts = tileset::load(&self.tileset_path())?;
        let params = tilecrawl::dw10::setup::GenerateParams {
            seed,
            layout: LayoutParams {
                sets: self.sets,
                table: parse_table(&self.table, ts.square_mm)?,
                exit_dice: self.exit_dice.into(),
            },
            difficulty: self.difficulty.into(),
            kills,
            tileset_label: tileset_label(&self.tileset_path()),
            conditions,
            ..Default::default()
        };
        Ok((ts, params))
    }

    /// `--ruleset dd-and-d`: refuses the tile games' options and the
    /// command's own `others` (a flag and whether it was given), by name.
    pub(crate) fn refuse_for_ddd(
        &self,
        floors: &FloorsArgs,
        others: &[(&str, bool)],
    ) -> anyhow::Result<()> {
        let d = self;
        for &(flag, given) in [
            ("--sets", d.sets != 2),
            ("--hero-value", d.hero_value != 95),
            ("--tileset", d.tileset.is_some()),
            ("--monsters", d.monsters.is_some()),
            ("--table", d.table != "72x48"),
            ("--exit-dice", !matches!(d.exit_dice, ExitDiceArg::Fair)),
            (
                "--difficulty",
                !matches!(d.difficulty, DifficultyArg::Normal),
            ),
            ("--markers", d.markers),
            ("--dressing", d.dressing),
            ("--mission", !d.mission.is_empty()),
            ("--floors", floors.floors != Count::Fixed(1)),
            ("--sets-per-floor", floors.sets_per_floor.is_some()),
        ]
        .iter()
        .chain(others)
        {
            if given {
                bail_usage!(
                    "{flag} is not an option of --ruleset dd-and-d (its board is set by --scenario, --board, --fair and the door options); leave it out"
                );
            }
        }
        Ok(())
    }

    /// Loads the tile set and monster list and builds the parameters for `seed`.
    pub(crate) fn load(&self, seed: u64) -> anyhow::Result<(tileset::TileSet, GenerateParams)> {
        // Bad usage is refused before a file is read.
        self.check_sets()?;
        let mission = self.mission()?;
        let ts = tileset::load(&self.tileset_path())?;
        let monsters = match &self.monsters {
            Some(p) => tilecrawl::mkd::monsters::load(p)?,
            None => tilecrawl::mkd::monsters::default_monsters(),
        };
        let table = parse_table(&self.table, ts.square_mm)?;
        let params = GenerateParams {
            seed,
            layout: LayoutParams {
                sets: self.sets,
                table,
                exit_dice: self.exit_dice.into(),
            },
            setup: SetupParams {
                hero_value: self.hero_value,
                sets: self.sets,
                difficulty: self.difficulty.into(),
                dressing: self.dressing,
                monsters,
            },
            mission,
            floor: None,
            markers: self.markers,
            tileset_label: tileset_label(&self.tileset_path()),
            log: true,
        };
        Ok((ts, params))
    }
}

/// Options of `tilecrawl generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Master seed. The same seed, options, tile set and version give the same
    /// dungeon byte for byte. Default: a new seed, printed so you can repeat it.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    dungeon: DungeonArgs,
    #[command(flatten)]
    floors: FloorsArgs,
    #[command(flatten)]
    ddd: super::ddd::DddArgs,
    #[command(flatten)]
    output: super::outputs::OutputArgs,
    /// Output folder. Default: output/<seed>.
    #[arg(long, value_name = "DIR", value_parser = super::outputs::out_dir())]
    out: Option<PathBuf>,
    /// Replace files that already exist in the output folder.
    #[arg(long)]
    force: bool,
    /// Print nothing but errors.
    #[arg(long, short)]
    quiet: bool,
    /// Print the summary as one JSON object (seeds as strings) instead of text.
    #[arg(long)]
    json: bool,
    /// Play the new adventure N times with the automatic heroes (as
    /// `simulate` does) and say how it plays, in the summary and on the
    /// setup sheet: "wins about 62 % (58–66 %) for the default party over
    /// 500 runs". For Dungeons Dark & Dangerous both sides are played by
    /// the policy, Blue's and Red's wins said.
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u32>(1, 100_000))]
    simulate: Option<u32>,
    /// With --simulate: the heroes (a `tilecrawl-party/1` file, or for
    /// Dungeon World 10 mm a `tilecrawl-dw10-party/1` one, as `play` takes
    /// it). Default: the game's embedded party.
    #[arg(long, value_name = "FILE", requires = "simulate")]
    party: Option<PathBuf>,
    /// --ruleset dungeon-world-10mm: the Draken Master's kill target
    /// (default 5).
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u32>(1, 100))]
    kills: Option<u32>,
    /// --ruleset dungeon-world-10mm: the dungeon conditions table
    /// (`tilecrawl-dw10-conditions/1`, see `tilecrawl schema
    /// dw10-conditions`) setup draws condition squares from, instead of
    /// the embedded one; the scenario keeps the rows it uses. Example:
    /// `tilecrawl generate --ruleset dungeon-world-10mm --seed 7
    /// --conditions my-conditions.yaml`
    #[arg(long, value_name = "FILE")]
    conditions: Option<PathBuf>,
}

/// The MKD party a `--simulate` rating plays (`--party FILE`, else the
/// embedded one) and the words naming it. A hero whose name differs from
/// its `wod_s` sheet's gets a `warning:` line, as `play` gives it, unless
/// `quiet`.
pub(super) fn rating_party(
    path: Option<&Path>,
    quiet: bool,
) -> anyhow::Result<(party::Party, String)> {
    let Some(p) = path else {
        return Ok((party::default_party(), "the default party".to_string()));
    };
    let (party, notes) = party::load_noting(p)?;
    if !quiet {
        for n in &notes {
            warnln!("warning: {n}");
        }
    }
    Ok((party, format!("the party in {}", p.display())))
}

/// `--simulate N`: the adventure played N times; its rating and the words
/// the summary and the sheet print.
fn rate(a: &GenerateArgs, adventure: Adventure) -> anyhow::Result<Option<(Rating, String)>> {
    let Some(runs) = a.simulate else {
        return Ok(None);
    };
    let (party, who) = rating_party(a.party.as_deref(), a.quiet)?;
    // The runs on a terminal's progress bar, as `simulate` shows them.
    let bar = super::say::runs_bar(runs, a.quiet || a.json);
    let rated = rate_with(&adventure, party, &who, runs, &|| bar.inc(1));
    bar.finish_and_clear();
    Ok(Some(rated))
}

/// An adventure played `runs` times by `party` (named `who` in the words):
/// its rating and the words the summary and the sheet print. `tick` is
/// called after each run (a progress bar's step).
pub(super) fn rate_with(
    adventure: &Adventure,
    party: party::Party,
    who: &str,
    runs: u32,
    tick: &(dyn Fn() + Sync),
) -> (Rating, String) {
    let opts = SimOptions {
        runs,
        seed: adventure.seed(),
        max_turns: DEFAULT_MAX_TURNS,
    };
    let report = simulate_adventure(
        adventure,
        &Arc::new(party),
        &Arc::new(tables::default_tables()),
        &opts,
        tick,
    );
    let rating = Rating::of(&report);
    let words = rating.words(who);
    (rating, words)
}

/// `--floors` and `--sets-per-floor`, shared by `generate`, `batch` and
/// `campaign next`.
#[derive(Debug, Args)]
pub(crate) struct FloorsArgs {
    /// Floors of a multi-floor dungeon (1 to 12), or `d6` to roll. Every floor
    /// but the last has a staircase down in its Central Chamber; the last
    /// holds the mission's goal. More than one floor (or `d6`) writes
    /// dungeon.yaml and one folder per floor (floor-1, floor-2, …).
    #[arg(long, default_value = "1", value_name = "N|d6", value_parser = parse_floors)]
    pub(crate) floors: Count,
    /// Tile sets per floor (1 to 200), or `d6` to roll for each floor.
    /// Default: --sets. Needs --floors.
    #[arg(long, value_name = "N|d6", value_parser = parse_sets_per_floor)]
    pub(crate) sets_per_floor: Option<Count>,
}

impl FloorsArgs {
    /// The floors to build; `None` for a one-floor dungeon (a plain
    /// scenario). `--sets-per-floor` for one floor is bad usage (exit 2).
    pub(crate) fn params(&self) -> anyhow::Result<Option<FloorsParams>> {
        if self.floors == Count::Fixed(1) {
            return match self.sets_per_floor {
                Some(_) => Err(usage!(
                    "--sets-per-floor needs --floors 2 or more (or d6); for one floor use --sets"
                )),
                None => Ok(None),
            };
        }
        Ok(Some(FloorsParams {
            floors: self.floors,
            sets_per_floor: self.sets_per_floor,
        }))
    }
}

/// The folder `generate` writes to without `--out`: `output/<seed>` for a
/// quest on one floor; another mission or several floors add their words
/// (`output/7-rescue-timed`, `output/7-floors`), so two of the same seed
/// never land in one folder.
pub(crate) fn default_out(seed: u64, mission: &Mission, floors: Count) -> PathBuf {
    let mut name = seed.to_string();
    if *mission != Mission::QUEST {
        name.push('-');
        name.push_str(&mission.to_string().replace('+', "-"));
    }
    if floors != Count::Fixed(1) {
        name.push_str("-floors");
    }
    PathBuf::from("output").join(name)
}

pub(crate) fn parse_floors(s: &str) -> Result<Count, String> {
    match s.parse::<Count>()? {
        Count::Fixed(n) if n == 0 || n > MAX_FLOORS => {
            Err(format!("{n} floors; expected 1 to {MAX_FLOORS} or d6"))
        }
        c => Ok(c),
    }
}

pub(crate) fn parse_sets_per_floor(s: &str) -> Result<Count, String> {
    let max = tilecrawl::build::layout::MAX_SETS;
    match s.parse::<Count>()? {
        Count::Fixed(n) if n == 0 || n > max => Err(format!("{n} sets; expected 1 to {max} or d6")),
        c => Ok(c),
    }
}

/// Parses `WxH` with an optional unit into squares; a refusal is bad
/// usage (exit 2).
pub(crate) fn parse_table(spec: &str, square_mm: f64) -> anyhow::Result<Table> {
    let s = spec.trim().to_ascii_lowercase();
    let (num, unit_mm) = if let Some(n) = s.strip_suffix("in") {
        (n, Some(25.4))
    } else if let Some(n) = s.strip_suffix("cm") {
        (n, Some(10.0))
    } else if let Some(n) = s.strip_suffix("mm") {
        (n, Some(1.0))
    } else if let Some(n) = s.strip_suffix("ft") {
        (n, Some(304.8))
    } else {
        (s.as_str(), None)
    };
    let bad = || {
        usage!(
            "--table {spec:?}: expected WxH in squares (72x48) or with a unit (72x48in, 180x120cm, 1800x1200mm, 6x4ft)"
        )
    };
    let (w, h) = num.split_once('x').ok_or_else(bad)?;
    let (w, h) = (w.trim(), h.trim());
    let (w, h) = match unit_mm {
        None => (
            w.parse::<u32>().map_err(|_| bad())?,
            h.parse::<u32>().map_err(|_| bad())?,
        ),
        Some(mm) => {
            let w: f64 = w.parse().map_err(|_| bad())?;
            let h: f64 = h.parse().map_err(|_| bad())?;
            if !(w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0) {
                return Err(bad());
            }
            let sq = |v: f64| (v * mm / square_mm + 1e-9).floor().min(f64::from(u32::MAX)) as u32;
            (sq(w), sq(h))
        }
    };
    if w == 0 || h == 0 {
        bail_usage!("--table {spec:?} holds no whole square");
    }
    Ok(Table {
        width: w,
        height: h,
    })
}

// The binary, not the library, picks a new seed when none is given; it is
// printed so the dungeon can be made again with --seed.
#[allow(clippy::disallowed_methods)]
pub(crate) fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mut x = nanos as u64 ^ (nanos >> 64) as u64 ^ u64::from(std::process::id());
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x % 1_000_000
}

pub fn run(a: GenerateArgs) -> anyhow::Result<()> {
    let seed = a.seed.unwrap_or_else(fresh_seed);
    let ruleset = a.dungeon.ruleset();
    if a.kills.is_some() && ruleset != RulesetId::DungeonWorld10mm {
        bail_usage!(
            "--kills is the Draken Master's kill target: it needs --ruleset dungeon-world-10mm"
        );
    }
    if a.conditions.is_some() && ruleset != RulesetId::DungeonWorld10mm {
        bail_usage!(
            "--conditions is a table of dungeon conditions: it needs --ruleset dungeon-world-10mm"
        );
    }
    if a.ddd.any() && ruleset != RulesetId::DdAndD {
        bail_usage!(
            "--scenario, --board, --fair, --locked-doors, --secret-doors, --warparty and --opponent are for --ruleset dd-and-d"
        );
    }
    match ruleset {
        RulesetId::DungeonWorld10mm => return run_dw10(&a, seed),
        RulesetId::DdAndD => {
            refuse_for_ddd(&a)?;
            return super::ddd::run(
                seed,
                &a.ddd,
                &a.output,
                a.simulate,
                a.out.clone(),
                a.force,
                a.quiet,
                a.json,
            );
        }
        // Refused before any work is done.
        RulesetId::MkdAdventure => drop(a.output.mkd_options()?),
    }
    let floors = a.floors.params()?;
    let (ts, params) = a.dungeon.load(seed)?;
    if let Some(fp) = floors {
        return run_floors(&a, &ts, &params, &fp);
    }
    let scenario = match generate(&ts, &params) {
        Ok(s) => s,
        // Only a failed build depends on the seed; say which one.
        Err(e @ GenerateError::Build(BuildError::NoBuild { .. })) => {
            return Err(anyhow::Error::new(e).context(format!("seed {seed}")));
        }
        Err(e) => return Err(e.into()),
    };
    let scenario = Arc::new(scenario);
    let mut opts = a.output.options()?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| default_out(seed, &params.mission, a.floors.floors));
    // A file already there is refused before the rating's games.
    let names = pack::adventure_names(pack::Content::One(&scenario), &opts);
    super::outputs::refuse_existing(&out, names.iter().map(String::as_str), a.force)?;
    let rating = rate(&a, Adventure::Scenario(scenario.clone()))?;
    opts.rating = rating.as_ref().map(|(_, w)| w.clone());
    let files = pack::adventure(pack::Content::One(&scenario), &opts)?;
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    super::outputs::write_outputs(&out, &refs, a.force)?;
    if a.json && !a.quiet {
        let v = serde_json::json!({
            "seed": scenario.seed.to_string(),
            "ruleset": scenario.ruleset.to_string(),
            "mission": scenario.game.mission,
            "floors": [scenario_json(&scenario)],
            "out": out.display().to_string(),
            "files": refs.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            "rating": rating.as_ref().map(|(r, _)| rating_json(r)),
        });
        outln!("{v}")?;
    } else if !a.quiet {
        out!("{}", summary(&scenario))?;
        if let Some((_, words)) = &rating {
            outln!("plays: {words}")?;
        }
        outln!("wrote {}", super::outputs::listing(&out, &refs))?;
    }
    Ok(())
}

/// `generate --ruleset dd-and-d` lays its board by its own rules: every
/// option of the other games' generators is refused by name, not ignored.
/// An option with a default counts as given when it differs from it.
fn refuse_for_ddd(a: &GenerateArgs) -> anyhow::Result<()> {
    // A board is rated with war-parties (`--warparty`, `--opponent`), not
    // a party of heroes.
    a.dungeon
        .refuse_for_ddd(&a.floors, &[("--party", a.party.is_some())])
}

/// `generate --ruleset dungeon-world-10mm`: scenario.yaml, the players'
/// map and the Draken Master's sheet.
fn run_dw10(a: &GenerateArgs, seed: u64) -> anyhow::Result<()> {
    use tilecrawl::dw10;
    // The command line's own checks first (exit 2), then the files.
    a.dungeon.refuse_for_dw10(&a.floors)?;
    let mut opts = a.output.options()?;
    // Read before anything is made: a bad party file is refused up front.
    let rater = match a.simulate {
        Some(runs) => Some((
            runs,
            super::play_dw10::rating_party(a.party.as_deref(), a.quiet)?,
        )),
        None => None,
    };
    let conditions = match &a.conditions {
        Some(p) => Arc::new(dw10::conditions::load(p)?),
        None => Arc::new(dw10::conditions::shared().clone()),
    };
    let (ts, params) = a.dungeon.load_dw10(
        seed,
        &a.floors,
        a.kills.unwrap_or(dw10::setup::DEFAULT_KILLS),
        conditions,
    )?;
    let s = match dw10::setup::generate(&ts, &params) {
        Ok(s) => s,
        Err(e @ dw10::setup::GenerateError::Build(BuildError::NoBuild { .. })) => {
            return Err(anyhow::Error::new(e).context(format!("seed {seed}")));
        }
        Err(e) => return Err(e.into()),
    };
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(format!("{seed}-dungeon-world-10mm")));
    // A file already there is refused before the rating's games.
    let names = pack::dw10_names(&s, &opts);
    super::outputs::refuse_existing(&out, names.iter().map(String::as_str), a.force)?;
    let rating = rater.map(|(runs, (party, who))| {
        let bar = super::say::runs_bar(runs, a.quiet || a.json);
        let rated =
            super::play_dw10::rate(&Arc::new(s.clone()), &party, &who, runs, &|| bar.inc(1));
        bar.finish_and_clear();
        rated
    });
    opts.rating = rating.as_ref().map(|(_, w)| w.clone());
    let files = pack::dw10_files(&s, &opts)?;
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    super::outputs::write_outputs(&out, &refs, a.force)?;
    let count =
        |k: dw10::scenario::FeatureKind| s.game.features.iter().filter(|f| f.kind == k).count();
    if a.json && !a.quiet {
        let v = serde_json::json!({
            "seed": s.seed.to_string(),
            "ruleset": s.ruleset.to_string(),
            "tiles": s.tiles.len(),
            "width": s.size.width,
            "height": s.size.height,
            "dm_kills": s.game.victory.dm_kills,
            "features": s.game.features.len(),
            "out": out.display().to_string(),
            "files": refs.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            "rating": rating.as_ref().map(|(r, _)| serde_json::json!({
                "runs": r.runs,
                "wins": r.wins,
                "win_rate": r.win_rate,
                "win_rate_low": r.win_rate_low,
                "win_rate_high": r.win_rate_high,
                "mean_moves": r.mean_moves,
                "heroes_lost": r.heroes_lost,
            })),
        });
        outln!("{v}")?;
    } else if !a.quiet {
        use dw10::scenario::FeatureKind as K;
        outln!(
            "seed {}: {} pieces from {} set(s) of {}; dungeon {}×{} squares (Dungeon World 10 mm, {})",
            s.seed,
            s.tiles.len(),
            s.game.params.sets,
            s.game.params.tileset,
            s.size.width,
            s.size.height,
            s.game.params.difficulty.name()
        )?;
        outln!(
            "start: active teleporter on {},{}; the Draken Master wins at {}",
            s.game.start.x,
            s.game.start.y,
            counted(s.game.victory.dm_kills, "kill", "kills")
        )?;
        outln!(
            "features: {} ? counters, {} chests, {} teleporters, {} staircase ends, {} doors, {} keys, {} spawn points, {} furnishings",
            count(K::Trap),
            count(K::Chest),
            count(K::Teleporter),
            count(K::Staircase),
            count(K::Door),
            count(K::Key),
            count(K::Spawn),
            count(K::Furnishing)
        )?;
        if let Some((_, words)) = &rating {
            outln!("plays: {words}")?;
        }
        outln!("wrote {}", super::outputs::listing(&out, &refs))?;
    }
    Ok(())
}

/// `generate --floors`: dungeon.yaml and one folder per floor, every file
/// made in memory first and then written in one atomic batch.
fn run_floors(
    a: &GenerateArgs,
    ts: &tileset::TileSet,
    params: &GenerateParams,
    fp: &FloorsParams,
) -> anyhow::Result<()> {
    let built = floors::build_floors(ts, params, fp)?;
    let mut opts = a.output.options()?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| default_out(params.seed, &params.mission, a.floors.floors));
    // A file already there is refused before the rating's games.
    let names = pack::adventure_names(pack::Content::Floors(&built), &opts);
    super::outputs::refuse_existing(&out, names.iter().map(String::as_str), a.force)?;
    let rating = match a.simulate {
        None => None,
        Some(_) => {
            let d = floors::Dungeon::new(
                built.file.clone(),
                built.floors.clone(),
                &format!("dungeon seed {}", params.seed),
            )?;
            rate(a, Adventure::Dungeon(Arc::new(d)))?
        }
    };
    opts.rating = rating.as_ref().map(|(_, w)| w.clone());
    let files = pack::adventure(pack::Content::Floors(&built), &opts)?;
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    super::outputs::write_outputs(&out, &refs, a.force)?;
    if a.json && !a.quiet {
        let d = &built.file;
        let v = serde_json::json!({
            "seed": d.seed.to_string(),
            "ruleset": built.floors.first().map(|s| s.ruleset.to_string()),
            "mission": d.mission.to_string(),
            "floors": built.floors.iter().map(scenario_json).collect::<Vec<_>>(),
            "out": out.display().to_string(),
            "files": refs.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            "rating": rating.as_ref().map(|(r, _)| rating_json(r)),
        });
        outln!("{v}")?;
    } else if !a.quiet {
        let d = &built.file;
        out!(
            "dungeon of {} floors, seed {}, mission {}",
            d.floors.len(),
            d.seed,
            d.mission
        )?;
        match d.turn_limit {
            Some(t) => outln!(", {t} turns in all")?,
            None => outln!()?,
        }
        for (s, e) in built.floors.iter().zip(&d.floors) {
            out!("floor {}: ", e.number)?;
            out!("{}", summary(s))?;
            if let Some(st) = &e.stairs {
                outln!(
                    "stairs down to floor {} on {},{} ({})",
                    st.to_floor,
                    st.at.x,
                    st.at.y,
                    s.tiles[st.at.tile].id
                )?;
            }
        }
        if let Some((_, words)) = &rating {
            outln!("plays: {words}")?;
        }
        outln!(
            "wrote {} and {} files in floor folders",
            out.join("dungeon.yaml").display(),
            files.len() - 1
        )?;
    }
    Ok(())
}

/// What `--json` says of a rating.
fn rating_json(r: &Rating) -> serde_json::Value {
    serde_json::json!({
        "runs": r.runs,
        "wins": r.wins,
        "win_rate": r.win_rate,
        "win_rate_low": r.win_rate_low,
        "win_rate_high": r.win_rate_high,
        "median_turns": r.median_turns,
        "heroes_lost": r.heroes_lost,
    })
}

/// What `--json` says of one scenario (a floor): its seed as a string.
fn scenario_json(s: &Scenario) -> serde_json::Value {
    let halls = s
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count();
    serde_json::json!({
        "seed": s.seed.to_string(),
        "tiles": s.tiles.len(),
        "hallways": halls,
        "chambers": s.tiles.len() - halls,
        "width": s.size.width,
        "height": s.size.height,
        "entrance": s.tiles[s.entrance.tile].id,
        "central_chamber": s.tiles[s.central_chamber.tile].id,
        "dead_ends": s.dead_ends.len(),
        "chests": s.game.chests.len(),
        "wmts": s.game.wmts.len(),
    })
}

/// The short terminal summary of a generated scenario.
fn summary(s: &Scenario) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let halls = s
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count();
    let _ = writeln!(
        o,
        "seed {}: {} tiles placed ({} hallways, {} chambers) from {} set(s) of {}; dungeon {}×{} squares",
        s.seed,
        s.tiles.len(),
        halls,
        s.tiles.len() - halls,
        s.game.params.sets,
        s.game.params.tileset,
        s.size.width,
        s.size.height
    );
    let e = &s.entrance;
    let _ = writeln!(
        o,
        "entrance: {} ({} side, square {},{})",
        s.tiles[e.tile].id,
        e.side.name(),
        e.x,
        e.y
    );
    let cc = &s.central_chamber;
    let _ = writeln!(
        o,
        "Central Chamber: {}, {} tiles from the entrance",
        s.tiles[cc.tile].id, cc.depth
    );
    if let Some(q) = s.game.chests.iter().find(|c| c.quest) {
        let _ = writeln!(
            o,
            "Quest Chest: level {} on {},{} facing {}",
            q.level,
            q.x,
            q.y,
            q.facing.name()
        );
    }
    if let Some(g) = s.game.wmts.iter().find(|w| w.guardian) {
        let _ = writeln!(
            o,
            "Guardian WMT: {} {} on {},{} (+{} to its reveal)",
            g.color.name(),
            g.number,
            g.x,
            g.y,
            s.game.pools.guardian_reveal_bonus
        );
    }
    if s.game.mission != "quest" {
        let _ = writeln!(o, "mission: {}", s.game.mission);
    }
    if let Some(p) = &s.game.prisoner {
        let _ = writeln!(o, "prisoner: on {},{} in the Central Chamber", p.x, p.y);
    }
    if let Some(g) = &s.game.pools.guardian {
        let _ = writeln!(
            o,
            "Guardian WMT set aside: {} {} (revealed at the entrance when the prisoner is freed)",
            g.color.name(),
            g.number
        );
    }
    if let Some(e) = &s.game.second_entrance {
        let _ = writeln!(
            o,
            "second entrance (staircase marker): {} on {},{}",
            s.tiles[e.tile].id, e.x, e.y
        );
    }
    if let Some(t) = s.game.turn_limit {
        let _ = writeln!(o, "turn limit: {t} turns");
    }
    let count = |c: WmtColor| s.game.pools.wmts.iter().filter(|t| t.color == c).count();
    let _ = writeln!(
        o,
        "WMTs: {} on the map; pool {} yellow, {} blue, {} red (+{} to reveals); {} chests in the pool",
        s.game.wmts.len(),
        count(WmtColor::Yellow),
        count(WmtColor::Blue),
        count(WmtColor::Red),
        s.game.pools.wmt_reveal_bonus,
        s.game.pools.chests.len()
    );
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_units() {
        assert_eq!(
            parse_table("72x48", 25.4).unwrap(),
            Table {
                width: 72,
                height: 48
            }
        );
        assert_eq!(
            parse_table("72x48in", 25.4).unwrap(),
            Table {
                width: 72,
                height: 48
            }
        );
        assert_eq!(
            parse_table("180x120cm", 25.4).unwrap(),
            Table {
                width: 70,
                height: 47
            }
        );
        assert_eq!(
            parse_table("6x4ft", 25.4).unwrap(),
            Table {
                width: 72,
                height: 48
            }
        );
        assert_eq!(
            parse_table("100x50cm", 25.0).unwrap(),
            Table {
                width: 40,
                height: 20
            }
        );
        assert!(parse_table("72", 25.4).is_err());
        assert!(parse_table("-3x4", 25.4).is_err());
        assert!(parse_table("0.1x0.1in", 25.4).is_err());
        assert!(parse_table("nanxnanin", 25.4).is_err());
    }
}
