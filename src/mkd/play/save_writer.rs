//! Writing a game's save as it is played, in time linear in the game's
//! length: the whole file once (atomically, by a temporary file and a
//! rename), then each new line appended as one `- ` entry — the file after
//! an append is byte for byte the file a whole write would give. A process
//! killed in the middle of an append leaves at most a last entry cut short,
//! with no line break; [`crate::mkd::play::session::resume`] leaves that
//! entry out (the line was being saved when the game stopped).

use crate::mkd::play::session::{SaveFile, line_entry};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a save could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Something other than a regular file is at the save's path.
    #[error(
        "{}: is not a regular file (a link, a device, a pipe or a folder); a save is written only to a new or regular file",
        path.display()
    )]
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// Writing failed.
    #[error("{}: cannot write the save file: {reason}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// Why (in the message, not a separate source: printed once).
        reason: std::io::Error,
    },
}

/// Refuses `path` when something other than a regular file is there.
pub fn check_save_path(path: &Path) -> Result<(), SaveError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() => Err(SaveError::NotAFile {
            path: path.to_path_buf(),
        }),
        _ => Ok(()),
    }
}

/// Keeps the save at one path up to date with a game.
#[derive(Debug)]
pub struct SaveWriter {
    path: PathBuf,
    sync: bool,
    /// Everything the save holds but its lines, which do not change in a game.
    head: SaveFile,
    /// How many of the game's lines the file on disk holds; `None` before
    /// the first write.
    lines_on_disk: Option<usize>,
    /// Bytes written in all, for the tests and the benchmark.
    bytes_written: u64,
}

impl SaveWriter {
    /// A writer for the save at `path` (refused when something other than a
    /// regular file is there) of the game `head` describes (its `lines` are
    /// not used: [`SaveWriter::write`] is given them). With `sync`, every
    /// write is flushed to the disk (file and folder) before it counts as
    /// done.
    pub fn new(path: &Path, head: SaveFile, sync: bool) -> Result<SaveWriter, SaveError> {
        check_save_path(path)?;
        Ok(SaveWriter {
            path: path.to_path_buf(),
            sync,
            head: SaveFile {
                lines: Vec::new(),
                ..head
            },
            lines_on_disk: None,
            bytes_written: 0,
        })
    }

    /// The save's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes written so far.
    pub fn bytes_written(&self) -> u64 {
        self.bytes_written
    }

    /// Brings the file up to the game's `lines` so far: the new ones
    /// appended when the file already holds the ones before them, else the
    /// whole file rewritten. The cost is that of the new lines, not of the
    /// game.
    pub fn write(&mut self, lines: &[String]) -> Result<(), SaveError> {
        let io = |reason| SaveError::Io {
            path: self.path.clone(),
            reason,
        };
        match self.lines_on_disk {
            // A file with no lines ends in `lines: []`: rewritten whole.
            Some(n) if n > 0 && n <= lines.len() => {
                if n == lines.len() {
                    return Ok(());
                }
                check_save_path(&self.path)?;
                let mut text = String::new();
                for l in &lines[n..] {
                    text.push_str(&line_entry(l));
                }
                let mut f = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&self.path)
                    .map_err(io)?;
                // One write: a cut-short entry is the only way it can fail half done.
                f.write_all(text.as_bytes()).map_err(io)?;
                if self.sync {
                    f.sync_data().map_err(io)?;
                }
                self.bytes_written += text.len() as u64;
            }
            _ => {
                check_save_path(&self.path)?;
                let save = SaveFile {
                    lines: lines.to_vec(),
                    ..self.head.clone()
                };
                let yaml =
                    yaml_serde::to_string(&save).map_err(|e| io(std::io::Error::other(e)))?;
                crate::core::fs::write_all_atomic_synced(
                    &[(self.path.as_path(), yaml.as_bytes())],
                    self.sync,
                )
                .map_err(io)?;
                self.bytes_written += yaml.len() as u64;
            }
        }
        self.lines_on_disk = Some(lines.len());
        Ok(())
    }

    /// Flushes the file and its folder to the disk (for a writer made
    /// without `sync`, at the end of a game).
    pub fn sync(&self) -> Result<(), SaveError> {
        let io = |reason| SaveError::Io {
            path: self.path.clone(),
            reason,
        };
        if self.lines_on_disk.is_none() {
            return Ok(());
        }
        std::fs::File::open(&self.path)
            .and_then(|f| f.sync_all())
            .map_err(io)?;
        crate::core::fs::sync_parent(&self.path).map_err(io)
    }
}
