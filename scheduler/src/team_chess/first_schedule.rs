//! A first valid schedule built rather than searched, so that every size the rules allow gets
//! an answer at once, however large (up to 200 teams × 20 boards), before the searches
//! improve on it.
//!
//! The pairing: for an even number of teams the circle method, board b playing R consecutive
//! rounds of it (`pairing::even_pairing`, which keeps rules 1 and 2 by construction); for an
//! odd number, floats spaced out so that no factor is used twice (`pairing::spaced_odd_pairing`,
//! for large fields with few rounds: 3 · B/2 · R ≤ N), else mirrored floats
//! (`mirrored_floats`), which hold every odd size the rules allow.
//!
//! The colours: only rules 3, 4 and 9 concern them. Every player gets ⌊R/2⌋ or ⌈R/2⌉ Whites
//! (R/2 when R is even) and every team exactly RB/2; a float's upfloater has White (rule 9),
//! which fixes that game. That is an orientation of the other games with bounds on each
//! player's Whites and a total for each team, found by reversing paths of games
//! (`group_balance::orient_within`): from the greedy start, counts move from players above
//! their most to players below it, then to players below their least, then from teams above
//! their total to teams below. Q_X (Whites per team and round) is not looked at: the searches
//! that follow improve on it where they can.

use super::colours::Colours;
use super::group_balance::{Bounds, orient_within};
use super::mirrored_floats::mirrored_odd_pairing;
use super::pairing::{Pairing, even_pairing, spaced_odd_pairing};
use super::{Match, Size};
use crate::solver::Rng;

/// Random starts tried before giving up.
const STARTS: usize = 4;

/// A pairing with colours that break no rule, or `None` when no start could be oriented (not
/// met on any size tested: every odd field to 41 teams, the largest ones, and the even ones).
pub(crate) fn first_schedule(size: Size, seed: u64) -> Option<(Pairing, Colours)> {
    let pairing = if size.teams.is_multiple_of(2) {
        even_pairing(size, 0)
    } else {
        spaced_odd_pairing(size).or_else(|| mirrored_odd_pairing(size))?
    };
    let mut rng = Rng::new(seed ^ 0x0f15_7a11_5c4e_d01e);
    let colours = (0..STARTS).find_map(|_| colour(size, &pairing, &mut rng))?;
    Some((pairing, colours))
}

/// Colours for `pairing` from one random start, or `None` when the paths found no way.
fn colour(size: Size, pairing: &[Vec<Match>], rng: &mut Rng) -> Option<Colours> {
    let boards = size.boards;
    let players = size.teams * boards;
    // Every player ⌊R/2⌋ or ⌈R/2⌉ Whites (rule 3), every team RB/2 (rule 4); a float's
    // upfloater has White (rule 9), so its game is not free and counts already.
    let mut low = vec![(size.rounds / 2) as i32; players];
    let mut high = vec![size.rounds.div_ceil(2) as i32; players];
    let mut total = vec![(size.rounds * boards / 2) as i32; size.teams];
    let mut colours: Colours = pairing.iter().map(|round| vec![false; round.len()]).collect();
    let mut free = Vec::new();
    let mut ends = Vec::new();
    for (r, round) in pairing.iter().enumerate() {
        for (m, game) in round.iter().enumerate() {
            let (first, second) = (game.first.index(boards), game.second.index(boards));
            if game.forced_white {
                colours[r][m] = true;
                low[first] -= 1;
                high[first] -= 1;
                total[game.first.team] -= 1;
            } else {
                free.push((r, m));
                ends.push((second, first));
            }
        }
    }
    let group: Vec<usize> = (0..players).map(|p| p / boards).collect();
    let bounds = Bounds {
        low: &low,
        high: &high,
        group: &group,
        total: &total,
    };
    // `true` gives an edge's count to its second end: here the game's first player.
    let oriented = orient_within(&ends, &bounds, rng)?;
    for ((r, m), first_white) in free.into_iter().zip(oriented) {
        colours[r][m] = first_white;
    }
    Some(colours)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_chess::{TeamNames, build_schedule};
    use crate::verify::verify;

    /// The first schedule of a size, passed to the independent checker.
    fn built_and_checked(teams: usize, boards: usize, rounds: usize) {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        let (pairing, colours) =
            first_schedule(size, 1).unwrap_or_else(|| panic!("{teams}×{boards}×{rounds}: none"));
        let names = TeamNames::numbered(teams, boards);
        let report = verify(&build_schedule(size, &names, &pairing, &colours));
        assert!(
            report.is_valid(),
            "{teams}×{boards}×{rounds}: {:?}",
            report.violations
        );
    }

    #[test]
    fn the_largest_fields_get_a_valid_schedule_at_once() {
        // Even and odd fields, even and odd rounds, the most boards; the checker decides.
        for (teams, boards, rounds) in [
            (6, 4, 2),
            (8, 2, 4),
            (200, 20, 4),
            (200, 20, 3),
            (199, 20, 3),
            (200, 4, 3),
            (28, 10, 4),
            (22, 14, 5),
            (101, 2, 1),
            (200, 19, 2),
        ] {
            built_and_checked(teams, boards, rounds);
        }
    }

    #[test]
    fn every_odd_field_gets_a_valid_schedule_at_once() {
        // Issue 47: odd fields with 3 · B/2 · R > N had no built schedule and the float
        // searches found none for these sizes within seconds. Every odd size the rules allow
        // up to 41 teams with 2, 4, 10 and 20 boards, and the largest: the checker decides.
        let small = (3..=41).step_by(2).flat_map(|n| {
            [2, 4, 10, 20]
                .into_iter()
                .flat_map(move |b| (1..=n - 2).step_by(2).map(move |r| (n, b, r)))
        });
        let large = [
            (31, 20, 5),
            (51, 20, 5),
            (101, 20, 5),
            (199, 20, 7),
            (199, 20, 19),
            (101, 20, 99),
            (199, 20, 197),
        ];
        for (teams, boards, rounds) in small.chain(large) {
            built_and_checked(teams, boards, rounds);
        }
    }
}
