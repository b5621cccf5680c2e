//! Spreadsheet-safe CSV cells. A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
//! return is run as a formula by Excel and LibreOffice, so a player registered as
//! `=HYPERLINK(...)` could run code on the organiser's machine. Following the OWASP "CSV
//! Injection" advice, such cells are written with a leading apostrophe, which spreadsheets show
//! as text and hide. Tourney's own readers take the apostrophe off again, so a name survives a
//! round trip unchanged.

use std::borrow::Cow;

/// Characters that make a spreadsheet treat a cell as a formula (OWASP CSV Injection).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// The UTF-8 byte-order mark: with it Excel reads the file as UTF-8 and shows accents.
pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether a cell needs the guard: it starts with a formula character, or it already starts
/// with an apostrophe in front of a guarded text (so that `restore` cannot eat the name's own
/// apostrophe, and `'=x` survives the round trip too).
fn needs_guard(cell: &str) -> bool {
    cell.starts_with(FORMULA_STARTS) || cell.strip_prefix('\'').is_some_and(needs_guard)
}

/// The text as it must be written into a CSV cell that a spreadsheet may open.
pub fn neutralise(cell: &str) -> Cow<'_, str> {
    if needs_guard(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// Undoes [`neutralise`] when reading a cell back: an apostrophe is removed only where it
/// guards, so a name like `'t Hooft` keeps its own apostrophe.
pub fn restore(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if needs_guard(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_text_and_come_back() {
        for dangerous in [
            "=HYPERLINK(\"http://x\",\"y\")",
            "+1",
            "-2",
            "@SUM(A1)",
            "\tx",
            "\rx",
        ] {
            let written = neutralise(dangerous);
            assert!(written.starts_with('\''), "{dangerous:?} -> {written:?}");
            assert_eq!(restore(&written), dangerous);
        }
    }

    #[test]
    fn a_name_that_already_looks_guarded_survives_the_round_trip() {
        for name in ["'=1+1", "''-x", "'@home"] {
            let written = neutralise(name);
            assert_eq!(written, format!("'{name}"));
            assert_eq!(restore(&written), name);
        }
    }

    #[test]
    fn ordinary_names_are_untouched() {
        for name in [
            "Ann Smith",
            "'t Hooft",
            "Zoë",
            "李雷",
            "3 Musketeers",
            "O'Neil-Smith",
        ] {
            assert_eq!(neutralise(name), name);
            assert_eq!(restore(name), name);
        }
    }
}
