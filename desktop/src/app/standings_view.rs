//! Standings, recomputed from the event file after every result: sortable by any column
//! (click its heading: names A→Z, places 1 first, scores highest first; again to turn it
//! round) and exportable as CSV for a spreadsheet. At a club pairs evening a pair's name
//! opens its personal scorecard (`scorecard_window`).

use super::dialogs::Files;
use super::scorecard_window::ScorecardWindow;
use super::view::{EventView, Outcome};
use eframe::egui;
use scheduler::event::session::Session;
use scheduler::movement::{Movement, present_pairs};
use scheduler::sheets::StandingsTable;
use scheduler::sorting::{ColumnKind, SortOrder, sorted_rows};

/// Standings, sortable by any column (click its heading).
#[derive(Default)]
pub struct StandingsView {
    /// The table, the column it is sorted by, and the order.
    sort: Option<(usize, usize, SortOrder)>,
    /// A club pairs pair's scorecard, opened by clicking its name.
    scorecard: ScorecardWindow,
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
            // A teams night's movement is played by pairs but ranked by teams.
            let pairs = if session
                .event()
                .schedule
                .movement
                .as_ref()
                .is_some_and(|m| m.kind != scheduler::model::movement::MovementKind::TeamsOfFour)
            {
                " Click a pair for its scorecard."
            } else {
                ""
            };
            ui.label(format!(
                "After {done} of {needed} results. Click a heading to sort.{pairs}"
            ));
            let clicked = ui.button("Export standings CSV…").clicked();
            status = super::sheets_view::export_standings_csv(session, files, clicked);
        });
        // A knockout that ended level: its tie-break stanza, added by the director.
        let mut commands = Vec::new();
        if let Some(boards) = scheduler::event::knockout::tie_break_due(session.event(), session.results())
            && ui
                .button(format!("Play a tie-break stanza ({boards} boards)"))
                .on_hover_text(
                    "The teams are level after every board: one more stanza decides (White Book §143.2)",
                )
                .clicked()
        {
            commands.push(scheduler::event::session::Command::AddTieBreak);
        }
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
                    let movement = session.event().schedule.movement.as_ref();
                    for row in rows {
                        self.row_ui(ui, table, row, movement);
                    }
                });
                if let Some(note) = &table.note {
                    ui.small(note);
                }
                ui.add_space(12.0);
            }
        });
        self.scorecard.ui(ui.ctx(), session);
        Outcome {
            commands,
            notice: status,
        }
    }
}

impl StandingsView {
    /// One row of a table; at a club pairs evening the pair's name opens its scorecard.
    fn row_ui(
        &mut self,
        ui: &mut egui::Ui,
        table: &StandingsTable,
        row: &[String],
        movement: Option<&Movement>,
    ) {
        let number = table.columns.iter().position(|c| c == "No.");
        let name = table.columns.iter().position(|c| c == "Pair");
        let entrant = movement
            .zip(number.and_then(|n| row.get(n)))
            .and_then(|(movement, label)| entrant_of_label(movement, label));
        for (c, cell) in row.iter().enumerate() {
            match entrant {
                Some(entrant) if Some(c) == name => {
                    let open = self.scorecard.showing() == Some(entrant);
                    if ui
                        .add(egui::Button::selectable(open, cell))
                        .on_hover_text("Show this pair's scorecard")
                        .clicked()
                    {
                        self.scorecard.open(entrant);
                    }
                }
                _ => {
                    ui.label(cell);
                }
            }
        }
        ui.end_row();
    }

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

/// The entrant whose pair number the movement writes `label` ("3 NS", "5 EW", "7").
fn entrant_of_label(movement: &Movement, label: &str) -> Option<usize> {
    present_pairs(movement)
        .iter()
        .position(|&pair| movement.label(pair) == label)
}

/// What column `c` of the table holds (names, places, scores), from its heading and cells.
fn column_kind(table: &StandingsTable, c: usize) -> ColumnKind {
    let heading = table.columns.get(c).map_or("", String::as_str);
    ColumnKind::of(
        heading,
        table.rows.iter().filter_map(|r| r.get(c)).map(String::as_str),
    )
}
