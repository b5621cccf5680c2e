//! The event file: one SQLite database per event (`.tourney`). It holds the settings, roster
//! and schedule, every result, and a history of every change. Results are written one
//! transaction each, in WAL mode with `synchronous = FULL`, so a result is on disk before it
//! is acknowledged and a crash at any moment loses nothing that was acknowledged.
//!
//! Opening is careful: the SQLite header is read first (plain file read), so a file that is
//! not SQLite, belongs to another program, or comes from a newer Tourney is refused without
//! SQLite ever touching it; an integrity check follows before anything is written. Then
//! everything stored is read back and checked by the rules of entry (settings in range, every
//! seat an entrant, every result fitting its table); a file whose results do not is opened
//! for reading only, and every write is refused with the same message until it is repaired.
//! SQLite's failures are told as what they are: read-only, disk full, damaged.

mod analysis;
mod requests;
mod rooms;
mod tables;
mod undo;
mod who_played;

pub use requests::TableOutcome;
pub use tables::{Conflict, TableAccess};
pub use undo::Reverted;

use super::{Event, ResultKey, ResultValue, Results};
use crate::sqlite_head::Head;
use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior, params};
use std::fmt;
use std::path::{Path, PathBuf};

/// "TRNY": marks the SQLite file as a Tourney event (SQLite's `application_id`).
pub const APPLICATION_ID: i32 = 0x5452_4E59;

/// The first 16 bytes of every SQLite database, so of every event file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// Whether a file that starts with `head` is meant as an event file (an SQLite database) rather
/// than a schedule or a roster, so a command given either can open it as an event and let
/// `EventFile::open` say precisely what is wrong with it when it is not a Tourney event.
pub fn looks_like_event_file(head: &[u8]) -> bool {
    head.starts_with(SQLITE_MAGIC)
}
/// The schema this build writes. Older files are migrated forward when opened.
pub const SCHEMA_VERSION: i32 = 5;

/// Schema steps: entry i takes a file from version i to i + 1.
const MIGRATIONS: &[fn(&Connection) -> rusqlite::Result<()>] = &[
    create_tables,
    add_generated_for,
    add_undo,
    tables::add_tables,
    rooms::add_room_results,
];

/// Version 1: the event, its results and the history of every change.
fn create_tables(connection: &Connection) -> rusqlite::Result<()> {
    connection.execute_batch(
        "
        CREATE TABLE event (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            settings TEXT NOT NULL,
            roster TEXT NOT NULL,
            schedule TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE result (
            round INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            deal INTEGER NOT NULL,
            value TEXT NOT NULL,
            entered_at TEXT NOT NULL,
            PRIMARY KEY (round, table_no, deal)
        );
        CREATE TABLE history (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            action TEXT NOT NULL,
            round INTEGER,
            table_no INTEGER,
            deal INTEGER,
            before TEXT,
            after TEXT
        );
        ",
    )
}

/// Version 2: the roster can be edited after the schedule is made, so the file keeps the
/// roster the schedule was made for. Version 1 files never changed their roster. A file
/// marked version 1 that has the column already (a development build wrote such files) keeps
/// what it holds; only empty values are filled.
fn add_generated_for(connection: &Connection) -> rusqlite::Result<()> {
    let has_column: bool = connection.query_row(
        "SELECT COUNT(*) > 0 FROM pragma_table_info('event') WHERE name = 'generated_for'",
        [],
        |row| row.get(0),
    )?;
    if !has_column {
        connection.execute_batch("ALTER TABLE event ADD COLUMN generated_for TEXT;")?;
    }
    connection.execute_batch("UPDATE event SET generated_for = roster WHERE generated_for IS NULL;")
}

/// Version 3: undo and redo are kept in the file (see [`undo`]), so they survive closing
/// the event and are shared by the window and the command line. Each history line that can
/// be taken back holds what takes it back (`reverse`: the result or the event as they were
/// before); an undo or redo line names the line it takes back or puts again. Lines written
/// before version 3 cannot be taken back.
fn add_undo(connection: &Connection) -> rusqlite::Result<()> {
    for column in ["reverse TEXT", "undoes INTEGER", "redoes INTEGER"] {
        let name = column.split(' ').next().unwrap_or(column);
        let has_column: bool = connection.query_row(
            "SELECT COUNT(*) > 0 FROM pragma_table_info('history') WHERE name = ?1",
            [name],
            |row| row.get(0),
        )?;
        if !has_column {
            connection.execute_batch(&format!("ALTER TABLE history ADD COLUMN {column};"))?;
        }
    }
    Ok(())
}

/// Why the event file could not be read or changed. Every message names the file and says
/// what is true, and that nothing was changed or lost.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be read or written at all.
    #[error("{}: {}", path.display(), crate::export_file::describe_read_io(error))]
    Io {
        /// The event file (or the file being written).
        path: PathBuf,
        /// The system's or SQLite's own error.
        error: std::io::Error,
    },
    /// Not an SQLite database, or one made by another program.
    #[error("{}: not a Tourney event file ({why}); it was not changed", path.display())]
    NotTourney {
        /// The event file (or the file being written).
        path: PathBuf,
        /// Why, in words.
        why: String,
    },
    /// Made by a newer Tourney.
    #[error(
        "{}: this event file was written by a newer Tourney (file format {version}; this version reads up to {SCHEMA_VERSION}); update Tourney to open it — the file was not changed",
        path.display()
    )]
    TooNew {
        /// The event file (or the file being written).
        path: PathBuf,
        /// The file's format number.
        version: i32,
    },
    /// SQLite reports damage.
    #[error(
        "{}: the event file is damaged ({why}); it was not changed — open a copy made with \"Save a copy\", or send the file for recovery",
        path.display()
    )]
    Corrupt {
        /// The event file (or the file being written).
        path: PathBuf,
        /// Why, in words.
        why: String,
    },
    /// Creating over an existing file.
    #[error("{}: a file of that name exists already; choose another name", path.display())]
    Exists {
        /// The event file (or the file being written).
        path: PathBuf,
    },
    /// A result that does not fit the event.
    #[error("{key}: {why}")]
    Invalid {
        /// The result concerned.
        key: ResultKey,
        /// Why, in words.
        why: String,
    },
    /// A roster or schedule change that cannot be made (the reason says why).
    #[error("{what} not changed: {why}")]
    Refused {
        /// What was to change ("roster", "schedule", "round 1 table 2 (to be undone)").
        what: String,
        /// Why, in words.
        why: String,
    },
    /// Any other database failure.
    #[error("{}: {error}", path.display())]
    Database {
        /// The event file (or the file being written).
        path: PathBuf,
        /// The system's or SQLite's own error.
        error: rusqlite::Error,
    },
    /// The stored data does not read back, or does not fit the event (a damaged or
    /// hand-edited file). Such a file can be read, but every write is refused until repaired.
    #[error(
        "{}: the event file is damaged: {why}; it can be read but not changed until repaired, and nothing was changed — open a copy made with \"Save a copy\", or send the file for recovery",
        path.display()
    )]
    Content {
        /// The event file (or the file being written).
        path: PathBuf,
        /// Why, in words.
        why: String,
    },
    /// A stored result does not read back or does not fit the event. The file can be read;
    /// every write but removing such results is refused until they are removed.
    #[error(
        "{}: the event file is damaged: {why}; it can be read but not changed until the results that do not fit are removed (`tourney event repair {}`, or in the window, which lists them), and nothing was changed",
        path.display(),
        path.display()
    )]
    UnfitResult {
        /// The event file (or the file being written).
        path: PathBuf,
        /// Why, in words.
        why: String,
    },
    /// The file or its folder cannot be written.
    #[error("{} is read-only (the file or its folder): nothing was changed, nothing lost", path.display())]
    ReadOnly {
        /// The event file (or the file being written).
        path: PathBuf,
    },
    /// The disk (or the user's quota) is full.
    #[error(
        "{}: the disk is full: the change was not saved, nothing lost — free some space and try again",
        path.display()
    )]
    DiskFull {
        /// The event file (or the file being written).
        path: PathBuf,
    },
    /// A new file was to be written in a folder that does not exist.
    #[error("{}: its folder does not exist; nothing was written", path.display())]
    NoFolder {
        /// The file that could not be written.
        path: PathBuf,
    },
    /// Made by an older Tourney, and its tables are not what that version wrote.
    #[error(
        "{}: this event file was made by an older Tourney (format {version}), but its tables are not those of format {version} ({why}), so it cannot be brought up to format {SCHEMA_VERSION}; it was not changed — send the file for recovery",
        path.display()
    )]
    OldFormat {
        /// The event file.
        path: PathBuf,
        /// The format number the file says it has.
        version: i32,
        /// What SQLite said when the file was brought forward.
        why: String,
    },
}

/// One line of the history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryEntry {
    /// The line's number, in the order written (what `saved #N` and `undone #N` name).
    pub id: i64,
    /// Local time, RFC 3339.
    pub at: String,
    /// What happened: "entered", "corrected", "cleared", "undone", "redone" for a result;
    /// a sentence for a change of the event ("roster: Ann renamed Anne").
    pub action: String,
    /// The result it concerns, if it concerns one.
    pub key: Option<ResultKey>,
    /// The result before the change (none when it was entered).
    pub before: Option<ResultValue>,
    /// The result after the change (none when it was removed).
    pub after: Option<ResultValue>,
    /// The line this one takes back (an undo).
    pub undoes: Option<i64>,
    /// The undo line this one puts again (a redo).
    pub redoes: Option<i64>,
    /// Who sent the result when it came from a table's device ("table 3", "director (PIN)");
    /// `None` for changes made in the window or on the command line.
    pub source: Option<String>,
}

/// What `set_result` did.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// The history line written in the same transaction.
    pub history_id: i64,
    /// The result it replaced (none when the table had none).
    pub before: Option<ResultValue>,
}

/// An open event file.
pub struct EventFile {
    connection: Connection,
    path: PathBuf,
    event: Event,
    /// Why the stored results do not read back, found when the file was opened: the file is
    /// then read-only (see [`EventFile::refuse_if_damaged`]).
    damage: Option<String>,
    /// SQLite's count of commits by other connections when this handle last read the event
    /// (see [`EventFile::reload_if_changed`]).
    data_version: i64,
}

impl EventFile {
    /// Creates a new event file; refuses to overwrite anything.
    pub fn create(path: &Path, event: &Event) -> Result<EventFile, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists { path: path.into() });
        }
        let settings = &event.settings;
        let problems = event.roster.problems();
        super::create::screen_texts(
            &settings.title,
            settings.club.as_deref(),
            settings.date.as_deref(),
        )
        .and_then(|()| match problems.is_empty() {
            true => Ok(()),
            false => Err(problems.join("; ")),
        })
        .map_err(|why| StoreError::Refused {
            what: "event".into(),
            why,
        })?;
        let db = database_error(path.into());
        write_whole_file(path, false, |connection| {
            connection
                .pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(&db)?;
            migrate(connection, 0).map_err(&db)?;
            let now = now();
            let tx = connection.transaction().map_err(&db)?;
            tx.execute(
                "INSERT INTO event (id, settings, roster, schedule, created_at, generated_for) VALUES (1, ?1, ?2, ?3, ?4, ?5)",
                params![
                    json(&event.settings),
                    json(&event.roster),
                    json(&event.schedule),
                    now,
                    json(&event.generated_for)
                ],
            )
            .map_err(&db)?;
            tx.execute(
                "INSERT INTO history (at, action) VALUES (?1, ?2)",
                params![
                    now,
                    format!(
                        "created \"{}\" ({})",
                        event.settings.title, event.settings.format_label
                    )
                ],
            )
            .map_err(&db)?;
            tx.commit().map_err(&db)
        })?;
        EventFile::open(path)
    }

    /// Opens an existing event file, migrating an older one. A file that is not a Tourney
    /// event, is damaged, or is from a newer version is refused unchanged.
    pub fn open(path: &Path) -> Result<EventFile, StoreError> {
        EventFile::open_with(path, OpenFlags::SQLITE_OPEN_READ_WRITE)
    }

    /// Opens an event file for reading only: nothing in it is changed (an older file is not
    /// migrated, so it is refused as read-only), and every write is refused as on a
    /// write-protected file. For viewing, and for checking how a write-protected file is met.
    ///
    /// On a read-only medium or in a folder this user cannot write (a USB stick, a shared
    /// drive, a CD), SQLite cannot make the shared-memory file a write-ahead-logged event
    /// needs even to be read; when no log is left beside the file (every write finished), it
    /// is then read as an unchanging file, so showing, copying and exporting still work.
    pub fn open_read_only(path: &Path) -> Result<EventFile, StoreError> {
        match EventFile::open_with(path, OpenFlags::SQLITE_OPEN_READ_ONLY) {
            Err(error) if cannot_share_memory(&error) && !has_log(path) => EventFile::open_with(
                path,
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
            )
            .map_err(|_| error),
            opened => opened,
        }
    }

    /// Opens an event to work on or, where it cannot be written (a write-protected file or
    /// folder, a full disk), to look at: every change is then refused as such, nothing lost.
    /// What every front end opens with (the window, the command line's reading commands).
    pub fn open_or_read_only(path: &Path) -> Result<EventFile, StoreError> {
        match EventFile::open(path) {
            Err(StoreError::ReadOnly { .. } | StoreError::DiskFull { .. }) => EventFile::open_read_only(path),
            opened => opened,
        }
    }

    fn open_with(path: &Path, access: OpenFlags) -> Result<EventFile, StoreError> {
        let version = check_header(path)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: path.into(),
                version,
            });
        }
        let db = database_error(path.into());
        // Asked with SQLITE_OPEN_URI: the file as an unchanging one (see `open_read_only`).
        let mut connection = if access.contains(OpenFlags::SQLITE_OPEN_URI) {
            Connection::open_with_flags(immutable_uri(path), access | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        } else {
            Connection::open_with_flags(path, access | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        }
        .map_err(&db)?;
        let check: String = connection
            .query_row("PRAGMA quick_check", [], |row| row.get(0))
            .map_err(&db)?;
        if check != "ok" {
            return Err(StoreError::Corrupt {
                path: path.into(),
                why: check,
            });
        }
        // The header may lag behind a write-ahead log; SQLite's own values are the truth.
        let application_id: i32 = connection
            .pragma_query_value(None, "application_id", |row| row.get(0))
            .map_err(&db)?;
        if application_id != APPLICATION_ID {
            return Err(StoreError::NotTourney {
                path: path.into(),
                why: "an SQLite database made by another program".into(),
            });
        }
        // Wait for another Tourney's write rather than fail at once.
        connection
            .busy_timeout(std::time::Duration::from_secs(5))
            .map_err(&db)?;
        // Read (and migrate) under one transaction; a migration is kept only when everything
        // then reads back, so a damaged file is left exactly as it was (not even switched to
        // write-ahead logging, which happens only after).
        // Read-only, a file of format 2 is read as it is (what format 3 adds, the undo
        // columns, only matters for writing); an older one must be brought forward first.
        let read_only = !access.contains(OpenFlags::SQLITE_OPEN_READ_WRITE);
        let needs_steps = |version: i32| version < SCHEMA_VERSION && !(read_only && version >= 2);
        let behavior = if needs_steps(user_version(&connection).map_err(&db)?) {
            TransactionBehavior::Exclusive
        } else {
            TransactionBehavior::Deferred
        };
        let tx = connection.transaction_with_behavior(behavior).map_err(&db)?;
        // Read again under the lock: another Tourney may have migrated the file meanwhile.
        let version = user_version(&tx).map_err(&db)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: path.into(),
                version,
            });
        }
        if needs_steps(version) {
            steps(&tx, version).map_err(|error| match db(error) {
                StoreError::Database { error, .. } => StoreError::OldFormat {
                    path: path.into(),
                    version,
                    why: error.to_string(),
                },
                other => other,
            })?;
        }
        let event = read_event(&tx, path)?;
        let damage = match read_results(&tx, &event, path) {
            Ok(_) => None,
            Err(StoreError::UnfitResult { why, .. }) => Some(why),
            Err(other) => return Err(other),
        };
        if damage.is_none() {
            tx.commit().map_err(&db)?;
            set_durable(&connection).map_err(&db)?;
        } else {
            tx.rollback().map_err(&db)?;
        }
        let data_version = connection
            .pragma_query_value(None, "data_version", |row| row.get(0))
            .map_err(&db)?;
        Ok(EventFile {
            connection,
            path: path.into(),
            event,
            damage,
            data_version,
        })
    }

    /// Where the event file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The event as this handle last read it (every write reads it again first).
    pub fn event(&self) -> &Event {
        &self.event
    }

    fn db(&self) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
        database_error(self.path.clone())
    }

    /// Refuses every write to a file whose stored results did not read back when it was
    /// opened, with the same message reading gives: a damaged file stays as it is until it is
    /// repaired.
    fn refuse_if_damaged(&self) -> Result<(), StoreError> {
        match &self.damage {
            Some(why) => Err(StoreError::UnfitResult {
                path: self.path.clone(),
                why: why.clone(),
            }),
            None => Ok(()),
        }
    }

    /// Every result, read from the file; each is checked against the event by the same rules
    /// as on entry, and the first that does not fit is reported (round, table, board, why).
    pub fn results(&self) -> Result<Results, StoreError> {
        self.refuse_if_damaged()?;
        read_results(&self.connection, &self.event, &self.path)
    }

    /// Enters or corrects one result: checked, inside the write transaction, against the
    /// event as stored (another window or command may have changed it since this one was
    /// opened), then written with its history line in the same transaction. A table seated
    /// differently since this handle read the event is refused (the key was worked out from
    /// the old seating). When this returns `Ok` the result is on disk.
    pub fn set_result(&mut self, key: ResultKey, value: ResultValue) -> Result<Change, StoreError> {
        self.refuse_if_damaged()?;
        let (tx, db) = write_transaction(&mut self.connection, &self.path)?;
        let stored = read_event(&tx, &self.path)?;
        let refusal = stored
            .check_result(key, &value)
            .err()
            .or_else(|| seated_since(&self.event, &stored, key));
        if let Some(why) = refusal {
            drop(tx);
            self.event = stored;
            return Err(StoreError::Invalid { key, why });
        }
        let before = stored_value(&tx, key).map_err(&db)?;
        let after = json(&value);
        let now = now();
        tx.execute(
            "INSERT INTO result (round, table_no, deal, value, entered_at) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (round, table_no, deal) DO UPDATE SET value = excluded.value, entered_at = excluded.entered_at, source = NULL",
            params![key.round, key.table, key.deal, after, now],
        )
        .map_err(&db)?;
        let action = if before.is_some() { "corrected" } else { "entered" };
        // What takes it back: the value before, or none (serde's `null`).
        let reverse = before.as_deref().unwrap_or("null");
        tx.execute(
            "INSERT INTO history (at, action, round, table_no, deal, before, after, reverse) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![now, action, key.round, key.table, key.deal, before, after, reverse],
        )
        .map_err(&db)?;
        let history_id = tx.last_insert_rowid();
        tx.commit().map_err(&db)?;
        self.event = stored;
        Ok(Change {
            history_id,
            before: before.and_then(|text| serde_json::from_str(&text).ok()),
        })
    }

    /// Removes a result (kept in the history). Returns whether there was one. On a damaged
    /// file only a result that does not fit may be removed: that is how such a file is
    /// repaired (see [`EventFile::unfit_results`]).
    pub fn clear_result(&mut self, key: ResultKey) -> Result<bool, StoreError> {
        if self.damage.is_some() && !self.unfit_results()?.iter().any(|u| u.key == Some(key)) {
            self.refuse_if_damaged()?;
        }
        let (tx, db) = write_transaction(&mut self.connection, &self.path)?;
        let before = stored_value(&tx, key).map_err(&db)?;
        if before.is_none() {
            return Ok(false);
        }
        tx.execute(
            "DELETE FROM result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
            params![key.round, key.table, key.deal],
        )
        .map_err(&db)?;
        let stored = read_event(&tx, &self.path)?;
        rooms::forget_tables_results(&tx, &stored, key).map_err(&db)?;
        tx.execute(
            "INSERT INTO history (at, action, round, table_no, deal, before, reverse) VALUES (?1, 'cleared', ?2, ?3, ?4, ?5, ?5)",
            params![now(), key.round, key.table, key.deal, before],
        )
        .map_err(&db)?;
        tx.commit().map_err(&db)?;
        self.reread()?;
        Ok(true)
    }

    /// The stored results that do not fit the stored event (or do not read back), each with
    /// its row and why: what made the file damaged. Empty on a sound file.
    pub fn unfit_results(&self) -> Result<Vec<UnfitResult>, StoreError> {
        let event = read_event(&self.connection, &self.path)?;
        unfit_results(&self.connection, &event, &self.path)
    }

    /// The stored results that fit the event, and those that do not: for showing a damaged
    /// file as far as it can be shown (`results` refuses it whole).
    pub fn results_as_far_as_they_fit(&self) -> Result<(Results, Vec<UnfitResult>), StoreError> {
        sort_results(&self.connection, &self.event, &self.path)
    }

    /// Removes every stored result that does not fit the event, each with a history line
    /// saying why, in one transaction (the check is made again inside it). The repair of a
    /// damaged file; returns what was removed. The file is then sound, and writable again.
    pub fn remove_unfit_results(&mut self) -> Result<Vec<UnfitResult>, StoreError> {
        let (tx, db) = write_transaction(&mut self.connection, &self.path)?;
        let stored = read_event(&tx, &self.path)?;
        let unfit = unfit_results(&tx, &stored, &self.path)?;
        for result in &unfit {
            tx.execute("DELETE FROM result WHERE rowid = ?1", params![result.row])
                .map_err(&db)?;
            let (round, table, deal) = result.key.map_or((None, None, None), |k| {
                (Some(k.round), Some(k.table), Some(k.deal))
            });
            tx.execute(
                "INSERT INTO history (at, action, round, table_no, deal, before) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    now(),
                    format!("removed: did not fit the event ({})", result.why),
                    round,
                    table,
                    deal,
                    result.text
                ],
            )
            .map_err(&db)?;
        }
        tx.commit().map_err(&db)?;
        self.reread()?;
        Ok(unfit)
    }

    /// Reads the event and whether its results fit, again (after a repair): a sound file is
    /// switched to its durable settings, as on opening.
    fn reread(&mut self) -> Result<(), StoreError> {
        let event = read_event(&self.connection, &self.path)?;
        let was_damaged = self.damage.is_some();
        self.damage = match read_results(&self.connection, &event, &self.path) {
            Ok(_) => None,
            Err(StoreError::UnfitResult { why, .. }) => Some(why),
            Err(other) => return Err(other),
        };
        self.event = event;
        if was_damaged && self.damage.is_none() {
            set_durable(&self.connection).map_err(self.db())?;
        }
        Ok(())
    }

    /// Replaces the roster (an edit in the window, or its undo). Renames carry over into the
    /// schedule; other changes that the schedule does not cover (players added or removed,
    /// couples, stationary seat, teams) are refused once results are entered, because the
    /// results belong to the schedule's tables. Worked out from the stored event and written
    /// with its history line in one transaction. Returns the changes in words (empty when
    /// nothing changed).
    pub fn set_roster(&mut self, roster: crate::model::Roster) -> Result<Vec<String>, StoreError> {
        let problems = roster.problems();
        if !problems.is_empty() {
            return Err(StoreError::Refused {
                what: "roster".into(),
                why: problems.join("; "),
            });
        }
        self.change_event("roster", |stored, results| {
            let changes = stored.roster.describe_changes(&roster);
            if changes.is_empty() {
                return Ok(Edit::unchanged(changes));
            }
            let affecting = stored.roster.changes_affecting_schedule(&roster);
            if !results.is_empty() && !affecting.is_empty() {
                return Err(format!(
                    "{} result(s) are entered for this schedule, so {} cannot change now (renames and contact details still can)",
                    results.len(),
                    affecting.join(", ")
                ));
            }
            let mut event = stored.clone();
            event.schedule.rename_entrants(&stored.roster.renames(&roster));
            for player in &mut event.generated_for.players {
                if let Some(now) = roster.player(player.id) {
                    player.name = now.name.clone();
                }
            }
            event.roster = roster;
            Ok(Edit::changed(event, format!("roster: {}", changes.join("; ")), changes))
        })
    }

    /// A team's players (teams of four) set to `squad`, against the roster as stored, so a
    /// change another writer made meanwhile is kept. Refused when `team` is not in the
    /// roster, and when a player would be in two teams or twice in one (or has no name).
    /// Returns the change in words; empty when the players are those stored.
    pub fn set_squad(
        &mut self,
        team: crate::model::PlayerId,
        squad: Vec<crate::model::Member>,
    ) -> Result<Vec<String>, StoreError> {
        self.change_event("team's players", |stored, _| {
            let mut event = stored.clone();
            let Some(entry) = event.roster.players.iter_mut().find(|p| p.id == team) else {
                return Err(format!("the roster has no team {team}"));
            };
            if entry.squad == squad {
                return Ok(Edit::unchanged(Vec::new()));
            }
            entry.squad = squad;
            let change = match crate::model::squad::describe_squad(entry) {
                players if players.is_empty() => format!("players of {} removed", entry.name),
                players => format!("players of {}: {players}", entry.name),
            };
            let problems = crate::model::squad::squad_problems(&event.roster);
            if !problems.is_empty() {
                return Err(problems.join("; "));
            }
            Ok(Edit::changed(event, format!("roster: {change}"), vec![change]))
        })
    }

    /// Replaces the schedule with one newly made for the current roster (after roster edits,
    /// or with other options). Refused once any result is entered: results belong to the
    /// tables of the schedule they were played on.
    pub fn replace_schedule(
        &mut self,
        generated: super::create::Generated,
        options: super::create::EventOptions,
    ) -> Result<(), StoreError> {
        if let Err(why) = options.scoring().check() {
            return Err(StoreError::Refused {
                what: "schedule".into(),
                why,
            });
        }
        self.change_event("schedule", |stored, results| {
            if !results.is_empty() {
                return Err(format!(
                    "{} result(s) are entered for the present schedule; remove them first, or start a new event",
                    results.len()
                ));
            }
            let mut event = stored.clone();
            event.settings.scoring = options.scoring();
            event.settings.options = Some(options);
            let action = format!(
                "schedule made again: {} entrants, {} rounds",
                generated.schedule.entrants.len(),
                generated.schedule.rounds.len()
            );
            event.generated_for = generated.roster.clone();
            event.roster = generated.roster;
            event.schedule = generated.schedule;
            // Line-ups name the old schedule's teams and rounds (none is played yet).
            event.settings.line_ups.clear();
            Ok(Edit::changed(event, action, ()))
        })
    }

    /// Pairs a Swiss teams event's next round from the standings after the last one
    /// ([`super::teams::pair_next_round`]), checked and kept in one write transaction against
    /// the event and results as stored: two directors pressing "pair" at once make one round,
    /// and a result corrected meanwhile is the one the pairing reads. Undo takes it back.
    /// `leaving`: teams that withdraw now, after the last round (they keep their results and
    /// their place in the standings, and are paired no more). `odd`: with an odd number of
    /// teams, a bye or a three-way match (in one round or over two) for the bottom three.
    pub fn pair_next_round(
        &mut self,
        leaving: &[usize],
        odd: crate::swiss::OddCount,
    ) -> Result<super::teams::PairedRound, StoreError> {
        self.change_event("pairing the next round", |stored, results| {
            let (event, paired) = super::teams::pair_next_round(stored, results, leaving, odd)?;
            let name = |e: &usize| stored.schedule.entrants.get(*e).cloned().unwrap_or_default();
            let action = match leaving {
                [] => format!("round {} paired", paired.round),
                _ => format!(
                    "round {} paired, without {} (withdrawn)",
                    paired.round,
                    leaving.iter().map(name).collect::<Vec<_>>().join(", ")
                ),
            };
            Ok(Edit::changed(event, action, paired))
        })
    }

    /// Adds a tie-break stanza to a knockout that ended level
    /// ([`super::knockout::add_tie_break`]), in one write transaction against the event and
    /// results as stored. Returns what was added, in a sentence.
    pub fn add_tie_break(&mut self) -> Result<String, StoreError> {
        self.change_event("adding a tie-break stanza", |stored, results| {
            let (event, said) = super::knockout::add_tie_break(stored, results)?;
            let action = format!("tie-break stanza added as round {}", event.schedule.rounds.len());
            Ok(Edit::changed(event, action, said))
        })
    }

    /// Exchanges two teams' places in a teams event's last round before it is played
    /// ([`super::teams::swap_teams`]), in one write transaction against the event and results
    /// as stored. Returns what the round now is, in a sentence.
    pub fn swap_teams(&mut self, round: u32, first: usize, second: usize) -> Result<String, StoreError> {
        self.change_event("changing the pairing", |stored, results| {
            let (event, said) = super::teams::swap_teams(stored, results, round, first, second)?;
            let name = |e: usize| stored.schedule.entrants.get(e).cloned().unwrap_or_default();
            let action = format!(
                "round {round} changed by hand: {} and {} swapped",
                name(first),
                name(second)
            );
            Ok(Edit::changed(event, action, said))
        })
    }

    /// Attaches hand records to the event's boards (replacing any attached before for the
    /// same boards). Every board must be one the event plays, with the dealer and
    /// vulnerability of its number (those it is scored by); a PBN file with boards the event
    /// does not have, or whose dealer or vulnerability differ, is refused whole, naming them.
    /// A board that comes with its analysis (a PBN file's tags) has its table kept; a deal
    /// that replaces another loses the old one's. Returns how many were attached.
    pub fn attach_deals(&mut self, boards: &[crate::deals::Board]) -> Result<usize, StoreError> {
        self.change_event("hand records", |stored, _| {
            let played = stored.boards_played();
            let outside: Vec<String> = boards
                .iter()
                .filter(|b| b.number == 0 || b.number > played)
                .map(|b| b.number.to_string())
                .collect();
            if !outside.is_empty() {
                return Err(format!(
                    "the event plays boards 1 to {played}, so board(s) {} do not belong to it",
                    outside.join(", ")
                ));
            }
            let differing: Vec<String> = boards
                .iter()
                .filter_map(|b| {
                    let (dealer, vulnerable) = (
                        crate::deals::standard_dealer(b.number),
                        crate::deals::standard_vulnerability(b.number),
                    );
                    (b.dealer != dealer || b.vulnerability != vulnerable).then(|| {
                        format!(
                            "board {}: dealer {}, vulnerable {} in the file, but dealer {}, vulnerable {} on the board",
                            b.number,
                            b.dealer.letter(),
                            b.vulnerability.pbn(),
                            dealer.letter(),
                            vulnerable.pbn()
                        )
                    })
                })
                .collect();
            if !differing.is_empty() {
                return Err(format!(
                    "the file's dealer or vulnerability differ from those of the boards played, by which Tourney scores ({}); correct the file, or its board numbers, and attach it again",
                    differing.join("; ")
                ));
            }
            let mut event = stored.clone();
            for board in boards {
                let deal = board.deal.pbn(crate::deals::Direction::North);
                let tables = &mut event.settings.deal_tables;
                // A table belongs to its deal: the file's own, or none for a new deal.
                match &board.analysis {
                    Some(analysis) => {
                        let text = crate::deals::pbn_analysis::double_dummy_tricks(&analysis.table);
                        tables.insert(board.number, text);
                    }
                    None if stored.settings.deals.get(&board.number) != Some(&deal) => {
                        tables.remove(&board.number);
                    }
                    None => {}
                }
                event.settings.deals.insert(board.number, deal);
            }
            let action = format!("hand records attached for {} board(s)", boards.len());
            Ok(Edit::changed(event, action, boards.len()))
        })
    }

    /// Club pairs: entrant `entrant` (a pair) leaves after round `after_round`. From the next
    /// round it is treated like a phantom: its opponents sit out and the boards it would have
    /// played are not played (the travellers of those boards are factored). Refused when a
    /// result is already entered for one of its later tables (read under the write lock, so
    /// one entered meanwhile from elsewhere is seen). Returns the sentence for the organiser.
    pub fn withdraw_pair(&mut self, entrant: usize, after_round: u32) -> Result<String, StoreError> {
        self.change_event("withdrawal", |stored, results| {
            let Some(movement) = &stored.schedule.movement else {
                return Err("only a club pairs event (a Mitchell or Howell) has pairs that can leave".into());
            };
            let Some(&pair) = crate::movement::present_pairs(movement).get(entrant) else {
                return Err(format!("there is no entrant {}", entrant + 1));
            };
            let changed = crate::movement::withdraw(movement.clone(), pair, after_round as usize)?;
            let label = changed.label(pair);
            let schedule = crate::movement::schedule_of(&changed, &stored.schedule.entrants)?;
            let orphaned: Vec<String> = results
                .keys()
                .filter(|k| {
                    schedule
                        .round(k.round)
                        .is_none_or(|r| !r.tables.iter().any(|t| t.number == k.table))
                })
                .map(|k| k.to_string())
                .collect();
            if !orphaned.is_empty() {
                return Err(format!(
                    "{label} has results after round {after_round} ({}); clear them first",
                    orphaned.join(", ")
                ));
            }
            let sentence = format!(
                "pair {label} ({}) left after round {after_round}: its opponents sit out from round {}, and the boards it does not play are factored",
                stored.schedule.entrants.get(entrant).map_or("", String::as_str),
                after_round + 1
            );
            let mut event = stored.clone();
            event.schedule = schedule;
            Ok(Edit::changed(event, sentence.clone(), sentence))
        })
    }

    /// A late player `name` joins before round `before_round` (default: the first round after
    /// the last one with results): the played rounds are kept, the rest take them in (see
    /// [`super::lineup::late_arrival`]). Roster, schedule and history line are written in one
    /// transaction, with the results read under the same lock.
    pub fn late_arrival(
        &mut self,
        name: &str,
        before_round: Option<u32>,
        missed: crate::movement::MissedBoards,
    ) -> Result<super::lineup::LineUpChange, StoreError> {
        self.change_line_up("roster and schedule", |event, results| {
            super::lineup::late_arrival(event, results, name, before_round, missed)
        })
    }

    /// Entrant `entrant` leaves after round `after_round`: a phantom takes their place from
    /// the next round (see [`super::lineup::withdrawal`]); in a club pairs movement the pair
    /// withdraws as [`EventFile::withdraw_pair`] does.
    pub fn withdraw(
        &mut self,
        entrant: usize,
        after_round: u32,
    ) -> Result<super::lineup::LineUpChange, StoreError> {
        if self.event.schedule.movement.is_some() {
            let action = self.withdraw_pair(entrant, after_round)?;
            return Ok(super::lineup::LineUpChange {
                after: super::lineup::LineUp::of(&self.event),
                action,
                notes: Vec::new(),
            });
        }
        self.change_line_up("roster and schedule", |event, results| {
            super::lineup::withdrawal(event, results, entrant, after_round)
        })
    }

    /// Puts back an earlier roster and schedule (the undo of a late arrival or withdrawal).
    /// Refused when a result entered since belongs to a table the earlier schedule seats
    /// differently.
    pub fn restore_line_up(
        &mut self,
        line_up: super::lineup::LineUp,
        action: &str,
    ) -> Result<(), StoreError> {
        let action = action.to_owned();
        self.change_line_up("roster and schedule", |event, results| {
            super::lineup::results_keep_their_tables(&event.schedule, &line_up.schedule, results)?;
            Ok(super::lineup::LineUpChange {
                after: line_up.clone(),
                action: action.clone(),
                notes: Vec::new(),
            })
        })
        .map(drop)
    }

    /// Works out a change of roster and schedule from the stored event and its results (both
    /// read inside the write transaction, so nothing entered meanwhile is missed) and stores
    /// it with its history line.
    fn change_line_up(
        &mut self,
        what: &str,
        plan: impl FnOnce(&Event, &Results) -> Result<super::lineup::LineUpChange, String>,
    ) -> Result<super::lineup::LineUpChange, StoreError> {
        self.change_event(what, |stored, results| {
            let change = plan(stored, results)?;
            let mut event = stored.clone();
            event.roster = change.after.roster.clone();
            event.schedule = change.after.schedule.clone();
            event.generated_for = change.after.generated_for.clone();
            Ok(Edit::changed(event, change.action.clone(), change))
        })
    }

    /// The one way the event row changes. Inside one write transaction: the event and its
    /// results are read as stored (not as this handle last saw them: another window, command
    /// or phone may have written since), `edit` works out the new event from them (or refuses
    /// with a reason, reported as `what` not changed), every stored result is checked to fit
    /// the new event (a change that would leave a result without its table is refused, so
    /// the file always reads back), and the row and the history line are written.
    fn change_event<T>(
        &mut self,
        what: &str,
        edit: impl FnOnce(&Event, &Results) -> Result<Edit<T>, String>,
    ) -> Result<T, StoreError> {
        self.refuse_if_damaged()?;
        let refused = |why: String| StoreError::Refused {
            what: what.to_owned(),
            why,
        };
        let (tx, db) = write_transaction(&mut self.connection, &self.path)?;
        let stored = read_event(&tx, &self.path)?;
        let results = read_results(&tx, &stored, &self.path)?;
        let edit = match edit(&stored, &results) {
            Ok(edit) => edit,
            Err(why) => {
                drop(tx);
                self.event = stored;
                return Err(refused(why));
            }
        };
        let Some((event, action)) = edit.change else {
            drop(tx);
            self.event = stored;
            return Ok(edit.answer);
        };
        let problems = if event.roster == stored.roster {
            Vec::new()
        } else {
            event.roster.problems()
        };
        if !problems.is_empty() {
            drop(tx);
            self.event = stored;
            return Err(refused(problems.join("; ")));
        }
        if let Err(StoreError::UnfitResult { why, .. }) = read_results(&tx, &event, &self.path) {
            drop(tx);
            self.event = stored;
            return Err(refused(format!("a result entered would no longer fit: {why}")));
        }
        tx.execute(
            "UPDATE event SET settings = ?1, roster = ?2, schedule = ?3, generated_for = ?4 WHERE id = 1",
            params![
                json(&event.settings),
                json(&event.roster),
                json(&event.schedule),
                json(&event.generated_for)
            ],
        )
        .map_err(&db)?;
        tx.execute(
            "INSERT INTO history (at, action, reverse) VALUES (?1, ?2, ?3)",
            params![now(), action, json(&stored)],
        )
        .map_err(&db)?;
        tx.commit().map_err(&db)?;
        self.event = event;
        Ok(edit.answer)
    }

    /// Every change, oldest first.
    pub fn history(&self) -> Result<Vec<HistoryEntry>, StoreError> {
        // A file of format 2 opened read-only (not migrated) has no undo columns.
        let columns = if has_undo_columns(&self.connection).map_err(self.db())? {
            "undoes, redoes"
        } else {
            "NULL, NULL"
        };
        // Files from before scoring at the tables (format 3, opened read-only) have no source.
        let source = if has_source_column(&self.connection).map_err(self.db())? {
            "source"
        } else {
            "NULL"
        };
        let mut statement = self
            .connection
            .prepare(&format!(
                "SELECT id, at, action, round, table_no, deal, before, after, {columns}, {source} FROM history ORDER BY id"
            ))
            .map_err(self.db())?;
        let rows = statement
            .query_map([], |row| {
                let round: Option<u32> = row.get(3)?;
                let table: Option<u32> = row.get(4)?;
                let deal: Option<u32> = row.get(5)?;
                let before: Option<String> = row.get(6)?;
                let after: Option<String> = row.get(7)?;
                Ok(HistoryEntry {
                    id: row.get(0)?,
                    at: row.get(1)?,
                    action: row.get(2)?,
                    key: history_key(round, table, deal),
                    before: before.and_then(|t| serde_json::from_str(&t).ok()),
                    after: after.and_then(|t| serde_json::from_str(&t).ok()),
                    undoes: row.get(8)?,
                    redoes: row.get(9)?,
                    source: row.get(10)?,
                })
            })
            .map_err(self.db())?;
        rows.collect::<Result<Vec<_>, _>>().map_err(self.db())
    }

    /// Writes a consistent copy of the whole event to `to` with SQLite's backup API (safe while
    /// the event is open). An existing file at `to` is refused, unless `existing` allows
    /// replacing another Tourney event; a file that is not one, and the event file itself, are
    /// never replaced.
    pub fn save_copy(&self, to: &Path, existing: ExistingFile) -> Result<(), StoreError> {
        if to.exists() {
            if std::fs::canonicalize(to).ok() == std::fs::canonicalize(&self.path).ok() {
                return Err(StoreError::Refused {
                    what: to.display().to_string(),
                    why: "a copy cannot replace the event it is made from".into(),
                });
            }
            if existing == ExistingFile::Refuse {
                return Err(StoreError::Exists { path: to.into() });
            }
            check_header(to)?;
        }
        let db = database_error(to.into());
        write_whole_file(to, existing == ExistingFile::ReplaceTourneyEvent, |destination| {
            let backup = rusqlite::backup::Backup::new(&self.connection, destination).map_err(&db)?;
            backup
                .run_to_completion(256, std::time::Duration::from_millis(0), None)
                .map_err(&db)?;
            drop(backup);
            // A copy is a plain single file (no write-ahead log beside it).
            destination
                .pragma_update(None, "journal_mode", "DELETE")
                .map_err(&db)
                .map(drop)
        })
    }
}

/// Builds a whole database file beside `to` under a temporary name, created exclusively (a
/// planted link is never followed), and moves it into place only once `fill` has succeeded
/// and the file is closed: a full disk or any other failure leaves no half-made file (the
/// temporary file and any journal beside it are removed). `replace` lets the move replace an
/// existing file; otherwise a file that appeared meanwhile is kept and reported.
fn write_whole_file(
    to: &Path,
    replace: bool,
    fill: impl FnOnce(&mut Connection) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let io = |error: std::io::Error| match error.kind() {
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
            StoreError::ReadOnly { path: to.into() }
        }
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded => {
            StoreError::DiskFull { path: to.into() }
        }
        std::io::ErrorKind::NotFound => StoreError::NoFolder { path: to.into() },
        _ => StoreError::Io {
            path: to.into(),
            error,
        },
    };
    let temporary = crate::export_file::temporary_beside(to).map_err(io)?;
    let built = Connection::open_with_flags(
        temporary.path(),
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(database_error(to.into()))
    .and_then(|mut connection| {
        fill(&mut connection)?;
        connection
            .close()
            .map_err(|(_, error)| database_error(to.into())(error))
    });
    let journal = |suffix: &str| {
        let mut path = temporary.path().as_os_str().to_owned();
        path.push(suffix);
        PathBuf::from(path)
    };
    if let Err(error) = built {
        for suffix in ["-journal", "-wal", "-shm"] {
            let _ = std::fs::remove_file(journal(suffix));
        }
        return Err(error);
    }
    let moved = if replace {
        temporary.persist(to)
    } else {
        temporary.persist_noclobber(to)
    };
    match moved {
        Ok(_) => Ok(()),
        Err(error) if error.error.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(StoreError::Exists { path: to.into() })
        }
        Err(error) => Err(io(error.error)),
    }
}

/// What writing a copy may do with a file already at the target path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExistingFile {
    /// Leave it alone and say so.
    Refuse,
    /// Replace it, but only when it is another Tourney event (the organiser said `--force`).
    ReplaceTourneyEvent,
}

/// Refuses empty, non-SQLite and foreign files and returns the stored schema version, asking
/// SQLite (see [`crate::sqlite_head`]: a second plain handle on an open event would drop the
/// process's locks on it).
fn check_header(path: &Path) -> Result<i32, StoreError> {
    let not_tourney = |why: &str| StoreError::NotTourney {
        path: path.into(),
        why: why.into(),
    };
    match crate::sqlite_head::read(path) {
        Err(error) => Err(StoreError::Io {
            path: path.into(),
            error,
        }),
        Ok(Head::Empty) => Err(not_tourney("the file is empty")),
        Ok(Head::NotSqlite | Head::Truncated) => Err(not_tourney("it is not an SQLite database")),
        Ok(Head::Sqlite { application_id, .. }) if application_id != APPLICATION_ID => {
            Err(not_tourney("an SQLite database made by another program"))
        }
        Ok(Head::Sqlite { user_version, .. }) => Ok(user_version),
    }
}

/// Turns an SQLite failure into an error naming the file and saying what is true: read-only,
/// disk full, damaged, or else SQLite's own words. (A closure that does not borrow the event
/// file, so it can be used while a transaction holds the connection.)
/// The write transaction a change runs in, taken at once (IMMEDIATE: a second window cannot
/// slip a write in between the read and the write), and the error mapper for its statements.
fn write_transaction<'c>(
    connection: &'c mut Connection,
    path: &Path,
) -> Result<
    (
        rusqlite::Transaction<'c>,
        impl Fn(rusqlite::Error) -> StoreError + use<>,
    ),
    StoreError,
> {
    let db = database_error(path.to_path_buf());
    let tx = connection
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(&db)?;
    Ok((tx, db))
}

fn database_error(path: PathBuf) -> impl Fn(rusqlite::Error) -> StoreError {
    move |error| {
        let path = path.clone();
        match error.sqlite_error_code() {
            Some(ErrorCode::ReadOnly) => StoreError::ReadOnly { path },
            Some(ErrorCode::DiskFull) => StoreError::DiskFull { path },
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => StoreError::Corrupt {
                path,
                why: error.to_string(),
            },
            Some(ErrorCode::CannotOpen | ErrorCode::PermissionDenied) if not_writable(&path) => {
                StoreError::ReadOnly { path }
            }
            // SQLite says only "disk I/O error" when the shared-memory file or the log cannot
            // grow on a full disk.
            Some(ErrorCode::SystemIoFailure | ErrorCode::CannotOpen) if nearly_full(&path) => {
                StoreError::DiskFull { path }
            }
            _ => StoreError::Database { path, error },
        }
    }
}

/// Whether the file, or the folder it is (or would be) in, is marked read-only. SQLite cannot
/// open a file in write-ahead-log mode whose folder is read-only (its -shm and -wal files live
/// there), and says only "unable to open database file".
fn not_writable(path: &Path) -> bool {
    let read_only = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().readonly());
    let folder = match path.parent() {
        Some(parent) if parent.as_os_str().is_empty() => Path::new("."),
        Some(parent) => parent,
        None => Path::new("."),
    };
    read_only(path) || read_only(folder)
}

/// Whether the file system holding `path` has less room left than SQLite needs to open an
/// event (its 32 kB shared-memory file, a page of log): under 64 kB.
fn nearly_full(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let Ok(name) = std::ffi::CString::new(folder.as_os_str().as_bytes()) else {
            return false;
        };
        let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: a NUL-terminated path and a zeroed struct for the call to fill.
        if unsafe { libc::statvfs(name.as_ptr(), &mut stats) } != 0 {
            return false;
        }
        (stats.f_bavail as u128) * (stats.f_frsize as u128) < 64 * 1024
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// Whether opening failed because SQLite could not make or map the shared-memory file (or
/// open the file at all) in a folder or on a medium this user cannot write, or on a full disk.
fn cannot_share_memory(error: &StoreError) -> bool {
    match error {
        StoreError::ReadOnly { .. } | StoreError::DiskFull { .. } => true,
        StoreError::Database { error, .. } => matches!(
            error.sqlite_error_code(),
            Some(
                ErrorCode::CannotOpen
                    | ErrorCode::ReadOnly
                    | ErrorCode::SystemIoFailure
                    | ErrorCode::PermissionDenied
            )
        ),
        _ => false,
    }
}

/// Whether a write-ahead log with something in it lies beside the event (a write that did
/// not finish, or a writer still at work): then the file alone is not the whole event.
fn has_log(path: &Path) -> bool {
    let mut log = path.as_os_str().to_owned();
    log.push("-wal");
    std::fs::metadata(PathBuf::from(log)).is_ok_and(|m| m.len() > 0)
}

/// `file:PATH?immutable=1`, the path percent-encoded as SQLite's URI names want.
fn immutable_uri(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStrExt::as_bytes(absolute.as_os_str()).to_vec();
    // Windows: C:\Clubs\x.tourney is file:/C:/Clubs/x.tourney.
    #[cfg(not(unix))]
    let bytes = format!("/{}", absolute.to_string_lossy().replace('\\', "/")).into_bytes();
    let mut uri = String::from("file:");
    for byte in bytes {
        if byte.is_ascii_alphanumeric() || b"/-._~:".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// The file's schema version (SQLite's `user_version`).
fn user_version(connection: &Connection) -> rusqlite::Result<i32> {
    connection.pragma_query_value(None, "user_version", |row| row.get(0))
}

/// The event's settings, roster and schedule, each checked: the JSON must read back, the
/// scoring settings must be in range, and every seat must name an entrant of the schedule.
fn read_event(connection: &Connection, path: &Path) -> Result<Event, StoreError> {
    let (settings, roster, schedule, generated_for): (String, String, String, Option<String>) = connection
        .query_row(
            "SELECT settings, roster, schedule, generated_for FROM event WHERE id = 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )
        .map_err(|error| match error {
            rusqlite::Error::QueryReturnedNoRows => StoreError::Content {
                path: path.into(),
                why: "the file holds no event".into(),
            },
            error => database_error(path.into())(error),
        })?;
    let content = |why: String| StoreError::Content {
        path: path.into(),
        why,
    };
    let read_back = |what: &str, error: serde_json::Error| {
        content(format!("the stored {what} does not read back: {error}"))
    };
    let roster: crate::model::Roster = serde_json::from_str(&roster).map_err(|e| read_back("roster", e))?;
    let generated_for = match generated_for {
        Some(text) => serde_json::from_str(&text).map_err(|e| read_back("roster of the schedule", e))?,
        None => roster.clone(),
    };
    let mut settings: super::EventSettings =
        serde_json::from_str(&settings).map_err(|e| read_back("settings", e))?;
    settings
        .scoring
        .check()
        .map_err(|why| content(format!("the stored settings do not fit: {why}")))?;
    for (board, deal) in &settings.deals {
        crate::deals::deal_from_pbn(deal).map_err(|why| {
            content(format!(
                "the stored hand record of board {board} does not read: {why}"
            ))
        })?;
    }
    let schedule: crate::model::Schedule =
        serde_json::from_str(&schedule).map_err(|e| read_back("schedule", e))?;
    schedule_problem(&schedule).map_or(Ok(()), |why| Err(content(format!("the stored schedule {why}"))))?;
    super::teams_night::keep_four_teams_choice(&mut settings, &schedule);
    settings
        .scoring
        .fits(&schedule)
        .map_err(|why| content(format!("the stored settings do not fit the schedule: {why}")))?;
    Ok(Event {
        settings,
        roster,
        schedule,
        generated_for,
    })
}

/// The first seat or absence that names no entrant of the schedule, in words.
fn schedule_problem(schedule: &crate::model::Schedule) -> Option<String> {
    let n = schedule.entrants.len();
    schedule.rounds.iter().find_map(|round| {
        let seated = round
            .tables
            .iter()
            .flat_map(|t| t.seats.iter().map(move |s| (t.number, s.entrant)));
        let absent = round.absent.iter().map(|a| (0, a.entrant));
        seated
            .chain(absent)
            .find(|(_, e)| *e >= n)
            .map(|(table, entrant)| {
                format!(
                    "seats entrant {} in round {}{}, but has only {n} entrants",
                    entrant + 1,
                    round.number,
                    if table > 0 {
                        format!(" table {table}")
                    } else {
                        String::new()
                    }
                )
            })
    })
}

/// What an edit of the event row (`EventFile::change_event`) comes to: the new event and its
/// history line, or nothing to change; and what the caller is told.
struct Edit<T> {
    change: Option<(Event, String)>,
    answer: T,
}

impl<T> Edit<T> {
    fn changed(event: Event, action: String, answer: T) -> Edit<T> {
        Edit {
            change: Some((event, action)),
            answer,
        }
    }

    fn unchanged(answer: T) -> Edit<T> {
        Edit { change: None, answer }
    }
}

/// A stored result that does not fit the event (or does not read back): its row, its key
/// where the row has one, its stored text and why it does not fit.
#[derive(Debug, Clone, PartialEq)]
pub struct UnfitResult {
    /// SQLite's row id of the stored result.
    pub row: i64,
    /// Round, table and board, when the row has them in range.
    pub key: Option<ResultKey>,
    /// The stored value, as text.
    pub text: String,
    /// Why it does not fit, in words.
    pub why: String,
}

impl fmt::Display for UnfitResult {
    /// "round 6 table 5 board 9, N-S score 100: round 6 has no table 5 (…)"; the stored
    /// text itself when it does not read back as a result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = serde_json::from_str::<ResultValue>(&self.text)
            .map(|v| v.to_string())
            .unwrap_or_else(|_| format!("stored as {}", crate::text::printable(&self.text)));
        match self.key {
            Some(key) => write!(f, "{key}, {value}: {}", self.why),
            None => write!(f, "{value}: {}", self.why),
        }
    }
}

/// Why a result for `key`, worked out on `seen` (the event as a window or command last read
/// it), may not go into `stored`: the table was seated again, or plays other boards, since.
fn seated_since(seen: &Event, stored: &Event, key: ResultKey) -> Option<String> {
    let table = |event: &Event| {
        event
            .schedule
            .round(key.round)
            .and_then(|r| r.tables.iter().find(|t| t.number == key.table))
            .cloned()
    };
    let same = table(seen) == table(stored)
        && seen.deals_at(key.round, key.table) == stored.deals_at(key.round, key.table);
    (!same).then(|| {
        format!(
            "round {} table {} was changed meanwhile (by another window or command: a late arrival or a withdrawal); look at the table again and enter the result again",
            key.round, key.table
        )
    })
}

/// Every stored result that does not read back or does not fit `event`, in row order.
fn unfit_results(
    connection: &Connection,
    event: &Event,
    path: &Path,
) -> Result<Vec<UnfitResult>, StoreError> {
    sort_results(connection, event, path).map(|(_, unfit)| unfit)
}

/// Every stored result, sorted into those that fit `event` and those that do not (or do not
/// read back), in row order.
fn sort_results(
    connection: &Connection,
    event: &Event,
    path: &Path,
) -> Result<(Results, Vec<UnfitResult>), StoreError> {
    let db = database_error(path.into());
    let mut statement = connection
        .prepare("SELECT rowid, round, table_no, deal, CAST(value AS TEXT) FROM result ORDER BY rowid")
        .map_err(&db)?;
    let mut rows = statement.query([]).map_err(&db)?;
    let (mut fit, mut unfit) = (Results::new(), Vec::new());
    while let Some(row) = rows.next().map_err(&db)? {
        let id: i64 = row.get(0).map_err(&db)?;
        let number = |at: usize| {
            row.get::<_, Option<i64>>(at)
                .ok()
                .flatten()
                .and_then(|n| u32::try_from(n).ok())
        };
        let key = match (number(1), number(2), number(3)) {
            (Some(round), Some(table), Some(deal)) => Some(ResultKey { round, table, deal }),
            _ => None,
        };
        let text: String = row.get::<_, Option<String>>(4).ok().flatten().unwrap_or_default();
        let why = match key {
            None => "its round, table and board are not numbers".to_string(),
            Some(key) => match serde_json::from_str::<ResultValue>(&text) {
                Err(e) => format!("it does not read back: {e}"),
                Ok(value) => match event.check_result(key, &value) {
                    Ok(()) => {
                        fit.insert(key, value);
                        continue;
                    }
                    Err(why) => why,
                },
            },
        };
        unfit.push(UnfitResult {
            row: id,
            key,
            text,
            why,
        });
    }
    Ok((fit, unfit))
}

/// Every stored result, each read back and checked against the event with the rules of
/// entry ([`Event::check_result`]); the first that fails is reported with its row.
fn read_results(connection: &Connection, event: &Event, path: &Path) -> Result<Results, StoreError> {
    let db = database_error(path.into());
    let mut statement = connection
        .prepare_cached("SELECT round, table_no, deal, value FROM result ORDER BY round, table_no, deal")
        .map_err(&db)?;
    let mut rows = statement.query([]).map_err(&db)?;
    let mut results = Results::new();
    while let Some(row) = rows.next().map_err(&db)? {
        let (round, table, deal): (i64, i64, i64) = (
            row.get(0).map_err(&db)?,
            row.get(1).map_err(&db)?,
            row.get(2).map_err(&db)?,
        );
        let damaged = |why: String| StoreError::UnfitResult {
            path: path.into(),
            why,
        };
        let key = match (u32::try_from(round), u32::try_from(table), u32::try_from(deal)) {
            (Ok(round), Ok(table), Ok(deal)) => ResultKey { round, table, deal },
            _ => {
                return Err(damaged(format!(
                    "a result is stored for round {round}, table {table}, board {deal}, which are not round, table and board numbers"
                )));
            }
        };
        let text: String = row
            .get(3)
            .map_err(|_| damaged(format!("the result for {key} is not text")))?;
        let value: ResultValue = serde_json::from_str(&text)
            .map_err(|e| damaged(format!("the result for {key} does not read back: {e}")))?;
        event.check_result(key, &value).map_err(|why| {
            damaged(format!(
                "the result stored for {key} ({text}) does not fit the event: {why}"
            ))
        })?;
        results.insert(key, value);
    }
    Ok(results)
}

/// The stored JSON of one result, if there is one.
fn stored_value(connection: &Connection, key: ResultKey) -> rusqlite::Result<Option<String>> {
    connection
        .query_row(
            "SELECT value FROM result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
            params![key.round, key.table, key.deal],
            |row| row.get(0),
        )
        .optional()
}

fn set_durable(connection: &Connection) -> rusqlite::Result<()> {
    connection.busy_timeout(std::time::Duration::from_secs(5))?;
    if connection.is_readonly(rusqlite::MAIN_DB)? {
        // Read-only (asked for, or the file is write-protected): the journal stays as it is.
        return Ok(());
    }
    let mode: String = connection.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        // A file system without shared memory (some network drives): the rollback journal is
        // just as safe, only slower.
        connection.pragma_update(None, "journal_mode", "DELETE")?;
    }
    connection.pragma_update(None, "synchronous", "FULL")?;
    connection.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Brings a new file's schema from `from` up to date in one transaction.
fn migrate(connection: &mut Connection, from: i32) -> rusqlite::Result<()> {
    let tx = connection.transaction_with_behavior(TransactionBehavior::Exclusive)?;
    steps(&tx, from)?;
    tx.commit()
}

/// Runs the schema steps after `from`, inside the caller's transaction.
fn steps(connection: &Connection, from: i32) -> rusqlite::Result<()> {
    for (version, step) in MIGRATIONS.iter().enumerate().skip(from.max(0) as usize) {
        step(connection)?;
        connection.pragma_update(None, "user_version", version as i32 + 1)?;
    }
    Ok(())
}

/// The result a history line is about, from its round, table and board columns: none for a
/// line about the event (a roster change, a late arrival), board 0 where a result has none.
fn history_key(round: Option<u32>, table: Option<u32>, deal: Option<u32>) -> Option<ResultKey> {
    match (round, table) {
        (Some(round), Some(table)) => Some(ResultKey {
            round,
            table,
            deal: deal.unwrap_or(0),
        }),
        _ => None,
    }
}

/// Whether the history has the undo columns of format 3 (a file of format 2 opened read-only
/// is read as it is, without them).
fn has_undo_columns(connection: &Connection) -> rusqlite::Result<bool> {
    connection.query_row(
        "SELECT COUNT(*) = 3 FROM pragma_table_info('history') WHERE name IN ('reverse', 'undoes', 'redoes')",
        [],
        |row| row.get(0),
    )
}

fn has_source_column(connection: &Connection) -> rusqlite::Result<bool> {
    connection.query_row(
        "SELECT COUNT(*) = 1 FROM pragma_table_info('history') WHERE name = 'source'",
        [],
        |row| row.get(0),
    )
}

fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
}

fn json<T: serde::Serialize>(value: &T) -> String {
    // Our own plain data types (no maps with non-string keys) cannot fail to serialise.
    serde_json::to_string(value).expect("event data always serialises to JSON")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::create::{EventFormat, NewEvent, build_event};
    use crate::solver::Control;

    /// Issue 21, item 14: a full disk is named as such, and every result acknowledged before
    /// it is still there. The disk is "filled" with SQLite's `max_page_count`, which fails a
    /// write exactly as a full disk does (SQLITE_FULL).
    #[test]
    fn a_full_disk_is_named_and_nothing_acknowledged_is_lost() {
        let dir = std::env::temp_dir().join(format!("tourney-full-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("full.tourney");
        let _ = std::fs::remove_file(&path);
        let mut spec = NewEvent::new(
            "Full",
            EventFormat::WhistDrive,
            crate::model::Roster::numbered(40),
        );
        spec.options.rounds = Some(10);
        let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
        let mut file = EventFile::create(&path, &event).unwrap();
        let pages: i64 = file
            .connection
            .pragma_query_value(None, "page_count", |row| row.get(0))
            .unwrap();
        file.connection
            .pragma_update(None, "max_page_count", pages + 1)
            .unwrap();
        let mut saved = Vec::new();
        let mut refusal = None;
        'fill: for round in &event.schedule.rounds {
            for table in &round.tables {
                let key = ResultKey {
                    round: round.number,
                    table: table.number,
                    deal: 0,
                };
                match file.set_result(key, ResultValue::Tricks { ns: 7, ew: 6 }) {
                    Ok(_) => saved.push(key),
                    Err(error) => {
                        refusal = Some(error);
                        break 'fill;
                    }
                }
            }
        }
        let error = refusal.expect("the page limit is reached");
        assert_eq!(
            error.to_string(),
            format!(
                "{}: the disk is full: the change was not saved, nothing lost — free some space and try again",
                path.display()
            )
        );
        drop(file);
        let file = EventFile::open(&path).unwrap();
        let results = file.results().unwrap();
        assert!(!saved.is_empty());
        assert_eq!(results.keys().copied().collect::<Vec<_>>(), saved);
    }
}
