//! `tilecrawl batch` through the real binary: the result does not depend on
//! `--jobs` or `--shard`, `--filter` keeps exactly `--count`, Ctrl-C leaves
//! only finished folders and `--resume` completes them into the same bytes
//! as an uninterrupted run, and the index agrees with each scenario.

use crate::common::{self, rows};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tilecrawl::mkd::scenario::{Scenario, WmtColor};
use tilecrawl::tileset::TileKind;

mod stopping;

/// Longest a single run of the binary may take before the test fails.
const TIMEOUT: Duration = Duration::from_secs(300);

/// What one run of the binary did.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tilecrawl"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tilecrawl binary starts")
}

/// Waits for a child (killed and failed after [`TIMEOUT`]), draining its pipes.
fn finish(child: Child, args: &[&str]) -> Run {
    let (code, stdout, stderr) = common::wait_with_output(child, args, TIMEOUT);
    Run {
        code: code.expect("tilecrawl was not killed by a signal"),
        stdout,
        stderr,
    }
}

fn run(args: &[&str]) -> Run {
    finish(spawn(args), args)
}

/// Runs a batch that must succeed.
fn batch_ok(out: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["batch", "--quiet", "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let r = run(&args);
    assert_eq!(r.code, 0, "tilecrawl {args:?} failed: {}", r.stderr);
    r
}

/// Every file under `dir`, by path relative to it.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, into: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, into);
            } else {
                let rel = p.strip_prefix(root).unwrap().to_path_buf();
                into.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    let mut m = BTreeMap::new();
    walk(dir, dir, &mut m);
    m
}

/// Asserts two folders hold the same files with the same bytes.
fn assert_same_tree(a: &Path, b: &Path) {
    let (ta, tb) = (tree(a), tree(b));
    assert_eq!(
        ta.keys().collect::<Vec<_>>(),
        tb.keys().collect::<Vec<_>>(),
        "the same files in {} and {}",
        a.display(),
        b.display()
    );
    for (name, bytes) in &ta {
        assert!(
            bytes == &tb[name],
            "{} differs between {} and {}",
            name.display(),
            a.display(),
            b.display()
        );
    }
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The book's recipe (docs/src/commands.md) for merging shards: the header of any shard, then every
/// shard's rows sorted by seed (`sort -t, -k1,1n`); index.yaml lines sorted
/// by seed likewise.
fn merge_shards(dirs: &[PathBuf]) -> (String, String) {
    let seed_of = |l: &str, prefix: &str| -> u64 {
        l.strip_prefix(prefix)
            .unwrap()
            .split([',', ' '])
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let mut csv_rows = Vec::new();
    let mut yaml_rows = Vec::new();
    let mut header = None;
    for d in dirs {
        let csv = read(&d.join("index.csv"));
        let mut lines = csv.lines();
        header.get_or_insert(lines.next().unwrap().to_string());
        csv_rows.extend(lines.map(|l| (seed_of(l, ""), l.to_string())));
        yaml_rows.extend(
            read(&d.join("index.yaml"))
                .lines()
                .map(|l| (seed_of(l, "- {seed: "), l.to_string())),
        );
    }
    csv_rows.sort();
    yaml_rows.sort();
    let mut csv = header.unwrap() + "\n";
    for (_, l) in csv_rows {
        csv += &l;
        csv.push('\n');
    }
    let yaml = yaml_rows.into_iter().map(|(_, l)| l + "\n").collect();
    (csv, yaml)
}

#[test]
fn jobs_1_and_jobs_2_give_byte_identical_folders_and_index() {
    let tmp = tempfile::tempdir().unwrap();
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    let opts = ["--count", "6", "--seed-start", "40", "--dpi", "30"];
    batch_ok(&one, &[&opts[..], &["--jobs", "1"]].concat());
    batch_ok(&two, &[&opts[..], &["--jobs", "2"]].concat());
    assert_same_tree(&one, &two);
    let t = tree(&one);
    for seed in 40..46 {
        for f in ["scenario.yaml", "map.svg", "map.png", "setup.md"] {
            assert!(
                t.contains_key(&Path::new(&seed.to_string()).join(f)),
                "{seed}/{f} written"
            );
        }
    }
    let r = rows(&read(&one.join("index.csv")));
    assert_eq!(r.len(), 6);
    assert_eq!(r[0]["files"], "scenario.yaml;map.svg;map.png;setup.md");

    // The same holds with filters, where threads race for seeds.
    let (f1, f2) = (tmp.path().join("f1"), tmp.path().join("f2"));
    let opts = ["--count", "12", "--only", "yaml", "--filter", "depth>=6"];
    batch_ok(&f1, &[&opts[..], &["--jobs", "1"]].concat());
    batch_ok(&f2, &[&opts[..], &["--jobs", "2"]].concat());
    assert_same_tree(&f1, &f2);
}

#[test]
fn sync_writes_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let (plain, synced) = (tmp.path().join("plain"), tmp.path().join("synced"));
    let opts = ["--count", "4", "--only", "yaml", "--jobs", "2"];
    batch_ok(&plain, &opts);
    batch_ok(&synced, &[&opts[..], &["--sync"]].concat());
    assert_same_tree(&plain, &synced);
    assert_eq!(rows(&read(&synced.join("index.csv"))).len(), 4);
}

#[test]
fn two_shards_merge_into_the_unsharded_index() {
    let tmp = tempfile::tempdir().unwrap();
    for extra in [&[][..], &["--filter", "dead_ends<=8"][..]] {
        let whole = tmp.path().join("whole");
        let s1 = tmp.path().join("s1");
        let s2 = tmp.path().join("s2");
        let opts = [
            &["--count", "15", "--seed-start", "100", "--only", "yaml"][..],
            extra,
        ]
        .concat();
        batch_ok(&whole, &opts);
        batch_ok(&s1, &[&opts[..], &["--shard", "1/2"]].concat());
        batch_ok(&s2, &[&opts[..], &["--shard", "2/2"]].concat());
        let (csv, yaml) = merge_shards(&[s1.clone(), s2.clone()]);
        assert_eq!(csv, read(&whole.join("index.csv")), "{extra:?}");
        assert_eq!(yaml, read(&whole.join("index.yaml")), "{extra:?}");
        // `batch merge` gives the same bytes, whatever order the shards come in.
        let merged = tmp.path().join("merged");
        let r = run(&[
            "batch",
            "merge",
            s2.to_str().unwrap(),
            s1.to_str().unwrap(),
            "--out",
            merged.to_str().unwrap(),
            "-q",
        ]);
        assert_eq!((r.code, r.stdout.as_str()), (0, ""), "{}", r.stderr);
        assert_eq!(csv, read(&merged.join("index.csv")), "{extra:?}");
        assert_eq!(yaml, read(&merged.join("index.yaml")), "{extra:?}");
        // And the note of the whole batch, as the single machine wrote it.
        assert_eq!(
            read(&merged.join("batch.yaml")),
            read(&whole.join("batch.yaml")),
            "{extra:?}"
        );
        assert!(
            read(&s2.join("batch.yaml")).contains("shard: 2/2\nadventures: 7\nfinished: true\n")
        );
        std::fs::remove_dir_all(&merged).unwrap();
        assert_eq!(rows(&read(&s1.join("index.csv"))).len(), 8);
        assert_eq!(rows(&read(&s2.join("index.csv"))).len(), 7);
        // The adventure folders of the two shards are the whole's.
        let mut folders = tree(&s1);
        folders.extend(tree(&s2));
        let mut want = tree(&whole);
        for m in [&mut folders, &mut want] {
            m.retain(|p, _| {
                !["index.csv", "index.yaml", "batch.yaml"]
                    .iter()
                    .any(|f| p.starts_with(f))
            });
        }
        assert_eq!(folders, want, "{extra:?}");
        for d in [whole, s1, s2] {
            std::fs::remove_dir_all(d).unwrap();
        }
    }
}

/// An array job may run more shards than there are adventures: a shard
/// numbered past `--count` holds none, finishes at once with an empty
/// index, and the shards still merge into the whole. (Its share used to be
/// worked out by a subtraction that wrapped round, and the shard ran on,
/// writing rows, until the disk was full.)
#[test]
fn shards_past_the_count_are_empty_and_merge_into_the_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = tmp.path().join("whole");
    let opts = ["--count", "3", "--only", "index"];
    batch_ok(&whole, &opts);
    let mut dirs = Vec::new();
    for i in 1..=5 {
        let d = tmp.path().join(format!("s{i}"));
        let shard = format!("{i}/5");
        batch_ok(&d, &[&opts[..], &["--shard", &shard]].concat());
        let expect = usize::from(i <= 3);
        assert_eq!(
            rows(&read(&d.join("index.csv"))).len(),
            expect,
            "shard {shard}"
        );
        dirs.push(d);
    }
    assert_eq!(read(&dirs[4].join("index.yaml")), "");
    let merged = tmp.path().join("merged");
    let mut args = vec!["batch".to_string(), "merge".into(), "-q".into()];
    args.extend(dirs.iter().map(|d| d.to_str().unwrap().to_string()));
    args.extend(["--out".into(), merged.to_str().unwrap().to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let r = run(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for f in ["index.csv", "index.yaml", "batch.yaml"] {
        assert_eq!(read(&merged.join(f)), read(&whole.join(f)), "{f}");
    }
}

/// `batch merge` refuses a folder without an index, a batch with a shard
/// left out, an index that does not hold what its note counts, and an index
/// already in `--out` (unless `--force`), each with one error line and
/// nothing written. Shards without notes (older batches) still merge, with
/// a warning that nothing could be checked.
#[test]
fn batch_merge_refuses_what_is_not_a_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let (s1, s2) = (tmp.path().join("s1"), tmp.path().join("s2"));
    batch_ok(&s1, &["--count", "4", "--only", "index", "--shard", "1/2"]);
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let out = tmp.path().join("out");
    let p = |x: &Path| x.to_str().unwrap().to_string();
    let refused = |args: &[&str], says: &str| {
        let r = run(args);
        assert_eq!(r.code, 1, "{}", r.stderr);
        assert!(
            r.stderr.starts_with("error: ") && r.stderr.contains(says),
            "{}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    };
    refused(
        &["batch", "merge", &p(&s1), &p(&empty), "--out", &p(&out)],
        "empty: no index.csv there",
    );
    assert!(!out.join("index.csv").exists());
    // A folder that is not there, and a shard stopped before its index
    // (adventure folders only), are told as such (a user's audit: both
    // were "no index.csv there").
    refused(
        &[
            "batch",
            "merge",
            &p(&s1),
            &p(&tmp.path().join("nope")),
            "--out",
            &p(&out),
        ],
        "nope: no such folder",
    );
    let stopped = tmp.path().join("stopped");
    std::fs::create_dir_all(stopped.join("3")).unwrap();
    refused(
        &["batch", "merge", &p(&s1), &p(&stopped), "--out", &p(&out)],
        "stopped: no index.csv there, though it holds adventure folders: the batch there was stopped before it wrote its index; finish it with the same `tilecrawl batch` command and --resume, then merge",
    );
    assert!(!out.exists());
    refused(
        &["batch", "merge", &p(&s1), "--out", &p(&out)],
        "shard 2 of 2 missing: give every shard of the batch (1 given)",
    );
    assert!(!out.join("index.csv").exists());
    batch_ok(&s2, &["--count", "4", "--only", "index", "--shard", "2/2"]);
    let r = run(&["batch", "merge", &p(&s1), &p(&s2), "--out", &p(&out), "-q"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(rows(&read(&out.join("index.csv"))).len(), 4);
    // A second merge into the same folder needs --force.
    refused(
        &["batch", "merge", &p(&s1), &p(&s2), "--out", &p(&out)],
        "already holds an index; pass --force",
    );
    // The same merge again, replacing what it wrote.
    let (ps1, ps2, pout) = (p(&s1), p(&s2), p(&out));
    let merge_again = ["batch", "merge", &ps1, &ps2, "--out", &pout, "--force"];
    // Something other than a file where the note goes: refused, --force or
    // not, before the index files beside it are replaced.
    let merged = read(&out.join("index.csv"));
    let note = out.join("batch.yaml");
    let kept_note = read(&note);
    std::fs::remove_file(&note).unwrap();
    std::fs::create_dir(&note).unwrap();
    std::fs::write(out.join("index.csv"), "seed\n").unwrap();
    refused(&merge_again, "batch.yaml exists and is not a regular file");
    assert_eq!(read(&out.join("index.csv")), "seed\n", "left as it was");
    std::fs::remove_dir(&note).unwrap();
    std::fs::write(&note, kept_note).unwrap();
    std::fs::write(out.join("index.csv"), merged).unwrap();
    // A row with a column more than the header: refused, naming its line.
    let good = read(&s1.join("index.csv"));
    let (head, body) = good.split_once('\n').unwrap();
    let (seed, rest) = body.split_once(',').unwrap();
    std::fs::write(s1.join("index.csv"), format!("{head}\n{seed},99,{rest}")).unwrap();
    refused(
        &[
            "batch",
            "merge",
            &p(&s1),
            &p(&s2),
            "--out",
            &p(&tmp.path().join("out2")),
        ],
        "index.csv line 2: a row of 17 columns; the header has 16",
    );
    std::fs::write(s1.join("index.csv"), good).unwrap();
    // An index with a row taken out no longer holds what its note counts.
    let cut = |f: &str| {
        let text = read(&s2.join(f));
        let mut lines: Vec<&str> = text.lines().collect();
        lines.pop();
        std::fs::write(s2.join(f), lines.join("\n") + "\n").unwrap();
    };
    let (csv, yaml) = (read(&s2.join("index.csv")), read(&s2.join("index.yaml")));
    cut("index.csv");
    cut("index.yaml");
    refused(
        &merge_again,
        "the shards' indexes hold 3 adventure(s) but their batch.yaml files count 4",
    );
    assert_eq!(
        rows(&read(&out.join("index.csv"))).len(),
        4,
        "left as it was"
    );
    std::fs::write(s2.join("index.csv"), csv).unwrap();
    std::fs::write(s2.join("index.yaml"), yaml).unwrap();
    // Without any note, the shards merge as they are, with a warning.
    for d in [&s1, &s2] {
        std::fs::remove_file(d.join("batch.yaml")).unwrap();
    }
    let r = run(&["batch", "merge", &p(&s1), "--out", &p(&out), "--force"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("warning: no shard has a batch.yaml"),
        "{}",
        r.stderr
    );
    assert_eq!(read(&out.join("index.csv")), read(&s1.join("index.csv")));
    assert!(!out.join("batch.yaml").exists(), "the earlier note is gone");
}

/// A refused `batch merge` makes no `--out` folder: every check runs
/// before it is created (a user's audit found an empty folder left after
/// each of these refusals). Shards rated with different `--simulate N` are
/// refused, naming both shards and their counts.
#[test]
fn a_refused_merge_leaves_no_out_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = |n: &str| tmp.path().join(n);
    let p = |n: &str| dir(n).to_str().unwrap().to_string();
    fn share(i: &str) -> [&str; 6] {
        ["--count", "2", "--only", "index", "--shard", i]
    }
    batch_ok(&dir("plain1"), &share("1/2"));
    batch_ok(&dir("plain2"), &share("2/2"));
    let rated = |name: &str, i: &str, runs: &str| {
        let mut a = share(i).to_vec();
        a.extend(["--simulate", runs]);
        batch_ok(&dir(name), &a);
    };
    rated("sim5", "2/2", "5");
    rated("sim5a", "1/2", "5");
    rated("sim7", "2/2", "7");
    let dw = dir("dw2");
    let mut a = share("2/2").to_vec();
    a.extend(["--ruleset", "dungeon-world-10mm"]);
    batch_ok(&dw, &a);
    let refused = |shards: &[&str], says: &str| {
        let out = p("out");
        let mut args = vec!["batch".to_string(), "merge".into()];
        args.extend(shards.iter().map(|s| p(s)));
        args.extend(["--out".into(), out]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args);
        assert_eq!(r.code, 1, "{shards:?}: {}", r.stderr);
        assert!(
            r.stderr.starts_with("error: ") && r.stderr.contains(says),
            "{shards:?}: {}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(!dir("out").exists(), "{shards:?} left an --out folder");
    };
    refused(&["plain1", "dw2"], "its header differs from");
    refused(&["plain1", "sim5"], "its header differs from");
    refused(
        &["sim5a", "sim7"],
        &format!(
            "{} was rated with --simulate 7 and {} with --simulate 5: the shards of one batch are made with the same --simulate N",
            p("sim7"),
            p("sim5a")
        ),
    );
    // An index.yaml row that is not index.csv's.
    let yaml = read(&dir("plain2").join("index.yaml"));
    std::fs::write(
        dir("plain2").join("index.yaml"),
        yaml.replacen("- {seed: 2,", "- {seed: 9,", 1),
    )
    .unwrap();
    refused(
        &["plain1", "plain2"],
        "index.yaml line 1: expected `- {seed: 2",
    );
    std::fs::write(dir("plain2").join("index.yaml"), yaml).unwrap();
    // A seed in two shards (without notes, as an older batch wrote them,
    // so only the rows can tell).
    std::fs::remove_dir_all(dir("plain2")).unwrap();
    batch_ok(&dir("plain2"), &["--count", "2", "--only", "index"]);
    for d in ["plain1", "plain2"] {
        std::fs::remove_file(dir(d).join("batch.yaml")).unwrap();
    }
    refused(&["plain1", "plain2"], "seed 1 is in both");
    // The checks passed, the folder is made.
    let r = run(&["batch", "merge", &p("plain2"), "--out", &p("out"), "-q"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        read(&dir("out").join("index.csv")),
        read(&dir("plain2").join("index.csv"))
    );
}

/// A filter compares a rating column as the index prints it: the row that
/// shows win_rate 0.6667 (2 wins of 3) meets `win_rate>=0.6667` and
/// `==0.6667` (a user's audit: "no seed met" it).
#[test]
fn a_filter_keeps_the_row_that_shows_its_number() {
    let tmp = tempfile::tempdir().unwrap();
    let all = tmp.path().join("all");
    batch_ok(
        &all,
        &[
            "--count",
            "1",
            "--seed-start",
            "2",
            "--simulate",
            "3",
            "--only",
            "index",
        ],
    );
    let index = read(&all.join("index.csv"));
    assert_eq!(rows(&index)[0]["win_rate"], "0.6667", "{index}");
    for (i, filter) in ["win_rate>=0.6667", "win_rate==0.6667", "win_rate<=0.6667"]
        .iter()
        .enumerate()
    {
        let out = tmp.path().join(format!("f{i}"));
        batch_ok(
            &out,
            &[
                "--count",
                "1",
                "--seed-start",
                "2",
                "--simulate",
                "3",
                "--only",
                "index",
                "--filter",
                filter,
                "--max-attempts",
                "1",
            ],
        );
        assert_eq!(read(&out.join("index.csv")), index, "{filter}");
    }
}

/// A filter's number too large for a whole column is said to be too
/// large, with the largest allowed; a mistyped operator is named as one,
/// not read as part of the column.
#[test]
fn filter_errors_name_the_real_mistake() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("o");
    for (filter, says) in [
        (
            "depth>=99999999999999999999999",
            "99999999999999999999999 is too large: depth takes whole numbers up to 18446744073709551615",
        ),
        (
            "win_rate=>0.4",
            "\"=>\" is not an operator; did you mean \">=\"?",
        ),
    ] {
        let r = run(&[
            "batch",
            "--count",
            "1",
            "--only",
            "index",
            "--out",
            out.to_str().unwrap(),
            "--filter",
            filter,
        ]);
        assert_eq!(r.code, 2, "{filter}: {}", r.stderr);
        let line = r.stderr.lines().next().unwrap_or_default();
        assert!(
            line.starts_with("error: ") && line.contains(says),
            "{filter}: {line}"
        );
        assert!(!line.contains("unknown column") && !line.contains("not a whole number"));
        assert!(!out.exists());
    }
}

#[test]
fn filter_keeps_exactly_count_adventures_that_meet_it() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("deep");
    let r = run(&[
        "batch",
        "--count",
        "10",
        "--only",
        "index",
        "--filter",
        "depth>=5",
        "--filter",
        "chambers==6",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("indexed 10 adventure(s)"), "{}", r.stdout);
    let idx = rows(&read(&out.join("index.csv")));
    assert_eq!(idx.len(), 10);
    let seeds: Vec<u64> = idx.iter().map(|r| r["seed"].parse().unwrap()).collect();
    assert!(
        seeds.windows(2).all(|w| w[0] < w[1]),
        "in seed order: {seeds:?}"
    );
    for row in &idx {
        assert!(row["depth"].parse::<u32>().unwrap() >= 5, "{row:?}");
        assert_eq!(row["chambers"], "6");
        assert_eq!(row["files"], "", "--only index writes no adventure files");
    }
    // Some seeds from the plain range failed and were replaced by later ones.
    let plain = tmp.path().join("plain");
    batch_ok(&plain, &["--count", "10", "--only", "index"]);
    let plain = rows(&read(&plain.join("index.csv")));
    assert!(plain.iter().any(|r| r["depth"].parse::<u32>().unwrap() < 5));
    assert!(seeds.iter().any(|&s| s > 10));
    // --only index writes no folders.
    let names: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names.len(),
        3,
        "index.csv, index.yaml, batch.yaml: {names:?}"
    );
}

#[test]
fn an_impossible_filter_fails_clearly_after_the_attempt_limit() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("never");
    let r = run(&[
        "batch",
        "--count",
        "3",
        "--only",
        "yaml",
        "--filter",
        "depth>=99",
        "--max-attempts",
        "20",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .starts_with("error: no seed met --filter depth>=99 in 20 attempts"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--max-attempts"), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(!out.exists(), "nothing was kept, so nothing is written");
}

/// Filters no adventure can meet, on their own or together, are refused
/// at once (exit 2) instead of after every attempt (a user's audit).
#[test]
fn filters_no_adventure_can_meet_are_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("never");
    for (filters, needle) in [
        (
            &["depth>=5", "depth<=3"][..],
            "--filter depth>=5 --filter depth<=3: no adventure can meet these: no value meets them together",
        ),
        (
            &["win_rate>1.5"][..],
            "--filter win_rate>1.5: no adventure can meet it: a win rate is 0 to 1",
        ),
    ] {
        let mut args = vec!["batch", "--count", "3", "--simulate", "5", "--out"];
        args.push(out.to_str().unwrap());
        for f in filters {
            args.extend(["--filter", f]);
        }
        let r = run(&args);
        assert_eq!(r.code, 2, "{}", r.stderr);
        let first = r.stderr.lines().next().unwrap_or_default();
        assert_eq!(first, format!("error: {needle}"), "{}", r.stderr);
        assert!(!out.exists());
    }
}

/// An unknown `--filter` column is refused with a whole message (once,
/// the list of twenty columns was cut in the middle by the bound on an
/// error line): it names the column, a close spelling, and where the
/// columns are listed — and `batch --help` does list every one.
#[test]
fn an_unknown_filter_column_gets_a_whole_message() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("o");
    let huge = format!("{}>=5", "q".repeat(300));
    for (filter, names) in [
        (
            "dpth>=5",
            vec!["unknown column \"dpth\"", "(did you mean depth?)"],
        ),
        ("win-rate>=0.4", vec!["(did you mean win_rate?)"]),
        ("colour>=1", vec!["unknown column \"colour\";"]),
        (
            huge.as_str(),
            vec!["unknown column \"qqq", "(300 characters)"],
        ),
    ] {
        let r = run(&[
            "batch",
            "--count",
            "2",
            "--filter",
            filter,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(r.code, 2, "{filter}: {}", r.stderr);
        let line = r.stderr.lines().next().unwrap_or_default();
        assert!(line.starts_with("error: "), "{filter}: {}", r.stderr);
        for n in names {
            assert!(line.contains(n), "{filter}: lacks {n:?}: {line}");
        }
        assert!(
            !line.contains("characters…]")
                && line.ends_with("`tilecrawl batch --help` lists the columns under --filter"),
            "{filter}: the message should be whole: {line}"
        );
        assert!(!out.exists());
    }
    let help = run(&["batch", "--help"]).stdout;
    for c in tilecrawl::mkd::batch::FILTER_COLUMNS {
        assert!(help.contains(c), "batch --help lacks the column {c}");
    }
}

#[test]
fn bad_options_give_one_error_line() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("o");
    let o = out.to_str().unwrap();
    for (args, code, says) in [
        (vec!["--count", "2", "--shard", "3/2"], 2, "--shard"),
        (vec!["--count", "2", "--shard", "1"], 2, "--shard"),
        (vec!["--count", "2", "--filter", "depth=>5"], 2, "--filter"),
        (
            vec!["--count", "2", "--filter", "deep>=5"],
            2,
            "unknown column",
        ),
        (vec!["--count", "0"], 2, "--count"),
        (vec!["--count", "2", "--jobs", "0"], 2, "--jobs"),
        (
            vec!["--count", "2", "--seed-start", "18446744073709551615"],
            2,
            "largest seed",
        ),
        (vec!["--count", "2", "--table", "3x3"], 1, "error:"),
        // Map and print options shape files --only index|yaml does not write.
        (
            vec!["--count", "2", "--only", "index", "--print", "a4"],
            2,
            "--print shapes the maps and sheets, which --only index does not write",
        ),
        (
            vec!["--count", "2", "--only", "yaml", "--vtt", "--dpi", "300"],
            2,
            "--dpi, --vtt shape the maps and sheets, which --only yaml does not write; drop them",
        ),
        // Given at its default value, an option is still named.
        (
            vec![
                "--count", "2", "--only", "index", "--dpi", "150", "--style", "color",
            ],
            2,
            "--dpi, --style shape the maps and sheets, which --only index does not write",
        ),
    ] {
        let mut full = vec!["batch", "--out", o];
        full.extend(&args);
        let r = run(&full);
        assert_eq!(r.code, code, "{args:?}: {}", r.stderr);
        assert!(r.stderr.starts_with("error:"), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        if code == 1 {
            assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        }
    }
    // A folder that already holds something needs --resume or --force.
    batch_ok(&out, &["--count", "2", "--only", "index"]);
    let r = run(&["batch", "--count", "2", "--only", "index", "--out", o]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("--resume") && r.stderr.contains("--force"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    batch_ok(&out, &["--count", "2", "--only", "index", "--force"]);
}

/// Checks an interrupted or resumed batch folder: every adventure folder is
/// complete, loads, and is listed in the index; returns the seeds.
fn check_complete(out: &Path) -> Vec<u64> {
    let mut seeds = Vec::new();
    for e in std::fs::read_dir(out).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().into_string().unwrap();
        if ["index.csv", "index.yaml", "batch.yaml"].contains(&name.as_str()) {
            continue;
        }
        let seed: u64 = name
            .parse()
            .unwrap_or_else(|_| panic!("unexpected entry {name}"));
        let mut files: Vec<String> = std::fs::read_dir(e.path())
            .unwrap()
            .map(|f| f.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        assert_eq!(
            files,
            ["map.png", "map.svg", "scenario.yaml", "setup.md"],
            "folder {seed} is complete and holds no temporary files"
        );
        let s = tilecrawl::mkd::scenario::load(&e.path().join("scenario.yaml")).unwrap();
        assert_eq!(s.seed, seed);
        seeds.push(seed);
    }
    seeds.sort();
    let listed: Vec<u64> = rows(&read(&out.join("index.csv")))
        .iter()
        .map(|r| r["seed"].parse().unwrap())
        .collect();
    assert_eq!(
        listed, seeds,
        "the index lists exactly the finished folders"
    );
    seeds
}

#[test]
fn resume_redoes_unfinished_folders_and_matches_an_uninterrupted_run() {
    let tmp = tempfile::tempdir().unwrap();
    let (out, whole) = (tmp.path().join("out"), tmp.path().join("whole"));
    let opts = ["--count", "8", "--dpi", "30", "--filter", "dead_ends<=9"];
    batch_ok(&whole, &opts);
    batch_ok(&out, &opts);
    let idx = rows(&read(&out.join("index.csv")));
    let seed = |i: usize| idx[i]["seed"].clone();
    // As a killed run leaves them: a folder without its marker file and with
    // a temporary file, a missing folder, and an index that lists neither.
    std::fs::remove_file(out.join(seed(2)).join("scenario.yaml")).unwrap();
    std::fs::write(out.join(seed(2)).join(".tilecrawl-x1.tmp"), b"half").unwrap();
    std::fs::remove_dir_all(out.join(seed(5))).unwrap();
    std::fs::write(out.join("index.csv"), "seed\n").unwrap();
    let before = std::fs::metadata(out.join(seed(0)).join("map.png"))
        .unwrap()
        .modified()
        .unwrap();
    batch_ok(&out, &[&opts[..], &["--resume"]].concat());
    assert_same_tree(&out, &whole);
    let after = std::fs::metadata(out.join(seed(0)).join("map.png"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after, "finished folders are not written again");
    // Resuming with other generation options is refused, not mixed in.
    let r = run(&[
        &["batch", "--out", out.to_str().unwrap(), "--resume"][..],
        &opts[..],
        &["--hero-value", "300"],
    ]
    .concat());
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("--resume needs the same options"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
}

/// `--resume` into the folder of another share (another shard, count or
/// seed start, as its batch.yaml says) is refused with one error line and
/// nothing written; the same command resumes.
#[test]
fn resume_into_another_share_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("s2");
    let opts = ["--count", "6", "--only", "yaml", "--shard", "2/3"];
    batch_ok(&out, &opts);
    let before = tree(&out);
    let o = out.to_str().unwrap();
    for other in [
        &["--count", "6", "--only", "yaml", "--shard", "1/3"][..],
        &["--count", "7", "--only", "yaml", "--shard", "2/3"][..],
        &[
            "--count",
            "6",
            "--only",
            "yaml",
            "--shard",
            "2/3",
            "--seed-start",
            "5",
        ][..],
    ] {
        let r = run(&[&["batch", "--out", o, "--resume"][..], other].concat());
        assert_eq!(r.code, 1, "{other:?}: {}", r.stderr);
        assert!(
            r.stderr.starts_with("error: --resume: ")
                && r.stderr
                    .contains("holds shard 2/3 of a batch of --count 6 from --seed-start 1"),
            "{}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert_eq!(tree(&out), before, "{other:?}: nothing written");
    }
    batch_ok(&out, &[&opts[..], &["--resume"]].concat());
    assert_eq!(tree(&out), before);
}

#[test]
fn index_columns_agree_with_each_scenario() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("idx");
    batch_ok(
        &out,
        &[
            "--count",
            "5",
            "--seed-start",
            "7",
            "--only",
            "yaml",
            "--sets",
            "3",
            "--hero-value",
            "180",
        ],
    );
    let idx = rows(&read(&out.join("index.csv")));
    assert_eq!(idx.len(), 5);
    let yaml: yaml_serde::Value = yaml_serde::from_str(&read(&out.join("index.yaml"))).unwrap();
    for (i, row) in idx.iter().enumerate() {
        let s: Scenario =
            tilecrawl::mkd::scenario::load(&out.join(&row["seed"]).join("scenario.yaml")).unwrap();
        let n = |v: usize| v.to_string();
        let kind = |k: TileKind| s.tiles.iter().filter(|t| t.kind == k).count();
        let colour = |c: WmtColor| {
            s.game.wmts.iter().filter(|w| w.color == c).count()
                + s.game.pools.wmts.iter().filter(|w| w.color == c).count()
        };
        let level = |l: u32| {
            s.game.chests.iter().filter(|c| c.level == l).count()
                + s.game.pools.chests.iter().filter(|&&c| c == l).count()
        };
        assert_eq!(row["seed"], (7 + i).to_string());
        assert_eq!(row["tiles"], n(s.tiles.len()));
        assert_eq!(row["tiles"], "15");
        assert_eq!(row["chambers"], n(kind(TileKind::Chamber)));
        assert_eq!(row["hallways"], n(kind(TileKind::Hallway)));
        assert_eq!(row["depth"], s.central_chamber.depth.to_string());
        assert_eq!(row["dead_ends"], n(s.dead_ends.len()));
        assert_eq!(row["wmt_yellow"], n(colour(WmtColor::Yellow)));
        assert_eq!(row["wmt_blue"], n(colour(WmtColor::Blue)));
        assert_eq!(row["wmt_red"], n(colour(WmtColor::Red)));
        assert_eq!(row["chests_1"], n(level(1)));
        assert_eq!(row["chests_2"], n(level(2)));
        assert_eq!(row["chests_3"], n(level(3)));
        assert_eq!(row["mission"], s.game.mission);
        assert_eq!(row["files"], "scenario.yaml");
        // The walk is at least as long as the straight-line steps to the chest.
        let q = s.game.chests.iter().find(|c| c.quest).unwrap();
        let manhattan = (q.x - s.entrance.x).unsigned_abs() + (q.y - s.entrance.y).unsigned_abs();
        let walk: u32 = row["critical_path"].parse().unwrap();
        assert!(walk + 2 >= manhattan && walk > 0, "{row:?}");
        // index.yaml says the same.
        let y = &yaml[i];
        assert_eq!(y["seed"].as_u64(), Some(7 + i as u64));
        assert_eq!(y["critical_path"].as_u64(), Some(u64::from(walk)));
        assert_eq!(
            y["wmts"]["red"].as_u64(),
            Some(colour(WmtColor::Red) as u64)
        );
        assert_eq!(y["files"][0].as_str(), Some("scenario.yaml"));
    }
}

/// `batch --help` says what a batch makes: every game's dungeons. It
/// offers the game master's map (Dungeon World 10 mm and Dungeons Dark &
/// Dangerous have one), refused by name for an MKD batch (its map hides
/// nothing).
#[test]
fn batch_help_offers_only_what_a_batch_can_make() {
    let r = run(&["batch", "--help"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "Generate many MKD Adventure, Dungeon World 10 mm or Dungeons Dark & Dangerous dungeons"
        ),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("--gm-map"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("mkd-adventure, dungeon-world-10mm or dd-and-d"),
        "{}",
        r.stdout
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b");
    for args in [vec!["--gm-map"], vec!["--scenario", "battle"]] {
        let mut all = vec!["batch", "--count", "1", "--out", out.to_str().unwrap()];
        all.extend(&args);
        let r = run(&all);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        let name = args[0].trim_start_matches("--");
        assert!(
            r.stderr.starts_with("error:") && r.stderr.contains(name),
            "{args:?}: {}",
            r.stderr
        );
        assert!(!out.exists(), "{args:?} wrote {out:?}");
    }
}

#[test]
fn resume_refuses_a_folder_that_never_held_a_batch() {
    // A user's audit: `--resume` filled a folder holding only notes.txt,
    // which a plain batch refuses.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("mine");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let o = out.to_str().unwrap();
    let r = run(&[
        "batch", "--count", "2", "--only", "yaml", "--out", o, "--resume",
    ]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("error: --resume: ")
            && r.stderr.contains("holds no batch to finish (no batch.yaml, and notes.txt is not a file `tilecrawl batch` writes)"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    let left: Vec<_> = std::fs::read_dir(&out).unwrap().collect();
    assert_eq!(left.len(), 1, "nothing written");
    // A run killed before its first note (adventure folders only) resumes.
    std::fs::remove_file(out.join("notes.txt")).unwrap();
    std::fs::create_dir(out.join("2")).unwrap();
    let r = run(&[
        "batch", "--count", "2", "--only", "yaml", "--out", o, "--resume", "-q",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(rows(&read(&out.join("index.csv"))).len(), 2);
}

#[test]
fn resume_refuses_other_map_options_than_the_run_it_finishes() {
    // A user's audit: `--resume --style ink` finished a colour batch in
    // ink, and a resume without --vtt rewrote an index that left out the
    // VTT files still in every folder. The note records the options that
    // shape the files, and a resume must give the same.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("b");
    let o = out.to_str().unwrap();
    batch_ok(&out, &["--count", "2", "--dpi", "30", "--vtt"]);
    let note = read(&out.join("batch.yaml"));
    assert!(
        note.contains("options: {cutouts: \"off\", dpi: \"30\", filter: \"off\", gm-map: \"off\", only: \"all\", party: \"off\", png-compression: \"fast\", print: \"off\", simulate: \"off\", square: \"off\", style: \"color\", vtt: \"on\", vtt-grid: \"100\"}\n"),
        "{note}"
    );
    let index = read(&out.join("index.csv"));
    for (extra, says) in [
        (
            &["--vtt", "--style", "ink"][..],
            "was made with --style color and this command gives --style ink",
        ),
        (
            &[][..],
            "was made with --vtt and this command gives no --vtt",
        ),
        (
            &["--vtt", "--vtt-grid", "50"][..],
            "--vtt-grid 100 and this command gives --vtt-grid 50",
        ),
        (
            &["--vtt", "--print", "a4"][..],
            "no --print and this command gives --print a4",
        ),
    ] {
        let mut args = vec![
            "batch", "--count", "2", "--dpi", "30", "--out", o, "--resume",
        ];
        args.extend(extra);
        let r = run(&args);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.starts_with("error: --resume: ") && r.stderr.contains(says),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    }
    assert_eq!(read(&out.join("index.csv")), index, "nothing rewritten");
    let r = run(&[
        "batch", "--count", "2", "--dpi", "30", "--vtt", "--out", o, "--resume", "-q",
    ]);
    assert_eq!(r.code, 0, "the same options resume: {}", r.stderr);
    // A note of an older tilecrawl (no options) is not refused for it.
    let old: String = note
        .lines()
        .filter(|l| !l.starts_with("options:"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(out.join("batch.yaml"), old).unwrap();
    let r = run(&[
        "batch", "--count", "2", "--dpi", "30", "--vtt", "--out", o, "--resume", "-q",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn force_leaves_the_folder_as_a_fresh_run_would_and_keeps_what_is_not_tilecrawls() {
    // A user's audit: `--force` with a smaller --count and no --vtt kept the
    // old VTT files and the folders past the new count, none of them in
    // the index.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("b");
    batch_ok(&out, &["--count", "4", "--dpi", "30", "--vtt"]);
    std::fs::write(out.join("4").join("notes.txt"), "mine").unwrap();
    let r = batch_ok(&out, &["--count", "2", "--dpi", "30", "--force"]);
    assert!(r.stderr.is_empty(), "--quiet: {}", r.stderr);
    let fresh = tmp.path().join("fresh");
    batch_ok(&fresh, &["--count", "2", "--dpi", "30"]);
    // Folder 4 holds a file of yours: it stays, whole.
    let mine = out.join("4");
    assert_eq!(read(&mine.join("notes.txt")), "mine");
    assert!(mine.join("scenario.yaml").is_file());
    std::fs::remove_dir_all(&mine).unwrap();
    assert!(!out.join("3").exists(), "a folder past --count is removed");
    assert_same_tree(&out, &fresh);
    // Without --quiet the folder left is named.
    std::fs::create_dir(out.join("7")).unwrap();
    std::fs::write(out.join("7").join("notes.txt"), "mine").unwrap();
    let r = run(&[
        "batch",
        "--count",
        "2",
        "--dpi",
        "30",
        "--force",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("warning: left 1 folder(s) the index does not list"),
        "{}",
        r.stderr
    );
    assert_eq!(read(&out.join("7").join("notes.txt")), "mine");
}
