//! The club's member list (reached from the start screen's "Club members…"): the club's name
//! and federation ID, a search box that filters the list as the organiser types (any word's
//! start of a name, a number's start; case and accents aside), adding, editing and removing a
//! member, and importing the club's CSV with a line for every row that was not simply added.
//! Everything is kept in the club file (`club.sqlite` in the app's data folder), shared with
//! `tourney members`; a change made there (or in another window) is read again within a second.

use super::dialogs::{Files, Purpose, Request};
use eframe::egui;
use scheduler::club::{
    ClubFile, ClubMember, ClubSettings, DEFAULT_FILE_NAME, ImportReport, MemberFields, RowOutcome, search,
};
use scheduler::problems::Severity;
use std::path::Path;

/// The add or edit form.
#[derive(Default)]
struct Form {
    /// The member edited; `None` when adding one.
    id: Option<i64>,
    name: String,
    number: String,
    email: String,
    phone: String,
}

impl Form {
    fn of(member: &ClubMember) -> Form {
        let text = |t: &Option<String>| t.clone().unwrap_or_default();
        Form {
            id: Some(member.id),
            name: member.name.clone(),
            number: text(&member.number),
            email: text(&member.email),
            phone: text(&member.phone),
        }
    }

    fn fields(&self) -> MemberFields {
        let optional = |t: &str| Some(t.to_owned()).filter(|t| !t.trim().is_empty());
        MemberFields {
            name: self.name.clone(),
            number: optional(&self.number),
            email: optional(&self.email),
            phone: optional(&self.phone),
        }
    }
}

#[derive(Default)]
pub struct MembersView {
    club: Option<ClubFile>,
    /// Why the club file could not be opened (shown instead of the list).
    unopened: Option<String>,
    /// Every member, as last read.
    members: Vec<ClubMember>,
    query: String,
    /// The members the query finds, and the query they were found for.
    found: Option<(String, Vec<ClubMember>)>,
    selected: Option<i64>,
    form: Option<Form>,
    /// The club's name and ID as being typed.
    club_name: String,
    club_id: String,
    report: Option<ImportReport>,
    /// What the last change did, or why it was refused (`true`).
    message: Option<(String, bool)>,
    /// A member whose removal waits for "Remove" or "Keep".
    removing: Option<ClubMember>,
}

const ROW_HEIGHT: f32 = 22.0;

impl MembersView {
    /// The screen; the club file is `club.sqlite` in `data_folder`, opened (or made) the
    /// first time the screen is shown.
    pub fn ui(&mut self, ui: &mut egui::Ui, files: &mut Files, data_folder: &Path) {
        ui.heading("Club members");
        if self.club.is_none() && self.unopened.is_none() {
            self.open(&data_folder.join(DEFAULT_FILE_NAME));
        }
        if let Some(why) = &self.unopened {
            ui.colored_label(super::ERROR_RED, format!("The club file cannot be opened: {why}"));
            if ui.button("Try again").clicked() {
                self.unopened = None;
            }
            return;
        }
        ui.ctx().request_repaint_after(std::time::Duration::from_secs(1));
        if let Some(club) = &mut self.club
            && club.changed_elsewhere().unwrap_or(false)
        {
            self.reload(false);
        }
        if let Some(club) = &self.club {
            ui.weak(format!(
                "Kept in {} (the window and the command line share this list)",
                club.path().display()
            ));
        }
        self.settings_ui(ui);
        ui.separator();
        self.actions_ui(ui, files);
        if let Some((text, problem)) = &self.message {
            let colour = if *problem {
                super::ERROR_RED
            } else {
                super::DONE_GREEN
            };
            ui.colored_label(colour, text);
        }
        self.report_ui(ui);
        self.form_ui(ui);
        self.removing_ui(ui);
        self.list_ui(ui);
    }

    fn open(&mut self, path: &Path) {
        match ClubFile::open_or_create(path) {
            Ok(club) => {
                self.club = Some(club);
                self.reload(true);
            }
            Err(error) => self.unopened = Some(error.to_string()),
        }
    }

    /// Reads the list (and, with `settings`, the club's details into their fields) again.
    fn reload(&mut self, settings: bool) {
        let Some(club) = &self.club else {
            return;
        };
        match club.members() {
            Ok(members) => self.members = members,
            Err(error) => self.message = Some((format!("The member list cannot be read: {error}"), true)),
        }
        self.found = None;
        if settings && let Ok(stored) = club.settings() {
            self.club_name = stored.name.unwrap_or_default();
            self.club_id = stored.club_id.unwrap_or_default();
        }
    }

    /// Shows the outcome of a change: on success, `said` and the list read again.
    fn done<T>(
        &mut self,
        outcome: Result<T, scheduler::club::ClubError>,
        said: impl FnOnce(T) -> String,
    ) -> bool {
        match outcome {
            Ok(answer) => {
                self.message = Some((said(answer), false));
                self.reload(false);
                true
            }
            Err(error) => {
                self.message = Some((error.to_string(), true));
                false
            }
        }
    }

    fn settings_ui(&mut self, ui: &mut egui::Ui) {
        egui::Grid::new("club-details").num_columns(2).show(ui, |ui| {
            super::options_form::row(ui, "Club name", |ui| {
                ui.add(egui::TextEdit::singleline(&mut self.club_name).desired_width(260.0))
            });
            super::options_form::row(ui, "Club's federation ID", |ui| {
                ui.add(egui::TextEdit::singleline(&mut self.club_id).desired_width(120.0))
                    .on_hover_text("The club's number at its federation (the EBU's club ID in USEBIO files)")
            });
        });
        if ui.button("Save club details").clicked()
            && let Some(club) = &mut self.club
        {
            let settings = ClubSettings {
                name: Some(self.club_name.clone()),
                club_id: Some(self.club_id.clone()),
            };
            let outcome = club.set_settings(&settings);
            self.done(outcome, |_| "Saved the club's details".to_owned());
            self.reload(true);
        }
    }

    fn actions_ui(&mut self, ui: &mut egui::Ui, files: &mut Files) {
        let selected = self
            .selected
            .and_then(|id| self.members.iter().find(|m| m.id == id))
            .cloned();
        ui.horizontal(|ui| {
            if ui.button("Add member…").clicked() {
                self.form = Some(Form::default());
            }
            if ui
                .add_enabled(selected.is_some(), egui::Button::new("Edit member…"))
                .on_disabled_hover_text("Click a member's name first")
                .clicked()
                && let Some(member) = &selected
            {
                self.form = Some(Form::of(member));
            }
            if ui
                .add_enabled(selected.is_some(), egui::Button::new("Remove member…"))
                .on_disabled_hover_text("Click a member's name first")
                .clicked()
            {
                self.removing = selected.clone();
            }
            if ui
                .button("Import CSV…")
                .on_hover_text("The club's member list saved from a spreadsheet as CSV: members with a number listed are updated, others added")
                .clicked()
            {
                let request = Request::File {
                    title: "Import the club's member list".to_owned(),
                    filter: "Spreadsheet CSV".to_owned(),
                    extensions: vec!["csv".into(), "txt".into()],
                };
                files.ask(Purpose::ImportMembers, request);
            }
        });
        match files.answer(Purpose::ImportMembers) {
            Some(Some(path)) => {
                if let Some(club) = &mut self.club {
                    let outcome = club.import_file(&path);
                    let file = path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    );
                    if let Ok(report) = &outcome {
                        self.report = Some(report.clone());
                    }
                    self.done(outcome, |report| format!("Imported {file}: {}", report.summary()));
                }
            }
            Some(None) => self.message = Some((super::NO_FILE_CHOSEN.to_owned(), false)),
            None => {}
        }
    }

    /// The last import: every row not simply added, and every problem by line and column.
    fn report_ui(&mut self, ui: &mut egui::Ui) {
        let Some(report) = &self.report else {
            return;
        };
        let mut close = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong(format!("Import of {}: {}", report.file, report.summary()));
                close = ui.button("Close the report").clicked();
            });
            egui::ScrollArea::vertical()
                .id_salt("import-report")
                .max_height(140.0)
                .show(ui, |ui| {
                    for problem in &report.problems.list {
                        let colour = match problem.severity {
                            Severity::Error => super::ERROR_RED,
                            Severity::Warning => super::WARNING_ORANGE,
                        };
                        ui.colored_label(colour, problem.to_string());
                    }
                    for row in &report.rows {
                        if let RowOutcome::Updated(changes) = &row.outcome {
                            ui.label(format!(
                                "line {}: {} updated: {}",
                                row.line,
                                row.name,
                                changes.join(", ")
                            ));
                        }
                    }
                });
        });
        if close {
            self.report = None;
        }
    }

    fn form_ui(&mut self, ui: &mut egui::Ui) {
        let Some(form) = &mut self.form else {
            return;
        };
        let (mut save, mut cancel) = (false, false);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.strong(if form.id.is_some() {
                "Edit the member"
            } else {
                "A new member"
            });
            egui::Grid::new("member-form").num_columns(2).show(ui, |ui| {
                let field = |ui: &mut egui::Ui, label: &str, text: &mut String| {
                    super::options_form::row(ui, label, |ui| {
                        ui.add(egui::TextEdit::singleline(text).desired_width(260.0))
                    })
                };
                field(ui, "Member's name", &mut form.name);
                field(ui, "Member number", &mut form.number).on_hover_text(
                    "EBU, ACBL, FIDE or any federation's number, as written (leading zeros kept)",
                );
                field(ui, "Member's e-mail", &mut form.email);
                field(ui, "Member's phone", &mut form.phone);
            });
            ui.horizontal(|ui| {
                save = ui.button("Save member").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
        if cancel {
            self.form = None;
        } else if save && let Some(club) = &mut self.club {
            let fields = form.fields();
            let saved = match form.id {
                Some(id) => club.update(id, &fields).map(|m| (m, "Saved")),
                None => club.add(&fields).map(|m| (m, "Added")),
            };
            let id = saved.as_ref().ok().map(|(m, _)| m.id);
            if self.done(saved, |(member, word)| format!("{word} {}", member.label())) {
                self.form = None;
                self.selected = id;
            }
        }
    }

    fn removing_ui(&mut self, ui: &mut egui::Ui) {
        let Some(member) = self.removing.clone() else {
            return;
        };
        ui.horizontal(|ui| {
            ui.label(format!("Remove {} from the member list?", member.label()));
            if ui.button("Remove").clicked()
                && let Some(club) = &mut self.club
            {
                let outcome = club.remove(member.id);
                self.done(outcome, |gone| format!("Removed {}", gone.label()));
                self.removing = None;
                self.selected = None;
            }
            if ui.button("Keep").clicked() {
                self.removing = None;
            }
        });
    }

    fn list_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("Search");
            ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .hint_text("name or number")
                    .desired_width(220.0),
            )
            .labelled_by(label.id);
        });
        if self.found.as_ref().is_none_or(|(query, _)| *query != self.query) {
            let found = search(&self.members, &self.query).into_iter().cloned().collect();
            self.found = Some((self.query.clone(), found));
        }
        let Some((_, found)) = &self.found else {
            return;
        };
        ui.label(format!("{} of {} members", found.len(), self.members.len()));
        let mut clicked = None;
        let mut edit = None;
        egui::ScrollArea::vertical()
            .id_salt("members")
            .auto_shrink(false)
            .show_rows(ui, ROW_HEIGHT, found.len() + 1, |ui, rows| {
                egui::Grid::new("members-grid")
                    .striped(true)
                    .min_col_width(90.0)
                    .show(ui, |ui| {
                        if rows.start == 0 {
                            for heading in ["Name", "Number", "E-mail", "Phone"] {
                                ui.strong(heading);
                            }
                            ui.end_row();
                        }
                        for member in &found[rows.start.saturating_sub(1)..(rows.end - 1).min(found.len())] {
                            let name = ui.selectable_label(self.selected == Some(member.id), &member.name);
                            if name.clicked() {
                                clicked = Some(member.id);
                            }
                            if name.double_clicked() {
                                edit = Some(Form::of(member));
                            }
                            for cell in [&member.number, &member.email, &member.phone] {
                                ui.label(cell.as_deref().unwrap_or(""));
                            }
                            ui.end_row();
                        }
                    });
            });
        if clicked.is_some() {
            self.selected = clicked;
        }
        if edit.is_some() {
            self.form = edit;
        }
    }
}
