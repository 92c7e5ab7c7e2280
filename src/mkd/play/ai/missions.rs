//! Monster behaviour the missions add (see [`crate::mkd::play::missions`] for
//! the rules and the project's readings): stealth's chest hunters, the
//! kidnappee's run for the exit and its captivity, and the rescue
//! Guardian's preference for the prisoner.

use super::walk::{self, End, Heroes, OnFail};
use super::{Candidate, face, head_out, hunt, retreat};
use crate::mkd::mission::Goal;
use crate::mkd::play::board::{Board, FAR, fmt_point};
use crate::mkd::play::engine::{CombatMode, Game};
use crate::mkd::play::missions::chest_attack_squares;
use crate::mkd::play::state::{ChestPlace, MonsterMode};

/// The defence of the Quest Chest against a monster's attack (stealth).
pub(crate) const CHEST_DEFENCE: u32 = 5;

/// Rescue: a monster revealed from the Guardian takes the freed prisoner as
/// its first choice when it can reach them.
pub(super) fn prisoner_first(game: &Game, m: usize, pool: &[Candidate]) -> Option<Candidate> {
    let p = game.mission.freed?;
    if !game.mission.guardian_monsters.contains(&m) {
        return None;
    }
    pool.iter().copied().find(|c| c.h == p)
}

/// Stealth: can monster `m` reach the Quest Chest (or the hero carrying it)?
pub(super) fn chest_reachable(game: &Game, m: usize) -> bool {
    if game.goal() != Goal::Stealth {
        return false;
    }
    chest_goals(game, m).is_some_and(|(g, _)| walk::travel(game, m, &g, Heroes::Avoid) != FAR)
}

/// The squares to attack the Quest Chest from, and its carrier if a hero
/// carries it.
fn chest_goals(game: &Game, m: usize) -> Option<(Vec<crate::scenario::Point>, Option<usize>)> {
    let (c, carrier) = game.quest_chest_target()?;
    match (carrier, game.chests[c].place) {
        (Some(h), _) => Some((walk::attack_squares(game, m, h, None), Some(h))),
        (None, ChestPlace::At(p)) => Some((chest_attack_squares(game, m, p), None)),
        _ => None,
    }
}

/// Stealth: the decision roll chose the Quest Chest; the monster is set on
/// destroying it for the rest of the game.
pub(super) fn commit_to_chest(game: &mut Game, m: usize, speed: u32) {
    let id = game.monsters[m].id.clone();
    game.monsters[m].mode = MonsterMode::ChestHunt;
    game.say(format!(
        "{id} sets out to destroy the Quest Chest, for the rest of the adventure"
    ));
    chest_hunt(game, m, speed);
}

/// A chest hunter's activation: to the Quest Chest (or its carrier) and
/// attack it, without abilities or shooting. With no route to it, it goes
/// back to hunting heroes.
pub(super) fn chest_hunt(game: &mut Game, m: usize, speed: u32) {
    let id = game.monsters[m].id.clone();
    let goals = chest_goals(game, m);
    let reachable = goals
        .as_ref()
        .is_some_and(|(g, _)| walk::travel(game, m, g, Heroes::Avoid) != FAR);
    let Some((goals, carrier)) = goals.filter(|_| reachable) else {
        game.monsters[m].mode = MonsterMode::Hunt;
        game.say(format!(
            "{id} finds no way to the Quest Chest and gives up on it; it hunts heroes again"
        ));
        hunt(game, m, speed);
        return;
    };
    match carrier {
        Some(h) => game.say(format!(
            "{id} goes for {}, who carries the Quest Chest",
            game.heroes[h].name
        )),
        None => game.say(format!("{id} heads for the Quest Chest")),
    }
    let w = walk::walk(
        game,
        m,
        &goals,
        speed,
        Heroes::Avoid,
        OnFail::Engage,
        carrier,
    );
    match w.end {
        End::Arrived => match carrier {
            Some(h) => attack_carrier(game, m, h),
            None => attack_chest(game, m),
        },
        End::Engaged(o) if Some(o) == carrier => attack_carrier(game, m, o),
        End::Engaged(o) => {
            game.say(format!(
                "{id} is held by {} and fights back",
                game.heroes[o].name
            ));
            if walk::can_attack_now(game, m, o, None) {
                game.monster_attacks(m, o);
            }
        }
        End::Short => game.say(format!("{id} cannot reach the Quest Chest this activation")),
        End::NoRoute => game.say(format!("{id} finds no way to the Quest Chest and waits")),
        End::Revealed | End::Pinned | End::Slain => {}
    }
}

/// A melee attack on the Quest Chest lying next to (or under) monster `m`.
fn attack_chest(game: &mut Game, m: usize) {
    let id = game.monsters[m].id.clone();
    if let Some((c, None)) = game.quest_chest_target()
        && let ChestPlace::At(p) = game.chests[c].place
        && let Some(me) = game.monsters[m].pos
        && me != p
    {
        game.monsters[m].facing = crate::mkd::play::board::side_towards(me, p);
    }
    match game.opts.combat {
        CombatMode::Manual => game.say(format!(
            "{id} attacks the Quest Chest (defence {CHEST_DEFENCE}; no abilities, no shooting): roll it with the figure and report `smash {id}` if it hits"
        )),
        CombatMode::Dice => {
            let n = game.monsters[m].stats.attacks;
            let hit_on = game.rules().melee_hit;
            let who = format!("{id} attacks the Quest Chest");
            let roll = crate::mkd::play::combat::attack(
                &mut game.dice,
                n,
                hit_on,
                CHEST_DEFENCE,
                0,
                &who,
            );
            game.say(format!(
                "{who} (melee, defence {CHEST_DEFENCE}): {}",
                roll.describe(hit_on, CHEST_DEFENCE)
            ));
            if roll.wounds > 0 {
                game.destroy_quest_chest(m);
            } else {
                game.say("the Quest Chest holds");
            }
        }
    }
}

/// A chest hunter attacks the hero carrying the Quest Chest: any wound it
/// deals destroys the contents.
fn attack_carrier(game: &mut Game, m: usize, h: usize) {
    if !walk::can_attack_now(game, m, h, None) {
        face(game, m, h);
        return;
    }
    let before = game.heroes[h].wounds;
    game.monster_attacks(m, h);
    match game.opts.combat {
        CombatMode::Manual => {
            let id = game.monsters[m].id.clone();
            game.say(format!(
                "{} carries the Quest Chest: if {id}'s attack wounds, also report `smash {id}`",
                game.heroes[h].name
            ));
        }
        CombatMode::Dice => {
            if game.heroes[h].wounds > before {
                game.destroy_quest_chest(m);
            }
        }
    }
}

/// Kidnapping: the kidnappee's activation (true when `m` is the kidnappee
/// and its activation has been played here). On the run: for the entrance
/// through heroes, break-aways retried. Captured: waits for the heroes to
/// lead it when one stands next to it, or retreats as a demoralized monster.
pub(super) fn kidnappee(game: &mut Game, m: usize, speed: u32) -> bool {
    if game.goal() != Goal::Kidnapping || game.mission.kidnappee != Some(m) {
        return false;
    }
    game.update_capture();
    let id = game.monsters[m].id.clone();
    if game.mission.captured {
        if game.mission.led_turn == Some(game.turn) {
            game.say(format!("{id} was led by the heroes this turn"));
            return true;
        }
        let me = game.monsters[m].pos.expect("active");
        let guard = game
            .heroes
            .iter()
            .find(|h| h.pos().is_some_and(|p| Board::adjacent(p, me)))
            .map(|h| h.name.clone());
        if let Some(guard) = guard {
            game.say(format!(
                "{id} is held by {guard} on {}: the heroes lead it on their turn",
                fmt_point(me)
            ));
            return true;
        }
        game.say(format!("{id} has no hero next to it and tries to escape"));
        retreat(game, m, speed);
        return true;
    }
    game.say(format!("{id} runs for the exit"));
    if !head_out(game, m, speed, MonsterMode::Gone, Heroes::Ignore) {
        game.say(format!("{id} finds no way out and waits"));
    }
    true
}
