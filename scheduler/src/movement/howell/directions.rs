//! Balancing a movement by who sits which way (issue 43): turning the pairs of a table round
//! in a round (N-S to E-W) changes nothing the rules look at — who meets whom, who plays which
//! boards — but changes who is compared with whom. Where the seating alone cannot be
//! balanced (several stationary pairs that all sit N-S are compared on every board), a local
//! search over these turns brings the comparisons closer together.
//!
//! The search (offline, seeded): start from the movement as built, try turning one table in
//! one round, keep the turn when the comparisons get no worse (the spread, then the sum of
//! squared distances from the mean), with a few restarts from random turns. Its results are
//! shipped as lists of turns and checked at test time by the verifier.

use crate::model::movement::{Movement, MovementKind};

/// The turns (round, table) shipped for the three-quarter Howell on 6 tables: its spread of
/// comparisons from 6 board sets to 3 (its four stationary pairs, all N-S as built, were
/// compared with each other on every board). Found by `search` with seed 7 and 200,000 steps
/// (`print_turns` prints them).
pub(super) const THREE_QUARTER_TURNS: &[(usize, usize)] = &[
    (1, 1),
    (1, 2),
    (2, 2),
    (2, 4),
    (3, 1),
    (3, 5),
    (4, 2),
    (4, 3),
    (5, 3),
    (6, 3),
    (6, 5),
    (7, 3),
    (7, 4),
    (8, 1),
    (8, 3),
];

/// The turns shipped for the three-quarter Howells on 5, 7 and 8 tables, found the same way
/// (`print_three_quarter_turns`): spreads of 3 board sets each.
#[rustfmt::skip]
const THREE_QUARTER_5: &[(usize, usize)] = &[(1, 1), (1, 3), (1, 4), (2, 2), (2, 3), (2, 5), (3, 1), (3, 4), (4, 2), (4, 5), (5, 2), (5, 3), (5, 4), (5, 5), (6, 1), (6, 2), (6, 3), (6, 4), (7, 2), (7, 5)];
#[rustfmt::skip]
const THREE_QUARTER_7: &[(usize, usize)] = &[(1, 1), (1, 2), (1, 3), (1, 5), (2, 3), (2, 5), (2, 6), (3, 1), (3, 4), (4, 4), (4, 7), (5, 1), (5, 3), (5, 5), (5, 7), (6, 3), (6, 4), (6, 5), (6, 6), (7, 1), (7, 2), (8, 2), (8, 5), (8, 6), (8, 7), (9, 2), (9, 4), (9, 5), (9, 6), (9, 7), (10, 1), (10, 2), (10, 5)];
#[rustfmt::skip]
const THREE_QUARTER_8: &[(usize, usize)] = &[(1, 1), (1, 3), (1, 4), (1, 5), (1, 8), (2, 2), (2, 3), (2, 4), (2, 6), (3, 1), (3, 2), (3, 4), (3, 6), (3, 7), (4, 4), (4, 5), (4, 7), (4, 8), (5, 1), (5, 2), (5, 7), (5, 8), (6, 1), (6, 2), (6, 5), (6, 7), (7, 1), (7, 2), (7, 3), (7, 4), (7, 6), (7, 8), (8, 3), (8, 5), (9, 1), (9, 2), (9, 5), (9, 8), (10, 1), (10, 2), (10, 3), (10, 4), (10, 6), (10, 7), (11, 1), (11, 7), (11, 8)];

/// The seed and steps of the search that found the shipped turns for a three-quarter Howell:
/// seed 7 and 200,000 steps, except 8 tables (seed 9 and 400,000 steps: spread 3 sets where
/// seed 7 stops at 4; `more_seeds_for_three_quarter_turns` tried seeds 1–24).
#[cfg(test)]
fn three_quarter_search(kind: MovementKind, tables: usize) -> (u64, usize) {
    match (kind, tables) {
        (MovementKind::ThreeQuarterHowell, 8) => (9, 400_000),
        _ => (7, 200_000),
    }
}

/// The shipped turns for the three-quarter Howell on `tables` tables.
pub(super) fn three_quarter_turns(kind: MovementKind, tables: usize) -> &'static [(usize, usize)] {
    match (kind, tables) {
        (MovementKind::ThreeQuarterHowell, 5) => THREE_QUARTER_5,
        (MovementKind::ThreeQuarterHowell, 6) => THREE_QUARTER_TURNS,
        (MovementKind::ThreeQuarterHowell, 7) => THREE_QUARTER_7,
        (MovementKind::ThreeQuarterHowell, 8) => THREE_QUARTER_8,
        (MovementKind::RelayThreeQuarterHowell, 6) => RELAY_THREE_QUARTER_6,
        _ => &[],
    }
}

/// The turns shipped for the 9-round three-quarter Howell with relays on 6 tables: spread 2
/// board sets. Found the same way.
#[rustfmt::skip]
const RELAY_THREE_QUARTER_6: &[(usize, usize)] = &[(1, 1), (1, 2), (1, 5), (1, 6), (2, 3), (2, 6), (3, 4), (3, 5), (3, 6), (4, 1), (4, 4), (4, 6), (5, 1), (5, 4), (5, 5), (6, 2), (6, 3), (7, 2), (7, 3), (7, 5), (7, 6), (8, 1), (8, 2), (8, 3), (8, 5), (8, 6), (9, 1), (9, 4)];

/// The turns shipped for the 3-table Howell (6 sets): spread from 2 board sets to 1. Found
/// the same way.
pub(super) const THREE_TABLE_TURNS: &[(usize, usize)] = &[(1, 1), (2, 3), (3, 3), (4, 1), (4, 2), (5, 2)];

/// The comparisons' spread and sum of squares (×1, in board sets) of `movement` with the
/// tables of `turned` (round index, table index) turned round.
#[cfg(test)]
fn score(movement: &Movement, turned: &[Vec<bool>]) -> (usize, usize) {
    let pairs = movement.pairs;
    let sets = movement.sets;
    let mut ns: Vec<Vec<usize>> = vec![Vec::new(); sets + 1];
    let mut ew: Vec<Vec<usize>> = vec![Vec::new(); sets + 1];
    let mut directions = vec![[false; 2]; pairs + 1];
    for (r, round) in movement.rounds.iter().enumerate() {
        for (t, table) in round.tables.iter().enumerate() {
            let (a, b) = if turned[r][t] {
                (table.ew, table.ns)
            } else {
                (table.ns, table.ew)
            };
            ns[table.set].push(a);
            ew[table.set].push(b);
            directions[a][0] = true;
            directions[b][1] = true;
        }
    }
    let mut compared = vec![vec![0usize; pairs + 1]; pairs + 1];
    for set in 1..=sets {
        for side in [&ns[set], &ew[set]] {
            for (i, &a) in side.iter().enumerate() {
                for &b in &side[i + 1..] {
                    compared[a.min(b)][a.max(b)] += 1;
                }
            }
        }
    }
    let mut values = Vec::new();
    for a in 1..=pairs {
        for b in a + 1..=pairs {
            let field = (directions[a][0] && directions[b][0]) || (directions[a][1] && directions[b][1]);
            if field && movement.phantom != Some(a) && movement.phantom != Some(b) {
                values.push(compared[a][b]);
            }
        }
    }
    let (low, high) = (
        values.iter().min().copied().unwrap_or(0),
        values.iter().max().copied().unwrap_or(0),
    );
    let total: usize = values.iter().sum();
    let n = values.len().max(1);
    let squares: usize = values
        .iter()
        .map(|&v| (v * n).abs_diff(total).pow(2))
        .sum::<usize>()
        / n;
    (high - low, squares)
}

/// The turns (round, table; both from 1) that the search finds balance `movement` best.
#[cfg(test)]
pub(super) fn search(movement: &Movement, seed: u64, steps: usize) -> (usize, Vec<(usize, usize)>) {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let shape: Vec<usize> = movement.rounds.iter().map(|r| r.tables.len()).collect();
    let mut turned: Vec<Vec<bool>> = shape.iter().map(|&t| vec![false; t]).collect();
    let mut current = score(movement, &turned);
    let mut best = (current, turned.clone());
    for step in 0..steps {
        let r = (next() % shape.len() as u64) as usize;
        let t = (next() % shape[r].max(1) as u64) as usize;
        turned[r][t] = !turned[r][t];
        let tried = score(movement, &turned);
        if tried <= current || next() % 1000 < 5 {
            current = tried;
            if current < best.0 {
                best = (current, turned.clone());
            }
        } else {
            turned[r][t] = !turned[r][t];
        }
        if step % (steps / 4).max(1) == 0 && step > 0 {
            turned = best.1.clone();
            current = best.0;
        }
    }
    let list = best
        .1
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, turned)| **turned)
                .map(move |(t, _)| (r + 1, t + 1))
        })
        .collect();
    (best.0.0, list)
}

/// Turns the tables listed (round, table; both from 1): their N-S and E-W pairs change places.
pub(super) fn turn(movement: &mut Movement, turns: &[(usize, usize)]) {
    for &(round, table) in turns {
        if let Some(row) = movement
            .rounds
            .get_mut(round - 1)
            .and_then(|r| r.tables.get_mut(table - 1))
        {
            std::mem::swap(&mut row.ns, &mut row.ew);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped turns are what the search finds, and the verifier counts the spreads they
    /// promise at 1–4 boards a round.
    #[test]
    fn shipped_turns_are_found_again_and_verified() {
        use crate::verify::balance::balance;
        use crate::verify::movement::verify_movement;
        let mut cases = vec![(
            THREE_TABLE_TURNS,
            1,
            (7, 200_000),
            super::super::howell(3, 1).unwrap(),
        )];
        let kind = MovementKind::ThreeQuarterHowell;
        for (tables, spread) in [(5, 3), (6, 3), (7, 3), (8, 3)] {
            cases.push((
                three_quarter_turns(kind, tables),
                spread,
                three_quarter_search(kind, tables),
                super::super::three_quarter_howell(tables, 1).unwrap(),
            ));
        }
        cases.push((
            RELAY_THREE_QUARTER_6,
            2,
            (7, 200_000),
            super::super::relay_three_quarter_howell(6, 1).unwrap(),
        ));
        for (turns, spread, (seed, steps), built) in cases {
            let mut unturned = built.clone();
            turn(&mut unturned, turns);
            let (found, again) = search(&unturned, seed, steps);
            assert_eq!((found, again.as_slice()), (spread, turns), "{:?}", built.kind);
            for k in 1..=4 {
                let mut movement = built.clone();
                movement.boards_per_round = k;
                assert!(verify_movement(&movement).is_valid());
                assert_eq!(balance(&movement).spread(), spread * k);
            }
        }
    }

    /// Prints the turns for each three-quarter Howell, from the movement as built.
    #[test]
    #[ignore = "offline: the turns shipped for the three-quarter Howells"]
    fn print_three_quarter_turns() {
        for (kind, tables, movement) in unturned_three_quarters() {
            let started = std::time::Instant::now();
            let (seed, steps) = three_quarter_search(kind, tables);
            let (spread, turns) = search(&movement, seed, steps);
            println!(
                "{kind:?} {tables} tables: spread {spread} sets ({:.1} s): {turns:?}",
                started.elapsed().as_secs_f64()
            );
        }
    }

    #[test]
    #[ignore = "offline experiment: how far turning tables balances movements"]
    fn print_turns() {
        // Each as built before its shipped turns (turning twice is no turn).
        let unturned = |mut movement: Movement, turns: &[(usize, usize)]| {
            turn(&mut movement, turns);
            movement
        };
        let cases: Vec<(&str, Movement)> = vec![
            (
                "3/4 Howell 6 tables",
                unturned(
                    super::super::three_quarter_howell(6, 1).unwrap(),
                    THREE_QUARTER_TURNS,
                ),
            ),
            ("Howell 14 tables", super::super::howell(14, 1).unwrap()),
            ("Howell 5 tables", super::super::howell(5, 1).unwrap()),
            ("Howell 7 tables", super::super::howell(7, 1).unwrap()),
            (
                "Howell 3 tables",
                unturned(super::super::howell(3, 1).unwrap(), THREE_TABLE_TURNS),
            ),
        ];
        for (name, movement) in cases {
            let before = score(
                &movement,
                &movement
                    .rounds
                    .iter()
                    .map(|r| vec![false; r.tables.len()])
                    .collect::<Vec<_>>(),
            );
            let started = std::time::Instant::now();
            let (spread, turns) = search(&movement, 7, 200_000);
            println!(
                "{name}: spread {} → {spread} sets with {} turns ({:.1} s): {turns:?}",
                before.0,
                turns.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }

    /// Every three-quarter Howell as built before its shipped turns (turning twice is no
    /// turn), with its kind and tables.
    fn unturned_three_quarters() -> Vec<(MovementKind, usize, Movement)> {
        let sizes = super::super::three_quarter::THREE_QUARTER
            .iter()
            .map(|&(t, _)| (MovementKind::ThreeQuarterHowell, t));
        let long = super::super::three_quarter::RELAY_THREE_QUARTER
            .iter()
            .map(|&(t, _)| (MovementKind::RelayThreeQuarterHowell, t));
        sizes
            .chain(long)
            .map(|(kind, tables)| {
                let mut movement = crate::movement::generate::generate(kind, tables, 1).unwrap();
                turn(&mut movement, three_quarter_turns(kind, tables));
                (kind, tables, movement)
            })
            .collect()
    }

    #[test]
    #[ignore = "offline experiment: more seeds for the three-quarter turns"]
    fn more_seeds_for_three_quarter_turns() {
        for (kind, tables, movement) in unturned_three_quarters() {
            let mut best = (usize::MAX, 0);
            for seed in 1..=24 {
                let (spread, _) = search(&movement, seed, 400_000);
                if spread < best.0 {
                    best = (spread, seed);
                }
            }
            println!("{kind:?} {tables}: best spread {} sets (seed {})", best.0, best.1);
        }
    }
}
