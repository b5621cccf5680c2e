//! The repair of a damaged event file: when a file does not open because stored results no
//! longer fit the event (a result entered from elsewhere for a table that a withdrawal
//! removed, a hand-edited file), the window lists those results and offers to remove them
//! (each kept in the event's history), then opens the file.

use eframe::egui;
use scheduler::event::session::Session;
use scheduler::event::store::{EventFile, UnfitResult};
use std::path::{Path, PathBuf};

/// A file waiting for the organiser's word on its unfit results.
pub struct Repair {
    pub path: PathBuf,
    pub unfit: Vec<UnfitResult>,
}

/// What the organiser chose.
pub enum RepairChoice {
    /// Nothing yet: the window stays.
    Waiting,
    Remove,
    Cancel,
}

impl Repair {
    /// The repair a file needs, when it opens for reading and has results that do not fit.
    pub fn needed(path: &Path) -> Option<Repair> {
        let file = EventFile::open(path).ok()?;
        let unfit = file.unfit_results().ok()?;
        (!unfit.is_empty()).then(|| Repair {
            path: path.to_path_buf(),
            unfit,
        })
    }

    /// Removes the unfit results (checked again inside the write), saying what was removed.
    pub fn remove(&self) -> Result<String, String> {
        let removed = Session::repair(&self.path).map_err(|e| e.to_string())?;
        Ok(format!(
            "Removed {} result(s) that did not fit the event (kept in the history): {}",
            removed.len(),
            removed
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ))
    }

    /// The repair window: the file, each unfit result, and the two buttons.
    pub fn ui(&self, ctx: &egui::Context) -> RepairChoice {
        let mut choice = RepairChoice::Waiting;
        egui::Window::new("Repair the event file")
            .collapsible(false)
            .resizable(true)
            .default_width(560.0)
            .show(ctx, |ui| {
                ui.label(format!(
                    "{} cannot be changed: {} stored result(s) do not fit the event.",
                    self.path.display(),
                    self.unfit.len()
                ));
                ui.label(
                    "This happens when a result was entered for a table that was changed meanwhile \
                     (a withdrawal or a late arrival), or when the file was edited by hand.",
                );
                ui.separator();
                egui::ScrollArea::vertical().max_height(240.0).show(ui, |ui| {
                    for result in &self.unfit {
                        ui.label(format!("• {result}"));
                    }
                });
                ui.separator();
                ui.horizontal(|ui| {
                    if ui
                        .button("Remove these results and open")
                        .on_hover_text("Each removal is kept in the event's history")
                        .clicked()
                    {
                        choice = RepairChoice::Remove;
                    }
                    if ui.button("Cancel").clicked() {
                        choice = RepairChoice::Cancel;
                    }
                });
            });
        choice
    }
}
