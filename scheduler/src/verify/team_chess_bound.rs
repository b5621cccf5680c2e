//! The checker's own lower bounds on Q_X for jamborees with an even number of teams and of
//! rounds (issue 47), argued and computed here without the engines' code (`team_chess::cut_design`
//! and `team_chess::even_rounds` prove the same bounds their own way).
//!
//! **Premises, checked on the schedule** (`EvenRounds::premises_hold`), each demanded of every
//! schedule of the size by a rule of the format: an even number R of rounds; one player per team
//! and board; every player in one game a round, with exactly R/2 Whites (rule 3); every game
//! joins two players of one board (rule 5: no floats with an even number of teams); every two
//! teams meet between ⌊RB/(N−1)⌋ and ⌈RB/(N−1)⌉ times (rule 2). A schedule that breaks one gets
//! only the parity bound, so the checker never calls a rule-breaking schedule "the best
//! possible" on these arguments' strength.
//!
//! **Two rounds.** Let A_t be the boards on which team t's player has White in round 1. On
//! board b a game of round 1 is White (b in A) against Black (b not in A); a game of round 2 is
//! White, who had Black in round 1 (b not in A), against Black, who had White (b in A). So every
//! game on board b joins a team with b in its A to one without, and two teams with the same A
//! never meet. Team t has |A_t| Whites in round 1 and B − |A_t| in round 2, so
//! Q = Q_X = 2 Σ_t |2|A_t| − B| (Q_Y = 0 without floats, Q_Z = 0 with one White each). And Σ_t
//! (2|A_t| − B) = 0: board b has N/2 games in round 1, each with one White.
//! - *Every two teams meet* (⌊2B/(N−1)⌋ ≥ 1): the N sets A_t are all different, so
//!   Σ_t |2|A_t| − B| is at least the sum of the N smallest |2|A| − B| over the subsets A of the
//!   B boards, counted here with Pascal's triangle.
//! - *No two teams meet twice* (⌈2B/(N−1)⌉ = 1): the N·B games lie on different pairs of teams,
//!   each pair with different sets. If every team were as near B/2 as possible (|2|A| − B| =
//!   B mod 2), the sets would be among the K subsets of ⌊B/2⌋ or ⌈B/2⌉ boards, and at least
//!   Σ C(c, 2) pairs share a set, the c's spreading the N teams as evenly as possible over K;
//!   when fewer than N·B pairs are left, some team is further off: by 2 (all terms have B's
//!   parity), and since the terms sum to 0, with B even another team the other way. So
//!   Σ_t |2|A_t| − B| ≥ N·(B mod 2) + 2, or 4 with B even (6 × 2 × 2: K = 2, 3 + 3 teams,
//!   6 pairs sharing a set, 9 left for 12 games: Q ≥ 8).
//!
//! **Two boards, R ≥ 4 rounds, every two teams meet** (⌊2R/(N−1)⌋ ≥ 1). Q = Q_X again (no
//! floats; R/2 Whites each make every team's Σ l·w_l = 3R/2, Q_Z = 0), and with
//! d_tr = (team t's Whites in round r) − 1 ∈ {−1, 0, 1}, Q_X = 2·#{d_tr ≠ 0}. If every d_tr were
//! 0: with T_r the teams White on board 1 in round r (Black on board 2), a board-1 game is White
//! in T_r against Black not in T_r, a board-2 game White not in T_r against Black in T_r, so
//! every game of round r joins T_r to the rest. Team t's rounds in T_r are its board-1 player's
//! White rounds, R/2 of them; teams with the same rounds never meet, so the N teams need N
//! different sets of R/2 rounds. With N > C(R, R/2) (8 × 2 × 4: 6 sets for 8 teams) some d_tr ≠
//! 0. Every row of d adds up to 0 (a team's two players have R/2 Whites each, R in all) and
//! every column too (a round's N games have one White each). So a +1 at (t, r) comes with a −1
//! at (t, r′) and a −1 at (u, r), and row u with a +1 at (u, r″): four entries off, Q_X ≥ 8.

/// A jamboree of an even number of rounds as the checker read it, for checking the premises
/// above.
pub(super) struct EvenRounds<'a> {
    /// Team of every entrant.
    pub team: &'a [usize],
    /// Board of every entrant (1-based; 0 if never seated).
    pub board: &'a [u32],
    /// (White, Black) entrants of every game, per round.
    pub games: &'a [Vec<(usize, usize)>],
    /// Teams in the event.
    pub teams: usize,
    /// Boards per team.
    pub boards: usize,
}

impl EvenRounds<'_> {
    /// Whether the schedule keeps every premise: an even number of rounds, one player per team
    /// and board, each in one game a round with White in half of them, every game on one
    /// board, and rule 2's range of meetings for every two teams.
    pub fn premises_hold(&self) -> bool {
        let (n, players, rounds) = (self.teams, self.team.len(), self.games.len());
        if rounds == 0
            || !rounds.is_multiple_of(2)
            || n < 2
            || !n.is_multiple_of(2)
            || players != n * self.boards
        {
            return false;
        }
        self.one_player_per_board() && self.one_game_a_round() && self.meetings_in_range()
    }

    fn one_player_per_board(&self) -> bool {
        let mut seats = vec![0usize; self.teams * self.boards];
        for (&t, &b) in self.team.iter().zip(self.board) {
            match (b as usize)
                .checked_sub(1)
                .filter(|&b| b < self.boards && t < self.teams)
            {
                Some(b) => seats[t * self.boards + b] += 1,
                None => return false,
            }
        }
        seats.iter().all(|&c| c == 1)
    }

    /// Every player in one game each round, White in half of them, on their own board.
    fn one_game_a_round(&self) -> bool {
        let players = self.team.len();
        let mut whites = vec![0usize; players];
        for round in self.games {
            let mut played = vec![0usize; players];
            for &(white, black) in round {
                if white >= players || black >= players || self.board[white] != self.board[black] {
                    return false;
                }
                played[white] += 1;
                played[black] += 1;
                whites[white] += 1;
            }
            if played.iter().any(|&c| c != 1) {
                return false;
            }
        }
        whites.iter().all(|&w| 2 * w == self.games.len())
    }

    fn meetings_in_range(&self) -> bool {
        let n = self.teams;
        let mut meetings = vec![0usize; n * n];
        for &(white, black) in self.games.iter().flatten() {
            let (a, b) = (self.team[white], self.team[black]);
            meetings[a.min(b) * n + a.max(b)] += 1;
        }
        let (low, high) = meeting_range(n, self.boards, self.games.len());
        (0..n).all(|a| (a + 1..n).all(|b| (low..=high).contains(&meetings[a * n + b])))
    }
}

/// Rule 2's range of meetings of two teams: ⌊RB/(N−1)⌋ to ⌈RB/(N−1)⌉.
fn meeting_range(teams: usize, boards: usize, rounds: usize) -> (usize, usize) {
    let games = rounds * boards;
    let others = teams.saturating_sub(1).max(1);
    (games / others, games.div_ceil(others))
}

/// The least Q_X of a jamboree of `teams` × `boards` × `rounds` that keeps the premises above
/// (the module's arguments) when they give more than 0; 0 otherwise.
pub(super) fn least_even_rounds_q_x(teams: usize, boards: usize, rounds: usize) -> u64 {
    if teams < 2 || !teams.is_multiple_of(2) || boards == 0 || rounds == 0 || !rounds.is_multiple_of(2) {
        return 0;
    }
    let (low, high) = meeting_range(teams, boards, rounds);
    if rounds == 2 {
        let spread = if low >= 1 {
            distinct_sets_spread(teams, boards)
        } else if high == 1 {
            single_meetings_spread(teams, boards)
        } else {
            0
        };
        return 2 * spread as u64;
    }
    // Two boards: C(R, R/2) sets of R/2 rounds, from Pascal's triangle as for the boards.
    let half_rounds = subsets_by_size(rounds)[rounds / 2];
    if boards == 2 && low >= 1 && half_rounds < teams as u128 {
        8
    } else {
        0
    }
}

/// Subsets of `boards` boards by size (row `boards` of Pascal's triangle), saturating.
fn subsets_by_size(boards: usize) -> Vec<u128> {
    let mut row = vec![1u128];
    for _ in 0..boards {
        let mut next = vec![1u128; row.len() + 1];
        for k in 1..row.len() {
            next[k] = row[k - 1].saturating_add(row[k]);
        }
        row = next;
    }
    row
}

/// Σ_t |2|A_t| − B| at the least for `teams` different sets A_t: the smallest values first.
fn distinct_sets_spread(teams: usize, boards: usize) -> usize {
    let mut by_distance: Vec<(usize, u128)> = subsets_by_size(boards)
        .into_iter()
        .enumerate()
        .map(|(size, count)| ((2 * size).abs_diff(boards), count))
        .collect();
    by_distance.sort_unstable();
    let (mut left, mut spread) = (teams as u128, 0usize);
    for (distance, count) in by_distance {
        let taken = left.min(count);
        spread += distance * taken as usize;
        left -= taken;
    }
    spread
}

/// Σ_t |2|A_t| − B| at the least when no two teams may meet twice: B mod 2 a team when the
/// sets nearest B/2 leave enough pairs of teams with different sets for the N·B games,
/// otherwise 2 (B odd) or 4 (B even) more.
fn single_meetings_spread(teams: usize, boards: usize) -> usize {
    let row = subsets_by_size(boards);
    let nearest: u128 = if boards.is_multiple_of(2) {
        row[boards / 2]
    } else {
        2 * row[boards / 2]
    };
    let (n, k) = (teams as u128, nearest.max(1));
    let (each, more) = (n / k, n % k);
    let pairs = |c: u128| c * c.saturating_sub(1) / 2;
    let sharing = (k - more) * pairs(each) + more * pairs(each + 1);
    let least = teams * (boards % 2);
    if pairs(n) - sharing >= n * boards as u128 {
        least
    } else if boards.is_multiple_of(2) {
        least + 4
    } else {
        least + 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_arguments_give_the_raised_bounds() {
        // 8 × 4 × 2: every two teams meet; 6 sets of 2 boards of 4, so two teams are 2 off.
        assert_eq!(distinct_sets_spread(8, 4), 4);
        assert_eq!(least_even_rounds_q_x(8, 4, 2), 8);
        // 6 × 2 × 2: no two teams meet twice; 9 pairs across the cuts for 12 games.
        assert_eq!(single_meetings_spread(6, 2), 4);
        assert_eq!(least_even_rounds_q_x(6, 2, 2), 8);
        // Unaffected: 10 × 4 × 2 (41 pairs with different sets for 40 games), 6 × 4 × 2
        // (C(4, 2) = 6 sets for 6 teams), an odd number of teams, other round counts.
        assert_eq!(least_even_rounds_q_x(10, 4, 2), 0);
        assert_eq!(least_even_rounds_q_x(6, 4, 2), 0);
        assert_eq!(least_even_rounds_q_x(7, 4, 2), 0);
        // 8 × 2 × 4: 6 sets of 2 rounds of 4 for 8 teams that must all meet, and then at
        // least four team-rounds off (rows and columns of Whites − 1 add up to 0); not 6 × 2 × 4
        // (6 sets, 6 teams), 8 × 2 × 6 (20 sets), 12 × 2 × 4 (two teams may miss each other)
        // or an odd number of rounds.
        assert_eq!(least_even_rounds_q_x(8, 2, 4), 8);
        for (teams, boards, rounds) in [(6, 2, 4), (8, 2, 6), (12, 2, 4), (8, 2, 3), (8, 4, 4)] {
            assert_eq!(
                least_even_rounds_q_x(teams, boards, rounds),
                0,
                "{teams}×{boards}×{rounds}"
            );
        }
        // An odd B: every team is at least one off; 4 × 3 × 2 has 6 sets of 1 or 2 boards.
        assert_eq!(distinct_sets_spread(4, 3), 4);
    }

    #[test]
    fn pascal_counts_the_subsets() {
        assert_eq!(subsets_by_size(4), vec![1, 4, 6, 4, 1]);
        assert_eq!(subsets_by_size(20)[10], 184_756);
    }
}
