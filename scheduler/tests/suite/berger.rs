//! FIDE Berger tables (FIDE Handbook C.05, Annex 1). The published rounds for 4, 6, 8, 10
//! and 12 players are typed in below from the Handbook's tables; every size from 3 to 16 is
//! then generated through the public `round_robin` entry point and held to the same rules.

use scheduler::model::{Roster, Schedule, Seat};
use scheduler::round_robin::{Method, RoundRobinOptions, berger_table, round_robin};
use scheduler::verify::verify;

/// Published rounds as "white-black" pairs, in the Handbook's table order.
const PUBLISHED: &[(usize, &str)] = &[
    (4, "1-4 2-3 | 4-3 1-2 | 2-4 3-1"),
    (
        6,
        "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1",
    ),
    (
        8,
        "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | \
         3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
    ),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | \
         10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | \
         4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1",
    ),
    (
        12,
        "1-12 2-11 3-10 4-9 5-8 6-7 | 12-7 8-6 9-5 10-4 11-3 1-2 | 2-12 3-1 4-11 5-10 6-9 7-8 | \
         12-8 9-7 10-6 11-5 1-4 2-3 | 3-12 4-2 5-1 6-11 7-10 8-9 | 12-9 10-8 11-7 1-6 2-5 3-4 | \
         4-12 5-3 6-2 7-1 8-11 9-10 | 12-10 11-9 1-8 2-7 3-6 4-5 | 5-12 6-4 7-3 8-2 9-1 10-11 | \
         12-11 1-10 2-9 3-8 4-7 5-6 | 6-12 7-5 8-4 9-3 10-2 11-1",
    ),
];

fn parse_published(text: &str) -> Vec<Vec<(usize, usize)>> {
    text.split('|')
        .map(|round| {
            round
                .split_whitespace()
                .map(|game| {
                    let (w, b) = game.split_once('-').expect("white-black");
                    (w.parse().expect("number"), b.parse().expect("number"))
                })
                .collect()
        })
        .collect()
}

#[test]
fn generated_tables_match_the_published_ones() {
    for &(m, text) in PUBLISHED {
        assert_eq!(
            berger_table(m),
            parse_published(text),
            "Berger table for {m} players"
        );
    }
}

/// The schedule's games as (white number, black number), 1-based, round by round, with the
/// bye counted as a game against the highest number (m) the way FIDE's tables print it.
fn games_by_number(schedule: &Schedule, m: usize) -> Vec<Vec<(usize, usize)>> {
    schedule
        .rounds
        .iter()
        .map(|round| {
            let mut games: Vec<(usize, usize)> = round
                .tables
                .iter()
                .map(|t| {
                    (
                        t.entrant_at(Seat::Home).unwrap() + 1,
                        t.entrant_at(Seat::Away).unwrap() + 1,
                    )
                })
                .collect();
            for absent in &round.absent {
                games.push((absent.entrant + 1, m));
            }
            games.sort();
            games
        })
        .collect()
}

#[test]
fn every_size_from_3_to_16_follows_fide() {
    for n in 3..=16 {
        let m = n + n % 2;
        let options = RoundRobinOptions {
            method: Method::Berger,
            ..Default::default()
        };
        let (schedule, _) = round_robin(&Roster::numbered(n), options).unwrap();
        assert_eq!(schedule.rounds.len(), m - 1, "{n} players play {} rounds", m - 1);
        let report = verify(&schedule);
        assert!(report.is_valid(), "{n} players: {:#?}", report.violations);

        let table = berger_table(m);
        let got = games_by_number(&schedule, m);
        for (r, published_round) in table.iter().enumerate() {
            let mut expected: Vec<(usize, usize)> = published_round
                .iter()
                .map(|&(w, b)| if n % 2 == 1 && w == m { (b, m) } else { (w, b) })
                .collect();
            expected.sort();
            assert_eq!(got[r], expected, "{n} players, round {}", r + 1);
            // FIDE: round 1 pairs k with m+1−k; the highest number alternates colours,
            // Black in odd rounds.
            if r == 0 {
                let first: Vec<(usize, usize)> = (1..=m / 2).map(|k| (k, m + 1 - k)).collect();
                assert_eq!(published_round, &first);
            }
            let top = published_round
                .iter()
                .find(|g| g.0 == m || g.1 == m)
                .expect("m plays every round");
            assert_eq!(
                top.1 == m,
                r % 2 == 0,
                "{m} is Black in odd rounds, White in even ones"
            );
        }
        // The odd player out has the bye against the highest number.
        if n % 2 == 1 {
            for round in &schedule.rounds {
                assert_eq!(round.absent.len(), 1);
            }
        }
    }
}

#[test]
fn double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle() {
    for n in 3..=16 {
        let options = RoundRobinOptions {
            method: Method::Berger,
            double: true,
            ..Default::default()
        };
        let (schedule, _) = round_robin(&Roster::numbered(n), options).unwrap();
        let m = n + n % 2;
        let single = berger_table(m);
        let rounds = games_by_number(&schedule, m);
        assert_eq!(rounds.len(), 2 * (m - 1));
        let sorted = |round: &Vec<(usize, usize)>| {
            let mut r: Vec<(usize, usize)> = round
                .iter()
                .map(|&(w, b)| if n % 2 == 1 && w == m { (b, m) } else { (w, b) })
                .collect();
            r.sort();
            r
        };
        if m > 2 {
            assert_eq!(
                rounds[m - 3],
                sorted(&single[m - 2]),
                "{n}: first cycle ends with the swap"
            );
            assert_eq!(rounds[m - 2], sorted(&single[m - 3]));
        }
        let report = verify(&schedule);
        assert!(report.is_valid(), "{n} players double: {:#?}", report.violations);
    }
}
