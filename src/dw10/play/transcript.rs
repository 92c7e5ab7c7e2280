//! The English lines players read, in the voice of the MKD `play`
//! ("Kestrel takes 2 wounds (5 left)"): a printer over events, and the
//! views (`status`, `map`, `help`). Nothing here changes the game.

use crate::dw10::features::FeatureKind;
use crate::dw10::play::event::{CounterCheck, Event, SpawnLoss};
use crate::dw10::play::state::{Map, Outcome, Phase, SideId, State, Who, fmt_sq};
use crate::dw10::scenario::Objective;

fn faces(v: &[u32]) -> String {
    if v.is_empty() {
        return "no dice".into();
    }
    v.iter()
        .map(|f| f.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn side(s: SideId) -> &'static str {
    match s {
        SideId::Heroes => "the heroes",
        SideId::Dm => "the Draken Master",
    }
}

/// A condition's name in words: `pressure pad`.
fn condition_name(f: &crate::dw10::features::Feature) -> String {
    f.what.as_deref().unwrap_or("condition").replace('-', " ")
}

/// Doors as `X,Y side`, joined by `sep`.
fn door_list(s: &State, doors: &[crate::dw10::play::state::FeatureId], sep: &str) -> String {
    let at: Vec<String> = doors
        .iter()
        .map(|d| {
            let f = s.feature(*d);
            format!("{},{} {}", f.x, f.y, f.side.map_or("", |x| x.name()))
        })
        .collect();
    at.join(sep)
}

/// Which piece to lay and where, in the words of the setup sheet's pick
/// list: its id, its step, its face and turn, its corner (the piece's
/// north-west square on the map's rulers).
fn piece_to_lay(map: &Map, t: u32) -> String {
    match map.pieces.get(t as usize) {
        Some(p) => format!(
            "{} (pick list step {}), {} {}°, north-west corner on {},{}",
            p.id,
            t + 1,
            p.face.name(),
            p.rotation,
            p.x,
            p.y
        ),
        None => format!("piece {}", t + 1),
    }
}

fn plural(n: u32, word: &str) -> String {
    crate::core::text::counted(n, word, &format!("{word}s"))
}

fn names(s: &State, v: &[Who]) -> String {
    v.iter()
        .map(|w| s.name(*w).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lines of a command's events.
pub fn print(s: &State, map: &Map, events: &[Event]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        match cut_short(s, e, &events[i + 1..]) {
            Some(l) => out.push(l),
            None => line(s, map, e, &mut out),
        }
    }
    out
}

/// A hero's walk, or Control Enemy moving a hero, that a dungeon condition
/// cut short (a `Halted` for that hero follows before it moves again): the
/// line says where it set off for, not that it got there, and leaves out
/// the points and the kill zone of a square it never reached.
fn cut_short(s: &State, e: &Event, rest: &[Event]) -> Option<String> {
    let hero = match e {
        Event::Moved {
            who: Who::Hero(h), ..
        } => *h,
        Event::Controlled {
            target: Who::Hero(h),
            to: Some(_),
            ..
        } => *h,
        _ => return None,
    };
    let moves_again = |x: &Event| match x {
        Event::Moved { who, .. } => *who == Who::Hero(hero),
        Event::Controlled { target, .. } => *target == Who::Hero(hero),
        _ => false,
    };
    rest.iter()
        .take_while(|x| !moves_again(x))
        .find(|x| matches!(x, Event::Halted { hero: o, .. } if *o == hero))?;
    Some(match e {
        Event::Moved { who, from, to, .. } => {
            format!(
                "{} sets off {} → {}",
                s.name(*who),
                fmt_sq(*from),
                fmt_sq(*to)
            )
        }
        Event::Controlled {
            by,
            target,
            face,
            from,
            to: Some(q),
        } => format!(
            "{} controls {}: d6 {face}, it is sent {} → {}",
            s.name(*by),
            s.name(*target),
            fmt_sq(*from),
            fmt_sq(*q)
        ),
        _ => return None,
    })
}

fn line(s: &State, map: &Map, e: &Event, out: &mut Vec<String>) {
    let n = |w: &Who| s.name(*w).to_string();
    let h = |x: &crate::dw10::play::state::HeroId| s.hero(*x).body.name.clone();
    let f = |x: &crate::dw10::play::state::FeatureId| s.feature(*x);
    let l = match e {
        Event::Status => {
            out.extend(status(s));
            return;
        }
        Event::Map => {
            out.extend(crate::dw10::play::text_map::ascii_map(s, map));
            return;
        }
        Event::Help => {
            out.extend(help());
            return;
        }
        Event::MoveBegins { number } => format!("— move {number} —"),
        Event::Poison { who, face, then } => format!(
            "{}'s poison: d6 {face}, {}",
            n(who),
            match then {
                CounterCheck::Off => "a counter comes off",
                CounterCheck::Stays => "no change",
                CounterCheck::Wound => "a wound",
            }
        ),
        Event::Fire { who, face, then } => format!(
            "{} burns: d6 {face}, {}",
            n(who),
            match then {
                CounterCheck::Off => "the fire goes out",
                CounterCheck::Stays => "it burns on",
                CounterCheck::Wound => "a wound",
            }
        ),
        Event::Respawn { hero, at } => format!(
            "{} re-spawns on the teleporter at {} with every wound back",
            h(hero),
            fmt_sq(*at)
        ),
        Event::Initiative {
            heroes,
            heroes_bonus,
            dm,
            dm_bonus,
        } => {
            let b = |x: u32| {
                if x > 0 {
                    format!(" +{x}")
                } else {
                    String::new()
                }
            };
            let tie = heroes + heroes_bonus == dm + dm_bonus;
            format!(
                "initiative: heroes d6 {heroes}{}, Draken Master d6 {dm}{}{}",
                b(*heroes_bonus),
                b(*dm_bonus),
                if tie { ": a tie, rolled again" } else { "" }
            )
        }
        Event::Mover { side: x } => format!("{} take the initiative and are the Mover", side(*x))
            .replace("the Draken Master take", "the Draken Master takes")
            .replace(
                "Master takes the initiative and are",
                "Master takes the initiative and is",
            ),
        Event::SpawnRoll { faces: v } => {
            let sixes = v.iter().filter(|x| **x == 6).count();
            format!(
                "spawn roll {}: {}",
                faces(v),
                match sixes {
                    0 => "nothing comes".to_string(),
                    1 => "one 6, a roll on the spawn table".to_string(),
                    k => format!("{k} sixes, {k} rolls on the spawn table"),
                }
            )
        }
        Event::SpawnRow {
            faces: (a, b),
            monster,
            count,
            d3,
        } => match d3 {
            Some(f) => format!("spawn table 2d6 {a}+{b}: {count} × {monster} (d3 from d6 {f})"),
            None => format!("spawn table 2d6 {a}+{b}: {count} × {monster}"),
        },
        Event::Spawned {
            monster,
            at,
            underfoot,
        } => format!(
            "{} appears at {}{}",
            s.monster(*monster).body.name,
            fmt_sq(*at),
            if *underfoot {
                ", bursting up beside a hero"
            } else {
                ""
            }
        ),
        Event::SpawnLost {
            monster,
            count,
            why,
        } => format!(
            "{count} × {monster} lost: {}",
            match why {
                SpawnLoss::Collection => "none left in the collection",
                SpawnLoss::NoSquare => "no square out of the heroes' sight",
            }
        ),
        Event::Coffin { coffin, face } => format!(
            "the coffin at {},{}: d6 {face}{}",
            f(coffin).x,
            f(coffin).y,
            if *face == 6 { ", a Vampire rises" } else { "" }
        ),
        Event::ActionPhase { side: x } => {
            format!("{}'s Mover's Action Phase", side(*x)).replace("the heroes's", "the heroes'")
        }
        Event::ShootingPhase { side: x } => format!("{}'s Non-Mover's Shooting Phase", side(*x))
            .replace("the heroes's", "the heroes'"),
        Event::MeleePhase => "the Melee Phase".to_string(),
        Event::Moved {
            who,
            from,
            to,
            cost,
            stopped,
        } => format!(
            "{} moves {} → {} ({}){}",
            n(who),
            fmt_sq(*from),
            fmt_sq(*to),
            plural(*cost, "point"),
            if *stopped {
                ", into a kill zone: it stops"
            } else {
                ""
            }
        ),
        Event::Carried { who, from, to, .. } => format!(
            "{} carries the table and chairs from {} and sets it down at {}",
            n(who),
            fmt_sq(*from),
            fmt_sq(*to)
        ),
        Event::Broken { who, at, .. } => format!(
            "{} breaks the table and chairs at {}: take it off the map",
            n(who),
            fmt_sq(*at)
        ),
        Event::Waits { who } => format!("{} holds its ground", n(who)),
        Event::FreeAttack {
            target,
            by,
            dice,
            kills,
        } => format!(
            "{} leaves a kill zone: free attack by {}, to hit {} (4+), kill dice {}",
            n(target),
            names(s, by),
            faces(dice),
            faces(kills)
        ),
        Event::Shot {
            shooter,
            target,
            dice,
            need,
            kills,
            armour,
        } => format!(
            "{} shoots {}: to hit {} ({need}+), kill dice {} (armour {armour})",
            n(shooter),
            n(target),
            faces(dice),
            faces(kills)
        ),
        Event::Melee {
            side: x,
            figures,
            dice,
            kills,
        } => format!(
            "melee, {} ({}): to hit {} (4+), kill dice {}",
            side(*x),
            names(s, figures),
            faces(dice),
            faces(kills)
        ),
        Event::Assigned { target, faces: v } => {
            format!("kill dice {} go on {}", faces(v), n(target))
        }
        Event::Wounded { who, wounds, left } => {
            if *left == 0 {
                format!("{} takes {}", n(who), plural(*wounds, "wound"))
            } else {
                format!(
                    "{} takes {} ({left} left)",
                    n(who),
                    plural(*wounds, "wound")
                )
            }
        }
        Event::Poisoned { who, counters } => {
            format!(
                "{} is poisoned: {}",
                n(who),
                plural(*counters, "poison counter")
            )
        }
        Event::Burning { who, counters } => {
            format!(
                "{} is on fire: {}",
                n(who),
                plural(*counters, "fire counter")
            )
        }
        Event::Killed { who } => match who {
            Who::Hero(_) => format!("{} is killed: take the figure off the map", n(who)),
            Who::Monster(_) => format!("{} is killed", n(who)),
        },
        Event::Undying {
            monster,
            face,
            back,
        } => format!(
            "{} is undying: d6 {face}, {}",
            s.monster(*monster).body.name,
            if *back {
                "it rises again with every wound"
            } else {
                "it stays dead"
            }
        ),
        Event::VictoryPoint { total, target } => {
            format!("the Draken Master scores a victory point ({total} of {target})")
        }
        Event::Healed {
            by,
            who,
            faces: v,
            amount,
        } => {
            let dice = if v.is_empty() {
                String::new()
            } else {
                format!(" (roll {})", faces(v))
            };
            if by == who {
                format!("{} gets {} back{dice}", n(who), plural(*amount, "wound"))
            } else {
                format!(
                    "{} heals {}: {} back{dice}",
                    n(by),
                    n(who),
                    plural(*amount, "wound")
                )
            }
        }
        Event::Regenerates { who } => format!("{} regenerates a wound", n(who)),
        Event::Trap { hero, face, table } => match (face, table) {
            (None, _) => format!("{} finds the ? trap and removes it safely", h(hero)),
            (Some(x), None) => format!(
                "{} steps on a ? counter: d6 {x}, nothing happens; the counter is removed and the move ends",
                h(hero)
            ),
            (Some(x), Some(t)) => format!(
                "{} steps on a ? counter: d6 {x}, a trap! trap table d6 {t}",
                h(hero)
            ),
        },
        Event::TrapHits {
            hero,
            hits,
            poison,
            kills,
        } => {
            if *kills {
                format!("the trap kills {} outright", h(hero))
            } else if *poison > 0 {
                format!(
                    "the trap deals {} and {}",
                    plural(*hits, "wound"),
                    plural(*poison, "poison counter")
                )
            } else {
                format!("the trap deals {} to {}", plural(*hits, "wound"), h(hero))
            }
        }
        Event::Activated { teleporter, hero } => format!(
            "{} wakes the teleporter at {},{}: turn it green side up",
            h(hero),
            f(teleporter).x,
            f(teleporter).y
        ),
        Event::Key { hero, key } => format!(
            "{} picks up the {} key",
            h(hero),
            f(key).colour.map_or("plain".into(), |c| c.to_string())
        ),
        Event::DoorOpened { who, door } => format!(
            "{} opens the {}door at {},{} {}",
            n(who),
            f(door).colour.map_or(String::new(), |c| format!("{c} ")),
            f(door).x,
            f(door).y,
            f(door).side.map_or("", |x| x.name())
        ),
        Event::DoorClosed { who, door } => format!(
            "{} closes the door at {},{} {}",
            n(who),
            f(door).x,
            f(door).y,
            f(door).side.map_or("", |x| x.name())
        ),
        Event::Chest {
            hero,
            chest,
            number,
            trap_sense,
            face,
        } => {
            // The chest's own number; the Trap ability's lower one beside it.
            let (number, trap_sense, face) = (*number, *trap_sense, *face);
            let needs = if trap_sense {
                number.saturating_sub(1)
            } else {
                number
            };
            let head = format!(
                "{} opens the chest at {},{}: number {number}",
                h(hero),
                f(chest).x,
                f(chest).y
            );
            match (face, trap_sense) {
                (None, true) => format!("{head}, safe with the Trap ability"),
                (None, false) => format!("{head}, safe"),
                (Some(x), _) => format!(
                    "{head}{}, d6 {x}{}",
                    if trap_sense {
                        format!(" ({needs} with the Trap ability)")
                    } else {
                        String::new()
                    },
                    if x <= needs {
                        ", the trap springs"
                    } else {
                        ", no trap"
                    }
                ),
            }
        }
        Event::Contents {
            hero,
            faces: (a, b),
            item,
        } => format!("inside, 2d6 {a}+{b}: {item} for {}", h(hero)),
        Event::PowerUp { hero, what } => format!("{} gains a power up for good ({what})", h(hero)),
        Event::Gold { hero, amount } => format!("{} takes {amount} gold", h(hero)),
        Event::Laden {
            hero,
            stacks,
            movement,
        } => format!(
            "{} carries {stacks} gold stacks: movement {movement} from now on",
            h(hero)
        ),
        Event::Learnt { hero, face, spell } => match spell {
            Some(sp) => format!("{} learns {sp} (d6 {face})", h(hero)),
            None => format!("{} learns nothing (d6 {face})", h(hero)),
        },
        Event::Studied {
            hero,
            spell,
            face,
            need,
        } => format!(
            "{} studies {spell}: d6 {face} ({need}-6 keeps it), {}",
            h(hero),
            if face >= need {
                "learnt for good"
            } else {
                "not kept"
            }
        ),
        Event::Explored {
            hero,
            feature,
            face,
        } => {
            let x = f(feature);
            let what = if x.kind == FeatureKind::Coffin {
                "coffin"
            } else {
                x.what.as_deref().unwrap_or("piece")
            };
            format!(
                "{} explores the {what} at {},{}{}",
                h(hero),
                x.x,
                x.y,
                face.map_or(String::new(), |d| format!(": roll {d}"))
            )
        }
        Event::Drank { hero, item } => format!("{} uses the {item}", h(hero)),
        Event::Stairs { hero, to, stopped } => format!(
            "{} takes the staircase to {}{}",
            h(hero),
            fmt_sq(*to),
            if *stopped {
                ", into a kill zone: it stops"
            } else {
                ""
            }
        ),
        Event::Teleported { hero, to, stopped } => format!(
            "{} teleports to {}{}",
            h(hero),
            fmt_sq(*to),
            if *stopped {
                ", into a kill zone: it stops"
            } else {
                ""
            }
        ),
        Event::Revealed { pieces } => format!(
            "{} revealed: lay {}",
            plural(pieces.len() as u32, "new piece"),
            pieces
                .iter()
                .map(|&t| piece_to_lay(map, t))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Event::Checked { hero, face, found } => {
            if found.is_empty() {
                format!("{} checks for secret doors: d6 {face}, none found", h(hero))
            } else {
                format!(
                    "{} checks for secret doors: d6 {face}, found at {}",
                    h(hero),
                    door_list(s, found, "; ")
                )
            }
        }
        Event::Listens { hero } => format!("{} stands still and listens", h(hero)),
        Event::Objective => match &s.objective {
            Objective::Recover { .. } => {
                "the prize is found: now leave together through an active teleporter".into()
            }
            Objective::Rescue => {
                "the prisoner is free: now leave together through an active teleporter".into()
            }
            Objective::Slay { monster } => format!("the {monster} of the lair is slain"),
        },
        Event::PrizeLost => {
            "the prize is lost with its chest: the heroes can no longer win, and leaving is a retreat"
                .into()
        }
        Event::Escape { hero } => format!(
            "{} steps through the teleporter and leaves the dungeon",
            h(hero)
        ),
        Event::GivesMove { side: x } => match x {
            SideId::Heroes => {
                "the heroes let the Draken Master be the Mover and take the Non-Mover's Shooting Phase".into()
            }
            SideId::Dm => {
                "the Draken Master lets the heroes be the Mover and takes the Non-Mover's Shooting Phase".into()
            }
        },
        Event::Cast { hero, spell } => format!("{} casts {spell}", h(hero)),
        Event::Held { door, face, holds } => format!(
            "Hold Portal on the door at {},{} {}: d6 {face}, {}",
            f(door).x,
            f(door).y,
            f(door).side.map_or("", |x| x.name()),
            if *holds {
                "it holds: the door will not open"
            } else {
                "the spell fails"
            }
        ),
        Event::Finger {
            hero,
            target,
            failed,
        } => match failed {
            None => format!(
                "{}'s Finger of Death strikes {} dead",
                h(hero),
                s.monster(*target).body.name
            ),
            Some(why) => format!(
                "{}'s Finger of Death on {} fails: {why}",
                h(hero),
                s.monster(*target).body.name
            ),
        },
        Event::Resurrected { by, hero, at } => format!(
            "{} resurrects {}: back on {} with every wound, and no victory point",
            h(by),
            h(hero),
            fmt_sq(*at)
        ),
        Event::Warded { who, what } => format!("{} takes no {what} damage (warded)", n(who)),
        Event::Charge { who, dice, kills } => format!(
            "{} charges: free attack, to hit {} (4+), kill dice {}",
            n(who),
            faces(dice),
            faces(kills)
        ),
        Event::Controlled {
            by,
            target,
            face,
            from,
            to,
        } => match to {
            Some(q) => format!(
                "{} controls {}: d6 {face}, it moves {} → {}",
                n(by),
                n(target),
                fmt_sq(*from),
                fmt_sq(*q)
            ),
            None => format!("{} tries to control {}: d6 {face}, it fails", n(by), n(target)),
        },
        Event::Gaze { by, target } => format!(
            "{} gazes at {}: frozen this move (no shooting, no melee dice)",
            n(by),
            n(target)
        ),
        Event::Sleeps { hero } => format!("{} falls asleep in the bed", h(hero)),
        Event::Wakes { hero, face, awake } => match (face, awake) {
            (None, _) => format!("{} wakes to defend itself", h(hero)),
            (Some(x), true) => format!("{} wakes up: d6 {x}", h(hero)),
            (Some(x), false) => format!("{} sleeps on: d6 {x}", h(hero)),
        },
        Event::FireGuard { hero } => format!(
            "{} wards with brands from the fire: monsters of 3 dice or fewer may not strike it, stronger ones keep 3 squares off",
            h(hero)
        ),
        Event::Reads { hero } => format!(
            "{} reads the altar's runes: +1 initiative each move while beside it",
            h(hero)
        ),
        Event::Placed { hero, teleporter } => format!(
            "{} sets down the portable teleporter at {},{}: active for good",
            h(hero),
            f(teleporter).x,
            f(teleporter).y
        ),
        Event::PitReady { who } => format!(
            "{} waits beside the pit: next time its side is the Mover it may cross, for all its points",
            n(who)
        ),
        Event::FamiliarMoved {
            owner,
            from,
            to,
            cost,
        } => format!(
            "{}'s familiar moves {} → {} ({})",
            h(owner),
            fmt_sq(*from),
            fmt_sq(*to),
            plural(*cost, "point")
        ),
        Event::Hindered { owner, enemies } => format!(
            "{}'s familiar is in the melee with it: {} {} 1 attack die fewer",
            h(owner),
            names(s, enemies),
            if enemies.len() == 1 { "rolls" } else { "each roll" }
        ),
        Event::Sickened { rack, heroes } => format!(
            "the torture rack at {} sickens {}: {} 2 dice fewer (never fewer than 1)",
            fmt_sq(*rack),
            names(s, heroes),
            if heroes.len() == 1 { "it rolls" } else { "each rolls" }
        ),
        Event::FamiliarShot {
            shooter,
            owner,
            dice,
            need,
            kills,
        } => format!(
            "{} shoots {}'s familiar: to hit {} ({need}+), kill dice {}",
            n(shooter),
            h(owner),
            faces(dice),
            faces(kills)
        ),
        Event::FamiliarRemoved { owner, sixes, lost } => format!(
            "{} kill-die 6s remove {}'s familiar from play for this game{} (no victory point)",
            match sixes {
                2 => "two".to_string(),
                3 => "three".to_string(),
                k => k.to_string(),
            },
            h(owner),
            match lost {
                0 => String::new(),
                k => format!(", and its {} with it", plural(*k, "stored wound")),
            }
        ),
        Event::Drew {
            hero,
            wounds,
            now,
            stored,
        } => format!(
            "{} draws {} from its familiar ({} now, {} left in the familiar)",
            h(hero),
            plural(*wounds, "wound"),
            plural(*now, "wound"),
            stored
        ),
        Event::Condition {
            hero,
            condition,
            face,
            need,
            found,
            goes_off,
        } => format!(
            "{} steps on {} {} at {},{}: d6 {face} ({}+ sets it off){}",
            h(hero),
            if *found { "a hidden" } else { "the" },
            condition_name(f(condition)),
            f(condition).x,
            f(condition).y,
            need,
            if *goes_off {
                ": it goes off, and the hero's action is over there"
            } else {
                ": nothing happens"
            }
        ),
        Event::ConditionStrikes {
            condition,
            hero,
            hits,
            poison,
            fire,
        } => {
            let mut what = Vec::new();
            if *hits > 0 {
                what.push(plural(*hits, "automatic hit"));
            }
            if *poison > 0 {
                what.push(plural(*poison, "poison counter"));
            }
            if *fire > 0 {
                what.push(plural(*fire, "fire counter"));
            }
            format!(
                "the {} strikes {}: {}",
                condition_name(f(condition)),
                h(hero),
                what.join(" and ")
            )
        }
        Event::Alarm { condition } => format!(
            "the {} raises the alarm: a roll on the spawn table",
            condition_name(f(condition))
        ),
        Event::Sealed { condition, doors } => {
            if doors.is_empty() {
                format!(
                    "the {} shakes the piece, which has no door to shut",
                    condition_name(f(condition))
                )
            } else {
                format!(
                    "the {} slams {} shut and holds {}: {}",
                    condition_name(f(condition)),
                    if doors.len() == 1 { "a door" } else { "the piece's doors" },
                    if doors.len() == 1 { "it" } else { "them" },
                    door_list(s, doors, ", ")
                )
            }
        }
        Event::Halted { hero, at, to } => {
            format!(
                "{} stops at {}, short of {}",
                h(hero),
                fmt_sq(*at),
                fmt_sq(*to)
            )
        }
        Event::Over { outcome } => match outcome {
            Outcome::HeroesWin => "the heroes win".into(),
            Outcome::DmWins => "the Draken Master wins".into(),
            Outcome::Escaped => "the heroes escaped without the objective: nobody wins".into(),
        },
    };
    out.push(l);
}

/// `status`: the move, the heroes, the monsters, the score.
pub fn status(s: &State) -> Vec<String> {
    let mut out = Vec::new();
    let phase = match s.phase {
        Phase::HeroesAct => "the heroes move".to_string(),
        Phase::HeroesShoot => "the heroes may shoot (Non-Mover)".to_string(),
        Phase::Over(_) => "the game is over".to_string(),
    };
    out.push(format!(
        "move {}: {phase}; victory points {} of {}",
        s.move_no, s.vp, s.kill_target
    ));
    let obj = match &s.objective {
        Objective::Recover { chest } => format!("open chest {chest} and leave by a teleporter"),
        Objective::Rescue => "free the prisoner and leave by a teleporter".into(),
        Objective::Slay { monster } => format!("slay the {monster} in its lair"),
    };
    // A chest opened or a prisoner freed is half of its objective, the
    // way out the other half; a monster slain is the whole of its own.
    let slay = matches!(s.objective, Objective::Slay { .. });
    let how_far = match s.phase {
        Phase::Over(Outcome::HeroesWin) => " (done: the heroes won)",
        _ if s.objective_done && slay => " (done)",
        _ if s.objective_done => " (first part done)",
        _ => "",
    };
    out.push(format!("objective: {obj}{how_far}"));
    for h in &s.heroes {
        let b = &h.body;
        let place = match b.at {
            Some(p) => format!("at {}", fmt_sq(p)),
            None if h.escaped => "escaped".into(),
            None if h.dead => "dead, waiting for a teleporter".into(),
            None => "gone".into(),
        };
        let mut extra = Vec::new();
        if s.phase == Phase::HeroesAct && b.alive() {
            extra.push(if h.done {
                "done".to_string()
            } else {
                format!("{} movement left", h.mp)
            });
        }
        if h.magic.stacks > 0 {
            extra.push(format!(
                "{} (movement {})",
                plural(h.magic.stacks, "gold stack"),
                h.movement()
            ));
        }
        if b.poison > 0 {
            extra.push(plural(b.poison, "poison counter"));
        }
        if b.fire > 0 {
            extra.push(plural(b.fire, "fire counter"));
        }
        for i in &h.items {
            extra.push(i.to_string());
        }
        let spells: Vec<String> = crate::dw10::figures::SPELLS
            .iter()
            .filter(|sp| b.has(**sp) || h.magic.spells.contains(sp))
            .map(|sp| sp.to_string())
            .collect();
        if !spells.is_empty() {
            extra.push(format!("spells {}", spells.join(" ")));
        }
        if h.magic.asleep {
            extra.push("asleep".into());
        }
        if let Some(f) = &h.familiar {
            let kind = match f.kind {
                crate::dw10::play::state::FamiliarKind::Walker => "familiar",
                crate::dw10::play::state::FamiliarKind::Flyer => "flying familiar",
            };
            extra.push(match f.at {
                Some(p) => format!(
                    "{kind} at {} storing {}{}",
                    fmt_sq(p),
                    plural(f.stored, "wound"),
                    if f.moved && s.phase == Phase::HeroesAct {
                        " (moved)"
                    } else {
                        ""
                    }
                ),
                None if f.removed => format!("{kind} gone"),
                None => format!(
                    "{kind} riding with it storing {}",
                    plural(f.stored, "wound")
                ),
            });
        }
        let shoots = match b.fig.shoot {
            Some(sh) => format!(", shoots {} at range {}", sh.dice, sh.range),
            None => String::new(),
        };
        out.push(format!(
            "  {} {place}: {}/{} wounds, attacks {}{shoots}, armour {}{}",
            b.name,
            b.wounds,
            b.fig.wounds,
            b.fig.attacks,
            b.fig.armour,
            if extra.is_empty() {
                String::new()
            } else {
                format!("; {}", extra.join(", "))
            }
        ));
    }
    for m in &s.monsters {
        if let Some(p) = m.body.at {
            out.push(format!(
                "  {} at {}: {}/{} wounds",
                m.body.name,
                fmt_sq(p),
                m.body.wounds,
                m.body.fig.wounds
            ));
        }
    }
    let keys: Vec<String> = s.keys.iter().map(|k| k.to_string()).collect();
    out.push(format!(
        "gold {}; keys: {}",
        s.gold,
        if keys.is_empty() {
            "none".into()
        } else {
            keys.join(", ")
        }
    ));
    out
}

/// `help`.
pub fn help() -> Vec<String> {
    [
        "commands (HERO is a name or its start, MONSTER its number or its name as printed, X,Y a square):",
        "  move HERO X,Y         walk (diagonals 2, rock slides 2, pits jumped for 3)",
        "  move HERO X,Y drop X,Y   walk carrying a table and chairs on the way; set it down on a later square of the walk",
        "  break HERO [X,Y]      break a table and chairs beside the hero; its walk ends",
        "  attack HERO MONSTER   walk next to a monster; melee comes in the Melee Phase",
        "  shoot HERO MONSTER [MONSTER…]   shoot instead of moving (also in the Non-Mover's phase); Multi Shot shares its dice",
        "  open HERO door [N|E|S|W], open HERO chest   2 movement points",
        "  close HERO [N|E|S|W]  free",
        "  explore HERO [SPELL]  a furnishing or coffin beside the hero, 2 points (SPELL: what a bookcase or tome teaches)",
        "  stairs HERO           to the other end of the staircase, 1 point",
        "  teleport HERO [X,Y]   from an active teleporter to another, 2 points",
        "  drink HERO [potion|major-potion|antidote]   or from a pool or well beside",
        "  heal HERO OTHER [OTHER]   Healing Touch or Field Healing",
        "  listen HERO, check HERO",
        "  cast HERO SPELL [on MONSTER | at X,Y [SIDE]]   shield, invulnerable-to-fire/-poison, hold-portal at a door, finger-of-death on a monster",
        "  control HERO MONSTER X,Y   Control Enemy: move a monster in sight (d6 3-6)",
        "  place HERO X,Y        set down a portable teleporter under or beside the hero",
        "  familiar HERO X,Y     move the hero's familiar (4, flying 6), free, once a phase",
        "  draw HERO N           take N wounds stored in the familiar beside the hero, instead of acting",
        "  non-mover             having won the initiative, let the Draken Master move first",
        "  escape HERO           leave the dungeon from an active teleporter, 2 points",
        "  end                   the heroes' phase is over: the dungeon answers",
        "  status, map, help, undo, quit",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// The opening lines of a game.
pub fn opening(s: &State) -> Vec<String> {
    let obj = match &s.objective {
        Objective::Recover { chest } => format!("open chest {chest} and leave by a teleporter"),
        Objective::Rescue => "free the prisoner and leave by a teleporter".into(),
        Objective::Slay { monster } => format!("slay the {monster} in its lair"),
    };
    let mut out = vec![
        "Dungeon World 10 mm: tilecrawl is the Draken Master".to_string(),
        format!(
            "the heroes' objective: {obj}; the Draken Master wins at {}",
            plural(s.kill_target, "kill")
        ),
    ];
    for h in &s.heroes {
        if let Some(p) = h.body.at {
            out.push(format!("{} waits at {}", h.body.name, fmt_sq(p)));
        }
        match h.familiar.as_ref().map(|f| f.at) {
            Some(Some(p)) => out.push(format!("{}'s familiar waits at {}", h.body.name, fmt_sq(p))),
            Some(None) => out.push(format!(
                "{}'s familiar rides with it: no floor is free beside it",
                h.body.name
            )),
            None => {}
        }
    }
    out.push("type `help` for the commands".into());
    out
}
