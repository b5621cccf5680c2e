//! Pairings for an odd number of teams, built from small blocks on each pair of boards.
//!
//! With N odd each pair of boards (1–2, 3–4, …) has exactly one float per round, and the
//! games of a board pair in a round form cycles on the teams (see `board_pairs`). The
//! near-1-factors of Z_N used by `pairing::odd_pairings` join the teams in one long cycle
//! through the float, whose direction the float fixes: no colour freedom at all. Here every
//! board pair and round is instead cut into blocks that keep cycles short:
//! - a triangle (a, c, d): a's upper player floats down to c's lower player (c has White,
//!   rule 9), a's lower player plays d's lower player, c's upper player plays d's upper one;
//! - doubles {x, y}: x and y play each other on both boards (a free colour bit);
//! - 4-cycles (x, y, z, w): upper x–y and z–w, lower y–z and w–x (one free bit, and four
//!   distinct meetings instead of a double, which rule 2 sometimes needs).
//!
//! Each double and 4-cycle carries one colour bit (which way round its cycle runs); the
//! triangle's colours are fixed by the float. Every team then has exactly one White per board
//! pair per round (Q_X = 0, rule 4). One annealing search moves teams between blocks, merges
//! or splits blocks and flips colour bits until rules 1, 2, 3, 7 and 8 hold, minimising
//! Q_Y + Q_Z: structure and colours together, because a structure chosen alone is seldom
//! colourable under rule 3 (measured on 11×10×3: most are not).

use super::colours::Colours;
use super::pairing::Pairing;
use super::{Match, PlayerRef, Size};
use crate::solver::{Control, Progress, Rng};

/// One board pair in one round: `order[0..3]` is the triangle (a, c, d), then blocks of the
/// sizes in `blocks` (2 or 4) in order, each with its colour bit in `bits`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cell {
    order: Vec<usize>,
    blocks: Vec<usize>,
    bits: Vec<bool>,
}

/// A player as (team, on the upper board of the pair?).
type Seat = (usize, bool);

impl Cell {
    /// Every game as (White, Black, is it the float).
    fn games(&self, mut emit: impl FnMut(Seat, Seat, bool)) {
        let o = &self.order;
        let (a, c, d) = (o[0], o[1], o[2]);
        // The float runs c → a (the upfloater has White, rule 9); round the triangle that
        // makes a White below and d White above.
        emit((c, false), (a, true), true);
        emit((a, false), (d, false), false);
        emit((d, true), (c, true), false);
        let mut at = 3;
        for (&size, &forward) in self.blocks.iter().zip(&self.bits) {
            let t = &o[at..at + size];
            // A cycle's games in order; running it forwards the first-named player is White.
            let cycle: &[(usize, usize, bool)] = if size == 2 {
                &[(0, 1, true), (1, 0, false)]
            } else {
                &[(0, 1, true), (1, 2, false), (2, 3, true), (3, 0, false)]
            };
            for &(x, y, upper) in cycle {
                let (white, black) = if forward { (t[x], t[y]) } else { (t[y], t[x]) };
                emit((white, upper), (black, upper), false);
            }
            at += size;
        }
    }
}

/// cells[j][r] for board pair j and round r.
type Plan = Vec<Vec<Cell>>;

struct Scratch {
    opponent: Vec<usize>,
    whites: Vec<u32>,
    weighted: Vec<i64>,
    meetings: Vec<u32>,
    ups: Vec<u32>,
    downs: Vec<u32>,
}

impl Scratch {
    fn new(size: Size) -> Self {
        let n = size.teams;
        Scratch {
            opponent: vec![0; n * size.boards * size.rounds],
            whites: vec![0; n * size.boards],
            weighted: vec![0; n],
            meetings: vec![0; n * n],
            ups: vec![0; n],
            downs: vec![0; n],
        }
    }
}

/// How far a plan is from valid and good; Q_X is 0 by construction.
#[derive(Debug, Clone, Copy)]
struct Cost {
    /// Broken rules 1, 2, 7 and 8 (who meets whom and who floats).
    structure: u32,
    /// Broken rule 3 (colours).
    colours: u32,
    q_y: u32,
    /// Q_Z as a numerator over R·B(B+1).
    q_z: u64,
}

fn cost(size: Size, plan: &Plan, scratch: &mut Scratch) -> Cost {
    let n = size.teams;
    let (boards, rounds) = (size.boards, size.rounds);
    let Scratch {
        opponent,
        whites,
        weighted,
        meetings,
        ups,
        downs,
    } = scratch;
    whites.iter_mut().for_each(|m| *m = 0);
    weighted.iter_mut().for_each(|m| *m = 0);
    meetings.iter_mut().for_each(|m| *m = 0);
    ups.iter_mut().for_each(|m| *m = 0);
    downs.iter_mut().for_each(|m| *m = 0);
    let mut hard = 0u32;
    for (j, row) in plan.iter().enumerate() {
        let board = |upper: bool| 2 * j + usize::from(!upper);
        for (r, cell) in row.iter().enumerate() {
            cell.games(|(w, w_upper), (b, b_upper), _| {
                meetings[w * n + b] += 1;
                meetings[b * n + w] += 1;
                let pw = w * boards + board(w_upper);
                let pb = b * boards + board(b_upper);
                // opponent[player × rounds + r]: the team that player met in round r.
                opponent[pw * rounds + r] = b;
                opponent[pb * rounds + r] = w;
                whites[pw] += 1;
                weighted[w] += board(w_upper) as i64 + 1;
            });
            let (a, c) = (cell.order[0], cell.order[1]);
            downs[a] += 1;
            ups[c] += 1;
            // Rule 7: a player floats at most once (a's upper player, c's lower player).
            for earlier in &row[..r] {
                hard += u32::from(earlier.order[0] == a) + u32::from(earlier.order[1] == c);
            }
        }
    }
    // Rule 1: no player meets a team twice.
    for player in opponent.chunks(rounds) {
        for r in 1..rounds {
            hard += player[..r].iter().filter(|&&t| t == player[r]).count() as u32;
        }
    }
    // Rule 3: ⌊R/2⌋ or ⌈R/2⌉ Whites each.
    let (low, high) = ((rounds / 2) as u32, rounds.div_ceil(2) as u32);
    let colours = whites
        .iter()
        .map(|&w| w.saturating_sub(high) + low.saturating_sub(w))
        .sum();
    let games = rounds * boards;
    let (least, most) = ((games / (n - 1)) as u32, games.div_ceil(n - 1) as u32);
    for x in 0..n {
        for y in x + 1..n {
            let m = meetings[x * n + y];
            hard += m.saturating_sub(most) + least.saturating_sub(m);
        }
    }
    let cap = size.float_cap() as u32;
    let scale = size.q_z_denominator() as i64;
    let (mut q_y, mut q_z) = (0, 0);
    for t in 0..n {
        hard += ups[t].saturating_sub(cap) + downs[t].saturating_sub(cap);
        q_y += ups[t].abs_diff(downs[t]);
        q_z += (scale - 4 * weighted[t]).unsigned_abs();
    }
    Cost {
        structure: hard,
        colours,
        q_y,
        q_z,
    }
}

/// The finding walk's starting temperature (in units of one broken rule / 4).
const FINDING_HEAT: f64 = 2.0;
/// The polishing walk's starting temperature (in units of Q_Z's numerator; its steps are 4).
const POLISH_HEAT: f64 = 8.0;
/// Steps without a new best after which a polish starts over from a fresh plan.
const POLISH_STALL: u64 = 400_000;

/// Searches block plans for an odd number of teams (and an even number of boards) until
/// `control` says stop or the plan reaches `bound`. Returns the best rule-abiding plan found
/// as a pairing with its colours (`first` is always White) and its Q numerator.
pub(crate) fn odd_block_schedule(
    size: Size,
    bound: u64,
    seed: u64,
    control: &Control,
) -> Option<(Pairing, Colours, u64)> {
    let n = size.teams;
    let pairs = size.boards / 2;
    if n < 3 || n % 2 == 0 || size.boards % 2 == 1 {
        return None;
    }
    let mut rng = Rng::new(seed);
    let random_cell = |rng: &mut Rng| {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut blocks = Vec::new();
        let mut left = n - 3;
        while left > 0 {
            let size = if left >= 4 && rng.below(2) == 0 { 4 } else { 2 };
            blocks.push(size);
            left -= size;
        }
        let bits = blocks.iter().map(|_| rng.below(2) == 1).collect();
        Cell { order, blocks, bits }
    };
    let fresh_plan = |rng: &mut Rng| -> Plan {
        (0..pairs)
            .map(|_| (0..size.rounds).map(|_| random_cell(rng)).collect())
            .collect()
    };
    let mut plan = fresh_plan(&mut rng);
    let mut scratch = Scratch::new(size);
    // Two phases. Finding: the walk minimises broken rules 1, 2, 7, 8 and Q_Y, colours aside
    // (measured: with rule 3 as well it rarely gets there; the rules alone are hard, rule 2
    // asking for exact meeting counts). Polishing, once the structure is valid and Q_Y = 0:
    // only such plans are accepted, and the walk flips colour bits, moves whole cells to other
    // board pairs and reshapes blocks to satisfy rule 3 and minimise Q_Z. A polish that stops
    // improving starts over from a fresh plan.
    let finding_score = |c: Cost| f64::from(c.structure) * 4.0 + f64::from(c.q_y);
    let polish_score = |c: Cost| f64::from(c.colours) * 20.0 + c.q_z as f64;
    let q = |c: Cost| u64::from(c.q_y) * size.q_z_denominator() as u64 + c.q_z;
    let valid = |c: Cost| c.structure == 0 && c.colours == 0;
    let mut polishing = false;
    let mut current = cost(size, &plan, &mut scratch);
    let mut best: Option<(Plan, u64)> = None;
    let mut temperature = FINDING_HEAT;
    let (mut step, mut last_gain) = (0u64, 0u64);
    // Each step recounts the whole plan: large fields are checked more often.
    let check_every = Control::steps_between_checks(n * n + n * size.boards * size.rounds * size.rounds);
    loop {
        step += 1;
        if step % check_every == 0 && control.should_stop() {
            break;
        }
        if step % 1024 == 0 {
            if polishing {
                temperature = (temperature * 0.99).max(1.0);
                if step - last_gain > POLISH_STALL {
                    plan = fresh_plan(&mut rng);
                    current = cost(size, &plan, &mut scratch);
                    polishing = false;
                    temperature = FINDING_HEAT;
                }
            } else {
                temperature = (temperature * 0.97).max(0.05);
                if step % (1024 * 300) == 0 {
                    temperature = FINDING_HEAT;
                }
            }
        }
        let (j, r) = (rng.below(pairs), rng.below(size.rounds));
        let choice = rng.below(20);
        // Once valid, moving a whole cell to another board pair is the main move: it keeps
        // every meeting and float (rules 2, 8, Q_Y) and changes which boards get the Whites.
        let partner = (polishing && choice < 7 && pairs > 1).then(|| {
            let other = rng.below(pairs - 1);
            (other + usize::from(other >= j), rng.below(size.rounds))
        });
        let old = match partner {
            Some((j2, r2)) => {
                let cell = plan[j][r].clone();
                plan[j][r] = std::mem::replace(&mut plan[j2][r2], cell);
                None
            }
            None => Some(plan[j][r].clone()),
        };
        let cell = &mut plan[j][r];
        if partner.is_some() {
        } else if choice % 10 == 9 && !cell.blocks.is_empty() {
            // Merge two doubles into a 4-cycle, or split a 4-cycle into two doubles.
            let k = rng.below(cell.blocks.len());
            if cell.blocks[k] == 4 {
                cell.blocks.splice(k..=k, [2, 2]);
                cell.bits.insert(k, rng.below(2) == 1);
            } else if cell.blocks.get(k + 1) == Some(&2) {
                cell.blocks.splice(k..k + 2, [4]);
                cell.bits.remove(k);
            }
        } else if polishing && choice < 17 && !cell.bits.is_empty() {
            let k = rng.below(cell.bits.len());
            cell.bits[k] = !cell.bits[k];
        } else {
            let (x, y) = (rng.below(n), rng.below(n));
            cell.order.swap(x, y);
        }
        let candidate = cost(size, &plan, &mut scratch);
        let accept = if polishing {
            let rise = polish_score(candidate) - polish_score(current);
            candidate.structure == 0
                && candidate.q_y == 0
                && (rise <= 0.0 || rng.unit() < (-rise / temperature).exp())
        } else {
            let rise = finding_score(candidate) - finding_score(current);
            rise <= 0.0 || rng.unit() < (-rise / temperature).exp()
        };
        if accept {
            current = candidate;
            if valid(candidate) && best.as_ref().is_none_or(|(_, best)| q(candidate) < *best) {
                best = Some((plan.clone(), q(candidate)));
                last_gain = step;
                control.report(Progress {
                    done: step,
                    best_quality: q(candidate) as f64 / size.q_z_denominator() as f64,
                });
                if q(candidate) <= bound {
                    break;
                }
            }
            if !polishing && candidate.structure == 0 && candidate.q_y == 0 {
                polishing = true;
                temperature = POLISH_HEAT;
                last_gain = step;
            }
        } else {
            match (old, partner) {
                (Some(old), _) => plan[j][r] = old,
                (None, Some((j2, r2))) => {
                    let cell = plan[j][r].clone();
                    plan[j][r] = std::mem::replace(&mut plan[j2][r2], cell);
                }
                (None, None) => unreachable!("a move either swaps cells or keeps the old cell"),
            }
        }
    }
    best.map(|(plan, q)| {
        let pairing = matches(size, &plan);
        let colours = pairing.iter().map(|round| vec![true; round.len()]).collect();
        (pairing, colours, q)
    })
}

fn matches(size: Size, plan: &Plan) -> Pairing {
    (0..size.rounds)
        .map(|r| {
            let mut games = Vec::with_capacity(size.teams * size.boards / 2);
            for (j, row) in plan.iter().enumerate() {
                let player = |(team, upper): Seat| PlayerRef::new(team, 2 * j + usize::from(!upper));
                row[r].games(|white, black, float| {
                    games.push(Match::new(player(white), player(black), float));
                });
            }
            games
        })
        .collect()
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The plan's own accounting must agree with what its games say: Q_X = 0, floats White,
    /// every player one game a round, within one board.
    #[test]
    fn block_plans_are_balanced_games() {
        let size = Size {
            teams: 11,
            boards: 10,
            rounds: 3,
        };
        // Random search: a few seeds (a plan usually comes in about a second).
        let (pairing, colours, q) = (1..=5)
            .find_map(|seed| {
                let control = Control::with_time_limit(Duration::from_secs(10));
                odd_block_schedule(size, size.lower_bound_numerator(), seed, &control)
            })
            .expect("a plan within 5 × 10 s");
        assert!(q >= size.lower_bound_numerator());
        for (round, whites) in pairing.iter().zip(&colours) {
            assert!(whites.iter().all(|&w| w), "colours are carried by the order");
            let mut played = vec![0; size.teams * size.boards];
            let mut team_whites = vec![0; size.teams];
            for game in round {
                assert!(game.first.board.abs_diff(game.second.board) <= 1);
                assert_ne!(game.first.team, game.second.team);
                played[game.first.index(size.boards)] += 1;
                played[game.second.index(size.boards)] += 1;
                team_whites[game.first.team] += 1;
                if game.forced_white {
                    assert_eq!(game.first.board, game.second.board + 1, "the upfloater is White");
                }
            }
            assert!(played.iter().all(|&p| p == 1));
            assert!(team_whites.iter().all(|&w| w == size.boards / 2));
        }
    }
}
