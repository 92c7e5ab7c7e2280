//! Empty tables and their chairs (L409-415), the furniture figures move
//! about and break:
//!
//! - **Carrying**: a hero whose walk passes through a table's square (its
//!   starting square included) may pick it up and set it down on a later
//!   square of the same walk (`move HERO X,Y drop X,Y`). The walk is the
//!   one `move` takes anyway; the table goes on a square with no other
//!   counter, furnishing or terrain piece on it. One table a walk.
//! - **Cover**: a table on the square a shot's line crosses last before
//!   its target covers the target (only a 6 hits, `sight::look`), never in
//!   a melee, where the figures stand side by side.
//! - **Breaking**: a figure beside or on a table's square may break it at
//!   the end of its walk, no dice (`break HERO [X,Y]`; the Draken Master's
//!   monsters by policy, `dm_breaks`). The table leaves the map.

use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::Event;
use crate::dw10::play::sight::{Look, cover_square, look};
use crate::dw10::play::state::{FeatureId, HeroId, Map, Sq, State, Who, adjacent, fmt_sq};
use crate::dw10::play::walk::reach;

/// Why a hero may not carry a table along a walk.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoCarry {
    /// No table lies on the walk before the square it is to go on.
    #[error("{name}'s way ({way}) passes no table and chairs before {at}")]
    NoTable {
        /// The hero.
        name: String,
        /// The walk's squares, start first.
        way: String,
        /// The square named for the table.
        at: String,
    },
    /// The square named is not on the walk.
    #[error("{at} is not on {name}'s way ({way})")]
    OffWay {
        /// The hero.
        name: String,
        /// The walk's squares, start first.
        way: String,
        /// The square named for the table.
        at: String,
    },
    /// Another piece lies on the square.
    #[error("a table and chairs goes down on empty floor: {at} holds a {what}")]
    Taken {
        /// The square.
        at: String,
        /// What lies there.
        what: String,
    },
}

/// Why a figure may not break a table now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoBreak {
    /// No table beside or under the figure (at the square named).
    #[error("{0} has no table and chairs beside it{1}")]
    NoneBeside(String, String),
    /// Tables on more than one square around it.
    #[error("{0} stands by more than one table and chairs: say which (X,Y)")]
    Which(String),
}

fn way_text(way: &[Sq]) -> String {
    way.iter().map(|q| fmt_sq(*q)).collect::<Vec<_>>().join(" ")
}

/// The squares of the walk `move` takes a hero by to `to`, its start first.
pub fn way(s: &State, map: &Map, h: HeroId, to: Sq) -> Vec<Sq> {
    let w = Who::Hero(h);
    let mut v: Vec<Sq> = s.body(w).at.into_iter().collect();
    v.extend(reach(s, map, w, s.hero(h).mp).path(to).0);
    v
}

/// The table a walk (`way`: its squares, start first) carries to `drop`
/// (checked: a table before `drop` on the way, `drop` on the way and free
/// of other pieces).
pub fn carry_check(s: &State, name: &str, way: &[Sq], drop: Sq) -> Result<FeatureId, NoCarry> {
    let Some(k) = way.iter().position(|q| *q == drop) else {
        return Err(NoCarry::OffWay {
            name: name.to_string(),
            way: way_text(way),
            at: fmt_sq(drop),
        });
    };
    let Some(table) = way[..k].iter().find_map(|q| s.table_on(*q)) else {
        return Err(NoCarry::NoTable {
            name: name.to_string(),
            way: way_text(way),
            at: fmt_sq(drop),
        });
    };
    if let Some(f) = s
        .features
        .iter()
        .enumerate()
        .find(|(i, f)| !s.gone[*i] && f.kind.is_piece() && (f.x, f.y) == drop)
        .map(|(_, f)| f)
    {
        return Err(NoCarry::Taken {
            at: fmt_sq(drop),
            what: f.what.clone().unwrap_or_else(|| f.kind.name().to_string()),
        });
    }
    Ok(table)
}

/// Sets a carried table down (checked by [`carry_check`]).
pub fn set_down(c: &mut Ctx, who: Who, table: FeatureId, to: Sq) {
    let f = &mut c.s.features[table.0 as usize];
    let from = (f.x, f.y);
    (f.x, f.y) = to;
    c.push(Event::Carried {
        who,
        table,
        from,
        to,
    });
}

/// The tables beside or under a square.
pub fn tables_by(s: &State, p: Sq) -> Vec<FeatureId> {
    s.features
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            !s.gone[*i]
                && crate::dw10::play::state::is_table(f)
                && ((f.x, f.y) == p || adjacent((f.x, f.y), p))
        })
        .map(|(i, _)| FeatureId(i as u32))
        .collect()
}

/// The table `who` may break: the one beside it, or the one on `at`.
pub fn break_check(s: &State, who: Who, at: Option<Sq>) -> Result<FeatureId, NoBreak> {
    let name = s.name(who).to_string();
    let Some(p) = s.body(who).at else {
        return Err(NoBreak::NoneBeside(name, String::new()));
    };
    let near: Vec<FeatureId> = tables_by(s, p)
        .into_iter()
        .filter(|t| at.is_none_or(|q| (s.feature(*t).x, s.feature(*t).y) == q))
        .collect();
    match near.as_slice() {
        [t] => Ok(*t),
        [] => Err(NoBreak::NoneBeside(
            name,
            at.map_or(String::new(), |q| format!(" on {}", fmt_sq(q))),
        )),
        _ => Err(NoBreak::Which(name)),
    }
}

/// Breaks a table (checked by [`break_check`]): it leaves the map.
pub fn smash(c: &mut Ctx, who: Who, table: FeatureId) {
    c.s.gone[table.0 as usize] = true;
    let f = c.s.feature(table);
    let at = (f.x, f.y);
    c.push(Event::Broken { who, table, at });
}

/// Does this table cover a hero from a monster that shoots and sees it?
pub fn covers_a_hero(s: &State, map: &Map, table: FeatureId) -> bool {
    let f = s.feature(table);
    let t = (f.x, f.y);
    s.live_monsters().into_iter().any(|m| {
        let b = &s.monster(m).body;
        let Some(from) = b.at else { return false };
        b.fig.shoot.is_some()
            && s.live_heroes().into_iter().any(|h| {
                s.hero(h).body.at.is_some_and(|to| {
                    cover_square(from, to) == Some(t) && look(s, map, from, to, true) == Look::Cover
                })
            })
    })
}

/// The Draken Master's policy: a monster that ends its walk (or holds its
/// ground) beside a table covering a hero from one of its shooters breaks
/// it. Whether it did.
pub fn dm_breaks(c: &mut Ctx, who: Who) -> bool {
    let Some(p) = c.s.body(who).at else {
        return false;
    };
    let Some(t) = tables_by(c.s, p)
        .into_iter()
        .find(|t| covers_a_hero(c.s, c.map, *t))
    else {
        return false;
    };
    smash(c, who, t);
    true
}
