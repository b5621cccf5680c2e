//! Finding a starter over the integers mod g by local search.
//!
//! Two labels x and y = x + d partner (or oppose) in round r exactly when x − r is the first
//! element of a starter pair with that oriented difference d: each use of a difference in
//! the starter is an *occurrence* with an *offset* (that first element), and the rounds in
//! which a given pair meets are x minus those offsets. So two occurrences of one partner
//! difference make some pairs partner twice, in rounds as far apart as their offsets; and
//! an evening of K consecutive rounds only sees the repeat when that distance is below K.
//!
//! The cost of an arrangement, for a window of K rounds (K = g is the whole cycle):
//! - partner and left-hand (directed) differences: each pair of occurrences of one
//!   difference less than K rounds apart;
//! - opponent differences: for each occurrence, the occurrences of its difference in the K
//!   rounds from it, beyond two.
//!
//! Zero cost means no partnership repeats and nobody opposes anyone three times within any
//! K consecutive rounds; with K = g that is a complete whist tournament. For even g the
//! self-inverse difference g/2 recurs half a cycle later, which the offsets capture by
//! entering each of its occurrences twice.
//!
//! A move swaps two seats; only the tables touched are recounted. Moves that do not make
//! things worse are always taken; worse ones with a probability that falls as the search
//! goes on (simulated annealing), reheating when it stalls.

use super::starter::{Group, INFINITY, Starter};
use crate::solver::{Control, Progress};

/// What to search for.
#[derive(Debug, Clone)]
pub struct StarterSpec {
    pub g: u32,
    pub infinity: bool,
    pub tables: usize,
    /// Sit-out positions (fixed; the search arranges the other elements).
    pub sit_out: Vec<u32>,
    pub directed: bool,
    /// Consecutive rounds that must be free of repeats (g or more: the whole cycle).
    pub window: u32,
}

impl StarterSpec {
    /// The usual spec for `n` players over the whole cycle: 4N → Z(4N−1)+∞; 4N+1 → Z(4N+1),
    /// one sit-out; 4N+2 → Z(4N+2), two sit-outs half a cycle apart; 4N+3 → Z(4N+3), three
    /// a third of a cycle apart.
    pub fn for_players(n: usize, directed: bool) -> StarterSpec {
        let tables = n / 4;
        let (g, infinity, sit_out) = match n % 4 {
            0 => (n as u32 - 1, true, Vec::new()),
            r => {
                let g = n as u32;
                (g, false, (0..r as u32).map(|k| k * g / r as u32).collect())
            }
        };
        StarterSpec {
            g,
            infinity,
            tables,
            sit_out,
            directed,
            window: g,
        }
    }

    /// The same, needing only `rounds` consecutive rounds free of repeats.
    pub fn for_evening(n: usize, rounds: usize, directed: bool) -> StarterSpec {
        let mut spec = StarterSpec::for_players(n, directed);
        spec.window = (rounds as u32).min(spec.g);
        spec
    }
}

pub use crate::solver::Rng;

/// Seat pairs within a table (N=0, E=1, S=2, W=3).
const PARTNERS: [(usize, usize); 2] = [(0, 2), (1, 3)];
const OPPONENTS: [(usize, usize); 4] = [(0, 1), (0, 3), (2, 1), (2, 3)];
/// Each seat and the seat on its left (clockwise N, E, S, W).
const LEFT_OF: [(usize, usize); 4] = [(0, 1), (1, 2), (2, 3), (3, 0)];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Partner,
    Opponent,
    Left,
}

/// The occurrences of one difference: their offsets, and the cost they make together.
#[derive(Clone, Default)]
struct Occurrences {
    offsets: Vec<u32>,
    cost: i64,
}

struct State<'a> {
    spec: &'a StarterSpec,
    seats: Vec<u32>,
    partner: Vec<Occurrences>,
    opponent: Vec<Occurrences>,
    left: Vec<Occurrences>,
    cost: i64,
}

impl<'a> State<'a> {
    fn new(spec: &'a StarterSpec, seats: Vec<u32>) -> Self {
        let g = spec.g as usize;
        let mut state = State {
            spec,
            seats,
            partner: vec![Occurrences::default(); g / 2 + 1],
            opponent: vec![Occurrences::default(); g / 2 + 1],
            left: vec![Occurrences::default(); g],
            cost: 0,
        };
        for table in 0..spec.tables {
            state.count_table(table, true);
        }
        state
    }

    /// Unordered difference of two elements as (class, offset), or `None` with ∞ (whose
    /// pairs are always fine: ∞ meets each label at the rounds its starter partner reaches).
    fn unordered(&self, x: u32, y: u32) -> Option<(usize, u32)> {
        if x == INFINITY || y == INFINITY {
            return None;
        }
        let g = self.spec.g;
        let d = (y + g - x) % g;
        // Orient so the difference is the class representative c ≤ g/2: offset is the
        // element the difference is measured from.
        if d <= g / 2 {
            Some((d as usize, x))
        } else {
            Some(((g - d) as usize, y))
        }
    }

    fn count_table(&mut self, table: usize, add: bool) {
        let base = table * 4;
        let g = self.spec.g;
        for (a, b) in PARTNERS {
            if let Some((class, offset)) = self.unordered(self.seats[base + a], self.seats[base + b]) {
                self.touch(Family::Partner, class, offset, add);
            }
        }
        for (a, b) in OPPONENTS {
            if let Some((class, offset)) = self.unordered(self.seats[base + a], self.seats[base + b]) {
                self.touch(Family::Opponent, class, offset, add);
            }
        }
        if self.spec.directed {
            for (a, b) in LEFT_OF {
                let (x, y) = (self.seats[base + a], self.seats[base + b]);
                if x != INFINITY && y != INFINITY {
                    self.touch(Family::Left, ((y + g - x) % g) as usize, x, add);
                }
            }
        }
    }

    fn touch(&mut self, family: Family, class: usize, offset: u32, add: bool) {
        let g = self.spec.g;
        let window = self.spec.window.min(g);
        // The self-inverse difference meets the same pair again half a cycle later.
        let self_inverse = family != Family::Left && g.is_multiple_of(2) && class as u32 == g / 2;
        let list = match family {
            Family::Partner => &mut self.partner[class],
            Family::Opponent => &mut self.opponent[class],
            Family::Left => &mut self.left[class],
        };
        let offsets: &[u32] = if self_inverse {
            &[offset, (offset + g / 2) % g]
        } else {
            &[offset]
        };
        for &o in offsets {
            if add {
                list.offsets.push(o);
            } else if let Some(i) = list.offsets.iter().position(|&x| x == o) {
                list.offsets.swap_remove(i);
            }
        }
        let new_cost = match family {
            Family::Opponent => crowding(&list.offsets, g, window, 2),
            _ => close_pairs(&list.offsets, g, window),
        };
        self.cost += new_cost - list.cost;
        list.cost = new_cost;
    }

    fn swap(&mut self, a: usize, b: usize) {
        let (ta, tb) = (a / 4, b / 4);
        self.count_table(ta, false);
        if tb != ta {
            self.count_table(tb, false);
        }
        self.seats.swap(a, b);
        self.count_table(ta, true);
        if tb != ta {
            self.count_table(tb, true);
        }
    }
}

/// Pairs of offsets less than `window` rounds apart round the cycle of `g`.
fn close_pairs(offsets: &[u32], g: u32, window: u32) -> i64 {
    let mut count = 0;
    for (i, &a) in offsets.iter().enumerate() {
        for &b in &offsets[i + 1..] {
            let d = (a + g - b) % g;
            if d.min(g - d) < window {
                count += 1;
            }
        }
    }
    count
}

/// For each offset, the offsets in the `window` rounds starting there, beyond `allowed`.
fn crowding(offsets: &[u32], g: u32, window: u32, allowed: i64) -> i64 {
    if offsets.len() as i64 <= allowed {
        return 0;
    }
    offsets
        .iter()
        .map(|&a| {
            let within = offsets.iter().filter(|&&b| (b + g - a) % g < window).count() as i64;
            (within - allowed).max(0)
        })
        .sum()
}

/// Outcome of a search: the best arrangement found and how far it is from valid.
pub struct SearchResult {
    pub starter: Starter,
    /// What is still wrong with the best arrangement (0 = valid for the spec's window).
    pub cost: i64,
}

/// Searches for a starter meeting `spec`. Stops at cost zero, at the time limit or on cancel;
/// always returns the best arrangement seen.
pub fn search_starter(spec: &StarterSpec, seed: u64, control: &Control) -> SearchResult {
    search_from(spec, None, seed, control)
}

/// As `search_starter`, optionally starting from a given starter's arrangement (its tables
/// must use the spec's elements), e.g. one valid for a shorter window.
pub fn search_from(
    spec: &StarterSpec,
    start: Option<&Starter>,
    seed: u64,
    control: &Control,
) -> SearchResult {
    let g = spec.g;
    let mut rng = Rng::new(seed);
    // ∞ stays on table 1's North seat: any valid starter can be rotated and relabelled so.
    let first_movable = usize::from(spec.infinity);
    let elements: Vec<u32> = match start {
        Some(starter) => starter.tables.iter().flatten().copied().collect(),
        None => {
            let mut elements: Vec<u32> = (0..g).filter(|x| !spec.sit_out.contains(x)).collect();
            if spec.infinity {
                elements.insert(0, INFINITY);
            }
            for i in (first_movable + 1..elements.len()).rev() {
                let j = first_movable + rng.below(i + 1 - first_movable);
                elements.swap(i, j);
            }
            elements
        }
    };
    let mut state = State::new(spec, elements);
    let seat_count = state.seats.len();
    let movable = seat_count.saturating_sub(first_movable);
    let mut best = state.seats.clone();
    let mut best_cost = state.cost;
    let mut moves = 0u64;
    let mut temperature = 0.6;
    let mut since_improvement = 0u64;
    let stall_limit = 20_000 + 200 * seat_count as u64;

    while best_cost > 0 && movable >= 2 {
        moves += 1;
        if moves.is_multiple_of(4096) {
            if control.should_stop() {
                break;
            }
            control.report(Progress {
                done: moves,
                best_quality: best_cost as f64,
            });
        }
        let a = first_movable + rng.below(movable);
        let mut b = first_movable + rng.below(movable - 1);
        if b >= a {
            b += 1;
        }
        let before = state.cost;
        state.swap(a, b);
        let delta = state.cost - before;
        let accept = delta <= 0 || rng.unit() < (-(delta as f64) / temperature).exp();
        if !accept {
            state.swap(a, b);
        } else if state.cost < best_cost {
            best_cost = state.cost;
            best.clone_from(&state.seats);
            since_improvement = 0;
        }
        since_improvement += 1;
        temperature = (temperature * 0.999_995_f64).max(0.05);
        if since_improvement > stall_limit {
            temperature = 0.6;
            since_improvement = 0;
        }
    }
    let tables = best.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
    SearchResult {
        starter: Starter {
            group: Group::Cyclic(g),
            infinity: spec.infinity,
            tables,
            sit_out: spec.sit_out.clone(),
        },
        cost: best_cost,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_costs() {
        // Offsets 0 and 5 in a cycle of 13: 5 rounds apart.
        assert_eq!(close_pairs(&[0, 5], 13, 5), 0);
        assert_eq!(close_pairs(&[0, 5], 13, 6), 1);
        assert_eq!(close_pairs(&[0, 12], 13, 2), 1, "distance wraps round the cycle");
        // Three opponents' meetings at 0, 2, 4: all inside any window of 5.
        assert_eq!(crowding(&[0, 2, 4], 13, 5, 2), 1);
        assert_eq!(crowding(&[0, 2, 4], 13, 4, 2), 0);
        assert_eq!(crowding(&[0, 2], 13, 13, 2), 0);
    }

    #[test]
    fn small_complete_starters_are_found() {
        for n in [8, 12, 13, 16] {
            let found = search_starter(&StarterSpec::for_players(n, false), 1, &Control::unlimited());
            assert_eq!(found.cost, 0, "{n} players");
        }
    }
}
