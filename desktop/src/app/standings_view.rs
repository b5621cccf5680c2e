//! Standings, recomputed from the event file after every result: sortable by any column
//! (click its heading: names A→Z, places 1 first, scores highest first; again to turn it
//! round) and exportable as CSV for a spreadsheet.

use super::dialogs::Files;
use super::view::{EventView, Outcome};
use eframe::egui;
use scheduler::event::session::Session;
use scheduler::sheets::StandingsTable;
use scheduler::sorting::{ColumnKind, SortOrder, sorted_rows};

/// Standings, sortable by any column (click its heading).
#[derive(Default)]
pub struct StandingsView {
    /// The table, the column it is sorted by, and the order.
    sort: Option<(usize, usize, SortOrder)>,
}

impl EventView for StandingsView {
    /// Says when the CSV was written (or not).
    fn ui(&mut self, ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Outcome {
        if session.results().is_empty() {
            ui.label("No results yet: the standings appear as soon as the first result is saved.");
            return Outcome::default();
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
                        let kind = column_kind(table, c);
                        let now = match self.sort {
                            Some((st, sc, order)) if st == t && sc == c => Some(order),
                            _ => None,
                        };
                        let heading = match now {
                            Some(order) => format!("{column} ({})", kind.describe(order)),
                            None => column.clone(),
                        };
                        if ui.button(heading).on_hover_text("Sort by this column").clicked() {
                            let order = now.map_or(kind.first_order(), SortOrder::reversed);
                            self.sort = Some((t, c, order));
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
        status.into()
    }
}

impl StandingsView {
    /// Table `t`'s rows in the chosen order (the ranking until a heading is clicked).
    fn sorted<'a>(&self, t: usize, table: &'a StandingsTable) -> Vec<&'a Vec<String>> {
        match self.sort {
            Some((st, column, order)) if st == t => {
                sorted_rows(&table.rows, column, column_kind(table, column), order)
            }
            _ => table.rows.iter().collect(),
        }
    }
}

/// What column `c` of the table holds (names, places, scores), from its heading and cells.
fn column_kind(table: &StandingsTable, c: usize) -> ColumnKind {
    let heading = table.columns.get(c).map_or("", String::as_str);
    ColumnKind::of(
        heading,
        table.rows.iter().filter_map(|r| r.get(c)).map(String::as_str),
    )
}
