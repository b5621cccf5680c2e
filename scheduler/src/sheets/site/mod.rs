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
//! a folder through the one safe file writer (`crate::export_file`), with the list of what it
//! wrote there (`manifest`), by which publishing again removes its own pages the site no
//! longer has and nothing else.

mod board;
mod html;
mod manifest;
mod pairs;
mod rounds;

use crate::deals::Analysis;
use crate::event::{Event, Results};
use crate::export_file::{Existing, ExportError, write_export};
use crate::model::movement::MovementKind;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use manifest::MANIFEST;

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
/// pairs evening (a page per round otherwise, a teams night too), from the results entered so far.
/// `analyses` holds the double-dummy analysis of each board that has one (board number →
/// analysis); a board without one says "not analysed".
pub fn results_site(event: &Event, results: &Results, analyses: &BTreeMap<u32, Analysis>) -> Site {
    // A teams night's movement is played by pairs but ranked by teams: its standings (the
    // teams and their matches) and a page per round.
    let teams_night = event
        .schedule
        .movement
        .as_ref()
        .filter(|m| m.kind == MovementKind::TeamsOfFour);
    let mut files = match &event.schedule.movement {
        Some(movement) if teams_night.is_none() => pairs::club_pairs_site(event, movement, results, analyses),
        Some(_) => rounds::rounds_site(event, results),
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
    /// The files of an earlier publication into the folder that the site no longer has (a
    /// board no longer played, a pair withdrawn), removed.
    pub removed: Vec<String>,
    /// A sentence for each such file left in place, and why (changed since Tourney wrote
    /// it, or the system would not let it go).
    pub left: Vec<String>,
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
/// `export_file::write_export`, with the list of the files Tourney wrote there
/// ([`MANIFEST`]). A folder with anything in it is refused unless `force`; then only the
/// site's own files are replaced, the files an earlier publication listed that the site no
/// longer has are removed (when they still carry Tourney's mark), and nothing else in the
/// folder is touched. `inputs` are files the caller has read (the event file), never
/// replaced.
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
    let names: Vec<&str> = site.files.iter().map(|f| f.path.as_str()).collect();
    let earlier = manifest::read_manifest(folder).unwrap_or_default();
    // Listed first, with the earlier publication's files: a publication cut short leaves
    // every file Tourney may have written named, so the next one can still clear them.
    let both = names
        .iter()
        .copied()
        .chain(earlier.iter().map(String::as_str).filter(|n| !names.contains(n)));
    write_manifest(folder, both, existing, inputs)?;
    for file in &site.files {
        write_export(&folder.join(&file.path), &file.bytes, existing, inputs)?;
    }
    let cleared = manifest::remove_stale(folder, &earlier, &names);
    if !earlier.is_empty() {
        let still = cleared.still_ours.iter().map(String::as_str);
        write_manifest(
            folder,
            names.iter().copied().chain(still),
            Existing::Replace,
            inputs,
        )?;
    }
    Ok(Published {
        folder: folder.to_owned(),
        index: folder.join(INDEX),
        pages: site.pages(),
        removed: cleared.removed,
        left: cleared.left,
    })
}

/// Writes the list of the site's files `names` into `folder`.
fn write_manifest<'a>(
    folder: &Path,
    names: impl IntoIterator<Item = &'a str>,
    existing: Existing,
    inputs: &[&Path],
) -> Result<(), ExportError> {
    let text = manifest::manifest_text(names);
    write_export(&folder.join(MANIFEST), text.as_bytes(), existing, inputs)
}

/// Whether `folder` holds a results site Tourney wrote before (its `index.html` says it was
/// made by Tourney, or the folder has Tourney's list of its files): publishing again into it
/// replaces only the site's own pages, so the window does so without asking.
pub fn is_published_site(folder: &Path) -> bool {
    manifest::carries_mark(folder, INDEX) || manifest::has_manifest(folder)
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
