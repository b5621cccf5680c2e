//! The roster: an editable table (add, rename, delete, spouse, stationary seat, team and
//! board, club, rating, e-mail) and a CSV import with its preview. Each edit leaves as one
//! `SetRoster` command with the whole edited roster, so the event file keeps it (and its
//! history line) at once and Undo takes it back. The Name heading sorts the rows A→Z (again:
//! Z→A, a third time: back to roster order). Once results are entered only renames and
//! contact details can change (the controls that would change the schedule say why they are
//! off); a late player or a withdrawal goes through its own form (`line_up_form`).
//!
//! A roster of pairs (a club pairs evening, or any roster read with both players of each
//! pair) shows a row per pair: its number in the movement ("3 NS", "5 EW" in a Mitchell, "7"
//! in a Howell), both players and their member numbers, each edited on its own so the pair's
//! name stays the two names joined.
//!
//! A player's name suggests the club's members as it is typed (`member_picker`): picking one
//! fills in the name and the member number, so the event keeps the number with the name. "Add
//! from club members…" lists the club's members to add, searched as the organiser types: a
//! click adds a player, or in a roster of pairs the first click picks a pair's first player and
//! the second their partner.

use super::dialogs::{Files, Purpose, Request};
use super::line_up_form::LineUpForm;
use super::member_picker::{ClubList, MemberSearch, NameField, on_roster, player_of};
use super::roster_preview::RosterPreview;
use super::view::{EventView, Outcome};
use eframe::egui;
use scheduler::club::ClubMember;
use scheduler::event::create::EventFormat;
use scheduler::event::session::{Command, Session};
use scheduler::model::{Member, Player, PlayerId, Roster, squad};
use scheduler::movement::present_pairs;
use scheduler::sorting::{ColumnKind, SortOrder, compare_names};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Field {
    Name,
    /// The first (0) or second (1) player of a pair.
    Member(usize),
    /// That player's member number.
    MemberNumber(usize),
    Team,
    /// A teams-of-four team's players, on one line.
    Squad,
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
    /// The club's member list, read once a name field or "Add from club members…" asks.
    club: ClubList,
    /// "Add from club members…", while open.
    adding: Option<AddFromClub>,
}

/// "Add from club members…": the club's members, searched as the organiser types.
#[derive(Default)]
struct AddFromClub {
    search: MemberSearch,
    /// In a roster of pairs: the pair's first player, picked, waiting for a partner.
    first: Option<ClubMember>,
}

/// What a text field gave: text typed (once the field is left with it changed), or a club
/// member picked from a name field's suggestions.
enum Entry {
    Typed(String),
    Picked(ClubMember),
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

        // A teams-of-four event (not a teams night, whose entrants are the teams' pairs).
        let teams_of_four = matches!(event.settings.scoring, scheduler::event::Scoring::Teams { .. });
        if self.import.is_some() {
            let imports = Imports {
                format,
                teams_of_four,
                locked,
            };
            return self.import_ui(ui, roster, imports, lock_reason).into();
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
        let pairs = roster.has_pairs() || event.schedule.format == scheduler::Format::Pairs;
        let kind = if teams_of_four {
            Kind::Teams
        } else if pairs {
            Kind::Pairs
        } else {
            Kind::Players
        };
        commands.extend(self.toolbar_ui(ui, roster, kind, locked, lock_reason, files));
        if let Some(edited) = self.add_from_club_ui(ui, roster, pairs, locked) {
            commands.push(Command::SetRoster(edited));
        }
        if locked {
            // Said on screen, not only on hover: greyed controls alone looked broken.
            ui.weak(if pairs {
                "Results are entered: names and details can still be corrected; a late pair or a withdrawal changes only the rounds not yet played."
            } else {
                "Results are entered: names and details can still be corrected; a late player or a withdrawal changes only the rounds not yet played."
            });
            commands.extend(self.line_up.ui(ui, session));
        }
        if let Some(message) = &self.message {
            ui.colored_label(super::ERROR_RED, message);
        }
        ui.separator();

        let shown = self.shown(roster);
        // Column headings at the same widths as the rows.
        let columns = Columns {
            whist,
            teams,
            pairs,
            teams_of_four,
        };
        self.headings_ui(ui, &columns);
        let labels = pair_labels(session);
        egui::ScrollArea::both().auto_shrink([false, false]).show_rows(
            ui,
            ROW_HEIGHT,
            shown.len(),
            |ui, range| {
                for &index in &shown[range] {
                    let edited = if teams_of_four {
                        self.team_row_ui(ui, roster, index, locked, lock_reason)
                    } else if pairs {
                        let label = labels.get(&roster.players[index].name).map(String::as_str);
                        self.pair_row_ui(ui, roster, index, label, locked, lock_reason)
                            .map(Command::SetRoster)
                    } else {
                        self.row_ui(ui, roster, index, &columns, locked, lock_reason)
                            .map(Command::SetRoster)
                    };
                    commands.extend(edited);
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
        imports: Imports,
        lock_reason: &str,
    ) -> Vec<Command> {
        let Imports {
            format,
            teams_of_four,
            locked,
        } = imports;
        let mut commands = Vec::new();
        let Some(preview) = &mut self.import else {
            return commands;
        };
        ui.heading("Import a roster");
        let ok = preview.ui(ui, format.unwrap_or(EventFormat::WhistDrive));
        // A teams-of-four event takes the players grouped into teams.
        let imported = if teams_of_four {
            preview.teams_roster().unwrap_or_default()
        } else {
            preview.roster().clone()
        };
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
                    &imported,
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
                merged.players.extend(renumbered_after(roster, &imported).players);
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

    /// The buttons over the table (add, add from the club, import), the Find field and the
    /// count; returns the change adding a player or pair, when one is added.
    fn toolbar_ui(
        &mut self,
        ui: &mut egui::Ui,
        roster: &Roster,
        kind: Kind,
        locked: bool,
        lock_reason: &str,
        files: &mut Files,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        let pairs = kind == Kind::Pairs;
        ui.horizontal(|ui| {
            let add = match kind {
                Kind::Players => "Add a player",
                Kind::Pairs => "Add a pair",
                Kind::Teams => "Add a team",
            };
            if ui
                .add_enabled(!locked, egui::Button::new(add))
                .on_disabled_hover_text(lock_reason)
                .clicked()
            {
                let mut edited = roster.clone();
                let id = edited.next_id();
                edited.players.push(if pairs {
                    Player::pair(
                        id.0,
                        format!("First player of pair {}", id.0),
                        format!("Second player of pair {}", id.0),
                    )
                } else if kind == Kind::Teams {
                    Player::new(id.0, format!("New team {}", id.0))
                } else {
                    Player::new(id.0, format!("New player {}", id.0))
                });
                self.focus_name_of = Some(id);
                commands.push(Command::SetRoster(edited));
            }
            if ui
                .add_enabled(
                    !locked && kind != Kind::Teams,
                    egui::Button::new("Add from club members…"),
                )
                .on_hover_text(if pairs {
                    "The club's member list, searched as you type: click a pair's two players"
                } else {
                    "The club's member list, searched as you type: click a member to add them"
                })
                .on_disabled_hover_text(if kind == Kind::Teams {
                    "A team's players are typed in its Players field (a member number in brackets)"
                } else {
                    lock_reason
                })
                .clicked()
            {
                self.adding = match self.adding {
                    Some(_) => None,
                    None => Some(AddFromClub::default()),
                };
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
            ui.label(if pairs {
                pairs_count(roster.len())
            } else if kind == Kind::Teams {
                format!(
                    "{} team(s), {} player(s)",
                    roster.len(),
                    roster.players.iter().map(|t| t.squad.len()).sum::<usize>()
                )
            } else {
                format!("{} player(s)", roster.len())
            });
        });
        commands
    }

    /// "Add from club members…", while open: the club's members, searched as the organiser
    /// types, those on the roster already greyed out. A click adds a member as a player; in a
    /// roster of pairs the first click picks a pair's first player and the second their
    /// partner, adding the pair. Returns the roster with the player or pair added.
    fn add_from_club_ui(
        &mut self,
        ui: &mut egui::Ui,
        roster: &Roster,
        pairs: bool,
        locked: bool,
    ) -> Option<Roster> {
        if locked {
            self.adding = None;
        }
        let adding = self.adding.as_mut()?;
        let (mut picked, mut close) = (None, false);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong(match (&adding.first, pairs) {
                    (_, false) => "Click a club member to add them to the roster".to_owned(),
                    (None, true) => "Click a pair's first player, then their partner".to_owned(),
                    (Some(first), true) => {
                        format!("First player: {}. Now click their partner", first.label())
                    }
                });
                if adding.first.is_some() && ui.button("Choose another first player").clicked() {
                    adding.first = None;
                }
                close = ui.button("Close the club list").clicked();
            });
            let first = adding.first.as_ref().map(|m| m.id);
            adding
                .search
                .ui(ui, &mut self.club, "roster-club-members", |ui, member| {
                    let playing = on_roster(roster, member);
                    let enabled = !playing && first != Some(member.id);
                    let clicked = ui
                        .add_enabled(enabled, egui::Button::new(member.label()))
                        .on_hover_text(if pairs {
                            "A player of the pair"
                        } else {
                            "Add to the roster"
                        })
                        .on_disabled_hover_text(if playing {
                            "On the roster already"
                        } else {
                            "The pair's first player"
                        })
                        .clicked();
                    if clicked {
                        picked = Some(member.clone());
                    }
                });
        });
        if close {
            self.adding = None;
            return None;
        }
        let member = picked?;
        let mut edited = roster.clone();
        let id = edited.next_id().0;
        if pairs {
            let first = adding.first.take();
            let Some(first) = first else {
                adding.first = Some(member);
                return None;
            };
            edited
                .players
                .push(Player::pair(id, first.as_member(), member.as_member()));
        } else {
            edited.players.push(player_of(id, &member));
        }
        Some(edited)
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
            let sorts = if columns.teams_of_four {
                "Team"
            } else if columns.pairs {
                "First player"
            } else {
                "Name"
            };
            for (heading, width) in columns.headings() {
                if heading != sorts {
                    ui.add_sized(
                        [width, ROW_HEIGHT],
                        egui::Label::new(egui::RichText::new(heading).strong()).halign(egui::Align::LEFT),
                    );
                    continue;
                }
                let text = match self.sort {
                    Some(order) => format!("{heading} ({})", ColumnKind::Text.describe(order)),
                    None => heading.to_owned(),
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
            if let Some(r) = self.name_and_number_ui(ui, roster, index) {
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
            if let Some(r) = delete_ui(ui, roster, player, locked, lock_reason) {
                edited = Some(r);
            }
        });
        edited
    }

    /// One pair's row: its number in the movement, both players and their member numbers
    /// (each edited on its own: the pair's name follows), whether it stays at one table, club,
    /// e-mail; returns the edited
    /// roster when something was changed.
    fn pair_row_ui(
        &mut self,
        ui: &mut egui::Ui,
        roster: &Roster,
        index: usize,
        label: Option<&str>,
        locked: bool,
        lock_reason: &str,
    ) -> Option<Roster> {
        let player = &roster.players[index];
        let id = player.id;
        let number = id.0;
        let mut edited: Option<Roster> = None;
        let edit = |change: &dyn Fn(&mut Player)| {
            let mut r = roster.clone();
            change(&mut r.players[index]);
            Some(r)
        };
        ui.horizontal(|ui| {
            ui.add_sized(
                [36.0, ROW_HEIGHT],
                egui::Label::new(number.to_string()).halign(egui::Align::LEFT),
            );
            ui.add_sized(
                [56.0, ROW_HEIGHT],
                egui::Label::new(egui::RichText::new(label.unwrap_or("—")).strong())
                    .halign(egui::Align::LEFT),
            )
            .on_hover_text("The pair's number in the movement");
            for (which, word) in [(0, "first"), (1, "second")] {
                let name = format!("Pair {number} {word} player");
                match self.field_ui(ui, player, Field::Member(which), 170.0, &name) {
                    Some(Entry::Typed(text)) => edited = edit(&|p| rename_member(p, which, &text)),
                    Some(Entry::Picked(member)) => {
                        edited = edit(&|p| {
                            rename_member(p, which, &member.name);
                            renumber_member(p, which, member.number.as_deref().unwrap_or(""));
                        });
                    }
                    None => {}
                }
                // A second player's number once there is a second player.
                let numbered = which == 0 || player.is_pair();
                let name = format!("Pair {number} {word} player's member number");
                let typed = ui
                    .add_enabled_ui(numbered, |ui| {
                        self.text_field(ui, player, Field::MemberNumber(which), 80.0, &name)
                    })
                    .inner;
                if let Some(text) = typed {
                    edited = edit(&|p| renumber_member(p, which, &text));
                }
            }
            // A pair with a player who cannot move: the movement gives it a seat that stays at
            // one table (any number of pairs may ask; the movement says if it has too few).
            let mut stays = player.stationary;
            let response = ui
                .add_enabled(!locked, egui::Checkbox::without_text(&mut stays))
                .on_hover_text(
                    "A player who cannot move: the pair keeps one table all evening (N-S in a Mitchell)",
                )
                .on_disabled_hover_text(lock_reason);
            name(
                &response,
                egui::Role::CheckBox,
                format!("Pair {number} stays at one table"),
            );
            ui.add_space(70.0 - response.rect.width());
            if stays != player.stationary {
                edited = edit(&|p| p.stationary = stays);
            }
            if let Some(text) =
                self.text_field(ui, player, Field::Club, 100.0, &format!("Pair {number} club"))
            {
                edited = edit(&|p| p.club = Some(text.clone()).filter(|t| !t.trim().is_empty()));
            }
            if let Some(text) =
                self.text_field(ui, player, Field::Email, 150.0, &format!("Pair {number} e-mail"))
            {
                edited = edit(&|p| p.email = Some(text.clone()).filter(|t| !t.trim().is_empty()));
            }
            if let Some(r) = delete_ui(ui, roster, player, locked, lock_reason) {
                edited = Some(r);
            }
        });
        edited
    }

    /// A teams-of-four team's row: its name, its players on one line ("Ann Archer (007341),
    /// Bob Brown, …": a number in brackets), club, captain's e-mail; returns the edited
    /// roster when something was changed (the players alone: `Command::SetSquad`, made
    /// against the roster as stored). A line that cannot be read changes nothing, and says why.
    fn team_row_ui(
        &mut self,
        ui: &mut egui::Ui,
        roster: &Roster,
        index: usize,
        locked: bool,
        lock_reason: &str,
    ) -> Option<Command> {
        let player = &roster.players[index];
        let number = player.id.0;
        let mut edited: Option<Command> = None;
        let edit = |change: &dyn Fn(&mut Player)| {
            let mut r = roster.clone();
            change(&mut r.players[index]);
            Some(Command::SetRoster(r))
        };
        ui.horizontal(|ui| {
            ui.add_sized(
                [36.0, ROW_HEIGHT],
                egui::Label::new(number.to_string()).halign(egui::Align::LEFT),
            );
            let label = format!("Team {number} name");
            if let Some(text) = self.text_field(ui, player, Field::Name, 170.0, &label) {
                edited = edit(&|p| p.name = text.clone());
            }
            let label = format!("Team {number} players");
            if let Some(text) = self.text_field(ui, player, Field::Squad, 420.0, &label) {
                match squad::parse_squad(&text) {
                    Ok(players) => {
                        self.message = None;
                        edited = Some(Command::SetSquad {
                            team: player.id,
                            players,
                        });
                    }
                    Err(why) => self.message = Some(format!("Team {number}'s players: {why}")),
                }
            }
            let label = format!("Team {number} club");
            if let Some(text) = self.text_field(ui, player, Field::Club, 120.0, &label) {
                edited = edit(&|p| p.club = Some(text.clone()).filter(|t| !t.trim().is_empty()));
            }
            let label = format!("Team {number} captain's e-mail");
            if let Some(text) = self.text_field(ui, player, Field::Email, 170.0, &label) {
                edited = edit(&|p| p.email = Some(text.clone()).filter(|t| !t.trim().is_empty()));
            }
            if let Some(r) = delete_ui(ui, roster, player, locked, lock_reason) {
                edited = Some(Command::SetRoster(r));
            }
        });
        edited
    }

    /// An individual's name (suggesting the club's members as it is typed: picking one fills in
    /// the name and the number) and member number; returns the edited roster, when changed.
    fn name_and_number_ui(&mut self, ui: &mut egui::Ui, roster: &Roster, index: usize) -> Option<Roster> {
        let player = &roster.players[index];
        let number = player.id.0;
        let edit = |change: &dyn Fn(&mut Player)| {
            let mut r = roster.clone();
            change(&mut r.players[index]);
            Some(r)
        };
        let mut edited = match self.field_ui(ui, player, Field::Name, 170.0, &format!("Player {number} name"))
        {
            Some(Entry::Typed(text)) => edit(&|p| p.name = text.clone()),
            Some(Entry::Picked(member)) => edit(&|p| {
                p.name = member.name.clone();
                p.number = member.number.clone();
            }),
            None => None,
        };
        let label = format!("Player {number} member number");
        if let Some(text) = self.text_field(ui, player, Field::MemberNumber(0), 80.0, &label) {
            edited = edit(&|p| renumber_member(p, 0, &text));
        }
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
        match self.field_ui(ui, player, field, width, label)? {
            Entry::Typed(text) => Some(text),
            Entry::Picked(member) => Some(member.name),
        }
    }

    /// `text_field`, and a player's name (an individual's, or either player of a pair)
    /// suggests the club's members as it is typed: picking one is an entry of its own.
    fn field_ui(
        &mut self,
        ui: &mut egui::Ui,
        player: &Player,
        field: Field,
        width: f32,
        label: &str,
    ) -> Option<Entry> {
        let stored = match field {
            Field::Name => player.name.clone(),
            Field::Member(which) => member_name(player, which),
            Field::MemberNumber(which) => member_number(player, which),
            Field::Team => player.team.clone().unwrap_or_default(),
            Field::Squad => squad::squad_text(player),
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
        let (response, picked) = if matches!(field, Field::Name | Field::Member(_)) {
            let shown = NameField {
                id: egui::Id::unique(("roster-name", player.id, field)),
                size: egui::vec2(width, ROW_HEIGHT),
                stored: &stored,
            }
            .show(ui, &mut self.club, text);
            (shown.response, shown.picked)
        } else {
            let mut edit = egui::TextEdit::singleline(text)
                .desired_width(width)
                .align(egui::Align2::LEFT_CENTER);
            if invalid {
                edit = edit.text_color(super::ERROR_RED);
            }
            (ui.add_sized([width, ROW_HEIGHT], edit), None)
        };
        name(&response, egui::Role::TextInput, label.to_owned());
        if invalid {
            response
                .clone()
                .on_hover_text("A rating is a whole number, e.g. 1850");
        }
        if self.focus_name_of == Some(player.id) && matches!(field, Field::Name | Field::Member(0)) {
            response.request_focus();
            self.focus_name_of = None;
        }
        if let Some(member) = picked {
            return Some(Entry::Picked(member));
        }
        // A player needs a name, and a pair two players.
        let needs_text = match field {
            Field::Name | Field::Member(0) => true,
            Field::Member(_) => player.is_pair(),
            _ => false,
        };
        if response.lost_focus() && text.trim() != stored && !(needs_text && text.trim().is_empty()) {
            return Some(Entry::Typed(text.trim().to_owned()));
        }
        if response.lost_focus() && needs_text && text.trim().is_empty() {
            // Put the stored one back.
            *text = stored;
        }
        None
    }
}

/// What a row of the roster is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Players,
    Pairs,
    /// A teams-of-four team, with its players.
    Teams,
}

/// What the import of a roster file needs to know of the event.
#[derive(Clone, Copy)]
struct Imports {
    format: Option<EventFormat>,
    /// The players are grouped into teams (`Roster::teams_of_players`).
    teams_of_four: bool,
    /// Results are entered: nothing may be replaced.
    locked: bool,
}

/// Which optional columns the roster shows.
struct Columns {
    whist: bool,
    teams: bool,
    /// A row per pair, with both players (`pair_row_ui`).
    pairs: bool,
    /// A row per team of four, with its players (`team_row_ui`).
    teams_of_four: bool,
}

impl Columns {
    fn headings(&self) -> Vec<(&'static str, f32)> {
        if self.teams_of_four {
            return vec![
                ("#", 36.0),
                ("Team", 170.0),
                ("Players (member number in brackets)", 420.0),
                ("Club", 120.0),
                ("Captain's e-mail", 170.0),
            ];
        }
        if self.pairs {
            return vec![
                ("#", 36.0),
                ("Pair", 56.0),
                ("First player", 170.0),
                ("Number", 80.0),
                ("Second player", 170.0),
                ("Number", 80.0),
                ("Stays put", 70.0),
                ("Club", 100.0),
                ("E-mail", 150.0),
            ];
        }
        let mut headings = vec![
            ("#", 36.0),
            ("Name", 170.0),
            ("Number", 80.0),
            ("Spouse (kept apart)", 158.0),
        ];
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

/// A row's *Delete* button (disabled, saying why, once results are entered): the roster
/// without `player` (and without a spouse link to them) when clicked.
fn delete_ui(
    ui: &mut egui::Ui,
    roster: &Roster,
    player: &Player,
    locked: bool,
    lock_reason: &str,
) -> Option<Roster> {
    let clicked = ui
        .add_enabled(!locked, egui::Button::new("Delete"))
        .on_hover_text(format!(
            "Remove {} from the roster (Undo brings them back)",
            player.name
        ))
        .on_disabled_hover_text(lock_reason)
        .clicked();
    clicked.then(|| {
        let mut r = with_spouse(roster, player.id, None);
        r.players.retain(|p| p.id != player.id);
        r
    })
}

/// "13 pairs", "1 pair".
fn pairs_count(pairs: usize) -> String {
    if pairs == 1 {
        "1 pair".to_owned()
    } else {
        format!("{pairs} pairs")
    }
}

/// Each pair's number in the movement by its entrant name ("3 NS", "5 EW" in a Mitchell, "7"
/// in a Howell): entrant i is pair `present_pairs(movement)[i]`. Empty without a movement.
fn pair_labels(session: &Session) -> HashMap<String, String> {
    let schedule = &session.event().schedule;
    let Some(movement) = &schedule.movement else {
        return HashMap::new();
    };
    schedule
        .entrants
        .iter()
        .zip(present_pairs(movement))
        .map(|(name, pair)| (name.clone(), movement.label(pair)))
        .collect()
}

/// A pair's player `which` (0 or 1) as the roster view shows it: the member's name, or for an
/// entrant without members the entrant's name first and nothing second.
fn member_name(player: &Player, which: usize) -> String {
    match player.members.get(which) {
        Some(member) => member.name.clone(),
        None if !player.is_pair() && which == 0 => player.name.clone(),
        None => String::new(),
    }
}

/// The member number of a pair's player `which`, or an individual's own number first.
fn member_number(player: &Player, which: usize) -> String {
    match player.members.get(which) {
        Some(member) => member.number.clone().unwrap_or_default(),
        None if !player.is_pair() && which == 0 => player.number.clone().unwrap_or_default(),
        None => String::new(),
    }
}

/// Player `which` of the pair renamed `name`, and the pair's name made again from its two
/// players, so the members never go stale. An entrant without members renamed first stays
/// one name; given a second player it becomes a pair of the two.
fn rename_member(player: &mut Player, which: usize, name: &str) {
    if !player.is_pair() {
        if which == 0 {
            player.name = name.to_owned();
            return;
        }
        let number = player.number.take();
        player.members = vec![
            Member {
                name: player.name.clone(),
                number,
            },
            Member::new(""),
        ];
    }
    while player.members.len() <= which {
        player.members.push(Member::new(""));
    }
    player.members[which].name = name.to_owned();
    player.name = Player::pair_name(&player.members);
}

/// The member number of player `which` set to `number` (none when empty).
fn renumber_member(player: &mut Player, which: usize, number: &str) {
    let number = Some(number.to_owned()).filter(|n| !n.trim().is_empty());
    if !player.is_pair() && which == 0 {
        player.number = number;
    } else if let Some(member) = player.members.get_mut(which) {
        member.number = number;
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
    fn renaming_a_pairs_player_keeps_its_members_and_name_together() {
        let mut pair = Player::pair(3, Member::numbered("Ann Archer", "007341"), "Bob Archer");
        rename_member(&mut pair, 1, "Bea Baker");
        assert_eq!(pair.name, "Ann Archer & Bea Baker");
        assert_eq!(pair.members[0], Member::numbered("Ann Archer", "007341"));
        assert_eq!(pair.members[1].name, "Bea Baker");
        renumber_member(&mut pair, 1, "118906");
        assert_eq!(
            pair.describe_members(),
            "Ann Archer (007341) & Bea Baker (118906)"
        );
        renumber_member(&mut pair, 0, " ");
        assert_eq!(pair.members[0].number, None);
        // A numbered entrant ("Player 4") renamed stays one name; a second player makes it a pair.
        let mut numbered = Player::new(4, "Player 4");
        rename_member(&mut numbered, 0, "Cy Carter");
        assert_eq!((numbered.name.as_str(), numbered.is_pair()), ("Cy Carter", false));
        rename_member(&mut numbered, 1, "Di Dean");
        assert_eq!(numbered.name, "Cy Carter & Di Dean");
        assert_eq!(member_name(&numbered, 0), "Cy Carter");
        assert_eq!(member_name(&numbered, 1), "Di Dean");
        let roster = Roster {
            players: vec![pair, numbered],
        };
        assert!(roster.problems().is_empty(), "{:?}", roster.problems());
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
