//! Timed and split-up missions, and multi-floor dungeons, in play.
//!
//! # Timed
//!
//! The heroes have turns 1 to N (`turn_limit`; for a multi-floor dungeon the
//! dungeon's limit, counted over all floors). The limit bites at the end of
//! turn N, after the dungeon's own phases: if the goal is not out of the
//! dungeon by then, the heroes lose. Carrying the goal out during turn N
//! still wins, since the game ends the moment it is out.
//!
//! # Split-up
//!
//! Half the heroes come in at the second entrance (a staircase marker in a
//! hallway), the others at the normal entrance. With two or more teams, whole
//! teams split: the first half of the teams (rounded up) at the entrance, the
//! rest at the second entrance. With one team, its first half of the heroes
//! (rounded up) use the entrance and the rest the second entrance. A hero
//! enters only where their group starts. Either entrance is a way out for
//! everyone, heroes and monsters alike (stepping out costs 1 speed point
//! from either), and the goal carried out of either wins. Monsters making
//! for an exit (thieves, those fetching help, demoralized ones) take the
//! nearer one by route. A monster that left by the second entrance for help
//! comes back in there.
//!
//! # Multi-floor
//!
//! Every floor but the last has a staircase down. A hero standing on it
//! uses it for 3 speed points (`Ayla takes the stairs`), unless a monster is
//! in the staircase's tile; the hero leaves the floor, with wounds and
//! chests, and waits below. When no hero is left on the floor (all went
//! down, left or fell) and at least one waits below, the floor is done: the
//! turn ends there (the abandoned floor gets no dungeon phase), and the next
//! turn begins on the next floor with those heroes outside its entrance, as
//! at the start of a game (floor-wide things start afresh: tokens, pools,
//! visited tiles; the shared experience, hero levels, wounds and carried
//! chests go on). Chests left on a finished floor, or carried off by its
//! monsters, are lost with it. Each floor's entrance leads out of the whole
//! dungeon: a hero who leaves by it is out for good. Monsters fetching help
//! may go down the stairs as well as out of an entrance (whichever is
//! nearer), and come back up the same stairs; going down costs them the
//! same 3 speed points. Only the last floor holds the goal. A token that
//! answers the reinforcements roll still comes in at the main entrance.
//! The staircases turn with their tile when a vortex turns it.

use crate::mkd::floors::Dungeon;
use crate::mkd::play::engine::{Game, GameOptions};
use crate::mkd::play::party::Party;
use crate::mkd::scenario::Scenario;
use crate::mkd::tables::Tables;
use std::sync::Arc;

pub use crate::mkd::play::state::{FloorPlay, second_party};

/// What is played: one scenario, or a multi-floor dungeon.
#[derive(Debug, Clone)]
pub enum Adventure {
    /// A single scenario (`scenario.yaml`).
    Scenario(Arc<Scenario>),
    /// A multi-floor dungeon (`dungeon.yaml` and its floors).
    Dungeon(Arc<Dungeon>),
}

impl Adventure {
    /// A new game of it.
    pub fn new_game(&self, party: Arc<Party>, tables: Arc<Tables>, opts: GameOptions) -> Game {
        match self {
            Adventure::Scenario(s) => Game::new(s.clone(), party, tables, opts),
            Adventure::Dungeon(d) => Game::new_dungeon(d.clone(), party, tables, opts),
        }
    }

    /// The scenario the heroes start in (a dungeon's top floor).
    pub fn first_scenario(&self) -> &Arc<Scenario> {
        match self {
            Adventure::Scenario(s) => s,
            Adventure::Dungeon(d) => &d.floors[0],
        }
    }

    /// The master seed (the default seed of the play dice).
    pub fn seed(&self) -> u64 {
        match self {
            Adventure::Scenario(s) => s.seed,
            Adventure::Dungeon(d) => d.file.seed,
        }
    }

    /// A scenario, or a multi-floor dungeon (told apart by its `format:`
    /// line), from the text of the file at `path`; with the digest a save
    /// keeps (for a dungeon, over it and every floor file). Errors are one
    /// line naming the file.
    pub fn from_text(
        text: &str,
        path: &std::path::Path,
    ) -> Result<(Adventure, String), crate::core::yaml::FileError> {
        if crate::mkd::floors::is_dungeon_text(text) {
            if text.len() as u64 > crate::mkd::floors::MAX_DUNGEON_BYTES {
                return Err(crate::core::yaml::FileError::whole(
                    path.display().to_string(),
                    format!(
                        "file is {} bytes; a dungeon.yaml may be at most {} bytes",
                        text.len(),
                        crate::mkd::floors::MAX_DUNGEON_BYTES
                    ),
                ));
            }
            let d = crate::mkd::floors::dungeon_from_text(text, path)?;
            let digest = d.digest.clone();
            return Ok((Adventure::Dungeon(Arc::new(d)), digest));
        }
        let digest = crate::core::digest::digest(text.as_bytes());
        let s = crate::mkd::scenario::from_yaml(text, &path.display().to_string())?;
        Ok((Adventure::Scenario(Arc::new(s)), digest))
    }
}

impl Game {
    /// Sets up a multi-floor dungeon: the top floor, heroes outside its
    /// entrance; the later floors are played as the heroes go down.
    pub fn new_dungeon(
        dungeon: Arc<Dungeon>,
        party: Arc<Party>,
        tables: Arc<Tables>,
        opts: GameOptions,
    ) -> Game {
        let mut g = Game::new(dungeon.floors[0].clone(), party, tables, opts);
        let timed =
            crate::mkd::mission::Mission::parse(&dungeon.file.mission).is_ok_and(|m| m.timed);
        g.floors.turn_limit = if timed {
            dungeon.file.turn_limit.or(g.floors.turn_limit)
        } else {
            None
        };
        g.floors.plan = Some(dungeon);
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::board::PlayMarker;
    use crate::mkd::play::engine::CombatMode;
    use crate::mkd::play::event::{Ending, Event};
    use crate::mkd::play::refusal::{Names, Refusal, Square};
    use crate::mkd::play::state::{
        ChestId, ChestPlace, HeroPlace, MonsterMode, Outcome, PlacedMarker,
    };
    use crate::mkd::play::testkit::*;
    use crate::scenario::Spot;
    use crate::tileset::Side;

    fn opts() -> GameOptions {
        GameOptions {
            seed: 1,
            combat: CombatMode::Manual,
        }
    }

    /// A game of `s` with every tile visited (no discovery rolls).
    fn visited(s: Scenario, faces: &[u32]) -> Game {
        let mut g = game_of(s, CombatMode::Manual, faces);
        g.visited.extend(0..3);
        g
    }

    /// The test kit's two floors, played as a dungeon, floor 1's tiles
    /// visited.
    fn dungeon_game(faces: &[u32]) -> Game {
        let (file, floors) = two_floors();
        let d = Dungeon::new(file, floors, "test").expect("a good dungeon");
        let mut g = Game::new_dungeon(
            Arc::new(d),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            opts(),
        );
        g.script(faces);
        g.visited.extend(0..3);
        g
    }

    fn quest_scenario() -> Scenario {
        let mut s = scenario(Vec::new());
        s.game.chests[0].quest = true;
        s
    }

    fn ended(g: &Game, ev: &[Event], why: Ending, o: Outcome) {
        assert_eq!(g.outcome(), Some(o), "{}", printed(g, ev));
        assert!(ev.contains(&Event::Ended(why)), "{}", printed(g, ev));
    }

    // ------------------------------------------------------------ timed

    #[test]
    fn timed_the_goal_out_on_the_last_turn_wins() {
        let mut s = quest_scenario();
        s.game.turn_limit = Some(2);
        // The chest's trap roll 1 (no trap), its contents 1.
        let mut g = visited(s, &[1, 1]);
        assert!(
            g.intro()
                .iter()
                .any(|l| l == "== turn 1 of 2: Ann's heroes ==")
        );
        assert!(g.status()[0].starts_with("turn 1 of 2;"));
        // The chest is next to a hero; no tokens, so nothing interferes.
        put_hero(&mut g, 0, p(21, 7), Side::E);
        ok(&mut g, "Ayla opens chest at 22,7");
        ok(&mut g, "end turn");
        assert_eq!(g.turn, 2);
        put_hero(&mut g, 0, p(1, 3), Side::W);
        ok(&mut g, "Ayla moves to 0,3");
        let ev = ok(&mut g, "Ayla leaves");
        ended(&g, &ev, Ending::QuestOut, Outcome::Won);
        all_dice_used(&g);
    }

    #[test]
    fn timed_the_limit_passing_loses_with_a_clear_line() {
        let mut s = quest_scenario();
        s.game.turn_limit = Some(2);
        let mut g = visited(s, &[]);
        ok(&mut g, "end turn");
        assert_eq!(g.outcome(), None);
        let ev = ok(&mut g, "end turn");
        ended(&g, &ev, Ending::TimeUp { turn: 2, limit: 2 }, Outcome::Lost);
        assert!(printed(&g, &ev).contains(
            "Time is up: turn 2 of 2 is over and the goal is not out of the dungeon: the dungeon wins."
        ));
        assert_eq!(
            refused(&mut g, "Ayla moves to 1,3"),
            Refusal::GameOver {
                outcome: "the heroes lost"
            }
        );
    }

    #[test]
    fn untimed_games_show_plain_turns() {
        let mut g = visited(quest_scenario(), &[]);
        assert!(g.intro().iter().any(|l| l == "== turn 1: Ann's heroes =="));
        for _ in 0..30 {
            ok(&mut g, "end turn");
        }
        assert_eq!(g.outcome(), None);
    }

    // ------------------------------------------------------------ split-up

    fn split_scenario() -> Scenario {
        let mut s = quest_scenario();
        s.game.mission = "quest+split-up".into();
        // The second entrance in the narrow corridor of hallway H1.
        s.game.second_entrance = Some(Spot {
            x: 12,
            y: 3,
            tile: 1,
        });
        s
    }

    #[test]
    fn split_up_the_second_half_starts_at_the_second_entrance() {
        let mut g = visited(split_scenario(), &[]);
        assert!(
            g.intro()
                .iter()
                .any(|l| l.contains("second entrance (staircase) on 12,3 in H1; Borin start there")),
            "{:?}",
            g.intro()
        );
        assert_eq!(g.entry_squares(AYLA), g.board.entrance);
        assert_eq!(g.entry_squares(BORIN), vec![p(12, 3)]);
        // Borin comes in at 12,3: one step onto it, then two east.
        ok(&mut g, "Borin moves to 14,3");
        assert_eq!(g.heroes[BORIN].pos(), Some(p(14, 3)));
        assert_eq!(g.heroes[BORIN].spent, 3);
        // Ayla comes in at the west entrance.
        ok(&mut g, "Ayla moves to 1,3");
        assert_eq!(g.heroes[AYLA].spent, 2);
        // Two parties: the team of one and two teams.
        let two = crate::mkd::play::party::default_party();
        let v = second_party(&two);
        assert_eq!(v.iter().filter(|&&b| b).count(), two.teams[1].heroes.len());
        assert_eq!(second_party(&party()), vec![false, true]);
    }

    #[test]
    fn split_up_leaving_by_the_second_entrance_with_the_goal_wins() {
        let mut g = visited(split_scenario(), &[1, 1]);
        put_hero(&mut g, 1, p(21, 7), Side::E);
        ok(&mut g, "Borin opens chest at 22,7");
        ok(&mut g, "end turn");
        put_hero(&mut g, 1, p(13, 3), Side::W);
        ok(&mut g, "Borin moves to 12,3");
        let ev = ok(&mut g, "Borin leaves");
        assert_eq!(
            ev[0],
            Event::Left {
                hero: BORIN,
                carrying: vec![ChestId(0)]
            }
        );
        assert_eq!(
            printed(&g, &ev[..1]),
            "Borin leaves the dungeon carrying quest-chest"
        );
        ended(&g, &ev, Ending::QuestOut, Outcome::Won);
        all_dice_used(&g);
    }

    #[test]
    fn split_up_everyone_out_without_the_goal_loses() {
        let mut g = visited(split_scenario(), &[]);
        ok(&mut g, "Borin moves to 12,3");
        ok(&mut g, "Borin leaves");
        ok(&mut g, "Ayla moves to 0,3");
        let ev = ok(&mut g, "Ayla leaves");
        ended(&g, &ev, Ending::QuestNobodyLeft, Outcome::Lost);
        // Standing elsewhere is no way out.
        let mut g = visited(split_scenario(), &[]);
        ok(&mut g, "Borin moves to 13,3");
        let e = refused(&mut g, "Borin leaves");
        assert_eq!(
            e,
            Refusal::NotOnExit {
                hero: "Borin".into(),
                exits: vec![p(0, 3), p(0, 4), p(12, 3)]
            }
        );
        assert_eq!(
            e.to_string(),
            "Borin must stand on the entrance (0,3 or 0,4 or 12,3) to leave"
        );
    }

    #[test]
    fn split_up_the_second_entrance_turns_with_a_vortex() {
        let mut g = visited(split_scenario(), &[]);
        put_hero(&mut g, 0, p(9, 3), Side::E);
        g.markers.push(PlacedMarker {
            kind: PlayMarker::Vortex,
            pos: p(9, 3),
            tile: 1,
        });
        ok(&mut g, "Ayla uses vortex");
        // About H1's centre (11,3): 12,3 goes to 11,4, marker and all.
        assert_eq!(g.floors.second_entrance, Some(p(11, 4)));
        assert!(
            g.markers
                .iter()
                .any(|m| m.kind == PlayMarker::Staircase && m.pos == p(11, 4))
        );
        assert_eq!(g.entry_squares(BORIN), vec![p(11, 4)]);
        assert!(g.is_exit(p(11, 4)) && !g.is_exit(p(12, 3)));
    }

    #[test]
    fn split_up_a_thief_makes_for_the_nearer_exit() {
        let mut g = visited(split_scenario(), &[]);
        put_hero(&mut g, 0, p(2, 6), Side::N);
        let m = add_monster(&mut g, "orc", 20, p(14, 3), &[]);
        g.monsters[m].mode = MonsterMode::Fleeing;
        g.monsters[m].carrying = Some(ChestId(0));
        g.chests[0].place = ChestPlace::Monster(m);
        let ev = ok(&mut g, "end turn");
        assert!(ev.contains(&Event::MonsterLeaves {
            monster: m,
            stairs: false,
            chest: Some(ChestId(0)),
            for_help: false
        }));
        assert_eq!(g.chests[0].place, ChestPlace::Lost);
        ended(&g, &ev, Ending::QuestGone, Outcome::Lost);
    }

    #[test]
    fn split_up_help_seekers_come_back_where_they_left() {
        // Back in, it rolls 6, 6 (holds its ground) and 1 for reinforcements.
        let mut g = visited(split_scenario(), &[6, 6, 1]);
        put_hero(&mut g, 0, p(2, 6), Side::N);
        let m = add_monster(&mut g, "orc", 20, p(13, 3), &[]);
        g.monsters[m].mode = MonsterMode::Reinforcing;
        let ev = ok(&mut g, "end turn");
        assert!(ev.contains(&Event::MonsterLeaves {
            monster: m,
            stairs: false,
            chest: None,
            for_help: true
        }));
        assert_eq!(g.monsters[m].mode, MonsterMode::GoneForHelp);
        let ev = ok(&mut g, "end turn");
        assert!(ev.contains(&Event::ComesBack {
            monster: m,
            at: p(12, 3),
            stairs: false
        }));
        all_dice_used(&g);
    }

    // ------------------------------------------------------------ floors

    #[test]
    fn the_stairs_cost_three_and_need_the_hero_on_them() {
        let mut g = dungeon_game(&[]);
        assert!(
            g.intro().iter().any(|l| l
                == "stairs down to floor 2 on 20,3 in C2 (3 speed points to use; not with a monster in that tile)"),
            "{:?}",
            g.intro()
        );
        assert!(
            g.intro()
                .iter()
                .any(|l| l == "== turn 1, floor 1 of 2: Ann's heroes ==")
        );
        put_hero(&mut g, 0, p(19, 3), Side::E);
        assert_eq!(
            refused(&mut g, "Ayla takes the stairs"),
            Refusal::NotOnStairs {
                hero: "Ayla".into(),
                stairs: Square(p(20, 3))
            }
        );
        ok(&mut g, "Ayla moves to 20,3");
        assert_eq!(g.heroes[AYLA].spent, 1);
        let ev = ok(&mut g, "Ayla takes the stairs");
        assert_eq!(
            ev,
            [Event::WentDown {
                hero: AYLA,
                cost: 3,
                carrying: Vec::new(),
                floor: 2
            }]
        );
        assert_eq!(g.heroes[AYLA].spent, 4);
        assert_eq!(g.heroes[AYLA].place, HeroPlace::Below);
        // Not enough speed left: refused, nothing changes.
        let mut g = dungeon_game(&[]);
        put_hero(&mut g, 0, p(17, 3), Side::E);
        ok(&mut g, "Ayla moves to 20,3");
        let e = refused(&mut g, "Ayla goes down");
        assert_eq!(
            e.to_string(),
            "Ayla has 2 speed points left this activation; using the staircase costs 3"
        );
        assert_eq!(g.heroes[AYLA].pos(), Some(p(20, 3)));
    }

    #[test]
    fn a_floor_played_on_its_own_has_nothing_below() {
        let (_, floors) = two_floors();
        let mut g = visited(floors[0].clone(), &[]);
        put_hero(&mut g, 0, p(20, 3), Side::E);
        assert_eq!(
            refused(&mut g, "Ayla takes the stairs"),
            Refusal::FloorAlone { floor: 1, of: 2 }
        );
        assert_eq!(g.heroes[AYLA].pos(), Some(p(20, 3)));
    }

    #[test]
    fn the_stairs_are_refused_with_a_monster_in_the_tile() {
        let mut g = dungeon_game(&[]);
        put_hero(&mut g, 0, p(20, 3), Side::E);
        let m = add_monster(&mut g, "orc", 20, p(23, 7), &[]);
        assert_eq!(
            refused(&mut g, "Ayla takes the stairs"),
            Refusal::StairsGuarded {
                hero: "Ayla".into(),
                tile: "C2".into(),
                monsters: Names(vec!["orc".into()])
            }
        );
        assert_eq!(g.heroes[AYLA].pos(), Some(p(20, 3)));
        // In another tile it does not matter.
        g.monsters[m].pos = Some(p(12, 3));
        ok(&mut g, "Ayla takes the stairs");
    }

    #[test]
    fn the_next_floor_keeps_wounds_chests_and_experience() {
        // The chest: no trap (1), contents 1; floor 2's C1 discovery 1.
        let mut g = dungeon_game(&[1, 1, 1]);
        put_hero(&mut g, 0, p(21, 7), Side::E);
        ok(&mut g, "Ayla opens chest at 22,7");
        assert!(g.heroes[AYLA].chests.contains(&ChestId(0)));
        g.heroes[0].wounds = 2;
        g.xp = 70;
        g.xp_spent = 50;
        g.heroes[0].levels = 1;
        // A teleport on this floor is forgotten on the next.
        g.heroes[0].displaced = true;
        ok(&mut g, "end turn");
        put_hero(&mut g, 0, p(20, 3), Side::E);
        put_hero(&mut g, 1, p(20, 4), Side::E);
        ok(&mut g, "Ayla takes the stairs");
        assert_eq!(g.floor_number(), Some((1, 2)));
        ok(&mut g, "Borin moves to 20,3");
        let ev = ok(&mut g, "Borin takes the stairs");
        assert_eq!(
            ev[1..4],
            [
                Event::FloorDone { floor: 1, of: 2 },
                Event::NewFloor {
                    floor: 2,
                    of: 2,
                    seed: 2,
                    tiles: 3,
                    central: g.board.tiles[2].label
                },
                Event::FloorEntrance {
                    at: p(0, 3),
                    side: Side::W,
                    tile: g.board.tiles[0].label,
                    waiting: vec![AYLA, BORIN]
                },
            ]
        );
        assert!(
            printed(&g, &ev)
                .contains("-- floor 1 is done: the heroes below go on to floor 2 of 2 --")
        );
        assert_eq!(
            ev.last(),
            Some(&Event::Banner(crate::mkd::play::state::Banner::Heroes {
                turn: 3,
                limit: None,
                floor: Some((2, 2)),
                team: 0
            }))
        );
        assert_eq!(g.floor_number(), Some((2, 2)));
        assert_eq!(g.turn, 3);
        let a = &g.heroes[AYLA];
        assert_eq!((a.place, a.wounds, a.levels), (HeroPlace::Outside, 2, 1));
        assert!(!a.displaced);
        assert_eq!(a.chests, vec![ChestId(0)]);
        assert_eq!(g.chests[0].place, ChestPlace::Hero(AYLA));
        assert_eq!((g.xp, g.xp_spent), (70, 50));
        // Floor 2's own Quest Chest, with an id of its own.
        assert_eq!(g.chests[1].id, "quest-chest");
        assert_eq!(g.floors.stairs, None);
        assert!(g.status().iter().any(|l| l.contains("carries chest-1")));
        // Both come in afresh at floor 2's entrance (its C1 is new to them).
        ok(&mut g, "Ayla moves to 1,3");
        all_dice_used(&g);
    }

    #[test]
    fn a_chest_from_town_goes_down_with_its_bearer_and_is_not_set_up_again() {
        let (file, floors) = two_floors();
        let d = Dungeon::new(file, floors, "test").expect("a good dungeon");
        let blade = crate::mkd::tables::Item {
            name: "honed blade".into(),
            speed: 0,
            attack: 1,
            defence: 0,
            abilities: Vec::new(),
            potion: false,
        };
        let mut g = Game::new_dungeon(
            Arc::new(d),
            Arc::new(crate::mkd::play::testkit::party_bringing(vec![blade])),
            Arc::new(crate::mkd::tables::default_tables()),
            opts(),
        );
        // Floor 2's C1 discovery 1.
        g.script(&[1]);
        g.visited.extend(0..3);
        put_hero(&mut g, 0, p(20, 3), Side::E);
        put_hero(&mut g, 1, p(20, 4), Side::E);
        ok(&mut g, "Ayla takes the stairs");
        ok(&mut g, "Borin moves to 20,3");
        ok(&mut g, "Borin takes the stairs");
        assert_eq!(g.floor_number(), Some((2, 2)));
        let town: Vec<&str> = g
            .chests
            .iter()
            .filter(|c| c.origin == crate::mkd::play::state::ChestOrigin::Town)
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(town, ["town-1"], "one chest from town, not a fresh copy");
        let c = g
            .chests
            .iter()
            .position(|c| c.origin == crate::mkd::play::state::ChestOrigin::Town)
            .unwrap();
        assert_eq!(g.heroes[AYLA].chests, vec![ChestId(c)]);
        assert_eq!(g.chests[c].place, ChestPlace::Hero(AYLA));
        // Floor 1's chest and floor 2's Quest Chest keep the dungeon's names.
        let ids: Vec<&str> = g.chests.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["chest-1", "town-1", "quest-chest"]);
        assert_eq!(g.next_chest_name(), "chest-3");
    }

    #[test]
    fn monsters_of_a_floor_left_behind_keep_their_names_and_stay_out_of_play() {
        let mut g = dungeon_game(&[]);
        put_hero(&mut g, 0, p(20, 3), Side::E);
        put_hero(&mut g, 1, p(20, 4), Side::E);
        let m = add_monster(&mut g, "orc-1", 20, p(4, 4), &[]);
        ok(&mut g, "Ayla takes the stairs");
        ok(&mut g, "Borin moves to 20,3");
        ok(&mut g, "Borin takes the stairs");
        assert_eq!(g.floor_number(), Some((2, 2)));
        // The orc stays with its floor: out of play, its name kept.
        assert_eq!(g.monsters[m].pos, None);
        assert_eq!(g.monsters[m].mode, MonsterMode::Gone);
        assert_eq!(g.floor_monsters().count(), 0);
        assert_eq!(g.monster_at(p(4, 4)), None);
        assert!(matches!(
            refused(&mut g, "kill orc-1"),
            Refusal::NoMonsterRevealed { .. }
        ));
    }

    #[test]
    fn a_floor_is_done_only_when_nobody_is_left_on_it() {
        let mut g = dungeon_game(&[]);
        put_hero(&mut g, 0, p(20, 3), Side::E);
        ok(&mut g, "Ayla takes the stairs");
        // Borin is still outside floor 1: the floor goes on.
        ok(&mut g, "end turn");
        assert_eq!(g.floor_number(), Some((1, 2)));
        // He leaves by the entrance of floor 1: out of the whole dungeon.
        ok(&mut g, "Borin moves to 0,3");
        let ev = ok(&mut g, "Borin leaves");
        assert!(ev.contains(&Event::FloorDone { floor: 1, of: 2 }));
        assert_eq!(g.heroes[BORIN].place, HeroPlace::Escaped);
        assert_eq!(g.heroes[AYLA].place, HeroPlace::Outside);
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn leaving_by_floor_two_s_entrance_leaves_the_dungeon() {
        // Floor 2: the Quest Chest's trap 1 and contents 1; C1's discovery 1.
        let mut g = dungeon_game(&[1, 1, 1]);
        for h in 0..2 {
            put_hero(&mut g, h, p(20, 3 + h as i32), Side::E);
        }
        ok(&mut g, "Ayla takes the stairs");
        ok(&mut g, "Borin moves to 20,3");
        ok(&mut g, "Borin takes the stairs");
        assert_eq!(g.floor_number(), Some((2, 2)));
        // On floor 2, Ayla fetches the Quest Chest and walks out.
        g.visited.insert(2);
        put_hero(&mut g, 0, p(21, 7), Side::E);
        ok(&mut g, "Ayla opens chest at 22,7");
        ok(&mut g, "end turn");
        put_hero(&mut g, 0, p(1, 3), Side::W);
        ok(&mut g, "Ayla moves to 0,3");
        let ev = ok(&mut g, "Ayla leaves");
        ended(&g, &ev, Ending::QuestOut, Outcome::Won);
        all_dice_used(&g);
        // Leaving floor 2 without it while Borin is still outside: he can
        // still win; once both are out, the dungeon has won.
        let mut g = dungeon_game(&[1]);
        for h in 0..2 {
            put_hero(&mut g, h, p(20, 3 + h as i32), Side::E);
        }
        ok(&mut g, "Ayla takes the stairs");
        ok(&mut g, "Borin moves to 20,3");
        ok(&mut g, "Borin takes the stairs");
        ok(&mut g, "Ayla moves to 0,3");
        ok(&mut g, "Ayla leaves");
        assert_eq!(g.heroes[AYLA].place, HeroPlace::Escaped);
        assert_eq!(g.outcome(), None);
        ok(&mut g, "Borin moves to 0,4");
        let ev = ok(&mut g, "Borin leaves");
        ended(&g, &ev, Ending::QuestNobodyLeft, Outcome::Lost);
        all_dice_used(&g);
    }

    #[test]
    fn the_dungeon_timer_runs_over_every_floor() {
        let (mut file, mut floors) = two_floors();
        file.mission = "quest+timed".into();
        file.turn_limit = Some(3);
        // The floors say so too (a dungeon.yaml repeats them): 2 + 1 turns.
        for (s, limit) in floors.iter_mut().zip([2, 1]) {
            s.game.mission = "quest+timed".into();
            s.game.turn_limit = Some(limit);
        }
        let d = Dungeon::new(file, floors, "test").unwrap();
        let mut g = Game::new_dungeon(
            Arc::new(d),
            Arc::new(party()),
            Arc::new(crate::mkd::tables::default_tables()),
            opts(),
        );
        g.script(&[]);
        for h in 0..2 {
            put_hero(&mut g, h, p(20, 3 + h as i32), Side::E);
        }
        ok(&mut g, "Ayla takes the stairs");
        ok(&mut g, "Borin moves to 20,3");
        let ev = ok(&mut g, "Borin takes the stairs");
        assert!(
            printed(&g, &ev).contains("== turn 2 of 3, floor 2 of 2: Ann's heroes =="),
            "{}",
            printed(&g, &ev)
        );
        ok(&mut g, "end turn");
        let ev = ok(&mut g, "end turn");
        ended(&g, &ev, Ending::TimeUp { turn: 3, limit: 3 }, Outcome::Lost);
    }

    #[test]
    fn help_seekers_may_go_down_the_stairs_and_come_back_up() {
        // Back up, it rolls 6, 6 (holds its ground) and 1 for reinforcements.
        let mut g = dungeon_game(&[6, 6, 1]);
        put_hero(&mut g, 0, p(2, 6), Side::N);
        let m = add_monster(&mut g, "orc", 20, p(19, 3), &[]);
        g.monsters[m].mode = MonsterMode::Reinforcing;
        let ev = ok(&mut g, "end turn");
        let down = Event::MonsterLeaves {
            monster: m,
            stairs: true,
            chest: None,
            for_help: true,
        };
        let at = ev.iter().position(|e| *e == down).unwrap();
        assert_eq!(
            printed(&g, &ev[at..=at]),
            "orc goes down the stairs to fetch help (it comes back next activation)"
        );
        let ev = ok(&mut g, "end turn");
        assert!(ev.contains(&Event::ComesBack {
            monster: m,
            at: p(20, 3),
            stairs: true
        }));
        all_dice_used(&g);
    }

    #[test]
    fn a_dungeon_game_replays_to_the_same_transcript() {
        use crate::mkd::play::session::Session;
        let lines: Vec<String> = [
            "Ayla moves to 4,3",
            "Borin moves to 4,4",
            "end turn",
            "Ayla moves to 9,3",
            "Borin moves to 7,3",
            "end turn",
            "Ayla moves to 14,3",
            "Borin moves to 12,3",
            "end turn",
            "Ayla moves to 19,3",
            "Borin moves to 17,3",
            "end turn",
            "Ayla moves to 20,3",
            "Ayla takes the stairs",
            "Borin moves to 20,3",
            "end turn",
            "Borin takes the stairs",
            "status",
        ]
        .map(String::from)
        .to_vec();
        let new = || {
            let (file, floors) = two_floors();
            let d = Dungeon::new(file, floors, "test").expect("a good dungeon");
            Game::new_dungeon(
                Arc::new(d),
                Arc::new(party()),
                Arc::new(crate::mkd::tables::default_tables()),
                GameOptions {
                    seed: 5,
                    combat: CombatMode::Manual,
                },
            )
        };
        let mut s = Session::from_game(new());
        let mut transcript = s.intro();
        for l in &lines {
            transcript.extend(s.input(l));
        }
        assert!(
            transcript
                .iter()
                .any(|l| l.contains("floor 2 of 2: scenario seed 2")),
            "{}",
            transcript.join("\n")
        );
        assert!(
            !transcript.iter().any(|l| l.starts_with("! ")),
            "{}",
            transcript.join("\n")
        );
        let (again, t2) = Session::replay_game(new(), &lines);
        assert_eq!(t2, transcript);
        assert_eq!(again.game().status(), s.game().status());
        assert_eq!(again.game().floor_number(), Some((2, 2)));
    }

    #[test]
    fn automatic_heroes_take_the_stairs_and_fetch_the_goal_below() {
        use crate::core::dice::run_seed;
        use crate::mkd::play::simulate::play_adventure_logged;
        let (file, floors) = two_floors();
        let adv = Adventure::Dungeon(Arc::new(Dungeon::new(file, floors, "test").unwrap()));
        let party = Arc::new(party());
        let tables = Arc::new(crate::mkd::tables::default_tables());
        for i in 0..40 {
            let (r, log) = play_adventure_logged(&adv, &party, &tables, run_seed(3, i), 60);
            // No monster on either floor: the heroes always win, below.
            assert!(r.won, "run {i}: {r:?}\n{}", log.join("\n"));
            assert!(log.iter().any(|l| l.contains("goes down the stairs")));
            assert!(log.iter().any(|l| l.starts_with("-- floor 1 is done")));
        }
    }
}
