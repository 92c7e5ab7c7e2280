//! Dice expressions as the rule texts write them — `2d6+1`, `d8-1`,
//! `b[2d6]` (the best die), `w[3d10]` (the worst) — parsed and rolled with
//! logged dice, and the three bands of a 2d6 move.

use crate::core::dice::Dice;
use crate::core::text::excerpt;
use std::fmt;

/// Most terms in one expression.
pub const MAX_TERMS: usize = 20;

/// Most characters of an expression quoted back in an error; past them the
/// quote ends in `…` and says how long the expression was.
const MAX_QUOTED_CHARS: usize = 40;

/// Most dice in one term.
pub const MAX_DICE: u32 = 100;
/// Most faces on a die.
pub const MAX_SIDES: u32 = 1000;
/// Largest number term.
pub const MAX_NUMBER: u32 = 10_000;

/// How the dice of a term count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Their sum (`2d6`).
    Sum,
    /// The best die (`b[2d6]`).
    Best,
    /// The worst die (`w[2d6]`).
    Worst,
}

/// One term: dice or a number, added or taken away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// `count` dice of `sides` faces, kept as `keep` says.
    Dice {
        /// Dice rolled.
        count: u32,
        /// Faces of each.
        sides: u32,
        /// Sum, best or worst.
        keep: Keep,
        /// Taken away instead of added.
        minus: bool,
    },
    /// A number.
    Number {
        /// Its value.
        value: u32,
        /// Taken away instead of added.
        minus: bool,
    },
}

/// A parsed dice expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    /// The terms, in order.
    pub terms: Vec<Term>,
}

/// Why a dice expression was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("dice expression `{text}`: {problem} (write it like 2d6+1, d8-1, b[2d6] or w[3d10])")]
pub struct RollError {
    /// What was typed (escaped, shortened).
    pub text: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Term::Number { value, .. } => write!(f, "{value}"),
            Term::Dice {
                count, sides, keep, ..
            } => match keep {
                Keep::Sum => write!(f, "{count}d{sides}"),
                Keep::Best => write!(f, "b[{count}d{sides}]"),
                Keep::Worst => write!(f, "w[{count}d{sides}]"),
            },
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.terms.iter().enumerate() {
            let minus = match t {
                Term::Dice { minus, .. } | Term::Number { minus, .. } => *minus,
            };
            if minus {
                f.write_str("-")?;
            } else if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

/// What is wrong with one term of an expression (a [`RollError`]'s problem).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
struct TermProblem(String);

fn number(s: &str, what: &str, low: u32, high: u32) -> Result<u32, TermProblem> {
    let n: u32 = s.parse().map_err(|_| {
        // All digits yet no `u32`: a whole number, only too big.
        TermProblem(if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            format!("{what} is {s}, too big; expected {low} to {high}")
        } else {
            format!("`{s}` is not a whole number ({what})")
        })
    })?;
    if n < low || n > high {
        return Err(TermProblem(format!(
            "{what} is {n}; expected {low} to {high}"
        )));
    }
    Ok(n)
}

fn dice_term(s: &str) -> Result<(u32, u32), TermProblem> {
    let Some((count, sides)) = s.split_once('d') else {
        return Err(TermProblem(format!("`{s}` is not dice like 2d6")));
    };
    let count = if count.is_empty() {
        1
    } else {
        number(count, "the number of dice", 1, MAX_DICE)?
    };
    let sides = number(sides, "the faces of a die", 2, MAX_SIDES)?;
    Ok((count, sides))
}

/// Parses an expression (spaces ignored, `D` as `d`).
pub fn parse(text: &str) -> Result<Expr, RollError> {
    let fail = |problem: String| RollError {
        text: excerpt(text, MAX_QUOTED_CHARS),
        problem,
    };
    let s: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    if s.is_empty() {
        return Err(fail("it is empty".into()));
    }
    let mut terms = Vec::new();
    let mut rest = s.as_str();
    let mut first = true;
    while !rest.is_empty() {
        let mut minus = false;
        if let Some(r) = rest.strip_prefix('+') {
            rest = r;
        } else if let Some(r) = rest.strip_prefix('-') {
            rest = r;
            minus = true;
        } else if !first {
            return Err(fail("expected + or - between terms".into()));
        }
        first = false;
        let term_len = if rest.starts_with("b[") || rest.starts_with("w[") {
            rest.find(']')
                .map(|i| i + 1)
                .ok_or_else(|| fail("a `[` is not closed".into()))?
        } else {
            rest.find(['+', '-']).unwrap_or(rest.len())
        };
        let t = &rest[..term_len];
        rest = &rest[term_len..];
        let term = if let Some(inner) = t.strip_prefix("b[").or_else(|| t.strip_prefix("w[")) {
            let inner = inner.trim_end_matches(']');
            let (count, sides) = dice_term(inner).map_err(|p| fail(p.0))?;
            let keep = if t.starts_with('b') {
                Keep::Best
            } else {
                Keep::Worst
            };
            Term::Dice {
                count,
                sides,
                keep,
                minus,
            }
        } else if t.contains('d') {
            let (count, sides) = dice_term(t).map_err(|p| fail(p.0))?;
            Term::Dice {
                count,
                sides,
                keep: Keep::Sum,
                minus,
            }
        } else if t.is_empty() {
            return Err(fail("a term is missing".into()));
        } else {
            Term::Number {
                value: number(t, "a number", 0, MAX_NUMBER).map_err(|p| fail(p.0))?,
                minus,
            }
        };
        terms.push(term);
        if terms.len() > MAX_TERMS {
            return Err(fail(format!("more than {MAX_TERMS} terms")));
        }
    }
    if !terms.iter().any(|t| matches!(t, Term::Dice { .. })) {
        return Err(fail("it rolls no dice".into()));
    }
    Ok(Expr { terms })
}

impl Expr {
    /// The average total of the expression (a die of `s` faces averages
    /// `(s + 1) / 2`; `b[…]` and `w[…]` the average best or worst die). Used
    /// to rank damage, never as a roll. Only plain arithmetic, in a fixed
    /// order, so it is the same number everywhere.
    pub fn mean(&self) -> f64 {
        self.terms
            .iter()
            .map(|t| match *t {
                Term::Number { value, minus } => signed(f64::from(value), minus),
                Term::Dice {
                    count,
                    sides,
                    keep,
                    minus,
                } => signed(term_mean(count, sides, keep), minus),
            })
            .sum()
    }
}

fn signed(v: f64, minus: bool) -> f64 {
    if minus { -v } else { v }
}

/// The average of one dice term: the sum's `count (s + 1) / 2`; the best
/// die's `s - Σ (j/s)^count` over j below s; the worst die's `Σ (j/s)^count`
/// over j up to s.
fn term_mean(count: u32, sides: u32, keep: Keep) -> f64 {
    let s = f64::from(sides);
    let power = |j: u32| {
        let x = f64::from(j) / s;
        (0..count).fold(1.0, |p, _| p * x)
    };
    match keep {
        Keep::Sum => f64::from(count) * (s + 1.0) / 2.0,
        Keep::Best => s - (1..sides).map(power).sum::<f64>(),
        Keep::Worst => (1..=sides).map(power).sum::<f64>(),
    }
}

/// The dice of one term as rolled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolledTerm {
    /// The term.
    pub term: Term,
    /// The faces shown (empty for a number).
    pub faces: Vec<u32>,
    /// What the term counts, signed.
    pub value: i64,
}

/// A rolled expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rolled {
    /// Each term.
    pub terms: Vec<RolledTerm>,
    /// The total.
    pub total: i64,
}

/// Rolls an expression, one logged die at a time.
pub fn roll(expr: &Expr, dice: &mut Dice) -> Rolled {
    roll_labelled(expr, dice, "")
}

/// A roll that may be made once more, the second roll standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rerolled {
    /// The first roll.
    pub first: Rolled,
    /// The second roll, when the first was rolled again.
    pub second: Option<Rolled>,
}

impl Rerolled {
    /// The roll that stands: the second if there is one, else the first.
    pub fn standing(&self) -> &Rolled {
        self.second.as_ref().unwrap_or(&self.first)
    }
}

/// Rolls `expr`, then once more when `again` says so of the first roll;
/// the second roll stands, whatever it shows. The second roll's dice are
/// logged as `label` (`off-hand re-roll: die 1 of 1d6`).
pub fn roll_rerolling(
    expr: &Expr,
    dice: &mut Dice,
    label: &str,
    again: impl FnOnce(&Rolled) -> bool,
) -> Rerolled {
    let first = roll(expr, dice);
    let second = again(&first).then(|| roll_labelled(expr, dice, label));
    Rerolled { first, second }
}

/// Whether a roll's total is below the expression's average
/// ([`Expr::mean`]): a roll a re-roll can be expected to better.
pub fn below_average(expr: &Expr, rolled: &Rolled) -> bool {
    (rolled.total as f64) < expr.mean()
}

/// An average as a player reads it: `7`, `4.5`, or `about 4.47`.
pub fn average_words(mean: f64) -> String {
    if mean.fract() == 0.0 {
        format!("{mean:.0}")
    } else if (mean * 2.0).fract() == 0.0 {
        format!("{mean:.1}")
    } else {
        format!("about {mean:.2}")
    }
}

/// [`roll`], each die's purpose led by `label` when there is one.
fn roll_labelled(expr: &Expr, dice: &mut Dice, label: &str) -> Rolled {
    let mut terms = Vec::with_capacity(expr.terms.len());
    for &term in &expr.terms {
        let (faces, value, minus) = match term {
            Term::Number { value, minus } => (Vec::new(), i64::from(value), minus),
            Term::Dice {
                count,
                sides,
                keep,
                minus,
            } => {
                let faces: Vec<u32> = (1..=count)
                    .map(|k| {
                        if label.is_empty() {
                            dice.roll(1, sides, format_args!("die {k} of {term}"))
                        } else {
                            dice.roll(1, sides, format_args!("{label}: die {k} of {term}"))
                        }
                    })
                    .collect();
                let v = match keep {
                    Keep::Sum => faces.iter().sum::<u32>(),
                    Keep::Best => faces.iter().copied().max().unwrap_or(0),
                    Keep::Worst => faces.iter().copied().min().unwrap_or(0),
                };
                (faces, i64::from(v), minus)
            }
        };
        terms.push(RolledTerm {
            term,
            faces,
            value: if minus { -value } else { value },
        });
    }
    let total = terms.iter().map(|t| t.value).sum();
    Rolled { terms, total }
}

/// The three results of a 2d6 move (both texts use them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Band {
    /// 10 or more: full success.
    Hit,
    /// 7 to 9: success at a cost.
    Partial,
    /// 6 or less: a miss (in the SRD, mark XP).
    Miss,
}

impl Band {
    /// The band of a total.
    pub fn of(total: i64) -> Band {
        match total {
            t if t >= 10 => Band::Hit,
            7..=9 => Band::Partial,
            _ => Band::Miss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_parse_and_print_back() {
        for t in ["2d6+1", "1d8-1", "b[2d6]", "w[3d10]+2", "2d6-1d4+3"] {
            assert_eq!(parse(t).unwrap().to_string(), t);
        }
        assert_eq!(parse("d6").unwrap().to_string(), "1d6");
        assert_eq!(parse(" 2D6 + 1 ").unwrap().to_string(), "2d6+1");
        for bad in [
            "", "3", "2d", "d1", "2d6+", "2d6++1", "b[2d6", "101d6", "2x6", "2d6*3",
        ] {
            assert!(parse(bad).is_err(), "{bad} should be refused");
        }
        let e = parse("2d0").unwrap_err().to_string();
        assert!(e.contains("faces of a die is 0; expected 2 to 1000"), "{e}");
        // Digits past what a `u32` holds are a number too big, not "not a
        // whole number".
        let e = parse("99999999999999999999d6").unwrap_err().to_string();
        assert!(
            e.contains("number of dice is 99999999999999999999, too big; expected 1 to 100"),
            "{e}"
        );
        let e = parse("2d6+999999999999").unwrap_err().to_string();
        assert!(
            e.contains("a number is 999999999999, too big; expected 0 to"),
            "{e}"
        );
        let e = parse("2d6+1x").unwrap_err().to_string();
        assert!(e.contains("`1x` is not a whole number"), "{e}");
        // A long expression is quoted by its start, marked as cut, with its
        // length, so the quote is not mistaken for what was typed.
        let long = vec!["1d6"; MAX_TERMS + 1].join("+");
        let e = parse(&long).unwrap_err().to_string();
        assert!(
            e.contains(&format!(
                "`{}… ({} characters)`: more than {MAX_TERMS} terms",
                &long[..MAX_QUOTED_CHARS],
                long.len()
            )),
            "{e}"
        );
    }

    #[test]
    fn best_and_worst_keep_one_die() {
        let mut d = Dice::scripted(&[2, 5, 2, 5, 3, 4]);
        assert_eq!(roll(&parse("b[2d6]").unwrap(), &mut d).total, 5);
        assert_eq!(roll(&parse("w[2d6]+1").unwrap(), &mut d).total, 3);
        let r = roll(&parse("2d6-1").unwrap(), &mut d);
        assert_eq!((r.terms[0].faces.clone(), r.total), (vec![3, 4], 6));
        assert_eq!(d.log().len(), 6, "every die is logged");
        assert_eq!(d.log()[0].purpose, "die 1 of b[2d6]");
    }

    #[test]
    fn a_reroll_is_made_once_and_the_second_roll_stands() {
        let e = parse("d6+1").unwrap();
        // 2 + 1 = 3 is below the average 4.5: rolled again; the 1 that
        // comes up stands, worse or not.
        let mut d = Dice::scripted(&[2, 1]);
        let r = roll_rerolling(&e, &mut d, "off-hand re-roll", |r| below_average(&e, r));
        assert_eq!(r.first.total, 3);
        assert_eq!(
            r.second.as_ref().map(|s| s.terms[0].faces.clone()),
            Some(vec![1])
        );
        assert_eq!(r.standing().total, 2);
        assert_eq!(d.script_left(), 0);
        assert_eq!(d.log()[0].purpose, "die 1 of 1d6");
        assert_eq!(d.log()[1].purpose, "off-hand re-roll: die 1 of 1d6");
        // 4 + 1 = 5 is not below it: no second roll.
        let mut d = Dice::scripted(&[4]);
        let r = roll_rerolling(&e, &mut d, "again", |r| below_average(&e, r));
        assert_eq!((r.standing().total, d.log().len()), (5, 1));
        assert_eq!(r.second, None);
        // A total equal to the average is not below it.
        let two = parse("2d6").unwrap();
        let mut d = Dice::scripted(&[3, 4]);
        assert!(!below_average(&two, &roll(&two, &mut d)));
        assert_eq!(average_words(two.mean()), "7");
        assert_eq!(average_words(e.mean()), "4.5");
        assert_eq!(average_words(parse("b[2d6]").unwrap().mean()), "about 4.47");
    }

    #[test]
    fn best_of_two_d6_never_passes_6_over_many_seeds() {
        let e = parse("b[2d6]").unwrap();
        for seed in 0..500 {
            let mut d = Dice::quiet(seed, "roll");
            let t = roll(&e, &mut d).total;
            assert!((1..=6).contains(&t));
        }
    }

    #[test]
    fn means_rank_damage_expressions() {
        let mean = |t: &str| parse(t).unwrap().mean();
        assert_eq!(mean("d6"), 3.5);
        assert_eq!(mean("d10+1"), 6.5);
        assert_eq!(mean("2d6-1"), 6.0);
        assert_eq!(mean("b[1d6]"), 3.5);
        assert_eq!(mean("w[1d6]"), 3.5);
        // b[2d6]: 161/36; w[2d6]: 91/36.
        assert!((mean("b[2d6]") - 161.0 / 36.0).abs() < 1e-12);
        assert!((mean("w[2d6]") - 91.0 / 36.0).abs() < 1e-12);
        assert!(mean("2d4") > mean("d8"));
    }

    #[test]
    fn the_bands_split_at_7_and_10() {
        assert_eq!(Band::of(6), Band::Miss);
        assert_eq!(Band::of(-2), Band::Miss);
        assert_eq!(Band::of(7), Band::Partial);
        assert_eq!(Band::of(9), Band::Partial);
        assert_eq!(Band::of(10), Band::Hit);
    }
}
