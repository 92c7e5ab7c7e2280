//! One voice across commands (issue 22): each item that landed has its test
//! here. The flags that need `--print` are in `cli.rs`
//! (`bad_print_options_are_one_line_errors`).

use crate::common::{Run, one_error_line, run_env};
use std::path::Path;
use std::time::Duration;

fn run(cwd: &Path, args: &[&str]) -> Run {
    run_env(cwd, args, &[], Duration::from_secs(300))
}

/// `generate --seed 3 --sets 1 --dpi 20 --out a -q` in `cwd`, which must work.
fn small_scenario(cwd: &Path) -> Run {
    let g = run(
        cwd,
        &[
            "generate", "--seed", "3", "--sets", "1", "--dpi", "20", "--out", "a", "-q",
        ],
    );
    assert_eq!(g.code, Some(0), "{g:?}");
    g
}

/// A tile set of one hallway and two chambers: well formed, no set.
const TOO_FEW: &str = "format: tilecrawl-tileset/1
name: too few
square_mm: 25.4
tiles:
  - id: H1
    kind: hallway
    front: |
      #.#
      #.#
      #.#
  - id: C1
    kind: chamber
    copies: 2
    front: |
      #.#
      ...
      #.#
";

#[test]
fn tileset_check_says_how_many_sets_the_tiles_make() {
    let tmp = tempfile::tempdir().unwrap();
    let r = run(tmp.path(), &["tileset", "check"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    // The embedded set: 8 hallways and 16 chambers make 4 sets of 5.
    assert!(
        r.stdout
            .contains("is a valid tile set; its tiles make up to 4 set(s) (--sets 4)"),
        "{}",
        r.stdout
    );
    let r = run(tmp.path(), &["tileset", "check", "--json"]);
    assert!(r.stdout.contains("\"sets\":4"), "{}", r.stdout);

    std::fs::write(tmp.path().join("few.yaml"), TOO_FEW).unwrap();
    let r = run(tmp.path(), &["tileset", "check", "few.yaml"]);
    one_error_line(
        &r,
        &[
            "few.yaml",
            "cannot make one set",
            "1 hallway(s) and 2 chamber(s)",
        ],
    )
    .unwrap();
}

#[test]
fn the_set_count_error_counts_the_fifth_tile_of_each_set() {
    let tmp = tempfile::tempdir().unwrap();
    // 8 hallways and 16 chambers: 5 sets need 25 tiles, and there are 24.
    let r = run(tmp.path(), &["generate", "--seed", "1", "--sets", "5"]);
    let line = one_error_line(
        &r,
        &[
            "5 set(s) need 25 tiles",
            "5 hallway(s) and 15 chambers",
            "--sets 4",
        ],
    )
    .unwrap();
    assert!(line.contains("fifth of either kind"), "{line}");
}

#[test]
fn render_is_quiet_with_q() {
    let tmp = tempfile::tempdir().unwrap();
    let g = small_scenario(tmp.path());
    assert!(g.stdout.is_empty(), "{}", g.stdout);
    let r = run(
        tmp.path(),
        &["render", "a/scenario.yaml", "--dpi", "20", "-q", "--force"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.is_empty() && r.stderr.is_empty(), "{r:?}");
    // Without -q it says what it wrote.
    let r = run(
        tmp.path(),
        &["render", "a/scenario.yaml", "--dpi", "20", "--force"],
    );
    assert!(r.stdout.starts_with("wrote "), "{}", r.stdout);
}

#[test]
fn render_replaces_what_is_there_only_with_force() {
    let tmp = tempfile::tempdir().unwrap();
    small_scenario(tmp.path());
    let before = std::fs::read(tmp.path().join("a/map.png")).unwrap();
    // Beside the scenario, as `generate` into a used folder: refused.
    let r = run(tmp.path(), &["render", "a/scenario.yaml", "--dpi", "30"]);
    one_error_line(&r, &["map.svg", "already exists", "--force"]).unwrap();
    assert_eq!(std::fs::read(tmp.path().join("a/map.png")).unwrap(), before);
    // The same into a used --out folder.
    let r = run(
        tmp.path(),
        &["render", "a/scenario.yaml", "--dpi", "30", "--out", "a"],
    );
    one_error_line(&r, &["already exists", "--force"]).unwrap();
    // A fresh folder needs no --force; --force replaces.
    let r = run(
        tmp.path(),
        &[
            "render",
            "a/scenario.yaml",
            "--dpi",
            "30",
            "--out",
            "b",
            "-q",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = run(
        tmp.path(),
        &["render", "a/scenario.yaml", "--dpi", "30", "--force", "-q"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_ne!(std::fs::read(tmp.path().join("a/map.png")).unwrap(), before);
}

#[test]
fn campaign_next_takes_the_tiles_you_own_and_the_options_of_generate() {
    let tmp = tempfile::tempdir().unwrap();
    let tiles = include_str!("../../templates/tilesets/mkd-builder.yaml").replace(
        "name: MKD builder tiles (tilecrawl default)",
        "name: my own tiles",
    );
    std::fs::write(tmp.path().join("my-tiles.yaml"), tiles).unwrap();
    let r = run(tmp.path(), &["campaign", "new", "Saga", "--seed", "26"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = run(
        tmp.path(),
        &[
            "campaign",
            "next",
            "Saga",
            "--tileset",
            "my-tiles.yaml",
            "--floors",
            "2",
            "--sets-per-floor",
            "1",
            "--markers",
            "--difficulty",
            "hard",
            "--table",
            "6x4ft",
            "--dpi",
            "20",
            "-q",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.is_empty(), "-q prints nothing: {}", r.stdout);
    let adv = tmp.path().join("campaigns/Saga/adventure-1");
    assert!(adv.join("dungeon.yaml").exists());
    for floor in ["floor-1", "floor-2"] {
        let yaml = std::fs::read_to_string(adv.join(floor).join("scenario.yaml")).unwrap();
        assert!(yaml.contains("tileset: my-tiles.yaml"), "{floor}");
        assert!(yaml.contains("markers: true"), "{floor}");
        assert!(yaml.contains("difficulty: hard"), "{floor}");
    }
    let c = std::fs::read_to_string(tmp.path().join("campaigns/Saga/campaign.yaml")).unwrap();
    assert!(c.contains("floors: 2"), "{c}");

    // --sets-per-floor without floors is refused, as in generate.
    let r = run(
        tmp.path(),
        &["campaign", "next", "Saga", "--sets-per-floor", "2"],
    );
    crate::common::usage_error_line(&r, &["--sets-per-floor needs --floors"]).unwrap();
}

#[test]
fn a_file_of_the_wrong_kind_gets_one_short_error_line() {
    let tmp = tempfile::tempdir().unwrap();
    small_scenario(tmp.path());
    // The SVG is 40 KB of one YAML string to the reader.
    let r = run(tmp.path(), &["render", "a/map.svg", "--out", "b"]);
    let line = one_error_line(&r, &["a/map.svg"]).unwrap();
    assert!(line.len() < 300, "{} characters: {line}", line.len());
    let r = run(tmp.path(), &["tileset", "check", "a/map.svg"]);
    let line = one_error_line(&r, &["a/map.svg"]).unwrap();
    assert!(line.len() < 300, "{} characters: {line}", line.len());
}

#[test]
fn a_quest_and_a_mission_of_one_seed_get_folders_of_their_own() {
    let tmp = tempfile::tempdir().unwrap();
    for extra in [
        &[][..],
        &["--mission", "rescue+timed"][..],
        &["--floors", "2", "--sets-per-floor", "1"][..],
    ] {
        let mut args = vec!["generate", "--seed", "7", "--dpi", "20", "-q"];
        args.extend_from_slice(extra);
        let r = run(tmp.path(), &args);
        assert_eq!(r.code, Some(0), "{extra:?}: {r:?}");
    }
    let out = tmp.path().join("output");
    assert!(out.join("7/scenario.yaml").exists());
    assert!(out.join("7-rescue-timed/scenario.yaml").exists());
    assert!(out.join("7-floors/dungeon.yaml").exists());
    let quest = std::fs::read_to_string(out.join("7/scenario.yaml")).unwrap();
    assert!(
        quest.contains("mission: quest"),
        "the quest kept its own folder"
    );
}

#[test]
fn every_help_ends_with_an_example_and_play_lists_its_prompt_commands() {
    let tmp = tempfile::tempdir().unwrap();
    let commands: &[&[&str]] = &[
        &[],
        &["generate"],
        &["render"],
        &["batch"],
        &["batch", "merge"],
        &["play"],
        &["simulate"],
        &["campaign"],
        &["campaign", "new"],
        &["campaign", "next"],
        &["campaign", "town"],
        &["campaign", "show"],
        &["tileset"],
        &["tileset", "check"],
        &["tileset", "default"],
        &["completions"],
        &["man"],
    ];
    for c in commands {
        let mut args = c.to_vec();
        args.push("--help");
        let r = run(tmp.path(), &args);
        assert_eq!(r.code, Some(0), "{args:?}: {r:?}");
        let text = r.stdout.trim_end();
        let (_, example) = text
            .rsplit_once("Example:\n")
            .or_else(|| text.rsplit_once("Examples:\n"))
            .unwrap_or_else(|| panic!("{args:?} --help has no example:\n{text}"));
        assert!(
            example.trim_start().starts_with("tilecrawl "),
            "{args:?}: {example}"
        );
    }
    let top = run(tmp.path(), &["--help"]).stdout;
    assert!(top.contains("Start here: `tilecrawl generate`"), "{top}");
    let play = run(tmp.path(), &["play", "--help"]).stdout;
    for verb in [
        "moves to",
        "opens door at",
        "end turn",
        "status",
        "map",
        "undo",
    ] {
        assert!(play.contains(verb), "play --help lacks {verb:?}");
    }
}

#[test]
fn force_leaves_no_stale_file_of_an_earlier_run() {
    let tmp = tempfile::tempdir().unwrap();
    let g = |args: &[&str]| {
        let mut all = vec!["generate", "--dpi", "20", "--out", "x", "-q"];
        all.extend_from_slice(args);
        let r = run(tmp.path(), &all);
        assert_eq!(r.code, Some(0), "{args:?}: {r:?}");
    };
    let x = tmp.path().join("x");
    std::fs::create_dir_all(&x).unwrap();
    std::fs::write(x.join("notes.txt"), "mine").unwrap();
    g(&[
        "--seed",
        "7",
        "--floors",
        "2",
        "--sets-per-floor",
        "1",
        "--print",
        "a4",
    ]);
    assert!(x.join("floor-2/map.pdf").exists());
    g(&["--seed", "8", "--print", "a4", "--force"]);
    assert!(x.join("map.pdf").exists() && x.join("scenario.yaml").exists());
    assert!(
        !x.join("dungeon.yaml").exists(),
        "the dungeon of seed 7 is gone"
    );
    assert!(!x.join("floor-1").exists() && !x.join("floor-2").exists());
    g(&["--seed", "9", "--force"]);
    for stale in ["map.pdf", "setup.pdf"] {
        assert!(!x.join(stale).exists(), "{stale} of seed 8 survived");
    }
    assert!(
        std::fs::read_to_string(x.join("scenario.yaml"))
            .unwrap()
            .contains("seed: 9")
    );
    assert_eq!(
        std::fs::read_to_string(x.join("notes.txt")).unwrap(),
        "mine"
    );
    // render beside the scenario keeps the scenario.
    let r = run(
        tmp.path(),
        &["render", "x/scenario.yaml", "--dpi", "20", "-q", "--force"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(x.join("scenario.yaml").exists());
}

#[test]
fn a_file_of_the_wrong_kind_is_named_and_serde_words_are_translated() {
    let tmp = tempfile::tempdir().unwrap();
    let g = run(
        tmp.path(),
        &[
            "generate",
            "--seed",
            "3",
            "--floors",
            "2",
            "--sets-per-floor",
            "1",
            "--dpi",
            "20",
            "--out",
            "d",
            "-q",
        ],
    );
    assert_eq!(g.code, Some(0), "{g:?}");
    let scenario = "d/floor-1/scenario.yaml";
    let r = run(tmp.path(), &["tileset", "check", scenario]);
    one_error_line(
        &r,
        &["this is a scenario (format: tilecrawl-scenario/1), not a tile set"],
    )
    .unwrap();
    let r = run(tmp.path(), &["render", "d/dungeon.yaml", "--out", "x"]);
    one_error_line(
        &r,
        &[
            "this is a multi-floor dungeon",
            "not a scenario",
            "floor-1/scenario.yaml",
        ],
    )
    .unwrap();
    let r = run(tmp.path(), &["play", scenario, "--party", scenario]);
    one_error_line(&r, &["this is a scenario", "not a party file"]).unwrap();
    let r = run(tmp.path(), &["play", "--resume", scenario]);
    one_error_line(&r, &["this is a scenario", "not a saved game"]).unwrap();
    // serde's words become what was given and what was expected.
    std::fs::write(
        tmp.path().join("list.yaml"),
        "format: tilecrawl-tileset/1\ntiles:\n  - [a, b]\n",
    )
    .unwrap();
    let r = run(
        tmp.path(),
        &["generate", "--tileset", "list.yaml", "--out", "x"],
    );
    let line = one_error_line(&r, &["got a list; expected a mapping of keys"]).unwrap();
    assert!(!line.contains("struct"), "{line}");
    let text = std::fs::read_to_string(tmp.path().join(scenario))
        .unwrap()
        .replacen("seed: ", "seed: abc #", 1);
    std::fs::write(tmp.path().join("bad.yaml"), text).unwrap();
    let r = run(tmp.path(), &["render", "bad.yaml", "--out", "x"]);
    one_error_line(&r, &["seed: got the text \"abc", "expected a whole number"]).unwrap();
    // And clap's number words.
    let r = run(tmp.path(), &["generate", "--seed", "12x"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        r.stderr
            .contains("'12x' for '--seed <SEED>': expected a whole number"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("invalid digit"), "{}", r.stderr);
}

/// `--flag <METAVAR>` pairs of a command's `--help`.
fn metavars(help: &str) -> Vec<(String, String)> {
    help.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.split_once(", ").map_or(
                l,
                |(short, rest)| {
                    if short.len() == 2 { rest } else { l }
                },
            );
            let (flag, rest) = l.strip_prefix("--")?.split_once(' ')?;
            let meta = rest.strip_prefix('<')?.split_once('>')?.0;
            Some((flag.to_string(), meta.to_string()))
        })
        .collect()
}

#[test]
fn one_metavar_per_meaning() {
    let tmp = tempfile::tempdir().unwrap();
    let commands: &[&[&str]] = &[
        &["generate"],
        &["render"],
        &["batch"],
        &["batch", "merge"],
        &["play"],
        &["simulate"],
        &["campaign", "new"],
        &["campaign", "next"],
        &["campaign", "town"],
        &["campaign", "show"],
        &["tileset", "check"],
    ];
    let mut seen: std::collections::BTreeMap<String, (String, String)> = Default::default();
    for c in commands {
        let mut args = c.to_vec();
        args.push("--help");
        let r = run(tmp.path(), &args);
        assert_eq!(r.code, Some(0), "{c:?}");
        for (flag, meta) in metavars(&r.stdout) {
            let here = c.join(" ");
            let (m, first) = seen
                .entry(flag.clone())
                .or_insert((meta.clone(), here.clone()));
            assert_eq!(
                *m, meta,
                "--{flag} is <{m}> in `{first}` but <{meta}> in `{here}`"
            );
        }
    }
    // A metavar names one kind of value: a chest level is not a PNG speed.
    let level: Vec<&String> = seen
        .iter()
        .filter(|(_, (m, _))| m.split('|').any(|w| w == "LEVEL"))
        .map(|(f, _)| f)
        .collect();
    assert_eq!(level, ["buy"], "<LEVEL> means a chest level only");
    assert_eq!(seen["seed"].0, "SEED");
    assert_eq!(seen["jobs"].0, "N");
}

/// A run that succeeded and printed nothing at all.
fn silent(r: &Run) {
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.is_empty(), "stdout: {}", r.stdout);
    assert!(r.stderr.is_empty(), "stderr: {}", r.stderr);
}

#[test]
fn tileset_check_with_q_is_an_exit_status_only() {
    let tmp = tempfile::tempdir().unwrap();
    silent(&run(tmp.path(), &["tileset", "check", "-q"]));
    silent(&run(tmp.path(), &["tileset", "check", "--quiet", "--json"]));
    // A tile set that makes no set still fails, with its one line.
    std::fs::write(tmp.path().join("few.yaml"), TOO_FEW).unwrap();
    let r = run(tmp.path(), &["tileset", "check", "few.yaml", "-q"]);
    one_error_line(&r, &["few.yaml", "cannot make one set"]).unwrap();
    let r = run(tmp.path(), &["tileset", "check", "missing.yaml", "-q"]);
    one_error_line(&r, &["missing.yaml"]).unwrap();
    // `tileset default` prints the tile set all the same: it is the output.
    let r = run(tmp.path(), &["tileset", "default", "-q"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.contains("\nformat: tilecrawl-tileset/1\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn campaign_new_town_and_show_are_quiet_with_q() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    silent(&run(
        dir,
        // The pinned campaign's seed (tests/it/campaign.rs), whose first
        // adventure tests/scripts/campaign-adventure-1.txt plays.
        &["campaign", "new", "Saga", "--seed", "26", "-q"],
    ));
    silent(&run(dir, &["campaign", "show", "Saga", "-q"]));
    silent(&run(
        dir,
        &["campaign", "show", "Saga", "--json", "--quiet"],
    ));
    let r = run(dir, &["campaign", "show", "Nobody", "-q"]);
    one_error_line(&r, &["no such campaign"]).unwrap();
    // A second `new` of the same name still refuses, quiet or not.
    let r = run(dir, &["campaign", "new", "Saga", "-q"]);
    one_error_line(&r, &["already exists"]).unwrap();

    silent(&run(dir, &["campaign", "next", "Saga", "-q"]));
    let adv = "campaigns/Saga/adventure-1";
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/campaign-adventure-1.txt");
    let r = run(
        dir,
        &[
            "play",
            &format!("{adv}/scenario.yaml"),
            "--party",
            &format!("{adv}/party.yaml"),
            "--save",
            &format!("{adv}/game.save"),
            "--combat",
            "dice",
            "--script",
            script.to_str().unwrap(),
        ],
    );
    assert!(r.stdout.contains("== the adventure is over:"), "{r:?}");
    // A bad order is still one error line.
    let r = run(
        dir,
        &["campaign", "town", "Saga", "--resurrect", "Nobody", "-q"],
    );
    one_error_line(&r, &["no hero called `Nobody`"]).unwrap();
    let file = dir.join("campaigns/Saga/campaign.yaml");
    let before = std::fs::read_to_string(&file).unwrap();
    silent(&run(dir, &["campaign", "town", "Saga", "-q"]));
    // The town phase happened: its record is in the file.
    let after = std::fs::read_to_string(&file).unwrap();
    assert_ne!(before, after);
    let r = run(dir, &["campaign", "show", "Saga"]);
    assert!(r.stdout.contains("adventure 1: quest"), "{}", r.stdout);
}

#[test]
fn play_with_q_prints_the_game_without_its_opening_lines() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let g = run(
        dir,
        &[
            "generate",
            "--seed",
            "7",
            "--sets",
            "1",
            "--mission",
            "timed",
            "--out",
            "a",
            "-q",
        ],
    );
    silent(&g);
    std::fs::write(dir.join("s.txt"), "status\nend turn\n").unwrap();
    let play = |extra: &[&str]| {
        let mut args = vec!["play", "a/scenario.yaml", "--script", "s.txt", "--force"];
        args.extend_from_slice(extra);
        run(dir, &args)
    };
    let loud = play(&[]);
    let quiet = play(&["-q"]);
    assert_eq!(quiet.code, Some(0), "{quiet:?}");
    assert!(
        loud.stdout.starts_with("tilecrawl play: scenario seed 7"),
        "{}",
        loud.stdout
    );
    let dropped: Vec<&str> = loud.stdout.lines().take(3).collect();
    assert!(dropped[1].starts_with("entrance at "), "{dropped:?}");
    // The last line says where the game is, as at the keyboard.
    assert_eq!(
        loud.stdout.lines().last(),
        Some("game saved in a/save.yaml")
    );
    for l in quiet.stdout.lines() {
        assert!(
            !l.starts_with("tilecrawl play: ") && !l.starts_with("entrance at "),
            "{l}"
        );
        assert!(!l.starts_with("type `help`"), "{l}");
    }
    // Everything else is the same game, line for line.
    let kept: Vec<&str> = loud
        .stdout
        .lines()
        .filter(|l| {
            !(l.starts_with("tilecrawl play: ")
                || (l.starts_with("entrance at ") && l.contains("heroes wait outside"))
                || l.starts_with("type `help` for the commands")
                || l.starts_with("game saved in "))
        })
        .collect();
    assert_eq!(quiet.stdout.lines().collect::<Vec<_>>(), kept);
    assert!(
        quiet.stdout.starts_with("timed mission: "),
        "{}",
        quiet.stdout
    );
    assert!(quiet.stdout.contains("> end turn"));
    // Errors still print.
    let r = run(dir, &["play", "missing.yaml", "-q"]);
    one_error_line(&r, &["missing.yaml"]).unwrap();
}

#[test]
fn batch_floors_makes_a_dungeon_per_entry_and_indexes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let r = run(
        dir,
        &[
            "batch", "--count", "3", "--floors", "2", "--only", "yaml", "--out", "b", "-q",
        ],
    );
    silent(&r);
    let csv = std::fs::read_to_string(dir.join("b/index.csv")).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 3, "{csv}");
    for (row, seed) in rows.iter().zip(1..) {
        assert_eq!(row[col("seed")], seed.to_string());
        assert_eq!(row[col("floors")], "2");
        assert_eq!(
            row[col("files")],
            "dungeon.yaml;floor-1/scenario.yaml;floor-2/scenario.yaml"
        );
        let entry = dir.join(format!("b/{seed}"));
        assert!(entry.join("dungeon.yaml").is_file());
        // Each entry is what `generate --floors 2` makes of its seed.
        let g = run(
            dir,
            &[
                "generate",
                "--seed",
                &seed.to_string(),
                "--floors",
                "2",
                "--out",
                "g",
                "--force",
                "-q",
            ],
        );
        silent(&g);
        for f in [
            "dungeon.yaml",
            "floor-1/scenario.yaml",
            "floor-2/scenario.yaml",
        ] {
            assert_eq!(
                std::fs::read(entry.join(f)).unwrap(),
                std::fs::read(dir.join("g").join(f)).unwrap(),
                "seed {seed}: {f}"
            );
        }
        // The tiles are summed over both floors.
        let tiles: u32 = ["floor-1", "floor-2"]
            .iter()
            .map(|f| {
                let s = std::fs::read_to_string(entry.join(f).join("scenario.yaml")).unwrap();
                tilecrawl::mkd::scenario::from_yaml(&s, "s")
                    .unwrap()
                    .tiles
                    .len() as u32
            })
            .sum();
        assert_eq!(row[col("tiles")], tiles.to_string());
    }
    let yaml = std::fs::read_to_string(dir.join("b/index.yaml")).unwrap();
    assert_eq!(yaml.matches("floors: 2, ").count(), 3, "{yaml}");

    // --resume knows a finished dungeon by its dungeon.yaml: nothing changes,
    // and a resume with other floors is refused.
    let before = std::fs::read(dir.join("b/index.csv")).unwrap();
    std::fs::remove_file(dir.join("b/3/dungeon.yaml")).unwrap();
    let resume = [
        "batch", "--count", "3", "--only", "yaml", "--out", "b", "--resume", "-q",
    ];
    let mut args = resume.to_vec();
    args.extend(["--floors", "2"]);
    silent(&run(dir, &args));
    assert_eq!(std::fs::read(dir.join("b/index.csv")).unwrap(), before);
    assert!(dir.join("b/3/dungeon.yaml").is_file());
    let mut args = resume.to_vec();
    args.extend(["--floors", "3"]);
    let r = run(dir, &args);
    one_error_line(
        &r,
        &["dungeon.yaml differs", "--resume needs the same options"],
    )
    .unwrap();

    // Filters work on the columns, `floors` among them.
    let r = run(
        dir,
        &[
            "batch",
            "--count",
            "2",
            "--floors",
            "d6",
            "--only",
            "index",
            "--out",
            "f",
            "-q",
            "--filter",
            "floors>=3",
            "--filter",
            "depth>=6",
        ],
    );
    silent(&r);
    let csv = std::fs::read_to_string(dir.join("f/index.csv")).unwrap();
    let fcol = csv
        .lines()
        .next()
        .unwrap()
        .split(',')
        .position(|h| h == "floors")
        .unwrap();
    let found: Vec<u32> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(fcol).unwrap().parse().unwrap())
        .collect();
    assert_eq!(found.len(), 2, "{csv}");
    assert!(found.iter().all(|&n| n >= 3), "{csv}");

    // Bad --floors and --sets-per-floor alone: one line, nothing written.
    for (flags, needle) in [
        (&["--floors", "0"][..], "expected 1 to 12"),
        (&["--floors", "lots"], "not a number or `d6`"),
        (
            &["--sets-per-floor", "2"],
            "--sets-per-floor needs --floors",
        ),
    ] {
        let mut args = vec!["batch", "--count", "2", "--out", "bad"];
        args.extend_from_slice(flags);
        let r = run(dir, &args);
        assert_eq!(r.code, Some(2), "{r:?}");
        // One line, and at most clap's pointer to --help.
        let said: Vec<&str> = r
            .stderr
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
            .collect();
        assert_eq!(said.len(), 1, "{:?}", r.stderr);
        assert!(
            r.stderr.starts_with("error:") && r.stderr.contains(needle),
            "{:?}",
            r.stderr
        );
        assert!(!dir.join("bad").exists());
    }
}

#[test]
fn every_subcommand_takes_q() {
    let tmp = tempfile::tempdir().unwrap();
    for sub in [
        &["generate"][..],
        &["render"],
        &["batch"],
        &["batch", "merge"],
        &["play"],
        &["simulate"],
        &["campaign", "new"],
        &["campaign", "next"],
        &["campaign", "town"],
        &["campaign", "show"],
        &["tileset", "check"],
        &["tileset", "default"],
        &["completions"],
        &["man"],
        &["schema"],
    ] {
        let mut args = sub.to_vec();
        args.push("--help");
        let r = run(tmp.path(), &args);
        assert_eq!(r.code, Some(0), "{sub:?}: {r:?}");
        assert!(r.stdout.contains("-q, --quiet"), "{sub:?} lacks -q");
    }
    // Where the output is the point, -q prints it all the same.
    let r = run(tmp.path(), &["man", "-q"]);
    assert!(r.code == Some(0) && r.stdout.contains(".TH"), "{r:?}");
    let r = run(tmp.path(), &["completions", "bash", "-q"]);
    assert!(r.code == Some(0) && r.stdout.contains("tilecrawl"), "{r:?}");
}

#[test]
fn warparty_new_and_check_are_quiet_with_q() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    silent(&run(
        dir,
        &["warparty", "new", "--seed", "1", "--out", "wp.yaml", "-q"],
    ));
    assert!(dir.join("wp.yaml").is_file());
    silent(&run(dir, &["warparty", "check", "wp.yaml", "-q"]));
    // Without -q each says what it did.
    let r = run(dir, &["warparty", "check", "wp.yaml"]);
    assert!(r.stdout.contains("a legal war-party"), "{r:?}");
    // A problem is still its one error line.
    let r = run(dir, &["warparty", "check", "missing.yaml", "-q"]);
    one_error_line(&r, &["missing.yaml"]).unwrap();
    // Written to standard output, the roster is the point: -q keeps it.
    let r = run(dir, &["warparty", "new", "--seed", "1", "--out", "-", "-q"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stdout,
        std::fs::read_to_string(dir.join("wp.yaml")).unwrap()
    );
}
