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
    parse_checked(text, file)
}

/// [`parse`] for a file of kind `format` whose type keeps its `format:`
/// line (`format_of` reads it back): a file of another kind is named as
/// such, and the same kind at another version is refused at its `format`
/// key.
pub fn parse_kind<T: DeserializeOwned>(
    text: &str,
    file: &str,
    format: &str,
    format_of: impl Fn(&T) -> &str,
) -> Result<T, FileError> {
    check_kind(text, format).map_err(|e| FileError::whole(file, e.to_string()))?;
    let value: T = parse(text, file)?;
    if format_of(&value) != format {
        return Err(FileError::at_key(
            file,
            "format",
            format!("expected `{format}`"),
        ));
    }
    Ok(value)
}

/// [`parse`] for a caller that has already run [`check_shape`] on `text`
/// and had it pass: the parse alone, with the same errors.
pub fn parse_checked<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, FileError> {
    yaml_serde::from_str(text).map_err(|e| {
        // yaml_serde reads as it goes, so a value of the wrong type can
        // be met before a syntax error that explains it (`seed: [11` is
        // "a list" until the `]` is found missing): the text's own syntax
        // error, if it has one, is the one to report.
        let e = yaml_serde::from_str::<serde::de::IgnoredAny>(text)
            .err()
            .unwrap_or(e);
        let (location, message) = error_parts(&e, text);
        FileError {
            file: file.into(),
            location,
            message,
        }
    })
}

/// Splits yaml_serde's message on `text` into `line L, column C: ` and the
/// rest. A key given twice is placed at its second line: yaml_serde places
/// it at the start of the mapping that holds it, so the text is searched
/// for the second one.
pub fn error_parts(e: &yaml_serde::Error, text: &str) -> (String, String) {
    let mut message = e.to_string();
    if message.contains("more than one document is not supported") {
        // A second document: placed at its `---` (or the `...` that ends
        // the first), in words a reader knows.
        let at = text
            .lines()
            .enumerate()
            .skip_while(|(_, l)| l.trim().is_empty() || l.starts_with('#') || l.starts_with("---"))
            .find(|(_, l)| l.starts_with("---") || l.starts_with("..."))
            .map_or(String::new(), |(n, _)| format!("line {}: ", n + 1));
        return (
            at,
            "a second YAML document starts here (a `---` or `...` line); expected one document in the file".into(),
        );
    }
    let location = match e.location() {
        Some(loc) => {
            // A tab where a key or a value should start: YAML indents
            // with spaces, and the parser's words never say "tab".
            let tab = text
                .lines()
                .nth(loc.line().saturating_sub(1))
                .and_then(|l| l.chars().nth(loc.column().saturating_sub(1)))
                == Some('\t');
            if tab
                && (message.contains("cannot start any token")
                    || message.contains("tab character that violates indentation"))
            {
                message = "a tab character; YAML indents with spaces only, expected spaces in place of the tab".into();
            }
            let suffix = format!(" at line {} column {}", loc.line(), loc.column());
            if let Some(pos) = message.find(&suffix) {
                message.replace_range(pos..pos + suffix.len(), "");
            }
            let dup = message
                .split_once("duplicate field `")
                .and_then(|(_, rest)| rest.split_once('`'))
                .and_then(|(key, _)| duplicate_key_lines(text, loc.line(), loc.column(), key));
            match dup {
                Some((first, second)) => {
                    message.push_str(&format!(" (first at line {first})"));
                    format!("line {second}, column {}: ", loc.column())
                }
                None => format!("line {}, column {}: ", loc.line(), loc.column()),
            }
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
    (location, shorten_quotes(&plain_words(&message)))
}

/// The lines of the first two `key:` entries of the block mapping that
/// starts at `line`, `column` (1-based, as yaml_serde reports it), or
/// `None` when they cannot be found this way (a flow mapping `{ }`, a
/// quoted or odd key). The mapping's keys stand at its column; it ends at
/// the first line that starts left of it.
fn duplicate_key_lines(
    text: &str,
    line: usize,
    column: usize,
    key: &str,
) -> Option<(usize, usize)> {
    let indent = column.checked_sub(1)?;
    let is_key = |rest: &str| {
        rest.strip_prefix(key).is_some_and(|after| {
            after == ":" || after.starts_with(": ") || after.starts_with(":\t")
        })
    };
    let mut found = Vec::with_capacity(2);
    for (i, l) in text.lines().enumerate().skip(line.checked_sub(1)?) {
        let here = i + 1;
        let body = l.trim_start_matches(' ');
        let lead = l.len() - body.len();
        if here == line {
            // The mapping's first key may follow `- ` on this line.
            if l.get(indent..).is_some_and(is_key) {
                found.push(here);
            }
            continue;
        }
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if lead < indent {
            break;
        }
        if lead == indent && is_key(body) {
            found.push(here);
            if found.len() == 2 {
                return Some((found[0], found[1]));
            }
        }
    }
    None
}

/// serde's words for a wrong value (`invalid type: sequence, expected
/// struct Scenario`, `invalid type: string "ten", expected u32`) as a reader
/// says them: `got a list; expected a mapping of keys (key: value lines)`,
/// `got the text "ten"; expected a whole number (0 or more)`. Other
/// messages pass unchanged.
pub fn plain_words(message: &str) -> String {
    let (head, rest) = ["invalid type: ", "invalid value: "]
        .iter()
        .find_map(|p| {
            message
                .find(p)
                .map(|i| (&message[..i], &message[i + p.len()..]))
        })
        .unwrap_or(("", ""));
    let Some((got, want)) = rest.rsplit_once(", expected ") else {
        return message.to_string();
    };
    // serde names a number too big for its own types `integer `N` as u128`.
    let number = got
        .strip_prefix("integer `")
        .map(|n| n.trim_end_matches(" as u128").trim_end_matches(" as i128"))
        .and_then(|n| n.strip_suffix('`'));
    if let (Some(n), Some((lo, hi))) = (number, whole_range(want)) {
        // Digits past any i128 are too big for every field.
        let past = n.parse::<i128>().map_or(!n.starts_with('-'), |v| v > hi);
        let below = n.parse::<i128>().is_ok_and(|v| v < lo && lo < 0);
        if past || below {
            let how = if past { "big" } else { "small" };
            return format!("{head}{n} is too {how}; expected a whole number from {lo} to {hi}");
        }
    }
    let got = match got {
        "sequence" => "a list".to_string(),
        "map" => "a mapping (key: value lines)".to_string(),
        "unit value" => "nothing (an empty value)".to_string(),
        g => {
            let ticked = |p: &str| g.strip_prefix(p).map(|v| v.trim_matches('`').to_string());
            if let Some(t) = g.strip_prefix("string ") {
                format!("the text {t}")
            } else if let Some(n) = ticked("integer ").or_else(|| ticked("floating point ")) {
                format!("the number {n}")
            } else if let Some(b) = ticked("boolean ") {
                format!("`{b}`")
            } else {
                g.to_string()
            }
        }
    };
    let want = match want {
        // What a derived enum of plain words says to a list or mapping.
        "a YAML tag starting with '!'" => "one word, not a list or a mapping".to_string(),
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number (0 or more)".to_string(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_string(),
        "f32" | "f64" => "a number".to_string(),
        "a sequence" => "a list".to_string(),
        "a boolean" => "true or false".to_string(),
        w if w.starts_with("struct ") || w == "a map" => {
            "a mapping of keys (key: value lines)".to_string()
        }
        w => w.to_string(),
    };
    format!("{head}got {got}; expected {want}")
}

/// The smallest and largest value of the whole-number type serde names.
fn whole_range(ty: &str) -> Option<(i128, i128)> {
    Some(match ty {
        "u8" => (0, u8::MAX.into()),
        "u16" => (0, u16::MAX.into()),
        "u32" => (0, u32::MAX.into()),
        "u64" => (0, u64::MAX.into()),
        "usize" => (0, usize::MAX as i128),
        "i8" => (i8::MIN.into(), i8::MAX.into()),
        "i16" => (i16::MIN.into(), i16::MAX.into()),
        "i32" => (i32::MIN.into(), i32::MAX.into()),
        "i64" => (i64::MIN.into(), i64::MAX.into()),
        "isize" => (isize::MIN as i128, isize::MAX as i128),
        _ => return None,
    })
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

/// The kinds of file tilecrawl reads, by their `format:` name (without the
/// version), and what to call them in an error.
const KINDS: [(&str, &str); 28] = [
    ("tilecrawl-scenario", "a scenario"),
    ("tilecrawl-dungeon", "a multi-floor dungeon"),
    ("tilecrawl-tileset", "a tile set"),
    ("tilecrawl-party", "a party file"),
    ("tilecrawl-monsters", "a monster list"),
    ("tilecrawl-tables", "a roll-table file"),
    ("tilecrawl-save", "a saved game"),
    ("tilecrawl-campaign", "a campaign file"),
    ("tilecrawl-rewards", "a reward table"),
    ("tilecrawl-style", "a map style"),
    ("tilecrawl-ruleset", "a ruleset file"),
    ("tilecrawl-batch", "a batch note"),
    ("tilecrawl-warparty", "a war-party"),
    (
        "tilecrawl-ddd-save",
        "a saved Dungeons Dark & Dangerous game",
    ),
    (
        "tilecrawl-dd-and-d-scenarios",
        "a Dungeons Dark & Dangerous scenario list",
    ),
    (
        "tilecrawl-dw10-campaign",
        "a Dungeon World 10 mm campaign file",
    ),
    ("tilecrawl-dw10-shop", "a Dungeon World 10 mm shop list"),
    (
        "tilecrawl-dw10-figures",
        "a Dungeon World 10 mm figure list",
    ),
    ("tilecrawl-dw10-party", "a Dungeon World 10 mm party file"),
    ("tilecrawl-dw10-save", "a saved Dungeon World 10 mm game"),
    (
        "tilecrawl-dw10-tables",
        "a Dungeon World 10 mm roll-table file",
    ),
    ("tilecrawl-dw10-setup", "a Dungeon World 10 mm setup table"),
    ("tilecrawl-dw-srd", "a Dungeon World SRD hireling table"),
    ("tilecrawl-wod-s", "a World of Dungeons S table file"),
    ("tilecrawl-wod-s-names", "a World of Dungeons S name list"),
    (
        "tilecrawl-wod-s-mkd",
        "a World of Dungeons S to MKD conversion table",
    ),
    (
        "tilecrawl-wod-s-dw10",
        "a World of Dungeons S to Dungeon World 10 mm conversion table",
    ),
    (
        "tilecrawl-wod-s-ddd",
        "a World of Dungeons S to Dungeons Dark & Dangerous conversion table",
    ),
];

/// The value of the file's top-level `format:` line, if it has one.
pub fn format_of(text: &str) -> Option<&str> {
    text.lines().find_map(|l| {
        let v = l.strip_prefix("format:")?.trim();
        let v = v.split(" #").next().unwrap_or(v).trim();
        Some(v.trim_matches(|c| c == '"' || c == '\''))
    })
}

/// A file that is not the kind of tilecrawl file asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WrongKind {
    /// Its `format:` names another kind of tilecrawl file.
    #[error("this is {is} (format: {found}), not {not}")]
    Other {
        /// What the file is (`a scenario`).
        is: &'static str,
        /// Its `format:` value.
        found: String,
        /// What was asked for (`a party file`).
        not: &'static str,
    },
    /// Its `format:` is another version of the kind asked for (a file of a
    /// newer tilecrawl), or a format tilecrawl does not know: refused by
    /// that line before the rest is read, so a file missing other keys
    /// too is told of its version, not of a key this version expects.
    #[error("format: is `{found}`; this version of tilecrawl reads `{want}`")]
    Version {
        /// Its `format:` value, cut to an excerpt.
        found: String,
        /// The format this version reads.
        want: String,
    },
    /// It has no top-level `format:` line: not a tilecrawl file at all (its
    /// text is not quoted: it may be anything).
    #[error("has no `format:` line; expected {not}, a YAML file starting with `format: {want}`")]
    NoFormat {
        /// What was asked for.
        not: String,
        /// The format expected.
        want: String,
    },
}

impl WrongKind {
    /// The file's `format:` value, when it has one.
    pub fn found(&self) -> Option<&str> {
        match self {
            WrongKind::Other { found, .. } | WrongKind::Version { found, .. } => Some(found),
            WrongKind::NoFormat { .. } => None,
        }
    }
}

/// As a loader's (location, message) fault: about the file as a whole.
impl From<WrongKind> for (String, String) {
    fn from(e: WrongKind) -> (String, String) {
        (String::new(), e.to_string())
    }
}

/// What the file at hand is, when it is not the kind `want` names (a
/// `format:` value such as `tilecrawl-party/1`): `this is a scenario
/// (format: tilecrawl-scenario/1), not a party file`, or, for a file with
/// no `format:` line at all, that it is not a tilecrawl file (without
/// quoting it: `--tileset /etc/shadow` must not print its first line).
/// Another version of the kind, or a format tilecrawl does not know, is
/// refused by its `format:` line ([`WrongKind::Version`]). Every loader
/// calls this before it parses, so the `format:` line is read first.
pub fn check_kind(text: &str, want: &str) -> Result<(), WrongKind> {
    let base = |f: &str| f.split('/').next().unwrap_or(f).to_string();
    let name = |b: &str| KINDS.iter().find(|k| k.0 == b).map(|k| k.1);
    let Some(found) = format_of(text) else {
        return Err(WrongKind::NoFormat {
            not: name(&base(want)).unwrap_or("a tilecrawl file").to_string(),
            want: want.to_string(),
        });
    };
    if found == want {
        return Ok(());
    }
    // A value that is no plain word (`[unclosed`, `{…}`) is left for the
    // parser, which says where the YAML goes wrong.
    let word = !found.is_empty()
        && found
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c));
    match (name(&base(found)), name(&base(want))) {
        (Some(is), Some(not)) if base(found) != base(want) => Err(WrongKind::Other {
            is,
            found: found.to_string(),
            not,
        }),
        _ if base(found) == base(want) || word => Err(WrongKind::Version {
            found: crate::core::text::excerpt(found, 60),
            want: want.to_string(),
        }),
        _ => Ok(()),
    }
}

/// [`check_kind`] for a loader whose own checks already explain a file with
/// no `format:` line: a file of another kind or version is refused here.
pub fn check_other_kind(text: &str, want: &str) -> Result<(), WrongKind> {
    match check_kind(text, want) {
        Err(WrongKind::NoFormat { .. }) => Ok(()),
        other => other,
    }
}

/// Refuses YAML whose flow collections nest deeper than [`MAX_FLOW_DEPTH`],
/// or that holds more than [`MAX_YAML_ITEMS`] items, before the YAML parser
/// sees it. Returns (`line L, column C: `, message).
///
/// A `[` or `{` counts where it opens a collection: inside another one (all
/// of them there, erring on the side of too deep), or where a YAML node may
/// start (at the start of a line, after `- `, `: ` or `? `, an anchor or a
/// tag); not inside a quoted scalar, a comment or the middle of a plain
/// scalar, where it is text. A `]` or `}` closes only outside quotes and
/// comments. A quote starts a quoted scalar only where a node may start
/// (inside a flow collection also after `[ { , : ?`), so `a,'` in a plain
/// line cannot hide the brackets of the lines after it.
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
        if !yaml_char(c) {
            return Err(not_yaml_char(c, line, col));
        }
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
        // A `[` or `{` opens a collection inside another one, or where a
        // token starts; elsewhere (inside a quoted scalar, in the middle of
        // a plain one, in a comment) it is text, and does not count — a
        // save of many typed lines holding `[` was refused as too deep.
        // Where a YAML node may start: at the start of a line; after `- `,
        // `: ` or `? ` (the indicators need the blank after them in block
        // context, so `a:[` and `goblin-,[` are plain text); inside a flow
        // collection after `[ { , : ?`; after an anchor or tag.
        let token_start = match prev {
            None | Some('\n') => true,
            Some(p) if depth > 0 && "[{,:?".contains(p) => true,
            Some(p) if prev_blank && "-:?".contains(p) => true,
            _ => prev_blank && word_is_prop,
        };
        let opens = mode == Mode::Plain && (depth > 0 || token_start);
        if (c == '[' || c == '{') && opens {
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
                    match chars.next() {
                        Some('\n') => {
                            line += 1;
                            col = 0;
                        }
                        Some(e) if !yaml_char(e) => return Err(not_yaml_char(e, line, col + 1)),
                        _ => col += 1,
                    }
                } else if c == '"' {
                    mode = Mode::Plain;
                }
            }
            Mode::Plain => match c {
                ']' | '}' => depth = depth.saturating_sub(1),
                '#' if prev_blank => mode = Mode::Comment,
                '\'' | '"' if token_start => {
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

/// Whether YAML allows `c` in a file: tab, line breaks and printable
/// characters (YAML 1.2's `c-printable`, the set the parser checks).
fn yaml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
        || c >= '\u{10000}'
}

/// The error for a character YAML does not allow, placed where it stands
/// (the parser gives only its byte offset, at line 1).
fn not_yaml_char(c: char, line: usize, col: usize) -> (String, String) {
    (
        format!("line {line}, column {col}: "),
        format!(
            "a control character (U+{:04X}) is not allowed in YAML; expected printable text (write it as an escape such as \\x{:02X} inside double quotes)",
            u32::from(c),
            u32::from(c) & 0xff
        ),
    )
}

/// The 1-based line of `key` in a block-style file: a top-level key
/// (`format`) or a row of a top-level list (`conditions[2]`, `models[3]`):
/// the line of the row's field `field` where given and found, else of the
/// row's `-`. `None` where the text does not lay it out so (a key not
/// there, a flow-style list). Loaders use it to give a line with a
/// refusal found after parsing.
pub fn line_of(text: &str, key: &str, field: Option<&str>) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let (top, row) = match key.split_once('[') {
        Some((k, rest)) => (k, rest.trim_end_matches(']').parse::<usize>().ok()),
        None => (key, None),
    };
    let head = lines
        .iter()
        .position(|l| l.strip_prefix(top).is_some_and(|r| r.starts_with(':')))?;
    let Some(i) = row else {
        return Some(head + 1);
    };
    let content = |l: &str| {
        let t = l.trim_start();
        !(t.is_empty() || t.starts_with('#'))
    };
    let indent = |l: &str| l.len() - l.trim_start().len();
    // The rows: the lines after the key that start with `-` at the first
    // row's indent, up to the next key at the top level.
    let mut items: Vec<usize> = Vec::new();
    let mut item_indent = None;
    let mut end = lines.len();
    for (n, l) in lines.iter().enumerate().skip(head + 1) {
        if !content(l) {
            continue;
        }
        let t = l.trim_start();
        if indent(l) == 0 && !t.starts_with('-') {
            end = n;
            break;
        }
        if t.starts_with('-') && item_indent.is_none_or(|w| w == indent(l)) {
            item_indent = Some(indent(l));
            items.push(n);
        }
    }
    let first = *items.get(i)?;
    let last = items.get(i + 1).copied().unwrap_or(end);
    let field_line = field.and_then(|f| {
        (first..last).find(|&n| {
            let t = lines[n].trim_start();
            let t = t.strip_prefix('-').map_or(t, str::trim_start);
            t.strip_prefix(f).is_some_and(|r| r.starts_with(':'))
        })
    });
    Some(field_line.unwrap_or(first) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file read by its kind: the kind checked first, then the version
    /// at the `format` key.
    #[test]
    fn a_kind_is_checked_before_its_version() {
        #[derive(Debug, serde::Deserialize)]
        struct T {
            format: String,
        }
        fn f(t: &T) -> &str {
            &t.format
        }
        assert!(
            parse_kind(
                "format: tilecrawl-wod-s-mkd/1\n",
                "t",
                "tilecrawl-wod-s-mkd/1",
                f
            )
            .is_ok()
        );
        let e = parse_kind(
            "format: tilecrawl-wod-s-mkd/2\n",
            "t",
            "tilecrawl-wod-s-mkd/1",
            f,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains(
                "format: is `tilecrawl-wod-s-mkd/2`; this version of tilecrawl reads `tilecrawl-wod-s-mkd/1`"
            ),
            "{e}"
        );
        let e = parse_kind(
            "format: tilecrawl-party/1\n",
            "t",
            "tilecrawl-wod-s-mkd/1",
            f,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("a party file"), "{e}");
    }

    /// The parser's words a tile-set author met (a user audit) are said
    /// plainly: a tab indenting a key, a second document, a list where one
    /// word of an enum belongs.
    #[test]
    fn tabs_second_documents_and_lists_for_words_are_named() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(rename_all = "lowercase")]
        enum Kind {
            Hallway,
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct T {
            name: String,
            kind: Option<Kind>,
        }
        for (text, at) in [
            ("name: a\n\tkind: hallway\n", "line 2, column 1: "),
            ("name: a\nkind:\n\thallway\n", "line 3, column 1: "),
        ] {
            let e = parse::<T>(text, "t.yaml").unwrap_err();
            assert_eq!(e.location, at, "{e}");
            assert!(
                e.message
                    .starts_with("a tab character; YAML indents with spaces"),
                "{e}"
            );
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct L {
            tiles: Vec<T>,
        }
        let e = parse::<L>("tiles:\n- name: a\n\tkind: hallway\n", "t.yaml").unwrap_err();
        assert!(
            e.message.starts_with("a tab character; YAML indents"),
            "{e}"
        );
        let e = parse::<T>("name: a\n---\nname: b\n", "t.yaml").unwrap_err();
        assert_eq!(e.location, "line 2: ", "{e}");
        assert!(
            e.message.starts_with("a second YAML document starts here"),
            "{e}"
        );
        let e = parse::<T>("---\nname: a\n...\n---\nname: b\n", "t.yaml").unwrap_err();
        assert_eq!(e.location, "line 3: ", "{e}");
        let e = parse::<T>("name: a\nkind: [hallway]\n", "t.yaml").unwrap_err();
        assert!(
            e.message
                .ends_with("got a list; expected one word, not a list or a mapping"),
            "{e}"
        );
        // A tab between a key and its value is only a separator.
        assert!(parse::<T>("name:\ta\n", "t.yaml").is_ok());
        // A bracket left open is a syntax error, said as such, not the
        // wrong type the half-read value looked like.
        let e = parse::<T>("name: [a\nkind: hallway\n", "t.yaml").unwrap_err();
        assert!(!e.message.contains("got a list"), "{e}");
        assert!(e.message.contains("expected ',' or ']'"), "{e}");
    }

    /// A character YAML does not allow is placed at its own line and
    /// column, not at line 1 with a byte offset as the parser says.
    #[test]
    fn a_control_character_is_placed_where_it_stands() {
        for (text, at) in [
            ("name: Ann\nspeed: 5\u{1}\n", "line 2, column 9: "),
            ("a: 1\nb: \"x\u{7f}\"\n", "line 2, column 6: "),
            ("a: 1\n\nb: [1, \u{9b}]\n", "line 3, column 8: "),
            ("a: \"\\\u{2}\"\n", "line 1, column 6: "),
        ] {
            let (loc, msg) = check_shape(text).unwrap_err();
            assert_eq!(loc, at, "{text:?}");
            assert!(msg.starts_with("a control character (U+"), "{msg}");
        }
        let e = parse::<Hero>("name: Ann\nspeed: 5\u{1}\n", "h.yaml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "h.yaml: line 2, column 9: a control character (U+0001) is not allowed in YAML; expected printable text (write it as an escape such as \\x01 inside double quotes)"
        );
        // Tabs, line breaks, a byte-order mark and letters of every script
        // pass, as the parser takes them.
        assert!(check_shape("\u{feff}a:\t\"Þóra 𝔸\"\r\nb: 1\n").is_ok());
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Hero {
        name: String,
        speed: u32,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Party {
        name: String,
        heroes: Vec<Hero>,
    }

    /// A key given twice is placed at its second line, with the first
    /// named: yaml_serde alone places it where its mapping starts.
    #[test]
    fn a_key_given_twice_is_placed_at_its_second_line() {
        let nested = "# a party\nname: p\nheroes:\n- name: a\n  speed: 4\n\n  # again\n  speed: 5\n- name: b\n  speed: 3\n";
        let e = parse::<Party>(nested, "p.yaml").unwrap_err().to_string();
        assert_eq!(
            e,
            "p.yaml: line 8, column 3: heroes[0]: duplicate field `speed` (first at line 5)"
        );
        let top = "name: p\nheroes: []\nname: q\n";
        let e = parse::<Party>(top, "p.yaml").unwrap_err().to_string();
        assert_eq!(
            e,
            "p.yaml: line 3, column 1: duplicate field `name` (first at line 1)"
        );
        // A flow mapping keeps yaml_serde's place.
        let flow = "name: p\nheroes: [{name: a, speed: 1, speed: 2}]\n";
        let e = parse::<Party>(flow, "p.yaml").unwrap_err().to_string();
        assert!(
            e.contains("duplicate field `speed`") && !e.contains("first at"),
            "{e}"
        );
    }

    #[test]
    fn serde_words_read_as_a_person_says_them() {
        assert_eq!(
            plain_words("invalid type: sequence, expected struct Scenario"),
            "got a list; expected a mapping of keys (key: value lines)"
        );
        assert_eq!(
            plain_words("seed: invalid type: string \"abc\", expected u64"),
            "seed: got the text \"abc\"; expected a whole number (0 or more)"
        );
        assert_eq!(
            plain_words("teams: invalid type: map, expected a sequence"),
            "teams: got a mapping (key: value lines); expected a list"
        );
        assert_eq!(
            plain_words("x: invalid value: integer `-1`, expected u32"),
            "x: got the number -1; expected a whole number (0 or more)"
        );
        assert_eq!(plain_words("unknown field `a`"), "unknown field `a`");
    }

    /// A number too big (or, for a signed field, too small) for its field
    /// says so with the field's range, not serde's type names.
    #[test]
    fn a_number_out_of_its_type_s_range_names_the_range() {
        assert_eq!(
            plain_words(
                "seed: invalid value: integer `18446744073709551616` as u128, expected u64"
            ),
            "seed: 18446744073709551616 is too big; expected a whole number from 0 to 18446744073709551615"
        );
        assert_eq!(
            plain_words("models[0].number: invalid value: integer `4294967296`, expected u32"),
            "models[0].number: 4294967296 is too big; expected a whole number from 0 to 4294967295"
        );
        assert_eq!(
            plain_words("x: invalid value: integer `-129`, expected i8"),
            "x: -129 is too small; expected a whole number from -128 to 127"
        );
        let huge = "9".repeat(45);
        assert_eq!(
            plain_words(&format!(
                "n: invalid value: integer `{huge}` as u128, expected u16"
            )),
            format!("n: {huge} is too big; expected a whole number from 0 to 65535")
        );
    }

    #[test]
    fn a_file_of_another_kind_is_named() {
        let party = "# mine\nformat: tilecrawl-party/1\nteams: []\n";
        assert_eq!(format_of(party), Some("tilecrawl-party/1"));
        assert_eq!(
            check_kind(party, "tilecrawl-tileset/1")
                .unwrap_err()
                .to_string(),
            "this is a party file (format: tilecrawl-party/1), not a tile set"
        );
        assert!(check_kind(party, "tilecrawl-party/1").is_ok());
        // Another version, or a format tilecrawl does not know: refused by
        // the `format:` line, whatever else the file holds or lacks.
        assert_eq!(
            check_kind(party, "tilecrawl-party/2")
                .unwrap_err()
                .to_string(),
            "format: is `tilecrawl-party/1`; this version of tilecrawl reads `tilecrawl-party/2`"
        );
        let e = check_kind("format: other/1\n", "tilecrawl-party/1").unwrap_err();
        assert_eq!(e.found(), Some("other/1"));
        assert_eq!(
            e.to_string(),
            "format: is `other/1`; this version of tilecrawl reads `tilecrawl-party/1`"
        );
        assert!(check_other_kind("format: tilecrawl-party/9\n", "tilecrawl-party/1").is_err());
        // A value that is no word is left for the parser to place.
        assert!(check_kind("format: [unclosed\n", "tilecrawl-party/1").is_ok());
        assert!(check_other_kind("teams: []\n", "tilecrawl-party/1").is_ok());
        // No `format:` at all: not a tilecrawl file, and its text is not quoted.
        let e = check_kind("root:x:0:0\n", "tilecrawl-party/1").unwrap_err();
        assert_eq!(e.found(), None);
        assert_eq!(
            e.to_string(),
            "has no `format:` line; expected a party file, a YAML file starting with `format: tilecrawl-party/1`"
        );
    }

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

    /// Fuzz find (`play_save`): typed lines holding runs of `[` in the middle
    /// of a plain scalar made a save play had written too deep to load.
    /// Brackets and quotes in the middle of a word are text; the brackets
    /// of a later line are still counted after a stray quote.
    #[test]
    fn yaml_shape_reads_brackets_in_words_as_text() {
        let typed = format!("lines:\n- kill goblin-,sne{}ak-2\n", "[".repeat(100));
        assert!(check_shape(&typed).is_ok());
        assert!(check_shape(&"- a:[[[[\n".repeat(40)).is_ok());
        let after_quote = format!("x: a,'\ny: {}\n", "[".repeat(100));
        assert!(
            check_shape(&after_quote).is_err(),
            "a quote mid-word hides nothing"
        );
        let at_node = format!("x: {}\n", "[".repeat(100));
        assert!(check_shape(&at_node).is_err());
        let in_list = format!("- {}\n", "{".repeat(100));
        assert!(check_shape(&in_list).is_err());
    }
}
