//! `play::session::parse_save` on arbitrary UTF-8. A save that parses is
//! replayed (at most 200 of its lines) on a fixed scenario — seed 7, the
//! default tile set — with its own party and tables when they load (else the
//! embedded ones), its seed and its combat mode; the session's own save must
//! then serialise and parse again with the same lines. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};
use tilecrawl::mkd::generate::{GenerateParams, generate};
use tilecrawl::mkd::play::session::{self, Session};
use tilecrawl::mkd::play::{GameOptions, party};
use tilecrawl::mkd::tables;
use tilecrawl::mkd::scenario::Scenario;

/// Most save lines replayed per input.
const MAX_REPLAYED: usize = 200;

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
    let save = match session::parse_save(text, "fuzz.yaml") {
        Ok(s) => s,
        Err(e) => {
            assert!(
                e.file == "fuzz.yaml",
                "error does not name the file: {e}"
            );
            return;
        }
    };
    let party = match party::parse(&save.party, "fuzz.yaml (party)") {
        Ok(p) => Arc::new(p),
        Err(_) => PARTY.clone(),
    };
    let tables = if save.tables == "embedded" {
        TABLES.clone()
    } else {
        match tables::parse(&save.tables, "fuzz.yaml (tables)") {
            Ok(t) => Arc::new(t),
            Err(_) => TABLES.clone(),
        }
    };
    let opts = GameOptions {
        seed: save.seed,
        combat: session::combat_mode(&save.combat),
    };
    let n = save.lines.len().min(MAX_REPLAYED);
    let (sess, _transcript) =
        Session::replay(SCENARIO.clone(), party, tables, opts, &save.lines[..n]);
    let _ = sess.game().status();
    // What the session would write must read back with the same lines.
    let again = sess.to_save(
        &save.scenario,
        &save.scenario_digest,
        &save.party,
        (save.tables != "embedded").then_some(save.tables.as_str()),
    );
    let yaml = yaml_serde::to_string(&again).expect("a save serialises");
    let back = session::parse_save(&yaml, "again.yaml").expect("a written save parses");
    assert_eq!(back.lines, again.lines);
    assert_eq!(back, again);
});
