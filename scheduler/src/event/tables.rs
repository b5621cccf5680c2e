//! Results entered at the tables, from the players' own phones (or any device a table has):
//! what a table may write and how a request is answered. The event file keeps, per table, a
//! key (printed on the table card as a QR code) and the round the table is on, and a PIN for
//! the director; [`crate::event::store::EventFile::table_result`] checks a request and writes
//! its result in one transaction, through the same rules as typed entry.
//!
//! What the keys protect: a table's key lets a device write only that table's boards of the
//! round the table is on, and move the table on to its next round once every board of the
//! round has a result; the director's PIN is needed for anything else. A request repeated
//! (the same request id: a phone that lost the Wi-Fi and sent again) gets the first answer
//! again and is never entered twice. A result that differs from one typed in the window (or
//! another table's) is kept as a conflict for the director, never written over it.
//! What they do not protect: the pages are plain HTTP on the club's network, so anyone on that
//! network who can read the traffic (or photograph a table card) can use a table's key.

use super::entry::Fields;
use super::team_rooms::{RoomResults, is_teams, missing_in_room, room_for, tables_of_round};
use super::{Event, ResultKey, ResultValue, Results};

/// Characters of a table key: 16 from a 32-letter alphabet without look-alikes (80 bits).
pub const KEY_LENGTH: usize = 16;
const KEY_ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
/// Digits of the director's PIN.
pub const PIN_LENGTH: usize = 6;

/// A new random table key.
pub fn new_key() -> Result<String, String> {
    let mut bytes = [0u8; KEY_LENGTH];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(bytes
        .iter()
        .map(|b| KEY_ALPHABET[usize::from(b % 32)] as char)
        .collect())
}

/// A new random director's PIN (six digits).
pub fn new_pin() -> Result<String, String> {
    let mut bytes = [0u8; PIN_LENGTH * 2];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(bytes
        .chunks(2)
        .map(|pair| char::from(b'0' + (u16::from_le_bytes([pair[0], pair[1]]) % 10) as u8))
        .collect())
}

/// Whether two secrets are equal, taking the same time wherever they differ.
pub fn same_secret(given: &str, stored: &str) -> bool {
    let (a, b) = (given.as_bytes(), stored.as_bytes());
    let mut differ = a.len() ^ b.len();
    for (i, &byte) in b.iter().enumerate() {
        differ |= usize::from(byte ^ a.get(i).copied().unwrap_or(0));
    }
    differ == 0
}

/// A request id as a device makes it (8–64 letters, digits, `-` or `_`): what makes a
/// repeated request recognisable.
pub fn valid_request_id(id: &str) -> bool {
    (8..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Who is asking: a table's device (with that table's key) or the director (with the PIN).
#[derive(Debug, Clone, PartialEq)]
pub enum Caller {
    /// A device at this table, with the key it was given.
    Table {
        /// The table number.
        table: u32,
        /// The key as sent.
        key: String,
    },
    /// The director, with the PIN as sent.
    Director {
        /// The PIN as sent.
        pin: String,
    },
}

/// One result sent from a table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRequest {
    /// Who sends it.
    pub caller: Caller,
    /// The device's id for this request: sent again with a repeat.
    pub request_id: String,
    /// The result as typed on the page: round, table and board, and the parts of the result
    /// (read by the same parser as every other entry).
    pub fields: Fields,
}

/// How a request was answered. A repeated request gets the same answer again.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum TableReply {
    /// Written: the result, as the standings will read it.
    Saved {
        /// The board (or table) it is for, e.g. "round 2 table 3 board 7".
        key: String,
        /// The result in words, e.g. "4S by N =, N-S +420".
        result: String,
        /// The result it replaced (a correction from the same table), in words.
        replaced: Option<String>,
        /// What followed, at a table of a teams match: the match's board written once both
        /// tables have it ("both tables are in: Aces +6 IMPs (250 net)"), or what it waits for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<String>,
    },
    /// Another result is stored for this board (typed in the window, or by the director):
    /// nothing was written over it; the director sees both and decides.
    Conflict {
        /// The board it is for.
        key: String,
        /// The result sent, in words.
        sent: String,
        /// The result stored, in words.
        stored: String,
    },
    /// The table moved on to its next round.
    Moved {
        /// The round it is on now.
        round: u32,
    },
}

impl TableReply {
    /// One sentence for the page.
    pub fn message(&self) -> String {
        match self {
            TableReply::Saved {
                key,
                result,
                replaced,
                then,
            } => {
                let mut text = format!("Saved {key}: {result}");
                if let Some(before) = replaced {
                    text.push_str(&format!(" (was {before})"));
                }
                if let Some(then) = then {
                    text.push_str(&format!("; {then}"));
                }
                text
            }
            TableReply::Conflict { key, sent, stored } => format!(
                "Not saved: {key} already has {stored}, which differs from {sent}; the director will decide"
            ),
            TableReply::Moved { round } => format!("On to round {round}"),
        }
    }
}

/// A result in words with, for a bridge board that was played, N-S's score with its sign:
/// "4S by N =, N-S +420".
pub fn result_words(key: ResultKey, value: &ResultValue) -> String {
    match value {
        ResultValue::Bridge { board } => match board.north_south_score(key.deal) {
            Some(score) => format!("{value}, N-S {score:+}"),
            None => value.to_string(),
        },
        _ => value.to_string(),
    }
}

/// Why a request was refused: nothing was written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TableRefusal {
    /// The key or PIN is not this table's (or no keys were made for this event).
    #[error("this device is not allowed to enter results for table {0}: scan the table's code again")]
    NotAllowed(u32),
    /// The director's PIN is wrong.
    #[error("the director's PIN is not right")]
    WrongPin,
    /// The request id is missing or malformed.
    #[error("the request has no valid id (8 to 64 letters, digits, - or _)")]
    BadRequestId,
    /// The table has moved on (or not yet reached) the round of the request.
    #[error(
        "table {table} is on round {current}, not round {asked}: only the director can change round {asked} now"
    )]
    NotThisRound {
        /// The table.
        table: u32,
        /// The round it is on.
        current: u32,
        /// The round of the request.
        asked: u32,
    },
    /// The board is not played at this table in this round.
    #[error("{0}")]
    NotThisTable(String),
    /// The result does not read, or does not fit its board (the typed-entry parser's words).
    #[error("{0}")]
    Invalid(String),
    /// The round cannot be left yet.
    #[error("round {round} at table {table} still needs a result for {missing}")]
    RoundNotFinished {
        /// The table.
        table: u32,
        /// Its round.
        round: u32,
        /// The boards (or the table's result) still missing, in words.
        missing: String,
    },
    /// The table's last round is finished.
    #[error("table {0} has played its last round")]
    LastRound(u32),
    /// A Swiss: the round after the table's is not paired yet.
    #[error(
        "round {} is not paired yet: the director pairs it from the standings once every table's results of round {round} are in; then table {table} moves on",
        round + 1
    )]
    NotPairedYet {
        /// The table.
        table: u32,
        /// The round it has finished.
        round: u32,
    },
}

/// A request's fields read as a result (the typed-entry parser: `Fields::result`), with the
/// board it is for; a request to remove a result is refused (only the director removes).
pub fn read_fields(event: &Event, fields: &Fields) -> Result<(ResultKey, ResultValue), TableRefusal> {
    if fields.clear {
        return Err(TableRefusal::Invalid(
            "a result cannot be removed from a table's device; ask the director".into(),
        ));
    }
    match fields.result(event) {
        Ok((key, Some(value))) => Ok((key, value)),
        Ok((_, None)) => Err(TableRefusal::Invalid("the request gives no result".into())),
        Err(why) => Err(TableRefusal::Invalid(why)),
    }
}

/// A request's fields checked as they would be saved, without saving: the board it is for and
/// the result in words (at a teams match's table, the table's own result on its match's board).
pub fn check_fields(event: &Event, fields: &Fields) -> Result<(ResultKey, String), TableRefusal> {
    if is_teams(event) && !fields.clear {
        let (key, board) = fields.room_result().map_err(TableRefusal::Invalid)?;
        room_for(event, key).map_err(TableRefusal::NotThisTable)?;
        super::check_bridge_board(&board).map_err(TableRefusal::Invalid)?;
        return Ok((key, result_words(key, &ResultValue::Bridge { board })));
    }
    let (key, value) = read_fields(event, fields)?;
    event.check_result(key, &value).map_err(TableRefusal::Invalid)?;
    Ok((key, result_words(key, &value)))
}

/// The results a table still needs in a round: each board it plays there without one (or the
/// table's single result in the other scorings; at a teams match's table, its own result or
/// the match's board); empty when the round is complete.
pub fn missing_at(
    event: &Event,
    results: &Results,
    rooms: &RoomResults,
    round: u32,
    table: u32,
) -> Vec<ResultKey> {
    if is_teams(event) {
        return missing_in_room(event, results, rooms, round, table);
    }
    let deals: Vec<u32> = if matches!(event.settings.scoring, super::Scoring::Bridge { .. }) {
        event.deals_at(round, table).collect()
    } else {
        vec![0]
    };
    deals
        .into_iter()
        .map(|deal| ResultKey { round, table, deal })
        .filter(|key| !results.contains_key(key))
        .collect()
}

/// The rounds a table plays (sits at) in the schedule: its first and last (a teams event's
/// tables numbered two to a match).
pub fn rounds_of_table(event: &Event, table: u32) -> Option<(u32, u32)> {
    let rounds: Vec<u32> = event
        .schedule
        .rounds
        .iter()
        .filter(|round| tables_of_round(event, round).contains(&table))
        .map(|round| round.number)
        .collect();
    Some((*rounds.first()?, *rounds.last()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_pins_are_random_and_of_their_alphabet() {
        let a = new_key().unwrap();
        let b = new_key().unwrap();
        assert_eq!(a.len(), KEY_LENGTH);
        assert_ne!(a, b);
        assert!(a.bytes().all(|c| KEY_ALPHABET.contains(&c)), "{a}");
        let pin = new_pin().unwrap();
        assert_eq!(pin.len(), PIN_LENGTH);
        assert!(pin.bytes().all(|c| c.is_ascii_digit()));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abd", "abc"));
        assert!(!same_secret("ab", "abc"));
        assert!(!same_secret("abcd", "abc"));
        assert!(!same_secret("", "abc"));
    }

    #[test]
    fn request_ids_are_checked() {
        assert!(valid_request_id("a1b2c3d4"));
        assert!(valid_request_id("phone-7_0123456789"));
        assert!(!valid_request_id("short"));
        assert!(!valid_request_id("has space in it"));
        assert!(!valid_request_id(&"x".repeat(65)));
        assert!(!valid_request_id("ünïcode-id"));
    }
}
