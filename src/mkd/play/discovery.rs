//! Discoveries: the roll when a hero first enters a tile other than the
//! Central Chamber, and what it brings (chests, tokens, doors, terrain
//! markers, furnishings, teleporters and vortexes from the pools).

use crate::mkd::play::board::walk::FAR;
use crate::mkd::play::board::{Board, Door, DoorTrap, Mover, PlayMarker};
use crate::mkd::play::ctx::Ctx;
use crate::mkd::play::event::{Chooser, Event, Pick, Topic};
use crate::mkd::play::reveal::put_pool_token;
use crate::mkd::play::state::{ChestId, ChestOrigin, ChestPlace, ChestState, HeroId, PlacedMarker};
use crate::mkd::scenario::TerrainSide;
use crate::mkd::tables::{Accessory, ChamberDiscovery, HallwayDiscovery};
use crate::scenario::Point;
use crate::tileset::{Cell, TileKind};

/// The discovery roll when hero `h` first enters tile `t` (none in the
/// Central Chamber).
pub fn discover(cx: &mut Ctx, t: usize, h: HeroId) {
    if t == cx.s.board.central {
        return;
    }
    let label = cx.s.board.tiles[t].label;
    match label.kind {
        TileKind::Chamber => {
            let face = cx.dice.d6(format_args!("chamber {label} discovery"));
            let row = cx.s.tables.chamber_discovery.get(face).result;
            cx.emit(Event::Discovery {
                hero: h,
                tile: label,
                face,
            });
            match row {
                ChamberDiscovery::Nothing => {}
                ChamberDiscovery::Chest => discover_chest(cx, t),
                ChamberDiscovery::Accessory => discover_accessory(cx, t),
                ChamberDiscovery::Wmt => discover_wmt(cx, t),
                ChamberDiscovery::ChestAndAccessory => {
                    discover_chest(cx, t);
                    discover_accessory(cx, t);
                }
            }
        }
        TileKind::Hallway => {
            let face = cx.dice.d6(format_args!("hallway {label} discovery"));
            let row = cx.s.tables.hallway_discovery.get(face).result;
            cx.emit(Event::Discovery {
                hero: h,
                tile: label,
                face,
            });
            match row {
                HallwayDiscovery::Nothing => {}
                HallwayDiscovery::Door => place_door(cx, t),
                HallwayDiscovery::TerrainMarker => place_terrain(cx, t),
                HallwayDiscovery::Chest => discover_chest(cx, t),
                HallwayDiscovery::Wmt => discover_wmt(cx, t),
            }
        }
    }
}

/// The free squares of tile `t` (no figure, chest or marker; `entrance`:
/// entrance squares too), nearest its centre first.
fn free_spots(cx: &Ctx, t: usize, entrance: bool) -> Vec<Point> {
    let s = &*cx.s;
    let c = s.board.tiles[t].centre;
    let mut v: Vec<Point> = s
        .board
        .tile_squares(t)
        .iter()
        .copied()
        .filter(|&p| {
            !s.occupied(p)
                && s.chest_at(p).is_none()
                && !s.markers.iter().any(|m| m.pos == p)
                && (entrance || !s.board.is_entrance(p))
        })
        .collect();
    v.sort_by_key(|p| ((p.x - c.x).abs() + (p.y - c.y).abs(), p.y, p.x));
    v
}

/// A free square of tile `t` nearest its centre.
fn spot_in_tile(cx: &Ctx, t: usize) -> Option<Point> {
    free_spots(cx, t, true).first().copied()
}

fn discover_chest(cx: &mut Ctx, t: usize) {
    if cx.s.chest_pool.is_empty() {
        cx.emit(Event::ChestPoolEmpty);
        return;
    }
    let Some(spot) = spot_in_tile(cx, t) else {
        cx.emit(Event::NoSquareForChest);
        return;
    };
    let k = cx
        .dice
        .choose(cx.s.chest_pool.len(), "chest drawn from the Chest Pool");
    let level = cx.s.chest_pool.remove(k);
    let chest = ChestId(cx.s.chests.len());
    let id = cx.s.next_chest_name();
    cx.s.chests
        .push(ChestState::shut(id, level, ChestPlace::At(spot)));
    cx.emit(Event::ChestFound { chest, at: spot });
}

fn discover_wmt(cx: &mut Ctx, t: usize) {
    if cx.s.wmt_pool.is_empty() {
        cx.emit(Event::TokenPoolEmpty);
        return;
    }
    let Some(spot) = spot_in_tile(cx, t) else {
        cx.emit(Event::NoSquareForToken);
        return;
    };
    let k = cx
        .dice
        .choose(cx.s.wmt_pool.len(), "token drawn from the WMT Pool");
    let w = put_pool_token(cx, k, spot);
    let token = cx.s.wmts[w].id;
    cx.emit(Event::TokenFound { token, at: spot });
    // It stands in the hero's tile: the hero's step reveals it next (see
    // `steps::enter_square`), which ends the activation.
}

fn discover_accessory(cx: &mut Ctx, t: usize) {
    let face = cx.dice.d6("accessory in the chamber");
    let row = cx.s.tables.accessory.get(face).result;
    cx.emit(Event::Accessory { face });
    match row {
        Accessory::Door => place_door(cx, t),
        Accessory::TerrainMarker => place_terrain(cx, t),
        Accessory::Furnishing => {
            if cx.s.furnishings_left.is_empty() {
                cx.emit(Event::NoFurnishing);
            } else {
                let name = cx.s.furnishings_left.remove(0);
                let tile = cx.s.board.tiles[t].label;
                let artifact = name == ARTIFACT;
                cx.emit(Event::Furnishing { name, tile });
                if artifact {
                    lay_artifact(cx, t);
                }
            }
        }
        Accessory::Teleporter => place_marker(cx, t, PlayMarker::Teleporter),
        Accessory::Vortex => place_marker(cx, t, PlayMarker::Vortex),
    }
}

/// The furnishing that is an artifact (the other furnishings are dressing).
pub const ARTIFACT: &str = "artifact";

/// An artifact set up in tile `t`: what it is by d6 on the artifact table,
/// lying open on the tile's first free square, as an open chest with no
/// gold (tilecrawl's reading; see `docs/src/rules.md`). A table set with no
/// artifact table gives artifacts no powers: nothing more is set up.
fn lay_artifact(cx: &mut Ctx, t: usize) {
    let Some(table) = cx.s.tables.artifacts.as_ref() else {
        return;
    };
    let Some(spot) = spot_in_tile(cx, t) else {
        cx.emit(Event::NoSquareForArtifact);
        return;
    };
    let face = cx
        .dice
        .d6(format_args!("artifact in {}", cx.s.board.tiles[t].label));
    let item = table.get(face).result.clone();
    let chest = ChestId(cx.s.chests.len());
    let id = cx.s.next_artifact_name();
    cx.s.gear_chests = true;
    cx.s.chests.push(ChestState::open_with(
        id,
        item,
        ChestOrigin::Artifact,
        ChestPlace::At(spot),
    ));
    cx.emit(Event::ArtifactLaid {
        chest,
        face,
        at: spot,
    });
}

fn place_marker(cx: &mut Ctx, t: usize, kind: PlayMarker) {
    let Some(spot) = spot_in_tile(cx, t) else {
        cx.emit(Event::NoSquareForMarker);
        return;
    };
    cx.emit(Event::MarkerLaid { kind, at: spot });
    cx.s.markers.push(PlacedMarker {
        kind,
        pos: spot,
        tile: t,
    });
}

/// A door from the pool on one of tile `t`'s entryways (by d6).
pub fn place_door(cx: &mut Ctx, t: usize) {
    if cx.s.doors_left == 0 {
        cx.emit(Event::NoDoorLeft);
        return;
    }
    let board = &cx.s.board;
    let ways: Vec<Vec<[Point; 2]>> = board
        .entryway_edges(t)
        .into_iter()
        .filter(|w| w.iter().all(|e| board.door_between(e[0], e[1]).is_none()))
        .collect();
    if ways.is_empty() {
        cx.emit(Event::EveryWayHasADoor);
        return;
    }
    let k = cx.choose_among(Chooser::Dungeon, Topic::Entryway, ways.len(), |k| {
        Pick::Square(ways[k][0][1])
    });
    cx.s.doors_left -= 1;
    let edges = ways[k].clone();
    cx.emit(Event::DoorLaid { at: edges[0][1] });
    cx.s.board_mut().doors.push(Door {
        edges,
        open: false,
        trap: DoorTrap::Unchecked,
    });
}

/// A terrain marker from the pool on the free square nearest tile `t`'s
/// centre. An obstacle must not cut the dungeon in two (our reading: the
/// rules lay markers, they do not mean to wall the heroes off), so squares
/// it would do that on are passed over.
pub fn place_terrain(cx: &mut Ctx, t: usize) {
    if cx.s.terrain_left.is_empty() {
        cx.emit(Event::NoTerrainLeft);
        return;
    }
    let side = cx.s.terrain_left[0];
    let cell = match side {
        TerrainSide::Obstacle => Cell::Blocking,
        TerrainSide::Special => Cell::Hindering,
    };
    // One piece of terrain to a square: a marker goes on clear floor, never
    // on hindering terrain or water already there (the vortex rule's "unless
    // hindering terrain already existed on the square").
    let mut spots = free_spots(cx, t, false);
    spots.retain(|&q| cx.s.board.cell(q) == Cell::Floor);
    let spot = spots
        .into_iter()
        .find(|&q| side == TerrainSide::Special || !would_cut_the_dungeon(cx.s.board_mut(), q));
    let Some(spot) = spot else {
        let tile = cx.s.board.tiles[t].label;
        cx.emit(Event::TerrainWouldBlock { tile, side });
        return;
    };
    cx.s.terrain_left.remove(0);
    cx.s.board_mut().set_cell(spot, cell);
    cx.emit(Event::TerrainLaid { side, at: spot });
}

/// Would blocking square `q` leave some walkable square unreachable from
/// the entrance (doors counted as open)?
fn would_cut_the_dungeon(board: &mut Board, q: Point) -> bool {
    let mover = Mover {
        hindering_extra: 0,
        door_open: Some(0),
        door_close: None,
        flies: false,
    };
    let entrance = board.entrance.clone();
    let reached = |b: &Board| {
        b.distances_to(&entrance, &mover, &|_| false)
            .iter()
            .filter(|&&d| d != FAR)
            .count()
    };
    let before = reached(board);
    let old = board.cell(q);
    board.set_cell(q, Cell::Blocking);
    let after = reached(board);
    board.set_cell(q, old);
    after + 1 < before
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::engine::Game;
    use crate::mkd::play::event::WalkEnd;
    use crate::mkd::play::state::{ChestId, MonsterId, TokenId};
    use crate::mkd::play::testkit::*;
    use crate::mkd::scenario::WmtColor;
    use crate::tileset::Side;

    /// The pool's token, yellow-3.
    const YELLOW_3: TokenId = TokenId {
        guardian: false,
        color: WmtColor::Yellow,
        number: 3,
        copy: 0,
    };

    /// Ayla walks from C1 into the hallway H1 (tile 1) with one door and one
    /// special-side terrain marker in the pool.
    fn into_hallway(faces: &[u32]) -> (Game, Vec<Event>) {
        let mut g = game(faces);
        g.doors_left = 1;
        g.terrain_left = vec![TerrainSide::Special];
        put_hero(&mut g, 0, p(6, 3), Side::E);
        g.visited.insert(0);
        let ev = ok(&mut g, "Ayla moves to 9,3");
        (g, ev)
    }

    /// Ayla walks from H1 into chamber C1 (tile 0) with a door, an
    /// obstacle and a shrine in the pool.
    fn into_chamber(faces: &[u32]) -> (Game, Vec<Event>) {
        let mut g = game(faces);
        g.doors_left = 1;
        g.terrain_left = vec![TerrainSide::Obstacle];
        g.furnishings_left = vec!["a shrine".into()];
        put_hero(&mut g, 0, p(9, 3), Side::W);
        g.visited.insert(1);
        let ev = ok(&mut g, "Ayla moves to 7,3");
        (g, ev)
    }

    fn discovery(g: &Game, tile: usize, face: u32) -> Event {
        Event::Discovery {
            hero: AYLA,
            tile: g.board.tiles[tile].label,
            face,
        }
    }

    #[test]
    fn a_hallway_is_rolled_for_once_on_first_entry() {
        let (mut g, ev) = into_hallway(&[1]);
        assert_eq!(
            ev,
            [
                Event::Walked {
                    hero: AYLA,
                    to: p(9, 3),
                    end: WalkEnd::Arrived
                },
                discovery(&g, 1, 1),
            ]
        );
        assert_eq!(
            printed(&g, &ev),
            "Ayla moves to 9,3\nAyla enters hallway H1 — discovery: rolled 1, holds nothing of note"
        );
        let again = ok(&mut g, "Ayla moves to 10,3");
        assert_eq!(again.len(), 1, "{again:?}");
        all_dice_used(&g);
    }

    /// A door a discovery lays shut across the rest of the walk stops the
    /// hero before it (a user's audit saw a hero walk on through it).
    #[test]
    fn a_door_laid_on_the_way_stops_the_walk_before_it() {
        let mut g = game(&[3, 2]);
        g.doors_left = 1;
        put_hero(&mut g, 0, p(13, 3), Side::E);
        // H1's first square entered (14,3) rolls its discovery: 3, a door,
        // on the east entryway (15,3|16,3), across the way to 17,3.
        let ev = ok(&mut g, "Ayla moves to 17,3");
        assert_eq!(
            ev[0],
            Event::Walked {
                hero: AYLA,
                to: p(17, 3),
                end: WalkEnd::StoppedAt(p(15, 3))
            }
        );
        assert!(ev.contains(&Event::DoorLaid { at: p(16, 3) }), "{ev:?}");
        assert_eq!(g.heroes[0].pos(), Some(p(15, 3)));
        assert!(g.board.shut_between(p(15, 3), p(16, 3)));
        // C2 was never entered: no roll for it.
        all_dice_used(&g);
    }

    #[test]
    fn a_hallway_s_3_lays_a_door_on_one_of_its_entryways() {
        // Two entryways (west, then east): the d6 2 picks the east one.
        let (g, ev) = into_hallway(&[3, 2]);
        assert_eq!(ev[3], Event::DoorLaid { at: p(16, 3) });
        assert_eq!(
            printed(&g, &ev[2..3]),
            "entryway for the door: rolled 2 — 16,3",
            "the die that picked the entryway is shown"
        );
        assert_eq!(g.board.doors.len(), 1);
        assert_eq!(g.board.doors[0].edges, [[p(15, 3), p(16, 3)]]);
        assert_eq!(g.doors_left, 0);
        all_dice_used(&g);
    }

    #[test]
    fn a_hallway_s_4_lays_a_terrain_marker_nearest_its_centre() {
        let (g, ev) = into_hallway(&[4]);
        assert_eq!(
            ev[2],
            Event::TerrainLaid {
                side: TerrainSide::Special,
                at: p(11, 3)
            }
        );
        assert_eq!(
            printed(&g, &ev[2..]),
            "a terrain marker (hindering side) on 11,3"
        );
        assert_eq!(g.board.cell(p(11, 3)), Cell::Hindering);
        assert!(g.terrain_left.is_empty());
        all_dice_used(&g);
    }

    #[test]
    fn a_hallway_s_5_draws_a_chest_from_the_pool() {
        let (g, ev) = into_hallway(&[5]);
        assert_eq!(
            ev[2],
            Event::ChestFound {
                chest: ChestId(1),
                at: p(11, 3)
            }
        );
        assert_eq!(printed(&g, &ev[2..]), "a chest (level 1) on 11,3 — chest-2");
        assert!(g.chest_pool.is_empty());
        all_dice_used(&g);
    }

    #[test]
    fn a_hallway_s_6_draws_a_token_that_the_hero_reveals_at_once() {
        // Its reveal, 1 + 1, is empty; the reveal ends Ayla's activation.
        let (g, ev) = into_hallway(&[6, 1, 1]);
        assert_eq!(
            ev,
            [
                Event::Walked {
                    hero: AYLA,
                    to: p(9, 3),
                    end: WalkEnd::StoppedAt(p(8, 3))
                },
                discovery(&g, 1, 6),
                Event::TokenFound {
                    token: YELLOW_3,
                    at: p(11, 3)
                },
                Event::Revealed {
                    token: YELLOW_3,
                    dice: [1, 1],
                    bonus: 0,
                    total: 2,
                    count: 0,
                    points: 0
                },
                Event::RevealEndsActivation { hero: AYLA },
            ]
        );
        assert!(g.wmt_pool.is_empty());
        assert!(g.heroes[AYLA].done);
        all_dice_used(&g);
    }

    /// The obstacle laid as a hero comes into a tile stops the rest of his
    /// walk before it: he never stands on it, and pays only for the
    /// squares walked.
    #[test]
    fn an_obstacle_laid_on_the_way_stops_the_walk_before_it() {
        // Chamber C1, then an accessory (4): the obstacle (3) near the
        // centre, 3,3, the square Ayla is walking to from 8,3.
        let mut g = game(&[4, 3]);
        g.terrain_left = vec![TerrainSide::Obstacle];
        put_hero(&mut g, 0, p(8, 3), Side::W);
        g.visited.insert(1);
        let ev = ok(&mut g, "Ayla moves to 3,3");
        assert!(ev.contains(&Event::TerrainLaid {
            side: TerrainSide::Obstacle,
            at: p(3, 3)
        }));
        assert_eq!(g.board.cell(p(3, 3)), Cell::Blocking);
        assert_eq!(g.heroes[0].pos(), Some(p(4, 3)));
        assert_eq!(g.heroes[0].spent, 4, "8,3 to 4,3 is four squares");
        all_dice_used(&g);
    }

    #[test]
    fn a_chamber_s_rows_do_what_the_table_says() {
        // 1: nothing else happens.
        let (g, ev) = into_chamber(&[1]);
        assert_eq!(ev.len(), 2);
        assert_eq!(ev[1], discovery(&g, 0, 1));
        // 3: a chest, near the centre (3,3).
        let (g, ev) = into_chamber(&[3]);
        assert_eq!(
            ev[2],
            Event::ChestFound {
                chest: ChestId(1),
                at: p(3, 3)
            }
        );
        all_dice_used(&g);
        // 5: a token, revealed at once (empty: 1 + 1).
        let (g, ev) = into_chamber(&[5, 1, 1]);
        assert_eq!(
            ev[2],
            Event::TokenFound {
                token: YELLOW_3,
                at: p(3, 3)
            }
        );
        assert!(g.wmt_pool.is_empty());
        all_dice_used(&g);
        // 6: a chest and an accessory (a door: the only entryway).
        let (g, ev) = into_chamber(&[6, 1]);
        assert_eq!(
            ev[2..],
            [
                Event::ChestFound {
                    chest: ChestId(1),
                    at: p(3, 3)
                },
                Event::Accessory { face: 1 },
                Event::DoorLaid { at: p(8, 3) },
            ]
        );
        all_dice_used(&g);
    }

    #[test]
    fn the_accessory_rows_do_what_the_table_says() {
        // 1-2: a door.
        let (g, ev) = into_chamber(&[4, 2]);
        assert_eq!(ev[3], Event::DoorLaid { at: p(8, 3) });
        assert_eq!(g.board.doors.len(), 1);
        // 3: a terrain marker (obstacle side) near the centre.
        let (g, ev) = into_chamber(&[4, 3]);
        assert_eq!(
            ev[3],
            Event::TerrainLaid {
                side: TerrainSide::Obstacle,
                at: p(3, 3)
            }
        );
        assert_eq!(g.board.cell(p(3, 3)), Cell::Blocking);
        // 4: a furnishing from the pool.
        let (g, ev) = into_chamber(&[4, 4]);
        assert_eq!(
            printed(&g, &ev[2..]),
            "accessory: rolled 4, a furnishing\nset up a shrine in C1"
        );
        assert!(g.furnishings_left.is_empty());
        // 5: a teleporter; 6: a vortex.
        for (face, kind) in [(5, PlayMarker::Teleporter), (6, PlayMarker::Vortex)] {
            let (g, ev) = into_chamber(&[4, face]);
            assert_eq!(ev[3], Event::MarkerLaid { kind, at: p(3, 3) });
            assert_eq!(g.markers[0].kind, kind);
            all_dice_used(&g);
        }
    }

    #[test]
    fn empty_pools_bring_nothing() {
        let mut g = game(&[3, 4, 1]);
        g.chest_pool.clear();
        put_hero(&mut g, 0, p(9, 3), Side::W);
        g.visited.insert(1);
        let (_, ev) = rule(&mut g, |cx| {
            discover(cx, 0, AYLA);
            place_door(cx, 1);
            place_terrain(cx, 1);
            discover_accessory(cx, 0);
            discover_accessory(cx, 0);
        });
        assert_eq!(
            ev[1..],
            [
                Event::ChestPoolEmpty,
                Event::NoDoorLeft,
                Event::NoTerrainLeft,
                Event::Accessory { face: 4 },
                Event::NoFurnishing,
                Event::Accessory { face: 1 },
                Event::NoDoorLeft,
            ]
        );
        g.wmt_pool.clear();
        let (_, ev) = rule(&mut g, |cx| discover_wmt(cx, 0));
        assert_eq!(ev, [Event::TokenPoolEmpty]);
    }

    #[test]
    fn the_central_chamber_has_no_discovery_roll() {
        let mut g = game(&[]);
        put_hero(&mut g, 0, p(16, 3), Side::E);
        g.visited.insert(0);
        g.visited.insert(1);
        let ev = ok(&mut g, "Ayla moves to 17,3");
        assert_eq!(ev.len(), 1);
    }

    #[test]
    fn an_obstacle_never_walls_the_heroes_off() {
        let mut g = game(&[]);
        g.terrain_left = vec![TerrainSide::Obstacle];
        // Every square of H1 is its one-square corridor: no square takes it.
        let (_, ev) = rule(&mut g, |cx| place_terrain(cx, 1));
        assert_eq!(
            ev,
            [Event::TerrainWouldBlock {
                tile: g.board.tiles[1].label,
                side: TerrainSide::Obstacle
            }]
        );
        assert_eq!(
            printed(&g, &ev),
            "no square of H1 takes the obstacle marker without blocking the way; it stays in the pool"
        );
        assert_eq!(g.terrain_left.len(), 1);
        assert!((8..16).all(|x| g.board.cell(p(x, 3)) == Cell::Floor));
        // In an open chamber it goes down near the centre.
        rule(&mut g, |cx| place_terrain(cx, 0));
        assert!(g.terrain_left.is_empty());
        assert_eq!(g.board.cell(g.board.tiles[0].centre), Cell::Blocking);
    }

    #[test]
    fn a_monster_list_s_own_statistics_beat_the_point_bands() {
        // Facing north (1) twice.
        let mut g = game(&[1, 1]);
        let own = crate::mkd::figures::Stats {
            speed: 7,
            attacks: 9,
            shoot: None,
            armour: 6,
            wounds: 11,
        };
        std::sync::Arc::make_mut(&mut g.monster_pool)[0].stats = Some(own);
        let (placed, _) = rule(&mut g, |cx| {
            crate::mkd::play::reveal::place_monsters(
                cx,
                &[0],
                p(4, 4),
                crate::mkd::play::reveal::Cause::Other,
            )
        });
        assert_eq!(placed, [MonsterId(0)]);
        assert_eq!(g.monsters[placed[0]].stats, own);
        std::sync::Arc::make_mut(&mut g.monster_pool)[0].stats = None;
        let (placed, _) = rule(&mut g, |cx| {
            crate::mkd::play::reveal::place_monsters(
                cx,
                &[0],
                p(5, 5),
                crate::mkd::play::reveal::Cause::Other,
            )
        });
        assert_eq!(g.monsters[placed[0]].stats, *g.tables.profile_for(20));
        all_dice_used(&g);
    }

    #[test]
    fn an_artifact_lies_open_in_the_chamber_and_whoever_takes_it_up_has_its_powers() {
        // 4: an accessory; 4: a furnishing, the pool's artifact; 3 on the
        // artifact table: the ember brand (attack +1).
        let mut g = game(&[4, 4, 3]);
        g.furnishings_left = vec![ARTIFACT.into(), "dressing set: a shrine".into()];
        put_hero(&mut g, 0, p(9, 3), Side::W);
        g.visited.insert(1);
        let chests = g.chests.len();
        let ev = ok(&mut g, "Ayla moves to 7,3");
        all_dice_used(&g);
        let c = ChestId(chests);
        assert_eq!(
            printed(&g, &ev[2..5]),
            "accessory: rolled 4, a furnishing\nset up artifact in C1\n\
             artifact: rolled 3, a sword whose edge glows like a coal — artifact-1 on 3,3, the ember brand"
        );
        assert_eq!(
            ev[4],
            Event::ArtifactLaid {
                chest: c,
                face: 3,
                at: p(3, 3)
            }
        );
        let chest = &g.chests[c];
        assert_eq!(chest.id, "artifact-1");
        assert_eq!(chest.origin, ChestOrigin::Artifact);
        assert!(g.gear_chests, "the automatic heroes will look for it");
        assert!(chest.open && chest.place == ChestPlace::At(p(3, 3)));
        let item = match &chest.contents {
            Some((0, Some(i))) => i.clone(),
            other => panic!("no gold and an item expected, got {other:?}"),
        };
        assert_eq!((item.name.as_str(), item.attack), ("ember brand", 1));
        // The artifact is not one of the dungeon's numbered chests.
        assert_eq!(g.next_chest_name(), format!("chest-{}", chests + 1));
        assert_eq!(g.next_artifact_name(), "artifact-2");
        assert!(
            crate::mkd::play::transcript::status(&g).contains(
                &"artifact-1 (artifact): on 3,3, open; holds the ember brand".to_string()
            )
        );
        // Taken up like an open chest, its bonus goes to its bearer.
        let base = g.heroes[AYLA].stats;
        put_hero(&mut g, 0, p(4, 3), Side::W);
        g.heroes[AYLA].spent = 0;
        ok(&mut g, "Ayla takes chest at 3,3");
        assert_eq!(g.chests[c].place, ChestPlace::Hero(AYLA));
        assert_eq!(g.heroes[AYLA].stats.attacks, base.attacks + 1);
    }

    #[test]
    fn a_dressing_set_or_a_table_set_without_artifacts_lays_nothing() {
        // A dressing set: no die on the artifact table.
        let (g, _) = into_chamber(&[4, 4]);
        all_dice_used(&g);
        assert!(g.chests.iter().all(|c| c.origin != ChestOrigin::Artifact));
        // Tables without an artifact table: the artifact has no powers and
        // nothing is set up (no die either).
        let mut g = game(&[4, 4]);
        let mut tables = (*g.tables).clone();
        tables.artifacts = None;
        g.tables = std::sync::Arc::new(tables);
        g.furnishings_left = vec![ARTIFACT.into()];
        put_hero(&mut g, 0, p(9, 3), Side::W);
        g.visited.insert(1);
        let ev = ok(&mut g, "Ayla moves to 7,3");
        all_dice_used(&g);
        assert!(printed(&g, &ev).ends_with("set up artifact in C1"));
        assert!(g.chests.iter().all(|c| c.origin != ChestOrigin::Artifact));
    }
}
