//! Results entry, round by round: a field per table (per board for bridge, with a small
//! optional field for the opening lead; N-S and E-W tricks for a whist drive), checked as it is
//! typed with the library's own messages, saved the moment Enter is pressed or Save clicked;
//! Enter then moves on to the next table. A round says whether it is complete. A club pairs
//! evening can be entered board by board instead, as the travellers come in, each line with
//! its matchpoints once scored. Below, every entry and correction with its time.

use super::dialogs::Files;
use super::view::{EventView, Outcome};
use eframe::egui;
use scheduler::event::club_pairs::{Traveller, travellers};
use scheduler::event::entry::{other_side_tricks, typed_result};
use scheduler::event::session::{Command, Session};
use scheduler::event::teams::{match_cards_at, plans_at, signed};
use scheduler::event::{BridgeResult, ResultKey, ResultValue, Scoring, sides};
use scheduler::movement::present_pairs;
use std::collections::BTreeMap;

fn names(session: &Session, entrants: &[usize]) -> String {
    entrants
        .iter()
        .map(|&e| session.event().schedule.entrants[e].as_str())
        .collect::<Vec<_>>()
        .join(" & ")
}

/// What a result's row says around its fields.
struct Line {
    /// Where: "Table 3 board 2", "Round 2 table 3".
    place: String,
    /// The side named before the fields (N-S), and after them (E-W).
    first: String,
    second: String,
    /// On a traveller, each side's matchpoints (N-S, E-W) once the board is scored; `None` in
    /// the rows by round, which have no such columns.
    matchpoints: Option<(Option<f64>, Option<f64>)>,
}

/// The fields a result is typed in: how many, and what each is called.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fields {
    /// One field: a chess game, a match's score.
    One,
    /// A whist drive's tricks: N-S, then E-W.
    Tricks,
    /// A bridge board: the result ("4S N 10"), then the opening lead ("HQ"), which may stay
    /// empty.
    BoardAndLead,
    /// A teams match's board: both tables' N-S scores ("420 -170") or the net ("net 590").
    TeamBoard,
}

impl Fields {
    fn of(scoring: &Scoring) -> Fields {
        match scoring {
            Scoring::WhistDrive { .. } => Fields::Tricks,
            Scoring::Bridge { .. } => Fields::BoardAndLead,
            Scoring::Chess { .. } | Scoring::Match { .. } => Fields::One,
            Scoring::Teams { .. } => Fields::TeamBoard,
        }
    }

    /// How many fields a result has.
    fn count(self) -> u8 {
        match self {
            Fields::One | Fields::TeamBoard => 1,
            Fields::Tricks | Fields::BoardAndLead => 2,
        }
    }

    /// The field's name after the table's ("Table 3 N-S tricks", "Table 3 lead").
    fn name(self, part: u8) -> &'static str {
        match (self, part) {
            (Fields::Tricks, 0) => "N-S tricks",
            (Fields::Tricks, _) => "E-W tricks",
            (Fields::BoardAndLead, 1) => "lead",
            _ => "result",
        }
    }

    /// Wide enough for a whole contract ("3NT W 10"); narrow for tricks and a card.
    fn width(self, part: u8) -> f32 {
        match (self, part) {
            (Fields::Tricks, _) | (Fields::BoardAndLead, 1) => 42.0,
            _ => 110.0,
        }
    }

    /// Greyed in an empty field: the side's name ("0" looked like an entered score), or that
    /// the lead goes there.
    fn hint(self, part: u8) -> &'static str {
        match (self, part) {
            (Fields::Tricks, 0) => "N-S",
            (Fields::Tricks, _) => "E-W",
            (Fields::BoardAndLead, 1) => "lead",
            (Fields::TeamBoard, _) => "420 -170",
            _ => "",
        }
    }
}

/// What is typed in one result field, by result and part (whist drives have two, N–S and E–W;
/// bridge boards the result and the lead).
#[derive(Default)]
pub struct ResultsView {
    round: u32,
    drafts: BTreeMap<(ResultKey, u8), String>,
    /// The saved value each key's drafts were made from: when it changes underneath (undo,
    /// redo, another window) the drafts are made again from the file.
    seen: BTreeMap<ResultKey, Option<ResultValue>>,
    /// A whist drive's E-W text as the window filled it in from N-S: while it stands, a
    /// corrected N-S fills it in again; once the organiser types over it, it is theirs.
    derived: BTreeMap<ResultKey, String>,
    /// The field (by its order in the round) to give the keyboard to in this frame.
    focus: Option<usize>,
    all_rounds_history: bool,
    /// Club pairs: enter board by board, as the travellers come in, instead of by round.
    by_traveller: bool,
    /// The traveller shown (board number, from 1).
    board: u32,
    /// Scoring from phones: the server and the director's live view of the tables.
    pub(crate) phones: super::phones_panel::PhonesPanel,
    /// "Analyse deals": the hand records' double-dummy analysis, on a background job
    /// (cancelled when this view is made afresh or the window closes).
    pub(crate) analyser: super::hand_record::Analyser,
    /// A Swiss teams event: pairing the next round (with teams withdrawing) and a hand change
    /// to the last round's pairing.
    swiss: super::swiss_panel::SwissPanel,
    /// A teams event: each match's "Who played…" tick boxes.
    who_played: super::who_played::WhoPlayed,
}

impl EventView for ResultsView {
    /// Scoring from phones, then the round's tables with a field per result; returns the
    /// commands to carry out.
    fn ui(&mut self, ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Outcome {
        let (mut commands, written) = self.phones.ui(ui, session, files);
        ui.separator();
        let mut outcome = self.entry_ui(ui, session, files);
        commands.append(&mut outcome.commands);
        outcome.commands = commands;
        outcome.notice = outcome.notice.or(written);
        outcome
    }
}

impl ResultsView {
    /// The round's tables (or a traveller) with a field per result.
    fn entry_ui(&mut self, ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Outcome {
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
        if let Some(movement) = &event.schedule.movement {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.by_traveller, false, "By round");
                ui.selectable_value(&mut self.by_traveller, true, "By traveller");
            });
            if self.by_traveller {
                let boards = (movement.sets * movement.boards_per_round) as u32;
                return self.traveller_ui(ui, session, boards, files);
            }
        }
        let before = self.round;
        super::round_picker(ui, session, &mut self.round, true);
        if self.round != before {
            self.focus = Some(0);
        }
        let Some(round) = event.schedule.round(self.round).cloned() else {
            return commands.into();
        };
        let (done, needed) = event.round_progress(session.results(), round.number);
        let state = if done == needed {
            egui::RichText::new(format!("Round {}: complete ({done} of {needed})", round.number))
                .color(super::DONE_GREEN)
        } else {
            egui::RichText::new(format!("Round {}: {done} of {needed} results", round.number))
        };
        ui.label(state.strong());
        absent_teams_ui(ui, event, &round);
        if let Some(command) = self.swiss.ui(ui, session, round.number, done == needed, done > 0) {
            if matches!(command, Command::PairNextRound { .. }) {
                // Show the new round once it is paired, the keyboard on its first field.
                self.round = round.number + 1;
                self.focus = Some(0);
            }
            commands.push(command);
        }
        let hands = match event.settings.scoring {
            Scoring::WhistDrive { hands_per_round } => hands_per_round,
            _ => None,
        };
        ui.label(match &event.settings.scoring {
            Scoring::WhistDrive { .. } if hands.is_some() => {
                "Tricks won by each side: type N-S and press Tab (E-W is filled in), then Enter saves and moves to the next table."
            }
            Scoring::WhistDrive { .. } => "Tricks won by each side. Enter saves and moves to the next table; Tab moves between fields.",
            Scoring::Bridge { .. } => {
                "Per board: contract, declarer, tricks (4S N 10, 3NT E -1), the N-S score (620), or pass; the opening lead (HQ) in Lead if it was written down. Enter saves and moves on."
            }
            Scoring::Chess { .. } => "1-0, ½-½ (or =), 0-1, +- / -+ for forfeits. Enter saves and moves on.",
            Scoring::Match { .. } => "Score home-away, e.g. 3-1. Enter saves and moves on.",
            Scoring::Teams { .. } => {
                "Per board of each match: the N-S score at table 1 (the home team N-S), then at table 2, e.g. 420 -170; or the home team's net score, e.g. net 590. Enter saves and moves on."
            }
        });
        ui.separator();
        let fields = Fields::of(&event.settings.scoring);
        let history_height = 150.0;
        let mut field = 0usize;
        // Each round keeps its own scroll position: a round opens at its first table.
        egui::ScrollArea::vertical()
            .id_salt(("results", round.number))
            .max_height((ui.available_height() - history_height).max(120.0))
            .show(ui, |ui| {
                outline_fields(ui);
                egui::Grid::new(("results", round.number))
                    .striped(true)
                    .show(ui, |ui| {
                        for table in &round.tables {
                            self.table_rows(
                                ui,
                                session,
                                round.number,
                                table,
                                fields,
                                &mut field,
                                &mut commands,
                            );
                        }
                    });
            });
        self.forget_focus_past(field);
        ui.separator();
        self.history_ui(ui, session, round.number);
        commands.into()
    }
}

/// A teams or Swiss event: who has the bye, who has left and who joins later, for the director to see.
fn absent_teams_ui(ui: &mut egui::Ui, event: &scheduler::event::Event, round: &scheduler::model::Round) {
    let swiss = event.settings.options.as_ref().is_some_and(|o| o.swiss);
    if (matches!(event.settings.scoring, Scoring::Teams { .. }) || swiss) && !round.absent.is_empty() {
        let name = |e: usize| event.schedule.entrants.get(e).map_or("?", String::as_str);
        let absent: Vec<String> = round
            .absent
            .iter()
            .map(|a| format!("{} ({})", name(a.entrant), a.kind.label()))
            .collect();
        ui.label(format!("Not playing this round: {}", absent.join(", ")));
    }
}

impl ResultsView {
    /// Club pairs: one board's traveller, a row per table that plays it in movement order,
    /// with its matchpoints once scored; Enter saves and moves down the traveller.
    fn traveller_ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        boards: u32,
        files: &mut Files,
    ) -> Outcome {
        let mut commands = Vec::new();
        let event = session.event();
        self.board = self.board.clamp(1, boards.max(1));
        let before = self.board;
        ui.horizontal(|ui| {
            let label = ui.label("Board:");
            if ui.button("◀").on_hover_text("The board before").clicked() && self.board > 1 {
                self.board -= 1;
            }
            ui.add(egui::DragValue::new(&mut self.board).range(1..=boards.max(1)))
                .labelled_by(label.id);
            if ui.button("▶").clicked() && self.board < boards {
                self.board += 1;
            }
            ui.label(format!("of {boards}"));
        });
        if self.board != before {
            self.focus = Some(0);
        }
        let travellers = travellers(event, session.results());
        let (attach, mut notice) = super::hand_record::attach_ui(ui, session, files);
        commands.extend(attach);
        let (analyse, analysed) = self.analyser.ui(ui, session);
        commands.extend(analyse);
        notice = notice.or(analysed);
        let Some(traveller) = travellers.get(self.board as usize - 1) else {
            return Outcome { commands, notice };
        };
        let done = traveller.rows.iter().filter(|r| r.result.is_some()).count();
        ui.label(
            egui::RichText::new(format!(
                "Board {}: {done} of {} results; top {}",
                traveller.board,
                traveller.rows.len(),
                super::scorecard_window::mp_text(traveller.top)
            ))
            .strong(),
        );
        ui.label("Contract, declarer, tricks (4S N 10, 3NT E -1), the N-S score (620), pass, AVE+ / AVE / AVE- or NP; the opening lead (HQ) in Lead if the traveller has it. Enter saves and moves down.");
        ui.separator();
        let hand = event
            .hand_records()
            .into_iter()
            .find(|b| b.number == traveller.board);
        if let Some(board) = &hand {
            egui::CollapsingHeader::new("Hand record")
                .default_open(true)
                .show(ui, |ui| super::hand_record::diagram_ui(ui, board));
        }
        let fields = egui::ScrollArea::vertical()
            .id_salt("traveller")
            .show(ui, |ui| {
                self.traveller_rows_ui(ui, session, traveller, &mut commands)
            })
            .inner;
        self.forget_focus_past(fields);
        Outcome { commands, notice }
    }

    /// The traveller's lines under their headings: where, the pairs (number and names), the
    /// result and lead fields, what the typed text means, and each side's matchpoints on the
    /// standings' scale once the board is scored. Returns how many fields it drew.
    fn traveller_rows_ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        traveller: &Traveller,
        commands: &mut Vec<Command>,
    ) -> usize {
        let event = session.event();
        let movement = event.schedule.movement.as_ref();
        let pairs = movement.map(present_pairs).unwrap_or_default();
        let who = |entrant: usize| {
            let label = pairs
                .get(entrant)
                .and_then(|&p| movement.map(|m| m.label(p)))
                .unwrap_or_default();
            format!("{label}  {}", event.schedule.entrants[entrant])
        };
        let mut field = 0usize;
        outline_fields(ui);
        egui::Grid::new(("traveller", traveller.board))
            .striped(true)
            .show(ui, |ui| {
                for heading in TRAVELLER_HEADINGS {
                    ui.strong(heading);
                }
                ui.end_row();
                for row in &traveller.rows {
                    let key = ResultKey {
                        round: row.round,
                        table: row.table,
                        deal: traveller.board,
                    };
                    let line = Line {
                        place: format!("Round {} table {}", row.round, row.table),
                        first: who(row.ns),
                        second: who(row.ew),
                        matchpoints: Some(row.matchpoints.unzip()),
                    };
                    let fields = Fields::of(&event.settings.scoring);
                    self.result_row(ui, session, key, line, fields, &mut field, commands);
                    ui.end_row();
                }
            });
        field
    }

    /// Makes the drafts of `key` again from the saved value when it changed underneath
    /// (saved here, undone, or written by another window or command).
    fn sync_drafts(
        &mut self,
        key: ResultKey,
        saved: Option<ResultValue>,
        fields: Fields,
        hands: Option<u32>,
    ) {
        if self.seen.get(&key) == Some(&saved) {
            return;
        }
        for part in 0..fields.count() {
            self.drafts
                .insert((key, part), saved.map(|v| shown(&v, part)).unwrap_or_default());
        }
        self.seen.insert(key, saved);
        // A saved E-W that is the rest of the hands' tricks counts as filled in.
        self.derived.remove(&key);
        if let Some(ResultValue::Tricks { ns, ew }) = saved
            && other_side_tricks(&ns.to_string(), hands) == Some(ew)
        {
            self.derived.insert(key, ew.to_string());
        }
    }

    /// The result's field(s), named for screen readers ("Table 3 N-S tricks", "Table 3
    /// lead"); Tab or Enter into a field selects its text. Returns the part and field number
    /// Enter was pressed in.
    fn fields_ui(
        &mut self,
        ui: &mut egui::Ui,
        key: ResultKey,
        fields: Fields,
        hands: Option<u32>,
        field: &mut usize,
    ) -> Option<(u8, usize)> {
        let mut entered_in = None;
        for part in 0..fields.count() {
            let text = self.drafts.entry((key, part)).or_default();
            // Sized, not only a desired width: a grid cell otherwise keeps the narrow width of
            // its first frame ("3NT W 10" showed as "3NT").
            let width = fields.width(part);
            let response = ui.add_sized(
                [width, ui.spacing().interact_size.y],
                egui::TextEdit::singleline(text)
                    .desired_width(width)
                    .hint_text(fields.hint(part)),
            );
            response.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::TextInput,
                    true,
                    if fields == Fields::TeamBoard {
                        format!("Match {} board {} {}", key.table, key.deal, fields.name(part))
                    } else if key.deal > 0 && !self.by_traveller {
                        // A table's boards one under another: each field names its board.
                        format!("Table {} board {} {}", key.table, key.deal, fields.name(part))
                    } else {
                        format!("Table {} {}", key.table, fields.name(part))
                    },
                )
            });
            // Reached by Tab, or by Enter on the table before: typing replaces what is there.
            let by_keyboard =
                response.gained_focus() && !ui.input(|i| i.pointer.any_pressed() || i.pointer.any_released());
            let moved_here = self.focus == Some(*field);
            if by_keyboard || moved_here {
                select_all(ui.ctx(), response.id, text);
            }
            if moved_here {
                response.request_focus();
                response.scroll_to_me(None);
                self.focus = None;
            }
            if part == 0 && fields == Fields::Tricks && response.changed() {
                self.fill_other_side(key, hands);
            }
            if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                entered_in = Some((part, *field));
            }
            *field += 1;
        }
        entered_in
    }

    /// One table's lines of a round: a line per board (or one for the table), and in a teams
    /// event the match so far under its boards.
    #[allow(clippy::too_many_arguments)]
    fn table_rows(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        round: u32,
        table: &scheduler::model::Table,
        fields: Fields,
        field: &mut usize,
        commands: &mut Vec<Command>,
    ) {
        let event = session.event();
        let teams = matches!(event.settings.scoring, Scoring::Teams { .. });
        let plans = plans_at(event, round, table);
        // A three-way match over two rounds takes its boards with its second round (a short
        // cell, so the grid's columns stay narrow; the whole sentence on hover).
        if teams
            && let Some(why) = scheduler::event::long_three_way::entry_refusal(event, round, table.number)
        {
            ui.label(format!("Match {}", table.number));
            ui.label(format!("three-way: entered with round {}", round + 1))
                .on_hover_text(why);
            ui.end_row();
        }
        for deal in event.boards_at(round, table.number) {
            // A three-way match's board: the half-match that plays it.
            let (first, second) = match plans.iter().find(|p| p.part.is_some() && p.deals.contains(&deal)) {
                Some(plan) => (vec![plan.home], vec![plan.away]),
                None => sides(table),
            };
            let key = ResultKey {
                round,
                table: table.number,
                deal,
            };
            let place = if teams {
                format!("Match {} board {deal}", table.number)
            } else if deal > 0 {
                format!("Table {} board {deal}", table.number)
            } else {
                format!("Table {}", table.number)
            };
            let line = Line {
                place,
                first: names(session, &first),
                second: names(session, &second),
                matchpoints: None,
            };
            self.result_row(ui, session, key, line, fields, field, commands);
            ui.end_row();
        }
        if teams || scheduler::event::swiss_pairs::settings(event).is_some() {
            match_totals_rows(ui, session, round, table.number, &mut self.who_played, commands);
        }
    }

    /// One result's cells: where, the first side, its field(s), the second side, on a
    /// traveller each side's matchpoints, and what the typed text means (saved, Save, the
    /// problem, Remove), last as it is the widest. The caller ends the row.
    #[allow(clippy::too_many_arguments)]
    fn result_row(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        key: ResultKey,
        line: Line,
        fields: Fields,
        field: &mut usize,
        commands: &mut Vec<Command>,
    ) {
        let saved = session.results().get(&key).copied();
        let hands = match session.event().settings.scoring {
            Scoring::WhistDrive { hands_per_round } => hands_per_round,
            _ => None,
        };
        self.sync_drafts(key, saved, fields, hands);
        ui.label(&line.place);
        ui.label(&line.first);
        let entered_in = self.fields_ui(ui, key, fields, hands, field);
        ui.label(&line.second);
        let sides = (line.first.as_str(), line.second.as_str());
        if let Some((ns, ew)) = line.matchpoints {
            matchpoints_cell(ui, &line.place, "N-S", ns);
            matchpoints_cell(ui, &line.place, "E-W", ew);
        }
        let typed = self.parse(session, key, fields);
        let submitted = entered_in.is_some();
        // The first field of the next table: where Enter moves the keyboard on to.
        let next_table = entered_in.map(|(part, at)| at - part as usize + fields.count() as usize);
        match (&typed, saved) {
            (Some(Ok(value)), Some(old)) if *value == old => {
                ui.label(match score_text(value, key, sides) {
                    Some(score) => format!("saved, {score}"),
                    None => "saved".to_owned(),
                });
                if next_table.is_some() {
                    // Nothing to save: move on all the same.
                    self.focus = next_table;
                }
            }
            (Some(Ok(value)), _) => {
                let clicked = ui
                    .horizontal(|ui| {
                        if let Some(score) = score_text(value, key, sides) {
                            ui.label(score);
                        }
                        ui.button("Save").clicked()
                    })
                    .inner;
                if clicked || submitted {
                    commands.push(Command::SetResult(key, *value));
                    if next_table.is_some() {
                        self.focus = next_table;
                    }
                }
            }
            (Some(Err(problem)), _) => {
                ui.colored_label(super::ERROR_RED, problem);
                if let Some((part, at)) = entered_in {
                    self.focus = Some(self.field_to_fix(session, key, fields, part, at));
                }
            }
            (None, Some(_)) => {
                if ui.button("Remove").clicked() {
                    commands.push(Command::ClearResult(key));
                }
            }
            (None, None) => {
                match tables_so_far(session, key) {
                    Some(text) => ui.weak(text),
                    None => ui.label(""),
                };
            }
        }
        if typed.is_none() && next_table.is_some() {
            // Enter on an empty field: nothing to save (a saved result stays until Remove);
            // on to the next table, so the digits typed next are not lost.
            self.focus = next_table;
        }
    }

    /// Where the keyboard goes when Enter (in `part`, field number `at`) finds a problem: from
    /// a whist drive's N-S on to its E-W; to a bridge board's field at fault (the lead when the
    /// result alone is fine, else the result); otherwise it stays to fix it.
    fn field_to_fix(&self, session: &Session, key: ResultKey, fields: Fields, part: u8, at: usize) -> usize {
        let first = at - part as usize;
        match fields {
            Fields::Tricks if part == 0 => at + 1,
            Fields::BoardAndLead => {
                let result = self.drafts.get(&(key, 0)).map_or("", String::as_str);
                let result_fine = matches!(typed_result(session.event(), key, &[result]), Some(Ok(_)));
                first + usize::from(result_fine)
            }
            _ => at,
        }
    }

    /// Enter on the last table has no next field: the keyboard is let go rather than handed
    /// to whichever field that number names later (another round or traveller).
    fn forget_focus_past(&mut self, fields: usize) {
        if self.focus.is_some_and(|f| f >= fields) {
            self.focus = None;
        }
    }

    /// A whist drive's E-W tricks follow from N-S when the hands per round are known: filled
    /// in while E-W is empty or still as the window filled it, never over what was typed.
    fn fill_other_side(&mut self, key: ResultKey, hands: Option<u32>) {
        let ew = self.drafts.get(&(key, 1)).map_or("", |t| t.trim());
        let ours = ew.is_empty() || self.derived.get(&key).is_some_and(|d| d == ew);
        if !ours {
            return;
        }
        let ns = self.drafts.get(&(key, 0)).map_or("", String::as_str);
        let filled = other_side_tricks(ns, hands)
            .map(|t| t.to_string())
            .unwrap_or_default();
        self.drafts.insert((key, 1), filled.clone());
        if filled.is_empty() {
            self.derived.remove(&key);
        } else {
            self.derived.insert(key, filled);
        }
    }

    /// Every entry and correction (this round's, or all), newest first, with its time.
    fn history_ui(&mut self, ui: &mut egui::Ui, session: &Session, round: u32) {
        let entries: Vec<_> = session
            .history()
            .iter()
            .rev()
            .filter(|h| self.all_rounds_history || h.key.is_some_and(|k| k.round == round))
            .collect();
        ui.horizontal(|ui| {
            ui.strong("Corrections and history");
            ui.checkbox(&mut self.all_rounds_history, "all rounds and roster changes");
        });
        if entries.is_empty() {
            ui.label("Nothing entered for this round yet.");
            return;
        }
        egui::ScrollArea::vertical()
            .id_salt("history")
            .auto_shrink([false, true])
            .show_rows(ui, 18.0, entries.len(), |ui, range| {
                for entry in &entries[range] {
                    let time = entry.at.get(11..19).unwrap_or(&entry.at);
                    let what = match (entry.key, entry.before, entry.after) {
                        (Some(key), Some(before), Some(after)) => {
                            format!("{key}: {before}, corrected to {after}")
                        }
                        (Some(key), None, Some(after)) => format!("{key}: {after}"),
                        (Some(key), Some(before), None) => format!("{key}: {before} removed"),
                        _ => String::new(),
                    };
                    let from = entry
                        .source
                        .as_ref()
                        .map(|source| format!(" (from {source})"))
                        .unwrap_or_default();
                    ui.label(format!("{time}  {}  {what}{from}", entry.action));
                }
            });
    }

    /// The typed value, checked against the event; `None` while the fields are empty.
    fn parse(
        &self,
        session: &Session,
        key: ResultKey,
        fields: Fields,
    ) -> Option<Result<ResultValue, String>> {
        let fields: Vec<&str> = (0..fields.count())
            .map(|part| self.drafts.get(&(key, part)).map_or("", String::as_str))
            .collect();
        typed_result(session.event(), key, &fields)
    }
}

/// The traveller's headings, one per column of its lines.
const TRAVELLER_HEADINGS: [&str; 7] = ["", "N-S", "Result", "Lead", "E-W", "N-S MP", "E-W MP"];

/// One side's matchpoints on a traveller line ("5.5"), empty before the board is scored; a
/// screen reader hears where and whose ("Round 2 table 3: N-S 5.5 matchpoints").
fn matchpoints_cell(ui: &mut egui::Ui, place: &str, side: &str, matchpoints: Option<f64>) {
    let Some(mp) = matchpoints else {
        ui.label("");
        return;
    };
    let text = super::scorecard_window::mp_text(mp);
    let spoken = format!("{place}: {side} {text} matchpoints");
    ui.label(&text)
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, spoken.clone()));
}

/// Gives the result fields in `ui` an edge that stands out from the striped rows: the
/// theme's own fields have none in the light theme, white on near-white. Grey 130 on the
/// light rows and 120 on the dark ones is over 3:1 either way (WCAG's contrast for a control's
/// boundary); a focused field keeps the theme's selection outline.
fn outline_fields(ui: &mut egui::Ui) {
    let edge = if ui.visuals().dark_mode {
        egui::Color32::from_gray(120)
    } else {
        egui::Color32::from_gray(130)
    };
    ui.visuals_mut().widgets.inactive.bg_stroke = egui::Stroke::new(1.0, edge);
}

/// A bridge board's N-S score as the library scores it ("N-S +420"), with the board's
/// vulnerability; a team match's board as its net score and who gains the IMPs, by name
/// (`sides`: the home team, the away team); `None` for other results and for boards without
/// one (artificial, not played).
fn score_text(value: &ResultValue, key: ResultKey, (home, away): (&str, &str)) -> Option<String> {
    match value {
        ResultValue::Teams { board } => board.entry().net().ok().map(|net| {
            let imps = scheduler::scoring::bridge::imps(net);
            let net = signed(i64::from(net));
            match imps {
                0 => format!("net {net}, no IMPs"),
                _ if imps > 0 => format!("net {net}, {home} +{imps} IMPs"),
                _ => format!("net {net}, {away} +{} IMPs", imps.unsigned_abs()),
            }
        }),
        ResultValue::Bridge { board } => board.north_south_score(key.deal).map(|score| match score {
            0 => "N-S 0".to_owned(),
            _ => format!("N-S {score:+}"),
        }),
        _ => None,
    }
}

/// A teams match's board not entered yet, as its two tables have sent it from their phones
/// ("table 1: 4S by N =, N-S +620; table 2: not yet"); `None` when neither has.
fn tables_so_far(session: &Session, key: ResultKey) -> Option<String> {
    let room = scheduler::event::team_rooms::match_room(session.event(), key.round, key.table, key.deal)?;
    let rooms = session.rooms();
    let said = |table: u32| {
        let at = ResultKey { table, ..key };
        let words = rooms.get(&at).map_or_else(
            || "not yet".to_owned(),
            |board| scheduler::event::tables::result_words(at, &ResultValue::Bridge { board: *board }),
        );
        format!("table {table}: {words}")
    };
    let [first, second] = [room.key(key.deal), room.other_key(key.deal)];
    (rooms.contains_key(&first) || rooms.contains_key(&second))
        .then(|| format!("from the phones: {}; {}", said(first.table), said(second.table)))
}

/// A teams event: under a match's boards, the match so far as its card says it — "IMPs 23–14,
/// VPs 13.76–6.24" once every board is in, else how many are — a line for each match at the
/// table (a three-way match has three); then the match's "Who played…" rows when open.
fn match_totals_rows(
    ui: &mut egui::Ui,
    session: &Session,
    round: u32,
    table: u32,
    who_played: &mut super::who_played::WhoPlayed,
    commands: &mut Vec<Command>,
) {
    let event = session.event();
    let name = |e: usize| event.schedule.entrants.get(e).cloned().unwrap_or_default();
    if let Some(swiss) = scheduler::event::swiss_pairs::settings(event) {
        // A Swiss pairs match: this table's boards against the datums of the round so far.
        let Some(played) = event.schedule.round(round) else {
            return;
        };
        let matches = scheduler::event::swiss_pairs::round_matches(event, session.results(), played, swiss);
        for m in matches.iter().filter(|m| m.table == table) {
            ui.strong(format!("Table {table} so far"));
            ui.label(name(m.home));
            ui.strong(m.summary(swiss.scoring));
            ui.label(name(m.away));
            ui.label("");
            ui.end_row();
        }
        return;
    }
    let Scoring::Teams { scoring, .. } = event.settings.scoring else {
        return;
    };
    let mut teams = Vec::new();
    for (at, card) in match_cards_at(event, session.results(), round, table)
        .into_iter()
        .enumerate()
    {
        let place = match card.part {
            Some(part) => format!("Match {table} ({part}/3) so far"),
            None => format!("Match {table} so far"),
        };
        ui.strong(place);
        ui.label(name(card.home));
        ui.strong(card.summary(scoring));
        ui.label(name(card.away));
        if at == 0 {
            who_played.toggle(ui, round, table);
        } else {
            ui.label("");
        }
        ui.end_row();
        for team in [card.home, card.away] {
            if !teams.contains(&team) {
                teams.push(team);
            }
        }
    }
    who_played.rows(ui, session, round, table, &teams, commands);
}

/// Selects the whole text of the field `id`, so what is typed next replaces it.
fn select_all(ctx: &egui::Context, id: egui::Id, text: &str) {
    if let Some(mut state) = egui::TextEdit::load_state(ctx, id) {
        state
            .cursor
            .set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
        state.store(ctx, id);
    }
}

/// A saved result as it is typed back into its field `part`.
fn shown(value: &ResultValue, part: u8) -> String {
    match value {
        ResultValue::Tricks { ns, ew } => if part == 0 { ns } else { ew }.to_string(),
        // The library's own typed form ("4S N 10", "pass", "AVE+/AVE-") without the lead,
        // which has a field of its own.
        ResultValue::Bridge { board } if part == 0 => without_lead(*board).typed(),
        ResultValue::Bridge { board } => board.lead().map(|card| card.to_string()).unwrap_or_default(),
        ResultValue::Teams { board } => board.typed(),
        other => other.to_string(),
    }
}

/// `board` with no lead recorded.
fn without_lead(board: BridgeResult) -> BridgeResult {
    match board {
        BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            ..
        } => BridgeResult::contract(contract, declarer, tricks),
        other => other,
    }
}
