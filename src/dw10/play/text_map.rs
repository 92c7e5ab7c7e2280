//! The text `map` of a game in play: the revealed pieces with rulers, each
//! figure its own mark, the doors, and a key under it naming every mark
//! drawn, as the MKD Adventure's text map does.

use crate::core::geom::Side;
use crate::dw10::board::Ground;
use crate::dw10::features::FeatureKind;
use crate::dw10::play::state::{FeatureId, HeroId, Map, MonsterId, Sq, State, Who, fmt_sq};

/// Capital letters the map keeps for counters (teleporter, coffin,
/// prisoner, lair): no hero is marked by one.
const RESERVED_CAPITALS: &str = "LPTV";
/// Small letters the map keeps for counters (chest, furnishing, spawn
/// point, key, staircase, teleporter): no monster is marked by one.
const RESERVED_SMALL: &str = "cfgkst";

/// Every mark the map may draw but the figures', in the order the key
/// lists them.
const MARKS: [(char, &str); 20] = [
    ('#', "wall"),
    ('.', "floor"),
    (',', "rock slide"),
    ('=', "pit"),
    ('~', "water, pool or well"),
    ('+', "a shut door on an edge of the square (doors: below)"),
    ('/', "an open door on an edge of the square"),
    ('?', "trap counter"),
    ('c', "chest"),
    ('T', "active teleporter"),
    ('t', "teleporter not yet active"),
    ('s', "staircase"),
    ('k', "key"),
    ('f', "furnishing"),
    ('V', "coffin"),
    ('g', "spawn point"),
    ('P', "prisoner"),
    ('L', "lair"),
    ('!', "dungeon condition"),
    ('*', "familiar"),
];

/// Marks of figures of one kind.
type Marks<I> = Vec<(I, char)>;

/// Each figure's mark, distinct on the map: a hero a capital letter from
/// its name, a monster a small letter from its name, neither one the map
/// keeps for a counter; when the name's letters are all taken, the next
/// free letter, then a digit.
fn figure_marks(s: &State) -> (Marks<HeroId>, Marks<MonsterId>) {
    let mut marks = crate::core::text::FigureMarks::new(RESERVED_CAPITALS, RESERVED_SMALL);
    let mut pick = |name: &str, capital: bool| marks.pick(name, capital);
    let heroes = s
        .live_heroes()
        .into_iter()
        .filter(|&h| s.hero(h).body.at.is_some())
        .map(|h| (h, pick(&s.hero(h).body.name, true)))
        .collect();
    let monsters = s
        .live_monsters()
        .into_iter()
        .filter(|&m| s.monster(m).body.at.is_some())
        .map(|m| (m, pick(&s.monster(m).body.name, false)))
        .collect();
    (heroes, monsters)
}

/// The counter drawn on a square, if any (not a door: doors lie on edges).
fn counter_mark(s: &State, p: Sq) -> Option<char> {
    let (i, f) = s.features.iter().enumerate().find(|(i, f)| {
        (f.x, f.y) == p && !s.gone[*i] && f.kind.on_square() && !s.hidden(FeatureId(*i as u32))
    })?;
    Some(match f.kind {
        FeatureKind::Trap => '?',
        FeatureKind::Chest => 'c',
        FeatureKind::Teleporter if s.active[i] => 'T',
        FeatureKind::Teleporter => 't',
        FeatureKind::Staircase => 's',
        FeatureKind::Key => 'k',
        FeatureKind::Pit => '=',
        FeatureKind::Rockslide => ',',
        FeatureKind::Pool => '~',
        FeatureKind::Spawn => 'g',
        FeatureKind::Coffin => 'V',
        FeatureKind::Furnishing => 'f',
        FeatureKind::Prisoner => 'P',
        FeatureKind::Lair => 'L',
        FeatureKind::Condition => '!',
        FeatureKind::Door => '+',
    })
}

/// The two squares whose edge a door lies on, each with the side of it the
/// door is on: its own square (as the scenario and the transcript name
/// it), then the square across the edge.
fn door_sides(s: &State, d: FeatureId) -> Vec<(Sq, Side)> {
    let f = s.feature(d);
    let Some(side) = f.side else {
        return vec![];
    };
    let (dx, dy) = side.delta();
    vec![((f.x, f.y), side), ((f.x + dx, f.y + dy), side.opposite())]
}

/// The doors the players see: each door on an edge of a revealed piece,
/// whichever side of it (a shut door on the edge of a piece not revealed
/// yet is seen from the revealed one beside it).
fn shown_doors(s: &State, map: &Map) -> Vec<FeatureId> {
    (0..s.features.len())
        .map(|i| FeatureId(i as u32))
        .filter(|&d| {
            s.feature(d).kind == FeatureKind::Door
                && !s.gone[d.0 as usize]
                && !s.hidden(d)
                && door_sides(s, d).iter().any(|&(p, _)| s.revealed_at(map, p))
        })
        .collect()
}

/// The square a door is drawn on: its own if that is revealed, else the
/// revealed square across its edge.
fn door_square(s: &State, map: &Map, d: FeatureId) -> Option<Sq> {
    door_sides(s, d)
        .into_iter()
        .map(|(p, _)| p)
        .find(|&p| s.revealed_at(map, p))
}

/// What lies under a figure on `p`: a counter, a door on an edge.
fn under(s: &State, p: Sq, doors: &[FeatureId]) -> Vec<String> {
    let mut v: Vec<String> = counter_mark(s, p)
        .and_then(|c| MARKS.iter().find(|(m, _)| *m == c))
        .map(|(_, what)| what.trim_start_matches("a ").to_string())
        .into_iter()
        .collect();
    for &d in doors {
        for (q, side) in door_sides(s, d) {
            if q == p {
                v.push(format!(
                    "{} door on its {} edge",
                    if s.open[d.0 as usize] {
                        "an open"
                    } else {
                        "a shut"
                    },
                    side.name()
                ));
            }
        }
    }
    v
}

/// `map`: the revealed pieces, the figures and counters on them, with the
/// columns' tens and last digits on top and the rows' numbers on the left;
/// under it the key of every mark drawn, the doors with their edges, and
/// each figure's mark and square.
pub fn ascii_map(s: &State, map: &Map) -> Vec<String> {
    let b = &map.board;
    let (heroes, monsters) = figure_marks(s);
    let doors = shown_doors(s, map);
    let mut drawn: Vec<char> = Vec::new();
    let mut out: Vec<String> = crate::core::text::column_rulers(0, b.width - 1, 4).into();
    for y in 0..b.height {
        let mut row = String::new();
        for x in 0..b.width {
            let p = (x, y);
            let ch = if !s.revealed_at(map, p) {
                ' '
            } else if let Some(w) = s.at(p) {
                let mark = match w {
                    Who::Hero(h) => heroes.iter().find(|(i, _)| *i == h).map(|m| m.1),
                    Who::Monster(m) => monsters.iter().find(|(i, _)| *i == m).map(|m| m.1),
                };
                mark.unwrap_or('0')
            } else if s.familiar_at(p).is_some() {
                '*'
            } else if let Some(c) = counter_mark(s, p) {
                c
            } else if let Some(&d) = doors.iter().find(|&&d| door_square(s, map, d) == Some(p)) {
                if s.open[d.0 as usize] { '/' } else { '+' }
            } else {
                match b.ground(x, y) {
                    Ground::Clear => '.',
                    Ground::RockSlide => ',',
                    Ground::Pit => '=',
                    Ground::Water => '~',
                    Ground::Solid => '#',
                }
            };
            if !drawn.contains(&ch) {
                drawn.push(ch);
            }
            row.push(ch);
        }
        if !row.trim().is_empty() {
            out.push(format!("{y:>3} {}", row.trim_end()));
        }
    }
    let key: Vec<String> = MARKS
        .iter()
        .filter(|(c, _)| drawn.contains(c))
        .map(|(c, what)| format!("{c} {what}"))
        .collect();
    out.push(format!("key: {}", key.join(", ")));
    if !doors.is_empty() {
        let list: Vec<String> = doors
            .iter()
            .map(|&d| {
                let f = s.feature(d);
                format!(
                    "{},{} {} {}{}",
                    f.x,
                    f.y,
                    f.side.map_or("", |x| x.name()),
                    if s.open[d.0 as usize] { "open" } else { "shut" },
                    f.colour
                        .map_or(String::new(), |c| format!(" ({} key)", c.name()))
                )
            })
            .collect();
        out.push(format!("doors (square and edge): {}", list.join("; ")));
    }
    let figure = |mark: char, name: &str, p: Sq| {
        let on = under(s, p, &doors);
        if on.is_empty() {
            format!("{mark} {name} at {}", fmt_sq(p))
        } else {
            format!("{mark} {name} at {} (on {})", fmt_sq(p), on.join(", "))
        }
    };
    let listed = |v: Vec<String>| v.join("; ");
    if !heroes.is_empty() {
        out.push(format!(
            "heroes: {}",
            listed(
                heroes
                    .iter()
                    .filter_map(|&(h, c)| {
                        let body = &s.hero(h).body;
                        Some(figure(c, &body.name, body.at?))
                    })
                    .collect()
            )
        ));
    }
    let seen: Vec<String> = monsters
        .iter()
        .filter_map(|&(m, c)| {
            let body = &s.monster(m).body;
            let p = body.at?;
            s.revealed_at(map, p).then(|| figure(c, &body.name, p))
        })
        .collect();
    if !seen.is_empty() {
        out.push(format!("monsters: {}", listed(seen)));
    }
    let pets: Vec<String> = s
        .familiars()
        .into_iter()
        .filter(|&(_, p)| s.revealed_at(map, p))
        .map(|(h, p)| format!("* {}'s familiar at {}", s.hero(h).body.name, fmt_sq(p)))
        .collect();
    if !pets.is_empty() {
        out.push(format!("familiars: {}", listed(pets)));
    }
    out
}
