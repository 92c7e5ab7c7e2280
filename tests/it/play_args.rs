//! What `play` and `generate` make of their options and paths, in all three
//! games: a save that would replace a file the game reads is refused, a
//! folder given as the save is named as one, options a game does not take
//! are refused by name, and `--script -` reads standard input.

use crate::common::{self, Run, one_error_line};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(120);

fn run(cwd: &Path, args: &[&str]) -> Run {
    common::run_env(cwd, args, &[], TIMEOUT)
}

/// Runs the binary with `stdin` fed to it.
fn run_stdin(cwd: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilecrawl"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tilecrawl binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let (code, stdout, stderr) = common::wait_with_output(child, args, TIMEOUT);
    writer.join().unwrap();
    Run {
        code,
        stdout,
        stderr,
    }
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
