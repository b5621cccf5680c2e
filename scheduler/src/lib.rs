//! Tourney's library: the domain model, roster import, schedule generators, verifiers and
//! exports. It knows nothing about any user interface; the desktop app and the command line
//! are thin layers over it. ARCHITECTURE.md at the repository's root maps its layers.

// Held by CI (`cargo clippy -- -D warnings`): nothing unwraps outside tests; a failure the
// program can meet is a sentence for the organiser, not a panic.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]
// Held by CI the same way: everything the library makes public says what it is.
#![warn(missing_docs)]

pub mod audit;
pub mod club;
pub mod csv_safety;
pub mod deals;
pub mod double_dummy;
pub mod event;
pub mod export_file;
pub mod milp;
pub mod model;
pub mod movement;
pub mod problems;
pub mod qr;
mod roster_cells;
pub mod roster_import;
pub mod round_robin;
pub mod schedule_io;
pub mod scoring;
pub mod sheets;
pub mod solver;
pub mod sorting;
pub mod sqlite_head;
pub mod swiss;
pub mod team_chess;
pub mod text;
pub mod tools;
pub mod verify;
pub mod whist;
pub mod words;

pub use model::{Format, Player, PlayerId, Roster, Schedule, Seat};
