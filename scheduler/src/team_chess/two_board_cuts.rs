//! Two boards, an even number R ≥ 4 of rounds, and so many teams that rule 2 lets no two meet
//! twice (2R < N − 1): a schedule at Q = 0, built round by round across cuts (issue 47: 12 × 2 × 4
//! and 14 × 2 × 4 stopped at Q 36 and 56, where 2R shifts do not fit a `cut_design`).
//!
//! Each team gets the R/2 rounds in which its board-1 player has White, so that every round's
//! set T_r of those teams holds N/2 (a 0/1 table with rows adding up to R/2 and columns to N/2,
//! filled column-largest-first, which always succeeds, then its rows shuffled). In round r
//! board 1 plays T_r against the rest, T_r White, and board 2 too, the rest White. So every
//! team has one White a round on its two boards (Q_X = 0), every player R/2 (rule 3, and Q_Z =
//! 0 since every team's Σ l·w_l is then 3R/2), every team RB/2 (rule 4), and nobody floats.
//! Left: rule 2 (0 or 1 meetings for every two teams), which also gives rule 1. Each board of
//! each round is a perfect matching across the cut on pairs of teams that have not met yet,
//! found by a randomised depth-first search; a draw that gets stuck starts again.

use super::colours::Colours;
use super::pairing::Pairing;
use super::{Match, PlayerRef, Size};
use crate::solver::{Control, Rng};

/// Nodes one matching's depth-first search may visit before the draw starts again.
const MATCHING_NODES: usize = 20_000;

/// Whether the construction is tried: two boards, an even number of teams, R ≥ 4 even, and
/// 2R < N − 1 (rule 2 then asks no two teams to meet and lets none meet twice).
pub(crate) fn tried_for(size: Size) -> bool {
    size.boards == 2
        && size.teams.is_multiple_of(2)
        && size.rounds >= 4
        && size.rounds.is_multiple_of(2)
        && 2 * size.rounds + 1 < size.teams
}

/// A pairing with colours at Q = 0, drawn with `seed` until one is found or `control` stops.
pub(crate) fn two_board_cuts(size: Size, seed: u64, control: &Control) -> Option<(Pairing, Colours)> {
    if !tried_for(size) {
        return None;
    }
    let mut rng = Rng::new(seed);
    while !control.should_stop() {
        let white_rounds = white_rounds(size, &mut rng);
        if let Some(found) = draw(size, &white_rounds, &mut rng) {
            return Some(found);
        }
    }
    None
}

/// For each team, whether its board-1 player has White in each round: R/2 a team, N/2 a round.
fn white_rounds(size: Size, rng: &mut Rng) -> Vec<Vec<bool>> {
    let (teams, rounds) = (size.teams, size.rounds);
    let mut left = vec![teams / 2; rounds];
    let mut table = Vec::with_capacity(teams);
    for _ in 0..teams {
        // The rounds with the most Whites still to hand out, ties broken at random.
        let mut order: Vec<usize> = (0..rounds).collect();
        shuffle(&mut order, rng);
        order.sort_by_key(|&r| std::cmp::Reverse(left[r]));
        let mut row = vec![false; rounds];
        for &r in &order[..rounds / 2] {
            row[r] = true;
            left[r] -= 1;
        }
        table.push(row);
    }
    shuffle(&mut table, rng);
    table
}

/// One draw: both boards of every round matched across the round's cut, no two teams twice.
fn draw(size: Size, white_rounds: &[Vec<bool>], rng: &mut Rng) -> Option<(Pairing, Colours)> {
    let teams = size.teams;
    let mut met = vec![false; teams * teams];
    let (mut pairing, mut colours) = (Vec::with_capacity(size.rounds), Vec::with_capacity(size.rounds));
    // Each round's two sides: the teams White on board 1 and the others.
    let sides = (0..size.rounds).map(|r| (0..teams).partition::<Vec<usize>, _>(|&t| white_rounds[t][r]));
    for (mut white, mut black) in sides {
        if white.len() != black.len() {
            return None;
        }
        let mut games = Vec::with_capacity(teams);
        for board in 0..2 {
            shuffle(&mut white, rng);
            shuffle(&mut black, rng);
            let partners = matching(teams, &white, &black, &met)?;
            for (&a, &b) in white.iter().zip(&partners) {
                met[a * teams + b] = true;
                met[b * teams + a] = true;
                // Board 1: T_r White; board 2: the rest White (listed first: first has White).
                let (first, second) = if board == 0 { (a, b) } else { (b, a) };
                games.push(Match::new(
                    PlayerRef::new(first, board),
                    PlayerRef::new(second, board),
                    false,
                ));
            }
        }
        colours.push(vec![true; games.len()]);
        pairing.push(games);
    }
    Some((pairing, colours))
}

/// A partner in `black` for every team of `white` (same order), no two who have `met`; `None`
/// when the search runs out of nodes or finds none.
fn matching(teams: usize, white: &[usize], black: &[usize], met: &[bool]) -> Option<Vec<usize>> {
    let mut taken = vec![false; black.len()];
    let mut choice = vec![0usize; white.len()];
    let mut nodes = 0;
    let mut i = 0;
    let mut next = 0;
    // Iterative depth-first search: `next` is the first candidate to try for white[i].
    loop {
        nodes += 1;
        if nodes > MATCHING_NODES {
            return None;
        }
        let found = (next..black.len()).find(|&j| !taken[j] && !met[white[i] * teams + black[j]]);
        match found {
            Some(j) => {
                taken[j] = true;
                choice[i] = j;
                i += 1;
                next = 0;
                if i == white.len() {
                    return Some(choice.iter().map(|&j| black[j]).collect());
                }
            }
            None if i == 0 => return None,
            None => {
                i -= 1;
                taken[choice[i]] = false;
                next = choice[i] + 1;
            }
        }
    }
}

fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_chess::{TeamNames, build_schedule};
    use crate::verify::team_chess::quality;
    use crate::verify::verify;

    /// 12 × 2 × 4 and 14 × 2 × 4 stopped at Q 36 and 56 with every seed; the cuts give Q = 0,
    /// and the checker finds every rule kept, for several seeds and sizes.
    #[test]
    fn two_boards_reach_q_zero_across_cuts() {
        for (teams, rounds) in [(12, 4), (14, 4), (18, 6), (20, 8), (30, 8)] {
            let size = Size {
                teams,
                boards: 2,
                rounds,
            };
            for seed in 1..=3 {
                let control = Control::with_counted_time(std::time::Duration::from_secs(20));
                let (pairing, colours) = two_board_cuts(size, seed, &control)
                    .unwrap_or_else(|| panic!("{teams}×2×{rounds} seed {seed}: none"));
                let schedule = build_schedule(size, &TeamNames::numbered(teams, 2), &pairing, &colours);
                let report = verify(&schedule);
                assert!(report.is_valid(), "{teams}×2×{rounds}: {:?}", report.violations);
                assert_eq!(
                    quality(&schedule).unwrap().total_numerator(),
                    0,
                    "{teams}×2×{rounds}"
                );
            }
        }
        // Not tried where two teams may or must meet twice, or with other board counts.
        for (teams, boards, rounds) in [(8, 2, 4), (16, 2, 8), (12, 4, 4), (12, 2, 3)] {
            assert!(
                !tried_for(Size {
                    teams,
                    boards,
                    rounds
                }),
                "{teams}×{boards}×{rounds}"
            );
        }
    }
}
