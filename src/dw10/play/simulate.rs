//! `simulate`: the heroes played automatically against the Draken Master,
//! many times on quiet dice, and a report of how it went.
//!
//! The heroes' policy (the project's): each hero in party order, in the
//! Mover's phase, leaves first when it stands on an active teleporter with
//! the objective done or given up (even from a melee: leaving is what wins),
//! heals a wounded neighbour if it can, stays put when it
//! is already in a melee, shoots the weakest monster it may shoot, attacks
//! a monster it can reach this move when it is a fighter (5 dice or more),
//! else walks to the objective (the chest, the prisoner, the lair; opening
//! doors on the way), opens the objective's chest, and once the objective
//! is done walks back to the nearest active teleporter and leaves; past
//! move [`GIVE_UP_AFTER`], or with the objective lost
//! ([`State::objective_lost`]), it gives the objective up and leaves too.
//! In the Non-Mover's phase every hero that may shoot does.
//!
//! Every command it gives is one the engine takes (a refused one would
//! leave the hero standing until the move limit; [`Run::refused`] counts
//! them, and the tests hold it at none): a Swift Mover's double move ends
//! in a kill zone only within its normal movement, a staircase is taken
//! only to a free far end, a door held shut is waited at.
//!
//! Having won the initiative, the heroes let the Draken Master move first
//! (`non-mover`) when every monster on the map must walk to them (none
//! shoots), none can reach a hero's side this move, one in a shooting
//! hero's sight would walk into its range, and at least half the heroes
//! shoot. A hero with Multi Shot (or a Fire Weapon) shares its dice
//! when two or more monsters may be shot, two dice a target, weakest first.
//! A hero with Control Enemy, first in its Mover's phase, pulls the
//! weakest shooter in sight that is in no melee to the square beside the
//! most heroes and no other monster.
//!
//! A hero on a staircase end steps off first when a friend on another end
//! waits to come down it (`make_way`); a hero whose planned way (made
//! with the monsters off the map) gives it no square to stop on this move
//! plans again round the monsters where they stand; with no way round, a
//! fighter whose way goes on by a staircase end a monster holds from
//! another end walks up to it for the next move (`up_to_the_stairs`).
//!
//! The heroes' way keeps off the dungeon conditions they know of (shown,
//! or found) when there is another: the plan counts each such square
//! [`crate::dw10::play::walk::AVOID_COST`] dearer, and a move stops where
//! the rules' own walk there crosses none the plan does not.
//!
//! Spells, first thing in a hero's Mover's phase: Finger of Death (once a
//! game) on the monster in sight with the most wounds left, when the hero
//! has spent nothing and stands in no kill zone; Shield when a monster on
//! the map shoots; Invulnerable to Fire when one breathes fire; to Poison
//! when one poisons. Resurrection casts itself; Hold Portal is not used.

use crate::core::dice::run_seed;
use crate::dw10::features::FeatureKind;
use crate::dw10::figures::{Ability, Figures};
use crate::dw10::play::abilities::control_check;
use crate::dw10::play::combat::{shot_check, spreads};
use crate::dw10::play::command::{Command, OpenWhat, Target};
use crate::dw10::play::dm::Policy;
use crate::dw10::play::engine::{Game, PlayOptions};
use crate::dw10::play::party::Party;
use crate::dw10::play::spawn::default_collection;
use crate::dw10::play::state::{
    HeroId, Map, MonsterId, Outcome, Phase, SideId, Sq, State, Who, adjacent, range,
};
use crate::dw10::play::walk::{Reach, may_end, reach, reach_avoiding_until, reach_controlled};
use crate::dw10::scenario::{Objective, Scenario};
use crate::dw10::tables::Tables;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Moves after which a run stops and counts as lost.
pub const DEFAULT_MAX_MOVES: u32 = 60;

/// Moves after which the automatic heroes give up the objective and head
/// for the way out: a game still going then is stuck more often than not
/// (a deadlock neither side can break), and leaving ends it. `simulate`
/// stops at this move by default, so only longer runs (`--max-turns`, a
/// campaign played out) see it.
pub const GIVE_UP_AFTER: u32 = DEFAULT_MAX_MOVES;

/// What `simulate` is asked.
#[derive(Debug, Clone)]
pub struct SimOptions {
    /// Runs.
    pub runs: u32,
    /// The seed each run's seed is derived from.
    pub seed: u64,
    /// Moves before a run times out.
    pub max_moves: u32,
    /// Spawning on 2d6.
    pub scaled_down: bool,
}

/// How one run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RunEnd {
    /// The heroes reached the objective.
    HeroesWin,
    /// The kill target was reached.
    KillTarget,
    /// The heroes left without the objective.
    Escaped,
    /// Out of moves.
    TimedOut,
}

/// One run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// How it ended.
    pub end: RunEnd,
    /// Moves played.
    pub moves: u32,
    /// Heroes killed (victory points).
    pub heroes_lost: u32,
    /// Commands of the automatic players the engine refused (a policy
    /// defect: the tests hold it at none).
    pub refused: u32,
}

/// The report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Runs.
    pub runs: u32,
    /// Runs the heroes won.
    pub wins: u32,
    /// wins / runs.
    pub win_rate: f64,
    /// The 95 % Wilson interval of the win rate.
    pub ci95: (f64, f64),
    /// Mean moves per run.
    pub mean_moves: f64,
    /// Mean heroes killed per run.
    pub mean_heroes_lost: f64,
    /// Runs by how they ended.
    pub ends: BTreeMap<RunEnd, u32>,
}

impl Report {
    /// The report as text.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{} runs: the heroes won {} ({:.1} %; 95 % interval {:.1} to {:.1} %)\nmean moves {:.1}, mean heroes killed {:.2}\n",
            self.runs,
            self.wins,
            self.win_rate * 100.0,
            self.ci95.0 * 100.0,
            self.ci95.1 * 100.0,
            self.mean_moves,
            self.mean_heroes_lost
        );
        for (e, n) in &self.ends {
            let why = match e {
                RunEnd::HeroesWin => "won: objective done and out by a teleporter",
                RunEnd::KillTarget => "lost: the Draken Master reached the kill target",
                RunEnd::Escaped => "retreat: out without the objective, nobody wins",
                RunEnd::TimedOut => "unfinished: timed out at the move limit (--max-turns)",
            };
            s.push_str(&format!("  {n:>6}  {why}\n"));
        }
        s
    }
}

/// How a scenario plays for a party, in the figures `generate --simulate`
/// and `campaign next --win-rate` print and the Draken Master's sheet
/// carries.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Runs.
    pub runs: u32,
    /// Runs the heroes won.
    pub wins: u32,
    /// `wins / runs`.
    pub win_rate: f64,
    /// The 95 % Wilson interval of the win rate: its low end.
    pub win_rate_low: f64,
    /// Its high end.
    pub win_rate_high: f64,
    /// Moves a run lasted, on average.
    pub mean_moves: f64,
    /// Heroes killed a run, on average.
    pub heroes_lost: f64,
}

impl Rating {
    /// The rating a report gives.
    pub fn of(r: &Report) -> Rating {
        let (low, high) = r.ci95;
        Rating {
            runs: r.runs,
            wins: r.wins,
            win_rate: r.win_rate,
            win_rate_low: low,
            win_rate_high: high,
            mean_moves: r.mean_moves,
            heroes_lost: r.mean_heroes_lost,
        }
    }

    /// In words, for a summary or the sheet: `wins about 62 % (52–71 %)
    /// for the default party over 100 runs; 27.4 moves and 3.1 heroes
    /// killed a run on average`.
    pub fn words(&self, party: &str) -> String {
        let pc = |v: f64| (v * 100.0).round() as u32;
        format!(
            "wins about {} % ({}–{} %) for {party} over {} runs; {:.1} moves and {:.1} heroes killed a run on average",
            pc(self.win_rate),
            pc(self.win_rate_low),
            pc(self.win_rate_high),
            self.runs,
            self.mean_moves,
            self.heroes_lost
        )
    }
}

fn door_toward(g: &View, h: HeroId, next: Sq) -> Option<Command> {
    let at = g.s.hero(h).body.at?;
    let name = g.s.hero(h).body.name.clone();
    for (side, d) in [
        (crate::core::geom::Side::N, (0, -1)),
        (crate::core::geom::Side::E, (1, 0)),
        (crate::core::geom::Side::S, (0, 1)),
        (crate::core::geom::Side::W, (-1, 0)),
    ] {
        let q = (at.0 + d.0, at.1 + d.1);
        // A door held by Hold Portal or a seal stays shut for now: wait.
        if (q == next || adjacent(q, next) || range(q, next) <= 1)
            && g.s
                .door_shut(at, q)
                .is_some_and(|d| !g.s.held[d.0 as usize])
        {
            let _ = side;
            return Some(Command::Open(name, OpenWhat::Door, Some(side)));
        }
    }
    None
}

fn goal(s: &State) -> Option<Sq> {
    if s.objective_done {
        return None;
    }
    match &s.objective {
        Objective::Recover { .. } => s.objective_chest().map(|c| {
            let f = s.feature(c);
            (f.x, f.y)
        }),
        Objective::Rescue => s
            .features
            .iter()
            .find(|f| f.kind == FeatureKind::Prisoner)
            .map(|f| (f.x, f.y)),
        Objective::Slay { .. } => s
            .live_monsters()
            .first()
            .filter(|m| m.0 == 0)
            .and_then(|m| s.monster(*m).body.at),
    }
}

/// The map the heroes plan their way on: every door they could open
/// opened, no monsters (they move), `?` counters stepped over (the walk
/// itself still stops on one).
fn planning(s: &State) -> State {
    let mut p = s.clone();
    for m in p.monsters.iter_mut() {
        m.body.at = None;
    }
    for (i, f) in s.features.iter().enumerate() {
        if f.kind == FeatureKind::Trap {
            p.gone[i] = true;
        }
        if f.kind == FeatureKind::Door
            && !s.hidden(crate::dw10::play::state::FeatureId(i as u32))
            && !s.held[i]
            && f.colour.is_none_or(|c| s.keys.contains(&c))
        {
            p.open[i] = true;
        }
    }
    p
}

/// May hero `h` end a walk costing `cost` on `q`? Where any figure may
/// end ([`may_end`]), unless Swift Mover's double move bars it
/// ([`State::double_move_barred`]): the engine refuses that move.
fn may_stop(s: &State, map: &Map, h: HeroId, q: Sq, cost: u32) -> bool {
    may_end(s, map, Who::Hero(h), q) && !s.double_move_barred(h, q, cost)
}

/// The dungeon conditions the heroes know of and keep off when they can:
/// every one not spent that is shown on the map or was found.
pub fn known_conditions(s: &State) -> Vec<Sq> {
    s.features
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            f.kind == FeatureKind::Condition
                && !s.gone[*i]
                && !s.hidden(crate::dw10::play::state::FeatureId(*i as u32))
        })
        .map(|(_, f)| (f.x, f.y))
        .collect()
}

/// Does the rules' walk to `q` (the way the engine takes) cross a square
/// of `avoid` that `allowed` leaves out?
fn crosses(r: &Reach, q: Sq, avoid: &[Sq], allowed: &[Sq]) -> bool {
    r.path(q)
        .0
        .iter()
        .any(|p| avoid.contains(p) && !allowed.contains(p))
}

/// A spell worth casting now, if any (the policy above).
fn spell(g: &View, h: HeroId) -> Option<Command> {
    let s = &g.s;
    let hero = s.hero(h);
    let w = Who::Hero(h);
    let name = hero.body.name.clone();
    let ready = |sp: Ability| s.knows(h, sp) && !hero.used.contains(&sp);
    if ready(Ability::FingerOfDeath)
        && !hero.magic.finger_spent
        && !hero.moved
        && !hero.shot
        && s.enemies_next_to(w).is_empty()
    {
        let target = s
            .live_monsters()
            .into_iter()
            .filter(|m| crate::dw10::play::magic::in_sight(s, g.map, w, Who::Monster(*m)))
            .max_by_key(|m| (s.monster(*m).body.wounds, std::cmp::Reverse(*m)));
        if let Some(m) = target {
            return Some(Command::Cast(
                name,
                Ability::FingerOfDeath.to_string(),
                Target::On(format!("{}", m.0 + 1)),
            ));
        }
    }
    let any = |f: &dyn Fn(&crate::dw10::figures::Figure) -> bool| {
        s.live_monsters().iter().any(|m| f(&s.monster(*m).body.fig))
    };
    let wards = [
        (Ability::Shield, any(&|f| f.shoot.is_some())),
        (
            Ability::InvulnerableToFire,
            any(&|f| f.shoot.is_some_and(|x| x.by == Some(Ability::FireWeapon)))
                && !hero.body.has(Ability::InvulnerableToFire),
        ),
        (
            Ability::InvulnerableToPoison,
            any(&|f| f.abilities.contains(&Ability::PoisonAttack)),
        ),
    ];
    wards
        .into_iter()
        .find(|(sp, useful)| *useful && ready(*sp))
        .map(|(sp, _)| Command::Cast(name.clone(), sp.to_string(), Target::None))
}

/// What the automatic heroes look at: the state and the map.
#[derive(Clone, Copy)]
pub struct View<'a> {
    /// The state.
    pub s: &'a State,
    /// The map.
    pub map: &'a Map,
}

impl<'a> View<'a> {
    /// A game's.
    pub fn of(g: &'a Game) -> View<'a> {
        View {
            s: &g.s,
            map: &g.map,
        }
    }
}

/// The monsters a hero shoots now, weakest first (fewest wounds left, then
/// the lowest armour): one, or with Multi Shot (or a Fire Weapon, its
/// others beside the first) as many as its dice give two each when two or
/// more may be shot.
pub fn targets(g: &View, h: HeroId) -> Vec<MonsterId> {
    let s = g.s;
    let w = Who::Hero(h);
    let mut all: Vec<MonsterId> = s
        .live_monsters()
        .into_iter()
        .filter(|m| shot_check(s, g.map, w, Who::Monster(*m)).is_ok())
        .collect();
    all.sort_by_key(|m| (s.monster(*m).body.wounds, s.monster(*m).body.fig.armour, *m));
    let Some(&first) = all.first() else {
        return all;
    };
    if !spreads(s, w) {
        all.truncate(1);
        return all;
    }
    let sh = s.hero(h).body.fig.shoot;
    let most = (sh.map_or(0, |x| x.dice) / 2).max(1) as usize;
    let breath = sh.is_some_and(|x| x.by == Some(Ability::FireWeapon));
    let fp = s.monster(first).body.at;
    let mut out = vec![first];
    for &m in &all[1..] {
        if out.len() >= most {
            break;
        }
        let beside = s
            .monster(m)
            .body
            .at
            .zip(fp)
            .is_some_and(|(q, f)| adjacent(q, f));
        if !breath || beside {
            out.push(m);
        }
    }
    out
}

fn shoot_line(g: &View, h: HeroId) -> Option<Command> {
    let t = targets(g, h);
    (!t.is_empty()).then(|| {
        Command::Shoot(
            g.s.hero(h).body.name.clone(),
            t.iter().map(|m| format!("{}", m.0 + 1)).collect(),
        )
    })
}

/// Control Enemy, first in the hero's Mover's phase: the shooter in sight
/// with the fewest wounds left, none beside a hero, is pulled to the square
/// its own movement reaches beside the most heroes (one at least) and
/// beside no other monster, so the heroes fight it alone.
pub fn control_line(g: &View, h: HeroId) -> Option<Command> {
    let s = g.s;
    let hero = s.hero(h);
    let w = Who::Hero(h);
    if !hero.body.has(Ability::ControlEnemy) || hero.used.contains(&Ability::ControlEnemy) {
        return None;
    }
    let mut shooters: Vec<MonsterId> = s
        .live_monsters()
        .into_iter()
        .filter(|m| s.monster(*m).body.fig.shoot.is_some())
        .filter(|m| s.enemies_next_to(Who::Monster(*m)).is_empty())
        .filter(|m| crate::dw10::play::magic::in_sight(s, g.map, w, Who::Monster(*m)))
        .collect();
    shooters.sort_by_key(|m| (s.monster(*m).body.wounds, *m));
    for m in shooters {
        let mw = Who::Monster(m);
        let best = reach_controlled(s, g.map, mw)
            .squares()
            .into_iter()
            .filter(|(q, _)| {
                !s.live_monsters()
                    .into_iter()
                    .any(|o| o != m && s.monster(o).body.at.is_some_and(|x| s.touching(x, *q)))
            })
            .map(|(q, _)| {
                let n = s
                    .live_heroes()
                    .into_iter()
                    .filter(|o| s.hero(*o).body.at.is_some_and(|x| s.touching(x, q)))
                    .count();
                (n, q)
            })
            .filter(|(n, q)| *n > 0 && control_check(s, g.map, w, mw, *q).is_ok())
            .max_by_key(|(n, q)| (*n, std::cmp::Reverse((q.1, q.0))));
        if let Some((_, q)) = best {
            return Some(Command::Control(
                hero.body.name.clone(),
                format!("{}", m.0 + 1),
                q,
            ));
        }
    }
    None
}

/// Do the heroes, having won the initiative, let the Draken Master move
/// first? When every monster on the map must walk to them (none shoots),
/// none can reach a hero's side this move, one is in a shooting hero's
/// sight and its walk would bring it into that hero's range, and at least
/// half the heroes shoot: the monsters come closer, and the heroes shoot
/// them in the Non-Mover's Shooting Phase.
pub fn lets_dm_move(g: &View) -> bool {
    let s = g.s;
    if s.phase != Phase::HeroesAct || s.winner != SideId::Heroes || s.heroes_acted {
        return false;
    }
    let ms = s.live_monsters();
    let hs = s.live_heroes();
    let shooters = hs
        .iter()
        .filter(|h| s.hero(**h).body.fig.shoot.is_some())
        .count();
    if ms.is_empty() || hs.is_empty() || shooters * 2 < hs.len() {
        return false;
    }
    if ms.iter().any(|m| s.monster(*m).body.fig.shoot.is_some()) {
        return false;
    }
    let beside_a_hero = |q: Sq| {
        hs.iter()
            .any(|h| s.hero(*h).body.at.is_some_and(|x| s.touching(x, q)))
    };
    // A monster in a shooter's sight that its walk brings into range.
    let coming = ms.iter().any(|m| {
        let b = &s.monster(*m).body;
        hs.iter().any(|h| {
            let hb = &s.hero(*h).body;
            match (hb.fig.shoot, hb.at, b.at) {
                (Some(sh), Some(p), Some(q)) => {
                    range(p, q) <= sh.range + b.fig.movement
                        && crate::dw10::play::sight::sees(s, g.map, p, q)
                }
                _ => false,
            }
        })
    });
    coming
        && ms.iter().all(|m| {
            let w = Who::Monster(*m);
            let b = &s.monster(*m).body;
            !b.at.is_some_and(beside_a_hero)
                && !reach(s, g.map, w, b.fig.movement)
                    .squares()
                    .into_iter()
                    .any(|(q, _)| beside_a_hero(q))
        })
}

/// The command a hero gives in its Mover's phase, if any (the policy above).
pub fn hero_command(g: &Game, h: HeroId) -> Option<Command> {
    hero_choice(&View::of(g), h)
}

/// [`hero_command`] on a state and map.
pub fn hero_choice(g: &View, h: HeroId) -> Option<Command> {
    let s = g.s;
    let hero = s.hero(h);
    let w = Who::Hero(h);
    let at = hero.body.at?;
    let name = hero.body.name.clone();
    if hero.done || hero.magic.asleep {
        return None;
    }
    // Standing on an active teleporter with the objective done (or given
    // up), it leaves first: before a spell, a shot or a fight it stands in.
    // Leaving is what wins (or ends) the game, and a hero that shot would
    // have no points left for it.
    // Where it heads: the state does not change while it chooses.
    let head = heading(s, at);
    if matches!(head, Heading::Out) && hero.mp >= 2 {
        return Some(Command::Escape(name));
    }
    if let Some(c) = spell(g, h) {
        return Some(c);
    }
    if let Some(c) = control_line(g, h) {
        return Some(c);
    }
    if !hero.moved && !hero.shot {
        for o in s.live_heroes() {
            let ob = &s.hero(o).body;
            if o != h
                && ob.wounds < ob.fig.wounds
                && ob.at.is_some_and(|q| adjacent(q, at))
                && (hero.body.has(Ability::HealingTouch) || hero.body.has(Ability::FieldHealing))
                && !hero
                    .used
                    .iter()
                    .any(|a| matches!(a, Ability::HealingTouch | Ability::FieldHealing))
                && s.enemies_next_to(w).is_empty()
                && s.enemies_next_to(Who::Hero(o)).is_empty()
            {
                return Some(Command::Heal(name, vec![ob.name.clone()]));
            }
        }
    }
    if !s.enemies_next_to(w).is_empty() {
        return None;
    }
    if let Some(c) = make_way(g, h) {
        return Some(c);
    }
    // On its way out (the objective done, or given up), a teleporter it
    // can stop on this move comes before a shot: it leaves from there
    // next move. Else a hero in range of a monster it cannot wound (one
    // that holds its ground) shot at it move after move and never left.
    if let Heading::To(None, tp) = head
        && let Some(c) = reach(s, g.map, w, hero.mp).cost(tp)
        && may_stop(s, g.map, h, tp, c)
    {
        return Some(Command::Move(name, tp));
    }
    if !hero.moved
        && !hero.shot
        && let Some(c) = shoot_line(g, h)
    {
        return Some(c);
    }
    if hero.mp == 0 {
        return None;
    }
    let known = known_conditions(s);
    // A monster it can reach this move, for a fighter: the cheapest square
    // beside one whose way keeps off the conditions it knows, else the
    // cheapest.
    if hero.body.fig.attacks >= 5 {
        let r = reach(s, g.map, w, hero.mp);
        let mut best: Option<(bool, u32, Sq)> = None;
        for m in s.live_monsters() {
            let Some(mp) = s.monster(m).body.at else {
                continue;
            };
            for (q, c) in r.squares() {
                if !(s.touching(q, mp) && may_stop(s, g.map, h, q, c)) {
                    continue;
                }
                let key = (crosses(&r, q, &known, &[]), c);
                if best.is_none_or(|b| key < (b.0, b.1)) {
                    best = Some((key.0, key.1, q));
                }
            }
        }
        if let Some((_, _, q)) = best {
            return Some(Command::Move(name, q));
        }
    }
    // The objective, else (done, or given up) the way out.
    let (objective, target) = match head {
        Heading::To(objective, target) => (objective, target),
        // Left at the top unless it has under 2 points.
        Heading::Out | Heading::Nowhere => return None,
    };
    if let Objective::Recover { .. } = s.objective
        && objective.is_some()
        && (adjacent(target, at) || target == at)
        && hero.mp >= 2
    {
        return Some(Command::Open(name, OpenWhat::Chest, None));
    }
    let plan = planning(s);
    match way_on(g, h, &plan, objective, target, &known, true) {
        Way::Go(c) => Some(c),
        Way::Wait | Way::Landing => None,
        // Figures fill the planned way where this move would go: the way
        // round the monsters as they stand, if there is one.
        Way::Blocked(front) => {
            let mut round = plan;
            for (m, now) in round.monsters.iter_mut().zip(&s.monsters) {
                m.body.at = now.body.at;
            }
            match way_on(g, h, &round, objective, target, &known, false) {
                Way::Go(c) => Some(c),
                Way::Wait | Way::Landing | Way::Blocked(_) => up_to_the_stairs(g, h, front),
            }
        }
    }
}

/// Where a hero on `at` heads.
enum Heading {
    /// To `target`: the objective (`Some`, worked from beside it), or a
    /// teleporter to leave by (`None`).
    To(Option<Sq>, Sq),
    /// Out by the teleporter it stands on.
    Out,
    /// Nowhere: no free teleporter.
    Nowhere,
}

/// The objective, else (done, or given up) the way out: past the move
/// limit, or with the objective lost, the heroes leave.
fn heading(s: &State, at: Sq) -> Heading {
    let giving_up = s.move_no > GIVE_UP_AFTER || s.objective_lost();
    let objective = goal(s).filter(|_| !giving_up);
    if let Some(p) = objective {
        return Heading::To(objective, p);
    }
    let tps: Vec<Sq> = s
        .features
        .iter()
        .enumerate()
        .filter(|(i, f)| f.kind == FeatureKind::Teleporter && s.active[*i])
        .map(|(_, f)| (f.x, f.y))
        .collect();
    if tps.contains(&at) && (s.objective_done || giving_up) {
        return Heading::Out;
    }
    tps.into_iter()
        .filter(|p| !s.occupied(*p))
        .min_by_key(|p| (range(*p, at), p.1, p.0))
        .map_or(Heading::Nowhere, |t| Heading::To(None, t))
}

/// A hero on a staircase end with a friend on another end of it whose way
/// takes the staircase now (it can come only to a free end, L317-326)
/// steps off first, before it shoots or walks on: to the nearest square it
/// can stop on that is no staircase end, out of every kill zone if there
/// is one (ties: the cheapest, then north, then west). Its next command
/// goes on from there.
fn make_way(g: &View, h: HeroId) -> Option<Command> {
    let s = g.s;
    let hero = s.hero(h);
    let at = hero.body.at?;
    if hero.mp == 0 || s.feature_on(at, FeatureKind::Staircase).is_none() {
        return None;
    }
    // Beside the objective it is where it should be.
    if let Heading::To(Some(p), _) = heading(s, at)
        && (adjacent(p, at) || p == at)
    {
        return None;
    }
    // A friend on another end whose way takes this staircase now.
    let plan = planning(s);
    let known = known_conditions(s);
    let waiting = s.live_heroes().into_iter().any(|o| {
        let Some(q) = s.hero(o).body.at else {
            return false;
        };
        o != h
            && s.other_ends(at).any(|e| e == q)
            && match heading(s, q) {
                Heading::To(objective, target) => matches!(
                    way_on(g, o, &plan, objective, target, &known, true),
                    Way::Landing
                ),
                Heading::Out | Heading::Nowhere => false,
            }
    });
    if !waiting {
        return None;
    }
    let ends: Vec<Sq> = s.stairs.iter().flatten().copied().collect();
    stops(g, h)
        .into_iter()
        .filter(|(q, _)| !ends.contains(q))
        .min_by_key(|&(q, c)| (s.in_kill_zone(q, SideId::Heroes), c, q.1, q.0))
        .map(|(q, _)| Command::Move(hero.body.name.clone(), q))
}

/// The squares hero `h` can stop on this move, but its own, with what
/// each costs.
fn stops(g: &View, h: HeroId) -> Vec<(Sq, u32)> {
    let s = g.s;
    let hero = s.hero(h);
    let at = hero.body.at;
    reach(s, g.map, Who::Hero(h), hero.mp)
        .squares()
        .into_iter()
        .filter(|&(q, c)| Some(q) != at && may_stop(s, g.map, h, q, c))
        .collect()
}

/// A fighter (5 dice or more) held up on its way, with no way round, whose
/// way goes on by a staircase end `front` in a monster's kill zone (held
/// from another end of it, or from beside it): a move to the square
/// nearest that end it can stop on this
/// move out of every kill zone, so that next move it can step onto the
/// end and fight across the staircase (as far as a Swift Mover's double
/// move, which may not end in that monster's kill zone, cannot this
/// move). Ties: off `?` counters, the cheapest, north, then west.
fn up_to_the_stairs(g: &View, h: HeroId, front: Sq) -> Option<Command> {
    let s = g.s;
    let hero = s.hero(h);
    let at = hero.body.at?;
    let held = s.feature_on(front, FeatureKind::Staircase).is_some()
        && s.in_kill_zone(front, SideId::Heroes);
    if hero.body.fig.attacks < 5 || !held {
        return None;
    }
    stops(g, h)
        .into_iter()
        .filter(|&(q, _)| range(q, front) < range(at, front) && !s.in_kill_zone(q, SideId::Heroes))
        .min_by_key(|&(q, c)| {
            (
                range(q, front),
                s.feature_on(q, FeatureKind::Trap).is_some(),
                c,
                q.1,
                q.0,
            )
        })
        .map(|(q, _)| Command::Move(hero.body.name.clone(), q))
}

/// What a hero does about its way to `target` on a plan.
enum Way {
    /// This command.
    Go(Command),
    /// Nothing this move: no way there.
    Wait,
    /// Nothing this move: the way takes the staircase the hero stands on,
    /// and every other end of it is taken.
    Landing,
    /// The plan's way is there, but this move reaches none of its squares
    /// the hero could stop on, and no door on it to open: the last square
    /// of the way this move looks at (before a staircase).
    Blocked(Sq),
}

/// Hero `h`'s way on along `plan` (the map it plans on) to `target` (the
/// objective, worked from beside it, or a teleporter): the farthest
/// square of the way it can stop on this move, a staircase to take, or a
/// door to open. `keys`: with no way to the target, the way to the nearest
/// key instead.
fn way_on(
    g: &View,
    h: HeroId,
    plan: &State,
    objective: Option<Sq>,
    target: Sq,
    known: &[Sq],
    keys: bool,
) -> Way {
    let s = g.s;
    let hero = s.hero(h);
    let w = Who::Hero(h);
    let Some(at) = hero.body.at else {
        return Way::Wait;
    };
    let name = hero.body.name.clone();
    // The way is planned round the conditions the heroes know of; it
    // crosses one only when there is no other.
    // An objective is worked from beside it; a teleporter is left from on it.
    // A monster to slay is fought only from a square that touches it: one
    // beside it across a shut door is no end, so a hero there opens the
    // door (the walk's first step) instead of waiting by it for good.
    let slay = matches!(s.objective, Objective::Slay { .. });
    let ends_at = |q: Sq| {
        q == target
            || (objective.is_some()
                && adjacent(q, target)
                && !(slay && s.parted(q, target))
                && may_end(s, g.map, w, q))
    };
    // The walk stops once it has settled every square as cheap as the
    // cheapest end: the end chosen below and its way are then final, and
    // any square left unsettled costs more. With no end in reach it
    // walks on to every key.
    let mut cheapest: Option<u32> = None;
    let far = reach_avoiding_until(plan, g.map, w, 400, true, known, |q, c| {
        if whole_ways() {
            return false;
        }
        if cheapest.is_some_and(|e| c > e) {
            return true;
        }
        if cheapest.is_none() && ends_at(q) {
            cheapest = Some(c);
        }
        false
    });
    let toward = || {
        far.squares()
            .into_iter()
            .filter(|&(q, _)| ends_at(q))
            .min_by_key(|(q, c)| (*c, q.1, q.0))
    };
    // The goal, else the nearest key the heroes can reach.
    let end = match toward() {
        Some((q, _)) => q,
        None if keys => {
            let key = s
                .features
                .iter()
                .enumerate()
                .filter(|(i, f)| f.kind == FeatureKind::Key && !s.gone[*i])
                .filter_map(|(_, f)| far.cost((f.x, f.y)).map(|c| (c, (f.x, f.y))))
                .min();
            match key {
                Some((_, q)) => q,
                None => return Way::Wait,
            }
        }
        None => return Way::Wait,
    };
    let (mut path, _) = far.path(end);
    // A staircase on the way: walk to it, then take it.
    let mut prev = at;
    for i in 0..path.len() {
        let q = path[i];
        let jump = (q.0 - prev.0).abs().max((q.1 - prev.1).abs());
        let pit = jump == 2 && (q.0 == prev.0 || q.1 == prev.1);
        if jump > 1 && !pit {
            if i == 0 {
                // Taken only when the engine would take it: a free end to
                // land on, outside a kill zone past the normal movement.
                let landing = s
                    .feature_on(at, FeatureKind::Staircase)
                    .and_then(|st| s.stairs_landing(st));
                return match landing {
                    None => Way::Landing,
                    Some(to) if hero.mp >= 1 && !s.double_move_barred(h, to, 1) => {
                        Way::Go(Command::Stairs(name))
                    }
                    Some(_) => Way::Wait,
                };
            }
            path.truncate(i);
            break;
        }
        prev = q;
    }
    let near = reach(s, g.map, w, hero.mp);
    let can_stop = |q: &&Sq| {
        near.cost(**q)
            .is_some_and(|c| may_stop(s, g.map, h, **q, c))
            && **q != at
    };
    // The farthest square of the plan it can stop on this move whose walk
    // (the rules' own way there) crosses no known condition the plan does
    // not cross itself; else the farthest it can stop on.
    let stop = path
        .iter()
        .rev()
        .filter(can_stop)
        .find(|q| !crosses(&near, **q, known, &path))
        .or_else(|| path.iter().rev().find(can_stop));
    match stop {
        Some(q) => Way::Go(Command::Move(name, *q)),
        None => {
            let Some(&next) = path.first() else {
                return Way::Wait;
            };
            match (hero.mp >= 2).then(|| door_toward(g, h, next)).flatten() {
                Some(c) => Way::Go(c),
                None => Way::Blocked(*path.last().unwrap_or(&next)),
            }
        }
    }
}

/// Does [`way_on`] walk its plan whole? Only where a test asks it to, to
/// tell that the early stop changes no way a hero takes.
fn whole_ways() -> bool {
    #[cfg(test)]
    return WHOLE_WAYS.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}

#[cfg(test)]
thread_local! {
    /// Set by a test: [`way_on`] walks its whole plan, as it did before
    /// the walk stopped at the cheapest end.
    pub(super) static WHOLE_WAYS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Plays the heroes until the game is over or `max_moves` are done.
pub fn play_out(g: &mut Game, max_moves: u32) -> Run {
    play_out_recorded(g, max_moves, &mut None)
}

/// [`play_out`], keeping every command accepted (a save's `commands`).
pub fn play_out_recorded(g: &mut Game, max_moves: u32, rec: &mut Option<Vec<String>>) -> Run {
    let mut refused = 0;
    let mut give = |g: &mut Game, c: Command| -> bool {
        let line = rec.as_ref().map(|_| c.to_string());
        let ok = g.play(c).is_ok();
        refused += u32::from(!ok);
        if ok && let (Some(r), Some(l)) = (rec.as_mut(), line) {
            r.push(l);
        }
        ok
    };
    let mut guard = 0u32;
    while !g.over() && g.s.move_no <= max_moves {
        guard += 1;
        if guard > max_moves * 40 {
            break;
        }
        match g.s.phase {
            Phase::HeroesAct => {
                if lets_dm_move(&View::of(g)) && give(g, Command::NonMover) {
                    continue;
                }
                let mut acted = true;
                while acted && !g.over() && g.s.phase == Phase::HeroesAct {
                    acted = false;
                    for h in g.s.live_heroes() {
                        if g.over() {
                            break;
                        }
                        // Up to a few commands per hero (move, open, move).
                        for _ in 0..4 {
                            let Some(c) = hero_command(g, h) else { break };
                            if !give(g, c) || g.over() {
                                break;
                            }
                            acted = true;
                        }
                    }
                }
                if !g.over() {
                    give(g, Command::End);
                }
            }
            Phase::HeroesShoot => {
                for h in g.s.live_heroes() {
                    if let Some(c) = shoot_line(&View::of(g), h) {
                        give(g, c);
                    }
                }
                if !g.over() {
                    give(g, Command::End);
                }
            }
            Phase::Over(_) => break,
        }
    }
    let end = match g.s.phase {
        Phase::Over(Outcome::HeroesWin) => RunEnd::HeroesWin,
        Phase::Over(Outcome::DmWins) => RunEnd::KillTarget,
        Phase::Over(Outcome::Escaped) => RunEnd::Escaped,
        _ => RunEnd::TimedOut,
    };
    let _ = SideId::Heroes;
    Run {
        end,
        moves: g.s.move_no,
        heroes_lost: g.s.vp,
        refused,
    }
}

/// The options of run `i`.
pub fn run_options(
    party: &Party,
    figures: &Arc<Figures>,
    tables: &Arc<Tables>,
    o: &SimOptions,
    i: u32,
    log: bool,
) -> PlayOptions {
    PlayOptions {
        seed: run_seed(o.seed, i),
        party: party.clone(),
        collection: default_collection(figures),
        figures: figures.clone(),
        tables: tables.clone(),
        scaled_down: o.scaled_down,
        policy: Policy::default(),
        log,
    }
}

/// Plays `o.runs` games (in parallel; the report does not depend on how).
pub fn simulate(
    scenario: &Arc<Scenario>,
    party: &Party,
    figures: &Arc<Figures>,
    tables: &Arc<Tables>,
    o: &SimOptions,
    tick: &(dyn Fn() + Sync),
) -> Report {
    let runs: Vec<Run> = (0..o.runs)
        .into_par_iter()
        .map(|i| {
            let (mut g, _) = Game::new(
                scenario.clone(),
                run_options(party, figures, tables, o, i, false),
            );
            let r = play_out(&mut g, o.max_moves);
            tick();
            r
        })
        .collect();
    report(&runs, o)
}

/// [`simulate`] on this thread, the runs in order, asking `keep` after
/// each whether to go on: the same report when every run is played, else
/// `Err` with the runs played. (A batch stops playing a scenario its
/// filters can no longer keep.)
pub fn simulate_here_while(
    scenario: &Arc<Scenario>,
    party: &Party,
    figures: &Arc<Figures>,
    tables: &Arc<Tables>,
    o: &SimOptions,
    mut keep: impl FnMut(&Run) -> bool,
) -> Result<Report, u32> {
    let mut runs = Vec::with_capacity(o.runs as usize);
    for i in 0..o.runs {
        let (mut g, _) = Game::new(
            scenario.clone(),
            run_options(party, figures, tables, o, i, false),
        );
        let r = play_out(&mut g, o.max_moves);
        let go_on = keep(&r);
        runs.push(r);
        if !go_on && i + 1 < o.runs {
            return Err(i + 1);
        }
    }
    Ok(report(&runs, o))
}

/// The report of the runs played, in run order.
fn report(runs: &[Run], o: &SimOptions) -> Report {
    let n = runs.len().max(1) as f64;
    let wins = runs.iter().filter(|r| r.end == RunEnd::HeroesWin).count() as u32;
    let mut ends = BTreeMap::new();
    for r in runs {
        *ends.entry(r.end).or_insert(0) += 1;
    }
    Report {
        runs: o.runs,
        wins,
        win_rate: f64::from(wins) / n,
        ci95: crate::core::stats::wilson95(wins, o.runs),
        mean_moves: runs.iter().map(|r| f64::from(r.moves)).sum::<f64>() / n,
        mean_heroes_lost: runs.iter().map(|r| f64::from(r.heroes_lost)).sum::<f64>() / n,
        ends,
    }
}
