//! An open event in the window. Every change goes through [`AppCommand`] to the event file
//! (the single source of truth): the window keeps only a read copy of the results, the
//! standings and the audit computed from them, refreshed after each command, so closing the
//! window at any moment loses nothing.
//!
//! Undo and redo work through the same commands: carrying out a command records the command
//! that takes it back (a result's previous value, the roster before the edit), and undoing
//! carries that out — so an undo is saved and listed in the history like any other change.

use scheduler::audit::{Audit, audit};
use scheduler::event::create::{EventOptions, Generated};
use scheduler::event::lineup::{LineUp, LineUpChange};
use scheduler::event::standings::standings;
use scheduler::event::store::{EventFile, HistoryEntry};
use scheduler::event::{Event, ResultKey, ResultValue, Results};
use scheduler::model::Roster;
use scheduler::sheets::StandingsTable;
use std::path::{Path, PathBuf};

/// Everything the window can change in an event.
#[derive(Debug, Clone)]
pub enum AppCommand {
    SetResult(ResultKey, ResultValue),
    ClearResult(ResultKey),
    /// The whole roster after one edit (add, rename, delete, spouse, stationary, team…).
    SetRoster(Roster),
    /// A schedule newly made for the roster, with the options it was made with.
    ReplaceSchedule(Box<Generated>, EventOptions),
    /// A late player joins before a round: the rounds not yet played take them in.
    LateArrival {
        name: String,
        before_round: u32,
    },
    /// An entrant leaves after a round: a phantom takes their place.
    Withdraw {
        entrant: usize,
        after_round: u32,
    },
    /// Puts back an earlier roster and schedule (the undo or redo of the two above), with the
    /// history line it is saved under and the one for taking it back again.
    RestoreLineUp {
        line_up: Box<LineUp>,
        history: String,
        then: String,
    },
}

/// A command carried out, with the command that takes it back.
struct Done {
    /// For the Undo button's tooltip: "the result of round 3 table 1".
    what: String,
    inverse: AppCommand,
}

pub struct Session {
    file: EventFile,
    results: Results,
    standings: Vec<StandingsTable>,
    audit: Audit,
    history: Vec<HistoryEntry>,
    undo: Vec<Done>,
    redo: Vec<Done>,
    /// Goes up whenever the roster or schedule changes, so views can rebuild what they cache.
    revision: u64,
    /// What the last late arrival or withdrawal did (its notes), or why it was refused, for
    /// the roster view to show where it was asked.
    line_up_outcome: Option<Result<String, String>>,
}

impl Session {
    /// Opens an event to work on; one in a folder or on a medium this user cannot write, or
    /// on a full disk, is opened to look at (every change is then refused, nothing lost).
    pub fn open(path: &Path) -> Result<Session, String> {
        let file = EventFile::open_or_read_only(path).map_err(|e| e.to_string())?;
        Self::from_file(file)
    }

    /// Stores a newly built event in a new file (never over an existing one) and opens it.
    pub fn create(path: &Path, event: &Event) -> Result<Session, String> {
        let file = EventFile::create(path, event).map_err(|e| e.to_string())?;
        Self::from_file(file)
    }

    fn from_file(file: EventFile) -> Result<Session, String> {
        let results = file.results().map_err(|e| e.to_string())?;
        let history = file.history().map_err(|e| e.to_string())?;
        let standings = standings(file.event(), &results);
        let audit = audit(&file.event().schedule);
        Ok(Session {
            file,
            results,
            standings,
            audit,
            history,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
            line_up_outcome: None,
        })
    }

    /// The demo event in `folder`: reopened if it is there (its results kept), else created
    /// with the first two rounds' results entered. A demo file that no longer opens is moved
    /// aside, never deleted.
    pub fn demo(folder: &Path) -> Result<Session, String> {
        let path = folder.join("demo.tourney");
        if path.exists() {
            match Session::open(&path) {
                Ok(session) => return Ok(session),
                Err(_) => {
                    let aside = folder.join(format!(
                        "demo-unreadable-{}.tourney",
                        chrono::Local::now().format("%Y%m%d-%H%M%S")
                    ));
                    std::fs::rename(&path, &aside).map_err(|e| format!("{}: {e}", path.display()))?;
                }
            }
        }
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let (event, results) = scheduler::event::create::demo_event()?;
        let mut file = EventFile::create(&path, &event).map_err(|e| e.to_string())?;
        for (key, value) in results {
            file.set_result(key, value).map_err(|e| e.to_string())?;
        }
        Self::from_file(file)
    }

    pub fn event(&self) -> &Event {
        self.file.event()
    }

    /// The open event file (for reading: changes go through the session's methods).
    #[cfg(test)]
    pub fn file(&self) -> &EventFile {
        &self.file
    }

    pub fn path(&self) -> PathBuf {
        self.file.path().to_path_buf()
    }

    pub fn results(&self) -> &Results {
        &self.results
    }

    pub fn standings(&self) -> &[StandingsTable] {
        &self.standings
    }

    pub fn audit(&self) -> &Audit {
        &self.audit
    }

    /// Every change to the event, oldest first.
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// What Undo would take back, if anything.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|d| d.what.as_str())
    }

    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|d| d.what.as_str())
    }

    /// What the last late arrival or withdrawal did, or why it was refused.
    pub fn line_up_outcome(&self) -> Option<&Result<String, String>> {
        self.line_up_outcome.as_ref()
    }

    /// Carries out one command on the file; the message is for the status line. A new change
    /// clears what could be redone.
    pub fn apply(&mut self, command: AppCommand) -> Result<String, String> {
        let line_up = matches!(
            command,
            AppCommand::LateArrival { .. } | AppCommand::Withdraw { .. }
        );
        let outcome = self.execute(command);
        if line_up {
            self.line_up_outcome = Some(match &outcome {
                Ok((message, _)) => Ok(message.clone()),
                Err(problem) => Err(problem.clone()),
            });
        }
        let (message, done) = outcome?;
        if let Some(done) = done {
            self.undo.push(done);
            self.redo.clear();
        }
        Ok(message)
    }

    /// Takes back the last change (itself saved to the file and the history).
    pub fn undo(&mut self) -> Option<Result<String, String>> {
        let done = self.undo.pop()?;
        Some(match self.execute(done.inverse.clone()) {
            Ok((message, Some(again))) => {
                self.redo.push(again);
                Ok(format!("Undone: {message}"))
            }
            Ok((message, None)) => Ok(format!("Undone: {message}")),
            Err(problem) => {
                // Leave it on the stack: nothing changed, the organiser can try again.
                self.undo.push(done);
                Err(problem)
            }
        })
    }

    pub fn redo(&mut self) -> Option<Result<String, String>> {
        let done = self.redo.pop()?;
        Some(match self.execute(done.inverse.clone()) {
            Ok((message, Some(again))) => {
                self.undo.push(again);
                Ok(format!("Redone: {message}"))
            }
            Ok((message, None)) => Ok(format!("Redone: {message}")),
            Err(problem) => {
                self.redo.push(done);
                Err(problem)
            }
        })
    }

    /// Writes the command to the file, refreshes the read copies, and returns the status
    /// message with the command that would take it back (none when nothing changed or the
    /// change cannot be taken back).
    fn execute(&mut self, command: AppCommand) -> Result<(String, Option<Done>), String> {
        let revision = self.revision;
        let (message, inverse) = match command {
            AppCommand::SetResult(key, value) => {
                let change = self.file.set_result(key, value).map_err(|e| e.to_string())?;
                let message = match change.before {
                    Some(before) if before != value => format!("Saved {key}: {value} (was {before})"),
                    _ => format!("Saved {key}: {value}"),
                };
                let inverse = match change.before {
                    Some(before) if before == value => None,
                    Some(before) => Some(AppCommand::SetResult(key, before)),
                    None => Some(AppCommand::ClearResult(key)),
                };
                (
                    message,
                    inverse.map(|inverse| (format!("the result of {key}"), inverse)),
                )
            }
            AppCommand::ClearResult(key) => {
                let before = self.results.get(&key).copied();
                if self.file.clear_result(key).map_err(|e| e.to_string())? {
                    let inverse =
                        before.map(|value| (format!("removing {key}"), AppCommand::SetResult(key, value)));
                    (format!("Removed the result of {key}"), inverse)
                } else {
                    (format!("{key} had no result"), None)
                }
            }
            AppCommand::SetRoster(roster) => {
                let before = self.file.event().roster.clone();
                let changes = self.file.set_roster(roster).map_err(|e| e.to_string())?;
                if changes.is_empty() {
                    ("The roster is unchanged".to_owned(), None)
                } else {
                    self.revision += 1;
                    let message = format!("Roster: {}", changes.join("; "));
                    (
                        message,
                        Some(("the roster change".to_owned(), AppCommand::SetRoster(before))),
                    )
                }
            }
            AppCommand::ReplaceSchedule(generated, options) => {
                let rounds = generated.schedule.rounds.len();
                let entrants = generated.schedule.entrants.len();
                self.file
                    .replace_schedule(*generated, options)
                    .map_err(|e| e.to_string())?;
                self.revision += 1;
                (
                    format!("New schedule saved: {entrants} entrants, {rounds} rounds"),
                    None,
                )
            }
            AppCommand::LateArrival { name, before_round } => {
                let before = LineUp::of(self.file.event());
                let change = self
                    .file
                    .late_arrival(&name, Some(before_round))
                    .map_err(|e| e.to_string())?;
                self.revision += 1;
                line_up_done(before, &change, format!("{name}'s late arrival"))
            }
            AppCommand::Withdraw { entrant, after_round } => {
                let before = LineUp::of(self.file.event());
                let name = before.schedule.entrants.get(entrant).cloned().unwrap_or_default();
                let change = self
                    .file
                    .withdraw(entrant, after_round)
                    .map_err(|e| e.to_string())?;
                self.revision += 1;
                line_up_done(before, &change, format!("{name}'s withdrawal"))
            }
            AppCommand::RestoreLineUp {
                line_up,
                history,
                then,
            } => {
                let current = LineUp::of(self.file.event());
                self.file
                    .restore_line_up(*line_up, &history)
                    .map_err(|e| e.to_string())?;
                self.revision += 1;
                (
                    "the roster and schedule are as they were before it".to_owned(),
                    Some((
                        "putting the roster and schedule back".to_owned(),
                        AppCommand::RestoreLineUp {
                            line_up: Box::new(current),
                            history: then,
                            then: history,
                        },
                    )),
                )
            }
        };
        self.results = self.file.results().map_err(|e| e.to_string())?;
        self.history = self.file.history().map_err(|e| e.to_string())?;
        self.standings = standings(self.file.event(), &self.results);
        if self.revision != revision {
            // Renames change the names in the schedule; a new schedule changes everything.
            self.audit = audit(&self.file.event().schedule);
        }
        Ok((message, inverse.map(|(what, inverse)| Done { what, inverse })))
    }
}

/// The message of a late arrival or withdrawal done, and the command that puts the line-up
/// from `before` back (saved in the history as "Undone: …", its redo as "Redone: …").
fn line_up_done(
    before: LineUp,
    change: &LineUpChange,
    what: String,
) -> (String, Option<(String, AppCommand)>) {
    (
        change.message(),
        Some((
            what,
            AppCommand::RestoreLineUp {
                line_up: Box::new(before),
                history: format!("Undone: {}", change.action),
                then: format!("Redone: {}", change.action),
            },
        )),
    )
}
