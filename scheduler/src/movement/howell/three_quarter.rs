//! The three-quarter Howells for 5 to 8 tables (`THREE_QUARTER`): R rounds on T tables,
//! every pair meets R of the 2T − 1 others and plays every one of the R board sets once. The
//! first was 6 tables (12 pairs, 8 rounds: 24 boards with 3 a round, each board played at 6
//! tables); issue 43 added 5 tables (7 rounds), 7 (10) and 8 (11), and chooses who sits which
//! way for balance (`directions`).
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
//! Built like the complete Howell (`howell`'s cyclic construction and search); for 6 tables
//! (the others alike, with R moving pairs and 2T − R stationary ones): pairs 1–8 move
//! (each to the seat of the pair one below it, pair 1 to pair 8's) and pairs 9–12 stay N-S at
//! tables 1–4; the sets move to the table of the next lower set. The starter comes from the
//! project's search (`search::find_starter`): the stationary pairs meet every moving pair,
//! the two tables of moving pairs have differences ±d1, ±d2 (never 4, which would repeat a
//! meeting after 4 rounds), and no pair meets a set twice. Two sets rest each round.

use super::search::{Shape, find_starter};
use super::{MovementKind, build};
use crate::movement::Movement;

/// The three-quarter Howells made: tables and rounds (= board sets; 2T − R pairs stay at
/// tables 1..). About three quarters of the complete Howell's 2T − 1 rounds: 7 of 9 for 5
/// tables, 8 of 11 for 6 (issue 22's), 10 of 13 for 7, 11 of 15 for 8.
pub const THREE_QUARTER: &[(usize, usize)] = &[(5, 7), (6, 8), (7, 10), (8, 11)];

/// The rounds of the three-quarter Howell on `tables` tables, if there is one.
pub fn three_quarter_rounds(tables: usize) -> Option<usize> {
    THREE_QUARTER
        .iter()
        .find(|(t, _)| *t == tables)
        .map(|&(_, rounds)| rounds)
}

/// The longer three-quarter Howells, with sets resting on relay stands: the EBU clubs' 9-round
/// one for 6 tables (3 pairs stay, 9 sets, 3 on relay stands each round).
pub const RELAY_THREE_QUARTER: &[(usize, usize)] = &[(6, 9)];

/// The rounds of the three-quarter Howell with relays on `tables` tables, if there is one.
pub fn relay_three_quarter_rounds(tables: usize) -> Option<usize> {
    RELAY_THREE_QUARTER
        .iter()
        .find(|(t, _)| *t == tables)
        .map(|&(_, rounds)| rounds)
}

/// The three-quarter Howell with relays on `tables` tables (6; see `RELAY_THREE_QUARTER`).
pub fn relay_three_quarter_howell(tables: usize, boards_per_round: usize) -> Result<Movement, String> {
    let Some(rounds) = relay_three_quarter_rounds(tables) else {
        return Err(format!(
            "The three-quarter Howell with relays is made for 6 tables (11 or 12 pairs, 9 rounds), not {tables}."
        ));
    };
    make(
        MovementKind::RelayThreeQuarterHowell,
        tables,
        rounds,
        boards_per_round,
    )
}

/// The three-quarter Howell on `tables` tables (5 to 8; see `THREE_QUARTER`).
pub fn three_quarter_howell(tables: usize, boards_per_round: usize) -> Result<Movement, String> {
    let Some(rounds) = three_quarter_rounds(tables) else {
        let sizes: Vec<String> = THREE_QUARTER
            .iter()
            .map(|(t, _)| format!("{t} ({} or {} pairs)", 2 * t - 1, 2 * t))
            .collect();
        return Err(format!(
            "The three-quarter Howell is made for {} tables, not {tables}.",
            sizes.join(", ")
        ));
    };
    make(MovementKind::ThreeQuarterHowell, tables, rounds, boards_per_round)
}

/// A three-quarter Howell of `rounds` rounds on `tables` tables: the cyclic starter, then the
/// shipped turns.
fn make(
    kind: MovementKind,
    tables: usize,
    rounds: usize,
    boards_per_round: usize,
) -> Result<Movement, String> {
    if boards_per_round == 0 {
        return Err("A movement needs at least 1 board per round.".to_string());
    }
    let shape = Shape {
        rounds,
        tables,
        stationary: 2 * tables - rounds,
    };
    let rows = find_starter(shape).ok_or_else(|| {
        format!("No three-quarter Howell for {tables} tables was found within the search limit.")
    })?;
    let mut movement = build(
        kind,
        shape,
        super::Group::cyclic(shape.rounds),
        &rows,
        boards_per_round,
    );
    // Who sits which way, chosen so every two pairs are compared as evenly as can be (the
    // stationary pairs, all N-S as built, were compared with each other on every board).
    super::directions::turn(
        &mut movement,
        super::directions::three_quarter_turns(kind, tables),
    );
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
        assert!(three_quarter_howell(4, 3).unwrap_err().contains(
            "for 5 (9 or 10 pairs), 6 (11 or 12 pairs), 7 (13 or 14 pairs), 8 (15 or 16 pairs) tables, not 4"
        ));
        assert!(
            three_quarter_howell(6, 0)
                .unwrap_err()
                .contains("at least 1 board")
        );
    }
}
