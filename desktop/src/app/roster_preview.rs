//! A roster CSV as it was read, before anything is accepted: how the file was understood
//! (encoding, delimiter, header), the players, and every problem by line and field. Errors
//! block the import; warnings are shown and the roster can be used. The new-event wizard and
//! the roster view's import both show it. A roster of pairs is counted in pairs and lists
//! both players of each with their member numbers.

use eframe::egui;
use scheduler::event::create::EventFormat;
use scheduler::model::{Roster, squad};
use scheduler::problems::Severity;
use scheduler::roster_import::{RosterImport, import_roster_file};
use std::path::{Path, PathBuf};

pub struct RosterPreview {
    path: PathBuf,
    import: RosterImport,
}

impl RosterPreview {
    pub fn read(path: &Path) -> Self {
        RosterPreview {
            path: path.to_path_buf(),
            import: import_roster_file(path),
        }
    }

    pub fn roster(&self) -> &Roster {
        &self.import.roster
    }

    pub fn has_teams(&self) -> bool {
        self.import.roster.players.iter().any(|p| p.team.is_some())
    }

    /// The entrants an event of `format` makes of the roster: for a teams-of-four event its
    /// teams (see [`RosterPreview::teams_roster`]; the roster as read when it cannot be
    /// grouped, whose reason the preview shows), otherwise the roster as read.
    pub fn entrants(&self, format: EventFormat) -> Roster {
        match format {
            EventFormat::Teams => self.teams_roster().unwrap_or_else(|_| self.import.roster.clone()),
            _ => self.import.roster.clone(),
        }
    }

    /// For a teams-of-four event: the roster as teams (its players grouped by the team
    /// column, each team's players kept), or the roster as read when it names the teams one
    /// a line; the reason when a player has no team.
    pub fn teams_roster(&self) -> Result<Roster, String> {
        Ok(squad::teams_of_players(&self.import.roster)?
            .map_or_else(|| self.import.roster.clone(), |grouped| grouped.roster))
    }

    /// Shows the preview; returns whether the roster can be used. For whist formats the
    /// organiser can pick the stationary player here too.
    pub fn ui(&mut self, ui: &mut egui::Ui, format: EventFormat) -> bool {
        let import = &mut self.import;
        let file = self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        ui.separator();
        let pairs = import.roster.has_pairs();
        let count = match import.roster.len() {
            1 if pairs => "1 pair".to_owned(),
            n if pairs => format!("{n} pairs"),
            n => format!("{n} player(s)"),
        };
        ui.strong(format!("{file}: {count}"));
        let delimiter = match import.delimiter {
            Some(b'\t') => "tab".to_owned(),
            Some(d) => format!("'{}'", d as char),
            None => "one column".to_owned(),
        };
        ui.label(format!(
            "Read as {}, separated by {delimiter}, {}.",
            import.encoding.describe(),
            if import.had_header {
                "with a header row"
            } else {
                "without a header row (one name per line)"
            }
        ));
        if import.layout == scheduler::roster_import::RosterLayout::TeamRows {
            ui.label(format!("Read as teams: {}.", import.layout.describe()));
        }
        let (errors, warnings) = import
            .problems
            .list
            .iter()
            .fold((0, 0), |(e, w), p| match p.severity {
                Severity::Error => (e + 1, w),
                Severity::Warning => (e, w + 1),
            });
        if errors + warnings == 0 {
            ui.label("No problems found.");
        } else {
            ui.label(format!("{errors} error(s), {warnings} warning(s):"));
            egui::ScrollArea::vertical()
                .id_salt("roster-problems")
                .max_height(110.0)
                .show(ui, |ui| {
                    for problem in &import.problems.list {
                        let colour = match problem.severity {
                            Severity::Error => super::ERROR_RED,
                            Severity::Warning => super::WARNING_ORANGE,
                        };
                        ui.colored_label(colour, problem.to_string());
                    }
                });
        }
        let whist = matches!(format, EventFormat::WhistDrive | EventFormat::BridgeIndividual);
        if whist && import.is_ok() && !import.roster.is_empty() {
            let label = ui.label("Stationary player (keeps table 1, North, all evening):");
            let current = import.roster.stationary_index();
            let shown = current.map_or("nobody", |i| import.roster.players[i].name.as_str());
            let mut chosen = current;
            egui::ComboBox::from_id_salt("stationary-choice")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut chosen, None, "nobody");
                    for (i, player) in import.roster.players.iter().enumerate() {
                        ui.selectable_value(&mut chosen, Some(i), &player.name);
                    }
                })
                .response
                .labelled_by(label.id);
            if chosen != current {
                for (i, player) in import.roster.players.iter_mut().enumerate() {
                    player.stationary = Some(i) == chosen;
                }
            }
        }
        let mut ok = import.is_ok();
        if format == EventFormat::Teams && import.is_ok() {
            ok &= teams_summary_ui(ui, &import.roster);
        }
        if pairs {
            pairs_grid(ui, &import.roster);
        } else {
            players_grid(ui, &import.roster);
        }
        if errors > 0 {
            ui.colored_label(
                super::ERROR_RED,
                "Nothing is accepted from a file with errors: fix them in the spreadsheet, save it as CSV and import it again.",
            );
        }
        ok
    }
}

/// For a teams-of-four event, a roster of players with a team column: how many teams and
/// their sizes, with a note for each team short of four or over six; a player without a
/// team in red. Returns whether the roster can be used as teams.
fn teams_summary_ui(ui: &mut egui::Ui, roster: &Roster) -> bool {
    match squad::teams_of_players(roster) {
        Ok(None) => true,
        Ok(Some(grouped)) => {
            ui.label(format!(
                "As teams of four: {} players in {} teams ({}).",
                roster.people(),
                grouped.roster.len(),
                grouped.sizes()
            ));
            for note in &grouped.notes {
                ui.colored_label(super::WARNING_ORANGE, note);
            }
            true
        }
        Err(why) => {
            ui.colored_label(super::ERROR_RED, format!("As teams of four: {why}."));
            false
        }
    }
}

/// The players read, one a row: name, spouse, team and board, the stationary seat.
fn players_grid(ui: &mut egui::Ui, roster: &Roster) {
    egui::ScrollArea::vertical()
        .id_salt("roster-preview")
        .max_height(180.0)
        .show(ui, |ui| {
            egui::Grid::new("roster-preview-grid")
                .striped(true)
                .show(ui, |ui| {
                    for heading in ["#", "Name", "Spouse", "Team", "Board", "Stationary"] {
                        ui.strong(heading);
                    }
                    ui.end_row();
                    let spouses = roster.spouse_indices();
                    for (player, spouse) in roster.players.iter().zip(&spouses) {
                        ui.label(player.id.0.to_string());
                        ui.label(&player.name);
                        ui.label(spouse.map_or("", |i| roster.players[i].name.as_str()));
                        ui.label(player.team.as_deref().unwrap_or(""));
                        ui.label(player.board.map(|b| b.to_string()).unwrap_or_default());
                        ui.label(if player.stationary { "yes" } else { "" });
                        ui.end_row();
                    }
                });
        });
}

/// The pairs read, one a row: both players with their member numbers, and the club.
fn pairs_grid(ui: &mut egui::Ui, roster: &Roster) {
    egui::ScrollArea::vertical()
        .id_salt("roster-preview")
        .max_height(180.0)
        .show(ui, |ui| {
            egui::Grid::new("roster-preview-grid")
                .striped(true)
                .show(ui, |ui| {
                    for heading in ["#", "First player", "Number", "Second player", "Number", "Club"] {
                        ui.strong(heading);
                    }
                    ui.end_row();
                    for pair in &roster.players {
                        ui.label(pair.id.0.to_string());
                        for which in 0..2 {
                            let member = pair.members.get(which);
                            let name = match member {
                                Some(member) => member.name.as_str(),
                                None if which == 0 => pair.name.as_str(),
                                None => "",
                            };
                            ui.label(name);
                            ui.label(member.and_then(|m| m.number.as_deref()).unwrap_or(""));
                        }
                        ui.label(pair.club.as_deref().unwrap_or(""));
                        ui.end_row();
                    }
                });
        });
}
