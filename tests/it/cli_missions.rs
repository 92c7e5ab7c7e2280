//! The binary's mission and multi-floor flags: `generate --mission`,
//! `--floors`, `--sets-per-floor` and `batch --mission`, and their refusals.

use crate::common;

use common::{Run, one_error_line, run_env};
use std::path::Path;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(60);

fn run(cwd: &Path, args: &[&str]) -> Run {
    run_env(cwd, args, &[], TIMEOUT)
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A clap usage error: exit 2, `error:` first, no panic.
fn assert_usage(r: &Run, needle: &str) {
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.starts_with("error:"), "{:?}", r.stderr);
    assert!(r.stderr.contains(needle), "{:?} lacks {needle:?}", r.stderr);
    assert!(!r.stderr.contains("panicked"));
}

#[test]
fn generate_writes_the_mission_pieces_and_names_the_mission() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    // Repeated flags and `+` both work, in any order.
    let r = run(
        tmp.path(),
        &[
            "generate",
            "--seed",
            "7",
            "--mission",
            "timed",
            "--mission",
            "rescue+split-up",
            "--out",
            p(&out),
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.contains("mission: rescue+timed+split-up"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("prisoner: on "), "{}", r.stdout);
    assert!(r.stdout.contains("turn limit: "), "{}", r.stdout);
    let yaml = read(&out.join("scenario.yaml"));
    for key in [
        "mission: rescue+timed+split-up\n",
        "\nturn_limit: ",
        "\nprisoner: {x: ",
        "\nsecond_entrance: {x: ",
        "\n  guardian: {color: ",
    ] {
        assert!(yaml.contains(key), "scenario.yaml lacks {key:?}");
    }
    let sheet = read(&out.join("setup.md"));
    assert!(sheet.contains("## Mission"));
    assert!(sheet.contains("**Second entrance:**"));
    let svg = read(&out.join("map.svg"));
    assert!(svg.contains(">P<") && svg.contains(">E2<"));
    // The written scenario renders again (the loader accepts it).
    let again = tmp.path().join("again");
    let r = run(
        tmp.path(),
        &["render", p(&out.join("scenario.yaml")), "--out", p(&again)],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(read(&again.join("map.svg")), svg);
}

#[test]
fn illegal_missions_are_usage_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    for (flags, needle) in [
        (&["--mission", "rescue+stealth"][..], "cannot be combined"),
        (
            &["--mission", "rescue", "--mission", "kidnapping"],
            "cannot be combined",
        ),
        (&["--mission", "timed", "--mission", "timed"], "named twice"),
        (&["--mission", "heist"], "unknown mission `heist`"),
        (&["--floors", "0"], "expected 1 to 12"),
        (&["--floors", "13"], "expected 1 to 12"),
        (&["--floors", "many"], "not a number or `d6`"),
        (
            &["--sets-per-floor", "0", "--floors", "2"],
            "expected 1 to 200",
        ),
        (
            &["--sets-per-floor", "2"],
            "--sets-per-floor needs --floors",
        ),
    ] {
        let mut args = vec!["generate", "--seed", "1", "--out", p(&out)];
        args.extend_from_slice(flags);
        assert_usage(&run(tmp.path(), &args), needle);
        assert!(!out.exists(), "{flags:?} wrote files");
    }
    // Batch shares the flag.
    let r = run(
        tmp.path(),
        &[
            "batch",
            "--count",
            "1",
            "--mission",
            "stealth+quest",
            "--out",
            p(&out),
        ],
    );
    assert_usage(&r, "cannot be combined");
}

#[test]
fn a_request_the_tiles_cannot_meet_is_one_error_line_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let r = run(
        tmp.path(),
        &[
            "generate",
            "--seed",
            "1",
            "--floors",
            "3",
            "--sets-per-floor",
            "9",
            "--out",
            p(&out),
        ],
    );
    one_error_line(&r, &["9 set(s) need", "hallway"]).unwrap();
    assert!(!out.exists());
}

#[test]
fn floors_write_a_dungeon_file_and_a_folder_per_floor() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let args = [
        "generate",
        "--seed",
        "5",
        "--floors",
        "3",
        "--sets-per-floor",
        "1",
        "--mission",
        "stealth+timed",
        "--out",
        p(&out),
        "--quiet",
    ];
    let r = run(tmp.path(), &args);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stdout, "");
    let dungeon = read(&out.join("dungeon.yaml"));
    assert!(dungeon.starts_with("format: tilecrawl-dungeon/1\n"));
    assert!(dungeon.contains("mission: stealth+timed\n"));
    for k in 1..=3 {
        let dir = out.join(format!("floor-{k}"));
        for f in ["scenario.yaml", "map.svg", "map.png", "setup.md"] {
            assert!(dir.join(f).is_file(), "floor {k} lacks {f}");
        }
        let s = read(&dir.join("scenario.yaml"));
        assert!(s.contains(&format!("\nfloor: {{number: {k}, of: 3}}\n")));
        assert_eq!(s.contains("\nstaircase: {x: "), k < 3, "floor {k}");
        assert!(dungeon.contains(&format!("scenario: floor-{k}/scenario.yaml")));
        assert_eq!(dungeon.contains(&format!("to_floor: {}}}", k + 1)), k < 3);
        // Each floor's scenario loads and renders.
        let r = run(
            tmp.path(),
            &[
                "render",
                p(&dir.join("scenario.yaml")),
                "--out",
                p(&tmp.path().join(format!("r{k}"))),
            ],
        );
        assert_eq!(r.code, Some(0), "{r:?}");
    }
    // Same seed, same bytes; an existing dungeon is not overwritten without --force.
    let r = run(tmp.path(), &args);
    one_error_line(&r, &["already exists", "--force"]).unwrap();
    let again = tmp.path().join("again");
    let mut args2 = args.to_vec();
    args2[10] = p(&again);
    assert_eq!(run(tmp.path(), &args2).code, Some(0));
    assert_eq!(read(&again.join("dungeon.yaml")), dungeon);
    assert_eq!(
        read(&again.join("floor-2/map.svg")),
        read(&out.join("floor-2/map.svg"))
    );
}

#[test]
fn one_floor_is_the_plain_adventure() {
    let tmp = tempfile::tempdir().unwrap();
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    assert_eq!(
        run(
            tmp.path(),
            &["generate", "--seed", "9", "--out", p(&a), "-q"]
        )
        .code,
        Some(0)
    );
    assert_eq!(
        run(
            tmp.path(),
            &[
                "generate",
                "--seed",
                "9",
                "--floors",
                "1",
                "--mission",
                "quest",
                "--out",
                p(&b),
                "-q"
            ]
        )
        .code,
        Some(0)
    );
    assert!(!b.join("dungeon.yaml").exists());
    assert_eq!(
        read(&a.join("scenario.yaml")),
        read(&b.join("scenario.yaml"))
    );
}

#[test]
fn batch_index_names_the_canonical_mission() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let r = run(
        tmp.path(),
        &[
            "batch",
            "--count",
            "2",
            "--quiet",
            "--mission",
            "split-up+kidnapping",
            "--out",
            p(&out),
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let csv = read(&out.join("index.csv"));
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 2);
    assert!(
        rows.iter().all(|r| r.contains(",kidnapping+split-up,")),
        "{csv}"
    );
}

#[test]
fn help_explains_the_mission_and_floor_flags() {
    let tmp = tempfile::tempdir().unwrap();
    let r = run(tmp.path(), &["generate", "--help"]);
    assert_eq!(r.code, Some(0));
    for needle in [
        "--mission",
        "rescue",
        "kidnapping",
        "split-up",
        "--floors",
        "--sets-per-floor",
        "d6",
    ] {
        assert!(r.stdout.contains(needle), "help lacks {needle}");
    }
}
