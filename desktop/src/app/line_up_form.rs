//! The roster view's late arrival and withdrawal, once results are entered: "Add a late
//! player…" asks for the name and the round they join before, "Withdraw…" for who leaves and
//! after which round. Each leaves as one command; the library keeps the played rounds, makes
//! the rest and checks it all, and what it did (or why not) is shown here, where it was asked.

use eframe::egui;
use scheduler::event::Event;
use scheduler::event::lineup::last_round_with_results;
use scheduler::event::session::{Command, Session};
use scheduler::model::Absence;
use scheduler::movement::{MissedBoards, Movement};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Asking {
    Late,
    Withdraw,
}

#[derive(Default)]
pub struct LineUpForm {
    asking: Option<Asking>,
    name: String,
    /// The round the late player joins before, or the last round the leaver plays.
    round: u32,
    entrant: Option<usize>,
    /// A late pair's second player (club pairs).
    partner: String,
    /// How a late pair's missed boards are scored (club pairs).
    missed: MissedBoards,
    /// Show the outcome of the last command sent from here (until dismissed).
    show_outcome: bool,
    /// A command was sent last frame and its outcome not yet seen.
    sent: bool,
}

impl LineUpForm {
    /// The two buttons, the open form and the last outcome; a command when one is asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, session: &Session) -> Option<Command> {
        let event = session.event();
        let played = last_round_with_results(session.results());
        let last = event.schedule.rounds.iter().map(|r| r.number).max().unwrap_or(0);
        let mut command = None;
        let pairs = event.schedule.movement.is_some();
        let teams = matches!(event.settings.scoring, scheduler::event::Scoring::Teams { .. });
        let (late_button, late_hover) = if pairs {
            (
                "Add a late pair…",
                "A pair arrives once rounds are played: it takes the half table's seat",
            )
        } else if teams {
            (
                "Add a late team…",
                "A team enters once rounds are played: it is paired from the next round (its players go in its row once added)",
            )
        } else {
            (
                "Add a late player…",
                "Someone arrives once rounds are played: the rounds not yet played are made again with them",
            )
        };
        ui.horizontal(|ui| {
            if ui.button(late_button).on_hover_text(late_hover).clicked() {
                self.asking = Some(Asking::Late);
                self.round = (played + 1).min(last.max(1));
            }
            if ui
                .button("Withdraw…")
                .on_hover_text("Someone leaves after a round: a phantom (a bye or sit-out) takes their place")
                .clicked()
            {
                self.asking = Some(Asking::Withdraw);
                self.round = played.min(last.saturating_sub(1));
            }
        });
        match self.asking {
            Some(Asking::Late) => {
                command = match &event.schedule.movement {
                    Some(movement) => self.late_pair_ui(ui, movement, played, last),
                    None => self.late_ui(ui, played, last, if teams { "team" } else { "player" }),
                }
            }
            Some(Asking::Withdraw) => command = self.withdraw_ui(ui, event, last),
            None => {}
        }
        if self.sent
            && let Some(outcome) = session.line_up_outcome()
        {
            // The command sent last frame is done: a form that served closes; one refused
            // stays open with what was typed, to be corrected.
            self.sent = false;
            if outcome.is_ok() {
                self.asking = None;
                self.name.clear();
                self.partner.clear();
                self.entrant = None;
            }
        }
        if command.is_some() {
            self.show_outcome = true;
            self.sent = true;
        }
        if self.show_outcome
            && let Some(outcome) = session.line_up_outcome()
        {
            let (text, colour) = match outcome {
                Ok(message) => (message.clone(), super::DONE_GREEN),
                Err(problem) => (problem.clone(), super::ERROR_RED),
            };
            ui.add(egui::Label::new(egui::RichText::new(text).color(colour)).wrap());
            if ui.small_button("Dismiss").clicked() {
                self.show_outcome = false;
            }
        }
        command
    }

    /// The late player's (or team's: `who`) form: name and the round they join before.
    fn late_ui(&mut self, ui: &mut egui::Ui, played: u32, last: u32, who: &str) -> Option<Command> {
        let mut command = None;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(format!("A late {who}: the rounds already played stay as they are; from the round chosen the schedule takes them in, and all of it is checked."));
            ui.horizontal(|ui| {
                let label = ui.label(format!("Late {who}'s name"));
                ui.add(egui::TextEdit::singleline(&mut self.name).desired_width(180.0))
                    .labelled_by(label.id);
                let label = ui.label("Joins before round");
                ui.add(egui::DragValue::new(&mut self.round).range((played + 1).min(last)..=last))
                    .labelled_by(label.id);
                let ready = !self.name.trim().is_empty();
                if ui
                    .add_enabled(ready, egui::Button::new("Add to the schedule"))
                    .on_disabled_hover_text(format!("Type the late {who}'s name first"))
                    .clicked()
                {
                    command = Some(Command::LateArrival {
                        name: self.name.trim().to_owned(),
                        before_round: Some(self.round),
                        missed: MissedBoards::NotPlayed,
                    });
                }
                if ui.button("Cancel").clicked() {
                    self.asking = None;
                }
            });
        });
        command
    }

    /// The late pair's form (club pairs): its two players, the round it joins before, and how
    /// its missed boards are scored. Says first where it will sit — the half table's seat —
    /// or, with every seat taken, what the director can do instead.
    fn late_pair_ui(
        &mut self,
        ui: &mut egui::Ui,
        movement: &Movement,
        played: u32,
        last: u32,
    ) -> Option<Command> {
        let mut command = None;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            let Some(phantom) = movement.phantom else {
                ui.add(egui::Label::new(format!(
                    "Every seat is taken: the {} on {} tables has no half table, so a late pair cannot be fitted in. {}",
                    movement.kind.name(),
                    movement.tables,
                    if played == 0 {
                        "No result is entered yet: add the pair in the roster and generate the movement again (it will have a half table)."
                    } else {
                        "The pair can play in the next session, or the evening can be started again with them."
                    }
                )).wrap());
                if ui.button("Close").clicked() {
                    self.asking = None;
                }
                return;
            };
            ui.add(egui::Label::new(format!(
                "A late pair takes the half table's seat, as pair {}: from the round chosen it plays the phantom's tables, against the pairs that would have sat out. The rounds already played stay as they are.",
                movement.label(phantom)
            )).wrap());
            ui.horizontal(|ui| {
                let label = ui.label("Player");
                ui.add(egui::TextEdit::singleline(&mut self.name).desired_width(160.0))
                    .labelled_by(label.id);
                let label = ui.label("and");
                ui.add(egui::TextEdit::singleline(&mut self.partner).desired_width(160.0))
                    .labelled_by(label.id);
                let label = ui.label("Joins before round");
                ui.add(egui::DragValue::new(&mut self.round).range((played + 1).min(last)..=last))
                    .labelled_by(label.id);
            });
            ui.horizontal(|ui| {
                ui.label("Boards it missed:");
                ui.radio_value(&mut self.missed, MissedBoards::NotPlayed, "Not played (scored on the boards it plays)");
                ui.radio_value(&mut self.missed, MissedBoards::Average, "Average (50 % on each)");
            });
            ui.horizontal(|ui| {
                let ready = !self.name.trim().is_empty();
                if ui
                    .add_enabled(ready, egui::Button::new("Seat the late pair"))
                    .on_disabled_hover_text("Type the late pair's names first")
                    .clicked()
                {
                    let name = match self.partner.trim() {
                        "" => self.name.trim().to_owned(),
                        partner => format!("{} & {partner}", self.name.trim()),
                    };
                    command = Some(Command::LateArrival {
                        name,
                        before_round: Some(self.round),
                        missed: self.missed,
                    });
                }
                if ui.button("Cancel").clicked() {
                    self.asking = None;
                }
            });
        });
        command
    }

    /// The withdrawal's form: who leaves (those still playing) and after which round.
    fn withdraw_ui(&mut self, ui: &mut egui::Ui, event: &Event, last: u32) -> Option<Command> {
        let mut command = None;
        let left = |e: usize| {
            event
                .schedule
                .rounds
                .iter()
                .any(|r| r.absent.iter().any(|a| a.entrant == e && a.kind == Absence::Left))
        };
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label("A withdrawal: the rounds up to the one chosen stay as they are; after it a phantom takes their place (their opponents have a bye, or the whist rounds are seated again without them).");
            ui.horizontal(|ui| {
                let label = ui.label("Who leaves");
                let chosen = self
                    .entrant
                    .and_then(|e| event.schedule.entrants.get(e))
                    .cloned()
                    .unwrap_or_else(|| "choose…".to_owned());
                let combo = egui::ComboBox::from_id_salt("withdraw-who")
                    .width(180.0)
                    .selected_text(chosen)
                    .show_ui(ui, |ui| {
                        for (e, name) in event.schedule.entrants.iter().enumerate() {
                            if !left(e) {
                                ui.selectable_value(&mut self.entrant, Some(e), name);
                            }
                        }
                    });
                let response = combo.response.labelled_by(label.id);
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Who leaves")
                });
                let label = ui.label("Leaves after round");
                ui.add(egui::DragValue::new(&mut self.round).range(0..=last.saturating_sub(1)))
                    .labelled_by(label.id);
                if ui
                    .add_enabled(self.entrant.is_some(), egui::Button::new("Withdraw from the schedule"))
                    .on_disabled_hover_text("Choose who leaves first")
                    .clicked()
                    && let Some(entrant) = self.entrant
                {
                    command = Some(Command::Withdraw {
                        entrant,
                        after_round: self.round,
                    });
                }
                if ui.button("Cancel").clicked() {
                    self.asking = None;
                }
            });
        });
        command
    }
}
