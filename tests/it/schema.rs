//! JSON Schemas (issue 20): `schemas/` holds what the loaders' types give
//! today (`UPDATE_GOLDEN=1 cargo test --test it schema::` rewrites it after a
//! format change), every template and test file of a kind validates against
//! its schema with a real validator (boon), a file the loader refuses for
//! its shape fails it too, and `tilecrawl schema` prints them.

use crate::common::run_env;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tilecrawl::schema::{KINDS, Kind, to_json};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn schema_file(k: &Kind) -> PathBuf {
    root().join(format!("schemas/{}.schema.json", k.name))
}

/// A validator for kind `k`'s schema as `schemas/` ships it.
fn validator(k: &Kind) -> (boon::Schemas, boon::SchemaIndex) {
    let text = std::fs::read_to_string(schema_file(k)).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let url = format!("file:///schemas/{}.schema.json", k.name);
    let mut compiler = boon::Compiler::new();
    compiler.add_resource(&url, value).unwrap();
    let mut schemas = boon::Schemas::new();
    let index = compiler.compile(&url, &mut schemas).unwrap();
    (schemas, index)
}

/// Every YAML file under `dir`, sorted.
fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(p);
        }
    }
}

#[test]
fn the_shipped_schemas_are_what_the_types_give() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for k in &KINDS {
        let want = to_json(k);
        if update {
            std::fs::write(schema_file(k), &want).unwrap();
            continue;
        }
        let got = std::fs::read_to_string(schema_file(k)).unwrap_or_default();
        assert!(
            got == want,
            "schemas/{}.schema.json is not what the {} loader's types give: run `UPDATE_GOLDEN=1 cargo test --test it schema::`",
            k.name,
            k.what
        );
    }
}

#[test]
fn every_template_and_test_file_of_a_kind_validates() {
    let mut files = Vec::new();
    for dir in ["templates", "tests/data", "tests/golden"] {
        yaml_files(&root().join(dir), &mut files);
    }
    // No save is pinned: play one, a few turns of the hand game.
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let r = run_env(tmp.path(), args, &[], Duration::from_secs(120));
        assert_eq!(r.code, Some(0), "{args:?}: {r:?}");
    };
    run(&[
        "generate", "--seed", "11", "--dpi", "20", "--out", "s", "-q",
    ]);
    let script = root().join("tests/scripts/hand-seed11.txt");
    run(&[
        "play",
        "s/scenario.yaml",
        "--script",
        script.to_str().unwrap(),
        "--seed",
        "128",
        "--combat",
        "dice",
        "--save",
        "game.save",
        "-q",
    ]);
    files.push(tmp.path().join("game.save"));
    // No war-party is pinned either: make one.
    run(&["warparty", "new", "--seed", "3", "--out", "blue.yaml"]);
    files.push(tmp.path().join("blue.yaml"));
    // A Dungeon World 10 mm campaign with a game under way and a purchase.
    run(&[
        "campaign",
        "new",
        "Deep",
        "--ruleset",
        "dungeon-world-10mm",
        "--seed",
        "3",
        "-q",
    ]);
    run(&["campaign", "next", "Deep", "--dpi", "20", "-q"]);
    files.push(tmp.path().join("campaigns/Deep/campaign.yaml"));
    files.push(tmp.path().join("campaigns/Deep/scenario-1/party-1.yaml"));
    // Every template is of a kind with a schema: none is skipped below.
    for f in files
        .iter()
        .filter(|f| f.starts_with(root().join("templates")))
    {
        let text = std::fs::read_to_string(f).unwrap();
        let format = tilecrawl::core::yaml::format_of(&text);
        assert!(
            KINDS.iter().any(|k| Some(k.format) == format),
            "{}: format {format:?} has no schema",
            f.display()
        );
    }
    for k in &KINDS {
        let (schemas, index) = validator(k);
        let mut checked = 0;
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            if tilecrawl::core::yaml::format_of(&text) != Some(k.format) {
                continue;
            }
            let value: serde_json::Value = yaml_serde::from_str(&text).unwrap();
            if let Err(e) = schemas.validate(&value, index) {
                panic!("{} fails schemas/{}.schema.json: {e}", f.display(), k.name);
            }
            checked += 1;
        }
        assert!(checked > 0, "no file of kind {} was checked", k.name);
    }
}

#[test]
fn a_file_of_the_wrong_shape_fails_its_schema_as_it_fails_its_loader() {
    let party = |extra: &str| {
        format!(
            "format: tilecrawl-party/1\nteams:\n  - player: Ann\n    heroes:\n      - {{name: Ayla, value: 30, speed: 5, attacks: 3, armour: 4, wounds: 5{extra}}}\n"
        )
    };
    let k = tilecrawl::schema::kind("party").unwrap();
    let (schemas, index) = validator(k);
    let valid = |text: &str| {
        let v: serde_json::Value = yaml_serde::from_str(text).unwrap();
        schemas.validate(&v, index).is_ok()
    };
    assert!(valid(&party("")));
    assert!(tilecrawl::mkd::play::party::parse(&party(""), "p").is_ok());
    for bad in [", colour: red", ", value: ten", ", level: -1"] {
        let text = party(bad).replacen(", value: 30", "", usize::from(bad.contains("value")));
        assert!(!valid(&text), "the schema takes {bad:?}");
        assert!(
            tilecrawl::mkd::play::party::parse(&text, "p").is_err(),
            "the loader takes {bad:?}"
        );
    }
}

#[test]
fn tilecrawl_schema_prints_the_shipped_schema_or_the_list() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| run_env(tmp.path(), args, &[], Duration::from_secs(60));
    for k in &KINDS {
        let r = run(&["schema", k.name]);
        assert_eq!(r.code, Some(0), "{r:?}");
        assert_eq!(r.stdout, std::fs::read_to_string(schema_file(k)).unwrap());
    }
    let r = run(&["schema"]);
    for k in &KINDS {
        assert!(r.stdout.contains(k.format), "{}", r.stdout);
    }
    let r = run(&["schema", "nope"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("invalid value 'nope'"), "{}", r.stderr);
}

/// Whether `text` (YAML) validates against kind `name`'s shipped schema.
fn validates(name: &str, text: &str) -> bool {
    let (schemas, index) = validator(tilecrawl::schema::kind(name).unwrap());
    let v: serde_json::Value = yaml_serde::from_str(text).unwrap();
    schemas.validate(&v, index).is_ok()
}

#[test]
fn every_golden_scenario_and_template_table_and_style_is_checked() {
    // The walk above checks files by their `format:` line; make sure the
    // files these kinds are known by all carry it (so none is skipped).
    let mut files = Vec::new();
    yaml_files(&root().join("tests/golden"), &mut files);
    let scenarios: Vec<_> = files
        .iter()
        .filter(|f| f.file_name().is_some_and(|n| n == "scenario.yaml"))
        .collect();
    assert!(scenarios.len() >= 6, "{scenarios:?}");
    let mut games = std::collections::BTreeSet::new();
    for f in scenarios {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(validates("scenario", &text), "{}", f.display());
        games.insert(tilecrawl::scenario::read_ruleset(&text, "f").unwrap());
    }
    // Every game's scenarios are among them.
    assert_eq!(
        games.len(),
        tilecrawl::rules::RulesetId::ALL.len(),
        "{games:?}"
    );
    for (dir, kind) in [
        ("templates/tables", "tables"),
        ("templates/styles", "style"),
    ] {
        let mut files = Vec::new();
        yaml_files(&root().join(dir), &mut files);
        assert!(!files.is_empty(), "{dir}");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            assert!(validates(kind, &text), "{}", f.display());
        }
    }
}

#[test]
fn each_games_scenario_schema_names_its_loaders_keys() {
    use tilecrawl::scenario::GamePart;
    let games = [
        (
            tilecrawl::mkd::scenario::json_schema(),
            tilecrawl::mkd::scenario::MkdPart::KEYS,
        ),
        (
            tilecrawl::dw10::schema::json_schema(),
            tilecrawl::dw10::scenario::Dw10Part::KEYS,
        ),
        (
            tilecrawl::ddd::schema::json_schema(),
            tilecrawl::ddd::DddPart::KEYS,
        ),
    ];
    for (schema, keys) in games {
        let props: Vec<&str> = schema
            .get("properties")
            .and_then(|p| p.as_object())
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut keys: Vec<&str> = keys.to_vec();
        let mut got = props.clone();
        keys.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, keys, "the schema's keys are not the loader's");
        assert_eq!(
            schema.get("additionalProperties"),
            Some(&serde_json::Value::Bool(false))
        );
    }
}

#[test]
fn other_games_scenarios_and_war_parties_of_the_wrong_shape_fail_schema_and_loader() {
    let dw10 =
        std::fs::read_to_string(root().join("tests/golden/dw10/seed-7/scenario.yaml")).unwrap();
    let ddd = std::fs::read_to_string(root().join("tests/golden/ddd/seed-7-ambush/scenario.yaml"))
        .unwrap();
    for (good, bads) in [
        (
            &dw10,
            vec![
                // Another game's ruleset: the MKD or board schema does not fit.
                dw10.replacen("ruleset: dungeon-world-10mm", "ruleset: dd-and-d", 1),
                dw10.replacen("\nfeatures:", "\nfeaturez:", 1),
                dw10.replacen("{kind: trap,", "{kind: trapp,", 1),
                dw10.replacen("\nvictory: {", "\nvictory: {colour: red, ", 1),
            ],
        ),
        (
            &ddd,
            vec![
                ddd.replacen("ruleset: dd-and-d", "ruleset: mkd-adventure", 1),
                ddd.replacen("\nscenario: ", "\nscenario: skirmish-", 1),
                ddd.replacen("\ncounters:", "\ncounterz:", 1),
                ddd.replacen("\nparams: {", "\nparams: {colour: red, ", 1),
            ],
        ),
    ] {
        assert!(validates("scenario", good));
        assert!(tilecrawl::games::AnyScenario::from_yaml(good, "s").is_ok());
        for bad in bads {
            assert_ne!(&bad, good, "the edit did not apply");
            assert!(!validates("scenario", &bad), "the schema takes {bad:.300}");
            assert!(
                tilecrawl::games::AnyScenario::from_yaml(&bad, "s").is_err(),
                "the loader takes it"
            );
        }
    }

    let party = tilecrawl::ddd::warparty::to_yaml(&tilecrawl::ddd::warparty::new(3, "Blue"));
    assert!(validates("warparty", &party));
    for bad in [
        party.replacen("power: ", "power: d20, was: ", 1),
        party.replacen("\nmodels:", "\nmodelz:", 1),
        party.replacen("power: d", "power: e", 1),
    ] {
        assert_ne!(bad, party, "the edit did not apply");
        assert!(!validates("warparty", &bad), "the schema takes {bad:.300}");
        assert!(
            tilecrawl::ddd::warparty::parse(&bad, "w").is_err(),
            "the loader takes it"
        );
    }
}

/// A range that needs no other key (a user's audit: the descriptions said
/// "1 to 3" and "0, 90, 180 or 270" while the schema took any number) is
/// in the schema, so an editor flags what the loader would refuse.
#[test]
fn ranges_of_one_key_are_in_the_scenario_schema() {
    let mkd =
        std::fs::read_to_string(root().join("tests/golden/seed-7-two-sets/scenario.yaml")).unwrap();
    let dw10 = std::fs::read_to_string(root().join("tests/data/dw10/hand-edited.yaml")).unwrap();
    let edits: [(&str, &str, &str); 7] = [
        (&mkd, "rotation: 270,", "rotation: 45,"),
        (&mkd, "square_mm: 25.4", "square_mm: -5"),
        (&mkd, "level: 2, quest: true", "level: 9, quest: true"),
        (&mkd, "side: S, length: 1}", "side: S, length: 0}"),
        (&mkd, "  sets: 2\n", "  sets: 0\n"),
        (&dw10, "dm_kills: 5,", "dm_kills: 0,"),
        (&dw10, "number: 3}", "number: 4}"),
    ];
    for (good, from, to) in edits {
        assert!(good.contains(from), "no {from:?}");
        let bad = good.replacen(from, to, 1);
        assert!(!validates("scenario", &bad), "the schema takes {to:?}");
        assert!(
            tilecrawl::games::AnyScenario::from_yaml(&bad, "s").is_err(),
            "the loader takes {to:?}"
        );
    }
}

#[test]
fn scenarios_tables_and_styles_of_the_wrong_shape_fail_schema_and_loader() {
    let scenario =
        std::fs::read_to_string(root().join("tests/golden/seed-7-two-sets/scenario.yaml")).unwrap();
    assert!(validates("scenario", &scenario));
    assert!(tilecrawl::mkd::scenario::from_yaml(&scenario, "s").is_ok());
    for bad in [
        scenario.replacen("seed: ", "colour: red\nseed: ", 1),
        scenario.replacen("ruleset: mkd-adventure", "ruleset: 7", 1),
        scenario.replacen("\npools:", "\nspare:", 1),
    ] {
        assert!(!validates("scenario", &bad), "the schema takes it");
        assert!(
            tilecrawl::mkd::scenario::from_yaml(&bad, "s").is_err(),
            "the loader takes it"
        );
    }

    let tables =
        std::fs::read_to_string(root().join("templates/tables/mkd-adventure.yaml")).unwrap();
    assert!(validates("tables", &tables));
    assert!(tilecrawl::mkd::tables::parse(&tables, "t").is_ok());
    let bad_roll = tables.replacen("{roll: 1,", "{roll: 7,", 1);
    assert_ne!(bad_roll, tables);
    for bad in [bad_roll, tables.replacen("\nrules:", "\nrulez:", 1)] {
        assert!(!validates("tables", &bad), "the schema takes it");
        assert!(tilecrawl::mkd::tables::parse(&bad, "t").is_err());
    }

    let style = "format: tilecrawl-style/1\nbase: ink\n";
    assert!(validates("style", style));
    assert!(tilecrawl::export::style::parse(style, "s").is_ok());
    for bad in [
        "format: tilecrawl-style/1\nbase: ink\npaper: white\n",
        "format: tilecrawl-style/1\nbase: ink\npaper:\n",
        "format: tilecrawl-style/1\nbase: ink\nrock: {fill: {mode: dots, spacing_mm: 0.1}}\n",
        "format: tilecrawl-style/1\nbase: sepia\n",
        "format: tilecrawl-style/1\nbase: ink\nshadow: \"#000000\"\n",
    ] {
        assert!(!validates("style", bad), "the schema takes {bad:?}");
        assert!(
            tilecrawl::export::style::parse(bad, "s").is_err(),
            "the loader takes {bad:?}"
        );
    }
}

#[test]
fn a_yaml_language_server_first_line_is_read_as_a_comment() {
    let with_line = |kind: &str, path: &str| {
        let text = std::fs::read_to_string(root().join(path)).unwrap();
        format!("# yaml-language-server: $schema=../schemas/{kind}.schema.json\n{text}")
    };
    let t = with_line("tileset", "templates/tilesets/mkd-builder.yaml");
    tilecrawl::tileset::parse(&t, "t").unwrap();
    let p = with_line("party", "templates/parties/default.yaml");
    tilecrawl::mkd::play::party::parse(&p, "p").unwrap();
    let s = with_line("scenario", "tests/golden/seed-7-two-sets/scenario.yaml");
    tilecrawl::mkd::scenario::from_yaml(&s, "s").unwrap();
    let s = format!(
        "# yaml-language-server: $schema=https://example.org/scenario.schema.json\n{}",
        std::fs::read_to_string(root().join("tests/golden/seed-7-two-sets/scenario.yaml")).unwrap()
    );
    tilecrawl::mkd::scenario::from_yaml(&s, "s").unwrap();
    let m = with_line("tables", "templates/tables/mkd-adventure.yaml");
    tilecrawl::mkd::tables::parse(&m, "t").unwrap();
    let y = with_line("style", "templates/styles/ink.yaml");
    tilecrawl::export::style::parse(&y, "y").unwrap();
    let m = with_line("monsters", "templates/monsters/default.yaml");
    tilecrawl::mkd::monsters::parse(&m, "m").unwrap();
    // And through the command line, a scenario drawn from such a file.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("scenario.yaml"), &s).unwrap();
    let r = run_env(
        tmp.path(),
        &["render", "scenario.yaml", "--dpi", "20", "--out", "r", "-q"],
        &[],
        Duration::from_secs(120),
    );
    assert_eq!(r.code, Some(0), "{r:?}");
}

/// Every string of `description` in `v`, anywhere in the schema.
fn descriptions<'a>(v: &'a serde_json::Value, out: &mut Vec<&'a str>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("description", serde_json::Value::String(s)) => out.push(s),
                    _ => descriptions(x, out),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| descriptions(x, out)),
        _ => {}
    }
}

/// A user's audit: editors showed "Always [`FORMAT`]." — Rust doc links
/// read as noise outside rustdoc, so no description a schema ships holds one.
#[test]
fn no_shipped_schema_description_holds_a_rust_doc_link() {
    for k in &KINDS {
        let text = std::fs::read_to_string(schema_file(k)).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut all = Vec::new();
        descriptions(&value, &mut all);
        assert!(!all.is_empty(), "{}", k.name);
        for d in all {
            assert!(!d.contains("[`"), "schemas/{}.schema.json: {d:?}", k.name);
        }
    }
}

/// The `format` a kind's files must have, as its schema gives it: the
/// top-level `format`'s `const`, or each game's, for the scenario kind.
fn pinned_formats(value: &serde_json::Value) -> Vec<&serde_json::Value> {
    let mut objects = vec![value];
    if let Some(defs) = value.get("$defs").and_then(|d| d.as_object()) {
        // The scenario kind: any of one file schema per game.
        for alt in value
            .get("anyOf")
            .and_then(|a| a.as_array())
            .into_iter()
            .flatten()
        {
            let name = alt["$ref"].as_str().unwrap().trim_start_matches("#/$defs/");
            objects.push(&defs[name]);
        }
    }
    objects
        .into_iter()
        .filter_map(|o| o.get("properties"))
        .map(|p| &p["format"]["const"])
        .collect()
}

/// A user's audit: `format: tilecrawl-scenario/2` passed the schema though
/// the loader reads one format only. Every kind's `format` is now the one
/// its loader reads, and a file of the next version fails schema and loader.
#[test]
fn every_kinds_format_is_the_one_its_loader_reads() {
    for k in &KINDS {
        let text = std::fs::read_to_string(schema_file(k)).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let pinned = pinned_formats(&value);
        let want = if k.name == "scenario" { 3 } else { 1 };
        assert_eq!(pinned.len(), want, "{}", k.name);
        for p in pinned {
            assert_eq!(p.as_str(), Some(k.format), "{}", k.name);
        }
    }
    let read = |path: &str| std::fs::read_to_string(root().join(path)).unwrap();
    type Loads = fn(&str) -> bool;
    let files: [(&str, String, Loads); 9] = [
        (
            "scenario",
            read("tests/golden/seed-7-two-sets/scenario.yaml"),
            |t| tilecrawl::games::AnyScenario::from_yaml(t, "f").is_ok(),
        ),
        (
            "scenario",
            read("tests/golden/dw10/seed-7/scenario.yaml"),
            |t| tilecrawl::games::AnyScenario::from_yaml(t, "f").is_ok(),
        ),
        (
            "scenario",
            read("tests/golden/ddd/seed-7-ambush/scenario.yaml"),
            |t| tilecrawl::games::AnyScenario::from_yaml(t, "f").is_ok(),
        ),
        ("party", read("templates/parties/default.yaml"), |t| {
            tilecrawl::mkd::play::party::parse(t, "f").is_ok()
        }),
        (
            "tileset",
            read("templates/tilesets/mkd-builder.yaml"),
            |t| tilecrawl::tileset::parse(t, "f").is_ok(),
        ),
        ("style", read("templates/styles/ink.yaml"), |t| {
            tilecrawl::export::style::parse(t, "f").is_ok()
        }),
        ("tables", read("templates/tables/mkd-adventure.yaml"), |t| {
            tilecrawl::mkd::tables::parse(t, "f").is_ok()
        }),
        ("monsters", read("templates/monsters/default.yaml"), |t| {
            tilecrawl::mkd::monsters::parse(t, "f").is_ok()
        }),
        (
            "warparty",
            tilecrawl::ddd::warparty::to_yaml(&tilecrawl::ddd::warparty::new(3, "Blue")),
            |t| tilecrawl::ddd::warparty::from_yaml(t, "f").is_ok(),
        ),
    ];
    for (kind, good, loads) in files {
        let format = tilecrawl::schema::kind(kind).unwrap().format;
        assert!(validates(kind, &good), "{kind}");
        assert!(loads(&good), "{kind}");
        let next = format.replace("/1", "/2");
        let bad = good.replacen(&format!("format: {format}"), &format!("format: {next}"), 1);
        assert_ne!(bad, good, "{kind}: the edit did not apply");
        assert!(!validates(kind, &bad), "the {kind} schema takes {next}");
        assert!(!loads(&bad), "the {kind} loader takes {next}");
    }
}

/// Edits `good` by each `(from, to)` and checks that the schema of `kind`
/// and the loader agree on the result: both take it (`true`) or both refuse.
fn agree(kind: &str, good: &str, loads: fn(&str) -> bool, edits: &[(&str, &str, bool)]) {
    assert!(validates(kind, good), "{kind}: the file itself");
    assert!(loads(good), "{kind}: the file itself");
    for &(from, to, ok) in edits {
        assert!(good.contains(from), "{kind}: no {from:?}");
        let text = good.replacen(from, to, 1);
        assert_eq!(
            validates(kind, &text),
            ok,
            "{kind} schema, {from:?} → {to:?}"
        );
        assert_eq!(loads(&text), ok, "{kind} loader, {from:?} → {to:?}");
    }
}

/// A user's audit: the limits docs/src/limits.md lists and the loaders
/// hold (a table up to 2,000 squares, squares of 2–200 mm, squares on the
/// grid, party statistics 1–20, 1–8 teams, ten models numbered 1–10) were
/// missing from the schemas; the schema now refuses what the loader does,
/// and takes what it takes at the limits.
#[test]
fn the_loaders_limits_are_in_the_schemas() {
    let read = |path: &str| std::fs::read_to_string(root().join(path)).unwrap();
    let any = |t: &str| tilecrawl::games::AnyScenario::from_yaml(t, "s").is_ok();
    agree(
        "scenario",
        &read("tests/golden/seed-7-two-sets/scenario.yaml"),
        any,
        &[
            ("table: {width: 72,", "table: {width: 2000,", true),
            ("table: {width: 72,", "table: {width: 2001,", false),
            ("table: {width: 72,", "table: {width: 0,", false),
            ("square_mm: 25.4", "square_mm: 200", true),
            ("square_mm: 25.4", "square_mm: 200.5", false),
            ("square_mm: 25.4", "square_mm: 1.9", false),
            ("size: {width: 26,", "size: {width: 0,", false),
            ("table_offset: {x: 23,", "table_offset: {x: -1,", false),
            ("rotation: 270, x: ", "rotation: 270, x: -", false),
            ("\nchests:\n- {x: ", "\nchests:\n- {x: -", false),
        ],
    );
    agree(
        "scenario",
        &read("tests/golden/dw10/seed-7/scenario.yaml"),
        any,
        &[
            ("{kind: trap, x: 22,", "{kind: trap, x: -22,", false),
            ("start: {x: ", "start: {x: -", false),
        ],
    );
    agree(
        "scenario",
        &read("tests/golden/ddd/seed-7-ambush/scenario.yaml"),
        any,
        &[("square_mm: 25.4", "square_mm: 201", false)],
    );
    agree(
        "tileset",
        &read("templates/tilesets/mkd-builder.yaml"),
        |t| tilecrawl::tileset::parse(t, "t").is_ok(),
        &[
            ("square_mm: 25.4", "square_mm: 2", true),
            ("square_mm: 25.4", "square_mm: 1.5", false),
            ("square_mm: 25.4", "square_mm: 250", false),
        ],
    );
    // `n` teams of one hero each.
    let teams = |n: usize| {
        let team = |i: usize| {
            format!(
                "  - player: P{i}\n    heroes:\n      - {{name: H{i}, value: 10, speed: 4, attacks: 2, armour: 4, wounds: 2}}\n"
            )
        };
        let all: String = (0..n).map(team).collect();
        format!("format: tilecrawl-party/1\nteams:\n{all}")
    };
    let loads = |t: &str| tilecrawl::mkd::play::party::parse(t, "p").is_ok();
    for (n, ok) in [(0, false), (1, true), (8, true), (9, false)] {
        let text = teams(n).replace("teams:\n", if n == 0 { "teams: []\n" } else { "teams:\n" });
        assert_eq!(validates("party", &text), ok, "the schema, {n} teams");
        assert_eq!(loads(&text), ok, "the loader, {n} teams");
    }
    agree(
        "party",
        &read("templates/parties/default.yaml"),
        loads,
        &[
            ("speed: 5,", "speed: 20,", true),
            ("speed: 5,", "speed: 21,", false),
            ("wounds: 7,", "wounds: 0,", false),
            ("attacks: 4,", "attacks: 21,", false),
            ("armour: 4,", "armour: 7,", false),
            ("{dice: 3, range: 7}", "{dice: 3, range: 31}", false),
            ("value: 25,", "value: 1001,", false),
        ],
    );

    use tilecrawl::ddd::warparty::{MODELS, Warparty, from_yaml, new, to_yaml};
    type Edit = fn(&mut Warparty);
    let good = new(3, "Blue");
    assert_eq!(good.models.len(), MODELS);
    let edits: [(&str, Edit); 4] = [
        ("nine models", |w| {
            w.models.pop();
        }),
        ("eleven models", |w| {
            let mut m = w.models[0].clone();
            m.number = 11;
            w.models.push(m);
        }),
        ("a model numbered 11", |w| w.models[0].number = 11),
        ("a model numbered 0", |w| w.models[0].number = 0),
    ];
    assert!(validates("warparty", &to_yaml(&good)));
    for (what, edit) in edits {
        let mut w = good.clone();
        edit(&mut w);
        let text = to_yaml(&w);
        assert!(!validates("warparty", &text), "the schema takes {what}");
        assert!(from_yaml(&text, "w").is_err(), "the loader takes {what}");
    }
}

/// A user's audit: a Dungeon World 10 mm feature's options were free in the
/// schema, whatever its kind. Now each kind's rules are in it as the loader
/// has them: what a kind needs (not null), what it takes no value for, a
/// `what` from a fixed list, a secret door without a colour.
#[test]
fn dw10_feature_rules_by_kind_are_in_the_scenario_schema() {
    let good =
        std::fs::read_to_string(root().join("tests/golden/dw10/seed-7/scenario.yaml")).unwrap();
    let any = |t: &str| tilecrawl::games::AnyScenario::from_yaml(t, "s").is_ok();
    agree(
        "scenario",
        &good,
        any,
        &[
            // What a kind needs.
            (
                "{kind: chest, x: 22, y: 7, number: 3}",
                "{kind: chest, x: 22, y: 7}",
                false,
            ),
            (
                "{kind: chest, x: 22, y: 7, number: 3}",
                "{kind: chest, x: 22, y: 7, number: null}",
                false,
            ),
            (
                "{kind: door, x: 6, y: 14, side: W}",
                "{kind: door, x: 6, y: 14}",
                false,
            ),
            (
                "{kind: teleporter, x: 32, y: 9, active: true}",
                "{kind: teleporter, x: 32, y: 9, active: null}",
                false,
            ),
            (
                "{kind: key, x: 32, y: 7, colour: green}",
                "{kind: key, x: 32, y: 7}",
                false,
            ),
            (
                "{kind: staircase, x: 17, y: 9, colour: red}",
                "{kind: staircase, x: 17, y: 9}",
                false,
            ),
            (
                "{kind: spawn, x: 22, y: 5, what: well}",
                "{kind: spawn, x: 22, y: 5}",
                false,
            ),
            // What a kind takes no value for (null is no value).
            (
                "{kind: trap, x: 22, y: 6}",
                "{kind: trap, x: 22, y: 6, number: 1}",
                false,
            ),
            (
                "{kind: trap, x: 22, y: 6}",
                "{kind: trap, x: 22, y: 6, colour: red}",
                false,
            ),
            (
                "{kind: trap, x: 22, y: 6}",
                "{kind: trap, x: 22, y: 6, number: null}",
                true,
            ),
            (
                "{kind: chest, x: 22, y: 7, number: 3}",
                "{kind: chest, x: 22, y: 7, number: 3, side: N}",
                false,
            ),
            (
                "{kind: key, x: 32, y: 7, colour: green}",
                "{kind: key, x: 32, y: 7, colour: green, secret: false}",
                false,
            ),
            // A `what` from the fixed lists.
            ("what: table-and-chair}", "what: sofa}", false),
            ("what: table-and-chair}", "what: bed}", true),
            (
                "{kind: spawn, x: 22, y: 5, what: well}",
                "{kind: spawn, x: 22, y: 5, what: bed}",
                false,
            ),
            // A secret door takes no colour; a plain one may.
            (
                "side: E, colour: green}",
                "side: E, colour: green, secret: true}",
                false,
            ),
            (
                "side: E, colour: green}",
                "side: E, colour: green, secret: false}",
                true,
            ),
        ],
    );
}
