//! The long-format schedule CSV reader (what `verify` and `sheets` open), read under each
//! format's seating rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scheduler::Format;

fuzz_target!(|data: &[u8]| {
    for format in [Format::Whist, Format::RoundRobin, Format::TeamChess] {
        let _ = scheduler::schedule_io::read_long_csv("fuzz.csv", data, format);
    }
});
