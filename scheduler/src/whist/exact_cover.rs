//! Exact cover by dancing links (Knuth's Algorithm X with the DLX data structure): choose
//! options so that every item is covered exactly once. The search branches on the item with
//! the fewest options left and undoes each choice in place, so a refutation of a small
//! instance (a few hundred options) takes well under a millisecond.
//!
//! Used by the directed two-stage search: given the partner pairs, every pair and every
//! signed left-hand difference must be covered exactly once by the chosen tables.

use crate::solver::Rng;

/// An exact-cover instance and its dancing-links state.
pub struct ExactCover {
    /// Node links (index 0 is the root, 1..=items the item headers, then option nodes).
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    /// Each node's item header (headers: themselves); each option node's option number.
    item: Vec<usize>,
    option: Vec<usize>,
    /// Options left per item.
    size: Vec<usize>,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cover {
    /// The chosen options, one per covered group of items.
    Found(Vec<usize>),
    /// No exact cover exists.
    None,
    /// The node budget ran out first.
    Unknown,
}

impl ExactCover {
    /// `items` items (numbered 0..items) and the options, each a list of distinct items.
    pub fn new(items: usize, options: &[Vec<usize>]) -> ExactCover {
        let n = items + 1;
        let mut x = ExactCover {
            left: (0..n).map(|i| (i + n - 1) % n).collect(),
            right: (0..n).map(|i| (i + 1) % n).collect(),
            up: (0..n).collect(),
            down: (0..n).collect(),
            item: (0..n).collect(),
            option: vec![usize::MAX; n],
            size: vec![0; n],
        };
        for (o, items_of) in options.iter().enumerate() {
            let first = x.item.len();
            for (k, &i) in items_of.iter().enumerate() {
                let header = i + 1;
                let node = x.item.len();
                x.item.push(header);
                x.option.push(o);
                // Append at the bottom of the item's column.
                let last = x.up[header];
                x.up.push(last);
                x.down.push(header);
                x.down[last] = node;
                x.up[header] = node;
                x.size[header] += 1;
                // Link into the option's row.
                x.left.push(if k == 0 { node } else { node - 1 });
                x.right.push(first);
                if k > 0 {
                    x.right[node - 1] = node;
                    x.left[first] = node;
                }
            }
        }
        x
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.item[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                self.size[self.item[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    /// Searches for an exact cover, trying options in a random order, within `budget` nodes.
    pub fn solve(&mut self, rng: &mut Rng, budget: &mut u64) -> Cover {
        let mut chosen = Vec::new();
        match self.search(rng, budget, &mut chosen) {
            Some(true) => Cover::Found(chosen),
            Some(false) => Cover::None,
            None => Cover::Unknown,
        }
    }

    fn search(&mut self, rng: &mut Rng, budget: &mut u64, chosen: &mut Vec<usize>) -> Option<bool> {
        if self.right[0] == 0 {
            return Some(true);
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        // The item with the fewest options left.
        let mut c = self.right[0];
        let mut best = self.size[c];
        let mut j = self.right[c];
        while j != 0 && best > 0 {
            if self.size[j] < best {
                best = self.size[j];
                c = j;
            }
            j = self.right[j];
        }
        if best == 0 {
            return Some(false);
        }
        let mut rows = Vec::with_capacity(best);
        let mut r = self.down[c];
        while r != c {
            rows.push(r);
            r = self.down[r];
        }
        for k in (1..rows.len()).rev() {
            rows.swap(k, rng.below(k + 1));
        }
        self.cover(c);
        for r in rows {
            chosen.push(self.option[r]);
            let mut j = self.right[r];
            while j != r {
                self.cover(self.item[j]);
                j = self.right[j];
            }
            let result = self.search(rng, budget, chosen);
            let mut j = self.left[r];
            while j != r {
                self.uncover(self.item[j]);
                j = self.left[j];
            }
            match result {
                Some(false) => {
                    chosen.pop();
                }
                other => {
                    self.uncover(c);
                    return other;
                }
            }
        }
        self.uncover(c);
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(items: usize, options: &[Vec<usize>], chosen: &[usize]) {
        let mut seen = vec![0; items];
        for &o in chosen {
            for &i in &options[o] {
                seen[i] += 1;
            }
        }
        assert!(seen.iter().all(|&s| s == 1), "{seen:?}");
    }

    #[test]
    fn knuths_example_has_its_one_cover() {
        // Items a..g; the options of Knuth's TAOCP 7.2.2.1 (6): the cover is {a d}, {b g}, {c e f}.
        let options = vec![
            vec![2, 4],
            vec![0, 3, 6],
            vec![1, 2, 5],
            vec![0, 3, 5],
            vec![1, 6],
            vec![3, 4, 6],
        ];
        let mut budget = 1000;
        let found = ExactCover::new(7, &options).solve(&mut Rng::new(1), &mut budget);
        let Cover::Found(mut chosen) = found else {
            panic!("{found:?}")
        };
        chosen.sort_unstable();
        assert_eq!(chosen, [0, 3, 4]);
        check(7, &options, &chosen);
    }

    #[test]
    fn impossible_instances_are_refuted_and_budgets_respected() {
        let options = vec![vec![0, 1], vec![1, 2], vec![0, 2]];
        let mut budget = 1000;
        assert_eq!(
            ExactCover::new(3, &options).solve(&mut Rng::new(1), &mut budget),
            Cover::None
        );
        // A large instance with a budget of one node: unknown, not a wrong answer.
        let many: Vec<Vec<usize>> = (0..40).map(|i| vec![i % 20, 20 + i / 2]).collect();
        let mut tiny = 1;
        assert_eq!(
            ExactCover::new(40, &many).solve(&mut Rng::new(1), &mut tiny),
            Cover::Unknown
        );
    }
}
