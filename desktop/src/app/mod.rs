//! The window. It opens on the demo event (a 16-player whist drive with two rounds entered,
//! kept in the app's data folder) so a first start shows a living app. From the start screen
//! the organiser opens a recent event, any `.tourney` file, or creates a new one with the
//! wizard; an open event has schedule, results, standings and sheets views. Each view is a
//! struct holding view state only; changes go through `session::AppCommand` to the event file.

mod dialogs;
mod new_event;
mod session;
mod sheets_view;
mod views;

use dialogs::{FileDialogs, NativeDialogs};
use eframe::egui;
use new_event::NewEventView;
use session::Session;
use sheets_view::SheetsView;
use std::path::{Path, PathBuf};
use views::{ResultsView, ScheduleView, StandingsView};

const RECENT_KEY: &str = "recent_events";
const NO_FILE_CHOSEN: &str =
    "No file was chosen. (If no dialog appeared, this desktop has no file-dialog service: see the README.)";

pub fn run() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tourney")
            .with_inner_size([1000.0, 700.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Tourney",
        options,
        Box::new(|cc| {
            let recent = cc
                .storage
                .and_then(|s| s.get_string(RECENT_KEY))
                .map(|text| text.lines().map(PathBuf::from).collect())
                .unwrap_or_default();
            let folder =
                eframe::storage_dir("Tourney").unwrap_or_else(|| std::env::temp_dir().join("tourney"));
            Ok(Box::new(TourneyApp::new(folder, recent, Box::new(NativeDialogs))))
        }),
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Screen {
    Start,
    NewEvent,
    Event,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum View {
    Schedule,
    Results,
    Standings,
    Sheets,
}

pub struct TourneyApp {
    data_folder: PathBuf,
    recent: Vec<PathBuf>,
    dialogs: Box<dyn FileDialogs>,
    screen: Screen,
    session: Option<Session>,
    view: View,
    schedule: ScheduleView,
    results: ResultsView,
    standings: StandingsView,
    sheets: SheetsView,
    new_event: NewEventView,
    status: String,
}

impl TourneyApp {
    /// Starts on the demo event kept in `data_folder`.
    fn new(data_folder: PathBuf, recent: Vec<PathBuf>, dialogs: Box<dyn FileDialogs>) -> Self {
        let mut app = TourneyApp {
            data_folder,
            recent,
            dialogs,
            screen: Screen::Start,
            session: None,
            view: View::Results,
            schedule: ScheduleView::default(),
            results: ResultsView::default(),
            standings: StandingsView::default(),
            sheets: SheetsView::default(),
            new_event: NewEventView::default(),
            status: String::new(),
        };
        app.open_demo();
        app
    }

    fn open_demo(&mut self) {
        let opened = Session::demo(&self.data_folder);
        self.show_opened(opened);
    }

    fn open(&mut self, path: &Path) {
        let opened = Session::open(path);
        if opened.is_ok() {
            self.remember(path);
        }
        self.show_opened(opened);
    }

    fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(8);
    }

    fn show_opened(&mut self, opened: Result<Session, String>) {
        match opened {
            Ok(session) => {
                self.status = format!(
                    "Event file: {} (every result is saved as it is entered)",
                    session.path().display()
                );
                self.session = Some(session);
                self.screen = Screen::Event;
                self.results = ResultsView::default();
                self.schedule = ScheduleView::default();
                self.standings = StandingsView::default();
            }
            Err(problem) => {
                self.status = problem;
                self.screen = Screen::Start;
            }
        }
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
                match self.dialogs.pick_event() {
                    Some(path) => self.open(&path),
                    None => self.status = NO_FILE_CHOSEN.to_owned(),
                }
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
        ui.add_space(8.0);
        if !self.recent.is_empty() {
            ui.strong("Recent events");
            for path in self.recent.clone() {
                if ui.link(path.display().to_string()).clicked() {
                    self.open(&path);
                }
            }
        }
    }

    fn event_ui(&mut self, ui: &mut egui::Ui) {
        let Some(session) = &mut self.session else {
            self.screen = Screen::Start;
            return;
        };
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
            ui.selectable_value(&mut self.view, View::Schedule, "Schedule");
            ui.selectable_value(&mut self.view, View::Results, "Results");
            ui.selectable_value(&mut self.view, View::Standings, "Standings");
            ui.selectable_value(&mut self.view, View::Sheets, "Sheets");
        });
        ui.separator();
        match self.view {
            View::Schedule => self.schedule.ui(ui, session),
            View::Results => {
                for command in self.results.ui(ui, session) {
                    self.status = match session.apply(command) {
                        Ok(message) => message,
                        Err(message) => format!("Not saved: {message}"),
                    };
                }
            }
            View::Standings => self.standings.ui(ui, session),
            View::Sheets => {
                if let Some(message) = self.sheets.ui(ui, session, self.dialogs.as_mut()) {
                    self.status = message;
                }
            }
        }
    }

    fn new_event_ui(&mut self, ui: &mut egui::Ui) {
        let Some((event, notes)) = self.new_event.ui(ui, self.dialogs.as_mut()) else {
            return;
        };
        // Without an answer from the save dialog (cancelled, or no dialog service on this
        // desktop) the event is still kept: in the app's own folder, listed under recent events.
        let chosen = self.dialogs.save_event(&event.settings.title);
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
            Err(problem) => self.new_event.problem = Some(problem),
        }
    }
}

impl TourneyApp {
    /// One frame of the whole window (the eframe entry point, and what UI tests drive).
    fn show(&mut self, ui: &mut egui::Ui) {
        egui::CentralPanel::default().show(ui, |ui| {
            if self.screen != Screen::Start
                && ui
                    .small_button("Start screen")
                    .on_hover_text("Recent events, new event, open")
                    .clicked()
            {
                self.screen = Screen::Start;
            }
            let body_height = (ui.available_height() - 28.0).max(100.0);
            ui.allocate_ui(egui::vec2(ui.available_width(), body_height), |ui| {
                match self.screen {
                    Screen::Start => self.start_ui(ui),
                    Screen::NewEvent => self.new_event_ui(ui),
                    Screen::Event => self.event_ui(ui),
                }
            });
            ui.separator();
            ui.small(&self.status);
        });
    }
}

impl eframe::App for TourneyApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    /// Window size comes from eframe; Tourney adds the recent files. Never results: those are
    /// in the event files.
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let text: Vec<String> = self.recent.iter().map(|p| p.display().to_string()).collect();
        storage.set_string(RECENT_KEY, text.join("\n"));
    }
}

#[cfg(test)]
mod tests {
    use super::dialogs::ScriptedDialogs;
    use super::*;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    /// Drives the real window by label: results for round 3 typed and saved with Enter, a
    /// wrong total flagged, then the standings show the new leader.
    #[test]
    fn an_organiser_enters_a_result_and_reads_the_standings() {
        let dir = folder("harness");
        let app = TourneyApp::new(dir.clone(), Vec::new(), Box::new(ScriptedDialogs::default()));
        let mut harness = Harness::builder()
            .with_size(egui::vec2(1000.0, 700.0))
            .build_ui_state(|ui, app: &mut TourneyApp| app.show(ui), app);
        harness.run();
        harness.get_by_label("Round 3: 0 of 4 results");
        harness.get_by_label("Table 1 N-S tricks").click();
        harness.run();
        harness.get_by_label("Table 1 N-S tricks").type_text("25");
        harness.get_by_label("Table 1 E-W tricks").click();
        harness.run();
        harness.get_by_label("Table 1 E-W tricks").type_text("2");
        harness.run();
        harness.get_by_label("N-S 25 + E-W 2 = 27 tricks, but 2 hand(s) a round make 26");
        harness.get_by_label("Table 1 E-W tricks").click();
        harness.run();
        harness.key_press(egui::Key::Backspace);
        harness.run();
        harness.get_by_label("Table 1 E-W tricks").type_text("1");
        harness.run();
        harness.get_by_label("Save").click();
        harness.run();
        harness.get_by_label("Round 3: 1 of 4 results");
        let key = scheduler::event::ResultKey {
            round: 3,
            table: 1,
            deal: 0,
        };
        assert_eq!(
            harness.state().session.as_ref().unwrap().results()[&key],
            scheduler::event::ResultValue::Tricks { ns: 25, ew: 1 }
        );
        harness.get_by_label("Standings").click();
        harness.run();
        // The leader has the 25 tricks on top of their first two rounds.
        let session = harness.state().session.as_ref().unwrap();
        let leader = scheduler::event::standings::leader(session.standings())
            .unwrap()
            .to_owned();
        let table1 = &session.event().schedule.round(3).unwrap().tables[0];
        let north_south: Vec<String> = scheduler::event::sides(table1)
            .0
            .iter()
            .map(|&p| session.event().schedule.entrants[p].clone())
            .collect();
        assert!(
            north_south.contains(&leader),
            "{leader} should lead after 25 tricks"
        );
        harness.get_by_label(leader.as_str());
    }

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tourney-app-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn starts_on_the_demo_and_refuses_a_bad_file_by_name() {
        let dir = folder("start");
        let mut app = TourneyApp::new(dir.clone(), Vec::new(), Box::new(ScriptedDialogs::default()));
        assert!(app.screen == Screen::Event);
        assert_eq!(app.session.as_ref().unwrap().results().len(), 8);
        let bad = dir.join("notes.tourney");
        std::fs::write(&bad, "shopping list").unwrap();
        app.open(&bad);
        assert!(app.screen == Screen::Start);
        assert!(
            app.status.contains("notes.tourney") && app.status.contains("not a Tourney event file"),
            "{}",
            app.status
        );
        assert!(
            app.recent.is_empty(),
            "a file that did not open is not remembered"
        );
    }

    #[test]
    fn recent_events_are_remembered_once_newest_first() {
        let dir = folder("recent");
        let mut app = TourneyApp::new(dir.clone(), Vec::new(), Box::new(ScriptedDialogs::default()));
        let demo = dir.join("demo.tourney");
        for _ in 0..3 {
            app.open(&demo);
        }
        assert_eq!(app.recent, vec![demo.clone()]);
        for i in 0..10 {
            app.remember(&dir.join(format!("e{i}.tourney")));
        }
        assert_eq!(app.recent.len(), 8);
        assert_eq!(app.recent[0], dir.join("e9.tourney"));
    }
}
