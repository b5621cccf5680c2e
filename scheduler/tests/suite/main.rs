//! The library's integration tests, one module per subject, built as one test binary: each
//! separate binary linked the whole library (typst included) again, on every change.

mod berger;
mod deals;
mod event_hardening;
mod events;
mod exports;
mod limits;
mod movements;
mod rosters;
mod round_robin_properties;
// Every sheet test reads a PDF back: without the `pdf` feature (the fuzz harness's build) there is
// nothing to test.
#[cfg(feature = "pdf")]
mod sheets;
mod verifier;
mod whist;
