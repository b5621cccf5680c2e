//! An open event in the window. Every change goes through [`AppCommand`] to the event file
//! (the single source of truth): the window keeps only a read copy of the results and the
//! standings computed from them, refreshed after each command, so closing the window at any
//! moment loses nothing.

use scheduler::event::standings::standings;
use scheduler::event::store::EventFile;
use scheduler::event::{Event, ResultKey, ResultValue, Results};
use scheduler::sheets::StandingsTable;
use std::path::{Path, PathBuf};

/// Everything the window can change in an event.
#[derive(Debug, Clone, PartialEq)]
pub enum AppCommand {
    SetResult(ResultKey, ResultValue),
    ClearResult(ResultKey),
}

pub struct Session {
    file: EventFile,
    results: Results,
    standings: Vec<StandingsTable>,
}

impl Session {
    pub fn open(path: &Path) -> Result<Session, String> {
        let file = EventFile::open(path).map_err(|e| e.to_string())?;
        Self::from_file(file)
    }

    /// Stores a newly built event in a new file (never over an existing one) and opens it.
    pub fn create(path: &Path, event: &Event) -> Result<Session, String> {
        let file = EventFile::create(path, event).map_err(|e| e.to_string())?;
        Self::from_file(file)
    }

    fn from_file(file: EventFile) -> Result<Session, String> {
        let results = file.results().map_err(|e| e.to_string())?;
        let standings = standings(file.event(), &results);
        Ok(Session {
            file,
            results,
            standings,
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

    pub fn path(&self) -> PathBuf {
        self.file.path().to_path_buf()
    }

    pub fn results(&self) -> &Results {
        &self.results
    }

    pub fn standings(&self) -> &[StandingsTable] {
        &self.standings
    }

    /// Carries out one command on the file, then rereads the results and recomputes the
    /// standings. The message is for the status line.
    pub fn apply(&mut self, command: AppCommand) -> Result<String, String> {
        let message = match command {
            AppCommand::SetResult(key, value) => {
                let change = self.file.set_result(key, value).map_err(|e| e.to_string())?;
                match change.before {
                    Some(before) if before != value => format!("Saved {key}: {value} (was {before})"),
                    _ => format!("Saved {key}: {value}"),
                }
            }
            AppCommand::ClearResult(key) => {
                if self.file.clear_result(key).map_err(|e| e.to_string())? {
                    format!("Removed the result of {key}")
                } else {
                    format!("{key} had no result")
                }
            }
        };
        self.results = self.file.results().map_err(|e| e.to_string())?;
        self.standings = standings(self.file.event(), &self.results);
        Ok(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tourney-session-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_demo_has_results_and_keeps_what_is_entered() {
        let dir = folder("demo");
        let mut session = Session::demo(&dir).unwrap();
        assert_eq!(session.event().schedule.entrants.len(), 16);
        assert_eq!(session.results().len(), 8, "rounds 1 and 2 of four tables");
        let key = ResultKey {
            round: 3,
            table: 1,
            deal: 0,
        };
        let message = session
            .apply(AppCommand::SetResult(key, ResultValue::Tricks { ns: 20, ew: 6 }))
            .unwrap();
        assert!(message.starts_with("Saved round 3 table 1"), "{message}");
        assert!(
            session
                .apply(AppCommand::SetResult(key, ResultValue::Tricks { ns: 20, ew: 5 }))
                .unwrap_err()
                .contains("make 26")
        );
        drop(session);
        // Reopening (a new start of the app) finds the result on disk.
        let session = Session::demo(&dir).unwrap();
        assert_eq!(session.results().len(), 9);
        assert_eq!(session.results()[&key], ResultValue::Tricks { ns: 20, ew: 6 });
    }

    #[test]
    fn an_unreadable_demo_is_moved_aside_not_lost() {
        let dir = folder("aside");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("demo.tourney"), "not a database").unwrap();
        let session = Session::demo(&dir).unwrap();
        assert_eq!(session.results().len(), 8);
        let kept = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with("demo-unreadable-"))
            .count();
        assert_eq!(kept, 1);
    }
}
