//! `tilecrawl render`.

use clap::Args;
use std::path::PathBuf;
use tilecrawl::games::AnyScenario;

/// Options of `tilecrawl render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The scenario file to draw (`-`: standard input; needs --out).
    scenario: PathBuf,
    #[command(flatten)]
    output: super::outputs::OutputArgs,
    /// Output folder. Default: the scenario's folder (where the maps and
    /// sheets already there are replaced only with --force).
    #[arg(long, value_name = "DIR", value_parser = super::outputs::out_dir())]
    out: Option<PathBuf>,
    /// Replace the files already there (beside the scenario, or in --out).
    #[arg(long)]
    force: bool,
    /// Print nothing but errors.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(a: RenderArgs) -> anyhow::Result<()> {
    let any = if super::outputs::is_stdin(&a.scenario) {
        if a.out.is_none() {
            bail_usage!(
                "render -: a scenario read from standard input has no folder to draw beside; add --out DIR"
            );
        }
        let text =
            super::outputs::read_stdin("a scenario", tilecrawl::scenario::MAX_SCENARIO_BYTES)?;
        AnyScenario::from_yaml(&text, super::outputs::STDIN_NAME)?
    } else {
        AnyScenario::load(&a.scenario)?
    };
    let files: Vec<(String, Vec<u8>)> = match &any {
        AnyScenario::Mkd(s) => tilecrawl::pack::exports(s, &a.output.mkd_options()?)?,
        AnyScenario::Dw10(s) => tilecrawl::pack::dw10_files(s, &a.output.options()?)?
            .into_iter()
            .filter(|(n, _)| n != "scenario.yaml")
            .collect(),
        AnyScenario::Ddd(s) => {
            tilecrawl::pack::ddd_exports(s, &super::ddd::pack_options(&a.output)?)?
        }
    };
    // Beside the scenario by default; what is there is replaced only with
    // --force, as `generate` does.
    let dir = match &a.out {
        Some(d) => d.clone(),
        None => a
            .scenario
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(".")),
    };
    let force = a.force;
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    super::outputs::write_outputs(&dir, &refs, force)?;
    if !a.quiet {
        outln!("wrote {}", super::outputs::listing(&dir, &refs))?;
    }
    Ok(())
}
