//! Reading YAML: the one error every loader gives (file, place, what was
//! expected), the pre-scan that bounds what the parser is given, and the
//! parse itself (yaml_serde).

use serde::de::DeserializeOwned;
use std::path::Path;

/// Why a file was refused: one line naming the file, the place in it and
/// what was expected — `FILE: line L, column C: …` or `FILE: key: …`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {location}{message}")]
pub struct FileError {
    /// The file.
    pub file: String,
    /// `line L, column C: ` or `key: ` where known, else empty.
    pub location: String,
    /// What was wrong.
    pub message: String,
}

impl FileError {
    /// An error about the file as a whole.
    pub fn whole(file: impl Into<String>, message: impl Into<String>) -> FileError {
        FileError {
            file: file.into(),
            location: String::new(),
            message: message.into(),
        }
    }

    /// An error about the value of `key` (a key path: `pools.monsters[2]`).
    pub fn at_key(file: impl Into<String>, key: &str, message: impl Into<String>) -> FileError {
        FileError {
            file: file.into(),
            location: format!("{key}: "),
            message: message.into(),
        }
    }
}

/// Reads a file of at most `max_bytes` for a loader: its text, or one
/// [`FileError`] naming the file (`what` says what it should have been, "a
/// party file"). The size is checked before reading (see
/// [`crate::core::fs::read_limited`]).
pub fn read_file(path: &Path, max_bytes: u64, what: &str) -> Result<String, FileError> {
    crate::core::fs::read_limited(path, max_bytes)
        .map_err(|e| FileError::whole(path.display().to_string(), e.describe(what, max_bytes)))
}

/// Pre-scans `text` ([`check_shape`]) and parses it; `file` names the source
/// in errors, which keep yaml_serde's line, column and key path.
pub fn parse<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, FileError> {
    check_shape(text).map_err(|(location, message)| FileError {
        file: file.into(),
        location,
        message,
    })?;
    yaml_serde::from_str(text).map_err(|e| {
        let (location, message) = error_parts(&e);
        FileError {
            file: file.into(),
            location,
            message,
        }
    })
}

/// Splits yaml_serde's message into `line L, column C: ` and the rest.
pub fn error_parts(e: &yaml_serde::Error) -> (String, String) {
    let mut message = e.to_string();
    let location = match e.location() {
        Some(loc) => {
            let suffix = format!(" at line {} column {}", loc.line(), loc.column());
            if let Some(pos) = message.find(&suffix) {
                message.replace_range(pos..pos + suffix.len(), "");
            }
            format!("line {}, column {}: ", loc.line(), loc.column())
        }
        None => String::new(),
    };
    // yaml_serde quotes the file's own text (an unknown key, say), which may
    // hold line breaks or tabs: escape them so the error stays one line.
    if message.chars().any(char::is_control) {
        message = message
            .chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
    }
    (location, shorten_quotes(&message))
}

/// Most characters of the file's own text an error quotes: a file of the
/// wrong kind (an SVG given as a scenario) is one long string to the YAML
/// reader, and the error must stay one line of readable size.
pub const MAX_QUOTED_CHARS: usize = 60;

/// Cuts every double-quoted part of `message` longer than
/// [`MAX_QUOTED_CHARS`] to its start, `…` and how long it was.
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(512));
    let mut rest = message;
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        // The closing quote: the next `"` not escaped by a backslash.
        let mut close = None;
        let mut escaped = false;
        for (i, c) in after.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    close = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(close) = close else {
            rest = after;
            break;
        };
        let quoted = &after[..close];
        let n = quoted.chars().count();
        if n > MAX_QUOTED_CHARS {
            out.extend(quoted.chars().take(MAX_QUOTED_CHARS));
            out.push_str(&format!("…\" ({n} characters)"));
        } else {
            out.push_str(quoted);
            out.push('"');
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Deepest nesting of flow collections (`[`…`]`, `{`…`}`) accepted in any
/// YAML file tilecrawl reads. The YAML scanner spends time proportional to the
/// nesting depth on every token, so 100,000 `[` took over a minute; no
/// tilecrawl file needs more than a few levels.
pub const MAX_FLOW_DEPTH: usize = 64;

/// Most YAML items (lines, `- ` entries, `[ ]`/`{ }` collections and the
/// entries inside them) accepted in one file. The YAML parser holds every
/// item in memory at once, about 100 bytes each, so this bounds memory where
/// the file-size limit alone allowed 370 MB for 8 MiB of `[a, a, a, …]`. The
/// largest scenario tilecrawl writes (200 sets) holds about 250,000.
pub const MAX_YAML_ITEMS: usize = 1_000_000;

/// Refuses YAML whose flow collections nest deeper than [`MAX_FLOW_DEPTH`],
/// or that holds more than [`MAX_YAML_ITEMS`] items, before the YAML parser
/// sees it. Returns (`line L, column C: `, message).
///
/// The count errs on the side of too deep: every `[` and `{` counts, even
/// inside quotes and comments, and a `]` or `}` only closes when it is not
/// inside a quoted scalar or a comment (a quote starts where a YAML token may
/// start: after `[ { , : - ?`, an anchor or tag, or at the start of a line).
pub fn check_shape(text: &str) -> Result<(), (String, String)> {
    #[derive(PartialEq)]
    enum Mode {
        Plain,
        Single,
        Double,
        Comment,
    }
    let mut mode = Mode::Plain;
    let mut depth = 0usize;
    let (mut line, mut col) = (1usize, 0usize);
    // The last character that is not blank, and whether the current word
    // began with `&` or `!` (an anchor or tag, after which a quote may start).
    let mut prev: Option<char> = None;
    let mut prev_blank = true;
    let mut word_is_prop = false;
    let mut items = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        col += 1;
        let item = match c {
            '\n' | '[' | '{' => true,
            '-' => matches!(chars.peek(), Some(' ' | '\n')),
            ',' | ':' => depth > 0 && mode == Mode::Plain,
            _ => false,
        };
        if item {
            items += 1;
            if items > MAX_YAML_ITEMS {
                return Err((
                    format!("line {line}, column {col}: "),
                    format!(
                        "more than {MAX_YAML_ITEMS} YAML items (lines, list entries, keys); expected a smaller file"
                    ),
                ));
            }
        }
        if c == '[' || c == '{' {
            depth += 1;
            if depth > MAX_FLOW_DEPTH {
                return Err((
                    format!("line {line}, column {col}: "),
                    format!(
                        "lists and mappings in `[ ]` or `{{ }}` nest more than {MAX_FLOW_DEPTH} deep; expected a few levels"
                    ),
                ));
            }
        }
        match mode {
            Mode::Comment => {
                if c == '\n' {
                    mode = Mode::Plain;
                }
            }
            Mode::Single => {
                if c == '\'' {
                    if chars.peek() == Some(&'\'') {
                        chars.next();
                        col += 1;
                    } else {
                        mode = Mode::Plain;
                    }
                }
            }
            Mode::Double => {
                if c == '\\' {
                    if chars.next() == Some('\n') {
                        line += 1;
                        col = 0;
                    } else {
                        col += 1;
                    }
                } else if c == '"' {
                    mode = Mode::Plain;
                }
            }
            Mode::Plain => match c {
                ']' | '}' => depth = depth.saturating_sub(1),
                '#' if prev_blank => mode = Mode::Comment,
                '\'' | '"'
                    if prev.is_none_or(|p| "[{,:-?\n".contains(p))
                        || (prev_blank && word_is_prop) =>
                {
                    mode = if c == '"' { Mode::Double } else { Mode::Single };
                }
                _ => {}
            },
        }
        if c == '\n' {
            line += 1;
            col = 0;
        }
        let blank = c == ' ' || c == '\t' || c == '\r';
        if !blank {
            if prev_blank || prev == Some('\n') {
                word_is_prop = c == '&' || c == '!';
            }
            prev = Some(c);
        }
        prev_blank = blank || c == '\n';
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_in_errors_are_cut_short() {
        let long = "x".repeat(500);
        let m = format!("invalid type: string \"{long}\", expected struct Scenario");
        let short = shorten_quotes(&m);
        assert!(short.len() < 150, "{short}");
        assert!(short.contains("(500 characters)"), "{short}");
        assert!(short.ends_with(", expected struct Scenario"), "{short}");
        // Short quotes and text without quotes are kept as they are.
        for m in [
            "unknown field `tilez`, expected one of `tiles`",
            "invalid type: string \"lots\", expected u32",
            "an \"unclosed quote",
        ] {
            assert_eq!(shorten_quotes(m), m);
        }
    }

    #[test]
    fn yaml_shape_counts_brackets_outside_quotes_and_comments() {
        let deep = |n: usize| format!("a: {}{}", "[".repeat(n), "]".repeat(n));
        assert!(check_shape(&deep(MAX_FLOW_DEPTH)).is_ok());
        let (at, m) = check_shape(&deep(MAX_FLOW_DEPTH + 1)).unwrap_err();
        assert_eq!(at, format!("line 1, column {}: ", MAX_FLOW_DEPTH + 4));
        assert!(m.contains("nest more than 64"), "{m}");
        // Closers inside quotes or comments do not close; `'` inside a word
        // does not open a quote; openers always count.
        let hidden = "[ \"]\", ".repeat(MAX_FLOW_DEPTH + 1);
        assert!(check_shape(&hidden).is_err());
        let hidden = "[ 'x]', ".repeat(MAX_FLOW_DEPTH + 1);
        assert!(check_shape(&hidden).is_err());
        let hidden = "[ &a ']', ".repeat(MAX_FLOW_DEPTH + 1);
        assert!(check_shape(&hidden).is_err());
        let hidden = "[ # ]\n".repeat(MAX_FLOW_DEPTH + 1);
        assert!(check_shape(&hidden).is_err());
        let ok = "- {name: it's, x: \"a ]\"}\n".repeat(10_000);
        assert!(check_shape(&ok).is_ok());
        assert!(check_shape("format: x\nname: [a, {b: c}]\n").is_ok());
    }
}
