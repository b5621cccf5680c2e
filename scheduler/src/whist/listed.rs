//! A rotation written out round by round: what an evening is built from.
//!
//! A starter (`starter.rs`) stands for its whole cycle; a construction that is not cyclic
//! (`four_groups.rs`) can only list its rounds. Both become a `Listed`: labels 0..players, each
//! round's tables (seats N, E, S, W; partners N–S and E–W) and who sits out. Turning a rotation
//! into a roster's evening (`plan.rs`) works on this form only.

use super::starter::{INFINITY, Starter};
use crate::solver::Rng;
use std::ops::Range;

/// A rotation written out round by round over labels 0..players: the form `plan` turns into an
/// evening.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// Players seated: the labels are 0..players.
    pub players: usize,
    /// Every round of the cycle, in playing order.
    pub rounds: Vec<Vec<[u32; 4]>>,
    /// Who sits out, per round.
    pub sit_out: Vec<Vec<u32>>,
    /// The label that keeps table 1, seat N, every round (the stationary seat), if any.
    pub stationary: Option<u32>,
    /// Whether the cycle is a whole whist tournament: every pair partners once and opposes
    /// twice (4N and 4N+1 players without sit-out seats beyond the one of 4N+1).
    pub complete: bool,
    /// "cyclic", "1-rotational", "product" or "non-cyclic".
    pub kind: &'static str,
}

impl Listed {
    /// Every round of a starter's cycle; ∞ becomes the last label and stays the stationary
    /// seat. `complete` as the caller knows it (a starter searched for one evening is not).
    pub fn from_starter(starter: &Starter, complete: bool) -> Listed {
        let g = starter.group.order();
        let label = |x: u32| if x == INFINITY { g } else { x };
        let elements = starter.group.elements();
        Listed {
            players: starter.players(),
            rounds: elements
                .iter()
                .map(|&r| starter.round(r).into_iter().map(|t| t.map(label)).collect())
                .collect(),
            sit_out: elements
                .iter()
                .map(|&r| starter.sitting_out(r).into_iter().map(label).collect())
                .collect(),
            stationary: starter.infinity.then_some(g),
            complete,
            kind: starter.kind(),
        }
    }

    /// Rounds in one cycle.
    pub fn cycle_length(&self) -> usize {
        self.rounds.len()
    }

    /// Tables in a round.
    pub fn tables(&self) -> usize {
        self.rounds.first().map_or(0, Vec::len)
    }

    /// How players move between rounds, in the organiser's words.
    pub fn how_players_move(&self) -> &'static str {
        match self.kind {
            "cyclic" => "everyone moves on one place each round",
            "1-rotational" => "one seat stays put, everyone else moves on one place each round",
            _ => "not a simple move-on: players follow their printed cards",
        }
    }

    /// The same rounds with `label` at table 1, seat N, in every round: its table first, its
    /// seats turned (N→E→S→W keeps both partnerships and who sits on whose left).
    pub fn with_stationary(mut self, label: u32) -> Listed {
        for round in &mut self.rounds {
            if let Some(t) = round.iter().position(|table| table.contains(&label)) {
                round.swap(0, t);
                let seat = round[0].iter().position(|&x| x == label).unwrap_or(0);
                round[0].rotate_left(seat);
            }
        }
        self.stationary = Some(label);
        self
    }

    /// Whether the seating is directed: nobody has the same opponent on the same side twice
    /// (each table's seats N, E, S, W in order round the table).
    pub fn is_directed(&self) -> bool {
        let n = self.players;
        let mut on_left = vec![false; n * n];
        self.rounds.iter().flatten().all(|t| {
            (0..4).all(|i| {
                let (me, left) = (t[i] as usize, t[(i + 1) % 4] as usize);
                !std::mem::replace(&mut on_left[me * n + left], true)
            })
        })
    }

    /// The partner pairs of round `r`.
    pub fn partner_pairs(&self, r: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.rounds[r].iter().flat_map(|t| [(t[0], t[2]), (t[1], t[3])])
    }

    /// For 4N+3 players: this complete rotation for 4N+4 with `empty`'s seat left empty. The
    /// three at its table sit the round out, so over the cycle everyone sits out three times
    /// (once with each partner-or-opponent meeting they would have had there) and nobody
    /// partners twice. Labels above `empty` move down one; nobody keeps a seat.
    pub fn without(&self, empty: u32) -> Listed {
        let relabel = |x: u32| if x > empty { x - 1 } else { x };
        let mut rounds = Vec::with_capacity(self.rounds.len());
        let mut sit_out = Vec::with_capacity(self.rounds.len());
        for (tables, out) in self.rounds.iter().zip(&self.sit_out) {
            let mut out: Vec<u32> = out.iter().copied().filter(|&x| x != empty).map(relabel).collect();
            let mut kept = Vec::with_capacity(tables.len());
            for table in tables {
                if table.contains(&empty) {
                    out.extend(table.iter().copied().filter(|&x| x != empty).map(relabel));
                } else {
                    kept.push(table.map(relabel));
                }
            }
            out.sort_unstable();
            rounds.push(kept);
            sit_out.push(out);
        }
        Listed {
            players: self.players - 1,
            rounds,
            sit_out,
            stationary: None,
            complete: false,
            kind: self.kind,
        }
    }

    /// The same rounds in an order under which the rounds `played` (0 or 1 onwards; round 0
    /// is the pseudo round when play starts at 1) share the sit-outs to within one, with as
    /// few players sitting out two rounds running as a greedy order gives. The rounds played
    /// are chosen by a local search over which rounds to play (swapping one in for one out,
    /// seldom making the imbalance worse); `None` when none was found.
    pub fn fairly_ordered(&self, played: Range<usize>, seed: u64) -> Option<Listed> {
        let total = self.rounds.len();
        let k = played.len();
        if played.end > total || k == 0 {
            return None;
        }
        let n = self.players;
        // Balanced counts over the rounds played, assuming every round has as many sitting out.
        let per_round = self.sit_out[0].len();
        if self.sit_out.iter().any(|s| s.len() != per_round) {
            return None;
        }
        // When everyone sits out equally often over the cycle, choosing the rounds *not*
        // played fairly is the same problem, and smaller past half the cycle.
        let mut totals = vec![0usize; n];
        for &x in self.sit_out.iter().flatten() {
            totals[x as usize] += 1;
        }
        let flip = 2 * k > total && totals.iter().all(|&t| t == totals[0]);
        let wanted = if flip { total - k } else { k };
        let (low, high) = (per_round * wanted / n, (per_round * wanted).div_ceil(n));
        let mut rng = Rng::new(seed ^ ((k as u64) << 20));
        let mut order: Vec<usize> = (0..total).collect();
        for i in (1..total).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let (mut chosen, mut count) = self.greedy_choice(&order, wanted, high);
        if !self.balance_choice(&mut chosen, &mut count, (low, high), &mut rng) {
            return None;
        }
        if flip {
            chosen.iter_mut().for_each(|c| *c = !*c);
        }
        let played_order = self.without_back_to_back(&chosen, k);
        let rest: Vec<usize> = (0..total).filter(|&r| !chosen[r]).collect();
        let (before, after) = rest.split_at(played.start.min(rest.len()));
        let sequence: Vec<usize> = before.iter().chain(&played_order).chain(after).copied().collect();
        Some(Listed {
            rounds: sequence.iter().map(|&r| self.rounds[r].clone()).collect(),
            sit_out: sequence.iter().map(|&r| self.sit_out[r].clone()).collect(),
            ..self.clone()
        })
    }

    /// A first choice of `wanted` rounds, taken in `order`: those that keep everyone at or
    /// under `high` sit-outs, then any; which rounds are chosen and each player's sit-outs.
    fn greedy_choice(&self, order: &[usize], wanted: usize, high: usize) -> (Vec<bool>, Vec<usize>) {
        let mut chosen = vec![false; self.rounds.len()];
        let mut count = vec![0usize; self.players];
        // Greedy start: rounds that keep everyone at or under the upper count.
        let mut picked = 0;
        for &r in order {
            if picked < wanted && self.sit_out[r].iter().all(|&x| count[x as usize] < high) {
                chosen[r] = true;
                picked += 1;
                for &x in &self.sit_out[r] {
                    count[x as usize] += 1;
                }
            }
        }
        for &r in order {
            if picked < wanted && !chosen[r] {
                chosen[r] = true;
                picked += 1;
                for &x in &self.sit_out[r] {
                    count[x as usize] += 1;
                }
            }
        }
        (chosen, count)
    }

    /// The local search: swaps a chosen round for another until every player sits out
    /// between `low` and `high` times; false when a million tries do not get there.
    fn balance_choice(
        &self,
        chosen: &mut [bool],
        count: &mut [usize],
        (low, high): (usize, usize),
        rng: &mut Rng,
    ) -> bool {
        let (n, total) = (self.players, self.rounds.len());
        let badness = |c: usize| c.saturating_sub(high) + low.saturating_sub(c);
        let mut cost: usize = count.iter().map(|&c| badness(c)).sum();
        let mut rounds_of: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (r, out) in self.sit_out.iter().enumerate() {
            for &x in out {
                rounds_of[x as usize].push(r);
            }
        }
        let mut tries = 0;
        while cost > 0 && tries < 1_000_000 {
            tries += 1;
            // Half the moves mend a player sitting out too often (one of their rounds goes) or
            // too rarely (one of theirs comes in); the rest are random swaps.
            let (mut i, mut j) = (rng.below(total), rng.below(total));
            if rng.below(2) == 0 {
                let start = rng.below(n);
                let mending = (0..n)
                    .map(|d| (start + d) % n)
                    .find(|&v| badness(count[v]) > 0 && !rounds_of[v].is_empty());
                if let Some(v) = mending {
                    let theirs = &rounds_of[v];
                    let pick = theirs[rng.below(theirs.len())];
                    if count[v] > high {
                        i = pick;
                    } else {
                        j = pick;
                    }
                }
            }
            if !chosen[i] || chosen[j] {
                continue;
            }
            // Swap round i out and round j in; undo when it makes things worse.
            let before: usize = self.sit_out[i]
                .iter()
                .chain(&self.sit_out[j])
                .map(|&x| badness(count[x as usize]))
                .sum();
            let apply = |count: &mut [usize], out: usize, into: usize| {
                for &x in &self.sit_out[out] {
                    count[x as usize] -= 1;
                }
                for &x in &self.sit_out[into] {
                    count[x as usize] += 1;
                }
            };
            apply(count, i, j);
            let after: usize = self.sit_out[i]
                .iter()
                .chain(&self.sit_out[j])
                .map(|&x| badness(count[x as usize]))
                .sum();
            // A player in both rounds is counted twice on each side: the difference is still
            // right. Sideways moves are taken, and now and then a worse one, to keep moving.
            if after <= before || rng.below(100) == 0 {
                cost = cost + after - before;
                chosen[i] = false;
                chosen[j] = true;
            } else {
                apply(count, j, i);
            }
        }
        cost == 0
    }

    /// The `chosen` rounds (`k` of them) in an order where, as far as a greedy pass can,
    /// nobody sits out two rounds running.
    fn without_back_to_back(&self, chosen: &[bool], k: usize) -> Vec<usize> {
        let mut window: Vec<usize> = (0..self.rounds.len()).filter(|&r| chosen[r]).collect();
        let mut played_order: Vec<usize> = Vec::with_capacity(k);
        while !window.is_empty() {
            let last = played_order.last().map(|&r| &self.sit_out[r]);
            let at = window
                .iter()
                .position(|&r| last.is_none_or(|prev| self.sit_out[r].iter().all(|x| !prev.contains(x))))
                .unwrap_or(0);
            played_order.push(window.remove(at));
        }
        played_order
    }
}

/// Test helper: the listed rotation as a schedule put through the independent verifier, held
/// to partner-once, oppose-twice when complete, and to directed seating when asked.
#[cfg(test)]
pub(crate) fn verified(listed: &Listed, directed: bool) -> Result<(), String> {
    let names = (1..=listed.players).map(|i| format!("Player {i}")).collect();
    let mut schedule = super::listed_cycle(listed, names);
    schedule.promise.directed = directed;
    let report = crate::verify::verify(&schedule);
    if report.is_valid() {
        Ok(())
    } else {
        Err(format!(
            "{:?}",
            &report.violations[..report.violations.len().min(4)]
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whist::plan::complete_starter;

    #[test]
    fn a_starter_lists_its_rounds_with_infinity_last() {
        let (starter, _) = complete_starter(8, false).unwrap();
        let listed = Listed::from_starter(&starter, true);
        assert_eq!(
            (listed.players, listed.cycle_length(), listed.tables()),
            (8, 7, 2)
        );
        assert_eq!(listed.stationary, Some(7));
        for (r, round) in listed.rounds.iter().enumerate() {
            assert_eq!(round[0][0], 7, "round {r}: ∞ keeps table 1, N");
            let mut seen: Vec<u32> = round.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..8).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_stationary_label_keeps_table_one_north_and_its_partners() {
        let (starter, _) = complete_starter(13, false).unwrap();
        let listed = Listed::from_starter(&starter, true);
        let moved = listed.clone().with_stationary(5);
        for r in 0..listed.cycle_length() {
            if listed.sit_out[r].contains(&5) {
                continue;
            }
            assert_eq!(moved.rounds[r][0][0], 5, "round {r}");
            let pairs = |l: &Listed| {
                let mut p: Vec<(u32, u32)> = l.partner_pairs(r).map(|(a, b)| (a.min(b), a.max(b))).collect();
                p.sort_unstable();
                p
            };
            assert_eq!(pairs(&listed), pairs(&moved), "round {r}");
        }
    }

    /// Whether `goal` of the triples can be chosen with no player in two, leaving at most
    /// `spare` of the players not in any (exhaustive: the first player not yet placed is either
    /// in one of its triples that still fits, or left out while spares remain).
    fn packs(by_player: &[Vec<&[u32]>], used: &mut [bool], goal: usize, spare: usize) -> bool {
        if goal == 0 {
            return true;
        }
        let Some(first) = used.iter().position(|&u| !u) else {
            return false;
        };
        for triple in &by_player[first] {
            if triple.iter().all(|&x| !used[x as usize]) {
                triple.iter().for_each(|&x| used[x as usize] = true);
                let found = packs(by_player, used, goal - 1, spare);
                triple.iter().for_each(|&x| used[x as usize] = false);
                if found {
                    return true;
                }
            }
        }
        if spare > 0 {
            used[first] = true;
            let found = packs(by_player, used, goal, spare - 1);
            used[first] = false;
            return found;
        }
        false
    }

    /// Whether `goal` rounds of `sit_out` (79 players) have nobody sitting out twice.
    fn rounds_without_a_repeat(sit_out: &[Vec<u32>], goal: usize) -> bool {
        let mut by_player: Vec<Vec<&[u32]>> = vec![Vec::new(); 79];
        for triple in sit_out {
            for &x in triple {
                if !by_player[x as usize].contains(&triple.as_slice()) {
                    by_player[x as usize].push(triple);
                }
            }
        }
        packs(&by_player, &mut [false; 79], goal, 79 - 3 * goal)
    }

    /// 79 players from the four-group 80 with one seat empty: any evening shares its sit-outs
    /// fairly except 26 and 53 rounds. Over 26 rounds 78 sit-outs fall on 79 players, so the
    /// three sitting out in each round would have to be new every round, but whichever seat is
    /// empty, no 26 rounds have that (exhaustively: 25 do, 26 never); 53 is its complement.
    #[test]
    fn seventy_nine_players_share_sit_outs_fairly_except_over_26_and_53_rounds() {
        let full = crate::whist::plan::four_group_rotation(80).unwrap();
        for empty in 0..80 {
            let padded = full.without(empty);
            assert!(
                !rounds_without_a_repeat(&padded.sit_out, 26),
                "empty seat {empty}: 26 rounds with nobody sitting out twice"
            );
        }
        // The search finds what exists: 25 such rounds (so the refusal above is not vacuous).
        assert!(rounds_without_a_repeat(&full.without(0).sit_out, 25));
        let padded = full.without(0);
        for k in [26, 53] {
            assert!(padded.fairly_ordered(0..k, 1).is_none(), "{k}");
        }
        for k in [1, 5, 20, 25, 27, 40, 52, 54, 78, 79] {
            let ordered = padded
                .fairly_ordered(0..k, 1)
                .unwrap_or_else(|| panic!("{k} rounds"));
            let mut count = [0; 79];
            for &x in ordered.sit_out[..k].iter().flatten() {
                count[x as usize] += 1;
            }
            let (most, fewest) = (count.iter().max().unwrap(), count.iter().min().unwrap());
            assert!(most - fewest <= 1, "{k} rounds: {count:?}");
            let mut rounds = ordered.rounds.clone();
            rounds.sort();
            let mut original = padded.rounds.clone();
            original.sort();
            assert_eq!(rounds, original, "{k}: the same rounds, reordered");
        }
    }
}
