//! Every YAML reader reads back what tilecrawl writes: strings that YAML 1.1
//! readers (PyYAML, ruamel) take for numbers, booleans, dates or merge keys
//! when plain — a tile id such as `1_000` — are quoted by the writer
//! (`yaml_emit`). Checked through yaml_serde (the crate tilecrawl reads
//! with) always, and through PyYAML when `python3` with PyYAML is installed
//! (`pip install pyyaml`); without it those tests print why and pass.

use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tilecrawl::core::yaml_emit;
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::scenario;
use tilecrawl::tileset;

/// The strings of `tests/data/yaml-forms.txt` (shared with the writer's own
/// tests): YAML 1.1 forms the writer must quote and near misses it leaves
/// plain, and the empty string.
fn strings() -> Vec<&'static str> {
    let mut out: Vec<&str> = include_str!("../data/yaml-forms.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('['))
        .collect();
    out.push("");
    out
}

/// Every string as a key, as a block value, inside a flow list and a flow
/// record, and in one long block list.
#[derive(Serialize)]
struct Doc<'a> {
    keys: BTreeMap<&'a str, Holder<'a>>,
    all: Vec<&'a str>,
}

#[derive(Serialize)]
struct Holder<'a> {
    value: &'a str,
    list: [&'a str; 2],
    record: BTreeMap<&'a str, &'a str>,
}

fn doc(strings: &[&'static str]) -> Doc<'static> {
    Doc {
        keys: strings
            .iter()
            .map(|&s| {
                (
                    s,
                    Holder {
                        value: s,
                        list: [s, "x"],
                        record: [(s, s)].into_iter().collect(),
                    },
                )
            })
            .collect(),
        all: strings.to_vec(),
    }
}

/// `text` read by PyYAML's `safe_load` (its YAML 1.1 resolver) as JSON, or
/// None (with the reason printed) where python3 or PyYAML is missing.
fn pyyaml(text: &str) -> Option<serde_json::Value> {
    const SCRIPT: &str = "import sys, json, yaml\n\
        json.dump(yaml.safe_load(sys.stdin.read()), sys.stdout, default=repr)\n";
    let probe = Command::new("python3")
        .args(["-c", "import yaml"])
        .stderr(Stdio::null())
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        eprintln!(
            "skipped: python3 with PyYAML not found (`pip install pyyaml` to run this check)"
        );
        return None;
    }
    let mut child = Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = text.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("python3 finishes");
    writer.join().unwrap().expect("the text reaches python3");
    assert!(
        out.status.success(),
        "PyYAML refused the text: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).expect("python3 printed JSON"))
}

/// `text` read by yaml_serde, as JSON.
fn yaml_serde(text: &str) -> serde_json::Value {
    yaml_serde::from_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn yaml_1_1_forms_read_back_through_yaml_serde() {
    let d = doc(&strings());
    let text = yaml_emit::to_string(&d, &yaml_emit::DocStyle::default()).unwrap();
    assert_eq!(
        yaml_serde(&text),
        serde_json::to_value(&d).unwrap(),
        "{text}"
    );
}

#[test]
fn yaml_1_1_forms_read_back_through_pyyaml() {
    let d = doc(&strings());
    let text = yaml_emit::to_string(&d, &yaml_emit::DocStyle::default()).unwrap();
    if let Some(read) = pyyaml(&text) {
        assert_eq!(read, serde_json::to_value(&d).unwrap(), "{text}");
    }
}

/// The embedded tile set with every id renamed to a YAML 1.1 look-alike.
fn awkward_tileset() -> tileset::TileSet {
    const IDS: [&str; 24] = [
        "1_000",
        "0x1f",
        "0o17",
        "0b101",
        "017",
        "1e5",
        "1.5",
        "2001-12-14",
        "yes",
        "No",
        "on",
        "OFF",
        "true",
        "null",
        "1_0",
        "0b1_0",
        "9_9",
        "1.2.3",
        "0_0",
        "-0x1",
        "NULL",
        "Yes",
        "1_000.5",
        "2001-1-2",
    ];
    let mut text = include_str!("../../templates/tilesets/mkd-builder.yaml").to_string();
    let old: Vec<String> = (1..=8)
        .map(|i| format!("H{i}"))
        .chain((1..=16).map(|i| format!("C{i}")))
        .collect();
    for (from, to) in old.iter().zip(IDS) {
        let (from, to) = (format!("id: {from} "), format!("id: '{to}' "));
        assert!(text.contains(&from), "{from}");
        text = text.replacen(&from, &to, 1);
    }
    tileset::parse(&text, "awkward.yaml").expect("the renamed set loads")
}

/// Scenarios on that tile set, and every YAML file of the golden folders:
/// PyYAML reads the same values as yaml_serde, and the scenarios load again.
#[test]
fn written_files_read_the_same_through_pyyaml() {
    let ts = awkward_tileset();
    let mut texts: Vec<(String, String)> = (1..=3)
        .map(|seed| {
            let p = GenerateParams {
                seed,
                tileset_label: "awkward.yaml".into(),
                ..GenerateParams::default()
            };
            let s = generate(&ts, &p).expect("the awkward set generates");
            let text = scenario::to_yaml(&s);
            assert_eq!(scenario::from_yaml(&text, "s.yaml").unwrap(), s);
            (format!("awkward seed {seed}"), text)
        })
        .collect();
    assert!(
        texts.iter().any(|(_, t)| t.contains("{id: '1_000',")),
        "a scenario should hold the tile 1_000"
    );
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut stack = vec![golden];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "yaml") {
                texts.push((shown(&path), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    for (name, text) in &texts {
        let Some(read) = pyyaml(text) else { return };
        assert_eq!(read, yaml_serde(text), "{name}: PyYAML reads other values");
    }
}

fn shown(p: &Path) -> String {
    p.display().to_string()
}
