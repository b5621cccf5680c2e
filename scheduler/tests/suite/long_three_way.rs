//! A Swiss teams event's three-way match over two rounds (the "long threesome"). Seven teams,
//! four rounds of 4 boards; round 2 paired with the long three-way asked for: the bottom three
//! that have not met play one another in full matches over rounds 2 and 3 (round 2's boards,
//! round 3's and a supplementary set), entered with round 3 through the one write path and
//! scored with full VPs; the standings after round 2 show their matches in progress, those
//! after round 3 count them. Round 3 pairs the other four only; round 4, the last, falls back
//! to a three-way in the round, said so. The verifiers catch a broken one.

use super::common::scratch;
use super::teams_event::{enter_head_on, enter_round, swiss};
use super::three_way::vps;
use scheduler::event::Event;
use scheduler::event::long_three_way::{LongHalf, long_half, long_sets, long_three_teams, long_three_ways};
use scheduler::event::session::{Command, Session};
use scheduler::event::teams::{TeamBoard, match_teams, plans_at};
use scheduler::event::{ResultKey, ResultValue};
use scheduler::model::Seat;
use scheduler::swiss::OddCount;
use std::collections::BTreeMap;

/// The boards of the long three-way's three matches, from the view of each match's home team
/// (the team whose N-S pair plays the set first), as nets. Scored by hand, 4-board matches on
/// the WBF 2013 scale (blitz 30 IMPs; 5 IMPs 12.80, 7 IMPs 13.74, 10 IMPs 15.00, 11 IMPs
/// 15.38 — the scale's formula 10 + 10·(1 − τ^(3M/30))/(1 − τ³), τ = (√5 − 1)/2, rounded):
///
/// - Set 1, A v C (round 2's boards): +620 (12 IMPs), −50 (−2), 0 (0), 0 (0): A by 10 IMPs,
///   A 15.00, C 5.00.
/// - Set 2, B v A (round 3's boards): +100 (3), +100 (3), −20 (−1), +50 (2): B by 7 IMPs,
///   B 13.74, A 6.26.
/// - Set 3, C v B (the supplementary boards): −1430 (−16), +200 (5), 0, 0: B by 11 IMPs,
///   C 4.62, B 15.38.
///
/// So A 15.00 + 6.26 = 21.26, B 13.74 + 15.38 = 29.12, C 5.00 + 4.62 = 9.62 over the two
/// rounds, and 40 VPs at stake in each round as in two head-on matches' worth.
const NETS: [[i32; 4]; 3] = [[620, -50, 0, 0], [100, 100, -20, 50], [-1430, 200, 0, 0]];

/// Each of A, B and C's VPs (hundredths) from the long three-way, worked out above.
const LONG_VPS: [i64; 3] = [2126, 2912, 962];

/// Every head-on match's VPs in `rounds`, worked out from the boards (`vps`), by team.
fn head_on_points(event: &Event, rounds: &[u32]) -> BTreeMap<usize, i64> {
    let mut points = BTreeMap::new();
    for &round in rounds {
        for table in &event.schedule.round(round).unwrap().tables {
            if let Some((h, a)) = match_teams(table) {
                let deals: Vec<u32> = event.deals_of_round(round).collect();
                let [ph, pa] = vps(h, a, &deals);
                *points.entry(h).or_default() += ph;
                *points.entry(a).or_default() += pa;
            }
        }
    }
    points
}

/// The standings rows by team index: (points as printed, played, byes).
fn standings_by_team(session: &Session) -> BTreeMap<usize, (String, u32, u32)> {
    session.standings()[0]
        .rows
        .iter()
        .map(|row| {
            let team = row[1].trim_start_matches("Player ").parse::<usize>().unwrap() - 1;
            (
                team,
                (row[2].clone(), row[3].parse().unwrap(), row[4].parse().unwrap()),
            )
        })
        .collect()
}

fn text(points: i64) -> String {
    format!("{}.{:02}", points / 100, points % 100)
}

/// A 7-team Swiss over 4 rounds (file `name`), round 1 entered and round 2 paired with a
/// three-way match over rounds 2 and 3.
fn seven_with_long_round_2(name: &str) -> Session {
    let path = scratch("teams", name);
    let mut session = Session::create(&path, &swiss(7, 4)).unwrap();
    enter_round(&mut session, 1);
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: OddCount::LongThreeWay,
        })
        .unwrap();
    session
}

#[test]
fn seven_teams_play_a_three_way_match_over_rounds_two_and_three() {
    let path = scratch("teams", "long_three_way7.tourney");
    let mut session = Session::create(&path, &swiss(7, 4)).unwrap();
    enter_round(&mut session, 1);
    let after1 = standings_by_team(&session);
    let applied = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: OddCount::LongThreeWay,
        })
        .unwrap();
    assert!(
        applied
            .message
            .contains("play the three-way match over two rounds"),
        "{}",
        applied.message
    );
    let event = session.event().clone();
    let round2 = event.schedule.round(2).unwrap().clone();
    assert!(round2.absent.is_empty(), "no bye: {:?}", round2.absent);
    assert_eq!(round2.tables.len(), 3);
    let teams = long_three_teams(&round2.tables[2]).expect("the last match is the long three-way");
    let seats: Vec<Seat> = round2.tables[2].seats.iter().map(|s| s.seat).collect();
    assert_eq!(seats, [Seat::Home, Seat::Away, Seat::LongThird]);
    assert_eq!(
        long_half(&event.schedule, 2, 3).map(|(_, h)| h),
        Some(LongHalf::First)
    );
    // The sets: round 2's boards 5–8, round 3's 9–12, and the supplementary 29–32 (after the
    // 4 × 4 boards of the event and the 4 × 2 kept for one-round three-ways).
    let sets = long_sets(&event, 2).unwrap();
    assert_eq!(
        sets,
        [vec![5, 6, 7, 8], vec![9, 10, 11, 12], vec![29, 30, 31, 32]]
    );
    assert_eq!(event.boards_played(), 32);
    // Round 2's long three-way takes no results: its boards are entered with round 3.
    assert!(plans_at(&event, 2, &round2.tables[2]).is_empty());
    let refused = session
        .apply(Command::SetResult(
            ResultKey {
                round: 2,
                table: 3,
                deal: 5,
            },
            ResultValue::Teams {
                board: TeamBoard::Net { net: 620 },
            },
        ))
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("the first of a three-way match's two rounds: enter its boards with round 3"),
        "{refused}"
    );
    enter_head_on(&mut session, 2);

    // After round 2: the three's matches are in progress — their points and matches played
    // as after round 1 — and the standings say so; everyone else has played one more.
    let after2 = standings_by_team(&session);
    for team in 0..7 {
        let (before, now) = (&after1[&team], &after2[&team]);
        if teams.contains(&team) {
            assert_eq!(before, now, "team {team} in the long three-way");
        } else {
            assert_eq!(now.1 + now.2, before.1 + before.2 + 1, "team {team}");
        }
    }
    let note = session.standings()[0].note.clone().unwrap();
    assert!(
        note.contains("are playing a three-way match over rounds 2 and 3: its three matches are in progress"),
        "{note}"
    );

    // Round 3: the three go on at their tables, the other four are paired without them.
    let applied = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: OddCount::Bye,
        })
        .unwrap();
    assert!(
        applied
            .message
            .contains("play the second round of their three-way match over rounds 2 and 3"),
        "{}",
        applied.message
    );
    let event = session.event().clone();
    let round3 = event.schedule.round(3).unwrap().clone();
    assert_eq!(round3.tables.len(), 3);
    assert!(round3.absent.is_empty());
    assert_eq!(long_three_teams(&round3.tables[2]), Some(teams));
    for table in &round3.tables[..2] {
        let (h, a) = match_teams(table).unwrap();
        assert!(!teams.contains(&h) && !teams.contains(&a), "{table:?}");
    }
    let longs = long_three_ways(&event.schedule);
    assert_eq!(longs.len(), 1);
    assert_eq!(longs[0].second_match, Some(3));
    let plans = plans_at(&event, 3, &round3.tables[2]);
    let [a, b, c] = teams;
    let matches: Vec<(usize, usize, Vec<u32>)> =
        plans.iter().map(|p| (p.home, p.away, p.deals.clone())).collect();
    assert_eq!(
        matches,
        [
            (a, c, sets[0].clone()),
            (b, a, sets[1].clone()),
            (c, b, sets[2].clone())
        ]
    );
    for (plan, nets) in plans.iter().zip(NETS) {
        for (&deal, net) in plan.deals.iter().zip(nets) {
            let key = ResultKey {
                round: 3,
                table: 3,
                deal,
            };
            let value = ResultValue::Teams {
                board: TeamBoard::Net { net },
            };
            session.apply(Command::SetResult(key, value)).unwrap();
        }
    }
    // Until round 3's head-on matches are in too, the three-way alone is complete.
    let cards = scheduler::event::teams::match_cards_at(session.event(), session.results(), 3, 3);
    let scored: Vec<_> = cards.iter().map(|c| c.score.unwrap().1).collect();
    assert_eq!(scored, [[1500, 500], [1374, 626], [462, 1538]]);
    assert!(cards.iter().all(|c| {
        !c.summary(scheduler::event::teams::TeamsScoring::Wbf2013)
            .contains("half")
    }));
    enter_head_on(&mut session, 3);

    // After round 3: the three's two full matches each count, with full VPs.
    let event = session.event().clone();
    let mut expected = head_on_points(&event, &[1, 2, 3]);
    if event
        .schedule
        .round(1)
        .unwrap()
        .absent
        .iter()
        .any(|x| x.entrant == 6)
    {
        *expected.entry(6).or_default() += 1200; // round 1's bye
    }
    for (team, points) in teams.iter().zip(LONG_VPS) {
        *expected.entry(*team).or_default() += points;
    }
    let after3 = standings_by_team(&session);
    for team in 0..7 {
        let (points, played, byes) = &after3[&team];
        assert_eq!(*points, text(expected[&team]), "team {team}");
        assert_eq!(
            played + byes,
            3,
            "team {team}: three rounds, each a match or the bye"
        );
    }
    let note = session.standings()[0].note.clone().unwrap();
    assert!(!note.contains("in progress"), "{note}");
    // The running ranking: round 2's cell says in progress, round 3's has both matches.
    let ranking = scheduler::event::teams_ranking::running_ranking(&event, session.results()).unwrap();
    let (r2, r3) = (
        ranking.columns.iter().position(|c| c == "R2").unwrap(),
        ranking.columns.iter().position(|c| c == "R3").unwrap(),
    );
    for (k, &team) in teams.iter().enumerate() {
        let row = ranking
            .rows
            .iter()
            .find(|r| r[1] == (team + 1).to_string())
            .unwrap();
        assert_eq!(row[r2], "in progress (R3)", "{row:?}");
        assert!(row[r3].starts_with(&text(LONG_VPS[k])), "{row:?}");
    }

    // Round 4 is the last: a long three-way cannot begin, so the three-way is played in the
    // round, said so, and avoids every meeting so far.
    let applied = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: OddCount::LongThreeWay,
        })
        .unwrap();
    assert!(
        applied
            .message
            .contains("No three-way match over two rounds: round 4 is the Swiss's last of 4"),
        "{}",
        applied.message
    );
    let round4 = session.event().schedule.round(4).unwrap().clone();
    assert!(scheduler::event::three_way::three_teams(&round4.tables[2]).is_some());
    assert!(scheduler::verify::verify(&session.event().schedule).is_valid());
}

/// An event made with long three-way matches: round 1 seats the last three seeds over rounds
/// 1 and 2, and round 2 then goes on with them.
#[test]
fn an_event_made_with_long_three_ways_begins_one_in_round_one() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::model::Roster;
    use scheduler::solver::Control;
    let mut spec = NewEvent::new("Swiss teams", EventFormat::Teams, Roster::numbered(5));
    spec.options.swiss = true;
    spec.options.rounds = Some(3);
    spec.options.boards_per_round = 6;
    spec.options.three_way = true;
    spec.options.long_three_way = true;
    let event = build_event(&spec, &Control::unlimited()).unwrap().0;
    let round1 = event.schedule.round(1).unwrap();
    assert_eq!(long_three_teams(&round1.tables[1]), Some([2, 3, 4]));
    assert_eq!(
        long_sets(&event, 1).unwrap(),
        [
            vec![1, 2, 3, 4, 5, 6],
            vec![7, 8, 9, 10, 11, 12],
            // After 3 × 6 boards and 3 × 3 kept for one-round three-ways.
            vec![28, 29, 30, 31, 32, 33]
        ]
    );
    let path = scratch("teams", "long_three_way5.tourney");
    let mut session = Session::create(&path, &event).unwrap();
    enter_head_on(&mut session, 1);
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: OddCount::LongThreeWay,
        })
        .unwrap();
    let round2 = session.event().schedule.round(2).unwrap().clone();
    assert_eq!(round2.tables.len(), 2);
    assert_eq!(long_three_teams(&round2.tables[1]), Some([2, 3, 4]));
    assert!(match_teams(&round2.tables[0]).is_some());
    // Its second round's seats are not changed by hand.
    let refused = session
        .apply(Command::SwapTeams {
            round: 2,
            first: 0,
            second: 3,
        })
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("Player 4 plays the second round of its three-way match over rounds 1 and 2"),
        "{refused}"
    );
    // A team of the three cannot withdraw in the middle of it.
    let path = scratch("teams", "long_three_way5b.tourney");
    let mut session = Session::create(&path, &event).unwrap();
    enter_head_on(&mut session, 1);
    let refused = session
        .apply(Command::PairNextRound {
            leaving: vec![3],
            odd: OddCount::Bye,
        })
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("cannot leave before round 2 is played"),
        "{refused}"
    );
}

/// The verifiers catch a broken long three-way: a team of the three also paired elsewhere in
/// its second round, and one not continued at all.
#[test]
fn the_verifiers_catch_a_team_of_the_three_paired_elsewhere_and_a_three_way_left_unfinished() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::event::long_three_way::verify_long;
    use scheduler::model::{Roster, Round, SeatAssignment, Table};
    use scheduler::solver::Control;
    let mut spec = NewEvent::new("Swiss teams", EventFormat::Teams, Roster::numbered(5));
    spec.options.swiss = true;
    spec.options.rounds = Some(3);
    spec.options.boards_per_round = 4;
    spec.options.three_way = true;
    spec.options.long_three_way = true;
    let mut event = build_event(&spec, &Control::unlimited()).unwrap().0;
    let seat = |seat, entrant| SeatAssignment {
        seat,
        entrant,
        board: None,
    };
    let long_table = |number| Table {
        number,
        seats: vec![seat(Seat::Home, 2), seat(Seat::Away, 3), seat(Seat::LongThird, 4)],
    };
    // Round 2: team 4 (entrant 3) also plays team 1 at match 1.
    event.schedule.rounds.push(Round {
        number: 2,
        tables: vec![
            Table {
                number: 1,
                seats: vec![seat(Seat::Home, 0), seat(Seat::Away, 3)],
            },
            long_table(2),
        ],
        absent: Vec::new(),
    });
    let long = long_three_ways(&event.schedule)[0];
    assert_eq!(long.second_match, Some(2));
    let problems = verify_long(&event, &long, &[], true);
    assert!(
        problems.contains(&"team 4 is also paired elsewhere in the second round".to_owned()),
        "{problems:?}"
    );
    let report = scheduler::verify::verify(&event.schedule);
    assert!(
        !report.is_valid(),
        "the schedule's verifier sees a team seated twice too"
    );

    // Round 2 with the three paired elsewhere: the long three-way is not continued.
    event.schedule.rounds[1] = Round {
        number: 2,
        tables: vec![
            Table {
                number: 1,
                seats: vec![seat(Seat::Home, 0), seat(Seat::Away, 2)],
            },
            Table {
                number: 2,
                seats: vec![seat(Seat::Home, 1), seat(Seat::Away, 3)],
            },
        ],
        absent: vec![scheduler::model::Absent {
            entrant: 4,
            kind: scheduler::model::Absence::Bye,
        }],
    };
    let report = scheduler::verify::verify(&event.schedule);
    let said: Vec<String> = report.violations.iter().map(|v| v.message.clone()).collect();
    assert!(
        said.iter()
            .any(|m| m.contains("three-way match over two rounds of")
                && m.contains("is not continued in round 2")),
        "{said:?}"
    );
}

/// The round sheet and the match score cards of a long three-way's two rounds: each round's
/// lines say where the E-W pairs and the boards go, round 2's rows say its matches are in
/// progress, and each round has the three matches' cards with both rounds' tables.
#[test]
fn the_round_sheet_and_match_cards_say_where_each_set_and_pair_goes_in_both_rounds() {
    use scheduler::sheets::teams::{TeamsSheets, match_cards, round_sheet};
    use scheduler::sheets::{SectionBody, SheetOptions};
    let mut session = seven_with_long_round_2("long_three_way_sheets.tourney");
    enter_head_on(&mut session, 2);
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: OddCount::Bye,
        })
        .unwrap();
    let event = session.event().clone();
    let names = long_three_teams(&event.schedule.round(2).unwrap().tables[2])
        .unwrap()
        .map(|t| event.schedule.entrants[t].clone());
    let [a, b, c] = &names;
    let rooms = Default::default();
    for round in [2u32, 3] {
        let sheets = TeamsSheets {
            event: &event,
            results: session.results(),
            round: Some(round),
            rooms: &rooms,
        };
        let (_, SectionBody::Blocks { blocks }) = round_sheet(&sheets) else {
            panic!("the round sheet is blocks");
        };
        let note = blocks[0].note.clone().unwrap();
        let rows = &blocks[0].grid.rows;
        if round == 2 {
            assert!(
                note.contains(&format!(
                    "Round 2: each E-W pair moves up one table and plays a full match's boards: {a}'s E-W to table 6 (boards 9–12), {b}'s E-W to table 7 (boards 29–32), {c}'s E-W to table 5 (boards 5–8)"
                )),
                "{note}"
            );
            let long_rows: Vec<_> = rows.iter().filter(|r| r[0].starts_with("3 (")).collect();
            assert_eq!(long_rows.len(), 3, "{rows:?}");
            assert!(
                long_rows
                    .iter()
                    .all(|r| r[4] == "in progress: scored with round 3"),
                "{rows:?}"
            );
        } else {
            assert!(
                note.contains(&format!(
                    "Round 3: each E-W pair takes its boards to its own team-mates' table and goes on to the third table, playing the boards it finds there: {a}'s E-W to table 7 (boards 5–8), {b}'s E-W to table 5 (boards 9–12), {c}'s E-W to table 6 (boards 29–32)"
                )),
                "{note}"
            );
        }
        let options = SheetOptions::new("Swiss teams");
        let (_, SectionBody::Scorecards { cards, .. }) = match_cards(&sheets, &options) else {
            panic!("the match cards are score cards");
        };
        let long: Vec<_> = cards
            .iter()
            .filter(|c| c.pair.contains("three-way over rounds 2 and 3"))
            .collect();
        assert_eq!(
            long.len(),
            3,
            "round {round}: {:?}",
            cards.iter().map(|c| &c.pair).collect::<Vec<_>>()
        );
        assert!(
            long[0]
                .pair
                .contains("match 1 of 3: table 5 in round 2, table 7 in round 3; scored with round 3"),
            "{}",
            long[0].pair
        );
        assert_eq!(
            long[0].names,
            format!(
                "{a} ({}) v {c} ({})",
                names_index(&event, a),
                names_index(&event, c)
            )
        );
        assert!(long[0].event.contains("boards 5–8"), "{}", long[0].event);
    }
}

/// A team's number (from 1) by its name.
fn names_index(event: &Event, name: &str) -> usize {
    event.schedule.entrants.iter().position(|e| e == name).unwrap() + 1
}

/// A long three-way's tables enter their own contracts from their phones, as a match's do:
/// each set's first table in round 2 and its second in round 3. The first table's result
/// waits a round for the other's; then the match's board is written under round 3's match,
/// from both tables, with its history line. Set 1 (round 2's boards) is A (N-S) v C at A's
/// table in round 2 and C (N-S) v A at C's table in round 3.
#[test]
fn a_long_three_ways_tables_enter_their_own_contracts_from_their_phones() {
    use super::tables::{at_table, contract};
    use scheduler::event::tables::{TableReply, missing_at};
    use scheduler::event::team_rooms::tables_of_round;
    let mut session = seven_with_long_round_2("long_three_way_phones.tourney");
    let event = session.event().clone();
    assert_eq!(
        tables_of_round(&event, event.schedule.round(2).unwrap()),
        [1, 2, 3, 4, 5, 6, 7]
    );
    let long = long_three_ways(&event.schedule)[0];
    assert_eq!(long.first_match, 3);
    let [a, _, c] = long.teams;
    let name = |team: usize| event.schedule.entrants[team].clone();
    let keys = session.table_access().unwrap().keys;
    let key = |table: u32| keys.iter().find(|(t, _)| *t == table).unwrap().1.clone();
    let saved = |reply| match reply {
        Ok(TableReply::Saved { then, .. }) => then.unwrap(),
        other => panic!("not saved: {other:?}"),
    };

    // Tables 5 and 6 played round 1 (entered by the director): their phones move them on.
    let move_on = |session: &mut Session, table: u32| {
        let caller = scheduler::event::tables::Caller::Table {
            table,
            key: key(table),
        };
        let moved = session
            .next_table_round(&caller, &format!("long-t{table}-next"))
            .unwrap();
        assert!(moved.is_ok(), "{moved:?}");
    };
    move_on(&mut session, 5);
    move_on(&mut session, 6);

    // Round 2, table 5 (A's N-S against C's E-W) plays set 1, boards 5–8: 4S by N making on
    // board 5 (N-S vulnerable), +620; the board waits for table 7, which plays it in round 3.
    let view = session.table_view(5, None).unwrap().unwrap();
    assert_eq!(
        (view.north_south.clone(), view.east_west.clone()),
        (name(a), name(c))
    );
    assert_eq!(
        view.boards.iter().map(|b| b.board).collect::<Vec<_>>(),
        [5, 6, 7, 8]
    );
    assert!(
        view.notice
            .as_deref()
            .is_some_and(|n| n.contains("A three-way match over rounds 2 and 3, its first round")),
        "{:?}",
        view.notice
    );
    let then = saved(
        session
            .table_result(&at_table(
                5,
                &key(5),
                "long-t5-b5",
                contract(2, 5, 5, "4S", "N", "10"),
            ))
            .unwrap(),
    );
    assert_eq!(
        then,
        "waiting for table 7's result on this board (it plays it in round 3)"
    );
    let view = session.table_view(5, None).unwrap().unwrap();
    assert_eq!(
        view.boards[0].note.as_deref(),
        Some("Table 7 plays this board in round 3: its result shows here once it is in.")
    );
    // Its other boards, so the table may move on; a board of another set is refused.
    for deal in [6, 7, 8] {
        let id = format!("long-t5-b{deal}");
        saved(
            session
                .table_result(&at_table(5, &key(5), &id, contract(2, 5, deal, "3NT", "S", "9")))
                .unwrap(),
        );
    }
    assert!(missing_at(session.event(), session.results(), session.rooms(), 2, 5).is_empty());
    let refused = session
        .table_result(&at_table(
            5,
            &key(5),
            "long-t5-b9",
            contract(2, 5, 9, "1NT", "N", "7"),
        ))
        .unwrap();
    assert!(refused.is_err(), "{refused:?}");

    // The rest of round 2 from the other two tables' phones, the head-on matches typed, round
    // 3 paired: the three play on at their tables, and table 7's phone moves it on.
    for table in [6, 7] {
        let deals: Vec<u32> = scheduler::event::team_rooms::rooms_at(session.event(), 2, table)
            .iter()
            .flat_map(|r| r.deals.clone())
            .collect();
        for deal in deals {
            let id = format!("long-t{table}-b{deal}");
            saved(
                session
                    .table_result(&at_table(
                        table,
                        &key(table),
                        &id,
                        contract(2, table, deal, "2H", "W", "8"),
                    ))
                    .unwrap(),
            );
        }
    }
    enter_head_on(&mut session, 2);
    session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: OddCount::Bye,
        })
        .unwrap();
    move_on(&mut session, 7);

    // Round 3, table 7 (C's N-S against A's E-W) plays set 1 again: 4S by N one off,
    // vulnerable, -100. The match's board: table 5 N-S +620, table 7 N-S -100: 720 net to A,
    // 12 IMPs (600–740).
    let view = session.table_view(7, None).unwrap().unwrap();
    assert_eq!(
        (view.north_south.clone(), view.east_west.clone()),
        (name(c), name(a))
    );
    assert_eq!(
        view.boards.iter().map(|b| b.board).collect::<Vec<_>>(),
        [5, 6, 7, 8]
    );
    let then = saved(
        session
            .table_result(&at_table(
                7,
                &key(7),
                "long-t7-b5",
                contract(3, 7, 5, "4S", "N", "9"),
            ))
            .unwrap(),
    );
    assert_eq!(
        then,
        format!("both tables are in: {} +12 IMPs (720 net)", name(a))
    );
    let round3 = session.event().schedule.round(3).unwrap().clone();
    let second_match = round3
        .tables
        .iter()
        .find(|t| long_three_teams(t).is_some())
        .unwrap()
        .number;
    assert_eq!(
        session.results().get(&ResultKey {
            round: 3,
            table: second_match,
            deal: 5
        }),
        Some(&ResultValue::Teams {
            board: TeamBoard::Tables {
                table1_ns: 620,
                table2_ns: -100
            }
        })
    );
    let history = session.file().history().unwrap();
    assert_eq!(history.last().unwrap().source.as_deref(), Some("tables 5 and 7"));
    // Table 7's page now shows table 5's line, from round 2.
    let view = session.table_view(7, None).unwrap().unwrap();
    let board5 = &view.boards[0];
    assert_eq!(board5.traveller.len(), 2);
    assert_eq!((board5.traveller[0].table, board5.traveller[0].round), (5, 2));
    assert_eq!(
        board5.note,
        Some(format!("This board: {} +12 IMPs (720 net).", name(a)))
    );

    // Undo takes the board and both tables' own results on it, a round apart.
    session.undo().unwrap().unwrap();
    let rooms = session.rooms();
    assert!(!rooms.contains_key(&ResultKey {
        round: 2,
        table: 5,
        deal: 5
    }));
    assert!(!rooms.contains_key(&ResultKey {
        round: 3,
        table: 7,
        deal: 5
    }));
}

/// In the Swiss's last round on a scale published for whole matches only (ACBL 30), a long
/// three-way asked for cannot fall back to half-matches: the odd team out has the bye, said so.
#[test]
fn the_last_round_on_a_whole_match_scale_gives_the_bye_instead_said_so() {
    use scheduler::event::create::{EventFormat, NewEvent, build_event};
    use scheduler::event::teams::TeamsScoring;
    use scheduler::model::Roster;
    use scheduler::solver::Control;
    let mut spec = NewEvent::new("Swiss teams", EventFormat::Teams, Roster::numbered(5));
    spec.options.swiss = true;
    spec.options.rounds = Some(2);
    spec.options.boards_per_round = 6;
    spec.options.teams_scoring = TeamsScoring::Acbl30;
    let event = build_event(&spec, &Control::unlimited()).unwrap().0;
    let path = scratch("teams", "long_three_way_acbl.tourney");
    let mut session = Session::create(&path, &event).unwrap();
    enter_head_on(&mut session, 1);
    let applied = session
        .apply(Command::PairNextRound {
            leaving: vec![],
            odd: OddCount::LongThreeWay,
        })
        .unwrap();
    assert!(
        applied
            .message
            .contains("published for whole matches only, so the odd team out has the bye instead"),
        "{}",
        applied.message
    );
    let round2 = session.event().schedule.round(2).unwrap();
    assert_eq!(round2.byes().count(), 1);
    assert!(round2.tables.iter().all(|t| match_teams(t).is_some()));
}
