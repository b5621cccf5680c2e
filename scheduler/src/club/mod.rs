//! The club's own file: its member list (each member's name, member or national number —
//! EBU, ACBL, FIDE or any federation's ID — and an optional e-mail address and phone) and the
//! club's settings (its name and its federation ID), kept in one SQLite file beside the
//! events (`club.sqlite` in the app's data folder unless another is given) and backed up like
//! them. The list is imported from the club's CSV ([`import`]), edited in the window or on the
//! command line, and searched as the organiser types a roster ([`search`]).
//!
//! The file is opened as an event file is: its header is read first, so a file that is not
//! SQLite, belongs to another program (an event file among them) or comes from a newer
//! Tourney is refused unchanged; then an integrity check, write-ahead logging with
//! `synchronous = FULL`, and a busy timeout so two windows or a window and a command wait for
//! each other. Every change is one write transaction (`BEGIN IMMEDIATE`) checked against the
//! list as stored, not as this handle last read it: a number another writer gave meanwhile
//! is refused, not overwritten.

mod import;
mod search;

pub use import::{
    ImportReport, ImportedRow, MemberImport, ReadRow, RowOutcome, read_members_bytes, read_members_file,
};
pub use search::{name_key, search, search_key};

use crate::sqlite_head::Head;
use crate::text::screen_line;
use rusqlite::{
    Connection, ErrorCode, OpenFlags, OptionalExtension, Transaction, TransactionBehavior, params,
};
use std::path::{Path, PathBuf};

/// "TRCL": marks the SQLite file as a Tourney club file (SQLite's `application_id`); an
/// event file ("TRNY") is not a club file, nor the other way round.
pub const APPLICATION_ID: i32 = 0x5452_434C;

/// "TRNY", the mark of an event file (the event store's own `APPLICATION_ID`), so an event
/// opened as the club file is named as such.
const EVENT_APPLICATION_ID: i32 = 0x5452_4E59;

/// The club file's format number (SQLite's `user_version`) this build writes and reads.
pub const CLUB_FORMAT: i32 = 1;

/// The club file's usual name in the app's data folder.
pub const DEFAULT_FILE_NAME: &str = "club.sqlite";

/// Why the club file could not be read or changed. Every message names the file (or what
/// was refused) and says what is true, and that nothing was changed or lost.
#[derive(Debug, thiserror::Error)]
pub enum ClubError {
    /// The file could not be read or written at all.
    #[error("{}: {error}", path.display())]
    Io {
        /// The club file.
        path: PathBuf,
        /// The system's own error.
        error: std::io::Error,
    },
    /// Not an SQLite database, or one made by another program (an event file among them).
    #[error("{}: not a Tourney club file ({why}); it was not changed", path.display())]
    NotClub {
        /// The club file.
        path: PathBuf,
        /// Why, in words.
        why: String,
    },
    /// Written by a newer Tourney.
    #[error(
        "{}: this club file was written by a newer Tourney (file format {version}; this version reads up to {CLUB_FORMAT}); update Tourney to open it — the file was not changed",
        path.display()
    )]
    TooNew {
        /// The club file.
        path: PathBuf,
        /// The file's format number.
        version: i32,
    },
    /// SQLite reports damage.
    #[error(
        "{}: the club file is damaged ({why}); it was not changed — use a backup copy, or import the member list again into a new file",
        path.display()
    )]
    Corrupt {
        /// The club file.
        path: PathBuf,
        /// Why, in words.
        why: String,
    },
    /// Creating over an existing file.
    #[error("{}: a file of that name exists already; choose another name", path.display())]
    Exists {
        /// The file that is there.
        path: PathBuf,
    },
    /// The file or its folder cannot be written.
    #[error("{} is read-only (the file or its folder): nothing was changed, nothing lost", path.display())]
    ReadOnly {
        /// The club file.
        path: PathBuf,
    },
    /// The disk (or the user's quota) is full.
    #[error(
        "{}: the disk is full: the change was not saved, nothing lost — free some space and try again",
        path.display()
    )]
    DiskFull {
        /// The club file.
        path: PathBuf,
    },
    /// Any other database failure.
    #[error("{}: {error}", path.display())]
    Database {
        /// The club file.
        path: PathBuf,
        /// SQLite's own error.
        error: rusqlite::Error,
    },
    /// A change that cannot be made: a field that does not fit, a number that is taken, a
    /// member removed meanwhile (the reason says which).
    #[error("{what} not changed: {why}")]
    Refused {
        /// What was to change ("the member list", "the club's details").
        what: String,
        /// Why, in words.
        why: String,
    },
}

/// One member of the club as the club file keeps them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClubMember {
    /// The member's row in the club file: stable across renames and renumbering.
    pub id: i64,
    /// As the club writes it ("Jane Smith").
    pub name: String,
    /// The member or national number (EBU, ACBL, FIDE …), as text: leading zeros and
    /// letters matter. Unique in the file (ignoring ASCII case); `None` for a member without.
    pub number: Option<String>,
    /// A contact address.
    pub email: Option<String>,
    /// A contact phone number, as written.
    pub phone: Option<String>,
}

impl ClubMember {
    /// The member's fields, to edit and give back to [`ClubFile::update`].
    pub fn fields(&self) -> MemberFields {
        MemberFields {
            name: self.name.clone(),
            number: self.number.clone(),
            email: self.email.clone(),
            phone: self.phone.clone(),
        }
    }

    /// The member as an event's roster keeps a player of a pair: name and number.
    pub fn as_member(&self) -> crate::model::Member {
        crate::model::Member {
            name: self.name.clone(),
            number: self.number.clone(),
        }
    }

    /// "Jane Smith (12345)", or the name alone for a member without a number.
    pub fn label(&self) -> String {
        match &self.number {
            Some(number) => format!("{} ({number})", self.name),
            None => self.name.clone(),
        }
    }
}

/// A member's fields as typed or imported, before they are stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemberFields {
    /// The name (required).
    pub name: String,
    /// The member or national number, if any.
    pub number: Option<String>,
    /// The e-mail address, if any.
    pub email: Option<String>,
    /// The phone number, if any.
    pub phone: Option<String>,
}

/// Which field of a member a problem is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The name.
    Name,
    /// The member or national number.
    Number,
    /// The e-mail address.
    Email,
    /// The phone number.
    Phone,
}

impl Field {
    /// The field in words, for a sentence ("the e-mail address").
    pub fn describe(self) -> &'static str {
        match self {
            Field::Name => "the name",
            Field::Number => "the number",
            Field::Email => "the e-mail address",
            Field::Phone => "the phone number",
        }
    }
}

/// Why a field cannot be stored as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldProblem {
    /// The field concerned.
    pub field: Field,
    /// Why, in a sentence.
    pub why: String,
}

impl MemberFields {
    /// A member called `name`, without number or contact details.
    pub fn new(name: impl Into<String>) -> MemberFields {
        MemberFields {
            name: name.into(),
            ..MemberFields::default()
        }
    }

    /// The fields as they are stored: spaces trimmed and runs of spaces made one, empty
    /// fields none. Refused (naming the field) when the name is empty, when a field holds a
    /// character that cannot be shown, when the number was mangled by a spreadsheet
    /// ("1.23E+11") or holds a line break, when an e-mail address has no `@` or a phone number
    /// no digit.
    pub fn checked(&self) -> Result<MemberFields, FieldProblem> {
        let problem = |field: Field, why: String| FieldProblem { field, why };
        let tidy = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let optional = |text: &Option<String>| text.as_deref().map(tidy).filter(|t| !t.is_empty());
        // Control characters are screened before tidying (tidying would hide a tab or a
        // line break as a space).
        for (field, text) in [
            (Field::Name, Some(self.name.as_str())),
            (Field::Number, self.number.as_deref()),
            (Field::Email, self.email.as_deref()),
            (Field::Phone, self.phone.as_deref()),
        ] {
            if let Some(text) = text {
                screen_line(field.describe(), text.trim()).map_err(|why| problem(field, why))?;
            }
        }
        let name = tidy(&self.name);
        if name.is_empty() {
            return Err(problem(Field::Name, "the name is empty".into()));
        }
        let number = optional(&self.number);
        if let Some(why) = number.as_deref().and_then(crate::roster_cells::number_problem) {
            return Err(problem(Field::Number, why));
        }
        let email = optional(&self.email);
        if let Some(email) = &email
            && (!email.contains('@') || email.contains(' '))
        {
            return Err(problem(
                Field::Email,
                format!("\"{email}\" is not an e-mail address (it needs an @ and no spaces)"),
            ));
        }
        let phone = optional(&self.phone);
        if let Some(phone) = &phone
            && !phone.chars().any(|c| c.is_ascii_digit())
        {
            return Err(problem(
                Field::Phone,
                format!("\"{phone}\" is not a phone number (it has no digit)"),
            ));
        }
        Ok(MemberFields {
            name,
            number,
            email,
            phone,
        })
    }
}

/// The club's own settings, kept in the club file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClubSettings {
    /// The club's name, as it heads the sheets.
    pub name: Option<String>,
    /// The club's ID at its federation (the EBU's club number, USEBIO's `CLUB_ID_NUMBER`).
    pub club_id: Option<String>,
}

impl ClubSettings {
    /// The settings as they are stored: trimmed, empty ones none; refused when one holds a
    /// character that cannot be shown.
    pub fn checked(&self) -> Result<ClubSettings, String> {
        let field = |what: &str, text: &Option<String>| -> Result<Option<String>, String> {
            match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                Some(text) => {
                    screen_line(what, text)?;
                    Ok(Some(text.split_whitespace().collect::<Vec<_>>().join(" ")))
                }
                None => Ok(None),
            }
        };
        Ok(ClubSettings {
            name: field("the club's name", &self.name)?,
            club_id: field("the club's ID", &self.club_id)?,
        })
    }
}

/// An open club file.
pub struct ClubFile {
    connection: Connection,
    path: PathBuf,
    /// SQLite's count of commits by other connections when this handle last asked (see
    /// [`ClubFile::changed_elsewhere`]).
    data_version: i64,
}

/// What the changes are refused as.
const MEMBER_LIST: &str = "the member list";

impl ClubFile {
    /// Creates a new, empty club file; refuses to overwrite anything. The file is built
    /// beside its place and moved there whole, so it never exists half-made.
    pub fn create(path: &Path) -> Result<ClubFile, ClubError> {
        if path.exists() {
            return Err(ClubError::Exists { path: path.into() });
        }
        build_new_file(path)?;
        ClubFile::open(path)
    }

    /// Opens the club file at `path`, creating it (and its folder) when there is none yet:
    /// what the window and the command line do with the club file in the app's data folder.
    /// Two that create it at once end up sharing the one file.
    pub fn open_or_create(path: &Path) -> Result<ClubFile, ClubError> {
        if path.exists() {
            return ClubFile::open(path);
        }
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|error| io_error(path, error))?;
        }
        match ClubFile::create(path) {
            Err(ClubError::Exists { .. }) => ClubFile::open(path),
            made => made,
        }
    }

    /// Opens an existing club file. A file that is not one, is damaged, or comes from a newer
    /// Tourney is refused unchanged; a write-protected one opens for reading, and every change
    /// is then refused as read-only.
    pub fn open(path: &Path) -> Result<ClubFile, ClubError> {
        let version = check_header(path)?;
        if version > CLUB_FORMAT {
            return Err(ClubError::TooNew {
                path: path.into(),
                version,
            });
        }
        let db = database_error(path.into());
        let connection = match Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(&db)
        {
            Err(ClubError::ReadOnly { .. }) => Connection::open_with_flags(
                path,
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )
            .map_err(&db)?,
            opened => opened?,
        };
        let check: String = connection
            .query_row("PRAGMA quick_check", [], |row| row.get(0))
            .map_err(&db)?;
        if check != "ok" {
            return Err(ClubError::Corrupt {
                path: path.into(),
                why: check,
            });
        }
        // The header may lag behind a write-ahead log; SQLite's own values are the truth.
        let application_id: i32 = connection
            .pragma_query_value(None, "application_id", |row| row.get(0))
            .map_err(&db)?;
        let version: i32 = connection
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(&db)?;
        if application_id != APPLICATION_ID || version < 1 {
            return Err(not_club(path, "an SQLite database made by another program"));
        }
        if version > CLUB_FORMAT {
            return Err(ClubError::TooNew {
                path: path.into(),
                version,
            });
        }
        set_durable(&connection).map_err(&db)?;
        let data_version = connection
            .pragma_query_value(None, "data_version", |row| row.get(0))
            .map_err(&db)?;
        Ok(ClubFile {
            connection,
            path: path.into(),
            data_version,
        })
    }

    /// Where the club file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether another handle (another window, a command) changed the file since this one
    /// last asked: a cheap question to SQLite, for a window to read the list again.
    pub fn changed_elsewhere(&mut self) -> Result<bool, ClubError> {
        let now: i64 = self
            .connection
            .pragma_query_value(None, "data_version", |row| row.get(0))
            .map_err(database_error(self.path.clone()))?;
        let changed = now != self.data_version;
        self.data_version = now;
        Ok(changed)
    }

    /// Every member, by name (ignoring case and accents), then by number.
    pub fn members(&self) -> Result<Vec<ClubMember>, ClubError> {
        let mut members = read_members(&self.connection).map_err(database_error(self.path.clone()))?;
        sort_members(&mut members);
        Ok(members)
    }

    /// The members whose name or number `query` finds (see [`search`]), best first.
    pub fn search(&self, query: &str) -> Result<Vec<ClubMember>, ClubError> {
        let members = self.members()?;
        Ok(search(&members, query).into_iter().cloned().collect())
    }

    /// The member with `number` (ignoring ASCII case), if there is one.
    pub fn find_number(&self, number: &str) -> Result<Option<ClubMember>, ClubError> {
        member_by_number(&self.connection, number.trim()).map_err(database_error(self.path.clone()))
    }

    /// Adds a member. Refused when a field does not fit (see [`MemberFields::checked`]) or
    /// the number belongs to a member already.
    pub fn add(&mut self, fields: &MemberFields) -> Result<ClubMember, ClubError> {
        let fields = fields.checked().map_err(refused_field)?;
        self.write(|tx, db| {
            if let Some(number) = &fields.number
                && let Some(holder) = member_by_number(tx, number).map_err(db)?
            {
                return Err(number_taken(number, &holder));
            }
            let id = insert_member(tx, &fields).map_err(db)?;
            Ok(stored(id, fields))
        })
    }

    /// Changes the member `id` to `fields`. Refused when a field does not fit, the number
    /// belongs to another member, or the member was removed meanwhile (in another window or
    /// by a command).
    pub fn update(&mut self, id: i64, fields: &MemberFields) -> Result<ClubMember, ClubError> {
        let fields = fields.checked().map_err(refused_field)?;
        self.write(|tx, db| {
            if member_by_id(tx, id).map_err(db)?.is_none() {
                return Err(removed_meanwhile());
            }
            if let Some(number) = &fields.number
                && let Some(holder) = member_by_number(tx, number).map_err(db)?
                && holder.id != id
            {
                return Err(number_taken(number, &holder));
            }
            update_member(tx, id, &fields).map_err(db)?;
            Ok(stored(id, fields))
        })
    }

    /// Removes the member `id`; returns them as they were. Refused when they were removed
    /// meanwhile.
    pub fn remove(&mut self, id: i64) -> Result<ClubMember, ClubError> {
        self.write(|tx, db| {
            let member = member_by_id(tx, id).map_err(db)?.ok_or_else(removed_meanwhile)?;
            tx.execute("DELETE FROM member WHERE id = ?1", [id]).map_err(db)?;
            Ok(member)
        })
    }

    /// Removes the member with `number` (ignoring ASCII case); returns them as they were.
    pub fn remove_number(&mut self, number: &str) -> Result<ClubMember, ClubError> {
        let number = number.trim().to_owned();
        self.write(|tx, db| {
            let member = member_by_number(tx, &number)
                .map_err(db)?
                .ok_or_else(|| refused(MEMBER_LIST, format!("no member has the number {number}")))?;
            tx.execute("DELETE FROM member WHERE id = ?1", [member.id])
                .map_err(db)?;
            Ok(member)
        })
    }

    /// The club's name and federation ID.
    pub fn settings(&self) -> Result<ClubSettings, ClubError> {
        self.connection
            .query_row("SELECT name, club_id FROM club WHERE id = 1", [], |row| {
                Ok(ClubSettings {
                    name: row.get(0)?,
                    club_id: row.get(1)?,
                })
            })
            .optional()
            .map(Option::unwrap_or_default)
            .map_err(database_error(self.path.clone()))
    }

    /// Keeps the club's name and federation ID (tidied: see [`ClubSettings::checked`]);
    /// returns them as stored.
    pub fn set_settings(&mut self, settings: &ClubSettings) -> Result<ClubSettings, ClubError> {
        let settings = settings
            .checked()
            .map_err(|why| refused("the club's details", why))?;
        self.write(|tx, db| {
            tx.execute(
                "INSERT INTO club (id, name, club_id) VALUES (1, ?1, ?2)
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name, club_id = excluded.club_id",
                params![settings.name, settings.club_id],
            )
            .map_err(db)?;
            Ok(settings.clone())
        })
    }

    /// Reads the member list in the CSV file at `path` and brings it into the file (see
    /// [`ClubFile::import`]). A file that cannot be read is told in the report's problems.
    pub fn import_file(&mut self, path: &Path) -> Result<ImportReport, ClubError> {
        let read = read_members_file(path);
        self.import(&read)
    }

    /// Brings the rows read from a CSV into the file, in one write transaction: a row whose
    /// number is in the list updates that member (the fields it gives; an empty cell keeps
    /// what is stored), so does a row naming the one member without a number of that name;
    /// any other row is added. Rows that cannot be read, and rows giving one number to two
    /// different people, are skipped. Every row is in the report, with what was done and,
    /// for a skipped one, why.
    pub fn import(&mut self, read: &MemberImport) -> Result<ImportReport, ClubError> {
        self.write(|tx, db| import::apply(tx, read).map_err(db))
    }

    /// Runs `change` in one write transaction, taken at once (IMMEDIATE: another writer
    /// cannot slip in between what it reads and what it writes), committed when it succeeds.
    fn write<T>(
        &mut self,
        change: impl FnOnce(&Transaction, &dyn Fn(rusqlite::Error) -> ClubError) -> Result<T, ClubError>,
    ) -> Result<T, ClubError> {
        let db = database_error(self.path.clone());
        let tx = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(&db)?;
        let answer = change(&tx, &db)?;
        tx.commit().map_err(&db)?;
        Ok(answer)
    }
}

fn stored(id: i64, fields: MemberFields) -> ClubMember {
    ClubMember {
        id,
        name: fields.name,
        number: fields.number,
        email: fields.email,
        phone: fields.phone,
    }
}

fn refused(what: &str, why: String) -> ClubError {
    ClubError::Refused {
        what: what.into(),
        why,
    }
}

fn refused_field(problem: FieldProblem) -> ClubError {
    refused(MEMBER_LIST, problem.why)
}

fn number_taken(number: &str, holder: &ClubMember) -> ClubError {
    refused(
        MEMBER_LIST,
        format!("the number {number} belongs to {} already", holder.name),
    )
}

fn removed_meanwhile() -> ClubError {
    refused(
        MEMBER_LIST,
        "that member is no longer in the list (removed in another window or by a command)".into(),
    )
}

fn not_club(path: &Path, why: &str) -> ClubError {
    ClubError::NotClub {
        path: path.into(),
        why: why.into(),
    }
}

fn io_error(path: &Path, error: std::io::Error) -> ClubError {
    match error.kind() {
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
            ClubError::ReadOnly { path: path.into() }
        }
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded => {
            ClubError::DiskFull { path: path.into() }
        }
        _ => ClubError::Io {
            path: path.into(),
            error,
        },
    }
}

/// Version 1: the club's settings (one row) and its members.
const SCHEMA: &str = "
    CREATE TABLE club (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT,
        club_id TEXT
    );
    INSERT INTO club (id) VALUES (1);
    CREATE TABLE member (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL CHECK (length(trim(name)) > 0),
        number TEXT UNIQUE COLLATE NOCASE,
        email TEXT,
        phone TEXT,
        changed_at TEXT NOT NULL
    );
";

/// Builds an empty club file beside `path` and moves it there, refusing to replace a file
/// that appeared meanwhile.
fn build_new_file(path: &Path) -> Result<(), ClubError> {
    let temporary = crate::export_file::temporary_beside(path).map_err(|e| io_error(path, e))?;
    let db = database_error(path.into());
    let built = Connection::open_with_flags(
        temporary.path(),
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .and_then(|mut connection| {
        connection.pragma_update(None, "application_id", APPLICATION_ID)?;
        let tx = connection.transaction_with_behavior(TransactionBehavior::Exclusive)?;
        tx.execute_batch(SCHEMA)?;
        tx.pragma_update(None, "user_version", CLUB_FORMAT)?;
        tx.commit()?;
        connection.close().map_err(|(_, error)| error)
    })
    .map_err(&db);
    if let Err(error) = built {
        let mut journal = temporary.path().as_os_str().to_owned();
        journal.push("-journal");
        let _ = std::fs::remove_file(PathBuf::from(journal));
        return Err(error);
    }
    match temporary.persist_noclobber(path) {
        Ok(_) => Ok(()),
        Err(error) if error.error.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(ClubError::Exists { path: path.into() })
        }
        Err(error) => Err(io_error(path, error.error)),
    }
}

/// Refuses empty, non-SQLite and foreign files and returns the stored format number, asking
/// SQLite (see [`crate::sqlite_head`]: a second plain handle on an open file would drop the
/// process's locks on it).
fn check_header(path: &Path) -> Result<i32, ClubError> {
    match crate::sqlite_head::read(path).map_err(|error| io_error(path, error))? {
        Head::Empty => Err(not_club(path, "the file is empty")),
        Head::NotSqlite | Head::Truncated => Err(not_club(path, "it is not an SQLite database")),
        Head::Sqlite {
            application_id: APPLICATION_ID,
            user_version,
        } => Ok(user_version),
        Head::Sqlite {
            application_id: EVENT_APPLICATION_ID,
            ..
        } => Err(not_club(path, "it is an event file")),
        Head::Sqlite { .. } => Err(not_club(path, "an SQLite database made by another program")),
    }
}

/// Turns an SQLite failure into an error naming the file and saying what is true.
fn database_error(path: PathBuf) -> impl Fn(rusqlite::Error) -> ClubError {
    move |error| {
        let path = path.clone();
        match error.sqlite_error_code() {
            Some(ErrorCode::ReadOnly) => ClubError::ReadOnly { path },
            Some(ErrorCode::DiskFull) => ClubError::DiskFull { path },
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => ClubError::Corrupt {
                path,
                why: error.to_string(),
            },
            Some(ErrorCode::CannotOpen | ErrorCode::PermissionDenied) if not_writable(&path) => {
                ClubError::ReadOnly { path }
            }
            _ => ClubError::Database { path, error },
        }
    }
}

/// Whether the file, or the folder it is in, is marked read-only.
fn not_writable(path: &Path) -> bool {
    let read_only = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().readonly());
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    read_only(path) || read_only(folder)
}

/// Write-ahead logging (the rollback journal where the file system has no shared memory),
/// every commit on disk before it is acknowledged, and a wait for another writer.
fn set_durable(connection: &Connection) -> rusqlite::Result<()> {
    connection.busy_timeout(std::time::Duration::from_secs(5))?;
    if connection.is_readonly(rusqlite::MAIN_DB)? {
        return Ok(());
    }
    let mode: String = connection.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        connection.pragma_update(None, "journal_mode", "DELETE")?;
    }
    connection.pragma_update(None, "synchronous", "FULL")
}

fn now() -> String {
    chrono::Local::now().to_rfc3339()
}

const MEMBER_COLUMNS: &str = "id, name, number, email, phone";

fn member_from_row(row: &rusqlite::Row) -> rusqlite::Result<ClubMember> {
    Ok(ClubMember {
        id: row.get(0)?,
        name: row.get(1)?,
        number: row.get(2)?,
        email: row.get(3)?,
        phone: row.get(4)?,
    })
}

fn read_members(connection: &Connection) -> rusqlite::Result<Vec<ClubMember>> {
    let mut statement = connection.prepare(&format!("SELECT {MEMBER_COLUMNS} FROM member"))?;
    statement.query_map([], member_from_row)?.collect()
}

/// The list's order: by name as a reader compares names (case and accents aside), then
/// by number, then as added.
fn sort_members(members: &mut [ClubMember]) {
    members.sort_by_cached_key(|m| (search_key(&m.name), m.number.clone(), m.id));
}

fn member_by_id(connection: &Connection, id: i64) -> rusqlite::Result<Option<ClubMember>> {
    connection
        .query_row(
            &format!("SELECT {MEMBER_COLUMNS} FROM member WHERE id = ?1"),
            [id],
            member_from_row,
        )
        .optional()
}

/// The member with `number`, ignoring ASCII case (the column's collation).
fn member_by_number(connection: &Connection, number: &str) -> rusqlite::Result<Option<ClubMember>> {
    connection
        .query_row(
            &format!("SELECT {MEMBER_COLUMNS} FROM member WHERE number = ?1"),
            [number],
            member_from_row,
        )
        .optional()
}

fn insert_member(connection: &Connection, fields: &MemberFields) -> rusqlite::Result<i64> {
    connection.execute(
        "INSERT INTO member (name, number, email, phone, changed_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![fields.name, fields.number, fields.email, fields.phone, now()],
    )?;
    Ok(connection.last_insert_rowid())
}

fn update_member(connection: &Connection, id: i64, fields: &MemberFields) -> rusqlite::Result<()> {
    connection.execute(
        "UPDATE member SET name = ?1, number = ?2, email = ?3, phone = ?4, changed_at = ?5 WHERE id = ?6",
        params![fields.name, fields.number, fields.email, fields.phone, now(), id],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests;
