//! Runs the real `tilecrawl` binary: outputs, determinism, `--force`, and one
//! clear `error:` line (exit 1, nothing written) for every kind of bad input.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tilecrawl::tileset::Cell;

/// Longest a single run of the binary may take before the test fails.
const TIMEOUT: Duration = Duration::from_secs(20);

/// What one run of the binary did.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `tilecrawl args…` in `cwd` (killed and failed after [`TIMEOUT`]).
fn run_in(cwd: &Path, args: &[&str]) -> Run {
    let child = Command::new(env!("CARGO_BIN_EXE_tilecrawl"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tilecrawl binary starts");
    let (code, stdout, stderr) = common::wait_with_output(child, args, TIMEOUT);
    Run {
        code: code.expect("tilecrawl was not killed by a signal"),
        stdout,
        stderr,
    }
}

/// Runs `tilecrawl args…` in a scratch folder.
fn run(args: &[&str]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    run_in(dir.path(), args)
}

fn p(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

/// Sorted names of the entries of a folder (empty if it does not exist).
fn names(dir: &Path) -> BTreeSet<String> {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => BTreeSet::new(),
    }
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Asserts `r` is a clean failure: exit 1, exactly one `error: ` line on
/// stderr that contains each of `needles`, and returns that line.
fn assert_one_error(r: &Run, needles: &[&str]) -> String {
    assert_eq!(r.code, 1, "expected exit code 1 (bad input), got {r:#?}");
    assert_eq!(
        r.stderr.lines().count(),
        1,
        "expected exactly one line on stderr, got {:?}",
        r.stderr
    );
    let line = r.stderr.lines().next().unwrap();
    assert!(
        line.starts_with("error: "),
        "stderr must start with `error: `: {line:?}"
    );
    assert!(!line.contains("panicked"), "{line}");
    for n in needles {
        assert!(line.contains(n), "error line should mention {n:?}: {line}");
    }
    line.to_string()
}

/// Asserts `r` is a clap usage error: exit 2 and stderr starting with `error:`.
/// Asserts `r` is bad usage: exit 2, one `error: ` line that contains each
/// of `needles` and then only clap's pointer to --help; returns that line.
fn assert_usage_line(r: &Run, needles: &[&str]) -> String {
    let r = common::Run {
        code: Some(r.code),
        stdout: r.stdout.clone(),
        stderr: r.stderr.clone(),
    };
    common::usage_error_line(&r, needles).unwrap_or_else(|e| panic!("{e}"))
}

fn assert_usage_error(r: &Run) {
    assert_eq!(r.code, 2, "expected clap's usage exit code 2, got {r:#?}");
    assert!(r.stderr.starts_with("error:"), "{:?}", r.stderr);
    assert!(!r.stderr.contains("panicked"), "{:?}", r.stderr);
}

/// Asserts nothing was written: `dir` does not exist or is empty.
fn assert_nothing_written(dir: &Path) {
    assert!(
        names(dir).is_empty(),
        "{} should be missing or empty, holds {:?}",
        dir.display(),
        names(dir)
    );
}

/// Generates seed 7 at `--dpi 30` into `dir` and returns the run.
fn generate_into(dir: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["generate", "--seed", "7", "--dpi", "30", "--out", p(dir)];
    args.extend_from_slice(extra);
    run(&args)
}

const OUTPUTS: [&str; 4] = ["scenario.yaml", "map.svg", "map.png", "setup.md"];

fn read(path: impl AsRef<Path>) -> Vec<u8> {
    let path = path.as_ref();
    std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

// ---------------------------------------------------------------- generate

#[test]
fn generate_writes_its_files_and_a_summary() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let r = run(&["generate", "--seed", "7", "--out", p(&out)]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert!(
        r.stderr.is_empty(),
        "nothing on stderr on success: {:?}",
        r.stderr
    );
    // Exactly the outputs: no `.tilecrawl-*.tmp` or other leftovers.
    assert_eq!(names(&out), set(&OUTPUTS));
    assert!(r.stdout.contains("seed 7"), "{}", r.stdout);
    assert!(r.stdout.contains("Central Chamber"), "{}", r.stdout);
    assert!(r.stdout.contains("WMT"), "{}", r.stdout);

    let yaml = String::from_utf8(read(out.join("scenario.yaml"))).unwrap();
    assert!(
        yaml.starts_with("format: tilecrawl-scenario/1\n"),
        "{}",
        &yaml[..60.min(yaml.len())]
    );
    let doc: yaml_serde::Value = yaml_serde::from_str(&yaml).unwrap();
    let map = doc.as_mapping().expect("scenario.yaml is a mapping");
    for key in [
        "format",
        "generator",
        "seed",
        "ruleset",
        "mission",
        "params",
        "square_mm",
        "size",
        "grid",
        "tiles",
        "connections",
        "entrance",
        "central_chamber",
        "chests",
        "wmts",
        "markers",
        "pools",
        "log",
    ] {
        assert!(map.contains_key(key), "scenario.yaml lacks `{key}`");
    }
    assert_eq!(doc["seed"].as_u64(), Some(7));

    let svg = String::from_utf8(read(out.join("map.svg"))).unwrap();
    assert!(svg.contains("<svg"), "map.svg is an SVG");
    let png = read(out.join("map.png"));
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "map.png is a PNG");
}

#[test]
fn same_seed_gives_byte_identical_files() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    assert_eq!(generate_into(&a, &[]).code, 0);
    assert_eq!(generate_into(&b, &[]).code, 0);
    for f in OUTPUTS {
        assert!(
            read(a.join(f)) == read(b.join(f)),
            "{f} differs between two runs of the same seed"
        );
    }
    // And a different seed really gives a different dungeon (the check above can fail).
    let c = tmp.path().join("c");
    let r = run(&["generate", "--seed", "8", "--dpi", "30", "--out", p(&c)]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert!(read(a.join("scenario.yaml")) != read(c.join("scenario.yaml")));
}

#[test]
fn second_generate_needs_force() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    assert_eq!(generate_into(&out, &[]).code, 0);
    let before: Vec<Vec<u8>> = OUTPUTS.iter().map(|f| read(out.join(f))).collect();

    // A different seed, so that a replaced file would show.
    let args = ["generate", "--seed", "8", "--dpi", "30", "--out", p(&out)];
    let r = run(&args);
    assert_one_error(&r, &["--force", "scenario.yaml"]);
    assert!(r.stdout.is_empty(), "{:?}", r.stdout);
    assert_eq!(names(&out), set(&OUTPUTS));
    for (f, old) in OUTPUTS.iter().zip(&before) {
        assert!(
            read(out.join(f)) == *old,
            "{f} was changed by a refused run"
        );
    }

    let mut forced = args.to_vec();
    forced.push("--force");
    let r = run(&forced);
    assert_eq!(r.code, 0, "{r:#?}");
    assert_eq!(names(&out), set(&OUTPUTS));
    let yaml = String::from_utf8(read(out.join("scenario.yaml"))).unwrap();
    assert!(
        yaml.contains("\nseed: 8\n"),
        "--force replaced the scenario"
    );
    for (f, old) in OUTPUTS.iter().zip(&before) {
        assert!(read(out.join(f)) != *old, "{f} was not replaced by --force");
    }
}

#[test]
fn failed_forced_generate_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    assert_eq!(generate_into(&out, &[]).code, 0);
    let before = [read(out.join("scenario.yaml")), read(out.join("map.svg"))];
    // map.png cannot be replaced: it is a folder now.
    std::fs::remove_file(out.join("map.png")).unwrap();
    std::fs::create_dir(out.join("map.png")).unwrap();
    let r = run(&[
        "generate",
        "--seed",
        "8",
        "--dpi",
        "30",
        "--out",
        p(&out),
        "--force",
    ]);
    assert_one_error(&r, &["map.png"]);
    assert_eq!(names(&out), set(&OUTPUTS), "no temporary files left");
    assert!(
        read(out.join("scenario.yaml")) == before[0] && read(out.join("map.svg")) == before[1],
        "a failed run left seed 8's scenario.yaml/map.svg beside seed 7's files"
    );
}

// ---------------------------------------------------------------- render

#[test]
fn render_redraws_the_same_maps() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    assert_eq!(generate_into(&out, &[]).code, 0);
    let (svg, png) = (read(out.join("map.svg")), read(out.join("map.png")));
    std::fs::remove_file(out.join("map.svg")).unwrap();
    std::fs::remove_file(out.join("map.png")).unwrap();

    let scenario = out.join("scenario.yaml");
    let r = run(&["render", p(&scenario), "--dpi", "30", "--force"]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert_eq!(
        names(&out),
        set(&OUTPUTS),
        "render writes beside the scenario, no leftovers"
    );
    assert!(
        read(out.join("map.svg")) == svg,
        "render's map.svg differs from generate's"
    );
    assert!(
        read(out.join("map.png")) == png,
        "render's map.png differs from generate's"
    );

    // Into another folder with --out; a second time needs --force there.
    let other = tmp.path().join("other");
    let r = run(&["render", p(&scenario), "--dpi", "30", "--out", p(&other)]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert_eq!(names(&other), set(&["map.svg", "map.png", "setup.md"]));
    assert!(read(other.join("map.svg")) == svg);
    let r = run(&["render", p(&scenario), "--dpi", "30", "--out", p(&other)]);
    assert_one_error(&r, &["--force"]);
}

#[test]
fn scenario_load_and_save_round_trips_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    assert_eq!(
        generate_into(&out, &["--markers", "--dressing", "--sets", "3"]).code,
        0
    );
    let path = out.join("scenario.yaml");
    let original = String::from_utf8(read(&path)).unwrap();
    let s = tilecrawl::mkd::scenario::load(&path).unwrap();
    let again = tilecrawl::mkd::scenario::to_yaml(&s);
    assert!(
        again == original,
        "loading and saving scenario.yaml changed its bytes"
    );

    // The re-saved file renders the same map as the original.
    let copy = tmp.path().join("copy");
    std::fs::create_dir(&copy).unwrap();
    std::fs::write(copy.join("scenario.yaml"), again).unwrap();
    let r = run(&[
        "render",
        p(&copy.join("scenario.yaml")),
        "--dpi",
        "30",
        "--force",
    ]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert!(read(copy.join("map.svg")) == read(out.join("map.svg")));
}

// ---------------------------------------------------------------- tileset command

#[test]
fn tileset_check_embedded_prints_ascii_tiles() {
    let r = run(&["tileset", "check"]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert!(r.stdout.contains("8 hallways, 16 chambers"), "{}", r.stdout);
    for id in ["H1", "H8", "C1", "C16"] {
        assert!(
            r.stdout.lines().any(|l| l.starts_with(&format!("{id} "))),
            "tile {id} listed"
        );
    }
    // Rows of cells as ASCII.
    assert!(
        r.stdout.lines().any(|l| l.trim_start().starts_with("#.#")),
        "{}",
        r.stdout
    );
    let last = r.stdout.lines().last().unwrap();
    assert!(last.starts_with("ok:"), "{last}");
}

/// The Pendraken set, a start for one's own 10 mm pieces, is printed too
/// (a user with only the binary had no copy of it), and reads back as the
/// set the name gives.
#[test]
fn tileset_default_prints_the_pendraken_set_as_embedded() {
    let r = run(&["tileset", "default", "pendraken-10mm"]);
    assert_eq!(r.code, 0, "{r:#?}");
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("pendraken.yaml");
    std::fs::write(&file, &r.stdout).unwrap();
    let mine = tilecrawl::tileset::load(&file).unwrap();
    let named = tilecrawl::tileset::load(std::path::Path::new("pendraken-10mm")).unwrap();
    assert_eq!(
        (mine.square_mm, mine.tiles.len(), &mine.name),
        (named.square_mm, named.tiles.len(), &named.name)
    );
    assert_eq!(mine.tiles, named.tiles);
    let r = run(&["tileset", "default", "lego"]);
    assert_eq!(r.code, 2, "{r:#?}");
    assert!(
        r.stderr
            .contains("[possible values: mkd-builder, pendraken-10mm]"),
        "{}",
        r.stderr
    );
}

#[test]
fn tileset_default_is_accepted_by_check() {
    let r = run(&["tileset", "default"]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert!(r.stdout.contains("format: tilecrawl-tileset/1"));
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("mine.yaml");
    std::fs::write(&file, &r.stdout).unwrap();
    let r = run(&["tileset", "check", p(&file)]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert!(
        r.stdout.contains("ok:") && r.stdout.contains("mine.yaml"),
        "{}",
        r.stdout
    );
    // And it generates the same dungeon as the embedded set (only the label differs).
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    assert_eq!(generate_into(&a, &[]).code, 0);
    assert_eq!(generate_into(&b, &["--tileset", p(&file)]).code, 0);
    let ya = String::from_utf8(read(a.join("scenario.yaml"))).unwrap();
    let yb = String::from_utf8(read(b.join("scenario.yaml"))).unwrap();
    assert_eq!(ya.replace("tileset: mkd-builder", "tileset: mine.yaml"), yb);
}

#[test]
fn generate_help_lists_every_option() {
    let r = run(&["generate", "--help"]);
    assert_eq!(r.code, 0, "{r:#?}");
    for opt in [
        "--seed",
        "--sets",
        "--hero-value",
        "--tileset",
        "--monsters",
        "--table",
        "--exit-dice",
        "--difficulty",
        "--markers",
        "--dressing",
        "--ruleset",
        "--mission",
        "--dpi",
        "--out",
        "--force",
    ] {
        assert!(
            r.stdout.contains(opt),
            "generate --help does not mention {opt}"
        );
    }
}

// ---------------------------------------------------------------- bad tile sets

/// A small valid tile set: one hallway and one chamber with a back face.
const SMALL: &str = "format: tilecrawl-tileset/1
name: small
tiles:
  - id: H1
    kind: hallway
    front: |
      #.#
      #.#
      #.#
  - id: C1
    kind: chamber
    front: |
      #.#
      ...
      #.#
    back: |
      #.#
      .,.
      #.#
";

/// Replaces `from` (which must occur) in [`SMALL`].
fn small_with(from: &str, to: &str) -> String {
    assert!(SMALL.contains(from), "fixture lacks {from:?}");
    SMALL.replacen(from, to, 1)
}

/// Writes `bytes` as a tile set and checks that both `tileset check` and
/// `generate --tileset` refuse it with one error line naming the file and
/// `needles`, and that generate writes nothing.
fn assert_bad_tileset(bytes: &[u8], needles: &[&str]) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("bad-tiles.yaml");
    std::fs::write(&file, bytes).unwrap();
    let mut all = vec!["bad-tiles.yaml"];
    all.extend_from_slice(needles);

    let checked = run(&["tileset", "check", p(&file)]);
    let line = assert_one_error(&checked, &all);
    assert!(checked.stdout.is_empty(), "{:?}", checked.stdout);

    let out = tmp.path().join("out");
    let r = run(&[
        "generate",
        "--seed",
        "1",
        "--tileset",
        p(&file),
        "--out",
        p(&out),
    ]);
    assert_one_error(&r, &all);
    assert_nothing_written(&out);
    assert_eq!(names(tmp.path()), set(&["bad-tiles.yaml"]));
    line
}

#[test]
fn small_fixture_is_valid() {
    // The bad-tile-set tests below edit this fixture; it must itself pass.
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("small.yaml");
    std::fs::write(&file, SMALL).unwrap();
    let r = run(&["tileset", "check", p(&file)]);
    // Well formed: every check passes, and only the set count is refused
    // (three tiles make no set of five).
    assert_eq!(r.code, 1, "{r:#?}");
    assert!(
        r.stderr
            .contains("the file is well formed, but its tiles cannot make one set"),
        "{r:#?}"
    );
}

#[test]
fn bad_tileset_empty_file() {
    assert_bad_tileset(b"", &["empty"]);
    assert_bad_tileset(b"  \n\n", &["empty"]);
}

#[test]
fn bad_tileset_not_yaml() {
    assert_bad_tileset(b": : :\n", &["no `format:` line"]);
    assert_bad_tileset(b"format: tilecrawl-tileset/1\n: : :\n", &["line 2"]);
    assert_bad_tileset(b"format: [unclosed\n", &["line"]);
}

#[test]
fn bad_tileset_not_utf8() {
    assert_bad_tileset(b"\xff\xfe\x00\x01\x89PNG binary\x00\x00", &["UTF-8"]);
    assert_bad_tileset(b"format: tilecrawl-tileset/1\nname: caf\xe9\n", &["UTF-8"]);
}

#[test]
fn bad_tileset_wrong_format_version() {
    let text = small_with("tilecrawl-tileset/1", "tilecrawl-tileset/2");
    assert_bad_tileset(
        text.as_bytes(),
        &["tilecrawl-tileset/2", "tilecrawl-tileset/1"],
    );
}

#[test]
fn bad_tileset_wrong_type() {
    let text = small_with("kind: hallway\n", "kind: hallway\n    copies: lots\n");
    assert_bad_tileset(text.as_bytes(), &["line 6", "copies", "lots"]);
}

#[test]
fn bad_tileset_missing_tiles() {
    assert_bad_tileset(
        b"format: tilecrawl-tileset/1\nname: nothing\n",
        &["missing field `tiles`"],
    );
}

#[test]
fn bad_tileset_unknown_key() {
    let text = small_with("name: small\n", "name: small\ncolour: red\n");
    assert_bad_tileset(text.as_bytes(), &["line 3", "colour"]);
    let text = small_with("    kind: chamber\n", "    kind: chamber\n    price: 3\n");
    assert_bad_tileset(text.as_bytes(), &["price"]);
}

#[test]
fn bad_tileset_ragged_rows() {
    let text = small_with("      #.#\n      ...\n", "      #.#\n      ..\n");
    assert_bad_tileset(text.as_bytes(), &["tile C1", "front face", "row 2"]);
}

#[test]
fn bad_tileset_unknown_cell_names_tile_face_row_and_column() {
    let text = small_with("      .,.\n", "      .,Q\n");
    let line = assert_bad_tileset(
        text.as_bytes(),
        &["tile C1", "back face", "row 2", "column 3", "'Q'"],
    );
    assert!(
        line.contains("tile C1, back face, row 2, column 3"),
        "{line}"
    );
}

#[test]
fn bad_tileset_faces_of_different_size() {
    let text = small_with(
        "    back: |\n      #.#\n      .,.\n      #.#\n",
        "    back: |\n      #.#\n      .,.\n",
    );
    assert_bad_tileset(text.as_bytes(), &["tile C1", "back face", "3×2", "3×3"]);
}

#[test]
fn bad_tileset_duplicate_id() {
    let text = small_with("id: C1", "id: H1");
    assert_bad_tileset(text.as_bytes(), &["tile H1", "duplicate id"]);
}

#[test]
fn bad_tileset_no_hallway() {
    let text = small_with("kind: hallway", "kind: chamber");
    assert_bad_tileset(text.as_bytes(), &["no hallway"]);
}

#[test]
fn bad_tileset_face_without_entryway() {
    let text = small_with(
        "      #.#\n      ...\n      #.#\n",
        "      ###\n      #.#\n      ###\n",
    );
    assert_bad_tileset(text.as_bytes(), &["tile C1", "front face", "no entryway"]);
}

/// "Billion laughs": nine levels of nine aliases each (9^9 strings if expanded).
fn alias_bomb(head: &str, tail: &str) -> String {
    let mut s = head.to_string();
    s.push_str("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    let levels = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    for w in levels.windows(2) {
        let items = vec![format!("*{}", w[0]); 9].join(",");
        s.push_str(&format!("{}: &{} [{items}]\n", w[1], w[1]));
    }
    s.push_str(tail);
    s
}

#[test]
fn bad_tileset_alias_bomb_fails_fast() {
    let start = Instant::now();
    // Anchors on keys of their own, the bomb used as the tile list.
    assert_bad_tileset(
        alias_bomb("format: tilecrawl-tileset/1\n", "tiles: *j\n").as_bytes(),
        &["line"],
    );
    // The anchors nested inside the tile list itself.
    let inner = alias_bomb("", "")
        .lines()
        .map(|l| format!("  - {}\n", l.split_once(": ").unwrap().1))
        .collect::<String>();
    let text = format!("format: tilecrawl-tileset/1\ntiles:\n{inner}  - *j\n");
    assert_bad_tileset(text.as_bytes(), &[]);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "alias bombs took {:?}",
        start.elapsed()
    );
}

#[test]
fn too_few_tiles_says_how_many_sets_fit() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let r = run(&["generate", "--seed", "1", "--sets", "9", "--out", p(&out)]);
    assert_one_error(
        &r,
        &[
            "9 set(s)",
            "8 hallway(s) and 16 chamber(s)",
            "enough for 4 set",
            "--sets 4",
        ],
    );
    assert_nothing_written(&out);

    // The same through a tile-set file of our own: 2 hallways and 8 chambers
    // are 10 tiles, two sets of 5.
    let mut text = SMALL.replacen(
        "    kind: hallway\n",
        "    kind: hallway\n    copies: 2\n",
        1,
    );
    text = text.replacen(
        "    kind: chamber\n",
        "    kind: chamber\n    copies: 8\n",
        1,
    );
    let file = tmp.path().join("two-sets.yaml");
    std::fs::write(&file, text).unwrap();
    let r = run(&[
        "generate",
        "--seed",
        "1",
        "--sets",
        "9",
        "--tileset",
        p(&file),
        "--out",
        p(&out),
    ]);
    assert_one_error(
        &r,
        &[
            "2 hallway(s) and 8 chamber(s)",
            "enough for 2 set",
            "--sets 2",
        ],
    );
    assert_nothing_written(&out);
}

#[test]
fn too_few_tiles_for_one_set_does_not_advise_sets_0() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("small.yaml");
    std::fs::write(&file, SMALL).unwrap();
    let out = tmp.path().join("out");
    let r = run(&[
        "generate",
        "--seed",
        "1",
        "--sets",
        "1",
        "--tileset",
        p(&file),
        "--out",
        p(&out),
    ]);
    let line = assert_one_error(&r, &["1 hallway(s) and 1 chamber(s)"]);
    assert!(
        !line.contains("--sets 0"),
        "advises an invalid value: {line}"
    );
    assert_nothing_written(&out);
}

// ---------------------------------------------------------------- bad scenarios

/// Writes `text` as the only file of a folder, runs `render` on it (which
/// would write beside it) and checks one error line naming the file and
/// `needles`, and that nothing else appeared in the folder.
fn assert_bad_scenario(bytes: &[u8], needles: &[&str]) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("bad-scenario.yaml");
    std::fs::write(&file, bytes).unwrap();
    let mut all = vec!["bad-scenario.yaml"];
    all.extend_from_slice(needles);
    let r = run(&["render", p(&file), "--dpi", "30"]);
    let line = assert_one_error(&r, &all);
    assert!(r.stdout.is_empty(), "{:?}", r.stdout);
    assert_eq!(
        names(tmp.path()),
        set(&["bad-scenario.yaml"]),
        "render wrote files beside a bad scenario"
    );
    // The same with an explicit output folder.
    let out = tmp.path().join("out");
    let r = run(&["render", p(&file), "--dpi", "30", "--out", p(&out)]);
    assert_one_error(&r, &all);
    assert_nothing_written(&out);
    line
}

/// A real scenario (seed 7, 2 sets) as text.
fn good_scenario() -> String {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let r = generate_into(&out, &[]);
    assert_eq!(r.code, 0, "{r:#?}");
    String::from_utf8(read(out.join("scenario.yaml"))).unwrap()
}

fn good_scenario_model() -> tilecrawl::mkd::scenario::Scenario {
    tilecrawl::mkd::scenario::from_yaml(&good_scenario(), "scenario.yaml").unwrap()
}

#[test]
fn bad_scenario_empty() {
    assert_bad_scenario(b"", &["empty"]);
}

#[test]
fn bad_scenario_not_yaml() {
    assert_bad_scenario(b": : :\n", &["no `format:` line"]);
    assert_bad_scenario(b"format: tilecrawl-scenario/1\n: : :\n", &["line 2"]);
    assert_bad_scenario(b"\xff\xd8\xff\xe0 binary", &["UTF-8"]);
    assert_bad_scenario(b"- just\n- a list\n", &["no `format:` line"]);
}

#[test]
fn bad_scenario_wrong_format_version() {
    let text = good_scenario().replacen("tilecrawl-scenario/1", "tilecrawl-scenario/2", 1);
    assert_bad_scenario(
        text.as_bytes(),
        &["format", "tilecrawl-scenario/2", "tilecrawl-scenario/1"],
    );
}

#[test]
fn bad_scenario_grid_row_of_wrong_length() {
    let mut doc: yaml_serde::Value = yaml_serde::from_str(&good_scenario()).unwrap();
    let row = doc["grid"][2].as_str().unwrap().to_string();
    let width = row.chars().count();
    doc["grid"][2] = yaml_serde::Value::String(row[1..].to_string());
    let text = yaml_serde::to_string(&doc).unwrap();
    let line = assert_bad_scenario(text.as_bytes(), &["grid[2]"]);
    assert!(
        line.contains(&format!("{}", width - 1)) && line.contains(&format!("{width}")),
        "{line}"
    );
}

#[test]
fn bad_scenario_chest_on_a_wall() {
    let mut s = good_scenario_model();
    let tile = s.game.chests[0].tile;
    let t = s.tiles[tile].clone();
    let (x, y) = (t.y..t.y + t.height as i32)
        .flat_map(|y| (t.x..t.x + t.width as i32).map(move |x| (x, y)))
        .find(|&(x, y)| t.covers(x, y) && s.cell(x, y) == Cell::Wall)
        .expect("the chest's tile has a wall square");
    s.game.chests[0].x = x;
    s.game.chests[0].y = y;
    let text = tilecrawl::mkd::scenario::to_yaml(&s);
    assert_bad_scenario(text.as_bytes(), &["chests[0]", &format!("{x},{y}"), "wall"]);
}

#[test]
fn bad_scenario_wmt_outside_the_grid() {
    let mut s = good_scenario_model();
    let x = s.size.width as i32 + 5;
    s.game.wmts[1].x = x;
    let text = tilecrawl::mkd::scenario::to_yaml(&s);
    assert_bad_scenario(text.as_bytes(), &["wmts[1]", "outside"]);
}

#[test]
fn bad_scenario_rotation_45() {
    let mut s = good_scenario_model();
    s.tiles[3].rotation = 45;
    let id = s.tiles[3].id.clone();
    let text = tilecrawl::mkd::scenario::to_yaml(&s);
    assert_bad_scenario(
        text.as_bytes(),
        &[&format!("tiles[3] ({id})"), "rotation is 45"],
    );
}

#[test]
fn bad_scenario_unknown_key() {
    let text = good_scenario().replacen("mission: quest\n", "mission: quest\ncolour: red\n", 1);
    assert_bad_scenario(text.as_bytes(), &["line 6", "colour"]);
    let text = good_scenario().replacen("  sets: 2\n", "  sets: 2\n  speed: fast\n", 1);
    assert_bad_scenario(text.as_bytes(), &["speed"]);
}

/// A scenario of a game tilecrawl does not know is refused by `render`,
/// `play` and `simulate` alike: one line naming the file and the ruleset,
/// exit 1, nothing written (it used to be played as MKD).
#[test]
fn a_scenario_of_an_unknown_game_is_refused_by_name() {
    let text = good_scenario().replacen("ruleset: mkd-adventure\n", "ruleset: chess\n", 1);
    assert!(text.contains("ruleset: chess"));
    let line = assert_bad_scenario(text.as_bytes(), &["ruleset: unknown ruleset `chess`"]);
    assert!(line.contains("expected one of: mkd-adventure"), "{line}");
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("chess.yaml");
    std::fs::write(&file, &text).unwrap();
    let save = tmp.path().join("save.yaml");
    for args in [
        vec!["play", p(&file), "--save", p(&save)],
        vec!["simulate", p(&file), "--runs", "3", "--quiet"],
    ] {
        let r = run(&args);
        assert_one_error(&r, &["chess.yaml", "ruleset: unknown ruleset `chess`"]);
        assert!(r.stdout.is_empty(), "{args:?}: {:?}", r.stdout);
    }
    assert!(!save.exists(), "play saved a game of an unknown ruleset");
}

#[test]
fn bad_scenario_alias_bomb_fails_fast() {
    let start = Instant::now();
    let inner = alias_bomb("", "")
        .lines()
        .map(|l| format!("  - {}\n", l.split_once(": ").unwrap().1))
        .collect::<String>();
    let text = good_scenario().replacen("markers: []\n", &format!("markers:\n{inner}  - *j\n"), 1);
    assert!(text.contains("*j"), "fixture has no empty markers list");
    assert_bad_scenario(text.as_bytes(), &["markers[0]"]);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "took {:?}",
        start.elapsed()
    );
}

// ---------------------------------------------------------------- bad monster lists

fn assert_bad_monsters(text: &str, needles: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("bad-monsters.yaml");
    std::fs::write(&file, text).unwrap();
    let out = tmp.path().join("out");
    let r = run(&[
        "generate",
        "--seed",
        "1",
        "--monsters",
        p(&file),
        "--out",
        p(&out),
    ]);
    let mut all = vec!["bad-monsters.yaml"];
    all.extend_from_slice(needles);
    assert_one_error(&r, &all);
    assert_nothing_written(&out);
}

#[test]
fn good_monster_list_is_used() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("mine.yaml");
    std::fs::write(
        &file,
        "format: tilecrawl-monsters/1\nname: Mine\nmonsters:\n  - {name: Orc, points: 20, count: 9, abilities: [Nimble]}\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let r = run(&[
        "generate",
        "--seed",
        "1",
        "--monsters",
        p(&file),
        "--out",
        p(&out),
        "--dpi",
        "30",
    ]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert_eq!(names(&out), set(&OUTPUTS));
}

#[test]
fn bad_monsters_points_zero() {
    assert_bad_monsters(
        "format: tilecrawl-monsters/1\nmonsters:\n  - {name: Orc, points: 0}\n",
        &["monsters[0] (Orc)", "points is 0"],
    );
}

#[test]
fn bad_monsters_unknown_ability() {
    assert_bad_monsters(
        "format: tilecrawl-monsters/1\nmonsters:\n  - {name: Orc, points: 5}\n  - {name: Imp, points: 5, abilities: [Flying]}\n",
        &["monsters[1] (Imp)", "unknown ability `Flying`"],
    );
}

// ---------------------------------------------------------------- bad flags

/// Runs generate with `flags` into a fresh folder and returns (run, folder guard, out).
fn generate_with(flags: &[&str]) -> (Run, tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut args = vec!["generate", "--seed", "1", "--out", p(&out)];
    args.extend_from_slice(flags);
    let r = run(&args);
    (r, tmp, out)
}

#[test]
fn bad_flag_sets_out_of_range() {
    for (n, needle) in [("0", "--sets is 0"), ("999", "--sets is 999")] {
        let (r, _tmp, out) = generate_with(&["--sets", n]);
        assert_usage_line(&r, &[needle, "1 to"]);
        assert_nothing_written(&out);
    }
}

#[test]
fn bad_flag_table() {
    let (r, _tmp, out) = generate_with(&["--table", "5x5"]);
    assert_one_error(&r, &["5×5", "--table"]);
    assert_nothing_written(&out);
    // A --table that is no size at all is bad usage.
    let (r, _tmp, out) = generate_with(&["--table", "banana"]);
    assert_usage_line(&r, &["--table", "banana", "WxH"]);
    assert_nothing_written(&out);
}

#[test]
fn bad_flags_rejected_by_clap_exit_2() {
    for flags in [
        &["--dpi", "0"][..],
        &["--exit-dice", "sometimes"],
        &["--hero-value", "-3"],
        &["--difficulty", "brutal"],
        &["--ruleset", "d20"],
        &["--seed", "seven"],
    ] {
        let (r, _tmp, out) = generate_with(flags);
        assert_usage_error(&r);
        assert_nothing_written(&out);
    }
    assert_usage_error(&run(&["frobnicate"]));
    // No subcommand: clap prints the help on stderr and exits 2.
    assert_eq!(run(&[]).code, 2);
}

#[test]
fn a_missing_argument_is_named_on_the_error_line() {
    // clap lists the missing arguments on lines of their own; the one
    // `error:` line names them. clap's usage block is left out (a user's
    // audit counted five lines for one mistake); the `--help` hint stays.
    let r = run(&["warparty", "new", "--seed", "1"]);
    assert_usage_error(&r);
    let first = r.stderr.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        "error: the following required arguments were not provided: --out <FILE>"
    );
    assert_eq!(
        r.stderr.lines().filter(|l| l.starts_with("error:")).count(),
        1
    );
    assert_eq!(
        r.stderr,
        "error: the following required arguments were not provided: --out <FILE>\n\nFor more information, try '--help'.\n"
    );
}

/// A war-party written to standard output keeps no seed in its file, so a
/// seed tilecrawl picked is said on standard error (as `party new` does),
/// and the party can be made again from it.
#[test]
fn a_war_party_on_standard_output_says_the_seed_it_was_made_from() {
    let r = run(&["warparty", "new", "--out", "-"]);
    assert_eq!(r.code, 0, "{r:?}");
    let seed: u64 = r
        .stderr
        .strip_prefix("seed ")
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no seed on stderr: {r:?}"));
    assert_eq!(
        r.stderr,
        format!("seed {seed} (repeat with --seed {seed})\n")
    );
    let again = run(&["warparty", "new", "--out", "-", "--seed", &seed.to_string()]);
    assert_eq!((again.code, again.stdout.as_str()), (0, r.stdout.as_str()));
    assert_eq!(again.stderr, "", "a seed given is not repeated back");
    let quiet = run(&["warparty", "new", "--out", "-", "-q"]);
    assert_eq!(quiet.stderr, "");
}

#[test]
fn missing_files_name_the_path() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("no-such-dir").join("nothing.yaml");
    let out = tmp.path().join("out");
    for args in [
        vec!["generate", "--tileset", p(&missing), "--out", p(&out)],
        vec!["generate", "--monsters", p(&missing), "--out", p(&out)],
        vec!["tileset", "check", p(&missing)],
        vec!["render", p(&missing), "--out", p(&out)],
    ] {
        let r = run(&args);
        assert_one_error(&r, &[p(&missing)]);
        assert_nothing_written(&out);
    }
}

#[test]
fn missing_tileset_error_states_the_cause_once() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("nothing.yaml");
    let r = run(&["tileset", "check", p(&missing)]);
    let line = assert_one_error(&r, &[p(&missing), "No such file"]);
    assert_eq!(line.matches("No such file").count(), 1, "{line}");
}

// ---------------------------------------------------------------- print pack

#[test]
fn print_writes_the_pdfs_and_cutouts() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let r = generate_into(&out, &["--print", "a4", "--style", "ink", "--cutouts"]);
    assert_eq!(r.code, 0, "{r:#?}");
    let mut expected: Vec<&str> = OUTPUTS.to_vec();
    expected.extend(["map.pdf", "setup.pdf", "cutouts.pdf"]);
    assert_eq!(names(&out), set(&expected));
    for pdf in ["map.pdf", "setup.pdf", "cutouts.pdf"] {
        assert!(
            read(out.join(pdf)).starts_with(b"%PDF-"),
            "{pdf} is not a PDF"
        );
    }
    // render re-prints on other paper, beside the scenario.
    let r = run(&[
        "render",
        p(&out.join("scenario.yaml")),
        "--dpi",
        "30",
        "--print",
        "letter",
        "--force",
    ]);
    assert_eq!(r.code, 0, "{r:#?}");
    assert!(
        r.stdout.contains("map.pdf") && r.stdout.contains("setup.pdf"),
        "{}",
        r.stdout
    );
}

#[test]
fn bad_print_options_are_one_line_errors() {
    let tmp = tempfile::tempdir().unwrap();
    // Options that need --print, or values out of range: bad usage.
    let cases: [(&[&str], &[&str]); 9] = [
        (&["--cutouts"], &["--cutouts", "--print"]),
        (&["--margin", "12"], &["--margin", "--print"]),
        (&["--overlap", "5"], &["--overlap", "--print"]),
        (&["--print", "letter", "--margin", "3"], &["--margin", "6"]),
        // The widest margin the help promises for each paper, and no more.
        (
            &["--print", "a4", "--margin", "46"],
            &["--margin", "at most 45 mm", "A4"],
        ),
        (
            &["--print", "letter", "--margin", "48"],
            &["--margin", "at most 47 mm"],
        ),
        (&["--print", "letter", "--overlap=-1"], &["--overlap"]),
        (&["--square", "banana"], &["--square", "unit"]),
        (&["--square", "1mm"], &["--square", "between 5 and 100 mm"]),
    ];
    for (i, (extra, needles)) in cases.iter().enumerate() {
        let out = tmp.path().join(format!("out{i}"));
        let r = generate_into(&out, extra);
        assert_usage_line(&r, needles);
        assert_nothing_written(&out);
    }
    // A style file that is not there is bad input.
    let out = tmp.path().join("style");
    let r = generate_into(&out, &["--style", "no-such-style.yaml"]);
    assert_one_error(&r, &["no-such-style.yaml"]);
    assert_nothing_written(&out);
    // --print takes only the papers it knows: a usage error.
    let out = tmp.path().join("paper");
    assert_usage_error(&generate_into(&out, &["--print", "a5"]));
    assert_nothing_written(&out);
}

#[test]
fn a_png_too_large_is_refused_with_advice_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    // 4 sets at 1200 DPI: far over 30,000 px a side.
    let r = run(&[
        "generate",
        "--seed",
        "7",
        "--sets",
        "4",
        "--dpi",
        "1200",
        "--out",
        p(&out),
    ]);
    let line = assert_one_error(&r, &["30,000", "--dpi"]);
    assert!(
        line.contains("--print letter|a4 makes PDFs"),
        "should point to the PDF pages: {line}"
    );
    assert_nothing_written(&out);
}

/// With `--print` given, the PNG-size error does not tell the user to add
/// it (the PNG is written either way): it says the PDFs do not depend on
/// the DPI, for a tile map and a board.
#[test]
fn a_png_too_large_with_print_does_not_suggest_print_again() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    for extra in [&["--sets", "4"][..], &["--ruleset", "dd-and-d"]] {
        let mut args = vec!["generate", "--seed", "7", "--dpi", "1200", "--print", "a4"];
        args.extend_from_slice(extra);
        args.extend(["--out", p(&out)]);
        let r = run(&args);
        let line = assert_one_error(&r, &["30,000", "lower --dpi", "DPI fits"]);
        assert!(
            line.contains("the PDFs of --print stay at 100 %") && !line.contains("letter|a4"),
            "{args:?}: should not suggest --print again: {line}"
        );
        assert_nothing_written(&out);
    }
}

/// A folder name the system allows but that is not UTF-8 is an `--out`
/// like any other (`generate` and `render` here; `batch` and `batch merge`
/// read theirs with the same parser).
#[cfg(unix)]
#[test]
fn an_out_folder_whose_name_is_not_utf8_is_written() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"map\xfe");
    let run_os = |args: &[&std::ffi::OsStr]| {
        let child = Command::new(env!("CARGO_BIN_EXE_tilecrawl"))
            .args(args)
            .current_dir(tmp.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the tilecrawl binary starts");
        let words: Vec<String> = args.iter().map(|a| a.to_string_lossy().into()).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        common::wait_with_output(child, &words, TIMEOUT)
    };
    let os = std::ffi::OsStr::new;
    let (code, _, err) = run_os(&[
        os("generate"),
        os("--seed"),
        os("7"),
        os("--out"),
        name,
        os("-q"),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(tmp.path().join(name).join("scenario.yaml").is_file());
    let other = std::ffi::OsStr::from_bytes(b"again\xfe");
    let scenario = tmp.path().join(name).join("scenario.yaml");
    let (code, _, err) = run_os(&[
        os("render"),
        scenario.as_os_str(),
        os("--out"),
        other,
        os("-q"),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(tmp.path().join(other).join("map.svg").is_file());
}
