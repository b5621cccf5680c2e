//! The results as a small static web site: one folder of HTML pages and one style sheet,
//! which opens from disk and uploads anywhere (no server, no script, no font or image from
//! elsewhere: no request leaves the folder).
//!
//! For a club pairs evening: the ranking (both directions for a two-winner Mitchell) on
//! `index.html`, a scorecard page per pair and a page per board (traveller with matchpoints
//! both ways, the hand diagram, the double-dummy table and par when the board has an
//! analysis). For whist drives, chess and round robins: the standings and a page per round.
//! Every text from the event (names, title, club) is HTML-escaped here, in `html`.
//!
//! [`results_site`] makes the pages as data (paths and bytes); [`write_site`] writes them into
//! a folder through the one safe file writer (`crate::export_file`).

mod board;
mod html;
mod pairs;
mod rounds;

use crate::deals::Analysis;
use crate::event::{Event, Results};
use crate::export_file::{Existing, ExportError, write_export};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The style sheet every page links to, written into the folder beside them.
pub const STYLE_SHEET: &str = "style.css";

/// The page the site opens on: the ranking.
pub const INDEX: &str = "index.html";

/// One file of the site: where it goes in the folder and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteFile {
    /// The file's name inside the site's folder ("index.html", "board-5.html"); the site is
    /// flat, so every page links to every other by its bare name.
    pub path: String,
    /// The file's contents (UTF-8 HTML or CSS).
    pub bytes: Vec<u8>,
}

/// The results site: every file it is made of, the ranking (`index.html`) first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    /// The files, `index.html` first and the style sheet last.
    pub files: Vec<SiteFile>,
}

impl Site {
    /// How many HTML pages the site has.
    pub fn pages(&self) -> usize {
        self.files.iter().filter(|f| f.path.ends_with(".html")).count()
    }

    /// The file named `path`, if the site has it.
    pub fn file(&self, path: &str) -> Option<&SiteFile> {
        self.files.iter().find(|f| f.path == path)
    }
}

/// The results site of an event: its standings, a page per pair and per board at a club
/// pairs evening (a page per round otherwise), from the results entered so far.
/// `analyses` holds the double-dummy analysis of each board that has one (board number →
/// analysis); a board without one says "not analysed".
pub fn results_site(event: &Event, results: &Results, analyses: &BTreeMap<u32, Analysis>) -> Site {
    let mut files = match &event.schedule.movement {
        Some(movement) => pairs::club_pairs_site(event, movement, results, analyses),
        None => rounds::rounds_site(event, results),
    };
    files.push(SiteFile {
        path: STYLE_SHEET.to_owned(),
        bytes: include_str!("style.css").as_bytes().to_vec(),
    });
    Site { files }
}

/// Where a site was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Published {
    /// The folder.
    pub folder: PathBuf,
    /// The page to open: `index.html` in the folder.
    pub index: PathBuf,
    /// How many HTML pages were written.
    pub pages: usize,
}

/// Why a site was not written (or not wholly).
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// The folder has files in it and `force` was not given: nothing was written.
    #[error(
        "{}: the folder is not empty; nothing was written. Choose an empty or new folder, or replace the site's pages in it with --force (other files are left alone)",
        .0.display()
    )]
    NotEmpty(PathBuf),
    /// The path names a file, not a folder.
    #[error("{}: that is a file, not a folder; nothing was written", .0.display())]
    NotAFolder(PathBuf),
    /// The folder could not be made or read.
    #[error("{}: {}; nothing was written", path.display(), crate::export_file::describe_io(error))]
    Folder {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A page could not be written; the pages before it were.
    #[error("{0}")]
    File(#[from] ExportError),
}

/// Writes `site` into `folder` (made when missing), each file through
/// `export_file::write_export`. A folder with anything in it is refused unless `force`; then
/// only the site's own files are replaced, and nothing else in the folder is touched.
/// `inputs` are files the caller has read (the event file), never replaced.
pub fn write_site(site: &Site, folder: &Path, force: bool, inputs: &[&Path]) -> Result<Published, SiteError> {
    let folder_error = |error| SiteError::Folder {
        path: folder.to_owned(),
        error,
    };
    match std::fs::metadata(folder) {
        Ok(meta) if !meta.is_dir() => return Err(SiteError::NotAFolder(folder.to_owned())),
        Ok(_) => {
            let mut entries = std::fs::read_dir(folder).map_err(folder_error)?;
            if !force && entries.next().is_some() {
                return Err(SiteError::NotEmpty(folder.to_owned()));
            }
        }
        Err(_) => std::fs::create_dir_all(folder).map_err(folder_error)?,
    }
    let existing = if force {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    for file in &site.files {
        write_export(&folder.join(&file.path), &file.bytes, existing, inputs)?;
    }
    Ok(Published {
        folder: folder.to_owned(),
        index: folder.join(INDEX),
        pages: site.pages(),
    })
}

/// Whether `folder` holds a results site Tourney wrote before (its `index.html` says it was
/// made by Tourney): publishing again into it replaces only the site's own pages, so the
/// window does so without asking.
pub fn is_published_site(folder: &Path) -> bool {
    let index = folder.join(INDEX);
    std::fs::symlink_metadata(&index).is_ok_and(|m| m.is_file() && m.len() < 10_000_000)
        && std::fs::read_to_string(&index).is_ok_and(|text| text.contains(html::GENERATOR))
}

/// The note over a ranking: that no result is in yet, or which results are missing (the
/// ranking is then provisional); empty when every result is in.
fn results_notice(event: &Event, results: &Results) -> String {
    if results.is_empty() {
        "<p class=\"note\">No results have been entered yet.</p>\n".to_owned()
    } else if let Some(missing) = crate::event::standings::provisional(event, results) {
        format!("<p class=\"note\"><strong>{}</strong></p>\n", html::esc(&missing))
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests;
