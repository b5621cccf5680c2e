//! Solver tools built on the MILP layer: the league-table detective, logic-grid puzzles and
//! the dic-dac-doe board. Each has a time limit, a progress signal and a cancel (through
//! `solver::Control`), and a checker that shares no code with its solver.

pub mod dicdacdoe;
pub mod league;
pub mod logic_grid;
