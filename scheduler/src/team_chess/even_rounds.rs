//! Exact colours for an even number of rounds on board-pair cycles: every player exactly R/2
//! Whites, found by a depth-first search instead of annealing.
//!
//! With R even, rule 3 asks for exactly R/2 Whites per player. Then each team's Σ l·w_l is
//! R/2 · B(B+1)/2, so Q_Z = 0, and the board-pair cycles (`board_pairs`) already put Q_X at
//! its least: such a colouring reaches the lower bound `Size::lower_bound_numerator`, which
//! proves it optimal. A player's games all lie in one group (its board pair, or the unpaired
//! last board), so each group is balanced on its own: one bit per cycle. Doubles (both boards of a pair on the same
//! factor) make each group an Eulerian orientation, which always exists; the few cycles of
//! two different factors make it harder: `group_balance` orients the doubles exactly for each
//! of their directions.

use super::board_pairs::{Cycle, cycles};
use super::colours::Colours;
use super::group_balance::{self, Gains};
use super::pairing::{Pairing, doubled_even_pairing};
use super::{Match, Size};
use crate::solver::{Control, Rng};

/// The least Q_X of two-board events with an even number of teams and of rounds R ≥ 4 where
/// rule 2 makes every two teams meet (2R ≥ N − 1), when it is above 0; `None` elsewhere
/// (`Size::lower_bound_numerator`; issue 47, 8 × 2 × 4). With B = 2, Q = Q_X: no floats, and
/// every player's R/2 Whites put each team's Σ l·w_l at 3R/2, Q_Z = 0. Suppose Q_X = 0: every
/// team has one White a round. Let S_r be the teams White on board 1 in round r; they are
/// Black on board 2, the others White there. A board-1 game is then White (in S_r) against
/// Black (not), a board-2 game White (not in S_r) against Black (in S_r): every game of round r
/// joins S_r to the rest, and two teams in the same S_r's in every round never meet. Each
/// team's board-1 player is in S_r in R/2 of the rounds, so a team's rounds in S_r are one of
/// C(R, R/2) sets, and every two teams must meet: with N > C(R, R/2) two share a set, so some
/// team-round is off (two Whites or none, 2 each in Q_X). Then at least four are: in the table
/// of W_tr − 1 (team t's Whites in round r, less one) every row adds up to 0 (a team's two
/// players have R Whites in all) and every column too (a round has N games, one White each).
/// An off entry +1 at (t, r) needs a −1 elsewhere in row t and a −1 at some (u, r), and row u
/// then needs a +1 elsewhere: four entries, Q_X ≥ 8.
pub(crate) fn two_board_least_q_x(size: Size) -> Option<u64> {
    let (teams, rounds) = (size.teams, size.rounds);
    let usable = size.boards == 2 && teams.is_multiple_of(2) && rounds.is_multiple_of(2) && rounds >= 4;
    if !usable || 2 * rounds + 1 < teams {
        return None;
    }
    // C(R, R/2), one factor at a time (exact at every step); more sets than teams: no bound.
    let mut sets: u128 = 1;
    for i in 0..rounds / 2 {
        sets = sets * (rounds - i) as u128 / (i as u128 + 1);
        if sets >= teams as u128 {
            return None;
        }
    }
    Some(8)
}

/// A doubled pairing (`pairing::doubled_even_pairing`) with a colouring that gives every
/// player exactly R/2 Whites, trying up to `tries` pairings: whether a group of boards can be
/// balanced depends on where the pairs of different factors fall (measured: over half of the
/// random pairings of 10×7×4 and 12×5×4 can, each tried in well under a millisecond). `None`
/// for an odd number of teams or rounds, when no pairing tried could be balanced, or when
/// `control` says stop.
pub(crate) fn exact_pairing(
    size: Size,
    rng: &mut Rng,
    tries: usize,
    control: &Control,
) -> Option<(Pairing, Colours)> {
    if size.teams % 2 == 1 || size.rounds % 2 == 1 {
        return None;
    }
    // The clock is read between tries: one try of a large field (200 teams) takes milliseconds.
    (0..tries).take_while(|_| !control.should_stop()).find_map(|_| {
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

/// One bit per cycle of one group such that every player has R/2 Whites. Each team has one
/// White on the group's boards every round (the cycles see to that), so it is enough that
/// its player on the group's first board has R/2: `group_balance` finds such directions.
fn search_group(size: Size, pairing: &[Vec<Match>], group: &[&Cycle], rng: &mut Rng) -> Option<Vec<bool>> {
    let Some(first_board) = group.first().map(|cycle| {
        let (r, m, _) = cycle.edges[0];
        pairing[r][m].first.board / 2 * 2
    }) else {
        return Some(Vec::new());
    };
    // The teams whose player on the first board has White when the cycle runs each way.
    let gains_of = |cycle: &Cycle, forward: bool| -> Vec<usize> {
        cycle
            .edges
            .iter()
            .map(|&(r, m, first_leads)| {
                let game = pairing[r][m];
                if first_leads == forward {
                    game.first
                } else {
                    game.second
                }
            })
            .filter(|white| white.board == first_board)
            .map(|white| white.team)
            .collect()
    };
    let gains: Vec<Gains> = group
        .iter()
        .map(|cycle| [gains_of(cycle, false), gains_of(cycle, true)])
        .collect();
    group_balance::balance(size.teams, (size.rounds / 2) as i32, &gains, rng)
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
            let (pairing, colours) = exact_pairing(size, &mut Rng::new(3), 64, &Control::unlimited())
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
            assert!(exact_pairing(size, &mut rng, 4, &Control::unlimited()).is_none());
        }
    }
}
