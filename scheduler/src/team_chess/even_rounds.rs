//! Exact colours for an even number of rounds on board-pair cycles: every player exactly R/2
//! Whites, found by a depth-first search instead of annealing.
//!
//! With R even, rule 3 asks for exactly R/2 Whites per player. Then each team's Σ l·w_l is
//! R/2 · B(B+1)/2, so Q_Z = 0, and the board-pair cycles (`board_pairs`) already put Q_X at
//! its least: such a colouring reaches the lower bound `Size::lower_bound_numerator`, which
//! proves it optimal. A player's games all lie in one group (its board pair, or the unpaired
//! last board), so each group is searched on its own: one bit per cycle, the players' White
//! counts kept within reach of R/2 at every step. Doubles (both boards of a pair on the same
//! factor) make each group an Eulerian orientation, which always exists; the few cycles of
//! two different factors make it a search, small in practice (a node budget bounds it).

use super::board_pairs::{Cycle, cycles};
use super::colours::Colours;
use super::pairing::{Pairing, doubled_even_pairing};
use super::{Match, Size};
use crate::solver::Rng;

/// Search nodes per group before giving up (the caller then anneals or tries another pairing).
const NODES_PER_GROUP: u64 = 50_000;

/// A doubled pairing (`pairing::doubled_even_pairing`) with a colouring that gives every
/// player exactly R/2 Whites, trying up to `tries` pairings: whether a group of boards can be
/// balanced depends on where the pairs of different factors fall (measured: over half of the
/// random pairings of 10×7×4 and 12×5×4 can, each tried in well under a millisecond). `None`
/// for an odd number of teams or rounds, or when no pairing tried could be balanced.
pub(crate) fn exact_pairing(size: Size, rng: &mut Rng, tries: usize) -> Option<(Pairing, Colours)> {
    if size.teams % 2 == 1 || size.rounds % 2 == 1 {
        return None;
    }
    (0..tries).find_map(|_| {
        let pairing = doubled_even_pairing(size, rng)?;
        let colours = exact_even_rounds(size, &pairing, rng)?;
        Some((pairing, colours))
    })
}

/// A colouring in which every player has exactly R/2 Whites, or `None` when R is odd, the
/// pairing does not decompose into board-pair cycles, a float fixes a cycle (only odd fields
/// have floats) or a group's search ran out of nodes.
pub(crate) fn exact_even_rounds(size: Size, pairing: &[Vec<Match>], rng: &mut Rng) -> Option<Colours> {
    if size.rounds % 2 == 1 {
        return None;
    }
    let cycles = cycles(size, pairing)?;
    if cycles.iter().any(|c| c.forced.is_some()) {
        return None;
    }
    let groups = size.boards.div_ceil(2);
    let mut by_group: Vec<Vec<&Cycle>> = vec![Vec::new(); groups];
    for cycle in &cycles {
        let (r, m, _) = cycle.edges[0];
        by_group[pairing[r][m].first.board / 2].push(cycle);
    }
    let mut colours: Colours = pairing.iter().map(|round| vec![false; round.len()]).collect();
    for group in by_group {
        let directions = search_group(size, pairing, &group, rng)?;
        for (cycle, forward) in group.iter().zip(directions) {
            for &(r, m, first_leads) in &cycle.edges {
                colours[r][m] = first_leads == forward;
            }
        }
    }
    Some(colours)
}

/// One bit per cycle of one group such that every player has R/2 Whites.
fn search_group(size: Size, pairing: &[Vec<Match>], group: &[&Cycle], rng: &mut Rng) -> Option<Vec<bool>> {
    let boards = size.boards;
    let half = (size.rounds / 2) as i32;
    // For each cycle and direction (false = backwards, true = forwards): the White players;
    // then every player of the cycle (each has one game in it: its White in one direction).
    let whites_of = |cycle: &Cycle, forward: bool| -> Vec<usize> {
        cycle
            .edges
            .iter()
            .map(|&(r, m, first_leads)| {
                let game = pairing[r][m];
                let white = if first_leads == forward {
                    game.first
                } else {
                    game.second
                };
                white.index(boards)
            })
            .collect()
    };
    let options: Vec<[Vec<usize>; 2]> = group
        .iter()
        .map(|cycle| [whites_of(cycle, false), whites_of(cycle, true)])
        .collect();
    let players: Vec<Vec<usize>> = options
        .iter()
        .map(|[back, forth]| back.iter().chain(forth).copied().collect())
        .collect();
    let mut whites = vec![0i32; size.teams * boards];
    // Games not yet given a colour, per player.
    let mut left = vec![0i32; size.teams * boards];
    for list in &players {
        for &p in list {
            left[p] += 1;
        }
    }
    // Tried-first direction per cycle, random so retries differ.
    let first: Vec<bool> = (0..group.len()).map(|_| rng.below(2) == 1).collect();
    // choice[i]: 0 = not yet, 1 = first direction tried, 2 = second direction tried.
    let mut choice = vec![0u8; group.len()];
    let mut direction = vec![false; group.len()];
    let mut depth = 0usize;
    let mut nodes = 0u64;
    let apply = |i: usize, forward: bool, sign: i32, whites: &mut [i32], left: &mut [i32]| {
        for &p in &options[i][usize::from(forward)] {
            whites[p] += sign;
        }
        for &p in &players[i] {
            left[p] -= sign;
        }
    };
    let fits = |i: usize, whites: &[i32], left: &[i32]| {
        players[i]
            .iter()
            .all(|&p| whites[p] <= half && whites[p] + left[p] >= half)
    };
    while depth < group.len() {
        nodes += 1;
        if nodes > NODES_PER_GROUP {
            return None;
        }
        if choice[depth] > 0 {
            // Undo the direction tried last at this depth.
            apply(depth, direction[depth], -1, &mut whites, &mut left);
        }
        if choice[depth] == 2 {
            // Both directions failed: back up.
            choice[depth] = 0;
            if depth == 0 {
                return None;
            }
            depth -= 1;
            continue;
        }
        let forward = first[depth] ^ (choice[depth] == 1);
        choice[depth] += 1;
        direction[depth] = forward;
        apply(depth, forward, 1, &mut whites, &mut left);
        if fits(depth, &whites, &left) {
            depth += 1;
        }
    }
    Some(direction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_player_gets_half_the_rounds_as_white() {
        // Odd and even numbers of boards, a few round counts each; the search is deterministic
        // for a seed, and every colouring it returns is checked game by game.
        for (teams, boards, rounds) in [
            (10, 7, 4),
            (12, 5, 4),
            (12, 9, 10),
            (6, 3, 4),
            (8, 6, 6),
            (4, 1, 2),
        ] {
            let size = Size {
                teams,
                boards,
                rounds,
            };
            let (pairing, colours) = exact_pairing(size, &mut Rng::new(3), 64)
                .unwrap_or_else(|| panic!("{teams}×{boards}×{rounds}: no balanced pairing"));
            let mut whites = vec![0; teams * boards];
            for (round, first_white) in pairing.iter().zip(&colours) {
                let mut team_whites = vec![0i64; teams];
                for (game, &first) in round.iter().zip(first_white) {
                    let white = if first { game.first } else { game.second };
                    whites[white.index(boards)] += 1;
                    team_whites[white.team] += 1;
                }
                // Q_X at its least: |Whites − Blacks| is B mod 2 for every team.
                assert!(
                    team_whites
                        .iter()
                        .all(|&w| (2 * w - boards as i64).unsigned_abs() == (boards % 2) as u64)
                );
            }
            assert!(
                whites.iter().all(|&w| w == rounds / 2),
                "{teams}×{boards}×{rounds}: {whites:?}"
            );
        }
    }

    #[test]
    fn odd_rounds_and_odd_fields_are_left_to_the_other_searches() {
        let mut rng = Rng::new(1);
        for (teams, boards, rounds) in [(12, 10, 3), (11, 10, 3)] {
            let size = Size {
                teams,
                boards,
                rounds,
            };
            assert!(exact_pairing(size, &mut rng, 4).is_none());
        }
    }
}
