//! What `play` writes, `--resume` reads: arbitrary bytes are read as typed
//! input the way `play` reads standard input (bounded lines, 500 bytes),
//! at most 300 of them go through `Session::input` on the seed-7 scenario,
//! the save is kept by `SaveWriter`'s entries, and then:
//! - the appended file equals one whole write of the save, byte for byte;
//! - `parse_save` accepts it and gives back the same lines;
//! - replaying those lines gives the same game (its status and map).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};
use tilecrawl::core::fs::{LimitedLine, read_line_limited};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::play::session::{self, Session, line_entry};
use tilecrawl::mkd::play::{CombatMode, Game, GameOptions, party};
use tilecrawl::mkd::scenario::Scenario;
use tilecrawl::mkd::tables;

/// Most lines taken per input.
const MAX_LINES: usize = 300;

static SCENARIO: LazyLock<Arc<Scenario>> = LazyLock::new(|| {
    let params = GenerateParams {
        seed: 7,
        ..GenerateParams::default()
    };
    Arc::new(generate(&tilecrawl::tileset::default_tileset(), &params).expect("seed 7 generates"))
});
static PARTY: LazyLock<Arc<party::Party>> = LazyLock::new(|| Arc::new(party::default_party()));
static TABLES: LazyLock<Arc<tables::Tables>> = LazyLock::new(|| Arc::new(tables::default_tables()));

fn new_game() -> Game {
    let opts = GameOptions {
        seed: SCENARIO.seed,
        combat: CombatMode::Dice,
    };
    Game::new(SCENARIO.clone(), PARTY.clone(), TABLES.clone(), opts)
}

fuzz_target!(|bytes: &[u8]| {
    let mut sess = Session::from_game(new_game());
    let mut input = std::io::Cursor::new(bytes);
    let mut taken = 0;
    while taken < MAX_LINES {
        match read_line_limited(&mut input, session::MAX_LINE_BYTES).expect("a cursor reads") {
            None => break,
            Some(LimitedLine::Line(l)) => {
                sess.input(&l);
            }
            Some(LimitedLine::TooLong(start, n)) => {
                sess.input_too_long(&start, n);
            }
        }
        taken += 1;
    }
    let save = sess.to_save(
        "scenario.yaml",
        "fnv1a64:0000000000000000",
        party::DEFAULT_YAML,
        None,
    );
    let whole = yaml_serde::to_string(&save).expect("a save serialises");
    if !save.lines.is_empty() {
        let head = yaml_serde::to_string(&session::SaveFile {
            lines: save.lines[..1].to_vec(),
            ..save.clone()
        })
        .expect("a save serialises");
        let appended: String = std::iter::once(head)
            .chain(save.lines[1..].iter().map(|l| line_entry(l)))
            .collect();
        assert_eq!(appended, whole, "appends differ from a whole write");
    }
    let back = session::parse_save(&whole, "save.yaml").expect("play's own save loads");
    assert_eq!(back.lines, save.lines);
    let (again, _) = Session::replay_game(new_game(), &back.lines);
    assert_eq!(again.game().status(), sess.game().status(), "resume differs");
    assert_eq!(again.game().ascii_map(), sess.game().ascii_map(), "resume differs");
});
