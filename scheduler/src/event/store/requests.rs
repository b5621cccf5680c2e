//! What every request from a table's device goes through, whatever the event: the caller's
//! key or PIN checked against the file, a repeated request answered as the first time, the
//! answer kept, and a result written with its history line and source. Used by
//! [`super::tables`] (a table's result, a table moved on) and [`super::rooms`] (a teams match's
//! table), inside their one write transaction.

use super::{json, now};
use crate::event::ResultKey;
use crate::event::tables::{Caller, TableRefusal, TableReply, same_secret};
use rusqlite::{OptionalExtension, Transaction, params};

/// A request's outcome: answered (and kept, so a repeat gets it again) or refused (nothing
/// written, nothing kept).
pub type TableOutcome = Result<TableReply, TableRefusal>;

/// Whether the caller may write `key` (or, without one, act for its table): the source its
/// results are written with, or why not.
pub(super) fn allowed(
    tx: &Transaction,
    caller: &Caller,
    key: Option<ResultKey>,
) -> rusqlite::Result<Result<String, TableRefusal>> {
    match caller {
        Caller::Director { pin } => {
            let stored: Option<String> = tx
                .query_row("SELECT pin FROM director_access WHERE id = 1", [], |row| {
                    row.get(0)
                })
                .optional()?;
            Ok(match stored {
                Some(stored) if same_secret(pin, &stored) => Ok("director (PIN)".to_owned()),
                _ => Err(TableRefusal::WrongPin),
            })
        }
        Caller::Table { table, key: given } => {
            let access: Option<(String, u32)> = tx
                .query_row(
                    "SELECT key, round FROM table_access WHERE table_no = ?1",
                    [table],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )
                .optional()?;
            let Some((_, round)) = access.filter(|(stored, _)| same_secret(given, stored)) else {
                return Ok(Err(TableRefusal::NotAllowed(*table)));
            };
            Ok(match key {
                Some(key) if key.table != *table => Err(TableRefusal::NotThisTable(format!(
                    "{key} is not played at table {table}"
                ))),
                Some(key) if key.round != round => Err(TableRefusal::NotThisRound {
                    table: *table,
                    current: round,
                    asked: key.round,
                }),
                _ => Ok(format!("table {table}")),
            })
        }
    }
}

/// The answer a request with this id got before, if it was made before (by the same caller:
/// another table's id is refused).
pub(super) fn repeated(
    tx: &Transaction,
    id: &str,
    caller: &Caller,
) -> rusqlite::Result<Option<TableOutcome>> {
    let row: Option<(u32, String)> = tx
        .query_row(
            "SELECT table_no, reply FROM table_request WHERE id = ?1",
            [id],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()?;
    Ok(row.map(|(table, reply)| {
        if table != caller_table(caller) {
            return Err(TableRefusal::BadRequestId);
        }
        serde_json::from_str(&reply)
            .map_err(|e| TableRefusal::Invalid(format!("the first answer does not read back: {e}")))
    }))
}

fn caller_table(caller: &Caller) -> u32 {
    match caller {
        Caller::Table { table, .. } => *table,
        Caller::Director { .. } => 0,
    }
}

pub(super) fn remember(
    tx: &Transaction,
    id: &str,
    caller: &Caller,
    reply: &TableReply,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO table_request (id, table_no, at, reply) VALUES (?1, ?2, ?3, ?4)",
        params![id, caller_table(caller), now(), json(reply)],
    )?;
    Ok(())
}

/// Writes a result and its history line (entered or corrected, with its source), as
/// `EventFile::set_result` does for the window and the command line.
pub(super) fn write_result(
    tx: &Transaction,
    key: ResultKey,
    after: &str,
    before: Option<&str>,
    source: &str,
) -> rusqlite::Result<()> {
    let now = now();
    tx.execute(
        "INSERT INTO result (round, table_no, deal, value, entered_at, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (round, table_no, deal) DO UPDATE SET value = excluded.value, entered_at = excluded.entered_at, source = excluded.source",
        params![key.round, key.table, key.deal, after, now, source],
    )?;
    let action = if before.is_some() { "corrected" } else { "entered" };
    tx.execute(
        "INSERT INTO history (at, action, round, table_no, deal, before, after, reverse, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![now, action, key.round, key.table, key.deal, before, after, before.unwrap_or("null"), source],
    )?;
    Ok(())
}
