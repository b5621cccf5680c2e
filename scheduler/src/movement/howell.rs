//! The complete Howell: 2T pairs at T tables, 2T − 1 rounds, every pair meets every other
//! once and plays every one of the 2T − 1 board sets once.
//!
//! Published Howells (movement cards of the ACBL and EBU, and the derivation from
//! "skeletons" at <http://www.bridgecentral.com/MvtHTML/derivinghowellmovements.htm>)
//! exist; none is copied here. The movement is built the classical way (a "cyclic" Howell):
//! the highest pair, 2T, is stationary at table 1; the other pairs are the numbers 0..n−1
//! modulo n = 2T − 1 (pair x + 1), and round r is the first round (the *starter*) with every
//! moving pair and every board set shifted by r − 1, so each pair follows the pair numbered
//! one below it and the boards follow each other
//! as well. The starter is found here by a seeded, deterministic backtracking search:
//!
//! - the pairs {a, b} at the tables other than table 1 have differences ±(a − b) that cover
//!   every non-zero residue once (so every pair meets every other once);
//! - table j plays set o_j; pair x then plays sets x + o_j − a over the tables j where it
//!   sits as a, and these n values must all differ (so no pair meets a set twice);
//! - the o_j differ (no set at two tables in a round). For 2 tables no such starter exists
//!   (the search proves it), and the two tables share a set every round, as in the published
//!   2-table Howell; that is declared in `Movement::sharing`. For 3 tables even that fails
//!   (a set would be at all three tables), so the 3-table Howell has its own generator with
//!   six sets (`three_table`).

use super::{Movement, MovementKind, MovementRound, TableRound};

mod three_table;

/// Tables beyond which the generator does not try (the search time grows quickly).
pub const MAX_HOWELL_TABLES: usize = 30;

/// A starter: per table (table 1 first) the N-S and E-W residues (`None` = the stationary
/// pair) and the set offset.
#[derive(Clone, Debug)]
struct Starter {
    tables: Vec<(Option<usize>, usize, usize)>,
    /// Tables (0-based) sharing a set, if the search had to allow it.
    shared: Option<(usize, usize)>,
}

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
    used_elem: Vec<bool>,
    used_diff: Vec<bool>,
    offset_uses: Vec<u8>,
    used_value: Vec<bool>,
    /// Whether one repeated offset (a shared set) is still allowed.
    may_share: bool,
    chosen: Vec<(usize, usize, usize)>,
    nodes: u64,
    node_limit: u64,
    rng: SplitMix,
}

impl Search {
    fn sub(&self, a: usize, b: usize) -> usize {
        (a + self.n - b) % self.n
    }

    /// Extends the starter from the smallest unplaced residue; true when complete.
    fn extend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return false;
        }
        // Fail first: the unplaced residue with the fewest partners left.
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
                let sharing = self.offset_uses[o] > 0;
                if sharing && !self.may_share {
                    continue;
                }
                let (vx, vy) = (self.sub(o, x), self.sub(o, y));
                if self.used_value[vx] || self.used_value[vy] {
                    continue;
                }
                self.used_value[vx] = true;
                self.used_value[vy] = true;
                self.offset_uses[o] += 1;
                if sharing {
                    self.may_share = false;
                }
                self.chosen.push((x, y, o));
                if self.extend() {
                    return true;
                }
                self.chosen.pop();
                if sharing {
                    self.may_share = true;
                }
                self.offset_uses[o] -= 1;
                self.used_value[vx] = false;
                self.used_value[vy] = false;
                if self.nodes > self.node_limit {
                    break;
                }
            }
            self.used_elem[y] = false;
            self.used_diff[d] = false;
            self.used_diff[e] = false;
            if self.nodes > self.node_limit {
                break;
            }
        }
        self.used_elem[x] = false;
        false
    }
}

/// One search attempt; `None` if it fails or runs out of nodes. The stationary pair meets
/// residue 0 at table 1 with offset 0 (every starter is a shift of one of this form).
fn search(tables: usize, may_share: bool, seed: u64, node_limit: u64) -> Option<Starter> {
    let n = 2 * tables - 1;
    let mut s = Search {
        n,
        used_elem: vec![false; n],
        used_diff: vec![false; n],
        offset_uses: vec![0; n],
        used_value: vec![false; n],
        may_share,
        chosen: Vec::new(),
        nodes: 0,
        node_limit,
        rng: SplitMix(seed),
    };
    s.used_elem[0] = true;
    s.used_diff[0] = true;
    s.offset_uses[0] = 1;
    s.used_value[0] = true;
    if !s.extend() {
        return None;
    }
    let mut rows = vec![(None, 0, 0)];
    for &(x, y, o) in &s.chosen {
        // Which residue sits N-S does not matter to the rules: a seeded coin.
        let (ns, ew) = if s.rng.next() % 2 == 0 { (x, y) } else { (y, x) };
        rows.push((Some(ns), ew, o));
    }
    let shared = (0..rows.len()).find_map(|i| {
        (i + 1..rows.len())
            .find(|&j| rows[j].2 == rows[i].2)
            .map(|j| (i, j))
    });
    Some(Starter { tables: rows, shared })
}

/// Finds a starter: without shared sets if one exists (exhaustively for 2 tables,
/// else by seeded restarts), else with one pair of tables sharing.
fn find_starter(tables: usize) -> Option<Starter> {
    if tables <= 2 {
        return search(tables, false, 1, u64::MAX).or_else(|| search(tables, true, 1, u64::MAX));
    }
    let mut limit = 200u64;
    for attempt in 0..5000u64 {
        if let Some(s) = search(tables, false, 0x5EED + attempt, limit) {
            return Some(s);
        }
        limit = limit.saturating_add(limit / 20);
    }
    None
}

/// The complete Howell for 2T pairs at T tables (2 ≤ T ≤ `MAX_HOWELL_TABLES`), with 2T − 1
/// rounds and 2T − 1 board sets. Pair 2T is stationary N-S at table 1; in every round each
/// other pair takes the seat its number-one-lower pair had, and each board set the place of
/// the set numbered one lower. Deterministic: the same size always gives the same movement.
pub fn howell(tables: usize, boards_per_round: usize) -> Result<Movement, String> {
    if boards_per_round == 0 {
        return Err("A movement needs at least 1 board per round.".to_string());
    }
    if !(2..=MAX_HOWELL_TABLES).contains(&tables) {
        return Err(format!(
            "A complete Howell is generated for 2 to {MAX_HOWELL_TABLES} tables (got {tables})."
        ));
    }
    if tables == 3 {
        return three_table::three_table_howell(boards_per_round);
    }
    let starter = find_starter(tables).ok_or_else(|| {
        format!("No complete Howell for {tables} tables was found within the search limit.")
    })?;
    let n = 2 * tables - 1;
    let stationary = 2 * tables;
    let pair = |residue: Option<usize>, r0: usize| match residue {
        None => stationary,
        Some(x) => (x + r0) % n + 1,
    };
    let rounds = (0..n)
        .map(|r0| {
            let tables_in_play: Vec<TableRound> = starter
                .tables
                .iter()
                .enumerate()
                .map(|(j, &(ns, ew, o))| TableRound {
                    table: j + 1,
                    ns: pair(ns, r0),
                    ew: pair(Some(ew), r0),
                    set: (o + r0) % n + 1,
                })
                .collect();
            let mut resting: Vec<usize> = (1..=n)
                .filter(|s| !tables_in_play.iter().any(|t| t.set == *s))
                .collect();
            resting.sort_unstable();
            MovementRound {
                number: r0 + 1,
                tables: tables_in_play,
                sitting_out: Vec::new(),
                resting_sets: resting,
                arrow_switch: false,
            }
        })
        .collect();
    Ok(Movement {
        kind: MovementKind::Howell,
        pairs: 2 * tables,
        tables,
        boards_per_round,
        sets: n,
        phantom: None,
        sharing: starter
            .shared
            .map(|(i, j)| vec![(i + 1, j + 1)])
            .unwrap_or_default(),
        withdrawn: Vec::new(),
        rounds,
    })
}
