//! The views of an open event, each a struct holding only view state (which round, what is
//! being typed, how a table is sorted) with a `ui` method. Changes leave as [`AppCommand`]s.

use super::session::{AppCommand, Session};
use eframe::egui;
use scheduler::event::entry::{parse_board, parse_score};
use scheduler::event::{ResultKey, ResultValue, Scoring, sides};
use scheduler::scoring::chess::GameResult;
use scheduler::sheets::StandingsTable;
use std::collections::BTreeMap;

/// Round picker shared by the schedule and results views.
fn round_picker(ui: &mut egui::Ui, session: &Session, round: &mut u32, with_progress: bool) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Round:");
        for r in &session.event().schedule.rounds {
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
}

fn names(session: &Session, entrants: &[usize]) -> String {
    entrants
        .iter()
        .map(|&e| session.event().schedule.entrants[e].as_str())
        .collect::<Vec<_>>()
        .join(" & ")
}

#[derive(Default)]
pub struct ScheduleView {
    round: u32,
    by_player: bool,
}

impl ScheduleView {
    pub fn ui(&mut self, ui: &mut egui::Ui, session: &Session) {
        let schedule = &session.event().schedule;
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.by_player, false, "By round");
            ui.selectable_value(&mut self.by_player, true, "By player");
        });
        ui.separator();
        if self.by_player {
            egui::ScrollArea::both().show(ui, |ui| {
                egui::Grid::new("by-player").striped(true).show(ui, |ui| {
                    ui.strong("Player");
                    for round in &schedule.rounds {
                        ui.strong(format!("R{}", round.number));
                    }
                    ui.end_row();
                    for (p, name) in schedule.entrants.iter().enumerate() {
                        ui.label(name);
                        for round in &schedule.rounds {
                            let place = round.tables.iter().find_map(|t| {
                                t.seats
                                    .iter()
                                    .find(|s| s.entrant == p)
                                    .map(|s| format!("T{} {}", t.number, s.seat))
                            });
                            ui.label(place.unwrap_or_else(|| "out".into()));
                        }
                        ui.end_row();
                    }
                });
            });
            return;
        }
        if schedule.round(self.round).is_none() {
            self.round = schedule.rounds.first().map_or(1, |r| r.number);
        }
        round_picker(ui, session, &mut self.round, false);
        let Some(round) = schedule.round(self.round) else {
            ui.label("This event has no rounds.");
            return;
        };
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new(("round", round.number))
                .striped(true)
                .show(ui, |ui| {
                    ui.strong("Table");
                    if let Some(first) = round.tables.first() {
                        for seat in &first.seats {
                            ui.strong(seat.seat.label());
                        }
                    }
                    ui.end_row();
                    for table in &round.tables {
                        ui.label(table.number.to_string());
                        for seat in &table.seats {
                            ui.label(&schedule.entrants[seat.entrant]);
                        }
                        ui.end_row();
                    }
                });
            if !round.absent.is_empty() {
                let who: Vec<&str> = round
                    .absent
                    .iter()
                    .map(|a| schedule.entrants[a.entrant].as_str())
                    .collect();
                ui.label(format!("{}: {}", round.absent[0].kind.label(), who.join(", ")));
            }
        });
    }
}

/// What is typed in one result field, by result and part (whist drives have two: N–S, E–W).
#[derive(Default)]
pub struct ResultsView {
    round: u32,
    drafts: BTreeMap<(ResultKey, u8), String>,
}

impl ResultsView {
    /// Shows the round's tables with a field per result; returns the commands to carry out.
    pub fn ui(&mut self, ui: &mut egui::Ui, session: &Session) -> Vec<AppCommand> {
        let mut commands = Vec::new();
        let event = session.event();
        if event.schedule.round(self.round).is_none() {
            // Open on the first round still waiting for results.
            let rounds = &event.schedule.rounds;
            let waiting = rounds.iter().find(|r| {
                let (done, needed) = event.round_progress(session.results(), r.number);
                done < needed
            });
            self.round = waiting.or(rounds.first()).map_or(1, |r| r.number);
        }
        round_picker(ui, session, &mut self.round, true);
        let Some(round) = event.schedule.round(self.round).cloned() else {
            return commands;
        };
        let (done, needed) = event.round_progress(session.results(), round.number);
        let state = if done == needed {
            egui::RichText::new(format!("Round {}: complete ({done} of {needed})", round.number))
                .color(egui::Color32::from_rgb(0, 140, 60))
        } else {
            egui::RichText::new(format!("Round {}: {done} of {needed} results", round.number))
        };
        ui.label(state.strong());
        ui.label(match &event.settings.scoring {
            Scoring::WhistDrive { .. } => "Tricks won by each side. Enter saves; Tab moves on.",
            Scoring::Bridge { .. } => "Per board: contract, declarer, tricks (4S N 10, 3NT E -1), the N-S score (620), or pass. Enter saves.",
            Scoring::Chess { .. } => "1-0, ½-½ (or =), 0-1, +- / -+ for forfeits. Enter saves.",
            Scoring::Match { .. } => "Score home-away, e.g. 3-1. Enter saves.",
        });
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new(("results", round.number))
                .striped(true)
                .show(ui, |ui| {
                    for table in &round.tables {
                        let (first, second) = sides(table);
                        for deal in event.deals_of_round(round.number) {
                            let key = ResultKey {
                                round: round.number,
                                table: table.number,
                                deal,
                            };
                            ui.label(if deal > 0 {
                                format!("Table {} board {deal}", table.number)
                            } else {
                                format!("Table {}", table.number)
                            });
                            ui.label(names(session, &first));
                            let saved = session.results().get(&key).copied();
                            let parts: u8 = if matches!(event.settings.scoring, Scoring::WhistDrive { .. }) {
                                2
                            } else {
                                1
                            };
                            let mut submitted = false;
                            for part in 0..parts {
                                let text = self
                                    .drafts
                                    .entry((key, part))
                                    .or_insert_with(|| saved.map(|v| shown(&v, part)).unwrap_or_default());
                                let label = if parts == 2 {
                                    if part == 0 { "N-S tricks" } else { "E-W tricks" }
                                } else {
                                    "result"
                                };
                                let response = ui.add(
                                    egui::TextEdit::singleline(text)
                                        .desired_width(if parts == 2 { 36.0 } else { 110.0 })
                                        .hint_text(if parts == 2 { "0" } else { "" }),
                                );
                                response.widget_info(|| {
                                    egui::WidgetInfo::labeled(
                                        egui::Role::TextInput,
                                        true,
                                        format!("Table {} {label}", table.number),
                                    )
                                });
                                if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                                    submitted = true;
                                }
                            }
                            ui.label(names(session, &second));
                            let typed = self.parse(session, key, parts);
                            match (&typed, saved) {
                                (Some(Ok(value)), Some(old)) if *value == old => {
                                    ui.label("saved");
                                }
                                (Some(Ok(value)), _) => {
                                    if ui.button("Save").clicked() || submitted {
                                        commands.push(AppCommand::SetResult(key, *value));
                                    }
                                }
                                (Some(Err(problem)), _) => {
                                    ui.colored_label(egui::Color32::from_rgb(200, 30, 30), problem);
                                }
                                (None, Some(_)) => {
                                    if ui.button("Remove").clicked() {
                                        commands.push(AppCommand::ClearResult(key));
                                    }
                                }
                                (None, None) => {
                                    ui.label("");
                                }
                            }
                            ui.end_row();
                        }
                    }
                });
        });
        commands
    }

    /// The typed value, checked against the event; `None` while the fields are empty.
    fn parse(&self, session: &Session, key: ResultKey, parts: u8) -> Option<Result<ResultValue, String>> {
        let text = |part: u8| self.drafts.get(&(key, part)).map(|s| s.trim()).unwrap_or("");
        if (0..parts).all(|p| text(p).is_empty()) {
            return None;
        }
        let event = session.event();
        let value = match &event.settings.scoring {
            Scoring::WhistDrive { .. } => {
                let number = |p: u8| {
                    text(p)
                        .parse::<u32>()
                        .map_err(|_| format!("{:?} is not a number of tricks", text(p)))
                };
                number(0).and_then(|ns| number(1).map(|ew| ResultValue::Tricks { ns, ew }))
            }
            Scoring::Bridge { .. } => parse_board(text(0)).map(|board| ResultValue::Bridge { board }),
            Scoring::Chess { .. } => GameResult::parse(text(0)).map(|result| ResultValue::Game { result }),
            Scoring::Match { .. } => {
                parse_score(text(0)).map(|(home, away)| ResultValue::Score { home, away })
            }
        };
        Some(value.and_then(|v| event.check_result(key, &v).map(|()| v)))
    }
}

/// A saved result as it is typed back into its field.
fn shown(value: &ResultValue, part: u8) -> String {
    match value {
        ResultValue::Tricks { ns, ew } => if part == 0 { ns } else { ew }.to_string(),
        ResultValue::Bridge { board } => match board {
            scheduler::event::BridgeResult::Contract {
                contract,
                declarer,
                tricks,
            } => format!("{contract} {declarer} {tricks}"),
            scheduler::event::BridgeResult::PassedOut => "pass".into(),
            scheduler::event::BridgeResult::NorthSouthScore { score } => score.to_string(),
        },
        other => other.to_string(),
    }
}

/// Standings, sortable by any column (click its heading).
#[derive(Default)]
pub struct StandingsView {
    sort: Option<(usize, usize, bool)>,
}

impl StandingsView {
    pub fn ui(&mut self, ui: &mut egui::Ui, session: &Session) {
        if session.results().is_empty() {
            ui.label("No results yet: the standings appear as soon as the first result is saved.");
            return;
        }
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
