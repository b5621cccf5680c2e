//! The list of files Tourney wrote into a results site's folder (`tourney-site.txt`, kept in
//! the folder), so that publishing again can remove the pages of an earlier publication that
//! the new site no longer has (a board no longer played, a pair withdrawn), and only those:
//! a file is removed only when the list names it *and* it still carries Tourney's mark (a
//! page's generator line, the style sheet's first line). The director's own files are never
//! named in the list, so never touched.

use super::html::GENERATOR;
use std::path::Path;

/// The list's file name in the site's folder.
pub const MANIFEST: &str = "tourney-site.txt";

/// The list's first line: how a list Tourney wrote is told from another file of that name.
const HEADER: &str = "# Tourney results site: the files Tourney wrote in this folder.";

/// The list's second line, for whoever opens it.
const EXPLANATION: &str = "# Publishing again replaces them and removes those the new site no longer has; other files are left alone. Keep this file here.";

/// The first line of the style sheet Tourney writes.
const STYLE_MARK: &str = "/* Tourney results";

/// The largest file read to look for Tourney's mark or a list (a page is a few kilobytes).
const LARGEST: u64 = 10_000_000;

/// The list's text: its two comment lines, then one file name a line.
pub(super) fn manifest_text<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut text = format!("{HEADER}\n{EXPLANATION}\n");
    for name in names {
        text.push_str(name);
        text.push('\n');
    }
    text
}

/// The file names in the list of `folder`, or `None` when it has no list Tourney wrote (no
/// file of that name, a link, or a file that does not start with the list's header). Only
/// bare names of pages and style sheets are kept: a line naming another folder, a hidden
/// file or any other kind of file is not Tourney's and is skipped.
pub(super) fn read_manifest(folder: &Path) -> Option<Vec<String>> {
    let text = read_plain_file(&folder.join(MANIFEST))?;
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return None;
    }
    Some(
        lines
            .map(str::trim)
            .filter(|line| is_site_name(line))
            .map(str::to_owned)
            .collect(),
    )
}

/// Whether `folder` has a list Tourney wrote.
pub(super) fn has_manifest(folder: &Path) -> bool {
    read_manifest(folder).is_some()
}

/// Whether `name` could be a file of a site: a bare name (no folder, not hidden) of a page or
/// a style sheet.
fn is_site_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':'])
        && (name.ends_with(".html") || name.ends_with(".css"))
}

/// The text of `path` when it is a plain file (not a link, a folder or a device) of a
/// reasonable size and reads as UTF-8; `None` otherwise.
fn read_plain_file(path: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.is_file() || meta.len() > LARGEST {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// Whether the file `name` in `folder` still carries Tourney's mark: a page its generator
/// line, the style sheet its first line. A link, a folder or a file someone has since put
/// in its place does not.
pub(super) fn carries_mark(folder: &Path, name: &str) -> bool {
    let Some(text) = read_plain_file(&folder.join(name)) else {
        return false;
    };
    if name.ends_with(".css") {
        text.starts_with(STYLE_MARK)
    } else {
        text.contains(GENERATOR)
    }
}

/// What became of the files an earlier publication listed and the new site no longer has.
#[derive(Debug, Default)]
pub(super) struct Cleared {
    /// The files removed.
    pub removed: Vec<String>,
    /// A sentence for each listed file left in place, and why.
    pub left: Vec<String>,
    /// The files Tourney still owns but could not remove (to be listed again and tried at the
    /// next publication).
    pub still_ours: Vec<String>,
}

/// Removes from `folder` each file of `listed` (an earlier publication's list) that `kept`
/// (the new site's files) does not have, when it still carries Tourney's mark; a file that
/// no longer does (changed or replaced since) is left and said so, as is one the system
/// would not let go.
pub(super) fn remove_stale(folder: &Path, listed: &[String], kept: &[&str]) -> Cleared {
    let mut cleared = Cleared::default();
    for name in listed.iter().filter(|name| !kept.contains(&name.as_str())) {
        let path = folder.join(name);
        if std::fs::symlink_metadata(&path).is_err() {
            continue;
        }
        if !carries_mark(folder, name) {
            cleared.left.push(format!(
                "{name}: no longer in the site, but changed since Tourney wrote it, so left as it is"
            ));
            continue;
        }
        match std::fs::remove_file(&path) {
            Ok(()) => cleared.removed.push(name.clone()),
            Err(error) => {
                cleared.left.push(format!(
                    "{name}: no longer in the site, but could not be removed ({})",
                    crate::export_file::describe_io(&error)
                ));
                cleared.still_ours.push(name.clone());
            }
        }
    }
    cleared
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_bare_names_of_pages_and_style_sheets_are_read_from_a_list() {
        let dir = std::env::temp_dir().join(format!("tourney-site-manifest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(read_manifest(&dir), None);
        let text = manifest_text([
            "index.html",
            "../club/index.html",
            ".hidden.html",
            "notes.txt",
            "style.css",
        ]);
        std::fs::write(dir.join(MANIFEST), &text).unwrap();
        assert_eq!(read_manifest(&dir).unwrap(), ["index.html", "style.css"]);
        // Another file of the same name is not a list.
        std::fs::write(dir.join(MANIFEST), "index.html\nboard-1.html\n").unwrap();
        assert_eq!(read_manifest(&dir), None);
        assert!(!has_manifest(&dir));
    }
}
