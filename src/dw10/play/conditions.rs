//! Dungeon conditions in play (L349-355): the Draken Master checks a
//! condition square whenever a hero enters it, by the project's formula
//! (`dw10::conditions`, the table in `conditions.yaml`):
//!
//! - a d6 in the open; the row's `goes_off` or more sets it off, one more
//!   for a hero with the Trap ability (the die counts 1 lower, as for a
//!   chest, L340-341). A hidden square is found either way: the roll gave
//!   it away;
//! - one that goes off ends the hero's action on its square (as a `?`
//!   counter does, L339), does what its row says — automatic hits, poison
//!   and fire counters on the heroes it reaches, an alarm (rolls on the
//!   spawn table), the doors of its piece slammed and held as by Hold
//!   Portal — and is spent;
//! - a hero it strikes is "affected by a dungeon condition" this move, so
//!   its Finger of Death fails (L503-504);
//! - monsters and familiars never set one off ("when heroes pass", L353).

use crate::dw10::features::FeatureKind;
use crate::dw10::figures::Ability;
use crate::dw10::play::combat::wound;
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::Event;
use crate::dw10::play::magic::{fire_proof, poison_proof};
use crate::dw10::play::state::{FeatureId, HeroId, Sq, Who, range};

/// Hero `hero` enters `p`: the condition there, if any, is checked.
/// Whether one went off (the hero's action is over, on `p`).
pub fn cross(c: &mut Ctx, hero: HeroId, p: Sq) -> bool {
    let Some(f) = c.s.feature_on(p, FeatureKind::Condition) else {
        return false;
    };
    let what = c.s.feature(f).what.clone().unwrap_or_default();
    let Some(row) = c.map.condition_row(&what).cloned() else {
        return false;
    };
    let found = c.s.hidden(f);
    c.s.found[f.0 as usize] = true;
    let need = row.goes_off + u32::from(c.s.hero(hero).body.has(Ability::Trap));
    let face = c.d6("dungeon condition");
    let goes_off = face >= need;
    c.push(Event::Condition {
        hero,
        condition: f,
        face,
        need,
        found,
        goes_off,
    });
    if !goes_off {
        return false;
    }
    c.s.gone[f.0 as usize] = true;
    {
        let h = c.s.hero_mut(hero);
        h.mp = 0;
        h.done = true;
        h.magic.conditioned = true;
    }
    if row.harms() {
        let mut reached = vec![hero];
        if row.reach > 0 {
            reached.extend(c.s.live_heroes().into_iter().filter(|o| {
                *o != hero
                    && c.s
                        .hero(*o)
                        .body
                        .at
                        .is_some_and(|q| range(p, q) <= row.reach)
            }));
        }
        for o in reached {
            strike(c, f, o, row.hits, row.poison, row.fire);
        }
    }
    if row.seal {
        seal(c, f, p);
    }
    for _ in 0..row.alarm {
        c.push(Event::Alarm { condition: f });
        crate::dw10::play::spawn::spawn_table_roll(c);
    }
    true
}

/// A condition's hits and counters on one hero (warded poison or fire
/// kept off, as from a trap).
fn strike(c: &mut Ctx, f: FeatureId, hero: HeroId, hits: u32, poison: u32, fire: u32) {
    let w = Who::Hero(hero);
    if !c.s.body(w).alive() {
        return;
    }
    c.s.hero_mut(hero).magic.conditioned = true;
    c.push(Event::ConditionStrikes {
        condition: f,
        hero,
        hits,
        poison,
        fire,
    });
    if poison > 0 {
        if poison_proof(c.s, w) {
            c.push(Event::Warded {
                who: w,
                what: "poison",
            });
        } else {
            c.s.body_mut(w).poison += poison;
        }
    }
    if fire > 0 {
        if fire_proof(c.s, w) {
            c.push(Event::Warded {
                who: w,
                what: "fire",
            });
        } else {
            c.s.body_mut(w).fire += fire;
        }
    }
    wound(c, w, hits);
}

/// Every door of the piece `p` is on (a door with either of its squares
/// on it) slams shut and is held, as by Hold Portal; secret doors not yet
/// found stay as they are.
fn seal(c: &mut Ctx, f: FeatureId, p: Sq) {
    let tile = c.map.tile(p);
    let doors: Vec<FeatureId> = c
        .s
        .door_at
        .iter()
        .filter(|(e, d)| !c.s.hidden(**d) && (c.map.tile(e.0) == tile || c.map.tile(e.1) == tile))
        .map(|(_, d)| *d)
        .collect();
    for d in &doors {
        c.s.open[d.0 as usize] = false;
        c.s.held[d.0 as usize] = true;
    }
    c.push(Event::Sealed {
        condition: f,
        doors,
    });
}
