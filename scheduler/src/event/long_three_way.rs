//! A Swiss teams round's three-way match over two rounds (a "long threesome"), the other
//! odd-count alternative to a bye beside the one-round match of `event::three_way`: three
//! teams play one another in the time of two matches, each meeting a full match with full
//! victory points.
//!
//! How it is played (David Stevenson, "Threesomes in Swiss Teams", blakjak.org: a long
//! threesome "takes the same time as two full matches elsewhere"): the three teams A, B and C
//! sit at three tables, each team's N-S pair staying at its own table for both rounds. In the
//! first round each E-W pair moves up one table and plays a full match's boards there: A's
//! N-S v C's E-W on set 1, B's N-S v A's E-W on set 2, C's N-S v B's E-W on set 3. In the
//! second round each E-W pair takes those boards to its team-mates' table and goes on to the
//! third table, playing the boards it finds: A v B on set 2, B v C on set 3, C v A on set 1.
//! So each set is played at two tables by the same two teams with the directions swapped —
//! a match — and each two of the three meet once. ASE Scorer's help ("Handling odd numbers
//! of teams", asecomputing.com) lays out the same two rounds and notes that three sets of
//! boards are used where the other teams play two, and that the matches can only be scored
//! once both rounds are played.
//!
//! Boards: set 1 is the first round's own boards, set 2 the second round's (its table plays
//! them a round before the field, as ASE's layout does), and set 3 a supplementary set of a
//! full match's boards numbered after every board of the event, the one-round three-way
//! matches' supplementary sets included.
//!
//! Results: each set's two tables are entered together as the match's boards under the
//! second round's match, once both rounds are played; the first round's match takes no
//! results (refused with the reason). Until then its three teams' matches are in progress.

use super::three_way::{three_way_tables, whose};
use super::{Event, Scoring};
use crate::model::{Absence, Schedule, Seat, Table};
use crate::verify::swiss::{LongTableData, LongThreeWayData, check_long_three_way};

/// The three teams of `table` when it is a long three-way match: home, away and long-third.
pub fn long_three_teams(table: &Table) -> Option<[usize; 3]> {
    let home = table.entrant_at(Seat::Home)?;
    let away = table.entrant_at(Seat::Away)?;
    let third = table.entrant_at(Seat::LongThird)?;
    let distinct = home != away && away != third && third != home;
    (table.seats.len() == 3 && distinct).then_some([home, away, third])
}

/// Which of its two rounds a long three-way match's table is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LongHalf {
    /// The round it begins in: its boards are played but not yet scored.
    First,
    /// The round after: its matches are complete and scored here.
    Second,
}

/// A long three-way match of a schedule: its teams (home, away, third), the round it begins
/// in, its match number in each of its rounds (the second `None` until that round is
/// paired).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LongThreeWay {
    /// Home, away and third, as seated (A, B and C of the module's description).
    pub teams: [usize; 3],
    /// The round it begins in.
    pub first_round: u32,
    /// Its match number in the first round.
    pub first_match: u32,
    /// Its match number in the second round, once that round is paired.
    pub second_match: Option<u32>,
}

/// Every long three-way match of `schedule`, in order: a long table begins one unless the
/// same three began one in the round before and it has not been continued yet.
pub fn long_three_ways(schedule: &Schedule) -> Vec<LongThreeWay> {
    let mut found: Vec<LongThreeWay> = Vec::new();
    for round in &schedule.rounds {
        for table in &round.tables {
            let Some(teams) = long_three_teams(table) else {
                continue;
            };
            let same = |l: &LongThreeWay| {
                let mut a = l.teams;
                let mut b = teams;
                a.sort_unstable();
                b.sort_unstable();
                a == b
            };
            let open = found.iter_mut().find(|l| {
                l.first_round.saturating_add(1) == round.number && l.second_match.is_none() && same(l)
            });
            match open {
                Some(l) => l.second_match = Some(table.number),
                None => found.push(LongThreeWay {
                    teams,
                    first_round: round.number,
                    first_match: table.number,
                    second_match: None,
                }),
            }
        }
    }
    found
}

/// The long three-way match at match `table` of `round`, and which of its rounds that is.
pub fn long_half(schedule: &Schedule, round: u32, table: u32) -> Option<(LongThreeWay, LongHalf)> {
    long_three_ways(schedule).into_iter().find_map(|l| {
        if l.first_round == round && l.first_match == table {
            Some((l, LongHalf::First))
        } else if l.first_round.saturating_add(1) == round && l.second_match == Some(table) {
            Some((l, LongHalf::Second))
        } else {
            None
        }
    })
}

/// The three matches of a long three-way match of `teams` (A, B, C), on sets 1, 2 and 3:
/// A v C, B v A and C v B, the first named the team whose N-S pair plays the set first (its
/// score is entered first, as a match's home team's is).
pub fn long_matches(teams: [usize; 3]) -> [(usize, usize); 3] {
    let [a, b, c] = teams;
    [(a, c), (b, a), (c, b)]
}

/// The boards of the three sets of a long three-way match beginning in `first_round`: that
/// round's boards, the next round's, and a supplementary set numbered after every board of
/// the event. `Err` when the event is not a teams event or the Swiss has no round after.
pub fn long_sets(event: &Event, first_round: u32) -> Result<[Vec<u32>; 3], String> {
    let Scoring::Teams { boards_per_round, .. } = event.settings.scoring else {
        return Err("only a teams event has three-way matches".to_owned());
    };
    rounds_left_for_long(event, first_round)?;
    let planned = event.rounds_planned();
    let half = boards_per_round / 2;
    // After the planned rounds' boards and every one-round three-way's supplementary half set.
    let first_extra = planned
        .saturating_mul(boards_per_round)
        .saturating_add(planned.saturating_mul(half))
        .saturating_add(first_round.saturating_sub(1).saturating_mul(boards_per_round))
        .saturating_add(1);
    let extra = (0..boards_per_round)
        .map(|k| first_extra.saturating_add(k))
        .collect();
    Ok([
        event.deals_of_round(first_round).collect(),
        event.deals_of_round(first_round.saturating_add(1)).collect(),
        extra,
    ])
}

/// Whether a long three-way match may begin in `round`: the Swiss must have a round after
/// it; else why not, in a sentence.
pub fn rounds_left_for_long(event: &Event, round: u32) -> Result<(), String> {
    let planned = event.rounds_planned();
    if round >= planned {
        return Err(format!(
            "round {round} is the Swiss's last of {planned}, and a three-way match over two rounds needs the round after it too"
        ));
    }
    Ok(())
}

/// One table of a long three-way match in one of its rounds: its number, the teams whose
/// pairs sit N-S and E-W, and which set (0 to 2) it plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LongSeating {
    /// The table's number.
    pub table: u32,
    /// The team whose N-S pair sits here (it stays for both rounds).
    pub ns: usize,
    /// The team whose E-W pair plays here this round.
    pub ew: usize,
    /// The set of boards, 0 to 2 (sets 1 to 3).
    pub set: usize,
}

/// Where everyone sits in `half` of a long three-way match of `teams` (A, B, C) at `tables`
/// (A's, B's and C's): the first round A v C on set 1, B v A on set 2, C v B on set 3; the
/// second A v B on set 2, B v C on set 3, C v A on set 1.
pub fn long_seating(teams: [usize; 3], tables: [u32; 3], half: LongHalf) -> [LongSeating; 3] {
    let [a, b, c] = teams;
    let [ta, tb, tc] = tables;
    let seat = |table, ns, ew, set| LongSeating { table, ns, ew, set };
    match half {
        LongHalf::First => [seat(ta, a, c, 0), seat(tb, b, a, 1), seat(tc, c, b, 2)],
        LongHalf::Second => [seat(ta, a, b, 1), seat(tb, b, c, 2), seat(tc, c, a, 0)],
    }
}

/// Why a result for match `table` of `round` is not taken there: the first round of a long
/// three-way match, whose boards are entered with its second round's match.
pub fn entry_refusal(event: &Event, round: u32, table: u32) -> Option<String> {
    let (long, LongHalf::First) = long_half(&event.schedule, round, table)? else {
        return None;
    };
    let next = round.saturating_add(1);
    let later = long
        .second_match
        .map_or(format!("round {next}'s three-way match"), |m| {
            format!("round {next}'s match {m}")
        });
    Some(format!(
        "match {table} of round {round} is the first of a three-way match's two rounds: enter its boards with {later}, once both rounds are played (each board's two tables are a round apart)"
    ))
}

/// The long three-way match `long` checked by the independent verifier
/// (`verify::swiss::check_long_three_way`), from where its tables sit and what they play:
/// every problem in words. `played_before`: which of its teams played one in an earlier
/// round; `declared`: the pairing said so.
pub fn verify_long(
    event: &Event,
    long: &LongThreeWay,
    played_before: &[usize],
    declared: bool,
) -> Vec<String> {
    let sets = match long_sets(event, long.first_round) {
        Ok(sets) => sets,
        Err(why) => return vec![why],
    };
    let rows = |half, number: u32| -> Vec<LongTableData> {
        long_seating(long.teams, three_way_tables(number), half)
            .iter()
            .map(|s| LongTableData {
                table: s.table,
                ns: s.ns,
                ew: s.ew,
                boards: sets[s.set].clone(),
            })
            .collect()
    };
    let first = rows(LongHalf::First, long.first_match);
    let second = long
        .second_match
        .map_or(Vec::new(), |m| rows(LongHalf::Second, m));
    let elsewhere = |round: u32, number: Option<u32>| -> Vec<usize> {
        let Some(r) = event.schedule.round(round) else {
            return Vec::new();
        };
        let seated = r
            .tables
            .iter()
            .filter(|t| Some(t.number) != number)
            .flat_map(|t| t.seats.iter().map(|s| s.entrant));
        let byes = r
            .absent
            .iter()
            .filter(|a| a.kind == Absence::Bye)
            .map(|a| a.entrant);
        seated.chain(byes).collect()
    };
    let boards_per_match = sets[0].len();
    check_long_three_way(&LongThreeWayData {
        teams: long.teams,
        first: &first,
        second: &second,
        boards_per_match,
        elsewhere_first: &elsewhere(long.first_round, Some(long.first_match)),
        elsewhere_second: &elsewhere(long.first_round.saturating_add(1), long.second_match),
        played_one_before: played_before,
        second_declared: declared,
    })
}

/// Where everyone goes in `half` of a long three-way match, a sentence each, for the round
/// sheet and `pair-next`: `names` are A, B and C, `tables` their tables this round, `sets`
/// the three sets' boards as printed, `round` this round's number.
pub fn long_movement_lines(
    names: [&str; 3],
    tables: [u32; 3],
    sets: [&str; 3],
    half: LongHalf,
    round: u32,
) -> Vec<String> {
    let [a, b, c] = names;
    let [a_s, b_s, c_s] = names.map(whose);
    let [ta, tb, tc] = tables;
    let [s1, s2, s3] = sets;
    match half {
        LongHalf::First => vec![
            format!(
                "Three-way match over rounds {round} and {}: {a}, {b} and {c}. N-S pairs stay put for both rounds: {a} at table {ta}, {b} at table {tb}, {c} at table {tc}.",
                round + 1
            ),
            format!(
                "Round {round}: each E-W pair moves up one table and plays a full match's boards: {a_s} E-W to table {tb} (boards {s2}), {b_s} E-W to table {tc} (boards {s3}), {c_s} E-W to table {ta} (boards {s1})."
            ),
            format!(
                "After round {round} the boards stay at their tables; no scores are compared until round {} is played.",
                round + 1
            ),
        ],
        LongHalf::Second => vec![
            format!(
                "Three-way match over rounds {} and {round}, second round: {a}, {b} and {c}. N-S pairs: {a} at table {ta}, {b} at table {tb}, {c} at table {tc}.",
                round.saturating_sub(1)
            ),
            format!(
                "Round {round}: each E-W pair takes its boards to its own team-mates' table and goes on to the third table, playing the boards it finds there: {a_s} E-W to table {tc} (boards {s1}), {b_s} E-W to table {ta} (boards {s2}), {c_s} E-W to table {tb} (boards {s3})."
            ),
            format!(
                "Scores: {a} v {c} on boards {s1}, {b} v {a} on boards {s2}, {c} v {b} on boards {s3}; each a full match, entered with round {round}."
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_set_goes_to_another_table_with_the_same_two_teams_the_other_way_round() {
        let first = long_seating([4, 7, 2], [7, 8, 9], LongHalf::First);
        let second = long_seating([4, 7, 2], [7, 8, 9], LongHalf::Second);
        for f in first {
            let later = second
                .iter()
                .find(|s| s.set == f.set)
                .expect("each set in both rounds");
            assert_ne!(later.table, f.table);
            assert_eq!((later.ns, later.ew), (f.ew, f.ns));
        }
        let matches = long_matches([4, 7, 2]);
        for (f, m) in first.iter().zip(matches) {
            assert_eq!((f.ns, f.ew), m, "set {} is the match {m:?}", f.set + 1);
        }
        for (f, s) in first.iter().zip(&second) {
            assert_eq!((f.table, f.ns), (s.table, s.ns), "N-S pairs stay");
        }
    }

    #[test]
    fn the_movement_says_where_each_east_west_pair_and_set_goes() {
        let first = long_movement_lines(
            ["A", "B", "C"],
            [7, 8, 9],
            ["9–16", "17–24", "57–64"],
            LongHalf::First,
            2,
        );
        assert!(
            first[0].starts_with("Three-way match over rounds 2 and 3"),
            "{first:?}"
        );
        assert!(
            first[1].contains("A's E-W to table 8 (boards 17–24)"),
            "{first:?}"
        );
        assert!(first[1].contains("C's E-W to table 7 (boards 9–16)"), "{first:?}");
        let second = long_movement_lines(
            ["A", "B", "C"],
            [7, 8, 9],
            ["9–16", "17–24", "57–64"],
            LongHalf::Second,
            3,
        );
        assert!(
            second[1].contains("A's E-W to table 9 (boards 9–16)"),
            "{second:?}"
        );
        assert!(
            second[1].contains("B's E-W to table 7 (boards 17–24)"),
            "{second:?}"
        );
        assert!(second[2].contains("A v C on boards 9–16"), "{second:?}");
    }
}
