//! `tilecrawl play` and `tilecrawl simulate` for a Dungeons Dark &
//! Dangerous scenario (`ruleset: dd-and-d`) or save: the war-parties, the
//! side tilecrawl plays, the typed commands, the save after each one.

use super::play_files::{SaveUse, claim_save, refuse_saving_over};
use anyhow::{Context, bail};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tilecrawl::ddd::DddScenario;
use tilecrawl::ddd::part::DddPart;
use tilecrawl::ddd::play::complete;
use tilecrawl::ddd::play::engine::PlayOptions;
use tilecrawl::ddd::play::session::{self, AiSide, HELP, Session};
use tilecrawl::ddd::play::simulate::{self, SimOptions};
use tilecrawl::ddd::play::state::Team;
use tilecrawl::ddd::scenarios::ScenarioKind;
use tilecrawl::ddd::warparty::{self, Die, Warparty};
use tilecrawl::scenario::RulesetId;

/// The dd-and-d flags of `play` and `simulate`, with the shared ones
/// they use.
#[derive(Debug, Clone, Default)]
pub(crate) struct DddPlay {
    pub scenario: Option<PathBuf>,
    pub warparty: Option<PathBuf>,
    pub opponent: Option<PathBuf>,
    pub ai: Option<String>,
    pub max_rounds: Option<u32>,
    pub advanced: bool,
    pub deploy_by_hand: bool,
    pub seed: Option<u64>,
    pub script: Option<PathBuf>,
    pub save: Option<PathBuf>,
    pub resume: Option<PathBuf>,
    /// The save's text when `resume` is `-`: standard input, already read
    /// to tell the save's game, cannot be read again.
    pub resume_text: Option<String>,
    pub force: bool,
    pub quiet: bool,
}

/// Is this a Dungeons Dark & Dangerous game: resuming, its save (`save`,
/// the save's text when it could be read); else a scenario whose ruleset
/// ([`super::outputs::scenario_ruleset`]) is one. Files that cannot be
/// read are left for the caller's own error.
pub(crate) fn is_ddd(scenario: Option<RulesetId>, save: Option<&str>) -> bool {
    match save {
        Some(t) => same_kind(tilecrawl::core::yaml::format_of(t), session::SAVE_FORMAT),
        None => scenario == Some(RulesetId::DdAndD),
    }
}

/// Whether a `format:` value is of the same kind of file as `want`, any
/// version: a save of another version goes to its game's loader, which
/// names the version, rather than to the MKD Adventure's, which called it
/// "not a saved game".
pub(crate) fn same_kind(found: Option<&str>, want: &str) -> bool {
    let base = |f: &str| f.split('/').next().unwrap_or(f).to_string();
    found.is_some_and(|f| base(f) == base(want))
}

fn read(path: &Path, what: &str, max: u64) -> anyhow::Result<String> {
    tilecrawl::core::fs::read_limited(path, max)
        .map_err(|e| anyhow::anyhow!("{}: {}", path.display(), e.describe(what, max)))
}

fn load_scenario(path: &Path) -> anyhow::Result<(Arc<DddScenario>, String)> {
    let text = read(path, "a scenario", tilecrawl::scenario::MAX_SCENARIO_BYTES)?;
    scenario_of_text(&text, path)
}

/// A scenario from its text, named `path` in errors.
fn scenario_of_text(text: &str, path: &Path) -> anyhow::Result<(Arc<DddScenario>, String)> {
    let s = tilecrawl::scenario::from_yaml::<DddPart>(text, &path.display().to_string())?;
    Ok((
        Arc::new(s),
        tilecrawl::core::digest::digest(text.as_bytes()),
    ))
}

/// A war-party file, or the `warparty new` one of this seed.
pub(crate) fn party(file: Option<&Path>, seed: u64, name: &str) -> anyhow::Result<Warparty> {
    Ok(match file {
        Some(p) => warparty::load(p)?,
        None => warparty::new(seed, name),
    })
}

fn ai_side(s: Option<&str>) -> anyhow::Result<AiSide> {
    match s {
        None => Ok(AiSide::Side(Team::Red)),
        Some(v) => AiSide::parse(v)
            .filter(|a| *a != AiSide::Both)
            .ok_or_else(|| {
                usage!(
                    "--ai `{}`: expected red, blue or none",
                    tilecrawl::core::text::excerpt(v, 20)
                )
            }),
    }
}

/// The save's scenario path, relative to the save's folder when it can be.
fn scenario_ref(scenario: &Path, save: &Path) -> String {
    let dir = save
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match (std::path::absolute(scenario), std::path::absolute(dir)) {
        (Ok(s), Ok(d)) => s
            .strip_prefix(&d)
            .map(|r| r.display().to_string())
            .unwrap_or_else(|_| s.display().to_string()),
        _ => scenario.display().to_string(),
    }
}

/// The text's warning where no model of a side can read the message (B17).
fn reading_warning(s: &DddScenario, w: &Warparty, side: &str) -> Option<String> {
    (s.game.scenario == ScenarioKind::SecretsOfTheAncients
        && w.models.iter().all(|m| m.power < Die::D8))
    .then(|| {
        format!(
            "warning: no model of {side} has a power die of d8 or more, so none can read the message (7+)"
        )
    })
}

/// The line on standard error before tilecrawl's look-ahead plays its
/// games for the edges (about a second on a slow machine, with nothing
/// else shown): none where it does not look ahead, or with `-q`. `play`,
/// `--resume`, `simulate` and `warparty advance` (which replays the save)
/// tell it.
pub(crate) fn tell_lookahead(s: &DddScenario, quiet: bool) {
    let n = tilecrawl::ddd::play::lookahead::games(s);
    if n > 0 && !quiet {
        warnln!("choosing the edges: {n} look-ahead games…");
    }
}

/// A save, with its scenario (found beside the save) and that scenario's
/// digest, refused if the scenario changed since the game was saved.
/// `text` is the save's when it was read already (from standard input).
pub(crate) fn load_save(
    save_path: &Path,
    text: Option<&str>,
) -> anyhow::Result<(session::SaveFile, Arc<DddScenario>, String)> {
    let file = super::outputs::shown(save_path);
    let text = match text {
        Some(t) if t.len() as u64 > session::MAX_SAVE_BYTES => bail!(
            "{file}: {}",
            tilecrawl::core::fs::ReadError::TooLong
                .describe("a save file", session::MAX_SAVE_BYTES)
        ),
        Some(t) => t.to_string(),
        None => read(save_path, "a save file", session::MAX_SAVE_BYTES)?,
    };
    let save = session::parse_save(&text, &file)?;
    let dir = save_path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let scen_path = dir.join(&save.scenario);
    let (scenario, digest) = load_scenario(&scen_path)?;
    if digest != save.scenario_digest {
        bail!(
            "{file}: the scenario {} changed since this game was saved; the save cannot be replayed on it",
            scen_path.display()
        );
    }
    Ok((save, scenario, digest))
}

pub(crate) fn run(a: DddPlay) -> anyhow::Result<()> {
    let (mut sess, opening, save_path, scen_ref, digest, _lock) = match &a.resume {
        Some(save_path) => {
            if a.warparty.is_some()
                || a.opponent.is_some()
                || a.ai.is_some()
                || a.seed.is_some()
                || a.max_rounds.is_some()
                || a.advanced
                || a.deploy_by_hand
            {
                bail_usage!(
                    "--resume takes the war-parties, --ai, --seed, --max-rounds, --advanced and --deploy-by-hand from the save"
                );
            }
            let target = a.save.clone().unwrap_or(save_path.clone());
            let lock = claim_save(&target, SaveUse::Resume)?;
            let file = super::outputs::shown(save_path);
            let (save, scenario, digest) = load_save(save_path, a.resume_text.as_deref())?;
            let scen_path = save_path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .join(&save.scenario);
            refuse_saving_over(
                &target,
                &[
                    ("scenario", Some(&scen_path)),
                    ("script", a.script.as_deref()),
                ],
            )?;
            tell_lookahead(&scenario, a.quiet);
            let (sess, lines) = Session::resume(&save, scenario, &file)?;
            let n = save.commands.len();
            let mut opening: Vec<String> = Vec::new();
            if !a.quiet {
                opening.push(format!("resumed {file}: {n} commands replayed"));
            }
            let tail = lines
                .len()
                .saturating_sub(if a.script.is_some() { lines.len() } else { 6 });
            opening.extend(lines[tail..].iter().cloned());
            (sess, opening, target, save.scenario.clone(), digest, lock)
        }
        None => {
            let scen_path = a.scenario.clone().expect("clap requires it");
            let (scenario, digest) = load_scenario(&scen_path)?;
            let save_path = a.save.clone().unwrap_or_else(|| {
                scen_path
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .join("save.yaml")
            });
            let lock = claim_save(&save_path, SaveUse::New { force: a.force })?;
            refuse_saving_over(
                &save_path,
                &[
                    ("scenario", Some(&scen_path)),
                    ("war-party file", a.warparty.as_deref()),
                    ("opponent's war-party file", a.opponent.as_deref()),
                    ("script", a.script.as_deref()),
                ],
            )?;
            let blue = party(a.warparty.as_deref(), 1, "Blue")?;
            let red = party(a.opponent.as_deref(), 2, "Red")?;
            let ai = ai_side(a.ai.as_deref())?;
            let seed = a.seed.unwrap_or(scenario.seed);
            if !a.quiet {
                for (w, side) in [(&blue, "Blue"), (&red, "Red")] {
                    if let Some(warn) = reading_warning(&scenario, w, side) {
                        warnln!("{warn}");
                    }
                }
            }
            let mut opening = Vec::new();
            if !a.quiet {
                opening.push(format!(
                    "tilecrawl play: Dungeons Dark & Dangerous, {} (scenario seed {}); play dice seed {seed}",
                    scenario.game.scenario.text().name,
                    scenario.seed
                ));
                opening.push(format!(
                    "Blue: {} (b1-b10); Red: {} (r1-r10); tilecrawl plays {}",
                    blue.name,
                    red.name,
                    match ai {
                        AiSide::None => "neither side".to_string(),
                        AiSide::Side(t) => t.name().to_string(),
                        AiSide::Both => "both sides".to_string(),
                    }
                ));
            }
            tell_lookahead(&scenario, a.quiet);
            let (sess, lines) = Session::start(
                scenario,
                blue,
                red,
                seed,
                ai,
                PlayOptions {
                    max_rounds: a.max_rounds,
                    advanced: a.advanced,
                    by_hand: session::by_hand(ai, a.deploy_by_hand),
                    ..PlayOptions::default()
                },
            )?;
            opening.extend(lines);
            if !a.quiet {
                opening.push(
                    "type `help` for the commands, `status` for every model, `map` for the board"
                        .into(),
                );
            }
            let r = scenario_ref(&scen_path, &save_path);
            (sess, opening, save_path, r, digest, lock)
        }
    };
    // The script is read before anything is printed or saved: one that
    // cannot be read leaves no save behind (a new game's would refuse the
    // next try without --force).
    let script = match &a.script {
        Some(p) => Some(super::play_files::read_script(p)?),
        None => None,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let say = |out: &mut std::io::BufWriter<std::io::StdoutLock<'_>>, l: &str| {
        writeln!(out, "{}", tilecrawl::core::text::escape_controls(l))
    };
    for l in &opening {
        say(&mut out, l)?;
    }
    let write_save = |sess: &Session| -> anyhow::Result<()> {
        tilecrawl::core::fs::write_atomic(&save_path, sess.save_text(&scen_ref, &digest).as_bytes())
            .with_context(|| format!("{}: cannot write the save", save_path.display()))
    };
    write_save(&sess)?;
    // The last line, as the other games' `play` prints it: the game is in
    // the save (`--resume` takes it up, with a script too).
    let saved = (!a.quiet).then(|| format!("game saved in {}", save_path.display()));
    let typed = a.script.is_none() && std::io::stdin().is_terminal();
    if typed {
        return interactive(sess, out, write_save, saved.as_deref());
    }
    if let Some(text) = &script {
        for line in text.lines() {
            let go = handle(&mut sess, line, &mut out, &say)?;
            write_save(&sess)?;
            if !go {
                break;
            }
        }
    } else {
        // A pipe: read line by line with the prompt's bound, as the other
        // games do — a line that is not UTF-8 is read lossily (it was the
        // silent end of the input), a line too long is refused whole.
        let mut input = super::prompt::Input::new(false);
        while let Some(typed) = input.next_line(
            MAX_LINE_BYTES,
            "",
            Box::new(|head| (head.len(), Vec::new())),
        )? {
            let go = match typed {
                super::prompt::Typed::Line(l) => handle(&mut sess, &l, &mut out, &say)?,
                super::prompt::Typed::TooLong(start, bytes) => {
                    too_long(&start, bytes, &mut out, &say)?;
                    true
                }
            };
            write_save(&sess)?;
            if !go {
                break;
            }
        }
    }
    if let Some(l) = &saved {
        say(&mut out, l)?;
    }
    out.flush()?;
    Ok(())
}

type Out<'a> = std::io::BufWriter<std::io::StdoutLock<'a>>;

/// Longest line read at the prompt; a longer one is refused by its start.
const MAX_LINE_BYTES: usize = 400;

/// A line longer than [`MAX_LINE_BYTES`] (`start`: its first bytes) is
/// refused whole: its start is not played as a command.
fn too_long(
    start: &str,
    bytes: u64,
    out: &mut Out<'_>,
    say: &dyn Fn(&mut Out<'_>, &str) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    say(
        out,
        &format!(
            "> {}",
            tilecrawl::core::text::excerpt_of_line(start.trim(), bytes, 60)
        ),
    )?;
    say(
        out,
        &format!(
            "refused: a command is at most {MAX_LINE_BYTES} bytes on one line; this one has {bytes} bytes"
        ),
    )?;
    Ok(())
}

/// One line: false to stop (`quit`). A terminal also stops when the game
/// is over; a script or a pipe reads on.
fn handle(
    sess: &mut Session,
    line: &str,
    out: &mut Out<'_>,
    say: &dyn Fn(&mut Out<'_>, &str) -> std::io::Result<()>,
) -> anyhow::Result<bool> {
    let l = line.trim();
    if l.is_empty() || l.starts_with('#') {
        return Ok(true);
    }
    let verb = l.to_ascii_lowercase();
    // The views and `undo` are echoed as typed, as the other games echo
    // every line, so a transcript reads back as its script; a move's echo
    // names the model (`Session::enter`).
    if matches!(verb.as_str(), "help" | "status" | "map" | "undo") {
        say(out, &format!("> {}", tilecrawl::core::text::excerpt(l, 60)))?;
    }
    // The game's own words, as the verbs of the commands, in any case.
    match verb.as_str() {
        "quit" | "exit" => return Ok(false),
        "help" => {
            for h in HELP.lines() {
                say(out, h)?;
            }
        }
        "status" => {
            for s in sess.status() {
                say(out, &s)?;
            }
        }
        "map" => {
            for s in sess.map() {
                say(out, &s)?;
            }
        }
        "undo" => match sess.undo() {
            Ok(s) => say(out, &s)?,
            Err(e) => say(out, &format!("refused: {e}"))?,
        },
        _ => match sess.enter(l) {
            Ok(lines) => {
                for s in lines {
                    say(out, &s)?;
                }
            }
            Err(e) => {
                say(out, &format!("> {}", tilecrawl::core::text::excerpt(l, 60)))?;
                say(
                    out,
                    &match e {
                        session::SessionError::Refused(_) => e.to_string(),
                        _ => format!("refused: {e}"),
                    },
                )?;
            }
        },
    }
    // A script or a pipe goes on after the game is over: its commands are
    // refused (`the game is over`), `status`, `map` and `undo` still work.
    Ok(true)
}

fn interactive(
    mut sess: Session,
    mut out: Out<'_>,
    write_save: impl Fn(&Session) -> anyhow::Result<()>,
    saved: Option<&str>,
) -> anyhow::Result<()> {
    let say =
        |out: &mut Out<'_>, l: &str| writeln!(out, "{}", tilecrawl::core::text::escape_controls(l));
    // A line editor with history and Tab completion of the verbs, the
    // models and the sides (`ddd::play::complete`).
    let mut input = super::prompt::Input::new(true);
    loop {
        out.flush()?;
        let game = sess.game();
        let prompt = match (game.current(), game.deploying()) {
            (Some(id), _) => format!("{id}> "),
            (None, Some(t)) => format!("{}> ", t.name()),
            (None, None) => "> ".to_string(),
        };
        let names = match game.deploying() {
            Some(t) => complete::Names::deploying(&game.state, t),
            None => complete::Names::of(&game.state),
        };
        let line = match input.next_line(
            MAX_LINE_BYTES,
            &prompt,
            Box::new(move |head| complete::complete(head, &names)),
        )? {
            None => break,
            Some(super::prompt::Typed::Line(l)) => l,
            Some(super::prompt::Typed::TooLong(start, bytes)) => {
                too_long(&start, bytes, &mut out, &say)?;
                continue;
            }
        };
        let go = handle(&mut sess, &line, &mut out, &say)? && !sess.game().over();
        write_save(&sess)?;
        if !go {
            break;
        }
    }
    if let Some(l) = saved {
        say(&mut out, l)?;
    }
    out.flush()?;
    Ok(())
}

/// `simulate` on a dd-and-d scenario: both sides by the policy. `text`:
/// the scenario's text when it was read already (`simulate -`).
pub(crate) fn simulate(
    a: DddPlay,
    text: Option<&str>,
    runs: u32,
    jobs: Option<u64>,
    json: bool,
) -> anyhow::Result<()> {
    let scen_path = a.scenario.clone().expect("clap requires it");
    let (scenario, _) = match text {
        Some(t) => scenario_of_text(t, &scen_path)?,
        None => load_scenario(&scen_path)?,
    };
    let blue = party(a.warparty.as_deref(), 1, "Blue")?;
    let red = party(a.opponent.as_deref(), 2, "Red")?;
    let opts = SimOptions {
        runs,
        seed: a.seed.unwrap_or(scenario.seed),
        max_rounds: a.max_rounds.unwrap_or(simulate::DEFAULT_MAX_ROUNDS),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.map_or(0, |j| j as usize))
        .build()
        .context("cannot start the worker threads")?;
    tell_lookahead(&scenario, a.quiet);
    let bar = super::say::runs_bar(runs, a.quiet || json);
    let report = pool.install(|| simulate::simulate(&scenario, &blue, &red, &opts, &|| bar.inc(1)));
    bar.finish_and_clear();
    let report = report?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write!(out, "{}", report.to_text())?;
    }
    out.flush()?;
    Ok(())
}
