//! The referee (rule text L98-144): each rule a function of a [`Ctx`] that
//! checks the command first (a [`Refusal`] leaves everything as it was)
//! and then rolls and pushes the [`Event`]s it causes.

use super::event::{DoorChange, Event, Roll, Skip, Target, Task, TrapPlace, Why};
use super::grid::Grid;
use super::refusal::Refusal;
use super::state::{Fate, Footprint, ModelId, Outcome, SquareTrap, State, Team, Turn};
use super::walk::{occupant, reach};
use crate::core::dice::Dice;
use crate::core::geom::{Point, Side};
use crate::ddd::part::CounterKind;
use crate::ddd::scenarios::ScenarioKind;
use crate::ddd::warparty::{Ability, Die};

/// Ranged attacks after moving more than this many squares are not allowed (L115).
pub const SHOOT_AFTER_MOVE: u32 = 4;
/// Enthrall reaches this far (L90).
pub const ENTHRAL_RANGE: u32 = 4;
/// A healer reaches this far (L80).
pub const HEAL_RANGE: u32 = 2;
/// Half a war-party (L149, L151).
pub const HALF: u32 = 5;
/// A side may surrender once it has lost this many models (L178).
pub const SURRENDER_AFTER: usize = 3;

/// What a rule works on.
pub struct Ctx<'a> {
    /// The game.
    pub st: &'a mut State,
    /// The board.
    pub grid: &'a Grid,
    /// The dice.
    pub dice: &'a mut Dice,
    /// The events so far.
    pub ev: &'a mut Vec<Event>,
    /// The scenario.
    pub kind: ScenarioKind,
    /// The advanced rules are in play.
    pub advanced: bool,
}

/// Rolls a model's die: two where an ability says so, keeping the better
/// (the higher if `high`, else the lower).
pub fn roll(dice: &mut Dice, id: ModelId, die: Die, two: bool, high: bool, what: &str) -> Roll {
    let n = if two { 2 } else { 1 };
    let faces: Vec<u32> = (0..n)
        .map(|_| dice.roll(1, die.sides(), format_args!("{id} {what} ({die:?})")))
        .collect();
    let kept = if high {
        *faces.iter().max().unwrap_or(&1)
    } else {
        *faces.iter().min().unwrap_or(&1)
    };
    Roll {
        die,
        faces,
        kept,
        mage: None,
    }
}

impl Ctx<'_> {
    fn push(&mut self, e: Event) {
        self.ev.push(e);
    }

    /// A Mage re-rolls a roll that failed it, once a round (L66): the
    /// second roll stands.
    fn mage(&mut self, id: ModelId, r: &mut Roll, failed: bool, what: &str) {
        let f = self.st.fig(id);
        if failed && f.has(Ability::Mage) && !f.mage_used && r.mage.is_none() {
            self.st.fig_mut(id).mage_used = true;
            let v = self.dice.roll(
                1,
                r.die.sides(),
                format_args!("{id} {what}: the Mage's re-roll"),
            );
            r.mage = Some(v);
        }
    }

    /// A test against a target number; Sneaky passes break-away and hide
    /// without a roll (L88), Master Thief rolls two for thieving (L86).
    pub fn test(&mut self, id: ModelId, task: Task) -> bool {
        let f = self.st.fig(id);
        if f.has(Ability::Sneaky) && matches!(task, Task::BreakAway | Task::Hide) {
            self.push(Event::Test {
                id,
                task,
                roll: None,
                passed: true,
            });
            return true;
        }
        let thieving = matches!(task, Task::PickLock | Task::SetTrap | Task::RemoveTrap);
        let target = task.target();
        let high = matches!(target, Target::AtLeast(_));
        let mut r = roll(
            self.dice,
            id,
            f.power,
            thieving && f.has(Ability::MasterThief),
            high,
            "power test",
        );
        let fail = !target.passes(r.value());
        self.mage(id, &mut r, fail, "power test");
        let passed = target.passes(r.value());
        self.push(Event::Test {
            id,
            task,
            roll: Some(r),
            passed,
        });
        passed
    }

    fn turn(&self) -> Turn {
        self.st.turn.expect("a turn is under way")
    }

    fn turn_mut(&mut self) -> &mut Turn {
        self.st.turn.as_mut().expect("a turn is under way")
    }

    fn reveal(&mut self, id: ModelId) {
        if self.st.fig(id).hidden {
            self.st.fig_mut(id).hidden = false;
            self.push(Event::Revealed { id });
        }
    }

    /// Hidden models in close combat lose their markers (L133).
    fn reveal_engaged(&mut self) {
        let ids: Vec<ModelId> = self
            .st
            .figures
            .iter()
            .filter(|f| f.hidden && f.on_board())
            .map(|f| f.id)
            .collect();
        for id in ids {
            if self.st.in_combat(id) {
                self.reveal(id);
            }
        }
    }

    fn need_action(&self) -> Result<ModelId, Refusal> {
        let t = self.turn();
        if t.acted {
            return Err(Refusal::NoAction(t.model));
        }
        Ok(t.model)
    }

    fn enemy(&self, me: ModelId, target: ModelId) -> Result<(), Refusal> {
        if target.team == me.team {
            return Err(Refusal::WrongSide(target, "on your own side"));
        }
        if !self.st.fig(target).on_board() {
            return Err(Refusal::NotOnBoard(target));
        }
        Ok(())
    }

    fn acted(&mut self) {
        let t = self.turn_mut();
        t.acted = true;
        t.moves_left = 0;
    }

    // ----- movement (L108-109) -----

    /// Breaking away from close combat before the first step (L109):
    /// failing ends the turn.
    pub fn break_away(&mut self, id: ModelId) -> bool {
        let t = self.turn();
        if t.broke_away || !self.st.in_combat(id) {
            self.turn_mut().broke_away = true;
            return true;
        }
        let ok = self.test(id, Task::BreakAway);
        self.turn_mut().broke_away = true;
        ok
    }

    /// Walks the model to `to`.
    pub fn walk(&mut self, to: Point) -> Result<bool, Refusal> {
        let t = self.turn();
        let id = t.model;
        if t.acted {
            return Err(Refusal::AlreadyActed(id));
        }
        if t.moves_left == 0 {
            return Err(Refusal::NoMoves(id));
        }
        let foot = Footprint::new(to, self.st.fig(id).huge());
        if !self.grid.fits(foot) {
            return Err(Refusal::NotStandable(to.x, to.y));
        }
        if let Some(f) = occupant(self.st, id, foot) {
            return Err(Refusal::Taken(to.x, to.y, f));
        }
        let r = reach(self.st, self.grid, id, t.moves_left);
        let i = self.grid.board.index(to);
        if r.dist[i] > t.moves_left {
            return Err(Refusal::OutOfReach(to.x, to.y, t.moves_left));
        }
        let scary = self.scary_next_to(id, to);
        if scary && t.fear_failed {
            return Err(Refusal::Afraid(id));
        }
        if !self.break_away(id) {
            self.end_turn();
            return Ok(false);
        }
        if scary && !self.test(id, Task::Fear) {
            self.turn_mut().fear_failed = true;
            return Ok(true);
        }
        let path = r.path(self.grid, to);
        let cost = r.dist[i];
        self.reveal(id);
        self.st.fig_mut(id).at = to;
        let contact = !self.st.foes_adjacent(id).is_empty();
        {
            let t = self.turn_mut();
            t.moves_left = if contact { 0 } else { t.moves_left - cost };
            t.moved += cost;
        }
        self.push(Event::Moved {
            id,
            path,
            cost,
            contact,
        });
        self.reveal_engaged();
        while let Some(k) = self.st.traps.iter().position(|tr| foot.covers(tr.at)) {
            if !self.st.fig(id).on_board() {
                break;
            }
            let tr = self.st.traps.remove(k);
            self.spring(id, tr.setter, TrapPlace::Square(tr.at));
        }
        Ok(true)
    }

    /// Would standing on `p` put `id` next to an enemy that causes fear?
    fn scary_next_to(&self, id: ModelId, p: Point) -> bool {
        let me = self.st.fig(id);
        let foot = Footprint::new(p, me.huge());
        !me.fearless()
            && self.st.figures.iter().any(|f| {
                f.id.team != id.team
                    && f.engages()
                    && f.causes_fear()
                    && f.footprint().gap(&foot) == 1
            })
    }

    /// Steps off the board from an exit square (a square of movement).
    pub fn leave(&mut self) -> Result<(), Refusal> {
        let t = self.turn();
        let id = t.model;
        if t.acted {
            return Err(Refusal::AlreadyActed(id));
        }
        if t.moves_left == 0 {
            return Err(Refusal::NoMoves(id));
        }
        let at = self.st.fig(id).at;
        let Some(side) = self.grid.exit_side_foot(self.st.fig(id).footprint()) else {
            return Err(Refusal::CannotLeave(format!(
                "{},{} is not an exit square; models leave the board by the exits",
                at.x, at.y
            )));
        };
        let carrying = self.st.fig(id).carrying;
        if let Some(c) = carrying
            && self.st.counters[c].kind == CounterKind::Object
            && let Some(home) = self.st.deploy_edge[id.team.index()]
            && side != home.opposite()
        {
            return Err(Refusal::CannotLeave(format!(
                "the object of power must go off the {} edge, opposite your own",
                crate::build::board::edge_word(home.opposite())
            )));
        }
        if !self.break_away(id) {
            self.end_turn();
            return Ok(());
        }
        let kind = carrying.map(|c| self.st.counters[c].kind);
        if let Some(c) = carrying {
            let counter = &mut self.st.counters[c];
            counter.carried_by = None;
            counter.off_by = Some(id.team);
            if counter.kind == CounterKind::Treasure {
                self.st.treasure_off[id.team.index()] += 1;
            }
            self.gain(id);
        }
        let f = self.st.fig_mut(id);
        f.fate = Fate::Escaped(side);
        f.carrying = None;
        f.hidden = false;
        self.st.escaped[id.team.index()] += 1;
        if self.kind == ScenarioKind::SecretsOfTheAncients
            && self.st.fig(id).has_read
            && self.st.deploy_edge[id.team.index()].is_some_and(|h| h.opposite() == side)
        {
            self.st.goal_done[id.team.index()] = true;
        }
        self.push(Event::LeftBoard {
            id,
            side,
            carrying: kind,
        });
        self.end_turn();
        Ok(())
    }

    // ----- combat (L111-118) -----

    /// A close combat attack on an adjacent enemy.
    pub fn attack(&mut self, target: ModelId) -> Result<(), Refusal> {
        let t = self.turn();
        let id = t.model;
        if t.attacks_left == 0 {
            return Err(Refusal::NoAction(id));
        }
        self.enemy(id, target)?;
        if self.st.fig(id).gap(self.st.fig(target)) != 1 {
            return Err(Refusal::NotAdjacent(id, target));
        }
        let tf = self.st.fig(target);
        let prisoner_target = tf.bound;
        if prisoner_target {
            return Err(Refusal::Nothing("the prisoner is bound already"));
        }
        {
            let t = self.turn_mut();
            t.acted = true;
            t.moves_left = 0;
            t.attacks_left -= 1;
        }
        self.reveal(id);
        self.unstun(target);
        let me = self.st.fig(id);
        let mut att = roll(self.dice, id, me.power, false, false, "close combat");
        let def_die = self.st.fig(target).power;
        let mut def = roll(self.dice, target, def_die, false, false, "close combat");
        let lost = att.value() >= def.value();
        self.mage(id, &mut att, lost, "close combat");
        let won = att.value() < def.value();
        self.mage(target, &mut def, won, "close combat");
        let hit = att.value() < def.value();
        self.push(Event::CloseAttack {
            by: id,
            target,
            att,
            def,
        });
        if hit {
            if self.is_free_prisoner(target) && id.team != self.st.attacker {
                self.st.fig_mut(target).bound = true;
                self.push(Event::BoundAgain { prisoner: target });
            } else {
                self.damage(id, target, false);
            }
        }
        self.after_attack();
        Ok(())
    }

    fn is_free_prisoner(&self, id: ModelId) -> bool {
        self.kind == ScenarioKind::FreePrisoner && self.prisoner() == Some(id)
    }

    /// The prisoner of Free Prisoner.
    pub fn prisoner(&self) -> Option<ModelId> {
        prisoner_of(self.st, self.kind)
    }

    fn after_attack(&mut self) {
        let t = self.turn();
        let id = t.model;
        let more = t.attacks_left > 0
            && self.st.fig(id).on_board()
            && self
                .st
                .foes_adjacent(id)
                .iter()
                .any(|&f| !self.st.fig(f).bound);
        if !more {
            self.end_turn();
        }
    }

    /// An attack on a stunned model takes its stun marker off (L90), and
    /// the log says so.
    fn unstun(&mut self, id: ModelId) {
        if self.st.fig(id).stunned {
            self.st.fig_mut(id).stunned = false;
            self.push(Event::StunLifted { id });
        }
    }

    /// A ranged attack (L114-115).
    pub fn shoot(&mut self, target: ModelId) -> Result<(), Refusal> {
        let id = self.need_action()?;
        let me = self.st.fig(id).clone();
        if !me.has(Ability::RangedAttack) {
            return Err(Refusal::Lacks(id, "Ranged Attack"));
        }
        self.enemy(id, target)?;
        if self.st.in_combat(id) {
            return Err(Refusal::InCombat(id));
        }
        if self.turn().moved > SHOOT_AFTER_MOVE {
            return Err(Refusal::CannotShoot(
                "a model that moved more than 4 squares may not shoot this turn",
            ));
        }
        let tf = self.st.fig(target);
        let range = me.gap(tf);
        if range < 2 {
            return Err(Refusal::CannotShoot(
                "ranged attacks are at 2 squares or more",
            ));
        }
        if self.st.in_combat(target) {
            return Err(Refusal::CannotShoot("the target is in close combat"));
        }
        if tf.hidden || !self.grid.sees_model(self.st, &me, tf) {
            return Err(Refusal::NoSight(id, target));
        }
        if self.kind == ScenarioKind::FreePrisoner
            && self.prisoner() == Some(target)
            && id.team != self.st.attacker
        {
            return Err(Refusal::CannotShoot(
                "the defenders may not shoot the prisoner",
            ));
        }
        self.acted();
        self.reveal(id);
        self.unstun(target);
        let mut r = roll(
            self.dice,
            id,
            me.power,
            me.has(Ability::AceShot),
            true,
            "ranged attack",
        );
        let miss = r.value() < range;
        self.mage(id, &mut r, miss, "ranged attack");
        let hit = r.value() >= range;
        self.push(Event::Shot {
            by: id,
            target,
            range,
            roll: r,
        });
        if hit {
            self.damage(id, target, true);
        }
        self.end_turn();
        Ok(())
    }

    /// The damage roll (L117-118): attacker lower wounds; a 1 that is
    /// lower kills outright unless the target is Huge.
    fn damage(&mut self, by: ModelId, target: ModelId, ranged: bool) {
        let me = self.st.fig(by).clone();
        let weapon = if ranged {
            Ability::MagicWeaponRanged
        } else {
            Ability::MagicWeaponClose
        };
        let object = me
            .carrying
            .is_some_and(|c| self.st.counters[c].kind == CounterKind::Object);
        let two = (me.has(weapon) || object) && !self.turn().magic_weapon_used;
        if two {
            self.turn_mut().magic_weapon_used = true;
        }
        let power = me.power;
        let mut att = roll(self.dice, by, power, two, false, "damage");
        let tf = self.st.fig(target);
        let (dd, armour, huge) = (
            tf.defense,
            tf.has(Ability::MagicArmor),
            tf.has(Ability::Huge),
        );
        let mut def = roll(self.dice, target, dd, armour, true, "armour");
        let lost = att.value() >= def.value();
        self.mage(by, &mut att, lost, "damage");
        let won = att.value() < def.value();
        self.mage(target, &mut def, won, "armour");
        let wound = att.value() < def.value();
        let critical = wound && att.value() == 1 && !huge;
        self.push(Event::Damage {
            by,
            target,
            att,
            def,
            critical,
        });
        if critical {
            self.earn(by, target);
            self.kill(target, Some(by));
        } else if wound {
            self.wound(target, Some(by));
        }
    }

    /// One wound (no armour: traps, failed disarms); the last one may be
    /// saved by a healer within 2 (L130-131).
    pub fn wound(&mut self, id: ModelId, by: Option<ModelId>) {
        let f = self.st.fig(id);
        if f.wounds + 1 >= f.max_wounds() && self.save(id) {
            return;
        }
        if let Some(b) = by {
            self.earn(b, id);
        }
        let f = self.st.fig_mut(id);
        f.wounds += 1;
        let (w, of) = (f.wounds, f.max_wounds());
        self.push(Event::Wounded { id, wounds: w, of });
        if w >= of {
            self.kill(id, by);
        }
    }

    /// A friendly healer's save from the last wound, once a round. It is
    /// made on the attacker's turn, outside the healer's own (L131), so a
    /// stun marker, which costs the healer only its next turn (L90), does
    /// not stop it.
    fn save(&mut self, id: ModelId) -> bool {
        let wounded = self.st.fig(id).clone();
        let healer = self
            .st
            .figures
            .iter()
            .find(|h| {
                h.id.team == id.team
                    && h.engages()
                    && h.has(Ability::Healer)
                    && !h.heal_used
                    && h.gap(&wounded) <= HEAL_RANGE
            })
            .map(|h| h.id);
        let Some(h) = healer else {
            return false;
        };
        self.st.fig_mut(h).heal_used = true;
        self.test(h, Task::Save)
    }

    fn kill(&mut self, id: ModelId, by: Option<ModelId>) {
        let f = self.st.fig_mut(id);
        f.fate = Fate::Dead;
        f.hidden = false;
        let at = f.at;
        let carried = f.carrying.take();
        let _ = by;
        self.st.kills[id.team.other().index()] += 1;
        self.push(Event::Killed { id, at });
        if let Some(c) = carried {
            let counter = &mut self.st.counters[c];
            counter.carried_by = None;
            counter.at = Some(at);
            let kind = counter.kind;
            self.push(Event::Dropped { kind, at });
        }
        if self.st.turn.is_some_and(|t| t.model == id) {
            self.end_turn();
        }
    }

    // ----- non-combat actions (L120-141) -----

    fn door(&self, id: ModelId, side: Side, what: &'static str) -> Result<usize, Refusal> {
        let at = self.st.fig(id).at;
        self.st
            .fig(id)
            .footprint()
            .squares()
            .filter_map(|p| self.grid.door_on(p, side))
            .find(|&k| !self.st.doors[k].gone)
            .ok_or_else(|| Refusal::NoDoor {
                what,
                side: side.name(),
                at: format!("{},{}", at.x, at.y),
            })
    }

    /// A door's trap springs on whoever works it (L143).
    fn door_trap(&mut self, id: ModelId, k: usize) {
        if let Some(setter) = self.st.doors[k].trap.take() {
            self.spring(id, setter, TrapPlace::Door(k));
        }
    }

    /// Open (5-), close (5-), smash (3-), pick (6+, Thief) or search (6+)
    /// a door on a side of the model's square.
    pub fn door_action(&mut self, side: Side, task: Task) -> Result<(), Refusal> {
        let id = self.need_action()?;
        let k = self.door(id, side, "to work")?;
        let d = self.st.doors[k];
        match task {
            Task::Open if d.secret => {
                return Err(Refusal::DoorState("is a secret one: `search` it"));
            }
            Task::Open if d.open => return Err(Refusal::DoorState("is open already")),
            Task::Open if d.locked => {
                return Err(Refusal::DoorState("is locked: pick or smash it"));
            }
            Task::Close if !d.open => return Err(Refusal::DoorState("is closed already")),
            Task::Close => {
                let [a, b] = d.sides();
                if self.st.at(a).is_some() && self.st.at(b).is_some() {
                    return Err(Refusal::DoorState("has models in its way"));
                }
            }
            Task::Smash if d.secret => {
                return Err(Refusal::DoorState(
                    "is a secret one, which cannot be smashed",
                ));
            }
            Task::Smash if d.open => return Err(Refusal::DoorState("is open already")),
            Task::PickLock if !self.st.fig(id).has(Ability::Thief) => {
                return Err(Refusal::Lacks(id, "Thief"));
            }
            Task::PickLock if !d.locked || d.secret => {
                return Err(Refusal::DoorState("is not locked"));
            }
            Task::Search if !d.secret => return Err(Refusal::DoorState("is no secret")),
            _ => {}
        }
        self.acted();
        if self.test(id, task) {
            let change = match task {
                Task::Open => {
                    self.st.doors[k].open = true;
                    DoorChange::Opened
                }
                Task::Close => {
                    self.st.doors[k].open = false;
                    DoorChange::Closed
                }
                Task::Smash => {
                    self.st.doors[k].gone = true;
                    DoorChange::Smashed
                }
                Task::PickLock => {
                    self.st.doors[k].locked = false;
                    DoorChange::Unlocked
                }
                _ => {
                    let d = &mut self.st.doors[k];
                    d.secret = false;
                    d.locked = false;
                    d.open = true;
                    DoorChange::Found
                }
            };
            self.push(Event::Door { door: k, change });
            self.door_trap(id, k);
        }
        if self.st.turn.is_some() {
            self.end_turn();
        }
        Ok(())
    }

    fn place(&self, id: ModelId, place: super::command::Place) -> Result<TrapPlace, Refusal> {
        match place {
            super::command::Place::Door(side) => {
                let k = self.door(id, side, "for a trap")?;
                if self.st.doors[k].secret {
                    return Err(Refusal::DoorState("is a secret one nobody has found"));
                }
                Ok(TrapPlace::Door(k))
            }
            super::command::Place::Square(p) => {
                if self.st.fig(id).dist_to(p) > 1 {
                    return Err(Refusal::square(p, "not next to the thief"));
                }
                if let Some(c) = self
                    .st
                    .counters
                    .iter()
                    .position(|c| c.at == Some(p) && c.kind != CounterKind::Message)
                {
                    return Ok(TrapPlace::Counter(c));
                }
                if !self.grid.standable(p) {
                    return Err(Refusal::NotStandable(p.x, p.y));
                }
                Ok(TrapPlace::Square(p))
            }
        }
    }

    fn trap_at(&self, place: TrapPlace) -> Option<ModelId> {
        match place {
            TrapPlace::Door(k) => self.st.doors[k].trap,
            TrapPlace::Counter(c) => self.st.counters[c].trap,
            TrapPlace::Square(p) => self.st.traps.iter().find(|t| t.at == p).map(|t| t.setter),
        }
    }

    /// A Thief sets a trap, 6+ (L143); failing costs nothing.
    pub fn set_trap(&mut self, place: super::command::Place) -> Result<(), Refusal> {
        let id = self.need_action()?;
        if !self.st.fig(id).has(Ability::Thief) {
            return Err(Refusal::Lacks(id, "Thief"));
        }
        let tp = self.place(id, place)?;
        if self.trap_at(tp).is_some() {
            return Err(Refusal::Nothing("a trap is there already"));
        }
        if let TrapPlace::Square(p) = tp
            && self.st.at(p).is_some()
        {
            return Err(Refusal::square(p, "traps go on empty squares"));
        }
        self.acted();
        if self.test(id, Task::SetTrap) {
            match tp {
                TrapPlace::Door(k) => self.st.doors[k].trap = Some(id),
                TrapPlace::Counter(c) => self.st.counters[c].trap = Some(id),
                TrapPlace::Square(p) => self.st.traps.push(SquareTrap { at: p, setter: id }),
            }
            self.push(Event::TrapSet { by: id, place: tp });
        }
        self.end_turn();
        Ok(())
    }

    /// A Thief removes a trap, 6+; failing wounds the thief (L143).
    pub fn disarm(&mut self, place: super::command::Place) -> Result<(), Refusal> {
        let id = self.need_action()?;
        if !self.st.fig(id).has(Ability::Thief) {
            return Err(Refusal::Lacks(id, "Thief"));
        }
        let tp = self.place(id, place)?;
        if self.trap_at(tp).is_none() {
            return Err(Refusal::Nothing("there is no trap there"));
        }
        self.acted();
        if self.test(id, Task::RemoveTrap) {
            match tp {
                TrapPlace::Door(k) => self.st.doors[k].trap = None,
                TrapPlace::Counter(c) => self.st.counters[c].trap = None,
                TrapPlace::Square(p) => self.st.traps.retain(|t| t.at != p),
            }
            self.push(Event::TrapRemoved { by: id, place: tp });
        } else {
            self.wound(id, None);
        }
        if self.st.turn.is_some() {
            self.end_turn();
        }
        Ok(())
    }

    /// A trap springs: 1 wound, no armour, unless the victim beats the
    /// setter in an opposed cunning test (L144).
    fn spring(&mut self, victim: ModelId, setter: ModelId, place: TrapPlace) {
        let vf = self.st.fig(victim);
        let mut vr = roll(self.dice, victim, vf.power, false, true, "dodging a trap");
        let sd = self.st.fig(setter).power;
        let sr = roll(self.dice, setter, sd, false, true, "the trap's cunning");
        let lost = vr.value() <= sr.value();
        self.mage(victim, &mut vr, lost, "dodging a trap");
        let escaped = vr.value() > sr.value();
        self.push(Event::TrapSprung {
            victim,
            setter,
            place,
            victim_roll: vr,
            setter_roll: sr,
        });
        if !escaped {
            self.wound(victim, (setter.team != victim.team).then_some(setter));
        }
    }

    /// Heal a wound of a friend within 2, 7+, once a round (L129-131).
    pub fn heal(&mut self, target: ModelId) -> Result<(), Refusal> {
        let id = self.need_action()?;
        let me = self.st.fig(id);
        if !me.has(Ability::Healer) {
            return Err(Refusal::Lacks(id, "Healer"));
        }
        if me.heal_used {
            return Err(Refusal::UsedThisRound(id, "its healing"));
        }
        if target.team != id.team {
            return Err(Refusal::WrongSide(target, "an enemy"));
        }
        let tf = self.st.fig(target);
        if !tf.on_board() {
            return Err(Refusal::NotOnBoard(target));
        }
        let d = me.gap(tf);
        if d > HEAL_RANGE {
            return Err(Refusal::TooFar(target, d, "healing", HEAL_RANGE));
        }
        if tf.wounds == 0 {
            return Err(Refusal::NoWound(target));
        }
        self.acted();
        self.st.fig_mut(id).heal_used = true;
        if self.test(id, Task::Heal) {
            let f = self.st.fig_mut(target);
            f.wounds -= 1;
            let w = f.wounds;
            self.push(Event::Healed {
                id: target,
                wounds: w,
            });
        }
        self.end_turn();
        Ok(())
    }

    /// Hide on rubble or water, 3+ (L133); not Huge, not in close combat.
    pub fn hide(&mut self) -> Result<(), Refusal> {
        let id = self.need_action()?;
        let me = self.st.fig(id);
        if me.has(Ability::Huge) {
            return Err(Refusal::CannotHide("Huge models may not hide"));
        }
        if !self.grid.at(me.at).cover() {
            return Err(Refusal::CannotHide(
                "hiding needs rubble or water under the model",
            ));
        }
        if me.hidden {
            return Err(Refusal::CannotHide("it is hidden already"));
        }
        if self.st.in_combat(id) {
            return Err(Refusal::InCombat(id));
        }
        self.acted();
        if self.test(id, Task::Hide) {
            self.st.fig_mut(id).hidden = true;
            self.push(Event::Hid { id });
        }
        self.end_turn();
        Ok(())
    }

    /// Pick up a counter next to the model (or under it), 2+ (L135).
    pub fn pick_up(&mut self, at: Option<Point>) -> Result<(), Refusal> {
        let id = self.need_action()?;
        let me = self.st.fig(id);
        if me.carrying.is_some() {
            return Err(Refusal::Nothing("a model carries one counter at a time"));
        }
        if me.bound {
            return Err(Refusal::Nothing("the prisoner is bound"));
        }
        let foot = me.footprint();
        let near: Vec<usize> = self
            .st
            .counters
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                matches!(c.kind, CounterKind::Treasure | CounterKind::Object)
                    && c.at
                        .is_some_and(|p| foot.dist_to(p) <= 1 && at.is_none_or(|q| q == p))
            })
            .map(|(i, _)| i)
            .collect();
        let c = match near.as_slice() {
            [] => return Err(Refusal::Nothing("no counter to pick up there")),
            [c] => *c,
            _ => {
                return Err(Refusal::Nothing(
                    "more than one counter is near: name its square, `pickup x,y`",
                ));
            }
        };
        self.acted();
        if self.test(id, Task::PickUp) {
            let counter = &mut self.st.counters[c];
            counter.at = None;
            counter.carried_by = Some(id);
            let kind = counter.kind;
            self.st.fig_mut(id).carrying = Some(c);
            self.push(Event::PickedUp { id, kind });
            if let Some(setter) = self.st.counters[c].trap.take() {
                self.spring(id, setter, TrapPlace::Counter(c));
            }
        }
        if self.st.turn.is_some() {
            self.end_turn();
        }
        Ok(())
    }

    /// Free the adjacent bound prisoner, 4+ (L137).
    pub fn free(&mut self) -> Result<(), Refusal> {
        let id = self.need_action()?;
        let p = self
            .prisoner()
            .filter(|&p| p.team == id.team && p != id && self.st.fig(p).bound)
            .filter(|&p| self.st.fig(p).gap(self.st.fig(id)) == 1)
            .ok_or(Refusal::Nothing(
                "no bound prisoner of your side is next to you",
            ))?;
        self.acted();
        if self.test(id, Task::Free) {
            self.st.fig_mut(p).bound = false;
            self.push(Event::Freed {
                by: id,
                prisoner: p,
            });
        }
        self.end_turn();
        Ok(())
    }

    /// Read the adjacent message, 7+ (L139).
    pub fn read(&mut self) -> Result<(), Refusal> {
        let id = self.need_action()?;
        let foot = self.st.fig(id).footprint();
        if self.st.fig(id).has_read {
            return Err(Refusal::Nothing("it has read the message already"));
        }
        if !self
            .st
            .counters
            .iter()
            .any(|c| c.kind == CounterKind::Message && c.at.is_some_and(|p| foot.dist_to(p) <= 1))
        {
            return Err(Refusal::Nothing("no message next to you"));
        }
        self.acted();
        if self.test(id, Task::Read) {
            self.st.fig_mut(id).has_read = true;
            self.push(Event::Read { id });
        }
        self.end_turn();
        Ok(())
    }

    /// Enthrall an enemy in sight within 4: an opposed cunning test; the
    /// loser misses its next turn (L90). Undead and Strong Will are immune.
    pub fn enthral(&mut self, target: ModelId) -> Result<(), Refusal> {
        let id = self.need_action()?;
        let me = self.st.fig(id).clone();
        if !me.has(Ability::Enthrall) {
            return Err(Refusal::Lacks(id, "Enthrall"));
        }
        self.enemy(id, target)?;
        let tf = self.st.fig(target).clone();
        if tf.has(Ability::Undead) || tf.has(Ability::StrongWill) {
            return Err(Refusal::Immune(target, "enthralment"));
        }
        let d = me.gap(&tf);
        if d > ENTHRAL_RANGE {
            return Err(Refusal::TooFar(target, d, "Enthrall", ENTHRAL_RANGE));
        }
        if tf.hidden || !self.grid.sees_model(self.st, &me, &tf) {
            return Err(Refusal::NoSight(id, target));
        }
        self.acted();
        self.reveal(id);
        let mut att = roll(self.dice, id, me.power, false, true, "enthral");
        let mut def = roll(self.dice, target, tf.power, false, true, "resisting");
        let lost = att.value() <= def.value();
        self.mage(id, &mut att, lost, "enthral");
        let won = att.value() > def.value();
        self.mage(target, &mut def, won, "resisting");
        let stunned = att.value() > def.value();
        self.push(Event::Enthral {
            by: id,
            target,
            att,
            def,
        });
        if stunned {
            self.st.fig_mut(target).stunned = true;
        }
        self.end_turn();
        Ok(())
    }

    // ----- the turn sequence (L98-106) -----

    /// Ends the turn under way.
    pub fn end_turn(&mut self) {
        if let Some(t) = self.st.turn.take() {
            self.push(Event::TurnEnds { id: t.model });
        }
    }

    /// Draws cards until a model can act, or the game ends: reshuffles a
    /// new round when the deck is out (L106), skips the dead and gone
    /// (their cards leave the deck at the next shuffle), and the bound
    /// prisoner; a stunned model loses its turn.
    pub fn next_turn(&mut self, max_rounds: Option<u32>) {
        while self.st.turn.is_none() && self.st.outcome.is_none() {
            if self.st.deck.is_empty() {
                if self.st.round > 0 {
                    self.round_over();
                    if self.st.outcome.is_some() {
                        return;
                    }
                }
                if max_rounds.is_some_and(|m| self.st.round >= m) {
                    self.time_up();
                    return;
                }
                self.shuffle();
                continue;
            }
            let id = self.st.deck.remove(0);
            let f = self.st.fig(id).clone();
            let skip = match f.fate {
                Fate::Dead => Some(Skip::Dead),
                Fate::Escaped(_) => Some(Skip::Gone),
                Fate::OnBoard if f.bound => Some(Skip::Bound),
                Fate::OnBoard => None,
            };
            if let Some(why) = skip {
                self.push(Event::CardSkipped { id, why });
                continue;
            }
            self.push(Event::TurnBegins { id });
            if f.stunned {
                self.st.fig_mut(id).stunned = false;
                self.push(Event::StunPassed { id });
                self.push(Event::TurnEnds { id });
                continue;
            }
            let flight = u32::from(f.has(Ability::Flight));
            let r = roll(
                self.dice,
                id,
                f.defense,
                f.has(Ability::SureOfFoot),
                true,
                "movement",
            );
            let allowance = r.value() + flight;
            self.push(Event::MoveRoll {
                id,
                roll: r,
                bonus: flight,
                allowance,
            });
            self.st.turn = Some(Turn {
                model: id,
                moves_left: allowance,
                moved: 0,
                acted: false,
                attacks_left: 1 + f.count(Ability::ExtraAttack),
                broke_away: false,
                fear_failed: false,
                magic_weapon_used: false,
            });
        }
    }

    fn shuffle(&mut self) {
        self.st.round += 1;
        let mut cards: Vec<ModelId> = self
            .st
            .figures
            .iter()
            .filter(|f| f.on_board())
            .map(|f| f.id)
            .collect();
        // Fisher-Yates, one die per card left.
        let round = self.st.round;
        for i in (1..cards.len()).rev() {
            let j = self
                .dice
                .choose(i + 1, format_args!("round {round}: shuffling the deck"));
            cards.swap(i, j);
        }
        for f in &mut self.st.figures {
            f.mage_used = false;
            f.heal_used = false;
        }
        self.st.deck = cards.clone();
        self.push(Event::Shuffled {
            round,
            order: cards,
        });
    }

    /// A point of experience (L167-172): never for the undead (L92).
    fn gain(&mut self, id: ModelId) {
        let f = self.st.fig_mut(id);
        if !f.has(Ability::Undead) {
            f.xp += 1;
        }
    }

    /// A wound caused to an opponent earns a point.
    fn earn(&mut self, by: ModelId, target: ModelId) {
        if by.team != target.team {
            self.gain(by);
        }
    }

    /// Surrender (L177-178, advanced): at the start of a friendly model's
    /// turn, once the side has lost 3 models or more; the other side wins.
    pub fn surrender(&mut self) -> Result<(), Refusal> {
        if !self.advanced {
            return Err(Refusal::NoSurrender(
                "surrender is an advanced rule: play with --advanced",
            ));
        }
        let t = self.turn();
        if t.acted || t.moved > 0 || t.fear_failed || t.broke_away {
            return Err(Refusal::NoSurrender(
                "a side surrenders at the start of one of its models' turns",
            ));
        }
        let team = t.model.team;
        let lost = self
            .st
            .figures
            .iter()
            .filter(|f| f.id.team == team && f.fate == Fate::Dead)
            .count();
        if lost < SURRENDER_AFTER {
            return Err(Refusal::NoSurrender(
                "a side may surrender only once it has lost 3 models or more",
            ));
        }
        self.finish(Outcome::Win(team.other()), Why::Surrender);
        Ok(())
    }

    fn finish(&mut self, outcome: Outcome, why: Why) {
        if self.st.outcome.is_none() && self.advanced {
            if let Outcome::Win(t) = outcome {
                let ids: Vec<ModelId> = self
                    .st
                    .figures
                    .iter()
                    .filter(|f| f.id.team == t)
                    .map(|f| f.id)
                    .collect();
                for id in ids {
                    self.gain(id);
                }
            }
            let points = self
                .st
                .figures
                .iter()
                .filter(|f| f.xp > 0)
                .map(|f| (f.id, f.xp))
                .collect();
            self.push(Event::Experience { points });
        }
        if self.st.outcome.is_none() {
            self.st.outcome = Some(outcome);
            self.st.why = Some(why);
            self.st.turn = None;
            self.push(Event::GameOver { outcome, why });
        }
    }

    fn time_up(&mut self) {
        let outcome = match self.kind {
            ScenarioKind::Ambush | ScenarioKind::FreePrisoner => {
                let defender = self.st.attacker.other();
                if self.kind == ScenarioKind::Ambush {
                    Outcome::Win(self.st.attacker)
                } else {
                    Outcome::Win(defender)
                }
            }
            _ => Outcome::Draw,
        };
        self.finish(outcome, Why::RoundLimit);
    }

    fn round_over(&mut self) {
        if self.kind == ScenarioKind::SecretsOfTheAncients {
            match self.st.goal_done {
                [true, true] => self.finish(Outcome::Draw, Why::SecretsKept),
                [true, false] => self.finish(Outcome::Win(Team::Blue), Why::SecretsKept),
                [false, true] => self.finish(Outcome::Win(Team::Red), Why::SecretsKept),
                _ => {}
            }
        }
    }

    /// Has a side won (checked after every command)?
    pub fn check_victory(&mut self) {
        if self.st.outcome.is_some() {
            return;
        }
        let on = |t: Team| self.st.on_board(t).count() as u32;
        let att = self.st.attacker;
        let def = att.other();
        match self.kind {
            ScenarioKind::Battle => {
                for t in Team::BOTH {
                    if self.st.kills[t.index()] >= HALF {
                        return self.finish(Outcome::Win(t), Why::HalfKilled);
                    }
                }
            }
            ScenarioKind::Ambush => {
                if self.st.escaped[def.index()] >= HALF {
                    return self.finish(Outcome::Win(def), Why::DefendersOut);
                }
                if self.st.escaped[def.index()] + on(def) < HALF {
                    self.finish(Outcome::Win(att), Why::DefendersCaught);
                }
            }
            ScenarioKind::TreasureHunt => {
                let left = self
                    .st
                    .counters
                    .iter()
                    .any(|c| c.kind == CounterKind::Treasure && c.off_by.is_none());
                if !left || on(Team::Blue) == 0 || on(Team::Red) == 0 {
                    let [b, r] = self.st.treasure_off;
                    let o = match b.cmp(&r) {
                        std::cmp::Ordering::Greater => Outcome::Win(Team::Blue),
                        std::cmp::Ordering::Less => Outcome::Win(Team::Red),
                        std::cmp::Ordering::Equal => Outcome::Draw,
                    };
                    self.finish(o, Why::TreasureCounted);
                }
            }
            ScenarioKind::ObjectOfPower => {
                if let Some(t) = self
                    .st
                    .counters
                    .iter()
                    .find(|c| c.kind == CounterKind::Object)
                    .and_then(|c| c.off_by)
                {
                    return self.finish(Outcome::Win(t), Why::ObjectCarriedOff);
                }
                self.wiped();
            }
            ScenarioKind::FreePrisoner => {
                let Some(p) = self.prisoner() else {
                    return;
                };
                let pf = self.st.fig(p);
                if matches!(pf.fate, Fate::Escaped(_)) {
                    return self.finish(Outcome::Win(att), Why::PrisonerEscaped);
                }
                let helpers = self
                    .st
                    .on_board(att)
                    .filter(|f| f.id != p || !f.bound)
                    .count();
                if pf.fate == Fate::Dead || helpers == 0 {
                    self.finish(Outcome::Win(def), Why::PrisonerKept);
                }
            }
            ScenarioKind::SecretsOfTheAncients => {
                if on(Team::Blue) == 0 && on(Team::Red) == 0 {
                    self.round_over();
                    if self.st.outcome.is_none() {
                        self.finish(Outcome::Draw, Why::Wiped);
                    }
                    return;
                }
                // A side that can no longer do it loses (L159): nobody of
                // it on the board has read the message or could read it.
                let able = |t: Team| {
                    self.st.goal_done[t.index()]
                        || self
                            .st
                            .on_board(t)
                            .any(|f| f.has_read || could_read(f.power))
                };
                match (able(Team::Blue), able(Team::Red)) {
                    (false, false) => self.finish(Outcome::Draw, Why::SecretsLost),
                    (false, true) => self.finish(Outcome::Win(Team::Red), Why::SecretsLost),
                    (true, false) => self.finish(Outcome::Win(Team::Blue), Why::SecretsLost),
                    (true, true) => {}
                }
            }
        }
    }

    fn wiped(&mut self) {
        for t in Team::BOTH {
            if self.st.on_board(t).count() == 0 {
                let o = if self.st.on_board(t.other()).count() == 0 {
                    Outcome::Draw
                } else {
                    Outcome::Win(t.other())
                };
                return self.finish(o, Why::Wiped);
            }
        }
    }
}

/// Can a model with this power die pass the reading test at all: does
/// its highest face make the 7+ (a d8 or more, L139)?
pub fn could_read(power: Die) -> bool {
    Task::Read.target().passes(power.sides())
}

/// The prisoner of a Free Prisoner game: the attacker's bound (or freed)
/// model, the only one of its side that started in the middle.
pub fn prisoner_of(st: &State, kind: ScenarioKind) -> Option<ModelId> {
    if kind != ScenarioKind::FreePrisoner {
        return None;
    }
    st.prisoner
}
