//! `campaign::model::parse` on arbitrary UTF-8: a checked campaign or a
//! one-line error naming the file, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match tilecrawl::mkd::campaign::model::parse(text, "fuzz.yaml") {
        Ok(c) => {
            // What loads must save and load again unchanged.
            let again = tilecrawl::mkd::campaign::model::parse(&c.to_yaml(), "again.yaml")
                .expect("a loaded campaign reloads");
            assert_eq!(again, c);
        }
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("fuzz.yaml"), "error does not name the file: {e}");
            assert_eq!(e.lines().count(), 1, "not one line: {e:?}");
        }
    }
});
