//! Solver tools: built on the MILP layer, the league-table detective, logic-grid puzzles and
//! the dic-dac-doe board, each with a checker that shares no code with its solver; and the
//! analysis of hand records (`deal_analysis`: each board's double-dummy table and par). Each
//! has a time limit, a progress signal and a cancel (through `solver::Control`).

pub mod deal_analysis;
pub mod dicdacdoe;
pub mod league;
pub mod logic_grid;
