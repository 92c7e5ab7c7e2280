//! Events in English, one line each, in the voice of the MKD transcript.

use super::edges::EdgeWhy;
use super::event::{Ask, DoorChange, Event, Roll, Skip, Target, Task, TrapPlace, Why};
use super::state::{ModelId, Outcome, State, Team};
use crate::core::geom::Point;
use crate::ddd::part::CounterKind;

fn who(st: &State, id: ModelId) -> String {
    format!("{} ({id})", st.fig(id).name)
}

fn sq(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

/// A roll: `d8 5`, `2d8 3 5 keeps 5`, `d8 2, re-rolled by the Mage: 6`.
pub fn roll(r: &Roll) -> String {
    let sides = r.die.sides();
    let mut s = if r.faces.len() > 1 {
        let faces: Vec<String> = r.faces.iter().map(u32::to_string).collect();
        format!(
            "{}d{sides} {} keeps {}",
            r.faces.len(),
            faces.join(" "),
            r.kept
        )
    } else {
        format!("d{sides} {}", r.kept)
    };
    if let Some(m) = r.mage {
        s.push_str(&format!(", re-rolled by the Mage: {m}"));
    }
    s
}

fn task(t: Task) -> &'static str {
    match t {
        Task::BreakAway => "breaks away from close combat",
        Task::Fear => "faces a model that causes fear",
        Task::Open => "tries to open the door",
        Task::Close => "tries to close the door",
        Task::Smash => "tries to smash the door",
        Task::PickLock => "tries to pick the lock",
        Task::SetTrap => "tries to set a trap",
        Task::RemoveTrap => "tries to remove the trap",
        Task::Heal => "tries to heal a wound",
        Task::Save => "tries to save a friend from the last wound",
        Task::Hide => "tries to hide",
        Task::PickUp => "tries to pick up the counter",
        Task::Search => "searches for the secret door",
        Task::Free => "tries to free the prisoner",
        Task::Read => "tries to read the message",
    }
}

fn target(t: Target) -> String {
    match t {
        Target::AtMost(n) => format!("{n}-"),
        Target::AtLeast(n) => format!("{n}+"),
    }
}

fn kind(k: CounterKind) -> &'static str {
    match k {
        CounterKind::Treasure => "a treasure",
        CounterKind::Object => "the object of power",
        CounterKind::Message => "the message",
        CounterKind::Prisoner => "the prisoner",
    }
}

fn place(st: &State, p: TrapPlace) -> String {
    match p {
        TrapPlace::Door(k) => {
            let d = st.doors[k].door;
            format!("the door between {} and {}", sq(d.at), sq(d.beyond()))
        }
        TrapPlace::Counter(c) => match st.counters[c].at {
            Some(at) => format!("{} on {}", kind(st.counters[c].kind), sq(at)),
            None => kind(st.counters[c].kind).to_string(),
        },
        TrapPlace::Square(p) => sq(p),
    }
}

fn team(st: &State, t: Team) -> String {
    let _ = st;
    t.word().to_string()
}

/// What a side deployed by hand is asked for, with the commands that
/// answer it.
fn asked(t: &str, ask: &Ask) -> String {
    match ask {
        Ask::Prisoner { suggested } => format!(
            "{t}, choose the model to be the prisoner: `prisoner ID` (`ready`: {suggested}, the largest defense die)"
        ),
        Ask::Edge {
            options,
            suggested,
            why,
        } => {
            let list: Vec<String> = options
                .iter()
                .map(|s| format!("`edge {}`", s.name()))
                .collect();
            let why = match why {
                EdgeWhy::Nearest => "the shortest walk to the objective".to_string(),
                EdgeWhy::Opposite => "opposite the other side's".to_string(),
                EdgeWhy::Given => "the edge given".to_string(),
                EdgeWhy::Looked { first, looked } => format!(
                    "the look-ahead's: {} of {} games there {}",
                    half_points(looked.points),
                    looked.games,
                    if *first && looked.facing {
                        "against the other side on the opposite edge"
                    } else if *first {
                        "against the other side's best reply"
                    } else {
                        "against the other side's edge"
                    }
                ),
            };
            format!(
                "{t}, choose the edge to deploy on: {} (`ready`: {}, {why})",
                list.join(", "),
                suggested.name(),
            )
        }
        Ask::Place { zone, waiting } => format!(
            "{t}, place your models in {zone} (`map` marks its free squares +): `place ID X,Y` for each you place yourself, then `ready` ({})",
            if *waiting {
                "the rest lie in wait on the defenders' ways out; a model in cover starts hidden"
            } else {
                "the rest go nearest the objective"
            }
        ),
    }
}

/// The English line of one event.
pub fn line(st: &State, e: &Event) -> String {
    match e {
        Event::DiceOff { blue, red, winner } => format!(
            "dice-off for the scenario's choices: Blue rolls {}, Red rolls {} — {}",
            roll(blue),
            roll(red),
            match winner {
                Some(t) => format!("{} wins and chooses first", team(st, *t)),
                None => "a draw, roll again".into(),
            }
        ),
        Event::DiceOffKept { winner } => format!(
            "dice-off: {} won it when the scenario was made (its log has the rolls), chose the scenario and chooses first",
            team(st, *winner)
        ),
        Event::Deployed {
            team: t,
            zone,
            models,
        } => {
            let list: Vec<String> = models
                .iter()
                .map(|(id, p)| format!("{id} {}", sq(*p)))
                .collect();
            format!("{} deploys in {zone}: {}", team(st, *t), list.join(", "))
        }
        Event::PrisonerChosen { id, at } => {
            format!("{} is the prisoner, bound on {}", who(st, *id), sq(*at))
        }
        Event::StartsHidden { id } => format!("{} starts hidden in cover", who(st, *id)),
        Event::Asked { team: t, ask } => asked(&team(st, *t), ask),
        Event::EdgeLooked {
            team: t,
            first,
            looked,
        } => {
            let against = if *first && looked.facing {
                format!("{} on the opposite edge", team(st, t.other()))
            } else if *first {
                format!("{}'s best reply", team(st, t.other()))
            } else {
                match st.deploy_edge[t.other().index()] {
                    Some(s) => format!(
                        "{}'s {} edge",
                        team(st, t.other()),
                        crate::build::board::edge_word(s)
                    ),
                    None => format!("{}'s edge", team(st, t.other())),
                }
            };
            format!(
                "{} takes the {} edge (edge-{}) by looking ahead: it scored {} of {} games there against {against} (a win 1, a draw 1/2)",
                team(st, *t),
                crate::build::board::edge_word(looked.side),
                looked.side.name(),
                half_points(looked.points),
                looked.games,
            )
        }
        Event::EdgeChosen { team: t, side } => format!(
            "{} deploys on the {} edge (edge-{})",
            team(st, *t),
            crate::build::board::edge_word(*side),
            side.name()
        ),
        Event::Placed { id, at } => format!("{} is placed on {}", who(st, *id), sq(*at)),
        Event::Shuffled { round, order } => {
            let list: Vec<String> = order.iter().map(ModelId::to_string).collect();
            format!(
                "== round {round}: the deck is shuffled: {} ==",
                list.join(" ")
            )
        }
        Event::CardSkipped { id, why } => format!(
            "card {id} is set aside: {}",
            match why {
                Skip::Dead => "the model was killed",
                Skip::Gone => "the model has left the board",
                Skip::Bound => "the prisoner is bound",
            }
        ),
        Event::TurnBegins { id } => {
            let f = st.fig(*id);
            format!(
                "-- {}'s turn ({}, power d{}, defense d{}) --",
                who(st, *id),
                sq(f.at),
                f.power.sides(),
                f.defense.sides()
            )
        }
        Event::StunLifted { id } => {
            format!("{} is attacked: its stun marker goes", who(st, *id))
        }
        Event::StunPassed { id } => {
            format!(
                "{} is stunned and loses the turn; the marker goes",
                who(st, *id)
            )
        }
        Event::MoveRoll {
            id,
            roll: r,
            bonus,
            allowance,
        } => {
            let b = if *bonus > 0 { " +1 for Flight" } else { "" };
            format!(
                "{} rolls {}{b} for movement: up to {allowance} square{}",
                who(st, *id),
                roll(r),
                if *allowance == 1 { "" } else { "s" }
            )
        }
        Event::Test {
            id,
            task: t,
            roll: r,
            passed,
        } => {
            let res = if *passed { "passes" } else { "fails" };
            match r {
                None => format!(
                    "{} {} — passes without a roll (Sneaky)",
                    who(st, *id),
                    task(*t)
                ),
                Some(r) => format!(
                    "{} {} ({}): rolls {} — {res}",
                    who(st, *id),
                    task(*t),
                    target(t.target()),
                    roll(r)
                ),
            }
        }
        Event::Moved {
            id,
            path,
            cost,
            contact,
        } => {
            let to = path.last().copied().unwrap_or(st.fig(*id).at);
            let via: Vec<String> = path.iter().map(|p| sq(*p)).collect();
            format!(
                "{} moves to {} ({cost} square{} of movement, via {}){}",
                who(st, *id),
                sq(to),
                if *cost == 1 { "" } else { "s" },
                via.join(" "),
                if *contact {
                    " and stops in close combat"
                } else {
                    ""
                }
            )
        }
        Event::Revealed { id } => format!("{} is no longer hidden", who(st, *id)),
        Event::CloseAttack {
            by,
            target: t,
            att,
            def,
        } => format!(
            "{} attacks {}: rolls {} against {} — {}",
            who(st, *by),
            who(st, *t),
            roll(att),
            roll(def),
            if att.value() < def.value() {
                "lower, a hit"
            } else {
                "not lower, no hit"
            }
        ),
        Event::Shot {
            by,
            target: t,
            range,
            roll: r,
        } => format!(
            "{} shoots at {} {range} squares away: rolls {} — {}",
            who(st, *by),
            who(st, *t),
            roll(r),
            if r.value() >= *range {
                "a hit"
            } else {
                "a miss"
            }
        ),
        Event::Damage {
            by,
            target: t,
            att,
            def,
            critical,
        } => format!(
            "damage: {} rolls {} against {}'s defense {} — {}",
            who(st, *by),
            roll(att),
            who(st, *t),
            roll(def),
            if *critical {
                "a 1 and lower: a critical hit"
            } else if att.value() < def.value() {
                "lower: a wound"
            } else {
                "the armour holds"
            }
        ),
        Event::Wounded { id, wounds, of } => {
            format!("{} takes a wound ({wounds} of {of})", who(st, *id))
        }
        Event::Killed { id, at } => {
            format!("{} is killed on {} and removed", who(st, *id), sq(*at))
        }
        Event::Healed { id, wounds } => {
            format!("{} has a wound healed ({wounds} left)", who(st, *id))
        }
        Event::Door { door, change } => {
            let d = st.doors[*door].door;
            let what = match change {
                DoorChange::Opened => "is opened",
                DoorChange::Closed => "is closed",
                DoorChange::Smashed => "is smashed and gone",
                DoorChange::Unlocked => "is unlocked",
                DoorChange::Found => "is a secret door, found and opened",
            };
            format!(
                "the door between {} and {} {what}",
                sq(d.at),
                sq(d.beyond())
            )
        }
        Event::TrapSet { by, place: p } => {
            format!("{} sets a trap on {}", who(st, *by), place(st, *p))
        }
        Event::TrapRemoved { by, place: p } => {
            format!("{} removes the trap on {}", who(st, *by), place(st, *p))
        }
        Event::TrapSprung {
            victim,
            setter,
            place: p,
            victim_roll,
            setter_roll,
        } => format!(
            "{} springs the trap on {}: rolls {} against {}'s {} — {}",
            who(st, *victim),
            place(st, *p),
            roll(victim_roll),
            who(st, *setter),
            roll(setter_roll),
            if victim_roll.value() > setter_roll.value() {
                "higher, no harm done"
            } else {
                "not higher: a wound, no armour"
            }
        ),
        Event::Hid { id } => format!("{} is hidden", who(st, *id)),
        Event::PickedUp { id, kind: k } => format!("{} picks up {}", who(st, *id), kind(*k)),
        Event::Dropped { kind: k, at } => format!("{} drops to {}", kind(*k), sq(*at)),
        Event::Freed { by, prisoner } => {
            format!("{} frees {}", who(st, *by), who(st, *prisoner))
        }
        Event::BoundAgain { prisoner } => format!("{} is bound again", who(st, *prisoner)),
        Event::Read { id } => format!("{} reads the ancient message", who(st, *id)),
        Event::Enthral {
            by,
            target: t,
            att,
            def,
        } => format!(
            "{} tries to enthral {}: rolls {} against {} — {}",
            who(st, *by),
            who(st, *t),
            roll(att),
            roll(def),
            if att.value() > def.value() {
                "higher: stunned for its next turn"
            } else {
                "not higher: no effect"
            }
        ),
        Event::LeftBoard { id, side, carrying } => format!(
            "{} leaves the board by the {} edge{}",
            who(st, *id),
            crate::build::board::edge_word(*side),
            match carrying {
                Some(k) => format!(", carrying {}", kind(*k)),
                None => String::new(),
            }
        ),
        Event::Experience { points } => {
            let list: Vec<String> = points.iter().map(|(id, xp)| format!("{id} {xp}")).collect();
            format!(
                "experience earned (5 buys an ability): {}",
                if list.is_empty() {
                    "none".to_string()
                } else {
                    list.join(", ")
                }
            )
        }
        Event::TurnEnds { id } => format!("{} ends its turn", who(st, *id)),
        Event::GameOver { outcome, why } => {
            let res = match outcome {
                Outcome::Win(t) => format!("{} wins", team(st, *t)),
                Outcome::Draw => "a draw".into(),
            };
            let because = match why {
                Why::HalfKilled => "half the enemy war-party is dead",
                Why::DefendersOut => "half the defenders got off the board",
                Why::DefendersCaught => "too few defenders are left to get half of them off",
                Why::TreasureCounted => "the treasure is counted",
                Why::ObjectCarriedOff => "the object of power went off the far edge",
                Why::PrisonerEscaped => "the prisoner got off the board",
                Why::PrisonerKept => "no attacker is left to free the prisoner",
                Why::SecretsKept => "the message was read and carried off",
                Why::SecretsLost => "a side can no longer read the message and carry it off",
                Why::Wiped => "a side has no models left on the board",
                Why::RoundLimit => "the round limit is reached",
                Why::Surrender => "the other side surrendered",
            };
            format!(
                "== game over: {res} ({because}; treasure off: Blue {}, Red {}; kills: Blue {}, Red {}) ==",
                st.treasure_off[0], st.treasure_off[1], st.kills[0], st.kills[1]
            )
        }
    }
}

/// Points counted in halves (a win 2, a draw 1) as games: `13` is `6.5`.
fn half_points(points: u16) -> String {
    if points.is_multiple_of(2) {
        (points / 2).to_string()
    } else {
        format!("{}.5", points / 2)
    }
}
