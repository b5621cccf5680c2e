//! A rotation written out round by round: what an evening is built from.
//!
//! A starter (`starter.rs`) stands for its whole cycle; a construction that is not cyclic
//! (`four_groups.rs`) can only list its rounds. Both become a `Listed`: labels 0..players, each
//! round's tables (seats N, E, S, W; partners N–S and E–W) and who sits out. Turning a rotation
//! into a roster's evening (`plan.rs`) works on this form only.

use super::starter::{INFINITY, Starter};

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

    /// The partner pairs of round `r`.
    pub fn partner_pairs(&self, r: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.rounds[r].iter().flat_map(|t| [(t[0], t[2]), (t[1], t[3])])
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
}
