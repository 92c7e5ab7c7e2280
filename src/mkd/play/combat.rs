//! Combat: the Dungeon World 10 mm dice for `--combat dice` and `simulate`
//! (roll the attacker's dice, each 4+ in melee (5+ shooting) is a hit, each
//! hit rolls a kill die, and each kill die equal to or above the target's
//! armour takes one wound), the prompts of manual combat, and what wounds do.

use crate::core::dice::Dice;
use crate::mkd::play::board::side_towards;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{AttackRoll, ConOutcome, Event, Figure, Strike, Target};
use crate::mkd::play::state::{ChestPlace, CombatMode, HeroId, HeroPlace, Injuries, MonsterId};
use std::fmt::Display;

/// Rolls an attack of `n` dice hitting on `hit_on`+ against `armour`.
/// `penalty` is taken off every to-hit die (shooting next to an enemy: 1).
/// `who` names the attack in the dice log.
pub fn attack(
    dice: &mut Dice,
    n: u32,
    hit_on: u32,
    armour: u32,
    penalty: u32,
    who: impl Display,
) -> AttackRoll {
    let n = n.min(20);
    let mut to_hit = Vec::with_capacity(n as usize);
    for _ in 0..n {
        to_hit.push(dice.d6(format_args!("{who}: to-hit die")));
    }
    // Every to-hit die is rolled before the first kill die.
    let hits = to_hit
        .iter()
        .filter(|&&r| r.saturating_sub(penalty) >= hit_on && r > penalty)
        .count();
    let mut kill = Vec::with_capacity(hits);
    let mut wounds = 0;
    for _ in 0..hits {
        let k = dice.d6(format_args!("{who}: kill die"));
        if k >= armour {
            wounds += 1;
        }
        kill.push(k);
    }
    AttackRoll {
        to_hit,
        kill,
        wounds,
        hit_on,
        armour,
    }
}

/// The chance that an attack of `n` dice takes at least one wound (for the
/// simulator's policy and tests).
pub fn wound_chance(n: u32, hit_on: u32, armour: u32) -> f64 {
    let p_hit = f64::from(7u32.saturating_sub(hit_on).min(6)) / 6.0;
    let p_kill = f64::from(7u32.saturating_sub(armour.max(1)).min(6)) / 6.0;
    1.0 - (1.0 - p_hit * p_kill).powi(n as i32)
}

/// A hero's dice against a monster, in melee or shooting.
pub fn hero_on_monster(cx: &mut Ctx, h: HeroId, m: MonsterId, melee: bool) {
    let s = &*cx.s;
    let hero = &s.heroes[h];
    let (n, hit_on, penalty) = if melee {
        (hero.stats.attacks, s.rules().melee_hit, 0)
    } else {
        let near = s.shot_in_melee(hero.pos(), s.monsters[m].pos, false);
        (
            hero.stats.shoot.map_or(0, |x| x.dice),
            s.rules().shoot_hit,
            u32::from(near),
        )
    };
    let armour = s.monsters[m].stats.armour;
    let roll = attack(
        cx.dice,
        n,
        hit_on,
        armour,
        penalty,
        format_args!("{} attacks {}", hero.name, s.monsters[m].id),
    );
    let wounds = roll.wounds;
    cx.emit(Event::Attack {
        by: Figure::Hero(h),
        strike: if melee {
            Strike::Melee
        } else {
            Strike::Shooting
        },
        target: Target::Figure(Figure::Monster(m)),
        roll,
    });
    if wounds > 0 {
        wound_monster(cx, m, wounds, Some(h));
    }
}

/// A monster's dice against a hero: its attack (`Melee` or `Shooting`, the
/// shot at −1 next to an enemy) or a counterattack (`Counter`, melee).
pub fn monster_on_hero(cx: &mut Ctx, m: MonsterId, h: HeroId, strike: Strike) {
    let s = &*cx.s;
    let mon = &s.monsters[m];
    let melee = strike != Strike::Shooting;
    let (n, hit_on) = if melee {
        (mon.stats.attacks, s.rules().melee_hit)
    } else {
        (mon.stats.shoot.map_or(0, |x| x.dice), s.rules().shoot_hit)
    };
    let armour = s.heroes[h].stats.armour;
    // Shooting when the shooter or the target stands next to an enemy: −1.
    let penalty = u32::from(!melee && s.shot_in_melee(mon.pos, s.heroes[h].pos(), true));
    let verb = if strike == Strike::Counter {
        "counterattacks"
    } else {
        "attacks"
    };
    let roll = attack(
        cx.dice,
        n,
        hit_on,
        armour,
        penalty,
        format_args!("{} {verb} {}", mon.id, s.heroes[h].name),
    );
    let wounds = roll.wounds;
    cx.emit(Event::Attack {
        by: Figure::Monster(m),
        strike,
        target: Target::Figure(Figure::Hero(h)),
        roll,
    });
    if wounds > 0 {
        wound_hero(cx, h, wounds);
    }
}

/// A monster attacks a hero: dice, or a prompt for the players. In dice
/// combat a hero attacked in melee who survives hits back.
pub fn monster_attacks(cx: &mut Ctx, m: MonsterId, h: HeroId) {
    let (mp, hp) = (cx.s.monsters[m].pos, cx.s.heroes[h].pos());
    let (Some(mp), Some(hp)) = (mp, hp) else {
        return;
    };
    let melee = cx.s.board.touching(mp, hp);
    // The monster rules choose a square with a clear line for a shot and
    // check it again before it (`ai::strike`).
    debug_assert!(
        melee || cx.s.line_of_fire(mp, hp),
        "a shot from {mp:?} to {hp:?} through a figure or a wall"
    );
    cx.s.monsters[m].facing = side_towards(mp, hp);
    match cx.s.opts.combat {
        CombatMode::Manual => {
            let facing = cx.s.monsters[m].facing;
            cx.emit(Event::AttackPrompt {
                monster: m,
                hero: h,
                melee,
                facing,
            });
        }
        CombatMode::Dice => {
            let strike = if melee {
                Strike::Melee
            } else {
                Strike::Shooting
            };
            monster_on_hero(cx, m, h, strike);
            if melee && cx.s.heroes[h].pos().is_some() && cx.s.monsters[m].active() {
                if cx.s.auto_attacks {
                    hero_on_monster(cx, h, m, true);
                } else {
                    cx.emit(Event::HoldsBack {
                        hero: h,
                        monster: m,
                    });
                }
            }
        }
    }
}

/// Wounds a hero; at the last wound the hero falls and the chests carried
/// drop open (traps not reset) on the square or next to it.
pub fn wound_hero(cx: &mut Ctx, h: HeroId, n: u32) {
    cx.s.heroes[h].wounds += n;
    let last = cx.s.heroes[h].wounds >= cx.s.heroes[h].stats.wounds;
    let (mut out_cold, mut told) = (false, false);
    if last && cx.s.injuries == Injuries::WodS && !cx.s.heroes[h].reeling {
        match last_wound_wod_s(cx, h, n) {
            None => return,
            Some(cold) => (out_cold, told) = (cold, true),
        }
    }
    if cx.s.heroes[h].wounds >= cx.s.heroes[h].stats.wounds {
        let p = cx.s.heroes[h].pos().expect("in the dungeon");
        cx.s.set_hero_place(h, HeroPlace::Slain);
        let hero = &mut cx.s.heroes[h];
        hero.done = true;
        hero.out_cold = out_cold;
        let carried = std::mem::take(&mut hero.chests);
        if out_cold {
            cx.emit(Event::HeroOutCold { hero: h });
        } else if told {
            // The Con check told the wounds; the injury killed.
            cx.emit(Event::HeroSlain { hero: h, wounds: 0 });
        } else {
            cx.emit(Event::HeroSlain { hero: h, wounds: n });
        }
        for c in carried {
            let spot = cx.s.free_square_near(p).unwrap_or(p);
            cx.s.chests[c].place = ChestPlace::At(spot);
            cx.s.chests[c].open = true;
            cx.emit(Event::ChestFallsOpen { chest: c, at: spot });
        }
    } else {
        let left = cx.s.heroes[h].wounds_left();
        cx.emit(Event::HeroWounded {
            hero: h,
            wounds: n,
            left,
        });
    }
}

/// The World of Dungeons S rules at a hero's last wound: the Con check,
/// and on a miss a critical injury. `None`: the hero stays up, reeling on
/// one wound; else whether it is knocked out cold (`false`: dead).
fn last_wound_wod_s(cx: &mut Ctx, h: HeroId, n: u32) -> Option<bool> {
    use crate::characters::wod_s::injuries::{ZeroHp, con_check};
    let t = crate::characters::wod_s::Tables::embedded();
    let con = cx.s.heroes[h].con;
    let (faces, outcome) = con_check(t, con, cx.dice);
    let event = |outcome| Event::ConCheck {
        hero: h,
        wounds: n,
        faces,
        con,
        outcome,
    };
    match outcome {
        ZeroHp::Reeling => {
            cx.emit(event(ConOutcome::Reeling));
            let hero = &mut cx.s.heroes[h];
            hero.wounds = hero.stats.wounds.saturating_sub(1);
            hero.reeling = true;
            None
        }
        ZeroHp::PassesOut => {
            cx.emit(event(ConOutcome::OutCold));
            Some(true)
        }
        ZeroHp::Injured(i) => {
            cx.emit(event(ConOutcome::Injured));
            let dies = i
                .effect
                .as_ref()
                .is_some_and(|(code, _)| DEADLY_EFFECTS.contains(&code.as_str()));
            cx.emit(Event::CriticalInjury {
                hero: h,
                location_roll: i.location_roll,
                location: i.location,
                side: i.side,
                severity_roll: i.severity_roll,
                severity: i.severity,
                effect: i.effect,
                dies,
            });
            Some(!dies)
        }
    }
}

/// Critical-injury effects that kill in the dungeon: at once (X), within
/// rounds (D), or within minutes without magic or first aid (O, B), which
/// the engine does not give.
pub const DEADLY_EFFECTS: [&str; 4] = ["X", "D", "O", "B"];

/// Wounds a monster; at the last wound it is removed, its points go to the
/// experience pool and a chest it carried drops shut (trap reset).
pub fn wound_monster(cx: &mut Ctx, m: MonsterId, n: u32, by: Option<HeroId>) {
    // The project's reading of mounted figures (the rules leave them blank):
    // the first wound a rider takes fells its mount instead.
    let mut n = n;
    if n > 0 && cx.s.monsters[m].mounted() {
        n -= 1;
        cx.s.monsters[m].dismounted = true;
        cx.emit(Event::Unhorsed { monster: m });
        if n == 0 {
            return;
        }
    }
    let mon = &mut cx.s.monsters[m];
    mon.wounds += n;
    if mon.wounds >= mon.stats.wounds {
        let p = mon.pos.expect("active");
        cx.s.set_monster_pos(m, None);
        let mon = &mut cx.s.monsters[m];
        let points = mon.points;
        let carried = mon.carrying.take();
        cx.s.fallen.push(m);
        cx.s.xp += points;
        cx.s.stats.monsters_slain += 1;
        let pool = cx.s.xp - cx.s.xp_spent;
        cx.emit(Event::MonsterSlain {
            monster: m,
            by,
            points,
            pool,
        });
        if let Some(c) = carried {
            let chest = &mut cx.s.chests[c];
            chest.place = ChestPlace::At(p);
            chest.open = false;
            chest.trap_spent = false;
            cx.emit(Event::ChestDrops { chest: c, at: p });
        }
    } else {
        let left = mon.wounds_left();
        cx.emit(Event::MonsterWounded {
            monster: m,
            wounds: n,
            left,
        });
        demoralize(cx, m);
    }
}

/// A monster that can be demoralized (the Demoralized trait of its list
/// entry) becomes so once wounds leave it with half its wounds or fewer
/// (the project's reading of the dial's demoralized clicks).
fn demoralize(cx: &mut Ctx, m: MonsterId) {
    let mon = &mut cx.s.monsters[m];
    if mon.demoralized || !mon.has(crate::mkd::figures::Ability::Demoralized) {
        return;
    }
    if mon.wounds_left() * 2 <= mon.stats.wounds {
        mon.demoralized = true;
        cx.emit(Event::BecomesDemoralized { monster: m });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::testkit::*;

    #[test]
    fn hits_need_the_number_and_kills_the_armour() {
        // Three dice at 4+: 5 and 4 hit, 1 misses; kill dice 3 and 6
        // against armour 4: one wound.
        let mut d = Dice::scripted(&[5, 1, 4, 3, 6]);
        let a = attack(&mut d, 3, 4, 4, 0, "t");
        assert_eq!(a.to_hit, [5, 1, 4]);
        assert_eq!(a.kill, [3, 6]);
        assert_eq!(a.wounds, 1);
        assert_eq!(d.script_left(), 0);
        // No hit, no kill dice.
        let mut d = Dice::scripted(&[1, 3]);
        let a = attack(&mut d, 2, 4, 4, 0, "t");
        assert!(a.kill.is_empty() && a.wounds == 0);
    }

    #[test]
    fn a_penalty_takes_one_off_every_to_hit_die() {
        // Shooting on 5+ with a penalty: a 5 counts as 4 and misses; a 6 hits.
        let mut d = Dice::scripted(&[5, 6, 3]);
        let a = attack(&mut d, 2, 5, 3, 1, "t");
        assert_eq!((a.kill.as_slice(), a.wounds), (&[3][..], 1));
        assert!((wound_chance(1, 4, 4) - 0.25).abs() < 1e-9);
    }

    #[test]
    fn a_mounted_monster_rides_faster_until_its_mount_takes_a_wound() {
        // The project's reading of mounted figures: +2 speed while it rides;
        // the first wound fells the mount instead of the rider.
        use crate::mkd::figures::Ability;
        let mut g = game(&[]);
        let m = add_monster(&mut g, "orc-rider-1", 25, p(4, 4), &[Ability::Mounted]);
        let foot = g.monsters[m].stats.speed;
        assert_eq!(crate::mkd::play::ai::base_speed(&g, m), foot + 2);
        assert!(
            g.status()
                .iter()
                .any(|l| l.contains("orc-rider-1") && l.contains(", mounted"))
        );
        let ev = ok(&mut g, "hit orc-rider-1 2");
        assert_eq!(ev[0], Event::Unhorsed { monster: m });
        assert_eq!(
            printed(&g, &ev[..1]),
            format!(
                "orc-rider-1's mount falls and takes the wound: it fights on foot (speed {foot})"
            )
        );
        assert_eq!(
            g.monsters[m].wounds, 1,
            "one of the two wounds was the mount's"
        );
        assert_eq!(crate::mkd::play::ai::base_speed(&g, m), foot);
        // On foot, wounds go to the rider.
        ok(&mut g, "hit orc-rider-1 1");
        assert_eq!(g.monsters[m].wounds, 2);
        // A mount's fall alone wounds nobody.
        let mut g = game(&[]);
        let m = add_monster(&mut g, "orc-rider-1", 25, p(4, 4), &[Ability::Mounted]);
        let ev = ok(&mut g, "hit orc-rider-1 1");
        assert_eq!(ev, [Event::Unhorsed { monster: m }]);
        assert_eq!(g.monsters[m].wounds, 0);
    }

    mod wod_s_injuries {
        use super::*;
        use crate::core::geom::Side;
        use crate::mkd::play::engine::Game;
        use crate::mkd::play::event::ConOutcome;
        use crate::mkd::play::state::{Injuries, Outcome, Phase};

        /// A game on the World of Dungeons S injury rules, Ayla on the board.
        fn wod_s(faces: &[u32]) -> Game {
            let mut g = game(faces);
            g.injuries = Injuries::WodS;
            put_hero(&mut g, 0, p(2, 2), Side::N);
            g
        }

        fn check(outcome: ConOutcome, faces: [u32; 2], con: i32) -> Event {
            Event::ConCheck {
                hero: AYLA,
                wounds: 9,
                faces,
                con,
                outcome,
            }
        }

        #[test]
        fn a_10_keeps_the_hero_up_on_one_wound_and_the_next_wound_kills() {
            let mut g = wod_s(&[6, 4]);
            let ev = ok(&mut g, "wound Ayla 9");
            assert_eq!(ev, [check(ConOutcome::Reeling, [6, 4], 0)]);
            assert_eq!(g.heroes[AYLA].wounds_left(), 1);
            assert!(g.heroes[AYLA].reeling && g.heroes[AYLA].pos().is_some());
            // Both faces, in the order rolled, as `injury --con` prints them.
            assert_eq!(
                printed(&g, &ev),
                "Ayla takes 9 wounds, the last: Con check 2d6 [6, 4] + 0 = 10, \
                 reeling: stays up on 1 wound, and the next wound kills"
            );
            // No second check: the next wound kills.
            let ev = ok(&mut g, "wound Ayla 1");
            assert_eq!(
                ev,
                [Event::HeroSlain {
                    hero: AYLA,
                    wounds: 1
                }]
            );
            all_dice_used(&g);
        }

        #[test]
        fn con_is_added_to_the_check() {
            let mut g = wod_s(&[4, 5]);
            g.heroes[AYLA].con = 1;
            assert_eq!(
                ok(&mut g, "wound Ayla 9"),
                [check(ConOutcome::Reeling, [4, 5], 1)]
            );
            let mut g = wod_s(&[4, 5]);
            g.heroes[AYLA].con = -1;
            let ev = ok(&mut g, "wound Ayla 9");
            assert_eq!(ev[0], check(ConOutcome::OutCold, [4, 5], -1));
            assert!(
                printed(&g, &ev).contains("Con check 2d6 [4, 5] - 1 = 8, knocked out cold"),
                "{}",
                printed(&g, &ev)
            );
        }

        #[test]
        fn a_7_to_9_knocks_the_hero_out_alive_if_the_heroes_win() {
            let mut g = wod_s(&[4, 4]);
            let ev = ok(&mut g, "wound Ayla 9");
            assert_eq!(
                ev,
                [
                    check(ConOutcome::OutCold, [4, 4], 0),
                    Event::HeroOutCold { hero: AYLA }
                ]
            );
            assert_eq!(g.heroes[AYLA].place, HeroPlace::Slain);
            assert_eq!(g.result().fallen, ["Ayla"]);
            g.phase = Phase::Over(Outcome::Won);
            assert!(g.result().survivors.contains(&"Ayla".to_string()));
            assert!(g.result().fallen.is_empty());
            all_dice_used(&g);
        }

        #[test]
        fn a_miss_rolls_a_critical_injury_that_may_kill() {
            // 1+2 = 3: a miss; d100 92 neck, d12 3 maimed: X, dead at once.
            let mut g = wod_s(&[1, 2, 92, 3]);
            let ev = ok(&mut g, "wound Ayla 9");
            assert_eq!(ev[0], check(ConOutcome::Injured, [1, 2], 0));
            match &ev[1] {
                Event::CriticalInjury {
                    location,
                    effect,
                    dies,
                    ..
                } => {
                    assert_eq!(location, "neck");
                    assert_eq!(effect.as_ref().unwrap().0, "X");
                    assert!(dies);
                }
                e => panic!("{e:?}"),
            }
            assert_eq!(
                ev[2],
                Event::HeroSlain {
                    hero: AYLA,
                    wounds: 0
                }
            );
            assert!(printed(&g, &ev).ends_with("Ayla dies"));
            assert!(
                printed(&g, &ev)
                    .contains("d100 92 neck, d12 3 maimed; X: dies at once; it is fatal")
            );
            all_dice_used(&g);
            // d100 85 upper arm, d2 1 left, d12 9 broken: out cold, alive.
            let mut g = wod_s(&[1, 2, 85, 1, 9]);
            let ev = ok(&mut g, "wound Ayla 9");
            assert!(matches!(
                &ev[1],
                Event::CriticalInjury {
                    side: Some("left"),
                    dies: false,
                    ..
                }
            ));
            assert_eq!(ev[2], Event::HeroOutCold { hero: AYLA });
            assert!(g.heroes[AYLA].out_cold);
            all_dice_used(&g);
        }

        #[test]
        fn without_the_option_the_last_wound_slays_with_no_roll() {
            let mut g = game(&[]);
            put_hero(&mut g, 0, p(2, 2), Side::N);
            let ev = ok(&mut g, "wound Ayla 9");
            assert!(matches!(ev[0], Event::HeroSlain { hero: AYLA, .. }));
        }
    }
}
