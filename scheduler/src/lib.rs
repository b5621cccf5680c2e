//! Tourney's library: the domain model, roster import, schedule generators, verifiers and
//! exports. It knows nothing about any user interface; the desktop app and the command line
//! are thin layers over it.

pub mod audit;
pub mod csv_safety;
pub mod deals;
pub mod event;
pub mod export_file;
pub mod milp;
pub mod model;
pub mod movement;
pub mod problems;
mod roster_cells;
pub mod roster_import;
pub mod round_robin;
pub mod schedule_io;
pub mod scoring;
pub mod sheets;
pub mod solver;
pub mod sorting;
pub mod team_chess;
pub mod text;
pub mod tools;
pub mod verify;
pub mod whist;
pub mod words;

pub use model::{Format, Player, PlayerId, Roster, Schedule, Seat};
