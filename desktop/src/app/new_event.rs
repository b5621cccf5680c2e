//! The new-event wizard: name, date, club and the club's ID (its number with its national
//! body, for the USEBIO results file; both taken from the club file when it has them), format
//! and its options, the roster (numbered players, a CSV with its problems listed line by line
//! before anything is accepted, or club members ticked from the member list, with their
//! numbers), then generation on a background thread with progress and cancel.

use super::dialogs::{Files, Purpose, Request};
use super::generation::{Generation, refusal_ui};
use super::member_picker::{ClubList, MemberTicks};
use super::options_form::{options_rows, row};
use super::roster_preview::RosterPreview;
use eframe::egui;
use scheduler::club::ClubFile;
use scheduler::event::Event;
use scheduler::event::carry_over::{CarryOverRule, work_out_from_file};
use scheduler::event::create::{EventFormat, EventOptions, NewEvent, NotGenerated, event_from};
use scheduler::event::knockout::CarryOver;
use scheduler::model::Roster;
use std::path::Path;

pub struct NewEventView {
    title: String,
    club: String,
    /// The club's number with its national body (USEBIO's `CLUB_ID_NUMBER`).
    club_id: String,
    /// Whether the club file was read for its name and ID (once a form).
    club_file_read: bool,
    date: String,
    options: EventOptions,
    players: usize,
    roster: Option<RosterPreview>,
    /// "Players from the club members…": the members ticked for the roster.
    from_club: Option<MemberTicks>,
    /// The club's member list, read once ticking starts.
    members: ClubList,
    time_limit: f64,
    /// The generation running, the event it is for, and the club ID to set in its settings.
    job: Option<(Generation, NewEvent, Option<String>)>,
    /// Why the last attempt made nothing (with the rounds that can be made, when known).
    pub problem: Option<NotGenerated>,
    /// The form as it was when `problem` was found: once anything changes, the problem is
    /// about a form that is no longer there and goes.
    problem_for: Option<String>,
    /// A knockout's carry-over rule as typed, for working the carry-over out from an
    /// earlier event (the conditions of contest's; the Bermuda Bowl's to start with).
    carry_over_rule: String,
    /// The round of the teams' earlier match, as typed: empty when they met once; needed
    /// where they met more than once (a double round robin).
    carry_over_round: String,
    /// What working the carry-over out last said: the sentence and the carry-over it set
    /// (shown while the form still has that carry-over), or why it could not be done.
    carry_over_said: Option<Result<(String, Option<CarryOver>), String>>,
}

/// What the new-event form remembers from the last event made: the club and the format.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remembered {
    /// The club's name, as last typed.
    pub club: String,
    /// The format last chosen.
    pub format: Option<EventFormat>,
}

impl Remembered {
    /// Read from the text `to_text` writes (eframe's storage); anything else is ignored.
    pub fn parse(text: &str) -> Remembered {
        let mut remembered = Remembered::default();
        for line in text.lines() {
            match line.split_once('=') {
                Some(("club", club)) => remembered.club = club.to_owned(),
                Some(("format", name)) => remembered.format = EventFormat::from_name(name),
                _ => {}
            }
        }
        remembered
    }

    /// One `key=value` line each (a club name never holds a line break: the form is one line).
    pub fn to_text(&self) -> String {
        let club = self.club.replace(['\n', '\r'], " ");
        match self.format {
            Some(format) => format!("club={club}\nformat={}\n", format.name()),
            None => format!("club={club}\n"),
        }
    }
}

impl Default for NewEventView {
    fn default() -> Self {
        let mut options = EventOptions::new(EventFormat::WhistDrive);
        options.rounds = Some(7);
        options.hands_per_round = Some(2);
        NewEventView {
            title: "Club evening".into(),
            club: String::new(),
            club_id: String::new(),
            club_file_read: false,
            date: chrono::Local::now().date_naive().format("%Y-%m-%d").to_string(),
            options,
            players: 16,
            roster: None,
            from_club: None,
            members: ClubList::default(),
            time_limit: 20.0,
            job: None,
            problem: None,
            problem_for: None,
            carry_over_rule: CarryOverRule::default().to_string(),
            carry_over_round: String::new(),
            carry_over_said: None,
        }
    }
}

impl NewEventView {
    /// A fresh form with the club and format of the last event made.
    pub fn remembering(remembered: &Remembered) -> NewEventView {
        let mut view = NewEventView {
            club: remembered.club.clone(),
            ..NewEventView::default()
        };
        if let Some(format) = remembered.format {
            view.options = defaults_for(format);
        }
        view
    }

    /// Fills in the club's name (when the form has none) and its ID from the club file in the
    /// window's data folder, once, when there is a file that has them. Never makes the file; one
    /// that cannot be read is left for the club members screen to say.
    fn fill_in_from_club_file(&mut self, ctx: &egui::Context) {
        if self.club_file_read {
            return;
        }
        self.club_file_read = true;
        let Some(path) = super::member_picker::club_path(ctx).filter(|path| path.exists()) else {
            return;
        };
        let Ok(settings) = ClubFile::open(&path).and_then(|club| club.settings()) else {
            return;
        };
        if self.club.trim().is_empty()
            && let Some(name) = settings.name
        {
            self.club = name;
        }
        if self.club_id.trim().is_empty()
            && let Some(id) = settings.club_id
        {
            self.club_id = id;
        }
    }

    /// The club ID typed, trimmed; `None` when blank, refused when it holds a character that
    /// cannot be shown (it goes into the USEBIO file).
    fn club_id(&self) -> Result<Option<String>, String> {
        let id = self.club_id.trim();
        if id.is_empty() {
            return Ok(None);
        }
        scheduler::text::screen_line("the club ID", id)?;
        Ok(Some(id.to_owned()))
    }

    /// What the form holds, in one string, to see whether it changed.
    fn fingerprint(&self) -> String {
        format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}|{}|{:?}|{:?}|{}",
            self.title,
            self.club,
            self.club_id,
            self.date,
            self.options,
            self.players,
            self.roster.as_ref().map(|r| r.roster().players.len()),
            self.from_club.as_ref().map(|t| t.describe(false)),
            self.time_limit
        )
    }

    /// Returns the built event (with the generator's notes) once generation has finished.
    pub fn ui(&mut self, ui: &mut egui::Ui, files: &mut Files) -> Option<(Event, Vec<String>)> {
        if let Some((job, _, _)) = &self.job {
            let outcome = job.take_outcome();
            match outcome {
                None => {
                    job.progress_ui(ui);
                    return None;
                }
                Some(outcome) => {
                    let (_, spec, club_id) = self.job.take()?;
                    match outcome {
                        Ok(generated) => {
                            let notes = generated.notes.clone();
                            let mut event = event_from(&spec, generated);
                            event.settings.club_id = club_id;
                            return Some((event, notes));
                        }
                        Err(problem) => self.problem = Some(problem),
                    }
                }
            }
        }
        // A problem found with the form as it was goes once the form is changed.
        match (&self.problem, &self.problem_for) {
            (Some(_), None) => self.problem_for = Some(self.fingerprint()),
            (Some(_), Some(then)) if *then != self.fingerprint() => {
                self.problem = None;
                self.problem_for = None;
            }
            (None, Some(_)) => self.problem_for = None,
            _ => {}
        }
        self.fill_in_from_club_file(ui.ctx());
        ui.heading("New event");
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("new-event")
                .num_columns(2)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    row(ui, "Name", |ui| ui.text_edit_singleline(&mut self.title));
                    self.club_row_ui(ui);
                    row(ui, "Date (YYYY-MM-DD)", |ui| {
                        ui.text_edit_singleline(&mut self.date)
                    });
                    let label = ui.label("Format");
                    let before = self.options.format;
                    egui::ComboBox::from_id_salt("format")
                        .selected_text(self.options.format.label())
                        .show_ui(ui, |ui| {
                            for format in EventFormat::ALL {
                                ui.selectable_value(&mut self.options.format, format, format.label());
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                    if self.options.format != before {
                        self.options = defaults_for(self.options.format);
                        // A problem with the other format's settings no longer applies.
                        self.problem = None;
                    }
                    let numbered_teams = self.options.format == EventFormat::TeamChess
                        && self.roster.as_ref().is_none_or(|r| !r.has_teams());
                    let entrants = match (&self.roster, &self.from_club) {
                        (Some(preview), _) => preview.entrants(self.options.format).players.len(),
                        (None, Some(ticks)) if self.pairs() => ticks.count() / 2,
                        (None, Some(ticks)) => ticks.count(),
                        (None, None) => self.players,
                    };
                    let was_knockout = self.options.knockout.is_some();
                    let was_night = self.options.teams_night();
                    let names: Vec<String> = match &self.roster {
                        Some(preview) => preview.entrants(self.options.format).names(),
                        None if self.options.format == EventFormat::Teams && self.from_club.is_none() => {
                            (1..=self.players).map(|i| format!("Team {i}")).collect()
                        }
                        None => Vec::new(),
                    };
                    options_rows(ui, &mut self.options, numbered_teams, entrants, &names);
                    self.carry_over_from_ui(ui, files, &names);
                    if self.options.knockout.is_some() && !was_knockout {
                        // A knockout is two teams: numbered teams start at two.
                        self.players = 2;
                    }
                    if self.options.teams_night() && !was_night && self.roster.is_none() {
                        // A teams night is a club's evening: seven teams (American Whist)
                        // until the organiser says how many.
                        self.players = 7;
                    }
                    self.roster_rows_ui(ui, files);
                    row(ui, "Time allowed for the search", |ui| {
                        ui.add(
                            egui::DragValue::new(&mut self.time_limit)
                                .range(1.0..=600.0)
                                .suffix(" s"),
                        )
                    });
                });
            let mut roster_ok = true;
            if let Some(preview) = &mut self.roster {
                roster_ok = preview.ui(ui, self.options.format);
            }
            self.club_members_ui(ui);
            let offered = self.problem.as_ref().and_then(|problem| refusal_ui(ui, problem));
            if let Some(rounds) = offered {
                self.options.rounds = Some(rounds);
                self.start(ui.ctx());
            }
            if ui
                .add_enabled(roster_ok, egui::Button::new("Generate the schedule"))
                .on_disabled_hover_text("Fix the errors in the roster file and import it again")
                .clicked()
            {
                self.start(ui.ctx());
            }
        });
        None
    }

    /// A knockout's carry-over worked out from an earlier event: the rule (the conditions of
    /// contest's), a button choosing the event file, and the sentence saying how it was
    /// worked out (or why it could not be), under them. Nothing for any other event.
    fn carry_over_from_ui(&mut self, ui: &mut egui::Ui, files: &mut Files, names: &[String]) {
        if self.options.knockout.is_none() {
            return;
        }
        row(ui, "Carry-over rule", |ui| {
            ui.add(egui::TextEdit::singleline(&mut self.carry_over_rule).desired_width(120.0))
                .on_hover_text(
                    "The conditions of contest's rule, WON,LOST,CAP: the higher-placed team's share of the earlier match's margin when it won, the other team's share when it lost, and the most IMPs (the Bermuda Bowl's: 1/2,1/3,16)",
                )
        });
        row(ui, "Their match in round", |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.carry_over_round)
                    .desired_width(60.0)
                    .hint_text("only one"),
            )
            .on_hover_text(
                "Only where the two teams met more than once in the earlier event (a double round robin): the round of the match the conditions of contest count",
            )
        });
        // The button is named by its own text (as the roster's Import CSV… is).
        ui.label("Carry-over from");
        if ui
            .button("Work it out from an earlier event…")
            .on_hover_text("The round robin or Swiss of teams in which the two teams met")
            .clicked()
        {
            files.ask(
                Purpose::CarryOverFrom,
                Request::File {
                    title: "The earlier event the carry-over comes from".to_owned(),
                    filter: "Tourney event".to_owned(),
                    extensions: vec!["tourney".to_owned()],
                },
            );
        }
        ui.end_row();
        if let Some(Some(path)) = files.answer(Purpose::CarryOverFrom) {
            self.work_out_carry_over(&path, names);
        }
        let carry_now = self.options.knockout.as_ref().and_then(|k| k.carry_over.clone());
        let said = match &self.carry_over_said {
            Some(Ok((said, carry))) if *carry == carry_now => egui::RichText::new(said.as_str()),
            Some(Err(why)) => egui::RichText::new(why.as_str()).color(ui.visuals().error_fg_color),
            _ => return,
        };
        ui.label("");
        ui.add(egui::Label::new(said).wrap());
        ui.end_row();
    }

    /// Works the knockout's carry-over out from the event file at `path` for its teams
    /// `names`, by the rule typed; sets it on the form, or keeps why not.
    fn work_out_carry_over(&mut self, path: &Path, names: &[String]) {
        let round = match self.carry_over_round.trim() {
            "" => Ok(None),
            typed => typed.parse::<u32>().map(Some).map_err(|_| {
                format!("Their match in round: \"{typed}\" is not a round number (leave it empty when the teams met once)")
            }),
        };
        let worked = CarryOverRule::parse(&self.carry_over_rule)
            .and_then(|rule| round.and_then(|round| work_out_from_file(path, names, &rule, round)));
        self.carry_over_said = Some(worked.map(|worked| {
            let carry = worked.knockout_carry_over();
            if let Some(knockout) = &mut self.options.knockout {
                knockout.carry_over = carry.clone();
            }
            (worked.explanation, carry)
        }));
    }

    /// The club's name, and beside it the club's ID with its national body.
    fn club_row_ui(&mut self, ui: &mut egui::Ui) {
        let label = ui.label("Club");
        ui.horizontal(|ui| {
            ui.text_edit_singleline(&mut self.club).labelled_by(label.id);
            let id_label = ui.label("Club ID");
            ui.add(egui::TextEdit::singleline(&mut self.club_id).desired_width(90.0))
                .labelled_by(id_label.id)
                .on_hover_text(
                    "The club's number with its national body (the EBU's club ID, the ACBL's club number): the USEBIO results file carries it so the results are credited to the club",
                );
        });
        ui.end_row();
    }

    /// The form's roster rows: where the players come from (a CSV, the club's members, or
    /// numbered players), and how many numbered players.
    fn roster_rows_ui(&mut self, ui: &mut egui::Ui, files: &mut Files) {
        let team_chess = self.options.format == EventFormat::TeamChess;
        // A teams event's entrants are teams, not members.
        let no_members = team_chess || self.options.format == EventFormat::Teams;
        if no_members {
            // Club members have no teams to play for.
            self.from_club = None;
        }
        ui.label("Roster");
        ui.horizontal(|ui| {
            if ui.button("Import CSV…").clicked() {
                files.ask(Purpose::NewEventRoster, Request::Roster);
            }
            match files.answer(Purpose::NewEventRoster) {
                Some(Some(path)) => {
                    self.roster = Some(RosterPreview::read(&path));
                    self.from_club = None;
                    self.problem = None;
                }
                Some(None) => self.problem = Some(super::NO_FILE_CHOSEN.into()),
                None => {}
            }
            if !no_members
                && self.from_club.is_none()
                && ui
                    .button("Players from the club members…")
                    .on_hover_text("Tick the players in the club's member list: their numbers come with them")
                    .clicked()
            {
                self.from_club = Some(MemberTicks::default());
                self.roster = None;
            }
            if (self.roster.is_some() || self.from_club.is_some())
                && ui.button("Use numbered players instead").clicked()
            {
                self.roster = None;
                self.from_club = None;
            }
        });
        ui.end_row();
        if self.roster.is_none() && self.from_club.is_none() && !team_chess {
            let teams = self.options.format == EventFormat::Teams;
            row(ui, if teams { "Teams" } else { "Players (or pairs)" }, |ui| {
                ui.add(egui::DragValue::new(&mut self.players).range(2..=400))
            });
        }
    }

    /// The club's members to tick for the roster, and who is ticked (in pairs, as paired).
    fn club_members_ui(&mut self, ui: &mut egui::Ui) {
        let pairs = self.pairs();
        let Some(ticks) = &mut self.from_club else {
            return;
        };
        ui.separator();
        ui.strong(if pairs {
            "Players from the club members: tick them two by two, partners one after the other"
        } else {
            "Players from the club members: tick the players"
        });
        ticks.ui(ui, &mut self.members);
        ui.label(match ticks.count() {
            0 => "Nobody is ticked yet.".to_owned(),
            n if pairs => format!("{n} ticked, paired in the order ticked: {}", ticks.describe(true)),
            n => format!("{n} ticked: {}", ticks.describe(false)),
        });
    }

    /// Whether the format seats pairs (a pair is two ticked members).
    fn pairs(&self) -> bool {
        matches!(self.options.format, EventFormat::BridgePairs | EventFormat::Pairs)
    }

    fn spec(&self) -> Result<NewEvent, String> {
        let roster = match (&self.roster, &self.from_club) {
            (Some(preview), _) => preview.roster().clone(),
            (None, Some(ticks)) => ticks.roster(self.pairs())?,
            (None, None) if self.options.format == EventFormat::TeamChess => Roster::default(),
            (None, None) if self.options.format == EventFormat::Teams => Roster::numbered_teams(self.players),
            (None, None) => Roster::numbered(self.players),
        };
        let date = self.date.trim();
        if !date.is_empty() && chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_err() {
            return Err(format!("Date {date:?}: write it as YYYY-MM-DD, e.g. 2026-11-28"));
        }
        if self.title.trim().is_empty() {
            return Err("Give the event a name (it heads every sheet).".into());
        }
        let mut spec = NewEvent::new(self.title.trim(), self.options.format, roster);
        spec.club = Some(self.club.trim().to_owned()).filter(|c| !c.is_empty());
        spec.date = Some(date.to_owned()).filter(|d| !d.is_empty());
        spec.options = self.options.clone();
        Ok(spec)
    }

    fn start(&mut self, ctx: &egui::Context) {
        match self.spec().and_then(|spec| self.club_id().map(|id| (spec, id))) {
            Ok((spec, club_id)) => {
                self.problem = None;
                let job = Generation::start(ctx, spec.roster.clone(), spec.options.clone(), self.time_limit);
                self.job = Some((job, spec, club_id));
            }
            Err(problem) => self.problem = Some(problem.into()),
        }
    }

    /// The format chosen on the form.
    #[cfg(test)]
    pub fn format(&self) -> EventFormat {
        self.options.format
    }

    /// Whether a generation is running (the app keeps repainting meanwhile).
    #[cfg(test)]
    pub fn is_generating(&self) -> bool {
        self.job.is_some()
    }
}

/// Sensible starting options for a format: an evening of 7 rounds of 2 hands for whist, the
/// Berger tables for chess, six teams of four for a jamboree.
pub fn defaults_for(format: EventFormat) -> EventOptions {
    let mut options = EventOptions::new(format);
    match format {
        EventFormat::WhistDrive => {
            options.rounds = Some(7);
            options.hands_per_round = Some(2);
        }
        EventFormat::BridgeIndividual => options.rounds = Some(7),
        EventFormat::BridgePairs => {
            // A club pairs evening: the boards move (the form picks the movement that fits
            // the pairs, or the organiser picks the round robin instead).
            options.movement = Some(scheduler::event::create::MovementPlan {
                kind: scheduler::movement::MovementKind::Mitchell,
                phantom: None,
                arrow_switch: false,
            });
            options.avoid_spouses = true;
        }
        EventFormat::Pairs => options.avoid_spouses = true,
        EventFormat::Chess => {}
        EventFormat::TeamChess => {
            options.rounds = Some(5);
            options.teams = Some(6);
            options.boards = Some(4);
        }
        // A club's Swiss teams afternoon: 6 rounds of 7 boards, scored by WBF 2013 VPs.
        EventFormat::Teams => {
            options.swiss = true;
            options.rounds = Some(6);
            options.boards_per_round = 7;
        }
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_form_remembers_reads_back() {
        let remembered = Remembered {
            club: "Riverside BC".into(),
            format: Some(EventFormat::BridgePairs),
        };
        assert_eq!(Remembered::parse(&remembered.to_text()), remembered);
        assert_eq!(Remembered::parse("club=A\nformat=nonsense\n").format, None);
        assert_eq!(Remembered::parse("").club, "");
    }
}
