//! Helpers shared by the event test modules: a scratch event path and a freshly built event.

use scheduler::event::Event;
use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::model::Roster;
use scheduler::solver::Control;
use std::path::PathBuf;

/// A path for an event file in this run's scratch folder `folder` (one per test module, so
/// modules running side by side never share a file), with no file or SQLite side files left
/// from an earlier run.
pub fn scratch(folder: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-{folder}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// An event of `format` for `players` numbered players, its settings adjusted by `tweak`.
pub fn event(format: EventFormat, players: usize, tweak: impl FnOnce(&mut NewEvent)) -> Event {
    let mut spec = NewEvent::new("Test evening", format, Roster::numbered(players));
    tweak(&mut spec);
    build_event(&spec, &Control::unlimited()).unwrap().0
}
