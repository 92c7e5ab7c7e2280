//! What the three games' `play` share about files: the script read (a file,
//! or standard input for `-`) and the save's path checked before anything
//! is played, so a save never replaces a file the game reads.

use std::path::Path;

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
