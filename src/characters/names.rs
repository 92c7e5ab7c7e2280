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
    // Two ASCII names are the same ignoring case exactly when they are so
    // byte by byte, which needs no lower-cased copies (the automatic
    // heroes name a hero on every command).
    let low = std::cell::OnceCell::new();
    let same = |n: &str| {
        if n.is_ascii() && typed.is_ascii() {
            n.eq_ignore_ascii_case(typed)
        } else {
            n.to_lowercase() == *low.get_or_init(|| typed.to_lowercase())
        }
    };
    if let Some(i) = names.iter().position(|n| same(n.as_ref())) {
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

/// Every name in `names` whose ASCII spelling begins with the typed one's
/// (indexes into `names`): when [`find`] finds none, more than one of these
/// says the typed beginning is ambiguous rather than unknown.
pub fn beginning_with<S: AsRef<str>>(names: &[S], typed: &str) -> Vec<usize> {
    let folded = ascii_fold(typed);
    if folded.is_empty() {
        return Vec::new();
    }
    (0..names.len())
        .filter(|&i| ascii_fold(names[i].as_ref()).starts_with(&folded))
        .collect()
}

/// The one name in `names` that `typed` names, as [`find`] finds it, or
/// else every name the typed beginning fits ([`beginning_with`]): several
/// say it is ambiguous, none that it names nobody (indexes into `names`).
/// For a caller with errors of its own; [`pick`] makes them for an option.
pub fn lookup<S: AsRef<str>>(names: &[S], typed: &str) -> Result<usize, Vec<usize>> {
    if let Some(i) = find(names, typed) {
        return Ok(i);
    }
    match beginning_with(names, typed).as_slice() {
        [one] => Ok(*one),
        hits => Err(hits.to_vec()),
    }
}

/// The one name in `names` that `typed` names, as [`find`] finds it, or
/// why none: an `Ambiguous` error naming the names the typed beginning
/// begins when there are several, else an `Unknown` one listing them all.
/// `what` says what is named in the error (`hireling skill`).
pub fn pick<S: AsRef<str>>(
    names: &[S],
    typed: &str,
    what: &'static str,
) -> Result<usize, super::CharacterError> {
    let got = || typed.escape_default().to_string();
    let list = |ix: &mut dyn Iterator<Item = usize>| {
        ix.map(|i| names[i].as_ref()).collect::<Vec<_>>().join(", ")
    };
    match lookup(names, typed) {
        Ok(i) => Ok(i),
        Err(hits) if hits.is_empty() => Err(super::CharacterError::Unknown {
            what,
            got: got(),
            known: list(&mut (0..names.len())),
        }),
        Err(hits) => Err(super::CharacterError::Ambiguous {
            what,
            got: got(),
            matches: list(&mut hits.iter().copied()),
        }),
    }
}

/// A name as one word for a prompt: spaces become hyphens (`Dom Ashur` →
/// `Dom-Ashur`).
pub fn one_word(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join("-")
}

/// A name as one ASCII word of letters, digits, `-` and `_`, case kept, for
/// a game whose commands take no other: accents dropped and the Norse
/// letters spelled out as [`ascii_fold`] does (`Þórhildur` → `Thorhildur`),
/// spaces as hyphens (`Suten Anu` → `Suten-Anu`), anything else left out.
pub fn ascii_word(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.trim().chars() {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            out.push(c);
        } else if c.is_whitespace() {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            let folded = ascii_fold(&c.to_string());
            if !folded.is_empty() && folded.chars().all(|f| f.is_ascii_alphanumeric()) {
                let mut f = folded.chars();
                if c.is_uppercase()
                    && let Some(first) = f.next()
                {
                    out.push(first.to_ascii_uppercase());
                }
                out.extend(f);
            }
        }
    }
    out
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
        assert_eq!(find(&names, "ARAM"), Some(5));
        assert_eq!(find(&names, "dom-ASHUR"), Some(4));
        // A name that lower-cases to an ASCII one (the Kelvin sign is a
        // `k`) is found by the ASCII spelling typed, and the other way.
        assert_eq!(find(&["Aram", "\u{212a}ell"], "kell"), Some(1));
        assert_eq!(find(&["Kell"], "\u{212a}ELL"), Some(0));
        assert_eq!(one_word("Suten Anu"), "Suten-Anu");
        assert_eq!(ascii_word("Suten Anu"), "Suten-Anu");
        assert_eq!(ascii_word("Þórhildur"), "Thorhildur");
        assert_eq!(ascii_word("Lárus"), "Larus");
        assert_eq!(ascii_word("Æsa Ðóra"), "Aesa-Dora");
        assert_eq!(ascii_word("O'Neil"), "ONeil");
    }

    #[test]
    fn lookup_gives_the_one_name_or_every_name_a_beginning_fits() {
        let heroes = ["Brannoc", "Bramwell", "Þura", "Bram"];
        assert_eq!(lookup(&heroes, "BRANNOC"), Ok(0));
        assert_eq!(lookup(&heroes, "bramw"), Ok(1));
        assert_eq!(lookup(&heroes, "Thura"), Ok(2));
        assert_eq!(lookup(&heroes, "th"), Ok(2));
        // A whole name is its own even when it begins another's.
        assert_eq!(lookup(&heroes, "bram"), Ok(3));
        assert_eq!(lookup(&heroes, "Br"), Err(vec![0, 1, 3]));
        assert_eq!(lookup(&heroes, "Bra"), Err(vec![0, 1, 3]));
        assert_eq!(lookup(&heroes, "Ayla"), Err(vec![]));
        assert_eq!(lookup(&heroes, ""), Err(vec![]));
    }

    #[test]
    fn pick_tells_an_ambiguous_beginning_from_an_unknown_name() {
        let rows = ["bruises", "blood", "bones", "deadly"];
        assert_eq!(pick(&rows, "bo", "other damage"), Ok(2));
        assert_eq!(pick(&rows, "DEADLY", "other damage"), Ok(3));
        let e = pick(&rows, "b", "other damage").unwrap_err();
        assert_eq!(
            e,
            super::super::CharacterError::Ambiguous {
                what: "other damage",
                got: "b".into(),
                matches: "bruises, blood, bones".into(),
            }
        );
        assert_eq!(
            e.to_string(),
            "other damage `b` is ambiguous: it begins bruises, blood, bones; type more of it"
        );
        // Only the names the beginning fits are named.
        assert_eq!(pick(&rows, "bl", "other damage"), Ok(1));
        let e = pick(&rows, "pit", "other damage").unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown other damage `pit`; expected one of: bruises, blood, bones, deadly"
        );
        // Nothing typed begins every name, but is no beginning: unknown.
        let e = pick(&rows, "", "other damage").unwrap_err().to_string();
        assert!(e.starts_with("unknown other damage ``"), "{e}");
    }
}
