//! Scoring rules, each a pure function of entered results: bridge contract scores and
//! matchpoints/IMPs, chess points and tie-breaks, league tables. The event module decides
//! which results feed which rule.

pub mod bridge;
pub mod chess;
pub mod league;
