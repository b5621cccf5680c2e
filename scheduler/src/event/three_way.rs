//! A Swiss teams round's three-way match, the odd-count alternative to a bye (a "short
//! threesome", "triple" or "triangle"): three teams play one another in the time of one
//! match, each meeting the other two over half the round's boards.
//!
//! How it is played (David Stevenson, "Threesomes in Swiss Teams", blakjak.org; the EBU's
//! Triple Scoring Booklet): the three teams' N-S pairs stay at three tables; for the first
//! half each E-W pair moves up one table and plays the boards dealt there; then each E-W pair
//! takes those boards to its own team-mates' table and goes on to the third table, where it
//! plays the boards it finds. Each of the three half-matches so plays one set of boards at two
//! tables with the directions swapped, as a match does.
//!
//! Boards: half-match 1 (home v away) plays the first half of the round's boards, half-match 2
//! (away v third) the second half, half-match 3 (third v home) a supplementary set numbered
//! after every board of the event (the EBU booklet's boards 50–52 play that part). With an odd
//! number of boards a round, the round's last board is not played by the three-way.
//!
//! Scoring: each half-match is scored as a match of its own boards (the VP scale for that
//! many boards), and on a victory-point scale each team's VPs are halved, so 10 VPs are at
//! stake in each half-match and 20 in the round, as in a head-on match: the EBU's White Book
//! (§143.6.2, the split-tie example of "a triangular match (10 VPs at stake)") scores it so,
//! and the 4NCL's triangular matches award "half normal match points" for each short match.
//! IMPs and board-a-match points are counted as they come.
//!
//! The other way to play three teams, over two rounds with full matches, is
//! `event::long_three_way`; it shares this module's tables and words.

use super::{Event, Scoring};
use crate::model::{Seat, Table};
use crate::scoring::teams::Points;

/// The three teams of `table` when it is a three-way match: home, away and third.
pub fn three_teams(table: &Table) -> Option<[usize; 3]> {
    let home = table.entrant_at(Seat::Home)?;
    let away = table.entrant_at(Seat::Away)?;
    let third = table.entrant_at(Seat::Third)?;
    let distinct = home != away && away != third && third != home;
    (table.seats.len() == 3 && distinct).then_some([home, away, third])
}

/// The teams of each half-match of a three-way match of `teams` (home, away, third), the
/// first named the home team of its half-match (its N-S pair's score is entered first).
pub fn half_matches(teams: [usize; 3]) -> [(usize, usize); 3] {
    let [a, b, c] = teams;
    [(a, b), (b, c), (c, a)]
}

/// The boards of a three-way match's half-matches in `round`: the first and second halves of
/// the round's boards, and a supplementary set numbered after every board of the event.
/// `Err` when the round has fewer than two boards or the event is not a Swiss teams event.
pub fn half_match_deals(event: &Event, round: u32) -> Result<[Vec<u32>; 3], String> {
    let Scoring::Teams { boards_per_round, .. } = event.settings.scoring else {
        return Err("only a teams event has three-way matches".to_owned());
    };
    let boards: Vec<u32> = event.deals_of_round(round).collect();
    let half = boards.len() / 2;
    if half == 0 {
        return Err(format!(
            "round {round} has {} board(s): a three-way match needs at least two, one for each half",
            boards.len()
        ));
    }
    let planned = event
        .settings
        .options
        .as_ref()
        .and_then(|o| o.rounds)
        .unwrap_or(event.schedule.rounds.len())
        .max(event.schedule.rounds.len());
    let planned = u32::try_from(planned).unwrap_or(u32::MAX);
    let half_u32 = u32::try_from(half).unwrap_or(u32::MAX);
    // Supplementary boards: after the event's last board, one set per round.
    let first_extra = planned
        .saturating_mul(boards_per_round)
        .saturating_add(round.saturating_sub(1).saturating_mul(half_u32))
        .saturating_add(1);
    let extra: Vec<u32> = (0..half_u32).map(|k| first_extra.saturating_add(k)).collect();
    Ok([boards[..half].to_vec(), boards[half..2 * half].to_vec(), extra])
}

/// Boards in words: "board 7", "boards 1–3" (see [`deals_text`]).
pub fn boards_words(deals: &[u32]) -> String {
    let word = if deals.len() == 1 { "board" } else { "boards" };
    format!("{word} {}", deals_text(deals))
}

/// Boards as printed: "5–8", "7", "1, 3" when they do not follow on, and "8–13, 29–31" for a
/// three-way table's boards (its runs, not every board).
pub fn deals_text(deals: &[u32]) -> String {
    // Runs of consecutive boards as "8–13", the runs separated by commas.
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &deal in deals {
        match runs.last_mut() {
            Some((_, last)) if deal == last.saturating_add(1) => *last = deal,
            _ => runs.push((deal, deal)),
        }
    }
    runs.iter()
        .map(|&(first, last)| match last - first {
            0 => first.to_string(),
            _ => format!("{first}–{last}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A half-match's points as they count: on a victory-point scale each team's VPs halved (10
/// at stake), the odd hundredth going to the team ahead; otherwise unchanged.
pub fn counted_points(points: [Points; 2], victory_points: bool) -> [Points; 2] {
    if !victory_points {
        return points;
    }
    let ahead = usize::from(points[1] > points[0]);
    std::array::from_fn(|side| {
        let up = i64::from(side == ahead && points[side] % 2 != 0);
        (points[side] + up).div_euclid(2)
    })
}

/// The tables a three-way match numbered `number` (the round's last match) uses: its N-S
/// pairs sit at the home, away and third teams' tables, numbered on from the matches before.
pub fn three_way_tables(number: u32) -> [u32; 3] {
    let first = number.saturating_mul(2).saturating_sub(1);
    [first, first.saturating_add(1), first.saturating_add(2)]
}

/// "Diamonds'", "Aces'" and "Team 4's": a team's name made possessive.
pub(crate) fn whose(name: &str) -> String {
    if name.ends_with('s') || name.ends_with('S') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// Where everyone goes in a three-way match, a sentence each, for the round sheet: `names`
/// are the home, away and third teams, `deals` the half-matches' boards as "1–4".
pub fn movement_lines(names: [&str; 3], tables: [u32; 3], deals: [&str; 3]) -> Vec<String> {
    let [a, b, c] = names;
    let [a_s, b_s, c_s] = names.map(whose);
    let [ta, tb, tc] = tables;
    let [ab, bc, ca] = deals;
    vec![
        format!(
            "Three-way match: {a}, {b} and {c}. N-S pairs stay put: {a} at table {ta}, {b} at table {tb}, {c} at table {tc}."
        ),
        format!(
            "First half: {a_s} E-W to table {tb} (boards {ab}), {b_s} E-W to table {tc} (boards {bc}), {c_s} E-W to table {ta} (boards {ca})."
        ),
        format!(
            "Second half: each E-W pair takes its boards to its own team-mates' table and goes on to the third table: {a_s} E-W to table {tc} (boards {ca}), {b_s} E-W to table {ta} (boards {ab}), {c_s} E-W to table {tb} (boards {bc})."
        ),
        format!(
            "Scores: {a} v {b} on boards {ab}, {b} v {c} on boards {bc}, {c} v {a} on boards {ca}; each a match of its own, worth half a match."
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halved_points_keep_their_total_and_give_the_odd_hundredth_to_the_team_ahead() {
        assert_eq!(counted_points([1377, 623], true), [689, 311]);
        assert_eq!(counted_points([623, 1377], true), [311, 689]);
        assert_eq!(counted_points([1000, 1000], true), [500, 500]);
        assert_eq!(counted_points([2000, 0], true), [1000, 0]);
        assert_eq!(counted_points([700, -700], false), [700, -700]);
    }

    #[test]
    fn runs_of_boards_are_printed_as_ranges() {
        assert_eq!(deals_text(&[5, 6, 7, 8]), "5–8");
        assert_eq!(deals_text(&[7]), "7");
        assert_eq!(deals_text(&[1, 3]), "1, 3");
        assert_eq!(deals_text(&[]), "");
        assert_eq!(deals_text(&[8, 9, 10, 11, 12, 13, 29, 30, 31]), "8–13, 29–31");
        assert_eq!(deals_text(&[3, 4, 6]), "3–4, 6");
    }

    #[test]
    fn each_half_match_pairs_two_of_the_three_and_each_team_is_home_once() {
        let halves = half_matches([4, 7, 2]);
        assert_eq!(halves, [(4, 7), (7, 2), (2, 4)]);
        for team in [4, 7, 2] {
            assert_eq!(halves.iter().filter(|(h, a)| *h == team || *a == team).count(), 2);
            assert_eq!(halves.iter().filter(|(h, _)| *h == team).count(), 1);
        }
    }

    #[test]
    fn the_movement_sends_each_east_west_pair_to_both_other_teams() {
        let lines = movement_lines(["A", "B", "C"], [5, 6, 7], ["1–4", "5–8", "33–36"]);
        let plural = movement_lines(["Aces", "B", "C"], [5, 6, 7], ["1–4", "5–8", "33–36"]);
        assert!(plural[1].starts_with("First half: Aces' E-W"), "{plural:?}");
        assert!(lines[1].contains("A's E-W to table 6 (boards 1–4)"), "{lines:?}");
        assert!(lines[2].contains("B's E-W to table 5 (boards 1–4)"), "{lines:?}");
        assert!(
            lines[1].contains("C's E-W to table 5 (boards 33–36)"),
            "{lines:?}"
        );
        assert!(
            lines[2].contains("A's E-W to table 7 (boards 33–36)"),
            "{lines:?}"
        );
    }
}
