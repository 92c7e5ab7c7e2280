//! `tilecrawl render`.

use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;
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
    /// Play the scenario N times with the automatic heroes and put how it
    /// plays on the setup sheet, as `generate --simulate N` does (a
    /// scenario file keeps no rating: the same N and party as the
    /// adventure was made with give the same line again). A Dungeons Dark
    /// & Dangerous board is played by the default war-parties.
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u32>(1, 100_000))]
    simulate: Option<u32>,
    /// With --simulate: the heroes (the game's party file, as `play` takes
    /// it). Default: the game's embedded party. Not for dd-and-d.
    #[arg(long, value_name = "FILE", requires = "simulate")]
    party: Option<PathBuf>,
}

/// `--simulate N`: how the scenario plays, in the words its sheet prints.
fn rating(a: &RenderArgs, any: &AnyScenario) -> anyhow::Result<Option<String>> {
    let Some(runs) = a.simulate else {
        return Ok(None);
    };
    if let AnyScenario::Ddd(s) = any {
        super::play_ddd::tell_lookahead(s, a.quiet);
    }
    let bar = super::say::runs_bar(runs, a.quiet);
    let tick = || bar.inc(1);
    let words = match any {
        AnyScenario::Mkd(s) => {
            let (party, who) = super::generate::rating_party(a.party.as_deref(), a.quiet)?;
            let adventure = tilecrawl::mkd::play::floors::Adventure::Scenario(Arc::new(s.clone()));
            super::generate::rate_with(&adventure, party, &who, runs, &tick).1
        }
        AnyScenario::Dw10(s) => {
            let (party, who) = super::play_dw10::rating_party(a.party.as_deref(), a.quiet)?;
            super::play_dw10::rate(&Arc::new(s.clone()), &party, &who, runs, &tick).1
        }
        AnyScenario::Ddd(s) => {
            let (blue, red) = (
                super::play_ddd::party(None, 1, "Blue")?,
                super::play_ddd::party(None, 2, "Red")?,
            );
            let rated = super::ddd::rate(s, &blue, &red, runs, &tick)?;
            let name = "the default war party";
            rated.words(name, name)
        }
    };
    bar.finish_and_clear();
    Ok(Some(words))
}

/// The files `render` writes of `any` with `opts`, by name: the game's
/// exports, never the scenario itself.
fn outputs(any: &AnyScenario, opts: &tilecrawl::pack::PackOptions) -> Vec<String> {
    match any {
        AnyScenario::Mkd(s) => tilecrawl::pack::export_names(s, opts),
        AnyScenario::Dw10(s) => tilecrawl::pack::dw10_names(s, opts)
            .into_iter()
            .filter(|n| n != "scenario.yaml")
            .collect(),
        AnyScenario::Ddd(s) => tilecrawl::pack::ddd_export_names(s, opts),
    }
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
        super::outputs::refuse_folder(
            &a.scenario,
            "render",
            &["scenario.yaml", "floor-1/scenario.yaml"],
        )?;
        AnyScenario::load(&a.scenario)?
    };
    // The options first (a bad one is refused before any play), then the
    // files already there (refused before the games, not after them), then
    // the rating.
    let mut opts = match &any {
        AnyScenario::Mkd(_) => a.output.mkd_options()?,
        AnyScenario::Dw10(_) => a.output.options()?,
        AnyScenario::Ddd(_) => super::ddd::pack_options(&a.output)?,
    };
    if matches!(any, AnyScenario::Ddd(_)) && a.party.is_some() {
        bail_usage!(
            "--party is for MKD and dungeon-world-10mm scenarios; a dd-and-d board is rated with the default war-parties"
        );
    }
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
    let names = outputs(&any, &opts);
    super::outputs::refuse_existing(&dir, names.iter().map(String::as_str), a.force)?;
    opts.rating = rating(&a, &any)?;
    let mut files: Vec<(String, Vec<u8>)> = match &any {
        AnyScenario::Mkd(s) => tilecrawl::pack::exports(s, &opts)?,
        AnyScenario::Dw10(s) => tilecrawl::pack::dw10_files(s, &opts)?,
        AnyScenario::Ddd(s) => tilecrawl::pack::ddd_exports(s, &opts)?,
    };
    // What was named is what is written (not a Dungeon World 10 mm
    // scenario.yaml, which is drawn from, not rewritten).
    files.retain(|(n, _)| names.contains(n));
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
