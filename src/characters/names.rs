//! Names typed at a keyboard: an ASCII spelling of a name with diacritics
//! (`Larus` for `Lárus`, `Thura` for `Þura`) and a unique beginning of a
//! name are accepted wherever a command names someone or something.

/// The ASCII spelling of `text`, lower-cased: letters with accents lose
/// them, and the Norse letters are spelled out (þ → th, ð → d, æ → ae,
/// ø → o, ß → ss). Other characters are kept, lower-cased.
pub fn ascii_fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        let s: &str = match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ā' => "a",
            'é' | 'è' | 'ê' | 'ë' | 'ē' => "e",
            'í' | 'ì' | 'î' | 'ï' | 'ī' => "i",
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'ō' => "o",
            'ú' | 'ù' | 'û' | 'ü' | 'ū' => "u",
            'ý' | 'ÿ' => "y",
            'ñ' => "n",
            'ç' => "c",
            'þ' => "th",
            'ð' => "d",
            'æ' => "ae",
            'œ' => "oe",
            'ß' => "ss",
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(s);
    }
    out
}

/// The one name in `names` that `typed` names: the same name ignoring case,
/// else the same ASCII spelling, else the only name whose ASCII spelling
/// begins with the typed one's. `None` when nothing or more than one name
/// fits (index into `names`).
pub fn find<S: AsRef<str>>(names: &[S], typed: &str) -> Option<usize> {
    let low = typed.to_lowercase();
    if let Some(i) = names.iter().position(|n| n.as_ref().to_lowercase() == low) {
        return Some(i);
    }
    let folded = ascii_fold(typed);
    if folded.is_empty() {
        return None;
    }
    if let Some(i) = names.iter().position(|n| ascii_fold(n.as_ref()) == folded) {
        return Some(i);
    }
    let mut hits = names
        .iter()
        .enumerate()
        .filter(|(_, n)| ascii_fold(n.as_ref()).starts_with(&folded));
    match (hits.next(), hits.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// A name as one word for a prompt: spaces become hyphens (`Dom Ashur` →
/// `Dom-Ashur`).
pub fn one_word(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_spellings_and_unique_prefixes_find_a_name() {
        let names = [
            "Lárus",
            "Þura",
            "Þórhildur",
            "Ásmundur",
            "Dom-Ashur",
            "Aram",
        ];
        assert_eq!(ascii_fold("Þórhildur"), "thorhildur");
        assert_eq!(find(&names, "larus"), Some(0));
        assert_eq!(find(&names, "LÁRUS"), Some(0));
        assert_eq!(find(&names, "thura"), Some(1));
        assert_eq!(find(&names, "thor"), Some(2));
        // `th` begins two names: no guess.
        assert_eq!(find(&names, "th"), None);
        assert_eq!(find(&names, "dom"), Some(4));
        // An exact name wins over a longer one it begins.
        assert_eq!(find(&names, "aram"), Some(5));
        assert_eq!(find(&names, "a"), None);
        assert_eq!(find(&names, ""), None);
        assert_eq!(one_word("Suten Anu"), "Suten-Anu");
    }
}
