//! Shooting (L137-163), melee (L164-194), free attacks, wounds, kills and
//! victory points.
//!
//! Kill dice are assigned by the engine for both sides (the project's
//! rule, the same for heroes and monsters): the highest dice first, each
//! to the enemy it may go on (armour at most the die, next to a friend in
//! the melee) that has the fewest wounds left, then the highest armour,
//! then the lowest id.

use crate::dw10::features::FeatureKind;
use crate::dw10::figures::Ability;
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::Event;
use crate::dw10::play::familiar;
use crate::dw10::play::sight::{Look, NoLine, line_of_fire, sees};
use crate::dw10::play::state::{Map, Outcome, Phase, SideId, Sq, State, Who, adjacent, range};
use crate::dw10::scenario::Objective;
use std::collections::BTreeMap;

/// The torture rack that sickens a hero (L420-421, A21): the first still
/// in play on a revealed piece (one not yet laid is not on the table) in
/// the hero's sight or within 8 squares; `None` for a monster.
pub fn rack_near(s: &State, map: &Map, who: Who) -> Option<Sq> {
    let Who::Hero(_) = who else { return None };
    let p = s.body(who).at?;
    s.features
        .iter()
        .enumerate()
        .find(|(i, f)| {
            !s.gone[*i]
                && f.kind == FeatureKind::Furnishing
                && f.what.as_deref() == Some("torture-rack")
                && s.revealed_at(map, (f.x, f.y))
                && (range(p, (f.x, f.y)) <= 8 || sees(s, map, p, (f.x, f.y)))
        })
        .map(|(_, f)| (f.x, f.y))
}

/// Torture Rack (L420-421, A21): a hero it sickens ([`rack_near`]) rolls
/// 2 dice fewer, never fewer than 1.
pub fn rack(s: &State, map: &Map, who: Who, dice: u32) -> u32 {
    if dice > 0 && rack_near(s, map, who).is_some() {
        dice.saturating_sub(2).max(1)
    } else {
        dice
    }
}

/// Says, before a roll, which heroes of `figures` a torture rack sickens,
/// by rack, so the log shows why they roll fewer dice.
pub fn note_rack(c: &mut Ctx, figures: &[Who]) {
    let mut by_rack: BTreeMap<Sq, Vec<Who>> = BTreeMap::new();
    for &w in figures {
        if let Some(r) = rack_near(c.s, c.map, w) {
            by_rack.entry(r).or_default().push(w);
        }
    }
    for (rack, heroes) in by_rack {
        c.push(Event::Sickened { rack, heroes });
    }
}

/// Why a figure may not shoot at another now (L137-163).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoShot {
    /// One of the two is not on the map.
    #[error("the target is not on the map")]
    OffMap,
    /// The shooter has no ranged attack.
    #[error("{0} has no ranged attack")]
    NoRangedAttack(String),
    /// The target is on the shooter's side.
    #[error("{0} is a friend")]
    Friend(String),
    /// The shooter stands next to an enemy.
    #[error("{0} stands next to an enemy and may not shoot (L157-158)")]
    InMelee(String),
    /// The target is in a melee.
    #[error("{0} is in a melee; nobody shoots into one (L157-158)")]
    IntoMelee(String),
    /// Too far.
    #[error("{target} is {range} squares away; {shooter}'s range is {max}")]
    OutOfRange {
        /// The target's name.
        target: String,
        /// Squares to the target, its own counted.
        range: u32,
        /// The shooter's name.
        shooter: String,
        /// The shooter's range.
        max: u32,
    },
    /// Frozen by a gaze this move (L216-223).
    #[error("{0} is frozen by a gaze this move")]
    Frozen(String),
    /// Asleep in a bed (L401-405).
    #[error("{0} is asleep")]
    Asleep(String),
    /// No line of sight.
    #[error("{shooter} cannot see {target}")]
    Unseen {
        /// The shooter's name.
        shooter: String,
        /// The target's name.
        target: String,
    },
}

/// Why `shooter` may not shoot `target` now, or how it sees it.
pub fn shot_check(s: &State, map: &Map, shooter: Who, target: Who) -> Result<Look, NoShot> {
    let b = s.body(shooter);
    let t = s.body(target);
    let (Some(p), Some(q)) = (b.at, t.at) else {
        return Err(NoShot::OffMap);
    };
    let Some(sh) = b.fig.shoot else {
        return Err(NoShot::NoRangedAttack(b.name.clone()));
    };
    if shooter.side() == target.side() {
        return Err(NoShot::Friend(t.name.clone()));
    }
    if crate::dw10::play::magic::frozen(s, map, shooter) {
        return Err(NoShot::Frozen(b.name.clone()));
    }
    if let Who::Hero(h) = shooter
        && s.hero(h).magic.asleep
    {
        return Err(NoShot::Asleep(b.name.clone()));
    }
    if !s.enemies_next_to(shooter).is_empty() {
        return Err(NoShot::InMelee(b.name.clone()));
    }
    if !s.enemies_next_to(target).is_empty() {
        return Err(NoShot::IntoMelee(t.name.clone()));
    }
    match line_of_fire(s, map, p, q, b.has(Ability::MasterShot), sh.range) {
        Err(NoLine::TooFar(r)) => Err(NoShot::OutOfRange {
            target: t.name.clone(),
            range: r,
            shooter: b.name.clone(),
            max: sh.range,
        }),
        Err(NoLine::Hidden) => Err(NoShot::Unseen {
            shooter: b.name.clone(),
            target: t.name.clone(),
        }),
        Ok(l) => Ok(l),
    }
}

/// Does the shooter's attack spread its dice over several targets (Multi
/// Shot, Fire Weapon)?
pub fn spreads(s: &State, w: Who) -> bool {
    let b = s.body(w);
    b.has(Ability::MultiShot)
        || b.fig
            .shoot
            .is_some_and(|x| matches!(x.by, Some(Ability::MultiShot | Ability::FireWeapon)))
}

/// A shot, checked by [`shot_check`] first.
pub fn shoot(c: &mut Ctx, shooter: Who, target: Who, seen: Look) {
    shoot_many(c, shooter, &[(target, seen)]);
}

/// A shot whose dice are shared over `targets` in order, as evenly as
/// they go, the first getting any die over (Multi Shot, Fire Weapon:
/// L199-201, L228-229); each checked by [`shot_check`] first.
pub fn shoot_many(c: &mut Ctx, shooter: Who, targets: &[(Who, Look)]) {
    let Some(sh) = c.s.body(shooter).fig.shoot else {
        return;
    };
    note_rack(c, &[shooter]);
    let all = rack(c.s, c.map, shooter, sh.dice);
    let k = targets.len().max(1) as u32;
    for (i, (t, seen)) in targets.iter().enumerate() {
        let n = all / k + u32::from((i as u32) < all % k);
        shoot_dice(c, shooter, *t, *seen, n);
    }
}

fn shoot_dice(c: &mut Ctx, shooter: Who, target: Who, seen: Look, n: u32) {
    if n == 0 || !c.s.body(target).alive() {
        return;
    }
    let b = c.s.body(shooter).clone();
    let Some(sh) = b.fig.shoot else { return };
    let cover = seen == Look::Cover;
    let elf = b.has(Ability::ElfShot);
    let need = match (elf, cover) {
        (true, false) => 4,
        (true, true) | (false, false) => 5,
        (false, true) => 6,
    };
    if let Who::Hero(h) = target {
        c.s.hero_mut(h).magic.shot_at = true;
    }
    let dice = c.d6s(n, "to hit (shooting)");
    let hits = dice.iter().filter(|d| **d >= need).count() as u32;
    let kills = c.d6s(hits, "kill die (shooting)");
    let mut armour = crate::dw10::play::magic::shot_armour(c.s, target);
    if sh.by == Some(Ability::AcidSpit) || b.has(Ability::AcidSpit) {
        armour = armour.saturating_sub(1).max(1);
    }
    c.push(Event::Shot {
        shooter,
        target,
        dice,
        need,
        kills: kills.clone(),
        armour,
    });
    let wounds = kills.iter().filter(|k| **k >= armour).count() as u32;
    if wounds > 0 {
        let fire = sh.by == Some(Ability::FireWeapon);
        if fire && crate::dw10::play::magic::fire_proof(c.s, target) {
            c.push(Event::Warded {
                who: target,
                what: "fire",
            });
            return;
        }
        if fire {
            c.s.body_mut(target).fire += wounds;
            c.push(Event::Burning {
                who: target,
                counters: wounds,
            });
        }
        wound(c, target, wounds);
    }
}

/// Takes `n` wounds off a figure; at 0 it is killed.
pub fn wound(c: &mut Ctx, who: Who, n: u32) {
    if n == 0 || !c.s.body(who).alive() {
        return;
    }
    let body = c.s.body_mut(who);
    body.gazed_by = None;
    let taken = n.min(body.wounds);
    body.wounds -= taken;
    let left = body.wounds;
    c.push(Event::Wounded {
        who,
        wounds: n,
        left,
    });
    if left == 0 {
        kill(c, who);
    }
}

/// A figure killed: off the map; a victory point for a hero, Undying for
/// a monster, the slay objective.
pub fn kill(c: &mut Ctx, who: Who) {
    let at = c.s.body(who).at;
    if let (Who::Hero(h), Some(p)) = (who, at) {
        c.s.hero_mut(h).body.at = None;
        if let Some(by) = crate::dw10::play::magic::resurrector(c, h, p) {
            c.push(Event::Killed { who });
            crate::dw10::play::magic::resurrect(c, by, h, p);
            return;
        }
    }
    {
        let b = c.s.body_mut(who);
        b.at = None;
        b.wounds = 0;
        b.poison = 0;
        b.fire = 0;
    }
    c.push(Event::Killed { who });
    match who {
        Who::Hero(h) => {
            c.s.hero_mut(h).dead = true;
            c.s.vp += 1;
            c.push(Event::VictoryPoint {
                total: c.s.vp,
                target: c.s.kill_target,
            });
        }
        Who::Monster(m) => {
            let kind = c.s.monster(m).kind.clone();
            if let Objective::Slay { monster } = &c.s.objective
                && *monster == kind
                && !c.s.objective_done
                && m.0 == 0
            {
                c.s.objective_done = true;
                c.push(Event::Objective);
            }
            if c.s.monster(m).body.has(Ability::Undying) {
                let face = c.d6("Undying");
                let back = face == 6;
                c.push(Event::Undying {
                    monster: m,
                    face,
                    back,
                });
                // Back by the spawning rules (L277): where a monster of its
                // kind would spawn now, so never in the melee it fell in.
                if back {
                    match crate::dw10::play::spawn::spawn_square(c, &kind) {
                        Some((p, underfoot)) => {
                            let mb = &mut c.s.monsters[m.0 as usize].body;
                            mb.wounds = mb.fig.wounds;
                            mb.at = Some(p);
                            c.push(Event::Spawned {
                                monster: m,
                                at: p,
                                underfoot,
                            });
                            return;
                        }
                        None => c.push(Event::SpawnLost {
                            monster: kind.clone(),
                            count: 1,
                            why: crate::dw10::play::event::SpawnLoss::NoSquare,
                        }),
                    }
                }
            }
            *c.s.collection.entry(kind).or_insert(0) += 1;
        }
    }
}

/// Is the game won by either side? Sets the phase and says so.
pub fn victory(c: &mut Ctx) -> bool {
    if matches!(c.s.phase, Phase::Over(_)) {
        return true;
    }
    let outcome = if c.s.vp >= c.s.kill_target {
        Some(Outcome::DmWins)
    } else if c.s.objective_done && matches!(c.s.objective, Objective::Slay { .. }) {
        Some(Outcome::HeroesWin)
    } else {
        None
    };
    if let Some(o) = outcome {
        c.s.phase = Phase::Over(o);
        c.push(Event::Over { outcome: o });
        return true;
    }
    false
}

/// Melee dice of a figure in a melee of `group` (Berserk, Pack, Battle
/// Chant, the Torture Rack).
pub fn melee_dice(s: &State, map: &Map, w: Who, group: &[Who]) -> u32 {
    let b = s.body(w);
    if crate::dw10::play::magic::frozen(s, map, w) {
        return 0;
    }
    let mut d = b.fig.attacks;
    let foes = s.enemies_next_to(w).len() as u32;
    if b.has(Ability::BerserkAttack) && foes > 1 {
        d += foes - 1;
    }
    if let Who::Monster(m) = w
        && b.has(Ability::Pack)
    {
        let kind = &s.monster(m).kind;
        let p = b.at.unwrap_or((0, 0));
        d += group
            .iter()
            .filter(|o| **o != w)
            .filter(|o| matches!(o, Who::Monster(x) if s.monster(*x).kind == *kind))
            .filter(|o| s.body(**o).at.is_some_and(|q| adjacent(p, q)))
            .count() as u32;
    }
    if let Who::Hero(_) = w
        && group
            .iter()
            .any(|o| *o != w && matches!(o, Who::Hero(_)) && s.body(*o).has(Ability::BattleChant))
    {
        d += 1;
    }
    rack(s, map, w, d)
}

/// The melees on the map: chains of figures touching enemies (L166-174),
/// each sorted, heroes first.
pub fn melees(s: &State) -> Vec<Vec<Who>> {
    let figs = s.figures();
    let mut group: BTreeMap<Who, usize> = BTreeMap::new();
    let mut out: Vec<Vec<Who>> = Vec::new();
    for &f in &figs {
        if group.contains_key(&f) || s.enemies_next_to(f).is_empty() {
            continue;
        }
        let mut g = vec![f];
        group.insert(f, out.len());
        let mut i = 0;
        while i < g.len() {
            for e in s.enemies_next_to(g[i]) {
                if let std::collections::btree_map::Entry::Vacant(v) = group.entry(e) {
                    v.insert(out.len());
                    g.push(e);
                }
            }
            i += 1;
        }
        g.sort();
        out.push(g);
    }
    out
}

/// Assigns kill dice to the enemies of `side` in `group`, pushing the
/// events and wounds. `only`: a free attack's single target.
pub fn assign(
    c: &mut Ctx,
    side: SideId,
    group: &[Who],
    kills: &[u32],
    only: Option<Who>,
    poison: bool,
) {
    let mut dice = kills.to_vec();
    dice.sort_by(|a, b| b.cmp(a));
    let mut on: BTreeMap<Who, Vec<u32>> = BTreeMap::new();
    for d in dice {
        let s = &*c.s;
        let cands: Vec<Who> = group
            .iter()
            .copied()
            .filter(|w| w.side() != side && s.body(*w).alive())
            .filter(|w| only.is_none_or(|o| o == *w))
            .filter(|w| {
                let p = s.body(*w).at.unwrap_or((0, 0));
                group.iter().any(|f| {
                    f.side() == side
                        && s.body(*f).at.is_some_and(|q| s.touching(p, q))
                        && crate::dw10::play::magic::may_strike(s, *f, *w)
                })
            })
            .filter(|w| s.body(*w).fig.armour <= d)
            .filter(|w| (on.get(w).map_or(0, |v| v.len()) as u32) < s.body(*w).wounds)
            .collect();
        let best = cands.into_iter().min_by_key(|w| {
            let b = s.body(*w);
            let left = b.wounds - on.get(w).map_or(0, |v| v.len()) as u32;
            (left, std::cmp::Reverse(b.fig.armour), *w)
        });
        if let Some(w) = best {
            on.entry(w).or_default().push(d);
        }
    }
    for (w, faces) in on {
        let n = faces.len() as u32;
        let poisoned = if poison {
            faces.iter().filter(|f| **f >= 4).count() as u32
        } else {
            0
        };
        c.push(Event::Assigned { target: w, faces });
        if poisoned > 0 && crate::dw10::play::magic::poison_proof(c.s, w) {
            c.push(Event::Warded {
                who: w,
                what: "poison",
            });
        } else if poisoned > 0 {
            c.s.body_mut(w).poison += poisoned;
            c.push(Event::Poisoned {
                who: w,
                counters: poisoned,
            });
        }
        wound(c, w, n);
    }
}

/// One side's roll in a melee, its kill dice assigned.
fn side_strikes(c: &mut Ctx, side: SideId, group: &[Who]) {
    let mine: Vec<Who> = group
        .iter()
        .copied()
        .filter(|w| w.side() == side && c.s.body(*w).alive())
        .filter(|w| {
            c.s.enemies_next_to(*w)
                .iter()
                .any(|e| crate::dw10::play::magic::may_strike(c.s, *w, *e))
        })
        .collect();
    if mine.is_empty() {
        return;
    }
    // Each familiar in the melee with its owner takes a die off each of
    // the Draken Master's figures there (L593-594).
    let familiars = if side == SideId::Dm {
        familiar::in_melee(c.s, group)
    } else {
        Vec::new()
    };
    for o in &familiars {
        c.push(Event::Hindered {
            owner: *o,
            enemies: mine.clone(),
        });
    }
    note_rack(c, &mine);
    let fewer = familiars.len() as u32;
    let n: u32 = mine
        .iter()
        .map(|w| melee_dice(c.s, c.map, *w, group).saturating_sub(fewer))
        .sum();
    let dice = c.d6s(n, "to hit (melee)");
    let hits = dice.iter().filter(|d| **d >= 4).count() as u32;
    let mut kills = c.d6s(hits, "kill die (melee)");
    c.push(Event::Melee {
        side,
        figures: mine.clone(),
        dice,
        kills: kills.clone(),
    });
    // The Draken Master's policy: three 6s remove a familiar of the melee
    // whenever he throws them, instead of wounding (L594-596).
    for o in familiars {
        if kills.iter().filter(|k| **k == 6).count() as u32 >= familiar::MELEE_SIXES {
            for _ in 0..familiar::MELEE_SIXES {
                if let Some(i) = kills.iter().position(|k| *k == 6) {
                    kills.remove(i);
                }
            }
            familiar::remove(c, o, familiar::MELEE_SIXES);
        }
    }
    let poison = mine.iter().any(|w| c.s.body(*w).has(Ability::PoisonAttack));
    assign(c, side, group, &kills, None, poison);
}

/// The Melee Phase: every melee, the Mover's roll first, the Non-Mover's
/// after its losses (L175-188).
pub fn melee_phase(c: &mut Ctx) {
    c.push(Event::MeleePhase);
    for group in melees(c.s) {
        crate::dw10::play::magic::melee_wakes(c, &group);
        let mover = c.s.mover;
        side_strikes(c, mover, &group);
        side_strikes(c, mover.other(), &group);
        if victory(c) {
            return;
        }
    }
}

/// A free attack of opportunity (L126-136, L189-194): the enemies' dice
/// pooled in one roll, every kill die on the figure leaving.
pub fn free_attack(c: &mut Ctx, target: Who, by: &[Who]) {
    let by: Vec<Who> = by
        .iter()
        .copied()
        .filter(|w| crate::dw10::play::magic::may_strike(c.s, *w, target))
        .collect();
    let by = by.as_slice();
    if by.is_empty() {
        return;
    }
    let mut group = by.to_vec();
    group.push(target);
    note_rack(c, by);
    let n: u32 = by.iter().map(|w| melee_dice(c.s, c.map, *w, &group)).sum();
    let dice = c.d6s(n, "to hit (free attack)");
    let hits = dice.iter().filter(|d| **d >= 4).count() as u32;
    let kills = c.d6s(hits, "kill die (free attack)");
    c.push(Event::FreeAttack {
        target,
        by: by.to_vec(),
        dice,
        kills: kills.clone(),
    });
    let poison = by.iter().any(|w| c.s.body(*w).has(Ability::PoisonAttack));
    assign(c, by[0].side(), &group, &kills, Some(target), poison);
}
