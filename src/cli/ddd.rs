//! `generate --ruleset dd-and-d`: a Dungeons Dark & Dangerous board set up
//! for one of the six scenarios.

use super::outputs::OutputArgs;
use clap::Args;
use std::path::PathBuf;
use tilecrawl::build::board::BOARD_SIDE;
use tilecrawl::ddd::batch::Rating;
use tilecrawl::ddd::warparty::{self, Die};
use tilecrawl::ddd::{Choice, DddOptions, ScenarioKind};
use tilecrawl::pack::{self, PackOptions};

/// The options of a Dungeons Dark & Dangerous board (`--ruleset dd-and-d`).
#[derive(Debug, Args)]
pub(crate) struct DddArgs {
    /// dd-and-d: the scenario — battle, ambush, treasure-hunt,
    /// object-of-power, free-prisoner, secrets-of-the-ancients — or `roll`
    /// (a d6, logged); any case, spaces for hyphens. Default: roll.
    #[arg(long, value_name = "NAME", value_parser = scenario_parser(), hide_possible_values = true)]
    scenario: Option<ScenarioArg>,
    /// dd-and-d: the board in squares, WIDTHxHEIGHT (24 to 72 each way).
    /// Default: 36x36, a 3-foot board of 1-inch squares.
    #[arg(long, value_name = "WxH", value_parser = parse_board)]
    board: Option<(u32, u32)>,
    /// dd-and-d: a symmetric board (a quarter turn on a square board, a half
    /// turn on an oblong one): each edge walks exactly as far to the
    /// objective as the edges it turns onto (on an oblong board and in
    /// treasure-hunt, the opposite edge).
    #[arg(long)]
    fair: bool,
    /// dd-and-d: doors to lock, on loops only (0 to 20; default 2). With --fair a
    /// door is locked with its turned images, so N is rounded up to whole
    /// sets: 4 doors a set on a square board, 2 on an oblong one (1 gives 4).
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u32>(0, 20))]
    locked_doors: Option<u32>,
    /// dd-and-d: doors to make secret, on loops only (0 to 20; default 1). With
    /// --fair, whole sets of turned images as for --locked-doors (1 gives 4
    /// on a square board).
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u32>(0, 20))]
    secret_doors: Option<u32>,
    /// dd-and-d: Blue's war-party, for the dice-off of `--scenario roll`
    /// and for `--simulate`'s games (default: `warparty new --seed 1`'s).
    // The dice-off: the rule text's L146-147.
    #[arg(long, value_name = "FILE")]
    warparty: Option<PathBuf>,
    /// dd-and-d: Red's war-party, for the dice-off of `--scenario roll` and
    /// for `--simulate`'s games (default: `warparty new --seed 2`'s).
    #[arg(long, value_name = "FILE")]
    opponent: Option<PathBuf>,
}

/// A `--scenario` value.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ScenarioArg {
    Named(ScenarioKind),
    Roll,
}

/// `--scenario`'s parser, offering `roll` and the six ids to tab completion.
fn scenario_parser()
-> super::shell::Offered<impl clap::builder::TypedValueParser<Value = ScenarioArg>> {
    super::shell::offered(
        parse_scenario,
        std::iter::once("roll").chain(ScenarioKind::ALL.map(ScenarioKind::id)),
    )
}

/// A `--scenario` name, read as a player may type it: any case, and
/// spaces or underscores for the hyphens (`Ambush`, `"Treasure Hunt"`).
fn parse_scenario(s: &str) -> Result<ScenarioArg, String> {
    let id = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    if id == "roll" {
        return Ok(ScenarioArg::Roll);
    }
    ScenarioKind::parse(&id)
        .map(ScenarioArg::Named)
        .ok_or_else(|| {
            format!(
                "unknown scenario `{}`; expected roll or one of: {}",
                s.escape_default(),
                ScenarioKind::known()
            )
        })
}

fn parse_board(s: &str) -> Result<(u32, u32), String> {
    let (lo, hi) = BOARD_SIDE;
    let bad = || {
        format!(
            "`{}`: expected WIDTHxHEIGHT in squares, such as 36x36",
            s.escape_default()
        )
    };
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(lo..=hi).contains(&w) || !(lo..=hi).contains(&h) {
        return Err(format!(
            "{w}x{h}: a board has {lo} to {hi} squares each way"
        ));
    }
    Ok((w, h))
}

impl DddArgs {
    /// Were any dd-and-d options given (refused for another ruleset)?
    pub(crate) fn any(&self) -> bool {
        self.scenario.is_some()
            || self.board.is_some()
            || self.fair
            || self.locked_doors.is_some()
            || self.secret_doors.is_some()
            || self.warparty.is_some()
            || self.opponent.is_some()
    }

    /// The two sides `simulate` plays on a board: `--warparty` as Blue and
    /// `--opponent` as Red, or `warparty new --seed 1`'s and `--seed 2`'s.
    pub(crate) fn sides(&self) -> anyhow::Result<(warparty::Warparty, warparty::Warparty)> {
        Ok((
            super::play_ddd::party(self.warparty.as_deref(), 1, "Blue")?,
            super::play_ddd::party(self.opponent.as_deref(), 2, "Red")?,
        ))
    }

    /// The two sides of [`DddArgs::sides`] as a rating's words name them,
    /// Blue's then Red's: `the war party in FILE`, or `the default war
    /// party` (as the other games say `the party in FILE` or `the default
    /// party`).
    pub(crate) fn sides_named(&self) -> (String, String) {
        let name = |file: &Option<PathBuf>| match file {
            Some(p) => format!("the war party in {}", p.display()),
            None => "the default war party".to_string(),
        };
        (name(&self.warparty), name(&self.opponent))
    }

    /// The scenario's choice: named, a d6, or the war-parties' dice-off.
    fn choice(&self) -> anyhow::Result<Choice> {
        let parties = self.warparty.is_some() || self.opponent.is_some();
        Ok(match self.scenario {
            Some(ScenarioArg::Named(k)) => {
                if parties {
                    bail_usage!(
                        "--warparty and --opponent roll the dice-off of `--scenario roll`; a named scenario needs none"
                    );
                }
                Choice::Named(k)
            }
            None | Some(ScenarioArg::Roll) if !parties => Choice::Roll,
            None | Some(ScenarioArg::Roll) => {
                let best = |file: &Option<PathBuf>, seed: u64, name: &str| -> anyhow::Result<Die> {
                    let w = match file {
                        Some(p) => warparty::load(p)?,
                        None => warparty::new(seed, name),
                    };
                    Ok(w.models.iter().map(|m| m.power).max().unwrap_or(Die::D4))
                };
                Choice::DiceOff {
                    blue: best(&self.warparty, 1, "Blue")?,
                    red: best(&self.opponent, 2, "Red")?,
                }
            }
        })
    }

    pub(crate) fn options(&self) -> anyhow::Result<DddOptions> {
        let d = DddOptions::default();
        let (width, height) = self.board.unwrap_or((d.width, d.height));
        Ok(DddOptions {
            choice: self.choice()?,
            width,
            height,
            fair: self.fair,
            locked_doors: self.locked_doors.unwrap_or(d.locked_doors),
            secret_doors: self.secret_doors.unwrap_or(d.secret_doors),
            cover: d.cover,
        })
    }
}

/// The export options of a board: as any map's, without the tile-map files.
pub(crate) fn pack_options(output: &OutputArgs) -> anyhow::Result<PackOptions> {
    let opts = output.options()?;
    if opts.cutouts {
        bail_usage!("--cutouts is for tile maps; a dd-and-d board has no tiles to cut out");
    }
    Ok(opts)
}

/// Generates, packs and writes one board; with `simulate`, plays it that
/// many times, both sides by the policy, and says how it plays.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run(
    seed: u64,
    args: &DddArgs,
    output: &OutputArgs,
    simulate: Option<u32>,
    out: Option<PathBuf>,
    force: bool,
    quiet: bool,
    json: bool,
) -> anyhow::Result<()> {
    let mut opts = pack_options(output)?;
    // Read before anything is made: a bad war-party file is refused up front.
    let sides = simulate.map(|_| args.sides()).transpose()?;
    let s = tilecrawl::ddd::generate(seed, &args.options()?)
        .map_err(|e| anyhow::Error::new(e).context(format!("seed {seed}")))?;
    let out = out.unwrap_or_else(|| PathBuf::from("output").join(format!("{seed}-dd-and-d")));
    // A file already there is refused before the rating's games.
    let names = pack::ddd_adventure_names(&s, &opts);
    super::outputs::refuse_existing(&out, names.iter().map(String::as_str), force)?;
    let rating = match (simulate, &sides) {
        (Some(runs), Some((blue, red))) => {
            super::play_ddd::tell_lookahead(&s, quiet);
            let bar = super::say::runs_bar(runs, quiet || json);
            let rated = rate(&s, blue, red, runs, &|| bar.inc(1));
            bar.finish_and_clear();
            Some(rated?)
        }
        _ => None,
    };
    let (blue, red) = args.sides_named();
    let words = rating.as_ref().map(|r| r.words(&blue, &red));
    opts.rating.clone_from(&words);
    let files = pack::ddd_adventure(&s, &opts)?;
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    super::outputs::write_outputs(&out, &refs, force)?;
    let count = |k: tilecrawl::build::board::DoorKind| {
        s.game
            .doors
            .iter()
            .filter(|d| match k {
                tilecrawl::build::board::DoorKind::Secret => d.secret,
                tilecrawl::build::board::DoorKind::Locked => d.locked && !d.secret,
                tilecrawl::build::board::DoorKind::Plain => !d.locked && !d.secret,
            })
            .count()
    };
    if json && !quiet {
        use tilecrawl::build::board::DoorKind as K;
        let v = serde_json::json!({
            "seed": s.seed.to_string(),
            "ruleset": s.ruleset.to_string(),
            "scenario": s.game.scenario.text().name,
            "width": s.size.width,
            "height": s.size.height,
            "exits": s.game.exits.len(),
            "doors": {"plain": count(K::Plain), "locked": count(K::Locked), "secret": count(K::Secret)},
            "counters": s.game.counters.len(),
            "rating": rating.as_ref().map(|r| serde_json::json!({
                "runs": r.runs,
                "blue_wins": r.blue_wins,
                "red_wins": r.red_wins,
                "attacker_wins": r.attacker_wins,
                "mean_rounds": r.mean_rounds,
            })),
            "out": out.display().to_string(),
            "files": refs.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        });
        outln!("{v}")?;
    } else if !quiet {
        outln!(
            "seed {seed}: Dungeons Dark & Dangerous, {} ({}); board {}×{} squares, {} exits, {} doors",
            s.game.scenario.text().name,
            match s.game.params.chosen {
                tilecrawl::ddd::part::Chosen::Named => "named",
                tilecrawl::ddd::part::Chosen::Rolled => "rolled",
                tilecrawl::ddd::part::Chosen::DiceOffBlue =>
                    "chosen by Blue, the dice-off's winner",
                tilecrawl::ddd::part::Chosen::DiceOffRed => "chosen by Red, the dice-off's winner",
            },
            s.size.width,
            s.size.height,
            s.game.exits.len(),
            s.game.doors.len()
        )?;
        if let Some(w) = &words {
            outln!("plays: {w}")?;
        }
        outln!("wrote {}", super::outputs::listing(&out, &refs))?;
    }
    Ok(())
}

/// A board played `runs` times, both sides by the policy, as `simulate`
/// plays it (its seed, the default round limit): its rating. `tick` is
/// called after each game (a progress bar's step).
pub(crate) fn rate(
    s: &tilecrawl::ddd::DddScenario,
    blue: &warparty::Warparty,
    red: &warparty::Warparty,
    runs: u32,
    tick: &(dyn Fn() + Sync),
) -> anyhow::Result<Rating> {
    use tilecrawl::ddd::play::simulate;
    let report = simulate::simulate(s, blue, red, &rate_options(s, runs), tick)
        .map_err(|e| rate_error(s, e))?;
    Ok(Rating::of(&report))
}

/// How [`rate`] plays a board: `runs` games on its seed, the default round
/// limit.
pub(crate) fn rate_options(
    s: &tilecrawl::ddd::DddScenario,
    runs: u32,
) -> tilecrawl::ddd::play::simulate::SimOptions {
    use tilecrawl::ddd::play::simulate;
    simulate::SimOptions {
        runs,
        seed: s.seed,
        max_rounds: simulate::DEFAULT_MAX_ROUNDS,
    }
}

/// A board [`rate`] cannot play, named by its seed.
pub(crate) fn rate_error(
    s: &tilecrawl::ddd::DddScenario,
    e: tilecrawl::ddd::play::engine::GameError,
) -> anyhow::Error {
    anyhow::Error::new(e).context(format!("seed {}", s.seed))
}
