//! The roster importer on arbitrary bytes: any encoding, delimiter, quoting or size must end
//! in a roster and a list of problems, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = scheduler::roster_import::import_roster_bytes("fuzz.csv", data);
});
