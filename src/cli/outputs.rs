//! What `generate` and `render` write, and the options they share.

use anyhow::Context;
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use tilecrawl::export::paper::{
    MAX_MARGIN_MM, MIN_MARGIN_MM, Paper, PrintOptions, SHEET_ROOM_MM, parse_length_mm,
};
use tilecrawl::export::uvtt::{DEFAULT_PIXELS_PER_GRID, PIXELS_PER_GRID, VttOptions};
use tilecrawl::export::{self, MapOptions};
use tilecrawl::pack::PackOptions;

#[derive(Debug, Clone, Copy, ValueEnum)]
enum PngCompressionArg {
    /// fdeflate: quick, larger files.
    Fast,
    /// zlib level 2: smaller files.
    Best,
}

/// map.png's resolution when `--dpi` is not given.
const DEFAULT_DPI: u32 = 150;

/// Map and print options shared by `generate` and `render`.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Resolution of map.png, in dots per inch (stored in the file).
    /// Default: 150. A map over 30000 pixels a side at it is refused; in a
    /// batch it is made at the most that fits, with a warning.
    // `Option`, with the default applied in `map_options`, so that a
    // command that makes no maps can tell `--dpi 150` from nothing.
    #[arg(long, value_name = "DPI", value_parser = crate::cli::usage::whole::<u32>(10, 1200))]
    dpi: Option<u32>,
    /// How map.png is compressed: `fast` (fdeflate), or `best` (zlib) for
    /// files up to five times smaller in several times the encoding time.
    /// Default: fast.
    #[arg(long, value_enum, value_name = "SPEED")]
    png_compression: Option<PngCompressionArg>,
    /// Map style: `color`, `ink` (black on white for a home printer) or a
    /// style YAML file. Default: color.
    #[arg(long, value_name = "NAME|FILE", value_parser = super::shell::style_parser(),
          hide_possible_values = true)]
    style: Option<PathBuf>,
    /// Printed size of one square (`1in`, `25mm`, `1.5in`). Default: the tile set's.
    #[arg(long, value_name = "LENGTH", allow_hyphen_values = true)]
    square: Option<String>,
    /// Also write map.pdf (an overview, then the map at 100% cut into pages)
    /// and setup.pdf, on this paper: letter, a4, a3, legal, tabloid (any
    /// case), or WIDTHxHEIGHT with a unit (210x297mm, 11x17in).
    #[arg(long, value_name = "PAPER", value_parser = super::shell::paper_parser(),
          hide_possible_values = true)]
    print: Option<Paper>,
    /// Unprinted border of each PDF page, in mm (6 to 50, but at most 45 on
    /// A4 and 47 on Letter, which leave the setup sheet 120 mm across;
    /// default 8; needs --print).
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    margin: Option<f64>,
    /// How much neighbouring PDF pages repeat of each other, in mm (0 to 50;
    /// default 10; needs --print).
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    overlap: Option<f64>,
    /// Also write cutouts.pdf: every tile at true scale to cut out, a chamber
    /// to a page, the hallways that fit several to a page (needs --print).
    #[arg(long)]
    cutouts: bool,
    /// Also write the Universal VTT file, RULESET-seed-SEED.dd2vtt (the map
    /// with its walls, for Foundry, Fantasy Grounds, MapTool, Owlbear,
    /// Roll20), and its image alone, RULESET-seed-SEED.png; one of each per
    /// floor (-floor-N added).
    #[arg(long)]
    vtt: bool,
    /// Also write gm-map.svg and gm-map.png, the game master's map: the
    /// players' map with what it leaves off (secret doors; Dungeon World
    /// 10 mm's chest numbers). Not for the MKD Adventure, whose map hides nothing.
    #[arg(long)]
    gm_map: bool,
    /// Pixels per square of the VTT image (20 to 400, at most 16384 pixels
    /// a side; default 100; needs --vtt). A larger image is refused; in a
    /// batch it is made at the most that fits, with a warning.
    #[arg(long, value_name = "PX",
          value_parser = crate::cli::usage::whole::<u32>(u64::from(PIXELS_PER_GRID.0), u64::from(PIXELS_PER_GRID.1)))]
    vtt_grid: Option<u32>,
}

/// The parser of `--out DIR` ([`parse_out_dir`]), taking any name the
/// system allows, UTF-8 or not, as the other path arguments do.
pub(crate) fn out_dir() -> impl clap::builder::TypedValueParser<Value = PathBuf> {
    use clap::builder::TypedValueParser as _;
    clap::builder::OsStringValueParser::new().try_map(|s| parse_out_dir(&s))
}

/// `--out DIR`: a folder; `-` (standard output) cannot hold several files,
/// and an empty name is no folder (it would write into the current one).
pub(crate) fn parse_out_dir(s: &std::ffi::OsStr) -> Result<PathBuf, String> {
    if s.is_empty() {
        return Err("expected a folder name, got an empty one".into());
    }
    if s == "-" {
        return Err(
            "the output is a folder of several files, not standard output; give a folder name (--out ./- if you mean a folder called -)".into(),
        );
    }
    Ok(PathBuf::from(s))
}

/// Is this file argument `-`, standard input?
pub(crate) fn is_stdin(p: &Path) -> bool {
    p.as_os_str() == "-"
}

/// How every message names standard input: errors and success lines alike.
pub(crate) const STDIN_NAME: &str = "<stdin>";

/// A file argument as messages name it: [`STDIN_NAME`] for `-`, else the path.
pub(crate) fn shown(p: &Path) -> String {
    if is_stdin(p) {
        STDIN_NAME.to_string()
    } else {
        p.display().to_string()
    }
}

/// Is this `--out FILE` `-`, standard output? (Only where the output is
/// one file: a folder's `--out` refuses `-`, see [`parse_out_dir`].)
pub(crate) fn is_stdout(p: &Path) -> bool {
    p.as_os_str() == "-"
}

/// The game a scenario file names in its `ruleset:`, read once so `play`
/// and `simulate` can hand the file to the right engine. `None` for
/// standard input and for a file that names none: the engine's own
/// reading then reports what is wrong with it. A file that cannot be read
/// is refused here, before any option is checked against its game (a
/// missing file is not bad usage of an option).
pub(crate) fn scenario_ruleset(
    path: &Path,
    command: &str,
) -> anyhow::Result<Option<tilecrawl::scenario::RulesetId>> {
    if is_stdin(path) {
        return Ok(None);
    }
    refuse_folder(path, command, &["scenario.yaml", "dungeon.yaml"])?;
    let max = tilecrawl::scenario::MAX_SCENARIO_BYTES;
    match tilecrawl::core::fs::read_limited(path, max) {
        Ok(text) => Ok(ruleset_of_text(&text, &path.display().to_string())),
        Err(e) => anyhow::bail!("{}: {}", path.display(), e.describe("a scenario", max)),
    }
}

/// A scenario argument that names the folder `generate` wrote
/// (`tilecrawl render output/7`) rather than the file in it: refused with
/// the command that names the first of `files` the folder holds. A folder
/// holding none of them is left to the read, whose error says it is a
/// folder.
pub(crate) fn refuse_folder(path: &Path, command: &str, files: &[&str]) -> anyhow::Result<()> {
    if !path.is_dir() {
        return Ok(());
    }
    if let Some(file) = files.iter().map(|f| path.join(f)).find(|f| f.is_file()) {
        anyhow::bail!(
            "{}: is a folder, not a scenario file; give the file in it: tilecrawl {command} {}",
            path.display(),
            super::say::shell_quote(&file.display().to_string())
        );
    }
    Ok(())
}

/// [`scenario_ruleset`] of a scenario's text read already (standard
/// input), named `file`: `None` when it names none or an unknown one.
pub(crate) fn ruleset_of_text(text: &str, file: &str) -> Option<tilecrawl::scenario::RulesetId> {
    tilecrawl::scenario::read_ruleset(text, file).ok().flatten()
}

/// Reads standard input as UTF-8 text of at most `max` bytes; `what` names
/// the kind of file in the error (`a scenario`).
pub(crate) fn read_stdin(what: &str, max: u64) -> anyhow::Result<String> {
    tilecrawl::core::fs::read_limited_from(std::io::stdin().lock(), max)
        .map_err(|e| anyhow::anyhow!("{STDIN_NAME}: {}", e.describe(what, max)))
}

impl OutputArgs {
    /// The map and print options given, by name (`--print`, `--dpi` …),
    /// even at their default values: for a command that makes no maps and
    /// refuses them.
    pub(crate) fn given(&self) -> Vec<&'static str> {
        let mut given = Vec::new();
        let mut note = |on: bool, name: &'static str| {
            if on {
                given.push(name);
            }
        };
        note(self.dpi.is_some(), "--dpi");
        note(self.png_compression.is_some(), "--png-compression");
        note(self.style.is_some(), "--style");
        note(self.square.is_some(), "--square");
        note(self.print.is_some(), "--print");
        note(self.margin.is_some(), "--margin");
        note(self.overlap.is_some(), "--overlap");
        note(self.cutouts, "--cutouts");
        note(self.vtt, "--vtt");
        note(self.gm_map, "--gm-map");
        note(self.vtt_grid.is_some(), "--vtt-grid");
        given
    }

    /// The map and print options as a batch records them in its note
    /// (`--resume` refuses other ones): each by its flag's name, with the
    /// value it takes, defaults included; a switch is `on` or `off`.
    pub(crate) fn recorded(&self) -> Vec<(&'static str, String)> {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        let mut v = vec![
            ("dpi", self.dpi.unwrap_or(DEFAULT_DPI).to_string()),
            (
                "png-compression",
                match self.png_compression {
                    Some(PngCompressionArg::Best) => "best",
                    _ => "fast",
                }
                .to_string(),
            ),
            (
                "style",
                match &self.style {
                    None => "color".to_string(),
                    Some(p) if p.to_str().and_then(export::style::builtin).is_some() => {
                        p.display().to_string()
                    }
                    Some(p) => recorded_file(p),
                },
            ),
            (
                "square",
                self.square.clone().unwrap_or_else(|| "off".to_string()),
            ),
            ("print", self.print.map_or("off".to_string(), |p| p.name())),
            ("cutouts", on(self.cutouts)),
            ("vtt", on(self.vtt)),
            ("gm-map", on(self.gm_map)),
        ];
        if self.print.is_some() {
            v.push((
                "margin",
                self.margin.unwrap_or(DEFAULT_MARGIN_MM).to_string(),
            ));
            v.push((
                "overlap",
                self.overlap.unwrap_or(DEFAULT_OVERLAP_MM).to_string(),
            ));
        }
        if self.vtt {
            v.push((
                "vtt-grid",
                self.vtt_grid.unwrap_or(DEFAULT_PIXELS_PER_GRID).to_string(),
            ));
        }
        v
    }

    fn map_options(&self) -> anyhow::Result<MapOptions> {
        let style = export::style::load(self.style.as_deref().unwrap_or(Path::new("color")))?;
        let square_mm = match &self.square {
            None => None,
            Some(s) => {
                let mm = parse_length_mm(s).map_err(|e| usage!("--square {e}"))?;
                if !(5.0..=100.0).contains(&mm) {
                    bail_usage!("--square {s}: a square must print between 5 and 100 mm");
                }
                Some(mm)
            }
        };
        Ok(MapOptions {
            dpi: self.dpi.unwrap_or(DEFAULT_DPI),
            style,
            square_mm,
            ..MapOptions::default()
        })
    }

    fn print_options(&self) -> anyhow::Result<Option<PrintOptions>> {
        let Some(paper) = self.print else {
            for (flag, given) in [
                ("--cutouts", self.cutouts),
                ("--margin", self.margin.is_some()),
                ("--overlap", self.overlap.is_some()),
            ] {
                if given {
                    bail_usage!("{flag} needs a paper size: add --print letter or --print a4");
                }
            }
            return Ok(None);
        };
        let margin = self.margin.unwrap_or(DEFAULT_MARGIN_MM);
        let overlap = self.overlap.unwrap_or(DEFAULT_OVERLAP_MM);
        if !margin.is_finite() || !(MIN_MARGIN_MM..=MAX_MARGIN_MM).contains(&margin) {
            bail_usage!(
                "--margin {margin}: expected {MIN_MARGIN_MM} to {MAX_MARGIN_MM} mm (home printers cannot print nearer the edge than {MIN_MARGIN_MM} mm)"
            );
        }
        let widest = paper.max_margin_mm();
        // (A paper too narrow for the sheet at any margin is refused by the sheet.)
        if margin > widest && widest >= MIN_MARGIN_MM {
            bail_usage!(
                "--margin {margin}: at most {widest} mm on {} paper, which leaves the setup sheet {SHEET_ROOM_MM} mm across",
                paper.label()
            );
        }
        if !overlap.is_finite() || !(0.0..=50.0).contains(&overlap) {
            bail_usage!("--overlap {overlap}: expected 0 to 50 mm");
        }
        Ok(Some(PrintOptions {
            paper,
            margin_mm: margin,
            overlap_mm: overlap,
        }))
    }

    /// The options, checked once: what every adventure of the command is
    /// exported with.
    pub fn options(&self) -> anyhow::Result<PackOptions> {
        Ok(PackOptions {
            map: self.map_options()?,
            png: match self.png_compression.unwrap_or(PngCompressionArg::Fast) {
                PngCompressionArg::Fast => export::PngCompression::Fast,
                PngCompressionArg::Best => export::PngCompression::Best,
            },
            print: self.print_options()?,
            cutouts: self.cutouts,
            vtt: self.vtt_options()?,
            rating: None,
            gm_map: self.gm_map,
        })
    }

    /// `--vtt` with its `--vtt-grid`; `--vtt-grid` alone would do nothing.
    fn vtt_options(&self) -> anyhow::Result<Option<VttOptions>> {
        if !self.vtt {
            if let Some(px) = self.vtt_grid {
                bail_usage!(
                    "--vtt-grid {px} sets the image of the .dd2vtt file, which only --vtt writes: add --vtt"
                );
            }
            return Ok(None);
        }
        Ok(Some(VttOptions {
            pixels_per_grid: self.vtt_grid.unwrap_or(DEFAULT_PIXELS_PER_GRID),
        }))
    }

    /// [`Self::options`] for an MKD Adventure: `--gm-map` is refused, as
    /// its map hides nothing (doors are laid during play, chests are open
    /// to see).
    pub fn mkd_options(&self) -> anyhow::Result<PackOptions> {
        self.mkd_options_where("it is for dungeon-world-10mm and dd-and-d")
    }

    /// [`Self::mkd_options`] for an MKD campaign, whose refusal of
    /// `--gm-map` names the one kind of campaign that has one.
    pub fn mkd_campaign_options(&self) -> anyhow::Result<PackOptions> {
        self.mkd_options_where("it is for a Dungeon World 10 mm campaign")
    }

    /// [`Self::mkd_options`], the refusal of `--gm-map` ending with `elsewhere`.
    fn mkd_options_where(&self, elsewhere: &str) -> anyhow::Result<PackOptions> {
        if self.gm_map {
            bail_usage!(
                "--gm-map: an MKD Adventure's map hides nothing from the players (its doors are laid during play), so there is no game master's map; {elsewhere}"
            );
        }
        self.options()
    }
}

/// The files of an adventure's folder that tilecrawl writes besides the
/// scenario: the maps, sheets, PDFs and the VTT file of earlier versions
/// (`map.dd2vtt`). The VTT files named by seed are known by their form
/// ([`tilecrawl::export::uvtt::is_file_name`]).
const EXPORT_NAMES: [&str; 9] = [
    "map.svg",
    "map.png",
    "setup.md",
    "gm-map.svg",
    "gm-map.png",
    "map.pdf",
    "setup.pdf",
    "cutouts.pdf",
    "map.dd2vtt",
];

/// `--margin` when not given, in mm.
const DEFAULT_MARGIN_MM: f64 = 8.0;
/// `--overlap` when not given, in mm.
const DEFAULT_OVERLAP_MM: f64 = 10.0;

/// Files tilecrawl wrote into `dir` earlier that the new set `files` does
/// not replace: a `map.pdf` of an earlier `--print`, the floors of an earlier
/// multi-floor dungeon. Scenario and dungeon files count only when the new
/// set writes one (so `render`, which writes the maps alone, keeps them);
/// nothing else in the folder (a save, your notes) is touched.
pub(crate) fn stale_files(dir: &Path, files: &[(&str, &[u8])]) -> Vec<PathBuf> {
    let written: std::collections::BTreeSet<&str> = files.iter().map(|(n, _)| *n).collect();
    let whole = written.contains("scenario.yaml") || written.contains("dungeon.yaml");
    let mut folders = vec![String::new()];
    folders.extend((1..=tilecrawl::mkd::floors::MAX_FLOORS).map(|n| format!("floor-{n}/")));
    let mut stale = Vec::new();
    for folder in &folders {
        let mut names: Vec<&str> = EXPORT_NAMES.to_vec();
        if whole {
            names.push("scenario.yaml");
            if folder.is_empty() {
                names.push("dungeon.yaml");
            }
        }
        let mut names: Vec<String> = names.into_iter().map(String::from).collect();
        // The VTT files of another seed, floor or game (in name order).
        let mut vtt: Vec<String> = std::fs::read_dir(dir.join(folder))
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| tilecrawl::export::uvtt::is_file_name(n))
            .collect();
        vtt.sort();
        names.extend(vtt);
        for name in names {
            let rel = format!("{folder}{name}");
            let path = dir.join(&rel);
            if !written.contains(rel.as_str()) && path.is_file() {
                stale.push(path);
            }
        }
    }
    stale
}

/// The saved games a campaign's `play` command leaves in an adventure's
/// folder (`game.save`; Dungeon World 10 mm's `game-1.save`, `game-2.save`
/// …), in name order. An adventure made again in that folder (`campaign
/// next --force`) must not be settled from a game played on the one it
/// replaces, so `next` refuses them without `--force` and removes them
/// with it.
pub(crate) fn campaign_saves(dir: &Path) -> Vec<PathBuf> {
    let is_save = |n: &str| {
        n == "game.save"
            || n.strip_prefix("game-")
                .and_then(|n| n.strip_suffix(".save"))
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut saves: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().into_string().ok()?;
            (is_save(&name) && e.file_type().ok()?.is_file()).then(|| e.path())
        })
        .collect();
    saves.sort();
    saves
}

/// ` and a game played on it (game.save)` when an adventure's folder holds saves
/// (for a refusal that names what `--force` removes).
pub(crate) fn saved_words(saves: &[PathBuf]) -> String {
    if saves.is_empty() {
        return String::new();
    }
    let names: Vec<String> = saves
        .iter()
        .filter_map(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .collect();
    format!(" and a game played on it ({})", names.join(", "))
}

/// Removes the saves [`campaign_saves`] found, once the adventure that
/// replaces theirs is written.
pub(crate) fn remove_campaign_saves(saves: &[PathBuf]) -> anyhow::Result<()> {
    for s in saves {
        std::fs::remove_file(s).with_context(|| {
            format!(
                "cannot remove {}, a game played on the adventure this one replaces",
                s.display()
            )
        })?;
    }
    Ok(())
}

/// Creates the `--out` folder `dir` and the folders above it. A file in
/// the way (`--out notes.txt`, or `--out notes.txt/7`) is named as such,
/// where the system's words were `File exists` or `Not a directory`.
pub(crate) fn create_out_dir(dir: &Path) -> anyhow::Result<()> {
    if let Err(e) = std::fs::create_dir_all(dir) {
        let file = dir
            .ancestors()
            .filter(|a| !a.as_os_str().is_empty())
            .find(|a| a.exists() && !a.is_dir());
        if let Some(file) = file {
            anyhow::bail!(
                "cannot create folder {}: {} is a file, not a folder; choose another --out folder",
                dir.display(),
                file.display()
            );
        }
        return Err(
            anyhow::Error::new(e).context(format!("cannot create folder {}", dir.display()))
        );
    }
    Ok(())
}

/// Refuses, unless `force`, when a file of `names` is in `dir` already:
/// the one refusal [`write_outputs`] makes, which a command also makes
/// before work that comes ahead of its files (a `--simulate` rating), so a
/// file already there is said at once, not after the games.
pub(crate) fn refuse_existing<'a>(
    dir: &Path,
    names: impl IntoIterator<Item = &'a str>,
    force: bool,
) -> anyhow::Result<()> {
    if force {
        return Ok(());
    }
    for name in names {
        let p = dir.join(name);
        if p.exists() {
            anyhow::bail!(
                "{} already exists; pass --force to replace it, or choose another --out folder",
                p.display()
            );
        }
    }
    Ok(())
}

/// Writes the named files into `dir` (created if needed): all are written to
/// temporary names first, then renamed, so a failure changes none of them.
/// Refuses to replace existing files unless `force`; with `force`, files an
/// earlier run wrote there that this set does not replace are removed once
/// the new ones are in place, so no stale map of another seed stays behind.
pub(crate) fn write_outputs(
    dir: &Path,
    files: &[(&str, &[u8])],
    force: bool,
) -> anyhow::Result<()> {
    create_out_dir(dir)?;
    // One writer per folder: a second run into it now is refused, and the
    // check for files already there holds until ours are in place.
    let _lock = tilecrawl::core::fs::FolderLock::take(dir)?;
    refuse_existing(dir, files.iter().map(|(n, _)| *n), force)?;
    let paths: Vec<PathBuf> = files.iter().map(|(name, _)| dir.join(name)).collect();
    // Names may hold a sub-folder (`floor-2/map.svg`).
    for p in &paths {
        if let Some(parent) = p.parent()
            && parent != dir
        {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create folder {}", parent.display()))?;
        }
    }
    let batch: Vec<(&Path, &[u8])> = paths
        .iter()
        .map(|p| p.as_path())
        .zip(files.iter().map(|(_, b)| *b))
        .collect();
    let stale = if force {
        stale_files(dir, files)
    } else {
        Vec::new()
    };
    tilecrawl::core::fs::write_all_atomic(&batch)
        .with_context(|| format!("cannot write into {}", dir.display()))?;
    remove_stale(dir, &stale)
}

/// Removes the files [`stale_files`] found in `dir`, once the new ones are
/// in place, and a floor folder they leave empty.
pub(crate) fn remove_stale(dir: &Path, stale: &[PathBuf]) -> anyhow::Result<()> {
    for path in stale {
        std::fs::remove_file(path)
            .with_context(|| format!("cannot remove the stale file {}", path.display()))?;
        // A floor folder left empty goes too (it fails harmlessly if not empty).
        if let Some(parent) = path.parent()
            && parent != dir
        {
            let _ = std::fs::remove_dir(parent);
        }
    }
    Ok(())
}

/// Does the adventure folder `dir` hold only files tilecrawl writes there
/// (a scenario, a dungeon, the maps, sheets, PDFs and VTT files, its floor
/// folders of the same, temporary files of a killed run)? Only such a
/// folder may be removed as stale: anything else in it is someone's.
pub(crate) fn holds_only_adventure_files(dir: &Path) -> bool {
    fn only_ours(dir: &Path, floors: bool) -> bool {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return false;
        };
        entries.into_iter().all(|e| {
            let Ok(e) = e else { return false };
            let Ok(kind) = e.file_type() else {
                return false;
            };
            let Some(name) = e.file_name().to_str().map(str::to_string) else {
                return false;
            };
            if kind.is_dir() {
                return floors
                    && name
                        .strip_prefix("floor-")
                        .is_some_and(|n| n.parse::<u32>().is_ok())
                    && only_ours(&e.path(), false);
            }
            kind.is_file()
                && (EXPORT_NAMES.contains(&name.as_str())
                    || ["scenario.yaml", "dungeon.yaml"].contains(&name.as_str())
                    || tilecrawl::export::uvtt::is_file_name(&name)
                    || (name.starts_with(".tilecrawl-") && name.ends_with(".tmp")))
        })
    }
    only_ours(dir, true)
}

/// The names of written files, for the summary line.
pub(crate) fn listing(dir: &Path, files: &[(&str, &[u8])]) -> String {
    files
        .iter()
        .map(|(n, _)| dir.join(n).display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A file an option names, as a batch's note records it: the path as typed
/// and a digest of what the file holds, so a `--resume` after the file was
/// edited is refused instead of finishing the batch with other contents.
/// The path alone when the file cannot be read (the run has read it
/// already, so only a file changed or removed since gets here).
pub(crate) fn recorded_file(path: &Path) -> String {
    // The largest file any such option takes (a style, 1 MiB).
    const LIMIT: u64 = 1024 * 1024;
    match tilecrawl::core::fs::read_limited(path, LIMIT) {
        Ok(text) => format!(
            "{} ({})",
            path.display(),
            tilecrawl::core::digest::digest(text.as_bytes())
        ),
        Err(_) => path.display().to_string(),
    }
}
