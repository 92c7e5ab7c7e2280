//! `tilecrawl::mkd::scenario::from_yaml` on arbitrary UTF-8; a scenario that loads must
//! round-trip through `to_yaml` unchanged and draw without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilecrawl::export::{self, MapOptions};
use tilecrawl::scenario;

fuzz_target!(|text: &str| {
    if let Ok(s) = tilecrawl::mkd::scenario::from_yaml(text, "fuzz.yaml") {
        let yaml = tilecrawl::mkd::scenario::to_yaml(&s);
        let again = tilecrawl::mkd::scenario::from_yaml(&yaml, "fuzz.yaml").expect("written scenario loads");
        assert_eq!(again, s);
        assert_eq!(tilecrawl::mkd::scenario::to_yaml(&again), yaml);
        let _ = export::map_svg(&s, &MapOptions::default());
    }
});
