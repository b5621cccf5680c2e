//! The library's integration tests, one module per subject, built as one test binary: each
//! separate binary linked the whole library (typst included) again, on every change.

mod berger;
mod club_pairs;
// The club pairs sheets are read back from PDFs too.
#[cfg(feature = "pdf")]
mod club_pairs_sheets;
mod common;
mod concurrent_writers;
mod deals;
// The hand records and the standings are read back from PDFs too.
#[cfg(feature = "pdf")]
mod director_outputs;
mod event_hardening;
mod events;
mod exports;
mod hostile_text;
mod knockout;
mod limits;
mod long_three_way;
mod movements;
mod rosters;
mod round_robin_properties;
mod session;
mod stationary_pairs;
mod swiss_pairs;
mod tables;
mod teams_event;
mod teams_night;
mod teams_phones;
mod teams_usebio;
// A teams event's sheets are read back from PDFs too.
#[cfg(feature = "pdf")]
mod teams_sheets;
mod three_way;
// The printed sheets need the PDF renderer (`--no-default-features` leaves it out).
#[cfg(feature = "pdf")]
mod sheets;
mod verifier;
mod victory_points;
mod whist;
mod who_played;
// The whist drive's cards and prize sheet are read back from PDFs.
#[cfg(feature = "pdf")]
mod whist_drive;
