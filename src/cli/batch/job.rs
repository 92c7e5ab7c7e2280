//! What every game's part of a batch shares: the options an adventure
//! reads, the row it hands back, the folder it writes, and the index the
//! rows stream into.

use super::args::Only;
use anyhow::{Context, bail};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use tilecrawl::core::fs::StreamedFile;
use tilecrawl::core::index::Condition;
use tilecrawl::export::ExportError;
use tilecrawl::pack::PackOptions;

/// The file that marks an adventure folder as finished (written last).
pub(super) const MARKER: &str = "scenario.yaml";

/// The marker of a multi-floor dungeon's folder (`--floors`).
pub(super) const DUNGEON_MARKER: &str = "dungeon.yaml";

/// One adventure's row of the index, of whichever game the batch makes.
pub(super) enum Row {
    /// An MKD Adventure (or a multi-floor dungeon of it).
    Mkd(tilecrawl::mkd::batch::IndexRow),
    /// A Dungeon World 10 mm scenario.
    Dw10(tilecrawl::dw10::batch::IndexRow),
    /// A Dungeons Dark & Dangerous board.
    Ddd(tilecrawl::ddd::batch::IndexRow),
}

impl Row {
    fn seed(&self) -> u64 {
        match self {
            Row::Mkd(r) => r.seed,
            Row::Dw10(r) => r.seed,
            Row::Ddd(r) => r.seed,
        }
    }

    fn csv_line(&self) -> String {
        match self {
            Row::Mkd(r) => r.csv_line(),
            Row::Dw10(r) => r.csv_line(),
            Row::Ddd(r) => r.csv_line(),
        }
    }

    fn yaml_line(&self) -> String {
        match self {
            Row::Mkd(r) => r.yaml_line(),
            Row::Dw10(r) => r.yaml_line(),
            Row::Ddd(r) => r.yaml_line(),
        }
    }
}

/// What every adventure of a batch reads from its options, whatever the
/// game.
pub(super) struct Common<'a> {
    /// `--out`.
    pub(super) out: &'a Path,
    /// `--only`.
    pub(super) only: Only,
    /// `--resume`.
    pub(super) resume: bool,
    /// `--sync`.
    pub(super) sync: bool,
    /// `--force`.
    pub(super) force: bool,
    /// `--filter`, each on a column of the game's index.
    pub(super) filters: &'a [Condition],
    /// Seeds whose folder was finished before this run (with --resume).
    pub(super) finished: BTreeSet<u64>,
    /// Playthroughs played so far, for the progress bar.
    pub(super) played: AtomicU64,
    /// The adventures made at less than asked, by seed ([`fitting`]).
    pub(super) fitted: std::sync::Mutex<BTreeMap<u64, Vec<String>>>,
}

/// One game's part of a batch: how a seed becomes a kept, written
/// adventure and its index row.
pub(super) trait Game: Sync {
    /// The file whose presence marks an adventure's folder as finished
    /// (written last).
    fn marker(&self) -> &'static str;

    /// The first line of `index.csv`.
    fn csv_header(&self) -> String;

    /// Generates one seed; returns its row if it meets the filters, after
    /// writing its folder (unless index-only or finished before).
    fn adventure(&self, c: &Common, seed: u64) -> anyhow::Result<Option<Row>>;

    /// Is a finished folder what this command makes for its seed? An error
    /// says what differs.
    fn check_finished(&self, c: &Common, seed: u64) -> anyhow::Result<()>;
}

/// The pack options of one adventure (`--only all`): with its rating's
/// `words`, its sheet carries them as `generate --simulate` puts them there.
pub(super) fn rated_options(
    opts: &PackOptions,
    words: Option<String>,
) -> std::borrow::Cow<'_, PackOptions> {
    match words {
        Some(w) => std::borrow::Cow::Owned(PackOptions {
            rating: Some(w),
            ..opts.clone()
        }),
        None => std::borrow::Cow::Borrowed(opts),
    }
}

/// Makes an adventure's files with `make`; a map too large for `--dpi` or
/// `--vtt-grid` is made at the most that fits, and noted under its seed in
/// [`Common::fitted`]. `generate` refuses such a map; in a batch one large
/// map should not stop a season. The size checks come before any drawing,
/// so a retry costs nothing.
pub(super) fn fitting<T>(
    c: &Common,
    seed: u64,
    opts: &PackOptions,
    make: impl Fn(&PackOptions) -> Result<T, ExportError>,
) -> Result<T, ExportError> {
    let mut opts = std::borrow::Cow::Borrowed(opts);
    let mut notes = Vec::new();
    loop {
        match make(&opts) {
            Err(ExportError::TooLarge { dpi, fits_dpi, .. }) if (1..dpi).contains(&fits_dpi) => {
                notes.push(format!("its PNG maps at {fits_dpi} dpi, not {dpi}"));
                opts.to_mut().map.dpi = fits_dpi;
            }
            Err(ExportError::VttTooLarge {
                pixels_per_grid,
                fits: Some(fits),
                ..
            }) if fits < pixels_per_grid => {
                notes.push(format!(
                    "its VTT image at {fits} px a square, not {pixels_per_grid}"
                ));
                if let Some(v) = &mut opts.to_mut().vtt {
                    v.pixels_per_grid = fits;
                }
            }
            made => {
                if made.is_ok() && !notes.is_empty() {
                    c.fitted
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .insert(seed, notes);
                }
                return made;
            }
        }
    }
}

/// Held (shared) while an adventure's files are written: a batch quitting
/// at once takes it whole, so no temporary file is being made while it
/// removes them.
pub(super) static WRITING: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Writes one adventure's files, in order, each to a temporary name first;
/// the renames happen only when all are written.
pub(super) fn write_adventure<N: AsRef<str>>(
    dir: &Path,
    files: &[(N, Vec<u8>)],
    c: &Common,
) -> anyhow::Result<()> {
    let (resume, sync) = (c.resume, c.sync);
    let _writing = WRITING
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
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
    // With --force, what an earlier run wrote there and this one does not
    // (another --vtt's files, an earlier --print's PDFs) goes, as
    // `generate --force` removes it.
    let stale = if c.force {
        let named: Vec<(&str, &[u8])> = files
            .iter()
            .map(|(n, b)| (n.as_ref(), b.as_slice()))
            .collect();
        crate::cli::outputs::stale_files(dir, &named)
    } else {
        Vec::new()
    };
    tilecrawl::core::fs::write_all_atomic_synced(&list, sync)
        .with_context(|| format!("cannot write into {}", dir.display()))?;
    crate::cli::outputs::remove_stale(dir, &stale)
}

/// With --force, once the batch is done: the adventure folders under `out`
/// that its index does not list (a larger --count before, an --only index
/// run now), removed when they hold only files tilecrawl writes. Returns
/// those left because they hold something else, in seed order.
pub(super) fn remove_unlisted(out: &Path, listed: &BTreeSet<u64>) -> anyhow::Result<Vec<PathBuf>> {
    let mut left = Vec::new();
    let mut stale: Vec<(u64, PathBuf)> = std::fs::read_dir(out)
        .with_context(|| format!("cannot read {}", out.display()))?
        .filter_map(|e| {
            let e = e.ok()?;
            let seed = e.file_name().to_str()?.parse::<u64>().ok()?;
            (e.file_type().ok()?.is_dir() && !listed.contains(&seed)).then(|| (seed, e.path()))
        })
        .collect();
    stale.sort();
    for (_, dir) in stale {
        if crate::cli::outputs::holds_only_adventure_files(&dir) {
            std::fs::remove_dir_all(&dir)
                .with_context(|| format!("cannot remove the stale folder {}", dir.display()))?;
        } else {
            left.push(dir);
        }
    }
    Ok(left)
}

/// The names of an adventure's export files that depend only on the
/// options, which a batch learns from its first adventure: all but the
/// Universal VTT file and its image, named after their seed.
pub(super) fn option_names(files: &[(String, Vec<u8>)]) -> Vec<String> {
    files
        .iter()
        .map(|(n, _)| n.clone())
        .filter(|n| !tilecrawl::export::uvtt::is_file_name(n))
        .collect()
}

/// With --resume: does a finished folder hold every file this run writes
/// (`names` and the `marker`), with the same marker file (`yaml`)? A
/// scenario made with other options is an error rather than a silently
/// mixed batch.
pub(super) fn already_written(
    dir: &Path,
    names: &[&str],
    marker: &str,
    yaml: &[u8],
) -> anyhow::Result<bool> {
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

/// Seeds whose folder under `out` holds the `marker` file.
pub(super) fn finished_seeds(out: &Path, marker: &str) -> anyhow::Result<BTreeSet<u64>> {
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

/// index.csv and index.yaml, written a row at a time in seed order as the
/// slots finish, under temporary names until [`IndexStream::finish`].
pub(super) struct IndexStream<'a> {
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
    pending: BTreeMap<u64, Row>,
    /// The temporary files, made with the first row.
    files: Option<(StreamedFile, StreamedFile)>,
    written: u64,
    /// The first line of `index.csv` (the game's columns, with the
    /// rating's under `--simulate`).
    header: String,
}

impl<'a> IndexStream<'a> {
    pub(super) fn new(
        out: &'a Path,
        header: String,
        seed_start: u64,
        first: u64,
        step: u64,
        positions: u64,
    ) -> Self {
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
            header,
        }
    }

    /// Rows written so far.
    pub(super) fn written(&self) -> u64 {
        self.written
    }

    /// Position `p` finished, with its row if it kept one; writes every row
    /// no unfinished slot can come before.
    pub(super) fn arrived(&mut self, p: u64, row: Option<Row>) -> anyhow::Result<()> {
        if let Some(r) = row {
            self.pending.insert(r.seed(), r);
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

    fn write(&mut self, row: &Row) -> anyhow::Result<()> {
        let out = self.out;
        let context = || format!("cannot write the index into {}", out.display());
        if self.files.is_none() {
            std::fs::create_dir_all(out)
                .with_context(|| format!("cannot create folder {}", out.display()))?;
            let mut csv = StreamedFile::create(&out.join("index.csv")).with_context(context)?;
            csv.write(self.header.as_bytes())
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
    pub(super) fn finish(mut self, sync: bool) -> anyhow::Result<()> {
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
                let csv = format!("{}\n", self.header);
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

#[cfg(test)]
mod tests {
    use super::*;
    use tilecrawl::export::uvtt::VttOptions;

    fn common(out: &Path) -> Common<'_> {
        Common {
            out,
            only: Only::All,
            resume: false,
            sync: false,
            force: false,
            filters: &[],
            finished: BTreeSet::new(),
            played: AtomicU64::new(0),
            fitted: std::sync::Mutex::default(),
        }
    }

    /// What `make` says of a map 42 squares and 8,000 pixels-at-1-dpi wide:
    /// too large above 390 px a square or 600 dpi.
    fn make(o: &PackOptions) -> Result<(u32, u32), ExportError> {
        let ppg = o.vtt.map_or(0, |v| v.pixels_per_grid);
        if o.map.dpi > 600 {
            return Err(ExportError::TooLarge {
                width: 40_000,
                height: 100,
                dpi: o.map.dpi,
                fits_dpi: 600,
                print: false,
            });
        }
        if ppg > 390 {
            return Err(ExportError::VttTooLarge {
                columns: 42,
                rows: 28,
                width: 42 * u64::from(ppg),
                height: 28 * u64::from(ppg),
                pixels_per_grid: ppg,
                fits: Some(390),
            });
        }
        Ok((o.map.dpi, ppg))
    }

    fn options(dpi: u32, ppg: u32) -> PackOptions {
        let mut o = PackOptions::default();
        o.map.dpi = dpi;
        o.vtt = Some(VttOptions {
            pixels_per_grid: ppg,
        });
        o
    }

    #[test]
    fn a_map_too_large_for_the_resolution_asked_is_made_at_the_most_that_fits_and_noted() {
        let out = PathBuf::from("unused");
        let c = common(&out);
        assert_eq!(
            fitting(&c, 7, &options(150, 100), make).unwrap(),
            (150, 100)
        );
        assert!(
            c.fitted.lock().unwrap().is_empty(),
            "a map that fits is not noted"
        );
        assert_eq!(
            fitting(&c, 9, &options(800, 400), make).unwrap(),
            (600, 390)
        );
        let fitted = c.fitted.lock().unwrap();
        assert_eq!(
            fitted.get(&9).map(Vec::as_slice),
            Some(
                &[
                    "its PNG maps at 600 dpi, not 800".to_string(),
                    "its VTT image at 390 px a square, not 400".to_string()
                ][..]
            )
        );
    }

    #[test]
    fn a_map_too_large_at_any_resolution_is_still_refused() {
        let out = PathBuf::from("unused");
        let c = common(&out);
        let never = |_: &PackOptions| -> Result<(), ExportError> {
            Err(ExportError::VttTooLarge {
                columns: 900,
                rows: 9,
                width: 18_000,
                height: 180,
                pixels_per_grid: 20,
                fits: None,
            })
        };
        assert!(matches!(
            fitting(&c, 3, &options(150, 20), never),
            Err(ExportError::VttTooLarge { fits: None, .. })
        ));
        assert!(c.fitted.lock().unwrap().is_empty());
    }
}
