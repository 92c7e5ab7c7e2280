//! The game: its state and dice, the command dispatcher, and the turn
//! structure (the heroes' turns, then the dungeon's: tokens, then monsters).
//!
//! [`Game::play`] takes a [`Command`] and returns what happened as
//! [`Event`]s, or a [`Refusal`] with the game unchanged. [`Game::apply`] is
//! the text version the CLI and the session use: a typed line in, the
//! transcript's lines out.

use crate::core::dice::Dice;
use crate::mkd::figures::Ability;
use crate::mkd::mission::Goal;
use crate::mkd::play::ai;
use crate::mkd::play::combat::{wound_hero, wound_monster};
use crate::mkd::play::command::{self, Command, HeroAction, TrapSite};
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Chooser, Event, Pick, Topic};
use crate::mkd::play::heroes;
use crate::mkd::play::missions;
use crate::mkd::play::party::Party;
use crate::mkd::play::refusal::Refusal;
use crate::mkd::play::stairs;
use crate::mkd::play::state::{HeroId, HeroPlace, MonsterId, MonsterMode, Phase, State};
use crate::mkd::play::transcript;
use crate::mkd::play::wmt::wmt_turn;
use crate::mkd::scenario::Scenario;
use crate::mkd::tables::Tables;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

pub use crate::mkd::play::state::{CombatMode, GameOptions, GameStats};

/// A running game: its state and the play dice. Everything in it follows
/// from the scenario, the party, the tables, the options and the commands
/// applied so far, so a save file only needs those (see
/// [`crate::mkd::play::session`]).
#[derive(Debug, Clone)]
pub struct Game {
    state: State,
    dice: Dice,
}

thread_local! {
    /// The thread's spare copy of a game, for [`Game::play_into`] to copy
    /// the game onto before each command.
    static UNDO: std::cell::RefCell<Option<Box<(State, Dice)>>> =
        const { std::cell::RefCell::new(None) };
}

/// The game's state is read (and, in tests, set up) through the game.
impl Deref for Game {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl DerefMut for Game {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
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
        let mut state = State::new(scenario, party, tables, opts);
        // The gear in the chests brought from town works from the first
        // heroes' turn.
        for h in state.hero_ids() {
            if !state.heroes[h].chests.is_empty() {
                crate::mkd::play::items::refresh(&mut state, h, true);
            }
        }
        Game {
            dice: Dice::for_stage(opts.seed, "play"),
            state,
        }
    }

    /// The same game with dice that keep no log (the same rolls): for runs
    /// nobody reads, such as the simulator's. Call it before any command.
    pub fn without_dice_log(mut self) -> Game {
        self.dice = Dice::quiet(self.state.opts.seed, "play");
        self
    }

    /// The state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The dice.
    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// Plays one command: what happened, or why it was refused (and then
    /// nothing has changed).
    pub fn play(&mut self, cmd: Command) -> Result<Vec<Event>, Refusal> {
        let mut out = Vec::new();
        self.play_into(cmd, &mut out)?;
        Ok(out)
    }

    /// [`Game::play`], adding the events to `out` (cleared first).
    pub fn play_into(&mut self, cmd: Command, out: &mut Vec<Event>) -> Result<(), Refusal> {
        out.clear();
        // A command that may be refused after it has changed something is
        // played on a game copied first, to go back to then.
        let mut backup = (!refused_only_before_changing(&cmd)).then(|| self.undo_copy());
        let mut cx = Ctx {
            s: &mut self.state,
            dice: &mut self.dice,
            out,
        };
        let played = run(&mut cx, cmd);
        if played.is_ok() {
            // The dice log is not needed once the command is played.
            self.dice.truncate_log(0);
        } else {
            if let Some(b) = backup.as_mut() {
                std::mem::swap(&mut self.state, &mut b.0);
                std::mem::swap(&mut self.dice, &mut b.1);
            }
            out.clear();
        }
        if let Some(b) = backup {
            // A thread that is ending has no spare left; the copy just goes.
            let _ = UNDO.try_with(|u| *u.borrow_mut() = Some(b));
        }
        played
    }

    /// The game copied onto the thread's spare copy, so it reuses that
    /// one's room; [`Game::play_into`] leaves it spare again.
    fn undo_copy(&self) -> Box<(State, Dice)> {
        match UNDO.with(|u| u.borrow_mut().take()) {
            Some(mut b) => {
                b.0.clone_from(&self.state);
                b.1.clone_from(&self.dice);
                b
            }
            None => Box::new((self.state.clone(), self.dice.clone())),
        }
    }

    /// Applies one typed line: on success the lines the dungeon answers
    /// with; on a bad command the refusal, and nothing has changed. Blank
    /// lines and comments answer nothing. `undo` is handled by the session
    /// (it keeps the games before each command), so here it is refused.
    pub fn apply(&mut self, line: &str) -> Result<Vec<String>, Refusal> {
        let Some(cmd) = command::parse(line)? else {
            return Ok(Vec::new());
        };
        let events = self.play(cmd)?;
        Ok(transcript::print(&self.state, &events))
    }

    /// Tests: the state and the dice, to run a rule on them.
    #[cfg(test)]
    pub(crate) fn parts(&mut self) -> (&mut State, &mut Dice) {
        (&mut self.state, &mut self.dice)
    }

    /// Tests: the dice from now on show these faces.
    #[cfg(test)]
    pub(crate) fn script(&mut self, faces: &[u32]) {
        self.dice = Dice::scripted(faces);
    }

    /// The opening lines of a transcript.
    pub fn intro(&self) -> Vec<String> {
        transcript::intro(&self.state)
    }

    /// The `status` lines.
    pub fn status(&self) -> Vec<String> {
        transcript::status(&self.state)
    }

    /// The banner of the turn under way (whose heroes act), or the end:
    /// what a resumed game says before it takes the next command.
    pub fn banner_line(&self) -> String {
        transcript::banner(&self.state, self.state.banner())
    }

    /// The `map` lines: the grid with rulers and figures.
    pub fn ascii_map(&self) -> Vec<String> {
        transcript::ascii_map(&self.state)
    }
}

/// Is `cmd` refused, if at all, only before anything has changed? Then
/// [`Game::play_into`] needs no copy to go back to. Ending a turn (a
/// quarter of the commands of an automatic game) is one: the phase checks
/// at the top of [`run`] are its only refusals. So are a hero's walk, attack
/// and pass (most of the rest): their refusals all come before their first
/// change, and [`hero_action`] puts back the one change it makes before
/// them, the hand-over from the previous hero.
fn refused_only_before_changing(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::EndTurn
            | Command::Done
            | Command::FreeBreakaway(_)
            | Command::AutoAttacks(_)
            | Command::Status
            | Command::Map
            | Command::Help
            | Command::Undo
            | Command::Hero {
                action: HeroAction::Move(_) | HeroAction::Attack(_) | HeroAction::Pass,
                ..
            }
    )
}

/// One command against the state.
fn run(cx: &mut Ctx, cmd: Command) -> Result<(), Refusal> {
    match cmd {
        Command::Status => {
            cx.emit(Event::Status);
            return Ok(());
        }
        Command::Map => {
            cx.emit(Event::Map);
            return Ok(());
        }
        Command::Help => {
            let missions = cx.s.mission.goal != Goal::Quest;
            let stairs = cx.s.floors.stairs.is_some();
            cx.emit(Event::Help { missions, stairs });
            return Ok(());
        }
        Command::Undo => return Err(Refusal::NothingToUndo),
        _ => {}
    }
    if cx.s.opts.combat == CombatMode::Dice {
        let verb = match cmd {
            Command::Hit { .. } => Some("hit"),
            Command::Kill { .. } => Some("kill"),
            Command::Wound { .. } => Some("wound"),
            _ => None,
        };
        if let Some(verb) = verb {
            return Err(Refusal::ReportInDiceCombat { verb });
        }
    }
    match (cx.s.phase, &cmd) {
        (
            Phase::Reports,
            Command::Hit { .. }
            | Command::Kill { .. }
            | Command::Wound { .. }
            | Command::Smash { .. }
            | Command::Done,
        ) => {}
        (Phase::Reports, _) => return Err(Refusal::AwaitingReports),
        (Phase::Heroes(_), Command::Done) => return Err(Refusal::NothingToReport),
        _ => {}
    }
    if let Phase::Over(o) = cx.s.phase {
        return Err(Refusal::GameOver { outcome: o.words() });
    }
    match cmd {
        Command::Hero { hero, action } => {
            let h = cx.s.hero_index(&hero)?;
            hero_action(cx, h, action)?;
        }
        Command::Hit { monster, n } => {
            let m = cx.s.monster_index(&monster)?;
            wound_monster(cx, m, n, None);
        }
        Command::Kill { monster } => {
            let m = cx.s.monster_index(&monster)?;
            let left = cx.s.monsters[m].wounds_left().max(1);
            wound_monster(cx, m, left, None);
        }
        Command::Wound { hero, n } => {
            let h = cx.s.hero_index(&hero)?;
            cx.s.hero_square(h)?;
            wound_hero(cx, h, n);
        }
        Command::Level { hero } => {
            let h = cx.s.hero_index(&hero)?;
            let s = &mut *cx.s;
            if let Some(campaign) = &s.party.campaign {
                return Err(Refusal::LevelsInTown {
                    hero: s.heroes[h].name.to_string(),
                    campaign: campaign.clone(),
                });
            }
            let every = s.rules().xp_heal_every;
            if s.xp - s.xp_spent < every {
                return Err(Refusal::PoolTooLow {
                    unspent: s.xp - s.xp_spent,
                    what: "level",
                    every,
                });
            }
            if matches!(s.heroes[h].place, HeroPlace::Slain | HeroPlace::Escaped) {
                return Err(Refusal::NoLongerInAdventure {
                    hero: s.heroes[h].name.to_string(),
                });
            }
            s.xp_spent += every;
            let hero = &mut s.heroes[h];
            // Out of level 0: the dial's level-0 click comes off.
            if hero.level() == 0 {
                hero.wounds = hero.wounds.saturating_sub(1);
            }
            hero.levels += 1;
            let levels = hero.levels;
            cx.emit(Event::LevelGained {
                hero: h,
                levels,
                spent: every,
            });
        }
        Command::Heal { hero } => {
            let h = cx.s.hero_index(&hero)?;
            let s = &mut *cx.s;
            let every = s.heal_cost(h);
            if s.xp - s.xp_spent < every {
                return Err(Refusal::PoolTooLow {
                    unspent: s.xp - s.xp_spent,
                    what: "heal",
                    every,
                });
            }
            if s.is_prisoner(h) {
                return Err(Refusal::PrisonerNotHealed {
                    hero: s.heroes[h].name.to_string(),
                });
            }
            let floor = s.heroes[h].heal_floor();
            if s.heroes[h].pos().is_none() || s.heroes[h].wounds <= floor {
                return Err(Refusal::NotWounded {
                    hero: s.heroes[h].name.to_string(),
                });
            }
            s.xp_spent += every;
            s.heroes[h].wounds = floor;
            cx.emit(Event::Healed {
                hero: h,
                spent: every,
            });
        }
        Command::First { player } => {
            let s = &mut *cx.s;
            let Phase::Heroes(pos) = s.phase else {
                unreachable!()
            };
            let t = s
                .party
                .teams
                .iter()
                .position(|t| t.player.eq_ignore_ascii_case(&player))
                .ok_or_else(|| Refusal::NoSuchPlayer {
                    player: player.clone(),
                })?;
            // Without Command the team may never go first, early or late.
            let commands = s
                .heroes
                .iter()
                .any(|h| h.team == t && h.pos().is_some() && h.has(Ability::Command));
            if !commands {
                return Err(Refusal::NoCommand { player });
            }
            if pos != 0 || s.active_hero.is_some() || s.heroes.iter().any(|h| h.spent > 0 || h.done)
            {
                return Err(Refusal::TooLateForOrder);
            }
            s.team_order.retain(|&x| x != t);
            s.team_order.insert(0, t);
            cx.emit(Event::GoesFirst { player });
            cx.banner();
        }
        Command::EndTurn => end_team_turn(cx),
        Command::Done => {
            // The reports are in: the monsters' phase goes on.
            cx.s.phase = Phase::Heroes(cx.s.team_order.len() - 1);
            monsters_act(cx);
        }
        Command::FreeBreakaway(free) => {
            cx.s.free_breakaway = free;
            cx.emit(Event::BreakawaySet { free });
        }
        Command::AutoAttacks(on) => {
            cx.s.auto_attacks = on;
            cx.emit(Event::AutoAttacksSet { on });
        }
        Command::Lead { monster, to } => {
            let m = cx.s.monster_index(&monster)?;
            missions::lead(cx, m, to)?;
        }
        Command::Smash { monster } => {
            let m = cx.s.monster_index(&monster)?;
            missions::report_smash(cx, m)?;
        }
        Command::Status | Command::Map | Command::Help | Command::Undo => unreachable!(),
    }
    missions::check_end(cx);
    stairs::after_command(cx);
    Ok(())
}

/// What a hero does, if the hero may act now.
fn hero_action(cx: &mut Ctx, h: HeroId, action: HeroAction) -> Result<(), Refusal> {
    let s = &mut *cx.s;
    let Phase::Heroes(pos) = s.phase else {
        unreachable!()
    };
    let team = s.team_order[pos];
    let name = || s.heroes[h].name.clone();
    if s.heroes[h].team != team {
        return Err(Refusal::NotYourTurn {
            turn_of: s.party.teams[team].player.clone(),
            hero: name().to_string(),
            player: s.party.teams[s.heroes[h].team].player.clone(),
        });
    }
    match s.heroes[h].place {
        HeroPlace::Slain => {
            return Err(Refusal::Slain {
                hero: name().to_string(),
            });
        }
        HeroPlace::Escaped => {
            return Err(Refusal::Escaped {
                hero: name().to_string(),
            });
        }
        HeroPlace::Below => {
            return Err(Refusal::Below {
                hero: name().to_string(),
            });
        }
        _ => {}
    }
    if s.heroes[h].done {
        return Err(Refusal::AlreadyActed {
            hero: name().to_string(),
        });
    }
    if s.heroes[h].held > 0 {
        return Err(Refusal::HeldByMagic {
            hero: name().to_string(),
        });
    }
    // Activations run one after another: acting with another hero ends
    // the previous hero's activation. An action refused hands nothing over.
    let handed_from = s.active_hero.map(|prev| (prev, s.heroes[prev].done));
    if let Some(prev) = s.active_hero
        && prev != h
    {
        s.heroes[prev].done = true;
    }
    s.active_hero = Some(h);
    let played = act(cx, h, action);
    if played.is_err() {
        let s = &mut *cx.s;
        s.active_hero = handed_from.map(|(prev, _)| prev);
        if let Some((prev, done)) = handed_from {
            s.heroes[prev].done = done;
        }
    }
    played
}

/// The action itself, once [`hero_action`] has checked whose turn it is.
fn act(cx: &mut Ctx, h: HeroId, action: HeroAction) -> Result<(), Refusal> {
    match action {
        HeroAction::Move(to) => heroes::hero_move(cx, h, to),
        HeroAction::Pass => {
            cx.s.heroes[h].done = true;
            cx.emit(Event::Passes { hero: h });
            Ok(())
        }
        HeroAction::Leave => heroes::hero_leave(cx, h),
        HeroAction::Attack(target) => heroes::hero_attack(cx, h, &target),
        HeroAction::OpenDoor(p) => heroes::hero_open_door(cx, h, p),
        HeroAction::CloseDoor(p) => heroes::hero_close_door(cx, h, p),
        HeroAction::Check(p, site) => heroes::hero_check(cx, h, p, site),
        HeroAction::Disarm(p, site, fast)
            if site != TrapSite::Door && cx.s.prisoner_square() == Some(p) =>
        {
            missions::hero_disarm_prisoner(cx, h, fast)
        }
        HeroAction::Disarm(p, site, fast) => heroes::hero_disarm(cx, h, p, site, fast),
        HeroAction::Free => missions::hero_free(cx, h),
        HeroAction::OpenChest(p) => heroes::hero_open_chest(cx, h, p),
        HeroAction::TakeChest(p) => heroes::hero_take_chest(cx, h, p),
        HeroAction::DropChest => heroes::hero_drop_chest(cx, h),
        HeroAction::Drink => heroes::hero_drink(cx, h),
        HeroAction::GiveChest(to) => heroes::hero_give_chest(cx, h, &to),
        HeroAction::Teleport(to) => heroes::hero_teleport(cx, h, to),
        HeroAction::Vortex => heroes::hero_vortex(cx, h),
        HeroAction::Stairs => stairs::hero_stairs(cx, h),
    }
}

// ---------------------------------------------------------------- turns

/// `end turn`: the next team, or, after the last, the dungeon's turn and
/// the next turn.
fn end_team_turn(cx: &mut Ctx) {
    let Phase::Heroes(pos) = cx.s.phase else {
        return;
    };
    let team = cx.s.team_order[pos];
    cx.emit(Event::TurnEnds { team });
    cx.s.active_hero = None;
    if pos + 1 < cx.s.team_order.len() {
        cx.s.phase = Phase::Heroes(pos + 1);
        cx.banner();
        return;
    }
    crate::mkd::play::items::dungeon_turn(cx.s);
    wmt_turn(cx);
    missions::check_end(cx);
    if cx.s.outcome().is_some() {
        return;
    }
    monster_turn(cx);
}

/// The end of the dungeon's turn, once every monster has acted.
fn dungeon_turn_ends(cx: &mut Ctx) {
    missions::check_end(cx);
    if cx.s.outcome().is_some() {
        return;
    }
    // The timer, the floor change, the next turn's banner.
    stairs::next_turn(cx);
}

/// The monsters' phase: each revealed monster (and each away for help) in
/// an order rolled by d6 as it goes.
fn monster_turn(cx: &mut Ctx) {
    cx.emit(Event::MonstersPhase);
    let s = &*cx.s;
    let acts = |s: &State, m: MonsterId| {
        s.monsters[m].active() || s.monsters[m].mode == MonsterMode::GoneForHelp
    };
    let waiting: Vec<_> = s.floor_monsters().filter(|&m| acts(s, m)).collect();
    if waiting.is_empty() {
        cx.emit(Event::NoMonsters);
    }
    cx.s.pending = waiting;
    monsters_act(cx);
}

/// The monsters of [`State::pending`] act, one by one in an order rolled as
/// it goes, then the dungeon's turn ends. In manual combat a monster that
/// asks the players to resolve a fight holds up the rest until they report
/// it and type `done` ([`Phase::Reports`]).
fn monsters_act(cx: &mut Ctx) {
    let acts = |s: &State, m: MonsterId| {
        s.monsters[m].active() || s.monsters[m].mode == MonsterMode::GoneForHelp
    };
    let mut waiting = std::mem::take(&mut cx.s.pending);
    while !waiting.is_empty() {
        let k = cx.choose_among(Chooser::Dungeon, Topic::ActsNext, waiting.len(), |k| {
            Pick::Monster(waiting[k])
        });
        let m = waiting.remove(k);
        if !acts(cx.s, m) {
            continue;
        }
        if cx.s.monsters[m].surprised {
            cx.s.monsters[m].surprised = false;
            let was = cx.s.monsters[m].facing;
            ai::free_spin(cx.s, m);
            let now = cx.s.monsters[m].facing;
            cx.emit(Event::Surprised {
                monster: m,
                turns: (now != was).then_some(now),
            });
            continue;
        }
        if cx.s.monsters[m].held > 0 {
            cx.s.monsters[m].held -= 1;
            cx.emit(Event::MonsterHeld { monster: m });
            continue;
        }
        let before = cx.out.len();
        ai::activate(cx, m);
        if cx.s.heroes.iter().all(|h| h.pos().is_none()) {
            break;
        }
        // A mission lost or won by this activation (the Quest Chest
        // smashed, the kidnappee dead) ends the game before the next
        // monster is picked. A quest ends at the turn's end as before.
        if cx.s.mission.goal != crate::mkd::mission::Goal::Quest {
            missions::check_end(cx);
            if cx.s.outcome().is_some() {
                return;
            }
        }
        let asked = cx.out[before..].iter().any(|e| {
            matches!(
                e,
                Event::AttackPrompt { .. }
                    | Event::BlastPrompt { .. }
                    | Event::ChestAttackPrompt { .. }
            )
        });
        if asked && cx.s.opts.combat == CombatMode::Manual {
            cx.s.pending = waiting;
            cx.s.phase = Phase::Reports;
            cx.banner();
            return;
        }
    }
    dungeon_turn_ends(cx);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::event::Figure;
    use crate::mkd::play::party::{Hero, Team};
    use crate::mkd::play::refusal::Names;
    use crate::mkd::play::state::{Banner, Outcome};
    use crate::mkd::play::testkit::*;
    use crate::tileset::Side;

    /// The commands played without a copy to go back to are refused only
    /// before they change anything: the game reads the same after.
    #[test]
    fn commands_played_without_a_copy_are_refused_before_changing_anything() {
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        let refused_unchanged = |g: &mut Game, line: &str, phase: Phase| {
            g.phase = phase;
            let cmd = command::parse(line).unwrap().unwrap();
            assert!(refused_only_before_changing(&cmd), "{line}");
            let before = format!("{:?}", **g);
            let why = refused(g, line);
            assert_eq!(format!("{:?}", **g), before, "{line}: {why}");
            why
        };
        assert_eq!(
            refused_unchanged(&mut g, "end turn", Phase::Reports),
            Refusal::AwaitingReports
        );
        assert_eq!(
            refused_unchanged(&mut g, "done", Phase::Heroes(0)),
            Refusal::NothingToReport
        );
        for line in ["end turn", "done", "undo"] {
            let why = refused_unchanged(&mut g, line, Phase::Over(Outcome::Won));
            assert!(
                matches!(why, Refusal::GameOver { .. } | Refusal::NothingToUndo),
                "{line}: {why}"
            );
        }
        // Played, it changes the game.
        g.phase = Phase::Heroes(0);
        let before = format!("{:?}", *g);
        ok(&mut g, "end turn");
        assert_ne!(format!("{:?}", *g), before);
    }

    /// A hero's walk, attack or pass, played without a copy, is refused
    /// before it changes anything, and the hand-over from the hero acting
    /// before is put back: the game (dice too) reads the same after. For
    /// each way such an action can be refused.
    #[test]
    fn a_refused_walk_attack_or_pass_leaves_the_game_as_it_was() {
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        put_hero(&mut g, 1, p(3, 2), Side::N);
        add_monster(&mut g, "orc-1", 20, p(6, 2), &[]);
        /// A command and what to change first so that it is refused.
        type Case = (&'static str, fn(&mut Game));
        let cases: [Case; 7] = [
            ("Ayla moves to 3,2", |_| {}),
            ("Ayla moves to 2,2", |_| {}),
            ("Ayla moves to -9,-9", |_| {}),
            ("Ayla moves to 2,3", |g| {
                g.heroes[0].spent = g.hero_speed(AYLA)
            }),
            ("Ayla attacks orc-1", |_| {}),
            ("Ayla attacks nobody-7", |_| {}),
            ("Ayla passes", |g| g.heroes[0].done = true),
        ];
        let mut why = Vec::new();
        for (line, set_up) in cases {
            // Borin acted last, so acting with Ayla would end his turn.
            g.heroes[0].spent = 0;
            g.heroes[0].done = false;
            g.heroes[1].done = false;
            g.active_hero = Some(BORIN);
            set_up(&mut g);
            let cmd = command::parse(line).unwrap().unwrap();
            assert!(refused_only_before_changing(&cmd), "{line}");
            let before = format!("{g:?}");
            let r = refused(&mut g, line);
            assert_eq!(format!("{g:?}"), before, "{line}: {r}");
            why.push(std::mem::discriminant(&r));
        }
        why.sort_by_key(|d| format!("{d:?}"));
        why.dedup();
        assert_eq!(why.len(), 7, "each case refused for its own reason");
        // Accepted, the hand-over stands.
        g.heroes[0].done = false;
        g.heroes[1].done = false;
        g.active_hero = Some(BORIN);
        ok(&mut g, "Ayla passes");
        assert!(g.heroes[1].done && g.heroes[0].done);
        assert_eq!(g.active_hero, Some(AYLA));
    }

    #[test]
    fn the_shared_pool_pays_for_heals_and_levels_in_fifties() {
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        put_hero(&mut g, 1, p(3, 2), Side::N);
        g.xp = 120;
        assert_eq!(
            refused(&mut g, "heal Ayla"),
            Refusal::NotWounded {
                hero: "Ayla".into()
            }
        );
        g.heroes[0].wounds = 3;
        let ev = ok(&mut g, "heal Ayla");
        assert_eq!(
            ev,
            [Event::Healed {
                hero: AYLA,
                spent: 50
            }]
        );
        assert_eq!(
            printed(&g, &ev),
            "Ayla is healed fully (50 experience spent)"
        );
        assert_eq!((g.heroes[0].wounds, g.xp_spent), (0, 50));
        let ev = ok(&mut g, "level Borin");
        assert_eq!(
            printed(&g, &ev),
            "Borin gains a level (1 this adventure; 50 experience spent): turn the figure's dial up a level"
        );
        assert_eq!((g.heroes[1].levels, g.xp_spent), (1, 100));
        assert_eq!(
            refused(&mut g, "level Borin").to_string(),
            "the experience pool holds 20 unspent points; a level needs 50"
        );
        assert!(g.status().iter().any(|l| l.contains("+1 level")));
        g.xp = 500;
        g.heroes[1].place = HeroPlace::Slain;
        assert_eq!(
            refused(&mut g, "level Borin"),
            Refusal::NoLongerInAdventure {
                hero: "Borin".into()
            }
        );
    }

    /// The game of [`game`] with its party in the campaign `Saga`.
    fn campaign_game() -> Game {
        let mut g = game(&[]);
        let mut party = (*g.party).clone();
        party.campaign = Some("Saga".into());
        g.party = Arc::new(party);
        g
    }

    #[test]
    fn campaign_heroes_level_in_town_not_in_the_dungeon() {
        // L760: heroes do not level in the dungeon; heals are still bought.
        let mut g = campaign_game();
        put_hero(&mut g, 0, p(2, 2), Side::N);
        g.xp = 120;
        assert_eq!(
            refused(&mut g, "level Ayla"),
            Refusal::LevelsInTown {
                hero: "Ayla".into(),
                campaign: "Saga".into()
            }
        );
        assert_eq!((g.heroes[0].levels, g.xp_spent), (0, 0));
        g.heroes[0].wounds = 2;
        assert_eq!(
            ok(&mut g, "heal Ayla"),
            [Event::Healed {
                hero: AYLA,
                spent: 50
            }]
        );
    }

    #[test]
    fn from_level_6_a_heal_costs_100() {
        // L774: one heal per 100 points once a hero has reached level 6.
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        put_hero(&mut g, 1, p(3, 2), Side::N);
        g.heroes[0].start_level = 6;
        g.heroes[1].start_level = 5;
        g.heroes[0].wounds = 3;
        g.heroes[1].wounds = 3;
        g.xp = 90;
        assert_eq!(
            refused(&mut g, "heal Ayla").to_string(),
            "the experience pool holds 90 unspent points; a heal needs 100"
        );
        let ev = ok(&mut g, "heal Borin");
        assert_eq!(
            printed(&g, &ev),
            "Borin is healed fully (50 experience spent)"
        );
        g.xp = 150;
        let ev = ok(&mut g, "heal Ayla");
        assert_eq!(
            printed(&g, &ev),
            "Ayla is healed fully (100 experience spent)"
        );
        assert_eq!((g.heroes[0].wounds, g.xp_spent), (0, 150));
        // A level bought in the dungeon counts: level 5 + 1 heals for 100.
        g.heroes[1].levels = 1;
        assert_eq!(g.heal_cost(BORIN), 100);
    }

    #[test]
    fn a_level_0_hero_starts_a_click_down_and_heals_only_to_it() {
        // L108: a hero worth over 30 at level 1 may start damaged one click,
        // worth 20, healing to that spot until it gains a level.
        let text = "format: tilecrawl-party/1
teams:
  - player: Ann
    heroes:
      - {name: Shayle, value: 45, level: 0, speed: 5, attacks: 4, armour: 4, wounds: 6}
      - {name: Borin, value: 25, speed: 4, attacks: 3, armour: 4, wounds: 5}
";
        let party = crate::mkd::play::party::parse(text, "p.yaml").unwrap();
        assert_eq!(party.total_value(), 20 + 25);
        let mut g = Game::new(
            Arc::new(scenario(Vec::new())),
            Arc::new(party),
            Arc::new(crate::mkd::tables::default_tables()),
            GameOptions {
                seed: 1,
                combat: CombatMode::Dice,
            },
        );
        assert_eq!((g.heroes[0].wounds, g.heroes[0].value), (1, 20));
        assert_eq!((g.heroes[1].wounds, g.heroes[1].value), (0, 25));
        put_hero(&mut g, 0, p(2, 2), Side::N);
        g.xp = 200;
        assert_eq!(
            refused(&mut g, "heal Shayle"),
            Refusal::NotWounded {
                hero: "Shayle".into()
            }
        );
        g.heroes[0].wounds = 4;
        let ev = ok(&mut g, "heal Shayle");
        assert_eq!(
            printed(&g, &ev),
            "Shayle is healed to the level-0 spot, one wound down (50 experience spent)"
        );
        assert_eq!(g.heroes[0].wounds, 1);
        // Gaining a level takes the click off: level 1, acting as normal.
        ok(&mut g, "level Shayle");
        assert_eq!((g.heroes[0].level(), g.heroes[0].wounds), (1, 0));
        g.heroes[0].wounds = 2;
        ok(&mut g, "heal Shayle");
        assert_eq!(g.heroes[0].wounds, 0);
    }

    #[test]
    fn manual_combat_waits_for_the_reports_it_asked_for() {
        // orc-1 beside Ayla: decision 1, it attacks; the phase stops there
        // until the players report and type `done`.
        let mut g = game(&[1]);
        put_hero(&mut g, 0, p(7, 5), Side::N);
        put_hero(&mut g, 1, p(1, 5), Side::N);
        add_monster(&mut g, "orc-1", 20, p(6, 5), &[]);
        assert_eq!(refused(&mut g, "done"), Refusal::NothingToReport);
        let ev = ok(&mut g, "end turn");
        assert_eq!(ev.last(), Some(&Event::Banner(Banner::Reports)));
        assert_eq!(g.phase, Phase::Reports);
        assert!(printed(&g, &ev).ends_with(
            "-- the monsters wait: report each fight above (`wound HERO N`, `hit MONSTER N`, `kill MONSTER`), then type `done` --"
        ));
        assert_eq!(
            refused(&mut g, "Borin moves to 2,5"),
            Refusal::AwaitingReports
        );
        assert_eq!(refused(&mut g, "end turn"), Refusal::AwaitingReports);
        ok(&mut g, "wound Ayla 1");
        ok(&mut g, "hit orc-1 1");
        assert_eq!(g.turn, 1);
        let ev = ok(&mut g, "done");
        assert_eq!(g.turn, 2);
        assert!(matches!(
            ev.last(),
            Some(Event::Banner(Banner::Heroes { turn: 2, .. }))
        ));
        assert_eq!(g.heroes[0].wounds, 1);
        all_dice_used(&g);
        // Dice combat rolls the fight itself and never waits.
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[1, 1, 1, 1, 1, 1, 1, 1]);
        put_hero(&mut g, 0, p(7, 5), Side::N);
        add_monster(&mut g, "orc-1", 20, p(6, 5), &[]);
        ok(&mut g, "end turn");
        assert_eq!(g.turn, 2);
    }

    #[test]
    fn dice_combat_refuses_the_reports_of_manual_combat() {
        let mut g = game_with(CombatMode::Dice, Vec::new(), &[]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        add_monster(&mut g, "orc-1", 20, p(4, 4), &[]);
        let wounds =
            |g: &Game| -> Vec<u32> { g.monsters.iter().map(|m| m.wounds_left()).collect() };
        let before = (g.heroes.clone(), wounds(&g));
        for (line, verb) in [
            ("hit orc-1 1", "hit"),
            ("kill orc-1", "kill"),
            ("wound Ayla 1", "wound"),
        ] {
            let why = refused(&mut g, line);
            assert_eq!(why, Refusal::ReportInDiceCombat { verb });
            assert!(why.to_string().contains("--combat manual"));
        }
        assert_eq!((g.heroes.clone(), wounds(&g)), before);
    }

    #[test]
    fn manual_combat_reports_hits_kills_and_wounds() {
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        let m = add_monster(&mut g, "orc-1", 20, p(4, 4), &[]);
        let ev = ok(&mut g, "hit orc-1 1");
        assert_eq!(
            ev,
            [Event::MonsterWounded {
                monster: m,
                wounds: 1,
                left: 1
            }]
        );
        let ev = ok(&mut g, "kill ORC-1");
        assert_eq!(
            ev,
            [Event::MonsterSlain {
                monster: m,
                by: None,
                points: 20,
                pool: 20
            }]
        );
        assert_eq!(printed(&g, &ev), "orc-1 is slain: +20 experience (pool 20)");
        assert_eq!(
            refused(&mut g, "hit orc-1 1"),
            Refusal::NoMonsterRevealed { id: "orc-1".into() }
        );
        let ev = ok(&mut g, "wound Ayla 4");
        assert_eq!(
            ev[0],
            Event::HeroSlain {
                hero: AYLA,
                wounds: 4
            }
        );
        assert_eq!(
            refused(&mut g, "wound Borin 1"),
            Refusal::NotInDungeon {
                hero: "Borin".into()
            }
        );
        assert_eq!(
            refused(&mut g, "wound Nobody 1").to_string(),
            "no hero called `Nobody` (heroes: Ayla, Borin)"
        );
    }

    #[test]
    fn a_slain_hero_drops_his_chests_open_beside_him() {
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        let c = crate::mkd::play::state::ChestId(0);
        g.heroes[AYLA].chests = vec![c];
        g.chests[c].place = crate::mkd::play::state::ChestPlace::Hero(AYLA);
        let ev = ok(&mut g, "wound Ayla 9");
        assert_eq!(
            ev[..2],
            [
                Event::HeroSlain {
                    hero: AYLA,
                    wounds: 9
                },
                Event::ChestFallsOpen {
                    chest: c,
                    at: p(2, 2)
                },
            ]
        );
        assert!(g.chests[c].open);
    }

    #[test]
    fn the_turn_runs_team_by_team_then_tokens_then_monsters() {
        let mut g = game(&[]);
        let ev = ok(&mut g, "end turn");
        assert_eq!(
            ev,
            [
                Event::TurnEnds { team: 0 },
                Event::TokensPhase,
                Event::NoTokenWanders,
                Event::MonstersPhase,
                Event::NoMonsters,
                Event::Banner(Banner::Heroes {
                    turn: 2,
                    limit: None,
                    floor: None,
                    team: 0
                }),
            ]
        );
        assert_eq!(
            printed(&g, &ev),
            "Ann ends the turn\n-- wandering monster tokens --\nno token wanders\n-- monsters --\nno monster is revealed\n== turn 2: Ann's heroes =="
        );
        assert_eq!(g.turn, 2);
    }

    #[test]
    fn monsters_act_in_an_order_rolled_as_they_go_and_skip_when_surprised_or_held() {
        // 2: the second of three acts first (held); then 2 of the two left:
        // the third (surprised); the first holds its ground (6, 6).
        let mut g = game(&[2, 2, 6, 6]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        let a = add_monster(&mut g, "orc-1", 20, p(20, 1), &[]);
        let b = add_monster(&mut g, "orc-2", 20, p(20, 3), &[]);
        let c = add_monster(&mut g, "orc-3", 20, p(20, 5), &[]);
        g.monsters[b].held = 1;
        g.monsters[c].surprised = true;
        let ev = ok(&mut g, "end turn");
        let acts: Vec<&Event> = ev
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::MonsterHeld { .. } | Event::Surprised { .. } | Event::HoldsGround { .. }
                )
            })
            .collect();
        assert_eq!(
            acts,
            [
                &Event::MonsterHeld { monster: b },
                &Event::Surprised {
                    monster: c,
                    turns: Some(Side::W)
                },
                &Event::HoldsGround { monster: a },
            ]
        );
        assert!(!g.monsters[c].surprised);
        assert_eq!(g.monsters[b].held, 0);
        // The surprised one still turned to face the nearest hero.
        assert_eq!(g.monsters[c].facing, Side::W);
        // Each die that chose who acts next is in the transcript (a user's
        // audit: they were rolled but never shown); the last one left
        // needs no die.
        let text = printed(&g, &ev);
        let order: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("monster to act next"))
            .collect();
        assert_eq!(
            order,
            [
                "monster to act next: rolled 2 — orc-2",
                "monster to act next: rolled 2 — orc-3",
            ]
        );
        all_dice_used(&g);
    }

    #[test]
    fn a_hero_acts_only_in_his_team_s_turn_and_once() {
        let mut g = game(&[]);
        g.visited.extend(0..3);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        put_hero(&mut g, 1, p(2, 4), Side::N);
        ok(&mut g, "Ayla passes");
        assert_eq!(
            refused(&mut g, "Ayla moves to 3,3"),
            Refusal::AlreadyActed {
                hero: "Ayla".into()
            }
        );
        // Acting with another hero ends the previous hero's activation.
        let mut g = game(&[]);
        g.visited.extend(0..3);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        put_hero(&mut g, 1, p(2, 4), Side::N);
        ok(&mut g, "Ayla moves to 3,2");
        ok(&mut g, "Borin moves to 3,4");
        assert!(g.heroes[AYLA].done);
        g.heroes[BORIN].held = 1;
        g.heroes[BORIN].done = false;
        assert_eq!(
            refused(&mut g, "Borin passes"),
            Refusal::HeldByMagic {
                hero: "Borin".into()
            }
        );
        for (place, r) in [
            (
                HeroPlace::Slain,
                Refusal::Slain {
                    hero: "Borin".into(),
                },
            ),
            (
                HeroPlace::Escaped,
                Refusal::Escaped {
                    hero: "Borin".into(),
                },
            ),
            (
                HeroPlace::Below,
                Refusal::Below {
                    hero: "Borin".into(),
                },
            ),
        ] {
            g.heroes[BORIN].place = place;
            assert_eq!(refused(&mut g, "Borin passes"), r);
        }
    }

    /// Two teams: Ann's Ayla, and Bob's Borin with Command.
    fn two_teams() -> Game {
        let hero = |name: &str, abilities: Vec<Ability>| Hero {
            name: name.into(),
            value: 40,
            level: 1,
            stats: crate::mkd::figures::Stats {
                speed: 5,
                attacks: 2,
                shoot: None,
                armour: 4,
                wounds: 4,
            },
            abilities,
            con: 0,
            chests: Vec::new(),
        };
        let party = Party {
            name: "two".into(),
            teams: vec![
                Team {
                    player: "Ann".into(),
                    heroes: vec![hero("Ayla", Vec::new())],
                },
                Team {
                    player: "Bob".into(),
                    heroes: vec![hero("Borin", vec![Ability::Command])],
                },
            ],
            prisoner: None,
            campaign: None,
        };
        let mut g = Game::new(
            Arc::new(scenario(Vec::new())),
            Arc::new(party),
            Arc::new(crate::mkd::tables::default_tables()),
            GameOptions {
                seed: 1,
                combat: CombatMode::Manual,
            },
        );
        g.script(&[]);
        g
    }

    #[test]
    fn a_team_with_command_in_the_dungeon_may_go_first() {
        let mut g = two_teams();
        assert_eq!(
            refused(&mut g, "first bob"),
            Refusal::NoCommand {
                player: "bob".into()
            }
        );
        put_hero(&mut g, 1, p(2, 2), Side::N);
        assert_eq!(
            refused(&mut g, "Borin passes"),
            Refusal::NotYourTurn {
                turn_of: "Ann".into(),
                hero: "Borin".into(),
                player: "Bob".into()
            }
        );
        let ev = ok(&mut g, "first bob");
        assert_eq!(
            printed(&g, &ev),
            "bob's team goes first this turn (Command)\n== turn 1: Bob's heroes =="
        );
        ok(&mut g, "Borin passes");
        assert_eq!(refused(&mut g, "first bob"), Refusal::TooLateForOrder);
        assert_eq!(
            refused(&mut g, "first Zed"),
            Refusal::NoSuchPlayer {
                player: "Zed".into()
            }
        );
        // Command also lends speed to the friends beside it.
        put_hero(&mut g, 0, p(2, 3), Side::N);
        assert_eq!(g.hero_speed(AYLA), 7);
    }

    #[test]
    fn command_goes_first_for_this_turn_only_and_is_refused_for_the_reason_that_applies() {
        let mut g = two_teams();
        put_hero(&mut g, 0, p(2, 3), Side::N);
        put_hero(&mut g, 1, p(2, 2), Side::N);
        ok(&mut g, "first bob");
        ok(&mut g, "Borin passes");
        // Ann has no Command: that is the reason, not the lateness.
        assert_eq!(
            refused(&mut g, "first Ann"),
            Refusal::NoCommand {
                player: "Ann".into()
            }
        );
        ok(&mut g, "end turn");
        ok(&mut g, "end turn");
        // The next turn starts in the usual order again: Ann's heroes.
        assert_eq!(
            refused(&mut g, "Borin passes"),
            Refusal::NotYourTurn {
                turn_of: "Ann".into(),
                hero: "Borin".into(),
                player: "Bob".into()
            }
        );
    }

    #[test]
    fn views_change_nothing_and_a_finished_game_takes_no_orders() {
        let mut g = game(&[]);
        assert_eq!(ok(&mut g, "status"), [Event::Status]);
        assert_eq!(ok(&mut g, "map"), [Event::Map]);
        assert_eq!(
            ok(&mut g, "help"),
            [Event::Help {
                missions: false,
                stairs: false
            }]
        );
        assert_eq!(refused(&mut g, "undo"), Refusal::NothingToUndo);
        g.phase = Phase::Over(Outcome::Won);
        assert_eq!(
            refused(&mut g, "end turn").to_string(),
            "the adventure is over (the heroes won); only status, map and undo work now"
        );
        assert_eq!(ok(&mut g, "status"), [Event::Status]);
    }

    #[test]
    fn a_refused_command_changes_nothing_not_even_the_dice() {
        let mut g = game(&[3]);
        put_hero(&mut g, 0, p(9, 3), Side::E);
        g.markers.push(crate::mkd::play::state::PlacedMarker {
            kind: crate::mkd::play::board::PlayMarker::Teleporter,
            pos: p(9, 3),
            tile: 1,
        });
        let before = (g.heroes.clone(), g.dice().script_left());
        refused(&mut g, "Ayla teleports to 5,5");
        assert_eq!((g.heroes.clone(), g.dice().script_left()), before);
    }

    #[test]
    fn the_text_api_prints_the_events_and_the_refusals() {
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(2, 2), Side::N);
        add_monster(&mut g, "orc-1", 20, p(4, 4), &[]);
        assert_eq!(
            g.apply("hit orc-1 1").unwrap(),
            ["orc-1 takes 1 wound (1 left)"]
        );
        assert_eq!(g.apply("  # a comment").unwrap(), Vec::<String>::new());
        assert_eq!(
            g.apply("Ayla dances").unwrap_err().to_string(),
            "`dances` is not something a hero can do here; type `help` for the list"
        );
        let _ = Figure::Hero(AYLA);
    }

    /// A game of the test dungeon whose heroes are called `names`.
    fn game_named(names: &[&str]) -> Game {
        let mut party = party();
        let hero = party.teams[0].heroes[0].clone();
        party.teams[0].heroes = names
            .iter()
            .map(|n| Hero {
                name: (*n).into(),
                ..hero.clone()
            })
            .collect();
        Game::new(
            Arc::new(scenario(Vec::new())),
            Arc::new(party),
            Arc::new(crate::mkd::tables::default_tables()),
            GameOptions {
                seed: 1,
                combat: CombatMode::Manual,
            },
        )
    }

    /// A beginning that two heroes' names share names neither: every
    /// command that names a hero refuses it as ambiguous, naming the heroes
    /// it fits, not as an unknown hero.
    #[test]
    fn a_beginning_two_heroes_share_is_refused_as_ambiguous_naming_both() {
        let mut g = game_named(&["Brannoc", "Bramwell"]);
        let ambiguous = |typed: &str| Refusal::AmbiguousHero {
            name: typed.into(),
            heroes: Names(vec!["Brannoc".into(), "Bramwell".into()]),
        };
        for (line, typed) in [
            ("Bra moves to 2,2", "Bra"),
            ("bra moves to 2,2", "bra"),
            ("wound BRA 1", "BRA"),
            ("heal Br", "Br"),
            ("level b", "b"),
        ] {
            assert_eq!(refused(&mut g, line), ambiguous(typed), "{line}");
        }
        assert_eq!(
            ambiguous("Bra").to_string(),
            "hero `Bra` is ambiguous: it begins Brannoc, Bramwell; type more of it"
        );
        // One more letter names one hero; a name nobody has is unknown.
        assert_eq!(
            refused(&mut g, "wound Bram 1"),
            Refusal::NotInDungeon {
                hero: "Bramwell".into()
            }
        );
        assert_eq!(
            refused(&mut g, "wound Brx 1").to_string(),
            "no hero called `Brx` (heroes: Brannoc, Bramwell)"
        );
        // The other hero of `gives chest to` is named the same way.
        put_hero(&mut g, 0, p(2, 2), Side::N);
        assert_eq!(
            refused(&mut g, "Brannoc gives chest to bra"),
            ambiguous("bra")
        );
        // A whole name is that hero's even when it begins another's.
        let mut g = game_named(&["Bram", "Bramwell"]);
        assert_eq!(
            refused(&mut g, "wound bram 1"),
            Refusal::NotInDungeon {
                hero: "Bram".into()
            }
        );
        assert_eq!(
            refused(&mut g, "wound Bramw 1"),
            Refusal::NotInDungeon {
                hero: "Bramwell".into()
            }
        );
    }
}
