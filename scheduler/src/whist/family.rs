//! Whist rotations from a difference family: small whist tournaments combined into a large
//! one.
//!
//! Over Z_m take a subgroup H of order h (h = 1: none) and base blocks whose differences
//! cover every element outside H exactly once. The translates of the base blocks and the
//! cosets of H (each with ∞ added for 4N players) are then blocks such that every pair of
//! players lies in exactly one. Give every block a whist tournament of its own size (the
//! shipped rotations for 5, 9 and 13 players; for the cosets the cyclic rotation of h, or the
//! 1-rotational one of h + 1 players), and let round x of the whole be, for every block
//! through x, the round of that block's tournament in which x sits out (x's coset: its own
//! round x, in which x plays). Each player is seated once in round x (the blocks through x
//! share only x), each pair partners once and opposes twice (in its one block), and every
//! round of every block is played once. A directed tournament on each block makes the whole
//! directed. The whole is moved by Z_m, so its round 0 is a cyclic (4N + 1) or 1-rotational
//! (4N) starter like any other line of the table.
//!
//! This is the argument that whist designs are closed under pairwise balanced designs,
//! written out for designs a cyclic group moves (derived here; the searches for the families
//! are measured in docs/whist-rotations.md).

use super::starter::{Group, INFINITY, Starter};
use crate::solver::{Control, Progress, Rng};

/// Block sizes used for the base blocks: the smallest with whist tournaments (4N + 1).
pub const BLOCK_SIZES: [usize; 3] = [5, 9, 13];

/// One way to split v players: Z_m, the subgroup of order `h` whose cosets are blocks
/// (h = 1: none), ∞ added to every coset (4N players), and the sizes of the base blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    pub m: u32,
    pub h: u32,
    pub infinity: bool,
    pub sizes: Vec<usize>,
}

impl Shape {
    /// Whether d (mod m) lies in the subgroup H.
    fn in_subgroup(&self, d: u32) -> bool {
        self.h > 1 && d.is_multiple_of(self.m / self.h)
    }
}

/// The shapes for v players, fewest blocks of 9 or 13 first, then fewest blocks: a subgroup
/// whose coset tournament exists (`rotation(n)`: a complete rotation for n players, e.g. the
/// shipped one) and base blocks of sizes in `BLOCK_SIZES` whose k(k − 1) differences add up
/// to the elements outside it.
pub fn shapes(v: usize, rotation: &dyn Fn(usize) -> Option<Starter>) -> Vec<Shape> {
    let (m, infinity) = match v % 4 {
        1 => (v as u32, false),
        0 if v >= 8 => (v as u32 - 1, true),
        _ => return Vec::new(),
    };
    let usable = |k: usize| rotation(k).is_some_and(|s| !s.infinity && s.sit_out.len() == 1);
    let mut subgroups: Vec<u32> = if infinity { Vec::new() } else { vec![1] };
    for h in 2..m {
        if !m.is_multiple_of(h) {
            continue;
        }
        let coset = if infinity {
            h % 4 == 3 && rotation(h as usize + 1).is_some_and(|s| s.infinity && s.group == Group::Cyclic(h))
        } else {
            h % 4 == 1
                && rotation(h as usize).is_some_and(|s| s.group == Group::Cyclic(h) && s.sit_out == [0])
        };
        if coset {
            subgroups.push(h);
        }
    }
    let mut shapes = Vec::new();
    for h in subgroups {
        let left = (m - h.max(1)) as usize;
        for sizes in compositions(left, &BLOCK_SIZES) {
            if sizes.iter().all(|&k| usable(k)) {
                shapes.push(Shape {
                    m,
                    h,
                    infinity,
                    sizes,
                });
            }
        }
    }
    shapes.sort_by_key(|s| (big_blocks(s), s.sizes.len()));
    shapes
}

/// Blocks of more than 5 players in a shape: their differences are much harder to place
/// (a block of 9 has 72 distinct differences; the annealer rarely manages one).
fn big_blocks(shape: &Shape) -> usize {
    shape.sizes.iter().filter(|&&k| k > 5).count()
}

/// Multisets of sizes k (largest first) with Σ k(k − 1) = `total`.
fn compositions(total: usize, sizes: &[usize]) -> Vec<Vec<usize>> {
    let Some((&k, rest)) = sizes.split_last() else {
        return if total == 0 { vec![Vec::new()] } else { Vec::new() };
    };
    let each = k * (k - 1);
    let mut out = Vec::new();
    for count in 0..=total / each {
        for mut tail in compositions(total - count * each, rest) {
            let mut sizes = vec![k; count];
            sizes.append(&mut tail);
            out.push(sizes);
        }
    }
    out
}

/// Anneals base blocks for `shape` until their differences cover every element outside H
/// exactly once, or `control` stops it (`None`). Progress reports the lowest cost (twice the
/// number of differences covered twice, roughly).
pub fn search_family(shape: &Shape, seed: u64, control: &Control) -> Option<Vec<Vec<u32>>> {
    let m = shape.m as usize;
    let mut rng = Rng::new(seed);
    let forbidden: Vec<bool> = (0..shape.m).map(|d| d == 0 || shape.in_subgroup(d)).collect();
    let mut blocks: Vec<Vec<u32>> = shape
        .sizes
        .iter()
        .map(|&k| {
            let mut block: Vec<u32> = Vec::with_capacity(k);
            while block.len() < k {
                let x = rng.below(m) as u32;
                if !block.contains(&x) {
                    block.push(x);
                }
            }
            block
        })
        .collect();
    let mut count = vec![0i32; m];
    for block in &blocks {
        for &x in block {
            for &y in block {
                if x != y {
                    count[(x + shape.m - y) as usize % m] += 1;
                }
            }
        }
    }
    // A difference inside H (or 0) costs 4 per use; one outside costs (uses − 1)².
    let term = |d: usize, c: i32| {
        if forbidden[d] {
            4 * c * c
        } else {
            (c - 1) * (c - 1)
        }
    };
    let mut cost: i32 = (1..m).map(|d| term(d, count[d])).sum();
    let mut best = cost;
    const TEMPERATURE: f64 = 0.6;
    let check_every = Control::steps_between_checks(shape.sizes.iter().sum::<usize>() * 8);
    let mut steps: u64 = 0;
    let mut touched: Vec<usize> = Vec::new();
    while cost > 0 {
        steps += 1;
        if steps.is_multiple_of(check_every) {
            if control.should_stop() {
                return None;
            }
            control.report(Progress {
                done: steps,
                best_quality: best as f64,
            });
        }
        let b = rng.below(blocks.len());
        let i = rng.below(blocks[b].len());
        let x = rng.below(m) as u32;
        if blocks[b].contains(&x) {
            continue;
        }
        let old = blocks[b][i];
        // The differences that change, and the cost over them before and after.
        touched.clear();
        for (j, &y) in blocks[b].iter().enumerate() {
            if j != i {
                for d in [
                    old + shape.m - y,
                    y + shape.m - old,
                    x + shape.m - y,
                    y + shape.m - x,
                ] {
                    let d = d as usize % m;
                    if !touched.contains(&d) {
                        touched.push(d);
                    }
                }
            }
        }
        let before: i32 = touched.iter().map(|&d| term(d, count[d])).sum();
        let shift = |count: &mut [i32], from: u32, to: u32, block: &[u32]| {
            for (j, &y) in block.iter().enumerate() {
                if j != i {
                    count[(from + shape.m - y) as usize % m] -= 1;
                    count[(y + shape.m - from) as usize % m] -= 1;
                    count[(to + shape.m - y) as usize % m] += 1;
                    count[(y + shape.m - to) as usize % m] += 1;
                }
            }
        };
        shift(&mut count, old, x, &blocks[b]);
        let after: i32 = touched.iter().map(|&d| term(d, count[d])).sum();
        let delta = after - before;
        if delta <= 0 || rng.unit() < (-(delta as f64) / TEMPERATURE).exp() {
            blocks[b][i] = x;
            cost += delta;
            best = best.min(cost);
        } else {
            shift(&mut count, x, old, &blocks[b]);
        }
    }
    Some(blocks)
}

/// The starter made from a family (see the module comment), or `None` when a tournament it
/// needs is missing or the family's blocks are malformed. `rotation(n)` gives the complete
/// rotation for n players used on each block. Its validity is the verifier's to check.
pub fn starter_from_family(
    shape: &Shape,
    blocks: &[Vec<u32>],
    rotation: &dyn Fn(usize) -> Option<Starter>,
) -> Option<Starter> {
    let m = shape.m;
    let mut tables: Vec<[u32; 4]> = Vec::new();
    if shape.h > 1 {
        // The coset H itself, in its round 0 (0 sits out there for 4N + 1, plays for 4N).
        let coset = rotation(shape.h as usize + usize::from(shape.infinity))?;
        if coset.group != Group::Cyclic(shape.h) || coset.infinity != shape.infinity {
            return None;
        }
        let step = m / shape.h;
        tables.extend(
            coset
                .tables
                .iter()
                .map(|t| t.map(|x| if x == INFINITY { INFINITY } else { x * step })),
        );
    }
    for block in blocks {
        let local = rotation(block.len())?;
        let [sitter] = local.sit_out[..] else {
            return None;
        };
        if local.infinity || local.players() != block.len() || block.iter().any(|&x| x >= m) {
            return None;
        }
        // Block position p is the local player p; the translate of `block` through 0 at
        // position j plays the local round in which p = j sits out.
        for (j, &at) in block.iter().enumerate() {
            let round = local.group.sub(j as u32, sitter);
            for table in local.round(round) {
                tables.push(table.map(|p| (block[p as usize] + m - at) % m));
            }
        }
    }
    Some(Starter {
        group: Group::Cyclic(m),
        infinity: shape.infinity,
        tables,
        sit_out: if shape.infinity { Vec::new() } else { vec![0] },
    })
}

/// One bounded attempt at v players: the shape `seed` picks among those of `shapes(v)` with
/// the fewest blocks of 9 or 13, its family searched within `control`, and the starter built
/// from it.
pub fn attempt(
    v: usize,
    rotation: &dyn Fn(usize) -> Option<Starter>,
    seed: u64,
    control: &Control,
) -> Option<Starter> {
    let shapes = shapes(v, rotation);
    let fewest = shapes.first().map(big_blocks)?;
    let easiest: Vec<&Shape> = shapes.iter().filter(|s| big_blocks(s) == fewest).collect();
    let shape = easiest[seed as usize % easiest.len()];
    let blocks = search_family(shape, seed, control)?;
    starter_from_family(shape, &blocks, rotation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whist::offline::check_complete;
    use crate::whist::plan::{complete_starter, starter_is_directed};
    use std::time::Duration;

    fn rotation(n: usize) -> Option<Starter> {
        complete_starter(n, false).map(|(s, _)| s)
    }

    #[test]
    fn the_shapes_count_every_difference_once() {
        // 41: two blocks of 5 (40 = 2 × 20); 45: the cosets of the subgroup of order 5 and
        // two blocks of 5 (45 − 5 = 40); 64: Z63 with ∞ on the cosets of order 3 and three
        // blocks of 5; 80: Z79 has no subgroup and 78 is no sum of 20s, 72s and 156s.
        assert_eq!(shapes(41, &rotation)[0].sizes, vec![5, 5]);
        assert!(
            shapes(45, &rotation)
                .iter()
                .any(|s| s.h == 5 && s.sizes == [5, 5])
        );
        assert!(
            shapes(64, &rotation)
                .iter()
                .any(|s| s.h == 3 && s.infinity && s.sizes == [5, 5, 5])
        );
        assert!(shapes(80, &rotation).is_empty());
        for shape in shapes(93, &rotation).iter().chain(&shapes(220, &rotation)) {
            let differences: usize = shape.sizes.iter().map(|k| k * (k - 1)).sum();
            assert_eq!(differences as u32 + shape.h.max(1), shape.m, "{shape:?}");
        }
    }

    /// Families found by the search make complete rotations the independent verifier
    /// accepts, directed where every block's tournament is (4N + 1), 1-rotational for 4N.
    #[test]
    fn families_make_complete_rotations() {
        for (v, h) in [(41, 1), (64, 3), (85, 5)] {
            let shape = shapes(v, &rotation)
                .into_iter()
                .find(|s| s.h == h)
                .unwrap_or_else(|| panic!("{v}: no shape with h = {h}"));
            let control = Control::with_counted_time(Duration::from_secs(60));
            let blocks = search_family(&shape, 3, &control).unwrap_or_else(|| panic!("{v}: no family"));
            let starter = starter_from_family(&shape, &blocks, &rotation).expect("a starter");
            assert_eq!(starter.players(), v);
            let directed = v % 4 == 1;
            check_complete(v, &starter, directed).unwrap_or_else(|e| panic!("{v} (h = {h}): {e}"));
            assert_eq!(starter_is_directed(&starter), directed, "{v}");
        }
    }

    /// A block of 9 uses the product-group rotation of 9 players (Z3 × Z3): the powers of 2
    /// mod 73 (its subgroup of order 9) have every non-zero difference once, a family of
    /// one block for 73 players.
    #[test]
    fn a_block_of_nine_uses_the_product_rotation() {
        let shape = shapes(73, &rotation).remove(0);
        assert_eq!(shape.sizes, vec![9]);
        assert!(matches!(rotation(9).map(|s| s.group), Some(Group::Product(_))));
        let powers: Vec<u32> = (0..9)
            .scan(1u32, |x, _| {
                let here = *x;
                *x = *x * 2 % 73;
                Some(here)
            })
            .collect();
        let starter = starter_from_family(&shape, &[powers], &rotation).expect("a starter");
        check_complete(73, &starter, true).unwrap();
        assert!(starter_is_directed(&starter));
    }

    /// A family with a difference covered twice is built as asked and refused by the
    /// verifier: the construction does not hide a bad family.
    #[test]
    fn a_bad_family_fails_the_verifier() {
        let shape = shapes(41, &rotation).remove(0);
        // {0, 1, 2, 4, 8} repeats differences 1, 2 and 4.
        let blocks = vec![vec![0, 1, 2, 4, 8], vec![0, 5, 11, 19, 30]];
        let starter = starter_from_family(&shape, &blocks, &rotation).expect("a starter");
        assert!(check_complete(41, &starter, false).is_err());
    }

    #[test]
    fn the_family_search_stops_when_told() {
        let shape = shapes(201, &rotation).remove(0);
        // 50 counted stop checks; the guard (minutes) only catches a search that ignores them.
        let control = Control::with_counted_time(Duration::from_millis(50));
        let checks = control.clone();
        crate::solver::finishes_within(Duration::from_secs(300), move || {
            let _ = search_family(&shape, 1, &control);
        });
        assert!(checks.checks_made() > 50, "it stopped at its limit, not before");
    }
}
