//! Screening the cells of a roster before they are read as players. Two kinds of damage are
//! refused here, each with an error naming the line and the field:
//! - a cell holding a line break: a quote that is never closed (or closed lines later) reads
//!   the following rows into one cell, which would make players vanish without a word;
//! - control characters (escape sequences, bell, NUL …) that a terminal or printer would act
//!   on instead of showing. They are taken out of the cell so that no message, preview or
//!   printout carries them.

use crate::problems::Problems;
use crate::text::{describe_control, is_unfit_char};

/// One record as the CSV reader gave it: the line it starts on and its cells.
pub(crate) struct Record<'a> {
    pub line: u64,
    pub fields: &'a mut [String],
    /// This is the file's last record and the file ends inside a quote: a quote open in its
    /// last cell ran to the end of the file.
    pub may_run_to_end: bool,
}

/// Checks one record, reporting each problem under the field named by `label(index)`.
/// Returns false when the record must not be read as a row at all (a cell swallowed lines);
/// control characters are removed from the cells, which stay readable for the preview.
pub(crate) fn screen(record: Record<'_>, label: &dyn Fn(usize) -> String, problems: &mut Problems) -> bool {
    let Record {
        line,
        fields,
        may_run_to_end,
    } = record;
    // The first cell holding a line break is the one whose quote opened on the record's line.
    if let Some(index) = fields.iter().position(|f| f.contains('\n')) {
        let cell = &fields[index];
        let to_end = may_run_to_end && index + 1 == fields.len();
        let mut swallowed = cell.matches('\n').count() as u64;
        if to_end && cell.ends_with('\n') {
            // The file's own last line end, not a line of the file.
            swallowed -= 1;
        }
        problems.error(
            Some(line),
            Some(&label(index)),
            swallow_message(line, swallowed, to_end),
        );
        return false;
    }
    // A quote opened in the last cell and never closed, with no line after it to swallow:
    // the rest of the line went into that cell.
    if may_run_to_end && let Some(index) = fields.len().checked_sub(1) {
        problems.error(Some(line), Some(&label(index)), swallow_message(line, 0, true));
        return false;
    }
    for (index, cell) in fields.iter_mut().enumerate() {
        let mut controls: Vec<char> = cell.chars().filter(|&c| is_unfit_char(c)).collect();
        if controls.is_empty() {
            continue;
        }
        controls.sort_unstable();
        controls.dedup();
        problems.error(Some(line), Some(&label(index)), control_message(cell, &controls));
        cell.retain(|c| !is_unfit_char(c));
    }
    true
}

/// The players a cell names, split where a roster of pairs joins them: `&`, `and`, `/`, `+`
/// or a spaced dash ("Ann Archer & Bob Archer", "Ann and Bob", "Smith/Jones", "Kowalski -
/// Nowak"). The first of these that occurs is the one split on; every part is trimmed, and a
/// part may be empty ("Ann &"). One part when the cell names one player.
pub(crate) fn pair_parts(cell: &str) -> Vec<String> {
    const JOINS: [&str; 6] = ["&", " and ", "/", "+", " - ", " – "];
    for join in JOINS {
        let at = joins_at(cell, join);
        if at.is_empty() {
            continue;
        }
        let mut parts = Vec::new();
        let mut start = 0;
        for at in at {
            parts.push(cell[start..at].trim().to_owned());
            start = at + join.len();
        }
        parts.push(cell[start..].trim().to_owned());
        return parts;
    }
    vec![cell.trim().to_owned()]
}

/// Where `join` occurs in `cell`, ignoring ASCII case ("AND" as "and"), without overlaps.
/// Matched on the cell's own bytes from character boundaries: lower-casing the whole cell
/// first moved the offsets wherever a character changes its length ("İ" becomes three
/// bytes, the Kelvin sign one), and a split then fell inside a character (a fuzz finding).
/// A match that starts on a boundary ends on one: its bytes are `join`'s, up to ASCII case.
fn joins_at(cell: &str, join: &str) -> Vec<usize> {
    let (bytes, wanted) = (cell.as_bytes(), join.as_bytes());
    let mut found = Vec::new();
    let mut next = 0;
    for (at, _) in cell.char_indices() {
        if at >= next
            && bytes
                .get(at..at + wanted.len())
                .is_some_and(|here| here.eq_ignore_ascii_case(wanted))
        {
            found.push(at);
            next = at + wanted.len();
        }
    }
    found
}

/// What is wrong with a member number as a spreadsheet exported it, if anything: Excel
/// writes long numbers in scientific notation ("1.23457E+11"), which loses digits.
pub(crate) fn number_problem(number: &str) -> Option<String> {
    let upper = number.to_uppercase();
    let (mantissa, exponent) = upper.split_once("E+")?;
    let digits = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    let mantissa_ok = mantissa
        .split_once(['.', ','])
        .map_or(digits(mantissa), |(whole, fraction)| {
            digits(whole) && digits(fraction)
        });
    (mantissa_ok && digits(exponent)).then(|| {
        format!(
            "\"{number}\" is a number the spreadsheet wrote in scientific notation, so digits are \
             lost: format the column as text and save the CSV again"
        )
    })
}

fn swallow_message(line: u64, swallowed: u64, to_end: bool) -> String {
    let lines = match swallowed {
        1 => "the line after it".to_owned(),
        n => format!("the {n} lines after it"),
    };
    match (to_end, swallowed) {
        (true, 0) => "a quote opened here is never closed. Close the quote on this line or \
                      remove it"
            .to_owned(),
        (true, _) => format!(
            "a quote opened here is never closed; it swallowed {lines} (to the end of the \
             file) into this field. Close the quote on this line or remove it"
        ),
        (false, _) => format!(
            "a quote opened here is closed only on line {end}; it swallowed {lines} (to line \
             {end}) into this field. A roster cell cannot span lines: close the quote on this \
             line, or remove the line breaks from the cell",
            end = line + swallowed
        ),
    }
}

fn control_message(cell: &str, controls: &[char]) -> String {
    let names: Vec<String> = controls.iter().map(|&c| describe_control(c)).collect();
    let kind = if controls.iter().all(|c| c.is_control()) {
        "control character"
    } else {
        "character"
    };
    let (what, it) = if controls.len() == 1 {
        (format!("the {kind}"), "it")
    } else {
        (format!("the {kind}s"), "them")
    };
    // Debug formatting writes the controls as `\u{1b}`, so the message itself is harmless.
    let why = if kind == "character" {
        "which are not text (a terminal, printer or XML reader would act on them or refuse them)"
    } else {
        "which a terminal or printer would act on instead of showing"
    };
    format!(
        "{cell:?} contains {what} {}, {why}; delete {it} in the file",
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The roster_import fuzz target's finding: a cell whose lower-cased text has the same
    /// length but other byte offsets ("İ" grows by a byte, the Kelvin sign shrinks by two)
    /// was split inside a character and panicked. Split on its own bytes, it is two players.
    #[test]
    fn a_pair_cell_with_characters_that_change_length_when_lower_cased() {
        assert_eq!(pair_parts("İİ & 瑡K"), ["İİ", "瑡K"]);
        assert_eq!(pair_parts("İstanbul AND Kelvin"), ["İstanbul", "Kelvin"]);
        assert_eq!(pair_parts("Ann and Bob"), ["Ann", "Bob"]);
        assert_eq!(pair_parts("Anderson"), ["Anderson"]);
        assert_eq!(pair_parts("A – B"), ["A", "B"]);
    }

    fn run(line: u64, cells: &[&str], may_run_to_end: bool) -> (bool, Vec<String>, Problems) {
        let mut fields: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        let mut problems = Problems::for_file("r.csv");
        let keep = screen(
            Record {
                line,
                fields: &mut fields,
                may_run_to_end,
            },
            &|i| format!("column {}", i + 1),
            &mut problems,
        );
        (keep, fields, problems)
    }

    #[test]
    fn a_cell_with_line_breaks_drops_the_record() {
        let (keep, _, problems) = run(7, &["a", "b\nc\nd", "e\nf"], false);
        assert!(!keep);
        let error = problems.errors().next().expect("error").to_string();
        assert!(
            error.starts_with("error: r.csv, line 7, field \"column 2\": a quote opened here is closed only on line 9; it swallowed the 2 lines after it"),
            "{error}"
        );
        assert_eq!(problems.list.len(), 1);
    }

    #[test]
    fn the_files_last_line_end_is_not_counted_as_swallowed() {
        let (_, _, problems) = run(3, &["x", "y\n"], true);
        let error = problems.errors().next().expect("error");
        assert!(
            error.message.starts_with("a quote opened here is never closed."),
            "{error}"
        );
        let (_, _, problems) = run(3, &["x", "y\nz\n"], true);
        let error = problems.errors().next().expect("error");
        assert!(error.message.contains("swallowed the line after it"), "{error}");
    }

    #[test]
    fn pairs_split_on_the_joins_club_lists_use() {
        for cell in [
            "Ann Archer & Bob Archer",
            "Ann Archer&Bob Archer",
            "Ann Archer and Bob Archer",
            "Ann Archer AND Bob Archer",
            "Ann Archer / Bob Archer",
            "Ann Archer+Bob Archer",
            "Ann Archer - Bob Archer",
        ] {
            assert_eq!(pair_parts(cell), ["Ann Archer", "Bob Archer"], "{cell}");
        }
        assert_eq!(pair_parts("Zoë Brontë-Smith"), ["Zoë Brontë-Smith"]);
        assert_eq!(
            pair_parts("Alexandra Dunn"),
            ["Alexandra Dunn"],
            "no split inside a word"
        );
        assert_eq!(pair_parts("Ann &"), ["Ann", ""]);
        assert_eq!(pair_parts("A & B & C").len(), 3);
        assert_eq!(
            pair_parts("İlkay Gündoğan and Ayşe Öz"),
            ["İlkay Gündoğan", "Ayşe Öz"]
        );
    }

    #[test]
    fn numbers_in_scientific_notation_are_refused() {
        assert!(number_problem("1.23457E+11").is_some());
        assert!(number_problem("1,2E+5").is_some());
        assert!(number_problem("012345").is_none());
        assert!(number_problem("E+12").is_none());
        assert!(number_problem("ACBL-E+1").is_none());
    }

    #[test]
    fn controls_are_reported_once_each_and_removed() {
        let (keep, fields, problems) = run(2, &["\u{7}A\u{1b}[1m\u{7}", "ok"], false);
        assert!(keep);
        assert_eq!(fields, ["A[1m", "ok"]);
        let error = problems.errors().next().expect("error");
        assert!(
            error
                .message
                .contains("the control characters U+0007 (bell), U+001B (escape), which"),
            "{error}"
        );
        assert!(!error.to_string().chars().any(char::is_control));
    }
}
