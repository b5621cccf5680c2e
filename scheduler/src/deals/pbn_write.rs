//! Writing boards as a PBN 2.1 file in export format, for a dealing machine or another
//! scorer: the `% PBN 2.1` and `% EXPORT` lines (§2.4), then one game per board separated by
//! an empty line (§3), CR-LF line ends (§2.3). Each game has the 15 mandatory tags in their
//! fixed order (§3.4); those Tourney does not know (players, scoring, contract, result) are
//! written empty, as §3.4 asks of a dealing program. The deal starts from the dealer, ranks
//! highest first (§3.4.11, export format). A board with an analysis then has its
//! `DoubleDummyTricks`, `OptimumScore`, `ParContract` and `OptimumResultTable` (with its 20
//! rows), in the forms `super::pbn_analysis` describes.

use super::board::Board;
use super::pbn_analysis::{
    OPTIMUM_RESULT_TABLE_HEADER, double_dummy_tricks, optimum_result_rows, optimum_score, par_contract_text,
};

/// The PBN file for `boards`, in the order given.
pub fn write_pbn(boards: &[Board]) -> String {
    let mut out = String::from("% PBN 2.1\r\n% EXPORT\r\n");
    for (i, board) in boards.iter().enumerate() {
        if i > 0 {
            out.push_str("\r\n");
        }
        let number = board.number.to_string();
        let dealer = board.dealer.letter().to_string();
        let deal = board.deal.pbn(board.dealer);
        let tags: [(&str, &str); 15] = [
            ("Event", &board.event),
            ("Site", &board.site),
            ("Date", &board.date),
            ("Board", &number),
            ("West", ""),
            ("North", ""),
            ("East", ""),
            ("South", ""),
            ("Dealer", &dealer),
            ("Vulnerable", board.vulnerability.pbn()),
            ("Deal", &deal),
            ("Scoring", ""),
            ("Declarer", ""),
            ("Contract", ""),
            ("Result", ""),
        ];
        for (name, value) in tags {
            out.push_str(&format!("[{name} \"{}\"]\r\n", quoted(value)));
        }
        if let Some(analysis) = &board.analysis {
            let tags = [
                ("DoubleDummyTricks", double_dummy_tricks(&analysis.table)),
                ("OptimumScore", optimum_score(&analysis.par)),
                ("ParContract", par_contract_text(&analysis.par)),
            ];
            for (name, value) in tags {
                out.push_str(&format!("[{name} \"{}\"]\r\n", quoted(&value)));
            }
            // The header's `\2R` is PBN's column format (§5.2), written as it is, unescaped.
            out.push_str(&format!(
                "[OptimumResultTable \"{OPTIMUM_RESULT_TABLE_HEADER}\"]\r\n"
            ));
            for row in optimum_result_rows(&analysis.table) {
                out.push_str(&row);
                out.push_str("\r\n");
            }
        }
    }
    out
}

/// A tag value as a PBN string token (§3.2): `\` and `"` escaped by a backslash; a tab or
/// line end (not allowed inside a string) becomes a space.
fn quoted(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
