//! A scenario of any game (`tilecrawl::games::AnyScenario::from_yaml`, what
//! `render`, `play` and `simulate` read) on arbitrary UTF-8; a scenario that
//! loads (MKD Adventure or Dungeons Dark & Dangerous) must round-trip
//! through its game's writer unchanged and draw without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilecrawl::export::{self, MapOptions};
use tilecrawl::games::AnyScenario;
use tilecrawl::mkd;

fuzz_target!(|text: &str| {
    match AnyScenario::from_yaml(text, "fuzz.yaml") {
        Ok(AnyScenario::Mkd(s)) => {
            let yaml = mkd::scenario::to_yaml(&s);
            let again =
                mkd::scenario::from_yaml(&yaml, "fuzz.yaml").expect("written scenario loads");
            assert_eq!(again, s);
            assert_eq!(mkd::scenario::to_yaml(&again), yaml);
            let _ = export::map_svg(&s, &MapOptions::default());
        }
        Ok(AnyScenario::Dw10(s)) => {
            let yaml = tilecrawl::dw10::scenario::to_yaml(&s);
            let again: tilecrawl::dw10::Scenario =
                tilecrawl::scenario::from_yaml(&yaml, "fuzz.yaml").expect("written scenario loads");
            assert_eq!(again, s);
            let _ = export::svg(&export::dw10_drawing(&s, &MapOptions::default()));
        }
        Ok(AnyScenario::Ddd(s)) => {
            let yaml = tilecrawl::scenario::to_yaml(&s);
            let again: tilecrawl::ddd::DddScenario =
                tilecrawl::scenario::from_yaml(&yaml, "fuzz.yaml").expect("written scenario loads");
            assert_eq!(again, s);
            let _ = export::ddd::board_svg(&s, &MapOptions::default());
        }
        Err(_) => {}
    }
});
