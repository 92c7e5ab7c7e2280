//! Tests of the rules with scripted dice, and whole games.

use super::*;

use crate::dw10::play::session::{SaveFile, Session};
use std::sync::Arc;

/// The transcript of simulated run `run` on a scenario file (for eyes).
pub(crate) fn simulated_save(path: &str, run: u32, max_moves: u32) -> SaveFile {
    let text = std::fs::read_to_string(path).unwrap();
    let sc: crate::dw10::Scenario = crate::scenario::from_yaml(&text, path).unwrap();
    let sc = Arc::new(sc);
    let figures = Arc::new(crate::dw10::figures::embedded());
    let tables = Arc::new(crate::dw10::tables::embedded());
    let party = party::default_party(&figures);
    let o = simulate::SimOptions {
        runs: 1,
        seed: sc.seed,
        max_moves,
        scaled_down: false,
    };
    let opts = simulate::run_options(&party, &figures, &tables, &o, run, false);
    let seed = opts.seed;
    let (mut g, _) = engine::Game::new(sc.clone(), opts);
    let mut rec = Some(Vec::new());
    simulate::play_out_recorded(&mut g, max_moves, &mut rec);
    SaveFile {
        format: session::FORMAT.into(),
        scenario: path.into(),
        scenario_digest: crate::core::digest::digest(text.as_bytes()),
        seed,
        party: party::DEFAULT_YAML.into(),
        scaled_down: false,
        commands: rec.unwrap_or_default(),
    }
}

#[test]
#[ignore]
fn print_a_simulated_game() {
    let path =
        std::env::var("DW10_SCENARIO").unwrap_or("tests/golden/dw10/seed-7/scenario.yaml".into());
    let run: u32 = std::env::var("DW10_RUN")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    let save = simulated_save(&path, run, 60);
    let text = std::fs::read_to_string(&path).unwrap();
    let sc: crate::dw10::Scenario = crate::scenario::from_yaml(&text, &path).unwrap();
    let (_, out) = Session::resume(
        &save,
        Arc::new(sc),
        Arc::new(crate::dw10::figures::embedded()),
        Arc::new(crate::dw10::tables::embedded()),
    )
    .unwrap();
    for l in out {
        println!("{l}");
    }
}
