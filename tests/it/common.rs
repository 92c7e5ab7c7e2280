//! Shared by the test files that run the real binary. (Each test file uses
//! part of it, hence the `dead_code` allowance.)
#![allow(dead_code)]

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Waits for a spawned `tilecrawl` (stdout and stderr piped), draining both
/// pipes on threads so a chatty child never blocks; kills it and fails the
/// test after `timeout`. Returns the exit code (`None` if a signal ended it),
/// stdout and stderr.
pub fn wait_with_output(
    mut child: Child,
    args: &[&str],
    timeout: Duration,
) -> (Option<i32>, String, String) {
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            buf
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout is piped")));
    let err = drain(Box::new(child.stderr.take().expect("stderr is piped")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tilecrawl {args:?} did not finish within {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (
        status.code(),
        String::from_utf8_lossy(&out.join().expect("stdout reader")).into_owned(),
        String::from_utf8_lossy(&err.join().expect("stderr reader")).into_owned(),
    )
}

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// Exit code (`None` if a signal ended it).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `tilecrawl args…` in `cwd` with an empty stdin and extra
/// environment variables; fails the test after `timeout`.
pub fn run_env(cwd: &Path, args: &[&str], env: &[(&str, &str)], timeout: Duration) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tilecrawl"));
    cmd.args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let child = cmd.spawn().expect("the tilecrawl binary starts");
    let (code, stdout, stderr) = wait_with_output(child, args, timeout);
    Run {
        code,
        stdout,
        stderr,
    }
}

/// Runs `tilecrawl args…` in `cwd` with an empty stdin; fails the test
/// after five minutes.
pub fn run_in(cwd: &Path, args: &[&str]) -> Run {
    run_env(cwd, args, &[], Duration::from_secs(300))
}

/// [`run_in`], failing the test unless it exits 0: its standard output.
pub fn run_ok(cwd: &Path, args: &[&str]) -> String {
    let r = run_in(cwd, args);
    assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
    r.stdout
}

/// Runs `tilecrawl args…` in `cwd` with `input` on standard input (written
/// on a thread, so a program that stops reading early does not block the
/// test); fails the test after `timeout`.
pub fn run_stdin(cwd: &Path, args: &[&str], input: &[u8], timeout: Duration) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilecrawl"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tilecrawl binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The program may stop reading early (a full save): that is fine.
        let _ = stdin.write_all(&data);
    });
    let (code, stdout, stderr) = wait_with_output(child, args, timeout);
    writer.join().expect("stdin writer");
    Run {
        code,
        stdout,
        stderr,
    }
}

/// Exit 1 and exactly one `error: ` line that holds every needle; else why not.
pub fn one_error_line(r: &Run, needles: &[&str]) -> Result<String, String> {
    if r.code != Some(1) {
        return Err(format!("exit code {:?} (expected 1): {r:?}", r.code));
    }
    let lines: Vec<&str> = r.stderr.lines().collect();
    if lines.len() != 1 || !lines[0].starts_with("error: ") || lines[0].contains("panicked") {
        return Err(format!("expected one `error:` line, got {:?}", r.stderr));
    }
    for n in needles {
        if !lines[0].contains(n) {
            return Err(format!("error line lacks {n:?}: {}", lines[0]));
        }
    }
    Ok(lines[0].to_string())
}

/// Exit 2 (bad usage) and one `error: ` line that holds every needle,
/// followed by nothing but clap's pointer to `--help`; else why not.
pub fn usage_error_line(r: &Run, needles: &[&str]) -> Result<String, String> {
    if r.code != Some(2) {
        return Err(format!("exit code {:?} (expected 2): {r:?}", r.code));
    }
    let mut lines = r.stderr.lines();
    let first = lines.next().unwrap_or_default();
    if !first.starts_with("error: ") || r.stderr.contains("panicked") {
        return Err(format!("expected one `error:` line, got {:?}", r.stderr));
    }
    if let Some(l) = lines.find(|l| !l.is_empty() && *l != "For more information, try '--help'.") {
        return Err(format!(
            "more than the `error:` line and the hint: {l:?} in {:?}",
            r.stderr
        ));
    }
    for n in needles {
        if !first.contains(n) {
            return Err(format!("error line lacks {n:?}: {first}"));
        }
    }
    Ok(first.to_string())
}

/// Runs `tilecrawl args…` in `cwd` with standard error on a
/// pseudo-terminal; returns the exit code and what reached the terminal
/// (where a progress bar is drawn).
#[cfg(target_os = "linux")]
pub fn run_on_a_terminal(cwd: &Path, args: &[&str]) -> (i32, String) {
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 100,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two new descriptors, owned from here on.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(r, 0, "openpty");
    // SAFETY: both descriptors were just opened and are not used elsewhere.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilecrawl"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("the tilecrawl binary starts");
    // The child holds the terminal's only other end: reading stops (EIO)
    // when it exits.
    let reader = std::thread::spawn(move || {
        let mut f = std::fs::File::from(master);
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = f.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    let status = child.wait().expect("wait");
    let seen = reader.join().unwrap();
    (status.code().expect("not killed by a signal"), seen)
}

// ---------------------------------------------------------------- hostile fixtures

/// Replaces `from` (which must occur) once.
pub fn with(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "fixture lacks {from:?}");
    text.replacen(from, to, 1)
}

/// `text` without its top-level `key`.
pub fn without_key(text: &str, key: &str) -> String {
    let mut v: yaml_serde::Mapping = yaml_serde::from_str(text).unwrap();
    assert!(v.remove(key).is_some(), "no key {key}");
    yaml_serde::to_string(&v).unwrap()
}

/// "Billion laughs": nine levels of nine aliases (9^9 strings if expanded),
/// each anchor an item of a list that continues with `tail_item`.
pub fn alias_bomb_items(indent: &str) -> String {
    let mut s = format!(
        "{indent}- &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    );
    let levels = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    for w in levels.windows(2) {
        let items = vec![format!("*{}", w[0]); 9].join(",");
        s.push_str(&format!("{indent}- &{} [{items}]\n", w[1]));
    }
    s.push_str(&format!("{indent}- *j\n"));
    s
}

/// The same bomb as top-level keys, then `key: *j`.
pub fn alias_bomb_keys(head: &str, key: &str) -> String {
    let mut s = head.to_string();
    s.push_str("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    let levels = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    for w in levels.windows(2) {
        let items = vec![format!("*{}", w[0]); 9].join(",");
        s.push_str(&format!("{}: &{} [{items}]\n", w[1], w[1]));
    }
    s.push_str(&format!("{key}: *j\n"));
    s
}

/// `[` nested `depth` deep after `head`.
pub fn nested(head: &str, depth: usize) -> Vec<u8> {
    let mut v = head.as_bytes().to_vec();
    v.extend(std::iter::repeat_n(b'[', depth));
    v.push(b'\n');
    v
}

/// `generate --seed SEED --sets SETS` on the embedded tiles, in the library.
pub fn scenario(seed: u64, sets: u32) -> tilecrawl::mkd::scenario::Scenario {
    use tilecrawl::build::layout::LayoutParams;
    use tilecrawl::mkd::generate::{GenerateParams, generate};
    use tilecrawl::mkd::setup::SetupParams;
    let p = GenerateParams {
        seed,
        layout: LayoutParams {
            sets,
            ..LayoutParams::default()
        },
        setup: SetupParams {
            sets,
            ..SetupParams::default()
        },
        ..GenerateParams::default()
    };
    generate(&tilecrawl::tileset::default_tileset(), &p).expect("scenario generates")
}

/// `generate --ruleset dd-and-d --scenario KIND --seed SEED`'s board, in
/// the library.
pub fn ddd_board(kind: tilecrawl::ddd::ScenarioKind, seed: u64) -> tilecrawl::ddd::DddScenario {
    use tilecrawl::ddd::{Choice, DddOptions, generate};
    let o = DddOptions {
        choice: Choice::Named(kind),
        ..DddOptions::default()
    };
    generate(seed, &o).expect("the board generates")
}

/// Blue's commands, one a line, as the policy gives them to the end of a
/// game of `s` (Red played by tilecrawl, `--max-rounds 40 --advanced`, the
/// board's seed): the script a test plays through the binary.
pub fn ddd_policy_script(
    s: tilecrawl::ddd::DddScenario,
    blue: tilecrawl::ddd::warparty::Warparty,
    red: tilecrawl::ddd::warparty::Warparty,
) -> String {
    ddd_policy_script_of(s, blue, red, Some(40))
}

/// [`ddd_policy_script`] of a game of at most `max_rounds` rounds (`None`:
/// `play`'s default, no limit).
pub fn ddd_policy_script_of(
    s: tilecrawl::ddd::DddScenario,
    blue: tilecrawl::ddd::warparty::Warparty,
    red: tilecrawl::ddd::warparty::Warparty,
    max_rounds: Option<u32>,
) -> String {
    use tilecrawl::ddd::play::ai;
    use tilecrawl::ddd::play::command::unparse;
    use tilecrawl::ddd::play::engine::PlayOptions;
    use tilecrawl::ddd::play::session::{AiSide, Session};
    use tilecrawl::ddd::play::state::Team;
    let opts = PlayOptions {
        max_rounds,
        advanced: true,
        ..PlayOptions::default()
    };
    let seed = s.seed;
    let (mut sess, _) = Session::start(
        std::sync::Arc::new(s),
        blue,
        red,
        seed,
        AiSide::Side(Team::Red),
        opts,
    )
    .expect("the game starts");
    let mut script = String::new();
    for _ in 0..100_000 {
        if sess.game().over() {
            return script;
        }
        let cmd = unparse(ai::decide(sess.game()));
        sess.enter(&cmd).expect("the policy's command is taken");
        script.push_str(&cmd);
        script.push('\n');
    }
    panic!("the policy's game of board seed {seed} did not end in 100000 commands");
}

/// The rows of an `index.csv` (a header line, then one line per row, no
/// quoted commas) as maps from column to value.
pub fn rows(csv: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    lines
        .map(|l| {
            header
                .iter()
                .zip(l.split(','))
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}
