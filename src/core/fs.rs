//! Writing files safely: to a temporary name in the same folder, then renamed,
//! so a reader never sees a half-written file and an old file is never left
//! truncated.

use std::io::{Read, Write};
use std::path::Path;

/// Environment variable read only by the crash tests (`tests/it/hostile.rs`):
/// when set to a number of milliseconds, [`write_all_atomic`] sleeps that long
/// after staging every temporary file and after each rename, so a test can
/// kill the process in the middle of a write. Unset, nothing changes.
pub const SLOW_WRITE_ENV: &str = "TILECRAWL_TEST_SLOW_WRITE_MS";

/// Why [`read_limited`] read nothing.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io(std::io::Error),
    /// The file is larger than allowed; holds its size from the metadata.
    TooBig(u64),
    /// A file whose size is not known up front (a pipe, a device) gave more
    /// bytes than allowed.
    TooLong,
    /// The file is not UTF-8; holds the offset of the first invalid byte.
    NotUtf8(usize),
}

/// Reads a UTF-8 text file of at most `max_bytes`: the size is checked from
/// the file's metadata before reading, and reading stops one byte past the
/// limit, so a huge file, `/dev/zero` or an endless pipe is refused without
/// being read whole.
///
/// Only a regular file is read: a named pipe, a socket or a device is
/// refused before it is opened (opening a pipe waits for a writer, maybe
/// forever). A UTF-8 byte-order mark at the start is dropped.
pub fn read_limited(path: &Path, max_bytes: u64) -> Result<String, ReadError> {
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.is_file() && !meta.is_dir() {
        return Err(ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "is not a regular file (a pipe, a socket or a device); give a file, or `-` for standard input where a command takes it",
        )));
    }
    let f = std::fs::File::open(path).map_err(ReadError::Io)?;
    let meta = f.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "is a folder, not a file",
        )));
    }
    if meta.len() > max_bytes {
        return Err(ReadError::TooBig(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    f.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(ReadError::TooLong);
    }
    text_of(bytes)
}

/// Reads UTF-8 text of at most `max_bytes` from a stream (standard input):
/// reading stops one byte past the limit.
pub fn read_limited_from(r: impl Read, max_bytes: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    r.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(ReadError::TooLong);
    }
    text_of(bytes)
}

/// The text of `bytes`, without a leading byte-order mark.
fn text_of(mut bytes: Vec<u8>) -> Result<String, ReadError> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8(e.utf8_error().valid_up_to()))
}

/// One line read by [`read_line_limited`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LimitedLine {
    /// The line, without its line break (bytes that are not UTF-8 replaced).
    Line(String),
    /// A line longer than the limit: its first bytes (up to the limit, as
    /// text) and its whole length in bytes. The rest was read and dropped.
    TooLong(String, u64),
}

/// Reads one line of at most `max` bytes from `r`, holding at most `max`
/// bytes in memory however long the line is: a longer line is read to its
/// end and reported as [`LimitedLine::TooLong`]. `None` at the end of input.
pub fn read_line_limited(
    r: &mut impl std::io::BufRead,
    max: usize,
) -> std::io::Result<Option<LimitedLine>> {
    let mut kept = Vec::new();
    let mut total = 0u64;
    let mut any = false;
    loop {
        let avail = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            break;
        }
        any = true;
        let (chunk, used, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (&avail[..i], i + 1, true),
            None => (avail, avail.len(), false),
        };
        total += chunk.len() as u64;
        let room = (max + 1).saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        r.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') && total as usize == kept.len() {
        kept.pop();
        total -= 1;
    }
    if total > max as u64 {
        kept.truncate(max);
        return Ok(Some(LimitedLine::TooLong(
            String::from_utf8_lossy(&kept).into_owned(),
            total,
        )));
    }
    Ok(Some(LimitedLine::Line(
        String::from_utf8_lossy(&kept).into_owned(),
    )))
}

impl ReadError {
    /// One line for an error message: what went wrong, with `what` naming the
    /// kind of file (`a tile set`) and `max_bytes` the limit.
    pub fn describe(&self, what: &str, max_bytes: u64) -> String {
        match self {
            ReadError::Io(e) => format!("cannot read {what}: {e}"),
            ReadError::TooBig(n) => {
                format!("file is {n} bytes; {what} may be at most {max_bytes} bytes")
            }
            ReadError::TooLong => {
                format!("more than {max_bytes} bytes; {what} may be at most {max_bytes} bytes")
            }
            ReadError::NotUtf8(at) => {
                format!("not UTF-8 text (invalid byte at offset {at}); {what} must be UTF-8 text")
            }
        }
    }
}

/// The pause [`SLOW_WRITE_ENV`] asks for, if any.
fn slow_write_pause() -> Option<std::time::Duration> {
    let ms: u64 = std::env::var(SLOW_WRITE_ENV).ok()?.trim().parse().ok()?;
    Some(std::time::Duration::from_millis(ms.min(60_000)))
}

/// Writes `bytes` to `path` atomically (temporary file in the same folder, then rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = stage(path, bytes)?;
    if let Some(p) = slow_write_pause() {
        std::thread::sleep(p);
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes several files as one step, as far as a file system allows: every
/// file is first written in full to a temporary name beside its target, and
/// only when all of them are written are they renamed into place. A target
/// that exists but is not a regular file is refused before anything is
/// renamed. On error the temporary files are removed.
pub fn write_all_atomic(files: &[(&Path, &[u8])]) -> std::io::Result<()> {
    write_all_atomic_synced(files, false)
}

/// [`write_all_atomic`], and with `sync` each file is flushed to the disk
/// (fsync) before it is renamed, and the folder after: slower, but the files
/// survive a power cut.
pub fn write_all_atomic_synced(files: &[(&Path, &[u8])], sync: bool) -> std::io::Result<()> {
    for (path, _) in files {
        refuse_other_than_file(path)?;
    }
    let mut staged = Vec::with_capacity(files.len());
    for (path, bytes) in files {
        let tmp = stage(path, bytes)?;
        if sync {
            tmp.as_file().sync_all()?;
        }
        staged.push((tmp, *path));
    }
    let pause = slow_write_pause();
    if let Some(p) = pause {
        std::thread::sleep(p);
    }
    for (tmp, path) in staged {
        tmp.persist(path).map_err(|e| e.error)?;
        if let Some(p) = pause {
            std::thread::sleep(p);
        }
    }
    if sync && let Some((path, _)) = files.first() {
        sync_parent(path)?;
    }
    Ok(())
}

/// Flushes the folder holding `path` to the disk, so a rename into it lasts.
pub fn sync_parent(path: &Path) -> std::io::Result<()> {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => std::fs::File::open(d)?.sync_all(),
        _ => std::fs::File::open(".")?.sync_all(),
    }
}

/// Why a folder could not be locked.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds the folder's lock.
    #[error(
        "{}: another tilecrawl is writing in this folder; wait for it to finish, or write somewhere else",
        dir.display()
    )]
    Busy {
        /// The folder.
        dir: std::path::PathBuf,
    },
    /// The folder could not be opened or locked.
    #[error("{}: cannot lock the folder: {reason}", dir.display())]
    Io {
        /// The folder.
        dir: std::path::PathBuf,
        /// Why (in the message, not a separate source: printed once).
        reason: std::io::Error,
    },
}

/// An advisory lock on a folder, held until dropped: one tilecrawl at a
/// time writes into a folder, so two runs never mix their files; a second
/// run is refused at once with [`LockError::Busy`]. Taking it also removes
/// the temporary files (`.tilecrawl-*.tmp`) a killed run left in the folder
/// and two levels of folders inside it (a batch's adventures and their
/// floors; no other run can be writing them). On a system where a folder cannot be opened as a file, no lock is
/// taken.
#[derive(Debug)]
pub struct FolderLock {
    _dir: Option<std::fs::File>,
}

impl FolderLock {
    /// Locks `dir`, which must exist.
    pub fn take(dir: &Path) -> Result<FolderLock, LockError> {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let file = match std::fs::File::open(dir) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(LockError::Io {
                    dir: dir.to_path_buf(),
                    reason: e,
                });
            }
            // Folders cannot be opened as files here: go on unlocked.
            Err(_) => return Ok(FolderLock { _dir: None }),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(LockError::Busy {
                    dir: dir.to_path_buf(),
                });
            }
            Err(std::fs::TryLockError::Error(e)) => {
                if e.kind() == std::io::ErrorKind::Unsupported {
                    return Ok(FolderLock { _dir: None });
                }
                return Err(LockError::Io {
                    dir: dir.to_path_buf(),
                    reason: e,
                });
            }
        }
        remove_leftovers(dir, 2);
        Ok(FolderLock { _dir: Some(file) })
    }

    /// Locks the folder holding `file`.
    pub fn take_for(file: &Path) -> Result<FolderLock, LockError> {
        FolderLock::take(file.parent().unwrap_or(Path::new(".")))
    }
}

/// Removes the `.tilecrawl-*.tmp` files in `dir` and, `depth` levels down,
/// in its folders. Best effort: what cannot be read or removed stays.
/// [`FolderLock::take`] calls it, and a batch quitting at once on a second
/// Ctrl-C, so neither leaves a half-written file behind.
pub fn remove_leftovers(dir: &Path, depth: u32) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        let Ok(kind) = e.file_type() else { continue };
        if kind.is_file() && name.starts_with(".tilecrawl-") && name.ends_with(".tmp") {
            let _ = std::fs::remove_file(e.path());
        } else if kind.is_dir() && depth > 0 {
            remove_leftovers(&e.path(), depth - 1);
        }
    }
}

/// A file written a piece at a time under a temporary name beside `path`,
/// and renamed into place only by [`StreamedFile::persist`]; dropped
/// without it, the temporary file is removed and `path` is untouched.
pub struct StreamedFile {
    path: std::path::PathBuf,
    out: std::io::BufWriter<tempfile::NamedTempFile>,
}

impl StreamedFile {
    /// Starts the temporary file for `path`.
    pub fn create(path: &Path) -> std::io::Result<StreamedFile> {
        Ok(StreamedFile {
            path: path.to_path_buf(),
            out: std::io::BufWriter::new(stage(path, b"")?),
        })
    }

    /// Appends `bytes`.
    pub fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.out.write_all(bytes)
    }

    /// Renames the finished file into place (after an fsync with `sync`).
    pub fn persist(self, sync: bool) -> std::io::Result<()> {
        let tmp = self.out.into_inner().map_err(|e| e.into_error())?;
        if sync {
            tmp.as_file().sync_all()?;
        }
        tmp.persist(&self.path).map_err(|e| e.error)?;
        if sync {
            sync_parent(&self.path)?;
        }
        Ok(())
    }
}

impl Write for StreamedFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// An error when something other than a regular file stands at `path` (a
/// folder, a device, a pipe, a symbolic link): a rename would replace it
/// with a file, so every writer here refuses it instead. A command that
/// writes several files asks this of each before it writes any.
pub fn refuse_other_than_file(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() => Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!("{} exists and is not a regular file", path.display()),
        )),
        _ => Ok(()),
    }
}

/// Writes `bytes` to a new temporary file beside `path`, refused when
/// something other than a regular file stands at `path`.
fn stage(path: &Path, bytes: &[u8]) -> std::io::Result<tempfile::NamedTempFile> {
    refuse_other_than_file(path)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tilecrawl-").suffix(".tmp");
    // Ordinary file permissions (the umask applies), not tempfile's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    Ok(tmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_of_files_is_replaced_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        write_all_atomic(&[(&a, b"old a"), (&b, b"old b")]).unwrap();
        // b becomes a folder: the second write must fail and leave a alone.
        std::fs::remove_file(&b).unwrap();
        std::fs::create_dir(&b).unwrap();
        assert!(write_all_atomic(&[(&a, b"new a"), (&b, b"new b")]).is_err());
        assert_eq!(std::fs::read(&a).unwrap(), b"old a");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "no temporary files left: {names:?}");
    }

    #[cfg(unix)]
    #[test]
    fn every_writer_refuses_to_replace_a_pipe_a_link_or_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        std::fs::write(&target, b"kept").unwrap();
        let pipe = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        let mut others = vec![link.clone(), folder.clone()];
        if made.is_ok_and(|s| s.success()) {
            others.push(pipe);
        }
        for p in &others {
            let e = write_atomic(p, b"new").unwrap_err().to_string();
            assert_eq!(
                e,
                format!("{} exists and is not a regular file", p.display())
            );
            assert!(StreamedFile::create(p).is_err(), "{}", p.display());
            assert!(write_all_atomic(&[(p.as_path(), b"new")]).is_err());
        }
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"kept");
        // Only the four entries made above: no temporary file left.
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            others.len() + 1
        );
    }

    #[test]
    fn replaces_whole_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        write_atomic(&p, b"first version, long").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&p).unwrap().permissions().mode();
            assert_ne!(
                mode & 0o044,
                0,
                "file should be readable by others as umask allows: {mode:o}"
            );
        }
    }
}
