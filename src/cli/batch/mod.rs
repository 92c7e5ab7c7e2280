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
//!
//! This module drives a batch of any game: the slots, the threads, the
//! progress bar, the index and the merge. What a seed becomes is the
//! game's part ([`job::Game`]): `mkd.rs` for the MKD Adventure, `dw10.rs`
//! for Dungeon World 10 mm, `ddd.rs` for Dungeons Dark & Dangerous;
//! `job.rs` holds what they share and `args.rs` the options.

mod args;
mod ddd;
mod dw10;
mod job;
mod mkd;

use anyhow::{Context, bail};
use args::{BatchArgs, Only, Shard};
use clap::{Args, Subcommand};
use job::{Common, Game, IndexStream, Row};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use tilecrawl::core::fs::StreamedFile;
use tilecrawl::core::index::manifest::{self, Manifest};
use tilecrawl::core::index::merge;
use tilecrawl::rules::RulesetId;

/// Set by Ctrl-C: no new adventure is started; those under way finish.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// When the first Ctrl-C (or SIGTERM) came.
static FIRST_SIGNAL: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// A signal this soon after the first is the same request, not the user's
/// second Ctrl-C: GNU `timeout` sends its SIGTERM to the batch and to its
/// process group, so the batch gets it twice at once.
const SAME_REQUEST_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

/// What a Ctrl-C or SIGTERM does: the first stops starting adventures; a
/// later one, at least [`SAME_REQUEST_WITHIN`] after it, quits at once.
fn on_signal(out: &Path) {
    // The clock only tells two requests apart; no output depends on it.
    let now = std::time::Instant::now();
    let first = *FIRST_SIGNAL.get_or_init(|| now);
    INTERRUPTED.store(true, Ordering::SeqCst);
    if now.duration_since(first) >= SAME_REQUEST_WITHIN {
        quit_now(out);
    }
}

/// Quits at once (exit 130) without a half-written file: once the
/// adventure being written is in place, no other is started, and the
/// temporary files (the index's and any other) are removed.
fn quit_now(out: &Path) -> ! {
    let _held = job::WRITING
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    tilecrawl::core::fs::remove_leftovers(out, 2);
    std::process::exit(130);
}

/// `tilecrawl batch`: a batch, or `batch merge` of shard indexes.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    mut_arg("ruleset", |a| a.help("Rule system: mkd-adventure, dungeon-world-10mm or dd-and-d")),
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
        after_help = "Examples:\n  tilecrawl batch merge s1 s2 s3 --out season\n  cp -r s1/[0-9]* s2/[0-9]* s3/[0-9]* season/   # adventure folders, named by seed, never collide"
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

/// What became of one slot.
enum Outcome {
    /// Kept (and written, unless index-only or already finished).
    Done(Row),
    /// Not started or given up because of Ctrl-C or another slot's error.
    Skipped,
    /// Failed; the batch stops.
    Failed(anyhow::Error),
}

/// Everything a slot needs, shared by all threads.
struct Job<'a> {
    args: &'a BatchArgs,
    /// The game's part: how a seed becomes an adventure and its row.
    game: &'a dyn Game,
    /// What every adventure reads from the options.
    common: Common<'a>,
    /// Set when a slot fails, so the others stop early.
    stop: AtomicBool,
    /// Seeds generated, for the summary.
    tried: AtomicU64,
}

pub fn run(cli: BatchCli) -> anyhow::Result<()> {
    let mut a = match cli.command {
        Some(BatchCommand::Merge(m)) => return merge(m),
        None => cli.batch,
    };
    match (a.given_count, a.given_out.take()) {
        (Some(count), Some(out)) => (a.count, a.out) = (count, out),
        _ => bail_usage!("batch needs --count N and --out DIR (or `batch merge`)"),
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
    let ruleset = a.dungeon.ruleset();
    let columns = args::columns_of(ruleset);
    // `--filter` was read against every game's columns: each must be one
    // of this game's.
    if let Some(c) = a.filters.iter().find(|c| !columns.contains(&c.column)) {
        bail_usage!(
            "--filter {c}: the {ruleset} index has no column {}; its columns are {}",
            c.column,
            columns.help()
        );
    }
    // Filters no adventure can meet would try every seed until
    // `--max-attempts` ran out: refused at once.
    if let Some(on) = tilecrawl::core::index::unmeetable(&a.filters) {
        let list: Vec<String> = on.iter().map(|c| c.to_string()).collect();
        let why = match (list.len(), on[0].column.contains("win_rate")) {
            (1, true) => "a win rate is 0 to 1",
            (1, false) => "the column counts from 0",
            _ => "no value meets them together",
        };
        bail_usage!(
            "--filter {}: no adventure can meet {}: {why}",
            list.join(" --filter "),
            if list.len() == 1 { "it" } else { "these" }
        );
    }
    if a.ddd.any() && ruleset != RulesetId::DdAndD {
        bail_usage!(
            "--scenario, --board, --fair, --locked-doors, --secret-doors, --warparty and --opponent are for --ruleset dd-and-d"
        );
    }
    if a.seed_start.checked_add(a.count - 1).is_none() {
        bail_usage!(
            "--seed-start {} with --count {} runs past the largest seed ({})",
            a.seed_start,
            a.count,
            u64::MAX
        );
    }
    if a.simulate.is_none()
        && let Some(c) = a.filters.iter().find(|c| c.needs_rating())
    {
        bail_usage!(
            "--filter {c}: the column {} comes from playing the adventures; add --simulate N (e.g. --simulate 200)",
            c.column
        );
    }
    let game: Box<dyn Game> = match ruleset {
        RulesetId::DungeonWorld10mm => Box::new(dw10::Dw10Batch::new(&a)?),
        RulesetId::DdAndD => Box::new(ddd::DddBatch::new(&a)?),
        RulesetId::MkdAdventure => Box::new(mkd::MkdBatch::new(&a)?),
    };
    let shard = a.shard.unwrap_or(Shard { index: 1, count: 1 });
    super::outputs::create_out_dir(&a.out)?;
    // One batch at a time in a folder, for the whole run (two `--resume`
    // runs would write the same adventures); what a killed run left is
    // cleaned up.
    let _lock = tilecrawl::core::fs::FolderLock::take(&a.out)?;
    check_out(&a)?;
    let was = if a.resume {
        check_same_batch(&a, shard)?
    } else {
        None
    };
    // A --force run that stopped part-way ([`Manifest::replacing`]) may
    // have left folders of the batch it was writing over: finishing it
    // goes on as --force, and only the adventures its index lists are its
    // own.
    let replacing = a.force || was.as_ref().is_some_and(|n| n.replacing);
    let finished = if a.resume && a.only != Only::Index {
        let mut done = job::finished_seeds(&a.out, game.marker())?;
        if was.as_ref().is_some_and(|n| n.replacing) {
            let listed = listed_seeds_if_any(&a.out, a.only)?;
            done.retain(|s| listed.contains(s));
        }
        done
    } else {
        BTreeSet::new()
    };

    // Slot positions p = 0, 1, … of this shard hold slots k = first + p·step;
    // a shard numbered past --count (an array job of more tasks than
    // adventures) has none.
    let (first, step) = (shard.index - 1, shard.count);
    let positions = Manifest::share(a.count, (shard.index, shard.count));
    let bar = crate::cli::say::progress_bar(positions, "adventures", a.quiet);
    // Ctrl-C once: stop starting adventures; again, a moment later: quit
    // at once.
    let signalled = a.out.clone();
    let _ = ctrlc::set_handler(move || on_signal(&signalled));

    let job = Job {
        args: &a,
        game: game.as_ref(),
        common: Common {
            out: &a.out,
            only: a.only,
            resume: a.resume,
            sync: a.sync,
            force: replacing,
            filters: &a.filters,
            finished,
            played: AtomicU64::new(0),
            fitted: std::sync::Mutex::default(),
        },
        stop: AtomicBool::new(false),
        tried: AtomicU64::new(0),
    };
    // Catch a resume with other options before anything is written.
    if let Some(&seed) = job.common.finished.first() {
        job.game.check_finished(&job.common, seed)?;
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
    let mut index = IndexStream::new(
        &a.out,
        job.game.csv_header(),
        a.seed_start,
        first,
        step,
        positions,
    );
    let mut failure: Option<(u64, anyhow::Error)> = None;
    let mut skipped = 0u64;
    let mut reached = 0u64;
    let mut write_error = None;
    pool.in_place_scope(|scope| {
        for _ in 0..pool.current_num_threads() {
            let (tx, next, job, bar) = (tx.clone(), &next, &job, &bar);
            scope.spawn(move |_| {
                loop {
                    // Stopped (Ctrl-C, a failure): no more positions are
                    // taken, so a batch of any --count ends at once; those
                    // never taken count as skipped below.
                    if INTERRUPTED.load(Ordering::Relaxed) || job.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let start = next.fetch_add(chunk, Ordering::Relaxed);
                    if start >= positions {
                        break;
                    }
                    let done: Vec<(u64, Outcome)> = (start..(start + chunk).min(positions))
                        .map(|p| (p, job.slot(first + p * step)))
                        .collect();
                    bar.inc(done.len() as u64);
                    if job.args.simulate.is_some() {
                        let n = job.common.played.load(Ordering::Relaxed);
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
            reached += 1;
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
    // Positions no worker took, once the batch was stopped.
    skipped += positions - reached;
    let failure = failure.map(|(_, e)| e);
    let written = index.written();
    // After a failure that kept nothing (a bad option, an impossible filter)
    // nothing is written at all.
    if failure.is_none() || written > 0 {
        // A quit at once waits for the index and its note to be in place.
        let _writing = job::WRITING
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        index.finish(a.sync)?;
        // Last, so a note that says finished stands beside a whole index.
        let finished = failure.is_none() && skipped == 0;
        let note = Manifest {
            seed_start: a.seed_start,
            count: a.count,
            shard: (shard.index, shard.count),
            adventures: written,
            finished,
            options: a.recorded_options().into_iter().collect(),
            replacing: replacing && !finished,
        };
        let path = a.out.join(manifest::FILE);
        tilecrawl::core::fs::write_all_atomic_synced(&[(&path, note.to_yaml().as_bytes())], a.sync)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    // With --force, a whole run leaves the folder as a fresh one would: no
    // adventure folder its index does not list. So does the --resume that
    // finishes a --force run stopped part-way.
    if replacing && failure.is_none() && skipped == 0 {
        let listed = listed_seeds(&a.out, a.only)?;
        let left = job::remove_unlisted(&a.out, &listed)?;
        if let Some(first) = left.first()
            && !a.quiet
        {
            warnln!(
                "warning: left {} folder(s) the index does not list, as they hold files tilecrawl does not write (the first: {})",
                left.len(),
                first.display()
            );
        }
    }
    warn_fitted(&job.common, a.quiet);
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
        if a.only == Only::Index {
            outln!(
                "indexed {written} adventure(s){filtered} with no folders of their own (--only index): wrote {}, index.yaml, batch.yaml",
                a.out.join("index.csv").display()
            )?;
        } else {
            // Where the adventures are: a folder each, named by its seed.
            outln!(
                "wrote {written} adventure(s){filtered} to {}/, one folder per seed, and {}, index.yaml, batch.yaml",
                a.out.join("<seed>").display(),
                a.out.join("index.csv").display()
            )?;
        }
    }
    Ok(())
}

impl Job<'_> {
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
            match self.game.adventure(&self.common, seed) {
                Ok(Some(row)) => return Outcome::Done(row),
                Ok(None) => {}
                Err(e) => return self.fail(e),
            }
            if a.filters.is_empty() {
                break;
            }
        }
        let shown: Vec<String> = a.filters.iter().map(ToString::to_string).collect();
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

    fn fail(&self, e: anyhow::Error) -> Outcome {
        self.stop.store(true, Ordering::Relaxed);
        Outcome::Failed(e)
    }
}

/// The seeds of the adventure folders under `out` that its index lists
/// (none with `--only index`, which writes no folder): the index is read a
/// line at a time, and only seeds with a folder are kept.
/// Names the adventures made at less than asked (their maps too large for
/// `--dpi` or `--vtt-grid`), the first few by seed.
fn warn_fitted(c: &Common, quiet: bool) {
    const SHOWN: usize = 5;
    let fitted = c
        .fitted
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if quiet || fitted.is_empty() {
        return;
    }
    let mut list: Vec<String> = fitted
        .iter()
        .take(SHOWN)
        .map(|(seed, notes)| format!("seed {seed}: {}", notes.join(", ")))
        .collect();
    if fitted.len() > SHOWN {
        list.push(format!("and {} more", fitted.len() - SHOWN));
    }
    warnln!(
        "warning: {} adventure(s) have maps too large for the resolution asked, made at the most that fits ({})",
        fitted.len(),
        list.join("; ")
    );
}

fn listed_seeds(out: &Path, only: Only) -> anyhow::Result<BTreeSet<u64>> {
    use std::io::BufRead;
    let mut listed = BTreeSet::new();
    if only == Only::Index {
        return Ok(listed);
    }
    let on_disk: BTreeSet<u64> = std::fs::read_dir(out)
        .with_context(|| format!("cannot read {}", out.display()))?
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u64>().ok())
        .collect();
    if on_disk.is_empty() {
        return Ok(listed);
    }
    let path = out.join("index.csv");
    let f =
        std::fs::File::open(&path).with_context(|| format!("cannot read {}", path.display()))?;
    for line in std::io::BufReader::new(f).lines().skip(1) {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        let seed = line.split(',').next().and_then(|s| s.parse::<u64>().ok());
        if let Some(seed) = seed.filter(|s| on_disk.contains(s)) {
            listed.insert(seed);
        }
    }
    Ok(listed)
}

/// [`listed_seeds`], or none when the folder holds no index (a run killed
/// before it wrote one).
fn listed_seeds_if_any(out: &Path, only: Only) -> anyhow::Result<BTreeSet<u64>> {
    if !out.join("index.csv").is_file() {
        return Ok(BTreeSet::new());
    }
    listed_seeds(out, only)
}

/// `--resume` into a folder whose note ([`manifest::FILE`]) names another
/// share: refused, as finishing it with this command's share would mix two
/// batches in one folder. A folder without a note (a run killed before its
/// first index) passes. The note, if there is one.
fn check_same_batch(a: &BatchArgs, shard: Shard) -> anyhow::Result<Option<Manifest>> {
    let Some(was) = read_note(&a.out)? else {
        // No note: a run killed before its first index, or no batch at all.
        if let Some(other) = not_of_a_batch(&a.out)? {
            bail!(
                "--resume: {} holds no batch to finish (no {}, and {} is not a file `tilecrawl batch` writes); choose another --out folder",
                a.out.display(),
                manifest::FILE,
                other
            );
        }
        return Ok(None);
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
    // A note of an older tilecrawl records no options.
    if was.options.is_empty() {
        return Ok(Some(was));
    }
    let asked_list = a.recorded_options();
    let asked: std::collections::BTreeMap<&String, &String> =
        asked_list.iter().map(|(k, v)| (k, v)).collect();
    // This command's options in order, then any only the note has.
    let keys = asked_list
        .iter()
        .map(|(k, _)| k)
        .chain(was.options.keys().filter(|k| !asked.contains_key(k)));
    for k in keys {
        let (then, now) = (was.options.get(k), asked.get(k).copied());
        if then != now {
            bail!(
                "--resume: {} was made with {} and this command gives {} (its {} records the options that shape the files); run the command that made it with --resume, or start over with --force",
                a.out.display(),
                shown_option(k, then),
                shown_option(k, now),
                manifest::FILE
            );
        }
    }
    Ok(Some(was))
}

/// A recorded option as typed: `--style ink`, `--vtt`, `no --vtt`.
fn shown_option(key: &str, value: Option<&String>) -> String {
    match value.map(String::as_str) {
        None | Some("off") => format!("no --{key}"),
        Some("on") => format!("--{key}"),
        Some(v) => format!("--{key} {v}"),
    }
}

/// The first entry of `dir` (in name order) that a batch does not write:
/// its index files, its lock's leftovers and the adventure folders named
/// by seed. `None` when there is none.
fn not_of_a_batch(dir: &Path) -> anyhow::Result<Option<String>> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let Some(n) = name.to_str() else { return true };
            let ours = match n {
                "index.csv" | "index.yaml" => e.path().is_file(),
                _ if n.starts_with(".tilecrawl-") && n.ends_with(".tmp") => true,
                _ => n.parse::<u64>().is_ok() && e.path().is_dir(),
            };
            !ours
        })
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    Ok(names.into_iter().next())
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

/// `batch merge`: the shards' indexes merged into --out.
fn merge(m: MergeArgs) -> anyhow::Result<()> {
    use std::io::BufReader;
    let open = |dir: &Path, name: &str| -> anyhow::Result<BufReader<std::fs::File>> {
        let path = dir.join(name);
        if !path.is_file() {
            missing_index(dir, name)?;
        }
        let f = std::fs::File::open(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Ok(BufReader::new(f))
    };
    let mut notes = Vec::with_capacity(m.shards.len());
    let mut first_read = Vec::with_capacity(m.shards.len());
    for dir in &m.shards {
        first_read.push(merge::ShardIndex {
            name: dir.display().to_string(),
            csv: open(dir, "index.csv")?,
            yaml: open(dir, "index.yaml")?,
        });
        notes.push((dir.display().to_string(), read_note(dir)?));
    }
    // Every check before anything is made, the folder included: every
    // shard of one batch, each finished, and their indexes read through
    // as the merge will read them.
    let whole = manifest::whole(&notes)?;
    let rows = merge::check(first_read)?;
    if let Some(w) = &whole {
        check_rows_noted(rows, w)?;
    }
    if whole.is_none() && !m.quiet {
        warnln!(
            "warning: no shard has a {} (a batch run by an older tilecrawl?), so merge cannot tell whether a shard is missing or stopped part-way",
            manifest::FILE
        );
    }
    let created = !m.out.exists();
    // Read again for the merge itself.
    let shards = m
        .shards
        .iter()
        .map(|dir| {
            Ok(merge::ShardIndex {
                name: dir.display().to_string(),
                csv: open(dir, "index.csv")?,
                yaml: open(dir, "index.yaml")?,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let result = merge_into(&m, shards, whole);
    // A merge refused after all (a shard changed while it ran, a file that
    // cannot be written) leaves no folder of its own behind.
    if result.is_err() && created {
        let _ = std::fs::remove_dir(&m.out);
    }
    result
}

/// Why a shard's folder has no index file `name`: no such folder, a batch
/// stopped before it wrote its index (adventure folders, but no index), or
/// a folder that is no batch's.
fn missing_index(dir: &Path, name: &str) -> anyhow::Result<()> {
    if !dir.is_dir() {
        bail!(
            "{}: no such folder; expected the --out folder of a `batch --shard I/N` run",
            dir.display()
        );
    }
    let started = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok).any(|e| {
                e.file_name()
                    .to_str()
                    .is_some_and(|n| n.parse::<u64>().is_ok())
                    && e.path().is_dir()
            })
        })
        .unwrap_or(false);
    if started {
        bail!(
            "{}: no {name} there, though it holds adventure folders: the batch there was stopped before it wrote its index; finish it with the same `tilecrawl batch` command and --resume, then merge",
            dir.display()
        );
    }
    bail!(
        "{}: no {name} there; expected the --out folder of a `batch --shard I/N` run",
        dir.display()
    )
}

/// The shards' rows against their notes' count of adventures.
fn check_rows_noted(rows: u64, whole: &Manifest) -> anyhow::Result<()> {
    if whole.adventures != rows {
        bail!(
            "the shards' indexes hold {rows} adventure(s) but their {} files count {}: was an index changed, or copied from another run?",
            manifest::FILE,
            whole.adventures
        );
    }
    Ok(())
}

/// `batch merge` once every check has passed: the folder made and locked,
/// the merged index written.
fn merge_into<C: std::io::BufRead, Y: std::io::BufRead>(
    m: &MergeArgs,
    shards: Vec<merge::ShardIndex<C, Y>>,
    whole: Option<Manifest>,
) -> anyhow::Result<()> {
    super::outputs::create_out_dir(&m.out)?;
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
    let rows = merge::merge(shards, &mut csv, &mut yaml)?;
    if let Some(w) = &whole {
        check_rows_noted(rows, w)?;
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
    fn only_unrated_index_rows_are_handed_over_in_bundles() {
        assert_eq!(positions_per_hand_over(Only::Index, false), 64);
        for only in [Only::Index, Only::Yaml, Only::All] {
            assert_eq!(positions_per_hand_over(only, true), 1, "{only:?} rated");
        }
        assert_eq!(positions_per_hand_over(Only::Yaml, false), 1);
        assert_eq!(positions_per_hand_over(Only::All, false), 1);
    }
}
