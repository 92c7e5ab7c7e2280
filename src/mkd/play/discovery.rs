//! Discoveries, doors and their traps, chests, teleporters and vortexes.

use crate::core::geom::all_around;
use crate::mkd::play::board::{Board, Door, DoorTrap, FAR, MarkerKind, Mover, fmt_point};
use crate::mkd::play::engine::{Cause, Game};
use crate::mkd::play::state::{ChestPlace, ChestState, HeroPlace, PlacedMarker};
use crate::mkd::scenario::TerrainSide;
use crate::mkd::tables::{Accessory, ChamberDiscovery, HallwayDiscovery, TrapEffect};
use crate::scenario::Point;
use crate::tileset::{Cell, TileKind};

impl Game {
    /// The discovery roll when a hero first enters tile `t` (not the Central Chamber).
    pub(crate) fn discover(&mut self, t: usize, h: usize) {
        if t == self.board.central {
            return;
        }
        let label = self.board.tiles[t].label.clone();
        let hero = self.heroes[h].name.clone();
        match self.tile_kind(t) {
            TileKind::Chamber => {
                let face = self.dice.d6(format!("chamber {label} discovery"));
                let row = self.tables.chamber_discovery.get(face).clone();
                self.say(format!(
                    "{hero} enters chamber {label} — discovery: rolled {face}, {}",
                    row.text
                ));
                match row.result {
                    ChamberDiscovery::Nothing => {}
                    ChamberDiscovery::Chest => self.discover_chest(t),
                    ChamberDiscovery::Accessory => self.discover_accessory(t),
                    ChamberDiscovery::Wmt => self.discover_wmt(t),
                    ChamberDiscovery::ChestAndAccessory => {
                        self.discover_chest(t);
                        self.discover_accessory(t);
                    }
                }
            }
            TileKind::Hallway => {
                let face = self.dice.d6(format!("hallway {label} discovery"));
                let row = self.tables.hallway_discovery.get(face).clone();
                self.say(format!(
                    "{hero} enters hallway {label} — discovery: rolled {face}, {}",
                    row.text
                ));
                match row.result {
                    HallwayDiscovery::Nothing => {}
                    HallwayDiscovery::Door => self.place_door(t),
                    HallwayDiscovery::TerrainMarker => self.place_terrain(t),
                    HallwayDiscovery::Chest => self.discover_chest(t),
                    HallwayDiscovery::Wmt => self.discover_wmt(t),
                }
            }
        }
    }

    /// A free square of tile `t` nearest its centre.
    fn spot_in_tile(&self, t: usize) -> Option<Point> {
        let c = self.board.tiles[t].centre;
        self.board
            .tile_squares(t)
            .into_iter()
            .filter(|&p| {
                !self.occupied(p)
                    && self.chest_at(p).is_none()
                    && !self.markers.iter().any(|m| m.pos == p)
            })
            .min_by_key(|p| ((p.x - c.x).abs() + (p.y - c.y).abs(), p.y, p.x))
    }

    fn discover_chest(&mut self, t: usize) {
        if self.chest_pool.is_empty() {
            self.say("the Chest Pool is empty: no chest after all");
            return;
        }
        let Some(spot) = self.spot_in_tile(t) else {
            self.say("no free square for a chest");
            return;
        };
        let levels = self.chest_pool.clone();
        let k = self
            .dice
            .choose(levels.len(), "chest drawn from the Chest Pool");
        let level = self.chest_pool.remove(k);
        let id = format!("chest-{}", self.chests.len() + 1);
        self.say(format!(
            "a chest (level {level}) on {} — {id}",
            fmt_point(spot)
        ));
        self.chests.push(ChestState {
            id,
            level,
            quest: false,
            place: ChestPlace::At(spot),
            open: false,
            trap_spent: false,
            contents: None,
        });
    }

    fn discover_wmt(&mut self, t: usize) {
        if self.wmt_pool.is_empty() {
            self.say("the WMT Pool is empty: no token after all");
            return;
        }
        let Some(spot) = self.spot_in_tile(t) else {
            self.say("no free square for a token");
            return;
        };
        let k = self
            .dice
            .choose(self.wmt_pool.len(), "token drawn from the WMT Pool");
        let w = self.put_pool_token(k, spot);
        let id = self.wmts[w].id.clone();
        self.say(format!(
            "a wandering monster token {id} on {}",
            fmt_point(spot)
        ));
        // It stands in the hero's tile: the hero's step reveals it next
        // (see `enter_square_hero`), which ends the activation.
    }

    /// Takes token `k` out of the WMT Pool and stands it on `spot`; returns
    /// its index in the game's tokens. Its id is one not used yet:
    /// `blue-4`, then `blue-4-b`, ...
    pub(crate) fn put_pool_token(&mut self, k: usize, spot: Point) -> usize {
        let tok = self.wmt_pool.remove(k);
        let base = format!("{}-{}", tok.color.name(), tok.number);
        let mut n = 0;
        let mut id = base.clone();
        while self.wmts.iter().any(|x| x.id == id) || self.monsters.iter().any(|m| m.id == id) {
            n += 1;
            id = crate::mkd::play::engine::token_id(&base, n);
        }
        self.wmts.push(crate::mkd::play::state::WmtState {
            id,
            color: tok.color,
            number: tok.number,
            guardian: false,
            pos: spot,
        });
        self.wmts.len() - 1
    }

    fn discover_accessory(&mut self, t: usize) {
        let face = self.dice.d6("accessory in the chamber");
        let row = self.tables.accessory.get(face).clone();
        self.say(format!("accessory: rolled {face}, {}", row.text));
        match row.result {
            Accessory::Door => self.place_door(t),
            Accessory::TerrainMarker => self.place_terrain(t),
            Accessory::Furnishing => {
                if self.furnishings_left.is_empty() {
                    self.say("no furnishing is left in the Accessories Pool");
                } else {
                    let f = self.furnishings_left.remove(0);
                    self.say(format!("set up {f} in {}", self.board.tiles[t].label));
                }
            }
            Accessory::Teleporter => self.place_marker(t, MarkerKind::Teleporter),
            Accessory::Vortex => self.place_marker(t, MarkerKind::Vortex),
        }
    }

    fn place_marker(&mut self, t: usize, kind: MarkerKind) {
        let Some(spot) = self.spot_in_tile(t) else {
            self.say("no free square for the marker");
            return;
        };
        let name = match kind {
            MarkerKind::Teleporter => "a teleporter",
            MarkerKind::Vortex => "a vortex",
            MarkerKind::Staircase => "a staircase",
        };
        self.say(format!("{name} marker on {}", fmt_point(spot)));
        self.markers.push(PlacedMarker {
            kind,
            pos: spot,
            tile: t,
        });
    }

    /// A door from the pool on one of tile `t`'s entryways (by d6).
    pub(crate) fn place_door(&mut self, t: usize) {
        if self.doors_left == 0 {
            self.say("no door is left in the Accessories Pool");
            return;
        }
        let ways: Vec<Vec<[Point; 2]>> = self
            .board
            .entryway_edges(t)
            .into_iter()
            .filter(|w| {
                w.iter()
                    .all(|e| self.board.door_between(e[0], e[1]).is_none())
            })
            .collect();
        if ways.is_empty() {
            self.say("every entryway here already has a door");
            return;
        }
        let names: Vec<String> = ways.iter().map(|w| fmt_point(w[0][1])).collect();
        let k = self
            .dice
            .choose_d6(ways.len(), "entryway for the door", |k| names[k].clone());
        self.doors_left -= 1;
        let edges = ways[k].clone();
        self.say(format!(
            "a closed door on the entryway at {} (trap unknown)",
            names[k]
        ));
        self.board.doors.push(Door {
            edges,
            open: false,
            trap: DoorTrap::Unchecked,
        });
    }

    fn place_terrain(&mut self, t: usize) {
        if self.terrain_left.is_empty() {
            self.say("no terrain marker is left in the Accessories Pool");
            return;
        }
        let side = self.terrain_left[0];
        let (cell, what) = match side {
            TerrainSide::Obstacle => (Cell::Blocking, "obstacle"),
            TerrainSide::Special => (Cell::Hindering, "hindering"),
        };
        // The free square nearest the tile's centre; an obstacle must not cut
        // the dungeon in two (our reading: the rules lay markers, they do not
        // mean to wall the heroes off), so squares it would do that on are
        // passed over.
        let spot = self
            .free_spots_in_tile(t)
            .into_iter()
            .find(|&q| side == TerrainSide::Special || !self.would_cut_the_dungeon(q));
        let Some(spot) = spot else {
            self.say(format!(
                "no square of {} takes the {what} marker without blocking the way; it stays in the pool",
                self.board.tiles[t].label
            ));
            return;
        };
        self.terrain_left.remove(0);
        self.board.set_cell(spot, cell);
        self.say(format!(
            "a terrain marker ({what} side) on {}",
            fmt_point(spot)
        ));
    }

    /// Free squares of tile `t`, nearest its centre first.
    fn free_spots_in_tile(&self, t: usize) -> Vec<Point> {
        let c = self.board.tiles[t].centre;
        let mut v: Vec<Point> = self
            .board
            .tile_squares(t)
            .into_iter()
            .filter(|&p| {
                !self.occupied(p)
                    && self.chest_at(p).is_none()
                    && !self.markers.iter().any(|m| m.pos == p)
                    && !self.board.is_entrance(p)
            })
            .collect();
        v.sort_by_key(|p| ((p.x - c.x).abs() + (p.y - c.y).abs(), p.y, p.x));
        v
    }

    /// Would blocking square `q` leave some walkable square unreachable
    /// from the entrance (doors counted as open)?
    fn would_cut_the_dungeon(&mut self, q: Point) -> bool {
        let mover = Mover {
            hindering_extra: 0,
            door_open: Some(0),
            door_close: None,
            flies: false,
        };
        let entrance = self.board.entrance.clone();
        let reached = |b: &crate::mkd::play::board::Board| {
            b.distances_to(&entrance, &mover, &|_| false)
                .iter()
                .filter(|&&d| d != FAR)
                .count()
        };
        let before = reached(&self.board);
        let old = self.board.cell(q);
        self.board.set_cell(q, Cell::Blocking);
        let after = reached(&self.board);
        self.board.set_cell(q, old);
        after + 1 < before
    }

    // ----- doors -----

    /// The door with an edge on `p` next to hero `h`.
    fn door_near(&self, h: usize, p: Point) -> Result<usize, String> {
        let name = &self.heroes[h].name;
        let hp = self.heroes[h]
            .pos()
            .ok_or_else(|| format!("{name} is not in the dungeon"))?;
        let doors = self.board.doors_at(p);
        if doors.is_empty() {
            return Err(format!("there is no door at {}", fmt_point(p)));
        }
        // Where two doors touch the square, the one beside the hero.
        let near = doors.into_iter().find(|&d| {
            self.board.doors[d].edges.iter().any(|e| {
                e[0] == hp || e[1] == hp || Board::adjacent(e[0], hp) || Board::adjacent(e[1], hp)
            })
        });
        let Some(d) = near else {
            return Err(format!(
                "{name} is not next to the door at {}",
                fmt_point(p)
            ));
        };
        Ok(d)
    }

    /// Rolls a door's trap: a random chest of the pool, then its trap table.
    fn roll_door_trap(&mut self, d: usize) -> (u32, u32) {
        if let DoorTrap::Armed { level, face } = self.board.doors[d].trap {
            return (level, face);
        }
        let level = if self.chest_pool.is_empty() {
            1
        } else {
            let k = self
                .dice
                .choose(self.chest_pool.len(), "chest picked for the door's trap");
            self.chest_pool[k]
        };
        let face = self.dice.d6(format!("door trap (level {level} chest)"));
        self.board.doors[d].trap = DoorTrap::Armed { level, face };
        (level, face)
    }

    pub(crate) fn hero_check(&mut self, h: usize, p: Point) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        if let Some(c) = self.chest_at(p) {
            let hp = self.heroes[h]
                .pos()
                .ok_or_else(|| format!("{name} is not in the dungeon"))?;
            if !Board::adjacent(hp, p) {
                return Err(format!(
                    "{name} is not next to the chest at {}",
                    fmt_point(p)
                ));
            }
            let level = self.chests[c].level;
            let face = self.dice.d6(format!("{} trap", self.chests[c].id));
            let trap = self.tables.chest_traps[&level].get(face).result.clone();
            self.say(format!(
                "{name} checks {}: rolled {face} — {}",
                self.chests[c].id, trap.name
            ));
            return Ok(());
        }
        let d = self.door_near(h, p)?;
        if self.board.doors[d].trap == DoorTrap::Spent || self.board.doors[d].open {
            self.say(format!(
                "{name} checks the door at {}: no active trap",
                fmt_point(p)
            ));
            return Ok(());
        }
        let (level, face) = self.roll_door_trap(d);
        let trap = self.tables.chest_traps[&level].get(face).result.clone();
        self.say(format!(
            "{name} checks the door at {}: a level {level} chest's trap, rolled {face} — {} (disarm on {}+)",
            fmt_point(p),
            trap.name,
            trap.disarm
        ));
        if trap.effect == TrapEffect::None {
            self.board.doors[d].trap = DoorTrap::Spent;
        }
        Ok(())
    }

    pub(crate) fn hero_disarm(&mut self, h: usize, p: Point, fast: bool) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let d = self.door_near(h, p)?;
        let DoorTrap::Armed { level, face } = self.board.doors[d].trap else {
            return Err(format!(
                "the door at {} has no known active trap (check it first)",
                fmt_point(p)
            ));
        };
        let trap = self.tables.chest_traps[&level].get(face).result.clone();
        // Either way a d6 must reach the trap's number; a quick try is cheap
        // but a failure springs the trap, a careful one costs more and a
        // failure leaves it armed.
        self.spend_disarm(h, fast)?;
        let need = trap.disarm;
        let r = self.dice.d6(format!("{name} disarms the door trap"));
        if r >= need {
            self.board.doors[d].trap = DoorTrap::Spent;
            self.xp += trap.xp;
            self.say(format!(
                "{name} disarms {} ({}): rolled {r}, needed {need}+ — disarmed, +{} experience",
                trap.name,
                if fast { "quick" } else { "careful" },
                trap.xp
            ));
        } else {
            self.say(format!(
                "{name} fails to disarm {}: rolled {r}, needed {need}+",
                trap.name
            ));
            if fast {
                self.spring_door_trap(d, h);
            }
        }
        Ok(())
    }

    /// A door's trap goes off on hero `h`.
    fn spring_door_trap(&mut self, d: usize, h: usize) {
        let (level, face) = self.roll_door_trap(d);
        self.board.doors[d].trap = DoorTrap::Spent;
        let trap = self.tables.chest_traps[&level].get(face).result.clone();
        let far_side = self.heroes[h].pos().and_then(|hp| {
            self.board.doors[d].edges.iter().find_map(|e| {
                if Board::adjacent(e[0], hp) || e[0] == hp {
                    Some(e[1])
                } else if Board::adjacent(e[1], hp) || e[1] == hp {
                    Some(e[0])
                } else {
                    None
                }
            })
        });
        self.spring(&trap, h, far_side);
    }

    /// The effect of a sprung trap on hero `h`; alarms bring monsters to `far`.
    pub(crate) fn spring(&mut self, trap: &crate::mkd::tables::Trap, h: usize, far: Option<Point>) {
        let name = self.heroes[h].name.clone();
        self.say(format!("the trap goes off: {}", trap.name));
        match &trap.effect {
            TrapEffect::None => {}
            TrapEffect::Wounds { wounds, area } => {
                let mut hit = vec![h];
                if *area && let Some(p) = self.heroes[h].pos() {
                    hit.extend((0..self.heroes.len()).filter(|&o| {
                        o != h && self.heroes[o].pos().is_some_and(|q| Board::adjacent(p, q))
                    }));
                }
                for o in hit {
                    if self.heroes[o].pos().is_some() {
                        self.wound_hero(o, *wounds);
                    }
                }
            }
            TrapEffect::Alarm => {
                if self.wmt_pool.is_empty() {
                    self.say("the alarm rings, but the WMT Pool is empty");
                    return;
                }
                let at = far
                    .or_else(|| self.heroes[h].pos())
                    .and_then(|p| self.free_square_near(p));
                let Some(at) = at else { return };
                let k = self
                    .dice
                    .choose(self.wmt_pool.len(), "token the alarm calls");
                let i = self.put_pool_token(k, at);
                let id = self.wmts[i].id.clone();
                self.say(format!("the alarm calls {id} to {}", fmt_point(at)));
                self.reveal(i, Cause::Other);
            }
            TrapEffect::Teleport => {
                self.say(format!("{name} is whisked away"));
                self.teleport_random(h);
            }
        }
    }

    pub(crate) fn hero_open_door(&mut self, h: usize, p: Point) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let d = self.door_near(h, p)?;
        if self.board.doors[d].open {
            return Err(format!("the door at {} is already open", fmt_point(p)));
        }
        let cost = self.rules().door_open;
        self.spend(h, cost, "opening a door")?;
        self.board.doors[d].open = true;
        self.say(format!("{name} opens the door at {}", fmt_point(p)));
        if self.board.doors[d].trap != DoorTrap::Spent {
            self.spring_door_trap(d, h);
        }
        Ok(())
    }

    pub(crate) fn hero_close_door(&mut self, h: usize, p: Point) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let d = self.door_near(h, p)?;
        if !self.board.doors[d].open {
            return Err(format!("the door at {} is already closed", fmt_point(p)));
        }
        let blocked = self.board.doors[d]
            .edges
            .iter()
            .any(|e| self.occupied(e[0]) && self.occupied(e[1]));
        if blocked {
            return Err("figures stand in the doorway".into());
        }
        let cost = self.rules().door_close;
        self.spend(h, cost, "closing a door")?;
        self.board.doors[d].open = false;
        self.say(format!("{name} closes the door at {}", fmt_point(p)));
        Ok(())
    }

    // ----- chests -----

    pub(crate) fn hero_open_chest(&mut self, h: usize, p: Point) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let hp = self.heroes[h]
            .pos()
            .ok_or_else(|| format!("{name} is not in the dungeon"))?;
        let c = self
            .chest_at(p)
            .ok_or_else(|| format!("there is no chest at {}", fmt_point(p)))?;
        if !(Board::adjacent(hp, p) || hp == p) {
            return Err(format!(
                "{name} is not next to the chest at {}",
                fmt_point(p)
            ));
        }
        if self.chests[c].open {
            return Err(format!(
                "{} is already open: take it with `{name} takes chest at {}`",
                self.chests[c].id,
                fmt_point(p)
            ));
        }
        if self.heroes[h].chests.len() as u32 >= self.rules().chests_per_hero {
            return Err(format!(
                "{name} already carries {} chests",
                self.rules().chests_per_hero
            ));
        }
        let cost = self.rules().chest_pickup;
        self.spend(h, cost, "opening a chest")?;
        let level = self.chests[c].level;
        let id = self.chests[c].id.clone();
        if !self.chests[c].trap_spent {
            let face = self.dice.d6(format!("{id} trap"));
            let trap = self.tables.chest_traps[&level].get(face).result.clone();
            self.say(format!(
                "{name} opens {id}: trap roll {face} — {}",
                trap.name
            ));
            self.chests[c].trap_spent = true;
            if trap.effect != TrapEffect::None {
                self.spring(&trap, h, Some(p));
            }
        } else {
            self.say(format!("{name} opens {id}"));
        }
        if self.chests[c].contents.is_none() {
            let face = self.dice.d6(format!("{id} contents"));
            let row = self.tables.chest_contents[&level].get(face).result.clone();
            let item = row.item.as_ref().map(|i| i.name.clone());
            self.say(format!(
                "{id} holds {} gold{}",
                row.gold,
                item.as_ref()
                    .map(|i| format!(" and {i}"))
                    .unwrap_or_default()
            ));
            self.chests[c].contents = Some((row.gold, item));
            self.stats.chests_opened += 1;
        }
        self.chests[c].open = true;
        if self.heroes[h].place == HeroPlace::At(hp) {
            self.chests[c].place = ChestPlace::Hero(h);
            self.heroes[h].chests.push(c);
            self.say(format!("{name} carries {id}"));
        }
        Ok(())
    }

    pub(crate) fn hero_take_chest(&mut self, h: usize, p: Point) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let hp = self.heroes[h]
            .pos()
            .ok_or_else(|| format!("{name} is not in the dungeon"))?;
        let c = self
            .chest_at(p)
            .ok_or_else(|| format!("there is no chest at {}", fmt_point(p)))?;
        if !(Board::adjacent(hp, p) || hp == p) {
            return Err(format!(
                "{name} is not next to the chest at {}",
                fmt_point(p)
            ));
        }
        if !self.chests[c].open {
            return Err(format!(
                "{} is closed: open it first (`{name} opens chest at {}`)",
                self.chests[c].id,
                fmt_point(p)
            ));
        }
        if self.heroes[h].chests.len() as u32 >= self.rules().chests_per_hero {
            return Err(format!(
                "{name} already carries {} chests",
                self.rules().chests_per_hero
            ));
        }
        let cost = self.rules().chest_pickup;
        self.spend(h, cost, "taking a chest")?;
        self.chests[c].place = ChestPlace::Hero(h);
        self.heroes[h].chests.push(c);
        self.say(format!("{name} takes {}", self.chests[c].id));
        Ok(())
    }

    pub(crate) fn hero_drop_chest(&mut self, h: usize) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let hp = self.heroes[h]
            .pos()
            .ok_or_else(|| format!("{name} is not in the dungeon"))?;
        let Some(&c) = self.heroes[h].chests.last() else {
            return Err(format!("{name} carries no chest"));
        };
        let spots: Vec<Point> = all_around(hp)
            .into_iter()
            .filter(|&q| self.board.passable(q) && !self.occupied(q) && self.chest_at(q).is_none())
            .collect();
        let Some(&spot) = spots.first() else {
            return Err(format!("no free square next to {name} to drop a chest on"));
        };
        let cost = self.rules().chest_drop;
        self.spend(h, cost, "dropping a chest")?;
        self.heroes[h].chests.pop();
        self.chests[c].place = ChestPlace::At(spot);
        self.chests[c].open = true;
        self.say(format!(
            "{name} drops {} on {} (left open)",
            self.chests[c].id,
            fmt_point(spot)
        ));
        Ok(())
    }

    pub(crate) fn hero_give_chest(&mut self, h: usize, to: &str) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let o = self.hero_index(to)?;
        let (Some(a), Some(b)) = (self.heroes[h].pos(), self.heroes[o].pos()) else {
            return Err("both heroes must be in the dungeon".into());
        };
        if !Board::adjacent(a, b) {
            return Err(format!(
                "{name} and {} are not next to each other",
                self.heroes[o].name
            ));
        }
        let Some(&c) = self.heroes[h].chests.last() else {
            return Err(format!("{name} carries no chest"));
        };
        if self.heroes[o].chests.len() as u32 >= self.rules().chests_per_hero {
            return Err(format!(
                "{} already carries {} chests",
                self.heroes[o].name,
                self.rules().chests_per_hero
            ));
        }
        let cost = self.rules().chest_transfer;
        self.spend(h, cost, "handing over a chest")?;
        self.heroes[h].chests.pop();
        self.heroes[o].chests.push(c);
        self.chests[c].place = ChestPlace::Hero(o);
        self.say(format!(
            "{name} hands {} to {}",
            self.chests[c].id, self.heroes[o].name
        ));
        Ok(())
    }

    // ----- teleporters and vortexes -----

    pub(crate) fn hero_teleport(&mut self, h: usize, to: Option<Point>) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let hp = self.heroes[h]
            .pos()
            .ok_or_else(|| format!("{name} is not in the dungeon"))?;
        if !self
            .markers
            .iter()
            .any(|m| m.kind == MarkerKind::Teleporter && m.pos == hp)
        {
            return Err(format!("{name} is not standing on a teleporter"));
        }
        let others: Vec<Point> = self
            .markers
            .iter()
            .filter(|m| m.kind == MarkerKind::Teleporter && m.pos != hp)
            .map(|m| m.pos)
            .collect();
        self.heroes[h].done = true;
        match to {
            Some(p) => {
                if !others.contains(&p) {
                    return Err(format!(
                        "{} is not another teleporter; the choice needs a second teleporter (found: {})",
                        fmt_point(p),
                        if others.is_empty() {
                            "none".into()
                        } else {
                            others
                                .iter()
                                .map(|&q| fmt_point(q))
                                .collect::<Vec<_>>()
                                .join(", ")
                        }
                    ));
                }
                let spot = self.free_square_near(p).unwrap_or(p);
                self.heroes[h].place = HeroPlace::At(spot);
                self.say(format!("{name} steps through to {}", fmt_point(spot)));
                self.enter_square_hero(h, spot);
            }
            None => self.teleport_random(h),
        }
        Ok(())
    }

    /// One-way teleport to the centre of a random tile.
    pub(crate) fn teleport_random(&mut self, h: usize) {
        let n = self.board.tiles.len();
        let labels: Vec<String> = self.board.tiles.iter().map(|t| t.label.clone()).collect();
        let k = self
            .dice
            .choose_tabletop(n, 50, "teleport destination tile")
            .unwrap_or(0);
        let name = self.heroes[h].name.clone();
        let centre = self.board.tiles[k].centre;
        let spot = self
            .board
            .tile_squares(k)
            .into_iter()
            .filter(|&p| !self.occupied(p))
            .min_by_key(|p| ((p.x - centre.x).abs() + (p.y - centre.y).abs(), p.y, p.x));
        match spot {
            Some(spot) => {
                self.heroes[h].place = HeroPlace::At(spot);
                self.say(format!(
                    "{name} is teleported to {} in {}",
                    fmt_point(spot),
                    labels[k]
                ));
                self.enter_square_hero(h, spot);
            }
            None => self.say(format!("{} has no free square; {name} stays", labels[k])),
        }
    }

    pub(crate) fn hero_vortex(&mut self, h: usize) -> Result<(), String> {
        let name = self.heroes[h].name.clone();
        let hp = self.heroes[h]
            .pos()
            .ok_or_else(|| format!("{name} is not in the dungeon"))?;
        if !self
            .markers
            .iter()
            .any(|m| m.kind == MarkerKind::Vortex && m.pos == hp)
        {
            return Err(format!("{name} is not standing on a vortex"));
        }
        let cost = self.rules().door_open;
        self.spend(h, cost, "working the vortex")?;
        let Some(t) = self.board.tile_at(hp) else {
            return Err(format!("{name} is not standing on a tile"));
        };
        let label = self.board.tiles[t].label.clone();
        self.say(format!(
            "{name} works the vortex: {label} turns a quarter turn clockwise about {}",
            fmt_point(self.board.tiles[t].centre)
        ));
        // What stands on the tile turns with it.
        let on_tile = |p: Point| self.board.tile_at(p) == Some(t);
        let heroes: Vec<usize> = (0..self.heroes.len())
            .filter(|&i| self.heroes[i].pos().is_some_and(on_tile))
            .collect();
        let monsters: Vec<usize> = (0..self.monsters.len())
            .filter(|&i| self.monsters[i].pos.is_some_and(on_tile))
            .collect();
        let wmts: Vec<usize> = (0..self.wmts.len())
            .filter(|&i| on_tile(self.wmts[i].pos))
            .collect();
        let chests: Vec<usize> = (0..self.chests.len())
            .filter(|&i| matches!(self.chests[i].place, ChestPlace::At(p) if on_tile(p)))
            .collect();
        let markers: Vec<usize> = (0..self.markers.len())
            .filter(|&i| on_tile(self.markers[i].pos))
            .collect();
        // The mission's staircases (stairs down, second entrance) turn too.
        let stairs_on = self.floors.stairs.filter(|&p| on_tile(p));
        let second_on = self.floors.second_entrance.filter(|&p| on_tile(p));
        // Lift them off while the tile turns, so only what belongs to other
        // tiles can be crushed.
        let off = Point {
            x: i32::MIN,
            y: i32::MIN,
        };
        let hero_at: Vec<Point> = heroes
            .iter()
            .map(|&i| self.heroes[i].pos().unwrap_or(off))
            .collect();
        let mon_at: Vec<Point> = monsters
            .iter()
            .map(|&i| self.monsters[i].pos.unwrap_or(off))
            .collect();
        let wmt_at: Vec<Point> = wmts.iter().map(|&i| self.wmts[i].pos).collect();
        let chest_at: Vec<ChestPlace> = chests.iter().map(|&i| self.chests[i].place).collect();
        let marker_at: Vec<Point> = markers.iter().map(|&i| self.markers[i].pos).collect();
        for &i in &heroes {
            self.heroes[i].place = HeroPlace::At(off);
        }
        for &i in &monsters {
            self.monsters[i].pos = Some(off);
        }
        for &i in &wmts {
            self.wmts[i].pos = off;
        }
        for &i in &chests {
            self.chests[i].place = ChestPlace::At(off);
        }
        for &i in &markers {
            self.markers[i].pos = off;
        }
        let (moved, crushed) = self.board.turn_tile(t);
        // Anything of another tile under the turned one is destroyed.
        for &q in &crushed {
            self.destroy_at(q, &label);
        }
        for (k, &i) in heroes.iter().enumerate() {
            self.heroes[i].place = HeroPlace::At(hero_at[k]);
        }
        for (k, &i) in monsters.iter().enumerate() {
            self.monsters[i].pos = Some(mon_at[k]);
        }
        for (k, &i) in wmts.iter().enumerate() {
            self.wmts[i].pos = wmt_at[k];
        }
        for (k, &i) in chests.iter().enumerate() {
            self.chests[i].place = chest_at[k];
        }
        for (k, &i) in markers.iter().enumerate() {
            self.markers[i].pos = marker_at[k];
        }
        let to = |p: Point| moved.iter().find(|m| m.0 == p).map(|m| m.1).unwrap_or(p);
        let turn_side = |s: crate::tileset::Side| match s {
            crate::tileset::Side::N => crate::tileset::Side::E,
            crate::tileset::Side::E => crate::tileset::Side::S,
            crate::tileset::Side::S => crate::tileset::Side::W,
            crate::tileset::Side::W => crate::tileset::Side::N,
        };
        for i in heroes {
            if let Some(p) = self.heroes[i].pos() {
                self.heroes[i].place = HeroPlace::At(to(p));
                self.heroes[i].facing = turn_side(self.heroes[i].facing);
            }
        }
        for i in monsters {
            if let Some(p) = self.monsters[i].pos {
                self.monsters[i].pos = Some(to(p));
                self.monsters[i].facing = turn_side(self.monsters[i].facing);
            }
        }
        for i in wmts {
            self.wmts[i].pos = to(self.wmts[i].pos);
        }
        for i in chests {
            if let ChestPlace::At(p) = self.chests[i].place {
                self.chests[i].place = ChestPlace::At(to(p));
            }
        }
        for i in markers {
            self.markers[i].pos = to(self.markers[i].pos);
        }
        if let Some(p) = stairs_on {
            self.floors.stairs = Some(to(p));
        }
        if let Some(p) = second_on {
            self.floors.second_entrance = Some(to(p));
        }
        if crushed.is_empty() {
            self.say(format!("{label} turns without touching another tile"));
        }
        self.heroes[h].done = true;
        Ok(())
    }

    /// Removes from the dungeon whatever stands on square `q` of a tile that
    /// `label` turned onto.
    fn destroy_at(&mut self, q: Point, label: &str) {
        let mut gone = Vec::new();
        if let Some(i) = self.hero_at(q) {
            self.heroes[i].place = HeroPlace::Slain;
            for c in std::mem::take(&mut self.heroes[i].chests) {
                self.chests[c].place = ChestPlace::Lost;
            }
            gone.push(self.heroes[i].name.clone());
        }
        if let Some(i) = self.monster_at(q) {
            self.monsters[i].pos = None;
            gone.push(self.monsters[i].id.clone());
        }
        if let Some(i) = self.wmts.iter().position(|w| w.pos == q) {
            gone.push(format!("WMT {}", self.wmts.remove(i).id));
        }
        if let Some(i) = self.chest_at(q) {
            self.chests[i].place = ChestPlace::Lost;
            gone.push(self.chests[i].id.clone());
        }
        if let Some(i) = self.markers.iter().position(|m| m.pos == q) {
            self.markers.remove(i);
            gone.push("a marker".into());
        }
        let doors = self.board.doors_at(q);
        for &d in doors.iter().rev() {
            self.board.doors.remove(d);
            gone.push("a door".into());
        }
        if gone.is_empty() {
            self.say(format!("{label} now covers {}", fmt_point(q)));
        } else {
            self.say(format!(
                "{label} now covers {}: {} destroyed",
                fmt_point(q),
                gone.join(", ")
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::mkd::play::board::{Board, Door, DoorTrap, MarkerKind};
    use crate::mkd::play::engine::Game;
    use crate::mkd::play::state::{ChestPlace, HeroPlace, PlacedMarker};
    use crate::mkd::play::testkit::*;
    use crate::tileset::{Cell, Side};

    /// Ayla walks from the entrance into the hallway (tile 1).
    fn into_hallway(seed: u64) -> Game {
        let mut g = game(seed);
        g.doors_left = 1;
        g.terrain_left = vec![crate::mkd::scenario::TerrainSide::Special];
        put_hero(&mut g, 0, p(6, 3), Side::E);
        g.visited.insert(0);
        g.out.clear();
        g.apply("Ayla moves to 9,3").expect("a legal move");
        g.out = g.out.clone();
        g
    }

    fn moved(seed: u64) -> (Game, Vec<String>) {
        let mut g = game(seed);
        g.doors_left = 1;
        g.terrain_left = vec![crate::mkd::scenario::TerrainSide::Special];
        put_hero(&mut g, 0, p(6, 3), Side::E);
        g.visited.insert(0);
        let out = g.apply("Ayla moves to 9,3").expect("a legal move");
        (g, out)
    }

    fn has(out: &[String], needle: &str) -> bool {
        out.iter().any(|l| l.contains(needle))
    }

    #[test]
    fn a_hallway_is_rolled_for_once_on_first_entry() {
        let (mut g, out) = moved(1);
        assert!(
            has(&out, "enters hallway H1 — discovery: rolled"),
            "{out:?}"
        );
        let again = g.apply("Ayla moves to 10,3").unwrap();
        assert!(!has(&again, "discovery"), "{again:?}");
        let _ = into_hallway(1);
    }

    #[test]
    fn hallway_rows_do_what_the_table_says() {
        // 3: a door from the pool on one of the hallway's entryways.
        let mut found = false;
        for seed in 0..400 {
            let (g, out) = moved(seed);
            if has(&out, "discovery: rolled 3,") {
                assert_eq!(g.board.doors.len(), 1, "{out:?}");
                assert_eq!(g.doors_left, 0);
                assert!(has(&out, "a closed door on the entryway"));
                found = true;
                break;
            }
        }
        assert!(found, "no seed rolled a 3");
        // 4: a terrain marker, special side = hindering terrain.
        let mut found = false;
        for seed in 0..400 {
            let (g, out) = moved(seed);
            if has(&out, "discovery: rolled 4,") {
                let line = out
                    .iter()
                    .find(|l| l.contains("terrain marker (hindering side) on"))
                    .unwrap();
                let at = line.rsplit(' ').next().unwrap();
                let (x, y) = at.split_once(',').unwrap();
                let q = p(x.parse().unwrap(), y.parse().unwrap());
                assert_eq!(g.board.cell(q), Cell::Hindering);
                assert!(g.terrain_left.is_empty());
                found = true;
                break;
            }
        }
        assert!(found, "no seed rolled a 4");
        // 5: a chest drawn from the Chest Pool.
        let mut found = false;
        for seed in 0..400 {
            let (g, out) = moved(seed);
            if has(&out, "discovery: rolled 5,") {
                assert_eq!(g.chests.len(), 2, "{out:?}");
                assert!(g.chest_pool.is_empty());
                assert_eq!(
                    g.board.tile_at(match g.chests[1].place {
                        ChestPlace::At(q) => q,
                        _ => panic!(),
                    }),
                    Some(1)
                );
                found = true;
                break;
            }
        }
        assert!(found, "no seed rolled a 5");
        // 6: a token from the WMT Pool, revealed at once (the hero is in its tile).
        let mut found = false;
        for seed in 0..400 {
            let (g, out) = moved(seed);
            if has(&out, "discovery: rolled 6,") {
                assert!(g.wmt_pool.is_empty());
                assert!(has(&out, "is revealed: rolled"), "{out:?}");
                assert!(has(&out, "activation ends with the reveal"), "{out:?}");
                found = true;
                break;
            }
        }
        assert!(found, "no seed rolled a 6");
    }

    fn into_chamber(seed: u64) -> (Game, Vec<String>) {
        let mut g = game(seed);
        g.doors_left = 1;
        g.terrain_left = vec![crate::mkd::scenario::TerrainSide::Obstacle];
        g.furnishings_left = vec!["a shrine".into()];
        put_hero(&mut g, 0, p(9, 3), Side::W);
        g.visited.insert(1);
        let out = g.apply("Ayla moves to 7,3").expect("a legal move");
        (g, out)
    }

    #[test]
    fn chamber_and_accessory_rows_do_what_the_tables_say() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..600 {
            let (g, out) = into_chamber(seed);
            assert!(
                has(&out, "enters chamber C1 — discovery: rolled"),
                "{out:?}"
            );
            let text = out.join("\n");
            if text.contains("discovery: rolled 3,") || text.contains("discovery: rolled 6,") {
                assert_eq!(g.chests.len(), 2, "{text}");
                seen.insert("chest");
            }
            if text.contains("discovery: rolled 5,") {
                assert!(g.wmt_pool.is_empty(), "{text}");
                assert!(text.contains("is revealed"), "{text}");
                seen.insert("wmt");
            }
            if text.contains("accessory: rolled") {
                if text.contains("a closed door on the entryway") {
                    assert_eq!(g.board.doors.len(), 1);
                    seen.insert("door");
                }
                if text.contains("(obstacle side)") {
                    seen.insert("terrain");
                }
                if text.contains("set up a shrine in C1") {
                    assert!(g.furnishings_left.is_empty());
                    seen.insert("furnishing");
                }
                if text.contains("a teleporter marker on") {
                    assert_eq!(g.markers[0].kind, MarkerKind::Teleporter);
                    seen.insert("teleporter");
                }
                if text.contains("a vortex marker on") {
                    assert_eq!(g.markers[0].kind, MarkerKind::Vortex);
                    seen.insert("vortex");
                }
            }
            if text.contains("discovery: rolled 1,") || text.contains("discovery: rolled 2,") {
                assert_eq!(out.len(), 2, "nothing else happens: {text}");
                seen.insert("nothing");
            }
        }
        let all = [
            "chest",
            "wmt",
            "door",
            "terrain",
            "furnishing",
            "teleporter",
            "vortex",
            "nothing",
        ];
        for k in all {
            assert!(seen.contains(k), "no seed showed {k}");
        }
    }

    #[test]
    fn a_monster_list_s_own_statistics_beat_the_point_bands() {
        let mut g = game(1);
        let own = crate::mkd::figures::Stats {
            speed: 7,
            attacks: 9,
            shoot: None,
            armour: 6,
            wounds: 11,
        };
        g.monster_pool[0].stats = Some(own);
        let placed = g.place_monsters(&[0], p(4, 4), crate::mkd::play::engine::Cause::Other);
        assert_eq!(g.monsters[placed[0]].stats, own);
        g.monster_pool[0].stats = None;
        let placed = g.place_monsters(&[0], p(5, 5), crate::mkd::play::engine::Cause::Other);
        assert_eq!(g.monsters[placed[0]].stats, *g.tables.profile_for(20));
    }

    #[test]
    fn the_shared_pool_pays_for_heals_and_levels_in_fifties() {
        let mut g = game(1);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        put_hero(&mut g, 1, p(3, 2), Side::N);
        g.xp = 120;
        let err = g.apply("heal Ayla").unwrap_err();
        assert!(err.contains("not a wounded hero"), "{err}");
        g.heroes[0].wounds = 3;
        let out = g.apply("heal Ayla").unwrap();
        assert!(has(&out, "healed fully"));
        assert_eq!((g.heroes[0].wounds, g.xp_spent), (0, 50));
        g.apply("level Borin").unwrap();
        assert_eq!((g.heroes[1].levels, g.xp_spent), (1, 100));
        let err = g.apply("level Borin").unwrap_err();
        assert!(err.contains("holds 20 unspent points"), "{err}");
        assert!(g.status().iter().any(|l| l.contains("+1 level")));
    }

    #[test]
    fn an_obstacle_never_walls_the_heroes_off() {
        let mut g = game(1);
        g.terrain_left = vec![crate::mkd::scenario::TerrainSide::Obstacle];
        g.out.clear();
        // Every square of H1 is its one-square corridor: no square takes it.
        g.place_terrain(1);
        assert!(said(&g, "stays in the pool"), "{:?}", g.out);
        assert_eq!(g.terrain_left.len(), 1);
        assert!((8..16).all(|x| g.board.cell(p(x, 3)) == Cell::Floor));
        // In an open chamber it goes down near the centre.
        g.place_terrain(0);
        assert!(g.terrain_left.is_empty());
        assert_eq!(g.board.cell(g.board.tiles[0].centre), Cell::Blocking);
    }

    #[test]
    fn heroes_walk_through_friends_but_never_stop_on_them() {
        let mut g = game(1);
        g.visited.extend([0, 1, 2]);
        put_hero(&mut g, 0, p(9, 3), Side::E);
        put_hero(&mut g, 1, p(10, 3), Side::E);
        g.apply("Ayla moves to 12,3").expect("through Borin");
        assert_eq!(g.heroes[0].place, HeroPlace::At(p(12, 3)));
        assert_eq!(g.heroes[1].place, HeroPlace::At(p(10, 3)));
        let err = g.apply("Borin moves to 12,3").unwrap_err();
        assert!(err.contains("taken"), "{err}");
    }

    #[test]
    fn the_central_chamber_has_no_discovery_roll() {
        let mut g = game(3);
        put_hero(&mut g, 0, p(16, 3), Side::E);
        g.visited.insert(0);
        g.visited.insert(1);
        let out = g.apply("Ayla moves to 17,3").unwrap();
        assert!(!has(&out, "discovery"), "{out:?}");
    }

    fn door_game(seed: u64) -> Game {
        let mut g = game(seed);
        g.board.doors.push(Door {
            edges: vec![[p(7, 3), p(8, 3)]],
            open: false,
            trap: DoorTrap::Unchecked,
        });
        put_hero(&mut g, 0, p(7, 3), Side::E);
        g
    }

    #[test]
    fn a_checked_door_shows_a_pool_chest_trap_and_disarming_earns_experience() {
        let g = search(
            |seed| {
                let mut g = door_game(seed);
                let _ = g.apply("Ayla checks door at 8,3");
                let _ = g.apply("Ayla disarms door at 8,3 slow");
                g
            },
            |g| g.board.doors[0].trap == DoorTrap::Spent && g.xp > 0,
        );
        assert_eq!(g.heroes[0].spent, g.rules().slow_disarm);
        let g = search(
            |seed| {
                let mut g = door_game(seed);
                let _ = g.apply("Ayla checks door at 8,3");
                g.out = g.apply("Ayla disarms door at 8,3 fast").unwrap_or_default();
                g
            },
            |g| g.out.iter().any(|l| l.contains("fails to disarm")),
        );
        assert!(said(&g, "the trap goes off"), "{:?}", g.out);
        assert_eq!(g.board.doors[0].trap, DoorTrap::Spent);
    }

    #[test]
    fn opening_an_unchecked_door_springs_its_trap_and_walls_stop_walks() {
        let mut g = door_game(5);
        let err = g.apply("Ayla moves to 9,3").unwrap_err();
        assert!(err.contains("cannot reach"), "{err}");
        let out = g.apply("Ayla opens door at 8,3").unwrap();
        assert!(has(&out, "opens the door at 8,3"));
        assert!(has(&out, "the trap goes off"), "{out:?}");
        assert!(g.board.doors[0].open);
        assert_eq!(g.heroes[0].spent, g.rules().door_open);
        g.apply("Ayla moves to 9,3").expect("the way is open now");
    }

    #[test]
    fn chests_are_opened_carried_handed_over_and_dropped() {
        let mut g = game(2);
        put_hero(&mut g, 0, p(21, 6), Side::S);
        put_hero(&mut g, 1, p(20, 6), Side::S);
        g.visited.extend([0, 1, 2]);
        let out = g.apply("Ayla opens chest at 22,7").unwrap();
        assert!(has(&out, "trap roll"), "{out:?}");
        assert!(has(&out, "holds"), "{out:?}");
        if g.heroes[0].pos().is_some() && g.heroes[0].chests.len() == 1 {
            assert_eq!(g.chests[0].place, ChestPlace::Hero(0));
            g.apply("Ayla gives chest to Borin").unwrap_or_default();
        }
        let mut g = game(2);
        put_hero(&mut g, 0, p(21, 6), Side::S);
        g.chests[0].open = true;
        g.apply("Ayla takes chest at 22,7").unwrap();
        assert_eq!(g.heroes[0].chests, vec![0]);
        let out = g.apply("Ayla drops chest").unwrap();
        assert!(has(&out, "drops chest-1"), "{out:?}");
        assert!(matches!(g.chests[0].place, ChestPlace::At(q) if Board::adjacent(q, p(21, 6))));
        assert_eq!(g.heroes[0].spent, 3);
    }

    #[test]
    fn a_lone_teleporter_sends_the_hero_to_a_random_tile_centre() {
        let mut g = game(4);
        put_hero(&mut g, 0, p(4, 4), Side::N);
        g.markers.push(PlacedMarker {
            kind: MarkerKind::Teleporter,
            pos: p(4, 4),
            tile: 0,
        });
        g.visited.extend([0, 1, 2]);
        let out = g.apply("Ayla teleports").unwrap();
        assert!(has(&out, "is teleported to"), "{out:?}");
        let at = g.heroes[0].pos().unwrap();
        let t = g.board.tile_at(at).unwrap();
        let c = g.board.tiles[t].centre;
        assert!(
            (at.x - c.x).abs() + (at.y - c.y).abs() <= 3,
            "{at:?} near {c:?}"
        );
        let err = g.apply("Ayla teleports to 1,1").unwrap_err();
        assert!(
            err.contains("not standing on a teleporter") || err.contains("already had"),
            "{err}"
        );
    }

    #[test]
    fn four_quarter_turns_bring_a_tile_back_and_leave_hindering_where_it_lay() {
        let tiles = crate::tileset::default_tileset();
        let params = crate::mkd::generate::GenerateParams {
            seed: 7,
            ..Default::default()
        };
        let s = crate::mkd::generate::generate(&tiles, &params).expect("seed 7 builds");
        let mut b = Board::new(&s);
        let hall = (0..b.tiles.len())
            .find(|&t| b.tiles[t].kind == crate::tileset::TileKind::Hallway && t != s.entrance.tile)
            .expect("a hallway");
        let before = b.tile_cells(hall);
        let mut ever_covered = Vec::new();
        for _ in 0..4 {
            let (moved, crushed) = b.turn_tile(hall);
            assert_eq!(moved.len(), before.len(), "no square lost");
            ever_covered.extend(crushed);
        }
        assert_eq!(b.tile_cells(hall), before, "four turns: as it was");
        assert!(b.covered.is_empty());
        for q in ever_covered {
            if before.iter().any(|(p, _)| *p == q) {
                continue;
            }
            let orig = s.cell(q.x, q.y);
            let now = b.cell(q);
            if orig == Cell::Floor {
                assert_eq!(now, Cell::Hindering, "{q:?}");
            } else {
                assert_eq!(now, orig, "{q:?}");
            }
        }
    }

    #[test]
    fn a_vortex_turns_the_tile_with_its_figures() {
        let mut g = game(6);
        put_hero(&mut g, 0, p(9, 3), Side::E);
        g.markers.push(PlacedMarker {
            kind: MarkerKind::Vortex,
            pos: p(9, 3),
            tile: 1,
        });
        let wall_before = g.board.cell(p(11, 0));
        let out = g.apply("Ayla uses vortex").unwrap();
        assert!(has(&out, "H1 turns a quarter turn clockwise"), "{out:?}");
        // About the centre (11,3): (9,3) goes to (11,1); she now faces south.
        assert_eq!(g.heroes[0].place, HeroPlace::At(p(11, 1)));
        assert_eq!(g.heroes[0].facing, Side::S);
        assert_eq!(g.markers[0].pos, p(11, 1));
        // The corridor row turned into a column.
        assert_eq!(g.board.cell(p(11, 0)), Cell::Floor);
        assert_ne!(wall_before, Cell::Floor);
    }
}
