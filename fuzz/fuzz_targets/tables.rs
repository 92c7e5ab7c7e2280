//! `play::tables::parse` on arbitrary UTF-8: Ok or a one-line error naming
//! the file, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Err(e) = tilecrawl::mkd::tables::parse(text, "fuzz.yaml") {
        let e = e.to_string();
        assert!(e.contains("fuzz.yaml"), "error does not name the file: {e}");
        assert_eq!(e.lines().count(), 1, "not one line: {e:?}");
    }
});
