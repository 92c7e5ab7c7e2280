//! Many games of one scenario with both sides played by the policy
//! (`ai.rs`), on quiet dice; each run's seed comes from the master seed and
//! the run's number, so the report is the same for any number of threads.

use super::edges::Edges;
use super::engine::{Game, GameError, PlayOptions};
use super::lookahead::with_book;
use super::session::STAGE;
use super::state::{Outcome, Team};
use super::turns::{AiSide, run_ai};
use crate::core::dice::{Dice, run_seed};
use crate::ddd::part::DddScenario;
use crate::ddd::warparty::Warparty;
use rayon::prelude::*;
use serde::Serialize;

/// Rounds after which a simulated game stops (see [`PlayOptions::max_rounds`]).
pub const DEFAULT_MAX_ROUNDS: u32 = 40;

/// What `simulate` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimOptions {
    /// Games to play.
    pub runs: u32,
    /// The master seed of the runs' dice.
    pub seed: u64,
    /// The round limit.
    pub max_rounds: u32,
}

/// How one game went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunResult {
    /// The outcome (none: stopped by the guard on commands).
    pub outcome: Option<Outcome>,
    /// Rounds played.
    pub rounds: u32,
    /// The side that won the dice-off.
    pub attacker: Team,
    /// The game reached the round limit.
    pub limit: bool,
}

impl RunResult {
    /// Did `team` win the game?
    pub fn won_by(&self, team: Team) -> bool {
        self.outcome == Some(Outcome::Win(team))
    }

    /// Did the dice-off's winner (the attacker) win the game?
    pub fn attacker_won(&self) -> bool {
        self.won_by(self.attacker)
    }
}

/// The report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimReport {
    /// The scenario's id.
    pub scenario: String,
    /// Games played.
    pub runs: u32,
    /// Games Blue won.
    pub blue_wins: u32,
    /// The 95 % Wilson interval of Blue's win rate.
    pub blue_ci95: (f64, f64),
    /// Games Red won.
    pub red_wins: u32,
    /// The 95 % Wilson interval of Red's win rate.
    pub red_ci95: (f64, f64),
    /// Draws.
    pub draws: u32,
    /// Games decided by the round limit.
    pub round_limit: u32,
    /// Games the dice-off winner (the attacker) won.
    pub attacker_wins: u32,
    /// Mean rounds played.
    pub mean_rounds: f64,
}

/// Plays one game by the policy on both sides, tilecrawl's edges from
/// `edges`.
pub fn run_one(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    seed: u64,
    max_rounds: u32,
    edges: Edges,
) -> Result<RunResult, GameError> {
    let mut game = start(scenario, blue, red, seed, max_rounds, edges)?;
    let mut sink = Vec::new();
    run_ai(&mut game, AiSide::Both, &mut sink, false);
    let limit = game.state.why == Some(super::event::Why::RoundLimit);
    Ok(RunResult {
        outcome: game.state.outcome,
        rounds: game.state.round,
        attacker: game.state.attacker,
        limit,
    })
}

/// One game set up to be played (the dice-off rolled, both sides
/// deployed), or why it cannot start.
fn start(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    seed: u64,
    max_rounds: u32,
    edges: Edges,
) -> Result<Game, GameError> {
    let opts = PlayOptions {
        max_rounds: Some(max_rounds),
        edges,
        ..PlayOptions::default()
    };
    let (game, ev) = Game::new(scenario, blue, red, Dice::quiet(seed, STAGE), opts)?;
    drop(ev);
    Ok(game)
}

/// tilecrawl's edges for every run: the look-ahead's book, made once
/// before the runs where tilecrawl looks ahead.
fn run_edges(scenario: &DddScenario, blue: &Warparty, red: &Warparty) -> Result<Edges, GameError> {
    Ok(with_book(scenario, blue, red, PlayOptions::default())?.edges)
}

/// Plays `opts.runs` games in parallel (the current rayon pool) and sums
/// them up in run order, tilecrawl's edges chosen once before them.
pub fn simulate(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    opts: &SimOptions,
    tick: &(dyn Fn() + Sync),
) -> Result<SimReport, GameError> {
    let edges = run_edges(scenario, blue, red)?;
    let results: Vec<Result<RunResult, GameError>> = (0..opts.runs)
        .into_par_iter()
        .map(|r| {
            let seed = run_seed(opts.seed, r);
            let out = run_one(scenario, blue, red, seed, opts.max_rounds, edges);
            tick();
            out
        })
        .collect();
    let results: Vec<RunResult> = results.into_iter().collect::<Result<_, _>>()?;
    Ok(report(scenario, opts, &results))
}

/// [`simulate`] on this thread, the runs in order, handing `go_on` each
/// run's result as it ends and asking whether to play on: `Ok(None)` once
/// it says no before the last run (a batch that already knows the board
/// misses its filters), else the report [`simulate`] gives. The runs left
/// unplayed are still set up, so a board one of them cannot start on is
/// refused with the error `simulate` gives.
pub fn simulate_here_while(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    opts: &SimOptions,
    mut go_on: impl FnMut(&RunResult) -> bool,
) -> Result<Option<SimReport>, GameError> {
    let edges = run_edges(scenario, blue, red)?;
    let mut results = Vec::with_capacity(opts.runs as usize);
    for r in 0..opts.runs {
        let seed = run_seed(opts.seed, r);
        let run = run_one(scenario, blue, red, seed, opts.max_rounds, edges)?;
        let more = go_on(&run);
        results.push(run);
        if !more && r + 1 < opts.runs {
            for left in r + 1..opts.runs {
                start(
                    scenario,
                    blue,
                    red,
                    run_seed(opts.seed, left),
                    opts.max_rounds,
                    edges,
                )?;
            }
            return Ok(None);
        }
    }
    Ok(Some(report(scenario, opts, &results)))
}

/// The report of every run, summed in run order.
fn report(scenario: &DddScenario, opts: &SimOptions, results: &[RunResult]) -> SimReport {
    let mut rep = SimReport {
        scenario: scenario.game.scenario.id().to_string(),
        runs: opts.runs,
        blue_wins: 0,
        blue_ci95: (0.0, 0.0),
        red_wins: 0,
        red_ci95: (0.0, 0.0),
        draws: 0,
        round_limit: 0,
        attacker_wins: 0,
        mean_rounds: 0.0,
    };
    let mut rounds = 0u64;
    for r in results {
        rounds += u64::from(r.rounds);
        if r.won_by(Team::Blue) {
            rep.blue_wins += 1;
        } else if r.won_by(Team::Red) {
            rep.red_wins += 1;
        } else {
            rep.draws += 1;
        }
        if r.attacker_won() {
            rep.attacker_wins += 1;
        }
        if r.limit {
            rep.round_limit += 1;
        }
    }
    rep.mean_rounds = rounds as f64 / f64::from(opts.runs.max(1));
    rep.blue_ci95 = crate::core::stats::wilson95(rep.blue_wins, rep.runs);
    rep.red_ci95 = crate::core::stats::wilson95(rep.red_wins, rep.runs);
    rep
}

impl SimReport {
    /// The report in lines.
    pub fn to_text(&self) -> String {
        let pct = |n: u32| 100.0 * f64::from(n) / f64::from(self.runs.max(1));
        let interval = |(low, high): (f64, f64)| {
            format!("95 % interval {:.1} to {:.1} %", low * 100.0, high * 100.0)
        };
        format!(
            "scenario {}: {} games, both sides by the policy\n\
             Blue wins {:.1} % ({}; {}), Red wins {:.1} % ({}; {}), draws {:.1} % ({})\n\
             the dice-off winner (attacker) won {:.1} %; {} games reached the round limit; {:.1} rounds on average\n",
            self.scenario,
            self.runs,
            pct(self.blue_wins),
            self.blue_wins,
            interval(self.blue_ci95),
            pct(self.red_wins),
            self.red_wins,
            interval(self.red_ci95),
            pct(self.draws),
            self.draws,
            pct(self.attacker_wins),
            self.round_limit,
            self.mean_rounds
        )
    }
}
