//! Text that reaches a terminal: control characters made visible, and long
//! values cut to an excerpt, so nothing a file or a typed line holds can
//! retitle a window, clear a screen or flood an error line.

use std::borrow::Cow;

/// `text` with every control character but the tab written as a visible
/// escape (`\u{1b}`), so a file's text printed to a terminal cannot act on
/// it. Text without control characters is returned as it is.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether `c` may act on a terminal: the C0 and C1 control characters and
/// DEL, but not the tab; also the line and paragraph separators and the
/// bidirectional controls, which reorder what a reader sees.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Whether `name` can name something in a file or on a command line: 1 to
/// `max` characters, not blank, and no control characters (no line breaks,
/// tabs or escapes). The one rule the party, roll-table, campaign and
/// war-party loaders share; each words its own refusal.
pub fn is_name(name: &str, max: usize) -> bool {
    !name.trim().is_empty() && name.chars().count() <= max && !name.chars().any(char::is_control)
}

/// [`escape_controls`] for each line of `text`, keeping its line breaks.
pub fn escape_controls_keep_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && is_unsafe(c)) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(escape_controls).collect();
    Cow::Owned(lines.join("\n"))
}

/// A length in millimetres to two decimals, without needless zeros
/// (`25.40` → `25.4`, `25.00` → `25`), as the maps, the sheets and the
/// PDFs print it.
pub fn mm_text(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// At most `max` characters of `value` for a message: the value itself when
/// short, else its start, `…` and how long it was; control characters
/// escaped either way.
pub fn excerpt(value: &str, max: usize) -> String {
    let n = value.chars().count();
    if n <= max {
        return escape_controls(value).into_owned();
    }
    let head: String = value.chars().take(max).collect();
    format!("{}… ({n} characters)", escape_controls(&head))
}

/// The echo of a line too long to be read whole: at most `max` characters
/// of `start` (what a bounded read kept of it), `…` and the whole line's
/// length in bytes, the unit its refusal counts in. [`excerpt`] on the kept
/// start would state the kept part's length, not the line's.
pub fn excerpt_of_line(start: &str, bytes: u64, max: usize) -> String {
    if start.len() as u64 == bytes && start.chars().count() <= max {
        return escape_controls(start).into_owned();
    }
    let head: String = start.chars().take(max).collect();
    format!("{}… ({bytes} bytes)", escape_controls(&head))
}

/// The two rulers over a text map of columns `x0..=x1`, each after
/// `indent` spaces: the tens digit where a column is a multiple of ten,
/// then every column's last digit (as the MKD Adventure's map has them).
pub fn column_rulers(x0: i32, x1: i32, indent: usize) -> [String; 2] {
    let pad = " ".repeat(indent);
    let tens: String = (x0..=x1)
        .map(|x| {
            if x.rem_euclid(10) == 0 {
                char::from(b'0' + (x.rem_euclid(100) / 10) as u8)
            } else {
                ' '
            }
        })
        .collect();
    let ones: String = (x0..=x1)
        .map(|x| char::from(b'0' + x.rem_euclid(10) as u8))
        .collect();
    [format!("{pad}{}", tens.trim_end()), format!("{pad}{ones}")]
}

/// One-character marks for the figures of a text map, each its own: a
/// capital letter for a hero, a small one for a monster, the first letter
/// of its name not taken yet, else the next free letter, then a digit
/// (`0` when even those are gone). Letters the map keeps for other things
/// are never given.
#[derive(Debug, Clone)]
pub struct FigureMarks {
    used: Vec<char>,
    reserved_capitals: &'static str,
    reserved_small: &'static str,
}

impl FigureMarks {
    /// A picker that never gives the letters in `reserved_capitals` or
    /// `reserved_small`.
    pub fn new(reserved_capitals: &'static str, reserved_small: &'static str) -> FigureMarks {
        FigureMarks {
            used: Vec::new(),
            reserved_capitals,
            reserved_small,
        }
    }

    /// The mark of the figure called `name`: a capital letter if `capital`.
    pub fn pick(&mut self, name: &str, capital: bool) -> char {
        let fold = |c: char| {
            if capital {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        };
        let reserved = if capital {
            self.reserved_capitals
        } else {
            self.reserved_small
        };
        let c = name
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(fold)
            .chain((b'a'..=b'z').map(|b| fold(char::from(b))))
            .chain('1'..='9')
            .find(|&c| !self.used.contains(&c) && !reserved.contains(c))
            .unwrap_or('0');
        self.used.push(c);
        c
    }
}

/// Most characters of an error or warning message printed: past this, the
/// message is cut in the middle (the start names the file, the end says
/// what was expected). With its `error: ` label a line stays under 300.
pub const MAX_MESSAGE_CHARS: usize = 290;

/// The one of `candidates` a mistyped `typed` most likely meant: the
/// nearest within two edits (a letter added, dropped or changed; case
/// ignored), the first of them in `candidates`' order on a tie. `None`
/// when none is that near. Behind every "did you mean" of the errors.
pub fn nearest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.to_lowercase();
    let (d, best) = candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(&typed, &c.to_lowercase()), c))
        .min_by_key(|&(d, _)| d)?;
    (d <= 2).then_some(best)
}

/// `n` and the noun that goes with it: `1 kill`, `3 kills`.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The bound of last resort on an `error:` line: every loader quotes a
/// value as a short [`excerpt`], so only a message nobody bounded reaches it.
pub const MAX_ERROR_CHARS: usize = 600;

/// `message` fit for one line of a terminal: controls escaped, and cut in
/// the middle to at most `max` characters (at least 60).
pub fn message_line(message: &str, max: usize) -> String {
    let max = max.max(60);
    let escaped = escape_controls(message);
    let n = escaped.chars().count();
    if n <= max {
        return escaped.into_owned();
    }
    // Room for the marker in the middle: ` […12345678 characters…] `.
    let keep = (max - 40) / 2;
    let head: String = escaped.chars().take(keep).collect();
    let tail: String = escaped.chars().skip(n - keep).collect();
    format!("{head} […{} characters…] {tail}", n - 2 * keep)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_is_the_closest_within_two_edits_and_the_first_on_a_tie() {
        let names = ["Ironfall", "Tower", "Towel"];
        assert_eq!(nearest("ironfal", names), Some("Ironfall"));
        assert_eq!(nearest("TOWER", names), Some("Tower"));
        // Towex is one edit from both: the first listed wins.
        assert_eq!(nearest("Towex", names), Some("Tower"));
        assert_eq!(nearest("keep", names), None);
        assert_eq!(nearest("x", []), None);
    }

    #[test]
    fn figure_marks_are_distinct_skip_reserved_letters_and_run_out_to_digits() {
        let mut m = FigureMarks::new("T", "c");
        // Tess's T is kept for something else: her next letter is E.
        assert_eq!(m.pick("Tess", true), 'E');
        assert_eq!(m.pick("Bram", true), 'B');
        assert_eq!(m.pick("Brannoc", true), 'R');
        // Small marks are apart from the capitals' and skip theirs.
        assert_eq!(m.pick("cave bear", false), 'a');
        assert_eq!(m.pick("orc", false), 'o');
        // Past every letter, the digits, then 0.
        let mut m = FigureMarks::new("", "");
        let all: Vec<char> = (0..36).map(|_| m.pick("a", false)).collect();
        assert_eq!(all[25], 'z');
        assert_eq!(all[26], '1');
        assert_eq!(all[34], '9');
        assert_eq!(all[35], '0');
        let distinct: std::collections::BTreeSet<char> = all[..35].iter().copied().collect();
        assert_eq!(distinct.len(), 35);
    }

    #[test]
    fn escapes_what_acts_on_a_terminal_and_keeps_the_rest() {
        assert_eq!(escape_controls("Ayla\tmoves"), "Ayla\tmoves");
        assert!(matches!(escape_controls("plain words"), Cow::Borrowed(_)));
        assert_eq!(
            escape_controls("\x1b]0;owned\x07x"),
            "\\u{1b}]0;owned\\u{7}x"
        );
        assert_eq!(
            escape_controls("a\u{9b}b\u{202e}c\r"),
            "a\\u{9b}b\\u{202e}c\\u{d}"
        );
        assert_eq!(escape_controls_keep_lines("a\x1b\nb"), "a\\u{1b}\nb");
    }

    #[test]
    fn an_excerpt_is_short_and_says_how_long_the_value_was() {
        assert_eq!(excerpt("goblin", 10), "goblin");
        let long = "x".repeat(1 << 20);
        let e = excerpt(&long, 40);
        assert!(e.ends_with("… (1048576 characters)"), "{e}");
        assert!(e.chars().count() < 70, "{e}");
    }

    /// A line of 2,000 bytes read as its first 400 is echoed with its
    /// real length (it said 400 characters while the refusal said 2,000
    /// bytes).
    #[test]
    fn the_excerpt_of_a_cut_line_states_the_whole_line_s_length() {
        let kept = "b".repeat(400);
        let e = excerpt_of_line(&kept, 2000, 60);
        assert_eq!(e, format!("{}… (2000 bytes)", "b".repeat(60)));
        assert_eq!(excerpt_of_line("end", 3, 60), "end");
        assert_eq!(excerpt_of_line("end", 900, 60), "end… (900 bytes)");
        assert!(excerpt_of_line("\x1b[2J", 9000, 60).starts_with("\\u{1b}[2J…"));
    }

    #[test]
    fn the_rulers_give_the_tens_over_every_tenth_column() {
        let [tens, ones] = column_rulers(0, 23, 4);
        assert_eq!(tens, "    0         1         2");
        assert_eq!(ones, "    012345678901234567890123");
    }

    #[test]
    fn a_message_line_is_bounded_and_keeps_both_ends() {
        let m = format!("file.yaml: {}: expected a tile id", "é".repeat(10_000));
        let line = message_line(&m, MAX_MESSAGE_CHARS);
        assert!(line.chars().count() <= MAX_MESSAGE_CHARS, "{line}");
        assert!(line.starts_with("file.yaml: "), "{line}");
        assert!(line.ends_with("expected a tile id"), "{line}");
        assert_eq!(message_line("short", MAX_MESSAGE_CHARS), "short");
        let huge = "k".repeat(1 << 20);
        assert!(message_line(&huge, MAX_MESSAGE_CHARS).chars().count() <= MAX_MESSAGE_CHARS);
    }
}
