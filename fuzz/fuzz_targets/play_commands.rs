//! Arbitrary command lines (at most 200) through `Game::apply` on a fixed
//! scenario — seed 7, the default tile set — with the embedded party and
//! tables in dice combat, printing the status and the map after each one.
//! Every line is Ok or a one-line refusal, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::play::{CombatMode, Game, GameOptions, party};
use tilecrawl::mkd::tables;
use tilecrawl::mkd::scenario::Scenario;

/// Most lines applied per input.
const MAX_LINES: usize = 200;

static SCENARIO: LazyLock<Arc<Scenario>> = LazyLock::new(|| {
    let params = GenerateParams {
        seed: 7,
        ..GenerateParams::default()
    };
    Arc::new(generate(&tilecrawl::tileset::default_tileset(), &params).expect("seed 7 generates"))
});
static PARTY: LazyLock<Arc<party::Party>> = LazyLock::new(|| Arc::new(party::default_party()));
static TABLES: LazyLock<Arc<tables::Tables>> = LazyLock::new(|| Arc::new(tables::default_tables()));

fuzz_target!(|text: &str| {
    let opts = GameOptions {
        seed: SCENARIO.seed,
        combat: CombatMode::Dice,
    };
    let mut game = Game::new(SCENARIO.clone(), PARTY.clone(), TABLES.clone(), opts);
    let _ = game.intro();
    for line in text.lines().take(MAX_LINES) {
        match game.apply(line) {
            Ok(_) => {}
            Err(e) => {
                let e = e.to_string();
                assert!(
                    !e.is_empty() && !e.contains('\n'),
                    "a refusal that is not one line for {line:?}: {e:?}"
                );
            }
        }
        let _ = game.status();
        let _ = game.ascii_map();
        let _ = game.outcome();
    }
});
