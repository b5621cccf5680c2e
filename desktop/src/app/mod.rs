//! The window: opens on the demo event (a 16-player whist drive with two rounds entered) and
//! shows its schedule, results entry and standings. This is the first part of the desktop
//! issue; the start screen, new-event wizard, roster editing, sheets and tools panels follow.

mod session;
mod views;

use eframe::egui;
use session::Session;
use views::{ResultsView, ScheduleView, StandingsView};

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
        Box::new(|_cc| Ok(Box::new(TourneyApp::demo()))),
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum View {
    Schedule,
    Results,
    Standings,
}

pub struct TourneyApp {
    session: Result<Session, String>,
    view: View,
    schedule: ScheduleView,
    results: ResultsView,
    standings: StandingsView,
    status: String,
}

impl TourneyApp {
    /// The demo event, kept in the app's data folder so what is entered survives a restart.
    pub fn demo() -> Self {
        let folder = eframe::storage_dir("Tourney").unwrap_or_else(|| std::env::temp_dir().join("tourney"));
        let session = Session::demo(&folder);
        let status = match &session {
            Ok(s) => format!("Event file: {}", s.path().display()),
            Err(e) => e.clone(),
        };
        TourneyApp {
            session,
            view: View::Results,
            schedule: ScheduleView::default(),
            results: ResultsView::default(),
            standings: StandingsView::default(),
            status,
        }
    }
}

impl eframe::App for TourneyApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            let session = match &mut self.session {
                Ok(session) => session,
                Err(message) => {
                    ui.heading("Tourney");
                    ui.colored_label(egui::Color32::from_rgb(200, 30, 30), message.as_str());
                    return;
                }
            };
            let settings = &session.event().settings;
            ui.heading(&settings.title);
            let mut line = settings.format_label.clone();
            if let Some(club) = &settings.club {
                line = format!("{club} · {line}");
            }
            if let Some(date) = &settings.date {
                line = format!("{line} · {date}");
            }
            ui.label(line);
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.view, View::Schedule, "Schedule");
                ui.selectable_value(&mut self.view, View::Results, "Results");
                ui.selectable_value(&mut self.view, View::Standings, "Standings");
            });
            ui.separator();
            let body_height = (ui.available_height() - 28.0).max(100.0);
            ui.allocate_ui(egui::vec2(ui.available_width(), body_height), |ui| {
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
                }
            });
            ui.separator();
            ui.small(&self.status);
        });
    }
}
