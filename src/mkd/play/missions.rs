//! The engine's side of the MKD Adventure "Alternate Scenarios": rescue,
//! stealth and kidnapping. The plain quest never reaches this code, so its
//! transcripts are what they always were.
//!
//! What the project decided where the rules are silent:
//! - **Rescue.** The prisoner's figure comes from the party file's optional
//!   `prisoner:` entry (a built-in 20-point fighter otherwise). Until freed it
//!   is not one of the heroes at all: it only fills its square. `NAME frees
//!   prisoner` from an adjacent square checks its shackles for a trap exactly
//!   as for a door (a random chest of the Chest Pool, that chest's trap
//!   table); a harmless result frees it at once, an armed trap can be
//!   disarmed (`NAME disarms 20,4 fast|slow`, the prisoner's square) or set
//!   off by freeing again. The prisoner is freed before the trap goes off, so
//!   an area trap can kill it. It joins the freeing hero's team, acts from
//!   the next turn, starts one wound from death and cannot be healed. The
//!   Guardian set aside at setup is then revealed at the entrance (its
//!   reveal bonus applies); the monsters that come out of it always take the
//!   prisoner as first choice when they can reach it. Won when the prisoner
//!   leaves through the entrance; lost when it dies, or when no hero is left
//!   who could still free it or bring it out.
//! - **Stealth.** A monster's decision roll has the Quest Chest as first
//!   choice whenever it can reach the chest (or the hero carrying it): on the
//!   first-choice faces it commits to destroying it for the rest of the
//!   game ([`MonsterMode::ChestHunt`]), and goes back to hunting heroes only
//!   when no route leads to the chest. At the chest it attacks without
//!   abilities or shooting: in dice combat its melee dice against armour 5
//!   (to-hit dice as usual, a kill die of 5 or 6 destroys the contents); in
//!   manual combat the players roll it with the figure and report a hit with
//!   `smash MONSTER`. A hunter attacks a carrier like any hero; any wound it
//!   deals (or `smash` in manual combat) destroys the contents. A demoralized
//!   hunter retreats like any demoralized monster.
//! - **Kidnapping.** The Guardian WMT wanders like the others. The monster
//!   chosen among those it reveals (a d6 when there are several) runs for the
//!   entrance at full speed, through heroes, retrying break-aways. It is
//!   captured once it has one wound left, or once it is demoralized after
//!   taking a wound (the engine keeps wounds, not dials). A captive that
//!   begins its activation next to a hero waits for the players; they move
//!   it on their turn with `lead MONSTER to X,Y` (once a turn, within its
//!   speed, with a hero next to it; it reveals no token) and win with `lead
//!   MONSTER out` (it walks to an entrance square within its speed and is
//!   taken out). A captive with no hero next to it retreats by the
//!   demoralized rules; if it leaves the dungeon, or dies, the mission is
//!   lost. If the Guardian's reveal brings out no monster there is nobody to
//!   kidnap and the mission is lost.

use crate::core::geom::all_around;
use crate::mkd::mission::{Goal, Mission};
use crate::mkd::play::board::{Board, DoorTrap, FAR, fmt_point};
use crate::mkd::play::engine::{Cause, Game, plural};
use crate::mkd::play::party::Party;
use crate::mkd::play::state::{ChestPlace, HeroPlace, HeroState, MonsterMode, Outcome, Phase};
use crate::mkd::scenario::Scenario;
use crate::mkd::tables::TrapEffect;
use crate::scenario::Point;
use crate::tileset::Side;

/// What the mission adds to a running game.
#[derive(Debug, Clone, PartialEq)]
pub struct MissionState {
    /// The goal (`quest` for a plain game).
    pub goal: Goal,
    /// Rescue: the captive hero, until freed.
    pub prisoner: Option<HeroState>,
    /// Rescue: the trap on the prisoner's shackles.
    pub prisoner_trap: DoorTrap,
    /// Rescue: the prisoner's index among the heroes once freed.
    pub freed: Option<usize>,
    /// Rescue: monsters revealed from the Guardian (they go for the prisoner).
    pub guardian_monsters: Vec<usize>,
    /// Stealth: a monster destroyed the Quest Chest's contents.
    pub chest_destroyed: bool,
    /// Kidnapping: the monster to bring out.
    pub kidnappee: Option<usize>,
    /// Kidnapping: it is captured.
    pub captured: bool,
    /// Kidnapping: the turn it was last led by the heroes.
    pub led_turn: Option<u32>,
    /// Kidnapping: the heroes took it out.
    pub captive_out: bool,
}

impl MissionState {
    /// The mission of a scenario, with the prisoner (rescue) on its square.
    pub fn new(scenario: &Scenario, party: &Party, entrance_side: Side) -> MissionState {
        // The goal lies on the last floor: a floor with stairs down plays as
        // a plain floor (no prisoner, chest or kidnappee on it).
        let goal = if scenario.game.staircase.is_some() {
            Goal::Quest
        } else {
            Mission::parse(&scenario.game.mission)
                .unwrap_or_default()
                .goal
        };
        let prisoner = match (goal, scenario.game.prisoner) {
            (Goal::Rescue, Some(spot)) => {
                let h = party.prisoner_or_fallback();
                Some(HeroState {
                    name: h.name,
                    team: 0,
                    value: h.value,
                    stats: h.stats,
                    abilities: h.abilities,
                    place: HeroPlace::At(Point {
                        x: spot.x,
                        y: spot.y,
                    }),
                    facing: entrance_side,
                    // One wound from death.
                    wounds: h.stats.wounds.saturating_sub(1),
                    spent: 0,
                    done: true,
                    chests: Vec::new(),
                    held: 0,
                    levels: 0,
                })
            }
            _ => None,
        };
        MissionState {
            goal,
            prisoner,
            prisoner_trap: DoorTrap::Unchecked,
            freed: None,
            guardian_monsters: Vec::new(),
            chest_destroyed: false,
            kidnappee: None,
            captured: false,
            led_turn: None,
            captive_out: false,
        }
    }
}

impl Game {
    /// The mission's goal.
    pub fn goal(&self) -> Goal {
        self.mission.goal
    }

    /// The square of a prisoner not yet freed.
    pub(crate) fn prisoner_square(&self) -> Option<Point> {
        self.mission.prisoner.as_ref().and_then(HeroState::pos)
    }

    /// Is hero `h` the freed prisoner?
    pub(crate) fn is_prisoner(&self, h: usize) -> bool {
        self.mission.freed == Some(h)
    }

    /// The intro line naming the mission (none for a plain quest).
    pub(crate) fn mission_intro(&self) -> Option<String> {
        match self.mission.goal {
            Goal::Quest => None,
            Goal::Rescue => Some(match &self.mission.prisoner {
                Some(p) => format!(
                    "mission: rescue — {} is held on {}, one wound from death; free them (`NAME frees prisoner` from next to them) and bring them out",
                    p.name,
                    fmt_point(p.pos().expect("held on a square"))
                ),
                None => "mission: rescue — but this scenario holds no prisoner".into(),
            }),
            Goal::Stealth => Some(
                "mission: stealth — carry the Quest Chest out before a monster destroys it"
                    .into(),
            ),
            Goal::Kidnapping => Some(
                "mission: kidnapping — capture the monster the wandering Guardian hides and bring it out alive"
                    .into(),
            ),
        }
    }

    /// The mission's `status` lines.
    pub(crate) fn mission_status(&self) -> Vec<String> {
        let mut v = Vec::new();
        match self.mission.goal {
            Goal::Quest => {}
            Goal::Rescue => {
                if let Some(p) = &self.mission.prisoner {
                    let trap = match self.mission.prisoner_trap {
                        DoorTrap::Unchecked => "trap unchecked",
                        DoorTrap::Armed { .. } => "trap armed",
                        DoorTrap::Spent => "no active trap",
                    };
                    v.push(format!(
                        "mission rescue: {} is held on {} ({trap})",
                        p.name,
                        fmt_point(p.pos().expect("held on a square"))
                    ));
                } else if let Some(h) = self.mission.freed {
                    let who = &self.heroes[h];
                    v.push(format!(
                        "mission rescue: {} is free ({})",
                        who.name,
                        match who.place {
                            HeroPlace::At(p) => format!("on {}", fmt_point(p)),
                            HeroPlace::Escaped => "out of the dungeon".into(),
                            HeroPlace::Slain => "slain".into(),
                            HeroPlace::Outside => "outside".into(),
                            HeroPlace::Below => "on the floor below".into(),
                        }
                    ));
                } else {
                    v.push("mission rescue: this scenario holds no prisoner".into());
                }
            }
            Goal::Stealth => {
                let hunters: Vec<&str> = self
                    .monsters
                    .iter()
                    .filter(|m| m.active() && m.mode == MonsterMode::ChestHunt)
                    .map(|m| m.id.as_str())
                    .collect();
                v.push(format!(
                    "mission stealth: {}; chest hunters: {}",
                    if self.mission.chest_destroyed {
                        "the Quest Chest's contents are destroyed"
                    } else {
                        "the Quest Chest is intact"
                    },
                    if hunters.is_empty() {
                        "none".to_string()
                    } else {
                        hunters.join(", ")
                    }
                ));
            }
            Goal::Kidnapping => v.push(match self.mission.kidnappee {
                None => "mission kidnapping: the Guardian WMT is not revealed yet".into(),
                Some(k) => format!(
                    "mission kidnapping: {} is {}",
                    self.monsters[k].id,
                    if self.mission.captive_out {
                        "out of the dungeon with the heroes"
                    } else if self.mission.captured {
                        "captured"
                    } else {
                        "on the run"
                    }
                ),
            }),
        }
        v
    }

    // ----------------------------------------------------------- rescue

    /// `NAME frees prisoner`: checks the shackles for a trap like a door; a
    /// harmless or spent trap frees the prisoner, an armed one goes off.
    pub(crate) fn hero_free(&mut self, h: usize) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let Some(pp) = self.prisoner_square() else {
            return Err(match self.mission.goal {
                Goal::Rescue => "there is no prisoner left to free".into(),
                _ => "there is no prisoner in this mission".into(),
            });
        };
        let hp = self.heroes[h]
            .pos()
            .ok_or_else(|| format!("{name} is not in the dungeon"))?;
        if !Board::adjacent(hp, pp) {
            return Err(format!(
                "{name} must stand next to the prisoner on {} to free them",
                fmt_point(pp)
            ));
        }
        match self.mission.prisoner_trap {
            DoorTrap::Spent => {
                self.say(format!(
                    "{name} frees the prisoner: no trap holds the shackles"
                ));
                self.free_prisoner(h);
            }
            DoorTrap::Unchecked => {
                let (level, face) = self.roll_prisoner_trap();
                let trap = self.tables.chest_traps[&level].get(face).result.clone();
                self.say(format!(
                    "{name} checks the prisoner's shackles: a level {level} chest's trap, rolled {face} — {} (disarm on {}+)",
                    trap.name, trap.disarm
                ));
                if trap.effect == TrapEffect::None {
                    self.mission.prisoner_trap = DoorTrap::Spent;
                    self.free_prisoner(h);
                } else {
                    self.say(format!(
                        "the trap is armed: disarm it (`{name} disarms {},{} fast|slow`) or free the prisoner anyway to set it off",
                        pp.x, pp.y
                    ));
                }
            }
            DoorTrap::Armed { level, face } => {
                let trap = self.tables.chest_traps[&level].get(face).result.clone();
                self.mission.prisoner_trap = DoorTrap::Spent;
                self.say(format!("{name} frees the prisoner and sets off the trap"));
                self.free_prisoner(h);
                self.spring(&trap, h, None);
            }
        }
        Ok(())
    }

    /// A random chest of the pool and a d6 on its trap table, as for a door.
    fn roll_prisoner_trap(&mut self) -> (u32, u32) {
        if let DoorTrap::Armed { level, face } = self.mission.prisoner_trap {
            return (level, face);
        }
        let level = if self.chest_pool.is_empty() {
            1
        } else {
            let k = self.dice.choose(
                self.chest_pool.len(),
                "chest picked for the prisoner's trap",
            );
            self.chest_pool[k]
        };
        let face = self
            .dice
            .d6(format!("prisoner's trap (level {level} chest)"));
        self.mission.prisoner_trap = DoorTrap::Armed { level, face };
        (level, face)
    }

    /// `NAME disarms X,Y fast|slow` on the prisoner's square.
    pub(crate) fn hero_disarm_prisoner(&mut self, h: usize, fast: bool) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let pp = self
            .prisoner_square()
            .expect("called on the prisoner's square");
        let hp = self.heroes[h]
            .pos()
            .ok_or_else(|| format!("{name} is not in the dungeon"))?;
        if !Board::adjacent(hp, pp) {
            return Err(format!("{name} is not next to the prisoner"));
        }
        let DoorTrap::Armed { level, face } = self.mission.prisoner_trap else {
            return Err(
                "the prisoner's shackles have no known active trap (free them to check first)"
                    .into(),
            );
        };
        let trap = self.tables.chest_traps[&level].get(face).result.clone();
        self.spend_disarm(h, fast)?;
        let need = trap.disarm;
        let r = self.dice.d6(format!("{name} disarms the prisoner's trap"));
        if r >= need {
            self.mission.prisoner_trap = DoorTrap::Spent;
            self.xp += trap.xp;
            self.say(format!(
                "{name} disarms {} ({}): rolled {r}, needed {need}+ — disarmed, +{} experience",
                trap.name,
                if fast { "quick" } else { "careful" },
                trap.xp
            ));
            self.free_prisoner(h);
        } else {
            self.say(format!(
                "{name} fails to disarm {}: rolled {r}, needed {need}+",
                trap.name
            ));
            if fast {
                self.mission.prisoner_trap = DoorTrap::Spent;
                self.free_prisoner(h);
                self.spring(&trap, h, None);
            }
        }
        Ok(())
    }

    /// The prisoner joins hero `by`'s team; the Guardian set aside at setup
    /// is revealed at the entrance.
    fn free_prisoner(&mut self, by: usize) {
        let Some(mut p) = self.mission.prisoner.take() else {
            return;
        };
        p.team = self.heroes[by].team;
        p.done = true;
        let name = p.name.clone();
        let player = self.party.teams[p.team].player.clone();
        self.heroes.push(p);
        let h = self.heroes.len() - 1;
        self.mission.freed = Some(h);
        self.say(format!(
            "{name} is free and joins {player}'s team (acting from next turn; one wound from death, and no healing)"
        ));
        let Some(token) = self.scenario.game.pools.guardian else {
            self.say("no Guardian was set aside in this scenario");
            return;
        };
        let Some(spot) = self.free_square_near(self.board.entrance[0]) else {
            self.say("the entrance is packed: the Guardian cannot come in");
            return;
        };
        let id = format!("guardian-{}-{}", token.color.name(), token.number);
        self.wmts.push(crate::mkd::play::state::WmtState {
            id: id.clone(),
            color: token.color,
            number: token.number,
            guardian: true,
            pos: spot,
        });
        self.say(format!(
            "the Guardian {id} appears at the entrance ({})",
            fmt_point(spot)
        ));
        let i = self.wmts.len() - 1;
        let placed = self.reveal(i, Cause::Other);
        for &m in &placed {
            let mid = self.monsters[m].id.clone();
            self.say(format!("{mid} will always go for {name} first"));
        }
        self.mission.guardian_monsters.extend(placed);
    }

    // ----------------------------------------------------------- stealth

    /// Where a monster must stand to attack the Quest Chest, and the hero
    /// carrying it if one does. `None` when the chest is not in reach of
    /// monsters (taken by a thief, out, or destroyed).
    pub(crate) fn quest_chest_target(&self) -> Option<(usize, Option<usize>)> {
        let c = self.chests.iter().position(|c| c.quest)?;
        match self.chests[c].place {
            ChestPlace::At(_) => Some((c, None)),
            ChestPlace::Hero(h) if self.heroes[h].pos().is_some() => Some((c, Some(h))),
            _ => None,
        }
    }

    /// A monster's attack hit the Quest Chest (or its carrier): the contents
    /// are destroyed.
    pub(crate) fn destroy_quest_chest(&mut self, m: usize) {
        let Some(c) = self.chests.iter().position(|c| c.quest) else {
            return;
        };
        if self.mission.chest_destroyed {
            return;
        }
        if let ChestPlace::Hero(h) = self.chests[c].place {
            self.heroes[h].chests.retain(|&x| x != c);
        }
        self.chests[c].place = ChestPlace::Lost;
        self.mission.chest_destroyed = true;
        let id = self.monsters[m].id.clone();
        self.say(format!(
            "{id} smashes the Quest Chest: its contents are destroyed"
        ));
    }

    /// `smash MONSTER` (manual combat): the players report that a chest
    /// hunter's attack on the Quest Chest, or on the hero carrying it, hit.
    pub(crate) fn report_smash(&mut self, m: usize) -> Result<(), String> {
        if self.mission.goal != Goal::Stealth {
            return Err("`smash` is for the stealth mission only".into());
        }
        let id = self.monsters[m].id.clone();
        if self.monsters[m].mode != MonsterMode::ChestHunt {
            return Err(format!("{id} is not out to destroy the Quest Chest"));
        }
        let mp = self.monsters[m].pos.expect("active");
        let Some((c, carrier)) = self.quest_chest_target() else {
            return Err("the Quest Chest is not where a monster can reach it".into());
        };
        let at = match (carrier, self.chests[c].place) {
            (Some(h), _) => self.heroes[h].pos(),
            (None, ChestPlace::At(p)) => Some(p),
            _ => None,
        };
        if !at.is_some_and(|p| p == mp || Board::adjacent(p, mp)) {
            return Err(format!("{id} is not next to the Quest Chest"));
        }
        self.destroy_quest_chest(m);
        Ok(())
    }

    // ----------------------------------------------------------- kidnapping

    /// After a Guardian's reveal in a kidnapping: the kidnappee, by a d6
    /// when several monsters came out.
    pub(crate) fn pick_kidnappee(&mut self, placed: &[usize]) {
        if self.mission.goal != Goal::Kidnapping || self.mission.kidnappee.is_some() {
            return;
        }
        let Some(&first) = placed.first() else {
            return;
        };
        let k = if placed.len() > 1 {
            let names: Vec<String> = placed
                .iter()
                .map(|&m| self.monsters[m].id.clone())
                .collect();
            let since = self.dice.log_len();
            let k = self
                .dice
                .choose_d6(placed.len(), "the monster to kidnap", |k| names[k].clone());
            let faces: Vec<String> = self.dice.log()[since.min(self.dice.log_len())..]
                .iter()
                .map(|e| e.result.to_string())
                .collect();
            self.say(format!(
                "the monster to kidnap: rolled {} — {}",
                faces.join(", "),
                names[k]
            ));
            placed[k]
        } else {
            first
        };
        self.mission.kidnappee = Some(k);
        let id = self.monsters[k].id.clone();
        self.say(format!(
            "{id} is the one to kidnap: it will run for the exit; wound it down to capture it"
        ));
        self.update_capture();
    }

    /// Captured: one wound left, or demoralized after taking a wound.
    pub(crate) fn update_capture(&mut self) {
        let Some(k) = self.mission.kidnappee else {
            return;
        };
        let m = &self.monsters[k];
        if self.mission.captured || !m.active() {
            return;
        }
        if m.wounds_left() == 1 || (m.demoralized && m.wounds > 0) {
            self.mission.captured = true;
            let id = m.id.clone();
            self.say(format!(
                "{id} is captured: with a hero next to it at the start of its activation, the players lead it (`lead {id} to X,Y`, `lead {id} out`)"
            ));
        }
    }

    /// `lead MONSTER to X,Y` / `lead MONSTER out`.
    pub(crate) fn lead(&mut self, m: usize, to: Option<Point>) -> Result<(), String> {
        let id = self.monsters[m].id.clone();
        if self.mission.goal != Goal::Kidnapping || self.mission.kidnappee != Some(m) {
            return Err(format!("{id} is not the monster to kidnap"));
        }
        if !self.mission.captured {
            return Err(format!(
                "{id} is not captured yet: wound it down to one wound left first"
            ));
        }
        if self.mission.led_turn == Some(self.turn) {
            return Err(format!("{id} has already been led this turn"));
        }
        let Phase::Heroes(pos) = self.phase else {
            unreachable!("only in the heroes' turn")
        };
        let team = self.team_order[pos];
        let me = self.monsters[m].pos.expect("active");
        let guard = self
            .heroes
            .iter()
            .find(|h| h.team == team && h.pos().is_some_and(|p| Board::adjacent(p, me)));
        let Some(guard) = guard else {
            return Err(format!(
                "no hero of this team stands next to {id}, so it cannot be led"
            ));
        };
        let guard = guard.name.clone();
        let speed = self.monsters[m].stats.speed;
        let mover = self.monster_mover(m);
        let goals: Vec<Point> = match to {
            Some(p) => {
                if !self.board.passable(p) || (p != me && self.occupied(p)) {
                    return Err(format!("{} is not a free square", fmt_point(p)));
                }
                vec![p]
            }
            // Either way out on a split-up mission.
            None => self
                .exit_squares()
                .into_iter()
                .filter(|&p| p == me || !self.occupied(p))
                .collect(),
        };
        let dist = {
            let blocked = |p: Point| p != me && self.occupied(p);
            self.board.distances_to(&goals, &mover, &blocked)
        };
        let d = self.board.idx(me).map_or(FAR, |i| dist[i]);
        let need = d.saturating_add(u32::from(to.is_none()));
        if d == FAR || need > speed {
            return Err(format!(
                "{id} cannot get {} with its speed of {speed}{}",
                match to {
                    Some(p) => format!("to {}", fmt_point(p)),
                    None => "out".into(),
                },
                if d == FAR {
                    String::new()
                } else {
                    format!(" (it needs {need})")
                }
            ));
        }
        self.mission.led_turn = Some(self.turn);
        let mut here = me;
        while dist[self.board.idx(here).expect("on the board")] != 0 {
            let Some(&n) = self.board.downhill(here, &dist, &mover).first() else {
                break;
            };
            if let Some(dr) = self.board.door_between(here, n) {
                self.board.doors[dr].open = true;
            }
            self.monsters[m].facing = crate::mkd::play::board::side_towards(here, n);
            here = n;
        }
        self.monsters[m].pos = Some(here);
        match to {
            Some(p) => self.say(format!(
                "{guard} leads {id} to {} ({d} speed point{})",
                fmt_point(p),
                plural(d)
            )),
            None => {
                self.monsters[m].pos = None;
                self.monsters[m].mode = MonsterMode::Gone;
                self.mission.captive_out = true;
                self.say(format!(
                    "{guard} takes {id} out of the dungeon at {}",
                    fmt_point(here)
                ));
            }
        }
        Ok(())
    }

    // ----------------------------------------------------------- the end

    /// The end of a rescue, stealth or kidnapping game, with its reason.
    pub(crate) fn check_mission_end(&mut self) {
        let anyone_left = self.heroes.iter().any(|h| {
            matches!(
                h.place,
                HeroPlace::At(_) | HeroPlace::Outside | HeroPlace::Below
            )
        });
        let end: Option<(Outcome, String)> = match self.mission.goal {
            Goal::Quest => None,
            Goal::Rescue => match self.mission.freed.map(|h| self.heroes[h].place) {
                Some(HeroPlace::Escaped) => Some((
                    Outcome::Won,
                    "The prisoner is out of the dungeon alive: the mission is a success!".into(),
                )),
                Some(HeroPlace::Slain) => Some((
                    Outcome::Lost,
                    "The prisoner is dead: the mission is lost.".into(),
                )),
                _ if !anyone_left => Some((
                    Outcome::Lost,
                    "No hero is left to bring the prisoner out: the mission is lost.".into(),
                )),
                _ => None,
            },
            Goal::Stealth => {
                let quest_out = self
                    .chests
                    .iter()
                    .any(|c| c.quest && c.place == ChestPlace::Out);
                let quest_gone = self
                    .chests
                    .iter()
                    .any(|c| c.quest && c.place == ChestPlace::Lost);
                if self.mission.chest_destroyed {
                    Some((
                        Outcome::Lost,
                        "The Quest Chest's contents are destroyed: the mission is lost.".into(),
                    ))
                } else if quest_out {
                    Some((
                        Outcome::Won,
                        "The Quest Chest is out of the dungeon: the heroes win!".into(),
                    ))
                } else if quest_gone {
                    Some((
                        Outcome::Lost,
                        "The Quest Chest is gone for good: the mission is lost.".into(),
                    ))
                } else if !anyone_left {
                    Some((
                        Outcome::Lost,
                        "No hero is left in the dungeon and the Quest Chest is still inside: the mission is lost.".into(),
                    ))
                } else {
                    None
                }
            }
            Goal::Kidnapping => {
                self.update_capture();
                let k = self.mission.kidnappee;
                let guardian_waits = self.wmts.iter().any(|w| w.guardian);
                match k {
                    _ if self.mission.captive_out => Some((
                        Outcome::Won,
                        "The captive is out of the dungeon alive: the kidnapping is a success!"
                            .into(),
                    )),
                    Some(k) if self.monsters[k].mode == MonsterMode::Gone => Some((
                        Outcome::Lost,
                        format!(
                            "{} got away out of the dungeon: the mission is lost.",
                            self.monsters[k].id
                        ),
                    )),
                    Some(k) if !self.monsters[k].active() => Some((
                        Outcome::Lost,
                        format!("{} is dead: the mission is lost.", self.monsters[k].id),
                    )),
                    None if !guardian_waits => Some((
                        Outcome::Lost,
                        "The Guardian hid no monster to kidnap: the mission is lost.".into(),
                    )),
                    _ if !anyone_left => Some((
                        Outcome::Lost,
                        "No hero is left in the dungeon to take the captive: the mission is lost."
                            .into(),
                    )),
                    _ => None,
                }
            }
        };
        if let Some((o, line)) = end {
            self.phase = Phase::Over(o);
            self.say(line);
            let banner = self.turn_banner();
            self.say(banner);
        }
    }
}

/// The squares from which a monster attacks the chest lying on `c`: the
/// square itself and those around it.
pub(crate) fn chest_attack_squares(game: &Game, m: usize, c: Point) -> Vec<Point> {
    let me = game.monsters[m].pos;
    let mut v = all_around(c);
    v.push(c);
    v.into_iter()
        .filter(|&q| game.board.passable(q) && (Some(q) == me || !game.occupied(q)))
        .collect()
}

#[cfg(test)]
#[path = "missions_tests.rs"]
mod tests;
