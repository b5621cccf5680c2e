//! Who plays whom, colours aside.
//!
//! Every board is a round-robin structure over the teams. With an even number of teams each
//! board plays R consecutive rounds of one 1-factorisation (the circle method), the windows of
//! successive boards laid end to end so every round of the factorisation is used equally
//! often: that balances how often two teams meet (rule 2) with no search at all.
//!
//! With an odd number of teams nobody can be matched within a board, so boards pair up
//! (1–2, 3–4, …) and each pair has exactly one float per round (rule 6 leaves no other
//! choice). Each board plays a near-1-factor F_i of Z_N (pairs {i−j, i+j}; team i has no
//! opponent there); the team left out on the upper board plays the team left out on the lower
//! board: that is the float. What remains free is which factor each board uses in each round;
//! a small annealing search picks them so that rules 1, 2 and 8 hold and every team has as
//! many upfloats as downfloats.

use super::{Match, PlayerRef, Size};
use crate::solver::Control;
use crate::solver::Rng;

/// Every round's matches. In a float the `first` player is the upfloater (who must have
/// White, rule 9) and `forced_white` is set.
pub(crate) type Pairing = Vec<Vec<Match>>;

/// The pairing for an even number of teams: board b plays rounds b·R … b·R + R − 1 (plus
/// `shift`) of the factorisation.
pub(crate) fn even_pairing(size: Size, shift: usize) -> Pairing {
    let cycle = size.teams - 1;
    let factors: Vec<Vec<usize>> = (0..size.boards)
        .map(|board| {
            (0..size.rounds)
                .map(|r| (board * size.rounds + r + shift) % cycle)
                .collect()
        })
        .collect();
    even_pairing_from(size, &factors)
}

/// Another balanced pairing for an even number of teams: every factor still used ⌊RB/(N−1)⌋
/// or ⌈RB/(N−1)⌉ times and no board using a factor twice, but which board uses which factor
/// in which round is random. Colours depend a lot on this (boards sharing a factor in a round
/// form whole team matches, which are easy to balance), so the engine colours several.
pub(crate) fn random_even_pairing(size: Size, rng: &mut Rng) -> Pairing {
    let cycle = size.teams - 1;
    let slots = size.boards * size.rounds;
    // Each factor ⌊·⌋ or ⌈·⌉ times: the first slots/cycle full passes, then a random remainder.
    let mut extra: Vec<usize> = (0..cycle).collect();
    shuffle(&mut extra, rng);
    let mut pool: Vec<usize> = (0..slots / cycle).flat_map(|_| 0..cycle).collect();
    pool.extend(extra.into_iter().take(slots % cycle));
    shuffle(&mut pool, rng);
    let mut factors: Vec<Vec<usize>> = pool.chunks(size.rounds).map(<[usize]>::to_vec).collect();
    // Repair boards that use a factor twice by swapping with another board (a few passes of
    // random swaps always settle: a board needs only R ≤ N − 1 distinct factors).
    for _ in 0..10_000 {
        let Some((b, r)) = first_repeat(&factors) else {
            break;
        };
        let (c, s) = (rng.below(size.boards), rng.below(size.rounds));
        let (x, y) = (factors[b][r], factors[c][s]);
        if c != b && !factors[b].contains(&y) && !factors[c].contains(&x) {
            factors[b][r] = y;
            factors[c][s] = x;
        }
    }
    if first_repeat(&factors).is_some() {
        return even_pairing(size, rng.below(cycle));
    }
    even_pairing_from(size, &factors)
}

/// A balanced pairing for an even number of teams in which the two boards of a pair (1–2,
/// 3–4, …) play the *same* factor in a round wherever the counts allow. The games of such a
/// board pair are then N/2 separate two-game team mini-matches, each colourable either way
/// round, where two different factors of the circle method join all teams in one long cycle
/// with a single free direction (`board_pairs` explains why that matters). With an odd number
/// of boards the last board has no partner and plays R distinct factors of its own, taken
/// from those used an odd number of times so that as few as possible are left over. Factors
/// left with an odd count fill the remaining pair-rounds two by two. `None` when the random
/// repair did not settle (the caller then uses another pairing).
pub(crate) fn doubled_even_pairing(size: Size, rng: &mut Rng) -> Option<Pairing> {
    let cycle = size.teams - 1;
    let (pairs, rounds) = (size.boards / 2, size.rounds);
    let slots = size.boards * rounds;
    let mut count = vec![slots / cycle; cycle];
    let mut extra: Vec<usize> = (0..cycle).collect();
    shuffle(&mut extra, rng);
    for &f in extra.iter().take(slots % cycle) {
        count[f] += 1;
    }
    // The unpaired board's factors (R ≤ N − 1, so R distinct ones exist): odd counts first.
    let mut lone: Vec<usize> = Vec::new();
    if size.boards % 2 == 1 {
        let mut order: Vec<usize> = (0..cycle).collect();
        shuffle(&mut order, rng);
        order.sort_by_key(|&f| count[f].is_multiple_of(2));
        lone = order[..rounds].to_vec();
        for &f in &lone {
            count[f] -= 1;
        }
    }
    let mut doubles: Vec<(usize, usize)> = Vec::with_capacity(pairs * rounds);
    let mut odd: Vec<usize> = Vec::new();
    for (f, &c) in count.iter().enumerate() {
        doubles.extend(std::iter::repeat_n((f, f), c / 2));
        if c % 2 == 1 {
            odd.push(f);
        }
    }
    shuffle(&mut odd, rng);
    let mixed: Vec<(usize, usize)> = odd.chunks(2).map(|two| (two[0], two[1])).collect();
    // The mixed rounds matter to the exact colouring of an even number of rounds only; an odd
    // number keeps the random deal, whose colour runs the guide's measurements describe.
    let spread = rounds.is_multiple_of(2);
    let grid = if spread {
        deal_units(pairs, rounds, doubles, mixed, rng)
    } else {
        let mut units = doubles;
        units.extend(mixed);
        shuffle(&mut units, rng);
        units.chunks(rounds).map(<[(usize, usize)]>::to_vec).collect()
    };
    let grid = settle_grid(grid, spread, rng)?;
    let mut factors: Vec<Vec<usize>> = grid
        .iter()
        .flat_map(|row| {
            [
                row.iter().map(|u| u.0).collect(),
                row.iter().map(|u| u.1).collect(),
            ]
        })
        .collect();
    if size.boards % 2 == 1 {
        factors.push(lone);
    }
    Some(even_pairing_from(size, &factors))
}

/// The units of a doubled pairing dealt to the board pairs, `grid[j][r]` being the (upper,
/// lower) factors of pair j in round r: the mixed units (two different factors) as evenly as
/// possible over the pairs, then the doubles. A pair with two mixed rounds rarely balances
/// exactly (measured on 18 × 12 × 4: one pair in ten, against five in six with one mixed
/// round and always with none), so dealing them at random, as before, made most pairings
/// fail.
fn deal_units(
    pairs: usize,
    rounds: usize,
    mut doubles: Vec<(usize, usize)>,
    mixed: Vec<(usize, usize)>,
    rng: &mut Rng,
) -> Vec<Vec<(usize, usize)>> {
    shuffle(&mut doubles, rng);
    let mut grid: Vec<Vec<(usize, usize)>> = vec![Vec::with_capacity(rounds); pairs];
    if pairs == 0 {
        return grid;
    }
    let mut order: Vec<usize> = (0..pairs).collect();
    shuffle(&mut order, rng);
    for (i, unit) in mixed.into_iter().enumerate() {
        grid[order[i % pairs]].push(unit);
    }
    for row in &mut grid {
        while row.len() < rounds {
            let Some(unit) = doubles.pop() else { break };
            row.push(unit);
        }
        shuffle(row, rng);
    }
    grid
}

/// How many of a pair's rounds repeat a factor of an earlier round on the same board. In one
/// pass over the row: comparing every round with every earlier one made `settle_grid` take
/// 3 s past a 3 s limit on 200 × 20 × 199 (20,000 swaps, each recounting 199² pairs of rounds
/// on every board pair; issue 47).
fn repeats(row: &[(usize, usize)]) -> usize {
    let factors = row.iter().map(|u| u.0.max(u.1) + 1).max().unwrap_or(0);
    let (mut upper, mut lower) = (vec![false; factors], vec![false; factors]);
    let mut count = 0;
    for &(a, b) in row {
        if upper[a] || lower[b] {
            count += 1;
        }
        upper[a] = true;
        lower[b] = true;
    }
    count
}

/// Random swaps until no board uses a factor twice, a unit sometimes turning round (upper and
/// lower exchanged); with `keep_kinds`, swaps between two pairs only of units of the same kind
/// (double or mixed), so each pair keeps its number of mixed rounds. `None` when the swaps
/// did not settle.
fn settle_grid(
    mut grid: Vec<Vec<(usize, usize)>>,
    keep_kinds: bool,
    rng: &mut Rng,
) -> Option<Vec<Vec<(usize, usize)>>> {
    let (pairs, rounds) = (grid.len(), grid.first().map_or(0, Vec::len));
    let mixed = |u: (usize, usize)| u.0 != u.1;
    for _ in 0..20_000 {
        let Some(j) = (0..pairs).find(|&j| repeats(&grid[j]) > 0) else {
            break;
        };
        let (r, k, s) = (rng.below(rounds), rng.below(pairs), rng.below(rounds));
        if keep_kinds && k != j && mixed(grid[j][r]) != mixed(grid[k][s]) {
            continue;
        }
        let before = repeats(&grid[j]) + if k == j { 0 } else { repeats(&grid[k]) };
        let unit = grid[j][r];
        grid[j][r] = grid[k][s];
        grid[k][s] = unit;
        if rng.below(2) == 0 {
            let (a, b) = grid[k][s];
            grid[k][s] = (b, a);
        }
        let after = repeats(&grid[j]) + if k == j { 0 } else { repeats(&grid[k]) };
        if after > before {
            grid[k][s] = grid[j][r];
            grid[j][r] = unit;
        }
    }
    grid.iter().all(|row| repeats(row) == 0).then_some(grid)
}

fn first_repeat(factors: &[Vec<usize>]) -> Option<(usize, usize)> {
    factors.iter().enumerate().find_map(|(b, row)| {
        (0..row.len())
            .find(|&r| row[..r].contains(&row[r]))
            .map(|r| (b, r))
    })
}

fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// Board b plays factor `factors[b][r]` of the circle-method 1-factorisation in round r.
fn even_pairing_from(size: Size, factors: &[Vec<usize>]) -> Pairing {
    let n = size.teams;
    let cycle = n - 1;
    let factor = |f: usize| -> Vec<(usize, usize)> {
        let mut edges = vec![(n - 1, f)];
        for j in 1..n / 2 {
            edges.push(((f + j) % cycle, (f + cycle - j) % cycle));
        }
        edges
    };
    (0..size.rounds)
        .map(|r| {
            let mut matches = Vec::with_capacity(n * size.boards / 2);
            for (board, row) in factors.iter().enumerate() {
                let f = row[r];
                for (x, y) in factor(f) {
                    matches.push(Match::new(
                        PlayerRef::new(x, board),
                        PlayerRef::new(y, board),
                        false,
                    ));
                }
            }
            matches
        })
        .collect()
}

/// The factor choices for an odd number of teams: for board pair k and round r, the factor
/// of the upper board (`upper[k][r]`, whose left-out team downfloats) and of the lower board
/// (`lower[k][r]`, whose left-out team upfloats).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct FloatPlan {
    pub upper: Vec<Vec<usize>>,
    pub lower: Vec<Vec<usize>>,
}

/// Violations (weighted heavily) and the floats' imbalance Q_Y of a plan.
pub(super) fn plan_cost(size: Size, plan: &FloatPlan) -> (u32, u32) {
    let n = size.teams;
    let rounds = size.rounds;
    let half = n.div_ceil(2); // the inverse of 2 modulo odd n
    let mut hard = 0u32;
    let mut uses = vec![0u32; n];
    let mut floats = vec![0u32; n * n];
    let mut ups = vec![0u32; n];
    let mut downs = vec![0u32; n];
    for (upper, lower) in plan.upper.iter().zip(&plan.lower) {
        for r in 0..rounds {
            let (a, c) = (upper[r], lower[r]);
            uses[a] += 1;
            uses[c] += 1;
            downs[a] += 1;
            ups[c] += 1;
            if a == c {
                hard += 4;
            } else {
                floats[a * n + c] += 1;
                floats[c * n + a] += 1;
            }
            for s in 0..rounds {
                if s == r {
                    continue;
                }
                // A board may use each factor once (so its players meet new teams) …
                if s > r {
                    hard += u32::from(upper[s] == a) + u32::from(lower[s] == c);
                }
                // … and the float opponent must not be met on the board in another round.
                hard += u32::from(c == (2 * upper[s] + n - a) % n);
                hard += u32::from(a == (2 * lower[s] + n - c) % n);
            }
        }
    }
    let meetings = size.rounds * size.boards;
    let low = (meetings / (n - 1)) as u32;
    let high = meetings.div_ceil(n - 1) as u32;
    for x in 0..n {
        for y in x + 1..n {
            let count = uses[(x + y) * half % n] + floats[x * n + y];
            hard += count.saturating_sub(high) + low.saturating_sub(count);
        }
    }
    let cap = size.float_cap() as u32;
    let mut imbalance = 0;
    for t in 0..n {
        hard += ups[t].saturating_sub(cap) + downs[t].saturating_sub(cap);
        imbalance += ups[t].abs_diff(downs[t]);
    }
    (hard, imbalance)
}

/// How many distinct valid plans one search collects before it stops early.
const PLANS_WANTED: usize = 8;

/// Searches factor choices for an odd number of teams. Returns distinct plans that break no
/// rule, best Q_Y first (a plan's floats can make a colouring impossible, so the caller tries
/// several), or an empty list when none was found before `control` said stop.
pub(crate) fn odd_pairings(size: Size, seed: u64, control: &Control) -> Vec<(Pairing, u32)> {
    let n = size.teams;
    let pairs = size.boards / 2;
    let mut rng = Rng::new(seed);
    // Consecutive factors per board spread the uses evenly; a random offset per board makes
    // each seed start somewhere else (small events have few valid plans, and a plan can
    // admit no valid colouring, so retries must see different ones).
    let mut start = |slot: usize| (slot * size.rounds + rng.below(n)) % n;
    let mut plan = FloatPlan {
        upper: (0..pairs)
            .map(|k| {
                let s = start(2 * k);
                (0..size.rounds).map(|r| (s + r) % n).collect()
            })
            .collect(),
        lower: (0..pairs)
            .map(|k| {
                let s = start(2 * k + 1);
                (0..size.rounds).map(|r| (s + r) % n).collect()
            })
            .collect(),
    };
    let score = |(hard, soft): (u32, u32)| f64::from(hard) * 10.0 + f64::from(soft);
    let mut current = plan_cost(size, &plan);
    let mut found: Vec<(FloatPlan, u32)> = Vec::new();
    let perfect = |found: &Vec<(FloatPlan, u32)>| found.iter().filter(|(_, q)| *q == 0).count();
    let mut temperature = 2.0;
    let mut step = 0u64;
    // Each step recounts the whole plan: large fields are checked more often.
    let check_every = Control::steps_between_checks(n * n + pairs * size.rounds * size.rounds);
    while perfect(&found) < PLANS_WANTED {
        step += 1;
        if step.is_multiple_of(check_every) && control.should_stop() {
            break;
        }
        if step.is_multiple_of(1024) {
            if step > 4_000_000 {
                break;
            }
            temperature = (temperature * 0.97_f64).max(0.05);
            if step.is_multiple_of(1024 * 400) {
                temperature = 2.0; // reheat: the landscape has many plateaus
            }
        }
        let k = rng.below(pairs);
        let r = rng.below(size.rounds);
        let lower = rng.below(2) == 1;
        let row = if lower {
            &mut plan.lower[k]
        } else {
            &mut plan.upper[k]
        };
        let old_row = row.clone();
        if size.rounds > 1 && rng.below(2) == 0 {
            let s = rng.below(size.rounds);
            row.swap(r, s);
        } else {
            row[r] = rng.below(n);
        }
        let candidate = plan_cost(size, &plan);
        let delta = score(candidate) - score(current);
        if delta <= 0.0 || rng.unit() < (-delta / temperature).exp() {
            current = candidate;
            if candidate.0 == 0 && !found.iter().any(|(p, _)| *p == plan) {
                found.push((plan.clone(), candidate.1));
                found.sort_by_key(|(_, q)| *q);
                found.truncate(4 * PLANS_WANTED);
            }
        } else {
            let row = if lower {
                &mut plan.lower[k]
            } else {
                &mut plan.upper[k]
            };
            *row = old_row;
        }
    }
    found
        .into_iter()
        .map(|(plan, imbalance)| (plan_matches(size, &plan), imbalance))
        .collect()
}

pub(super) fn plan_matches(size: Size, plan: &FloatPlan) -> Pairing {
    let n = size.teams;
    (0..size.rounds)
        .map(|r| {
            let mut matches = Vec::with_capacity(n * size.boards / 2);
            for k in 0..size.boards / 2 {
                let (top, bottom) = (2 * k, 2 * k + 1);
                for (board, factor) in [(top, plan.upper[k][r]), (bottom, plan.lower[k][r])] {
                    for j in 1..=n / 2 {
                        let x = (factor + j) % n;
                        let y = (factor + n - j) % n;
                        matches.push(Match::new(
                            PlayerRef::new(x, board),
                            PlayerRef::new(y, board),
                            false,
                        ));
                    }
                }
                let down = PlayerRef::new(plan.upper[k][r], top);
                let up = PlayerRef::new(plan.lower[k][r], bottom);
                matches.push(Match::new(up, down, true));
            }
            matches
        })
        .collect()
}

/// A float plan for an odd number of teams built without a search, for large fields with few
/// rounds: the i-th float (pair k, round r: i = kR + r) has team 3i on the upper board
/// floating down and team 3i + 2 floating up, so every factor is used once at most and no
/// float's two teams also meet on a board (their middle factor 3i + 1 is never used): rules
/// 1, 2, 7 and 8 hold. Needs 3 · B/2 · R ≤ N; `None` otherwise (or if the plan breaks a rule,
/// which the check below would catch).
pub(crate) fn spaced_odd_pairing(size: Size) -> Option<Pairing> {
    let (n, pairs, rounds) = (size.teams, size.boards / 2, size.rounds);
    if n % 2 == 0 || 3 * pairs * rounds > n {
        return None;
    }
    let team = |k: usize, r: usize, offset: usize| 3 * (k * rounds + r) + offset;
    let plan = FloatPlan {
        upper: (0..pairs)
            .map(|k| (0..rounds).map(|r| team(k, r, 0)).collect())
            .collect(),
        lower: (0..pairs)
            .map(|k| (0..rounds).map(|r| team(k, r, 2)).collect())
            .collect(),
    };
    (plan_cost(size, &plan).0 == 0).then(|| plan_matches(size, &plan))
}

#[cfg(test)]
mod tests {
    use super::repeats;

    #[test]
    fn repeats_count_rounds_reusing_an_earlier_factor_on_either_board() {
        assert_eq!(repeats(&[(0, 1), (2, 3), (4, 5)]), 0);
        // Round 2 reuses the upper factor 0, round 3 the lower factor 3.
        assert_eq!(repeats(&[(0, 1), (2, 3), (0, 6), (7, 3)]), 2);
        // A factor on the other board is no repeat.
        assert_eq!(repeats(&[(0, 1), (1, 0)]), 0);
        assert_eq!(repeats(&[]), 0);
    }
}
