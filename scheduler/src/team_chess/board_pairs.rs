//! Colours for boards worked in pairs (1–2, 3–4, …), with every team-round balanced by
//! construction.
//!
//! In one round, the games on a pair of boards form a 2-regular multigraph on the teams: each
//! team has two players there and each plays one game, within the pair (floats of an odd field
//! stay inside their pair). Such a graph is a union of cycles, and orienting every cycle
//! round (White = the player whose team the arrow leaves) gives each team exactly one White
//! on the pair. Summed over the pairs, every team has B/2 Whites in every round: Q_X = 0 and
//! rule 4 hold whatever else is chosen. A float fixes its cycle's direction (rule 9).
//!
//! With an odd number of boards (then the number of teams is even, so there are no floats)
//! the last board has no partner: each of its games is a "cycle" of one game, free either
//! way. Every team then has (B−1)/2 Whites on the pairs and 0 or 1 on the last board, so each
//! team-round has |Whites − Blacks| = 1, the least an odd B allows: Q_X is at its bound.
//!
//! What is left is one bit per cycle, and only rule 3 (each player ⌊R/2⌋ or ⌈R/2⌉ Whites) and
//! Q_Z depend on it: a small annealing search over cycle flips, far smaller than the search
//! over single games in `colours`, whose flips must first undo each other's imbalance.
//! Returns `None` when the pairing does not decompose this way (a game leaving its pair, or
//! two floats forcing one cycle both ways).

use super::colours::{Colours, HARD};
use super::{Match, PlayerRef, Size};
use crate::solver::{Control, Rng};

/// One cycle: its games as (round, match, does `first` have White when the cycle runs
/// forwards), and the direction a float forces, if any.
pub(super) struct Cycle {
    pub edges: Vec<(usize, usize, bool)>,
    pub forced: Option<bool>,
}

/// The cycles of every round and board pair, or `None` when some game leaves its pair or two
/// floats disagree on a cycle's direction.
pub(super) fn cycles(size: Size, pairing: &[Vec<Match>]) -> Option<Vec<Cycle>> {
    let pairs = size.boards / 2;
    let lone = (size.boards % 2 == 1).then_some(size.boards - 1);
    let mut found = Vec::new();
    for (r, round) in pairing.iter().enumerate() {
        // incident[pair][team]: the games of the team's two players on that pair of boards.
        let mut incident = vec![vec![Vec::with_capacity(2); size.teams]; pairs];
        for (m, game) in round.iter().enumerate() {
            if lone.is_some_and(|b| game.first.board == b || game.second.board == b) {
                // The unpaired last board: a game within it is a cycle of its own.
                if game.first.board != game.second.board || game.forced_white {
                    return None;
                }
                found.push(Cycle {
                    edges: vec![(r, m, true)],
                    forced: None,
                });
                continue;
            }
            let pair = game.first.board / 2;
            if game.second.board / 2 != pair {
                return None;
            }
            incident[pair][game.first.team].push(m);
            incident[pair][game.second.team].push(m);
        }
        let mut seen = vec![false; round.len()];
        for teams in &incident {
            if teams.iter().any(|games| games.len() != 2) {
                return None;
            }
            for games in teams {
                let start = games[0];
                if seen[start] {
                    continue;
                }
                let mut cycle = Cycle {
                    edges: Vec::new(),
                    forced: None,
                };
                let (mut game, mut from) = (start, round[start].first.team);
                loop {
                    seen[game] = true;
                    let m = round[game];
                    let first_leads = m.first.team == from;
                    cycle.edges.push((r, game, first_leads));
                    if m.forced_white {
                        // The upfloater (`first`) must have White.
                        match cycle.forced {
                            Some(direction) if direction != first_leads => return None,
                            _ => cycle.forced = Some(first_leads),
                        }
                    }
                    let to = if first_leads { m.second.team } else { m.first.team };
                    let next = teams[to].iter().copied().find(|&g| g != game)?;
                    if next == start {
                        break;
                    }
                    (game, from) = (next, to);
                }
                found.push(cycle);
            }
        }
    }
    Some(found)
}

/// Colours for `pairing` with Q_X at its least (0, or N·R with an odd number of boards), the
/// cycle directions chosen by annealing. Returns the colouring and its cost in
/// `colours::anneal`'s units (Q over R·B(B+1), plus `HARD` per unit of broken rule 3), or
/// `None` when the pairing has no such colouring. Stops early when `control` says so, with
/// the best colouring seen.
pub(crate) fn anneal(
    size: Size,
    pairing: &[Vec<Match>],
    rng: &mut Rng,
    steps: u64,
    control: &Control,
) -> Option<(Colours, u64)> {
    let cycles = cycles(size, pairing)?;
    let scale = size.q_z_denominator() as i64;
    // Q_X, fixed by the decomposition: 1 per team-round when the last board is unpaired.
    let q_x = (size.teams * size.rounds * (size.boards % 2)) as u64 * scale as u64;
    let mut forward: Vec<bool> = cycles
        .iter()
        .map(|c| c.forced.unwrap_or_else(|| rng.below(2) == 1))
        .collect();
    let mut counts = CycleCounts::new(size, pairing, &cycles, &forward);
    let mut hard: i64 = counts.whites.iter().map(|&w| counts.deviation(w)).sum();
    let mut soft: i64 = counts.weighted.iter().map(|&w| counts.team_cost(w)).sum();
    let mut best = (forward.clone(), hard * HARD + soft);
    let free: Vec<usize> = (0..cycles.len())
        .filter(|&c| cycles[c].forced.is_none())
        .collect();
    if free.is_empty() || best.1 == 0 {
        return Some((colours_of(pairing, &cycles, &best.0), best.1 as u64 + q_x));
    }
    // A broken rule weighs like a couple of units of Q_Z imbalance, so the walk can cross
    // invalid colourings; only valid ones are kept.
    let weight = 8;
    let mut temperature = 4.0;
    // A reversal walks its whole cycle: long cycles (large fields) are checked more often.
    let edges: usize = cycles.iter().map(|c| c.edges.len()).sum();
    let check_every = Control::steps_between_checks(edges / cycles.len().max(1));
    for step in 0..steps {
        if step % check_every == 0 && control.should_stop() {
            break;
        }
        if step % 2048 == 0 {
            temperature = (temperature * 0.97f64).max(0.3);
            if step % (2048 * 200) == 0 {
                temperature = 4.0;
            }
        }
        let c = free[rng.below(free.len())];
        let (dh, ds) = counts.reverse(c, &mut forward);
        let delta = dh * weight + ds;
        if delta <= 0 || rng.unit() < (-(delta as f64) / temperature).exp() {
            hard += dh;
            soft += ds;
            if hard == 0 && soft < best.1 {
                best = (forward.clone(), soft);
                if soft == 0 {
                    break;
                }
            }
        } else {
            counts.reverse(c, &mut forward);
        }
    }
    Some((colours_of(pairing, &cycles, &best.0), best.1 as u64 + q_x))
}

/// The colouring given by the cycles' directions.
fn colours_of(pairing: &[Vec<Match>], cycles: &[Cycle], forward: &[bool]) -> Colours {
    let mut colours: Colours = pairing.iter().map(|round| vec![false; round.len()]).collect();
    for (cycle, &dir) in cycles.iter().zip(forward) {
        for &(r, m, first_leads) in &cycle.edges {
            colours[r][m] = first_leads == dir;
        }
    }
    colours
}

/// The Whites per player and Σ board·Whites per team of the cycles' directions, kept up to
/// date cycle reversal by cycle reversal.
struct CycleCounts<'a> {
    pairing: &'a [Vec<Match>],
    cycles: &'a [Cycle],
    boards: usize,
    /// Rule 3's least and most Whites per player.
    low: i64,
    high: i64,
    /// R·B(B+1), the unit of Q.
    scale: i64,
    /// Whites per player.
    whites: Vec<i64>,
    /// Σ (board + 1)·Whites per team.
    weighted: Vec<i64>,
    /// Scratch for `reverse`: each team's change in `weighted`, and the teams changed.
    team_change: Vec<i64>,
    is_touched: Vec<bool>,
    touched: Vec<usize>,
}

impl<'a> CycleCounts<'a> {
    /// The counts of the directions `forward`.
    fn new(size: Size, pairing: &'a [Vec<Match>], cycles: &'a [Cycle], forward: &[bool]) -> Self {
        let boards = size.boards;
        let mut counts = CycleCounts {
            pairing,
            cycles,
            boards,
            low: (size.rounds / 2) as i64,
            high: size.rounds.div_ceil(2) as i64,
            scale: size.q_z_denominator() as i64,
            whites: vec![0i64; size.teams * boards],
            weighted: vec![0i64; size.teams],
            team_change: vec![0i64; size.teams],
            is_touched: vec![false; size.teams],
            touched: Vec::new(),
        };
        for (cycle, &dir) in cycles.iter().zip(forward) {
            for &(r, m, first_leads) in &cycle.edges {
                let (white, _) = counts.white_of(r, m, first_leads == dir);
                counts.whites[white.index(boards)] += 1;
                counts.weighted[white.team] += white.board as i64 + 1;
            }
        }
        counts
    }

    /// The (White, Black) players of game `m` of round `r`.
    fn white_of(&self, r: usize, m: usize, first_white: bool) -> (PlayerRef, PlayerRef) {
        let game = self.pairing[r][m];
        if first_white {
            (game.first, game.second)
        } else {
            (game.second, game.first)
        }
    }

    /// How far a player's `w` Whites are outside rule 3's range.
    fn deviation(&self, w: i64) -> i64 {
        (self.low - w).max(0) + (w - self.high).max(0)
    }

    /// A team's Q_Z term for its Σ board·Whites `w`.
    fn team_cost(&self, w: i64) -> i64 {
        (self.scale - 4 * w).abs()
    }

    /// Reverses cycle `c`; the change in (broken rule 3, Q_Z).
    fn reverse(&mut self, c: usize, forward: &mut [bool]) -> (i64, i64) {
        // Reversing a cycle moves one White from each game's White player to its Black player.
        let (mut dh, mut ds) = (0, 0);
        for &(r, m, first_leads) in &self.cycles[c].edges {
            let (white, black) = self.white_of(r, m, first_leads == forward[c]);
            for (player, change) in [(white, -1), (black, 1)] {
                let index = player.index(self.boards);
                dh -= self.deviation(self.whites[index]);
                self.whites[index] += change;
                dh += self.deviation(self.whites[index]);
                if !self.is_touched[player.team] {
                    self.is_touched[player.team] = true;
                    self.touched.push(player.team);
                }
                self.team_change[player.team] += change * (player.board as i64 + 1);
            }
        }
        for i in 0..self.touched.len() {
            let team = self.touched[i];
            ds -= self.team_cost(self.weighted[team]);
            self.weighted[team] += self.team_change[team];
            ds += self.team_cost(self.weighted[team]);
            self.team_change[team] = 0;
            self.is_touched[team] = false;
        }
        self.touched.clear();
        forward[c] = !forward[c];
        (dh, ds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Control;
    use crate::team_chess::odd_blocks::odd_block_schedule;
    use crate::team_chess::pairing::even_pairing;

    /// Every team has exactly B/2 Whites in every round, whatever the directions.
    fn team_round_whites(size: Size, pairing: &[Vec<Match>], colours: &Colours) -> Vec<Vec<usize>> {
        pairing
            .iter()
            .zip(colours)
            .map(|(round, whites)| {
                let mut count = vec![0; size.teams];
                for (game, &first_white) in round.iter().zip(whites) {
                    count[if first_white {
                        game.first.team
                    } else {
                        game.second.team
                    }] += 1;
                }
                count
            })
            .collect()
    }

    #[test]
    fn an_expired_time_limit_stops_the_walk() {
        // 10 boards × 3 rounds: 330 ≡ 2 (mod 4), so Q_Z never reaches 0 and only the time
        // limit can end a walk of unbounded length (a hang guard, not a speed target).
        let size = Size {
            teams: 12,
            boards: 10,
            rounds: 3,
        };
        let found = crate::solver::finishes_within(std::time::Duration::from_secs(300), move || {
            let expired = Control::with_counted_time(std::time::Duration::ZERO);
            let found = anneal(size, &even_pairing(size, 0), &mut Rng::new(1), u64::MAX, &expired);
            found.map(|(_, cost)| cost)
        });
        assert!(
            found.is_some(),
            "the even pairing decomposes into board-pair cycles"
        );
    }

    #[test]
    fn every_team_round_is_balanced_and_floats_keep_white() {
        let even = Size {
            teams: 12,
            boards: 10,
            rounds: 3,
        };
        let odd = Size {
            teams: 11,
            boards: 10,
            rounds: 3,
        };
        let mut rng = Rng::new(5);
        let mut pairings = vec![(even, even_pairing(even, 0))];
        // A block plan's games (its own colours are ignored here); random search, so a few seeds.
        // The search improves its plan until its (counted, not clock) time is up; any plan
        // will do here, so it gets a short one.
        let (plan, _, _) = (1..=5)
            .find_map(|seed| {
                let control = Control::with_counted_time(std::time::Duration::from_millis(300));
                odd_block_schedule(odd, 0, seed, &control, &mut |_, _, _| true)
            })
            .expect("a block plan for 11×10×3");
        pairings.push((odd, plan));
        for (size, pairing) in pairings {
            let (colours, _) =
                anneal(size, &pairing, &mut rng, 20_000, &Control::unlimited()).expect("pairs decompose");
            for counts in team_round_whites(size, &pairing, &colours) {
                assert!(counts.iter().all(|&c| c == size.boards / 2), "{counts:?}");
            }
            for (round, whites) in pairing.iter().zip(&colours) {
                for (game, &first_white) in round.iter().zip(whites) {
                    assert!(!game.forced_white || first_white, "an upfloater got Black");
                }
            }
        }
    }

    #[test]
    fn an_unpaired_last_board_leaves_every_team_round_one_off_balance() {
        // With an odd number of boards the last board's games are cycles of their own: each
        // team has one White per board pair and 0 or 1 on the last board, whatever the bits.
        let size = Size {
            teams: 10,
            boards: 7,
            rounds: 4,
        };
        let pairing = even_pairing(size, 0);
        let (colours, cost) = anneal(size, &pairing, &mut Rng::new(1), 20_000, &Control::unlimited())
            .expect("pairs and the last board decompose");
        assert!(cost >= size.lower_bound_numerator(), "the cost includes Q_X");
        for counts in team_round_whites(size, &pairing, &colours) {
            assert!(counts.iter().all(|&c| c == 3 || c == 4), "{counts:?}");
        }
    }
}
