//! A small YAML writer that keeps files lean and readable, which
//! `yaml_serde::to_string` (block style only) cannot.
//!
//! - The document, and every list whose items are themselves lists or
//!   records, is written in block style: one item per line.
//! - A record or list made only of scalars (a record may also hold small
//!   lists or records of scalars) is written in flow style on one line —
//!   `{id: C4, kind: chamber, x: 10, y: 5}`, `[0, 1]` — when that whole line,
//!   indentation and key included, is at most [`DocStyle::width`] characters
//!   ([`DEFAULT_WIDTH`], 100). Otherwise it is written in block style.
//! - Keys listed in [`DocStyle::block_keys`] always get block style (a
//!   scenario's `grid`: one row per line).
//! - A string is written plain only when no YAML reader, YAML 1.1 ones
//!   (PyYAML, ruamel) included, can read it back as anything else: not
//!   `null`, `~`, a boolean (YAML 1.1's `yes`/`no`/`on`/`off` too), a
//!   number (YAML 1.1's `1_000`, `0b101`, `017`, `1:20` and `1.2.3` too), a
//!   date (`2001-12-14`), `<<`, `=`, empty, nor holding indicators, `: `, ` #`, quotes,
//!   leading or trailing spaces, or anything but printable ASCII (and, in
//!   flow style, `, [ ] { } :`). Otherwise it is single-quoted if it is
//!   printable ASCII, else double-quoted with YAML escapes.
//! - Numbers are written as serde_yaml and yaml_serde write them (floats by
//!   the shortest representation that reads back exactly, from `ryu`;
//!   `.inf`, `-.inf`, `.nan`).
//!
//! [`to_string`] takes any `Serialize` value through a light [`Node`] tree
//! that holds what `yaml_serde::to_value` would (same shapes, same order,
//! enum variants as `!Tag`s) without its cost: struct field names are
//! borrowed and nothing is hashed. [`emit`] writes a [`Node`]. The writer
//! does not depend on any YAML library; `yaml_serde::from_str` of the
//! result gives the value back (tested on arbitrary nested values), and the
//! same value always gives the same bytes.

use serde::Serialize;
use std::borrow::Cow;
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
pub struct DocStyle<'a> {
    /// A flow collection is used only when its whole line, indentation and
    /// key included, is at most this many characters.
    pub width: usize,
    /// Mapping keys whose value is always written in block style, one item
    /// per line (a scenario's `grid` rows).
    pub block_keys: &'a [&'a str],
}

impl Default for DocStyle<'_> {
    fn default() -> Self {
        DocStyle {
            width: DEFAULT_WIDTH,
            block_keys: &[],
        }
    }
}

/// A value YAML has no way to write, or a `Serialize` impl that failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmitError {
    /// A tag other than letters, digits, `_`, `.` and `-` (an enum variant
    /// is written as a tag, `!Variant`).
    #[error("YAML tag `!{0}` cannot be written: expected letters, digits, `_`, `.` or `-`")]
    Tag(String),
    /// A tagged value directly inside another (a node has at most one tag).
    #[error("a tagged value directly inside another tagged value cannot be written in YAML")]
    NestedTag,
    /// The value's `Serialize` impl reported an error.
    #[error("{0}")]
    Serialize(String),
}

type Result<T> = std::result::Result<T, EmitError>;

/// A YAML node: what `yaml_serde::Value` holds, cheaper to build.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A non-negative integer.
    U64(u64),
    /// A negative integer.
    I64(i64),
    /// A float.
    F64(f64),
    /// A string (struct field names and enum variants are borrowed).
    Str(Cow<'static, str>),
    /// A list.
    Seq(Vec<Node>),
    /// A record or map, in order. Keys should be distinct: a map whose
    /// `Serialize` repeats a key is written with it twice, which YAML
    /// readers refuse (`yaml_serde::to_value` would keep the last).
    Map(Vec<(Node, Node)>),
    /// `!tag value` (the tag without its `!`): how an enum variant with
    /// data is written.
    Tagged(Cow<'static, str>, Box<Node>),
}

/// Writes any `Serialize` value as a YAML document (no `---`, ending with a
/// line break). Structs keep their field order.
pub fn to_string<T: Serialize + ?Sized>(
    value: &T,
    style: &DocStyle,
) -> std::result::Result<String, EmitError> {
    emit(&to_node(value)?, style)
}

/// The [`Node`] of a `Serialize` value: the shapes `yaml_serde::to_value`
/// gives (`None` and `()` as null, unit variants as strings, other variants
/// as `!Variant` tags, bytes as lists of numbers, 128-bit integers beyond 64
/// bits as strings).
pub fn to_node<T: Serialize + ?Sized>(value: &T) -> std::result::Result<Node, EmitError> {
    value.serialize(NodeSerializer)
}

/// Writes a [`Node`] as a YAML document (no `---`, ending with a line break).
pub fn emit(node: &Node, style: &DocStyle) -> std::result::Result<String, EmitError> {
    let mut e = Emitter {
        out: String::with_capacity(16 * 1024),
        style,
        continuation_bytes: 0,
    };
    e.document(node)?;
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
    style: &'a DocStyle<'a>,
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

impl Emitter<'_> {
    fn document(&mut self, v: &Node) -> Result<()> {
        match v {
            Node::Map(m) if !m.is_empty() => self.block_mapping(m, 0, false),
            Node::Seq(s) if !s.is_empty() => self.block_sequence(s, 0, false),
            Node::Tagged(tag, inner) => {
                self.tag(tag)?;
                self.body(inner, 0, Place::Explicit, false, true)
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

    fn block_mapping(
        &mut self,
        m: &[(Node, Node)],
        indent: usize,
        first_inline: bool,
    ) -> Result<()> {
        for (i, (k, v)) in m.iter().enumerate() {
            if i > 0 || !first_inline {
                self.indent(indent);
            }
            let force_block =
                matches!(k, Node::Str(s) if self.style.block_keys.contains(&s.as_ref()));
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

    fn block_sequence(&mut self, s: &[Node], indent: usize, first_inline: bool) -> Result<()> {
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
    fn value(&mut self, v: &Node, indent: usize, place: Place, force_block: bool) -> Result<()> {
        if let Node::Tagged(tag, inner) = v {
            self.out.push(' ');
            self.tag(tag)?;
            self.body(inner, indent, place, force_block, true)
        } else {
            self.body(v, indent, place, force_block, false)
        }
    }

    /// [`Emitter::value`] after any tag.
    fn body(
        &mut self,
        v: &Node,
        indent: usize,
        place: Place,
        force_block: bool,
        tagged: bool,
    ) -> Result<()> {
        match v {
            Node::Tagged(..) => Err(EmitError::NestedTag),
            Node::Seq(s) if !s.is_empty() => {
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
            Node::Map(m) if !m.is_empty() => {
                if !force_block && self.try_flow(v)? {
                    return Ok(());
                }
                if place == Place::SeqItem && !tagged && m.iter().all(|(k, _)| implicit_key(k)) {
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
    fn try_flow(&mut self, v: &Node) -> Result<bool> {
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
    fn flow(&mut self, v: &Node, limit: Budget) -> Result<bool> {
        match v {
            Node::Tagged(tag, inner) => {
                if matches!(**inner, Node::Tagged(..)) {
                    return Err(EmitError::NestedTag);
                }
                self.tag(tag)?;
                self.out.push(' ');
                self.flow(inner, limit)
            }
            Node::Seq(s) => {
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
            Node::Map(m) => {
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

    fn tag(&mut self, name: &str) -> Result<()> {
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
        {
            return Err(EmitError::Tag(name.to_string()));
        }
        self.out.push('!');
        self.out.push_str(name);
        Ok(())
    }

    /// A scalar, or an empty list or record, on the current line.
    fn inline_scalar(&mut self, v: &Node, flow: bool) {
        match v {
            Node::Null => self.out.push_str("null"),
            Node::Bool(true) => self.out.push_str("true"),
            Node::Bool(false) => self.out.push_str("false"),
            Node::U64(n) => write_u64(&mut self.out, *n),
            Node::I64(n) => {
                if *n < 0 {
                    self.out.push('-');
                }
                write_u64(&mut self.out, n.unsigned_abs());
            }
            // serde_yaml's form, kept by yaml_serde: the shortest digits
            // that read back exactly (ryu), `.inf`, `-.inf`, `.nan`.
            Node::F64(f) => write_f64(&mut self.out, *f),
            Node::Str(s) => {
                self.continuation_bytes += write_string(&mut self.out, s, flow);
            }
            Node::Seq(_) => self.out.push_str("[]"),
            Node::Map(_) => self.out.push_str("{}"),
            // Not reached: tagged values go through `value` or `flow`.
            Node::Tagged(..) => self.out.push_str("null"),
        }
    }
}

/// Decimal digits of `n`.
fn write_u64(out: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &b in &buf[at..] {
        out.push(b as char);
    }
}

/// `f` as serde_yaml writes it: `.nan`, `.inf`, `-.inf`, or ryu's
/// shortest form that reads back exactly (`25.4`, `1.0`, `1e300`).
fn write_f64(out: &mut String, f: f64) {
    if f.is_nan() {
        out.push_str(".nan");
    } else if f.is_infinite() {
        out.push_str(if f.is_sign_negative() {
            "-.inf"
        } else {
            ".inf"
        });
    } else {
        out.push_str(ryu::Buffer::new().format_finite(f));
    }
}

/// Can this key be written as `key: value`?
fn implicit_key(k: &Node) -> bool {
    match k {
        Node::Null | Node::Bool(_) | Node::U64(_) | Node::I64(_) | Node::F64(_) => true,
        Node::Str(s) => s.len() <= MAX_IMPLICIT_KEY,
        _ => false,
    }
}

/// May `v` be written in flow style? Scalars and empty collections always;
/// a list only of those; a record whose keys are short scalars and whose
/// values are those or (with `depth` 2) lists and records of them.
fn flow_allowed(v: &Node, depth: u32) -> bool {
    match v {
        Node::Seq(s) if !s.is_empty() => depth > 0 && s.iter().all(|i| flow_allowed(i, 0)),
        Node::Map(m) if !m.is_empty() => {
            depth > 0
                && m.iter().all(|(k, v)| {
                    implicit_key(k) && flow_allowed(v, depth.saturating_sub(1).min(1))
                })
        }
        Node::Tagged(_, inner) => flow_allowed(inner, depth),
        _ => true,
    }
}

/// How a string is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quoting {
    Plain,
    Single,
    Double,
}

/// What a byte means to a plain scalar: flags in [`BYTE_CLASS`], OR-ed
/// over a string in one pass. `:` (not followed by a space: fine in block
/// style, never in flow style).
const COLON: u8 = 1;
/// Space: fine unless followed by `#` (or first or last).
const SPACE: u8 = 2;
/// `, [ ] { }`: fine in block style only.
const FLOW_INDICATOR: u8 = 4;
/// Quotes: never plain, but single quotes can hold them.
const QUOTE: u8 = 8;
/// Controls, DEL and every byte of a non-ASCII character: double quotes.
const ESCAPE: u8 = 16;

/// The flags of each byte; printable ASCII without flags is fine anywhere.
const BYTE_CLASS: [u8; 256] = {
    let mut t = [ESCAPE; 256];
    let mut b = 0x20;
    while b < 0x7f {
        t[b] = match b as u8 {
            b':' => COLON,
            b' ' => SPACE,
            b',' | b'[' | b']' | b'{' | b'}' => FLOW_INDICATOR,
            b'\'' | b'"' => QUOTE,
            _ => 0,
        };
        b += 1;
    }
    t
};

/// The first of plain, single-quoted and double-quoted that reads back as
/// `s` (in flow style if `flow`).
fn quoting(s: &str, flow: bool) -> Quoting {
    let b = s.as_bytes();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else {
        return Quoting::Single;
    };
    let flags = b.iter().fold(0, |acc, &c| acc | BYTE_CLASS[c as usize]);
    if flags & ESCAPE != 0 {
        return Quoting::Double;
    }
    let mut refused = QUOTE;
    if flow {
        refused |= COLON | FLOW_INDICATOR;
    }
    let plain = flags & refused == 0
        && !matches!(
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
                | b'%'
                | b'@'
                | b'`'
                | b' '
        )
        && !matches!(last, b' ' | b':')
        && (flags & COLON == 0 || !s.contains(": "))
        && (flags & SPACE == 0 || !s.contains(" #"))
        && !s.starts_with("...")
        && !reads_as_other_type(s);
    if plain {
        Quoting::Plain
    } else {
        Quoting::Single
    }
}

/// Writes a string plain, single-quoted or double-quoted, whichever is the
/// first that reads back as the same string. Returns the UTF-8 continuation
/// bytes written (bytes beyond one per character).
fn write_string(out: &mut String, s: &str, flow: bool) -> usize {
    match quoting(s, flow) {
        Quoting::Plain => out.push_str(s),
        Quoting::Single => {
            out.push('\'');
            for (i, part) in s.split('\'').enumerate() {
                if i > 0 {
                    out.push_str("''");
                }
                out.push_str(part);
            }
            out.push('\'');
        }
        Quoting::Double => return write_double_quoted(out, s),
    }
    0
}

/// Writes `"s"` with YAML escapes; returns the continuation bytes written.
/// `s` as a YAML double-quoted scalar, whatever it holds: for hand-laid
/// lines that quote every string (a batch's `index.yaml` rows). Escapes as
/// [`emit`] does, so every YAML reader, 1.1 or 1.2, reads `s` back.
pub fn double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_double_quoted(&mut out, s);
    out
}

fn write_double_quoted(out: &mut String, s: &str) -> usize {
    let mut continuation_bytes = 0;
    let mut run = 0;
    out.push('"');
    for (i, c) in s.char_indices() {
        let escape = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\0' => "\\0",
            '\x07' => "\\a",
            '\x08' => "\\b",
            '\t' => "\\t",
            '\n' => "\\n",
            '\x0b' => "\\v",
            '\x0c' => "\\f",
            '\r' => "\\r",
            '\x1b' => "\\e",
            // Other control characters, DEL and the C1 controls (NEL,
            // U+0085, is a line break to YAML 1.1 readers); line and
            // paragraph separators (line breaks too), the byte-order mark
            // and the non-characters.
            c if (c as u32) < 0x20
                || ('\x7f'..='\u{9f}').contains(&c)
                || matches!(
                    c,
                    '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}'
                ) =>
            {
                ""
            }
            c => {
                continuation_bytes += c.len_utf8() - 1;
                continue;
            }
        };
        out.push_str(&s[run..i]);
        run = i + c.len_utf8();
        if escape.is_empty() {
            let _ = if (c as u32) < 0x100 {
                write!(out, "\\x{:02X}", c as u32)
            } else {
                write!(out, "\\u{:04X}", c as u32)
            };
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
    continuation_bytes
}

/// Would `s`, unquoted, read back as anything but this string — null, a
/// boolean, a number, a date, a merge or value key — to yaml_serde, to a
/// YAML 1.2 reader, or to a YAML 1.1 reader (PyYAML, ruamel, SnakeYAML)?
/// Errs on the side of quoting: the union of their patterns.
fn reads_as_other_type(s: &str) -> bool {
    // YAML 1.1 also lists `y` and `n` as booleans, but common readers
    // (PyYAML, libyaml-based ones) do not resolve them, and quoting every
    // `y:` coordinate key would be noise.
    const WORDS: [&str; 10] = [
        "~", "null", "true", "false", "yes", "no", "on", "off", "<<", "=",
    ];
    let Some(first) = s.bytes().next() else {
        return true;
    };
    if s.len() <= 5
        && matches!(
            first.to_ascii_lowercase(),
            b'~' | b'n' | b't' | b'f' | b'y' | b'o' | b'<' | b'='
        )
        && WORDS.iter().any(|w| w.eq_ignore_ascii_case(s))
    {
        return true;
    }
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    let signed = unsigned.len() < s.len();
    match unsigned.bytes().next() {
        // A lone sign, or two.
        None | Some(b'+' | b'-') => true,
        // Integers in any base, leading zeros, floats, `.inf`, `.nan`,
        // YAML 1.1's `_` separators and base-60 numbers, dates.
        Some(b'0'..=b'9' | b'.') => {
            let prefix = unsigned.get(..2).unwrap_or("");
            matches!(prefix, "0x" | "0o" | "0b" | "0X" | "0O" | "0B")
                || unsigned.parse::<f64>().is_ok()
                || unsigned.eq_ignore_ascii_case(".inf")
                || unsigned.eq_ignore_ascii_case(".nan")
                || yaml11_number(unsigned)
                || (!signed && yaml11_timestamp(s))
        }
        // After a sign, ruamel takes `_` for a digit: `+_5` is 5.
        Some(b'_') if signed => yaml11_number(unsigned),
        // `inf`, `infinity`, `nan` in any case parse as floats in Rust.
        Some(b'i' | b'I' | b'n' | b'N') => unsigned.parse::<f64>().is_ok(),
        Some(_) => false,
    }
}

/// YAML 1.1's number forms that `f64::from_str` refuses, for `unsigned`
/// (no sign) starting with a digit, `.` or `_`: digits with `_` and `.`
/// anywhere (`1_000`, `0_7`, `._5`, `1.2.3`: the 1.1 float pattern allows
/// more than one `.`), the same with an exponent (`1_0e5`, `.5E-3`), and
/// base 60 (`1:20`, `190:20:30`, `1:20.5`).
fn yaml11_number(unsigned: &str) -> bool {
    let b = unsigned.as_bytes();
    let in_number = |c: &u8| c.is_ascii_digit() || matches!(c, b'_' | b'.');
    if b.iter().all(in_number) {
        return true;
    }
    if let Some(e) = b.iter().position(|&c| c == b'e' || c == b'E') {
        let (mantissa, exponent) = (&b[..e], &b[e + 1..]);
        let exponent = exponent
            .strip_prefix(b"+")
            .or_else(|| exponent.strip_prefix(b"-"))
            .unwrap_or(exponent);
        if !mantissa.is_empty()
            && mantissa.iter().all(in_number)
            && !exponent.is_empty()
            && exponent.iter().all(u8::is_ascii_digit)
        {
            return true;
        }
    }
    b.first().is_some_and(u8::is_ascii_digit)
        && b.contains(&b':')
        && b.iter().all(|c| in_number(c) || *c == b':')
}

/// Does `s` start as a YAML 1.1 timestamp — `2001-12-14`, or the date and
/// then `T`, `t`, a space or a tab (`2001-12-14t21:59:43.10-05:00`,
/// `2001-12-14 21:59:43.10 -5`)? Whatever follows the date counts, to be
/// safe.
fn yaml11_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    let digits_from = |at: usize| {
        b[at.min(b.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    if digits_from(0) != 4 || b.get(4) != Some(&b'-') {
        return false;
    }
    let month = digits_from(5);
    if !(1..=2).contains(&month) || b.get(5 + month) != Some(&b'-') {
        return false;
    }
    let at = 6 + month;
    let day = digits_from(at);
    (1..=2).contains(&day) && matches!(b.get(at + day), None | Some(b'T' | b't' | b' ' | b'\t'))
}

/// Builds a [`Node`] the way `yaml_serde::to_value` builds a `Value`.
struct NodeSerializer;

impl serde::ser::Error for EmitError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        EmitError::Serialize(msg.to_string())
    }
}

fn tagged(variant: &'static str, inner: Node) -> Result<Node> {
    if variant.is_empty() {
        return Err(EmitError::Tag(String::new()));
    }
    Ok(Node::Tagged(Cow::Borrowed(variant), Box::new(inner)))
}

fn int(v: i64) -> Node {
    if v < 0 {
        Node::I64(v)
    } else {
        Node::U64(v as u64)
    }
}

impl serde::Serializer for NodeSerializer {
    type Ok = Node;
    type Error = EmitError;
    type SerializeSeq = SeqBuilder;
    type SerializeTuple = SeqBuilder;
    type SerializeTupleStruct = SeqBuilder;
    type SerializeTupleVariant = SeqBuilder;
    type SerializeMap = MapBuilder;
    type SerializeStruct = MapBuilder;
    type SerializeStructVariant = MapBuilder;

    fn serialize_bool(self, v: bool) -> Result<Node> {
        Ok(Node::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Node> {
        Ok(int(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<Node> {
        Ok(int(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<Node> {
        Ok(int(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<Node> {
        Ok(int(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Node> {
        Ok(match (u64::try_from(v), i64::try_from(v)) {
            (Ok(u), _) => Node::U64(u),
            (_, Ok(i)) => Node::I64(i),
            _ => Node::Str(Cow::Owned(v.to_string())),
        })
    }
    fn serialize_u8(self, v: u8) -> Result<Node> {
        Ok(Node::U64(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<Node> {
        Ok(Node::U64(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<Node> {
        Ok(Node::U64(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<Node> {
        Ok(Node::U64(v))
    }
    fn serialize_u128(self, v: u128) -> Result<Node> {
        Ok(match u64::try_from(v) {
            Ok(u) => Node::U64(u),
            Err(_) => Node::Str(Cow::Owned(v.to_string())),
        })
    }
    fn serialize_f32(self, v: f32) -> Result<Node> {
        Ok(Node::F64(v.into()))
    }
    fn serialize_f64(self, v: f64) -> Result<Node> {
        Ok(Node::F64(v))
    }
    fn serialize_char(self, v: char) -> Result<Node> {
        Ok(Node::Str(Cow::Owned(v.to_string())))
    }
    fn serialize_str(self, v: &str) -> Result<Node> {
        Ok(Node::Str(Cow::Owned(v.to_owned())))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Node> {
        Ok(Node::Seq(v.iter().map(|&b| Node::U64(b.into())).collect()))
    }
    fn serialize_none(self) -> Result<Node> {
        Ok(Node::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Node> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Node> {
        Ok(Node::Null)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Node> {
        Ok(Node::Null)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Node> {
        Ok(Node::Str(Cow::Borrowed(variant)))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Node> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Node> {
        tagged(variant, value.serialize(self)?)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder> {
        Ok(SeqBuilder {
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqBuilder> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqBuilder> {
        Ok(SeqBuilder {
            items: Vec::with_capacity(len),
            variant: Some(variant),
        })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapBuilder> {
        Ok(MapBuilder {
            entries: Vec::with_capacity(len.unwrap_or(0)),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<MapBuilder> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<MapBuilder> {
        Ok(MapBuilder {
            entries: Vec::with_capacity(len),
            key: None,
            variant: Some(variant),
        })
    }
}

/// A list being built; a tuple variant's carries its name.
struct SeqBuilder {
    items: Vec<Node>,
    variant: Option<&'static str>,
}

impl SeqBuilder {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.items.push(value.serialize(NodeSerializer)?);
        Ok(())
    }

    fn finish(self) -> Result<Node> {
        let seq = Node::Seq(self.items);
        match self.variant {
            Some(v) => tagged(v, seq),
            None => Ok(seq),
        }
    }
}

// The four sequence-shaped serde traits differ only in their method's name.
macro_rules! sequence_traits {
    ($($tr:ident :: $method:ident),*) => {$(
        impl serde::ser::$tr for SeqBuilder {
            type Ok = Node;
            type Error = EmitError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
                self.push(value)
            }
            fn end(self) -> Result<Node> {
                self.finish()
            }
        }
    )*};
}

sequence_traits!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A record or map being built; a struct variant's carries its name.
struct MapBuilder {
    entries: Vec<(Node, Node)>,
    key: Option<Node>,
    variant: Option<&'static str>,
}

impl MapBuilder {
    fn finish(self) -> Result<Node> {
        let map = Node::Map(self.entries);
        match self.variant {
            Some(v) => tagged(v, map),
            None => Ok(map),
        }
    }
}

impl serde::ser::SerializeMap for MapBuilder {
    type Ok = Node;
    type Error = EmitError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.key = Some(key.serialize(NodeSerializer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self
            .key
            .take()
            .ok_or_else(|| EmitError::Serialize("a map value was given before its key".into()))?;
        self.entries.push((key, value.serialize(NodeSerializer)?));
        Ok(())
    }
    fn end(self) -> Result<Node> {
        self.finish()
    }
}

impl serde::ser::SerializeStruct for MapBuilder {
    type Ok = Node;
    type Error = EmitError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.entries.push((
            Node::Str(Cow::Borrowed(key)),
            value.serialize(NodeSerializer)?,
        ));
        Ok(())
    }
    fn end(self) -> Result<Node> {
        self.finish()
    }
}

impl serde::ser::SerializeStructVariant for MapBuilder {
    type Ok = Node;
    type Error = EmitError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        serde::ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result<Node> {
        self.finish()
    }
}

#[cfg(test)]
mod tests;
