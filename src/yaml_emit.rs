//! A small YAML writer for [`serde_yaml::Value`] that keeps files lean and
//! readable, which `serde_yaml::to_string` (block style only) cannot.
//!
//! - The document, and every list whose items are themselves lists or
//!   records, is written in block style: one item per line.
//! - A record or list made only of scalars (a record may also hold small
//!   lists or records of scalars) is written in flow style on one line —
//!   `{id: C4, kind: chamber, x: 10, y: 5}`, `[0, 1]` — when that whole line,
//!   indentation and key included, is at most [`Style::width`] characters
//!   ([`DEFAULT_WIDTH`], 100). Otherwise it is written in block style.
//! - Keys listed in [`Style::block_keys`] always get block style (a
//!   scenario's `grid`: one row per line).
//! - A string is written plain only when it cannot read back as anything
//!   else: not `null`, `~`, a boolean (YAML 1.1's `yes`/`no`/`on`/`off`
//!   too), a number, empty, nor holding indicators, `: `, ` #`, quotes,
//!   leading or trailing spaces, or anything but printable ASCII (and, in
//!   flow style, `, [ ] { } :`). Otherwise it is single-quoted if it is
//!   printable ASCII, else double-quoted with YAML escapes.
//! - Numbers are written as serde_yaml writes them (floats by the shortest
//!   representation that reads back exactly, `.inf`, `-.inf`, `.nan`).
//!
//! `serde_yaml::from_str::<Value>` of the result gives the value back (tested
//! on arbitrary nested values), and the same value always gives the same
//! bytes. Mapping order is kept, so `serde_yaml::to_value` of a struct keeps
//! its field order.

use serde_yaml::{Mapping, Value};
use std::fmt::Write;

/// Widest line a flow collection may make, in characters, indentation and
/// key included.
pub const DEFAULT_WIDTH: usize = 100;

/// Longest string written as an implicit key (`key: value`); YAML readers
/// refuse implicit keys over 1,024 characters, and an escaped string takes
/// at most four bytes per byte (plus quotes). Longer keys, and keys that are
/// lists or records, are written as explicit `? key` / `: value` pairs.
const MAX_IMPLICIT_KEY: usize = 249;

/// How [`to_string`] lays a document out.
#[derive(Debug, Clone, Copy)]
pub struct Style<'a> {
    /// A flow collection is used only when its whole line, indentation and
    /// key included, is at most this many characters.
    pub width: usize,
    /// Mapping keys whose value is always written in block style, one item
    /// per line (a scenario's `grid` rows).
    pub block_keys: &'a [&'a str],
}

impl Default for Style<'_> {
    fn default() -> Self {
        Style {
            width: DEFAULT_WIDTH,
            block_keys: &[],
        }
    }
}

/// A value YAML has no way to write.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmitError {
    /// A tag other than letters, digits, `_`, `.` and `-` after the `!`.
    #[error("YAML tag `{0}` cannot be written: expected `!` and letters, digits, `_`, `.` or `-`")]
    Tag(String),
    /// A tagged value directly inside another (a node has at most one tag).
    #[error("a tagged value directly inside another tagged value cannot be written in YAML")]
    NestedTag,
}

/// Writes a value as a YAML document (no `---`, ending with a line break).
pub fn to_string(value: &Value, style: &Style) -> std::result::Result<String, EmitError> {
    let mut e = Emitter {
        out: String::with_capacity(4096),
        style,
        continuation_bytes: 0,
    };
    e.document(value)?;
    Ok(e.out)
}

/// Where a node is written: the text before it on its line ends with `key:`,
/// `-`, `?` or `:` (explicit pairs), or it is the document itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// After `key:`: a block list goes on the next lines at the key's
    /// indentation, a block record two further in.
    MapValue,
    /// After `-`: a block list or record starts on the same line.
    SeqItem,
    /// After `?` or `:` of an explicit pair, or a tag at the document's
    /// start: block collections on the next lines, two further in.
    Explicit,
}

struct Emitter<'a> {
    out: String,
    style: &'a Style<'a>,
    /// UTF-8 continuation bytes written so far (bytes that start no
    /// character), to measure lines in characters.
    continuation_bytes: usize,
}

/// Where a flow collection starts: the output length and
/// [`Emitter::continuation_bytes`] there, and the columns left on its line.
#[derive(Clone, Copy)]
struct Budget {
    mark: usize,
    continuation_bytes: usize,
    columns: usize,
}

type Result<T> = std::result::Result<T, EmitError>;

impl Emitter<'_> {
    fn document(&mut self, v: &Value) -> Result<()> {
        match v {
            Value::Mapping(m) if !m.is_empty() => self.block_mapping(m, 0, false),
            Value::Sequence(s) if !s.is_empty() => self.block_sequence(s, 0, false),
            Value::Tagged(t) => {
                self.tag(&t.tag)?;
                self.body(&t.value, 0, Place::Explicit, false, true)
            }
            _ => {
                self.inline_scalar(v, false);
                self.out.push('\n');
                Ok(())
            }
        }
    }

    fn indent(&mut self, n: usize) {
        self.out.extend(std::iter::repeat_n(' ', n));
    }

    /// Byte offset where the current line starts.
    fn line_start(&self) -> usize {
        self.out.rfind('\n').map_or(0, |p| p + 1)
    }

    fn block_mapping(&mut self, m: &Mapping, indent: usize, first_inline: bool) -> Result<()> {
        for (i, (k, v)) in m.iter().enumerate() {
            if i > 0 || !first_inline {
                self.indent(indent);
            }
            let force_block =
                matches!(k, Value::String(s) if self.style.block_keys.contains(&s.as_str()));
            if implicit_key(k) {
                self.inline_scalar(k, false);
                self.out.push(':');
                self.value(v, indent, Place::MapValue, force_block)?;
            } else {
                self.out.push('?');
                self.value(k, indent, Place::Explicit, false)?;
                self.indent(indent);
                self.out.push(':');
                self.value(v, indent, Place::Explicit, force_block)?;
            }
        }
        Ok(())
    }

    fn block_sequence(&mut self, s: &[Value], indent: usize, first_inline: bool) -> Result<()> {
        for (i, item) in s.iter().enumerate() {
            if i > 0 || !first_inline {
                self.indent(indent);
            }
            self.out.push('-');
            self.value(item, indent, Place::SeqItem, false)?;
        }
        Ok(())
    }

    /// Writes a node after `key:`, `-`, `?` or `:` (which are on the line
    /// already), through its final line break. `indent` is that of the key
    /// or dash.
    fn value(&mut self, v: &Value, indent: usize, place: Place, force_block: bool) -> Result<()> {
        if let Value::Tagged(t) = v {
            self.out.push(' ');
            self.tag(&t.tag)?;
            self.body(&t.value, indent, place, force_block, true)
        } else {
            self.body(v, indent, place, force_block, false)
        }
    }

    /// [`Emitter::value`] after any tag.
    fn body(
        &mut self,
        v: &Value,
        indent: usize,
        place: Place,
        force_block: bool,
        tagged: bool,
    ) -> Result<()> {
        match v {
            Value::Tagged(_) => Err(EmitError::NestedTag),
            Value::Sequence(s) if !s.is_empty() => {
                if !force_block && self.try_flow(v)? {
                    return Ok(());
                }
                match place {
                    Place::SeqItem if !tagged => {
                        self.out.push(' ');
                        self.block_sequence(s, indent + 2, true)
                    }
                    Place::MapValue if !tagged => {
                        self.out.push('\n');
                        self.block_sequence(s, indent, false)
                    }
                    _ => {
                        self.out.push('\n');
                        self.block_sequence(s, indent + 2, false)
                    }
                }
            }
            Value::Mapping(m) if !m.is_empty() => {
                if !force_block && self.try_flow(v)? {
                    return Ok(());
                }
                if place == Place::SeqItem && !tagged && m.keys().all(implicit_key) {
                    self.out.push(' ');
                    self.block_mapping(m, indent + 2, true)
                } else {
                    self.out.push('\n');
                    self.block_mapping(m, indent + 2, false)
                }
            }
            _ => {
                self.out.push(' ');
                self.inline_scalar(v, false);
                self.out.push('\n');
                Ok(())
            }
        }
    }

    /// Writes ` ` and `v` in flow style and a line break if `v` may be
    /// written so and its line fits; otherwise writes nothing.
    fn try_flow(&mut self, v: &Value) -> Result<bool> {
        if !flow_allowed(v, 2) {
            return Ok(false);
        }
        let mark = self.out.len();
        let before = self.out[self.line_start()..].chars().count();
        let Some(columns) = self.style.width.checked_sub(before) else {
            return Ok(false);
        };
        let limit = Budget {
            mark,
            continuation_bytes: self.continuation_bytes,
            columns,
        };
        self.out.push(' ');
        if self.flow(v, limit)? && !self.over(limit) {
            self.out.push('\n');
            Ok(true)
        } else {
            self.out.truncate(mark);
            self.continuation_bytes = limit.continuation_bytes;
            Ok(false)
        }
    }

    /// Has the flow text written since `limit.mark` more characters than
    /// the line has room for?
    fn over(&self, limit: Budget) -> bool {
        let bytes = self.out.len() - limit.mark;
        bytes - (self.continuation_bytes - limit.continuation_bytes) > limit.columns
    }

    /// Writes `v` in flow style; false as soon as the text passes the
    /// columns of `limit` (the caller then removes it).
    fn flow(&mut self, v: &Value, limit: Budget) -> Result<bool> {
        match v {
            Value::Tagged(t) => {
                if matches!(t.value, Value::Tagged(_)) {
                    return Err(EmitError::NestedTag);
                }
                self.tag(&t.tag)?;
                self.out.push(' ');
                self.flow(&t.value, limit)
            }
            Value::Sequence(s) => {
                self.out.push('[');
                for (i, item) in s.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    if !self.flow(item, limit)? || self.over(limit) {
                        return Ok(false);
                    }
                }
                self.out.push(']');
                Ok(true)
            }
            Value::Mapping(m) => {
                self.out.push('{');
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.inline_scalar(k, true);
                    self.out.push_str(": ");
                    if !self.flow(v, limit)? || self.over(limit) {
                        return Ok(false);
                    }
                }
                self.out.push('}');
                Ok(true)
            }
            _ => {
                self.inline_scalar(v, true);
                Ok(true)
            }
        }
    }

    fn tag(&mut self, tag: &serde_yaml::value::Tag) -> Result<()> {
        let shown = tag.to_string();
        let name = shown.strip_prefix('!').unwrap_or(&shown);
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
        {
            return Err(EmitError::Tag(shown));
        }
        self.out.push('!');
        self.out.push_str(name);
        Ok(())
    }

    /// A scalar, or an empty list or record, on the current line.
    fn inline_scalar(&mut self, v: &Value, flow: bool) {
        match v {
            Value::Null => self.out.push_str("null"),
            Value::Bool(true) => self.out.push_str("true"),
            Value::Bool(false) => self.out.push_str("false"),
            // serde_yaml's own form: integers as they are, floats by ryu's
            // shortest exact form, `.inf`, `-.inf`, `.nan`.
            Value::Number(n) => {
                let _ = write!(self.out, "{n}");
            }
            Value::String(s) => {
                self.continuation_bytes += write_string(&mut self.out, s, flow);
            }
            Value::Sequence(_) => self.out.push_str("[]"),
            Value::Mapping(_) => self.out.push_str("{}"),
            // Not reached: tagged values go through `value` or `flow`.
            Value::Tagged(_) => self.out.push_str("null"),
        }
    }
}

/// Can this key be written as `key: value`?
fn implicit_key(k: &Value) -> bool {
    match k {
        Value::Null | Value::Bool(_) | Value::Number(_) => true,
        Value::String(s) => s.len() <= MAX_IMPLICIT_KEY,
        _ => false,
    }
}

/// May `v` be written in flow style? Scalars and empty collections always;
/// a list only of those; a record whose keys are short scalars and whose
/// values are those or (with `depth` 2) lists and records of them.
fn flow_allowed(v: &Value, depth: u32) -> bool {
    match v {
        Value::Sequence(s) if !s.is_empty() => depth > 0 && s.iter().all(|i| flow_allowed(i, 0)),
        Value::Mapping(m) if !m.is_empty() => {
            depth > 0
                && m.iter().all(|(k, v)| {
                    implicit_key(k) && flow_allowed(v, depth.saturating_sub(1).min(1))
                })
        }
        Value::Tagged(t) => flow_allowed(&t.value, depth),
        _ => true,
    }
}

/// Writes a string plain, single-quoted or double-quoted, whichever is the
/// first that reads back as the same string. Returns the UTF-8 continuation
/// bytes written (bytes beyond one per character).
fn write_string(out: &mut String, s: &str, flow: bool) -> usize {
    let mut continuation_bytes = 0;
    if plain_safe(s, flow) {
        out.push_str(s);
    } else if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        out.push('\'');
        for c in s.chars() {
            if c == '\'' {
                out.push('\'');
            }
            out.push(c);
        }
        out.push('\'');
    } else {
        out.push('"');
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\0' => out.push_str("\\0"),
                '\x07' => out.push_str("\\a"),
                '\x08' => out.push_str("\\b"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\x0b' => out.push_str("\\v"),
                '\x0c' => out.push_str("\\f"),
                '\r' => out.push_str("\\r"),
                '\x1b' => out.push_str("\\e"),
                // Other control characters, DEL and the C1 controls
                // (NEL, U+0085, is a line break to YAML 1.1 readers).
                c if (c as u32) < 0x20 || ('\x7f'..='\u{9f}').contains(&c) => {
                    let _ = write!(out, "\\x{:02X}", c as u32);
                }
                // Line and paragraph separators (line breaks to YAML 1.1
                // readers), the byte-order mark and the non-characters.
                '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}' => {
                    let _ = write!(out, "\\u{:04X}", c as u32);
                }
                c => {
                    continuation_bytes += c.len_utf8() - 1;
                    out.push(c);
                }
            }
        }
        out.push('"');
    }
    continuation_bytes
}

/// May `s` be written without quotes (in flow style if `flow`)?
fn plain_safe(s: &str, flow: bool) -> bool {
    let b = s.as_bytes();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else {
        return false;
    };
    if matches!(
        first,
        b'-' | b'?'
            | b':'
            | b','
            | b'['
            | b']'
            | b'{'
            | b'}'
            | b'#'
            | b'&'
            | b'*'
            | b'!'
            | b'|'
            | b'>'
            | b'\''
            | b'"'
            | b'%'
            | b'@'
            | b'`'
            | b' '
    ) || matches!(last, b' ' | b':')
    {
        return false;
    }
    for (i, &c) in b.iter().enumerate() {
        let next = b.get(i + 1).copied();
        let bad = !(0x20..=0x7e).contains(&c)
            || c == b'\''
            || c == b'"'
            || (c == b':' && (flow || next == Some(b' ')))
            || (c == b' ' && next == Some(b'#'))
            || (flow && matches!(c, b',' | b'[' | b']' | b'{' | b'}'));
        if bad {
            return false;
        }
    }
    !s.starts_with("...") && !reads_as_other_type(s)
}

/// Would `s`, unquoted, read back as null, a boolean or a number (to
/// serde_yaml, or to a YAML 1.1 reader)?
fn reads_as_other_type(s: &str) -> bool {
    // YAML 1.1 also lists `y` and `n` as booleans, but common readers
    // (PyYAML, libyaml-based ones) do not resolve them, and quoting every
    // `y:` coordinate key would be noise.
    const WORDS: [&str; 10] = [
        "~", "null", "true", "false", "yes", "no", "on", "off", "<<", "=",
    ];
    if s.len() <= 5 && WORDS.iter().any(|w| w.eq_ignore_ascii_case(s)) {
        return true;
    }
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    match unsigned.bytes().next() {
        // A lone sign, or two.
        None | Some(b'+' | b'-') => true,
        // Integers in any base, leading zeros, floats, `.inf`, `.nan`.
        Some(b'0'..=b'9' | b'.') => {
            let prefix = unsigned.get(..2).unwrap_or("");
            matches!(prefix, "0x" | "0o" | "0b" | "0X" | "0O" | "0B")
                || unsigned.parse::<f64>().is_ok()
                || unsigned.eq_ignore_ascii_case(".inf")
                || unsigned.eq_ignore_ascii_case(".nan")
        }
        // `inf`, `infinity`, `nan` in any case parse as floats in Rust.
        Some(b'i' | b'I' | b'n' | b'N') => unsigned.parse::<f64>().is_ok(),
        Some(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn emit(v: &Value) -> String {
        to_string(v, &Style::default()).expect("no tags")
    }

    fn back(text: &str) -> Value {
        serde_yaml::from_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    fn string_round_trip(s: &str) {
        for v in [
            Value::String(s.into()),
            Value::Sequence(vec![Value::String(s.into()), Value::String("x".into())]),
            serde_yaml::from_str::<Value>("{a: 1}").unwrap(),
        ] {
            let mut m = Mapping::new();
            m.insert(Value::String(s.into()), v.clone());
            m.insert("k".into(), v.clone());
            m.insert(
                "list".into(),
                Value::Sequence(vec![v.clone(), Value::Mapping(m.clone())]),
            );
            let doc = Value::Mapping(m);
            let text = emit(&doc);
            assert_eq!(back(&text), doc, "{s:?}\n{text}");
            let text = emit(&v);
            assert_eq!(back(&text), v, "{s:?}\n{text}");
        }
    }

    #[test]
    fn awkward_strings_read_back_as_themselves() {
        let long = "a long string with spaces, commas and: colons ".repeat(60);
        let cases = [
            "",
            " ",
            "  ",
            "a ",
            " a",
            "yes",
            "No",
            "ON",
            "off",
            "y",
            "N",
            "true",
            "False",
            "TRUE",
            "null",
            "Null",
            "NULL",
            "~",
            "<<",
            "=",
            "1",
            "-1",
            "+1",
            "0",
            "00",
            "007",
            "1.5",
            "-1.5",
            "1e5",
            "1E+5",
            ".5",
            "5.",
            ".inf",
            "-.Inf",
            "+.INF",
            ".nan",
            "inf",
            "-infinity",
            "NaN",
            "0x1F",
            "0o17",
            "0b101",
            "-0x1",
            "1_000",
            "2d6",
            "1d14",
            "12:30",
            "-",
            "--",
            "---",
            "...",
            "... x",
            "?",
            "? x",
            "?x",
            ":",
            ":x",
            "a:",
            "a: b",
            "a:b",
            "a #b",
            "a#b",
            "#a",
            "&a",
            "*a",
            "!a",
            "!!str",
            "|",
            ">",
            "%YAML",
            "@a",
            "`a",
            "'",
            "\"",
            "a'b",
            "a\"b",
            "''",
            "a,b",
            "[a]",
            "{a}",
            "a]",
            "a}",
            "a, b",
            "[",
            "]",
            "{",
            "}",
            ",",
            "a\tb",
            "\t",
            "a\nb",
            "\n",
            "a\rb",
            "\r\n",
            "\0",
            "\x07",
            "\x1b[0m",
            "\x7f",
            "\u{85}",
            "\u{a0}",
            "\u{2028}",
            "\u{2029}",
            "\u{feff}",
            "\u{feff}a",
            "\u{fffe}",
            "\u{ffff}",
            "\u{e000}",
            "\u{10ffff}",
            "é",
            "Ñandú",
            "日本語",
            "🐉 dragon",
            "a\\b",
            "\\",
            "\\n",
            "C4",
            "Giant Rat",
            "Flame/Lightning",
            "2 floor(s) of 2, 1 tile set(s)",
            "######.,.###.#######______",
            "_____#..,#___",
            &long,
        ];
        for s in cases {
            string_round_trip(s);
        }
    }

    #[test]
    fn numbers_and_scalars_read_back_exactly() {
        let doc: Value = serde_yaml::from_str(
            "{a: 25.4, b: 0.1, c: -0.0, d: 1.0e300, e: 5e-324, f: .inf, g: -.inf, h: .nan, \
             i: 18446744073709551615, j: -9223372036854775808, k: null, l: true, m: false, \
             n: 1.0, o: 100000000000000000000.0}",
        )
        .unwrap();
        let text = emit(&doc);
        assert_eq!(back(&text), doc, "{text}");
        assert!(text.starts_with("a: 25.4\n"), "{text}");
        // As serde_yaml writes it.
        let scalar = Value::from(25.4_f64);
        assert_eq!(emit(&scalar), serde_yaml::to_string(&scalar).unwrap());
    }

    #[test]
    fn small_records_are_flow_and_lists_of_records_block() {
        let doc: Value = serde_yaml::from_str(
            "format: x\n\
             size: {width: 26, height: 25}\n\
             grid: [_____, '##...']\n\
             tiles:\n\
             - {id: C4, kind: chamber, void: [{x: 1, y: 2}]}\n\
             - {id: H2, kind: hallway}\n\
             connections: [[0, 1], [1, 2]]\n\
             nested: {a: {b: {c: 1}}}\n\
             empty: {e: [], f: {}}\n",
        )
        .unwrap();
        let style = Style {
            block_keys: &["grid"],
            ..Style::default()
        };
        let text = to_string(&doc, &style).unwrap();
        assert_eq!(
            text,
            "format: x\n\
             size: {width: 26, height: 25}\n\
             grid:\n\
             - _____\n\
             - '##...'\n\
             tiles:\n\
             - id: C4\n  kind: chamber\n  void:\n  - {x: 1, y: 2}\n\
             - {id: H2, kind: hallway}\n\
             connections:\n\
             - [0, 1]\n\
             - [1, 2]\n\
             nested:\n  a: {b: {c: 1}}\n\
             empty: {e: [], f: {}}\n"
        );
        assert_eq!(back(&text), doc);
    }

    #[test]
    fn a_flow_line_stays_within_the_width() {
        let item = |n: usize| {
            let mut m = Mapping::new();
            m.insert("key".into(), Value::String("v".repeat(n)));
            Value::Mapping(m)
        };
        // `- {key: ` is 8 bytes, `}` one more.
        let fits = emit(&Value::Sequence(vec![item(91)]));
        assert_eq!(fits.trim_end().len(), 100, "{fits}");
        assert!(fits.starts_with("- {"));
        let over = emit(&Value::Sequence(vec![item(92)]));
        assert!(over.starts_with("- key: v"), "{over}");
        // Characters, not bytes: `é` takes two bytes, and quotes.
        let mut m = Mapping::new();
        m.insert("key".into(), Value::String("é".repeat(89)));
        let wide = emit(&Value::Sequence(vec![Value::Mapping(m)]));
        assert_eq!(wide.trim_end().chars().count(), 100, "{wide}");
        assert!(wide.starts_with("- {"));
    }

    #[test]
    fn long_and_complex_keys_are_explicit() {
        let doc: Value = serde_yaml::from_str(&format!(
            "? [1, 2]\n: a\n? {{x: 1}}\n: [b]\n{}: c\n",
            "k".repeat(300)
        ))
        .unwrap();
        let text = emit(&doc);
        assert!(text.starts_with("? [1, 2]\n: a\n"), "{text}");
        assert_eq!(back(&text), doc, "{text}");
        let list = Value::Sequence(vec![doc.clone(), doc]);
        let text = emit(&list);
        assert_eq!(back(&text), list, "{text}");
    }

    #[test]
    fn tags_are_written_or_refused() {
        let doc: Value = serde_yaml::from_str(
            "a: !Thing x\nb: !Thing [1]\nc: !Thing {k: v}\nd: !T-1.x\n  long: [1, 2]\ne:\n- !E 3\n",
        )
        .unwrap();
        let text = emit(&doc);
        assert_eq!(back(&text), doc, "{text}");
        let top: Value = serde_yaml::from_str("!Top\nk: v\n").unwrap();
        assert_eq!(back(&emit(&top)), top);
        let bad = Value::Tagged(Box::new(serde_yaml::value::TaggedValue {
            tag: serde_yaml::value::Tag::new("a b"),
            value: Value::Null,
        }));
        assert!(matches!(
            to_string(&bad, &Style::default()),
            Err(EmitError::Tag(_))
        ));
        let nested = Value::Tagged(Box::new(serde_yaml::value::TaggedValue {
            tag: serde_yaml::value::Tag::new("a"),
            value: bad,
        }));
        assert_eq!(
            to_string(&nested, &Style::default()),
            Err(EmitError::NestedTag)
        );
    }

    /// Strings from every awkward class: indicators, keywords, numbers,
    /// spaces, quotes, controls, non-ASCII.
    fn awkward_string() -> impl Strategy<Value = String> {
        prop_oneof![
            3 => "[a-z]{0,6}",
            3 => "[ -~]{0,12}",
            3 => "[-+.0-9eExXoObB_:]{0,8}",
            3 => "[ ,:#'\"\\[\\]{}?!&*|>%@`~-]{0,6}[a-z]{0,3}[ ,:#'\"\\[\\]{}?!&*|>%@`~-]{0,3}",
            2 => prop::sample::select(vec![
                "yes", "No", "null", "~", "true", "FALSE", ".inf", "-.nan", "007", "0x1f", "1e9",
                "inf", "<<", "...", "---", "- a", "a: b", "a #b",
            ])
            .prop_map(String::from),
            1 => any::<String>(),
            1 => prop::collection::vec(any::<char>(), 0..8).prop_map(|v| v.into_iter().collect()),
            1 => "[a-z ]{200,400}",
        ]
    }

    fn scalar() -> impl Strategy<Value = Value> {
        prop_oneof![
            1 => Just(Value::Null),
            1 => any::<bool>().prop_map(Value::Bool),
            1 => any::<u64>().prop_map(Value::from),
            1 => any::<i64>().prop_map(Value::from),
            2 => any::<f64>().prop_map(Value::from),
            10 => awkward_string().prop_map(Value::String),
        ]
    }

    fn key() -> impl Strategy<Value = Value> {
        prop_oneof![
            6 => scalar(),
            1 => prop::collection::vec(scalar(), 0..3).prop_map(Value::Sequence),
        ]
    }

    fn value() -> impl Strategy<Value = Value> {
        scalar().prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Sequence),
                prop::collection::vec((key(), inner.clone()), 0..6)
                    .prop_map(|kv| Value::Mapping(kv.into_iter().collect())),
                ("[A-Za-z][A-Za-z0-9_.-]{0,6}", inner).prop_filter_map(
                    "one tag per node",
                    |(tag, value)| {
                        (!matches!(value, Value::Tagged(_))).then(|| {
                            Value::Tagged(Box::new(serde_yaml::value::TaggedValue {
                                tag: serde_yaml::value::Tag::new(tag),
                                value,
                            }))
                        })
                    }
                ),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn any_string_reads_back(s in awkward_string()) {
            for flow in [false, true] {
                let mut out = String::new();
                write_string(&mut out, &s, flow);
                let doc = if flow { format!("[{out}]") } else { format!("k: {out}\n") };
                let v: Value = serde_yaml::from_str(&doc)
                    .map_err(|e| TestCaseError::fail(format!("{e}\n{doc}")))?;
                let got = if flow { v.get(0).cloned() } else { v.get("k").cloned() };
                prop_assert_eq!(got, Some(Value::String(s.clone())), "{}", doc);
            }
        }

        #[test]
        fn any_value_reads_back(v in value(), width in prop::sample::select(vec![20usize, 100, 400])) {
            let style = Style { width, block_keys: &["grid"] };
            let text = to_string(&v, &style).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let got: Value = serde_yaml::from_str(&text)
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(&got, &v, "{}", text);
            prop_assert_eq!(to_string(&got, &style).unwrap(), text);
        }
    }
}
