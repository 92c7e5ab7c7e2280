//! `tilecrawl render`.

use clap::Args;
use std::path::PathBuf;
use tilecrawl::export::{self, MapOptions};

/// Options of `tilecrawl render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The scenario file to draw.
    scenario: PathBuf,
    /// Resolution of map.png, in dots per inch.
    #[arg(long, default_value_t = 150, value_parser = clap::value_parser!(u32).range(10..=1200))]
    dpi: u32,
    /// Output folder. Default: the scenario's folder (its maps are replaced).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Replace maps in a folder given with --out.
    #[arg(long)]
    force: bool,
}

pub fn run(a: RenderArgs) -> anyhow::Result<()> {
    let s = tilecrawl::scenario::load(&a.scenario)?;
    let opts = MapOptions {
        dpi: a.dpi,
        ..MapOptions::default()
    };
    let svg = export::map_svg(&s, &opts);
    let png = export::png(&svg, a.dpi)?;
    // Re-drawing beside the scenario is what `render` is for, so it replaces those maps.
    let (dir, force) = match &a.out {
        Some(d) => (d.clone(), a.force),
        None => (
            a.scenario
                .parent()
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(".")),
            true,
        ),
    };
    super::write_outputs(
        &dir,
        &[("map.svg", svg.as_bytes()), ("map.png", &png)],
        force,
    )?;
    println!("wrote {0}/map.svg, {0}/map.png", dir.display());
    Ok(())
}
