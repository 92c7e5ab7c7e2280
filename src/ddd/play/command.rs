//! What players type for the model whose turn it is, parsed.
//!
//! ```text
//! move 12,5        walk there (the cheapest way, within the movement roll)
//! leave            step off the board from an exit square
//! attack r3        close combat        shoot r3      ranged combat
//! enthral r3       Enthrall            heal b2       Healer
//! open E | close E | smash E | pick E | search E     a door on that side
//! trap E | trap 12,5 | disarm E | disarm 12,5        thieves' traps
//! hide | pickup [12,5] | free | read | end
//! ```
//!
//! And, for a side deployed by hand (`play --deploy-by-hand`), before the
//! first card:
//!
//! ```text
//! edge S           the edge to deploy on     prisoner r4   Free Prisoner
//! place b3 17,33   a model onto a square     ready         the rest as tilecrawl would
//! ```

use super::state::ModelId;
use crate::core::geom::{Point, Side};

/// A command for the model whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Walk to this square.
    Move(Point),
    /// Step off the board from an exit square.
    Leave,
    /// Close combat against an adjacent enemy.
    Attack(ModelId),
    /// Ranged combat.
    Shoot(ModelId),
    /// Enthrall an enemy.
    Enthral(ModelId),
    /// Heal a friend within 2.
    Heal(ModelId),
    /// Open the door on this side of the model's square.
    Open(Side),
    /// Close it.
    Close(Side),
    /// Smash it.
    Smash(Side),
    /// Pick its lock.
    Pick(Side),
    /// Open a secret door there.
    Search(Side),
    /// Set a trap on a door (by side) or a square.
    Trap(Place),
    /// Remove a trap.
    Disarm(Place),
    /// Hide in cover.
    Hide,
    /// Pick up an adjacent counter (the square, or the only one).
    PickUp(Option<Point>),
    /// Free the adjacent prisoner.
    Free,
    /// Read the adjacent message.
    Read,
    /// End the turn.
    End,
    /// Give up the game (an advanced rule, L177-178).
    Surrender,
    /// Deploying by hand: the edge to deploy on.
    Edge(Side),
    /// Deploying by hand: a model onto a square of its side's zone.
    Deploy(ModelId, Point),
    /// Deploying by hand, Free Prisoner: the attacker's model to be the
    /// prisoner.
    Prisoner(ModelId),
    /// Deploying by hand: the step done, what is left of it chosen as
    /// tilecrawl would.
    Ready,
}

impl Command {
    /// Is it one of the deployment's commands (`edge`, `place`,
    /// `prisoner`, `ready`)?
    pub fn deploys(self) -> bool {
        matches!(
            self,
            Command::Edge(_) | Command::Deploy(..) | Command::Prisoner(_) | Command::Ready
        )
    }
}

/// A place for a trap: a door beside the model, or a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The door on this side of the model's square.
    Door(Side),
    /// A square next to the model (an empty one, or a counter's).
    Square(Point),
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing typed.
    #[error("type a command (`help` lists them)")]
    Empty,
    /// An unknown word.
    #[error("`{0}` is not a command (`help` lists them)")]
    Unknown(String),
    /// A command without what it needs.
    #[error("`{verb}` needs {what}")]
    Missing {
        /// The command.
        verb: &'static str,
        /// What it needs.
        what: &'static str,
    },
    /// A word after all the command takes.
    #[error("`{said}` takes no more words: `{extra}` is one too many")]
    Extra {
        /// The command up to the words it takes.
        said: String,
        /// The first word too many.
        extra: String,
    },
    /// A value that is not what the command takes.
    #[error("`{value}`: expected {what}")]
    Bad {
        /// What was typed.
        value: String,
        /// What is expected.
        what: &'static str,
    },
}

/// Coordinates typed beyond this are refused as words, not squares (no
/// board is this large; it keeps distance sums far from overflow).
const MAX_COORD: u32 = 10_000;

fn point(s: &str) -> Option<Point> {
    let (x, y) = s.split_once(',')?;
    let p = Point {
        x: x.trim().parse().ok()?,
        y: y.trim().parse().ok()?,
    };
    (p.x.unsigned_abs() <= MAX_COORD && p.y.unsigned_abs() <= MAX_COORD).then_some(p)
}

fn side(s: &str) -> Option<Side> {
    match s.to_ascii_uppercase().as_str() {
        "N" => Some(Side::N),
        "E" => Some(Side::E),
        "S" => Some(Side::S),
        "W" => Some(Side::W),
        _ => None,
    }
}

fn bad(value: &str, what: &'static str) -> ParseError {
    ParseError::Bad {
        value: crate::core::text::excerpt(value, 20),
        what,
    }
}

/// Reads one command.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let mut words = line.split_whitespace();
    let verb = words.next().ok_or(ParseError::Empty)?.to_ascii_lowercase();
    let arg = words.next();
    let need =
        |verb: &'static str, what: &'static str| arg.ok_or(ParseError::Missing { verb, what });
    let model = |verb: &'static str| -> Result<ModelId, ParseError> {
        let a = need(verb, "a model, such as r3")?;
        ModelId::parse(a).ok_or_else(|| bad(a, "a model such as b3 or r10"))
    };
    let door = |verb: &'static str| -> Result<Side, ParseError> {
        let a = need(verb, "the door's side of your square: N, E, S or W")?;
        side(a).ok_or_else(|| bad(a, "N, E, S or W"))
    };
    let place = |verb: &'static str| -> Result<Place, ParseError> {
        let a = need(verb, "a door's side (N, E, S, W) or a square x,y")?;
        side(a)
            .map(Place::Door)
            .or_else(|| point(a).map(Place::Square))
            .ok_or_else(|| bad(a, "N, E, S, W or x,y"))
    };
    let cmd = match verb.as_str() {
        "move" | "m" => {
            let a = need("move", "a square, such as 12,5")?;
            Command::Move(point(a).ok_or_else(|| bad(a, "a square x,y"))?)
        }
        "leave" => Command::Leave,
        "attack" | "a" => Command::Attack(model("attack")?),
        "shoot" => Command::Shoot(model("shoot")?),
        "enthral" | "enthrall" => Command::Enthral(model("enthral")?),
        "heal" => Command::Heal(model("heal")?),
        "open" => Command::Open(door("open")?),
        "close" => Command::Close(door("close")?),
        "smash" => Command::Smash(door("smash")?),
        "pick" => Command::Pick(door("pick")?),
        "search" => Command::Search(door("search")?),
        "trap" => Command::Trap(place("trap")?),
        "disarm" => Command::Disarm(place("disarm")?),
        "hide" => Command::Hide,
        "pickup" => Command::PickUp(match arg {
            None => None,
            Some(a) => Some(point(a).ok_or_else(|| bad(a, "a square x,y"))?),
        }),
        "free" => Command::Free,
        "read" => Command::Read,
        "end" | "pass" => Command::End,
        "surrender" => Command::Surrender,
        "edge" => {
            let a = need("edge", "a board edge: N, E, S or W")?;
            Command::Edge(side(a).ok_or_else(|| bad(a, "N, E, S or W"))?)
        }
        "place" => {
            let id = model("place")?;
            let a = words.next().ok_or(ParseError::Missing {
                verb: "place",
                what: "a model and a square, such as b3 17,33",
            })?;
            Command::Deploy(id, point(a).ok_or_else(|| bad(a, "a square x,y"))?)
        }
        "prisoner" => Command::Prisoner(model("prisoner")?),
        "ready" => Command::Ready,
        _ => return Err(ParseError::Unknown(crate::core::text::excerpt(&verb, 20))),
    };
    // A word past what the command takes is refused, not dropped (`move
    // 1,1 2,2` moved to 1,1; `end now` ended the turn).
    let bare = matches!(
        cmd,
        Command::Leave
            | Command::Hide
            | Command::PickUp(None)
            | Command::Free
            | Command::Read
            | Command::End
            | Command::Surrender
            | Command::Ready
    );
    let (said, extra) = if bare {
        (verb.clone(), arg)
    } else if let Command::Deploy(_, q) = cmd {
        (
            format!("{verb} {} {},{}", arg.unwrap_or_default(), q.x, q.y),
            words.next(),
        )
    } else {
        (format!("{verb} {}", arg.unwrap_or_default()), words.next())
    };
    if let Some(extra) = extra {
        return Err(ParseError::Extra {
            said: crate::core::text::excerpt(&said, 30),
            extra: crate::core::text::excerpt(extra, 20),
        });
    }
    Ok(cmd)
}

/// The command as typed (what a save keeps and the transcript echoes).
pub fn unparse(c: Command) -> String {
    let p = |p: Point| format!("{},{}", p.x, p.y);
    let pl = |x: Place| match x {
        Place::Door(s) => s.name().to_string(),
        Place::Square(q) => p(q),
    };
    match c {
        Command::Move(q) => format!("move {}", p(q)),
        Command::Leave => "leave".into(),
        Command::Attack(m) => format!("attack {m}"),
        Command::Shoot(m) => format!("shoot {m}"),
        Command::Enthral(m) => format!("enthral {m}"),
        Command::Heal(m) => format!("heal {m}"),
        Command::Open(s) => format!("open {}", s.name()),
        Command::Close(s) => format!("close {}", s.name()),
        Command::Smash(s) => format!("smash {}", s.name()),
        Command::Pick(s) => format!("pick {}", s.name()),
        Command::Search(s) => format!("search {}", s.name()),
        Command::Trap(x) => format!("trap {}", pl(x)),
        Command::Disarm(x) => format!("disarm {}", pl(x)),
        Command::Hide => "hide".into(),
        Command::PickUp(None) => "pickup".into(),
        Command::PickUp(Some(q)) => format!("pickup {}", p(q)),
        Command::Free => "free".into(),
        Command::Read => "read".into(),
        Command::End => "end".into(),
        Command::Surrender => "surrender".into(),
        Command::Edge(s) => format!("edge {}", s.name()),
        Command::Deploy(m, q) => format!("place {m} {}", p(q)),
        Command::Prisoner(m) => format!("prisoner {m}"),
        Command::Ready => "ready".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_and_print_back_and_hostile_ones_are_refused() {
        for l in [
            "move 12,5",
            "leave",
            "attack r3",
            "shoot b10",
            "enthral r1",
            "heal b2",
            "open N",
            "close E",
            "smash S",
            "pick W",
            "search N",
            "trap E",
            "trap 3,4",
            "disarm 3,4",
            "hide",
            "pickup",
            "pickup 3,4",
            "free",
            "read",
            "end",
            "surrender",
            "edge W",
            "place b3 17,33",
            "prisoner r4",
            "ready",
        ] {
            assert_eq!(unparse(parse(l).unwrap()), l);
        }
        for l in [
            "",
            "fly",
            "move",
            "move 3",
            "move -2147483648,0",
            "attack r11",
            "attack x1",
            "open Q",
            "trap",
            "pickup a,b",
            "edge",
            "edge up",
            "place",
            "place b3",
            "place 17,33 b3",
            "place b3 17,33 4,4",
            "prisoner",
            "ready now",
        ] {
            assert!(parse(l).is_err(), "{l:?}");
        }
    }
}
