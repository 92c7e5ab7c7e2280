//! The games tilecrawl knows, and the one place that dispatches over them by
//! their [`RulesetId`] (the shape of shakmaty's `VariantPosition`: one enum,
//! one arm per game). A command that takes "any scenario" reads it here;
//! each arm hands the game's own typed scenario to the game's code.

use crate::ddd;
use crate::dw10;
use crate::mkd;
use crate::scenario::{self, RulesetId, ScenarioError};
use std::path::Path;

/// A scenario of any game tilecrawl knows.
// A scenario is read once per command; boxing the larger one would buy
// nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum AnyScenario {
    /// An MKD Adventure scenario.
    Mkd(mkd::Scenario),
    /// A Dungeon World 10 mm scenario.
    Dw10(dw10::Scenario),
    /// A Dungeons Dark & Dangerous scenario.
    Ddd(ddd::DddScenario),
}

impl AnyScenario {
    /// Reads and checks a scenario file of whichever game it names.
    pub fn load(path: &Path) -> Result<AnyScenario, ScenarioError> {
        AnyScenario::from_yaml(&scenario::read_text(path)?, &path.display().to_string())
    }

    /// Parses and checks scenario YAML of whichever game it names; `file`
    /// names the source in errors. An unknown `ruleset` is refused by name.
    pub fn from_yaml(text: &str, file: &str) -> Result<AnyScenario, ScenarioError> {
        // A file that names no ruleset is read as the first game's, so the
        // error names the missing key.
        match scenario::read_ruleset(text, file)?.unwrap_or(RulesetId::MkdAdventure) {
            RulesetId::MkdAdventure => Ok(AnyScenario::Mkd(scenario::from_yaml(text, file)?)),
            RulesetId::DungeonWorld10mm => Ok(AnyScenario::Dw10(scenario::from_yaml(text, file)?)),
            RulesetId::DdAndD => Ok(AnyScenario::Ddd(scenario::from_yaml(text, file)?)),
        }
    }

    /// The game the scenario is for.
    pub fn ruleset(&self) -> RulesetId {
        match self {
            AnyScenario::Mkd(s) => s.ruleset,
            AnyScenario::Dw10(s) => s.ruleset,
            AnyScenario::Ddd(s) => s.ruleset,
        }
    }
}
