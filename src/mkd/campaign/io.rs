//! Campaign files on disk: `CAMPAIGNS_DIR/NAME/campaign.yaml`, written
//! atomically with the previous good copy kept as `campaign.yaml.bak`, and
//! the saved game an adventure's town phase reads.

use super::model::{self, Campaign, CampaignError};
use crate::core::yaml::FileError;
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

/// Reads a saved game, checks that its scenario is unchanged, and replays it
/// to the end: the adventure's result and the roll tables it was played with.
pub fn replay_save(save_path: &Path) -> Result<(AdventureResult, Tables), ResumeError> {
    let shown = save_path.display().to_string();
    let text = crate::core::fs::read_limited(save_path, session::MAX_SAVE_BYTES).map_err(|e| {
        FileError::whole(
            shown,
            format!(
                "{} (play the adventure first; the command is printed by `campaign next` and `campaign show`)",
                e.describe("a save file", session::MAX_SAVE_BYTES)
            ),
        )
    })?;
    let r = session::resume(&text, save_path)?;
    Ok((r.session.game().result(), Arc::unwrap_or_clone(r.tables)))
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
