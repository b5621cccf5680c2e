//! Writing an export (CSV, PDF, JSON, a starter table) without ever destroying something: the
//! bytes go to a new temporary file in the target folder, created exclusively (an existing
//! name or a planted symlink makes the creation fail, never followed), and are renamed over
//! the target only once complete. A failed write removes its temporary file. A Tourney event
//! file and the file the command reads are never replaced; any other existing file only when
//! the caller says so.

use std::io::Write;
use std::path::{Path, PathBuf};

/// What to do when the target exists already (and is not an event or an input).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Leave it alone and say so (the command line without `--force`).
    Refuse,
    /// Replace it (`--force`, or a save dialog that asked already).
    Replace,
}

/// Why nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The target exists and `Existing::Refuse` was asked.
    #[error("{}: the file exists already; it was left as it is", .0.display())]
    Exists(PathBuf),
    /// The target is a Tourney event file (or another SQLite database).
    #[error(
        "{}: that is a Tourney event file (or another database); an export never replaces one, so nothing was written — choose another name",
        .0.display()
    )]
    IsEvent(PathBuf),
    /// The target is an event file's write-ahead log, shared-memory index or journal: part
    /// of the event, never replaced whatever the caller says.
    #[error(
        "{}: that is part of a Tourney event file (its write-ahead log or journal); an export never replaces one, even with --force, so nothing was written — choose another name",
        .0.display()
    )]
    IsEventJournal(PathBuf),
    /// The target is a link to a device, pipe or socket (not a system stream name such as
    /// `/dev/stdout`), or is a disk or a socket itself.
    #[error("{}: that is {}, not a file; an export writes only to files, so nothing was written", .0.display(), .1)]
    NotRegular(PathBuf, &'static str),
    /// The target is a named pipe that no program is reading: writing would wait for ever.
    #[error("{}: that is a named pipe (FIFO) that no program is reading; nothing was written", .0.display())]
    NoReader(PathBuf),
    /// The target is the file the command reads.
    #[error("{}: that is the file this command reads; write the export to another file (nothing was written)", .0.display())]
    IsInput(PathBuf),
    /// The target is a folder, or has no file name.
    #[error("{}: not a file name (a folder?); nothing was written", .0.display())]
    NotAFile(PathBuf),
    /// The system refused: read-only, disk full, missing folder…
    #[error("{}: {}; nothing was written", path.display(), describe_io(error))]
    Io {
        /// The file that could not be written.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
}

/// An input/output error in words an organiser can act on.
pub fn describe_io(error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => {
            "the file or its folder is read-only (or belongs to someone else)".to_owned()
        }
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => "the disk is full".to_owned(),
        ErrorKind::NotFound => "its folder does not exist".to_owned(),
        _ => error.to_string(),
    }
}

/// Why a file could not be read, in the same words on every system (the systems' own wording
/// differs: Linux says "No such file or directory", Windows "The system cannot find the file
/// specified").
pub fn describe_read_io(error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::NotFound => "there is no such file".to_owned(),
        ErrorKind::PermissionDenied => {
            "permission denied (the file belongs to someone else, or another program has it locked)"
                .to_owned()
        }
        ErrorKind::IsADirectory => "it is a folder, not a file".to_owned(),
        _ => error.to_string(),
    }
}

/// Writes `bytes` to `path` as described in the module comment. `inputs` are the files the
/// command has read (never replaced, whatever `existing` says).
pub fn write_export(
    path: &Path,
    bytes: &[u8],
    existing: Existing,
    inputs: &[&Path],
) -> Result<(), ExportError> {
    if path.file_name().is_none() {
        return Err(ExportError::NotAFile(path.to_owned()));
    }
    if inputs.iter().any(|input| same_file(input, path)) {
        return Err(ExportError::IsInput(path.to_owned()));
    }
    let io = |error: std::io::Error| ExportError::Io {
        path: path.to_owned(),
        error,
    };
    if is_event_companion(path) || std::fs::canonicalize(path).is_ok_and(|real| is_event_companion(&real)) {
        return Err(ExportError::IsEventJournal(path.to_owned()));
    }
    // A device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO a program reads) is written to
    // as a stream: nothing is replaced, and renaming a file over it would destroy the node.
    // A link is followed to one only from a system stream name (`/dev/stdout`, `/dev/fd/1`):
    // a link planted elsewhere to a pipe or a disk is refused.
    if let Ok(target) = std::fs::metadata(path)
        && !target.is_file()
        && !target.is_dir()
    {
        let linked = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        if linked && !is_system_stream(path) {
            return Err(ExportError::NotRegular(path.to_owned(), special_kind(&target)));
        }
        return write_stream(path, &target, bytes);
    }
    if std::fs::symlink_metadata(path).is_ok() {
        if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            return Err(ExportError::NotAFile(path.to_owned()));
        }
        if is_event_file(path) {
            return Err(ExportError::IsEvent(path.to_owned()));
        }
        if existing == Existing::Refuse {
            return Err(ExportError::Exists(path.to_owned()));
        }
    }
    let mut temporary = temporary_beside(path).map_err(io)?;
    temporary
        .write_all(bytes)
        .and_then(|()| temporary.as_file().sync_all())
        .map_err(io)?;
    let persisted = match existing {
        Existing::Refuse => temporary.persist_noclobber(path),
        Existing::Replace => temporary.persist(path),
    };
    match persisted {
        Ok(_) => Ok(()),
        // Created between the check above and the rename: still refused, never replaced.
        Err(error) if error.error.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(ExportError::Exists(path.to_owned()))
        }
        // The temporary file is removed when `error` (which owns it) is dropped.
        Err(error) => Err(io(error.error)),
    }
}

/// A new, empty temporary file in the folder of `to`, named after it (`.NAME.xxxxxx.partial`)
/// and created exclusively: an existing name or a planted link makes the creation fail and
/// another name is tried, so nothing is ever written through a link. It is removed when
/// dropped unless persisted. On Unix it gets the mode any new file would get (read-write for
/// everyone less the umask), not the owner-only mode of temporary files, so a finished export
/// or event file is as readable as the folder's other files.
pub(crate) fn temporary_beside(to: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let name = to
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let folder = match to.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".partial");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(folder)
}

/// Writes `bytes` to a device or pipe `path` (described by `target`): a character device
/// (a terminal, `/dev/null`) as it is; a named pipe only when a program is reading it (opened
/// without waiting, so a pipe nobody reads is refused instead of hanging); never a disk or
/// a socket.
fn write_stream(path: &Path, target: &std::fs::Metadata, bytes: &[u8]) -> Result<(), ExportError> {
    let io = |error: std::io::Error| ExportError::Io {
        path: path.to_owned(),
        error,
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        use std::os::unix::io::AsRawFd;
        let kind = target.file_type();
        if kind.is_block_device() || kind.is_socket() {
            return Err(ExportError::NotRegular(path.to_owned(), special_kind(target)));
        }
        if kind.is_fifo() {
            let mut pipe = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path)
                .map_err(|error| match error.raw_os_error() {
                    Some(libc::ENXIO) => ExportError::NoReader(path.to_owned()),
                    _ => io(error),
                })?;
            // A reader is there: from now on the pipe is written like any stream.
            // SAFETY: fcntl on a descriptor this function owns, with plain integer flags.
            let descriptor = pipe.as_raw_fd();
            let flags = unsafe { libc::fcntl(descriptor, libc::F_GETFL) };
            if flags >= 0 {
                unsafe { libc::fcntl(descriptor, libc::F_SETFL, flags & !libc::O_NONBLOCK) };
            }
            return pipe.write_all(bytes).map_err(io);
        }
    }
    let _ = target;
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|mut stream| stream.write_all(bytes))
        .map_err(io)
}

/// What a special file is, in words.
fn special_kind(metadata: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = metadata.file_type();
        if kind.is_block_device() {
            return "a disk or another block device";
        }
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() {
            return "a device";
        }
    }
    let _ = metadata;
    "a device or pipe"
}

/// A name the system gives to a stream (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
/// `/proc/self/fd/N`): links there are the system's own, not planted.
fn is_system_stream(path: &Path) -> bool {
    ["/dev/", "/proc/self/fd/"]
        .iter()
        .any(|prefix| path.to_str().is_some_and(|p| p.starts_with(prefix)))
}

/// The write-ahead log, shared-memory index or rollback journal of an event file: named
/// `EVENT-wal`, `-shm` or `-journal` beside a `.tourney` file or any SQLite database, or
/// starting with SQLite's WAL or journal header.
fn is_event_companion(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let by_name = ["-wal", "-shm", "-journal"].iter().any(|suffix| {
        let cut = name.len().saturating_sub(suffix.len());
        name.len() > suffix.len()
            && name.is_char_boundary(cut)
            && name[cut..].eq_ignore_ascii_case(suffix)
            && {
                let base = &name[..cut];
                base.to_lowercase().ends_with(".tourney") || is_event_file(&path.with_file_name(base))
            }
    });
    let mut head = [0u8; 8];
    let by_content = read_head(path, &mut head).is_ok_and(|()| {
        matches!(head[..4], [0x37, 0x7f, 0x06, 0x82] | [0x37, 0x7f, 0x06, 0x83])
            || head == [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
    });
    by_name || by_content
}

/// Reads the first bytes of `path` into `head`, only when it is a regular file (opening a
/// pipe to read would wait for a writer).
fn read_head(path: &Path, head: &mut [u8]) -> std::io::Result<()> {
    if !std::fs::metadata(path)?.is_file() {
        return Err(std::io::ErrorKind::InvalidInput.into());
    }
    std::io::Read::read_exact(&mut std::fs::File::open(path)?, head)
}

/// A Tourney event (by its extension or by the SQLite header every event file starts with).
fn is_event_file(path: &Path) -> bool {
    let by_name = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tourney"));
    // Asked through SQLite: the file may be one this process has open (see `sqlite_head`).
    let by_content = matches!(
        crate::sqlite_head::read(path),
        Ok(crate::sqlite_head::Head::Sqlite { .. } | crate::sqlite_head::Head::Truncated)
    );
    by_name || by_content
}

/// Whether two paths name the same existing file (through links and `..` too).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tourney-export-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_that_cannot_be_read_is_described_alike_on_every_system() {
        let dir = scratch("read");
        let missing = std::fs::read(dir.join("missing.csv")).unwrap_err();
        assert_eq!(describe_read_io(&missing), "there is no such file");
        // Reading a folder fails with IsADirectory on Linux; elsewhere with PermissionDenied.
        let folder = std::fs::read(&dir).unwrap_err();
        let said = describe_read_io(&folder);
        assert!(
            said == "it is a folder, not a file" || said.starts_with("permission denied"),
            "{said}"
        );
        // The roster reader and the event file use the same words.
        let roster = crate::roster_import::import_roster_file(&dir.join("missing.csv"));
        let said: Vec<String> = roster.problems.errors().map(ToString::to_string).collect();
        assert!(
            said.iter()
                .any(|e| e.ends_with("cannot read the file: there is no such file")),
            "{said:?}"
        );
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn an_existing_file_is_kept_unless_replacing_is_asked() {
        let dir = scratch("existing");
        let path = dir.join("out.csv");
        write_export(&path, b"one", Existing::Refuse, &[]).unwrap();
        let refused = write_export(&path, b"two", Existing::Refuse, &[]).unwrap_err();
        assert!(matches!(refused, ExportError::Exists(_)), "{refused}");
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        write_export(&path, b"two", Existing::Replace, &[]).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert_eq!(names(&dir), ["out.csv"], "no temporary file is left");
    }

    #[test]
    fn events_and_inputs_are_never_replaced() {
        let dir = scratch("events");
        let event = dir.join("club.tourney");
        std::fs::write(&event, b"anything").unwrap();
        let database = dir.join("renamed.pdf");
        std::fs::write(&database, b"SQLite format 3\0 and the rest").unwrap();
        let roster = dir.join("roster.csv");
        std::fs::write(&roster, b"Name\nAnn\n").unwrap();
        for path in [&event, &database] {
            let error = write_export(path, b"x", Existing::Replace, &[]).unwrap_err();
            assert!(matches!(error, ExportError::IsEvent(_)), "{error}");
        }
        let through_dots = dir.join(".").join("roster.csv");
        let error = write_export(&through_dots, b"x", Existing::Replace, &[&roster]).unwrap_err();
        assert!(matches!(error, ExportError::IsInput(_)), "{error}");
        assert_eq!(std::fs::read(&event).unwrap(), b"anything");
        assert_eq!(std::fs::read(&roster).unwrap(), b"Name\nAnn\n");
    }

    #[cfg(unix)]
    #[test]
    fn links_are_never_written_through() {
        let dir = scratch("links");
        let victim = dir.join("victim");
        std::fs::write(&victim, b"precious").unwrap();
        // The old fixed temporary name, planted as a link.
        std::os::unix::fs::symlink(&victim, dir.join(".out.csv.partial")).unwrap();
        write_export(&dir.join("out.csv"), b"new", Existing::Refuse, &[]).unwrap();
        // A link at the target itself is replaced, not followed.
        let link = dir.join("link.csv");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        assert!(write_export(&link, b"new", Existing::Refuse, &[]).is_err());
        write_export(&link, b"new", Existing::Replace, &[]).unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
        assert_eq!(std::fs::read(&link).unwrap(), b"new");
    }

    /// Issue 38, item 2: an event's write-ahead log, index or journal is never an export
    /// target, `--force` or not, found by its name beside an event or by its header.
    #[test]
    fn an_events_log_and_journal_are_never_replaced() {
        let dir = scratch("journals");
        std::fs::write(dir.join("club.tourney"), b"SQLite format 3\0").unwrap();
        std::fs::write(dir.join("renamed.db"), b"SQLite format 3\0 and the rest").unwrap();
        std::fs::write(dir.join("club.tourney-wal"), [0x37, 0x7f, 0x06, 0x82, 0, 0, 0, 0]).unwrap();
        std::fs::write(dir.join("log.bin"), [0x37, 0x7f, 0x06, 0x83, 1, 2, 3, 4]).unwrap();
        let journal = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7, 0];
        std::fs::write(dir.join("old.txt"), journal).unwrap();
        for name in [
            "club.tourney-wal",
            "club.tourney-shm",
            "club.tourney-journal",
            "CLUB.TOURNEY-WAL",
            "other.tourney-wal",
            "renamed.db-wal",
            "log.bin",
            "old.txt",
        ] {
            for existing in [Existing::Refuse, Existing::Replace] {
                let error = write_export(&dir.join(name), b"x", existing, &[]).unwrap_err();
                assert!(matches!(error, ExportError::IsEventJournal(_)), "{name}: {error}");
                assert!(error.to_string().contains("even with --force"), "{error}");
            }
        }
        assert_eq!(
            std::fs::read(dir.join("club.tourney-wal")).unwrap()[..4],
            [0x37, 0x7f, 0x06, 0x82]
        );
        // A name that only looks alike is an ordinary export.
        write_export(&dir.join("notes.csv-wal"), b"x", Existing::Refuse, &[]).unwrap();
    }

    /// Issue 38, item 3: a link planted to a named pipe or a disk is refused at once (it used
    /// to hang on the pipe and overwrite the disk); a pipe nobody reads is refused, not waited
    /// on; a pipe a program reads gets the export.
    #[cfg(unix)]
    #[test]
    fn links_to_pipes_and_disks_are_refused_and_pipes_never_block() {
        use std::ffi::CString;
        use std::os::unix::ffi::OsStrExt;
        let dir = scratch("special");
        let fifo = dir.join("fifo");
        let name = CString::new(fifo.as_os_str().as_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
        let link = dir.join("out.xml");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        let (through_link, unread) = crate::solver::finishes_within(std::time::Duration::from_secs(300), {
            let (link, fifo) = (link.clone(), fifo.clone());
            move || {
                (
                    write_export(&link, b"x", Existing::Replace, &[]).unwrap_err(),
                    write_export(&fifo, b"x", Existing::Refuse, &[]).unwrap_err(),
                )
            }
        });
        assert!(
            matches!(through_link, ExportError::NotRegular(..)),
            "{through_link}"
        );
        assert!(
            through_link
                .to_string()
                .contains("a named pipe (FIFO), not a file"),
            "{through_link}"
        );
        assert!(matches!(unread, ExportError::NoReader(_)), "{unread}");
        // With a reader, the pipe gets the bytes.
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(&fifo).unwrap())
        };
        let mut written = Err(ExportError::NoReader(fifo.clone()));
        for _ in 0..6000 {
            written = write_export(&fifo, b"through the pipe", Existing::Refuse, &[]);
            if !matches!(written, Err(ExportError::NoReader(_))) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        written.unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        // A block device node (made where the test may: as root), directly and through a link.
        let disk = dir.join("disk");
        let node = CString::new(disk.as_os_str().as_bytes()).unwrap();
        if unsafe { libc::mknod(node.as_ptr(), libc::S_IFBLK | 0o600, libc::makedev(7, 250)) } == 0 {
            let disk_link = dir.join("dev.xml");
            std::os::unix::fs::symlink(&disk, &disk_link).unwrap();
            for target in [&disk, &disk_link] {
                let error = write_export(target, b"x", Existing::Replace, &[]).unwrap_err();
                assert!(
                    error.to_string().contains("a disk or another block device"),
                    "{error}"
                );
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_written_to_never_replaced() {
        use std::os::unix::fs::FileTypeExt;
        for existing in [Existing::Refuse, Existing::Replace] {
            write_export(Path::new("/dev/null"), b"gone", existing, &[]).unwrap();
            let null = std::fs::metadata("/dev/null").unwrap();
            assert!(null.file_type().is_char_device(), "/dev/null is still the device");
        }
    }

    #[test]
    fn a_failed_write_says_why_and_leaves_nothing() {
        let dir = scratch("failed");
        let missing = dir.join("no-folder").join("out.csv");
        let error = write_export(&missing, b"x", Existing::Refuse, &[]).unwrap_err();
        assert!(error.to_string().contains("its folder does not exist"), "{error}");
        let folder = dir.join("a-folder");
        std::fs::create_dir(&folder).unwrap();
        let error = write_export(&folder, b"x", Existing::Replace, &[]).unwrap_err();
        assert!(matches!(error, ExportError::NotAFile(_)), "{error}");
        assert_eq!(names(&dir), ["a-folder"]);
        assert!(names(&folder).is_empty());
    }
}
