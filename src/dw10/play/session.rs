//! A game at the table: typed lines, `undo`, the save file and `resume`.
//!
//! A save holds what the game was started from (the scenario's path and
//! digest, the seed, the party file's text, the scale) and every line
//! typed, refused ones, views and `undo` included; `resume` types them
//! again on the same dice, so the game and its transcript continue exactly
//! where they were. `undo` plays every accepted command but the last again.

use crate::core::yaml::FileError;
use crate::dw10::figures::Figures;
use crate::dw10::play::command::{self, Command};
use crate::dw10::play::dm::Policy;
use crate::dw10::play::engine::{Game, PlayOptions};
use crate::dw10::play::party;
use crate::dw10::play::refusal::Refusal;
use crate::dw10::play::spawn::default_collection;
use crate::dw10::play::transcript;
use crate::dw10::scenario::Scenario;
use crate::dw10::tables::Tables;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The format tag of save files.
pub const FORMAT: &str = "tilecrawl-dw10-save/1";
/// Largest save file read.
pub const MAX_SAVE_BYTES: u64 = 8 * 1024 * 1024;
/// Most commands a game keeps.
pub const MAX_LINES: usize = 50_000;
/// Longest command line.
pub const MAX_LINE_BYTES: usize = 400;

/// What a line longer than [`MAX_LINE_BYTES`] is answered.
fn too_long_refusal(bytes: u64) -> String {
    format!(
        "refused: a command is at most {MAX_LINE_BYTES} bytes on one line; this one has {bytes} bytes"
    )
}

/// A save file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Dw10Save")]
pub struct SaveFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// The scenario, relative to the save's folder when it can be.
    pub scenario: String,
    /// The scenario's digest when the game began.
    pub scenario_digest: String,
    /// The play dice's seed.
    pub seed: u64,
    /// The party file's text.
    pub party: String,
    /// Spawning on 2d6.
    #[serde(default)]
    pub scaled_down: bool,
    /// Every line typed, in order.
    #[serde(default)]
    pub commands: Vec<String>,
}

/// Reads a save file's text.
pub fn parse_save(text: &str, file: &str) -> Result<SaveFile, FileError> {
    crate::core::yaml::check_other_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let s: SaveFile = crate::core::yaml::parse(text, file)?;
    if s.format != FORMAT {
        return Err(FileError::at_key(
            file,
            "format",
            format!("expected `{FORMAT}`, found `{}`", s.format),
        ));
    }
    if s.commands.len() > MAX_LINES {
        return Err(FileError::at_key(file, "commands", "too many commands"));
    }
    Ok(s)
}

/// A game and the lines that made it.
pub struct Session {
    scenario: Arc<Scenario>,
    opts: PlayOptions,
    game: Game,
    lines: Vec<String>,
    accepted: Vec<String>,
    party_text: String,
    opening_len: usize,
}

/// How a session starts.
#[derive(Debug, Clone)]
pub struct Start {
    /// The seed.
    pub seed: u64,
    /// The party file's text (the embedded one by default).
    pub party_text: String,
    /// Spawning on 2d6.
    pub scaled_down: bool,
}

impl Session {
    /// A new game; the opening lines and the first move's.
    pub fn new(
        scenario: Arc<Scenario>,
        start: Start,
        figures: Arc<Figures>,
        tables: Arc<Tables>,
    ) -> Result<(Session, Vec<String>), FileError> {
        let party = party::parse(&start.party_text, "party", &figures)?;
        let opts = PlayOptions {
            seed: start.seed,
            party,
            collection: default_collection(&figures),
            figures,
            tables,
            scaled_down: start.scaled_down,
            policy: Policy::default(),
            log: false,
        };
        let (game, ev) = Game::new(scenario.clone(), opts.clone());
        let mut out = transcript::opening(&game.s);
        let opening_len = out.len();
        out.extend(transcript::print(&game.s, &game.map, &ev));
        Ok((
            Session {
                scenario,
                opts,
                game,
                lines: Vec::new(),
                accepted: Vec::new(),
                party_text: start.party_text,
                opening_len,
            },
            out,
        ))
    }

    /// How many of the first lines are the opening (what the game is,
    /// where the heroes wait, the `help` hint).
    pub fn opening_len(&self) -> usize {
        self.opening_len
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The lines typed so far.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// Has the game as many commands as it may keep?
    pub fn is_full(&self) -> bool {
        self.lines.len() >= MAX_LINES
    }

    /// One typed line: its echo, then what happened or why not.
    pub fn input(&mut self, line: &str) -> Vec<String> {
        if line.len() > MAX_LINE_BYTES {
            // Kept whole, so a resumed script still matches its save; the
            // echo is only its start.
            self.lines.push(line.trim_end().to_string());
            return vec![
                format!(
                    "> {}",
                    crate::core::text::excerpt_of_line(line.trim_end(), line.len() as u64, 60)
                ),
                too_long_refusal(line.len() as u64),
            ];
        }
        let mut out = vec![format!("> {}", line.trim_end())];
        self.lines.push(line.trim_end().to_string());
        let word = line.split('#').next().unwrap_or("").trim();
        if word.eq_ignore_ascii_case("undo") {
            if self.accepted.is_empty() {
                out.push("refused: nothing to undo".into());
                return out;
            }
            let keep = self.accepted[..self.accepted.len() - 1].to_vec();
            let (mut g, _) = Game::new(self.scenario.clone(), self.opts.clone());
            for l in &keep {
                if let Ok(Some(c)) = command::parse(l) {
                    let _ = g.play(c);
                }
            }
            let last = self.accepted.pop().unwrap_or_default();
            self.game = g;
            out.push(format!("undone: {last}"));
            return out;
        }
        match command::parse(line) {
            Ok(None) => {}
            Err(r) => out.push(format!("refused: {}", self.hint(r, line))),
            Ok(Some(c)) => {
                let keep = !matches!(c, Command::Status | Command::Map | Command::Help);
                match self.game.play(c) {
                    Ok(ev) => {
                        out.extend(transcript::print(&self.game.s, &self.game.map, &ev));
                        if keep {
                            self.accepted.push(line.trim().to_string());
                        }
                    }
                    Err(r) => out.push(format!("refused: {r}")),
                }
            }
        }
        out
    }

    /// A refusal of a line that is no command, with a hint when its first
    /// word is a hero: this game's commands start with what to do, then
    /// the hero (`Kestrel moves to 20,3`, the MKD Adventure's way, is
    /// `move Kestrel 20,3` here).
    fn hint(&self, r: Refusal, line: &str) -> String {
        if let Refusal::NotACommand(word) = &r
            && let Ok(h) = self.game.find_hero(word)
        {
            let square = line
                .split('#')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .find(|w| {
                    w.split_once(',')
                        .is_some_and(|(x, y)| x.parse::<i32>().is_ok() && y.parse::<i32>().is_ok())
                })
                .unwrap_or("X,Y");
            return format!(
                "`{word}` is not a command: a command starts with what to do, then the hero, as in `move {} {square}`; `help` lists them",
                self.game.s.hero(h).body.name
            );
        }
        r.to_string()
    }

    /// A line read at the prompt that was longer than [`MAX_LINE_BYTES`]
    /// (`start`: its first bytes; `bytes`: its length): refused whole, never
    /// played by its start, and kept in the save as a comment so a resumed
    /// game replays nothing for it.
    pub fn input_too_long(&mut self, start: &str, bytes: u64) -> Vec<String> {
        self.lines.push(format!(
            "# here a line of {bytes} bytes was refused (longer than {MAX_LINE_BYTES})"
        ));
        vec![
            format!(
                "> {}",
                crate::core::text::excerpt_of_line(start.trim_end(), bytes, 60)
            ),
            too_long_refusal(bytes),
        ]
    }

    /// The save file's text.
    pub fn save_text(&self, scenario_ref: &str, digest: &str) -> String {
        let s = SaveFile {
            format: FORMAT.into(),
            scenario: scenario_ref.into(),
            scenario_digest: digest.into(),
            seed: self.opts.seed,
            party: self.party_text.clone(),
            scaled_down: self.opts.scaled_down,
            commands: self.lines.clone(),
        };
        yaml_serde::to_string(&s).unwrap_or_default()
    }

    /// A saved game played again: the session and its whole transcript.
    pub fn resume(
        save: &SaveFile,
        scenario: Arc<Scenario>,
        figures: Arc<Figures>,
        tables: Arc<Tables>,
    ) -> Result<(Session, Vec<String>), FileError> {
        let (mut sess, mut out) = Session::new(
            scenario,
            Start {
                seed: save.seed,
                party_text: save.party.clone(),
                scaled_down: save.scaled_down,
            },
            figures,
            tables,
        )?;
        for l in &save.commands {
            out.extend(sess.input(l));
        }
        Ok((sess, out))
    }
}

/// The JSON Schema of a save file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(SaveFile)
}
