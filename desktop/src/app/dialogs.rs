//! Choosing files: the system's dialog when the desktop has one, Tourney's own (in the
//! window, `file_dialog`) when it has none — light desktops often lack the file-dialog
//! service (an XDG portal) that the system dialog needs on Linux.
//!
//! A view asks with a `Purpose` (which button asked) and reads the answer with the same
//! purpose, in the same frame for the system dialog (it blocks) or a few frames later for
//! Tourney's own.

pub use super::file_dialog::Request;
use super::file_dialog::{OwnFileDialog, Step};
use eframe::egui;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a dialog said.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Chosen(PathBuf),
    Cancelled,
    /// No dialog could be shown (no file-dialog service on this desktop).
    NoDialog,
}

/// A dialog that answers at once: the system's, or a fake in tests and benchmarks.
pub trait FileDialogs {
    /// Asks; `start` is the folder to show first (the last one used, else Documents).
    fn ask(&mut self, request: &Request, start: &Path) -> Answer;
}

/// The operating system's dialogs (rfd: the XDG portal on Linux).
pub struct NativeDialogs;

/// A person cannot cancel a dialog this fast: an answer sooner than this means no dialog
/// appeared (rfd reports a missing portal as "cancelled").
const NO_DIALOG_BELOW: Duration = Duration::from_millis(300);

impl FileDialogs for NativeDialogs {
    fn ask(&mut self, request: &Request, start: &Path) -> Answer {
        if std::env::var("TOURNEY_FILE_DIALOG").is_ok_and(|v| v == "own") {
            return Answer::NoDialog;
        }
        let (filter, extensions) = request.filter();
        let dialog = rfd::FileDialog::new()
            .set_title(request.title())
            .set_directory(start)
            .add_filter(filter, &extensions);
        let started = Instant::now();
        let chosen = match request.suggested_name() {
            _ if request.folder() => dialog.pick_folder(),
            Some(name) => dialog.set_file_name(name).save_file(),
            None => dialog.pick_file(),
        };
        match chosen {
            Some(path) => Answer::Chosen(path),
            // Windows and macOS always have their dialog; elsewhere a dialog that was never
            // shown answers within milliseconds.
            None if cfg!(not(any(target_os = "windows", target_os = "macos")))
                && started.elapsed() < NO_DIALOG_BELOW =>
            {
                Answer::NoDialog
            }
            None => Answer::Cancelled,
        }
    }
}

/// Answers every dialog with "cancelled" (the frame benchmark).
pub struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn ask(&mut self, _: &Request, _: &Path) -> Answer {
        Answer::Cancelled
    }
}

/// Answers each dialog with the next answer queued (tests); "cancelled" once the queue is
/// empty. A queued `NoDialog` sends the test on into Tourney's own dialog.
#[cfg(test)]
#[derive(Default)]
pub struct ScriptedDialogs {
    pub answers: std::collections::VecDeque<Answer>,
    /// Every request made, in order.
    pub asked: std::rc::Rc<std::cell::RefCell<Vec<Request>>>,
}

#[cfg(test)]
impl FileDialogs for ScriptedDialogs {
    fn ask(&mut self, request: &Request, _: &Path) -> Answer {
        self.asked.borrow_mut().push(request.clone());
        self.answers.pop_front().unwrap_or(Answer::Cancelled)
    }
}

/// Which button asked for a file, so its answer goes back to it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    OpenEvent,
    SaveNewEvent,
    NewEventRoster,
    /// The earlier event a knockout's carry-over is worked out from (the new-event form).
    CarryOverFrom,
    ImportRoster,
    ImportMembers,
    ExportPdf,
    ExportRoundSheet,
    ExportStandings,
    ExportUsebio,
    ExportMatches,
    ExportPlayers,
    ExportTableCodes,
    PublishSite,
    AttachPbn,
    LeagueTable,
    Puzzle,
}

/// Which dialog the organiser wants.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum DialogChoice {
    /// The system's dialog, Tourney's own when the desktop has none.
    #[default]
    System,
    /// Always Tourney's own.
    Own,
}

/// The app's file chooser: asks the system's dialog or shows Tourney's own, and keeps each
/// answer until the button that asked reads it.
pub struct Files {
    system: Box<dyn FileDialogs>,
    pub choice: DialogChoice,
    /// Set once the system's dialog failed to appear: Tourney's own is used from then on.
    system_missing: bool,
    open: Option<(Purpose, OwnFileDialog)>,
    answers: Vec<(Purpose, Option<PathBuf>)>,
    /// The folder the last file was chosen in (where Tourney's own dialog starts).
    last_folder: Option<PathBuf>,
    /// Places offered beside the folder list (the app's event folder, the open event's).
    extra_places: Vec<(String, PathBuf)>,
    /// Where Tourney's own dialog starts before any file was chosen (the open event's
    /// folder, unless that is the app's hidden data folder); else Documents, else home.
    start_folder: Option<PathBuf>,
    /// Said once, when the system's dialog turned out to be missing.
    pub notice: Option<String>,
}

impl Files {
    pub fn new(system: Box<dyn FileDialogs>) -> Self {
        Files {
            system,
            choice: DialogChoice::System,
            system_missing: false,
            open: None,
            answers: Vec::new(),
            last_folder: None,
            extra_places: Vec::new(),
            start_folder: None,
            notice: None,
        }
    }

    /// The places listed in Tourney's own dialog besides the home, desktop, documents and
    /// downloads folders.
    pub fn set_places(&mut self, places: Vec<(String, PathBuf)>, start_folder: Option<PathBuf>) {
        self.extra_places = places;
        self.start_folder = start_folder;
    }

    /// The folder a dialog shows first: the last one a file was chosen in, else the one the
    /// app suggests (the open event's), else Documents (Windows' and macOS' documents folder,
    /// XDG's on Linux), else the home folder.
    fn first_folder(&self) -> PathBuf {
        self.last_folder
            .clone()
            .or_else(|| self.start_folder.clone())
            .into_iter()
            .chain(dirs::document_dir())
            .chain(dirs::home_dir().map(|h| h.join("Documents")))
            .chain(dirs::home_dir())
            .find(|f| f.is_dir())
            .unwrap_or_else(|| PathBuf::from("."))
    }

    /// Asks for a file for `purpose`; read the answer with `answer(purpose)`.
    pub fn ask(&mut self, purpose: Purpose, request: Request) {
        if self.open.is_some() {
            return;
        }
        if self.choice == DialogChoice::System && !self.system_missing {
            match self.system.ask(&request, &self.first_folder()) {
                Answer::Chosen(path) => {
                    self.last_folder = path.parent().map(Path::to_path_buf);
                    self.answers.push((purpose, Some(path)));
                    return;
                }
                Answer::Cancelled => {
                    self.answers.push((purpose, None));
                    return;
                }
                Answer::NoDialog => {
                    self.system_missing = true;
                    self.notice = Some(
                        "This desktop has no file-dialog service, so Tourney shows its own file dialog."
                            .to_owned(),
                    );
                }
            }
        }
        let mut places = standard_places();
        places.extend(self.extra_places.iter().filter(|(_, p)| p.is_dir()).cloned());
        let start = self.first_folder();
        self.open = Some((purpose, OwnFileDialog::new(request, start, places)));
    }

    /// The answer for `purpose` once there is one: `Some(None)` when cancelled.
    pub fn answer(&mut self, purpose: Purpose) -> Option<Option<PathBuf>> {
        let at = self.answers.iter().position(|(p, _)| *p == purpose)?;
        Some(self.answers.remove(at).1)
    }

    /// Whether Tourney's own dialog is showing.
    #[cfg(test)]
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Draws Tourney's own dialog while it is open.
    pub fn ui(&mut self, ctx: &egui::Context) {
        let Some((purpose, dialog)) = &mut self.open else {
            return;
        };
        let purpose = *purpose;
        match dialog.ui(ctx) {
            Step::Open => {}
            Step::Chosen(path) => {
                self.last_folder = path.parent().map(Path::to_path_buf);
                self.answers.push((purpose, Some(path)));
                self.open = None;
            }
            Step::Cancelled => {
                self.answers.push((purpose, None));
                self.open = None;
            }
        }
    }
}

/// Home, Desktop, Documents and Downloads, those this user has.
fn standard_places() -> Vec<(String, PathBuf)> {
    let mut places = Vec::new();
    let home = dirs::home_dir();
    let in_home = |name: &str| home.as_ref().map(|h| h.join(name));
    for (name, folder) in [
        ("Home", home.clone()),
        ("Desktop", dirs::desktop_dir().or_else(|| in_home("Desktop"))),
        ("Documents", dirs::document_dir().or_else(|| in_home("Documents"))),
        ("Downloads", dirs::download_dir().or_else(|| in_home("Downloads"))),
    ] {
        if let Some(folder) = folder.filter(|f| f.is_dir())
            && !places.iter().any(|(_, p)| *p == folder)
        {
            places.push((name.to_owned(), folder));
        }
    }
    if cfg!(target_os = "windows") {
        for letter in 'A'..='Z' {
            let drive = PathBuf::from(format!("{letter}:\\"));
            if drive.is_dir() {
                places.push((format!("Drive {letter}:"), drive));
            }
        }
    } else {
        places.push(("Computer".to_owned(), PathBuf::from("/")));
    }
    places
}
