//! Statistics of repeated trials: how sure a measured rate is, and the
//! figures as the indexes print them.
//!
//! A figure is compared as it is printed: a batch's `--filter` and
//! `campaign next --win-rate` test the number the index shows (`0.6667`
//! for 2 wins of 3), never the unrounded one behind it, so a row that
//! shows a value meets `==` that value ([`as_printed`]).

/// The 95% Wilson score interval of `wins` successes in `runs` trials
/// (`(0, 1)` for no trials).
pub fn wilson95(wins: u32, runs: u32) -> (f64, f64) {
    if runs == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = f64::from(runs);
    let p = f64::from(wins.min(runs)) / n;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At 0 or all wins the interval ends exactly at 0 or 1 (rounding aside).
    let lo = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if wins >= runs {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// A band of win rates with both ends kept, as `campaign next --win-rate`
/// takes it: `0.4..0.7`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinRateBand {
    /// The lowest win rate kept.
    pub low: f64,
    /// The highest.
    pub high: f64,
}

/// Why a win-rate band was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected LOW..HIGH with 0 ≤ LOW ≤ HIGH ≤ 1, e.g. 0.4..0.7; got {0:?}")]
pub struct BandError(pub String);

impl WinRateBand {
    /// Reads `LOW..HIGH`.
    pub fn parse(text: &str) -> Result<WinRateBand, BandError> {
        let bad = || BandError(crate::core::text::excerpt(text, 40));
        let (low, high) = text.split_once("..").ok_or_else(bad)?;
        let number = |t: &str| t.trim().parse::<f64>().ok().filter(|v| v.is_finite());
        let (Some(low), Some(high)) = (number(low), number(high)) else {
            return Err(bad());
        };
        if !(0.0..=1.0).contains(&low) || !(0.0..=1.0).contains(&high) || low > high {
            return Err(bad());
        }
        Ok(WinRateBand { low, high })
    }

    /// Whether a win rate, as the index prints it ([`RATE_DECIMALS`]
    /// places), lies in the band (both ends kept): 2 wins of 3 show as
    /// 0.6667 and lie in `0.6667..0.7`, not in `0.67..0.7`.
    pub fn contains(&self, win_rate: f64) -> bool {
        (self.low..=self.high).contains(&as_printed(win_rate, RATE_DECIMALS))
    }
}

impl std::fmt::Display for WinRateBand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..{}", self.low, self.high)
    }
}

/// Places after the point the indexes print a win rate and the ends of its
/// interval with (`0.6667`).
pub const RATE_DECIMALS: usize = 4;

/// `value` printed with `decimals` places after the point, as the indexes
/// write a fraction (`0.6667` for 2/3 with 4).
pub fn fixed(value: f64, decimals: usize) -> String {
    format!("{value:.decimals$}")
}

/// The number `value` printed with `decimals` places reads as (2/3 with 4
/// places: 0.6667): what a filter or a band compares. Rounded as [`fixed`]
/// prints it, so the two can never disagree on a boundary.
pub fn as_printed(value: f64, decimals: usize) -> f64 {
    fixed(value, decimals).parse().unwrap_or(value)
}

/// `wins / runs` (0 for no runs): a report's win rate, in every game.
pub fn win_rate(wins: u32, runs: u32) -> f64 {
    if runs == 0 {
        0.0
    } else {
        f64::from(wins) / f64::from(runs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_figure_reads_back_as_the_number_shown() {
        assert_eq!(as_printed(2.0 / 3.0, 4), 0.6667);
        assert_eq!(as_printed(1.0 / 3.0, 3), 0.333);
        assert_eq!(as_printed(0.5, 4), 0.5);
        assert_eq!(as_printed(0.700_04, 4), 0.7);
        for w in 0..=7 {
            let v = win_rate(w, 7);
            assert_eq!(fixed(as_printed(v, 4), 4), fixed(v, 4), "{w}/7");
        }
    }

    #[test]
    fn wilson_interval_known_values() {
        let (lo, hi) = wilson95(50, 100);
        assert!((lo - 0.4038).abs() < 1e-3, "{lo}");
        assert!((hi - 0.5962).abs() < 1e-3, "{hi}");
        // 0 of 10: the lower end is 0, the upper about 0.278.
        let (lo, hi) = wilson95(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3, "{hi}");
        // 10 of 10 mirrors it.
        let (lo, hi) = wilson95(10, 10);
        assert!((lo - 0.7225).abs() < 1e-3, "{lo}");
        assert_eq!(hi, 1.0);
        // 1 of 1000.
        let (lo, hi) = wilson95(1, 1000);
        assert!((lo - 0.000177).abs() < 1e-5, "{lo}");
        assert!((hi - 0.005643).abs() < 1e-5, "{hi}");
        assert_eq!(wilson95(0, 0), (0.0, 1.0));
    }

    #[test]
    fn wilson_interval_holds_the_rate() {
        for n in [1u32, 2, 7, 100, 1001] {
            for w in 0..=n.min(50) {
                let (lo, hi) = wilson95(w, n);
                let p = f64::from(w) / f64::from(n);
                assert!(lo <= p && p <= hi && 0.0 <= lo && hi <= 1.0, "{w}/{n}");
            }
        }
    }

    #[test]
    fn win_rate_bands_read_low_dot_dot_high() {
        let b = WinRateBand::parse("0.4..0.7").unwrap();
        assert_eq!((b.low, b.high), (0.4, 0.7));
        assert!(b.contains(0.4) && b.contains(0.7) && b.contains(0.55));
        assert!(!b.contains(0.39) && !b.contains(0.71));
        // The rate as printed is compared: 2 of 3 shows 0.6667.
        let two_of_three = win_rate(2, 3);
        assert_eq!(fixed(two_of_three, RATE_DECIMALS), "0.6667");
        assert!(
            WinRateBand::parse("0.6667..0.6667")
                .unwrap()
                .contains(two_of_three)
        );
        assert!(
            !WinRateBand::parse("0.67..0.67")
                .unwrap()
                .contains(two_of_three)
        );
        assert!(b.contains(0.700_04) && !b.contains(0.700_06));
        for bad in [
            "0.7..0.4",
            "0.4",
            "-0.1..0.5",
            "0.5..1.5",
            "a..b",
            "NaN..1",
            "0.4..inf",
        ] {
            assert!(WinRateBand::parse(bad).is_err(), "{bad}");
        }
    }
}
