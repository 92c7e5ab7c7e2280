//! The toolchain around the commands: shell completions, the manual page,
//! and the paper names `--print` takes.

use crate::common;
use std::path::Path;
use std::time::Duration;

const SUBCOMMANDS: [&str; 9] = [
    "generate",
    "render",
    "batch",
    "play",
    "simulate",
    "campaign",
    "tileset",
    "completions",
    "man",
];

fn run(cwd: &Path, args: &[&str]) -> common::Run {
    common::run_env(cwd, args, &[], Duration::from_secs(30))
}

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let r = run(dir.path(), &["completions", shell]);
        assert_eq!(r.code, Some(0), "{shell}: {r:#?}");
        assert!(r.stdout.len() > 1000, "{shell}: {} bytes", r.stdout.len());
        for sub in SUBCOMMANDS {
            assert!(r.stdout.contains(sub), "{shell}: {sub} missing");
        }
        assert!(r.stdout.contains("vtt-grid"), "{shell}: options missing");
    }
    let r = run(dir.path(), &["completions", "tcsh"]);
    assert_eq!(r.code, Some(2), "{r:#?}");
}

/// What the script of `shell` (written into `dir`) offers at a Tab after
/// `words` (the last one the word being typed), in the folder `dir/here`.
/// `None` where the shell is not installed (fish), with the reason printed.
fn offered(dir: &Path, shell: &str, words: &[&str]) -> Option<Vec<String>> {
    let script = dir.join(format!("c.{shell}"));
    if !script.exists() {
        let r = run(dir, &["completions", shell]);
        assert_eq!(r.code, Some(0), "{shell}: {r:#?}");
        std::fs::write(&script, &r.stdout).unwrap();
    }
    let line = words.join(" ");
    let mut cmd = match shell {
        // The script's function answers as it does at a Tab.
        "bash" => {
            let mut c = std::process::Command::new("bash");
            c.arg("-c")
                .arg(
                    r#"source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ));
                    _tilecrawl tilecrawl "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
                    printf '%s\n' "${COMPREPLY[@]}""#,
                )
                .arg("bash")
                .arg(&script)
                .args(words);
            c
        }
        _ => {
            let mut c = std::process::Command::new(shell);
            c.args(["--no-config", "-c"])
                .arg(format!("source {}; complete -C '{line}'", script.display()));
            c
        }
    };
    let out = match cmd.current_dir(dir.join("here")).output() {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("skipped: {shell} not found (install it to run this check)");
            return None;
        }
        Err(e) => panic!("{shell}: {e}"),
    };
    assert!(out.status.success(), "{shell} {line}: {out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    // fish writes each word's description after a tab.
    Some(
        text.lines()
            .filter(|l| !l.is_empty())
            .map(|l| l.split('\t').next().unwrap_or(l).to_string())
            .collect(),
    )
}

/// The options that take a fixed set of words offer them at a Tab:
/// `--print`'s papers, `--mission`'s missions, dd-and-d's `--scenario`,
/// `--style`'s built-in styles; each still takes what its words do not
/// list (a paper size, a style file), and fish and zsh offer style files
/// beside `color` and `ink` (bash falls back on them by itself).
#[test]
fn completions_offer_the_words_an_option_takes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("here")).unwrap();
    std::fs::write(dir.path().join("here/my-style.yaml"), "").unwrap();
    let bash = |words: &[&str]| offered(dir.path(), "bash", words).unwrap();
    assert_eq!(
        bash(&["tilecrawl", "generate", "--print", ""]),
        ["letter", "a4", "a3", "legal", "tabloid"]
    );
    assert_eq!(
        bash(&["tilecrawl", "party", "new", "--print", "le"]),
        ["letter", "legal"]
    );
    assert_eq!(
        bash(&["tilecrawl", "render", "x.yaml", "--style", ""]),
        ["color", "ink"]
    );
    assert_eq!(
        bash(&[
            "tilecrawl",
            "batch",
            "--ruleset",
            "dd-and-d",
            "--scenario",
            "t"
        ]),
        ["treasure-hunt"]
    );
    assert_eq!(
        bash(&["tilecrawl", "generate", "--scenario", ""])[0],
        "roll"
    );
    assert_eq!(
        bash(&["tilecrawl", "campaign", "next", "--mission", "rescue+"]),
        ["rescue+timed", "rescue+split-up", "rescue+timed+split-up"]
    );
    let missions = bash(&["tilecrawl", "generate", "--mission", ""]);
    assert_eq!(missions.len(), 18, "{missions:?}");
    for m in ["quest", "kidnapping+timed+split-up", "timed", "split-up"] {
        assert!(missions.iter().any(|x| x == m), "{m}: {missions:?}");
    }
    // Every word offered is one the option takes (clap reads the value
    // before it reaches --help).
    for m in &missions {
        let r = run(dir.path(), &["generate", "--mission", m, "--help"]);
        assert_eq!(r.code, Some(0), "{m}: {}", r.stderr);
    }
    assert_eq!(
        run(dir.path(), &["generate", "--mission", "rescue+x", "--help"]).code,
        Some(2)
    );
    if let Some(fish) = offered(
        dir.path(),
        "fish",
        &["tilecrawl", "generate", "--style", ""],
    ) {
        assert_eq!(fish, ["color", "ink", "my-style.yaml"]);
        let papers = offered(dir.path(), "fish", &["tilecrawl", "render", "--print", "a"]);
        assert_eq!(papers.unwrap(), ["a3", "a4"]);
    }
    let zsh = run(dir.path(), &["completions", "zsh"]).stdout;
    assert!(
        zsh.contains(
            r#":NAME|FILE: _alternative "styles\:style\:(color ink)" "files\:style file\:_files"'"#
        ),
        "zsh offers no style files beside color and ink"
    );
    assert!(zsh.contains(":PAPER:(letter a4 a3 legal tabloid)'"));
}

#[test]
fn the_manual_page_is_roff_with_every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(dir.path(), &["man"]);
    assert_eq!(r.code, Some(0), "{r:#?}");
    assert!(
        r.stdout.starts_with(".ie"),
        "{}",
        &r.stdout[..80.min(r.stdout.len())]
    );
    assert!(r.stdout.contains(".TH tilecrawl 1"));
    for sub in SUBCOMMANDS {
        assert!(r.stdout.contains(sub), "{sub} missing");
    }
    for sub in ["generate", "render", "batch", "play", "campaign", "tileset"] {
        assert!(
            r.stdout.contains(&format!(".TH tilecrawl-{sub} 1")),
            "no {sub} page"
        );
    }
    // Every page a SUBCOMMANDS section names is in the file, down to the
    // second level (`campaign next`, `warparty new`, `batch merge`), and
    // a page's synopsis is the command as typed.
    let pages: Vec<&str> = r
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix(".TH "))
        .filter_map(|l| l.split(' ').next())
        .collect();
    let named: Vec<String> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("tilecrawl\\-") && l.ends_with("(1)"))
        .map(|l| l.trim_end_matches("(1)").replace("\\-", "-"))
        .filter(|n| !n.ends_with("-help"))
        .collect();
    assert!(named.len() > 20, "{named:?}");
    for n in &named {
        assert!(pages.contains(&n.as_str()), "{n} is named but has no page");
    }
    for page in [
        "tilecrawl-campaign-next",
        "tilecrawl-warparty-new",
        "tilecrawl-batch-merge",
        "tilecrawl-party-new",
    ] {
        assert!(pages.contains(&page), "no {page} page");
    }
    assert!(
        r.stdout.contains("\\fBtilecrawl campaign next\\fR"),
        "the synopsis of campaign next"
    );
    // A subcommand's page lists the global options its --help shows.
    let generate = r
        .stdout
        .split(".TH ")
        .find(|p| p.starts_with("tilecrawl-generate "))
        .unwrap();
    assert!(
        generate.contains("\\-\\-color"),
        "no --color on the generate page"
    );
}

#[test]
fn print_takes_paper_names_in_any_case_and_custom_sizes() {
    let dir = tempfile::tempdir().unwrap();
    // The sizes themselves are measured in `export::paper`'s tests.
    for paper in ["A3", "Legal", "TABLOID", "300x300mm", "11x17in"] {
        let out = dir.path().join(paper);
        let r = run(
            dir.path(),
            &[
                "generate",
                "--seed",
                "2",
                "--dpi",
                "20",
                "--print",
                paper,
                "--out",
                out.to_str().unwrap(),
            ],
        );
        assert_eq!(r.code, Some(0), "{paper}: {r:#?}");
        let pdf = std::fs::read(out.join("map.pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF"), "{paper}");
    }
    let r = run(
        dir.path(),
        &["generate", "--seed", "2", "--print", "a5", "--out", "x"],
    );
    assert_eq!(r.code, Some(2), "{r:#?}");
    assert!(
        r.stderr.contains("a5") && r.stderr.contains("210x297mm"),
        "{}",
        r.stderr
    );
    assert!(!dir.path().join("x").exists());
}

/// Runs `tilecrawl args…` in `cwd` with `input` on standard input.
fn run_stdin(cwd: &Path, args: &[&str], input: &[u8]) -> common::Run {
    common::run_stdin(cwd, args, input, Duration::from_secs(30))
}

#[test]
fn a_dash_reads_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(d, &["generate", "--seed", "4", "--dpi", "20", "--out", "g"]);
    assert_eq!(r.code, Some(0), "{r:#?}");
    let scenario = std::fs::read(d.join("g/scenario.yaml")).unwrap();

    let r = run_stdin(d, &["render", "-", "--dpi", "20", "--out", "r"], &scenario);
    assert_eq!(r.code, Some(0), "{r:#?}");
    assert_eq!(
        std::fs::read(d.join("r/map.svg")).unwrap(),
        std::fs::read(d.join("g/map.svg")).unwrap()
    );
    // Without --out there is no folder to draw beside: bad usage.
    let r = run_stdin(d, &["render", "-"], &scenario);
    common::usage_error_line(&r, &["render -", "--out"]).unwrap();
    // A bad scenario on stdin is one error line naming <stdin>.
    let r = run_stdin(d, &["render", "-", "--out", "bad"], b"format: nonsense\n");
    common::one_error_line(&r, &["<stdin>"]).unwrap();
    assert!(!d.join("bad").exists());

    let tiles = run(d, &["tileset", "default"]).stdout;
    let r = run_stdin(d, &["tileset", "check", "-"], tiles.as_bytes());
    assert_eq!(r.code, Some(0), "{r:#?}");
    assert!(
        r.stdout.contains("ok: <stdin> is a valid tile set"),
        "{}",
        r.stdout
    );

    let r = run_stdin(
        d,
        &[
            "play",
            "g/scenario.yaml",
            "--script",
            "-",
            "--save",
            "s.yaml",
        ],
        b"status\n",
    );
    assert_eq!(r.code, Some(0), "{r:#?}");
    assert!(!r.stdout.is_empty());
}

#[test]
fn out_dash_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["generate", "--seed", "1", "--out", "-"][..],
        &["batch", "--count", "1", "--out", "-"],
        &["render", "x.yaml", "--out", "-"],
    ] {
        let r = run(dir.path(), args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:#?}");
        assert!(r.stderr.contains("not standard output"), "{}", r.stderr);
        assert!(!dir.path().join("-").exists());
    }
}

/// An empty `--out` is no folder and no file: refused as bad usage, where
/// `generate --out ""` once wrote into the current folder.
#[test]
fn an_empty_out_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["generate", "--seed", "1", "--out", ""][..],
        &["batch", "--count", "1", "--out", ""],
        &["batch", "merge", "a", "--out", ""],
        &["render", "x.yaml", "--out", ""],
        &["party", "new", "--seed", "1", "--out", ""],
        &["warparty", "new", "--seed", "1", "--out", ""],
    ] {
        let r = run(dir.path(), args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:#?}");
        let first = r.stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("error: ") && first.contains("--out"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(
            first.contains("expected a folder name, got an empty one")
                || first.contains("a value is required"),
            "{args:?}: {}",
            r.stderr
        );
        let written: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(written.is_empty(), "{args:?} wrote {written:?}");
    }
}

#[test]
fn the_error_line_is_coloured_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let bad = ["render", "missing.yaml"];
    let r = run(dir.path(), &bad);
    assert!(r.stderr.starts_with("error: "), "{:?}", r.stderr);
    let mut always = bad.to_vec();
    always.extend(["--color", "always"]);
    let r = common::run_env(
        dir.path(),
        &always,
        &[("NO_COLOR", "1")],
        Duration::from_secs(30),
    );
    assert_eq!(r.code, Some(1));
    assert!(
        r.stderr.starts_with("\x1b[1m\x1b[31merror:\x1b[0m "),
        "{:?}",
        r.stderr
    );
    let mut never = bad.to_vec();
    never.extend(["--color", "never"]);
    let r = run(dir.path(), &never);
    assert!(r.stderr.starts_with("error: "), "{:?}", r.stderr);
    let r = common::run_env(
        dir.path(),
        &bad,
        &[("NO_COLOR", "1")],
        Duration::from_secs(30),
    );
    assert!(r.stderr.starts_with("error: "), "{:?}", r.stderr);
}

#[test]
fn json_summaries_parse_and_carry_seeds_as_strings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let json = |args: &[&str]| -> serde_json::Value {
        let r = run(d, args);
        assert_eq!(r.code, Some(0), "{args:?}: {r:#?}");
        assert_eq!(r.stdout.lines().count(), 1, "{args:?}: one line");
        serde_json::from_str(&r.stdout).expect("the summary is JSON")
    };
    let g = json(&[
        "generate",
        "--seed",
        "18446744073709551615",
        "--dpi",
        "20",
        "--out",
        "g",
        "--json",
    ]);
    assert_eq!(g["seed"], "18446744073709551615");
    assert_eq!(g["floors"].as_array().unwrap().len(), 1);
    assert!(g["floors"][0]["tiles"].as_u64().unwrap() > 0);
    assert!(
        g["files"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f == "scenario.yaml")
    );
    let f = json(&[
        "generate", "--seed", "3", "--floors", "2", "--dpi", "20", "--out", "f", "--json",
    ]);
    assert_eq!(f["floors"].as_array().unwrap().len(), 2);
    assert!(f["floors"][1]["seed"].is_string());

    let t = json(&["tileset", "check", "--json"]);
    assert_eq!(t["valid"], true);
    assert!(t["chambers"].as_u64().unwrap() > 0);

    let r = run(d, &["campaign", "new", "J", "--seed", "9"]);
    assert_eq!(r.code, Some(0), "{r:#?}");
    let c = json(&["campaign", "show", "J", "--json"]);
    assert_eq!(c["seed"], "9");
    assert!(!c["heroes"].as_array().unwrap().is_empty());
    assert!(c["current"].is_null());

    // The other games' generate summaries too.
    let dw = json(&[
        "generate",
        "--ruleset",
        "dungeon-world-10mm",
        "--seed",
        "7",
        "--dpi",
        "20",
        "--out",
        "dw",
        "--json",
    ]);
    assert_eq!(dw["seed"], "7");
    assert_eq!(dw["ruleset"], "dungeon-world-10mm");
    let dd = json(&[
        "generate",
        "--ruleset",
        "dd-and-d",
        "--scenario",
        "ambush",
        "--seed",
        "7",
        "--dpi",
        "20",
        "--out",
        "dd",
        "--json",
    ]);
    assert_eq!(dd["seed"], "7");
    assert_eq!(dd["scenario"], "Ambush");
    let doors = ["plain", "locked", "secret"].map(|k| dd["doors"][k].as_u64().unwrap());
    let text = std::fs::read_to_string(d.join("dd/scenario.yaml")).unwrap();
    let tilecrawl::games::AnyScenario::Ddd(s) =
        tilecrawl::games::AnyScenario::from_yaml(&text, "scenario.yaml").unwrap()
    else {
        panic!("not a dd-and-d scenario")
    };
    assert_eq!(doors.iter().sum::<u64>(), s.game.doors.len() as u64);
    assert_eq!(
        doors[2],
        s.game.doors.iter().filter(|d| d.secret).count() as u64
    );
}

/// Every command a user types, down to the second level, has an example in
/// its `--help` (the README promises it). The commands are read from the
/// manual page's SUBCOMMANDS sections, so a new one cannot be missed.
#[test]
fn every_command_has_an_example_in_its_help() {
    let dir = tempfile::tempdir().unwrap();
    let man = run(dir.path(), &["man"]).stdout;
    let commands: Vec<Vec<String>> = man
        .lines()
        .filter(|l| l.starts_with("tilecrawl\\-") && l.ends_with("(1)"))
        .map(|l| l.trim_end_matches("(1)").replace("\\-", "-"))
        .filter(|n| !n.ends_with("-help"))
        .map(|n| n.split('-').skip(1).map(str::to_string).collect())
        .collect();
    assert!(commands.len() > 20, "{commands:?}");
    // A parent whose own use is its subcommands (`campaign`, `party`,
    // `warparty`, `tileset`) shows them; each leaf shows an example.
    let parents: Vec<&Vec<String>> = commands
        .iter()
        .filter(|c| {
            commands
                .iter()
                .any(|d| d.len() > c.len() && d.starts_with(c))
        })
        .collect();
    for c in &commands {
        if parents.contains(&c) && c[0] != "batch" {
            continue;
        }
        let mut args: Vec<&str> = c.iter().map(String::as_str).collect();
        args.push("--help");
        let r = run(dir.path(), &args);
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
        assert!(
            r.stdout.contains("Example"),
            "{args:?} has no example:\n{}",
            r.stdout
        );
    }
}
