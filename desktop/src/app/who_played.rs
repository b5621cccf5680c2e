//! The results view's "Who played…" under a teams match: a tick box for each of a team's
//! players, so the director records each round's line-up of a team of five or six (for the
//! masterpoint return, `scheduler::event::who_played`). The ticks are a draft until *Save
//! line-ups*; what is recorded (or "all four", for a team of exactly four) is shown under
//! each team, and a change made elsewhere (undo, the command line) replaces the draft.

use eframe::egui;
use scheduler::event::session::{Command, Session};
use scheduler::event::who_played::{Fielded, check_players, fielded, squad};
use scheduler::model::Member;
use std::collections::{BTreeMap, BTreeSet};

/// The open "Who played…" rows and their drafts.
#[derive(Default)]
pub struct WhoPlayed {
    /// The matches (round, table) whose rows are open.
    open: BTreeSet<(u32, u32)>,
    /// A team's ticks in a round, by (round, team), one per player of its list.
    ticks: BTreeMap<(u32, usize), Vec<bool>>,
    /// What the file said when the draft was made: a change underneath makes it again.
    seen: BTreeMap<(u32, usize), Fielded>,
    /// Why the last *Save line-ups* of a match was not sent, by (round, table).
    problem: BTreeMap<(u32, u32), String>,
}

impl WhoPlayed {
    /// The button that opens or closes the match's rows, in the last cell of its line.
    pub fn toggle(&mut self, ui: &mut egui::Ui, round: u32, table: u32) {
        let open = self.open.contains(&(round, table));
        let text = if open { "Hide who played" } else { "Who played…" };
        if ui
            .button(text)
            .on_hover_text(
                "Tick each team's players who played this match: the masterpoint return counts their boards",
            )
            .clicked()
        {
            if open {
                self.open.remove(&(round, table));
            } else {
                self.open.insert((round, table));
            }
        }
    }

    /// The match's "Who played" row when open: a column of tick boxes for each of `teams`
    /// and the button that saves what changed, pushed onto `commands`.
    pub fn rows(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        round: u32,
        table: u32,
        teams: &[usize],
        commands: &mut Vec<Command>,
    ) {
        if !self.open.contains(&(round, table)) {
            return;
        }
        ui.strong(format!("Match {table}: who played"));
        let mut columns = teams.iter();
        if let Some(&home) = columns.next() {
            self.team_column(ui, session, round, home);
        }
        ui.vertical(|ui| {
            if ui.button("Save line-ups").clicked() {
                match self.changes(session, round, teams) {
                    Ok(mut changed) => {
                        self.problem.remove(&(round, table));
                        commands.append(&mut changed);
                    }
                    Err(why) => {
                        self.problem.insert((round, table), why);
                    }
                }
            }
            if let Some(why) = self.problem.get(&(round, table)) {
                ui.colored_label(ui.visuals().error_fg_color, why);
            }
        });
        for &team in columns {
            self.team_column(ui, session, round, team);
        }
        ui.end_row();
    }

    /// One team's tick boxes and what is recorded.
    fn team_column(&mut self, ui: &mut egui::Ui, session: &Session, round: u32, team: usize) {
        let event = session.event();
        let players = squad(event, team);
        let now = fielded(event, round, team);
        let key = (round, team);
        if self.seen.get(&key) != Some(&now) || self.ticks.get(&key).map(Vec::len) != Some(players.len()) {
            self.ticks.insert(key, ticks_of(players, &now));
            self.seen.insert(key, now.clone());
        }
        let name = event.schedule.entrants.get(team).cloned().unwrap_or_default();
        ui.vertical(|ui| {
            // A name on one line: the column widens rather than breaking "Ann Archer".
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            if players.is_empty() {
                ui.label(format!(
                    "{name}: players not named (the roster view's Players field)"
                ));
                return;
            }
            if let Some(ticks) = self.ticks.get_mut(&key) {
                for (tick, member) in ticks.iter_mut().zip(players) {
                    ui.checkbox(tick, member.name.as_str());
                }
            }
            ui.small(match &now {
                Fielded::Recorded(p) => format!("{name}: {} recorded", p.len()),
                Fielded::AllFour(_) => format!("{name}: its four players"),
                Fielded::NotRecorded => format!("{name}: not recorded"),
            });
        });
    }

    /// The line-ups to save: each team whose ticks differ from what is recorded; `Err` with
    /// the first team's problem (say, three ticked).
    fn changes(&self, session: &Session, round: u32, teams: &[usize]) -> Result<Vec<Command>, String> {
        let event = session.event();
        let mut commands = Vec::new();
        for &team in teams {
            let players = squad(event, team);
            let Some(ticks) = self.ticks.get(&(round, team)) else {
                continue;
            };
            let chosen: Vec<Member> = players
                .iter()
                .zip(ticks)
                .filter(|(_, ticked)| **ticked)
                .map(|(member, _)| member.clone())
                .collect();
            let unchanged = match fielded(event, round, team) {
                Fielded::Recorded(played) | Fielded::AllFour(played) => played == chosen,
                Fielded::NotRecorded => chosen.is_empty(),
            };
            if unchanged {
                continue;
            }
            let name = &event.schedule.entrants[team];
            check_players(&chosen).map_err(|why| format!("{name}: {why}"))?;
            commands.push(Command::SetLineUp {
                round,
                team,
                players: chosen,
            });
        }
        Ok(commands)
    }
}

/// The ticks a draft starts from: the recorded players, all four of a team of four, or none.
fn ticks_of(players: &[Member], now: &Fielded) -> Vec<bool> {
    players
        .iter()
        .map(|m| now.players().is_some_and(|played| played.contains(m)))
        .collect()
}
