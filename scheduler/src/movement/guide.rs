//! Where things are in a movement, round by round: the table (or relay stand) a board set is
//! at, where a pair sits, which tables share, where the relay stands are, and how many copies
//! of each board the evening needs. The printed guide cards, score cards and the director's
//! summary are worded from these answers (`crate::sheets`).

use super::{Movement, MovementRound};

/// Where a board set is in one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetPlace {
    /// Played at these tables (two when they share it).
    Tables(Vec<usize>),
    /// Not played this round, on a relay stand (no table is empty this round).
    Relay,
    /// Not played this round, left at the one table not in play (a half table).
    EmptyTable(usize),
    /// Not played this round, where exactly is not known (a relay stand or an empty table).
    Resting,
    /// Not in this round at all (the round does not exist, or the set is unknown).
    Nowhere,
}

/// Where a pair is in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairPlace {
    /// At `table`, sitting N-S when `north_south`.
    Table {
        /// The table, from 1.
        table: usize,
        /// Whether the pair sits N-S (else E-W).
        north_south: bool,
    },
    /// Present, but with no opponents this round (they would have met the phantom or a pair
    /// that left).
    SitsOut,
    /// The phantom, or a pair that has left.
    Absent,
}

fn round(movement: &Movement, number: usize) -> Option<&MovementRound> {
    movement.rounds.iter().find(|r| r.number == number)
}

/// The tables of the movement not in play in a round (a phantom pair's or a pair's that left).
pub fn empty_tables(movement: &Movement, number: usize) -> Vec<usize> {
    let Some(round) = round(movement, number) else {
        return Vec::new();
    };
    (1..=movement.tables)
        .filter(|t| !round.tables.iter().any(|tr| tr.table == *t))
        .collect()
}

/// Where set `set` is in round `number`.
pub fn set_place(movement: &Movement, number: usize, set: usize) -> SetPlace {
    let Some(round) = round(movement, number) else {
        return SetPlace::Nowhere;
    };
    let mut tables: Vec<usize> = round
        .tables
        .iter()
        .filter(|t| t.set == set)
        .map(|t| t.table)
        .collect();
    if !tables.is_empty() {
        tables.sort_unstable();
        return SetPlace::Tables(tables);
    }
    if !round.resting_sets.contains(&set) {
        return SetPlace::Nowhere;
    }
    let empty = empty_tables(movement, number);
    match (empty.as_slice(), relay_sets_per_round(movement)) {
        ([], _) => SetPlace::Relay,
        ([table], 0) => SetPlace::EmptyTable(*table),
        _ => SetPlace::Resting,
    }
}

/// Where pair `pair` is in round `number`.
pub fn pair_place(movement: &Movement, number: usize, pair: usize) -> PairPlace {
    if movement.is_absent(pair, number) {
        return PairPlace::Absent;
    }
    let Some(round) = round(movement, number) else {
        return PairPlace::Absent;
    };
    round
        .tables
        .iter()
        .find_map(|t| {
            (t.ns == pair || t.ew == pair).then_some(PairPlace::Table {
                table: t.table,
                north_south: t.ns == pair,
            })
        })
        .unwrap_or(PairPlace::SitsOut)
}

/// The next round in which set `set` is played after round `number`, and its tables.
pub fn next_play(movement: &Movement, number: usize, set: usize) -> Option<(usize, Vec<usize>)> {
    let last = movement.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    (number + 1..=last).find_map(|r| match set_place(movement, r, set) {
        SetPlace::Tables(tables) => Some((r, tables)),
        _ => None,
    })
}

/// The table a table shares its set with in a round, if any.
pub fn sharing_partner(movement: &Movement, number: usize, table: usize) -> Option<usize> {
    let round = round(movement, number)?;
    let set = round.tables.iter().find(|t| t.table == table)?.set;
    round
        .tables
        .iter()
        .find(|t| t.table != table && t.set == set)
        .map(|t| t.table)
}

/// How many sets rest on relay stands each round of the full movement: the sets not in play
/// in a round where every table plays (0 when no round has all its tables).
pub fn relay_sets_per_round(movement: &Movement) -> usize {
    movement
        .rounds
        .iter()
        .find(|r| r.tables.len() == movement.tables)
        .map_or(0, |r| r.resting_sets.len())
}

/// The relay stands, each as the table its boards come from and the table they go to next
/// (the stand goes between them), found from a round where every table plays.
pub fn relay_stands(movement: &Movement) -> Vec<(usize, usize)> {
    let full = |n: usize| round(movement, n).is_some_and(|r| r.tables.len() == movement.tables);
    let mut stands = Vec::new();
    for round in movement.rounds.iter().filter(|r| full(r.number)) {
        let (before, after) = (round.number.wrapping_sub(1), round.number + 1);
        if !full(before) || !full(after) {
            continue;
        }
        for &set in &round.resting_sets {
            if let (SetPlace::Tables(from), SetPlace::Tables(to)) =
                (set_place(movement, before, set), set_place(movement, after, set))
                && let (Some(&from), Some(&to)) = (from.first(), to.first())
                && !stands.contains(&(from, to))
            {
                stands.push((from, to));
            }
        }
        if !stands.is_empty() {
            break;
        }
    }
    stands
}

/// The rounds in which two tables share their set.
pub fn shared_rounds(movement: &Movement, first: usize, second: usize) -> Vec<usize> {
    movement
        .rounds
        .iter()
        .filter(|r| sharing_partner(movement, r.number, first) == Some(second))
        .map(|r| r.number)
        .collect()
}

/// Copies of each board the evening needs: the most tables that play one set in the same
/// round, counting sharing tables once (they put the boards between them), so 1 for every
/// movement where the boards move.
pub fn copies_needed(movement: &Movement) -> usize {
    movement
        .rounds
        .iter()
        .flat_map(|r| {
            r.tables.iter().map(|t| {
                let mut at: Vec<usize> = r
                    .tables
                    .iter()
                    .filter(|o| o.set == t.set)
                    .map(|o| o.table)
                    .collect();
                at.sort_unstable();
                // A set relayed round its tables in part-sets is one copy.
                let relayed = r
                    .relay
                    .iter()
                    .any(|p| movement.boards_of_set(t.set).contains(&p.first_board));
                match at.as_slice() {
                    _ if relayed => 1,
                    [a, b] if movement.sharing.contains(&(*a, *b)) => 1,
                    tables => tables.len(),
                }
            })
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::{arrow_switch, mitchell, relay_mitchell, with_phantom};

    #[test]
    fn a_mitchell_moves_boards_down_and_ew_up() {
        let m = mitchell(7, 3).unwrap();
        // Round 1 table 3 plays set 3; in round 2 set 3 is at table 2.
        assert_eq!(set_place(&m, 2, 3), SetPlace::Tables(vec![2]));
        // E-W pair 3 (pair 10) moves from table 3 to table 4.
        assert_eq!(
            pair_place(&m, 2, 10),
            PairPlace::Table {
                table: 4,
                north_south: false
            }
        );
        assert_eq!(copies_needed(&m), 1);
        assert!(relay_stands(&m).is_empty());
    }

    #[test]
    fn a_relay_mitchell_has_its_stand_between_the_middle_tables_and_shares() {
        let m = relay_mitchell(8, 3).unwrap();
        assert_eq!(relay_sets_per_round(&m), 1);
        assert_eq!(relay_stands(&m), vec![(5, 4)]);
        assert_eq!(shared_rounds(&m, 1, 8).len(), 8);
        assert_eq!(copies_needed(&m), 1);
        let resting = m.rounds[1].resting_sets[0];
        assert_eq!(set_place(&m, 2, resting), SetPlace::Relay);
    }

    #[test]
    fn a_half_table_leaves_its_boards_at_the_empty_table() {
        let m = with_phantom(mitchell(5, 2).unwrap(), 10).unwrap();
        let round = &m.rounds[0];
        let set = round.resting_sets[0];
        assert_eq!(set_place(&m, 1, set), SetPlace::EmptyTable(5));
        assert_eq!(pair_place(&m, 1, 5), PairPlace::SitsOut);
        assert_eq!(pair_place(&m, 1, 10), PairPlace::Absent);
    }

    #[test]
    fn an_arrow_switched_round_seats_the_ns_pair_ew() {
        let m = arrow_switch(mitchell(3, 2).unwrap(), &[3]).unwrap();
        assert_eq!(
            pair_place(&m, 3, 1),
            PairPlace::Table {
                table: 1,
                north_south: false
            }
        );
    }
}
