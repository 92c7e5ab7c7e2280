//! What the three games' `play` share about files: the script read (a file,
//! or standard input for `-`) and the save's path checked before anything
//! is played, so a save never replaces a file the game reads.

use anyhow::bail;
use std::path::Path;
use tilecrawl::core::fs::FolderLock;

/// The largest script read.
const MAX_SCRIPT_BYTES: u64 = 4 * 1024 * 1024;

/// The text of `--script`: the file, or standard input for `-`.
pub(crate) fn read_script(path: &Path) -> anyhow::Result<String> {
    if super::outputs::is_stdin(path) {
        return super::outputs::read_stdin("a script", MAX_SCRIPT_BYTES);
    }
    tilecrawl::core::fs::read_limited(path, MAX_SCRIPT_BYTES).map_err(|e| {
        anyhow::anyhow!(
            "{}: {}",
            path.display(),
            e.describe("a script", MAX_SCRIPT_BYTES)
        )
    })
}

/// How a game uses the path it saves to.
#[derive(Debug, Clone, Copy)]
pub(crate) enum SaveUse {
    /// A new game; `force`: an earlier save there may be replaced.
    New {
        /// `--force` was given.
        force: bool,
    },
    /// A resumed game goes on saving there.
    Resume,
}

/// Checks the path a game saves to before anything is played, and takes
/// the lock on its folder (one writer per folder): a new game's folder must
/// exist, nothing but a regular file may be at the path (a folder, a link,
/// a device), and a new game replaces an earlier save only with `--force`.
pub(crate) fn claim_save(save: &Path, how: SaveUse) -> anyhow::Result<FolderLock> {
    // `-` names standard output elsewhere, but a save is a file the game
    // writes after every command and reads back on --resume.
    if super::outputs::is_stdout(save) {
        match how {
            SaveUse::New { .. } => bail_usage!(
                "--save -: a save is a file the game rewrites as it goes and --resume reads back, so it cannot go to standard output; name a file (e.g. --save save.yaml)"
            ),
            SaveUse::Resume => bail_usage!(
                "a resumed game saves where it was read from, and `-` is not a file; add --save FILE to say where it goes on"
            ),
        }
    }
    if let SaveUse::New { .. } = how
        && let Some(dir) = save.parent()
        && !dir.as_os_str().is_empty()
        && !dir.is_dir()
    {
        bail!(
            "{}: the folder for the save does not exist; create it or give another --save",
            dir.display()
        );
    }
    let lock = FolderLock::take_for(save)?;
    tilecrawl::mkd::play::save_writer::check_save_path(save)?;
    if let SaveUse::New { force: false } = how
        && save.exists()
    {
        bail!(
            "{}: a saved game is already there; continue it with `tilecrawl play --resume {}`, or start over with --force",
            save.display(),
            save.display()
        );
    }
    Ok(lock)
}

/// Refuses to save over a file the game reads (the scenario, a party, the
/// script …), even with `--force`: `inputs` are each file's role and path
/// (`None` and `-`, standard input, are skipped).
pub(crate) fn refuse_saving_over(
    save: &Path,
    inputs: &[(&str, Option<&Path>)],
) -> anyhow::Result<()> {
    for (what, input) in inputs {
        let Some(input) = input else { continue };
        if super::outputs::is_stdin(input) {
            continue;
        }
        if same_file(save, input) {
            bail!(
                "{}: this is the {what} the game reads ({}); saving there would replace it, so give another --save",
                save.display(),
                input.display()
            );
        }
    }
    Ok(())
}

/// Whether two paths name one existing file (links followed; on Unix a
/// hard link counts too).
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        ma.dev() == mb.dev() && ma.ino() == mb.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (ma, mb);
        matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
    }
}
