//! Determinism across platforms: generates scenarios for a fixed list of
//! seeds, set counts and options, hashes the YAML with FNV-1a 64 (written out
//! here, so the digest does not depend on a hashing crate's version) and
//! compares with `tests/digests/scenarios.txt`.
//!
//! A change that alters output for a seed must say so and rewrite the file
//! with `UPDATE_GOLDEN=1 cargo test --test determinism`.

use std::fmt::Write;
use std::path::PathBuf;
use tilecrawl::build::layout::{ExitDice, LayoutParams, Table};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario::Difficulty;
use tilecrawl::mkd::setup::SetupParams;
use tilecrawl::tileset::default_tileset;

/// FNV-1a, 64 bits.
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// 50 seeds: small ones, and values whose high bits matter (a `usize`
/// truncation on a 32-bit target would show).
fn seeds() -> Vec<u64> {
    let mut v: Vec<u64> = (1..=40).collect();
    v.extend([
        0,
        1_000_000,
        u64::from(u32::MAX),
        u64::from(u32::MAX) + 1,
        1 << 40,
        0x8000_0000_0000_0000,
        0xdead_beef_cafe_f00d,
        u64::MAX - 1,
        u64::MAX,
        123_456_789_012_345,
    ]);
    v
}

/// The option mixes tried for every seed and set count.
fn variants(sets: u32) -> Vec<(&'static str, GenerateParams)> {
    let base = |exit_dice, difficulty, hero_value, extras: bool| GenerateParams {
        layout: LayoutParams {
            sets,
            table: Table::default(),
            exit_dice,
        },
        setup: SetupParams {
            hero_value,
            sets,
            difficulty,
            dressing: extras,
            ..SetupParams::default()
        },
        markers: extras,
        ..GenerateParams::default()
    };
    vec![
        (
            "fair-normal-95",
            base(ExitDice::Fair, Difficulty::Normal, 95, false),
        ),
        (
            "tabletop-hard-450-extras",
            base(ExitDice::Tabletop, Difficulty::Hard, 450, true),
        ),
        (
            "fair-easy-250-extras",
            base(ExitDice::Fair, Difficulty::Easy, 250, true),
        ),
    ]
}

/// One line per set count and variant: `sets=N variant digest count`, then the total.
fn digests() -> String {
    let ts = default_tileset();
    let mut total = Fnv1a::new();
    let mut out = String::new();
    for sets in 1..=4 {
        for (name, params) in variants(sets) {
            let mut h = Fnv1a::new();
            let (mut ok, mut failed) = (0, 0);
            for seed in seeds() {
                let p = GenerateParams {
                    seed,
                    ..params.clone()
                };
                // A failure is part of the output too: its message is hashed.
                let text = match generate(&ts, &p) {
                    Ok(s) => {
                        ok += 1;
                        tilecrawl::mkd::scenario::to_yaml(&s)
                    }
                    Err(e) => {
                        failed += 1;
                        format!("error: {e}\n")
                    }
                };
                h.write(text.as_bytes());
                total.write(text.as_bytes());
            }
            writeln!(
                out,
                "sets={sets} {name} {:016x} ok={ok} failed={failed}",
                h.0
            )
            .unwrap();
        }
    }
    writeln!(out, "total {:016x}", total.0).unwrap();
    out
}

#[test]
fn fnv1a_matches_the_reference_values() {
    let hash = |s: &str| {
        let mut h = Fnv1a::new();
        h.write(s.as_bytes());
        h.0
    };
    assert_eq!(hash(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(hash("a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(hash("foobar"), 0x8594_4171_f739_67e8);
}

#[test]
fn scenario_digest_is_pinned() {
    let actual = digests();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/digests/scenarios.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run `UPDATE_GOLDEN=1 cargo test --test determinism` to create it",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "scenario output changed for the pinned seeds.\nexpected:\n{expected}\nactual:\n{actual}\nIf intended, say so and run `UPDATE_GOLDEN=1 cargo test --test determinism`."
    );
}

/// The same parameters twice in one process give the same bytes (no state
/// leaks between runs, no hash-map order).
#[test]
fn generating_twice_gives_the_same_bytes() {
    let ts = default_tileset();
    for (_, params) in variants(3) {
        for seed in [1, 99, u64::MAX] {
            let p = GenerateParams {
                seed,
                ..params.clone()
            };
            let a = generate(&ts, &p).map(|s| tilecrawl::mkd::scenario::to_yaml(&s));
            let b = generate(&ts, &p).map(|s| tilecrawl::mkd::scenario::to_yaml(&s));
            assert_eq!(a, b);
        }
    }
}

/// `batch --only index` generates without the roll log, and step 7 then
/// keeps the analysis of the orientation it took instead of making it again:
/// the scenario must be the same one, whatever path built it.
#[test]
fn a_scenario_made_without_its_roll_log_is_the_same_scenario() {
    let ts = default_tileset();
    let mut compared = 0;
    for sets in 1..=4 {
        for (name, params) in variants(sets) {
            for seed in seeds() {
                let logged = GenerateParams {
                    seed,
                    ..params.clone()
                };
                let quiet = GenerateParams {
                    log: false,
                    ..logged.clone()
                };
                match (generate(&ts, &logged), generate(&ts, &quiet)) {
                    (Ok(mut a), Ok(b)) => {
                        assert!(!a.log.is_empty() && b.log.is_empty());
                        a.log.clear();
                        assert_eq!(
                            tilecrawl::mkd::scenario::to_yaml(&a),
                            tilecrawl::mkd::scenario::to_yaml(&b),
                            "sets={sets} {name} seed={seed}"
                        );
                        compared += 1;
                    }
                    (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                    (a, b) => panic!(
                        "sets={sets} {name} seed={seed}: with the log {:?}, without {:?}",
                        a.err(),
                        b.err()
                    ),
                }
            }
        }
    }
    assert!(compared > 500, "only {compared} scenarios compared");
}
