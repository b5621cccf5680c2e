//! The event-file opener on damaged files: the fuzzed bytes are written to a file and opened
//! as an event, then read the way `event show` and `event standings` do (results, history,
//! standings and their CSV). A file that is not an event, or is damaged, must be refused with
//! an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scheduler::event::standings::{standings, standings_csv};
use scheduler::event::store::EventFile;
use std::path::PathBuf;
use std::sync::OnceLock;

/// One scratch folder per fuzzing process, removed and made again for every input so that
/// nothing SQLite leaves beside the file (journal, WAL) carries over to the next input.
fn scratch() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| std::env::temp_dir().join(format!("tourney-fuzz-event-{}", std::process::id())))
}

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let _ = std::fs::remove_dir_all(dir);
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let path = dir.join("fuzz.tourney");
    if std::fs::write(&path, data).is_err() {
        return;
    }
    if let Ok(file) = EventFile::open(&path) {
        if let Ok(results) = file.results() {
            let tables = standings(file.event(), &results);
            let _ = standings_csv(&tables, false);
        }
        let _ = file.history();
    }
});
