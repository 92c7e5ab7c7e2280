//! A game session: the typed lines, undo, and the save file.
//!
//! A game is a pure function of the scenario, the party, the tables, the
//! options and the commands typed so far, so the save file stores exactly
//! those (the scenario by path and digest) and `--resume` replays them: the
//! same state, and the same dice still to come. `undo` rebuilds the game
//! without the last command that changed it — so a command taken back and
//! typed again meets the same dice.

use crate::core::yaml::FileError;
use crate::mkd::play::engine::{CombatMode, Game, GameOptions};
use crate::mkd::play::floors::Adventure;
use crate::mkd::play::party::Party;
use crate::mkd::play::state::Injuries;
use crate::mkd::scenario::Scenario;
use crate::mkd::tables::Tables;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

/// The save-file format tag.
pub const SAVE_FORMAT: &str = "tilecrawl-save/1";
/// The largest save file read.
pub const MAX_SAVE_BYTES: u64 = 8 * 1024 * 1024;
/// The most lines a save may hold. `play` stops taking lines when a game
/// reaches it (and says so 1,000 lines before), so every save it writes
/// can be resumed.
pub const MAX_LINES: usize = 100_000;
/// The longest typed line a game takes, in bytes: a longer line is refused
/// and saved as a comment that says so ([`refused_line_record`]).
pub const MAX_LINE_BYTES: usize = 500;
/// The most bytes the `lines` of a save may take in the file, as written
/// (each `- ` entry with its quoting): with the party and tables a save
/// holds at their own limits, a full save stays under [`MAX_SAVE_BYTES`].
pub const MAX_LINES_BYTES: u64 = 5 * 1024 * 1024;
/// The most bytes one `lines` entry can take in the file: the YAML writer
/// escapes a character it cannot print as at most four bytes for each of
/// its bytes (`\x1B`), plus the quotes, `- ` and the line break.
const MAX_ENTRY_BYTES: u64 = 4 * MAX_LINE_BYTES as u64 + 8;
/// How many lines before a full save play warns.
pub const ROOM_WARNING_LINES: usize = 1_000;

/// What a save keeps of a typed line: the line itself (without its line
/// break), or, for one too long to be a command, a comment saying so — the
/// save stays small and readable, and replaying the comment does nothing,
/// as the refused line did nothing.
pub fn record_of(line: &str) -> std::borrow::Cow<'_, str> {
    let line = line.trim_end_matches(['\r', '\n']);
    if line.len() > MAX_LINE_BYTES || line.contains(['\n', '\r']) {
        std::borrow::Cow::Owned(refused_line_record(line.len()))
    } else {
        std::borrow::Cow::Borrowed(line)
    }
}

/// The comment saved in place of a refused line of `bytes` bytes.
pub fn refused_line_record(bytes: usize) -> String {
    format!("# here a line of {bytes} bytes was refused (longer than {MAX_LINE_BYTES})")
}

/// The `lines` entry of a save for `line`, exactly as the YAML writer puts
/// it in the file (`- status\n`); the save writer appends these.
pub fn line_entry(line: &str) -> String {
    yaml_serde::to_string(&[line]).unwrap_or_else(|_| format!("- {line:?}\n"))
}

/// What `save.yaml` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = SAVE_FORMAT))]
    pub format: String,
    /// The program that wrote it.
    pub generator: String,
    /// The scenario file, as a path relative to the save file's folder (or
    /// absolute). For a multi-floor dungeon, its `dungeon.yaml`.
    pub scenario: String,
    /// FNV-1a 64 digest of the scenario file's bytes, to refuse a changed
    /// scenario. For a multi-floor dungeon, the digest over the
    /// `dungeon.yaml` and every floor file (as the dungeon's digest counts it).
    pub scenario_digest: String,
    /// The party file's text (kept whole, so the save stands alone).
    pub party: String,
    /// The roll tables' text, or `embedded` for the built-in tables.
    pub tables: String,
    /// Seed of the play dice.
    pub seed: u64,
    /// `manual` or `dice`.
    pub combat: String,
    /// What a hero's last wound does: `wod-s` for World of Dungeons S
    /// injuries (`play --injuries wod-s`); left out for the MKD rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub injuries: Option<String>,
    /// Every line typed, in order (including ones refused and `undo`).
    pub lines: Vec<String>,
}

impl SaveFile {
    /// The scenario file this save plays: its path as written, read from
    /// the folder of the save at `save_path` when relative.
    pub fn scenario_path(&self, save_path: &std::path::Path) -> std::path::PathBuf {
        let scenario = std::path::Path::new(&self.scenario);
        if scenario.is_absolute() {
            return scenario.to_path_buf();
        }
        save_path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(std::path::Path::new("."))
            .join(scenario)
    }
}

/// A game and the lines that made it.
#[derive(Debug, Clone)]
pub struct Session {
    opts: GameOptions,
    game: Game,
    /// Every line typed.
    lines: Vec<String>,
    /// The last lines that changed the game, each with the game as it stood
    /// before it (what `undo` goes back to), at most [`UNDO_DEPTH`].
    history: VecDeque<(String, Game)>,
    /// The bytes `lines` takes in the save file, as written.
    lines_bytes: u64,
}

/// How many commands `undo` can take back in a row. Each one keeps a copy of
/// the game, so undo costs no replay however long the game (replaying from
/// the start made many undos in a row quadratic in the game's length).
pub const UNDO_DEPTH: usize = 64;

impl Session {
    /// A new game.
    pub fn new(
        scenario: Arc<Scenario>,
        party: Arc<Party>,
        tables: Arc<Tables>,
        opts: GameOptions,
    ) -> Session {
        Session::from_game(Game::new(scenario, party, tables, opts))
    }

    /// A session of a game just set up (a scenario or a multi-floor dungeon,
    /// see [`crate::mkd::play::floors::Adventure::new_game`]).
    pub fn from_game(game: Game) -> Session {
        Session {
            opts: game.opts,
            game,
            lines: Vec::new(),
            history: VecDeque::new(),
            lines_bytes: 0,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every line typed so far.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The options.
    pub fn options(&self) -> GameOptions {
        self.opts
    }

    /// The transcript's opening lines.
    pub fn intro(&self) -> Vec<String> {
        self.game.intro()
    }

    /// Takes one typed line; returns the transcript lines it produces: the
    /// line echoed after `> `, then the dungeon's answer, or one `! ` line
    /// saying why nothing happened.
    pub fn input(&mut self, line: &str) -> Vec<String> {
        let line = line.trim_end_matches(['\r', '\n']);
        if self.is_full() {
            // Not kept: the save holds all it may.
            return vec![
                format!("> {}", crate::core::text::excerpt(line, 60)),
                self.full_refusal(),
            ];
        }
        if let std::borrow::Cow::Owned(_) = record_of(line) {
            return self.input_too_long(line, line.len() as u64);
        }
        self.keep(line.to_string());
        let mut out = self.input_kept(line);
        if self.lines.len() == MAX_LINES - ROOM_WARNING_LINES {
            out.push(format!(
                "note: this game's save has room for {ROOM_WARNING_LINES} more lines"
            ));
        }
        out
    }

    /// The answer to a line just kept.
    fn input_kept(&mut self, line: &str) -> Vec<String> {
        let mut out = vec![format!("> {line}")];
        let trimmed = line.split('#').next().unwrap_or("").trim();
        if trimmed.is_empty() {
            out.pop();
            return out;
        }
        if trimmed.eq_ignore_ascii_case("undo") {
            match self.history.pop_back() {
                None => out.push(format!(
                    "! nothing to undo (undo takes back at most {UNDO_DEPTH} commands in a row)"
                )),
                Some((last, before)) => {
                    // The game as it was, dice included: typing the command
                    // again meets the same dice.
                    self.game = before;
                    out.push(format!("undone: {last}"));
                }
            }
            return out;
        }
        let before = self.game.clone();
        match self.game.apply(trimmed) {
            Ok(lines) => {
                let changes = !matches!(
                    trimmed.to_ascii_lowercase().as_str(),
                    "status" | "map" | "help" | "?"
                );
                if changes {
                    if self.history.len() == UNDO_DEPTH {
                        self.history.pop_front();
                    }
                    self.history.push_back((trimmed.to_string(), before));
                }
                out.extend(lines);
            }
            Err(e) => out.push(format!("! {e}")),
        }
        out
    }

    /// Takes a typed line too long to be a command, of which only its
    /// start is at hand (the rest was read and dropped): refused, and saved
    /// as a comment saying so.
    pub fn input_too_long(&mut self, start: &str, bytes: u64) -> Vec<String> {
        let mut out = vec![format!(
            "> {}",
            crate::core::text::excerpt_of_line(start, bytes, 60)
        )];
        if self.is_full() {
            out.push(self.full_refusal());
            return out;
        }
        self.keep(refused_line_record(bytes as usize));
        out.push(format!(
            "! a command is at most {MAX_LINE_BYTES} bytes on one line; this one has {bytes} bytes"
        ));
        out
    }

    /// What a full game says to a line.
    pub fn full_refusal(&self) -> String {
        format!(
            "! this game's save is full ({} lines); the game cannot go on",
            self.lines.len()
        )
    }

    /// Keeps a line for the save.
    fn keep(&mut self, record: String) {
        self.lines_bytes += line_entry(&record).len() as u64;
        self.lines.push(record);
    }

    /// Whether the save holds all the lines it may ([`MAX_LINES`],
    /// [`MAX_LINES_BYTES`]): no more lines are taken.
    pub fn is_full(&self) -> bool {
        self.lines.len() >= MAX_LINES || self.lines_bytes > MAX_LINES_BYTES - MAX_ENTRY_BYTES
    }

    /// The save file for this session.
    pub fn to_save(
        &self,
        scenario_path: &str,
        scenario_digest: &str,
        party_text: &str,
        tables_text: Option<&str>,
    ) -> SaveFile {
        SaveFile {
            format: SAVE_FORMAT.into(),
            generator: crate::GENERATOR.into(),
            scenario: scenario_path.into(),
            scenario_digest: scenario_digest.into(),
            party: party_text.into(),
            tables: tables_text.unwrap_or("embedded").into(),
            seed: self.opts.seed,
            combat: self.opts.combat.name().into(),
            injuries: (self.game.injuries != Injuries::Slain)
                .then(|| self.game.injuries.name().to_string()),
            lines: self.lines.clone(),
        }
    }

    /// Rebuilds a session from a save's lines; returns it with the whole
    /// transcript so far.
    pub fn replay(
        scenario: Arc<Scenario>,
        party: Arc<Party>,
        tables: Arc<Tables>,
        opts: GameOptions,
        lines: &[String],
    ) -> (Session, Vec<String>) {
        Session::replay_game(Game::new(scenario, party, tables, opts), lines)
    }

    /// [`Session::replay`] from a game just set up.
    pub fn replay_game(game: Game, lines: &[String]) -> (Session, Vec<String>) {
        let mut s = Session::from_game(game);
        let mut transcript = s.intro();
        for l in lines {
            transcript.extend(s.input(l));
        }
        (s, transcript)
    }
}

/// The JSON Schema of a saved game (`play --save`).
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(SaveFile)
}

/// Reads and checks a save file's text (not the files it names).
pub fn parse_save(text: &str, file: &str) -> Result<SaveFile, FileError> {
    if text.trim().is_empty() {
        return Err(FileError::whole(
            file,
            format!("the file is empty; expected a tilecrawl save (`format: {SAVE_FORMAT}`)"),
        ));
    }
    // A file that is no YAML at all (bytes of another kind) is asked
    // about as the parser's errors are below.
    crate::core::yaml::check_shape(text).map_err(|(location, message)| FileError {
        file: file.into(),
        location,
        message: format!("{message} (is this a tilecrawl save file?)"),
    })?;
    crate::core::yaml::check_kind(text, SAVE_FORMAT).map_err(|e| {
        let (location, message) = e.into();
        FileError {
            file: file.into(),
            location,
            message,
        }
    })?;
    let save: SaveFile = yaml_serde::from_str(text).map_err(|e| {
        let (location, message) = crate::core::yaml::error_parts(&e, text);
        FileError {
            file: file.into(),
            location,
            message: format!("{message} (is this a tilecrawl save file?)"),
        }
    })?;
    if save.format != SAVE_FORMAT {
        return Err(FileError::at_key(
            file,
            "format",
            format!(
                "is `{}`; this version of tilecrawl reads `{SAVE_FORMAT}`",
                save.format
            ),
        ));
    }
    if save.lines.len() > MAX_LINES {
        return Err(FileError::at_key(
            file,
            "lines",
            format!("has {} entries; at most {MAX_LINES}", save.lines.len()),
        ));
    }
    if let Some((i, _)) = save
        .lines
        .iter()
        .enumerate()
        .find(|(_, l)| l.len() > 500 || l.contains('\n'))
    {
        return Err(FileError::at_key(
            file,
            &format!("lines[{i}]"),
            "longer than 500 characters or several lines; not a typed command",
        ));
    }
    // The embedded files obey the limits they have as files of their own.
    for (key, len, max) in [
        (
            "party",
            save.party.len(),
            crate::mkd::play::party::MAX_FILE_BYTES,
        ),
        (
            "tables",
            save.tables.len(),
            crate::mkd::tables::MAX_FILE_BYTES,
        ),
    ] {
        if len as u64 > max {
            return Err(FileError::at_key(
                file,
                key,
                format!("the embedded text is {len} bytes; at most {max}"),
            ));
        }
    }
    if !matches!(save.combat.as_str(), "manual" | "dice") {
        return Err(FileError::at_key(
            file,
            "combat",
            format!("is `{}`; expected `manual` or `dice`", save.combat),
        ));
    }
    if let Some(i) = &save.injuries
        && i != Injuries::WodS.name()
    {
        return Err(FileError::at_key(
            file,
            "injuries",
            format!("is `{}`; expected `wod-s` (or no key)", i.escape_default()),
        ));
    }
    if !save.scenario_digest.starts_with("fnv1a64:") {
        return Err(FileError::at_key(
            file,
            "scenario_digest",
            "expected `fnv1a64:` and 16 hex digits",
        ));
    }
    Ok(save)
}

/// Why a saved game could not be taken up again.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The save file, or the party or tables it holds, is refused.
    #[error(transparent)]
    File(#[from] FileError),
    /// The scenario the save was made for cannot be read or is refused.
    #[error("{save}: the scenario this save was made for: {reason}")]
    Scenario {
        /// The save file.
        save: String,
        /// Why the scenario was refused (in the message, printed once).
        reason: FileError,
    },
    /// The scenario has changed since the game was saved.
    #[error(
        "{save}: the scenario {scenario} has changed since this game was saved (digest {digest} expected); restore it or start a new game"
    )]
    Changed {
        /// The save file.
        save: String,
        /// The scenario file.
        scenario: String,
        /// The digest the save holds.
        digest: String,
    },
}

/// A saved game taken up again: what it is made of, and the game replayed
/// to where it stood.
#[derive(Debug)]
pub struct Resumed {
    /// The save file as read.
    pub save: SaveFile,
    /// Whether the save's last line was cut short (the game stopped while
    /// it was being saved) and left out.
    pub cut_short: bool,
    /// The scenario (or dungeon) file it plays.
    pub scenario_path: std::path::PathBuf,
    /// The scenario or dungeon, read and checked.
    pub adventure: Adventure,
    /// The party the save holds.
    pub party: Arc<Party>,
    /// The roll tables the save holds (or the embedded ones).
    pub tables: Arc<Tables>,
    /// The game, every saved line replayed.
    pub session: Session,
    /// What the replayed lines printed.
    pub transcript: Vec<String>,
}

/// A path a save names, for a message: a hand-edited save may name one
/// thousands of characters long.
fn shown_path(path: &std::path::Path) -> String {
    crate::core::text::excerpt(&path.display().to_string(), 120)
}

/// A save's text without a last `lines` entry cut short: the writer ends
/// every entry with a line break, so a last line without one is an append
/// the game did not finish. Returns the text and whether one was cut.
pub fn without_cut_entry(text: &str) -> (&str, bool) {
    if text.is_empty() || text.ends_with('\n') {
        return (text, false);
    }
    let start = text.rfind('\n').map_or(0, |i| i + 1);
    if start > 0 && text[start..].starts_with('-') {
        (&text[..start], true)
    } else {
        (text, false)
    }
}

/// Takes up the game saved in `save_text` (the file at `save_path`): reads
/// the scenario it names, refuses it if it changed since, rebuilds the party
/// and tables it holds, and replays every saved line (the same dice come
/// up again). `play --resume` and the campaign's town phase both use it.
pub fn resume(save_text: &str, save_path: &std::path::Path) -> Result<Resumed, ResumeError> {
    let shown = save_path.display().to_string();
    let (save_text, cut_short) = without_cut_entry(save_text);
    let save = parse_save(save_text, &shown)?;
    let scenario_path = save.scenario_path(save_path);
    let scenario_text =
        crate::core::fs::read_limited(&scenario_path, crate::scenario::MAX_SCENARIO_BYTES)
            .map_err(|e| ResumeError::Scenario {
                save: shown.clone(),
                reason: FileError::whole(
                    shown_path(&scenario_path),
                    e.describe("a scenario", crate::scenario::MAX_SCENARIO_BYTES),
                ),
            })?;
    let changed = || ResumeError::Changed {
        save: shown.clone(),
        scenario: shown_path(&scenario_path),
        digest: save.scenario_digest.clone(),
    };
    // A single scenario is compared before it is read; a dungeon's digest
    // needs its floor files, so it is read first.
    let dungeon = crate::mkd::floors::is_dungeon_text(&scenario_text);
    if !dungeon && crate::core::digest::digest(scenario_text.as_bytes()) != save.scenario_digest {
        return Err(changed());
    }
    let (adventure, digest) =
        Adventure::from_text(&scenario_text, &scenario_path).map_err(|reason| {
            ResumeError::Scenario {
                save: shown.clone(),
                reason,
            }
        })?;
    if digest != save.scenario_digest {
        return Err(changed());
    }
    let party = crate::mkd::play::party::parse(&save.party, &format!("{shown} (party)"))?;
    let tables = if save.tables == "embedded" {
        crate::mkd::tables::default_tables()
    } else {
        crate::mkd::tables::parse(&save.tables, &format!("{shown} (tables)"))?
    };
    let (party, tables) = (Arc::new(party), Arc::new(tables));
    let opts = GameOptions {
        seed: save.seed,
        combat: combat_mode(&save.combat),
    };
    let mut game = adventure.new_game(party.clone(), tables.clone(), opts);
    game.injuries = save
        .injuries
        .as_deref()
        .and_then(Injuries::parse)
        .unwrap_or_default();
    let (session, transcript) = Session::replay_game(game, &save.lines);
    Ok(Resumed {
        save,
        cut_short,
        scenario_path,
        adventure,
        party,
        tables,
        session,
        transcript,
    })
}

/// The combat mode named in a save.
pub fn combat_mode(name: &str) -> CombatMode {
    if name == "dice" {
        CombatMode::Dice
    } else {
        CombatMode::Manual
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::engine::CombatMode;
    use crate::mkd::play::testkit::{party, scenario};

    #[test]
    fn undo_goes_back_as_far_as_its_depth_and_no_further() {
        let mut s = Session::new(
            Arc::new(scenario(Vec::new())),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            GameOptions {
                seed: 3,
                combat: CombatMode::Dice,
            },
        );
        let start = s.game().status();
        for _ in 0..UNDO_DEPTH + 2 {
            s.input("end turn");
        }
        assert_eq!(s.game().turn, 1 + UNDO_DEPTH as u32 + 2);
        for _ in 0..UNDO_DEPTH {
            assert!(s.input("undo")[1].starts_with("undone: end turn"));
        }
        assert!(s.input("undo")[1].starts_with("! nothing to undo"));
        assert_eq!(s.game().turn, 3);
        // Undo, then the same command: the same answer (the same dice).
        let a = s.input("end turn");
        s.input("undo");
        assert_eq!(s.input("end turn"), a);
        assert_ne!(s.game().status(), start);
    }

    #[test]
    fn many_tokens_of_one_kind_get_distinct_ids() {
        let w = crate::mkd::scenario::Wmt {
            x: 2,
            y: 2,
            color: crate::mkd::scenario::WmtColor::Blue,
            number: 4,
            guardian: false,
            tile: 0,
        };
        let g = crate::mkd::play::Game::new(
            Arc::new(scenario(vec![w; 300])),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            GameOptions {
                seed: 1,
                combat: CombatMode::Manual,
            },
        );
        let mut ids: Vec<String> = g.wmts.iter().map(|w| w.id.to_string()).collect();
        assert_eq!(&ids[..3], ["blue-4", "blue-4-b", "blue-4-c"]);
        assert_eq!(ids[26], "blue-4-26");
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 300);
    }
}
