//! Complete whist starters fixed by a multiplier h (h² ≡ 1, h ≢ ±1): cyclic over Z(v) for
//! v = 4N+1, 1-rotational over Z(v−1) ∪ {∞} for v = 4N. Found by annealing over the
//! quotient, they reach counts the other searches do not: 69 and 93, where 3 | v makes the
//! patterned shape (h = −1) impossible, and 76 and 88, where no product construction applies.
//! (A 4N count with 4N − 1 prime has no such h: 68, 72, 80, 84.)
//!
//! Under x ↦ hx the non-zero residues split into fixed points F (|F| = 0 or 2 is used) and
//! couples {x, hx}. A class c with hc ≡ ±c can only be the partner difference of a pair
//! mapped to itself — F, or {x, hx} — else the pair and its image would both cover it. Those
//! pairs sit two by two at tables mapped to themselves, (x, y, hx, hy), one of them at ∞'s
//! table (∞, y, 0, hy) for 4N. The other tables are either (x, hx, y, hy) — partners x–y and
//! hx–hy — or come in couples T, hT. The layout (how many of each) follows from v and h
//! except for the number of (x, hx, y, hy) tables; each start picks a multiplier and such a
//! number at random.
//!
//! The state gives each couple a slot in the layout and an orientation (x or hx first); a
//! move swaps two couples or turns one. The cost, as in `two_stage`'s terms, is
//! Σ (P(c) − 1)² + Σ (O(c) − 2)² over the expanded starter (partner classes once, opponent
//! classes twice); a move re-counts only the tables of its two slots. Cost 0 is a complete
//! starter, which the caller verifies independently.

use super::starter::{Group, INFINITY, Starter};
use crate::solver::{Control, Progress, Rng};

/// A seat of the layout: a fixed element, or slot s's couple element (the image if `image`).
#[derive(Debug, Clone, Copy)]
enum Seat {
    /// The stationary seat ∞ (4N players).
    Infinity,
    Fixed(u32),
    Slot {
        slot: usize,
        image: bool,
    },
}

struct Layout {
    m: u32,
    infinity: bool,
    h: u32,
    tables: Vec<[Seat; 4]>,
    /// Tables each slot appears at.
    at: Vec<Vec<usize>>,
    couples: Vec<u32>,
}

fn mul(m: u32, a: u32, b: u32) -> u32 {
    ((a as u64 * b as u64) % m as u64) as u32
}

fn class(m: u32, x: u32, y: u32) -> usize {
    let d = (x + m - y) % m;
    d.min(m - d) as usize
}

/// The multipliers h ≠ ±1 with h² ≡ 1 (mod m).
pub fn involutions(m: u32) -> Vec<u32> {
    (2..m.saturating_sub(1)).filter(|&h| mul(m, h, h) == 1).collect()
}

impl Layout {
    /// The layout over Z(m) (with ∞ when `infinity`: v = m + 1 = 4N, else v = m = 4N+1),
    /// multiplier h, with `shape_b` tables (x, hx, y, hy).
    fn new(m: u32, h: u32, shape_b: usize, infinity: bool) -> Option<Layout> {
        let fixed: Vec<u32> = (1..m).filter(|&x| mul(m, h, x) == x).collect();
        if !fixed.is_empty() && fixed.len() != 2 {
            return None;
        }
        let couples: Vec<u32> = (1..m).filter(|&x| x < mul(m, h, x)).collect();
        let k = (m - 1) / 2;
        let fixed_classes = (1..=k)
            .filter(|&c| {
                let hc = mul(m, h, c);
                hc == c || hc == m - c
            })
            .count();
        let f_pair = usize::from(fixed.len() == 2);
        if f_pair == 1 && {
            let hc = class(m, fixed[0], fixed[1]) as u32;
            let image = mul(m, h, hc);
            image != hc && image != m - hc
        } {
            return None;
        }
        let inv_pairs = fixed_classes.checked_sub(f_pair)?;
        // ∞'s table (∞, y, 0, z) takes one invariant pair y–z; the others sit two by two.
        let seated_two_by_two = (inv_pairs + f_pair).checked_sub(usize::from(infinity))?;
        if seated_two_by_two % 2 != 0 {
            return None;
        }
        let inv_tables = seated_two_by_two / 2 + usize::from(infinity);
        let total = if infinity { m as usize + 1 } else { m as usize - 1 } / 4;
        let rest = total.checked_sub(inv_tables)?;
        if shape_b > rest || !(rest - shape_b).is_multiple_of(2) {
            return None;
        }
        if inv_pairs + 2 * shape_b + 2 * (rest - shape_b) != couples.len() {
            return None;
        }
        let s = |slot: usize, image: bool| Seat::Slot { slot, image };
        let mut tables = Vec::new();
        let mut next = 0;
        let mut take = || {
            next += 1;
            next - 1
        };
        let mut inv: Vec<Seat> = Vec::new();
        if f_pair == 1 {
            inv.extend([Seat::Fixed(fixed[0]), Seat::Fixed(fixed[1])]);
        }
        for _ in 0..inv_pairs {
            let a = take();
            inv.extend([s(a, false), s(a, true)]);
        }
        if infinity {
            let (y, z) = (inv.remove(0), inv.remove(0));
            tables.push([Seat::Infinity, y, Seat::Fixed(0), z]);
        }
        // Two invariant pairs per table: partners N–S and E–W.
        for t in inv.chunks(4) {
            tables.push([t[0], t[2], t[1], t[3]]);
        }
        for _ in 0..shape_b {
            let (a, b) = (take(), take());
            tables.push([s(a, false), s(a, true), s(b, false), s(b, true)]);
        }
        for _ in 0..(rest - shape_b) / 2 {
            let q = [take(), take(), take(), take()];
            tables.push(q.map(|x| s(x, false)));
            tables.push(q.map(|x| s(x, true)));
        }
        let mut at = vec![Vec::new(); couples.len()];
        for (t, table) in tables.iter().enumerate() {
            for seat in table {
                if let Seat::Slot { slot, .. } = *seat
                    && !at[slot].contains(&t)
                {
                    at[slot].push(t);
                }
            }
        }
        Some(Layout {
            m,
            infinity,
            h,
            tables,
            at,
            couples,
        })
    }
}

struct State<'l> {
    layout: &'l Layout,
    /// Couple index and orientation per slot.
    slot: Vec<(u32, bool)>,
    /// Count per partner class, and per opponent class or (directed) per signed left-hand
    /// difference.
    partner: Vec<i32>,
    opponent: Vec<i32>,
    directed: bool,
    cost: i64,
}

impl State<'_> {
    fn element(&self, seat: Seat) -> u32 {
        match seat {
            Seat::Infinity => INFINITY,
            Seat::Fixed(x) => x,
            Seat::Slot { slot, image } => {
                let (c, turned) = self.slot[slot];
                let x = self.layout.couples[c as usize];
                if image != turned {
                    mul(self.layout.m, self.layout.h, x)
                } else {
                    x
                }
            }
        }
    }

    /// Adds (+1) or removes (−1) table t's differences; returns the change of cost.
    fn apply(&mut self, t: usize, sign: i32) -> i64 {
        let m = self.layout.m;
        let e = self.layout.tables[t].map(|s| self.element(s));
        let mut delta = 0i64;
        let mut bump = |counts: &mut Vec<i32>, c: usize, target: i32| {
            let before = counts[c] - target;
            counts[c] += sign;
            let after = before + sign;
            delta += i64::from(after * after - before * before);
        };
        let finite = |x: usize, y: usize| e[x] != INFINITY && e[y] != INFINITY;
        for (x, y) in [(0, 2), (1, 3)] {
            if finite(x, y) {
                bump(&mut self.partner, class(m, e[x], e[y]), 1);
            }
        }
        if self.directed {
            // Each seat's left-hand neighbour is the next seat round the table (no ∞).
            for p in 0..4 {
                let d = (e[(p + 1) % 4] + m - e[p]) % m;
                bump(&mut self.opponent, d as usize, 1);
            }
        } else {
            for (x, y) in [(0, 1), (0, 3), (2, 1), (2, 3)] {
                if finite(x, y) {
                    bump(&mut self.opponent, class(m, e[x], e[y]), 2);
                }
            }
        }
        delta
    }

    fn recount(&mut self) {
        let k = (self.layout.m as usize - 1) / 2;
        self.partner = vec![0; k + 1];
        if self.directed {
            self.opponent = vec![0; 2 * k + 1];
            self.cost = k as i64 + 2 * k as i64;
        } else {
            self.opponent = vec![0; k + 1];
            self.cost = (k as i64) * (1 + 4);
        }
        for t in 0..self.layout.tables.len() {
            self.cost += self.apply(t, 1);
        }
    }

    fn starter(&self) -> Starter {
        Starter {
            group: Group::Cyclic(self.layout.m),
            infinity: self.layout.infinity,
            tables: self
                .layout
                .tables
                .iter()
                .map(|t| t.map(|s| self.element(s)))
                .collect(),
            sit_out: if self.layout.infinity { Vec::new() } else { vec![0] },
        }
    }
}

/// Settings of the annealing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Anneal {
    /// A move raising the cost by Δ is kept with probability e^(−Δ/T).
    pub temperature: f64,
    /// Moves without a new best before a fresh layout and shuffle.
    pub patience: u64,
}

impl Anneal {
    /// Measured (release build, seeds 1–3, one core): 33 players in 0.0–2.3 s, 57 in
    /// 1.0–35 s, 69 in 0.1–35 s, 76 in 0.0–7.8 s, 88 in 2.7–21 s, 93 in 2.6–19 s.
    pub const DEFAULT: Anneal = Anneal {
        temperature: 0.6,
        patience: 3_000_000,
    };
}

/// What a run did.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub starter: Option<Starter>,
    /// Fresh starts (a layout and a shuffle each).
    pub restarts: u64,
    pub moves: u64,
    /// Lowest cost reached (0 when found; `i64::MAX` when no layout exists).
    pub best_cost: i64,
}

/// v's group and whether it has ∞: Z(v−1) ∪ {∞} for 4N, Z(v) for 4N+1.
fn group(v: usize) -> (u32, bool) {
    let infinity = v.is_multiple_of(4);
    (if infinity { v - 1 } else { v } as u32, infinity)
}

/// Every layout for v players, over every multiplier.
fn layouts(v: usize) -> Vec<Layout> {
    let (m, infinity) = group(v);
    if v < 8 || v % 4 > 1 {
        return Vec::new();
    }
    involutions(m)
        .into_iter()
        .flat_map(|h| (0..v / 4).filter_map(move |b| Layout::new(m, h, b, infinity)))
        .collect()
}

/// Whether v (4N or 4N+1) has a multiplier h ≠ ±1 with h² = 1 and a layout for it.
pub fn applies(v: usize) -> bool {
    !layouts(v).is_empty()
}

/// Searches an h-symmetric starter for v players, a random layout (multiplier and number of
/// (x, hx, y, hy) tables) each start, until found or `control` stops it. Progress: starts so
/// far, quality = the lowest cost. `directed` (4N+1
/// only) counts each signed left-hand difference once instead of each opponent class twice.
pub fn search(v: usize, directed: bool, settings: Anneal, seed: u64, control: &Control) -> Outcome {
    let mut rng = Rng::new(seed);
    let mut outcome = Outcome {
        starter: None,
        restarts: 0,
        moves: 0,
        best_cost: i64::MAX,
    };
    let layouts = if directed && v % 4 != 1 {
        Vec::new()
    } else {
        layouts(v)
    };
    if layouts.is_empty() {
        return outcome;
    }
    let accept: Vec<u64> = (0..64)
        .map(|d| ((-(d as f64) / settings.temperature).exp() * 4_294_967_296.0) as u64)
        .collect();
    let check_every = Control::steps_between_checks(16);
    while !control.should_stop() {
        let layout = &layouts[rng.below(layouts.len())];
        outcome.restarts += 1;
        let n = layout.couples.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        for x in (1..n).rev() {
            order.swap(x, rng.below(x + 1));
        }
        let mut state = State {
            layout,
            slot: order.iter().map(|&c| (c, rng.below(2) == 1)).collect(),
            partner: Vec::new(),
            opponent: Vec::new(),
            directed,
            cost: 0,
        };
        state.recount();
        let mut best = state.cost;
        let mut since = 0u64;
        let mut touched: Vec<usize> = Vec::with_capacity(8);
        while since < settings.patience {
            outcome.moves += 1;
            since += 1;
            if outcome.moves.is_multiple_of(check_every) {
                if control.should_stop() {
                    return outcome;
                }
                control.report(Progress {
                    done: outcome.restarts,
                    best_quality: outcome.best_cost.min(best) as f64,
                });
            }
            let a = rng.below(n);
            let b = rng.below(n);
            let turn = rng.below(3) == 0;
            if !turn && a == b {
                continue;
            }
            touched.clear();
            for &t in layout.at[a]
                .iter()
                .chain(if turn { &[][..] } else { &layout.at[b][..] })
            {
                if !touched.contains(&t) {
                    touched.push(t);
                }
            }
            let mut delta = 0;
            for &t in &touched {
                delta += state.apply(t, -1);
            }
            let change = |state: &mut State| {
                if turn {
                    state.slot[a].1 = !state.slot[a].1;
                } else {
                    state.slot.swap(a, b);
                }
            };
            change(&mut state);
            for &t in &touched {
                delta += state.apply(t, 1);
            }
            let keep =
                delta <= 0 || (rng.next_u64() >> 32) < accept.get(delta as usize).copied().unwrap_or(0);
            if keep {
                state.cost += delta;
                if state.cost < best {
                    best = state.cost;
                    since = 0;
                    outcome.best_cost = outcome.best_cost.min(best);
                    if best == 0 {
                        outcome.starter = Some(state.starter());
                        return outcome;
                    }
                }
            } else {
                for &t in &touched {
                    state.apply(t, -1);
                }
                change(&mut state);
                for &t in &touched {
                    state.apply(t, 1);
                }
            }
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;
    use crate::whist::{full_cycle, numbered_names};
    use std::time::Duration;

    fn found(v: usize, seed: u64) -> Starter {
        // The limit only guards against a hang: these seeds find theirs in under 300,000
        // moves.
        let control = Control::with_counted_time(Duration::from_secs(300));
        let outcome = search(v, false, Anneal::DEFAULT, seed, &control);
        outcome
            .starter
            .unwrap_or_else(|| panic!("{v}: best cost {}", outcome.best_cost))
    }

    #[test]
    fn finds_complete_starters_where_the_patterned_shape_is_impossible() {
        for (v, kind) in [(33, "cyclic"), (69, "cyclic"), (76, "1-rotational")] {
            let starter = found(v, 1);
            assert_eq!(starter.players(), v);
            assert_eq!(starter.kind(), kind);
            let report = verify(&full_cycle(&starter, numbered_names(&starter), false));
            assert!(report.is_valid(), "{v}: {:?}", report.violations);
        }
    }

    #[test]
    fn applies_only_where_a_multiplier_and_a_layout_exist() {
        // 4N − 1 prime: the only multipliers with h² = 1 are ±1.
        for v in [68, 72, 80, 84] {
            assert!(!applies(v), "{v}");
            assert!(
                search(v, false, Anneal::DEFAULT, 1, &Control::unlimited())
                    .starter
                    .is_none()
            );
        }
        for v in [21, 33, 57, 69, 76, 88, 93] {
            assert!(applies(v), "{v}");
        }
        assert!(!applies(7) && !applies(10));
    }

    #[test]
    fn a_spent_limit_or_a_cancel_stops_the_search() {
        let none = search(
            93,
            false,
            Anneal::DEFAULT,
            1,
            &Control::with_counted_time(Duration::ZERO),
        );
        assert!(none.starter.is_none());
        let control = Control::unlimited();
        control
            .cancel_flag()
            .store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(search(93, false, Anneal::DEFAULT, 1, &control).starter.is_none());
    }

    #[test]
    fn layouts_seat_every_couple_once() {
        for (v, h) in [(21u32, 13u32), (33, 10), (69, 22), (93, 61), (76, 49), (88, 28)] {
            let infinity = v % 4 == 0;
            let m = if infinity { v - 1 } else { v };
            let layouts: Vec<Layout> = (0..v as usize / 4)
                .filter_map(|b| Layout::new(m, h, b, infinity))
                .collect();
            assert!(!layouts.is_empty(), "{v}");
            for l in &layouts {
                assert_eq!(l.tables.len(), v as usize / 4);
                for slot in 0..l.couples.len() {
                    let seats = l
                        .tables
                        .iter()
                        .flatten()
                        .filter(|s| matches!(s, Seat::Slot { slot: x, .. } if *x == slot))
                        .count();
                    assert_eq!(seats, 2, "{v}: slot {slot}");
                }
            }
        }
    }
}
