//! The library's integration tests, one module per subject, built as one test binary: each
//! separate binary linked the whole library (typst included) again, on every change.

mod berger;
mod club_pairs;
mod club_pairs_sheets;
mod event_hardening;
mod events;
mod exports;
mod limits;
mod movements;
mod rosters;
mod round_robin_properties;
mod sheets;
mod verifier;
mod whist;
