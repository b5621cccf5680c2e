//! The window. For now it shows a built-in demo event (a verified pairs round robin); the
//! full organiser's flow arrives with the desktop-app issue.

use eframe::egui;
use scheduler::model::{Roster, Schedule};
use scheduler::round_robin::{Method, RoundRobinOptions, round_robin};
use scheduler::verify::{Report, verify};

/// The demo club: eight pairs, one couple, so the window shows a schedule with the spouse
/// rule in action rather than an empty form.
const DEMO_ROSTER: &str = "name,spouse\nAnn Archer,Bob Archer\nBob Archer,\nCarol Dunn,\nDev Patel,\n\
Erin Khan,\nFinn Smith,\nGrace Lee,\nHal Moore,\n";

pub fn run() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tourney")
            .with_inner_size([900.0, 640.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Tourney",
        options,
        Box::new(|_cc| Ok(Box::new(TourneyApp::demo()))),
    )
}

pub struct TourneyApp {
    title: String,
    schedule: Option<Schedule>,
    report: Report,
    message: String,
}

impl TourneyApp {
    pub fn demo() -> Self {
        let import = scheduler::roster_import::import_roster_bytes("demo roster", DEMO_ROSTER.as_bytes());
        let roster: Roster = import.roster;
        let options = RoundRobinOptions {
            method: Method::Berger,
            double: false,
            avoid_spouses: true,
        };
        match round_robin(&roster, options) {
            Ok((schedule, notes)) => TourneyApp {
                title: "Demo club night — pairs round robin".to_owned(),
                report: verify(&schedule),
                schedule: Some(schedule),
                message: notes.messages.join("; "),
            },
            Err(err) => TourneyApp {
                title: "Demo".to_owned(),
                schedule: None,
                report: Report::default(),
                message: err.to_string(),
            },
        }
    }
}

impl eframe::App for TourneyApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading(&self.title);
            if !self.message.is_empty() {
                ui.label(&self.message);
            }
            let verdict = if self.report.is_valid() {
                "Verified: every rule holds.".to_owned()
            } else {
                format!("{} rule violation(s)", self.report.violations.len())
            };
            ui.label(verdict);
            ui.separator();
            let Some(schedule) = &self.schedule else {
                return;
            };
            egui::ScrollArea::vertical().show(ui, |ui| {
                for round in &schedule.rounds {
                    ui.strong(format!("Round {}", round.number));
                    egui::Grid::new(("round", round.number))
                        .striped(true)
                        .show(ui, |ui| {
                            for table in &round.tables {
                                ui.label(format!("Table {}", table.number));
                                for seat in &table.seats {
                                    ui.label(format!("{}: {}", seat.seat, schedule.entrants[seat.entrant]));
                                }
                                ui.end_row();
                            }
                            for absent in &round.absent {
                                ui.label(absent.kind.label());
                                ui.label(&schedule.entrants[absent.entrant]);
                                ui.end_row();
                            }
                        });
                    ui.add_space(8.0);
                }
            });
        });
    }
}
