//! Issue 45: a knockout match of bridge teams — two teams, several stanzas with the seats
//! exchanged, won on total IMPs with a carry-over; scored by hand here, kept in the event
//! file, and a tie said so with the boards of the tie-break stanza.

use super::common::scratch;
use scheduler::event::carry_over::{CarryOverRule, work_out_from_file};
use scheduler::event::create::{EventFormat, NewEvent, build_event};
use scheduler::event::knockout::{CarryOver, Knockout};
use scheduler::event::session::{Command, Session};
use scheduler::event::standings::standings;
use scheduler::event::teams::{TeamBoard, TeamsScoring, match_teams};
use scheduler::event::{ResultKey, ResultValue, Scoring};
use scheduler::model::{Player, Roster};
use scheduler::solver::Control;

fn two_teams() -> Roster {
    Roster {
        players: vec![Player::new(1, "Aces"), Player::new(2, "Barons")],
    }
}

/// A knockout of `stanzas` stanzas of two boards, with `carry_over` to a team, in a file.
fn knockout(name: &str, stanzas: u32, carry_over: Option<CarryOver>) -> Session {
    let mut spec = NewEvent::new("County KO", EventFormat::Teams, two_teams());
    spec.options.boards_per_round = 2;
    spec.options.knockout = Some(Knockout::new(stanzas, carry_over));
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    Session::create(&scratch("knockout", name), &event).unwrap()
}

/// Enters the home team's net score on `deal` of `stanza`.
fn net(session: &mut Session, stanza: u32, deal: u32, net: i32) {
    let key = ResultKey {
        round: stanza,
        table: 1,
        deal,
    };
    let value = ResultValue::Teams {
        board: TeamBoard::Net { net },
    };
    session.apply(Command::SetResult(key, value)).unwrap();
}

/// The standings' rows and note.
fn sheet(session: &Session) -> (Vec<Vec<String>>, String) {
    let tables = standings(session.event(), session.results());
    assert_eq!(tables.len(), 1);
    (tables[0].rows.clone(), tables[0].note.clone().unwrap_or_default())
}

#[test]
fn a_knockout_is_won_on_total_imps_with_its_carry_over() {
    let carry = CarryOver {
        team: 1,
        tenths: 35,
        from: None,
    };
    let mut session = knockout("won.tourney", 2, Some(carry));
    let event = session.event();
    assert!(matches!(
        event.settings.scoring,
        Scoring::Teams {
            scoring: TeamsScoring::Imps,
            knockout: Some(_),
            ..
        }
    ));
    // Stanza 1: Aces at home; stanza 2: Barons at home (seats exchanged).
    let homes: Vec<usize> = event
        .schedule
        .rounds
        .iter()
        .map(|r| r.tables[0].seats[0].entrant)
        .collect();
    assert_eq!(homes, [0, 1]);
    let (rows, note) = sheet(&session);
    assert!(
        note.contains("Barons starts with a carry-over of 3.5 IMPs"),
        "{note}"
    );
    assert_eq!(rows[0][1], "Barons");
    // Stanza 1 (Aces home): +620 is 12 IMPs to Aces, -50 is 2 to Barons.
    net(&mut session, 1, 1, 620);
    net(&mut session, 1, 2, -50);
    // Stanza 2 (Barons home): +110 is 3 IMPs to Barons; board 4 not yet in.
    net(&mut session, 2, 3, 110);
    let (rows, note) = sheet(&session);
    // Aces 12; Barons 3.5 + 2 + 3 = 8.5.
    assert_eq!(
        rows,
        [
            ["1", "Aces", "0", "12", "0 (1 of 2 boards)", "12"],
            ["2", "Barons", "3.5", "2", "3 (1 of 2 boards)", "8.5"],
        ]
    );
    assert!(
        note.contains("After 3 of 4 boards, Aces leads by 3.5 IMPs."),
        "{note}"
    );
    // Board 4: Barons (home) +200 against -100 at the other table: net 300, 7 IMPs.
    let key = ResultKey {
        round: 2,
        table: 1,
        deal: 4,
    };
    let value = ResultValue::Teams {
        board: TeamBoard::Tables {
            table1_ns: 200,
            table2_ns: -100,
        },
    };
    session.apply(Command::SetResult(key, value)).unwrap();
    // The file keeps the knockout: read it back.
    let path = session.path().to_path_buf();
    drop(session);
    let session = Session::open(&path).unwrap();
    let (rows, note) = sheet(&session);
    assert_eq!(
        rows,
        [
            ["1", "Barons", "3.5", "2", "10", "15.5"],
            ["2", "Aces", "0", "12", "0", "12"],
        ]
    );
    assert!(note.contains("Barons wins by 3.5 IMPs (15.5–12)."), "{note}");
}

#[test]
fn a_tie_says_how_many_boards_the_tie_break_plays() {
    let mut session = knockout("tied.tourney", 2, None);
    net(&mut session, 1, 1, 450);
    net(&mut session, 1, 2, 0);
    // Stanza 2, Barons at home: the same swing back.
    net(&mut session, 2, 3, 450);
    net(&mut session, 2, 4, 0);
    let (rows, note) = sheet(&session);
    assert_eq!(rows[0][0], "1=");
    assert_eq!(rows[1][0], "1=");
    assert_eq!(rows[0][5], "10");
    // 4 boards: an eighth rounded up is 1, so the least, 2.
    assert!(note.contains("Tied at 10 IMPs after all 4 boards"), "{note}");
    assert!(note.contains("one more stanza of 2 boards"), "{note}");
    // A knockout's stanzas are all made at once: nothing to pair.
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: scheduler::swiss::OddCount::Bye,
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("knockout match"), "{refused}");

    // The director adds the tie-break: round 3, boards 5 and 6, Aces at home again.
    let added = session.apply(Command::AddTieBreak).unwrap();
    assert!(added.message.contains("boards (5–6)"), "{}", added.message);
    let event = session.event();
    assert_eq!(event.schedule.rounds.len(), 3);
    assert_eq!(event.deals_of_round(3), 5..=6);
    assert_eq!(event.schedule.rounds[2].tables[0].seats[0].entrant, 0);
    // Not again until the tie-break is played and still level.
    let refused = session.apply(Command::AddTieBreak).unwrap_err().to_string();
    assert!(
        refused.contains("every board is entered and the teams are level"),
        "{refused}"
    );
    net(&mut session, 3, 5, 100);
    net(&mut session, 3, 6, -50);
    // Kept in the file: read back, Aces have won the tie-break 3–2.
    let path = session.path();
    drop(session);
    let mut session = Session::open(&path).unwrap();
    let tables = standings(session.event(), session.results());
    assert_eq!(tables[0].columns[5], "Tie-break 1");
    let (rows, note) = sheet(&session);
    assert_eq!(rows[0], ["1", "Aces", "0", "10", "0", "3", "13"]);
    assert!(
        note.contains("Aces wins by 1 IMPs (13–12) after a tie-break stanza."),
        "{note}"
    );
    let refused = session.apply(Command::AddTieBreak).unwrap_err().to_string();
    assert!(refused.contains("are level"), "{refused}");
    // Undo takes the stanza's results and then the stanza itself back.
    for _ in 0..3 {
        session.undo().unwrap();
    }
    assert_eq!(session.event().schedule.rounds.len(), 2);
}

#[test]
fn a_knockout_needs_two_teams_and_imps() {
    let mut spec = NewEvent::new("KO", EventFormat::Teams, Roster::numbered(3));
    spec.options.knockout = Some(Knockout::new(2, None));
    let refused = build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    assert!(
        refused.contains("3 team(s): a knockout match is between two teams"),
        "{refused}"
    );
    let mut spec = NewEvent::new("KO", EventFormat::Teams, two_teams());
    spec.options.knockout = Some(Knockout::new(2, None));
    spec.options.swiss = true;
    spec.options.rounds = Some(2);
    let refused = build_event(&spec, &Control::unlimited()).unwrap_err().to_string();
    assert!(refused.contains("not a Swiss"), "{refused}");
}

/// A round robin of four teams' (the league's) file, two boards a match, scored as IMPs.
fn league_file(name: &str, double: bool) -> Session {
    let names = ["Aces", "Barons", "Clubs", "Diamonds"];
    let roster = Roster {
        players: (1..).zip(names).map(|(n, name)| Player::new(n, name)).collect(),
    };
    let mut spec = NewEvent::new("League", EventFormat::Teams, roster);
    spec.options.boards_per_round = 2;
    spec.options.teams_scoring = TeamsScoring::Imps;
    spec.options.double = double;
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    Session::create(&scratch("knockout", name), &event).unwrap()
}

/// The round and home team of the match of teams `a` and `b` (entrant indices).
fn meeting(session: &Session, a: usize, b: usize) -> (u32, usize) {
    let event = session.event();
    event
        .schedule
        .rounds
        .iter()
        .find_map(|round| {
            round.tables.iter().find_map(|table| match match_teams(table) {
                Some((home, away)) if (home, away) == (a, b) || (home, away) == (b, a) => {
                    Some((round.number, home))
                }
                _ => None,
            })
        })
        .expect("the teams meet")
}

/// Enters `first`'s net score on each board of its match with `second`, turned round when
/// `second` is the home team.
fn enter_match(session: &mut Session, first: usize, second: usize, nets: &[i32]) -> u32 {
    let (round, home) = meeting(session, first, second);
    let table = session
        .event()
        .schedule
        .round(round)
        .unwrap()
        .tables
        .iter()
        .find(|t| match_teams(t).is_some_and(|(h, _)| h == home))
        .unwrap()
        .number;
    let deals: Vec<u32> = session.event().deals_of_round(round).collect();
    for (&deal, &net) in deals.iter().zip(nets) {
        let key = ResultKey { round, table, deal };
        let net = if home == first { net } else { -net };
        let value = ResultValue::Teams {
            board: TeamBoard::Net { net },
        };
        session.apply(Command::SetResult(key, value)).unwrap();
    }
    round
}

/// Issue 45: the carry-over worked out from the teams' match in the league, by the Bermuda
/// Bowl's rule (1/2 of the margin to the higher-placed team when it won, 1/3 to the other
/// team when it lost, at most 16), through the event file; then kept with the knockout and
/// said on its score sheet.
#[test]
fn a_carry_over_is_worked_out_from_the_teams_league_match() {
    let mut league = league_file("league.tourney", false);
    let path = league.path().to_path_buf();
    // The knockout names its teams in its own order and case: Barons first.
    let ko_teams = ["barons".to_owned(), "ACES".to_owned()];
    let rule = CarryOverRule::parse("1/2,1/3,16").unwrap();
    // Aces v Barons: +620 is 12 IMPs to Aces, -50 is 2 IMPs to Barons: Aces win 12–2, by 10.
    let round = enter_match(&mut league, 0, 1, &[620, -50]);
    // Only that match is in: Aces +10 IMPs, Barons -10, so Aces placed higher and won:
    // 10 × 1/2 = 5 IMPs to Aces (the knockout's second team), a whole number, said so.
    let worked = work_out_from_file(&path, &ko_teams, &rule, None).unwrap();
    assert_eq!(worked.carry_over, Some((1, 50)));
    assert!(
        worked.explanation.contains(&format!(
            "ACES beat barons by 10 IMPs in round {round} of League (league.tourney); ACES placed higher, so ACES carry over 10 × 1/2 = 5 IMPs."
        )),
        "{}",
        worked.explanation
    );
    assert!(
        worked.explanation.contains("can still end level"),
        "{}",
        worked.explanation
    );
    assert!(worked.explanation.contains("not final"), "{}", worked.explanation);

    // Barons beat Clubs +1430 twice (16 IMPs a board): Barons -10 + 32 = +22, above Aces'
    // +10. Barons placed higher but lost to Aces by 10: Aces carry 10 × 1/3 = 3.33…, 3.3.
    enter_match(&mut league, 1, 2, &[1430, 1430]);
    let worked = work_out_from_file(&path, &ko_teams, &rule, None).unwrap();
    assert_eq!(worked.carry_over, Some((1, 33)));
    assert!(
        worked
            .explanation
            .contains("barons placed higher, so ACES carry over 10 × 1/3 = 3.3 IMPs (to the nearest tenth)."),
        "{}",
        worked.explanation
    );
    assert!(
        !worked.explanation.contains("whole number"),
        "{}",
        worked.explanation
    );
    // Another rule, a third either way and at most 2.5 IMPs: capped.
    let capped =
        work_out_from_file(&path, &ko_teams, &CarryOverRule::parse("1/3,2.5").unwrap(), None).unwrap();
    assert_eq!(capped.carry_over, Some((1, 25)));

    // The knockout keeps where its carry-over came from; the score sheet says so, read back.
    let carry = worked.knockout_carry_over().unwrap();
    assert_eq!((carry.team, carry.tenths), (1, 33));
    assert_eq!(carry.from, worked.origin);
    let mut spec = NewEvent::new(
        "County KO",
        EventFormat::Teams,
        Roster {
            players: vec![Player::new(1, "Barons"), Player::new(2, "Aces")],
        },
    );
    spec.options.boards_per_round = 2;
    spec.options.knockout = Some(Knockout::new(2, Some(carry)));
    let (event, _) = build_event(&spec, &Control::unlimited()).unwrap();
    let ko_path = scratch("knockout", "from-league.tourney");
    drop(Session::create(&ko_path, &event).unwrap());
    let session = Session::open(&ko_path).unwrap();
    let (rows, note) = sheet(&session);
    assert_eq!(rows[0][1..3], ["Aces", "3.3"]);
    assert!(
        note.contains(&format!(
            "Carry-over: Aces beat Barons by 10 IMPs in round {round} of League (league.tourney); Barons placed higher, so Aces carry over 10 × 1/3 = 3.3 IMPs"
        )),
        "{note}"
    );

    // Refused, each with a sentence naming the file: a team not in the league, a match not
    // complete, a file that is a knockout, teams that met twice.
    let hearts = ["Aces".to_owned(), "Hearts".to_owned()];
    let said = work_out_from_file(&path, &hearts, &rule, None).unwrap_err();
    assert!(said.contains("Hearts is not a team in league.tourney"), "{said}");
    let (round, home) = meeting(&league, 0, 2);
    let table = league
        .event()
        .schedule
        .round(round)
        .unwrap()
        .tables
        .iter()
        .find(|t| match_teams(t).is_some_and(|(h, _)| h == home))
        .unwrap()
        .number;
    let deal = league.event().deals_of_round(round).next().unwrap();
    let key = ResultKey { round, table, deal };
    let value = ResultValue::Teams {
        board: TeamBoard::Net { net: 100 },
    };
    league.apply(Command::SetResult(key, value)).unwrap();
    let clubs = ["Aces".to_owned(), "clubs".to_owned()];
    let said = work_out_from_file(&path, &clubs, &rule, None).unwrap_err();
    assert!(
        said.contains(&format!(
            "round {round} of league.tourney has 1 of 2 boards entered"
        )),
        "{said}"
    );
    let said = work_out_from_file(&ko_path, &ko_teams, &rule, None).unwrap_err();
    assert!(said.contains("from-league.tourney is a knockout match"), "{said}");
    let mut twice = league_file("double-league.tourney", true);
    let said = work_out_from_file(&twice.path(), &ko_teams, &rule, None).unwrap_err();
    assert!(said.contains("met 2 times in double-league.tourney"), "{said}");
    assert!(said.contains("name its round (--carry-over-round"), "{said}");

    // A double round robin: the conditions count the second match, named by its round.
    // Aces and Barons meet twice; only the second match is entered: +620 (12 IMPs) and 0 to
    // Aces, who so lead the league and won: 12 × 1/2 = 6 IMPs to Aces (the knockout's second
    // team).
    let meetings: Vec<(u32, u32, usize)> = twice
        .event()
        .schedule
        .rounds
        .iter()
        .flat_map(|round| {
            round
                .tables
                .iter()
                .filter_map(move |table| match match_teams(table) {
                    Some((home, away)) if [home, away] == [0, 1] || [home, away] == [1, 0] => {
                        Some((round.number, table.number, home))
                    }
                    _ => None,
                })
        })
        .collect();
    let [(first, _, _), (second, table, home)] = meetings[..] else {
        panic!("a double round robin meets twice: {meetings:?}");
    };
    let deals: Vec<u32> = twice.event().deals_of_round(second).collect();
    for (deal, net) in deals.into_iter().zip([620, 0]) {
        let net = if home == 0 { net } else { -net };
        let key = ResultKey {
            round: second,
            table,
            deal,
        };
        let board = TeamBoard::Net { net };
        twice
            .apply(Command::SetResult(key, ResultValue::Teams { board }))
            .unwrap();
    }
    let worked = work_out_from_file(&twice.path(), &ko_teams, &rule, Some(second)).unwrap();
    assert_eq!(worked.carry_over, Some((1, 60)));
    assert!(
        worked.explanation.starts_with(&format!(
            "ACES beat barons by 12 IMPs in round {second} of League (double-league.tourney); ACES placed higher, so ACES carry over 12 × 1/2 = 6 IMPs."
        )),
        "{}",
        worked.explanation
    );
    let said = work_out_from_file(&twice.path(), &ko_teams, &rule, Some(first)).unwrap_err();
    assert!(
        said.contains(&format!(
            "in round {first} of double-league.tourney has 0 of 2 boards entered"
        )),
        "{said}"
    );
    let said = work_out_from_file(&twice.path(), &ko_teams, &rule, Some(99)).unwrap_err();
    assert!(
        said.contains(&format!(
            "did not meet in round 99 of double-league.tourney (they met in rounds {first}, {second})"
        )),
        "{said}"
    );
}
