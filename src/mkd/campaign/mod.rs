//! Campaigns: one party of heroes through adventure after adventure, with
//! the MKD Adventure "Campaigns" rules between dungeons.
//!
//! - [`model`]: the campaign file (`tilecrawl-campaign/1`) and its checks;
//! - [`rules`]: item values, town prices, experience per level, hero values;
//! - [`reward`]: the quest reward table (the project's own numbers);
//! - [`town`]: the town phase in the rules' order;
//! - [`io`]: reading and writing campaign files, replaying an adventure's save.
//!
//! A campaign lives in `CAMPAIGNS_DIR/NAME/`: `campaign.yaml` and one
//! `adventure-N/` folder per adventure (scenario, maps, the party file the
//! heroes played with, and the game's save).

pub mod io;
pub mod model;
pub mod reward;
pub mod rules;
pub mod town;

pub use model::{Campaign, CampaignError, CurrentAdventure};
pub use town::Orders;

/// What the next adventure will be: its number, folder and seed.
pub fn next_adventure(c: &Campaign) -> (u32, String, u64) {
    let n = c.next_number();
    (
        n,
        format!("adventure-{n}"),
        crate::core::dice::adventure_seed(c.seed, n),
    )
}

/// The seed the next adventure tries at `attempt` (0 is [`next_adventure`]'s;
/// `campaign next --win-rate` goes on to 1, 2, … until one plays in the band).
pub fn next_adventure_seed(c: &Campaign, attempt: u32) -> u64 {
    crate::core::dice::adventure_seed_attempt(c.seed, c.next_number(), attempt)
}

/// The generation parameters of an adventure: the default tile set, table
/// and difficulty, `sets` sets, set up for heroes worth `hero_value`.
pub fn adventure_params(
    seed: u64,
    sets: u32,
    hero_value: u32,
    mission: crate::mkd::mission::Mission,
) -> crate::mkd::generate::GenerateParams {
    crate::mkd::generate::GenerateParams {
        seed,
        layout: crate::build::layout::LayoutParams {
            sets,
            ..Default::default()
        },
        setup: crate::mkd::setup::SetupParams {
            hero_value,
            sets,
            ..Default::default()
        },
        mission,
        ..Default::default()
    }
}
