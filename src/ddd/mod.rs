//! Dungeons Dark & Dangerous (M. Byers, v1.2; ruleset `dd-and-d`): two
//! war-parties of ten models on a 3-foot board of 1-inch squares. The rule
//! text leaves the board to the players; tilecrawl builds it
//! ([`crate::build::board`]) and sets it up for one of the six scenarios.
//!
//! - `scenarios.rs` — the six scenarios and their texts (data in
//!   `templates/dd-and-d/scenarios.yaml`);
//! - `rules.rs` — the placement rules (distances, zones, counters) the setup
//!   and the file checks share;
//! - `setup.rs` — [`DdAndD`], the [`crate::rules::RuleSystem`]: counters,
//!   zones, and [`generate`];
//! - `part.rs` — [`DddPart`], the scenario file's part, and its checks;
//! - `sheet.rs` — what the setup sheet says;
//! - `warparty.rs` — war-parties: the file, its checks, a balanced one from a seed;
//! - `advance.rs` — a war-party between games (experience, reinforcements);
//! - `wod_s.rs` — World of Dungeons S characters and hirelings as a
//!   war-party (`party new --for dd-and-d`).

pub mod advance;
pub mod batch;
pub mod part;
pub mod play;
pub mod rules;
pub mod scenarios;
pub mod schema;
pub mod setup;
pub mod sheet;
pub mod warparty;
pub mod wod_s;

pub use part::{DddPart, DddScenario};
pub use scenarios::ScenarioKind;
pub use setup::{Choice, DdAndD, DddError, DddOptions, generate};

/// The board `generate --ruleset dd-and-d --scenario KIND --seed SEED`
/// makes, for the tests of the game and of its exports.
#[cfg(test)]
pub(crate) fn named_board(kind: ScenarioKind, seed: u64) -> DddScenario {
    generate(
        seed,
        &DddOptions {
            choice: Choice::Named(kind),
            ..DddOptions::default()
        },
    )
    .expect("a named scenario generates")
}

#[cfg(test)]
mod tests;
