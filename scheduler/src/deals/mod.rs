//! Hand records for a bridge evening: the deal of each board (who holds which of the 52
//! cards), its dealer and vulnerability; reading and writing them as PBN 2.1 (Portable Bridge
//! Notation, the format of dealing machines and BridgeComposer); and random deals for a
//! dealing machine, seeded and uniform over all deals.
//!
//! `analysis` holds what a deal could make (the double-dummy table) as data; the solver that
//! works it out is `crate::double_dummy`; `pbn_analysis` writes and reads it as PBN tags.

pub mod analysis;
pub mod board;
pub mod card;
pub mod deal;
pub mod direction;
pub mod pbn_analysis;
pub mod pbn_read;
mod pbn_scan;
pub mod pbn_write;
pub mod random;

pub use analysis::{Analysis, DdTable, Par, ParContract, Strain};
pub use board::{Board, Direction, Vulnerability, standard_dealer, standard_vulnerability};
pub use card::{Card, Suit};
pub use deal::{Deal, Hand};
pub use pbn_read::{
    ParRule, deal_from_pbn, read_pbn, read_pbn_file, read_pbn_file_noting, read_pbn_file_with,
    read_pbn_noting, read_pbn_with,
};
pub use pbn_write::write_pbn;
pub use random::{random_boards, random_deal, uniform_below};
