//! The league-table reader (`league-table`'s input) on arbitrary bytes. Only the reading and
//! the table's own arithmetic checks: the score recovery is a solver with its own limits.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = scheduler::tools::league::parse_table("fuzz.csv", data);
});
