//! What `play` and `generate` make of their options and paths, in all three
//! games: a save that would replace a file the game reads is refused, a
//! folder given as the save is named as one, options a game does not take
//! are refused by name, and `--script -` reads standard input.

use crate::common::{self, Run, one_error_line, usage_error_line};
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(120);

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], TIMEOUT)
}

/// Runs the binary with `stdin` fed to it.
fn run_stdin(cwd: &Path, args: &[&str], stdin: &[u8]) -> Run {
    common::run_stdin(cwd, args, stdin, TIMEOUT)
}

/// A scratch folder with the seed-7 scenario of `ruleset` in `dir/`.
fn scenario(ruleset: &str, dir: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let r = run(
        tmp.path(),
        &[
            "generate",
            "--ruleset",
            ruleset,
            "--seed",
            "7",
            "--out",
            dir,
            "-q",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let s = tmp.path().join(dir).join("scenario.yaml");
    (tmp, s)
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

// ---------------------------------------------------------------- --script -

/// Dungeon World 10 mm reads `--script -` from standard input, as the other
/// games do, new and resumed.
#[test]
fn dw10_script_dash_reads_standard_input() {
    let (tmp, scen) = scenario("dungeon-world-10mm", "gdw");
    let save = tmp.path().join("dw.yaml");
    let r = run_stdin(
        tmp.path(),
        &["play", p(&scen), "--script", "-", "-q", "--save", p(&save)],
        b"status\nquit\n",
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("movement left"), "{r:?}");
    let r = run_stdin(
        tmp.path(),
        &["play", "--resume", p(&save), "--script", "-", "-q"],
        b"status\nhelp\n",
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        std::fs::read_to_string(&save)
            .unwrap()
            .ends_with("- status\n- help\n")
    );
}

/// A Dungeon World 10 mm script that does not start with the saved lines
/// is refused in a sentence that counts them right (`1 line is`), and a
/// script that is not UTF-8 is named as a script, not as YAML.
#[test]
fn dw10_resumed_and_broken_scripts_are_named_plainly() {
    let (tmp, scen) = scenario("dungeon-world-10mm", "gdw");
    let dir = tmp.path();
    std::fs::write(dir.join("one.txt"), "status\n").unwrap();
    std::fs::write(dir.join("two.txt"), "status\nmap\n").unwrap();
    std::fs::write(dir.join("other.txt"), "help\n").unwrap();
    let r = run(
        dir,
        &[
            "play",
            p(&scen),
            "--script",
            "one.txt",
            "-q",
            "--save",
            "s1.yaml",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = run(
        dir,
        &["play", "--resume", "s1.yaml", "--script", "other.txt", "-q"],
    );
    one_error_line(&r, &["the saved game's 1 line is not the start"]).unwrap();
    let r = run(
        dir,
        &[
            "play",
            p(&scen),
            "--script",
            "two.txt",
            "-q",
            "--save",
            "s2.yaml",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let r = run(
        dir,
        &["play", "--resume", "s2.yaml", "--script", "other.txt", "-q"],
    );
    one_error_line(&r, &["the saved game's 2 lines are not the start"]).unwrap();
    std::fs::write(dir.join("bad.txt"), b"status\n\xff\n").unwrap();
    let r = run(
        dir,
        &[
            "play",
            p(&scen),
            "--script",
            "bad.txt",
            "-q",
            "--save",
            "s3.yaml",
        ],
    );
    let line =
        one_error_line(&r, &["bad.txt", "not UTF-8", "a script must be UTF-8 text"]).unwrap();
    assert!(!line.contains("YAML"), "{line}");
}

/// A scripted game (`--script FILE` or `--script -`) and one piped in ends
/// as a typed one does, in all three games: `game saved in PATH`, the save
/// `--resume` takes up; `-q` leaves the line out, and the save is written
/// all the same.
#[test]
fn scripted_play_says_where_the_game_is_saved_unless_quiet() {
    for ruleset in ["mkd-adventure", "dungeon-world-10mm", "dd-and-d"] {
        let (tmp, scen) = scenario(ruleset, "g");
        let dir = tmp.path();
        std::fs::write(dir.join("moves.txt"), "status\n").unwrap();
        for (input, args) in [
            (None, vec!["--script", "moves.txt"]),
            (Some(&b"status\n"[..]), vec!["--script", "-"]),
            (Some(&b"status\n"[..]), vec![]),
        ] {
            for quiet in [false, true] {
                let _ = std::fs::remove_file(dir.join("kept.yaml"));
                let mut all = vec!["play", p(&scen), "--save", "kept.yaml"];
                all.extend(&args);
                if quiet {
                    all.push("-q");
                }
                let r = match input {
                    None => run(dir, &all),
                    Some(i) => run_stdin(dir, &all, i),
                };
                assert_eq!(r.code, Some(0), "{ruleset} {all:?}: {r:?}");
                assert!(dir.join("kept.yaml").is_file(), "{ruleset} {all:?}");
                let said = r.stdout.lines().filter(|l| l.starts_with("game saved in "));
                let said: Vec<&str> = said.collect();
                if quiet {
                    assert!(said.is_empty(), "{ruleset} {all:?}: {}", r.stdout);
                } else {
                    assert_eq!(said, ["game saved in kept.yaml"], "{ruleset} {all:?}");
                    assert_eq!(
                        r.stdout.lines().last(),
                        Some("game saved in kept.yaml"),
                        "{ruleset} {all:?}"
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------- the save's path

/// A save is never written over the scenario, the script or another file
/// the game reads, even with --force, in any of the three games, new or
/// resumed; the file is left as it was.
#[test]
fn a_save_over_a_file_the_game_reads_is_refused() {
    for ruleset in ["mkd-adventure", "dungeon-world-10mm", "dd-and-d"] {
        let (tmp, scen) = scenario(ruleset, "g");
        let dir = tmp.path();
        let moves = dir.join("moves.txt");
        std::fs::write(&moves, "status\n").unwrap();
        let scen_text = std::fs::read_to_string(&scen).unwrap();
        // The same file by another spelling is still the same file.
        let scen_again = dir.join("g/../g/scenario.yaml");
        let mut cases: Vec<(Vec<&str>, &str)> = vec![
            (
                vec!["play", p(&scen), "--save", p(&scen_again), "--force"],
                "scenario",
            ),
            (
                vec!["play", p(&scen), "--save", "moves.txt", "--force"],
                "script",
            ),
        ];
        if ruleset == "mkd-adventure" {
            std::fs::write(
                dir.join("party.yaml"),
                tilecrawl::mkd::play::party::DEFAULT_YAML,
            )
            .unwrap();
            cases.push((
                vec![
                    "play",
                    p(&scen),
                    "--party",
                    "party.yaml",
                    "--save",
                    "party.yaml",
                    "--force",
                ],
                "party file",
            ));
        }
        for (mut args, what) in cases {
            args.extend(["--script", "moves.txt", "-q"]);
            let r = run(dir, &args);
            one_error_line(&r, &[what, "give another --save"])
                .unwrap_or_else(|m| panic!("{ruleset} {args:?}: {m}"));
            assert_eq!(std::fs::read_to_string(&scen).unwrap(), scen_text);
            assert_eq!(std::fs::read_to_string(&moves).unwrap(), "status\n");
        }
        // Resumed: --save names the scenario the save plays.
        let r = run(
            dir,
            &[
                "play",
                p(&scen),
                "--save",
                "s.yaml",
                "--script",
                "moves.txt",
                "-q",
            ],
        );
        assert_eq!(r.code, Some(0), "{ruleset}: {r:?}");
        for (save, what) in [(p(&scen), "scenario"), ("moves.txt", "script")] {
            let r = run(
                dir,
                &[
                    "play",
                    "--resume",
                    "s.yaml",
                    "--save",
                    save,
                    "--script",
                    "moves.txt",
                    "-q",
                ],
            );
            one_error_line(&r, &[what, "give another --save"])
                .unwrap_or_else(|m| panic!("{ruleset} resumed, --save {save}: {m}"));
        }
        assert_eq!(std::fs::read_to_string(&scen).unwrap(), scen_text);
        assert_eq!(std::fs::read_to_string(&moves).unwrap(), "status\n");
    }
}

/// A folder given as --save is named as what it is, with or without
/// --force, before anything is played.
#[test]
fn a_folder_as_the_save_is_named_as_a_folder() {
    for ruleset in ["mkd-adventure", "dungeon-world-10mm", "dd-and-d"] {
        let (tmp, scen) = scenario(ruleset, "g");
        std::fs::create_dir(tmp.path().join("d")).unwrap();
        std::fs::write(tmp.path().join("moves.txt"), "status\n").unwrap();
        for force in [false, true] {
            let mut args = vec![
                "play",
                p(&scen),
                "--save",
                "d",
                "--script",
                "moves.txt",
                "-q",
            ];
            if force {
                args.push("--force");
            }
            let r = run(tmp.path(), &args);
            one_error_line(&r, &["d: ", "not a regular file", "folder"])
                .unwrap_or_else(|m| panic!("{ruleset} {args:?}: {m}"));
            assert_eq!(r.stdout, "", "{ruleset} {args:?}");
        }
    }
}

/// `--save -` is refused (a save is a file the game rewrites and reads
/// back), new or resumed from standard input, and no file named `-` is
/// left behind.
#[test]
fn a_save_to_standard_output_is_refused() {
    for ruleset in ["mkd-adventure", "dungeon-world-10mm", "dd-and-d"] {
        let (tmp, scen) = scenario(ruleset, "g");
        std::fs::write(tmp.path().join("moves.txt"), "status\n").unwrap();
        let args = ["play", p(&scen), "--save", "-", "--script", "moves.txt"];
        let r = run(tmp.path(), &args);
        usage_error_line(&r, &["--save -", "name a file"])
            .unwrap_or_else(|m| panic!("{ruleset} {args:?}: {m}"));
        // A save read from standard input has no file to go on saving in.
        let ok = run(
            tmp.path(),
            &[
                "play",
                p(&scen),
                "--save",
                "s.yaml",
                "--script",
                "moves.txt",
                "-q",
            ],
        );
        assert_eq!(ok.code, Some(0), "{ruleset}: {ok:?}");
        let save = std::fs::read(tmp.path().join("s.yaml")).unwrap();
        let args = ["play", "--resume", "-", "--script", "moves.txt"];
        let r = run_stdin(tmp.path(), &args, &save);
        usage_error_line(&r, &["add --save FILE"])
            .unwrap_or_else(|m| panic!("{ruleset} {args:?}: {m}"));
        assert!(
            !tmp.path().join("-").exists(),
            "{ruleset}: a file named - was written"
        );
    }
}

// ---------------------------------------------------------------- options a game does not take

/// Plays `moves.txt` in `dir` on the MKD scenario `scen` in dice combat,
/// saving in `s.yaml`; what it printed.
fn dice_game(dir: &Path, scen: &Path) -> Run {
    let r = run(
        dir,
        &[
            "play",
            p(scen),
            "--combat",
            "dice",
            "--save",
            "s.yaml",
            "--script",
            "moves.txt",
            "-q",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    r
}

/// A resumed game keeps the combat it began with: --combat is refused with
/// --resume, as --seed and --party are (a usage error).
#[test]
fn combat_is_refused_with_resume() {
    let (tmp, scen) = scenario("mkd-adventure", "g");
    std::fs::write(tmp.path().join("moves.txt"), "status\n").unwrap();
    dice_game(tmp.path(), &scen);
    let before = std::fs::read_to_string(tmp.path().join("s.yaml")).unwrap();
    let r = run(
        tmp.path(),
        &["play", "--resume", "s.yaml", "--combat", "manual", "-q"],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        r.stderr.starts_with("error: ") && r.stderr.contains("--combat"),
        "{r:?}"
    );
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("s.yaml")).unwrap(),
        before
    );
}

/// --combat and --injuries are MKD options: a dd-and-d or a Dungeon World
/// 10 mm game refuses each by name instead of ignoring it.
#[test]
fn mkd_play_options_are_refused_by_other_games() {
    for (ruleset, name) in [
        ("dd-and-d", "dd-and-d"),
        ("dungeon-world-10mm", "dungeon-world-10mm"),
    ] {
        let (tmp, scen) = scenario(ruleset, "g");
        for (flag, value) in [("--combat", "dice"), ("--injuries", "wod-s")] {
            let r = run(
                tmp.path(),
                &["play", p(&scen), flag, value, "--save", "s.yaml", "-q"],
            );
            usage_error_line(&r, &[flag, "MKD", name])
                .unwrap_or_else(|m| panic!("{ruleset} {flag}: {m}"));
            assert!(!tmp.path().join("s.yaml").exists());
        }
    }
}

// ---------------------------------------------------------------- reports in dice combat

/// In a game of dice combat the reports of manual combat are refused (the
/// tester's `hit goblin-sneak-1 1` killed the monster), and the game goes on.
#[test]
fn dice_combat_refuses_hit_kill_and_wound() {
    let (tmp, scen) = scenario("mkd-adventure", "g");
    std::fs::write(
        tmp.path().join("moves.txt"),
        "hit goblin-sneak-1 1\nkill goblin-sneak-1\nwound Ann 1\nstatus\n",
    )
    .unwrap();
    let r = dice_game(tmp.path(), &scen);
    for verb in ["hit", "kill", "wound"] {
        assert!(
            r.stdout
                .contains(&format!("`{verb}` reports a fight fought with the figures: it is for games of --combat manual")),
            "{verb}: {}",
            r.stdout
        );
    }
    assert!(!r.stdout.contains("is slain"), "{}", r.stdout);
}

// ---------------------------------------------------------------- generate --ruleset dd-and-d

/// `generate --ruleset dd-and-d` refuses, by name, every option its
/// generator does not use (the tester's line exited 0 with a missing
/// monster list and a party that does not exist), and writes nothing.
#[test]
fn ddd_generate_refuses_the_options_it_does_not_take() {
    let tmp = tempfile::tempdir().unwrap();
    let cases: &[&[&str]] = &[
        &["--sets", "3"],
        &["--hero-value", "120"],
        &["--tileset", "garbage.yaml"],
        &["--monsters", "/nonexistent.yaml"],
        &["--table", "60x40"],
        &["--exit-dice", "tabletop"],
        &["--difficulty", "hard"],
        &["--markers"],
        &["--dressing"],
        &["--mission", "rescue"],
        &["--floors", "5"],
        // A board is rated (--simulate) with war-parties, not a party.
        &["--party", "/nope", "--simulate", "3"],
    ];
    for extra in cases {
        let mut args = vec!["generate", "--ruleset", "dd-and-d", "--seed", "7"];
        args.extend_from_slice(extra);
        args.extend(["--out", "dd2", "-q"]);
        let r = run(tmp.path(), &args);
        // The first flag a case gives is the one named.
        usage_error_line(&r, &[extra[0], "dd-and-d"]).unwrap_or_else(|m| panic!("{extra:?}: {m}"));
        assert!(!tmp.path().join("dd2").exists(), "{extra:?}");
    }
    let r = run(
        tmp.path(),
        &[
            "generate",
            "--ruleset",
            "dd-and-d",
            "--seed",
            "7",
            "--monsters",
            "/nonexistent.yaml",
            "--tileset",
            "garbage.yaml",
            "--party",
            "/nope",
            "--simulate",
            "3",
            "--floors",
            "5",
            "--mission",
            "rescue",
            "--out",
            "dd2",
            "-q",
        ],
    );
    usage_error_line(&r, &["dd-and-d"]).unwrap();
    assert!(!tmp.path().join("dd2").exists());
}

// ---------------------------------------------------------------- long and broken piped lines

/// A piped line longer than a command may be is refused whole in Dungeon
/// World 10 mm and dd-and-d, as in the MKD Adventure: its first 400 bytes
/// were played as a command (`end` + spaces + more ended the phase). The
/// DW10 save keeps a comment for it, so a resumed game replays nothing; a
/// scripted long line is echoed by its start only. The echo gives the
/// whole line's length in bytes, as the refusal does.
#[test]
fn a_long_piped_line_is_refused_whole_not_played_by_its_start() {
    let long = format!("end{}garbage\n", " ".repeat(500));
    for ruleset in ["dungeon-world-10mm", "dd-and-d"] {
        let (tmp, scen) = scenario(ruleset, "g");
        let save = tmp.path().join("s.yaml");
        let args = ["play", p(&scen), "-q", "--force", "--save", p(&save)];
        let plain = run_stdin(tmp.path(), &args, b"status\n");
        assert_eq!(plain.code, Some(0), "{plain:?}");
        let input = format!("{long}status\n");
        let r = run_stdin(tmp.path(), &args, input.as_bytes());
        assert_eq!(r.code, Some(0), "{r:?}");
        assert!(
            r.stdout.contains(
                "refused: a command is at most 400 bytes on one line; this one has 510 bytes"
            ),
            "{ruleset}: {}",
            r.stdout
        );
        // The echo states the line's real length, as its refusal does (it
        // said nothing, or the length of the start kept).
        assert!(
            r.stdout.contains("> end… (510 bytes)\n"),
            "{ruleset}: {}",
            r.stdout
        );
        let bs = format!("{}\n", "b".repeat(2000));
        let save2 = tmp.path().join("s2.yaml");
        let args2 = ["play", p(&scen), "-q", "--force", "--save", p(&save2)];
        let r2 = run_stdin(tmp.path(), &args2, bs.as_bytes());
        let echo = format!("> {}… (2000 bytes)\n", "b".repeat(60));
        assert!(r2.stdout.contains(&echo), "{ruleset}: {}", r2.stdout);
        assert!(
            r2.stdout.contains("this one has 2000 bytes"),
            "{}",
            r2.stdout
        );
        let kept: Vec<&str> = r
            .stdout
            .lines()
            .filter(|l| !l.starts_with("> end") && !l.starts_with("refused: a command"))
            .collect();
        let want: Vec<&str> = plain.stdout.lines().collect();
        assert_eq!(kept, want, "{ruleset}: the long line changed the game");
        if ruleset == "dungeon-world-10mm" {
            let text = std::fs::read_to_string(&save).unwrap();
            assert!(
                text.contains("- '# here a line of 510 bytes was refused (longer than 400)'"),
                "{text}"
            );
            let r = run_stdin(
                tmp.path(),
                &["play", "--resume", p(&save), "-q"],
                b"status\n",
            );
            assert_eq!(r.code, Some(0), "{r:?}");
            assert!(!r.stdout.contains("move 2"), "{}", r.stdout);
            // From a script, the same line is echoed by its start only.
            let script = tmp.path().join("long.txt");
            std::fs::write(&script, format!("{}\n", "x".repeat(5000))).unwrap();
            let r = run(
                tmp.path(),
                &[
                    "play",
                    p(&scen),
                    "-q",
                    "--force",
                    "--save",
                    p(&save),
                    "--script",
                    p(&script),
                ],
            );
            assert_eq!(r.code, Some(0), "{r:?}");
            assert!(r.stdout.lines().all(|l| l.len() < 200), "{}", r.stdout);
            assert!(r.stdout.contains("this one has 5000 bytes"), "{}", r.stdout);
            assert!(r.stdout.contains("x… (5000 bytes)\n"), "{}", r.stdout);
        }
    }
}

/// dd-and-d read a pipe with `lines()`, stopping silently at the first line
/// that is not UTF-8: the commands after it were dropped. It reads such a
/// line lossily now and goes on, as the other games do.
#[test]
fn ddd_a_piped_line_not_utf8_is_refused_and_play_goes_on() {
    let (tmp, scen) = scenario("dd-and-d", "g");
    let save = tmp.path().join("s.yaml");
    let r = run_stdin(
        tmp.path(),
        &["play", p(&scen), "-q", "--save", p(&save)],
        b"status\n\xff\xfe bad\nstatus\n",
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stdout.matches("kills: Blue").count(), 2, "{}", r.stdout);
    assert!(r.stdout.contains("is not a command"), "{}", r.stdout);
}

/// dd-and-d dropped the words after what a command takes (`move 1,1 2,2`
/// moved to 1,1, `end garbage` ended the turn) and refused `Quit`, `STATUS`
/// and `Undo` as "not a command" though its verbs are read in any case.
#[test]
fn ddd_extra_words_are_refused_and_game_words_read_in_any_case() {
    let (tmp, scen) = scenario("dd-and-d", "g");
    let script = tmp.path().join("t.txt");
    std::fs::write(
        &script,
        "end garbage\nmove 1,1 2,2\nattack r3 r4\nSTATUS\nUndo\nQuit\nstatus\n",
    )
    .unwrap();
    let save = tmp.path().join("s.yaml");
    let r = run(
        tmp.path(),
        &[
            "play",
            p(&scen),
            "-q",
            "--save",
            p(&save),
            "--script",
            p(&script),
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let out = &r.stdout;
    for want in [
        "refused: `end` takes no more words: `garbage` is one too many",
        "refused: `move 1,1` takes no more words: `2,2` is one too many",
        "refused: `attack r3` takes no more words: `r4` is one too many",
        "refused: nothing to undo",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    assert!(!out.contains("is not a command"), "{out}");
    // STATUS once; the `status` after Quit is not played.
    assert_eq!(out.matches("kills: Blue").count(), 1, "{out}");
    assert!(!out.contains("ends its turn\n-- Blue 6"), "{out}");
}

/// A Dungeon World 10 mm save whose party was broken by hand was refused
/// as `error: party: line 3, …`, naming no file; the line names the save.
#[test]
fn dw10_a_broken_party_in_a_save_names_the_save() {
    let (tmp, scen) = scenario("dungeon-world-10mm", "g");
    let save = tmp.path().join("s.yaml");
    let r = run_stdin(
        tmp.path(),
        &["play", p(&scen), "-q", "--save", p(&save)],
        b"status\n",
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("figure: Tracker"), "{text}");
    std::fs::write(&save, text.replacen("figure: Tracker", "fi: Tracker", 1)).unwrap();
    let r = run_stdin(tmp.path(), &["play", "--resume", p(&save), "-q"], b"");
    assert_eq!(r.code, Some(1), "{r:?}");
    one_error_line(&r, &["s.yaml: its party: line 3", "unknown field `fi`"]).unwrap();
}

/// A Dungeon World 10 mm or dd-and-d save of another format version went
/// to the MKD Adventure's loader, which said "this is a saved … game
/// (format: …/9), not a saved game"; its own game's loader names the version.
#[test]
fn a_save_of_another_version_is_refused_by_its_own_game() {
    for (ruleset, format) in [
        ("dungeon-world-10mm", "tilecrawl-dw10-save/1"),
        ("dd-and-d", "tilecrawl-ddd-save/1"),
    ] {
        let (tmp, scen) = scenario(ruleset, "g");
        let save = tmp.path().join("s.yaml");
        let r = run_stdin(
            tmp.path(),
            &["play", p(&scen), "-q", "--save", p(&save)],
            b"status\n",
        );
        assert_eq!(r.code, Some(0), "{r:?}");
        let text = std::fs::read_to_string(&save).unwrap();
        let newer = format.replace("/1", "/9");
        std::fs::write(&save, text.replacen(format, &newer, 1)).unwrap();
        let r = run_stdin(tmp.path(), &["play", "--resume", p(&save), "-q"], b"");
        let line = one_error_line(&r, &["s.yaml", &newer, format])
            .unwrap_or_else(|m| panic!("{ruleset}: {m}"));
        assert!(!line.contains("not a saved game"), "{line}");
    }
}

/// A dd-and-d script went silent at the end of the game: the lines after
/// it were dropped without a word. They are read on: a command is refused
/// (`the game is over`), `status` still answers.
#[test]
fn ddd_script_lines_after_the_game_are_refused_not_dropped() {
    let (tmp, scen) = scenario("dd-and-d", "g");
    let script = tmp.path().join("t.txt");
    let mut text = "end\n".repeat(40);
    text.push_str("move 5,5\nstatus\n");
    std::fs::write(&script, text).unwrap();
    let save = tmp.path().join("s.yaml");
    let r = run(
        tmp.path(),
        &[
            "play",
            p(&scen),
            "-q",
            "--max-rounds",
            "1",
            "--save",
            p(&save),
            "--script",
            p(&script),
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let out = &r.stdout;
    let over = out.find("== game over").unwrap_or_else(|| panic!("{out}"));
    let after = &out[over..];
    assert!(
        after.contains("> move 5,5\nrefused: the game is over\n"),
        "{after}"
    );
    assert!(after.contains("kills: Blue"), "{after}");
}
