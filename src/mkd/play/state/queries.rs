//! Who is who and where the ways lead: the questions the rules ask of a
//! game's state by name or square (a hero or monster named on the command
//! line, the heroes in the dungeon, a token's trigger squares, the squares
//! in and out, a hero's speed and what it has spent, the mission's
//! prisoner and Quest Chest). Answers only; nothing here changes a figure
//! but the speed a hero spends.

use super::{
    ChestId, ChestPlace, HeroId, HeroPlace, HeroState, MonsterId, State, TokenId, trigger_squares,
};
use crate::core::recent::{Recent, Same};
use crate::mkd::figures::Ability;
use crate::mkd::play::board::{Board, Mover, TileLabel};
use crate::mkd::play::refusal::{Names, Refusal, Spend};
use crate::scenario::Point;
use std::rc::Rc;
use std::sync::Arc;

impl State {
    /// Every hero's id, in party order.
    pub fn hero_ids(&self) -> impl Iterator<Item = HeroId> + use<> {
        (0..self.heroes.len()).map(HeroId)
    }

    /// The monsters of the floor being played.
    pub fn floor_monsters(&self) -> impl Iterator<Item = MonsterId> + use<> {
        (self.floor_from..self.monsters.len()).map(MonsterId)
    }

    /// The hero a command names (ignoring case; a name with diacritics
    /// also by its ASCII spelling, `Larus` for `Lárus`, and any name by a
    /// beginning no other hero shares), or why there is none: a beginning
    /// of several heroes' names is refused as ambiguous, naming them.
    pub fn hero_index(&self, name: &str) -> Result<HeroId, Refusal> {
        use crate::characters::names;
        // The name as the party spells it, as the automatic heroes give it:
        // the hero `names::lookup` would pick, as no two heroes' names are
        // the same ignoring case (the party loader refuses that).
        if let Some(i) = self.heroes.iter().position(|h| *h.name == *name) {
            return Ok(HeroId(i));
        }
        let all: Vec<&str> = self.heroes.iter().map(|h| &*h.name).collect();
        let hits = match names::lookup(&all, name) {
            Ok(i) => return Ok(HeroId(i)),
            Err(hits) => hits,
        };
        if let Some(p) = &self.mission.prisoner
            && p.name.eq_ignore_ascii_case(name)
        {
            return Err(Refusal::Prisoner {
                name: p.name.to_string(),
            });
        }
        let named =
            |ix: &mut dyn Iterator<Item = usize>| Names(ix.map(|i| all[i].into()).collect());
        if hits.len() > 1 {
            Err(Refusal::AmbiguousHero {
                name: name.to_string(),
                heroes: named(&mut hits.iter().copied()),
            })
        } else {
            Err(Refusal::NoSuchHero {
                name: name.to_string(),
                heroes: named(&mut (0..all.len())),
            })
        }
    }

    /// The revealed monster a command names (ignoring case), or why there is none.
    pub fn monster_index(&self, id: &str) -> Result<MonsterId, Refusal> {
        let found = self.floor_monsters().find(|&m| {
            let x = &self.monsters[m];
            x.id.eq_ignore_ascii_case(id) && x.active()
        });
        found.ok_or_else(|| {
            let on: Vec<String> = self
                .floor_monsters()
                .filter(|&m| self.monsters[m].active())
                .map(|m| self.monsters[m].id.to_string())
                .collect();
            if on.is_empty() {
                Refusal::NoMonsterRevealed { id: id.to_string() }
            } else {
                Refusal::NoSuchMonster {
                    id: id.to_string(),
                    monsters: Names(on),
                }
            }
        })
    }

    /// The token named `id` (its index among the tokens).
    pub fn wmt_index(&self, id: TokenId) -> Option<usize> {
        self.wmts.iter().position(|w| w.id == id)
    }

    /// The heroes standing in the dungeon.
    pub fn heroes_in_dungeon(&self) -> Vec<HeroId> {
        self.hero_ids()
            .filter(|&h| self.heroes[h].pos().is_some())
            .collect()
    }

    /// Are two squares in the same tile?
    pub fn same_tile(&self, a: Point, b: Point) -> bool {
        self.board.tile_at(a).is_some() && self.board.tile_at(a) == self.board.tile_at(b)
    }

    /// Tokens revealed by a figure standing on `p`: in the same tile, or next to it.
    pub fn wmt_triggered_by(&self, p: Point) -> Vec<TokenId> {
        let tile = self.board.tile_at(p);
        self.wmts
            .iter()
            .filter(|w| {
                Board::adjacent(w.pos, p) || (tile.is_some() && self.board.tile_at(w.pos) == tile)
            })
            .map(|w| w.id)
            .collect()
    }

    /// Every square (board index, ascending) that would reveal a token:
    /// the squares round each token and those of its tile, gathered from
    /// the tokens rather than by asking of every square.
    ///
    /// They depend on the board and where the tokens stand alone, which
    /// the heroes' commands seldom change: the thread's 8 most recent
    /// lists are kept (the same `Arc` board, which the entry holds, and the
    /// same token squares give the same list).
    pub fn token_trigger_squares(&self) -> Rc<Vec<usize>> {
        type Key = (Same<Board>, Vec<Point>);
        thread_local! {
            static RECENT: std::cell::RefCell<Recent<Key, Rc<Vec<usize>>>> =
                const { std::cell::RefCell::new(Recent::new(8)) };
        }
        RECENT.with(|recent| {
            recent.borrow_mut().find_or_make(
                |(board, tokens)| {
                    Arc::ptr_eq(&board.0, &self.board)
                        && tokens.iter().copied().eq(self.wmts.iter().map(|w| w.pos))
                },
                || {
                    let tokens: Vec<Point> = self.wmts.iter().map(|w| w.pos).collect();
                    let squares = Rc::new(trigger_squares(&self.board, &tokens));
                    ((Same(self.board.clone()), tokens), squares)
                },
            )
        })
    }

    /// The nearest free passable square to `p` (itself first), by rings.
    pub fn free_square_near(&self, p: Point) -> Option<Point> {
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

    /// Is a shot taken by a figure at `shooter` on one at `target` made next
    /// to an enemy of either? (`monster_shoots`: the shooter is a monster.)
    pub fn shot_in_melee(
        &self,
        shooter: Option<Point>,
        target: Option<Point>,
        monster_shoots: bool,
    ) -> bool {
        let near = |p: Option<Point>, heroes: bool| {
            p.is_some_and(|p| {
                let touching = |q: Option<Point>| q.is_some_and(|q| self.board.touching(p, q));
                if heroes {
                    self.heroes.iter().any(|h| touching(h.pos()))
                } else {
                    self.floor_monsters()
                        .any(|m| touching(self.monsters[m].pos))
                }
            })
        };
        // A monster's foes are the heroes, a hero's the monsters.
        near(shooter, monster_shoots) || near(target, !monster_shoots)
    }

    // ------------------------------------------------------------ movement

    /// How a hero walks.
    pub fn hero_mover(&self, _h: HeroId) -> Mover {
        Mover {
            hindering_extra: self.rules().hindering_extra,
            door_open: None,
            door_close: None,
            // Levitation moves others; it gives its owner no flight.
            flies: false,
        }
    }

    /// How a token walks (it opens doors and closes them behind it).
    pub fn wmt_mover(&self) -> Mover {
        Mover {
            hindering_extra: self.rules().hindering_extra,
            door_open: Some(self.rules().door_open),
            door_close: Some(self.rules().door_close),
            flies: false,
        }
    }

    /// How a monster walks (it opens doors and leaves them open).
    pub fn monster_mover(&self, _m: MonsterId) -> Mover {
        Mover {
            hindering_extra: self.rules().hindering_extra,
            door_open: Some(self.rules().door_open),
            door_close: None,
            // Levitation moves heroes; it gives its owner no flight.
            flies: false,
        }
    }

    /// Speed a hero has this activation (Command nearby adds to it).
    pub fn hero_speed(&self, h: HeroId) -> u32 {
        let hero = &self.heroes[h];
        let mut s = hero.stats.speed;
        if let Some(p) = hero.pos()
            && self.hero_ids().any(|o| {
                let x = &self.heroes[o];
                o != h
                    && x.has(Ability::Command)
                    && x.pos()
                        .is_some_and(|q| Board::adjacent(p, q) || self.same_tile(p, q))
            })
        {
            s += self.rules().command_bonus;
        }
        s
    }

    /// Spends speed points, or says why the hero cannot.
    pub fn spend(&mut self, h: HeroId, cost: u32, what: Spend) -> Result<(), Refusal> {
        let left = self.hero_speed(h).saturating_sub(self.heroes[h].spent);
        if cost > left {
            return Err(Refusal::NoSpeed {
                hero: self.heroes[h].name.to_string(),
                left,
                what,
                cost,
            });
        }
        self.heroes[h].spent += cost;
        Ok(())
    }

    /// Pays for a disarm attempt: a quick one or a careful one.
    pub fn spend_disarm(&mut self, h: HeroId, fast: bool) -> Result<(), Refusal> {
        if fast {
            self.spend(h, self.rules().fast_disarm_cost, Spend::QuickDisarm)
        } else {
            self.spend(h, self.rules().slow_disarm, Spend::CarefulDisarm)
        }
    }

    /// The hero's square, or why the hero has none.
    pub fn hero_square(&self, h: HeroId) -> Result<Point, Refusal> {
        self.heroes[h].pos().ok_or_else(|| Refusal::NotInDungeon {
            hero: self.heroes[h].name.to_string(),
        })
    }

    // ------------------------------------------------------------ ways in and out

    /// Does hero `h` come in at the second entrance?
    pub fn starts_second(&self, h: HeroId) -> bool {
        self.floors.second_entrance.is_some()
            && self.floors.second_party.get(h.0).copied().unwrap_or(false)
    }

    /// The squares hero `h` may come in by from outside.
    pub fn entry_squares(&self, h: HeroId) -> Vec<Point> {
        match self.floors.second_entrance {
            Some(p) if self.starts_second(h) => vec![p],
            _ => self.board.entrance.clone(),
        }
    }

    /// The squares a hero may leave the dungeon from: the entrance and, on a
    /// split-up mission, the second entrance.
    pub fn exit_squares(&self) -> Vec<Point> {
        let mut v = self.board.entrance.clone();
        v.extend(self.floors.second_entrance);
        v
    }

    /// Can a figure step out of the dungeon from `p`?
    pub fn is_exit(&self, p: Point) -> bool {
        self.board.is_entrance(p) || self.floors.second_entrance == Some(p)
    }

    /// Where a monster making for the way out may go: the exits, and (when
    /// it is fetching help) the stairs down too.
    pub fn monster_exits(&self, for_help: bool) -> Vec<Point> {
        let mut v = self.exit_squares();
        if for_help {
            v.extend(self.floors.stairs);
        }
        v
    }

    /// The speed it costs to step out of the dungeon (or down) from `p`.
    pub fn way_out_cost(&self, p: Point) -> u32 {
        if self.floors.stairs == Some(p) {
            self.rules().staircase
        } else {
            1
        }
    }

    /// The stairs down, if this floor has them: the floor they lead to,
    /// the staircase and its tile.
    pub fn stairs_down(&self) -> Option<(u32, Point, Option<TileLabel>)> {
        let p = self.floors.stairs?;
        let (f, _) = self.floor_number().unwrap_or((1, 2));
        let tile = self.board.tile_at(p).map(|t| self.board.tiles[t].label);
        Some((f + 1, p, tile))
    }

    /// Is this floor done: nobody left on it, and someone waiting below?
    pub fn floor_done(&self) -> bool {
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

    // ------------------------------------------------------------ missions

    /// The square of a prisoner not yet freed.
    pub fn prisoner_square(&self) -> Option<Point> {
        self.mission.prisoner.as_ref().and_then(HeroState::pos)
    }

    /// Is hero `h` the freed prisoner?
    pub fn is_prisoner(&self, h: HeroId) -> bool {
        self.mission.freed == Some(h)
    }

    /// Where a monster must go to attack the Quest Chest: the chest, and the
    /// hero carrying it if one does. `None` when the chest is not in reach
    /// of monsters (taken by a thief, out, or destroyed).
    pub fn quest_chest_target(&self) -> Option<(ChestId, Option<HeroId>)> {
        let c = ChestId(self.chests.iter().position(|c| c.quest)?);
        match self.chests[c].place {
            ChestPlace::At(_) => Some((c, None)),
            ChestPlace::Hero(h) if self.heroes[h].pos().is_some() => Some((c, Some(h))),
            _ => None,
        }
    }
}
