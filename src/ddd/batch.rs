//! Batch index of Dungeons Dark & Dangerous boards (`tilecrawl batch
//! --ruleset dd-and-d`): one row of figures per board, in the same two
//! forms as the other games' indexes and filtered by the same `--filter`
//! conditions, on columns of its own.
//!
//! ```text
//! seed,width,height,exits,doors,locked_doors,secret_doors,counters,scenario,files
//! 7,36,36,8,11,2,2,4,treasure-hunt,scenario.yaml
//! ```
//!
//! With `batch --simulate N` each row also carries a [`Rating`]: how both
//! sides fared, played by the policy, over N games — so a pair of players
//! can ask for boards that play even (`--filter 'blue_win_rate>=0.4'
//! --filter 'blue_win_rate<=0.6'`).

use crate::core::index::{Columns, Condition, Number, Row, WinsThatMeet};
use crate::core::stats::{RATE_DECIMALS, wilson95, win_rate};
use crate::ddd::DddScenario;
use crate::ddd::play::simulate::{RunResult, SimReport};
use crate::ddd::play::state::Team;
use std::fmt::Write;

/// The numeric columns of the index, in index order.
pub const LAYOUT_COLUMNS: [&str; 8] = [
    "seed",
    "width",
    "height",
    "exits",
    "doors",
    "locked_doors",
    "secret_doors",
    "counters",
];

/// The columns a rating adds (`batch --simulate`), after `files`.
pub const RATING_COLUMNS: [&str; 7] = [
    "runs",
    "blue_win_rate",
    "blue_win_rate_low",
    "blue_win_rate_high",
    "red_win_rate",
    "attacker_win_rate",
    "mean_rounds",
];

/// Places after the point the index prints each rating column with, in
/// [`RATING_COLUMNS`] order (0 for a whole number): rates to 4, rounds
/// to 2.
const RATING_DECIMALS: [usize; 7] = [
    0,
    RATE_DECIMALS,
    RATE_DECIMALS,
    RATE_DECIMALS,
    RATE_DECIMALS,
    RATE_DECIMALS,
    2,
];

/// The columns a filter can test.
pub const COLUMNS: Columns = Columns {
    layout: &LAYOUT_COLUMNS,
    rating: &RATING_COLUMNS,
};

/// The first line of `index.csv`, with the rating's columns when `rated`.
pub fn csv_header(rated: bool) -> String {
    let mut h = format!("{},scenario,files", LAYOUT_COLUMNS.join(","));
    if rated {
        h.push(',');
        h.push_str(&RATING_COLUMNS.join(","));
    }
    h
}

/// How a board plays, both sides by the policy: the figures of `simulate`
/// the index keeps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Games played.
    pub runs: u32,
    /// Games Blue won.
    pub blue_wins: u32,
    /// Games Red won.
    pub red_wins: u32,
    /// Games the dice-off's winner (the attacker) won.
    pub attacker_wins: u32,
    /// Rounds a game lasted, on average.
    pub mean_rounds: f64,
}

impl Rating {
    /// The rating a report gives.
    pub fn of(r: &SimReport) -> Rating {
        Rating {
            runs: r.runs,
            blue_wins: r.blue_wins,
            red_wins: r.red_wins,
            attacker_wins: r.attacker_wins,
            mean_rounds: r.mean_rounds,
        }
    }

    /// In words, for a summary or the sheet, each side named by the
    /// war-party it played (`blue`, `red`: `the war party in blue.yaml`, as
    /// the other games name their party): `Blue (the default war party)
    /// wins about 45 % (26–66 %) and Red (the war party in red.yaml) 40 %
    /// of 20 games, both sides played by the policy; the dice-off's winner
    /// wins 55 %; 21.5 rounds a game on average`.
    pub fn words(&self, blue: &str, red: &str) -> String {
        let pc = |v: f64| (v * 100.0).round() as u32;
        let (low, high) = wilson95(self.blue_wins, self.runs);
        format!(
            "Blue ({blue}) wins about {} % ({}–{} %) and Red ({red}) {} % of {} games, both sides played by the policy; the dice-off's winner wins {} %; {:.1} rounds a game on average",
            pc(win_rate(self.blue_wins, self.runs)),
            pc(low),
            pc(high),
            pc(win_rate(self.red_wins, self.runs)),
            self.runs,
            pc(win_rate(self.attacker_wins, self.runs)),
            self.mean_rounds
        )
    }

    /// The rating's columns' values as the index prints them (rounded to
    /// [`RATING_DECIMALS`]), in [`RATING_COLUMNS`] order: what a filter
    /// compares.
    fn values(&self) -> [Number; 7] {
        let (low, high) = wilson95(self.blue_wins, self.runs);
        let raw = [
            Number::Whole(u64::from(self.runs)),
            Number::Real(win_rate(self.blue_wins, self.runs)),
            Number::Real(low),
            Number::Real(high),
            Number::Real(win_rate(self.red_wins, self.runs)),
            Number::Real(win_rate(self.attacker_wins, self.runs)),
            Number::Real(self.mean_rounds),
        ];
        std::array::from_fn(|i| raw[i].printed(RATING_DECIMALS[i]))
    }

    /// The fields as written: rates to 4 decimals, rounds to 2.
    fn fields(&self) -> [String; 7] {
        let v = self.values();
        std::array::from_fn(|i| v[i].field(RATING_DECIMALS[i]))
    }
}

/// What the filters on a rating's counts of wins keep, to stop playing a
/// board they can no longer keep (`batch --simulate N --filter
/// 'blue_win_rate>=0.4'`). Each count is asked on its own, every count of
/// wins the runs left allow tried with the rating's own arithmetic
/// ([`WinsThatMeet`]): Blue's wins (`blue_win_rate` and its interval),
/// Red's (`red_win_rate`) and the attacker's (`attacker_win_rate`). That
/// is sound (every filter must hold) though not the tightest check, as a
/// game won by one side is not won by the other. `runs` and
/// `mean_rounds` are checked on the whole rating only.
#[derive(Debug, Clone)]
pub struct CanStillMeet {
    blue: Option<WinsThatMeet>,
    red: Option<WinsThatMeet>,
    attacker: Option<WinsThatMeet>,
}

/// The runs of a rating played so far, as [`CanStillMeet`] reads them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Played {
    /// Games played.
    pub runs: u32,
    /// Games Blue won.
    pub blue_wins: u32,
    /// Games Red won.
    pub red_wins: u32,
    /// Games the dice-off's winner won.
    pub attacker_wins: u32,
}

impl Played {
    /// One more game, counted as the report counts it.
    pub fn record(&mut self, r: &RunResult) {
        self.runs += 1;
        self.blue_wins += u32::from(r.won_by(Team::Blue));
        self.red_wins += u32::from(r.won_by(Team::Red));
        self.attacker_wins += u32::from(r.attacker_won());
    }
}

impl CanStillMeet {
    /// For ratings of `runs` games; `None` when no condition is on a count
    /// of wins (every board is then played in full).
    pub fn new(conditions: &[Condition], runs: u32) -> Option<CanStillMeet> {
        let meet = CanStillMeet {
            blue: WinsThatMeet::with_prefix(conditions, "blue_", runs),
            red: WinsThatMeet::with_prefix(conditions, "red_", runs),
            attacker: WinsThatMeet::with_prefix(conditions, "attacker_", runs),
        };
        (meet.blue.is_some() || meet.red.is_some() || meet.attacker.is_some()).then_some(meet)
    }

    /// Could the rating still meet the conditions, the games in `p`
    /// played? `false` only when some count's conditions can no longer
    /// hold.
    pub fn can_meet(&self, p: &Played) -> bool {
        [
            (&self.blue, p.blue_wins),
            (&self.red, p.red_wins),
            (&self.attacker, p.attacker_wins),
        ]
        .iter()
        .all(|(m, wins)| m.as_ref().is_none_or(|m| m.can_meet(*wins, p.runs)))
    }
}

/// The figures of one board, as one line of the batch index.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexRow {
    /// The master seed.
    pub seed: u64,
    /// The board's width in squares.
    pub width: u32,
    /// Its height.
    pub height: u32,
    /// Exits on its edges.
    pub exits: u32,
    /// Doors of every kind.
    pub doors: u32,
    /// Locked doors (secret ones not counted).
    pub locked_doors: u32,
    /// Secret doors.
    pub secret_doors: u32,
    /// The scenario's counters (treasures, the prisoner, objects).
    pub counters: u32,
    /// The scenario's id (`treasure-hunt`).
    pub scenario: &'static str,
    /// The files written into the board's folder, in order.
    pub files: Vec<String>,
    /// How it plays (`batch --simulate`), else `None`.
    pub rating: Option<Rating>,
}

impl IndexRow {
    /// The row of a board, with no files and no rating yet.
    pub fn of(s: &DddScenario) -> IndexRow {
        let doors = &s.game.doors;
        let count = |f: &dyn Fn(&crate::ddd::part::DoorRecord) -> bool| {
            doors.iter().filter(|d| f(d)).count() as u32
        };
        IndexRow {
            seed: s.seed,
            width: s.size.width,
            height: s.size.height,
            exits: s.game.exits.len() as u32,
            doors: doors.len() as u32,
            locked_doors: count(&|d| d.locked && !d.secret),
            secret_doors: count(&|d| d.secret),
            counters: s.game.counters.len() as u32,
            scenario: s.game.scenario.id(),
            files: Vec::new(),
            rating: None,
        }
    }

    /// The layout columns' values, in their order.
    fn layout(&self) -> [u64; 8] {
        [
            self.seed,
            u64::from(self.width),
            u64::from(self.height),
            u64::from(self.exits),
            u64::from(self.doors),
            u64::from(self.locked_doors),
            u64::from(self.secret_doors),
            u64::from(self.counters),
        ]
    }

    /// The row as one `index.csv` line, newline included.
    pub fn csv_line(&self) -> String {
        let numbers = self.layout().map(|n| n.to_string());
        let files = self.files.join(";");
        let rating = self.rating.as_ref().map(Rating::fields);
        crate::core::index::csv_line(
            numbers
                .iter()
                .map(String::as_str)
                .chain([self.scenario, files.as_str()])
                .chain(rating.iter().flatten().map(String::as_str)),
        )
    }

    /// The row as one `index.yaml` line (a flow mapping in a block
    /// sequence), newline included, laid out as the other games' indexes
    /// lay out theirs: strings double-quoted, the rating with the CSV's
    /// fixed decimals.
    pub fn yaml_line(&self) -> String {
        let q = crate::core::yaml_emit::double_quoted;
        let mut o = String::with_capacity(240);
        o.push_str("- {");
        for (i, (name, v)) in LAYOUT_COLUMNS.iter().zip(self.layout()).enumerate() {
            let _ = write!(o, "{}{name}: {v}", if i > 0 { ", " } else { "" });
        }
        let _ = write!(o, ", scenario: {}", q(self.scenario));
        let rating = self.rating.as_ref().map(Rating::fields);
        let rating = rating.as_ref().map(|r| (&RATING_COLUMNS[..], &r[..]));
        crate::core::index::yaml_line_end(&mut o, &self.files, rating);
        o
    }
}

impl Row for IndexRow {
    fn column(&self, name: &str) -> Option<Option<Number>> {
        if let Some(i) = LAYOUT_COLUMNS.iter().position(|c| *c == name) {
            return Some(Some(Number::Whole(self.layout()[i])));
        }
        let i = RATING_COLUMNS.iter().position(|c| *c == name)?;
        Some(self.rating.as_ref().map(|r| r.values()[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::index::matches_all;
    use crate::ddd::{DddOptions, generate};

    fn board(seed: u64) -> DddScenario {
        generate(seed, &DddOptions::default()).unwrap()
    }

    fn rated() -> IndexRow {
        IndexRow {
            files: vec!["scenario.yaml".into()],
            rating: Some(Rating {
                runs: 20,
                blue_wins: 9,
                red_wins: 8,
                attacker_wins: 11,
                mean_rounds: 21.456,
            }),
            ..IndexRow::of(&board(7))
        }
    }

    /// The early stop never gives up on a rating that could still meet the
    /// filters, read on the row as the index reads it: for every count of
    /// Blue's, Red's and the attacker's wins so far, some finish of the
    /// games left meets them whenever `can_meet` says so, and when it says
    /// no, none does.
    #[test]
    fn the_early_stop_gives_up_only_on_ratings_no_finish_can_keep() {
        let p = |e: &str| Condition::parse(e, &COLUMNS).unwrap();
        let sets: Vec<Vec<Condition>> = [
            &["blue_win_rate>=0.4", "blue_win_rate<=0.6"][..],
            &["blue_win_rate_low>=0.2", "red_win_rate<0.5"],
            &[
                "blue_win_rate_high<=0.8",
                "attacker_win_rate>0.3",
                "doors>=2",
            ],
            &["attacker_win_rate==0.5", "mean_rounds<9"],
            // As the index prints them: 1 of 3 is 0.3333, 2 of 3 0.6667.
            &["red_win_rate==0.3333"],
            &["attacker_win_rate>=0.6667", "blue_win_rate_high<=0.6667"],
        ]
        .iter()
        .map(|set| set.iter().map(|e| p(e)).collect())
        .collect();
        let base = rated();
        let row = |runs, blue_wins, red_wins, attacker_wins| IndexRow {
            rating: Some(Rating {
                runs,
                blue_wins,
                red_wins,
                attacker_wins,
                mean_rounds: 0.0,
            }),
            ..base.clone()
        };
        let mut gave_up = 0;
        for filters in &sets {
            // The filters the early stop reads: the counts' columns.
            let on_wins: Vec<Condition> = filters
                .iter()
                .filter(|c| c.column.contains("win_rate"))
                .cloned()
                .collect();
            for runs in 0..=8u32 {
                let meet = CanStillMeet::new(filters, runs).expect("a filter on a count");
                for played in 0..=runs {
                    let left = runs - played;
                    for (b, r, a) in (0..=played).flat_map(|b| {
                        (0..=played - b).flat_map(move |r| (0..=played).map(move |a| (b, r, a)))
                    }) {
                        let so_far = Played {
                            runs: played,
                            blue_wins: b,
                            red_wins: r,
                            attacker_wins: a,
                        };
                        let can = meet.can_meet(&so_far);
                        // Each count checked on its own, as the stop does.
                        let any = |i: usize| {
                            (0..=left).any(|more| {
                                let mut w = [b, r, a];
                                w[i] += more;
                                let one: Vec<Condition> = on_wins
                                    .iter()
                                    .filter(|c| {
                                        c.column.starts_with(["blue_", "red_", "attacker_"][i])
                                    })
                                    .cloned()
                                    .collect();
                                matches_all(&one, &row(runs, w[0], w[1], w[2]))
                            })
                        };
                        assert_eq!(can, (0..3).all(any), "{filters:?}: {so_far:?} of {runs}");
                        if !can {
                            gave_up += 1;
                            // No finish at all keeps it.
                            for (mb, mr, ma) in (0..=left).flat_map(|mb| {
                                (0..=left - mb)
                                    .flat_map(move |mr| (0..=left).map(move |ma| (mb, mr, ma)))
                            }) {
                                let end = row(runs, b + mb, r + mr, a + ma);
                                assert!(!matches_all(&on_wins, &end), "{filters:?}");
                            }
                        }
                    }
                }
            }
        }
        assert!(gave_up > 500, "the check gave up on {gave_up} only");
        assert!(CanStillMeet::new(&[p("mean_rounds<9"), p("runs==20")], 20).is_none());
    }

    #[test]
    fn a_row_counts_the_boards_pieces() {
        for seed in 1..=8 {
            let s = board(seed);
            let row = IndexRow::of(&s);
            assert_eq!((row.width, row.height), (s.size.width, s.size.height));
            assert_eq!(row.exits as usize, s.game.exits.len());
            let locked = s
                .game
                .doors
                .iter()
                .filter(|d| d.locked && !d.secret)
                .count();
            let secret = s.game.doors.iter().filter(|d| d.secret).count();
            assert_eq!(
                (row.locked_doors as usize, row.secret_doors as usize),
                (locked, secret)
            );
            assert!(row.locked_doors + row.secret_doors <= row.doors);
            assert_eq!(row.counters as usize, s.game.counters.len());
            assert_eq!(row.scenario, s.game.scenario.id());
            assert_eq!(row.column("blue_win_rate"), Some(None), "no rating yet");
        }
    }

    #[test]
    fn the_lines_hold_the_rating_as_the_header_names_it() {
        let row = rated();
        let line = row.csv_line();
        assert!(
            line.ends_with(",scenario.yaml,20,0.4500,0.2582,0.6579,0.4000,0.5500,21.46\n"),
            "{line}"
        );
        let header = csv_header(true);
        assert_eq!(
            header.split(',').count(),
            line.trim_end().split(',').count()
        );
        let yaml: yaml_serde::Value = yaml_serde::from_str(&row.yaml_line()).unwrap();
        assert_eq!(yaml[0]["blue_win_rate"].as_f64(), Some(0.45));
        assert_eq!(yaml[0]["seed"].as_u64(), Some(7));
        assert_eq!(yaml[0]["scenario"].as_str(), Some(row.scenario));
        let unrated = IndexRow::of(&board(7));
        assert_eq!(
            csv_header(false).split(',').count(),
            unrated.csv_line().trim_end().split(',').count()
        );
        let p = |e: &str| Condition::parse(e, &COLUMNS).unwrap();
        assert!(p("blue_win_rate>=0.4").matches(&row) && !p("blue_win_rate>0.45").matches(&row));
        assert!(p("red_win_rate<0.5").matches(&row) && p("runs==20").matches(&row));
        assert!(p("mean_rounds>21.4").matches(&row) && p("blue_win_rate_high>0.65").matches(&row));
        // Compared as printed: 21.456 rounds show 21.46, the interval's
        // top 0.6579.
        assert!(p("mean_rounds==21.46").matches(&row) && !p("mean_rounds>21.46").matches(&row));
        assert!(p("blue_win_rate_high==0.6579").matches(&row));
        assert!(
            !p("blue_win_rate>=0").matches(&unrated),
            "no rating: no match"
        );
        assert!(p(&format!("doors=={}", row.doors)).matches(&row));
        assert!(Condition::parse("win_rate>=0.5", &COLUMNS).is_err());
        assert_eq!(
            row.rating
                .unwrap()
                .words("the default war party", "the war party in red.yaml"),
            "Blue (the default war party) wins about 45 % (26–66 %) and Red (the war party in red.yaml) 40 % of 20 games, both sides played by the policy; the dice-off's winner wins 55 %; 21.5 rounds a game on average"
        );
    }
}
