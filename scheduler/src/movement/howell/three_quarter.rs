//! The three-quarter Howell for 6 tables: 12 pairs, 8 rounds, every pair meets 8 of the 11
//! others and plays every one of the 8 board sets once (24 boards with 3 a round, each board
//! played at 6 tables).
//!
//! Clubs call any Howell in which pairs do not meet every other pair an incomplete, reduced
//! or ¾ Howell (Ian McKinnon, <https://bridgecentral.com/ReducedHowell.htm>: "each pair
//! (except the highest numbered pair) moves to the spot vacated by the pair with the number
//! immediately below their own … The boards also move … to the next lower numbered table,
//! except where there is a relay table"). A ¾ Howell with R rounds on T tables has 2T − R
//! stationary tables (<http://bridge-results.de/Movements/howell_02.html>, "Sitztische"; T = 6,
//! R = 10 has 2). The EBU clubs' 6-table ¾ Howell plays 9 rounds of 3 with 3 relays
//! (Exeter Bridge Club's movement list, <http://www.bridgewebs.com/exeter/info.html>); issue
//! 22 asks for 8 rounds, so here R = 8 and 2T − R = 4 stationary pairs.
//!
//! Built like the complete Howell (`howell`'s cyclic construction and search): pairs 1–8 move
//! (each to the seat of the pair one below it, pair 1 to pair 8's) and pairs 9–12 stay N-S at
//! tables 1–4; the sets move to the table of the next lower set. The starter comes from the
//! project's search (`search::find_starter`): the stationary pairs meet every moving pair,
//! the two tables of moving pairs have differences ±d1, ±d2 (never 4, which would repeat a
//! meeting after 4 rounds), and no pair meets a set twice. Two sets rest each round.

use super::search::{Shape, find_starter};
use super::{MovementKind, build};
use crate::movement::Movement;

/// Tables of the three-quarter Howell.
pub const THREE_QUARTER_TABLES: usize = 6;
/// Its rounds (and board sets).
pub const THREE_QUARTER_ROUNDS: usize = 8;

/// The three-quarter Howell on `tables` tables (only 6 exist here).
pub fn three_quarter_howell(tables: usize, boards_per_round: usize) -> Result<Movement, String> {
    if boards_per_round == 0 {
        return Err("A movement needs at least 1 board per round.".to_string());
    }
    if tables != THREE_QUARTER_TABLES {
        return Err(format!(
            "The three-quarter Howell is for {THREE_QUARTER_TABLES} tables (11 or 12 pairs), not {tables}."
        ));
    }
    let shape = Shape {
        rounds: THREE_QUARTER_ROUNDS,
        tables,
        stationary: 2 * tables - THREE_QUARTER_ROUNDS,
    };
    let rows = find_starter(shape).ok_or_else(|| {
        "No three-quarter Howell for 6 tables was found within the search limit.".to_string()
    })?;
    let mut movement = build(
        MovementKind::ThreeQuarterHowell,
        shape,
        super::Group::cyclic(shape.rounds),
        &rows,
        boards_per_round,
    );
    // Who sits which way, chosen so every two pairs are compared as evenly as can be (the
    // stationary pairs, all N-S as built, were compared with each other on every board).
    super::directions::turn(&mut movement, super::directions::THREE_QUARTER_TURNS);
    Ok(movement)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_rounds_four_stationary_pairs_no_sharing() {
        let m = three_quarter_howell(6, 3).unwrap();
        assert_eq!((m.pairs, m.rounds.len(), m.sets), (12, 8, 8));
        assert!(m.sharing.is_empty());
        for round in &m.rounds {
            for t in 1..=4 {
                let table = &round.tables[t - 1];
                assert!(
                    table.ns == 8 + t || table.ew == 8 + t,
                    "pair {} stays at table {t}",
                    8 + t
                );
            }
            assert_eq!(round.resting_sets.len(), 2);
        }
        assert!(three_quarter_howell(5, 3).unwrap_err().contains("for 6 tables"));
        assert!(
            three_quarter_howell(6, 0)
                .unwrap_err()
                .contains("at least 1 board")
        );
    }
}
