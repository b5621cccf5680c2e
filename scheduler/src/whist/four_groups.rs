//! Four groups: a complete whist rotation for 4g players from one for g players and a
//! resolvable transversal design RTD(4, g) (`transversal.rs`), for counts where no cyclic or
//! 1-rotational rotation is known (80 = 4·20 and 84 = 4·21 among them).
//!
//! Split the players into four groups of g. A pair in one group meets in that group's own
//! rotation, played by all four groups side by side; a pair from two groups lies in exactly
//! one block of the design (one player from each group), and a block's four players play the
//! three rounds of four-player whist (each pair partners once and opposes twice). The design's
//! g parallel classes give 3g rounds in which everyone plays; with the g − 1 group rounds
//! (g ≡ 0 mod 4) that is 4g − 1 rounds, a whole cycle.
//!
//! When g ≡ 1 (mod 4) each group round has one player sitting out. The groups are labelled so
//! that the four sitting out in round r form block r of the first parallel class; they play
//! that block's first four-player round, and the class's other two rounds follow on their own:
//! g + 2 + 3(g − 1) = 4g − 1 rounds again.
//!
//! Nobody keeps a seat (the rotation is not cyclic; players follow their printed cards), so
//! the stationary seat is simply player 0's table put first each round.

use super::listed::Listed;
use super::transversal::{Rtd, resolvable_four};

/// The three rounds of four-player whist on a block: partners {0,1}, {0,2}, {0,3} in turn
/// (seats N, E, S, W: partners N–S and E–W).
fn four_player_round(b: [u32; 4], k: usize) -> [u32; 4] {
    match k {
        0 => [b[0], b[2], b[1], b[3]],
        1 => [b[0], b[1], b[2], b[3]],
        _ => [b[0], b[1], b[3], b[2]],
    }
}

/// `table` turned `quarter` seats clockwise (N→E→S→W): the same partnerships, but the pairs
/// swap between N–S and E–W when the turn is odd. Alternating it keeps each player's N–S and
/// E–W rounds about even.
fn turned(mut table: [u32; 4], quarter: usize) -> [u32; 4] {
    table.rotate_right(quarter % 4);
    table
}

/// The rotation for 4g players from `inner`, a complete rotation for g players (g ≡ 0 or 1
/// mod 4), and an RTD(4, g). `None` when the parts do not fit.
pub fn four_groups(inner: &Listed, rtd: &Rtd) -> Option<Listed> {
    let g = inner.players;
    let sitting = g % 4 == 1;
    let expected_rounds = if sitting { g } else { g.checked_sub(1)? };
    if !inner.complete
        || g % 4 > 1
        || rtd.k != 4
        || rtd.n != g
        || rtd.classes.len() != g
        || inner.cycle_length() != expected_rounds
        || inner.sit_out.iter().any(|s| s.len() != usize::from(sitting))
    {
        return None;
    }
    let block = |c: usize, b: usize| -> [u32; 4] {
        let p = &rtd.classes[c][b];
        std::array::from_fn(|i| (i * g) as u32 + p[i])
    };
    // Group i's label x is the design's point rename[i][x]: the one sitting out in round r
    // becomes the group-i point of block r of class 0 (identity when nobody sits out).
    let mut rename: Vec<Vec<u32>> = vec![(0..g as u32).collect(); 4];
    if sitting {
        let mut placed = vec![false; g];
        for (r, out) in inner.sit_out.iter().enumerate() {
            let x = out[0] as usize;
            if std::mem::replace(&mut placed[x], true) {
                return None;
            }
            for (i, names) in rename.iter_mut().enumerate() {
                names[x] = rtd.classes[0][r][i];
            }
        }
    }
    let groups: Vec<Vec<[u32; 4]>> = inner
        .rounds
        .iter()
        .enumerate()
        .map(|(r, round)| {
            let mut tables: Vec<[u32; 4]> = (0..4)
                .flat_map(|i| {
                    let names = &rename[i];
                    round
                        .iter()
                        .map(move |t| turned(t.map(|x| (i * g) as u32 + names[x as usize]), r + i))
                })
                .collect();
            if sitting {
                tables.push(turned(four_player_round(block(0, r), 0), r));
            }
            tables
        })
        .collect();
    // Across the groups, the first four-player round of every class, then the second, then
    // the third, so consecutive rounds bring new opponents.
    let mut across = Vec::new();
    for k in 0..3 {
        for c in 0..g {
            if sitting && c == 0 && k == 0 {
                continue; // played by those sitting out of the group rounds
            }
            across.push(
                (0..g)
                    .map(|b| turned(four_player_round(block(c, b), k), c + k))
                    .collect::<Vec<_>>(),
            );
        }
    }
    // Spread the group rounds evenly among the others.
    let total = groups.len() + across.len();
    let mut rounds = Vec::with_capacity(total);
    let (mut group_rounds, mut across_rounds) = (groups.into_iter(), across.into_iter());
    let group_count = inner.cycle_length();
    for index in 0..total {
        let due = (index + 1) * group_count / total > index * group_count / total;
        let next = if due {
            group_rounds.next()
        } else {
            across_rounds.next()
        };
        rounds.push(
            next.or_else(|| group_rounds.next())
                .or_else(|| across_rounds.next())?,
        );
    }
    let players = 4 * g;
    Some(
        Listed {
            players,
            sit_out: vec![Vec::new(); rounds.len()],
            rounds,
            stationary: None,
            complete: true,
            kind: "non-cyclic",
        }
        .with_stationary(0),
    )
}

/// The four-group rotation for `n` players when n = 4g and `component(g)` gives a complete
/// rotation for g players and an RTD(4, g) is constructible; with g.
pub fn rotation(n: usize, component: &dyn Fn(usize) -> Option<Listed>) -> Option<(Listed, usize)> {
    if !n.is_multiple_of(4) || n < 16 {
        return None;
    }
    let g = n / 4;
    if g % 4 > 1 {
        return None;
    }
    let inner = component(g)?;
    let rtd = resolvable_four(g)?;
    four_groups(&inner, &rtd).map(|listed| (listed, g))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whist::listed::verified;
    use crate::whist::plan::complete_starter;

    fn component(g: usize) -> Option<Listed> {
        complete_starter(g, false).map(|(s, _)| Listed::from_starter(&s, true))
    }

    #[test]
    fn eighty_and_eighty_four_players_get_a_whole_cycle() {
        for (n, g) in [(80, 20), (84, 21)] {
            let (listed, inner) = rotation(n, &component).unwrap_or_else(|| panic!("{n}"));
            assert_eq!(inner, g);
            assert_eq!(
                (listed.players, listed.cycle_length(), listed.tables()),
                (n, n - 1, n / 4)
            );
            verified(&listed, false).unwrap_or_else(|e| panic!("{n} players: {e}"));
            assert!(
                listed.rounds.iter().all(|r| r[0][0] == 0),
                "{n}: player 0 keeps table 1, N"
            );
        }
    }

    /// Everyone but the stationary player 0 sits N–S in about half the rounds.
    #[test]
    fn north_south_and_east_west_rounds_are_about_even() {
        for n in [80, 84] {
            let (listed, _) = rotation(n, &component).unwrap();
            let mut north_south = vec![0usize; n];
            for round in &listed.rounds {
                for t in round {
                    north_south[t[0] as usize] += 1;
                    north_south[t[2] as usize] += 1;
                }
            }
            let half = (n - 1) / 2;
            for (p, &ns) in north_south.iter().enumerate().skip(1) {
                assert!(
                    ns.abs_diff(half) <= 6,
                    "{n} players: player {p} sits N–S {ns} of {} rounds",
                    n - 1
                );
            }
        }
    }

    #[test]
    fn small_groups_of_both_residues_verify() {
        // g ≡ 0 (mod 4) and g ≡ 1 (mod 4), with the ring design and with Wilson's (21, 33).
        for g in [4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 33] {
            let Some(rtd) = resolvable_four(g) else {
                assert_eq!(g, 12, "only 12 = 4·3 has no design here");
                continue;
            };
            let listed = four_groups(&component(g).unwrap(), &rtd).unwrap();
            verified(&listed, false).unwrap_or_else(|e| panic!("4·{g} players: {e}"));
        }
    }

    #[test]
    fn a_broken_part_is_refused_or_caught() {
        let inner = component(20).unwrap();
        let mut rtd = resolvable_four(20).unwrap();
        // A design of the wrong size does not fit.
        assert!(four_groups(&inner, &resolvable_four(21).unwrap()).is_none());
        // A corrupted design still builds rounds, but the verifier rejects them.
        rtd.classes[3][0][2] = rtd.classes[3][1][2];
        let listed = four_groups(&inner, &rtd).unwrap();
        assert!(verified(&listed, false).is_err());
        // An incomplete inner rotation is refused.
        let mut partial = inner.clone();
        partial.complete = false;
        assert!(four_groups(&partial, &resolvable_four(20).unwrap()).is_none());
    }
}
