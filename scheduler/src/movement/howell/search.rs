//! The seeded, deterministic backtracking search for a cyclic starter (see the `howell`
//! module doc): the first round of a movement whose rounds are the starter with every moving
//! pair and every board set shifted by the round.
//!
//! Generalised to `stationary` pairs that never move (one for a complete Howell, more for a
//! three-quarter Howell): table j < `stationary` seats stationary pair j against a moving
//! residue a_j and plays set o_j, so the stationary pair meets every moving pair and plays
//! every set once. The other tables seat two moving residues {a, b} whose differences ±(a − b)
//! must all differ (no two pairs meet twice; for an even modulus the difference n/2 would
//! repeat a meeting after n/2 rounds, so it is never used). Over all tables, the values
//! o − a for every seated residue a must all differ (no pair plays a set twice), and the o_j
//! must differ (no set at two tables), except that one repeat may be allowed (two tables
//! sharing) where nothing else exists.

/// A starter: per table (table 1 first) the N-S residue (`None` = the table's stationary
/// pair), the E-W residue and the set offset.
pub(super) type StarterRow = (Option<usize>, usize, usize);

/// SplitMix64: a tiny deterministic generator, so the movement does not depend on a crate's
/// version.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn shuffle(&mut self, v: &mut [usize]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// The backtracking state for one search attempt.
struct Search {
    n: usize,
    /// Stationary tables still to place (after the first, fixed one).
    stationary_left: usize,
    used_elem: Vec<bool>,
    used_diff: Vec<bool>,
    offset_uses: Vec<u8>,
    used_value: Vec<bool>,
    /// Whether one repeated offset (a shared set) is still allowed.
    may_share: bool,
    /// Stationary tables after the first: (residue, offset).
    stationary: Vec<(usize, usize)>,
    /// Moving tables: (residue, residue, offset).
    chosen: Vec<(usize, usize, usize)>,
    nodes: u64,
    node_limit: u64,
    rng: SplitMix,
}

impl Search {
    fn sub(&self, a: usize, b: usize) -> usize {
        (a + self.n - b) % self.n
    }

    fn out_of_nodes(&self) -> bool {
        self.nodes > self.node_limit
    }

    /// Takes offset `o` for a seat of residues `seated`, if the offset and the values are free;
    /// returns whether it shares a set.
    fn take(&mut self, o: usize, seated: &[usize]) -> Option<bool> {
        let sharing = self.offset_uses[o] > 0;
        if sharing && !self.may_share {
            return None;
        }
        let values: Vec<usize> = seated.iter().map(|&a| self.sub(o, a)).collect();
        if values.iter().any(|&v| self.used_value[v]) || (values.len() == 2 && values[0] == values[1]) {
            return None;
        }
        for &v in &values {
            self.used_value[v] = true;
        }
        self.offset_uses[o] += 1;
        if sharing {
            self.may_share = false;
        }
        Some(sharing)
    }

    fn give_back(&mut self, o: usize, seated: &[usize], sharing: bool) {
        if sharing {
            self.may_share = true;
        }
        self.offset_uses[o] -= 1;
        for &a in seated {
            let v = self.sub(o, a);
            self.used_value[v] = false;
        }
    }

    /// Places the remaining stationary tables, then the moving ones; true when complete.
    fn extend(&mut self) -> bool {
        self.nodes += 1;
        if self.out_of_nodes() {
            return false;
        }
        if self.stationary_left > 0 {
            return self.extend_stationary();
        }
        self.extend_moving()
    }

    fn extend_stationary(&mut self) -> bool {
        let mut residues: Vec<usize> = (0..self.n).filter(|&a| !self.used_elem[a]).collect();
        self.rng.shuffle(&mut residues);
        let mut offsets: Vec<usize> = (0..self.n).collect();
        self.rng.shuffle(&mut offsets);
        self.stationary_left -= 1;
        for &a in &residues {
            self.used_elem[a] = true;
            for &o in &offsets {
                let Some(sharing) = self.take(o, &[a]) else {
                    continue;
                };
                self.stationary.push((a, o));
                if self.extend() {
                    return true;
                }
                self.stationary.pop();
                self.give_back(o, &[a], sharing);
                if self.out_of_nodes() {
                    break;
                }
            }
            self.used_elem[a] = false;
            if self.out_of_nodes() {
                break;
            }
        }
        self.stationary_left += 1;
        false
    }

    /// Extends the starter from the unplaced residue with the fewest partners left.
    fn extend_moving(&mut self) -> bool {
        let partner_count = |x: usize| {
            (0..self.n)
                .filter(|&y| !self.used_elem[y] && y != x && !self.used_diff[self.sub(y, x)])
                .count()
        };
        let Some(x) = (0..self.n)
            .filter(|&x| !self.used_elem[x])
            .min_by_key(|&x| partner_count(x))
        else {
            return true;
        };
        let mut partners: Vec<usize> = (0..self.n)
            .filter(|&y| !self.used_elem[y] && y != x && !self.used_diff[self.sub(y, x)])
            .collect();
        self.rng.shuffle(&mut partners);
        let mut offsets: Vec<usize> = (0..self.n).collect();
        self.rng.shuffle(&mut offsets);
        self.used_elem[x] = true;
        for &y in &partners {
            let (d, e) = (self.sub(y, x), self.sub(x, y));
            self.used_elem[y] = true;
            self.used_diff[d] = true;
            self.used_diff[e] = true;
            for &o in &offsets {
                let Some(sharing) = self.take(o, &[x, y]) else {
                    continue;
                };
                self.chosen.push((x, y, o));
                if self.extend() {
                    return true;
                }
                self.chosen.pop();
                self.give_back(o, &[x, y], sharing);
                if self.out_of_nodes() {
                    break;
                }
            }
            self.used_elem[y] = false;
            self.used_diff[d] = false;
            self.used_diff[e] = false;
            if self.out_of_nodes() {
                break;
            }
        }
        self.used_elem[x] = false;
        false
    }
}

/// The shape of a cyclic movement to search for.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    /// Rounds = moving pairs = board sets (the modulus).
    pub rounds: usize,
    pub tables: usize,
    /// Stationary pairs (at tables 1..=stationary); `tables * 2 = rounds + stationary`.
    pub stationary: usize,
}

/// One search attempt; `None` if it fails or runs out of nodes. The first stationary pair
/// meets residue 0 at table 1 with offset 0 (every starter is a shift of one of this form).
fn search(shape: Shape, may_share: bool, seed: u64, node_limit: u64) -> Option<Vec<StarterRow>> {
    let n = shape.rounds;
    let mut s = Search {
        n,
        stationary_left: shape.stationary - 1,
        used_elem: vec![false; n],
        used_diff: vec![false; n],
        offset_uses: vec![0; n],
        used_value: vec![false; n],
        may_share,
        stationary: Vec::new(),
        chosen: Vec::new(),
        nodes: 0,
        node_limit,
        rng: SplitMix(seed),
    };
    s.used_elem[0] = true;
    s.used_diff[0] = true;
    if n.is_multiple_of(2) {
        s.used_diff[n / 2] = true;
    }
    s.offset_uses[0] = 1;
    s.used_value[0] = true;
    if !s.extend() {
        return None;
    }
    let mut rows = vec![(None, 0, 0)];
    rows.extend(s.stationary.iter().map(|&(a, o)| (None, a, o)));
    for &(x, y, o) in &s.chosen {
        // Which residue sits N-S does not matter to the rules: a seeded coin.
        let (ns, ew) = if s.rng.next().is_multiple_of(2) {
            (x, y)
        } else {
            (y, x)
        };
        rows.push((Some(ns), ew, o));
    }
    Some(rows)
}

/// Finds a starter: without shared sets if one exists (exhaustively for 2 tables, else by
/// seeded restarts with a slowly growing node limit), else with one pair of tables sharing.
pub(super) fn find_starter(shape: Shape) -> Option<Vec<StarterRow>> {
    if shape.tables <= 2 {
        return search(shape, false, 1, u64::MAX).or_else(|| search(shape, true, 1, u64::MAX));
    }
    let mut limit = 200u64;
    for attempt in 0..5000u64 {
        if let Some(s) = search(shape, false, 0x5EED + attempt, limit) {
            return Some(s);
        }
        limit = limit.saturating_add(limit / 20);
    }
    None
}
