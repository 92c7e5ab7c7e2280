//! The game: two war-parties deployed on a scenario's board, then one
//! command at a time — [`Game::play`] returns the events it caused, or a
//! refusal with the game unchanged.

use super::command::Command;
use super::event::{Event, Roll, Task};
use super::grid::Grid;
use super::refusal::Refusal;
use super::rules::{Ctx, roll};
use super::state::{Counter, DoorState, Figure, Footprint, ModelId, State, Team};
use crate::build::board::{DoorKind, PASS_ALL, PASS_OPEN, Walker};
use crate::core::dice::Dice;
use crate::core::geom::{Point, Side};
use crate::ddd::part::{Chosen, CounterKind, DddScenario, board_of, zone_points};
use crate::ddd::scenarios::ScenarioKind;
use crate::ddd::warparty::{Ability, Warparty};
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
}

/// Why a game cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A zone the deployment needs is missing.
    #[error("the scenario has no `{0}` zone to deploy in")]
    NoZone(String),
    /// A zone without room for a war-party.
    #[error("the `{zone}` zone has room for {room} models; the war-party needs {need}")]
    ZoneFull {
        /// The zone.
        zone: String,
        /// Free squares.
        room: usize,
        /// Models to place.
        need: usize,
    },
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
        deploy(scenario, &grid, &mut state, &mut ev)?;
        let mut game = Game {
            kind: scenario.game.scenario,
            grid,
            state,
            dice,
            opts,
        };
        game.with_ctx(&mut ev, |c| c.next_turn(opts.max_rounds));
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

    /// Plays one command for the model whose turn it is.
    pub fn play(&mut self, cmd: Command) -> Result<Vec<Event>, Refusal> {
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

/// The squares a scenario's deployment aims at: its counters, or the centre.
pub fn objective_squares(scenario: &DddScenario, grid: &Grid) -> Vec<Point> {
    let c: Vec<Point> = scenario.game.counters.iter().map(|c| c.at()).collect();
    if c.is_empty() {
        grid.board.centre_squares()
    } else {
        c
    }
}

fn zone(scenario: &DddScenario, name: &str) -> Result<Vec<Point>, GameError> {
    scenario
        .game
        .zones
        .iter()
        .find(|z| z.name == name)
        .map(zone_points)
        .ok_or_else(|| GameError::NoZone(name.to_string()))
}

fn edge_zone(side: Side) -> String {
    format!("edge-{}", side.name())
}

/// Deploys both sides by the scenario's order (L149-162) and the
/// project's choices: the dice-off winner takes the edge with the
/// shortest walk to the objective, the other side the opposite edge;
/// models fill the zone's squares nearest the objective, by number.
fn deploy(
    scenario: &DddScenario,
    grid: &Grid,
    st: &mut State,
    ev: &mut Vec<Event>,
) -> Result<(), GameError> {
    let kind = scenario.game.scenario;
    let goal = objective_squares(scenario, grid);
    let walker = Walker::new(&grid.board, PASS_ALL);
    let dist = walker.distances(goal.iter().copied());
    let walk = |p: Point| dist[grid.board.index(p)];
    let att = st.attacker;
    let def = att.other();
    let best_edge = |st: &State| -> Result<Side, GameError> {
        let mut best: Option<(u32, Side)> = None;
        for side in Side::ALL {
            let Ok(z) = zone(scenario, &edge_zone(side)) else {
                continue;
            };
            let d = z.iter().map(|&p| walk(p)).min().unwrap_or(u32::MAX);
            let _ = st;
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, side));
            }
        }
        best.map(|(_, s)| s)
            .ok_or_else(|| GameError::NoZone("edge-N".into()))
    };
    match kind {
        ScenarioKind::Ambush => {
            place(
                st,
                ev,
                grid,
                def,
                "defender",
                zone(scenario, "defender")?,
                &|_, p| walk(p),
                false,
            )?;
            // The attackers lie in wait on the defenders' ways out: the
            // zone's squares nearest the exits nearest the defenders, one
            // model to each exit in turn (walking through plain doors
            // only, as a runner would).
            let plain = Walker::new(&grid.board, PASS_OPEN);
            let to_exit: Vec<Vec<u32>> = escape_exits(grid, st, def, &plain)
                .into_iter()
                .map(|e| plain.distances(e))
                .collect();
            let wait = |i: usize, p: Point| {
                to_exit
                    .get(i % to_exit.len().max(1))
                    .map_or(0, |d| d[grid.board.index(p)])
            };
            place(
                st,
                ev,
                grid,
                att,
                "attacker",
                zone(scenario, "attacker")?,
                &wait,
                true,
            )?;
        }
        ScenarioKind::FreePrisoner => {
            let prisoner_at = scenario
                .game
                .counters
                .iter()
                .find(|c| c.kind == CounterKind::Prisoner)
                .map(|c| c.at())
                .unwrap_or(goal[0]);
            let p = st
                .figures
                .iter()
                .filter(|f| f.id.team == att)
                .max_by_key(|f| (f.defense, std::cmp::Reverse(f.id.number)))
                .map(|f| f.id)
                .expect("ten models");
            let pf = st.fig_mut(p);
            pf.at = prisoner_at;
            pf.bound = true;
            st.prisoner = Some(p);
            st.counters.retain(|c| c.kind != CounterKind::Prisoner);
            ev.push(Event::PrisonerChosen {
                id: p,
                at: prisoner_at,
            });
            place(
                st,
                ev,
                grid,
                def,
                "defender",
                zone(scenario, "defender")?,
                &|_, p| walk(p),
                false,
            )?;
            let side = best_edge(st)?;
            st.deploy_edge[att.index()] = Some(side);
            let name = edge_zone(side);
            place(
                st,
                ev,
                grid,
                att,
                &name,
                zone(scenario, &name)?,
                &|_, p| walk(p),
                false,
            )?;
        }
        _ => {
            let side = best_edge(st)?;
            for (t, s) in [(att, side), (def, side.opposite())] {
                st.deploy_edge[t.index()] = Some(s);
                let name = edge_zone(s);
                place(
                    st,
                    ev,
                    grid,
                    t,
                    &name,
                    zone(scenario, &name)?,
                    &|_, p| walk(p),
                    false,
                )?;
            }
        }
    }
    Ok(())
}

/// Ambush: the exits the defenders can reach soonest (their squares): the
/// nearest by walking from the defenders, and every other within
/// [`ESCAPE_SLACK`] squares of it, at most [`ESCAPE_EXITS`], nearest first.
fn escape_exits(grid: &Grid, st: &State, def: Team, walker: &Walker<'_>) -> Vec<Vec<Point>> {
    let from = walker.distances(
        st.figures
            .iter()
            .filter(|f| f.id.team == def && f.at.x >= 0)
            .map(|f| f.at),
    );
    let mut exits: Vec<(u32, Vec<Point>)> = grid
        .board
        .exits
        .iter()
        .map(|e| {
            let sq: Vec<Point> = e.squares().collect();
            let d = sq
                .iter()
                .map(|&q| from[grid.board.index(q)])
                .min()
                .unwrap_or(u32::MAX);
            (d, sq)
        })
        .filter(|(d, _)| *d != u32::MAX)
        .collect();
    exits.sort_by_key(|(d, sq)| (*d, sq.first().map(|p| (p.y, p.x))));
    let nearest = exits.first().map_or(0, |(d, _)| *d);
    exits
        .into_iter()
        .filter(|(d, _)| *d <= nearest.saturating_add(ESCAPE_SLACK))
        .take(ESCAPE_EXITS)
        .map(|(_, sq)| sq)
        .collect()
}

/// Exits this many squares further than the nearest still count as ways
/// out for the Ambush's attackers to watch.
const ESCAPE_SLACK: u32 = 8;
/// Ways out the Ambush's attackers watch, at most.
const ESCAPE_EXITS: usize = 3;

/// Places a side's models on a zone's free squares, nearest by `walk`
/// first. `waiting`: Ambush's attackers, who start hidden where they stand
/// in cover (cover breaks ties of `walk`).
#[allow(clippy::too_many_arguments)]
fn place(
    st: &mut State,
    ev: &mut Vec<Event>,
    grid: &Grid,
    team: Team,
    name: &str,
    squares: Vec<Point>,
    walk: &dyn Fn(usize, Point) -> u32,
    waiting: bool,
) -> Result<(), GameError> {
    let counters: Vec<Point> = st.counters.iter().filter_map(|c| c.at).collect();
    let mut free: Vec<Point> = squares
        .into_iter()
        .filter(|&p| grid.standable(p) && st.at(p).is_none() && !counters.contains(&p))
        .collect();
    let key = |i: usize, p: Point| (walk(i, p), waiting && !grid.at(p).cover(), p.y, p.x);
    let ids: Vec<ModelId> = st
        .figures
        .iter()
        .filter(|f| f.id.team == team && f.at.x < 0)
        .map(|f| f.id)
        .collect();
    if free.len() < ids.len() {
        return Err(GameError::ZoneFull {
            zone: name.to_string(),
            room: free.len(),
            need: ids.len(),
        });
    }
    let mut placed = Vec::new();
    let mut hidden = Vec::new();
    let need = ids.len();
    for (i, id) in ids.into_iter().enumerate() {
        // The first free square its footprint fits on (a Huge model needs
        // its whole block free and in the zone).
        let huge = st.fig(id).huge();
        let foot = |p: Point| Footprint::new(p, huge);
        let Some(k) = (0..free.len())
            .filter(|&k| foot(free[k]).squares().all(|q| free.contains(&q)))
            .min_by_key(|&k| key(i, free[k]))
        else {
            return Err(GameError::ZoneFull {
                zone: name.to_string(),
                room: free.len(),
                need: need - placed.len(),
            });
        };
        let p = free[k];
        free.retain(|&q| !foot(p).covers(q));
        let f = st.fig_mut(id);
        f.at = p;
        if waiting && grid.at(p).cover() && !f.has(Ability::Huge) {
            f.hidden = true;
            hidden.push(id);
        }
        placed.push((id, p));
    }
    ev.push(Event::Deployed {
        team,
        zone: name.to_string(),
        models: placed,
    });
    for id in hidden {
        ev.push(Event::StartsHidden { id });
    }
    Ok(())
}
