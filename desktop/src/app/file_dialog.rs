//! Tourney's own file dialog, drawn in the window (pure egui): used when the desktop has no
//! file-dialog service, or when the organiser prefers it (View menu). A folder field with Up,
//! the usual places, the folder's sub-folders and matching files (newest date shown), a file
//! name field, and Open/Save with Cancel. Saving over an existing file asks first.

use eframe::egui;
use std::path::{Path, PathBuf};

/// What the file is for (also the dialog's title, filter and suggested name).
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A roster CSV to import.
    Roster,
    /// An event file to open.
    Event,
    /// Where to create a new event file.
    SaveEvent { suggested: String },
    /// Where to write an export (PDF or CSV).
    Export { suggested: String, extension: String },
    /// A folder to write into (the results web pages): one listed, or a new one named in
    /// the name field (made when written); an empty name means the folder shown.
    Folder { title: String, suggested: String },
    /// Any file to read (the tools' tables and puzzles).
    File {
        title: String,
        filter: String,
        extensions: Vec<String>,
    },
}

impl Request {
    pub fn title(&self) -> String {
        match self {
            Request::Roster => "Import a roster".to_owned(),
            Request::Event => "Open an event".to_owned(),
            Request::SaveEvent { .. } => "Save the new event as".to_owned(),
            Request::Export { extension, .. } => format!("Export ({})", extension.to_uppercase()),
            Request::File { title, .. } | Request::Folder { title, .. } => title.clone(),
        }
    }

    /// The filter's name and the extensions it keeps (lower case, no dot).
    pub fn filter(&self) -> (String, Vec<String>) {
        match self {
            Request::Roster => ("Spreadsheet CSV".to_owned(), vec!["csv".into(), "txt".into()]),
            Request::Event | Request::SaveEvent { .. } => {
                ("Tourney event".to_owned(), vec!["tourney".into()])
            }
            Request::Export { extension, .. } => (extension.to_uppercase(), vec![extension.clone()]),
            Request::Folder { .. } => ("folders".to_owned(), Vec::new()),
            Request::File {
                filter, extensions, ..
            } => (filter.clone(), extensions.clone()),
        }
    }

    /// A file name to offer when saving; `None` when a file is opened.
    pub fn suggested_name(&self) -> Option<String> {
        match self {
            Request::SaveEvent { suggested } => Some(format!("{suggested}.tourney")),
            Request::Export { suggested, extension } => Some(format!("{suggested}.{extension}")),
            Request::Folder { suggested, .. } => Some(suggested.clone()),
            _ => None,
        }
    }

    pub fn saves(&self) -> bool {
        self.suggested_name().is_some()
    }

    /// Whether a folder is asked for, not a file.
    pub fn folder(&self) -> bool {
        matches!(self, Request::Folder { .. })
    }
}

/// Where the dialog is after a frame.
pub enum Step {
    Open,
    Chosen(PathBuf),
    Cancelled,
}

/// One line of the folder list.
#[derive(Debug)]
struct Entry {
    name: String,
    path: PathBuf,
    folder: bool,
    bytes: u64,
    modified: Option<chrono::DateTime<chrono::Local>>,
}

pub struct OwnFileDialog {
    request: Request,
    extensions: Vec<String>,
    filter_name: String,
    folder: PathBuf,
    folder_text: String,
    name: String,
    listing: Result<Vec<Entry>, String>,
    all_files: bool,
    places: Vec<(String, PathBuf)>,
    /// A file that exists, waiting for "Replace" or "Keep it".
    replace: Option<PathBuf>,
    problem: Option<String>,
    first_frame: bool,
}

impl OwnFileDialog {
    pub fn new(request: Request, folder: PathBuf, places: Vec<(String, PathBuf)>) -> Self {
        let (filter_name, extensions) = request.filter();
        let mut dialog = OwnFileDialog {
            name: request.suggested_name().unwrap_or_default(),
            request,
            extensions,
            filter_name,
            folder: PathBuf::new(),
            folder_text: String::new(),
            listing: Ok(Vec::new()),
            all_files: false,
            places,
            replace: None,
            problem: None,
            first_frame: true,
        };
        dialog.go(folder);
        dialog
    }

    /// Shows `folder`'s contents (the folder field says where).
    fn go(&mut self, folder: PathBuf) {
        let folder = std::fs::canonicalize(&folder).unwrap_or(folder);
        self.folder_text = folder.display().to_string();
        self.listing = read_folder(&folder, &self.extensions, self.all_files);
        self.folder = folder;
        self.replace = None;
        self.problem = None;
    }

    fn matches(&self, path: &Path) -> bool {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        self.extensions.contains(&extension)
    }

    /// The folder the name field names in the folder shown (the folder shown itself when
    /// the field is empty), or why not.
    fn folder_target(&mut self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() {
            return Some(self.folder.clone());
        }
        let path = self.folder.join(name);
        if path.exists() && !path.is_dir() {
            self.problem = Some(format!("{} is a file, not a folder.", path.display()));
            return None;
        }
        Some(path)
    }

    /// The file the name field and the folder point at, or why not.
    fn target(&mut self) -> Option<PathBuf> {
        if self.request.folder() {
            return self.folder_target();
        }
        let name = self.name.trim();
        if name.is_empty() {
            self.problem = Some(if self.request.saves() {
                "Type a name for the file.".to_owned()
            } else {
                "Choose a file from the list (or type its name).".to_owned()
            });
            return None;
        }
        let mut path = self.folder.join(name);
        if path.is_dir() {
            self.go(path);
            self.name.clear();
            return None;
        }
        if self.request.saves() {
            if !self.matches(&path)
                && let Some(extension) = self.extensions.first()
            {
                path = self.folder.join(format!("{name}.{extension}"));
            }
            match path.parent() {
                Some(parent) if parent.is_dir() => {}
                _ => {
                    self.problem = Some(format!("There is no folder {}.", path.display()));
                    return None;
                }
            }
            if path.exists() && self.replace.as_ref() != Some(&path) {
                self.replace = Some(path);
                return None;
            }
            Some(path)
        } else if path.is_file() {
            Some(path)
        } else {
            self.problem = Some(format!(
                "There is no file named “{name}” in {}.",
                self.folder.display()
            ));
            None
        }
    }

    pub fn ui(&mut self, ctx: &egui::Context) -> Step {
        let mut step = Step::Open;
        let saving = self.request.saves();
        let modal = egui::Modal::new(egui::Id::unique("tourney-file-dialog")).show(ctx, |ui| {
            ui.set_width(640.0);
            ui.heading(self.request.title());
            ui.horizontal(|ui| {
                let label = ui.label("Folder");
                let field = ui
                    .add(egui::TextEdit::singleline(&mut self.folder_text).desired_width(440.0))
                    .labelled_by(label.id);
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    let typed = PathBuf::from(self.folder_text.trim());
                    if typed.is_dir() {
                        self.go(typed);
                    } else {
                        self.problem = Some(format!("There is no folder {}.", typed.display()));
                    }
                }
                if ui
                    .add_enabled(self.folder.parent().is_some(), egui::Button::new("Up"))
                    .on_hover_text("The folder this one is in")
                    .clicked()
                    && let Some(parent) = self.folder.parent()
                {
                    self.go(parent.to_path_buf());
                }
            });
            ui.horizontal_wrapped(|ui| {
                for (name, place) in self.places.clone() {
                    if ui
                        .selectable_label(self.folder == place, name)
                        .on_hover_text(place.display().to_string())
                        .clicked()
                    {
                        self.go(place);
                    }
                }
            });
            ui.separator();
            self.list_ui(ui, &mut step);
            if ui
                .checkbox(&mut self.all_files, "Show all files")
                .on_hover_text(format!("Otherwise only folders and {} files", self.filter_name))
                .changed()
            {
                self.go(self.folder.clone());
            }
            if self.request.folder() {
                ui.weak("The pages go into the folder named below, inside the folder shown (a new folder is made); leave the name empty to use the folder shown.");
            }
            ui.horizontal(|ui| {
                let label = ui.label(if self.request.folder() {
                    "Folder name"
                } else {
                    "File name"
                });
                let field = ui
                    .add(egui::TextEdit::singleline(&mut self.name).desired_width(440.0))
                    .labelled_by(label.id);
                if self.first_frame && saving {
                    field.request_focus();
                }
                if field.changed() {
                    self.replace = None;
                }
                if field.lost_focus()
                    && ui.input(|i| i.key_pressed(egui::Key::Enter))
                    && let Some(path) = self.target()
                {
                    step = Step::Chosen(path);
                }
            });
            if let Some(problem) = &self.problem {
                ui.colored_label(super::ERROR_RED, problem);
            }
            if let Some(existing) = self.replace.clone() {
                ui.colored_label(
                    super::WARNING_ORANGE,
                    format!("{} exists already. Replace it?", existing.display()),
                );
                ui.horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        step = Step::Chosen(existing);
                    }
                    if ui.button("Keep it").clicked() {
                        self.replace = None;
                    }
                });
            }
            ui.separator();
            ui.horizontal(|ui| {
                let verb = match (self.request.folder(), saving) {
                    (true, _) => "Choose",
                    (false, true) => "Save",
                    (false, false) => "Open",
                };
                if ui.button(verb).clicked()
                    && let Some(path) = self.target()
                {
                    step = Step::Chosen(path);
                }
                if ui.button("Cancel").clicked() {
                    step = Step::Cancelled;
                }
            });
        });
        self.first_frame = false;
        if matches!(step, Step::Open) && modal.should_close() {
            step = Step::Cancelled;
        }
        step
    }

    /// The folder's sub-folders (a click goes in) and files (a click picks the name, a
    /// double click chooses it).
    fn list_ui(&mut self, ui: &mut egui::Ui, step: &mut Step) {
        let entries = match &self.listing {
            Ok(entries) => entries,
            Err(problem) => {
                ui.colored_label(super::ERROR_RED, problem);
                return;
            }
        };
        if entries.is_empty() {
            ui.weak(format!("No folders or {} files here.", self.filter_name));
        }
        let mut go = None;
        let row_height = ui.spacing().interact_size.y;
        egui::ScrollArea::vertical()
            // A steady height, so the dialog's buttons do not move as folders change.
            .min_scrolled_height(300.0)
            .max_height(300.0)
            .auto_shrink([false, false])
            .show_rows(ui, row_height, entries.len(), |ui, rows| {
                for entry in &entries[rows] {
                    ui.horizontal(|ui| {
                        let shown = if entry.folder {
                            format!("{}/", entry.name)
                        } else {
                            entry.name.clone()
                        };
                        let selected = !entry.folder && self.name == entry.name;
                        let response = ui.add(
                            egui::Button::selectable(selected, (shown, egui::Atom::grow()))
                                .truncate()
                                .min_size(egui::vec2(380.0, row_height)),
                        );
                        if entry.folder {
                            if response.clicked() {
                                go = Some(entry.path.clone());
                            }
                            ui.weak("folder");
                        } else {
                            if response.clicked() {
                                self.name = entry.name.clone();
                                self.problem = None;
                                self.replace = None;
                            }
                            if response.double_clicked() && !self.request.saves() {
                                *step = Step::Chosen(entry.path.clone());
                            }
                            let date = entry
                                .modified
                                .map(|d| d.format("%Y-%m-%d %H:%M").to_string())
                                .unwrap_or_default();
                            ui.label(date);
                            ui.weak(size_text(entry.bytes));
                        }
                    });
                }
            });
        if let Some(folder) = go {
            self.go(folder);
        }
    }
}

/// The folder's sub-folders and the files with one of `extensions` (every file with `all`),
/// folders first, each part by name; hidden ones only with `all`.
fn read_folder(folder: &Path, extensions: &[String], all: bool) -> Result<Vec<Entry>, String> {
    let read = std::fs::read_dir(folder).map_err(|e| format!("Cannot read {}: {e}", folder.display()))?;
    let mut entries = Vec::new();
    for item in read.flatten() {
        let name = item.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && !all {
            continue;
        }
        let path = item.path();
        // Follows links, so a linked folder opens like a folder.
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        let folder = meta.is_dir();
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        if !folder && !all && !extensions.contains(&extension) {
            continue;
        }
        entries.push(Entry {
            name,
            path,
            folder,
            bytes: meta.len(),
            modified: meta.modified().ok().map(chrono::DateTime::from),
        });
    }
    entries.sort_by_key(|e| (!e.folder, e.name.to_lowercase()));
    Ok(entries)
}

fn size_text(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{} kB", bytes / 1_000),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_sub_folders_first_then_matching_files_by_name() {
        let dir = std::env::temp_dir().join(format!("tourney-own-dialog-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("Zed club")).unwrap();
        std::fs::create_dir_all(dir.join(".hidden")).unwrap();
        for name in ["b.csv", "A.CSV", "notes.txt", "event.tourney"] {
            std::fs::write(dir.join(name), "x").unwrap();
        }
        let listed = read_folder(&dir, &["csv".to_owned()], false).unwrap();
        let names: Vec<&str> = listed.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Zed club", "A.CSV", "b.csv"]);
        let all = read_folder(&dir, &["csv".to_owned()], true).unwrap();
        assert_eq!(all.len(), 6);
        assert!(
            read_folder(&dir.join("missing"), &[], false)
                .unwrap_err()
                .contains("missing")
        );
    }
}
