//! Batch index: one row of figures per adventure, the conditions `--filter`
//! checks against them, and the `index.csv` / `index.yaml` forms.
//!
//! A row depends only on its scenario, so rows from any number of threads or
//! machines sort by seed into the same index.
//!
//! ```text
//! seed,tiles,chambers,hallways,depth,critical_path,dead_ends,wmt_yellow,wmt_blue,wmt_red,chests_1,chests_2,chests_3,floors,mission,files
//! 7,10,6,4,6,41,5,4,3,1,2,2,2,1,quest,scenario.yaml
//! ```
//!
//! A multi-floor dungeon ([`IndexRow::of_dungeon`]) has one row whose
//! figures are summed over its floors.
//!
//! With `batch --simulate N` each row also carries a [`Rating`]: how the
//! automatic heroes of the chosen party fared over N playthroughs, in
//! columns after `files` (`runs,win_rate,win_rate_low,win_rate_high,
//! median_turns,heroes_lost`), so an index without ratings is unchanged.

use crate::build::analysis::{UNREACHED, walk_squares};
use crate::core::index::Columns;
use crate::core::index::WinsThatMeet;
pub use crate::core::index::{
    Condition, FilterError, Number, Op, Row, matches_all, matches_layout,
};
use crate::core::stats::{RATE_DECIMALS, wilson95};
use crate::mkd::floors::BuiltDungeon;
use crate::mkd::play::simulate::Report;
use crate::mkd::scenario::{Scenario, WmtColor};
use crate::scenario::Point;
use crate::tileset::{Cell, TileKind};
use std::fmt::Write;

/// How an adventure plays for a party: the figures of `simulate` the index
/// keeps (`batch --simulate N`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Playthroughs.
    pub runs: u32,
    /// Playthroughs the heroes won.
    pub wins: u32,
    /// `wins / runs`.
    pub win_rate: f64,
    /// The 95 % Wilson interval of the win rate: its low end.
    pub win_rate_low: f64,
    /// Its high end.
    pub win_rate_high: f64,
    /// The median number of turns a playthrough lasted.
    pub median_turns: u32,
    /// Heroes lost per playthrough, on average.
    pub heroes_lost: f64,
}

impl Rating {
    /// The rating a simulation report gives.
    pub fn of(report: &Report) -> Rating {
        let (low, high) = wilson95(report.wins, report.runs);
        Rating {
            runs: report.runs,
            wins: report.wins,
            win_rate: report.win_rate,
            win_rate_low: low,
            win_rate_high: high,
            median_turns: report.turns_median,
            heroes_lost: report.heroes_lost_mean,
        }
    }

    /// The rating in words, for a summary or a sheet: `wins about 62 %
    /// (58–66 %) for the default party over 500 runs; …`.
    pub fn words(&self, party: &str) -> String {
        let pc = |v: f64| (v * 100.0).round() as u32;
        format!(
            "wins about {} % ({}–{} %) for {party} over {} runs; {} turns at the median, {:.1} heroes lost per run",
            pc(self.win_rate),
            pc(self.win_rate_low),
            pc(self.win_rate_high),
            self.runs,
            self.median_turns,
            // Halves up, as the index's 0.950 reads: 1.0, not the binary
            // 0.9499… that `{:.1}` alone rounds down.
            (self.heroes_lost * 10.0).round() / 10.0
        )
    }

    /// The rating's columns' values as the index prints them (rounded to
    /// [`RATING_DECIMALS`]), in [`RATING_COLUMNS`] order: what a filter
    /// compares.
    fn values(&self) -> [Number; 6] {
        let raw = [
            Number::Whole(u64::from(self.runs)),
            Number::Real(self.win_rate),
            Number::Real(self.win_rate_low),
            Number::Real(self.win_rate_high),
            Number::Whole(u64::from(self.median_turns)),
            Number::Real(self.heroes_lost),
        ];
        std::array::from_fn(|i| raw[i].printed(RATING_DECIMALS[i]))
    }

    /// The CSV fields, each with a fixed number of decimals.
    fn fields(&self) -> [String; 6] {
        let v = self.values();
        std::array::from_fn(|i| v[i].field(RATING_DECIMALS[i]))
    }
}

/// Places after the point the index prints each rating column with, in
/// [`RATING_COLUMNS`] order (0 for a whole number).
const RATING_DECIMALS: [usize; 6] = [
    0,
    RATE_DECIMALS,
    RATE_DECIMALS,
    RATE_DECIMALS,
    0,
    HEROES_LOST_DECIMALS,
];

/// Places after the point of `heroes_lost` in the index.
const HEROES_LOST_DECIMALS: usize = 3;

/// The figures of one adventure, as one line of the batch index.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexRow {
    /// The master seed.
    pub seed: u64,
    /// Tiles laid.
    pub tiles: u32,
    /// Chamber tiles.
    pub chambers: u32,
    /// Hallway tiles.
    pub hallways: u32,
    /// Depth of the Central Chamber in tiles from the entrance tile.
    pub depth: u32,
    /// Walking distance in squares from the entrance to the Quest Chest
    /// (`None` if there is no Quest Chest or no walk reaches it).
    pub critical_path: Option<u32>,
    /// Dead-end entryways.
    pub dead_ends: u32,
    /// Yellow, blue and red WMTs, on the map and in the pool together.
    pub wmts: [u32; 3],
    /// Level 1, 2 and 3 chests, on the map and in the pool together.
    pub chests: [u32; 3],
    /// Floors of the dungeon (1 for a single scenario).
    pub floors: u32,
    /// The mission.
    pub mission: String,
    /// The files written into the adventure's folder, in order.
    pub files: Vec<String>,
    /// How it plays (`batch --simulate`), else `None`.
    pub rating: Option<Rating>,
}

/// The columns a rating adds (`batch --simulate`), after `files`.
pub const RATING_COLUMNS: [&str; 6] = [
    "runs",
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "median_turns",
    "heroes_lost",
];

/// The numeric index columns a filter can test, in index order (the
/// rating's, [`RATING_COLUMNS`], need `--simulate`).
pub const FILTER_COLUMNS: [&str; 20] = {
    const LAYOUT: [&str; 14] = [
        "seed",
        "tiles",
        "chambers",
        "hallways",
        "depth",
        "critical_path",
        "dead_ends",
        "wmt_yellow",
        "wmt_blue",
        "wmt_red",
        "chests_1",
        "chests_2",
        "chests_3",
        "floors",
    ];
    let mut all = [""; 20];
    let mut i = 0;
    while i < 20 {
        all[i] = if i < 14 {
            LAYOUT[i]
        } else {
            RATING_COLUMNS[i - 14]
        };
        i += 1;
    }
    all
};

/// The first line of `index.csv`.
pub const CSV_HEADER: &str = "seed,tiles,chambers,hallways,depth,critical_path,dead_ends,wmt_yellow,wmt_blue,wmt_red,chests_1,chests_2,chests_3,floors,mission,files";

/// The columns a filter can test, as [`Condition::parse`] reads them.
pub const COLUMNS: Columns = Columns {
    layout: FILTER_COLUMNS.split_at(14).0,
    rating: &RATING_COLUMNS,
};

/// Reads a `--filter` condition on an MKD Adventure index.
pub fn parse_filter(expr: &str) -> Result<Condition, FilterError> {
    Condition::parse(expr, &COLUMNS)
}

/// The filter columns as `batch --help` lists them: the index's, then the
/// rating's (with `--simulate`).
pub fn filter_columns_help() -> String {
    format!("COLUMN is one of: {}.", COLUMNS.help())
}

/// The first line of `index.csv`, with the rating's columns when `rated`.
pub fn csv_header(rated: bool) -> String {
    if rated {
        format!("{CSV_HEADER},{}", RATING_COLUMNS.join(","))
    } else {
        CSV_HEADER.to_string()
    }
}

impl IndexRow {
    /// The row of a scenario, with no files written.
    pub fn of(s: &Scenario) -> IndexRow {
        IndexRow::with_critical_path(s, critical_path(s))
    }

    /// [`IndexRow::of`] with the critical path already known (see
    /// [`crate::mkd::generate::generate_with_critical_path`]).
    pub fn with_critical_path(s: &Scenario, critical_path: Option<u32>) -> IndexRow {
        let count = |k: TileKind| s.tiles.iter().filter(|t| t.kind == k).count() as u32;
        let mut wmts = [0u32; 3];
        let colours = s
            .game
            .wmts
            .iter()
            .map(|w| w.color)
            .chain(s.game.pools.wmts.iter().map(|t| t.color));
        for c in colours {
            wmts[match c {
                WmtColor::Yellow => 0,
                WmtColor::Blue => 1,
                WmtColor::Red => 2,
            }] += 1;
        }
        let mut chests = [0u32; 3];
        let levels = s
            .game
            .chests
            .iter()
            .map(|c| c.level)
            .chain(s.game.pools.chests.iter().copied());
        for level in levels {
            if let Some(n) = chests.get_mut((level as usize).wrapping_sub(1)) {
                *n += 1;
            }
        }
        IndexRow {
            seed: s.seed,
            tiles: s.tiles.len() as u32,
            chambers: count(TileKind::Chamber),
            hallways: count(TileKind::Hallway),
            depth: s.central_chamber.depth,
            critical_path,
            dead_ends: s.dead_ends.len() as u32,
            wmts,
            chests,
            floors: 1,
            mission: s.game.mission.clone(),
            files: Vec::new(),
            rating: None,
        }
    }

    /// The row of a multi-floor dungeon: its master seed and floor count;
    /// tiles, chambers, hallways, dead ends, WMTs and chests summed over the
    /// floors; `depth` summed too (the tiles walked from the dungeon's
    /// entrance through each floor's Central Chamber, where the stairs down
    /// are, to the goal's); `critical_path` the squares walked from each
    /// floor's entrance to its stairs down, and on the last floor to the
    /// Quest Chest, summed (`None` if any of those walks has no end).
    pub fn of_dungeon(d: &BuiltDungeon) -> IndexRow {
        let mut walks = Some(0u32);
        let mut rows = Vec::with_capacity(d.floors.len());
        for (s, e) in d.floors.iter().zip(&d.file.floors) {
            let walk = match &e.stairs {
                Some(st) => walk_to(
                    s,
                    Point {
                        x: st.at.x,
                        y: st.at.y,
                    },
                ),
                None => critical_path(s),
            };
            walks = walks.zip(walk).map(|(a, b)| a + b);
            rows.push(IndexRow::with_critical_path(s, None));
        }
        let sum = |f: fn(&IndexRow) -> u32| rows.iter().map(f).sum::<u32>();
        let sum3 = |f: fn(&IndexRow) -> [u32; 3]| {
            rows.iter().fold([0u32; 3], |mut acc, r| {
                for (a, b) in acc.iter_mut().zip(f(r)) {
                    *a += b;
                }
                acc
            })
        };
        IndexRow {
            seed: d.file.seed,
            tiles: sum(|r| r.tiles),
            chambers: sum(|r| r.chambers),
            hallways: sum(|r| r.hallways),
            depth: sum(|r| r.depth),
            critical_path: walks,
            dead_ends: sum(|r| r.dead_ends),
            wmts: sum3(|r| r.wmts),
            chests: sum3(|r| r.chests),
            floors: d.floors.len() as u32,
            mission: d.file.mission.clone(),
            files: Vec::new(),
            rating: None,
        }
    }

    /// The value of a numeric column (see [`FILTER_COLUMNS`]); `Some(None)`
    /// for an empty one (no critical path, no rating).
    pub fn column(&self, name: &str) -> Option<Option<Number>> {
        let v = |n: u32| Some(Number::Whole(u64::from(n)));
        Some(match name {
            "seed" => Some(Number::Whole(self.seed)),
            "tiles" => v(self.tiles),
            "chambers" => v(self.chambers),
            "hallways" => v(self.hallways),
            "depth" => v(self.depth),
            "critical_path" => self.critical_path.map(|c| Number::Whole(u64::from(c))),
            "dead_ends" => v(self.dead_ends),
            "wmt_yellow" => v(self.wmts[0]),
            "wmt_blue" => v(self.wmts[1]),
            "wmt_red" => v(self.wmts[2]),
            "chests_1" => v(self.chests[0]),
            "chests_2" => v(self.chests[1]),
            "chests_3" => v(self.chests[2]),
            "floors" => v(self.floors),
            _ => {
                let i = RATING_COLUMNS.iter().position(|c| *c == name)?;
                self.rating.as_ref().map(|r| r.values()[i])
            }
        })
    }

    /// The row as one `index.csv` line, newline included, written by the
    /// `csv` crate (a field is quoted only when it holds a comma, a quote
    /// or a line break).
    pub fn csv_line(&self) -> String {
        let critical_path = self
            .critical_path
            .map(|c| c.to_string())
            .unwrap_or_default();
        let numbers = [
            self.seed.to_string(),
            self.tiles.to_string(),
            self.chambers.to_string(),
            self.hallways.to_string(),
            self.depth.to_string(),
            critical_path,
            self.dead_ends.to_string(),
            self.wmts[0].to_string(),
            self.wmts[1].to_string(),
            self.wmts[2].to_string(),
            self.chests[0].to_string(),
            self.chests[1].to_string(),
            self.chests[2].to_string(),
            self.floors.to_string(),
        ];
        let files = self.files.join(";");
        let rating = self.rating.as_ref().map(Rating::fields);
        let record = numbers
            .iter()
            .map(String::as_str)
            .chain([self.mission.as_str(), files.as_str()])
            .chain(rating.iter().flatten().map(String::as_str));
        crate::core::index::csv_line(record)
    }

    /// The row as one `index.yaml` line (a flow mapping in a block
    /// sequence), newline included; lines from several files concatenate
    /// into one valid sequence. Strings are always double-quoted, escaped by
    /// [`crate::core::yaml_emit::double_quoted`]; the row itself is laid out
    /// here, as `yaml_emit` writes a string plain when it can (`quest`, not
    /// `"quest"`) and a float by its shortest form (`0.8`, where the index
    /// keeps the CSV's fixed `0.8000`), either of which would change every
    /// index written so far.
    pub fn yaml_line(&self) -> String {
        let mut o = String::with_capacity(200);
        let _ = write!(
            o,
            "- {{seed: {}, tiles: {}, chambers: {}, hallways: {}, depth: {}, critical_path: ",
            self.seed, self.tiles, self.chambers, self.hallways, self.depth
        );
        match self.critical_path {
            Some(c) => {
                let _ = write!(o, "{c}");
            }
            None => o.push_str("null"),
        }
        let _ = write!(
            o,
            ", dead_ends: {}, wmts: {{yellow: {}, blue: {}, red: {}}}, chests: {{1: {}, 2: {}, 3: {}}}, floors: {}, mission: {}",
            self.dead_ends,
            self.wmts[0],
            self.wmts[1],
            self.wmts[2],
            self.chests[0],
            self.chests[1],
            self.chests[2],
            self.floors,
            crate::core::yaml_emit::double_quoted(&self.mission)
        );
        let rating = self.rating.as_ref().map(Rating::fields);
        let rating = rating.as_ref().map(|r| (&RATING_COLUMNS[..], &r[..]));
        crate::core::index::yaml_line_end(&mut o, &self.files, rating);
        o
    }
}

impl Row for IndexRow {
    fn column(&self, name: &str) -> Option<Option<Number>> {
        IndexRow::column(self, name)
    }
}

/// `index.csv`: the header, then one line per row in the given order.
pub fn to_csv(rows: &[IndexRow]) -> String {
    let mut o = String::with_capacity(CSV_HEADER.len() + 1 + rows.len() * 64);
    o.push_str(CSV_HEADER);
    o.push('\n');
    for r in rows {
        o.push_str(&r.csv_line());
    }
    o
}

/// `index.yaml`: one line per row in the given order (empty for no rows).
pub fn to_yaml(rows: &[IndexRow]) -> String {
    rows.iter().map(IndexRow::yaml_line).collect()
}

/// Walking distance in squares from the entrance to the Quest Chest: a
/// breadth-first walk over the scenario grid from every square of the
/// entrance entryway, orthogonal steps over passable squares (the same walk
/// the analysis stage uses to place the chest).
pub fn critical_path(s: &Scenario) -> Option<u32> {
    let quest = s.game.chests.iter().find(|c| c.quest)?;
    walk_to(
        s,
        Point {
            x: quest.x,
            y: quest.y,
        },
    )
}

/// Walking distance in squares from the entrance to `target` (the walk of
/// [`critical_path`]); `None` when no walk reaches it.
fn walk_to(s: &Scenario, target: Point) -> Option<u32> {
    let (w, h) = (s.size.width as usize, s.size.height as usize);
    // The grid's rows read once into a passable map (every index row walks
    // it, so `Scenario::cell` per step was a tenth of `batch --only index`).
    let mut passable = vec![false; w * h];
    let mut open = 0;
    for (y, row) in s.grid.iter().enumerate().take(h) {
        for (x, b) in row.bytes().enumerate().take(w) {
            let p = Cell::from_char(b as char).is_some_and(|c| c.passable());
            passable[y * w + x] = p;
            open += usize::from(p);
        }
    }
    let at = |p: Point| {
        (p.x >= 0 && p.y >= 0 && (p.x as usize) < w && (p.y as usize) < h)
            .then(|| p.y as usize * w + p.x as usize)
    };
    let goal = at(target)?;
    let walk = walk_squares(
        w,
        w * h,
        open,
        |k| passable[k],
        s.entrance.squares().filter_map(at),
        Some(goal),
    );
    Some(walk[goal]).filter(|&d| d != UNREACHED)
}

/// Could a rating whose runs are not all played still meet the filters on
/// the rating's columns? A batch asks after each run ([`Played`]), and
/// stops playing an adventure when not: the whole rating would miss the
/// filters too, so the batch keeps the same adventures. Each column is
/// asked on its own, which is sound (every filter must hold) though not
/// the tightest check:
///
/// - the win rate and its interval: every count of wins the runs left
///   allow;
/// - `heroes_lost`: every total the runs left allow, from none lost to
///   the most a run can lose in each;
/// - `median_turns`: every value from the median with every run left at
///   no turns to the median with every run left at the turn limit (the
///   median is a rank in the sorted turns, which can only rise when a
///   run's turns do).
#[derive(Debug, Clone)]
pub struct CanStillMeet {
    runs: u32,
    wins: Option<WinsThatMeet>,
    lost: Vec<Condition>,
    most_lost: u32,
    turns: Vec<Condition>,
    max_turns: u32,
}

/// The runs of a rating played so far, as [`CanStillMeet`] reads them.
#[derive(Debug, Clone, Default)]
pub struct Played {
    runs: u32,
    wins: u32,
    lost: u64,
    /// `turns[t]`: how many runs took `t` turns.
    turns: Vec<u32>,
}

impl Played {
    /// One more run: won or not, the heroes it lost, the turns it took.
    pub fn record(&mut self, won: bool, heroes_lost: u32, turns: u32) {
        self.runs += 1;
        self.wins += u32::from(won);
        self.lost += u64::from(heroes_lost);
        let t = turns as usize;
        if self.turns.len() <= t {
            self.turns.resize(t + 1, 0);
        }
        self.turns[t] += 1;
    }

    /// The `k`-th fewest turns played (from 1; `k` at most the runs).
    fn kth_turns(&self, k: u32) -> u64 {
        let mut seen = 0;
        for (t, &n) in self.turns.iter().enumerate() {
            seen += n;
            if seen >= k {
                return t as u64;
            }
        }
        self.turns.len() as u64
    }
}

impl CanStillMeet {
    /// For ratings of `runs` runs of at most `max_turns` turns, in which a
    /// run loses at most `most_lost` heroes; `None` when no condition is
    /// on a rating column (every adventure is then played in full).
    pub fn new(
        conditions: &[Condition],
        runs: u32,
        most_lost: u32,
        max_turns: u32,
    ) -> Option<CanStillMeet> {
        let on = |column: &str| -> Vec<Condition> {
            conditions
                .iter()
                .filter(|c| c.column == column)
                .cloned()
                .collect()
        };
        let meet = CanStillMeet {
            runs,
            wins: WinsThatMeet::new(conditions, runs),
            lost: on("heroes_lost"),
            most_lost,
            turns: on("median_turns"),
            max_turns,
        };
        (meet.wins.is_some() || !meet.lost.is_empty() || !meet.turns.is_empty()).then_some(meet)
    }

    /// Could the rating still meet the conditions, the runs in `p` played?
    /// `false` only when some column's conditions can no longer hold.
    pub fn can_meet(&self, p: &Played) -> bool {
        let left = self.runs.saturating_sub(p.runs);
        if let Some(w) = &self.wins
            && !w.can_meet(p.wins, p.runs)
        {
            return false;
        }
        if !self.lost.is_empty() {
            // The mean the rating takes: the total over the runs.
            let runs = f64::from(self.runs);
            let most = p.lost + u64::from(self.most_lost) * u64::from(left);
            let mean = |n: u64| Number::Real(n as f64 / runs).printed(HEROES_LOST_DECIMALS);
            if !any_meets(&self.lost, p.lost, most, mean) {
                return false;
            }
        }
        if !self.turns.is_empty() && self.runs > 0 {
            // The rank of the median among the sorted turns, as
            // `simulate::percentile` takes it.
            let rank = ((0.5 * f64::from(self.runs)).ceil() as u32).clamp(1, self.runs);
            let least = if rank <= left {
                0
            } else {
                p.kth_turns(rank - left)
            };
            let most = if rank > p.runs {
                u64::from(self.max_turns)
            } else {
                p.kth_turns(rank)
            };
            if !any_meets(&self.turns, least, most, Number::Whole) {
                return false;
            }
        }
        true
    }
}

/// Is there an `n` from `least` to `most` whose `value` meets every one of
/// `conditions`? `value` must not fall as `n` rises.
///
/// Only a few `n` are tried. If the smallest `n` that meets them all is
/// not `least`, some condition fails at `n - 1` and holds at `n`. A `<` or
/// `<=` that holds at `n` holds at `n - 1` too, so it is a `>=`, `>` or
/// `==` that starts to hold at `n` (the first `n` whose value is at least,
/// or more than, its number), or a `!=` that holds again after the values
/// equal to its number (the first `n` whose value is more). Each of those
/// firsts is found by halving.
fn any_meets(
    conditions: &[Condition],
    least: u64,
    most: u64,
    value: impl Fn(u64) -> Number,
) -> bool {
    use std::cmp::Ordering::{Greater, Less};
    if least > most {
        return false;
    }
    // The first n from `least` to `most` for which `holds` (false, then
    // true, as n rises), if any.
    let first = |holds: &dyn Fn(u64) -> bool| -> Option<u64> {
        if !holds(most) {
            return None;
        }
        let (mut lo, mut hi) = (least, most);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if holds(mid) { hi = mid } else { lo = mid + 1 }
        }
        Some(lo)
    };
    let mut tries = vec![least];
    for c in conditions {
        tries.extend(first(&|n| value(n).order(c.value) != Less));
        tries.extend(first(&|n| value(n).order(c.value) == Greater));
    }
    tries
        .into_iter()
        .any(|n| conditions.iter().all(|c| c.holds(value(n))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::build_dungeon;
    use crate::core::stats::win_rate;

    use crate::mkd::generate::{GenerateParams, generate};
    use crate::tileset;

    #[test]
    fn the_critical_path_from_generate_is_the_walk_over_the_scenario() {
        use crate::mkd::mission::Mission;
        let ts = tileset::default_tileset();
        let mut with_chest = 0;
        for seed in 0..300 {
            for (sets, mission) in [(2, "quest"), (3, "quest"), (1, "quest"), (2, "rescue")] {
                let p = GenerateParams {
                    seed,
                    layout: crate::build::layout::LayoutParams {
                        sets,
                        ..Default::default()
                    },
                    setup: crate::mkd::setup::SetupParams {
                        sets,
                        ..Default::default()
                    },
                    mission: mission.parse::<Mission>().unwrap(),
                    log: seed % 2 == 0,
                    ..GenerateParams::default()
                };
                let Ok((s, cp)) = crate::mkd::generate::generate_with_critical_path(&ts, &p) else {
                    continue;
                };
                assert_eq!(cp, critical_path(&s), "seed {seed}, {sets} sets, {mission}");
                assert_eq!(IndexRow::with_critical_path(&s, cp), IndexRow::of(&s));
                with_chest += usize::from(cp.is_some());
            }
        }
        assert!(
            with_chest > 800,
            "only {with_chest} adventures had a walk to the Quest Chest"
        );
    }

    #[test]
    fn critical_path_is_the_analysis_walk_to_the_quest_chest() {
        let ts = tileset::default_tileset();
        for seed in 0..40 {
            let p = GenerateParams {
                seed,
                ..GenerateParams::default()
            };
            let s = generate(&ts, &p).unwrap();
            let d = build_dungeon(&ts, &p.layout, seed).unwrap();
            let q = s.game.chests.iter().find(|c| c.quest).unwrap();
            assert_eq!(
                critical_path(&s),
                d.analysis.walk_at(&d.grid, q.x, q.y),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn filters_parse_and_match() {
        let row = IndexRow {
            seed: 3,
            tiles: 10,
            chambers: 6,
            hallways: 4,
            depth: 5,
            critical_path: None,
            dead_ends: 3,
            wmts: [3, 2, 1],
            chests: [1, 4, 1],
            floors: 1,
            mission: "quest".into(),
            files: vec![],
            rating: None,
        };
        let m = |e: &str| parse_filter(e).unwrap().matches(&row);
        assert!(m("depth>=5") && m("depth<=5") && m("depth==5") && !m("depth!=5"));
        assert!(m("dead_ends < 4") && !m("dead_ends>3") && m("chests_2>3"));
        assert!(!m("critical_path>=0"), "an empty value meets no condition");
        assert!(parse_filter("depth=>5").is_err());
        assert!(parse_filter("deep>=5").is_err());
        // A mistyped column is named with the nearest one; a far one with
        // none; a huge one is cut; the message stays short either way.
        let why = |e: &str| parse_filter(e).unwrap_err().why;
        assert_eq!(
            why("dpth>=5"),
            "unknown column \"dpth\" (did you mean depth?); `tilecrawl batch --help` lists the columns under --filter"
        );
        assert!(why("Dead-Ends<=3").contains("(did you mean dead_ends?)"));
        assert!(why("winrate>=0.4").contains("(did you mean win_rate?)"));
        assert!(
            !why("colour>=1").contains("did you mean"),
            "{}",
            why("colour>=1")
        );
        let long = why(&format!("{}>=1", "x".repeat(5000)));
        assert!(long.chars().count() < 150, "{long}");
        for c in FILTER_COLUMNS {
            assert!(filter_columns_help().contains(c), "{c}");
            assert_eq!(COLUMNS.nearest(c), Some(c));
        }
        assert!(parse_filter("depth>=five").is_err());
        assert!(parse_filter("depth").is_err());
        assert_eq!(
            row.csv_line(),
            "3,10,6,4,5,,3,3,2,1,1,4,1,1,quest,\n",
            "an empty critical path is an empty field"
        );
        let odd = IndexRow {
            mission: "a,b \"c\"".into(),
            files: vec!["x.yaml".into(), "line\nbreak".into()],
            ..row
        };
        assert_eq!(
            odd.csv_line(),
            "3,10,6,4,5,,3,3,2,1,1,4,1,1,\"a,b \"\"c\"\"\",\"x.yaml;line\nbreak\"\n",
            "commas, quotes and line breaks are quoted as before"
        );
    }

    /// A row rated `wins` of `runs`, as a batch would write it.
    fn rated(wins: u32, runs: u32) -> IndexRow {
        let (low, high) = wilson95(wins, runs);
        IndexRow {
            seed: 1,
            tiles: 10,
            chambers: 6,
            hallways: 4,
            depth: 5,
            critical_path: Some(40),
            dead_ends: 3,
            wmts: [3, 2, 1],
            chests: [1, 4, 1],
            floors: 1,
            mission: "quest".into(),
            files: vec!["scenario.yaml".into()],
            rating: Some(Rating {
                runs,
                wins,
                win_rate: win_rate(wins, runs),
                win_rate_low: low,
                win_rate_high: high,
                median_turns: 14,
                heroes_lost: 1.25,
            }),
        }
    }

    /// `rated(0, runs)` with the heroes lost and the median turns given.
    fn rated_with(runs: u32, heroes_lost: f64, median_turns: u32) -> IndexRow {
        let mut row = rated(0, runs);
        if let Some(r) = row.rating.as_mut() {
            r.heroes_lost = heroes_lost;
            r.median_turns = median_turns;
        }
        row
    }

    fn conditions(set: &[&str]) -> Vec<Condition> {
        set.iter().map(|e| parse_filter(e).unwrap()).collect()
    }

    /// Filters on the heroes lost give an adventure up part-way only when no
    /// total the runs left allow gives a row they keep: every total after
    /// every count of runs played, up to 9 runs of at most 3 heroes lost.
    #[test]
    fn heroes_lost_filters_give_up_only_when_no_total_left_meets_them() {
        let sets = [
            &["heroes_lost<=1"][..],
            &["heroes_lost>1.5"],
            &["heroes_lost>=0.5", "heroes_lost<1"],
            &["heroes_lost==1"],
            &["heroes_lost!=0"],
            &["heroes_lost<0.3", "heroes_lost>0.2"],
            // The index shows 1/3 as 0.333 and 2/3 as 0.667: a filter on
            // the shown value keeps it, and the early stop knows it.
            &["heroes_lost==0.333"],
            &["heroes_lost>=0.667", "heroes_lost<=0.667"],
        ];
        let most = 3;
        let mut gave_up = 0;
        for set in sets {
            let filters = conditions(set);
            for runs in 1..=9u32 {
                let meet = CanStillMeet::new(&filters, runs, most, 200).expect("a rating filter");
                // Every total of heroes lost the first runs can have.
                for played in 0..=runs {
                    for lost in 0..=u64::from(most * played) {
                        let mut p = Played::default();
                        let mut left = lost;
                        for _ in 0..played {
                            let l = left.min(u64::from(most));
                            p.record(false, l as u32, 10);
                            left -= l;
                        }
                        let any = (lost..=lost + u64::from(most * (runs - played))).any(|t| {
                            let mean = t as f64 / f64::from(runs);
                            matches_all(&filters, &rated_with(runs, mean, 10))
                        });
                        let can = meet.can_meet(&p);
                        assert_eq!(can, any, "{set:?}: {lost} lost in {played} of {runs}");
                        gave_up += usize::from(!can);
                    }
                }
            }
        }
        assert!(gave_up > 100, "the check gave up on {gave_up} only");
    }

    /// Filters on the median turns give an adventure up part-way only when
    /// no way the runs left could end gives a row they keep: every list of
    /// turns played and every way to end, up to 6 runs of 0 to 5 turns.
    #[test]
    fn median_turns_filters_give_up_only_when_no_median_left_meets_them() {
        // Turns from 0 to 5: every way the runs left could end, tried.
        let max_turns = 5u32;
        let sets = [
            &["median_turns<=2"][..],
            &["median_turns>3"],
            &["median_turns>=2", "median_turns<=3"],
            &["median_turns==4"],
            &["median_turns!=0"],
            &["median_turns<2.5", "median_turns>1.5"],
        ];
        // Every sorted list of `k` turns from 0 to `max_turns`.
        fn lists(k: u32, from: u32, max: u32) -> Vec<Vec<u32>> {
            if k == 0 {
                return vec![Vec::new()];
            }
            let mut out = Vec::new();
            for t in from..=max {
                for mut rest in lists(k - 1, t, max) {
                    rest.insert(0, t);
                    out.push(rest);
                }
            }
            out
        }
        let mut gave_up = 0;
        for set in sets {
            let filters = conditions(set);
            for runs in 1..=6u32 {
                let meet =
                    CanStillMeet::new(&filters, runs, 4, max_turns).expect("a rating filter");
                for played in 0..=runs {
                    for known in lists(played, 0, max_turns) {
                        let mut p = Played::default();
                        for &t in &known {
                            p.record(true, 0, t);
                        }
                        let any = lists(runs - played, 0, max_turns).into_iter().any(|rest| {
                            let mut all: Vec<u32> = known.iter().chain(&rest).copied().collect();
                            all.sort_unstable();
                            let median = crate::mkd::play::simulate::percentile(&all, 50.0);
                            matches_all(&filters, &rated_with(runs, 1.0, median))
                        });
                        let can = meet.can_meet(&p);
                        assert_eq!(can, any, "{set:?}: {known:?} of {runs}");
                        gave_up += usize::from(!can);
                    }
                }
            }
        }
        assert!(gave_up > 100, "the check gave up on {gave_up} only");
    }

    /// With filters on several columns, the adventure is given up as soon as
    /// one column's can no longer hold, whatever the others could do.
    #[test]
    fn a_rating_is_given_up_when_any_one_column_can_no_longer_meet_its_filters() {
        let filters = conditions(&["win_rate>=0.5", "heroes_lost<=1", "depth>=3"]);
        let meet = CanStillMeet::new(&filters, 4, 4, 200).expect("rating filters");
        let after = |runs: &[(bool, u32)]| {
            let mut p = Played::default();
            for &(won, lost) in runs {
                p.record(won, lost, 20);
            }
            meet.can_meet(&p)
        };
        assert!(after(&[(true, 0), (false, 1)]));
        // Four heroes lost in two runs: a mean of 1 is still possible if the
        // last two lose none.
        assert!(after(&[(true, 2), (true, 2)]));
        // Five lost: more than 1 a run whatever the last run does, though
        // the win rate could still be met.
        assert!(!after(&[(true, 2), (true, 2), (true, 1)]));
        // Three runs lost: at most 1 win in 4, under 0.5, though the heroes
        // lost could still be met.
        assert!(!after(&[(false, 0), (false, 0), (false, 0)]));
        // Filters on the layout alone ask nothing of the runs.
        assert!(CanStillMeet::new(&conditions(&["depth>=3"]), 4, 4, 200).is_none());
    }

    /// A batch gives up on an adventure part-way only when no count of
    /// wins the runs left allow gives a row the filters keep: checked
    /// against every such row, for every count of runs, runs played and
    /// wins up to 16, on bands, one-sided filters, the interval's ends and
    /// filters on other columns.
    #[test]
    fn an_adventure_is_given_up_only_when_no_rating_left_meets_the_filters() {
        let sets: Vec<Vec<Condition>> = [
            &["win_rate>=0.4", "win_rate<=0.7"][..],
            &["win_rate>0.5"],
            &["win_rate<0.25"],
            &["win_rate_low>=0.3"],
            &["win_rate_high<0.8", "win_rate>=0.2"],
            &["win_rate==0.5"],
            &["win_rate!=0.5", "depth>=5"],
            &["heroes_lost<1", "win_rate>=0.9"],
            &["depth>=9"],
            // Values as the index prints them: 2 of 3 is 0.6667, 1 of 3
            // 0.3333, and 2 of 3's interval starts at 0.2077.
            &["win_rate>=0.6667"],
            &["win_rate==0.3333"],
            &["win_rate_low==0.2077"],
        ]
        .iter()
        .map(|set| set.iter().map(|e| parse_filter(e).unwrap()).collect())
        .collect();
        let mut gave_up = 0;
        for filters in &sets {
            let on_wins: Vec<Condition> = filters
                .iter()
                .filter(|c| c.column.starts_with("win_rate"))
                .cloned()
                .collect();
            for runs in 0..=16u32 {
                let Some(meet) = WinsThatMeet::new(filters, runs) else {
                    assert!(on_wins.is_empty(), "{filters:?}");
                    continue;
                };
                for played in 0..=runs {
                    for wins in 0..=played {
                        let any = (wins..=wins + runs - played)
                            .any(|w| matches_all(&on_wins, &rated(w, runs)));
                        let can = meet.can_meet(wins, played);
                        assert_eq!(can, any, "{filters:?}: {wins} of {played} of {runs}");
                        gave_up += usize::from(!can);
                    }
                }
            }
        }
        assert!(gave_up > 500, "the check gave up on {gave_up} only");
        // 0 won of the first 6 of 10 leaves at most 0.4; 8 of 8, at least 0.8.
        let band =
            |e: &[&str]| -> Vec<Condition> { e.iter().map(|e| parse_filter(e).unwrap()).collect() };
        let b = WinsThatMeet::new(&band(&["win_rate>=0.5", "win_rate<=0.7"]), 10).unwrap();
        assert!(!b.can_meet(0, 6) && !b.can_meet(8, 8));
        assert!(b.can_meet(1, 6) && b.can_meet(7, 7));
        // No filter on the win rate: nothing to ask.
        assert!(WinsThatMeet::new(&band(&["depth>=9"]), 10).is_none());
        // A long rating is set up once, and asked in constant time.
        let long = WinsThatMeet::new(&band(&["win_rate_low>=0.4"]), 100_000).unwrap();
        assert!(!long.can_meet(10, 70_000) && long.can_meet(10, 50_000));
    }

    #[test]
    fn a_rating_adds_columns_and_filters_compare_fractions() {
        let report_like = Rating {
            runs: 20,
            wins: 13,
            win_rate: 0.65,
            win_rate_low: 0.433,
            win_rate_high: 0.819,
            median_turns: 14,
            heroes_lost: 1.25,
        };
        let row = IndexRow {
            seed: u64::MAX,
            rating: Some(report_like),
            ..rated(0, 0)
        };
        assert!(
            row.csv_line()
                .ends_with(",quest,scenario.yaml,20,0.6500,0.4330,0.8190,14,1.250\n")
        );
        assert!(row.yaml_line().ends_with(
            "files: [\"scenario.yaml\"], runs: 20, win_rate: 0.6500, win_rate_low: 0.4330, win_rate_high: 0.8190, median_turns: 14, heroes_lost: 1.250}\n"
        ));
        assert_eq!(csv_header(true).split(',').count(), 22);
        let m = |e: &str| parse_filter(e).unwrap().matches(&row);
        assert!(m("win_rate>=0.4") && m("win_rate<=0.7") && !m("win_rate>0.65"));
        assert!(m("win_rate_low>0.4") && m("heroes_lost<2") && m("median_turns==14"));
        // Seeds past 2^53 still compare exactly.
        assert!(m("seed==18446744073709551615") && !m("seed<18446744073709551615"));
        assert!(parse_filter("win_rate>=0.4").unwrap().needs_rating());
        assert!(
            parse_filter("depth>=0.5").is_err(),
            "whole columns take whole numbers"
        );
        assert!(parse_filter("win_rate>=nan").is_err());
        // Without a rating, a rating filter meets nothing; layout filters skip it.
        let bare = IndexRow {
            rating: None,
            ..row
        };
        let c = [
            parse_filter("win_rate>=0").unwrap(),
            parse_filter("depth>=5").unwrap(),
        ];
        assert!(!matches_all(&c, &bare) && matches_layout(&c, &bare));
    }

    /// A filter compares a rating column as the index prints it: the row
    /// that shows a value meets `==` that value, and `>=`/`<=` at it (a
    /// user's audit: 2 wins of 3, shown 0.6667, failed `win_rate>=0.6667`).
    #[test]
    fn filters_compare_the_rating_as_the_index_prints_it() {
        for runs in 1..=12u32 {
            for wins in 0..=runs {
                let mut row = rated(wins, runs);
                if let Some(r) = row.rating.as_mut() {
                    r.heroes_lost = f64::from(wins) / f64::from(runs) * 2.0;
                }
                let line = row.csv_line();
                let fields: Vec<&str> = line.trim_end().rsplit(',').take(6).collect();
                for (name, shown) in RATING_COLUMNS.iter().rev().zip(fields) {
                    for op in ["==", ">=", "<="] {
                        let c = parse_filter(&format!("{name}{op}{shown}")).unwrap();
                        assert!(c.matches(&row), "{wins} of {runs}: {c} on {line}");
                    }
                    let c = parse_filter(&format!("{name}!={shown}")).unwrap();
                    assert!(!c.matches(&row), "{wins} of {runs}: {c} on {line}");
                }
            }
        }
        let m = |e: &str| parse_filter(e).unwrap().matches(&rated(2, 3));
        assert!(m("win_rate>=0.6667") && m("win_rate==0.6667") && !m("win_rate>0.6667"));
        assert!(!m("win_rate>=0.66671") && m("win_rate<0.66671"));
    }

    #[test]
    fn a_dungeon_row_sums_its_floors() {
        use crate::mkd::floors::{Count, FloorsParams, build_floors};
        let ts = tileset::default_tileset();
        let p = GenerateParams {
            seed: 5,
            ..GenerateParams::default()
        };
        let fp = FloorsParams {
            floors: Count::Fixed(2),
            sets_per_floor: None,
        };
        let d = build_floors(&ts, &p, &fp).unwrap();
        let row = IndexRow::of_dungeon(&d);
        let (a, b) = (IndexRow::of(&d.floors[0]), IndexRow::of(&d.floors[1]));
        assert_eq!(row.seed, 5);
        assert_eq!(row.floors, 2);
        assert_eq!(row.tiles, a.tiles + b.tiles);
        assert_eq!(row.depth, a.depth + b.depth);
        assert_eq!(row.dead_ends, a.dead_ends + b.dead_ends);
        assert_eq!(row.chests[1], a.chests[1] + b.chests[1]);
        // Floor 1 has no Quest Chest: its walk ends at the stairs down.
        assert_eq!(a.critical_path, None);
        let stairs = d.file.floors[0].stairs.unwrap().at;
        let to_stairs = walk_to(
            &d.floors[0],
            Point {
                x: stairs.x,
                y: stairs.y,
            },
        )
        .unwrap();
        assert_eq!(
            row.critical_path,
            Some(to_stairs + b.critical_path.unwrap())
        );
        assert!(
            row.csv_line().ends_with(",2,quest,\n"),
            "{}",
            row.csv_line()
        );
        assert!(row.yaml_line().contains("floors: 2, mission:"));
    }

    #[test]
    fn odd_names_in_a_yaml_line_read_back_exactly() {
        let ts = tileset::default_tileset();
        let s = generate(&ts, &GenerateParams::default()).unwrap();
        let mut row = IndexRow::of(&s);
        let odd = [
            "a \"quoted\", comma'd name",
            "back\\slash: #not a comment",
            "tab\tbell\u{7}nel\u{85}",
            "line\u{2028}separator\u{2029}bom\u{feff}",
            "héros – ✓",
        ];
        row.mission = odd[0].into();
        row.files = odd.iter().map(|f| (*f).to_string()).collect();
        let line = row.yaml_line();
        assert_eq!(line.lines().count(), 1, "{line}");
        // YAML 1.1 readers (PyYAML, SnakeYAML) take these as line breaks or
        // a byte-order mark even inside quotes: they must be escaped.
        assert!(
            !line.contains(['\u{2028}', '\u{2029}', '\u{feff}', '\u{85}']),
            "{line:?}"
        );
        let v: yaml_serde::Value = yaml_serde::from_str(&line).unwrap();
        assert_eq!(v[0]["mission"].as_str(), Some(odd[0]));
        for (i, f) in odd.iter().enumerate() {
            assert_eq!(v[0]["files"][i].as_str(), Some(*f), "{line}");
        }
        // Plain names keep the bytes every index has had.
        assert!(line.contains(", mission: \"a \\\"quoted\\\", comma'd name\", files: ["));
    }

    #[test]
    fn yaml_lines_read_back() {
        let ts = tileset::default_tileset();
        let s = generate(&ts, &GenerateParams::default()).unwrap();
        let mut row = IndexRow::of(&s);
        row.files = vec!["scenario.yaml".into(), "map.svg".into()];
        let text = to_yaml(&[row.clone(), row]);
        let v: yaml_serde::Value = yaml_serde::from_str(&text).unwrap();
        let seq = v.as_sequence().unwrap();
        assert_eq!(seq.len(), 2);
        assert_eq!(seq[0]["files"][1].as_str(), Some("map.svg"));
        assert!(seq[0]["chests"][1].as_u64().is_some());
    }
}
