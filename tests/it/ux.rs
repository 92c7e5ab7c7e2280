//! The mistakes a user makes on the way to a printed map, a campaign's
//! next floor or a season of adventures, each answered by one `error:`
//! line that says what was meant: a number out of range said in words,
//! the folder `generate` wrote given where its scenario file is wanted, a
//! mistyped style or campaign name, an `--out` that is a file, an option
//! of another command.

use crate::common::{Run, one_error_line, run_in, run_ok, usage_error_line};
use std::path::Path;

fn run(cwd: &Path, args: &[&str]) -> Run {
    run_in(cwd, args)
}

#[test]
fn a_whole_number_out_of_range_is_refused_in_words() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (args, needle) in [
        (
            &["generate", "--dpi", "5"][..],
            "'5' for '--dpi <DPI>': 5 is out of range; expected a whole number from 10 to 1200",
        ),
        (
            &["batch", "--count", "0", "--out", "b"][..],
            "0 is out of range; expected a whole number, 1 or more",
        ),
        (
            &["simulate", "s.yaml", "--runs", "0"][..],
            "expected a whole number from 1 to 1000000",
        ),
        (
            &["generate", "--ruleset", "dd-and-d", "--locked-doors", "30"][..],
            "30 is out of range; expected a whole number from 0 to 20",
        ),
        (
            &["generate", "--vtt", "--vtt-grid", "ten"][..],
            "expected a whole number from 20 to 400",
        ),
        // No party is worth nothing, nor more than 12 heroes of 1000.
        (
            &["generate", "--hero-value", "0"][..],
            "'0' for '--hero-value <HERO_VALUE>': 0 is out of range; expected a whole number from 1 to 12000",
        ),
        (
            &[
                "batch",
                "--count",
                "1",
                "--out",
                "b",
                "--hero-value",
                "12001",
            ][..],
            "12001 is out of range; expected a whole number from 1 to 12000",
        ),
        (
            &[
                "batch",
                "--count",
                "2",
                "--out",
                "b",
                "--jobs",
                "99999999999999999999999",
            ][..],
            "the number is too large; expected a whole number from 1 to 1024",
        ),
    ] {
        let r = run(d, args);
        let line = usage_error_line(&r, &[needle]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        // Rust's range syntax is not what a player reads.
        assert!(!line.contains(".."), "{args:?}: {line}");
    }
}

#[test]
fn a_folder_given_for_a_scenario_is_pointed_at_its_file() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    run_ok(
        d,
        &["generate", "--seed", "7", "--dpi", "20", "--out", "g", "-q"],
    );
    run_ok(
        d,
        &[
            "generate",
            "--seed",
            "7",
            "--dpi",
            "20",
            "--floors",
            "2",
            "--sets-per-floor",
            "1",
            "--out",
            "f",
            "-q",
        ],
    );
    for (args, hint) in [
        (&["render", "g"][..], "tilecrawl render g/scenario.yaml"),
        (&["play", "g"][..], "tilecrawl play g/scenario.yaml"),
        (
            &["simulate", "g", "--runs", "1"][..],
            "tilecrawl simulate g/scenario.yaml",
        ),
        // A dungeon of floors: render draws a floor, play and simulate
        // take the dungeon.
        (
            &["render", "f"][..],
            "tilecrawl render f/floor-1/scenario.yaml",
        ),
        (&["play", "f"][..], "tilecrawl play f/dungeon.yaml"),
    ] {
        let r = run(d, args);
        one_error_line(
            &r,
            &[
                "is a folder, not a scenario file; give the file in it: ",
                hint,
            ],
        )
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
    // The hint is a command that works.
    run_ok(
        d,
        &["render", "g/scenario.yaml", "--dpi", "20", "--force", "-q"],
    );
    // A folder with no scenario in it is still just a folder.
    std::fs::create_dir(d.join("empty")).unwrap();
    let r = run(d, &["render", "empty"]);
    one_error_line(
        &r,
        &["empty: cannot read a scenario: is a folder, not a file"],
    )
    .unwrap();
}

#[test]
fn a_mistyped_style_names_the_styles_there_are() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let r = run(d, &["generate", "--style", "Ink", "--out", "x"]);
    one_error_line(
        &r,
        &["Ink: no style of that name and no such file; a style is `color`, `ink` or the path of a style file (did you mean `ink`?)"],
    )
    .unwrap();
    let r = run(d, &["generate", "--style", "sepia", "--out", "x"]);
    let line = one_error_line(&r, &["sepia: no style of that name"]).unwrap();
    assert!(!line.contains("did you mean"), "{line}");
    assert!(!d.join("x").exists(), "nothing is written");
}

#[test]
fn an_unknown_campaign_names_the_campaigns_there_are() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // No campaign at all: the advice to start one, as before.
    let r = run(d, &["campaign", "show", "Ironfall"]);
    let line = one_error_line(
        &r,
        &["no such campaign; start one with `tilecrawl campaign new Ironfall`"],
    )
    .unwrap();
    assert!(!line.contains("holds"), "{line}");
    run_ok(d, &["campaign", "new", "Ironfall", "--seed", "26", "-q"]);
    run_ok(d, &["campaign", "new", "Tower", "--seed", "5", "-q"]);
    for (args, meant) in [
        (
            &["campaign", "show", "ironfall"][..],
            " (did you mean Ironfall?)",
        ),
        (
            &["campaign", "next", "Ironfal"][..],
            " (did you mean Ironfall?)",
        ),
        (&["campaign", "town", "Towr"][..], " (did you mean Tower?)"),
        (&["campaign", "show", "Deep"][..], ""),
    ] {
        let r = run(d, args);
        let want = format!(
            "no such campaign; campaigns holds Ironfall, Tower{meant}; start one with `tilecrawl campaign new"
        );
        one_error_line(&r, &[&want]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
}

#[test]
fn an_out_folder_that_is_a_file_is_named_as_a_file() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("notes.txt"), "mine").unwrap();
    for args in [
        &["generate", "--dpi", "20", "--out", "notes.txt"][..],
        &["generate", "--dpi", "20", "--out", "notes.txt/7"][..],
        &[
            "batch",
            "--count",
            "1",
            "--only",
            "index",
            "--out",
            "notes.txt",
        ][..],
    ] {
        let r = run(d, args);
        one_error_line(
            &r,
            &["notes.txt is a file, not a folder; choose another --out folder"],
        )
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
    assert_eq!(
        std::fs::read_to_string(d.join("notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn a_mistyped_option_gets_one_line_and_no_dash_dash_advice() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // An option of another command: clap's tip to pass it as a value
    // after `--` only led astray, and it broke the one-line form.
    for (args, needle) in [
        (
            &["render", "s.yaml", "--sets", "3"][..],
            "unexpected argument '--sets' found",
        ),
        (
            &["play", "s.yaml", "--runs", "3"][..],
            "unexpected argument '--runs' found",
        ),
    ] {
        let r = run(d, args);
        let line = usage_error_line(&r, &[needle]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert!(!r.stderr.contains("'-- "), "{args:?}: {}", r.stderr);
        assert!(!line.contains("tip"), "{line}");
    }
    // A suggestion clap has joins the line.
    let r = run(d, &["simulate", "s.yaml", "--rns", "3"]);
    usage_error_line(
        &r,
        &["unexpected argument '--rns' found; a similar argument exists: '--runs'"],
    )
    .unwrap();
    let r = run(d, &["generate", "--ruleset", "dungeon-world"]);
    usage_error_line(&r, &["; a similar value exists: 'dungeon-world-10mm'"]).unwrap();
}

#[test]
fn a_party_for_a_dd_and_d_board_names_the_games_that_take_one() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    run_ok(
        d,
        &[
            "generate",
            "--ruleset",
            "dd-and-d",
            "--seed",
            "3",
            "--out",
            "b",
            "-q",
        ],
    );
    std::fs::write(d.join("p.yaml"), "format: tilecrawl-party/1\n").unwrap();
    let r = run(d, &["simulate", "b/scenario.yaml", "--party", "p.yaml"]);
    // --party works for both hero games; only --tables is MKD's alone.
    usage_error_line(
        &r,
        &[
            "--party is for MKD and dungeon-world-10mm scenarios",
            "--warparty and --opponent",
        ],
    )
    .unwrap();
}

#[test]
fn a_dd_and_d_scenario_is_named_in_any_case_and_with_spaces() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (typed, id) in [
        ("Ambush", "ambush"),
        ("Treasure Hunt", "treasure-hunt"),
        ("OBJECT_OF_POWER", "object-of-power"),
    ] {
        let out = format!("b-{id}");
        let args = ["generate", "--ruleset", "dd-and-d", "--scenario", typed];
        run_ok(
            d,
            &[&args[..], &["--seed", "3", "--out", &out, "-q"]].concat(),
        );
        let text = std::fs::read_to_string(d.join(&out).join("scenario.yaml")).unwrap();
        assert!(text.contains(&format!("scenario: {id}")), "{typed}: {text}");
    }
    // A name that is none of them is still refused, with the list.
    let r = run(
        d,
        &["generate", "--ruleset", "dd-and-d", "--scenario", "Ambsh"],
    );
    usage_error_line(&r, &["unknown scenario `Ambsh`", "treasure-hunt"]).unwrap();
}

#[test]
fn a_game_given_with_game_is_pointed_at_ruleset() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let all = "the game is chosen with --ruleset (mkd-adventure, dungeon-world-10mm, dd-and-d)";
    for (args, hint) in [
        (&["generate", "--game", "dd-and-d"][..], all),
        (&["generate", "--seed", "3", "--game=dd-and-d"][..], all),
        (
            &["batch", "--count", "2", "--game", "dd-and-d", "--out", "b"][..],
            all,
        ),
        // campaign new takes only the games with campaigns.
        (
            &["campaign", "new", "Iron", "--game", "dungeon-world-10mm"][..],
            "the game is chosen with --ruleset (mkd-adventure, dungeon-world-10mm)",
        ),
        (
            &["hireling", "--game", "wod-s"][..],
            "the game is chosen with --ruleset (wod-s, dw-srd)",
        ),
    ] {
        let r = run(d, args);
        let line = usage_error_line(&r, &["unexpected argument '--game", hint])
            .unwrap_or_else(|e| panic!("{args:?}: {e}"));
        // One pointer: no similar name of clap's beside it.
        assert!(!line.contains("similar"), "{args:?}: {line}");
    }
    // A command without --ruleset gets clap's words alone.
    let r = run(d, &["render", "s.yaml", "--game", "dd-and-d"]);
    let line = usage_error_line(&r, &["unexpected argument '--game' found"]).unwrap();
    assert!(!line.contains("--ruleset"), "{line}");
    assert!(!d.join("b").exists(), "nothing is written");
}

#[test]
fn a_batch_summary_says_where_the_adventures_are() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let out = run_ok(
        d,
        &["batch", "--count", "2", "--only", "yaml", "--out", "season"],
    );
    assert!(
        out.contains(
            "wrote 2 adventure(s) to season/<seed>/, one folder per seed, and season/index.csv, index.yaml, batch.yaml"
        ),
        "{out}"
    );
    assert!(d.join("season/1/scenario.yaml").exists());
    // With --only index there are no folders to name.
    let out = run_ok(
        d,
        &["batch", "--count", "2", "--only", "index", "--out", "study"],
    );
    assert!(
        out.contains(
            "indexed 2 adventure(s) with no folders of their own (--only index): wrote study/index.csv, index.yaml, batch.yaml"
        ),
        "{out}"
    );
}

#[test]
fn campaign_next_names_the_campaign_file_it_wrote() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (name, game) in [("Iron", "mkd-adventure"), ("Deep", "dungeon-world-10mm")] {
        run_ok(
            d,
            &[
                "campaign",
                "new",
                name,
                "--ruleset",
                game,
                "--seed",
                "3",
                "-q",
            ],
        );
        let out = run_ok(d, &["campaign", "next", name, "--dpi", "20"]);
        let wrote: Vec<&str> = out.lines().filter(|l| l.starts_with("wrote ")).collect();
        assert_eq!(wrote.len(), 1, "{game}: {out}");
        assert!(
            wrote[0].ends_with(&format!(", campaigns/{name}/campaign.yaml")),
            "{game}: {out}"
        );
    }
}
