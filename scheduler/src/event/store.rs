//! The event file: one SQLite database per event (`.tourney`). It holds the settings, roster
//! and schedule, every result, and a history of every change. Results are written one
//! transaction each, in WAL mode with `synchronous = FULL`, so a result is on disk before it
//! is acknowledged and a crash at any moment loses nothing that was acknowledged.
//!
//! Opening is careful: the SQLite header is read first (plain file read), so a file that is
//! not SQLite, belongs to another program, or comes from a newer Tourney is refused without
//! SQLite ever touching it; an integrity check follows before anything is written.

use super::{Event, ResultKey, ResultValue, Results};
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// "TRNY": marks the SQLite file as a Tourney event (SQLite's `application_id`).
pub const APPLICATION_ID: i32 = 0x5452_4E59;
/// The schema this build writes. Older files are migrated forward when opened.
pub const SCHEMA_VERSION: i32 = 2;

/// Schema steps: entry i takes a file from version i to i + 1.
const MIGRATIONS: &[&str] = &[
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
    "
    -- Version 2: the roster can be edited after the schedule is made, so the file keeps the
    -- roster the schedule was made for. Version 1 files never changed their roster.
    ALTER TABLE event ADD COLUMN generated_for TEXT;
    UPDATE event SET generated_for = roster;
",
];

#[derive(Debug)]
pub enum StoreError {
    /// The file could not be read or written at all.
    Io { path: PathBuf, error: std::io::Error },
    /// Not an SQLite database, or one made by another program.
    NotTourney { path: PathBuf, why: String },
    /// Made by a newer Tourney.
    TooNew { path: PathBuf, version: i32 },
    /// SQLite reports damage.
    Corrupt { path: PathBuf, why: String },
    /// Creating over an existing file.
    Exists { path: PathBuf },
    /// A result that does not fit the event.
    Invalid { key: ResultKey, why: String },
    /// A roster or schedule change that cannot be made (the reason says why).
    Refused { what: String, why: String },
    /// Any other database failure.
    Database { path: PathBuf, error: rusqlite::Error },
    /// The stored JSON does not read back (a damaged or hand-edited file).
    Content { path: PathBuf, why: String },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            StoreError::NotTourney { path, why } => write!(
                f,
                "{}: not a Tourney event file ({why}); it was not changed",
                path.display()
            ),
            StoreError::TooNew { path, version } => write!(
                f,
                "{}: this event file was written by a newer Tourney (file format {version}; this version reads up to {SCHEMA_VERSION}); update Tourney to open it — the file was not changed",
                path.display()
            ),
            StoreError::Corrupt { path, why } => write!(
                f,
                "{}: the event file is damaged ({why}); it was not changed — open a copy made with \"Save a copy\", or send the file for recovery",
                path.display()
            ),
            StoreError::Exists { path } => {
                write!(
                    f,
                    "{}: a file of that name exists already; choose another name",
                    path.display()
                )
            }
            StoreError::Invalid { key, why } => write!(f, "{key}: {why}"),
            StoreError::Refused { what, why } => write!(f, "{what} not changed: {why}"),
            StoreError::Database { path, error } => write!(f, "{}: {error}", path.display()),
            StoreError::Content { path, why } => write!(f, "{}: {why}", path.display()),
        }
    }
}

impl std::error::Error for StoreError {}

/// One line of the history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryEntry {
    pub id: i64,
    /// Local time, RFC 3339.
    pub at: String,
    pub action: String,
    pub key: Option<ResultKey>,
    pub before: Option<ResultValue>,
    pub after: Option<ResultValue>,
}

/// What `set_result` did.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// The history line written in the same transaction.
    pub history_id: i64,
    pub before: Option<ResultValue>,
}

/// An open event file.
pub struct EventFile {
    connection: Connection,
    path: PathBuf,
    event: Event,
}

impl EventFile {
    /// Creates a new event file; refuses to overwrite anything.
    pub fn create(path: &Path, event: &Event) -> Result<EventFile, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists { path: path.into() });
        }
        let db = |error| StoreError::Database {
            path: path.into(),
            error,
        };
        let mut connection = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(db)?;
        connection
            .pragma_update(None, "application_id", APPLICATION_ID)
            .map_err(db)?;
        migrate(&mut connection, 0).map_err(db)?;
        set_durable(&connection).map_err(db)?;
        let now = now();
        let tx = connection.transaction().map_err(db)?;
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
        .map_err(db)?;
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
        .map_err(db)?;
        tx.commit().map_err(db)?;
        Ok(EventFile {
            connection,
            path: path.into(),
            event: event.clone(),
        })
    }

    /// Opens an existing event file, migrating an older one. A file that is not a Tourney
    /// event, is damaged, or is from a newer version is refused unchanged.
    pub fn open(path: &Path) -> Result<EventFile, StoreError> {
        let version = check_header(path)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: path.into(),
                version,
            });
        }
        let db = |error| StoreError::Database {
            path: path.into(),
            error,
        };
        let corrupt = |error: rusqlite::Error| StoreError::Corrupt {
            path: path.into(),
            why: error.to_string(),
        };
        let mut connection = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(db)?;
        let check: String = connection
            .query_row("PRAGMA quick_check", [], |row| row.get(0))
            .map_err(corrupt)?;
        if check != "ok" {
            return Err(StoreError::Corrupt {
                path: path.into(),
                why: check,
            });
        }
        // The header may lag behind a write-ahead log; SQLite's own values are the truth.
        let application_id: i32 = connection
            .pragma_query_value(None, "application_id", |row| row.get(0))
            .map_err(corrupt)?;
        if application_id != APPLICATION_ID {
            return Err(StoreError::NotTourney {
                path: path.into(),
                why: "an SQLite database made by another program".into(),
            });
        }
        let version: i32 = connection
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(corrupt)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: path.into(),
                version,
            });
        }
        set_durable(&connection).map_err(db)?;
        if version < SCHEMA_VERSION {
            migrate(&mut connection, version).map_err(db)?;
        }
        let (settings, roster, schedule, generated_for): (String, String, String, Option<String>) =
            connection
                .query_row(
                    "SELECT settings, roster, schedule, generated_for FROM event WHERE id = 1",
                    [],
                    |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
                )
                .map_err(corrupt)?;
        let content = |what: &str, error: serde_json::Error| StoreError::Content {
            path: path.into(),
            why: format!("the stored {what} does not read back: {error}"),
        };
        let roster: crate::model::Roster = serde_json::from_str(&roster).map_err(|e| content("roster", e))?;
        let generated_for = match generated_for {
            Some(text) => serde_json::from_str(&text).map_err(|e| content("roster of the schedule", e))?,
            None => roster.clone(),
        };
        let event = Event {
            settings: serde_json::from_str(&settings).map_err(|e| content("settings", e))?,
            roster,
            schedule: serde_json::from_str(&schedule).map_err(|e| content("schedule", e))?,
            generated_for,
        };
        Ok(EventFile {
            connection,
            path: path.into(),
            event,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn event(&self) -> &Event {
        &self.event
    }

    fn db(&self) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
        move |error| StoreError::Database {
            path: self.path.clone(),
            error,
        }
    }

    /// Every result, read from the file.
    pub fn results(&self) -> Result<Results, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached("SELECT round, table_no, deal, value FROM result ORDER BY round, table_no, deal")
            .map_err(self.db())?;
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
            .map_err(self.db())?;
        let mut results = Results::new();
        for row in rows {
            let (key, text) = row.map_err(self.db())?;
            let value = serde_json::from_str(&text).map_err(|e| StoreError::Content {
                path: self.path.clone(),
                why: format!("the result for {key} does not read back: {e}"),
            })?;
            results.insert(key, value);
        }
        Ok(results)
    }

    /// Enters or corrects one result: checked against the event, then written with its history
    /// line in one transaction. When this returns `Ok` the result is on disk.
    pub fn set_result(&mut self, key: ResultKey, value: ResultValue) -> Result<Change, StoreError> {
        self.event
            .check_result(key, &value)
            .map_err(|why| StoreError::Invalid { key, why })?;
        let db = database_error(self.path.clone());
        let tx = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(&db)?;
        let before = stored_value(&tx, key).map_err(&db)?;
        let after = json(&value);
        let now = now();
        tx.execute(
            "INSERT INTO result (round, table_no, deal, value, entered_at) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (round, table_no, deal) DO UPDATE SET value = excluded.value, entered_at = excluded.entered_at",
            params![key.round, key.table, key.deal, after, now],
        )
        .map_err(&db)?;
        let action = if before.is_some() { "corrected" } else { "entered" };
        tx.execute(
            "INSERT INTO history (at, action, round, table_no, deal, before, after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![now, action, key.round, key.table, key.deal, before, after],
        )
        .map_err(&db)?;
        let history_id = tx.last_insert_rowid();
        tx.commit().map_err(&db)?;
        Ok(Change {
            history_id,
            before: before.and_then(|text| serde_json::from_str(&text).ok()),
        })
    }

    /// Removes a result (kept in the history). Returns whether there was one.
    pub fn clear_result(&mut self, key: ResultKey) -> Result<bool, StoreError> {
        let db = database_error(self.path.clone());
        let tx = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(&db)?;
        let before = stored_value(&tx, key).map_err(&db)?;
        if before.is_none() {
            return Ok(false);
        }
        tx.execute(
            "DELETE FROM result WHERE round = ?1 AND table_no = ?2 AND deal = ?3",
            params![key.round, key.table, key.deal],
        )
        .map_err(&db)?;
        tx.execute(
            "INSERT INTO history (at, action, round, table_no, deal, before) VALUES (?1, 'cleared', ?2, ?3, ?4, ?5)",
            params![now(), key.round, key.table, key.deal, before],
        )
        .map_err(&db)?;
        tx.commit().map_err(&db)?;
        Ok(true)
    }

    /// Replaces the roster (an edit in the window, or its undo). Renames carry over into the
    /// schedule; other changes that the schedule does not cover (players added or removed,
    /// couples, stationary seat, teams) are refused once results are entered, because the
    /// results belong to the schedule's tables. Written with its history line in one
    /// transaction. Returns the changes in words (empty when nothing changed).
    pub fn set_roster(&mut self, roster: crate::model::Roster) -> Result<Vec<String>, StoreError> {
        let refused = |why: String| StoreError::Refused {
            what: "roster".into(),
            why,
        };
        let problems = roster.problems();
        if !problems.is_empty() {
            return Err(refused(problems.join("; ")));
        }
        let changes = self.event.roster.describe_changes(&roster);
        if changes.is_empty() {
            return Ok(changes);
        }
        let affecting = self.event.roster.changes_affecting_schedule(&roster);
        let db = database_error(self.path.clone());
        let tx = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(&db)?;
        let results: i64 = tx
            .query_row("SELECT COUNT(*) FROM result", [], |row| row.get(0))
            .map_err(&db)?;
        if results > 0 && !affecting.is_empty() {
            return Err(refused(format!(
                "{} result(s) are entered for this schedule, so {} cannot change now (renames and contact details still can)",
                results,
                affecting.join(", ")
            )));
        }
        let renames = self.event.roster.renames(&roster);
        let mut schedule = self.event.schedule.clone();
        schedule.rename_entrants(&renames);
        let mut generated_for = self.event.generated_for.clone();
        for player in &mut generated_for.players {
            if let Some(now) = roster.player(player.id) {
                player.name = now.name.clone();
            }
        }
        tx.execute(
            "UPDATE event SET roster = ?1, schedule = ?2, generated_for = ?3 WHERE id = 1",
            params![json(&roster), json(&schedule), json(&generated_for)],
        )
        .map_err(&db)?;
        tx.execute(
            "INSERT INTO history (at, action) VALUES (?1, ?2)",
            params![now(), format!("roster: {}", changes.join("; "))],
        )
        .map_err(&db)?;
        tx.commit().map_err(&db)?;
        self.event.roster = roster;
        self.event.schedule = schedule;
        self.event.generated_for = generated_for;
        Ok(changes)
    }

    /// Replaces the schedule with one newly made for the current roster (after roster edits,
    /// or with other options). Refused once any result is entered: results belong to the
    /// tables of the schedule they were played on.
    pub fn replace_schedule(
        &mut self,
        generated: super::create::Generated,
        options: super::create::EventOptions,
    ) -> Result<(), StoreError> {
        let db = database_error(self.path.clone());
        let tx = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(&db)?;
        let results: i64 = tx
            .query_row("SELECT COUNT(*) FROM result", [], |row| row.get(0))
            .map_err(&db)?;
        if results > 0 {
            return Err(StoreError::Refused {
                what: "schedule".into(),
                why: format!(
                    "{results} result(s) are entered for the present schedule; remove them first, or start a new event"
                ),
            });
        }
        let mut settings = self.event.settings.clone();
        settings.scoring = options.scoring();
        settings.options = Some(options);
        tx.execute(
            "UPDATE event SET settings = ?1, roster = ?2, schedule = ?3, generated_for = ?2 WHERE id = 1",
            params![
                json(&settings),
                json(&generated.roster),
                json(&generated.schedule)
            ],
        )
        .map_err(&db)?;
        tx.execute(
            "INSERT INTO history (at, action) VALUES (?1, ?2)",
            params![
                now(),
                format!(
                    "schedule made again: {} entrants, {} rounds",
                    generated.schedule.entrants.len(),
                    generated.schedule.rounds.len()
                )
            ],
        )
        .map_err(&db)?;
        tx.commit().map_err(&db)?;
        self.event.settings = settings;
        self.event.generated_for = generated.roster.clone();
        self.event.roster = generated.roster;
        self.event.schedule = generated.schedule;
        Ok(())
    }

    /// Every change, oldest first.
    pub fn history(&self) -> Result<Vec<HistoryEntry>, StoreError> {
        let mut statement = self
            .connection
            .prepare("SELECT id, at, action, round, table_no, deal, before, after FROM history ORDER BY id")
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
                    key: match (round, table) {
                        (Some(round), Some(table)) => Some(ResultKey {
                            round,
                            table,
                            deal: deal.unwrap_or(0),
                        }),
                        _ => None,
                    },
                    before: before.and_then(|t| serde_json::from_str(&t).ok()),
                    after: after.and_then(|t| serde_json::from_str(&t).ok()),
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
        let db = |error| StoreError::Database {
            path: to.into(),
            error,
        };
        let mut destination = Connection::open(to).map_err(db)?;
        let backup = rusqlite::backup::Backup::new(&self.connection, &mut destination).map_err(db)?;
        backup
            .run_to_completion(256, std::time::Duration::from_millis(0), None)
            .map_err(db)?;
        drop(backup);
        // A copy is a plain single file (no write-ahead log beside it).
        destination
            .pragma_update(None, "journal_mode", "DELETE")
            .map_err(db)?;
        Ok(())
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

/// Reads the 100-byte SQLite header without SQLite: refuses non-SQLite and foreign files and
/// returns the stored schema version.
fn check_header(path: &Path) -> Result<i32, StoreError> {
    let mut file = std::fs::File::open(path).map_err(|error| StoreError::Io {
        path: path.into(),
        error,
    })?;
    let mut header = [0u8; 100];
    let mut read = 0;
    while read < header.len() {
        match file.read(&mut header[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(error) => {
                return Err(StoreError::Io {
                    path: path.into(),
                    error,
                });
            }
        }
    }
    if read == 0 {
        return Err(StoreError::NotTourney {
            path: path.into(),
            why: "the file is empty".into(),
        });
    }
    if read < 100 || &header[..16] != b"SQLite format 3\0" {
        return Err(StoreError::NotTourney {
            path: path.into(),
            why: "it is not an SQLite database".into(),
        });
    }
    let word = |at: usize| i32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]]);
    let application_id = word(68);
    if application_id != APPLICATION_ID {
        return Err(StoreError::NotTourney {
            path: path.into(),
            why: "an SQLite database made by another program".into(),
        });
    }
    Ok(word(60))
}

/// Turns an SQLite failure into an error naming the file (a closure that does not borrow the
/// event file, so it can be used while a transaction holds the connection).
fn database_error(path: PathBuf) -> impl Fn(rusqlite::Error) -> StoreError {
    move |error| StoreError::Database {
        path: path.clone(),
        error,
    }
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
    let mode: String = connection.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        // A file system without shared memory (some network drives): the rollback journal is
        // just as safe, only slower.
        connection.pragma_update(None, "journal_mode", "DELETE")?;
    }
    connection.pragma_update(None, "synchronous", "FULL")?;
    connection.pragma_update(None, "foreign_keys", "ON")?;
    connection.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(())
}

fn migrate(connection: &mut Connection, from: i32) -> rusqlite::Result<()> {
    let tx = connection.transaction_with_behavior(TransactionBehavior::Exclusive)?;
    for (version, step) in MIGRATIONS.iter().enumerate().skip(from.max(0) as usize) {
        tx.execute_batch(step)?;
        tx.pragma_update(None, "user_version", version as i32 + 1)?;
    }
    tx.commit()
}

fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
}

fn json<T: serde::Serialize>(value: &T) -> String {
    // Our own plain data types (no maps with non-string keys) cannot fail to serialise.
    serde_json::to_string(value).expect("event data always serialises to JSON")
}
