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
