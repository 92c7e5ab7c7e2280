//! The quest reward: experience and gold for bringing the goal out.
//!
//! The rules' reward table is blank, so the numbers are tilecrawl's own, as
//! data in `templates/campaign/rewards.yaml` (embedded in the binary).

use crate::core::yaml::FileError;
use crate::mkd::mission::Mission;
use serde::Deserialize;

/// The embedded reward table.
pub const DEFAULT_YAML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/templates/campaign/rewards.yaml"
));
/// The format tag of the reward table.
pub const FORMAT: &str = "tilecrawl-rewards/1";

/// One band of the reward table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// Highest party value the band covers; `None` for the last band.
    #[serde(default)]
    pub max_hero_value: Option<u32>,
    /// Experience shared among the heroes.
    pub experience: u32,
    /// Gold for the party's purse.
    pub gold: u32,
}

/// The reward table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rewards {
    /// The file format: the one this version reads.
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// Bands by rising party value.
    pub bands: Vec<Band>,
    /// Percent of the band's reward added per floor past the first.
    pub extra_floor_percent: u32,
}

/// A reward worked out for one adventure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reward {
    /// Experience shared among the heroes.
    pub experience: u32,
    /// Gold for the party's purse.
    pub gold: u32,
}

/// Parses and checks a reward table; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Rewards, FileError> {
    crate::core::yaml::check_other_kind(text, FORMAT)
        .map_err(|e| FileError::whole(file, e.to_string()))?;
    let r: Rewards = crate::core::yaml::parse(text, file)?;
    if r.format != FORMAT {
        return Err(FileError::at_key(
            file,
            "format",
            format!("expected `{FORMAT}`"),
        ));
    }
    let Some((last, rest)) = r.bands.split_last() else {
        return Err(FileError::at_key(
            file,
            "bands",
            "expected at least one band",
        ));
    };
    if last.max_hero_value.is_some() || rest.iter().any(|b| b.max_hero_value.is_none()) {
        return Err(FileError::at_key(
            file,
            "bands",
            "every band but the last needs `max_hero_value`",
        ));
    }
    if rest
        .windows(2)
        .any(|w| w[0].max_hero_value >= w[1].max_hero_value)
    {
        return Err(FileError::at_key(
            file,
            "bands",
            "`max_hero_value` must rise from band to band",
        ));
    }
    Ok(r)
}

/// The embedded reward table.
pub fn default_rewards() -> Rewards {
    parse(DEFAULT_YAML, "embedded rewards")
        .expect("the embedded reward table is checked by the tests")
}

impl Rewards {
    /// The reward for a successful adventure generated for heroes worth
    /// `hero_value`, `floors` floors deep, with `mission`.
    pub fn reward(&self, hero_value: u32, floors: u32, mission: Mission) -> Reward {
        let band = self
            .bands
            .iter()
            .find(|b| b.max_hero_value.is_none_or(|m| hero_value <= m))
            .expect("the last band has no maximum");
        let extra = u64::from(floors.saturating_sub(1)) * u64::from(self.extra_floor_percent);
        let grow = |v: u32| {
            let v = u64::from(v);
            u32::try_from(v + v * extra / 100).unwrap_or(u32::MAX)
        };
        let mut r = Reward {
            experience: grow(band.experience),
            gold: grow(band.gold),
        };
        // Each bonus adds half the reward's experience (not half of the
        // other bonus) and 250 gold.
        let bonuses = mission.campaign_bonuses();
        r.experience = r.experience.saturating_add(
            r.experience
                .saturating_mul(super::rules::MISSION_BONUS_EXPERIENCE_PERCENT * bonuses)
                / 100,
        );
        r.gold = r
            .gold
            .saturating_add(super::rules::MISSION_BONUS_GOLD * bonuses);
        r
    }
}

/// The JSON Schema of the campaign rewards table file.
pub fn json_schema() -> schemars::Schema {
    schemars::schema_for!(Rewards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_floors_and_the_mission_bonus() {
        let r = default_rewards();
        let quest = Mission::QUEST;
        assert_eq!(
            r.reward(95, 1, quest),
            Reward {
                experience: 200,
                gold: 600
            }
        );
        assert_eq!(r.reward(100, 1, quest).experience, 200);
        assert_eq!(r.reward(101, 1, quest).experience, 300);
        assert_eq!(r.reward(5000, 1, quest).gold, 3600);
        // Two extra floors: +100 %.
        assert_eq!(r.reward(95, 3, quest).gold, 1200);
        // Timed: +50 % experience and 250 gold.
        let timed = Mission::parse("timed").unwrap();
        assert_eq!(
            r.reward(95, 1, timed),
            Reward {
                experience: 300,
                gold: 850
            }
        );
        // Timed and split-up: a bonus for each, +100 % and 500 gold.
        let both = Mission::parse("timed+split-up").unwrap();
        assert_eq!(
            r.reward(95, 1, both),
            Reward {
                experience: 400,
                gold: 1100
            }
        );
    }

    #[test]
    fn bad_tables_are_refused() {
        assert!(parse("format: x\nbands: []\nextra_floor_percent: 0", "r.yaml").is_err());
        let no_last = "format: tilecrawl-rewards/1\nbands: [{max_hero_value: 5, experience: 1, gold: 1}]\nextra_floor_percent: 0";
        let e = parse(no_last, "r.yaml").unwrap_err();
        assert_eq!(e.location, "bands: ");
        assert!(e.message.contains("every band"), "{e}");
        let falling = "format: tilecrawl-rewards/1\nbands: [{max_hero_value: 5, experience: 1, gold: 1}, {max_hero_value: 4, experience: 1, gold: 1}, {experience: 1, gold: 1}]\nextra_floor_percent: 0";
        assert!(
            parse(falling, "r.yaml")
                .unwrap_err()
                .message
                .contains("rise")
        );
    }
}
