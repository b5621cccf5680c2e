//! Matchpoints for one board's traveller in a club pairs event, where a board is not always
//! played the same number of times: scores actually played are compared with each other, then
//! factored up to the number of times the board should have been played (the Neuberg
//! formula); artificial scores (AVE+, AVE, AVE−) get their share of the top.
//!
//! Scale: 2 matchpoints for each score beaten and 1 for each tie (the EBU's), so the top of
//! a board meant to be played `N` times is 2·(N − 1). The Neuberg formula, as the EBU White
//! Book and the WBF use it: with `n` scores compared (top 2·(n − 1)), a score of `m` becomes
//! (m + 1)·N / n − 1. For example, m = 4 of 10 with n = 6 and N = 7 gives 4.83 of 12.

use super::bridge::matchpoints;

/// One row of a traveller, for matchpointing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TravellerScore {
    /// The N–S score of a board that was played.
    Played(i32),
    /// An artificial score: each side's share of the top (0.6 for AVE+, 0.5, 0.4 for AVE−).
    Artificial {
        /// N–S's share of the top.
        ns: f64,
        /// E–W's share of the top.
        ew: f64,
    },
}

/// The matchpoints of a traveller: the board's top, and for each row the N–S and E–W
/// matchpoints. `expected` is how many times the board should have been played (the number
/// the tops of the event are set by); a board played more often than that (which a movement
/// never schedules) is compared as it is.
pub fn traveller_matchpoints(rows: &[TravellerScore], expected: usize) -> (f64, Vec<(f64, f64)>) {
    let expected = expected.max(rows.len()).max(1);
    let top = 2.0 * (expected - 1) as f64;
    let played: Vec<i32> = rows
        .iter()
        .filter_map(|r| match r {
            TravellerScore::Played(score) => Some(*score),
            TravellerScore::Artificial { .. } => None,
        })
        .collect();
    let compared = played.len();
    let raw = matchpoints(&played);
    let factor = if compared == 0 {
        0.0
    } else {
        expected as f64 / compared as f64
    };
    let mut raw = raw.into_iter();
    let scored = rows
        .iter()
        .map(|row| match row {
            TravellerScore::Played(_) => {
                let m = raw.next().unwrap_or(0) as f64;
                let ns = (m + 1.0) * factor - 1.0;
                (ns, top - ns)
            }
            TravellerScore::Artificial { ns, ew } => (ns * top, ew * top),
        })
        .collect();
    (top, scored)
}

#[cfg(test)]
mod tests {
    use super::*;
    use TravellerScore::{Artificial, Played};

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn a_full_board_is_plain_matchpoints() {
        let (top, mp) = traveller_matchpoints(&[Played(420), Played(450), Played(-50), Played(420)], 4);
        assert_eq!(top, 6.0);
        let ns: Vec<f64> = mp.iter().map(|m| m.0).collect();
        assert_eq!(ns, vec![3.0, 6.0, 0.0, 3.0]);
        assert!(mp.iter().all(|(n, e)| close(n + e, 6.0)));
    }

    #[test]
    fn neuberg_factors_a_board_played_fewer_times() {
        // The published example: 4 of 10 on a board played 6 times, 7 expected → 4.83 of 12;
        // 9 of 10 → 10.67. Six scores, the fourth best scoring 4:
        // 800 beats all five (10), 600 (8), 500 (6), 400 (4), 300 (2), 200 (0).
        let rows: Vec<TravellerScore> = [800, 600, 500, 400, 300, 200].map(Played).to_vec();
        let (top, mp) = traveller_matchpoints(&rows, 7);
        assert_eq!(top, 12.0);
        assert!(close(mp[3].0, 5.0 * 7.0 / 6.0 - 1.0), "{mp:?}");
        assert!(close(mp[3].0, 4.833_333_333_333_333));
        // The top of 6 results factored: (10 + 1)·7/6 − 1 = 11.83, and the bottom 1/6.
        assert!(close(mp[0].0, 11.0 * 7.0 / 6.0 - 1.0));
        assert!(close(mp[5].0, 7.0 / 6.0 - 1.0));
        // The factored scores still share out the whole board: n·top/2 on average.
        let total: f64 = mp.iter().map(|m| m.0).sum();
        assert!(close(total, 6.0 * 6.0));
    }

    #[test]
    fn artificial_scores_take_their_share_and_the_rest_are_factored() {
        // Four tables expected; one got AVE+ (N-S) / AVE− (E-W): top 6, so 3.6 and 2.4. The
        // three played scores are compared among themselves (top 4) and factored to 4 plays.
        let rows = [
            Played(100),
            Artificial { ns: 0.6, ew: 0.4 },
            Played(140),
            Played(-100),
        ];
        let (top, mp) = traveller_matchpoints(&rows, 4);
        assert_eq!(top, 6.0);
        assert!(close(mp[1].0, 3.6) && close(mp[1].1, 2.4));
        // 140 beats both: 4 → (4+1)·4/3 − 1 = 5.67; 100: 2 → 3; −100: 0 → 0.33.
        assert!(close(mp[2].0, 5.0 * 4.0 / 3.0 - 1.0));
        assert!(close(mp[0].0, 3.0));
        assert!(close(mp[3].0, 4.0 / 3.0 - 1.0));
        assert!(close(mp[3].1, 6.0 - (4.0 / 3.0 - 1.0)));
    }

    #[test]
    fn a_single_score_is_an_average() {
        let (top, mp) = traveller_matchpoints(&[Played(620)], 5);
        assert_eq!(top, 8.0);
        assert!(close(mp[0].0, 4.0) && close(mp[0].1, 4.0));
        let (_, none) = traveller_matchpoints(&[], 5);
        assert!(none.is_empty());
    }
}
