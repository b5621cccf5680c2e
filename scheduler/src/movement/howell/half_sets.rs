//! The 3-table Howell in half-sets (issue 43): 6 pairs, every pair meets every other once
//! and plays every board, **every board is played at all three tables**, with no relay and no
//! board at two tables at once — as the published no-relay 3-table card does.
//!
//! Why half-sets. With whole sets (one set a table a round) a set played three times is a
//! perfect matching of the 6 pairs sharing no meeting with any round's, and five of them
//! would be a Room square of side 5, which does not exist (`three_table` proves it by
//! search). Halve the sets instead: each meeting plays two half-sets. The 6 pairs have 15
//! perfect matchings (pair 1's partner, 5 ways, times 3 matchings of the other four); the
//! five rounds use 5 of them, and each of the other 10 is a half-set: its three meetings are
//! in three different rounds (two perfect matchings share at most one meeting, and a
//! matching sharing two shares all three), and every meeting lies in exactly two of the 10
//! (a meeting is in 3 matchings, one of them its round's). So each table plays two half-sets
//! a round, the six half-sets of a round are all different (no sharing), every pair plays
//! each half-set once (it is in one meeting of each matching), and each half-set is played
//! at three tables. Nothing is searched: the half-sets are the matchings.
//!
//! In the movement the two halves of a round are two rounds of the model, the second marked
//! `same_seats` (the pairs stay; the table plays its second half-set), so every sheet,
//! traveller and phone page works unchanged: 10 rounds of k boards, 10 sets of k boards,
//! every pair plays 10·k boards. Who sits which way needs no choosing: with the usual
//! seating (`three_table::seat`) every two pairs are compared (sit the same way on the same
//! board) on exactly 4 half-sets, 8 boards at 2 a half-set, the published card's 8–8 (an
//! exhaustive try of all 2¹⁴ ways of turning tables round found nothing flatter, as nothing
//! can be: spread 0).

use super::three_table::{PAIRS, ROUNDS, TABLES, resting, seat};
use crate::movement::{Movement, MovementKind, MovementRound, TableRound};

/// Half-sets: the perfect matchings of the pairs that are no round's.
const SETS: usize = 10;

/// Rounds of the movement: two (one a half-set) for each of the 5 meetings of a pair.
pub const HALF_SET_ROUNDS: usize = 2 * ROUNDS;

/// The meeting of round `r`, table `t` (0-based), as (lower pair, higher pair).
fn meeting(r: usize, t: usize) -> (usize, usize) {
    let (a, b) = seat(r, t);
    (a.min(b), a.max(b))
}

/// The 15 perfect matchings of pairs 1..=6, each as its three meetings in order.
fn matchings() -> Vec<[(usize, usize); 3]> {
    let mut all = Vec::new();
    for p in 2..=PAIRS {
        let rest: Vec<usize> = (2..=PAIRS).filter(|&x| x != p).collect();
        // The four others: rest[0] with each of the other three.
        for q in 1..4 {
            let others: Vec<usize> = (1..4).filter(|&i| i != q).map(|i| rest[i]).collect();
            let mut m = [(1, p), (rest[0], rest[q]), (others[0], others[1])];
            m.sort_unstable();
            all.push(m);
        }
    }
    all
}

/// The half-set matchings, numbered 1..=10 in the order they are first played: round by
/// round, first halves before second halves, table by table. For each round and table, the
/// two half-sets it plays, first half first.
fn half_sets() -> Vec<Vec<[usize; 2]>> {
    let round_matchings: Vec<Vec<(usize, usize)>> = (0..ROUNDS)
        .map(|r| {
            let mut m: Vec<(usize, usize)> = (0..TABLES).map(|t| meeting(r, t)).collect();
            m.sort_unstable();
            m
        })
        .collect();
    let halves: Vec<[(usize, usize); 3]> = matchings()
        .into_iter()
        .filter(|m| !round_matchings.iter().any(|r| r[..] == m[..]))
        .collect();
    // For each round and table, the two matchings (indices into `halves`) with its meeting,
    // the lower index first.
    let plays: Vec<Vec<[usize; 2]>> = (0..ROUNDS)
        .map(|r| {
            (0..TABLES)
                .map(|t| {
                    let with: Vec<usize> = (0..halves.len())
                        .filter(|&h| halves[h].contains(&meeting(r, t)))
                        .collect();
                    [with[0], with[1]]
                })
                .collect()
        })
        .collect();
    // Number the half-sets in the order first played.
    let mut number = vec![0usize; halves.len()];
    let mut next = 1;
    for round in &plays {
        for half in 0..2 {
            for table in round {
                let h = table[half];
                if number[h] == 0 {
                    number[h] = next;
                    next += 1;
                }
            }
        }
    }
    plays
        .iter()
        .map(|round| round.iter().map(|[a, b]| [number[*a], number[*b]]).collect())
        .collect()
}

/// The 3-table Howell in half-sets, `boards_per_round` boards a half-set (so 2·k boards a
/// meeting and 10·k in all).
pub fn half_set_howell(boards_per_round: usize) -> Result<Movement, String> {
    if boards_per_round == 0 {
        return Err("A movement needs at least 1 board per round.".to_string());
    }
    let sets = half_sets();
    let mut rounds = Vec::new();
    for (r, round_sets) in sets.iter().enumerate() {
        for half in [0, 1] {
            let tables: Vec<TableRound> = round_sets
                .iter()
                .enumerate()
                .map(|(t, two)| {
                    let (ns, ew) = seat(r, t);
                    TableRound {
                        table: t + 1,
                        ns,
                        ew,
                        set: two[half],
                    }
                })
                .collect();
            let resting_sets = resting(SETS, &tables);
            rounds.push(MovementRound {
                number: rounds.len() + 1,
                tables,
                sitting_out: Vec::new(),
                resting_sets,
                arrow_switch: false,
                same_seats: half == 1,
                relay: Vec::new(),
            });
        }
    }
    Ok(Movement {
        kind: MovementKind::HalfSetHowell,
        pairs: PAIRS,
        tables: TABLES,
        boards_per_round,
        sets: SETS,
        phantom: None,
        sharing: Vec::new(),
        withdrawn: Vec::new(),
        phantom_seats: Vec::new(),
        late: Vec::new(),
        rounds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::balance::balance;
    use crate::verify::movement::verify_movement;

    #[test]
    fn fifteen_matchings_and_ten_half_sets_each_at_three_tables() {
        let all = matchings();
        assert_eq!(all.len(), 15);
        let mut distinct = all.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 15);
        let sets = half_sets();
        let mut uses = [0usize; SETS + 1];
        for round in &sets {
            let mut in_round: Vec<usize> = round.iter().flatten().copied().collect();
            in_round.sort_unstable();
            in_round.dedup();
            assert_eq!(in_round.len(), 6, "six different half-sets a round");
            for s in in_round {
                uses[s] += 1;
            }
        }
        assert_eq!(&uses[1..], &[3; SETS]);
    }

    #[test]
    fn every_two_pairs_compared_on_four_half_sets() {
        for k in 1..=4 {
            let m = half_set_howell(k).unwrap();
            let report = verify_movement(&m);
            assert!(report.is_valid(), "{:?}", report.violations);
            assert_eq!((m.rounds.len(), m.sets, m.boards_per_round), (10, 10, k));
            let found = balance(&m);
            assert_eq!((found.min(), found.max()), (4 * k, 4 * k), "{k} a half-set");
        }
        assert!(half_set_howell(0).unwrap_err().contains("at least 1 board"));
    }
}
