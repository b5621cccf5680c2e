//! The views read as a new user reads them: the audit's names, the by-player schedule's
//! width, sorting by name.

#[allow(unused_imports)]
use super::*;
