//! `characters::roll::parse` on arbitrary UTF-8: an expression that rolls
//! within its bounds, or a one-line error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match tilecrawl::characters::roll::parse(text) {
        Ok(e) => {
            let mut dice = tilecrawl::core::dice::Dice::quiet(1, "fuzz");
            let r = tilecrawl::characters::roll::roll(&e, &mut dice);
            let bound = 20 * 100 * 10_000i64;
            assert!(r.total.abs() <= bound, "total out of bounds: {}", r.total);
            assert!(tilecrawl::characters::roll::parse(&e.to_string()).is_ok());
        }
        Err(e) => assert_eq!(e.to_string().lines().count(), 1, "not one line: {e}"),
    }
});
