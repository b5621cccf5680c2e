//! The tables' part of the event file (format 4): each table's key and the round it is on,
//! the director's PIN, every request a table's device made (with the answer it got, so a
//! repeat gets the same answer), and the conflicts left for the director. What a table may do
//! is said in [`crate::event::tables`]; every check and write here happens inside one write
//! transaction, against the event and results as stored.

use super::requests::{TableOutcome, allowed, remember, repeated, write_result};
use super::{EventFile, StoreError, database_error, json, now, read_event, read_results, write_transaction};
use crate::event::tables::{
    Caller, TableRefusal, TableReply, TableRequest, missing_at, new_key, new_pin, read_fields, result_words,
    rounds_of_table, valid_request_id,
};
use crate::event::team_rooms::{is_teams, tables_of_round};
use crate::event::{ResultKey, ResultValue};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use std::collections::BTreeSet;

/// Format 4: results and history lines say where they came from (`source`: NULL for the
/// window and the command line, "table 3" for a table's device, "director (PIN)"), and the
/// tables' keys, rounds, requests and conflicts are kept.
pub(super) fn add_tables(connection: &Connection) -> rusqlite::Result<()> {
    for table in ["result", "history"] {
        let has_column: bool = connection.query_row(
            &format!("SELECT COUNT(*) > 0 FROM pragma_table_info('{table}') WHERE name = 'source'"),
            [],
            |row| row.get(0),
        )?;
        if !has_column {
            connection.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN source TEXT;"))?;
        }
    }
    connection.execute_batch(
        "
        CREATE TABLE IF NOT EXISTS table_access (
            table_no INTEGER PRIMARY KEY,
            key TEXT NOT NULL,
            round INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS director_access (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            pin TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS table_request (
            id TEXT PRIMARY KEY,
            table_no INTEGER NOT NULL,
            at TEXT NOT NULL,
            reply TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS table_conflict (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            round INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            deal INTEGER NOT NULL,
            value TEXT NOT NULL,
            source TEXT NOT NULL,
            settled TEXT
        );
        ",
    )
}

/// The tables' keys and the director's PIN.
#[derive(Debug, Clone, PartialEq)]
pub struct TableAccess {
    /// Each table's number and key, by table number.
    pub keys: Vec<(u32, String)>,
    /// The director's PIN.
    pub pin: String,
}

/// A result from a table that differs from the one stored, waiting for the director.
#[derive(Debug, Clone, PartialEq)]
pub struct Conflict {
    /// Its number, to settle it by.
    pub id: i64,
    /// When it was sent.
    pub at: String,
    /// The board.
    pub key: ResultKey,
    /// What the table sent.
    pub sent: ResultValue,
    /// Who sent it ("table 3").
    pub source: String,
}

impl EventFile {
    /// The tables' keys and the director's PIN, made the first time they are asked for (one
    /// key for each table of the schedule, a table starting on its first round) and kept.
    pub fn table_access(&mut self) -> Result<TableAccess, StoreError> {
        let (tx, db) = write_transaction(&mut self.connection, &self.path)?;
        let stored = read_event(&tx, &self.path)?;
        let tables: BTreeSet<u32> = stored
            .schedule
            .rounds
            .iter()
            .flat_map(|round| tables_of_round(&stored, round))
            .collect();
        let random = |made: Result<String, String>| {
            made.map_err(|why| StoreError::Io {
                path: self.path.clone(),
                error: std::io::Error::other(why),
            })
        };
        for table in tables {
            let first = rounds_of_table(&stored, table).map_or(1, |(first, _)| first);
            tx.execute(
                "INSERT INTO table_access (table_no, key, round) VALUES (?1, ?2, ?3) ON CONFLICT (table_no) DO NOTHING",
                params![table, random(new_key())?, first],
            )
            .map_err(&db)?;
        }
        tx.execute(
            "INSERT INTO director_access (id, pin) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING",
            params![random(new_pin())?],
        )
        .map_err(&db)?;
        let access = read_access(&tx).map_err(&db)?;
        tx.commit().map_err(&db)?;
        Ok(access)
    }

    /// The round a table is on (`None` before any keys were made, or for a table not in the
    /// schedule).
    pub fn table_round(&self, table: u32) -> Result<Option<u32>, StoreError> {
        let db = database_error(self.path.clone());
        self.connection
            .query_row(
                "SELECT round FROM table_access WHERE table_no = ?1",
                [table],
                |row| row.get(0),
            )
            .optional()
            .map_err(db)
    }

    /// Each table with a key and the round it is on, by table number.
    pub fn table_rounds(&self) -> Result<Vec<(u32, u32)>, StoreError> {
        let db = database_error(self.path.clone());
        let mut statement = self
            .connection
            .prepare("SELECT table_no, round FROM table_access ORDER BY table_no")
            .map_err(&db)?;
        let rows = statement
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .map_err(&db)?;
        rows.collect::<rusqlite::Result<Vec<(u32, u32)>>>().map_err(db)
    }

    /// A result sent from a table (or by the director with the PIN): checked and written in
    /// one transaction. A repeated request id gets the first answer again and writes nothing.
    /// A table may write only its own boards of the round it is on; over a result that came
    /// from elsewhere it writes nothing and leaves a conflict for the director. `Err` only when
    /// the file itself failed.
    pub fn table_result(&mut self, request: &TableRequest) -> Result<TableOutcome, StoreError> {
        if !valid_request_id(&request.request_id) {
            return Ok(Err(TableRefusal::BadRequestId));
        }
        // A teams match's two tables each enter their own result (the format never changes
        // once the event is made, so the event as read decides).
        if is_teams(&self.event) {
            return super::rooms::room_result(self, request);
        }
        let path = self.path.clone();
        let (tx, db) = write_transaction(&mut self.connection, &path)?;
        let stored = read_event(&tx, &path)?;
        let (key, value) = match read_fields(&stored, &request.fields) {
            Ok(read) => read,
            Err(refusal) => return Ok(Err(refusal)),
        };
        // The key first, then a repeat (answered as the first time, even if the table has
        // moved on since), then whether this table may write this board now.
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
        if let Err(why) = stored.check_result(key, &value) {
            return Ok(Err(TableRefusal::Invalid(why)));
        }
        let before: Option<(String, Option<String>)> = tx
            .query_row(
                "SELECT value, source FROM result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
                params![key.round, key.table, key.deal],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()
            .map_err(&db)?;
        let after = json(&value);
        let director = matches!(request.caller, Caller::Director { .. });
        let words = |text: &str| {
            serde_json::from_str::<ResultValue>(text)
                .map_or_else(|_| text.to_owned(), |v| result_words(key, &v))
        };
        let reply = match &before {
            Some((stored_value, from)) if !director && from.as_deref() != Some(source.as_str()) => {
                if *stored_value != after {
                    tx.execute(
                        "INSERT INTO table_conflict (at, round, table_no, deal, value, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        params![now(), key.round, key.table, key.deal, after, source],
                    )
                    .map_err(&db)?;
                    TableReply::Conflict {
                        key: key.to_string(),
                        sent: result_words(key, &value),
                        stored: words(stored_value),
                    }
                } else {
                    TableReply::Saved {
                        key: key.to_string(),
                        result: result_words(key, &value),
                        replaced: None,
                        then: None,
                    }
                }
            }
            _ => {
                let before_value = before.as_ref().map(|(v, _)| v.clone());
                write_result(&tx, key, &after, before_value.as_deref(), &source).map_err(&db)?;
                TableReply::Saved {
                    key: key.to_string(),
                    result: result_words(key, &value),
                    replaced: before_value.filter(|v| *v != after).map(|v| words(&v)),
                    then: None,
                }
            }
        };
        remember(&tx, &request.request_id, &request.caller, &reply).map_err(&db)?;
        tx.commit().map_err(&db)?;
        self.event = stored;
        Ok(Ok(reply))
    }

    /// Moves a table on to the next round it plays, once every board of its round has a
    /// result (the director, with the PIN, may move a table on regardless). Idempotent like
    /// [`EventFile::table_result`]. The answer is the round the table is now on.
    pub fn next_table_round(
        &mut self,
        caller: &Caller,
        request_id: &str,
    ) -> Result<TableOutcome, StoreError> {
        if !valid_request_id(request_id) {
            return Ok(Err(TableRefusal::BadRequestId));
        }
        let table = match caller {
            Caller::Table { table, .. } => *table,
            Caller::Director { .. } => {
                return Ok(Err(TableRefusal::Invalid(
                    "the director moves a table on from the window".into(),
                )));
            }
        };
        let path = self.path.clone();
        let (tx, db) = write_transaction(&mut self.connection, &path)?;
        if let Err(refusal) = allowed(&tx, caller, None).map_err(&db)? {
            return Ok(Err(refusal));
        }
        if let Some(reply) = repeated(&tx, request_id, caller).map_err(&db)? {
            return Ok(reply);
        }
        let stored = read_event(&tx, &path)?;
        let results = read_results(&tx, &stored, &path)?;
        let round: u32 = tx
            .query_row(
                "SELECT round FROM table_access WHERE table_no = ?1",
                [table],
                |row| row.get(0),
            )
            .map_err(&db)?;
        let rooms = super::rooms::read_room_results(&tx, &path)?;
        let missing = missing_at(&stored, &results, &rooms, round, table);
        if !missing.is_empty() {
            let missing = missing
                .iter()
                .map(|key| {
                    if key.deal > 0 {
                        format!("board {}", key.deal)
                    } else {
                        "the table's result".into()
                    }
                })
                .collect::<Vec<_>>()
                .join(", ");
            return Ok(Err(TableRefusal::RoundNotFinished {
                table,
                round,
                missing,
            }));
        }
        let next = stored
            .schedule
            .rounds
            .iter()
            .filter(|r| r.number > round && tables_of_round(&stored, r).contains(&table))
            .map(|r| r.number)
            .min();
        let Some(next) = next else {
            // A Swiss's next round is paired by the director once every table is in.
            if round < stored.rounds_planned() {
                return Ok(Err(TableRefusal::NotPairedYet { table, round }));
            }
            return Ok(Err(TableRefusal::LastRound(table)));
        };
        tx.execute(
            "UPDATE table_access SET round = ?1 WHERE table_no = ?2",
            params![next, table],
        )
        .map_err(&db)?;
        let reply = TableReply::Moved { round: next };
        remember(&tx, request_id, caller, &reply).map_err(&db)?;
        tx.commit().map_err(&db)?;
        Ok(Ok(reply))
    }

    /// The conflicts not yet settled, oldest first.
    pub fn conflicts(&self) -> Result<Vec<Conflict>, StoreError> {
        let db = database_error(self.path.clone());
        let mut statement = self
            .connection
            .prepare("SELECT id, at, round, table_no, deal, value, source FROM table_conflict WHERE settled IS NULL ORDER BY id")
            .map_err(&db)?;
        let rows = statement
            .query_map([], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    ResultKey {
                        round: row.get(2)?,
                        table: row.get(3)?,
                        deal: row.get(4)?,
                    },
                    row.get::<_, String>(5)?,
                    row.get::<_, String>(6)?,
                ))
            })
            .map_err(&db)?;
        let mut conflicts = Vec::new();
        for row in rows {
            let (id, at, key, value, source) = row.map_err(&db)?;
            // A value that does not read back is left out of the list (it was checked when
            // it was sent, so only a damaged file has one).
            if let Ok(sent) = serde_json::from_str(&value) {
                conflicts.push(Conflict {
                    id,
                    at,
                    key,
                    sent,
                    source,
                });
            }
        }
        Ok(conflicts)
    }

    /// Settles a conflict: keeps the stored result, or takes the one the table sent (written
    /// as a correction, with its history line). Returns whether there was such a conflict.
    pub fn settle_conflict(&mut self, id: i64, take_sent: bool) -> Result<bool, StoreError> {
        let path = self.path.clone();
        let (tx, db) = write_transaction(&mut self.connection, &path)?;
        let row: Option<(ResultKey, String, String)> = tx
            .query_row(
                "SELECT round, table_no, deal, value, source FROM table_conflict WHERE id = ?1 AND settled IS NULL",
                [id],
                |row| {
                    Ok((
                        ResultKey {
                            round: row.get(0)?,
                            table: row.get(1)?,
                            deal: row.get(2)?,
                        },
                        row.get(3)?,
                        row.get(4)?,
                    ))
                },
            )
            .optional()
            .map_err(&db)?;
        let Some((key, value, source)) = row else {
            return Ok(false);
        };
        if take_sent {
            let before: Option<String> = tx
                .query_row(
                    "SELECT value FROM result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
                    params![key.round, key.table, key.deal],
                    |row| row.get(0),
                )
                .optional()
                .map_err(&db)?;
            write_result(&tx, key, &value, before.as_deref(), &source).map_err(&db)?;
        }
        let settled = if take_sent {
            "taken"
        } else {
            "kept the stored result"
        };
        tx.execute(
            "UPDATE table_conflict SET settled = ?1 WHERE id = ?2",
            params![settled, id],
        )
        .map_err(&db)?;
        tx.commit().map_err(&db)?;
        Ok(true)
    }
}

fn read_access(tx: &Transaction) -> rusqlite::Result<TableAccess> {
    let mut statement = tx.prepare("SELECT table_no, key FROM table_access ORDER BY table_no")?;
    let keys = statement
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<Vec<(u32, String)>>>()?;
    let pin = tx.query_row("SELECT pin FROM director_access WHERE id = 1", [], |row| {
        row.get(0)
    })?;
    Ok(TableAccess { keys, pin })
}
