//! `floors::dungeon_from_yaml` (the `dungeon.yaml` of a multi-floor
//! dungeon) on arbitrary UTF-8: Ok or a one-line error naming the file,
//! never a panic; floor paths that load never leave the dungeon's folder.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match tilecrawl::mkd::floors::dungeon_from_yaml(text, "fuzz.yaml") {
        Ok(d) => {
            for f in &d.floors {
                assert!(!f.scenario.starts_with('/'), "absolute path: {}", f.scenario);
                assert!(
                    !f.scenario.split(['/', '\\']).any(|c| c == ".."),
                    "path leaves the folder: {}",
                    f.scenario
                );
            }
        }
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("fuzz.yaml"), "error does not name the file: {e}");
            assert_eq!(e.lines().count(), 1, "not one line: {e:?}");
        }
    }
});
