//! Hardening, second pass (issue 23): what `play` writes its own loaders
//! read back (long lines, full saves, a save cut short), saves kept up to
//! date in linear time, one writer per folder, writes to a full disk or a
//! closed output, pipes given as files, and inputs that must not reach the
//! terminal or an error line raw. Each test names the item of the issue.

use crate::common::{self, Run, one_error_line};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use tilecrawl::mkd::play::save_writer::SaveWriter;
use tilecrawl::mkd::play::session::{self, MAX_LINES, Session};

const TIMEOUT: Duration = Duration::from_secs(120);

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tilecrawl")
}

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], TIMEOUT)
}

/// Runs the binary with `stdin` fed to it.
fn run_stdin(cwd: &Path, args: &[&str], stdin: &[u8]) -> Run {
    common::run_stdin(cwd, args, stdin, TIMEOUT)
}

fn p(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

/// A small scenario in a new folder: (folder guard, scenario path).
fn scenario_dir() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let r = run(
        tmp.path(),
        &["generate", "--seed", "11", "-q", "--out", "g"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let s = tmp.path().join("g/scenario.yaml");
    (tmp, s)
}

/// `play SCENARIO --script FILE --save s.yaml` with `script` as the file's
/// text and `extra` options.
fn play_script(cwd: &Path, scenario: &Path, script: &str, extra: &[&str]) -> Run {
    let file = cwd.join("cmds.txt");
    std::fs::write(&file, script).unwrap();
    let mut args = vec![
        "play",
        p(scenario),
        "--script",
        p(&file),
        "--save",
        "s.yaml",
    ];
    args.extend_from_slice(extra);
    run(cwd, &args)
}

fn resume(cwd: &Path, save: &Path) -> Run {
    run(cwd, &["play", "--resume", p(save), "-q"])
}

// ------------------------------------------------------------ 1, 2: saves play can read back

/// Item 1: a line longer than a command is refused, saved as a comment, and
/// the save resumes — typed through a pipe (read with a bound) or in a script.
#[test]
fn a_refused_long_line_leaves_a_save_that_resumes() {
    let (tmp, scenario) = scenario_dir();
    let save = tmp.path().join("g/save.yaml");
    let long = "x".repeat(3 * 1024 * 1024);
    let input = format!("status\n{long}\nend turn\n");
    let r = run_stdin(tmp.path(), &["play", p(&scenario), "-q"], input.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .contains("! a command is at most 500 bytes on one line; this one has 3145728 bytes"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.len() < 100_000, "the long line was echoed whole");
    // The echo gives the whole line's length, as the refusal does (a
    // user's audit: it gave the length of the start the read kept).
    assert!(
        r.stdout
            .contains(&format!("> {}… (3145728 bytes)\n", "x".repeat(60))),
        "{}",
        r.stdout
    );
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(
        text.len() < 100_000,
        "the long line was saved: {} bytes",
        text.len()
    );
    assert!(
        text.contains("- '# here a line of 3145728 bytes was refused (longer than 500)'"),
        "{text}"
    );
    let again = resume(tmp.path(), &save);
    assert_eq!(again.code, Some(0), "{again:?}");

    // The same from a script, and the script resumes against its save.
    let script = tmp.path().join("cmds.txt");
    std::fs::write(&script, format!("status\n{}\nend turn\n", "y".repeat(600))).unwrap();
    let save2 = tmp.path().join("g/save2.yaml");
    let args = [
        "play",
        p(&scenario),
        "--script",
        p(&script),
        "--save",
        p(&save2),
        "-q",
    ];
    let r = run(tmp.path(), &args);
    assert_eq!(r.code, Some(0), "{r:?}");
    let again = run(
        tmp.path(),
        &["play", "--resume", p(&save2), "--script", p(&script), "-q"],
    );
    assert_eq!(again.code, Some(0), "{again:?}");
}

/// Item 2: a game given 100,001 lines stops at the save's limit, says so
/// before it gets there, and the save it leaves resumes.
#[test]
fn a_game_of_100001_lines_stops_at_the_limit_and_resumes() {
    let (tmp, scenario) = scenario_dir();
    let save = tmp.path().join("g/save.yaml");
    let input = "# a comment counts as a line\n".repeat(MAX_LINES + 1);
    let r = run_stdin(tmp.path(), &["play", p(&scenario), "-q"], input.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .contains("note: this game's save has room for 1000 more lines"),
        "no warning before the limit"
    );
    assert!(
        r.stdout
            .contains("! this game's save is full (100000 lines)"),
        "{}",
        &r.stdout[r.stdout.len().saturating_sub(500)..]
    );
    let saved = session::parse_save(&std::fs::read_to_string(&save).unwrap(), "s").unwrap();
    assert_eq!(saved.lines.len(), MAX_LINES);
    let again = resume(tmp.path(), &save);
    assert_eq!(again.code, Some(0), "{again:?}");
    assert!(again.stdout.contains("save is full"), "{}", again.stdout);
}

/// A session refuses lines once its save would pass the byte limit too
/// (long lines of characters YAML must escape), and what it saved loads.
#[test]
fn a_session_never_outgrows_what_the_loader_reads() {
    let s = common::scenario(11, 2);
    let mut sess = Session::new(
        std::sync::Arc::new(s),
        std::sync::Arc::new(tilecrawl::mkd::play::party::default_party()),
        std::sync::Arc::new(tilecrawl::mkd::tables::default_tables()),
        tilecrawl::mkd::play::GameOptions {
            seed: 1,
            combat: tilecrawl::mkd::play::CombatMode::Dice,
        },
    );
    // 500 bytes each, every one escaped by the YAML writer (4 bytes a byte).
    let nasty = "#".to_string() + &"\u{1}".repeat(499);
    let mut n = 0;
    while !sess.is_full() {
        sess.input(&nasty);
        n += 1;
        assert!(n <= MAX_LINES, "never full");
    }
    assert!(n < MAX_LINES, "the byte limit came first ({n} lines)");
    let save = sess.to_save(
        "scenario.yaml",
        "fnv1a64:0000000000000000",
        tilecrawl::mkd::play::party::DEFAULT_YAML,
        None,
    );
    let yaml = yaml_serde::to_string(&save).unwrap();
    assert!(
        (yaml.len() as u64) < session::MAX_SAVE_BYTES,
        "{} bytes",
        yaml.len()
    );
    session::parse_save(&yaml, "s").unwrap();
}

// ------------------------------------------------------------ 3: linear saving

/// Item 3: the save is appended to, not rewritten, command by command: the
/// bytes written over a 20,000-command game are a small multiple of the
/// file's size (a whole rewrite per command wrote 10,000 times more), and
/// the file after the appends is byte for byte the file one whole write
/// gives. (The time is measured by `benches/play.rs`, `long game`.)
#[test]
fn a_long_game_writes_its_save_in_linear_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("save.yaml");
    let mut save = session::SaveFile {
        format: session::SAVE_FORMAT.into(),
        generator: "tilecrawl test".into(),
        scenario: "scenario.yaml".into(),
        scenario_digest: "fnv1a64:0000000000000000".into(),
        party: tilecrawl::mkd::play::party::DEFAULT_YAML.into(),
        tables: "embedded".into(),
        seed: 1,
        combat: "dice".into(),
        injuries: None,
        lines: Vec::new(),
    };
    let mut w = SaveWriter::new(&path, save.clone(), false).unwrap();
    w.write(&save.lines).unwrap();
    // Lines the YAML writer quotes in every way it can, and one the
    // play_save fuzzer found (brackets in a word read as nesting).
    let brackets = format!("kill goblin-,sne{}ak-2", "[".repeat(70));
    let kinds = [
        brackets.as_str(),
        "status",
        "Ayla moves to 3,4",
        "# a comment: with a colon",
        "'quoted' and \"double\"",
        "tab\there",
        "- dash first",
        "ünïcödé ✓",
        "\u{1b}[2J escape",
        "",
        "null",
        "123",
        "yes",
    ];
    for i in 0..20_000 {
        save.lines.push(kinds[i % kinds.len()].to_string());
        w.write(&save.lines).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap();
    assert_eq!(on_disk, yaml_serde::to_string(&save).unwrap());
    let file_len = on_disk.len() as u64;
    assert!(
        w.bytes_written() <= 3 * file_len,
        "{} bytes written for a {file_len}-byte save",
        w.bytes_written()
    );
    assert_eq!(session::parse_save(&on_disk, "s").unwrap(), save);
}

/// A process killed in the middle of an append leaves a last entry with no
/// line break: the game resumes without it, and says so.
#[test]
fn a_save_cut_short_resumes_without_its_last_line() {
    let (tmp, scenario) = scenario_dir();
    let save = tmp.path().join("g/save.yaml");
    let r = run_stdin(
        tmp.path(),
        &["play", p(&scenario), "-q"],
        b"status\nend turn\n",
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&save)
        .unwrap();
    f.write_all(b"- Ayla moves t").unwrap();
    drop(f);
    let again = run(tmp.path(), &["play", "--resume", p(&save)]);
    assert_eq!(again.code, Some(0), "{again:?}");
    assert!(again.stderr.contains("was cut short"), "{}", again.stderr);
    assert!(
        again.stdout.contains("resumed after 2 commands"),
        "{}",
        again.stdout
    );
}

// ------------------------------------------------------------ 4: what --save may replace

/// Item 4: a device, a link or a folder at `--save` is refused, and left as it was.
#[cfg(unix)]
#[test]
fn a_device_or_a_link_at_save_is_refused() {
    let (tmp, scenario) = scenario_dir();
    let target = tmp.path().join("precious.txt");
    std::fs::write(&target, "keep me").unwrap();
    let link = tmp.path().join("link.yaml");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let folder = tmp.path().join("a-folder");
    std::fs::create_dir(&folder).unwrap();
    let mut cases = vec![link.clone(), folder];
    if Path::new("/dev/null").exists() {
        cases.push(PathBuf::from("/dev/null"));
    }
    for at in cases {
        let r = run(
            tmp.path(),
            &["play", p(&scenario), "--save", p(&at), "--force", "-q"],
        );
        one_error_line(&r, &["is not a regular file"])
            .unwrap_or_else(|m| panic!("--save {}: {m}", at.display()));
    }
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
}

// ------------------------------------------------------------ 5, 6: one writer per folder

/// Item 5: while one run writes a folder (its renames slowed), a second run
/// into the same folder is refused with a clear message, and the first
/// finishes with its own files whole.
#[test]
fn a_second_run_on_a_busy_folder_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let args = ["generate", "--seed", "3", "-q", "--out", "out", "--force"];
    let mut first = Command::new(bin())
        .args(args)
        .current_dir(tmp.path())
        .env(tilecrawl::core::fs::SLOW_WRITE_ENV, "1500")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the first run is writing (its temporary files are there).
    let start = std::time::Instant::now();
    loop {
        let writing = std::fs::read_dir(&out).is_ok_and(|d| {
            d.flatten()
                .any(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        });
        if writing {
            break;
        }
        assert!(start.elapsed() < TIMEOUT, "the first run never wrote");
        assert!(
            first.try_wait().unwrap().is_none(),
            "the first run ended early"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let second = run(
        tmp.path(),
        &["generate", "--seed", "4", "-q", "--out", "out", "--force"],
    );
    one_error_line(
        &second,
        &["out", "another tilecrawl is writing in this folder"],
    )
    .unwrap();
    let status = first.wait().unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(out.join("scenario.yaml")).unwrap();
    let s = tilecrawl::mkd::scenario::from_yaml(&text, "scenario.yaml").unwrap();
    assert_eq!(s.seed, 3);
}

/// Item 6: the temporary files a killed run left are removed by the next
/// run into the folder.
#[test]
fn the_next_run_removes_what_a_killed_run_left() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    std::fs::create_dir_all(out.join("floor-1")).unwrap();
    for f in [".tilecrawl-a1b2.tmp", "floor-1/.tilecrawl-c3d4.tmp"] {
        std::fs::write(out.join(f), "half").unwrap();
    }
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let r = run(
        tmp.path(),
        &["generate", "--seed", "3", "-q", "--out", "out"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(!out.join(".tilecrawl-a1b2.tmp").exists());
    assert!(!out.join("floor-1/.tilecrawl-c3d4.tmp").exists());
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );
}

// ------------------------------------------------------------ 8: a full disk

/// Item 8: every subcommand whose standard output is a full device exits 1
/// with one `error:` line, never a panic.
#[cfg(target_os = "linux")]
#[test]
fn every_subcommand_exits_1_on_a_full_standard_output() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let (tmp, scenario) = scenario_dir();
    let script = tmp.path().join("cmds.txt");
    std::fs::write(&script, "status\nend turn\n").unwrap();
    let sc = p(&scenario);
    let r = run(tmp.path(), &["campaign", "new", "c0", "--seed", "3", "-q"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let cases: Vec<Vec<&str>> = vec![
        vec!["generate", "--seed", "5", "--out", "o1"],
        vec!["render", sc, "--out", "o2"],
        vec!["batch", "--count", "1", "--only", "yaml", "--out", "o3"],
        vec!["campaign", "new", "c1", "--seed", "3"],
        vec!["campaign", "show", "c0"],
        vec!["campaign", "next", "c0"],
        vec!["play", sc, "--script", p(&script), "--save", "s1.yaml"],
        vec!["simulate", sc, "--runs", "2"],
        vec!["tileset", "check"],
        vec!["completions", "bash"],
        vec!["man"],
        vec!["schema", "party"],
        vec!["names", "--count", "3", "--seed", "3"],
        vec![
            "hireling",
            "--ruleset",
            "wod-s",
            "--kind",
            "armsman",
            "--seed",
            "4",
        ],
        vec!["roll", "2d6", "--move", "--seed", "1"],
        vec!["injury", "--seed", "5"],
        vec![
            "party",
            "new",
            "--ruleset",
            "wod-s",
            "--seed",
            "9",
            "--out",
            "p.yaml",
        ],
    ];
    for args in cases {
        let out = Command::new(bin())
            .args(&args)
            .current_dir(tmp.path())
            .stdin(Stdio::null())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert!(
            lines.len() == 1 && lines[0].starts_with("error: cannot write the output: "),
            "{args:?}: {stderr}"
        );
    }
}

// ------------------------------------------------------------ 9: pipes given as files

/// Item 9: a named pipe given as a tile set or a script is refused at once
/// (opening it would wait for a writer forever).
#[cfg(unix)]
#[test]
fn a_named_pipe_is_refused_not_waited_on() {
    let (tmp, scenario) = scenario_dir();
    let fifo = tmp.path().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return;
    }
    let sc = p(&scenario);
    for args in [
        vec!["generate", "--tileset", p(&fifo), "--out", "o"],
        vec!["play", sc, "--script", p(&fifo), "--save", "s.yaml"],
        vec!["render", p(&fifo), "--out", "r"],
    ] {
        let r = common::run_env(tmp.path(), &args, &[], Duration::from_secs(20));
        one_error_line(&r, &["fifo", "is not a regular file"])
            .unwrap_or_else(|m| panic!("{args:?}: {m}"));
    }
}

// ------------------------------------------------------------ 10–14: what a file may say

/// Items 10 and 11: a huge id or name in a scenario is refused at load, fast,
/// and no error on the hostile list is longer than 300 characters or quotes
/// an unrelated file.
#[test]
fn long_values_are_refused_at_load_and_errors_stay_short() {
    let (tmp, scenario) = scenario_dir();
    let text = std::fs::read_to_string(&scenario).unwrap();
    let id = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("- {id: "))
        .and_then(|rest| rest.split(',').next())
        .expect("a tile line")
        .to_string();
    let huge = "a".repeat(1 << 20);
    let write = |name: &str, body: String| {
        let f = tmp.path().join(name);
        std::fs::write(&f, body).unwrap();
        f
    };
    let long_id = write(
        "long-id.yaml",
        text.replacen(&format!("{{id: {id},"), &format!("{{id: {huge},"), 1),
    );
    let long_name = write(
        "long-name.yaml",
        text.lines()
            .map(|l| {
                if l.trim_start().starts_with("tileset:") {
                    format!("  tileset: {huge}")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let big_square = write(
        "big-square.yaml",
        text.lines()
            .map(|l| {
                if l.starts_with("square_mm:") {
                    format!("square_mm: 1{}", "0".repeat(308))
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let shadow = write(
        "shadow",
        "root:$6$salt$secrethash:20228:0:99999:7:::\n".into(),
    );
    let svg = write("map.svg", format!("<svg>{}</svg>", "<g/>".repeat(50_000)));
    let long_mission = "k".repeat(100_000);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["render", p(&long_id), "--out", "r1"], "tiles[0].id"),
        (
            vec!["render", p(&long_name), "--out", "r2"],
            "params.tileset",
        ),
        (vec!["render", p(&big_square), "--out", "r3"], "square_mm"),
        (
            vec!["generate", "--tileset", p(&shadow), "--out", "r4"],
            "no `format:` line",
        ),
        (vec!["render", p(&svg), "--out", "r5"], "map.svg"),
        (
            vec!["generate", "--mission", &long_mission, "--out", "r6"],
            "--mission",
        ),
    ];
    for (args, needle) in cases {
        let start = std::time::Instant::now();
        let r = common::run_env(tmp.path(), &args, &[], Duration::from_secs(30));
        assert!(start.elapsed() < Duration::from_secs(20), "{needle}: slow");
        assert_ne!(r.code, Some(0), "{needle}: accepted");
        assert!(!r.stderr.contains("panicked"), "{needle}: {}", r.stderr);
        assert!(!r.stderr.contains("secrethash"), "{}", r.stderr);
        for line in r.stderr.lines() {
            assert!(
                line.chars().count() <= 300,
                "{needle}: a line of {} characters",
                line.chars().count()
            );
        }
        assert!(r.stderr.contains(needle), "{needle}: {}", r.stderr);
    }
}

/// Item 12: control characters from a script line reach the terminal
/// escaped, never raw.
#[test]
fn control_characters_are_escaped_in_everything_printed() {
    let (tmp, scenario) = scenario_dir();
    let r = play_script(
        tmp.path(),
        &scenario,
        "status\n\u{1b}]0;owned\u{7}Ayla \u{1b}[2J moves\n",
        &[],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(!r.stdout.contains('\u{1b}') && !r.stdout.contains('\u{7}'));
    assert!(r.stdout.contains("\\u{1b}]0;owned\\u{7}"), "{}", r.stdout);
    // An error naming a file with a control character in its name.
    let bad = tmp.path().join("bad\u{1b}[31m.yaml");
    std::fs::write(&bad, "format: tilecrawl-tileset/1\n").unwrap();
    let r = run(
        tmp.path(),
        &["generate", "--tileset", p(&bad), "--out", "x"],
    );
    assert_eq!(r.code, Some(1));
    assert!(!r.stderr.contains('\u{1b}'), "{:?}", r.stderr);
}

/// Item 13: a UTF-8 byte-order mark is read past by the scenario, save and
/// dungeon loaders.
#[test]
fn a_byte_order_mark_is_accepted_everywhere() {
    let (tmp, scenario) = scenario_dir();
    let bom = |path: &Path| {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend(std::fs::read(path).unwrap());
        std::fs::write(path, bytes).unwrap();
    };
    let r = run_stdin(tmp.path(), &["play", p(&scenario), "-q"], b"status\n");
    assert_eq!(r.code, Some(0), "{r:?}");
    let save = tmp.path().join("g/save.yaml");
    bom(&save);
    let r = resume(tmp.path(), &save);
    assert_eq!(r.code, Some(0), "save: {r:?}");
    let r = run(
        tmp.path(),
        &[
            "generate", "--seed", "2", "--floors", "2", "-q", "--out", "d",
        ],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    let dungeon = tmp.path().join("d/dungeon.yaml");
    bom(&dungeon);
    let r = run(tmp.path(), &["simulate", p(&dungeon), "--runs", "1"]);
    assert_eq!(r.code, Some(0), "dungeon: {r:?}");
    // The scenario last: the save above holds its digest.
    bom(&scenario);
    let r = run(tmp.path(), &["render", p(&scenario), "--out", "r"]);
    assert_eq!(r.code, Some(0), "scenario: {r:?}");
}

/// Item 14: `quit` in a script ends play, as at the keyboard; what follows
/// it is not played.
#[test]
fn quit_in_a_script_ends_play() {
    let (tmp, scenario) = scenario_dir();
    let r = play_script(tmp.path(), &scenario, "status\nquit\nend turn\n", &["-q"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(!r.stdout.contains("not a command"), "{}", r.stdout);
    assert!(!r.stdout.contains("> end turn"), "{}", r.stdout);
    let saved = session::parse_save(
        &std::fs::read_to_string(tmp.path().join("s.yaml")).unwrap(),
        "s",
    )
    .unwrap();
    assert_eq!(saved.lines, vec!["status".to_string()]);
}

/// A save naming a scenario that cannot be read says why once (the reason
/// was printed twice, as the message and again as its source), and a path
/// thousands of characters long is quoted as an excerpt.
#[test]
fn a_save_whose_scenario_cannot_be_read_says_why_once() {
    let tmp = tempfile::tempdir().unwrap();
    let long = "a".repeat(4000);
    for (scenario, needle) in [
        ("/dev/zero", "is not a regular file"),
        (long.as_str(), "characters)"),
    ] {
        let save = format!(
            "format: tilecrawl-save/1\ngenerator: x\nscenario: {scenario}\nscenario_digest: \"fnv1a64:0000000000000000\"\nparty: embedded\ntables: embedded\nseed: 1\ncombat: dice\nlines: []\n"
        );
        std::fs::write(tmp.path().join("s.yaml"), save).unwrap();
        let r = run(tmp.path(), &["play", "--resume", "s.yaml"]);
        let line = one_error_line(&r, &[needle]).unwrap();
        assert_eq!(line.matches("cannot read a scenario").count(), 1, "{line}");
        assert!(line.chars().count() <= 300, "{line}");
    }
}
