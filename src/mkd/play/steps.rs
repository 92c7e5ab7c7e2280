//! What a hero's step onto a square sets off: the discovery roll of a tile
//! entered for the first time, and the tokens it reveals (in the tile or
//! next to the square); and the one-way teleport to a random tile that
//! teleporters and traps share.

use crate::mkd::figures::Ability;
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::discovery::discover;
use crate::mkd::play::event::{Chooser, Event, Pick, Rolls, Topic};
use crate::mkd::play::reveal::{Cause, reveal};
use crate::mkd::play::state::{HeroId, HeroPlace};
use crate::scenario::Point;

/// Hero `h` steps onto `p`: the first visit of a tile rolls its discovery;
/// tokens nearby are revealed, which ends the activation unless the hero is
/// Nimble or has Stealth.
pub fn enter_square(cx: &mut Ctx, h: HeroId, p: Point) {
    if let Some(t) = cx.s.board.tile_at(p)
        && cx.s.visited.insert(t)
    {
        discover(cx, t, h);
    }
    let trig = cx.s.wmt_triggered_by(p);
    if trig.is_empty() {
        return;
    }
    for w in trig {
        if let Some(i) = cx.s.wmt_index(w) {
            reveal(cx, i, Cause::Figure);
        }
    }
    let hero = &cx.s.heroes[h];
    if !(hero.has(Ability::Nimble) || hero.has(Ability::Stealth)) {
        cx.s.heroes[h].done = true;
        cx.emit(Event::RevealEndsActivation { hero: h });
    }
}

/// One-way teleport to the free square nearest the centre of a random tile
/// (the tile by the tabletop roll).
pub fn teleport_random(cx: &mut Ctx, h: HeroId) {
    let n = cx.s.board.tiles.len();
    let mut totals = Vec::new();
    let k = cx
        .dice
        .choose_tabletop_seen(n, 50, "teleport destination tile", |t| totals.push(t))
        .unwrap_or(0);
    let s = &*cx.s;
    let tile = s.board.tiles[k].label;
    cx.emit(Event::Chose {
        by: Chooser::Dungeon,
        topic: Topic::TeleportTile,
        faces: Rolls(totals),
        pick: Pick::Tile(tile),
    });
    let s = &*cx.s;
    let centre = s.board.tiles[k].centre;
    let spot = s
        .board
        .tile_squares(k)
        .iter()
        .copied()
        .filter(|&p| !s.occupied(p))
        .min_by_key(|p| ((p.x - centre.x).abs() + (p.y - centre.y).abs(), p.y, p.x));
    match spot {
        Some(spot) => {
            cx.s.set_hero_place(h, HeroPlace::At(spot));
            cx.s.heroes[h].displaced = true;
            cx.emit(Event::Teleported {
                hero: h,
                at: spot,
                tile,
            });
            enter_square(cx, h, spot);
        }
        None => cx.emit(Event::TeleportNoRoom { hero: h, tile }),
    }
}
