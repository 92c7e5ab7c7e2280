//! `tilecrawl simulate`: many automatic playthroughs of a scenario and a
//! report of how they went (see `tilecrawl::mkd::play::simulate` for the heroes'
//! policy and how each run's dice seed is made).

use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use tilecrawl::mkd::play::simulate::{self, SimOptions};

/// Options of `tilecrawl simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The scenario to play (from `tilecrawl generate`), of any of the three
    /// games, or a multi-floor dungeon's `dungeon.yaml`; `-`: standard input.
    scenario: PathBuf,
    /// Number of playthroughs.
    #[arg(long, default_value_t = 1000, value_name = "N",
          value_parser = crate::cli::usage::whole::<u32>(1, 1_000_000))]
    runs: u32,
    /// The heroes: a `tilecrawl-party/1` file for MKD, a
    /// `tilecrawl-dw10-party/1` file for Dungeon World 10 mm (`party new`
    /// writes both). Default: the embedded party of that game.
    #[arg(long, value_name = "FILE")]
    party: Option<PathBuf>,
    /// Roll tables (`tilecrawl-tables/1`) to use instead of the embedded ones.
    #[arg(long, value_name = "FILE")]
    tables: Option<PathBuf>,
    /// Seed the runs' dice seeds are derived from. Default: the scenario's seed.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// Threads (default: all cores). The report does not depend on it.
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u64>(1, 1024))]
    jobs: Option<u64>,
    /// Print the report as JSON (no progress bar).
    #[arg(long)]
    json: bool,
    /// No progress bar and no warnings; only the report and errors.
    #[arg(long, short)]
    quiet: bool,
    /// Turns (Dungeon World 10 mm: moves) after which a run stops and
    /// counts as lost ("timed out"). Default: 200 turns for the MKD
    /// Adventure, 60 moves for Dungeon World 10 mm.
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u32>(1, 100_000))]
    max_turns: Option<u32>,

    // ---- Dungeons Dark & Dangerous (dd-and-d scenarios only; see play_ddd.rs) ----
    /// dd-and-d: Blue's war-party. Default: `warparty new --seed 1`'s.
    #[arg(long, value_name = "FILE", help_heading = "Dungeons Dark & Dangerous")]
    warparty: Option<PathBuf>,
    /// dd-and-d: Red's war-party. Default: `warparty new --seed 2`'s.
    #[arg(long, value_name = "FILE", help_heading = "Dungeons Dark & Dangerous")]
    opponent: Option<PathBuf>,
    /// dd-and-d: rounds after which a game stops (default 40).
    #[arg(long, value_name = "N", help_heading = "Dungeons Dark & Dangerous",
          value_parser = crate::cli::usage::whole::<u32>(1, 10_000))]
    max_rounds: Option<u32>,

    // ---- Dungeon World 10 mm (dungeon-world-10mm scenarios only; see play_dw10.rs) ----
    /// dungeon-world-10mm: spawn on 2d6 instead of 3d6, for one player with
    /// a couple of heroes.
    // The rule text's easing for one player: L827-831.
    #[arg(long, help_heading = "Dungeon World 10 mm")]
    scaled_down: bool,
}

pub fn run(a: SimulateArgs) -> anyhow::Result<()> {
    // Standard input is read once, here, so that its game can be told
    // as a file's is; each engine then reads the text (errors name it
    // `<stdin>`).
    let stdin_text = if super::outputs::is_stdin(&a.scenario) {
        Some(super::outputs::read_stdin(
            "a scenario",
            tilecrawl::scenario::MAX_SCENARIO_BYTES,
        )?)
    } else {
        None
    };
    let text = stdin_text.as_deref();
    let scenario = if text.is_some() {
        PathBuf::from(super::outputs::STDIN_NAME)
    } else {
        a.scenario.clone()
    };
    // The scenario's game, read once: dd-and-d and Dungeon World 10 mm
    // files go to their own engines.
    let ruleset = match text {
        Some(t) => super::outputs::ruleset_of_text(t, super::outputs::STDIN_NAME),
        None => super::outputs::scenario_ruleset(&a.scenario, "simulate")?,
    };
    // dd-and-d: both war-parties by the policy (play_ddd.rs).
    if ruleset == Some(tilecrawl::scenario::RulesetId::DdAndD) {
        if a.party.is_some() || a.tables.is_some() {
            bail_usage!(
                "--party is for MKD and dungeon-world-10mm scenarios, --tables for MKD ones; a dd-and-d game takes --warparty and --opponent"
            );
        }
        if a.scaled_down {
            bail_usage!("--scaled-down is for dungeon-world-10mm scenarios");
        }
        if a.max_turns.is_some() {
            bail_usage!(
                "--max-turns is for MKD and dungeon-world-10mm scenarios; a dd-and-d game takes --max-rounds"
            );
        }
        let d = super::play_ddd::DddPlay {
            scenario: Some(scenario),
            warparty: a.warparty.clone(),
            opponent: a.opponent.clone(),
            max_rounds: a.max_rounds,
            seed: a.seed,
            quiet: a.quiet,
            ..Default::default()
        };
        return super::play_ddd::simulate(d, text, a.runs, a.jobs, a.json);
    }
    if a.warparty.is_some() || a.opponent.is_some() || a.max_rounds.is_some() {
        bail_usage!("--warparty, --opponent and --max-rounds are for dd-and-d scenarios");
    }
    // Dungeon World 10 mm: its own engine (`play_dw10.rs`).
    if ruleset == Some(tilecrawl::scenario::RulesetId::DungeonWorld10mm) {
        if a.tables.is_some() {
            bail_usage!(
                "--tables is for MKD scenarios; a dungeon-world-10mm game uses its own tables"
            );
        }
        return super::play_dw10::simulate(super::play_dw10::SimulateDw10 {
            scenario: &scenario,
            text,
            party: a.party.as_deref(),
            runs: a.runs,
            seed: a.seed,
            jobs: a.jobs,
            json: a.json,
            max_moves: a
                .max_turns
                .unwrap_or(tilecrawl::dw10::play::simulate::DEFAULT_MAX_MOVES),
            scaled_down: a.scaled_down,
            quiet: a.quiet,
        });
    }
    if a.scaled_down {
        bail_usage!("--scaled-down is for dungeon-world-10mm scenarios");
    }
    let loaded =
        super::play::load_inputs(&scenario, text, a.party.as_deref(), a.tables.as_deref())?;
    let party_value = loaded.party.total_value();
    let hero_value = loaded.adventure.first_scenario().game.params.hero_value;
    if !a.quiet {
        for n in &loaded.party_notes {
            warnln!("{n}");
        }
    }
    if !a.quiet && party_value != hero_value {
        warnln!(
            "warning: the scenario was set up for heroes worth {hero_value} points; this party is worth {party_value}"
        );
    }
    let opts = SimOptions {
        runs: a.runs,
        seed: a.seed.unwrap_or(loaded.adventure.seed()),
        max_turns: a.max_turns.unwrap_or(simulate::DEFAULT_MAX_TURNS),
    };
    let bar = super::say::runs_bar(a.runs, a.quiet || a.json);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.map_or(0, |j| j as usize))
        .build()
        .context("cannot start the worker threads")?;
    let report = pool.install(|| {
        simulate::simulate_adventure(
            &loaded.adventure,
            &loaded.party,
            &loaded.tables,
            &opts,
            &|| bar.inc(1),
        )
    });
    bar.finish_and_clear();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if a.json {
        let json = serde_json::to_string_pretty(&report).context("cannot write the report")?;
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{}", report.to_text())?;
    }
    out.flush()?;
    Ok(())
}
