//! The one write path: an open event, as every front end (the window, each `tourney event`
//! command, later the phones' pages) works on it. Every change is a [`Command`] applied
//! through [`Session::apply`], checked and written by the event file inside one transaction
//! with its history line; undo and redo are kept in the file too ([`EventFile::undo`]), so
//! they survive closing the event and the window and the command line share one history.
//!
//! The session keeps only read copies (the event, the results, and the standings and audit
//! worked out from them on first use), refreshed after each change and whenever another
//! process has written to the file ([`Session::refresh`]): a second writer is seen, never
//! overwritten.

use crate::audit::{Audit, audit};
use crate::deals::Board;
use crate::event::create::{EventOptions, Generated};
use crate::event::lineup::LineUpChange;
use crate::event::room_page::room_view;
use crate::event::standings::standings;
use crate::event::standings_table::StandingsTable;
use crate::event::store::{
    Conflict, EventFile, HistoryEntry, Reverted, StoreError, TableAccess, TableOutcome, UnfitResult,
};
use crate::event::table_page::{TableView, table_view};
use crate::event::tables::{Caller, TableRequest};
use crate::event::team_rooms::{RoomResults, is_teams};
use crate::event::{Event, ResultKey, ResultValue, Results};
use crate::model::Roster;
use std::cell::OnceCell;
use std::path::{Path, PathBuf};

/// Everything a front end can change in an event.
#[derive(Debug, Clone)]
pub enum Command {
    /// Enter or correct one result.
    SetResult(ResultKey, ResultValue),
    /// Remove one result (it stays in the history).
    ClearResult(ResultKey),
    /// The whole roster after one edit (add, rename, delete, spouse, stationary, team…).
    SetRoster(Roster),
    /// A teams-of-four team's players (its squad), set against the roster as stored.
    SetSquad {
        /// The team.
        team: crate::model::PlayerId,
        /// Its players, in order, with their member numbers.
        players: Vec<crate::model::Member>,
    },
    /// A teams event: who played for a team in a round (its line-up, `event::line_ups`);
    /// no players removes the one recorded.
    SetLineUp {
        /// The round (a knockout's stanza).
        round: u32,
        /// The team, by entrant index.
        team: usize,
        /// The players who played, from the team's players.
        players: Vec<crate::model::Member>,
    },
    /// A schedule newly made for the roster, with the options it was made with.
    ReplaceSchedule(Box<Generated>, Box<EventOptions>),
    /// A late player joins before a round (default: the first round without results): the
    /// rounds not yet played take them in.
    LateArrival {
        /// The newcomer's name, as it is to appear on the sheets.
        name: String,
        /// The first round they play (default: the first round without results).
        before_round: Option<u32>,
        /// In a club pairs evening, how the boards the pair missed are scored.
        missed: crate::movement::MissedBoards,
    },
    /// An entrant leaves after a round: a phantom takes their place (in a club pairs
    /// movement, the pair's opponents sit out and its boards are factored).
    Withdraw {
        /// The entrant's index in the schedule's entrants.
        entrant: usize,
        /// The last round they played.
        after_round: u32,
    },
    /// Hand records for the event's boards; a board that comes with its analysis (a PBN
    /// file's double-dummy tags) has its table kept with its deal, in the same change.
    AttachDeals(Vec<Board>),
    /// The double-dummy analysis of attached boards (each with its deal as attached and its
    /// `analysis`), from `crate::tools::deal_analysis`: the tables are kept with the event.
    StoreAnalysis(Vec<Board>),
    /// A Swiss teams event: pair the next round from the standings after the last (refused
    /// until every board of the last round is entered). `leaving`: teams (entrant indices)
    /// that withdraw now; they keep their results and are paired no more.
    PairNextRound {
        /// Teams withdrawing after the last round.
        leaving: Vec<usize>,
        /// With an odd number of teams: a bye, a three-way match in the round
        /// (`event::three_way`), or one over this round and the next
        /// (`event::long_three_way`).
        odd: crate::swiss::OddCount,
    },
    /// A knockout that ended level: one more stanza, the tie-break (White Book §143.2).
    AddTieBreak,
    /// A teams event: two teams' places in the last round exchanged by hand before it is
    /// played (opponents, seats, or the bye).
    SwapTeams {
        /// The round: the last one paired, with no results yet.
        round: u32,
        /// One team, by entrant index.
        first: usize,
        /// The other.
        second: usize,
    },
    /// The director settles a conflict between a table's result and the stored one: takes
    /// the table's (`take_sent`) or keeps the stored one.
    SettleConflict {
        /// The conflict's number ([`Conflict::id`]).
        id: i64,
        /// Whether the table's result replaces the stored one.
        take_sent: bool,
    },
}

/// Why a change was not made. Nothing is half-made: the file is as it was.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The event file refused it or could not be written (its message names the file).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Nothing to do: clearing a result that is not there.
    #[error("{0} has no result to clear")]
    NoResult(ResultKey),
    /// The demo event's folder could not be made, or an unreadable demo moved aside.
    #[error("{path}: {error}")]
    Folder {
        /// The event file (or the file being written).
        path: PathBuf,
        /// The system's or SQLite's own error.
        error: std::io::Error,
    },
    /// The demo event could not be built (a defect: it is built from fixed data).
    #[error("the demo event: {0}")]
    Demo(String),
}

/// What a change did, for a front end to report.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// One sentence for a status line: "Saved round 1 table 2: 7-6 (was 6-7)".
    pub message: String,
    /// The result a `SetResult` replaced.
    pub before: Option<ResultValue>,
    /// A late arrival's or withdrawal's notes (who sits where now).
    pub line_up: Option<LineUpChange>,
}

impl Applied {
    fn saying(message: String) -> Applied {
        Applied {
            message,
            before: None,
            line_up: None,
        }
    }
}

/// An open event (see the module's documentation).
pub struct Session {
    file: EventFile,
    results: Results,
    /// At a teams event, each table's own result on its match's boards (from its device).
    rooms: RoomResults,
    standings: OnceCell<Vec<StandingsTable>>,
    audit: OnceCell<Audit>,
    history: Vec<HistoryEntry>,
    undo_label: Option<String>,
    redo_label: Option<String>,
    /// Goes up whenever the roster or schedule changes, so views can rebuild what they cache.
    revision: u64,
    /// What the last late arrival or withdrawal did (its notes), or why it was refused, for
    /// the roster view to show where it was asked.
    line_up_outcome: Option<Result<String, String>>,
    /// The history and the undo labels lag behind the file: a table's result refreshed the
    /// results only (the tables' server never shows the history); `refresh` reads them.
    history_stale: bool,
}

impl Session {
    /// Opens an event to work on; one in a folder or on a medium this user cannot write, or
    /// on a full disk, is opened to look at (every change is then refused, nothing lost).
    pub fn open(path: &Path) -> Result<Session, SessionError> {
        Self::from_file(EventFile::open_or_read_only(path)?)
    }

    /// Opens an event to change it: a file that cannot be written is refused as such.
    pub fn open_to_write(path: &Path) -> Result<Session, SessionError> {
        Self::from_file(EventFile::open(path)?)
    }

    /// Stores a newly built event in a new file (never over an existing one) and opens it.
    pub fn create(path: &Path, event: &Event) -> Result<Session, SessionError> {
        Self::from_file(EventFile::create(path, event)?)
    }

    /// The repair of a damaged file (one whose stored results do not all fit the event, so
    /// that it opens only to be read): every result that does not fit is removed, each with a
    /// history line saying why, in one transaction. Returns what was removed (nothing from a
    /// sound file); the file is then sound and opens as usual.
    pub fn repair(path: &Path) -> Result<Vec<UnfitResult>, SessionError> {
        Ok(EventFile::open(path)?.remove_unfit_results()?)
    }

    /// The results that do not fit the event in a damaged file (empty for a sound one): what
    /// [`Session::repair`] would remove.
    pub fn unfit_results(path: &Path) -> Result<Vec<UnfitResult>, SessionError> {
        Ok(EventFile::open_or_read_only(path)?.unfit_results()?)
    }

    /// A session on an event file already open.
    pub fn from_file(file: EventFile) -> Result<Session, SessionError> {
        let mut session = Session {
            file,
            results: Results::new(),
            rooms: RoomResults::new(),
            standings: OnceCell::new(),
            audit: OnceCell::new(),
            history: Vec::new(),
            undo_label: None,
            redo_label: None,
            revision: 0,
            line_up_outcome: None,
            history_stale: false,
        };
        session.read_again()?;
        Ok(session)
    }

    /// The demo event in `folder`: reopened if it is there (its results kept), else created
    /// with the first two rounds' results entered. A demo file that no longer opens is moved
    /// aside, never deleted.
    pub fn demo(folder: &Path) -> Result<Session, SessionError> {
        let path = folder.join("demo.tourney");
        let folder_error = |path: &Path| {
            let path = path.to_path_buf();
            move |error| SessionError::Folder { path, error }
        };
        if path.exists() {
            match Session::open(&path) {
                Ok(session) => return Ok(session),
                Err(_) => {
                    let aside = folder.join(format!(
                        "demo-unreadable-{}.tourney",
                        chrono::Local::now().format("%Y%m%d-%H%M%S")
                    ));
                    std::fs::rename(&path, &aside).map_err(folder_error(&path))?;
                }
            }
        }
        std::fs::create_dir_all(folder).map_err(folder_error(folder))?;
        let (event, results) = crate::event::create::demo_event().map_err(SessionError::Demo)?;
        let mut file = EventFile::create(&path, &event)?;
        for (key, value) in results {
            file.set_result(key, value)?;
        }
        Self::from_file(file)
    }

    /// The event as the file last read holds it.
    pub fn event(&self) -> &Event {
        self.file.event()
    }

    /// The open event file, for reading (changes go through [`Session::apply`]).
    pub fn file(&self) -> &EventFile {
        &self.file
    }

    /// Where the event file is.
    pub fn path(&self) -> PathBuf {
        self.file.path().to_path_buf()
    }

    /// Every result entered, as the file last read holds them.
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// At a teams event, each table's own result on its match's boards, as sent from its
    /// device (the match's board is in [`Session::results`] once both tables have it).
    pub fn rooms(&self) -> &RoomResults {
        &self.rooms
    }

    /// The standings, worked out from the results on first use after each change.
    pub fn standings(&self) -> &[StandingsTable] {
        self.standings
            .get_or_init(|| standings(self.file.event(), &self.results))
    }

    /// The schedule's audit (who meets whom, seats, sit-outs), worked out on first use after
    /// each change of schedule.
    pub fn audit(&self) -> &Audit {
        self.audit.get_or_init(|| audit(&self.file.event().schedule))
    }

    /// Every change to the event, oldest first.
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    /// Goes up whenever the roster or schedule changes (here or in another process).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// What Undo would take back, if anything ("the result of round 2 table 1").
    pub fn undo_label(&self) -> Option<&str> {
        self.undo_label.as_deref()
    }

    /// What Redo would put again, if anything.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo_label.as_deref()
    }

    /// What the last late arrival or withdrawal did, or why it was refused.
    pub fn line_up_outcome(&self) -> Option<&Result<String, String>> {
        self.line_up_outcome.as_ref()
    }

    /// Reads the event again when another process has written to the file since (a second
    /// window, a command, a phone): returns whether it had.
    pub fn refresh(&mut self) -> Result<bool, SessionError> {
        let before = self.file.event().clone();
        if !self.file.reload_if_changed()? && !self.history_stale {
            return Ok(false);
        }
        if *self.file.event() != before {
            self.line_up_changed();
        }
        self.read_again()?;
        Ok(true)
    }

    /// Carries out one command on the file and refreshes the read copies.
    pub fn apply(&mut self, command: Command) -> Result<Applied, SessionError> {
        let line_up = matches!(command, Command::LateArrival { .. } | Command::Withdraw { .. });
        let outcome = self.execute(command);
        if line_up {
            self.line_up_outcome = Some(match &outcome {
                Ok(applied) => Ok(applied.message.clone()),
                Err(problem) => Err(problem.to_string()),
            });
        }
        outcome
    }

    /// Takes back the last change made to the event (by anyone: the history is the file's),
    /// itself saved in the history; `None` when there is nothing to take back.
    pub fn undo(&mut self) -> Result<Option<Reverted>, SessionError> {
        let reverted = self.file.undo();
        self.after_revert(reverted)
    }

    /// Puts back the last change taken back, if nothing was changed since.
    pub fn redo(&mut self) -> Result<Option<Reverted>, SessionError> {
        let reverted = self.file.redo();
        self.after_revert(reverted)
    }

    fn after_revert(
        &mut self,
        reverted: Result<Option<Reverted>, StoreError>,
    ) -> Result<Option<Reverted>, SessionError> {
        let reverted = reverted?;
        if reverted.as_ref().is_some_and(|r| r.key.is_none()) {
            self.line_up_changed();
        }
        self.read_again()?;
        Ok(reverted)
    }

    /// `Command::SetLineUp`: a team's line-up in a round, recorded or removed.
    fn set_line_up(
        &mut self,
        round: u32,
        team: usize,
        players: Vec<crate::model::Member>,
    ) -> Result<Applied, SessionError> {
        Ok(match self.file.set_line_up(round, team, players)? {
            Some(said) => Applied::saying(format!("Line-up saved: {said}")),
            None => Applied::saying("The line-up is unchanged".to_owned()),
        })
    }

    fn execute(&mut self, command: Command) -> Result<Applied, SessionError> {
        let applied = match command {
            Command::SetResult(key, value) => {
                let change = self.file.set_result(key, value)?;
                let message = match change.before {
                    Some(before) if before != value => format!("Saved {key}: {value} (was {before})"),
                    _ => format!("Saved {key}: {value}"),
                };
                Applied {
                    before: change.before,
                    ..Applied::saying(message)
                }
            }
            Command::ClearResult(key) => {
                if !self.file.clear_result(key)? {
                    return Err(SessionError::NoResult(key));
                }
                Applied::saying(format!("Removed the result of {key}"))
            }
            Command::SetRoster(roster) => {
                let changes = self.file.set_roster(roster)?;
                if changes.is_empty() {
                    Applied::saying("The roster is unchanged".to_owned())
                } else {
                    self.line_up_changed();
                    Applied::saying(format!("Roster: {}", changes.join("; ")))
                }
            }
            Command::SetSquad { team, players } => match self.file.set_squad(team, players)?.as_slice() {
                [] => Applied::saying("The team's players are unchanged".to_owned()),
                changes => Applied::saying(format!("Roster: {}", changes.join("; "))),
            },
            Command::SetLineUp { round, team, players } => self.set_line_up(round, team, players)?,
            Command::ReplaceSchedule(generated, options) => {
                let rounds = generated.schedule.rounds.len();
                let entrants = generated.schedule.entrants.len();
                self.file.replace_schedule(*generated, *options)?;
                self.line_up_changed();
                Applied::saying(format!(
                    "New schedule saved: {entrants} entrants, {rounds} rounds"
                ))
            }
            Command::LateArrival {
                name,
                before_round,
                missed,
            } => {
                let change = self.file.late_arrival(&name, before_round, missed)?;
                self.line_up_changed();
                Applied {
                    line_up: Some(change.clone()),
                    ..Applied::saying(change.message())
                }
            }
            Command::Withdraw { entrant, after_round } => {
                let change = self.file.withdraw(entrant, after_round)?;
                self.line_up_changed();
                Applied {
                    line_up: Some(change.clone()),
                    ..Applied::saying(change.message())
                }
            }
            Command::AttachDeals(boards) => {
                let count = self.file.attach_deals(&boards)?;
                Applied::saying(match boards.iter().filter(|b| b.analysis.is_some()).count() {
                    0 => format!("Attached {count} hand record(s)"),
                    tables => format!(
                        "Attached {count} hand record(s), {tables} with their double-dummy table from the file (par worked out by Tourney)"
                    ),
                })
            }
            Command::StoreAnalysis(boards) => {
                let changed = self.file.store_deal_tables(&boards)?;
                Applied::saying(match changed {
                    0 => "The double-dummy analysis was kept already".to_owned(),
                    n => format!("Kept the double-dummy analysis of {n} board(s)"),
                })
            }
            Command::PairNextRound { leaving, odd } => {
                let paired = self.file.pair_next_round(&leaving, odd)?;
                self.line_up_changed();
                let mut message = format!("Round {} paired", paired.round);
                if paired.repeats > 0 {
                    message.push_str(&format!(
                        " with {} repeat meeting(s), the fewest any pairing has",
                        paired.repeats
                    ));
                }
                message.push('.');
                for sentence in &paired.explanation {
                    message.push(' ');
                    message.push_str(sentence);
                }
                Applied::saying(message)
            }
            Command::AddTieBreak => {
                let said = self.file.add_tie_break()?;
                self.line_up_changed();
                Applied::saying(said)
            }
            Command::SwapTeams { round, first, second } => {
                let said = self.file.swap_teams(round, first, second)?;
                self.line_up_changed();
                Applied::saying(said)
            }
            Command::SettleConflict { id, take_sent } => {
                let said = match (self.file.settle_conflict(id, take_sent)?, take_sent) {
                    (false, _) => "That conflict was already settled",
                    (true, true) => "Took the table's result in place of the stored one",
                    (true, false) => "Kept the stored result; the table's is set aside",
                };
                Applied::saying(said.to_owned())
            }
        };
        self.read_again()?;
        Ok(applied)
    }

    /// The tables' keys and the director's PIN (made and kept the first time).
    pub fn table_access(&mut self) -> Result<TableAccess, SessionError> {
        Ok(self.file.table_access()?)
    }

    /// A result sent from a table's device (see [`crate::event::tables`]): checked and written
    /// by the event file in one transaction, like every other change. Only the results are
    /// read again after it (the history and undo labels on the next `refresh`): reading the
    /// whole history after every table's result made each answer slower as the evening went
    /// on.
    pub fn table_result(&mut self, request: &TableRequest) -> Result<TableOutcome, SessionError> {
        let outcome = self.file.table_result(request)?;
        if outcome.is_ok() {
            self.read_results_again()?;
        }
        Ok(outcome)
    }

    /// Moves a table on to its next round once its round is complete (no result changes; the
    /// history is read on the next `refresh`).
    pub fn next_table_round(
        &mut self,
        caller: &Caller,
        request_id: &str,
    ) -> Result<TableOutcome, SessionError> {
        let outcome = self.file.next_table_round(caller, request_id)?;
        self.history_stale |= outcome.is_ok();
        Ok(outcome)
    }

    /// What `table`'s page shows now (another process's writes read first, results only): the
    /// round it is on, or `round` (which only the director may open); `None` for a table
    /// without a key (serving has not started) or not in the schedule or that round.
    pub fn table_view(&mut self, table: u32, round: Option<u32>) -> Result<Option<TableView>, SessionError> {
        let before = self.file.event().clone();
        if self.file.reload_if_changed()? {
            if *self.file.event() != before {
                self.line_up_changed();
            }
            self.read_results_again()?;
        }
        let Some(on) = self.file.table_round(table)? else {
            return Ok(None);
        };
        let (event, round) = (self.file.event(), round.unwrap_or(on));
        Ok(if is_teams(event) {
            room_view(event, &self.results, &self.rooms, table, round)
        } else {
            table_view(event, &self.results, table, round)
        })
    }

    /// The conflicts between tables' results and stored ones, waiting for the director.
    pub fn conflicts(&self) -> Result<Vec<Conflict>, SessionError> {
        Ok(self.file.conflicts()?)
    }

    /// Each table with a key and the round it is on (empty before serving ever started).
    pub fn table_rounds(&self) -> Result<Vec<(u32, u32)>, SessionError> {
        Ok(self.file.table_rounds()?)
    }

    /// The results again; the history and undo labels on the next `refresh`.
    fn read_results_again(&mut self) -> Result<(), SessionError> {
        self.results = self.file.results()?;
        self.rooms = self.read_rooms()?;
        self.standings = OnceCell::new();
        self.history_stale = true;
        Ok(())
    }

    /// The tables' own results at a teams event (none read for the other events).
    fn read_rooms(&self) -> Result<RoomResults, SessionError> {
        if is_teams(self.file.event()) {
            Ok(self.file.room_results()?)
        } else {
            Ok(RoomResults::new())
        }
    }

    /// Refreshes the read copies from the file.
    fn read_again(&mut self) -> Result<(), SessionError> {
        self.results = self.file.results()?;
        self.rooms = self.read_rooms()?;
        self.history = self.file.history()?;
        (self.undo_label, self.redo_label) = self.file.undo_redo_labels()?;
        self.standings = OnceCell::new();
        self.history_stale = false;
        Ok(())
    }

    /// The roster or schedule changed: views rebuild what they cache, and the audit is made
    /// again on its next use (renames change the names in it; a new schedule, everything).
    fn line_up_changed(&mut self) {
        self.revision += 1;
        self.audit = OnceCell::new();
    }
}
