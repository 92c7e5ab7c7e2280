//! The six scenarios (rule text lines 146-162): their ids, their numbers on
//! the d6, and what each says in tilecrawl's words (embedded from
//! `templates/dd-and-d/scenarios.yaml`).

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The `format:` line of the scenario texts file.
pub const FORMAT: &str = "tilecrawl-dd-and-d-scenarios/1";

/// One of the six scenarios.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum ScenarioKind {
    /// 1. Battle: kill half the other war-party.
    Battle,
    /// 2. Ambush: the defender, in the centre, must get half off the board.
    Ambush,
    /// 3. Treasure Hunt: carry the most treasure off.
    TreasureHunt,
    /// 4. Object of Power: carry the object off the far edge.
    ObjectOfPower,
    /// 5. Free Prisoner: free the prisoner in the centre and get it off.
    FreePrisoner,
    /// 6. Secrets of the Ancients: read the inscription, leave by the far edge.
    SecretsOfTheAncients,
}

impl ScenarioKind {
    /// All six, in the order of the d6.
    pub const ALL: [ScenarioKind; 6] = [
        ScenarioKind::Battle,
        ScenarioKind::Ambush,
        ScenarioKind::TreasureHunt,
        ScenarioKind::ObjectOfPower,
        ScenarioKind::FreePrisoner,
        ScenarioKind::SecretsOfTheAncients,
    ];

    /// The id in files and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            ScenarioKind::Battle => "battle",
            ScenarioKind::Ambush => "ambush",
            ScenarioKind::TreasureHunt => "treasure-hunt",
            ScenarioKind::ObjectOfPower => "object-of-power",
            ScenarioKind::FreePrisoner => "free-prisoner",
            ScenarioKind::SecretsOfTheAncients => "secrets-of-the-ancients",
        }
    }

    /// Does the side choosing second take an edge of its own choice
    /// (Treasure Hunt, L153; Secrets, L159), not the one opposite the
    /// first's (Battle, L149; Object of Power, L155)?
    pub fn second_chooses_edge(self) -> bool {
        matches!(
            self,
            ScenarioKind::TreasureHunt | ScenarioKind::SecretsOfTheAncients
        )
    }

    /// The scenario with this id.
    pub fn parse(id: &str) -> Option<ScenarioKind> {
        ScenarioKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// `battle, ambush, …`: the ids, for messages.
    pub fn known() -> String {
        ScenarioKind::ALL.map(ScenarioKind::id).join(", ")
    }

    /// The face of the d6 that picks it (1 to 6).
    pub fn number(self) -> u32 {
        ScenarioKind::ALL
            .iter()
            .position(|k| *k == self)
            .map_or(1, |i| i as u32 + 1)
    }

    /// Must each board edge have exits (at least 2)? All but Battle.
    pub fn needs_exits(self) -> bool {
        self != ScenarioKind::Battle
    }

    /// What it says, in tilecrawl's words.
    pub fn text(self) -> &'static ScenarioText {
        texts()
            .iter()
            .find(|t| t.id == self)
            .expect("the embedded texts name every scenario (a test checks)")
    }
}

impl std::fmt::Display for ScenarioKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// A scenario's rules in tilecrawl's words.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioText {
    /// Which scenario.
    pub id: ScenarioKind,
    /// Its name.
    pub name: String,
    /// The d6 face that picks it.
    pub roll: u32,
    /// Who lays the dungeon out.
    pub builds: String,
    /// Who sets up where, and first.
    pub deploys: String,
    /// How it is won.
    pub victory: String,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct TextsFile {
    /// The file format: the one this version reads.
    #[allow(dead_code)]
    #[schemars(extend("const" = FORMAT))]
    format: String,
    scenarios: Vec<ScenarioText>,
}

/// The embedded scenario texts.
pub fn texts() -> &'static [ScenarioText] {
    static TEXTS: OnceLock<Vec<ScenarioText>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let f: TextsFile = yaml_serde::from_str(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/templates/dd-and-d/scenarios.yaml"
        )))
        .expect("the embedded scenario texts parse (a test checks)");
        f.scenarios
    })
}

/// The JSON Schema of the Dungeons Dark & Dangerous scenario texts file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(TextsFile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_name_every_scenario_once_with_its_d6_face() {
        assert_eq!(texts().len(), 6);
        for k in ScenarioKind::ALL {
            let t = k.text();
            assert_eq!(t.roll, k.number(), "{k}");
            assert!(!t.victory.is_empty() && !t.deploys.is_empty());
            assert_eq!(ScenarioKind::parse(k.id()), Some(k));
        }
        assert_eq!(ScenarioKind::parse("roll"), None);
    }
}
