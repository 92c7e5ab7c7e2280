//! The prompt every game's `play` reads from: a line editor at a terminal
//! (history, editing, Tab completion from the game's grammar), plain lines
//! from a pipe or a file. Lines are read with a bound.

use anyhow::Context;

/// The game's completion of a line up to the cursor: where the word under
/// the cursor starts, and the words that fit there.
pub(crate) type Completer = Box<dyn Fn(&str) -> (usize, Vec<String>)>;

/// A line from the player.
pub(crate) enum Typed {
    Line(String),
    /// Too long to be a command: its start and its length in bytes.
    TooLong(String, u64),
}

/// Where the commands come from: a terminal gets a line editor; a pipe or
/// a file is read line by line as it is.
pub(crate) enum Input {
    Editor(Box<rustyline::Editor<CommandHelper, rustyline::history::DefaultHistory>>),
    Plain(std::io::StdinLock<'static>),
}

impl Input {
    /// The line editor when `interactive` (standard input and output are a
    /// terminal) and it can start, else plain lines.
    pub(crate) fn new(interactive: bool) -> Input {
        if interactive
            && let Ok(mut rl) =
                rustyline::Editor::<CommandHelper, rustyline::history::DefaultHistory>::new()
        {
            rl.set_helper(Some(CommandHelper { complete: None }));
            return Input::Editor(Box::new(rl));
        }
        Input::Plain(std::io::stdin().lock())
    }

    /// The next command line, or `None` at the end of the input. A line is
    /// read with a bound: one longer than `max_bytes` is read to its end
    /// without being kept. The editor shows `prompt` and asks `complete`
    /// when Tab is pressed.
    pub(crate) fn next_line(
        &mut self,
        max_bytes: usize,
        prompt: &str,
        complete: Completer,
    ) -> anyhow::Result<Option<Typed>> {
        use tilecrawl::core::fs::{LimitedLine, read_line_limited};
        match self {
            Input::Plain(stdin) => Ok(
                match read_line_limited(stdin, max_bytes).context("reading a command")? {
                    None => None,
                    Some(LimitedLine::Line(l)) => Some(Typed::Line(l)),
                    Some(LimitedLine::TooLong(start, n)) => Some(Typed::TooLong(start, n)),
                },
            ),
            Input::Editor(rl) => {
                if let Some(h) = rl.helper_mut() {
                    h.complete = Some(complete);
                }
                match rl.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            // History is a convenience: a failure to keep
                            // a line loses nothing.
                            let _ = rl.add_history_entry(line.as_str());
                        }
                        Ok(Some(Typed::Line(line)))
                    }
                    Err(
                        rustyline::error::ReadlineError::Eof
                        | rustyline::error::ReadlineError::Interrupted,
                    ) => Ok(None),
                    Err(e) => Err(e).context("reading a command"),
                }
            }
        }
    }
}

/// The line editor's completion: the game's.
pub(crate) struct CommandHelper {
    complete: Option<Completer>,
}

impl rustyline::completion::Completer for CommandHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let head = line.get(..pos).unwrap_or(line);
        Ok(self
            .complete
            .as_ref()
            .map_or((pos, Vec::new()), |c| c(head)))
    }
}

impl rustyline::hint::Hinter for CommandHelper {
    type Hint = String;
}

impl rustyline::highlight::Highlighter for CommandHelper {}

impl rustyline::validate::Validator for CommandHelper {}

impl rustyline::Helper for CommandHelper {}
