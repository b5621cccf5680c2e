//! Late arrivals and withdrawals once results exist: played rounds stay fixed, the rest is
//! generated again; the audit, standings and history show it.

#[allow(unused_imports)]
use super::*;
