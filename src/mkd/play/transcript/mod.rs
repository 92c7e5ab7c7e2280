//! The English transcript: a printer over [`Event`]s, the opening lines,
//! `status` and `map`. Nothing here changes the game; the rules never
//! print.
//!
//! Events are printed after their command, against the state it left:
//! their ids name the same heroes, monsters, chests and tokens all game.

use crate::mkd::mission::Goal;
use crate::mkd::play::board::{DoorTrap, PlayMarker, fmt_point, side_word};
use crate::mkd::play::command;
use crate::mkd::play::event::{
    AttackRoll, Chooser, Crushed, Ending, Event, Figure, Heading, MonsterStep, Pick, Retreat,
    Strike, Target, TokenStep, Topic, WalkEnd,
};
use crate::mkd::play::state::{
    Banner, ChestId, ChestPlace, HeroId, HeroPlace, MonsterId, MonsterMode, Phase, State,
};
use crate::mkd::scenario::TerrainSide;
use crate::scenario::Point;
use crate::tileset::{Cell, TileKind};
use std::fmt::{self, Write as _};

/// `s` for a count other than one.
fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Names joined with `sep`.
fn join<I: IntoIterator<Item = S>, S: AsRef<str>>(names: I, sep: &str) -> String {
    let mut out = String::new();
    for (i, n) in names.into_iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(n.as_ref());
    }
    out
}

fn hero(s: &State, h: HeroId) -> &str {
    &s.heroes[h].name
}

fn monster(s: &State, m: MonsterId) -> &str {
    &s.monsters[m].id
}

fn chest(s: &State, c: ChestId) -> &str {
    &s.chests[c].id
}

fn figure(s: &State, f: Figure) -> &str {
    match f {
        Figure::Hero(h) => hero(s, h),
        Figure::Monster(m) => monster(s, m),
    }
}

/// What a printed tie-break decides, as the transcript (and the dice log)
/// names it: `orc-1: way round`.
pub struct Choice<'a> {
    /// The game.
    pub s: &'a State,
    /// Whose choice.
    pub by: Chooser,
    /// What it decides.
    pub topic: Topic,
}

impl fmt::Display for Choice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.s;
        if let Chooser::Hero(h) = self.by {
            // Only a drifting hero's way is chosen for a hero.
            return write!(f, "{} drifts: way round", hero(s, h));
        }
        let Chooser::Monster(m) = self.by else {
            unreachable!()
        };
        let id = monster(s, m);
        match self.topic {
            Topic::FirstChoice => write!(f, "{id}: first choice tie"),
            Topic::SecondChoice => write!(f, "{id}: second choice tie"),
            Topic::NearestHero => write!(f, "{id}: nearest hero tie"),
            Topic::WeakestHero => write!(f, "{id}: weakest hero tie"),
            Topic::TheftTarget => write!(f, "{id}: theft target tie"),
            Topic::WayRound => write!(f, "{id}: way round"),
            Topic::WhichHeroHolds => write!(f, "{id}: which hero holds it"),
            Topic::WhichAbility => write!(f, "{id}: which optional ability"),
            Topic::NearestWounded => write!(f, "{id}: nearest wounded monster tie"),
            Topic::WhichFallen => write!(f, "{id}: which fallen monster"),
            Topic::WhichChest => write!(f, "{id}: which chest"),
            Topic::PoolToken => write!(f, "{id}: token from the pool"),
        }
    }
}

/// The name of a tie-break's pick.
pub fn pick_name(s: &State, p: Pick) -> String {
    match p {
        Pick::Hero(h) => hero(s, h).to_string(),
        Pick::Monster(m) => monster(s, m).to_string(),
        Pick::Side(side) => side_word(side).to_string(),
        Pick::Ability(a) => a.name().to_string(),
        Pick::Chest(c) => chest(s, c).to_string(),
        Pick::PoolToken(color, number) => format!("{}-{number}", color.name()),
    }
}

/// `rolls [5 1 4] needing 4+: 2 hits; kill dice [3 6] against armour 4: 1 wound`.
fn describe(r: &AttackRoll) -> String {
    let list = |v: &[u32]| join(v.iter().map(u32::to_string), " ");
    let hits = r.kill.len() as u32;
    let mut s = format!(
        "rolls [{}] needing {}+: {hits} hit{}",
        list(&r.to_hit),
        r.hit_on,
        plural(hits)
    );
    if hits > 0 {
        let _ = write!(
            s,
            "; kill dice [{}] against armour {}: {} wound{}",
            list(&r.kill),
            r.armour,
            r.wounds,
            plural(r.wounds)
        );
    }
    s
}

/// The banner line.
pub fn banner(s: &State, b: Banner) -> String {
    match b {
        Banner::Heroes {
            turn,
            limit,
            floor,
            team,
        } => {
            let turn = match limit {
                Some(n) => format!("turn {turn} of {n}"),
                None => format!("turn {turn}"),
            };
            let floor = match floor {
                Some((f, n)) => format!(", floor {f} of {n}"),
                None => String::new(),
            };
            format!(
                "== {turn}{floor}: {}'s heroes ==",
                s.party.teams[team].player
            )
        }
        Banner::Reports => "-- the monsters wait: report each fight above (`wound HERO N`, `hit MONSTER N`, `kill MONSTER`), then type `done` --".into(),
        Banner::Over(o) => format!("== the adventure is over: {} ==", o.words()),
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
        Event::HeroSlain { hero: h, wounds } => format!(
            "{} takes {wounds} wound{} and is slain",
            hero(s, *h),
            plural(*wounds)
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
        Event::Surprised { monster: m } => {
            format!("{} is surprised and does not act this turn", monster(s, *m))
        }
        Event::MonsterHeld { monster: m } => {
            format!("{} is held by magic and does not act", monster(s, *m))
        }
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
            let bonus_text = if *bonus > 0 {
                format!(
                    " + {bonus} {} = {total}",
                    if token.guardian {
                        "Guardian bonus"
                    } else {
                        "pool bonus"
                    }
                )
            } else {
                String::new()
            };
            if *count == 0 {
                format!(
                    "WMT {token} is revealed: rolled {dice}{bonus_text} — nothing; the token is removed"
                )
            } else {
                format!(
                    "WMT {token} is revealed: rolled {dice}{bonus_text} — {count} monster{} worth {points} points",
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
            surprised,
        } => format!(
            "{} appears on {} facing {}{}",
            monster(s, *m),
            fmt_point(*at),
            side_word(*facing),
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
            fmt_point(*at),
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
        Event::Choice {
            free_breakaway,
            auto_attacks,
        } => format!(
            "from now on monsters {} to break away from the heroes, and the heroes {} their automatic attacks",
            if *free_breakaway {
                "need no roll"
            } else {
                "roll"
            },
            if *auto_attacks { "make" } else { "hold back" }
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
        Event::PushedOut { hero: h } => format!(
            "{} is pushed out of the dungeon and is out of the adventure",
            hero(s, *h)
        ),
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

/// A monster's way, step by step.
fn steps(s: &State, path: &[MonsterStep]) -> String {
    join(
        path.iter().map(|p| match p {
            MonsterStep::Square(q) => fmt_point(*q),
            MonsterStep::OpensDoor(q) => format!("opens the door at {}", fmt_point(*q)),
            MonsterStep::PassesThrough(h) => format!("passes through {}", hero(s, *h)),
        }),
        ", ",
    )
}

fn terrain_word(side: TerrainSide) -> &'static str {
    match side {
        TerrainSide::Obstacle => "obstacle",
        TerrainSide::Special => "hindering",
    }
}

/// The line that says why the game ended.
fn ending(s: &State, why: Ending) -> String {
    match why {
        Ending::QuestOut | Ending::StealthOut => {
            "The Quest Chest is out of the dungeon: the heroes win!".into()
        }
        Ending::QuestGone => "The Quest Chest is gone for good: the dungeon wins.".into(),
        Ending::QuestNobodyLeft => {
            "No hero is left in the dungeon and the Quest Chest is still inside: the dungeon wins."
                .into()
        }
        Ending::PrisonerOut => {
            "The prisoner is out of the dungeon alive: the mission is a success!".into()
        }
        Ending::PrisonerDead => "The prisoner is dead: the mission is lost.".into(),
        Ending::PrisonerNobodyLeft => {
            "No hero is left to bring the prisoner out: the mission is lost.".into()
        }
        Ending::ChestDestroyed => {
            "The Quest Chest's contents are destroyed: the mission is lost.".into()
        }
        Ending::StealthGone => "The Quest Chest is gone for good: the mission is lost.".into(),
        Ending::StealthNobodyLeft => {
            "No hero is left in the dungeon and the Quest Chest is still inside: the mission is lost."
                .into()
        }
        Ending::CaptiveOut => {
            "The captive is out of the dungeon alive: the kidnapping is a success!".into()
        }
        Ending::KidnappeeGone(m) => format!(
            "{} got away out of the dungeon: the mission is lost.",
            monster(s, m)
        ),
        Ending::KidnappeeDead(m) => format!("{} is dead: the mission is lost.", monster(s, m)),
        Ending::NobodyToKidnap => {
            "The Guardian hid no monster to kidnap: the mission is lost.".into()
        }
        Ending::KidnapNobodyLeft => {
            "No hero is left in the dungeon to take the captive: the mission is lost.".into()
        }
        Ending::TimeUp { turn, limit } => format!(
            "Time is up: turn {turn} of {limit} is over and the goal is not out of the dungeon: the dungeon wins."
        ),
    }
}

// ---------------------------------------------------------------- views

/// `turn 5`, or `turn 5 of 24` on a timed mission.
fn turn_text(s: &State) -> String {
    match s.floors.turn_limit {
        Some(n) => format!("turn {} of {n}", s.turn),
        None => format!("turn {}", s.turn),
    }
}

/// `, floor 1 of 2` in a multi-floor dungeon, else nothing.
fn floor_text(s: &State) -> String {
    match s.floor_number() {
        Some((f, n)) => format!(", floor {f} of {n}"),
        None => String::new(),
    }
}

/// The opening lines of a transcript.
pub fn intro(s: &State) -> Vec<String> {
    let sc = &s.scenario;
    let mut v = vec![
        format!(
            "tilecrawl play: scenario seed {}, {} tiles, Central Chamber {}; play dice seed {}; {} combat",
            sc.seed,
            sc.tiles.len(),
            s.board.tiles[s.board.central].label,
            s.opts.seed,
            s.opts.combat.name()
        ),
        format!(
            "entrance at {} ({} side of {}); heroes wait outside: {}",
            fmt_point(s.board.entrance[0]),
            side_word(s.board.entrance_side),
            s.board.tiles[sc.entrance.tile].label,
            join(
                s.party.teams.iter().map(|t| format!(
                    "{} ({})",
                    t.player,
                    join(t.heroes.iter().map(|h| h.name.as_str()), ", ")
                )),
                "; "
            )
        ),
    ];
    if let Some(line) = mission_intro(s) {
        v.push(line);
    }
    v.extend(floors_intro(s));
    v.push(HELP_HINT.into());
    v.push(banner(s, s.banner()));
    v
}

/// The intro's last opening line: where to find the commands.
const HELP_HINT: &str =
    "type `help` for the commands, `status` for where everyone stands, `map` for the board";

/// Is this one of the intro's opening lines, which `play --quiet` leaves out:
/// what the scenario is, where the heroes wait, the `help`/`map` hint? The
/// mission, floor and turn-limit lines and the first banner are the game's
/// own and stay.
pub fn is_opening_line(line: &str) -> bool {
    line.starts_with("tilecrawl play: ")
        || (line.starts_with("entrance at ") && line.contains("; heroes wait outside: "))
        || line == HELP_HINT
}

/// A transcript without its opening lines (see [`is_opening_line`]); only
/// the lines before the first command are looked at.
pub fn without_opening(lines: &[String]) -> Vec<String> {
    let first_command = lines
        .iter()
        .position(|l| l.starts_with("> "))
        .unwrap_or(lines.len());
    lines
        .iter()
        .enumerate()
        .filter(|(i, l)| *i >= first_command || !is_opening_line(l))
        .map(|(_, l)| l.clone())
        .collect()
}

/// The intro line naming the mission (none for a plain quest).
fn mission_intro(s: &State) -> Option<String> {
    match s.mission.goal {
        Goal::Quest => None,
        Goal::Rescue => Some(match &s.mission.prisoner {
            Some(p) => format!(
                "mission: rescue — {} is held on {}, one wound from death; free them (`NAME frees prisoner` from next to them) and bring them out",
                p.name,
                fmt_point(p.pos().expect("held on a square"))
            ),
            None => "mission: rescue — but this scenario holds no prisoner".into(),
        }),
        Goal::Stealth => Some(
            "mission: stealth — carry the Quest Chest out before a monster destroys it".into(),
        ),
        Goal::Kidnapping => Some(
            "mission: kidnapping — capture the monster the wandering Guardian hides and bring it out alive"
                .into(),
        ),
    }
}

/// The intro lines timed, split-up and multi-floor play add.
fn floors_intro(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    if let Some((f, n)) = s.floor_number() {
        v.push(format!(
            "multi-floor dungeon: floor {f} of {n}; the goal is on floor {n}; each floor's entrance leads out of the whole dungeon"
        ));
    }
    if let Some((floor, at, tile)) = s.stairs_down() {
        print_event(s, &Event::Stairs { floor, at, tile }, &mut v);
    }
    if let Some(n) = s.floors.turn_limit {
        v.push(format!(
            "timed mission: {n} turns; the goal must be out of the dungeon by the end of turn {n}"
        ));
    }
    if let Some(p) = s.floors.second_entrance {
        let names = s
            .hero_ids()
            .filter(|&h| s.starts_second(h))
            .map(|h| hero(s, h).to_string());
        v.push(format!(
            "split up: a second entrance (staircase) on {}{}; {} start there, the others at the entrance; either is a way out",
            fmt_point(p),
            s.board
                .tile_at(p)
                .map(|t| format!(" in {}", s.board.tiles[t].label))
                .unwrap_or_default(),
            join(names, ", ")
        ));
    }
    v
}

/// The `help` lines in the party's own names: the first two heroes stand
/// for `Ayla` and `Borin`, the last team's player for `Bob`; of the
/// missions' lines only the game's own mission's.
pub fn help(s: &State, missions: bool, stairs: bool) -> Vec<String> {
    let heroes: Vec<&str> = s
        .party
        .teams
        .iter()
        .flat_map(|t| t.heroes.iter().map(|h| h.name.as_str()))
        .collect();
    let a = heroes.first().copied().unwrap_or("Ayla");
    let b = heroes.get(1).copied().unwrap_or(a);
    let player = s.party.teams.last().map_or("Bob", |t| t.player.as_str());
    let mission = match s.mission.goal {
        Goal::Quest => None,
        Goal::Rescue => Some("rescue:"),
        Goal::Stealth => Some("stealth"),
        Goal::Kidnapping => Some("kidnapping:"),
    };
    let mut lines: Vec<&str> = command::HELP.lines().collect();
    if missions && let Some(word) = mission {
        let mut m = command::MISSION_HELP.lines();
        lines.extend(m.next());
        lines.extend(m.filter(|l| {
            l.split_once("  ")
                .and_then(|(_, rest)| rest.trim_start().split_once("  "))
                .is_some_and(|(_, d)| d.trim_start().starts_with(word))
        }));
    }
    if stairs {
        lines.push(command::HELP_STAIRS);
    }
    let named = |t: &str| {
        t.split(' ')
            .map(|w| match w {
                "Ayla" => a,
                "Borin" => b,
                "Bob" => player,
                w => w,
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    // "  command   description": the command's words renamed, the
    // description kept, the column realigned to the longest command (but
    // for the one long line of reports, which keeps three spaces).
    let split: Vec<Result<(String, &str), String>> = lines
        .into_iter()
        .map(
            |l| match l.strip_prefix("  ").and_then(|r| r.split_once("  ")) {
                Some((cmd, desc)) => Ok((named(cmd), desc.trim_start())),
                None => Err(named(l)),
            },
        )
        .collect();
    let width = split
        .iter()
        .filter_map(|x| x.as_ref().ok())
        .map(|(c, _)| c.chars().count())
        .filter(|&n| n <= 40)
        .max()
        .unwrap_or(0)
        .max(26)
        + 2;
    split
        .into_iter()
        .map(|x| match x {
            Ok((cmd, desc)) if cmd.chars().count() < width => format!("  {cmd:<width$}{desc}"),
            Ok((cmd, desc)) => format!("  {cmd}   {desc}"),
            Err(l) => l,
        })
        .collect()
}

/// The `status` lines.
pub fn status(s: &State) -> Vec<String> {
    let now = match s.phase {
        Phase::Heroes(t) => Some(t),
        Phase::Reports | Phase::Over(_) => None,
    };
    let mut v = vec![format!(
        "{}{}; {}; experience pool {} ({} spent); chest pool {:?}; WMT pool {} token(s)",
        turn_text(s),
        floor_text(s),
        match now {
            Some(t) => format!("{}'s heroes act", s.party.teams[s.team_order[t]].player),
            None if s.phase == Phase::Reports => {
                "the monsters wait for the fights to be reported (then `done`)".into()
            }
            None => "the adventure is over".into(),
        },
        s.xp - s.xp_spent,
        s.xp_spent,
        s.chest_pool,
        s.wmt_pool.len()
    )];
    for (i, h) in s.heroes.iter().enumerate() {
        let in_play = matches!(h.place, HeroPlace::Outside | HeroPlace::At(_));
        // Where the hero's team stands in this turn's order.
        let order = s.team_order.iter().position(|&t| t == h.team);
        let turn = match (now, order) {
            _ if !in_play => String::new(),
            (Some(t), Some(o)) if o < t => ", has acted this turn".into(),
            (Some(t), Some(o)) if o > t => {
                format!(", acts later this turn (speed {})", s.hero_speed(HeroId(i)))
            }
            (Some(_), Some(_)) => {
                let left = s.hero_speed(HeroId(i)).saturating_sub(h.spent);
                let word = if h.done || h.held > 0 {
                    "done"
                } else if s.active_hero == Some(HeroId(i)) {
                    "acting"
                } else if h.spent > 0 {
                    "has acted"
                } else {
                    "to act"
                };
                format!(", speed {left} of {} left, {word}", s.hero_speed(HeroId(i)))
            }
            _ => String::new(),
        };
        let place = match h.place {
            HeroPlace::Outside => "outside".to_string(),
            HeroPlace::At(p) => format!("on {}", fmt_point(p)),
            HeroPlace::Escaped => "escaped".into(),
            HeroPlace::Slain => "slain".into(),
            HeroPlace::Below => "gone down the stairs".into(),
        };
        v.push(format!(
            "hero {} ({}): {place}, wounds {}/{}{turn}{}{}",
            h.name,
            s.party.teams[h.team].player,
            h.wounds.min(h.stats.wounds),
            h.stats.wounds,
            if h.levels > 0 {
                format!(", +{} level{}", h.levels, plural(h.levels))
            } else {
                String::new()
            },
            if h.chests.is_empty() {
                String::new()
            } else {
                format!(
                    ", carries {}",
                    join(h.chests.iter().map(|&c| chest(s, c)), ", ")
                )
            }
        ));
    }
    for w in &s.wmts {
        v.push(format!(
            "WMT {} on {}{}",
            w.id,
            fmt_point(w.pos),
            if w.guardian() { " (Guardian)" } else { "" }
        ));
    }
    for m in s.floor_monsters() {
        let m = &s.monsters[m];
        let Some(p) = m.pos else { continue };
        v.push(format!(
            "monster {} ({} pts) on {} facing {}, wounds {}/{}{}{}",
            m.id,
            m.points,
            fmt_point(p),
            side_word(m.facing),
            m.wounds,
            m.stats.wounds,
            if m.mounted() { ", mounted" } else { "" },
            if m.surprised { ", surprised" } else { "" }
        ));
    }
    v.extend(mission_status(s));
    for c in &s.chests {
        let place = match c.place {
            ChestPlace::At(p) => format!("on {}", fmt_point(p)),
            ChestPlace::Hero(h) => format!("carried by {}", hero(s, h)),
            ChestPlace::Monster(m) => format!("carried by {}", monster(s, m)),
            ChestPlace::Out => "out of the dungeon".into(),
            ChestPlace::Lost => "lost".into(),
        };
        v.push(format!(
            "{} (level {}): {place}{}",
            c.id,
            c.level,
            if c.open { ", open" } else { "" }
        ));
    }
    v
}

/// The mission's `status` lines.
fn mission_status(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    match s.mission.goal {
        Goal::Quest => {}
        Goal::Rescue => {
            if let Some(p) = &s.mission.prisoner {
                let trap = match s.mission.prisoner_trap {
                    DoorTrap::Unchecked => "trap unchecked",
                    DoorTrap::Armed { .. } => "trap armed",
                    DoorTrap::Spent => "no active trap",
                };
                v.push(format!(
                    "mission rescue: {} is held on {} ({trap})",
                    p.name,
                    fmt_point(p.pos().expect("held on a square"))
                ));
            } else if let Some(h) = s.mission.freed {
                let who = &s.heroes[h];
                v.push(format!(
                    "mission rescue: {} is free ({})",
                    who.name,
                    match who.place {
                        HeroPlace::At(p) => format!("on {}", fmt_point(p)),
                        HeroPlace::Escaped => "out of the dungeon".into(),
                        HeroPlace::Slain => "slain".into(),
                        HeroPlace::Outside => "outside".into(),
                        HeroPlace::Below => "on the floor below".into(),
                    }
                ));
            } else {
                v.push("mission rescue: this scenario holds no prisoner".into());
            }
        }
        Goal::Stealth => {
            let hunters: Vec<&str> = s
                .floor_monsters()
                .map(|m| &s.monsters[m])
                .filter(|m| m.active() && m.mode == MonsterMode::ChestHunt)
                .map(|m| m.id.as_str())
                .collect();
            v.push(format!(
                "mission stealth: {}; chest hunters: {}",
                if s.mission.chest_destroyed {
                    "the Quest Chest's contents are destroyed"
                } else {
                    "the Quest Chest is intact"
                },
                if hunters.is_empty() {
                    "none".to_string()
                } else {
                    hunters.join(", ")
                }
            ));
        }
        Goal::Kidnapping => v.push(match s.mission.kidnappee {
            None => "mission kidnapping: the Guardian WMT is not revealed yet".into(),
            Some(k) => format!(
                "mission kidnapping: {} is {}",
                s.monsters[k].id,
                if s.mission.captive_out {
                    "out of the dungeon with the heroes"
                } else if s.mission.captured {
                    "captured"
                } else {
                    "on the run"
                }
            ),
        }),
    }
    v
}

/// Capital letters the map keeps for things that are not heroes.
const RESERVED: &str = "EGPQSTVWX";

/// Marks of figures of one kind.
type Marks<I> = Vec<(I, char)>;

/// Each figure's mark on the text map, distinct on the board: a hero a
/// capital letter from the name (not one the map uses for other things),
/// a monster a small letter from its name; when the name's letters are all
/// taken, the next free letter, then a digit.
fn figure_marks(s: &State) -> (Marks<HeroId>, Marks<MonsterId>) {
    let mut used: Vec<char> = Vec::new();
    let mut pick = |name: &str, upper: bool| {
        let fold = |c: char| {
            if upper {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        };
        let letters: Vec<char> = name
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(fold)
            .chain((b'a'..=b'z').map(|b| fold(char::from(b))))
            .chain('1'..='9')
            .collect();
        let c = letters
            .into_iter()
            .find(|&c| !(used.contains(&c) || upper && RESERVED.contains(c)))
            .unwrap_or('?');
        used.push(c);
        c
    };
    let heroes: Vec<(HeroId, char)> = s
        .hero_ids()
        .filter(|&h| s.heroes[h].pos().is_some())
        .map(|h| (h, pick(&s.heroes[h].name, true)))
        .collect();
    let monsters: Vec<(MonsterId, char)> = s
        .floor_monsters()
        .filter(|&m| s.monsters[m].pos.is_some())
        .map(|m| (m, pick(&s.monsters[m].name, false)))
        .collect();
    (heroes, monsters)
}

/// What lies on a square besides a figure: a chest, a door, a marker, the
/// entrance, terrain other than floor.
fn under(s: &State, p: Point) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(c) = s.chest_at(p) {
        v.push(chest(s, c).to_string());
    }
    let doors = s.board.doors_at(p);
    if !doors.is_empty() {
        let open = doors.iter().any(|&d| s.board.doors[d].open);
        v.push(if open { "an open door" } else { "a shut door" }.into());
    }
    if let Some(mk) = s.markers.iter().find(|m| m.pos == p) {
        v.push(
            match mk.kind {
                PlayMarker::Teleporter => "a teleporter",
                PlayMarker::Vortex => "a vortex",
                PlayMarker::Staircase => "the staircase",
            }
            .into(),
        );
    }
    if s.board.is_entrance(p) {
        v.push("the entrance".into());
    }
    match s.board.cell(p) {
        Cell::Floor | Cell::Void => {}
        c => v.push(c.name().into()),
    }
    v
}

/// The rulers over a map of columns `x0..=x1`.
fn rulers(x0: i32, x1: i32) -> [String; 2] {
    let tens: String = (x0..=x1)
        .map(|x| {
            if x.rem_euclid(10) == 0 {
                char::from(b'0' + (x.rem_euclid(100) / 10) as u8)
            } else {
                ' '
            }
        })
        .collect();
    let ones: String = (x0..=x1)
        .map(|x| char::from(b'0' + x.rem_euclid(10) as u8))
        .collect();
    [format!("    {tens}"), format!("    {ones}")]
}

/// The `map` lines: the grid with rulers and figures, the legend of the
/// figures (with what each stands on), then the tiles: each tile's squares
/// in a fill its neighbours do not share, its tile-set id written across
/// its middle row.
pub fn ascii_map(s: &State) -> Vec<String> {
    let (x0, y0, x1, y1) = s.board.extent();
    let (hero_marks, monster_marks) = figure_marks(s);
    let mut v = Vec::new();
    v.extend(rulers(x0, x1));
    for y in y0..=y1 {
        let mut row = String::new();
        for x in x0..=x1 {
            let p = Point { x, y };
            let c = if let Some(h) = s.hero_at(p)
                && let Some(&(_, c)) = hero_marks.iter().find(|(i, _)| *i == h)
            {
                c
            } else if s.prisoner_square() == Some(p) {
                'P'
            } else if let Some(m) = s.monster_at(p)
                && let Some(&(_, c)) = monster_marks.iter().find(|(i, _)| *i == m)
            {
                c
            } else if let Some(w) = s.wmt_at(p) {
                if s.wmts[w].guardian() { 'G' } else { 'W' }
            } else if let Some(c) = s.chest_at(p) {
                if s.chests[c].quest { 'Q' } else { '$' }
            } else if let Some(mk) = s.markers.iter().find(|m| m.pos == p) {
                match mk.kind {
                    PlayMarker::Teleporter => 'T',
                    PlayMarker::Vortex => 'V',
                    PlayMarker::Staircase => 'S',
                }
            } else if !s.board.doors_at(p).is_empty() {
                if s.board.doors_at(p).iter().any(|&d| s.board.doors[d].open) {
                    '/'
                } else {
                    '+'
                }
            } else if s.board.is_entrance(p) {
                'E'
            } else {
                match s.board.cell(p) {
                    Cell::Void => ' ',
                    c => c.to_char(),
                }
            };
            row.push(c);
        }
        v.push(format!("{y:>3} {}", row.trim_end()));
    }
    let mut key = "key: W = token, G = Guardian, Q = Quest Chest, $ = chest, + / = door shut/open, E = entrance, T teleporter, V vortex".to_string();
    if s.markers.iter().any(|m| m.kind == PlayMarker::Staircase) {
        key += ", S staircase";
    }
    v.push(key);
    if s.prisoner_square().is_some() {
        v.push("P = the prisoner (rescue mission)".into());
    }
    let legend = |name: &str, c: char, p: Option<Point>| {
        let on = p.map(|p| under(s, p)).unwrap_or_default();
        if on.is_empty() {
            format!("{c} {name}")
        } else {
            format!("{c} {name} (on {})", join(on, ", "))
        }
    };
    if !hero_marks.is_empty() {
        v.push(format!(
            "heroes: {}",
            join(
                hero_marks
                    .iter()
                    .map(|&(h, c)| legend(hero(s, h), c, s.heroes[h].pos())),
                "; "
            )
        ));
    }
    if !monster_marks.is_empty() {
        v.push(format!(
            "monsters: {}",
            join(
                monster_marks
                    .iter()
                    .map(|&(m, c)| legend(monster(s, m), c, s.monsters[m].pos)),
                "; "
            )
        ));
    }
    v.extend(tile_plan(s));
    v
}

/// The tiles as laid: each tile's squares in a fill none of its
/// neighbours has, its id across its middle row (the names play uses, as
/// printed on the map and setup sheet).
fn tile_plan(s: &State) -> Vec<String> {
    const FILLS: [char; 6] = ['.', ':', '-', '\'', '*', '`'];
    let (x0, y0, x1, y1) = s.board.extent();
    let n = s.board.tiles.len();
    // Tiles that touch (a square of one beside a square of the other).
    let mut touch = vec![Vec::new(); n];
    for y in y0..=y1 {
        for x in x0..=x1 {
            let Some(a) = s.board.tile_at(Point { x, y }) else {
                continue;
            };
            for q in [Point { x: x + 1, y }, Point { x, y: y + 1 }] {
                if let Some(b) = s.board.tile_at(q)
                    && a != b
                    && !touch[a].contains(&b)
                {
                    touch[a].push(b);
                    touch[b].push(a);
                }
            }
        }
    }
    let mut fill: Vec<Option<usize>> = vec![None; n];
    for t in 0..n {
        let taken: Vec<usize> = touch[t].iter().filter_map(|&o| fill[o]).collect();
        fill[t] = Some(
            (0..FILLS.len())
                .find(|f| !taken.contains(f))
                .unwrap_or(t % FILLS.len()),
        );
    }
    let mut grid: Vec<Vec<char>> = (y0..=y1)
        .map(|y| {
            (x0..=x1)
                .map(|x| match s.board.tile_at(Point { x, y }) {
                    Some(t) => FILLS[fill[t].unwrap_or(0)],
                    None => ' ',
                })
                .collect()
        })
        .collect();
    for (t, info) in s.board.tiles.iter().enumerate() {
        let id: Vec<char> = info.label.to_string().chars().collect();
        let y = info.centre.y;
        let row = (x0..=x1)
            .filter(|&x| s.board.tile_at(Point { x, y }) == Some(t))
            .collect::<Vec<_>>();
        let (Some(&first), Some(&last)) = (row.first(), row.last()) else {
            continue;
        };
        let width = (last - first + 1) as usize;
        let start = if id.len() <= width {
            first + ((width - id.len()) / 2) as i32
        } else {
            first
        };
        for (k, &c) in id.iter().enumerate() {
            let x = start + k as i32;
            if x <= x1 && s.board.tile_at(Point { x, y }) == Some(t) {
                grid[(y - y0) as usize][(x - x0) as usize] = c;
            }
        }
    }
    let mut v = vec!["tiles (ids as on the map and setup sheet):".to_string()];
    v.extend(rulers(x0, x1));
    for (k, row) in grid.into_iter().enumerate() {
        let row: String = row.into_iter().collect();
        v.push(format!("{:>3} {}", y0 + k as i32, row.trim_end()));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::command;
    use crate::mkd::play::engine::{CombatMode, Game, GameOptions};
    use crate::mkd::play::testkit::*;
    use proptest::prelude::*;
    use std::sync::Arc;

    #[test]
    fn the_intro_names_the_dungeon_the_heroes_and_whose_turn_it_is() {
        let g = game(&[]);
        assert_eq!(
            g.intro(),
            [
                "tilecrawl play: scenario seed 1, 3 tiles, Central Chamber C2; play dice seed 1; manual combat",
                "entrance at 0,3 (west side of C1); heroes wait outside: Ann (Ayla, Borin)",
                "type `help` for the commands, `status` for where everyone stands, `map` for the board",
                "== turn 1: Ann's heroes ==",
            ]
        );
    }

    #[test]
    fn quiet_play_leaves_out_the_opening_lines_only() {
        let g = mission_game(CombatMode::Manual, "rescue", &[]);
        let mut lines = g.intro();
        lines.push("> status".into());
        lines.push(HELP_HINT.into());
        let quiet = without_opening(&lines);
        assert!(!quiet.iter().any(|l| l.starts_with("tilecrawl play: ")));
        assert!(!quiet.iter().any(|l| l.starts_with("entrance at ")));
        // The mission line and the banner are the game's.
        assert!(quiet[0].starts_with("mission: rescue"), "{quiet:?}");
        assert_eq!(quiet[1], "== turn 1: Ann's heroes ==");
        // After the first command nothing is left out.
        assert_eq!(quiet[2..], ["> status".to_string(), HELP_HINT.to_string()]);
        assert_eq!(lines.len(), quiet.len() + 3);
    }

    #[test]
    fn status_and_map_show_the_state() {
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(2, 2), crate::tileset::Side::N);
        add_monster(&mut g, "orc-1", 20, p(4, 4), &[]);
        let s = status(&g);
        assert_eq!(
            s,
            [
                "turn 1; Ann's heroes act; experience pool 0 (0 spent); chest pool [1]; WMT pool 1 token(s)",
                "hero Ayla (Ann): on 2,2, wounds 0/4, speed 5 of 5 left, to act",
                "hero Borin (Ann): outside, wounds 0/4, speed 5 of 5 left, to act",
                "monster orc-1 (20 pts) on 4,4 facing north, wounds 0/2",
                "chest-1 (level 1): on 22,7",
            ]
        );
        let m = ascii_map(&g);
        assert_eq!(m[0], "    0         1         2   ");
        assert_eq!(m[2], "  0 ........########........");
        assert_eq!(m[4], "  2 ..A.....########........");
        assert_eq!(m[5], "  3 E.......................");
        assert_eq!(m[6], "  4 E...o...########........");
        assert_eq!(m[9], "  7 ........########......$.");
        assert!(m[10].starts_with("key: W = token"));
        assert_eq!(m[11], "heroes: A Ayla");
        assert_eq!(m[12], "monsters: o orc-1");
    }

    #[test]
    fn help_lists_the_commands_and_the_missions_where_they_apply() {
        let g = game(&[]);
        let plain = print(
            &g,
            &[Event::Help {
                missions: false,
                stairs: false,
            }],
        );
        assert_eq!(plain.len(), command::HELP.lines().count());
        // The test party is Ayla and Borin of Ann: the text as written,
        // but Bob is Ann.
        assert_eq!(plain[1], command::HELP.lines().nth(1).unwrap());
        assert!(plain.iter().any(|l| l.starts_with("  first Ann ")));
        let with_stairs = print(
            &g,
            &[Event::Help {
                missions: true,
                stairs: true,
            }],
        );
        // A plain quest has no mission lines.
        assert_eq!(with_stairs.len(), plain.len() + 1);
        assert_eq!(
            with_stairs.last().map(String::as_str),
            Some(command::HELP_STAIRS)
        );
    }

    /// A game of the test dungeon with a party of other names.
    fn renamed(mission: &str) -> Game {
        let mut party = party();
        party.teams[0].player = "Kim".into();
        party.teams[0].heroes[0].name = "Kestrel".into();
        party.teams[0].heroes[1].name = "Marrow".into();
        Game::new(
            Arc::new(mission_scenario(mission, Vec::new())),
            Arc::new(party),
            Arc::new(crate::mkd::tables::default_tables()),
            GameOptions {
                seed: 1,
                combat: CombatMode::Manual,
            },
        )
    }

    #[test]
    fn help_uses_the_party_s_names_and_only_the_game_s_mission() {
        let mut g = renamed("rescue");
        let help = g.apply("help").expect("help");
        let text = help.join("\n");
        for name in ["Ayla", "Borin", "Bob"] {
            assert!(!text.contains(name), "{name} in:\n{text}");
        }
        assert!(
            help.contains(
                &"  Kestrel moves to 12,7          walk there (from outside: enter by the entrance)"
                    .to_string()
            ),
            "{text}"
        );
        assert!(text.contains("  Kestrel gives chest to Marrow"), "{text}");
        assert!(text.contains("  first Kim "), "{text}");
        // The rescue's lines, not the kidnapping's or the stealth's.
        assert!(text.contains("Kestrel frees prisoner"), "{text}");
        assert!(!text.contains("kidnapping"), "{text}");
        assert!(!text.contains("smash"), "{text}");
        let kidnap = renamed("kidnapping")
            .apply("help")
            .expect("help")
            .join("\n");
        assert!(kidnap.contains("lead orc-2 out") && !kidnap.contains("frees prisoner"));
    }

    #[test]
    fn the_opening_lines_point_to_help_and_map() {
        let g = game(&[]);
        assert!(
            g.intro()
                .iter()
                .any(|l| l.contains("`help`") && l.contains("`map`")),
            "{:?}",
            g.intro()
        );
    }

    #[test]
    fn status_shows_speed_left_and_who_has_acted() {
        let mut g = game(&[]);
        g.visited.extend(0..3);
        put_hero(&mut g, 0, p(2, 2), crate::tileset::Side::N);
        put_hero(&mut g, 1, p(2, 4), crate::tileset::Side::N);
        g.apply("Ayla moves to 4,2").expect("a walk");
        let s = status(&g);
        assert!(s[0].contains("Ann's heroes act"), "{s:?}");
        assert_eq!(
            s[1],
            "hero Ayla (Ann): on 4,2, wounds 0/4, speed 3 of 5 left, acting"
        );
        assert_eq!(
            s[2],
            "hero Borin (Ann): on 2,4, wounds 0/4, speed 5 of 5 left, to act"
        );
        g.apply("Ayla passes").expect("a pass");
        let s = status(&g);
        assert_eq!(
            s[1],
            "hero Ayla (Ann): on 4,2, wounds 0/4, speed 3 of 5 left, done"
        );
        assert!(g.banner_line().contains("Ann's heroes"));
    }

    #[test]
    fn the_map_gives_every_figure_its_own_mark_and_says_what_lies_under_it() {
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(2, 2), crate::tileset::Side::N);
        // A hero named like the staircase's letter gets another capital.
        g.heroes[1].name = "Sella".into();
        put_hero(&mut g, 1, p(0, 4), crate::tileset::Side::N);
        let ghoul = add_monster(&mut g, "ghoul-1", 20, p(20, 2), &[]);
        g.monsters[ghoul].name = "Ghoul".into();
        let rat = add_monster(&mut g, "giant-rat-1", 20, p(22, 7), &[]);
        g.monsters[rat].name = "Giant Rat".into();
        let m = ascii_map(&g);
        let at = |x: usize, y: usize| m[2 + y].chars().nth(4 + x);
        assert_eq!(at(20, 2), Some('g'));
        // The rat stands on chest-1: another letter, the chest in the legend.
        assert_eq!(at(22, 7), Some('i'));
        // S and E are the staircase's and the entrance's: Sella is L.
        assert_eq!(at(0, 4), Some('L'), "{m:#?}");
        assert!(
            m.contains(&"heroes: A Ayla; L Sella (on the entrance)".to_string()),
            "{m:#?}"
        );
        assert!(
            m.contains(&"monsters: g ghoul-1; i giant-rat-1 (on chest-1)".to_string()),
            "{m:#?}"
        );
    }

    #[test]
    fn the_map_shows_the_tiles_with_their_ids() {
        let g = game(&[]);
        let m = ascii_map(&g);
        let at = m
            .iter()
            .position(|l| l.starts_with("tiles"))
            .expect("the tile plan");
        let plan = &m[at + 3..];
        // Row 3 (the tiles' middle row here is row 4 of 0-8? the centre).
        let row = plan
            .iter()
            .find(|l| l.contains("C1") && l.contains("H1") && l.contains("C2"))
            .expect("the ids on one row");
        // Each id within its own tile: C1 in x 0-7, H1 in 8-15, C2 in 16-23.
        let col = |id: &str| row.find(id).unwrap() - 4;
        assert!(
            col("C1") < 8 && (8..16).contains(&col("H1")) && col("C2") >= 16,
            "{row}"
        );
        // Neighbouring tiles have different fills.
        let first = &plan[0][4..];
        assert_ne!(first.chars().nth(7), first.chars().nth(8), "{first}");
        assert_ne!(first.chars().nth(15), first.chars().nth(16), "{first}");
    }

    /// A random command line for the test dungeon: mostly legal-looking
    /// orders with squares near the heroes, ids of revealed monsters, and
    /// now and then a word no command has.
    fn line(g: &Game, r: &mut u64) -> String {
        let mut next = |n: u64| {
            *r ^= *r << 13;
            *r ^= *r >> 7;
            *r ^= *r << 17;
            *r % n.max(1)
        };
        let hero = ["Ayla", "Borin", "Captive"][next(3) as usize];
        let at = g
            .heroes
            .iter()
            .find(|h| h.name == hero)
            .and_then(|h| h.pos())
            .unwrap_or(p(1, 3));
        let x = at.x + next(7) as i32 - 3;
        let y = at.y + next(7) as i32 - 3;
        let monster = g
            .floor_monsters()
            .map(|m| g.monsters[m].id.clone())
            .nth(next(3) as usize)
            .unwrap_or("orc-1".into());
        match next(20) {
            0..=5 => format!("{hero} moves to {x},{y}"),
            6..=8 => "end turn".into(),
            9 => format!("{hero} opens chest at {x},{y}"),
            10 => format!("{hero} attacks {monster}"),
            11 => format!("hit {monster} 1"),
            12 => format!("{hero} opens door at {x},{y}"),
            13 => format!("{hero} checks door at {x},{y}"),
            14 => format!("{hero} frees prisoner"),
            15 => format!("lead {monster} out"),
            16 => format!("{hero} leaves"),
            17 => ["status", "map", "help"][next(3) as usize].into(),
            18 => format!("{hero} passes"),
            _ => "Ayla dances".into(),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// The printer is total: whatever a random game does, every event
        /// prints, and the text API's lines are the events printed.
        #[test]
        fn every_event_of_a_random_game_prints(seed in any::<u64>(), dice in any::<bool>()) {
            let mission = ["quest", "rescue", "stealth", "kidnapping"][(seed % 4) as usize];
            let mut s = mission_scenario(mission, vec![crate::mkd::scenario::Wmt {
                x: 12,
                y: 3,
                color: crate::mkd::scenario::WmtColor::Yellow,
                number: 4,
                guardian: false,
                tile: 1,
            }]);
            s.game.pools.accessories.doors = 2;
            let opts = GameOptions {
                seed,
                combat: if dice { CombatMode::Dice } else { CombatMode::Manual },
            };
            let mut g = Game::new(
                Arc::new(s),
                Arc::new(party()),
                Arc::new(crate::mkd::tables::default_tables()),
                opts,
            );
            let mut r = seed | 1;
            for _ in 0..80 {
                let text = line(&g, &mut r);
                let mut typed = g.clone();
                let by_text = g.apply(&text);
                let cmd = command::parse(&text).map(|c| c.expect("a command"));
                let by_events = cmd.map_err(Into::into).and_then(|c| typed.play(c));
                match (by_text, by_events) {
                    (Ok(lines), Ok(events)) => {
                        let mut one_by_one = Vec::new();
                        for e in &events {
                            let before = one_by_one.len();
                            print_event(&typed, e, &mut one_by_one);
                            prop_assert!(one_by_one.len() > before, "{e:?} printed nothing");
                        }
                        prop_assert_eq!(lines, one_by_one);
                    }
                    (Err(a), Err(b)) => {
                        prop_assert_eq!(&a, &b);
                        prop_assert!(!a.to_string().is_empty() && !a.to_string().contains('\n'));
                    }
                    (a, b) => prop_assert!(false, "{text}: {a:?} against {b:?}"),
                }
            }
        }
    }
}
