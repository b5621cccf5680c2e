//! The two-stage search for complete whist starters where no construction applies: v = 4N
//! over Z(v−1) ∪ {∞} (1-rotational) and v = 4N+1 over Z(v) (cyclic, 0 sits out).
//!
//! Stage 1 draws a random *partner starter*: the moving elements paired so that the pairs'
//! differences ±d cover every non-zero residue exactly once (for 4N, 0 partners ∞). Then
//! every pair of players partners exactly once over the cycle.
//!
//! Stage 2 puts the partner pairs two by two at tables so that the four opponent
//! differences of every table (two at ∞'s table) cover every class {d, −d} exactly twice:
//! then everyone opposes everyone exactly twice. Most random partner starters have no such
//! arrangement at all, so each one gets a bounded effort and the search moves on to a fresh
//! one:
//! - `Stage2::Exact`: depth-first search, branching at each node on the most constrained
//!   choice (the short class still reachable by the fewest tables, or the unseated pair with
//!   the fewest possible table mates), with a node budget;
//! - `Stage2::Climb`: a hill climb that seats an unseated pair with a mate that supplies a
//!   missing class, evicting the tables that would overfill a class; it gives up after a
//!   number of moves without a new best.
//!
//! **Directed** (4N+1 only): each table is also given one of its two seatings (E and W
//! swapped, which reverses every left-hand relation at it), and the items to cover become
//! the signed differences 1..v−1, each exactly once as "the player on my left is d higher".
//! Every signed difference once implies every class {d, −d} twice, so a directed starter is
//! also a complete one. Directed, `Stage2::Exact` is an exact cover (every pair and every
//! signed difference exactly once) solved by dancing links (`exact_cover`).

use super::starter::{Group, INFINITY, Starter};
use crate::solver::{Control, Progress, Rng};

/// How stage 2 is searched for each partner starter. Measured (3 seeds, 2 shared cores):
/// 36 players 0.7–9.5 s climbing against 3.6–15 s exact (1,000 nodes), 44 players 4–11 s
/// against 29–57 s: the exact search almost never settles a partner starter within its
/// budget, so the climb is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage2 {
    /// Backtracking with at most this many nodes per partner starter.
    Exact {
        /// Nodes visited before the partner starter is given up.
        nodes: u64,
    },
    /// Hill climbing, giving up after this many moves without a new best (`None`: the
    /// patience for the size, `Stage2::climb_patience`). `repair` (undirected only, 0: none):
    /// near the end, now and then clear that many random tables and re-seat their pairs
    /// exactly (measured in `docs/whist-rotations.md`: faster on some sets of pairs known to
    /// have an arrangement, slower on real random ones, so not the default).
    Climb {
        /// Moves without a new best before a fresh partner starter is drawn; `None` for the
        /// size's own (`Stage2::climb_patience`).
        patience: Option<u64>,
        /// Tables a repair clears and re-seats exactly; 0 for no repairs.
        repair: usize,
    },
}

impl Stage2 {
    /// The default: climbing, with the patience for the size.
    pub const CLIMB: Stage2 = Stage2::Climb {
        patience: None,
        repair: 0,
    };
    /// Moves without a new best before the climb takes a fresh partner starter, below 44
    /// players.
    pub const CLIMB_PATIENCE: u64 = 200_000;

    /// The climb's patience for v players: 200,000 moves below 44 players, 1,000·v² from
    /// 44 (1.9 M at 44, 4.6 M at 68). Measured by climbing each of a few hundred random
    /// partner starters with a patience of 2 M moves: the ones that could be seated took
    /// 72,000 to 1.9 M moves in all at 44 players (44 of 400 starters, 17 M moves per find),
    /// 210,000 to 1.6 M at 48 (18 of 300, 32 M per find) and 1.0 M at 60 (1 in the first
    /// 69): the moves a success needs grow with the size, so the patience does too.
    pub fn climb_patience(v: usize) -> u64 {
        if v < 44 {
            Stage2::CLIMB_PATIENCE
        } else {
            1_000 * (v as u64).pow(2)
        }
    }
}

/// At two tables short or closer, one move in this many is a repair (when asked for).
const REPAIR_EVERY: usize = 20;
/// Nodes a repair's exact re-seating may visit (measured at 48–60 players: 10–70 on average
/// with 6 tables cleared, about 7,500 with 8).
const REPAIR_NODES: u64 = 100_000;

/// What a search did: the starter if found, and how much work it took.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The starter found; `None` when the search stopped without one.
    pub starter: Option<Starter>,
    /// Partner starters drawn in stage 1.
    pub partner_starters: u64,
    /// Stage-2 nodes (exact) or moves (climb).
    pub steps: u64,
    /// Fewest tables short in any attempt (0 when found).
    pub best_short: usize,
}

/// The largest count the search takes (its table of hits grows with the square of the count;
/// the starter table goes to 400).
pub const MAX_PLAYERS: usize = 2048;

/// No element: the ∞ end of ∞'s partner pair.
const NONE: u32 = INFINITY;

/// The residues, their difference classes and a partner starter.
struct Pairs {
    m: u32,
    infinity: bool,
    /// Cover signed left-hand differences once instead of classes twice.
    directed: bool,
    /// Classes 1..=k, k = (m − 1) / 2.
    k: usize,
    /// Pair i is {a[i], b[i]}; b is `NONE` for ∞'s pair {0, ∞}.
    a: Vec<u32>,
    b: Vec<u32>,
    /// Element → its pair (element 0 has none for 4N+1: it sits out).
    pair_of: Vec<u32>,
    /// `compute_hits` of every (i, j, o), at ((i · len) + j) · seatings + o (seatings: 2
    /// directed, else 1): the climb asks for them millions of times a second, so they are
    /// worked out once per partner starter.
    hit_table: Vec<([u16; 4], u8)>,
}

impl Pairs {
    fn class(&self, x: u32, y: u32) -> usize {
        let d = self.diff(y, x);
        d.min(self.m - d) as usize
    }

    /// `to − from` mod m for residues below m, without a division (the climb's hot path).
    fn diff(&self, from: u32, to: u32) -> u32 {
        let d = to + self.m - from;
        if d >= self.m { d - self.m } else { d }
    }

    /// The items a table of pairs i and j covers: its opponent classes (four, or two at ∞'s
    /// table), or directed its four signed left-hand differences in seating `o` (0 or 1) of
    /// the table taken with its lower pair at N–S.
    fn hits(&self, i: usize, j: usize, o: u8) -> ([usize; 4], usize) {
        debug_assert!(usize::from(o) < self.seatings(), "seating {o} undirected");
        let (h, n) = self.hit_table[(i * self.len() + j) * self.seatings() + o as usize];
        (h.map(usize::from), n as usize)
    }

    /// Seatings per table that matter: directed both, else one (the classes do not depend
    /// on it).
    fn seatings(&self) -> usize {
        1 + usize::from(self.directed)
    }

    /// Fills `hit_table` (at `MAX_PLAYERS` 21 MB directed, half that undirected; every item
    /// below 2¹⁶).
    fn tabulate_hits(&mut self) {
        let len = self.len();
        let seatings = self.seatings();
        let mut table = Vec::with_capacity(len * len * seatings);
        for i in 0..len {
            for j in 0..len {
                for o in 0..seatings as u8 {
                    let (h, n) = if i == j {
                        ([0; 4], 0)
                    } else {
                        self.compute_hits(i, j, o)
                    };
                    table.push((h.map(|x| x as u16), n as u8));
                }
            }
        }
        self.hit_table = table;
    }

    fn compute_hits(&self, i: usize, j: usize, o: u8) -> ([usize; 4], usize) {
        if self.directed {
            let [n, e, s, w] = self.ring(i, j, o);
            let d = |from: u32, to: u32| self.diff(from, to) as usize;
            return ([d(n, e), d(e, s), d(s, w), d(w, n)], 4);
        }
        let mut out = [0; 4];
        let mut n = 0;
        for x in [self.a[i], self.b[i]] {
            for y in [self.a[j], self.b[j]] {
                if x != NONE && y != NONE {
                    out[n] = self.class(x, y);
                    n += 1;
                }
            }
        }
        (out, n)
    }

    fn len(&self) -> usize {
        self.a.len()
    }

    /// Seats N E S W of the table of pairs i and j in seating `o` (directed only: no ∞).
    fn ring(&self, i: usize, j: usize, o: u8) -> [u32; 4] {
        let (i, j) = (i.min(j), i.max(j));
        if o == 0 {
            [self.a[i], self.a[j], self.b[i], self.b[j]]
        } else {
            [self.a[i], self.b[j], self.b[i], self.a[j]]
        }
    }

    /// Number of items (index 0 unused) and how often each must be covered.
    fn items(&self) -> (usize, u8) {
        if self.directed {
            (self.m as usize, 1)
        } else {
            (self.k + 1, 2)
        }
    }
}

/// Stage 1: a random partner starter, by a randomised repair walk (pair a free element
/// with a free class, evicting the pair that held its mate).
fn partner_starter(m: u32, infinity: bool, directed: bool, rng: &mut Rng) -> Pairs {
    let k = ((m - 1) / 2) as usize;
    let mut mate = vec![NONE; m as usize];
    let mut class_used = vec![false; k + 1];
    let mut free: Vec<u32> = (1..m).collect();
    let mut free_classes: Vec<usize> = (1..=k).collect();
    let remove = |list: &mut Vec<u32>, x: u32| {
        if let Some(p) = list.iter().position(|&y| y == x) {
            list.swap_remove(p);
        }
    };
    while !free.is_empty() {
        let x = free[rng.below(free.len())];
        let c = free_classes[rng.below(free_classes.len())] as u32;
        let y = if rng.below(2) == 0 {
            (x + c) % m
        } else {
            (x + m - c) % m
        };
        if y == 0 {
            continue;
        }
        if mate[y as usize] != NONE {
            let z = mate[y as usize];
            let d = (y + m - z) % m;
            let old = d.min(m - d) as usize;
            mate[y as usize] = NONE;
            mate[z as usize] = NONE;
            class_used[old] = false;
            free.push(y);
            free.push(z);
            free_classes.push(old);
        }
        mate[x as usize] = y;
        mate[y as usize] = x;
        class_used[c as usize] = true;
        remove(&mut free, x);
        remove(&mut free, y);
        if let Some(p) = free_classes.iter().position(|&d| d == c as usize) {
            free_classes.swap_remove(p);
        }
    }
    debug_assert!(class_used[1..].iter().all(|&u| u));
    let mut pairs = Pairs {
        m,
        infinity,
        directed,
        k,
        a: Vec::new(),
        b: Vec::new(),
        pair_of: vec![NONE; m as usize],
        hit_table: Vec::new(),
    };
    if infinity {
        pairs.a.push(0);
        pairs.b.push(NONE);
        pairs.pair_of[0] = 0;
    }
    for x in 1..m {
        let y = mate[x as usize];
        if x < y {
            let i = pairs.a.len() as u32;
            pairs.a.push(x);
            pairs.b.push(y);
            pairs.pair_of[x as usize] = i;
            pairs.pair_of[y as usize] = i;
        }
    }
    pairs.tabulate_hits();
    pairs
}

/// Stage-2 state shared by both methods: each pair's table mate and each class's count.
struct Seating<'p> {
    pairs: &'p Pairs,
    mate: Vec<u32>,
    /// Each seated pair's table seating (directed; always 0 otherwise).
    orient: Vec<u8>,
    count: Vec<u8>,
    unseated: usize,
}

impl<'p> Seating<'p> {
    fn new(pairs: &'p Pairs) -> Self {
        Seating {
            pairs,
            mate: vec![NONE; pairs.len()],
            orient: vec![0; pairs.len()],
            count: vec![0; pairs.items().0],
            unseated: pairs.len(),
        }
    }

    /// The items covered by the table of seated pair i.
    fn table_hits(&self, i: usize) -> ([usize; 4], usize) {
        self.pairs.hits(i, self.mate[i] as usize, self.orient[i])
    }

    fn seat(&mut self, i: usize, j: usize, o: u8) {
        let (h, n) = self.pairs.hits(i, j, o);
        for &c in &h[..n] {
            self.count[c] += 1;
        }
        self.mate[i] = j as u32;
        self.mate[j] = i as u32;
        self.orient[i] = o;
        self.orient[j] = o;
        self.unseated -= 2;
    }

    fn unseat(&mut self, i: usize) {
        let j = self.mate[i] as usize;
        let (h, n) = self.table_hits(i);
        for &c in &h[..n] {
            self.count[c] -= 1;
        }
        self.mate[i] = NONE;
        self.mate[j] = NONE;
        self.unseated += 2;
    }

    /// Whether pairs i and j, both unseated, may share a table (no class above two;
    /// undirected only).
    fn legal(&self, i: usize, j: usize) -> bool {
        if i == j || self.mate[i] != NONE || self.mate[j] != NONE {
            return false;
        }
        let (h, n) = self.pairs.hits(i, j, 0);
        (0..n).all(|x| {
            let again = h[..x].iter().filter(|&&c| c == h[x]).count() as u8;
            self.count[h[x]] + again < 2
        })
    }

    /// The starter: tables N E S W with partners N–S and E–W.
    fn starter(&self) -> Starter {
        let p = self.pairs;
        let mut tables = Vec::new();
        for i in 0..p.len() {
            let j = self.mate[i] as usize;
            if i < j && p.directed {
                tables.push(p.ring(i, j, self.orient[i]));
            } else if i < j {
                let (i, j) = if p.b[j] == NONE { (j, i) } else { (i, j) };
                tables.push(if p.b[i] == NONE {
                    [INFINITY, p.a[j], p.a[i], p.b[j]]
                } else {
                    [p.a[i], p.a[j], p.b[i], p.b[j]]
                });
            }
        }
        Starter {
            group: Group::Cyclic(p.m),
            infinity: p.infinity,
            tables,
            sit_out: if p.infinity { Vec::new() } else { vec![0] },
        }
    }
}

/// Candidate tables (i < j, both unseated, legal) with class c among their opponents.
fn tables_for_class(s: &Seating, c: usize, out: &mut Vec<(u32, u32)>) {
    out.clear();
    let p = s.pairs;
    let m = p.m;
    for u in 0..m {
        let i = p.pair_of[u as usize];
        if i == NONE || s.mate[i as usize] != NONE {
            continue;
        }
        let w = (u + c as u32) % m;
        let j = p.pair_of[w as usize];
        if j == NONE || j == i || s.mate[j as usize] != NONE {
            continue;
        }
        let key = (i.min(j), i.max(j));
        if !out.contains(&key) && s.legal(i as usize, j as usize) {
            out.push(key);
        }
    }
}

/// Exact stage 2: depth-first, most constrained choice first. `Some(true)` found,
/// `Some(false)` proved impossible, `None` budget spent.
fn exact(s: &mut Seating, budget: &mut u64, rng: &mut Rng) -> Option<bool> {
    if s.unseated == 0 {
        return Some(true);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let p = s.pairs;
    let mut best: Vec<(u32, u32)> = Vec::new();
    let mut best_len = usize::MAX;
    let mut buffer = Vec::new();
    // Short classes: each must still be reachable, the rarest is branched on.
    for c in 1..=p.k {
        let need = 2 - s.count[c] as usize;
        if need == 0 {
            continue;
        }
        tables_for_class(s, c, &mut buffer);
        let supply: usize = buffer
            .iter()
            .map(|&(i, j)| {
                let (h, n) = p.hits(i as usize, j as usize, 0);
                h[..n].iter().filter(|&&d| d == c).count()
            })
            .sum();
        if supply < need {
            return Some(false);
        }
        if buffer.len() < best_len {
            best_len = buffer.len();
            std::mem::swap(&mut best, &mut buffer);
        }
    }
    // Unseated pairs: each needs a mate.
    if best_len > 1 {
        for i in 0..p.len() {
            if s.mate[i] != NONE {
                continue;
            }
            buffer.clear();
            for j in 0..p.len() {
                if s.legal(i, j) {
                    buffer.push((i.min(j) as u32, i.max(j) as u32));
                    if buffer.len() >= best_len {
                        break;
                    }
                }
            }
            if buffer.is_empty() {
                return Some(false);
            }
            if buffer.len() < best_len {
                best_len = buffer.len();
                std::mem::swap(&mut best, &mut buffer);
            }
        }
    }
    for x in (1..best.len()).rev() {
        best.swap(x, rng.below(x + 1));
    }
    for (i, j) in best {
        s.seat(i as usize, j as usize, 0);
        let result = exact(s, budget, rng);
        if result != Some(false) {
            return result;
        }
        s.unseat(i as usize);
    }
    Some(false)
}

/// Directed stage 2 as an exact cover: items are the pairs and the signed differences
/// 1..m−1, options the tables (i, j) in either seating whose four left-hand differences are
/// distinct. Seats the found tables into `s`; false when there is none or the budget ran out.
fn directed_cover(s: &mut Seating, budget: &mut u64, rng: &mut Rng) -> bool {
    use super::exact_cover::{Cover, ExactCover};
    let p = s.pairs;
    let n = p.len();
    let mut options = Vec::new();
    let mut tables = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            for o in 0..2u8 {
                let (h, k) = p.hits(i, j, o);
                let h = &h[..k];
                if (0..k).all(|x| h[x] != 0 && !h[..x].contains(&h[x])) {
                    let mut items = vec![i, j];
                    items.extend(h.iter().map(|&r| n + r - 1));
                    options.push(items);
                    tables.push((i, j, o));
                }
            }
        }
    }
    let items = n + p.m as usize - 1;
    match ExactCover::new(items, &options).solve(rng, budget) {
        Cover::Found(chosen) => {
            for o in chosen {
                let (i, j, seating) = tables[o];
                s.seat(i, j, seating);
            }
            true
        }
        Cover::None | Cover::Unknown => false,
    }
}

/// A set of small integers with O(1) insert, remove and random pick.
pub(super) struct Pool {
    pub(super) items: Vec<u32>,
    at: Vec<u32>,
}

impl Pool {
    pub(super) fn new(size: usize) -> Self {
        Pool {
            items: Vec::with_capacity(size),
            at: vec![NONE; size],
        }
    }

    pub(super) fn insert(&mut self, x: u32) {
        if self.at[x as usize] == NONE {
            self.at[x as usize] = self.items.len() as u32;
            self.items.push(x);
        }
    }

    pub(super) fn remove(&mut self, x: u32) {
        let p = self.at[x as usize];
        if p != NONE {
            let last = self.items.pop().expect("non-empty");
            if last != x {
                self.items[p as usize] = last;
                self.at[last as usize] = p;
            }
            self.at[x as usize] = NONE;
        }
    }

    pub(super) fn pick(&self, rng: &mut Rng) -> u32 {
        self.items[rng.below(self.items.len())]
    }
}

/// Hill-climbing state: the seating plus what a move needs at hand — the unseated pairs,
/// the short classes, and for each class the tables (by lower pair) that cover it.
struct Climber<'s, 'p> {
    s: &'s mut Seating<'p>,
    unseated: Pool,
    short: Pool,
    cover: Vec<[u32; 2]>,
}

impl Climber<'_, '_> {
    fn seat(&mut self, i: usize, j: usize, o: u8) {
        self.s.seat(i, j, o);
        self.unseated.remove(i as u32);
        self.unseated.remove(j as u32);
        let table = i.min(j) as u32;
        let (h, n) = self.s.pairs.hits(i, j, o);
        let cap = self.s.pairs.items().1;
        for &c in &h[..n] {
            let slot = if self.cover[c][0] == NONE { 0 } else { 1 };
            self.cover[c][slot] = table;
            if self.s.count[c] >= cap {
                self.short.remove(c as u32);
            }
        }
    }

    fn unseat(&mut self, i: usize) {
        let j = self.s.mate[i] as usize;
        let table = i.min(j) as u32;
        let (h, n) = self.s.table_hits(i);
        self.s.unseat(i);
        self.unseated.insert(i as u32);
        self.unseated.insert(j as u32);
        for &c in &h[..n] {
            let cover = &mut self.cover[c];
            if cover[0] == table {
                cover[0] = cover[1];
                cover[1] = NONE;
            } else if cover[1] == table {
                cover[1] = NONE;
            }
            self.short.insert(c as u32);
        }
    }

    /// The tables seating i with j in seating `o` would clear (j's table, then tables
    /// overfilling an item of the new one), at most 8; `None` when no such set exists.
    fn evictions(&self, i: usize, j: usize, o: u8, rng: &mut Rng) -> Option<([u32; 8], usize)> {
        let p = self.s.pairs;
        let cap = p.items().1 as i32;
        let mut evicted = [NONE; 8];
        let mut n_ev = 0;
        let mut changes = [(0usize, 0i32); 24];
        let mut n_ch = 0;
        let add = |changes: &mut [(usize, i32); 24], n_ch: &mut usize, c: usize, d: i32| match changes
            [..*n_ch]
            .iter_mut()
            .find(|e| e.0 == c)
        {
            Some(e) => e.1 += d,
            None => {
                changes[*n_ch] = (c, self.s.count[c] as i32 + d);
                *n_ch += 1;
            }
        };
        if self.s.mate[j] != NONE {
            let m = self.s.mate[j] as usize;
            evicted[0] = j.min(m) as u32;
            n_ev = 1;
            let (h, n) = self.s.table_hits(j);
            for &c in &h[..n] {
                add(&mut changes, &mut n_ch, c, -1);
            }
        }
        let (h, n) = p.hits(i, j, o);
        for &c in &h[..n] {
            add(&mut changes, &mut n_ch, c, 1);
        }
        for &c in &h[..n] {
            while changes[..n_ch].iter().find(|e| e.0 == c).map_or(0, |e| e.1) > cap {
                let mut options = [NONE; 2];
                let mut n_opt = 0;
                for t in self.cover[c] {
                    if t != NONE && !evicted[..n_ev].contains(&t) {
                        options[n_opt] = t;
                        n_opt += 1;
                    }
                }
                if n_opt == 0 || n_ev >= 8 {
                    return None;
                }
                let t = options[rng.below(n_opt)];
                evicted[n_ev] = t;
                n_ev += 1;
                let (h2, n2) = self.s.table_hits(t as usize);
                for &d in &h2[..n2] {
                    add(&mut changes, &mut n_ch, d, -1);
                }
            }
        }
        Some((evicted, n_ev))
    }

    /// Clears `tables` random tables and re-seats their pairs with the unseated ones exactly;
    /// true when that seats everyone, else the tables are put back as they were.
    fn repair(&mut self, tables: usize, rng: &mut Rng) -> bool {
        let len = self.s.pairs.len();
        let mut seated: Vec<usize> = (0..len)
            .filter(|&i| self.s.mate[i] != NONE && i < self.s.mate[i] as usize)
            .collect();
        let tables = tables.min(seated.len());
        for x in 0..tables {
            let y = x + rng.below(seated.len() - x);
            seated.swap(x, y);
        }
        let cleared: Vec<(usize, usize, u8)> = seated[..tables]
            .iter()
            .map(|&i| (i, self.s.mate[i] as usize, self.s.orient[i]))
            .collect();
        for &(i, _, _) in &cleared {
            self.unseat(i);
        }
        let free: Vec<usize> = self.unseated.items.iter().map(|&x| x as usize).collect();
        let mut nodes = REPAIR_NODES;
        if refill(self.s, &free, &mut nodes) {
            return true;
        }
        for &(i, j, o) in &cleared {
            self.seat(i, j, o);
        }
        false
    }
}

/// Seats every unseated pair of `free` so that no class goes above two (undirected), depth
/// first on the pair with the fewest possible mates. False when that is impossible or the
/// node budget runs out; the seating is then as it was.
fn refill(s: &mut Seating, free: &[usize], nodes: &mut u64) -> bool {
    if *nodes == 0 {
        return false;
    }
    *nodes -= 1;
    let mut most_constrained: Option<(usize, usize)> = None;
    for &f in free {
        if s.mate[f] != NONE {
            continue;
        }
        let mates = free.iter().filter(|&&g| s.legal(f, g)).count();
        if mates == 0 {
            return false;
        }
        if most_constrained.is_none_or(|(_, fewest)| mates < fewest) {
            most_constrained = Some((f, mates));
        }
    }
    let Some((f, _)) = most_constrained else {
        return true;
    };
    for &g in free {
        if s.legal(f, g) {
            s.seat(f, g, 0);
            if refill(s, free, nodes) {
                return true;
            }
            s.unseat(f);
        }
    }
    false
}

/// Hill-climbing stage 2 from an empty seating; true when every pair is seated. With
/// `repair` > 0 (undirected), one move in `REPAIR_EVERY` at two tables short or closer is a
/// repair instead: `repair` random tables cleared and re-seated exactly with the unseated
/// pairs (a large neighbourhood the single moves cross only by luck).
fn climb(
    s: &mut Seating,
    patience: u64,
    repair: usize,
    steps: &mut u64,
    best_out: &mut usize,
    rng: &mut Rng,
    control: &Control,
) -> bool {
    let p = s.pairs;
    let check_every = Control::steps_between_checks(64);
    let items = p.items().0;
    let mut c = Climber {
        unseated: Pool::new(p.len()),
        short: Pool::new(items),
        cover: vec![[NONE; 2]; items],
        s,
    };
    for i in 0..p.len() {
        c.unseated.insert(i as u32);
    }
    for item in 1..items {
        c.short.insert(item as u32);
    }
    let mut best = c.s.unseated;
    let mut since_best = 0u64;
    while c.s.unseated > 0 {
        *steps += 1;
        since_best += 1;
        if since_best > patience || ((*steps).is_multiple_of(check_every) && control.should_stop()) {
            return false;
        }
        if repair > 0 && !p.directed && c.s.unseated <= 4 && rng.below(REPAIR_EVERY) == 0 {
            if c.repair(repair, rng) {
                break;
            }
            continue;
        }
        let i = c.unseated.pick(rng) as usize;
        let class = c.short.pick(rng);
        // Tables (mate j, seating o) for pair i that cover the short item `class`.
        let mut candidates = [(NONE, 0u8); 8];
        let mut n = 0;
        for x in [p.a[i], p.b[i]] {
            if x == NONE {
                continue;
            }
            for y in [p.diff(p.m - class, x), p.diff(class, x)] {
                let j = p.pair_of[y as usize];
                if j == NONE || j as usize == i {
                    continue;
                }
                for o in 0..=u8::from(p.directed) {
                    let (h, hn) = p.hits(i, j as usize, o);
                    if (!p.directed || h[..hn].contains(&(class as usize)))
                        && !candidates[..n].contains(&(j, o))
                    {
                        candidates[n] = (j, o);
                        n += 1;
                    }
                }
            }
        }
        let mut chosen = None;
        let mut chosen_net = i64::MIN;
        let mut ties = 0;
        for &(j, o) in &candidates[..n] {
            let Some(evicted) = c.evictions(i, j as usize, o, rng) else {
                continue;
            };
            let net = 1 - evicted.1 as i64;
            if net > chosen_net {
                chosen_net = net;
                ties = 1;
                chosen = Some((j as usize, o, evicted));
            } else if net == chosen_net {
                ties += 1;
                if rng.below(ties) == 0 {
                    chosen = Some((j as usize, o, evicted));
                }
            }
        }
        let Some((j, o, (evicted, n_ev))) = chosen else {
            continue;
        };
        if chosen_net < 0 && rng.below(100) != 0 {
            continue;
        }
        for &t in &evicted[..n_ev] {
            if c.s.mate[t as usize] != NONE {
                c.unseat(t as usize);
            }
        }
        c.seat(i, j, o);
        if c.s.unseated < best {
            best = c.s.unseated;
            since_best = 0;
            *best_out = (*best_out).min(best / 2);
        }
    }
    true
}

/// Searches a complete starter for `v` players (v ≡ 0 or 1 mod 4, v ≥ 8) until found or
/// `control` stops it; `directed` (4N+1 only, climb only) asks for directed seating too.
/// Progress reports count partner starters (quality: fewest unseated tables short so far).
pub fn search(v: usize, method: Stage2, directed: bool, seed: u64, control: &Control) -> Outcome {
    assert!(
        v % 4 <= 1 && (8..=MAX_PLAYERS).contains(&v),
        "two-stage search is for 4N and 4N+1 players, 8 to {MAX_PLAYERS}"
    );
    assert!(
        !directed || v % 4 == 1,
        "directed two-stage search is for 4N+1 players"
    );
    let infinity = v.is_multiple_of(4);
    let m = if infinity { v - 1 } else { v } as u32;
    let mut rng = Rng::new(seed);
    let mut outcome = Outcome {
        starter: None,
        partner_starters: 0,
        steps: 0,
        best_short: v / 4,
    };
    while !control.should_stop() {
        let pairs = partner_starter(m, infinity, directed, &mut rng);
        outcome.partner_starters += 1;
        let mut seating = Seating::new(&pairs);
        let found = match method {
            Stage2::Exact { nodes } if directed => {
                let mut budget = nodes;
                let found = directed_cover(&mut seating, &mut budget, &mut rng);
                outcome.steps += nodes - budget;
                found
            }
            Stage2::Exact { nodes } => {
                let mut budget = nodes;
                let found = exact(&mut seating, &mut budget, &mut rng) == Some(true);
                outcome.steps += nodes - budget;
                found
            }
            Stage2::Climb { patience, repair } => climb(
                &mut seating,
                patience.unwrap_or(Stage2::climb_patience(v)),
                repair,
                &mut outcome.steps,
                &mut outcome.best_short,
                &mut rng,
                control,
            ),
        };
        if found {
            outcome.best_short = 0;
            outcome.starter = Some(seating.starter());
            break;
        }
        if outcome.partner_starters.is_multiple_of(64) {
            control.report(Progress {
                done: outcome.partner_starters,
                best_quality: outcome.best_short as f64,
            });
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

    fn complete(starter: &Starter) -> bool {
        verify(&full_cycle(starter, numbered_names(starter), false)).is_valid()
    }

    #[test]
    fn partner_starters_cover_every_difference_once() {
        let mut rng = Rng::new(3);
        for (m, infinity) in [(27, true), (29, false), (45, false)] {
            let pairs = partner_starter(m, infinity, false, &mut rng);
            let mut seen = vec![0; pairs.k + 1];
            for i in 0..pairs.len() {
                if pairs.b[i] != NONE {
                    seen[pairs.class(pairs.a[i], pairs.b[i])] += 1;
                }
            }
            assert!(seen[1..].iter().all(|&s| s == 1), "m = {m}: {seen:?}");
        }
    }

    /// The partner pairs of the shipped 1-rotational starter for v, translated so that ∞
    /// partners 0 (pairs known to have an arrangement), and that arrangement.
    fn shipped_pairs(v: usize) -> (Pairs, Vec<(usize, usize)>) {
        let (starter, _) = crate::whist::plan::complete_starter(v, false).expect("shipped");
        assert!(starter.infinity && matches!(starter.group, Group::Cyclic(_)));
        let m = (v - 1) as u32;
        let shift = starter
            .tables
            .iter()
            .flat_map(|t| [(t[0], t[2]), (t[2], t[0]), (t[1], t[3]), (t[3], t[1])])
            .find(|&(x, _)| x == INFINITY)
            .map(|(_, y)| y)
            .expect("∞ seated");
        let mut pairs = Pairs {
            m,
            infinity: true,
            directed: false,
            k: ((m - 1) / 2) as usize,
            a: vec![0],
            b: vec![NONE],
            pair_of: vec![NONE; m as usize],
            hit_table: Vec::new(),
        };
        pairs.pair_of[0] = 0;
        let mut tables = Vec::new();
        for t in &starter.tables {
            let mut at_table = Vec::new();
            for (x, y) in [(t[0], t[2]), (t[1], t[3])] {
                if x == INFINITY || y == INFINITY {
                    at_table.push(0);
                    continue;
                }
                let (x, y) = ((x + m - shift) % m, (y + m - shift) % m);
                let i = pairs.a.len();
                pairs.a.push(x.min(y));
                pairs.b.push(x.max(y));
                pairs.pair_of[x as usize] = i as u32;
                pairs.pair_of[y as usize] = i as u32;
                at_table.push(i);
            }
            tables.push((at_table[0], at_table[1]));
        }
        pairs.tabulate_hits();
        (pairs, tables)
    }

    #[test]
    fn a_repair_reseats_cleared_tables_exactly_or_puts_them_back() {
        let (pairs, tables) = shipped_pairs(28);
        let mut s = Seating::new(&pairs);
        for &(i, j) in &tables {
            s.seat(i, j, 0);
        }
        assert!(complete(&s.starter()));
        // Clear 5 tables: re-seating finds an arrangement (the shipped one at least).
        let free: Vec<usize> = tables[2..7].iter().flat_map(|&(i, j)| [i, j]).collect();
        for &(i, _) in &tables[2..7] {
            s.unseat(i);
        }
        let mut nodes = REPAIR_NODES;
        assert!(refill(&mut s, &free, &mut nodes));
        assert_eq!(s.unseated, 0);
        assert!(complete(&s.starter()));
        // Out of nodes part way: refused, and the seating is left as it was.
        let free: Vec<usize> = tables[..2].iter().flat_map(|&(i, j)| [i, j]).collect();
        for &(i, _) in &tables[..2] {
            s.unseat(i);
        }
        let before = (s.mate.clone(), s.count.clone(), s.unseated);
        let mut nodes = 1;
        assert!(!refill(&mut s, &free, &mut nodes));
        assert_eq!((s.mate.clone(), s.count.clone(), s.unseated), before);
        let mut nodes = REPAIR_NODES;
        assert!(refill(&mut s, &free, &mut nodes));
        assert!(complete(&s.starter()));
    }

    #[test]
    fn the_climb_with_repairs_arranges_known_feasible_pairs() {
        for v in [28, 32, 36] {
            let (pairs, _) = shipped_pairs(v);
            for seed in 1..=3 {
                let mut s = Seating::new(&pairs);
                let mut rng = Rng::new(seed);
                let (mut steps, mut best) = (0, v);
                let found = climb(
                    &mut s,
                    u64::MAX,
                    4,
                    &mut steps,
                    &mut best,
                    &mut rng,
                    &Control::unlimited(),
                );
                assert!(found && complete(&s.starter()), "{v} players, seed {seed}");
            }
        }
    }

    #[test]
    fn both_methods_find_small_complete_starters() {
        for method in [
            Stage2::Exact { nodes: 2_000 },
            Stage2::Climb {
                patience: Some(20_000),
                repair: 0,
            },
        ] {
            for v in [12, 13, 16, 20, 21] {
                let out = search(
                    v,
                    method,
                    false,
                    7,
                    &Control::with_counted_time(Duration::from_secs(20)),
                );
                let starter = out.starter.unwrap_or_else(|| panic!("{v} with {method:?}"));
                assert_eq!(starter.players(), v);
                assert!(complete(&starter), "{v} with {method:?}: {}", starter.to_line());
            }
        }
    }

    /// Each size is found directed by `method` and passes the verifier's directed rules.
    fn finds_directed(method: Stage2, sizes: &[usize]) {
        for &v in sizes {
            let out = search(
                v,
                method,
                true,
                5,
                &Control::with_counted_time(Duration::from_secs(60)),
            );
            let starter = out
                .starter
                .unwrap_or_else(|| panic!("{v} directed with {method:?}"));
            let report = verify(&full_cycle(&starter, numbered_names(&starter), true));
            assert!(
                report.is_valid(),
                "{v} with {method:?}: {:?}",
                &report.violations[..report.violations.len().min(3)]
            );
        }
    }

    #[test]
    fn the_exact_cover_finds_directed_starters() {
        finds_directed(Stage2::Exact { nodes: 20_000 }, &[13, 17, 21, 33]);
    }

    #[test]
    fn the_climb_finds_directed_starters() {
        finds_directed(
            Stage2::Climb {
                patience: Some(20_000),
                repair: 0,
            },
            &[13, 17, 21],
        );
    }
}
