//! Extra "never partner" pairs that the pseudo round cannot absorb (they do not form a
//! matching: one player may have several). For an evening shorter than the cycle, the
//! rotation fixes which *positions* partner in the rounds played; which *player* gets which
//! position is still free, so we search for a placement under which no listed pair lands on
//! positions that partner. Players whose position is already fixed (the stationary player,
//! couples seated in the pseudo round) stay put.

use super::search::Rng;
use crate::solver::{Control, Progress};

/// Outcome of the placement search.
#[derive(Debug, Clone)]
pub struct Placement {
    /// Position (label index) per player.
    pub position_of: Vec<usize>,
    /// Listed pairs that still partner, as (player, player).
    pub unavoidable: Vec<(usize, usize)>,
}

/// What the placement must respect.
pub struct Rules<'a> {
    pub positions: usize,
    /// `partners[a * positions + b]`: positions a and b partner in some round played.
    pub partners: &'a [bool],
    /// `pseudo[a * positions + b]`: positions a and b partner in the pseudo round.
    pub pseudo: &'a [bool],
    /// Pairs who must not partner in the rounds played.
    pub apart: &'a [(usize, usize)],
    /// Couples, who must partner in the pseudo round (so never in the rounds played).
    pub couples: &'a [(usize, usize)],
    /// Players who keep their position (the stationary player).
    pub pinned: &'a [bool],
}

impl Rules<'_> {
    fn cost(&self, place: &[usize]) -> i64 {
        let p = self.positions;
        let apart = self
            .apart
            .iter()
            .filter(|&&(a, b)| self.partners[place[a] * p + place[b]])
            .count();
        let split = self
            .couples
            .iter()
            .filter(|&&(a, b)| !self.pseudo[place[a] * p + place[b]])
            .count();
        (apart + split) as i64
    }
}

/// Searches placements (swapping free players, and moving couples as a unit onto another
/// pseudo-round partnership) for one where no listed pair partners and every couple still
/// partners in the pseudo round. Returns the best found.
pub fn place_apart(position_of: &[usize], rules: &Rules, control: &Control) -> Placement {
    let players = position_of.len();
    let mut place = position_of.to_vec();
    let mut occupant = vec![usize::MAX; rules.positions];
    for (player, &position) in place.iter().enumerate() {
        occupant[position] = player;
    }
    let free: Vec<usize> = (0..players).filter(|&p| !rules.pinned[p]).collect();
    let pseudo_pairs: Vec<(usize, usize)> = (0..rules.positions)
        .flat_map(|a| (a + 1..rules.positions).map(move |b| (a, b)))
        .filter(|&(a, b)| rules.pseudo[a * rules.positions + b])
        .collect();
    let mut cost = rules.cost(&place);
    let mut best = place.clone();
    let mut best_cost = cost;
    let mut rng = Rng::new(0x5eed ^ rules.apart.len() as u64);
    let mut moves = 0u64;
    let swap = |place: &mut Vec<usize>, occupant: &mut Vec<usize>, x: usize, y: usize| {
        place.swap(x, y);
        occupant[place[x]] = x;
        occupant[place[y]] = y;
    };
    while best_cost > 0 && free.len() >= 2 {
        moves += 1;
        if moves.is_multiple_of(1024) {
            if control.should_stop() || moves > 3_000_000 {
                break;
            }
            control.report(Progress {
                done: moves,
                best_quality: best_cost as f64,
            });
        }
        // A move is one or two swaps of players; remember them to undo.
        let mut done: Vec<(usize, usize)> = Vec::with_capacity(2);
        let couple_move = !rules.couples.is_empty() && !pseudo_pairs.is_empty() && rng.below(3) == 0;
        if couple_move {
            let (a, b) = rules.couples[rng.below(rules.couples.len())];
            let (x, y) = pseudo_pairs[rng.below(pseudo_pairs.len())];
            let (ox, oy) = (occupant[x], occupant[y]);
            if rules.pinned[a] || rules.pinned[b] || rules.pinned[ox] || rules.pinned[oy] {
                continue;
            }
            for (mover, target) in [(a, ox), (b, oy)] {
                let target = if target == a || target == b {
                    continue;
                } else {
                    target
                };
                swap(&mut place, &mut occupant, mover, target);
                done.push((mover, target));
            }
        } else {
            let x = free[rng.below(free.len())];
            let y = free[rng.below(free.len())];
            if x == y {
                continue;
            }
            swap(&mut place, &mut occupant, x, y);
            done.push((x, y));
        }
        let new_cost = rules.cost(&place);
        if new_cost <= cost || rng.unit() < 0.02 {
            cost = new_cost;
            if cost < best_cost {
                best_cost = cost;
                best.clone_from(&place);
            }
        } else {
            for &(x, y) in done.iter().rev() {
                swap(&mut place, &mut occupant, x, y);
            }
        }
    }
    let p = rules.positions;
    let unavoidable = rules
        .apart
        .iter()
        .copied()
        .filter(|&(a, b)| rules.partners[best[a] * p + best[b]])
        .collect();
    Placement {
        position_of: best,
        unavoidable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_moved_off_partnering_positions() {
        // Six positions; positions partner as 0-1, 2-3, 4-5.
        let n = 6;
        let mut partners = vec![false; n * n];
        for (a, b) in [(0, 1), (2, 3), (4, 5)] {
            partners[a * n + b] = true;
            partners[b * n + a] = true;
        }
        // Player 0 must avoid 1 and 2; player 3 must avoid 2.
        let pairs = [(0, 1), (0, 2), (3, 2)];
        let start: Vec<usize> = (0..n).collect();
        let rules = Rules {
            positions: n,
            partners: &partners,
            pseudo: &vec![false; n * n],
            apart: &pairs,
            couples: &[],
            pinned: &[false; 6],
        };
        let result = place_apart(&start, &rules, &Control::unlimited());
        assert!(result.unavoidable.is_empty(), "{result:?}");
        for &(a, b) in &pairs {
            assert!(!partners[result.position_of[a] * n + result.position_of[b]]);
        }
    }

    #[test]
    fn impossible_pairs_are_reported() {
        // Two positions that partner, two players who must not: nothing to do.
        let partners = vec![false, true, true, false];
        let rules = Rules {
            positions: 2,
            partners: &partners,
            pseudo: &[false; 4],
            apart: &[(0, 1)],
            couples: &[],
            pinned: &[false, false],
        };
        let result = place_apart(&[0, 1], &rules, &Control::unlimited());
        assert_eq!(result.unavoidable, vec![(0, 1)]);
    }
}
