//! Making a schedule on a background thread (a `Job`), used by the new-event wizard and by
//! "Generate again" in the schedule view.

use super::job::Job;
use eframe::egui;
use scheduler::event::create::{EventOptions, Generated, NotGenerated, generate_schedule, progress_words};
use scheduler::model::Roster;

/// The job, and how its best-so-far is said for this event (the library's words).
pub struct Generation(
    Job<Result<Generated, NotGenerated>>,
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

    pub fn take_outcome(&self) -> Option<Result<Generated, NotGenerated>> {
        self.0.take_outcome()
    }

    pub fn progress_ui(&self, ui: &mut egui::Ui) {
        self.0.progress_ui(ui, "Generating the schedule…", |quality| {
            format!("{}; nothing is saved until this finishes", (self.1)(quality))
        });
    }
}

/// Why no schedule was made, in red, and, when the generator found an evening it can make
/// instead, a button for it. Returns the number of rounds when that button is clicked.
pub fn refusal_ui(ui: &mut egui::Ui, problem: &NotGenerated) -> Option<usize> {
    ui.colored_label(super::ERROR_RED, &problem.message);
    let rounds = problem.fewer_rounds?;
    ui.button(format!("Play {rounds} rounds instead"))
        .on_hover_text("Set the rounds to this number and generate the schedule again")
        .clicked()
        .then_some(rounds)
}
