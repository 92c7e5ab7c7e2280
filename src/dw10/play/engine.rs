//! The game: `Game::play(Command)` returns the events of a command, or a
//! refusal with the game left as it was. Each command is checked in full
//! before anything changes or a die is rolled.

use crate::core::dice::Dice;
use crate::core::geom::Side;
use crate::dw10::features::FeatureKind;
use crate::dw10::figures::{Ability, Figures};
use crate::dw10::play::abilities;
use crate::dw10::play::combat::{self, shot_check};
use crate::dw10::play::command::{Command, OpenWhat, Target};
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::dm::{self, Policy};
use crate::dw10::play::dungeon;
use crate::dw10::play::event::Event;
use crate::dw10::play::familiar;
use crate::dw10::play::furniture;
use crate::dw10::play::magic;
use crate::dw10::play::moving::{Jump, hero_jump, hero_move, hero_walk, spend};
use crate::dw10::play::party::Party;
use crate::dw10::play::refusal::Refusal;
use crate::dw10::play::sight::line_of_fire;
use crate::dw10::play::spawn;
use crate::dw10::play::state::{
    Body, Familiar, FeatureId, Hero, HeroId, Item, Magic, Map, MonsterId, Phase, SideId, Sq, State,
    Who, adjacent, fmt_sq,
};
use crate::dw10::play::turn;
use crate::dw10::play::walk::{may_end, reach};
use crate::dw10::scenario::{Objective, Scenario};
use crate::dw10::tables::Tables;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What a game needs beside its scenario.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    /// Seed of the play dice.
    pub seed: u64,
    /// The heroes.
    pub party: Party,
    /// The figure lists.
    pub figures: Arc<Figures>,
    /// The roll tables.
    pub tables: Arc<Tables>,
    /// The Draken Master's collection (kind → figures).
    pub collection: BTreeMap<String, u32>,
    /// Spawn on 2d6, not 3d6 (L827-831).
    pub scaled_down: bool,
    /// The Draken Master's policy.
    pub policy: Policy,
    /// Keep the dice log (the CLI); `simulate` does not.
    pub log: bool,
}

/// A game in play.
pub struct Game {
    /// The state.
    pub s: State,
    /// The map.
    pub map: Arc<Map>,
    /// The scenario.
    pub scenario: Arc<Scenario>,
    dice: Dice,
    figures: Arc<Figures>,
    tables: Arc<Tables>,
    policy: Policy,
    scaled_down: bool,
}

fn hero_of(
    name: String,
    fig: crate::dw10::figures::Figure,
    at: Option<Sq>,
    kept: Option<&crate::dw10::play::party::Kept>,
) -> Hero {
    Hero {
        body: Body {
            name,
            wounds: fig.wounds,
            fig,
            at,
            poison: 0,
            fire: 0,
            gazed_by: None,
            pit_ready: None,
        },
        mp: 0,
        moved: false,
        shot: false,
        done: false,
        used: Vec::new(),
        items: Vec::new(),
        dead: false,
        listening: false,
        escaped: false,
        familiar: None,
        magic: Magic {
            spells: kept.map(|k| k.spells.clone()).unwrap_or_default(),
            power_ups: kept.map_or(0, |k| k.power_ups.len() as u32),
            ..Magic::default()
        },
    }
}

/// The squares the heroes start on: the start teleporter, then the nearest
/// free clear squares around it (the project's: the party comes in
/// together at the entrance teleporter).
fn start_squares(s: &Scenario, map: &Map, n: usize) -> Vec<Sq> {
    let st = (s.game.start.x, s.game.start.y);
    let walk = map.board.reach(st, &|_| false);
    let mut sq: Vec<(u32, Sq)> = reach_free(map, st)
        .into_iter()
        .filter(|(_, p)| map.board.reached(&walk, p.0, p.1))
        .filter(|(_, p)| {
            !s.game.features.iter().any(|f| {
                matches!(f.kind, FeatureKind::Trap | FeatureKind::Condition) && (f.x, f.y) == *p
            })
        })
        .collect();
    sq.sort_by_key(|(d, p)| (*d, p.1, p.0));
    sq.into_iter().map(|(_, p)| p).take(n).collect()
}

/// Every square a figure can stand on, with its distance from `st` in
/// king's moves. No bound: a party larger than the room round the start
/// comes in farther off rather than leave a hero off the board.
fn reach_free(map: &Map, st: Sq) -> Vec<(u32, Sq)> {
    let b = &map.board;
    let mut out = Vec::new();
    for y in 0..b.height {
        for x in 0..b.width {
            if b.standable(x, y) {
                let d = (x - st.0).unsigned_abs().max((y - st.1).unsigned_abs());
                out.push((d, (x, y)));
            }
        }
    }
    out
}

impl Game {
    /// A new game: the heroes at the start, the first move begun.
    pub fn new(scenario: Arc<Scenario>, o: PlayOptions) -> (Game, Vec<Event>) {
        let map = Arc::new(Map::of(&scenario));
        let squares = start_squares(&scenario, &map, o.party.heroes.len());
        let heroes = o
            .party
            .heroes
            .iter()
            .enumerate()
            .map(|(i, (n, f))| {
                let mut h = hero_of(
                    n.clone(),
                    f.clone(),
                    squares.get(i).copied(),
                    o.party.kept.get(i),
                );
                h.items = o.party.items.get(i).cloned().unwrap_or_default();
                h
            })
            .collect();
        let mut s = State::new(&scenario, &map, heroes, o.collection.clone());
        // Familiars come in beside their owners (L598).
        for i in 0..s.heroes.len() {
            if let Some(kind) = o.party.familiars.get(i).copied().flatten() {
                let at = familiar::start_square(&s, &map, HeroId(i as u32));
                s.heroes[i].familiar = Some(Familiar::new(kind, at));
            }
        }
        // What the party brings from earlier games.
        s.gold = o.party.gold;
        let mut g = Game {
            s,
            map,
            scenario,
            dice: Dice::with_log(o.seed, "dw10-play", o.log),
            figures: o.figures,
            tables: o.tables,
            policy: o.policy,
            scaled_down: o.scaled_down,
        };
        let mut ev = Vec::new();
        {
            let mut c = g.ctx(&mut ev);
            // The slay objective's monster waits in its lair.
            if let Objective::Slay { monster } = c.s.objective.clone()
                && let Some(l) = c.s.features.iter().find(|f| f.kind == FeatureKind::Lair)
            {
                let at = (l.x, l.y);
                if let Some(id) = spawn::new_monster(&mut c, &monster, at) {
                    c.push(Event::Spawned {
                        monster: id,
                        at,
                        underfoot: false,
                    });
                }
            }
            // What the heroes stand on at the start (a key, a teleporter).
            for h in c.s.live_heroes() {
                if let Some(p) = c.s.hero(h).body.at {
                    dungeon::enter(&mut c, h, p);
                }
            }
            dungeon::reveal(&mut c);
            begin_move(&mut c, &o.policy, o.scaled_down);
        }
        (g, ev)
    }

    fn ctx<'a>(&'a mut self, ev: &'a mut Vec<Event>) -> Ctx<'a> {
        Ctx {
            s: &mut self.s,
            map: &self.map,
            dice: &mut self.dice,
            ev,
            tables: &self.tables,
            figures: &self.figures,
        }
    }

    /// Rolls scripted dice from here on (a rule's test).
    #[cfg(test)]
    pub(crate) fn script_dice(&mut self, faces: &[u32]) {
        self.dice = Dice::scripted(faces);
    }

    /// Scripted faces not rolled yet.
    #[cfg(test)]
    pub(crate) fn dice_left(&self) -> usize {
        self.dice.script_left()
    }

    /// Is the game over?
    pub fn over(&self) -> bool {
        matches!(self.s.phase, Phase::Over(_))
    }

    /// The hero a typed name means: the same name ignoring case, else its
    /// ASCII spelling, else the one name a typed beginning fits. A
    /// beginning of several heroes' names is refused as ambiguous, naming
    /// them.
    pub fn find_hero(&self, name: &str) -> Result<HeroId, Refusal> {
        use crate::characters::names;
        let all: Vec<&str> = self.s.heroes.iter().map(|h| &*h.body.name).collect();
        match names::lookup(&all, name) {
            Ok(i) => Ok(HeroId(i as u32)),
            Err(hits) if hits.len() > 1 => Err(Refusal::AmbiguousHero {
                name: name.to_string(),
                heroes: hits.iter().map(|&i| all[i]).collect::<Vec<_>>().join(", "),
            }),
            Err(_) => Err(Refusal::NoHero(name.to_string())),
        }
    }

    /// The monster a typed word means: its number (`3`, `#3`), or its
    /// name with its number as the game prints it, in any case, with or
    /// without a space or hyphen (`Orc 3`, `orc3`, `orc-3`). A number
    /// with another monster's name is refused, naming the one it is.
    pub fn find_monster(&self, word: &str) -> Result<MonsterId, Refusal> {
        let folded = |w: &str| -> String {
            w.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let typed = folded(word);
        let name_len = typed.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let no = || Refusal::NoMonster(crate::core::text::excerpt(word, 40));
        let n: u32 = typed[name_len..].parse().map_err(|_| no())?;
        let id = MonsterId(n.wrapping_sub(1));
        if (id.0 as usize) >= self.s.monsters.len() || !self.s.monster(id).body.alive() {
            return Err(no());
        }
        let name = &self.s.monster(id).body.name;
        if name_len > 0 && typed != folded(name) {
            return Err(Refusal::OtherMonster {
                number: n,
                name: name.clone(),
                typed: crate::core::text::excerpt(word, 40),
            });
        }
        Ok(id)
    }

    fn live_hero(&self, name: &str) -> Result<HeroId, Refusal> {
        let h = self.find_hero(name)?;
        if !self.s.hero(h).body.alive() {
            return Err(Refusal::Dead(self.s.hero(h).body.name.clone()));
        }
        Ok(h)
    }

    fn acting(&self, name: &str) -> Result<HeroId, Refusal> {
        if self.s.phase != Phase::HeroesAct {
            return Err(Refusal::NotMover);
        }
        let h = self.live_hero(name)?;
        let hero = self.s.hero(h);
        if hero.magic.asleep {
            return Err(Refusal::Rule(format!("{} is asleep", hero.body.name)));
        }
        if hero.done || (hero.shot && !hero.body.has(Ability::DedicatedShot)) {
            return Err(Refusal::NoAction(hero.body.name.clone()));
        }
        Ok(h)
    }

    /// May the hero use another ability (or shoot) now? Not once it has
    /// walked past its normal movement on Swift Mover's double move, which
    /// lasts only while it uses no other ability (L202-203).
    fn swift_check(&self, h: HeroId, what: &str) -> Result<(), Refusal> {
        let hero = self.s.hero(h);
        if let (Some(n), Some(spent)) = (hero.magic.double_move, hero.double_spent())
            && spent > n
        {
            return Err(Refusal::Rule(format!(
                "{} has spent {spent} of Swift Mover's double move, more than its movement {n}; {what} would end the double move",
                hero.body.name
            )));
        }
        Ok(())
    }

    fn need_mp(&self, h: HeroId, cost: u32) -> Result<(), Refusal> {
        let hero = self.s.hero(h);
        if hero.mp < cost {
            return Err(Refusal::Movement {
                name: hero.body.name.clone(),
                left: hero.mp,
                cost,
            });
        }
        Ok(())
    }

    /// Plays one command.
    pub fn play(&mut self, cmd: Command) -> Result<Vec<Event>, Refusal> {
        let acts = !matches!(
            cmd,
            Command::Status | Command::Map | Command::Help | Command::End | Command::NonMover
        );
        let phase = self.s.phase;
        let ev = self.play_inner(cmd)?;
        if acts && phase == Phase::HeroesAct {
            self.s.heroes_acted = true;
        }
        Ok(ev)
    }

    fn play_inner(&mut self, cmd: Command) -> Result<Vec<Event>, Refusal> {
        match cmd {
            Command::Status => return Ok(vec![Event::Status]),
            Command::Map => return Ok(vec![Event::Map]),
            Command::Help => return Ok(vec![Event::Help]),
            _ => {}
        }
        if self.over() {
            return Err(Refusal::Over);
        }
        let mut ev = Vec::new();
        match cmd {
            Command::Move(name, to) => {
                let h = self.acting(&name)?;
                self.check_move(h, to)?;
                let mut c = self.ctx(&mut ev);
                hero_move(&mut c, h, to);
            }
            Command::Carry(name, to, drop) => {
                let h = self.acting(&name)?;
                self.check_move(h, to)?;
                let way = furniture::way(&self.s, &self.map, h, to);
                let table = furniture::carry_check(&self.s, &self.s.hero(h).body.name, &way, drop)
                    .map_err(Refusal::Carry)?;
                let mut c = self.ctx(&mut ev);
                hero_walk(&mut c, h, to, Some((table, drop)));
            }
            Command::Break(name, at) => {
                let h = self.acting(&name)?;
                let t =
                    furniture::break_check(&self.s, Who::Hero(h), at).map_err(Refusal::Break)?;
                let mut c = self.ctx(&mut ev);
                furniture::smash(&mut c, Who::Hero(h), t);
                // Breaking ends the hero's walk (L413-414: at the end of a move).
                let hero = c.s.hero_mut(h);
                hero.mp = 0;
                hero.moved = true;
                if hero.shot {
                    hero.done = true;
                }
            }
            Command::Attack(name, m) => {
                let h = self.acting(&name)?;
                let m = self.find_monster(&m)?;
                let mp = self.s.monster(m).body.at.unwrap_or((0, 0));
                let r = reach(&self.s, &self.map, Who::Hero(h), self.s.hero(h).mp);
                let to = r
                    .squares()
                    .into_iter()
                    .filter(|(q, _)| {
                        self.s.touching(*q, mp) && may_end(&self.s, &self.map, Who::Hero(h), *q)
                    })
                    .min_by_key(|(q, c)| (*c, q.1, q.0))
                    .map(|(q, _)| q)
                    .ok_or_else(|| Refusal::Unreachable {
                        name: self.s.hero(h).body.name.clone(),
                        at: format!("a square next to {}", self.s.monster(m).body.name),
                        why: "too far, or the way is shut".into(),
                    })?;
                self.check_move(h, to)?;
                let mut c = self.ctx(&mut ev);
                hero_move(&mut c, h, to);
            }
            Command::Shoot(name, ms) => {
                let h = self.live_hero(&name)?;
                let mut targets: Vec<MonsterId> = Vec::new();
                for m in &ms {
                    let m = self.find_monster(m)?;
                    if targets.contains(&m) {
                        return Err(Refusal::Rule("name each target once".into()));
                    }
                    targets.push(m);
                }
                let hero = self.s.hero(h);
                let ded = hero.body.has(Ability::DedicatedShot);
                match self.s.phase {
                    Phase::HeroesAct => {
                        if hero.done || hero.shot || (hero.moved && !ded) {
                            return Err(Refusal::NoAction(hero.body.name.clone()));
                        }
                    }
                    _ => {
                        if hero.shot {
                            return Err(Refusal::NoAction(hero.body.name.clone()));
                        }
                    }
                }
                if targets.len() > 1 && !combat::spreads(&self.s, Who::Hero(h)) {
                    return Err(Refusal::Rule(format!(
                        "{} shoots one target: only Multi Shot or a Fire Weapon shares its dice",
                        hero.body.name
                    )));
                }
                let mut seen = Vec::new();
                for m in &targets {
                    let l = shot_check(&self.s, &self.map, Who::Hero(h), Who::Monster(*m))
                        .map_err(Refusal::Shot)?;
                    seen.push((Who::Monster(*m), l));
                }
                let breath = hero
                    .body
                    .fig
                    .shoot
                    .is_some_and(|x| x.by == Some(Ability::FireWeapon));
                let first = self.s.monster(targets[0]).body.at.unwrap_or((0, 0));
                if breath
                    && targets[1..].iter().any(|m| {
                        !self
                            .s
                            .monster(*m)
                            .body
                            .at
                            .is_some_and(|q| adjacent(q, first))
                    })
                {
                    return Err(Refusal::Rule(
                        "a Fire Weapon's other targets stand beside its first".into(),
                    ));
                }
                if self.s.phase == Phase::HeroesAct {
                    self.swift_check(h, "a shot")?;
                }
                let mut c = self.ctx(&mut ev);
                let hero = c.s.hero_mut(h);
                hero.shot = true;
                hero.end_double();
                // A Dedicated Shot comes before or after the walk, never in
                // its middle (L226-227): a shot after moving ends the action.
                if !ded || hero.moved {
                    hero.done = true;
                    hero.mp = 0;
                }
                combat::shoot_many(&mut c, Who::Hero(h), &seen);
                combat::victory(&mut c);
            }
            Command::Open(name, OpenWhat::Door, side) => {
                let h = self.acting(&name)?;
                let d = self.door_by(h, side, true)?;
                if self.s.held[d.0 as usize] {
                    return Err(Refusal::Rule(
                        "that door is held shut by Hold Portal".into(),
                    ));
                }
                if let Some(col) = self.s.feature(d).colour
                    && !self.s.keys.contains(&col)
                {
                    return Err(Refusal::NoKey(col.to_string()));
                }
                self.need_mp(h, 2)?;
                let mut c = self.ctx(&mut ev);
                spend(&mut c, h, 2);
                c.s.open[d.0 as usize] = true;
                c.push(Event::DoorOpened {
                    who: Who::Hero(h),
                    door: d,
                });
                dungeon::reveal(&mut c);
            }
            Command::Close(name, side) => {
                let h = self.live_hero(&name)?;
                if self.s.phase != Phase::HeroesAct {
                    return Err(Refusal::NotMover);
                }
                let d = self.door_by(h, side, false)?;
                let mut c = self.ctx(&mut ev);
                c.s.open[d.0 as usize] = false;
                c.push(Event::DoorClosed {
                    who: Who::Hero(h),
                    door: d,
                });
            }
            Command::Open(name, OpenWhat::Chest, _) => {
                let h = self.acting(&name)?;
                let f = self.next_to(h, &[FeatureKind::Chest], "a chest")?;
                self.need_mp(h, 2)?;
                let mut c = self.ctx(&mut ev);
                spend(&mut c, h, 2);
                dungeon::open_chest(&mut c, h, f);
                combat::victory(&mut c);
            }
            Command::Explore(name, spell) => {
                let h = self.acting(&name)?;
                let f = self.next_to(
                    h,
                    &[FeatureKind::Furnishing, FeatureKind::Coffin],
                    "a furnishing or coffin",
                )?;
                let spell = self.study_check(h, f, spell.as_deref())?;
                let what = self.s.feature(f).what.as_deref();
                let whole = self.s.feature(f).kind == FeatureKind::Coffin
                    || matches!(what, Some("bed" | "stone-altar"));
                if what == Some("stone-altar")
                    && self.s.hero(h).magic.power_ups == 0
                    && !crate::dw10::figures::SPELLS
                        .iter()
                        .any(|sp| self.s.knows(h, *sp))
                {
                    return Err(Refusal::Rule(format!(
                        "only a hero with a spell or a power up can read the altar, and {} has neither",
                        self.s.hero(h).body.name
                    )));
                }
                if whole && self.s.hero(h).moved {
                    return Err(Refusal::Rule(format!(
                        "exploring that replaces {}'s action, and it has moved",
                        self.s.hero(h).body.name
                    )));
                }
                self.need_mp(h, 2)?;
                let mut c = self.ctx(&mut ev);
                spend(&mut c, h, 2);
                if whole {
                    let hero = c.s.hero_mut(h);
                    hero.done = true;
                    hero.mp = 0;
                }
                dungeon::explore(&mut c, h, f, spell);
                combat::victory(&mut c);
            }
            Command::Stairs(name) => {
                let h = self.acting(&name)?;
                let at = self.s.hero(h).body.at.unwrap_or((0, 0));
                let Some(st) = self.s.feature_on(at, FeatureKind::Staircase) else {
                    return Err(Refusal::Rule(format!(
                        "{} is not on a staircase",
                        self.s.hero(h).body.name
                    )));
                };
                let to = self.s.stairs_landing(st).ok_or_else(|| {
                    Refusal::Rule("every other end of that staircase is taken".into())
                })?;
                self.need_mp(h, 1)?;
                self.jump_check(h, to, 1)?;
                let mut c = self.ctx(&mut ev);
                hero_jump(&mut c, h, to, Jump::Stairs);
            }
            Command::Teleport(name, to) => {
                let h = self.acting(&name)?;
                let at = self.s.hero(h).body.at.unwrap_or((0, 0));
                let here = self.s.feature_on(at, FeatureKind::Teleporter);
                if here.is_none_or(|t| !self.s.active[t.0 as usize]) {
                    return Err(Refusal::Rule(format!(
                        "{} is not on an active teleporter",
                        self.s.hero(h).body.name
                    )));
                }
                let options: Vec<Sq> = {
                    let mut dummy = Vec::new();
                    let c = Ctx {
                        s: &mut self.s.clone(),
                        map: &self.map,
                        dice: &mut Dice::scripted(&[]),
                        ev: &mut dummy,
                        tables: &self.tables,
                        figures: &self.figures,
                    };
                    turn::free_teleporters(&c)
                };
                let dest = match to {
                    Some(p) if options.contains(&p) => p,
                    Some(p) => {
                        return Err(Refusal::Rule(format!(
                            "{} is not a free active teleporter on a revealed piece",
                            fmt_sq(p)
                        )));
                    }
                    None => *options.first().ok_or_else(|| {
                        Refusal::Rule("no other active teleporter is free".into())
                    })?,
                };
                self.need_mp(h, 2)?;
                self.jump_check(h, dest, 2)?;
                let mut c = self.ctx(&mut ev);
                hero_jump(&mut c, h, dest, Jump::Teleporter);
            }
            Command::Drink(name, what) => {
                let h = self.acting(&name)?;
                match what {
                    Some(w) => {
                        let item = Item::ALL
                            .into_iter()
                            .filter(|i| *i != Item::PortableTeleporter)
                            .find(|i| i.name() == w)
                            .ok_or_else(|| {
                                Refusal::Parse(format!(
                                    "`{w}` is not a drink: potion, major-potion or antidote"
                                ))
                            })?;
                        if !self.s.hero(h).items.contains(&item) {
                            return Err(Refusal::Lacks {
                                name: self.s.hero(h).body.name.clone(),
                                what: item.to_string(),
                            });
                        }
                        let b = &self.s.hero(h).body;
                        let useless = match item {
                            Item::PoisonAntidote => {
                                (b.poison == 0).then(|| "no poison counter".to_string())
                            }
                            _ => (b.wounds >= b.fig.wounds)
                                .then(|| format!("all {} wounds left", b.fig.wounds)),
                        };
                        if let Some(why) = useless {
                            return Err(Refusal::Rule(format!(
                                "{} has {why}: the {item} would be wasted",
                                b.name
                            )));
                        }
                        let mut c = self.ctx(&mut ev);
                        dungeon::drink_item(&mut c, h, item);
                    }
                    None => {
                        let at = self.s.hero(h).body.at.unwrap_or((0, 0));
                        let near = self.s.features.iter().any(|f| {
                            adjacent((f.x, f.y), at)
                                && (f.kind == FeatureKind::Pool
                                    || (f.kind == FeatureKind::Spawn
                                        && f.what.as_deref() == Some("well")))
                        }) || self.map.board.ground(at.0, at.1)
                            == crate::dw10::board::Ground::Water
                            || around(at).any(|p| {
                                self.map.board.ground(p.0, p.1) == crate::dw10::board::Ground::Water
                            });
                        if !near {
                            return Err(Refusal::NotNext {
                                name: self.s.hero(h).body.name.clone(),
                                what: "a pool or well",
                            });
                        }
                        if self.s.hero(h).moved {
                            return Err(Refusal::Rule(format!(
                                "drinking replaces {}'s action, and it has moved",
                                self.s.hero(h).body.name
                            )));
                        }
                        let mut c = self.ctx(&mut ev);
                        let hero = c.s.hero_mut(h);
                        hero.done = true;
                        hero.mp = 0;
                        dungeon::drink_pool(&mut c, h);
                    }
                }
            }
            Command::Heal(name, targets) => {
                let h = self.acting(&name)?;
                let hb = &self.s.hero(h).body;
                let touch = hb.has(Ability::HealingTouch);
                let field = hb.has(Ability::FieldHealing);
                let ab = if touch {
                    Ability::HealingTouch
                } else if field {
                    Ability::FieldHealing
                } else {
                    return Err(Refusal::Lacks {
                        name: hb.name.clone(),
                        what: "healing ability".into(),
                    });
                };
                if self.s.hero(h).used.contains(&ab) {
                    return Err(Refusal::Used {
                        name: hb.name.clone(),
                        what: ab.to_string(),
                    });
                }
                if !self.s.enemies_next_to(Who::Hero(h)).is_empty() {
                    return Err(Refusal::Rule(format!(
                        "{} is in an enemy's kill zone and cannot heal",
                        hb.name
                    )));
                }
                if touch && targets.len() > 1 {
                    return Err(Refusal::Rule("Healing Touch heals one hero".into()));
                }
                let mut ts = Vec::new();
                for t in &targets {
                    let o = self.live_hero(t)?;
                    let ob = &self.s.hero(o).body;
                    if o == h {
                        return Err(Refusal::Rule(format!(
                            "{} heals a hero next to it, never itself",
                            hb.name
                        )));
                    }
                    if !adjacent(hb.at.unwrap_or((0, 0)), ob.at.unwrap_or((0, 0))) {
                        return Err(Refusal::Rule(format!(
                            "{} is not next to {}: a healer heals a hero beside it",
                            ob.name, hb.name
                        )));
                    }
                    if !self.s.enemies_next_to(Who::Hero(o)).is_empty() {
                        return Err(Refusal::Rule(format!(
                            "{} is in an enemy's kill zone",
                            ob.name
                        )));
                    }
                    if ts.contains(&o) {
                        return Err(Refusal::Rule("name each hero once".into()));
                    }
                    ts.push(o);
                }
                self.swift_check(h, &ab.to_string())?;
                let mut c = self.ctx(&mut ev);
                c.s.hero_mut(h).used.push(ab);
                c.s.hero_mut(h).end_double();
                // Another ability used on a gazed hero breaks the gaze.
                for t in &ts {
                    c.s.hero_mut(*t).body.gazed_by = None;
                }
                if touch {
                    let f = c.d6("healing touch");
                    dungeon::heal(&mut c, Who::Hero(h), Who::Hero(ts[0]), vec![f], f);
                } else {
                    let one = ts.len() == 1;
                    for t in ts {
                        let f = c.dice.roll(1, 3, "field healing");
                        let n = if one { f + 1 } else { f };
                        dungeon::heal(&mut c, Who::Hero(h), Who::Hero(t), vec![f], n);
                    }
                }
            }
            Command::Listen(name) => {
                let h = self.acting(&name)?;
                let hero = self.s.hero(h);
                if !hero.body.has(Ability::Listen) {
                    return Err(Refusal::Lacks {
                        name: hero.body.name.clone(),
                        what: "Listen".into(),
                    });
                }
                if hero.moved || hero.shot || !hero.used.is_empty() {
                    return Err(Refusal::Rule(format!(
                        "{} must stand still and do nothing else to listen",
                        hero.body.name
                    )));
                }
                let mut c = self.ctx(&mut ev);
                let hero = c.s.hero_mut(h);
                hero.listening = true;
                hero.done = true;
                hero.mp = 0;
                c.push(Event::Listens { hero: h });
            }
            Command::Check(name) => {
                let h = self.acting(&name)?;
                let hero = self.s.hero(h);
                if !hero.body.has(Ability::Checking) {
                    return Err(Refusal::Lacks {
                        name: hero.body.name.clone(),
                        what: "Checking".into(),
                    });
                }
                if hero.moved || hero.shot {
                    return Err(Refusal::Rule(format!(
                        "Checking replaces {}'s action, and it has acted",
                        hero.body.name
                    )));
                }
                let mut c = self.ctx(&mut ev);
                let hero = c.s.hero_mut(h);
                hero.done = true;
                hero.mp = 0;
                dungeon::check(&mut c, h);
            }
            Command::Cast(name, spell, target) => {
                let (h, spell, on) = self.check_cast(&name, &spell, target)?;
                self.swift_check(h, &spell.to_string())?;
                let mut c = self.ctx(&mut ev);
                c.s.hero_mut(h).end_double();
                match (spell, on) {
                    (Ability::HoldPortal, CastOn::Door(d)) => magic::hold_portal(&mut c, h, d),
                    (Ability::FingerOfDeath, CastOn::Monster(m)) => magic::finger(&mut c, h, m),
                    _ => magic::ward(&mut c, h, spell),
                }
            }
            Command::Control(name, m, to) => {
                // A special ability, not an action: in either of the
                // heroes' phases, whatever the hero did (L101-104, L214-215).
                let h = self.live_hero(&name)?;
                let m = self.find_monster(&m)?;
                let hero = self.s.hero(h);
                if hero.magic.asleep {
                    return Err(Refusal::Rule(format!("{} is asleep", hero.body.name)));
                }
                if hero.listening {
                    return Err(Refusal::Rule(format!(
                        "{} listens this move and uses no other ability",
                        hero.body.name
                    )));
                }
                if hero.used.contains(&Ability::ControlEnemy) {
                    return Err(Refusal::Used {
                        name: hero.body.name.clone(),
                        what: Ability::ControlEnemy.to_string(),
                    });
                }
                abilities::control_check(&self.s, &self.map, Who::Hero(h), Who::Monster(m), to)
                    .map_err(Refusal::Control)?;
                self.swift_check(h, "Control Enemy")?;
                let mut c = self.ctx(&mut ev);
                c.s.hero_mut(h).used.push(Ability::ControlEnemy);
                c.s.hero_mut(h).end_double();
                abilities::control(&mut c, Who::Hero(h), Who::Monster(m), to);
            }
            Command::Place(name, to) => {
                // Free, at any point of the heroes' Mover's Action Phase.
                if self.s.phase != Phase::HeroesAct {
                    return Err(Refusal::NotMover);
                }
                let h = self.live_hero(&name)?;
                let hero = self.s.hero(h);
                if hero.magic.asleep {
                    return Err(Refusal::Rule(format!("{} is asleep", hero.body.name)));
                }
                if !hero.items.contains(&Item::PortableTeleporter) {
                    return Err(Refusal::Lacks {
                        name: hero.body.name.clone(),
                        what: Item::PortableTeleporter.to_string(),
                    });
                }
                let at = hero.body.at.unwrap_or((0, 0));
                let free = self.map.board.standable(to.0, to.1)
                    && (to == at || adjacent(to, at))
                    && self.s.at(to).is_none_or(|w| w == Who::Hero(h))
                    && self.s.familiar_at(to).is_none()
                    && !self
                        .s
                        .features
                        .iter()
                        .enumerate()
                        .any(|(i, f)| !self.s.gone[i] && f.kind.is_piece() && (f.x, f.y) == to);
                if !free {
                    return Err(Refusal::Rule(format!(
                        "a portable teleporter goes on clear, empty floor under or beside {}",
                        hero.body.name
                    )));
                }
                let mut c = self.ctx(&mut ev);
                dungeon::place_teleporter(&mut c, h, to);
            }
            Command::Familiar(name, to) => {
                // Free: its owner's action is its own.
                if self.s.phase != Phase::HeroesAct {
                    return Err(Refusal::NotMover);
                }
                let h = self.live_hero(&name)?;
                if !self.map.board.inside(to.0, to.1) {
                    return Err(Refusal::OffMap(to));
                }
                let cost =
                    familiar::check_move(&self.s, &self.map, h, to).map_err(Refusal::Familiar)?;
                let mut c = self.ctx(&mut ev);
                familiar::move_to(&mut c, h, to, cost);
            }
            Command::Draw(name, n) => {
                let h = self.acting(&name)?;
                if self.s.hero(h).moved {
                    return Err(Refusal::Rule(format!(
                        "drawing wounds replaces {}'s action, and it has moved",
                        self.s.hero(h).body.name
                    )));
                }
                familiar::check_draw(&self.s, h, n).map_err(Refusal::Familiar)?;
                let mut c = self.ctx(&mut ev);
                familiar::draw(&mut c, h, n);
            }
            Command::NonMover => {
                if self.s.phase != Phase::HeroesAct
                    || self.s.winner != SideId::Heroes
                    || self.s.heroes_acted
                {
                    return Err(Refusal::Rule(
                        "only the heroes who won this move's initiative, before any of them acts, may let the Draken Master move first".into(),
                    ));
                }
                let policy = self.policy;
                let mut c = self.ctx(&mut ev);
                c.push(Event::GivesMove {
                    side: SideId::Heroes,
                });
                dm_moves(&mut c, &policy);
            }
            Command::Escape(name) => {
                let h = self.acting(&name)?;
                let at = self.s.hero(h).body.at.unwrap_or((0, 0));
                let here = self.s.feature_on(at, FeatureKind::Teleporter);
                if here.is_none_or(|t| !self.s.active[t.0 as usize]) {
                    return Err(Refusal::Rule(format!(
                        "{} is not on an active teleporter",
                        self.s.hero(h).body.name
                    )));
                }
                self.need_mp(h, 2)?;
                let mut c = self.ctx(&mut ev);
                turn::escape(&mut c, h);
            }
            Command::End => {
                let policy = self.policy;
                let scaled = self.scaled_down;
                let mut c = self.ctx(&mut ev);
                end_phase(&mut c, &policy, scaled);
            }
            Command::Status | Command::Map | Command::Help => {}
        }
        Ok(ev)
    }

    fn check_cast(
        &self,
        name: &str,
        spell: &str,
        target: Target,
    ) -> Result<(HeroId, Ability, CastOn), Refusal> {
        let h = self.live_hero(name)?;
        let hero = self.s.hero(h);
        let hn = hero.body.name.clone();
        let sp = Ability::parse(spell)
            .filter(|a| a.is_spell())
            .ok_or_else(|| {
                Refusal::Parse(format!(
                    "`{spell}` is not a spell: {}",
                    crate::dw10::figures::SPELLS.map(|a| a.name()).join(", ")
                ))
            })?;
        if !self.s.knows(h, sp) {
            return Err(Refusal::Lacks {
                name: hn,
                what: format!("spell {sp}"),
            });
        }
        if sp == Ability::Resurrection {
            return Err(Refusal::Rule(format!(
                "Resurrection casts itself the moment a hero falls in {hn}'s sight"
            )));
        }
        if self.s.phase != Phase::HeroesAct {
            return Err(Refusal::Rule(format!(
                "{sp} is cast in the heroes' Mover's Action Phase"
            )));
        }
        if hero.magic.asleep {
            return Err(Refusal::Rule(format!("{hn} is asleep")));
        }
        if hero.listening {
            return Err(Refusal::Rule(format!(
                "{hn} listens this move and uses no other ability"
            )));
        }
        if hero.used.contains(&sp) {
            return Err(Refusal::Used {
                name: hn,
                what: sp.to_string(),
            });
        }
        let at = hero.body.at.unwrap_or((0, 0));
        match sp {
            Ability::HoldPortal => {
                let Target::At(sq, side) = target else {
                    return Err(Refusal::Parse(
                        "Hold Portal is cast at a door: `cast HERO hold-portal at X,Y [SIDE]`"
                            .into(),
                    ));
                };
                let doors: Vec<FeatureId> = self
                    .s
                    .door_at
                    .values()
                    .copied()
                    .filter(|d| {
                        let f = self.s.feature(*d);
                        (f.x, f.y) == sq
                            && side.is_none_or(|x| f.side == Some(x))
                            && !self.s.hidden(*d)
                    })
                    .collect();
                let d = match doors.as_slice() {
                    [d] => *d,
                    [] => return Err(Refusal::Rule(format!("no door is at {}", fmt_sq(sq)))),
                    _ => {
                        return Err(Refusal::Rule(
                            "doors on more than one side there: say which (N, E, S or W)".into(),
                        ));
                    }
                };
                let (a, b) = self
                    .s
                    .door_at
                    .iter()
                    .find(|(_, f)| **f == d)
                    .map(|(e, _)| *e)
                    .unwrap_or((sq, sq));
                if self.s.open[d.0 as usize] {
                    return Err(Refusal::Rule(
                        "Hold Portal holds a shut door; that one is open".into(),
                    ));
                }
                if self.s.held[d.0 as usize] {
                    return Err(Refusal::Rule("that door is held already".into()));
                }
                // In range and sight, straight or through a staircase (one
                // square for range, L324-326): a look along a line of fire
                // that figures do not block.
                let near = [a, b].iter().any(|p| {
                    line_of_fire(&self.s, &self.map, at, *p, true, magic::HOLD_PORTAL_RANGE).is_ok()
                });
                if !near {
                    return Err(Refusal::Rule(format!(
                        "{hn} must be within {} squares of the door and see it",
                        magic::HOLD_PORTAL_RANGE
                    )));
                }
                Ok((h, sp, CastOn::Door(d)))
            }
            Ability::FingerOfDeath => {
                let Target::On(word) = target else {
                    return Err(Refusal::Parse(
                        "Finger of Death is cast on a monster: `cast HERO finger-of-death on MONSTER`"
                            .into(),
                    ));
                };
                let m = self.find_monster(&word)?;
                if hero.magic.finger_spent {
                    return Err(Refusal::Rule(format!(
                        "{hn} has used Finger of Death this game"
                    )));
                }
                if hero.moved || hero.shot || hero.done {
                    return Err(Refusal::Rule(format!(
                        "Finger of Death needs {hn} to spend no points this move"
                    )));
                }
                if !self.s.enemies_next_to(Who::Hero(h)).is_empty() {
                    return Err(Refusal::Rule(format!("{hn} is in an enemy's kill zone")));
                }
                if !magic::in_sight(&self.s, &self.map, Who::Hero(h), Who::Monster(m)) {
                    return Err(Refusal::Rule(format!(
                        "{hn} cannot see {}",
                        self.s.monster(m).body.name
                    )));
                }
                Ok((h, sp, CastOn::Monster(m)))
            }
            _ => {
                if target != Target::None {
                    return Err(Refusal::Parse(format!("{sp} is cast on the caster alone")));
                }
                if sp == Ability::InvulnerableToFire && hero.body.has(sp) {
                    return Err(Refusal::Rule(format!(
                        "{hn} is invulnerable to fire for good"
                    )));
                }
                Ok((h, sp, CastOn::Caster))
            }
        }
    }

    /// The spell a bookcase or a tome on a pedestal is to teach: the one
    /// named, else the first of `magic::STUDY_ORDER` the hero does not
    /// know (L407-409, L422-423). Refused: a spell named at another piece,
    /// a word that is no spell of the table, a spell the hero knows, a
    /// hero who knows them all.
    fn study_check(
        &self,
        h: HeroId,
        f: FeatureId,
        spell: Option<&str>,
    ) -> Result<Option<Ability>, Refusal> {
        let hn = &self.s.hero(h).body.name;
        let teaches = self.s.feature(f).kind == FeatureKind::Furnishing
            && matches!(
                self.s.feature(f).what.as_deref(),
                Some("bookcase" | "tome-on-pedestal")
            );
        if !teaches {
            return match spell {
                Some(sp) => Err(Refusal::Rule(format!(
                    "only a bookcase or a tome on a pedestal teaches a spell; `explore {hn}` explores this one (not {sp})"
                ))),
                None => Ok(None),
            };
        }
        let Some(word) = spell else {
            return magic::study_choice(&self.s, h).map(Some).ok_or_else(|| {
                Refusal::Rule(format!("{hn} knows every spell it could learn here"))
            });
        };
        let on_table = |a: &Ability| self.tables.spells.iter().any(|r| r.spell == a.name());
        let sp = Ability::parse(word)
            .filter(|a| a.is_spell() && on_table(a))
            .ok_or_else(|| {
                Refusal::Parse(format!(
                    "`{word}` is not a spell: {}",
                    crate::dw10::figures::SPELLS.map(|a| a.name()).join(", ")
                ))
            })?;
        if self.s.knows(h, sp) {
            return Err(Refusal::Rule(format!("{hn} knows {sp} already")));
        }
        Ok(Some(sp))
    }

    fn check_move(&self, h: HeroId, to: Sq) -> Result<(), Refusal> {
        let name = self.s.hero(h).body.name.clone();
        if !self.map.board.inside(to.0, to.1) {
            return Err(Refusal::OffMap(to));
        }
        let w = Who::Hero(h);
        if !may_end(&self.s, &self.map, w, to) {
            // Who stands there, when someone does: a wall and a figure are
            // not the same reason.
            let why = match (self.s.at(to), self.s.familiar_at(to)) {
                (Some(o), _) if o != w => format!("{} stands there", self.s.body(o).name).into(),
                (_, Some(owner)) => {
                    format!("{}'s familiar is there", self.s.hero(owner).body.name).into()
                }
                _ => "no figure may stop there".into(),
            };
            return Err(Refusal::Unreachable {
                name,
                at: fmt_sq(to),
                why,
            });
        }
        let hero = self.s.hero(h);
        let r = reach(&self.s, &self.map, w, 200);
        let Some(cost) = r.cost(to) else {
            return Err(Refusal::Unreachable {
                name,
                at: fmt_sq(to),
                why: "no way there: walls, shut doors, enemies or kill zones".into(),
            });
        };
        if cost > hero.mp {
            return Err(Refusal::Movement {
                name,
                left: hero.mp,
                cost,
            });
        }
        self.jump_check(h, to, cost)
    }

    /// A Swift Mover's double move may not end in a kill zone, walked or
    /// jumped into (L202-203).
    fn jump_check(&self, h: HeroId, to: Sq, cost: u32) -> Result<(), Refusal> {
        if self.s.double_move_barred(h, to, cost) {
            return Err(Refusal::Rule(format!(
                "{}'s swift double move may not end in a kill zone",
                self.s.hero(h).body.name
            )));
        }
        Ok(())
    }

    /// The door on an edge of the hero's square (`shut`: a closed one to
    /// open, else an open one to close).
    fn door_by(&self, h: HeroId, side: Option<Side>, shut: bool) -> Result<FeatureId, Refusal> {
        let at = self.s.hero(h).body.at.unwrap_or((0, 0));
        // The doors the hero sees on each side of its square, open or not.
        let mut seen: Vec<(Side, FeatureId)> = Vec::new();
        for s in [Side::N, Side::E, Side::S, Side::W] {
            let (dx, dy) = s.delta();
            let q = (at.0 + dx, at.1 + dy);
            let e = if at <= q { (at, q) } else { (q, at) };
            if let Some(&f) = self.s.door_at.get(&e)
                && !self.s.hidden(f)
            {
                seen.push((s, f));
            }
        }
        let fits = |f: FeatureId| self.s.open[f.0 as usize] != shut;
        let doors: Vec<(Side, FeatureId)> =
            seen.iter().copied().filter(|&(_, f)| fits(f)).collect();
        let name = &self.s.hero(h).body.name;
        let state = if shut { "closed" } else { "open" };
        if let Some(want) = side {
            if let Some(&(_, d)) = doors.iter().find(|(s, _)| *s == want) {
                return Ok(d);
            }
            if !doors.is_empty() {
                let there = match seen.iter().find(|(s, _)| *s == want) {
                    Some(_) if shut => ": the door there is open",
                    Some(_) => ": the door there is closed",
                    None => "",
                };
                return Err(Refusal::Rule(format!(
                    "there is no {state} door on {name}'s {} side ({}){there}; there {}",
                    side_word(want),
                    want.name(),
                    sides_with(&doors, state),
                )));
            }
        }
        match doors.as_slice() {
            [(_, d)] => Ok(*d),
            [] => Err(Refusal::NotNext {
                name: name.clone(),
                what: if shut {
                    "a closed door"
                } else {
                    "an open door"
                },
            }),
            _ => Err(Refusal::Rule(format!(
                "there {}: say which (N, E, S or W)",
                sides_with(&doors, state)
            ))),
        }
    }

    fn next_to(
        &self,
        h: HeroId,
        kinds: &[FeatureKind],
        what: &'static str,
    ) -> Result<FeatureId, Refusal> {
        let at = self.s.hero(h).body.at.unwrap_or((0, 0));
        self.s
            .features
            .iter()
            .enumerate()
            .find(|(i, f)| {
                !self.s.gone[*i]
                    && kinds.contains(&f.kind)
                    && ((f.x, f.y) == at || adjacent((f.x, f.y), at))
            })
            .map(|(i, _)| FeatureId(i as u32))
            .ok_or_else(|| Refusal::NotNext {
                name: self.s.hero(h).body.name.clone(),
                what,
            })
    }
}

use crate::core::geom::side_word;

/// Where the doors a hero may use are: `is one on its west side (W)`,
/// `are closed doors on its north (N) and west (W) sides`.
fn sides_with(doors: &[(Side, FeatureId)], state: &str) -> String {
    let words: Vec<String> = doors
        .iter()
        .map(|&(s, _)| format!("{} ({})", side_word(s), s.name()))
        .collect();
    match (words.as_slice(), doors) {
        (_, [(s, _)]) => format!("is one on its {} side ({})", side_word(*s), s.name()),
        ([first @ .., last], _) => format!(
            "are {state} doors on its {} and {last} sides",
            first.join(", ")
        ),
        ([], _) => format!("is no {state} door beside it"),
    }
}

/// What a checked spell is cast on.
enum CastOn {
    Caster,
    Monster(MonsterId),
    Door(FeatureId),
}

fn around(p: Sq) -> impl Iterator<Item = Sq> {
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| (p.0 + dx, p.1 + dy)))
        .filter(move |q| *q != p)
}

fn reset_heroes(c: &mut Ctx) {
    for h in c.s.heroes.iter_mut() {
        let swift = h.body.has(Ability::SwiftMover);
        h.mp = if swift {
            h.movement() * 2
        } else {
            h.movement()
        };
        h.magic.double_move = swift.then(|| h.movement());
        h.moved = false;
        h.shot = false;
        h.done = false;
        h.used.clear();
        h.magic.shot_at = false;
        h.magic.conditioned = false;
        h.magic.finger = None;
        h.magic.shield = false;
        h.magic.fire_ward = false;
        h.magic.poison_ward = false;
        if let Some(f) = h.familiar.as_mut() {
            f.moved = false;
        }
    }
    // Swift Mover does not double from inside a kill zone (L202-203).
    for i in 0..c.s.heroes.len() {
        let w = Who::Hero(HeroId(i as u32));
        let free = c.s.enemies_next_to(w).is_empty();
        if c.s.body(w).alive() && !free {
            let m = c.s.heroes[i].movement();
            c.s.heroes[i].mp = m;
            c.s.heroes[i].magic.double_move = None;
        }
        c.s.heroes[i].magic.charge_ok = free;
    }
}

/// The Draken Master is the Mover: its coffins, its held doors, its
/// monsters; then the heroes' Non-Mover's Shooting Phase.
fn dm_moves(c: &mut Ctx, policy: &Policy) {
    c.s.mover = SideId::Dm;
    for h in c.s.heroes.iter_mut() {
        h.mp = 0;
    }
    spawn::coffins(c);
    magic::hold_checks(c);
    c.push(Event::ActionPhase { side: SideId::Dm });
    dm::action_phase(c, policy);
    if combat::victory(c) {
        return;
    }
    c.push(Event::ShootingPhase {
        side: SideId::Heroes,
    });
    c.s.phase = Phase::HeroesShoot;
    if !c.s.heroes_woken {
        magic::wake_checks(c);
    }
}

/// A move's start: counters, re-spawns, initiative, spawning, and the
/// Draken Master's phase when it is the Mover.
pub fn begin_move(c: &mut Ctx, policy: &Policy, scaled_down: bool) {
    if combat::victory(c) {
        return;
    }
    c.s.move_no += 1;
    c.push(Event::MoveBegins {
        number: c.s.move_no,
    });
    turn::counters(c);
    if combat::victory(c) {
        return;
    }
    turn::respawn(c);
    c.s.listen_bonus = c.s.heroes.iter().filter(|h| h.listening).count().min(1) as u32;
    for h in c.s.heroes.iter_mut() {
        h.listening = false;
    }
    for w in c.s.figures() {
        c.s.body_mut(w).gazed_by = None;
    }
    c.s.heroes_acted = false;
    c.s.heroes_woken = false;
    let mut mover = turn::initiative(c);
    if mover == SideId::Dm && dm::gives_move(c.s, policy) {
        c.push(Event::GivesMove { side: SideId::Dm });
        mover = SideId::Heroes;
    }
    c.s.mover = mover;
    spawn::spawn_roll(c, scaled_down);
    reset_heroes(c);
    match mover {
        SideId::Heroes => {
            magic::hold_checks(c);
            c.push(Event::ActionPhase {
                side: SideId::Heroes,
            });
            c.s.phase = Phase::HeroesAct;
            magic::wake_checks(c);
            c.s.heroes_woken = true;
        }
        SideId::Dm => dm_moves(c, policy),
    }
}

/// `end`: the rest of the move, then the next move's start.
pub fn end_phase(c: &mut Ctx, policy: &Policy, scaled_down: bool) {
    if c.s.phase == Phase::HeroesAct {
        // Slow heroes that spent nothing beside a pit may cross it next time.
        for h in c.s.live_heroes() {
            let hero = c.s.hero(h);
            if !hero.moved && !hero.shot && !hero.magic.asleep {
                crate::dw10::play::walk::wait_by_pit(c.s, c.map, Who::Hero(h), c.ev);
            }
        }
        c.push(Event::ShootingPhase { side: SideId::Dm });
        dm::shooting_phase(c, policy);
        if combat::victory(c) {
            return;
        }
    }
    turn::after_shooting(c);
    if combat::victory(c) {
        return;
    }
    combat::melee_phase(c);
    if combat::victory(c) {
        return;
    }
    c.s.moves_done += 1;
    begin_move(c, policy, scaled_down);
}
