//! How fair a pairs movement is to each pair (issue 43): two pairs are **compared** on a board
//! when both play it in the same direction (both N-S or both E-W), so that each one's score
//! on it is matchpointed against the other's. In a fair movement every two pairs of a field
//! are compared on the same number of boards; then a pair's result depends on the whole field,
//! not on which pairs it happened to be compared with.
//!
//! Counted here from the table rows alone (every play of every board set), sharing no code
//! with the generators. Pairs that never sit in the same direction (the two fields of a
//! Mitchell without an arrow switch) are not a pair of the same field and are left out; so is
//! the phantom.

use crate::model::movement::Movement;
use std::collections::{BTreeMap, BTreeSet};

/// The comparisons of a movement.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Balance {
    /// Boards on which each two pairs of a field are compared (lower pair number first).
    pub compared: BTreeMap<(usize, usize), usize>,
}

impl Balance {
    /// The fewest boards any two pairs of a field are compared on.
    pub fn min(&self) -> usize {
        self.compared.values().copied().min().unwrap_or(0)
    }

    /// The most.
    pub fn max(&self) -> usize {
        self.compared.values().copied().max().unwrap_or(0)
    }

    /// Most less fewest: 0 for a perfectly balanced movement.
    pub fn spread(&self) -> usize {
        self.max() - self.min()
    }

    /// How many pairs of pairs are compared on each number of boards, fewest boards first.
    pub fn histogram(&self) -> Vec<(usize, usize)> {
        let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
        for boards in self.compared.values() {
            *counts.entry(*boards).or_default() += 1;
        }
        counts.into_iter().collect()
    }

    /// "every two pairs compared on 6–6 boards (spread 0)", with how many pairs of pairs are
    /// compared on each number when they differ.
    pub fn describe(&self) -> String {
        if self.compared.is_empty() {
            return "comparisons: no two pairs of a field play the same boards".to_owned();
        }
        let mut line = format!(
            "comparisons: every two pairs of a field compared on {}–{} boards (spread {})",
            self.min(),
            self.max(),
            self.spread()
        );
        if self.spread() > 0 {
            let counts: Vec<String> = self
                .histogram()
                .iter()
                .map(|(boards, pairs)| format!("{boards} boards: {pairs}"))
                .collect();
            line.push_str(&format!(
                "; pairs of pairs by boards compared: {}",
                counts.join(", ")
            ));
        }
        line
    }
}

/// The comparisons of `movement`, counted from its tables.
pub fn balance(movement: &Movement) -> Balance {
    // Every play of each set: its N-S pair and its E-W pair.
    let mut plays: BTreeMap<usize, (Vec<usize>, Vec<usize>)> = BTreeMap::new();
    let mut directions: BTreeMap<usize, BTreeSet<bool>> = BTreeMap::new();
    for round in &movement.rounds {
        for table in &round.tables {
            let entry = plays.entry(table.set).or_default();
            entry.0.push(table.ns);
            entry.1.push(table.ew);
            directions.entry(table.ns).or_default().insert(true);
            directions.entry(table.ew).or_default().insert(false);
        }
    }
    let present: Vec<usize> = (1..=movement.pairs)
        .filter(|pair| movement.phantom != Some(*pair) && directions.contains_key(pair))
        .collect();
    let mut compared = BTreeMap::new();
    for (i, &a) in present.iter().enumerate() {
        for &b in &present[i + 1..] {
            if directions[&a].intersection(&directions[&b]).next().is_some() {
                compared.insert((a, b), 0usize);
            }
        }
    }
    for (ns, ew) in plays.values() {
        for side in [ns, ew] {
            for (i, &a) in side.iter().enumerate() {
                for &b in &side[i + 1..] {
                    let key = (a.min(b), a.max(b));
                    if let Some(boards) = compared.get_mut(&key) {
                        *boards += movement.boards_per_round;
                    }
                }
            }
        }
    }
    Balance { compared }
}
