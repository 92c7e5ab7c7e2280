//! What the players type: one command per line, in plain words.
//!
//! ```text
//! Ayla moves to 12,7        Ayla opens door at 14,7     Ayla checks door at 14,7
//! Ayla disarms door at 14,7 fast                        Ayla closes door at 14,7
//! Ayla opens chest at 20,9  Ayla takes chest at 20,9    Ayla drops chest
//! Ayla gives chest to Borin Ayla attacks orc-raider-2   Ayla leaves
//! Ayla teleports [to 5,6]   Ayla uses vortex            Ayla passes
//! Ayla takes the stairs     (also `goes down`, `descends`)
//! hit orc-raider-2 2        kill orc-raider-2           wound Ayla 1
//! heal Ayla    level Ayla   first Bob                   end turn
//! Ayla frees prisoner       lead orc-2 to 12,7          lead orc-2 out
//! smash orc-2
//! status   map   help   undo
//! ```
//!
//! Verbs may be written with or without the trailing `s` (`move`/`moves`),
//! `at` and `to` are optional, and case does not matter.

use crate::scenario::Point;
use std::fmt;
use std::sync::Arc;

/// Why a typed line is not a command (each message one line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A square was wanted after a word.
    #[error("expected a square like `12,7` after `{after}`")]
    ExpectedSquare {
        /// The words before it (`opens chest at`, or the verb as typed).
        after: String,
    },
    /// A number of wounds out of range or not a number.
    #[error("expected a number of wounds from 1 to 99, got `{got}`")]
    Wounds {
        /// What was typed.
        got: String,
    },
    /// `hit` without its monster.
    #[error("`hit` needs a monster and a number of wounds: `hit orc-raider-2 2`")]
    HitNeedsMonster,
    /// `kill` without its monster.
    #[error("`kill` needs a monster: `kill orc-raider-2`")]
    KillNeedsMonster,
    /// `wound` without its hero.
    #[error("`wound` needs a hero: `wound Ayla 1`")]
    WoundNeedsHero,
    /// `heal` without its hero.
    #[error("`heal` needs a hero: `heal Ayla`")]
    HealNeedsHero,
    /// `level` without its hero.
    #[error("`level` needs a hero: `level Ayla`")]
    LevelNeedsHero,
    /// `lead` without its captive.
    #[error("`lead` needs the captive and where: `lead orc-2 to 12,7` or `lead orc-2 out`")]
    LeadNeedsCaptive,
    /// `smash` without its monster.
    #[error("`smash` needs the monster whose attack hit the Quest Chest: `smash orc-2`")]
    SmashNeedsMonster,
    /// `first` without its player.
    #[error("`first` needs a player: `first Bob`")]
    FirstNeedsPlayer,
    /// `breakaway` or `autoattacks` without its setting.
    #[error(
        "say which: `breakaway free` or `breakaway roll`; `autoattacks on` or `autoattacks off`"
    )]
    ChoiceHow,
    /// A disarm that says neither `fast` nor `slow`.
    #[error("say how: `Ayla disarms door at 14,7 fast` or `... slow`")]
    DisarmHow,
    /// `gives chest` to nobody.
    #[error("say to whom: `Ayla gives chest to Borin`")]
    GiveToWhom,
    /// An attack on nobody.
    #[error("say which monster: `Ayla attacks orc-raider-2`")]
    AttackWhich,
    /// A lone word that is no command.
    #[error("`{word}` is not a command; type `help` for the list")]
    NotACommand {
        /// The word.
        word: String,
    },
    /// A hero's name followed by words that are no action.
    #[error("`{words}` is not something a hero can do here; type `help` for the list")]
    NotAnAction {
        /// The words after the name, in lower case.
        words: String,
    },
}

/// A parsed command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The players' standing choice: let monsters break away from the
    /// heroes freely (2 speed points, no roll), or make them roll.
    FreeBreakaway(bool),
    /// The players' standing choice in dice combat: the heroes make their
    /// automatic attacks (counterattacks, rear strikes) or hold back.
    AutoAttacks(bool),
    /// A hero does something.
    Hero {
        /// The hero's name as typed (shared, so the automatic players name
        /// a hero without copying the name for every command).
        hero: Arc<str>,
        /// What.
        action: HeroAction,
    },
    /// Manual combat: a monster took `n` wounds.
    Hit {
        /// Monster id.
        monster: String,
        /// Wounds.
        n: u32,
    },
    /// Manual combat: a monster is slain.
    Kill {
        /// Monster id.
        monster: String,
    },
    /// Manual combat: a hero took `n` wounds.
    Wound {
        /// Hero name.
        hero: String,
        /// Wounds.
        n: u32,
    },
    /// Spend 50 experience to heal a hero fully.
    Heal {
        /// Hero name.
        hero: String,
    },
    /// Spend 50 experience on a level for a hero.
    Level {
        /// Hero name.
        hero: String,
    },
    /// A team with a Command hero goes first this turn.
    First {
        /// Player name.
        player: String,
    },
    /// Manual combat: the fights the monsters' phase asked for are
    /// reported; the monsters go on.
    Done,
    /// The current team ends its turn.
    EndTurn,
    /// Kidnapping: the heroes lead the captured monster to a square, or out
    /// through the entrance (`None`).
    Lead {
        /// Monster id.
        monster: String,
        /// Where to (`None`: out of the dungeon).
        to: Option<Point>,
    },
    /// Stealth, manual combat: a monster's attack on the Quest Chest (or its
    /// carrier) hit, so the contents are destroyed.
    Smash {
        /// Monster id.
        monster: String,
    },
    /// Print the state.
    Status,
    /// Print the ASCII map.
    Map,
    /// Print the commands.
    Help,
    /// Take back the last command.
    Undo,
}

/// What a `checks` or `disarms` command names at its square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrapSite {
    /// `… door at X,Y`: only a door will do.
    Door,
    /// `… chest at X,Y`: only a chest will do.
    Chest,
    /// Neither word (`Kestrel disarms 20,4 fast`): the prisoner's shackles,
    /// else a chest, else a door, whichever is there.
    Any,
}

impl TrapSite {
    /// The word after the verb (`door `, `chest ` or nothing).
    fn word(self) -> &'static str {
        match self {
            TrapSite::Door => "door ",
            TrapSite::Chest => "chest ",
            TrapSite::Any => "",
        }
    }

    /// The site a command's words name.
    fn of(words: &[String]) -> TrapSite {
        if words.iter().any(|w| w == "chest") {
            TrapSite::Chest
        } else if words.iter().any(|w| w == "door") {
            TrapSite::Door
        } else {
            TrapSite::Any
        }
    }
}

/// What a hero does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeroAction {
    /// Walk to a square (from outside: come in through the entrance).
    Move(Point),
    /// Open the door next to the hero at a square.
    OpenDoor(Point),
    /// Close it.
    CloseDoor(Point),
    /// Check a door or chest at a square for traps, for free.
    Check(Point, TrapSite),
    /// Disarm the checked trap at a square: fast (a roll) or slow (the whole activation).
    Disarm(Point, TrapSite, bool),
    /// Open the chest at a square (springing or passing its trap) and take it.
    OpenChest(Point),
    /// Take an open chest lying at a square.
    TakeChest(Point),
    /// Drop a carried chest next to the hero.
    DropChest,
    /// Hand a carried chest to an adjacent hero.
    GiveChest(String),
    /// Drink the potion in a carried chest brought from town.
    Drink,
    /// Attack a monster (dice combat).
    Attack(String),
    /// Leave the dungeon through the entrance.
    Leave,
    /// Use the teleporter the hero stands on (to a chosen square, or a random tile).
    Teleport(Option<Point>),
    /// Use the vortex the hero stands on.
    Vortex,
    /// Forgo the rest of the activation.
    Pass,
    /// Rescue: free the prisoner next to the hero (checking for a trap first).
    Free,
    /// Go down the staircase the hero stands on (multi-floor dungeons).
    Stairs,
}

/// `12,7`, as commands write a square.
struct Sq(Point);

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0.x, self.0.y)
    }
}

/// The command as a player would type it, in one canonical form that
/// [`parse`] reads back (the simulator's transcripts show these).
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Hero { hero, action } => write!(f, "{hero} {action}"),
            Command::Hit { monster, n } => write!(f, "hit {monster} {n}"),
            Command::Kill { monster } => write!(f, "kill {monster}"),
            Command::Wound { hero, n } => write!(f, "wound {hero} {n}"),
            Command::Heal { hero } => write!(f, "heal {hero}"),
            Command::Level { hero } => write!(f, "level {hero}"),
            Command::First { player } => write!(f, "first {player}"),
            Command::FreeBreakaway(free) => {
                write!(f, "breakaway {}", if *free { "free" } else { "roll" })
            }
            Command::AutoAttacks(on) => write!(f, "autoattacks {}", if *on { "on" } else { "off" }),
            Command::EndTurn => f.write_str("end turn"),
            Command::Done => f.write_str("done"),
            Command::Lead { monster, to: None } => write!(f, "lead {monster} out"),
            Command::Lead {
                monster,
                to: Some(p),
            } => write!(f, "lead {monster} to {}", Sq(*p)),
            Command::Smash { monster } => write!(f, "smash {monster}"),
            Command::Status => f.write_str("status"),
            Command::Map => f.write_str("map"),
            Command::Help => f.write_str("help"),
            Command::Undo => f.write_str("undo"),
        }
    }
}

impl fmt::Display for HeroAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeroAction::Move(p) => write!(f, "moves to {}", Sq(*p)),
            HeroAction::OpenDoor(p) => write!(f, "opens door at {}", Sq(*p)),
            HeroAction::CloseDoor(p) => write!(f, "closes door at {}", Sq(*p)),
            HeroAction::Check(p, site) => write!(f, "checks {}at {}", site.word(), Sq(*p)),
            HeroAction::Disarm(p, site, fast) => write!(
                f,
                "disarms {}at {} {}",
                site.word(),
                Sq(*p),
                if *fast { "fast" } else { "slow" }
            ),
            HeroAction::OpenChest(p) => write!(f, "opens chest at {}", Sq(*p)),
            HeroAction::TakeChest(p) => write!(f, "takes chest at {}", Sq(*p)),
            HeroAction::DropChest => f.write_str("drops chest"),
            HeroAction::Drink => f.write_str("drinks"),
            HeroAction::GiveChest(to) => write!(f, "gives chest to {to}"),
            HeroAction::Attack(m) => write!(f, "attacks {m}"),
            HeroAction::Leave => f.write_str("leaves"),
            HeroAction::Teleport(None) => f.write_str("teleports"),
            HeroAction::Teleport(Some(p)) => write!(f, "teleports to {}", Sq(*p)),
            HeroAction::Vortex => f.write_str("uses vortex"),
            HeroAction::Pass => f.write_str("passes"),
            HeroAction::Free => f.write_str("frees prisoner"),
            HeroAction::Stairs => f.write_str("takes the stairs"),
        }
    }
}

fn point(s: &str) -> Option<Point> {
    let (a, b) = s.split_once(',')?;
    Some(Point {
        x: a.trim().parse().ok()?,
        y: b.trim().parse().ok()?,
    })
}

/// Does `word` match `verb` with or without a trailing `s`/`es`?
fn is(word: &str, verb: &str) -> bool {
    word == verb || word.strip_suffix('s') == Some(verb) || word.strip_suffix("es") == Some(verb)
}

/// The words after `skip`, with filler words (`at`, `to`, `the`, `door`,
/// `chest`) removed.
fn args(words: &[String], skip: usize) -> Vec<&str> {
    words
        .iter()
        .skip(skip)
        .map(String::as_str)
        .filter(|w| !matches!(*w, "at" | "to" | "the" | "door" | "chest" | "on"))
        .collect()
}

fn one_point(rest: &[&str], what: &str) -> Result<Point, ParseError> {
    let joined = rest.join("");
    point(&joined).ok_or_else(|| ParseError::ExpectedSquare {
        after: what.to_string(),
    })
}

/// Parses one line. Blank lines and `#` comments give `Ok(None)`.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(None);
    }
    let words: Vec<String> = line.split_whitespace().map(str::to_lowercase).collect();
    let orig: Vec<&str> = line.split_whitespace().collect();
    let w0 = words[0].as_str();
    let number = |s: Option<&String>| -> Result<u32, ParseError> {
        match s {
            None => Ok(1),
            Some(s) => s
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=99).contains(n))
                .ok_or_else(|| ParseError::Wounds { got: s.clone() }),
        }
    };
    let cmd = match w0 {
        "done" if words.len() == 1 => Command::Done,
        "status" | "map" | "help" | "undo" | "?" if words.len() == 1 => match w0 {
            "status" => Command::Status,
            "map" => Command::Map,
            "undo" => Command::Undo,
            _ => Command::Help,
        },
        "end" if words.get(1).is_some_and(|w| w == "turn") && words.len() == 2 => Command::EndTurn,
        "hit" => Command::Hit {
            monster: words.get(1).cloned().ok_or(ParseError::HitNeedsMonster)?,
            n: number(words.get(2))?,
        },
        "kill" => Command::Kill {
            monster: words.get(1).cloned().ok_or(ParseError::KillNeedsMonster)?,
        },
        "wound" => Command::Wound {
            hero: orig
                .get(1)
                .map(|s| s.to_string())
                .ok_or(ParseError::WoundNeedsHero)?,
            n: number(words.get(2))?,
        },
        "heal" => Command::Heal {
            hero: orig
                .get(1)
                .map(|s| s.to_string())
                .ok_or(ParseError::HealNeedsHero)?,
        },
        "level" => Command::Level {
            hero: orig
                .get(1)
                .map(|s| s.to_string())
                .ok_or(ParseError::LevelNeedsHero)?,
        },
        "lead" => {
            let monster = words.get(1).cloned().ok_or(ParseError::LeadNeedsCaptive)?;
            let rest = args(&words, 2);
            let to = if rest == ["out"] {
                None
            } else {
                Some(one_point(&rest, "lead MONSTER to")?)
            };
            Command::Lead { monster, to }
        }
        "smash" => Command::Smash {
            monster: words.get(1).cloned().ok_or(ParseError::SmashNeedsMonster)?,
        },
        "breakaway" => match words.get(1).map(String::as_str) {
            Some("free") => Command::FreeBreakaway(true),
            Some("roll") => Command::FreeBreakaway(false),
            _ => return Err(ParseError::ChoiceHow),
        },
        "autoattacks" => match words.get(1).map(String::as_str) {
            Some("on") => Command::AutoAttacks(true),
            Some("off") => Command::AutoAttacks(false),
            _ => return Err(ParseError::ChoiceHow),
        },
        "first" => Command::First {
            player: orig
                .get(1)
                .map(|s| s.to_string())
                .ok_or(ParseError::FirstNeedsPlayer)?,
        },
        _ => {
            let hero: Arc<str> = Arc::from(orig[0]);
            let Some(verb) = words.get(1).map(String::as_str) else {
                return Err(ParseError::NotACommand {
                    word: orig[0].to_string(),
                });
            };
            let rest = args(&words, 2);
            let noun = words.get(2).map(String::as_str);
            let stairs = |w: &str| matches!(w, "stairs" | "staircase" | "down");
            let action =
                if (is(verb, "take") || is(verb, "use") || is(verb, "go") || is(verb, "climb"))
                    && rest.first().is_some_and(|w| stairs(w))
                    || is(verb, "descend")
                {
                    HeroAction::Stairs
                } else if is(verb, "move") || is(verb, "go") || is(verb, "walk") {
                    HeroAction::Move(one_point(&rest, verb)?)
                } else if is(verb, "open") && noun == Some("chest") {
                    HeroAction::OpenChest(one_point(&rest, "opens chest at")?)
                } else if is(verb, "open") {
                    HeroAction::OpenDoor(one_point(&rest, "opens door at")?)
                } else if is(verb, "close") {
                    HeroAction::CloseDoor(one_point(&rest, "closes door at")?)
                } else if is(verb, "check") {
                    HeroAction::Check(
                        one_point(&rest, "checks door at")?,
                        TrapSite::of(&words[2..]),
                    )
                } else if is(verb, "disarm") {
                    let fast = rest.last() == Some(&"fast");
                    let slow = rest.last() == Some(&"slow");
                    let pts: Vec<&str> = rest
                        .iter()
                        .copied()
                        .filter(|w| *w != "fast" && *w != "slow")
                        .collect();
                    if !fast && !slow {
                        return Err(ParseError::DisarmHow);
                    }
                    HeroAction::Disarm(
                        one_point(&pts, "disarms door at")?,
                        TrapSite::of(&words[2..]),
                        fast,
                    )
                } else if is(verb, "take") || is(verb, "pick") {
                    let rest: Vec<&str> = rest.into_iter().filter(|w| *w != "up").collect();
                    HeroAction::TakeChest(one_point(&rest, "takes chest at")?)
                } else if is(verb, "drop") {
                    HeroAction::DropChest
                } else if is(verb, "drink") || is(verb, "quaff") {
                    HeroAction::Drink
                } else if is(verb, "give") {
                    let to = rest.last().ok_or(ParseError::GiveToWhom)?;
                    let idx = orig
                        .iter()
                        .rposition(|w| w.eq_ignore_ascii_case(to))
                        .unwrap_or(orig.len() - 1);
                    HeroAction::GiveChest(orig[idx].to_string())
                } else if is(verb, "attack") || is(verb, "fight") || is(verb, "shoot") {
                    HeroAction::Attack(
                        rest.last()
                            .map(|s| s.to_string())
                            .ok_or(ParseError::AttackWhich)?,
                    )
                } else if is(verb, "leave") || is(verb, "exit") || is(verb, "escape") {
                    HeroAction::Leave
                } else if is(verb, "teleport") {
                    if rest.is_empty() {
                        HeroAction::Teleport(None)
                    } else {
                        HeroAction::Teleport(Some(one_point(&rest, "teleports to")?))
                    }
                } else if is(verb, "use") && rest.first() == Some(&"vortex") {
                    HeroAction::Vortex
                } else if is(verb, "use") && rest.first() == Some(&"teleporter") {
                    HeroAction::Teleport(None)
                } else if is(verb, "free") || is(verb, "rescue") {
                    HeroAction::Free
                } else if is(verb, "pass") || is(verb, "wait") {
                    HeroAction::Pass
                } else {
                    return Err(ParseError::NotAnAction {
                        words: words[1..].join(" "),
                    });
                };
            Command::Hero { hero, action }
        }
    };
    Ok(Some(cmd))
}

/// The `help` line for the stairs, shown only on floors that have them
/// (so the help of a one-floor game reads as it always did).
pub const HELP_STAIRS: &str =
    "  Ayla takes the stairs       go down the staircase the hero stands on (3 speed; multi-floor)";

/// The `help` text. The printer puts the party's own names in place of
/// `Ayla`, `Borin` (heroes) and `Bob` (a player) and realigns the columns.
pub const HELP: &str = "\
commands (one per line; a hero's name first for what heroes do):
  Ayla moves to 12,7          walk there (from outside: enter by the entrance)
  Ayla opens door at 14,7     open the door beside the hero (2 speed); springs an unchecked trap
  Ayla checks door at 14,7    look for a trap (free); then `disarms door at 14,7 fast|slow`
  Ayla checks chest at 20,9   the same for a chest: `disarms chest at 20,9 fast|slow`
  Ayla closes door at 14,7    close it (1 speed)
  Ayla opens chest at 20,9    open a chest beside the hero, take it
  Ayla takes chest at 20,9    pick up an open chest (2 speed)
  Ayla drops chest            drop one beside the hero (1 speed)
  Ayla gives chest to Borin   hand one to an adjacent hero (2 speed)
  Ayla drinks                 drink the potion in a chest brought from town (free)
  Ayla attacks orc-raider-2   fight (dice combat)
  Ayla leaves                 go out through the entrance (with the Quest Chest: victory)
  Ayla teleports [to 5,6]     use the teleporter the hero stands on
  Ayla uses vortex            turn the tile of the vortex underfoot
  Ayla passes                 end the hero's activation
  hit orc-raider-2 2 | kill orc-raider-2 | wound Ayla 1   report combat (manual)
  done                        manual: the fights asked for are reported; the monsters go on
  heal Ayla                   spend 50 experience to heal fully
  level Ayla                  spend 50 experience on a level
  first Bob                   that player's team goes first (needs Command)
  breakaway free|roll         monsters leave heroes freely, or roll to (the default)
  autoattacks on|off          dice combat: heroes strike back by themselves (on) or not
  end turn                    the next team, then the dungeon plays
  status | map | help | undo | quit";

/// The `help` lines added in a rescue, stealth or kidnapping game; the
/// printer keeps only the lines of the game's own mission (each
/// description starts with the mission's name).
pub const MISSION_HELP: &str = "\
missions:
  Ayla frees prisoner         rescue: from next to the prisoner, check the trap / free them
  Ayla disarms 20,4 fast      rescue: disarm the prisoner's trap (their square), fast or slow
  lead orc-2 to 12,7          kidnapping: move the captive (a hero next to it; once a turn)
  lead orc-2 out              kidnapping: take the captive out through the entrance
  smash orc-2                 stealth, manual combat: orc-2's attack on the Quest Chest hit";

#[cfg(test)]
mod tests {
    use super::*;

    fn hero(line: &str) -> HeroAction {
        match parse(line).unwrap().unwrap() {
            Command::Hero { action, .. } => action,
            c => panic!("{c:?}"),
        }
    }

    #[test]
    fn reads_the_plain_forms() {
        assert_eq!(
            hero("Ayla moves to 12,7"),
            HeroAction::Move(Point { x: 12, y: 7 })
        );
        assert_eq!(
            hero("ayla move 12, 7"),
            HeroAction::Move(Point { x: 12, y: 7 })
        );
        assert_eq!(
            hero("Ayla opens the door at 14,7"),
            HeroAction::OpenDoor(Point { x: 14, y: 7 })
        );
        assert_eq!(
            hero("Ayla opens chest at 1,2"),
            HeroAction::OpenChest(Point { x: 1, y: 2 })
        );
        assert_eq!(
            hero("Ayla disarms door at 1,2 fast"),
            HeroAction::Disarm(Point { x: 1, y: 2 }, TrapSite::Door, true)
        );
        assert_eq!(
            hero("Ayla checks the chest at 1,2"),
            HeroAction::Check(Point { x: 1, y: 2 }, TrapSite::Chest)
        );
        assert_eq!(
            hero("Ayla disarms 1,2 slow"),
            HeroAction::Disarm(Point { x: 1, y: 2 }, TrapSite::Any, false)
        );
        assert_eq!(
            hero("Ayla gives chest to Borin"),
            HeroAction::GiveChest("Borin".into())
        );
        assert_eq!(
            hero("Ayla attacks orc-raider-2"),
            HeroAction::Attack("orc-raider-2".into())
        );
        assert_eq!(parse("end turn").unwrap(), Some(Command::EndTurn));
        assert_eq!(hero("Ayla frees prisoner"), HeroAction::Free);
        assert_eq!(
            parse("lead orc-2 to 3,4").unwrap(),
            Some(Command::Lead {
                monster: "orc-2".into(),
                to: Some(Point { x: 3, y: 4 })
            })
        );
        assert_eq!(
            parse("Lead Orc-2 out").unwrap(),
            Some(Command::Lead {
                monster: "orc-2".into(),
                to: None
            })
        );
        assert_eq!(
            parse("smash orc-2").unwrap(),
            Some(Command::Smash {
                monster: "orc-2".into()
            })
        );
        assert_eq!(parse("  # a comment").unwrap(), None);
        assert_eq!(
            parse("hit orc-2 2").unwrap(),
            Some(Command::Hit {
                monster: "orc-2".into(),
                n: 2
            })
        );
    }

    #[test]
    fn every_command_prints_as_a_line_it_reads_back() {
        let at = Point { x: 3, y: -4 };
        let hero = |action| Command::Hero {
            hero: "Ayla".into(),
            action,
        };
        let all = [
            hero(HeroAction::Move(at)),
            hero(HeroAction::OpenDoor(at)),
            hero(HeroAction::CloseDoor(at)),
            hero(HeroAction::Check(at, TrapSite::Door)),
            hero(HeroAction::Check(at, TrapSite::Chest)),
            hero(HeroAction::Check(at, TrapSite::Any)),
            hero(HeroAction::Disarm(at, TrapSite::Door, true)),
            hero(HeroAction::Disarm(at, TrapSite::Chest, false)),
            hero(HeroAction::Disarm(at, TrapSite::Any, false)),
            hero(HeroAction::OpenChest(at)),
            hero(HeroAction::TakeChest(at)),
            hero(HeroAction::DropChest),
            hero(HeroAction::Drink),
            hero(HeroAction::GiveChest("Borin".into())),
            hero(HeroAction::Attack("orc-2".into())),
            hero(HeroAction::Leave),
            hero(HeroAction::Teleport(None)),
            hero(HeroAction::Teleport(Some(at))),
            hero(HeroAction::Vortex),
            hero(HeroAction::Pass),
            hero(HeroAction::Free),
            hero(HeroAction::Stairs),
            Command::Hit {
                monster: "orc-2".into(),
                n: 2,
            },
            Command::Kill {
                monster: "orc-2".into(),
            },
            Command::Wound {
                hero: "Ayla".into(),
                n: 3,
            },
            Command::Heal {
                hero: "Ayla".into(),
            },
            Command::Level {
                hero: "Ayla".into(),
            },
            Command::First {
                player: "Bob".into(),
            },
            Command::FreeBreakaway(true),
            Command::FreeBreakaway(false),
            Command::AutoAttacks(false),
            Command::AutoAttacks(true),
            Command::EndTurn,
            Command::Done,
            Command::Lead {
                monster: "orc-2".into(),
                to: Some(at),
            },
            Command::Lead {
                monster: "orc-2".into(),
                to: None,
            },
            Command::Smash {
                monster: "orc-2".into(),
            },
            Command::Status,
            Command::Map,
            Command::Help,
            Command::Undo,
        ];
        for c in all {
            assert_eq!(parse(&c.to_string()).unwrap(), Some(c.clone()), "{c}");
        }
    }

    #[test]
    fn explains_what_it_cannot_read() {
        for bad in [
            "Ayla",
            "Ayla moves to x",
            "Ayla dances",
            "hit",
            "hit orc 0",
            "Ayla disarms door at 1,2",
            "lead",
            "lead orc-2 to nowhere",
            "smash",
        ] {
            let e = parse(bad).unwrap_err().to_string();
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
