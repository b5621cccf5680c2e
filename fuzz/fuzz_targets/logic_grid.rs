//! The logic-grid puzzle reader (`logic-grid`'s input): categories and English clues.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = scheduler::tools::logic_grid::parse_puzzle(text);
});
