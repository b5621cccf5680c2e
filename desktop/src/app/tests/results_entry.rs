//! Typing results as an organiser does between rounds: Enter, Tab, corrections, messages,
//! the light theme.

#[allow(unused_imports)]
use super::*;
