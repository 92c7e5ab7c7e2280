//! `tilecrawl campaign`: a pinned three-adventure campaign played through the
//! real binary (`UPDATE_GOLDEN=1 cargo test --test campaign` rewrites the
//! pinned output and the scripts), the campaign loader's hostile matrix, and
//! the command's refusals.

use crate::common;

use common::{Run, one_error_line, run_env};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(300);
/// The pinned campaign's seed: three wins, every town order taken (found by
/// [`find_seed`] once lines of fire became ruler-exact; seed 33 served in
/// between, while lines were drawn from the shooter).
const SEED: &str = "26";
const NAME: &str = "Saga";

/// The town orders after each adventure.
const TOWN_ORDERS: [&[&str]; 3] = [
    // Everyone came back: buy a level-1 chest, whose healing draught goes
    // into adventure 2 in a chest from town (`town-1`).
    &["--buy", "1"],
    // Marrow, Brannoc and Sella fell; the draught came back drunk. The
    // purse cannot pay for Marrow at step 2, but after the reward it can at
    // step 5 (too late for a share of the reward); Kestrel has the
    // experience for level 2 but not the gold, and the other two stay
    // fallen.
    &["--resurrect", "Marrow"],
    // Nobody fell: Kestrel trains to level 2 and loses the experience left
    // over, and the ability named for him (no level past 5) is noted as not
    // needed.
    &["--ability", "Kestrel=Command"],
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(cwd: &Path, args: &[&str]) -> Run {
    run_env(cwd, args, &[], TIMEOUT)
}

fn ok(cwd: &Path, args: &[&str]) -> String {
    let r = run(cwd, args);
    assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
    r.stdout
}

/// The auto-heroes' commands for an adventure, as `tilecrawl simulate` plays
/// them with the play dice `tilecrawl play` uses by default.
fn auto_script(dir: &Path, n: u32) -> String {
    let mut s = format!(
        "# Campaign seed {SEED}, adventure {n}: the auto-heroes of `tilecrawl simulate` (dice combat).\n"
    );
    s += &auto_commands(&dir.join(format!("campaigns/{NAME}/adventure-{n}")));
    s
}

/// The auto-heroes' commands for the adventure in folder `adv`, a line each.
fn auto_commands(adv: &Path) -> String {
    let text = std::fs::read_to_string(adv.join("scenario.yaml")).unwrap();
    let scenario = Arc::new(tilecrawl::mkd::scenario::from_yaml(&text, "scenario.yaml").unwrap());
    let party = Arc::new(tilecrawl::mkd::play::party::load(&adv.join("party.yaml")).unwrap());
    let tables = Arc::new(tilecrawl::mkd::tables::default_tables());
    let (_, log) = tilecrawl::mkd::play::simulate::play_once_logged(
        &scenario,
        &party,
        &tables,
        scenario.seed,
        tilecrawl::mkd::play::simulate::DEFAULT_MAX_TURNS,
    );
    let mut s = String::new();
    for l in log.iter().filter_map(|l| l.strip_prefix("> ")) {
        s.push_str(l);
        s.push('\n');
    }
    s
}

/// Plays adventure `n` of campaign `name` from the commands in `script`,
/// in dice combat, saving the game where `campaign town` reads it; returns
/// the transcript.
fn play_adventure(dir: &Path, name: &str, n: u32, script: &Path) -> String {
    let adv = format!("campaigns/{name}/adventure-{n}");
    ok(
        dir,
        &[
            "play",
            &format!("{adv}/scenario.yaml"),
            "--party",
            &format!("{adv}/party.yaml"),
            "--save",
            &format!("{adv}/game.save"),
            "--combat",
            "dice",
            "--script",
            script.to_str().unwrap(),
        ],
    )
}

/// Plays the pinned campaign; returns (file name, contents) of what is pinned.
fn play_campaign(dir: &Path, update: bool) -> Vec<(String, String)> {
    let mut pinned = Vec::new();
    let new = ok(dir, &["campaign", "new", NAME, "--seed", SEED]);
    for n in 1..=3u32 {
        let mut log = String::new();
        if n == 1 {
            log += &format!("$ tilecrawl campaign new {NAME} --seed {SEED}\n{new}");
        }
        log += &format!("$ tilecrawl campaign next {NAME}\n");
        log += &ok(dir, &["campaign", "next", NAME]);
        let script = root().join(format!("tests/scripts/campaign-adventure-{n}.txt"));
        if update {
            std::fs::write(&script, auto_script(dir, n)).unwrap();
        }
        let adv = format!("campaigns/{NAME}/adventure-{n}");
        let transcript = play_adventure(dir, NAME, n, &script);
        assert!(
            transcript.contains("== the adventure is over:"),
            "adventure {n} must end"
        );
        log += &format!(
            "$ tilecrawl play {adv}/scenario.yaml --party {adv}/party.yaml --save {adv}/game.save --combat dice --script tests/scripts/campaign-adventure-{n}.txt\n... ({} lines; the last two:)\n",
            transcript.lines().count()
        );
        let tail: Vec<&str> = transcript.lines().rev().take(2).collect();
        for l in tail.iter().rev() {
            log += l;
            log += "\n";
        }
        let file = dir.join(format!("campaigns/{NAME}/campaign.yaml"));
        let before = std::fs::read(&file).unwrap();
        if n == 1 {
            // A bad order changes nothing.
            let r = run(dir, &["campaign", "town", NAME, "--resurrect", "Nobody"]);
            one_error_line(&r, &["--resurrect Nobody: no hero called `Nobody`"]).unwrap();
            assert_eq!(std::fs::read(&file).unwrap(), before);
            // A value the tables or the rules do not know is a bad command
            // line, exit 2, as the book's list of exit codes says (a
            // user's audit: it exited 1).
            for (order, needle) in [
                (
                    ["--buy", "Kestrel"],
                    "--buy Kestrel: expected a chest level or an item of the chest tables",
                ),
                (["--buy", "99"], "--buy 99: no chest level 99"),
                (["--ability", "Kestrel=Flight"], "unknown ability"),
            ] {
                let mut args = vec!["campaign", "town", NAME];
                args.extend(order);
                let r = run(dir, &args);
                common::usage_error_line(&r, &[needle]).unwrap();
                assert_eq!(std::fs::read(&file).unwrap(), before);
            }
        }
        let mut town = vec!["campaign", "town", NAME];
        town.extend(TOWN_ORDERS[n as usize - 1]);
        log += &format!("$ tilecrawl {}\n", town.join(" "));
        log += &ok(dir, &town);
        assert_eq!(
            std::fs::read(file.with_file_name("campaign.yaml.bak")).unwrap(),
            before,
            "the copy before town is kept"
        );
        pinned.push((format!("adventure-{n}.txt"), log));
    }
    let show = ok(dir, &["campaign", "show", NAME]);
    pinned.push(("show.txt".into(), show));
    let file =
        std::fs::read_to_string(dir.join(format!("campaigns/{NAME}/campaign.yaml"))).unwrap();
    pinned.push(("campaign.yaml".into(), file));
    pinned
}

#[test]
fn a_three_adventure_campaign_gives_its_pinned_output() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let dir = tempfile::tempdir().unwrap();
    let golden = root().join("tests/golden/campaign");
    let mut failures = Vec::new();
    for (name, got) in play_campaign(dir.path(), update) {
        let path = golden.join(&name);
        if update {
            std::fs::create_dir_all(&golden).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1)", path.display()));
        if want != got {
            let line = want
                .lines()
                .zip(got.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(want.lines().count().min(got.lines().count()));
            failures.push(format!(
                "{name}: first difference at line {}:\n  pinned: {:?}\n  now:    {:?}",
                line + 1,
                want.lines().nth(line),
                got.lines().nth(line)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Finds a campaign seed whose three adventures the auto-heroes all win
/// and whose town orders ([`TOWN_ORDERS`]) are all taken, for when the
/// rules change the pinned campaign (`cargo test --test it
/// campaign::find_seed -- --ignored --nocapture`); its comments are then
/// rewritten for what the new seed's campaign does.
#[test]
#[ignore = "a search, run by hand when the rules change the pinned campaign"]
fn find_seed() {
    'seeds: for seed in 1..120u32 {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let seed = seed.to_string();
        ok(dir, &["campaign", "new", NAME, "--seed", &seed]);
        let mut found = Vec::new();
        for n in 1..=3u32 {
            if run(dir, &["campaign", "next", NAME]).code != Some(0) {
                continue 'seeds;
            }
            let adv = dir.join(format!("campaigns/{NAME}/adventure-{n}"));
            let script = dir.join(format!("script-{n}.txt"));
            std::fs::write(&script, auto_commands(&adv)).unwrap();
            let transcript = play_adventure(dir, NAME, n, &script);
            if !transcript.contains("the heroes won ==") {
                continue 'seeds;
            }
            let mut town = vec!["campaign", "town", NAME];
            town.extend(TOWN_ORDERS[n as usize - 1]);
            let r = run(dir, &town);
            if r.code != Some(0) {
                continue 'seeds;
            }
            found.push(
                r.stdout
                    .lines()
                    .filter(|l| l.contains("fell") || l.contains("level"))
                    .count(),
            );
        }
        println!("seed {seed}: three wins, every order taken ({found:?})");
    }
}

// ---------------------------------------------------------------- refusals

/// A fresh campaign `H` (seed 1) in `dir`, replaced once so that its
/// `campaign.yaml.bak` exists; returns the campaign file's path and text.
fn fresh(dir: &Path) -> (PathBuf, String) {
    ok(dir, &["campaign", "new", "H", "--seed", "1"]);
    ok(dir, &["campaign", "new", "H", "--seed", "1", "--force"]);
    let path = dir.join("campaigns/H/campaign.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

#[test]
fn a_corrupt_campaign_file_is_refused_in_one_line_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let (path, good) = fresh(dir.path());
    let bytes = |s: &str| s.as_bytes().to_vec();
    let mut huge = bytes(&good);
    huge.extend(std::iter::repeat_n(
        b'#',
        tilecrawl::mkd::campaign::model::MAX_CAMPAIGN_BYTES as usize,
    ));
    let mut not_utf8 = bytes(&good);
    not_utf8.extend([b'#', 0xff, 0xfe, b'\n']);
    let cases: Vec<(&str, Vec<u8>, &[&str])> = vec![
        ("empty", Vec::new(), &["is empty"]),
        ("not YAML", bytes("format: [unclosed\n  - :\n"), &["line "]),
        (
            "wrong version",
            bytes(&common::with(
                &good,
                "tilecrawl-campaign/1",
                "tilecrawl-campaign/9",
            )),
            &[
                "format: is `tilecrawl-campaign/9`",
                "reads `tilecrawl-campaign/1`",
            ],
        ),
        (
            "format of a wrong type",
            bytes(&common::with(
                &good,
                "format: tilecrawl-campaign/1",
                "format: [1]",
            )),
            &["format: is"],
        ),
        (
            "wrong type",
            bytes(&common::with(&good, "gold: 0", "gold: lots")),
            &["gold", "line "],
        ),
        (
            "missing key",
            bytes(&common::without_key(&good, "heroes")),
            &["missing field `heroes`"],
        ),
        (
            "unknown key",
            bytes(&format!("{good}treasure: 5\n")),
            &["unknown field `treasure`"],
        ),
        (
            "level out of range",
            bytes(&common::with(&good, "level: 1", "level: 0")),
            &["heroes[0] (Kestrel).level: is 0; expected 1 to 100"],
        ),
        (
            "gold out of range",
            bytes(&common::with(&good, "gold: 0", "gold: 2000000000")),
            &["gold: is 2000000000"],
        ),
        (
            "a value that disagrees with the level",
            bytes(&common::with(&good, "value: 25", "value: 26")),
            &["heroes[0] (Kestrel).value: is 26"],
        ),
        (
            "unknown ability",
            bytes(&common::with(&good, "- Nimble", "- Flying")),
            &["abilities: unknown ability `Flying`"],
        ),
        (
            "duplicate hero",
            bytes(&common::with(&good, "name: Marrow", "name: kestrel")),
            &["heroes[1].name: `kestrel` is used twice"],
        ),
        ("not UTF-8", not_utf8, &["not UTF-8"]),
        ("oversized", huge, &["bytes"]),
        (
            "deep nesting",
            common::nested("format: tilecrawl-campaign/1\nname: ", 100_000),
            &["campaign.yaml"],
        ),
        (
            "alias bomb",
            bytes(&common::alias_bomb_keys(&good, "treasure")),
            &["campaign.yaml"],
        ),
    ];
    for (what, content, needles) in cases {
        std::fs::write(&path, &content).unwrap();
        for cmd in [&["campaign", "show", "H"][..], &["campaign", "next", "H"]] {
            let r = run_env(dir.path(), cmd, &[], Duration::from_secs(30));
            let mut all = vec!["campaigns/H/campaign.yaml", "campaign.yaml.bak"];
            all.extend(needles);
            if let Err(e) = one_error_line(&r, &all) {
                panic!("{what} ({cmd:?}): {e}");
            }
            assert_eq!(
                std::fs::read(&path).unwrap(),
                content,
                "{what}: file changed"
            );
        }
        assert!(
            !dir.path().join("campaigns/H/adventure-1").exists(),
            "{what}: nothing generated"
        );
    }
    // The backup is the good copy: putting it back works.
    std::fs::copy(path.with_file_name("campaign.yaml.bak"), &path).unwrap();
    ok(dir.path(), &["campaign", "show", "H"]);
}

#[test]
fn paths_in_a_hand_edited_file_stay_inside_the_campaign() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = fresh(dir.path());
    ok(dir.path(), &["campaign", "next", "H"]);
    let good = std::fs::read_to_string(&path).unwrap();
    for (from, to) in [
        ("save: adventure-1/game.save", "save: ../../../etc/passwd"),
        (
            "scenario: adventure-1/scenario.yaml",
            "scenario: /etc/passwd",
        ),
    ] {
        let bad = common::with(&good, from, to);
        std::fs::write(&path, &bad).unwrap();
        let r = run(dir.path(), &["campaign", "town", "H"]);
        one_error_line(&r, &["must be a path inside the campaign folder"]).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
    }
}

#[test]
fn the_commands_refuse_what_cannot_be_done_yet() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (path, _) = fresh(d);
    let e = |args: &[&str], needles: &[&str]| {
        let before = std::fs::read(&path).unwrap();
        let r = run(d, args);
        if let Err(m) = one_error_line(&r, needles) {
            panic!("{args:?}: {m}");
        }
        assert_eq!(
            std::fs::read(&path).unwrap(),
            before,
            "{args:?} changed the file"
        );
    };
    e(&["campaign", "new", "H"], &["already exists", "--force"]);
    // A name that cannot name a folder is a bad command line: exit 2
    // (a user's audit: it exited 1), for every subcommand.
    for args in [
        &["campaign", "show", "a/b"][..],
        &["campaign", "show", ".."],
        &["campaign", "new", "../x"],
        &["campaign", "new", ".hid"],
        &["campaign", "next", ""],
        &["campaign", "town", "a/b"],
    ] {
        let r = run(d, args);
        if let Err(m) = common::usage_error_line(&r, &["campaign name `"]) {
            panic!("{args:?}: {m}");
        }
    }
    e(
        &["campaign", "show", "Nobody"],
        &["no such campaign", "campaign new Nobody"],
    );
    e(
        &["campaign", "town", "H"],
        &["no adventure is waiting", "campaign next H"],
    );
    // A mission that is none is bad usage (exit 2), refused before the
    // campaign is read.
    let r = run(d, &["campaign", "next", "H", "--mission", "heist"]);
    common::usage_error_line(&r, &["--mission", "unknown mission `heist`"]).unwrap();
    // An MKD campaign's --gm-map refusal names the campaign that has one
    // (a user's audit: it named dd-and-d, which has no campaigns).
    let r = run(d, &["campaign", "next", "H", "--gm-map"]);
    let line =
        common::usage_error_line(&r, &["--gm-map", "a Dungeon World 10 mm campaign"]).unwrap();
    assert!(!line.contains("dd-and-d"), "{line}");
    // A folder left behind is only replaced with --force.
    std::fs::create_dir_all(d.join("campaigns/H/adventure-1")).unwrap();
    std::fs::write(d.join("campaigns/H/adventure-1/scenario.yaml"), "old").unwrap();
    e(
        &["campaign", "next", "H"],
        &["already holds an adventure", "--force"],
    );
    let out = ok(d, &["campaign", "next", "H", "--force"]);
    assert!(out.contains(
        "play it:   tilecrawl play campaigns/H/adventure-1/scenario.yaml --party campaigns/H/adventure-1/party.yaml --save campaigns/H/adventure-1/game.save"
    ));
    e(
        &["campaign", "next", "H"],
        &["adventure 1 has not had its town phase yet"],
    );
    e(
        &["campaign", "town", "H"],
        &["has not been played yet", "tilecrawl play"],
    );
    // Two commands in: the game is not over.
    let script = d.join("short.txt");
    std::fs::write(&script, "end turn\nend turn\n").unwrap();
    let adv = "campaigns/H/adventure-1";
    ok(
        d,
        &[
            "play",
            &format!("{adv}/scenario.yaml"),
            "--party",
            &format!("{adv}/party.yaml"),
            "--save",
            &format!("{adv}/game.save"),
            "--script",
            script.to_str().unwrap(),
        ],
    );
    e(
        &["campaign", "town", "H"],
        &["is not over yet (turn 2)", "--resume"],
    );
    // A broken save is named.
    let save = d.join(adv).join("game.save");
    let good_save = std::fs::read(&save).unwrap();
    std::fs::write(&save, "format: [").unwrap();
    e(&["campaign", "town", "H"], &["adventure-1/game.save"]);
    std::fs::write(&save, &good_save).unwrap();
    // A changed scenario is noticed.
    let scen = d.join(adv).join("scenario.yaml");
    let original = std::fs::read(&scen).unwrap();
    let mut changed = original.clone();
    changed.extend(b"# edited\n");
    std::fs::write(&scen, &changed).unwrap();
    e(
        &["campaign", "town", "H"],
        &["has changed since this game was saved"],
    );
    std::fs::write(&scen, &original).unwrap();
    // Bad orders are refused before anything happens (the game is not over
    // either, but orders about unknown heroes are a usage slip worth naming).
    let r = run(d, &["campaign", "town", "H", "--ability", "Kestrel"]);
    common::usage_error_line(&r, &["expected HERO=ABILITY"]).unwrap();
}

#[test]
fn a_killed_write_leaves_the_campaign_file_whole() {
    use std::process::{Command, Stdio};
    use std::time::Instant;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["campaign", "new", "H", "--seed", "1"]);
    let folder = d.join("campaigns/H");
    let path = folder.join("campaign.yaml");
    let old = std::fs::read(&path).unwrap();
    let temps = || {
        std::fs::read_dir(&folder)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| {
                let n = e.file_name().to_string_lossy().into_owned();
                n.starts_with(".tilecrawl-") && n.ends_with(".tmp")
            })
            .count()
    };
    // Killed while the backup is written, then while the new file is.
    for stage in 0..2 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tilecrawl"))
            .args(["campaign", "new", "H", "--seed", "2", "--force"])
            .current_dir(d)
            .env(tilecrawl::core::fs::SLOW_WRITE_ENV, "400")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let bak = folder.join("campaign.yaml.bak");
        loop {
            let staged = temps() > 0;
            if staged && (stage == 0 || bak.exists()) {
                break;
            }
            assert!(
                child.try_wait().unwrap().is_none(),
                "finished before the kill"
            );
            assert!(start.elapsed() < TIMEOUT, "never reached the write");
            std::thread::sleep(Duration::from_millis(2));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), old, "stage {stage}");
        if stage == 1 {
            assert_eq!(std::fs::read(&bak).unwrap(), old);
        }
        ok(d, &["campaign", "show", "H"]);
    }
    ok(d, &["campaign", "new", "H", "--seed", "2", "--force"]);
    assert!(ok(d, &["campaign", "show", "H"]).contains("seed 2"));
}

/// A two-floor rescue adventure in a campaign: `next --floors 2` writes a
/// dungeon, the game is played on it (the auto-heroes' commands), and the
/// town phase reads the dungeon game's result.
#[test]
fn a_campaign_adventure_may_be_a_two_floor_dungeon() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["campaign", "new", "Deep", "--seed", "4"]);
    let next = ok(
        d,
        &[
            "campaign",
            "next",
            "Deep",
            "--floors",
            "2",
            "--sets",
            "1",
            "--mission",
            "rescue",
        ],
    );
    let adv = d.join("campaigns/Deep/adventure-1");
    assert!(next.contains("adventure-1/dungeon.yaml"), "{next}");
    for f in [
        "dungeon.yaml",
        "floor-1/scenario.yaml",
        "floor-2/scenario.yaml",
        "party.yaml",
    ] {
        assert!(adv.join(f).is_file(), "{f} missing: {next}");
    }
    let file = adv.join("dungeon.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let (adventure, _) = tilecrawl::mkd::play::floors::Adventure::from_text(&text, &file)
        .expect("the dungeon loads");
    let party = Arc::new(tilecrawl::mkd::play::party::load(&adv.join("party.yaml")).unwrap());
    let tables = Arc::new(tilecrawl::mkd::tables::default_tables());
    let (_, log) = tilecrawl::mkd::play::simulate::play_adventure_logged(
        &adventure,
        &party,
        &tables,
        adventure.seed(),
        tilecrawl::mkd::play::simulate::DEFAULT_MAX_TURNS,
    );
    let mut script = String::new();
    for l in log.iter().filter_map(|l| l.strip_prefix("> ")) {
        script.push_str(l);
        script.push('\n');
    }
    std::fs::write(d.join("s.txt"), script).unwrap();
    let a = "campaigns/Deep/adventure-1";
    let t = ok(
        d,
        &[
            "play",
            &format!("{a}/dungeon.yaml"),
            "--party",
            &format!("{a}/party.yaml"),
            "--save",
            &format!("{a}/game.save"),
            "--combat",
            "dice",
            "--script",
            "s.txt",
        ],
    );
    assert!(t.contains("== the adventure is over:"), "{t}");
    let town = ok(d, &["campaign", "town", "Deep"]);
    let before = std::fs::read_to_string(d.join("campaigns/Deep/campaign.yaml.bak")).unwrap();
    assert!(before.contains("floors: 2"), "{before}");
    assert!(
        before.contains("scenario: adventure-1/dungeon.yaml"),
        "{before}"
    );
    // The town phase saw the dungeon game's end: won or lost, as played.
    let c = std::fs::read_to_string(d.join("campaigns/Deep/campaign.yaml")).unwrap();
    assert!(c.contains("mission: rescue"), "{c}");
    let won = t.contains("the heroes won");
    let outcome = format!("outcome: {}", if won { "won" } else { "lost" });
    assert!(c.contains(&outcome), "{outcome}\n{c}\n---\n{town}");
}

/// `campaign next --floors 2 --sets-per-floor N|d6` says how many sets each
/// floor was built from, and the campaign file records them all, as
/// `dungeon.yaml` lists them (not the single-floor `--sets`).
#[test]
fn the_sets_of_a_multi_floor_adventure_are_those_its_floors_were_built_from() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, per_floor) in [("One", "1"), ("Rolled", "d6")] {
        ok(d, &["campaign", "new", name, "--seed", "5", "-q"]);
        let said = ok(
            d,
            &[
                "campaign",
                "next",
                name,
                "--floors",
                "2",
                "--sets-per-floor",
                per_floor,
            ],
        );
        let dungeon =
            std::fs::read_to_string(d.join(format!("campaigns/{name}/adventure-1/dungeon.yaml")))
                .unwrap();
        // Each floor's `sets: N` (block or flow style), before the log.
        let floors = dungeon.split("\nlog:").next().unwrap();
        let sets: Vec<u32> = floors
            .split("sets: ")
            .skip(1)
            .map(|v| {
                let n: String = v.chars().take_while(char::is_ascii_digit).collect();
                n.parse().unwrap()
            })
            .collect();
        assert_eq!(sets.len(), 2, "{dungeon}");
        let words = if sets[0] == sets[1] {
            format!("2 floors of {} set(s) each", sets[0])
        } else {
            format!("2 floors of {} and {} sets", sets[0], sets[1])
        };
        assert!(
            said.contains(&words),
            "{per_floor}: `{words}` not in {said}"
        );
        let campaign =
            std::fs::read_to_string(d.join(format!("campaigns/{name}/campaign.yaml"))).unwrap();
        assert!(
            campaign.contains(&format!("sets: {}\n", sets[0] + sets[1])),
            "{campaign}"
        );
    }
}

#[test]
fn items_a_party_file_brings_go_into_the_first_adventure_in_chests_from_town() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let party = tilecrawl::mkd::play::party::DEFAULT_YAML.replace(
        "wounds: 5}",
        "wounds: 5, chests: [{name: honed blade, attack: 1}]}",
    );
    assert!(party.contains("chests:"), "the default party names Brannoc");
    std::fs::write(d.join("party.yaml"), party).unwrap();
    ok(
        d,
        &[
            "campaign",
            "new",
            "K",
            "--seed",
            "3",
            "--party",
            "party.yaml",
        ],
    );
    let next = ok(d, &["campaign", "next", "K"]);
    assert!(
        next.contains("carried in from town: town-1 (honed blade, Kestrel)"),
        "{next}"
    );
    // The adventure's party file gives Kestrel the chest; the campaign
    // keeps the item aside until town.
    let adv =
        tilecrawl::mkd::play::party::load(&d.join("campaigns/K/adventure-1/party.yaml")).unwrap();
    let kestrel = adv.heroes().find(|h| h.name == "Kestrel").unwrap();
    assert_eq!(kestrel.chests.len(), 1);
    assert_eq!(kestrel.chests[0].attack, 1);
    let show = ok(d, &["campaign", "show", "K"]);
    assert!(!show.contains("item honed blade"), "{show}");
    assert!(
        show.contains("Kestrel carries honed blade in town-1"),
        "{show}"
    );
    let c = tilecrawl::mkd::campaign::io::load(&d.join("campaigns/K/campaign.yaml")).unwrap();
    assert!(c.items.is_empty());
    assert_eq!(c.current.unwrap().carried[0].chest, "town-1");
}

/// `campaign town`'s orders name a hero as the play prompt does: a
/// beginning no other hero's name shares is that hero (the town names it in
/// full), one two names share is one `error:` line naming both, exit code
/// 1, and the campaign file untouched.
#[test]
fn town_orders_take_a_unique_beginning_and_refuse_an_ambiguous_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let party = common::with(
        tilecrawl::mkd::play::party::DEFAULT_YAML,
        "name: Marrow",
        "name: Bramwell",
    );
    std::fs::write(d.join("party.yaml"), party).unwrap();
    ok(
        d,
        &[
            "campaign",
            "new",
            "B",
            "--seed",
            "3",
            "--party",
            "party.yaml",
        ],
    );
    ok(d, &["campaign", "next", "B"]);
    let adv = "campaigns/B/adventure-1";
    let script = d.join("auto.txt");
    std::fs::write(&script, auto_commands(&d.join(adv))).unwrap();
    let transcript = play_adventure(d, "B", 1, &script);
    assert!(transcript.contains("== the adventure is over:"));
    // Every hero fell; the purse can pay for one.
    let file = d.join("campaigns/B/campaign.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, common::with(&text, "gold: 0", "gold: 1000")).unwrap();
    let before = std::fs::read(&file).unwrap();
    for (orders, want) in [
        (
            ["--resurrect", "Bra"],
            "--resurrect Bra: hero `Bra` is ambiguous: it begins Bramwell, Brannoc; type more of it",
        ),
        (
            ["--ability", "br=Stealth"],
            "--ability br=Stealth: hero `br` is ambiguous: it begins Bramwell, Brannoc; type more of it",
        ),
        (
            ["--resurrect", "Brx"],
            "--resurrect Brx: no hero called `Brx` in the campaign (heroes: Kestrel, Bramwell, Brannoc, Sella)",
        ),
    ] {
        let mut args = vec!["campaign", "town", "B"];
        args.extend(orders);
        let line = one_error_line(&run(d, &args), &[]).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert_eq!(line, format!("error: campaigns/B/campaign.yaml: {want}"));
        assert_eq!(std::fs::read(&file).unwrap(), before, "{args:?}");
    }
    // `bram` and `bramw` are Bramwell, and the town says so by name.
    let out = ok(
        d,
        &[
            "campaign",
            "town",
            "B",
            "--resurrect",
            "bram",
            "--ability",
            "bramw=stealth",
        ],
    );
    assert!(
        out.contains("fallen: Kestrel, Bramwell, Brannoc, Sella"),
        "{out}"
    );
    for want in [
        "2. Bramwell is resurrected for 1000 gold",
        "note: --ability Bramwell=Stealth was not needed: Bramwell gained no level past 5",
    ] {
        assert!(out.lines().any(|l| l == want), "{want}: {out}");
    }
    let c = tilecrawl::mkd::campaign::io::load(&file).unwrap();
    let alive: Vec<&str> = c
        .heroes
        .iter()
        .filter(|h| h.alive)
        .map(|h| h.name.as_str())
        .collect();
    assert_eq!(alive, ["Bramwell"]);
    assert_eq!(c.gold, 0);
}

/// Plays `lines` of the adventure in `adv` (a folder under `d`) with
/// `party`, saving to the adventure's game.save.
fn play_some(d: &Path, scenario: &str, party: Option<&str>, save: &str, lines: &str) {
    let script = d.join("some.txt");
    std::fs::write(&script, lines).unwrap();
    let mut args = vec!["play", scenario, "--save", save];
    if let Some(p) = party {
        args.extend(["--party", p]);
    }
    args.extend(["--script", script.to_str().unwrap()]);
    ok(d, &args);
}

#[test]
fn an_adventure_made_again_never_inherits_the_save_of_the_one_it_replaces() {
    // A user's audit: a campaign started over kept the old adventure 1's
    // game.save, and `town` settled the new adventure 1 from it unplayed.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let adv = "campaigns/H/adventure-1";
    ok(d, &["campaign", "new", "H", "--seed", "5", "-q"]);
    ok(d, &["campaign", "next", "H", "-q"]);
    let save = format!("{adv}/game.save");
    play_some(
        d,
        &format!("{adv}/scenario.yaml"),
        Some(&format!("{adv}/party.yaml")),
        &save,
        &auto_commands(&d.join(adv)),
    );
    ok(d, &["campaign", "new", "H", "--seed", "5", "--force", "-q"]);
    let file = d.join("campaigns/H/campaign.yaml");
    let before = std::fs::read(&file).unwrap();
    // Without --force the folder is refused, the save named.
    let r = run(d, &["campaign", "next", "H"]);
    one_error_line(&r, &["already holds an adventure", "game.save", "--force"]).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // A folder holding only a save is refused too.
    let scenario = d.join(adv).join("scenario.yaml");
    let kept = std::fs::read(&scenario).unwrap();
    std::fs::remove_file(&scenario).unwrap();
    let r = run(d, &["campaign", "next", "H"]);
    one_error_line(&r, &["game.save", "--force"]).unwrap();
    std::fs::write(&scenario, kept).unwrap();
    // With --force the save goes with the files it was played on.
    let notes = d.join(adv).join("notes.txt");
    std::fs::write(&notes, "mine").unwrap();
    ok(d, &["campaign", "next", "H", "--force", "-q"]);
    assert!(!d.join(&save).exists(), "the old save is removed");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine");
    let r = run(d, &["campaign", "town", "H"]);
    one_error_line(&r, &["adventure 1 has not been played yet"]).unwrap();
}

#[test]
fn town_refuses_a_game_of_another_scenario_or_another_party() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let adv = "campaigns/H/adventure-1";
    let save = format!("{adv}/game.save");
    let party = format!("{adv}/party.yaml");
    ok(d, &["campaign", "new", "H", "--seed", "5", "-q"]);
    ok(d, &["campaign", "next", "H", "-q"]);
    let file = d.join("campaigns/H/campaign.yaml");
    let before = std::fs::read(&file).unwrap();
    let refused = |needles: &[&str]| {
        let r = run(d, &["campaign", "town", "H"]);
        let line = one_error_line(&r, needles).unwrap();
        assert!(
            line.contains("move that save away and play adventure 1 with: tilecrawl play"),
            "{line}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), before, "nothing recorded");
        std::fs::remove_file(d.join(&save)).unwrap();
    };
    // A game of an unrelated dungeon, saved where the adventure's goes.
    ok(d, &["generate", "--seed", "7", "--out", "other7", "-q"]);
    play_some(
        d,
        "other7/scenario.yaml",
        Some(&party),
        &save,
        "end turn\nend turn\n",
    );
    refused(&[
        "this game was played on",
        "other7/scenario.yaml",
        "not on adventure 1's campaigns/H/adventure-1/scenario.yaml",
    ]);
    // The adventure's scenario copied elsewhere is the same scenario.
    std::fs::create_dir_all(d.join("copy")).unwrap();
    std::fs::copy(
        d.join(adv).join("scenario.yaml"),
        d.join("copy/scenario.yaml"),
    )
    .unwrap();
    play_some(
        d,
        "copy/scenario.yaml",
        Some(&party),
        &save,
        "end turn\nend turn\n",
    );
    let r = run(d, &["campaign", "town", "H"]);
    one_error_line(&r, &["is not over yet"]).unwrap();
    std::fs::remove_file(d.join(&save)).unwrap();
    // Heroes of the same names at other values: not the campaign's party.
    let text = std::fs::read_to_string(d.join(&party)).unwrap();
    let other = common::with(
        &text,
        "value: 25\n    speed: 5\n    attacks: 4",
        "value: 30\n    speed: 5\n    attacks: 4",
    );
    std::fs::write(d.join("other-party.yaml"), other).unwrap();
    play_some(
        d,
        &format!("{adv}/scenario.yaml"),
        Some("other-party.yaml"),
        &save,
        "end turn\nend turn\n",
    );
    refused(&[
        "this game was played with another party than adventure 1's campaigns/H/adventure-1/party.yaml",
        "Kestrel has level 1 worth 30 points in the game, level 1 worth 25 points in the adventure",
    ]);
    // Other heroes: a hero renamed stands for another party.
    let renamed = common::with(&text, "name: Sella", "name: Selka");
    std::fs::write(d.join("renamed.yaml"), renamed).unwrap();
    play_some(
        d,
        &format!("{adv}/scenario.yaml"),
        Some("renamed.yaml"),
        &save,
        "end turn\nend turn\n",
    );
    refused(&["the game's heroes are Kestrel, Marrow, Brannoc, Selka"]);
}
