//! Automatic playthroughs: how hard is a scenario?
//!
//! [`simulate`] plays a scenario many times with automatic heroes and dice
//! combat ([`CombatMode::Dice`]) and sums the runs up in a [`Report`]. Each
//! run is an ordinary [`Game`] driven through [`Game::play`] with the
//! commands a player would type, so the simulated heroes obey every rule
//! the engine checks. A run prints nothing (its dice keep no log either);
//! only [`play_once_logged`] prints the transcript.
//!
//! # Seeds
//!
//! Run `i` (from 0) plays with the dice seed [`run_seed`]`(seed, i)`: the
//! `(i+1)`-th output of a SplitMix64 generator started at `seed`. A run
//! depends on nothing but its own seed, and the runs are collected in run
//! order, so the report is the same for any number of threads.
//!
//! # The heroes' policy
//!
//! The policy is fixed and rolls no dice of its own. In each hero turn the
//! current team's heroes act one after another in party order. A hero in
//! the dungeon first heals from the shared experience pool (`heal NAME`)
//! when it has lost at least half its wounds, or has one left, and the pool
//! holds the price of a heal. Then each hero repeats the first rule that
//! applies until its activation is over:
//!
//! 1. A revealed monster stands next to the hero: attack it (the one with
//!    the fewest wounds left; ties go to the smaller id).
//! 2. The hero can shoot and a revealed monster is within range: shoot it
//!    (same choice).
//! 3. A closed chest (not the Quest Chest) lies beside the hero or under
//!    it, the hero is unhurt (its trap may wound), no monster is next to
//!    it, its speed left pays for opening, it does not carry the Quest
//!    Chest, and taking the chest still leaves a hand free for the Quest
//!    Chest while that lies on the floor or with a monster: open it (the
//!    northmost, then westmost, first).
//! 4. The Quest Chest lies on the floor: when next to it (or on it), open it
//!    (or pick it up if it already lies open); otherwise walk towards it.
//! 5. The hero carries the Quest Chest: walk to the entrance; on it, leave.
//!    A carrier that can take no step out at the start of its activation
//!    hands the chest to a friend next to it that is nearer the way out and
//!    has a hand free (in a one-square corridor an escort on water in front
//!    could otherwise hold a slow carrier back for good).
//! 6. Another hero carries it: escort. A hero standing on the entrance
//!    leaves (clearing the way); a hero in the dungeon walks to a square next
//!    to the carrier; a hero still outside stays there.
//! 7. A monster carries it: chase that monster (rule 1 then fights it).
//! 8. There is no Quest Chest to fetch any more: walk to the entrance and
//!    leave. On a floor of a multi-floor dungeon that has stairs down (and
//!    so no Quest Chest), walk to the stairs and take them instead; the
//!    last hero going down ends the turn (see [`crate::mkd::play::floors`]).
//!
//! On a split-up mission "the entrance" is either entrance: heroes come in
//! where their group starts and leave by the nearer exit.
//!
//! A hero with nothing to do at the start of its activation that no walk
//! leads off the floor from (a teleport left it behind crevices; doors count
//! as opened, figures as gone) looks for another way on instead of
//! passing: on a teleporter it teleports (to another teleporter from which
//! the ways off can be walked, else to a random tile); on a vortex it works
//! the vortex; otherwise it walks towards the nearest teleporter, vortex or
//! tile nobody has entered yet. With none of those in reach it is cut off,
//! and the engine ends the game once every hero left is
//! ([`crate::mkd::play::missions`]).
//!
//! The missions change rules 4 to 8 (a plain quest and stealth use them
//! as written):
//!
//! - **Rescue**: while the prisoner is held, walk next to them and free
//!   them (again and again: a trap found is set off by the next try). The
//!   freed prisoner walks to the entrance and leaves; the others escort
//!   them as they would a chest carrier.
//! - **Kidnapping**: before the Guardian is revealed, walk next to its
//!   token (which reveals it); then walk next to the kidnappee and fight it
//!   (rules 1 and 2) until it is captured, and never attack it after. At the
//!   start of each team's turn, if one of its heroes stands next to the
//!   captive, the team leads it out (`lead ID out`) when the entrance is
//!   within its speed, or else to the free square within its speed nearest
//!   the entrance (`lead ID to X,Y`). Heroes nearer the entrance than the
//!   captive walk out and leave (clearing its way); the others keep to the
//!   squares next to it that are not nearer the entrance than it.
//!
//! Walking follows the shortest route (ties: the first step clockwise from
//! north) as far as the speed left allows: the hero is sent, with one
//! `moves to` command, to the farthest free square of that route it can
//! pay for. Routes go round monsters and tokens when they can, and straight
//! at them when they cannot (the walk then stops short of them). Within two
//! activations' walk of its goal, a hero also goes round every square that
//! would reveal a token (the token's tile and the squares next to it) when
//! such a route exists, so a late reveal does not stop it short. A closed
//! door on the route stops the walk in front of it; the next command opens
//! it (`opens door at`), also when a revealed monster stands right behind
//! it, which rule 1 then fights (left shut, the door held both sides all
//! game whenever the monster could not reach the heroes either). Heroes
//! outside come in through the free entrance square nearest their goal.
//!
//! A hero without the speed an action costs (opening or taking a chest,
//! stepping out, opening a door, attacking) passes instead of trying it.
//! When a rule gives nothing to do, or the engine refuses the command, the
//! hero passes; a hero never issues more than [`MAX_COMMANDS`] commands in
//! one activation, so a refused or useless command can never loop. After
//! every hero of the team has acted the team ends its turn. A game ends when
//! the engine declares an outcome, or after [`SimOptions::max_turns`] turns
//! (counted as a loss, "timed out").

use crate::core::dice::run_seed;
use crate::core::geom::{all_around, chebyshev};
use crate::core::recent::{Recent, Same};
use crate::core::reuse::with_flags;
use crate::mkd::mission::Goal;
use crate::mkd::play::board::{Board, FAR, Field, Mover, PlayMarker};
use crate::mkd::play::command::{Command, HeroAction};
use crate::mkd::play::engine::{CombatMode, Game, GameOptions};
use crate::mkd::play::event::{Ending, Event};
use crate::mkd::play::floors::Adventure;
use crate::mkd::play::party::Party;
use crate::mkd::play::state::{ChestPlace, HeroId, HeroPlace, MonsterId, Outcome, Phase, State};
use crate::mkd::play::transcript;
use crate::mkd::scenario::Scenario;
use crate::mkd::tables::Tables;
use crate::scenario::Point;
use rayon::prelude::*;
use serde::Serialize;
use std::rc::Rc;
use std::sync::Arc;

/// The most commands one hero issues in one activation before passing.
pub const MAX_COMMANDS: usize = 8;

/// The default turn limit of a run.
pub const DEFAULT_MAX_TURNS: u32 = 200;

/// How many runs, from which seed, for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimOptions {
    /// Number of playthroughs.
    pub runs: u32,
    /// Seed the runs' dice seeds are derived from (see [`run_seed`]).
    pub seed: u64,
    /// Turns after which a run stops and counts as a loss ("timed out").
    pub max_turns: u32,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            runs: 1000,
            seed: 0,
            max_turns: DEFAULT_MAX_TURNS,
        }
    }
}

/// What one playthrough came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct RunResult {
    /// The Quest Chest was carried out.
    pub won: bool,
    /// The turn limit was reached with the game still going (a loss).
    pub timed_out: bool,
    /// The turn the game ended in (the limit, when timed out).
    pub turns: u32,
    /// Heroes slain.
    pub heroes_lost: u32,
    /// Wandering monster tokens revealed.
    pub wmts_revealed: u32,
    /// Monsters that came into play (from tokens, traps and alarms).
    pub monsters_fought: u32,
    /// Monsters slain.
    pub monsters_slain: u32,
    /// Chests opened by heroes.
    pub chests_opened: u32,
    /// Why a lost run was lost (`None` for a win).
    pub loss: Option<Loss>,
}

/// Why a run was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Loss {
    /// Every hero was slain.
    PartySlain,
    /// No hero was left inside (some escaped, the rest fell) with the goal
    /// still in the dungeon.
    NobodyLeft,
    /// The goal was lost for good: the Quest Chest gone or its contents
    /// destroyed, the prisoner or the kidnappee dead, the kidnappee away.
    GoalLost,
    /// The mission's timer ran out.
    MissionTimer,
    /// Every hero left was cut off from the ways out, the goal still in.
    CutOff,
    /// The run reached `--max-turns` with the game still going.
    MaxTurns,
}

impl Loss {
    /// The reason, as the text report names it.
    pub fn words(self) -> &'static str {
        match self {
            Loss::PartySlain => "party slain",
            Loss::NobodyLeft => "nobody left inside",
            Loss::GoalLost => "goal lost",
            Loss::MissionTimer => "mission timer",
            Loss::CutOff => "cut off",
            Loss::MaxTurns => "--max-turns",
        }
    }

    /// Every reason, in the report's order.
    pub const ALL: [Loss; 6] = [
        Loss::PartySlain,
        Loss::NobodyLeft,
        Loss::GoalLost,
        Loss::MissionTimer,
        Loss::CutOff,
        Loss::MaxTurns,
    ];
}

/// Lost runs counted by reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Losses {
    /// Every hero slain.
    pub party_slain: u32,
    /// Nobody left inside, the goal still in.
    pub nobody_left: u32,
    /// The goal lost for good.
    pub goal_lost: u32,
    /// The mission's timer ran out.
    pub mission_timer: u32,
    /// Every hero left cut off.
    pub cut_off: u32,
    /// Stopped at `--max-turns` (the same runs as `timed_out`).
    pub max_turns: u32,
}

impl Losses {
    /// The count for one reason.
    pub fn get(&self, why: Loss) -> u32 {
        match why {
            Loss::PartySlain => self.party_slain,
            Loss::NobodyLeft => self.nobody_left,
            Loss::GoalLost => self.goal_lost,
            Loss::MissionTimer => self.mission_timer,
            Loss::CutOff => self.cut_off,
            Loss::MaxTurns => self.max_turns,
        }
    }

    fn add(&mut self, why: Loss) {
        *match why {
            Loss::PartySlain => &mut self.party_slain,
            Loss::NobodyLeft => &mut self.nobody_left,
            Loss::GoalLost => &mut self.goal_lost,
            Loss::MissionTimer => &mut self.mission_timer,
            Loss::CutOff => &mut self.cut_off,
            Loss::MaxTurns => &mut self.max_turns,
        } += 1;
    }
}

/// What the report knows of the adventure itself (not of the runs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Setting {
    /// The mission's turn limit, if timed.
    pub turn_limit: Option<u32>,
    /// The fewest turns the fastest hero needs to walk from the entrance to
    /// the goal and back out, fighting nothing (`None`: unknown, as on a
    /// multi-floor dungeon).
    pub fewest_turns: Option<u32>,
}

/// The summary of many runs. Means are per run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The seed the runs' dice seeds came from.
    pub seed: u64,
    /// The turn limit of each run.
    pub max_turns: u32,
    /// Runs played.
    pub runs: u32,
    /// Runs won.
    pub wins: u32,
    /// `wins / runs`.
    pub win_rate: f64,
    /// 95% Wilson score interval of the win rate.
    pub ci95: (f64, f64),
    /// Median of the turns played (nearest rank; every run counts, a timed
    /// out one with the limit).
    pub turns_median: u32,
    /// 90th percentile of the turns played (nearest rank).
    pub turns_p90: u32,
    /// Heroes slain per run.
    pub heroes_lost_mean: f64,
    /// Tokens revealed per run.
    pub wmts_revealed_mean: f64,
    /// Monsters that came into play per run.
    pub monsters_fought_mean: f64,
    /// Monsters slain per run.
    pub monsters_slain_mean: f64,
    /// Chests opened per run.
    pub chests_opened_mean: f64,
    /// Runs stopped at the turn limit.
    pub timed_out: u32,
    /// Lost runs by reason.
    pub losses: Losses,
    /// The mission's turn limit, if timed.
    pub turn_limit: Option<u32>,
    /// The fewest turns the goal takes to fetch, fighting nothing (see
    /// [`Setting::fewest_turns`]).
    pub fewest_turns: Option<u32>,
    /// Set when the mission's timer makes it nearly unwinnable (see
    /// [`timer_warning`]).
    pub warning: Option<String>,
}

/// A warning when the mission's timer makes it nearly unwinnable: the
/// fastest hero needs all but one of the turns (or more) just to walk to
/// the goal and back out, or the timer ended at least a quarter of the runs.
pub fn timer_warning(setting: &Setting, runs: u32, losses: &Losses) -> Option<String> {
    let limit = setting.turn_limit?;
    if let Some(need) = setting.fewest_turns
        && need + 1 >= limit
    {
        return Some(format!(
            "the mission timer ({limit} turns) makes this nearly unwinnable: the fastest hero needs at least {need} turns just to walk to the goal and back out"
        ));
    }
    let timer = losses.mission_timer;
    (runs > 0 && timer * 4 >= runs).then(|| {
        format!(
            "the mission timer ({limit} turns) makes this hard to win: time ran out in {timer} of {runs} runs"
        )
    })
}

/// `wins / runs` (0 for no runs): a report's win rate.
pub fn win_rate(wins: u32, runs: u32) -> f64 {
    if runs == 0 {
        0.0
    } else {
        f64::from(wins) / f64::from(runs)
    }
}

/// The 95% Wilson score interval of `wins` successes in `runs` trials
/// (`(0, 1)` for no trials).
pub fn wilson95(wins: u32, runs: u32) -> (f64, f64) {
    if runs == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = f64::from(runs);
    let p = f64::from(wins.min(runs)) / n;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At 0 or all wins the interval ends exactly at 0 or 1 (rounding aside).
    let lo = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if wins >= runs {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// The `p`-th percentile (0–100) of sorted values by the nearest-rank
/// method: the smallest value with at least `p`% of the values at or below
/// it. 0 for no values.
pub fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let n = sorted.len();
    let rank = ((p / 100.0) * n as f64).ceil() as usize;
    sorted[rank.clamp(1, n) - 1]
}

impl Report {
    /// Sums up runs (in run order).
    pub fn from_results(results: &[RunResult], opts: &SimOptions) -> Report {
        Report::for_setting(results, opts, &Setting::default())
    }

    /// Sums up runs (in run order) of an adventure with this setting.
    pub fn for_setting(results: &[RunResult], opts: &SimOptions, setting: &Setting) -> Report {
        let runs = results.len() as u32;
        let mut losses = Losses::default();
        for r in results {
            if let Some(why) = r.loss {
                losses.add(why);
            }
        }
        let wins = results.iter().filter(|r| r.won).count() as u32;
        let mut turns: Vec<u32> = results.iter().map(|r| r.turns).collect();
        turns.sort_unstable();
        let mean = |f: fn(&RunResult) -> u32| {
            if runs == 0 {
                0.0
            } else {
                results.iter().map(|r| f64::from(f(r))).sum::<f64>() / f64::from(runs)
            }
        };
        Report {
            seed: opts.seed,
            max_turns: opts.max_turns,
            runs,
            wins,
            win_rate: win_rate(wins, runs),
            ci95: wilson95(wins, runs),
            turns_median: percentile(&turns, 50.0),
            turns_p90: percentile(&turns, 90.0),
            heroes_lost_mean: mean(|r| r.heroes_lost),
            wmts_revealed_mean: mean(|r| r.wmts_revealed),
            monsters_fought_mean: mean(|r| r.monsters_fought),
            monsters_slain_mean: mean(|r| r.monsters_slain),
            chests_opened_mean: mean(|r| r.chests_opened),
            timed_out: results.iter().filter(|r| r.timed_out).count() as u32,
            warning: timer_warning(setting, runs, &losses),
            losses,
            turn_limit: setting.turn_limit,
            fewest_turns: setting.fewest_turns,
        }
    }

    /// The report as aligned plain lines (each ending in a newline).
    pub fn to_text(&self) -> String {
        let pct = |x: f64| format!("{:.1}%", x * 100.0);
        let rows: Vec<(&str, String)> = vec![
            (
                "runs",
                format!(
                    "{} (dice seeds from {} by SplitMix64; at most {} turns each; dice combat)",
                    self.runs, self.seed, self.max_turns
                ),
            ),
            ("wins", self.wins.to_string()),
            (
                "win rate",
                format!(
                    "{} (95% interval {} to {})",
                    pct(self.win_rate),
                    pct(self.ci95.0),
                    pct(self.ci95.1)
                ),
            ),
            (
                "turns",
                format!("median {}, p90 {}", self.turns_median, self.turns_p90),
            ),
            (
                "heroes lost",
                format!("{:.2} per run", self.heroes_lost_mean),
            ),
            (
                "WMTs revealed",
                format!("{:.2} per run", self.wmts_revealed_mean),
            ),
            (
                "monsters fought",
                format!("{:.2} per run", self.monsters_fought_mean),
            ),
            (
                "monsters slain",
                format!("{:.2} per run", self.monsters_slain_mean),
            ),
            (
                "chests opened",
                format!("{:.2} per run", self.chests_opened_mean),
            ),
            ("timed out", self.timed_out.to_string()),
            (
                "lost because",
                join_counts(
                    Loss::ALL
                        .iter()
                        .map(|&w| (w.words(), self.losses.get(w)))
                        .filter(|&(_, n)| n > 0),
                ),
            ),
        ];
        let mut rows = rows;
        if let Some(limit) = self.turn_limit {
            rows.push((
                "mission timer",
                match self.fewest_turns {
                    Some(n) => {
                        format!("{limit} turns (the goal and back, fighting nothing: at least {n})")
                    }
                    None => format!("{limit} turns"),
                },
            ));
        }
        if let Some(w) = &self.warning {
            rows.push(("warning", w.clone()));
        }
        let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
        rows.iter()
            .map(|(k, v)| format!("{k:<width$}  {v}\n"))
            .collect()
    }
}

/// `party slain 3, goal lost 1`, or `none`.
fn join_counts<'a>(counts: impl Iterator<Item = (&'a str, u32)>) -> String {
    let v: Vec<String> = counts.map(|(w, n)| format!("{w} {n}")).collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// Plays `opts.runs` games in parallel (on the current rayon pool) and sums
/// them up.
pub fn simulate(
    scenario: &Arc<Scenario>,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    opts: &SimOptions,
) -> Report {
    simulate_with_progress(scenario, party, tables, opts, &|| {})
}

/// [`simulate`], calling `progress` once after each run (from any thread).
pub fn simulate_with_progress(
    scenario: &Arc<Scenario>,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    opts: &SimOptions,
    progress: &(dyn Fn() + Sync),
) -> Report {
    simulate_adventure(
        &Adventure::Scenario(scenario.clone()),
        party,
        tables,
        opts,
        progress,
    )
}

/// [`simulate_with_progress`] for a scenario or a multi-floor dungeon. On a
/// floor without the goal the heroes make for the stairs down and take
/// them (fighting on the way as usual).
pub fn simulate_adventure(
    adventure: &Adventure,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    opts: &SimOptions,
    progress: &(dyn Fn() + Sync),
) -> Report {
    let results: Vec<RunResult> = (0..opts.runs)
        .into_par_iter()
        .map(|i| {
            let r = run_number(adventure, party, tables, opts, i);
            progress();
            r
        })
        .collect();
    Report::for_setting(&results, opts, &setting(adventure, party, tables))
}

/// Run `i` of a simulation: its dice seeded from the options' seed.
fn run_number(
    adventure: &Adventure,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    opts: &SimOptions,
    i: u32,
) -> RunResult {
    play(
        adventure,
        party,
        tables,
        run_seed(opts.seed, i),
        opts.max_turns,
        None,
    )
}

/// [`simulate_adventure`] on the calling thread, run after run: for a batch,
/// which plays many adventures side by side and rates each on its own
/// thread. The same report as [`simulate_adventure`] for the same options.
pub fn simulate_here(
    adventure: &Adventure,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    opts: &SimOptions,
) -> Report {
    let results = play_here(adventure, party, tables, opts, |_| true);
    Report::for_setting(&results, opts, &setting(adventure, party, tables))
}

/// [`simulate_here`], handing `go_on` each run's result after every run but
/// the last and asking whether to play on: `Err` with the runs played once
/// it says no (a batch that already knows the adventure misses its
/// filters), else the report [`simulate_here`] gives.
pub fn simulate_here_while(
    adventure: &Adventure,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    opts: &SimOptions,
    go_on: impl FnMut(&RunResult) -> bool,
) -> Result<Report, u32> {
    let results = play_here(adventure, party, tables, opts, go_on);
    if results.len() < opts.runs as usize {
        return Err(results.len() as u32);
    }
    Ok(Report::for_setting(
        &results,
        opts,
        &setting(adventure, party, tables),
    ))
}

/// The runs of [`simulate_here_while`], in order, until `go_on` says stop.
fn play_here(
    adventure: &Adventure,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    opts: &SimOptions,
    mut go_on: impl FnMut(&RunResult) -> bool,
) -> Vec<RunResult> {
    let mut results = Vec::with_capacity(opts.runs as usize);
    for i in 0..opts.runs {
        let r = run_number(adventure, party, tables, opts, i);
        let more = i + 1 < opts.runs && go_on(&r);
        results.push(r);
        if !more {
            break;
        }
    }
    results
}

/// What the report says of the adventure: its timer and the fewest turns
/// the fastest hero needs to fetch the goal (a single scenario only).
pub fn setting(adventure: &Adventure, party: &Arc<Party>, tables: &Arc<Tables>) -> Setting {
    let game = adventure.new_game(
        party.clone(),
        tables.clone(),
        GameOptions {
            seed: 0,
            combat: CombatMode::Dice,
        },
    );
    let g = game.state();
    let fewest_turns = match adventure {
        Adventure::Scenario(_) => fewest_turns(g),
        Adventure::Dungeon(_) => None,
    };
    Setting {
        turn_limit: g.floors.turn_limit,
        fewest_turns,
    }
}

/// The fewest turns the fastest hero needs to walk from the entrance to the
/// goal (the Quest Chest, the prisoner, the Guardian's token), step next to
/// it and walk back out, opening doors but fighting nothing.
fn fewest_turns(g: &State) -> Option<u32> {
    let goal = match g.goal() {
        Goal::Rescue => g.prisoner_square(),
        Goal::Kidnapping => g.wmts.iter().find(|w| w.guardian()).map(|w| w.pos),
        Goal::Quest | Goal::Stealth => g.chests.iter().find_map(|c| match (c.quest, c.place) {
            (true, ChestPlace::At(p)) => Some(p),
            _ => None,
        }),
    }?;
    g.hero_ids()
        .filter_map(|h| {
            let speed = g.hero_speed(h);
            let plan = Mover {
                door_open: Some(g.rules().door_open),
                ..g.hero_mover(h)
            };
            let dist = g.board.distances_to(&all_around(goal), &plan, &|_| false);
            let d = g
                .board
                .entrance
                .iter()
                .filter_map(|&e| g.board.idx(e).map(|i| dist[i]))
                .min()
                .filter(|&d| d != FAR)?;
            // In on the entrance square (1), there and back, out (1).
            let walk = 2 * d + 2;
            (speed > 0).then(|| walk.div_ceil(speed))
        })
        .min()
}

/// Plays one game with dice seed `seed` and at most `max_turns` turns.
pub fn play_once(
    scenario: &Arc<Scenario>,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    seed: u64,
    max_turns: u32,
) -> RunResult {
    let a = Adventure::Scenario(scenario.clone());
    play(&a, party, tables, seed, max_turns, None)
}

/// [`play_once`], also returning the transcript: each command after `> `
/// (a refused one followed by `! ` and the reason), then the engine's lines.
pub fn play_once_logged(
    scenario: &Arc<Scenario>,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    seed: u64,
    max_turns: u32,
) -> (RunResult, Vec<String>) {
    play_adventure_logged(
        &Adventure::Scenario(scenario.clone()),
        party,
        tables,
        seed,
        max_turns,
    )
}

/// [`play_once_logged`] for a scenario or a multi-floor dungeon.
pub fn play_adventure_logged(
    adventure: &Adventure,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    seed: u64,
    max_turns: u32,
) -> (RunResult, Vec<String>) {
    let mut log = Vec::new();
    let r = play(adventure, party, tables, seed, max_turns, Some(&mut log));
    (r, log)
}

/// A game, the events of its last command and, optionally, its transcript.
struct Driver<'a> {
    game: Game,
    events: Vec<Event>,
    log: Option<&'a mut Vec<String>>,
    /// Why the game ended, once it has.
    ending: Option<Ending>,
}

impl Driver<'_> {
    /// Plays one command; true if the engine accepted it. Only a logged
    /// run prints anything.
    fn send(&mut self, cmd: Command) -> bool {
        let ok = self.send_quietly(cmd);
        if ok {
            for e in &self.events {
                if let Event::Ended(why) = e {
                    self.ending = Some(*why);
                }
            }
        }
        ok
    }

    fn send_quietly(&mut self, cmd: Command) -> bool {
        let Some(log) = self.log.as_deref_mut() else {
            return self.game.play_into(cmd, &mut self.events).is_ok();
        };
        log.push(format!("> {cmd}"));
        match self.game.play_into(cmd, &mut self.events) {
            Ok(()) => {
                log.extend(transcript::print(self.game.state(), &self.events));
                true
            }
            Err(e) => {
                log.push(format!("! {e}"));
                false
            }
        }
    }

    /// Hero `h` does something.
    fn act(&mut self, h: HeroId, action: HeroAction) -> bool {
        let hero = self.game.heroes[h].name.clone();
        self.send(Command::Hero { hero, action })
    }
}

fn play(
    adventure: &Adventure,
    party: &Arc<Party>,
    tables: &Arc<Tables>,
    seed: u64,
    max_turns: u32,
    log: Option<&mut Vec<String>>,
) -> RunResult {
    let game = adventure
        .new_game(
            party.clone(),
            tables.clone(),
            GameOptions {
                seed,
                combat: CombatMode::Dice,
            },
        )
        .without_dice_log();
    let mut d = Driver {
        game,
        events: Vec::new(),
        log,
        ending: None,
    };
    if let Some(log) = d.log.as_deref_mut() {
        log.extend(d.game.intro());
    }
    while d.game.outcome().is_none() && d.game.turn <= max_turns {
        let Phase::Heroes(pos) = d.game.phase else {
            break;
        };
        let team = d.game.team_order[pos];
        let turn = d.game.turn;
        lead_captive(&mut d, team);
        for h in d.game.hero_ids() {
            if d.game.heroes[h].team == team {
                activation(&mut d, h);
            }
            // The game ended, or the last hero on a floor went down the
            // stairs (which ends the turn at once).
            if d.game.outcome().is_some() || d.game.turn != turn {
                break;
            }
        }
        if d.game.turn != turn && d.game.outcome().is_none() {
            continue;
        }
        // `end turn` is refused only once the game is over.
        if d.game.outcome().is_some() || !d.send(Command::EndTurn) {
            break;
        }
    }
    let g = &d.game;
    let outcome = g.outcome();
    let loss = match outcome {
        Some(Outcome::Won) => None,
        None => Some(Loss::MaxTurns),
        Some(Outcome::Lost) => Some(match d.ending {
            Some(Ending::TimeUp { .. }) => Loss::MissionTimer,
            Some(Ending::CutOff) => Loss::CutOff,
            _ if g.heroes.iter().all(|h| h.place == HeroPlace::Slain) => Loss::PartySlain,
            Some(
                Ending::QuestNobodyLeft
                | Ending::PrisonerNobodyLeft
                | Ending::StealthNobodyLeft
                | Ending::KidnapNobodyLeft,
            ) => Loss::NobodyLeft,
            _ => Loss::GoalLost,
        }),
    };
    RunResult {
        loss,
        won: outcome == Some(Outcome::Won),
        timed_out: outcome.is_none(),
        turns: g.turn.min(max_turns),
        heroes_lost: g
            .heroes
            .iter()
            .filter(|h| h.place == HeroPlace::Slain)
            .count() as u32,
        wmts_revealed: g.stats.wmts_revealed,
        monsters_fought: g.stats.monsters_revealed,
        monsters_slain: g.stats.monsters_slain,
        chests_opened: g.stats.chests_opened,
    }
}

/// One hero's activation: the policy's commands until it is over.
fn activation(d: &mut Driver, h: HeroId) {
    let turn = d.game.turn;
    if should_heal(d.game.state(), h) {
        let hero = d.game.heroes[h].name.clone();
        d.send(Command::Heal {
            hero: String::from(&*hero),
        });
    }
    for _ in 0..MAX_COMMANDS {
        let hero = &d.game.heroes[h];
        if d.game.outcome().is_some()
            || d.game.turn != turn
            || hero.done
            || hero.held > 0
            || matches!(
                hero.place,
                HeroPlace::Escaped | HeroPlace::Slain | HeroPlace::Below
            )
        {
            return;
        }
        let g = d.game.state();
        let accepted = match choose(g, h).or_else(|| way_on(g, h)) {
            Some(action) => d.act(h, action),
            None => false,
        };
        if !accepted {
            break;
        }
    }
    let hero = &d.game.heroes[h];
    if d.game.outcome().is_none()
        && d.game.turn == turn
        && !hero.done
        && hero.held == 0
        && hero.pos().is_some()
    {
        d.act(h, HeroAction::Pass);
    }
}

/// Does healing hero `h` from the shared pool pay now? When the hero stands
/// in the dungeon, has lost at least half its wounds (or has one left), and
/// the pool holds the price of a heal.
pub(crate) fn should_heal(g: &State, h: HeroId) -> bool {
    let hero = &g.heroes[h];
    let unspent = g.xp.saturating_sub(g.xp_spent);
    hero.pos().is_some()
        && !g.is_prisoner(h)
        && hero.wounds > hero.heal_floor()
        && (hero.wounds * 2 >= hero.stats.wounds || hero.wounds_left() <= 1)
        && unspent >= g.heal_cost(h)
}

/// A closed chest beside hero `h` (or under it) that pays to open on the
/// way: not the Quest Chest (the goal rules handle it), an unhurt hero (a
/// trap may wound it), no monster next to the hero, the speed to open it, and a hand left free for the Quest Chest
/// while that may still need carrying (a hero carrying the Quest Chest
/// opens none).
pub(crate) fn chest_on_the_way(g: &State, h: HeroId) -> Option<Point> {
    let hero = &g.heroes[h];
    let p = hero.pos()?;
    let left = g.hero_speed(h).saturating_sub(hero.spent);
    if hero.wounds > 0
        || left < g.rules().chest_pickup
        || g.floor_monsters()
            .any(|m| g.monsters[m].pos.is_some_and(|q| Board::adjacent(p, q)))
    {
        return None;
    }
    let quest = g.chests.iter().find(|c| c.quest);
    if quest.is_some_and(|c| c.place == ChestPlace::Hero(h)) {
        return None;
    }
    let quest_waits =
        quest.is_some_and(|c| matches!(c.place, ChestPlace::At(_) | ChestPlace::Monster(_)));
    let hands = g.rules().chests_per_hero as usize;
    let room = hero.chests.len() + 1 + usize::from(quest_waits) <= hands;
    if !room {
        return None;
    }
    g.chests
        .iter()
        .filter(|c| !c.quest && !c.open)
        .filter_map(|c| match c.place {
            ChestPlace::At(q) if q == p || Board::adjacent(p, q) => Some(q),
            _ => None,
        })
        .min_by_key(|q| (q.y, q.x))
}

/// The policy: what hero `h` does next (`None`: nothing, pass).
fn choose(g: &State, h: HeroId) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    // An attack needs speed left (a hero that has not moved always has some).
    let can_attack = hero.spent == 0 || hero.spent < g.hero_speed(h);
    if let Some(p) = hero.pos()
        && can_attack
    {
        if let Some(id) = weakest(g, |q| g.board.touching(p, q)) {
            return Some(HeroAction::Attack(id));
        }
        if let Some(s) = hero.stats.shoot
            && let Some(id) = weakest(g, |q| {
                chebyshev(p, q) <= s.range && crate::mkd::play::board::line_of_sight(&g.board, p, q)
            })
        {
            return Some(HeroAction::Attack(id));
        }
    }
    if let Some(c) = chest_on_the_way(g, h) {
        return Some(HeroAction::OpenChest(c));
    }
    // Speed left: a chest or the way out that cannot be paid for waits.
    let left = g.hero_speed(h).saturating_sub(hero.spent);
    match g.goal() {
        Goal::Rescue => return rescue(g, h, left),
        Goal::Kidnapping => return kidnapping(g, h, left),
        Goal::Quest | Goal::Stealth => {}
    }
    let quest = g.chests.iter().position(|c| c.quest);
    let place = quest.map(|c| g.chests[c].place);
    match place {
        Some(ChestPlace::At(c)) => {
            if let Some(p) = hero.pos()
                && (p == c || Board::adjacent(p, c))
            {
                let open = g.chests.iter().find(|x| x.quest)?.open;
                return (left >= g.rules().chest_pickup).then_some(if open {
                    HeroAction::TakeChest(c)
                } else {
                    HeroAction::OpenChest(c)
                });
            }
            let around = all_around(c);
            let mut goals = [c; 9];
            goals[..8].copy_from_slice(&around);
            walk_towards(g, h, &goals)
        }
        Some(ChestPlace::Hero(carrier)) if carrier == h => {
            head_out(g, h, left).or_else(|| hand_over(g, h))
        }
        Some(ChestPlace::Hero(carrier)) => {
            let p = hero.pos()?;
            if g.is_exit(p) {
                return (left >= 1).then_some(HeroAction::Leave);
            }
            let cp = g.heroes[carrier].pos()?;
            if Board::adjacent(p, cp) {
                return None;
            }
            walk_towards(g, h, &all_around(cp))
        }
        Some(ChestPlace::Monster(m)) => {
            let mp = g.monsters[m].pos?;
            walk_towards(g, h, &all_around(mp))
        }
        // The game goes on until every hero is out or fallen.
        Some(ChestPlace::Out) => head_out(g, h, left),
        None if g.floors.stairs.is_some() && g.floors.plan.is_some() => go_down(g, h, left),
        Some(ChestPlace::Lost) | None => head_out(g, h, left),
    }
}

/// To an exit and out (stepping out costs a speed point).
/// Rescue: free the prisoner, then bring them out.
fn rescue(g: &State, h: HeroId, left: u32) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    if let Some(pp) = g.prisoner_square() {
        if hero.pos().is_some_and(|p| Board::adjacent(p, pp)) {
            return Some(HeroAction::Free);
        }
        return walk_towards(g, h, &all_around(pp));
    }
    match g.mission.freed {
        Some(f) if f != h && g.heroes[f].pos().is_some() => {
            let p = hero.pos()?;
            if g.board.is_entrance(p) {
                return (left >= 1).then_some(HeroAction::Leave);
            }
            let fp = g.heroes[f].pos()?;
            if Board::adjacent(p, fp) {
                return None;
            }
            walk_towards(g, h, &all_around(fp))
        }
        _ => head_out(g, h, left),
    }
}

/// Kidnapping: find the Guardian, then stay next to the kidnappee.
fn kidnapping(g: &State, h: HeroId, left: u32) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    match g.mission.kidnappee {
        None => match g.wmts.iter().find(|w| w.guardian()) {
            Some(w) => walk_towards(g, h, &all_around(w.pos)),
            None => head_out(g, h, left),
        },
        Some(k) => match g.monsters[k].pos {
            Some(kp) if g.mission.captured => {
                // Keep next to the captive, behind it rather than in its way.
                let exit = exit_distances(g, k);
                let at = |q: Point| g.board.idx(q).map_or(FAR, |i| exit[i]);
                // A hero ahead of it on the way out walks on and leaves,
                // clearing the way.
                if hero.pos().is_some_and(|p| at(p) < at(kp)) {
                    return head_out(g, h, left);
                }
                let around = all_around(kp);
                let behind: Vec<Point> = around
                    .iter()
                    .copied()
                    .filter(|&q| at(q) != FAR && at(q) >= at(kp))
                    .collect();
                if hero.pos().is_some_and(|p| behind.contains(&p)) {
                    return None;
                }
                walk_towards(g, h, if behind.is_empty() { &around } else { &behind })
                    .or_else(|| walk_towards(g, h, &around))
            }
            Some(kp) => walk_towards(g, h, &all_around(kp)),
            None => head_out(g, h, left),
        },
    }
}

/// Kidnapping: speed points from every square to the entrance for the
/// kidnappee `k`, with only other monsters and tokens in the way.
fn exit_distances(g: &State, k: MonsterId) -> Field {
    let mover = g.monster_mover(k);
    g.board.distances_to(&g.board.entrance, &mover, &|i| {
        let q = g.board.point(i);
        g.monster_at(q).is_some_and(|o| o != k) || g.wmts.iter().any(|w| w.pos == q)
    })
}

/// Kidnapping: a team with a hero next to the captive leads it out when the
/// entrance is within its speed, or else to the free square within its
/// speed nearest the entrance (ties: north first, then west).
fn lead_captive(d: &mut Driver, team: usize) {
    let g = d.game.state();
    let Some(k) = g.mission.kidnappee else {
        return;
    };
    let Some(kp) = g.monsters[k].pos else {
        return;
    };
    let guarded = g
        .heroes
        .iter()
        .any(|x| x.team == team && x.pos().is_some_and(|p| Board::adjacent(p, kp)));
    if !g.mission.captured || !guarded {
        return;
    }
    let id = g.monsters[k].id.clone();
    let speed = g.monsters[k].stats.speed;
    let mover = g.monster_mover(k);
    let at = |v: &[u32], q: Point| g.board.idx(q).map_or(FAR, |i| v[i]);
    let exit = exit_distances(g, k);
    // The captive's cost to each square within its speed, walking out of
    // its own: the way the engine counts a lead (entering hindering terrain
    // costs more, so a walk in to the captive would count the other way).
    let free_way = g.board.distances_from_within(
        kp,
        &mover,
        &|i| {
            let q = g.board.point(i);
            q != kp && g.occupied(q)
        },
        speed,
    );
    let out = g
        .board
        .entrance
        .iter()
        .any(|&e| (e == kp || !g.occupied(e)) && at(&free_way, e) < speed);
    if out {
        d.send(Command::Lead {
            monster: String::from(&*id),
            to: None,
        });
        return;
    }
    let best = (0..g.board.len())
        .map(|i| g.board.point(i))
        .filter(|&q| q != kp && g.board.passable(q) && !g.occupied(q))
        .filter(|&q| at(&free_way, q) <= speed && at(&exit, q) < at(&exit, kp))
        .min_by_key(|&q| (at(&exit, q), q.y, q.x));
    if let Some(to) = best {
        d.send(Command::Lead {
            monster: String::from(&*id),
            to: Some(to),
        });
    }
}

/// For hero `h` with nothing to do at the start of its activation: when no
/// walk leads it off the floor, another way on (see the module's policy).
fn way_on(g: &State, h: HeroId) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    let p = hero.pos()?;
    if !hero.displaced || hero.spent > 0 {
        return None;
    }
    let off = g.ways_off();
    if g.could_walk_to_any(h, p, &off) {
        return None;
    }
    match g.markers.iter().find(|m| m.pos == p).map(|m| m.kind) {
        Some(PlayMarker::Teleporter) => {
            let to = g
                .markers
                .iter()
                .filter(|m| m.kind == PlayMarker::Teleporter && m.pos != p)
                .map(|m| m.pos)
                .find(|&q| g.could_walk_to_any(h, q, &off));
            return Some(HeroAction::Teleport(to));
        }
        Some(PlayMarker::Vortex) => return Some(HeroAction::Vortex),
        Some(PlayMarker::Staircase) | None => {}
    }
    let goals: Vec<Point> = g
        .other_ways_on()
        .into_iter()
        .map(|i| g.board.point(i))
        .collect();
    walk_towards(g, h, &goals)
}

/// To the entrance and out (stepping out costs a speed point).
fn head_out(g: &State, h: HeroId, left: u32) -> Option<HeroAction> {
    let p = g.heroes[h].pos()?;
    if g.is_exit(p) {
        return (left >= 1).then_some(HeroAction::Leave);
    }
    walk_towards(g, h, &g.exit_squares())
}

/// For the Quest Chest's carrier `h` that can take no step out at the start
/// of its activation (a friend in front on ground it cannot pay to walk
/// past, say): hand the chest to a friend next to it that is nearer the way
/// out (by a walk with doors opened and figures gone), has a hand free and
/// is not the prisoner; the nearest, then the first in party order. The
/// chest only ever goes nearer the way out, so two heroes never hand it
/// back and forth.
fn hand_over(g: &State, h: HeroId) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    let p = hero.pos()?;
    let rules = g.rules();
    let last = *hero.chests.last()?;
    if hero.spent > 0 || !g.chests[last].quest || g.hero_speed(h) < rules.chest_transfer {
        return None;
    }
    let mover = Mover {
        door_open: Some(0),
        ..g.hero_mover(h)
    };
    let out = g.board.distances_to(&g.exit_squares(), &mover, &|_| false);
    let at = |q: Point| g.board.idx(q).map_or(FAR, |i| out[i]);
    let mine = at(p);
    g.hero_ids()
        .filter(|&o| o != h && !g.is_prisoner(o))
        .filter(|&o| g.heroes[o].chests.len() < rules.chests_per_hero as usize)
        .filter_map(|o| {
            let q = g.heroes[o].pos().filter(|&q| Board::adjacent(p, q))?;
            (at(q) < mine).then_some((at(q), o))
        })
        .min()
        .map(|(_, o)| HeroAction::GiveChest(String::from(&*g.heroes[o].name)))
}

/// To the stairs down and down them (a floor without the goal).
fn go_down(g: &State, h: HeroId, left: u32) -> Option<HeroAction> {
    let stairs = g.floors.stairs?;
    if g.heroes[h].pos() == Some(stairs) {
        return (left >= g.rules().staircase).then_some(HeroAction::Stairs);
    }
    walk_towards(g, h, &[stairs])
}

/// The revealed monster with the fewest wounds left among those whose
/// square passes `near` (ties: the smaller id).
fn weakest(g: &State, near: impl Fn(Point) -> bool) -> Option<String> {
    let captive = g.mission.kidnappee.filter(|_| g.mission.captured);
    g.floor_monsters()
        .filter(|&i| g.monsters[i].pos.is_some_and(&near) && Some(i) != captive)
        .map(|i| &g.monsters[i])
        .min_by(|a, b| {
            a.wounds_left()
                .cmp(&b.wounds_left())
                .then_with(|| a.id.cmp(&b.id))
        })
        .map(|m| String::from(&*m.id))
}

/// The command that takes hero `h` along the shortest route towards any of
/// `goals` as far as its speed allows, or opens the closed door in front of
/// it. `None` when there is no route or no step it can pay for.
fn walk_towards(g: &State, h: HeroId, goals: &[Point]) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    // On the board with no speed left, a hero can take no step (each costs
    // at least a point) and open no door that costs one: [`plan_walk`]
    // would find nothing, and its routes are left unwalked.
    let speed = g.hero_speed(h);
    if hero.pos().is_some() && hero.spent >= speed && g.rules().door_open > 0 {
        return None;
    }
    plan_walk(g, h, goals, speed)
}

/// [`walk_towards`] for hero `h` with `speed` ([`State::hero_speed`]),
/// routes and all.
fn plan_walk(g: &State, h: HeroId, goals: &[Point], speed: u32) -> Option<HeroAction> {
    let hero = &g.heroes[h];
    let me = hero.pos();
    let here = me.and_then(|p| g.board.idx(p));
    let figures = figure_squares(g, here);
    // A monster or token on a square (never the hero's own, `here`).
    let figure = |q: Point| {
        g.board
            .idx(q)
            .is_some_and(|i| figures.binary_search(&i).is_ok())
    };
    // Free: no one stands there ([`State::occupied`], with the monsters
    // and tokens looked up in `figures`).
    let prisoner = g.prisoner_square();
    let free = |q: Point| {
        g.board.passable(q)
            && (Some(q) == me || !(figure(q) || g.hero_at(q).is_some() || prisoner == Some(q)))
    };
    let mut free_goals = Vec::with_capacity(goals.len());
    free_goals.extend(goals.iter().copied().filter(|&q| free(q)));
    let goals = free_goals;
    if goals.is_empty() || me.is_some_and(|p| goals.contains(&p)) {
        return None;
    }
    let walk = g.hero_mover(h);
    // Routes may go through closed doors (opened on the way).
    let plan = Mover {
        door_open: Some(g.rules().door_open),
        ..walk
    };
    // Round monsters and tokens if possible, else straight at them. These
    // two fields depend only on the board, the goals, the walk and where
    // the monsters and tokens stand, which most of the heroes' commands
    // leave as they were: they come from this thread's recent fields.
    // The fields give no distance to a square no hero can stand on, unless
    // the route starts on one (should the board change under a hero).
    let standing = match me {
        Some(p) => g.board.can_stand(p, &plan),
        None => g
            .entry_squares(h)
            .iter()
            .all(|&e| g.board.can_stand(e, &plan)),
    };
    let round = recent_field(g, &goals, &plan, &figures, standing);
    let (dist, through) = match start_square(g, h, &round) {
        Some(_) => (round, false),
        None => (recent_field(g, &goals, &plan, &[], standing), true),
    };
    // Near the goal (within two activations' walk), keep off the squares
    // that would reveal a token, when a route round them exists.
    let near = start_square(g, h, &dist).is_some_and(|(p, c)| {
        g.board
            .idx(p)
            .is_some_and(|i| dist[i] != FAR && dist[i] + c <= 2 * speed)
    });
    let mut careful = false;
    let dist = if near {
        // Every square a figure stands on or a token would be revealed
        // from, but the hero's own. The field round them is walked only
        // when it differs from the one in hand, which a look at the
        // squares beside them tells.
        let shunned = shunned_squares(g, &figures, here);
        let shun = |i: usize| shunned.binary_search(&i).is_ok();
        // Who blocked the field in hand: the figures, or no one.
        let was = |i: usize| !through && figures.binary_search(&i).is_ok();
        if g.board
            .field_changes_if_blocked(&dist, &plan, &was, &shun, &shunned)
        {
            // From the hero's square the walk downhill reads only squares
            // nearer the goal, so the field may stop there.
            let round_tokens = with_marks(g.board.len(), &shunned, |marked| {
                let shun = |i: usize| marked[i];
                match me {
                    Some(p) => g.board.distances_to_reach(&goals, p, &plan, &shun),
                    None => g.board.distances_to(&goals, &plan, &shun),
                }
            });
            match start_square(g, h, &round_tokens) {
                Some(_) => {
                    careful = true;
                    Rc::new(round_tokens)
                }
                None => dist,
            }
        } else {
            dist
        }
    } else {
        dist
    };
    let (start, enter) = start_square(g, h, &dist)?;
    let left = speed.saturating_sub(hero.spent);
    let mut spent = enter;
    if spent > left {
        return None;
    }
    let mut best = (me.is_none() && !g.occupied(start)).then_some(start);
    let mut here = start;
    while dist[g.board.idx(here)?] != 0 {
        let steps = g.board.downhill(here, &dist, &plan);
        // A careful route's squares are scored even where they would reveal
        // a token; the walk steps only on the ones that do not.
        let next = if careful {
            let safe = |q: &Point| {
                g.board.idx(*q).is_some_and(|i| dist[i] == 0) || g.wmt_triggered_by(*q).is_empty()
            };
            match steps.into_iter().find(safe) {
                Some(q) => q,
                None => break,
            }
        } else {
            *steps.first()?
        };
        let shut = g
            .board
            .door_between(here, next)
            .filter(|&door| !g.board.doors[door].open);
        // The hero stands at the door with the speed to open it, and has
        // not moved this command: open it. With a figure behind it, only
        // for a monster, which the hero then fights (rule 1); a monster
        // there that cannot reach the heroes either would otherwise hold
        // both sides until the turn limit.
        let opens = shut.is_some()
            && best.is_none()
            && Some(here) == me
            && left >= g.rules().door_open
            && (!figure(next) || g.monster_at(next).is_some());
        if let Some(door) = shut.filter(|_| opens) {
            // Name the door by a square that picks it out.
            let at = [next, here]
                .into_iter()
                .find(|&q| g.board.doors_at(q).first() == Some(&door))
                .unwrap_or(next);
            return Some(HeroAction::OpenDoor(at));
        }
        if figure(next) || shut.is_some() {
            break;
        }
        let Some(cost) = g.board.step_cost(here, next, &walk) else {
            break;
        };
        if spent + cost > left {
            break;
        }
        spent += cost;
        here = next;
        if !g.occupied(here) {
            best = Some(here);
            // Round the tokens one square a command: `moves to` a farther
            // square would walk the engine's own shortest way, by them.
            if careful {
                break;
            }
        }
    }
    let to = best?;
    Some(HeroAction::Move(to))
}

/// The squares (board indexes, ascending) a monster or token stands on,
/// except `here`, the walking hero's own.
fn figure_squares(g: &State, here: Option<usize>) -> Vec<usize> {
    let monsters = g.floor_monsters().filter_map(|m| g.monsters[m].pos);
    let mut v = Vec::with_capacity(g.monsters.len() + g.wmts.len());
    v.extend(
        monsters
            .chain(g.wmts.iter().map(|w| w.pos))
            .filter_map(|q| g.board.idx(q))
            .filter(|&i| Some(i) != here),
    );
    v.sort_unstable();
    v.dedup();
    v
}

/// The squares (board indexes, ascending) the automatic heroes' careful
/// walk keeps off: the `figures` ([`figure_squares`]) and every square that
/// would reveal a token (beside one, or on its tile), except `here`.
fn shunned_squares(g: &State, figures: &[usize], here: Option<usize>) -> Vec<usize> {
    let mut v = g.token_trigger_squares().to_vec();
    v.retain(|&i| Some(i) != here);
    v.extend_from_slice(figures);
    v.sort_unstable();
    v.dedup();
    v
}

/// A whole field to `goals` for `plan`, every square in `blocked` (board
/// indexes, sorted) blocking routes through it; with `standing`, on the
/// squares a hero can stand on only ([`Board::distances_to_standing`]),
/// else on every square ([`Board::distances_to`]): one this thread walked
/// recently on the same board (the same `Arc`, which the entry holds, so
/// an equal pointer is an unchanged board) with the same inputs, or a new
/// one. The field is a function of exactly these inputs, so a kept one is
/// the field a new walk would give.
fn recent_field(
    g: &State,
    goals: &[Point],
    plan: &Mover,
    blocked: &[usize],
    standing: bool,
) -> Rc<Field> {
    RECENT_FIELDS.with(|recent| {
        recent.borrow_mut().find_or_make(
            |(board, p, st, b, gs)| {
                Arc::ptr_eq(&board.0, &g.board)
                    && p == plan
                    && *st == standing
                    && b.as_slice() == blocked
                    && gs.as_slice() == goals
            },
            || {
                let field = Rc::new(with_marks(g.board.len(), blocked, |marked| {
                    let is_blocked = |i: usize| marked[i];
                    if standing {
                        g.board.distances_to_standing(goals, plan, &is_blocked)
                    } else {
                        g.board.distances_to(goals, plan, &is_blocked)
                    }
                }));
                let key = (
                    Same(g.board.clone()),
                    *plan,
                    standing,
                    blocked.to_vec(),
                    goals.to_vec(),
                );
                (key, field)
            },
        )
    })
}

/// A field [`recent_field`] keeps: the board, the walk, whether only
/// standing squares count, the blocked squares and the goals it was walked
/// from (compared in that order, the cheapest first).
type FieldKey = (Same<Board>, Mover, bool, Vec<usize>, Vec<Point>);

/// Runs `f` with a flag per board square (`len` of them), set on the
/// squares in `marked` (board indexes) and on no other: a walk asks of
/// each square it takes whether it is blocked, and a flag answers that
/// faster than a search of the list.
fn with_marks<R>(len: usize, marked: &[usize], f: impl FnOnce(&[bool]) -> R) -> R {
    with_flags(&MARKS, len, marked.iter().copied(), f)
}

thread_local! {
    /// The flags [`with_marks`] lends, all unset between uses.
    static MARKS: std::cell::RefCell<Vec<bool>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The thread's 16 most recent fields.
    static RECENT_FIELDS: std::cell::RefCell<Recent<FieldKey, Rc<Field>>> =
        const { std::cell::RefCell::new(Recent::new(16)) };
}

/// Where hero `h`'s route starts along `dist`: its square, or (from outside)
/// the free entrance square nearest the goal, with the cost of stepping on
/// it. `None` when no route leads to the goal.
fn start_square(g: &State, h: HeroId, dist: &[u32]) -> Option<(Point, u32)> {
    let d = |q: Point| g.board.idx(q).map_or(FAR, |i| dist[i]);
    match g.heroes[h].pos() {
        Some(p) => (d(p) != FAR).then_some((p, 0)),
        None => {
            let walk = g.hero_mover(h);
            g.entry_squares(h)
                .iter()
                .filter(|&&e| !g.occupied(e) && d(e) != FAR)
                .filter_map(|&e| Some((d(e), e, g.board.step_cost(e, e, &walk)?)))
                .min_by_key(|&(de, e, c)| (de + c, e.y, e.x))
                .map(|(_, e, c)| (e, c))
        }
    }
}

#[cfg(test)]
mod tests;
