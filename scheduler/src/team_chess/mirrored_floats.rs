//! A float plan for every odd field the rules allow (N odd, B even, R odd and at most N − 2),
//! built without a search: every float is mirrored about team 0 (issue 47).
//!
//! The model (`pairing`): board pair k in round r plays near-1-factor F_a of Z_N on its upper
//! board and F_c on its lower board (F_f pairs the teams f − j and f + j, leaving team f out);
//! the two teams left out play each other, the lower one (c) floating up with White. A pair of
//! teams {x, y} meets on a board exactly when the board plays the factor of its midpoint
//! (x + y)/2, so the teams split into N classes by midpoint, each class the (N − 1)/2 pairs of
//! one factor.
//!
//! The plan: the i-th float (i = kR + r) gets a nonzero δ_i and plays a = −δ_i on the upper
//! board and c = δ_i on the lower one, so every float is the pair {−δ, δ}, of midpoint 0, and
//! factor 0 is never used. δ_i runs through the cycle 1, 2, …, (N−1)/2, −1, −2, …, −(N−1)/2
//! (N − 1 distinct values). Then:
//! - rule 1: each board's R ≤ N − 2 factors are R consecutive values of the cycle, hence
//!   distinct, so its players meet new teams on the board every round; a floater's opponent
//!   −x would be met on the board only through factor 0, never used;
//! - rule 7: a player floats when their board plays their team's factor, once at most;
//! - rule 2: class f ≠ 0 is met u_f times, u_f being how often ±f occur among the δ_i; class
//!   0 never on a board, and its pair {−d, d} in floats exactly as often as ±d occur. Each
//!   half of the cycle holds every ±d once, so over the BR/2 floats each ±d occurs ⌊BR/(N−1)⌋
//!   or ⌈BR/(N−1)⌉ times: every pair of teams meets that often, as rule 2 asks;
//! - rule 8: team t floats up as often as δ = t occurs and down as often as δ = −t, each at
//!   most ⌈BR/(2(N−1))⌉ times, within 2 + ⌊RB/2N⌋ (the plan's check below confirms it);
//! - rule 6 holds by the model (one float a board pair and round), rule 9 by the colours.
//!
//! So, with the colours of `first_schedule`, every odd size the rules allow has a schedule:
//! the spaced floats of `pairing::spaced_odd_pairing` needed 3 · B/2 · R ≤ N, and the float
//! searches found none for 31, 51 or 101 × 20 × 5 or 199 × 20 × 7 within seconds.

use super::Size;
use super::pairing::{FloatPlan, Pairing, plan_cost, plan_matches};

/// The mirrored float plan's pairing, or `None` for an even field or one the plan's own check
/// (`pairing::plan_cost`: rules 1, 2, 7 and 8) rejects — by the argument above, none the rules
/// allow.
pub(crate) fn mirrored_odd_pairing(size: Size) -> Option<Pairing> {
    let n = size.teams;
    if n.is_multiple_of(2) || n < 3 || size.rounds > n - 2 {
        return None;
    }
    let plan = mirrored_plan(size);
    (plan_cost(size, &plan).0 == 0).then(|| plan_matches(size, &plan))
}

/// The i-th value of the cycle 1, 2, …, h, −1, −2, …, −h (h = (N − 1)/2) as a residue mod N.
fn delta(n: usize, i: usize) -> usize {
    let half = (n - 1) / 2;
    let position = i % (n - 1);
    if position < half {
        position + 1
    } else {
        n - (position - half + 1)
    }
}

fn mirrored_plan(size: Size) -> FloatPlan {
    let (n, pairs, rounds) = (size.teams, size.boards / 2, size.rounds);
    let deltas: Vec<Vec<usize>> = (0..pairs)
        .map(|k| (0..rounds).map(|r| delta(n, k * rounds + r)).collect())
        .collect();
    FloatPlan {
        upper: deltas
            .iter()
            .map(|row| row.iter().map(|&d| (n - d) % n).collect())
            .collect(),
        lower: deltas,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cycle_holds_every_nonzero_residue_once() {
        for n in [3, 5, 11, 199] {
            let mut seen: Vec<usize> = (0..n - 1).map(|i| delta(n, i)).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..n).collect::<Vec<_>>(), "{n}");
        }
    }

    #[test]
    fn every_odd_size_the_rules_allow_has_a_plan_that_breaks_no_rule() {
        // The plan's own check (rules 1, 2, 7, 8) over every odd field up to 61 teams and
        // the largest ones; the schedules themselves go to the checker in `first_schedule`.
        let teams = (3..=61).step_by(2).chain([101, 151, 197, 199]);
        for n in teams {
            for boards in (2..=20).step_by(2) {
                for rounds in (1..=n - 2).step_by(2) {
                    let size = Size {
                        teams: n,
                        boards,
                        rounds,
                    };
                    let plan = mirrored_plan(size);
                    assert_eq!(plan_cost(size, &plan).0, 0, "{n}×{boards}×{rounds}");
                }
            }
        }
    }

    #[test]
    fn a_plan_breaking_the_rules_is_caught() {
        // The check must be able to fail: the same float on every pair in round 1 breaks
        // rules 2 and 8.
        let size = Size {
            teams: 31,
            boards: 20,
            rounds: 5,
        };
        let mut plan = mirrored_plan(size);
        for k in 0..plan.upper.len() {
            plan.upper[k][0] = 30;
            plan.lower[k][0] = 1;
        }
        assert!(plan_cost(size, &plan).0 > 0);
    }
}
