//! The schedule reader for JSON (what `verify` and `sheets` open).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = scheduler::schedule_io::read_json("fuzz.json", data);
});
