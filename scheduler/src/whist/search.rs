//! Finding a starter over the integers mod g by local search.
//!
//! The state is an arrangement of the starter's elements on 4T seats. Its cost counts
//! surplus differences: a partner difference class used more than once, an opponent class
//! more than twice, a signed left-hand difference more than once (directed only), and any
//! use of the self-inverse class g/2 (for even g it would repeat a partnership). Cost zero is
//! a valid starter. A move swaps two seats; only the one or two tables touched are recounted,
//! so a move costs a few dozen counter updates. Moves that do not make things worse are
//! always taken; worse ones with a probability that falls as the search goes on (simulated
//! annealing), restarting the temperature when the search stalls.

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
}

impl StarterSpec {
    /// The usual spec for `n` players: 4N → Z(4N−1)+∞; 4N+1 → Z(4N+1), one sit-out;
    /// 4N+2 → Z(4N+2), two sit-outs half a cycle apart; 4N+3 → Z(4N+3), three a third apart.
    pub fn for_players(n: usize, directed: bool) -> StarterSpec {
        let tables = n / 4;
        match n % 4 {
            0 => StarterSpec {
                g: n as u32 - 1,
                infinity: true,
                tables,
                sit_out: Vec::new(),
                directed,
            },
            r => {
                let g = n as u32;
                let sit_out = (0..r as u32).map(|k| k * g / r as u32).collect();
                StarterSpec {
                    g,
                    infinity: false,
                    tables,
                    sit_out,
                    directed,
                }
            }
        }
    }
}

/// A tiny deterministic generator (SplitMix64): searches are reproducible from their seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 32) * n as u64 >> 32) as usize
    }

    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Seat pairs within a table (N=0, E=1, S=2, W=3).
const PARTNERS: [(usize, usize); 2] = [(0, 2), (1, 3)];
const OPPONENTS: [(usize, usize); 4] = [(0, 1), (0, 3), (2, 1), (2, 3)];
/// Each seat and the seat on its left (clockwise N, E, S, W).
const LEFT_OF: [(usize, usize); 4] = [(0, 1), (1, 2), (2, 3), (3, 0)];

struct State<'a> {
    spec: &'a StarterSpec,
    seats: Vec<u32>,
    partner: Vec<i32>,
    opponent: Vec<i32>,
    left: Vec<i32>,
    cost: i64,
}

impl<'a> State<'a> {
    fn class(&self, x: u32, y: u32) -> Option<usize> {
        if x == INFINITY || y == INFINITY {
            return None;
        }
        let g = self.spec.g;
        let d = (x + g - y) % g;
        Some(d.min(g - d) as usize)
    }

    fn is_involution(&self, class: usize) -> bool {
        self.spec.g % 2 == 0 && class as u32 == self.spec.g / 2
    }

    /// Adds (`sign` = 1) or removes (−1) one table's differences; returns the cost change.
    fn count_table(&mut self, table: usize, sign: i32) -> i64 {
        let base = table * 4;
        let mut change = 0;
        for (a, b) in PARTNERS {
            if let Some(c) = self.class(self.seats[base + a], self.seats[base + b]) {
                let limit = if self.is_involution(c) { 0 } else { 1 };
                change += bump(&mut self.partner[c], sign, limit);
            }
        }
        for (a, b) in OPPONENTS {
            if let Some(c) = self.class(self.seats[base + a], self.seats[base + b]) {
                let limit = if self.is_involution(c) { 0 } else { 2 };
                change += bump(&mut self.opponent[c], sign, limit);
            }
        }
        if self.spec.directed {
            for (a, b) in LEFT_OF {
                let (x, y) = (self.seats[base + a], self.seats[base + b]);
                if x != INFINITY && y != INFINITY {
                    let d = ((y + self.spec.g - x) % self.spec.g) as usize;
                    change += bump(&mut self.left[d], sign, 1);
                }
            }
        }
        change
    }
}

/// Changes a counter by `sign` and returns the change in max(0, count − limit).
fn bump(count: &mut i32, sign: i32, limit: i32) -> i64 {
    let before = (*count - limit).max(0);
    *count += sign;
    ((*count - limit).max(0) - before) as i64
}

/// Outcome of a search: the best arrangement found and how far it is from valid.
pub struct SearchResult {
    pub starter: Starter,
    /// Surplus differences left; 0 means a valid starter.
    pub cost: i64,
    pub moves: u64,
}

/// Searches for a starter meeting `spec`. Stops at cost zero, at the time limit or on cancel;
/// always returns the best arrangement seen.
pub fn search_starter(spec: &StarterSpec, seed: u64, control: &Control) -> SearchResult {
    let g = spec.g;
    let mut elements: Vec<u32> = (0..g).filter(|x| !spec.sit_out.contains(x)).collect();
    if spec.infinity {
        elements.insert(0, INFINITY);
    }
    debug_assert_eq!(elements.len(), spec.tables * 4);
    let mut rng = Rng::new(seed);
    // ∞ stays on table 1's North seat: any valid starter can be rotated and relabelled so.
    let first_movable = usize::from(spec.infinity);
    for i in (first_movable + 1..elements.len()).rev() {
        let j = first_movable + rng.below(i + 1 - first_movable);
        elements.swap(i, j);
    }
    let classes = g as usize / 2 + 1;
    let mut state = State {
        spec,
        seats: elements,
        partner: vec![0; classes],
        opponent: vec![0; classes],
        left: vec![0; g as usize],
        cost: 0,
    };
    for table in 0..spec.tables {
        state.cost += state.count_table(table, 1);
    }
    let seat_count = state.seats.len();
    let mut best = state.seats.clone();
    let mut best_cost = state.cost;
    let mut moves = 0u64;
    let mut temperature = 0.6;
    let mut since_improvement = 0u64;
    let stall_limit = 20_000 + 200 * seat_count as u64;

    while best_cost > 0 && seat_count - first_movable >= 2 {
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
        let a = first_movable + rng.below(seat_count - first_movable);
        let mut b = first_movable + rng.below(seat_count - first_movable - 1);
        if b >= a {
            b += 1;
        }
        let (ta, tb) = (a / 4, b / 4);
        let mut delta = state.count_table(ta, -1);
        if tb != ta {
            delta += state.count_table(tb, -1);
        }
        state.seats.swap(a, b);
        delta += state.count_table(ta, 1);
        if tb != ta {
            delta += state.count_table(tb, 1);
        }
        let accept = delta <= 0 || rng.unit() < (-(delta as f64) / temperature).exp();
        if accept {
            state.cost += delta;
            if state.cost < best_cost {
                best_cost = state.cost;
                best.clone_from(&state.seats);
                since_improvement = 0;
            }
        } else {
            // Undo: recount the same tables around the swap back.
            state.count_table(ta, -1);
            if tb != ta {
                state.count_table(tb, -1);
            }
            state.seats.swap(a, b);
            state.count_table(ta, 1);
            if tb != ta {
                state.count_table(tb, 1);
            }
        }
        since_improvement += 1;
        temperature *= 0.999_995;
        if since_improvement > stall_limit {
            temperature = 0.6;
            since_improvement = 0;
        }
        if temperature < 0.05 {
            temperature = 0.05;
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
        moves,
    }
}
