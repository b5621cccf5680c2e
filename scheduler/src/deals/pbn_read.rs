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

use super::board::{Board, Direction, Vulnerability, standard_dealer, standard_vulnerability};
use super::deal::{Deal, Hand};
use super::pbn_scan::{Game, Tag, scan};
use crate::problems::Problems;
use crate::roster_import::normalise_line_endings;
use crate::text::decode;
use std::collections::HashMap;
use std::path::Path;

/// Reads a PBN file from disk (see `read_pbn`); a file that cannot be read is a problem too.
pub fn read_pbn_file(path: &Path) -> Result<Vec<Board>, Problems> {
    let label = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => read_pbn(&label, &bytes),
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
/// Windows-1252/ISO-8859-1 (the PBN character set, §2.2), with any line ends.
pub fn read_pbn(file_label: &str, bytes: &[u8]) -> Result<Vec<Board>, Problems> {
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
        let Some((board, line)) = read_game(game, &mut inherited, &mut problems) else {
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
        Ok(boards)
    }
}

/// The tags the reader uses; `#` (inherit) is refused for the last three (§4.8).
const INHERITABLE: [&str; 4] = ["Event", "Site", "Date", "Board"];
const NOT_INHERITABLE: [&str; 3] = ["Dealer", "Vulnerable", "Deal"];

/// One game's board and the line of its `Board` tag, or `None` when the game holds no board
/// or has a problem (reported).
fn read_game(
    game: &Game,
    inherited: &mut HashMap<String, String>,
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
    board_of(&values, problems)
}

/// A game's tags the reader uses, by name, each screened and given once; false when one is
/// refused (reported).
fn used_tags<'g>(game: &'g Game, problems: &mut Problems) -> (HashMap<&'g str, &'g Tag>, bool) {
    let mut used: HashMap<&str, &Tag> = HashMap::new();
    let mut well_formed = true;
    for tag in &game.tags {
        let name = tag.name.as_str();
        if !INHERITABLE.contains(&name) && !NOT_INHERITABLE.contains(&name) {
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
        },
        board_line,
    ))
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
