//! Spells (L484-511) and the lasting effects of furnishings (L373-405).
//!
//! The engine checks a `cast` before anything changes; the functions here
//! apply it, and hook the spells into the move:
//!
//! - Shield, Invulnerable to Fire, Invulnerable to Poison: cast in the
//!   heroes' Mover's Action Phase, they last until that move's Non-Mover's
//!   Shooting Phase ends (the project's: from the cast, so a poison trap
//!   stepped on after the cast is warded too). A stat block's Invulnerable
//!   to Fire is for good (the Warden Mage's, L790).
//! - Hold Portal: a shut door within 4 squares in sight (through a
//!   staircase too, the staircase one square), held on a d6 of 4-6; the
//!   d6 again at the start of every later Mover's Action Phase, and the
//!   spell fails on 1-3 (L485-492). A held door opens for nobody.
//! - Finger of Death: once a game, on a monster in sight, before the caster
//!   spends any point; its action is over. At the end of the Draken
//!   Master's Non-Mover's Shooting Phase the monster dies, unless the caster
//!   was shot at, stands in a kill zone, or lost sight of it (L499-505).
//! - Resurrection: cast by itself the moment a hero dies in the sight of
//!   another hero who knows it and has not cast it this move (the engine
//!   does not stop a phase to ask; the players always want it). The hero
//!   stands up where it fell with every wound, and the Draken Master scores
//!   nothing (L506-509).

use crate::dw10::figures::Ability;
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::Event;
use crate::dw10::play::sight::{Look, look, sees};
use crate::dw10::play::state::{FeatureId, HeroId, MonsterId, Sq, State, Who, adjacent};

/// The order a hero takes the spells a bookcase or a tome on a pedestal
/// teaches when no spell is named (`explore HERO`), the automatic heroes'
/// too (the project's): Resurrection first (it takes a victory point from
/// the Draken Master, whose kills win his game), Finger of Death (the
/// largest monster in sight), then the wards, by how often the dungeon's
/// monsters call for them (shooters, poison, fire), Hold Portal last (the
/// automatic heroes never cast it).
pub const STUDY_ORDER: [Ability; 6] = [
    Ability::Resurrection,
    Ability::FingerOfDeath,
    Ability::Shield,
    Ability::InvulnerableToPoison,
    Ability::InvulnerableToFire,
    Ability::HoldPortal,
];

/// The spell a hero studies when none is named: the first of
/// [`STUDY_ORDER`] it does not know.
pub fn study_choice(s: &State, h: HeroId) -> Option<Ability> {
    STUDY_ORDER.into_iter().find(|sp| !s.knows(h, *sp))
}

/// Hold Portal reaches doors this many squares away (L489-490).
pub const HOLD_PORTAL_RANGE: u32 = 4;

/// Does `a` see `b` as a shot would (figures between block, Master Shot
/// sees past them)?
pub fn in_sight(s: &State, map: &crate::dw10::play::state::Map, a: Who, b: Who) -> bool {
    let (Some(p), Some(q)) = (s.body(a).at, s.body(b).at) else {
        return false;
    };
    look(s, map, p, q, s.body(a).has(Ability::MasterShot)) != Look::Hidden
}

/// Does a gaze still hold `w` (the gazer there and seeing it, L216-223)?
pub fn frozen(s: &State, map: &crate::dw10::play::state::Map, w: Who) -> bool {
    let Some(g) = s.body(w).gazed_by else {
        return false;
    };
    s.body(g).alive() && in_sight(s, map, g, w)
}

/// Is a figure safe from fire now (a stat block's Invulnerable to Fire, or
/// the spell this move)?
pub fn fire_proof(s: &State, w: Who) -> bool {
    s.body(w).has(Ability::InvulnerableToFire)
        || matches!(w, Who::Hero(h) if s.hero(h).magic.fire_ward)
}

/// Is a figure safe from poison now?
pub fn poison_proof(s: &State, w: Who) -> bool {
    s.body(w).has(Ability::InvulnerableToPoison)
        || matches!(w, Who::Hero(h) if s.hero(h).magic.poison_ward)
}

/// A figure's armour against a shot now (Shield: +2, 6 at most).
pub fn shot_armour(s: &State, w: Who) -> u32 {
    let a = s.body(w).fig.armour;
    match w {
        Who::Hero(h) if s.hero(h).magic.shield => (a + 2).min(6),
        _ => a,
    }
}

/// Shield, Invulnerable to Fire or to Poison on the caster.
pub fn ward(c: &mut Ctx, h: HeroId, spell: Ability) {
    c.s.hero_mut(h).used.push(spell);
    c.push(Event::Cast { hero: h, spell });
    let m = &mut c.s.hero_mut(h).magic;
    match spell {
        Ability::Shield => m.shield = true,
        Ability::InvulnerableToFire => m.fire_ward = true,
        _ => m.poison_ward = true,
    }
}

/// Hold Portal on a door (checked: shut, in range and sight).
pub fn hold_portal(c: &mut Ctx, h: HeroId, door: FeatureId) {
    c.s.hero_mut(h).used.push(Ability::HoldPortal);
    c.push(Event::Cast {
        hero: h,
        spell: Ability::HoldPortal,
    });
    let face = c.d6("hold portal");
    let holds = face >= 4;
    c.s.held[door.0 as usize] = holds;
    c.push(Event::Held { door, face, holds });
}

/// The held doors' d6 at the start of a Mover's Action Phase.
pub fn hold_checks(c: &mut Ctx) {
    for i in 0..c.s.held.len() {
        if !c.s.held[i] {
            continue;
        }
        let face = c.d6("hold portal");
        let holds = face >= 4;
        c.s.held[i] = holds;
        c.push(Event::Held {
            door: FeatureId(i as u32),
            face,
            holds,
        });
    }
}

/// Finger of Death cast (checked); its action is over.
pub fn finger(c: &mut Ctx, h: HeroId, m: MonsterId) {
    let hero = c.s.hero_mut(h);
    hero.used.push(Ability::FingerOfDeath);
    hero.magic.finger_spent = true;
    hero.magic.finger = Some(m);
    hero.done = true;
    hero.mp = 0;
    c.push(Event::Cast {
        hero: h,
        spell: Ability::FingerOfDeath,
    });
}

/// The hero who resurrects `dead`, killed on `at`, if one can.
pub fn resurrector(c: &Ctx, dead: HeroId, at: Sq) -> Option<HeroId> {
    c.s.live_heroes().into_iter().find(|o| {
        let hero = c.s.hero(*o);
        *o != dead
            && c.s.knows(*o, Ability::Resurrection)
            && !hero.used.contains(&Ability::Resurrection)
            && !hero.magic.asleep
            && hero.body.at.is_some_and(|p| sees(c.s, c.map, p, at))
    })
}

/// Resurrection: `dead` stands up on `at` with every wound.
pub fn resurrect(c: &mut Ctx, by: HeroId, dead: HeroId, at: Sq) {
    c.s.hero_mut(by).used.push(Ability::Resurrection);
    let hero = c.s.hero_mut(dead);
    hero.body.at = Some(at);
    hero.body.wounds = hero.body.fig.wounds;
    hero.dead = false;
    hero.done = true;
    hero.mp = 0;
    c.push(Event::Cast {
        hero: by,
        spell: Ability::Resurrection,
    });
    c.push(Event::Resurrected { by, hero: dead, at });
}

/// A sleeper's d6 at the start of its side's phase (4-6 wakes, L401-405).
pub fn wake_checks(c: &mut Ctx) {
    for h in c.s.live_heroes() {
        if !c.s.hero(h).magic.asleep {
            continue;
        }
        let face = c.d6("wake up");
        let awake = face >= 4;
        c.push(Event::Wakes {
            hero: h,
            face: Some(face),
            awake,
        });
        let hero = c.s.hero_mut(h);
        if awake {
            hero.magic.asleep = false;
        } else {
            hero.done = true;
            hero.mp = 0;
        }
    }
}

/// Sleepers in a melee defend themselves and wake (L404-405).
pub fn melee_wakes(c: &mut Ctx, group: &[Who]) {
    for w in group {
        if let Who::Hero(h) = *w
            && c.s.hero(h).magic.asleep
        {
            c.s.hero_mut(h).magic.asleep = false;
            c.push(Event::Wakes {
                hero: h,
                face: None,
                awake: true,
            });
        }
    }
}

/// Is a hero warding with a camp fire now (it explored it and stays
/// beside it)?
pub fn guarded(s: &State, h: HeroId) -> bool {
    let hero = s.hero(h);
    match (hero.magic.fire_guard, hero.body.at) {
        (Some(f), Some(p)) => adjacent(p, (s.feature(f).x, s.feature(f).y)),
        _ => false,
    }
}

/// May `attacker` strike `target` in melee? Monsters of 3 attack dice or
/// fewer may not strike a hero warding with a camp fire (L373-375).
pub fn may_strike(s: &State, attacker: Who, target: Who) -> bool {
    match (attacker, target) {
        (Who::Monster(_), Who::Hero(h)) => s.body(attacker).fig.attacks > 3 || !guarded(s, h),
        _ => true,
    }
}

/// Heroes reading a stone altar beside it now: +1 initiative each
/// (L378-382).
pub fn readers(s: &State) -> u32 {
    s.heroes
        .iter()
        .filter(|h| match (h.magic.reading, h.body.at) {
            (Some(f), Some(p)) => adjacent(p, (s.feature(f).x, s.feature(f).y)),
            _ => false,
        })
        .count() as u32
}
