//! `play::party::parse` on arbitrary UTF-8: Ok (at least one hero) or a
//! one-line error naming the file, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match tilecrawl::mkd::play::party::parse(text, "fuzz.yaml") {
        Ok(p) => assert!(p.heroes().next().is_some(), "a party without heroes"),
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("fuzz.yaml"), "error does not name the file: {e}");
            assert_eq!(e.lines().count(), 1, "not one line: {e:?}");
        }
    }
});
