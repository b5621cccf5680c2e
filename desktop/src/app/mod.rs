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
mod job;
mod line_up_form;
mod new_event;
mod opener;
mod options_form;
mod repair;
mod results_view;
mod roster_preview;
mod roster_view;
pub(crate) mod schedule_view;

mod sheets_view;
mod standings_view;
mod tools_view;

use dialogs::{DialogChoice, FileDialogs, Files, NativeDialogs, Purpose, Request};
use eframe::egui;
use new_event::NewEventView;
use results_view::ResultsView;
use roster_view::RosterView;
use schedule_view::ScheduleView;
use scheduler::event::session::{Session, SessionError};
use sheets_view::SheetsView;
use standings_view::StandingsView;
use std::path::{Path, PathBuf};
use tools_view::ToolsView;

const RECENT_KEY: &str = "recent_events";
const PREFERENCES_KEY: &str = "preferences";
const NO_FILE_CHOSEN: &str = "No file was chosen.";

pub const ERROR_RED: egui::Color32 = egui::Color32::from_rgb(200, 30, 30);
pub const WARNING_ORANGE: egui::Color32 = egui::Color32::from_rgb(200, 110, 20);
pub const DONE_GREEN: egui::Color32 = egui::Color32::from_rgb(0, 140, 60);

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
            install_fonts(&cc.egui_ctx);
            preferences.apply(&cc.egui_ctx);
            let folder =
                eframe::storage_dir("Tourney").unwrap_or_else(|| std::env::temp_dir().join("tourney"));
            let mut app = TourneyApp::new(folder, recent, Box::new(NativeDialogs));
            app.preferences = preferences;
            if let Some(file) = &file {
                app.open(file);
            }
            Ok(wrap(app))
        }),
    )
}

/// egui's own fonts first, then the fonts the printed sheets use for what they lack: Chinese,
/// Japanese and Korean names, arrows and symbols. Without them such names show as boxes.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    for (name, bytes) in [
        ("droid-sans-fallback", scheduler::sheets::pdf::CJK_FONT),
        ("dejavu-sans", scheduler::sheets::pdf::SYMBOL_FONT),
    ] {
        fonts.font_data.insert(
            name.to_owned(),
            std::sync::Arc::new(egui::FontData::from_static(bytes)),
        );
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.to_owned());
        }
    }
    ctx.set_fonts(fonts);
}

/// Look and size, kept in eframe's storage between runs (never anything about events).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Preferences {
    pub theme: egui::ThemePreference,
    pub zoom: f32,
    /// Tourney's own file dialog even where the system has one.
    pub own_file_dialog: bool,
}

/// The text sizes View → Larger and Smaller step through.
const ZOOM_STEPS: [f32; 9] = [0.75, 0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0];

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            theme: egui::ThemePreference::System,
            zoom: 1.0,
            own_file_dialog: false,
        }
    }
}

impl Preferences {
    fn parse(text: &str) -> Self {
        let mut preferences = Preferences::default();
        for line in text.lines() {
            match line.split_once('=') {
                Some(("theme", "light")) => preferences.theme = egui::ThemePreference::Light,
                Some(("theme", "dark")) => preferences.theme = egui::ThemePreference::Dark,
                Some(("file_dialog", "own")) => preferences.own_file_dialog = true,
                Some(("zoom", value)) => {
                    if let Ok(zoom) = value.parse::<f32>()
                        && (0.5..=3.0).contains(&zoom)
                    {
                        preferences.zoom = zoom;
                    }
                }
                _ => {}
            }
        }
        preferences
    }

    fn to_text(self) -> String {
        let theme = match self.theme {
            egui::ThemePreference::Light => "light",
            egui::ThemePreference::Dark => "dark",
            egui::ThemePreference::System => "system",
        };
        let dialog = if self.own_file_dialog { "own" } else { "system" };
        format!("theme={theme}\nzoom={}\nfile_dialog={dialog}\n", self.zoom)
    }

    fn apply(self, ctx: &egui::Context) {
        ctx.set_theme(self.theme);
        ctx.set_zoom_factor(self.zoom);
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Screen {
    Start,
    NewEvent,
    Event,
    Tools,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum View {
    Roster,
    Schedule,
    Results,
    Standings,
    Sheets,
}

pub struct TourneyApp {
    data_folder: PathBuf,
    recent: Vec<PathBuf>,
    pub(crate) files: Files,
    pub(crate) screen: Screen,
    pub(crate) session: Option<Session>,
    pub(crate) view: View,
    roster: RosterView,
    pub(crate) schedule: ScheduleView,
    results: ResultsView,
    standings: StandingsView,
    sheets: SheetsView,
    new_event: NewEventView,
    tools: ToolsView,
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
    show_about: bool,
    /// A damaged file whose unfit results the organiser is asked to remove.
    pub(crate) repair: Option<repair::Repair>,
}

/// Opens a file or its folder; says what it asked, or why it could not.
type Opener = dyn FnMut(&Path, opener::Reveal) -> Result<String, String>;

/// What a view reports after an action that matters: shown in the banner.
pub enum Notice {
    Problem(String),
    Wrote(PathBuf),
}

impl Notice {
    /// The banner for a write to `path` that ended with `result`.
    pub fn written(path: PathBuf, result: Result<(), String>) -> Notice {
        match result {
            Ok(()) => Notice::Wrote(path),
            Err(problem) => Notice::Problem(format!("Not written: {problem}")),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum BannerKind {
    Problem,
    Done,
    Note,
}

/// A message that stays where the eye is (under the top bar) until dismissed; after an
/// export it offers to open the file or its folder.
pub(crate) struct Banner {
    pub(crate) kind: BannerKind,
    pub(crate) text: String,
    file: Option<PathBuf>,
}

/// A recent event as the start screen lists it.
#[derive(Clone)]
struct RecentDetails {
    title: String,
    date: Option<String>,
    format: String,
}

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
            roster: RosterView::default(),
            schedule: ScheduleView::default(),
            results: ResultsView::default(),
            standings: StandingsView::default(),
            sheets: SheetsView::default(),
            new_event: NewEventView::default(),
            tools: ToolsView::default(),
            status: String::new(),
            banner: None,
            opener: Box::new(opener::open),
            recent_details: std::collections::HashMap::new(),
            pending_new_event: None,
            preferences: Preferences::default(),
            show_about: false,
            repair: None,
        };
        app.open_demo();
        app
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
                self.roster = RosterView::default();
                self.results = ResultsView::default();
                self.schedule = ScheduleView::default();
                self.standings = StandingsView::default();
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

    /// A problem the organiser must see: in the banner (and the status line).
    fn show_problem(&mut self, problem: String) {
        self.status = problem.clone();
        self.banner = Some(Banner {
            kind: BannerKind::Problem,
            text: problem,
            file: None,
        });
    }

    fn show_notice(&mut self, notice: Notice) {
        match notice {
            Notice::Problem(problem) => self.show_problem(problem),
            Notice::Wrote(path) => {
                self.status = format!("Wrote {}", path.display());
                self.banner = Some(Banner {
                    kind: BannerKind::Done,
                    text: format!("Wrote {}", path.display()),
                    file: Some(path),
                });
            }
        }
    }

    /// The banner: the message, Open / Show in folder after an export, and Dismiss.
    fn banner_ui(&mut self, ui: &mut egui::Ui) {
        let Some(banner) = &self.banner else {
            return;
        };
        let dark = ui.visuals().dark_mode;
        let fill = match (banner.kind, dark) {
            (BannerKind::Problem, false) => egui::Color32::from_rgb(255, 222, 222),
            (BannerKind::Problem, true) => egui::Color32::from_rgb(100, 28, 28),
            (BannerKind::Done, false) => egui::Color32::from_rgb(214, 242, 220),
            (BannerKind::Done, true) => egui::Color32::from_rgb(24, 80, 44),
            (BannerKind::Note, false) => egui::Color32::from_rgb(255, 240, 200),
            (BannerKind::Note, true) => egui::Color32::from_rgb(90, 70, 20),
        };
        let text_color = if dark {
            egui::Color32::WHITE
        } else {
            egui::Color32::BLACK
        };
        let mut dismiss = false;
        let mut reveal = None;
        egui::Frame::new()
            .fill(fill)
            .inner_margin(8.0)
            .corner_radius(4.0)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.add(
                        egui::Label::new(egui::RichText::new(&banner.text).color(text_color).strong())
                            .selectable(true),
                    );
                    if banner.file.is_some() {
                        if ui
                            .button("Open")
                            .on_hover_text("With the system's program for it")
                            .clicked()
                        {
                            reveal = Some(opener::Reveal::File);
                        }
                        if ui.button("Show in folder").clicked() {
                            reveal = Some(opener::Reveal::Folder);
                        }
                    }
                    if ui.button("Dismiss").clicked() {
                        dismiss = true;
                    }
                });
            });
        if let (Some(how), Some(file)) = (reveal, banner.file.clone()) {
            match (self.opener)(&file, how) {
                Ok(message) => self.status = message,
                Err(problem) => self.show_problem(problem),
            }
        }
        if dismiss {
            self.banner = None;
        }
    }

    /// Reads the title, date and format of recent events not read yet (once each).
    fn recent_details(&mut self, path: &Path) -> Option<RecentDetails> {
        self.recent_details
            .entry(path.to_path_buf())
            .or_insert_with(|| {
                let file = scheduler::event::store::EventFile::open_read_only(path).ok()?;
                let settings = &file.event().settings;
                Some(RecentDetails {
                    title: settings.title.clone(),
                    date: settings.date.clone(),
                    format: settings.format_label.clone(),
                })
            })
            .clone()
    }

    fn start_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Tourney");
        ui.label(
            "Schedules, results and standings for whist and bridge drives, round robins and team chess.",
        );
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("New event…").clicked() {
                self.new_event = NewEventView::default();
                self.screen = Screen::NewEvent;
                self.status.clear();
            }
            if ui.button("Open…").clicked() {
                self.files.ask(Purpose::OpenEvent, Request::Event);
            }
            if ui.button("Demo event").clicked() {
                self.open_demo();
            }
            if let Some(session) = &self.session
                && ui
                    .button(format!("Back to {}", session.event().settings.title))
                    .clicked()
            {
                self.screen = Screen::Event;
            }
        });
        match self.files.answer(Purpose::OpenEvent) {
            Some(Some(path)) => self.open(&path),
            Some(None) => self.status = NO_FILE_CHOSEN.to_owned(),
            None => {}
        }
        ui.add_space(8.0);
        if !self.recent.is_empty() {
            ui.strong("Recent events");
            egui::Grid::new("recent-events").num_columns(2).show(ui, |ui| {
                for path in self.recent.clone() {
                    let file_name = path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    );
                    let (title, line) = match self.recent_details(&path) {
                        Some(d) => {
                            let mut line = d.format;
                            if let Some(date) = d.date {
                                line = format!("{date} · {line}");
                            }
                            (d.title, format!("{line} · {file_name}"))
                        }
                        None if !path.exists() => (file_name, "the file is no longer there".to_owned()),
                        None => (file_name, "cannot be read".to_owned()),
                    };
                    if ui.link(title).on_hover_text(path.display().to_string()).clicked() {
                        self.open(&path);
                    }
                    ui.weak(line);
                    ui.end_row();
                }
            });
        }
        ui.add_space(12.0);
        ui.strong("How an evening goes");
        for step in [
            "1. New event: name it, choose the format, import the roster you keep in a spreadsheet (saved as CSV).",
            "2. Schedule: check who meets whom in the audit, then print the round sheets and table cards from Sheets.",
            "3. Results: type each table's result between rounds; everything is saved as you type Enter.",
            "4. Standings: always up to date; export them as CSV or print them.",
        ] {
            ui.label(step);
        }
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
                self.status = "Read again: the event file was changed elsewhere (another window or a command)"
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
            ui.selectable_value(&mut self.view, View::Roster, "Roster");
            ui.selectable_value(&mut self.view, View::Schedule, "Schedule");
            ui.selectable_value(&mut self.view, View::Results, "Results");
            ui.selectable_value(&mut self.view, View::Standings, "Standings");
            ui.selectable_value(&mut self.view, View::Sheets, "Sheets");
        });
        ui.separator();
        let mut notice = None;
        let commands = match self.view {
            View::Roster => self.roster.ui(ui, session, &mut self.files),
            View::Schedule => self.schedule.ui(ui, session),
            View::Results => self.results.ui(ui, session),
            View::Standings => {
                notice = self.standings.ui(ui, session, &mut self.files);
                Vec::new()
            }
            View::Sheets => {
                notice = self.sheets.ui(ui, session, &mut self.files);
                Vec::new()
            }
        };
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

    /// Theme, text size and file dialog, applied at once and remembered. The menu stays open
    /// while they are changed (a click outside closes it).
    fn preferences_ui(&mut self, ui: &mut egui::Ui) {
        let before = self.preferences;
        let config = egui::containers::menu::MenuConfig::new()
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new("View")
            .config(config)
            .ui(ui, |ui| {
                ui.label("Theme");
                ui.radio_value(&mut self.preferences.theme, egui::ThemePreference::Light, "Light");
                ui.radio_value(&mut self.preferences.theme, egui::ThemePreference::Dark, "Dark");
                ui.radio_value(
                    &mut self.preferences.theme,
                    egui::ThemePreference::System,
                    "As the system",
                );
                ui.separator();
                ui.label("Text size");
                ui.horizontal(|ui| {
                    let zoom = self.preferences.zoom;
                    if ui.button("Smaller").clicked() {
                        self.preferences.zoom = ZOOM_STEPS
                            .into_iter()
                            .rev()
                            .find(|&z| z < zoom - 0.01)
                            .unwrap_or(ZOOM_STEPS[0]);
                    }
                    if ui.button("Normal size").clicked() {
                        self.preferences.zoom = 1.0;
                    }
                    if ui.button("Larger").clicked() {
                        self.preferences.zoom = ZOOM_STEPS
                            .into_iter()
                            .find(|&z| z > zoom + 0.01)
                            .unwrap_or(ZOOM_STEPS[ZOOM_STEPS.len() - 1]);
                    }
                });
                ui.label(format!("{:.0} %", self.preferences.zoom * 100.0));
                ui.separator();
                ui.checkbox(&mut self.preferences.own_file_dialog, "Tourney's own file dialog")
                    .on_hover_text("Instead of the system's (used anyway where the desktop has none)");
                ui.separator();
                if ui.button("About Tourney").clicked() {
                    self.show_about = true;
                    ui.close();
                }
            });
        // Ctrl+plus / Ctrl+minus (egui's own zoom keys) change the same setting.
        let zoom = ui.ctx().zoom_factor();
        if (zoom - before.zoom).abs() > 0.001 && before == self.preferences {
            self.preferences.zoom = zoom;
        }
        if self.preferences != before {
            self.preferences.apply(ui.ctx());
        }
        self.files.choice = if self.preferences.own_file_dialog {
            DialogChoice::Own
        } else {
            DialogChoice::System
        };
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
        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                if self.screen != Screen::Start
                    && ui
                        .button("Start screen")
                        .on_hover_text("Recent events, new event, open")
                        .clicked()
                {
                    self.screen = Screen::Start;
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
        if self.banner.is_some() {
            egui::Panel::top("banner").show(ui, |ui| self.banner_ui(ui));
        }
        egui::Panel::bottom("status-bar").show(ui, |ui| {
            ui.add(egui::Label::new(egui::RichText::new(&self.status).small()).truncate());
        });
        egui::CentralPanel::default().show(ui, |ui| match self.screen {
            Screen::Start => self.start_ui(ui),
            Screen::NewEvent => self.new_event_ui(ui),
            Screen::Event => self.event_ui(ui),
            Screen::Tools => self.tools.ui(ui, &mut self.files),
        });
        self.files.ui(ui.ctx());
        if self.show_about {
            self.about_ui(ui);
        }
        self.repair_ui(ui.ctx());
    }
}

/// A tinted box with a warning the organiser should act on (e.g. a schedule older than the
/// roster).
pub fn warning_box(ui: &mut egui::Ui, text: String) {
    egui::Frame::new()
        .fill(ui.visuals().warn_fg_color.gamma_multiply(0.15))
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.label(text);
        });
}

/// Round picker shared by the schedule and results views: a button per round for an evening
/// (marked "done" when every result is in), Previous/Next and a number for long events.
pub fn round_picker(ui: &mut egui::Ui, session: &Session, round: &mut u32, with_progress: bool) {
    let rounds = &session.event().schedule.rounds;
    if rounds.len() <= 30 {
        ui.horizontal_wrapped(|ui| {
            ui.label("Round:");
            for r in rounds {
                let (done, needed) = session.event().round_progress(session.results(), r.number);
                let label = if with_progress && needed > 0 && done == needed {
                    format!("{} (done)", r.number)
                } else {
                    r.number.to_string()
                };
                ui.selectable_value(round, r.number, label)
                    .on_hover_text(format!("Round {}: {done} of {needed} results", r.number));
            }
        });
        return;
    }
    let first = rounds.first().map_or(1, |r| r.number);
    let last = rounds.last().map_or(1, |r| r.number);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(*round > first, egui::Button::new("Previous round"))
            .clicked()
        {
            *round -= 1;
        }
        let label = ui.label("Round");
        ui.add(egui::DragValue::new(round).range(first..=last))
            .labelled_by(label.id);
        ui.label(format!("of {last}"));
        if ui
            .add_enabled(*round < last, egui::Button::new("Next round"))
            .clicked()
        {
            *round += 1;
        }
    });
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
    }
}

#[cfg(test)]
mod tests;
