//! Tab completion at a game's prompt, the part every game shares: find the
//! word under the cursor, ask the game what may stand there after the words
//! before it, keep those that begin with what is typed (ignoring ASCII
//! case), sorted and each once. The games give only their grammar.

/// The completions of the word being typed at the end of `line`: the byte
/// where that word starts, and the words that fit. `candidates` gets the
/// words before it, in lower case.
pub fn complete(
    line: &str,
    candidates: impl FnOnce(&[&str]) -> Vec<String>,
) -> (usize, Vec<String>) {
    let start = line.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let (before, word) = line.split_at(start);
    let prior: Vec<String> = before.split_whitespace().map(str::to_lowercase).collect();
    let prior: Vec<&str> = prior.iter().map(String::as_str).collect();
    let low = word.to_lowercase();
    let mut out: Vec<String> = candidates(&prior)
        .into_iter()
        .filter(|c| c.to_lowercase().starts_with(&low))
        .collect();
    out.sort_by_key(|w| w.to_lowercase());
    out.dedup();
    (start, out)
}

/// Words as owned strings.
pub fn words(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grammar(prior: &[&str]) -> Vec<String> {
        match prior {
            [] => words(&["move", "map", "Kestrel"]),
            ["move"] => words(&["Kestrel", "Marrow"]),
            _ => Vec::new(),
        }
    }

    #[test]
    fn the_word_under_the_cursor_is_completed_from_the_grammar() {
        assert_eq!(complete("m", grammar), (0, words(&["map", "move"])));
        assert_eq!(complete("MO", grammar).1, ["move"]);
        assert_eq!(complete("k", grammar).1, ["Kestrel"]);
        assert_eq!(
            complete("move ", grammar),
            (5, words(&["Kestrel", "Marrow"]))
        );
        assert_eq!(complete("Move  ma", grammar), (6, words(&["Marrow"])));
        assert!(complete("move Kestrel ", grammar).1.is_empty());
        assert!(complete("x", grammar).1.is_empty());
    }
}
