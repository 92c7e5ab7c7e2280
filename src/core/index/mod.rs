//! What every game's batch index shares: the CSV form of a row
//! ([`csv_line`]), and filters on the index — `COLUMN OP NUMBER`
//! conditions (`depth>=5`, `win_rate<=0.7`) read against a game's list of
//! numeric columns and tested against any row that can name its columns'
//! values.
//!
//! A condition compares a column's value as the index prints it: a
//! fraction rounded to the places its column is written with
//! ([`Number::printed`]), so `win_rate==0.6667` keeps the row that shows
//! `0.6667` (2 wins of 3). The batch's early stop ([`WinsThatMeet`]) reads
//! the same printed values, so it never gives up on a row the filter would
//! keep.
//!
//! Each game keeps its own index row and its own [`Columns`]; what a
//! condition is, how it reads and how it compares is the same for all, as
//! are the note a batch leaves beside its index ([`manifest`]) and the
//! merge of a sharded batch's indexes ([`merge`]).

pub mod manifest;
pub mod merge;

use crate::core::stats::{RATE_DECIMALS, as_printed, fixed, wilson95, win_rate};

/// Ends an `index.yaml` line: `, files: [...]` (each name double-quoted),
/// then the rating's `, name: value` pairs as the CSV writes the values,
/// then `}` and the newline.
pub fn yaml_line_end(o: &mut String, files: &[String], rating: Option<(&[&str], &[String])>) {
    o.push_str(", files: [");
    for (i, f) in files.iter().enumerate() {
        if i > 0 {
            o.push_str(", ");
        }
        o.push_str(&crate::core::yaml_emit::double_quoted(f));
    }
    o.push(']');
    for (name, value) in rating.into_iter().flat_map(|(n, v)| n.iter().zip(v)) {
        o.push_str(", ");
        o.push_str(name);
        o.push_str(": ");
        o.push_str(value);
    }
    o.push_str("}\n");
}

/// One `index.csv` line of `fields`, newline included, written by the
/// `csv` crate (a field is quoted only when it holds a comma, a quote or a
/// line break).
pub fn csv_line<'a>(fields: impl IntoIterator<Item = &'a str>) -> String {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::with_capacity(128));
    // Writing into memory cannot fail, and every field is UTF-8.
    let bytes = w
        .write_record(fields)
        .and_then(|()| w.flush().map_err(csv::Error::from))
        .ok()
        .and_then(|()| w.into_inner().ok())
        .unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// A comparison in a filter condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `>=`
    Ge,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `<`
    Lt,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

impl Op {
    /// The operator as it is typed.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Ge => ">=",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Lt => "<",
            Op::Eq => "==",
            Op::Ne => "!=",
        }
    }
}

/// A value of a numeric column, or the number a filter compares it with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// A whole number (compared exactly, even past 2^53: seeds).
    Whole(u64),
    /// A fraction (a win rate, heroes lost per run).
    Real(f64),
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Number::Whole(n) => write!(f, "{n}"),
            Number::Real(r) => write!(f, "{r}"),
        }
    }
}

impl Number {
    /// A column's value as the index prints it and a filter compares it:
    /// a fraction rounded to `decimals` places, a whole number as it is.
    pub fn printed(self, decimals: usize) -> Number {
        match self {
            Number::Real(r) => Number::Real(as_printed(r, decimals)),
            whole => whole,
        }
    }

    /// The index's text of a value: a fraction with `decimals` places
    /// (`0.6667`), a whole number as it is.
    pub fn field(self, decimals: usize) -> String {
        match self {
            Number::Whole(n) => n.to_string(),
            Number::Real(r) => fixed(r, decimals),
        }
    }

    /// The order of two numbers: whole numbers exactly, else as fractions.
    pub fn order(self, other: Number) -> std::cmp::Ordering {
        match (self, other) {
            (Number::Whole(a), Number::Whole(b)) => a.cmp(&b),
            (a, b) => a.real().total_cmp(&b.real()),
        }
    }

    fn real(self) -> f64 {
        match self {
            Number::Whole(n) => n as f64,
            Number::Real(r) => r,
        }
    }
}

/// The numeric columns of one game's index that a filter may test: those
/// every index has (`layout`, whole numbers) and those only a rated index
/// has (`rating`, from playing the adventures; fractions allowed).
#[derive(Debug, Clone, Copy)]
pub struct Columns {
    /// The index's own columns, in index order.
    pub layout: &'static [&'static str],
    /// The rating's columns, in index order.
    pub rating: &'static [&'static str],
}

impl Columns {
    /// Every column, the layout's first.
    pub fn all(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.layout.iter().chain(self.rating).copied()
    }

    /// Is `name` one of the columns?
    pub fn contains(&self, name: &str) -> bool {
        self.all().any(|c| c == name)
    }

    /// Is `name` one of the rating's columns?
    pub fn is_rating(&self, name: &str) -> bool {
        self.rating.contains(&name)
    }

    /// The columns as a help text lists them: the layout's, then the
    /// rating's (with `--simulate`).
    pub fn help(&self) -> String {
        format!(
            "{}; with --simulate also {}",
            self.layout.join(", "),
            self.rating.join(", ")
        )
    }

    /// The column a mistyped one most likely meant: the first in index
    /// order within two edits (a letter added, dropped or changed, case
    /// ignored), if any.
    pub fn nearest(&self, typed: &str) -> Option<&'static str> {
        if typed.chars().count() > 40 {
            return None;
        }
        crate::core::text::nearest(typed, self.all())
    }
}

/// An index row a condition can be tested against.
pub trait Row {
    /// The value of a numeric column; `Some(None)` for an empty one (no
    /// rating, no path), `None` for a column the row does not have.
    fn column(&self, name: &str) -> Option<Option<Number>>;
}

/// One `--filter` condition on a numeric index column, e.g. `depth>=5` or
/// `win_rate>=0.4`.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    /// The column name.
    pub column: String,
    /// The comparison.
    pub op: Op,
    /// The number compared with.
    pub value: Number,
    /// Whether the column comes from playing the adventures.
    rating: bool,
}

/// Why a filter condition could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--filter {expr:?}: {why}")]
pub struct FilterError {
    /// The condition as given.
    pub expr: String,
    /// What is wrong with it.
    pub why: String,
}

impl Condition {
    /// Reads `COLUMN OP NUMBER` with OP one of `>= <= > < == !=` and
    /// COLUMN one of `columns`.
    pub fn parse(expr: &str, columns: &Columns) -> Result<Condition, FilterError> {
        let err = |why: String| FilterError {
            expr: expr.to_string(),
            why,
        };
        // The operator is the first run of the characters operators are
        // made of, whole: `=>` is a mistyped `>=`, not a column `win_rate=`
        // and `>`.
        let is_op_char = |c: char| "<>=!".contains(c);
        let Some(pos) = expr.find(is_op_char) else {
            return Err(err(
                "expected COLUMN OP NUMBER with OP one of >= <= > < == != (e.g. depth>=5)".into(),
            ));
        };
        let len = expr[pos..]
            .find(|c: char| !is_op_char(c))
            .unwrap_or(expr.len() - pos);
        let sym = &expr[pos..pos + len];
        let ops = [Op::Ge, Op::Le, Op::Eq, Op::Ne, Op::Gt, Op::Lt];
        let Some(op) = ops.into_iter().find(|o| o.symbol() == sym) else {
            return Err(err(not_an_operator(sym)));
        };
        let column = expr[..pos].trim();
        let value = expr[pos + sym.len()..].trim();
        if !columns.contains(column) {
            // Twenty columns would not fit on one error line: a close
            // spelling is named, and `batch --help` lists them all.
            let near = columns
                .nearest(column)
                .map_or(String::new(), |c| format!(" (did you mean {c}?)"));
            return Err(err(format!(
                "unknown column \"{}\"{near}; `tilecrawl batch --help` lists the columns under --filter",
                crate::core::text::excerpt(column, 30)
            )));
        }
        let rating = columns.is_rating(column);
        let value = match value.parse::<u64>() {
            Ok(n) => Number::Whole(n),
            Err(e) if !rating && *e.kind() == std::num::IntErrorKind::PosOverflow => {
                return Err(err(format!(
                    "{} is too large: {column} takes whole numbers up to {}",
                    crate::core::text::excerpt(value, 30),
                    u64::MAX
                )));
            }
            Err(_) => match value.parse::<f64>() {
                Ok(r) if r.is_finite() && rating => Number::Real(r),
                _ if rating => {
                    return Err(err(format!(
                        "{value:?} is not a number (expected e.g. {column}{sym}0.4)"
                    )));
                }
                Ok(r) if r < 0.0 && r.fract() == 0.0 => {
                    return Err(err(format!(
                        "{value} is below 0, and {column} counts from 0 (expected e.g. {column}{sym}5)"
                    )));
                }
                _ => {
                    return Err(err(format!(
                        "{value:?} is not a whole number (expected e.g. {column}{sym}5)"
                    )));
                }
            },
        };
        Ok(Condition {
            column: column.to_string(),
            op,
            value,
            rating,
        })
    }

    /// Does the row meet the condition? An empty value (no critical path)
    /// meets none, nor does a column the row does not have.
    pub fn matches(&self, row: &impl Row) -> bool {
        let Some(Some(v)) = row.column(&self.column) else {
            return false;
        };
        self.holds(v)
    }

    /// Does a value of the column meet the condition?
    pub fn holds(&self, v: Number) -> bool {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let o = v.order(self.value);
        match self.op {
            Op::Ge => o != Less,
            Op::Le => o != Greater,
            Op::Gt => o == Greater,
            Op::Lt => o == Less,
            Op::Eq => o == Equal,
            Op::Ne => o != Equal,
        }
    }

    /// Whether the condition tests a rating column (it needs `--simulate`).
    pub fn needs_rating(&self) -> bool {
        self.rating
    }
}

/// Why `sym` (typed where the operator goes) is none, with the operator
/// it most likely meant: the same characters the other way round (`=>`
/// for `>=`), `=` or `===` for `==`, `<>` for `!=`.
fn not_an_operator(sym: &str) -> String {
    let reversed: String = sym.chars().rev().collect();
    let meant = match sym {
        "=" | "===" => Some("=="),
        "<>" | "!" | "!==" => Some("!="),
        _ => [">=", "<=", "!="]
            .into_iter()
            .find(|o| *o == reversed.as_str()),
    };
    let sym = crate::core::text::excerpt(sym, 10);
    match meant {
        Some(m) => format!("\"{sym}\" is not an operator; did you mean \"{m}\"?"),
        None => format!("\"{sym}\" is not an operator; OP is one of >= <= > < == !="),
    }
}

impl std::fmt::Display for Condition {
    /// The condition as it could be typed again: `depth>=5`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}{}", self.column, self.op.symbol(), self.value)
    }
}

/// The conditions on one column that no value of it can meet together, if
/// any: every column counts from 0, and a win rate (a column whose name
/// holds `win_rate`) is at most 1; a whole-number column takes whole
/// numbers only. A batch refuses such filters at once rather than trying
/// seeds until `--max-attempts` runs out. Columns are looked at in the
/// order their first condition was given.
pub fn unmeetable(conditions: &[Condition]) -> Option<Vec<&Condition>> {
    let mut seen: Vec<&str> = Vec::new();
    for c in conditions {
        if seen.contains(&c.column.as_str()) {
            continue;
        }
        seen.push(&c.column);
        let on: Vec<&Condition> = conditions.iter().filter(|d| d.column == c.column).collect();
        let top = c.column.contains("win_rate").then_some(1.0);
        // A value meeting them all, if one exists, is a bound, a bound's
        // neighbour, or between two bounds: try those.
        let mut bounds: Vec<f64> = vec![0.0];
        bounds.extend(top);
        bounds.extend(on.iter().map(|d| d.value.real()));
        bounds.sort_by(f64::total_cmp);
        bounds.dedup();
        let mut tries: Vec<f64> = Vec::new();
        for w in bounds.windows(2) {
            tries.push((w[0] + w[1]) / 2.0);
        }
        for &b in &bounds {
            tries.extend([b, b - 1.0, b + 1.0, b - 1e-6, b + 1e-6]);
        }
        let whole = !c.rating;
        let meets = |v: f64| {
            v >= 0.0
                && top.is_none_or(|t| v <= t)
                && (!whole || v.fract() == 0.0)
                && on.iter().all(|d| {
                    let n = if whole {
                        Number::Whole(v as u64)
                    } else {
                        Number::Real(v)
                    };
                    d.holds(n)
                })
        };
        if !tries.into_iter().any(meets) {
            return Some(on);
        }
    }
    None
}

/// Does the row meet every condition that does not need a rating? (A batch
/// checks these before it plays the adventure.)
pub fn matches_layout(conditions: &[Condition], row: &impl Row) -> bool {
    conditions
        .iter()
        .filter(|c| !c.needs_rating())
        .all(|c| c.matches(row))
}

/// Does the row meet every condition (none: always)?
pub fn matches_all(conditions: &[Condition], row: &impl Row) -> bool {
    conditions.iter().all(|c| c.matches(row))
}

/// The counts of wins out of a rating's runs that meet every condition on
/// the win rate and its interval (`win_rate`, `win_rate_low`,
/// `win_rate_high`), each count tried once with the rating's own
/// arithmetic. A batch asks it after each run, and stops playing an
/// adventure when no count of wins the runs left allow meets them.
///
/// A game that counts several kinds of win names each count's columns by
/// a prefix ([`WinsThatMeet::with_prefix`]: Dungeons Dark & Dangerous's
/// `blue_win_rate`, `red_win_rate`, …), one `WinsThatMeet` a count.
#[derive(Debug, Clone)]
pub struct WinsThatMeet {
    runs: u32,
    /// `before[w]`: how many counts below `w` meet the conditions.
    before: Vec<u32>,
}

impl WinsThatMeet {
    /// For ratings of `runs` runs; `None` when no condition is on the win
    /// rate or its interval (every adventure is then played in full).
    pub fn new(conditions: &[Condition], runs: u32) -> Option<WinsThatMeet> {
        WinsThatMeet::with_prefix(conditions, "", runs)
    }

    /// [`WinsThatMeet::new`] for the columns named `prefix` then
    /// `win_rate`, `win_rate_low` or `win_rate_high` (`blue_win_rate`);
    /// `None` when no condition is on one of them.
    pub fn with_prefix(conditions: &[Condition], prefix: &str, runs: u32) -> Option<WinsThatMeet> {
        let column = |c: &Condition, w, n| prefixed_win_column(prefix, &c.column, w, n);
        let on_wins: Vec<&Condition> = conditions
            .iter()
            .filter(|c| column(c, 0, 1).is_some())
            .collect();
        if on_wins.is_empty() {
            return None;
        }
        let mut before = Vec::with_capacity(runs as usize + 2);
        before.push(0);
        let mut n = 0;
        for w in 0..=runs {
            let meets = on_wins
                .iter()
                .all(|c| column(c, w, runs).is_some_and(|v| c.holds(Number::Real(v))));
            n += u32::from(meets);
            before.push(n);
        }
        Some(WinsThatMeet { runs, before })
    }

    /// Could the rating still meet the conditions, `wins` of the first
    /// `played` runs won? `false` only when no count of wins the runs left
    /// allow does.
    pub fn can_meet(&self, wins: u32, played: u32) -> bool {
        let most = wins
            .saturating_add(self.runs.saturating_sub(played))
            .min(self.runs);
        let least = wins.min(most);
        self.before[most as usize + 1] > self.before[least as usize]
    }
}

/// The value of a column on the win rate (`win_rate`, `win_rate_low`,
/// `win_rate_high`) for `wins` of `runs`, as each game's rating works it out
/// and its index prints it ([`RATE_DECIMALS`] places); `None` for any other
/// column.
pub fn win_column(column: &str, wins: u32, runs: u32) -> Option<f64> {
    prefixed_win_column("", column, wins, runs)
}

/// [`win_column`] for the columns named `prefix` then `win_rate`,
/// `win_rate_low` or `win_rate_high` (`blue_win_rate_low`): the same
/// arithmetic on the count the prefix names; `None` for any other column.
pub fn prefixed_win_column(prefix: &str, column: &str, wins: u32, runs: u32) -> Option<f64> {
    let v = match column.strip_prefix(prefix)? {
        "win_rate" => win_rate(wins, runs),
        "win_rate_low" => wilson95(wins, runs).0,
        "win_rate_high" => wilson95(wins, runs).1,
        _ => return None,
    };
    Some(as_printed(v, RATE_DECIMALS))
}

#[cfg(test)]
mod tests {
    /// Filters no value can meet are found; any that one value meets are
    /// not, for whole-number columns and win rates.
    #[test]
    fn filters_no_value_can_meet_are_found() {
        const COLUMNS: Columns = Columns {
            layout: &["depth", "tiles"],
            rating: &["win_rate", "heroes_lost"],
        };
        let c = |e: &str| Condition::parse(e, &COLUMNS).unwrap();
        let none = |v: &[&str]| {
            let conds: Vec<Condition> = v.iter().map(|e| c(e)).collect();
            unmeetable(&conds).map(|on| on.iter().map(|d| d.to_string()).collect::<Vec<_>>())
        };
        assert_eq!(
            none(&["depth>=5", "depth<=3"]),
            Some(vec!["depth>=5".into(), "depth<=3".into()])
        );
        assert_eq!(none(&["win_rate>1.5"]), Some(vec!["win_rate>1.5".into()]));
        assert_eq!(none(&["win_rate<0"]), Some(vec!["win_rate<0".into()]));
        assert_eq!(
            none(&["depth>4", "depth<5"]),
            Some(vec!["depth>4".into(), "depth<5".into()])
        );
        assert_eq!(
            none(&["depth==3", "depth!=3"]),
            Some(vec!["depth==3".into(), "depth!=3".into()])
        );
        // A column met by some value, another column aside.
        assert_eq!(none(&["depth>=3", "depth<=3", "tiles>=11"]), None);
        assert_eq!(none(&["win_rate>0.4", "win_rate<0.41"]), None);
        assert_eq!(none(&["win_rate>=1"]), None);
        assert_eq!(none(&["win_rate<=0", "heroes_lost>=2.5"]), None);
        assert_eq!(none(&["depth!=0"]), None);
        assert_eq!(none(&[]), None);
        // The second column's contradiction, after a met first one.
        assert_eq!(
            none(&["depth>=1", "win_rate>=0.8", "win_rate<=0.5"]),
            Some(vec!["win_rate>=0.8".into(), "win_rate<=0.5".into()])
        );
    }

    use super::*;

    const COLUMNS: Columns = Columns {
        layout: &["seed", "depth", "dead_ends"],
        rating: &["win_rate", "turns"],
    };

    struct R(u64, Option<u64>, f64);

    impl Row for R {
        fn column(&self, name: &str) -> Option<Option<Number>> {
            Some(match name {
                "seed" => Some(Number::Whole(self.0)),
                "depth" => self.1.map(Number::Whole),
                "win_rate" => Some(Number::Real(self.2)),
                _ => return None,
            })
        }
    }

    #[test]
    fn conditions_read_compare_and_print_as_typed() {
        let row = R(u64::MAX, Some(5), 0.5);
        let m = |e: &str| Condition::parse(e, &COLUMNS).unwrap().matches(&row);
        assert!(m("depth>=5") && m("depth<=5") && m("depth==5") && !m("depth!=5"));
        assert!(!m("depth>5") && !m("depth<5") && m("depth > 4"));
        // Seeds compare exactly past 2^53.
        assert!(m("seed==18446744073709551615") && !m("seed==18446744073709551614"));
        assert!(m("win_rate>=0.5") && !m("win_rate>0.5") && m("win_rate<1"));
        assert!(!m("dead_ends>=0"), "a column the row lacks meets nothing");
        assert!(R(1, None, 0.0).column("depth").unwrap().is_none());
        assert!(
            !Condition::parse("depth>=0", &COLUMNS)
                .unwrap()
                .matches(&R(1, None, 0.0))
        );
        for e in ["depth>=5", "win_rate<=0.7", "seed!=3"] {
            assert_eq!(Condition::parse(e, &COLUMNS).unwrap().to_string(), e);
        }
    }

    #[test]
    fn a_csv_line_quotes_only_what_needs_it() {
        assert_eq!(csv_line(["1", "quest", ""]), "1,quest,\n");
        assert_eq!(
            csv_line(["a,b \"c\"", "line\nbreak"]),
            "\"a,b \"\"c\"\"\",\"line\nbreak\"\n"
        );
    }

    #[test]
    fn bad_conditions_say_what_was_expected() {
        let why = |e: &str| Condition::parse(e, &COLUMNS).unwrap_err().why;
        assert!(why("depth").starts_with("expected COLUMN OP NUMBER"));
        // A mistyped operator is named as one (it was read as a column
        // `depth=` and `>`).
        assert_eq!(
            why("win_rate=>0.4"),
            "\"=>\" is not an operator; did you mean \">=\"?"
        );
        assert!(why("depth=<5").ends_with("did you mean \"<=\"?"));
        assert!(why("depth=5").ends_with("did you mean \"==\"?"));
        assert!(why("depth <> 5").ends_with("did you mean \"!=\"?"));
        assert!(why("depth>>5").ends_with("OP is one of >= <= > < == !="));
        // A whole number too large is said to be one, with the largest.
        assert_eq!(
            why("depth>=99999999999999999999999"),
            "99999999999999999999999 is too large: depth takes whole numbers up to 18446744073709551615"
        );
        assert!(why("seed<=18446744073709551616").contains("too large"));
        assert!(why(&format!("depth>={}", "9".repeat(5000))).chars().count() < 150);
        assert!(why("depth>=0.5").contains("not a whole number"));
        assert!(why("win_rate>=x").contains("not a number"));
        assert!(why("win_rate>=inf").contains("not a number"));
        assert_eq!(
            why("dpth>=5"),
            "unknown column \"dpth\" (did you mean depth?); `tilecrawl batch --help` lists the columns under --filter"
        );
        assert!(!why("colour>=1").contains("did you mean"));
        assert!(why(&format!("{}>=1", "x".repeat(5000))).chars().count() < 150);
    }

    #[test]
    fn rating_columns_are_told_apart() {
        let p = |e: &str| Condition::parse(e, &COLUMNS).unwrap();
        assert!(p("win_rate>=0.4").needs_rating() && p("turns<9").needs_rating());
        assert!(!p("depth>=1").needs_rating());
        let row = R(1, Some(2), 0.9);
        let conds = [p("depth>=2"), p("win_rate<0.5")];
        assert!(matches_layout(&conds, &row) && !matches_all(&conds, &row));
        assert!(matches_all(&[], &row));
        assert_eq!(
            COLUMNS.help(),
            "seed, depth, dead_ends; with --simulate also win_rate, turns"
        );
        for c in COLUMNS.all() {
            assert_eq!(COLUMNS.nearest(c), Some(c));
        }
    }
}
