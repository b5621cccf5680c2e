//! Undo and redo, kept in the event file's history so they survive closing the event and are
//! the same for every front end (the window, `tourney event undo`, later the phones).
//!
//! Every history line that can be taken back holds its `reverse`: for a result, the value it
//! had before (JSON `null` for none); for a change of the event (roster, schedule, late
//! arrival, withdrawal, hand records), the whole event as it was before. Undoing a line puts
//! its `reverse` back and writes a new line that `undoes` it (with its own `reverse`: what
//! the undo replaced); redoing puts that back and writes a line that `redoes` the undo.
//!
//! The two stacks are not stored: they are worked out by reading the history in order —
//! a change pushes onto the undo stack and empties the redo stack; an undo moves the top of
//! the undo stack to the redo stack; a redo moves it back. A line that cannot be taken back
//! (the event's creation, a repair, anything written before format 3) empties both, so an
//! undo never reaches past it. Everything runs inside one write transaction, so two
//! writers never take back the same line twice.

use super::{EventFile, StoreError, database_error, json, now, read_event, read_results, write_transaction};
use crate::event::{Event, ResultKey, ResultValue};
use rusqlite::{Connection, OptionalExtension, params};

/// An undo or redo carried out.
#[derive(Debug, Clone, PartialEq)]
pub struct Reverted {
    /// The history line written for it.
    pub history_id: i64,
    /// What was taken back or put again, in words: "the result of round 2 table 1 board 3",
    /// "roster: renamed Ann to Anne".
    pub what: String,
    /// The result it changed, when it was a result.
    pub key: Option<ResultKey>,
}

/// A history line as the stacks need it.
#[derive(Debug, Clone)]
struct Line {
    id: i64,
    action: String,
    key: Option<ResultKey>,
    before: Option<String>,
    after: Option<String>,
    reverse: Option<String>,
    undoes: Option<i64>,
    redoes: Option<i64>,
}

/// A line on a stack, with the words for the change it first made (an undo of an undo of a
/// roster change still reads "roster: …").
#[derive(Debug, Clone)]
struct Step {
    line: Line,
    what: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Undo,
    Redo,
}

impl Direction {
    /// How an event change's line starts: "Undone: roster: …".
    fn heading(self) -> &'static str {
        match self {
            Direction::Undo => "Undone",
            Direction::Redo => "Redone",
        }
    }

    /// A result's line's action, beside "entered" and "corrected".
    fn word(self) -> &'static str {
        match self {
            Direction::Undo => "undone",
            Direction::Redo => "redone",
        }
    }
}

/// The words for a change as Undo and Redo name it.
fn describe(line: &Line) -> String {
    match (line.key, line.before.is_some(), line.after.is_some()) {
        (Some(key), false, _) => format!("the result of {key}"),
        (Some(key), true, true) => format!("the correction of {key}"),
        (Some(key), true, false) => format!("removing the result of {key}"),
        (None, ..) => line.action.clone(),
    }
}

fn lines(connection: &Connection) -> rusqlite::Result<Vec<Line>> {
    let mut statement = connection.prepare_cached(
        "SELECT id, action, round, table_no, deal, before, after, reverse, undoes, redoes FROM history ORDER BY id",
    )?;
    let rows = statement.query_map([], |row| {
        let round: Option<u32> = row.get(2)?;
        let table: Option<u32> = row.get(3)?;
        let deal: Option<u32> = row.get(4)?;
        Ok(Line {
            id: row.get(0)?,
            action: row.get(1)?,
            key: super::history_key(round, table, deal),
            before: row.get(5)?,
            after: row.get(6)?,
            reverse: row.get(7)?,
            undoes: row.get(8)?,
            redoes: row.get(9)?,
        })
    })?;
    rows.collect()
}

/// The undo and redo stacks (top last), worked out from the history.
fn stacks(connection: &Connection) -> rusqlite::Result<(Vec<Step>, Vec<Step>)> {
    let (mut undo, mut redo): (Vec<Step>, Vec<Step>) = (Vec::new(), Vec::new());
    for line in lines(connection)? {
        let (from, to, target) = match (line.undoes, line.redoes) {
            (Some(target), _) => (&mut undo, &mut redo, target),
            (None, Some(target)) => (&mut redo, &mut undo, target),
            (None, None) => {
                match &line.reverse {
                    // A result saved again unchanged: nothing to take back, nothing lost.
                    Some(_) if line.key.is_some() && line.before.is_some() && line.before == line.after => {}
                    Some(_) => {
                        let what = describe(&line);
                        undo.push(Step { line, what });
                        redo.clear();
                    }
                    None => {
                        undo.clear();
                        redo.clear();
                    }
                }
                continue;
            }
        };
        match from.last() {
            Some(top) if top.line.id == target => {
                let what = from.pop().map(|step| step.what).unwrap_or_default();
                to.push(Step { line, what });
            }
            // Not the top (written by a build that kept no stacks): start afresh from here.
            _ => {
                undo.clear();
                redo.clear();
            }
        }
    }
    Ok((undo, redo))
}

impl EventFile {
    /// What Undo would take back and what Redo would put again, in words, as the file holds
    /// them now (another window or command may have changed them).
    pub fn undo_redo_labels(&self) -> Result<(Option<String>, Option<String>), StoreError> {
        if !super::has_undo_columns(&self.connection).map_err(self.db())? {
            return Ok((None, None));
        }
        let (undo, redo) = stacks(&self.connection).map_err(self.db())?;
        Ok((
            undo.last().map(|s| s.what.clone()),
            redo.last().map(|s| s.what.clone()),
        ))
    }

    /// Takes back the last change made to the event that is not taken back yet, by whoever
    /// made it (this window, another, or the command line): `None` when there is none.
    pub fn undo(&mut self) -> Result<Option<Reverted>, StoreError> {
        self.revert(Direction::Undo)
    }

    /// Puts back the last change taken back, if nothing was changed since.
    pub fn redo(&mut self) -> Result<Option<Reverted>, StoreError> {
        self.revert(Direction::Redo)
    }

    fn revert(&mut self, direction: Direction) -> Result<Option<Reverted>, StoreError> {
        self.refuse_if_damaged()?;
        let path = self.path.clone();
        let (tx, db) = write_transaction(&mut self.connection, &path)?;
        let (undo, redo) = stacks(&tx).map_err(&db)?;
        let stack = match direction {
            Direction::Undo => undo,
            Direction::Redo => redo,
        };
        let Some(step) = stack.last() else {
            return Ok(None);
        };
        let stored = read_event(&tx, &path)?;
        let (marker_undo, marker_redo) = match direction {
            Direction::Undo => (Some(step.line.id), None),
            Direction::Redo => (None, Some(step.line.id)),
        };
        let refused = |why: String| StoreError::Refused {
            what: format!("{} (to be {})", step.what, direction.word()),
            why,
        };
        let marker = Marker {
            word: direction.word(),
            heading: direction.heading(),
            undoes: marker_undo,
            redoes: marker_redo,
        };
        let restored_event = match step.line.key {
            Some(key) => {
                put_back_result(&tx, &stored, step, key, &marker, &path).map_err(|e| e.or(refused, &db))?;
                None
            }
            None => Some(put_back_event(&tx, &stored, step, &marker, &path).map_err(|e| e.or(refused, &db))?),
        };
        let history_id = tx.last_insert_rowid();
        let (what, key) = (step.what.clone(), step.line.key);
        tx.commit().map_err(&db)?;
        self.event = match restored_event {
            Some(event) => event,
            None => stored,
        };
        Ok(Some(Reverted {
            history_id,
            what,
            key,
        }))
    }

    /// Whether another connection (another window, a command, a phone) has written to the
    /// file since this handle last looked; if so the event is read again. Cheap: SQLite
    /// counts commits made by others (`PRAGMA data_version`).
    pub fn reload_if_changed(&mut self) -> Result<bool, StoreError> {
        let version: i64 = self
            .connection
            .pragma_query_value(None, "data_version", |row| row.get(0))
            .map_err(database_error(self.path.clone()))?;
        if self.data_version == version {
            return Ok(false);
        }
        self.data_version = version;
        self.reread()?;
        Ok(true)
    }
}

/// How an undo or redo line is marked: its words, and the line it takes back or puts again.
struct Marker {
    word: &'static str,
    heading: &'static str,
    undoes: Option<i64>,
    redoes: Option<i64>,
}

/// Why putting a line's `reverse` back failed: refused (it no longer fits), or the store.
enum PutBack {
    Refused(String),
    Store(StoreError),
    Database(rusqlite::Error),
}

impl PutBack {
    fn or(
        self,
        refused: impl Fn(String) -> StoreError,
        db: impl Fn(rusqlite::Error) -> StoreError,
    ) -> StoreError {
        match self {
            PutBack::Refused(why) => refused(why),
            PutBack::Store(error) => error,
            PutBack::Database(error) => db(error),
        }
    }
}

impl From<rusqlite::Error> for PutBack {
    fn from(error: rusqlite::Error) -> PutBack {
        PutBack::Database(error)
    }
}

impl From<StoreError> for PutBack {
    fn from(error: StoreError) -> PutBack {
        PutBack::Store(error)
    }
}

/// A history line that cannot be read back (a damaged or hand-edited file).
fn unreadable(path: &std::path::Path, step: &Step, why: String) -> PutBack {
    PutBack::Store(StoreError::Content {
        path: path.to_path_buf(),
        why: format!("history line #{}: {why}", step.line.id),
    })
}

/// Puts a result back as the line `step` holds it (a value, or none), checked against the
/// stored event, and writes the undo or redo line with what it replaced.
fn put_back_result(
    tx: &Connection,
    stored: &Event,
    step: &Step,
    key: ResultKey,
    marker: &Marker,
    path: &std::path::Path,
) -> Result<(), PutBack> {
    let reverse = step.line.reverse.as_deref().unwrap_or("null");
    let value: Option<ResultValue> = serde_json::from_str(reverse)
        .map_err(|e| unreadable(path, step, format!("the result to put back: {e}")))?;
    let current: Option<String> = tx
        .query_row(
            "SELECT value FROM result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
            params![key.round, key.table, key.deal],
            |row| row.get(0),
        )
        .optional()?;
    let now = now();
    match &value {
        Some(value) => {
            stored.check_result(key, value).map_err(PutBack::Refused)?;
            tx.execute(
                "INSERT INTO result (round, table_no, deal, value, entered_at) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (round, table_no, deal) DO UPDATE SET value = excluded.value, entered_at = excluded.entered_at",
                params![key.round, key.table, key.deal, json(value), now],
            )?;
        }
        None => {
            tx.execute(
                "DELETE FROM result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
                params![key.round, key.table, key.deal],
            )?;
            super::rooms::forget_tables_results(tx, stored, key)?;
        }
    }
    tx.execute(
        "INSERT INTO history (at, action, round, table_no, deal, before, after, reverse, undoes, redoes)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            now,
            marker.word,
            key.round,
            key.table,
            key.deal,
            current,
            value.as_ref().map(json),
            current.as_deref().unwrap_or("null"),
            marker.undoes,
            marker.redoes
        ],
    )?;
    Ok(())
}

/// Puts the event back as the line `step` holds it, when every stored result still fits
/// it and keeps its table's players (seated by today's names: a rename taken back moves no
/// one), and writes the undo or redo line with the event it replaced. Returns the event
/// put back.
fn put_back_event(
    tx: &Connection,
    stored: &Event,
    step: &Step,
    marker: &Marker,
    path: &std::path::Path,
) -> Result<Event, PutBack> {
    let reverse = step.line.reverse.as_deref().unwrap_or("null");
    let restored: Event = serde_json::from_str(reverse)
        .map_err(|e| unreadable(path, step, format!("the event to put back: {e}")))?;
    let results = read_results(tx, stored, path)?;
    let mut seated = restored.schedule.clone();
    seated.rename_entrants(&restored.roster.renames(&stored.roster));
    crate::event::lineup::results_keep_their_tables(&stored.schedule, &seated, &results)
        .map_err(PutBack::Refused)?;
    if let Err(StoreError::UnfitResult { why, .. }) = read_results(tx, &restored, path) {
        return Err(PutBack::Refused(format!(
            "a result entered would no longer fit: {why}"
        )));
    }
    tx.execute(
        "UPDATE event SET settings = ?1, roster = ?2, schedule = ?3, generated_for = ?4 WHERE id = 1",
        params![
            json(&restored.settings),
            json(&restored.roster),
            json(&restored.schedule),
            json(&restored.generated_for)
        ],
    )?;
    tx.execute(
        "INSERT INTO history (at, action, reverse, undoes, redoes) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            now(),
            format!("{}: {}", marker.heading, step.what),
            json(stored),
            marker.undoes,
            marker.redoes
        ],
    )?;
    Ok(restored)
}
