//! Club pairs movements where the boards move (Mitchell, Howell): which pair sits where,
//! which set of boards each table plays, round by round. This module is the shared
//! description; the generators fill it and `crate::verify::movement` checks it without
//! sharing their code.
//!
//! Pairs are numbered 1..=`pairs` in one sequence (a Mitchell's N-S pairs first, then its
//! E-W pairs; `label` gives the club's "3 NS" / "3 EW" names). Board sets are numbered
//! 1..=`sets`; set s holds boards (s − 1)·k + 1 … s·k with k = `boards_per_round`.

pub mod adjust;
pub mod choose;
pub mod export;
mod generate;
pub mod guide;
pub mod howell;
pub mod mitchell;
pub mod schedule;
pub mod teams;

/// The movement's data live in the model (a schedule carries its movement); the generators
/// and everything that works on movements are here.
pub use crate::model::movement::{
    LatePair, MissedBoards, Movement, MovementKind, MovementRound, PhantomSeat, TableRound, Withdrawal,
};
pub use adjust::{arrive, arrow_switch, default_arrow_switch_rounds, first_rounds, with_phantom, withdraw};
pub use choose::{
    MAX_BOARDS_PER_ROUND, MIN_PAIRS, MovementChoice, MovementOption, choose_movement, choose_movement_for,
    make_movement, movements_for,
};
pub use export::{movement_csv, movement_json, read_movement_json};
pub use howell::{MAX_HOWELL_TABLES, howell};
pub use mitchell::{mitchell, relay_mitchell, skip_mitchell};
pub use schedule::{describe_movement, present_pairs, schedule_of, stationary_order, stationary_pairs};
