//! The turn's end and the floors: the timer of a timed mission, a hero
//! going down the stairs, and the next floor once nobody is left on this
//! one (the rules are in [`crate::mkd::play::floors`]).

use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Ending, Event};
use crate::mkd::play::refusal::{Names, Refusal, Spend, Square};
use crate::mkd::play::state::{
    ChestId, ChestOrigin, ChestPlace, FloorPlay, HeroId, HeroPlace, MonsterMode, Outcome, Phase,
    State,
};
use std::collections::BTreeMap;

/// `NAME takes the stairs`: 3 speed points on the staircase, no monster
/// in its tile; the hero waits on the next floor.
pub fn hero_stairs(cx: &mut Ctx, h: HeroId) -> Result<(), Refusal> {
    let s = &*cx.s;
    let name = || s.heroes[h].name.clone();
    let Some(stairs) = s.floors.stairs else {
        return Err(Refusal::NoStairs);
    };
    if s.floors.plan.is_none() {
        let (floor, of) = s.scenario.game.floor.map_or((1, 2), |f| (f.number, f.of));
        return Err(Refusal::FloorAlone { floor, of });
    }
    let p = s.hero_square(h)?;
    if p != stairs {
        return Err(Refusal::NotOnStairs {
            hero: name().to_string(),
            stairs: Square(stairs),
        });
    }
    let tile = s.board.tile_at(stairs);
    let near: Vec<String> = s
        .floor_monsters()
        .filter(|&m| {
            s.monsters[m]
                .pos
                .is_some_and(|q| tile.is_some() && s.board.tile_at(q) == tile)
        })
        .map(|m| s.monsters[m].id.to_string())
        .collect();
    if !near.is_empty() {
        return Err(Refusal::StairsGuarded {
            hero: name().to_string(),
            tile: tile
                .map(|t| s.board.tiles[t].label.to_string())
                .unwrap_or_default(),
            monsters: Names(near),
        });
    }
    let cost = s.rules().staircase;
    cx.s.spend(h, cost, Spend::Staircase)?;
    cx.s.set_hero_place(h, HeroPlace::Below);
    cx.s.heroes[h].done = true;
    let (f, _) = cx.s.floor_number().unwrap_or((1, 2));
    let carrying: Vec<ChestId> = cx.s.heroes[h].chests.clone();
    cx.emit(Event::WentDown {
        hero: h,
        cost,
        carrying,
        floor: f + 1,
    });
    Ok(())
}

/// After each command: a floor just emptied ends the turn at once (the
/// next floor begins with the next turn).
pub fn after_command(cx: &mut Ctx) {
    if cx.s.outcome().is_none() && cx.s.floor_done() {
        next_turn(cx);
    }
}

/// The end of a turn: the timer, the floor change, then the next turn's
/// heroes.
pub fn next_turn(cx: &mut Ctx) {
    cx.s.active_hero = None;
    if let Some(limit) = cx.s.floors.turn_limit
        && cx.s.turn >= limit
        && cx.s.outcome().is_none()
    {
        cx.s.phase = Phase::Over(Outcome::Lost);
        let turn = cx.s.turn;
        cx.emit(Event::Ended(Ending::TimeUp { turn, limit }));
        cx.banner();
        return;
    }
    if cx.s.floor_done() {
        next_floor(cx);
    }
    cx.s.turn += 1;
    for hero in &mut cx.s.heroes {
        hero.spent = 0;
        hero.done = false;
        hero.held = hero.held.saturating_sub(1);
    }
    crate::mkd::play::items::heroes_turn(cx.s);
    // A team's Command "go first" held for the turn just over.
    cx.s.team_order = (0..cx.s.party.teams.len()).collect();
    cx.s.phase = Phase::Heroes(0);
    cx.banner();
}

/// Leaves the finished floor for the next one: what stays behind is lost,
/// the floor's tokens, pools and monsters are the next floor's, and the
/// heroes who went down wait outside its entrance.
fn next_floor(cx: &mut Ctx) {
    let Some(plan) = cx.s.floors.plan.clone() else {
        return;
    };
    let (f, n) = cx.s.floor_number().unwrap_or((1, 1));
    let next = cx.s.floors.floor + 1;
    let scenario = plan.floors[next].clone();
    cx.emit(Event::FloorDone { floor: f, of: n });
    // What stays behind is lost with the floor.
    for c in (0..cx.s.chests.len()).map(ChestId) {
        let keep = match cx.s.chests[c].place {
            ChestPlace::Hero(h) => cx.s.heroes[h].place == HeroPlace::Below,
            ChestPlace::Out | ChestPlace::Lost => true,
            ChestPlace::At(_) | ChestPlace::Monster(_) => false,
        };
        if !keep {
            cx.s.chests[c].place = ChestPlace::Lost;
            cx.emit(Event::LeftBehind { chest: c, floor: f });
        }
    }
    let s = &mut *cx.s;
    let fresh = State::new(scenario.clone(), s.party.clone(), s.tables.clone(), s.opts);
    // The chests from town came down with their bearers (or stayed
    // behind above): the fresh floor's copies of them are dropped.
    for mut c in fresh
        .chests
        .into_iter()
        .filter(|c| c.origin == ChestOrigin::Dungeon)
    {
        if !c.quest {
            c.id = s.next_chest_name();
        }
        s.chests.push(c);
    }
    s.board = fresh.board;
    s.wmts = fresh.wmts;
    // The monsters above stay behind, out of play; ids go on counting.
    for m in s.floor_monsters() {
        let mon = &mut s.monsters[m];
        mon.pos = None;
        mon.mode = MonsterMode::Gone;
        mon.carrying = None;
    }
    s.floor_from = s.monsters.len();
    s.fallen.clear();
    s.markers.clear();
    s.chest_pool = fresh.chest_pool;
    s.wmt_pool = fresh.wmt_pool;
    s.monster_pool = fresh.monster_pool;
    s.doors_left = fresh.doors_left;
    s.terrain_left = fresh.terrain_left;
    s.furnishings_left = fresh.furnishings_left;
    s.visited.clear();
    s.team_order = fresh.team_order;
    // The mission's goal (prisoner, chest hunters, kidnappee) lives on the
    // last floor only.
    s.mission = fresh.mission;
    s.scenario = scenario;
    let limit = s.floors.turn_limit;
    s.floors = FloorPlay {
        plan: Some(plan),
        floor: next,
        turn_limit: limit,
        second_entrance: None,
        stairs: fresh.floors.stairs,
        second_party: Vec::new(),
        left_by: BTreeMap::new(),
    };
    s.lay_floor_markers();
    let facing = s.board.entrance_side.opposite();
    let mut waiting = Vec::new();
    for h in s.hero_ids() {
        let hero = &mut s.heroes[h];
        if hero.place == HeroPlace::Below {
            hero.place = HeroPlace::Outside;
            hero.facing = facing;
            hero.displaced = false;
            waiting.push(h);
        }
    }
    // A new board, its tokens, no monsters yet: counted afresh.
    s.resync_standing();
    let central = s.board.tiles[s.board.central].label;
    let entrance_tile = s.board.tiles[s.scenario.entrance.tile].label;
    let (seed, tiles) = (s.scenario.seed, s.scenario.tiles.len());
    let (at, side) = (s.board.entrance[0], s.board.entrance_side);
    let stairs = s
        .stairs_down()
        .map(|(floor, at, tile)| Event::Stairs { floor, at, tile });
    cx.emit(Event::NewFloor {
        floor: f + 1,
        of: n,
        seed,
        tiles,
        central,
    });
    cx.emit(Event::FloorEntrance {
        at,
        side,
        tile: entrance_tile,
        waiting,
    });
    if let Some(e) = stairs {
        cx.emit(e);
    }
}
