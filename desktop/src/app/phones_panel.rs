//! Scoring from phones, at the top of the results view (issue 42): turns the server on and
//! off, says the pages' address and the director's PIN, shows each table's QR code, and gives
//! the director a live grid of tables × rounds, the conflicts to settle and the newest results
//! from the tables. The server runs while this panel lives: opening another event (which makes
//! the views afresh) or closing the window stops it.

use super::Notice;
use super::dialogs::{Files, Purpose, Request};
use crate::phones::{PhoneServer, ServeOptions};
use eframe::egui;
use scheduler::event::session::{Command, Session};
use scheduler::event::store::{Conflict, HistoryEntry};
use scheduler::event::tables::{missing_at, result_words};
use scheduler::event::team_rooms::tables_of_round;
use std::time::{Duration, Instant};

/// The width each table's code takes in the codes window.
const CODE_CELL: f32 = 216.0;

/// A phone showing a table's page asks every 5 seconds: one heard from in the last 15 is there.
const PHONE_THERE: Duration = Duration::from_secs(15);

/// The panel's state: the server while it runs, and what was last read about the tables.
pub struct PhonesPanel {
    server: Option<PhoneServer>,
    problem: Option<String>,
    ask_lead: bool,
    /// The port asked for (the organiser may change it when 8080 is taken).
    pub(crate) port: u16,
    show_codes: bool,
    /// Each table's QR code as a texture, made once when serving starts.
    codes: Vec<(u32, String, egui::TextureHandle)>,
    /// The tables' rounds and the open conflicts, read at most once a second.
    read: Option<(Instant, TablesNow)>,
    /// Serving started in this frame (the panel then opens).
    just_started: bool,
    /// How many tables the event's rounds had when keys were last made: a round paired (or a
    /// late team's match) with a table more makes its key and code while serving.
    tables_known: usize,
}

impl Default for PhonesPanel {
    fn default() -> Self {
        PhonesPanel {
            server: None,
            problem: None,
            ask_lead: false,
            port: ServeOptions::default().port,
            show_codes: false,
            codes: Vec::new(),
            read: None,
            just_started: false,
            tables_known: 0,
        }
    }
}

/// What the event file says about the tables now.
#[derive(Default)]
struct TablesNow {
    rounds: Vec<(u32, u32)>,
    conflicts: Vec<Conflict>,
}

impl PhonesPanel {
    /// Whether the server is running.
    pub fn serving(&self) -> bool {
        self.server.is_some()
    }

    /// The running server (for tests and the bench: its port and the tables' addresses).
    pub(crate) fn server(&self) -> Option<&PhoneServer> {
        self.server.as_ref()
    }

    /// Draws the panel; returns the director's settlements of conflicts, to carry out, and a
    /// notice when the tables' cards were written (or not).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        files: &mut Files,
    ) -> (Vec<Command>, Option<Notice>) {
        let mut commands = Vec::new();
        let mut notice = None;
        let title = if self.serving() {
            "Scoring from phones: on"
        } else {
            "Scoring from phones: off"
        };
        egui::CollapsingHeader::new(title)
            .id_salt("phones-panel")
            // Opened when serving starts; the director may fold it away afterwards.
            .open(std::mem::take(&mut self.just_started).then_some(true))
            .show(ui, |ui| {
                if self.serving() {
                    self.serving_ui(ui, session, &mut commands, files);
                } else {
                    self.start_ui(ui, session);
                }
            });
        self.codes_window(ui.ctx());
        if let (Some(Some(path)), Some(server)) = (files.answer(Purpose::ExportTableCodes), &self.server) {
            let written = server.codes_pdf(scheduler::sheets::Paper::A4).and_then(|pdf| {
                scheduler::export_file::write_export(
                    &path,
                    &pdf,
                    scheduler::export_file::Existing::Replace,
                    &[&session.path()],
                )
                .map_err(|e| e.to_string())
            });
            notice = Some(Notice::written(path, written));
        }
        (commands, notice)
    }

    fn start_ui(&mut self, ui: &mut egui::Ui, session: &Session) {
        ui.label(
            "Players enter each board's result on their own phones: this computer serves a page for each \
             table on the club's Wi-Fi (or this laptop's hotspot), and the results land in this event \
             like typed ones. Each table scans its own QR code.",
        );
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.ask_lead, "Ask for the opening lead");
            let label = ui.label("Port:");
            ui.add(egui::DragValue::new(&mut self.port).range(1024..=65535))
                .labelled_by(label.id);
            if ui
                .button("Turn on")
                .on_hover_text("Serve the tables' pages on this computer's network")
                .clicked()
            {
                self.start(ui.ctx(), session);
            }
        });
        if let Some(problem) = &self.problem {
            ui.colored_label(super::ERROR_RED, problem);
        }
    }

    /// Starts serving `session`'s event (what "Turn on" does).
    pub(crate) fn start(&mut self, ctx: &egui::Context, session: &Session) {
        let options = ServeOptions {
            port: self.port,
            ask_lead: self.ask_lead,
            ..ServeOptions::default()
        };
        match PhoneServer::start(&session.path(), &options) {
            Ok(server) => {
                self.codes = code_textures(ctx, &server.tables());
                self.tables_known = tables_in_rounds(session);
                self.server = Some(server);
                self.problem = None;
                self.read = None;
                self.just_started = true;
            }
            Err(problem) => self.problem = Some(problem),
        }
    }

    fn serving_ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        commands: &mut Vec<Command>,
        files: &mut Files,
    ) {
        let Some(server) = &self.server else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Pages at http://{}/", server.address));
            ui.separator();
            ui.label(format!("Director's PIN: {}", server.pin));
        });
        if let Some(problem) = &self.problem {
            ui.colored_label(super::ERROR_RED, problem);
        }
        let mut stop = false;
        ui.horizontal(|ui| {
            if ui.button("Show the tables' QR codes").clicked() {
                self.show_codes = true;
            }
            if ui
                .button("Print the tables' cards (PDF)…")
                .on_hover_text("A card per table with its QR code, four a page, to put on the tables")
                .clicked()
            {
                files.ask(
                    Purpose::ExportTableCodes,
                    Request::Export {
                        suggested: format!("{} table codes", session.event().settings.title),
                        extension: "pdf".to_owned(),
                    },
                );
            }
            stop = ui
                .button("Turn off")
                .on_hover_text("Stop serving the pages (results already sent are kept)")
                .clicked();
        });
        if stop {
            self.server = None;
            self.codes.clear();
            self.show_codes = false;
            return;
        }
        if self
            .read
            .as_ref()
            .is_none_or(|(at, _)| at.elapsed() >= Duration::from_secs(1))
        {
            self.add_new_tables(ui.ctx(), session);
            self.read = Some((Instant::now(), read_tables(session)));
        }
        let Some(server) = &self.server else {
            return;
        };
        let seen = server.last_seen();
        if let Some((_, now)) = &self.read {
            grid_ui(ui, session, &now.rounds, &seen);
            if conflicts_ui(ui, session, &now.conflicts, commands) {
                self.read = None;
            }
        }
        newest_ui(ui, session.history());
    }

    /// When the event's rounds use tables that had no key (a round paired since serving
    /// started, a late team's match), makes their keys and codes.
    fn add_new_tables(&mut self, ctx: &egui::Context, session: &Session) {
        let (Some(server), now) = (&self.server, tables_in_rounds(session)) else {
            return;
        };
        if now == self.tables_known {
            return;
        }
        match server.add_new_tables() {
            Ok(added) => {
                self.codes.extend(code_textures(ctx, &added));
                self.codes.sort_by_key(|(table, ..)| *table);
                self.tables_known = now;
                self.problem = None;
            }
            Err(problem) => self.problem = Some(problem),
        }
    }

    /// The window of QR codes, one per table, to show each table's phone (or to photograph).
    fn codes_window(&mut self, ctx: &egui::Context) {
        if !self.show_codes || self.codes.is_empty() {
            return;
        }
        let mut open = true;
        egui::Window::new("Tables' QR codes")
            .open(&mut open)
            .default_size([720.0, 560.0])
            .show(ctx, |ui| {
                ui.label(
                    "Each table scans its own code with a phone's camera; the page opens on that table.",
                );
                // As many codes a row as the window's screen holds (a late round's tables
                // wrap onto a new row rather than run off the side).
                let per_row = ((ui.ctx().content_rect().width() - 60.0) / CODE_CELL)
                    .floor()
                    .max(1.0) as usize;
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for row in self.codes.chunks(per_row) {
                        ui.horizontal_top(|ui| {
                            for (table, url, texture) in row {
                                ui.vertical(|ui| {
                                    ui.set_width(CODE_CELL - 16.0);
                                    ui.heading(format!("Table {table}"));
                                    ui.add(
                                        egui::Image::new(texture).fit_to_exact_size(egui::vec2(200.0, 200.0)),
                                    );
                                    // For a phone whose camera will not read it: typed in.
                                    ui.add(egui::Label::new(egui::RichText::new(url).small()).wrap());
                                });
                            }
                        });
                    }
                });
            });
        self.show_codes = open;
    }
}

/// Each table's QR code as a texture, with its page's address.
fn code_textures(ctx: &egui::Context, tables: &[(u32, String)]) -> Vec<(u32, String, egui::TextureHandle)> {
    tables
        .iter()
        .filter_map(|(table, url)| {
            let code = scheduler::qr::Code::new(url).ok()?;
            let texture = ctx.load_texture(
                format!("table-code-{table}"),
                code_image(&code),
                egui::TextureOptions::NEAREST,
            );
            Some((*table, url.clone(), texture))
        })
        .collect()
}

/// How many (round, table) places the event's rounds have: grows when a round is paired.
fn tables_in_rounds(session: &Session) -> usize {
    let event = session.event();
    event
        .schedule
        .rounds
        .iter()
        .map(|round| tables_of_round(event, round).len())
        .sum()
}

/// A code as an image: 8 pixels a module, with the quiet zone.
fn code_image(code: &scheduler::qr::Code) -> egui::ColorImage {
    const SCALE: usize = 8;
    let side = (code.size + 2 * scheduler::qr::QUIET_ZONE) * SCALE;
    let quiet = scheduler::qr::QUIET_ZONE;
    let pixels = (0..side * side)
        .map(|i| {
            let (x, y) = ((i % side) / SCALE, (i / side) / SCALE);
            let dark = x >= quiet && y >= quiet && code.dark(x - quiet, y - quiet);
            if dark {
                egui::Color32::BLACK
            } else {
                egui::Color32::WHITE
            }
        })
        .collect();
    egui::ColorImage::new([side, side], pixels)
}

fn read_tables(session: &Session) -> TablesNow {
    TablesNow {
        rounds: session.table_rounds().unwrap_or_default(),
        conflicts: session.conflicts().unwrap_or_default(),
    }
}

/// Tables × rounds: ✔ every result in, "1/3" some, "·" none yet; the round each table is on in
/// bold; and whether a phone is at the table.
fn grid_ui(ui: &mut egui::Ui, session: &Session, rounds: &[(u32, u32)], seen: &[(u32, Duration)]) {
    let event = session.event();
    let numbers: Vec<u32> = event.schedule.rounds.iter().map(|r| r.number).collect();
    egui::ScrollArea::both()
        .id_salt("phones-grid")
        .max_height(260.0)
        .show(ui, |ui| {
            egui::Grid::new("phones-grid-cells").striped(true).show(ui, |ui| {
                ui.strong("Table");
                ui.strong("Phone");
                for number in &numbers {
                    ui.strong(format!("R{number}"));
                }
                ui.end_row();
                for (table, on) in rounds {
                    ui.label(table.to_string());
                    match seen.iter().find(|(t, _)| t == table) {
                        Some((_, ago)) if *ago <= PHONE_THERE => {
                            ui.colored_label(super::DONE_GREEN, "● at the table")
                        }
                        Some((_, ago)) => ui.label(format!("last {} ago", short(*ago))),
                        None => ui.weak("not yet"),
                    };
                    for number in &numbers {
                        cell_ui(ui, session, *number, *table, *number == *on);
                    }
                    ui.end_row();
                }
            });
        });
}

fn cell_ui(ui: &mut egui::Ui, session: &Session, round: u32, table: u32, current: bool) {
    let event = session.event();
    let plays = event
        .schedule
        .round(round)
        .is_some_and(|r| tables_of_round(event, r).contains(&table));
    if !plays {
        ui.label("");
        return;
    }
    let needed = match event.settings.scoring {
        scheduler::event::Scoring::Bridge { .. } => event.deals_at(round, table).count(),
        scheduler::event::Scoring::Teams { .. } => {
            missing_at(event, &Default::default(), &Default::default(), round, table).len()
        }
        _ => 1,
    };
    let missing = missing_at(event, session.results(), session.rooms(), round, table).len();
    let (text, colour) = if missing == 0 {
        ("✔".to_owned(), super::DONE_GREEN)
    } else if missing < needed {
        (format!("{}/{needed}", needed - missing), super::WARNING_ORANGE)
    } else {
        ("·".to_owned(), ui.visuals().weak_text_color())
    };
    let mut text = egui::RichText::new(text).color(colour);
    if current {
        text = text.strong().underline();
    }
    ui.label(text).on_hover_text(if current {
        format!("Round {round}: the round table {table} is on")
    } else {
        format!("Round {round}")
    });
}

fn short(ago: Duration) -> String {
    let seconds = ago.as_secs();
    if seconds < 120 {
        format!("{seconds} s")
    } else {
        format!("{} min", seconds / 60)
    }
}

/// The conflicts waiting for the director, each with its two answers; whether one was
/// answered this frame.
fn conflicts_ui(
    ui: &mut egui::Ui,
    session: &Session,
    conflicts: &[Conflict],
    commands: &mut Vec<Command>,
) -> bool {
    if conflicts.is_empty() {
        return false;
    }
    ui.colored_label(
        super::WARNING_ORANGE,
        format!(
            "{} result(s) from the tables differ from the stored ones: choose",
            conflicts.len()
        ),
    );
    let mut answered = false;
    for conflict in conflicts {
        let stored = session
            .results()
            .get(&conflict.key)
            .map_or("nothing".to_owned(), |value| result_words(conflict.key, value));
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "{}: {} sent {}; stored: {stored}",
                conflict.key,
                conflict.source,
                result_words(conflict.key, &conflict.sent)
            ));
            for (label, take_sent) in [("Take the table's", true), ("Keep the stored one", false)] {
                if ui.button(label).clicked() {
                    commands.push(Command::SettleConflict {
                        id: conflict.id,
                        take_sent,
                    });
                    answered = true;
                }
            }
        });
    }
    answered
}

/// The last results the tables sent, newest first.
fn newest_ui(ui: &mut egui::Ui, history: &[HistoryEntry]) {
    let newest: Vec<&HistoryEntry> = history
        .iter()
        .rev()
        .filter(|entry| entry.source.is_some() && entry.key.is_some())
        .take(5)
        .collect();
    if newest.is_empty() {
        ui.weak("No results from the tables yet.");
        return;
    }
    ui.label("Newest from the tables:");
    for entry in newest {
        let (Some(key), Some(source)) = (entry.key, &entry.source) else {
            continue;
        };
        let time = entry.at.get(11..19).unwrap_or(&entry.at);
        let what = entry
            .after
            .as_ref()
            .map_or("removed".to_owned(), |value| result_words(key, value));
        ui.label(format!("{time}  {source}: {key}, {what} ({})", entry.action));
    }
}
