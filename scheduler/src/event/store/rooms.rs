//! The tables' own results on a teams match's boards (format 5): each table's contract on each
//! board, kept as it was sent; once both tables of the match have a board, their two N-S
//! scores are written as the match's board in the same transaction, with its history line, as
//! if typed (`crate::event::team_rooms` says which tables make a match).

use super::requests::{TableOutcome, allowed, remember, repeated, write_result};
use super::{EventFile, StoreError, database_error, json, now, read_event, write_transaction};
use crate::event::tables::{TableRefusal, TableReply, TableRequest, result_words};
use crate::event::team_rooms::{Room, RoomResults, is_teams, match_board, match_room, room_for, swing_words};
use crate::event::{BridgeResult, Event, ResultKey, ResultValue, check_bridge_board};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use std::path::Path;

/// Format 5: the tables' own results on a teams match's boards.
pub(super) fn add_room_results(connection: &Connection) -> rusqlite::Result<()> {
    connection.execute_batch(
        "
        CREATE TABLE IF NOT EXISTS room_result (
            round INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            deal INTEGER NOT NULL,
            value TEXT NOT NULL,
            entered_at TEXT NOT NULL,
            source TEXT NOT NULL,
            PRIMARY KEY (round, table_no, deal)
        );
        ",
    )
}

impl EventFile {
    /// Each table's own result on each board of its teams match, as sent from its device
    /// (empty for a file of an older format opened read-only, which has none).
    pub fn room_results(&self) -> Result<RoomResults, StoreError> {
        read_room_results(&self.connection, &self.path)
    }
}

pub(super) fn read_room_results(connection: &Connection, path: &Path) -> Result<RoomResults, StoreError> {
    let db = database_error(path.into());
    let exists: bool = connection
        .query_row(
            "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'room_result'",
            [],
            |row| row.get(0),
        )
        .map_err(&db)?;
    let mut rooms = RoomResults::new();
    if !exists {
        return Ok(rooms);
    }
    let mut statement = connection
        .prepare_cached("SELECT round, table_no, deal, value FROM room_result ORDER BY round, table_no, deal")
        .map_err(&db)?;
    let rows = statement
        .query_map([], |row| {
            Ok((
                ResultKey {
                    round: row.get(0)?,
                    table: row.get(1)?,
                    deal: row.get(2)?,
                },
                row.get::<_, String>(3)?,
            ))
        })
        .map_err(&db)?;
    for row in rows {
        let (key, text) = row.map_err(&db)?;
        let board: BridgeResult = serde_json::from_str(&text).map_err(|e| StoreError::UnfitResult {
            path: path.into(),
            why: format!(
                "the result table {} sent for {key} does not read back: {e}",
                key.table
            ),
        })?;
        rooms.insert(key, board);
    }
    Ok(rooms)
}

/// Removes the tables' own results on match board `key` of a teams event, when the director
/// removes that board (or an undo takes it back): both tables' pages then show the board as
/// not entered, and they enter it again, as after any result the director removed. Returns
/// how many were removed (none for another event, or a file without the tables' results).
pub(super) fn forget_tables_results(
    tx: &Connection,
    event: &Event,
    key: ResultKey,
) -> rusqlite::Result<usize> {
    if !is_teams(event) {
        return Ok(0);
    }
    let Some(room) = match_room(event, key.round, key.table, key.deal) else {
        return Ok(0);
    };
    let exists: bool = tx.query_row(
        "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'room_result'",
        [],
        |row| row.get(0),
    )?;
    if !exists {
        return Ok(0);
    }
    let mut removed = 0;
    for (round, table) in room.rounds().into_iter().zip(room.tables) {
        removed += tx.execute(
            "DELETE FROM room_result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
            params![round, table, key.deal],
        )?;
    }
    Ok(removed)
}

/// A table's own result on a board of its teams match (see `EventFile::table_result`): checked,
/// kept, and once the match's other table has the board too, the match's board written.
pub(super) fn room_result(file: &mut EventFile, request: &TableRequest) -> Result<TableOutcome, StoreError> {
    let path = file.path.clone();
    let (tx, db) = write_transaction(&mut file.connection, &path)?;
    let stored = read_event(&tx, &path)?;
    if request.fields.clear {
        return Ok(Err(TableRefusal::Invalid(
            "a result cannot be removed from a table's device; ask the director".into(),
        )));
    }
    let (key, board) = match request.fields.room_result() {
        Ok(read) => read,
        Err(why) => return Ok(Err(TableRefusal::Invalid(why))),
    };
    // The key first, then a repeat (answered as the first time), then whether this table may
    // write this board now.
    if let Err(refusal) = allowed(&tx, &request.caller, None).map_err(&db)? {
        return Ok(Err(refusal));
    }
    if let Some(reply) = repeated(&tx, &request.request_id, &request.caller).map_err(&db)? {
        return Ok(reply);
    }
    let source = match allowed(&tx, &request.caller, Some(key)).map_err(&db)? {
        Ok(source) => source,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let room = match room_for(&stored, key) {
        Ok(room) => room,
        Err(why) => return Ok(Err(TableRefusal::NotThisTable(why))),
    };
    if let Err(why) = check_bridge_board(&board) {
        return Ok(Err(TableRefusal::Invalid(why)));
    }
    let before = half(&tx, key).map_err(&db)?;
    let after = json(&board);
    if before.as_deref() != Some(after.as_str()) {
        tx.execute(
            "INSERT INTO room_result (round, table_no, deal, value, entered_at, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (round, table_no, deal) DO UPDATE SET value = excluded.value, entered_at = excluded.entered_at, source = excluded.source",
            params![key.round, key.table, key.deal, after, now(), source],
        )
        .map_err(&db)?;
    }
    let then = both_tables(&tx, &stored, &room, key.deal, &board).map_err(&db)?;
    let words = |text: &str| {
        serde_json::from_str::<BridgeResult>(text).map_or_else(
            |_| text.to_owned(),
            |b| result_words(key, &ResultValue::Bridge { board: b }),
        )
    };
    let reply = TableReply::Saved {
        key: key.to_string(),
        result: result_words(key, &ResultValue::Bridge { board }),
        replaced: before.filter(|b| *b != after).map(|b| words(&b)),
        then: Some(then),
    };
    remember(&tx, &request.request_id, &request.caller, &reply).map_err(&db)?;
    tx.commit().map_err(&db)?;
    file.event = stored;
    Ok(Ok(reply))
}

/// What a table sent for `key`, as stored.
fn half(tx: &Transaction, key: ResultKey) -> rusqlite::Result<Option<String>> {
    tx.query_row(
        "SELECT value FROM room_result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
        params![key.round, key.table, key.deal],
        |row| row.get(0),
    )
    .optional()
}

/// Once the match's other table has board `deal` too, writes the match's board (unless the
/// director entered another: then a conflict for the director); what happened, in words.
fn both_tables(
    tx: &Transaction,
    event: &Event,
    room: &Room,
    deal: u32,
    mine: &BridgeResult,
) -> rusqlite::Result<String> {
    let other =
        half(tx, room.other_key(deal))?.and_then(|text| serde_json::from_str::<BridgeResult>(&text).ok());
    let Some(other) = other else {
        let when = if room.is_long() {
            format!(" (it plays it in round {})", room.other_round)
        } else {
            String::new()
        };
        return Ok(format!(
            "waiting for table {}'s result on this board{when}",
            room.other_table()
        ));
    };
    let (first, second) = if room.first {
        (mine, &other)
    } else {
        (&other, mine)
    };
    let key = room.match_key(deal);
    let Some(value) = match_board(first, second, deal)
        .map(|board| ResultValue::Teams { board })
        .filter(|value| event.check_result(key, value).is_ok())
    else {
        return Ok(
            "both tables are in, but their results do not make a match board: the director will enter it"
                .into(),
        );
    };
    let after = json(&value);
    let source = room.source();
    let before: Option<(String, Option<String>)> = tx
        .query_row(
            "SELECT value, source FROM result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
            params![key.round, key.table, key.deal],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()?;
    match before {
        Some((stored, _)) if stored == after => {}
        Some((stored, from)) if from.as_deref() != Some(source.as_str()) => {
            tx.execute(
                "INSERT INTO table_conflict (at, round, table_no, deal, value, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![now(), key.round, key.table, key.deal, after, source],
            )?;
            let stored = serde_json::from_str::<ResultValue>(&stored).map_or(stored, |v| v.to_string());
            return Ok(format!(
                "both tables are in, but match {} board {deal} already has {stored}: the director will decide",
                room.match_no
            ));
        }
        before => write_result(tx, key, &after, before.as_ref().map(|(v, _)| v.as_str()), &source)?,
    }
    let words = match value {
        ResultValue::Teams { board } => swing_words(event, room, board),
        _ => None,
    };
    Ok(format!(
        "both tables are in: {}",
        words.unwrap_or_else(|| value.to_string())
    ))
}
