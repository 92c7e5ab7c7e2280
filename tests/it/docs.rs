//! The README's and the book's command blocks run as written (issue 22).
//!
//! Every fenced block marked `sh` or `console` in `README.md` and
//! `docs/src/*.md` is run in a scratch folder of its own file, block after
//! block, so a later example may use what an earlier one wrote — with the
//! freshly built `tilecrawl` first on `PATH`, through `sh`, standard input
//! empty (an interactive `play` ends at once, its game saved). In `sh`
//! blocks each command must succeed; in `console` blocks (`$ command`, then
//! its output) the output must match too, compared by snapbox, where a line
//! `...` stands for any lines and `[..]` for the rest of a line. Commands of
//! other programs that build or test tilecrawl itself (`cargo`, `.ci/run`,
//! `mdbook`) are not run here. The scratch folder starts with the files the
//! examples name as the reader's own (`tests/data/docs/`: a party, moves)
//! and the repository's `tests/scripts/` and `templates/`.

use snapbox::{Assert, IntoData};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// One fenced code block.
struct Block {
    /// Line of the opening fence, 1-based.
    line: usize,
    lang: String,
    body: Vec<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, l) in text.lines().enumerate() {
        if let Some(rest) = l.strip_prefix("```") {
            match open.take() {
                Some(b) => out.push(b),
                None => {
                    open = Some(Block {
                        line: i + 1,
                        lang: rest.trim().to_string(),
                        body: Vec::new(),
                    })
                }
            }
        } else if let Some(b) = open.as_mut() {
            b.body.push(l.to_string());
        }
    }
    out
}

/// Lines joined across a trailing `\`.
fn logical(lines: &[String]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut cont = false;
    for (i, l) in lines.iter().enumerate() {
        if cont {
            let last = out.last_mut().expect("a line to continue");
            last.1.push(' ');
            last.1.push_str(l.trim());
        } else {
            out.push((i, l.clone()));
        }
        cont = l.trim_end().ends_with('\\');
        if cont {
            let last = out.last_mut().unwrap();
            let t = last.1.trim_end().trim_end_matches('\\').to_string();
            last.1 = t;
        }
    }
    out
}

/// Commands not run here: they build, test, measure or package
/// tilecrawl itself.
fn skipped(cmd: &str) -> bool {
    let first = cmd.split_whitespace().next().unwrap_or("");
    matches!(
        first,
        "cargo" | ".ci/run" | "mdbook" | "benches/speed-check.sh"
    ) || first.contains('=') && cmd.contains("cargo ")
}

/// `from`'s files and folders copied into `to` (made if missing).
pub(crate) fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch folder with the reader's own files in it.
fn sandbox() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&root().join("tests/data/docs"), dir.path());
    copy_tree(
        &root().join("tests/scripts"),
        &dir.path().join("tests/scripts"),
    );
    copy_tree(&root().join("templates"), &dir.path().join("templates"));
    dir
}

/// Runs `cmd` through `sh` in `dir`: (exit code, stdout and stderr together).
pub(crate) fn sh(dir: &Path, cmd: &str) -> (Option<i32>, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_tilecrawl")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!("{cmd} 2>&1"))
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let (code, out, err) = crate::common::wait_with_output(child, &[cmd], Duration::from_secs(600));
    (code, out + &err)
}

/// Runs every `sh` and `console` block of `file`; the failures, one per line.
fn run_file(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let dir = sandbox();
    let mut failures = Vec::new();
    for b in blocks(&text) {
        match b.lang.as_str() {
            "sh" => {
                for (i, cmd) in logical(&b.body) {
                    let t = cmd.trim();
                    if t.is_empty() || t.starts_with('#') || skipped(t) {
                        continue;
                    }
                    let (code, out) = sh(dir.path(), t);
                    if code != Some(0) {
                        failures.push(format!(
                            "{file}:{}: `{t}` exited with {code:?}: {}",
                            b.line + 1 + i,
                            out.lines().last().unwrap_or("")
                        ));
                    }
                }
            }
            "console" => {
                let mut i = 0;
                let lines = &b.body;
                while i < lines.len() {
                    let Some(first) = lines[i].strip_prefix("$ ") else {
                        i += 1;
                        continue;
                    };
                    let at = b.line + 1 + i;
                    let mut cmd = first.to_string();
                    while cmd.trim_end().ends_with('\\') && i + 1 < lines.len() {
                        cmd = cmd.trim_end().trim_end_matches('\\').to_string();
                        i += 1;
                        cmd.push(' ');
                        cmd.push_str(lines[i].trim());
                    }
                    i += 1;
                    let mut expected = Vec::new();
                    while i < lines.len() && !lines[i].starts_with("$ ") {
                        expected.push(lines[i].as_str());
                        i += 1;
                    }
                    let expected = expected.join("\n").trim_end().to_string();
                    let (code, out) = sh(dir.path(), &cmd);
                    if code != Some(0) {
                        failures.push(format!(
                            "{file}:{at}: `{cmd}` exited with {code:?}: {}",
                            out.lines().last().unwrap_or("")
                        ));
                        continue;
                    }
                    let name = format!("{file}:{at}");
                    if let Err(e) = Assert::new().try_eq(
                        Some(&name),
                        out.trim_end().to_string().into_data(),
                        expected.into_data(),
                    ) {
                        failures.push(format!("{file}:{at}: `{cmd}` printed other output:\n{e}"));
                    }
                }
            }
            _ => {}
        }
    }
    failures
}

fn check(file: &str) {
    let failures = run_file(file);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_readme_examples_run_as_written() {
    check("README.md");
}

#[test]
fn the_book_examples_run_as_written() {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs/src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    let mut failures = Vec::new();
    for p in pages {
        let rel = p
            .strip_prefix(root())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        failures.extend(run_file(&rel));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn blocks_and_lines_are_read_as_a_reader_sees_them() {
    let md = "text\n```sh\ntilecrawl a \\\n  --b\n# note\n```\n```console\n$ x\ny\n```\n";
    let b = blocks(md);
    assert_eq!(b.len(), 2);
    assert_eq!((b[0].line, b[0].lang.as_str()), (2, "sh"));
    let l = logical(&b[0].body);
    assert_eq!(l[0].1, "tilecrawl a  --b");
    assert!(skipped("cargo test") && skipped("RUSTC_BOOTSTRAP=1 cargo fuzz run x"));
    assert!(!skipped("tilecrawl generate"));
}
