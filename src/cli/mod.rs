//! Command-line interface: one file per subcommand.

mod generate;
mod render;
mod tileset;

use clap::{Parser, Subcommand};

/// Builds tabletop dungeons from the tiles you own, the way the MKD Adventure
/// rules do at the table, and writes a scenario file and true-scale maps.
#[derive(Debug, Parser)]
#[command(name = "tilecrawl", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Build and set up a new dungeon; write scenario.yaml, map.svg and map.png.
    Generate(generate::GenerateArgs),
    /// Re-draw map.svg and map.png from a (possibly hand-edited) scenario.yaml.
    Render(render::RenderArgs),
    /// Check a tile-set file, or print the embedded one.
    #[command(subcommand)]
    Tileset(tileset::TilesetCommand),
}

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Generate(a) => generate::run(a),
        Command::Render(a) => render::run(a),
        Command::Tileset(c) => tileset::run(c),
    }
}

/// Writes the named files into `dir` (created if needed): all are written to
/// temporary names first, then renamed, so a failure changes none of them.
/// Refuses to replace existing files unless `force`.
pub(crate) fn write_outputs(
    dir: &std::path::Path,
    files: &[(&str, &[u8])],
    force: bool,
) -> anyhow::Result<()> {
    use anyhow::Context;
    if !force {
        for (name, _) in files {
            let p = dir.join(name);
            if p.exists() {
                anyhow::bail!(
                    "{} already exists; pass --force to replace it, or choose another --out folder",
                    p.display()
                );
            }
        }
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create folder {}", dir.display()))?;
    let paths: Vec<std::path::PathBuf> = files.iter().map(|(name, _)| dir.join(name)).collect();
    let batch: Vec<(&std::path::Path, &[u8])> = paths
        .iter()
        .map(|p| p.as_path())
        .zip(files.iter().map(|(_, b)| *b))
        .collect();
    tilecrawl::fsutil::write_all_atomic(&batch)
        .with_context(|| format!("cannot write into {}", dir.display()))?;
    Ok(())
}
