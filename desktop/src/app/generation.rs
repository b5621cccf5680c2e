//! Making a schedule on a background thread (a `Job`), used by the new-event wizard and by
//! "Generate again" in the schedule view.

use super::job::Job;
use eframe::egui;
use scheduler::event::create::{EventOptions, Generated, generate_schedule, progress_words};
use scheduler::model::Roster;

/// The job, and how its best-so-far is said for this event (the library's words).
pub struct Generation(
    Job<Result<Generated, String>>,
    Box<dyn Fn(f64) -> String + Send + Sync>,
);

impl Generation {
    pub fn start(ctx: &egui::Context, roster: Roster, options: EventOptions, limit_seconds: f64) -> Self {
        let words = progress_words(&roster, &options);
        Generation(
            Job::start(ctx, limit_seconds, move |control| {
                generate_schedule(&roster, &options, control)
            }),
            words,
        )
    }

    pub fn take_outcome(&self) -> Option<Result<Generated, String>> {
        self.0.take_outcome()
    }

    pub fn progress_ui(&self, ui: &mut egui::Ui) {
        self.0.progress_ui(ui, "Generating the schedule…", |quality| {
            format!("{}; nothing is saved until this finishes", (self.1)(quality))
        });
    }
}
