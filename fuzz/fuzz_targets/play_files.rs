//! The play files of the two newer games on arbitrary UTF-8: a Dungeon
//! World 10 mm party (`play --party`) and save (`play --resume`), and a
//! Dungeons Dark & Dangerous save. Never a panic; a party that loads has 1
//! to 4 heroes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilecrawl::ddd::play::session as ddd_session;
use tilecrawl::dw10::play::{party, session as dw10_session};

fuzz_target!(|text: &str| {
    let figures = tilecrawl::dw10::figures::embedded();
    if let Ok(p) = party::parse(text, "fuzz.yaml", &figures) {
        assert!((1..=party::MAX_HEROES).contains(&p.heroes.len()));
    }
    let _ = dw10_session::parse_save(text, "fuzz.yaml");
    let _ = ddd_session::parse_save(text, "fuzz.yaml");
});
