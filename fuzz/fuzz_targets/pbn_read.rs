//! The PBN reader on arbitrary bytes (tags, deals, encodings, line ends): every input ends in
//! boards or a list of problems, never a panic; boards read are written back and read again
//! unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scheduler::deals::{read_pbn, write_pbn};

fuzz_target!(|data: &[u8]| {
    if let Ok(boards) = read_pbn("fuzz.pbn", data) {
        let written = write_pbn(&boards);
        let again = read_pbn("again.pbn", written.as_bytes()).expect("what Tourney writes, it reads");
        assert_eq!(again, boards);
    }
});
