//! Batch index of Dungeon World 10 mm scenarios (`tilecrawl batch --ruleset
//! dungeon-world-10mm`): one row of figures per scenario, in the same two
//! forms as the MKD Adventure's index (`index.csv`, `index.yaml`) and
//! filtered by the same `--filter` conditions, on columns of its own.
//!
//! ```text
//! seed,tiles,width,height,dm_kills,traps,chests,teleporters,staircases,doors,keys,spawns,furnishings,conditions,hazards,objective_steps,objective,files
//! 3,10,19,24,5,5,6,3,6,8,2,4,12,3,7,12,rescue,scenario.yaml
//! ```
//!
//! `objective_steps` is how far the objective (the prisoner, the lair or
//! the chest to recover) lies from the start teleporter: the fewest steps
//! of [`Board::steps`](crate::dw10::board::Board::steps) with every door open but the secret ones (the
//! keys can always be reached first, a guarantee of setup), empty when no
//! walk reaches it.
//!
//! With `batch --simulate N` each row also carries a [`Rating`]: how the
//! automatic heroes fared against the Draken Master over N games, in
//! columns after `files` (`runs,win_rate,win_rate_low,win_rate_high,
//! mean_moves,heroes_lost`).

use crate::core::index::{Columns, Number, Row};
use crate::core::stats::RATE_DECIMALS;
use crate::dw10::Scenario;
use crate::dw10::board::UNREACHED;
use crate::dw10::features::FeatureKind;
use crate::dw10::play::simulate::Rating;
use crate::dw10::scenario::Objective;
use std::fmt::Write;

/// The numeric columns of the index, in index order.
pub const LAYOUT_COLUMNS: [&str; 16] = [
    "seed",
    "tiles",
    "width",
    "height",
    "dm_kills",
    "traps",
    "chests",
    "teleporters",
    "staircases",
    "doors",
    "keys",
    "spawns",
    "furnishings",
    "conditions",
    "hazards",
    "objective_steps",
];

/// The columns a rating adds (`batch --simulate`), after `files`.
pub const RATING_COLUMNS: [&str; 6] = [
    "runs",
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "mean_moves",
    "heroes_lost",
];

/// Places after the point the index prints each rating column with, in
/// [`RATING_COLUMNS`] order (0 for a whole number).
const RATING_DECIMALS: [usize; 6] = [0, RATE_DECIMALS, RATE_DECIMALS, RATE_DECIMALS, 2, 3];

/// The columns a filter can test.
pub const COLUMNS: Columns = Columns {
    layout: &LAYOUT_COLUMNS,
    rating: &RATING_COLUMNS,
};

/// The features counted in the index, in column order after `dm_kills`:
/// each column and the kinds it counts.
const COUNTED: [(&str, &[FeatureKind]); 10] = [
    ("traps", &[FeatureKind::Trap]),
    ("chests", &[FeatureKind::Chest]),
    ("teleporters", &[FeatureKind::Teleporter]),
    ("staircases", &[FeatureKind::Staircase]),
    ("doors", &[FeatureKind::Door]),
    ("keys", &[FeatureKind::Key]),
    ("spawns", &[FeatureKind::Spawn]),
    ("furnishings", &[FeatureKind::Furnishing]),
    ("conditions", &[FeatureKind::Condition]),
    (
        "hazards",
        &[FeatureKind::Pit, FeatureKind::Rockslide, FeatureKind::Pool],
    ),
];

/// The first line of `index.csv`, with the rating's columns when `rated`.
pub fn csv_header(rated: bool) -> String {
    let mut h = format!("{},objective,files", LAYOUT_COLUMNS.join(","));
    if rated {
        h.push(',');
        h.push_str(&RATING_COLUMNS.join(","));
    }
    h
}

/// The figures of one scenario, as one line of the batch index.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexRow {
    /// The master seed.
    pub seed: u64,
    /// Pieces laid.
    pub tiles: u32,
    /// The dungeon's width in squares.
    pub width: u32,
    /// Its height in squares.
    pub height: u32,
    /// The kills the Draken Master wins at.
    pub dm_kills: u32,
    /// The features counted, in the order of the columns from `traps` to
    /// `hazards` (pits, rock slides and pools together).
    pub counts: [u32; 10],
    /// Steps from the start teleporter to the objective's square (see the
    /// module's notes); `None` when no walk reaches it.
    pub objective_steps: Option<u32>,
    /// The heroes' objective: `recover`, `rescue` or `slay`.
    pub objective: &'static str,
    /// The files written into the scenario's folder, in order.
    pub files: Vec<String>,
    /// How it plays (`batch --simulate`), else `None`.
    pub rating: Option<Rating>,
}

impl IndexRow {
    /// The row of a scenario, with no files and no rating yet.
    pub fn of(s: &Scenario) -> IndexRow {
        let mut counts = [0u32; 10];
        for f in &s.game.features {
            if let Some(i) = COUNTED
                .iter()
                .position(|(_, kinds)| kinds.contains(&f.kind))
            {
                counts[i] += 1;
            }
        }
        IndexRow {
            seed: s.seed,
            tiles: s.tiles.len() as u32,
            width: s.size.width,
            height: s.size.height,
            dm_kills: s.game.victory.dm_kills,
            counts,
            objective_steps: objective_steps(s),
            objective: match s.game.victory.objective {
                Objective::Recover { .. } => "recover",
                Objective::Rescue => "rescue",
                Objective::Slay { .. } => "slay",
            },
            files: Vec::new(),
            rating: None,
        }
    }

    /// The numeric fields of the layout columns but the last
    /// (`objective_steps`, which may be empty), in their order.
    fn layout(&self) -> [u64; 15] {
        let mut v = [0u64; 15];
        v[0] = self.seed;
        for (i, n) in [self.tiles, self.width, self.height, self.dm_kills]
            .into_iter()
            .chain(self.counts)
            .enumerate()
        {
            v[i + 1] = u64::from(n);
        }
        v
    }

    /// The rating's fields, each with a fixed number of decimals (as the
    /// MKD Adventure's index writes its own).
    fn rating_fields(r: &Rating) -> [String; 6] {
        let v = Self::rating_values(r);
        std::array::from_fn(|i| v[i].field(RATING_DECIMALS[i]))
    }

    /// The rating's columns' values as the index prints them (rounded to
    /// [`RATING_DECIMALS`]), in [`RATING_COLUMNS`] order: what a filter
    /// compares.
    fn rating_values(r: &Rating) -> [Number; 6] {
        let raw = [
            Number::Whole(u64::from(r.runs)),
            Number::Real(r.win_rate),
            Number::Real(r.win_rate_low),
            Number::Real(r.win_rate_high),
            Number::Real(r.mean_moves),
            Number::Real(r.heroes_lost),
        ];
        std::array::from_fn(|i| raw[i].printed(RATING_DECIMALS[i]))
    }

    /// The row as one `index.csv` line, newline included, written by the
    /// `csv` crate (a field is quoted only when it needs to be).
    pub fn csv_line(&self) -> String {
        let numbers = self.layout().map(|n| n.to_string());
        let steps = self
            .objective_steps
            .map(|n| n.to_string())
            .unwrap_or_default();
        let files = self.files.join(";");
        let rating = self.rating.as_ref().map(Self::rating_fields);
        let record = numbers
            .iter()
            .map(String::as_str)
            .chain([steps.as_str(), self.objective, files.as_str()])
            .chain(rating.iter().flatten().map(String::as_str));
        crate::core::index::csv_line(record)
    }

    /// The row as one `index.yaml` line (a flow mapping in a block
    /// sequence), newline included, laid out as the MKD Adventure's index
    /// lays out its own: strings double-quoted, the rating with the CSV's
    /// fixed decimals.
    pub fn yaml_line(&self) -> String {
        let q = crate::core::yaml_emit::double_quoted;
        let v = self.layout();
        let mut o = String::with_capacity(240);
        let _ = write!(
            o,
            "- {{seed: {}, tiles: {}, width: {}, height: {}, dm_kills: {}, features: {{",
            v[0], v[1], v[2], v[3], v[4]
        );
        for (i, (name, _)) in COUNTED.iter().enumerate() {
            let _ = write!(
                o,
                "{}{name}: {}",
                if i > 0 { ", " } else { "" },
                self.counts[i]
            );
        }
        match self.objective_steps {
            Some(n) => {
                let _ = write!(o, "}}, objective_steps: {n}");
            }
            None => o.push_str("}, objective_steps: null"),
        }
        let _ = write!(o, ", objective: {}", q(self.objective));
        let rating = self.rating.as_ref().map(Self::rating_fields);
        let rating = rating.as_ref().map(|r| (&RATING_COLUMNS[..], &r[..]));
        crate::core::index::yaml_line_end(&mut o, &self.files, rating);
        o
    }
}

/// The steps from the start teleporter to the objective's square (the
/// prisoner, the lair, or the chest to recover), secret doors shut and
/// every other door open.
fn objective_steps(s: &Scenario) -> Option<u32> {
    let f = &s.game.features;
    let at = match s.game.victory.objective {
        Objective::Rescue => f.iter().find(|f| f.kind == FeatureKind::Prisoner)?,
        Objective::Slay { .. } => f.iter().find(|f| f.kind == FeatureKind::Lair)?,
        Objective::Recover { chest } => f
            .iter()
            .filter(|f| f.kind == FeatureKind::Chest)
            .nth((chest as usize).checked_sub(1)?)?,
    };
    let board = crate::dw10::scenario::board_of(s);
    let start = (s.game.start.x, s.game.start.y);
    let steps = board.steps(start, &|d| !d.secret);
    if !board.inside(at.x, at.y) {
        return None;
    }
    let d = steps[(at.y * board.width + at.x) as usize];
    (d != UNREACHED).then_some(d)
}

impl Row for IndexRow {
    fn column(&self, name: &str) -> Option<Option<Number>> {
        if name == "objective_steps" {
            return Some(self.objective_steps.map(|n| Number::Whole(u64::from(n))));
        }
        if let Some(i) = LAYOUT_COLUMNS.iter().position(|c| *c == name) {
            return Some(Some(Number::Whole(self.layout()[i])));
        }
        let i = RATING_COLUMNS.iter().position(|c| *c == name)?;
        Some(self.rating.as_ref().map(|r| Self::rating_values(r)[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::index::Condition;
    use crate::dw10::setup::{GenerateParams, generate};

    fn scenario(seed: u64) -> Scenario {
        let ts = crate::tileset::pendraken_tileset();
        generate(
            &ts,
            &GenerateParams {
                seed,
                log: false,
                ..Default::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn a_row_counts_the_scenarios_features() {
        for seed in 1..=12 {
            let s = scenario(seed);
            let row = IndexRow::of(&s);
            let n = |k: FeatureKind| s.game.features.iter().filter(|f| f.kind == k).count() as u32;
            assert_eq!(row.seed, seed);
            assert_eq!(row.tiles as usize, s.tiles.len());
            assert_eq!(
                row.counts,
                [
                    n(FeatureKind::Trap),
                    n(FeatureKind::Chest),
                    n(FeatureKind::Teleporter),
                    n(FeatureKind::Staircase),
                    n(FeatureKind::Door),
                    n(FeatureKind::Key),
                    n(FeatureKind::Spawn),
                    n(FeatureKind::Furnishing),
                    n(FeatureKind::Condition),
                    n(FeatureKind::Pit) + n(FeatureKind::Rockslide) + n(FeatureKind::Pool),
                ],
                "seed {seed}"
            );
            assert!(
                row.counts[1] > 0 && row.counts[2] > 0,
                "seed {seed}: chests and teleporters"
            );
            for (i, c) in LAYOUT_COLUMNS[..15].iter().enumerate() {
                assert_eq!(
                    row.column(c),
                    Some(Some(Number::Whole(row.layout()[i]))),
                    "{c}"
                );
            }
            // The objective is reached (setup guarantees every square), and
            // no nearer than a step from the start.
            let steps = row.objective_steps.expect("the objective is reachable");
            assert!(steps >= 1, "seed {seed}");
            assert_eq!(
                row.column("objective_steps"),
                Some(Some(Number::Whole(u64::from(steps))))
            );
            assert_eq!(row.column("win_rate"), Some(None), "no rating yet");
            assert_eq!(row.column("depth"), None, "an MKD column");
        }
    }

    fn rated() -> IndexRow {
        let mut row = IndexRow::of(&scenario(7));
        row.files = vec!["scenario.yaml".into(), "map.svg".into()];
        row.rating = Some(Rating {
            runs: 50,
            wins: 41,
            win_rate: 0.82,
            win_rate_low: 0.6920,
            win_rate_high: 0.9024,
            mean_moves: 28.126,
            heroes_lost: 3.4,
        });
        row
    }

    #[test]
    fn the_csv_and_yaml_lines_hold_the_same_values_as_the_header_names() {
        let unreached = IndexRow {
            objective_steps: None,
            ..IndexRow::of(&scenario(3))
        };
        assert!(unreached.csv_line().contains(",7,,"), "an empty field");
        assert!(unreached.yaml_line().contains("objective_steps: null"));
        for row in [IndexRow::of(&scenario(3)), unreached, rated()] {
            let rated = row.rating.is_some();
            let header = csv_header(rated);
            let text = format!("{header}\n{}", row.csv_line());
            let mut r = csv::Reader::from_reader(text.as_bytes());
            let names: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
            let rec = r.records().next().unwrap().unwrap();
            assert_eq!(rec.len(), names.len());
            let yaml: yaml_serde::Value = yaml_serde::from_str(&row.yaml_line()).unwrap();
            let y = &yaml[0];
            for (name, field) in names.iter().zip(rec.iter()) {
                let from_yaml = match name.as_str() {
                    "files" => y["files"]
                        .as_sequence()
                        .unwrap()
                        .iter()
                        .map(|f| f.as_str().unwrap().to_string())
                        .collect::<Vec<_>>()
                        .join(";"),
                    "objective" => y["objective"].as_str().unwrap().to_string(),
                    "objective_steps" => match &y["objective_steps"] {
                        yaml_serde::Value::Number(v) => v.to_string(),
                        _ => String::new(),
                    },
                    n if COUNTED.iter().any(|(c, _)| *c == n) => {
                        y["features"][n].as_u64().unwrap().to_string()
                    }
                    n => match &y[n] {
                        yaml_serde::Value::Number(v) => v.to_string(),
                        other => panic!("{n}: {other:?}"),
                    },
                };
                // The YAML reader reads 0.8200 as 0.82: compare as numbers
                // where the field is one.
                match (field.parse::<f64>(), from_yaml.parse::<f64>()) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b, "{name}"),
                    _ => assert_eq!(field, from_yaml, "{name}"),
                }
                if let Some(Some(v)) = row.column(name) {
                    let f: f64 = field.parse().unwrap();
                    let expect = match v {
                        Number::Whole(n) => n as f64,
                        Number::Real(r) => r,
                    };
                    // A filter compares the value the index prints.
                    assert_eq!(f, expect, "{name}");
                }
            }
        }
        let line = rated().csv_line();
        assert!(
            line.ends_with(",scenario.yaml;map.svg,50,0.8200,0.6920,0.9024,28.13,3.400\n"),
            "{line}"
        );
    }

    #[test]
    fn filters_read_the_dungeon_world_columns() {
        let row = rated();
        let p = |e: &str| Condition::parse(e, &COLUMNS).unwrap();
        assert!(p("win_rate>=0.8").matches(&row) && !p("win_rate>0.82").matches(&row));
        assert!(p("mean_moves<30").matches(&row) && p("runs==50").matches(&row));
        assert!(p("chests>=1").matches(&row));
        let traps = row.counts[0];
        assert!(p(&format!("traps=={traps}")).matches(&row));
        assert!(!p(&format!("traps!={traps}")).matches(&row));
        assert!(p("mean_moves<30").needs_rating() && !p("hazards>=0").needs_rating());
        let why = Condition::parse("median_turns>=3", &COLUMNS)
            .unwrap_err()
            .why;
        assert!(why.contains("unknown column \"median_turns\""), "{why}");
        let why = Condition::parse("chest>=3", &COLUMNS).unwrap_err().why;
        assert!(why.contains("did you mean chests?"), "{why}");
    }
}
