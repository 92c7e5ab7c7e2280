//! `tilecrawl play` and `tilecrawl simulate` on a Dungeon World 10 mm
//! scenario: tilecrawl in the Draken Master's seat (`tilecrawl::dw10::play`).
//! `play.rs` and `simulate.rs` hand a scenario (or a save) of this game
//! over here; everything else about it lives in this file.

use super::play_files::{SaveUse, claim_save, refuse_saving_over};
use anyhow::{Context, bail};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tilecrawl::dw10::play::party;
use tilecrawl::dw10::play::session::{self, Session, Start};
use tilecrawl::dw10::play::simulate::{self, SimOptions};

fn read(path: &Path, what: &str, max: u64) -> anyhow::Result<String> {
    tilecrawl::core::fs::read_limited(path, max)
        .map_err(|e| anyhow::anyhow!("{}: {}", path.display(), e.describe(what, max)))
}

/// Is this save's text a Dungeon World 10 mm game's?
pub fn is_dw10_save(text: &str) -> bool {
    super::play_ddd::same_kind(tilecrawl::core::yaml::format_of(text), session::FORMAT)
}

pub(super) fn load_scenario(
    path: &Path,
) -> anyhow::Result<(Arc<tilecrawl::dw10::Scenario>, String)> {
    let text = read(path, "a scenario", tilecrawl::scenario::MAX_SCENARIO_BYTES)?;
    scenario_of_text(&text, path)
}

/// A scenario from its text, named `path` in errors.
fn scenario_of_text(
    text: &str,
    path: &Path,
) -> anyhow::Result<(Arc<tilecrawl::dw10::Scenario>, String)> {
    let digest = tilecrawl::core::digest::digest(text.as_bytes());
    let s: tilecrawl::dw10::Scenario =
        tilecrawl::scenario::from_yaml(text, &path.display().to_string())?;
    Ok((Arc::new(s), digest))
}

fn party_text(path: Option<&Path>) -> anyhow::Result<String> {
    match path {
        Some(p) => read(p, "a party file", party::MAX_FILE_BYTES),
        None => Ok(party::DEFAULT_YAML.to_string()),
    }
}

/// A party file's text checked (`file` names it in errors), with a
/// `warning:` line for each hero named otherwise in its sheet unless
/// `quiet`; the hero's own name is played.
pub(super) fn party_warned(
    text: &str,
    file: &str,
    figures: &tilecrawl::dw10::figures::Figures,
    quiet: bool,
) -> anyhow::Result<party::Party> {
    let (party, notes) = party::parse_noting(text, file, figures)?;
    if !quiet {
        for n in &notes {
            warnln!("warning: {n}");
        }
    }
    Ok(party)
}

/// What `play` was asked, for this game.
pub struct PlayDw10<'a> {
    /// The scenario (none with `resume`).
    pub scenario: Option<&'a Path>,
    /// A `tilecrawl-dw10-party/1` file.
    pub party: Option<&'a Path>,
    /// The dice seed.
    pub seed: Option<u64>,
    /// Commands from a file.
    pub script: Option<&'a Path>,
    /// Where to save.
    pub save: Option<PathBuf>,
    /// A save to continue.
    pub resume: Option<&'a Path>,
    /// The save's text when `resume` is `-` (standard input, read already).
    pub resume_text: Option<&'a str>,
    /// Replace an existing save.
    pub force: bool,
    /// No opening lines.
    pub quiet: bool,
    /// Spawning on 2d6 (L827-831).
    pub scaled_down: bool,
}

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

/// A saved game played again to where it was.
pub struct Replayed {
    /// The save as read.
    pub save: session::SaveFile,
    /// The game where the save left it.
    pub session: Session,
    /// Its whole transcript.
    pub transcript: Vec<String>,
    /// The scenario's path.
    pub scenario: PathBuf,
    /// The scenario's digest.
    pub digest: String,
}

/// Reads a save (or takes its `text`, read already from standard input),
/// checks its scenario has not changed, and plays it again.
pub fn replay(
    save_path: &Path,
    text: Option<&str>,
    figures: Arc<tilecrawl::dw10::figures::Figures>,
    tables: Arc<tilecrawl::dw10::tables::Tables>,
) -> anyhow::Result<Replayed> {
    let file = super::outputs::shown(save_path);
    let text = match text {
        Some(t) => t.to_string(),
        None => read(save_path, "a save file", session::MAX_SAVE_BYTES)?,
    };
    let save = session::parse_save(&text, &file)?;
    let dir = save_path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let scen = dir.join(&save.scenario);
    let (scenario, digest) = load_scenario(&scen)?;
    if digest != save.scenario_digest {
        bail!(
            "{}: the scenario changed since the game was saved in {file}; start a new game",
            scen.display(),
        );
    }
    // The party is the text the save holds: its errors name the save.
    let (session, transcript) =
        Session::resume(&save, scenario, figures, tables).map_err(|mut e| {
            if e.file == "party" {
                e.file = format!("{file}: its party");
            }
            e
        })?;
    Ok(Replayed {
        save,
        session,
        transcript,
        scenario: scen,
        digest,
    })
}

/// `tilecrawl play` on a Dungeon World 10 mm scenario or save.
pub fn play(o: PlayDw10<'_>) -> anyhow::Result<()> {
    let figures = Arc::new(tilecrawl::dw10::figures::embedded());
    let tables = Arc::new(tilecrawl::dw10::tables::embedded());
    let (mut sess, transcript, save_path, scen_path, digest, _lock) = match o.resume {
        Some(save_path) => {
            let target = o.save.clone().unwrap_or(save_path.to_path_buf());
            if o.scaled_down {
                bail_usage!(
                    "--scaled-down is kept in the save; a resumed game keeps the spawn roll it began with"
                );
            }
            let lock = claim_save(&target, SaveUse::Resume)?;
            let r = replay(save_path, o.resume_text, figures, tables)?;
            refuse_saving_over(
                &target,
                &[("scenario", Some(&r.scenario)), ("script", o.script)],
            )?;
            (r.session, r.transcript, target, r.scenario, r.digest, lock)
        }
        None => {
            let scenario_path = o.scenario.context("a scenario is needed")?;
            let (scenario, digest) = load_scenario(scenario_path)?;
            let save_path = o.save.clone().unwrap_or_else(|| {
                scenario_path
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .join("save.yaml")
            });
            let lock = claim_save(&save_path, SaveUse::New { force: o.force })?;
            refuse_saving_over(
                &save_path,
                &[
                    ("scenario", Some(scenario_path)),
                    ("party file", o.party),
                    ("script", o.script),
                ],
            )?;
            let party_text = party_text(o.party)?;
            // Checked here first, so an error or a warning names the party
            // file (a resumed game's was told when it began).
            if let Some(p) = o.party {
                party_warned(&party_text, &p.display().to_string(), &figures, o.quiet)?;
            }
            let start = Start {
                seed: o.seed.unwrap_or(scenario.seed),
                party_text,
                scaled_down: o.scaled_down,
            };
            let (sess, t) = Session::new(scenario, start, figures, tables)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            (
                sess,
                t,
                save_path,
                scenario_path.to_path_buf(),
                digest,
                lock,
            )
        }
    };
    let scen_ref = scenario_ref(&scen_path, &save_path);
    let skip = if o.quiet { sess.opening_len() } else { 0 };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let say = |out: &mut std::io::BufWriter<std::io::StdoutLock<'_>>, l: &str| {
        writeln!(out, "{}", tilecrawl::core::text::escape_controls(l))
    };
    let save = |sess: &Session| -> anyhow::Result<()> {
        tilecrawl::core::fs::write_atomic(&save_path, sess.save_text(&scen_ref, &digest).as_bytes())
            .with_context(|| format!("{}: cannot write the save", save_path.display()))
    };
    let lines: Vec<String> = match o.script {
        Some(script) => {
            let text = super::play_files::read_script(script)?;
            text.lines().map(str::to_string).collect()
        }
        None => Vec::new(),
    };
    // A resumed script: the lines the save holds are skipped.
    let done = sess.lines().len();
    if o.script.is_some()
        && (done > lines.len()
            || sess
                .lines()
                .iter()
                .zip(&lines)
                .any(|(a, b)| a.trim_end() != b.trim_end()))
    {
        bail!(
            "{}: the saved game's {done} line{} not the start of this script; resume without --script, or start over",
            o.script.map_or(String::new(), super::outputs::shown),
            if done == 1 { " is" } else { "s are" }
        );
    }
    let from_script = if o.script.is_some() { done } else { 0 };
    for l in transcript.iter().skip(skip) {
        say(&mut out, l)?;
    }
    save(&sess)?;
    if o.script.is_some() {
        for line in &lines[from_script..] {
            if is_quit(line) {
                break;
            }
            for l in sess.input(line) {
                say(&mut out, &l)?;
            }
            if sess.is_full() {
                break;
            }
        }
        save(&sess)?;
    } else {
        out.flush()?;
        use super::prompt::{Input, Typed};
        use std::io::IsTerminal;
        let mut input = Input::new(std::io::stdin().is_terminal());
        while !sess.is_full() {
            let names = tilecrawl::dw10::play::complete::Names::of(&sess.game().s);
            let answer = match input.next_line(
                session::MAX_LINE_BYTES,
                "tilecrawl> ",
                Box::new(move |head| tilecrawl::dw10::play::complete::complete(head, &names)),
            )? {
                None => break,
                Some(Typed::Line(l)) => {
                    if is_quit(&l) {
                        break;
                    }
                    sess.input(&l)
                }
                // Refused whole: its start is not a command.
                Some(Typed::TooLong(start, bytes)) => sess.input_too_long(&start, bytes),
            };
            for l in answer {
                say(&mut out, &l)?;
            }
            save(&sess)?;
            out.flush()?;
        }
    }
    // Typed or scripted, the game is in the save now.
    if !o.quiet {
        say(&mut out, &format!("game saved in {}", save_path.display()))?;
    }
    out.flush()?;
    Ok(())
}

fn is_quit(line: &str) -> bool {
    let l = line.split('#').next().unwrap_or("").trim();
    l.eq_ignore_ascii_case("quit") || l.eq_ignore_ascii_case("exit")
}

/// What `simulate` was asked, for this game.
pub struct SimulateDw10<'a> {
    /// The scenario.
    pub scenario: &'a Path,
    /// Its text when it was read already (`simulate -`), named `scenario`
    /// in errors.
    pub text: Option<&'a str>,
    /// A party file.
    pub party: Option<&'a Path>,
    /// Runs.
    pub runs: u32,
    /// The seed (default: the scenario's).
    pub seed: Option<u64>,
    /// Threads.
    pub jobs: Option<u64>,
    /// JSON out.
    pub json: bool,
    /// Moves before a run times out.
    pub max_moves: u32,
    /// Spawning on 2d6 (L827-831).
    pub scaled_down: bool,
    /// No progress bar.
    pub quiet: bool,
}

/// `tilecrawl simulate` on a Dungeon World 10 mm scenario.
pub fn simulate(o: SimulateDw10<'_>) -> anyhow::Result<()> {
    let figures = Arc::new(tilecrawl::dw10::figures::embedded());
    let tables = Arc::new(tilecrawl::dw10::tables::embedded());
    let (scenario, _) = match o.text {
        Some(t) => scenario_of_text(t, o.scenario)?,
        None => load_scenario(o.scenario)?,
    };
    let text = party_text(o.party)?;
    let pname = o
        .party
        .map_or("embedded party".to_string(), |p| p.display().to_string());
    let party = party_warned(&text, &pname, &figures, o.quiet)?;
    let opts = SimOptions {
        runs: o.runs,
        seed: o.seed.unwrap_or(scenario.seed),
        max_moves: o.max_moves,
        scaled_down: o.scaled_down,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.map_or(0, |j| j as usize))
        .build()
        .context("cannot start the worker threads")?;
    let bar = super::say::runs_bar(o.runs, o.quiet || o.json);
    let report = pool.install(|| {
        simulate::simulate(&scenario, &party, &figures, &tables, &opts, &|| bar.inc(1))
    });
    bar.finish_and_clear();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if o.json {
        let json = serde_json::to_string_pretty(&report).context("cannot write the report")?;
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{}", report.to_text())?;
    }
    out.flush()?;
    Ok(())
}

/// The heroes a scenario is rated for: a party file, or the embedded party;
/// with the words that name them (`the party in FILE`, `the default
/// party`). A hero named otherwise in its sheet is warned of unless
/// `quiet`.
pub fn rating_party(path: Option<&Path>, quiet: bool) -> anyhow::Result<(party::Party, String)> {
    let figures = tilecrawl::dw10::figures::embedded();
    let text = party_text(path)?;
    let (name, who) = match path {
        Some(p) => (
            p.display().to_string(),
            format!("the party in {}", p.display()),
        ),
        None => (
            "embedded party".to_string(),
            "the default party".to_string(),
        ),
    };
    Ok((party_warned(&text, &name, &figures, quiet)?, who))
}

/// A scenario played `runs` times by `party` (named `who` in the words),
/// on the scenario's seed, the default move limit and the text's spawning:
/// its rating and the words the summary and the sheet print. `tick` is
/// called after each run (a progress bar's step).
pub fn rate(
    scenario: &Arc<tilecrawl::dw10::Scenario>,
    party: &party::Party,
    who: &str,
    runs: u32,
    tick: &(dyn Fn() + Sync),
) -> (simulate::Rating, String) {
    let opts = SimOptions {
        runs,
        seed: scenario.seed,
        max_moves: simulate::DEFAULT_MAX_MOVES,
        scaled_down: false,
    };
    let report = simulate::simulate(
        scenario,
        party,
        &Arc::new(tilecrawl::dw10::figures::embedded()),
        &Arc::new(tilecrawl::dw10::tables::embedded()),
        &opts,
        tick,
    );
    let rating = simulate::Rating::of(&report);
    let words = rating.words(who);
    (rating, words)
}
