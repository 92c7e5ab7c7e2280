//! The `--help` pages: every example under an `Example:` or `Examples:`
//! heading runs as written, and the pages read as a user reads them (one
//! example under `Example:`, no rule-text line numbers, the global options
//! under their own heading).
//!
//! Each page is found by walking the `Commands:` lists of the binary's own
//! `--help`, so a command added later has its examples run too. A page's
//! examples run through `sh` (they use `>`, `&&` and `#` comments), one
//! after another in a scratch folder of the page's own, so a later example
//! may use what an earlier one wrote; the freshly built `tilecrawl` is
//! first on `PATH` and `HOME` is the scratch folder (see `docs::sh`). The
//! folder starts as a copy of one made by [`SETUP`]: the files the examples
//! take as the reader's own. Pages do not share one folder, as two pages'
//! examples may write the same `--out` (`batch` and `batch merge`) or
//! start the same campaign.

use crate::docs::{copy_tree, sh};
use std::path::{Path, PathBuf};

/// Files the examples take as the reader's own, which no example of their
/// page writes: made (or copied from `tests/data/docs/`, `$DOCS`) once, in
/// this order, into the folder each page's examples start from.
const SETUP: &[&str] = &[
    // The folders a home already has, for `completions` and `man`.
    "mkdir -p .local/share/bash-completion/completions .local/share/man/man1",
    // The reader's MKD party (a copy of the embedded one) and tiles.
    "cp \"$DOCS/my-party.yaml\" \"$DOCS/my-tiles.yaml\" .",
    // `play dw/scenario.yaml --party dw-party.yaml`.
    "tilecrawl generate --ruleset dungeon-world-10mm --seed 7 --out dw -q",
    "tilecrawl party new --for dungeon-world-10mm --seed 9 --out dw-party/party.yaml -q && cp dw-party/party.yaml dw-party.yaml",
    // `play dd/scenario.yaml --ai none` and `warparty advance`'s `play
    // board/scenario.yaml`.
    "tilecrawl generate --ruleset dd-and-d --seed 3 --out dd -q",
    "tilecrawl generate --ruleset dd-and-d --seed 3 --out board -q",
    // `batch merge s1 s2 s3`: the three shards of one batch.
    "for i in 1 2 3; do tilecrawl batch --count 6 --shard $i/3 --only index --out s$i -q || exit 1; done",
];

/// The first page's example, `generate --seed 7`.
const SEVEN: &str = "tilecrawl generate --seed 7 -q";

/// What one page's examples need that an earlier page's examples write:
/// (page, commands run first in its folder).
const PAGE_SETUP: &[(&str, &[&str])] = &[
    // The dungeon of the first page's example (which that page's own
    // example would refuse to replace).
    ("tilecrawl render", &[SEVEN]),
    ("tilecrawl simulate", &[SEVEN]),
    // The reader's MKD party, not in every folder: `party new --out
    // party.yaml` refuses to replace it.
    ("tilecrawl play", &[SEVEN, "cp \"$DOCS/party.yaml\" ."]),
    (
        "tilecrawl campaign next",
        &["tilecrawl campaign new Ironfall -q"],
    ),
    (
        "tilecrawl campaign show",
        &["tilecrawl campaign new Ironfall -q"],
    ),
    (
        "tilecrawl warparty check",
        &["tilecrawl warparty new --seed 3 --out blue.yaml -q"],
    ),
    (
        "tilecrawl warparty advance",
        &["tilecrawl warparty new --seed 3 --out blue.yaml -q"],
    ),
    // An MKD campaign's second adventure played to its end (Marrow, Brannoc
    // and Sella fell), by the pinned campaign's seed and scripts (`campaign
    // new`'s example's seed); a Dungeon World 10 mm campaign's first
    // scenario under way (played by [`PAGE_GAMES`]). (Its example buys
    // nothing: the shop's goods cost 50 to 3000 gold, more than a first
    // game may bring back.)
    (
        "tilecrawl campaign town",
        &[
            "tilecrawl campaign new Ironfall --party my-party.yaml --seed 26 -q",
            "tilecrawl campaign next Ironfall -q",
            "A=campaigns/Ironfall/adventure-1; tilecrawl play $A/scenario.yaml --party $A/party.yaml --save $A/game.save --combat dice --script \"$SCRIPTS/campaign-adventure-1.txt\" -q >/dev/null",
            "tilecrawl campaign town Ironfall --buy 1 -q",
            "tilecrawl campaign next Ironfall -q",
            "A=campaigns/Ironfall/adventure-2; tilecrawl play $A/scenario.yaml --party $A/party.yaml --save $A/game.save --combat dice --script \"$SCRIPTS/campaign-adventure-2.txt\" -q >/dev/null",
            "tilecrawl campaign new Deepdelve --ruleset dungeon-world-10mm --seed 3 -q",
            "tilecrawl campaign next Deepdelve -q",
        ],
    ),
];

/// What prepares a scratch folder for a page's examples.
type Prepare = fn(&Path);
/// What a reader types, made from the scratch folder.
type Typed = fn(&Path) -> String;

/// Games a page's examples take as played to their end by the reader,
/// played after the page's [`PAGE_SETUP`]: (page, what plays them).
const PAGE_GAMES: &[(&str, Prepare)] = &[("tilecrawl campaign town", |d| {
    // The automatic heroes' game, saved where the campaign looks.
    crate::dw10_campaign::autoplay(d, "Deepdelve");
})];

/// The `play` of a board that `warparty advance` reads the save of.
const PLAY_BOARD: &str =
    "tilecrawl play board/scenario.yaml --warparty blue.yaml --advanced --save game.yaml";

/// Examples that read a game's commands from the terminal: (the example,
/// what the reader types, made from the folder as it is just before it
/// runs). The test types it on standard input.
const TYPED: &[(&str, Typed)] = &[(PLAY_BOARD, blue_to_the_end)];

/// Blue's commands to the end of [`PLAY_BOARD`]'s game, as the policy
/// plays them (Red is `play`'s default opponent, `warparty new --seed 2`'s).
fn blue_to_the_end(d: &Path) -> String {
    use tilecrawl::ddd::warparty;
    let text = std::fs::read_to_string(d.join("board/scenario.yaml")).unwrap();
    let s: tilecrawl::ddd::DddScenario =
        tilecrawl::scenario::from_yaml(&text, "board/scenario.yaml").unwrap();
    let blue = warparty::load(&d.join("blue.yaml")).unwrap();
    crate::common::ddd_policy_script_of(s, blue, warparty::new(2, "Red"), None)
}

/// Examples run with a smaller count than written, to keep the test short:
/// (the text as written, what it becomes). Each still runs the same options.
const SMALLER: &[(&str, &str)] = &[
    (
        "tilecrawl batch --count 50 --out deep --filter 'depth>=4'",
        "tilecrawl batch --count 3 --out deep --filter 'depth>=4'",
    ),
    (
        "tilecrawl batch --ruleset dungeon-world-10mm --count 20 --simulate 100 --filter 'win_rate>=0.4' --filter 'win_rate<=0.7' --out dw-season",
        "tilecrawl batch --ruleset dungeon-world-10mm --count 1 --simulate 50 --filter 'win_rate>=0.4' --filter 'win_rate<=0.7' --out dw-season",
    ),
    (
        "tilecrawl batch --ruleset dd-and-d --scenario battle --count 10 --simulate 50 --filter 'blue_win_rate>=0.4' --filter 'blue_win_rate<=0.6' --out even-boards",
        "tilecrawl batch --ruleset dd-and-d --scenario battle --count 1 --simulate 50 --filter 'blue_win_rate>=0.4' --filter 'blue_win_rate<=0.6' --out even-boards",
    ),
];

/// Examples not run, each with why.
const SKIPPED: &[(&str, &str)] = &[];

/// A page's `Commands:` list: the names of its subcommands (`help` left out).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(String::from)
        .collect()
}

/// Every `--help` page, root first, each by its command's words.
fn pages() -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    let mut todo = vec![String::new()];
    while let Some(words) = todo.pop() {
        let mut args: Vec<&str> = words.split_whitespace().collect();
        args.push("--help");
        let help = crate::common::run_ok(dir.path(), &args);
        let subs = subcommands(&help);
        // Depth first, in the order the page lists them.
        for s in subs.iter().rev() {
            todo.push(format!("{words} {s}").trim().to_string());
        }
        out.push((format!("tilecrawl {words}").trim().to_string(), help));
    }
    assert!(out.len() > 25, "only {} help pages", out.len());
    out
}

/// The examples of a page: each `Example…` heading and the indented lines
/// under it.
fn example_blocks(help: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks: Vec<(String, Vec<String>)> = Vec::new();
    let mut open = false;
    for l in help.lines() {
        if l.starts_with("Example") {
            blocks.push((l.to_string(), Vec::new()));
            open = true;
        } else if open && l.starts_with("  ") {
            blocks.last_mut().unwrap().1.push(l.trim().to_string());
        } else if !l.trim().is_empty() {
            open = false;
        }
    }
    blocks
}

/// The command lines of a block (a `cp` beside them is not tilecrawl's).
fn commands(lines: &[String]) -> impl Iterator<Item = &String> {
    lines.iter().filter(|l| l.starts_with("tilecrawl "))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `cmd` in `dir` with `$DOCS` the reader's files and `$SCRIPTS` the
/// tests' play scripts; the failure, if any.
fn run(dir: &Path, cmd: &str, what: &str) -> Option<String> {
    let docs = root().join("tests/data/docs");
    let scripts = root().join("tests/scripts");
    let line = format!(
        "DOCS='{}'; SCRIPTS='{}'; {cmd}",
        docs.display(),
        scripts.display()
    );
    let (code, out) = sh(dir, &line);
    (code != Some(0)).then(|| {
        format!(
            "{what}: `{cmd}` exited with {code:?}: {}",
            // Its `error:` line, else its last.
            out.lines()
                .find(|l| l.starts_with("error:"))
                .or(out.lines().last())
                .unwrap_or("")
        )
    })
}

#[test]
fn every_help_example_runs_as_written() {
    let base = tempfile::tempdir().unwrap();
    for cmd in SETUP {
        if let Some(f) = run(base.path(), cmd, "setup") {
            panic!("{f}");
        }
    }
    let mut failures = Vec::new();
    let mut ran = 0;
    let mut used = Vec::new();
    for (page, help) in pages() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        copy_tree(base.path(), d);
        for (p, cmds) in PAGE_SETUP {
            if *p == page {
                used.push(p.to_string());
                for cmd in *cmds {
                    if let Some(f) = run(d, cmd, &format!("{page}: setup")) {
                        panic!("{f}");
                    }
                }
            }
        }
        for (p, play) in PAGE_GAMES {
            if *p == page {
                used.push(p.to_string());
                play(d);
            }
        }
        for (_, lines) in example_blocks(&help) {
            for cmd in commands(&lines) {
                if let Some((_, why)) = SKIPPED.iter().find(|(c, _)| c == cmd) {
                    assert!(!why.is_empty());
                    used.push(cmd.clone());
                    continue;
                }
                let mut cmd = match SMALLER.iter().find(|(c, _)| c == cmd) {
                    Some((c, smaller)) => {
                        used.push(c.to_string());
                        smaller.to_string()
                    }
                    None => cmd.clone(),
                };
                // Its commands typed on standard input (the line break
                // ends a `#` comment of the example).
                let typed = tempfile::NamedTempFile::new().unwrap();
                if let Some((c, commands)) = TYPED.iter().find(|(c, _)| *c == cmd) {
                    used.push(c.to_string());
                    std::fs::write(typed.path(), commands(d)).unwrap();
                    cmd = format!("{{ {cmd}\n}} < '{}'", typed.path().display());
                }
                failures.extend(run(d, &cmd, &format!("{page} --help")));
                ran += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran > 30, "only {ran} examples ran");
    // Every entry of the lists is a page or an example still there.
    let listed = SKIPPED.iter().chain(SMALLER).map(|(c, _)| *c);
    let pages = PAGE_SETUP.iter().map(|(p, _)| *p);
    let games = PAGE_GAMES.iter().map(|(p, _)| *p);
    let typed = TYPED.iter().map(|(c, _)| *c);
    for c in listed.chain(pages).chain(games).chain(typed) {
        assert!(used.iter().any(|u| u == c), "no help shows `{c}` any more");
    }
}

#[test]
fn a_page_says_examples_when_it_shows_several() {
    let mut bad = Vec::new();
    for (page, help) in pages() {
        for (heading, lines) in example_blocks(&help) {
            let several = lines.len() > 1;
            if several != heading.starts_with("Examples") {
                bad.push(format!("{page}: {heading:?} over {} line(s)", lines.len()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn no_help_page_quotes_a_rule_text_line_number() {
    let mut bad = Vec::new();
    for (page, help) in pages() {
        for l in help.lines() {
            // `L146`, `(L827-831)`: a line of the rule text.
            let quotes = l.match_indices('L').any(|(i, _)| {
                let before = l[..i].chars().last();
                let after = l[i + 1..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric())
                    && after.is_some_and(|c| c.is_ascii_digit())
            });
            if quotes {
                bad.push(format!("{page}: {}", l.trim()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_global_options_come_after_a_command_s_own() {
    let mut checked = 0;
    for (page, help) in pages() {
        let Some(global) = help.find("\nGlobal options:\n") else {
            panic!("{page}: no `Global options:` heading:\n{help}");
        };
        // --color is listed there, and only there.
        let color = help.find("--color").expect("--color is listed");
        assert!(
            color > global,
            "{page}: --color before its heading:\n{help}"
        );
        assert_eq!(help.matches("--color <WHEN>").count(), 1, "{page}");
        // A command's own options come first.
        if let Some(own) = help.find("\nOptions:\n") {
            assert!(own < global, "{page}: its options after the global ones");
        }
        checked += 1;
    }
    assert!(checked > 25);
}

#[test]
fn examples_are_read_from_under_their_heading() {
    let help = "Usage: tilecrawl x\n\nOptions:\n  -q  quiet\n\nExamples:\n  tilecrawl x a    # note\n  cp a b\n\nStart here: tilecrawl x\n";
    let blocks = example_blocks(help);
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].0, "Examples:");
    assert_eq!(
        commands(&blocks[0].1).collect::<Vec<_>>(),
        ["tilecrawl x a    # note"]
    );
    let root = "Commands:\n  generate  Build\n            more\n  help      Print\n\nOptions:\n";
    assert_eq!(subcommands(root), ["generate"]);
}
