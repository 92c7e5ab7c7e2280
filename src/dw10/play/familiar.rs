//! The familiar (L589-614): a hero's pet, a counter on the map and no
//! figure. It comes in beside its owner, moves like a miniature (4, or 6
//! and where Fly goes when it flies), lends the party its eyes against
//! spawning, hinders the enemies of a melee it shares with its owner, and
//! stores 3 wounds its owner may draw from beside it.
//!
//! The project's readings where the text is silent:
//!
//! - it comes in on the empty floor its owner walks to most cheaply; with
//!   none free within 8 points it rides with its owner, off the map, until
//!   its first move sets it down (walked from its owner's square);
//! - it moves once in each of the heroes' Mover's Action Phases, free: its
//!   owner's action is its own (`familiar HERO X,Y`), and only while its
//!   owner is on the map;
//! - it stops only on empty floor (no counter, chest, key, furnishing,
//!   teleporter or other piece): it never springs, explores, opens or
//!   takes anything (L599). A staircase end is the exception: nothing
//!   there is sprung or taken, so it may stop on one, and from there it
//!   sees through the staircase as any figure does (L325-326);
//! - it takes a staircase as a hero's figure does, 1 point from one end to
//!   another of its colour, within its one move (it moves like a
//!   miniature, L598, and only monsters are barred from staircases,
//!   L318); the piece it arrives on is not revealed by it, as nothing its
//!   eyes see is;
//! - it has no kill zone, never blocks a line of sight and is never struck
//!   but by the three kill-die 6s of its owner's melee (L594-596) or a shot;
//! - it is in a melee when it stands beside an enemy of a melee its owner
//!   is in; it may not step beside an enemy outside its owner's melee;
//! - each familiar in a melee takes 1 die off each enemy there, down to
//!   none (L593-594); this is the Melee Phase's rule, free attacks are
//!   rolled in full;
//! - a monster with no hero to shoot shoots a familiar it may see, in
//!   range and in no melee (the same rules as a shot at a hero); two
//!   kill-die 6s among its kill dice remove it;
//! - it leaves with its owner through a teleporter, and stays where it is
//!   while its owner waits to re-spawn.

use crate::dw10::features::FeatureKind;
use crate::dw10::figures::Ability;
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::Event;
use crate::dw10::play::sight::Look;
use crate::dw10::play::state::{Familiar, HeroId, Map, Sq, State, Who, adjacent, fmt_sq};
use crate::dw10::play::walk::reach_familiar;

/// Why a familiar may not do what was asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoFamiliar {
    /// The hero owns no familiar.
    #[error("{0} has no familiar")]
    None(String),
    /// Removed from play this game (L606-607).
    #[error("{0}'s familiar was removed from play this game")]
    Removed(String),
    /// Moved already this phase.
    #[error("{0}'s familiar has moved this phase")]
    Moved(String),
    /// The owner is off the map.
    #[error("{0} is not on the map; its familiar waits for it")]
    OwnerAway(String),
    /// A square that is not empty floor.
    #[error(
        "{name}'s familiar stops only on empty floor or a staircase, not {at}: it never springs, explores, opens or takes anything"
    )]
    NotFloor {
        /// The owner.
        name: String,
        /// The square.
        at: String,
    },
    /// Out of its reach.
    #[error("{name}'s familiar cannot reach {at} this phase ({why})")]
    Unreachable {
        /// The owner.
        name: String,
        /// The square.
        at: String,
        /// Why.
        why: &'static str,
    },
    /// Beside an enemy of no melee its owner is in (L596-597).
    #[error(
        "a familiar never enters a melee alone or one without its owner: {name} is not fighting the enemies beside {at}"
    )]
    Melee {
        /// The owner.
        name: String,
        /// The square.
        at: String,
    },
    /// Drawing wounds needs the owner beside its familiar (L603-604).
    #[error("{0} must stand beside its familiar to draw wounds from it")]
    NotBeside(String),
    /// Nothing or too much asked.
    #[error("{name}'s familiar stores {stored} wounds; {name} may draw 1 to {stored}")]
    Stored {
        /// The owner.
        name: String,
        /// Wounds stored.
        stored: u32,
    },
    /// Past the hero's starting wounds.
    #[error(
        "{name} has {wounds} of {start} wounds: {asked} more would pass the wounds it started with"
    )]
    Full {
        /// The owner.
        name: String,
        /// Its wounds now.
        wounds: u32,
        /// Its starting wounds.
        start: u32,
        /// Wounds asked for.
        asked: u32,
    },
}

/// Is a square empty floor (no figure, familiar or piece; a door's edge
/// or a dungeon condition, part of the floor, do not count)? A familiar
/// comes in on such a square.
pub fn free_floor(s: &State, map: &Map, p: Sq) -> bool {
    stop_ok(s, map, p, false)
}

/// May a familiar stop on a square: empty floor, or a free staircase end
/// (nothing there is sprung, explored or taken)?
pub fn may_stop(s: &State, map: &Map, p: Sq) -> bool {
    stop_ok(s, map, p, true)
}

fn stop_ok(s: &State, map: &Map, p: Sq, stairs: bool) -> bool {
    map.board.standable(p.0, p.1)
        && !s.occupied(p)
        && !s.features.iter().enumerate().any(|(i, f)| {
            !s.gone[i]
                && f.kind.is_piece()
                && !(stairs && f.kind == FeatureKind::Staircase)
                && (f.x, f.y) == p
        })
}

/// How far from its owner a familiar may come in, at most, in movement
/// points.
pub const START_RANGE: u32 = 8;

/// Where a hero's familiar comes in: the empty floor square its owner
/// walks to most cheaply (beside it when one is free), [`START_RANGE`]
/// points off at most, in row order on ties.
pub fn start_square(s: &State, map: &Map, owner: HeroId) -> Option<Sq> {
    s.hero(owner).body.at?;
    crate::dw10::play::walk::reach(s, map, Who::Hero(owner), START_RANGE)
        .squares()
        .into_iter()
        .filter(|(p, _)| free_floor(s, map, *p))
        .min_by_key(|(p, c)| (*c, p.1, p.0))
        .map(|(p, _)| p)
}

/// The melee a figure is in: the chain of figures touching enemies
/// (L166-174), empty when it touches none.
fn melee_of(s: &State, w: Who) -> Vec<Who> {
    if s.enemies_next_to(w).is_empty() {
        return Vec::new();
    }
    let mut g = vec![w];
    let mut i = 0;
    while i < g.len() {
        for e in s.enemies_next_to(g[i]) {
            if !g.contains(&e) {
                g.push(e);
            }
        }
        i += 1;
    }
    g
}

fn name(s: &State, h: HeroId) -> String {
    s.hero(h).body.name.clone()
}

/// The familiar, or why it cannot act.
fn in_play(s: &State, owner: HeroId) -> Result<&Familiar, NoFamiliar> {
    let f = s
        .hero(owner)
        .familiar
        .as_ref()
        .ok_or_else(|| NoFamiliar::None(name(s, owner)))?;
    if f.removed {
        return Err(NoFamiliar::Removed(name(s, owner)));
    }
    Ok(f)
}

/// Checks `familiar HERO X,Y`: its cost.
pub fn check_move(s: &State, map: &Map, owner: HeroId, to: Sq) -> Result<u32, NoFamiliar> {
    let n = name(s, owner);
    let f = in_play(s, owner)?;
    if f.moved {
        return Err(NoFamiliar::Moved(n));
    }
    if !s.hero(owner).body.alive() {
        return Err(NoFamiliar::OwnerAway(n));
    }
    let from = s
        .familiar_from(owner)
        .ok_or(NoFamiliar::OwnerAway(n.clone()))?;
    if to == from {
        return Err(NoFamiliar::Unreachable {
            name: n,
            at: fmt_sq(to),
            why: "it is there already",
        });
    }
    if !may_stop(s, map, to) {
        return Err(NoFamiliar::NotFloor {
            name: n,
            at: fmt_sq(to),
        });
    }
    let mine = melee_of(s, Who::Hero(owner));
    let alone = s
        .figures()
        .into_iter()
        .filter(|w| matches!(w, Who::Monster(_)))
        .filter(|w| s.body(*w).at.is_some_and(|q| adjacent(q, to)))
        .any(|w| !mine.contains(&w));
    if alone {
        return Err(NoFamiliar::Melee {
            name: n,
            at: fmt_sq(to),
        });
    }
    reach_familiar(s, map, owner)
        .cost(to)
        .ok_or(NoFamiliar::Unreachable {
            name: n,
            at: fmt_sq(to),
            why: "too far, or walls, shut doors, enemies or kill zones in the way",
        })
}

/// Moves a familiar, checked by [`check_move`] first.
pub fn move_to(c: &mut Ctx, owner: HeroId, to: Sq, cost: u32) {
    let Some(from) = c.s.familiar_from(owner) else {
        return;
    };
    let Some(f) = c.s.hero_mut(owner).familiar.as_mut() else {
        return;
    };
    f.at = Some(to);
    f.moved = true;
    c.push(Event::FamiliarMoved {
        owner,
        from,
        to,
        cost,
    });
}

/// The owners whose familiars are in a melee of `group`: the owner in it,
/// the familiar beside one of its enemies.
pub fn in_melee(s: &State, group: &[Who]) -> Vec<HeroId> {
    s.familiars()
        .into_iter()
        .filter(|(h, p)| {
            group.contains(&Who::Hero(*h))
                && group.iter().any(|w| {
                    matches!(w, Who::Monster(_)) && s.body(*w).at.is_some_and(|q| adjacent(q, *p))
                })
        })
        .map(|(h, _)| h)
        .collect()
}

/// A familiar removed from play for the rest of the game: its stored
/// wounds lost, no victory point (L606-609).
pub fn remove(c: &mut Ctx, owner: HeroId, sixes: u32) {
    let Some(f) = c.s.hero_mut(owner).familiar.as_mut() else {
        return;
    };
    if f.removed {
        return;
    }
    let lost = f.stored;
    f.at = None;
    f.removed = true;
    f.stored = 0;
    c.push(Event::FamiliarRemoved { owner, sixes, lost });
}

/// May a monster shoot a familiar now, and how does it see it (the rules
/// of a shot at a hero, L137-163)?
pub fn shot_at(s: &State, map: &Map, shooter: Who, owner: HeroId) -> Option<Look> {
    let b = s.body(shooter);
    let p = b.at?;
    let q = s.hero(owner).familiar.as_ref()?.at?;
    let sh = b.fig.shoot?;
    if crate::dw10::play::magic::frozen(s, map, shooter) || !s.enemies_next_to(shooter).is_empty() {
        return None;
    }
    let in_melee = s.figures().into_iter().any(|w| {
        w.side() != crate::dw10::play::state::SideId::Heroes
            && s.body(w).at.is_some_and(|x| adjacent(x, q))
    });
    if in_melee {
        return None;
    }
    crate::dw10::play::sight::line_of_fire(s, map, p, q, b.has(Ability::MasterShot), sh.range).ok()
}

/// Kill-die 6s a shot needs to remove a familiar (L600-601, L613).
pub const SHOT_SIXES: u32 = 2;
/// Kill-die 6s of a melee that remove a familiar (L594-596, L613).
pub const MELEE_SIXES: u32 = 3;

/// A monster's shot at a familiar, checked by [`shot_at`] first: hits as
/// at a hero, then two kill-die 6s remove it.
pub fn shoot(c: &mut Ctx, shooter: Who, owner: HeroId, seen: Look) {
    let b = c.s.body(shooter).clone();
    let Some(sh) = b.fig.shoot else { return };
    let need = match (b.has(Ability::ElfShot), seen == Look::Cover) {
        (true, false) => 4,
        (true, true) | (false, false) => 5,
        (false, true) => 6,
    };
    let dice = c.d6s(sh.dice, "to hit (shooting a familiar)");
    let hits = dice.iter().filter(|d| **d >= need).count() as u32;
    let kills = c.d6s(hits, "kill die (shooting a familiar)");
    let sixes = kills.iter().filter(|k| **k == 6).count() as u32;
    c.push(Event::FamiliarShot {
        shooter,
        owner,
        dice,
        need,
        kills,
    });
    if sixes >= SHOT_SIXES {
        remove(c, owner, SHOT_SIXES);
    }
}

/// Checks `draw HERO N` (the owner's action phase already checked).
pub fn check_draw(s: &State, owner: HeroId, n: u32) -> Result<(), NoFamiliar> {
    let name = name(s, owner);
    let q = in_play(s, owner)?.at;
    let hero = s.hero(owner);
    if !hero.body.at.zip(q).is_some_and(|(p, q)| adjacent(p, q)) {
        return Err(NoFamiliar::NotBeside(name));
    }
    let stored = hero.familiar.as_ref().map_or(0, |f| f.stored);
    if n == 0 || n > stored {
        return Err(NoFamiliar::Stored { name, stored });
    }
    if hero.body.wounds + n > hero.body.fig.wounds {
        return Err(NoFamiliar::Full {
            name,
            wounds: hero.body.wounds,
            start: hero.body.fig.wounds,
            asked: n,
        });
    }
    Ok(())
}

/// The owner draws `n` stored wounds, checked by [`check_draw`] first; it
/// replaces the owner's Mover's Action Phase (L603-604).
pub fn draw(c: &mut Ctx, owner: HeroId, n: u32) {
    let hero = c.s.hero_mut(owner);
    let Some(f) = hero.familiar.as_mut() else {
        return;
    };
    f.stored -= n.min(f.stored);
    let stored = f.stored;
    hero.body.wounds += n;
    hero.done = true;
    hero.mp = 0;
    let now = hero.body.wounds;
    c.push(Event::Drew {
        hero: owner,
        wounds: n,
        now,
        stored,
    });
}
