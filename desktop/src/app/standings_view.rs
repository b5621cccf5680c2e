//! Standings, recomputed from the event file after every result: sortable by any column
//! (click its heading) and exportable as CSV for a spreadsheet.

use super::Notice;
use super::dialogs::Files;
use super::session::Session;
use eframe::egui;
use scheduler::sheets::StandingsTable;

/// Standings, sortable by any column (click its heading).
#[derive(Default)]
pub struct StandingsView {
    sort: Option<(usize, usize, bool)>,
}

impl StandingsView {
    /// Says when the CSV was written (or not).
    pub fn ui(&mut self, ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Option<Notice> {
        if session.results().is_empty() {
            ui.label("No results yet: the standings appear as soon as the first result is saved.");
            return None;
        }
        let mut status = None;
        ui.horizontal(|ui| {
            let (done, needed) = session
                .event()
                .schedule
                .rounds
                .iter()
                .map(|r| session.event().round_progress(session.results(), r.number))
                .fold((0, 0), |(d, n), (a, b)| (d + a, n + b));
            ui.label(format!(
                "After {done} of {needed} results. Click a heading to sort."
            ));
            let clicked = ui.button("Export standings CSV…").clicked();
            status = super::sheets_view::export_standings_csv(session, files, clicked);
        });
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (t, table) in session.standings().iter().enumerate() {
                if let Some(heading) = &table.heading {
                    ui.heading(heading);
                }
                let rows = self.sorted(t, table);
                egui::Grid::new(("standings", t)).striped(true).show(ui, |ui| {
                    for (c, column) in table.columns.iter().enumerate() {
                        let marker = match self.sort {
                            Some((st, sc, descending)) if st == t && sc == c => {
                                if descending {
                                    " (high first)"
                                } else {
                                    " (low first)"
                                }
                            }
                            _ => "",
                        };
                        if ui
                            .button(format!("{column}{marker}"))
                            .on_hover_text("Sort by this column")
                            .clicked()
                        {
                            let descending = !matches!(self.sort, Some((st, sc, true)) if st == t && sc == c);
                            self.sort = Some((t, c, descending));
                        }
                    }
                    ui.end_row();
                    for row in rows {
                        for cell in row {
                            ui.label(cell);
                        }
                        ui.end_row();
                    }
                });
                if let Some(note) = &table.note {
                    ui.small(note);
                }
                ui.add_space(12.0);
            }
        });
        status
    }

    fn sorted<'a>(&self, t: usize, table: &'a StandingsTable) -> Vec<&'a Vec<String>> {
        let mut rows: Vec<&Vec<String>> = table.rows.iter().collect();
        if let Some((st, column, descending)) = self.sort
            && st == t
        {
            rows.sort_by(|a, b| {
                let (x, y) = (a.get(column), b.get(column));
                let order = match (
                    x.and_then(|v| v.parse::<f64>().ok()),
                    y.and_then(|v| v.parse::<f64>().ok()),
                ) {
                    (Some(p), Some(q)) => p.total_cmp(&q),
                    _ => x.cmp(&y),
                };
                if descending { order.reverse() } else { order }
            });
        }
        rows
    }
}
