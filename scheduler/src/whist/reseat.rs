//! Seats whist rounds again once some have been played: after a late arrival or a
//! withdrawal the rotation no longer fits the players there, so the rounds not yet played are
//! seated one by one, counting what the played rounds already gave. Each round: the players
//! with the fewest sit-outs play (a late arrival's missed rounds are not sit-outs), then a
//! local search (swaps of seats, a few restarts from a fixed seed) places them so that
//! nobody partners a couple or anyone they have partnered before, and opponents are spread.
//! The result is what the search found, not a promise: the caller verifies it and reports
//! any repeat that remains.

use super::whist_round;
use crate::model::{Absence, Absent, Round};
use crate::solver::Rng;
use std::collections::HashSet;

/// What the new rounds are seated from.
pub struct Reseat<'a> {
    /// How many entrants the schedule has (seats refer to them by index).
    pub entrants: usize,
    /// The rounds kept as they are (played), in order.
    pub kept: &'a [Round],
    /// The rounds to seat, in order: the round number and the entrants there that round.
    pub rounds: Vec<(u32, Vec<usize>)>,
    /// Entrants who never partner (couples).
    pub keep_apart: &'a [(usize, usize)],
    /// The `keep_apart` pairs never sit at the same table, as opponents either.
    pub apart_at_table: bool,
    /// The entrant who keeps table 1, North, and never sits out (if there).
    pub stationary: Option<usize>,
    /// Seed for the search's restarts, so the same change seats the same way (the event's
    /// seed).
    pub seed: u64,
}

/// Running counts over the rounds so far.
struct Counts {
    n: usize,
    partners: Vec<u32>,
    opponents: Vec<u32>,
    sit_outs: Vec<u32>,
    played: Vec<u32>,
    apart: HashSet<(usize, usize)>,
    apart_at_table: bool,
}

impl Counts {
    fn at(&self, a: usize, b: usize) -> usize {
        a * self.n + b
    }

    fn add_table(&mut self, [n, e, s, w]: [usize; 4]) {
        for (a, b) in [(n, s), (e, w)] {
            let (i, j) = (self.at(a, b), self.at(b, a));
            self.partners[i] += 1;
            self.partners[j] += 1;
        }
        for (a, b) in [(n, e), (n, w), (s, e), (s, w)] {
            let (i, j) = (self.at(a, b), self.at(b, a));
            self.opponents[i] += 1;
            self.opponents[j] += 1;
        }
        for p in [n, e, s, w] {
            self.played[p] += 1;
        }
    }

    fn add_round(&mut self, round: &Round) {
        for table in &round.tables {
            let seat = |s| table.entrant_at(s);
            use crate::model::Seat::{E, N, S, W};
            if let (Some(n), Some(e), Some(s), Some(w)) = (seat(N), seat(E), seat(S), seat(W))
                && [n, e, s, w].iter().all(|&p| p < self.n)
            {
                self.add_table([n, e, s, w]);
            }
        }
        for absent in round.absent.iter().filter(|a| a.kind == Absence::SitOut) {
            if let Some(count) = self.sit_outs.get_mut(absent.entrant) {
                *count += 1;
            }
        }
    }

    fn partner_cost(&self, a: usize, b: usize) -> i64 {
        if self.apart.contains(&(a.min(b), a.max(b))) {
            return 100_000;
        }
        1_000 * i64::from(self.partners[self.at(a, b)])
    }

    fn opponent_cost(&self, a: usize, b: usize) -> i64 {
        if self.apart_at_table && self.apart.contains(&(a.min(b), a.max(b))) {
            return 100_000;
        }
        match self.opponents[self.at(a, b)] {
            0 => 0,
            1 => 3,
            more => 60 * i64::from(more - 1),
        }
    }

    fn table_cost(&self, [n, e, s, w]: [usize; 4]) -> i64 {
        self.partner_cost(n, s)
            + self.partner_cost(e, w)
            + [(n, e), (n, w), (s, e), (s, w)]
                .iter()
                .map(|&(a, b)| self.opponent_cost(a, b))
                .sum::<i64>()
    }
}

/// Seats every round of `input.rounds`, after the kept rounds. Rounds with fewer than four
/// entrants there have no table (everyone sits out).
pub fn reseat_whist(input: &Reseat) -> Vec<Round> {
    let n = input.entrants;
    let mut counts = Counts {
        n,
        partners: vec![0; n * n],
        opponents: vec![0; n * n],
        sit_outs: vec![0; n],
        played: vec![0; n],
        apart: input
            .keep_apart
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect(),
        apart_at_table: input.apart_at_table,
    };
    let mut last_sat_out: HashSet<usize> = HashSet::new();
    for round in input.kept {
        counts.add_round(round);
    }
    if let Some(round) = input.kept.last() {
        last_sat_out = round
            .absent
            .iter()
            .filter(|a| a.kind == Absence::SitOut)
            .map(|a| a.entrant)
            .collect();
    }
    let mut rng = Rng::new(input.seed);
    let mut rounds = Vec::with_capacity(input.rounds.len());
    for (number, there) in &input.rounds {
        let tables = there.len() / 4;
        // Who sits out: fewest sit-outs first, then who has played most, then who did not sit
        // out last round; the stationary player only when nobody else can.
        let mut order: Vec<(bool, u32, std::cmp::Reverse<u32>, bool, u64, usize)> = there
            .iter()
            .map(|&p| {
                (
                    Some(p) == input.stationary,
                    counts.sit_outs[p],
                    std::cmp::Reverse(counts.played[p]),
                    last_sat_out.contains(&p),
                    rng.next_u64(),
                    p,
                )
            })
            .collect();
        order.sort();
        let sitting: Vec<usize> = order[..there.len() - tables * 4].iter().map(|o| o.5).collect();
        let mut playing: Vec<usize> = there.iter().copied().filter(|p| !sitting.contains(p)).collect();
        if let Some(fixed) = input.stationary.filter(|s| playing.contains(s)) {
            playing.retain(|&p| p != fixed);
            playing.insert(0, fixed);
        }
        let pinned = usize::from(input.stationary.is_some_and(|s| playing.first() == Some(&s)));
        let seats = seat_round(&playing, pinned, &counts, &mut rng);
        let seated: Vec<[usize; 4]> = seats.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
        let mut round = whist_round(*number, seated.iter().copied(), sitting.iter().copied());
        round.absent.sort_by_key(|a: &Absent| a.entrant);
        counts.add_round(&round);
        last_sat_out = sitting.into_iter().collect();
        rounds.push(round);
    }
    rounds
}

/// The best order found for `players` (four per table, seats N, E, S, W in turn), the first
/// `pinned` of them staying where they are.
fn seat_round(players: &[usize], pinned: usize, counts: &Counts, rng: &mut Rng) -> Vec<usize> {
    let tables = players.len() / 4;
    if tables == 0 {
        return Vec::new();
    }
    let cost_of = |seats: &[usize], t: usize| {
        counts.table_cost([seats[4 * t], seats[4 * t + 1], seats[4 * t + 2], seats[4 * t + 3]])
    };
    let total = |seats: &[usize]| (0..tables).map(|t| cost_of(seats, t)).sum::<i64>();
    let movable = players.len() - pinned;
    let mut best = players.to_vec();
    let mut best_cost = total(&best);
    for _restart in 0..4 {
        let mut seats = players.to_vec();
        // A fresh random order of the movable players.
        for i in (1..movable).rev() {
            let j = rng.below(i + 1);
            seats.swap(pinned + i, pinned + j);
        }
        let mut cost = total(&seats);
        let steps = 3_000 * tables.max(2);
        for _ in 0..steps {
            if cost == 0 || movable < 2 {
                break;
            }
            let i = pinned + rng.below(movable);
            let j = pinned + rng.below(movable);
            let (ti, tj) = (i / 4, j / 4);
            if i == j {
                continue;
            }
            let before = cost_of(&seats, ti) + if ti != tj { cost_of(&seats, tj) } else { 0 };
            seats.swap(i, j);
            let after = cost_of(&seats, ti) + if ti != tj { cost_of(&seats, tj) } else { 0 };
            if after <= before {
                cost += after - before;
            } else {
                seats.swap(i, j);
            }
        }
        if cost < best_cost {
            best_cost = cost;
            best = seats;
        }
        if best_cost == 0 {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Seat;

    fn partners_of(rounds: &[Round]) -> Vec<(usize, usize)> {
        let mut all = Vec::new();
        for round in rounds {
            for t in &round.tables {
                let at = |s| t.entrant_at(s).unwrap();
                for (a, b) in [(at(Seat::N), at(Seat::S)), (at(Seat::E), at(Seat::W))] {
                    all.push((a.min(b), a.max(b)));
                }
            }
        }
        all
    }

    /// Seventeen players over six new rounds: nobody partners twice, the couple never, the
    /// stationary player keeps table 1 North, sit-outs are shared to within one.
    #[test]
    fn new_rounds_repeat_no_partner_and_share_the_sit_outs() {
        let rounds = reseat_whist(&Reseat {
            entrants: 17,
            kept: &[],
            rounds: (1..=6).map(|r| (r, (0..17).collect())).collect(),
            keep_apart: &[(3, 4)],
            apart_at_table: false,
            stationary: Some(0),
            seed: 7,
        });
        let partners = partners_of(&rounds);
        let unique: HashSet<_> = partners.iter().collect();
        assert_eq!(unique.len(), partners.len(), "a partnership repeats");
        assert!(!partners.contains(&(3, 4)));
        for round in &rounds {
            assert_eq!(round.tables[0].entrant_at(Seat::N), Some(0));
            assert_eq!(round.tables.len(), 4);
            assert_eq!(round.absent.len(), 1);
        }
        let mut sat: Vec<usize> = rounds.iter().map(|r| r.absent[0].entrant).collect();
        sat.sort_unstable();
        sat.dedup();
        assert_eq!(sat.len(), 6, "six different players sit out");
    }
}
