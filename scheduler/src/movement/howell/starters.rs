//! The complete-Howell starters for 2 to `MAX_HOWELL_TABLES` tables (3 excepted: it has no
//! cyclic Howell, see `three_table`), shipped as data so that `howell()` builds a movement in
//! microseconds instead of searching (the search takes up to about half a second at 26–30
//! tables).
//!
//! Every row was produced by this project's own search (`search::find_starter`), not copied
//! from anywhere, and is checked at test time: `shipped_starters_are_what_the_search_finds`
//! re-runs the search for every size up to `RECHECKED_UP_TO` and compares, and the property
//! test in `tests/suite/movements.rs` builds every shipped size with 1–4 boards a round and
//! puts it through the independent verifier. To regenerate the table (after changing the
//! search), run
//!
//! ```text
//! cargo test -p scheduler --no-default-features --release --lib print_howell_starters -- --ignored --nocapture
//! ```
//!
//! and paste its output over `STARTERS`; `every_shipped_starter_is_what_the_search_finds`
//! (also ignored: it runs the slow sizes) compares all of them.

use super::search::StarterRow;

/// Per number of tables, the starter: per table (table 1 first) the N-S residue (`None` =
/// the stationary pair), the E-W residue and the set offset.
#[rustfmt::skip]
const STARTERS: &[(usize, &[StarterRow])] = &[
    (2, &[(None, 0, 0), (Some(1), 2, 0)]),
    (4, &[(None, 0, 0), (Some(1), 5, 6), (Some(4), 6, 3), (Some(3), 2, 5)]),
    (5, &[(None, 0, 0), (Some(5), 1, 4), (Some(3), 2, 8), (Some(7), 4, 5), (Some(6), 8, 1)]),
    (6, &[(None, 0, 0), (Some(1), 2, 3), (Some(8), 4, 1), (Some(6), 3, 9), (Some(9), 7, 5), (Some(10), 5, 4)]),
    (7, &[(None, 0, 0), (Some(2), 1, 8), (Some(4), 11, 6), (Some(6), 3, 7), (Some(12), 8, 11), (Some(7), 9, 5), (Some(5), 10, 2)]),
    (8, &[(None, 0, 0), (Some(2), 1, 5), (Some(8), 4, 9), (Some(13), 10, 4), (Some(6), 12, 8), (Some(3), 11, 10), (Some(5), 7, 2), (Some(14), 9, 7)]),
    (9, &[(None, 0, 0), (Some(2), 1, 7), (Some(10), 4, 1), (Some(14), 5, 9), (Some(7), 3, 14), (Some(15), 12, 11), (Some(8), 13, 6), (Some(16), 6, 8), (Some(9), 11, 12)]),
    (10, &[(None, 0, 0), (Some(1), 5, 13), (Some(13), 2, 17), (Some(3), 16, 6), (Some(4), 18, 9), (Some(6), 9, 1), (Some(10), 11, 12), (Some(14), 12, 11), (Some(17), 7, 5), (Some(15), 8, 2)]),
    (11, &[(None, 0, 0), (Some(14), 1, 15), (Some(2), 11, 17), (Some(4), 5, 8), (Some(9), 7, 20), (Some(12), 18, 7), (Some(8), 15, 6), (Some(19), 3, 5), (Some(17), 6, 14), (Some(10), 13, 9), (Some(16), 20, 4)]),
    (12, &[(None, 0, 0), (Some(18), 1, 3), (Some(2), 20, 1), (Some(4), 12, 22), (Some(11), 10, 17), (Some(14), 17, 8), (Some(8), 19, 9), (Some(7), 21, 19), (Some(3), 5, 14), (Some(15), 22, 18), (Some(6), 16, 21), (Some(9), 13, 6)]),
    (13, &[(None, 0, 0), (Some(1), 20, 23), (Some(10), 2, 16), (Some(19), 5, 7), (Some(23), 16, 14), (Some(4), 3, 13), (Some(9), 7, 3), (Some(8), 13, 20), (Some(17), 14, 9), (Some(22), 18, 1), (Some(15), 6, 5), (Some(24), 12, 17), (Some(11), 21, 22)]),
    (14, &[(None, 0, 0), (Some(22), 1, 6), (Some(2), 4, 10), (Some(15), 5, 19), (Some(9), 8, 7), (Some(21), 13, 1), (Some(18), 7, 20), (Some(19), 14, 4), (Some(16), 25, 8), (Some(12), 26, 21), (Some(11), 23, 12), (Some(3), 6, 24), (Some(17), 10, 13), (Some(24), 20, 17)]),
    (15, &[(None, 0, 0), (Some(1), 6, 16), (Some(2), 28, 6), (Some(8), 7, 1), (Some(14), 21, 3), (Some(10), 19, 11), (Some(18), 3, 20), (Some(12), 24, 21), (Some(16), 22, 12), (Some(9), 20, 25), (Some(26), 5, 17), (Some(17), 4, 2), (Some(11), 13, 19), (Some(15), 25, 28), (Some(27), 23, 22)]),
    (16, &[(None, 0, 0), (Some(2), 1, 21), (Some(4), 15, 28), (Some(6), 13, 17), (Some(10), 27, 22), (Some(19), 21, 20), (Some(9), 30, 1), (Some(18), 24, 3), (Some(23), 5, 26), (Some(28), 25, 2), (Some(14), 29, 23), (Some(26), 22, 9), (Some(7), 16, 13), (Some(11), 3, 18), (Some(20), 8, 6), (Some(17), 12, 8)]),
    (17, &[(None, 0, 0), (Some(1), 18, 2), (Some(3), 32, 28), (Some(12), 6, 21), (Some(11), 31, 22), (Some(19), 8, 24), (Some(9), 14, 16), (Some(10), 20, 5), (Some(17), 2, 10), (Some(5), 4, 3), (Some(28), 7, 17), (Some(26), 23, 29), (Some(25), 27, 6), (Some(21), 13, 7), (Some(16), 30, 20), (Some(15), 24, 12), (Some(22), 29, 9)]),
    (18, &[(None, 0, 0), (Some(1), 14, 33), (Some(2), 3, 11), (Some(5), 25, 19), (Some(7), 18, 29), (Some(23), 9, 1), (Some(30), 20, 10), (Some(15), 32, 4), (Some(19), 11, 14), (Some(16), 10, 9), (Some(4), 8, 25), (Some(29), 13, 31), (Some(6), 34, 32), (Some(27), 24, 12), (Some(12), 17, 18), (Some(21), 33, 2), (Some(31), 22, 27), (Some(26), 28, 3)]),
    (19, &[(None, 0, 0), (Some(30), 1, 20), (Some(11), 2, 34), (Some(4), 22, 29), (Some(27), 5, 25), (Some(12), 6, 23), (Some(35), 25, 10), (Some(32), 9, 35), (Some(7), 28, 15), (Some(8), 21, 36), (Some(15), 10, 9), (Some(33), 3, 12), (Some(24), 13, 5), (Some(26), 23, 28), (Some(29), 17, 13), (Some(31), 14, 24), (Some(36), 34, 3), (Some(16), 20, 17), (Some(18), 19, 32)]),
    (20, &[(None, 0, 0), (Some(32), 1, 7), (Some(36), 2, 23), (Some(23), 3, 34), (Some(14), 37, 22), (Some(38), 28, 12), (Some(25), 18, 16), (Some(5), 27, 20), (Some(13), 26, 9), (Some(11), 29, 10), (Some(16), 12, 6), (Some(17), 6, 18), (Some(15), 21, 1), (Some(30), 31, 33), (Some(19), 4, 8), (Some(9), 34, 4), (Some(7), 10, 17), (Some(8), 35, 13), (Some(20), 22, 38), (Some(33), 24, 21)]),
    (21, &[(None, 0, 0), (Some(1), 16, 11), (Some(36), 2, 10), (Some(13), 3, 33), (Some(4), 33, 39), (Some(22), 23, 14), (Some(27), 19, 26), (Some(6), 24, 17), (Some(38), 35, 23), (Some(8), 40, 24), (Some(17), 11, 30), (Some(21), 34, 38), (Some(32), 18, 5), (Some(10), 15, 13), (Some(9), 20, 6), (Some(5), 25, 7), (Some(39), 37, 20), (Some(12), 28, 8), (Some(14), 31, 32), (Some(7), 29, 19), (Some(26), 30, 35)]),
    (22, &[(None, 0, 0), (Some(1), 16, 29), (Some(2), 10, 35), (Some(5), 3, 10), (Some(13), 6, 9), (Some(19), 40, 5), (Some(29), 4, 2), (Some(30), 27, 41), (Some(39), 35, 14), (Some(15), 34, 8), (Some(14), 26, 15), (Some(20), 25, 22), (Some(42), 36, 20), (Some(17), 33, 37), (Some(21), 7, 1), (Some(23), 24, 11), (Some(28), 37, 4), (Some(9), 32, 24), (Some(11), 22, 17), (Some(12), 38, 21), (Some(41), 8, 32), (Some(31), 18, 30)]),
    (23, &[(None, 0, 0), (Some(4), 1, 19), (Some(7), 2, 40), (Some(40), 8, 4), (Some(20), 16, 14), (Some(33), 18, 38), (Some(26), 44, 5), (Some(9), 38, 1), (Some(10), 31, 35), (Some(19), 27, 29), (Some(21), 43, 24), (Some(35), 41, 7), (Some(37), 28, 6), (Some(30), 5, 27), (Some(42), 25, 26), (Some(6), 17, 33), (Some(11), 23, 30), (Some(13), 12, 3), (Some(24), 14, 9), (Some(32), 39, 15), (Some(29), 15, 28), (Some(3), 22, 34), (Some(36), 34, 23)]),
    (24, &[(None, 0, 0), (Some(1), 25, 19), (Some(3), 6, 34), (Some(5), 18, 14), (Some(11), 7, 13), (Some(17), 34, 4), (Some(32), 4, 36), (Some(12), 24, 7), (Some(26), 10, 37), (Some(40), 33, 6), (Some(31), 39, 21), (Some(2), 20, 9), (Some(28), 38, 16), (Some(27), 42, 3), (Some(13), 22, 23), (Some(35), 37, 12), (Some(46), 41, 39), (Some(43), 21, 42), (Some(15), 14, 30), (Some(30), 16, 2), (Some(9), 36, 1), (Some(45), 19, 24), (Some(44), 8, 11), (Some(29), 23, 20)]),
    (25, &[(None, 0, 0), (Some(1), 13, 44), (Some(2), 27, 22), (Some(4), 47, 30), (Some(5), 8, 38), (Some(7), 9, 24), (Some(18), 48, 5), (Some(22), 40, 15), (Some(14), 10, 6), (Some(26), 35, 14), (Some(15), 38, 36), (Some(44), 43, 7), (Some(17), 30, 8), (Some(33), 11, 13), (Some(12), 19, 35), (Some(28), 39, 4), (Some(6), 23, 41), (Some(20), 34, 42), (Some(25), 41, 26), (Some(36), 46, 43), (Some(31), 16, 21), (Some(3), 32, 2), (Some(42), 21, 31), (Some(24), 29, 33), (Some(45), 37, 48)]),
    (26, &[(None, 0, 0), (Some(39), 1, 23), (Some(8), 2, 12), (Some(35), 3, 11), (Some(11), 4, 42), (Some(17), 12, 2), (Some(37), 34, 50), (Some(25), 48, 46), (Some(28), 13, 39), (Some(21), 9, 3), (Some(38), 27, 10), (Some(29), 7, 26), (Some(18), 49, 48), (Some(19), 36, 5), (Some(45), 10, 38), (Some(33), 43, 6), (Some(31), 22, 40), (Some(47), 20, 21), (Some(32), 6, 49), (Some(50), 46, 1), (Some(44), 30, 25), (Some(26), 5, 17), (Some(14), 16, 19), (Some(23), 15, 30), (Some(42), 24, 20), (Some(41), 40, 29)]),
    (27, &[(None, 0, 0), (Some(1), 16, 14), (Some(31), 2, 32), (Some(46), 3, 50), (Some(6), 4, 23), (Some(44), 9, 16), (Some(50), 23, 3), (Some(10), 40, 5), (Some(37), 32, 47), (Some(43), 7, 27), (Some(12), 24, 52), (Some(15), 34, 24), (Some(21), 18, 26), (Some(11), 20, 46), (Some(38), 17, 6), (Some(51), 35, 20), (Some(52), 45, 31), (Some(48), 49, 41), (Some(33), 29, 45), (Some(13), 26, 40), (Some(19), 27, 15), (Some(47), 41, 17), (Some(8), 30, 11), (Some(25), 5, 36), (Some(22), 36, 19), (Some(28), 39, 30), (Some(14), 42, 13)]),
    (28, &[(None, 0, 0), (Some(27), 1, 29), (Some(44), 2, 9), (Some(19), 3, 32), (Some(4), 35, 10), (Some(7), 10, 52), (Some(40), 8, 43), (Some(26), 54, 18), (Some(9), 17, 2), (Some(33), 21, 45), (Some(6), 20, 24), (Some(16), 25, 39), (Some(22), 5, 13), (Some(15), 50, 16), (Some(14), 18, 50), (Some(11), 41, 37), (Some(49), 51, 48), (Some(36), 31, 41), (Some(29), 48, 15), (Some(37), 52, 46), (Some(30), 12, 28), (Some(39), 28, 23), (Some(34), 24, 49), (Some(45), 23, 1), (Some(47), 13, 30), (Some(38), 32, 14), (Some(43), 42, 31), (Some(46), 53, 25)]),
    (29, &[(None, 0, 0), (Some(17), 1, 26), (Some(22), 2, 33), (Some(3), 54, 38), (Some(35), 4, 14), (Some(49), 5, 13), (Some(50), 14, 53), (Some(7), 24, 41), (Some(13), 12, 39), (Some(8), 46, 48), (Some(47), 39, 43), (Some(6), 15, 1), (Some(36), 33, 51), (Some(41), 29, 30), (Some(27), 31, 50), (Some(10), 32, 4), (Some(23), 56, 11), (Some(42), 28, 34), (Some(52), 20, 42), (Some(18), 11, 55), (Some(34), 19, 32), (Some(40), 51, 56), (Some(37), 9, 8), (Some(48), 38, 45), (Some(45), 43, 18), (Some(16), 55, 40), (Some(25), 30, 6), (Some(21), 44, 35), (Some(26), 53, 46)]),
    (30, &[(None, 0, 0), (Some(20), 1, 31), (Some(29), 2, 55), (Some(3), 36, 52), (Some(5), 51, 23), (Some(6), 45, 25), (Some(55), 8, 37), (Some(22), 7, 19), (Some(57), 47, 48), (Some(17), 58, 24), (Some(52), 53, 17), (Some(42), 31, 10), (Some(48), 24, 44), (Some(9), 15, 14), (Some(46), 38, 21), (Some(13), 43, 56), (Some(10), 41, 18), (Some(33), 50, 43), (Some(54), 32, 46), (Some(40), 56, 3), (Some(49), 4, 36), (Some(11), 34, 32), (Some(27), 25, 42), (Some(12), 16, 49), (Some(39), 18, 20), (Some(14), 21, 9), (Some(30), 35, 39), (Some(23), 26, 12), (Some(37), 28, 13), (Some(44), 19, 47)]),
];

/// The shipped starter for `tables`, if there is one.
pub(super) fn shipped(tables: usize) -> Option<Vec<StarterRow>> {
    STARTERS
        .iter()
        .find(|(t, _)| *t == tables)
        .map(|(_, rows)| rows.to_vec())
}

#[cfg(test)]
mod tests {
    use super::super::search::{Shape, find_starter};
    use super::*;
    use crate::movement::MAX_HOWELL_TABLES;

    /// Sizes re-searched on every test run (the larger ones take up to half a second each).
    const RECHECKED_UP_TO: usize = 22;

    fn searched(tables: usize) -> Option<Vec<StarterRow>> {
        find_starter(Shape {
            rounds: 2 * tables - 1,
            tables,
            stationary: 1,
        })
    }

    fn sizes() -> impl Iterator<Item = usize> {
        (2..=MAX_HOWELL_TABLES).filter(|&t| t != 3)
    }

    #[test]
    fn every_size_is_shipped_once() {
        let shipped: Vec<usize> = STARTERS.iter().map(|(t, _)| *t).collect();
        assert_eq!(shipped, sizes().collect::<Vec<_>>());
        for (tables, rows) in STARTERS {
            assert_eq!(rows.len(), *tables, "{tables} tables: one row a table");
        }
    }

    #[test]
    fn shipped_starters_are_what_the_search_finds() {
        for tables in sizes().filter(|&t| t <= RECHECKED_UP_TO) {
            assert_eq!(shipped(tables), searched(tables), "{tables} tables");
        }
    }

    #[test]
    #[ignore]
    fn every_shipped_starter_is_what_the_search_finds() {
        for tables in sizes() {
            assert_eq!(shipped(tables), searched(tables), "{tables} tables");
        }
    }

    /// Prints `STARTERS` as Rust, from the search.
    #[test]
    #[ignore]
    fn print_howell_starters() {
        println!("const STARTERS: &[(usize, &[StarterRow])] = &[");
        for tables in sizes() {
            let rows = searched(tables).expect("the search finds every shipped size");
            let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
            println!("    ({tables}, &[{}]),", rows.join(", "));
        }
        println!("];");
    }
}
