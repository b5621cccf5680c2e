//! Reading deals from a PBN file (PBN 2.1 import format), as dealing machines, BridgeComposer
//! and other scorers write them. Of each game the reader uses `Board`, `Dealer`, `Vulnerable`,
//! `Deal`, `Event`, `Site` and `Date`; other tags and sections are skipped (see `pbn_scan`).
//!
//! Every mistake is reported with the file, the line and the tag, and then nothing is
//! imported: a board is never silently dropped. A game with neither `Board` nor `Deal` (a
//! file header, a commentary) holds no board and is passed over. A missing `Dealer` or
//! `Vulnerable` is the standard one for the board number (no tag is mandatory in import
//! format, PBN 2.1 §3.1). A tag repeated in a game with the same value is ignored (§3.4); with
//! another value it is refused. The value `#` inherits the value of the previous game
//! (§4.8), except for `Dealer`, `Vulnerable` and `Deal`, where the standard forbids it.
//!
//! A board's analysis is read from its `DoubleDummyTricks` or `OptimumResultTable` (forms in
//! `super::pbn_analysis`): the table from either, checked against the other when both are
//! there (a cell they disagree on is an error on the row's line: the reader does not pick
//! one); a malformed tag is an error too. The par is not read from the file but worked out
//! from the table, the dealer and the vulnerability by a `ParRule` the caller passes in:
//! the rules of par need the contract scores, which live in `crate::scoring`, a layer above
//! `deals` that `deals` may not import (ARCHITECTURE.md). `crate::scoring::par::read_pbn_analysed`
//! passes `crate::scoring::par::par`. Reading the par instead from `OptimumScore` would not
//! do: that tag has no contracts, and many files have only `DoubleDummyTricks`. The file's
//! `OptimumScore`, and its `ParContract` when written in Tourney's form, are then compared
//! with that par; a difference is a warning (another program's par rules, or a hand edit),
//! never a reason to refuse the table, and so is an `OptimumScore` that does not read.
//! `read_pbn_noting` hands the warnings back with the boards. Without a rule (`read_pbn`)
//! the table tags are still checked, and the boards come without analysis.

use super::analysis::{Analysis, DdTable, Par};
use super::board::{Board, Direction, Vulnerability, standard_dealer, standard_vulnerability};
use super::deal::{Deal, Hand};
use super::pbn_analysis::{
    ResultRow, contracts_from_par_contract, optimum_result_table_rows, par_contract_text,
    score_from_optimum_score, table_from_double_dummy_tricks,
};
use super::pbn_scan::{Game, Tag, scan};
use crate::problems::Problems;
use crate::roster_import::normalise_line_endings;
use crate::text::decode;
use std::collections::HashMap;
use std::path::Path;

/// How a board's par follows from its double-dummy table, dealer and vulnerability: in the
/// program, `crate::scoring::par::par`, handed down by a caller above `deals`.
pub type ParRule = fn(&DdTable, Direction, Vulnerability) -> Par;

/// Reads a PBN file from disk (see `read_pbn`); a file that cannot be read is a problem too.
pub fn read_pbn_file(path: &Path) -> Result<Vec<Board>, Problems> {
    read_pbn_file_with(path, None)
}

/// Reads a PBN file from disk (see `read_pbn_with`); a file that cannot be read is a problem
/// too.
pub fn read_pbn_file_with(path: &Path, par: Option<ParRule>) -> Result<Vec<Board>, Problems> {
    read_pbn_file_noting(path, par).map(|(boards, _)| boards)
}

/// Reads a PBN file from disk with its warnings (see `read_pbn_noting`); a file that cannot
/// be read is a problem too.
pub fn read_pbn_file_noting(path: &Path, par: Option<ParRule>) -> Result<(Vec<Board>, Problems), Problems> {
    let label = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => read_pbn_noting(&label, &bytes, par),
        Err(error) => {
            let mut problems = Problems::for_file(label);
            problems.error(
                None,
                None,
                format!(
                    "cannot read the file: {}",
                    crate::export_file::describe_read_io(&error)
                ),
            );
            Err(problems)
        }
    }
}

/// The boards of a PBN file in file order, or every problem found (`file_label` names the
/// file in the messages). Text may be UTF-8 (with or without a byte-order mark), UTF-16 or
/// Windows-1252/ISO-8859-1 (the PBN character set, §2.2), with any line ends. The analysis
/// tags are checked but not kept (no par rule: see the module comment); `read_pbn_with`
/// keeps them.
pub fn read_pbn(file_label: &str, bytes: &[u8]) -> Result<Vec<Board>, Problems> {
    read_pbn_with(file_label, bytes, None)
}

/// As `read_pbn`, and each board with a double-dummy table in the file gets its analysis:
/// the table, and the par `par` works out from it (none kept when `par` is `None`).
pub fn read_pbn_with(file_label: &str, bytes: &[u8], par: Option<ParRule>) -> Result<Vec<Board>, Problems> {
    read_pbn_noting(file_label, bytes, par).map(|(boards, _)| boards)
}

/// As `read_pbn_with`, with the warnings of a file that was read (a par text of another
/// program's that differs from the par worked out here, say): the boards and the warnings,
/// or every problem found.
pub fn read_pbn_noting(
    file_label: &str,
    bytes: &[u8],
    par: Option<ParRule>,
) -> Result<(Vec<Board>, Problems), Problems> {
    let mut problems = Problems::for_file(file_label);
    let utf16 = crate::text::looks_utf16(bytes);
    if !utf16 && bytes.contains(&0) {
        problems.error(None, None, "this is a binary file, not a PBN text file");
        return Err(problems);
    }
    let (text, _) = decode(bytes);
    let scanned = scan(&normalise_line_endings(&text));
    for (line, message) in &scanned.errors {
        problems.error(Some(*line), None, message.clone());
    }
    let mut boards = Vec::new();
    let mut first_line_of_board: HashMap<u32, u64> = HashMap::new();
    let mut inherited: HashMap<String, String> = HashMap::new();
    for game in &scanned.games {
        let Some((board, line)) = read_game(game, &mut inherited, par, &mut problems) else {
            continue;
        };
        if let Some(first) = first_line_of_board.insert(board.number, line) {
            problems.error(
                Some(line),
                Some("Board"),
                format!(
                    "board {} is in the file twice (first on line {first}); a hand record has each board once",
                    board.number
                ),
            );
            continue;
        }
        boards.push(board);
    }
    if boards.is_empty() && !problems.has_errors() {
        problems.error(
            None,
            None,
            "the file holds no board: no game has a [Board \"…\"] and a [Deal \"…\"] tag",
        );
    }
    if problems.has_errors() {
        Err(problems)
    } else {
        Ok((boards, problems))
    }
}

/// The tags the reader uses; `#` (inherit) is refused for the last three (§4.8).
const INHERITABLE: [&str; 4] = ["Event", "Site", "Date", "Board"];
const NOT_INHERITABLE: [&str; 3] = ["Dealer", "Vulnerable", "Deal"];
/// The analysis tags the reader uses; `#` is refused for them too (an analysis belongs to
/// its own deal).
const ANALYSIS: [&str; 4] = [
    "DoubleDummyTricks",
    "OptimumResultTable",
    "OptimumScore",
    "ParContract",
];

/// One game's board and the line of its `Board` tag, or `None` when the game holds no board
/// or has a problem (reported).
fn read_game(
    game: &Game,
    inherited: &mut HashMap<String, String>,
    par: Option<ParRule>,
    problems: &mut Problems,
) -> Option<(Board, u64)> {
    for (line, text) in &game.stray {
        problems.error(
            Some(*line),
            None,
            format!("{text:?} is outside any tag (a tag is written [Name \"value\"])"),
        );
    }
    let (used, tags_ok) = used_tags(game, problems);
    let (values, values_ok) = resolve_values(&used, inherited, problems);
    if !(game.stray.is_empty() && tags_ok && values_ok) {
        return None;
    }
    let (mut board, line) = board_of(&values, problems)?;
    board.analysis = analysis_of(&used, &board, par, problems).ok()?;
    Some((board, line))
}

/// A game's tags the reader uses, by name, each screened and given once; false when one is
/// refused (reported).
fn used_tags<'g>(game: &'g Game, problems: &mut Problems) -> (HashMap<&'g str, &'g Tag>, bool) {
    let mut used: HashMap<&str, &Tag> = HashMap::new();
    let mut well_formed = true;
    for tag in &game.tags {
        let name = tag.name.as_str();
        if !INHERITABLE.contains(&name) && !NOT_INHERITABLE.contains(&name) && !ANALYSIS.contains(&name) {
            continue;
        }
        // A value read here reaches the event, its sheets and exports: no control character
        // or noncharacter, screened as names and titles are.
        if let Err(why) = crate::text::screen_line(&format!("the [{name}] tag"), &tag.value) {
            problems.error(Some(tag.line), Some(name), why);
            well_formed = false;
            continue;
        }
        match used.get(name) {
            None => {
                used.insert(name, tag);
            }
            Some(first) if first.value != tag.value => {
                problems.error(
                    Some(tag.line),
                    Some(name),
                    format!(
                        "a second [{name}] tag in the same game, {:?}, differs from the first, {:?} on line {}; which one is meant?",
                        tag.value, first.value, first.line
                    ),
                );
                well_formed = false;
            }
            Some(_) => {}
        }
    }
    (used, well_formed)
}

/// Each tag's value and line with `#` resolved, remembering this game's values for the next
/// game; false when `#` is refused (reported).
fn resolve_values<'g>(
    used: &HashMap<&'g str, &'g Tag>,
    inherited: &mut HashMap<String, String>,
    problems: &mut Problems,
) -> (HashMap<&'g str, (String, u64)>, bool) {
    let mut well_formed = true;
    let mut values: HashMap<&str, (String, u64)> = HashMap::new();
    for (&name, tag) in used {
        let value = if tag.value == "#" {
            if NOT_INHERITABLE.contains(&name) {
                problems.error(
                    Some(tag.line),
                    Some(name),
                    format!("[{name} \"#\"]: PBN does not allow {name} to be inherited from the previous game (PBN 2.1 §4.8); write it out"),
                );
                well_formed = false;
                continue;
            }
            inherited.get(name).cloned().unwrap_or_default()
        } else {
            tag.value.clone()
        };
        inherited.insert(name.to_owned(), value.clone());
        values.insert(name, (value, tag.line));
    }
    (values, well_formed)
}

/// The board a game's tag values describe, with the line of its `Board` tag; `None` when
/// there is none or a value is wrong (reported).
fn board_of(values: &HashMap<&str, (String, u64)>, problems: &mut Problems) -> Option<(Board, u64)> {
    let (board_text, board_line) = match (values.get("Board"), values.get("Deal")) {
        (None, None) => return None,
        (None, Some((_, deal_line))) => {
            problems.error(
                Some(*deal_line),
                Some("Deal"),
                "a deal whose game has no [Board \"…\"] tag: every deal needs its board number",
            );
            return None;
        }
        (Some((text, line)), _) => (text, *line),
    };
    let number = match board_number(board_text) {
        Ok(number) => number,
        Err(message) => {
            problems.error(Some(board_line), Some("Board"), message);
            return None;
        }
    };
    let Some((deal_text, deal_line)) = values.get("Deal") else {
        problems.error(
            Some(board_line),
            Some("Board"),
            format!("board {number} has no [Deal \"…\"] tag, so its cards are not known"),
        );
        return None;
    };
    let deal = deal_from_pbn(deal_text).map_err(|message| {
        problems.error(
            Some(*deal_line),
            Some("Deal"),
            format!("board {number}: {message}"),
        );
    });
    let dealer = dealer_of(values, number, problems);
    let vulnerability = vulnerability_of(values, number, problems);
    let text_of = |name: &str| values.get(name).map(|(v, _)| v.clone()).unwrap_or_default();
    Some((
        Board {
            number,
            dealer: dealer.ok()?,
            vulnerability: vulnerability.ok()?,
            deal: deal.ok()?,
            event: text_of("Event"),
            site: text_of("Site"),
            date: text_of("Date"),
            analysis: None,
        },
        board_line,
    ))
}

/// Board `board`'s analysis from its tags (see the module comment): `Ok(None)` when it has no
/// double-dummy table or no par rule is given, `Err` when a tag is wrong (reported).
fn analysis_of(
    used: &HashMap<&str, &Tag>,
    board: &Board,
    par: Option<ParRule>,
    problems: &mut Problems,
) -> Result<Option<Analysis>, ()> {
    let number = board.number;
    let mut well_formed = true;
    for name in ANALYSIS {
        if let Some(tag) = used.get(name).filter(|tag| tag.value.trim() == "#") {
            problems.error(
                Some(tag.line),
                Some(name),
                format!(
                    "board {number}: [{name} \"#\"] would take the analysis of another deal; write it out"
                ),
            );
            well_formed = false;
        }
    }
    if !well_formed {
        return Err(());
    }
    let table = table_of(used, number, problems)?;
    let score = used.get("OptimumScore").and_then(|tag| match score_from_optimum_score(&tag.value) {
        Ok(score) => Some((score, *tag)),
        Err(why) => {
            problems.warning(
                Some(tag.line),
                Some("OptimumScore"),
                format!("board {number}: {why}; the tag is ignored (Tourney works the par out from the double-dummy table)"),
            );
            None
        }
    });
    let (Some(table), Some(rule)) = (table, par) else {
        return Ok(None);
    };
    let par = rule(&table, board.dealer, board.vulnerability);
    note_other_par(used, board, &par, score, problems);
    Ok(Some(Analysis { table, par }))
}

/// Notes (as warnings, the board kept) where the file's `OptimumScore` (`score`, read) or its
/// `ParContract` in Tourney's form is not `par`, the par Tourney works out from the board's
/// table, dealer and vulnerability: another program's par rules or a hand edit, never a
/// reason to refuse the file's double-dummy table.
fn note_other_par(
    used: &HashMap<&str, &Tag>,
    board: &Board,
    par: &Par,
    score: Option<(i32, &Tag)>,
    problems: &mut Problems,
) {
    let number = board.number;
    let shown = format!("NS {}, {}", par.score_ns, par_contract_text(par));
    if let Some((score, tag)) = score.filter(|(score, _)| *score != par.score_ns) {
        problems.warning(
            Some(tag.line),
            Some("OptimumScore"),
            format!(
                "board {number}: the par score {:?} ({score} to N-S) is not the par of the board's double-dummy table, dealer {} and vulnerability {} ({shown}); the table is kept and Tourney's par used",
                tag.value,
                board.dealer.letter(),
                board.vulnerability.pbn(),
            ),
        );
    }
    let Some(tag) = used.get("ParContract") else {
        return;
    };
    let same = |mut read: Vec<super::analysis::ParContract>| {
        let mut ours = par.contracts.clone();
        let key = |c: &super::analysis::ParContract| c.to_string();
        read.sort_by_key(key);
        ours.sort_by_key(key);
        read == ours
    };
    if contracts_from_par_contract(&tag.value).is_some_and(|read| !same(read)) {
        problems.warning(
            Some(tag.line),
            Some("ParContract"),
            format!(
                "board {number}: the par contracts {:?} are not those of the board's double-dummy table ({shown}); the table is kept and Tourney's par used",
                tag.value,
            ),
        );
    }
}

/// The double-dummy table of board `number` from its `DoubleDummyTricks` or its
/// `OptimumResultTable`, each checked against the other; `Err` when a tag is malformed or
/// they disagree (reported).
fn table_of(used: &HashMap<&str, &Tag>, number: u32, problems: &mut Problems) -> Result<Option<DdTable>, ()> {
    let tricks = match used.get("DoubleDummyTricks") {
        Some(tag) => match table_from_double_dummy_tricks(&tag.value) {
            Ok(table) => Some((table, tag.line)),
            Err(why) => {
                problems.error(
                    Some(tag.line),
                    Some("DoubleDummyTricks"),
                    format!("board {number}: {why}"),
                );
                return Err(());
            }
        },
        None => None,
    };
    let Some(tag) = used.get("OptimumResultTable") else {
        return Ok(tricks.map(|t| t.0));
    };
    let rows = optimum_result_table_rows(&tag.value, tag.line, &tag.data).map_err(|(line, why)| {
        problems.error(
            Some(line),
            Some("OptimumResultTable"),
            format!("board {number}: {why}"),
        );
    })?;
    let table = table_of_rows(&rows, tag.line, number, tricks, problems)?;
    Ok(Some(table))
}

/// The table an `OptimumResultTable`'s `rows` give (the tag on `line`): each row agreeing with
/// `tricks` (a `DoubleDummyTricks` table and its line) when there is one, else all 20 cells
/// given; a cell given twice must agree with itself.
fn table_of_rows(
    rows: &[ResultRow],
    line: u64,
    number: u32,
    tricks: Option<(DdTable, u64)>,
    problems: &mut Problems,
) -> Result<DdTable, ()> {
    let mut cells: [[Option<(u8, u64)>; 5]; 4] = [[None; 5]; 4];
    let mut agree = true;
    for row in rows {
        let cell = &mut cells[row.declarer.index()][row.strain.index()];
        let (name, strain) = (row.declarer.name(), row.strain.letters());
        if let Some((first, first_line)) = *cell
            && first != row.tricks
        {
            problems.error(
                Some(row.line),
                Some("OptimumResultTable"),
                format!("board {number}: {name} in {strain} takes {} tricks here but {first} on line {first_line}; which is right?", row.tricks),
            );
            agree = false;
        }
        *cell = Some((row.tricks, row.line));
        if let Some((table, tricks_line)) = tricks {
            let expected = table.tricks(row.declarer, row.strain);
            if expected != row.tricks {
                problems.error(
                    Some(row.line),
                    Some("OptimumResultTable"),
                    format!(
                        "board {number}: {name} in {strain} takes {} tricks here, but {expected} in the [DoubleDummyTricks] on line {tricks_line}; the tags disagree, so correct or remove one (Tourney can work the table out again)",
                        row.tricks
                    ),
                );
                agree = false;
            }
        }
    }
    if !agree {
        return Err(());
    }
    if let Some((table, _)) = tricks {
        return Ok(table);
    }
    let mut table = [[0u8; 5]; 4];
    let mut missing = Vec::new();
    for declarer in super::pbn_analysis::PBN_DECLARERS {
        for strain in super::pbn_analysis::PBN_STRAINS {
            match cells[declarer.index()][strain.index()] {
                Some((tricks, _)) => table[declarer.index()][strain.index()] = tricks,
                None => missing.push(format!("{} {}", declarer.letter(), strain.letters())),
            }
        }
    }
    if !missing.is_empty() {
        problems.error(
            Some(line),
            Some("OptimumResultTable"),
            format!(
                "board {number}: the table has {} of the 20 rows (declarer and strain); missing: {}",
                20 - missing.len(),
                missing.join(", ")
            ),
        );
        return Err(());
    }
    DdTable::new(table).map_err(|why| {
        problems.error(
            Some(line),
            Some("OptimumResultTable"),
            format!("board {number}: {why}"),
        );
    })
}

/// Board `number`'s dealer: as tagged, or the standard one when not known.
fn dealer_of(
    values: &HashMap<&str, (String, u64)>,
    number: u32,
    problems: &mut Problems,
) -> Result<Direction, ()> {
    match values.get("Dealer") {
        Some((text, line)) if !unknown(text) => {
            let mut letters = text.trim().chars();
            match (letters.next().and_then(Direction::from_letter), letters.next()) {
                (Some(direction), None) => Ok(direction),
                _ => {
                    problems.error(
                        Some(*line),
                        Some("Dealer"),
                        format!("board {number}: the dealer {text:?} is not N, E, S or W"),
                    );
                    Err(())
                }
            }
        }
        _ => Ok(standard_dealer(number)),
    }
}

/// Board `number`'s vulnerability: as tagged, or the standard one when not known.
fn vulnerability_of(
    values: &HashMap<&str, (String, u64)>,
    number: u32,
    problems: &mut Problems,
) -> Result<Vulnerability, ()> {
    match values.get("Vulnerable") {
        Some((text, line)) if !unknown(text) => Vulnerability::from_pbn(text).ok_or_else(|| {
            problems.error(
                Some(*line),
                Some("Vulnerable"),
                format!(
                    "board {number}: the vulnerability {text:?} is not one of None, NS, EW, All (or Love, -, Both)"
                ),
            );
        }),
        _ => Ok(standard_vulnerability(number)),
    }
}

/// An empty value or `?`: not known (§3.4, how export format writes an unknown tag).
fn unknown(text: &str) -> bool {
    matches!(text.trim(), "" | "?")
}

/// A board number: a whole number from 1 (§3.4.4, "a positive integer").
fn board_number(text: &str) -> Result<u32, String> {
    let digits = text.trim();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("the board number {text:?} is not a whole number"));
    }
    match digits.parse::<u32>() {
        Ok(0) => Err("the board number is 0; boards are numbered from 1".to_owned()),
        Ok(number) => Ok(number),
        Err(_) => Err(format!(
            "the board number {digits} is far too large (at most {})",
            u32::MAX
        )),
    }
}

/// A deal from a PBN `Deal` tag value: `<first>:<hand> <hand> <hand> <hand>`, clockwise from
/// `first`, ranks in any order (§3.4.11) — what `Deal::pbn` writes, for storing a deal as
/// text. A hand given as `-` (not known) is refused: a hand record needs all four.
pub fn deal_from_pbn(text: &str) -> Result<Deal, String> {
    let Some((first, hands)) = text.trim().split_once(':') else {
        return Err(format!(
            "the deal {text:?} does not start with the first hand's seat and a colon, e.g. \"N:AKQ.…\""
        ));
    };
    let mut letters = first.trim().chars();
    let seat = match (letters.next().and_then(Direction::from_letter), letters.next()) {
        (Some(seat), None) => seat,
        _ => {
            return Err(format!(
                "the deal starts with {first:?}, which is not N, E, S or W"
            ));
        }
    };
    let written: Vec<&str> = hands.split_whitespace().collect();
    if written.len() != 4 {
        return Err(format!(
            "the deal has {} hands; it needs four, separated by spaces",
            written.len()
        ));
    }
    let mut four = [Hand::default(); 4];
    let mut direction = seat;
    for text in written {
        if text == "-" {
            return Err(format!(
                "the {} hand is not given (\"-\"); a hand record needs all four hands",
                direction.name()
            ));
        }
        four[direction.index()] = Hand::from_pbn(text)?;
        direction = direction.next();
    }
    Deal::new(four)
}
