//! The new-event wizard: name, date, club, format and its options, the roster (numbered
//! players or a CSV with its problems listed line by line before anything is accepted), then
//! generation on a background thread with progress and cancel.

use super::dialogs::FileDialogs;
use eframe::egui;
use scheduler::event::Event;
use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::model::{Roster, TeamEvent};
use scheduler::roster_import::{RosterImport, import_roster_file};
use scheduler::solver::Control;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A generation running on another thread.
struct Job {
    cancel: Arc<std::sync::atomic::AtomicBool>,
    best: Arc<Mutex<Option<f64>>>,
    outcome: Arc<Mutex<Option<Result<(Event, Vec<String>), String>>>>,
    started: std::time::Instant,
    limit: f64,
}

pub struct NewEventView {
    title: String,
    club: String,
    date: String,
    format: EventFormat,
    players: usize,
    roster: Option<(PathBuf, RosterImport)>,
    rounds: usize,
    boards_per_round: u32,
    hands_per_round: u32,
    directed: bool,
    avoid_spouses: bool,
    teams: usize,
    boards: usize,
    team_event: TeamEvent,
    time_limit: f64,
    job: Option<Job>,
    pub problem: Option<String>,
}

impl Default for NewEventView {
    fn default() -> Self {
        NewEventView {
            title: "Club evening".into(),
            club: String::new(),
            date: chrono::Local::now().date_naive().format("%Y-%m-%d").to_string(),
            format: EventFormat::WhistDrive,
            players: 16,
            roster: None,
            rounds: 7,
            boards_per_round: 2,
            hands_per_round: 2,
            directed: false,
            avoid_spouses: true,
            teams: 6,
            boards: 4,
            team_event: TeamEvent::Jamboree,
            time_limit: 20.0,
            job: None,
            problem: None,
        }
    }
}

impl NewEventView {
    /// Returns the built event once generation has finished.
    pub fn ui(&mut self, ui: &mut egui::Ui, dialogs: &mut dyn FileDialogs) -> Option<(Event, Vec<String>)> {
        if let Some(job) = &self.job {
            return self.progress_ui(ui, job.started.elapsed().as_secs_f64());
        }
        ui.heading("New event");
        egui::Grid::new("new-event")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                ui.label("Name");
                ui.text_edit_singleline(&mut self.title);
                ui.end_row();
                ui.label("Club");
                ui.text_edit_singleline(&mut self.club);
                ui.end_row();
                ui.label("Date (YYYY-MM-DD)");
                ui.text_edit_singleline(&mut self.date);
                ui.end_row();
                ui.label("Format");
                egui::ComboBox::from_id_salt("format")
                    .selected_text(self.format.label())
                    .show_ui(ui, |ui| {
                        for format in EventFormat::ALL {
                            ui.selectable_value(&mut self.format, format, format.label());
                        }
                    });
                ui.end_row();
                match self.format {
                    EventFormat::WhistDrive | EventFormat::BridgeIndividual => {
                        ui.label("Rounds tonight");
                        ui.add(egui::DragValue::new(&mut self.rounds).range(1..=60));
                        ui.end_row();
                        ui.label("Directed seating");
                        ui.checkbox(
                            &mut self.directed,
                            "everyone has each other player once on each side",
                        );
                        ui.end_row();
                    }
                    EventFormat::BridgePairs | EventFormat::Pairs | EventFormat::Chess => {
                        ui.label("Couples");
                        ui.checkbox(&mut self.avoid_spouses, "couples from the roster never meet");
                        ui.end_row();
                    }
                    EventFormat::TeamChess => {
                        ui.label("Kind");
                        ui.horizontal(|ui| {
                            ui.selectable_value(&mut self.team_event, TeamEvent::Jamboree, "jamboree");
                            ui.selectable_value(
                                &mut self.team_event,
                                TeamEvent::RoundRobin,
                                "team round robin",
                            );
                            ui.selectable_value(
                                &mut self.team_event,
                                TeamEvent::Scheveningen,
                                "Scheveningen",
                            );
                        });
                        ui.end_row();
                        if self.team_event == TeamEvent::Jamboree {
                            ui.label("Rounds");
                            ui.add(egui::DragValue::new(&mut self.rounds).range(1..=30));
                            ui.end_row();
                        }
                    }
                }
                if self.format == EventFormat::WhistDrive {
                    ui.label("Hands per round");
                    ui.add(egui::DragValue::new(&mut self.hands_per_round).range(1..=12));
                    ui.end_row();
                }
                if matches!(
                    self.format,
                    EventFormat::BridgeIndividual | EventFormat::BridgePairs
                ) {
                    ui.label("Boards per round");
                    ui.add(egui::DragValue::new(&mut self.boards_per_round).range(1..=8));
                    ui.end_row();
                }
                ui.label("Roster");
                ui.horizontal(|ui| {
                    if ui.button("Import CSV…").clicked() {
                        match dialogs.pick_roster() {
                            Some(path) => {
                                let import = import_roster_file(&path);
                                self.roster = Some((path, import));
                                self.problem = None;
                            }
                            None => self.problem = Some(super::NO_FILE_CHOSEN.to_owned()),
                        }
                    }
                    if self.roster.is_some() && ui.button("Use numbered players instead").clicked() {
                        self.roster = None;
                    }
                });
                ui.end_row();
                if self.roster.is_none() {
                    if self.format == EventFormat::TeamChess {
                        ui.label("Teams × boards");
                        ui.horizontal(|ui| {
                            ui.add(egui::DragValue::new(&mut self.teams).range(2..=60));
                            ui.label("×");
                            ui.add(egui::DragValue::new(&mut self.boards).range(1..=20));
                        });
                    } else {
                        ui.label("Players (or pairs)");
                        ui.add(egui::DragValue::new(&mut self.players).range(2..=400));
                    }
                    ui.end_row();
                }
                ui.label("Time allowed for the search (s)");
                ui.add(egui::DragValue::new(&mut self.time_limit).range(1.0..=600.0));
                ui.end_row();
            });
        let mut roster_ok = true;
        if let Some((path, import)) = &self.roster {
            ui.label(format!("{}: {} player(s)", path.display(), import.roster.len()));
            let problems: Vec<String> = import.problems.list.iter().map(|p| p.to_string()).collect();
            if problems.is_empty() {
                ui.label("No problems found.");
            }
            egui::ScrollArea::vertical().max_height(120.0).show(ui, |ui| {
                for problem in &problems {
                    ui.colored_label(egui::Color32::from_rgb(200, 90, 20), problem);
                }
            });
            roster_ok = import.is_ok();
            if !roster_ok {
                ui.colored_label(
                    egui::Color32::from_rgb(200, 30, 30),
                    "Fix the errors in the CSV and import it again.",
                );
            }
        }
        if let Some(problem) = &self.problem {
            ui.colored_label(egui::Color32::from_rgb(200, 30, 30), problem);
        }
        if ui
            .add_enabled(roster_ok, egui::Button::new("Generate the schedule"))
            .clicked()
        {
            self.start(ui.ctx().clone());
        }
        None
    }

    fn spec(&self) -> Result<NewEvent, String> {
        let roster = match &self.roster {
            Some((_, import)) => import.roster.clone(),
            None if self.format == EventFormat::TeamChess => Roster::default(),
            None => Roster::numbered(self.players),
        };
        let date = self.date.trim();
        if !date.is_empty() && chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_err() {
            return Err(format!("Date {date:?}: write it as YYYY-MM-DD, e.g. 2026-11-28"));
        }
        let mut spec = NewEvent::new(self.title.trim(), self.format, roster);
        spec.club = Some(self.club.trim().to_owned()).filter(|c| !c.is_empty());
        spec.date = Some(date.to_owned()).filter(|d| !d.is_empty());
        spec.rounds = Some(self.rounds);
        spec.directed = self.directed;
        spec.hands_per_round = Some(self.hands_per_round);
        spec.boards_per_round = self.boards_per_round;
        spec.avoid_spouses = self.avoid_spouses;
        spec.team_event = self.team_event;
        spec.teams = Some(self.teams);
        spec.boards = Some(self.boards);
        Ok(spec)
    }

    fn start(&mut self, ctx: egui::Context) {
        let spec = match self.spec() {
            Ok(spec) => spec,
            Err(problem) => {
                self.problem = Some(problem);
                return;
            }
        };
        self.problem = None;
        let best = Arc::new(Mutex::new(None));
        let outcome = Arc::new(Mutex::new(None));
        let progress_best = best.clone();
        let repaint = ctx.clone();
        let control =
            Control::with_time_limit(Duration::from_secs_f64(self.time_limit)).on_progress(move |p| {
                if let Ok(mut slot) = progress_best.lock() {
                    *slot = Some(p.best_quality);
                }
                repaint.request_repaint();
            });
        let cancel = control.cancel_flag();
        let result_slot = outcome.clone();
        std::thread::spawn(move || {
            let result = build_event(&spec, &control);
            if let Ok(mut slot) = result_slot.lock() {
                *slot = Some(result);
            }
            ctx.request_repaint();
        });
        self.job = Some(Job {
            cancel,
            best,
            outcome,
            started: std::time::Instant::now(),
            limit: self.time_limit,
        });
    }

    fn progress_ui(&mut self, ui: &mut egui::Ui, elapsed: f64) -> Option<(Event, Vec<String>)> {
        let job = self.job.as_ref()?;
        let finished = job.outcome.lock().ok().and_then(|mut slot| slot.take());
        if let Some(result) = finished {
            self.job = None;
            return match result {
                Ok(built) => Some(built),
                Err(problem) => {
                    self.problem = Some(problem);
                    None
                }
            };
        }
        ui.heading("Generating the schedule…");
        ui.add(
            egui::ProgressBar::new((elapsed / job.limit).min(1.0) as f32)
                .text(format!("{elapsed:.1} s of at most {:.0} s", job.limit)),
        );
        match job.best.lock().ok().and_then(|b| *b) {
            Some(best) => ui.label(format!("Best quality so far: {best:.3} (0 is perfect)")),
            None => ui.label("Working…"),
        };
        if ui.button("Cancel (keep the best so far)").clicked() {
            job.cancel.store(true, Ordering::Relaxed);
        }
        ui.ctx().request_repaint_after(Duration::from_millis(200));
        None
    }
}
