//! The result-entry parsers (what the window and `event result` accept as typed text): the
//! contract, tricks, board, match score and chess result readers. The first line is read as a
//! contract and the second as the tricks taken in it; every parser also reads the whole text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scheduler::event::entry::{parse_board, parse_score, parse_tricks};
use scheduler::scoring::bridge::Contract;
use scheduler::scoring::chess::GameResult;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_board(text);
    let _ = parse_score(text);
    let _ = GameResult::parse(text);
    let (first, second) = text.split_once('\n').unwrap_or((text, text));
    if let Ok(contract) = Contract::parse(first) {
        let _ = parse_tricks(second, contract);
    }
    for fixed in ["1C", "7NTXX"] {
        if let Ok(contract) = Contract::parse(fixed) {
            let _ = parse_tricks(text, contract);
        }
    }
});
