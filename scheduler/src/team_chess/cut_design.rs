//! Cut designs: a pairing and colours for an even number of teams that meet the lower bound
//! by construction, wherever rule 2 lets them be found (issue 47: the two-round events).
//!
//! Why two rounds were hard: with R = 2 every player has exactly one White, so a team's
//! Whites in round 2 are B minus its Whites in round 1, Q_Z is 0 whatever is done, and Q = Q_X
//! is twice round 1's Σ |Whites − Blacks|. For Q_X = 0 every board b needs a set S_b of N/2
//! teams (its White players in round 1; in round 2 the others have White) with both of the
//! board's games of every player crossing between S_b and the rest: a board's two rounds lie
//! in one balanced cut. The board-pair search (`even_rounds`) gets such cuts from doubles (both
//! boards of a pair playing the same factor), but when R·B < N − 1 rule 2 lets no two teams
//! meet twice, so there are no doubles, and two different circle-method factors make long
//! cycles whose few free directions rarely balance.
//!
//! The design: board pair k (boards 2k and 2k + 1) gets a cut of the teams into X_k and Y_k,
//! N/2 each, listed in an order x_0 … x_(n−1), y_0 … y_(n−1) (n = N/2). In round r, board 2k
//! plays x_i against y_(i+r mod n) and board 2k + 1 plays x_i against y_(i+R+r mod n), every
//! game across the cut; X has White on board 2k in the even rounds (0-based) and on board
//! 2k + 1 in the odd ones, Y in the others. So:
//! - every team has exactly one White on each board pair in each round: Q_X = 0 (with an odd
//!   number of boards the last board has X White in even rounds, Y in odd ones, so every
//!   team-round is one off, the least an odd B allows);
//! - every player has ⌊R/2⌋ or ⌈R/2⌉ Whites (rule 3), each team RB/2 (rule 4);
//! - a player meets R different teams on a board, as R ≤ n shifts are distinct (rule 1);
//! - R is even (designs are tried for even R only), so every player has R/2 Whites: Q_Z = 0;
//! - no floats: Q_Y = 0.
//!
//! (With R odd a team in X_k would put one more White on the upper board of pair k, so each
//! team would also have to be in X for half the pairs; with B = 4 that forces the same cut on
//! both pairs, which rule 2 rarely allows, so odd R is left to the other searches.)
//!
//! What is left is rule 2 (every two teams meet ⌊RB/(N−1)⌋ or ⌈RB/(N−1)⌉ times): a simulated
//! annealing swaps two teams in one pair's order (within a side, or across the cut) until it
//! holds. When it gets there the schedule meets
//! `Size::lower_bound_numerator`, which proves it optimal; when it does not (6 teams × 2 boards
//! × 2 rounds has no such schedule at all: both boards' four rounds would have to lie in one
//! cut of 3 + 3 teams, which has 9 games for 12), the other searches go on as before.

use super::colours::Colours;
use super::pairing::Pairing;
use super::{Match, PlayerRef, Size};
use crate::solver::{Control, Rng};

/// Moves of one annealing run before it starts again from a new random design.
const RUN_MOVES: u64 = 400_000;
/// The annealing's starting temperature (in units of cost), falling linearly to 0.05.
const HEAT: f64 = 0.7;

/// A cut design that breaks no rule and meets the lower bound, or `None` when the size does
/// not fit one (odd teams, more rounds than N/2) or none was found within `control`.
pub(crate) fn cut_design(size: Size, seed: u64, control: &Control) -> Option<(Pairing, Colours)> {
    if !tried_for(size) {
        return None;
    }
    let mut rng = Rng::new(seed ^ 0x0c07_de51_9a11_2026);
    let check_every = Control::steps_between_checks(8 * size.rounds);
    while !control.should_stop() {
        let mut design = Design::random(size, &mut rng);
        let mut moves = 0u64;
        while design.cost > 0 && moves < RUN_MOVES {
            if moves.is_multiple_of(check_every) && control.should_stop() {
                return None;
            }
            let heat = HEAT * (1.0 - moves as f64 / RUN_MOVES as f64) + 0.05;
            design.step(&mut rng, heat);
            moves += 1;
        }
        if design.cost == 0 {
            return Some(design.schedule());
        }
    }
    None
}

/// Whether a cut design is tried for the size: even teams, R ≤ N/2 (R distinct shifts on a
/// board), R even, and where doubles cannot help: two rounds, or more where rule 2 lets no
/// two teams meet twice and each board pair's 2R shifts fit in N/2. Elsewhere the other searches do better, and this one would only take
/// their time.
pub(crate) fn tried_for(size: Size) -> bool {
    let half = size.teams / 2;
    let fits = size.teams.is_multiple_of(2) && half >= 2 && (1..=half).contains(&size.rounds);
    let no_doubles = size.rounds * size.boards < size.teams - 1;
    // With no two teams meeting twice, a board pair's 2R shifts must be distinct: 2R ≤ N/2
    // (16 × 2 × 6 has none, and searching for one only took the other searches' time).
    let room = 2 * size.rounds <= half || size.boards == 1;
    fits && (size.rounds == 2 || size.rounds.is_multiple_of(2) && no_doubles && room)
}

/// One design under search: each group's order of the teams (the first n in X, the rest in
/// Y), how often every two teams meet, and the cost: meetings outside rule 2's range.
struct Design {
    size: Size,
    half: usize,
    /// Each group's shifts: the board pairs' 2R (first board's R, then the second's), the
    /// lone last board's R.
    shifts: Vec<Vec<usize>>,
    orders: Vec<Vec<usize>>,
    meetings: Vec<u32>,
    /// Rule 2's least and most meetings of two teams.
    range: (u32, u32),
    cost: i64,
}

impl Design {
    fn random(size: Size, rng: &mut Rng) -> Design {
        let (teams, rounds) = (size.teams, size.rounds);
        let half = teams / 2;
        let pairs = size.boards / 2;
        let mut shifts: Vec<Vec<usize>> = (0..pairs)
            .map(|_| (0..2 * rounds).map(|s| s % half).collect())
            .collect();
        if size.boards % 2 == 1 {
            shifts.push((0..rounds).collect());
        }
        let orders: Vec<Vec<usize>> = shifts
            .iter()
            .map(|_| {
                let mut order: Vec<usize> = (0..teams).collect();
                for i in (1..teams).rev() {
                    order.swap(i, rng.below(i + 1));
                }
                order
            })
            .collect();
        let total = rounds * size.boards;
        let range = ((total / (teams - 1)) as u32, total.div_ceil(teams - 1) as u32);
        let mut design = Design {
            size,
            half,
            shifts,
            orders,
            meetings: vec![0; teams * teams],
            range,
            cost: 0,
        };
        for group in 0..design.orders.len() {
            for pos in 0..half {
                for (x, y) in design.edges_of(group, pos) {
                    let (a, b) = (design.orders[group][x], design.orders[group][y]);
                    design.meet(a, b, 1);
                }
            }
        }
        design.cost = design.full_cost();
        design
    }

    fn full_cost(&self) -> i64 {
        let teams = self.size.teams;
        let mut cost = 0;
        for a in 0..teams {
            for b in a + 1..teams {
                cost += out_of(self.meetings[a * teams + b], self.range);
            }
        }
        cost
    }

    /// The games of the group's X position `pos` (0 ≤ pos < n) as (X position, Y position)
    /// of the order, one per shift.
    fn edges_of(&self, group: usize, pos: usize) -> Vec<(usize, usize)> {
        self.shifts[group]
            .iter()
            .map(|&s| (pos, self.half + (pos + s) % self.half))
            .collect()
    }

    /// The games touching position `pos` of the group's order, whichever side it is on, as
    /// (slot, X position, Y position); a game between two given positions is listed once.
    fn games_at(&self, group: usize, pos: usize, into: &mut Vec<(usize, usize, usize)>) {
        let half = self.half;
        for (slot, &s) in self.shifts[group].iter().enumerate() {
            let game = if pos < half {
                (slot, pos, half + (pos + s) % half)
            } else {
                (slot, (pos - half + half - s) % half, pos)
            };
            if !into.contains(&game) {
                into.push(game);
            }
        }
    }

    /// Adds `by` (±1) to the meetings of teams `a` and `b`, keeping the cost.
    fn meet(&mut self, a: usize, b: usize, by: i32) {
        let teams = self.size.teams;
        let (a, b) = (a.min(b), a.max(b));
        let cell = a * teams + b;
        let before = out_of(self.meetings[cell], self.range);
        self.meetings[cell] = (self.meetings[cell] as i32 + by) as u32;
        self.cost += out_of(self.meetings[cell], self.range) - before;
    }

    /// Swaps the teams at positions p and q of one group's order (every game touching
    /// either recounted), then keeps the swap or undoes it by the Metropolis rule.
    fn step(&mut self, rng: &mut Rng, heat: f64) {
        let group = rng.below(self.orders.len());
        let teams = self.size.teams;
        let (p, q) = (rng.below(teams), rng.below(teams));
        if p == q {
            return;
        }
        let before = self.cost;
        let mut games = Vec::with_capacity(4 * self.shifts[group].len());
        self.games_at(group, p, &mut games);
        self.games_at(group, q, &mut games);
        self.swap(group, p, q, &games);
        let worse = self.cost - before;
        if worse > 0 && rng.unit() >= (-(worse as f64) / heat).exp() {
            self.swap(group, p, q, &games);
        }
    }

    /// Swaps positions p and q of a group's order, recounting `games` (the positions' games).
    fn swap(&mut self, group: usize, p: usize, q: usize, games: &[(usize, usize, usize)]) {
        for &(_, x, y) in games {
            let (a, b) = (self.orders[group][x], self.orders[group][y]);
            self.meet(a, b, -1);
        }
        self.orders[group].swap(p, q);
        for &(_, x, y) in games {
            let (a, b) = (self.orders[group][x], self.orders[group][y]);
            self.meet(a, b, 1);
        }
    }

    /// The pairing and colours of the design (every game's `first` player is in X).
    fn schedule(&self) -> (Pairing, Colours) {
        let (rounds, half) = (self.size.rounds, self.half);
        let mut pairing: Pairing = vec![Vec::new(); rounds];
        let mut colours: Colours = vec![Vec::new(); rounds];
        for (group, order) in self.orders.iter().enumerate() {
            let shifts = &self.shifts[group];
            for (slot, &s) in shifts.iter().enumerate() {
                let (board, r) = (2 * group + slot / rounds, slot % rounds);
                // X has White on the upper (and lone) board in even rounds, the lower in odd.
                let x_white = (r % 2 == 0) == (slot < rounds);
                for i in 0..half {
                    let x = PlayerRef::new(order[i], board);
                    let y = PlayerRef::new(order[half + (i + s) % half], board);
                    pairing[r].push(Match::new(x, y, false));
                    colours[r].push(x_white);
                }
            }
        }
        (pairing, colours)
    }
}

/// How far `value` is outside `range`.
fn out_of(value: u32, (low, high): (u32, u32)) -> i64 {
    i64::from(low.saturating_sub(value)) + i64::from(value.saturating_sub(high))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_chess::{TeamNames, build_schedule};
    use crate::verify::team_chess::quality;
    use crate::verify::verify;
    use std::time::Duration;

    /// Every design handed out passes the independent checker at the lower bound: two rounds
    /// with even and odd numbers of boards, and four rounds where no two teams may meet twice.
    #[test]
    fn designs_pass_the_checker_at_the_bound() {
        for (teams, boards, rounds) in [
            (8, 2, 2),
            (12, 3, 2),
            (20, 8, 2),
            (6, 16, 2),
            (16, 2, 4),
            (30, 5, 4),
        ] {
            let size = Size {
                teams,
                boards,
                rounds,
            };
            let control = Control::with_counted_time(Duration::from_secs(60));
            let (pairing, colours) = cut_design(size, 3, &control)
                .unwrap_or_else(|| panic!("{teams}×{boards}×{rounds}: no design"));
            let schedule = build_schedule(size, &TeamNames::numbered(teams, boards), &pairing, &colours);
            let report = verify(&schedule);
            assert!(
                report.is_valid(),
                "{teams}×{boards}×{rounds}: {:#?}",
                report.violations
            );
            let measured = quality(&schedule).unwrap();
            assert_eq!(
                measured.total_numerator(),
                size.lower_bound_numerator(),
                "{teams}×{boards}×{rounds}"
            );
        }
    }

    /// Odd rounds and sizes with room for doubles are left to the other searches; 6 × 2 × 2
    /// has no design (its bound is 8, not 0), so none is ever handed out.
    #[test]
    fn sizes_without_a_design_get_none() {
        let control = Control::with_counted_time(Duration::from_millis(200));
        for (teams, boards, rounds) in [(12, 10, 3), (12, 8, 4), (6, 2, 2), (7, 2, 3)] {
            let size = Size {
                teams,
                boards,
                rounds,
            };
            assert!(
                cut_design(size, 1, &control).is_none(),
                "{teams}×{boards}×{rounds}"
            );
        }
    }
}
