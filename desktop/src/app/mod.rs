//! The window. It opens on the demo event (a 16-player whist drive with two rounds entered,
//! kept in the app's data folder) so a first start shows a living app, or on the event file
//! given on the command line. From the start screen the organiser opens a recent event, any
//! `.tourney` file, or creates a new one with the wizard; an open event has roster, schedule,
//! results, standings and sheets views. Each view is a struct holding view state only;
//! changes go through `session::Command` to the event file.

pub(crate) mod dialogs;
mod file_dialog;
mod generation;
mod grid;
mod hand_record;
mod job;
mod line_up_form;
mod member_picker;
mod members_view;
mod new_event;
mod opener;
mod options_form;
mod phones_panel;
mod repair;
mod results_view;
mod roster_preview;
mod roster_view;
pub(crate) mod schedule_view;

mod banner;
mod preferences;
mod print;
mod recent;
mod scorecard_window;
mod sheets_view;
mod standings_view;
mod start_screen;
mod swiss_panel;
mod tools_view;
mod view;
mod views;
mod who_played;
mod widgets;

pub(crate) use banner::{Banner, BannerKind, Notice};
use dialogs::{DialogChoice, FileDialogs, Files, NativeDialogs, Purpose, Request};
use eframe::egui;
use new_event::NewEventView;
pub use preferences::{Preferences, install_fonts};
use scheduler::event::session::{Session, SessionError};
use start_screen::RecentDetails;
use std::path::{Path, PathBuf};
use tools_view::ToolsView;
use view::Outcome;
pub(crate) use views::View;
use views::Views;
pub use widgets::{DONE_GREEN, ERROR_RED, WARNING_ORANGE, round_picker, warning_box};

const RECENT_KEY: &str = "recent_events";
const PREFERENCES_KEY: &str = "preferences";
const NEW_EVENT_KEY: &str = "new_event";
const NO_FILE_CHOSEN: &str = "No file was chosen.";

/// Opens the window, on `file` when one is given (e.g. a double-clicked event file).
/// Opens the window (on `file` when given); `wrap` may put the app inside another (the
/// start-up bench's first-frame reporter), chosen by the caller so the window knows no bench.
pub fn run(file: Option<PathBuf>, wrap: fn(TourneyApp) -> Box<dyn eframe::App>) -> eframe::Result {
    // The icon drawn for the project (assets/icons); a broken PNG only costs the icon.
    let icon =
        eframe::icon_data::from_png_bytes(include_bytes!("../../../assets/icons/tourney-256.png")).ok();
    let mut viewport = egui::ViewportBuilder::default();
    if let Some(icon) = icon {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport: viewport
            .with_title("Tourney")
            .with_app_id("tourney")
            .with_inner_size([1100.0, 720.0])
            .with_min_inner_size([640.0, 420.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Tourney",
        options,
        Box::new(move |cc| {
            let recent = cc
                .storage
                .and_then(|s| s.get_string(RECENT_KEY))
                .map(|text| text.lines().map(PathBuf::from).collect())
                .unwrap_or_default();
            let preferences = cc
                .storage
                .and_then(|s| s.get_string(PREFERENCES_KEY))
                .map(|text| Preferences::parse(&text))
                .unwrap_or_default();
            let remembered = cc
                .storage
                .and_then(|s| s.get_string(NEW_EVENT_KEY))
                .map(|text| new_event::Remembered::parse(&text))
                .unwrap_or_default();
            install_fonts(&cc.egui_ctx);
            preferences.apply(&cc.egui_ctx);
            let folder =
                eframe::storage_dir("Tourney").unwrap_or_else(|| std::env::temp_dir().join("tourney"));
            let mut app = TourneyApp::starting(folder, file.as_deref(), recent, Box::new(NativeDialogs));
            app.preferences = preferences;
            app.remembered = remembered;
            Ok(wrap(app))
        }),
    )
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Screen {
    Start,
    NewEvent,
    Event,
    Tools,
    Members,
}

pub struct TourneyApp {
    data_folder: PathBuf,
    recent: Vec<PathBuf>,
    pub(crate) files: Files,
    pub(crate) screen: Screen,
    pub(crate) session: Option<Session>,
    pub(crate) view: View,
    pub(crate) views: Views,
    new_event: NewEventView,
    tools: ToolsView,
    members: members_view::MembersView,
    status: String,
    /// An important message, shown under the top bar until dismissed.
    pub(crate) banner: Option<Banner>,
    /// Opens a written file or its folder (the system's opener; a recorder in tests).
    opener: Box<Opener>,
    /// Title, date and format of each recent event, read once.
    recent_details: std::collections::HashMap<PathBuf, Option<RecentDetails>>,
    /// A new event waiting for the save dialog's answer.
    pending_new_event: Option<(scheduler::event::Event, Vec<String>)>,
    preferences: Preferences,
    /// The club and format of the last event made, for the next new-event form.
    remembered: new_event::Remembered,
    show_about: bool,
    /// A damaged file whose unfit results the organiser is asked to remove.
    pub(crate) repair: Option<repair::Repair>,
}

/// Opens a file or its folder; says what it asked, or why it could not.
type Opener = dyn FnMut(&Path, opener::Reveal) -> Result<String, String>;

impl TourneyApp {
    /// Starts on the demo event kept in `data_folder`.
    pub(crate) fn new(data_folder: PathBuf, recent: Vec<PathBuf>, dialogs: Box<dyn FileDialogs>) -> Self {
        let mut app = TourneyApp {
            data_folder,
            recent,
            files: Files::new(dialogs),
            screen: Screen::Start,
            session: None,
            view: View::Results,
            views: Views::default(),
            new_event: NewEventView::default(),
            tools: ToolsView::default(),
            members: members_view::MembersView::default(),
            status: String::new(),
            banner: None,
            opener: Box::new(opener::open),
            recent_details: std::collections::HashMap::new(),
            pending_new_event: None,
            preferences: Preferences::default(),
            remembered: new_event::Remembered::default(),
            show_about: false,
            repair: None,
        };
        app.open_demo();
        app
    }

    /// The window as it starts: on `file` when one is given (a double-click), else on the
    /// event that was open when it last closed (or was killed), else on the demo. The recent
    /// list comes from the app's own file (`recent.rs`), or from eframe's storage (`stored`)
    /// where an older version kept it.
    pub(crate) fn starting(
        data_folder: PathBuf,
        file: Option<&Path>,
        stored: Vec<PathBuf>,
        dialogs: Box<dyn FileDialogs>,
    ) -> Self {
        let kept = recent::read(&data_folder);
        let (list, last_open) = match kept {
            Some(kept) => (kept.list, kept.open),
            None => (stored, None),
        };
        let mut app = TourneyApp::new(data_folder, list, dialogs);
        match (file, last_open) {
            (Some(file), _) => app.open(file),
            (None, Some(last)) if last.exists() => {
                app.open(&last);
                if app.screen == Screen::Event {
                    app.status = format!("Reopened {}, open when Tourney last closed", last.display());
                }
            }
            _ => {}
        }
        app
    }

    /// Writes the recent list and the open event (none on the start screen) to the app's own
    /// file at once; a failure is said on the status line, nothing else depends on it.
    fn keep_recent(&mut self) {
        let open = (self.screen != Screen::Start)
            .then(|| self.session.as_ref().map(|s| s.path()))
            .flatten();
        let kept = recent::Recent {
            open,
            list: self.recent.clone(),
        };
        if let Err(error) = recent::write(&self.data_folder, &kept) {
            self.status = format!("The recent events could not be kept: {error}");
        }
    }

    fn open_demo(&mut self) {
        let opened = Session::demo(&self.data_folder);
        self.show_opened(opened);
    }

    pub(crate) fn open(&mut self, path: &Path) {
        let opened = Session::open(path);
        if opened.is_ok() {
            self.remember(path);
        } else {
            self.repair = repair::Repair::needed(path);
        }
        self.show_opened(opened);
    }

    /// The repair window, while a damaged file waits for the organiser's word.
    fn repair_ui(&mut self, ctx: &egui::Context) {
        let Some(repair) = &self.repair else {
            return;
        };
        match repair.ui(ctx) {
            repair::RepairChoice::Waiting => {}
            repair::RepairChoice::Cancel => self.repair = None,
            repair::RepairChoice::Remove => {
                let path = repair.path.clone();
                let removed = repair.remove();
                self.repair = None;
                match removed {
                    Ok(said) => {
                        self.open(&path);
                        if self.session.is_some() {
                            self.banner = Some(Banner {
                                kind: BannerKind::Note,
                                text: said,
                                file: None,
                            });
                        }
                    }
                    Err(problem) => self.show_problem(problem),
                }
            }
        }
    }

    fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(8);
        self.keep_recent();
    }

    fn show_opened(&mut self, opened: Result<Session, SessionError>) {
        match opened {
            Ok(session) => {
                self.status = format!(
                    "Event file: {} (every change is saved as it is made)",
                    session.path().display()
                );
                self.banner = None;
                self.files_places(Some(&session.path()));
                self.session = Some(session);
                self.screen = Screen::Event;
                self.views.reset();
                self.keep_recent();
            }
            Err(problem) => {
                self.show_problem(problem.to_string());
                self.screen = Screen::Start;
            }
        }
    }

    /// Tourney's own file dialog lists the open event's folder and the app's event folder.
    fn files_places(&mut self, event_file: Option<&Path>) {
        let mut places = Vec::new();
        if let Some(folder) = event_file.and_then(Path::parent) {
            places.push(("This event's folder".to_owned(), folder.to_path_buf()));
        }
        places.push(("Tourney's events".to_owned(), self.data_folder.join("events")));
        let start = event_file
            .and_then(Path::parent)
            .filter(|folder| !folder.starts_with(&self.data_folder))
            .map(Path::to_path_buf);
        self.files.set_places(places, start);
    }

    fn event_ui(&mut self, ui: &mut egui::Ui) {
        let Some(session) = &mut self.session else {
            self.screen = Screen::Start;
            return;
        };
        // Another window, a command or a phone may write to the same file: look once a
        // second (a cheap question to SQLite) and show what they wrote.
        ui.ctx().request_repaint_after(std::time::Duration::from_secs(1));
        match session.refresh() {
            Ok(true) => {
                self.status =
                    "Read again: the event file was changed elsewhere (another window, a command or a phone)"
                        .to_owned()
            }
            Ok(false) => {}
            Err(problem) => self.status = format!("Could not read the event file again: {problem}"),
        }
        let settings = &session.event().settings;
        ui.horizontal(|ui| {
            ui.heading(&settings.title);
            let mut line = settings.format_label.clone();
            if let Some(club) = &settings.club {
                line = format!("{club} · {line}");
            }
            if let Some(date) = &settings.date {
                line = format!("{line} · {date}");
            }
            ui.label(line);
        });
        ui.horizontal(|ui| {
            for view in View::ALL {
                ui.selectable_value(&mut self.view, view, view.label());
            }
        });
        ui.separator();
        let Outcome { commands, mut notice } = self.views.get(self.view).ui(ui, session, &mut self.files);
        for command in commands {
            match session.apply(command) {
                Ok(applied) => self.status = applied.message,
                Err(problem) => notice = Some(Notice::Problem(format!("Not saved: {problem}"))),
            }
        }
        if let Some(notice) = notice {
            self.show_notice(notice);
        }
    }

    fn new_event_ui(&mut self, ui: &mut egui::Ui) {
        if let Some(made) = self.new_event.ui(ui, &mut self.files) {
            self.files.ask(
                Purpose::SaveNewEvent,
                Request::SaveEvent {
                    suggested: made.0.settings.title.clone(),
                },
            );
            self.pending_new_event = Some(made);
        }
        let Some(chosen) = self.files.answer(Purpose::SaveNewEvent) else {
            return;
        };
        let Some((event, notes)) = self.pending_new_event.take() else {
            return;
        };
        // Cancelled in the save dialog, the event is still kept: in the app's own folder,
        // listed under recent events.
        let path = chosen.clone().unwrap_or_else(|| {
            let safe: String = event
                .settings
                .title
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || c == ' ' || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
            self.data_folder
                .join("events")
                .join(format!("{} {stamp}.tourney", safe.trim()))
        });
        if let Some(folder) = path.parent() {
            let _ = std::fs::create_dir_all(folder);
        }
        match Session::create(&path, &event) {
            Ok(session) => {
                self.remembered = new_event::Remembered {
                    club: event.settings.club.clone().unwrap_or_default(),
                    format: event.settings.options.as_ref().map(|o| o.format),
                };
                self.remember(&path);
                self.show_opened(Ok(session));
                self.view = View::Schedule;
                let mut status = if chosen.is_some() {
                    format!("Saved the new event as {}", path.display())
                } else {
                    format!("No file was chosen, so the event is kept as {}", path.display())
                };
                if !notes.is_empty() {
                    status = format!("{status}. {}", notes.join("; "));
                }
                self.status = status;
            }
            Err(problem) => self.new_event.problem = Some(problem.to_string().into()),
        }
    }

    /// Undo and Redo (buttons and Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z when no text field has the
    /// keyboard: a field's own Ctrl+Z undoes typing).
    fn undo_redo_ui(&mut self, ui: &mut egui::Ui) {
        let Some(session) = &mut self.session else {
            return;
        };
        let typing = ui.ctx().egui_wants_keyboard_input();
        let (mut undo, mut redo) = (false, false);
        if !typing {
            ui.input_mut(|i| {
                let command = egui::Modifiers::COMMAND;
                redo = i.consume_shortcut(&egui::KeyboardShortcut::new(
                    command | egui::Modifiers::SHIFT,
                    egui::Key::Z,
                )) || i.consume_shortcut(&egui::KeyboardShortcut::new(command, egui::Key::Y));
                undo = i.consume_shortcut(&egui::KeyboardShortcut::new(command, egui::Key::Z));
            });
        }
        let undo_hover = session
            .undo_label()
            .map_or("Nothing to undo".to_owned(), |w| format!("Undo {w} (Ctrl+Z)"));
        let redo_hover = session
            .redo_label()
            .map_or("Nothing to redo".to_owned(), |w| format!("Redo {w} (Ctrl+Y)"));
        undo |= ui
            .add_enabled(session.undo_label().is_some(), egui::Button::new("Undo"))
            .on_hover_text(&undo_hover)
            .on_disabled_hover_text(&undo_hover)
            .clicked();
        redo |= ui
            .add_enabled(session.redo_label().is_some(), egui::Button::new("Redo"))
            .on_hover_text(&redo_hover)
            .on_disabled_hover_text(&redo_hover)
            .clicked();
        let (outcome, word) = if undo {
            (session.undo(), "Undone")
        } else if redo {
            (session.redo(), "Redone")
        } else {
            return;
        };
        match outcome {
            Ok(Some(reverted)) => self.status = format!("{word}: {}", reverted.what),
            Ok(None) => {}
            Err(problem) => self.show_problem(format!("Not changed: {problem}")),
        }
    }

    fn about_ui(&mut self, ui: &mut egui::Ui) {
        let mut open = self.show_about;
        egui::Window::new("About Tourney")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ui.ctx(), |ui| {
                for line in crate::about_lines() {
                    ui.label(line);
                }
            });
        self.show_about = open;
    }

    /// One frame of the whole window (the eframe entry point, and what UI tests drive).
    pub(crate) fn show(&mut self, ui: &mut egui::Ui) {
        member_picker::set_data_folder(ui.ctx(), &self.data_folder);
        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                if self.screen != Screen::Start
                    && ui
                        .button("Start screen")
                        .on_hover_text("Recent events, new event, open")
                        .clicked()
                {
                    self.screen = Screen::Start;
                    self.keep_recent();
                }
                if self.screen == Screen::Event {
                    self.undo_redo_ui(ui);
                }
                if self.screen != Screen::Tools
                    && ui
                        .button("Tools")
                        .on_hover_text("League-table detective, logic grids, dic-dac-doe")
                        .clicked()
                {
                    self.screen = Screen::Tools;
                }
                if self.screen == Screen::Tools
                    && let Some(session) = &self.session
                    && ui
                        .button(format!("Back to {}", session.event().settings.title))
                        .clicked()
                {
                    self.screen = Screen::Event;
                }
                self.preferences_ui(ui);
            });
        });
        if let Some(notice) = self.files.notice.take()
            && self.banner.is_none()
        {
            self.banner = Some(Banner {
                kind: BannerKind::Note,
                text: notice,
                file: None,
            });
        }
        let banner = self.banner_panel(ui);
        egui::Panel::bottom("status-bar").show(ui, |ui| {
            ui.add(egui::Label::new(egui::RichText::new(&self.status).small()).truncate());
        });
        egui::CentralPanel::default().show(ui, |ui| match self.screen {
            Screen::Start => self.start_ui(ui),
            Screen::NewEvent => self.new_event_ui(ui),
            Screen::Event => self.event_ui(ui),
            Screen::Tools => self.tools.ui(ui, &mut self.files),
            Screen::Members => self.members.ui(ui, &mut self.files, &self.data_folder),
        });
        self.files.ui(ui.ctx());
        if self.show_about {
            self.about_ui(ui);
        }
        self.repair_ui(ui.ctx());
        self.settle_banner(banner, ui.ctx());
    }
}

impl eframe::App for TourneyApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    /// Window size comes from eframe; Tourney adds the recent files and the look. Never
    /// results: those are in the event files.
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let text: Vec<String> = self.recent.iter().map(|p| p.display().to_string()).collect();
        storage.set_string(RECENT_KEY, text.join("\n"));
        storage.set_string(PREFERENCES_KEY, self.preferences.to_text());
        storage.set_string(NEW_EVENT_KEY, self.remembered.to_text());
    }
}

#[cfg(test)]
mod tests;
