//! What both end-to-end suites (`cli.rs`, `events.rs`) need: the real binary, the fixture
//! rosters and a scratch folder per test.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the built `tourney` binary with `args`, with a data folder of its own (empty: no
/// club file of the machine's user is read, e.g. by `event new` for the club's name and ID).
pub fn tourney(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(args)
        .env("XDG_DATA_HOME", empty_data_folder())
        .output()
        .expect("run tourney")
}

/// A data folder no test writes to.
pub fn empty_data_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-e2e-{}-no-data", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// The path of a roster in `fixtures/rosters`.
pub fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/rosters")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch folder for one test, emptied first (the process id keeps the two suites and
/// concurrent runs apart).
pub fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-e2e-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The standard output of a run that must succeed (both streams shown if it did not).
pub fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    text(&out.stdout)
}

/// Checks that a run ended with exit code `code` and that its standard error contains `says`
/// (shown in full if not).
pub fn fails_with(out: &Output, code: i32, says: &str) {
    assert_eq!(out.status.code(), Some(code), "{}", text(&out.stderr));
    self::says(out, says);
}

/// Checks that a run's standard error contains `says` (shown in full if not).
pub fn says(out: &Output, says: &str) {
    let stderr = text(&out.stderr);
    assert!(stderr.contains(says), "expected {says:?} in:\n{stderr}");
}
