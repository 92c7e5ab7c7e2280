//! A game at the table: typed lines in, English lines out; the AI's turns
//! played as they come; undo; the save (the inputs and the typed commands,
//! replayed on resume).

use super::command::{self, Command, ParseError};
use super::engine::{Game, GameError, PlayOptions};
use super::event::Event;
use super::lookahead::with_book;
use super::refusal::Refusal;
use super::state::{Fate, Outcome, Team};
use super::transcript;
use super::turns::echo;
pub use super::turns::{AiSide, run_ai};
use crate::core::dice::Dice;
use crate::core::geom::Point;
use crate::core::yaml::FileError;
use crate::ddd::part::{CounterKind, DddScenario};
use crate::ddd::warparty::Warparty;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The format tag of a Dungeons Dark & Dangerous save.
pub const SAVE_FORMAT: &str = "tilecrawl-ddd-save/1";
/// Largest save read.
pub const MAX_SAVE_BYTES: u64 = 4 * 1024 * 1024;
/// The play dice's stage.
pub const STAGE: &str = "dd-and-d play";

/// A save file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "DddSave")]
pub struct SaveFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = SAVE_FORMAT))]
    pub format: String,
    /// The scenario file, as given (relative to the save's folder when it can be).
    pub scenario: String,
    /// The scenario's digest (`core::digest`): a changed scenario is refused.
    pub scenario_digest: String,
    /// Blue's war-party (without the log of the rolls that made it).
    pub warparty: Warparty,
    /// Red's war-party.
    pub opponent: Warparty,
    /// The play dice's seed.
    pub seed: u64,
    /// Who the policy plays: none, blue or red.
    pub ai: String,
    /// The round limit, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<u32>,
    /// The advanced rules.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub advanced: bool,
    /// The sides not played by tilecrawl deploy by hand (`play
    /// --deploy-by-hand`): their `edge`, `place`, `prisoner` and `ready`
    /// commands come first in `commands`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deploy_by_hand: bool,
    /// The commands typed, in order.
    #[serde(default)]
    pub commands: Vec<String>,
}

/// Why a line or a save was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// Not a command.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The rules refuse it.
    #[error("refused: {0}")]
    Refused(#[from] Refusal),
    /// The game cannot start.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A save or war-party that does not read.
    #[error(transparent)]
    File(#[from] FileError),
    /// A save whose commands do not replay.
    #[error("{file}: commands[{index}] `{command}` does not replay: {why}")]
    Replay {
        /// The save.
        file: String,
        /// Which command.
        index: usize,
        /// The command.
        command: String,
        /// Why.
        why: String,
    },
    /// Nothing to undo.
    #[error("nothing to undo")]
    NothingToUndo,
}

/// A game with its inputs, so it can be undone and saved.
#[derive(Debug, Clone)]
pub struct Session {
    scenario: Arc<DddScenario>,
    blue: Warparty,
    red: Warparty,
    seed: u64,
    ai: AiSide,
    opts: PlayOptions,
    game: Game,
    commands: Vec<String>,
}

/// Starts a game from its inputs: the opening lines and events.
fn open(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    seed: u64,
    ai: AiSide,
    opts: PlayOptions,
    text: bool,
) -> Result<(Game, Vec<String>), GameError> {
    let dice = if text {
        Dice::for_stage(seed, STAGE)
    } else {
        Dice::quiet(seed, STAGE)
    };
    let (mut game, ev) = Game::new(scenario, blue, red, dice, opts)?;
    let mut out = Vec::new();
    if text {
        out.extend(ev.iter().map(|e| transcript::line(&game.state, e)));
    }
    run_ai(&mut game, ai, &mut out, text);
    Ok((game, out))
}

/// A player's command played: its echo and the lines of its events. The
/// echo names the model whose turn it is, or, while deploying by hand,
/// the side (`> Blue: place b3 17,33`).
fn play_line(game: &mut Game, cmd: Command) -> Result<Vec<String>, Refusal> {
    let head = match (game.current(), game.deploying()) {
        (Some(id), _) => echo(&game.state, id, cmd),
        (None, Some(t)) => format!("> {}: {}", t.word(), command::unparse(cmd)),
        (None, None) => return Err(Refusal::GameOver),
    };
    let ev = game.play(cmd)?;
    let mut out = vec![head];
    out.extend(ev.iter().map(|e| transcript::line(&game.state, e)));
    Ok(out)
}

/// Which sides deploy by hand: with `--deploy-by-hand`, every side
/// tilecrawl does not play.
pub fn by_hand(ai: AiSide, deploy_by_hand: bool) -> [bool; 2] {
    Team::BOTH.map(|t| deploy_by_hand && !ai.plays(t))
}

impl Session {
    /// A new game: the opening lines (dice-off, deployment, the first
    /// cards and the policy's turns until a player's model is up).
    pub fn start(
        scenario: Arc<DddScenario>,
        blue: Warparty,
        red: Warparty,
        seed: u64,
        ai: AiSide,
        opts: PlayOptions,
    ) -> Result<(Session, Vec<String>), GameError> {
        let opts = with_book(&scenario, &blue, &red, opts)?;
        let (game, out) = open(&scenario, &blue, &red, seed, ai, opts, true)?;
        Ok((
            Session {
                scenario,
                blue,
                red,
                seed,
                ai,
                opts,
                game,
                commands: Vec::new(),
            },
            out,
        ))
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The commands typed so far.
    pub fn commands(&self) -> &[String] {
        &self.commands
    }

    /// One typed command: its lines, or why it was not taken (the game
    /// unchanged).
    pub fn enter(&mut self, line: &str) -> Result<Vec<String>, SessionError> {
        let cmd = command::parse(line)?;
        let mut out = play_line(&mut self.game, cmd)?;
        self.commands.push(command::unparse(cmd));
        run_ai(&mut self.game, self.ai, &mut out, true);
        Ok(out)
    }

    /// Takes back the last command typed (and the policy's turns after it).
    pub fn undo(&mut self) -> Result<String, SessionError> {
        let last = self.commands.pop().ok_or(SessionError::NothingToUndo)?;
        let (game, _) = replay_game(
            &self.scenario,
            &self.blue,
            &self.red,
            self.seed,
            self.ai,
            self.opts,
            &self.commands,
            "the game",
        )?;
        self.game = game;
        Ok(format!("took back `{last}`"))
    }

    /// The save file's text.
    pub fn save_text(&self, scenario_ref: &str, scenario_digest: &str) -> String {
        let s = SaveFile {
            format: SAVE_FORMAT.into(),
            scenario: scenario_ref.into(),
            scenario_digest: scenario_digest.into(),
            warparty: Warparty {
                log: Vec::new(),
                ..self.blue.clone()
            },
            opponent: Warparty {
                log: Vec::new(),
                ..self.red.clone()
            },
            seed: self.seed,
            ai: self.ai.name().into(),
            max_rounds: self.opts.max_rounds,
            advanced: self.opts.advanced,
            deploy_by_hand: self.opts.by_hand.contains(&true),
            commands: self.commands.clone(),
        };
        crate::core::yaml_emit::to_string(
            &s,
            &crate::core::yaml_emit::DocStyle {
                width: crate::core::yaml_emit::DEFAULT_WIDTH,
                block_keys: &["commands"],
            },
        )
        .expect("a save always serialises")
    }

    /// A saved game replayed: the session and its whole transcript.
    pub fn resume(
        save: &SaveFile,
        scenario: Arc<DddScenario>,
        file: &str,
    ) -> Result<(Session, Vec<String>), SessionError> {
        for (key, w) in [("warparty", &save.warparty), ("opponent", &save.opponent)] {
            if let Some(p) = crate::ddd::warparty::problems(w).into_iter().next() {
                return Err(FileError::at_key(file, key, p.to_string()).into());
            }
        }
        let (blue, red) = (save.warparty.clone(), save.opponent.clone());
        let ai = AiSide::parse(&save.ai)
            .filter(|a| *a != AiSide::Both)
            .ok_or_else(|| FileError::at_key(file, "ai", "expected none, blue or red"))?;
        let opts = PlayOptions {
            max_rounds: save.max_rounds,
            advanced: save.advanced,
            by_hand: by_hand(ai, save.deploy_by_hand),
            ..PlayOptions::default()
        };
        let opts = with_book(&scenario, &blue, &red, opts)?;
        let (game, out) = replay_game(
            &scenario,
            &blue,
            &red,
            save.seed,
            ai,
            opts,
            &save.commands,
            file,
        )?;
        Ok((
            Session {
                scenario,
                blue,
                red,
                seed: save.seed,
                ai,
                opts,
                game,
                commands: save.commands.clone(),
            },
            out,
        ))
    }

    /// The state in lines (`status`).
    pub fn status(&self) -> Vec<String> {
        status(&self.game)
    }

    /// The board as text (`map`).
    pub fn map(&self) -> Vec<String> {
        map(&self.game)
    }
}

#[allow(clippy::too_many_arguments)]
fn replay_game(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    seed: u64,
    ai: AiSide,
    opts: PlayOptions,
    commands: &[String],
    file: &str,
) -> Result<(Game, Vec<String>), SessionError> {
    let (mut game, mut out) = open(scenario, blue, red, seed, ai, opts, true)?;
    for (index, line) in commands.iter().enumerate() {
        let bad = |why: String| SessionError::Replay {
            file: file.into(),
            index,
            command: crate::core::text::excerpt(line, 40),
            why,
        };
        let cmd = command::parse(line).map_err(|e| bad(e.to_string()))?;
        out.extend(play_line(&mut game, cmd).map_err(|e| bad(e.to_string()))?);
        run_ai(&mut game, ai, &mut out, true);
    }
    Ok((game, out))
}

/// Reads a save's text.
pub fn parse_save(text: &str, file: &str) -> Result<SaveFile, FileError> {
    crate::core::yaml::check_other_kind(text, SAVE_FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let s: SaveFile = crate::core::yaml::parse(text, file)?;
    if s.format != SAVE_FORMAT {
        return Err(FileError::at_key(
            file,
            "format",
            format!(
                "is `{}`; expected `{SAVE_FORMAT}`",
                crate::core::text::excerpt(&s.format, 40)
            ),
        ));
    }
    Ok(s)
}

/// What `help` prints.
pub const HELP: &str = "\
commands for the model whose turn it is (move first, then one action):
  move X,Y        walk there, within the movement roll (stops next to an enemy)
  leave           step off the board from an exit square
  attack ID       close combat (ID such as r3)     shoot ID    ranged attack
  enthral ID      Enthrall, within 4 and in sight  heal ID     Healer, within 2
  open S | close S | smash S | pick S | search S   the door on side S (N, E, S, W)
  trap S|X,Y | disarm S|X,Y                        Thief: set or remove a trap
  hide | pickup [X,Y] | free | read | end | surrender (with --advanced)
deploying by hand (--deploy-by-hand), before the first card:
  edge S          the edge to deploy on            prisoner ID  Free Prisoner
  place ID X,Y    a model onto a square of the zone  ready      the rest as tilecrawl would
also: status, map, undo, help, quit";

/// Every model and the score, one line each.
pub fn status(g: &Game) -> Vec<String> {
    let st = &g.state;
    let mut out = vec![format!(
        "round {}; {} {}; kills: Blue {}, Red {}; off the board: Blue {}, Red {}; treasure off: Blue {}, Red {}",
        st.round,
        st.attacker.name(),
        match g.kind {
            // The scenarios with an attacker's and a defender's part
            // (L151, L157); elsewhere the dice-off winner only chose first.
            crate::ddd::ScenarioKind::Ambush | crate::ddd::ScenarioKind::FreePrisoner =>
                "is the attacker",
            _ => "won the dice-off",
        },
        st.kills[0],
        st.kills[1],
        st.escaped[0],
        st.escaped[1],
        st.treasure_off[0],
        st.treasure_off[1]
    )];
    if let Some((plan, step)) = g.setup().and_then(|p| p.current().map(|s| (p, s))) {
        out.push(format!("deploying: {}", plan.expects(st, step)));
    }
    if let Some(t) = st.turn {
        out.push(format!(
            "{}'s turn: {} squares of movement left, {}",
            t.model,
            t.moves_left,
            if t.acted {
                "action taken"
            } else {
                "action to take"
            }
        ));
    }
    for f in &st.figures {
        let where_ = match f.fate {
            Fate::OnBoard if f.at.x < 0 => "not placed yet".into(),
            Fate::OnBoard => format!("{},{}", f.at.x, f.at.y),
            Fate::Dead => "killed".into(),
            Fate::Escaped(s) => format!("off the {} edge", crate::build::board::edge_word(s)),
        };
        let mut marks = Vec::new();
        if f.wounds > 0 {
            marks.push(format!("{}/{} wounds", f.wounds, f.max_wounds()));
        }
        for (on, word) in [
            (f.hidden, "hidden"),
            (f.stunned, "stunned"),
            (f.bound, "bound"),
            (f.has_read, "has read the message"),
        ] {
            if on {
                marks.push(word.into());
            }
        }
        if let Some(c) = f.carrying {
            marks.push(format!("carries the {}", st.counters[c].kind.id()));
        }
        let ab: Vec<&str> = f.abilities.iter().map(|a| a.id()).collect();
        out.push(format!(
            "  {} {}: power d{}, defense d{}{}; {}{}",
            f.id,
            f.name,
            f.power.sides(),
            f.defense.sides(),
            if ab.is_empty() {
                String::new()
            } else {
                format!(" ({})", ab.join(", "))
            },
            where_,
            if marks.is_empty() {
                String::new()
            } else {
                format!("; {}", marks.join(", "))
            }
        ));
    }
    out
}

/// The board as text: rulers over the columns (tens, then units) and the
/// rows' numbers on the left; Blue's models as `A`-`J` (1-10), Red's as
/// `a`-`j`, counters `T` treasure, `O` object, `M` message, `P` prisoner,
/// `t` a trap on a square; a door `=` shut or `/` open on the square whose
/// east or south edge it lies on; the exits as `^`, `>`, `v`, `<` beside
/// the edge squares they leave from. Under it the legend, the doors and
/// the exits by square.
pub fn map(g: &Game) -> Vec<String> {
    use crate::build::board::edge_word;
    use crate::core::geom::Side;
    let st = &g.state;
    let b = &g.grid.board;
    let mut rows: Vec<Vec<char>> = b.rows().iter().map(|r| r.chars().collect()).collect();
    let mut put = |p: Point, c: char| {
        if let Some(row) = rows.get_mut(p.y as usize)
            && let Some(cell) = row.get_mut(p.x as usize)
        {
            *cell = c;
        }
    };
    // Doors the players know of: a secret door not found yet is wall.
    let doors: Vec<&super::state::DoorState> = st.doors.iter().filter(|d| !d.secret).collect();
    for d in doors.iter().filter(|d| !d.gone) {
        put(d.door.at, if d.open { '/' } else { '=' });
    }
    let free = g
        .setup()
        .map(|p| p.free_squares(&g.grid, st))
        .unwrap_or_default();
    for &p in &free {
        put(p, '+');
    }
    for t in &st.traps {
        put(t.at, 't');
    }
    for c in &st.counters {
        if let Some(p) = c.at {
            put(
                p,
                match c.kind {
                    CounterKind::Treasure => 'T',
                    CounterKind::Object => 'O',
                    CounterKind::Message => 'M',
                    CounterKind::Prisoner => 'P',
                },
            );
        }
    }
    for f in st.figures.iter().filter(|f| f.on_board()) {
        let base = if f.id.team == Team::Blue { b'A' } else { b'a' };
        for p in f.footprint().squares() {
            put(p, (base + (f.id.number as u8 - 1)) as char);
        }
    }
    let exit_at = |side: Side, p: Point| {
        b.exits
            .iter()
            .any(|e| e.side == side && e.squares().any(|q| q == p))
    };
    let (w, h) = (b.width as i32, b.height as i32);
    let edge_row = |y: i32, side: Side, mark: char| -> Option<String> {
        let row: String = (0..w)
            .map(|x| {
                if exit_at(side, Point { x, y }) {
                    mark
                } else {
                    ' '
                }
            })
            .collect();
        (!row.trim().is_empty()).then(|| format!("    {}", row.trim_end()))
    };
    let mut out: Vec<String> = crate::core::text::column_rulers(0, w - 1, 4).into();
    out.extend(edge_row(0, Side::N, '^'));
    for (y, r) in rows.into_iter().enumerate() {
        let y = y as i32;
        let west = if exit_at(Side::W, Point { x: 0, y }) {
            '<'
        } else {
            ' '
        };
        let east = if exit_at(Side::E, Point { x: w - 1, y }) {
            ">"
        } else {
            ""
        };
        let row: String = r.into_iter().collect();
        out.push(format!("{y:>3}{west}{row}{east}"));
    }
    out.extend(edge_row(h - 1, Side::S, 'v'));
    out.push(
        "legend: # wall . floor , difficult X obstacle % rubble ~ water; = shut door, / open door (on the east or south edge of the square); ^ > v < an exit off the board from the edge square beside it; Blue A-J, Red a-j (models 1-10); T treasure O object M message P prisoner t trap"
            .into(),
    );
    if !free.is_empty() {
        out.push("+ a free square of the zone the side deploying may place a model on".into());
    }
    if !doors.is_empty() {
        let list: Vec<String> = doors
            .iter()
            .map(|d| {
                let state = if d.gone {
                    "smashed"
                } else if d.open {
                    "open"
                } else if d.locked {
                    "shut, locked"
                } else {
                    "shut"
                };
                format!(
                    "{},{} {} {state}",
                    d.door.at.x,
                    d.door.at.y,
                    edge_word(d.door.side)
                )
            })
            .collect();
        out.push(format!("doors (square and edge): {}", list.join("; ")));
    }
    if !b.exits.is_empty() {
        let list: Vec<String> = b
            .exits
            .iter()
            .map(|e| {
                let sq: Vec<String> = e.squares().map(|p| format!("{},{}", p.x, p.y)).collect();
                format!("{} {}", edge_word(e.side), sq.join(" "))
            })
            .collect();
        out.push(format!("exits (edge and squares): {}", list.join("; ")));
    }
    out
}

/// The outcome in words, for a finished game.
pub fn outcome_word(o: Outcome) -> String {
    match o {
        Outcome::Win(t) => format!("{} wins", t.name()),
        Outcome::Draw => "a draw".into(),
    }
}

/// The events of a scripted command list with no text (tests).
pub fn events_of(game: &mut Game, cmds: &[Command]) -> Vec<Event> {
    let mut out = Vec::new();
    for &c in cmds {
        if let Ok(ev) = game.play(c) {
            out.extend(ev);
        }
    }
    out
}

/// The JSON Schema of a save file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(SaveFile)
}
