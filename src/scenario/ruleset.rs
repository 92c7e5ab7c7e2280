//! Which game a scenario is for: the typed ruleset id every scenario file
//! names (`ruleset: mkd-adventure`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A rule system tilecrawl knows, by the id written in scenario files and
/// taken by `--ruleset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RulesetId {
    /// The MKD Adventure (`mkd-adventure`).
    MkdAdventure,
    /// Dungeon World 10 mm (`dungeon-world-10mm`).
    DungeonWorld10mm,
    /// Dungeons Dark & Dangerous (`dd-and-d`).
    DdAndD,
}

impl RulesetId {
    /// Every known rule system, in the order help texts list them.
    pub const ALL: [RulesetId; 3] = [
        RulesetId::MkdAdventure,
        RulesetId::DungeonWorld10mm,
        RulesetId::DdAndD,
    ];

    /// The id as written in files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            RulesetId::MkdAdventure => "mkd-adventure",
            RulesetId::DungeonWorld10mm => "dungeon-world-10mm",
            RulesetId::DdAndD => "dd-and-d",
        }
    }

    /// The rule system with this id, if tilecrawl knows it.
    pub fn parse(text: &str) -> Option<RulesetId> {
        RulesetId::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// `mkd-adventure, …`: the known ids, for error messages.
    pub fn known() -> String {
        RulesetId::ALL.map(RulesetId::as_str).join(", ")
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a ruleset id was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset `{0}`; expected one of: {known}", known = RulesetId::known())]
pub struct UnknownRuleset(pub String);

impl std::str::FromStr for RulesetId {
    type Err = UnknownRuleset;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RulesetId::parse(s).ok_or_else(|| UnknownRuleset(s.escape_default().to_string()))
    }
}

impl Serialize for RulesetId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// In a schema: one of the known ids, as a string.
impl schemars::JsonSchema for RulesetId {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RulesetId".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let ids: Vec<&str> = RulesetId::ALL.iter().map(|r| r.as_str()).collect();
        schemars::json_schema!({
            "description": "The rule system the scenario is for.",
            "type": "string",
            "enum": ids,
        })
    }
}

/// For schemas only: a `ruleset` key that names game `G` and no other, so
/// each game's scenario schema tells the games' files apart.
pub struct RulesetOf<G>(std::marker::PhantomData<G>);

impl<G: super::GamePart> schemars::JsonSchema for RulesetOf<G> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        // `Ruleset` and the id in camel case: `RulesetMkdAdventure`.
        let mut name = String::from("Ruleset");
        for word in G::RULESET.as_str().split('-') {
            let mut c = word.chars();
            if let Some(first) = c.next() {
                name.extend(first.to_uppercase());
                name.push_str(c.as_str());
            }
        }
        name.into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The rule system the scenario is for.",
            "type": "string",
            "enum": [G::RULESET.as_str()],
        })
    }
}

impl<'de> Deserialize<'de> for RulesetId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_reads_back_and_unknown_ids_are_refused() {
        for r in RulesetId::ALL {
            assert_eq!(r.as_str().parse::<RulesetId>(), Ok(r));
        }
        let e = "dungeon-world".parse::<RulesetId>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown ruleset `dungeon-world`; expected one of: mkd-adventure, dungeon-world-10mm, dd-and-d"
        );
    }
}
