//! `tileset::parse` on arbitrary UTF-8: Ok or a one-line error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match tilecrawl::tileset::parse(text, "fuzz.yaml") {
        Ok(set) => assert!(!set.tiles.is_empty()),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
