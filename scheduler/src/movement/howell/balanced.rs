//! Balanced complete Howells (issue 43): cyclic Howells in which every two pairs are compared
//! (sit the same way on the same board) as equally often as a cyclic Howell allows.
//!
//! Why the N-S line decides it. In a cyclic Howell on n = 2T − 1 moving residues (see the
//! `howell` module), table j's N-S residue in round r is a_j + o_j + r and it plays set
//! o_j + r; so the moving pairs sitting N-S on set s are A + s, with A = {a_j} the
//! *N-S line* of the starter (T − 1 residues; the stationary pair is N-S too), and those
//! sitting E-W are B + s, B the other T residues. Two moving pairs x and x + d are then
//! compared on as many sets as d is a difference of two elements of A, λ_A(d), plus as a
//! difference of two of B, λ_B(d) = λ_A(d) + 1 (B is A's complement and n − 2(T − 1) = 1):
//! 2·λ_A(d) + 1 sets. The stationary pair is compared with every pair on |A| = T − 1 sets.
//! The average of λ_A over the n − 1 differences is (T − 2)/2, so:
//!
//! - **perfect balance** (every two pairs on T − 1 sets) is exactly A being an
//!   (n, T − 1, (T − 2)/2) *difference set*; cyclic ones exist for n = 7, 11, 15, 19, 23 (and
//!   31, 35, 43, …): the quadratic residues modulo a prime n ≡ 3 (mod 4) (Paley), and for 15
//!   the twin-prime-power and Singer sets; the search below finds them by itself;
//! - for odd T the average is not a whole number, so λ_A takes at least two values and the
//!   spread is at least 2 sets: reached when λ_A takes only (T − 3)/2 and (T − 1)/2 (the
//!   quadratic residues modulo a prime n ≡ 1 (mod 4) do, and the search finds such sets for
//!   the other sizes);
//! - for even T without a cyclic difference set, at least 2 sets for a cyclic Howell: T = 14
//!   (n = 27), where enumerating every line of Z₂₇ finds none better. But nothing above needs
//!   the residues to be the integers modulo n, only a way to add them (`group`): in the
//!   additive group of the field of 27 = 3³ elements, the non-zero squares are Paley's
//!   (27, 13, 6) difference set (R. E. A. C. Paley, "On orthogonal matrices", J. Math. Phys.
//!   12, 1933: the squares of a field of q ≡ 3 mod 4 elements), so the 14-table Howell is
//!   built there and is perfect. Its rounds are the starter shifted by each of the 27
//!   elements; a pair then follows its card, not "the pair numbered one below".
//!
//! With a phantom in place of the stationary pair (an odd number of pairs), the E-W line of a
//! set loses the stationary table's E-W residue b₁ + s, and pairs x, x + d lose a comparison
//! for each of b₁ + d, b₁ − d that is in B; b₁ is chosen to keep that flat too (for the Paley
//! sets, b₁ = 0 keeps it perfect: exactly one of d, −d is a non-residue).
//!
//! The search, given T: the N-S lines A of size T − 1 (containing 0: a translate of a line
//! is as good) with the flattest λ_A, by exhaustive enumeration up to n = 27 and by local
//! search beyond; then for each such A (and each b₁), a starter: the other residues of B
//! matched with those of A so that the differences ±(b − a) cover every non-zero residue once
//! (every two pairs meet once), and offsets o_j, all different (one set per table), placing
//! the tables' residues so that every moving pair is seated once. Offline: its results are
//! shipped in `BALANCED` below and checked at test time by the verifier.

use super::group::Group;
use super::search::StarterRow;

/// Which residues a shipped row is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Residues {
    /// The integers modulo n = 2T − 1 (a cyclic Howell: each pair follows the pair numbered
    /// one below it).
    Z,
    /// The 27 elements of the field of 3³ elements, added digit by digit (14 tables): no
    /// cyclic line of 27 residues is perfect, this group has one (Paley's).
    F27,
}

use Residues::{F27, Z};

impl Residues {
    fn group(self, tables: usize) -> Group {
        match self {
            Residues::Z => Group::cyclic(2 * tables - 1),
            Residues::F27 => Group::digits(3, 3),
        }
    }
}

/// Per number of tables: the spread of comparisons in board sets (the best this search finds;
/// see the module doc for the bounds), the spread with a phantom in place of the stationary
/// pair, and the starter (per table, table 1 first: the N-S residue, `None` for the
/// stationary pair, the E-W residue and the set offset). Found by `search` (this project's
/// own; nothing copied), printed by the ignored test `print_balanced_starters`:
///
/// ```text
/// cargo test -p scheduler --release --no-default-features --lib print_balanced_starters -- --ignored --nocapture
/// ```
///
/// (a few seconds) for 4–13 tables, and for 14 tables and more from the non-zero squares
/// of the field of n elements (the Paley line: perfect for n ≡ 3 mod 4, the least spread
/// for n ≡ 1 mod 4) by the ignored test `print_residue_starters`: 14 (the field of 27), 15,
/// 16, 19, 21, 22 and 24 tables (27 and 30 found no completion within its budget; the other
/// sizes have no field of n elements, or none better than the first starters). Checked at test
/// time: every row builds a movement the independent verifier passes with exactly these
/// spreads, with and without a phantom, at 1–4 boards a round.
#[rustfmt::skip]
pub(super) const BALANCED: &[(usize, Residues, usize, usize, &[StarterRow])] = &[
    (4, Z, 0, 0, &[(None, 6, 0), (Some(5), 0, 5), (Some(4), 1, 3), (Some(2), 3, 6)]),
    (5, Z, 2, 2, &[(None, 5, 0), (Some(1), 7, 1), (Some(8), 6, 7), (Some(4), 0, 2), (Some(3), 2, 8)]),
    (6, Z, 0, 0, &[(None, 5, 0), (Some(8), 0, 8), (Some(3), 1, 2), (Some(9), 2, 7), (Some(10), 4, 6), (Some(6), 7, 10)]),
    (7, Z, 2, 0, &[(None, 8, 0), (Some(9), 0, 9), (Some(6), 12, 5), (Some(1), 11, 12), (Some(5), 7, 2), (Some(10), 2, 4), (Some(4), 3, 7)]),
    (8, Z, 0, 2, &[(None, 3, 0), (Some(9), 0, 9), (Some(2), 13, 1), (Some(10), 7, 8), (Some(1), 8, 12), (Some(12), 14, 7), (Some(6), 11, 13), (Some(5), 4, 10)]),
    (9, Z, 2, 0, &[(None, 7, 0), (Some(14), 0, 14), (Some(13), 1, 12), (Some(10), 16, 8), (Some(2), 9, 15), (Some(12), 11, 2), (Some(4), 8, 9), (Some(3), 5, 7), (Some(15), 6, 1)]),
    (10, Z, 0, 0, &[(None, 15, 0), (Some(16), 1, 16), (Some(0), 5, 18), (Some(4), 10, 2), (Some(11), 18, 8), (Some(17), 7, 12), (Some(2), 13, 14), (Some(6), 3, 13), (Some(14), 12, 1), (Some(8), 9, 11)]),
    (11, Z, 2, 2, &[(None, 12, 0), (Some(16), 0, 16), (Some(20), 5, 19), (Some(1), 8, 20), (Some(6), 2, 3), (Some(15), 3, 11), (Some(11), 19, 5), (Some(4), 14, 17), (Some(18), 17, 7), (Some(7), 9, 13), (Some(10), 13, 15)]),
    (12, Z, 0, 0, &[(None, 22, 0), (Some(19), 0, 19), (Some(2), 7, 1), (Some(1), 8, 22), (Some(16), 3, 13), (Some(10), 21, 5), (Some(4), 18, 20), (Some(11), 13, 3), (Some(9), 17, 21), (Some(14), 20, 2), (Some(6), 5, 14), (Some(12), 15, 18)]),
    (13, Z, 2, 2, &[(None, 9, 0), (Some(19), 0, 19), (Some(21), 3, 20), (Some(1), 10, 24), (Some(15), 2, 12), (Some(18), 13, 14), (Some(12), 4, 7), (Some(16), 5, 9), (Some(6), 8, 21), (Some(14), 24, 1), (Some(17), 20, 3), (Some(22), 23, 4), (Some(11), 7, 16)]),
    (14, F27, 0, 0, &[(None, 0, 0), (Some(21), 22, 23), (Some(1), 7, 4), (Some(25), 23, 18), (Some(9), 17, 13), (Some(2), 11, 20), (Some(3), 14, 22), (Some(4), 16, 19), (Some(19), 5, 15), (Some(18), 6, 12), (Some(10), 26, 3), (Some(15), 8, 25), (Some(20), 12, 7), (Some(24), 13, 2)]),
    (15, Z, 2, 0, &[(None, 0, 0), (Some(2), 3, 1), (Some(1), 5, 26), (Some(8), 6, 3), (Some(4), 9, 27), (Some(15), 22, 8), (Some(16), 28, 7), (Some(27), 11, 14), (Some(7), 18, 20), (Some(25), 17, 5), (Some(24), 21, 2), (Some(19), 13, 25), (Some(23), 14, 28), (Some(12), 26, 16), (Some(20), 10, 21)]),
    (16, Z, 0, 0, &[(None, 0, 0), (Some(30), 1, 29), (Some(29), 2, 27), (Some(3), 10, 30), (Some(27), 4, 22), (Some(20), 25, 13), (Some(5), 14, 28), (Some(23), 6, 14), (Some(12), 24, 2), (Some(22), 7, 8), (Some(17), 28, 1), (Some(13), 16, 26), (Some(11), 21, 23), (Some(9), 15, 20), (Some(19), 18, 25), (Some(8), 26, 11)]),
    (19, Z, 2, 0, &[(None, 0, 0), (Some(4), 5, 3), (Some(1), 3, 35), (Some(35), 2, 31), (Some(6), 12, 36), (Some(10), 7, 1), (Some(20), 27, 10), (Some(32), 8, 21), (Some(29), 9, 17), (Some(21), 36, 5), (Some(11), 22, 27), (Some(16), 26, 28), (Some(30), 18, 4), (Some(34), 25, 7), (Some(24), 19, 33), (Some(23), 15, 30), (Some(28), 14, 32), (Some(13), 31, 16), (Some(33), 17, 34)]),
    (21, Z, 2, 0, &[(None, 0, 0), (Some(40), 1, 39), (Some(39), 2, 37), (Some(3), 6, 40), (Some(7), 13, 2), (Some(5), 10, 38), (Some(4), 12, 36), (Some(21), 30, 11), (Some(22), 34, 6), (Some(32), 8, 14), (Some(38), 15, 18), (Some(24), 37, 3), (Some(16), 23, 34), (Some(26), 27, 1), (Some(36), 20, 5), (Some(14), 35, 23), (Some(9), 31, 17), (Some(25), 11, 30), (Some(29), 19, 33), (Some(33), 18, 35), (Some(28), 17, 29)]),
    (22, Z, 0, 0, &[(None, 0, 0), (Some(2), 3, 1), (Some(1), 4, 40), (Some(5), 7, 42), (Some(12), 6, 3), (Some(14), 9, 4), (Some(28), 35, 17), (Some(8), 17, 38), (Some(10), 22, 39), (Some(26), 41, 11), (Some(25), 42, 9), (Some(38), 15, 21), (Some(31), 39, 10), (Some(21), 32, 41), (Some(36), 11, 12), (Some(19), 33, 37), (Some(37), 18, 6), (Some(40), 24, 5), (Some(27), 23, 34), (Some(30), 20, 35), (Some(29), 16, 32), (Some(34), 13, 36)]),
    (24, Z, 0, 0, &[(None, 0, 0), (Some(44), 1, 43), (Some(41), 2, 39), (Some(40), 3, 37), (Some(5), 12, 1), (Some(4), 13, 45), (Some(6), 18, 46), (Some(10), 24, 2), (Some(43), 7, 34), (Some(38), 8, 26), (Some(9), 25, 42), (Some(19), 34, 3), (Some(42), 16, 25), (Some(45), 21, 27), (Some(36), 14, 15), (Some(15), 35, 38), (Some(11), 29, 33), (Some(33), 32, 6), (Some(17), 22, 36), (Some(26), 39, 41), (Some(31), 37, 44), (Some(20), 23, 31), (Some(30), 28, 40), (Some(46), 27, 4)]),
];

/// The shipped balanced starter for `tables` and the group its residues are in, if there is
/// one.
pub(super) fn shipped(tables: usize) -> Option<(Group, Vec<StarterRow>)> {
    BALANCED
        .iter()
        .find(|(t, ..)| *t == tables)
        .map(|(t, residues, _, _, rows)| (residues.group(*t), rows.to_vec()))
}

#[cfg(test)]
/// λ_A(d) for every d in the group (index 0 unused).
fn differences(line: &[usize], g: Group) -> Vec<usize> {
    let mut counts = vec![0; g.order()];
    for &a in line {
        for &b in line {
            if a != b {
                counts[g.sub(a, b)] += 1;
            }
        }
    }
    counts
}

#[cfg(test)]
/// Most less fewest of λ_A over the non-zero differences.
fn spread(counts: &[usize]) -> usize {
    let values = &counts[1..];
    values.iter().max().unwrap_or(&0) - values.iter().min().unwrap_or(&0)
}

#[cfg(test)]
/// The N-S lines of size `size` in Z_n containing 0 with the smallest spread of λ, in
/// lexicographic order (at most `keep`), by enumerating every such subset.
fn flattest_lines(n: usize, size: usize, keep: usize) -> (usize, Vec<Vec<usize>>) {
    let mut best = usize::MAX;
    let mut found: Vec<Vec<usize>> = Vec::new();
    let mut line = vec![0usize];
    fn walk(
        n: usize,
        size: usize,
        keep: usize,
        line: &mut Vec<usize>,
        best: &mut usize,
        found: &mut Vec<Vec<usize>>,
    ) {
        if line.len() == size {
            let s = spread(&differences(line, Group::cyclic(n)));
            if s < *best {
                *best = s;
                found.clear();
            }
            if s == *best && found.len() < keep {
                found.push(line.clone());
            }
            return;
        }
        let from = line.last().map_or(1, |last| last + 1);
        let room = size - line.len();
        for next in from..=(n - room) {
            line.push(next);
            walk(n, size, keep, line, best, found);
            line.pop();
        }
    }
    walk(n, size, keep, &mut line, &mut best, &mut found);
    (best, found)
}

#[cfg(test)]
/// The spread of comparisons (in sets) with the stationary pair replaced by a phantom, when
/// its table's E-W residue is `b1`.
fn phantom_spread(line: &[usize], g: Group, b1: usize) -> usize {
    let counts = differences(line, g);
    let in_b = |x: usize| !line.contains(&x);
    let values: Vec<usize> = (1..g.order())
        .map(|d| 2 * counts[d] + 1 - usize::from(in_b(g.add(b1, d))) - usize::from(in_b(g.sub(b1, d))))
        .collect();
    values.iter().max().unwrap_or(&0) - values.iter().min().unwrap_or(&0)
}

#[cfg(test)]
/// A starter whose N-S line is `line`: table 1 the stationary pair against `b1`, the other
/// tables from a matching of the line with the rest of B and offsets placing every residue.
fn complete(line: &[usize], g: Group, b1: usize, budget: &mut u64) -> Option<Vec<StarterRow>> {
    let n = g.order();
    let rest: Vec<usize> = (0..n).filter(|x| !line.contains(x) && *x != b1).collect();
    let mut state = Matching {
        line,
        rest: &rest,
        g,
        b1,
        matched: vec![usize::MAX; line.len()],
        used_b: vec![false; rest.len()],
        used_diff: vec![false; n],
    };
    state.extend(0, budget)
}

#[cfg(test)]
/// Matching the line with the rest of B: which element of `rest` each line element meets.
struct Matching<'a> {
    line: &'a [usize],
    rest: &'a [usize],
    g: Group,
    b1: usize,
    matched: Vec<usize>,
    used_b: Vec<bool>,
    used_diff: Vec<bool>,
}

#[cfg(test)]
impl Matching<'_> {
    /// Matches line[i..] with unused elements of `rest` (differences ±(b − a) all new); at a
    /// complete matching, tries to place the tables.
    fn extend(&mut self, i: usize, budget: &mut u64) -> Option<Vec<StarterRow>> {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let g = self.g;
        if i == self.line.len() {
            let pieces: Vec<(usize, usize)> = (0..self.line.len())
                .map(|j| (self.line[j], self.rest[self.matched[j]]))
                .collect();
            return place(&pieces, g, self.b1, budget);
        }
        for k in 0..self.rest.len() {
            if self.used_b[k] {
                continue;
            }
            let d = g.sub(self.rest[k], self.line[i]);
            let minus = g.neg(d);
            if self.used_diff[d] || self.used_diff[minus] {
                continue;
            }
            self.used_b[k] = true;
            self.used_diff[d] = true;
            self.used_diff[minus] = true;
            self.matched[i] = k;
            if let Some(found) = self.extend(i + 1, budget) {
                return Some(found);
            }
            self.used_b[k] = false;
            self.used_diff[d] = false;
            self.used_diff[minus] = false;
        }
        None
    }
}

#[cfg(test)]
/// Offsets for the tables (table 1's is 0: its E-W residue is `b1`), all different, so that
/// the residues a + o, b + o of the other tables cover every residue but `b1` once.
fn place(pieces: &[(usize, usize)], g: Group, b1: usize, budget: &mut u64) -> Option<Vec<StarterRow>> {
    let n = g.order();
    let mut covered = vec![false; n];
    covered[b1] = true;
    let mut used_offset = vec![false; n];
    used_offset[0] = true;
    let mut offsets = vec![usize::MAX; pieces.len()];
    if tile(pieces, g, &mut covered, &mut used_offset, &mut offsets, budget) {
        let mut rows = vec![(None, b1, 0)];
        rows.extend(
            pieces
                .iter()
                .zip(&offsets)
                .map(|(&(a, b), &o)| (Some(g.add(a, o)), g.add(b, o), o)),
        );
        Some(rows)
    } else {
        None
    }
}

#[cfg(test)]
fn tile(
    pieces: &[(usize, usize)],
    g: Group,
    covered: &mut [bool],
    used_offset: &mut [bool],
    offsets: &mut [usize],
    budget: &mut u64,
) -> bool {
    let Some(x) = covered.iter().position(|c| !c) else {
        return true;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    for j in 0..pieces.len() {
        if offsets[j] != usize::MAX {
            continue;
        }
        let (a, b) = pieces[j];
        // x is the table's N-S residue, or its E-W residue.
        for (here, other) in [(a, b), (b, a)] {
            let o = g.sub(x, here);
            let partner = g.add(other, o);
            if used_offset[o] || covered[partner] || partner == x {
                continue;
            }
            covered[x] = true;
            covered[partner] = true;
            used_offset[o] = true;
            offsets[j] = o;
            if tile(pieces, g, covered, used_offset, offsets, budget) {
                return true;
            }
            covered[x] = false;
            covered[partner] = false;
            used_offset[o] = false;
            offsets[j] = usize::MAX;
        }
    }
    false
}

#[cfg(test)]
/// What the search found for one size: the starter, and the spreads (in board sets) with
/// and without a phantom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Found {
    pub residues: Residues,
    pub rows: Vec<StarterRow>,
    pub spread: usize,
    pub phantom_spread: usize,
}

#[cfg(test)]
/// The most balanced cyclic starter the search finds for `tables` (4 or more): the flattest
/// N-S lines first, and for each the E-W residue of the stationary table that keeps the
/// phantom's spread smallest.
pub(super) fn search(tables: usize) -> Option<Found> {
    let n = 2 * tables - 1;
    let g = Group::cyclic(n);
    let (best, lines) = flattest_lines(n, tables - 1, 400);
    let mut best_found: Option<Found> = None;
    for line in &lines {
        let mut choices: Vec<usize> = (0..n).filter(|x| !line.contains(x)).collect();
        choices.sort_by_key(|&b1| phantom_spread(line, g, b1));
        for b1 in choices {
            let phantom = phantom_spread(line, g, b1);
            if best_found.as_ref().is_some_and(|f| f.phantom_spread <= phantom) {
                break;
            }
            let mut budget = 200_000u64;
            if let Some(rows) = complete(line, g, b1, &mut budget) {
                best_found = Some(Found {
                    residues: Z,
                    rows,
                    spread: 2 * best,
                    phantom_spread: phantom,
                });
                break;
            }
        }
        if best_found.as_ref().is_some_and(|f| f.phantom_spread == 0) {
            break;
        }
    }
    best_found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quadratic_residues_mod_7_and_11_are_perfect_lines() {
        let (z7, z11) = (Group::cyclic(7), Group::cyclic(11));
        assert_eq!(spread(&differences(&[1, 2, 4], z7)), 0);
        assert_eq!(spread(&differences(&[1, 3, 4, 5, 9], z11)), 0);
        // A line that is not: {0, 1, 2}.
        assert_eq!(spread(&differences(&[0, 1, 2], z7)), 2);
        // Paley with the phantom at b1 = 0: still perfect.
        assert_eq!(phantom_spread(&[1, 2, 4], z7, 0), 0);
    }

    /// The cyclic Howell shipped before balance was asked for (4 tables): valid, but some pairs
    /// are compared on 2 boards and others on 10; the verifier says so.
    #[test]
    fn an_unbalanced_howell_is_reported_with_its_spread() {
        use crate::verify::balance::balance;
        let shape = super::super::Shape {
            rounds: 7,
            tables: 4,
            stationary: 1,
        };
        let old = super::super::starters::shipped(4).unwrap();
        let movement = super::super::build(
            crate::movement::MovementKind::Howell,
            shape,
            Group::cyclic(7),
            &old,
            2,
        );
        assert!(crate::verify::movement::verify_movement(&movement).is_valid());
        let found = balance(&movement);
        assert_eq!((found.min(), found.max(), found.spread()), (2, 10, 8));
        assert_eq!(found.histogram(), vec![(2, 7), (6, 14), (10, 7)]);
        assert!(
            found.describe().contains("compared on 2–10 boards (spread 8); pairs of pairs by boards compared: 2 boards: 7, 6 boards: 14, 10 boards: 7"),
            "{}",
            found.describe()
        );
        let balanced = super::super::howell(4, 2).unwrap();
        assert_eq!(
            balance(&balanced).describe(),
            "comparisons: every two pairs of a field compared on 6–6 boards (spread 0)"
        );
    }

    /// The claim in the guide: for 9 pairs (5 tables with a phantom), no cyclic line at the
    /// least spread for 10 pairs, with any seat for the phantom, does better than 2 sets.
    #[test]
    fn nine_pairs_cannot_do_better_than_two_sets_in_a_cyclic_line() {
        let g = Group::cyclic(9);
        let (best, lines) = flattest_lines(9, 4, usize::MAX);
        assert_eq!(best, 1, "λ spread 1: 2 sets for 10 pairs");
        // Every line of 4 containing 0 (C(8, 3) = 56), the flattest of them all found.
        let (total, all) = every_line(9, 4);
        assert_eq!(total, 56);
        let mut flattest: Vec<Vec<usize>> = all
            .into_iter()
            .filter(|line| spread(&differences(line, g)) == best)
            .collect();
        let mut lines = lines;
        lines.sort_unstable();
        flattest.sort_unstable();
        assert_eq!(flattest, lines);
        let least = lines
            .iter()
            .flat_map(|line| {
                (0..9)
                    .filter(|b1| !line.contains(b1))
                    .map(|b1| phantom_spread(line, g, b1))
            })
            .min();
        assert_eq!(least, Some(2));
    }

    /// Every line of `size` in Z_n containing 0, and how many.
    fn every_line(n: usize, size: usize) -> (usize, Vec<Vec<usize>>) {
        let mut all = Vec::new();
        for mask in 0u32..(1 << (n - 1)) {
            if mask.count_ones() as usize == size - 1 {
                let mut line = vec![0];
                line.extend((1..n).filter(|x| mask >> (x - 1) & 1 == 1));
                all.push(line);
            }
        }
        (all.len(), all)
    }

    /// The search run again for the smaller sizes gives what is shipped (the larger ones take
    /// the release build half a minute: `print_balanced_starters`).
    #[test]
    fn the_search_finds_the_shipped_starters() {
        for &(tables, _, spread, phantom_spread, rows) in BALANCED.iter().filter(|(t, ..)| *t <= 9) {
            let found = search(tables).expect("found");
            assert_eq!(found.rows, rows, "{tables} tables");
            assert_eq!((found.spread, found.phantom_spread), (spread, phantom_spread));
        }
    }

    /// Every shipped starter, through the independent verifier: valid, every board played at
    /// least twice, and compared exactly as shipped, with and without a phantom, 1–4 boards a
    /// round; perfectly balanced where a cyclic difference set exists (4, 6, 8, 10, 12 tables).
    #[test]
    fn every_balanced_howell_is_verified_with_its_spreads() {
        use crate::movement::{MovementChoice, MovementKind, make_movement};
        use crate::verify::balance::balance;
        use crate::verify::movement::verify_movement;
        for &(tables, _, spread, phantom_spread, _) in BALANCED {
            for k in 1..=4 {
                for (pairs, expected) in [(2 * tables, spread), (2 * tables - 1, phantom_spread)] {
                    let movement = make_movement(&MovementChoice {
                        pairs,
                        kind: MovementKind::Howell,
                        boards_per_round: k,
                        phantom: None,
                        arrow_switch: false,
                    })
                    .unwrap();
                    let report = verify_movement(&movement);
                    assert!(report.is_valid(), "{pairs} pairs: {:?}", report.violations);
                    assert_eq!(
                        balance(&movement).spread(),
                        expected * k,
                        "{pairs} pairs, {k} a round"
                    );
                }
            }
            if [4, 6, 8, 10, 12, 14].contains(&tables) {
                assert_eq!(spread, 0, "{tables} tables");
            }
        }
    }

    /// Multiplication in the field of 27 elements: a number's base-3 digits c0 + 3·c1 + 9·c2
    /// are the polynomial c0 + c1·t + c2·t² over the integers modulo 3, taken modulo
    /// t³ + 2t + 1 (irreducible: it has no root among 0, 1, 2), so t³ = t + 2. Addition is
    /// `Group::digits(3, 3)`.
    fn gf27_mul(a: usize, b: usize) -> usize {
        let digits = |x: usize| [x % 3, x / 3 % 3, x / 9 % 3];
        let (a, b) = (digits(a), digits(b));
        let mut product = [0usize; 5];
        for i in 0..3 {
            for j in 0..3 {
                product[i + j] += a[i] * b[j];
            }
        }
        // t⁴ = t² + 2t, t³ = t + 2.
        let c4 = product[4];
        product[2] += c4;
        product[1] += 2 * c4;
        let c3 = product[3];
        product[1] += c3;
        product[0] += 2 * c3;
        product[0] % 3 + 3 * (product[1] % 3) + 9 * (product[2] % 3)
    }

    #[test]
    fn the_field_of_27_elements_multiplies() {
        // Every non-zero element has an inverse, and t generates (t¹³ = −1: t is primitive).
        for a in 1..27 {
            assert!((1..27).any(|b| gf27_mul(a, b) == 1), "{a} has an inverse");
        }
        let mut power = 1;
        for _ in 0..13 {
            power = gf27_mul(power, 3);
        }
        assert_eq!(power, 2);
    }

    /// The non-zero squares of the field of n = 2T − 1 elements as a N-S line (Paley: a
    /// difference set when n ≡ 3 mod 4), for n prime (the integers modulo n) or n = 27, and
    /// the best phantom choice with a completed starter.
    fn residue_line(tables: usize) -> Option<Found> {
        let n = 2 * tables - 1;
        let prime = !(2..n).any(|d| d * d <= n && n.is_multiple_of(d));
        let (residues, mul): (Residues, fn(usize, usize, usize) -> usize) = if prime {
            (Z, |a, b, n| a * b % n)
        } else if n == 27 {
            (F27, |a, b, _| gf27_mul(a, b))
        } else {
            return None;
        };
        let g = residues.group(tables);
        let mut squares: Vec<usize> = (1..n).map(|x| mul(x, x, n)).collect();
        squares.sort_unstable();
        squares.dedup();
        // The non-squares are a line as flat as the squares (a non-square times the squares).
        let others: Vec<usize> = (1..n).filter(|x| !squares.contains(x)).collect();
        let mut best: Option<Found> = None;
        for line in [squares, others] {
            let spread_sets = 2 * spread(&differences(&line, g));
            let mut choices: Vec<usize> = (0..n).filter(|x| !line.contains(x)).collect();
            choices.sort_by_key(|&b1| phantom_spread(&line, g, b1));
            for b1 in choices {
                let phantom = phantom_spread(&line, g, b1);
                if best
                    .as_ref()
                    .is_some_and(|f| (f.spread, f.phantom_spread) <= (spread_sets, phantom))
                {
                    break;
                }
                let mut budget = 300_000_000u64;
                if let Some(rows) = complete(&line, g, b1, &mut budget) {
                    best = Some(Found {
                        residues,
                        rows,
                        spread: spread_sets,
                        phantom_spread: phantom,
                    });
                    break;
                }
            }
        }
        best
    }

    /// The residue lines shipped (14 tables in the field of 27, 15 and above in the integers
    /// modulo a prime) are found again.
    #[test]
    fn the_residue_starters_are_found_again() {
        for &(tables, residues, spread, phantom_spread, rows) in BALANCED.iter().filter(|(t, ..)| *t >= 14) {
            let found = residue_line(tables).expect("found");
            assert_eq!(
                (found.residues, &found.rows[..]),
                (residues, rows),
                "{tables} tables"
            );
            assert_eq!((found.spread, found.phantom_spread), (spread, phantom_spread));
        }
    }

    /// Prints, for each size, the row `BALANCED` ships (or that none was found) and the time.
    fn print_rows(sizes: std::ops::RangeInclusive<usize>, find: fn(usize) -> Option<Found>) {
        for tables in sizes {
            let started = std::time::Instant::now();
            let found = find(tables);
            let seconds = started.elapsed().as_secs_f64();
            match found {
                Some(found) => println!(
                    "    ({tables}, {:?}, {}, {}, &{:?}), // {seconds:.1} s",
                    found.residues, found.spread, found.phantom_spread, found.rows
                ),
                None => println!("    // {tables}: none found ({seconds:.1} s)"),
            }
        }
    }

    #[test]
    #[ignore = "offline: the residue lines for prime sizes above 15 tables"]
    fn print_residue_starters() {
        // 27 and 30 tables (n = 53, 59) found no completion with a budget of 2 million
        // nodes a phantom seat; with this one they would take many minutes.
        print_rows(14..=26, residue_line);
    }

    #[test]
    #[ignore = "offline search; prints the table shipped as BALANCED"]
    fn print_balanced_starters() {
        print_rows(4..=13, search);
    }
}
