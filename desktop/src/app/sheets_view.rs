//! Sheets and exports: choose the sheet kinds and the paper, write the PDF or the standings
//! CSV through a save dialog, and open the folder it went to.

use super::dialogs::FileDialogs;
use super::session::Session;
use eframe::egui;
use scheduler::event::printing::{event_sheets_pdf, sheet_kinds, sheet_options};
use scheduler::event::standings::standings_csv;
use scheduler::export_file::{Existing, write_export};
use scheduler::schedule_io::write_round_sheet_csv;
use scheduler::sheets::{Paper, SheetKind};
use std::path::{Path, PathBuf};

pub struct SheetsView {
    round: bool,
    table: bool,
    personal: bool,
    standings: bool,
    /// Club pairs (a movement): travellers, personal score cards; any bridge event: the
    /// director's movement summary.
    travellers: bool,
    score_cards: bool,
    summary: bool,
    letter: bool,
    last_written: Option<PathBuf>,
}

impl Default for SheetsView {
    fn default() -> Self {
        SheetsView {
            round: true,
            table: true,
            personal: true,
            standings: false,
            travellers: true,
            score_cards: true,
            summary: true,
            letter: false,
            last_written: None,
        }
    }
}

impl SheetsView {
    /// Returns a status line when something was written (or failed).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        dialogs: &mut dyn FileDialogs,
    ) -> Option<String> {
        let mut status = None;
        ui.heading("Sheets and exports");
        let changes = session.event().roster_changes();
        if !changes.is_empty() {
            ui.colored_label(
                super::WARNING_ORANGE,
                format!(
                    "The schedule was made before the roster changed ({}): these sheets would show the old schedule. Generate it again in the Schedule view first.",
                    changes.join("; ")
                ),
            );
        }
        let offered = sheet_kinds(session.event());
        let club_pairs = session.event().schedule.movement.is_some();
        if offered.contains(&SheetKind::MovementSummary) {
            ui.checkbox(
                &mut self.summary,
                "Movement summary for the director (relay, sharing, copies of each board)",
            );
        }
        if offered.contains(&SheetKind::Round) {
            ui.checkbox(&mut self.round, "Master round sheet (every round, every table)");
        }
        ui.checkbox(
            &mut self.table,
            if club_pairs {
                "Table cards (where the boards and the pairs go next)"
            } else {
                "Table cards (team chess: match cards)"
            },
        );
        if offered.contains(&SheetKind::Personal) {
            ui.checkbox(&mut self.personal, "Personal movement cards (with cut lines)");
        }
        if club_pairs {
            ui.checkbox(
                &mut self.travellers,
                "Travellers, one per board (filled in from the results entered)",
            );
            ui.checkbox(&mut self.score_cards, "Personal score cards, one per pair");
        }
        ui.add_enabled(
            !session.results().is_empty(),
            egui::Checkbox::new(&mut self.standings, "Standings"),
        )
        .on_disabled_hover_text("Standings print once results are entered");
        ui.horizontal(|ui| {
            ui.label("Paper:");
            ui.selectable_value(&mut self.letter, false, "A4");
            ui.selectable_value(&mut self.letter, true, "Letter");
        });
        let title = session.event().settings.title.clone();
        if ui.button("Export PDF…").clicked()
            && let Some(path) = dialogs.save_export(&title, "pdf")
        {
            status = Some(match self.write_pdf(session, &path) {
                Ok(()) => {
                    self.last_written = Some(path.clone());
                    format!("Wrote {}", path.display())
                }
                Err(problem) => format!("Not written: {problem}"),
            });
        }
        if ui.button("Export round-sheet CSV…").clicked()
            && let Some(path) = dialogs.save_export(&format!("{title} rounds"), "csv")
        {
            status = Some(match self.write_round_sheet(session, &path) {
                Ok(()) => {
                    self.last_written = Some(path.clone());
                    format!("Wrote {}", path.display())
                }
                Err(problem) => format!("Not written: {problem}"),
            });
        }
        if ui
            .add_enabled(
                !session.results().is_empty(),
                egui::Button::new("Export standings CSV…"),
            )
            .on_disabled_hover_text("Standings can be exported once results are entered")
            .clicked()
        {
            status = export_standings_csv(session, dialogs);
            if let Some(path) = status.as_deref().and_then(|s| s.strip_prefix("Wrote ")) {
                self.last_written = Some(PathBuf::from(path));
            }
        }
        if let Some(folder) = self.last_written.as_ref().and_then(|p| p.parent())
            && ui.button("Open the folder").clicked()
        {
            status = Some(open_folder(folder));
        }
        status
    }

    /// The wide round sheet (a row per table and round) for a spreadsheet, with a byte-order
    /// mark so Excel reads the names' accents.
    fn write_round_sheet(&self, session: &Session, path: &Path) -> Result<(), String> {
        let mut bytes = scheduler::csv_safety::UTF8_BOM.to_vec();
        write_round_sheet_csv(&session.event().schedule, &mut bytes).map_err(|e| e.to_string())?;
        write_chosen(session, path, &bytes)
    }

    fn write_pdf(&self, session: &Session, path: &Path) -> Result<(), String> {
        let event = session.event();
        let mut options = sheet_options(event);
        options.paper = if self.letter { Paper::Letter } else { Paper::A4 };
        let offered = sheet_kinds(event);
        options.kinds = [
            (self.summary, SheetKind::MovementSummary),
            (self.round, SheetKind::Round),
            (self.table, SheetKind::Table),
            (self.personal, SheetKind::Personal),
            (self.travellers, SheetKind::Travellers),
            (self.score_cards, SheetKind::ScoreCards),
        ]
        .into_iter()
        .filter_map(|(on, kind)| (on && offered.contains(&kind)).then_some(kind))
        .chain(self.standings.then_some(SheetKind::Standings))
        .collect();
        let pdf = event_sheets_pdf(event, session.results(), &options).map_err(|e| e.to_string())?;
        write_chosen(session, path, &pdf)
    }
}

/// Writes an export where the save dialog said (it asked before replacing a file), through
/// the library's safe writer: never onto the open event or another event file, never half.
fn write_chosen(session: &Session, path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_export(path, bytes, Existing::Replace, &[&session.path()]).map_err(|e| e.to_string())
}

/// Asks where to write the standings CSV (with a byte-order mark, so Excel reads accents) and
/// writes it; the status line says what happened. `None` when no file was chosen.
pub fn export_standings_csv(session: &Session, dialogs: &mut dyn FileDialogs) -> Option<String> {
    let title = &session.event().settings.title;
    let path = dialogs.save_export(&format!("{title} standings"), "csv")?;
    let bytes = standings_csv(session.standings(), true);
    Some(match write_chosen(session, &path, &bytes) {
        Ok(()) => format!("Wrote {}", path.display()),
        Err(e) => format!("Not written: {e}"),
    })
}

fn open_folder(folder: &Path) -> String {
    let program = if cfg!(target_os = "windows") {
        "explorer"
    } else if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    match std::process::Command::new(program).arg(folder).spawn() {
        Ok(_) => format!("Opened {}", folder.display()),
        Err(e) => format!("Could not open {}: {e}", folder.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_prints_its_sheets_with_standings() {
        let dir = std::env::temp_dir().join(format!("tourney-sheets-view-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let session = Session::demo(&dir).unwrap();
        let view = SheetsView {
            standings: true,
            ..SheetsView::default()
        };
        let path = dir.join("demo.pdf");
        view.write_pdf(&session, &path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(b"%PDF"));
        assert!(bytes.len() > 10_000, "{} bytes", bytes.len());
    }
}
