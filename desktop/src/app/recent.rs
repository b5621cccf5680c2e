//! The recent events and the event open when the window last closed, kept in a small file
//! of the app's own (`recent-events.txt` in the app's data folder) and written the moment an
//! event is opened or closed: a crash, a kill or a power cut loses neither (eframe's own
//! storage is written only every 30 seconds and at a clean exit).
//!
//! The file is plain text: a first line `open=PATH` (empty when no event was open), then
//! one recent event per line, newest first. It is replaced whole (written beside it, then
//! renamed), so it is never half-written.

use std::path::{Path, PathBuf};

/// The file's name in the data folder.
const FILE_NAME: &str = "recent-events.txt";

/// What the file holds.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Recent {
    /// The event open when the window last closed (or was killed), if one was.
    pub(crate) open: Option<PathBuf>,
    /// Recent events, newest first.
    pub(crate) list: Vec<PathBuf>,
}

/// Reads the file in `folder`; `None` when there is none (a first start, or a version that
/// kept the list only in eframe's storage).
pub(crate) fn read(folder: &Path) -> Option<Recent> {
    let text = std::fs::read_to_string(folder.join(FILE_NAME)).ok()?;
    let mut lines = text.lines();
    let open = lines
        .next()
        .and_then(|first| first.strip_prefix("open="))
        .filter(|path| !path.is_empty())
        .map(PathBuf::from);
    let list = lines
        .filter(|l| !l.trim().is_empty())
        .map(PathBuf::from)
        .collect();
    Some(Recent { open, list })
}

/// Replaces the file in `folder` with `recent` (the folder is made if need be). A path
/// holding a line break cannot be kept in a line and is left out.
pub(crate) fn write(folder: &Path, recent: &Recent) -> std::io::Result<()> {
    std::fs::create_dir_all(folder)?;
    let line = |path: &Path| {
        let text = path.display().to_string();
        (!text.contains(['\n', '\r'])).then_some(text)
    };
    let mut text = format!(
        "open={}\n",
        recent.open.as_deref().and_then(line).unwrap_or_default()
    );
    for path in recent.list.iter().filter_map(|p| line(p)) {
        text.push_str(&path);
        text.push('\n');
    }
    let mut temporary = tempfile::NamedTempFile::new_in(folder)?;
    std::io::Write::write_all(&mut temporary, text.as_bytes())?;
    temporary.as_file().sync_all()?;
    temporary.persist(folder.join(FILE_NAME)).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_reads_back_what_was_written() {
        let folder = std::env::temp_dir().join(format!("tourney-recent-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        assert_eq!(read(&folder), None);
        let recent = Recent {
            open: Some(PathBuf::from("/clubs/thursday drive.tourney")),
            list: vec![
                PathBuf::from("/clubs/thursday drive.tourney"),
                PathBuf::from("/clubs/pairs.tourney"),
                PathBuf::from("/clubs/bad\nname.tourney"),
            ],
        };
        write(&folder, &recent).unwrap();
        let back = read(&folder).unwrap();
        assert_eq!(back.open, recent.open);
        assert_eq!(
            back.list,
            recent.list[..2],
            "a path with a line break is left out"
        );
        write(&folder, &Recent::default()).unwrap();
        assert_eq!(read(&folder), Some(Recent::default()));
    }
}
