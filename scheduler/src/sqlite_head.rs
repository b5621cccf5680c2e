//! What an SQLite file says about itself (is it one, made by which program, which format),
//! read through SQLite rather than by opening the file a second time.
//!
//! Why: the locks SQLite relies on (POSIX record locks) belong to a process and a file, and
//! closing *any* handle on the file drops every lock the process holds on it, including those
//! of SQLite connections still open. A process that has an event open (the window, with its
//! server for the phones) and reads the file's first bytes with an ordinary handle loses its
//! locks; another program closing the file then believes itself the last user, folds the
//! write-ahead log into the file and deletes it, and the window's later writes go into a
//! deleted file. SQLite itself never closes a handle while another of its connections in the
//! process holds a lock, so asking SQLite is safe.

use rusqlite::{Connection, OpenFlags};
use std::io::Read;
use std::path::Path;

/// What a file's head says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Head {
    /// The file is empty.
    Empty,
    /// Not an SQLite database.
    NotSqlite,
    /// Starts as an SQLite database does but is too short to be one (under 100 bytes).
    Truncated,
    /// An SQLite database with this application id and user version.
    Sqlite {
        /// `PRAGMA application_id`: which program made it.
        application_id: i32,
        /// `PRAGMA user_version`: the program's format number.
        user_version: i32,
    },
}

/// Reads the head of the file at `path`: the system's error when it cannot be read at all
/// (missing, a folder, no permission).
pub fn read(path: &Path) -> std::io::Result<Head> {
    let metadata = std::fs::metadata(path)?;
    if metadata.is_dir() {
        return Err(std::io::Error::from(std::io::ErrorKind::IsADirectory));
    }
    if metadata.len() == 0 {
        return Ok(Head::Empty);
    }
    // A file SQLite cannot read (under 100 bytes, not a database, no permission, a
    // write-ahead log it cannot share in a folder it cannot write) is one no SQLite connection
    // of this process has open either: its first bytes are read as they are.
    if metadata.len() < 100 {
        return from_bytes(path);
    }
    through_sqlite(path).or_else(|_| from_bytes(path))
}

fn through_sqlite(path: &Path) -> rusqlite::Result<Head> {
    let connection = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let application_id = connection.pragma_query_value(None, "application_id", |row| row.get(0))?;
    let user_version = connection.pragma_query_value(None, "user_version", |row| row.get(0))?;
    Ok(Head::Sqlite {
        application_id,
        user_version,
    })
}

fn from_bytes(path: &Path) -> std::io::Result<Head> {
    let mut header = [0u8; 100];
    let mut file = std::fs::File::open(path)?;
    let mut read = 0;
    while read < header.len() {
        match file.read(&mut header[read..])? {
            0 => break,
            n => read += n,
        }
    }
    if !header.starts_with(b"SQLite format 3\0") {
        return Ok(Head::NotSqlite);
    }
    if read < 100 {
        return Ok(Head::Truncated);
    }
    let word = |at: usize| i32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]]);
    Ok(Head::Sqlite {
        application_id: word(68),
        user_version: word(60),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        std::fs::write(at("empty"), b"").unwrap();
        std::fs::write(at("short"), b"SQLite format 3\0 and no more").unwrap();
        std::fs::write(at("text"), "Name,Club\n".repeat(30)).unwrap();
        let database = at("db");
        let connection = Connection::open(&database).unwrap();
        connection.pragma_update(None, "application_id", 1234).unwrap();
        connection.pragma_update(None, "user_version", 7).unwrap();
        connection
            .execute_batch("CREATE TABLE t (x); PRAGMA journal_mode = WAL;")
            .unwrap();
        assert_eq!(read(&at("empty")).unwrap(), Head::Empty);
        assert_eq!(read(&at("short")).unwrap(), Head::Truncated);
        assert_eq!(read(&at("text")).unwrap(), Head::NotSqlite);
        // Read while the database is open in this process, in write-ahead-log mode.
        assert_eq!(
            read(&database).unwrap(),
            Head::Sqlite {
                application_id: 1234,
                user_version: 7
            }
        );
        assert!(read(dir.path()).is_err(), "a folder");
        assert!(read(&at("missing")).is_err());
        drop(connection);
    }
}
