//! Deployment (L149-162): the dice-off's winner's choices, then each
//! side's models onto its zone, step by step in the scenario's order. A
//! side tilecrawl deploys (the policy's, and both in `simulate`) takes the
//! project's choices at once; a side deployed by hand (`play
//! --deploy-by-hand`) is asked at each step of its own and answers with
//! `edge`, `place`, `prisoner` and `ready` ([`Plan::command`]).

use super::command::Command;
use super::edges::{EdgeWhy, Edges};
use super::event::{Ask, Event};
use super::grid::Grid;
use super::refusal::Refusal;
use super::state::{Footprint, ModelId, State, Team};
use crate::build::board::{PASS_ALL, PASS_OPEN, Walker, edge_word};
use crate::core::geom::{Point, Side};
use crate::ddd::part::{CounterKind, DddScenario, zone_points};
use crate::ddd::scenarios::ScenarioKind;
use crate::ddd::warparty::Ability;

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

/// The squares a scenario's deployment aims at: its counters, or the centre.
pub fn objective_squares(scenario: &DddScenario, grid: &Grid) -> Vec<Point> {
    let c: Vec<Point> = scenario.game.counters.iter().map(|c| c.at()).collect();
    if c.is_empty() {
        grid.board.centre_squares()
    } else {
        c
    }
}

/// One step of the set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Free Prisoner: the attacker ties one of its models up on the centre.
    Prisoner(Team),
    /// A side takes the edge it deploys on: the dice-off's winner first
    /// (`first`), then the other side.
    Edge {
        /// The side.
        team: Team,
        /// The winner's choice, made before the other side's.
        first: bool,
    },
    /// A side places its models.
    Place {
        /// The side.
        team: Team,
        /// Where.
        area: Area,
    },
}

impl Step {
    /// The side that takes the step.
    pub fn team(self) -> Team {
        match self {
            Step::Prisoner(t) | Step::Edge { team: t, .. } | Step::Place { team: t, .. } => t,
        }
    }
}

/// Where a side places its models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Area {
    /// The scenario's zone of this name (`defender`, `attacker`).
    Zone(&'static str),
    /// The zone of the edge the side took (by hand, Free Prisoner's
    /// attackers may use every edge zone: the text's "any board edge",
    /// the project's reading B7).
    Edge,
}

/// The set-up still to come: the scenario's steps, the next one, and the
/// sides deployed by hand.
#[derive(Debug, Clone)]
pub struct Plan {
    kind: ScenarioKind,
    zones: Vec<(String, Vec<Point>)>,
    goal: Vec<Point>,
    prisoner_at: Point,
    steps: Vec<Step>,
    next: usize,
    by_hand: [bool; 2],
    edges: Edges,
}

impl Plan {
    /// The steps of `scenario`'s set-up (L149-162) once the dice-off made
    /// `attacker` the attacker (the side that chooses first elsewhere).
    /// `by_hand`: Blue's and Red's, deployed by hand; `edges`: where
    /// tilecrawl's edges come from.
    pub fn new(
        scenario: &DddScenario,
        grid: &Grid,
        attacker: Team,
        by_hand: [bool; 2],
        edges: Edges,
    ) -> Plan {
        let kind = scenario.game.scenario;
        let (att, def) = (attacker, attacker.other());
        let edge = |team, first| Step::Edge { team, first };
        let place = |team, area| Step::Place { team, area };
        let steps = match kind {
            ScenarioKind::Ambush => vec![
                place(def, Area::Zone("defender")),
                place(att, Area::Zone("attacker")),
            ],
            ScenarioKind::FreePrisoner => vec![
                Step::Prisoner(att),
                place(def, Area::Zone("defender")),
                edge(att, true),
                place(att, Area::Edge),
            ],
            _ => vec![
                edge(att, true),
                place(att, Area::Edge),
                edge(def, false),
                place(def, Area::Edge),
            ],
        };
        let goal = objective_squares(scenario, grid);
        let prisoner_at = scenario
            .game
            .counters
            .iter()
            .find(|c| c.kind == CounterKind::Prisoner)
            .map(|c| c.at())
            .unwrap_or(goal[0]);
        Plan {
            kind,
            zones: scenario
                .game
                .zones
                .iter()
                .map(|z| (z.name.clone(), zone_points(z)))
                .collect(),
            goal,
            prisoner_at,
            steps,
            next: 0,
            by_hand,
            edges,
        }
    }

    /// The step a side deployed by hand is asked for now, if any.
    pub fn current(&self) -> Option<Step> {
        self.steps.get(self.next).copied()
    }

    /// Is a step by hand still to come (the first card not yet drawn)?
    pub fn waiting(&self) -> bool {
        self.next < self.steps.len()
    }

    /// Is `step` asked of a player? Only where its side is deployed by hand
    /// and the rules leave it a choice: in Battle and Object of Power the
    /// second side takes the edge opposite the first's (L149, L155).
    fn asks(&self, step: Step) -> bool {
        self.by_hand[step.team().index()]
            && match step {
                Step::Edge { first: false, .. } => self.second_chooses(),
                _ => true,
            }
    }

    /// Takes the steps of the sides tilecrawl deploys until one by hand is
    /// asked (its question in `ev`) or the set-up is over.
    pub fn advance(
        &mut self,
        grid: &Grid,
        st: &mut State,
        ev: &mut Vec<Event>,
    ) -> Result<(), GameError> {
        while let Some(step) = self.current() {
            if self.asks(step) {
                let ask = self.ask(grid, st, step)?;
                ev.push(Event::Asked {
                    team: step.team(),
                    ask,
                });
                return Ok(());
            }
            match step {
                Step::Prisoner(t) => {
                    let id = suggested_prisoner(st, t);
                    self.tie_up(st, ev, id);
                }
                Step::Edge { team, first } => {
                    let (side, why) = self.auto_edge(grid, st, team, first)?;
                    if let EdgeWhy::Looked { first, looked } = why {
                        ev.push(Event::EdgeLooked {
                            team,
                            first,
                            looked,
                        });
                    }
                    st.deploy_edge[team.index()] = Some(side);
                }
                Step::Place { team, area } => self.fill(grid, st, ev, team, area, &[])?,
            }
            self.next += 1;
        }
        Ok(())
    }

    /// One deployment command of the side asked now: the step's answer
    /// (then the steps after it, up to the next question), a model put on
    /// a square, or why not (`st` and `ev` are then to be thrown away).
    pub fn command(
        &mut self,
        grid: &Grid,
        st: &mut State,
        ev: &mut Vec<Event>,
        cmd: Command,
    ) -> Result<(), Refusal> {
        let Some(step) = self.current() else {
            return Err(Refusal::Deployed);
        };
        let team = step.team();
        let other = |e: GameError| Refusal::Deploy(e.to_string());
        match (step, cmd) {
            (Step::Prisoner(_), Command::Prisoner(id)) => {
                self.own(team, id)?;
                self.tie_up(st, ev, id);
            }
            (Step::Prisoner(_), Command::Ready) => {
                let id = suggested_prisoner(st, team);
                self.tie_up(st, ev, id);
            }
            (Step::Edge { first, .. }, Command::Edge(side)) => {
                if !self.edge_options(st, team, first).contains(&side) {
                    return Err(Refusal::Deploy(self.no_edge(st, team, side)));
                }
                st.deploy_edge[team.index()] = Some(side);
                ev.push(Event::EdgeChosen { team, side });
            }
            (Step::Edge { first, .. }, Command::Ready) => {
                let (side, _) = self.auto_edge(grid, st, team, first).map_err(other)?;
                st.deploy_edge[team.index()] = Some(side);
                ev.push(Event::EdgeChosen { team, side });
            }
            (Step::Place { area, .. }, Command::Deploy(id, p)) => {
                self.own(team, id)?;
                if st.prisoner == Some(id) {
                    return Err(Refusal::Deploy(format!(
                        "{id} is the prisoner, bound on {},{}",
                        self.prisoner_at.x, self.prisoner_at.y
                    )));
                }
                self.put(grid, st, team, area, id, p)?;
                ev.push(Event::Placed { id, at: p });
                // The step stays open: more models, or `ready`.
                return Ok(());
            }
            (Step::Place { area, .. }, Command::Ready) => {
                let hand: Vec<(ModelId, Point)> = st
                    .figures
                    .iter()
                    .filter(|f| f.id.team == team && f.at.x >= 0 && st.prisoner != Some(f.id))
                    .map(|f| (f.id, f.at))
                    .collect();
                self.fill(grid, st, ev, team, area, &hand)
                    .map_err(|e| Refusal::Deploy(format!("{e}: place the rest by hand")))?;
            }
            (step, _) => return Err(Refusal::Deploying(self.expects(st, step))),
        }
        self.next += 1;
        self.advance(grid, st, ev).map_err(other)
    }

    /// The squares the side placing by hand may put a model on now (`map`
    /// marks them): free squares of its area a model can stand on.
    pub fn free_squares(&self, grid: &Grid, st: &State) -> Vec<Point> {
        let Some(Step::Place { team, area }) = self.current() else {
            return Vec::new();
        };
        let Ok((_, squares)) = self.area(st, team, area) else {
            return Vec::new();
        };
        squares
            .into_iter()
            .filter(|&p| grid.standable(p) && st.at(p).is_none() && !on_counter(st, p))
            .collect()
    }

    /// What the side asked now is to type, in words.
    pub fn expects(&self, st: &State, step: Step) -> String {
        let t = step.team().word();
        match step {
            Step::Prisoner(_) => {
                format!(
                    "{t} chooses its prisoner (`prisoner ID`, or `ready` for tilecrawl's choice)"
                )
            }
            Step::Edge { team, first } => {
                let list: Vec<String> = self
                    .edge_options(st, team, first)
                    .iter()
                    .map(|s| format!("`edge {}`", s.name()))
                    .collect();
                format!(
                    "{t} chooses the edge it deploys on ({}, or `ready` for tilecrawl's choice)",
                    list.join(", ")
                )
            }
            Step::Place { team, area } => {
                let zone = self
                    .area(st, team, area)
                    .map_or_else(|_| "its zone".to_string(), |(name, _)| name);
                format!("{t} places its models in {zone} (`place ID X,Y`, then `ready`)")
            }
        }
    }

    fn ask(&self, grid: &Grid, st: &State, step: Step) -> Result<Ask, GameError> {
        Ok(match step {
            Step::Prisoner(t) => Ask::Prisoner {
                suggested: suggested_prisoner(st, t),
            },
            Step::Edge { team, first } => {
                let (suggested, why) = self.auto_edge(grid, st, team, first)?;
                Ask::Edge {
                    options: self.edge_options(st, team, first),
                    suggested,
                    why,
                }
            }
            Step::Place { team, area } => Ask::Place {
                zone: self.area(st, team, area)?.0,
                waiting: area == Area::Zone("attacker"),
            },
        })
    }

    fn zone(&self, name: &str) -> Result<Vec<Point>, GameError> {
        self.zones
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, z)| z.clone())
            .ok_or_else(|| GameError::NoZone(name.to_string()))
    }

    /// The edges a side may take: those with a zone, less the other
    /// side's where it chose first (Treasure Hunt and Secrets: "another
    /// board edge", L153, L159).
    fn edge_options(&self, st: &State, team: Team, first: bool) -> Vec<Side> {
        let taken = (!first)
            .then(|| st.deploy_edge[team.other().index()])
            .flatten();
        Side::ALL
            .into_iter()
            .filter(|&s| Some(s) != taken && self.zone(&edge_zone(s)).is_ok())
            .collect()
    }

    fn no_edge(&self, st: &State, team: Team, side: Side) -> String {
        if st.deploy_edge[team.other().index()] == Some(side) {
            format!(
                "the {} edge is {}'s; {} deploys on another",
                edge_word(side),
                team.other().word(),
                team.word()
            )
        } else {
            format!("the {} edge has no deployment zone", edge_word(side))
        }
    }

    /// Does the side choosing second take "another" edge of its choice
    /// (Treasure Hunt, L153; Secrets, L159), not the opposite one?
    fn second_chooses(&self) -> bool {
        self.kind.second_chooses_edge()
    }

    /// tilecrawl's edge and why: the edges given (a look-ahead game) or
    /// the look-ahead's book, when the edge is one the side may take (the
    /// book's reply only where the second side chooses too: elsewhere it
    /// takes the opposite edge). Otherwise, for the side choosing first,
    /// the edge whose zone is the shortest walk from the objective (ties
    /// in N, E, S, W order); for the other side, the opposite one.
    fn auto_edge(
        &self,
        grid: &Grid,
        st: &State,
        team: Team,
        first: bool,
    ) -> Result<(Side, EdgeWhy), GameError> {
        let theirs = st.deploy_edge[team.other().index()];
        let may = |s: Side| self.edge_options(st, team, first).contains(&s);
        match self.edges {
            Edges::Forced(pair) if may(pair[team.index()]) => {
                return Ok((pair[team.index()], EdgeWhy::Given));
            }
            Edges::Looked(book) if first || self.second_chooses() => {
                let looked = match (first, theirs) {
                    (true, _) => book.first(team),
                    (false, Some(t)) => book.reply(team, t),
                    (false, None) => None,
                };
                if let Some(looked) = looked.filter(|l| may(l.side)) {
                    return Ok((looked.side, EdgeWhy::Looked { first, looked }));
                }
            }
            _ => {}
        }
        if !first {
            let other = theirs.ok_or_else(|| GameError::NoZone("edge-N".into()))?;
            return Ok((other.opposite(), EdgeWhy::Opposite));
        }
        let dist = Walker::new(&grid.board, PASS_ALL).distances(self.goal.iter().copied());
        let mut best: Option<(u32, Side)> = None;
        for side in Side::ALL {
            let Ok(z) = self.zone(&edge_zone(side)) else {
                continue;
            };
            let d = z
                .iter()
                .map(|&p| dist[grid.board.index(p)])
                .min()
                .unwrap_or(u32::MAX);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, side));
            }
        }
        best.map(|(_, s)| (s, EdgeWhy::Nearest))
            .ok_or_else(|| GameError::NoZone("edge-N".into()))
    }

    /// Where `team` places its models: the zone's name and squares. Free
    /// Prisoner's attackers may use every edge zone ("any board edge",
    /// L157), by hand or by tilecrawl.
    fn area(&self, st: &State, team: Team, area: Area) -> Result<(String, Vec<Point>), GameError> {
        match area {
            Area::Zone(name) => Ok((name.to_string(), self.zone(name)?)),
            Area::Edge if self.kind == ScenarioKind::FreePrisoner => {
                let mut all = Vec::new();
                for s in Side::ALL {
                    if let Ok(z) = self.zone(&edge_zone(s)) {
                        all.extend(z);
                    }
                }
                all.sort_by_key(|p| (p.y, p.x));
                all.dedup();
                Ok(("any edge's zone".to_string(), all))
            }
            Area::Edge => {
                let side = st.deploy_edge[team.index()]
                    .ok_or_else(|| GameError::NoZone("edge-N".into()))?;
                let name = edge_zone(side);
                let squares = self.zone(&name)?;
                Ok((name, squares))
            }
        }
    }

    fn own(&self, team: Team, id: ModelId) -> Result<(), Refusal> {
        if id.team == team {
            Ok(())
        } else {
            Err(Refusal::Deploy(format!(
                "{id} is {}'s; {} is deploying",
                id.team.word(),
                team.word()
            )))
        }
    }

    /// A model of the side placing by hand onto `p` (again, if it stood
    /// elsewhere): its whole footprint on squares of the area a model can
    /// stand on, with no other model and no counter.
    fn put(
        &self,
        grid: &Grid,
        st: &mut State,
        team: Team,
        area: Area,
        id: ModelId,
        p: Point,
    ) -> Result<(), Refusal> {
        let (name, squares) = self
            .area(st, team, area)
            .map_err(|e| Refusal::Deploy(e.to_string()))?;
        let foot = Footprint::new(p, st.fig(id).huge());
        for q in foot.squares() {
            if !grid.standable(q) {
                return Err(Refusal::NotStandable(q.x, q.y));
            }
            if !squares.contains(&q) {
                return Err(Refusal::Deploy(if foot.side > 1 {
                    format!(
                        "{id} is Huge: its block of squares from {},{} to {},{} must lie in {name}, where {} deploys",
                        p.x,
                        p.y,
                        p.x + foot.side - 1,
                        p.y + foot.side - 1,
                        team.word()
                    )
                } else {
                    format!(
                        "{},{} is outside {name}, where {} deploys",
                        q.x,
                        q.y,
                        team.word()
                    )
                }));
            }
            if let Some(f) = st.at(q).filter(|f| f.id != id) {
                return Err(Refusal::Taken(q.x, q.y, f.id));
            }
            if on_counter(st, q) {
                return Err(Refusal::square(q, "a counter lies there"));
            }
        }
        st.fig_mut(id).at = p;
        Ok(())
    }

    /// Free Prisoner: `id` tied up on the centre.
    fn tie_up(&self, st: &mut State, ev: &mut Vec<Event>, id: ModelId) {
        let at = self.prisoner_at;
        let f = st.fig_mut(id);
        f.at = at;
        f.bound = true;
        st.prisoner = Some(id);
        st.counters.retain(|c| c.kind != CounterKind::Prisoner);
        ev.push(Event::PrisonerChosen { id, at });
    }

    /// The side's models not yet placed onto the area's free squares, by
    /// the project's rules: nearest the objective by walking, or, for
    /// Ambush's attackers, nearest the defenders' ways out (cover first),
    /// starting hidden in cover. `hand`: the models placed by hand, told
    /// with the rest.
    fn fill(
        &self,
        grid: &Grid,
        st: &mut State,
        ev: &mut Vec<Event>,
        team: Team,
        area: Area,
        hand: &[(ModelId, Point)],
    ) -> Result<(), GameError> {
        let (name, squares) = self.area(st, team, area)?;
        // Free Prisoner's attackers, split over the edges: the zone they
        // are told as names every edge zone one of them stands in, in N, E,
        // S, W order (a square in two zones counts for the first).
        let split = self.kind == ScenarioKind::FreePrisoner && area == Area::Edge;
        let zone_of = |p: &Point| {
            Side::ALL
                .into_iter()
                .map(edge_zone)
                .find(|z| self.zone(z).is_ok_and(|sq| sq.contains(p)))
        };
        let named = |placed: &[(ModelId, Point)]| {
            if !split {
                return name.clone();
            }
            let mut used: Vec<String> = placed.iter().filter_map(|(_, p)| zone_of(p)).collect();
            used.sort_by_key(|z| Side::ALL.iter().position(|&s| edge_zone(s) == *z));
            used.dedup();
            match used.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                Some((only, _)) => only.clone(),
                None => name.clone(),
            }
        };
        let dist = Walker::new(&grid.board, PASS_ALL).distances(self.goal.iter().copied());
        let walk = |p: Point| dist[grid.board.index(p)];
        if area == Area::Zone("attacker") {
            // The attackers lie in wait on the defenders' ways out: the
            // zone's squares nearest the exits nearest the defenders, one
            // model to each exit in turn (walking through plain doors
            // only, as a runner would).
            let plain = Walker::new(&grid.board, PASS_OPEN);
            let to_exit: Vec<Vec<u32>> = escape_exits(grid, st, team.other(), &plain)
                .into_iter()
                .map(|e| plain.distances(e))
                .collect();
            let wait = |i: usize, p: Point| {
                to_exit
                    .get(i % to_exit.len().max(1))
                    .map_or(0, |d| d[grid.board.index(p)])
            };
            place(st, ev, grid, team, &named, squares, &wait, true, hand)
        } else {
            place(
                st,
                ev,
                grid,
                team,
                &named,
                squares,
                &|_, p| walk(p),
                false,
                hand,
            )
        }
    }
}

/// tilecrawl's prisoner: the attacker's model with the largest defense die
/// (the fastest runner), the lowest number among equals.
fn suggested_prisoner(st: &State, team: Team) -> ModelId {
    st.figures
        .iter()
        .filter(|f| f.id.team == team)
        .max_by_key(|f| (f.defense, std::cmp::Reverse(f.id.number)))
        .map(|f| f.id)
        .expect("ten models a side")
}

fn on_counter(st: &State, p: Point) -> bool {
    st.counters.iter().any(|c| c.at == Some(p))
}

/// The name of the zone along an edge (`edge-N`).
pub fn edge_zone(side: Side) -> String {
    format!("edge-{}", side.name())
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

/// The zone a placement is told with, from the models and squares placed.
type ZoneName<'a> = dyn Fn(&[(ModelId, Point)]) -> String + 'a;

/// Places a side's models not yet placed on a zone's free squares,
/// nearest by `walk` first, and tells where the whole side stands (with
/// `hand`, the models placed by hand). `waiting`: Ambush's attackers, who
/// start hidden where they stand in cover (cover breaks ties of `walk`).
#[allow(clippy::too_many_arguments)]
fn place(
    st: &mut State,
    ev: &mut Vec<Event>,
    grid: &Grid,
    team: Team,
    name: &ZoneName,
    squares: Vec<Point>,
    walk: &dyn Fn(usize, Point) -> u32,
    waiting: bool,
    hand: &[(ModelId, Point)],
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
            zone: name(hand),
            room: free.len(),
            need: ids.len(),
        });
    }
    let mut placed: Vec<(ModelId, Point)> = hand.to_vec();
    let mut hidden: Vec<ModelId> = hand
        .iter()
        .filter(|&&(id, p)| waiting && grid.at(p).cover() && !st.fig(id).has(Ability::Huge))
        .map(|&(id, _)| id)
        .collect();
    for &id in &hidden {
        st.fig_mut(id).hidden = true;
    }
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
                zone: name(&placed),
                room: free.len(),
                need: need - (placed.len() - hand.len()),
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
    placed.sort_by_key(|(id, _)| *id);
    hidden.sort();
    ev.push(Event::Deployed {
        team,
        zone: name(&placed),
        models: placed,
    });
    for id in hidden {
        ev.push(Event::StartsHidden { id });
    }
    Ok(())
}
