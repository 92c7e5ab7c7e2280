//! Campaign files on disk: `CAMPAIGNS_DIR/NAME/campaign.yaml`, written
//! atomically with the previous good copy kept as `campaign.yaml.bak`, and
//! the saved game an adventure's town phase reads.

use super::model::{self, Campaign, CampaignError};
use crate::core::yaml::FileError;
use crate::mkd::play::party::Party;
use crate::mkd::play::result::AdventureResult;
use crate::mkd::play::session::{self, ResumeError};
use crate::mkd::tables::Tables;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The campaign file's name inside its folder.
pub const FILE_NAME: &str = "campaign.yaml";
/// The previous good copy's name.
pub const BACKUP_NAME: &str = "campaign.yaml.bak";

/// A campaign name that cannot name a folder (escaped as given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "campaign name `{0}`: expected 1 to {max} characters without `/`, `\\`, `:`, control characters, a leading `.` or `-`, or spaces at the ends (it names a folder)",
    max = model::MAX_NAME
)]
pub struct BadCampaignName(pub String);

/// Checks a campaign name: it names a folder, so no `/`, `\`, `..`, leading
/// dot or control characters, 1 to 64 characters.
pub fn check_name(name: &str) -> Result<(), BadCampaignName> {
    let ok = !name.is_empty()
        && name.chars().count() <= model::MAX_NAME
        && !name.starts_with('.')
        && !name.starts_with('-')
        && name.trim() == name
        && !name
            .chars()
            .any(|c| c.is_control() || matches!(c, '/' | '\\' | ':'));
    if ok {
        Ok(())
    } else {
        Err(BadCampaignName(name.escape_default().to_string()))
    }
}

/// The campaign's folder.
pub fn folder(dir: &Path, name: &str) -> PathBuf {
    dir.join(name)
}

/// Loads and checks a campaign file. A corrupt file is refused with one line
/// that points at the backup, if there is one.
pub fn load(path: &Path) -> Result<Campaign, CampaignError> {
    let file = path.display().to_string();
    let hint = |mut e: CampaignError| {
        let bak = path.with_file_name(BACKUP_NAME);
        if bak.exists() {
            e.message += &format!(
                " (the file is left as it is; the previous good copy is {})",
                bak.display()
            );
        }
        e
    };
    let text = crate::core::yaml::read_file(path, model::MAX_CAMPAIGN_BYTES, "a campaign file")
        .map_err(hint)?;
    model::parse(&text, &file).map_err(hint)
}

/// Writes the campaign atomically and flushes it to the disk (file and
/// folder) before it counts as written: a campaign is months of play. The
/// file it replaces (if it is a good campaign) is first copied to
/// `campaign.yaml.bak`.
pub fn save(path: &Path, c: &Campaign) -> std::io::Result<()> {
    use crate::core::fs::write_all_atomic_synced;
    if let Ok(old) = std::fs::read(path)
        && std::str::from_utf8(&old)
            .ok()
            .is_some_and(|t| model::parse(t, "").is_ok())
    {
        write_all_atomic_synced(&[(&path.with_file_name(BACKUP_NAME), &old)], true)?;
    }
    write_all_atomic_synced(&[(path, c.to_yaml().as_bytes())], true)
}

/// Why a save cannot settle the campaign's current adventure.
#[derive(Debug, thiserror::Error)]
pub enum SaveRefused {
    /// The save cannot be taken up (a broken save, a changed scenario).
    #[error(transparent)]
    Resume(#[from] ResumeError),
    /// The adventure's own scenario or party file cannot be read.
    #[error(transparent)]
    Adventure(FileError),
    /// The game was played on another scenario than the adventure's.
    #[error(
        "{save}: this game was played on {played}, not on adventure {number}'s {expected} (the two scenarios differ)"
    )]
    OtherScenario {
        /// The save file.
        save: String,
        /// The scenario the save names.
        played: String,
        /// The adventure's number.
        number: u32,
        /// The adventure's scenario (or dungeon) file.
        expected: String,
    },
    /// The game was played with other heroes than the adventure's party.
    #[error(
        "{save}: this game was played with another party than adventure {number}'s {expected}: {what}"
    )]
    OtherParty {
        /// The save file.
        save: String,
        /// The adventure's number.
        number: u32,
        /// The adventure's party file.
        expected: String,
        /// What differs.
        what: String,
    },
}

impl SaveRefused {
    /// Is the save of another adventure or party (playing the adventure
    /// itself is the cure), rather than broken?
    pub fn is_other_game(&self) -> bool {
        matches!(
            self,
            SaveRefused::OtherScenario { .. } | SaveRefused::OtherParty { .. }
        )
    }
}

/// The campaign's current adventure as `campaign next` wrote it: its
/// scenario (or dungeon) file, its party file and its number.
#[derive(Debug, Clone, Copy)]
pub struct AdventureFiles<'a> {
    /// `scenario.yaml` or `dungeon.yaml`.
    pub scenario: &'a Path,
    /// `party.yaml`.
    pub party: &'a Path,
    /// The adventure's number.
    pub number: u32,
}

/// Reads a saved game, checks that its scenario is unchanged, and replays it
/// to the end for the town phase of the adventure in `adv`: the adventure's
/// result and the roll tables it was played with. The save must be of a game played on that adventure's scenario (its content, not
/// its path: a copy played elsewhere counts) and with its party, hero for
/// hero (level, value, stats, abilities, items, players), so a game of
/// another dungeon, of an adventure the folder held before, or of heroes
/// at other levels is never recorded as this adventure.
pub fn replay_adventure_save(
    save_path: &Path,
    adv: AdventureFiles<'_>,
) -> Result<(AdventureResult, Tables), SaveRefused> {
    let shown = save_path.display().to_string();
    let text = crate::core::fs::read_limited(save_path, session::MAX_SAVE_BYTES).map_err(|e| {
        ResumeError::File(FileError::whole(
            shown.clone(),
            format!(
                "{} (play the adventure first; the command is printed by `campaign next` and `campaign show`)",
                e.describe("a save file", session::MAX_SAVE_BYTES)
            ),
        ))
    })?;
    let expected_text =
        crate::core::fs::read_limited(adv.scenario, crate::scenario::MAX_SCENARIO_BYTES).map_err(
            |e| {
                SaveRefused::Adventure(FileError::whole(
                    adv.scenario.display().to_string(),
                    e.describe("a scenario", crate::scenario::MAX_SCENARIO_BYTES),
                ))
            },
        )?;
    let (_, expected_digest) =
        crate::mkd::play::floors::Adventure::from_text(&expected_text, adv.scenario)
            .map_err(SaveRefused::Adventure)?;
    let expected_party =
        crate::mkd::play::party::load(adv.party).map_err(SaveRefused::Adventure)?;
    let r = session::resume(&text, save_path)?;
    if r.save.scenario_digest != expected_digest {
        return Err(SaveRefused::OtherScenario {
            save: shown,
            played: crate::core::text::excerpt(&r.scenario_path.display().to_string(), 120),
            number: adv.number,
            expected: adv.scenario.display().to_string(),
        });
    }
    if let Some(what) = party_difference(&r.party, &expected_party) {
        return Err(SaveRefused::OtherParty {
            save: shown,
            number: adv.number,
            expected: adv.party.display().to_string(),
            what,
        });
    }
    Ok((r.session.game().result(), Arc::unwrap_or_clone(r.tables)))
}

/// How the party a game was played with differs from the adventure's
/// (`None`: the same heroes, players and prisoner; the party's own name
/// does not count).
pub fn party_difference(played: &Party, expected: &Party) -> Option<String> {
    let names = |p: &Party| p.heroes().map(|h| h.name.clone()).collect::<Vec<_>>();
    let (mine, theirs) = (names(played), names(expected));
    if mine != theirs {
        return Some(format!(
            "the game's heroes are {}; the adventure's are {}",
            mine.join(", "),
            theirs.join(", ")
        ));
    }
    for (a, b) in played.heroes().zip(expected.heroes()) {
        if a == b {
            continue;
        }
        let what = if (a.level, a.value) != (b.level, b.value) {
            format!(
                "level {} worth {} points in the game, level {} worth {} points in the adventure",
                a.level, a.value, b.level, b.value
            )
        } else if a.chests != b.chests {
            "other items brought in".to_string()
        } else {
            "other stats or abilities".to_string()
        };
        return Some(format!("{} has {what}", a.name));
    }
    let players = |p: &Party| p.teams.iter().map(|t| t.player.clone()).collect::<Vec<_>>();
    if players(played) != players(expected) {
        return Some("the heroes are shared among other players".to_string());
    }
    if played.prisoner != expected.prisoner {
        return Some("another prisoner".to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn campaign_names_cannot_leave_their_folder() {
        for ok in ["Ironfall", "the long road", "Saga_2"] {
            assert!(check_name(ok).is_ok(), "{ok}");
        }
        for bad in ["", "a/b", "..", ".hidden", "a\\b", "x\ny", " pad", "-flag"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn saving_keeps_the_previous_good_copy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let mut c = Campaign::new("t", 1, &crate::mkd::play::party::default_party());
        save(&path, &c).unwrap();
        assert!(!path.with_file_name(BACKUP_NAME).exists());
        let first = std::fs::read(&path).unwrap();
        c.gold = 77;
        save(&path, &c).unwrap();
        assert_eq!(
            std::fs::read(path.with_file_name(BACKUP_NAME)).unwrap(),
            first
        );
        assert_eq!(load(&path).unwrap().gold, 77);
        // A corrupt file is not copied over the good backup.
        std::fs::write(&path, "format: [").unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(e.contains(BACKUP_NAME), "{e}");
        save(&path, &c).unwrap();
        assert_eq!(
            std::fs::read(path.with_file_name(BACKUP_NAME)).unwrap(),
            first
        );
    }
}
