//! `tilecrawl play`: the solo-play companion at the table.

use super::play_files::SaveUse;
use super::prompt::{Input, Typed};
use anyhow::bail;
use clap::{Args, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tilecrawl::mkd::play::complete::{Names, complete};
use tilecrawl::mkd::play::floors::Adventure;
use tilecrawl::mkd::play::save_writer::SaveWriter;
use tilecrawl::mkd::play::session::{self, SaveFile, Session};
use tilecrawl::mkd::play::state::Injuries;
use tilecrawl::mkd::play::{CombatMode, GameOptions, party};
use tilecrawl::mkd::tables;

/// How combat is resolved.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum CombatArg {
    /// You fight with the figures and report the results (`hit`, `kill`, `wound`).
    Manual,
    /// tilecrawl rolls Dungeon World dice combat.
    Dice,
}

/// `--injuries`: what a hero's last wound does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum InjuriesArg {
    /// Slain (the MKD rule).
    Mkd,
    /// World of Dungeons S: the Con check at 0 HP and critical injuries.
    #[value(name = "wod-s")]
    WodS,
}

/// Options of `tilecrawl play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The scenario to play (from `tilecrawl generate`), or a multi-floor
    /// dungeon's `dungeon.yaml` (played floor after floor). Not needed with --resume.
    #[arg(required_unless_present = "resume")]
    scenario: Option<PathBuf>,
    /// The heroes: a `tilecrawl-party/1` file for MKD, a
    /// `tilecrawl-dw10-party/1` file for Dungeon World 10 mm (`party new`
    /// writes both). Default: the embedded party of that game.
    #[arg(long, value_name = "FILE")]
    party: Option<PathBuf>,
    /// Roll tables (`tilecrawl-tables/1`) to use instead of the embedded ones.
    #[arg(long, value_name = "FILE")]
    tables: Option<PathBuf>,
    /// Seed of the play dice. Default: the scenario's seed.
    #[arg(long)]
    seed: Option<u64>,
    /// How combat is resolved (default: manual). MKD scenarios only; a
    /// resumed game keeps its own.
    #[arg(long, value_enum)]
    combat: Option<CombatArg>,
    /// What a hero's last wound does: `mkd` (slain, the MKD rule; the
    /// default) or `wod-s` (World of Dungeons S: a Con check, maybe a
    /// critical injury). MKD scenarios only.
    #[arg(long, value_enum, value_name = "RULES")]
    injuries: Option<InjuriesArg>,
    /// Read the commands from this file instead of the keyboard (one per line,
    /// `#` comments; `-`: standard input); prints the whole transcript, then
    /// where the game was saved.
    #[arg(long, value_name = "FILE")]
    script: Option<PathBuf>,
    /// Where the game is saved after every command. Default: save.yaml beside the scenario.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Continue the game in this save file. With --script: an MKD or
    /// Dungeon World 10 mm game skips the script's commands the save
    /// already holds; a Dungeons Dark & Dangerous game plays the whole
    /// script after them.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["scenario", "party", "tables", "seed", "injuries", "combat"])]
    resume: Option<PathBuf>,
    /// Start a new game even if the save file exists (it is replaced).
    #[arg(long)]
    force: bool,
    /// Only the game's own lines: no opening lines (what the scenario is,
    /// where the heroes wait, the `help` hint), no party-value warning, no
    /// `resumed`/`game saved` lines. Errors still print.
    #[arg(long, short)]
    quiet: bool,

    // ---- Dungeons Dark & Dangerous (dd-and-d scenarios only; see play_ddd.rs) ----
    /// dd-and-d: your war-party (`tilecrawl-warparty/1`, Blue). Default:
    /// the one `warparty new --seed 1` makes.
    #[arg(long, value_name = "FILE", help_heading = "Dungeons Dark & Dangerous")]
    warparty: Option<PathBuf>,
    /// dd-and-d: the other war-party (Red). Default: `warparty new --seed 2`'s.
    #[arg(long, value_name = "FILE", help_heading = "Dungeons Dark & Dangerous")]
    opponent: Option<PathBuf>,
    /// dd-and-d: the side tilecrawl plays: red (default), blue, or none
    /// (it only referees).
    #[arg(long, value_name = "SIDE", help_heading = "Dungeons Dark & Dangerous",
          value_parser = ["red", "blue", "none"])]
    ai: Option<String>,
    /// dd-and-d: rounds after which the game stops (default: none).
    #[arg(long, value_name = "N", help_heading = "Dungeons Dark & Dangerous",
          value_parser = crate::cli::usage::whole::<u32>(1, 10_000))]
    max_rounds: Option<u32>,
    /// dd-and-d: the advanced rules (surrender, and each model's experience
    /// when the game ends).
    #[arg(long, help_heading = "Dungeons Dark & Dangerous")]
    advanced: bool,
    /// dd-and-d: deploy your side yourself: before the first card you are
    /// asked for your edge (and, in Free Prisoner, your prisoner) and put
    /// your models on squares of your zone (`edge S`, `place b3 17,33`,
    /// `prisoner b4`, `ready`). Default: tilecrawl deploys both sides.
    #[arg(long, help_heading = "Dungeons Dark & Dangerous")]
    deploy_by_hand: bool,

    // ---- Dungeon World 10 mm (dungeon-world-10mm scenarios only; see play_dw10.rs) ----
    /// dungeon-world-10mm: spawn on 2d6 instead of 3d6, for one player with
    /// a couple of heroes.
    // The rule text's easing for one player: L827-831.
    #[arg(long, help_heading = "Dungeon World 10 mm")]
    scaled_down: bool,
}

impl PlayArgs {
    /// The arguments of a dd-and-d game.
    fn ddd(&self) -> super::play_ddd::DddPlay {
        super::play_ddd::DddPlay {
            scenario: self.scenario.clone(),
            warparty: self.warparty.clone(),
            opponent: self.opponent.clone(),
            ai: self.ai.clone(),
            max_rounds: self.max_rounds,
            advanced: self.advanced,
            deploy_by_hand: self.deploy_by_hand,
            seed: self.seed,
            script: self.script.clone(),
            save: self.save.clone(),
            resume: self.resume.clone(),
            resume_text: None,
            force: self.force,
            quiet: self.quiet,
        }
    }

    /// Refuses the options of an MKD game in a game of another `ruleset`
    /// (`dd-and-d`, `dungeon-world-10mm`), by name.
    fn refuse_mkd_only(&self, ruleset: &str) -> anyhow::Result<()> {
        for (flag, given) in [
            ("--combat", self.combat.is_some()),
            ("--injuries", self.injuries.is_some()),
        ] {
            if given {
                bail_usage!("{flag} is for MKD scenarios; a {ruleset} game does not take it");
            }
        }
        Ok(())
    }

    fn any_ddd(&self) -> bool {
        self.warparty.is_some()
            || self.opponent.is_some()
            || self.ai.is_some()
            || self.max_rounds.is_some()
            || self.advanced
            || self.deploy_by_hand
    }
}

fn read(path: &Path, what: &str, max: u64) -> anyhow::Result<String> {
    if super::outputs::is_stdin(path) {
        return super::outputs::read_stdin(what, max);
    }
    tilecrawl::core::fs::read_limited(path, max)
        .map_err(|e| anyhow::anyhow!("{}: {}", path.display(), e.describe(what, max)))
}

/// Everything a game is made of, loaded and checked.
struct Loaded {
    adventure: Adventure,
    scenario_digest: String,
    party: Arc<party::Party>,
    party_text: String,
    /// The party file's heroes named otherwise in their sheets, as
    /// `warning:` lines.
    party_notes: Vec<String>,
    tables: Arc<tables::Tables>,
    tables_text: Option<String>,
}

/// Loads and checks a scenario, a party and tables (the embedded ones by default).
/// `scenario_text`: the scenario's text when it was read already
/// (`simulate -`), named `scenario` in errors.
pub(crate) fn load_inputs(
    scenario: &Path,
    scenario_text: Option<&str>,
    party_file: Option<&Path>,
    tables_file: Option<&Path>,
) -> anyhow::Result<LoadedPub> {
    let l = load_with(
        scenario,
        scenario_text,
        party_file.map(Path::to_path_buf),
        tables_file.map(Path::to_path_buf),
    )?;
    Ok(LoadedPub {
        adventure: l.adventure,
        party: l.party,
        party_notes: l.party_notes,
        tables: l.tables,
    })
}

/// The loaded inputs `simulate` needs.
pub(crate) struct LoadedPub {
    pub adventure: Adventure,
    pub party: Arc<party::Party>,
    /// `warning:` lines about the party file (see [`party::NameMismatch`]).
    pub party_notes: Vec<String>,
    pub tables: Arc<tables::Tables>,
}

fn load(
    scenario: &Path,
    party_file: Option<PathBuf>,
    tables_file: Option<PathBuf>,
) -> anyhow::Result<Loaded> {
    load_with(scenario, None, party_file, tables_file)
}

/// [`load`] of a scenario whose text may have been read already.
fn load_with(
    scenario: &Path,
    scenario_text: Option<&str>,
    party_file: Option<PathBuf>,
    tables_file: Option<PathBuf>,
) -> anyhow::Result<Loaded> {
    let text = match scenario_text {
        Some(t) => t.to_string(),
        None => read(
            scenario,
            "a scenario",
            tilecrawl::scenario::MAX_SCENARIO_BYTES,
        )?,
    };
    // A file read from standard input (`-`) is named `<stdin>`.
    let named = PathBuf::from(super::outputs::shown(scenario));
    let (adventure, scenario_digest) = adventure_from_text(&text, &named)?;
    let (party_text, pname) = match &party_file {
        Some(p) => (
            read(p, "a party file", party::MAX_FILE_BYTES)?,
            super::outputs::shown(p),
        ),
        None => (
            party::DEFAULT_YAML.to_string(),
            "embedded party".to_string(),
        ),
    };
    let (party, notes) = party::parse_noting(&party_text, &pname)?;
    let party_notes = notes.iter().map(|n| format!("warning: {n}")).collect();
    let (tables, tables_text) = match &tables_file {
        Some(p) => {
            let t = read(p, "a tables file", tables::MAX_FILE_BYTES)?;
            (tables::parse(&t, &super::outputs::shown(p))?, Some(t))
        }
        None => (tables::default_tables(), None),
    };
    Ok(Loaded {
        adventure,
        scenario_digest,
        party: Arc::new(party),
        party_text,
        party_notes,
        tables: Arc::new(tables),
        tables_text,
    })
}

fn adventure_from_text(text: &str, path: &Path) -> anyhow::Result<(Adventure, String)> {
    Ok(Adventure::from_text(text, path)?)
}

/// The scenario path to store in a save: relative to the save's folder when
/// both are in the same folder tree, else as given.
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

/// Refuses a save path that is a file the game reads: the scenario (a
/// dungeon's floors too), the script, or one of `others`.
fn refuse_saving_over(
    save: &Path,
    adventure: &Adventure,
    scenario: &Path,
    others: &[(&str, Option<&Path>)],
    a: &PlayArgs,
) -> anyhow::Result<()> {
    let dir = scenario
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let floors: Vec<PathBuf> = match adventure {
        Adventure::Dungeon(d) => d
            .file
            .floors
            .iter()
            .map(|f| dir.join(&f.scenario))
            .collect(),
        Adventure::Scenario(_) => Vec::new(),
    };
    let mut inputs: Vec<(&str, Option<&Path>)> = vec![
        ("scenario", Some(scenario)),
        ("script", a.script.as_deref()),
    ];
    inputs.extend(floors.iter().map(|f| ("floor scenario", Some(f.as_path()))));
    inputs.extend_from_slice(others);
    super::play_files::refuse_saving_over(save, &inputs)
}

pub fn run(a: PlayArgs) -> anyhow::Result<()> {
    // Commands come from standard input (typed, or `--script -`), and a
    // save names its scenario's file to resume it: a scenario read from
    // standard input would leave nothing to play and a save that cannot be
    // resumed.
    if let Some(s) = &a.scenario
        && super::outputs::is_stdin(s)
    {
        bail_usage!(
            "the scenario must be a file, not `-`: play reads its commands from standard input, and the save names the scenario's file"
        );
    }
    // The scenario's game, read once (a save says its own).
    let ruleset = match (&a.resume, &a.scenario) {
        (None, Some(s)) => super::outputs::scenario_ruleset(s, "play")?,
        _ => None,
    };
    // A save to resume says its own game. Standard input can be read only
    // once: its text is kept and handed to that game's loader. A file is
    // read again by its loader once the save folder is claimed; one that
    // cannot be read here is left to the MKD loader's error.
    let stdin_save = match &a.resume {
        Some(p) if super::outputs::is_stdin(p) => {
            Some(read(p, "a save file", session::MAX_SAVE_BYTES)?)
        }
        _ => None,
    };
    let save_text = match (&a.resume, &stdin_save) {
        (_, Some(t)) => Some(std::borrow::Cow::Borrowed(t.as_str())),
        (Some(p), None) => tilecrawl::core::fs::read_limited(p, session::MAX_SAVE_BYTES)
            .ok()
            .map(std::borrow::Cow::Owned),
        (None, None) => None,
    };
    // dd-and-d: its own engine (play_ddd.rs).
    if super::play_ddd::is_ddd(ruleset, save_text.as_deref()) {
        if a.party.is_some() {
            bail_usage!(
                "--party is for MKD and dungeon-world-10mm scenarios; a dd-and-d game takes --warparty and --opponent"
            );
        }
        if a.tables.is_some() {
            bail_usage!("--tables is for MKD scenarios; a dd-and-d game uses its own tables");
        }
        if a.scaled_down {
            bail_usage!("--scaled-down is for dungeon-world-10mm scenarios");
        }
        a.refuse_mkd_only("dd-and-d")?;
        return super::play_ddd::run(super::play_ddd::DddPlay {
            resume_text: stdin_save,
            ..a.ddd()
        });
    }
    if a.any_ddd() {
        bail_usage!(
            "--warparty, --opponent, --ai, --max-rounds, --advanced and --deploy-by-hand are for dd-and-d scenarios"
        );
    }
    // Dungeon World 10 mm: its own engine (`play_dw10.rs`).
    let dw10 = match (&a.resume, &a.scenario) {
        (Some(_), _) => save_text
            .as_deref()
            .is_some_and(super::play_dw10::is_dw10_save),
        (None, Some(_)) => ruleset == Some(tilecrawl::scenario::RulesetId::DungeonWorld10mm),
        _ => false,
    };
    if dw10 {
        if a.tables.is_some() {
            bail_usage!(
                "--tables is for MKD scenarios; a dungeon-world-10mm game uses its own tables"
            );
        }
        a.refuse_mkd_only("dungeon-world-10mm")?;
        return super::play_dw10::play(super::play_dw10::PlayDw10 {
            scenario: a.scenario.as_deref(),
            party: a.party.as_deref(),
            seed: a.seed,
            script: a.script.as_deref(),
            save: a.save.clone(),
            resume: a.resume.as_deref(),
            resume_text: stdin_save.as_deref(),
            force: a.force,
            quiet: a.quiet,
            scaled_down: a.scaled_down,
        });
    }
    if a.scaled_down {
        bail_usage!("--scaled-down is for dungeon-world-10mm scenarios");
    }
    let (mut sess, loaded, save_path, transcript, scen_path, cut_short, _lock) = match &a.resume {
        Some(save_path) => {
            // One game at a time writes a save folder: taken before the save
            // is read, so a second `--resume` cannot read a save being written.
            let target = a.save.clone().unwrap_or(save_path.clone());
            let lock = super::play_files::claim_save(&target, SaveUse::Resume)?;
            let text = match stdin_save {
                Some(t) => t,
                None => read(save_path, "a save file", session::MAX_SAVE_BYTES)?,
            };
            // A save read from standard input is named `<stdin>`; its
            // scenario is found from the current folder, as for `-`.
            let named = PathBuf::from(super::outputs::shown(save_path));
            let r = session::resume(&text, &named)?;
            refuse_saving_over(&target, &r.adventure, &r.scenario_path, &[], &a)?;
            let loaded = Loaded {
                adventure: r.adventure,
                scenario_digest: r.save.scenario_digest.clone(),
                party: r.party,
                party_text: r.save.party.clone(),
                // Told when the game began.
                party_notes: Vec::new(),
                tables: r.tables,
                tables_text: (r.save.tables != "embedded").then(|| r.save.tables.clone()),
            };
            (
                r.session,
                loaded,
                target,
                r.transcript,
                r.scenario_path,
                r.cut_short,
                lock,
            )
        }
        None => {
            let scenario = a.scenario.as_ref().expect("clap requires it");
            let loaded = load(scenario, a.party.clone(), a.tables.clone())?;
            let save_path = a.save.clone().unwrap_or_else(|| {
                scenario
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .join("save.yaml")
            });
            let lock = super::play_files::claim_save(&save_path, SaveUse::New { force: a.force })?;
            refuse_saving_over(
                &save_path,
                &loaded.adventure,
                scenario,
                &[
                    ("party file", a.party.as_deref()),
                    ("tables file", a.tables.as_deref()),
                ],
                &a,
            )?;
            let party_value = loaded.party.total_value();
            let hero_value = loaded.adventure.first_scenario().game.params.hero_value;
            if !a.quiet {
                for n in &loaded.party_notes {
                    warnln!("{n}");
                }
            }
            if party_value != hero_value && !a.quiet {
                warnln!(
                    "warning: the scenario was set up for heroes worth {hero_value} points; this party is worth {party_value}"
                );
            }
            let opts = GameOptions {
                seed: a.seed.unwrap_or(loaded.adventure.seed()),
                combat: match a.combat.unwrap_or(CombatArg::Manual) {
                    CombatArg::Manual => CombatMode::Manual,
                    CombatArg::Dice => CombatMode::Dice,
                },
            };
            let mut game =
                loaded
                    .adventure
                    .new_game(loaded.party.clone(), loaded.tables.clone(), opts);
            game.injuries = match a.injuries.unwrap_or(InjuriesArg::Mkd) {
                InjuriesArg::Mkd => Injuries::Slain,
                InjuriesArg::WodS => Injuries::WodS,
            };
            let sess = Session::from_game(game);
            let t = sess.intro();
            (sess, loaded, save_path, t, scenario.clone(), false, lock)
        }
    };
    let transcript = if a.quiet {
        tilecrawl::mkd::play::transcript::without_opening(&transcript)
    } else {
        transcript
    };
    let scen_ref = scenario_ref(&scen_path, &save_path);
    // Flushed to the disk after every command when a player types them; a
    // script or a pipe is flushed once, at the end (a flush per line made a
    // long script wait on the disk for each of its lines).
    let typed = a.script.is_none() && std::io::stdin().is_terminal();
    let head: SaveFile = sess.to_save(
        &scen_ref,
        &loaded.scenario_digest,
        &loaded.party_text,
        loaded.tables_text.as_deref(),
    );
    let mut writer = SaveWriter::new(&save_path, head, typed)?;
    let mut write_save = |sess: &Session| -> anyhow::Result<()> { Ok(writer.write(sess.lines())?) };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    // Every line printed has its control characters escaped: a typed line
    // or a name from a file cannot act on the terminal.
    let say = |out: &mut std::io::BufWriter<std::io::StdoutLock<'_>>, l: &str| {
        writeln!(out, "{}", tilecrawl::core::text::escape_controls(l))
    };
    if cut_short && !a.quiet {
        warnln!(
            "warning: {}: the last line of the save was cut short (the game stopped while saving it) and is left out",
            save_path.display()
        );
    }
    match &a.script {
        Some(script) => {
            let text = super::play_files::read_script(script)?;
            let script_lines: Vec<&str> = text.lines().collect();
            let done = sess.lines().len();
            if done > script_lines.len()
                || sess
                    .lines()
                    .iter()
                    .zip(&script_lines)
                    .any(|(a, b)| a.trim_end() != session::record_of(b).trim_end())
            {
                bail!(
                    "{}: the saved game's {done} commands are not the start of this script; resume without --script, or start over",
                    super::outputs::shown(script)
                );
            }
            for l in &transcript {
                say(&mut out, l)?;
            }
            write_save(&sess)?;
            for line in &script_lines[done..] {
                if is_quit(line) {
                    break;
                }
                for l in sess.input(line) {
                    say(&mut out, &l)?;
                }
                write_save(&sess)?;
                if sess.is_full() {
                    break;
                }
            }
            out.flush()?;
        }
        None => {
            let interactive = std::io::stdin().is_terminal();
            if a.resume.is_some() {
                if !a.quiet {
                    say(
                        &mut out,
                        &format!("resumed after {} commands", sess.lines().len()),
                    )?;
                    for l in sess.game().status() {
                        say(&mut out, &l)?;
                    }
                }
                say(&mut out, &sess.game().banner_line())?;
            } else {
                for l in &transcript {
                    say(&mut out, l)?;
                }
            }
            write_save(&sess)?;
            out.flush()?;
            let mut input = Input::new(interactive);
            while !sess.is_full() {
                let names = Names::of(sess.game());
                let complete_here: super::prompt::Completer =
                    Box::new(move |head| complete(head, &names));
                let answer =
                    match input.next_line(session::MAX_LINE_BYTES, "tilecrawl> ", complete_here)? {
                        None => break,
                        Some(Typed::Line(line)) => {
                            if is_quit(&line) {
                                break;
                            }
                            sess.input(&line)
                        }
                        Some(Typed::TooLong(start, bytes)) => sess.input_too_long(&start, bytes),
                    };
                for l in answer {
                    // The echo is only useful when the commands come from a pipe.
                    if interactive && l.starts_with("> ") {
                        continue;
                    }
                    say(&mut out, &l)?;
                }
                write_save(&sess)?;
                out.flush()?;
            }
        }
    }
    // Typed or scripted, the game is in the save now (`--resume` takes it
    // up, with a script too).
    if !a.quiet {
        say(&mut out, &format!("game saved in {}", save_path.display()))?;
    }
    if sess.is_full() {
        say(&mut out, &sess.full_refusal())?;
    }
    out.flush()?;
    writer.sync()?;
    Ok(())
}

/// Whether a typed line ends play (`quit` or `exit`, as at the keyboard).
fn is_quit(line: &str) -> bool {
    let l = line.split('#').next().unwrap_or("").trim();
    l.eq_ignore_ascii_case("quit") || l.eq_ignore_ascii_case("exit")
}
