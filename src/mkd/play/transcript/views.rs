//! What `status`, `help` and the opening lines print.

use super::*;

/// `turn 5`, or `turn 5 of 24` on a timed mission.
fn turn_text(s: &State) -> String {
    match s.floors.turn_limit {
        Some(n) => format!("turn {} of {n}", s.turn),
        None => format!("turn {}", s.turn),
    }
}

/// `, floor 1 of 2` in a multi-floor dungeon, else nothing.
fn floor_text(s: &State) -> String {
    match s.floor_number() {
        Some((f, n)) => format!(", floor {f} of {n}"),
        None => String::new(),
    }
}

/// The opening lines of a transcript.
pub fn intro(s: &State) -> Vec<String> {
    let sc = &s.scenario;
    let mut v = vec![
        format!(
            "tilecrawl play: scenario seed {}, {} tiles, Central Chamber {}; play dice seed {}; {} combat",
            sc.seed,
            sc.tiles.len(),
            s.board.tiles[s.board.central].label,
            s.opts.seed,
            s.opts.combat.name()
        ),
        format!(
            "entrance at {} ({} side of {}); heroes wait outside: {}",
            super::entrance_span(s, s.board.entrance[0]),
            side_word(s.board.entrance_side),
            s.board.tiles[sc.entrance.tile].label,
            join(
                s.party.teams.iter().map(|t| format!(
                    "{} ({})",
                    t.player,
                    join(t.heroes.iter().map(|h| h.name.as_str()), ", ")
                )),
                "; "
            )
        ),
    ];
    if let Some(line) = mission_intro(s) {
        v.push(line);
    }
    v.extend(floors_intro(s));
    v.push(HELP_HINT.into());
    v.push(banner(s, s.banner()));
    v
}

/// The intro's last opening line: where to find the commands.
pub(super) const HELP_HINT: &str =
    "type `help` for the commands, `status` for where everyone stands, `map` for the board";

/// Is this one of the intro's opening lines, which `play --quiet` leaves out:
/// what the scenario is, where the heroes wait, the `help`/`map` hint? The
/// mission, floor and turn-limit lines and the first banner are the game's
/// own and stay.
pub fn is_opening_line(line: &str) -> bool {
    line.starts_with("tilecrawl play: ")
        || (line.starts_with("entrance at ") && line.contains("; heroes wait outside: "))
        || line == HELP_HINT
}

/// A transcript without its opening lines (see [`is_opening_line`]); only
/// the lines before the first command are looked at.
pub fn without_opening(lines: &[String]) -> Vec<String> {
    let first_command = lines
        .iter()
        .position(|l| l.starts_with("> "))
        .unwrap_or(lines.len());
    lines
        .iter()
        .enumerate()
        .filter(|(i, l)| *i >= first_command || !is_opening_line(l))
        .map(|(_, l)| l.clone())
        .collect()
}

/// The intro line naming the mission (none for a plain quest).
fn mission_intro(s: &State) -> Option<String> {
    match s.mission.goal {
        Goal::Quest => None,
        Goal::Rescue => Some(match &s.mission.prisoner {
            Some(p) => format!(
                "mission: rescue — {} is held on {}, one wound from death; free them (`NAME frees prisoner` from next to them) and bring them out",
                p.name,
                fmt_point(p.pos().expect("held on a square"))
            ),
            None => "mission: rescue — but this scenario holds no prisoner".into(),
        }),
        Goal::Stealth => Some(
            "mission: stealth — carry the Quest Chest out before a monster destroys it".into(),
        ),
        Goal::Kidnapping => Some(
            "mission: kidnapping — capture the monster the wandering Guardian hides and bring it out alive"
                .into(),
        ),
    }
}

/// The intro lines timed, split-up and multi-floor play add.
fn floors_intro(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    if let Some((f, n)) = s.floor_number() {
        v.push(format!(
            "multi-floor dungeon: floor {f} of {n}; the goal is on floor {n}; each floor's entrance leads out of the whole dungeon"
        ));
    }
    if let Some((floor, at, tile)) = s.stairs_down() {
        print_event(s, &Event::Stairs { floor, at, tile }, &mut v);
    }
    if let Some(n) = s.floors.turn_limit {
        v.push(format!(
            "timed mission: {n} turns; the goal must be out of the dungeon by the end of turn {n}"
        ));
    }
    if let Some(p) = s.floors.second_entrance {
        let names = s
            .hero_ids()
            .filter(|&h| s.starts_second(h))
            .map(|h| hero(s, h).to_string());
        v.push(format!(
            "split up: a second entrance (staircase) on {}{}; {} start there, the others at the entrance; either is a way out",
            fmt_point(p),
            s.board
                .tile_at(p)
                .map(|t| format!(" in {}", s.board.tiles[t].label))
                .unwrap_or_default(),
            join(names, ", ")
        ));
    }
    v
}

/// The `help` lines in the party's own names: the first two heroes stand
/// for `Ayla` and `Borin`, the last team's player for `Bob`; of the
/// missions' lines only the game's own mission's.
pub fn help(s: &State, missions: bool, stairs: bool) -> Vec<String> {
    let heroes: Vec<&str> = s
        .party
        .teams
        .iter()
        .flat_map(|t| t.heroes.iter().map(|h| h.name.as_str()))
        .collect();
    let a = heroes.first().copied().unwrap_or("Ayla");
    let b = heroes.get(1).copied().unwrap_or(a);
    let player = s.party.teams.last().map_or("Bob", |t| t.player.as_str());
    let mission = match s.mission.goal {
        Goal::Quest => None,
        Goal::Rescue => Some("rescue:"),
        Goal::Stealth => Some("stealth"),
        Goal::Kidnapping => Some("kidnapping:"),
    };
    let mut lines: Vec<&str> = command::HELP.lines().collect();
    if missions && let Some(word) = mission {
        let mut m = command::MISSION_HELP.lines();
        lines.extend(m.next());
        lines.extend(m.filter(|l| {
            l.split_once("  ")
                .and_then(|(_, rest)| rest.trim_start().split_once("  "))
                .is_some_and(|(_, d)| d.trim_start().starts_with(word))
        }));
    }
    if stairs {
        lines.push(command::HELP_STAIRS);
    }
    // Only what this game takes: the combat mode's own lines, and a
    // teleporter's or vortex's once one lies on the board.
    let manual = s.opts.combat == crate::mkd::play::state::CombatMode::Manual;
    let laid = |k: PlayMarker| s.markers.iter().any(|m| m.kind == k);
    lines.retain(|l| {
        let dice_only = l.contains("(dice combat)") || l.contains("dice combat:");
        let manual_only =
            l.contains("(manual)") || l.contains("manual:") || l.contains("manual combat");
        !(manual && dice_only
            || !manual && manual_only
            || l.contains(" teleports ") && !laid(PlayMarker::Teleporter)
            || l.contains(" uses vortex ") && !laid(PlayMarker::Vortex))
    });
    let named = |t: &str| {
        t.split(' ')
            .map(|w| match w {
                "Ayla" => a,
                "Borin" => b,
                "Bob" => player,
                w => w,
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    // "  command   description": the command's words renamed, the
    // description kept, the column realigned to the longest command (but
    // for the one long line of reports, which keeps three spaces).
    enum HelpLine<'a> {
        Command(String, &'a str),
        Text(String),
    }
    let split: Vec<HelpLine> = lines
        .into_iter()
        .map(
            |l| match l.strip_prefix("  ").and_then(|r| r.split_once("  ")) {
                Some((cmd, desc)) => HelpLine::Command(named(cmd), desc.trim_start()),
                None => HelpLine::Text(named(l)),
            },
        )
        .collect();
    let width = split
        .iter()
        .filter_map(|x| match x {
            HelpLine::Command(c, _) => Some(c.chars().count()),
            HelpLine::Text(_) => None,
        })
        .filter(|&n| n <= 40)
        .max()
        .unwrap_or(0)
        .max(26)
        + 2;
    split
        .into_iter()
        .map(|x| match x {
            HelpLine::Command(cmd, desc) if cmd.chars().count() < width => {
                format!("  {cmd:<width$}{desc}")
            }
            HelpLine::Command(cmd, desc) => format!("  {cmd}   {desc}"),
            HelpLine::Text(l) => l,
        })
        .collect()
}

/// The `status` lines.
pub fn status(s: &State) -> Vec<String> {
    let now = match s.phase {
        Phase::Heroes(t) => Some(t),
        Phase::Reports | Phase::Over(_) => None,
    };
    let mut v = vec![format!(
        "{}{}; {}; experience pool {} ({} spent); chest pool {:?}; WMT pool {} token(s)",
        turn_text(s),
        floor_text(s),
        match now {
            Some(t) => format!("{}'s heroes act", s.party.teams[s.team_order[t]].player),
            None if s.phase == Phase::Reports => {
                "the monsters wait for the fights to be reported (then `done`)".into()
            }
            None => "the adventure is over".into(),
        },
        s.xp - s.xp_spent,
        s.xp_spent,
        s.chest_pool,
        s.wmt_pool.len()
    )];
    for (i, h) in s.heroes.iter().enumerate() {
        let in_play = matches!(h.place, HeroPlace::Outside | HeroPlace::At(_));
        // Where the hero's team stands in this turn's order.
        let order = s.team_order.iter().position(|&t| t == h.team);
        let turn = match (now, order) {
            _ if !in_play => String::new(),
            (Some(t), Some(o)) if o < t => ", has acted this turn".into(),
            (Some(t), Some(o)) if o > t => {
                format!(", acts later this turn (speed {})", s.hero_speed(HeroId(i)))
            }
            (Some(_), Some(_)) => {
                let left = s.hero_speed(HeroId(i)).saturating_sub(h.spent);
                let word = if h.done || h.held > 0 {
                    "done"
                } else if s.active_hero == Some(HeroId(i)) {
                    "acting"
                } else if h.spent > 0 {
                    "has acted"
                } else {
                    "to act"
                };
                format!(", speed {left} of {} left, {word}", s.hero_speed(HeroId(i)))
            }
            _ => String::new(),
        };
        let place = match h.place {
            HeroPlace::Outside => "outside".to_string(),
            HeroPlace::At(p) => format!("on {}", fmt_point(p)),
            HeroPlace::Escaped => "escaped".into(),
            HeroPlace::Slain if h.out_cold => "out cold".into(),
            HeroPlace::Slain => "slain".into(),
            HeroPlace::Below => "gone down the stairs".into(),
        };
        v.push(format!(
            "hero {} ({}): {place}, wounds {}/{}{turn}{}{}",
            h.name,
            s.party.teams[h.team].player,
            h.wounds.min(h.stats.wounds),
            h.stats.wounds,
            if h.levels > 0 {
                format!(", +{} level{}", h.levels, plural(h.levels))
            } else {
                String::new()
            },
            if h.chests.is_empty() {
                String::new()
            } else {
                format!(
                    ", carries {}",
                    join(h.chests.iter().map(|&c| chest(s, c)), ", ")
                )
            }
        ));
    }
    for w in &s.wmts {
        v.push(format!(
            "WMT {} on {}{}",
            w.id,
            fmt_point(w.pos),
            if w.guardian() { " (Guardian)" } else { "" }
        ));
    }
    for m in s.floor_monsters() {
        let m = &s.monsters[m];
        let Some(p) = m.pos else { continue };
        v.push(format!(
            "monster {} ({} pts) on {} facing {}, wounds {}/{}{}{}",
            m.id,
            m.points,
            fmt_point(p),
            side_word(m.facing),
            m.wounds,
            m.stats.wounds,
            if m.mounted() { ", mounted" } else { "" },
            if m.surprised { ", surprised" } else { "" }
        ));
    }
    v.extend(mission_status(s));
    for c in &s.chests {
        let place = match c.place {
            ChestPlace::At(p) => format!("on {}", fmt_point(p)),
            ChestPlace::Hero(h) => format!("carried by {}", hero(s, h)),
            ChestPlace::Monster(m) => format!("carried by {}", monster(s, m)),
            ChestPlace::Out => "out of the dungeon".into(),
            ChestPlace::Lost => "lost".into(),
        };
        // What an open chest was found to hold (the heroes have seen it).
        let holds = match &c.contents {
            Some((gold, item)) if c.open => {
                let mut what: Vec<String> = Vec::new();
                if *gold > 0 {
                    what.push(format!("{gold} gold"));
                }
                if let Some(i) = item {
                    what.push(format!(
                        "the {}{}",
                        i.name,
                        match (i.potion, c.full) {
                            (false, _) => "",
                            (true, true) => " (not drunk yet)",
                            (true, false) => " (drunk)",
                        }
                    ));
                }
                if what.is_empty() {
                    "; empty".to_string()
                } else {
                    format!("; holds {}", what.join(" and "))
                }
            }
            _ => String::new(),
        };
        let kind = match c.origin {
            ChestOrigin::Artifact => "artifact".to_string(),
            ChestOrigin::Dungeon | ChestOrigin::Town => format!("level {}", c.level),
        };
        v.push(format!(
            "{} ({kind}): {place}{}{holds}",
            c.id,
            if c.open { ", open" } else { "" }
        ));
    }
    v
}

/// The mission's `status` lines.
fn mission_status(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    match s.mission.goal {
        Goal::Quest => {}
        Goal::Rescue => {
            if let Some(p) = &s.mission.prisoner {
                let trap = match s.mission.prisoner_trap {
                    DoorTrap::Unchecked => "trap unchecked",
                    DoorTrap::Armed { .. } => "trap armed",
                    DoorTrap::Spent => "no active trap",
                };
                v.push(format!(
                    "mission rescue: {} is held on {} ({trap})",
                    p.name,
                    fmt_point(p.pos().expect("held on a square"))
                ));
            } else if let Some(h) = s.mission.freed {
                let who = &s.heroes[h];
                v.push(format!(
                    "mission rescue: {} is free ({})",
                    who.name,
                    match who.place {
                        HeroPlace::At(p) => format!("on {}", fmt_point(p)),
                        HeroPlace::Escaped => "out of the dungeon".into(),
                        HeroPlace::Slain => "slain".into(),
                        HeroPlace::Outside => "outside".into(),
                        HeroPlace::Below => "on the floor below".into(),
                    }
                ));
            } else {
                v.push("mission rescue: this scenario holds no prisoner".into());
            }
        }
        Goal::Stealth => {
            let hunters: Vec<&str> = s
                .floor_monsters()
                .map(|m| &s.monsters[m])
                .filter(|m| m.active() && m.mode == MonsterMode::ChestHunt)
                .map(|m| &*m.id)
                .collect();
            v.push(format!(
                "mission stealth: {}; chest hunters: {}",
                if s.mission.chest_destroyed {
                    "the Quest Chest's contents are destroyed"
                } else {
                    "the Quest Chest is intact"
                },
                if hunters.is_empty() {
                    "none".to_string()
                } else {
                    hunters.join(", ")
                }
            ));
        }
        Goal::Kidnapping => v.push(match s.mission.kidnappee {
            None => "mission kidnapping: the Guardian WMT is not revealed yet".into(),
            Some(k) => format!(
                "mission kidnapping: {} is {}",
                s.monsters[k].id,
                if s.mission.captive_out {
                    "out of the dungeon with the heroes"
                } else if s.monsters[k].mode == MonsterMode::Gone {
                    "out of the dungeon, escaped"
                } else if !s.monsters[k].active() {
                    "dead"
                } else if s.mission.captured {
                    "captured"
                } else {
                    "on the run"
                }
            ),
        }),
    }
    v
}
