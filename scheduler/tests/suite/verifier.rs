//! The verifier catches a corrupted round robin of every kind: one test per rule, each
//! starting from a valid schedule and breaking exactly one thing.

use scheduler::model::{Absence, Absent, Roster, Schedule, Seat, SeatAssignment, Table};
use scheduler::round_robin::{Method, RoundRobinOptions, round_robin};
use scheduler::verify::{Rule, verify};

fn valid(n: usize, double: bool) -> Schedule {
    let options = RoundRobinOptions {
        method: Method::Berger,
        double,
        avoid_spouses: false,
    };
    let (schedule, _) = round_robin(&Roster::numbered(n), options).unwrap();
    let report = verify(&schedule);
    assert!(
        report.is_valid(),
        "the starting point must be valid: {:#?}",
        report.violations
    );
    schedule
}

fn assert_breaks(schedule: &Schedule, rule: Rule, words: &str) {
    let report = verify(schedule);
    assert!(
        report.breaks(rule),
        "expected {rule:?}, got {:#?}",
        report.violations
    );
    assert!(
        report.violations.iter().any(|v| v.to_string().contains(words)),
        "no violation says \"{words}\": {:#?}",
        report.violations
    );
}

#[test]
fn someone_at_two_tables() {
    let mut s = valid(8, false);
    // Round 3: put table 1's home player also at table 4, replacing that table's home player.
    let round = &mut s.rounds[2];
    let who = round.tables[0].seats[0].entrant;
    round.tables[3].seats[0].entrant = who;
    let name = s.entrants[who].clone();
    assert_breaks(
        &s,
        Rule::DoubleBooked,
        &format!("round 3: {name} appears at tables 1 and 4"),
    );
    // …and whoever was displaced is now missing from the round.
    assert_breaks(&s, Rule::Missing, "neither at a table nor sitting out");
}

#[test]
fn someone_missing_from_a_round() {
    let mut s = valid(7, false);
    s.rounds[1].absent.clear();
    assert_breaks(&s, Rule::Missing, "round 2:");
}

#[test]
fn sitting_out_while_playing() {
    let mut s = valid(8, false);
    let who = s.rounds[0].tables[0].seats[1].entrant;
    s.rounds[0].absent.push(Absent {
        entrant: who,
        kind: Absence::Bye,
    });
    assert_breaks(&s, Rule::DoubleBooked, "at table 1 and sitting out");
}

#[test]
fn malformed_table() {
    let mut s = valid(6, false);
    s.rounds[0].tables[0].seats[1].seat = Seat::Home;
    assert_breaks(&s, Rule::Malformed, "table 1 has seats [home, home]");
}

#[test]
fn unknown_entrant() {
    let mut s = valid(6, false);
    s.rounds[0].tables[0].seats[0].entrant = 99;
    assert_breaks(&s, Rule::Malformed, "does not exist");
}

#[test]
fn duplicate_table_number() {
    let mut s = valid(6, false);
    s.rounds[0].tables[1].number = 1;
    assert_breaks(&s, Rule::Malformed, "table number 1 is used twice");
}

#[test]
fn pair_meets_twice_and_another_never() {
    let mut s = valid(6, false);
    // Copy round 1 over round 2: round 1's pairs meet twice, round 2's never.
    s.rounds[1].tables = s.rounds[0].tables.clone();
    assert_breaks(&s, Rule::MeetingCount, "meet 2 times (round(s) 1 and 2)");
    assert_breaks(&s, Rule::MeetingCount, "never meet");
}

#[test]
fn couple_meets() {
    let mut s = valid(6, false);
    let table = &s.rounds[2].tables[1];
    let (a, b) = (table.seats[0].entrant, table.seats[1].entrant);
    s.promise.keep_apart.push((a, b));
    let words = format!(
        "{} and {} must be kept apart but meet in round(s) 3",
        s.entrants[a.min(b)],
        s.entrants[a.max(b)]
    );
    assert_breaks(&s, Rule::KeepApart, &words);
}

#[test]
fn more_than_one_round_left_unplayed_with_a_pseudo_round() {
    let mut s = valid(6, false);
    s.promise.pseudo_round = true;
    // Drop two rounds: someone now never meets two opponents.
    s.rounds.truncate(s.rounds.len() - 2);
    assert_breaks(
        &s,
        Rule::MeetingCount,
        "only the one pseudo round's pairing may be left unplayed",
    );
}

#[test]
fn two_byes_in_a_round() {
    let mut s = valid(7, false);
    let table = s.rounds[0].tables.pop().unwrap();
    for seat in table.seats {
        s.rounds[0].absent.push(Absent {
            entrant: seat.entrant,
            kind: Absence::Bye,
        });
    }
    assert_breaks(&s, Rule::ByeBalance, "round 1: 3 entrants have a bye");
}

#[test]
fn uneven_byes() {
    let mut s = valid(5, false);
    // Give the same entrant the bye in rounds 1 and 2 by swapping who sits out in round 2.
    let first_bye = s.rounds[0].absent[0].entrant;
    let second_bye = s.rounds[1].absent[0].entrant;
    s.rounds[1].absent[0].entrant = first_bye;
    for seat in s.rounds[1].tables.iter_mut().flat_map(|t| t.seats.iter_mut()) {
        if seat.entrant == first_bye {
            seat.entrant = second_bye;
        }
    }
    assert_breaks(
        &s,
        Rule::ByeBalance,
        &format!("{} has 2 byes (rounds 1 and 2)", s.entrants[first_bye]),
    );
}

#[test]
fn colour_imbalance() {
    let mut s = valid(8, false);
    // Entrant 0 becomes home in every game.
    for table in s.rounds.iter_mut().flat_map(|r| r.tables.iter_mut()) {
        if table.entrant_at(Seat::Away) == Some(0) {
            for seat in &mut table.seats {
                seat.seat = if seat.entrant == 0 { Seat::Home } else { Seat::Away };
            }
        }
    }
    assert_breaks(&s, Rule::ColourBalance, "Player 1 has 7 more home/White games");
    assert_breaks(&s, Rule::ColourStreak, "home/White for the third time in a row");
}

#[test]
fn three_in_a_row() {
    let mut s = valid(8, false);
    // Find someone with home, away, home in rounds 1–3 (or the reverse) and flip round 2.
    let colour = |s: &Schedule, r: usize, e: usize| {
        s.rounds[r]
            .tables
            .iter()
            .find_map(|t| t.seats.iter().find(|x| x.entrant == e).map(|x| x.seat))
    };
    let who = (0..8)
        .find(|&e| colour(&s, 0, e) == colour(&s, 2, e) && colour(&s, 1, e) != colour(&s, 0, e))
        .expect("an alternating player");
    let table = s.rounds[1]
        .tables
        .iter_mut()
        .find(|t| t.seats.iter().any(|x| x.entrant == who))
        .unwrap();
    for seat in &mut table.seats {
        seat.seat = if seat.seat == Seat::Home {
            Seat::Away
        } else {
            Seat::Home
        };
    }
    assert_breaks(&s, Rule::ColourStreak, "round 3:");
}

#[test]
fn double_round_robin_with_the_same_colours_twice() {
    let mut s = valid(4, true);
    let cycle = s.rounds.len() / 2;
    // Make round 1 of the second cycle repeat round 1's colours instead of reversing them.
    let first = s.rounds[0].tables.clone();
    let twin = s.rounds[cycle..]
        .iter()
        .position(|r| {
            let pairs = |tables: &[Table]| {
                let mut p: Vec<(usize, usize)> = tables
                    .iter()
                    .map(|t| {
                        let (a, b) = (t.seats[0].entrant, t.seats[1].entrant);
                        (a.min(b), a.max(b))
                    })
                    .collect();
                p.sort();
                p
            };
            pairs(&r.tables) == pairs(&first)
        })
        .expect("the return round")
        + cycle;
    s.rounds[twin].tables = first
        .into_iter()
        .enumerate()
        .map(|(i, t)| Table {
            number: i as u32 + 1,
            seats: t.seats,
        })
        .collect();
    assert_breaks(&s, Rule::ColourRepeat, "the return game should swap colours");
}

#[test]
fn hand_made_schedule_is_accepted_when_correct() {
    // Three teams, written by hand with byes: a valid single round robin.
    let seat = |seat, entrant| SeatAssignment {
        seat,
        entrant,
        board: None,
    };
    let table = |h, a| Table {
        number: 1,
        seats: vec![seat(Seat::Home, h), seat(Seat::Away, a)],
    };
    let round = |number, t, bye| scheduler::model::Round {
        number,
        tables: vec![t],
        absent: vec![Absent {
            entrant: bye,
            kind: Absence::Bye,
        }],
    };
    let s = Schedule {
        format: scheduler::Format::RoundRobin,
        movement: None,
        entrant_teams: Vec::new(),
        entrants: vec!["Ayr".into(), "Bute".into(), "Cove".into()],
        rounds: vec![
            round(1, table(0, 1), 2),
            round(2, table(2, 0), 1),
            round(3, table(1, 2), 0),
        ],
        promise: scheduler::model::Promise {
            cycles: Some(1),
            ..Default::default()
        },
    };
    let report = verify(&s);
    assert!(report.is_valid(), "{:#?}", report.violations);
}
