//! The schedule: by round (tables × seats), by player (where each one sits each round), and
//! the audit (who met whom as a heat map, sit-outs, colours and floats) — the picture an
//! organiser checks before printing. "Generate again" makes a new schedule on a background
//! thread while the window keeps drawing. Only the rows in view are laid out, so a
//! 400-player event draws as fast as a 16-player one.

mod heat_map;

use super::dialogs::Files;
use super::generation::{Generation, refusal_ui};
use super::grid::VirtualGrid;
use super::options_form::{options_rows, row};
use super::view::{EventView, Outcome};
use eframe::egui;
use heat_map::{HeatMap, kept_apart_ui, legend, matrix_title};
use scheduler::event::create::{EventFormat, EventOptions, NotGenerated};
use scheduler::event::session::{Command, Session};

#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub enum Tab {
    #[default]
    ByRound,
    ByPlayer,
    Audit,
}

#[derive(Default)]
pub struct ScheduleView {
    pub tab: Tab,
    round: u32,
    /// Options being edited for "Generate again", and the time allowed.
    regenerate: Option<(EventOptions, f64)>,
    job: Option<Generation>,
    /// Why the last "Generate again" made nothing, shown on its form.
    problem: Option<NotGenerated>,
    /// Where each player sits each round ("T3 N", "out"), built once per schedule revision,
    /// with the width each column needs to show its texts whole.
    places: Option<(u64, Vec<Vec<String>>, Vec<f32>)>,
    matrix: usize,
    heat_map: HeatMap,
}

impl EventView for ScheduleView {
    fn ui(&mut self, ui: &mut egui::Ui, session: &Session, _files: &mut Files) -> Outcome {
        let mut commands = Vec::new();
        self.generation_ui(ui, session, &mut commands);
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, Tab::ByRound, "By round");
            ui.selectable_value(&mut self.tab, Tab::ByPlayer, "By player");
            ui.selectable_value(&mut self.tab, Tab::Audit, "Audit");
        });
        ui.separator();
        match self.tab {
            Tab::ByRound => self.by_round_ui(ui, session),
            Tab::ByPlayer => self.by_player_ui(ui, session),
            Tab::Audit => self.audit_ui(ui, session),
        }
        commands.into()
    }
}

impl ScheduleView {
    /// Starts making a new schedule on the background thread (what "Generate" does).
    pub fn start_generation(
        &mut self,
        ctx: &egui::Context,
        roster: scheduler::model::Roster,
        options: EventOptions,
        seconds: f64,
    ) {
        self.job = Some(Generation::start(ctx, roster, options.clone(), seconds));
        self.regenerate = Some((options, seconds));
        self.problem = None;
    }

    pub fn is_generating(&self) -> bool {
        self.job.is_some()
    }

    /// The out-of-date banner, "Generate again" with its options, and a running generation.
    fn generation_ui(&mut self, ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
        let event = session.event();
        if let Some(job) = &self.job {
            match job.take_outcome() {
                None => {
                    job.progress_ui(ui);
                    ui.separator();
                    return;
                }
                Some(Ok(generated)) => {
                    let options = self.regenerate.take().map(|(o, _)| o);
                    if let Some(options) = options {
                        commands.push(Command::ReplaceSchedule(Box::new(generated), Box::new(options)));
                    }
                    self.job = None;
                }
                Some(Err(problem)) => {
                    self.problem = Some(problem);
                    self.job = None;
                }
            }
        }
        let changes = event.roster_changes();
        let has_results = !session.results().is_empty();
        if !changes.is_empty() {
            super::warning_box(
                ui,
                format!(
                    "This schedule was made before the roster changed ({}). Generate it again before printing.",
                    changes.join("; ")
                ),
            );
        }
        let Some((options, seconds)) = &mut self.regenerate else {
            ui.horizontal(|ui| {
                let known = event.settings.options.clone();
                let button = ui
                    .add_enabled(
                        !has_results && known.is_some(),
                        egui::Button::new("Generate again…"),
                    )
                    .on_hover_text("Make a new schedule for the present roster, with these or other options")
                    .on_disabled_hover_text(if has_results {
                        "Results are entered for this schedule; it can no longer change"
                    } else {
                        "This event file was made before options were stored; create a new event to change the schedule"
                    });
                if has_results {
                    // Said on screen, not only on hover: a greyed button alone looked broken.
                    ui.weak("Results are entered, so this schedule stays as it is.");
                }
                if button.clicked()
                    && let Some(known) = known
                {
                    self.regenerate = Some((known, 20.0));
                    self.problem = None;
                }
            });
            return;
        };
        let mut start = None;
        let mut keep = false;
        ui.group(|ui| {
            ui.strong(format!(
                "Generate again for {} {}s",
                event.roster.len(),
                event.schedule.format.entrant_word()
            ));
            egui::Grid::new("regenerate").num_columns(2).show(ui, |ui| {
                let numbered = options.format == EventFormat::TeamChess
                    && !event.roster.players.iter().any(|p| p.team.is_some());
                // A teams night's roster holds each team's two pairs.
                let entrants = if options.teams_night() {
                    event.roster.len() / 2
                } else {
                    event.roster.len()
                };
                options_rows(ui, options, numbered, entrants, &event.roster.names());
                row(ui, "Time allowed for the search", |ui| {
                    ui.add(egui::DragValue::new(seconds).range(1.0..=600.0).suffix(" s"))
                });
            });
            // A failed attempt says why on the form it came from, with the evening it can make.
            if let Some(rounds) = self.problem.as_ref().and_then(|problem| refusal_ui(ui, problem)) {
                options.rounds = Some(rounds);
                start = Some((
                    regeneration_roster(options, &event.roster),
                    options.clone(),
                    *seconds,
                ));
            }
            ui.horizontal(|ui| {
                if ui.button("Generate").clicked() {
                    start = Some((
                        regeneration_roster(options, &event.roster),
                        options.clone(),
                        *seconds,
                    ));
                }
                if ui.button("Keep the present schedule").clicked() {
                    keep = true;
                }
            });
        });
        if keep {
            self.regenerate = None;
            self.problem = None;
        }
        if let Some((roster, options, seconds)) = start {
            self.start_generation(ui.ctx(), roster, options, seconds);
        }
        ui.separator();
    }

    fn by_round_ui(&mut self, ui: &mut egui::Ui, session: &Session) {
        let schedule = &session.event().schedule;
        if schedule.round(self.round).is_none() {
            self.round = schedule.rounds.first().map_or(1, |r| r.number);
        }
        super::round_picker(ui, session, &mut self.round, false);
        let Some(round) = schedule.round(self.round) else {
            ui.label("This event has no rounds.");
            return;
        };
        // One line per kind of absence: sit-out, bye, left, late.
        let mut kinds: Vec<scheduler::model::Absence> = Vec::new();
        for absent in &round.absent {
            if !kinds.contains(&absent.kind) {
                kinds.push(absent.kind);
            }
        }
        for kind in kinds {
            let who: Vec<&str> = round
                .absent
                .iter()
                .filter(|a| a.kind == kind)
                .map(|a| schedule.entrants[a.entrant].as_str())
                .collect();
            ui.label(format!("{}: {}", kind.label(), who.join(", ")));
        }
        let seats: Vec<String> = round
            .tables
            .first()
            .map(|t| t.seats.iter().map(|s| s.seat.label().to_owned()).collect())
            .unwrap_or_default();
        let mut headings = vec!["Table".to_owned()];
        headings.extend(seats);
        let widths: Vec<f32> = std::iter::once(50.0)
            .chain(std::iter::repeat_n(170.0, headings.len() - 1))
            .collect();
        VirtualGrid {
            id: "by-round",
            headings: &headings,
            widths: &widths,
            rows: round.tables.len(),
            frozen_columns: 1,
        }
        .show(ui, |row, column| {
            let table = &round.tables[row];
            if column == 0 {
                return table.number.to_string();
            }
            match table.seats.get(column - 1) {
                Some(seat) => match seat.board {
                    Some(board) => format!("{} (bd {board})", schedule.entrants[seat.entrant]),
                    None => schedule.entrants[seat.entrant].clone(),
                },
                None => String::new(),
            }
        });
    }

    fn by_player_ui(&mut self, ui: &mut egui::Ui, session: &Session) {
        let schedule = &session.event().schedule;
        if self
            .places
            .as_ref()
            .is_none_or(|(r, _, _)| *r != session.revision())
        {
            let mut places = vec![vec!["out".to_owned(); schedule.rounds.len()]; schedule.entrants.len()];
            for (r, round) in schedule.rounds.iter().enumerate() {
                for table in &round.tables {
                    for seat in &table.seats {
                        if let Some(line) = places.get_mut(seat.entrant) {
                            line[r] = format!("T{} {}", table.number, seat.seat.label());
                        }
                    }
                }
                for absent in &round.absent {
                    if let Some(line) = places.get_mut(absent.entrant) {
                        line[r] = absent.kind.label().to_owned();
                    }
                }
            }
            let needed = needed_widths(ui, &schedule.entrants, &places);
            self.places = Some((session.revision(), places, needed));
        }
        let Some((_, places, needed)) = &self.places else {
            return;
        };
        let mut headings = vec!["Player".to_owned()];
        headings.extend(schedule.rounds.iter().map(|r| format!("R{}", r.number)));
        let widths = spread(needed, ui.available_width());
        VirtualGrid {
            id: "by-player",
            headings: &headings,
            widths: &widths,
            rows: schedule.entrants.len(),
            frozen_columns: 1,
        }
        .show(ui, |row, column| {
            if column == 0 {
                schedule.entrants[row].clone()
            } else {
                places[row].get(column - 1).cloned().unwrap_or_default()
            }
        });
    }

    fn audit_ui(&mut self, ui: &mut egui::Ui, session: &Session) {
        let audit = session.audit();
        let event = session.event();
        let schedule = &event.schedule;
        for line in audit.summary() {
            ui.label(line);
        }
        ui.add_space(4.0);
        if self.matrix >= audit.matrices.len() {
            self.matrix = 0;
        }
        ui.horizontal(|ui| {
            ui.label("Show:");
            for (i, matrix) in audit.matrices.iter().enumerate() {
                ui.selectable_value(&mut self.matrix, i, matrix_title(matrix));
            }
        });
        let Some(matrix) = audit.matrices.get(self.matrix) else {
            return;
        };
        let available = ui.available_size();
        ui.horizontal_top(|ui| {
            // Room for the row names at the left and the column numbers above.
            let side = (available.y - 30.0)
                .min(available.x * 0.55 - 120.0)
                .clamp(120.0, 640.0);
            self.heat_map
                .ui(ui, session.revision(), self.matrix, matrix, side);
            ui.vertical(|ui| {
                legend(ui, matrix, schedule.format.entrant_word());
                kept_apart_ui(ui, schedule, &event.roster, audit);
                ui.add_space(6.0);
                let word = schedule.format.entrant_word();
                let entrant = format!("{}{}", word[..1].to_uppercase(), &word[1..]);
                let mut headings: Vec<String> = vec!["#".into(), entrant, "Played".into(), "Out".into()];
                headings.push(audit.sides.0.to_owned());
                headings.push(audit.sides.1.to_owned());
                headings.push(if schedule.format == scheduler::model::Format::Whist {
                    "Longest run one way".to_owned()
                } else {
                    "Longest run".to_owned()
                });
                if audit.has_floats {
                    headings.push("Up".to_owned());
                    headings.push("Down".to_owned());
                }
                let widths: Vec<f32> = headings
                    .iter()
                    .enumerate()
                    .map(|(i, h)| match i {
                        0 => 36.0,
                        1 => 150.0,
                        _ => (h.len() as f32 * 8.0).max(52.0),
                    })
                    .collect();
                VirtualGrid {
                    id: "audit-entrants",
                    headings: &headings,
                    widths: &widths,
                    rows: audit.entrants.len(),
                    frozen_columns: 2,
                }
                .show(ui, |row, column| {
                    let line = &audit.entrants[row];
                    match column {
                        // The number the heat map's rows and columns go by.
                        0 => (row + 1).to_string(),
                        1 => schedule.entrants[row].clone(),
                        2 => line.played.to_string(),
                        3 => line.absent.to_string(),
                        4 => line.first_side.to_string(),
                        5 => line.second_side.to_string(),
                        6 => line.longest_run.to_string(),
                        7 => line.floats_up.to_string(),
                        _ => line.floats_down.to_string(),
                    }
                });
            });
        });
    }
}

/// The width each by-player column needs to show every text whole (each distinct text is
/// measured once, so 400 players × 300 rounds measure a few hundred texts): the names, at
/// most 320 points (a longer name is cut, shown whole on hover), then one per round.
/// The roster a new schedule is made for: the event's, or none for team chess of numbered
/// teams (the generator numbers them again).
fn regeneration_roster(
    options: &EventOptions,
    roster: &scheduler::model::Roster,
) -> scheduler::model::Roster {
    if options.format == EventFormat::TeamChess && !roster.players.iter().any(|p| p.team.is_some()) {
        scheduler::model::Roster::default()
    } else {
        roster.clone()
    }
}

fn needed_widths(ui: &egui::Ui, names: &[String], places: &[Vec<String>]) -> Vec<f32> {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let mut measured: std::collections::HashMap<String, f32> = std::collections::HashMap::new();
    let mut width = |text: &str| -> f32 {
        if let Some(&w) = measured.get(text) {
            return w;
        }
        let w = ui.fonts_mut(|f| {
            f.layout_no_wrap(text.to_owned(), font.clone(), egui::Color32::PLACEHOLDER)
                .size()
                .x
        });
        measured.insert(text.to_owned(), w);
        w
    };
    // Room for the cell's inner margin (4 points each side) and a little air.
    const PADDING: f32 = 12.0;
    let mut longest_name = width("Player");
    for name in names {
        longest_name = longest_name.max(width(name));
    }
    let rounds = places.first().map_or(0, Vec::len);
    let mut widths = vec![(longest_name + PADDING).clamp(120.0, 320.0)];
    for r in 0..rounds {
        let mut longest = width(&format!("R{}", r + 1));
        for line in places {
            if let Some(place) = line.get(r) {
                longest = longest.max(width(place));
            }
        }
        widths.push((longest + PADDING).max(56.0));
    }
    widths
}

/// The needed widths, the round columns widened evenly (to 120 points at most) when the
/// window has room to spare, so a short evening reads across the window.
fn spread(needed: &[f32], available: f32) -> Vec<f32> {
    let total: f32 = needed.iter().sum();
    let rounds = needed.len().saturating_sub(1);
    if rounds == 0 || total >= available {
        return needed.to_vec();
    }
    let extra = (available - total) / rounds as f32;
    needed
        .iter()
        .enumerate()
        .map(|(c, &w)| if c == 0 { w } else { (w + extra).min(w.max(120.0)) })
        .collect()
}
