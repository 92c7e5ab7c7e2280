//! The English transcript: a printer over [`Event`]s, the opening lines,
//! `status` and `map`. Nothing here changes the game; the rules never
//! print.
//!
//! Events are printed after their command, against the state it left:
//! their ids name the same heroes, monsters, chests and tokens all game.

use crate::characters::wod_s::injuries::con_check_dice;
use crate::mkd::mission::Goal;
use crate::mkd::play::board::{DoorTrap, PlayMarker, fmt_point, side_word};
use crate::mkd::play::command;
use crate::mkd::play::event::{
    AttackRoll, Chooser, ConOutcome, Crushed, Ending, Event, Figure, Heading, MonsterStep, Pick,
    Retreat, Strike, Target, TokenStep, Topic, WalkEnd,
};
use crate::mkd::play::state::{
    Banner, ChestId, ChestOrigin, ChestPlace, HeroId, HeroPlace, MonsterId, MonsterMode, Phase,
    State,
};
use crate::mkd::scenario::TerrainSide;
use crate::scenario::Point;
use crate::tileset::{Cell, TileKind};
use std::fmt::{self, Write as _};

/// The entrance's squares as play names them: `18,24` for one square,
/// `6,5 to 6,8` for a wider one (the setup sheet gives its middle square),
/// when `at` is the first of this floor's entrance squares.
fn entrance_span(s: &State, at: Point) -> String {
    match s.board.entrance.as_slice() {
        [first, .., last] if *first == at => format!("{} to {}", fmt_point(at), fmt_point(*last)),
        _ => fmt_point(at),
    }
}

/// The lines a command's events print, in order.
pub fn print(s: &State, events: &[Event]) -> Vec<String> {
    let mut out = Vec::with_capacity(events.len());
    for e in events {
        print_event(s, e, &mut out);
    }
    out
}

/// The line (or lines) one event prints.
pub fn print_event(s: &State, e: &Event, out: &mut Vec<String>) {
    let t = &s.tables;
    let trap_name = |(level, face): (u32, u32)| &t.chest_traps[&level].get(face).result;
    let line = match e {
        Event::Status => {
            out.extend(status(s));
            return;
        }
        Event::Map => {
            out.extend(ascii_map(s));
            return;
        }
        Event::Help { missions, stairs } => {
            out.extend(help(s, *missions, *stairs));
            return;
        }
        Event::Banner(b) => banner(s, *b),
        Event::LevelGained {
            hero: h,
            levels,
            spent,
        } => format!(
            "{} gains a level ({levels} this adventure; {spent} experience spent): turn the figure's dial up a level",
            hero(s, *h)
        ),
        Event::Healed { hero: h, spent } if s.heroes[*h].heal_floor() > 0 => format!(
            "{} is healed to the level-0 spot, one wound down ({spent} experience spent)",
            hero(s, *h)
        ),
        Event::Healed { hero: h, spent } => {
            format!("{} is healed fully ({spent} experience spent)", hero(s, *h))
        }
        Event::GoesFirst { player } => format!("{player}'s team goes first this turn (Command)"),
        Event::TurnEnds { team } => format!("{} ends the turn", s.party.teams[*team].player),
        Event::Passes { hero: h } => format!("{} ends the activation", hero(s, *h)),
        Event::Walked { hero: h, to, end } => {
            let name = hero(s, *h);
            match end {
                WalkEnd::Entered => {
                    format!("{name} enters the dungeon and walks to {}", fmt_point(*to))
                }
                WalkEnd::Arrived => format!("{name} moves to {}", fmt_point(*to)),
                WalkEnd::StoppedAt(p) => format!(
                    "{name} walks towards {} and stops at {}",
                    fmt_point(*to),
                    fmt_point(*p)
                ),
                WalkEnd::Blocked => format!("{name} cannot get in: the way is blocked"),
                WalkEnd::SetOff => format!("{name} sets off towards {}", fmt_point(*to)),
            }
        }
        Event::RevealEndsActivation { hero: h } => {
            format!("{}'s activation ends with the reveal", hero(s, *h))
        }
        Event::Left { hero: h, carrying } => {
            let mut line = format!("{} leaves the dungeon", hero(s, *h));
            if !carrying.is_empty() {
                line += " carrying ";
                line += &join(carrying.iter().map(|&c| chest(s, c)), " and ");
            }
            line
        }
        Event::Attack {
            by,
            strike,
            target,
            roll,
        } => {
            let by = figure(s, *by);
            let d = describe(roll);
            let on = match target {
                Target::Figure(f) => figure(s, *f),
                Target::QuestChest(def) => {
                    return out.push(format!(
                        "{by} attacks the Quest Chest (melee, defence {def}): {d}"
                    ));
                }
            };
            match strike {
                Strike::Melee => format!("{by} attacks {on} (melee): {d}"),
                Strike::Shooting => format!("{by} attacks {on} (shooting): {d}"),
                Strike::Counter => format!("{by} counterattacks {on} (melee): {d}"),
                Strike::MagicBlast => format!("{by} casts Magic Blast at {on}: {d}"),
                Strike::Burns => format!("{by} burns {on}: {d}"),
                Strike::Shocks => format!("{by} shocks {on}: {d}"),
            }
        }
        Event::AttackPrompt {
            monster: m,
            hero: h,
            melee,
            facing,
        } => {
            let (id, name) = (monster(s, *m), hero(s, *h));
            format!(
                "{id} attacks {name} ({}, facing {}): resolve it with the figures and report `wound {name} N` or `hit {id} N`",
                if *melee { "close combat" } else { "ranged" },
                side_word(*facing)
            )
        }
        Event::HeroWounded {
            hero: h,
            wounds,
            left,
        } => format!(
            "{} takes {wounds} wound{} ({left} left)",
            hero(s, *h),
            plural(*wounds)
        ),
        // 0 wounds: the wounds were told with the Con check, and a critical
        // injury killed (`--injuries wod-s`).
        Event::HeroSlain { hero: h, wounds: 0 } => format!("{} dies", hero(s, *h)),
        Event::HeroSlain { hero: h, wounds } => format!(
            "{} takes {wounds} wound{} and is slain",
            hero(s, *h),
            plural(*wounds)
        ),
        Event::ConCheck {
            hero: h,
            wounds,
            faces,
            con,
            outcome,
        } => {
            let then = match outcome {
                ConOutcome::Reeling => "reeling: stays up on 1 wound, and the next wound kills",
                ConOutcome::OutCold => "knocked out cold",
                ConOutcome::Injured => "knocked out with a critical injury",
            };
            format!(
                "{} takes {wounds} wound{}, the last: Con check {}, {then}",
                hero(s, *h),
                plural(*wounds),
                con_check_dice(*faces, *con)
            )
        }
        Event::CriticalInjury {
            hero: h,
            location_roll,
            location,
            side,
            severity_roll,
            severity,
            effect,
            dies,
        } => {
            let side = side.map(|x| format!("{x} ")).unwrap_or_default();
            let effect = match effect {
                Some((code, what)) => format!("; {code}: {what}"),
                None => String::new(),
            };
            let end = if *dies { "; it is fatal" } else { "" };
            format!(
                "critical injury to {}: d100 {location_roll} {side}{location}, d12 {severity_roll} {severity}{effect}{end}",
                hero(s, *h)
            )
        }
        Event::HeroOutCold { hero: h } => format!(
            "{} is out cold and carried from the fight (alive if the heroes win)",
            hero(s, *h)
        ),
        Event::ChestFallsOpen { chest: c, at } => {
            format!("{} falls open on {}", chest(s, *c), fmt_point(*at))
        }
        Event::MonsterWounded {
            monster: m,
            wounds,
            left,
        } => format!(
            "{} takes {wounds} wound{} ({left} left)",
            monster(s, *m),
            plural(*wounds)
        ),
        Event::MonsterSlain {
            monster: m,
            by,
            points,
            pool,
        } => format!(
            "{} is slain{}: +{points} experience (pool {pool})",
            monster(s, *m),
            by.map(|h| format!(" by {}", hero(s, h)))
                .unwrap_or_default()
        ),
        Event::ChestDrops { chest: c, at } => format!(
            "{} drops on {} (closed, trap reset)",
            chest(s, *c),
            fmt_point(*at)
        ),
        Event::TokensPhase => "-- wandering monster tokens --".into(),
        Event::NoTokenWanders => "no token wanders".into(),
        Event::MonstersPhase => "-- monsters --".into(),
        Event::NoMonsters => "no monster is revealed".into(),
        Event::Surprised { monster: m, turns } => format!(
            "{} is surprised and does not act this turn{}",
            monster(s, *m),
            turns.map_or(String::new(), |t| format!(
                ", but turns to face {}",
                side_word(t)
            ))
        ),
        Event::MonsterHeld { monster: m } => {
            format!("{} is held by magic and does not act", monster(s, *m))
        }
        Event::CutOff { hero: h, at } => format!(
            "{} at {} is cut off: no walk leads from there to a way out, stairs down, a teleporter, a vortex or an unexplored tile",
            hero(s, *h),
            fmt_point(*at)
        ),
        Event::Ended(why) => ending(s, *why),
        Event::TokenRolled {
            token,
            face,
            heading,
        } => {
            let text = &t.wmt_movement.get(*face).text;
            match heading {
                Heading::AsRolled => format!("WMT {token} rolls {face}: {text}"),
                Heading::Towards(h) => {
                    format!("WMT {token} rolls {face}: {text} — towards {}", hero(s, *h))
                }
                Heading::NoHero => format!(
                    "WMT {token} rolls {face}: {text}, but no hero is in the dungeon; it stays"
                ),
            }
        }
        Event::TokenStays { token, at } => {
            format!("WMT {token} cannot move and stays on {}", fmt_point(*at))
        }
        Event::TokenMoved { token, to, path } => {
            let steps = path
                .iter()
                .filter(|p| matches!(p, TokenStep::Square(_)))
                .count() as u32;
            let via = if path.len() > 1 {
                let parts = path.iter().map(|p| match p {
                    TokenStep::Square(q) => fmt_point(*q),
                    TokenStep::Door { at, was_open } => format!(
                        "{}the door at {} and closes it behind",
                        if *was_open { "passes " } else { "opens " },
                        fmt_point(*at)
                    ),
                });
                format!(" (via {})", join(parts, ", "))
            } else {
                String::new()
            };
            format!(
                "WMT {token} moves {steps} square{} to {}{via}",
                plural(steps),
                fmt_point(*to)
            )
        }
        Event::TokenComesUpon { token } => format!("WMT {token} comes upon the heroes"),
        Event::NoRevealRow { token } => {
            format!("WMT {token} is revealed: the tables have no row for it; it is removed")
        }
        Event::Revealed {
            token,
            dice,
            bonus,
            total,
            count,
            points,
        } => {
            let sum = dice[0] + dice[1] + bonus;
            let bonus_text = if *bonus > 0 {
                format!(
                    " + {bonus} {}",
                    if token.guardian {
                        "Guardian bonus"
                    } else {
                        "pool bonus"
                    }
                )
            } else {
                String::new()
            };
            let capped = if sum > *total {
                format!(", read as {total}")
            } else {
                String::new()
            };
            let dice = format!("{} + {}{bonus_text} = {sum}{capped}", dice[0], dice[1]);
            if *count == 0 {
                format!("WMT {token} is revealed: rolled {dice} — nothing; the token is removed")
            } else {
                format!(
                    "WMT {token} is revealed: rolled {dice} — {count} monster{} worth {points} points",
                    plural(*count)
                )
            }
        }
        Event::NothingFits => "no monster in the Monster Pool fits; the token is removed".into(),
        Event::FromPool { names, value } => {
            format!(
                "from the Monster Pool: {} ({value} points)",
                join(names, ", ")
            )
        }
        Event::Swarm { points, best } => format!(
            "swarm: no eligible monster is worth half of {points} (the best is {best}); the pool fills the value"
        ),
        Event::MultipleReveal { count, face } => format!(
            "{count} monsters share the reveal: rolled {face} — {}",
            t.multiple_reveal.get(*face).text
        ),
        Event::NoKindEnough => {
            "no kind in the pool has enough figures; the value is shared evenly instead".into()
        }
        Event::NoRoom { name } => format!("no room for {name}; it goes back to the pool"),
        Event::Appears {
            monster: m,
            at,
            facing,
            facing_faces,
            surprised,
        } => format!(
            "{} appears on {} facing {}{}{}",
            monster(s, *m),
            fmt_point(*at),
            side_word(*facing),
            if facing_faces.0.is_empty() {
                String::new()
            } else {
                format!(" (rolled {facing_faces})")
            },
            if *surprised {
                " (surprised)"
            } else {
                " (not surprised: Nimble/Stealth)"
            }
        ),
        Event::Discovery {
            hero: h,
            tile,
            face,
        } => {
            let (kind, text) = match tile.kind {
                TileKind::Chamber => ("chamber", &t.chamber_discovery.get(*face).text),
                TileKind::Hallway => ("hallway", &t.hallway_discovery.get(*face).text),
            };
            format!(
                "{} enters {kind} {tile} — discovery: rolled {face}, {text}",
                hero(s, *h)
            )
        }
        Event::ChestPoolEmpty => "the Chest Pool is empty: no chest after all".into(),
        Event::NoSquareForChest => "no free square for a chest".into(),
        Event::ChestFound { chest: c, at } => format!(
            "a chest (level {}) on {} — {}",
            s.chests[*c].level,
            fmt_point(*at),
            chest(s, *c)
        ),
        Event::TokenPoolEmpty => "the WMT Pool is empty: no token after all".into(),
        Event::NoSquareForToken => "no free square for a token".into(),
        Event::TokenFound { token, at } => {
            format!("a wandering monster token {token} on {}", fmt_point(*at))
        }
        Event::Accessory { face } => {
            format!("accessory: rolled {face}, {}", t.accessory.get(*face).text)
        }
        Event::NoFurnishing => "no furnishing is left in the Accessories Pool".into(),
        Event::Furnishing { name, tile } => format!("set up {name} in {tile}"),
        Event::ArtifactLaid { chest: c, face, at } => {
            let row = t
                .artifacts
                .as_ref()
                .map_or("", |a| a.get(*face).text.as_str());
            let item = match &s.chests[*c].contents {
                Some((_, Some(i))) => i.name.as_str(),
                _ => "",
            };
            format!(
                "artifact: rolled {face}, {row} — {} on {}, the {item}",
                chest(s, *c),
                fmt_point(*at)
            )
        }
        Event::NoSquareForArtifact => "no free square for the artifact: it is not set up".into(),
        Event::NoSquareForMarker => "no free square for the marker".into(),
        Event::MarkerLaid { kind, at } => format!(
            "{} marker on {}",
            match kind {
                PlayMarker::Teleporter => "a teleporter",
                PlayMarker::Vortex => "a vortex",
                PlayMarker::Staircase => "a staircase",
            },
            fmt_point(*at)
        ),
        Event::NoDoorLeft => "no door is left in the Accessories Pool".into(),
        Event::EveryWayHasADoor => "every entryway here already has a door".into(),
        Event::DoorLaid { at } => format!(
            "a closed door on the entryway at {} (trap unknown)",
            fmt_point(*at)
        ),
        Event::NoTerrainLeft => "no terrain marker is left in the Accessories Pool".into(),
        Event::TerrainWouldBlock { tile, side } => format!(
            "no square of {tile} takes the {} marker without blocking the way; it stays in the pool",
            terrain_word(*side)
        ),
        Event::TerrainLaid { side, at } => format!(
            "a terrain marker ({} side) on {}",
            terrain_word(*side),
            fmt_point(*at)
        ),
        Event::ChestChecked {
            hero: h,
            chest: c,
            level,
            face,
        } => format!(
            "{} checks {}: rolled {face} — {}",
            hero(s, *h),
            chest(s, *c),
            trap_name((*level, *face)).name
        ),
        Event::ChestHasNoTrap { hero: h, chest: c } => {
            format!("{} checks {}: no active trap", hero(s, *h), chest(s, *c))
        }
        Event::DoorTrapRolled { level, face } => format!(
            "the door's trap: a level {level} chest's trap, rolled {face} — {}",
            trap_name((*level, *face)).name
        ),
        Event::DoorHasNoTrap { hero: h, at } => format!(
            "{} checks the door at {}: no active trap",
            hero(s, *h),
            fmt_point(*at)
        ),
        Event::DoorChecked {
            hero: h,
            at,
            level,
            face,
        } => {
            let trap = trap_name((*level, *face));
            format!(
                "{} checks the door at {}: a level {level} chest's trap, rolled {face} — {} (disarm on {}+)",
                hero(s, *h),
                fmt_point(*at),
                trap.name,
                trap.disarm
            )
        }
        Event::Disarmed {
            hero: h,
            trap,
            fast,
            roll,
        } => {
            let trap = trap_name(*trap);
            format!(
                "{} disarms {} ({}): rolled {roll}, needed {}+ — disarmed, +{} experience",
                hero(s, *h),
                trap.name,
                if *fast { "quick" } else { "careful" },
                trap.disarm,
                trap.xp
            )
        }
        Event::DisarmFailed {
            hero: h,
            trap,
            roll,
        } => {
            let trap = trap_name(*trap);
            format!(
                "{} fails to disarm {}: rolled {roll}, needed {}+",
                hero(s, *h),
                trap.name,
                trap.disarm
            )
        }
        Event::TrapSprung { trap } => format!("the trap goes off: {}", trap_name(*trap).name),
        Event::AlarmUnanswered => "the alarm rings, but the WMT Pool is empty".into(),
        Event::AlarmCalls { token, at } => {
            format!("the alarm calls {token} to {}", fmt_point(*at))
        }
        Event::Whisked { hero: h } => format!("{} is whisked away", hero(s, *h)),
        Event::DoorOpened { hero: h, at } => {
            format!("{} opens the door at {}", hero(s, *h), fmt_point(*at))
        }
        Event::DoorClosed { hero: h, at } => {
            format!("{} closes the door at {}", hero(s, *h), fmt_point(*at))
        }
        Event::ChestOpened {
            hero: h,
            chest: c,
            trap,
        } => match trap {
            Some((level, face)) => format!(
                "{} opens {}: trap roll {face} — {}",
                hero(s, *h),
                chest(s, *c),
                trap_name((*level, *face)).name
            ),
            None => format!("{} opens {}", hero(s, *h), chest(s, *c)),
        },
        Event::ChestHolds {
            chest: c,
            level,
            face,
        } => {
            let row = &t.chest_contents[level].get(*face).result;
            format!(
                "{} holds {} gold{}",
                chest(s, *c),
                row.gold,
                row.item
                    .as_ref()
                    .map(|i| format!(" and {}", i.name))
                    .unwrap_or_default()
            )
        }
        Event::ChestCarried { hero: h, chest: c } => {
            format!("{} carries {}", hero(s, *h), chest(s, *c))
        }
        Event::ChestTaken { hero: h, chest: c } => {
            format!("{} takes {}", hero(s, *h), chest(s, *c))
        }
        Event::ChestDropped {
            hero: h,
            chest: c,
            at,
        } => format!(
            "{} drops {} on {} (left open)",
            hero(s, *h),
            chest(s, *c),
            fmt_point(*at)
        ),
        Event::ChestHanded {
            hero: h,
            chest: c,
            to,
        } => format!("{} hands {} to {}", hero(s, *h), chest(s, *c), hero(s, *to)),
        Event::SteppedThrough { hero: h, at } => {
            format!("{} steps through to {}", hero(s, *h), fmt_point(*at))
        }
        Event::Teleported { hero: h, at, tile } => format!(
            "{} is teleported to {} in {tile}",
            hero(s, *h),
            fmt_point(*at)
        ),
        Event::TeleportNoRoom { hero: h, tile } => {
            format!("{tile} has no free square; {} stays", hero(s, *h))
        }
        Event::VortexWorked {
            hero: h,
            tile,
            centre,
        } => format!(
            "{} works the vortex: {tile} turns a quarter turn clockwise about {}",
            hero(s, *h),
            fmt_point(*centre)
        ),
        Event::TurnedClear { tile } => format!("{tile} turns without touching another tile"),
        Event::Covers { tile, at, crushed } => {
            if crushed.is_empty() {
                format!("{tile} now covers {}", fmt_point(*at))
            } else {
                let names = crushed.iter().map(|c| match c {
                    Crushed::Hero(h) => hero(s, *h).to_string(),
                    Crushed::Monster(m) => monster(s, *m).to_string(),
                    Crushed::Token(w) => format!("WMT {w}"),
                    Crushed::Chest(c) => chest(s, *c).to_string(),
                    Crushed::Marker => "a marker".to_string(),
                    Crushed::Door => "a door".to_string(),
                });
                format!(
                    "{tile} now covers {}: {} destroyed",
                    fmt_point(*at),
                    join(names, ", ")
                )
            }
        }
        Event::FreedClean { hero: h } => format!(
            "{} frees the prisoner: no trap holds the shackles",
            hero(s, *h)
        ),
        Event::ShacklesChecked { hero: h, trap } => {
            let (level, face) = *trap;
            let trap = trap_name((level, face));
            format!(
                "{} checks the prisoner's shackles: a level {level} chest's trap, rolled {face} — {} (disarm on {}+)",
                hero(s, *h),
                trap.name,
                trap.disarm
            )
        }
        Event::ShacklesArmed { hero: h, at } => format!(
            "the trap is armed: disarm it (`{} disarms {},{} fast|slow`) or free the prisoner anyway to set it off",
            hero(s, *h),
            at.x,
            at.y
        ),
        Event::FreedSettingOff { hero: h } => {
            format!("{} frees the prisoner and sets off the trap", hero(s, *h))
        }
        Event::PrisonerJoins { hero: h } => format!(
            "{} is free and joins {}'s team (acting from next turn; one wound from death, and no healing)",
            hero(s, *h),
            s.party.teams[s.heroes[*h].team].player
        ),
        Event::NoGuardian => "no Guardian was set aside in this scenario".into(),
        Event::GuardianNoRoom => "the entrance is packed: the Guardian cannot come in".into(),
        Event::GuardianAppears { token, at } => format!(
            "the Guardian {token} appears at the entrance ({})",
            fmt_point(*at)
        ),
        Event::GoesForPrisoner {
            monster: m,
            prisoner,
        } => format!(
            "{} will always go for {} first",
            monster(s, *m),
            hero(s, *prisoner)
        ),
        Event::QuestChestSmashed { monster: m } => format!(
            "{} smashes the Quest Chest: its contents are destroyed",
            monster(s, *m)
        ),
        Event::KidnappeeRolled { faces, monster: m } => {
            format!("the monster to kidnap: rolled {faces} — {}", monster(s, *m))
        }
        Event::Kidnappee { monster: m } => format!(
            "{} is the one to kidnap: it will run for the exit; wound it down to capture it",
            monster(s, *m)
        ),
        Event::Captured { monster: m } => {
            let id = monster(s, *m);
            format!(
                "{id} is captured: with a hero next to it at the start of its activation, the players lead it (`lead {id} to X,Y`, `lead {id} out`)"
            )
        }
        Event::Led {
            guard,
            monster: m,
            to,
            cost,
        } => format!(
            "{} leads {} to {} ({cost} speed point{})",
            hero(s, *guard),
            monster(s, *m),
            fmt_point(*to),
            plural(*cost)
        ),
        Event::LedOut {
            guard,
            monster: m,
            at,
        } => format!(
            "{} takes {} out of the dungeon at {}",
            hero(s, *guard),
            monster(s, *m),
            fmt_point(*at)
        ),
        Event::WentDown {
            hero: h,
            cost,
            carrying,
            floor,
        } => format!(
            "{} goes down the stairs{} ({cost} speed) and waits on floor {floor}",
            hero(s, *h),
            if carrying.is_empty() {
                String::new()
            } else {
                format!(
                    " carrying {}",
                    join(carrying.iter().map(|&c| chest(s, c)), " and ")
                )
            }
        ),
        Event::FloorDone { floor, of } => format!(
            "-- floor {floor} is done: the heroes below go on to floor {} of {of} --",
            floor + 1
        ),
        Event::LeftBehind { chest: c, floor } => {
            format!("{} stays behind on floor {floor} and is lost", chest(s, *c))
        }
        Event::NewFloor {
            floor,
            of,
            seed,
            tiles,
            central,
        } => format!(
            "floor {floor} of {of}: scenario seed {seed}, {tiles} tiles, Central Chamber {central}"
        ),
        Event::FloorEntrance {
            at,
            side,
            tile,
            waiting,
        } => format!(
            "entrance at {} ({} side of {tile}); waiting outside: {}",
            entrance_span(s, *at),
            side_word(*side),
            join(waiting.iter().map(|&h| hero(s, h)), ", ")
        ),
        Event::Stairs { floor, at, tile } => format!(
            "stairs down to floor {floor} on {}{} (3 speed points to use; not with a monster in that tile)",
            fmt_point(*at),
            tile.map(|t| format!(" in {t}")).unwrap_or_default()
        ),
        Event::Chose {
            by,
            topic,
            faces,
            pick,
        } => format!(
            "{}: rolled {faces} — {}",
            Choice {
                s,
                by: *by,
                topic: *topic
            },
            pick_name(s, *pick)
        ),
        Event::ItemInUse {
            hero: h,
            item,
            potion,
        } => {
            if *potion {
                format!(
                    "{} drinks the {item} (it lasts until the next heroes' turn)",
                    hero(s, *h)
                )
            } else {
                format!(
                    "{} takes up the {item} (it works in the heroes' turns)",
                    hero(s, *h)
                )
            }
        }
        Event::BecomesDemoralized { monster: m } => format!("{} is demoralized", monster(s, *m)),
        Event::Unhorsed { monster: m } => format!(
            "{}'s mount falls and takes the wound: it fights on foot (speed {})",
            monster(s, *m),
            s.monsters[*m].stats.speed
        ),
        Event::Rallied { monster: m, by } => format!(
            "{} is no longer demoralized: {}'s Command rallies it",
            monster(s, *m),
            monster(s, *by)
        ),
        Event::ChestShut {
            monster: m,
            chest: c,
            at,
        } => format!(
            "{} shuts {} on {} (its trap is set again)",
            monster(s, *m),
            chest(s, *c),
            fmt_point(*at)
        ),
        Event::FirstChoiceChest { monster: m } => {
            format!("{}'s first choice: the Quest Chest", monster(s, *m))
        }
        Event::Decision { monster: m, face } => format!(
            "{} decision: rolled {face} — {}",
            monster(s, *m),
            t.monster_decision.get(*face).text
        ),
        Event::NoWayToHeroes { monster: m } => {
            format!("{} has no way to reach any hero and waits", monster(s, *m))
        }
        Event::GoesForWeakest {
            monster: m,
            hero: h,
            left,
        } => format!(
            "{} goes for {}, who has {left} wound{} left",
            monster(s, *m),
            hero(s, *h),
            plural(*left)
        ),
        Event::GoesForNearest {
            monster: m,
            hero: h,
        } => format!(
            "{} goes for {}, the hero it reaches first",
            monster(s, *m),
            hero(s, *h)
        ),
        Event::PrisonerFirst { monster: m } => format!(
            "{} came out of the Guardian: the prisoner is its first choice",
            monster(s, *m)
        ),
        Event::FirstChoice {
            monster: m,
            hero: h,
            travel,
        } => format!(
            "{}'s first choice: {} ({travel} speed point{} of movement to attack)",
            monster(s, *m),
            hero(s, *h),
            plural(*travel)
        ),
        Event::GoesForInstead {
            monster: m,
            hero: h,
        } => {
            format!("{} goes for {} instead", monster(s, *m), hero(s, *h))
        }
        Event::UsesQuickness { monster: m, bonus } => format!(
            "{} uses Quickness: +{bonus} speed, to move only",
            monster(s, *m)
        ),
        Event::QuicknessNoAttack {
            monster: m,
            hero: h,
        } => format!(
            "{} cannot attack after Quickness; it faces {}",
            monster(s, *m),
            hero(s, *h)
        ),
        // Stopped next to its own target on the way to the square it
        // wanted (a Sneak Attacker making for his back, a shooter for a
        // square with a clear line).
        Event::TurnsOn {
            monster: m,
            from,
            to,
        } if from == to => format!(
            "{} is stopped next to {} on its way and fights from there",
            monster(s, *m),
            hero(s, *to)
        ),
        Event::TurnsOn {
            monster: m,
            from,
            to,
        } => format!(
            "{} gives up on {} and turns on {}",
            monster(s, *m),
            hero(s, *from),
            hero(s, *to)
        ),
        Event::CannotReachHero {
            monster: m,
            hero: h,
        } => format!(
            "{} cannot reach {} this activation",
            monster(s, *m),
            hero(s, *h)
        ),
        Event::NoWayToHero {
            monster: m,
            hero: h,
        } => format!(
            "{} finds no way to {} and waits",
            monster(s, *m),
            hero(s, *h)
        ),
        Event::SneaksBehind {
            monster: m,
            hero: h,
        } => format!(
            "{} goes round to {}'s back (Sneak Attack)",
            monster(s, *m),
            hero(s, *h)
        ),
        Event::SneakFails {
            monster: m,
            hero: h,
        } => format!(
            "{} cannot reach {}'s back this activation and attacks as it can (Sneak Attack)",
            monster(s, *m),
            hero(s, *h)
        ),
        Event::LineOfFireBlocked {
            monster: m,
            hero: h,
            by,
            at,
        } => format!(
            "{} has no line of fire to {}: {} at {} is in the way; it waits",
            monster(s, *m),
            hero(s, *h),
            by.map_or("the prisoner", |f| figure(s, f)),
            fmt_point(*at)
        ),
        Event::InRangeNoShot {
            monster: m,
            hero: h,
        } => format!(
            "{} is in range of {} but has no ranged attack; it waits",
            monster(s, *m),
            hero(s, *h)
        ),
        Event::Unexpected { monster: m, face } => format!(
            "{} unexpected action: rolled {face} — {}",
            monster(s, *m),
            t.unexpected.get(*face).text
        ),
        Event::NoTheft { monster: m } => format!(
            "{} cannot attempt a theft this activation, so it goes for help instead",
            monster(s, *m)
        ),
        Event::HoldsGround { monster: m } => format!("{} holds its ground", monster(s, *m)),
        Event::GoesForChest {
            monster: m,
            hero: h,
        } => {
            format!("{} goes for {}'s chest", monster(s, *m), hero(s, *h))
        }
        Event::Theft {
            monster: m,
            hero: h,
            face,
            need,
            chest: taken,
        } => match taken {
            None => format!(
                "{} tries to steal from {}: rolled {face} (needs {need}+) — it fails",
                monster(s, *m),
                hero(s, *h)
            ),
            Some(c) => format!(
                "{} tries to steal from {}: rolled {face} (needs {need}+) — it takes {} (closed, trap reset)",
                monster(s, *m),
                hero(s, *h),
                chest(s, *c)
            ),
        },
        Event::AfterTheft { monster: m, face } => format!(
            "{} after the theft: rolled {face} — {}",
            monster(s, *m),
            t.theft.get(*face).text
        ),
        Event::RunsForHelp { monster: m, cost } => {
            format!("{} loses {cost} speed and runs for help", monster(s, *m))
        }
        Event::BroughtHelp { monster: m } => {
            format!("{} has brought help; its activation ends", monster(s, *m))
        }
        Event::MonsterLeaves {
            monster: m,
            stairs,
            chest: carried,
            for_help,
        } => {
            let mut line = if *stairs {
                format!("{} goes down the stairs", monster(s, *m))
            } else {
                format!("{} leaves the dungeon", monster(s, *m))
            };
            if let Some(c) = carried {
                let _ = write!(line, " with {}; it is lost", chest(s, *c));
            }
            line += if *for_help {
                " to fetch help (it comes back next activation)"
            } else {
                " for good"
            };
            line
        }
        Event::WayBlocked { monster: m } => {
            format!("{}'s way is blocked; it turns to fight", monster(s, *m))
        }
        Event::MonsterDropsChest {
            monster: m,
            chest: c,
            at,
        } => format!(
            "{} drops {} on {} (closed, trap reset)",
            monster(s, *m),
            chest(s, *c),
            fmt_point(*at)
        ),
        Event::EntranceBlocked { monster: m } => format!(
            "{} finds the entrance blocked and waits outside",
            monster(s, *m)
        ),
        Event::ComesBack {
            monster: m,
            at,
            stairs,
        } => {
            if *stairs {
                format!(
                    "{} comes back up the stairs at {}",
                    monster(s, *m),
                    fmt_point(*at)
                )
            } else {
                format!("{} comes back in at {}", monster(s, *m), fmt_point(*at))
            }
        }
        Event::Reinforcements { monster: m, face } => format!(
            "{} reinforcements: rolled {face} — {}",
            monster(s, *m),
            t.reinforcements.get(*face).text
        ),
        Event::NobodyAnswers => "the WMT Pool is empty: nobody answers".into(),
        Event::EntrancePacked => "the entrance is packed: nobody can come in".into(),
        Event::TokenComesIn { token, at } => format!("{token} comes in at {}", fmt_point(*at)),
        Event::Demoralized {
            monster: m,
            retreat,
        } => {
            let id = monster(s, *m);
            match retreat {
                Retreat::ToCommander => {
                    format!("{id} is demoralized and falls back to its commander")
                }
                Retreat::ForTheEntrance => {
                    format!("{id} is demoralized and flees for the entrance")
                }
                Retreat::Hides => format!("{id} is demoralized and hides where no hero is"),
                Retreat::Nowhere => {
                    format!("{id} is demoralized and has nowhere to go; it waits")
                }
                Retreat::SlinksOff => {
                    format!("{id} is demoralized and slinks off to a tile with no heroes")
                }
            }
        }
        Event::MonsterMoved {
            monster: m,
            at,
            path,
        } => {
            let id = monster(s, *m);
            let at_text = at.map(fmt_point).unwrap_or_default();
            if path.len() == 1 && matches!(path[0], MonsterStep::Square(q) if Some(q) == *at) {
                format!("{id} moves to {at_text}")
            } else {
                format!("{id} moves to {at_text} (via {})", steps(s, path))
            }
        }
        Event::MonsterPassesThrough { monster: m, path } => {
            format!("{} {}", monster(s, *m), steps(s, path))
        }
        Event::HeroPassesThrough {
            hero: h,
            monster: m,
        } => format!(
            "{} passes through {} and takes its rear attack",
            hero(s, *h),
            monster(s, *m)
        ),
        Event::HeroBreakAway {
            hero: h,
            monsters,
            face,
            need,
        } => {
            let who = join(monsters.iter().map(|&m| monster(s, m)), " and ");
            let how = if face >= need {
                "breaks"
            } else {
                "fails to break"
            };
            format!(
                "{} {how} away from {who}: rolled {face} (needs {need}+)",
                hero(s, *h)
            )
        }
        Event::BreakAway {
            monster: m,
            heroes,
            face,
            need,
        } => {
            let who = join(heroes.iter().map(|&h| hero(s, h)), " and ");
            if face >= need {
                format!(
                    "{} breaks away from {who}: rolled {face} (needs {need}+)",
                    monster(s, *m)
                )
            } else {
                format!(
                    "{} fails to break away from {who}: rolled {face} (needs {need}+)",
                    monster(s, *m)
                )
            }
        }
        Event::RearStrikePrompt {
            hero: h,
            monster: m,
        } => {
            let id = monster(s, *m);
            format!(
                "{} may strike {id} from behind as it passes (no counterattack): report `hit {id} N` if it lands",
                hero(s, *h)
            )
        }
        Event::MonsterRevealEnds { monster: m } => {
            format!("{}'s activation ends with the reveal", monster(s, *m))
        }
        Event::AbilityRoll {
            monster: m,
            ability,
            face,
        } => format!(
            "{} {ability}: rolled {face} — {}",
            monster(s, *m),
            if *face <= 3 {
                "it uses it"
            } else {
                "it does not use it"
            }
        ),
        Event::GoesToHeal {
            monster: m,
            other,
            ability,
        } => format!(
            "{} goes to heal {} ({ability})",
            monster(s, *m),
            monster(s, *other)
        ),
        Event::Heals {
            monster: m,
            other,
            ability,
            face,
            healed,
            left,
        } => format!(
            "{} uses {ability} on {}: rolled {face} — heals {healed} wound{} ({left} left)",
            monster(s, *m),
            if other == m {
                "itself"
            } else {
                monster(s, *other)
            },
            plural(*healed)
        ),
        Event::Raises {
            monster: m,
            fallen,
            points,
            at,
        } => format!(
            "{} raises {} ({points} points) on {} with Necromancy",
            monster(s, *m),
            monster(s, *fallen),
            fmt_point(*at)
        ),
        Event::BlastPrompt {
            monster: m,
            hero: h,
        } => {
            let name = hero(s, *h);
            format!(
                "{} casts Magic Blast at {name}: resolve it with the figures and report `wound {name} N`",
                monster(s, *m)
            )
        }
        Event::Flame {
            monster: m,
            side,
            caught,
        } => format!(
            "{} looses Flame/Lightning towards {}: the line catches {}",
            monster(s, *m),
            side_word(*side),
            join(caught.iter().map(|&f| figure(s, f)), ", ")
        ),
        Event::ResolveEach {
            monster: m,
            shockwave,
        } => {
            if *shockwave {
                format!(
                    "resolve {}'s Shockwave on each of them with the figures and report the wounds",
                    monster(s, *m)
                )
            } else {
                format!(
                    "resolve {}'s attack on each of them with the figures and report the wounds",
                    monster(s, *m)
                )
            }
        }
        Event::Shockwave { monster: m, heroes } => format!(
            "{} sends out a Shockwave: it strikes {}",
            monster(s, *m),
            join(heroes.iter().map(|&h| hero(s, h)), ", ")
        ),
        Event::BreakawaySet { free } => format!(
            "from now on monsters {} to break away from the heroes",
            if *free { "need no roll" } else { "roll" }
        ),
        Event::AutoAttacksSet { on } => format!(
            "from now on the heroes {} their automatic attacks{}",
            if *on { "make" } else { "hold back" },
            if s.opts.combat == crate::mkd::play::state::CombatMode::Dice {
                ""
            } else {
                " (this matters in dice combat only; this game's combat is manual)"
            }
        ),
        Event::LetGo {
            monster: m,
            heroes,
            cost,
        } => format!(
            "{} lets {} break away freely ({cost} speed points)",
            join(heroes.iter().map(|&h| hero(s, h)), " and "),
            monster(s, *m)
        ),
        Event::HoldsBack {
            hero: h,
            monster: m,
        } => {
            format!(
                "{} holds back and does not strike {}",
                hero(s, *h),
                monster(s, *m)
            )
        }
        Event::DoorDestroyed {
            monster: m,
            at,
            trap_lost,
        } => format!(
            "{} blows the door at {} apart{}",
            monster(s, *m),
            fmt_point(*at),
            if *trap_lost {
                ", and its trap with it"
            } else {
                ""
            }
        ),
        Event::SpellAttempt {
            monster: m,
            hero: h,
            ability,
            faces,
            hit_on,
            holds,
        } => format!(
            "{} tries {} on {}: rolled {faces}, needing {hit_on}+ — {}",
            monster(s, *m),
            ability.name(),
            hero(s, *h),
            if *holds { "it takes hold" } else { "it fails" }
        ),
        Event::Frozen {
            monster: m,
            hero: h,
        } => {
            let name = hero(s, *h);
            format!(
                "{} casts Magic Freeze on {name}: {name} is frozen and misses the next turn",
                monster(s, *m)
            )
        }
        Event::DriftCast {
            monster: m,
            hero: h,
            ability,
            faces,
            side,
        } => format!(
            "{} casts {ability} on {}: rolled {faces} — {}",
            monster(s, *m),
            hero(s, *h),
            side_word(*side)
        ),
        Event::DriftTiles { side, faces } => {
            format!("which tile {}: rolled {faces}", side_word(*side))
        }
        Event::DriftNowhere { hero: h, side } => format!(
            "{} cannot drift {} and stays",
            hero(s, *h),
            side_word(*side)
        ),
        Event::Drifted { hero: h, to, path } => format!(
            "{} drifts to {} (via {})",
            hero(s, *h),
            fmt_point(*to),
            join(path.iter().map(|&p| fmt_point(p)), ", ")
        ),
        Event::PushedOut { hero: h, carrying } => {
            let mut line = format!("{} is pushed out of the dungeon", hero(s, *h));
            if !carrying.is_empty() {
                line += " carrying ";
                line += &join(carrying.iter().map(|&c| chest(s, c)), " and ");
            }
            line + " and is out of the adventure"
        }
        Event::Hidden {
            monster: m,
            ability,
            could_reveal,
        } => {
            if *could_reveal {
                format!(
                    "{} does not use {ability}: it could reveal a wandering monster token",
                    monster(s, *m)
                )
            } else {
                format!("{} uses {ability}", monster(s, *m))
            }
        }
        Event::CommitsToChest { monster: m } => format!(
            "{} sets out to destroy the Quest Chest, for the rest of the adventure",
            monster(s, *m)
        ),
        Event::GivesUpChest { monster: m } => format!(
            "{} finds no way to the Quest Chest and gives up on it; it hunts heroes again",
            monster(s, *m)
        ),
        Event::GoesForCarrier {
            monster: m,
            hero: h,
        } => format!(
            "{} goes for {}, who carries the Quest Chest",
            monster(s, *m),
            hero(s, *h)
        ),
        Event::HeadsForChest { monster: m } => {
            format!("{} heads for the Quest Chest", monster(s, *m))
        }
        Event::FightsBack {
            monster: m,
            hero: h,
        } => format!(
            "{} is held by {} and fights back",
            monster(s, *m),
            hero(s, *h)
        ),
        Event::ChestNotReached { monster: m } => format!(
            "{} cannot reach the Quest Chest this activation",
            monster(s, *m)
        ),
        Event::NoWayToChest { monster: m } => format!(
            "{} finds no way to the Quest Chest and waits",
            monster(s, *m)
        ),
        Event::ChestAttackPrompt {
            monster: m,
            defence,
        } => {
            let id = monster(s, *m);
            format!(
                "{id} attacks the Quest Chest (defence {defence}; no abilities, no shooting): roll it with the figure and report `smash {id}` if it hits"
            )
        }
        Event::ChestWithstands => "the Quest Chest holds".into(),
        Event::CarrierPrompt {
            monster: m,
            hero: h,
        } => {
            let id = monster(s, *m);
            format!(
                "{} carries the Quest Chest: if {id}'s attack wounds, also report `smash {id}`",
                hero(s, *h)
            )
        }
        Event::LedThisTurn { monster: m } => {
            format!("{} was led by the heroes this turn", monster(s, *m))
        }
        Event::HeldBy {
            monster: m,
            hero: h,
            at,
        } => format!(
            "{} is held by {} on {}: the heroes lead it on their turn",
            monster(s, *m),
            hero(s, *h),
            fmt_point(*at)
        ),
        Event::TriesToEscape { monster: m } => format!(
            "{} has no hero next to it and tries to escape",
            monster(s, *m)
        ),
        Event::RunsForExit { monster: m } => format!("{} runs for the exit", monster(s, *m)),
        Event::NoWayOut { monster: m } => {
            format!("{} finds no way out and waits", monster(s, *m))
        }
    };
    out.push(line);
}

mod map;
mod views;
mod words;

pub use map::ascii_map;
pub use views::{help, intro, is_opening_line, status, without_opening};
pub use words::{Choice, banner, pick_name};
use words::{chest, describe, ending, figure, hero, join, monster, plural, steps, terrain_word};

#[cfg(test)]
mod tests;
