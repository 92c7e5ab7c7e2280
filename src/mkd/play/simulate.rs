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
//!    (same choice). A monster out of the fight is left out: one whose
//!    latest hunt found no way to any hero, that has no shot of its own and
//!    could not walk next to any hero even with every shut door opened and
//!    no figure in the way. The hero shoots it only when none of the rules
//!    below and no way on (see below) gives it anything else to do, so a
//!    troll across a crevice that heals what the arrows do no longer holds
//!    an archer there for the rest of the game.
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
//! (the `missions` module).
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
//!   (rules 1 and 2) until it is captured, and never attack it after (a
//!   hero next to it across a shut door opens the door). At the
//!   start of each team's turn, if one of its heroes stands next to the
//!   captive, the team leads it out (`lead ID out`) when the entrance is
//!   within its speed, or else to the free square within its speed nearest
//!   the entrance (`lead ID to X,Y`). When no square is nearer because a
//!   monster stands in its way (every square next to it a step nearer the
//!   entrance, counted with no figure on the board, is taken, one of them
//!   by a monster), the team leads it aside instead: to the free square
//!   within its speed that is farther from the entrance than its own
//!   (counted the same way), next to a hero of the team if one is, then
//!   nearest the entrance. Its square freed, the monster can come up to the
//!   heroes and be fought. Each aside ends farther from the entrance than
//!   it began, so asides never lead it back and forth. Heroes nearer the
//!   entrance than the captive walk out and leave (clearing its way); the
//!   others keep to the squares next to it that are not nearer the
//!   entrance than it. While other monsters shut the captive off from the
//!   entrance (no way out for it with monsters and tokens in the way, one
//!   with only tokens), the first hero in party order next to it stays as
//!   its guard and every other hero walks next to the monster in its way
//!   (of those nearer the entrance than the captive with no figure on the
//!   board, the nearest to it) and so fights it; before, with no way out
//!   for the captive, every other hero counted as ahead of it and left.
//!   When no hero but the guard can walk up to that monster (the captive
//!   corks the narrow way between them), the captive is led on towards it
//!   along the way it would take with no monster on the board, and the
//!   guard keeps behind it on that way (`policy::corked_way`).
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

mod policy;

use crate::core::dice::run_seed;
use crate::core::geom::all_around;
use crate::core::stats::wilson95;
use crate::mkd::mission::Goal;
use crate::mkd::play::board::walk::FAR;
use crate::mkd::play::board::{Board, Mover};
use crate::mkd::play::command::{Command, HeroAction};
use crate::mkd::play::engine::{CombatMode, Game, GameOptions};
use crate::mkd::play::event::{Ending, Event};
use crate::mkd::play::floors::Adventure;
use crate::mkd::play::party::Party;
use crate::mkd::play::state::{ChestPlace, HeroId, HeroPlace, Outcome, Phase, State};
use crate::mkd::play::transcript;
use crate::mkd::scenario::Scenario;
use crate::mkd::tables::Tables;
use crate::scenario::Point;
use policy::{
    choose, corked_way, exit_distances, in_the_way, lead_aside, shoot_aloof, should_heal, way_on,
};
use rayon::prelude::*;
use serde::Serialize;
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

pub use crate::core::stats::win_rate;

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
        let action = choose(g, h)
            .or_else(|| way_on(g, h))
            .or_else(|| shoot_aloof(g, h));
        let accepted = match action {
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

/// Kidnapping: a team with a hero next to the captive leads it out when the
/// entrance is within its speed, or else to the free square within its
/// speed nearest the entrance (ties: north first, then west); when a
/// monster in its way leaves no such square, aside ([`lead_aside`]).
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
    let mut exit = exit_distances(g, k);
    // Corked in the one way between its guard and the monster in its way:
    // led on towards that monster along its way with no monster on the
    // board ([`corked_way`]).
    if g.board.idx(kp).is_none_or(|i| exit[i] == FAR)
        && let Some(m) = in_the_way(g, k, kp)
        && let Some(clear) = corked_way(g, k, kp, m)
    {
        exit = clear;
    }
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
    if let Some(to) = best.or_else(|| lead_aside(g, k, team, &free_way)) {
        d.send(Command::Lead {
            monster: String::from(&*id),
            to: Some(to),
        });
    }
}

#[cfg(test)]
mod tests;
