//! Colour runs, part one: the colours of the finished jamboree are chosen again so that
//! fewer players get three or more games of one colour in a row, without breaking a rule or
//! making Q worse. (Part two, `round_order`, then puts the rounds in the best order.)
//!
//! The pairing stays as it is; only which player of a game has White changes (never for a
//! float, whose upfloater has White by rule 9). Half the moves flip one game; the other half
//! flip a *loop* of games: from a player, along a game they have White to its Black player,
//! on from them the same way, until the walk comes back to a player it met — then the games
//! of that loop are flipped. Every player on a loop gives up one White and gains one, so each
//! player's and each team's number of Whites and every team's board-weighted sum (Q_Z) stay
//! as they were; only the Whites of a team in a round (Q_X) and the runs change.
//!
//! A simulated annealing weighs broken colour rules (each player ⌊R/2⌋ or ⌈R/2⌉ Whites, each
//! team RB/2) and any rise of Q_X or Q_Z above the schedule's own lightly, so the walk can
//! pass through such colourings, and the runs — each run of L ≥ 3 games of one colour costs
//! (L − 2)². Only colourings that break no rule and have Q no higher are kept. The result is
//! rebuilt as a schedule, and the independent checker must confirm a valid schedule with Q no
//! higher before it replaces the original. Measured (seed 1): 8×6×7 from a longest run of 4
//! and 24 games beyond two in a row to 3 and 4; 6×4×5 from 3 and 14 to none beyond two.

use super::round_order::{colours_by_player, cost};
use super::{Match, Size, TeamChessOutcome, TeamNames, build_schedule};
use crate::solver::{Control, Rng};
use crate::verify::team_chess::quality;
use crate::verify::verify;
use std::time::Duration;

/// Longest the recolouring may take (it stops sooner when the event's limit ends). Its
/// 4 × 50,000 moves take about 0.13 s for 8×6×7 on the development machine; the slice only
/// guards against a much slower one.
pub(crate) const RECOLOUR_SLICE: Duration = Duration::from_secs(1);

/// Weight of one unit of broken rule (one White too many or too few; cycles never break one).
const RULE: i64 = 2;
/// Weight of one step of a team's |Whites − Blacks| in a round above the start's total.
const TEAM_ROUND: i64 = 1;
/// Longest loop a move flips.
const MAX_LOOP: usize = 16;

/// `outcome` with colours giving shorter runs where that keeps every rule and Q, confirmed by
/// the checker; `None` when none was found (or there was no time to look).
pub(crate) fn recolour(
    size: Size,
    names: &TeamNames,
    outcome: &TeamChessOutcome,
    pairing: &[Vec<Match>],
    colours: &[Vec<bool>],
    seed: u64,
    control: &Control,
) -> Option<TeamChessOutcome> {
    if size.rounds < 3 || control.should_stop() {
        return None;
    }
    let order: Vec<usize> = (0..size.rounds).collect();
    let before = cost(&colours_by_player(outcome), &order);
    if before.1 == 0 {
        return None;
    }
    let limited = control.capped(RECOLOUR_SLICE);
    let better = Walk::new(size, pairing, colours).anneal(seed, &limited)?;
    let schedule = build_schedule(size, names, pairing, &better);
    let measured = quality(&schedule).ok()?;
    let candidate = TeamChessOutcome {
        schedule,
        quality: measured,
        ..outcome.clone()
    };
    let after = cost(&colours_by_player(&candidate), &order);
    let keeps_q = measured.total_numerator() <= outcome.quality.total_numerator();
    (keeps_q && after < before && verify(&candidate.schedule).is_valid()).then_some(candidate)
}

/// The annealing state: colours and every count the cost needs, kept up to date per flip.
struct Walk<'a> {
    size: Size,
    pairing: &'a [Vec<Match>],
    colours: Vec<Vec<bool>>,
    /// Games that may flip (round, match): not floats.
    free: Vec<(usize, usize)>,
    /// Each player's game (match index) per round.
    game_of: Vec<Vec<usize>>,
    /// Whites per player, per team and round, per team (total and board-weighted).
    player: Vec<i64>,
    team_round: Vec<i64>,
    total: Vec<i64>,
    weighted: Vec<i64>,
    /// Each player's colour per round (true: White).
    white: Vec<Vec<bool>>,
    /// Each player's run cost Σ (L − 2)².
    runs: Vec<i64>,
    /// Sums: broken-rule units, Σ|2·Whites − B| over team-rounds (Q_X over the scale),
    /// Q_Z's numerator, run cost.
    broken: i64,
    q_x: i64,
    q_z: i64,
    run_sum: i64,
}

impl<'a> Walk<'a> {
    fn new(size: Size, pairing: &'a [Vec<Match>], colours: &[Vec<bool>]) -> Self {
        let (teams, boards, rounds) = (size.teams, size.boards, size.rounds);
        let mut walk = Walk {
            size,
            pairing,
            colours: colours.to_vec(),
            free: Vec::new(),
            game_of: vec![vec![usize::MAX; rounds]; teams * boards],
            player: vec![0; teams * boards],
            team_round: vec![0; teams * rounds],
            total: vec![0; teams],
            weighted: vec![0; teams],
            white: vec![vec![false; rounds]; teams * boards],
            runs: vec![0; teams * boards],
            broken: 0,
            q_x: 0,
            q_z: 0,
            run_sum: 0,
        };
        for (r, round) in pairing.iter().enumerate() {
            for (m, game) in round.iter().enumerate() {
                if !game.forced_white {
                    walk.free.push((r, m));
                }
                walk.game_of[game.first.index(boards)][r] = m;
                walk.game_of[game.second.index(boards)][r] = m;
                let w = if colours[r][m] { game.first } else { game.second };
                walk.player[w.index(boards)] += 1;
                walk.team_round[w.team * rounds + r] += 1;
                walk.total[w.team] += 1;
                walk.weighted[w.team] += w.board as i64 + 1;
                walk.white[w.index(boards)][r] = true;
            }
        }
        for p in 0..teams * boards {
            walk.runs[p] = run_cost(&walk.white[p]);
            walk.run_sum += walk.runs[p];
            walk.broken += walk.player_broken(p);
        }
        for t in 0..teams {
            walk.broken += walk.team_broken(t);
            let (x, z) = walk.team_q(t);
            walk.q_x += x;
            walk.q_z += z;
        }
        walk
    }

    fn player_broken(&self, p: usize) -> i64 {
        let rounds = self.size.rounds as i64;
        let (low, high) = (rounds / 2, (rounds + 1) / 2);
        (low - self.player[p]).max(0) + (self.player[p] - high).max(0)
    }

    fn team_broken(&self, t: usize) -> i64 {
        (self.total[t] - (self.size.rounds * self.size.boards / 2) as i64).abs()
    }

    /// The team's Q_X terms (Σ over rounds of |2·Whites − B|) and its Q_Z numerator.
    fn team_q(&self, t: usize) -> (i64, i64) {
        let scale = self.size.q_z_denominator() as i64;
        let boards = self.size.boards as i64;
        let q_x: i64 = (0..self.size.rounds)
            .map(|r| (2 * self.team_round[t * self.size.rounds + r] - boards).abs())
            .sum();
        (q_x, (scale - 4 * self.weighted[t]).abs())
    }

    /// Q's numerator over the scale R·B(B+1) (without Q_Y, which colours do not touch).
    fn q(&self) -> i64 {
        self.size.q_z_denominator() as i64 * self.q_x + self.q_z
    }

    /// The cost the walk minimises, given the start's Q_X and Q_Z.
    fn cost(&self, start: (i64, i64)) -> i64 {
        RULE * (self.broken + (self.q_z - start.1).max(0))
            + TEAM_ROUND * (self.q_x - start.0).max(0)
            + self.run_sum
    }

    /// Flips game m of round r and updates every count.
    fn flip(&mut self, r: usize, m: usize) {
        let (boards, rounds) = (self.size.boards, self.size.rounds);
        let game = self.pairing[r][m];
        let (from, to) = if self.colours[r][m] {
            (game.first, game.second)
        } else {
            (game.second, game.first)
        };
        for p in [from.index(boards), to.index(boards)] {
            self.broken -= self.player_broken(p);
            self.run_sum -= self.runs[p];
        }
        for t in [from.team, to.team] {
            self.broken -= self.team_broken(t);
            let (x, z) = self.team_q(t);
            self.q_x -= x;
            self.q_z -= z;
        }
        self.colours[r][m] = !self.colours[r][m];
        for (who, sign) in [(from, -1), (to, 1)] {
            let p = who.index(boards);
            self.player[p] += sign;
            self.team_round[who.team * rounds + r] += sign;
            self.total[who.team] += sign;
            self.weighted[who.team] += sign * (who.board as i64 + 1);
            self.white[p][r] = sign > 0;
        }
        for p in [from.index(boards), to.index(boards)] {
            self.runs[p] = run_cost(&self.white[p]);
            self.broken += self.player_broken(p);
            self.run_sum += self.runs[p];
        }
        for t in [from.team, to.team] {
            self.broken += self.team_broken(t);
            let (x, z) = self.team_q(t);
            self.q_x += x;
            self.q_z += z;
        }
    }

    /// A loop of games to flip: from a random player along games they have White (not
    /// floats) to their Black opponent, until a player repeats; the games from that player's
    /// first visit on. `None` when the walk reaches a player with no such game.
    fn random_loop(&self, rng: &mut Rng, out: &mut Vec<(usize, usize)>) -> bool {
        let boards = self.size.boards;
        let players = self.player.len();
        let mut visited: Vec<(usize, usize)> = Vec::with_capacity(MAX_LOOP + 1);
        let mut at = rng.below(players);
        out.clear();
        loop {
            if let Some(first) = visited.iter().position(|v| v.0 == at) {
                out.extend(visited[first..].iter().map(|&(p, r)| (r, self.game_of[p][r])));
                return true;
            }
            if visited.len() >= MAX_LOOP {
                return false;
            }
            // A round where `at` has White in a game that may flip.
            let mut choices = [0usize; 64];
            let mut n = 0;
            for r in 0..self.size.rounds.min(64) {
                let m = self.game_of[at][r];
                if self.white[at][r] && m != usize::MAX && !self.pairing[r][m].forced_white {
                    choices[n] = r;
                    n += 1;
                }
            }
            if n == 0 {
                return false;
            }
            let r = choices[rng.below(n)];
            visited.push((at, r));
            let game = self.pairing[r][self.game_of[at][r]];
            let (a, b) = (game.first.index(boards), game.second.index(boards));
            at = if a == at { b } else { a };
        }
    }

    /// Anneals from the current colouring; the best colouring that breaks no rule, keeps Q
    /// and has a lower run cost than the start, if any.
    fn anneal(mut self, seed: u64, control: &Control) -> Option<Vec<Vec<bool>>> {
        if self.free.is_empty() {
            return None;
        }
        let start = (self.q_x, self.q_z);
        let q_limit = self.q();
        let mut rng = Rng::new(seed);
        let mut best: Option<Vec<Vec<bool>>> = None;
        let mut best_runs = self.run_sum;
        let mut current = self.cost(start);
        let mut cycle = Vec::new();
        let check_every = Control::steps_between_checks(256);
        // Cooling passes, each from the best so far (a fixed number of moves, so the result
        // does not depend on the machine's speed unless the slice runs out).
        const STEPS: u64 = 50_000;
        'passes: for _ in 0..4 {
            if let Some(colours) = &best {
                self.reset(colours);
                current = self.cost(start);
            }
            for step in 0..STEPS {
                if step.is_multiple_of(check_every) && control.should_stop() {
                    break 'passes;
                }
                let temperature = 3.0 * (0.1f64).powf(step as f64 / STEPS as f64);
                if !self.random_move(&mut rng, &mut cycle, 2) {
                    continue;
                }
                let next = self.cost(start);
                let delta = next - current;
                if delta <= 0 || rng.unit() < (-(delta as f64) / temperature).exp() {
                    current = next;
                    if self.broken == 0 && self.q() <= q_limit && self.run_sum < best_runs {
                        best_runs = self.run_sum;
                        best = Some(self.colours.clone());
                        if best_runs == 0 {
                            break 'passes;
                        }
                    }
                } else {
                    self.flip_all(&cycle);
                }
            }
        }
        best
    }

    /// Anneals for a lower Q from the current colouring (which breaks no rule): single games
    /// and loops, each broken rule weighing like a team-round off balance by four; the best
    /// colouring that breaks no rule and has a lower Q than the start, if any.
    fn lower_q(mut self, seed: u64, steps: u64, control: &Control) -> Option<Vec<Vec<bool>>> {
        if self.free.is_empty() || self.broken > 0 {
            return None;
        }
        let scale = self.size.q_z_denominator() as i64;
        let weigh = |walk: &Walk| 8 * scale * walk.broken + walk.q();
        let mut rng = Rng::new(seed);
        let mut best: Option<Vec<Vec<bool>>> = None;
        let mut best_q = self.q();
        let mut current = weigh(&self);
        let mut cycle = Vec::new();
        let check_every = Control::steps_between_checks(256);
        for step in 0..steps {
            if step.is_multiple_of(check_every) && control.should_stop() {
                break;
            }
            let temperature = scale as f64 * 2.0 * (0.02f64).powf(step as f64 / steps as f64);
            if !self.random_move(&mut rng, &mut cycle, 4) {
                continue;
            }
            let next = weigh(&self);
            let delta = next - current;
            if delta <= 0 || rng.unit() < (-(delta as f64) / temperature).exp() {
                current = next;
                if self.broken == 0 && self.q() < best_q {
                    best_q = self.q();
                    best = Some(self.colours.clone());
                }
            } else {
                self.flip_all(&cycle);
            }
        }
        best
    }

    /// One annealing move, made: a single game flipped (one time in `single_one_in`), else a
    /// random loop of games, kept in `cycle` so it can be taken back (`flip_all`). `false`
    /// when no loop was found (nothing flipped).
    fn random_move(&mut self, rng: &mut Rng, cycle: &mut Vec<(usize, usize)>, single_one_in: usize) -> bool {
        if rng.below(single_one_in) == 0 {
            cycle.clear();
            cycle.push(self.free[rng.below(self.free.len())]);
        } else if !self.random_loop(rng, cycle) {
            return false;
        }
        self.flip_all(cycle);
        true
    }

    /// Flips every game of `cycle` (a move made, or taken back).
    fn flip_all(&mut self, cycle: &[(usize, usize)]) {
        for &(r, m) in cycle {
            self.flip(r, m);
        }
    }

    /// Puts the walk back on `colours` (flipping each game that differs).
    fn reset(&mut self, colours: &[Vec<bool>]) {
        for (r, round) in colours.iter().enumerate() {
            for (m, &first_white) in round.iter().enumerate() {
                if self.colours[r][m] != first_white {
                    self.flip(r, m);
                }
            }
        }
    }
}

/// Colours for `pairing` with a lower Q than `colours` (which must break no rule), found by
/// annealing over single games and loops of games (`steps` moves, fewer if `control` stops
/// it); `None` when none was found. Used on the first schedule, whose colours are chosen for
/// the rules alone.
pub(crate) fn lower_q(
    size: Size,
    pairing: &[Vec<Match>],
    colours: &[Vec<bool>],
    seed: u64,
    steps: u64,
    control: &Control,
) -> Option<Vec<Vec<bool>>> {
    Walk::new(size, pairing, colours).lower_q(seed, steps, control)
}

/// Σ (L − 2)² over the runs of L ≥ 3 games of one colour.
fn run_cost(white: &[bool]) -> i64 {
    let mut cost = 0;
    let mut run = 0i64;
    for (r, &w) in white.iter().enumerate() {
        run = if r > 0 && white[r - 1] == w { run + 1 } else { 1 };
        if run > 2 {
            // Growing a run from L − 1 to L adds (L − 2)² − (L − 3)² = 2L − 5.
            cost += 2 * run - 5;
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cost_the_square_of_their_excess() {
        let (w, b) = (true, false);
        assert_eq!(run_cost(&[w, w, b, b, w]), 0);
        assert_eq!(run_cost(&[w, w, w, b]), 1);
        assert_eq!(run_cost(&[w, w, w, w, b, b, b]), 4 + 1);
        assert_eq!(run_cost(&[b, b, b, b, b]), 9);
    }
}

#[cfg(test)]
mod jamboree {
    use super::*;
    use crate::team_chess::{TeamChessOptions, team_chess};

    fn runs(teams: usize, boards: usize, rounds: usize) -> ((usize, usize), bool) {
        let size = Size {
            teams,
            boards,
            rounds,
        };
        let control = Control::with_counted_time(Duration::from_secs(30));
        let outcome = team_chess(&TeamChessOptions::new(size), &control).unwrap();
        (
            cost(&colours_by_player(&outcome), &(0..rounds).collect::<Vec<_>>()),
            outcome.reached_bound(),
        )
    }

    /// Issue 25's 8×6×7 had a player with four Whites in a row and 24 games beyond two in a
    /// row; reordering the rounds alone left 10. Recolouring too leaves at most a few, and
    /// 6×4×5 (14 beyond two before) none — at the same Q, the lower bound.
    #[test]
    fn recolouring_shortens_the_colour_runs_at_the_same_q() {
        let (eight, at_bound) = runs(8, 6, 7);
        assert!(at_bound);
        assert!(eight.0 <= 3 && eight.1 <= 6, "8×6×7: {eight:?}");
        let (six, at_bound) = runs(6, 4, 5);
        assert!(at_bound);
        assert_eq!(six, (2, 0), "6×4×5: nobody has three of a colour in a row");
    }
}
