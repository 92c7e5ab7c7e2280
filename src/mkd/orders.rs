//! The mission in words, for the map's title and the setup sheet: what the
//! players must do and where the mission's pieces stand. A plain one-floor
//! quest says nothing here, so its map and sheet are as they always were.

use crate::mkd::mission::{Goal, Mission};
use crate::mkd::scenario::Scenario;

/// The scenario's mission (a loaded scenario's text always parses; anything
/// else is read as the plain quest).
pub fn mission_of(s: &Scenario) -> Mission {
    Mission::parse(&s.game.mission).unwrap_or_default()
}

/// Is there anything to say beyond the plain quest?
pub fn has_orders(s: &Scenario) -> bool {
    mission_of(s) != Mission::QUEST || s.game.floor.is_some()
}

/// Does this floor hold the mission's goal (a one-floor adventure, or the
/// last floor)?
fn goal_here(s: &Scenario) -> bool {
    s.game.floor.is_none_or(|f| f.number >= f.of)
}

fn tile_id(s: &Scenario, tile: usize) -> &str {
    s.tiles.get(tile).map_or("?", |t| t.id.as_str())
}

/// What the heroes must do, one short phrase per part, for the map's
/// subtitle (`None` for a plain one-floor quest).
pub fn map_subtitle(s: &Scenario) -> Option<String> {
    if !has_orders(s) {
        return None;
    }
    let m = mission_of(s);
    let mut parts = Vec::new();
    if let Some(f) = s.game.floor {
        parts.push(format!("Floor {} of {}", f.number, f.of));
    }
    if goal_here(s) {
        parts.push(
            match m.goal {
                Goal::Quest => "carry the Quest Chest out",
                Goal::Rescue => "free the prisoner (P) and bring them out alive",
                Goal::Stealth => "carry the Quest Chest out before a monster destroys it",
                Goal::Kidnapping => {
                    "capture the monster of the wandering Guardian (K) and bring it out alive"
                }
            }
            .to_string(),
        );
    } else {
        parts.push("take the stairs down in the Central Chamber (S)".into());
    }
    if s.game.second_entrance.is_some() {
        parts.push("half the heroes start at the second entrance (E2)".into());
    }
    if let Some(t) = s.game.turn_limit {
        parts.push(format!("{t} turns"));
    }
    let text = parts.join(" · ");
    let mut chars = text.chars();
    Some(match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => text,
    })
}

/// The mission's orders and pieces, as labelled lines for the setup sheet
/// (empty for a plain one-floor quest). `square` writes a map square with
/// its table square.
pub fn sheet_lines(s: &Scenario) -> Vec<(&'static str, String)> {
    if !has_orders(s) {
        return Vec::new();
    }
    let m = mission_of(s);
    let sq = |x: i32, y: i32| {
        format!(
            "square {x},{y} (table {},{})",
            x.saturating_add(s.table_offset.x),
            y.saturating_add(s.table_offset.y)
        )
    };
    let cc = tile_id(s, s.central_chamber.tile);
    let mut out = Vec::new();
    if let Some(f) = s.game.floor {
        let text = if f.number < f.of {
            format!(
                "floor {} of {}. The goal is on floor {}; here the heroes take the stairs down",
                f.number, f.of, f.of
            )
        } else {
            format!(
                "floor {} of {}, the last: the mission's goal is here",
                f.number, f.of
            )
        };
        out.push(("Floor", text));
    }
    if goal_here(s) {
        let goal = match m.goal {
            Goal::Quest => format!(
                "quest: carry the Quest Chest out of the Central Chamber ({cc}) and leave the dungeon"
            ),
            Goal::Rescue => format!(
                "rescue: the prisoner waits in the Central Chamber ({cc}), one click from death. \
                 A hero beside them checks for a trap as at a door (a random chest of the pool, 1d6); \
                 once it is sprung or disarmed the prisoner is free, and the set-aside Guardian WMT \
                 is revealed at the entrance. Bring the prisoner out alive. There is no Quest Chest"
            ),
            Goal::Stealth => format!(
                "stealth: carry the Quest Chest out of the Central Chamber ({cc}). There is no \
                 Guardian; every monster may choose the chest first (1–3 on its decision roll) and \
                 attacks it (defence 5) or its carrier: one hit destroys it and the mission fails"
            ),
            Goal::Kidnapping => format!(
                "kidnapping: there is no Quest Chest. The Guardian WMT (marked K) starts in the \
                 Central Chamber ({cc}) and wanders like the others. Its monster flees for the exit; \
                 demoralise it (or bring it to one click from death) to capture it, then lead it \
                 out alive with a hero beside it. If it escapes or dies, the mission fails"
            ),
        };
        out.push(("Goal", goal));
    } else {
        out.push((
            "Goal",
            format!(
                "reach the staircase in the Central Chamber ({cc}). Going down costs 3 speed \
                 points from its square and is not allowed while a monster is in the tile; heroes \
                 who go down wait on the next floor. No Quest Chest and no Guardian on this floor"
            ),
        ));
    }
    if let Some(p) = s.game.prisoner {
        out.push((
            "Prisoner",
            format!("{} in {} (P on the map)", sq(p.x, p.y), tile_id(s, p.tile)),
        ));
    }
    if let Some(g) = s.game.pools.guardian {
        out.push((
            "Guardian set aside",
            format!(
                "{} {}: keep it off the map until the prisoner is freed",
                g.color.name(),
                g.number
            ),
        ));
    }
    if let Some(st) = s.game.staircase {
        out.push((
            "Staircase down",
            format!(
                "{} in {} (S on the map)",
                sq(st.x, st.y),
                tile_id(s, st.tile)
            ),
        ));
    }
    if let Some(e) = s.game.second_entrance {
        out.push((
            "Second entrance",
            format!(
                "a staircase marker on {} in hallway {} (E2 on the map): half the heroes start \
                 here, the others at the entrance; anyone leaving may use either",
                sq(e.x, e.y),
                tile_id(s, e.tile)
            ),
        ));
    }
    if let Some(t) = s.game.turn_limit {
        out.push((
            "Timer",
            format!(
                "{t} turns (3 per chamber, 1 per hallway): the heroes lose if they have not \
                 reached the goal and left by then"
            ),
        ));
    }
    if let Some(w) = m.bonus_words().filter(|_| goal_here(s)) {
        let n = m.campaign_bonuses();
        out.push((
            "Campaign bonus",
            format!(
                "+{}% reward experience and {} gold on success ({w})",
                crate::mkd::mission::MISSION_BONUS_EXPERIENCE_PERCENT * n,
                crate::mkd::mission::MISSION_BONUS_GOLD * n
            ),
        ));
    }
    out
}
