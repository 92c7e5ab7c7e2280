//! The game: two war-parties deployed on a scenario's board, then one
//! command at a time — [`Game::play`] returns the events it caused, or a
//! refusal with the game unchanged.

use super::command::Command;
pub use super::deploy::GameError;
use super::deploy::Plan;
use super::edges::Edges;
use super::event::{Event, Roll, Task};
use super::grid::Grid;
use super::refusal::Refusal;
use super::rules::{Ctx, roll};
use super::state::{Counter, DoorState, Figure, ModelId, State, Team};
use crate::build::board::DoorKind;
use crate::core::dice::Dice;
use crate::ddd::part::{Chosen, DddScenario, board_of};
use crate::ddd::scenarios::ScenarioKind;
use crate::ddd::warparty::Warparty;
use std::sync::Arc;

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayOptions {
    /// Rounds after which the game stops (none: the players stop it, as
    /// the text has no limit). At the limit Ambush goes to the attacker,
    /// Free Prisoner to the defender, every other scenario is a draw.
    pub max_rounds: Option<u32>,
    /// The advanced rules (L164-178): surrender, and the experience each
    /// model earned, told when the game ends.
    pub advanced: bool,
    /// Blue's and Red's deployment by hand (`play --deploy-by-hand`): the
    /// side is asked for its edge, its prisoner and its models' squares
    /// before the first card; otherwise it deploys by the project's rules.
    pub by_hand: [bool; 2],
    /// Where tilecrawl's edges come from in Treasure Hunt, Secrets of the
    /// Ancients and Object of Power: `play` and `simulate` give the look-ahead's book
    /// (`lookahead::edge_book`); the default is the walk from the
    /// objective.
    pub edges: Edges,
}

/// A game in play.
#[derive(Debug, Clone)]
pub struct Game {
    /// The scenario.
    pub kind: ScenarioKind,
    /// The board.
    pub grid: Arc<Grid>,
    /// Everything that changes.
    pub state: State,
    dice: Dice,
    /// How it is played.
    pub opts: PlayOptions,
    /// The deployment while a side deployed by hand is still to answer.
    setup: Option<Box<Plan>>,
}

/// Tie-breaks of the dice-off before Blue is taken as the winner.
const DICE_OFF_ROLLS: u32 = 50;

impl Game {
    /// Deploys both war-parties (the dice-off decides who chose, L146) and
    /// draws the first card. `blue` is `--warparty`, `red` `--opponent`.
    pub fn new(
        scenario: &DddScenario,
        blue: &Warparty,
        red: &Warparty,
        mut dice: Dice,
        opts: PlayOptions,
    ) -> Result<(Game, Vec<Event>), GameError> {
        let board = board_of(scenario);
        let grid = Arc::new(Grid::new(board));
        let mut figures: Vec<Figure> = Vec::new();
        for (team, w) in [(Team::Blue, blue), (Team::Red, red)] {
            let mut ms = w.models.clone();
            ms.sort_by_key(|m| m.number);
            figures.extend(ms.iter().map(|m| Figure::from_model(team, m)));
        }
        let doors = grid
            .board
            .doors
            .iter()
            .map(|d| DoorState {
                door: *d,
                open: false,
                locked: d.kind == DoorKind::Locked,
                secret: d.kind == DoorKind::Secret,
                gone: false,
                trap: None,
            })
            .collect();
        let counters = scenario
            .game
            .counters
            .iter()
            .map(|c| Counter {
                kind: c.kind,
                at: Some(c.at()),
                carried_by: None,
                off_by: None,
                trap: None,
            })
            .collect();
        let mut state = State {
            figures,
            doors,
            counters,
            traps: Vec::new(),
            deck: Vec::new(),
            round: 0,
            turn: None,
            attacker: Team::Blue,
            deploy_edge: [None, None],
            kills: [0, 0],
            escaped: [0, 0],
            treasure_off: [0, 0],
            goal_done: [false, false],
            prisoner: None,
            outcome: None,
            why: None,
        };
        let mut ev = Vec::new();
        state.attacker = match scenario.game.params.chosen {
            Chosen::DiceOffBlue => kept_dice_off(Team::Blue, &mut ev),
            Chosen::DiceOffRed => kept_dice_off(Team::Red, &mut ev),
            Chosen::Named | Chosen::Rolled => dice_off(&state, &mut dice, &mut ev),
        };
        let mut plan = Plan::new(scenario, &grid, state.attacker, opts.by_hand, opts.edges);
        plan.advance(&grid, &mut state, &mut ev)?;
        let mut game = Game {
            kind: scenario.game.scenario,
            grid,
            state,
            dice,
            opts,
            setup: plan.waiting().then(|| Box::new(plan)),
        };
        if game.setup.is_none() {
            game.with_ctx(&mut ev, |c| c.next_turn(opts.max_rounds));
        }
        Ok((game, ev))
    }

    fn with_ctx<R>(&mut self, ev: &mut Vec<Event>, f: impl FnOnce(&mut Ctx<'_>) -> R) -> R {
        let mut ctx = Ctx {
            st: &mut self.state,
            grid: &self.grid,
            dice: &mut self.dice,
            ev,
            kind: self.kind,
            advanced: self.opts.advanced,
        };
        f(&mut ctx)
    }

    /// The model whose turn it is.
    pub fn current(&self) -> Option<ModelId> {
        self.state.turn.map(|t| t.model)
    }

    /// Is the game over?
    pub fn over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// The side deployed by hand that is to answer now (no card is drawn
    /// until none is).
    pub fn deploying(&self) -> Option<Team> {
        self.setup
            .as_ref()
            .and_then(|p| p.current())
            .map(|s| s.team())
    }

    /// The deployment still under way, if a side deployed by hand is to
    /// answer.
    pub fn setup(&self) -> Option<&Plan> {
        self.setup.as_deref()
    }

    /// Plays one command for the model whose turn it is, or, while a side
    /// deployed by hand is to answer, one of its deployment commands.
    pub fn play(&mut self, cmd: Command) -> Result<Vec<Event>, Refusal> {
        if self.setup.is_some() {
            return self.deploy(cmd);
        }
        if self.over() || self.state.turn.is_none() {
            return Err(Refusal::GameOver);
        }
        let (st0, dice0) = (self.state.clone(), self.dice.clone());
        let mut ev = Vec::new();
        let max_rounds = self.opts.max_rounds;
        let r = self.with_ctx(&mut ev, |c| {
            match cmd {
                Command::Move(p) => c.walk(p).map(|_| ()),
                Command::Leave => c.leave(),
                Command::Attack(t) => c.attack(t),
                Command::Shoot(t) => c.shoot(t),
                Command::Enthral(t) => c.enthral(t),
                Command::Heal(t) => c.heal(t),
                Command::Open(s) => c.door_action(s, Task::Open),
                Command::Close(s) => c.door_action(s, Task::Close),
                Command::Smash(s) => c.door_action(s, Task::Smash),
                Command::Pick(s) => c.door_action(s, Task::PickLock),
                Command::Search(s) => c.door_action(s, Task::Search),
                Command::Trap(p) => c.set_trap(p),
                Command::Disarm(p) => c.disarm(p),
                Command::Hide => c.hide(),
                Command::PickUp(p) => c.pick_up(p),
                Command::Free => c.free(),
                Command::Read => c.read(),
                Command::End => {
                    c.end_turn();
                    Ok(())
                }
                Command::Surrender => c.surrender(),
                Command::Edge(_) | Command::Deploy(..) | Command::Prisoner(_) | Command::Ready => {
                    Err(Refusal::Deployed)
                }
            }?;
            c.check_victory();
            c.next_turn(max_rounds);
            c.check_victory();
            Ok(())
        });
        match r {
            Ok(()) => Ok(ev),
            Err(e) => {
                self.state = st0;
                self.dice = dice0;
                Err(e)
            }
        }
    }

    /// A deployment command: the game unchanged if it is refused. The
    /// first card is drawn once no side is left to answer.
    fn deploy(&mut self, cmd: Command) -> Result<Vec<Event>, Refusal> {
        let Game {
            grid, state, setup, ..
        } = self;
        let Some(plan) = setup.as_mut() else {
            return Err(Refusal::Deployed);
        };
        let (st0, plan0) = (state.clone(), plan.clone());
        let mut ev = Vec::new();
        if let Err(e) = plan.command(grid, state, &mut ev, cmd) {
            *state = st0;
            **plan = *plan0;
            return Err(e);
        }
        if !plan.waiting() {
            self.setup = None;
            let max_rounds = self.opts.max_rounds;
            self.with_ctx(&mut ev, |c| c.next_turn(max_rounds));
        }
        Ok(ev)
    }

    /// The dice (for tests that check every scripted face was used).
    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// Replaces the dice (tests script the faces of the next rolls).
    pub fn set_dice(&mut self, dice: Dice) {
        self.dice = dice;
    }
}

/// The dice-off the scenario was chosen by (L147): its winner chose and is
/// the attacker; one dice-off decides both, so it is not rolled again.
fn kept_dice_off(winner: Team, ev: &mut Vec<Event>) -> Team {
    ev.push(Event::DiceOffKept { winner });
    winner
}

/// The dice-off (L146): each side rolls the largest power die it has, high
/// wins; a draw is rolled again.
fn dice_off(st: &State, dice: &mut Dice, ev: &mut Vec<Event>) -> Team {
    let best = |t: Team| {
        st.figures
            .iter()
            .filter(|f| f.id.team == t)
            .max_by_key(|f| (f.power, std::cmp::Reverse(f.id.number)))
            .map(|f| (f.id, f.power))
            .expect("ten models a side")
    };
    let (bid, bd) = best(Team::Blue);
    let (rid, rd) = best(Team::Red);
    for _ in 0..DICE_OFF_ROLLS {
        let b: Roll = roll(dice, bid, bd, false, true, "the dice-off");
        let r: Roll = roll(dice, rid, rd, false, true, "the dice-off");
        let winner = match b.value().cmp(&r.value()) {
            std::cmp::Ordering::Greater => Some(Team::Blue),
            std::cmp::Ordering::Less => Some(Team::Red),
            std::cmp::Ordering::Equal => None,
        };
        ev.push(Event::DiceOff {
            blue: b,
            red: r,
            winner,
        });
        if let Some(w) = winner {
            return w;
        }
    }
    Team::Blue
}
