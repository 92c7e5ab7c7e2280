//! How a batch stops: Ctrl-C, `SIGTERM` (once, twice at once, or again
//! later), a failed adventure, and the `--resume` that finishes what a
//! stopped run left, a `--force` run over an older batch included. Split
//! from `batch.rs`, whose helpers these tests use.

use super::{TIMEOUT, assert_same_tree, batch_ok, check_complete, finish, read, run, spawn};
use crate::common::{self, rows};
use std::path::Path;
use std::time::{Duration, Instant};

/// Waits (at most [`TIMEOUT`]) until `n` adventure folders in `out` are
/// finished, their `scenario.yaml` written.
#[cfg(unix)]
fn wait_for_finished(out: &Path, n: usize) {
    wait_for_folders(out, n, |_| true);
}

/// Waits (at most [`TIMEOUT`]) until `n` finished adventure folders in
/// `out` pass `this_run` (say, written by the run under way).
#[cfg(unix)]
fn wait_for_folders(out: &Path, n: usize, this_run: impl Fn(&Path) -> bool) {
    let start = Instant::now();
    loop {
        let done = std::fs::read_dir(out)
            .map(|d| {
                d.map(|e| e.unwrap().path())
                    .filter(|d| d.join("scenario.yaml").is_file() && this_run(d))
                    .count()
            })
            .unwrap_or(0);
        if done >= n {
            return;
        }
        assert!(start.elapsed() < TIMEOUT, "no adventure finished");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Sends `sig` to `child`, a batch this test started.
#[cfg(unix)]
fn signal(child: &std::process::Child, sig: libc::c_int) {
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: sends a signal to the child this test started and still owns.
    assert_eq!(unsafe { libc::kill(pid, sig) }, 0);
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_finished_folders_and_resume_equals_an_uninterrupted_run() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("stopped");
    let o = out.to_str().unwrap();
    let args = [
        "batch", "--count", "200", "--dpi", "30", "--jobs", "2", "--out", o,
    ];
    let child = spawn(&args);
    // Wait until a few adventures are finished, then press Ctrl-C.
    wait_for_finished(&out, 5);
    signal(&child, libc::SIGINT);
    let r = finish(child, &args);
    assert_eq!(r.code, 1, "stopped by Ctrl-C: {}", r.stderr);
    assert!(
        r.stderr.contains("interrupted") && r.stderr.contains("--resume"),
        "{}",
        r.stderr
    );
    let seeds = check_complete(&out);
    assert!(
        seeds.len() >= 5 && seeds.len() < 200,
        "{} finished",
        seeds.len()
    );
    // The note says the batch stopped part-way, so `batch merge` refuses it.
    let note = read(&out.join("batch.yaml"));
    assert!(
        note.contains(&format!("adventures: {}\nfinished: false\n", seeds.len())),
        "{note}"
    );
    let merged = tmp.path().join("merged");
    let r = run(&["batch", "merge", o, "--out", merged.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("stopped after") && r.stderr.contains("--resume"),
        "{}",
        r.stderr
    );
    assert!(!merged.join("index.csv").exists());

    let resumed = run(&[&args[..], &["--resume", "--quiet"]].concat());
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert_eq!(check_complete(&out).len(), 200);
    let whole = tmp.path().join("whole");
    batch_ok(&whole, &["--count", "200", "--dpi", "30", "--jobs", "2"]);
    assert_same_tree(&out, &whole);
}

/// A `--force` run over an older batch, stopped part-way, leaves the older
/// batch's folders it had not reached yet; the `--resume` that finishes it
/// writes those again and removes the ones past its count, as the
/// uninterrupted `--force` run would (a session's find: they were taken as
/// finished, so the season kept the old ink maps under an index that said
/// colour).
#[cfg(unix)]
#[test]
fn resume_after_a_stopped_force_run_replaces_the_older_batch_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("season");
    let o = out.to_str().unwrap();
    // The older batch: seeds 50 to 69, in ink, with VTT files.
    batch_ok(
        &out,
        &[
            "--count",
            "20",
            "--seed-start",
            "50",
            "--dpi",
            "30",
            "--style",
            "ink",
            "--vtt",
        ],
    );
    let args = [
        "batch", "--count", "60", "--dpi", "30", "--jobs", "2", "--force", "--out", o,
    ];
    let child = spawn(&args);
    // A folder this run wrote has no VTT file: wait for five, then Ctrl-C.
    wait_for_folders(&out, 5, |d| {
        !std::fs::read_dir(d).unwrap().any(|f| {
            f.unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".dd2vtt")
        })
    });
    signal(&child, libc::SIGINT);
    let r = finish(child, &args);
    assert_eq!(r.code, 1, "stopped by Ctrl-C: {}", r.stderr);
    let note = read(&out.join("batch.yaml"));
    assert!(
        note.contains("finished: false\n") && note.ends_with("replacing: true\n"),
        "{note}"
    );
    let listed = rows(&read(&out.join("index.csv"))).len();
    assert!((5..60).contains(&listed), "{listed} listed");
    // Older folders inside the count are still there, not yet replaced.
    assert!(
        out.join("60")
            .join("mkd-adventure-seed-60.dd2vtt")
            .is_file()
    );

    let resumed = run(&[&args[..], &["--resume", "--quiet"]].concat());
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert!(!read(&out.join("batch.yaml")).contains("replacing"));
    let whole = tmp.path().join("whole");
    batch_ok(&whole, &["--count", "60", "--dpi", "30", "--jobs", "2"]);
    assert_same_tree(&out, &whole);
}

/// A scheduler's `SIGTERM` (a job's time limit) stops a batch as Ctrl-C
/// does: the running adventures finish, no temporary file is left, and the
/// error says how to finish.
#[cfg(unix)]
#[test]
fn sigterm_stops_a_batch_as_ctrl_c_does() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("termed");
    let o = out.to_str().unwrap();
    let args = [
        "batch", "--count", "200", "--dpi", "30", "--jobs", "2", "--out", o,
    ];
    let child = spawn(&args);
    // Once one adventure is finished the handler is surely in place.
    wait_for_finished(&out, 1);
    signal(&child, libc::SIGTERM);
    let r = finish(child, &args);
    assert_eq!(r.code, 1, "stopped by SIGTERM: {}", r.stderr);
    assert!(
        r.stderr.contains("interrupted") && r.stderr.contains("--resume"),
        "{}",
        r.stderr
    );
    let seeds = check_complete(&out);
    assert!(seeds.len() < 200, "{} finished", seeds.len());
}

/// GNU `timeout` sends SIGTERM to the batch and to its process group, so
/// it comes twice at once: that is one request, not the impatient second
/// Ctrl-C (a user's audit: such a batch sometimes quit at once, with no
/// index, no note and temporary files left).
#[cfg(unix)]
#[test]
fn two_sigterms_at_once_stop_a_batch_as_one_does() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("timed-out");
    let o = out.to_str().unwrap();
    let args = [
        "batch", "--count", "200", "--dpi", "30", "--jobs", "2", "--out", o,
    ];
    let child = spawn(&args);
    wait_for_finished(&out, 1);
    signal(&child, libc::SIGTERM);
    std::thread::sleep(Duration::from_millis(50));
    signal(&child, libc::SIGTERM);
    let r = finish(child, &args);
    assert_eq!(r.code, 1, "stopped as by one SIGTERM: {}", r.stderr);
    assert!(
        r.stderr.contains("interrupted") && r.stderr.contains("--resume"),
        "{}",
        r.stderr
    );
    // check_complete refuses a temporary file anywhere.
    let seeds = check_complete(&out);
    let note = read(&out.join("batch.yaml"));
    assert!(
        note.contains(&format!("adventures: {}\nfinished: false\n", seeds.len())),
        "{note}"
    );
}

/// A second Ctrl-C a moment after the first quits at once, and leaves no
/// temporary file (the index's included).
#[cfg(unix)]
#[test]
fn a_second_signal_later_quits_at_once_without_temporary_files() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("quit");
    let o = out.to_str().unwrap();
    // Slow adventures, each played many times, an index row at a time: the
    // index's temporary files exist from the first row.
    let args = [
        "batch",
        "--count",
        "3",
        "--only",
        "index",
        "--simulate",
        "1000",
        "--jobs",
        "1",
        "--out",
        o,
    ];
    let child = spawn(&args);
    let temps = || -> Vec<String> {
        std::fs::read_dir(&out)
            .map(|d| {
                d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                    .filter(|n| n.starts_with(".tilecrawl-") && n.ends_with(".tmp"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let start = Instant::now();
    while temps().is_empty() {
        assert!(start.elapsed() < TIMEOUT, "no index row was written");
        std::thread::sleep(Duration::from_millis(5));
    }
    signal(&child, libc::SIGINT);
    std::thread::sleep(Duration::from_millis(1300));
    signal(&child, libc::SIGINT);
    let r = finish(child, &args);
    assert_eq!(r.code, 130, "quit at once: {}", r.stderr);
    assert_eq!(temps(), Vec::<String>::new());
}

/// The largest `--count` there is: a batch stopped part-way must end as
/// soon as the adventures under way are done, not go through every
/// position it will never make (which once took minutes and gigabytes).
const ANY_COUNT: &str = "18446744073709551615";

/// A stopped batch ends within this, whatever its `--count`.
const STOPS_WITHIN: Duration = Duration::from_secs(60);

#[test]
fn a_failed_slot_ends_a_batch_of_any_count_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("failed");
    let args = [
        "batch",
        "--count",
        ANY_COUNT,
        "--filter",
        "tiles>1000",
        "--max-attempts",
        "1",
        "--only",
        "index",
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, _, stderr) = common::wait_with_output(spawn(&args), &args, STOPS_WITHIN);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error: no seed met --filter tiles>1000 in 1 attempts for adventure 1 of 18446744073709551615"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!out.join("index.csv").exists());
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_batch_of_any_count_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("endless");
    let o = out.to_str().unwrap();
    let args = [
        "batch", "--count", ANY_COUNT, "--dpi", "30", "--jobs", "2", "--out", o,
    ];
    let child = spawn(&args);
    wait_for_finished(&out, 3);
    signal(&child, libc::SIGINT);
    let (code, _, stderr) = common::wait_with_output(child, &args, STOPS_WITHIN);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(" of {ANY_COUNT} adventures finished"))
            && stderr.contains("--resume"),
        "{stderr}"
    );
    // The index lists exactly the finished folders, and the note says the
    // batch stopped part-way.
    let seeds = check_complete(&out);
    assert!(seeds.len() >= 3, "{} finished", seeds.len());
    let note = read(&out.join("batch.yaml"));
    assert!(
        note.contains(&format!("adventures: {}\nfinished: false\n", seeds.len())),
        "{note}"
    );
}
