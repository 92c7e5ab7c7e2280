//! The hostile scenarios of the missions: fields that disagree with the
//! mission, or pieces on a bad square.

use super::*;

/// Mission fields that disagree with the mission, or stand on a bad square.
pub(super) fn mission_cases() -> Vec<Case> {
    use Loader::Scenario as L;
    use tilecrawl::mkd::mission::Mission;
    use tilecrawl::mkd::scenario::{FloorOf, WmtToken};
    use tilecrawl::scenario::Spot;
    let quest = good_scenario_model();
    let rescue = generate(
        &tileset::default_tileset(),
        &GenerateParams {
            seed: 7,
            mission: Mission::parse("rescue+timed+split-up").unwrap(),
            ..GenerateParams::default()
        },
    )
    .unwrap();
    let edit = |base: &Scenario, f: &dyn Fn(&mut Scenario)| {
        let mut m = base.clone();
        f(&mut m);
        tilecrawl::mkd::scenario::to_yaml(&m)
    };
    let cc = quest.central_chamber.tile;
    let wall_in_cc = {
        let t = &rescue.tiles[rescue.central_chamber.tile];
        (t.y..t.y + t.height as i32)
            .flat_map(|y| (t.x..t.x + t.width as i32).map(move |x| (x, y)))
            .find(|&(x, y)| t.covers(x, y) && !rescue.cell(x, y).passable())
            .expect("the Central Chamber has a wall")
    };
    let some_hall = rescue
        .tiles
        .iter()
        .position(|t| t.kind == tileset::TileKind::Hallway)
        .unwrap();
    vec![
        case(
            L,
            "unknown mission",
            edit(&quest, &|m| m.game.mission = "heist".into()),
            &["mission: ", "unknown mission `heist`"],
        ),
        case(
            L,
            "two goals",
            edit(&quest, &|m| m.game.mission = "rescue+stealth".into()),
            &["mission: ", "cannot be combined"],
        ),
        case(
            L,
            "a prisoner on a quest",
            edit(&quest, &|m| {
                m.game.prisoner = Some(Spot {
                    x: m.entrance.x,
                    y: m.entrance.y,
                    tile: m.entrance.tile,
                })
            }),
            &[
                "prisoner: ",
                "quest mission has no prisoner; this scenario has one",
            ],
        ),
        case(
            L,
            "a rescue without its prisoner",
            edit(&rescue, &|m| m.game.prisoner = None),
            &[
                "prisoner: ",
                "rescue mission needs a prisoner in the Central Chamber; this scenario has none",
            ],
        ),
        case(
            L,
            "a prisoner on a wall",
            edit(&rescue, &|m| {
                m.game.prisoner = Some(Spot {
                    x: wall_in_cc.0,
                    y: wall_in_cc.1,
                    tile: m.central_chamber.tile,
                })
            }),
            &["prisoner: ", "expected a passable square"],
        ),
        case(
            L,
            "a prisoner outside the grid",
            edit(&rescue, &|m| {
                m.game.prisoner = Some(Spot {
                    x: -4,
                    y: 2,
                    tile: m.central_chamber.tile,
                })
            }),
            &["prisoner: ", "outside the"],
        ),
        case(
            L,
            "a set-aside Guardian on a quest",
            edit(&quest, &|m| {
                m.game.pools.guardian = Some(WmtToken {
                    color: tilecrawl::mkd::scenario::WmtColor::Red,
                    number: 3,
                })
            }),
            &["pools.guardian: ", "only a rescue mission"],
        ),
        case(
            L,
            "a Guardian on the map of a rescue",
            edit(&rescue, &|m| m.game.wmts[0].guardian = true),
            &["wmts[0]: ", "is a Guardian WMT, but the rescue mission"],
        ),
        case(
            L,
            "a Quest Chest in a kidnapping",
            edit(&quest, &|m| m.game.mission = "kidnapping".into()),
            &[
                "chests[0]: ",
                "is a Quest Chest, but the kidnapping mission",
            ],
        ),
        case(
            L,
            "a quest without its Quest Chest",
            edit(&quest, &|m| m.game.chests.clear()),
            &[
                "chests: ",
                "has no Quest Chest",
                "the quest mission needs exactly one",
            ],
        ),
        case(
            L,
            "a stealth mission whose Quest Chest is a plain one",
            edit(&quest, &|m| {
                m.game.mission = "stealth".into();
                m.game.wmts.retain(|w| !w.guardian);
                m.game.chests[0].quest = false;
            }),
            &["chests: ", "the stealth mission needs exactly one"],
        ),
        case(
            L,
            "two Quest Chests",
            edit(&quest, &|m| {
                let mut second = m.game.chests[0].clone();
                second.level = 1;
                m.game.chests.push(second);
            }),
            &["chests[1]: ", "is a second Quest Chest"],
        ),
        case(
            L,
            "two Guardians on a quest",
            edit(&quest, &|m| m.game.wmts[1].guardian = true),
            &["wmts[1]: ", "is a second Guardian WMT"],
        ),
        case(
            L,
            "a kidnapping without its Guardian",
            edit(&quest, &|m| {
                m.game.mission = "kidnapping".into();
                m.game.chests.clear();
                m.game.wmts.retain(|w| !w.guardian);
            }),
            &[
                "wmts: ",
                "has no Guardian WMT",
                "kidnapping mission needs one",
            ],
        ),
        case(
            L,
            "a timer that is not the formula",
            edit(&rescue, &|m| {
                m.game.turn_limit = m.game.turn_limit.map(|t| t + 1)
            }),
            &["turn_limit: ", "a timed mission on"],
        ),
        case(
            L,
            "a timer without timed",
            edit(&quest, &|m| m.game.turn_limit = Some(20)),
            &["turn_limit: ", "is not timed"],
        ),
        case(
            L,
            "timed without a timer",
            edit(&quest, &|m| m.game.mission = "quest+timed".into()),
            &["turn_limit: ", "is missing"],
        ),
        case(
            L,
            "split-up without a second entrance",
            edit(&rescue, &|m| m.game.second_entrance = None),
            &[
                "second_entrance: ",
                "needs a second entrance; this scenario has none",
            ],
        ),
        case(
            L,
            "a second entrance in a chamber",
            edit(&rescue, &|m| {
                let p = m.game.prisoner.unwrap();
                m.game.second_entrance = Some(p);
            }),
            &[
                "second_entrance: ",
                "expected a hallway other than the entrance's",
            ],
        ),
        case(
            L,
            "a second entrance on the wrong tile",
            edit(&rescue, &|m| {
                let e = m.game.second_entrance.unwrap();
                let other = if e.tile == some_hall {
                    m.entrance.tile
                } else {
                    some_hall
                };
                m.game.second_entrance = Some(Spot { tile: other, ..e });
            }),
            &["second_entrance: ", "is not on tile"],
        ),
        case(
            L,
            "a staircase on a one-floor quest",
            edit(&quest, &|m| {
                m.game.staircase = Some(Spot {
                    x: m.entrance.x,
                    y: m.entrance.y,
                    tile: m.entrance.tile,
                })
            }),
            &["staircase: ", "only a floor above the last"],
        ),
        case(
            L,
            "an upper floor without stairs",
            edit(&quest, &|m| {
                m.game.floor = Some(FloorOf { number: 1, of: 2 })
            }),
            &["staircase: ", "is missing"],
        ),
        case(
            L,
            "floor 3 of 2",
            edit(&quest, &|m| {
                m.game.floor = Some(FloorOf { number: 3, of: 2 })
            }),
            &["floor: ", "is floor 3 of 2"],
        ),
        case(
            L,
            "stairs outside the Central Chamber",
            edit(&quest, &|m| {
                m.game.floor = Some(FloorOf { number: 1, of: 2 });
                m.game.chests.clear();
                m.game.wmts.retain(|w| !w.guardian);
                m.game.staircase = Some(Spot {
                    x: m.entrance.x,
                    y: m.entrance.y,
                    tile: m.entrance.tile,
                });
                assert_ne!(m.entrance.tile, cc);
            }),
            &["staircase: ", "expected the Central Chamber"],
        ),
    ]
}
