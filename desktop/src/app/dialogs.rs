//! File dialogs behind a trait: the native ones (rfd) in the app, a scripted fake in tests.

use std::path::PathBuf;

pub trait FileDialogs {
    /// A roster CSV to import.
    fn pick_roster(&mut self) -> Option<PathBuf>;
    /// An event file to open.
    fn pick_event(&mut self) -> Option<PathBuf>;
    /// Where to create a new event file.
    fn save_event(&mut self, suggested: &str) -> Option<PathBuf>;
    /// Where to write an export (PDF or CSV).
    fn save_export(&mut self, suggested: &str, extension: &str) -> Option<PathBuf>;
    /// Any file to read (the tools' tables and puzzles).
    fn pick_file(&mut self, title: &str, filter: &str, extensions: &[&str]) -> Option<PathBuf>;
}

/// The operating system's dialogs.
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn pick_roster(&mut self) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Import a roster")
            .add_filter("Spreadsheet CSV", &["csv", "txt"])
            .pick_file()
    }

    fn pick_event(&mut self) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Open an event")
            .add_filter("Tourney event", &["tourney"])
            .pick_file()
    }

    fn save_event(&mut self, suggested: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Save the new event as")
            .add_filter("Tourney event", &["tourney"])
            .set_file_name(format!("{suggested}.tourney"))
            .save_file()
    }

    fn save_export(&mut self, suggested: &str, extension: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Export")
            .add_filter(extension.to_uppercase(), &[extension])
            .set_file_name(format!("{suggested}.{extension}"))
            .save_file()
    }

    fn pick_file(&mut self, title: &str, filter: &str, extensions: &[&str]) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title(title)
            .add_filter(filter, extensions)
            .pick_file()
    }
}

/// Answers every dialog with "no file chosen" (the frame benchmark).
pub struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn pick_roster(&mut self) -> Option<PathBuf> {
        None
    }
    fn pick_event(&mut self) -> Option<PathBuf> {
        None
    }
    fn save_event(&mut self, _: &str) -> Option<PathBuf> {
        None
    }
    fn save_export(&mut self, _: &str, _: &str) -> Option<PathBuf> {
        None
    }
    fn pick_file(&mut self, _: &str, _: &str, _: &[&str]) -> Option<PathBuf> {
        None
    }
}

/// Answers each dialog with the next path queued for it (tests).
#[cfg(test)]
#[derive(Default)]
pub struct ScriptedDialogs {
    pub answers: std::collections::VecDeque<Option<PathBuf>>,
}

#[cfg(test)]
impl FileDialogs for ScriptedDialogs {
    fn pick_roster(&mut self) -> Option<PathBuf> {
        self.answers.pop_front().flatten()
    }
    fn pick_event(&mut self) -> Option<PathBuf> {
        self.answers.pop_front().flatten()
    }
    fn save_event(&mut self, _: &str) -> Option<PathBuf> {
        self.answers.pop_front().flatten()
    }
    fn save_export(&mut self, _: &str, _: &str) -> Option<PathBuf> {
        self.answers.pop_front().flatten()
    }
    fn pick_file(&mut self, _: &str, _: &str, _: &[&str]) -> Option<PathBuf> {
        self.answers.pop_front().flatten()
    }
}
