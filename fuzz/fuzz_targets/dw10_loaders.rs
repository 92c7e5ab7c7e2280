//! The Dungeon World 10 mm loaders (figures, tables, setup table,
//! condition table) on arbitrary UTF-8: each Ok, or a one-line error
//! naming the file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilecrawl::dw10::{figures, tables};

fuzz_target!(|text: &str| {
    let one_line = |e: String| {
        assert!(e.contains("fuzz.yaml"), "error does not name the file: {e}");
        assert_eq!(e.lines().count(), 1, "not one line: {e:?}");
    };
    if let Err(e) = figures::parse(text, "fuzz.yaml") {
        one_line(e.to_string());
    }
    let f = figures::embedded();
    if let Err(e) = tables::parse(text, "fuzz.yaml", &f) {
        one_line(e.to_string());
    }
    if let Err(e) = tables::parse_setup(text, "fuzz.yaml", &f) {
        one_line(e.to_string());
    }
    if let Err(e) = tilecrawl::dw10::conditions::parse(text, "fuzz.yaml") {
        one_line(e.to_string());
    }
});
