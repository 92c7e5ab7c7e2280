//! The game: state, commands, and the dungeon's turn (WMTs, reveals, monsters).

use crate::core::dice::Dice;
use crate::core::geom::{all_around, chebyshev};
use crate::mkd::figures::Ability;
use crate::mkd::monsters::MonsterEntry;
use crate::mkd::play::board::{Board, FAR, Mover, fmt_point, side_word};
use crate::mkd::play::command::{self, Command, HeroAction};
use crate::mkd::play::party::Party;
use crate::mkd::play::state::*;
use crate::mkd::scenario::{Scenario, WmtToken};
use crate::mkd::tables::{Direction, MultiReveal, Tables, WmtMove};
use crate::scenario::Point;
use crate::tileset::{Side, TileKind};
use std::collections::BTreeSet;
use std::sync::Arc;

/// How combat is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatMode {
    /// The players fight with their figures and report the results.
    Manual,
    /// The engine rolls Dungeon World dice combat.
    Dice,
}

impl CombatMode {
    /// `manual` or `dice`.
    pub fn name(self) -> &'static str {
        match self {
            CombatMode::Manual => "manual",
            CombatMode::Dice => "dice",
        }
    }
}

/// Settings fixed for a whole game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOptions {
    /// Seed of the play dice (by default the scenario's seed).
    pub seed: u64,
    /// Combat resolution.
    pub combat: CombatMode,
}

/// A running game. Everything in it follows from the scenario, the party,
/// the tables, the options and the commands applied so far, so a save file
/// only needs those (see [`crate::mkd::play::save`]).
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) scenario: Arc<Scenario>,
    pub(crate) tables: Arc<Tables>,
    pub(crate) party: Arc<Party>,
    pub(crate) opts: GameOptions,
    pub(crate) dice: Dice,
    pub(crate) board: Board,
    /// Turn number, from 1.
    pub turn: u32,
    pub(crate) phase: Phase,
    pub(crate) team_order: Vec<usize>,
    pub(crate) active_hero: Option<usize>,
    pub(crate) heroes: Vec<HeroState>,
    pub(crate) wmts: Vec<WmtState>,
    pub(crate) monsters: Vec<MonsterState>,
    pub(crate) chests: Vec<ChestState>,
    pub(crate) markers: Vec<PlacedMarker>,
    /// Chest levels left in the Chest Pool.
    pub(crate) chest_pool: Vec<u32>,
    /// Tokens left in the WMT Pool.
    pub(crate) wmt_pool: Vec<WmtToken>,
    /// Monster Pool: entries with counts left.
    pub(crate) monster_pool: Vec<MonsterEntry>,
    /// Accessories left: doors, terrain markers (sides), furnishings.
    pub(crate) doors_left: u32,
    pub(crate) terrain_left: Vec<crate::mkd::scenario::TerrainSide>,
    pub(crate) furnishings_left: Vec<String>,
    /// Tiles a hero has entered (discovery rolls made).
    pub(crate) visited: BTreeSet<usize>,
    /// Shared experience: earned and spent.
    pub(crate) xp: u32,
    pub(crate) xp_spent: u32,
    /// Monsters removed from the dungeon (for Necromancy), by index.
    pub(crate) fallen: Vec<usize>,
    /// Lines produced by the command being applied.
    pub(crate) out: Vec<String>,
    /// Statistics for `simulate`.
    pub stats: GameStats,
    /// What the mission (rescue, stealth, kidnapping) adds.
    pub(crate) mission: crate::mkd::play::missions::MissionState,
    /// Timer, second entrance, stairs and floors (see [`crate::mkd::play::floors`]).
    pub(crate) floors: crate::mkd::play::floors::FloorPlay,
}

/// Counters a playthrough reports.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameStats {
    /// WMTs revealed.
    pub wmts_revealed: u32,
    /// Monsters that came out of WMTs or traps, or rose again by Necromancy.
    pub monsters_revealed: u32,
    /// Monsters slain.
    pub monsters_slain: u32,
    /// Chests opened by heroes.
    pub chests_opened: u32,
}

/// Who made a token reveal itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// A hero moving.
    Hero(usize),
    /// A monster moving.
    Monster(usize),
    /// The token itself, moving in the WMT turn.
    Wandering(Side),
    /// A trap, an alarm or reinforcements.
    Other,
}

fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    s.trim_end_matches('-').to_string()
}

impl Game {
    /// Sets up a game: every token, chest and pool as the scenario left them,
    /// heroes waiting outside the entrance.
    pub fn new(
        scenario: Arc<Scenario>,
        party: Arc<Party>,
        tables: Arc<Tables>,
        opts: GameOptions,
    ) -> Game {
        let board = Board::new(&scenario);
        let mut heroes = Vec::new();
        for (t, team) in party.teams.iter().enumerate() {
            for h in &team.heroes {
                heroes.push(HeroState {
                    name: h.name.clone(),
                    team: t,
                    value: h.value,
                    stats: h.stats,
                    abilities: h.abilities.clone(),
                    place: HeroPlace::Outside,
                    facing: board.entrance_side.opposite(),
                    wounds: 0,
                    spent: 0,
                    done: false,
                    chests: Vec::new(),
                    held: 0,
                    levels: 0,
                });
            }
        }
        let mut wmts: Vec<WmtState> = Vec::new();
        for w in &scenario.game.wmts {
            let base = format!("{}-{}", w.color.name(), w.number);
            let same = wmts
                .iter()
                .filter(|x| x.id == base || x.id.starts_with(&format!("{base}-")))
                .count();
            let id = if w.guardian {
                format!("guardian-{base}")
            } else {
                token_id(&base, same)
            };
            wmts.push(WmtState {
                id,
                color: w.color,
                number: w.number,
                guardian: w.guardian,
                pos: Point { x: w.x, y: w.y },
            });
        }
        let chests = scenario
            .game
            .chests
            .iter()
            .enumerate()
            .map(|(i, c)| ChestState {
                id: if c.quest {
                    "quest-chest".into()
                } else {
                    format!("chest-{}", i + 1)
                },
                level: c.level,
                quest: c.quest,
                place: ChestPlace::At(Point { x: c.x, y: c.y }),
                open: false,
                trap_spent: false,
                contents: None,
            })
            .collect();
        let pools = &scenario.game.pools;
        let mission =
            crate::mkd::play::missions::MissionState::new(&scenario, &party, board.entrance_side);
        let floors = crate::mkd::play::floors::FloorPlay::for_scenario(&scenario, &party);
        let mut game = Game {
            mission,
            floors,
            dice: Dice::for_stage(opts.seed, "play"),
            team_order: (0..party.teams.len()).collect(),
            phase: Phase::Heroes(0),
            turn: 1,
            active_hero: None,
            heroes,
            wmts,
            monsters: Vec::new(),
            chests,
            markers: Vec::new(),
            chest_pool: pools.chests.clone(),
            wmt_pool: pools.wmts.clone(),
            monster_pool: pools.monsters.to_vec(),
            doors_left: pools.accessories.doors,
            terrain_left: pools.accessories.terrain_markers.clone(),
            furnishings_left: pools.accessories.furnishings.clone(),
            visited: BTreeSet::new(),
            xp: 0,
            xp_spent: 0,
            fallen: Vec::new(),
            out: Vec::new(),
            stats: GameStats::default(),
            board,
            scenario,
            tables,
            party,
            opts,
        };
        game.lay_floor_markers();
        game
    }

    /// The opening lines of a transcript.
    pub fn intro(&self) -> Vec<String> {
        let s = &self.scenario;
        let mut v = vec![
            format!(
                "tilecrawl play: scenario seed {}, {} tiles, Central Chamber {}; play dice seed {}; {} combat",
                s.seed,
                s.tiles.len(),
                self.board.tiles[self.board.central].label,
                self.opts.seed,
                self.opts.combat.name()
            ),
            format!(
                "entrance at {} ({} side of {}); heroes wait outside: {}",
                fmt_point(self.board.entrance[0]),
                side_word(self.board.entrance_side),
                self.board.tiles[s.entrance.tile].label,
                self.party
                    .teams
                    .iter()
                    .map(|t| format!(
                        "{} ({})",
                        t.player,
                        t.heroes
                            .iter()
                            .map(|h| h.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        ];
        if let Some(line) = self.mission_intro() {
            v.push(line);
        }
        v.extend(self.floors_intro());
        v.push(self.turn_banner());
        v
    }

    pub(crate) fn turn_banner(&self) -> String {
        match self.phase {
            Phase::Heroes(t) => format!(
                "== {}{}: {}'s heroes ==",
                self.turn_text(),
                self.floor_text(),
                self.party.teams[self.team_order[t]].player
            ),
            Phase::Over(o) => format!("== the adventure is over: {} ==", outcome_word(o)),
        }
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(o) => Some(o),
            Phase::Heroes(_) => None,
        }
    }

    pub(crate) fn say(&mut self, line: impl Into<String>) {
        self.out.push(line.into());
    }

    pub(crate) fn rules(&self) -> &crate::mkd::tables::PlayRules {
        &self.tables.rules
    }

    /// Applies one command line. On success, the lines the dungeon answers
    /// with; on a bad command, one line saying why, and nothing has changed.
    /// `undo` is handled by the caller (it replays the game without the last
    /// command), so here it is refused.
    pub fn apply(&mut self, line: &str) -> Result<Vec<String>, String> {
        let Some(cmd) = command::parse(line)? else {
            return Ok(Vec::new());
        };
        let backup = self.clone();
        self.out.clear();
        match self.run(cmd) {
            Ok(()) => {
                // The dice log is not needed once the lines are printed.
                self.dice.truncate_log(0);
                Ok(std::mem::take(&mut self.out))
            }
            Err(e) => {
                *self = backup;
                Err(e)
            }
        }
    }

    fn run(&mut self, cmd: Command) -> Result<(), String> {
        match cmd {
            Command::Status => {
                let s = self.status();
                self.out.extend(s);
                return Ok(());
            }
            Command::Map => {
                let m = self.ascii_map();
                self.out.extend(m);
                return Ok(());
            }
            Command::Help => {
                self.out.extend(command::HELP.lines().map(str::to_string));
                if self.mission.goal != crate::mkd::mission::Goal::Quest {
                    self.out
                        .extend(command::MISSION_HELP.lines().map(str::to_string));
                }
                if self.floors.stairs.is_some() {
                    self.out.push(command::HELP_STAIRS.to_string());
                }
                return Ok(());
            }
            Command::Undo => return Err("nothing to undo".into()),
            _ => {}
        }
        if let Phase::Over(o) = self.phase {
            return Err(format!(
                "the adventure is over ({}); only status, map and undo work now",
                outcome_word(o)
            ));
        }
        match cmd {
            Command::Hero { hero, action } => {
                let h = self.hero_index(&hero)?;
                self.hero_action(h, action)?;
            }
            Command::Hit { monster, n } => {
                let m = self.monster_index(&monster)?;
                self.wound_monster(m, n, None);
            }
            Command::Kill { monster } => {
                let m = self.monster_index(&monster)?;
                let left = self.monsters[m].wounds_left().max(1);
                self.wound_monster(m, left, None);
            }
            Command::Wound { hero, n } => {
                let h = self.hero_index(&hero)?;
                if self.heroes[h].pos().is_none() {
                    return Err(format!("{} is not in the dungeon", self.heroes[h].name));
                }
                self.wound_hero(h, n);
            }
            Command::Level { hero } => {
                let h = self.hero_index(&hero)?;
                let every = self.rules().xp_heal_every;
                if self.xp - self.xp_spent < every {
                    return Err(format!(
                        "the experience pool holds {} unspent points; a level needs {every}",
                        self.xp - self.xp_spent
                    ));
                }
                if matches!(self.heroes[h].place, HeroPlace::Slain | HeroPlace::Escaped) {
                    return Err(format!(
                        "{} is no longer in the adventure",
                        self.heroes[h].name
                    ));
                }
                self.xp_spent += every;
                self.heroes[h].levels += 1;
                let (name, n) = (self.heroes[h].name.clone(), self.heroes[h].levels);
                self.say(format!(
                    "{name} gains a level ({n} this adventure; {every} experience spent): turn the figure's dial up a level"
                ));
            }
            Command::Heal { hero } => {
                let h = self.hero_index(&hero)?;
                let every = self.rules().xp_heal_every;
                if self.xp - self.xp_spent < every {
                    return Err(format!(
                        "the experience pool holds {} unspent points; a heal needs {every}",
                        self.xp - self.xp_spent
                    ));
                }
                if self.is_prisoner(h) {
                    return Err(format!(
                        "{} was a prisoner and cannot be healed",
                        self.heroes[h].name
                    ));
                }
                if self.heroes[h].pos().is_none() || self.heroes[h].wounds == 0 {
                    return Err(format!(
                        "{} is not a wounded hero in the dungeon",
                        self.heroes[h].name
                    ));
                }
                self.xp_spent += every;
                self.heroes[h].wounds = 0;
                let name = self.heroes[h].name.clone();
                self.say(format!("{name} is healed fully ({every} experience spent)"));
            }
            Command::First { player } => {
                let Phase::Heroes(pos) = self.phase else {
                    unreachable!()
                };
                let t = self
                    .party
                    .teams
                    .iter()
                    .position(|t| t.player.eq_ignore_ascii_case(&player))
                    .ok_or_else(|| format!("no player called `{player}`"))?;
                if pos != 0
                    || self.active_hero.is_some()
                    || self.heroes.iter().any(|h| h.spent > 0 || h.done)
                {
                    return Err(
                        "the order can only change before any hero has acted this turn".into(),
                    );
                }
                let commands = self
                    .heroes
                    .iter()
                    .any(|h| h.team == t && h.pos().is_some() && h.has(Ability::Command));
                if !commands {
                    return Err(format!(
                        "{player}'s team has no hero with Command in the dungeon, so cannot go first"
                    ));
                }
                self.team_order.retain(|&x| x != t);
                self.team_order.insert(0, t);
                self.say(format!("{player}'s team goes first this turn (Command)"));
                self.say(self.turn_banner());
            }
            Command::EndTurn => self.end_team_turn(),
            Command::Lead { monster, to } => {
                let m = self.monster_index(&monster)?;
                self.lead(m, to)?;
            }
            Command::Smash { monster } => {
                let m = self.monster_index(&monster)?;
                self.report_smash(m)?;
            }
            Command::Status | Command::Map | Command::Help | Command::Undo => unreachable!(),
        }
        self.check_end();
        self.floors_after_command();
        Ok(())
    }

    pub(crate) fn hero_index(&self, name: &str) -> Result<usize, String> {
        self.heroes
            .iter()
            .position(|h| h.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                if let Some(p) = &self.mission.prisoner
                    && p.name.eq_ignore_ascii_case(name)
                {
                    return format!(
                        "{} is a prisoner until a hero frees them (`NAME frees prisoner`)",
                        p.name
                    );
                }
                format!(
                    "no hero called `{name}` (heroes: {})",
                    self.heroes
                        .iter()
                        .map(|h| h.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
    }

    pub(crate) fn monster_index(&self, id: &str) -> Result<usize, String> {
        self.monsters
            .iter()
            .position(|m| m.id.eq_ignore_ascii_case(id) && m.active())
            .ok_or_else(|| {
                let on: Vec<&str> = self
                    .monsters
                    .iter()
                    .filter(|m| m.active())
                    .map(|m| m.id.as_str())
                    .collect();
                if on.is_empty() {
                    format!("no monster `{id}` in the dungeon (none is revealed)")
                } else {
                    format!(
                        "no monster `{id}` in the dungeon (monsters: {})",
                        on.join(", ")
                    )
                }
            })
    }

    // ----- who stands where -----

    /// Is a square taken by a hero, monster or token?
    pub(crate) fn occupied(&self, p: Point) -> bool {
        self.hero_at(p).is_some()
            || self.monster_at(p).is_some()
            || self.wmts.iter().any(|w| w.pos == p)
            || self.prisoner_square() == Some(p)
    }

    pub(crate) fn hero_at(&self, p: Point) -> Option<usize> {
        self.heroes.iter().position(|h| h.pos() == Some(p))
    }

    pub(crate) fn monster_at(&self, p: Point) -> Option<usize> {
        self.monsters.iter().position(|m| m.pos == Some(p))
    }

    pub(crate) fn heroes_in_dungeon(&self) -> Vec<usize> {
        (0..self.heroes.len())
            .filter(|&h| self.heroes[h].pos().is_some())
            .collect()
    }

    pub(crate) fn hero_mover(&self, h: usize) -> Mover {
        Mover {
            hindering_extra: self.rules().hindering_extra,
            door_open: None,
            door_close: None,
            flies: self.heroes[h].has(Ability::MagicLevitation),
        }
    }

    pub(crate) fn wmt_mover(&self) -> Mover {
        Mover {
            hindering_extra: self.rules().hindering_extra,
            door_open: Some(self.rules().door_open),
            door_close: Some(self.rules().door_close),
            flies: false,
        }
    }

    pub(crate) fn monster_mover(&self, m: usize) -> Mover {
        Mover {
            hindering_extra: self.rules().hindering_extra,
            door_open: Some(self.rules().door_open),
            door_close: None,
            flies: self.monsters[m].has(Ability::MagicLevitation),
        }
    }

    /// Speed a hero has this activation (Command nearby adds to it).
    pub(crate) fn hero_speed(&self, h: usize) -> u32 {
        let hero = &self.heroes[h];
        let mut s = hero.stats.speed;
        if let Some(p) = hero.pos()
            && self.heroes.iter().enumerate().any(|(i, o)| {
                i != h
                    && o.has(Ability::Command)
                    && o.pos()
                        .is_some_and(|q| Board::adjacent(p, q) || self.same_tile(p, q))
            })
        {
            s += self.rules().command_bonus;
        }
        s
    }

    pub(crate) fn same_tile(&self, a: Point, b: Point) -> bool {
        self.board.tile_at(a).is_some() && self.board.tile_at(a) == self.board.tile_at(b)
    }

    // ----- heroes -----

    fn hero_action(&mut self, h: usize, action: HeroAction) -> Result<(), String> {
        let Phase::Heroes(pos) = self.phase else {
            unreachable!()
        };
        let team = self.team_order[pos];
        let name = self.heroes[h].name.clone();
        if self.heroes[h].team != team {
            return Err(format!(
                "it is {}'s turn; {name} belongs to {}",
                self.party.teams[team].player, self.party.teams[self.heroes[h].team].player
            ));
        }
        match self.heroes[h].place {
            HeroPlace::Slain => return Err(format!("{name} has been slain")),
            HeroPlace::Escaped => {
                return Err(format!("{name} has left the dungeon and cannot come back"));
            }
            HeroPlace::Below => {
                return Err(format!(
                    "{name} has gone down the stairs and waits on the next floor"
                ));
            }
            _ => {}
        }
        if self.heroes[h].done {
            return Err(format!("{name} has already had an activation this turn"));
        }
        if self.heroes[h].held > 0 {
            return Err(format!("{name} is held by magic and cannot act this turn"));
        }
        // Activations run one after another: acting with another hero ends
        // the previous hero's activation.
        if let Some(prev) = self.active_hero
            && prev != h
        {
            self.heroes[prev].done = true;
        }
        self.active_hero = Some(h);
        match action {
            HeroAction::Move(to) => self.hero_move(h, to),
            HeroAction::Pass => {
                self.heroes[h].done = true;
                self.say(format!("{name} ends the activation"));
                Ok(())
            }
            HeroAction::Leave => self.hero_leave(h),
            HeroAction::Attack(target) => self.hero_attack(h, &target),
            HeroAction::OpenDoor(p) => self.hero_open_door(h, p),
            HeroAction::CloseDoor(p) => self.hero_close_door(h, p),
            HeroAction::Check(p) => self.hero_check(h, p),
            HeroAction::Disarm(p, fast) if self.prisoner_square() == Some(p) => {
                self.hero_disarm_prisoner(h, fast)
            }
            HeroAction::Disarm(p, fast) => self.hero_disarm(h, p, fast),
            HeroAction::Free => self.hero_free(h),
            HeroAction::OpenChest(p) => self.hero_open_chest(h, p),
            HeroAction::TakeChest(p) => self.hero_take_chest(h, p),
            HeroAction::DropChest => self.hero_drop_chest(h),
            HeroAction::GiveChest(to) => self.hero_give_chest(h, &to),
            HeroAction::Teleport(to) => self.hero_teleport(h, to),
            HeroAction::Vortex => self.hero_vortex(h),
            HeroAction::Stairs => self.hero_stairs(h),
        }
    }

    /// Pays for a disarm attempt: a quick one or a careful one.
    pub(crate) fn spend_disarm(&mut self, h: usize, fast: bool) -> Result<(), String> {
        if fast {
            self.spend(h, self.rules().fast_disarm_cost, "a quick disarm")
        } else {
            self.spend(h, self.rules().slow_disarm, "a careful disarm")
        }
    }

    /// Spends speed points, or explains why the hero cannot.
    pub(crate) fn spend(&mut self, h: usize, cost: u32, what: &str) -> Result<(), String> {
        let left = self.hero_speed(h).saturating_sub(self.heroes[h].spent);
        if cost > left {
            return Err(format!(
                "{} has {left} speed point{} left this activation; {what} costs {cost}",
                self.heroes[h].name,
                if left == 1 { "" } else { "s" }
            ));
        }
        self.heroes[h].spent += cost;
        Ok(())
    }

    fn hero_move(&mut self, h: usize, to: Point) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        if !self.board.passable(to) {
            return Err(format!(
                "{} is {}, not a square a hero can stand on",
                fmt_point(to),
                if self.board.cell(to).is_tile() {
                    self.board.cell(to).name()
                } else {
                    "outside the dungeon"
                }
            ));
        }
        if self.heroes[h].pos() == Some(to) {
            return Err(format!("{name} is already on {}", fmt_point(to)));
        }
        if self.occupied(to) {
            return Err(format!("{} is taken", fmt_point(to)));
        }
        let mover = self.hero_mover(h);
        let dist = {
            // Monsters block the way. A token does not: the hero reveals it
            // before reaching its square (and stops there if still in the way).
            let blocked =
                |p: Point| self.monster_at(p).is_some() || self.prisoner_square() == Some(p);
            self.board.distances_to(&[to], &mover, &blocked)
        };
        // The route: from the hero's square, or in through the entrance.
        let (start, enter_cost) = match self.heroes[h].place {
            HeroPlace::At(p) => (p, 0),
            _ => {
                let best = self
                    .entry_squares(h)
                    .iter()
                    .filter(|&&e| !self.occupied(e) || e == to)
                    .filter_map(|&e| {
                        let d = dist[self.board.idx(e)?];
                        (d != FAR).then(|| (d + self.board.step_cost(e, e, &mover).unwrap_or(1), e))
                    })
                    .min();
                let Some((_, e)) = best else {
                    return Err(format!(
                        "no way in from the entrance to {} for {name}",
                        fmt_point(to)
                    ));
                };
                (e, self.board.step_cost(e, e, &mover).unwrap_or(1))
            }
        };
        let Some(d0) = self.board.idx(start).map(|i| dist[i]) else {
            return Err(format!("{} is off the board", fmt_point(start)));
        };
        if d0 == FAR {
            return Err(format!(
                "{name} cannot reach {} (walls, closed doors or monsters are in the way)",
                fmt_point(to)
            ));
        }
        self.spend(
            h,
            d0 + enter_cost,
            &format!("the walk to {}", fmt_point(to)),
        )?;
        // Walk it square by square: reveals and discoveries happen on the way.
        let mut route = vec![start];
        let mut here = start;
        while here != to {
            let next = self.board.downhill(here, &dist, &mover);
            let Some(&n) = next.first() else { break };
            route.push(n);
            here = n;
        }
        let from = self.heroes[h].pos();
        // Heroes walk through their friends but never stop on one: where the
        // walk ends on a friend's square, the hero steps back to the last
        // square that was free.
        let friend_on = |g: &Game, q: Point| {
            g.heroes
                .iter()
                .enumerate()
                .any(|(o, x)| o != h && x.pos() == Some(q))
        };
        let mut last_free = from;
        for (i, &p) in route.iter().enumerate() {
            if i == 0 && from.is_some() {
                continue;
            }
            if self.monster_at(p).is_some() || self.wmts.iter().any(|w| w.pos == p) {
                // A monster revealed on the way now stands in it.
                break;
            }
            if i > 0 {
                self.heroes[h].facing = crate::mkd::play::board::side_towards(route[i - 1], p);
            }
            self.heroes[h].place = HeroPlace::At(p);
            self.enter_square_hero(h, p);
            if self.heroes[h].place != HeroPlace::At(p) {
                // Teleported, slain or gone: the walk is over.
                last_free = self.heroes[h].pos();
                break;
            }
            if !friend_on(self, p) {
                last_free = Some(p);
            }
            if self.heroes[h].done {
                break;
            }
        }
        if let HeroPlace::At(p) = self.heroes[h].place
            && friend_on(self, p)
        {
            self.heroes[h].place = match last_free {
                Some(q) => HeroPlace::At(q),
                None => HeroPlace::Outside,
            };
        }
        let line = match (from, self.heroes[h].place) {
            (None, HeroPlace::At(p)) if p == to => {
                format!("{name} enters the dungeon and walks to {}", fmt_point(to))
            }
            (Some(_), HeroPlace::At(p)) if p == to => format!("{name} moves to {}", fmt_point(to)),
            (_, HeroPlace::At(p)) => format!(
                "{name} walks towards {} and stops at {}",
                fmt_point(to),
                fmt_point(p)
            ),
            (_, HeroPlace::Outside) => format!("{name} cannot get in: the way is blocked"),
            (_, _) => format!("{name} sets off towards {}", fmt_point(to)),
        };
        // The walk's line comes before what happened on the way.
        self.out.insert(0, line);
        Ok(())
    }

    /// What happens when a hero steps onto a square: first visit of a tile
    /// (discovery), tokens revealed nearby.
    pub(crate) fn enter_square_hero(&mut self, h: usize, p: Point) {
        if let Some(t) = self.board.tile_at(p)
            && self.visited.insert(t)
        {
            self.discover(t, h);
        }
        let trig = self.wmt_triggered_by(p);
        if !trig.is_empty() {
            for w in trig {
                if let Some(i) = self.wmts.iter().position(|x| x.id == w) {
                    self.reveal(i, Cause::Hero(h));
                }
            }
            let hero = &self.heroes[h];
            if !(hero.has(Ability::Nimble) || hero.has(Ability::Stealth)) {
                let name = hero.name.clone();
                self.heroes[h].done = true;
                self.say(format!("{name}'s activation ends with the reveal"));
            }
        }
    }

    /// Tokens revealed by a figure standing on `p`: in the same tile, or next to it.
    pub(crate) fn wmt_triggered_by(&self, p: Point) -> Vec<String> {
        let tile = self.board.tile_at(p);
        self.wmts
            .iter()
            .filter(|w| {
                Board::adjacent(w.pos, p) || (tile.is_some() && self.board.tile_at(w.pos) == tile)
            })
            .map(|w| w.id.clone())
            .collect()
    }

    fn hero_leave(&mut self, h: usize) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let Some(p) = self.heroes[h].pos() else {
            return Err(format!("{name} is not in the dungeon"));
        };
        if !self.is_exit(p) {
            return Err(format!(
                "{name} must stand on the entrance ({}) to leave",
                self.exit_squares()
                    .iter()
                    .map(|&e| fmt_point(e))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ));
        }
        self.spend(h, 1, "stepping out")?;
        self.heroes[h].place = HeroPlace::Escaped;
        self.heroes[h].done = true;
        let carried: Vec<usize> = std::mem::take(&mut self.heroes[h].chests);
        let mut line = format!("{name} leaves the dungeon");
        if !carried.is_empty() {
            line += &format!(
                " carrying {}",
                carried
                    .iter()
                    .map(|&c| self.chests[c].id.clone())
                    .collect::<Vec<_>>()
                    .join(" and ")
            );
        }
        for c in carried {
            self.chests[c].place = ChestPlace::Out;
        }
        self.say(line);
        Ok(())
    }

    fn hero_attack(&mut self, h: usize, target: &str) -> Result<(), String> {
        let m = self.monster_index(target)?;
        let name = self.heroes[h].name.clone();
        let Some(hp) = self.heroes[h].pos() else {
            return Err(format!("{name} is not in the dungeon"));
        };
        let mp = self.monsters[m].pos.expect("active");
        let melee = Board::adjacent(hp, mp);
        let shoot = self.heroes[h].stats.shoot;
        if !melee && shoot.is_none_or(|s| chebyshev(hp, mp) > s.range) {
            return Err(format!(
                "{name} cannot reach {} from {}",
                self.monsters[m].id,
                fmt_point(hp)
            ));
        }
        if self.opts.combat == CombatMode::Manual {
            return Err(format!(
                "combat is manual: fight with the figures, then report it (`hit {} 1`, `kill {}`, `wound {name} 1`)",
                self.monsters[m].id, self.monsters[m].id
            ));
        }
        if self.heroes[h].spent > 0 && self.heroes[h].spent >= self.hero_speed(h) {
            return Err(format!("{name} has no speed left to attack"));
        }
        self.heroes[h].done = true;
        self.heroes[h].facing = crate::mkd::play::board::side_towards(hp, mp);
        self.dice_attack_on_monster(h, m, melee);
        // A monster attacked in melee that survives hits back.
        if melee && self.monsters[m].active() {
            self.dice_attack_on_hero(m, h, true, "counterattacks");
        }
        Ok(())
    }

    /// Rolls a hero's dice against a monster.
    pub(crate) fn dice_attack_on_monster(&mut self, h: usize, m: usize, melee: bool) {
        let hero = &self.heroes[h];
        let (n, hit_on, penalty) = if melee {
            (hero.stats.attacks, self.rules().melee_hit, 0)
        } else {
            let near = self.shot_in_melee(hero.pos(), self.monsters[m].pos, false);
            (
                hero.stats.shoot.map_or(0, |s| s.dice),
                self.rules().shoot_hit,
                u32::from(near),
            )
        };
        let armour = self.monsters[m].stats.armour;
        let who = format!("{} attacks {}", hero.name, self.monsters[m].id);
        let roll =
            crate::mkd::play::combat::attack(&mut self.dice, n, hit_on, armour, penalty, &who);
        let line = format!(
            "{who} ({}): {}",
            if melee { "melee" } else { "shooting" },
            roll.describe(hit_on, armour)
        );
        self.say(line);
        if roll.wounds > 0 {
            self.wound_monster(m, roll.wounds, Some(h));
        }
    }

    /// Rolls a monster's dice against a hero.
    pub(crate) fn dice_attack_on_hero(&mut self, m: usize, h: usize, melee: bool, verb: &str) {
        let mon = &self.monsters[m];
        let (n, hit_on) = if melee {
            (mon.stats.attacks, self.rules().melee_hit)
        } else {
            (
                mon.stats.shoot.map_or(0, |s| s.dice),
                self.rules().shoot_hit,
            )
        };
        let armour = self.heroes[h].stats.armour;
        let who = format!("{} {verb} {}", mon.id, self.heroes[h].name);
        // Shooting when the shooter or the target stands next to an enemy: −1.
        let penalty = u32::from(!melee && self.shot_in_melee(mon.pos, self.heroes[h].pos(), true));
        let roll =
            crate::mkd::play::combat::attack(&mut self.dice, n, hit_on, armour, penalty, &who);
        let line = format!(
            "{who} ({}): {}",
            if melee { "melee" } else { "shooting" },
            roll.describe(hit_on, armour)
        );
        self.say(line);
        if roll.wounds > 0 {
            self.wound_hero(h, roll.wounds);
        }
    }

    /// Is a shot taken by a figure at `shooter` on one at `target` made next
    /// to an enemy of either? (`monster_shoots`: the shooter is a monster.)
    pub(crate) fn shot_in_melee(
        &self,
        shooter: Option<Point>,
        target: Option<Point>,
        monster_shoots: bool,
    ) -> bool {
        let heroes: Vec<Point> = self.heroes.iter().filter_map(HeroState::pos).collect();
        let monsters: Vec<Point> = self.monsters.iter().filter_map(|m| m.pos).collect();
        let (shooter_foes, target_foes) = if monster_shoots {
            (&heroes, &monsters)
        } else {
            (&monsters, &heroes)
        };
        let near = |p: Option<Point>, foes: &Vec<Point>| {
            p.is_some_and(|p| foes.iter().any(|&q| Board::adjacent(p, q)))
        };
        near(shooter, shooter_foes) || near(target, target_foes)
    }

    /// A monster attacks a hero: dice, or a prompt for the players.
    pub(crate) fn monster_attacks(&mut self, m: usize, h: usize) {
        let (mp, hp) = (self.monsters[m].pos, self.heroes[h].pos());
        let (Some(mp), Some(hp)) = (mp, hp) else {
            return;
        };
        let melee = Board::adjacent(mp, hp);
        self.monsters[m].facing = crate::mkd::play::board::side_towards(mp, hp);
        match self.opts.combat {
            CombatMode::Manual => {
                let line = format!(
                    "{} attacks {} ({}, facing {}): resolve it with the figures and report `wound {} N` or `hit {} N`",
                    self.monsters[m].id,
                    self.heroes[h].name,
                    if melee { "close combat" } else { "ranged" },
                    side_word(self.monsters[m].facing),
                    self.heroes[h].name,
                    self.monsters[m].id
                );
                self.say(line);
            }
            CombatMode::Dice => {
                self.dice_attack_on_hero(m, h, melee, "attacks");
                if melee && self.heroes[h].pos().is_some() && self.monsters[m].active() {
                    self.dice_attack_on_monster(h, m, true);
                }
            }
        }
    }

    pub(crate) fn wound_hero(&mut self, h: usize, n: u32) {
        let hero = &mut self.heroes[h];
        hero.wounds += n;
        let name = hero.name.clone();
        if hero.wounds >= hero.stats.wounds {
            let p = hero.pos().expect("in the dungeon");
            hero.place = HeroPlace::Slain;
            hero.done = true;
            let carried = std::mem::take(&mut hero.chests);
            self.say(format!("{name} takes {n} wound{} and is slain", plural(n)));
            for c in carried {
                // Dropped open, traps not reset, on the square or next to it.
                let spot = self.free_square_near(p).unwrap_or(p);
                self.chests[c].place = ChestPlace::At(spot);
                self.chests[c].open = true;
                let id = self.chests[c].id.clone();
                self.say(format!("{id} falls open on {}", fmt_point(spot)));
            }
        } else {
            let left = hero.wounds_left();
            self.say(format!("{name} takes {n} wound{} ({left} left)", plural(n)));
        }
    }

    pub(crate) fn wound_monster(&mut self, m: usize, n: u32, by: Option<usize>) {
        let mon = &mut self.monsters[m];
        mon.wounds += n;
        let id = mon.id.clone();
        if mon.wounds >= mon.stats.wounds {
            let p = mon.pos.take().expect("active");
            let points = mon.points;
            let carried = mon.carrying.take();
            self.fallen.push(m);
            self.xp += points;
            self.stats.monsters_slain += 1;
            let by = by
                .map(|h| format!(" by {}", self.heroes[h].name))
                .unwrap_or_default();
            self.say(format!(
                "{id} is slain{by}: +{points} experience (pool {})",
                self.xp - self.xp_spent
            ));
            if let Some(c) = carried {
                self.chests[c].place = ChestPlace::At(p);
                self.chests[c].open = false;
                self.chests[c].trap_spent = false;
                let cid = self.chests[c].id.clone();
                self.say(format!(
                    "{cid} drops on {} (closed, trap reset)",
                    fmt_point(p)
                ));
            }
        } else {
            let left = mon.wounds_left();
            self.say(format!("{id} takes {n} wound{} ({left} left)", plural(n)));
        }
    }

    /// The nearest free passable square to `p` (itself first), by rings.
    pub(crate) fn free_square_near(&self, p: Point) -> Option<Point> {
        for r in 0..6i32 {
            for dy in -r..=r {
                for dx in -r..=r {
                    if dx.abs().max(dy.abs()) != r {
                        continue;
                    }
                    let q = Point {
                        x: p.x + dx,
                        y: p.y + dy,
                    };
                    if self.board.passable(q) && !self.occupied(q) && self.chest_at(q).is_none() {
                        return Some(q);
                    }
                }
            }
        }
        None
    }

    pub(crate) fn chest_at(&self, p: Point) -> Option<usize> {
        self.chests
            .iter()
            .position(|c| c.place == ChestPlace::At(p))
    }

    // ----- turn structure -----

    fn end_team_turn(&mut self) {
        let Phase::Heroes(pos) = self.phase else {
            return;
        };
        let player = self.party.teams[self.team_order[pos]].player.clone();
        self.say(format!("{player} ends the turn"));
        self.active_hero = None;
        if pos + 1 < self.team_order.len() {
            self.phase = Phase::Heroes(pos + 1);
            self.say(self.turn_banner());
            return;
        }
        self.wmt_turn();
        self.check_end();
        if self.outcome().is_some() {
            return;
        }
        self.monster_turn();
        self.check_end();
        if self.outcome().is_some() {
            return;
        }
        // The timer, the floor change, the next turn's banner.
        self.next_turn();
    }

    fn wmt_turn(&mut self) {
        self.say("-- wandering monster tokens --");
        // In a kidnapping the Guardian wanders like the others.
        let guardian_wanders = self.mission.goal == crate::mkd::mission::Goal::Kidnapping;
        let ids: Vec<String> = self
            .wmts
            .iter()
            .filter(|w| !w.guardian || guardian_wanders)
            .map(|w| w.id.clone())
            .collect();
        if ids.is_empty() {
            self.say("no token wanders");
        }
        for id in ids {
            if let Some(i) = self.wmts.iter().position(|w| w.id == id) {
                self.wander(i);
            }
        }
    }

    fn monster_turn(&mut self) {
        self.say("-- monsters --");
        let mut waiting: Vec<usize> = (0..self.monsters.len())
            .filter(|&m| {
                self.monsters[m].active() || self.monsters[m].mode == MonsterMode::GoneForHelp
            })
            .collect();
        if waiting.is_empty() {
            self.say("no monster is revealed");
        }
        while !waiting.is_empty() {
            let names: Vec<String> = waiting
                .iter()
                .map(|&m| self.monsters[m].id.clone())
                .collect();
            let k = self
                .dice
                .choose_d6(waiting.len(), "monster to act next", |k| names[k].clone());
            let m = waiting.remove(k);
            if !(self.monsters[m].active() || self.monsters[m].mode == MonsterMode::GoneForHelp) {
                continue;
            }
            if self.monsters[m].surprised {
                self.monsters[m].surprised = false;
                crate::mkd::play::ai::free_spin(self, m);
                let id = self.monsters[m].id.clone();
                self.say(format!("{id} is surprised and does not act this turn"));
                continue;
            }
            if self.monsters[m].held > 0 {
                self.monsters[m].held -= 1;
                let id = self.monsters[m].id.clone();
                self.say(format!("{id} is held by magic and does not act"));
                continue;
            }
            crate::mkd::play::ai::activate(self, m);
            if self.heroes.iter().all(|h| h.pos().is_none()) {
                break;
            }
        }
    }

    /// Ends the game when the Quest Chest is out or no hero is left inside.
    fn check_end(&mut self) {
        if self.outcome().is_some() {
            return;
        }
        if self.mission.goal != crate::mkd::mission::Goal::Quest {
            self.check_mission_end();
            return;
        }
        let quest_out = self
            .chests
            .iter()
            .any(|c| c.quest && c.place == ChestPlace::Out);
        // A thief that left with the Quest Chest (or a vortex that crushed
        // it) leaves nothing to win.
        let quest_gone = self
            .chests
            .iter()
            .any(|c| c.quest && c.place == ChestPlace::Lost);
        let anyone_left = self.heroes.iter().any(|h| {
            matches!(
                h.place,
                HeroPlace::At(_) | HeroPlace::Outside | HeroPlace::Below
            )
        });
        let outcome = if quest_out {
            Some(Outcome::Won)
        } else if !anyone_left || quest_gone {
            Some(Outcome::Lost)
        } else {
            None
        };
        if let Some(o) = outcome {
            self.phase = Phase::Over(o);
            let line = match o {
                Outcome::Won => "The Quest Chest is out of the dungeon: the heroes win!".to_string(),
                Outcome::Lost if quest_gone => "The Quest Chest is gone for good: the dungeon wins.".to_string(),
                Outcome::Lost => "No hero is left in the dungeon and the Quest Chest is still inside: the dungeon wins.".to_string(),
            };
            self.say(line);
            self.say(self.turn_banner());
        }
    }

    // ----- wandering monster tokens -----

    /// One token's activation: the movement roll, then the walk.
    fn wander(&mut self, i: usize) {
        let id = self.wmts[i].id.clone();
        let face = self.dice.d6(format!("{id}: movement"));
        let row = self.tables.wmt_movement.get(face).clone();
        let here = self.wmts[i].pos;
        let goal: Vec<Point> = match row.result {
            WmtMove::Stay => {
                self.say(format!("WMT {id} rolls {face}: {}", row.text));
                return;
            }
            WmtMove::GutFeeling => {
                let Some(h) =
                    self.nearest_hero_from(here, &self.wmt_mover(), &format!("{id}: nearest hero"))
                else {
                    self.say(format!(
                        "WMT {id} rolls {face}: {}, but no hero is in the dungeon; it stays",
                        row.text
                    ));
                    return;
                };
                let hp = self.heroes[h].pos().expect("in the dungeon");
                let tile = self.board.tile_at(hp);
                let goal: Vec<Point> = match tile {
                    Some(t) => self.board.tile_squares(t),
                    None => vec![hp],
                };
                self.say(format!(
                    "WMT {id} rolls {face}: {} — towards {}",
                    row.text, self.heroes[h].name
                ));
                goal
            }
            dir => {
                let side = match dir {
                    WmtMove::North => Side::N,
                    WmtMove::East => Side::E,
                    WmtMove::South => Side::S,
                    _ => Side::W,
                };
                let goal = self.direction_goal(here, side, &id);
                self.say(format!("WMT {id} rolls {face}: {}", row.text));
                goal
            }
        };
        self.walk_wmt(i, &goal);
    }

    /// Where a token heading `side` wants to go: the far tile of the chain of
    /// tiles beyond its own in that direction, or its own tile's edge.
    pub(crate) fn direction_goal(&mut self, from: Point, side: Side, id: &str) -> Vec<Point> {
        let Some(mut tile) = self.board.tile_at(from) else {
            return vec![from];
        };
        let start = tile;
        let mut seen = vec![tile];
        loop {
            let t = &self.board.tiles[tile];
            let beyond: Vec<usize> = self
                .board
                .neighbour_tiles(tile)
                .into_iter()
                .filter(|&u| !seen.contains(&u))
                .filter(|&u| {
                    let o = &self.board.tiles[u];
                    match side {
                        Side::N => o.y + o.height <= t.y && overlaps(o.x, o.width, t.x, t.width),
                        Side::S => o.y >= t.y + t.height && overlaps(o.x, o.width, t.x, t.width),
                        Side::W => o.x + o.width <= t.x && overlaps(o.y, o.height, t.y, t.height),
                        Side::E => o.x >= t.x + t.width && overlaps(o.y, o.height, t.y, t.height),
                    }
                })
                .collect();
            if beyond.is_empty() {
                break;
            }
            let labels: Vec<String> = beyond
                .iter()
                .map(|&u| self.board.tiles[u].label.clone())
                .collect();
            let k = self.dice.choose_d6(
                beyond.len(),
                format!("{id}: which tile {}", side_word(side)),
                |k| labels[k].clone(),
            );
            tile = beyond[k];
            seen.push(tile);
        }
        if tile != start {
            return self.board.tile_squares(tile);
        }
        // No tile that way: the edge of its own tile.
        let squares = self.board.tile_squares(tile);
        let key = |p: &Point| match side {
            Side::N => -p.y,
            Side::S => p.y,
            Side::W => -p.x,
            Side::E => p.x,
        };
        let best = squares.iter().map(key).max().unwrap_or(0);
        squares.into_iter().filter(|p| key(p) == best).collect()
    }

    /// The hero nearest a square by route (ties rolled).
    pub(crate) fn nearest_hero_from(
        &mut self,
        from: Point,
        mover: &Mover,
        why: &str,
    ) -> Option<usize> {
        let mut best: Vec<(u32, usize)> = Vec::new();
        for h in self.heroes_in_dungeon() {
            let hp = self.heroes[h].pos().expect("inside");
            let dist = self.board.distances_to(&[hp], mover, &|_| false);
            let d = self.board.idx(from).map_or(FAR, |i| dist[i]);
            best.push((d, h));
        }
        let min = best.iter().map(|b| b.0).min()?;
        let ties: Vec<usize> = best.iter().filter(|b| b.0 == min).map(|b| b.1).collect();
        let names: Vec<String> = ties.iter().map(|&h| self.heroes[h].name.clone()).collect();
        let k = self.dice.choose_d6(ties.len(), why, |k| names[k].clone());
        Some(ties[k])
    }

    /// Walks a token towards `goal` with its speed, shortest route, ties by
    /// d6, doors opened and closed behind; reveals when it comes near a hero.
    fn walk_wmt(&mut self, i: usize, goal: &[Point]) {
        let id = self.wmts[i].id.clone();
        let mover = self.wmt_mover();
        let me = self.wmts[i].pos;
        let dist = {
            let blocked = |p: Point| p != me && self.occupied(p);
            let d = self.board.distances_to(goal, &mover, &blocked);
            if self.board.idx(me).is_some_and(|i| d[i] != FAR) {
                d
            } else {
                // Figures block every way: close in as far as they allow.
                self.board.distances_to(goal, &mover, &|_| false)
            }
        };
        let mut left = self.rules().wmt_speed;
        let mut here = me;
        let mut path = Vec::new();
        let mut last_side = Side::N;
        loop {
            if goal.contains(&here) {
                break;
            }
            let mut next = self.board.downhill(here, &dist, &mover);
            next.retain(|&p| !self.occupied(p));
            if next.is_empty() {
                break;
            }
            let k = if next.len() > 1 {
                let names: Vec<String> = next
                    .iter()
                    .map(|&p| side_word(crate::mkd::play::board::side_towards(here, p)).to_string())
                    .collect();
                self.dice
                    .choose_d6(next.len(), format!("{id}: way round"), |k| names[k].clone())
            } else {
                0
            };
            let n = next[k];
            let cost = self.board.step_cost(here, n, &mover).unwrap_or(1);
            if cost > left {
                break;
            }
            left -= cost;
            if let Some(d) = self.board.door_between(here, n) {
                let was_open = self.board.doors[d].open;
                self.board.doors[d].open = false;
                path.push(format!(
                    "{}the door at {} and closes it behind",
                    if was_open { "passes " } else { "opens " },
                    fmt_point(n)
                ));
            }
            last_side = crate::mkd::play::board::side_towards(here, n);
            here = n;
            self.wmts[i].pos = n;
            path.push(fmt_point(n));
            if self.wmt_sees_hero(n) {
                break;
            }
        }
        let steps = path.iter().filter(|s| !s.contains("door")).count();
        if steps == 0 {
            self.say(format!(
                "WMT {id} cannot move and stays on {}",
                fmt_point(here)
            ));
        } else {
            let via = if path.len() > 1 {
                format!(" (via {})", path.join(", "))
            } else {
                String::new()
            };
            self.say(format!(
                "WMT {id} moves {steps} square{} to {}{via}",
                plural(steps as u32),
                fmt_point(here),
            ));
        }
        if self.wmt_sees_hero(here) {
            self.say(format!("WMT {id} comes upon the heroes"));
            self.reveal(i, Cause::Wandering(last_side));
        }
    }

    /// A token on `p` is in a hero's tile or next to a hero.
    fn wmt_sees_hero(&self, p: Point) -> bool {
        let tile = self.board.tile_at(p);
        self.heroes
            .iter()
            .filter_map(HeroState::pos)
            .any(|q| Board::adjacent(p, q) || (tile.is_some() && self.board.tile_at(q) == tile))
    }

    // ----- reveals -----

    /// Reveals token `i`: the 2d6 roll, the monsters chosen from the pool,
    /// their squares and facing. Returns the new monsters' indexes.
    pub(crate) fn reveal(&mut self, i: usize, cause: Cause) -> Vec<usize> {
        let w = self.wmts.remove(i);
        self.stats.wmts_revealed += 1;
        let bonus = if w.guardian {
            self.scenario.game.pools.guardian_reveal_bonus
        } else {
            self.scenario.game.pools.wmt_reveal_bonus
        };
        let dice_total = self.dice.roll(2, 6, format!("{}: reveal", w.id));
        let total = (dice_total + bonus).min(12);
        let bonus_text = if bonus > 0 {
            format!(
                " + {bonus} {} = {total}",
                if w.guardian {
                    "Guardian bonus"
                } else {
                    "pool bonus"
                }
            )
        } else {
            String::new()
        };
        let Some(r) = self.tables.reveal_for(w.color.name(), w.number, total) else {
            self.say(format!(
                "WMT {} is revealed: the tables have no row for it; it is removed",
                w.id
            ));
            return Vec::new();
        };
        if r.count == 0 {
            self.say(format!("WMT {} is revealed: rolled {dice_total}{bonus_text} — nothing; the token is removed", w.id));
            return Vec::new();
        }
        self.say(format!(
            "WMT {} is revealed: rolled {dice_total}{bonus_text} — {} monster{} worth {} points",
            w.id,
            r.count,
            plural(r.count),
            r.points
        ));
        let chosen = self.choose_monsters(r.count, r.points, &w.id);
        if chosen.is_empty() {
            self.say("no monster in the Monster Pool fits; the token is removed");
            return Vec::new();
        }
        let names: Vec<String> = chosen
            .iter()
            .map(|&e| self.monster_pool[e].name.clone())
            .collect();
        let value: u32 = chosen.iter().map(|&e| self.monster_pool[e].points).sum();
        self.say(format!(
            "from the Monster Pool: {} ({value} points)",
            names.join(", ")
        ));
        let placed = self.place_monsters(&chosen, w.pos, cause);
        if w.guardian {
            self.pick_kidnappee(&placed);
        }
        placed
    }

    /// Picks monsters from the pool for `count` monsters worth `points` in
    /// all, by the reveal rules (highest value that fits, ties by d6; the
    /// multiple-monster roll; the swarm rule). Returns pool indexes, with
    /// the pool counts already taken.
    pub(crate) fn choose_monsters(&mut self, count: u32, points: u32, id: &str) -> Vec<usize> {
        let eligible: Vec<usize> = (0..self.monster_pool.len())
            .filter(|&e| self.monster_pool[e].count > 0 && self.monster_pool[e].points <= points)
            .collect();
        if eligible.is_empty() {
            return Vec::new();
        }
        let max = eligible
            .iter()
            .map(|&e| self.monster_pool[e].points)
            .max()
            .unwrap_or(0);
        let mut chosen = Vec::new();
        if u64::from(max) * 2 < u64::from(points) {
            // Swarm: as many as it takes to come close to the value.
            self.say(format!(
                "swarm: no eligible monster is worth half of {points} (the best is {max}); the pool fills the value"
            ));
            let mut left = points;
            while let Some(e) = self.best_fit(left, &format!("{id}: swarm tie")) {
                left -= self.monster_pool[e].points;
                self.monster_pool[e].count -= 1;
                chosen.push(e);
                if chosen.len() >= 20 {
                    break;
                }
            }
            return chosen;
        }
        if count <= 1 {
            if let Some(e) = self.best_fit(points, &format!("{id}: tie between equal monsters")) {
                self.monster_pool[e].count -= 1;
                chosen.push(e);
            }
            return chosen;
        }
        let face = self.dice.d6(format!("{id}: multiple-monster reveal"));
        let row = self.tables.multiple_reveal.get(face).clone();
        self.say(format!(
            "{count} monsters share the reveal: rolled {face} — {}",
            row.text
        ));
        match row.result {
            MultiReveal::SameKind => {
                let kinds: Vec<usize> = (0..self.monster_pool.len())
                    .filter(|&e| {
                        let m = &self.monster_pool[e];
                        m.count >= count && m.points * count <= points
                    })
                    .collect();
                if let Some(best) = kinds.iter().map(|&e| self.monster_pool[e].points).max() {
                    let ties: Vec<usize> = kinds
                        .into_iter()
                        .filter(|&e| self.monster_pool[e].points == best)
                        .collect();
                    let names: Vec<String> = ties
                        .iter()
                        .map(|&e| self.monster_pool[e].name.clone())
                        .collect();
                    let k = self.dice.choose_d6(
                        ties.len(),
                        format!("{id}: tie between equal kinds"),
                        |k| names[k].clone(),
                    );
                    let e = ties[k];
                    self.monster_pool[e].count -= count;
                    return vec![e; count as usize];
                }
                self.say(
                    "no kind in the pool has enough figures; the value is shared evenly instead",
                );
                self.even_split(count, points, id)
            }
            MultiReveal::Leader => {
                let cheapest = eligible
                    .iter()
                    .map(|&e| self.monster_pool[e].points)
                    .min()
                    .unwrap_or(0);
                let room = points.saturating_sub(cheapest * (count - 1));
                let mut chosen = Vec::new();
                if let Some(e) = self.best_fit(room, &format!("{id}: tie for the leader")) {
                    self.monster_pool[e].count -= 1;
                    chosen.push(e);
                }
                let spent: u32 = chosen.iter().map(|&e| self.monster_pool[e].points).sum();
                chosen.extend(self.even_split(count - chosen.len() as u32, points - spent, id));
                chosen
            }
            MultiReveal::Even => self.even_split(count, points, id),
        }
    }

    fn even_split(&mut self, count: u32, points: u32, id: &str) -> Vec<usize> {
        let mut chosen = Vec::new();
        let mut left = points;
        for k in 0..count {
            let share = left / (count - k);
            let Some(e) = self.best_fit(share.max(1), &format!("{id}: tie between equal monsters"))
            else {
                break;
            };
            left -= self.monster_pool[e].points.min(left);
            self.monster_pool[e].count -= 1;
            chosen.push(e);
        }
        chosen
    }

    /// The highest-valued pool monster worth at most `limit` (ties by d6).
    fn best_fit(&mut self, limit: u32, why: &str) -> Option<usize> {
        let best = self
            .monster_pool
            .iter()
            .filter(|m| m.count > 0 && m.points <= limit)
            .map(|m| m.points)
            .max()?;
        let ties: Vec<usize> = (0..self.monster_pool.len())
            .filter(|&e| self.monster_pool[e].count > 0 && self.monster_pool[e].points == best)
            .collect();
        let names: Vec<String> = ties
            .iter()
            .map(|&e| self.monster_pool[e].name.clone())
            .collect();
        let k = self.dice.choose_d6(ties.len(), why, |k| names[k].clone());
        Some(ties[k])
    }

    /// Puts revealed monsters on the board: the first on the token's square,
    /// the rest next to it (squares by d6), facing as the rules say.
    pub(crate) fn place_monsters(
        &mut self,
        chosen: &[usize],
        at: Point,
        cause: Cause,
    ) -> Vec<usize> {
        let mut placed = Vec::new();
        let mut first = at;
        for (k, &e) in chosen.iter().enumerate() {
            let spot = if k == 0 && !self.occupied(at) && self.board.passable(at) {
                Some(at)
            } else {
                let around: Vec<Point> = all_around(first)
                    .into_iter()
                    .filter(|&q| self.board.passable(q) && !self.occupied(q))
                    .collect();
                if around.is_empty() {
                    self.free_square_near(first)
                } else {
                    let names: Vec<String> = around.iter().map(|&q| fmt_point(q)).collect();
                    let k = self
                        .dice
                        .choose_d6(around.len(), "square for the next monster", |k| {
                            names[k].clone()
                        });
                    Some(around[k])
                }
            };
            let Some(spot) = spot else {
                self.monster_pool[e].count += 1;
                self.say(format!(
                    "no room for {}; it goes back to the pool",
                    self.monster_pool[e].name
                ));
                continue;
            };
            if k == 0 {
                first = spot;
            }
            let entry = self.monster_pool[e].clone();
            let facing = match cause {
                Cause::Wandering(side) => side,
                _ => self.random_direction(&format!("{} facing", entry.name)),
            };
            let stats = entry
                .stats
                .unwrap_or(*self.tables.profile_for(entry.points));
            let base = slug(&entry.name);
            let n = self
                .monsters
                .iter()
                .filter(|m| m.name == entry.name)
                .count()
                + 1;
            // Pool entries hold names the loaders checked; play reads them here.
            let abilities: Vec<Ability> = entry
                .abilities
                .iter()
                .filter_map(|a| Ability::parse(a))
                .collect();
            let nimble = abilities
                .iter()
                .any(|&a| a == Ability::Nimble || a == Ability::Stealth);
            let demoralized = abilities.contains(&Ability::Demoralized);
            let m = MonsterState {
                id: format!("{base}-{n}"),
                name: entry.name.clone(),
                points: entry.points,
                abilities,
                stats,
                pos: Some(spot),
                facing,
                wounds: 0,
                surprised: !nimble,
                mode: MonsterMode::Hunt,
                carrying: None,
                demoralized,
                held: 0,
            };
            self.say(format!(
                "{} appears on {} facing {}{}",
                m.id,
                fmt_point(spot),
                side_word(facing),
                if m.surprised {
                    " (surprised)"
                } else {
                    " (not surprised: Nimble/Stealth)"
                }
            ));
            self.monsters.push(m);
            self.stats.monsters_revealed += 1;
            placed.push(self.monsters.len() - 1);
        }
        placed
    }

    /// A random compass direction by the directions table (1–4, re-rolling 5–6).
    pub(crate) fn random_direction(&mut self, why: &str) -> Side {
        for _ in 0..100 {
            let face = self.dice.d6(why.to_string());
            match self.tables.directions.get(face).result {
                Direction::North => return Side::N,
                Direction::East => return Side::E,
                Direction::South => return Side::S,
                Direction::West => return Side::W,
                Direction::Reroll => continue,
            }
        }
        Side::N
    }

    // ----- status and map -----

    /// The `status` lines.
    pub fn status(&self) -> Vec<String> {
        let mut v = vec![format!(
            "{}{}; experience pool {} ({} spent); chest pool {:?}; WMT pool {} token(s)",
            self.turn_text(),
            self.floor_text(),
            self.xp - self.xp_spent,
            self.xp_spent,
            self.chest_pool,
            self.wmt_pool.len()
        )];
        for h in &self.heroes {
            let place = match h.place {
                HeroPlace::Outside => "outside".to_string(),
                HeroPlace::At(p) => format!("on {}", fmt_point(p)),
                HeroPlace::Escaped => "escaped".into(),
                HeroPlace::Slain => "slain".into(),
                HeroPlace::Below => "gone down the stairs".into(),
            };
            let chests: Vec<&str> = h
                .chests
                .iter()
                .map(|&c| self.chests[c].id.as_str())
                .collect();
            v.push(format!(
                "hero {} ({}): {place}, wounds {}/{}, speed used {}{}{}",
                h.name,
                self.party.teams[h.team].player,
                h.wounds.min(h.stats.wounds),
                h.stats.wounds,
                h.spent,
                if h.levels > 0 {
                    format!(", +{} level{}", h.levels, plural(h.levels))
                } else {
                    String::new()
                },
                if chests.is_empty() {
                    String::new()
                } else {
                    format!(", carries {}", chests.join(", "))
                }
            ));
        }
        for w in &self.wmts {
            v.push(format!(
                "WMT {} on {}{}",
                w.id,
                fmt_point(w.pos),
                if w.guardian { " (Guardian)" } else { "" }
            ));
        }
        for m in self.monsters.iter().filter(|m| m.active()) {
            v.push(format!(
                "monster {} ({} pts) on {} facing {}, wounds {}/{}{}",
                m.id,
                m.points,
                fmt_point(m.pos.expect("active")),
                side_word(m.facing),
                m.wounds,
                m.stats.wounds,
                if m.surprised { ", surprised" } else { "" }
            ));
        }
        v.extend(self.mission_status());
        for c in &self.chests {
            let place = match c.place {
                ChestPlace::At(p) => format!("on {}", fmt_point(p)),
                ChestPlace::Hero(h) => format!("carried by {}", self.heroes[h].name),
                ChestPlace::Monster(m) => format!("carried by {}", self.monsters[m].id),
                ChestPlace::Out => "out of the dungeon".into(),
                ChestPlace::Lost => "lost".into(),
            };
            v.push(format!(
                "{} (level {}): {place}{}",
                c.id,
                c.level,
                if c.open { ", open" } else { "" }
            ));
        }
        v
    }

    /// The `map` lines: the grid with rulers and figures.
    pub fn ascii_map(&self) -> Vec<String> {
        let (x0, y0, x1, y1) = self.board.extent();
        let mut v = Vec::new();
        let tens: String = (x0..=x1)
            .map(|x| {
                if x.rem_euclid(10) == 0 {
                    char::from(b'0' + (x.rem_euclid(100) / 10) as u8)
                } else {
                    ' '
                }
            })
            .collect();
        let ones: String = (x0..=x1)
            .map(|x| char::from(b'0' + x.rem_euclid(10) as u8))
            .collect();
        v.push(format!("    {tens}"));
        v.push(format!("    {ones}"));
        for y in y0..=y1 {
            let mut row = String::new();
            for x in x0..=x1 {
                let p = Point { x, y };
                let c = if let Some(h) = self.hero_at(p) {
                    self.heroes[h]
                        .name
                        .chars()
                        .next()
                        .unwrap_or('@')
                        .to_ascii_uppercase()
                } else if self.prisoner_square() == Some(p) {
                    'P'
                } else if let Some(m) = self.monster_at(p) {
                    self.monsters[m]
                        .name
                        .chars()
                        .next()
                        .unwrap_or('m')
                        .to_ascii_lowercase()
                } else if let Some(t) = self.wmts.iter().find(|t| t.pos == p) {
                    if t.guardian { 'G' } else { 'W' }
                } else if let Some(c) = self.chest_at(p) {
                    if self.chests[c].quest { 'Q' } else { '$' }
                } else if let Some(mk) = self.markers.iter().find(|m| m.pos == p) {
                    match mk.kind {
                        crate::mkd::play::board::MarkerKind::Teleporter => 'T',
                        crate::mkd::play::board::MarkerKind::Vortex => 'V',
                        crate::mkd::play::board::MarkerKind::Staircase => 'S',
                    }
                } else if !self.board.doors_at(p).is_empty() {
                    if self
                        .board
                        .doors_at(p)
                        .iter()
                        .any(|&d| self.board.doors[d].open)
                    {
                        '/'
                    } else {
                        '+'
                    }
                } else if self.board.is_entrance(p) {
                    'E'
                } else {
                    match self.board.cell(p) {
                        crate::tileset::Cell::Void => ' ',
                        c => c.to_char(),
                    }
                };
                row.push(c);
            }
            v.push(format!("{y:>3} {}", row.trim_end()));
        }
        let mut key = "key: capital = hero, small = monster, W = token, G = Guardian, Q = Quest Chest, $ = chest, + / = door shut/open, E = entrance, T teleporter, V vortex".to_string();
        if self
            .markers
            .iter()
            .any(|m| m.kind == crate::mkd::play::board::MarkerKind::Staircase)
        {
            key += ", S staircase";
        }
        v.push(key);
        if self.prisoner_square().is_some() {
            v.push("P = the prisoner (rescue mission)".into());
        }
        v
    }

    /// The tile kind of a tile index.
    pub(crate) fn tile_kind(&self, t: usize) -> TileKind {
        self.board.tiles[t].kind
    }
}

/// The id of the `n`-th token (from 0) of one colour and number: `blue-4`,
/// `blue-4-b` … `blue-4-z`, then `blue-4-26`, `blue-4-27` …
pub(crate) fn token_id(base: &str, n: usize) -> String {
    match n {
        0 => base.to_string(),
        1..=25 => format!("{base}-{}", char::from(b'a' + n as u8)),
        _ => format!("{base}-{n}"),
    }
}

pub(crate) fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

pub(crate) fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Won => "the heroes won",
        Outcome::Lost => "the heroes lost",
    }
}

fn overlaps(a: i32, alen: i32, b: i32, blen: i32) -> bool {
    a < b + blen && b < a + alen
}
