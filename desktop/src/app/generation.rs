//! Making a schedule on a background thread (a `Job`), used by the new-event wizard and by
//! "Generate again" in the schedule view.

use super::job::Job;
use eframe::egui;
use scheduler::event::create::{EventOptions, Generated, generate_schedule};
use scheduler::model::Roster;

pub struct Generation(Job<Result<Generated, String>>);

impl Generation {
    pub fn start(ctx: &egui::Context, roster: Roster, options: EventOptions, limit_seconds: f64) -> Self {
        Generation(Job::start(ctx, limit_seconds, move |control| {
            generate_schedule(&roster, &options, control)
        }))
    }

    pub fn take_outcome(&self) -> Option<Result<Generated, String>> {
        self.0.take_outcome()
    }

    pub fn progress_ui(&self, ui: &mut egui::Ui) {
        self.0.progress_ui(ui, "Generating the schedule…", |quality| {
            format!("Best quality so far: {quality:.3} (0 is perfect); nothing is saved until this finishes")
        });
    }
}
