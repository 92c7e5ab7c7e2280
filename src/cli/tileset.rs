//! `tilecrawl tileset`.

use clap::Subcommand;
use std::io::Write;
use std::path::PathBuf;
use tilecrawl::tileset::{self, TileKind, TileSet};

/// Tile-set commands.
#[derive(Debug, Subcommand)]
pub enum TilesetCommand {
    /// Validate a tile set and print its tiles as ASCII (default: the embedded set).
    #[command(after_help = "Example:\n  tilecrawl tileset check my-tiles.yaml")]
    Check {
        /// Tile-set YAML file, `mkd-builder`, or `-` for standard input.
        #[arg(default_value = tileset::DEFAULT_TILESET_NAME)]
        file: PathBuf,
        /// Print one JSON object (name, counts, square size) instead of the tiles.
        #[arg(long)]
        json: bool,
        /// Print nothing on success: the exit status says whether the file
        /// makes at least one set (errors still print).
        #[arg(long, short)]
        quiet: bool,
    },
    /// Print an embedded tile set, `mkd-builder` or `pendraken-10mm` (a starting point for your own).
    #[command(
        after_help = "Examples:\n  tilecrawl tileset default > my-tiles.yaml\n  tilecrawl tileset default pendraken-10mm > my-pendraken.yaml"
    )]
    Default {
        /// Which embedded set.
        #[arg(
            default_value = tileset::DEFAULT_TILESET_NAME,
            value_parser = [tileset::DEFAULT_TILESET_NAME, tileset::PENDRAKEN_TILESET_NAME]
        )]
        name: String,
        /// Accepted as on every command; the tile set printed is the output,
        /// so it is printed all the same.
        #[arg(long, short)]
        quiet: bool,
    },
}

pub fn run(c: TilesetCommand) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match c {
        TilesetCommand::Check { file, json, quiet } => {
            let ts = if super::outputs::is_stdin(&file) {
                let max = tileset::LIMITS.max_file_bytes;
                let text = super::outputs::read_stdin("a tile set", max)?;
                tileset::parse(&text, super::outputs::STDIN_NAME)?
            } else {
                tileset::load(&file)?
            };
            if quiet {
                return match tilecrawl::build::layout::sets_possible(&ts) {
                    0 => Err(no_set(&file, &ts)),
                    _ => Ok(()),
                };
            }
            if json {
                let v = serde_json::json!({
                    "file": super::outputs::shown(&file),
                    "valid": true,
                    "name": ts.name,
                    "hallways": ts.count(TileKind::Hallway),
                    "chambers": ts.count(TileKind::Chamber),
                    "designs": ts.tiles.len(),
                    "square_mm": ts.square_mm,
                    "sets": tilecrawl::build::layout::sets_possible(&ts),
                    "tiles": ts.tiles.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(),
                });
                writeln!(out, "{v}")?;
                return Ok(());
            }
            write!(out, "{}", describe(&ts))?;
            match tilecrawl::build::layout::sets_possible(&ts) {
                0 => return Err(no_set(&file, &ts)),
                n => writeln!(
                    out,
                    "ok: {} is a valid tile set; its tiles make up to {n} set(s) (--sets {n})",
                    super::outputs::shown(&file)
                )?,
            }
        }
        TilesetCommand::Default { name, quiet: _ } => {
            let text = tileset::embedded_text(&name).expect("clap offers only embedded names");
            write!(out, "{text}")?;
        }
    }
    Ok(())
}

/// The error of a well-formed tile set whose tiles make no set.
fn no_set(file: &std::path::Path, ts: &TileSet) -> anyhow::Error {
    anyhow::anyhow!(
        "{}: the file is well formed, but its tiles cannot make one set (5 tiles: a hallway, 3 chambers and a fifth of either kind); it has {} hallway(s) and {} chamber(s)",
        super::outputs::shown(file),
        ts.count(TileKind::Hallway),
        ts.count(TileKind::Chamber)
    )
}

/// The tiles of a set as ASCII, front and back side by side.
fn describe(ts: &TileSet) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{}: {} hallways, {} chambers ({} designs), squares of {} mm",
        ts.name,
        ts.count(TileKind::Hallway),
        ts.count(TileKind::Chamber),
        ts.tiles.len(),
        ts.square_mm
    );
    for t in &ts.tiles {
        let _ = writeln!(
            o,
            "\n{} — {}, {}×{}, {} cop{}, {} entryway(s) on the front",
            t.id,
            t.kind.name(),
            t.front.width(),
            t.front.height(),
            t.copies,
            if t.copies == 1 { "y" } else { "ies" },
            t.front.entryways().len()
        );
        let front = t.front.to_rows();
        let back = t.back.as_ref().map(|b| b.to_rows());
        let w = (t.front.width() as usize).max("front".len());
        let _ = writeln!(
            o,
            "  {:<w$}   {}",
            "front",
            if back.is_some() { "back" } else { "" }
        );
        for (i, row) in front.iter().enumerate() {
            match &back {
                Some(b) => {
                    let _ = writeln!(o, "  {row:<w$}   {}", b[i]);
                }
                None => {
                    let _ = writeln!(o, "  {row}");
                }
            }
        }
    }
    o
}
