//! The small words of the transcript: plurals and lists, the names of
//! figures, chests and picks, an attack's dice, the banner, a monster's
//! way and the line that ends a game.

use super::*;

/// `s` for a count other than one.
pub(super) fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Names joined with `sep`.
pub(super) fn join<I: IntoIterator<Item = S>, S: AsRef<str>>(names: I, sep: &str) -> String {
    let mut out = String::new();
    for (i, n) in names.into_iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(n.as_ref());
    }
    out
}

pub(super) fn hero(s: &State, h: HeroId) -> &str {
    &s.heroes[h].name
}

pub(super) fn monster(s: &State, m: MonsterId) -> &str {
    &s.monsters[m].id
}

pub(super) fn chest(s: &State, c: ChestId) -> &str {
    &s.chests[c].id
}

pub(super) fn figure(s: &State, f: Figure) -> &str {
    match f {
        Figure::Hero(h) => hero(s, h),
        Figure::Monster(m) => monster(s, m),
    }
}

/// What a printed tie-break decides, as the transcript (and the dice log)
/// names it: `orc-1: way round`.
pub struct Choice<'a> {
    /// The game.
    pub s: &'a State,
    /// Whose choice.
    pub by: Chooser,
    /// What it decides.
    pub topic: Topic,
}

impl fmt::Display for Choice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.s;
        let what = topic_words(self.topic);
        match self.by {
            // Only a drifting hero's way is chosen for a hero.
            Chooser::Hero(h) => write!(f, "{} drifts: {what}", hero(s, h)),
            Chooser::Dungeon => f.write_str(what),
            Chooser::Token(t) => write!(f, "WMT {t}: {what}"),
            Chooser::Monster(m) => write!(f, "{}: {what}", monster(s, m)),
        }
    }
}

/// What a tie-break decides, in the transcript's words.
fn topic_words(t: Topic) -> &'static str {
    match t {
        Topic::FirstChoice => "first choice tie",
        Topic::SecondChoice => "second choice tie",
        Topic::NearestHero => "nearest hero tie",
        Topic::WeakestHero => "weakest hero tie",
        Topic::TheftTarget => "theft target tie",
        Topic::WayRound => "way round",
        Topic::WhichHeroHolds => "which hero holds it",
        Topic::WhichAbility => "which optional ability",
        Topic::NearestWounded => "nearest wounded monster tie",
        Topic::WhichFallen => "which fallen monster",
        Topic::WhichChest => "which chest",
        Topic::PoolToken => "token from the pool",
        Topic::ActsNext => "monster to act next",
        Topic::MonsterSquare => "square for the next monster",
        Topic::Entryway => "entryway for the door",
        Topic::EqualMonsters => "tie between equal monsters",
        Topic::EqualKinds => "tie between equal kinds",
        Topic::Leader => "tie for the leader",
        Topic::Swarm => "swarm tie",
        Topic::TeleportTile => "random tile for the teleport",
    }
}

/// The name of a tie-break's pick.
pub fn pick_name(s: &State, p: Pick) -> String {
    match p {
        Pick::Hero(h) => hero(s, h).to_string(),
        Pick::Monster(m) => monster(s, m).to_string(),
        Pick::Side(side) => side_word(side).to_string(),
        Pick::Ability(a) => a.name().to_string(),
        Pick::Chest(c) => chest(s, c).to_string(),
        Pick::PoolToken(color, number) => format!("{}-{number}", color.name()),
        Pick::Square(p) => format!("{},{}", p.x, p.y),
        Pick::Tile(t) => t.to_string(),
        Pick::PoolMonster(e) => s
            .monster_pool
            .get(e)
            .map_or_else(|| format!("pool entry {e}"), |m| m.name.clone()),
    }
}

/// `rolls [5 1 4] needing 4+: 2 hits; kill dice [3 6] against armour 4: 1 wound`.
pub(super) fn describe(r: &AttackRoll) -> String {
    let list = |v: &[u32]| join(v.iter().map(u32::to_string), " ");
    let hits = r.kill.len() as u32;
    let mut s = format!(
        "rolls [{}] needing {}+: {hits} hit{}",
        list(&r.to_hit),
        r.hit_on,
        plural(hits)
    );
    if hits > 0 {
        let _ = write!(
            s,
            "; kill dice [{}] against armour {}: {} wound{}",
            list(&r.kill),
            r.armour,
            r.wounds,
            plural(r.wounds)
        );
    }
    s
}

/// The banner line.
pub fn banner(s: &State, b: Banner) -> String {
    match b {
        Banner::Heroes {
            turn,
            limit,
            floor,
            team,
        } => {
            let turn = match limit {
                Some(n) => format!("turn {turn} of {n}"),
                None => format!("turn {turn}"),
            };
            let floor = match floor {
                Some((f, n)) => format!(", floor {f} of {n}"),
                None => String::new(),
            };
            format!(
                "== {turn}{floor}: {}'s heroes ==",
                s.party.teams[team].player
            )
        }
        Banner::Reports => "-- the monsters wait: report each fight above (`wound HERO N`, `hit MONSTER N`, `kill MONSTER`), then type `done` --".into(),
        Banner::Over(o) => format!("== the adventure is over: {} ==", o.words()),
    }
}

/// A monster's way, step by step.
pub(super) fn steps(s: &State, path: &[MonsterStep]) -> String {
    join(
        path.iter().map(|p| match p {
            MonsterStep::Square(q) => fmt_point(*q),
            MonsterStep::OpensDoor(q) => format!("opens the door at {}", fmt_point(*q)),
            MonsterStep::PassesThrough(h) => format!("passes through {}", hero(s, *h)),
        }),
        ", ",
    )
}

pub(super) fn terrain_word(side: TerrainSide) -> &'static str {
    match side {
        TerrainSide::Obstacle => "obstacle",
        TerrainSide::Special => "hindering",
    }
}

/// The line that says why the game ended.
pub(super) fn ending(s: &State, why: Ending) -> String {
    match why {
        Ending::QuestOut | Ending::StealthOut => {
            "The Quest Chest is out of the dungeon: the heroes win!".into()
        }
        Ending::QuestOutCutOff => {
            "The Quest Chest is out of the dungeon and the heroes still inside are cut off, left behind for their friends to fetch: the heroes win!"
                .into()
        }
        Ending::QuestGone => "The Quest Chest is gone for good: the dungeon wins.".into(),
        Ending::QuestNobodyLeft => {
            "No hero is left in the dungeon and the Quest Chest is still inside: the dungeon wins."
                .into()
        }
        Ending::PrisonerOut => {
            "The prisoner is out of the dungeon alive: the mission is a success!".into()
        }
        Ending::PrisonerDead => "The prisoner is dead: the mission is lost.".into(),
        Ending::PrisonerNobodyLeft => {
            "No hero is left to bring the prisoner out: the mission is lost.".into()
        }
        Ending::ChestDestroyed => {
            "The Quest Chest's contents are destroyed: the mission is lost.".into()
        }
        Ending::StealthGone => "The Quest Chest is gone for good: the mission is lost.".into(),
        Ending::StealthNobodyLeft => {
            "No hero is left in the dungeon and the Quest Chest is still inside: the mission is lost."
                .into()
        }
        Ending::CaptiveOut => {
            "The captive is out of the dungeon alive: the kidnapping is a success!".into()
        }
        Ending::KidnappeeGone(m) => format!(
            "{} got away out of the dungeon: the mission is lost.",
            monster(s, m)
        ),
        Ending::KidnappeeDead(m) => format!("{} is dead: the mission is lost.", monster(s, m)),
        Ending::NobodyToKidnap => {
            "The Guardian hid no monster to kidnap: the mission is lost.".into()
        }
        Ending::KidnapNobodyLeft => {
            "No hero is left in the dungeon to take the captive: the mission is lost.".into()
        }
        Ending::CutOff if s.mission.goal == Goal::Quest => {
            "Every hero left in the dungeon is cut off from the ways out and the Quest Chest is still inside: the dungeon wins."
                .into()
        }
        Ending::CutOff => {
            "Every hero left in the dungeon is cut off from the ways out: the mission is lost.".into()
        }
        Ending::TimeUp { turn, limit } => format!(
            "Time is up: turn {turn} of {limit} is over and the goal is not out of the dungeon: the dungeon wins."
        ),
    }
}
