//! What players type, parsed. Hero and monster names are resolved by the
//! engine; here they stay words.

use crate::dw10::play::refusal::Refusal;
use crate::dw10::play::state::Sq;

/// A parsed command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `move HERO X,Y`: walk to a square (L107-136).
    Move(String, Sq),
    /// `move HERO X,Y drop X,Y`: walk, carrying the table and chairs the
    /// walk passes through to a later square of it (L409-415).
    Carry(String, Sq, Sq),
    /// `break HERO [X,Y]`: break the table and chairs beside the hero
    /// (L413-415).
    Break(String, Option<Sq>),
    /// `attack HERO MONSTER`: walk next to a monster (the melee is fought
    /// in the Melee Phase).
    Attack(String, String),
    /// `shoot HERO MONSTER [MONSTER …]`: several targets share a Multi
    /// Shot's or Fire Weapon's dice (L228-229, L199-201).
    Shoot(String, Vec<String>),
    /// `open HERO door|chest [N|E|S|W]`.
    Open(String, OpenWhat, Option<crate::core::geom::Side>),
    /// `close HERO [N|E|S|W]`.
    Close(String, Option<crate::core::geom::Side>),
    /// `explore HERO [SPELL]`: a furnishing or coffin next to or under the
    /// hero; a bookcase or a tome on a pedestal teaches the spell named
    /// (L407-409, L422-423).
    Explore(String, Option<String>),
    /// `stairs HERO`.
    Stairs(String),
    /// `teleport HERO [X,Y]`.
    Teleport(String, Option<Sq>),
    /// `drink HERO [potion|major-potion|antidote]` (none: a pool or well).
    Drink(String, Option<String>),
    /// `cast HERO SPELL [on MONSTER | at X,Y [SIDE]]`.
    Cast(String, String, Target),
    /// `control HERO MONSTER X,Y`: Control Enemy (L212-215).
    Control(String, String, Sq),
    /// `place HERO X,Y`: set down a portable teleporter (L443-446).
    Place(String, Sq),
    /// `familiar HERO X,Y`: the hero's familiar moves (L598), free, once a
    /// Mover's Action Phase.
    Familiar(String, Sq),
    /// `draw HERO N`: the hero draws N wounds stored in its familiar
    /// beside it, instead of its action (L602-606).
    Draw(String, u32),
    /// `non-mover`: the heroes won the initiative and let the Draken
    /// Master move first (L94-97).
    NonMover,
    /// `heal HERO OTHER [OTHER]`: Healing Touch or Field Healing.
    Heal(String, Vec<String>),
    /// `listen HERO`.
    Listen(String),
    /// `check HERO`: Checking for secret doors.
    Check(String),
    /// `escape HERO`: a hero on an active teleporter leaves the dungeon.
    Escape(String),
    /// `end`: the heroes' phase is over.
    End,
    /// `status`.
    Status,
    /// `map`.
    Map,
    /// `help`.
    Help,
}

/// What a spell is cast on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Nothing (the caster itself).
    None,
    /// A monster (or hero) by the word typed.
    On(String),
    /// A door by its square and side (as the transcript prints it).
    At(Sq, Option<crate::core::geom::Side>),
}

/// What `open` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenWhat {
    /// A door on an edge of the hero's square.
    Door,
    /// A chest next to or under the hero.
    Chest,
}

fn sq(w: &str) -> Result<Sq, Refusal> {
    let bad = || Refusal::Parse(format!("`{w}` is not a square: write it x,y (like 4,7)"));
    let (x, y) = w.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

fn side(w: &str) -> Result<crate::core::geom::Side, Refusal> {
    use crate::core::geom::Side;
    match w.to_ascii_uppercase().as_str() {
        "N" => Ok(Side::N),
        "E" => Ok(Side::E),
        "S" => Ok(Side::S),
        "W" => Ok(Side::W),
        _ => Err(Refusal::Parse(format!("`{w}` is not a side: N, E, S or W"))),
    }
}

/// The monsters `words` name: each one word (`3`, `orc-3`) or its name as
/// the game prints it, several words ending in its number (`Ogre 1`,
/// `Giant Spider 3`, any case). A word ending in a digit ends a monster;
/// words left over after the last are one monster each.
fn monster_words(words: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut name: Vec<&str> = Vec::new();
    for &w in words {
        name.push(w);
        if w.ends_with(|c: char| c.is_ascii_digit()) {
            out.push(name.join(" "));
            name.clear();
        }
    }
    out.extend(name.into_iter().map(str::to_string));
    out
}

/// Most monsters one `shoot` names (a Multi Shot's dice shared out).
const MAX_TARGETS: usize = 6;

/// Parses a line (a `#` starts a comment). `Ok(None)` for an empty line.
pub fn parse(line: &str) -> Result<Option<Command>, Refusal> {
    let line = line.split('#').next().unwrap_or("");
    let w: Vec<&str> = line.split_whitespace().collect();
    let Some(verb) = w.first() else {
        return Ok(None);
    };
    let verb = verb.to_ascii_lowercase();
    let arg = |i: usize, what: &str| -> Result<String, Refusal> {
        w.get(i).map(|s| s.to_string()).ok_or_else(|| {
            Refusal::Parse(format!("`{verb}` needs {what}; `help` lists the commands"))
        })
    };
    let most = |n: usize| -> Result<(), Refusal> {
        if w.len() > n {
            let words = match n - 1 {
                0 => "no word".to_string(),
                1 => "at most one word".to_string(),
                k => format!("at most {k} words"),
            };
            Err(Refusal::Parse(format!(
                "`{verb}` takes {words} after it; `help` lists the commands"
            )))
        } else {
            Ok(())
        }
    };
    let c = match verb.as_str() {
        "move" | "m" => {
            most(5)?;
            let (h, to) = (arg(1, "a hero")?, sq(&arg(2, "a square x,y")?)?);
            match w.get(3).map(|s| s.to_ascii_lowercase()).as_deref() {
                None => Command::Move(h, to),
                Some("drop") => Command::Carry(h, to, sq(&arg(4, "the table's square x,y")?)?),
                Some(o) => {
                    return Err(Refusal::Parse(format!(
                        "`move HERO X,Y` may end with `drop X,Y` (where a carried table goes), not `{o}`"
                    )));
                }
            }
        }
        "break" => {
            most(3)?;
            Command::Break(arg(1, "a hero")?, w.get(2).map(|s| sq(s)).transpose()?)
        }
        "attack" | "a" => {
            let h = arg(1, "a hero")?;
            arg(2, "a monster")?;
            let m = monster_words(&w[2..]);
            if m.len() > 1 {
                most(3)?;
            }
            Command::Attack(h, m.concat())
        }
        "shoot" | "s" => {
            let h = arg(1, "a hero")?;
            arg(2, "a monster")?;
            let m = monster_words(&w[2..]);
            if m.len() > MAX_TARGETS {
                return Err(Refusal::Parse(format!(
                    "`shoot` takes at most {MAX_TARGETS} monsters; `help` lists the commands"
                )));
            }
            Command::Shoot(h, m)
        }
        "open" => {
            most(4)?;
            let what = match arg(2, "`door` or `chest`")?.to_ascii_lowercase().as_str() {
                "door" => OpenWhat::Door,
                "chest" => OpenWhat::Chest,
                o => {
                    return Err(Refusal::Parse(format!(
                        "`open` opens a `door` or a `chest`, not `{o}`"
                    )));
                }
            };
            let s = w.get(3).map(|s| side(s)).transpose()?;
            Command::Open(arg(1, "a hero")?, what, s)
        }
        "close" => {
            most(3)?;
            let s = w.get(2).map(|s| side(s)).transpose()?;
            Command::Close(arg(1, "a hero")?, s)
        }
        "explore" | "x" => {
            most(3)?;
            Command::Explore(arg(1, "a hero")?, w.get(2).map(|s| s.to_ascii_lowercase()))
        }
        "stairs" => {
            most(2)?;
            Command::Stairs(arg(1, "a hero")?)
        }
        "teleport" => {
            most(3)?;
            Command::Teleport(arg(1, "a hero")?, w.get(2).map(|s| sq(s)).transpose()?)
        }
        "drink" => {
            most(3)?;
            Command::Drink(arg(1, "a hero")?, w.get(2).map(|s| s.to_ascii_lowercase()))
        }
        "cast" => {
            most(6)?;
            let t = match w.get(3).map(|s| s.to_ascii_lowercase()).as_deref() {
                None => {
                    most(3)?;
                    Target::None
                }
                Some("on") => {
                    arg(4, "what the spell is cast on")?;
                    let m = monster_words(&w[4..]);
                    if m.len() > 1 {
                        most(5)?;
                    }
                    Target::On(m.concat())
                }
                Some("at") => Target::At(
                    sq(&arg(4, "a door's square x,y")?)?,
                    w.get(5).map(|s| side(s)).transpose()?,
                ),
                Some(_) => {
                    let m = monster_words(&w[3..]);
                    if m.len() > 1 {
                        most(4)?;
                    }
                    Target::On(m.concat())
                }
            };
            Command::Cast(
                arg(1, "a hero")?,
                arg(2, "a spell")?.to_ascii_lowercase(),
                t,
            )
        }
        "control" => {
            let h = arg(1, "a hero")?;
            arg(2, "a monster")?;
            arg(3, "a square x,y")?;
            // The square is the last word; the monster, the words before.
            let last = w[w.len() - 1];
            let m = monster_words(&w[2..w.len() - 1]);
            if m.len() > 1 || (w.len() > 4 && sq(last).is_err()) {
                most(4)?;
            }
            Command::Control(h, m.concat(), sq(last)?)
        }
        "place" => {
            most(3)?;
            Command::Place(arg(1, "a hero")?, sq(&arg(2, "a square x,y")?)?)
        }
        "familiar" => {
            most(3)?;
            Command::Familiar(arg(1, "a hero")?, sq(&arg(2, "a square x,y")?)?)
        }
        "draw" => {
            most(3)?;
            let n = arg(2, "a number of wounds")?;
            let n = n.parse().map_err(|_| {
                Refusal::Parse(format!("`{n}` is not a number of wounds: write it like 2"))
            })?;
            Command::Draw(arg(1, "a hero")?, n)
        }
        "non-mover" | "nonmover" => {
            most(1)?;
            Command::NonMover
        }
        "heal" => {
            most(4)?;
            arg(2, "a hero to heal")?;
            Command::Heal(
                arg(1, "a hero")?,
                w[2..].iter().map(|s| s.to_string()).collect(),
            )
        }
        "listen" => {
            most(2)?;
            Command::Listen(arg(1, "a hero")?)
        }
        "check" => {
            most(2)?;
            Command::Check(arg(1, "a hero")?)
        }
        "escape" => {
            most(2)?;
            Command::Escape(arg(1, "a hero")?)
        }
        "end" | "e" | "done" => {
            most(1)?;
            Command::End
        }
        "status" => {
            most(1)?;
            Command::Status
        }
        "map" => {
            most(1)?;
            Command::Map
        }
        "help" | "?" => {
            most(1)?;
            Command::Help
        }
        _ => {
            return Err(Refusal::NotACommand(crate::core::text::excerpt(w[0], 40)));
        }
    };
    Ok(Some(c))
}

impl std::fmt::Display for Command {
    /// The command as a player would type it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |s: &Option<crate::core::geom::Side>| {
            s.map_or(String::new(), |s| format!(" {}", s.name()))
        };
        match self {
            Command::Move(h, (x, y)) => write!(f, "move {h} {x},{y}"),
            Command::Carry(h, (x, y), (a, b)) => write!(f, "move {h} {x},{y} drop {a},{b}"),
            Command::Break(h, None) => write!(f, "break {h}"),
            Command::Break(h, Some((x, y))) => write!(f, "break {h} {x},{y}"),
            Command::Attack(h, m) => write!(f, "attack {h} {m}"),
            Command::Shoot(h, m) => write!(f, "shoot {h} {}", m.join(" ")),
            Command::Open(h, OpenWhat::Door, s) => write!(f, "open {h} door{}", side(s)),
            Command::Open(h, OpenWhat::Chest, _) => write!(f, "open {h} chest"),
            Command::Close(h, s) => write!(f, "close {h}{}", side(s)),
            Command::Explore(h, None) => write!(f, "explore {h}"),
            Command::Explore(h, Some(s)) => write!(f, "explore {h} {s}"),
            Command::Stairs(h) => write!(f, "stairs {h}"),
            Command::Teleport(h, None) => write!(f, "teleport {h}"),
            Command::Teleport(h, Some((x, y))) => write!(f, "teleport {h} {x},{y}"),
            Command::Drink(h, None) => write!(f, "drink {h}"),
            Command::Drink(h, Some(i)) => write!(f, "drink {h} {i}"),
            Command::Cast(h, s, Target::None) => write!(f, "cast {h} {s}"),
            Command::Cast(h, s, Target::On(m)) => write!(f, "cast {h} {s} on {m}"),
            Command::Cast(h, s, Target::At((x, y), d)) => {
                write!(f, "cast {h} {s} at {x},{y}{}", side(d))
            }
            Command::Control(h, m, (x, y)) => write!(f, "control {h} {m} {x},{y}"),
            Command::Place(h, (x, y)) => write!(f, "place {h} {x},{y}"),
            Command::Familiar(h, (x, y)) => write!(f, "familiar {h} {x},{y}"),
            Command::Draw(h, n) => write!(f, "draw {h} {n}"),
            Command::NonMover => f.write_str("non-mover"),
            Command::Heal(h, o) => write!(f, "heal {h} {}", o.join(" ")),
            Command::Listen(h) => write!(f, "listen {h}"),
            Command::Check(h) => write!(f, "check {h}"),
            Command::Escape(h) => write!(f, "escape {h}"),
            Command::End => f.write_str("end"),
            Command::Status => f.write_str("status"),
            Command::Map => f.write_str("map"),
            Command::Help => f.write_str("help"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(line: &str) -> String {
        match parse(line) {
            Err(Refusal::Parse(m)) => m,
            other => panic!("{line:?} was not refused: {other:?}"),
        }
    }

    /// The words that take nothing after them refuse a word more, as
    /// `end` always did, instead of running as if it were not there.
    #[test]
    fn status_map_and_help_refuse_a_word_more() {
        for w in ["status", "map", "help", "?", "end"] {
            assert!(parse(w).unwrap().is_some(), "{w}");
            assert!(parse(&format!("{w}   # note")).unwrap().is_some(), "{w}");
            let m = refusal(&format!("{w} now"));
            assert!(m.contains("takes no word after it"), "{w}: {m}");
        }
        assert_eq!(parse("STATUS").unwrap(), Some(Command::Status));
    }

    /// A monster is typed as one word or as the game prints it, the
    /// number after a space, in any case; several for a shot (`shoot
    /// Sella Ogre 1` was two monsters, `Ogre` and `1`).
    #[test]
    fn a_monster_is_read_as_the_game_prints_its_name() {
        let shoot = |l: &str| match parse(l) {
            Ok(Some(Command::Shoot(_, m))) => m,
            other => panic!("{l}: {other:?}"),
        };
        assert_eq!(shoot("shoot Sella Ogre 1"), ["Ogre 1"]);
        assert_eq!(shoot("shoot Sella ogre1"), ["ogre1"]);
        assert_eq!(shoot("shoot Sella 1 2"), ["1", "2"]);
        assert_eq!(
            shoot("shoot Sella Giant Spider 3 orc-4"),
            ["Giant Spider 3", "orc-4"]
        );
        assert_eq!(
            parse("attack Bram Deadly Pudding 2").unwrap(),
            Some(Command::Attack("Bram".into(), "Deadly Pudding 2".into()))
        );
        assert_eq!(
            parse("control Vel Ogre 1 4,5").unwrap(),
            Some(Command::Control("Vel".into(), "Ogre 1".into(), (4, 5)))
        );
        assert_eq!(
            parse("cast Vel finger-of-death on OGRE 1").unwrap(),
            Some(Command::Cast(
                "Vel".into(),
                "finger-of-death".into(),
                Target::On("OGRE 1".into())
            ))
        );
        // Its Display reads back as the same command.
        let c = parse("shoot Sella Ogre 1 2").unwrap().unwrap();
        assert_eq!(parse(&c.to_string()).unwrap(), Some(c));
        assert!(refusal("control Vel 3 4,5 now").contains("at most 3 words"));
    }

    /// A word that is no command is quoted as typed, not lower-cased.
    #[test]
    fn a_word_that_is_no_command_is_quoted_as_typed() {
        assert_eq!(
            parse("Kestrel moves to 20,3"),
            Err(Refusal::NotACommand("Kestrel".into()))
        );
        assert_eq!(
            Refusal::NotACommand("Kestrel".into()).to_string(),
            "`Kestrel` is not a command; `help` lists them"
        );
    }

    /// The refusal gives the most a command takes, in words.
    #[test]
    fn a_word_too_many_names_the_most_the_command_takes() {
        assert!(refusal("explore Ann shield now").contains("`explore` takes at most 2 words"));
        assert!(refusal("attack Ann orc-1 now").contains("`attack` takes at most 2 words"));
    }
}
