//! Small pieces more than one view draws: the status colours, a warning box, the round
//! picker.

use eframe::egui;
use scheduler::event::session::Session;

pub const ERROR_RED: egui::Color32 = egui::Color32::from_rgb(200, 30, 30);

pub const WARNING_ORANGE: egui::Color32 = egui::Color32::from_rgb(200, 110, 20);

pub const DONE_GREEN: egui::Color32 = egui::Color32::from_rgb(0, 140, 60);

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
