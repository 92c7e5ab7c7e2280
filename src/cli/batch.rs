//! `tilecrawl batch`: many adventures, one folder per seed, and an index.
//!
//! The batch is a list of *slots* `k = 0 … count−1`. Slot `k` tries the seeds
//! `seed-start + k`, then `+ count`, `+ 2·count`, … and keeps the first whose
//! index row meets every `--filter` (without filters: the first, so seeds are
//! `seed-start … seed-start+count−1`). A slot depends only on its own seeds,
//! so the result is the same for any `--jobs`, and `--shard i/n` (the slots
//! with `k % n == i−1`) splits it without any coordination between machines.
//!
//! An adventure's folder is finished when its `scenario.yaml` is in place: it
//! is renamed into the folder last, after every other file. With `--floors`
//! an adventure is a multi-floor dungeon, and its `dungeon.yaml` plays that
//! part (its floor folders are written before it).

use anyhow::{Context, bail};
use clap::{Args, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use tilecrawl::build::BuildError;
use tilecrawl::core::fs::StreamedFile;
use tilecrawl::mkd::batch::manifest::{self, Manifest};
use tilecrawl::mkd::batch::{self, Condition, IndexRow};
use tilecrawl::mkd::floors::{self, FloorsError, FloorsParams};
use tilecrawl::mkd::generate::{
    GenerateError, GenerateParams, generate, generate_with_critical_path,
};
use tilecrawl::mkd::play::floors::Adventure;
use tilecrawl::mkd::play::party::{self, Party};
use tilecrawl::mkd::play::simulate::{DEFAULT_MAX_TURNS, SimOptions, simulate_here_while};
use tilecrawl::mkd::tables::{self, Tables};
use tilecrawl::pack::PackOptions;
use tilecrawl::tileset::TileSet;

/// Set by Ctrl-C: no new adventure is started; those under way finish.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The file that marks an adventure folder as finished (written last).
const MARKER: &str = "scenario.yaml";

/// The marker of a multi-floor dungeon's folder (`--floors`).
const DUNGEON_MARKER: &str = "dungeon.yaml";

/// What each adventure gets on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Only {
    /// No adventure folders: only index.csv, index.yaml and batch.yaml.
    Index,
    /// scenario.yaml in each adventure folder (with --floors: dungeon.yaml
    /// and each floor's scenario.yaml).
    Yaml,
    /// What `generate` writes: scenario.yaml, map.svg, map.png, setup.md (and the PDFs with --print).
    All,
}

/// One machine's share of a batch: `index` of `count`, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shard {
    index: u64,
    count: u64,
}

fn parse_shard(s: &str) -> Result<Shard, String> {
    let bad = || format!("expected I/N with 1 ≤ I ≤ N, e.g. 3/8; got {s:?}");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let index: u64 = i.trim().parse().map_err(|_| bad())?;
    let count: u64 = n.trim().parse().map_err(|_| bad())?;
    if index == 0 || count == 0 || index > count {
        return Err(bad());
    }
    Ok(Shard { index, count })
}

fn parse_filter(s: &str) -> Result<Condition, String> {
    Condition::parse(s).map_err(|e| e.why)
}

/// `--filter` in `batch --help`: the short help, then every column (an
/// unknown column's error points here).
fn filter_long_help() -> String {
    format!(
        "Keep only adventures whose index meets COLUMN OP NUMBER (`depth>=5`, `dead_ends<=3`; OP one of >= <= > < == !=). Repeat for AND.\n\n{}",
        tilecrawl::mkd::batch::filter_columns_help()
    )
}

/// `tilecrawl batch`: a batch, or `batch merge` of shard indexes.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    // Options `generate` shares that a batch of MKD adventures cannot use:
    // the rule system says so, and the game master's map (an MKD map hides
    // nothing) is left out of the help; both are still refused by name.
    mut_arg("ruleset", |a| a.help("Rule system: mkd-adventure, the only one batched so far (the others are refused)")),
    mut_arg("gm_map", |a| a.hide(true))
)]
pub struct BatchCli {
    #[command(subcommand)]
    command: Option<BatchCommand>,
    #[command(flatten)]
    batch: BatchArgs,
}

#[derive(Debug, Subcommand)]
enum BatchCommand {
    /// Merge the indexes of a batch's shards (`--shard I/N`) into the one a
    /// single machine would have written.
    #[command(
        after_help = "Example:\n  tilecrawl batch merge s1 s2 s3 --out season\n  cp -r s1/[0-9]* s2/[0-9]* s3/[0-9]* season/   # adventure folders, named by seed, never collide"
    )]
    Merge(MergeArgs),
}

/// Options of `tilecrawl batch merge`.
#[derive(Debug, Args)]
struct MergeArgs {
    /// The shards' output folders, each holding index.csv, index.yaml and
    /// batch.yaml. Every shard 1/N … N/N must be given, each finished.
    #[arg(required = true, value_name = "DIR")]
    shards: Vec<PathBuf>,
    /// Where to write the merged index.csv, index.yaml and batch.yaml.
    #[arg(long, value_name = "DIR", value_parser = super::outputs::out_dir())]
    out: PathBuf,
    /// Replace index files already in --out.
    #[arg(long)]
    force: bool,
    /// No summary; only errors.
    #[arg(long, short)]
    quiet: bool,
}

/// Options of `tilecrawl batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Number of adventures (the whole batch, over all shards).
    #[arg(
        long = "count",
        id = "count",
        value_name = "COUNT",
        required = true,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    given_count: Option<u64>,
    /// `--count`, once given (clap requires it unless `merge` is run).
    #[arg(skip)]
    count: u64,
    /// First seed; the batch uses seed-start … seed-start+count−1 (more with --filter).
    #[arg(long, default_value_t = 1)]
    seed_start: u64,
    #[command(flatten)]
    dungeon: super::generate::DungeonArgs,
    #[command(flatten)]
    floors: super::generate::FloorsArgs,
    #[command(flatten)]
    output: super::outputs::OutputArgs,
    /// Output folder: index.csv, index.yaml, batch.yaml (which shard, finished or
    /// not) and a folder per adventure named by its seed.
    #[arg(
        long = "out",
        id = "out",
        value_name = "DIR",
        required = true,
        value_parser = super::outputs::out_dir()
    )]
    given_out: Option<PathBuf>,
    /// `--out`, once given.
    #[arg(skip)]
    out: PathBuf,
    /// What to write per adventure.
    #[arg(long, value_enum, default_value = "all")]
    only: Only,
    /// Threads (default: all cores). The result does not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    /// Do only share I of N: the adventures whose position k (0-based from
    /// seed-start) has k % N == I−1. The shards' indexes merge into the whole.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Keep only adventures whose index meets COLUMN OP NUMBER (`depth>=5`,
    /// `dead_ends<=3`; OP one of >= <= > < == !=). Repeat for AND.
    #[arg(long = "filter", value_name = "EXPR", value_parser = parse_filter,
          long_help = filter_long_help())]
    filters: Vec<Condition>,
    /// Play every adventure N times with the automatic heroes (as `simulate`
    /// does, its dice seeded by the adventure's seed) and add how it played
    /// to the index: runs, win_rate with its 95 % interval, median_turns,
    /// heroes_lost. Filters may then test them (`--filter win_rate>=0.4`).
    /// Each setup sheet written says how it plays, as `generate --simulate`'s
    /// does.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    simulate: Option<u32>,
    /// With --simulate: the heroes (a `tilecrawl-party/1` file). Default:
    /// the embedded party.
    #[arg(long, value_name = "FILE", requires = "simulate")]
    party: Option<PathBuf>,
    /// With --filter: seeds tried per adventure before the batch gives up.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    max_attempts: u64,
    /// Finish an interrupted batch in --out: skip adventures whose folder is finished.
    #[arg(long)]
    resume: bool,
    /// Write into a non-empty --out, replacing files of the same names.
    #[arg(long)]
    force: bool,
    /// No progress bar and no summary; only errors.
    #[arg(long, short)]
    quiet: bool,
    /// Flush every file to the disk (fsync) before it is renamed into place:
    /// slower, but a power cut cannot lose a finished adventure.
    #[arg(long)]
    sync: bool,
}

/// What became of one slot.
enum Outcome {
    /// Kept (and written, unless index-only or already finished).
    Done(IndexRow),
    /// Not started or given up because of Ctrl-C or another slot's error.
    Skipped,
    /// Failed; the batch stops.
    Failed(anyhow::Error),
}

/// Everything a slot needs, shared by all threads.
struct Job<'a> {
    args: &'a BatchArgs,
    tileset: &'a TileSet,
    params: GenerateParams,
    /// Seeds whose folder was finished before this run (with --resume).
    finished: BTreeSet<u64>,
    /// Set when a slot fails, so the others stop early.
    stop: AtomicBool,
    /// Seeds generated, for the summary.
    tried: AtomicU64,
    /// The names of the export files (`--only all`), once known.
    export_names: OnceLock<Vec<&'static str>>,
    /// How the maps and sheets are made (`--only all`).
    pack: Option<PackOptions>,
    /// `--floors`: every adventure is a multi-floor dungeon.
    floors: Option<FloorsParams>,
    /// `--simulate`: how each adventure is rated.
    rate: Option<Rate>,
    /// Playthroughs played so far, for the progress bar.
    played: AtomicU64,
}

/// What `--simulate` plays each adventure with.
struct Rate {
    runs: u32,
    party: Arc<Party>,
    /// The party in the rating's words on a setup sheet, as `generate
    /// --simulate` names it.
    who: String,
    tables: Arc<Tables>,
    /// What the filters on the rating's columns keep (none: no such
    /// filter), to stop playing an adventure they can no longer keep.
    meet: Option<batch::CanStillMeet>,
}

pub fn run(cli: BatchCli) -> anyhow::Result<()> {
    let mut a = match cli.command {
        Some(BatchCommand::Merge(m)) => return merge(m),
        None => cli.batch,
    };
    match (a.given_count, a.given_out.take()) {
        (Some(count), Some(out)) => (a.count, a.out) = (count, out),
        _ => bail!("batch needs --count N and --out DIR (or `batch merge`)"),
    }
    if a.dungeon.ruleset != tilecrawl::rules::RulesetId::MkdAdventure {
        bail!(
            "batch makes {} dungeons only; --ruleset {} is not batched yet",
            tilecrawl::rules::RulesetId::MkdAdventure,
            a.dungeon.ruleset
        );
    }
    let created = !a.out.exists();
    let out = a.out.clone();
    let result = run_in(a);
    // A batch that failed before writing anything leaves no folder behind.
    if result.is_err() && created {
        let _ = std::fs::remove_dir(&out);
    }
    result
}

fn run_in(a: BatchArgs) -> anyhow::Result<()> {
    if a.dungeon.ruleset() != tilecrawl::rules::RulesetId::MkdAdventure {
        anyhow::bail!(
            "batch makes MKD Adventure dungeons only; for --ruleset {} run generate once per seed",
            a.dungeon.ruleset()
        );
    }
    let floors = a.floors.params_or_exit();
    let (ts, params) = a.dungeon.load(a.seed_start)?;
    let pack = match a.only {
        Only::All => Some(a.output.mkd_options()?),
        only => {
            // Map and print options shape files this batch does not write.
            let given = a.output.given();
            if !given.is_empty() {
                let only = if only == Only::Index { "index" } else { "yaml" };
                bail!(
                    "{} shape{} the maps and sheets, which --only {only} does not write; drop {} or use --only all",
                    given.join(", "),
                    if given.len() == 1 { "s" } else { "" },
                    if given.len() == 1 { "it" } else { "them" }
                );
            }
            None
        }
    };
    if a.seed_start.checked_add(a.count - 1).is_none() {
        bail!(
            "--seed-start {} with --count {} runs past the largest seed ({})",
            a.seed_start,
            a.count,
            u64::MAX
        );
    }
    if a.simulate.is_none()
        && let Some(c) = a.filters.iter().find(|c| c.needs_rating())
    {
        bail!(
            "--filter {}: the column {} comes from playing the adventures; add --simulate N (e.g. --simulate 200)",
            filter_text(c),
            c.column
        );
    }
    let rate = match a.simulate {
        None => None,
        Some(runs) => {
            let (party, who) = match &a.party {
                Some(p) => (party::load(p)?, format!("the party in {}", p.display())),
                None => (party::default_party(), "the default party".to_string()),
            };
            // A run loses at most the party's heroes and a prisoner they
            // freed (who fights on as one of them).
            let most_lost = party.heroes().count() as u32 + 1;
            Some(Rate {
                runs,
                party: Arc::new(party),
                who,
                tables: Arc::new(tables::default_tables()),
                meet: batch::CanStillMeet::new(&a.filters, runs, most_lost, DEFAULT_MAX_TURNS),
            })
        }
    };
    let shard = a.shard.unwrap_or(Shard { index: 1, count: 1 });
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create folder {}", a.out.display()))?;
    // One batch at a time in a folder, for the whole run (two `--resume`
    // runs would write the same adventures); what a killed run left is
    // cleaned up.
    let _lock = tilecrawl::core::fs::FolderLock::take(&a.out)?;
    check_out(&a)?;
    if a.resume {
        check_same_batch(&a, shard)?;
    }
    let marker = if floors.is_some() {
        DUNGEON_MARKER
    } else {
        MARKER
    };
    let finished = if a.resume && a.only != Only::Index {
        finished_seeds(&a.out, marker)?
    } else {
        BTreeSet::new()
    };

    // Slot positions p = 0, 1, … of this shard hold slots k = first + p·step;
    // a shard numbered past --count (an array job of more tasks than
    // adventures) has none.
    let (first, step) = (shard.index - 1, shard.count);
    let positions = Manifest::share(a.count, (shard.index, shard.count));
    let bar = if a.quiet {
        ProgressBar::hidden()
    } else {
        // indicatif draws nothing when stderr is not a terminal.
        let b = ProgressBar::with_draw_target(Some(positions), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} adventures  {per_sec}  {msg}{elapsed} elapsed, {eta} left",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    };
    // Ctrl-C once: stop starting adventures; twice: quit at once.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });

    let mut params = params;
    // The index needs no roll log: generating without one is much faster.
    params.log = a.only != Only::Index;
    let job = Job {
        args: &a,
        tileset: &ts,
        params,
        finished,
        stop: AtomicBool::new(false),
        tried: AtomicU64::new(0),
        export_names: OnceLock::new(),
        pack,
        floors,
        rate,
        played: AtomicU64::new(0),
    };
    // Catch a resume with other options before anything is written.
    if let Some(&seed) = job.finished.first() {
        job.check_finished(seed)?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.map_or(0, |j| j as usize))
        .build()
        .context("cannot start the worker threads")?;

    // Workers take positions in order and send what became of each; this
    // thread writes the index rows in seed order as soon as no unfinished
    // slot can still produce a smaller seed, so rows are not all held in
    // memory (only those that arrive ahead of a slower one, or, with
    // --filter, those of a later seed than an unfinished slot's).
    let next = AtomicU64::new(0);
    let chunk = positions_per_hand_over(a.only, a.simulate.is_some());
    let (tx, rx) = std::sync::mpsc::channel::<Vec<(u64, Outcome)>>();
    let mut index = IndexStream::new(&a.out, a.seed_start, first, step, positions);
    index.rated = a.simulate.is_some();
    let mut failure: Option<(u64, anyhow::Error)> = None;
    let mut skipped = 0u64;
    let mut write_error = None;
    pool.in_place_scope(|scope| {
        for _ in 0..pool.current_num_threads() {
            let (tx, next, job, bar) = (tx.clone(), &next, &job, &bar);
            scope.spawn(move |_| {
                loop {
                    let start = next.fetch_add(chunk, Ordering::Relaxed);
                    if start >= positions {
                        break;
                    }
                    let done: Vec<(u64, Outcome)> = (start..(start + chunk).min(positions))
                        .map(|p| (p, job.slot(first + p * step)))
                        .collect();
                    bar.inc(done.len() as u64);
                    if job.rate.is_some() {
                        let n = job.played.load(Ordering::Relaxed);
                        bar.set_message(format!("{n} playthroughs  "));
                    }
                    if tx.send(done).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (p, o) in rx.into_iter().flatten() {
            let row = match o {
                Outcome::Done(r) => Some(r),
                Outcome::Skipped => {
                    skipped += 1;
                    None
                }
                Outcome::Failed(e) => {
                    // The first failure in slot order, whatever thread hit it first.
                    if failure.as_ref().is_none_or(|(q, _)| p < *q) {
                        failure = Some((p, e));
                    }
                    None
                }
            };
            if write_error.is_none()
                && let Err(e) = index.arrived(p, row)
            {
                write_error = Some(e);
                job.stop.store(true, Ordering::Relaxed);
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    let failure = failure.map(|(_, e)| e);
    let written = index.written();
    // After a failure that kept nothing (a bad option, an impossible filter)
    // nothing is written at all.
    if failure.is_none() || written > 0 {
        index.finish(a.sync)?;
        // Last, so a note that says finished stands beside a whole index.
        let note = Manifest {
            seed_start: a.seed_start,
            count: a.count,
            shard: (shard.index, shard.count),
            adventures: written,
            finished: failure.is_none() && skipped == 0,
        };
        let path = a.out.join(manifest::FILE);
        tilecrawl::core::fs::write_all_atomic_synced(&[(&path, note.to_yaml().as_bytes())], a.sync)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(e) = failure {
        if written == 0 {
            return Err(e);
        }
        bail!(
            "{e:#}; the batch stopped, and the {written} adventure(s) finished are listed in {}",
            a.out.join("index.csv").display()
        );
    }
    if skipped > 0 {
        bail!(
            "interrupted: {written} of {positions} adventures finished and listed in {}; run the same command with --resume to finish the rest",
            a.out.join("index.csv").display()
        );
    }
    if !a.quiet {
        let tried = job.tried.load(Ordering::Relaxed);
        let filtered = if a.filters.is_empty() {
            String::new()
        } else {
            format!(" ({tried} seeds generated to meet the filters)")
        };
        outln!(
            "wrote {written} adventure(s){} to {}: index.csv, index.yaml, batch.yaml",
            filtered,
            a.out.display()
        )?;
    }
    Ok(())
}

impl Job<'_> {
    /// The maps and sheets of one adventure (`--only all`).
    fn exports(
        &self,
        s: &tilecrawl::mkd::Scenario,
        rating: Option<&batch::Rating>,
    ) -> anyhow::Result<Vec<(&'static str, Vec<u8>)>> {
        let opts = self.pack_options(rating);
        Ok(tilecrawl::pack::exports(s, &opts)?)
    }

    /// The pack options of an adventure (`--only all`): with `--simulate`,
    /// its setup sheets carry its rating in the words `generate --simulate`
    /// puts there.
    fn pack_options(&self, rating: Option<&batch::Rating>) -> std::borrow::Cow<'_, PackOptions> {
        let opts = self.pack.as_ref().expect("--only all has pack options");
        match (rating, &self.rate) {
            (Some(r), Some(rate)) => std::borrow::Cow::Owned(PackOptions {
                rating: Some(r.words(&rate.who)),
                ..opts.clone()
            }),
            _ => std::borrow::Cow::Borrowed(opts),
        }
    }

    /// Tries slot `k`'s seeds until one meets the filters; writes it.
    fn slot(&self, k: u64) -> Outcome {
        let a = self.args;
        for attempt in 0..a.max_attempts {
            if INTERRUPTED.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed) {
                return Outcome::Skipped;
            }
            let Some(seed) = attempt
                .checked_mul(a.count)
                .and_then(|d| d.checked_add(k))
                .and_then(|d| d.checked_add(a.seed_start))
            else {
                return self.fail(anyhow::anyhow!(
                    "adventure {} of the batch ran past the largest seed while looking for one that meets --filter",
                    k + 1
                ));
            };
            self.tried.fetch_add(1, Ordering::Relaxed);
            match self.adventure(seed) {
                Ok(Some(row)) => return Outcome::Done(row),
                Ok(None) => {}
                Err(e) => return self.fail(e),
            }
            if a.filters.is_empty() {
                break;
            }
        }
        let shown: Vec<String> = a.filters.iter().map(filter_text).collect();
        self.fail(anyhow::anyhow!(
            "no seed met --filter {} in {} attempts for adventure {} of {} (seeds {}, {}, … in steps of {}); loosen the filter or raise --max-attempts",
            shown.join(" --filter "),
            a.max_attempts,
            k + 1,
            a.count,
            a.seed_start + k,
            (a.seed_start + k).saturating_add(a.count),
            a.count
        ))
    }

    /// Is a finished folder what this command makes for its seed?
    fn check_finished(&self, seed: u64) -> anyhow::Result<()> {
        let params = GenerateParams {
            seed,
            ..self.params.clone()
        };
        // A seed that does not generate with these options was made with others.
        let (yaml, marker) = match &self.floors {
            Some(fp) => (
                floors::build_floors(self.tileset, &params, fp)
                    .map(|d| floors::dungeon_yaml(&d.file))
                    .unwrap_or_default(),
                DUNGEON_MARKER,
            ),
            None => (
                generate(self.tileset, &params)
                    .map(|s| tilecrawl::mkd::scenario::to_yaml(&s))
                    .unwrap_or_default(),
                MARKER,
            ),
        };
        let dir = self.args.out.join(seed.to_string());
        already_written(&dir, &[], marker, yaml.as_bytes()).map(|_| ())
    }

    /// Plays an adventure `--simulate` times on this thread: its rating.
    /// `None` when the filters on the rating rule it out before the last
    /// run: the runs played already leave no rating that would meet them,
    /// so the rest are not played (the whole rating would miss them too,
    /// so the batch keeps the same adventures).
    fn rating(&self, adventure: &Adventure, rate: &Rate) -> Option<batch::Rating> {
        let opts = SimOptions {
            runs: rate.runs,
            seed: adventure.seed(),
            max_turns: DEFAULT_MAX_TURNS,
        };
        let mut so_far = batch::Played::default();
        let (rating, played) =
            match simulate_here_while(adventure, &rate.party, &rate.tables, &opts, |r| {
                rate.meet.as_ref().is_none_or(|m| {
                    so_far.record(r.won, r.heroes_lost, r.turns);
                    m.can_meet(&so_far)
                })
            }) {
                Ok(report) => (Some(batch::Rating::of(&report)), rate.runs),
                Err(played) => (None, played),
            };
        self.played.fetch_add(u64::from(played), Ordering::Relaxed);
        rating
    }

    fn fail(&self, e: anyhow::Error) -> Outcome {
        self.stop.store(true, Ordering::Relaxed);
        Outcome::Failed(e)
    }

    /// Generates one seed; returns its row if it meets the filters, after
    /// writing its folder (unless index-only or finished before).
    fn adventure(&self, seed: u64) -> anyhow::Result<Option<IndexRow>> {
        let a = self.args;
        let params = GenerateParams {
            seed,
            ..self.params.clone()
        };
        if let Some(fp) = &self.floors {
            return self.dungeon(&params, fp);
        }
        let (scenario, critical_path) = match generate_with_critical_path(self.tileset, &params) {
            Ok(s) => s,
            Err(e @ GenerateError::Build(BuildError::NoBuild { .. })) => {
                return Err(anyhow::Error::new(e).context(format!("seed {seed}")));
            }
            Err(e) => return Err(e.into()),
        };
        let mut row = IndexRow::with_critical_path(&scenario, critical_path);
        if !batch::matches_layout(&a.filters, &row) {
            return Ok(None);
        }
        let scenario = Arc::new(scenario);
        if let Some(rate) = &self.rate {
            row.rating = self.rating(&Adventure::Scenario(scenario.clone()), rate);
            if row.rating.is_none() || !batch::matches_all(&a.filters, &row) {
                return Ok(None);
            }
        }
        if a.only == Only::Index {
            return Ok(Some(row));
        }
        let yaml = tilecrawl::mkd::scenario::to_yaml(&scenario).into_bytes();
        // The export files' names depend only on the options: learnt from the
        // first render, so a resumed batch does not redraw finished maps.
        let mut rendered = None;
        let names: Vec<&'static str> = match a.only {
            Only::All => match self.export_names.get() {
                Some(n) => n.clone(),
                None => {
                    let files = self.exports(&scenario, row.rating.as_ref())?;
                    let n: Vec<&'static str> = files.iter().map(|(n, _)| *n).collect();
                    let _ = self.export_names.set(n.clone());
                    rendered = Some(files);
                    n
                }
            },
            _ => Vec::new(),
        };
        row.files = std::iter::once(MARKER)
            .chain(names.iter().copied())
            .map(String::from)
            .collect();
        let dir = a.out.join(seed.to_string());
        if self.finished.contains(&seed) && already_written(&dir, &names, MARKER, &yaml)? {
            return Ok(Some(row));
        }
        let mut files = match rendered {
            Some(f) => f,
            None if a.only == Only::All => self.exports(&scenario, row.rating.as_ref())?,
            None => Vec::new(),
        };
        // The marker file goes last, so a folder with it is complete.
        files.push((MARKER, yaml));
        write_adventure(&dir, &files, a.resume, a.sync)?;
        Ok(Some(row))
    }

    /// [`Job::adventure`] with `--floors`: a multi-floor dungeon, the folder
    /// `generate --floors` writes (dungeon.yaml, written last, and a folder
    /// per floor) and one index row for the whole dungeon.
    fn dungeon(
        &self,
        params: &GenerateParams,
        fp: &FloorsParams,
    ) -> anyhow::Result<Option<IndexRow>> {
        let a = self.args;
        let seed = params.seed;
        let built = match floors::build_floors(self.tileset, params, fp) {
            Ok(d) => d,
            Err(e @ FloorsError::Floor { .. }) => {
                return Err(anyhow::Error::new(e).context(format!("dungeon seed {seed}")));
            }
            Err(e) => return Err(e.into()),
        };
        let mut row = IndexRow::of_dungeon(&built);
        if !batch::matches_layout(&a.filters, &row) {
            return Ok(None);
        }
        if let Some(rate) = &self.rate {
            let dungeon = floors::Dungeon::new(
                built.file.clone(),
                built.floors.clone(),
                &format!("dungeon seed {seed}"),
            )?;
            row.rating = self.rating(&Adventure::Dungeon(Arc::new(dungeon)), rate);
            if row.rating.is_none() || !batch::matches_all(&a.filters, &row) {
                return Ok(None);
            }
        }
        if a.only == Only::Index {
            return Ok(Some(row));
        }
        let mut files = match a.only {
            Only::All => tilecrawl::pack::adventure(
                tilecrawl::pack::Content::Floors(&built),
                &self.pack_options(row.rating.as_ref()),
            )?,
            _ => std::iter::once((
                DUNGEON_MARKER.to_string(),
                floors::dungeon_yaml(&built.file).into_bytes(),
            ))
            .chain(built.floors.iter().zip(&built.file.floors).map(|(s, e)| {
                (
                    format!("{}/{MARKER}", floors::floor_dir(e.number)),
                    tilecrawl::mkd::scenario::to_yaml(s).into_bytes(),
                )
            }))
            .collect(),
        };
        row.files = files.iter().map(|(n, _)| n.clone()).collect();
        // dungeon.yaml comes first; it is written last, so a folder with it
        // is complete.
        let marker = files.remove(0);
        debug_assert_eq!(marker.0, DUNGEON_MARKER);
        let dir = a.out.join(seed.to_string());
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        if self.finished.contains(&seed)
            && already_written(&dir, &names, DUNGEON_MARKER, &marker.1)?
        {
            return Ok(Some(row));
        }
        files.push(marker);
        write_adventure(&dir, &files, a.resume, a.sync)?;
        Ok(Some(row))
    }
}

/// Writes one adventure's files, in order, each to a temporary name first;
/// the renames happen only when all are written.
fn write_adventure<N: AsRef<str>>(
    dir: &Path,
    files: &[(N, Vec<u8>)],
    resume: bool,
    sync: bool,
) -> anyhow::Result<()> {
    let paths: Vec<PathBuf> = files.iter().map(|(n, _)| dir.join(n.as_ref())).collect();
    // The adventure's folder and, with --floors, its floor folders.
    let folders: BTreeSet<&Path> = std::iter::once(dir)
        .chain(paths.iter().filter_map(|p| p.parent()))
        .collect();
    for f in folders {
        std::fs::create_dir_all(f)
            .with_context(|| format!("cannot create folder {}", f.display()))?;
        if resume {
            remove_leftovers(f)?;
        }
    }
    let list: Vec<(&Path, &[u8])> = paths
        .iter()
        .zip(files)
        .map(|(p, (_, b))| (p.as_path(), b.as_slice()))
        .collect();
    tilecrawl::core::fs::write_all_atomic_synced(&list, sync)
        .with_context(|| format!("cannot write into {}", dir.display()))
}

/// With --resume: does a finished folder hold every file this run writes
/// (`names` and the `marker`), with the same marker file (`yaml`)? A
/// scenario made with other options is an error rather than a silently
/// mixed batch.
fn already_written(dir: &Path, names: &[&str], marker: &str, yaml: &[u8]) -> anyhow::Result<bool> {
    if !names.iter().chain([&marker]).all(|n| dir.join(n).is_file()) {
        return Ok(false);
    }
    let path = dir.join(marker);
    let made = yaml;
    // Compare sizes first, so a stray huge file is never read.
    let size = std::fs::metadata(&path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .len();
    let same = size == made.len() as u64
        && std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))? == made;
    if !same {
        bail!(
            "{} differs from what this command generates for that seed: --resume needs the same options (and tilecrawl version) as the interrupted batch",
            path.display()
        );
    }
    Ok(true)
}

/// Removes temporary files a killed run left in an unfinished folder.
fn remove_leftovers(dir: &Path) -> anyhow::Result<()> {
    for e in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let e = e?;
        let name = e.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(".tilecrawl-") && name.ends_with(".tmp") {
            std::fs::remove_file(e.path())
                .with_context(|| format!("cannot remove {}", e.path().display()))?;
        }
    }
    Ok(())
}

/// `--resume` into a folder whose note ([`manifest::FILE`]) names another
/// share: refused, as finishing it with this command's share would mix two
/// batches in one folder. A folder without a note (a run killed before its
/// first index) passes.
fn check_same_batch(a: &BatchArgs, shard: Shard) -> anyhow::Result<()> {
    let Some(was) = read_note(&a.out)? else {
        return Ok(());
    };
    let asked = (a.seed_start, a.count, (shard.index, shard.count));
    if (was.seed_start, was.count, was.shard) != asked {
        bail!(
            "--resume: {} holds shard {}/{} of a batch of --count {} from --seed-start {} (its {}), not shard {}/{} of --count {} from --seed-start {}; run the command that made it with --resume",
            a.out.display(),
            was.shard.0,
            was.shard.1,
            was.count,
            was.seed_start,
            manifest::FILE,
            shard.index,
            shard.count,
            a.count,
            a.seed_start
        );
    }
    Ok(())
}

/// The note ([`manifest::FILE`]) in a batch's folder, if it has one.
fn read_note(dir: &Path) -> anyhow::Result<Option<Manifest>> {
    let path = dir.join(manifest::FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let text = tilecrawl::core::yaml::read_file(&path, manifest::MAX_BYTES, "a batch note")?;
    Ok(Some(Manifest::parse(&text, &path.display().to_string())?))
}

/// Seeds whose folder under `out` holds the `marker` file.
fn finished_seeds(out: &Path, marker: &str) -> anyhow::Result<BTreeSet<u64>> {
    let mut done = BTreeSet::new();
    let entries = match std::fs::read_dir(out) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(done),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", out.display())),
    };
    for e in entries {
        let e = e.with_context(|| format!("cannot read {}", out.display()))?;
        let Some(seed) = e.file_name().to_str().and_then(|n| n.parse::<u64>().ok()) else {
            continue;
        };
        if e.path().join(marker).is_file() {
            done.insert(seed);
        }
    }
    Ok(done)
}

/// Refuses to mix a new batch into a folder that already holds files.
fn check_out(a: &BatchArgs) -> anyhow::Result<()> {
    match std::fs::read_dir(&a.out) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => {
            Err(e).with_context(|| format!("--out {}: not a readable folder", a.out.display()))
        }
        Ok(mut entries) => {
            if !a.resume && !a.force && entries.next().is_some() {
                bail!(
                    "{} is not empty; pass --resume to finish an interrupted batch there, --force to write over it, or choose another --out folder",
                    a.out.display()
                );
            }
            Ok(())
        }
    }
}

/// index.csv and index.yaml, written a row at a time in seed order as the
/// slots finish, under temporary names until [`IndexStream::finish`].
struct IndexStream<'a> {
    out: &'a Path,
    seed_start: u64,
    /// Slot of position p: `first + p·step`.
    first: u64,
    step: u64,
    positions: u64,
    /// Every position below this one has arrived.
    done_below: u64,
    /// Positions at or above `done_below` that have arrived.
    arrived: BTreeSet<u64>,
    /// Rows not written yet, by seed.
    pending: BTreeMap<u64, IndexRow>,
    /// The temporary files, made with the first row.
    files: Option<(StreamedFile, StreamedFile)>,
    written: u64,
    /// Whether the rows carry ratings (`--simulate`): the CSV header names them.
    rated: bool,
}

impl<'a> IndexStream<'a> {
    fn new(out: &'a Path, seed_start: u64, first: u64, step: u64, positions: u64) -> Self {
        IndexStream {
            out,
            seed_start,
            first,
            step,
            positions,
            done_below: 0,
            arrived: BTreeSet::new(),
            pending: BTreeMap::new(),
            files: None,
            written: 0,
            rated: false,
        }
    }

    /// Rows written so far.
    fn written(&self) -> u64 {
        self.written
    }

    /// Position `p` finished, with its row if it kept one; writes every row
    /// no unfinished slot can come before.
    fn arrived(&mut self, p: u64, row: Option<IndexRow>) -> anyhow::Result<()> {
        if let Some(r) = row {
            self.pending.insert(r.seed, r);
        }
        self.arrived.insert(p);
        while self.arrived.remove(&self.done_below) {
            self.done_below += 1;
        }
        // An unfinished slot k tries seeds from seed-start + k up.
        let lowest = (self.done_below < self.positions)
            .then(|| self.seed_start + self.first + self.done_below * self.step);
        while let Some(entry) = self.pending.first_entry() {
            if lowest.is_some_and(|l| *entry.key() >= l) {
                break;
            }
            let row = entry.remove();
            self.write(&row)?;
        }
        Ok(())
    }

    fn write(&mut self, row: &IndexRow) -> anyhow::Result<()> {
        let out = self.out;
        let context = || format!("cannot write the index into {}", out.display());
        if self.files.is_none() {
            std::fs::create_dir_all(out)
                .with_context(|| format!("cannot create folder {}", out.display()))?;
            let mut csv = StreamedFile::create(&out.join("index.csv")).with_context(context)?;
            csv.write(batch::csv_header(self.rated).as_bytes())
                .and_then(|()| csv.write(b"\n"))
                .with_context(context)?;
            let yaml = StreamedFile::create(&out.join("index.yaml")).with_context(context)?;
            self.files = Some((csv, yaml));
        }
        let (csv, yaml) = self.files.as_mut().expect("made above");
        csv.write(row.csv_line().as_bytes())
            .and_then(|()| yaml.write(row.yaml_line().as_bytes()))
            .with_context(context)?;
        self.written += 1;
        Ok(())
    }

    /// Writes what is left and renames both files into place (empty ones
    /// when no row was kept).
    fn finish(mut self, sync: bool) -> anyhow::Result<()> {
        while let Some(row) = self.pending.pop_first().map(|(_, r)| r) {
            self.write(&row)?;
        }
        let out = self.out;
        let context = || format!("cannot write the index into {}", out.display());
        match self.files.take() {
            Some((csv, yaml)) => {
                csv.persist(sync).with_context(context)?;
                yaml.persist(sync).with_context(context)
            }
            None => {
                std::fs::create_dir_all(out)
                    .with_context(|| format!("cannot create folder {}", out.display()))?;
                let csv = format!("{}\n", batch::csv_header(self.rated));
                let (c, y) = (out.join("index.csv"), out.join("index.yaml"));
                tilecrawl::core::fs::write_all_atomic_synced(
                    &[(&c, csv.as_bytes()), (&y, b"")],
                    sync,
                )
                .with_context(context)
            }
        }
    }
}

/// `batch merge`: the shards' indexes merged into --out.
fn merge(m: MergeArgs) -> anyhow::Result<()> {
    use std::io::BufReader;
    let open = |dir: &Path, name: &str| -> anyhow::Result<BufReader<std::fs::File>> {
        let path = dir.join(name);
        if !path.is_file() {
            bail!(
                "{}: no {name} there; expected the --out folder of a `batch --shard I/N` run",
                dir.display()
            );
        }
        let f = std::fs::File::open(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Ok(BufReader::new(f))
    };
    let mut shards = Vec::with_capacity(m.shards.len());
    let mut notes = Vec::with_capacity(m.shards.len());
    for dir in &m.shards {
        shards.push(batch::merge::ShardIndex {
            name: dir.display().to_string(),
            csv: open(dir, "index.csv")?,
            yaml: open(dir, "index.yaml")?,
        });
        notes.push((dir.display().to_string(), read_note(dir)?));
    }
    // Every shard of one batch, each finished, before anything is written.
    let whole = manifest::whole(&notes)?;
    if whole.is_none() && !m.quiet {
        warnln!(
            "warning: no shard has a {} (a batch run by an older tilecrawl?), so merge cannot tell whether a shard is missing or stopped part-way",
            manifest::FILE
        );
    }
    std::fs::create_dir_all(&m.out)
        .with_context(|| format!("cannot create folder {}", m.out.display()))?;
    let _lock = tilecrawl::core::fs::FolderLock::take(&m.out)?;
    let (csv_path, yaml_path) = (m.out.join("index.csv"), m.out.join("index.yaml"));
    let note_path = m.out.join(manifest::FILE);
    if !m.force && (csv_path.exists() || yaml_path.exists() || note_path.exists()) {
        bail!(
            "{} already holds an index; pass --force to replace it, or choose another --out folder",
            m.out.display()
        );
    }
    let context = || format!("cannot write the index into {}", m.out.display());
    // All three refused before any is written, not the last after the rest.
    for path in [&csv_path, &yaml_path, &note_path] {
        tilecrawl::core::fs::refuse_other_than_file(path).with_context(context)?;
    }
    let mut csv = StreamedFile::create(&csv_path).with_context(context)?;
    let mut yaml = StreamedFile::create(&yaml_path).with_context(context)?;
    let rows = batch::merge::merge(shards, &mut csv, &mut yaml)?;
    if let Some(w) = &whole
        && w.adventures != rows
    {
        bail!(
            "the shards' indexes hold {rows} adventure(s) but their {} files count {}: was an index changed, or copied from another run?",
            manifest::FILE,
            w.adventures
        );
    }
    csv.persist(false).with_context(context)?;
    yaml.persist(false).with_context(context)?;
    let noted = whole.is_some();
    if let Some(w) = whole {
        tilecrawl::core::fs::write_atomic(&note_path, w.to_yaml().as_bytes())
            .with_context(context)?;
    } else if note_path.exists() {
        // An older note (--force) would not describe this index.
        std::fs::remove_file(&note_path)
            .with_context(|| format!("cannot remove {}", note_path.display()))?;
    }
    if !m.quiet {
        outln!(
            "merged {rows} adventure(s) from {} shard(s) into {}: index.csv, index.yaml{}",
            m.shards.len(),
            m.out.display(),
            if noted { ", batch.yaml" } else { "" }
        )?;
    }
    Ok(())
}

fn filter_text(c: &Condition) -> String {
    let op = match c.op {
        batch::Op::Ge => ">=",
        batch::Op::Le => "<=",
        batch::Op::Gt => ">",
        batch::Op::Lt => "<",
        batch::Op::Eq => "==",
        batch::Op::Ne => "!=",
    };
    format!("{}{}{}", c.column, op, c.value)
}

/// How many positions a worker takes at once and hands over together.
///
/// An index row takes tens of microseconds, as long as handing it to the
/// writing thread and waking it: index-only workers take 64 positions at
/// a time. An adventure with files takes milliseconds, and one rated with
/// `--simulate` takes a playthrough's half a millisecond or so per run:
/// either goes alone. Otherwise the last bundles leave a worker idle (200
/// rated adventures in bundles of 64 are four bundles for two workers, one
/// of them of 8: a fifth of the wall time lost), and the progress bar and
/// its count of playthroughs would move a bundle at a time.
fn positions_per_hand_over(only: Only, rated: bool) -> u64 {
    if only == Only::Index && !rated { 64 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse() {
        assert_eq!(parse_shard("3/8"), Ok(Shard { index: 3, count: 8 }));
        assert!(parse_shard("0/8").is_err());
        assert!(parse_shard("9/8").is_err());
        assert!(parse_shard("1/0").is_err());
        assert!(parse_shard("3").is_err());
    }

    #[test]
    fn only_unrated_index_rows_are_handed_over_in_bundles() {
        assert_eq!(positions_per_hand_over(Only::Index, false), 64);
        for only in [Only::Index, Only::Yaml, Only::All] {
            assert_eq!(positions_per_hand_over(only, true), 1, "{only:?} rated");
        }
        assert_eq!(positions_per_hand_over(Only::Yaml, false), 1);
        assert_eq!(positions_per_hand_over(Only::All, false), 1);
    }
}
