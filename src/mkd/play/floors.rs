//! Timed and split-up missions, and multi-floor dungeons, in play.
//!
//! # Timed
//!
//! The heroes have turns 1 to N (`turn_limit`; for a multi-floor dungeon the
//! dungeon's limit, counted over all floors). The limit bites at the end of
//! turn N, after the dungeon's own phases: if the goal is not out of the
//! dungeon by then, the heroes lose. Carrying the goal out during turn N
//! still wins, since the game ends the moment it is out.
//!
//! # Split-up
//!
//! Half the heroes come in at the second entrance (a staircase marker in a
//! hallway), the others at the normal entrance. With two or more teams, whole
//! teams split: the first half of the teams (rounded up) at the entrance, the
//! rest at the second entrance. With one team, its first half of the heroes
//! (rounded up) use the entrance and the rest the second entrance. A hero
//! enters only where their group starts. Either entrance is a way out for
//! everyone, heroes and monsters alike (stepping out costs 1 speed point
//! from either), and the goal carried out of either wins. Monsters making
//! for an exit (thieves, those fetching help, demoralized ones) take the
//! nearer one by route. A monster that left by the second entrance for help
//! comes back in there.
//!
//! # Multi-floor
//!
//! Every floor but the last has a staircase down. A hero standing on it
//! uses it for 3 speed points (`Ayla takes the stairs`), unless a monster is
//! in the staircase's tile; the hero leaves the floor, with wounds and
//! chests, and waits below. When no hero is left on the floor (all went
//! down, left or fell) and at least one waits below, the floor is done: the
//! turn ends there (the abandoned floor gets no dungeon phase), and the next
//! turn begins on the next floor with those heroes outside its entrance, as
//! at the start of a game (floor-wide things start afresh: tokens, pools,
//! visited tiles; the shared experience, hero levels, wounds and carried
//! chests go on). Chests left on a finished floor, or carried off by its
//! monsters, are lost with it. Each floor's entrance leads out of the whole
//! dungeon: a hero who leaves by it is out for good. Monsters fetching help
//! may go down the stairs as well as out of an entrance (whichever is
//! nearer), and come back up the same stairs; going down costs them the
//! same 3 speed points. Only the last floor holds the goal. A token that
//! answers the reinforcements roll still comes in at the main entrance.
//! The staircases turn with their tile when a vortex turns it.

use crate::mkd::floors::Dungeon;
use crate::mkd::play::board::{MarkerKind, fmt_point, side_word};
use crate::mkd::play::engine::{Game, GameOptions};
use crate::mkd::play::party::Party;
use crate::mkd::play::state::*;
use crate::mkd::scenario::Scenario;
use crate::mkd::tables::Tables;
use crate::scenario::Point;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What timed, split-up and multi-floor play add to a game.
#[derive(Debug, Clone, Default)]
pub struct FloorPlay {
    /// All the floors of a multi-floor dungeon (`None`: a single scenario).
    pub(crate) plan: Option<Arc<Dungeon>>,
    /// The floor being played, from 0 (the top floor).
    pub(crate) floor: usize,
    /// Timed missions: the last turn the heroes have.
    pub(crate) turn_limit: Option<u32>,
    /// Split-up missions: the second entrance's square.
    pub(crate) second_entrance: Option<Point>,
    /// The staircase down on this floor.
    pub(crate) stairs: Option<Point>,
    /// By hero index: does the hero come in at the second entrance?
    pub(crate) second_party: Vec<bool>,
    /// Monsters away for help, by the square they left from (second
    /// entrance or stairs; they come back there).
    pub(crate) left_by: BTreeMap<usize, Point>,
}

/// What is played: one scenario, or a multi-floor dungeon.
#[derive(Debug, Clone)]
pub enum Adventure {
    /// A single scenario (`scenario.yaml`).
    Scenario(Arc<Scenario>),
    /// A multi-floor dungeon (`dungeon.yaml` and its floors).
    Dungeon(Arc<Dungeon>),
}

impl Adventure {
    /// A new game of it.
    pub fn new_game(&self, party: Arc<Party>, tables: Arc<Tables>, opts: GameOptions) -> Game {
        match self {
            Adventure::Scenario(s) => Game::new(s.clone(), party, tables, opts),
            Adventure::Dungeon(d) => Game::new_dungeon(d.clone(), party, tables, opts),
        }
    }

    /// The scenario the heroes start in (a dungeon's top floor).
    pub fn first_scenario(&self) -> &Arc<Scenario> {
        match self {
            Adventure::Scenario(s) => s,
            Adventure::Dungeon(d) => &d.floors[0],
        }
    }

    /// The master seed (the default seed of the play dice).
    pub fn seed(&self) -> u64 {
        match self {
            Adventure::Scenario(s) => s.seed,
            Adventure::Dungeon(d) => d.file.seed,
        }
    }

    /// A scenario, or a multi-floor dungeon (told apart by its `format:`
    /// line), from the text of the file at `path`; with the digest a save
    /// keeps (for a dungeon, over it and every floor file). Errors are one
    /// line naming the file.
    pub fn from_text(text: &str, path: &std::path::Path) -> Result<(Adventure, String), String> {
        if crate::mkd::floors::is_dungeon_text(text) {
            if text.len() as u64 > crate::mkd::floors::MAX_DUNGEON_BYTES {
                return Err(format!(
                    "{}: file is {} bytes; a dungeon.yaml may be at most {} bytes",
                    path.display(),
                    text.len(),
                    crate::mkd::floors::MAX_DUNGEON_BYTES
                ));
            }
            let d = crate::mkd::floors::dungeon_from_text(text, path).map_err(|e| e.to_string())?;
            let digest = d.digest.clone();
            return Ok((Adventure::Dungeon(Arc::new(d)), digest));
        }
        let digest = crate::mkd::play::session::digest(text.as_bytes());
        let s = crate::mkd::scenario::from_yaml(text, &path.display().to_string())
            .map_err(|e| e.to_string())?;
        Ok((Adventure::Scenario(Arc::new(s)), digest))
    }
}

/// Which heroes (by index, team after team) start at the second entrance.
pub fn second_party(party: &Party) -> Vec<bool> {
    let teams = party.teams.len();
    let mut v = Vec::new();
    if teams >= 2 {
        let first = teams.div_ceil(2);
        for (t, team) in party.teams.iter().enumerate() {
            v.extend(team.heroes.iter().map(|_| t >= first));
        }
    } else {
        let n: usize = party.teams.iter().map(|t| t.heroes.len()).sum();
        let first = n.div_ceil(2);
        v.extend((0..n).map(|i| i >= first));
    }
    v
}

impl FloorPlay {
    /// The extras of a single scenario (one floor, or the top floor of a
    /// dungeon before [`Game::new_dungeon`] fills in the rest).
    pub(crate) fn for_scenario(s: &Scenario, party: &Party) -> FloorPlay {
        let second_entrance = s.game.second_entrance.map(|sp| Point { x: sp.x, y: sp.y });
        FloorPlay {
            plan: None,
            floor: 0,
            turn_limit: s.game.turn_limit,
            second_entrance,
            stairs: s.game.staircase.map(|sp| Point { x: sp.x, y: sp.y }),
            second_party: if second_entrance.is_some() {
                second_party(party)
            } else {
                Vec::new()
            },
            left_by: BTreeMap::new(),
        }
    }
}

impl Game {
    /// Sets up a multi-floor dungeon: the top floor, heroes outside its
    /// entrance; the later floors are played as the heroes go down.
    pub fn new_dungeon(
        dungeon: Arc<Dungeon>,
        party: Arc<Party>,
        tables: Arc<Tables>,
        opts: GameOptions,
    ) -> Game {
        let mut g = Game::new(dungeon.floors[0].clone(), party, tables, opts);
        let timed =
            crate::mkd::mission::Mission::parse(&dungeon.file.mission).is_ok_and(|m| m.timed);
        g.floors.turn_limit = if timed {
            dungeon.file.turn_limit.or(g.floors.turn_limit)
        } else {
            None
        };
        g.floors.plan = Some(dungeon);
        g
    }

    /// Lays the staircase markers of the floor (stairs down, second
    /// entrance), so nothing found later is put on them and the map shows
    /// them.
    pub(crate) fn lay_floor_markers(&mut self) {
        let s = self.scenario.clone();
        for sp in [s.game.second_entrance, s.game.staircase]
            .into_iter()
            .flatten()
        {
            self.markers.push(PlacedMarker {
                kind: MarkerKind::Staircase,
                pos: Point { x: sp.x, y: sp.y },
                tile: sp.tile,
            });
        }
    }

    /// `(floor, of)` in a multi-floor dungeon, from 1.
    pub fn floor_number(&self) -> Option<(u32, u32)> {
        let plan = self.floors.plan.as_ref()?;
        Some((self.floors.floor as u32 + 1, plan.len() as u32))
    }

    /// The last turn of a timed mission.
    pub fn turn_limit(&self) -> Option<u32> {
        self.floors.turn_limit
    }

    /// `turn 5`, or `turn 5 of 24` on a timed mission.
    pub(crate) fn turn_text(&self) -> String {
        match self.floors.turn_limit {
            Some(n) => format!("turn {} of {n}", self.turn),
            None => format!("turn {}", self.turn),
        }
    }

    /// `, floor 1 of 2` in a multi-floor dungeon, else nothing.
    pub(crate) fn floor_text(&self) -> String {
        match self.floor_number() {
            Some((f, n)) => format!(", floor {f} of {n}"),
            None => String::new(),
        }
    }

    /// The intro lines the mission adds (none for a plain one-floor quest).
    pub(crate) fn floors_intro(&self) -> Vec<String> {
        let mut v = Vec::new();
        if let Some((f, n)) = self.floor_number() {
            v.push(format!(
                "multi-floor dungeon: floor {f} of {n}; the goal is on floor {n}; each floor's entrance leads out of the whole dungeon"
            ));
        }
        if let Some(p) = self.floors.stairs {
            v.push(self.stairs_line(p));
        }
        if let Some(n) = self.floors.turn_limit {
            v.push(format!(
                "timed mission: {n} turns; the goal must be out of the dungeon by the end of turn {n}"
            ));
        }
        if let Some(p) = self.floors.second_entrance {
            let names: Vec<&str> = (0..self.heroes.len())
                .filter(|&h| self.starts_second(h))
                .map(|h| self.heroes[h].name.as_str())
                .collect();
            v.push(format!(
                "split up: a second entrance (staircase) on {}{}; {} start there, the others at the entrance; either is a way out",
                fmt_point(p),
                self.board
                    .tile_at(p)
                    .map(|t| format!(" in {}", self.board.tiles[t].label))
                    .unwrap_or_default(),
                names.join(", ")
            ));
        }
        v
    }

    fn stairs_line(&self, p: Point) -> String {
        let (f, _) = self.floor_number().unwrap_or((1, 2));
        format!(
            "stairs down to floor {} on {}{} (3 speed points to use; not with a monster in that tile)",
            f + 1,
            fmt_point(p),
            self.board
                .tile_at(p)
                .map(|t| format!(" in {}", self.board.tiles[t].label))
                .unwrap_or_default()
        )
    }

    /// Does hero `h` come in at the second entrance?
    pub(crate) fn starts_second(&self, h: usize) -> bool {
        self.floors.second_entrance.is_some()
            && self.floors.second_party.get(h).copied().unwrap_or(false)
    }

    /// The squares hero `h` may come in by from outside.
    pub(crate) fn entry_squares(&self, h: usize) -> Vec<Point> {
        match self.floors.second_entrance {
            Some(p) if self.starts_second(h) => vec![p],
            _ => self.board.entrance.clone(),
        }
    }

    /// The squares a hero may leave the dungeon from: the entrance and, on a
    /// split-up mission, the second entrance.
    pub(crate) fn exit_squares(&self) -> Vec<Point> {
        let mut v = self.board.entrance.clone();
        v.extend(self.floors.second_entrance);
        v
    }

    /// Can a figure step out of the dungeon from `p`?
    pub(crate) fn is_exit(&self, p: Point) -> bool {
        self.board.is_entrance(p) || self.floors.second_entrance == Some(p)
    }

    /// Where a monster making for the way out may go: the exits, and (when
    /// it is fetching help) the stairs down too.
    pub(crate) fn monster_exits(&self, for_help: bool) -> Vec<Point> {
        let mut v = self.exit_squares();
        if for_help {
            v.extend(self.floors.stairs);
        }
        v
    }

    /// The speed it costs to step out of the dungeon (or down) from `p`.
    pub(crate) fn way_out_cost(&self, p: Point) -> u32 {
        if self.floors.stairs == Some(p) {
            self.rules().staircase
        } else {
            1
        }
    }

    /// `Ayla takes the stairs`: 3 speed points on the staircase, no monster
    /// in its tile; the hero waits on the next floor.
    pub(crate) fn hero_stairs(&mut self, h: usize) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let Some(stairs) = self.floors.stairs else {
            return Err("there are no stairs down on this floor".into());
        };
        if self.floors.plan.is_none() {
            let (f, n) = self
                .scenario
                .game
                .floor
                .map_or((1, 2), |f| (f.number, f.of));
            return Err(format!(
                "this scenario is floor {f} of {n} played on its own, so there is nothing below; play the dungeon's dungeon.yaml to go down"
            ));
        }
        let Some(p) = self.heroes[h].pos() else {
            return Err(format!("{name} is not in the dungeon"));
        };
        if p != stairs {
            return Err(format!(
                "{name} must stand on the staircase ({}) to go down",
                fmt_point(stairs)
            ));
        }
        let tile = self.board.tile_at(stairs);
        let near: Vec<String> = self
            .monsters
            .iter()
            .filter(|m| {
                m.pos
                    .is_some_and(|q| tile.is_some() && self.board.tile_at(q) == tile)
            })
            .map(|m| m.id.clone())
            .collect();
        if !near.is_empty() {
            return Err(format!(
                "{name} cannot use the staircase while a monster is in {} ({})",
                tile.map(|t| self.board.tiles[t].label.clone())
                    .unwrap_or_default(),
                near.join(", ")
            ));
        }
        let cost = self.rules().staircase;
        self.spend(h, cost, "using the staircase")?;
        self.heroes[h].place = HeroPlace::Below;
        self.heroes[h].done = true;
        let (f, _) = self.floor_number().unwrap_or((1, 2));
        let carried: Vec<String> = self.heroes[h]
            .chests
            .iter()
            .map(|&c| self.chests[c].id.clone())
            .collect();
        self.say(format!(
            "{name} goes down the stairs{} ({cost} speed) and waits on floor {}",
            if carried.is_empty() {
                String::new()
            } else {
                format!(" carrying {}", carried.join(" and "))
            },
            f + 1
        ));
        Ok(())
    }

    /// Is this floor done: nobody left on it, and someone waiting below?
    pub(crate) fn floor_done(&self) -> bool {
        let Some(plan) = &self.floors.plan else {
            return false;
        };
        self.floors.floor + 1 < plan.len()
            && self.heroes.iter().any(|h| h.place == HeroPlace::Below)
            && !self
                .heroes
                .iter()
                .any(|h| matches!(h.place, HeroPlace::At(_) | HeroPlace::Outside))
    }

    /// After each command: a floor just emptied ends the turn at once (the
    /// next floor begins with the next turn).
    pub(crate) fn floors_after_command(&mut self) {
        if self.outcome().is_none() && self.floor_done() {
            self.next_turn();
        }
    }

    /// The end of a turn: the timer, the floor change, then the next turn's
    /// heroes.
    pub(crate) fn next_turn(&mut self) {
        self.active_hero = None;
        if let Some(n) = self.floors.turn_limit
            && self.turn >= n
            && self.outcome().is_none()
        {
            self.phase = Phase::Over(Outcome::Lost);
            self.say(format!(
                "Time is up: turn {} of {n} is over and the goal is not out of the dungeon: the dungeon wins.",
                self.turn
            ));
            let banner = self.turn_banner();
            self.say(banner);
            return;
        }
        if self.floor_done() {
            self.next_floor();
        }
        self.turn += 1;
        for hero in &mut self.heroes {
            hero.spent = 0;
            hero.done = false;
            hero.held = hero.held.saturating_sub(1);
        }
        self.phase = Phase::Heroes(0);
        let banner = self.turn_banner();
        self.say(banner);
    }

    /// Leaves the finished floor for the next one.
    fn next_floor(&mut self) {
        let Some(plan) = self.floors.plan.clone() else {
            return;
        };
        let (f, n) = self.floor_number().unwrap_or((1, 1));
        let next = self.floors.floor + 1;
        let scenario = plan.floors[next].clone();
        self.say(format!(
            "-- floor {f} is done: the heroes below go on to floor {} of {n} --",
            f + 1
        ));
        // What stays behind is lost with the floor.
        for c in 0..self.chests.len() {
            let keep = match self.chests[c].place {
                ChestPlace::Hero(h) => self.heroes[h].place == HeroPlace::Below,
                ChestPlace::Out | ChestPlace::Lost => true,
                ChestPlace::At(_) | ChestPlace::Monster(_) => false,
            };
            if !keep {
                self.chests[c].place = ChestPlace::Lost;
                let id = self.chests[c].id.clone();
                self.say(format!("{id} stays behind on floor {f} and is lost"));
            }
        }
        let fresh = Game::new(
            scenario.clone(),
            self.party.clone(),
            self.tables.clone(),
            self.opts,
        );
        for mut c in fresh.chests {
            if !c.quest {
                c.id = format!("chest-{}", self.chests.len() + 1);
            }
            self.chests.push(c);
        }
        self.board = fresh.board;
        self.wmts = fresh.wmts;
        self.monsters.clear();
        self.fallen.clear();
        self.markers.clear();
        self.chest_pool = fresh.chest_pool;
        self.wmt_pool = fresh.wmt_pool;
        self.monster_pool = fresh.monster_pool;
        self.doors_left = fresh.doors_left;
        self.terrain_left = fresh.terrain_left;
        self.furnishings_left = fresh.furnishings_left;
        self.visited.clear();
        self.team_order = fresh.team_order;
        // The mission's goal (prisoner, chest hunters, kidnappee) lives on
        // the last floor only.
        self.mission = fresh.mission;
        self.scenario = scenario;
        let limit = self.floors.turn_limit;
        self.floors = FloorPlay {
            plan: Some(plan),
            floor: next,
            turn_limit: limit,
            second_entrance: None,
            stairs: fresh.floors.stairs,
            second_party: Vec::new(),
            left_by: BTreeMap::new(),
        };
        self.lay_floor_markers();
        let facing = self.board.entrance_side.opposite();
        let mut below = Vec::new();
        for h in &mut self.heroes {
            if h.place == HeroPlace::Below {
                h.place = HeroPlace::Outside;
                h.facing = facing;
                below.push(h.name.clone());
            }
        }
        let s = self.scenario.clone();
        let central = self.board.tiles[self.board.central].label.clone();
        self.say(format!(
            "floor {} of {n}: scenario seed {}, {} tiles, Central Chamber {central}",
            f + 1,
            s.seed,
            s.tiles.len(),
        ));
        let line = format!(
            "entrance at {} ({} side of {}); waiting outside: {}",
            fmt_point(self.board.entrance[0]),
            side_word(self.board.entrance_side),
            self.board.tiles[s.entrance.tile].label,
            below.join(", ")
        );
        self.say(line);
        if let Some(p) = self.floors.stairs {
            let line = self.stairs_line(p);
            self.say(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::engine::CombatMode;
    use crate::mkd::play::testkit::*;
    use crate::scenario::Spot;
    use crate::tileset::Side;

    fn opts(seed: u64) -> GameOptions {
        GameOptions {
            seed,
            combat: CombatMode::Manual,
        }
    }

    fn game_of(s: Scenario, seed: u64) -> Game {
        let mut g = Game::new(
            Arc::new(s),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            opts(seed),
        );
        g.out.clear();
        g
    }

    fn dungeon_game(seed: u64) -> Game {
        let (file, floors) = two_floors();
        let d = Dungeon::new(file, floors, "test").expect("a good dungeon");
        let mut g = Game::new_dungeon(
            Arc::new(d),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            opts(seed),
        );
        g.out.clear();
        g
    }

    fn ok(g: &mut Game, line: &str) -> Vec<String> {
        match g.apply(line) {
            Ok(v) => v,
            Err(e) => panic!("`{line}` refused: {e}\n{}", transcript(g)),
        }
    }

    fn quest_scenario() -> Scenario {
        let mut s = scenario(Vec::new());
        s.game.chests[0].quest = true;
        s
    }

    // ------------------------------------------------------------ timed

    #[test]
    fn timed_the_goal_out_on_the_last_turn_wins() {
        let mut s = quest_scenario();
        s.game.turn_limit = Some(2);
        let mut g = game_of(s, 1);
        assert!(g.intro().iter().any(|l| l.contains("== turn 1 of 2:")));
        assert!(g.status()[0].starts_with("turn 1 of 2;"));
        // The chest is next to a hero; no tokens, so nothing interferes.
        put_hero(&mut g, 0, p(21, 7), Side::E);
        ok(&mut g, "Ayla opens chest at 22,7");
        ok(&mut g, "end turn");
        assert_eq!(g.turn, 2);
        put_hero(&mut g, 0, p(1, 3), Side::W);
        ok(&mut g, "Ayla moves to 0,3");
        let out = ok(&mut g, "Ayla leaves");
        assert_eq!(g.outcome(), Some(Outcome::Won), "{out:?}");
    }

    #[test]
    fn timed_the_limit_passing_loses_with_a_clear_line() {
        let mut s = quest_scenario();
        s.game.turn_limit = Some(2);
        let mut g = game_of(s, 1);
        ok(&mut g, "end turn");
        assert_eq!(g.outcome(), None);
        let out = ok(&mut g, "end turn");
        assert_eq!(g.outcome(), Some(Outcome::Lost));
        assert!(
            out.iter()
                .any(|l| l.starts_with("Time is up: turn 2 of 2 is over")),
            "{out:?}"
        );
        assert!(g.apply("Ayla moves to 1,3").is_err());
    }

    #[test]
    fn untimed_games_show_plain_turns() {
        let mut g = game_of(quest_scenario(), 1);
        assert!(g.intro().iter().any(|l| l == "== turn 1: Ann's heroes =="));
        for _ in 0..30 {
            ok(&mut g, "end turn");
        }
        assert_eq!(g.outcome(), None);
    }

    // ------------------------------------------------------------ split-up

    fn split_scenario() -> Scenario {
        let mut s = quest_scenario();
        s.game.mission = "quest+split-up".into();
        // The second entrance in the narrow corridor of hallway H1.
        s.game.second_entrance = Some(Spot {
            x: 12,
            y: 3,
            tile: 1,
        });
        s
    }

    #[test]
    fn split_up_the_second_half_starts_at_the_second_entrance() {
        let mut g = game_of(split_scenario(), 1);
        assert!(
            g.intro()
                .iter()
                .any(|l| l.contains("second entrance (staircase) on 12,3 in H1; Borin start there")),
            "{:?}",
            g.intro()
        );
        assert_eq!(g.entry_squares(0), g.board.entrance);
        assert_eq!(g.entry_squares(1), vec![p(12, 3)]);
        // Borin comes in at 12,3: one step onto it, then two east.
        ok(&mut g, "Borin moves to 14,3");
        assert_eq!(g.heroes[1].pos(), Some(p(14, 3)));
        assert_eq!(g.heroes[1].spent, 3);
        // Ayla comes in at the west entrance.
        ok(&mut g, "Ayla moves to 1,3");
        assert_eq!(g.heroes[0].spent, 2);
        // Two parties: the team of one and two teams.
        let two = crate::mkd::play::party::default_party();
        let v = second_party(&two);
        assert_eq!(v.iter().filter(|&&b| b).count(), two.teams[1].heroes.len());
        assert_eq!(second_party(&party()), vec![false, true]);
    }

    #[test]
    fn split_up_leaving_by_the_second_entrance_with_the_goal_wins() {
        let mut g = game_of(split_scenario(), 1);
        put_hero(&mut g, 1, p(21, 7), Side::E);
        ok(&mut g, "Borin opens chest at 22,7");
        ok(&mut g, "end turn");
        put_hero(&mut g, 1, p(13, 3), Side::W);
        ok(&mut g, "Borin moves to 12,3");
        let out = ok(&mut g, "Borin leaves");
        assert!(
            out.iter()
                .any(|l| l.contains("Borin leaves the dungeon carrying quest-chest"))
        );
        assert_eq!(g.outcome(), Some(Outcome::Won));
    }

    #[test]
    fn split_up_everyone_out_without_the_goal_loses() {
        let mut g = game_of(split_scenario(), 1);
        ok(&mut g, "Borin moves to 12,3");
        ok(&mut g, "Borin leaves");
        ok(&mut g, "Ayla moves to 0,3");
        let out = ok(&mut g, "Ayla leaves");
        assert_eq!(g.outcome(), Some(Outcome::Lost), "{out:?}");
        // Standing elsewhere is no way out.
        let mut g = game_of(split_scenario(), 1);
        ok(&mut g, "Borin moves to 13,3");
        let e = g.apply("Borin leaves").unwrap_err();
        assert!(e.contains("0,3 or 0,4 or 12,3"), "{e}");
    }

    #[test]
    fn split_up_the_second_entrance_turns_with_a_vortex() {
        let mut g = game_of(split_scenario(), 6);
        put_hero(&mut g, 0, p(9, 3), Side::E);
        g.markers.push(PlacedMarker {
            kind: MarkerKind::Vortex,
            pos: p(9, 3),
            tile: 1,
        });
        ok(&mut g, "Ayla uses vortex");
        // About H1's centre (11,3): 12,3 goes to 11,4, marker and all.
        assert_eq!(g.floors.second_entrance, Some(p(11, 4)));
        assert!(
            g.markers
                .iter()
                .any(|m| m.kind == MarkerKind::Staircase && m.pos == p(11, 4))
        );
        assert_eq!(g.entry_squares(1), vec![p(11, 4)]);
        assert!(g.is_exit(p(11, 4)) && !g.is_exit(p(12, 3)));
    }

    #[test]
    fn split_up_a_thief_makes_for_the_nearer_exit() {
        let mut g = game_of(split_scenario(), 1);
        put_hero(&mut g, 0, p(2, 6), Side::N);
        let m = add_monster(&mut g, "orc", 20, p(14, 3), &[]);
        g.monsters[m].mode = MonsterMode::Fleeing;
        g.monsters[m].carrying = Some(0);
        g.chests[0].place = ChestPlace::Monster(m);
        let out = ok(&mut g, "end turn").join("\n");
        assert!(
            out.contains("orc leaves the dungeon with quest-chest; it is lost"),
            "{out}"
        );
        assert!(out.contains("12,3"), "{out}");
        assert_eq!(g.outcome(), Some(Outcome::Lost));
    }

    #[test]
    fn split_up_help_seekers_come_back_where_they_left() {
        let mut g = game_of(split_scenario(), 1);
        put_hero(&mut g, 0, p(2, 6), Side::N);
        let m = add_monster(&mut g, "orc", 20, p(13, 3), &[]);
        g.monsters[m].mode = MonsterMode::Reinforcing;
        let out = ok(&mut g, "end turn").join("\n");
        assert!(
            out.contains("orc leaves the dungeon to fetch help"),
            "{out}"
        );
        assert_eq!(g.monsters[m].mode, MonsterMode::GoneForHelp);
        let out = ok(&mut g, "end turn").join("\n");
        assert!(out.contains("orc comes back in at 12,3"), "{out}");
    }

    // ------------------------------------------------------------ floors

    #[test]
    fn the_stairs_cost_three_and_need_the_hero_on_them() {
        let mut g = dungeon_game(1);
        assert!(
            g.intro()
                .iter()
                .any(|l| l.contains("stairs down to floor 2 on 20,3 in C2")),
            "{:?}",
            g.intro()
        );
        assert!(
            g.intro()
                .iter()
                .any(|l| l.contains("== turn 1, floor 1 of 2:"))
        );
        put_hero(&mut g, 0, p(19, 3), Side::E);
        let e = g.apply("Ayla takes the stairs").unwrap_err();
        assert!(e.contains("must stand on the staircase (20,3)"), "{e}");
        ok(&mut g, "Ayla moves to 20,3");
        assert_eq!(g.heroes[0].spent, 1);
        ok(&mut g, "Ayla takes the stairs");
        assert_eq!(g.heroes[0].spent, 4);
        assert_eq!(g.heroes[0].place, HeroPlace::Below);
        // Not enough speed left: refused, nothing changes.
        let mut g = dungeon_game(1);
        put_hero(&mut g, 0, p(17, 3), Side::E);
        ok(&mut g, "Ayla moves to 20,3");
        let e = g.apply("Ayla goes down").unwrap_err();
        assert!(
            e.contains("2 speed points left this activation; using the staircase costs 3"),
            "{e}"
        );
        assert_eq!(g.heroes[0].pos(), Some(p(20, 3)));
    }

    #[test]
    fn a_floor_played_on_its_own_has_nothing_below() {
        let (_, floors) = two_floors();
        let mut g = game_of(floors[0].clone(), 1);
        put_hero(&mut g, 0, p(20, 3), Side::E);
        let e = g.apply("Ayla takes the stairs").unwrap_err();
        assert!(e.contains("floor 1 of 2 played on its own"), "{e}");
        assert_eq!(g.heroes[0].pos(), Some(p(20, 3)));
    }

    #[test]
    fn the_stairs_are_refused_with_a_monster_in_the_tile() {
        let mut g = dungeon_game(1);
        put_hero(&mut g, 0, p(20, 3), Side::E);
        add_monster(&mut g, "orc", 20, p(23, 7), &[]);
        let e = g.apply("Ayla takes the stairs").unwrap_err();
        assert!(e.contains("while a monster is in C2 (orc)"), "{e}");
        assert_eq!(g.heroes[0].pos(), Some(p(20, 3)));
        // In another tile it does not matter.
        g.monsters[0].pos = Some(p(12, 3));
        ok(&mut g, "Ayla takes the stairs");
    }

    #[test]
    fn the_next_floor_keeps_wounds_chests_and_experience() {
        let mut g = dungeon_game(1);
        put_hero(&mut g, 0, p(21, 7), Side::E);
        ok(&mut g, "Ayla opens chest at 22,7");
        assert!(g.heroes[0].chests.contains(&0), "{}", transcript(&g));
        g.heroes[0].wounds = 2;
        g.xp = 70;
        g.xp_spent = 50;
        g.heroes[0].levels = 1;
        ok(&mut g, "end turn");
        put_hero(&mut g, 0, p(20, 3), Side::E);
        put_hero(&mut g, 1, p(20, 4), Side::E);
        ok(&mut g, "Ayla takes the stairs");
        assert_eq!(g.floor_number(), Some((1, 2)));
        ok(&mut g, "Borin moves to 20,3");
        let out = ok(&mut g, "Borin takes the stairs");
        assert!(
            out.iter().any(|l| l.starts_with("-- floor 1 is done")),
            "{out:?}"
        );
        assert!(
            out.iter().any(|l| l.contains("== turn 3, floor 2 of 2:")),
            "{out:?}"
        );
        assert_eq!(g.floor_number(), Some((2, 2)));
        assert_eq!(g.turn, 3);
        let a = &g.heroes[0];
        assert_eq!((a.place, a.wounds, a.levels), (HeroPlace::Outside, 2, 1));
        assert_eq!(a.chests, vec![0]);
        assert_eq!(g.chests[0].place, ChestPlace::Hero(0));
        assert_eq!((g.xp, g.xp_spent), (70, 50));
        // Floor 2's own Quest Chest, with an id of its own.
        assert_eq!(g.chests[1].id, "quest-chest");
        assert_eq!(g.floors.stairs, None);
        assert!(g.status().iter().any(|l| l.contains("carries chest-1")));
        // Both come in afresh at floor 2's entrance.
        ok(&mut g, "Ayla moves to 1,3");
    }

    #[test]
    fn a_floor_is_done_only_when_nobody_is_left_on_it() {
        let mut g = dungeon_game(1);
        put_hero(&mut g, 0, p(20, 3), Side::E);
        ok(&mut g, "Ayla takes the stairs");
        // Borin is still outside floor 1: the floor goes on.
        ok(&mut g, "end turn");
        assert_eq!(g.floor_number(), Some((1, 2)));
        // He leaves by the entrance of floor 1: out of the whole dungeon.
        ok(&mut g, "Borin moves to 0,3");
        let out = ok(&mut g, "Borin leaves");
        assert!(
            out.iter().any(|l| l.starts_with("-- floor 1 is done")),
            "{out:?}"
        );
        assert_eq!(g.heroes[1].place, HeroPlace::Escaped);
        assert_eq!(g.heroes[0].place, HeroPlace::Outside);
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn leaving_by_floor_two_s_entrance_leaves_the_dungeon() {
        let mut g = dungeon_game(1);
        for h in 0..2 {
            put_hero(&mut g, h, p(20, 3 + h as i32), Side::E);
        }
        ok(&mut g, "Ayla takes the stairs");
        ok(&mut g, "Borin moves to 20,3");
        ok(&mut g, "Borin takes the stairs");
        assert_eq!(g.floor_number(), Some((2, 2)));
        // On floor 2, Ayla fetches the Quest Chest and walks out.
        put_hero(&mut g, 0, p(21, 7), Side::E);
        ok(&mut g, "Ayla opens chest at 22,7");
        ok(&mut g, "end turn");
        put_hero(&mut g, 0, p(1, 3), Side::W);
        ok(&mut g, "Ayla moves to 0,3");
        let out = ok(&mut g, "Ayla leaves");
        assert!(out.iter().any(|l| l.contains("quest-chest")), "{out:?}");
        assert_eq!(g.outcome(), Some(Outcome::Won));
        // Leaving floor 2 without it while Borin is still outside: he can
        // still win; once both are out, the dungeon has won.
        let mut g = dungeon_game(1);
        for h in 0..2 {
            put_hero(&mut g, h, p(20, 3 + h as i32), Side::E);
        }
        ok(&mut g, "Ayla takes the stairs");
        ok(&mut g, "Borin moves to 20,3");
        ok(&mut g, "Borin takes the stairs");
        ok(&mut g, "Ayla moves to 0,3");
        ok(&mut g, "Ayla leaves");
        assert_eq!(g.heroes[0].place, HeroPlace::Escaped);
        assert_eq!(g.outcome(), None);
        ok(&mut g, "Borin moves to 0,4");
        ok(&mut g, "Borin leaves");
        assert_eq!(g.outcome(), Some(Outcome::Lost));
    }

    #[test]
    fn the_dungeon_timer_runs_over_every_floor() {
        let (mut file, floors) = two_floors();
        file.mission = "quest+timed".into();
        file.turn_limit = Some(3);
        let d = Dungeon::new(file, floors, "test").unwrap();
        let mut g = Game::new_dungeon(
            Arc::new(d),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            opts(1),
        );
        for h in 0..2 {
            put_hero(&mut g, h, p(20, 3 + h as i32), Side::E);
        }
        ok(&mut g, "Ayla takes the stairs");
        ok(&mut g, "Borin moves to 20,3");
        let out = ok(&mut g, "Borin takes the stairs");
        assert!(
            out.iter()
                .any(|l| l.contains("== turn 2 of 3, floor 2 of 2:")),
            "{out:?}"
        );
        ok(&mut g, "end turn");
        let out = ok(&mut g, "end turn");
        assert!(
            out.iter().any(|l| l.starts_with("Time is up: turn 3 of 3")),
            "{out:?}"
        );
        assert_eq!(g.outcome(), Some(Outcome::Lost));
    }

    #[test]
    fn help_seekers_may_go_down_the_stairs_and_come_back_up() {
        let mut g = dungeon_game(1);
        put_hero(&mut g, 0, p(2, 6), Side::N);
        let m = add_monster(&mut g, "orc", 20, p(19, 3), &[]);
        g.monsters[m].mode = MonsterMode::Reinforcing;
        let out = ok(&mut g, "end turn").join("\n");
        assert!(
            out.contains("orc goes down the stairs to fetch help"),
            "{out}"
        );
        let out = ok(&mut g, "end turn").join("\n");
        assert!(
            out.contains("orc comes back up the stairs at 20,3"),
            "{out}"
        );
    }

    #[test]
    fn a_dungeon_game_replays_to_the_same_transcript() {
        use crate::mkd::play::session::Session;
        let lines: Vec<String> = [
            "Ayla moves to 4,3",
            "Borin moves to 4,4",
            "end turn",
            "Ayla moves to 9,3",
            "Borin moves to 7,3",
            "end turn",
            "Ayla moves to 14,3",
            "Borin moves to 12,3",
            "end turn",
            "Ayla moves to 19,3",
            "Borin moves to 17,3",
            "end turn",
            "Ayla moves to 20,3",
            "Ayla takes the stairs",
            "Borin moves to 20,3",
            "end turn",
            "Borin takes the stairs",
            "status",
        ]
        .map(String::from)
        .to_vec();
        let mut s = Session::from_game(dungeon_game(5));
        let mut transcript = s.intro();
        for l in &lines {
            transcript.extend(s.input(l));
        }
        assert!(
            transcript
                .iter()
                .any(|l| l.contains("floor 2 of 2: scenario seed 2")),
            "{}",
            transcript.join("\n")
        );
        assert!(
            !transcript.iter().any(|l| l.starts_with("! ")),
            "{}",
            transcript.join("\n")
        );
        let (again, t2) = Session::replay_game(dungeon_game(5), &lines);
        assert_eq!(t2, transcript);
        assert_eq!(again.game().status(), s.game().status());
        assert_eq!(again.game().floor_number(), Some((2, 2)));
    }

    #[test]
    fn automatic_heroes_take_the_stairs_and_fetch_the_goal_below() {
        use crate::core::dice::run_seed;
        use crate::mkd::play::simulate::play_adventure_logged;
        let (file, floors) = two_floors();
        let adv = Adventure::Dungeon(Arc::new(Dungeon::new(file, floors, "test").unwrap()));
        let party = Arc::new(party());
        let tables = Arc::new(crate::mkd::tables::default_tables());
        for i in 0..40 {
            let (r, log) = play_adventure_logged(&adv, &party, &tables, run_seed(3, i), 60);
            // No monster on either floor: the heroes always win, below.
            assert!(r.won, "run {i}: {r:?}\n{}", log.join("\n"));
            assert!(log.iter().any(|l| l.contains("goes down the stairs")));
            assert!(log.iter().any(|l| l.starts_with("-- floor 1 is done")));
        }
    }
}
