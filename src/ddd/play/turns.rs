//! The policy's turns: the commands `ai.rs` gives for the sides tilecrawl
//! plays, one after another until a player's model is up or the game
//! ends, with a guard on the commands of one turn. `play`, `simulate` and
//! the look-ahead's games all play their turns here.

use super::ai;
use super::command::{self, Command};
use super::engine::Game;
use super::event::Event;
use super::state::{ModelId, State, Team};
use super::transcript;

/// Commands the policy gives one model in one turn before it is made to
/// end the turn (a guard; the policy ends turns itself).
const AI_COMMANDS_PER_TURN: usize = 8;

/// Who the policy plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AiSide {
    /// Nobody: the players give every command.
    None,
    /// One side.
    Side(Team),
    /// Both sides (simulate).
    Both,
}

impl AiSide {
    /// Does the policy play `team`?
    pub fn plays(self, team: Team) -> bool {
        match self {
            AiSide::None => false,
            AiSide::Side(t) => t == team,
            AiSide::Both => true,
        }
    }

    /// `none`, `blue`, `red` or `both`.
    pub fn name(self) -> &'static str {
        match self {
            AiSide::None => "none",
            AiSide::Side(t) => t.name(),
            AiSide::Both => "both",
        }
    }

    /// Reads a name.
    pub fn parse(s: &str) -> Option<AiSide> {
        match s {
            "none" => Some(AiSide::None),
            "both" => Some(AiSide::Both),
            _ => Team::parse(s).map(AiSide::Side),
        }
    }
}

/// Plays the policy's sides until a player's model is up or the game ends.
/// Returns how many of the policy's commands the engine refused (each
/// ended its model's turn instead, and the transcript says so: the
/// command, `refused: …`, then `end`; the tests hold it at none).
pub fn run_ai(game: &mut Game, ai: AiSide, out: &mut Vec<String>, text: bool) -> u32 {
    run_policy(game, ai, out, text, ai::decide)
}

/// [`run_ai`] with the commands of `decide` (the tests give commands the
/// engine refuses this way).
pub(super) fn run_policy(
    game: &mut Game,
    ai: AiSide,
    out: &mut Vec<String>,
    text: bool,
    decide: impl Fn(&Game) -> Command,
) -> u32 {
    let mut refused = 0;
    let mut cap = TurnCap::default();
    while let Some(id) = game.current() {
        if !ai.plays(id.team) {
            break;
        }
        let cmd = if cap.over(id) {
            Command::End
        } else {
            decide(game)
        };
        if text {
            out.push(echo(&game.state, id, cmd));
        }
        let ev = match game.play(cmd) {
            Ok(ev) => ev,
            Err(why) => {
                refused += 1;
                // Why, then the end of the turn given in its place.
                if text {
                    out.push(format!("refused: {why}"));
                    out.push(echo(&game.state, id, Command::End));
                }
                game.play(Command::End).unwrap_or_default()
            }
        };
        if text {
            out.extend(ev.iter().map(|e| transcript::line(&game.state, e)));
        }
        cap.played(&ev);
    }
    refused
}

/// The guard on the policy's commands in one turn: past
/// [`AI_COMMANDS_PER_TURN`] the turn is ended for it. The count starts
/// over with every turn, another model's or the same model's next one
/// (a model alone on the board, or the last of its side while the other
/// side's cards are set aside, takes turn after turn). Before, it started
/// over only when the model changed, so such a model was made to end
/// every turn once it had given eight commands in all.
#[derive(Debug, Default)]
struct TurnCap {
    model: Option<ModelId>,
    count: usize,
}

impl TurnCap {
    /// Counts a command for `id`: must it be `End`?
    fn over(&mut self, id: ModelId) -> bool {
        if self.model != Some(id) {
            self.model = Some(id);
            self.count = 0;
        }
        self.count += 1;
        self.count > AI_COMMANDS_PER_TURN
    }

    /// After a command's events: an ended turn starts the count over.
    fn played(&mut self, ev: &[Event]) {
        if ev.iter().any(|e| matches!(e, Event::TurnEnds { .. })) {
            self.model = None;
        }
    }
}

pub(super) fn echo(st: &State, id: ModelId, cmd: Command) -> String {
    format!("> {} ({id}): {}", st.fig(id).name, command::unparse(cmd))
}

#[cfg(test)]
mod cap_tests {
    use super::*;

    #[test]
    fn the_command_cap_starts_over_with_each_turn_of_the_same_model() {
        let r10 = ModelId::parse("r10").unwrap();
        let mut cap = TurnCap::default();
        // A first turn of three commands, ended.
        for _ in 0..3 {
            assert!(!cap.over(r10));
        }
        cap.played(&[Event::TurnEnds { id: r10 }]);
        // Its next turn: eight commands again, the ninth made `End`.
        for n in 1..=AI_COMMANDS_PER_TURN {
            assert!(!cap.over(r10), "command {n} of the second turn");
            cap.played(&[]);
        }
        assert!(cap.over(r10));
    }
}
