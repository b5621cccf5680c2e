//! The roster: an editable table (add, rename, delete, spouse, stationary seat, team and
//! board, club, rating, e-mail) and a CSV import with its preview. Each edit leaves as one
//! `SetRoster` command with the whole edited roster, so the event file keeps it (and its
//! history line) at once and Undo takes it back. The Name heading sorts the rows A→Z (again:
//! Z→A, a third time: back to roster order). Once results are entered only renames and
//! contact details can change (the controls that would change the schedule say why they are
//! off); a late player or a withdrawal goes through its own form (`line_up_form`).

use super::dialogs::{Files, Purpose, Request};
use super::line_up_form::LineUpForm;
use super::roster_preview::RosterPreview;
use super::view::{EventView, Outcome};
use eframe::egui;
use scheduler::event::create::EventFormat;
use scheduler::event::session::{Command, Session};
use scheduler::model::{Player, PlayerId, Roster};
use scheduler::sorting::{ColumnKind, SortOrder, compare_names};
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Field {
    Name,
    Team,
    Club,
    Rating,
    Email,
}

#[derive(Default)]
pub struct RosterView {
    /// Text being typed, by player and field; dropped when the roster changes.
    drafts: HashMap<(PlayerId, Field), String>,
    revision: Option<u64>,
    filter: String,
    import: Option<RosterPreview>,
    /// Focus the name of a player just added.
    focus_name_of: Option<PlayerId>,
    message: Option<String>,
    /// Late arrivals and withdrawals, once results are entered.
    line_up: LineUpForm,
    /// Rows sorted by name, or in roster order (`None`).
    sort: Option<SortOrder>,
}

const ROW_HEIGHT: f32 = 22.0;

impl EventView for RosterView {
    fn ui(&mut self, ui: &mut egui::Ui, session: &Session, files: &mut Files) -> Outcome {
        let mut commands = Vec::new();
        if self.revision != Some(session.revision()) {
            self.drafts.clear();
            self.revision = Some(session.revision());
        }
        let event = session.event();
        let roster = &event.roster;
        let format = event.settings.options.as_ref().map(|o| o.format);
        let whist = matches!(
            format,
            Some(EventFormat::WhistDrive | EventFormat::BridgeIndividual)
        ) || (format.is_none() && event.schedule.format == scheduler::Format::Whist);
        let teams = event.schedule.format == scheduler::Format::TeamChess;
        let locked = !session.results().is_empty();
        let lock_reason =
            "Results are entered for this schedule: only names and contact details can change now";

        if self.import.is_some() {
            return self.import_ui(ui, roster, format, locked, lock_reason).into();
        }

        let changes = event.roster_changes();
        if !changes.is_empty() {
            super::warning_box(
                ui,
                format!(
                    "The schedule was made before these changes: {}. Generate it again in the Schedule view before printing.",
                    changes.join("; ")
                ),
            );
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!locked, egui::Button::new("Add a player"))
                .on_disabled_hover_text(lock_reason)
                .clicked()
            {
                let mut edited = roster.clone();
                let id = edited.next_id();
                edited
                    .players
                    .push(Player::new(id.0, format!("New player {}", id.0)));
                self.focus_name_of = Some(id);
                commands.push(Command::SetRoster(edited));
            }
            if ui
                .add_enabled(!locked, egui::Button::new("Import CSV…"))
                .on_disabled_hover_text(lock_reason)
                .clicked()
            {
                files.ask(Purpose::ImportRoster, Request::Roster);
            }
            match files.answer(Purpose::ImportRoster) {
                Some(Some(path)) => {
                    self.import = Some(RosterPreview::read(&path));
                    self.message = None;
                }
                Some(None) => self.message = Some(super::NO_FILE_CHOSEN.to_owned()),
                None => {}
            }
            let label = ui.label("Find:");
            ui.add(egui::TextEdit::singleline(&mut self.filter).desired_width(140.0))
                .labelled_by(label.id);
            ui.label(format!("{} player(s)", roster.len()));
        });
        if locked {
            // Said on screen, not only on hover: greyed controls alone looked broken.
            ui.weak("Results are entered: names and details can still be corrected; a late player or a withdrawal changes only the rounds not yet played.");
            commands.extend(self.line_up.ui(ui, session));
        }
        if let Some(message) = &self.message {
            ui.colored_label(super::ERROR_RED, message);
        }
        ui.separator();

        let shown = self.shown(roster);
        // Column headings at the same widths as the rows.
        let columns = Columns { whist, teams };
        self.headings_ui(ui, &columns);
        egui::ScrollArea::both().auto_shrink([false, false]).show_rows(
            ui,
            ROW_HEIGHT,
            shown.len(),
            |ui, range| {
                for &index in &shown[range] {
                    if let Some(edited) = self.row_ui(ui, roster, index, &columns, locked, lock_reason) {
                        commands.push(Command::SetRoster(edited));
                    }
                }
            },
        );
        commands.into()
    }
}

impl RosterView {
    /// The roster file being imported, checked, with the choice to replace the roster, add
    /// to it, or cancel.
    fn import_ui(
        &mut self,
        ui: &mut egui::Ui,
        roster: &Roster,
        format: Option<EventFormat>,
        locked: bool,
        lock_reason: &str,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        let Some(preview) = &mut self.import else {
            return commands;
        };
        ui.heading("Import a roster");
        let ok = preview.ui(ui, format.unwrap_or(EventFormat::WhistDrive));
        let mut close = false;
        ui.horizontal(|ui| {
            let why = if locked {
                lock_reason
            } else {
                "The file has errors"
            };
            if ui
                .add_enabled(
                    ok && !locked,
                    egui::Button::new("Replace the roster with these players"),
                )
                .on_disabled_hover_text(why)
                .clicked()
            {
                commands.push(Command::SetRoster(renumbered_after(
                    &Roster::default(),
                    preview.roster(),
                )));
                close = true;
            } else if ui
                .add_enabled(
                    ok && !locked,
                    egui::Button::new("Add these players to the roster"),
                )
                .on_disabled_hover_text(why)
                .clicked()
            {
                let mut merged = roster.clone();
                merged
                    .players
                    .extend(renumbered_after(roster, preview.roster()).players);
                commands.push(Command::SetRoster(merged));
                close = true;
            } else if ui.button("Cancel the import").clicked() {
                close = true;
            }
        });
        if close {
            self.import = None;
        }
        commands
    }

    /// The rows shown: the players the Find field matches, in the chosen order.
    fn shown(&self, roster: &Roster) -> Vec<usize> {
        let mut shown: Vec<usize> = roster
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                self.filter.trim().is_empty()
                    || p.name.to_lowercase().contains(&self.filter.trim().to_lowercase())
            })
            .map(|(i, _)| i)
            .collect();
        if let Some(order) = self.sort {
            shown.sort_by(|&a, &b| {
                let by_name = compare_names(&roster.players[a].name, &roster.players[b].name);
                match order {
                    SortOrder::Ascending => by_name,
                    SortOrder::Descending => by_name.reverse(),
                }
            });
        }
        shown
    }

    /// The column headings, at the rows' widths; Name sorts (ascending, descending, as
    /// entered) when clicked.
    fn headings_ui(&mut self, ui: &mut egui::Ui, columns: &Columns) {
        ui.horizontal(|ui| {
            for (heading, width) in columns.headings() {
                if heading != "Name" {
                    ui.add_sized(
                        [width, ROW_HEIGHT],
                        egui::Label::new(egui::RichText::new(heading).strong()).halign(egui::Align::LEFT),
                    );
                    continue;
                }
                let text = match self.sort {
                    Some(order) => format!("Name ({})", ColumnKind::Text.describe(order)),
                    None => "Name".to_owned(),
                };
                let clicked = ui
                    .add_sized(
                        [width, ROW_HEIGHT],
                        egui::Button::new(egui::RichText::new(text).strong()).frame(false),
                    )
                    .on_hover_text("Sort by name")
                    .clicked();
                if clicked {
                    self.sort = match self.sort {
                        None => Some(ColumnKind::Text.first_order()),
                        Some(SortOrder::Ascending) => Some(SortOrder::Descending),
                        Some(SortOrder::Descending) => None,
                    };
                }
            }
        });
    }

    /// One player's row; returns the edited roster when something was changed.
    fn row_ui(
        &mut self,
        ui: &mut egui::Ui,
        roster: &Roster,
        index: usize,
        columns: &Columns,
        locked: bool,
        lock_reason: &str,
    ) -> Option<Roster> {
        let player = &roster.players[index];
        let id = player.id;
        let number = id.0;
        let mut edited: Option<Roster> = None;
        ui.horizontal(|ui| {
            ui.add_sized(
                [36.0, ROW_HEIGHT],
                egui::Label::new(number.to_string()).halign(egui::Align::LEFT),
            );
            if let Some(text) =
                self.text_field(ui, player, Field::Name, 170.0, &format!("Player {number} name"))
            {
                let mut r = roster.clone();
                r.players[index].name = text;
                edited = Some(r);
            }
            if let Some(r) = spouse_ui(ui, roster, player, locked, lock_reason) {
                edited = Some(r);
            }
            if columns.whist {
                let mut stationary = player.stationary;
                let response = ui
                    .add_enabled(!locked, egui::Checkbox::without_text(&mut stationary))
                    .on_hover_text("Keeps table 1, North, all evening")
                    .on_disabled_hover_text(lock_reason);
                name(
                    &response,
                    egui::Role::CheckBox,
                    format!("Player {number} stationary"),
                );
                ui.add_space(60.0 - response.rect.width());
                if stationary != player.stationary {
                    let mut r = roster.clone();
                    for p in &mut r.players {
                        p.stationary = stationary && p.id == id;
                    }
                    edited = Some(r);
                }
            }
            if columns.teams
                && let Some(r) = self.team_ui(ui, roster, index, locked)
            {
                edited = Some(r);
            }
            if let Some(text) =
                self.text_field(ui, player, Field::Club, 120.0, &format!("Player {number} club"))
            {
                let mut r = roster.clone();
                r.players[index].club = Some(text).filter(|t| !t.trim().is_empty());
                edited = Some(r);
            }
            if let Some(text) = self.text_field(
                ui,
                player,
                Field::Rating,
                60.0,
                &format!("Player {number} rating"),
            ) {
                // A draft that is not a number stays in its field, in red, to be corrected.
                let rating = match text.trim() {
                    "" => Some(None),
                    t => t.parse::<u32>().ok().map(Some),
                };
                if let Some(rating) = rating {
                    let mut r = roster.clone();
                    r.players[index].rating = rating;
                    edited = Some(r);
                }
            }
            if let Some(text) = self.text_field(
                ui,
                player,
                Field::Email,
                170.0,
                &format!("Player {number} e-mail"),
            ) {
                let mut r = roster.clone();
                r.players[index].email = Some(text).filter(|t| !t.trim().is_empty());
                edited = Some(r);
            }
            if ui
                .add_enabled(!locked, egui::Button::new("Delete"))
                .on_hover_text(format!(
                    "Remove {} from the roster (Undo brings them back)",
                    player.name
                ))
                .on_disabled_hover_text(lock_reason)
                .clicked()
            {
                let mut r = with_spouse(roster, id, None);
                r.players.retain(|p| p.id != id);
                edited = Some(r);
            }
        });
        edited
    }

    /// Team chess: a player's team and board, changed together with the roster returned.
    fn team_ui(&mut self, ui: &mut egui::Ui, roster: &Roster, index: usize, locked: bool) -> Option<Roster> {
        let player = &roster.players[index];
        let number = player.id.0;
        let mut edited = None;
        let edited_ref = &mut edited;
        ui.add_enabled_ui(!locked, |ui| {
            if let Some(text) =
                self.text_field(ui, player, Field::Team, 120.0, &format!("Player {number} team"))
            {
                let mut r = roster.clone();
                r.players[index].team = Some(text).filter(|t| !t.trim().is_empty());
                *edited_ref = Some(r);
            }
            let mut board = player.board.unwrap_or(0);
            let response = ui.add_sized([50.0, ROW_HEIGHT], egui::DragValue::new(&mut board).range(0..=40));
            name(
                &response,
                egui::Role::SpinButton,
                format!("Player {number} board"),
            );
            if board != player.board.unwrap_or(0) {
                let mut r = roster.clone();
                r.players[index].board = (board > 0).then_some(board);
                *edited_ref = Some(r);
            }
        });
        edited
    }

    /// A text field that commits when focus leaves it (Enter or Tab) with a changed value.
    fn text_field(
        &mut self,
        ui: &mut egui::Ui,
        player: &Player,
        field: Field,
        width: f32,
        label: &str,
    ) -> Option<String> {
        let stored = match field {
            Field::Name => player.name.clone(),
            Field::Team => player.team.clone().unwrap_or_default(),
            Field::Club => player.club.clone().unwrap_or_default(),
            Field::Rating => player.rating.map(|r| r.to_string()).unwrap_or_default(),
            Field::Email => player.email.clone().unwrap_or_default(),
        };
        let text = self
            .drafts
            .entry((player.id, field))
            .or_insert_with(|| stored.clone());
        let invalid =
            field == Field::Rating && !text.trim().is_empty() && text.trim().parse::<u32>().is_err();
        let mut edit = egui::TextEdit::singleline(text)
            .desired_width(width)
            .align(egui::Align2::LEFT_CENTER);
        if invalid {
            edit = edit.text_color(super::ERROR_RED);
        }
        let response = ui.add_sized([width, ROW_HEIGHT], edit);
        name(&response, egui::Role::TextInput, label.to_owned());
        if invalid {
            response
                .clone()
                .on_hover_text("A rating is a whole number, e.g. 1850");
        }
        if self.focus_name_of == Some(player.id) && field == Field::Name {
            response.request_focus();
            self.focus_name_of = None;
        }
        if response.lost_focus() && text.trim() != stored && !(field == Field::Name && text.trim().is_empty())
        {
            return Some(text.trim().to_owned());
        }
        if response.lost_focus() && field == Field::Name && text.trim().is_empty() {
            // A player needs a name: put the stored one back.
            *text = stored;
        }
        None
    }
}

/// Which optional columns the roster shows.
struct Columns {
    whist: bool,
    teams: bool,
}

impl Columns {
    fn headings(&self) -> Vec<(&'static str, f32)> {
        let mut headings = vec![("#", 36.0), ("Name", 170.0), ("Spouse (kept apart)", 158.0)];
        if self.whist {
            headings.push(("Stationary", 60.0));
        }
        if self.teams {
            headings.push(("Team", 120.0));
            headings.push(("Board", 50.0));
        }
        headings.extend([("Club", 120.0), ("Rating", 60.0), ("E-mail", 170.0)]);
        headings
    }
}

/// Gives a control its accessible name (the visible text is a value, not a label).
fn name(response: &egui::Response, role: egui::Role, label: String) {
    response.widget_info(|| egui::WidgetInfo::labeled(role, response.enabled(), label.clone()));
}

/// The roster with `id`'s spouse set to `spouse` (or none), kept mutual: whoever either of
/// them was married to before is released.
fn with_spouse(roster: &Roster, id: PlayerId, spouse: Option<PlayerId>) -> Roster {
    let mut r = roster.clone();
    let old = roster.player(id).and_then(|p| p.spouse);
    let theirs = spouse.and_then(|s| roster.player(s)).and_then(|p| p.spouse);
    for p in &mut r.players {
        if Some(p.id) == old || Some(p.id) == theirs {
            p.spouse = None;
        }
    }
    for p in &mut r.players {
        if p.id == id {
            p.spouse = spouse;
        } else if Some(p.id) == spouse {
            p.spouse = Some(id);
        }
    }
    r
}

/// Imported players with ids after `existing`'s (spouse links follow), so adding them to a
/// roster never reuses an id that results or history may refer to.
fn renumbered_after(existing: &Roster, imported: &Roster) -> Roster {
    let start = existing.next_id().0;
    let new_id = |old: PlayerId| {
        imported
            .players
            .iter()
            .position(|p| p.id == old)
            .map(|i| PlayerId(start + i as u32))
    };
    Roster {
        players: imported
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut p = p.clone();
                p.id = PlayerId(start + i as u32);
                p.spouse = p.spouse.and_then(new_id);
                p
            })
            .collect(),
    }
}

/// A player's spouse: a choice of the other players (couples never meet, or never partner,
/// as the format keeps them). Returns the roster with the new choice, when it changed.
fn spouse_ui(
    ui: &mut egui::Ui,
    roster: &Roster,
    player: &Player,
    locked: bool,
    lock_reason: &str,
) -> Option<Roster> {
    let (id, number) = (player.id, player.id.0);
    // Spouse: a choice of the other players.
    let spouse_name = player
        .spouse
        .and_then(|s| roster.player(s))
        .map_or("—".to_owned(), |p| p.name.clone());
    let mut chosen = player.spouse;
    ui.add_enabled_ui(!locked, |ui| {
        let combo = egui::ComboBox::from_id_salt(("spouse", number))
            .width(150.0)
            .selected_text(spouse_name)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut chosen, None, "—");
                for other in &roster.players {
                    if other.id != id {
                        ui.selectable_value(&mut chosen, Some(other.id), &other.name);
                    }
                }
            });
        name(
            &combo.response,
            egui::Role::ComboBox,
            format!("Player {number} spouse"),
        );
        combo.response.on_disabled_hover_text(lock_reason);
    });
    (chosen != player.spouse).then(|| with_spouse(roster, id, chosen))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster(names: &[&str]) -> Roster {
        Roster {
            players: names
                .iter()
                .enumerate()
                .map(|(i, n)| Player::new(i as u32 + 1, *n))
                .collect(),
        }
    }

    #[test]
    fn spouses_stay_mutual_when_changed() {
        let r = with_spouse(
            &roster(&["Ann", "Bob", "Cy", "Di"]),
            PlayerId(1),
            Some(PlayerId(2)),
        );
        assert!(r.problems().is_empty(), "{:?}", r.problems());
        assert_eq!(r.couples(), vec![(0, 1)]);
        // Ann now marries Cy: Bob is released.
        let r = with_spouse(&r, PlayerId(1), Some(PlayerId(3)));
        assert!(r.problems().is_empty(), "{:?}", r.problems());
        assert_eq!(r.couples(), vec![(0, 2)]);
        // Di marries Cy: Ann is released.
        let r = with_spouse(&r, PlayerId(4), Some(PlayerId(3)));
        assert_eq!(r.couples(), vec![(2, 3)]);
        let r = with_spouse(&r, PlayerId(3), None);
        assert!(r.couples().is_empty());
    }

    #[test]
    fn imported_players_get_new_ids_with_their_spouses() {
        let existing = roster(&["Ann", "Bob"]);
        let imported = with_spouse(&roster(&["Cy", "Di"]), PlayerId(1), Some(PlayerId(2)));
        let added = renumbered_after(&existing, &imported);
        assert_eq!(added.players[0].id, PlayerId(3));
        assert_eq!(added.players[0].spouse, Some(PlayerId(4)));
        let mut merged = existing.clone();
        merged.players.extend(added.players);
        assert!(merged.problems().is_empty(), "{:?}", merged.problems());
    }
}
