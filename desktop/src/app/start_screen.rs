//! The start screen: the demo, a new event, recent events with their title, date and
//! format, and how an evening goes.

use super::{NO_FILE_CHOSEN, NewEventView, Purpose, Request, Screen, TourneyApp};
use eframe::egui;
use std::path::Path;

/// A recent event as the start screen lists it.
#[derive(Clone)]
pub(super) struct RecentDetails {
    title: String,
    date: Option<String>,
    format: String,
}

impl TourneyApp {
    /// Reads the title, date and format of recent events not read yet (once each).
    pub(super) fn recent_details(&mut self, path: &Path) -> Option<RecentDetails> {
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

    pub(super) fn start_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Tourney");
        ui.label(
            "Schedules, results and standings for whist and bridge drives, round robins and team chess.",
        );
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("New event…").clicked() {
                self.new_event = NewEventView::remembering(&self.remembered);
                self.screen = Screen::NewEvent;
                self.status.clear();
            }
            if ui.button("Open…").clicked() {
                self.files.ask(Purpose::OpenEvent, Request::Event);
            }
            if ui.button("Demo event").clicked() {
                self.open_demo();
            }
            if ui.button("Club members…").clicked() {
                self.screen = Screen::Members;
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
}
