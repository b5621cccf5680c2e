//! Colours for a fixed pairing, as a small MILP (good_lp): one binary per game.
//!
//! With the pairing fixed, rules 3, 4 and 9 and the objective terms Q_X and Q_Z depend only
//! on colours, and the model is small (one binary per non-float game: 180 for 12 teams × 10
//! boards × 3 rounds), so the MILP backends solve it where the full model defeats them.
//! The objective is scaled by R·B(B+1) so every coefficient is an integer.

use super::{Match, PlayerRef, Size};
use crate::milp::{Backend, MilpError, Model, minimise};
use crate::solver::{Control, Rng};
use good_lp::{Expression, ProblemVariables, Variable, constraint, variable};
use std::collections::HashMap;

/// For every round and match: does the match's `first` player have White?
pub(crate) type Colours = Vec<Vec<bool>>;

/// The colouring minimising Q_X + Q_Z for `pairing`, found within `seconds`, starting from
/// `start` when given (it must break no rule).
pub(crate) fn colour(
    size: Size,
    pairing: &[Vec<Match>],
    backend: Backend,
    seconds: f64,
    start: Option<&Colours>,
) -> Result<Colours, MilpError> {
    let (teams, boards, rounds) = (size.teams, size.boards, size.rounds);
    let mut variables = ProblemVariables::new();
    // None: a float, whose upfloater (`first`) has White by rule 9.
    let mut white: Vec<Vec<Option<Variable>>> = Vec::with_capacity(rounds);
    for round in pairing {
        white.push(
            round
                .iter()
                .map(|m| (!m.forced_white).then(|| variables.add(variable().binary())))
                .collect(),
        );
    }
    let mut player_whites = vec![Expression::from(0.0); teams * boards];
    let mut team_round_whites = vec![Expression::from(0.0); teams * rounds];
    for (r, round) in pairing.iter().enumerate() {
        for (m, game) in round.iter().enumerate() {
            let (first, second) = (game.first, game.second);
            match white[r][m] {
                Some(x) => {
                    player_whites[first.index(boards)] += x;
                    player_whites[second.index(boards)] += 1.0 - x;
                    team_round_whites[first.team * rounds + r] += x;
                    team_round_whites[second.team * rounds + r] += 1.0 - x;
                }
                None => {
                    player_whites[first.index(boards)] += 1.0;
                    team_round_whites[first.team * rounds + r] += 1.0;
                }
            }
        }
    }
    let scale = size.q_z_denominator() as f64;
    // The warm start: values of the game variables, then of each auxiliary |…| variable.
    let mut initial: HashMap<Variable, f64> = HashMap::new();
    if let Some(start) = start {
        for (slots, whites) in white.iter().zip(start) {
            for (slot, &first_white) in slots.iter().zip(whites) {
                if let Some(x) = slot {
                    initial.insert(*x, if first_white { 1.0 } else { 0.0 });
                }
            }
        }
    }
    let known = !initial.is_empty();
    let mut auxiliary: Vec<(Variable, f64)> = Vec::new();
    let mut constraints = Vec::new();
    let mut objective = Expression::from(0.0);
    let (low, high) = ((rounds / 2) as f64, rounds.div_ceil(2) as f64);
    for whites in &player_whites {
        constraints.push(constraint!(whites.clone() >= low));
        constraints.push(constraint!(whites.clone() <= high));
    }
    for t in 0..teams {
        let mut team_total = Expression::from(0.0);
        let mut weighted = Expression::from(0.0);
        for b in 0..boards {
            team_total += player_whites[t * boards + b].clone();
            weighted.add_mul((b + 1) as f64, player_whites[t * boards + b].clone());
        }
        constraints.push(constraint!(team_total == (rounds * boards / 2) as f64));
        // Q_Z term: |R·B(B+1) − 4·Σ l·w_l| (over the scale).
        let deviation = variables.add(variable().min(0.0));
        if known {
            auxiliary.push((deviation, (scale - 4.0 * weighted.eval_with(&initial)).abs()));
        }
        constraints.push(constraint!(deviation >= scale - 4.0 * weighted.clone()));
        constraints.push(constraint!(deviation >= 4.0 * weighted - scale));
        objective += deviation;
        for r in 0..rounds {
            // Q_X term: |whites − blacks| = |2·whites − B|, weighted by the scale.
            let imbalance = variables.add(variable().min(0.0));
            let whites = team_round_whites[t * rounds + r].clone();
            if known {
                auxiliary.push((
                    imbalance,
                    (2.0 * whites.eval_with(&initial) - boards as f64).abs(),
                ));
            }
            constraints.push(constraint!(imbalance >= 2.0 * whites.clone() - boards as f64));
            constraints.push(constraint!(imbalance >= boards as f64 - 2.0 * whites));
            objective.add_mul(scale, imbalance);
        }
    }
    let read: Vec<Variable> = white.iter().flatten().flatten().copied().collect();
    let model = Model {
        variables,
        objective,
        constraints,
        initial: initial.into_iter().chain(auxiliary).collect(),
    };
    let values = minimise(model, backend, seconds, &read)?;
    let mut values = values.into_iter();
    Ok(white
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|slot| slot.is_none() || values.next().is_some_and(|v| v > 0.5))
                .collect()
        })
        .collect())
}

/// The weight of one broken rule in `anneal`'s cost: above any Q numerator (at most about
/// N·R·B·R·B(B+1) ≈ 10⁹ for the largest events), so a cost under `HARD` breaks no rule.
pub(crate) const HARD: i64 = 1 << 40;

/// Colours for `pairing` by simulated annealing over single-game flips: fast, usually at or
/// near the optimum, and a warm start for the MILP. Returns the colouring and its cost in the
/// MILP's units (violations count `HARD` each, so a result under `HARD` breaks no rule). Stops
/// early when `control` says so, with the best colouring seen.
pub(crate) fn anneal(
    size: Size,
    pairing: &[Vec<Match>],
    rng: &mut Rng,
    steps: u64,
    control: &Control,
) -> (Colours, u64) {
    let mut colours: Colours = pairing
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|m| m.forced_white || rng.below(2) == 1)
                .collect()
        })
        .collect();
    let mut counts = WhiteCounts::new(size, pairing, &colours);
    let free: Vec<(usize, usize)> = pairing
        .iter()
        .enumerate()
        .flat_map(|(r, round)| {
            round
                .iter()
                .enumerate()
                .filter(|(_, m)| !m.forced_white)
                .map(move |(m, _)| (r, m))
        })
        .collect();
    // Costs are (broken-rule amount, Q in units of 1/scale). The walk weighs a broken rule
    // like a couple of Q_X units so it can pass through invalid colourings; only valid ones
    // are kept as the best.
    let (mut hard, mut soft) = counts.cost();
    let mut best = (colours.clone(), hard * HARD + soft);
    if free.is_empty() {
        return (best.0, best.1 as u64);
    }
    let scale = counts.scale;
    let weight = 3 * scale;
    let mut temperature = scale as f64;
    // The games of each player, to find a second flip that keeps the player's colour count.
    let mut games_of: Vec<Vec<(usize, usize)>> = vec![Vec::new(); size.teams * size.boards];
    for &(r, m) in &free {
        games_of[pairing[r][m].first.index(size.boards)].push((r, m));
        games_of[pairing[r][m].second.index(size.boards)].push((r, m));
    }
    for step in 0..steps {
        if step % 4096 == 0 {
            if control.should_stop() {
                break;
            }
            temperature = (temperature * 0.98).max(0.5);
            if step % (4096 * 400) == 0 {
                temperature = scale as f64;
            }
        }
        let moves = pick_flips(size, pairing, &free, &games_of, rng);
        let (mut dh, mut ds) = (0, 0);
        for &(r, m) in &moves {
            let (h, s) = counts.flip(r, m, &mut colours);
            dh += h;
            ds += s;
        }
        let delta = dh * weight + ds;
        if delta <= 0 || rng.unit() < (-(delta as f64) / temperature).exp() {
            hard += dh;
            soft += ds;
            if hard == 0 && soft < best.1 {
                best = (colours.clone(), soft);
            }
        } else {
            for &(r, m) in moves.iter().rev() {
                counts.flip(r, m, &mut colours);
            }
        }
    }
    (best.0, best.1.max(0) as u64)
}

/// A random free game to flip and, half the time, another game of one of its players, so
/// that player keeps their count.
fn pick_flips(
    size: Size,
    pairing: &[Vec<Match>],
    free: &[(usize, usize)],
    games_of: &[Vec<(usize, usize)>],
    rng: &mut Rng,
) -> Vec<(usize, usize)> {
    let (r, m) = free[rng.below(free.len())];
    let mut moves = vec![(r, m)];
    if rng.below(2) == 0 {
        let game = pairing[r][m];
        let who = if rng.below(2) == 0 {
            game.first
        } else {
            game.second
        };
        let list = &games_of[who.index(size.boards)];
        let other = list[rng.below(list.len())];
        if other != (r, m) {
            moves.push(other);
        }
    }
    moves
}

/// The Whites of a colouring counted per player, team and round, kept up to date flip by
/// flip, and the rules and objective terms priced from them.
struct WhiteCounts<'a> {
    pairing: &'a [Vec<Match>],
    boards: usize,
    rounds: usize,
    /// R·B(B+1), the unit of Q.
    scale: i64,
    /// Rule 3's least and most Whites per player.
    low: i64,
    high: i64,
    /// Rule 4's Whites per team.
    team_target: i64,
    /// Whites per player.
    player: Vec<i64>,
    /// Whites per team and round.
    team_round: Vec<i64>,
    /// Σ (board + 1)·Whites per team.
    weighted: Vec<i64>,
    /// Whites per team.
    total: Vec<i64>,
}

impl<'a> WhiteCounts<'a> {
    /// The counts of `colours`.
    fn new(size: Size, pairing: &'a [Vec<Match>], colours: &Colours) -> Self {
        let (boards, rounds) = (size.boards, size.rounds);
        let mut counts = WhiteCounts {
            pairing,
            boards,
            rounds,
            scale: size.q_z_denominator() as i64,
            low: (rounds / 2) as i64,
            high: rounds.div_ceil(2) as i64,
            team_target: (rounds * boards / 2) as i64,
            player: vec![0i64; size.teams * boards],
            team_round: vec![0i64; size.teams * rounds],
            weighted: vec![0i64; size.teams],
            total: vec![0i64; size.teams],
        };
        for (r, round) in pairing.iter().enumerate() {
            for (m, game) in round.iter().enumerate() {
                let white = if colours[r][m] { game.first } else { game.second };
                counts.add(white, r, 1);
            }
        }
        counts
    }

    /// Counts (`sign` 1) or uncounts (−1) a White for `white` in round `r`.
    fn add(&mut self, white: PlayerRef, r: usize, sign: i64) {
        self.player[white.index(self.boards)] += sign;
        self.team_round[white.team * self.rounds + r] += sign;
        self.weighted[white.team] += sign * (white.board as i64 + 1);
        self.total[white.team] += sign;
    }

    /// The cost of a player with `w` Whites: how far outside rule 3's range.
    fn player_cost(&self, w: i64) -> (i64, i64) {
        ((self.low - w).max(0) + (w - self.high).max(0), 0)
    }

    /// The cost of team `t` in round `r`: rule 4, its Q_Z term and its Q_X term for `r`.
    fn team_cost(&self, t: usize, r: usize) -> (i64, i64) {
        let scale = self.scale;
        (
            (self.total[t] - self.team_target).abs(),
            (scale - 4 * self.weighted[t]).abs()
                + scale * (2 * self.team_round[t * self.rounds + r] - self.boards as i64).abs(),
        )
    }

    /// The whole colouring's cost.
    fn cost(&self) -> (i64, i64) {
        let mut hard: i64 = self.player.iter().map(|&w| self.player_cost(w).0).sum();
        let mut soft: i64 = 0;
        for t in 0..self.total.len() {
            hard += (self.total[t] - self.team_target).abs();
            soft += (self.scale - 4 * self.weighted[t]).abs();
            for r in 0..self.rounds {
                soft += self.scale * (2 * self.team_round[t * self.rounds + r] - self.boards as i64).abs();
            }
        }
        (hard, soft)
    }

    /// Flips the colours of game `m` of round `r`; the change in cost, from the two players
    /// and their teams.
    fn flip(&mut self, r: usize, m: usize, colours: &mut Colours) -> (i64, i64) {
        let game = self.pairing[r][m];
        let (old_white, old_black) = if colours[r][m] {
            (game.first, game.second)
        } else {
            (game.second, game.first)
        };
        let local = |counts: &Self| {
            let parts = [
                counts.player_cost(counts.player[old_white.index(counts.boards)]),
                counts.player_cost(counts.player[old_black.index(counts.boards)]),
                counts.team_cost(old_white.team, r),
                counts.team_cost(old_black.team, r),
            ];
            parts.iter().fold((0, 0), |(h, s), (a, b)| (h + a, s + b))
        };
        let before = local(self);
        self.add(old_white, r, -1);
        self.add(old_black, r, 1);
        colours[r][m] = !colours[r][m];
        let after = local(self);
        (after.0 - before.0, after.1 - before.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_chess::pairing::even_pairing;

    #[test]
    fn an_expired_time_limit_stops_the_walk() {
        // A walk of unbounded length ends only at the time limit (a hang guard, not a speed
        // target); what it returns is a colouring of every game.
        let size = Size {
            teams: 12,
            boards: 10,
            rounds: 3,
        };
        let (coloured, games): (usize, usize) =
            crate::solver::finishes_within(std::time::Duration::from_secs(300), move || {
                let expired = Control::with_counted_time(std::time::Duration::ZERO);
                let pairing = even_pairing(size, 0);
                let (colours, _) = anneal(size, &pairing, &mut Rng::new(1), u64::MAX, &expired);
                (
                    colours.iter().map(Vec::len).sum::<usize>(),
                    pairing.iter().map(Vec::len).sum(),
                )
            });
        assert_eq!(coloured, games);
    }

    /// Brute force over every colouring of a tiny pairing: the MILP must find the optimum.
    #[test]
    fn milp_matches_brute_force_on_a_tiny_event() {
        let size = Size {
            teams: 4,
            boards: 2,
            rounds: 2,
        };
        let pairing = even_pairing(size, 0);
        let games: Vec<(usize, usize)> = (0..pairing.len())
            .flat_map(|r| (0..pairing[r].len()).map(move |m| (r, m)))
            .collect();
        let scale = size.q_z_denominator() as u64;
        let evaluate = |colours: &Colours| -> Option<u64> {
            let mut whites = [0u64; 8];
            let mut q = 0;
            for (r, round) in pairing.iter().enumerate() {
                let mut team_whites = [0i64; 4];
                for (m, game) in round.iter().enumerate() {
                    let w = if colours[r][m] { game.first } else { game.second };
                    whites[w.index(2)] += 1;
                    team_whites[w.team] += 1;
                }
                q += team_whites
                    .iter()
                    .map(|w| (2 * w - 2).unsigned_abs())
                    .sum::<u64>()
                    * scale;
            }
            if whites.iter().any(|&w| w != 1) {
                return None;
            }
            for t in 0..4 {
                q += scale.abs_diff(4 * (whites[2 * t] + 2 * whites[2 * t + 1]));
            }
            Some(q)
        };
        let mut best = u64::MAX;
        for mask in 0u32..(1 << games.len()) {
            let colours: Colours = pairing
                .iter()
                .enumerate()
                .map(|(r, round)| {
                    (0..round.len())
                        .map(|m| mask >> games.iter().position(|&g| g == (r, m)).unwrap() & 1 == 1)
                        .collect()
                })
                .collect();
            if let Some(q) = evaluate(&colours) {
                best = best.min(q);
            }
        }
        let milp = colour(size, &pairing, Backend::best_available(), 10.0, None).unwrap();
        assert_eq!(evaluate(&milp), Some(best));
    }
}
