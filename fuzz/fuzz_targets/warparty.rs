//! A Dungeons Dark & Dangerous war-party file (`tilecrawl::ddd::warparty`,
//! what `warparty check` reads) on arbitrary UTF-8: never a panic; a party
//! that loads has no problems and round-trips through its writer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilecrawl::ddd::warparty;

fuzz_target!(|text: &str| {
    if let Ok(w) = warparty::parse(text, "fuzz.yaml") {
        let _ = warparty::problems(&w);
    }
    if let Ok(w) = warparty::from_yaml(text, "fuzz.yaml") {
        assert!(warparty::problems(&w).is_empty());
        let yaml = warparty::to_yaml(&w);
        assert_eq!(warparty::from_yaml(&yaml, "fuzz.yaml").expect("written party loads"), w);
    }
});
