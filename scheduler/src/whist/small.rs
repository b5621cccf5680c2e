//! Small fields (up to 12 players) built round by round by backtracking, for the few
//! evenings a rotation cannot give (the cyclic structure is rigid when there are only one to
//! three tables). Each round: the players who have sat out least sit out (not the same ones
//! as last round when avoidable), then the others are seated so nobody partners anyone
//! twice or anyone they must be kept from, and nobody opposes anyone a third time.

use super::{whist_round, whist_schedule_of};
use crate::model::{Promise, Schedule};
use crate::solver::Control;

pub const MAX_PLAYERS: usize = 12;

/// The rounds of a complete rotation for `n` players (n − 1 for a multiple of four, else n).
fn cycle_rounds(n: usize) -> usize {
    if n.is_multiple_of(4) { n - 1 } else { n }
}

/// The most rounds `n` players can play without a repeated partnership when `apart` pairs
/// never partner: each table uses two partnerships a round. `None` below 4 players.
pub fn most_rounds(n: usize, apart: usize) -> Option<usize> {
    let per_round = 2 * (n / 4);
    (per_round > 0).then(|| (n * (n - 1) / 2).saturating_sub(apart) / per_round)
}

struct Search<'a> {
    n: usize,
    rounds: usize,
    apart: &'a [(usize, usize)],
    partnered: Vec<bool>,
    opposed: Vec<u8>,
    /// Twice within a cycle's rounds; three times past it, where twice can be impossible.
    most_opposed: u8,
    sat_out: Vec<usize>,
    last_out: Vec<bool>,
    built: Vec<(Vec<[usize; 4]>, Vec<usize>)>,
    steps: u64,
    control: &'a Control,
}

impl Search<'_> {
    fn forbidden(&self, a: usize, b: usize) -> bool {
        self.partnered[a * self.n + b]
            || self
                .apart
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    }

    fn round(&mut self) -> bool {
        if self.built.len() == self.rounds {
            return true;
        }
        self.steps += 1;
        if self.steps.is_multiple_of(1024) && self.control.should_stop() {
            return false;
        }
        let tables = self.n / 4;
        let out_count = self.n - 4 * tables;
        for out in self.sit_out_choices(out_count) {
            let playing: Vec<usize> = (0..self.n).filter(|p| !out.contains(p)).collect();
            for &p in &out {
                self.sat_out[p] += 1;
            }
            let previous = std::mem::replace(
                &mut self.last_out,
                (0..self.n).map(|p| out.contains(&p)).collect(),
            );
            let mut seating = Vec::new();
            if self.seat(&playing, &mut seating, &out) {
                return true;
            }
            self.last_out = previous;
            for &p in &out {
                self.sat_out[p] -= 1;
            }
        }
        false
    }

    /// Sit-out sets keeping everyone within one of each other, the fairest first.
    fn sit_out_choices(&self, count: usize) -> Vec<Vec<usize>> {
        if count == 0 {
            return vec![Vec::new()];
        }
        let fewest = *self.sat_out.iter().min().unwrap_or(&0);
        let mut sets = Vec::new();
        let mut current = Vec::new();
        combinations(self.n, count, 0, &mut current, &mut sets);
        // Everyone must stay within one: only players at the minimum may sit out, unless
        // all at the minimum are already chosen.
        let at_min = self.sat_out.iter().filter(|&&c| c == fewest).count();
        sets.retain(|set: &Vec<usize>| {
            let from_min = set.iter().filter(|&&p| self.sat_out[p] == fewest).count();
            from_min == set.len().min(at_min) && set.iter().all(|&p| self.sat_out[p] <= fewest + 1)
        });
        sets.sort_by_key(|set| set.iter().filter(|&&p| self.last_out[p]).count());
        sets
    }

    /// Seats the `playing` players table by table; on success pushes the round.
    fn seat(&mut self, playing: &[usize], seating: &mut Vec<[usize; 4]>, out: &[usize]) -> bool {
        let Some(&north) = playing.first() else {
            self.built.push((seating.clone(), out.to_vec()));
            if self.round() {
                return true;
            }
            self.built.pop();
            return false;
        };
        let rest = &playing[1..];
        for (i, &south) in rest.iter().enumerate() {
            if self.forbidden(north, south) {
                continue;
            }
            for (j, &east) in rest.iter().enumerate() {
                for (k, &west) in rest.iter().enumerate().skip(j + 1) {
                    if j == i || k == i || self.forbidden(east, west) {
                        continue;
                    }
                    let opponents = [(north, east), (north, west), (south, east), (south, west)];
                    if opponents
                        .iter()
                        .any(|&(a, b)| self.opposed[a * self.n + b] >= self.most_opposed)
                    {
                        continue;
                    }
                    self.mark([north, east, south, west], true);
                    seating.push([north, east, south, west]);
                    let remaining: Vec<usize> = rest
                        .iter()
                        .copied()
                        .filter(|&p| p != south && p != east && p != west)
                        .collect();
                    if self.seat(&remaining, seating, out) {
                        return true;
                    }
                    seating.pop();
                    self.mark([north, east, south, west], false);
                }
            }
        }
        false
    }

    fn mark(&mut self, [north, east, south, west]: [usize; 4], on: bool) {
        let n = self.n;
        for (a, b) in [(north, south), (east, west)] {
            self.partnered[a * n + b] = on;
            self.partnered[b * n + a] = on;
        }
        for (a, b) in [(north, east), (north, west), (south, east), (south, west)] {
            for (x, y) in [(a, b), (b, a)] {
                if on {
                    self.opposed[x * n + y] += 1;
                } else {
                    self.opposed[x * n + y] -= 1;
                }
            }
        }
    }
}

fn combinations(n: usize, k: usize, start: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if current.len() == k {
        out.push(current.clone());
        return;
    }
    for p in start..n {
        current.push(p);
        combinations(n, k, p + 1, current, out);
        current.pop();
    }
}

/// `rounds` rounds for `names.len()` ≤ 12 players, keeping `apart` pairs from partnering.
/// `None` when none exists or the time ran out.
pub fn small_field(
    names: Vec<String>,
    rounds: usize,
    apart: &[(usize, usize)],
    control: &Control,
) -> Option<Schedule> {
    let n = names.len();
    if !(4..=MAX_PLAYERS).contains(&n) {
        return None;
    }
    let mut search = Search {
        n,
        rounds,
        apart,
        partnered: vec![false; n * n],
        opposed: vec![0; n * n],
        most_opposed: if rounds > cycle_rounds(n) { 3 } else { 2 },
        sat_out: vec![0; n],
        last_out: vec![false; n],
        built: Vec::new(),
        steps: 0,
        control,
    };
    if !search.round() {
        return None;
    }
    let rounds = search
        .built
        .iter()
        .enumerate()
        .map(|(r, (tables, out))| whist_round(r as u32 + 1, tables.iter().copied(), out.iter().copied()))
        .collect();
    Some(whist_schedule_of(
        names,
        rounds,
        Promise {
            keep_apart: apart.to_vec(),
            ..Promise::default()
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn six_players_with_a_couple_for_three_rounds() {
        let names: Vec<String> = (1..=6).map(|i| format!("P{i}")).collect();
        let s = small_field(names, 3, &[(0, 1)], &Control::unlimited()).expect("exists");
        let report = verify(&s);
        assert!(report.is_valid(), "{:?}", report.violations);
    }

    /// Past the rotation: 6 players for 7 rounds (14 of the 15 partnerships), 7 for 10, and
    /// the bound itself refused beyond.
    #[test]
    fn small_fields_play_on_while_partnerships_last() {
        for (n, rounds) in [(6, 7), (7, 10), (10, 8)] {
            assert!(most_rounds(n, 0).unwrap() >= rounds);
            let names: Vec<String> = (1..=n).map(|i| format!("P{i}")).collect();
            let s = small_field(
                names,
                rounds,
                &[],
                &Control::with_counted_time(std::time::Duration::from_secs(20)),
            )
            .unwrap_or_else(|| panic!("{n} players, {rounds} rounds"));
            assert_eq!(s.rounds.len(), rounds);
            let report = verify(&s);
            assert!(report.is_valid(), "{n}/{rounds}: {:?}", report.violations);
        }
        assert_eq!(most_rounds(6, 0), Some(7));
        assert_eq!(most_rounds(5, 0), Some(5));
        assert_eq!(most_rounds(6, 1), Some(7));
        assert_eq!(most_rounds(3, 0), None);
    }
}
